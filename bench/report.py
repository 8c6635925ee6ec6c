"""A 5,000-game card report of each game's sample deck (issue 36: <= 10 s), played as the site plays it: its
pieces (goldfish.services.report_pieces) queued as the page queues them and taken by `make run`'s worker
set-up (one `manage.py db_worker --interval 0.2` process per core, os.cpu_count(); BENCH_REPORT_WORKERS to
change it), timed from the request to the report done; prints the CPU seconds the workers used meanwhile (the
wall time less what the machine's other work took from them) and how many pieces each worker took.

On a fresh SQLite file (on disk, as deployed) or BENCH_DATABASE_URL's PostgreSQL (emptied first), with the
bundled cards and sample decks. BENCH_REPORT_ONLY=kannagi,vision limits the games, BENCH_REPORT_GAMES the
size; BENCH_REPORT_ONE_PROCESS=1 also plays each report in this process (as one job on one worker did before
its pieces) and prints its CPU seconds: a worker's share of the pieces against the whole. The machine's other
work counts in the wall times, not in the CPU seconds.
"""

import io
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from bench._common import process_group_cpu, setup, sqlite_dir, target  # noqa: E402

GAMES = int(os.environ.get("BENCH_REPORT_GAMES", "5000"))
ONLY = [g for g in os.environ.get("BENCH_REPORT_ONLY", "").split(",") if g]
ONE_PROCESS = os.environ.get("BENCH_REPORT_ONE_PROCESS") == "1"
SEED, TURN_CAP = 1, 20


def main():
    import signal

    url = os.environ.get("BENCH_DATABASE_URL", "")
    tmp = tempfile.mkdtemp(prefix="bench-report.")
    db_url = url if url.startswith("postgres") else f"sqlite:///{sqlite_dir(tmp)}/report.sqlite3"
    if "BENCH_WAITS_WORKERS" not in os.environ and "BENCH_REPORT_WORKERS" in os.environ:
        os.environ["BENCH_WAITS_WORKERS"] = os.environ["BENCH_REPORT_WORKERS"]
    setup(db_url)
    from django.contrib.auth.models import User
    from django.core.management import call_command

    from bench.waits import WORKERS, start_workers, wait_report, workers_ready
    from decks.models import Deck
    from goldfish import services
    from goldfish.actors import Actor
    from goldfish.models import CardReport
    from rules.declare import GAMES as REGISTRY
    from rules.declare.samples import bundled_samples

    call_command("load_bundled", verbosity=0, stdout=io.StringIO())
    call_command("load_sample_decks", verbosity=0, stdout=io.StringIO())
    who = Actor(user=User.objects.create_user("bench-report"))
    workers = start_workers(db_url)
    print(f"card report: {GAMES:,} games of each sample deck, {WORKERS} worker process(es) on {os.cpu_count()} CPUs, "
          f"{'PostgreSQL' if db_url.startswith('postgres') else 'SQLite'}", flush=True)
    failed = False
    try:
        workers_ready(workers)
        for game in REGISTRY:
            if ONLY and game not in ONLY:
                continue
            deck = Deck.objects.get(game_id=game, name=bundled_samples(game)[0]["name"])
            before = [process_group_cpu(p.pid) for p in workers]
            report = services.start_card_report(who=who, deck=deck, games=GAMES, seed=SEED, turn_cap=TURN_CAP)
            took = wait_report(report.pk)
            each = [process_group_cpu(p.pid) - b for p, b in zip(workers, before, strict=True)]
            cpu = sum(each)
            by_worker = {}
            for worker_id in CardReport.objects.get(pk=report.pk).pieces.values_list("worker_id", flat=True):
                by_worker[worker_id] = by_worker.get(worker_id, 0) + 1
            print(f"  {game}: {GAMES:,}-game card report {took:.1f} s ({GAMES / took:,.0f} games/s; the workers' CPU "
                  f"{cpu:.1f} s, {' + '.join(f'{c:.1f}' for c in each)}), pieces by worker {dict(sorted(by_worker.items()))}",
                  flush=True)
            if ONE_PROCESS:  # the report as one job on one worker played it before issue 36: its CPU is its wall time
                from rules.engine.report import card_report

                report = CardReport.objects.get(pk=report.pk)
                start = time.process_time()
                assert card_report(game, report.decks, GAMES, SEED, TURN_CAP) == report.result
                print(f"  {game}: the same report in one process: CPU {time.process_time() - start:.1f} s (the same figures)",
                      flush=True)
            failed |= not target(f"report.{game}_card_report_{GAMES}", took, 10, "s")
    finally:
        for p in workers:
            os.killpg(p.pid, signal.SIGTERM)
        for p in workers:
            p.wait(timeout=30)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
