"""Import/export throughput on a throw-away database.

Synthetic: N kannagi cards (default 10,000) as CSV, imported into an empty database
(create), imported again (all unchanged), exported as CSV and JSON. Real: the public
fan list at ../shared/data/kannagi-cardlist.csv with the kannagi-fanlist mapping, when
that file is present. Prints one line per figure.
"""

import os
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
FAN_LIST = ROOT.parent / "shared" / "data" / "kannagi-cardlist.csv"


def setup_django(db_path: str):
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ["DATABASE_URL"] = os.environ.get("BENCH_DATABASE_URL") or f"sqlite:///{db_path}"
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0, interactive=False)


def synthetic_csv(n: int, seed: int = 1) -> bytes:
    rng = random.Random(seed)
    types = ["場所札", "怪異札", "道具札", "季節札"]
    seasons = ["春", "夏", "秋", "冬", "無", "混化 春夏"]
    lines = ["number,name,reading,card_type,cost,rules_text,season,power,attributes,keywords"]
    for i in range(1, n + 1):
        card_type = rng.choice(types)
        power = rng.randint(0, 8) if card_type == "場所札" else ""
        lines.append(
            f"B{i:06d},合成カード{i},ごうせいかーど{i},{card_type},{rng.randint(0, 12)},"
            f"攻撃時、相手に{rng.randint(1, 3)}ダメージを与える。,{rng.choice(seasons)},{power},妖怪 噂,速攻"
        )
    return ("\n".join(lines) + "\n").encode("utf-8")


def timed(label, fn):
    start = time.perf_counter()
    result = fn()
    elapsed = time.perf_counter() - start
    return result, elapsed


def main(n: int = 10_000):
    with tempfile.TemporaryDirectory() as tmp:
        setup_django(os.path.join(tmp, "bench.sqlite3"))
        from django.db import connection
        from django.utils import translation

        from cards.io import load_mapping
        from cards.models import Card
        from cards.services import export_cards, import_cards

        translation.activate("en")
        print(f"importer benchmark on {connection.vendor}")
        data = synthetic_csv(n)
        report, t = timed("create", lambda: import_cards(game="kannagi", data=data, fmt="csv"))
        assert report.created == n and report.written, report.summary()
        print(f"  import {n} new cards (CSV):      {t:7.2f} s  ({n / t:8.0f} cards/s)")
        report, t = timed("again", lambda: import_cards(game="kannagi", data=data, fmt="csv"))
        assert report.unchanged == n
        print(f"  import the same file again:      {t:7.2f} s  ({n / t:8.0f} cards/s, all unchanged)")
        for fmt in ("csv", "json"):
            out, t = timed(fmt, lambda fmt=fmt: export_cards(game="kannagi", fmt=fmt))
            print(f"  export {n} cards as {fmt.upper():4}:        {t:7.2f} s  ({len(out) / 1e6:.1f} MB)")
        if FAN_LIST.exists():
            Card.objects.all().delete()
            mapping = load_mapping("kannagi-fanlist")
            raw = FAN_LIST.read_bytes()
            report, t = timed(
                "fan", lambda: import_cards(game="kannagi", data=raw, fmt="csv", mapping=mapping, skip_invalid=True)
            )
            print(
                f"  fan list, {report.rows} rows:           {t:7.2f} s  "
                f"({report.created} imported, {len(report.skipped_rows)} reported: "
                + "; ".join(str(e) for e in report.errors)
                + ")"
            )
        else:
            print(f"  fan list: {FAN_LIST} not present, skipped")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 10_000)
