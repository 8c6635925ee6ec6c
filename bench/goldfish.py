"""The goldfish board's round trip over HTTP: POST an action → the answer holding the new view and legal
actions (what the page draws from; one request per click).

Starts gunicorn on 127.0.0.1 against a fresh SQLite database (or BENCH_DATABASE_URL, emptied first) with
the bundled cards and sample decks, starts a kannagi game with the sample deck over the API (token auth),
then POSTs BENCH_REPEAT actions (default 300): a random legal action picked from the previous answer, every
tenth request an undo, and an undo whenever the game is over. Each request locks the session row, loads the
cached engine state, applies the action (an undo replays the log), stores the state and answers the view.
Then undo and redo are timed again on a game whose log holds BENCH_LONG_LOG actions (default 500; manual
taps), since an undo replays the whole log from the seed.

Target (issue 23): round trip p95 <= 20 ms, on PostgreSQL as on SQLite. The SQLite file is on disk as deployed
(WAL, synchronous=NORMAL: a commit does not wait for the disk; BENCH_SQLITE_DIR=/dev/shm takes the disk out). gunicorn runs as the README's deployment does, with persistent database connections
(DB_CONN_MAX_AGE=60; set DB_CONN_MAX_AGE=0 to measure a connection per request). Also printed: the gunicorn workers' CPU time per request, the figure that holds when
other work shares the machine (wall-clock times then include waiting for a core).
"""

import json
import os
import random
import signal
import statistics
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from bench._common import free_port, percentile, process_group_cpu, setup, sqlite_dir, start_server, target  # noqa: E402

REPEAT = int(os.environ.get("BENCH_REPEAT", "300"))
WARMUP = 5
LONG_LOG = int(os.environ.get("BENCH_LONG_LOG", "500"))
SAMPLE = "サンプル：春と無の零探し"


def call(url, token, body):
    request = urllib.request.Request(
        url, data=json.dumps(body).encode(), method="POST",
        headers={"Content-Type": "application/json", "Authorization": f"Token {token}", "Accept-Language": "ja"},
    )
    start = time.perf_counter()
    with urllib.request.urlopen(request) as response:
        answer = json.loads(response.read())
    return answer, (time.perf_counter() - start) * 1000


def main():
    print(f"goldfish benchmark, {os.cpu_count()} CPUs")
    with tempfile.TemporaryDirectory() as tmp:
        db_url = os.environ.get("BENCH_DATABASE_URL") or f"sqlite:///{sqlite_dir(tmp)}/goldfish.sqlite3"
        setup(db_url)
        from django.contrib.auth.models import User
        from django.db import connection
        from rest_framework.authtoken.models import Token

        from cards.services import load_bundled
        from decks.models import Deck
        from decks.services import load_sample_decks

        load_bundled()
        load_sample_decks()
        user = User.objects.create_user("bench", password="pw-bench-123")
        token = Token.objects.create(user=user).key
        deck = Deck.objects.get(name=SAMPLE)
        port = free_port()
        # as the README's deployment runs: persistent database connections (a new PostgreSQL connection per
        # request costs more than the rest of a goldfish request's queries; DB_CONN_MAX_AGE=0 measures it)
        server = start_server(db_url, port, tmp, env={"DB_CONN_MAX_AGE": os.environ.get("DB_CONN_MAX_AGE", "60")})
        base = f"http://127.0.0.1:{port}/api/goldfish/"
        pick = random.Random(2024)
        times = {"action": [], "undo": [], "undo, long log": [], "redo, long log": []}
        try:
            game, _ms = call(base, token, {"deck": deck.pk, "seed": 1})
            url = f"{base}{game['id']}/"
            for i in range(REPEAT + WARMUP):
                if i == WARMUP:
                    cpu_before = process_group_cpu(server.pid)
                legal = game["legal_actions"]
                if legal and (i % 10 != 9 or not game["view"]["can_undo"]):
                    kind, body = "action", {"action": pick.choice(legal), "version": game["version"]}
                    game, ms = call(url + "actions/", token, body)
                else:
                    kind = "undo"
                    game, ms = call(url + "undo/", token, {"steps": 1, "version": game["version"]})
                assert "view" in game and "legal_actions" in game
                if i >= WARMUP:
                    times[kind].append(ms)
            server_cpu = (process_group_cpu(server.pid) - cpu_before) * 1000 / REPEAT
            # undo and redo replay the log from the seed: time them again once the log is long
            long_game, _ms = call(base, token, {"deck": deck.pk, "seed": 2})
            long_url = f"{base}{long_game['id']}/"
            for _step in range(LONG_LOG):
                if long_game["legal_actions"] and long_game["view"]["pending"]:
                    action = long_game["legal_actions"][0]
                else:
                    action = {"type": "manual.tap", "card": long_game["view"]["zones"]["p0.hand"][0]}
                long_game, _ms = call(long_url + "actions/", token, {"action": action})
            for _ in range(20):
                long_game, ms = call(long_url + "undo/", token, {"steps": 1})
                times["undo, long log"].append(ms)
                long_game, ms = call(long_url + "redo/", token, {"steps": 1})
                times["redo, long log"].append(ms)
        finally:
            os.killpg(server.pid, signal.SIGTERM)
            server.wait(timeout=10)
    every = times["action"] + times["undo"]
    long_log = LONG_LOG
    p95 = percentile(every, 0.95)
    print(f"  round trip on {connection.vendor} (POST → row locked, state loaded, action applied, stored, "
          f"view + legal actions answered), {len(every)} requests, log of {game['steps']} actions at the end:")
    print(f"    all     p50 {statistics.median(every):5.1f} ms, p95 {p95:5.1f} ms, p99 {percentile(every, 0.99):5.1f} ms, max {max(every):5.1f} ms")
    for kind, samples in times.items():
        if samples:
            if kind.endswith("long log"):
                kind = f"{kind.split(',')[0]} at a log of {long_log}"
            print(f"    {kind:7} p50 {statistics.median(samples):5.1f} ms, p95 {percentile(samples, 0.95):5.1f} ms, "
                  f"p99 {percentile(samples, 0.99):5.1f} ms ({len(samples)} requests)")
    print(f"    server CPU per request (gunicorn workers): {server_cpu:.1f} ms")
    print(f"  target: round trip p95 <= 20 ms: {'met' if p95 <= 20 else 'NOT met'}")
    target(f"goldfish.p95_{connection.vendor}", p95, 20, "ms", note=f"server CPU {server_cpu:.1f} ms/request")


if __name__ == "__main__":
    main()
