"""Decklist reader speed: a 100-line list as players post it, read by rules.decklist.parse (a pure function:
the check page, the editor's text mode, the API, the CLI and goldfish all call it on every list).

The list mixes the notations the reader takes (a title and author, headers with counts, category headers,
《》 and 「」 names with ×N, bullets, numbered lines, trailing notes, readings in parentheses, bare and
full-width counts, a totals line), over:

1. the bundled kannagi cards (rules/games/kannagi/cards.json, 32 cards);
2. 3,000 synthetic cards (what a large game's index holds);
3. the real kannagi fan list (../shared/data/kannagi-cardlist.csv, 1,136 rows) when it is present.

Prints the median, p95 and fastest of many runs (the fastest shows the cost without other processes'
interference on a shared machine), and the two export styles. Target: a 100-line list in under 2 ms
(median). `python bench/decklist.py` (no database; BENCH_REPEAT sets the runs, default 500).
"""

import csv
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from bench._common import percentile  # noqa: E402
from rules.decklist import CardIndex, export, parse  # noqa: E402
from rules.declare import get_game  # noqa: E402

REPEAT = int(os.environ.get("BENCH_REPEAT", "500"))
FANLIST = ROOT.parent / "shared" / "data" / "kannagi-cardlist.csv"
TARGET_MS = 2.0

# How each card line is written, in turn (a post mixes them).
FORMS = (
    "《{name}》×{n}",
    "・{name} ×{n}",
    "{n} {name}",
    "「{name}」×{n} ※主力",
    "{name}　{n}枚",
    "- 《{name}》{n}",
    "{name}（{n}）",
    "{i}. {name} x{n}",
    "{name}*{n} ←要検討",
    "×{n} 【{name}】",
)


def hundred_lines(names: list[str], readings: dict[str, str]) -> str:
    """A 100-line post: a title, author and date, a section header and two category headers with their
    counts, 93 lines of cards and readings, and the total."""
    full_width = str.maketrans("1234", "１２３４")
    cards, counts = [], [0, 0]
    i = 0
    while len(cards) < 93:
        name, n = names[i % len(names)], 1 + i % 4
        written = str(n).translate(full_width) if i % 7 == 0 else n
        cards.append((len(cards) >= 46, FORMS[i % len(FORMS)].format(name=name, n=written, i=i + 1)))
        counts[len(cards) > 46] += n
        if i % 9 == 0 and readings.get(name) and len(cards) < 93:
            cards.append((len(cards) >= 46, f"（{readings[name]}）"))
        i += 1
    lines = ["【ベンチマーク用デッキ】デッキレシピ", "作者：ベンチ", "2025/06/06", f"・メインデッキ({sum(counts)}枚)"]
    lines.append(f"〈場所札：{counts[0]}枚〉")
    lines += [line for second, line in cards if not second]
    lines.append(f"〈道具札：{counts[1]}枚〉")
    lines += [line for second, line in cards if second]
    lines.append(f"合計{sum(counts)}枚")
    return "\n".join(lines)


def bundled() -> list[dict]:
    from rules.declare.samples import bundled_card_data

    return [{**card, "id": i} for i, card in enumerate(bundled_card_data("kannagi"), start=1)]


def synthetic(count: int = 3000) -> list[dict]:
    return [
        {"id": i, "name": f"テストカード{i:04d}", "reading": f"てすとかーど{i:04d}", "aliases": [], "card_type": "道具札",
         "cost": i % 7, "number": f"T-{i:04d}", "fields": {}}
        for i in range(1, count + 1)
    ]  # fmt: skip


def fanlist() -> list[dict] | None:
    if not FANLIST.exists():
        return None
    with FANLIST.open(encoding="utf-8-sig", newline="") as handle:
        rows = list(csv.DictReader(handle))
    return [
        {"id": i, "name": row["name"], "reading": row["reading"], "aliases": [], "card_type": row["type"],
         "cost": int(row["cost"]) if row["cost"].isdigit() else None, "number": row["number"], "fields": {}}
        for i, row in enumerate(rows, start=1)
        if row["name"]
    ]  # fmt: skip


def timed(function, repeat: int = REPEAT) -> list[float]:
    function()  # warm up (the regulation's words are built once per process)
    samples = []
    for _ in range(repeat):
        start = time.perf_counter()
        function()
        samples.append((time.perf_counter() - start) * 1000)
    return samples


def bench(label: str, cards: list[dict]) -> float:
    regulation = get_game("kannagi").regulation
    start = time.perf_counter()
    index = CardIndex(cards)
    built = (time.perf_counter() - start) * 1000
    seen, unique = set(), []
    for card in cards:  # one printing of each name, in list order
        if card["name"] not in seen:
            seen.add(card["name"])
            unique.append(card["name"])
    names = unique[:: max(1, len(unique) // 60)][:60]
    readings = {card["name"]: card["reading"] for card in cards if card.get("reading")}
    text = hundred_lines(names, readings)
    result = parse(text, regulation, index)
    assert len(text.splitlines()) == 100
    assert result.errors == [], [e.message for e in result.errors]
    samples = timed(lambda: parse(text, regulation, index))
    median = statistics.median(samples)
    print(f"  {label}: {len(cards):5d} cards (index built in {built:.1f} ms), 100 lines, {result.deck.total()} copies read, "
          f"{len(result.warnings)} warnings, {len(result.notes)} notes: median {median:.3f} ms, "
          f"p95 {percentile(samples, 0.95):.3f} ms, fastest {min(samples):.3f} ms")
    for style in ("plain", "post"):
        ex = timed(lambda style=style: export(result.deck, index, regulation, "ja", style), max(50, REPEAT // 5))
        print(f"      export ({style}): median {statistics.median(ex):.3f} ms")
    return median


def main():
    print(f"decklist reader benchmark, {os.cpu_count()} CPUs, median of {REPEAT} runs")
    worst = max(bench("bundled kannagi", bundled()), bench("synthetic      ", synthetic()))
    real = fanlist()
    if real is not None:
        worst = max(worst, bench("kannagi fan list", real))
    else:
        print(f"  (the kannagi fan list {FANLIST} is not here: skipped)")
    print(f"  target: a 100-line list read in < {TARGET_MS:.0f} ms: {'met' if worst < TARGET_MS else 'NOT met'} "
          f"(slowest median {worst:.3f} ms)")


if __name__ == "__main__":
    main()
