"""The whole site under a mixed load: the highest rate it sustains with 0 errors and p95 <= 100 ms.

    .venv/bin/python bench/load.py          (or `make bench`, which runs every bench/*.py)

1. Starts its own PostgreSQL 15 server in a temporary directory on a free loopback port (as .ci/run does:
   /usr/lib/postgresql/15/bin initdb and pg_ctl, as the postgres user when run as root), with fsync,
   synchronous_commit and full_page_writes OFF: the data need not survive a crash, and the figures are the
   site's, not the disk's (a production server keeps them on; writes here are small, so expect little
   difference). BENCH_DATABASE_URL=postgres://… uses that server instead (its database is emptied first);
   BENCH_LOAD_SQLITE=1 runs the site on a fresh SQLite file instead (on disk, in WAL mode as deployed;
   bench/_common.py sqlite_dir).
   Migrates, loads the bundled cards and sample decks (`load_bundled`, `load_sample_decks`), creates a user
   with a DRF token and a sign-in session, and two decks of theirs (private: their pages need the session).
   BENCH_LOAD_FANLIST=1 also imports the real kannagi fan list (../shared/data/kannagi-cardlist.csv, 1,135
   cards) when present: a deck page and a validation read every card of the deck's game, so the size of
   the catalogue matters (see the figures printed).
2. Starts gunicorn on 127.0.0.1 with DEBUG=0 (bench/_common.py start_server), 3 sync workers by default
   (BENCH_LOAD_WORKERS; BENCH_LOAD_THREADS > 1 for gthread). Why 3: a request is Python on the CPU (about
   12 ms of CPU each in this mix) with waits on PostgreSQL in between (about a third of a worker's time in
   py-spy), so 2 workers leave a core idle whenever one waits, while more than one per core plus one only
   adds memory, context switches and tail latency on 2 cores that PostgreSQL and wrk also need. Measured at
   8 connections (on a machine that other work kept busy, so within noise): 2, 3, 4 and 6 sync workers and
   2 workers × 4 threads all served 28-32 requests/s; 6 workers and gthread had the worst tails (p99 1.0-1.2 s
   against 0.5-0.6 s). The server's settings are the README's deployment (PRODUCTION_ENV): DB_CONN_MAX_AGE=60
   (persistent connections; DB_CONN_MAX_AGE=0 in the environment measures a connection per request: about
   7 ms more PostgreSQL CPU per request), the database cache, and the throttles (counting in the database)
   on with rates far above the mix.
3. Through the API (token auth, no CSRF needed): starts two goldfish games of every game's sample deck and
   plays PRESEED manual taps in each, then checks every request of the mix once (each must answer 2xx:
   nothing in the mix is an expected 4xx), and times the print alone.
4. Drives the MIX below with wrk and bench/load.lua. wrk, not locust: the mix is a fixed set of requests
   built beforehand (ids, bodies and headers go to Lua in a generated plan file), wrk drives it at a small
   fraction of a core where locust would need a core of its own on this 2-core machine, and the goldfish
   writes need no reading of answers: they are manual taps (always legal) and undos, sent in the order tap
   s1 … tap sN, undo s1 … undo sN, so each game's log moves back and forth around its PRESEED actions and
   an undo never finds an empty log. Every status outside 200–399 and every socket error or timeout
   counts as an error; the status codes are counted in Lua (response()) and summed over wrk's threads.
5. wrk is closed-loop (Debian's wrk has no -R rate): the offered load is stepped by the number of
   connections, BENCH_LOAD_STEPS (default 1,2,4,8,16), BENCH_LOAD_STEP_SECONDS each (default 10); the
   steps stop at the first that misses the target. The step with 0 errors and p95 <= 100 ms that served the
   most requests per second is then run for BENCH_LOAD_SECONDS (default 60); if that minute misses, the
   next best step is run for a minute in its turn. For each: requests/s, p50/p95/p99/max latency as wrk measures
   it (client side, so including the wait for a free worker), errors; for the first step and the final run
   also each kind's count and server time (gunicorn's access log, %(D)s: the time in the worker), and the
   CPU used by gunicorn, PostgreSQL and wrk, per second and per request: the CPU per request is the figure
   that holds when other work shares the machine (PostgreSQL's counts the whole local server, so with
   BENCH_DATABASE_URL also its other clients).

One print per wrk run (steps and final): the bench user's 40-card kannagi deck as print.pdf, a synchronous
request that renders the PDF in the worker (0.1-0.3 s). wrk asks for the pages only, not their images,
scripts or styles. The mix (MIX, per cent): browse 45 (home, game, card list and detail, deck and goldfish
pages), search 25 (pages and /api/cards/?q=), validate 8 (POST /api/decks/validate/), goldfish 22 (start,
view with the legal actions, taps and undos).

The load generator (wrk, one thread) shares the 2 cores with gunicorn and PostgreSQL: the figures are
a floor for a machine where the clients are elsewhere.

Target (issue 23; issue 9 had 200 ms): on this 2-core machine, 0 errors and p95 <= 100 ms at the highest
sustained rate.
"""

import json
import os
import re
import resource
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from bench._common import (  # noqa: E402
    free_port,
    live_processes,
    percentile,
    sqlite_dir,
    start_server,
    target,
    temporary_postgres,
)

SECONDS = int(os.environ.get("BENCH_LOAD_SECONDS", "60"))
STEP_SECONDS = int(os.environ.get("BENCH_LOAD_STEP_SECONDS", "10"))
STEPS = [int(n) for n in os.environ.get("BENCH_LOAD_STEPS", "1,2,4,8,16").split(",") if n.strip()]
WORKERS = int(os.environ.get("BENCH_LOAD_WORKERS", "3"))
THREADS = int(os.environ.get("BENCH_LOAD_THREADS", "1"))
TARGET_P95_MS = 100
FAN_LIST = ROOT.parent / "shared" / "data" / "kannagi-cardlist.csv"
FANLIST = os.environ.get("BENCH_LOAD_FANLIST") == "1" and FAN_LIST.exists()
PRESEED = 2 * max(STEPS) + 8  # taps played in each goldfish game first: more than the requests ever in flight
LUA = Path(__file__).with_suffix(".lua")
WRK = shutil.which("wrk") or "/usr/bin/wrk"

# The mix: kind -> weight (per cent of requests). Browse 45, search 25, validate 8, goldfish 22, and the print.
MIX = {
    "home": 5,
    "game page": 4,
    "card list": 10,
    "card detail": 13,
    "deck detail": 9,
    "goldfish page": 4,
    "search page": 12,
    "search API": 13,
    "validate API": 8,
    "goldfish view": 6,
    "goldfish tap/undo": 15,
    "goldfish start": 1,
}

# Searches in the site's query language (see /search/help/): words, phrases, comparisons, OR, negation, sort.
SEARCHES = [
    ("kannagi", "猫"),
    ("kannagi", "ねこやま"),
    ("kannagi", "type:場所札 cost<=3"),
    ("kannagi", "season:春 OR season:夏"),
    ("original", "t:兵 power>=3"),
    ("original", "(attr:火 OR attr:闇) -t:土地"),
    ("vision", "天候"),
    ("manacard", "t:unit sort:attack order:desc"),
    (None, "kw:速攻 c<=2"),
    (None, '"ダメージを与える"'),
    (None, "sort:cost order:desc"),
    (None, "ｷﾂﾈ"),
]

PREPARE = r"""
import json, os, random, sys
import django
django.setup()
from django.conf import settings
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.contrib.auth.models import User
from django.contrib.sessions.backends.db import SessionStore
from django.core.management import call_command
from django.db import connection
from rest_framework.authtoken.models import Token
from cards.models import Card, Game
from decks.models import Deck
from decks.services import deck_copy, deck_export_text

if os.environ.get("BENCH_FLUSH"):
    call_command("flush", verbosity=0, interactive=False)
call_command("migrate", verbosity=0, interactive=False)
call_command("createcachetable", verbosity=0)
call_command("load_bundled", verbosity=0)
call_command("load_sample_decks", verbosity=0)
if os.environ.get("BENCH_FANLIST"):  # the real kannagi catalogue: the bundled cards are matched by name
    from pathlib import Path
    from cards.io import load_mapping
    from cards.services import import_cards
    import_cards(game="kannagi", data=Path(os.environ["BENCH_FANLIST"]).read_bytes(), fmt="csv",
                 mapping=load_mapping("kannagi-fanlist"), skip_invalid=True)
user = User.objects.create_user("loadbench", password="pw-load-bench-123")
token = Token.objects.create(user=user).key
session = SessionStore()
session[SESSION_KEY] = str(user.pk)
session[BACKEND_SESSION_KEY] = settings.AUTHENTICATION_BACKENDS[0]
session[HASH_SESSION_KEY] = user.get_session_auth_hash()
session.create()
samples = {}
for deck in Deck.objects.filter(visibility="public").order_by("pk"):
    samples.setdefault(deck.game_id, []).append(deck.pk)
own = [deck_copy(deck=Deck.objects.get(pk=samples[g][0]), user=user).pk for g in ("kannagi", "vision")]
cards = list(Card.objects.order_by("pk").values_list("pk", flat=True))
if connection.vendor == "postgresql":
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")
print("@@" + json.dumps({
    "vendor": connection.vendor,
    "token": token,
    "cookie": f"{settings.SESSION_COOKIE_NAME}={session.session_key}",
    "games": {g.slug: Card.objects.filter(game=g).count() for g in Game.objects.order_by("slug")},
    "cards": random.Random(1).sample(cards, min(120, len(cards))),
    "card_total": len(cards),
    "samples": samples,
    "own": own,
    "decklists": {g: deck_export_text(Deck.objects.get(pk=ids[0]), "ja") for g, ids in samples.items()},
}))
"""


class Failed(Exception):
    pass


# The server runs as the README's deployment does: persistent database connections, the database cache,
# the throttles on and counting in the database (their rates raised far above the mix: every request here
# comes from one address and one account, and the bench measures the site, not the limit).
PRODUCTION_ENV = {
    "DB_CONN_MAX_AGE": os.environ.get("DB_CONN_MAX_AGE", "60"),
    "CACHE_URL": "db://cache_table",
    "API_THROTTLE_ANON": "1000000/minute",
    "API_THROTTLE_USER": "1000000/minute",
    "THROTTLE_CHECK": "1000000/minute",
    "THROTTLE_DOWNLOAD": "1000000/minute",
}


def prepare(db_url, flush):
    env = dict(os.environ, DATABASE_URL=db_url, DJANGO_SETTINGS_MODULE="config.settings", DEBUG="0", **PRODUCTION_ENV)
    if flush:
        env["BENCH_FLUSH"] = "1"
    if FANLIST:
        env["BENCH_FANLIST"] = str(FAN_LIST)
    out = subprocess.run([sys.executable, "-c", PREPARE], cwd=ROOT, env=env, capture_output=True, text=True)
    if out.returncode:
        raise Failed(f"setting up the database failed:\n{out.stderr[-3000:]}")
    return json.loads(next(line for line in out.stdout.splitlines() if line.startswith("@@"))[2:])


class Client:
    def __init__(self, base, token, cookie):
        self.base, self.token, self.cookie = base, token, cookie

    def headers(self, auth):
        headers = {"Host": "127.0.0.1", "Accept-Language": "ja"}
        if auth == "token":
            headers.update({"Authorization": f"Token {self.token}", "Content-Type": "application/json"})
        elif auth == "session":
            headers["Cookie"] = self.cookie
        return headers

    def call(self, method, path, auth=None, body=None):
        """(status, answer bytes, ms)."""
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(self.base + path, data=data, method=method, headers=self.headers(auth))
        start = time.perf_counter()
        try:
            with urllib.request.urlopen(request, timeout=60) as response:
                status, answer = response.status, response.read()
        except urllib.error.HTTPError as exc:
            status, answer = exc.code, exc.read()
        return status, answer, (time.perf_counter() - start) * 1000


def ok(status):
    return 200 <= status < 400


def goldfish_games(client, data):
    """Two goldfish games of every game's first sample deck, each with PRESEED taps played: (id, tap card)."""
    games = []
    for game, decks in sorted(data["samples"].items()):
        for seed in (1, 2):
            status, answer, _ms = client.call("POST", "/api/goldfish/", "token", {"deck": decks[0], "seed": seed})
            if status != 201:
                raise Failed(f"goldfish start of {game} deck {decks[0]}: {status} {answer[:300]!r}")
            session = json.loads(answer)
            zones = session["view"]["zones"]
            hand = [iid for iid in zones.get("p0.hand", []) if iid] or [
                iid for name, ids in sorted(zones.items()) if name.startswith("p0.") for iid in ids if iid]
            if not hand:
                raise Failed(f"goldfish {game}: no card of player 0 to tap")
            for _ in range(PRESEED):
                status, answer, _ms = client.call("POST", f"/api/goldfish/{session['id']}/actions/", "token",
                                                  {"action": {"type": "manual.tap", "card": hand[0]}})
                if status != 200:
                    raise Failed(f"goldfish tap in {game}: {status} {answer[:300]!r}")
            games.append((session["id"], hand[0]))
    return games


def build_plan(client, data):
    """kind -> list of (method, path, auth, body); the goldfish tap/undo list is played in order."""
    plan = defaultdict(list)
    plan["home"] = [("GET", "/", None, None), ("GET", "/", "session", None)]
    for slug, count in data["games"].items():
        plan["game page"].append(("GET", f"/games/{slug}/", None, None))
        for page in range(1, min(3, (count + 59) // 60) + 1):
            suffix = f"?page={page}" if page > 1 else ""
            plan["card list"].append(("GET", f"/games/{slug}/cards/{suffix}", None, None))
        plan["card list"].append(("GET", f"/games/{slug}/cards/?view=table", None, None))
    plan["card list"] += [("GET", "/cards/", None, None), ("GET", "/cards/?page=2", None, None)]
    plan["card detail"] = [("GET", f"/cards/{pk}/", None, None) for pk in data["cards"]]
    plan["deck detail"] = [("GET", f"/decks/{pk}/", None, None) for ids in data["samples"].values() for pk in ids]
    plan["deck detail"] += [("GET", f"/decks/{pk}/", "session", None) for pk in data["own"]]
    for game, q in SEARCHES:
        query = urllib.parse.urlencode({"q": q})
        page = f"/games/{game}/cards/?{query}" if game else f"/cards/?{query}"
        plan["search page"].append(("GET", page, None, None))
        api = urllib.parse.urlencode({"q": q, **({"game": game} if game else {})})
        plan["search API"].append(("GET", f"/api/cards/?{api}", None, None))
    plan["validate API"] = [("POST", "/api/decks/validate/", "token", {"game": g, "decklist": text})
                            for g, text in sorted(data["decklists"].items())]
    games = goldfish_games(client, data)
    plan["goldfish page"] = [("GET", f"/goldfish/{gid}/", None, None) for gid, _card in games]
    plan["goldfish view"] = [("GET", f"/api/goldfish/{gid}/", "token", None) for gid, _card in games]
    plan["goldfish tap/undo"] = [
        ("POST", f"/api/goldfish/{gid}/actions/", "token", {"action": {"type": "manual.tap", "card": card}})
        for gid, card in games
    ] + [("POST", f"/api/goldfish/{gid}/undo/", "token", {"steps": 1}) for gid, _card in games]
    plan["goldfish start"] = [("POST", "/api/goldfish/", "token", {"deck": data["samples"]["kannagi"][0], "seed": 7})]
    return plan


def check_plan(client, plan):
    """Every read of the mix once (each must answer 2xx/3xx), its time on an idle server; the print alone."""
    idle = {}
    for kind, requests in plan.items():
        if kind == "goldfish tap/undo":
            continue  # played PRESEED times per game already
        times = []
        for method, path, auth, body in requests:
            status, answer, ms = client.call(method, path, auth, body)
            if not ok(status):
                raise Failed(f"{kind}: {method} {path} answered {status}: {answer[:300]!r}")
            times.append(ms)
        idle[kind] = times
    return idle


def lua_string(value) -> str:
    """A Lua string literal of any text (bytes outside printable ASCII as decimal escapes)."""
    out = []
    for byte in value.encode("utf-8"):
        char = chr(byte)
        out.append(char if 32 <= byte < 127 and char not in '"\\' else f"\\{byte:03d}")
    return '"' + "".join(out) + '"'


def lua_request(client, method, path, auth, body) -> str:
    headers = ", ".join(f"[{lua_string(k)}] = {lua_string(v)}" for k, v in client.headers(auth).items())
    body = lua_string(json.dumps(body)) if body is not None else "nil"
    return f"{{{lua_string(method)}, {lua_string(path)}, {{{headers}}}, {body}}}"


def write_plan(path, client, plan, print_request):
    lines = ["return {", "  seed = 20261122,", "  print_after = 20,", "  kinds = {"]
    for kind, weight in MIX.items():
        reqs = ",\n      ".join(lua_request(client, *r) for r in plan[kind])
        cycle = "true" if kind == "goldfish tap/undo" else "false"
        lines.append(f"    {{name = {lua_string(kind)}, weight = {weight}, cycle = {cycle}, reqs = {{\n      {reqs}}}}},")
    lines.append("  },")
    lines.append(f"  print = {lua_request(client, *print_request)},")
    lines.append("}")
    Path(path).write_text("\n".join(lines) + "\n", encoding="ascii")


# -- measuring -------------------------------------------------------------------------------------------

KINDS = [  # (method, path pattern, has a query) -> kind, for the access log
    ("GET", r"/", None, "home"),
    ("GET", r"/games/[\w-]+/", None, "game page"),
    ("GET", r"/(games/[\w-]+/)?cards/", "q=", "search page"),
    ("GET", r"/(games/[\w-]+/)?cards/", None, "card list"),
    ("GET", r"/cards/\d+/", None, "card detail"),
    ("GET", r"/decks/\d+/", None, "deck detail"),
    ("GET", r"/decks/\d+/print\.pdf", None, "print"),
    ("GET", r"/goldfish/[\w-]+/", None, "goldfish page"),
    ("GET", r"/api/cards/", None, "search API"),
    ("POST", r"/api/decks/validate/", None, "validate API"),
    ("GET", r"/api/goldfish/[\w-]+/", None, "goldfish view"),
    ("POST", r"/api/goldfish/[\w-]+/(actions|undo)/", None, "goldfish tap/undo"),
    ("POST", r"/api/goldfish/", None, "goldfish start"),
]


def kind_of(method, path, query):
    for m, pattern, needs, kind in KINDS:
        if m == method and re.fullmatch(pattern, path) and (needs is None or needs in query):
            return kind
    return f"other: {method} {path}"


def read_access_log(path, offset):
    """{kind: [(status, server ms)]} of the lines written after `offset`, and the new offset."""
    by_kind = defaultdict(list)
    with open(path, encoding="utf-8", errors="replace") as log:
        log.seek(offset)
        for line in log:
            parts = line.split()
            if len(parts) != 5:
                continue
            method, path_, query, status, micros = parts
            by_kind[kind_of(method, path_, query)].append((int(status), int(micros) / 1000))
        return by_kind, log.tell()


def postmaster(db_url):
    """The pid of the PostgreSQL server of `db_url` when it runs here with -p PORT on its command line, else None."""
    port = str(urllib.parse.urlsplit(db_url).port or 5432)
    for entry in os.listdir("/proc"):
        try:
            args = Path(f"/proc/{entry}/cmdline").read_bytes().split(b"\0") if entry.isdigit() else []
        except OSError:
            continue
        if args and args[0].endswith(b"postgres") and any(a == b"-p" and b == port.encode() for a, b in zip(args, args[1:], strict=False)):
            return int(entry)
    return None


def cpu_seconds(server_pid, pg_pid):
    """CPU seconds so far of (gunicorn, PostgreSQL, this process's reaped children = wrk), from /proc.

    gunicorn: its process group; PostgreSQL: the server and its backends (the reaped ones through its
    children's times), when it runs here."""
    gunicorn = postgres = 0.0
    for pid, ppid, group, own, reaped in live_processes():
        if group == server_pid:  # process group: gunicorn's master and workers
            gunicorn += own
        elif pid == pg_pid:
            postgres += own + reaped
        elif ppid == pg_pid:
            postgres += own
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return gunicorn, postgres, children.ru_utime + children.ru_stime


def busy_seconds():
    fields = [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    return (sum(fields) - fields[3] - fields[4]) / os.sysconf("SC_CLK_TCK"), sum(fields) / os.sysconf("SC_CLK_TCK")


def run_wrk(base, plan_path, connections, seconds, server_pid, pg_pid):
    env = dict(os.environ, LOAD_PLAN=str(plan_path))
    before, busy_before = cpu_seconds(server_pid, pg_pid), busy_seconds()
    out = subprocess.run(
        [WRK, "-t1", f"-c{connections}", f"-d{seconds}s", "--timeout", "30s", "-s", str(LUA), base],
        env=env, capture_output=True, text=True, timeout=seconds + 120,
    )
    after, busy_after = cpu_seconds(server_pid, pg_pid), busy_seconds()
    if out.returncode:
        raise Failed(f"wrk failed ({out.returncode}): {out.stderr[-2000:]}")
    result = {"statuses": Counter(), "bodies": []}
    for line in out.stdout.splitlines():
        if not line.startswith("@@ "):
            continue
        word, _, rest = line[3:].partition(" ")
        if word == "summary":
            duration, requests, connect, read, write, _status, timeout = map(int, rest.split())
            result.update(duration=duration / 1e6, requests=requests, socket=connect + read + write + timeout,
                          socket_detail=f"connect {connect}, read {read}, write {write}, timeout {timeout}")
        elif word == "latency":
            p50, p95, p99, top, _mean = (int(x) / 1000 for x in rest.split())
            result.update(p50=p50, p95=p95, p99=p99, max=top)
        elif word == "status":
            status, n = map(int, rest.split())
            result["statuses"][status] += n
        elif word == "error":
            result["bodies"].append(rest)
    result["errors"] = result["socket"] + sum(n for s, n in result["statuses"].items() if not ok(s))
    result["rate"] = result["requests"] / result["duration"]
    wall = busy_after[1] - busy_before[1]
    result["cpu"] = {name: (a - b) / wall * os.cpu_count() * 100 if wall else 0
                     for name, a, b in zip(("gunicorn", "PostgreSQL", "wrk"), after, before, strict=True)}
    result["cpu"]["all"] = (busy_after[0] - busy_before[0]) / wall * os.cpu_count() * 100 if wall else 0
    result["cpu"]["other"] = max(0.0, result["cpu"]["all"] - sum(result["cpu"][k] for k in ("gunicorn", "PostgreSQL", "wrk")))
    # CPU time per request: what the site costs, whatever else the machine was doing
    result["cpu_ms"] = {name: (a - b) * 1000 / max(1, result["requests"])
                        for name, a, b in zip(("gunicorn", "PostgreSQL", "wrk"), after, before, strict=True)}
    result["met"] = result["errors"] == 0 and result["p95"] <= TARGET_P95_MS
    return result


def show(label, r):
    codes = " ".join(f"{s}×{n}" for s, n in sorted(r["statuses"].items()))
    print(f"  {label:14} {r['rate']:7.1f} req/s  p50 {r['p50']:6.1f}  p95 {r['p95']:6.1f}  p99 {r['p99']:6.1f}  "
          f"max {r['max']:7.1f} ms  errors {r['errors']:3d}  ({r['requests']} requests: {codes}"
          f"{'; sockets ' + r['socket_detail'] if r['socket'] else ''})  {'ok' if r['met'] else 'MISSED'}", flush=True)
    for body in r["bodies"]:
        print(f"      error answer: {body[:200]}")


def show_cpu(r):
    cpu = r["cpu"]
    print(f"    CPU (100% = one core, {os.cpu_count()} cores): gunicorn {cpu['gunicorn']:.0f}%, PostgreSQL "
          f"{cpu['PostgreSQL']:.0f}%, wrk {cpu['wrk']:.0f}%, other processes {cpu['other']:.0f}%, whole machine "
          f"{cpu['all']:.0f}%" + ("  (the machine was busy with other work: figures are low)" if cpu["other"] > 20 else ""))
    per = r["cpu_ms"]
    site = per["gunicorn"] + per["PostgreSQL"]
    print(f"    CPU per request: gunicorn {per['gunicorn']:.1f} ms + PostgreSQL {per['PostgreSQL']:.1f} ms (+ wrk "
          f"{per['wrk']:.1f} ms): {os.cpu_count()} free cores would serve at most {os.cpu_count() * 1000 / site:.0f} req/s"
          if site else "    CPU per request: not measured")


def show_kinds(by_kind):
    total = sum(len(v) for v in by_kind.values())
    print(f"    {'kind':18} {'requests':>8} {'share':>6} {'server p50':>10} {'p95':>7} {'max':>7}  non-2xx/3xx")
    for kind in [*MIX, "print", *sorted(k for k in by_kind if k not in MIX and k != "print")]:
        rows = by_kind.get(kind)
        if not rows:
            continue
        ms = [m for _s, m in rows]
        bad = Counter(s for s, _m in rows if not ok(s))
        print(f"    {kind:18} {len(rows):8d} {len(rows) / total:6.1%} {statistics.median(ms):8.1f}ms "
              f"{percentile(ms, 0.95):5.1f}ms {max(ms):5.0f}ms  {dict(bad) if bad else ''}")


def ensure_wrk():
    if Path(WRK).exists():
        return True
    if os.geteuid() == 0 and shutil.which("apt-get"):
        print("  wrk is missing: apt-get install wrk", flush=True)
        apt_env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
        subprocess.run(["apt-get", "update", "-qq"], env=apt_env, check=False)
        subprocess.run(["apt-get", "install", "-y", "-qq", "wrk"], env=apt_env, check=False)
        return Path(WRK).exists() or bool(shutil.which("wrk"))
    print("  skipped: wrk is not installed (Debian/Ubuntu: sudo apt-get install wrk)")
    return False


def bench(db_url, flush, tmp):
    start = time.perf_counter()
    data = prepare(db_url, flush)
    print(f"  {data['vendor']}: {data['card_total']} cards ({', '.join(f'{g} {n}' for g, n in data['games'].items())}), "
          f"{sum(len(v) for v in data['samples'].values())} sample decks; set up in {time.perf_counter() - start:.1f} s",
          flush=True)
    port = free_port()
    access = Path(tmp) / "access.log"
    server = start_server(db_url, port, tmp, workers=WORKERS, threads=THREADS, extra_args=[
        "--access-logfile", str(access), "--access-logformat", "%(m)s %(U)s %(q)s. %(s)s %(D)s"],
        env=PRODUCTION_ENV)
    try:
        base = f"http://127.0.0.1:{port}"
        client = Client(base, data["token"], data["cookie"])
        plan = build_plan(client, data)
        print_request = ("GET", f"/decks/{data['own'][0]}/print.pdf", "session", None)
        status, pdf, cold = client.call(*print_request)
        if status != 200 or not pdf.startswith(b"%PDF"):
            raise Failed(f"print: {status} {pdf[:300]!r}")
        _s, _pdf, warm = client.call(*print_request)
        idle = check_plan(client, plan)
        kind = "sync" if THREADS == 1 else f"gthread, {THREADS} threads each"
        age = PRODUCTION_ENV["DB_CONN_MAX_AGE"]
        print(f"  gunicorn: {WORKERS} workers ({kind}), DEBUG=0, DB_CONN_MAX_AGE={age} ("
              + ("a new database connection for every request" if age == "0" else "persistent database connections")
              + "), CACHE_URL=db://cache_table, API throttles counting"
              + f", on 127.0.0.1:{port}; {len(idle) + 1} kinds of "
              f"request, {sum(len(v) for v in plan.values())} distinct requests, each answered 2xx once; "
              f"{len(plan['goldfish view'])} goldfish games with {PRESEED} taps each")
        print("  idle server (one request at a time), median ms: "
              + ", ".join(f"{k} {statistics.median(v):.0f}" for k, v in idle.items())
              + f"; print.pdf ({len(pdf) // 1024} KiB) cold {cold:.0f}, warm {warm:.0f}")
        pg_pid = postmaster(db_url)
        plan_path = Path(tmp) / "plan.lua"
        write_plan(plan_path, client, plan, print_request)
        offset = access.stat().st_size
        print(f"  steps of {STEP_SECONDS} s (wrk, 1 thread, N connections, closed loop); wrk runs on the same 2 "
              f"cores as gunicorn and PostgreSQL; latency in ms as wrk sees it", flush=True)
        passed = []  # (connections, step result) of every step that met the target
        for n, connections in enumerate(STEPS):
            r = run_wrk(base, plan_path, connections, STEP_SECONDS, server.pid, pg_pid)
            show(f"{connections:2d} connection{'s' if connections > 1 else ' '}", r)
            by_kind, offset = read_access_log(access, offset)
            show_cpu(r)
            if n == 0:
                print(f"    per kind at {connections} connection{'s' if connections > 1 else ''} (server time: in the "
                      "gunicorn worker, from its access log):")
                show_kinds(by_kind)
            if not r["met"]:
                break
            passed.append((connections, r))
        # The final run holds the step that served the most requests per second while meeting the target, not
        # the one with the most connections: past saturation (3 workers on 2 cores) more connections only
        # queue, so 8 connections can serve fewer requests per second than 4. If the 60 s run misses what the
        # 10 s step met, the next best step is run for 60 s in its turn (every run is printed): the figure is
        # the highest rate that holds the target for the whole minute.
        candidates = sorted(passed, key=lambda step: -step[1]["rate"])
        if not candidates:
            print(f"  not even 1 connection meets the target (0 errors, p95 <= {TARGET_P95_MS} ms)")
            candidates = [(STEPS[0], None)]
        for connections, _ in candidates:
            print(f"  final run: {connections} connection{'s' if connections > 1 else ''} for {SECONDS} s", flush=True)
            r = run_wrk(base, plan_path, connections, SECONDS, server.pid, pg_pid)
            show("final", r)
            show_cpu(r)
            by_kind, offset = read_access_log(access, offset)
            show_kinds(by_kind)
            if r["met"]:
                break
        return r, connections
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=20)


def interrupted(signum, frame):
    raise KeyboardInterrupt  # a SIGTERM stops the bench as Ctrl-C does: the finally blocks stop the servers


def main():
    started = time.perf_counter()
    print(f"load benchmark: the site under a mixed load, {os.cpu_count()} CPUs (wrk, gunicorn and PostgreSQL share them)",
          flush=True)
    if not ensure_wrk():
        sys.exit(1)
    previous = signal.signal(signal.SIGTERM, interrupted)
    try:
        with tempfile.TemporaryDirectory() as tmp:
            url = os.environ.get("BENCH_DATABASE_URL")
            try:
                if url:
                    r, connections = bench(url, True, tmp)
                elif os.environ.get("BENCH_LOAD_SQLITE") == "1":
                    print("  SQLite: a fresh file", flush=True)
                    url = f"sqlite:///{sqlite_dir(tmp)}/load.sqlite3"
                    r, connections = bench(url, False, tmp)
                else:
                    with temporary_postgres("loadbench") as url:
                        print("  PostgreSQL 15: a temporary server (fsync, synchronous_commit, full_page_writes off)",
                              flush=True)
                        r, connections = bench(url, False, tmp)
            except Failed as exc:
                print(f"  FAILED: {exc}")
                print(f"  target: 0 errors, p95 <= {TARGET_P95_MS} ms: NOT met (the bench could not run)")
                target("load.p95", float("inf"), TARGET_P95_MS, "ms", note="the bench could not run")
                sys.exit(1)
    finally:
        signal.signal(signal.SIGTERM, previous)
    print(f"  highest sustained: {r['rate']:.0f} req/s at {connections} connection{'s' if connections > 1 else ''} "
          f"(p95 {r['p95']:.0f} ms, {r['errors']} errors over {SECONDS} s)")
    print(f"  target: 0 errors, p95 <= {TARGET_P95_MS} ms at the highest sustained rate: "
          f"{'met' if r['met'] else 'NOT met'}  (whole bench {time.perf_counter() - started:.0f} s)")
    vendor = "sqlite" if (url or "").startswith("sqlite") else "postgresql"
    target(f"load.p95_{vendor}", r["p95"], TARGET_P95_MS, "ms",
           note=f"{r['rate']:.0f} req/s at {connections} connections, {r['errors']} errors")


if __name__ == "__main__":
    main()
