"""Games per second of one simulation, and (with a third argument) its cProfile listing by own time.

    python bench/profiles/prof.py original 2000 [profile]
"""

import cProfile
import pstats
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from rules.declare.samples import player_deck  # noqa: E402
from rules.engine.simulate import simulate  # noqa: E402

slug = sys.argv[1]
n = int(sys.argv[2])
deck = player_deck(slug)
start = time.perf_counter()
simulate(slug, deck, games=n, seed=1, turn_cap=20)
elapsed = time.perf_counter() - start
print(f"{slug}: {n} games in {elapsed:.2f}s = {n / elapsed:.0f} games/s")
if len(sys.argv) > 3:
    profile = cProfile.Profile()
    profile.enable()
    simulate(slug, deck, games=n, seed=1, turn_cap=20)
    profile.disable()
    pstats.Stats(profile).sort_stats("tottime").print_stats(18)
