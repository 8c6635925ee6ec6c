"""A 2,000-game matchup (issue 36: <= 10 s to the result) of each versus game's first sample deck in a mirror,
heuristic AI on both seats.

    python bench/matchup.py [GAME ...]              one process (rules.engine.versus.play_match)
    python bench/matchup.py --workers [GAME ...]    through the task workers, as the site plays one

The second queues the matchup as the site does (goldfish.services.start_matchup: pieces of games, any worker's)
and times it from the request to the result, played by `make run`'s worker set-up (one `manage.py db_worker
--interval 0.2` process per core; BENCH_WAITS_WORKERS to change it), on a fresh SQLite file or
BENCH_DATABASE_URL's PostgreSQL (emptied first), as bench/waits.py does. A matchup plays at most
MATCHUP_MAX_GAMES games an opponent, so a bigger one is a gauntlet of the deck against itself that many
times (the same games again: the time is what it measures). BENCH_MATCHUP_GAMES changes the size. Wall and
CPU time are printed; the target line takes the wall time, so the machine's other work counts in it.
"""

import io
import os
import signal
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from bench._common import setup, sqlite_dir, target  # noqa: E402
from rules.declare.samples import player_deck  # noqa: E402
from rules.engine import versus  # noqa: E402

GAMES = int(os.environ.get("BENCH_MATCHUP_GAMES", "2000"))


def one_process(games: list[str]) -> None:
    for game in games:
        deck = player_deck(game)[0]
        wall, cpu = time.perf_counter(), time.process_time()
        m = versus.play_match(game, deck, deck, GAMES, 1)["matchup"]
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        rate = m["win_rate"]
        print(f"  {game}: {m['games']} games in {wall:.1f} s wall, {cpu:.1f} s CPU; A {m['wins'][0]}-{m['wins'][1]}, "
              f"{m['draws']} draws, win rate {rate['value']:.1%} ({rate['low']:.1%}-{rate['high']:.1%})", flush=True)
        target(f"matchup.{game}_{GAMES}", wall, 10, "s", note=f"one process, CPU {cpu:.1f} s")


def wait_matchup(matchup_id: int) -> float:
    from goldfish.models import Matchup

    start = time.perf_counter()
    while True:
        matchup = Matchup.objects.only("status", "error").get(pk=matchup_id)
        if matchup.status == "failed":
            raise RuntimeError(matchup.error)
        if matchup.status == "done":
            return time.perf_counter() - start
        time.sleep(0.05)


def through_workers(games: list[str]) -> bool:
    from bench.waits import WORKERS, start_workers, workers_ready

    url = os.environ.get("BENCH_DATABASE_URL", "")
    db_url = url if url.startswith("postgres") else f"sqlite:///{sqlite_dir(tempfile.mkdtemp(prefix='bench-matchup.'))}/matchup.sqlite3"
    setup(db_url)
    from django.contrib.auth.models import User
    from django.core.management import call_command

    from decks.models import Deck
    from goldfish import services
    from goldfish.actors import Actor
    from rules.declare.samples import bundled_samples

    call_command("load_bundled", verbosity=0, stdout=io.StringIO())
    call_command("load_sample_decks", verbosity=0, stdout=io.StringIO())
    who = Actor(user=User.objects.create_user("bench-matchup"))
    times = -(-GAMES // services.MATCHUP_MAX_GAMES)
    per = -(-GAMES // times)
    workers = start_workers(db_url)
    print(f"matchup: {times} x {per:,} games through {WORKERS} worker process(es) on {os.cpu_count()} CPUs, "
          f"{'PostgreSQL' if db_url.startswith('postgres') else 'SQLite'}", flush=True)
    failed = False
    try:
        workers_ready(workers)
        for game in games:
            deck = Deck.objects.get(game_id=game, name=bundled_samples(game)[0]["name"])
            matchup = services.start_matchup(who=who, deck=deck, opponents=[deck] * times, games=per, seed=1)
            took = wait_matchup(matchup.pk)
            matchup.refresh_from_db()
            m = matchup.result[0]
            print(f"  {game}: {matchup.total:,} games in {matchup.pieces.count()} pieces, {took:.1f} s wall; "
                  f"A {m['wins'][0]}-{m['wins'][1]}, {m['draws']} draws", flush=True)
            failed |= not target(f"matchup.{game}_{matchup.total}_workers", took, 10, "s", note=f"{WORKERS} workers")
    finally:
        for p in workers:
            os.killpg(p.pid, signal.SIGTERM)
        for p in workers:
            p.wait(timeout=30)
    return not failed


def main() -> None:
    args = sys.argv[1:]
    workers = "--workers" in args
    games = [a for a in args if a != "--workers"] or versus.versus_games()
    if workers:
        sys.exit(0 if through_workers(games) else 1)
    one_process(games)


if __name__ == "__main__":
    main()
