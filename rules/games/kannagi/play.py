"""巫KANNAGI play rules for the engine (seed 002; GAMES.md's kannagi section), against a goldfish.

Zones per player: deck (top = end of the list), hand, field (places, seasons, possessed apparitions),
soul (魂), exile (除外, face up), reveal (手札公開場: face up, counted and played as hand). A card on the
field may sit on another: a place on its player's season card, an apparition on a place (`on`, with
`order` = possession order). 伏せ is `tapped`.

The game runs as a queue of jobs in state["flags"]["jobs"] (the turn's phases, a declared sub-phase, the
steps of an attack, the effects waiting their turn), carried out in order until one waits for a decision
(a job that would be next in line is run at once instead of queued and taken back, and only what is left when
one waits is queued: the same order, events and state at every decision, with less work per action):
- the turn: ⓪ turn start → ① recovery → ② draw → ③ main (free actions) → ④ end (hand limit), then the
  goldfish's turn (it has no cards and does nothing) and the player's next turn; who starts is the option
  "first" (じゃんけん: the game's random generator, after the shuffle);
- each declaration (turn start, recovery, draw, each sub-phase of the main phase, the end phase before its
  hand limit, the goldfish's turn) is a moment to use a 道具札: when one is usable the player is asked ("timing"); in the main phase a tool is
  also a free action (nothing happens between it and the next declaration). A tool goes to 魂 and then its
  effect runs; one a cycle (from your turn's start to your next turn's start); one that chooses needs
  something to choose;
- a sub-phase is consumed when it COMPLETES: a declaration an effect stopped is void and leaves it open
  (an apparition whose place was lost goes to the 手札公開場; a place whose season left is summoned onto
  the field);
- an attack: the apparitions turn face up and resolve oldest first, then the place's 攻撃時 and its
  season's (at the same time: the player orders them), then the damage, then the place and its apparitions
  go to 魂 together;
- effects that trigger while another resolves wait until it is done (保留), then resolve in the order the
  player chooses; damage to the player may be taken by exiling 魂 cards (防御), which triggers their
  "exiled" steps (■不屈);
- the 神 rule: two cards of one name with 神 cannot both be on the field: the player chooses which goes to
  魂 (a chosen card's 召喚時 effect does not happen);
- 魂 cards lie face up and upside down (表逆向き), open to both players (the layout's "upside_down");
- a draw, or an effect moving cards from the deck, with the deck empty loses the game for that player, the
  goldfish included (it has no deck).

Readings (GAMES.md, as options): the goldfish has no deck and never defends or uses tools; a mixed (混化)
card needs a 魂 card of any one of its seasons ("mixed_season": "any"; "all" needs each). Card text beyond
these rules is applied with manual actions.

Versus (new_game's seats ["player", "player"], issue 34): the second seat plays its own deck. Each seat shuffles
its deck (a player seat given no deck plays a copy of the first: a mirror), draws 8 and has 30 life ("life"); "first" (じゃんけん by default) picks who starts, kept as
state["first"]; 零探し and then ■潜在能力 go first player, then second. The turns alternate (_turn_of): each
player's turn runs the same jobs for that player (state["active"]), each player's turns counted in
flags["turns"], state["turn"] being seat 0's (vocabulary turn_count "own"); only the first player's first
turn has no draw. The listers, guards and handlers act for `_me` (the pending decision's player, else the turn
player; always 0 against the goldfish). At each declaration the turn player is asked for a tool first, then
the opponent (①…相手に【道具札】の使用がないか確認します), each with a tool of their own cycle (flags["tools"]); a
tool whose target is the opponent's card (清めの塩: 相手の場所札) finds one. Damage to a player with 魂, from an
effect or an attack's power, is that player's 防御 decision. `as_seat` relabels the two seats for the
autopilot (the cards relabelled as they are read: Mirrored).
"""

from __future__ import annotations

import math
import sys
from itertools import compress, repeat
from operator import itemgetter

from ...engine import effects, rng
from ...engine.core import IllegalAction, add_card, draw, move, shuffle_zone, zone
from ...engine.play import FREE, Play, mirrored

# (interned, as Facts.type is: a type compares by identity first, on every look at a card)
PLACE, APPARITION, TOOL, SEASON = (sys.intern(t) for t in ("場所札", "怪異札", "道具札", "季節札"))
SUB_PHASES = ("summon", "attack", "possess", "deploy")
TURN_FLAGS = (*SUB_PHASES, "tool")
TURN_OPEN = dict.fromkeys(TURN_FLAGS, False)  # (the flags at a turn's start; read, never changed)
HAND_LIMIT = 8
# The jobs of a turn from its recovery phase to its main phase (read, never changed: the queue holds copies)
RECOVERY_PHASE, RECOVER, DRAW_PHASE, DRAW, MAIN_PHASE = (
    {"do": "phase", "phase": "recovery"}, {"do": "recover"}, {"do": "phase", "phase": "draw"}, {"do": "draw"}, {"do": "phase", "phase": "main"})
# The "target" field: whose field, and which card type.
TARGET_KINDS = {
    "相手の場所札": ("opponent", PLACE),
    "自分の場所札": ("you", PLACE),
    "場所札": ("any", PLACE),
    "相手の季節札": ("opponent", SEASON),
    "自分の季節札": ("you", SEASON),
    "季節札": ("any", SEASON),
}
# The steps a card's effect runs at each moment (a place's or apparition's steps without a timing happen on
# attack; a season's "attack" steps when the place on it attacks).
ON_ATTACK = ("attack", "played")
_DEF = itemgetter("def")  # (a card instance's card key)
_COUNTERS = itemgetter("counters")
# The zone names as the engine makes them (zone(): the state's zone keys are these very strings, so a look-up with
# them finds its key by identity, without comparing the text).
FIELDS = (zone(0, "field"), zone(1, "field"))
SOULS = (zone(0, "soul"), zone(1, "soul"))  # (a kannagi game has two players: the player and the goldfish or opponent, `players`)
HANDS = (zone(0, "hand"), zone(1, "hand"))
REVEALS = (zone(0, "reveal"), zone(1, "reveal"))
DECKS = (zone(0, "deck"), zone(1, "deck"))
P0_FIELD, P0_SOUL, P0_HAND, P0_REVEAL, P0_DECK = FIELDS[0], SOULS[0], HANDS[0], REVEALS[0], DECKS[0]


class Facts:
    """What the rules read of one card's data (its state["defs"] entry), worked out once: the type, cost,
    power, keywords, seasons, whether 魂 needs a card of its season to pay for it, 神, its target, the
    timings of its script, and the steps it runs when played that may need a card to choose."""

    __slots__ = ("type", "cost", "power", "keywords", "seasons", "soul", "free", "god", "name", "target", "whens", "steps", "choosers", "plain", "attacks", "season_attacks", "stirs")

    def __init__(self, d: dict):
        fields = d.get("fields") or {}
        # (interned: the type is compared on every look at a card, and an interned string compares by identity)
        self.type = sys.intern(d.get("card_type", "") or "")
        self.cost = d.get("cost") or 0
        self.power = fields.get("power") or 0
        self.keywords = tuple(dict.fromkeys(d.get("keywords") or ()))
        self.seasons = fields.get("season") or ()
        self.soul = frozenset(self.seasons) - {"無"}  # the seasons it brings to 魂
        self.free = not self.seasons or "無" in self.seasons or (self.cost == 0 and self.type == PLACE)
        self.god = "神" in (fields.get("attributes") or [])
        self.name = d.get("name")
        self.target = fields.get("target") or ""
        script = fields.get("script") or ()
        self.whens = frozenset((s.get("when") or "played") for s in script)
        # the steps of each timing, as effects.steps_of reads them from the card's data (copied when run)
        self.steps = {when: tuple(s for s in script if (s.get("when") or "played") == when) for when in self.whens}
        self.attacks = not self.whens.isdisjoint(ON_ATTACK)  # steps when it attacks (a place) or is revealed (an apparition)
        self.season_attacks = "attack" in self.whens  # steps when the place on it (a season) attacks
        # the "played" steps that ask the player to choose a card (KannagiRules._step_can_choose): a tool with
        # none is usable whenever 魂 pays for it and its target is there
        self.choosers = tuple(
            dict(s)
            for s in script
            if (s.get("when") or "played") == "played"
            and (
                (s["op"] == "stat" and (s.get("who") or "chosen") == "chosen")
                or (s["op"] == "move" and (s.get("from") or "hand") != "deck" and (s.get("who") or "you") == "you")
            )
        )
        self.plain = not self.target and not self.choosers  # used whenever 魂 pays for it (a tool)
        # a step that may leave a card's power lowered (damage rule ②, check_result) or move a card (off a field, or
        # back to where a change "until end of turn" was made after its counters were cleared): any but a draw,
        # damage or life to a player, or a stat step raising power by a whole number (see Instances.inert)
        self.stirs = False
        for s in script:
            op = s.get("op")
            if op == "stat":
                amount = s.get("amount")
                if (s.get("stat") or "power") != "power" or amount.__class__ is not int or amount <= 0:
                    self.stirs = True
            elif op not in ("draw", "damage", "life"):
                self.stirs = True


class Instances:
    """One game's instance id -> Facts (`of`, an instance's card never changes), with the cards that sit on
    another ("on"). Kept by the rules outside the state (the state stays JSON-able data), for the game whose
    `cards` dict it holds: a simulation plays thousands of games, each asks thousands of times. `of` is a
    plain dict (a dict subclass's subscript is a Python-level call, several times slower), made whole when
    the game is first seen; a card made later (a token, by a manual action) is added by `fill`
    (after_manual)."""

    __slots__ = ("of", "cards", "defs", "table", "riding", "soul", "seen", "present", "usable", "tools", "kinds", "counted", "versus", "inert", "asked", "answered")

    def fill(self) -> None:
        """Facts for the instances made since (a token): its card's, from the table or read on its own."""
        of = self.of
        for iid, card in self.cards.items():
            if iid not in of:
                key = card["def"]
                found = self.table.get(key)
                f = of[iid] = found if found is not None else Facts(self.defs[key])  # (not shared with other games)
                if f.stirs:
                    self.inert = False
                self.sort(iid, f)

    def sort(self, iid: str, f: Facts) -> None:
        """The instance among those of its type (`kinds`; `tools` is its 道具札 set)."""
        kind = f.type
        if kind is PLACE:
            self.kinds[1].add(iid)
        elif kind is SEASON:
            self.kinds[2].add(iid)
        elif kind is APPARITION:
            self.kinds[3].add(iid)
        elif kind is TOOL:
            self.tools.add(iid)

    def start(self, of: dict) -> None:
        """The instance -> Facts dict `of` and the sets of instances by type, empty (see card_kinds)."""
        self.of = of
        self.tools = set()  # the game's 道具札 instances (a hand with none of them has no usable tool)
        self.kinds = (of, set(), set(), set(), self.tools)


class KannagiRules(Play):
    slug = "kannagi"
    zones = ("deck", "hand", "field", "soul", "exile", "reveal")
    deck_zone = "deck"
    discard_zone = "soul"  # a milled card goes to 魂 (kannagi has no discard pile)
    empty_deck_move_loses = True  # 効果によって山札から札を移動する際に山札がない: a loss, like drawing
    result_checked = True  # apply ends with check_result where it may change something (see apply)
    ACTIONS = {
        FREE: ("summon", "attack", "possess", "deploy", "tool", "end_turn"),  # one of each a turn (state["flags"])
        "zero_search": ("zero_search",),  # 零探し, once before the first turn
        "potential": ("summon", "potential_done"),  # ◼︎潜在能力 places are summoned right after 零探し
        "timing": ("tool",),  # a declaration: a tool now (or none)
        "choose": ("choose",),  # a card an effect asks for
        "god": ("choose",),  # the 神 rule: which of the two goes to 魂
        "defend": ("choose",),  # 防御: the 魂 cards exiled instead of damage
        "order": ("choose",),  # effects at the same time: which goes first
        "hand_limit": ("hand_limit",),  # more than 8 at the end of the turn
    }
    reads = ("card_facts", "card_kinds", "hand_cards", "season_met", "power", "affordable", "tool_usable", "usable_tools", "usable_tool_ids", "keywords")

    def players(self, decks, options):
        """The player's deck; the opponent's where one is given (versus: new_game's seats make it a player), else
        the goldfish with no deck."""
        if len(decks) > 1 and decks[1]:
            return [{"name": "player", "cards": decks[0]}, {"name": "opponent", "cards": decks[1]}]
        return [{"name": "player", "cards": decks[0] if decks else []}, {"name": "goldfish", "goldfish": True, "cards": []}]

    def zone_visible(self, state, name, player):
        # the field is open to both, but a face-down card on it (a possessing 怪異札) is its owner's to see (the
        # engine's view shows a face-down card in an open zone to that zone's player only); 魂 is open to both
        # (⑥魂:魂にする札を表逆向きで置きます: face up, upside down)
        owner, _, kind = name.partition(".")
        if kind in ("field", "reveal", "exile", "soul"):
            return True
        return kind == "hand" and owner == f"p{player}"

    # (draw_source is Play's: the engine's draw then reads the deck names Play keeps for the class, with no call)

    def layout(self, state):
        """⑥魂:魂にする札を表逆向きで置きます: the 魂 zones' cards lie face up and upside down (the board turns them)."""
        return {"upside_down": [zone(p, "soul") for p in range(len(state["players"]))]}

    def __init__(self):
        super().__init__()
        self.effect_steps = effects.Steps(ops={"damage": self._damage_step})
        self._jobs = {name[len("_job_") :]: getattr(self, name) for name in dir(self) if name.startswith("_job_")}
        self._carry = {name[len("_carry_") :]: getattr(self, name) for name in dir(self) if name.startswith("_carry_")}
        self._answers = {"god": self._answer_god, "defend": self._answer_defend, "order": self._answer_order}
        self._last: Instances | None = None  # the game played last (see `card_facts`)
        self._prev: Instances | None = None  # the one before (versus: a game and its relabelling, as_seat, alternate)
        self._table: tuple[dict, dict] | None = None  # (defs, key -> Facts) of the last defs read
        self._instances: tuple | None = None  # (table, ids, card keys, of, kinds) of the last new game read whole
        self._free = {kind: self._handlers[kind] for kind in self.ACTIONS[FREE]}

    def apply(self, state, action):
        """Play.apply, with its commonest cases dispatched at once: a free action with no decision pending (the core's
        check of the type: one of ACTIONS[FREE]; kannagi has no guard), the answer to a declaration's moment
        (check_answer against the decision's candidates: no tool, or one of the usable ones), the end of ■潜在能力
        (not the decision's answer: check_answer has nothing to check) and the order of effects at the same time
        (one of the candidates). Anything else, a refusal included, goes through Play.apply.

        The result is left checked (result_checked): check_result, as the simulator's step would call it after the
        action, only where it may change something. Against the goldfish nothing the two cases do leaves it to change
        but counters (Instances.counted, or a change noted in state["eot"]) and the turn's draw from an empty deck
        (the player's "lost", set by the draw of _next_turn / _job_draw: the only loss not checked where it happens):
        a change of life is checked where it is made (the attack's damage; an effect's, after each step, as its draws
        and moves are), and so is the end of a game. A versus game (Instances.versus) is checked after every action."""
        pending = state["pending"]
        if pending is None:
            kind = action["type"]
            if kind == "end_turn" and not state["flags"]["jobs"] and state["players"][1]["goldfish"]:
                # (_settle_riders would find nothing to do: the goldfish game's end of turn with nothing queued runs
                # the end phase's moment, the hand limit or the next turn up to its main phase, _next_turn's inline
                # path, and none of them moves a card of a field or makes one sit: it changes counters, flags, the
                # phase, 伏せ and the hand; the riders were settled after the last action)
                events = self._do_end_turn(state, action)
                memo = self._last  # (made the game's, as _settle_riders makes it: for the check below)
                if memo is None or memo.cards is not state["cards"]:
                    self._new_game(state)
            elif kind == "summon" and not state["flags"]["jobs"] and state["players"][1]["goldfish"]:
                events = self._do_summon(state, action)
                memo = self._last
                f = memo.of.get(action["card"]) if memo is not None and memo.cards is state["cards"] else None
                # (_settle_riders would find nothing to do, as above, after a place with no 神 and no 召喚時 steps
                # went from the hand to the field, onto a season of that field or onto none, with nothing else run)
                if f is None or f.god or "summon" in f.whens:
                    events = events + self._settle_riders(state)
            else:
                handler = self._free.get(kind)
                if handler is None:
                    return self._apply_checked(state, action)
                events = handler(state, action)
                memo = self._last  # (the game's Instances.inert: _settle_riders would find nothing to do)
                if memo is None or memo.cards is not state["cards"] or not memo.inert:
                    events = events + self._settle_riders(state)
        else:
            kind = pending["type"]
            if kind == "timing" and action["type"] == "tool":
                card = action.get("card")
                if not (card is None or (card.__class__ is str and card in self._usable(state))):
                    return self._apply_checked(state, action)
                events = self._do_tool(state, action)
            elif kind == "potential" and action["type"] == "potential_done":  # (check_answer: not the decision's answer)
                events = self._do_potential_done(state, action)
            elif kind == "zero_search" and action["type"] == "zero_search":
                # (check_answer against the decision's block without making it: a list of different cards (str) of the
                # block's zone, within its bounds; anything else, a refusal included, goes through Play.apply)
                cards, block = action.get("cards"), pending["choose"]
                if cards.__class__ is not list or "candidates" in block or block.get("exclude"):
                    return self._apply_checked(state, action)
                zone_ids = state["zones"].get(block["zone"], [])
                if not block["min"] <= len(cards) <= min(block["max"], len(zone_ids)):
                    return self._apply_checked(state, action)
                for c in cards:
                    if c.__class__ is not str or c not in zone_ids:
                        return self._apply_checked(state, action)
                if len(set(cards)) != len(cards):
                    return self._apply_checked(state, action)
                events = self._do_zero_search(state, action)
            elif kind == "order" and action["type"] == "choose" and action.get("card").__class__ is str and action["card"] in pending["candidates"]:
                events = self._do_choose(state, action)  # (check_answer: one of the candidates)
            else:
                return self._apply_checked(state, action)
            memo = self._last  # (the game's Instances.inert: _settle_riders would find nothing to do)
            if memo is None or memo.cards is not state["cards"] or not memo.inert:
                events = events + self._settle_riders(state)
        if state["result"] is None:
            memo = self._last  # (the game's: _settle_riders made it so, or the end of turn's branch)
            if memo.versus or state["players"][0]["lost"] or (not memo.inert and (memo.counted or "eot" in state)):
                self.check_result(state)
        return events

    def _apply_checked(self, state, action):
        """Play.apply, and the result checked after it (see apply)."""
        events = Play.apply(self, state, action)
        if state["result"] is None:
            self.check_result(state)
        return events

    # -- card facts ------------------------------------------------------------------------------------------

    def card_facts(self, state) -> dict:
        """The Facts of the game's cards by instance id (made once a game; see Instances)."""
        memo = self._last
        if memo is not None and memo.cards is state["cards"]:
            return memo.of
        return self._new_game(state).of

    def _memo(self, state) -> Instances:
        """The game's Instances (card_facts and what is kept with them)."""
        memo = self._last
        if memo is not None and memo.cards is state["cards"]:
            return memo
        return self._new_game(state)

    def _new_game(self, state) -> Instances:
        """The facts of a game not seen last. The Facts of equal card data are the same, so the table of the
        last defs is used again when this game's defs are equal (a simulation's games share their cards)."""
        cards, defs = state["cards"], state["defs"]
        prev = self._prev
        if prev is not None and prev.cards is cards:  # (the game before the last one: the two change places)
            self._prev, self._last = self._last, prev
            return prev
        self._prev = self._last
        last = self._table
        if last is None or not (last[0] is defs or last[0] == defs):
            facts = {key: Facts(d) for key, d in defs.items()}
            lowers = False
            for f in facts.values():
                if f.stirs:
                    lowers = True
            last = self._table = (defs, facts, lowers)
        memo = self._last = Instances()
        memo.cards, memo.defs, memo.table = cards, defs, last[1]
        memo.soul = memo.seen = memo.present = memo.usable = None  # (see _present, usable_tools)
        memo.asked = -1  # (see _window)
        memo.answered = None  # (see _usable)
        # whether a card of the game may have counters (see check_result; C-level: a new game's cards read whole)
        memo.counted = any(map(_COUNTERS, cards.values()))
        memo.versus = not state["players"][1]["goldfish"]  # (a versus game: apply checks its result after every action)
        table = last[1]
        # the cards that sit on another (C-level loops: a new game's cards are read whole)
        memo.riding = set(compress(cards, map(dict.__contains__, cards.values(), repeat("on"))))
        # A goldfish game with no counters and no card sitting on another at its start, whose cards have no step that
        # may lower a power or move a card (Facts.stirs): its counters lower nothing (check_result: the damage of an
        # attack sets no counter against the goldfish, so only raised powers are ever noted, and taken back where
        # they were made), and its riders never need settling (_settle_riders: a card leaves a field only by
        # _to_soul, which takes what sits on it along and clears its own seat; a draw only moves deck to hand). A
        # manual action, or a token whose card stirs, ends it.
        memo.inert = not memo.counted and not memo.versus and not last[2] and not memo.riding
        # A simulation's games have the same instances of the same cards (GameFactory): when this game's instance
        # ids and their card keys are the last new game's, with the same table, its facts and sets are copied.
        ids, keys = list(cards), list(map(_DEF, cards.values()))
        seen = self._instances
        if seen is not None and seen[0] is table and seen[1] == ids and seen[2] == keys:
            of = dict(seen[3])
            memo.start(of)
            _, places, seasons, apparitions, tools = memo.kinds
            kept_places, kept_seasons, kept_apparitions, kept_tools = seen[4]
            places.update(kept_places)
            seasons.update(kept_seasons)
            apparitions.update(kept_apparitions)
            tools.update(kept_tools)
            return memo
        of = {}
        memo.start(of)
        _, places, seasons, apparitions, tools = memo.kinds
        for iid, card in cards.items():
            key = card["def"]
            if key in table:
                f = of[iid] = table[key]
                kind = f.type  # (Instances.sort without the call)
                if kind is PLACE:
                    places.add(iid)
                elif kind is SEASON:
                    seasons.add(iid)
                elif kind is TOOL:
                    tools.add(iid)
                elif kind is APPARITION:
                    apparitions.add(iid)
        if len(of) != len(cards):
            memo.fill()
            self._instances = None
        else:  # (copies: this game's own grow with its tokens)
            self._instances = (table, ids, keys, dict(of), [set(k) for k in memo.kinds[1:]])
        return memo

    def card_kinds(self, state) -> tuple[dict, set, set, set, set]:
        """card_facts, and the game's instances of each type (places, seasons, apparitions, tools: do not change
        them), for a hand to be looked at by type with set operations."""
        memo = self._last
        if memo is not None and memo.cards is state["cards"]:
            return memo.kinds
        return self._new_game(state).kinds

    def fact(self, state, iid) -> Facts:
        memo = self._last
        if memo is not None and memo.cards is state["cards"]:  # (card_facts without the call)
            return memo.of[iid]
        return self._new_game(state).of[iid]

    @staticmethod
    def _def(state, iid):
        return state["defs"][state["cards"][iid]["def"]]

    def _type(self, state, iid) -> str:
        return self.fact(state, iid).type

    def _cost(self, state, iid) -> int:
        return self.card_facts(state)[iid].cost

    def _has_keyword(self, state, iid, word) -> bool:
        """`word` is one of keywords(state, iid) (without making that list)."""
        of = self.card_facts(state)
        if word in of[iid].keywords:
            return True
        card = state["cards"][iid]
        host = card.get("on")
        return host is not None and state["cards"][host]["zone"] == card["zone"] and of[host].type == SEASON and word in of[host].keywords

    def keywords(self, state, iid) -> list[str]:
        """A card's keyword abilities: its own and, for a place on a season, the season's, each once (効果の発動
        ④: the same keyword twice is one ability)."""
        of = self.card_facts(state)
        own = of[iid].keywords
        card = state["cards"][iid]
        host = card.get("on")
        if host is None or state["cards"][host]["zone"] != card["zone"] or of[host].type != SEASON:
            return list(own)
        return list(dict.fromkeys(own + of[host].keywords))

    # -- 魂 --------------------------------------------------------------------------------------------------

    def soul_seasons(self, state, player: int) -> tuple[int, set]:
        """How many cards 魂 holds, and the seasons among them (無 is no season)."""
        soul = state["zones"][SOULS[player]]
        return len(soul), set(self._present(self._memo(state), soul))

    def affordable(self, state, player: int, iid: str, soul: tuple[int, set] | None = None) -> bool:
        """魂 holds at least the cost, and (except 無 cards and 0-cost places) a card of the card's season."""
        memo = self._last  # (_memo without the call)
        if memo is None or memo.cards is not state["cards"]:
            memo = self._new_game(state)
        f = memo.of[iid]
        if soul is None:  # (_pays, without the call)
            soul = state["zones"][SOULS[player]]
            return f.cost <= len(soul) and (f.free or self._season_in(state, memo, f, soul))
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
        memo = self._last  # (_memo and _season_in without the calls: the autopilot asks this for each card it may play)
        if memo is None or memo.cards is not state["cards"]:
            memo = self._new_game(state)
        soul = state["zones"][SOULS[player]]
        present = memo.present if memo.soul is soul and soul == memo.seen else KannagiRules._present(memo, soul)
        if state["options"].get("mixed_season") == "all":
            return all(s in present for s in f.seasons)
        return not f.soul.isdisjoint(present)

    @staticmethod
    def _season_in(state, of: Instances, f: Facts, soul: list) -> bool:
        # (_present's commonest answer, without the call: the same 魂 zone, unchanged)
        present = of.present if of.soul is soul and soul == of.seen else KannagiRules._present(of, soul)
        if state["options"].get("mixed_season") == "all":
            return all(s in present for s in f.seasons)
        return not f.soul.isdisjoint(present)

    @staticmethod
    def _present(of: Instances, soul: list) -> set:
        """The seasons among the cards of the 魂 zone `soul` (do not change the set). Asked many times a turn,
        so kept with a copy of the zone it was read from: the same zone, unchanged, is not read again, and one
        that only grew at its end (a card goes to 魂 at the end) is read from where the copy ends."""
        seen = of.seen
        if of.soul is soul:
            if soul == seen:
                return of.present
            n = len(seen)
            if len(soul) > n and soul[:n] == seen:
                present = of.present
                for s in soul[n:]:
                    present |= of.of[s].soul
                of.seen = soul[:]
                return present
        present = set()
        facts = of.of
        done = set()  # each card's Facts once: 魂 grows to dozens of copies (a loop: no comprehension's frame)
        for s in soul:
            g = facts[s]
            if g not in done:
                done.add(g)
                present |= g.soul
        of.soul, of.seen, of.present = soul, soul[:], present
        return present

    # -- the field -----------------------------------------------------------------------------------------

    def _on_field(self, state, player, card_type=None) -> list[str]:
        ids = state["zones"][FIELDS[player]]
        if card_type is None:
            return list(ids)
        of = self.card_facts(state)
        out = []
        for i in ids:
            if of[i].type == card_type:
                out.append(i)
        return out

    def _riders(self, state, host: str) -> list[str]:
        """Cards sitting on `host` (a place on a season; apparitions on a place), oldest first."""
        memo = self._last
        cards = state["cards"]
        if memo is None or memo.cards is not cards:  # (card_facts without the call)
            memo = self._new_game(state)
        riding = memo.riding
        if not riding:  # (every card with "on" is among the riding ones: the commonest, none)
            return []
        where = cards[host]["zone"]
        riders = []  # (loops rather than comprehensions here and below: these run many times an action)
        for i in riding:
            card = cards[i]
            if card.get("on") == host and card["zone"] == where:
                riders.append(i)
        if len(riders) > 1:  # (in possession order, then in the zone's order, as read from the zone)
            ids = state["zones"][where]
            riders.sort(key=lambda i: (cards[i].get("order", 0), ids.index(i)))
        return riders

    def _free_seasons(self, state) -> list[str]:
        """The player's season cards with no place on them (where a place may be summoned)."""
        of = self.card_facts(state)
        out = []
        for s in state["zones"][FIELDS[self._me(state)]]:
            if of[s].type is SEASON:
                for r in self._riders(state, s):
                    if of[r].type is PLACE:
                        break
                else:
                    out.append(s)
        return out

    def _sit(self, state, iid, host, order=None) -> None:
        """`iid` now sits on `host` (noted among the cards that ride, for _settle_riders)."""
        card = state["cards"][iid]
        card["on"] = host
        if order is not None:
            card["order"] = order
        self._memo(state).riding.add(iid)

    def _to_soul(self, state, iid) -> list[dict]:
        """A card and everything on it (recursively) to its owner's 魂, face up (表逆向き: upside down)."""
        events = []
        memo = self._last
        cards = state["cards"]
        if memo is None or memo.cards is not cards:  # (card_facts without the call)
            memo = self._new_game(state)
        riding = memo.riding
        card = cards[iid]
        if riding:  # (_riders' commonest answers without the call: nothing rides, or nothing rides on this card)
            where = card["zone"]
            for i in riding:
                other = cards[i]
                if other.get("on") == iid and other["zone"] == where:
                    break
            else:
                i = None
            if i is not None:
                for rider in self._riders(state, iid):
                    events += self._to_soul(state, rider)
        if "on" in card:  # (no longer riding: off the riding set now, so that _settle_riders finds nothing left to clean)
            del card["on"]
            riding.discard(iid)
        card.pop("order", None)
        card["tapped"] = False
        card["counters"] = {}
        events.append(move(state, iid, SOULS[card["owner"]], face_up=True))
        return events

    def _settle_riders(self, state) -> list[dict]:
        """Cards on a host that left the field go to 魂 (季節札が場を離れた場合…上にある全ての札は魂; 憑依している
        場所札が場を離れた時、魂になる); a card off the field sits on nothing. This runs after every action and
        effect, so it looks only at the cards noted as riding (Instances.riding: every card with "on" is among
        them), not at every card of the game; the fields are walked in their order only when one of them is
        not sitting on a host on its own field."""
        memo = self._last
        cards = state["cards"]
        if memo is None or memo.cards is not cards:  # (card_facts without the call: this runs after every action)
            memo = self._new_game(state)
        riding = memo.riding
        if not riding:  # (the commonest: nothing sits on anything)
            return []
        for iid in riding:
            card = cards[iid]
            host = card.get("on")
            if host is None or card["zone"] not in FIELDS or cards[host]["zone"] != card["zone"]:
                break
        else:  # (the next commonest: every riding card sits on a host on its field, nothing to do)
            return []
        events, zones = [], state["zones"]
        for field in FIELDS:  # (the cards of the fields in their order, as the events are)
            for iid in list(zones[field]):
                host = cards[iid].get("on")
                if host is not None and cards[host]["zone"] != field and cards[iid]["zone"] == field:
                    events += self._to_soul(state, iid)
        for iid in list(riding):
            card = cards[iid]
            if "on" not in card:
                riding.discard(iid)
            elif not card["zone"].endswith(".field"):
                card.pop("on", None)
                card.pop("order", None)
                riding.discard(iid)
        return events

    def _targets(self, state, player, kind) -> list[str]:
        """The face-up cards on the field an effect with this target may choose."""
        whose, card_type = TARGET_KINDS.get(kind, ("any", None))
        players = range(len(state["players"]))
        if whose == "you":
            players = [player]
        elif whose == "opponent":
            players = [p for p in players if p != player]
        cards, of = state["cards"], self.card_facts(state)
        out = []
        for p in players:
            for i in state["zones"][FIELDS[p]]:
                if cards[i]["face_up"] and of[i].type == card_type:
                    out.append(i)
        return out

    # -- tools ------------------------------------------------------------------------------------------------

    def tool_usable(self, state, player: int, iid: str, soul: tuple[int, set] | None = None) -> bool:
        """A 道具札 that 魂 pays for and whose effect has something to choose if it chooses (seed: 対象及び、何かを
        選んで効果を発動する札は、選ぶ対象がない場合使用できない): its "target", and the cards its steps choose."""
        f = self.card_facts(state)[iid]
        if f.type != TOOL or not self.affordable(state, player, iid, soul):
            return False
        return f.plain or self._can_choose(state, player, iid, f)

    def _can_choose(self, state, player, iid, f: Facts) -> bool:
        if f.target and not self._targets(state, player, f.target):
            return False
        for s in f.choosers:
            if not self._step_can_choose(state, player, iid, s):
                return False
        return True

    @staticmethod
    def _step_can_choose(state, player, source, step) -> bool:
        """A step that asks the player to choose a card has one to choose (the tool itself excepted: it is in
        魂 by then). (Facts.choosers: the steps that ask.)"""
        op = step["op"]
        if op == "stat":
            if (step.get("who") or "chosen") != "chosen":
                return True
            for i in state["zones"][FIELDS[player]]:
                if i != source:
                    return True
            return False
        if op == "move" and (step.get("from") or "hand") != "deck" and (step.get("who") or "you") == "you":
            name = effects.zone_of(state, player, step.get("from") or "hand")
            if not name:
                return False
            for i in state["zones"][name]:
                if i != source:
                    return True
            return False
        return True

    def usable_tools(self, state) -> list[str]:
        """The tools in hand (and the 手札公開場) the player may use now (none once one was used this cycle)."""
        return list(self._usable(state))

    _usable_tools = usable_tools

    def _usable(self, state, player=None) -> tuple[str, ...]:
        """usable_tools (of `player`, else of the seat that decides), as a tuple that may be the one kept (see below)."""
        if player is not None:
            me = player
        else:  # (_me's goldfish answer without the call)
            me = 0 if state["players"][1]["goldfish"] else self._me(state)
        flags = state["flags"]
        if flags["tools"][me] if "tools" in flags else flags.get("tool", False):  # (_tool_used without the call)
            return ()
        of = self._last
        if of is None or of.cards is not state["cards"]:  # (card_facts without the call)
            of = self._new_game(state)
        facts = of.of
        zones = state["zones"]
        hand, reveal = zones[HANDS[me]], zones[REVEALS[me]]
        tools = of.tools
        if tools.isdisjoint(hand) and (not reveal or tools.isdisjoint(reveal)):  # (the commonest: no tool in hand)
            return ()
        # Asked at every declaration: the answer is kept with what it was read from, the tools in hand and 魂 (a
        # copy of the whole of it; only for tools with no target and nothing to choose, whose use depends on
        # nothing else), and given again while they are unchanged. The commonest case, the same hand, 手札公開場
        # and 魂 as the last time (the tools in hand are then the same), is compared first without a loop.
        # (Each answer with a tool in hand and the flag open is also noted with the state's version, `answered`: the
        # autopilot's answer, asked where it chooses, is the answer at the start of the action it chooses, which
        # _declare and _do_tool read, with nothing changed yet, without asking again. Read only there: an answer
        # asked while an action is under way is noted with the version it started at, and does not hold after.)
        kept = of.usable
        soul = zones[SOULS[me]]
        mixed = state["options"].get("mixed_season")
        if kept is not None and kept[5] == me and kept[2] == soul and kept[3] == mixed:
            if kept[1] == hand and kept[6] == reveal:
                of.answered = (len(state["log"]), me, kept[4])
                return kept[4]
        held = []  # the tools in hand, in the hand's order, then the 手札公開場's
        for i in hand:
            if i in tools:
                held.append(i)
        for i in reveal:
            if i in tools:
                held.append(i)
        if kept is not None and kept[0] == held and kept[5] == me and kept[2] == soul and kept[3] == mixed:
            of.usable = (held, hand[:], kept[2], mixed, kept[4], me, reveal[:])
            of.answered = (len(state["log"]), me, kept[4])
            return kept[4]
        out, plain = [], True
        present = None  # (_season_in without the call: 魂's seasons read once)
        for i in held:
            f = facts[i]
            plain = plain and f.plain
            if f.cost > len(soul):
                continue
            if not f.free:
                if present is None:
                    present = of.present if of.soul is soul and soul == of.seen else KannagiRules._present(of, soul)
                if mixed == "all":
                    if not all(s in present for s in f.seasons):
                        continue
                elif f.soul.isdisjoint(present):
                    continue
            if f.plain or self._can_choose(state, me, i, f):
                out.append(i)
        out = tuple(out)
        of.usable = (held, hand[:], soul[:], mixed, out, me, reveal[:]) if plain else None
        of.answered = (len(state["log"]), me, out)
        return out

    # usable_tools as a tuple that may be the one the rules keep (do not change it), for the autopilot: it asks at
    # most free actions while a tool is in hand (the method itself: no call and no list copy more)
    usable_tool_ids = _usable

    def _window(self, state, at: str) -> list[dict]:
        """A declaration: when the player has a usable tool, they are asked whether to use it now. Against a
        player (versus), the turn player is asked first, then the opponent (①【場所札】攻撃フェイズを宣言したら相手に
        【道具札】の使用がないか確認します), each only with a usable tool (`_ask`)."""
        if state["players"][1]["goldfish"]:
            if state["flags"]["tool"]:
                return []
            # (_usable's commonest answer without the call: no tool in the hand or the 手札公開場)
            memo = self._last
            if memo is not None and memo.cards is state["cards"]:
                zones = state["zones"]
                tools = memo.tools
                if tools.isdisjoint(zones[P0_HAND]) and tools.isdisjoint(zones[P0_REVEAL]):
                    return []
            if state["options"].get("tool_timing", "declarations") != "declarations" or not self._usable(state, 0):
                return []
            state["pending"] = {"type": "timing", "player": 0, "at": at}
            # (noted with the version the answer will be given at, the log's length after this action: see _do_tool)
            memo = self._last
            memo.asked = len(state["log"]) + 1
            return [{"type": "declare", "at": at}]
        if state["options"].get("tool_timing", "declarations") != "declarations":
            return []
        active = state["active"]
        return self._ask(state, at, [active, 1 - active], declared=False)

    def _ask(self, state, at, order, declared=True) -> list[dict]:
        """(versus) The first of `order` with a usable tool is asked at the declaration `at`; the others are asked
        after their answer (a job queued in front)."""
        for k, p in enumerate(order):
            if self._usable(state, p):
                state["pending"] = {"type": "timing", "player": p, "at": at, "then": list(order[k + 1 :])}
                return [] if declared else [{"type": "declare", "at": at}]
        return []

    def _job_ask(self, state, job):
        return self._ask(state, job["at"], job["order"])

    def _tool_used(self, state, player) -> bool:
        """A tool was used in this player's cycle (自分の「ターン開始時」から自分の「ターン開始時」までの間に1度だけ)."""
        flags = state["flags"]
        if "tools" in flags:  # (versus: one flag per player)
            return flags["tools"][player]
        return flags.get("tool", False)

    def _me(self, state) -> int:
        """The seat the rules act for now: the pending decision's player, else the turn player; against the goldfish
        always the player (seat 0)."""
        if state["players"][1]["goldfish"]:
            return 0
        pending = state["pending"]
        return pending.get("player", 0) if pending else state["active"]

    def _use_tool(self, state, iid) -> list[dict]:
        """魂に置き効果を発動する: the tool goes to 魂, then its effect runs (before what was declared)."""
        card = state["cards"][iid]
        owner = card["owner"]
        flags = state["flags"]
        if "tools" in flags:
            flags["tools"][owner] = True
            if owner == state["active"]:
                flags["tool"] = True
        else:
            flags["tool"] = True
        events = [{"type": "tool", "card": iid, "text": state["defs"][card["def"]].get("rules_text", "")}]  # (_def without the call)
        events.append(move(state, iid, SOULS[owner], face_up=True))
        job = {"do": "effect", "card": iid, "whens": ["played"], "anywhere": True}
        jobs = state["flags"]["jobs"]
        if state["pending"] or state["result"] is not None:
            jobs.insert(0, job)
            return events
        # (run at once, as _drive would run it from the front of the queue: _job_effect without the call, its card
        # anywhere, its "played" steps)
        memo = self._last
        f = memo.of[iid] if memo is not None and memo.cards is state["cards"] else self.fact(state, iid)
        played = f.steps.get("played") if f.steps else None
        if played:
            steps = []
            for s in played:
                steps.append(dict(s))
            events += effects.run(state, iid, owner, steps, then="job")
        if jobs:  # (_drive with nothing queued does nothing)
            events += self._drive(state)
        return events

    # -- setup and the job queue ----------------------------------------------------------------------------

    def setup(self, state):
        opts = state["options"]
        if not state["players"][1]["goldfish"]:
            return self._setup_versus(state)
        # (the options were checked against their declarations, options.py, before the setup)
        state["players"][0]["life"] = opts["life"]
        state["players"][1]["life"] = opts["goldfish_life"]
        shuffle_zone(state, P0_DECK)  # ①山札をシャッフル
        first = {"player": 0, "goldfish": 1}.get(opts.get("first", "player"))  # ②先攻と後攻を決定
        if first is None:
            first = rng.below(state, 2)
        draw(state, 0, opts["opening"], forced=True)  # ③8枚引き、初期手札
        state["turn"], state["active"], state["phase"] = 0, 0, "zero_search"
        state["flags"] = {**dict.fromkeys(TURN_FLAGS, False), "first": first, "jobs": [], "held": []}
        hand = len(state["zones"]["p0.hand"])
        state["pending"] = {"type": "zero_search", "player": 0, "choose": {"zone": "p0.hand", "min": 0, "max": hand}}

    def _setup_versus(self, state):
        """Two players (versus): ①山札をシャッフル (each deck), ②先攻と後攻を決定 (the option "first": じゃんけん by
        default, drawn after the shuffles), ③8枚引き、初期手札 (each), life 30 each (相手の30点のライフ); then 零探し,
        先攻から (the first player's, then the second's), each followed by its ■潜在能力 places."""
        opts = state["options"]
        if not state["zones"]["p1.deck"]:  # a player seat given no deck of its own plays a copy of the first one (a mirror)
            cards = state["cards"]
            for iid in list(state["zones"]["p0.deck"]):
                add_card(state, {"key": cards[iid]["def"]}, 1, "p1.deck")
        for p in (0, 1):
            state["players"][p]["life"] = opts["life"]
            shuffle_zone(state, zone(p, "deck"))
        first = {"player": 0, "goldfish": 1}.get(opts.get("first", "player"))
        if first is None:
            first = rng.below(state, 2)
        for p in (first, 1 - first):
            draw(state, p, opts["opening"], forced=True)
        state["first"] = first
        state["turn"], state["active"], state["phase"] = 0, first, "zero_search"
        state["flags"] = {**dict.fromkeys(TURN_FLAGS, False), "first": first, "jobs": [], "held": [], "tools": [False, False], "turns": [0, 0]}
        self._zero_search(state, first)

    @staticmethod
    def _zero_search(state, player):
        hand = len(state["zones"][zone(player, "hand")])
        state["pending"] = {"type": "zero_search", "player": player, "choose": {"zone": zone(player, "hand"), "min": 0, "max": hand}}

    def _drive(self, state) -> list[dict]:
        """Carry out the queued jobs in order until one waits for a decision or the game is over."""
        jobs = state["flags"]["jobs"]
        if not jobs:
            return []
        events, run = [], self._jobs
        while jobs and not state["pending"] and state["result"] is None:
            job = jobs.pop(0)
            events += run[job["do"]](state, job)
        return events

    @staticmethod
    def _own_turn():
        return [{"do": "turn"}, {"do": "phase", "phase": "recovery"}, {"do": "recover"}, {"do": "phase", "phase": "draw"},
                {"do": "draw"}, {"do": "phase", "phase": "main"}]

    @staticmethod
    def _turn_of(player):
        """(versus) A player's turn up to their main phase."""
        return [{"do": "turn", "player": player}, {"do": "phase", "phase": "recovery"}, {"do": "recover"}, {"do": "phase", "phase": "draw"},
                {"do": "draw"}, {"do": "phase", "phase": "main"}]

    @staticmethod
    def _goldfish_turn():
        return [{"do": "goldfish"}, {"do": "end_of_turn"}]

    def _job_turn(self, state, job):
        """⓪ ターン開始: the turn's sub-phases and its tool are open again; a tool may answer the declaration. A
        player's first turn begins at the recovery phase (①先攻は回復フェイズから始まります / ②後攻は回復フェイズから)."""
        if "player" in job:  # (versus) each player's turns counted (state["turn"]: seat 0's, vocabulary "own")
            p = job["player"]
            flags = state["flags"]
            flags["turns"][p] += 1
            state["turn"] = flags["turns"][0]
            state["active"], state["phase"] = p, "start"
            flags.update(TURN_OPEN)
            flags["tools"][p] = False
            event = {"type": "turn", "turn": flags["turns"][p], "player": p}
            return [event] + (self._window(state, "start") if flags["turns"][p] > 1 else [])
        turn = state["turn"] = state["turn"] + 1
        state["active"] = 0
        state["phase"] = "start"
        state["flags"].update(TURN_OPEN)
        events = [{"type": "turn", "turn": turn}]
        if turn > 1:
            events += self._window(state, "start")
        return events

    def _job_phase(self, state, job):
        state["phase"] = job["phase"]
        return self._window(state, job["phase"]) if job["phase"] in ("recovery", "draw") else []

    def _job_recover(self, state, job):
        """① 回復: 伏せ cards turn 起き; damaged places' power is restored."""
        cards = state["cards"]
        for iid in state["zones"][FIELDS[state["active"]]]:
            card = cards[iid]
            card["tapped"] = False
            if card["counters"]:
                card["counters"].pop("damage", None)
        return []

    def _job_draw(self, state, job):
        """② ドロー: one card, except on the first player's first turn."""
        if "turns" in state["flags"]:  # (versus)
            p, flags = state["active"], state["flags"]
            if p == flags["first"] and flags["turns"][p] == 1 and not state["options"].get("first_player_draws"):
                return [{"type": "no_draw", "player": p}]
            return draw(state, p, 1, forced=True)
        if state["turn"] == 1 and state["flags"]["first"] == 0 and not state["options"].get("first_player_draws"):
            return [{"type": "no_draw", "player": 0}]
        return draw(state, 0, 1, forced=True)

    def _job_goldfish(self, state, job):
        """The goldfish's turn: it has no cards and does nothing; its declarations are moments for a tool."""
        state["active"] = 1
        state["phase"] = "goldfish"
        events = [{"type": "goldfish_turn"}]
        events += self._window(state, "goldfish")
        return events

    def _job_end_of_turn(self, state, job):
        return self._end_of_turn(state)

    def _end_of_turn(self, state) -> list[dict]:
        """effects.end_of_turn, called only when a change "until end of turn" is noted (it does nothing otherwise);
        the counters it changes back may stay on a card (see check_result)."""
        if "eot" not in state:
            return []
        memo = self._last  # (_memo without the call)
        if memo is None or memo.cards is not state["cards"]:
            memo = self._new_game(state)
        memo.counted = True
        return effects.end_of_turn(state)

    def _job_potential(self, state, job):
        state["pending"] = {"type": "potential", "player": job.get("player", 0)}
        return []

    def _job_declared(self, state, job):
        action = job["action"]
        return self._carry[action["type"]](state, action)

    def _job_god(self, state, job):
        """The 神 rule: a card with 神 that arrives where one of the same name is: the player chooses one for 魂."""
        iid = job["card"]
        card = state["cards"][iid]
        f = self.fact(state, iid)
        if not f.god or not card["zone"].endswith(".field"):
            return []
        for player in range(len(state["players"])):
            for other in self._on_field(state, player):
                if other != iid and self.fact(state, other).name == f.name:
                    state["pending"] = {"type": "god", "player": card["owner"], "candidates": [other, iid]}
                    return [{"type": "god_rule", "cards": [other, iid]}]
        return []

    def _job_effect(self, state, job):
        """A card's steps at a moment (`whens`), for `source` (the card itself, or for a season the place on it that
        attacks); a 召喚時 effect only while its card is still on the field."""
        iid = job["card"]
        card = state["cards"][iid]
        if not job.get("anywhere") and not card["zone"].endswith(".field"):
            return []
        memo = self._last  # (card_facts without the call)
        by_when = (memo.of if memo is not None and memo.cards is state["cards"] else self.card_facts(state))[iid].steps
        if not by_when:  # (most cards: no script)
            return []
        steps = []  # (effects.steps_of, read once)
        for when in job["whens"]:
            for s in by_when.get(when, ()):
                steps.append(dict(s))
        if not steps:
            return []
        return effects.run(state, job.get("source", iid), card["owner"], steps, then="job")

    def _job_simultaneous(self, state, job):
        """Effects that happen at the same time: the player chooses their order (効果の発動 ②)."""
        of = self.card_facts(state)
        ready = []  # (loops rather than comprehensions: _has_steps without the call)
        for j in job["jobs"]:
            if not of[j["card"]].whens.isdisjoint(j["whens"]):
                ready.append(j)
        if len(ready) <= 1:  # (one: run at once, as _drive would run it from the front of the queue next)
            return self._jobs[ready[0]["do"]](state, ready[0]) if ready else []
        candidates = []
        for j in ready:
            candidates.append(j["card"])
        state["pending"] = {"type": "order", "player": self._me(state), "candidates": candidates, "jobs": ready}
        return []

    def _has_steps(self, state, job) -> bool:
        return not self.fact(state, job["card"]).whens.isdisjoint(job["whens"])

    def _job_apparition(self, state, job):
        """An apparition on the attacking place turns face up; its effect runs if 魂 meets its cost."""
        rider, place = job["card"], job["place"]
        card = state["cards"][rider]
        if card.get("on") != place or not card["zone"].endswith(".field"):
            return []
        card["face_up"] = True
        met = self.affordable(state, card["owner"], rider)
        events = [{"type": "apparition", "card": rider, "effect": met}]
        if met:
            events += self._job_effect(state, {"card": rider, "whens": list(ON_ATTACK)})
        return events

    def _job_attack_effects(self, state, job):
        """The place's 攻撃時 and its season's (when the place on it attacks), at the same time."""
        place = job["place"]
        cards = state["cards"]
        card = cards[place]
        if not card["zone"].endswith(".field"):
            return []
        memo = self._last  # (card_facts without the call)
        of = memo.of if memo is not None and memo.cards is cards else self.card_facts(state)
        own = of[place].attacks  # (_job_simultaneous's _has_steps, from the facts)
        host = card.get("on")
        # (run as the place's: the season's steps act on the place on it, "self" being that place)
        season = host is not None and cards[host]["zone"] == card["zone"] and of[host].season_attacks
        if own and season:
            ready = [{"do": "effect", "card": place, "whens": list(ON_ATTACK)}, {"do": "effect", "card": host, "source": place, "whens": ["attack"]}]
            return self._job_simultaneous(state, {"jobs": ready})
        # (one with steps: run at once, as _job_simultaneous would; _job_effect without the call: the card is on the field)
        if own:
            by_when, whens, owner = of[place].steps, ON_ATTACK, card["owner"]
        elif season:
            by_when, whens, owner = of[host].steps, ("attack",), cards[host]["owner"]
        else:
            return []
        steps = []
        for when in whens:
            for s in by_when.get(when, ()):
                steps.append(dict(s))
        if not steps:
            return []
        return effects.run(state, place, owner, steps, then="job")

    def _job_attack_damage(self, state, job):
        """④ the place's power (bottom left, as changed) as damage to the goldfish's life."""
        place = job["place"]
        if not state["cards"][place]["zone"].endswith(".field"):
            return []
        counters = state["cards"][place]["counters"]  # (the power, without the call for a place with no counters)
        if counters:
            power = max(0, self.power(state, place))
        else:
            memo = self._last  # (fact without the call)
            power = max(0, (memo.of[place] if memo is not None and memo.cards is state["cards"] else self.fact(state, place)).power)
        if "turns" in state["flags"]:  # (versus) the opponent may take it with 魂 (防御)
            t = 1 - state["cards"][place]["owner"]
            soul = state["zones"][zone(t, "soul")]
            if power > 0 and soul:
                block = {"zone": zone(t, "soul"), "min": 0, "max": min(power, len(soul))}
                state["pending"] = {"type": "defend", "player": t, "amount": power, "source": place, "attack": True, "choose": block}
                return []
            events = self._take_damage(state, t, power)
            self.check_result(state)
            return events
        target = state["players"][1]
        target["life"] -= power
        events = [{"type": "damage", "player": 1, "amount": power, "life": target["life"]}]
        self.check_result(state)
        return events

    def _job_attack_end(self, state, job):
        """⑤ the place and its apparitions go to 魂 together."""
        place = job["place"]
        if not state["cards"][place]["zone"].endswith(".field"):
            return []
        return self._to_soul(state, place)

    def after_effects(self, state, then, source, player) -> list[dict]:
        """A card's effect is done: the effects it set off (保留) come next, in the player's order, then the rest
        of the queue (効果の発動 ①)."""
        if then != "job":
            return []
        memo = self._last  # (the game's Instances.inert: _settle_riders would find nothing to do)
        events = [] if memo is not None and memo.cards is state["cards"] and memo.inert else self._settle_riders(state)
        flags = state["flags"]
        if flags["held"]:
            flags["jobs"].insert(0, {"do": "simultaneous", "jobs": flags["held"]})
            flags["held"] = []
        if not flags["jobs"]:  # (_drive with nothing queued does nothing)
            return events
        return events + self._drive(state)

    settle = _settle_riders  # the hook after every rule action (the method itself: one call less per action)

    # -- decisions ------------------------------------------------------------------------------------------

    def decision(self, state):
        pending = state["pending"]
        if pending and pending["type"] == "timing":  # (the commonest, asked at every answer: the shape made at once)
            return {"type": "timing", "player": pending.get("player", 0), "answer": "tool", "field": "card", "many": False,
                    "candidates": self.usable_tools(state), "min": 0, "max": 1, "also": [], "answers": None}
        out = super().decision(state)
        if not out:
            return out
        kind, pending = out["type"], state["pending"]
        if kind == "hand_limit":  # 手札公開場 cards count as hand (seed): they may go too
            hand = self.hand_cards(state)
            out.update(candidates=hand, max=min(pending["choose"]["max"], len(hand)))
        elif kind == "potential":
            out.update(field="card", candidates=self._potential_places(state), min=0, max=1)
        elif kind == "timing":
            out.update(field="card", candidates=self._usable_tools(state), min=0, max=1)
        elif kind in ("god", "order"):
            candidates = self._open_candidates(state, pending)
            out.update(field="card", candidates=candidates, min=1 if candidates else 0, max=1)
        return out

    def _open_candidates(self, state, pending) -> list[str]:
        if pending["type"] == "order":
            return list(pending["candidates"])
        on = [c for c in pending["candidates"] if state["cards"][c]["zone"].endswith(".field")]
        return on if len(on) > 1 else []  # (one moved away by hand: nothing left to choose)

    def _potential_places(self, state) -> list[str]:
        return [i for i in self.hand_cards(state) if self._type(state, i) == PLACE and "潜在能力" in self.fact(state, i).keywords]

    def _legal_zero_search(self, state, pending):
        hand = state["zones"][zone(pending.get("player", 0), "hand")]
        return [{"type": "zero_search", "cards": []}] + [{"type": "zero_search", "cards": [i]} for i in hand]

    def _legal_potential(self, state, pending):
        # any number of them, with no cost named (seed: 「◼︎潜在能力」を持つ【場所札】があれば召喚できます)
        return [{"type": "summon", "card": i} for i in self._potential_places(state)] + [{"type": "potential_done"}]

    def _legal_timing(self, state, pending):
        return [{"type": "tool", "card": i} for i in self._usable_tools(state)] + [{"type": "tool", "option": "skip"}]

    def _legal_choose(self, state, pending):
        if pending["type"] == "choose":
            return effects.choose_actions(state)
        if pending["type"] == "defend":
            soul = state["zones"][pending["choose"]["zone"]]
            most = min(pending["choose"]["max"], len(soul))
            return [{"type": "choose", "cards": []}] + ([{"type": "choose", "cards": soul[:most]}] if most else [])
        return [{"type": "choose", "card": c} for c in self._open_candidates(state, pending)] or [{"type": "choose", "card": None}]

    _legal_god = _legal_defend = _legal_order = _legal_choose

    def _legal_hand_limit(self, state, pending):
        return [{"type": "hand_limit", "cards": self.hand_cards(state)[: pending["n"]]}]

    def _legal_free(self, state):
        hand = self.hand_cards(state)
        flags = state["flags"]
        out = []
        me = self._me(state)
        soul = self.soul_seasons(state, me)
        types = {i: self._type(state, i) for i in hand}
        if not flags["summon"]:
            seasons_free = self._free_seasons(state)
            for i in hand:
                if types[i] == PLACE and self.affordable(state, me, i, soul):
                    out.append({"type": "summon", "card": i})
                    out += [{"type": "summon", "card": i, "onto": s} for s in seasons_free]
        if not flags["attack"]:
            out += [{"type": "attack", "card": p} for p in self._on_field(state, me, PLACE) if not state["cards"][p]["tapped"]]
        if not flags["possess"]:
            places = self._on_field(state, me, PLACE)
            out += [{"type": "possess", "card": i, "target": p} for i in hand if types[i] == APPARITION for p in places]
        if not flags["deploy"]:
            out += [{"type": "deploy", "card": i} for i in hand if types[i] == SEASON and self.affordable(state, me, i, soul)]
        if not flags["tool"]:
            out += [{"type": "tool", "card": i} for i in hand if types[i] == TOOL and self.tool_usable(state, me, i, soul)]
        out.append({"type": "end_turn"})
        return out

    # -- actions ------------------------------------------------------------------------------------------------

    def _hand_card(self, state, action, card_type, me=None) -> str:
        """The action's card, one of `me`'s hand_cards (the seat that decides when not given) of this type."""
        iid = action.get("card")
        zones = state["zones"]
        if me is None:
            me = self._me(state)
        if iid not in zones[HANDS[me]] and iid not in zones[REVEALS[me]]:  # (_in_hand without the call)
            raise IllegalAction(f"card: {iid!r} is not in your hand")
        memo = self._last  # (fact without the call)
        if (memo.of[iid] if memo is not None and memo.cards is state["cards"] else self.fact(state, iid)).type != card_type:
            raise IllegalAction(f"card: {iid!r} is not a {card_type}")
        return iid

    def _need(self, state, flag):
        if state["flags"].get(flag):
            raise IllegalAction(f"{flag}: already done this turn")

    def _pay(self, state, iid, me=None):
        if not self.affordable(state, self._me(state) if me is None else me, iid):  # 魂 read as far as needed
            raise IllegalAction(f"card: {iid!r} costs {self._cost(state, iid)} with its season in 魂")

    def _declare(self, state, action, me=None) -> list[dict]:
        """A sub-phase is declared: a tool may answer it; then it is carried out if it still can be (`me`: the seat
        that decides, when the caller has it; nothing before the carry changes it)."""
        # (_window's first answers without the call: against the goldfish, no moment once the tool was used, or with
        # no tool in the hand or the 手札公開場)
        if state["players"][1]["goldfish"]:
            memo = self._last
            if state["flags"]["tool"]:
                events = []
            elif memo is not None and memo.cards is state["cards"] and memo.tools.isdisjoint(state["zones"][P0_HAND]) and memo.tools.isdisjoint(state["zones"][P0_REVEAL]):
                events = []
            # (the rest of _window's goldfish answer without the call: its first tests are the ones above; at the start
            # of the action, the answer noted at this version, where the action was chosen: see _usable)
            elif state["options"].get("tool_timing", "declarations") != "declarations":
                events = []
            elif not (answered[2] if memo is not None and memo.cards is state["cards"] and (answered := memo.answered) is not None
                      and answered[0] == len(state["log"]) and answered[1] == 0 else self._usable(state, 0)):
                events = []
            else:
                at = action["type"]
                state["pending"] = {"type": "timing", "player": 0, "at": at}
                events = [{"type": "declare", "at": at}]
        else:
            events = self._window(state, action["type"])
        if state["pending"] or state["result"] is not None:  # a tool's moment first: the declaration waits
            state["flags"]["jobs"].insert(0, {"do": "declared", "action": dict(action)})
            return events
        # (the commonest: carried out at once, as _drive would run it from the front of the queue; the carry
        # only reads the action, and nothing happened since the _do_ handler checked it: no tool was used)
        carried = self._carry[action["type"]](state, action, True, me)  # (a new list: added to below)
        if events:
            carried = events + carried
        if state["flags"]["jobs"]:  # (_drive with nothing queued does nothing)
            carried += self._drive(state)
        return carried

    @staticmethod
    def _void(at, iid) -> list[dict]:
        """その宣言に対して効果でその宣言を行うことができなかった場合…その宣言は無くなり: the sub-phase stays open."""
        return [{"type": "declaration_void", "at": at, "card": iid}]

    def _do_zero_search(self, state, action):
        cards = action["cards"]  # (a list of different cards from the hand: the core checked the decision)
        me = state["pending"].get("player", 0)
        events = []
        for iid in cards:  # to the bottom, in the order given (the last given is the lowest)
            events.append(move(state, iid, zone(me, "deck"), index=0))
        events += draw(state, me, len(cards), forced=True)
        state["pending"] = {"type": "potential", "player": me}
        return [{"type": "zero_search", "count": len(cards)}] + events

    def _do_summon(self, state, action):
        if state["pending"]:  # the ■潜在能力 decision
            return self._summon_potential(state, action)
        if state["flags"].get("summon"):  # (_need without the call)
            raise IllegalAction("summon: already done this turn")
        me = 0 if state["players"][1]["goldfish"] else self._me(state)  # (_me's goldfish answer without the call)
        # (_hand_card and affordable without the calls)
        iid = action.get("card")
        zones = state["zones"]
        if iid not in zones[HANDS[me]] and iid not in zones[REVEALS[me]]:
            raise IllegalAction(f"card: {iid!r} is not in your hand")
        memo = self._last
        if memo is None or memo.cards is not state["cards"]:
            memo = self._new_game(state)
        f = memo.of[iid]
        if f.type != PLACE:
            raise IllegalAction(f"card: {iid!r} is not a {PLACE}")
        soul = zones[SOULS[me]]
        if not (f.cost <= len(soul) and (f.free or self._season_in(state, memo, f, soul))):  # 魂 read as far as needed
            raise IllegalAction(f"card: {iid!r} costs {self._cost(state, iid)} with its season in 魂")
        onto = action.get("onto")
        if onto is not None:  # (onto in _free_seasons, without its list: a season of this field with no place on it)
            of = memo.of
            if onto not in zones[FIELDS[me]] or of[onto].type is not SEASON:
                raise IllegalAction("onto: your season card with no place on it")
            cards = state["cards"]
            where = cards[onto]["zone"]
            for r in memo.riding:  # (a place among _riders(onto), without the call and its order)
                card = cards[r]
                if card.get("on") == onto and card["zone"] == where and of[r].type is PLACE:
                    raise IllegalAction("onto: your season card with no place on it")
        if state["players"][1]["goldfish"] and state["result"] is None and (
            state["flags"]["tool"] or (memo.tools.isdisjoint(zones[P0_HAND]) and memo.tools.isdisjoint(zones[P0_REVEAL]))
        ):  # (_declare's commonest answer without the call: no tool's moment, the summon carried out at once)
            events = self._carry_summon(state, action, True, me)
            if state["flags"]["jobs"]:
                events += self._drive(state)
            return events
        return self._declare(state, action, me)

    def _summon_potential(self, state, action):
        iid = action.get("card")
        if iid is None:
            return self._do_potential_done(state, action)
        if iid not in self._potential_places(state):
            raise IllegalAction("card: a place with ■潜在能力 in your hand")
        me = state["pending"].get("player", 0)
        events = [move(state, iid, FIELDS[me], face_up=True)]
        state["cards"][iid]["tapped"] = True  # 伏せ; it rises in the first recovery phase
        state["pending"] = None
        state["flags"]["jobs"][0:0] = [*self._entered(iid), {"do": "potential", "player": me} if me else {"do": "potential"}]
        return events + self._drive(state)

    @staticmethod
    def _entered(iid) -> list[dict]:
        """What follows a card's arrival on the field: the 神 rule, then its 召喚時 effect."""
        return [{"do": "god", "card": iid}, {"do": "effect", "card": iid, "whens": ["summon"]}]

    def _run_entered(self, state, iid, f=None) -> list[dict]:
        """The jobs of _entered, run at once as _drive would run them from the front of the queue (a carry's
        caller drives the queue right after it); what is left when one waits for a decision is queued. (`f`: the
        card's Facts, when the caller has them.)"""
        if f is None:
            f = self.fact(state, iid)  # (a card without 神 or 召喚時 steps: those jobs do nothing, and are not run)
        events = self._job_god(state, {"do": "god", "card": iid}) if f.god else []
        if state["pending"] or state["result"] is not None:
            state["flags"]["jobs"].insert(0, {"do": "effect", "card": iid, "whens": ["summon"]})
            return events
        if "summon" not in f.whens:
            return events
        return events + self._job_effect(state, {"do": "effect", "card": iid, "whens": ["summon"]})

    def _do_potential_done(self, state, action):
        flags = state["flags"]
        if "turns" in flags:  # (versus) the second player's 零探し, or the first player's first turn
            me = state["pending"].get("player", 0)
            if me == flags["first"]:
                self._zero_search(state, 1 - me)
                return []
            state["pending"] = None
            flags["jobs"] += self._turn_of(flags["first"])
            return self._drive(state)
        state["pending"] = None
        if not flags["jobs"] and "eot" not in state and state["result"] is None:
            # (the goldfish's turn and the player's first, as _drive runs their jobs from the queue: TURN_END from its
            # goldfish on, whose first end of turn, with no change noted, does nothing; or from its turn on)
            return self._next_turn(state, own=flags["first"] != 1)
        flags["jobs"] += (self._goldfish_turn() if flags["first"] == 1 else []) + self._own_turn()
        return self._drive(state)

    def _carry_summon(self, state, action, checked=False, me=None):
        """(checked: carried out right after _do_summon's checks with nothing between, so they hold still; `me`:
        the seat, given by _do_summon)"""
        iid = action["card"]
        if me is None:
            me = self._me(state)
        if not checked and (not self._in_hand(state, iid) or not self.affordable(state, me, iid)):
            return self._void("summon", iid)
        onto = action.get("onto")
        events = []
        if onto is not None and not checked and onto not in self._free_seasons(state):  # the season left: summoned onto the field
            events.append({"type": "season_gone", "card": onto})
            onto = None
        events.append(move(state, iid, FIELDS[me], face_up=True))
        cards = state["cards"]
        card = cards[iid]
        card.pop("on", None)
        card.pop("order", None)
        memo = self._last  # (_memo without the call: the move reads no facts)
        if memo is None or memo.cards is not cards:
            memo = self._new_game(state)
        of = memo.of
        if onto is not None:  # (_sit without the call)
            card["on"] = onto
            memo.riding.add(iid)
        # ■速攻: its own, or the season's it sits on (_has_keyword without the call)
        f = of[iid]
        fast = "速攻" in f.keywords or (onto is not None and cards[onto]["zone"] == card["zone"] and of[onto].type is SEASON and "速攻" in of[onto].keywords)
        card["tapped"] = not fast
        state["flags"]["summon"] = True
        if not f.god and "summon" not in f.whens and not state["pending"] and state["result"] is None:
            return events  # (_run_entered's commonest answer without the call: nothing to run)
        return events + self._run_entered(state, iid, f)

    def _do_possess(self, state, action):
        self._need(state, "possess")
        self._hand_card(state, action, APPARITION)
        if action.get("target") not in self._on_field(state, self._me(state), PLACE):
            raise IllegalAction("target: one of your places on the field")
        return self._declare(state, action)

    def _carry_possess(self, state, action, checked=False, me=None):
        iid, target = action["card"], action["target"]
        if not self._in_hand(state, iid):
            return self._void("possess", iid)
        me = self._me(state)
        if target not in self._on_field(state, me, PLACE):  # 憑依先を失った【怪異札】は持ち主の手札公開場に置く
            return self._void("possess", iid) + [move(state, iid, zone(me, "reveal"), face_up=True)]
        order = state.get("next_order", 1)
        state["next_order"] = order + 1
        events = [move(state, iid, FIELDS[me], face_up=False)]
        self._sit(state, iid, target, order)
        state["flags"]["possess"] = True
        return events

    def _do_deploy(self, state, action):
        self._need(state, "deploy")
        iid = self._hand_card(state, action, SEASON)
        self._pay(state, iid)
        memo = self._last  # (the game's: _hand_card read its facts)
        zones = state["zones"]
        if state["players"][1]["goldfish"] and state["result"] is None and (
            state["flags"]["tool"] or (memo.tools.isdisjoint(zones[P0_HAND]) and memo.tools.isdisjoint(zones[P0_REVEAL]))
        ):  # (_declare's commonest answer without the call: no tool's moment, as for a summon)
            events = self._carry_deploy(state, action, True, 0)
            if state["flags"]["jobs"]:
                events += self._drive(state)
            return events
        return self._declare(state, action)

    def _carry_deploy(self, state, action, checked=False, me=None):
        """(checked: as for _carry_summon)"""
        iid = action["card"]
        me = 0 if state["players"][1]["goldfish"] else self._me(state)  # (_me's goldfish answer without the call)
        if not checked and (not self._in_hand(state, iid) or not self.affordable(state, me, iid)):
            return self._void("deploy", iid)
        events = []
        for old in self._on_field(state, me, SEASON):  # one season a player: the old one and what is on it to 魂
            events += self._to_soul(state, old)
        events.append(move(state, iid, FIELDS[me], face_up=True))
        state["flags"]["deploy"] = True
        return events + self._run_entered(state, iid)

    def _do_attack(self, state, action):
        if state["flags"].get("attack"):  # (_need without the call)
            raise IllegalAction("attack: already done this turn")
        place = action.get("card")
        me = 0 if state["players"][1]["goldfish"] else self._me(state)  # (_me's goldfish answer without the call)
        memo = self._last  # (fact without the call)
        if memo is None or memo.cards is not state["cards"]:
            memo = self._new_game(state)
        zones = state["zones"]
        if place not in zones[FIELDS[me]] or memo.of[place].type != PLACE or state["cards"][place]["tapped"]:
            raise IllegalAction("card: one of your places that is 起き (not 伏せ)")
        if state["players"][1]["goldfish"] and state["result"] is None and (
            state["flags"]["tool"] or (memo.tools.isdisjoint(zones[P0_HAND]) and memo.tools.isdisjoint(zones[P0_REVEAL]))
        ):  # (_declare's commonest answer without the call: no tool's moment, the attack carried out at once)
            events = self._carry_attack(state, action, True, me)
            if state["flags"]["jobs"]:
                events += self._drive(state)
            return events
        return self._declare(state, action, me)

    def _carry_attack(self, state, action, checked=False, me=None):
        place = action["card"]
        card = state["cards"][place]
        if card["zone"] != FIELDS[self._me(state) if me is None else me] or card["tapped"]:  # made 伏せ or removed at the declaration
            return self._void("attack", place)
        flags = state["flags"]
        flags["attack"] = True
        steps = []
        memo = self._last
        if memo is None or memo.cards is not state["cards"]:
            memo = self._new_game(state)
        # (only the apparitions on the place are looked at: with none of the game's riding, _riders is not asked)
        riders = self._riders(state, place) if not memo.kinds[3].isdisjoint(memo.riding) else ()
        if riders:
            of = memo.of
            for r in riders:
                if of[r].type is APPARITION:
                    steps.append({"do": "apparition", "card": r, "place": place})
        jobs = flags["jobs"]
        events = [{"type": "attack", "card": place}]
        if jobs:  # (behind nothing, they run at once below)
            jobs[0:0] = steps + self._attack_steps(place)
            return events
        # The commonest: nothing queued. The steps run here one after the other as _drive would run them from the
        # front of the queue (a job that drives the queue itself, an effect's after_effects, finds nothing of
        # them there and leaves them to this loop); when one waits for a decision or the game is over, the ones
        # left are queued behind what that one queued, where they would be. (The place's three steps, run here,
        # share one job: they read only its place.)
        if steps:
            for k, step in enumerate(steps):
                if state["pending"] or state["result"] is not None:
                    jobs += steps[k:] + self._attack_steps(place)
                    return events
                events += self._job_apparition(state, step)
        job = {"place": place}
        if state["pending"] or state["result"] is not None:
            jobs += self._attack_steps(place)
            return events
        of = memo.of  # (the facts: a place with no 攻撃時 steps on a season with none has nothing to run)
        host = card.get("on")
        if of[place].attacks or (host is not None and of[host].season_attacks):
            events += self._job_attack_effects(state, job)
            if state["pending"] or state["result"] is not None:
                jobs += self._attack_steps(place, 1)
                return events
        if "turns" in flags:
            events += self._job_attack_damage(state, job)
        elif card["zone"].endswith(".field"):  # (_job_attack_damage's goldfish game without the call)
            counters = card["counters"]  # (power without the call: printed, changed by counters, lowered by damage)
            power = of[place].power + counters.get("power", 0) - counters.get("damage", 0) if counters else of[place].power
            if power < 0:
                power = 0
            target = state["players"][1]
            target["life"] -= power
            events.append({"type": "damage", "player": 1, "amount": power, "life": target["life"]})
            # check_result only where it may change something: otherwise it scans no field (no counters noted:
            # memo.counted, "eot") and finds no life at 0 and no loss
            player = state["players"][0]
            if (target["life"] <= 0 or player["life"] <= 0 or player["lost"] or target["lost"]
                    or (not memo.inert and (memo.counted or "eot" in state))):
                self.check_result(state)
        if state["pending"] or state["result"] is not None:
            jobs += self._attack_steps(place, 2)
            return events
        if card["zone"].endswith(".field"):  # (_job_attack_end without the call)
            riding = memo.riding  # (the game's memo, fetched above)
            if riding:
                cards, where = state["cards"], card["zone"]
                for i in riding:
                    other = cards[i]
                    if other.get("on") == place and other["zone"] == where:  # (something sits on it: _to_soul takes it along)
                        events += self._to_soul(state, place)
                        return events
            # (_to_soul's commonest case without the call: nothing sits on the place)
            if "on" in card:
                del card["on"]
                riding.discard(place)
            card.pop("order", None)
            card["tapped"] = False
            card["counters"] = {}
            events.append(move(state, place, SOULS[card["owner"]], face_up=True))
        return events

    @staticmethod
    def _attack_steps(place, k=0) -> list[dict]:
        """The jobs of an attack after its apparitions, from the k-th on: 攻撃時, the damage, the end."""
        return [{"do": do, "place": place} for do in ("attack_effects", "attack_damage", "attack_end")[k:]]

    def _do_tool(self, state, action):
        pending = state["pending"]
        if pending:  # a declaration's moment ("timing"): the core checked the card is one of the usable tools
            state["pending"] = None
            if pending.get("then"):  # (versus) the next player is asked after this answer and its tool's effect
                state["flags"]["jobs"].insert(0, {"do": "ask", "at": pending["at"], "order": pending["then"]})
            iid = action.get("card")
            if iid is None:
                jobs = state["flags"]["jobs"]
                if jobs and state["players"][1]["goldfish"]:
                    # The turn's next declarations, as _drive would run them from the queue: after the start's, the
                    # recovery's; after the recovery's, the recovery and the draw's. When the moment answered was
                    # asked by _window in the action before this one (memo.asked: the same version, so nothing
                    # happened between, no manual action), the next moment finds the same usable tool: the phase
                    # and recovery jobs between change nothing _window reads (the hand, 手札公開場, 魂, the field's
                    # cards and their faces, the tool flag, the options), so it asks again without looking.
                    at, job = pending["at"], jobs[0]
                    memo = self._last
                    if memo is not None and memo.asked == len(state["log"]) and memo.cards is state["cards"]:
                        if at == "start" and job == RECOVERY_PHASE:
                            del jobs[0]
                            at = state["phase"] = "recovery"
                            state["pending"] = {"type": "timing", "player": 0, "at": at}
                            memo.asked += 1
                            return [{"type": "declare", "at": at}]
                        if at == "recovery" and job == RECOVER and len(jobs) > 1 and jobs[1] == DRAW_PHASE:
                            del jobs[:2]
                            cards = state["cards"]  # (_job_recover without the call)
                            for i in state["zones"][FIELDS[state["active"]]]:
                                card = cards[i]
                                card["tapped"] = False
                                if card["counters"]:
                                    card["counters"].pop("damage", None)
                            at = state["phase"] = "draw"
                            state["pending"] = {"type": "timing", "player": 0, "at": at}
                            memo.asked += 1
                            return [{"type": "declare", "at": at}]
                    if at == "draw" and job == DRAW and len(jobs) > 1 and jobs[1] == MAIN_PHASE:
                        # (the draw and the main phase, as _drive runs them: _job_draw, and no moment in the main phase)
                        del jobs[:2]
                        events = draw(state, 0, 1, forced=True) if state["turn"] > 1 else self._job_draw(state, job)
                        state["phase"] = "main"
                        if jobs:
                            events += self._drive(state)
                        return events
                return self._drive(state)
            return self._use_tool(state, iid)
        me = 0 if state["players"][1]["goldfish"] else self._me(state)  # (_me's goldfish answer without the call)
        flags = state["flags"]
        if flags["tools"][me] if "tools" in flags else flags.get("tool", False):  # (_tool_used without the call)
            raise IllegalAction("tool: already done this turn")
        iid = action.get("card")
        # (tool_usable's answer for a tool in hand: the kept one, as a rule; a usable tool is one of the seat's hand_cards
        # and a 道具札, so _hand_card is asked only for the refusal: its own first. At the start of the action with the
        # answer noted at this version, asked where the action was chosen: that one, see _usable)
        memo = self._last
        answered = memo.answered if memo is not None and memo.cards is state["cards"] else None
        if answered is not None and answered[0] == len(state["log"]) and answered[1] == me:
            usable = answered[2]
        else:
            usable = self._usable(state, me)
        if iid not in usable:
            self._hand_card(state, action, TOOL, me)
            raise IllegalAction(f"card: {iid!r} is not usable now (its cost, its season in 魂, or nothing to choose)")
        return self._use_tool(state, iid)

    def power(self, state, iid) -> int:
        """A place's power now: printed, changed by effects ("power" counters), lowered by damage."""
        counters = state["cards"][iid]["counters"]
        memo = self._last
        printed = (memo.of[iid] if memo is not None and memo.cards is state["cards"] else self.fact(state, iid)).power
        if not counters:
            return printed
        return printed + counters.get("power", 0) - counters.get("damage", 0)

    def _in_hand(self, state, iid) -> bool:
        """`iid` is one of hand_cards (without making that list)."""
        zones, me = state["zones"], self._me(state)
        return iid in zones[HANDS[me]] or iid in zones[REVEALS[me]]

    def hand_cards(self, state) -> list[str]:
        """The hand (of the seat that decides) as the rules count and play it: 手札公開場 cards count as hand (seed)."""
        me = self._me(state)
        zones = state["zones"]
        return zones[HANDS[me]] + zones[REVEALS[me]]

    def _do_end_turn(self, state, action):
        """⑤ エンドフェイズ: its declaration is a moment for a tool (●エンドフェイズ※ただし手札超過の処理の移行後は使えない),
        then the hand limit, during which no tool."""
        state["phase"] = "end"
        if state["players"][1]["goldfish"]:  # (_window's goldfish answer without the call, as in _declare)
            memo = self._last
            zones = state["zones"]
            if state["flags"]["tool"]:
                events = []
            elif memo is not None and memo.cards is state["cards"] and memo.tools.isdisjoint(zones[P0_HAND]) and memo.tools.isdisjoint(zones[P0_REVEAL]):
                events = []
            elif state["options"].get("tool_timing", "declarations") != "declarations" or not self._usable(state, 0):
                events = []
            else:
                state["pending"] = {"type": "timing", "player": 0, "at": "end"}
                events = [{"type": "declare", "at": "end"}]
        else:
            events = self._window(state, "end")
        if state["pending"]:
            state["flags"]["jobs"].insert(0, {"do": "end_phase"})
            return events
        if state["players"][1]["goldfish"]:  # (no tool's moment at the end: see _next_turn's `quiet`)
            zones = state["zones"]  # (_job_end_phase without the call: the goldfish game's seat is 0)
            held = len(zones[P0_HAND]) + len(zones[P0_REVEAL])
            if held <= HAND_LIMIT:
                return events + self._next_turn(state, 1 if state["flags"]["tool"] else 2)
            return events + self._job_end_phase(state, None)
        return events + self._job_end_phase(state, None)

    def _job_end_phase(self, state, job, quiet=0):
        """The end phase after its declaration: the hand limit, then the next turn (`quiet`: see _next_turn)."""
        state["phase"] = "end"
        zones = state["zones"]  # (hand_cards' count, without the list; _me's goldfish answer without the call)
        me = 0 if state["players"][1]["goldfish"] else self._me(state)
        held = len(zones[HANDS[me]]) + len(zones[REVEALS[me]])
        if held > HAND_LIMIT:  # no tool from here on (この間、どちらも【道具札】使用する事はできません)
            n = held - HAND_LIMIT
            me = state["active"]
            state["pending"] = {"type": "hand_limit", "player": me, "n": n, "choose": {"zone": zone(me, "hand"), "min": n, "max": n}}
            return [{"type": "hand_limit", "n": n}]
        return self._next_turn(state, quiet)

    def _do_hand_limit(self, state, action):
        cards = action["cards"]  # (exactly n different cards of the hand: the core checked the decision)
        events = []
        for iid in cards:
            events.append(move(state, iid, zone(state["cards"][iid]["owner"], "soul"), face_up=True))
        state["pending"] = None
        return events + self._next_turn(state)

    # The jobs from the end of the player's turn to their next main phase, in order (what _next_turn queues).
    TURN_END = ({"do": "end_of_turn"}, {"do": "goldfish"}, {"do": "end_of_turn"}, {"do": "turn"}, RECOVERY_PHASE, RECOVER, DRAW_PHASE, DRAW, MAIN_PHASE)

    def _next_turn(self, state, quiet=0, own=False):
        """(quiet, against the goldfish: the end phase's declaration, right before with nothing between, found no tool
        to use, with the hand, 魂 and field as they are here: 1, the goldfish's declaration finds none either; 2, the
        tool was not used this turn, and the next turn's start finds none either: it opens the same tool flag. own:
        the game's first turn, the player's, as _own_turn's jobs: TURN_END from its turn on, with nothing queued)"""
        jobs = state["flags"]["jobs"]
        if "turns" in state["flags"]:  # (versus) the other player's turn
            jobs += [{"do": "end_of_turn"}, *self._turn_of(1 - state["active"])]
            return self._drive(state)
        if jobs or state["pending"] or state["result"] is not None:  # (the turn's jobs wait behind what is queued)
            jobs += [dict(job) for job in self.TURN_END]
            return self._drive(state)
        # The commonest: nothing queued. The jobs of TURN_END run here one after the other as _drive would run
        # them from the queue (none of them queues anything, and only a tool's moment, _window, can make one
        # wait: no job here ends the game), and only those left when one waits for a decision are queued, as
        # they would be. The start, recovery and draw declarations come one after the other with the same hand,
        # 魂, field and flags (the turn, phase and recover jobs change nothing a tool's moment reads): once one of
        # them found no tool to use, the next ones would find none either, and only set the phase.
        if own:  # (the first turn, the player's: from TURN_END's turn on)
            events = []
        else:
            # (the end of turn changes back counters only: nothing a tool's moment reads)
            if "eot" in state:  # (_job_end_of_turn and _end_of_turn without the calls)
                memo = self._last
                if memo is None or memo.cards is not state["cards"]:
                    memo = self._new_game(state)
                memo.counted = True
                events = effects.end_of_turn(state)
            else:
                events = []
            state["active"] = 1  # (_job_goldfish without the call; its moment only when not quiet)
            state["phase"] = "goldfish"
            events.append({"type": "goldfish_turn"})
            if not quiet:
                events += self._window(state, "goldfish")
                if state["pending"]:
                    return events + self._queue_turn_end(jobs, 2)
            if "eot" in state:  # (_end_of_turn without the call)
                memo = self._last
                if memo is None or memo.cards is not state["cards"]:
                    memo = self._new_game(state)
                memo.counted = True
                events += effects.end_of_turn(state)
        n = state["turn"] = state["turn"] + 1  # (_job_turn without the call; its moment only when not quiet 2)
        state["active"] = 0
        state["phase"] = "start"
        state["flags"].update(TURN_OPEN)
        events.append({"type": "turn", "turn": n})
        if quiet != 2 and n > 1:  # (_window's goldfish answer without the call: the tool flag was just opened)
            memo = self._last
            zones = state["zones"]
            if memo is None or memo.cards is not state["cards"] or not (
                memo.tools.isdisjoint(zones[P0_HAND]) and memo.tools.isdisjoint(zones[P0_REVEAL])
            ):
                if state["options"].get("tool_timing", "declarations") == "declarations" and self._usable(state, 0):
                    state["pending"] = {"type": "timing", "player": 0, "at": "start"}
                    self._last.asked = len(state["log"]) + 1  # (as _window notes it: see _do_tool)
                    events.append({"type": "declare", "at": "start"})
                    return events + self._queue_turn_end(jobs, 4)
        if state["turn"] > 1:
            state["phase"] = "recovery"  # (the same moment as the turn's start: no tool)
        else:
            events += self._job_phase(state, RECOVERY_PHASE)
            if state["pending"]:
                return events + self._queue_turn_end(jobs, 5)
        cards = state["cards"]  # (_job_recover without the call: 伏せ cards turn 起き, damage goes)
        for iid in state["zones"][P0_FIELD]:
            card = cards[iid]
            card["tapped"] = False
            if card["counters"]:
                card["counters"].pop("damage", None)
        state["phase"] = "draw"  # (the same moment as the one before: no tool)
        # (_job_draw without the call past the first turn, the only one that may have no draw)
        events += draw(state, 0, 1, forced=True) if state["turn"] > 1 else self._job_draw(state, DRAW)
        state["phase"] = "main"
        return events

    def _queue_turn_end(self, jobs, k) -> list[dict]:
        """TURN_END's jobs from the k-th on are queued (one waits for a decision)."""
        jobs += [dict(left) for left in self.TURN_END[k:]]
        return []

    def _do_choose(self, state, action):
        kind = state["pending"]["type"]
        if kind == "choose":
            return effects.choose(state, action)
        return self._answers[kind](state, action)

    def _answer_god(self, state, action):
        iid = action.get("card")
        state["pending"] = None
        events = [] if iid is None else [{"type": "god_rule", "card": iid}] + self._to_soul(state, iid)
        return events + self._drive(state)

    def _answer_order(self, state, action):
        pending = state["pending"]
        state["pending"] = None
        first = next(j for j in pending["jobs"] if j["card"] == action["card"])
        rest = [j for j in pending["jobs"] if j is not first]
        state["flags"]["jobs"][0:0] = [first, {"do": "simultaneous", "jobs": rest}]
        return self._drive(state)

    # -- damage to the player: 防御 ------------------------------------------------------------------------------

    def _damage_step(self, state, frame, step, target):
        """An effect's damage: the human player may take it with 魂 cards (防御); the goldfish has no 魂."""
        amount = 1 if step.get("amount") is None else step["amount"]
        soul = state["zones"][zone(target, "soul")]
        if amount > 0 and soul and not state["players"][target]["goldfish"]:
            block = {"zone": zone(target, "soul"), "min": 0, "max": min(amount, len(soul))}
            return [], {"type": "defend", "player": target, "amount": amount, "source": frame["source"], "choose": block}
        return self._take_damage(state, target, amount), None

    @staticmethod
    def _take_damage(state, player, amount) -> list[dict]:
        target = state["players"][player]
        target["life"] -= amount
        return [{"type": "damage", "player": player, "amount": amount, "life": target["life"]}]

    def _answer_defend(self, state, action):
        """魂を除外する事でダメージを魂で受けられます…1枚の魂につき1点: the chosen 魂 cards go face up to 除外, the
        rest of the damage to life; an exiled card's "exiled" steps (■不屈) wait until this effect is done."""
        pending = state["pending"]
        player, cards = pending["player"], action["cards"]
        events = []
        for iid in cards:
            events.append(move(state, iid, zone(player, "exile"), face_up=True))
            if "exiled" in self.fact(state, iid).whens:
                state["flags"]["held"].append({"do": "effect", "card": iid, "whens": ["exiled"], "anywhere": True})
        events.append({"type": "defend", "player": player, "cards": list(cards)})
        events += self._take_damage(state, player, pending["amount"] - len(cards))
        state["pending"] = None
        self.check_result(state)  # 0点になった瞬間
        if pending.get("attack"):  # (versus) an attack's damage: the effects it set off, then the attack goes on
            flags = state["flags"]
            if flags["held"]:
                flags["jobs"].insert(0, {"do": "simultaneous", "jobs": flags["held"]})
                flags["held"] = []
            return events + self._drive(state)
        return events + effects.resume(state, pending)

    # -- versus: the seat that plays ----------------------------------------------------------------------------

    versus = True  # the second seat may be a player (new_game's seats): the rules act for the seat that decides

    def first_seat(self, state):
        return state["flags"].get("first") if isinstance(state.get("flags"), dict) else None

    # The strong AI's budget (versus.SeatAI): each candidate action is judged by the outlook right after it, in
    # determinized games (a horizon of -1: the rollout plays no further action). Between two players who both
    # defend against lethal damage the game ends when a deck runs out (山札がない…敗北), and a rollout played on by
    # the heuristic uses every 古びた懐中電灯 it holds in both branches of a choice, so the draw a tool costs shows only
    # where the rollout stops before the next moment a tool may be used.
    rollout_budget = (16, -1, None)

    def outlook(self, state, seat):
        """How an unfinished game looks for `seat`, 0 to 1, from what it sees (deck sizes, life, 魂): mostly the race
        to an empty deck (②ドロー: one card a turn; a draw from an empty deck loses), then life and 魂 (the 魂 that
        防御 can exile in place of damage: ・魂を除外する事でダメージを魂で受けられます)."""
        zones, players = state["zones"], state["players"]
        other = 1 - seat
        margin = len(zones[f"p{seat}.deck"]) - len(zones[f"p{other}.deck"])
        # the one who draws next runs out first at equal decks: half a card either way
        margin += -0.5 if self._draws_next(state) == seat else 0.5
        hp = [players[p]["life"] + len(zones[f"p{p}.soul"]) for p in (seat, other)]
        score = margin + 0.05 * (hp[0] - hp[1])
        return 1.0 / (1.0 + math.exp(-score))

    @staticmethod
    def _draws_next(state) -> int:
        """(versus) The player whose ②ドロー comes next: the turn player before its draw phase is over, else the other
        (the first player's first turn has none: ①先攻は…1ターン目のみドローフェイズを行えません)."""
        active, flags = state["active"], state["flags"]
        if state.get("phase") in ("start", "recovery", "draw"):
            turns = flags.get("turns")
            if not (turns and active == flags.get("first") and turns[active] == 1 and not state["options"].get("first_player_draws")):
                return active
        return 1 - active

    def as_seat(self, state, seat):
        """The game with `seat` as seat 0 (two seats: 0 and 1 change places): zones, owners, the players, whose turn,
        who went first, each player's turns and tools, the pending decision's and the queued jobs' players, the
        winner, and state["turn"] (seat 0's own turns, vocabulary "own")."""
        if seat == 0:
            return state

        def to(p):
            return 1 - p if p.__class__ is int else p

        zmap = {name: (f"p{1 - int(name[1])}{name[2:]}" if name[:1] == "p" and name[1:2] in ("0", "1") and name[2:3] == "." else name)
                for name in state["zones"]}

        def job(j):
            j = dict(j)
            if "player" in j:
                j["player"] = to(j["player"])
            if "order" in j:
                j["order"] = [to(p) for p in j["order"]]
            if "jobs" in j:
                j["jobs"] = [job(x) for x in j["jobs"]]
            return j

        out = dict(state)
        out["zones"] = {zmap[k]: list(v) for k, v in state["zones"].items()}
        out["cards"] = cards = mirrored(state["cards"], zmap)  # (relabelled twice: the cards as they were)
        out["players"] = [dict(state["players"][1 - k], id=k) for k in range(2)]
        out["active"] = to(state["active"])
        if "first" in state:
            out["first"] = to(state["first"])
        flags = dict(state["flags"])
        if "first" in flags:
            flags["first"] = to(flags["first"])
        for key in ("tools", "turns"):
            if key in flags:
                flags[key] = flags[key][::-1]
        if "turns" in flags:
            out["turn"] = flags["turns"][0]
        flags["jobs"] = [job(j) for j in flags.get("jobs", [])]
        flags["held"] = [job(j) for j in flags.get("held", [])]
        out["flags"] = flags
        if state["pending"]:
            pending = job(state["pending"])
            if "then" in pending:
                pending["then"] = [to(p) for p in pending["then"]]
            if "choose" in pending and isinstance(pending["choose"], dict) and "zone" in pending["choose"]:
                pending["choose"] = dict(pending["choose"], zone=zmap.get(pending["choose"]["zone"], pending["choose"]["zone"]))
            out["pending"] = pending
        if state["result"] is not None and state["result"].get("winner") is not None:
            out["result"] = dict(state["result"], winner=to(state["result"]["winner"]))
        memo = self._memo(state)  # the relabelled game's facts are this one's (the same instances)
        facts = Instances()
        facts.of = dict(memo.of)
        facts.cards, facts.defs, facts.table, facts.riding = cards, memo.defs, memo.table, set(memo.riding)
        facts.soul = facts.seen = facts.present = facts.usable = None
        facts.asked = -1
        facts.answered = None
        facts.tools = memo.tools
        facts.kinds = (facts.of, *memo.kinds[1:])
        facts.counted, facts.versus, facts.inert = True, memo.versus, False  # (looked at again by check_result)
        self._prev, self._last = memo, facts
        out["log"] = list(state["log"])
        return out

    # -- manual actions and the engine's hooks ------------------------------------------------------------------

    def after_manual(self, state) -> None:
        """After a manual action: cards on a host that left the field go to 魂; cards in 魂 (表逆向き), 除外 and
        the 手札公開場, and places and seasons on the field, are face up (the seed's layout: 公開して召喚する); a pending decision
        about the hand follows the hand."""
        memo = self._memo(state)
        memo.fill()  # (a token it made)
        memo.counted = True  # (a manual action may have set counters: check_result looks again)
        memo.inert = False
        riding = memo.riding  # (noted again from every card: a manual action may do anything)
        riding.clear()
        riding.update(i for i, c in state["cards"].items() if "on" in c)
        self._settle_riders(state)
        cards = state["cards"]
        for player in range(len(state["players"])):
            for kind in ("exile", "reveal", "soul"):
                for iid in state["zones"][zone(player, kind)]:
                    cards[iid]["face_up"] = True
            for iid in state["zones"][FIELDS[player]]:  # places and seasons are on the field face up
                if not cards[iid]["face_up"] and self._type(state, iid) in (PLACE, SEASON):
                    cards[iid]["face_up"] = True
        pending = state.get("pending")
        if not pending:
            return
        if pending["type"] == "zero_search":
            pending["choose"]["max"] = len(state["zones"][zone(pending.get("player", 0), "hand")])
        elif pending["type"] == "hand_limit":
            n = max(0, len(self.hand_cards(state)) - HAND_LIMIT)
            pending["n"] = n
            pending["choose"].update(min=n, max=n)

    def add_resource(self, state, player, amount) -> list[dict]:
        """Kannagi's resource is 魂: the top cards of the deck go to it (face up); from an empty deck, a loss
        (勝利条件: 効果によって山札から札を移動する際に山札がない)."""
        deck = state["zones"][zone(player, "deck")]
        events = [move(state, deck[-1], SOULS[player], face_up=True) for _ in range(min(amount, len(deck)))]
        if len(events) < amount:
            state["players"][player]["lost"] = True
            events.append({"type": "draw_from_empty", "player": player})
        return events

    # A draw an effect makes is the engine's forced draw (Play.draw_cards): from an empty deck the drawing player
    # has lost, the goldfish too (it has no deck: 相手がドロー(札を引く)する際…山札がない).

    def _lowered_to_soul(self, state, name, of=None) -> None:
        """Damage rule ②, for the field `name` where a card has counters: its places whose power was lowered to 0 or
        below go to 魂 (`of`: card_facts, when the caller has them)."""
        cards = state["cards"]
        marked = []  # (a loop: no comprehension's frame)
        for i in state["zones"][name]:
            if cards[i]["counters"]:
                marked.append(i)
        if of is None:
            of = self.card_facts(state)
        for iid in marked:
            if of[iid].type != PLACE:
                continue
            counters = cards[iid]["counters"]
            lowered = counters.get("damage", 0) > 0 or counters.get("power", 0) < 0
            if lowered and cards[iid]["zone"] == name and self.power(state, iid) <= 0:
                self._to_soul(state, iid)

    def check_result(self, state):
        # damage rule ②: a place whose power falls to 0 or below goes to 魂 at once, by the rule (only a card
        # with counters can have been lowered: the others are not looked at)
        cards = state["cards"]
        if "turns" in state["flags"]:
            zones = state["zones"]
            for name in FIELDS:
                for iid in zones[name]:  # (a loop rather than a list: most of the time no card has counters)
                    if cards[iid]["counters"]:
                        self._lowered_to_soul(state, name)
                        break
        else:  # (the goldfish has no field to look at)
            # Only while a card of the game may have counters: counters are set only by a stat step (effects._stat,
            # which notes the change in state["eot"] until effects.end_of_turn takes it back), by that end of turn
            # (_end_of_turn, which marks the game), and by a manual action (after_manual, which marks it). Once no
            # change is noted and no card of the game (the field's or any other) has counters, the mark is cleared.
            memo = self._last
            if memo is None or memo.cards is not cards:
                memo = self._new_game(state)
            if not memo.inert and (memo.counted or "eot" in state):  # (inert: no counter lowers a power)
                for iid in state["zones"][P0_FIELD]:
                    if cards[iid]["counters"]:
                        self._lowered_to_soul(state, P0_FIELD, memo.of)
                        break
                if "eot" not in state:
                    memo.counted = any(map(_COUNTERS, cards.values()))
        player, goldfish = state["players"]
        if goldfish["life"] <= 0:
            state["result"] = {"winner": 0, "turn": state["turn"], "reason": "life"}
        elif player["life"] <= 0:
            state["result"] = {"winner": 1, "turn": state["turn"], "reason": "life"}
        elif player["lost"]:
            state["result"] = {"winner": 1, "turn": state["turn"], "reason": "deck"}
        elif goldfish["lost"]:  # it drew, or an effect moved cards from its deck, with none there
            state["result"] = {"winner": 0, "turn": state["turn"], "reason": "deck"}
