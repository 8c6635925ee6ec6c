"""The rules engine on one core: median `apply` and `legal_actions` times, and complete games per second
with random legal actions (kannagi; the other games as they gain their rules).

Targets (issue 6): apply <= 50 µs median; >= 500 complete random games per second per game.
"""

import json
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

GAMES = 300
TURN_CAP = 60


def kannagi_deck():
    cards = json.loads((ROOT / "cards" / "bundled" / "kannagi.json").read_text(encoding="utf-8"))["cards"]
    deck = []
    for i, card in enumerate(cards):
        deck += [{**card, "key": f"k{i}"}] * 2
    return deck[:40]


def main():
    from rules.engine import apply, legal_actions, new_game

    deck = kannagi_deck()
    apply_times, legal_times = [], []
    finished = 0
    start = time.perf_counter()
    for seed in range(GAMES):
        pick = random.Random(seed)
        state = new_game("kannagi", [deck], seed=seed)
        while state["result"] is None and state["turn"] <= TURN_CAP:
            t0 = time.perf_counter()
            actions = legal_actions(state)
            t1 = time.perf_counter()
            apply(state, pick.choice(actions))
            t2 = time.perf_counter()
            legal_times.append(t1 - t0)
            apply_times.append(t2 - t1)
        finished += state["result"] is not None
    elapsed = time.perf_counter() - start
    print("engine benchmark (one core)")
    print(f"  kannagi: {GAMES} random-legal games ({finished} ended by a win or loss, the rest at turn {TURN_CAP}) "
          f"in {elapsed:.2f} s = {GAMES / elapsed:.0f} games/s; {len(apply_times) / GAMES:.0f} actions a game")
    print(f"  apply median {statistics.median(apply_times) * 1e6:.1f} µs, legal_actions median {statistics.median(legal_times) * 1e6:.1f} µs")
    met = statistics.median(apply_times) <= 50e-6 and GAMES / elapsed >= 500
    print(f"  targets: apply <= 50 µs, >= 500 games/s: {'met' if met else 'NOT met'}")


if __name__ == "__main__":
    main()
