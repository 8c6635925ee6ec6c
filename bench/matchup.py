"""A 2,000-game matchup (issue 36: <= 10 s to the result) of each versus game's first sample deck in a mirror,
heuristic AI on both seats, played as the task worker plays one today: in one process
(rules.engine.versus.play_match; matchups do not run in pieces yet). Wall and CPU time are printed; the target
line takes the wall time, so the machine's other work counts in it.

    python bench/matchup.py [GAME ...]      (BENCH_MATCHUP_GAMES changes the size)
"""

import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from bench._common import target  # noqa: E402
from rules.declare.samples import player_deck  # noqa: E402
from rules.engine import versus  # noqa: E402

GAMES = int(os.environ.get("BENCH_MATCHUP_GAMES", "2000"))


def main() -> None:
    for game in sys.argv[1:] or versus.versus_games():
        deck = player_deck(game)[0]
        wall, cpu = time.perf_counter(), time.process_time()
        m = versus.play_match(game, deck, deck, GAMES, 1)["matchup"]
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        rate = m["win_rate"]
        print(f"  {game}: {m['games']} games in {wall:.1f} s wall, {cpu:.1f} s CPU; A {m['wins'][0]}-{m['wins'][1]}, "
              f"{m['draws']} draws, win rate {rate['value']:.1%} ({rate['low']:.1%}-{rate['high']:.1%})", flush=True)
        target(f"matchup.{game}_{GAMES}", wall, 10, "s", note=f"one process, CPU {cpu:.1f} s")


if __name__ == "__main__":
    main()
