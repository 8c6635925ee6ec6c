"""The rules engine on one core: median `apply` and `legal_actions` times, and complete games per second
with random legal actions, for each of the five games (their bundled sample decks).

Targets (issues 6 and 7): apply <= 50 µs median; >= 500 complete random games per second per game.
Games per second are measured on a separate pass without the per-call timers.
"""

import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rules.declare.samples import bundled_cards, sample_deck, timestorm_decks  # noqa: E402  (after the path)

GAMES = 500
TURN_CAP = 60


def kannagi_decks():
    cards = list(bundled_cards("kannagi").values())
    return [[c for c in cards for _ in range(2)][:40]]


DECKS = {
    "kannagi": kannagi_decks,
    "timestorm": timestorm_decks,
    "original": lambda: sample_deck("original"),
    "manacard": lambda: sample_deck("manacard"),
    "vision": lambda: sample_deck("vision"),
}


def timed_pass(game, decks):
    from rules.engine import apply, legal_actions, new_game

    apply_times, legal_times = [], []
    for seed in range(GAMES):
        pick = random.Random(seed)
        state = new_game(game, decks, seed=seed)
        while state["result"] is None and state["turn"] <= TURN_CAP:
            t0 = time.perf_counter()
            actions = legal_actions(state)
            t1 = time.perf_counter()
            apply(state, pick.choice(actions))
            t2 = time.perf_counter()
            legal_times.append(t1 - t0)
            apply_times.append(t2 - t1)
    return apply_times, legal_times


def throughput_pass(game, decks):
    from rules.engine import apply, legal_actions, new_game

    finished = 0
    start = time.perf_counter()
    for seed in range(GAMES):
        pick = random.Random(seed)
        state = new_game(game, decks, seed=seed)
        while state["result"] is None and state["turn"] <= TURN_CAP:
            apply(state, pick.choice(legal_actions(state)))
        finished += state["result"] is not None
    return finished, time.perf_counter() - start


def main():
    print("engine benchmark (one core)")
    all_met = True
    for game, make in DECKS.items():
        decks = make()
        apply_times, legal_times = timed_pass(game, decks)
        finished, elapsed = throughput_pass(game, decks)
        rate = GAMES / elapsed
        median_apply = statistics.median(apply_times)
        print(f"  {game}: {GAMES} random-legal games ({finished} ended by a win or loss, the rest at turn {TURN_CAP}) "
              f"in {elapsed:.2f} s = {rate:.0f} games/s; {len(apply_times) / GAMES:.0f} actions a game")
        print(f"    apply median {median_apply * 1e6:.1f} µs (p95 {statistics.quantiles(apply_times, n=20)[-1] * 1e6:.1f} µs), "
              f"legal_actions median {statistics.median(legal_times) * 1e6:.1f} µs")
        all_met &= median_apply <= 50e-6 and rate >= 500
    print(f"  targets: apply <= 50 µs median, >= 500 games/s per game: {'met' if all_met else 'NOT met'}")


if __name__ == "__main__":
    main()
