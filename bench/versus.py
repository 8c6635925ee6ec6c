"""Strong vs heuristic AI in mirror matches of each versus game's first sample deck, with the 95% interval,
and the time of the strong level's decisions (median, 95th percentile, slowest) (issue 34's measurement; not a timed test).
A decision's time is taken twice: on the wall clock, which the machine's other work stretches, and as the
process's CPU time, the decision's own work; the target line takes the CPU time (on an idle machine the two agree):

    .venv/bin/python bench/versus.py --games 100 --seed 1 [--game SLUG ...]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench._common import target  # noqa: E402
from rules.declare.samples import player_deck  # noqa: E402
from rules.engine import versus  # noqa: E402


def _at(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--samples", type=int, default=versus.SAMPLES)
    parser.add_argument("--game", action="append", choices=versus.versus_games(), help="only this game (repeatable; default: every versus game)")
    args = parser.parse_args()
    times: list[float] = []
    cpu: list[float] = []
    choose = versus.SeatAI.choose

    def timed(self, state, seat):
        started, used = time.perf_counter(), time.process_time()
        try:
            return choose(self, state, seat)
        finally:
            if self.level == "strong":
                times.append(time.perf_counter() - started)
                cpu.append(time.process_time() - used)

    versus.SeatAI.choose = timed
    for game in args.game or versus.versus_games():
        deck = player_deck(game)[0]
        times.clear()
        cpu.clear()
        started = time.perf_counter()
        m = versus.play_match(game, deck, deck, args.games, args.seed, ai="strong", ai_b="heuristic", samples=args.samples)["matchup"]
        rate = m["win_rate"]
        print(f"{game}: strong vs heuristic, mirror of the sample deck, {m['games']} games (seed {args.seed}, "
              f"{args.samples} samples): strong {m['wins'][0]} – heuristic {m['wins'][1]}, draws {m['draws']}; "
              f"strong's win rate {rate['value']:.3f} (95% {rate['low']:.3f}–{rate['high']:.3f}); "
              f"strong decisions: {len(times)}, median {_at(times, 0.5):.3f} s, 95th percentile {_at(times, 0.95):.3f} s, "
              f"slowest {max(times, default=0):.3f} s, over 1 s: {sum(t > 1 for t in times)} (wall clock); CPU: median "
              f"{_at(cpu, 0.5):.3f} s, slowest {max(cpu, default=0):.3f} s, over 1 s: {sum(t > 1 for t in cpu)}; "
              f"{time.perf_counter() - started:.1f} s in all", flush=True)
        target(f"versus.{game}_strong_win_rate", rate["value"] * 100, 60, "%", higher_is_better=True,
               note=f"95% {rate['low']:.1%}-{rate['high']:.1%}, {m['games']} games")
        target(f"versus.{game}_strong_slowest_decision", max(cpu, default=0), 1, "s",
               note=f"CPU; wall clock {max(times, default=0):.2f} s")


if __name__ == "__main__":
    main()
