"""Instructions per simulated game of each game's sample deck against issue 36's targets, counted by callgrind
(bench/profiles/instructions.py does the counting; see it for the method). The figure before the issue is
printed beside each one. Needs valgrind; a machine without it prints no target and says so.

    python bench/instructions.py [GAME ...]
"""

import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from bench._common import target  # noqa: E402
from bench.profiles.instructions import GAMES, instructions  # noqa: E402

# Issue 36's "now" column and its targets, millions of instructions per game.
BEFORE = {"original": 68.1, "kannagi": 7.86, "vision": 5.36, "timestorm": 3.85, "manacard": 4.08}
TARGETS = {"original": 12, "kannagi": 4, "vision": 3.5, "timestorm": 2.5, "manacard": 2.5}


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


if __name__ == "__main__":
    main()
