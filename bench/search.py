"""Search latency on a 100,000-card catalogue: through the HTTP API (gunicorn on loopback) and as raw SQL.

Builds a synthetic catalogue of 100,000 cards across the five games (20,000 each, made
through the importer, so the search columns, facets and text index are the real ones),
starts gunicorn on 127.0.0.1 against the same database, and times ten representative
queries: each through GET /api/cards/ (first page of 50, with its count capped at 1,000)
and as the SQL statements the API runs for it (captured from cards.selectors.card_page)
executed directly. Prints p50/p95 per query, the API/raw ratio, and met / NOT met per
query. Then imports the real fan list ../shared/data/kannagi-cardlist.csv (when present)
and times searches for its real names.

SQLite by default; BENCH_DATABASE_URL=postgres://… runs it on PostgreSQL (the database is
emptied first, unless BENCH_REUSE=1 finds the catalogue of an earlier run there; the SQLite
equivalent is BENCH_SQLITE_PATH). BENCH_CARDS sets the catalogue size, BENCH_REPEAT the
samples per query. Target: p95 <= 10 ms over HTTP for every query, on either database.
"""

import json
import os
import random
import re
import signal
import statistics
import sys
import tempfile
import time
import urllib.parse
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from bench._common import free_port, percentile, setup, start_server, target  # noqa: E402

FAN_LIST = ROOT.parent / "shared" / "data" / "kannagi-cardlist.csv"
N_CARDS = int(os.environ.get("BENCH_CARDS", "100000"))
REPEAT = int(os.environ.get("BENCH_REPEAT", "60"))
TARGET_P95_MS = 10

# (label, game, q): name prefix, kana-for-kanji, text phrase, field comparisons, OR and negation, a sort …
QUERIES = [
    ("name prefix", "kannagi", "猫の"),
    ("kana for kanji (katakana)", "kannagi", "ネコヤマ"),
    ("kana for kanji (half-width)", None, "ｷﾂﾈﾉﾂｶ"),
    ("text phrase", None, '"ダメージを与える"'),
    ("two-character word", None, "神社"),
    ("field comparisons", "kannagi", "type:場所札 cost<=3 season:春 power>=2"),
    ("OR, negation, groups", "original", "(attr:火 OR attr:闇) -t:土地 power>=3"),
    ("keyword and cost", None, "kw:速攻 c<=2"),
    ("sort by a game field", "manacard", "t:unit sort:attack order:desc"),
    ("everything, sorted", None, "sort:cost order:desc"),
]

WORDS = [
    ("猫", "ねこ"), ("山", "やま"), ("狐", "きつね"), ("塚", "つか"), ("神社", "じんじゃ"), ("古", "ふる"),
    ("井戸", "いど"), ("桜", "さくら"), ("並木", "なみき"), ("鬼", "おに"), ("火", "ひ"), ("水", "みず"),
    ("月", "つき"), ("夜", "よる"), ("廃屋", "はいおく"), ("人形", "にんぎょう"), ("学校", "がっこう"),
    ("踏切", "ふみきり"), ("竜", "りゅう"), ("剣", "けん"), ("影", "かげ"), ("森", "もり"), ("雪", "ゆき"),
    ("ゴーレム", "ごーれむ"), ("キャット", "きゃっと"), ("ドラゴン", "どらごん"), ("スライム", "すらいむ"),
]
TEXTS = [
    "攻撃時、相手に{n}ダメージを与える。",
    "このカードが場に出た時、カードを{n}枚引く。",
    "自分のライフを{n}回復する。",
    "相手の場所札1枚を伏せる。",
    "■速攻",
]


def card_name(rng, i):
    a, b = rng.sample(WORDS, 2)
    join = rng.choice(["の", "", "と"])
    return f"{a[0]}{join}{b[0]}{i}", f"{a[1]}{join}{b[1]}{i}"


def catalogue(game: str, n: int, rng: random.Random) -> bytes:
    """A CSV of n synthetic cards of one game, using its real types and fields."""
    rows = []
    for i in range(1, n + 1):
        name, reading = card_name(rng, i)
        text = rng.choice(TEXTS).format(n=rng.randint(1, 3))
        kw = "速攻" if rng.random() < 0.1 else ""
        cost = rng.randint(0, 9)
        base = {"number": f"Z{i:06d}", "name": name, "reading": reading, "cost": cost, "rules_text": text,
                "keywords": kw}
        if game == "kannagi":
            t = rng.choice(["場所札", "怪異札", "道具札", "季節札"])
            base.update(card_type=t, season=rng.choice(["春", "夏", "秋", "冬", "無", "春夏"]),
                        power=rng.randint(0, 6) if t == "場所札" else "", attributes=rng.choice(["幽霊", "神", "妖怪"]))
        elif game == "original":
            t = rng.choice(["兵", "呪術", "土地"])
            base.update(card_type=t, attributes=rng.choice(["火", "水", "風", "地", "光", "闇", "火・闇"]))
            if t == "兵":
                base.update(move_cost=rng.randint(0, 3), power=rng.randint(0, 9), race=rng.choice(["ドラゴン", "ソルジャー"]))
            else:
                base.update(upkeep=rng.randint(0, 3))
        elif game == "manacard":
            t = rng.choice(["ユニット", "魔法", "技能", "アイテム"])
            base.update(card_type=t, deck="main" if t in ("ユニット", "アイテム") else "skill")
            if t == "ユニット":
                base.update(distance=rng.choice(["近", "中", "遠"]), attack=rng.randint(0, 9), hp=rng.randint(1, 9),
                            speed=rng.randint(0, 5))
        elif game == "vision":
            t = rng.choice(["キャラクター", "スペル", "コマンド"])
            base.update(card_type=t, required_nodes=rng.randint(0, 8))
            if t == "キャラクター":
                base.update(attack=rng.randint(0, 9), defence=rng.randint(1, 9), race=rng.choice(["人間", "妖怪"]))
        else:
            base.update(card_type=rng.choice(["Action", "QuickAction", "Trigger"]),
                        win_condition="yes" if rng.random() < 0.02 else "")
        rows.append(base)
    columns = list(dict.fromkeys(k for row in rows for k in row))
    lines = [",".join(columns)]
    for row in rows:
        lines.append(",".join(str(row.get(c, "")).replace(",", "、") for c in columns))
    return ("\n".join(lines) + "\n").encode("utf-8")


def build(n: int):
    from cards.models import Card
    from cards.services import import_cards
    from rules.declare import GAMES

    rng = random.Random(20261121)
    per_game = n // len(GAMES)
    start = time.perf_counter()
    for slug in GAMES:
        report = import_cards(game=slug, data=catalogue(slug, per_game, rng), fmt="csv")
        assert report.written, report.summary()
    elapsed = time.perf_counter() - start
    print(f"  catalogue: {Card.objects.count()} cards built through the importer in {elapsed:.1f} s")


def raw_statements(game, q):
    """The SQL the API runs for this search (the first page of 50 and its capped count), as it runs it."""
    from django.db import connection

    from cards.apis import API_COLUMNS
    from cards.models import Game
    from cards.selectors import card_page

    statements = []

    def capture(execute, sql, params, many, context):
        statements.append(("sql", sql, params))
        return execute(sql, params, many, context)

    with connection.execute_wrapper(capture):
        card_page(game=Game(slug=game) if game else None, q=q, number=1, size=50, columns=API_COLUMNS)
    return statements


def time_raw(statements, repeat):
    from django.db import connection

    samples = []
    with connection.cursor() as cursor:
        for i in range(repeat + 3):
            start = time.perf_counter()
            for _kind, sql, params in statements:
                cursor.execute(sql, params)
                cursor.fetchall()
            if i >= 3:
                samples.append((time.perf_counter() - start) * 1000)
    return samples


def time_api(base, game, q, repeat):
    params = {"q": q}
    if game:
        params["game"] = game
    url = f"{base}/api/cards/?{urllib.parse.urlencode(params)}"
    samples = []
    count = None
    for i in range(repeat + 3):
        start = time.perf_counter()
        with urllib.request.urlopen(url) as response:
            body = response.read()
        if i >= 3:
            samples.append((time.perf_counter() - start) * 1000)
        if count is None:
            answer = json.loads(body)
            count = f"{answer['count']}+" if answer.get("count_capped") else answer["count"]
    return samples, count


def real_names():
    """Import the real kannagi fan list into the catalogue's kannagi game and time searches for its names."""
    from cards.io import load_mapping
    from cards.models import Card, Game
    from cards.search.normalise import normalise
    from cards.selectors import card_page
    from cards.services import import_cards

    if not FAN_LIST.exists():
        print(f"  real names: {FAN_LIST} not present, skipped")
        return
    start = time.perf_counter()
    report = import_cards(game="kannagi", data=FAN_LIST.read_bytes(), fmt="csv", mapping=load_mapping("kannagi-fanlist"),
                          skip_invalid=True)
    print(f"  real fan list: {report.created} cards imported in {time.perf_counter() - start:.2f} s"
          f" ({len(report.skipped_rows)} rows skipped), into a kannagi catalogue of "
          f"{Card.objects.filter(game='kannagi').count()} cards")
    kannagi = Game.objects.get(slug="kannagi")
    real = list(Card.objects.filter(game=kannagi).exclude(number__startswith="Z").values_list("name", "reading"))
    rng = random.Random(7)
    sample = rng.sample(real, min(200, len(real)))
    for label, pick in (
        ("by name", lambda name, reading: name),
        ("by reading in katakana", lambda name, reading: "".join(chr(ord(c) + 0x60) if "ぁ" <= c <= "ゖ" else c
                                                                 for c in reading)),
        ("by the first 3 characters", lambda name, reading: name[:3]),
    ):
        samples, first = [], 0
        for name, reading in sample:
            q = pick(name, reading)
            if not q.strip() or '"' in q:
                continue
            start = time.perf_counter()
            found = card_page(game=kannagi, q=f'"{q}"', size=50, columns=("name",)).object_list
            samples.append((time.perf_counter() - start) * 1000)
            if label != "by the first 3 characters":
                first += bool(found) and normalise(found[0].name) == normalise(name)
        extra = f", the card ranked first in {first}/{len(samples)}" if label != "by the first 3 characters" else ""
        print(f"  real names {label:26} p50 {statistics.median(samples):6.1f} ms  p95 "
              f"{percentile(samples, 0.95):6.1f} ms over {len(samples)} searches{extra}")


def slug(label: str) -> str:
    """A query's label as a target name's part: "OR, negation, groups" -> or_negation_groups."""
    return re.sub(r"[^a-z0-9]+", "_", label.lower()).strip("_")


def reuse(db_url) -> bool:
    """PostgreSQL with BENCH_REUSE=1: keep the catalogue an earlier run built there (migrated, not emptied)."""
    os.environ["DJANGO_SETTINGS_MODULE"] = "config.settings"
    os.environ["DATABASE_URL"] = db_url
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0, interactive=False)
    from cards.models import Card

    if Card.objects.filter(number__startswith="Z").count() == N_CARDS:
        return True
    call_command("flush", verbosity=0, interactive=False)
    return False


def main():
    with tempfile.TemporaryDirectory() as tmp:
        keep = os.environ.get("BENCH_SQLITE_PATH")  # reuse a catalogue built by an earlier run
        db_url = os.environ.get("BENCH_DATABASE_URL") or f"sqlite:///{keep or tmp + '/search.sqlite3'}"
        reused = db_url.startswith("postgres") and os.environ.get("BENCH_REUSE") == "1" and reuse(db_url)
        if not reused:
            setup(db_url)
        from django.db import connection

        from cards.models import Card

        print(f"search benchmark on {connection.vendor}, {os.cpu_count()} CPUs, {REPEAT} samples per query, "
              f"DB_CONN_MAX_AGE={os.environ.get('DB_CONN_MAX_AGE', '60')}")
        if reused:
            print(f"  catalogue: {Card.objects.count()} cards of an earlier run (BENCH_REUSE=1)")
        elif not (keep and Card.objects.exclude(number__startswith="Z").count() == 0 and Card.objects.exists()):
            build(N_CARDS)
        if connection.vendor == "postgresql":
            # What autovacuum does after a bulk load: statistics (with the facets' extended ones), and the
            # visibility map without which an index-only scan still reads every row it returns.
            with connection.cursor() as cursor:
                cursor.execute("VACUUM ANALYZE")
        port = free_port()
        # As the README's deployment runs (and bench/decks.py, goldfish.py, load.py): persistent database
        # connections. DB_CONN_MAX_AGE=0 measures a new connection per request (a PostgreSQL backend's start,
        # several milliseconds, more than most of these queries).
        age = os.environ.get("DB_CONN_MAX_AGE", "60")
        server = start_server(db_url, port, tmp, env={"DB_CONN_MAX_AGE": age})
        failures = []
        targets = []
        try:
            base = f"http://127.0.0.1:{port}"
            print(f"  {'query':30} {'hits':>6} {'API p50':>8} {'API p95':>8} {'SQL p50':>8} {'SQL p95':>8} {'ratio':>6}"
                  f"  target p95 <= {TARGET_P95_MS} ms")
            for label, game, q in QUERIES:
                api, count = time_api(base, game, q, REPEAT)
                raw = time_raw(raw_statements(game, q), REPEAT)
                ratio = statistics.median(api) / statistics.median(raw)
                p95 = percentile(api, 0.95)
                met = p95 <= TARGET_P95_MS
                print(f"  {label:30} {count:6} {statistics.median(api):6.1f}ms {p95:6.1f}ms "
                      f"{statistics.median(raw):6.1f}ms {percentile(raw, 0.95):6.1f}ms {ratio:5.1f}x  "
                      + ("met" if met else "NOT met"))
                if not met:
                    failures.append(f"{label}: API p95 {p95:.1f} ms > {TARGET_P95_MS} ms")
                targets.append((f"search.p95_{slug(label)}_{connection.vendor}", p95,
                                f"SQL p95 {percentile(raw, 0.95):.1f} ms, {count} hits"))
        finally:
            os.killpg(server.pid, signal.SIGTERM)
            server.wait(timeout=10)
        if not keep:
            real_names()
        print(f"  target: API p95 <= {TARGET_P95_MS} ms for every query: " + ("met" if not failures else "NOT met"))
        for failure in failures:
            print(f"    {failure}")
        for name, figure, note in targets:  # the lines bench/run.py collects
            target(name, figure, TARGET_P95_MS, "ms", note=note)


if __name__ == "__main__":
    main()
