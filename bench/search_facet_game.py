"""Why a search's field comparisons do not filter on the facet rows' game column (issue 36, cards migration
0008), judged on a busy machine: the SQL the API runs for each search of bench/search.py (its first page and
capped count) as the compiler makes it ("now") and with every facet comparison of a one-game search also
filtered on `cards_cardfacet.game_id` ("filtered", the variant the issue proposed for the capped count), both
run on the same database, interleaved sample by sample so that the machine's other work weighs on both alike.
Prints p50/p95 of each and, on PostgreSQL, the shared buffers each reads (EXPLAIN (ANALYZE, BUFFERS): a figure
no other work changes). Measured with both the (game, key, text|num, card) indexes in place, the filtered
comparisons lost the index-only check of a card's facet in (card, key, num) and took longer on both databases
(SQLite: "field comparisons" 26 ms -> 950 ms p50), so the column serves the per-game walk of a field's values.

Runs on the catalogue an earlier `bench/search.py` left (migrated now): BENCH_SQLITE_PATH=… for SQLite's file,
or BENCH_DATABASE_URL=postgres://… (as that run's BENCH_REUSE=1). BENCH_REPEAT sets the samples per query.
Figures, not a test: the target stays bench/search.py's p95 <= 10 ms over HTTP.
"""

import os
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from bench._common import percentile  # noqa: E402
from bench.search import QUERIES, raw_statements  # noqa: E402

REPEAT = int(os.environ.get("BENCH_REPEAT", "60"))


def statements(game, q, filtered: bool):
    """The statements the API runs for this search: as the compiler makes them, or (`filtered`) with every
    facet comparison also filtered on the facet rows' game, the variant issue 36 proposed."""
    from cards.models import CardFacet
    from cards.search import compiler, paging

    paging._plans.clear()
    if not filtered or not game:
        return raw_statements(game, q)

    class OfTheGame:  # CardFacet with the game's filter on each comparison's rows
        _meta = CardFacet._meta

        class objects:  # noqa: N801
            @staticmethod
            def filter(**lookup):
                return CardFacet.objects.filter(game_id=game, **lookup)

    compiler.CardFacet = OfTheGame
    try:
        return raw_statements(game, q)
    finally:
        compiler.CardFacet = CardFacet
        paging._plans.clear()


def buffers(statements_) -> int:
    """Shared buffers (hit + read) PostgreSQL's plans of these statements touch."""
    import re

    from django.db import connection

    total = 0
    with connection.cursor() as cursor:
        for _kind, sql, params in statements_:
            if not sql.lstrip().upper().startswith(("SELECT", "WITH")):
                continue
            cursor.execute("EXPLAIN (ANALYZE, BUFFERS, FORMAT TEXT) " + sql, params)
            plan = "\n".join(row[0] for row in cursor.fetchall())
            first = re.search(r"Buffers: shared ([^\n]*)", plan)
            if first:
                total += sum(int(n) for n in re.findall(r"(?:hit|read)=(\d+)", first.group(1)))
    return total


def main():
    import time

    url = os.environ.get("BENCH_DATABASE_URL") or f"sqlite:///{os.environ['BENCH_SQLITE_PATH']}"
    os.environ["DJANGO_SETTINGS_MODULE"] = "config.settings"
    os.environ["DATABASE_URL"] = url
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connection

    call_command("migrate", verbosity=0, interactive=False)
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("VACUUM ANALYZE")
    pg = connection.vendor == "postgresql"
    print(f"facet rows' game column on {connection.vendor}, {REPEAT} interleaved samples per query (raw SQL of page + count)")
    print(f"  {'query':30} {'now p50':>8} {'now p95':>8} {'filt p50':>8} {'filt p95':>8}" + ("  buffers now / filtered" if pg else ""))
    for label, game, q in QUERIES:
        statements(game, q, False)  # the first search of a process also reads the schema and statistics
        now, was = statements(game, q, False), statements(game, q, True)
        samples = {"now": [], "was": []}
        with connection.cursor() as cursor:
            for i in range(REPEAT + 3):
                for name, stmts in (("now", now), ("was", was)) if i % 2 else (("was", was), ("now", now)):
                    start = time.perf_counter()
                    for _kind, sql, params in stmts:
                        cursor.execute(sql, params)
                        cursor.fetchall()
                    if i >= 3:
                        samples[name].append((time.perf_counter() - start) * 1000)
        a, b = samples["now"], samples["was"]
        same = "" if now != was else "  (same SQL)"
        extra = f"  {buffers(now):6} / {buffers(was):6}" if pg else ""
        print(f"  {label:30} {statistics.median(a):6.1f}ms {percentile(a, 0.95):6.1f}ms {statistics.median(b):6.1f}ms "
              f"{percentile(b, 0.95):6.1f}ms{extra}{same}")


if __name__ == "__main__":
    main()
