"""Versus: a seat played by the game's AI from what that seat may see, and matchups of two decks.

    ai = SeatAI("timestorm", level="strong")
    ai.choose(state, seat)                                  # one of legal_actions(state), or None
    play_match("timestorm", deck_a, deck_b, games=200, seed=1, ai="heuristic")   # -> {"matchup": {...}}
    # the same in pieces (the task workers'): a tally per range of games, then the figures of them all
    tallies = [play_match_range("timestorm", deck_a, deck_b, s, 50, 1) for s in (0, 50, 100, 150)]
    match_figures("timestorm", 200, 1, ["heuristic", "heuristic"], tallies)   # -> the same {"matchup": {...}}

Fairness. The AI never reads the state: it reads `determinize(state, seat)`, a whole game built from what
the seat sees (engine view: core.sees, the game's zone_visible) with every card the seat cannot see dealt
again at random among the places it cannot see (the order of decks, the opponent's hand, face-down cards),
from a generator seeded by what the seat sees alone. Two states that differ only in what the seat cannot see
give the same determinized game, so the same choices (tests/test_versus.py asserts it for every game of
the registry). What the seat knows besides its view is the multiset of the hidden cards: the two decklists,
as in a tournament with open decklists.

Levels. "heuristic": the game's autopilot (which plays seat 0) on the determinized game relabelled so that
the seat is seat 0 (the rules' `as_seat`). "strong": flat Monte-Carlo over determinizations: each legal
action is tried in `samples` determinized games (salted differently), each played out to its end by the
heuristic for every seat, and the action with the most wins for the seat is taken (ties: the heuristic's
choice). The numbers of samples and of rollouts are fixed, not timed (at most SAMPLES determinizations and
ROLLOUTS rollouts a decision, at least 2 determinizations, each rollout HORIZON turns at most), so the same seed gives the same game on any
machine; they are chosen so that a decision stays under 1 s here (bench/versus.py measures it).

Matchups. Game i is played from seed + i. The two decks are put in one order that depends only on their
cards, and the seats alternate between games, so that which deck is called A changes nothing but which
side the figures are told from: swapping A and B mirrors them exactly. In a mirror (the same cards on both
sides, where no order of the decks can tell them apart) games 2k and 2k + 1 are both played from seed + k,
the seats swapped, so that each seed is played once from each side and the figures mirror there too. Who
takes the first turn is the game's rule (its options: random by default in Time Storm).
"""

from __future__ import annotations

import _random
import hashlib
import json
import marshal
import random
from functools import partial
from itertools import compress, repeat
from math import sqrt
from operator import itemgetter

from ..declare import get_game
from . import rng
from .core import GOLDFISH, SEAT, _rules, canonical_decks, legal_actions, new_game
from .intervals import Z95
from .play import offers, plain
from .state import _holder

LEVELS = ("heuristic", "strong")
MAX_ACTIONS = 3000  # per game, as the simulator: a game that goes on longer is a draw
DEFAULT_TURN_CAP = 40  # engine turns (every seat's turns counted): a game not over by then is a draw
MAX_GAMES = 10_000
SAMPLES = 24  # determinizations per decision of the strong level at most ...
HORIZON = 16  # turns a rollout plays on at most (then it counts as a draw) ...
ROLLOUTS = 48  # ... and rollouts per decision at most (samples x candidate actions): bench/versus.py keeps a
# decision under 1 s on this machine; fixed counts, not a clock, so the same seed plays the same game anywhere


class VersusError(ValueError):
    """Bad parameters for a matchup; the message names the one at fault."""


# -- what a seat sees, made whole ----------------------------------------------------------------------------


def _num(iid: str) -> tuple[int, str]:
    return (int(iid[1:]), iid) if iid[1:].isdigit() else (0, iid)


class _Nums(dict):
    """_num for every instance id met so far (ids repeat across every decision of every game)."""

    def __missing__(self, iid: str) -> tuple[int, str]:
        value = self[iid] = _num(iid)
        return value


_NUM = _Nums().__getitem__


class _Holders(dict):
    """state._holder of every zone name met so far."""

    def __missing__(self, name: str) -> int | None:
        value = self[name] = _holder(name)
        return value


_HOLDER = _Holders().__getitem__
# json.dumps builds a new encoder on every call; one of each kind, built once, writes the same text
_CARD_JSON = json.JSONEncoder(sort_keys=True, ensure_ascii=False).encode
_BLOB = json.JSONEncoder(sort_keys=True, ensure_ascii=False, default=str, separators=(",", ":")).encode
# The texts of the cards met so far, by the marshal bytes of the card (version 2: no back-references, so equal
# values of equal types give equal bytes; and equal bytes load as equal values of equal types — True is not 1,
# 1 is not 1.0 — which JSON writes alike). A card whose keys came in another order only misses.
_HIDDEN: dict[tuple, tuple[bytes, str, str, dict]] = {}  # (place keys, card) -> (its contents, their sort key, their text)
_SHOWN: dict[tuple, str] = {}  # (id, card) -> its piece of the seed's blob
_FACE_UP = itemgetter("face_up")
_CACHED = 200_000  # entries at most in each (then it starts again)
# The sorted contents of all the hidden cards of a world at once, and their text in the seed's blob, by the
# marshal bytes of those cards in the order of their places (with the place keys and the kind of world): the
# cards a seat cannot see change less often than it decides (a turn's plays move seen cards), and one marshal
# call over the list costs less than one a card. Equal bytes, equal cards in the same order: the same entry
# the per-card path would make (its stable sort included).
_DEALS: dict[tuple, tuple[list, str]] = {}
_WHOLE = 256  # entries at most (then it starts again)


def _hidden_new(card: dict, keys: tuple) -> tuple[bytes, str, str, dict]:
    """_HIDDEN's entry for a card it misses (determinize looks it up itself): what of a hidden card is dealt
    again (all but its zone and the place's keys), marshalled (each card dealt from it is a new copy, sharing nothing with the game or the other worlds), with the text it sorts by, the
    text the seed's blob holds of it, and a copy of it kept here (what a shared world's cards are made of: a
    new dict each, its values shared, read only)."""
    if len(_HIDDEN) > _CACHED:
        _HIDDEN.clear()
    content = {k: v for k, v in card.items() if k != "zone" and k not in keys}
    hit = _HIDDEN[(keys, marshal.dumps(card, 2))] = (
        marshal.dumps(content), _CARD_JSON(content), _BLOB(content), marshal.loads(marshal.dumps(content)),
    )
    return hit


def _shown_new(iid: str, raw: bytes, card: dict) -> str:
    """A shown card's piece of the seed's blob, `"id":{its text}`, kept by (id, its marshal bytes)."""
    if len(_SHOWN) > _CACHED:
        _SHOWN.clear()
    text = _SHOWN[(iid, raw)] = f"{_BLOB(iid)}:{_BLOB(card)}"
    return text


def _deal_new(deal_key: tuple, hidden_cards: list, keys: tuple, shared: bool) -> tuple[list, str]:
    """_DEALS's entry for hidden cards it misses: their entries (_HIDDEN's, card by card) sorted by their
    text (a stable sort: equal texts keep the order of their places), the contents a world is dealt from (a
    shared world's read-only dicts, or marshal bytes to load), and their texts joined for the seed's blob."""
    hidden = list(map(_HIDDEN.get, zip(repeat(keys), map(marshal.dumps, hidden_cards, repeat(2)), strict=False)))
    if None in hidden:
        hidden = [h or _hidden_new(card, keys) for h, card in zip(hidden, hidden_cards, strict=True)]
    hidden.sort(key=itemgetter(1))
    if len(_DEALS) > _WHOLE:
        _DEALS.clear()
    deal = _DEALS[deal_key] = (list(map(itemgetter(3 if shared else 0), hidden)), ",".join(map(itemgetter(2), hidden)))
    return deal


_MASKS: dict[tuple, tuple[list, tuple]] = {}  # a zone's face-up flags in order -> its runs of face-down places, and which


def _mask_new(faces: tuple) -> tuple[list, tuple]:
    """_MASKS's entry for flags it misses: the (first index, count) of each run of face-down places (the
    places next to each other one run), and the flags of the face-down places."""
    rel: list[tuple[int, int]] = []
    for index, up in enumerate(faces):
        if not up:
            if rel and rel[-1][0] + rel[-1][1] == index:
                rel[-1] = (rel[-1][0], rel[-1][1] + 1)
            else:
                rel.append((index, 1))
    if len(_MASKS) > _CACHED:
        _MASKS.clear()
    entry = _MASKS[faces] = (rel, tuple(not up for up in faces))
    return entry


_ORDERS: dict[tuple, list] = {}  # a game's instance ids (in its cards' order) -> in _NUM's order


def _num_order(ids: tuple) -> list:
    order = _ORDERS.get(ids)
    if order is None:
        if len(_ORDERS) > 256:
            _ORDERS.clear()
        order = _ORDERS[ids] = sorted(ids, key=_NUM)
    return order


def _place(card: dict, name: str, keys: tuple) -> dict:
    """What of the hidden card at a place stays with the place (`keys`); the owner is the zone's player's."""
    out = {k: card[k] for k in keys if k in card}
    holder = _holder(name)
    if "owner" in out and holder is not None:
        out["owner"] = holder
    return out


_RANDOM = random.Random()  # (re-seeded by each _shuffle)
_SEED = _random.Random.seed


def _shuffle(x: list, seed: int) -> None:
    """random.Random(seed).shuffle(x), written out (CPython's shuffle and _randbelow_with_getrandbits, one call a
    card fewer): the same draws and the same swaps (tests/test_versus.py compares them). One generator re-seeded
    by the C seed that random.Random(seed) calls for an int (random.Random.seed: super().seed(a)), without a new
    generator and its two Python-level calls a world."""
    _SEED(_RANDOM, seed)
    getrandbits = _RANDOM.getrandbits
    for i in range(len(x) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        x[i], x[j] = x[j], x[i]


def determinize(state: dict, seat: int, salt: int = 0, shared: bool = False) -> dict:
    """A whole game consistent with what `seat` sees of `state`: the cards it sees where they are; the cards it
    does not see shuffled among the places it does not see (their instance ids too, in order of the places),
    by a generator seeded from what it sees and `salt`; the game's own generator re-seeded from the same, so
    that nothing of the real game's future draws leaks. The result is a new state the rules can play on.

    `shared`: the same world (equal to the last value), made without copying what the seat sees: the shown
    cards and the game's other parts are the state's own objects, and only the hidden cards are new. A world to
    read and never to change (the heuristic reads it: tests/test_versus.py checks that deciding never changes
    the game); one to play on is copied first, as the strong level's trials are."""
    rules = _rules(state["game"])
    cards, zones = state["cards"], state["zones"]
    card_of = cards.__getitem__
    runs, hidden_ids, shown_list = [], [], []  # runs: (zone, first index, count) of the places it does not see
    shown_zones: dict[str, list] = {}
    for name in sorted(zones):
        ids = zones[name]
        # (core.sees, worked out once a zone: a face-up card is seen; a face-down one in a zone the seat may look
        # into when the zone's player, or else the card's owner, is the seat)
        holder = _HOLDER(name) if rules.zone_visible(state, name, seat) else False
        if holder is not None and holder is not False and holder == seat:  # (the seat's own open zone: all seen)
            shown_zones[name] = list(ids)
            shown_list += ids
            continue
        if holder is not None:  # (another's zone, or one the seat may not look into: a card is seen iff face up)
            faces = tuple(map(_FACE_UP, map(card_of, ids)))
            if not any(faces):  # (all hidden: one run)
                n = len(ids)
                shown_zones[name] = [None] * n
                runs.append((name, 0, n))
                hidden_ids += ids
                continue
            # (the zone's runs of hidden places and which are hidden, kept by the face-up flags in order)
            rel, downs = _MASKS.get(faces) or _mask_new(faces)
            row = list(ids)
            for first, count in rel:
                row[first:first + count] = [None] * count
                runs.append((name, first, count))
            hidden_ids += compress(ids, downs)
            shown_list += compress(ids, faces)
            shown_zones[name] = row
            continue
        row = []  # (a zone of no player the seat may look into: a face-down card is seen when it is the seat's)
        for index, iid in enumerate(ids):
            card = cards[iid]
            if card["face_up"] or card["owner"] == seat:
                row.append(iid)
                shown_list.append(iid)
            else:
                row.append(None)
                last = runs[-1] if runs else None
                if last is not None and last[0] == name and last[1] + last[2] == index:  # (next to the last: one run)
                    runs[-1] = (name, last[1], last[2] + 1)
                else:
                    runs.append((name, index, 1))
                hidden_ids.append(iid)
        shown_zones[name] = row
    # what of a hidden card belongs to its place and stays there (the rules' `place_keys`: original's square of a
    # curse cast face down on the board); a player's zone gives its cards' owner
    keys = rules.place_keys
    if keys:
        slots = [(name, index) for name, first, count in runs for index in range(first, first + count)]
        places = [_place(cards[zones[name][index]], name, keys) for name, index in slots]
    hidden_cards = list(map(card_of, hidden_ids))
    deal_key = (keys, shared, marshal.dumps(hidden_cards, 4))  # (version 4: no text encoded for an ASCII string)
    deal = _DEALS.get(deal_key)
    if deal is None:
        deal = _deal_new(deal_key, hidden_cards, keys, shared)
    contents = list(deal[0])  # (a new list: the shuffle below reorders it)
    rest = dict(state)  # (all but the parts a world makes anew: a copy less seven keys, in C)
    rest.pop("cards")
    rest.pop("zones")
    rest.pop("defs", None)
    rest.pop("log", None)
    rest.pop("redo", None)
    rest.pop("setup", None)
    rest.pop("rng", None)
    all_ids = set(shown_list)
    shown_ids = sorted(all_ids)
    shown_cards = list(map(card_of, shown_ids))
    shown_raws = list(map(marshal.dumps, shown_cards, repeat(2)))
    pieces = list(map(_SHOWN.get, zip(shown_ids, shown_raws, strict=True)))
    if None in pieces:
        pieces = [p or _shown_new(i, raw, card) for p, i, raw, card in zip(pieces, shown_ids, shown_raws, shown_cards, strict=True)]
    # the seed's blob: the text _BLOB would write of {"cards": the shown cards, "hidden": contents, "places":
    # places (where the rules keep some), "rest": rest, "salt": salt, "seat": seat, "zones": shown_zones}, its
    # keys in order, put together from the cards' kept texts and one text of the keys after "hidden" (sorted
    # keys: the same text from its first key on)
    tail = {"rest": rest, "salt": salt, "seat": seat, "zones": shown_zones}
    if keys:
        tail["places"] = places
    blob = "".join(('{"cards":{', ",".join(pieces), '},"hidden":[', deal[1], "],", _BLOB(tail)[1:]))
    seed = int.from_bytes(hashlib.sha256(blob.encode()).digest()[:8], "big")
    _shuffle(contents, seed)
    # the world's cards in the order of their ids (_NUM), made at once: the shown ones, then the dealt ones put
    # in their places (the zones' rows are this call's own lists: the world's zones)
    all_ids.update(hidden_ids)
    order = _num_order(tuple(cards)) if len(all_ids) == len(cards) else sorted(all_ids, key=_NUM)
    if shared:
        new_cards = dict(zip(order, map(card_of, order), strict=True))
    else:
        new_cards = dict.fromkeys(order)
        new_cards.update(zip(shown_ids, map(marshal.loads, shown_raws), strict=True))  # (copies: nothing shared)
    new_zones = shown_zones
    dealt_ids = sorted(hidden_ids, key=_NUM)
    if keys:
        dealt = list(map(dict.copy, contents)) if shared else list(map(marshal.loads, contents))
        for k, ((name, index), iid, card) in enumerate(zip(slots, dealt_ids, dealt, strict=True)):
            new_zones[name][index] = iid
            card.update(places[k] if shared else marshal.loads(marshal.dumps(places[k])))
            card["zone"] = name
        new_cards.update(zip(dealt_ids, dealt, strict=True))
    else:  # (a run of places at once: its ids, and its cards each a copy of a content with the zone added)
        at = 0
        for name, first, count in runs:
            ids = dealt_ids[at:at + count]
            if shared:
                dealt = list(map(partial(dict, zone=name), contents[at:at + count]))
            else:
                dealt = list(map(marshal.loads, contents[at:at + count]))
                for card in dealt:
                    card["zone"] = name
            at += count
            new_zones[name][first:first + count] = ids
            new_cards.update(zip(ids, dealt, strict=True))
    # the world: the state's keys in its order, the parts made anew set in place (those the state holds)
    out = dict(state)
    if not shared:
        out.update(marshal.loads(marshal.dumps(rest)))
    out["cards"] = new_cards
    out["zones"] = new_zones
    out["defs"] = dict(state["defs"])
    out["log"] = list(state["log"])
    if "redo" in state:
        out["redo"] = []
    out["setup"] = dict(state["setup"], seed=seed & ((1 << 63) - 1))
    world_rng = rng.seed_state(seed)
    if "rng" in state:
        out["rng"] = world_rng
    return out


def _step(rules, state: dict, action: dict) -> None:
    """The simulator's step for a rule action (simulate.play_range): apply, log, check the result."""
    rules.apply(state, plain(action))
    state["log"].append(action)
    if state["result"] is None:
        rules.check_result(state)


# -- the AI --------------------------------------------------------------------------------------------------


class SeatAI:
    """The game's AI for any seat, at one level (LEVELS); it holds nothing of a game between decisions."""

    def __init__(self, game: str, level: str = "heuristic", samples: int = SAMPLES, turn_cap: int = DEFAULT_TURN_CAP):
        if level not in LEVELS:
            raise VersusError(f"ai: one of {', '.join(LEVELS)}, not {level!r}")
        self.game, self.level, self.samples, self.turn_cap = game, level, samples, turn_cap
        self.rules = _rules(game)
        self.pilot = get_game(game).pilot

    def heuristic(self, whole: dict, seat: int) -> dict | None:
        """The autopilot's choice on a whole game (already determinized), for `seat`."""
        action = self.pilot.choose(self.rules.as_seat(whole, seat))
        return action if seat == 0 or action is None else self.rules.action_from_seat(action, seat)

    def choose(self, state: dict, seat: int) -> dict | None:
        """The seat's next action in `state`, decided from what the seat sees only."""
        # (read only: the legal actions and the heuristic's choice; a copy for an autopilot that writes its game)
        whole = determinize(state, seat, shared=not self.pilot.writes_game)
        legal = legal_actions(whole)
        if not legal:
            return None
        first = self.heuristic(whole, seat)
        if first is None or not offers(legal, first):
            first = plain(legal[0])
        if self.level == "heuristic":
            return first
        rollouts, horizon, most = self.rules.rollout_budget or (ROLLOUTS, HORIZON, None)
        candidates = [first] + [plain(a) for a in legal if plain(a) != first]
        unique = []
        for a in candidates:
            if a not in unique:
                unique.append(a)
        if first.get("type") not in (taken_back := getattr(self.rules, "takes_back", ())):
            # (an answer that takes back the action just chosen, which was weighed with the heuristic's answer)
            unique = [a for a in unique if a.get("type") not in taken_back]
        if most is not None:  # (the game's budget: the heuristic's choice and the first others listed)
            unique = unique[:most]
        if len(unique) == 1:
            return first
        scores = [0.0] * len(unique)
        samples = max(2, min(self.samples, rollouts // len(unique)))
        for k in range(samples):
            world = determinize(state, seat, salt=k + 1)
            for j, action in enumerate(unique):
                trial = marshal.loads(marshal.dumps(world))
                try:
                    _step(self.rules, trial, action)
                except Exception:  # (an action the determinized world refuses: it scores nothing there)
                    continue
                scores[j] += self._rollout(trial, seat, horizon)
        best = max(range(len(unique)), key=lambda j: (scores[j], -j))
        return unique[best]

    def _rollout(self, state: dict, seat: int, horizon: int = HORIZON) -> float:
        """Play the whole game on with the heuristic for every seat: 1 a win for `seat`, 0.5 a draw, 0 a loss;
        a game not over within the horizon: the rules' outlook for the seat (0.5 unless the game says)."""
        rules = self.rules
        last = min(self.turn_cap, state["turn"] + horizon)
        for _ in range(MAX_ACTIONS):
            if state["result"] is not None or state["turn"] > last:
                break
            who = rules.to_act(state)
            if who is None:
                break
            action = self.heuristic(state, who)
            if action is None:
                break
            try:
                _step(rules, state, action)
            except Exception:
                break
        result = state["result"]
        if result is None:
            return rules.outlook(state, seat)
        if result.get("winner") is None:
            return 0.5
        return 1.0 if result["winner"] == seat else 0.0


# -- matchups ------------------------------------------------------------------------------------------------


def _deck_key(deck: list[dict]) -> str:
    return json.dumps(canonical_decks([deck])[0], sort_keys=True, ensure_ascii=False, default=str)


def seats_for(game: str, decks: list[list[dict]], options: dict | None) -> list[str]:
    """Seats for a game of these decks: a player per deck, a goldfish for any further seat the game's options
    ask for (Time Storm's `opponents` beyond the decks)."""
    rules = _rules(game)
    checked = get_game(game).check_options(options)
    count = len(rules.players(decks, checked))
    return [SEAT if p < len(decks) else GOLDFISH for p in range(count)]


def play_game(game: str, decks: list[list[dict]], seed: int, ais: list[SeatAI], options: dict | None = None,
              turn_cap: int = DEFAULT_TURN_CAP, on_action=None) -> dict:
    """One game of `decks` (one per seat, each seat played by its AI) from `seed`; the final state."""
    state = new_game(game, decks, seed, options, seats=seats_for(game, decks, options))
    rules = _rules(game)
    for _ in range(MAX_ACTIONS):
        if state["result"] is not None or state["turn"] > turn_cap:
            break
        who = rules.to_act(state)
        if who is None or who >= len(ais):
            break
        action = ais[who].choose(state, who)
        if action is None:
            break
        if on_action is not None:
            on_action(state, who, action)
        _step(rules, state, action)
    return state


def check_params(games, seed, ai) -> None:
    for name, value, low, high in (("games", games, 1, MAX_GAMES), ("seed", seed, 0, 2**63 - 1)):
        if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
            raise VersusError(f"{name}: a whole number from {low} to {high}, not {value!r}")
    if ai not in LEVELS:
        raise VersusError(f"ai: one of {', '.join(LEVELS)}, not {ai!r}")


def _rate(k2: int, n: int) -> dict | None:
    """A share counted in half games (a win 2, a draw 1, a loss 0 of k2; n games): its value and Wilson's 95%
    interval on n games (None for no games)."""
    if n <= 0:
        return None
    p = k2 / (2 * n)
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return {"value": p, "low": min(max(0.0, centre - half), p), "high": max(min(1.0, centre + half), p)}


def _sides(deck_a: list[dict], deck_b: list[dict]) -> tuple[tuple, tuple, bool]:
    """The two decks in the order that depends only on their cards (A first in a mirror), and whether it is one."""
    first, second = sorted([("A", deck_a), ("B", deck_b)], key=lambda x: _deck_key(x[1]))
    mirror = _deck_key(deck_a) == _deck_key(deck_b)
    if mirror:  # the same cards, A first; each seed from both seats
        first, second = ("A", deck_a), ("B", deck_b)
    return first, second, mirror


def play_match_range(game: str, deck_a: list[dict], deck_b: list[dict], start: int, count: int, seed: int,
                     ai: str = "heuristic", options: dict | None = None, turn_cap: int = DEFAULT_TURN_CAP,
                     ai_b: str | None = None, samples: int = SAMPLES, progress=None) -> dict:
    """Games start .. start + count - 1 of the matchup of deck A against deck B (game i from seed + i, in a
    mirror seed + i // 2; its seats by i's parity: a range plays exactly the games of the whole matchup), tallied
    in whole numbers that add up (JSON-able; match_figures makes the figures of the tallies of every range):
    {"games", "wins": [A, B], "draws", "turns", "on_the_play": [games, half-wins], "on_the_draw": [...],
    "cards": {A's card def: [games played in, half-wins of those]}, "names": {def: name}}."""
    check_params(count, seed, ai)
    if ai_b is not None:
        check_params(count, seed, ai_b)
    if not isinstance(start, int) or isinstance(start, bool) or not 0 <= start <= MAX_GAMES:
        raise VersusError(f"start: a whole number from 0 to {MAX_GAMES}, not {start!r}")
    first, second, mirror = _sides(deck_a, deck_b)
    level = {"A": ai, "B": ai_b or ai}
    made = {lv: SeatAI(game, lv, samples=samples, turn_cap=turn_cap) for lv in sorted(set(level.values()))}
    wins = {"A": 0, "B": 0}
    draws = turns = 0
    play_side, draw_side = [0, 0], [0, 0]  # [games, half-wins of A]
    cards: dict[str, list[int]] = {}  # A's card def -> [games played in, half-wins of those]
    names: dict[str, str] = {}
    plays = get_game(game).pilot.plays
    for i in range(start, start + count):
        order = [first, second] if i % 2 == 0 else [second, first]
        decks = [d for _, d in order]
        sides = [s for s, _ in order]
        a_seat = sides.index("A")
        played: set[str] = set()

        def note(state, who, action, a_seat=a_seat, played=played):
            if who == a_seat and action.get("type") in plays and isinstance(action.get("card"), str):
                d = state["cards"][action["card"]]["def"]
                played.add(d)
                names.setdefault(d, str(state["defs"][d].get("name") or d))

        game_seed = seed + (i // 2 if mirror else i)
        state = play_game(game, decks, game_seed, [made[level[s]] for s in sides], options, turn_cap, note)
        result = state["result"]
        winner = None if result is None else result.get("winner")
        k2 = 1
        if winner is None or winner >= len(sides):
            draws += 1
        else:
            wins[sides[winner]] += 1
            k2 = 2 if sides[winner] == "A" else 0
        turns += state["turn"]
        first_seat = _rules(game).first_seat(state)
        if first_seat is not None:
            side = play_side if first_seat == a_seat else draw_side
            side[0] += 1
            side[1] += k2
        for d in played:
            tally = cards.setdefault(d, [0, 0])
            tally[0] += 1
            tally[1] += k2
        if progress:
            progress(i - start + 1, count)
    return {"games": count, "wins": [wins["A"], wins["B"]], "draws": draws, "turns": turns,
            "on_the_play": play_side, "on_the_draw": draw_side, "cards": cards, "names": names}


def merge_tallies(tallies: list[dict]) -> dict:
    """The tallies of several ranges added up (in the order given: a card's name is the first range's that
    names it)."""
    out = {"games": 0, "wins": [0, 0], "draws": 0, "turns": 0, "on_the_play": [0, 0], "on_the_draw": [0, 0],
           "cards": {}, "names": {}}
    for t in tallies:
        out["games"] += t["games"]
        out["draws"] += t["draws"]
        out["turns"] += t["turns"]
        for key in ("wins", "on_the_play", "on_the_draw"):
            out[key] = [a + b for a, b in zip(out[key], t[key], strict=True)]
        for d, (n, k2) in t["cards"].items():
            row = out["cards"].setdefault(d, [0, 0])
            row[0] += n
            row[1] += k2
        for d, name in t["names"].items():
            out["names"].setdefault(d, name)
    return out


def match_figures(game: str, games: int, seed: int, levels: list[str], tallies: list[dict],
                  turn_cap: int = DEFAULT_TURN_CAP) -> dict:
    """The figures of a matchup (under "matchup") from the tallies of ranges that cover its `games` games once
    each (play_match_range); `levels`: A's and B's AI level. The same as play_match's for the same games."""
    t = merge_tallies(tallies)
    if t["games"] != games:
        raise VersusError(f"tallies: {t['games']} games, not {games}")
    wins, draws, cards, names = t["wins"], t["draws"], t["cards"], t["names"]
    total_k2 = 2 * wins[0] + draws
    card_rows = []
    for d, (n_in, k_in) in cards.items():
        n_out, k_out = games - n_in, total_k2 - k_in
        card_rows.append({
            "key": d, "name": names.get(d, d), "games": n_in,
            "win_rate_played": _rate(k_in, n_in), "win_rate_not_played": _rate(k_out, n_out),
            "impact": (k_in / (2 * n_in) - k_out / (2 * n_out)) if n_in and n_out else None,
        })
    card_rows.sort(key=lambda c: (-(c["impact"] if c["impact"] is not None else -9), c["name"], c["key"]))
    play_side, draw_side = t["on_the_play"], t["on_the_draw"]
    return {"matchup": {
        "game": game,
        "games": games,
        "seed": seed,
        "ai": list(levels),
        "wins": list(wins),
        "draws": draws,
        "win_rate": _rate(total_k2, games),
        "on_the_play": {"games": play_side[0], "win_rate": _rate(play_side[1], play_side[0])},
        "on_the_draw": {"games": draw_side[0], "win_rate": _rate(draw_side[1], draw_side[0])},
        "mean_turns": t["turns"] / games,
        "turn_cap": turn_cap,
        "cards": card_rows,
    }}


def play_match(game: str, deck_a: list[dict], deck_b: list[dict], games: int, seed: int, ai: str = "heuristic",
               options: dict | None = None, turn_cap: int = DEFAULT_TURN_CAP, ai_b: str | None = None,
               progress=None, samples: int = SAMPLES) -> dict:
    """Deck A against deck B over `games` games (game i from seed + i; in a mirror, seed + i // 2); the figures under "matchup" (see
    the module's docstring for why swapping A and B mirrors them). `ai` plays both sides unless `ai_b` names
    B's level (the strong-vs-heuristic measurement). One range of every game, then its figures: the task
    workers play the same ranges in pieces and merge them the same way."""
    check_params(games, seed, ai)
    if ai_b is not None:
        check_params(games, seed, ai_b)
    tally = play_match_range(game, deck_a, deck_b, 0, games, seed, ai, options, turn_cap, ai_b, samples, progress)
    return match_figures(game, games, seed, [ai, ai_b or ai], [tally], turn_cap)


def versus_games() -> list[str]:
    """The games whose rules seat real players beyond the first (Play.versus)."""
    from ..declare import GAMES

    return [slug for slug, definition in GAMES.items() if definition.play and _rules(slug).versus]

