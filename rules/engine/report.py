"""The designer report: what each card of a deck does to how fast the autopilot wins with it.

    report = card_report("kannagi", decks, games=2000, seed=1)                # -> JSON-able figures
    swapped = card_report("kannagi", swap_decks(decks, "12", new_card), games=2000, seed=1, by_turn=report["by_turn"])
    compare(report, swapped, old="12", new="34")                              # -> the differences

The games are the simulator's (rules/engine/simulate.py): game i from seed + i, the game's autopilot on
the player's side, the same factory, the same steps and the same end (win, loss, the turn cap or the
autopilot's cap on actions), so a report's win turns are the simulation's (a test compares them). What the
report adds is watched on the side, never by changing what is played, and only here: `simulate` itself does
not pay for it.

What is watched comes from the engine's own conventions and the game's declarations, never from a card's
name or a game's slug:
- **drawn**: a card of the player's arrived in their hand zone (the engine's `p0.hand`, where `draw` puts
  cards): the hand as it stands when the opening hand is final (the autopilot's `mulligan_done`), and every
  `move` event into it afterwards; "drawn by turn 3" counts the arrivals while the player's own turn
  (the autopilot's `own_turn`) is at most 3;
- **in the opening hand**: the kept opening hand (the autopilot's `opening_hand` when the mulligan is done);
- **played**: an action of a type the autopilot declares as playing a card (`Autopilot.plays`) naming it;
- **stuck**: a copy was still in the hand zone when the game ended (of the games it was drawn in).

Per card and per condition (in the opening hand; drawn by turn 3) the games with it and without it get the
share won by turn T (Wilson 95% interval) and the mean win turn of the games won (t interval), and the
difference with minus without (Newcombe's and Welch's intervals). A card's **impact** is the difference in
the share won by turn T between the games it was drawn by turn 3 and those it was not; cards are sorted by
its size. T is the deck's median win turn unless given (the turn cap if half the games are never won).

The tallies of a range of games are whole-number histograms (win turn -> games), so ranges add up in any
order (`merge`) and T can be chosen after all games are in.
"""

from __future__ import annotations

from collections.abc import Callable
from math import sqrt

from ..declare import get_game
from .intervals import Z95, difference, mean_difference, mean_interval, share_difference, wilson
from .simulate import DEFAULT_TURN_CAP, MAX_ACTIONS, GameFactory, check_params
from .state import zone

EARLY_TURN = 3  # "drawn by its game's turn 3": the player's own turn
NOT_WON = "x"  # the histograms' key for a game not won
CONDITIONS = ("opening", "early")
PLAYER = 0  # the autopilot plays player 0 (the simulator's winner == 0)


class ReportError(ValueError):
    """Bad input for a report (a swap naming no card of the deck, a bad turn); the message names it."""


def card_key(card: dict) -> str:
    """The key the engine files a card's data under (state.add_card): the same key is the same card."""
    return str(card.get("key") or card.get("id") or card.get("name"))


def deck_cards(decks: list) -> dict[str, dict]:
    """The player's distinct cards (their first deck) by key: {"name", "copies"}, in the deck's order."""
    out: dict[str, dict] = {}
    for card in decks[0] if decks else ():
        entry = out.setdefault(card_key(card), {"name": str(card.get("name") or card_key(card)), "copies": 0})
        entry["copies"] += 1
    return out


def swap_decks(decks: list, old: str, new: dict) -> list:
    """The decks with every copy of the card keyed `old` (in any deck) replaced by `new`, which keeps the
    replaced copy's deck section."""
    if not any(card_key(c) == old for deck in decks for c in deck):
        raise ReportError(f"swap: {old!r} is not a card of the deck")
    out = []
    for deck in decks:
        cards = []
        for card in deck:
            if card_key(card) == old:
                card = {k: v for k, v in new.items() if k != "section"} | ({"section": card["section"]} if card.get("section") else {})
            cards.append(card)
        out.append(cards)
    return out


def _add(hist: dict, key: str) -> None:
    hist[key] = hist.get(key, 0) + 1


def _card(cards: dict, d: str) -> dict:
    tally = cards.get(d)
    if tally is None:
        tally = cards[d] = {"opening": {}, "early": {}, "seen": 0, "stuck": 0, "plays": 0}
    return tally


def observe_range(game: str, decks: list, seed: int, start: int, count: int, turn_cap: int = DEFAULT_TURN_CAP,
                  options: dict | None = None, early_turn: int = EARLY_TURN) -> dict:
    """Play games start .. start+count-1 (game i from seed + i) as simulate.play_range does, watching the
    player's hand and plays; return the range's tallies (see merge)."""
    pilot = get_game(game).pilot
    factory = GameFactory(game, decks, options)
    apply_rules, check_result = factory.rules.apply, factory.rules.check_result
    plays_kinds = pilot.plays
    hand_zone = zone(PLAYER, "hand")
    won: dict[str, int] = {}
    cards: dict[str, dict] = {}
    total_plays = 0
    for i in range(start, start + count):
        state = factory(seed + i)
        instances = state["cards"]
        opening: set[str] | None = None
        early: set[str] = set()
        seen: set[str] = set()
        steps = 0
        at = None
        turn = 0
        while state["result"] is None:
            if opening is None and pilot.mulligan_done(state):
                opening = {instances[c]["def"] for c in pilot.opening_hand(state)}
                held = {instances[c]["def"] for c in state["zones"].get(hand_zone, ())}
                seen |= held
                if turn <= early_turn:
                    early |= held
            if state["turn"] != at:
                at = state["turn"]
                turn = pilot.own_turn(state)
            if turn > turn_cap or steps >= MAX_ACTIONS:
                break
            action = pilot.choose(state)
            if action is None:
                break
            if action["type"] in plays_kinds:
                iid = action.get("card")
                if iid is not None:
                    _card(cards, instances[iid]["def"])["plays"] += 1
                    total_plays += 1
            events = apply_rules(state, action)  # the simulator's step, exactly (simulate.play_range)
            state["log"].append(action)
            if state["result"] is None:
                check_result(state)
            steps += 1
            if opening is not None:
                arrived = [
                    e["card"] for e in events
                    if e.get("type") == "move" and e.get("to") == hand_zone and e.get("card") in instances
                ]
                if arrived:
                    now = pilot.own_turn(state)
                    for iid in arrived:
                        d = instances[iid]["def"]
                        seen.add(d)
                        if now <= early_turn:
                            early.add(d)
        if opening is None:
            opening = {instances[c]["def"] for c in pilot.opening_hand(state)}
            seen |= opening
            early |= opening
        result = state["result"]
        outcome = str(pilot.own_turn(state)) if result is not None and result.get("winner") == PLAYER else NOT_WON
        _add(won, outcome)
        stuck = {instances[c]["def"] for c in state["zones"].get(hand_zone, ())}
        for d in opening:
            _add(_card(cards, d)["opening"], outcome)
        for d in early:
            _add(_card(cards, d)["early"], outcome)
        for d in seen:
            _card(cards, d)["seen"] += 1
        for d in stuck & seen:
            _card(cards, d)["stuck"] += 1
    return {"games": count, "won": won, "plays": total_plays, "cards": cards}


def merge(parts: list[dict]) -> dict:
    """The tallies of several ranges as one (whole numbers added)."""
    total: dict = {"games": 0, "won": {}, "plays": 0, "cards": {}}
    for part in parts:
        total["games"] += part["games"]
        total["plays"] += part["plays"]
        for key, value in part["won"].items():
            total["won"][key] = total["won"].get(key, 0) + value
        for d, tally in part["cards"].items():
            mine = _card(total["cards"], d)
            for name in ("seen", "stuck", "plays"):
                mine[name] += tally[name]
            for name in CONDITIONS:
                for key, value in tally[name].items():
                    mine[name][key] = mine[name].get(key, 0) + value
    return total


def median_turn(won: dict, games: int) -> int | None:
    """The first turn by which half of all games were won (None: half were never won)."""
    running = 0
    for turn in sorted(int(k) for k in won if k != NOT_WON):
        running += won[str(turn)]
        if 2 * running >= games:
            return turn
    return None


def group(hist: dict, by_turn: int) -> dict:
    """The figures of a group of games from its histogram (win turn -> games): the share won by turn T with
    Wilson's interval and the mean win turn of the games won with its t interval, and the counts they come
    from (which compare() takes differences of)."""
    n = sum(hist.values())
    turns = [(int(k), v) for k, v in hist.items() if k != NOT_WON]
    by = sum(v for t, v in turns if t <= by_turn)
    wins = sum(v for _t, v in turns)
    total = sum(t * v for t, v in turns)
    squares = sum(t * t * v for t, v in turns)
    mean, mean_iv = mean_interval(wins, total, squares)
    iv = wilson(by, n)
    return {
        "games": n,
        "won_by": by,
        "share": by / n if n else None,
        "interval": list(iv) if iv else None,
        "wins": wins,
        "sum": total,
        "squares": squares,
        "mean": mean,
        "mean_interval": list(mean_iv) if mean_iv else None,
    }


def _without(overall: dict, hist: dict) -> dict:
    return {k: v - hist.get(k, 0) for k, v in overall.items() if v - hist.get(k, 0) > 0}


def _differences(a: dict, b: dict) -> tuple[dict | None, dict | None]:
    """(share a - share b, mean a - mean b), each with its interval (None where a group is too small)."""
    return (
        share_difference(a["won_by"], a["games"], b["won_by"], b["games"]),
        mean_difference(a["wins"], a["sum"], a["squares"], b["wins"], b["sum"], b["squares"]),
    )


def summarize(total: dict, decks: list, turn_cap: int, by_turn: int | None = None, early_turn: int = EARLY_TURN) -> dict:
    """The report from the tallies: the deck's figures and one row per distinct card of the player's deck,
    sorted by impact (largest size first; cards never drawn, or always, last)."""
    games = total["games"]
    won = total["won"]
    median = median_turn(won, games)
    if by_turn is None:
        by_turn = median if median is not None else turn_cap
    if not isinstance(by_turn, int) or isinstance(by_turn, bool) or not 1 <= by_turn <= 200:
        raise ReportError(f"by_turn: a whole number from 1 to 200, not {by_turn!r}")
    names = deck_cards(decks)
    all_plays = total["plays"]
    rows = []
    for d, info in names.items():
        tally = total["cards"].get(d) or {"opening": {}, "early": {}, "seen": 0, "stuck": 0, "plays": 0}
        row = {"key": d, "name": info["name"], "copies": info["copies"]}
        for name in CONDITIONS:
            with_, without = group(tally[name], by_turn), group(_without(won, tally[name]), by_turn)
            share_diff, mean_diff = _differences(with_, without)
            row[name] = {"with": with_, "without": without, "share_diff": share_diff, "mean_diff": mean_diff}
        stuck_iv = wilson(tally["stuck"], tally["seen"])
        plays_iv = wilson(tally["plays"], all_plays)
        row.update({
            "drawn": tally["seen"] / games if games else 0.0,
            "drawn_games": tally["seen"],
            "stuck": tally["stuck"] / tally["seen"] if tally["seen"] else None,
            "stuck_games": tally["stuck"],
            "stuck_interval": list(stuck_iv) if stuck_iv else None,
            "plays": tally["plays"],
            "play_share": tally["plays"] / all_plays if all_plays else None,
            "play_share_interval": list(plays_iv) if plays_iv else None,
            "plays_per_game": tally["plays"] / games if games else 0.0,
        })
        impact = row["early"]["share_diff"]
        row["impact"] = impact["diff"] if impact else None
        row["impact_interval"] = [impact["low"], impact["high"]] if impact else None
        row["significant"] = bool(impact and impact["significant"])
        rows.append(row)
    rows.sort(key=lambda r: (r["impact"] is None, -abs(r["impact"] or 0.0), r["name"], r["key"]))
    return {
        "games": games,
        "turn_cap": turn_cap,
        "by_turn": by_turn,
        "early_turn": early_turn,
        "median": median,
        "deck": group(won, by_turn),
        "not_won": won.get(NOT_WON, 0),
        "plays": all_plays,
        "cards": rows,
    }


def card_report(game: str, decks: list, games: int, seed: int, turn_cap: int = DEFAULT_TURN_CAP,
                options: dict | None = None, by_turn: int | None = None, early_turn: int = EARLY_TURN,
                progress: Callable[[int, int], None] | None = None, piece: int = 100) -> dict:
    """Play `games` games (game i from seed + i) and report on every card of the player's deck."""
    check_params(games, seed, turn_cap)
    if not decks or not decks[0]:
        raise ReportError("deck: there are no cards to play with")
    parts, done = [], 0
    for start in range(0, games, piece):
        count = min(piece, games - start)
        parts.append(observe_range(game, decks, seed, start, count, turn_cap, options, early_turn))
        done += count
        if progress:
            progress(done, games)
    return summarize(merge(parts), decks, turn_cap, by_turn, early_turn)


# -- what a swap changes ----------------------------------------------------------------------------------


def _share_change(a: dict, b: dict) -> dict | None:
    """b's share minus a's (b the swapped deck's group), with Newcombe's interval."""
    return share_difference(b["won_by"], b["games"], a["won_by"], a["games"])


def _mean_change(a: dict, b: dict) -> dict | None:
    return mean_difference(b["wins"], b["sum"], b["squares"], a["wins"], a["sum"], a["squares"])


def _impact_change(a: dict | None, b: dict | None) -> dict | None:
    """The change of a difference of shares: its interval from the two differences' own (their half-widths
    as standard errors, added in quadrature)."""
    if a is None or b is None:
        return None
    d = b["diff"] - a["diff"]
    se = sqrt(((a["high"] - a["low"]) / 2) ** 2 + ((b["high"] - b["low"]) / 2) ** 2) / Z95
    return difference(d, d - Z95 * se, d + Z95 * se)


def _rate_change(k1: int, n1: int, k2: int, n2: int) -> dict | None:
    return share_difference(k2, n2, k1, n1)


def compare(base: dict, swapped: dict, old: str, new: str) -> dict:
    """What the swap changed (swapped minus base), figure by figure, with 95% intervals and whether each is
    significant. Both reports must share T (by_turn); the old card's row is compared with the new card's."""
    if base["by_turn"] != swapped["by_turn"]:
        raise ReportError("by_turn: the reports count wins by different turns")
    others = {row["key"]: row for row in swapped["cards"]}
    deck = {
        "share": _share_change(base["deck"], swapped["deck"]),
        "mean": _mean_change(base["deck"], swapped["deck"]),
        "base": {"share": base["deck"]["share"], "mean": base["deck"]["mean"]},
        "swapped": {"share": swapped["deck"]["share"], "mean": swapped["deck"]["mean"]},
    }
    rows = []
    for row in base["cards"]:
        other = others.get(new if row["key"] == old else row["key"])
        if other is None:
            continue
        rows.append({
            "key": row["key"],
            "name": row["name"],
            "new_key": other["key"],
            "new_name": other["name"],
            "swapped": row["key"] == old,
            "impact": _impact_change(row["early"]["share_diff"], other["early"]["share_diff"]),
            "share_with": _share_change(row["early"]["with"], other["early"]["with"]),
            "mean_with": _mean_change(row["early"]["with"], other["early"]["with"]),
            "stuck": _rate_change(row["stuck_games"], row["drawn_games"], other["stuck_games"], other["drawn_games"]),
            "play_share": _rate_change(row["plays"], base["plays"], other["plays"], swapped["plays"]),
        })
    return {"games": base["games"], "by_turn": base["by_turn"], "old": old, "new": new, "deck": deck, "cards": rows}


def swap_report(game: str, decks: list, old: str, new: dict, games: int, seed: int, turn_cap: int = DEFAULT_TURN_CAP,
                options: dict | None = None, by_turn: int | None = None, early_turn: int = EARLY_TURN,
                progress: Callable[[int, int], None] | None = None) -> dict:
    """The report of the deck, the report of the same seeds with every copy of `old` replaced by `new`, and
    what changed: {"base", "swapped", "changes"}."""
    swapped_decks = swap_decks(decks, old, new)

    def half(offset):
        return (lambda done, total: progress(offset + done, 2 * games)) if progress else None

    base = card_report(game, decks, games, seed, turn_cap, options, by_turn, early_turn, progress=half(0))
    other = card_report(game, swapped_decks, games, seed, turn_cap, options, base["by_turn"], early_turn, progress=half(games))
    return {"base": base, "swapped": other, "changes": compare(base, other, old, card_key(new))}
