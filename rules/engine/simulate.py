"""Goldfish a deck thousands of times with a game's autopilot and count how fast and how reliably it wins.

    simulate("kannagi", decks, games=10_000, seed=1, turn_cap=20, workers=2)   # -> the summary (JSON-able)

Game i is played from seed + i, so any range of games can be played anywhere (another process, another
machine's task worker) and the tallies added up: `play_range` plays games [start, start + count) and returns
whole-number tallies, `merge` adds tallies, `summarize` turns the total into the figures. Sums of whole
numbers do not depend on the order they are added in, so the figures are the same for 1 or 20 workers.

What is counted, per game: the player's own turn on which the goldfish was beaten (the win turn), or a loss,
or "not won" when the player's turn `turn_cap` ended (or the autopilot found nothing to do); the opening hand
(as dealt, and as kept after the game's mulligan, e.g. kannagi's 零探し): how many of the game's key cards
it holds and which cards are in it; and for every card, the games it was played in, how often, and the
turn it was first played on.
"""

from __future__ import annotations

import marshal
import math
import os
from collections.abc import Callable

from ..declare import get_game
from . import rng
from .core import _rules, blank_game, canonical_decks, new_game
from .stats import at_least, interval99

MAX_ACTIONS = 3000  # per game: an autopilot that loops is stopped and the game counted as not won
DEFAULT_TURN_CAP = 20
MAX_GAMES = 100_000


class SimulationError(ValueError):
    """Bad parameters for a simulation; the message names the one at fault."""


def check_params(games, seed, turn_cap, workers=1) -> None:
    for name, value, low, high in (
        ("games", games, 1, MAX_GAMES),
        ("seed", seed, 0, 2**63 - 1),
        ("turn_cap", turn_cap, 1, 200),
        ("workers", workers, 1, 64),
    ):
        if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
            raise SimulationError(f"{name}: a whole number from {low} to {high}, not {value!r}")


SCALARS = (str, int, float, bool, type(None))


class GameFactory:
    """New games of one deck, quickly: the state before the game's setup (cards made, nothing shuffled) is
    built once and copied for each seed, then the game's own setup runs. The result is the same state
    `new_game` makes (a test compares their digests).

    The copy is by what each part holds. The card data (state["defs"]) is not copied card by card: each game
    gets its own defs dict (a token a game adds stays in that game) holding the same card-data dicts, which
    the rules only read, as a browser game's defs hold its deck's card dicts; shared, the rules' card facts
    (engine/cards.py) are also worked out once per simulation instead of once per game. The card instances
    (scalars and an empty "counters") and the zones (lists of ids) are copied one level deep, which is
    faster than marshal for the hundred small dicts they are; the rest (players, the games' own bookkeeping)
    is copied by what each value is (_fresh_parts: a dict copy and a few list copies, cheaper than marshal
    for these few small values), anything else in it through marshal. A game whose blank cards hold
    anything else is copied through marshal whole."""

    def __init__(self, game: str, decks: list, options: dict | None, seats: list[str] | None = None):
        decks = canonical_decks(decks)  # the same cards give the same games in whatever order they were listed
        probe = new_game(game, decks, seed=0, options=options, seats=seats)  # checks the options and decks once
        self.rules = _rules(game)
        self.options = probe["options"]
        self.game, self.decks, self.seats = game, decks, probe["setup"].get("seats")
        blank = blank_game(game, decks, 0, self.options, self.seats)
        self.order = list(blank)  # the state keeps new_game's order of keys
        del blank["setup"], blank["options"]  # made for each game (the decks and options shared, not copied)
        self.defs = blank.pop("defs")
        plain = all(
            card.get("counters") == {} and all(type(v) in SCALARS for k, v in card.items() if k != "counters")
            for card in blank["cards"].values()
        ) and all(type(ids) is list and all(type(i) is str for i in ids) for ids in blank["zones"].values())
        cards, zones = blank.pop("cards"), blank.pop("zones")
        self.cards = list(cards.items()) if plain else None  # (id, card) pairs, in order
        self.ids = dict.fromkeys(cards) if plain else None  # the cards dict's keys, in order (its values: any)
        self.zones = zones if plain else None
        # the state's keys in new_game's order, those made for each game holding None until they are: assigning
        # to a key that is there keeps its place, so no reordering pass is needed
        rest = {key: blank.get(key) for key in self.order}
        if not plain:
            rest["cards"], rest["zones"] = cards, zones
        self.rest, self.fresh = _fresh_parts(rest)

    def __call__(self, seed: int) -> dict:
        # (every key in its place already: see __init__)
        if self.fresh is None:
            state = marshal.loads(self.rest)
        else:
            state = self.rest.copy()
            for key, how in self.fresh:
                if how is _COPY:
                    state[key] = state[key].copy()
                elif how is _DICTS:
                    state[key] = list(map(dict.copy, state[key]))
                else:
                    state[key] = marshal.loads(how)
        setup = state["setup"] = {"game": self.game, "decks": self.decks, "seed": seed, "options": self.options}
        if self.seats is not None:
            setup["seats"] = self.seats
        state["options"] = self.options
        state["rng"] = rng.seed_state(seed)
        state["defs"] = dict(self.defs)
        if self.cards is not None:
            # the dicts start with all their keys (copies of the template's key tables), so filling them in
            # replaces values and never grows a table
            cards = state["cards"] = self.ids.copy()
            for iid, card in self.cards:  # a copy and a new "counters": faster than {**card, "counters": {}}
                card = card.copy()
                card["counters"] = {}
                cards[iid] = card
            zones = state["zones"] = self.zones.copy()
            for name, ids in zones.items():
                zones[name] = ids[:]
        self.rules.setup(state)
        return state


_COPY, _DICTS = "copy", "dicts"  # (how _fresh_parts says a value is copied)


def _flat(value) -> bool:
    """A list or a dict of scalars (copied one level deep, it is a copy of its own)."""
    if type(value) is list:
        return all(type(v) in SCALARS for v in value)
    return type(value) is dict and all(type(v) in SCALARS for v in value.values())


def _fresh_parts(rest: dict) -> tuple:
    """How GameFactory makes the rest of a game's state (players, the games' own bookkeeping) fresh for each
    game, with the same values marshal.loads(marshal.dumps(rest)) gives, quicker for the few small values it
    holds: (rest, [(key, how)]): the dict is copied, its scalars shared (they cannot change), a list or dict of
    scalars copied (_COPY), a list of dicts of scalars copied one level down (_DICTS, the players), anything
    else through marshal (its bytes). A value held twice (the same list under two keys) would be two lists
    then: such a rest goes through marshal whole, as (marshal bytes, None)."""
    fresh, seen = [], set()
    for key, value in rest.items():
        if type(value) in SCALARS:
            continue
        if _flat(value):
            how, held = _COPY, [value]
        elif type(value) is list and all(_flat(v) and type(v) is dict for v in value):
            how, held = _DICTS, [value, *value]
        else:
            how, held = marshal.dumps(value), [value]
        for part in held:
            if id(part) in seen:
                return marshal.dumps(rest), None
            seen.add(id(part))
        fresh.append((key, how))
    return rest, fresh


def _hits(hand_defs: list[str], key: set[str]) -> int:
    return len([d for d in hand_defs if d in key])


def play_range(
    game: str, decks: list, seed: int, start: int, count: int, turn_cap: int, options: dict | None = None,
    factory: GameFactory | None = None,
) -> dict:
    """Play games start .. start+count-1 (game i from seed + i) and return their tallies (see merge).
    `factory`: a GameFactory of these game, decks and options already made (simulate's, for all its ranges)."""
    pilot = get_game(game).pilot
    if factory is None:
        factory = GameFactory(game, decks, options)
    won: dict[str, int] = {}
    lost = capped = actions_total = win_sum = 0
    opening: dict[str, int] = {}
    kept: dict[str, int] = {}
    cards: dict[str, list[int]] = {}  # def -> [opening games, kept games, games played, plays, sum of first turns]
    pool = None
    plays = pilot.plays
    apply_rules = factory.rules.apply
    # (None: the rules' apply leaves the result checked, engine/play.py result_checked)
    check_result = None if factory.rules.result_checked else factory.rules.check_result
    limit = range(MAX_ACTIONS)
    for i in range(start, start + count):
        state = factory(seed + i)
        if pool is None:
            pool = pool_of(state, pilot)
            key = set(pool["key_defs"])
        hand = [state["cards"][c]["def"] for c in pilot.opening_hand(state)]
        n = str(_hits(hand, key))
        opening[n] = opening.get(n, 0) + 1
        for d in set(hand):
            cards.setdefault(d, [0, 0, 0, 0, 0])[0] += 1
        kept_hand = None
        first: dict[str, int] = {}
        log = state["log"]
        base = len(log)  # the actions applied: the log's growth (one entry per action, below)
        at = None  # the engine's turn number own_turn was last worked out for
        for _ in limit:  # (MAX_ACTIONS steps at most: an autopilot that loops is stopped)
            if state["result"] is not None:
                break
            if kept_hand is None and pilot.mulligan_done(state):
                kept_hand = [state["cards"][c]["def"] for c in pilot.opening_hand(state)]
            if state["turn"] != at:  # own_turn follows the engine's turn number (autopilot.py)
                at = state["turn"]
                turn = pilot.own_turn(state)
                if turn > turn_cap:  # (the turn changes only here)
                    break
            action = pilot.choose(state)
            if action is None:
                break
            if action["type"] in plays:
                iid = action.get("card")
                if iid is not None:
                    d = state["cards"][iid]["def"]
                    tally = cards.get(d)
                    if tally is None:
                        tally = cards[d] = [0, 0, 0, 0, 0]
                    tally[3] += 1
                    if d not in first:
                        first[d] = turn
            # The core's step for a rule action (core._apply without its checks of the action's shape and of a
            # game that is over, which the loop and the autopilot's contract make). The log gets one entry per
            # action, so its length, the state's version (state.version) that games and autopilots may key
            # their caches on, grows as in the browser; the entry is the action alone, not core._apply's
            # {"action", "events", "override", "turn"}: nothing in the rules or the autopilots reads the
            # log's entries (only the web shell's story and undo/replay do, which never see a simulated
            # game), and the dict and the events it kept alive until the game's end were ~2% of a game.
            apply_rules(state, action)
            log.append(action)
            if check_result is not None and state["result"] is None:
                check_result(state)
        else:  # MAX_ACTIONS applied: the step that would come next still notes a mulligan just done
            if state["result"] is None and kept_hand is None and pilot.mulligan_done(state):
                kept_hand = [state["cards"][c]["def"] for c in pilot.opening_hand(state)]
        steps = len(log) - base
        actions_total += steps
        if kept_hand is None:
            kept_hand = hand
        n = str(_hits(kept_hand, key))
        kept[n] = kept.get(n, 0) + 1
        for d in set(kept_hand):
            cards.setdefault(d, [0, 0, 0, 0, 0])[1] += 1
        for d, turn in first.items():
            tally = cards[d]
            tally[2] += 1
            tally[4] += turn
        result = state["result"]
        if result is not None and result.get("winner") == 0:
            turn = str(pilot.own_turn(state))
            won[turn] = won.get(turn, 0) + 1
            win_sum += int(turn)
        elif result is not None:
            lost += 1
        else:
            capped += 1
    return {
        "games": count,
        "won": won,
        "win_turn_sum": win_sum,
        "lost": lost,
        "capped": capped,
        "actions": actions_total,
        "opening": opening,
        "kept": kept,
        "cards": cards,
        "pool": pool or {},
        "key_label": pilot.key_label,
    }


def pool_of(state: dict, pilot) -> dict:
    """What the opening hand was dealt from: its size, the pool's size, copies per card, the key cards."""
    defs = state["defs"]
    source = [state["cards"][c]["def"] for c in pilot.opening_pool(state)]
    copies: dict[str, int] = {}
    for d in source:
        copies[d] = copies.get(d, 0) + 1
    # by name, then key: the order is the cards', not the database's ids (which differ between databases)
    key_defs = sorted((d for d in copies if pilot.is_key(defs[d])), key=lambda d: (str(defs[d].get("name") or ""), d))
    return {
        "N": len(source),
        "n": len(pilot.opening_hand(state)),
        "copies": copies,
        "key_defs": key_defs,
        "names": {d: defs[d].get("name", d) for d in copies},
    }


def merge(parts: list[dict]) -> dict:
    """The tallies of several ranges as one (whole numbers added; the pool is the same in every range)."""
    total = {"games": 0, "won": {}, "win_turn_sum": 0, "lost": 0, "capped": 0, "actions": 0, "opening": {}, "kept": {}, "cards": {}, "pool": {}}
    for part in parts:
        for k in ("games", "win_turn_sum", "lost", "capped", "actions"):
            total[k] += part[k]
        for k in ("won", "opening", "kept"):
            for key, value in part[k].items():
                total[k][str(key)] = total[k].get(str(key), 0) + value
        for d, tally in part["cards"].items():
            mine = total["cards"].setdefault(d, [0, 0, 0, 0, 0])
            for j, value in enumerate(tally):
                mine[j] += value
        if part.get("pool") and not total["pool"]:
            total["pool"] = part["pool"]
        total["key_label"] = part.get("key_label", total.get("key_label", ""))
    return total


def _chunk(games: int, workers: int) -> int:
    return max(25, math.ceil(games / (workers * 8)))


def ranges(games: int, size: int) -> list[tuple[int, int]]:
    """(start, count) pieces of `games` games, `size` at most each."""
    return [(s, min(size, games - s)) for s in range(0, games, size)]


def _play_piece(args):
    return play_range(*args)


def simulate(
    game: str,
    decks: list,
    games: int,
    seed: int,
    turn_cap: int = DEFAULT_TURN_CAP,
    options: dict | None = None,
    workers: int = 1,
    progress: Callable[[int, int], None] | None = None,
) -> dict:
    """Play `games` autopilot games (game i from seed + i) on `workers` processes and summarize them."""
    check_params(games, seed, turn_cap, workers)
    pieces = ranges(games, _chunk(games, workers))
    args = [(game, decks, seed, start, count, turn_cap, options) for start, count in pieces]
    parts, done = [], 0
    if workers == 1:
        factory = GameFactory(game, decks, options)  # (one for every range: the same games, made once)
        for a in args:
            parts.append(play_range(*a, factory=factory))
            done += a[4]
            if progress:
                progress(done, games)
    else:
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor

        method = "fork" if "fork" in multiprocessing.get_all_start_methods() and os.name == "posix" else None
        context = multiprocessing.get_context(method)
        with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
            for part in pool.map(_play_piece, args):
                parts.append(part)
                done += part["games"]
                if progress:
                    progress(done, games)
    return summarize(merge(parts), turn_cap)


def median_win_turn(won: dict[int, int], games: int) -> int | None:
    """The median win turn of `games` games, `won` counting the games won on each turn: the first turn by
    which half of all games were won (None: half were never won)."""
    running = 0
    for turn in sorted(won):
        running += won[turn]
        if 2 * running >= games:
            return turn
    return None


def summarize(total: dict, turn_cap: int) -> dict:
    """The figures from the tallies: the win-turn distribution (count, share and cumulative share per
    turn), mean and median win turn, games not won by the cap, opening-hand figures with their exact
    values, and per-card figures."""
    games = total["games"]
    won = {int(k): v for k, v in total["won"].items()}
    wins = sum(won.values())
    rows, running = [], 0
    for turn in range(1, max([turn_cap, *won]) + 1):
        count = won.get(turn, 0)
        running += count
        rows.append({"turn": turn, "count": count, "share": count / games, "cumulative": running / games})
    median = median_win_turn(won, games)
    pool = total["pool"]
    N, n = pool.get("N", 0), pool.get("n", 0)
    key_copies = sum(pool.get("copies", {}).get(d, 0) for d in pool.get("key_defs", ()))
    opening = {int(k): v for k, v in total["opening"].items()}
    kept = {int(k): v for k, v in total["kept"].items()}
    anchors = []
    for k in range(1, min(key_copies, n, 3) + 1):
        exact = at_least(N, key_copies, n, k)
        share = sum(v for x, v in opening.items() if x >= k) / games
        low, high = interval99(exact, games)
        anchors.append({
            "k": k,
            "simulated": share,
            "exact": exact,
            "low": low,
            "high": high,
            "kept": sum(v for x, v in kept.items() if x >= k) / games,
        })
    names = pool.get("names", {})
    cards = []
    for d, (in_opening, in_kept, played_games, plays, first_sum) in total["cards"].items():
        copies = pool.get("copies", {}).get(d, 0)
        cards.append({
            "key": d,
            "name": names.get(d, d),
            "copies": copies,
            "opening": in_opening / games,
            "opening_exact": at_least(N, copies, n, 1) if copies else None,
            "kept": in_kept / games,
            "played": played_games / games,
            "plays_per_game": plays / games,
            "first_turn": first_sum / played_games if played_games else None,
        })
    cards.sort(key=lambda c: (-c["played"], c["name"], c["key"]))
    return {
        "games": games,
        "turn_cap": turn_cap,
        "won": wins,
        "lost": total["lost"],
        "not_won": games - wins,
        "not_won_share": (games - wins) / games if games else 0.0,
        "mean": total["win_turn_sum"] / wins if wins else None,
        "median": median,
        "distribution": rows,
        "actions_per_game": total["actions"] / games if games else 0.0,
        "opening": {
            "key_label": total.get("key_label", ""),
            "key_cards": [names.get(d, d) for d in pool.get("key_defs", ())],
            "pool": N,
            "hand": n,
            "key_copies": key_copies,
            "at_least": anchors,
            "key_games": [opening.get(x, 0) for x in range(n + 1)],
            "kept_games": [kept.get(x, 0) for x in range(n + 1)],
        },
        "cards": cards,
    }
