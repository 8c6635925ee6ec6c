"""Bounded work per request (issue 31): a junk decklist is cheap to read, and ten worst-case check posts
at once do not stall the site.

    .venv/bin/python bench/limits.py          (or `make bench`, which runs every bench/*.py)

1. The junk list of the issue, 'x\\n' × 49,999 (100 KB, the most the check form takes), read by
   rules.decklist.parse (no database) against the bundled kannagi cards and 3,000 synthetic cards (what a
   large game's index holds); also 1,000 different junk lines (no two alike: nothing is remembered from one
   line to the next: each costs its own search for the closest names). The reader gives up on such a text
   (rules.decklist GIVE_UP_*). Prints the median and slowest of BENCH_REPEAT runs (default 20). Target: the
   issue's list in <= 50 ms (median, on the slower index; before: 2.3-2.5 s a post).
2. Starts its own PostgreSQL 15 server (bench/_common.py temporary_postgres: a temporary directory, a free
   loopback port, fsync off) when /usr/lib/postgresql/15/bin is there, else a SQLite file (and says so);
   BENCH_DATABASE_URL uses that database instead (emptied first). Migrates and loads the bundled cards,
   then starts gunicorn on 127.0.0.1 as the README deploys it: 2 sync workers per core + 1 (5 on 2 cores),
   DB_CONN_MAX_AGE=60, DEBUG=0. The throttles are off: the figures are those of ten clients from ten
   addresses, each within its own limit (one address is refused after THROTTLE_CHECK, 30 a minute).
3. Times single requests on the idle server: GET /api/games/, the junk list posted to /decks/check/ and to
   POST /api/decks/validate/.
4. Ten threads post the junk list to /decks/check/ without a pause for BENCH_LIMITS_SECONDS (default 20)
   while one more asks GET /api/games/ in a loop. Prints the check posts served, their latency and the
   gunicorn CPU each cost, and the plain API request's p50 / p95 / max. Target: the API request's p95
   <= 1 s (before: 21.6 s), with the throttles off. Then once more with the README's rates on, where the
   ten posters share one address and are answered 429 past THROTTLE_CHECK.

Every figure is wall-clock time at the client, on a 2-core machine that the clients share with gunicorn
and the database.
"""

import json
import os
import re
import signal
import statistics
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from bench._common import (  # noqa: E402
    PGBIN,
    free_port,
    percentile,
    process_group_cpu,
    setup,
    sqlite_dir,
    start_server,
    target,
    temporary_postgres,
)

REPEAT = int(os.environ.get("BENCH_REPEAT", "20"))
SECONDS = float(os.environ.get("BENCH_LIMITS_SECONDS", "20"))
POSTERS = 10
JUNK = "x\n" * 49_999
READ_TARGET_MS = 50.0
API_TARGET_S = 1.0


def letters(n: int) -> str:
    out = ""
    while True:
        n, r = divmod(n, 26)
        out += chr(ord("a") + r)
        if not n:
            return out


def bench_reader():
    from bench.decklist import bundled, synthetic
    from rules.decklist import CardIndex, parse
    from rules.declare import get_game

    regulation = get_game("kannagi").regulation
    varied = "\n".join(f"zq{letters(n)}" for n in range(1000))
    worst = 0.0
    for label, cards in (("bundled kannagi", bundled()), ("3,000 synthetic", synthetic())):
        index = CardIndex(cards)
        for what, text in (("'x\\n' × 49,999", JUNK), ("1,000 different junk lines", varied)):
            result = parse(text, regulation, index)  # warm up (the regulation's words are built once)
            samples = []
            for _ in range(REPEAT):
                start = time.perf_counter()
                parse(text, regulation, index)
                samples.append((time.perf_counter() - start) * 1000)
            median = statistics.median(samples)
            if text is JUNK:
                worst = max(worst, median)
            stopped = result.errors[-1]
            print(f"  read {what} ({len(text):,} characters) against {label} ({len(cards):,} cards): median "
                  f"{median:.1f} ms, slowest {max(samples):.1f} ms; {len(result.errors) - 1} lines not read, "
                  f"stopped at line {stopped.line} ({stopped.code})", flush=True)
    target("limits.junk_list_read", worst, READ_TARGET_MS, "ms", note="the issue's list, median, slowest index")


def timed(call) -> float:
    start = time.perf_counter()
    call()
    return time.perf_counter() - start


class Client:
    def __init__(self, port: int):
        self.base = f"http://127.0.0.1:{port}"
        with urllib.request.urlopen(f"{self.base}/decks/check/") as response:
            self.cookie = re.search(r"csrftoken=([^;]+)", response.headers.get("Set-Cookie", "")).group(1)
            self.form_token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', response.read().decode()).group(1)

    def api(self) -> int:
        with urllib.request.urlopen(f"{self.base}/api/games/", timeout=300) as response:
            response.read()
            return response.status

    def check(self, regulation: int) -> int:
        body = urllib.parse.urlencode({"csrfmiddlewaretoken": self.form_token, "regulation": regulation,
                                       "decklist": JUNK}).encode()
        request = urllib.request.Request(f"{self.base}/decks/check/", data=body, method="POST", headers={
            "Cookie": f"csrftoken={self.cookie}", "Content-Type": "application/x-www-form-urlencoded"})
        with urllib.request.urlopen(request, timeout=300) as response:
            self.page_bytes = len(response.read())
            return response.status

    def validate(self) -> int:
        body = json.dumps({"game": "kannagi", "decklist": JUNK}).encode()
        request = urllib.request.Request(f"{self.base}/api/decks/validate/", data=body, method="POST",
                                         headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=300) as response:
            response.read()
            return response.status


def flood(port: int, regulation: int, server_pid: int) -> dict:
    """POSTERS threads post the junk list without a pause for SECONDS while one more asks GET /api/games/."""
    stop = time.monotonic() + SECONDS
    checks, statuses, api, failures = [], [], [], []
    probe = Client(port)

    def poster():
        own = Client(port)
        while time.monotonic() < stop:
            try:
                start = time.perf_counter()
                statuses.append(own.check(regulation))
                checks.append(time.perf_counter() - start)
            except urllib.error.HTTPError as exc:
                statuses.append(exc.code)
                checks.append(time.perf_counter() - start)
            except OSError as exc:
                failures.append(repr(exc))

    cpu = process_group_cpu(server_pid)
    threads = [threading.Thread(target=poster) for _ in range(POSTERS)]
    for thread in threads:
        thread.start()
    time.sleep(1)  # every poster is under way
    while time.monotonic() < stop:
        try:
            api.append(timed(probe.api))
        except OSError as exc:
            failures.append(repr(exc))
        time.sleep(0.05)
    for thread in threads:
        thread.join()
    cpu = process_group_cpu(server_pid) - cpu
    return {"checks": checks, "statuses": statuses, "api": api, "failures": failures, "cpu": cpu}


def report(label: str, r: dict) -> float:
    p95 = percentile(r["api"], 0.95)
    served = len(r["checks"])
    codes = ", ".join(f"{n} × {code}" for code, n in sorted(Counter(r["statuses"]).items()))
    print(f"  {label}: {POSTERS} parallel worst-case check posts for {SECONDS:.0f} s: {served} answered ({codes}), "
          f"each p50 {statistics.median(r['checks']):.2f} s, p95 {percentile(r['checks'], 0.95):.2f} s; gunicorn "
          f"CPU {r['cpu'] / max(1, served) * 1000:.0f} ms per post; meanwhile GET /api/games/ ×{len(r['api'])}: p50 "
          f"{statistics.median(r['api']) * 1000:.0f} ms, p95 {p95 * 1000:.0f} ms, max {max(r['api']) * 1000:.0f} ms"
          + (f"; {len(r['failures'])} failed: {r['failures'][:3]}" if r["failures"] else ""), flush=True)
    return p95


def bench_server(db_url: str, media: str, database: str):
    setup(db_url)
    from cards.services import load_bundled
    from decks.models import Regulation

    load_bundled()
    regulation = Regulation.objects.get(game="kannagi", code="base").pk
    workers = 2 * (os.cpu_count() or 1) + 1
    print(f"  gunicorn: {workers} sync workers, DEBUG=0, DB_CONN_MAX_AGE=60, on {database}; load average before: "
          f"{os.getloadavg()[0]:.1f}", flush=True)
    age = {"DB_CONN_MAX_AGE": os.environ.get("DB_CONN_MAX_AGE", "60")}
    port = free_port()
    server = start_server(db_url, port, media, workers=workers, env=age)
    try:
        client = Client(port)
        idle_api = [timed(client.api) for _ in range(30)]
        idle_check = [timed(lambda: client.check(regulation)) for _ in range(5)]
        idle_validate = [timed(client.validate) for _ in range(5)]
        print(f"  idle server: GET /api/games/ p50 {statistics.median(idle_api) * 1000:.0f} ms; the junk list "
              f"posted to /decks/check/ {statistics.median(idle_check) * 1000:.0f} ms (a page of "
              f"{client.page_bytes / 1000:.0f} kB), to POST /api/decks/validate/ "
              f"{statistics.median(idle_validate) * 1000:.0f} ms (medians)", flush=True)
        unthrottled = flood(port, regulation, server.pid)
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=30)
    p95 = report("throttles off (ten clients, each within its limit)", unthrottled)
    # The README's rates: the ten posters share one address, so past THROTTLE_CHECK they are answered 429.
    port = free_port()
    server = start_server(db_url, port, media, workers=workers, env={**age, "THROTTLE_CHECK": "30/minute"},
                          extra_args=("--capture-output", "--error-logfile", f"{media}/throttled.log"))  # 429 lines
    try:
        throttled = flood(port, regulation, server.pid)
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=30)
    report("the README's rates (one address: THROTTLE_CHECK 30/minute)", throttled)
    print(f"  load average after: {os.getloadavg()[0]:.1f} (other work on the machine inflates the latencies; "
          "the CPU per post is the figure that holds)", flush=True)
    target("limits.api_p95_under_check_flood", p95, API_TARGET_S, "s", note=f"throttles off, {database}")


def main():
    print(f"limits benchmark: junk decklists, {os.cpu_count()} CPUs", flush=True)
    bench_reader()
    with tempfile.TemporaryDirectory() as tmp:
        url = os.environ.get("BENCH_DATABASE_URL")
        if url:
            bench_server(url, tmp, "BENCH_DATABASE_URL")
        elif (PGBIN / "initdb").exists():
            with temporary_postgres("limitsbench") as url:
                bench_server(url, tmp, "PostgreSQL 15 (a temporary server, fsync off)")
        else:
            print(f"  PostgreSQL 15 is not installed ({PGBIN}): on SQLite instead", flush=True)
            bench_server(f"sqlite:///{sqlite_dir(tmp)}/limits.sqlite3", tmp, "SQLite (no PostgreSQL here)")


if __name__ == "__main__":
    main()
