import cProfile
import pstats
import sys
import time

sys.path.insert(0, ".")
from rules.engine.simulate import simulate
from rules.games.samples import player_deck

slug = sys.argv[1]; n = int(sys.argv[2])
deck = player_deck(slug)
t = time.perf_counter(); simulate(slug, deck, games=n, seed=1, turn_cap=20); dt = time.perf_counter() - t
print(f"{slug}: {n} games in {dt:.2f}s = {n/dt:.0f} games/s")
if len(sys.argv) > 3:
    pr = cProfile.Profile(); pr.enable(); simulate(slug, deck, games=n, seed=1, turn_cap=20); pr.disable()
    pstats.Stats(pr).sort_stats("tottime").print_stats(18)
