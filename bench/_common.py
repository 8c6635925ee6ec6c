"""Pieces the benchmarks share: a free loopback port, gunicorn started on it, percentiles, a throw-away
PostgreSQL 15 server."""

import atexit
import contextlib
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def percentile(samples, q):
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def start_server(db_url, port, media, workers=2, threads=1, extra_args=(), env=None):
    """gunicorn on 127.0.0.1:`port` (DEBUG=0), in its own process group: stop it with os.killpg.

    `threads` > 1 runs gthread workers; `extra_args` are more gunicorn options (e.g. an access log); `env`
    more environment variables for the server."""
    # The throttles are off unless `env` sets rates: one bench client is one address asking far more often
    # than the limits allow a person.
    env = {**os.environ, "DATABASE_URL": db_url, "DEBUG": "0", "ALLOWED_HOSTS": "127.0.0.1", "MEDIA_ROOT": media,
           "API_THROTTLE_ANON": "none", "API_THROTTLE_USER": "none", "THROTTLE_CHECK": "none",
           "THROTTLE_SIGNUP": "none", "THROTTLE_DOWNLOAD": "none", **(env or {})}
    server = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "config.wsgi", "--bind", f"127.0.0.1:{port}", "--workers", str(workers),
         "--threads", str(threads), "--log-level", "warning", *extra_args],
        cwd=ROOT, env=env, start_new_session=True,
    )
    for _ in range(200):
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games/"):
                return server
        except OSError:
            time.sleep(0.1)
    server.kill()
    raise RuntimeError("gunicorn did not start")


def setup(db_url: str):
    """Django on `db_url`, migrated (a PostgreSQL database is emptied first)."""
    os.environ["DJANGO_SETTINGS_MODULE"] = "config.settings"
    os.environ["DATABASE_URL"] = db_url
    import django

    django.setup()
    from django.core.management import call_command

    if db_url.startswith("postgres"):
        call_command("flush", verbosity=0, interactive=False)
    call_command("migrate", verbosity=0, interactive=False)


PGBIN = Path("/usr/lib/postgresql/15/bin")


@contextlib.contextmanager
def temporary_postgres(database="bench"):
    """A throw-away PostgreSQL 15 server in a temporary directory on a free loopback port, as .ci/run starts
    one (run as the postgres user when we are root: initdb refuses root). Yields the database URL of an
    empty database `database`; the server is stopped and its directory removed on the way out, also on an
    error or Ctrl-C. fsync, synchronous_commit and full_page_writes are off: a benchmark's data need not
    survive a crash, and this measures the site rather than the disk (a production server keeps them on)."""
    if not (PGBIN / "initdb").exists():
        raise RuntimeError(f"PostgreSQL 15 is not installed ({PGBIN}): apt-get install postgresql-15")
    run_as = []
    pgdir = tempfile.mkdtemp(prefix="bench-pg.")
    if os.geteuid() == 0:
        if subprocess.run(["id", "postgres"], capture_output=True).returncode:
            subprocess.run(["useradd", "--system", "--no-create-home", "postgres"], check=True)
        shutil.chown(pgdir, "postgres")
        run_as = ["runuser", "-u", "postgres", "--"]
    port = free_port()
    data = f"{pgdir}/data"
    started = False
    try:
        subprocess.run([*run_as, str(PGBIN / "initdb"), "-D", data, "-U", "postgres", "-A", "trust", "-E", "UTF8",
                        "--locale=C.UTF-8"], check=True, capture_output=True)
        options = (f"-c listen_addresses=127.0.0.1 -p {port} -k {pgdir} -c fsync=off -c synchronous_commit=off "
                   "-c full_page_writes=off")
        subprocess.run([*run_as, str(PGBIN / "pg_ctl"), "-D", data, "-l", f"{pgdir}/server.log", "-w", "-o", options,
                        "start"], check=True, capture_output=True)
        started = True
        subprocess.run([str(PGBIN / "createdb"), "-h", "127.0.0.1", "-p", str(port), "-U", "postgres", database],
                       check=True, capture_output=True)
        yield f"postgres://postgres@127.0.0.1:{port}/{database}"
    finally:
        if started:
            subprocess.run([*run_as, str(PGBIN / "pg_ctl"), "-D", data, "-m", "fast", "stop"], capture_output=True)
        shutil.rmtree(pgdir, ignore_errors=True)


def target(name: str, figure: float, limit: float, unit: str, *, higher_is_better: bool = False, note: str = "") -> bool:
    """Print one issue target as a human line and as the machine line bench/run.py collects:

        TARGET <name> <figure> <limit> <unit> met|NOT [note]

    <name> has no spaces (e.g. decks.validation_100, goldfish.p95); <figure> and <limit> are plain numbers in
    <unit> (ms, s, games/s …); "met" when figure <= limit (>= with higher_is_better). Returns whether met."""
    met = figure >= limit if higher_is_better else figure <= limit
    print(f"TARGET {name} {figure:.6g} {limit:.6g} {unit} {'met' if met else 'NOT'}{' ' + note if note else ''}",
          flush=True)
    return met


def sqlite_dir(fallback: str) -> str:
    """Where a benchmark keeps its SQLite file: on disk, as deployed (the site's SQLite runs in WAL mode with
    synchronous=NORMAL, so a commit does not wait for the disk). BENCH_SQLITE_DIR sets another directory,
    e.g. /dev/shm to take the disk out of the figures altogether."""
    chosen = os.environ.get("BENCH_SQLITE_DIR", "")
    if not chosen:
        return fallback
    path = tempfile.mkdtemp(prefix="bench-sqlite.", dir=chosen)
    atexit.register(shutil.rmtree, path, True)  # RAM is not a temporary directory: give it back on the way out
    return path


def live_processes():
    """(pid, parent pid, process group, own CPU seconds, reaped children's CPU seconds) of every live process,
    from /proc (user + system time)."""
    tick = os.sysconf("SC_CLK_TCK")
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:  # gone meanwhile
            continue
        fields = stat[stat.rindex(")") + 2:].split()
        yield (int(entry), int(fields[1]), int(fields[2]), (int(fields[11]) + int(fields[12])) / tick,
               (int(fields[13]) + int(fields[14])) / tick)


def process_group_cpu(pgid: int) -> float:
    """CPU seconds (user + system) used so far by the live processes of process group `pgid` (a gunicorn
    started by start_server: its master and workers), from /proc."""
    return sum(own for _pid, _ppid, group, own, _children in live_processes() if group == pgid)
