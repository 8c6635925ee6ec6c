"""Print-and-play speed and size: faces drawn from data, placed as shared drawings.

- A 60-card kannagi deck with 15 distinct cards: time cold (a fresh process: the font is read and the
  faces drawn for the first time) and warm (the next job in the same process), pages and file size.
- The floor: the same 15 faces as PNGs (300 dpi, rendered from the same drawing) put into a PDF by img2pdf,
  which only embeds; its time and size, and ours against the faces' image bytes.
- A designer's 1,000-card one-each print (synthetic cards with rules text): time, pages, size.
- Memory: the peak traced while printing 60 and 600 copies of the same 15 faces (flat in the copies).

Targets: warm 60-card PDF <= 0.3 s (issue 23); file size <= 1.2x the distinct faces' image bytes; memory flat.
"""

import io
import json
import os
import statistics
import subprocess
import sys
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from bench._common import target  # noqa: E402


def deck_items(copies=4, distinct=15):
    from printing.sheets import PrintCard
    from rules.declare.samples import bundled_card_data

    cards = bundled_card_data("kannagi")
    return [PrintCard(f"k{i}", card, copies) for i, card in enumerate(cards[:distinct])]


def synthetic_items(n):
    from printing.sheets import PrintCard

    text = "このカードが場に出たとき、相手の場所札1枚を選び、そのターンの終わりまで力を-2する。■速攻"
    out = []
    for i in range(n):
        card = {
            "name": f"試作カード{i:04d}", "reading": "", "aliases": [], "card_type": "場所札", "cost": i % 9,
            "rules_text": text * (1 + i % 3), "flavor_text": "", "set_name": "試作", "number": f"T-{i:04d}",
            "rarity": "", "keywords": [], "sample": True, "fields": {"season": ["春"], "power": i % 7},
        }
        out.append(PrintCard(f"t{i}", card, 1))
    return out


def cold_run():
    """Run in a fresh interpreter: the first job of a process."""
    from printing.sheets import PrintOptions, render
    from rules.declare import get_game

    start = time.perf_counter()
    pdf = render(get_game("kannagi"), deck_items(), PrintOptions())
    print(json.dumps({"seconds": time.perf_counter() - start, "bytes": len(pdf)}))


def face_pngs(items):
    """The distinct faces as 300 dpi PNGs, from the same drawing (printing.raster.face_pdf)."""
    import pypdfium2 as pdfium

    from printing.raster import face_pdf

    out = []
    for item in items:
        document = pdfium.PdfDocument(face_pdf(item.card, "kannagi"))
        image = document[0].render(scale=300 / 72).to_pil().convert("RGB")
        document.close()
        buffer = io.BytesIO()
        image.save(buffer, "PNG", optimize=True)
        out.append(buffer.getvalue())
    return out


def main():
    from printing.sheets import PrintOptions, render
    from rules.declare import get_game

    game = get_game("kannagi")
    print(f"printing benchmark, {os.cpu_count()} CPUs")
    cold = json.loads(subprocess.run([sys.executable, __file__, "--cold"], capture_output=True, text=True, check=True, cwd=ROOT).stdout)
    items = deck_items()
    render(game, items, PrintOptions())  # the process is warm now
    warm = []
    for _ in range(5):
        start = time.perf_counter()
        pdf = render(game, items, PrintOptions())
        warm.append(time.perf_counter() - start)
    from pypdf import PdfReader

    pages = len(PdfReader(io.BytesIO(pdf)).pages)
    print(f"  60 cards (15 distinct), A4 3×3: cold {cold['seconds']:.2f} s, warm {statistics.median(warm):.3f} s (median of 5), "
          f"{pages} pages, {len(pdf) / 1024:.0f} KB")

    import img2pdf

    pngs = face_pngs(items)
    png_bytes = sum(len(p) for p in pngs)
    start = time.perf_counter()
    floor = img2pdf.convert([pngs[i % len(pngs)] for i in range(60)])
    floor_time = time.perf_counter() - start
    print(f"  floor, img2pdf of the 15 faces as 300 dpi PNGs ({png_bytes / 1024:.0f} KB of images): "
          f"{floor_time:.3f} s, {len(floor) / 1024:.0f} KB")
    ratio = len(pdf) / png_bytes
    print(f"  our PDF / the distinct faces' image bytes: {ratio:.2f}x")

    big = synthetic_items(1000)
    start = time.perf_counter()
    set_pdf = render(game, big, PrintOptions())
    set_time = time.perf_counter() - start
    set_pages = len(PdfReader(io.BytesIO(set_pdf)).pages)
    print(f"  1,000 cards one each: {set_time:.2f} s, {set_pages} pages, {len(set_pdf) / 1024 / 1024:.1f} MB")

    peaks = {}
    for copies in (4, 40):
        tracemalloc.start()
        out = render(game, deck_items(copies=copies), PrintOptions())
        peaks[copies * 15] = (tracemalloc.get_traced_memory()[1], len(out))
        tracemalloc.stop()
    for cards, (peak, size) in peaks.items():
        print(f"  memory: {cards} copies of 15 faces: peak {peak / 1024 / 1024:.1f} MB traced, PDF {size / 1024:.0f} KB")
    met = statistics.median(warm) <= 0.3 and ratio <= 1.2 and peaks[600][0] <= peaks[60][0] * 1.5
    print(f"  targets: warm <= 0.3 s, size <= 1.2x faces' image bytes, memory flat: {'met' if met else 'NOT met'}")
    target("printing.warm_60_card_pdf", statistics.median(warm), 0.3, "s")


if __name__ == "__main__":
    if "--cold" in sys.argv:
        cold_run()
    else:
        main()
