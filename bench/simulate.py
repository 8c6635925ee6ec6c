"""Goldfish simulations (rules/engine/simulate.py): games per second of `simulate` with each game's autopilot
and its bundled sample deck, on one and on two worker processes; the time to 10,000 kannagi games; and the
peak memory of 2,000 vs 20,000 kannagi games, each in a fresh process, to show that memory does not grow
with the number of games (tallies are whole numbers; no game is kept).

Time Storm's deck is built the way the web app builds it: the bundled basic cards and one 充電完了, one list.
A game whose autopilot (rules/games/<slug>/autopilot.py) does not exist yet is skipped with a note.

Targets (issue 23): on one worker kannagi >= 4,000 games/s, timestorm, manacard and vision >= 3,000, original
>= 1,000; on two workers a speed-up >= 1.9x (on a machine with two free cores) with the same figures as on
one; peak memory flat in the number of games (20,000 games within 10% + 5 MiB of 2,000). Each game's line
says met or NOT met, and the script exits non-zero when any target is not met (bench/run.py reports it).

Each game plays as many games as its measured rate fills BENCH_SIM_SECONDS (default 3 s) on one worker with
(whole hundreds, at least 500; a 100-game probe after the warm-up gives the rate), so that a run is long
enough to time and the two-worker run's start-up is small beside it; BENCH_SIM_GAMES fixes the count for
every game instead. The figures are the best of BENCH_SIM_REPEAT runs (default 2: a shared machine's other
work only slows a run down). BENCH_SIM_ONLY=kannagi,vision benches only those games.
"""

import os
import resource
import shlex
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench._common import target as target_line  # noqa: E402
from rules.declare import GAMES as REGISTRY  # noqa: E402  (after the path)
from rules.declare.samples import player_deck  # noqa: E402
from rules.engine.simulate import MAX_GAMES, simulate  # noqa: E402

FIXED_GAMES = int(os.environ["BENCH_SIM_GAMES"]) if os.environ.get("BENCH_SIM_GAMES") else None
SECONDS = float(os.environ.get("BENCH_SIM_SECONDS", "3"))
REPEAT = int(os.environ.get("BENCH_SIM_REPEAT", "2"))
ONLY = [g for g in os.environ.get("BENCH_SIM_ONLY", "").split(",") if g]
SEED, TURN_CAP = 1, 20
TARGET_RATES = {"kannagi": 4000, "timestorm": 3000, "manacard": 3000, "vision": 3000, "original": 1000}  # one worker
TARGET_SPEEDUP = 1.9  # on two workers
# games/s on one process before issue 23's work (bench/profiles/rates-before.txt, main 6f7eb19, idle machine)
BEFORE_RATES = {"kannagi": 470, "timestorm": 1104, "manacard": 1037, "vision": 820, "original": 44}
PROBE_GAMES = 100
MEMORY_GAMES = (2_000, 20_000)

MEMORY_PROBE = """
import resource, sys
sys.path.insert(0, {root!r})
from rules.engine.simulate import simulate
from rules.declare.samples import sample_deck
decks = sample_deck("kannagi")
simulate("kannagi", decks, 10, 1, {cap})  # imports and tables: the peak before the games
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
simulate("kannagi", decks, {games}, 1, {cap}, workers={workers})
print(before, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
"""


def has_autopilot(game) -> bool:
    return bool(REGISTRY[game].autopilot)


def timed(game, decks, games, workers, repeat=1):
    """The shortest time of `repeat` runs, and the figures."""
    best = None
    for _ in range(repeat):
        start = time.perf_counter()
        summary = simulate(game, decks, games, SEED, TURN_CAP, workers=workers)
        elapsed = time.perf_counter() - start
        best = elapsed if best is None else min(best, elapsed)
    return best, summary


def mib(maxrss: int) -> float:
    """ru_maxrss in MiB (Linux counts KiB, macOS bytes)."""
    return maxrss / (1024 * 1024) if sys.platform == "darwin" else maxrss / 1024


def peak_memory(games, workers):
    """(before the games, process, largest worker) peak RSS in MiB of `games` kannagi games in a fresh process.

    Started through a shell that forks it: Linux carries ru_maxrss across exec, so a process exec'd straight
    from this one would report this process's peak as its own."""
    code = MEMORY_PROBE.format(root=str(ROOT), games=games, cap=TURN_CAP, workers=workers)
    command = f"{shlex.quote(sys.executable)} -c {shlex.quote(code)}; exit $?"
    out = subprocess.run(["/bin/sh", "-c", command], check=True, capture_output=True, text=True).stdout.split()
    return tuple(mib(int(x)) for x in out)


def games_for(game, decks):
    """How many games to time: BENCH_SIM_GAMES, or what a 100-game probe says fills SECONDS on one worker."""
    if FIXED_GAMES:
        return FIXED_GAMES
    start = time.perf_counter()
    simulate(game, decks, PROBE_GAMES, SEED, TURN_CAP)
    rate = PROBE_GAMES / (time.perf_counter() - start)
    return min(MAX_GAMES, max(500, int(round(rate * SECONDS, -2))))


def main():
    print(f"goldfish simulations (seed {SEED}, turn cap {TURN_CAP}; {os.cpu_count()} cores here; best of {REPEAT})")
    met = True
    rates = {}
    for game in [g for g, d in REGISTRY.items() if d.play]:
        if ONLY and game not in ONLY:
            continue
        if not has_autopilot(game):
            print(f"  {game}: skipped: no autopilot yet (rules/games/{game}/autopilot.py)")
            continue
        decks = player_deck(game)
        target = TARGET_RATES.get(game)
        try:
            simulate(game, decks, 20, SEED, TURN_CAP)  # warm up: imports, the first game's tables
            games = games_for(game, decks)
            one, summary = timed(game, decks, games, 1, REPEAT)
            two, summary2 = timed(game, decks, games, 2, REPEAT)
        except Exception as exc:  # an autopilot being written may still fail: note it, bench the others
            print(f"  {game}: FAILED: {type(exc).__name__}: {exc}")
            met = False
            continue
        same = summary == summary2
        rates[game] = (games / one, games / two)
        speedup = one / two
        mean = f"{summary['mean']:.2f}" if summary["mean"] is not None else "-"
        print(f"  {game}: {games} games, won {summary['won'] / games:.1%} (mean win turn {mean}), "
              f"{summary['actions_per_game']:.0f} actions a game; "
              f"{'same figures' if same else 'FIGURES DIFFER'} on 1 and 2 workers")
        rate_met = target is None or games / one >= target
        speed_met = speedup >= TARGET_SPEEDUP
        aim = f"target >= {target:,}: {'met' if rate_met else 'NOT met'}" if target else "no target"
        print(f"    1 worker  {one:6.2f} s = {games / one:6.0f} games/s ({aim})")
        print(f"    2 workers {two:6.2f} s = {games / two:6.0f} games/s, speed-up {speedup:.2f}x "
              f"(target >= {TARGET_SPEEDUP}x: {'met' if speed_met else 'NOT met'})")
        met &= same and rate_met and speed_met
        before = f"before issue 23: {BEFORE_RATES[game]:,} games/s" if game in BEFORE_RATES else ""
        if target:
            target_line(f"simulate.{game}_1_worker", games / one, target, "games/s", higher_is_better=True, note=before)
        target_line(f"simulate.{game}_2_workers_speedup", speedup, TARGET_SPEEDUP, "x", higher_is_better=True,
                    note="" if same else "FIGURES DIFFER")
    if "kannagi" in rates:
        one, two = rates["kannagi"]
        print(f"  time to 10,000 kannagi games: {10_000 / one:.1f} s on one worker, {10_000 / two:.1f} s on two "
              f"(target <= {10_000 / TARGET_RATES['kannagi']:.1f} s on one)")
        peaks = {}
        for workers in (1, 2):
            for games in MEMORY_GAMES:
                peaks[workers, games] = peak_memory(games, workers)
            (base, p_small, c_small), (_, p_big, c_big) = peaks[workers, MEMORY_GAMES[0]], peaks[workers, MEMORY_GAMES[1]]
            child = f"; largest worker {c_small:.1f} MiB vs {c_big:.1f} MiB" if workers > 1 else ""
            flat = p_big <= p_small * 1.1 + 5 and c_big <= c_small * 1.1 + 5
            print(f"  peak RSS, {workers} worker{'s' if workers > 1 else ''}: {MEMORY_GAMES[0]:,} games {p_small:.1f} MiB vs "
                  f"{MEMORY_GAMES[1]:,} games {p_big:.1f} MiB{child} ({base:.1f} MiB before the games; "
                  f"target: flat, within 10% + 5 MiB: {'met' if flat else 'NOT met'})")
            met &= flat
    print(f"  this process's own peak RSS (every game above): {mib(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss):.1f} MiB")
    missing = [g for g in REGISTRY if REGISTRY[g].play and not has_autopilot(g)]
    print(f"  autopilots: {', '.join(g for g in REGISTRY if REGISTRY[g].play and g not in missing)}"
          + (f"; not yet: {', '.join(missing)}" if missing else " (all five)"))
    wanted = ", ".join(f"{g} >= {r:,}" for g, r in TARGET_RATES.items())
    print(f"  targets: games/s on one worker ({wanted}), >= {TARGET_SPEEDUP}x on two workers with the same figures, "
          f"flat memory: {'met' if met else 'NOT met'}")
    if not met:
        sys.exit(1)


if __name__ == "__main__":
    main()
