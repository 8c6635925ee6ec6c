"""A simulation's CPU rate and the rows of its cProfile listing that are the engine's (rules/engine/ and
builtins), by own time: what the engine costs, apart from the game's own code.

    python bench/profiles/engine_rows.py kannagi 300 [rows]

The rate is CPU time (time.process_time()) of one unprofiled run, so that other work on a shared machine
does not count.
"""

import cProfile
import pstats
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from rules.declare.samples import player_deck  # noqa: E402
from rules.engine.simulate import simulate  # noqa: E402

slug, n = sys.argv[1], int(sys.argv[2])
rows = int(sys.argv[3]) if len(sys.argv) > 3 else 10
deck = player_deck(slug)
simulate(slug, deck, games=20, seed=1, turn_cap=20)  # warm up: imports, the first game's tables
start = time.process_time()
simulate(slug, deck, games=n, seed=1, turn_cap=20)
cpu = time.process_time() - start
print(f"{slug}: {n} games cpu {cpu:.2f}s = {n / cpu:.0f} games/s (cpu)")
profile = cProfile.Profile()
profile.enable()
simulate(slug, deck, games=n, seed=1, turn_cap=20)
profile.disable()
stats = pstats.Stats(profile)
found = [
    (own, cum, calls, f"{path.split('rules/')[-1]}:{line}({name})")
    for (path, line, name), (_, calls, own, cum, _) in stats.stats.items()
    if "engine" in path or path == "~"
]
found.sort(reverse=True)
print(f"total {stats.total_tt:.2f}s; engine-file own time {sum(r[0] for r in found if 'engine' in r[3]):.2f}s")
for own, cum, calls, where in found[:rows]:
    print(f"{own:7.3f} {cum:7.3f} {calls:8d} {where}")
