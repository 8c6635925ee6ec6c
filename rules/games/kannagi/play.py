"""巫KANNAGI play rules for the engine (seed 002; GAMES.md's kannagi section), against a goldfish.

Zones per player: deck (top = end of the list), hand, field (places, seasons, possessed apparitions),
soul (魂), exile (除外), reveal (手札公開場). A card on the field may sit on another: a place on its
player's season card, an apparition on a place (`on`, with `order` = possession order). 伏せ is
`tapped`. The sub-phases of the main phase are in state["flags"], consumed when an action COMPLETES.

Readings (GAMES.md, as options): the goldfish has no deck and never defends or uses tools; a mixed
(混化) card needs a 魂 card of any one of its seasons ("mixed_season": "any"; "all" needs each).
Card text beyond these rules is applied with manual actions.
"""

from __future__ import annotations

from ...engine import effects
from ...engine.cards import CardCache
from ...engine.core import IllegalAction, draw, move, shuffle_zone, zone
from ...engine.play import FREE, Play

PLACE, APPARITION, TOOL, SEASON = "場所札", "怪異札", "道具札", "季節札"
SUB_PHASES = ("summon", "attack", "possess", "deploy")
TURN_FLAGS = (*SUB_PHASES, "tool")
HAND_LIMIT = 8


class Facts:
    """What the rules read of one card's data (its state["defs"] entry), worked out once: the type, cost,
    power, keywords, seasons, whether 魂 needs a card of its season to pay for it, 神, its script."""

    __slots__ = ("type", "cost", "power", "keywords", "seasons", "soul", "free", "god", "name", "script")

    def __init__(self, d: dict):
        fields = d.get("fields") or {}
        self.type = d.get("card_type", "")
        self.cost = d.get("cost") or 0
        self.power = fields.get("power") or 0
        self.keywords = tuple(d.get("keywords") or ())
        self.seasons = fields.get("season") or ()
        self.soul = frozenset(self.seasons) - {"無"}  # the seasons it brings to 魂
        self.free = not self.seasons or "無" in self.seasons or (self.cost == 0 and self.type == PLACE)
        self.god = "神" in (fields.get("attributes") or [])
        self.name = d.get("name")
        self.script = bool(fields.get("script"))


class KannagiRules(Play):
    slug = "kannagi"
    zones = ("deck", "hand", "field", "soul", "exile", "reveal")
    deck_zone = "deck"
    discard_zone = "soul"  # a milled card goes to 魂 (kannagi has no discard pile)
    empty_deck_move_loses = True  # 効果によって山札から札を移動する際に山札がない: a loss, like drawing
    ACTIONS = {
        FREE: ("summon", "attack", "possess", "deploy", "tool", "end_turn"),  # one of each a turn (state["flags"])
        "zero_search": ("zero_search",),  # 零探し, once before the first turn
        "potential": ("potential", "potential_done"),  # ◼︎潜在能力 places, right after 零探し
        "choose": ("choose",),  # a card an effect asks for
        "hand_limit": ("hand_limit",),  # more than 8 at the end of the turn
    }
    reads = ("facts", "hand_cards", "season_met", "power", "affordable")

    def players(self, decks, options):
        return [{"name": "player", "cards": decks[0] if decks else []}, {"name": "goldfish", "goldfish": True, "cards": []}]

    def zone_visible(self, state, name, player):
        owner, _, kind = name.partition(".")
        if kind in ("field", "reveal", "exile"):
            return True
        return kind in ("hand", "soul") and owner == f"p{player}"

    def __init__(self):
        super().__init__()
        self.cards = CardCache(lambda data, options: Facts(data))

    # -- helpers ---------------------------------------------------------------------------------------

    def facts(self, state):
        """The Facts of the game's cards by key (engine/cards.py: made once per card and game)."""
        return self.cards.table(state)

    def fact(self, state, iid) -> Facts:
        return self.cards.table(state)[state["cards"][iid]["def"]]

    @staticmethod
    def _def(state, iid):
        return state["defs"][state["cards"][iid]["def"]]

    def _seasons(self, state, iid) -> list[str]:
        return list(self.fact(state, iid).seasons)

    def _type(self, state, iid) -> str:
        return self.fact(state, iid).type

    def _cost(self, state, iid) -> int:
        return self.fact(state, iid).cost

    def _keywords(self, state, iid) -> list[str]:
        return list(self.fact(state, iid).keywords)

    def soul_seasons(self, state, player: int) -> tuple[int, set]:
        """How many cards 魂 holds, and the seasons among them (無 is no season)."""
        soul = state["zones"][zone(player, "soul")]
        facts, cards = self.facts(state), state["cards"]
        present: set = set()
        for key in {cards[s]["def"] for s in soul}:  # each card once: 魂 grows to dozens of copies
            present |= facts[key].soul
        return len(soul), present

    def affordable(self, state, player: int, iid: str, soul: tuple[int, set] | None = None) -> bool:
        """魂 holds at least the cost, and (except 無 cards and 0-cost places) a card of the card's season."""
        f = self.fact(state, iid)
        if soul is None:
            if f.cost > len(state["zones"][f"p{player}.soul"]):
                return False
            return f.free or self.season_met(state, player, f)
        count, present = soul
        if f.cost > count:
            return False
        if f.free:
            return True
        if state["options"].get("mixed_season") == "all":
            return all(s in present for s in f.seasons)
        return any(s in present for s in f.seasons)

    def season_met(self, state, player: int, f: Facts) -> bool:
        """魂 holds a card of the card's season ("any" reading: the first one found will do, so 魂 is read
        only as far as needed). Asked only for a card that needs one (not `free`)."""
        if state["options"].get("mixed_season") == "all":
            present = self.soul_seasons(state, player)[1]
            return all(s in present for s in f.seasons)
        facts, cards, wanted = self.facts(state), state["cards"], f.soul
        for s in state["zones"][f"p{player}.soul"]:
            if not wanted.isdisjoint(facts[cards[s]["def"]].soul):
                return True
        return False

    def _on_field(self, state, player, card_type=None) -> list[str]:
        ids = state["zones"][f"p{player}.field"]
        if card_type is None:
            return list(ids)
        facts, cards = self.facts(state), state["cards"]
        return [i for i in ids if facts[cards[i]["def"]].type == card_type]

    def _riders(self, state, host: str) -> list[str]:
        """Cards sitting on `host` (a place on a season; apparitions on a place), oldest first."""
        cards = state["cards"]
        riders = [i for i in state["zones"][cards[host]["zone"]] if cards[i].get("on") == host]
        if len(riders) > 1:
            riders.sort(key=lambda i: cards[i].get("order", 0))
        return riders

    def _to_soul(self, state, iid) -> list[dict]:
        """A card and everything on it (recursively) to its owner's 魂."""
        events = []
        for rider in self._riders(state, iid):
            events += self._to_soul(state, rider)
        card = state["cards"][iid]
        card.pop("on", None)
        card.pop("order", None)
        card["tapped"] = False
        card["counters"] = {}
        events.append(move(state, iid, f"p{card['owner']}.soul", face_up=False))
        return events

    def _god_rule(self, state, newest: str) -> list[dict]:
        """Two cards of one name with the attribute 神 cannot both be on the field: the newer goes to 魂."""
        d = self.fact(state, newest)
        if not d.god:
            return []
        for player in range(len(state["players"])):
            for other in self._on_field(state, player):
                if other != newest and self.fact(state, other).name == d.name:
                    return [{"type": "god_rule", "card": newest}] + self._to_soul(state, newest)
        return []

    # -- setup and turns ----------------------------------------------------------------------------------

    def setup(self, state):
        opts = state["options"]
        # (the options were checked against their declarations, options.py, before the setup)
        state["players"][0]["life"] = opts["life"]
        state["players"][1]["life"] = opts["goldfish_life"]
        shuffle_zone(state, "p0.deck")
        draw(state, 0, opts["opening"], forced=True)
        state["turn"], state["active"], state["phase"] = 0, 0, "zero_search"
        state["flags"] = {}
        hand = len(state["zones"]["p0.hand"])
        state["pending"] = {"type": "zero_search", "player": 0, "choose": {"zone": "p0.hand", "min": 0, "max": hand}}

    def _start_turn(self, state) -> list[dict]:
        """The player's turn: ⓪ start, ① recovery (伏せ → 起き, damage restored), ② draw, ③ main."""
        state["turn"] += 1
        state["active"] = 0
        state["flags"] = dict.fromkeys(TURN_FLAGS, False)
        events = [{"type": "turn", "turn": state["turn"]}]
        cards = state["cards"]
        for iid in state["zones"]["p0.field"]:
            card = cards[iid]
            card["tapped"] = False
            card["counters"].pop("damage", None)
        if state["turn"] > 1 or state["options"].get("first_player_draws"):
            events += draw(state, 0, 1, forced=True)
        state["phase"] = "main"
        return events

    # -- actions --------------------------------------------------------------------------------------------

    def _legal_zero_search(self, state, pending):
        hand = state["zones"]["p0.hand"]
        return [{"type": "zero_search", "cards": []}] + [{"type": "zero_search", "cards": [i]} for i in hand]

    def _legal_potential(self, state, pending):
        hand = state["zones"]["p0.hand"]
        out = [{"type": "potential_done"}]
        # any number of them, with no cost named (seed: 「◼︎潜在能力」を持つ【場所札】があれば召喚できます)
        out += [{"type": "potential", "card": i} for i in hand if self._type(state, i) == PLACE and "潜在能力" in self._keywords(state, i)]
        return out

    def _legal_choose(self, state, pending):
        return effects.choose_actions(state)

    def _legal_hand_limit(self, state, pending):
        return [{"type": "hand_limit", "cards": self.hand_cards(state)[: pending["n"]]}]

    def decision(self, state):
        out = super().decision(state)
        if out and out["type"] == "hand_limit":  # 手札公開場 cards count as hand (seed): they may go too
            out["candidates"] = self.hand_cards(state)
        return out

    def _legal_free(self, state):
        hand = state["zones"]["p0.hand"]
        flags = state["flags"]
        out = []
        soul = self.soul_seasons(state, 0)
        types = {i: self._type(state, i) for i in hand}
        if not flags["summon"]:
            seasons_free = [s for s in self._on_field(state, 0, SEASON) if not any(self._type(state, r) == PLACE for r in self._riders(state, s))]
            for i in hand:
                if types[i] == PLACE and self.affordable(state, 0, i, soul):
                    out.append({"type": "summon", "card": i})
                    out += [{"type": "summon", "card": i, "onto": s} for s in seasons_free]
        if not flags["attack"]:
            out += [{"type": "attack", "card": p} for p in self._on_field(state, 0, PLACE) if not state["cards"][p]["tapped"]]
        if not flags["possess"]:
            places = self._on_field(state, 0, PLACE)
            out += [{"type": "possess", "card": i, "target": p} for i in hand if types[i] == APPARITION for p in places]
        if not flags["deploy"]:
            out += [{"type": "deploy", "card": i} for i in hand if types[i] == SEASON and self.affordable(state, 0, i, soul)]
        if not flags["tool"]:
            out += [{"type": "tool", "card": i} for i in hand if types[i] == TOOL and self.affordable(state, 0, i, soul)]
        out.append({"type": "end_turn"})
        return out

    def _hand_card(self, state, action, card_type) -> str:
        iid = action.get("card")
        if iid not in state["zones"]["p0.hand"]:
            raise IllegalAction(f"card: {iid!r} is not in your hand")
        if self._type(state, iid) != card_type:
            raise IllegalAction(f"card: {iid!r} is not a {card_type}")
        return iid

    def _need(self, state, flag):
        if state["flags"].get(flag):
            raise IllegalAction(f"{flag}: already done this turn")

    def _pay(self, state, iid):
        if not self.affordable(state, 0, iid):  # 魂 read as far as needed
            raise IllegalAction(f"card: {iid!r} costs {self._cost(state, iid)} with its season in 魂")

    def _do_zero_search(self, state, action):
        cards = action["cards"]  # (a list of different cards from the hand: the core checked the decision)
        events = []
        for iid in cards:  # to the bottom, in the order given (the last given is the lowest)
            events.append(move(state, iid, "p0.deck", index=0))
        events += draw(state, 0, len(cards), forced=True)
        state["pending"] = {"type": "potential", "player": 0}
        return [{"type": "zero_search", "count": len(cards)}] + events

    def _do_potential(self, state, action):
        iid = self._hand_card(state, action, PLACE)
        if "潜在能力" not in self._keywords(state, iid):
            raise IllegalAction("card: has no ■潜在能力")
        events = [move(state, iid, "p0.field", face_up=True)]
        state["cards"][iid]["tapped"] = True  # 伏せ; it rises in the first recovery phase
        return events + self._god_rule(state, iid)

    def _do_potential_done(self, state, action):
        state["pending"] = None
        return self._start_turn(state)

    def _do_summon(self, state, action):
        self._need(state, "summon")
        iid = self._hand_card(state, action, PLACE)
        self._pay(state, iid)
        onto = action.get("onto")
        if onto is not None:
            if onto not in self._on_field(state, 0, SEASON) or any(self._type(state, r) == PLACE for r in self._riders(state, onto)):
                raise IllegalAction("onto: your season card with no place on it")
        events = [move(state, iid, "p0.field", face_up=True)]
        card = state["cards"][iid]
        card.pop("on", None)
        if onto is not None:
            card["on"] = onto
        card["tapped"] = "速攻" not in self._keywords(state, iid)
        state["flags"]["summon"] = True
        return events + self._god_rule(state, iid)

    def _do_possess(self, state, action):
        self._need(state, "possess")
        iid = self._hand_card(state, action, APPARITION)
        target = action.get("target")
        if target not in self._on_field(state, 0, PLACE):
            raise IllegalAction("target: one of your places on the field")
        order = state.get("next_order", 1)
        state["next_order"] = order + 1
        events = [move(state, iid, "p0.field", face_up=False)]
        state["cards"][iid].update(on=target, order=order)
        state["flags"]["possess"] = True
        return events

    def _do_deploy(self, state, action):
        self._need(state, "deploy")
        iid = self._hand_card(state, action, SEASON)
        self._pay(state, iid)
        events = []
        for old in self._on_field(state, 0, SEASON):  # one season a player: the old one and what is on it to 魂
            events += self._to_soul(state, old)
        events.append(move(state, iid, "p0.field", face_up=True))
        state["flags"]["deploy"] = True
        return events + self._god_rule(state, iid)

    def _do_tool(self, state, action):
        self._need(state, "tool")
        iid = self._hand_card(state, action, TOOL)
        self._pay(state, iid)
        state["flags"]["tool"] = True
        events = [{"type": "tool", "card": iid, "text": self._def(state, iid).get("rules_text", "")}]
        return events + effects.run(state, iid, 0, effects.steps_of(state, iid, "played"), then="tool")

    def _do_attack(self, state, action):
        self._need(state, "attack")
        place = action.get("card")
        if place not in state["zones"]["p0.field"] or self._type(state, place) != PLACE or state["cards"][place]["tapped"]:
            raise IllegalAction("card: one of your places that is 起き (not 伏せ)")
        state["flags"]["attack"] = True
        events = [{"type": "attack", "card": place}]
        # The possessed apparitions turn face up in possession order and resolve (an unmet cost: no
        # effect), then the place's own 攻撃時 (with its season's "when the place on it attacks"); then the
        # damage from power. A place's or apparition's steps without a timing happen on attack (seed).
        steps = []
        for rider in self._riders(state, place):
            if self._type(state, rider) != APPARITION:
                continue
            state["cards"][rider]["face_up"] = True
            met = self.affordable(state, 0, rider)
            events.append({"type": "apparition", "card": rider, "effect": met})
            if met:
                steps += self._on_attack(state, rider)
        host = state["cards"][place].get("on")
        on_field = host is not None and state["cards"][host]["zone"] == "p0.field"
        steps += self._on_attack(state, place) + (effects.steps_of(state, host, "attack") if on_field and self.fact(state, host).script else [])
        return events + effects.run(state, place, 0, steps, then="attack")

    def power(self, state, iid) -> int:
        """A place's power now: printed, changed by effects ("power" counters), lowered by damage."""
        counters = state["cards"][iid]["counters"]
        printed = self.fact(state, iid).power
        if not counters:
            return printed
        return printed + counters.get("power", 0) - counters.get("damage", 0)

    def _on_attack(self, state, iid) -> list[dict]:
        if not self.fact(state, iid).script:  # most cards have no steps
            return []
        return effects.steps_of(state, iid, "attack") + effects.steps_of(state, iid, "played")

    def after_effects(self, state, then, source, player) -> list[dict]:
        if then == "attack":  # the damage from power, then the place and its apparitions to 魂
            power = max(0, self.power(state, source))
            target = state["players"][1]
            target["life"] -= power
            events = [{"type": "damage", "player": 1, "amount": power, "life": target["life"]}]
            return events + self._to_soul(state, source)
        if then == "tool":
            return self._to_soul(state, source)
        return []

    @staticmethod
    def hand_cards(state) -> list[str]:
        """The hand as the hand limit counts it: 手札公開場 cards count as hand (seed)."""
        return state["zones"]["p0.hand"] + state["zones"]["p0.reveal"]

    def _do_end_turn(self, state, action):
        hand = self.hand_cards(state)
        if len(hand) > HAND_LIMIT:
            state["phase"] = "end"
            n = len(hand) - HAND_LIMIT
            state["pending"] = {"type": "hand_limit", "player": 0, "n": n, "choose": {"zone": "p0.hand", "min": n, "max": n}}
            return [{"type": "hand_limit", "n": len(hand) - HAND_LIMIT}]
        return self._next_turn(state)

    def _do_hand_limit(self, state, action):
        cards = action["cards"]  # (exactly n different cards of the hand: the core checked the decision)
        events = []
        for iid in cards:
            events.append(move(state, iid, "p0.soul", face_up=False))
        state["pending"] = None
        return events + self._next_turn(state)

    def after_manual(self, state) -> None:
        """After a manual action: a card off the field sits on nothing; cards on a host that left the field
        go to 魂 (季節札が場を離れた場合…上にある全ての札は魂; 憑依している場所札が場を離れた時、魂); a pending
        decision about the hand follows the hand."""
        cards = state["cards"]
        for player in range(len(state["players"])):
            field = zone(player, "field")
            for iid in list(state["zones"][field]):
                host = cards[iid].get("on")
                if host is not None and cards[host]["zone"] != field and cards[iid]["zone"] == field:
                    self._to_soul(state, iid)
        for card in cards.values():
            if "on" in card and not card["zone"].endswith(".field"):
                card.pop("on", None)
                card.pop("order", None)
        pending = state.get("pending")
        if not pending:
            return
        if pending["type"] == "zero_search":
            pending["choose"]["max"] = len(state["zones"]["p0.hand"])
        elif pending["type"] == "hand_limit":
            n = max(0, len(self.hand_cards(state)) - HAND_LIMIT)
            pending["n"] = n
            pending["choose"].update(min=n, max=n)

    def _do_choose(self, state, action):
        return effects.choose(state, action)

    def add_resource(self, state, player, amount) -> list[dict]:
        """Kannagi's resource is 魂: the top cards of the deck go to it."""
        deck = state["zones"][zone(player, "deck")]
        events = [move(state, deck[-1], zone(player, "soul"), face_up=False) for _ in range(min(amount, len(deck)))]
        if len(events) < amount:
            state["players"][player]["lost"] = True
            events.append({"type": "draw_from_empty", "player": player})
        return events

    def draw_cards(self, state, player, n) -> list[dict]:
        """A draw an effect makes; the goldfish has no deck, so it draws nothing (and does not lose)."""
        if state["players"][player]["goldfish"]:
            return [{"type": "step_skipped", "op": "draw", "player": player}]
        return draw(state, player, n, forced=True)

    def _next_turn(self, state):
        # the goldfish's turn: it has no deck and does nothing
        return effects.end_of_turn(state) + [{"type": "goldfish_turn"}] + self._start_turn(state)

    def check_result(self, state):
        # damage rule ②: a place whose power falls to 0 or below goes to 魂 at once (only a card with
        # counters can have been lowered: the others are not looked at)
        cards = state["cards"]
        for iid in [i for i in state["zones"]["p0.field"] if cards[i]["counters"]]:
            if self._type(state, iid) != PLACE:
                continue
            counters = cards[iid]["counters"]
            lowered = counters.get("damage", 0) > 0 or counters.get("power", 0) < 0
            if lowered and state["cards"][iid]["zone"] == "p0.field" and self.power(state, iid) <= 0:
                self._to_soul(state, iid)
        if state["players"][1]["life"] <= 0:
            state["result"] = {"winner": 0, "turn": state["turn"], "reason": "life"}
        elif state["players"][0]["life"] <= 0:
            state["result"] = {"winner": 1, "turn": state["turn"], "reason": "life"}
        elif state["players"][0]["lost"]:
            state["result"] = {"winner": 1, "turn": state["turn"], "reason": "deck"}

