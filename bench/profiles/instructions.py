"""Instructions per simulated game, counted by callgrind: the steady measure of a simulation's work on a VM
whose speed moves between runs (its wall-clock and CPU-time rates can differ by half from one run to the next).

    python bench/profiles/instructions.py [GAME ...]     (all five by default; needs valgrind)

For each game: callgrind's instruction count for a process that plays N games of the sample deck
(`simulate(GAME, player_deck(GAME), seed=1, turn_cap=20)`, after a 5-game warm-up on other seeds, so that nothing the autopilots keep across games was worked out
for the measured games themselves) minus the count for one
that plays none, divided by N (60 games, 8 for original). PYTHONHASHSEED is fixed so set orders repeat.
"""

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
GAMES = {"kannagi": 60, "vision": 60, "timestorm": 60, "manacard": 60, "original": 8}
# The warm-up plays other games than the measured ones: the autopilots keep what they work out across the
# games of a simulation (by card content), and replaying the measured games would find it all cached.
WARM_SEED = 100_001
PLAY = """
import sys
sys.path.insert(0, {root!r})
from rules.engine.simulate import simulate
from rules.declare.samples import player_deck
deck = player_deck({game!r})
simulate({game!r}, deck, games=5, seed={warm}, turn_cap=20)
if {n}:
    simulate({game!r}, deck, games={n}, seed=1, turn_cap=20)
"""


def instructions(game: str, n: int) -> int:
    out = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, "-c",
         PLAY.format(root=str(ROOT), game=game, n=n, warm=WARM_SEED)],
        capture_output=True, text=True, check=True, env={**os.environ, "PYTHONHASHSEED": "0"},
    )
    return int(re.search(r"refs:\s+([\d,]+)", out.stderr).group(1).replace(",", ""))


def main() -> None:
    for game in sys.argv[1:] or list(GAMES):
        n = GAMES[game]
        per_game = (instructions(game, n) - instructions(game, 0)) / n
        print(f"{game}: {per_game / 1e6:.2f} M instructions a game ({n} games)", flush=True)


if __name__ == "__main__":
    main()
