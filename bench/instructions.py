"""Instructions per simulated game of each game's sample deck against issue 36's targets, counted by callgrind
(bench/profiles/instructions.py does the counting; see it for the method). The figure before the issue is
printed beside each one, and under it the top rows of a cProfile of the same games by own time (where the
instructions go; cProfile's own cost weighs on small functions, so read the rows, not the seconds, as
the figure). Needs valgrind; a machine without it prints no target and says so. BENCH_PROFILE_ROWS
sets the rows (0: none).

    python bench/instructions.py [GAME ...]
"""

import cProfile
import io
import os
import pstats
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from bench._common import target  # noqa: E402
from bench.profiles.instructions import GAMES, WARM_SEED, instructions  # noqa: E402

# Issue 36's "now" column and its targets, millions of instructions per game.
BEFORE = {"original": 68.1, "kannagi": 7.86, "vision": 5.36, "timestorm": 3.85, "manacard": 4.08}
TARGETS = {"original": 12, "kannagi": 4, "vision": 3.5, "timestorm": 2.5, "manacard": 2.5}


ROWS = int(os.environ.get("BENCH_PROFILE_ROWS", "6"))


def top_rows(game: str, n: int, rows: int) -> list[str]:
    """The `rows` functions with the most own time in a cProfile of `n` games of the sample deck (as
    instructions() plays them, after the same warm-up): "share%  calls  function" lines."""
    from rules.declare.samples import player_deck
    from rules.engine.simulate import simulate

    deck = player_deck(game)
    simulate(game, deck, games=5, seed=WARM_SEED, turn_cap=20)
    profile = cProfile.Profile()
    profile.enable()
    simulate(game, deck, games=n, seed=1, turn_cap=20)
    profile.disable()
    stats = pstats.Stats(profile, stream=io.StringIO())
    total = stats.total_tt or 1
    top = sorted(stats.stats.items(), key=lambda item: item[1][2], reverse=True)[:rows]
    return [f"{tt / total:6.1%} {calls:>9,} calls  {Path(file).name}:{line}({name})"
            for (file, line, name), (_cc, calls, tt, _ct, _callers) in top]


def main() -> None:
    if not shutil.which("valgrind"):
        print("  valgrind is not installed: no instruction counts (apt-get install valgrind)")
        return
    for game in sys.argv[1:] or list(GAMES):
        n = GAMES[game]
        per_game = (instructions(game, n) - instructions(game, 0)) / n / 1e6
        print(f"  {game}: {per_game:.2f} M instructions a game ({n} games; {BEFORE[game]} M before issue 36)",
              flush=True)
        target(f"instructions.{game}", per_game, TARGETS[game], "M", note=f"before {BEFORE[game]} M")
        if ROWS:
            print(f"    top {ROWS} by own time (cProfile, {n} games):")
            for row in top_rows(game, n, ROWS):
                print(f"      {row}", flush=True)


if __name__ == "__main__":
    main()
