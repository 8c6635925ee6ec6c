"""Faults, for real: task workers killed with SIGKILL in the middle of each job kind, PostgreSQL stopped under a
running worker, and one account flooding the queue.

Real `manage.py db_worker` processes run against PostgreSQL (the suite's database; SQLite's test database lives
in this process's memory, so no other process can reach it: skipped there, CI runs PostgreSQL). The jobs'
settings are shortened through the environment (heartbeat 0.5 s, stalled after 3 s, sweep every 1 s) so the
module runs in seconds; the defaults (5 s, 60 s, 15 s) give the same within 75 s. The figures are printed
(`pytest -s`): seconds from the kill to the job done, from PostgreSQL's return to a new job done, and how long
another account waited.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest
from django.db import connection

from goldfish.models import CardReport, Simulation, SimulationChunk
from printing.models import PrintJob

ROOT = Path(__file__).resolve().parent.parent
PGBIN = Path("/usr/lib/postgresql/15/bin")
FAST = {"JOBS_HEARTBEAT_SECONDS": "0.5", "JOBS_STALLED_AFTER_SECONDS": "3", "JOBS_SWEEP_SECONDS": "1",
        "JOBS_RETRY_MAX_SECONDS": "1"}

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="separate worker processes need a database server (CI runs PostgreSQL)"),
]


def suite_url() -> str:
    s = connection.settings_dict
    return f"postgres://{s['USER']}:{s['PASSWORD'] or ''}@{s['HOST'] or '127.0.0.1'}:{s['PORT'] or 5432}/{s['NAME']}"


class Worker:
    """One `manage.py db_worker` process (as `make run` and the README start it), its output in a file."""

    count = 0

    def __init__(self, url: str, log_dir: Path, media: Path, **settings):
        Worker.count += 1
        self.name = f"fault-w{Worker.count}"
        self.log = log_dir / f"{self.name}.log"
        env = {**os.environ, **FAST, **settings, "DATABASE_URL": url, "MEDIA_ROOT": str(media), "PYTHONUNBUFFERED": "1"}
        command = [sys.executable, "manage.py", "db_worker", "--no-startup-delay", "--no-reload", "--interval", "0.2",
                   "--worker-id", self.name, "-v", "1"]
        with open(self.log, "wb") as out:
            self.proc = subprocess.Popen(command, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT)
        self.started = time.monotonic()

    def kill(self) -> None:
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=10)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.kill()

    def output(self) -> str:
        return self.log.read_text(errors="replace")[-3000:]


def wait_for(check, timeout: float, what: str, step: float = 0.05, worker: Worker | None = None, state=None):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        value = check()
        if value:
            return value
        time.sleep(step)
    details = "".join([f"\n{state()}" if state else "", f"\n{worker.output()}" if worker else ""])
    raise AssertionError(f"timed out after {timeout} s waiting for {what}{details}")


@pytest.fixture
def workers(tmp_path):
    started: list[Worker] = []

    def start(url: str | None = None, **settings) -> Worker:
        worker = Worker(url or suite_url(), tmp_path, tmp_path / "media", **settings)
        started.append(worker)
        return worker

    yield start
    for worker in started:
        worker.stop()


@pytest.fixture
def quiet_queue():
    """Nothing but the test's jobs in the queue: the faces drawn ahead for the bundled cards are dropped."""
    from django_tasks_db.models import DBTaskResult

    def clear():
        DBTaskResult.objects.exclude(task_path__startswith="goldfish.").exclude(task_path__contains="print_job").exclude(
            task_path__contains="export_job").delete()

    clear()
    return clear


# -- SIGKILL in the middle of each job kind ---------------------------------------------------------------


def _print_job(client, deck):
    """A print of every card of the game, 500 copies each (thousands of cards, each face drawn): seconds of
    drawing, as a big print is (copies of one face are cheap, so a deck printed many times is not enough)."""
    from cards.models import Card
    from printing.services import start_print_job
    from printing.sheets import PrintOptions

    counts = {card_id: 500 for card_id in Card.objects.filter(game_id=deck.game_id).values_list("pk", flat=True)}
    return start_print_job(user=deck.owner, game_slug=deck.game_id, title="big print", counts=counts, options=PrintOptions())


def _export_job(client, deck):
    """Every card of the game as print-shop images at 300 dpi."""
    assert client.post(f"/games/{deck.game_id}/export/images/job/").status_code == 302
    return PrintJob.objects.latest("created_at")


def _simulation(client, deck):
    assert client.post(f"/decks/{deck.pk}/simulate/", {"games": 2000, "seed": 5, "turn_cap": 20}).status_code == 302
    return Simulation.objects.latest("created_at")


def _report(client, deck, games=2000):
    assert client.post(f"/decks/{deck.pk}/card-report/", {"games": games, "seed": 5, "turn_cap": 20}).status_code == 302
    return CardReport.objects.latest("created_at")


def _running_rows(job):
    if isinstance(job, Simulation):  # a piece of the usual size: the first, small ones end in a blink
        from goldfish.services import LEAD_GAMES

        return SimulationChunk.objects.filter(simulation=job, status="running", count__gt=LEAD_GAMES)
    if isinstance(job, CardReport):  # played in pieces (issue 36): a piece is the job a worker runs
        return job.pieces.filter(status="running")
    return type(job).objects.filter(pk=job.pk, status="running")


def _running(job) -> bool:
    return _running_rows(job).exists()


def _kill_mid_job(worker, job) -> bool:
    """SIGKILL the worker while the job is surely running: its running row is locked first (SELECT ... FOR UPDATE),
    so the worker cannot write its progress or its end while the kill lands. False: it had ended already."""
    from django.db import transaction

    with transaction.atomic():
        held = _running_rows(job).select_for_update().first()
        if held is None:
            return False
        worker.kill()
        # A backend waiting on a lock does not notice that its client is gone: the dead worker's statement (its
        # progress, or its end) would still run once the lock is let go. Its connection ends as a lost machine's
        # would: PostgreSQL terminates the backends that wait on this one.
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE pg_backend_pid() = ANY(pg_blocking_pids(pid))")
    return True


def _state(job) -> str:
    return type(job).objects.get(pk=job.pk).status


def _describe(job) -> str:
    from django_tasks_db.models import DBTaskResult

    rows = list(job.pieces.values_list("index", "status", "attempts", "heartbeat_at", "task_id")) if hasattr(job, "pieces") else [
        type(job).objects.filter(pk=job.pk).values_list("status", "attempts", "heartbeat_at", "task_id").get()]
    tasks = list(DBTaskResult.objects.values_list("task_path", "status", "worker_ids", "args_kwargs"))
    return f"job: {_state(job)} {rows}\ntasks: {tasks}"


def test_a_job_of_each_kind_whose_worker_is_killed_finishes_by_itself(user_client, deck, workers, quiet_queue):
    figures = {}
    worker = workers()
    for name, make in (("print", _print_job), ("export", _export_job), ("simulation piece", _simulation), ("card report", _report)):
        job = make(user_client, deck)
        wait_for(lambda job=job: _running(job), 60, f"the {name} to start", worker=worker)
        assert _kill_mid_job(worker, job), f"the {name} ended before the kill: make it longer\n{_describe(job)}"
        killed = time.monotonic()
        worker = workers()  # as systemd's Restart=always would
        wait_for(lambda job=job: _state(job) in ("done", "failed"), 120, f"the {name} to finish", worker=worker,
                 state=lambda job=job: _describe(job))
        figures[name] = round(time.monotonic() - killed, 1)
        assert _state(job) == "done", (name, worker.output())
        lost = job.pieces.order_by("-attempts").first() if hasattr(job, "pieces") else type(job).objects.get(pk=job.pk)
        assert lost.attempts == 2, (name, lost.attempts)  # run again once, after its worker was lost
    from django_tasks_db.models import DBTaskResult

    stuck = DBTaskResult.objects.filter(status="RUNNING").exclude(worker_ids__contains=[worker.name])
    wait_for(lambda: not stuck.exists(), 10, "the killed workers' task rows to be marked failed")
    print("\nseconds from SIGKILL to the job done (stalled after 3 s):", figures)
    assert all(seconds < 120 for seconds in figures.values()), figures


def test_a_long_job_keeps_beating_so_no_live_worker_takes_it_away(user_client, deck, workers, quiet_queue):
    """A job runs for many times the stall threshold (one long call) while another worker sweeps: its
    heartbeat thread keeps it its own, and it runs once. (A card report is played in pieces, each a job of
    its own, which both workers take: every piece runs once.)"""
    quick = {"JOBS_HEARTBEAT_SECONDS": "0.2", "JOBS_STALLED_AFTER_SECONDS": "1", "JOBS_SWEEP_SECONDS": "0.2"}
    first = workers(**quick)
    job = _report(user_client, deck, games=5000)
    wait_for(lambda: _running(job), 60, "the report to start", worker=first)
    started = time.monotonic()
    workers(**quick)  # sweeps every 0.2 s
    wait_for(lambda: _state(job) in ("done", "failed"), 120, "the report to finish", worker=first)
    took = time.monotonic() - started
    job.refresh_from_db()
    runs = sorted(job.pieces.values_list("attempts", flat=True))
    print(f"\na card report ran {took:.1f} s with the stall threshold at 1 s: runs started by its pieces {runs}")
    assert job.status == "done" and runs == [1] * len(runs) and took > 1.5, (job.status, runs, took)


def test_a_job_whose_worker_keeps_dying_fails_with_a_message_in_the_users_language(user_client, deck, workers, quiet_queue):
    from datetime import timedelta

    from django.utils import timezone

    job = _print_job(user_client, deck)
    PrintJob.objects.filter(pk=job.pk).update(status="running", attempts=3, heartbeat_at=timezone.now() - timedelta(seconds=10))
    worker = workers()
    wait_for(lambda: _state(job) == "failed", 30, "the job to fail", worker=worker)
    status = user_client.get(f"/print/jobs/{job.token}/status.json").json()
    assert status["status"] == "failed" and "3回" in status["error"], status


# -- PostgreSQL stopped under a running worker ----------------------------------------------------------------


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Cluster:
    """A throw-away PostgreSQL 15 server of this test's own (so the suite's server keeps running)."""

    def __init__(self):
        self.dir = Path(tempfile.mkdtemp(prefix="faults-pg-"))
        self.port = _free_port()
        self.as_postgres = []
        if os.geteuid() == 0:  # initdb refuses root
            shutil.chown(self.dir, "postgres")
            self.as_postgres = ["runuser", "-u", "postgres", "--"]
        self.run(PGBIN / "initdb", "-D", self.dir / "data", "-U", "postgres", "-A", "trust", "-E", "UTF8", "--locale=C.UTF-8")
        self.start()

    def run(self, *args):
        subprocess.run([*self.as_postgres, *map(str, args)], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)

    def start(self):
        self.run(PGBIN / "pg_ctl", "-D", self.dir / "data", "-l", self.dir / "server.log", "-w", "-o",
                 f"-c listen_addresses=127.0.0.1 -p {self.port} -k {self.dir} -c fsync=off", "start")

    def stop(self, mode="fast"):
        self.run(PGBIN / "pg_ctl", "-D", self.dir / "data", "-m", mode, "-w", "stop")

    def url(self, name="faults") -> str:
        return f"postgres://postgres@127.0.0.1:{self.port}/{name}"

    def remove(self):
        try:
            self.stop("immediate")
        except subprocess.CalledProcessError:
            pass
        shutil.rmtree(self.dir, ignore_errors=True)


@pytest.fixture
def own_postgres():
    if not (PGBIN / "initdb").exists():
        pytest.skip(f"PostgreSQL 15 is not installed in {PGBIN}")
    cluster = Cluster()
    yield cluster
    cluster.remove()


def _psql_env() -> dict:
    s = connection.settings_dict
    return {**os.environ, "PGPASSWORD": s["PASSWORD"] or ""}


def _copy_suite_database(cluster: Cluster) -> None:
    """The suite's database as it is now (migrated, with this test's rows) into the throw-away server."""
    s = connection.settings_dict
    subprocess.run([PGBIN / "psql", "-h", "127.0.0.1", "-p", str(cluster.port), "-U", "postgres", "-qc", "CREATE DATABASE faults"],
                   check=True, stdout=subprocess.DEVNULL)
    dump = subprocess.Popen([PGBIN / "pg_dump", "-h", s["HOST"] or "127.0.0.1", "-p", str(s["PORT"] or 5432), "-U", s["USER"],
                             "--no-owner", "--no-privileges", s["NAME"]], stdout=subprocess.PIPE, env=_psql_env())
    subprocess.run([PGBIN / "psql", "-h", "127.0.0.1", "-p", str(cluster.port), "-U", "postgres", "-q", "-v", "ON_ERROR_STOP=1",
                    "-d", "faults"], stdin=dump.stdout, check=True, stdout=subprocess.DEVNULL)
    assert dump.wait() == 0


def _query(cluster: Cluster, sql: str, *args):
    import psycopg

    try:
        with psycopg.connect(host="127.0.0.1", port=cluster.port, user="postgres", dbname="faults", connect_timeout=2) as db:
            return db.execute(sql, args).fetchall()
    except psycopg.OperationalError:
        return None


QUEUE_A_SIMULATION = """
from django.contrib.auth.models import User
from decks.models import Deck
from goldfish import services
from goldfish.actors import Actor
deck = Deck.objects.get(pk={deck})
sim = services.start_simulation(who=Actor(User.objects.get(pk={user})), deck=deck, games=200, seed=77, turn_cap=20)
print(sim.token)
"""


def test_a_worker_outlives_postgresql_stopping_for_ten_seconds(user, deck, own_postgres, workers, quiet_queue, tmp_path):
    _copy_suite_database(own_postgres)
    worker = workers(own_postgres.url())
    wait_for(lambda: _query(own_postgres, "SELECT 1 FROM jobs_workerbeat WHERE worker_id = %s", worker.name), 60,
             "the worker to start", step=0.2, worker=worker)
    own_postgres.stop("fast")  # every connection cut, as when the server restarts or its machine goes away
    time.sleep(10)
    assert worker.proc.poll() is None, f"the worker ended while PostgreSQL was away\n{worker.output()}"
    own_postgres.start()
    back = time.monotonic()
    env = {**os.environ, "DATABASE_URL": own_postgres.url()}
    token = subprocess.run([sys.executable, "manage.py", "shell", "-c", QUEUE_A_SIMULATION.format(deck=deck.pk, user=user.pk)],
                           cwd=ROOT, env=env, check=True, capture_output=True, text=True).stdout.strip().splitlines()[-1]
    queued = time.monotonic()
    wait_for(lambda: (_query(own_postgres, "SELECT status FROM goldfish_simulation WHERE token = %s", token) or [[None]])[0][0] == "done",
             60, "the simulation queued after the outage to finish", step=0.2, worker=worker)
    done = time.monotonic()
    assert worker.proc.poll() is None, worker.output()
    assert "The database is unavailable" in worker.output()
    print(f"\nPostgreSQL stopped 10 s under a worker: a job queued {queued - back:.1f} s after it was back finished "
          f"{done - queued:.1f} s later, same worker process (no restart)")


# -- one account flooding the queue ----------------------------------------------------------------------------


def test_another_accounts_job_starts_within_ten_seconds_while_one_account_has_its_maximum_queued(
        user_client, deck, other_client, workers, quiet_queue):
    from goldfish import services
    from printing.services import JOBS_ACTIVE_PER_REQUESTER

    deck.visibility = "public"
    deck.save(update_fields=["visibility"])
    worker = workers()
    wait_for(lambda: _query_suite_beat(worker.name), 60, "the worker to start", step=0.2, worker=worker)
    # one account: its maximum of simulations (20 pieces each) and of print jobs
    for seed in range(services.SIM_ACTIVE_PER_REQUESTER):
        assert user_client.post(f"/decks/{deck.pk}/simulate/", {"games": 20000, "seed": seed, "turn_cap": 20}).status_code == 302
    for _n in range(JOBS_ACTIVE_PER_REQUESTER):
        assert user_client.post(f"/decks/{deck.pk}/print/job/", {"paper": "A4", "backs": "long"}).status_code == 302
    refused = user_client.post(f"/decks/{deck.pk}/print/job/", {"paper": "A4", "backs": "long"})
    assert refused.status_code == 429 and "順番待ちの印刷・書き出しがすでに3件あります" in refused.content.decode()
    assert PrintJob.objects.count() == JOBS_ACTIVE_PER_REQUESTER
    flood = SimulationChunk.objects.filter(status="queued").count() + PrintJob.objects.filter(status="queued").count()
    wait_for(lambda: SimulationChunk.objects.filter(status="running").exists() or PrintJob.objects.filter(status="running").exists(),
             30, "the flood to start")
    # another account: one small simulation
    asked = time.monotonic()
    assert other_client.post(f"/decks/{deck.pk}/simulate/", {"games": 100, "seed": 9, "turn_cap": 20}).status_code == 302
    theirs = Simulation.objects.get(games=100)
    wait_for(lambda: SimulationChunk.objects.filter(simulation=theirs).exclude(status="queued").exists(), 30,
             "the other account's job to start", worker=worker)
    waited = time.monotonic() - asked
    left = SimulationChunk.objects.filter(status="queued").exclude(simulation=theirs).count() + PrintJob.objects.filter(status="queued").count()
    print(f"\none account with {flood} jobs queued (3 simulations, 3 prints): another account's job started after "
          f"{waited:.1f} s, with {left} of the first account's still waiting")
    assert waited <= 10, waited
    assert left > 0  # it did not wait for the flood to drain


def _query_suite_beat(name: str) -> bool:
    from jobs.models import WorkerBeat

    return WorkerBeat.objects.filter(worker_id=name).exists()
