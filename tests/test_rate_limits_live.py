"""The limits hold under parallel requests, for real: a gunicorn server (3 worker processes × 8 threads,
gthread) on a loopback port, over a fresh database of the suite's own kind (a SQLite file, or a new
database on the suite's PostgreSQL server: CI runs this module on both), with CACHE_URL=locmem:// (each
process's own memory, so nothing could be shared through the cache) and low rates set for the run.

With 8 and with 40 parallel connections, the requests let through stay within 10% of the limit (the
counter is exact, so in fact equal to it): anonymous API calls from one address, API calls with one token
from many addresses, and wrong passwords for one account from one address (the lockout checks exactly
LOGIN_FAILURES passwords). Each case has its own client address (PROXY_COUNT=1 and X-Forwarded-For) or
account, so the cases count apart. `pytest -s` prints the counts.

A gunicorn subprocess rather than pytest-django's live_server: live_server is one process (its threads
share one in-memory SQLite connection), so it could not show the counts holding across processes.
"""

import concurrent.futures
import http.client
import json
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.parse
from collections import Counter
from pathlib import Path

import pytest
from django.conf import settings

from config.signin import LOGIN_FAILURES

ROOT = Path(__file__).resolve().parent.parent
LIMIT = 40  # the API's rates for the run, per hour (no window ends while a case runs)
PARALLEL = (8, 40)
ACCOUNTS = [f"tokens{n}" for n in PARALLEL] + [f"victim{n}" for n in PARALLEL]
MAKE_ACCOUNTS = """
import json, django
django.setup()
from django.contrib.auth.models import User
from rest_framework.authtoken.models import Token
tokens = {}
for name in %r:
    tokens[name] = Token.objects.create(user=User.objects.create_user(name, password="pw-" + name + "-123")).key
print(json.dumps(tokens))
"""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def database_url(tmp_path_factory):
    """A fresh, empty database of the kind the suite runs on (dropped afterwards)."""
    default = settings.DATABASES["default"]
    if "postgresql" not in default["ENGINE"]:
        yield f"sqlite:///{tmp_path_factory.mktemp('limits') / 'live.sqlite3'}"
        return
    import psycopg

    name = f"limits_live_{os.getpid()}"
    params = {"host": default.get("HOST") or "127.0.0.1", "port": default.get("PORT") or 5432,
              "user": default.get("USER") or None, "password": default.get("PASSWORD") or None}
    with psycopg.connect(dbname="postgres", autocommit=True, **params) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}"')
        admin.execute(f'CREATE DATABASE "{name}"')
    user = urllib.parse.quote(params["user"] or "")
    password = f":{urllib.parse.quote(params['password'])}" if params["password"] else ""
    yield f"postgres://{user}{password}@{params['host']}:{params['port']}/{name}"
    with psycopg.connect(dbname="postgres", autocommit=True, **params) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture(scope="module")
def server(database_url):
    """gunicorn on a free loopback port over `database_url`: (port, {account: API token})."""
    env = {k: v for k, v in os.environ.items() if "THROTTLE" not in k and k not in ("DATABASE_URL", "CACHE_URL")}
    env.update(DJANGO_SETTINGS_MODULE="config.settings", DATABASE_URL=database_url, DEBUG="0",
               ALLOWED_HOSTS="127.0.0.1", PROXY_COUNT="1", CACHE_URL="locmem://",
               API_THROTTLE_ANON=f"{LIMIT}/hour", API_THROTTLE_USER=f"{LIMIT}/hour", THROTTLE_SIGNUP="none")
    subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT, env=env, check=True, timeout=600)
    made = subprocess.run([sys.executable, "-c", MAKE_ACCOUNTS % (ACCOUNTS,)], cwd=ROOT, env=env, check=True,
                          capture_output=True, text=True, timeout=300)
    tokens = json.loads(made.stdout.strip().splitlines()[-1])
    port = _free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "config.wsgi", "--bind", f"127.0.0.1:{port}", "--workers", "3",
         "--threads", "8", "--worker-class", "gthread", "--log-level", "warning"],
        cwd=ROOT, env=env, start_new_session=True,
    )
    try:
        deadline = time.monotonic() + 120
        while True:
            try:
                if request(port, "GET", "/api/games/", {"X-Forwarded-For": "192.0.2.1"})[0] == 200:
                    break
            except OSError:
                pass
            if time.monotonic() > deadline or process.poll() is not None:
                raise RuntimeError("gunicorn did not start")
            time.sleep(0.2)
        yield port, tokens
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


def request(port, method, path, headers, body=None):
    """One request on a connection of its own: (status, body text)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    try:
        connection.request(method, path, body=body, headers=headers)
        response = connection.getresponse()
        return response.status, response.read().decode("utf-8", "replace")
    finally:
        connection.close()


def fire(port, calls, parallel):
    """Send `calls` ((method, path, headers, body) each) over `parallel` connections at once."""
    start = threading.Barrier(parallel)

    def one(call):
        return request(port, *call)

    def warm(_):
        start.wait()  # every thread is up before the first request leaves

    with concurrent.futures.ThreadPoolExecutor(parallel) as pool:
        list(pool.map(warm, range(parallel)))
        return list(pool.map(one, calls))


def _report(case, parallel, answers, limit):
    statuses = Counter(status for status, _body in answers)
    print(f"\n[{settings.DATABASES['default']['ENGINE'].rsplit('.', 1)[-1]}] {case}, {parallel} parallel connections, "
          f"{len(answers)} requests: {statuses[200]} passed, {statuses[429]} answered 429 (limit {limit})")
    return statuses


def within_ten_percent(passed, limit):
    return abs(passed - limit) <= limit // 10


@pytest.mark.parametrize("parallel", PARALLEL)
def test_anonymous_api_calls_from_one_address_stop_at_the_limit(server, parallel):
    port, _tokens = server
    headers = {"X-Forwarded-For": f"198.51.100.{parallel}"}
    answers = fire(port, [("GET", "/api/games/", headers)] * (3 * LIMIT), parallel)
    statuses = _report("anonymous GET /api/games/ from one address", parallel, answers, LIMIT)
    assert statuses[200] + statuses[429] == len(answers), statuses
    assert within_ten_percent(statuses[200], LIMIT), statuses


@pytest.mark.parametrize("parallel", PARALLEL)
def test_api_calls_with_one_token_from_many_addresses_stop_at_the_limit(server, parallel):
    port, tokens = server
    calls = [("GET", "/api/games/", {"Authorization": f"Token {tokens[f'tokens{parallel}']}",
                                     "X-Forwarded-For": f"203.0.113.{n % 250}"}) for n in range(3 * LIMIT)]
    answers = fire(port, calls, parallel)
    statuses = _report("GET /api/games/ with one token", parallel, answers, LIMIT)
    assert statuses[200] + statuses[429] == len(answers), statuses
    assert within_ten_percent(statuses[200], LIMIT), statuses


@pytest.mark.parametrize("parallel", PARALLEL)
def test_parallel_wrong_passwords_check_only_the_lockouts_number_of_passwords(server, parallel):
    port, _tokens = server
    address = {"X-Forwarded-For": f"192.0.2.{100 + parallel}", "Accept-Language": "en"}
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    connection.request("GET", "/accounts/login/", headers=address)
    page = connection.getresponse()
    cookie = re.search(r"csrftoken=([^;]+)", page.getheader("Set-Cookie") or "").group(1)
    form_token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page.read().decode()).group(1)
    connection.close()
    body = urllib.parse.urlencode({"username": f"victim{parallel}", "password": "wrong", "csrfmiddlewaretoken": form_token})
    headers = {**address, "Cookie": f"csrftoken={cookie}", "Content-Type": "application/x-www-form-urlencoded"}
    answers = fire(port, [("POST", "/accounts/login/", headers, body)] * 40, parallel)
    checked = sum("Please enter a correct username and password" in text for _status, text in answers)
    refused = sum("Too many failed sign-ins" in text for _status, text in answers)
    print(f"\n[{settings.DATABASES['default']['ENGINE'].rsplit('.', 1)[-1]}] 40 wrong passwords, {parallel} parallel "
          f"connections: {checked} checked, {refused} refused by the lockout (limit {LOGIN_FAILURES})")
    assert checked + refused == len(answers)
    assert within_ten_percent(checked, LOGIN_FAILURES)
