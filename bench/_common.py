"""Pieces the benchmarks share: a free loopback port, gunicorn started on it, percentiles."""

import os
import socket
import subprocess
import sys
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


def start_server(db_url, port, media):
    env = dict(os.environ, DATABASE_URL=db_url, DEBUG="0", ALLOWED_HOSTS="127.0.0.1", MEDIA_ROOT=media)
    server = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "config.wsgi", "--bind", f"127.0.0.1:{port}", "--workers", "2",
         "--log-level", "warning"],
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
