"""What a game's play rules declare, and what the core does with it (the play half of the game contract;
rules/contract.py is the whole reference).

A game's rules are a subclass of `Play` (rules/games/<slug>/play.py, named by the game's `play`):

    class KannagiRules(Play):
        zones = ("deck", "hand", "field", "soul", "exile", "reveal")
        ACTIONS = {None: ("summon", "attack", …, "end_turn"),        # no decision pending: the free actions
                   "zero_search": ("zero_search",),                   # a decision: the actions that answer it
                   "choose": ("choose",)}

        def _legal_free(self, state): …          # the free actions the rules offer now
        def _legal_zero_search(self, state, pending): …   # the answers offered to that decision
        def _do_summon(self, state, action): …   # one handler per action type

The core (core.py) does the dispatch: an action whose type the pending decision (or, with none, the free
actions) does not list is refused with one message, before the game sees it; `guard` may refuse more (a
game's own "not now", e.g. manacard's action right); a decision's answer is checked against the decision's
declared candidates and bounds (`decision`) before its handler runs; then the handler, then `settle`.
`legal_actions` lists `_legal_free` or the decision's `_legal_<type>`, and for a decision over several
cards whose answers that listing does not all name, one of its entries carries a "choice" (see
`with_choice`): the answers too many to list, declared. The tables are built once when the
class is made, so a game that declares an action without its handler fails at import, not in play.

ONE shape of pending decision, `decision(state)`: who decides, the action that answers it and the key
of that action that carries the answer (`field`: with `many`, a list of different candidates, e.g. cards;
without, one candidate, e.g. a card or a number), the exact candidates and min/max. The board draws its
choice from it; the core refuses an answer outside it, naming the field, before the game sees it.

Hooks with defaults here (override what the game needs; the core and effects.py never probe for them):
`section_zone`, `zone_visible`, `draw_source`, `after_manual`, `layout`, `after_effects`, `draw_cards`,
`add_resource`, `counter_top`, `damage_player`, `gain_life`, `settle`, `guard`; and `effect_steps`, the
game's own effect steps registered with the one effect runner (effects.Steps; None: the common vocabulary).
"""

from __future__ import annotations

from .state import FIRST, IllegalAction, draw, zone

FREE = None  # the ACTIONS key of the free actions (no decision pending)


class Play:
    slug = ""
    zones: tuple[str, ...] = ("deck", "hand", "field", "discard", "exile")
    deck_zone = "deck"
    discard_zone = "discard"  # where a milled card goes (kannagi: 魂)
    shared_zones: tuple[str, ...] = ()  # zones of no player (timestorm's shared deck, original's board)
    empty_deck_move_loses = False  # an effect that must move a card from an empty deck loses (kannagi)
    effect_steps = None  # the game's own effect steps (engine/effects.py Steps; None: the common vocabulary)
    ACTIONS: dict[str | None, tuple[str, ...]] = {FREE: ()}
    # The read helpers (public methods that only read the state) an autopilot may call, besides the legal
    # actions: engine/autopilot.py hands it these and nothing else of the rules.
    reads: tuple[str, ...] = ()
    # Whether seats beyond the first may be real players (new_game's `seats`): the rules then list, guard
    # and apply every seat's actions, not only seat 0's, and `as_seat` relabels any seat as seat 0.
    versus = False
    # The keys of a card that belong to its place, not to which card it is: a hidden card's, which the versus AI's
    # determinize keeps at the place when it deals the hidden cards again (original: a face-down curse's square).
    place_keys: tuple[str, ...] = ()
    # The strong versus AI's budget where the engine's (versus.ROLLOUTS, HORIZON, every legal action) would take
    # over 1 s a decision: (rollouts a decision, turns a rollout plays, candidate actions tried at most).
    rollout_budget: tuple[int, int, int | None] | None = None
    # Whether `apply` leaves the result checked: the rules call check_result themselves wherever a rule action
    # may change the result or a player's loss (a draw from an empty deck, a card that wins), so that after
    # apply a call of check_result would change nothing. The simulator's step (simulate.play_range) then makes
    # no call of its own after each action. Off by default: the game is checked after every action. (The
    # core's _apply checks after every action whatever a game declares: a manual action may change anything.)
    result_checked = False
    _decks: list[str] | None = None  # (made for each subclass: see __init_subclass__)

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        handlers, listers = {}, {}
        for decision, kinds in cls.ACTIONS.items():
            name = "_legal_free" if decision is FREE else f"_legal_{decision}"
            if not callable(getattr(cls, name, None)):
                raise TypeError(f"{cls.__name__}: the decision {decision!r} needs {name}(state{'' if decision is FREE else ', pending'})")
            listers[decision] = name
            for kind in kinds:
                if not callable(getattr(cls, f"_do_{kind}", None)):
                    raise TypeError(f"{cls.__name__}: the action {kind!r} needs _do_{kind}(state, action)")
                handlers[kind] = f"_do_{kind}"
        for name in cls.reads:
            if name.startswith("_") or not callable(getattr(cls, name, None)):
                raise TypeError(f"{cls.__name__}: the read helper {name!r} must be a public method")
        cls._handler_names, cls._lister_names = handlers, listers
        cls._known = tuple(dict.fromkeys(k for kinds in cls.ACTIONS.values() for k in kinds))
        # apply() runs for every action of every simulated game: the hooks a game leaves as they are here
        # (no refusal, nothing to settle) are not called at all
        cls._guarded = cls.guard is not Play.guard
        cls._settles = cls.settle is not Play.settle
        # a game that keeps Play.draw_source: its names for players 0..7, made once (state.draw reads them)
        cls._decks = [zone(p, cls.deck_zone) for p in range(8)] if cls.draw_source is Play.draw_source else None

    def __init__(self):
        self._handlers = {kind: getattr(self, name) for kind, name in self._handler_names.items()}
        self._listers = {decision: getattr(self, name) for decision, name in self._lister_names.items()}
        # decision -> {action type it allows: its handler}: apply's check of the type and its handler, one look-up
        self._dispatch = {decision: {kind: self._handlers[kind] for kind in kinds} for decision, kinds in self.ACTIONS.items()}

    # -- the dispatch (called by the core) ------------------------------------------------------------------

    def legal_actions(self, state: dict) -> list[dict]:
        pending = state["pending"]
        if pending is None:
            return self._listers[FREE](state)
        lister = self._listers.get(pending["type"])
        listed = lister(state, pending) if lister is not None else []
        return with_choice(self.decision(state), listed)

    def apply(self, state: dict, action: dict) -> list[dict]:
        kind = action["type"]
        pending = state["pending"]
        allowed = self._dispatch.get(pending["type"] if pending else FREE)
        handler = allowed.get(kind) if allowed is not None else None
        if handler is None:  # a type the decision (or, with none, the free actions) does not list
            allowed = self.ACTIONS.get(pending["type"] if pending else FREE, ())
            if pending:
                raise IllegalAction(f"type: first {pending['type']} ({' or '.join(allowed)}), not {kind!r}")
            if kind in self._known:
                raise IllegalAction(f"type: there is no decision for {kind!r} now")
            raise IllegalAction(f"type: {kind!r} is not a {self.slug} action ({', '.join(allowed)}, or a manual action)")
        if self._guarded:
            refusal = self.guard(state, kind)
            if refusal:
                raise IllegalAction(refusal)
        if pending:
            check_answer(self.decision(state), action)
        events = handler(state, action)
        return events + self.settle(state) if self._settles else list(events)  # a new list either way

    # -- the one shape of decision ---------------------------------------------------------------------------

    def decision(self, state: dict) -> dict | None:
        """The pending decision as the board and the core read it:
        {"type", "player", "answer", "field", "many", "candidates", "min", "max", "also"} ("also": the other
        action types that end it, e.g. cancel; "field" None: the answer carries no choice the shape can say),
        "answers" (where one answer names more than one thing, e.g. 春一番's option 3 with a card: the
        complete answers, one of which it must be), and where a game needs it "instead" ({key: choices}: an answer may name one of these instead of
        choosing candidates; original's enemy player for damage). The default reads
        the two shapes games keep: a "choose" block ({"zone" or "candidates", "min", "max", "exclude"})
        answered by a list of cards, and the effect interpreter's one-card "choose" (effects.py)."""
        pending = state["pending"]
        if not pending:
            return None
        kind = pending["type"]
        allowed = self.ACTIONS.get(kind, ())
        out = {"type": kind, "player": pending.get("player", 0), "answer": allowed[0] if allowed else kind,
               "field": None, "many": False, "candidates": [], "min": 0, "max": 0, "also": list(allowed[1:]),
               "answers": None}
        block = pending.get("choose")
        if isinstance(block, dict):
            if "candidates" in block:
                candidates = list(block["candidates"])
            else:
                exclude = set(block.get("exclude") or ())
                candidates = [i for i in state["zones"].get(block["zone"], []) if i not in exclude]
            out.update(field="cards", many=True, candidates=candidates, min=block["min"], max=min(block["max"], len(candidates)))
        elif kind == "choose" and "candidates" in pending:  # one card at a time (effects.py); none left: None
            candidates = list(pending["candidates"])
            out.update(field="card", candidates=candidates, min=1 if candidates else 0, max=1)
        return out

    # -- seats ------------------------------------------------------------------------------------------------

    def to_act(self, state: dict) -> int | None:
        """The seat whose action the game waits for now: the pending decision's, else the turn player's (a game
        with priority overrides this: the holder's). None: nobody (the game is over)."""
        if state["result"] is not None:
            return None
        pending = state["pending"]
        if pending:
            return pending.get("player", 0)
        return state["active"]

    def first_seat(self, state: dict) -> int | None:
        """The seat that took (or takes) the first turn: what the setup kept as state["first"], else the start
        option "first" (player/goldfish) where the game has it, else None (not decided yet). The matchup
        figures on the play and on the draw, and the clock and the story's turn counts, read it."""
        first = state.get("first")
        if isinstance(first, int) and not isinstance(first, bool):
            return first
        value = state.get("options", {}).get("first")
        return FIRST.index(value) if value in FIRST else None

    def as_seat(self, state: dict, seat: int) -> dict:
        """The same game with `seat` relabelled as seat 0 (and the others after it in turn order): what lets
        the game's autopilot, which plays seat 0, play any seat. Instance ids are kept, so an action chosen on
        the relabelled game is the same action in this one. A `versus` game overrides this."""
        if seat == 0:
            return state
        raise NotImplementedError(f"{self.slug}: as_seat")

    # -- hooks with their defaults ------------------------------------------------------------------------------

    def outlook(self, state: dict, seat: int) -> float:
        """How a game not over yet looks for `seat`, from 0 (lost) to 1 (won), where the strong AI's rollout
        stops before the end; 0.5 (a draw) unless the game says more."""
        return 0.5

    def action_from_seat(self, action: dict, seat: int) -> dict:
        """An action chosen on `as_seat(state, seat)` as the same action in the game itself: the ids are kept,
        so by default it is the same; a game whose relabelling changes more (original's board squares, a
        player named in an answer) says so here."""
        return action

    def guard(self, state: dict, kind: str) -> str | None:
        """A reason the rules refuse this action type now, beyond the declared decisions (None: allowed)."""
        return None

    def settle(self, state: dict) -> list[dict]:
        """After every rule action: what the rules do on their own (manacard: pass the action right on)."""
        return []

    @staticmethod
    def section_zone(section: str) -> str | None:
        """A deck section other than the main deck that starts in a zone of its own (None: the deck)."""
        return None

    def zone_visible(self, state: dict, name: str, player: int) -> bool:
        owner, _, kind = name.partition(".")
        if kind in ("field", "discard", "exile"):
            return True
        return kind == "hand" and owner == f"p{player}"

    def draw_source(self, state: dict, player: int) -> str:
        return zone(player, self.deck_zone)  # (one string per zone, made once: every draw asks)

    def after_manual(self, state: dict) -> None:
        """After a manual action: bring the rules' bookkeeping in line with what the player moved."""

    def layout(self, state: dict) -> dict | None:
        """How the board draws zones beyond the usual rows (original's grid, vision's weather area)."""
        return None

    def after_effects(self, state: dict, then: str | None, source: str, player: int) -> list[dict]:
        """When a card's effect steps are all done (effects.run's `then`)."""
        return []

    def draw_cards(self, state: dict, player: int, n: int) -> list[dict]:
        """A draw an effect makes."""
        return draw(state, player, n, forced=True)

    def add_resource(self, state: dict, player: int, amount: int) -> list[dict] | None:
        """The effect step "resource" (None: the game has none; the step is skipped)."""
        return None

    def counter_top(self, state: dict) -> list[dict] | None:
        """The effect step "counter" (None: the game has no stack; the step is skipped)."""
        return None

    def damage_player(self, state: dict, player: int, amount: int, source: str) -> list[dict] | None:
        """Damage to a player whose life is not a number (None: the life total goes down)."""
        return None

    def gain_life(self, state: dict, player: int, amount: int, source: str) -> list[dict] | None:
        """Life gained where life is not a number (None: the life total goes up)."""
        return None


def check_answer(decision: dict | None, action: dict) -> None:
    """Refuse, naming the field, an answer outside the decision's candidates or bounds."""
    if decision is None or action["type"] != decision["answer"]:
        return
    if decision.get("answers") is not None:
        if not any(action == a for a in decision["answers"]) or any(isinstance(v, bool) for v in action.values()):
            raise IllegalAction(f"{action['type']}: not one of the answers offered")
        return
    if decision["field"] is None:
        return
    for key, choices in (decision.get("instead") or {}).items():  # an answer naming one of these instead
        if key in action:
            value = action[key]
            if not any(value == c and type(value) is type(c) for c in choices):
                raise IllegalAction(f"{key}: {value!r} is not one of the choices")
            return
    key, candidates = decision["field"], decision["candidates"]
    value = action.get(key)
    if decision["many"]:
        if not isinstance(value, list) or not all(isinstance(c, str) for c in value) or len(set(value)) != len(value):
            raise IllegalAction(f"{key}: a list of different {'cards' if key == 'cards' else 'choices'}")
        stray = [c for c in value if c not in candidates]
        if stray:
            raise IllegalAction(f"{key}: {stray[0]!r} is not one of the choices")
        low, high = decision["min"], decision["max"]
        if not low <= len(value) <= high:
            raise IllegalAction(f"{key}: exactly {low}" if low == high else f"{key}: from {low} to {high}")
    elif not (value is None and decision["min"] == 0) and (value not in candidates or isinstance(value, bool)):
        raise IllegalAction(f"{key}: {value!r} is not one of the choices")


# -- a decision over several cards, in the listing ------------------------------------------------------------

ENUMERATED = 64  # a decision over several cards with at most this many answers (as sets) is checked for being listed


def with_choice(asked: dict | None, listed: list[dict]) -> list[dict]:
    """The listing of a pending decision over several cards (`many`), complete: when the decision accepts an
    answer (a set of candidates) the listed actions do not name, the first listed answer carries a
    "choice", {"field", "from", "min", "max"}: it stands for every action like it whose `field` is a list of
    different cards of `from`, from `min` to `max` of them, in any order (where the rules care, e.g. 零探し's
    order to the bottom of the deck, the order given). The entry is itself one of those answers, so it can be
    played as it is; the core drops the "choice" before the rules see the action (`plain`). `offers` says
    whether a listing offers an action. A game lists what it prefers (its own listing comes first); the
    board makes such a choice by toggling the decision's candidates, an autopilot by naming its cards."""
    if not asked or not asked["many"] or asked["field"] is None or asked.get("answers") is not None:
        return listed
    field, candidates, low, high = asked["field"], asked["candidates"], asked["min"], asked["max"]
    if high <= 0 or low > high:
        return listed
    answer = asked["answer"]
    own = [a for a in listed if a.get("type") == answer and isinstance(a.get(field), list)]
    if _covered(own, field, candidates, low, high):
        return listed
    choice = {"field": field, "from": list(candidates), "min": low, "max": high}
    fits = [a for a in own if _fits(a[field], candidates, low, high)]
    if fits:
        first = fits[0]
        return [dict(a, choice=choice) if a is first else a for a in listed]
    return [*listed, {"type": answer, field: list(candidates[:low]), "choice": choice}]


def _fits(value, candidates, low: int, high: int) -> bool:
    return (isinstance(value, list) and all(isinstance(c, str) for c in value) and len(set(value)) == len(value)
            and low <= len(value) <= high and set(value) <= set(candidates))


def _covered(own: list[dict], field: str, candidates: list, low: int, high: int) -> bool:
    """Every answer (as a set) is among the listed ones (worked out only while the answers are few)."""
    from math import comb

    n = len(candidates)
    count = sum(comb(n, k) for k in range(low, min(high, n) + 1))
    if count > min(len(own), ENUMERATED):
        return False
    named = {frozenset(a[field]) for a in own if _fits(a[field], candidates, low, high)}
    return len(named) >= count


def plain(action: dict) -> dict:
    """The action as the rules take it: a listed entry's "choice" (with_choice) dropped."""
    if "choice" not in action:
        return action
    return {k: v for k, v in action.items() if k != "choice"}


def offers(listed: list[dict], action: dict) -> bool:
    """Whether a listing (legal_actions) offers this action: one of its entries, or an answer of an entry's
    declared "choice" (the same action but for the choice's field: a list of different cards of its "from",
    from its "min" to its "max")."""
    action = plain(action)
    for entry in listed:
        choice = entry.get("choice")
        if choice is None:
            if entry == action:
                return True
            continue
        field = choice["field"]
        rest = {k: v for k, v in entry.items() if k not in ("choice", field)}
        if {k: v for k, v in action.items() if k != field} == rest and _fits(action.get(field), choice["from"], choice["min"], choice["max"]):
            return True
        if plain(entry) == action:
            return True
    return False


class Mirrored(dict):
    """The cards of a two-seat game relabelled by `as_seat` (see `mirrored`): the same instances, each card
    relabelled (its owner, and its zone through `zmap`) when it is read, not all of them at each relabelling
    (an autopilot reads a few cards of a game of a hundred, on every choice of every rollout). Read it through
    [], get, items, values and iteration; never written."""

    __slots__ = ("zmap", "made")

    def __getitem__(self, iid):
        made = self.made
        card = made.get(iid)
        if card is None:
            card = dict.__getitem__(self, iid)
            zone = card["zone"]
            card = made[iid] = {**card, "owner": 1 - card["owner"], "zone": self.zmap.get(zone, zone)}
        return card

    def get(self, iid, default=None):
        return self[iid] if dict.__contains__(self, iid) else default

    def items(self):
        return [(i, self[i]) for i in dict.__iter__(self)]

    def values(self):
        return [self[i] for i in dict.__iter__(self)]

    def __eq__(self, other):
        return isinstance(other, dict) and dict(self.items()) == (dict(other.items()) if isinstance(other, Mirrored) else other)

    __hash__ = None


def mirrored(cards: dict, zmap: dict) -> dict:
    """A two-seat game's cards as `as_seat` gives them to the other seat: relabelled as they are read
    (Mirrored; a zone not in `zmap` stays as it is), or, relabelled a second time, the cards as they were."""
    if isinstance(cards, Mirrored):
        return dict(dict.items(cards))
    out = Mirrored(cards)
    out.zmap, out.made = zmap, {}
    return out
