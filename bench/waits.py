"""What a user waits for (issue 36): a 10,000-game simulation of each game's sample deck and a 5,000-game card
report, queued as the site queues them and played by `make run`'s own worker set-up (one `manage.py
db_worker --interval 0.2` process per core, os.cpu_count(); BENCH_WAITS_WORKERS to change it), timed from
the request to

- the first figures with their intervals (selectors.partial_figures, what status.json hands the page),
- the full result (the simulation's summary; the report's figures).

On a fresh SQLite file (on disk, as deployed) or BENCH_DATABASE_URL's PostgreSQL (emptied first), with the
bundled cards and sample decks. BENCH_WAITS_ONLY=kannagi,vision limits the games; BENCH_WAITS_GAMES and
BENCH_WAITS_REPORT_GAMES change the sizes. Targets (issue 36): first figures <= 1 s, a 10,000-game simulation
<= 10 s, a 5,000-game card report <= 10 s. The machine's other work counts in these wall times.
"""

import io
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from bench._common import setup, sqlite_dir, target  # noqa: E402

GAMES = int(os.environ.get("BENCH_WAITS_GAMES", "10000"))
REPORT_GAMES = int(os.environ.get("BENCH_WAITS_REPORT_GAMES", "5000"))
WORKERS = int(os.environ.get("BENCH_WAITS_WORKERS", str(os.cpu_count() or 1)))
ONLY = [g for g in os.environ.get("BENCH_WAITS_ONLY", "").split(",") if g]
SEED, TURN_CAP = 1, 20


def start_workers(db_url: str) -> list[subprocess.Popen]:
    env = {**os.environ, "DATABASE_URL": db_url, "DEBUG": "0"}
    return [
        subprocess.Popen([sys.executable, "manage.py", "db_worker", "--no-reload", "--interval", "0.2",
                          "--worker-id", f"bench-w{n}"], cwd=ROOT, env=env, start_new_session=True,
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for n in range(WORKERS)
    ]


def workers_ready(workers: list[subprocess.Popen], timeout: float = 60) -> None:
    """Wait until every worker has started its loop (its first heartbeat row is written just before it): the
    workers' start-up (Django, imports, the random start-up delay) is not part of a user's wait."""
    from jobs.models import WorkerBeat

    names = {f"bench-w{n}" for n in range(len(workers))}
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if names <= set(WorkerBeat.objects.filter(worker_id__in=names).values_list("worker_id", flat=True)):
            time.sleep(0.3)  # (the loop's first look at the queue follows the heartbeat's start)
            return
        if any(w.poll() is not None for w in workers):
            raise RuntimeError("a worker process stopped while starting")
        time.sleep(0.1)
    raise RuntimeError(f"the workers did not start within {timeout:.0f} s")


def wait_simulation(sim_id: int) -> tuple[float | None, float]:
    from goldfish import selectors
    from goldfish.models import Simulation

    start = time.perf_counter()
    first = None
    while True:
        sim = Simulation.objects.get(pk=sim_id)
        if sim.status == "failed":
            raise RuntimeError(sim.error)
        if first is None and (sim.result or selectors.partial_figures(sim)):
            first = time.perf_counter() - start
        if sim.result:
            return first, time.perf_counter() - start
        time.sleep(0.05)


def wait_report(report_id: int) -> float:
    from goldfish.models import CardReport

    start = time.perf_counter()
    while True:
        report = CardReport.objects.get(pk=report_id)
        if report.status == "failed":
            raise RuntimeError(report.error)
        if report.status == "done":
            return time.perf_counter() - start
        time.sleep(0.05)


def main():
    url = os.environ.get("BENCH_DATABASE_URL", "")
    tmp = tempfile.mkdtemp(prefix="bench-waits.")
    db_url = url if url.startswith("postgres") else f"sqlite:///{sqlite_dir(tmp)}/waits.sqlite3"
    setup(db_url)
    from django.contrib.auth.models import User
    from django.core.management import call_command

    from decks.models import Deck
    from goldfish import services
    from goldfish.actors import Actor
    from rules.declare import GAMES as REGISTRY
    from rules.declare.samples import bundled_samples

    call_command("load_bundled", verbosity=0, stdout=io.StringIO())
    call_command("load_sample_decks", verbosity=0, stdout=io.StringIO())
    who = Actor(user=User.objects.create_user("bench-waits"))
    workers = start_workers(db_url)
    print(f"waits: {GAMES:,}-game simulations and {REPORT_GAMES:,}-game card reports, {WORKERS} worker process(es) "
          f"on {os.cpu_count()} CPUs, {'PostgreSQL' if db_url.startswith('postgres') else 'SQLite'}", flush=True)
    failed = False
    try:
        workers_ready(workers)
        for game in REGISTRY:
            if ONLY and game not in ONLY:
                continue
            deck = Deck.objects.get(game_id=game, name=bundled_samples(game)[0]["name"])
            sim = services.start_simulation(who=who, deck=deck, games=GAMES, seed=SEED, turn_cap=TURN_CAP)
            first, full = wait_simulation(sim.pk)
            print(f"  {game}: {GAMES:,}-game simulation: first figures {first:.2f} s, full result {full:.1f} s "
                  f"({GAMES / full:,.0f} games/s over {WORKERS} workers)", flush=True)
            failed |= not target(f"waits.{game}_first_figures", first, 1, "s")
            failed |= not target(f"waits.{game}_simulation_{GAMES}", full, 10, "s")
            report = services.start_card_report(who=who, deck=deck, games=REPORT_GAMES, seed=SEED, turn_cap=TURN_CAP)
            took = wait_report(report.pk)
            print(f"  {game}: {REPORT_GAMES:,}-game card report {took:.1f} s", flush=True)
            failed |= not target(f"waits.{game}_card_report_{REPORT_GAMES}", took, 10, "s")
    finally:
        for p in workers:
            os.killpg(p.pid, signal.SIGTERM)
        for p in workers:
            p.wait(timeout=30)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
