"""Time Storm play rules for the engine (seed 001; GAMES.md's timestorm section), against goldfish.

Zones: one shared deck ("shared.deck", top = end of the list) and the stack ("shared.stack", with
state["stack"] = [{"card", "player"}], newest last); per player a hand, a field (batteries) and a discard
pile (墓地). Player 0 is the human; the others are goldfish: players that bring their share to the shared
deck (a win-condition kind, or 13 cards in the pooling variant: `players`, shares.py, the option
"goldfish_entry"), take their turns, draw in their draw phase (so they deplete the shared deck) and always
pass priority.

Turns: 再充電 (the turn player's batteries become unused; nobody plays) → メイン → ドロー (the turn player
draws 1; nobody plays) → エンド. Priority is given from the turn player at the start of main and end,
after a play, and after a resolution; when every player still in the game has passed in a row, the
newest card on the stack resolves, or with an empty stack the phase ends. A battery: your main phase,
empty stack, once a turn, from hand unused. An action: your main phase, empty stack, pay its cost by
making that many batteries used. A quick action: whenever you hold priority (main and end phases).
A player who must draw from the empty deck has lost and the game goes on; the last player left wins.

What a player sees (`zone_visible`, with core.sees): their own hand; the stack, the fields and the discard
piles, where the rules put cards face up (a card put there face down by hand shows to its holder only);
of the shared deck nothing but where its cards lie, no card and no owner (バリアント: the entries' backs
cannot be told apart).

Readings and conveniences (options, each in the rules ledger): the two starting batteries come from a
supply outside the deck ("supply_batteries"); putting a battery is a play (Tips: プレイ→…バッテリーを置く)
that enters the field at once, or waits on the stack like other played cards ("battery_stack"); "first"
says who starts (the seed: じゃんけん, so by default "random": the game's generator draws one of all the
players after the shuffle, kept as state["first"]); "opponents" how many goldfish; "auto_pass": "smart" passes for the
human when they can play nothing (except in their own main phase with an empty stack, where passing ends
the phase), "never" leaves every pass to them. Each player has a discard pile of their own (the sample
cards' あなたの墓地). Dealing the opening hands is not drawing (Trigger cards do not fire); a Trigger drawn
later fires at once ("このカードを引いたとき"), its steps that would need the human's choice are left to
manual actions.
"""

from __future__ import annotations

from itertools import compress
from operator import is_, itemgetter

from ...engine import effects, rng
from ...engine.cards import CardCache
from ...engine.core import IllegalAction, first_player, move, shuffle_zone, zone
from ...engine.play import FREE, Play
from ...engine.stack import StackPlay
from . import shares

_DEF = itemgetter("def")
_KIND = itemgetter(0)

BATTERY, ACTION, QUICK, TRIGGER = "Battery", "Action", "QuickAction", "Trigger"
DECK, STACK = "shared.deck", "shared.stack"
SUPPLY_BATTERY = {"key": "supply:battery", "name": "バッテリー", "card_type": BATTERY, "fields": {}}
# the players' hand and field zone names by player, the very string objects the state's zone keys are (engine
# core.zone: blank_game names the zones with it): the hot paths look a zone up by identity, without formatting
# and hashing a new name. Long enough for every game of() has seen (it names the seats of a new game's players).
HANDS: list[str] = []
FIELDS: list[str] = []


def _name_seats(n: int) -> None:
    while len(HANDS) < n:
        HANDS.append(zone(len(HANDS), "hand"))
        FIELDS.append(zone(len(FIELDS), "field"))


_name_seats(8)


# as_seat's tables by (seat, number of players): owner -> relabelled owner, zone name -> relabelled name
_SEAT_MAPS: dict[tuple, tuple[dict, dict]] = {}


def _relabelled(cards: dict, owners: dict, names: dict) -> dict:
    """as_seat's cards: each a copy with its owner and zone relabelled (KeyError: one the tables miss)."""
    out = {}
    for iid, card in cards.items():
        c = dict(card)
        c["owner"] = owners[card["owner"]]
        c["zone"] = names[card["zone"]]
        out[iid] = c
    return out


def same_data(defs: dict, other: dict) -> bool:
    """Whether two games hold the very same card-data dicts under the same keys (a simulation's games do:
    simulate.GameFactory), so that what was read of one's cards holds for the other's, without reading each
    card again for every game."""
    return defs.keys() == other.keys() and all(map(is_, map(defs.__getitem__, other), other.values()))


def _facts(d: dict, options: dict) -> tuple[str, int, bool]:
    """(card type, cost, whether its script has steps for when it is drawn) of a card's data: what the rules
    ask of a card over and over (the last at every draw, where most cards have none to run)."""
    script = (d.get("fields") or {}).get("script") or ()
    return d.get("card_type", ""), d.get("cost") or 0, any(s.get("when") == "drawn" for s in script)


class TimestormRules(StackPlay, Play):
    slug = "timestorm"
    zones = ("hand", "field", "discard")
    shared_zones = (DECK, STACK)
    deck_zone = "hand"  # unused: players() puts every card in the shared deck
    discard_zone = "discard"
    ACTIONS = {FREE: ("pass", "battery", "play"), "choose": ("choose",)}
    reads = ()  # the autopilot reads the state itself
    versus = True  # every seat may be a player (new_game's seats): the one holding priority acts
    # The result is checked where it may change, and nowhere else: a draw from the empty deck (draw_cards) and a
    # card's step (effects._continue checks after each); nothing else in these rules changes a player's loss or
    # the result. So the state is checked before every step of the priority loop and after every action
    # already: the stack loop need not check before each step (check_each_step), nor the simulator after each
    # action (result_checked, engine/play.py).
    check_each_step = False
    result_checked = True
    max_steps = 100_000

    def __init__(self):
        super().__init__()
        self.cards = CardCache(_facts)
        # (the cards dict of the game played last, its facts by instance `of`, whether that `of` is shared, the
        # game's defs) and (the defs, the card keys of the instances, the `of` made last, its _tables, its facts by
        # card key)
        self._last: tuple = (None, None, False, None)
        self._made: tuple | None = None
        # (the cards dict, the defs, the number of cards, `of`, its quick actions and its batteries: _tables): as
        # of() left it, checked once by the hot paths: the same cards dict (a game's own, which it keeps with its
        # defs: a copy of a game, a view, a seat's view have their own) and no card added since
        self._t: tuple = (None, None, -1, None, (), frozenset())
        # (id of a cards dict -> (_last, _t) as of() left them for it): the games of() was asked of lately, so that
        # a game asked again after others (a matchup's game after the worlds its AI decided on) finds its tables
        # (the dicts are kept alive here, so an id stands for its dict while it is kept)
        self._kept: dict[int, tuple] = {}

    def of(self, state) -> dict:
        """Instance id -> (card type, cost) for this game (looked up once per call by the hot paths). A plain
        dict (a dict subclass's subscript is a Python-level call, several times slower), of every instance:
        cards are never taken out of a game, so one more card than it holds (a battery or a token made since)
        is a longer cards dict, and those are added.

        The games of a simulation (copied from one template: simulate.GameFactory) have the same instance ids
        holding the same card keys of the very same card data: they share one `of`, made once, which is only
        read; a game that adds a card (a token by hand) adds it to a copy of its own."""
        cards = state["cards"]
        t = self._t
        if t[0] is cards and t[1] is state["defs"] and t[2] == len(cards):
            return t[3]
        last = self._last
        if last[0] is not cards:
            kept = self._kept.get(id(cards))
            if kept is not None and kept[0][0] is cards:
                last = self._last = kept[0]
                t = kept[1]
                if t[1] is state["defs"] and t[2] == len(cards):  # (as it was left: no card added since)
                    self._t = t
                    return t[3]
        if last[0] is cards and last[3] is state["defs"]:
            of = last[1]
            if len(of) != len(cards):
                if last[2]:  # (shared: a copy of this game's own first)
                    of = dict(of)
                    self._last = (cards, of, False, last[3])
                table = self.cards.table(state)
                for iid, card in cards.items():
                    if iid not in of:
                        of[iid] = table[card["def"]]
            self._t = (cards, last[3], len(cards), of, *self._tables(of))
            self._keep(cards)
            return of
        if len(state["players"]) > len(HANDS):  # (a game of more players than any before)
            _name_seats(len(state["players"]))
        defs = state["defs"]
        keys = list(map(_DEF, cards.values()))
        made = self._made
        same = made is not None and (made[0] is defs or same_data(defs, made[0]))
        if same and made[1] == keys and cards.keys() == made[2].keys():
            of = made[2]
            self._last = (cards, of, True, defs)
            self._t = (cards, defs, len(cards), of, *made[3])
            self._keep(cards)
            return of
        # every card at once (one pass in C over a few dozen cards, where a miss per card costs a call each): by
        # the facts by card key of the last `of` made where the card data are the very same (a matchup AI's
        # worlds: the same cards dealt in other places), else by the game's card table
        of = None
        if same:
            by_key = made[4]
            try:
                of = dict(zip(cards, map(by_key.__getitem__, keys), strict=True))
            except KeyError:
                of = None
        if of is None:
            table = self.cards.table(state)
            of = dict(zip(cards, map(table.__getitem__, keys), strict=True))
            by_key = dict(zip(keys, of.values(), strict=True))
        tables = self._tables(of)
        self._made = (defs, keys, of, tables, by_key)
        self._last = (cards, of, True, defs)
        self._t = (cards, defs, len(cards), of, *tables)
        self._keep(cards)
        return of

    def _keep(self, cards: dict) -> None:
        kept = self._kept
        if len(kept) >= 16:
            kept.clear()
        kept[id(cards)] = (self._last, self._t)

    def players(self, decks, options):
        """The player's cards, then each goldfish's: its own list where one is given, else its share as the
        option "goldfish_entry" says (shares.py): the goldfish are players and bring their share too."""
        opponents = options["opponents"]
        count = max(len(decks), 1 + opponents)
        mine = decks[0] if decks else []
        out = []
        for p in range(count):
            cards = decks[p] if p < len(decks) else []
            if p > 0 and cards:  # another player's own deck as the site hands it over brings its entry only
                cards = shares.own_share(cards)
            if p > 0 and not cards:
                cards = shares.share(mine, options["goldfish_entry"], p)
            out.append({"name": "player" if p == 0 else f"goldfish {p}", "goldfish": p > 0, "cards": cards, "zone": DECK})
        return out

    def zone_visible(self, state, name, player):
        """The stack, the fields and the discard piles are open to all (the rules put cards there face up; one
        put there face down by hand shows to its holder only, core.sees); a hand to its player; the shared deck
        to nobody."""
        owner, _, kind = name.partition(".")
        if name == STACK or kind in ("field", "discard"):
            return True
        return kind == "hand" and owner == f"p{player}"

    def draw_source(self, state, player):
        return DECK

    # -- helpers ---------------------------------------------------------------------------------------

    def _type(self, state, iid) -> str:
        return self.of(state)[iid][0]

    def _cost(self, state, iid) -> int:
        return self.of(state)[iid][1]

    def _unused(self, state, player) -> list[str]:
        cards, of = state["cards"], self.of(state)
        return [i for i in state["zones"][f"p{player}.field"] if not cards[i]["tapped"] and of[i][0] == BATTERY]

    @staticmethod
    def _alive(state) -> list[int]:
        return [p["id"] for p in state["players"] if not p["lost"]]

    @staticmethod
    def _alive_count(state) -> int:
        n = 0
        for p in state["players"]:
            if not p["lost"]:
                n += 1
        return n

    def _next_alive(self, state, after: int) -> int | None:
        players = state["players"]
        n = len(players)
        p = (after + 1) % n
        if not players[p]["lost"]:  # (the next player is still in: the usual answer, asked at every pass)
            return p
        for k in range(2, n + 1):
            p = (after + k) % n
            if not players[p]["lost"]:
                return p
        return None

    # -- setup and turns ----------------------------------------------------------------------------------

    def setup(self, state):
        opts = state["options"]
        hand = opts["hand"]  # (the options were checked against options.py before the setup)
        state["passed"] = []
        state["flags"] = {"battery": False}
        supply = opts.get("supply_batteries", True)
        if supply:  # the deck's own battery card, else a plain one
            key = None
            for k, d in state["defs"].items():  # (a plain loop: a generator is a call of its own)
                if d.get("card_type") == BATTERY:
                    key = k
                    break
            if not key:  # (a plain one: its card data filed under its key as state.add_card does)
                key = SUPPLY_BATTERY["key"]
                defs = state["defs"]
                if key not in defs:
                    defs[key] = {k: v for k, v in SUPPLY_BATTERY.items() if k not in ("key", "section")}
            # two add_card(state, that card, p, the field) a player, face up, written out (every game makes them)
            cards, zones = state["cards"], state["zones"]
            _name_seats(len(state["players"]))
            for p in range(len(state["players"])):
                field = FIELDS[p]
                held = zones.setdefault(field, [])
                for _ in range(2):
                    iid = f"c{state['next_id']}"
                    state["next_id"] += 1
                    cards[iid] = {
                        "def": key, "owner": p, "zone": field, "face_up": True, "tapped": False, "counters": {}, "token": False,
                    }
                    held.append(iid)
        else:  # the reading switched off: the two batteries come out of the shared deck
            for p in range(len(state["players"])):
                for iid in [i for i in state["zones"][DECK] if self._type(state, i) == BATTERY][:2]:
                    move(state, iid, zone(p, "field"), face_up=True)
        shuffle_zone(state, DECK)
        # ・じゃんけんで勝ったプレイヤーが先手番となり (seed line 30): "random" draws the winner among all the players
        # from the game's generator, after the shuffle; "player" / "goldfish" (goldfish 1) name them
        first = rng.below(state, len(state["players"])) if opts["first"] == "random" else first_player(opts)
        state["first"] = first  # (public: the board's clock and the autopilot's own turns count from it)
        order = [(first + k) % len(state["players"]) for k in range(len(state["players"]))]
        # dealt one at a time from the first player on; dealing is not drawing (no Trigger, no loss): core.draw
        # of one card unforced, written out here (every game's setup deals a dozen cards or more)
        zones, cards = state["zones"], state["cards"]
        _name_seats(len(state["players"]))
        deck, hands = zones[DECK], [zones[HANDS[p]] for p in order]
        for _ in range(hand):
            for to, held in zip(order, hands, strict=True):
                if not deck:
                    break
                iid = deck.pop()
                held.append(iid)
                dealt = cards[iid]
                dealt["zone"], dealt["face_up"] = HANDS[to], False
        self._start_turn(state, first)
        self._advance(state)

    def _grant(self, state) -> None:
        """Priority to the turn player (or the next player still in), nobody has passed yet."""
        active = state["active"]
        state["priority"] = active if not state["players"][active]["lost"] else self._next_alive(state, active)
        state["passed"] = []

    def _start_turn(self, state, player) -> list[dict]:
        state["turn"] += 1
        state["active"] = player
        state["flags"] = {"battery": False}
        events = [{"type": "turn", "turn": state["turn"], "player": player}]
        state["phase"] = "recharge"  # nobody holds priority: nobody may play
        events.append({"type": "phase", "phase": "recharge"})
        cards = state["cards"]
        t = self._t  # (self.of(state) without the call where it stands as of() left it)
        if t[0] is not cards or t[2] != len(cards):
            self.of(state)
            t = self._t
        bats = t[5]
        for iid in state["zones"][FIELDS[player]]:
            if cards[iid]["tapped"] and iid in bats:
                cards[iid]["tapped"] = False
                events.append({"type": "tap", "card": iid, "tapped": False})
        state["phase"] = "main"
        events.append({"type": "phase", "phase": "main"})
        # self._grant(state), inline (every turn): priority to the turn player (or the next still in)
        state["priority"] = player if not state["players"][player]["lost"] else self._next_alive(state, player)
        state["passed"] = []
        return events

    def draw_cards(self, state, player, n) -> list[dict]:
        """Draws that the rules or a card make: an empty deck loses; a drawn Trigger fires."""
        events = []
        me = state["players"][player]
        for _ in range(n):
            if me["lost"]:
                break
            # core.draw(state, player, 1, forced=True), written out (the rules draw dozens of times a game)
            zones = state["zones"]
            deck = zones[DECK]
            if not deck:
                me["lost"] = True
                events.append({"type": "draw_from_empty", "player": player})
                self.check_result(state)
                break  # (a player who lost draws no more: the loop would stop here anyway)
            cards = state["cards"]
            t = self._t  # (self.of(state) without the call where it stands as of() left it)
            of = t[3] if t[0] is cards and t[2] == len(cards) else self.of(state)
            # move(state, the top card, the hand, face_up=False), written out: the top of the deck is popped
            hand = HANDS[player]
            held = zones.get(hand)
            if held is None:  # (a zone no card was in yet)
                held = zones[hand] = []
            iid = deck.pop()
            held.append(iid)
            card = cards[iid]
            card["zone"] = hand
            card["face_up"] = False
            events.append({"type": "move", "card": iid, "from": DECK, "to": hand})
            if state["result"] is not None:  # (a Trigger drawn before won the game)
                break
            kind, _, drawn = of[iid]
            if drawn or kind == TRIGGER:
                steps = effects.steps_of(state, iid, "drawn")
                if steps or kind == TRIGGER:
                    events.append({"type": "trigger", "card": iid, "player": player})
                    events.append(move(state, iid, zone(player, "discard"), face_up=True))
                    # steps that would wait for the human's choice in the middle of a draw are left to them
                    steps = [s for s in steps if not effects.needs_choice(state, player, s)]
                    events += effects.run(state, iid, player, steps)
        return events

    # -- the hooks of the effect vocabulary ----------------------------------------------------------------

    def add_resource(self, state, player, amount) -> list[dict]:
        """A used battery of the player's becomes unused (一瞬の猶予), `amount` times."""
        events = []
        for iid in state["zones"][zone(player, "field")]:
            if amount <= 0:
                break
            if state["cards"][iid]["tapped"] and self._type(state, iid) == BATTERY:
                state["cards"][iid]["tapped"] = False
                events.append({"type": "tap", "card": iid, "tapped": False})
                amount -= 1
        return events

    def counter_top(self, state) -> list[dict]:
        """The newest card waiting on the stack is cancelled: to its player's discard pile unresolved."""
        if not state["stack"]:
            return [{"type": "step_skipped", "op": "counter"}]
        entry = state["stack"].pop()
        return [{"type": "countered", "card": entry["card"]}, move(state, entry["card"], zone(entry["player"], "discard"), face_up=True)]

    def after_effects(self, state, then, source, player) -> list[dict]:
        events = []
        if state["cards"][source]["zone"] == STACK:
            if self._type(state, source) == BATTERY:  # (battery_stack) a resolved battery enters the field unused
                state["cards"][source]["tapped"] = False
                events.append(move(state, source, zone(player, "field"), face_up=True))
            else:
                events.append(move(state, source, zone(player, "discard"), face_up=True))
        self._grant(state)  # priority again from the turn player after a resolution
        return events

    # -- priority -------------------------------------------------------------------------------------------

    def _plays(self, state, only: str | None = None, first: bool = False) -> list[dict]:
        """The plays of the player holding priority (besides passing; a goldfish has none); `only`: those of
        that card alone (is the action playable?); `first`: the first one found (is there any?). The rules ask
        both after nearly every action, where the whole list is not needed."""
        me = state["priority"]
        if me is None or state["players"][me]["goldfish"] or state["phase"] not in ("main", "end"):
            return []
        cards = state["cards"]
        t = self._t  # (self.of(state) without the call where it stands as of() left it)
        if t[0] is not cards or t[2] != len(cards):
            self.of(state)
            t = self._t
        of = t[3]
        hand = state["zones"][HANDS[me]]
        if only is not None:  # (that card alone: asked of it, not of the whole hand; an instance is in one place)
            if only not in hand:
                return []
            hand = (only,)
        if not hand:
            return []
        mine = state["active"] == me and state["phase"] == "main" and not state["stack"]
        unused = None  # (counted when a card in hand asks for it)
        out = []
        for iid in hand:
            if first and out:
                break
            kind, cost, _ = of[iid]
            if kind == BATTERY:
                if mine and not state["flags"]["battery"]:
                    out.append({"type": "battery", "card": iid})
            elif (kind == ACTION and mine) or kind == QUICK:
                if unused is None:
                    bats = t[5]
                    unused = 0
                    for i in state["zones"][FIELDS[me]]:
                        if not cards[i]["tapped"] and i in bats:
                            unused += 1
                if cost <= unused:
                    out.append({"type": "play", "card": iid})
        return out

    def _pass(self, state, player) -> list[dict]:
        events = [{"type": "pass", "player": player}]
        passed = state["passed"]
        passed.append(player)
        players = state["players"]
        n = len(players)
        k = len(passed)
        # fewer passes in a row than players still in: priority goes on. As many passes as players or more:
        # everyone still in has passed, without counting them (a goldfish passes dozens of times a game);
        # fewer: the players still in counted as far as one more than the passes
        if k < n:
            for p in players:
                if not p["lost"]:
                    if not k:
                        nxt = (player + 1) % n  # (_next_alive's usual answer, inline)
                        state["priority"] = nxt if not players[nxt]["lost"] else self._next_alive(state, player)
                        return events
                    k -= 1
        if state["stack"]:  # everyone passed in a row: the newest card resolves
            entry = state["stack"].pop()
            state["priority"] = None
            events.append({"type": "resolve", "card": entry["card"], "player": entry["player"]})
            events += effects.run(state, entry["card"], entry["player"], effects.steps_of(state, entry["card"], "played"), then="resolved")
            return events
        # everyone passed with an empty stack, the end of the phase: main → draw → end, or end (or a turn player
        # who lost in their draw) → the next turn
        active = state["active"]
        if state["phase"] == "main" and not players[active]["lost"]:
            state["phase"] = "draw"
            events.append({"type": "phase", "phase": "draw"})
            events += self.draw_cards(state, active, 1)
            if not players[active]["lost"] and state["result"] is None:
                state["phase"] = "end"
                # self._grant(state), inline: priority to the turn player, still in
                state["priority"] = active
                state["passed"] = []
                events.append({"type": "phase", "phase": "end"})
                return events
        # the next turn (most turns change nothing until their end; the end changes no player's loss: nothing to check)
        if "eot" in state:
            events += effects.end_of_turn(state)
        nxt = (active + 1) % n  # (_next_alive's usual answer, inline)
        if players[nxt]["lost"]:
            nxt = self._next_alive(state, active)
        if nxt is None or state["result"] is not None:
            return events
        events += self._start_turn(state, nxt)
        return events

    def auto_passes(self, state, player) -> bool:
        """auto_pass "smart": a player (the human, or a seat an AI plays) passes when they can play nothing,
        except in their own main phase with an empty stack (where passing ends the phase)."""
        if state["options"].get("auto_pass") != "smart":
            return False
        if state["active"] == player and state["phase"] == "main" and not state["stack"]:
            return False  # (own main phase, empty stack)
        # not self._plays(state), written for this case (asked after nearly every action): outside their own
        # main phase with an empty stack, the player's only plays are quick actions the unused batteries pay for
        if state["priority"] != player or state["phase"] not in ("main", "end"):
            return True
        cards = state["cards"]
        t = self._t  # (self.of(state) without the call where it stands as of() left it)
        if t[0] is not cards or t[2] != len(cards):
            self.of(state)
            t = self._t
        # The cheapest quick action in the hand: the game's few quick actions by cost, cheapest first, each cost's
        # set of instances asked whether the hand holds one of them (one set operation in C a cost, where the
        # usual answer is the first: a quick action of cost 0 in the hand)
        hand = state["zones"][HANDS[player]]
        for cost, quick in t[4]:
            if not quick.isdisjoint(hand):
                cheapest = cost
                break
        else:
            return True  # (no quick action in the hand)
        if cheapest <= 0:
            return False
        unused = 0  # (counted as far as it pays for the cheapest)
        bats = t[5]
        for i in state["zones"][FIELDS[player]]:
            if not cards[i]["tapped"] and i in bats:
                unused += 1
                if unused >= cheapest:
                    return False
        return True

    @staticmethod
    def _tables(of: dict) -> tuple:
        """(the quick actions of an `of` by cost, cheapest first, as (cost, frozenset of the instances) (auto_passes),
        the frozenset of its batteries): made with `of` (the games of a simulation share theirs) and again when a
        card is added. The kinds in C (one pass each), the few quick actions by cost in Python."""
        kinds = list(map(_KIND, of.values()))
        by_cost: dict[int, set] = {}
        for iid in compress(of, map(QUICK.__eq__, kinds)):
            cost = of[iid][1]
            if cost in by_cost:
                by_cost[cost].add(iid)
            else:
                by_cost[cost] = {iid}
        bats = frozenset(compress(of, map(BATTERY.__eq__, kinds)))
        return tuple((cost, frozenset(by_cost[cost])) for cost in sorted(by_cost)), bats

    # -- actions --------------------------------------------------------------------------------------------

    def _legal_choose(self, state, pending):
        return effects.choose_actions(state)

    def _legal_free(self, state):
        me = state["priority"]
        if me is None or state["players"][me]["goldfish"]:
            return []
        return [{"type": "pass"}, *self._plays(state)]

    def to_act(self, state):
        if state["result"] is not None:
            return None
        if state["pending"]:
            return state["pending"].get("player", 0)
        return state["priority"]

    def as_seat(self, state, seat):
        """The game with `seat` as seat 0 and the others after it in turn order (player p becomes
        (p - seat) mod n): zones, owners, the players, whose turn and priority, who went first, who passed,
        the stack's and the pending decision's players."""
        if seat == 0:
            return state
        n = len(state["players"])

        def to(p):
            return None if p is None else (p - seat) % n

        def zname(name):
            prefix, dot, rest = name.partition(".")
            if dot and prefix[:1] == "p" and prefix[1:].isdigit():
                return f"p{to(int(prefix[1:]))}.{rest}"
            return name

        # (every card's owner and zone relabelled by lookups in the seat's tables of them, in a plain loop; a
        # name or an owner the tables do not hold yet is added from `to` and `zname`, and the loop made again)
        maps = _SEAT_MAPS.get((seat, n))
        if maps is None:
            maps = _SEAT_MAPS[(seat, n)] = ({None: None, **{p: to(p) for p in range(n)}}, {})
        owners, names = maps
        source = state["cards"]
        try:
            cards = _relabelled(source, owners, names)
        except KeyError:
            for c in source.values():
                if c["owner"] not in owners:
                    owners[c["owner"]] = to(c["owner"])
                if c["zone"] not in names:
                    names[c["zone"]] = zname(c["zone"])
            cards = _relabelled(source, owners, names)
        out = dict(state)
        zones = {}
        for k, v in state["zones"].items():
            name = names.get(k)
            if name is None:
                name = names[k] = zname(k)
            zones[name] = list(v)
        out["zones"] = zones
        out["cards"] = cards
        players = [dict(state["players"][(k + seat) % n], id=k) for k in range(n)]
        out["players"] = players
        out["active"], out["priority"], out["first"] = to(state["active"]), to(state["priority"]), to(state.get("first"))
        out["passed"] = [to(p) for p in state.get("passed", [])]
        out["stack"] = [dict(e, player=to(e["player"])) for e in state["stack"]]
        if state["pending"]:
            pending = dict(state["pending"])
            if "player" in pending:
                pending["player"] = to(pending["player"])
            out["pending"] = pending
        if state["result"] is not None and state["result"].get("winner") is not None:
            out["result"] = dict(state["result"], winner=to(state["result"]["winner"]))
        out["log"] = list(state["log"])
        return out

    def _do_choose(self, state, action):
        return effects.choose(state, action) + self._advance(state)

    # The free actions (pass, battery, play: offered only with no decision pending) are refused when nobody or a
    # goldfish holds priority by their handlers, first thing (a guard's refusal, without a call an action).
    NOT_HOLDING = "you do not hold priority"

    def _do_pass(self, state, action):
        me = state["priority"]
        if me is None or state["players"][me]["goldfish"]:
            raise IllegalAction(self.NOT_HOLDING)
        return self._pass(state, me) + self._advance(state)

    def _playable(self, state, action) -> str:
        """The card of a battery or play action (`_do_battery`, `_do_play` ask it first thing), if it may be played now."""
        me = state["priority"]
        if me is None or state["players"][me]["goldfish"]:
            raise IllegalAction(self.NOT_HOLDING)
        iid = action.get("card")
        if iid is None or {"type": action["type"], "card": iid} not in self._plays(state, only=iid):
            raise IllegalAction(f"card: {iid!r} cannot be played now")
        return iid

    def _do_battery(self, state, action):
        """Putting a battery is a play (Tips: プレイ→効果を使う、バッテリーを置く): priority is given again from the
        turn player. It has no effect to wait for, so it enters the field unused at once; with the option
        "battery_stack" it waits on the stack like any played card and enters the field when it resolves."""
        iid = self._playable(state, action)
        me = state["priority"]
        state["flags"]["battery"] = True
        if state["options"].get("battery_stack"):
            events = [{"type": "play", "card": iid, "player": me}, move(state, iid, STACK, face_up=True)]
            state["stack"].append({"card": iid, "player": me})
            self._grant(state)
            return events + self._advance(state)
        state["cards"][iid]["tapped"] = False
        events = [move(state, iid, FIELDS[me], face_up=True)]
        # self._grant(state), inline: priority to the turn player (or the next still in)
        active = state["active"]
        state["priority"] = active if not state["players"][active]["lost"] else self._next_alive(state, active)
        state["passed"] = []
        return events

    def _do_play(self, state, action):
        iid = self._playable(state, action)
        me = state["priority"]
        events = [{"type": "play", "card": iid, "player": me}]
        cards, of = state["cards"], self.of(state)
        cost = of[iid][1]
        for battery in state["zones"][FIELDS[me]]:  # (the first `cost` unused batteries: _unused, inline)
            if cost <= 0:
                break
            card = cards[battery]
            if not card["tapped"] and of[battery][0] == BATTERY:
                card["tapped"] = True
                events.append({"type": "tap", "card": battery, "tapped": True})
                cost -= 1
        events.append(move(state, iid, STACK, face_up=True))
        state["stack"].append({"card": iid, "player": me})
        # self._grant(state), inline: priority from the turn player (or the next still in) after a play
        active = state["active"]
        state["priority"] = active if not state["players"][active]["lost"] else self._next_alive(state, active)
        state["passed"] = []
        return events + self._advance(state)

    def check_result(self, state):
        if state["result"] is not None:
            winner = state["result"]["winner"]
            for p in state["players"]:  # if anyone wins, every other player loses
                p["lost"] = p["id"] != winner
            return
        # checked after every step: two players still in is the usual answer (a game has two players or more,
        # the goldfish included), so the first two are asked before counting
        players = state["players"]
        if not players[0]["lost"] and not players[1]["lost"]:
            return
        alive = 0
        for p in players:
            if not p["lost"]:
                alive += 1
                if alive > 1:
                    return
        alive = self._alive(state)
        if len(alive) <= 1:  # (nobody left can only come from manual actions: then nobody wins)
            state["result"] = {"winner": alive[0] if alive else None, "turn": state["turn"], "reason": "deck"}
