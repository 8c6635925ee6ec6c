"""Card faces as images for the site: the print drawing, rasterised with PDFium, cached on disk.

A face image is the one-page PDF of that face (printing/faces.py, the same drawing the sheets use)
rendered to WebP. Files live under MEDIA_ROOT/faces/<card id>/ named by the face key, which changes when
the card or the layout changes, so a URL can be cached for good and an edited card gets a new image.
"""

from __future__ import annotations

import io
import os
import tempfile
import threading
from pathlib import Path

from django.conf import settings
from reportlab.pdfgen.canvas import Canvas

from rules.declare import get_game

from .faces import draw_face, face_spec
from .fonts import register
from .sheets import MM, game_card_size, parse_size

SIZES = {"s": 240, "m": 640}  # width in pixels, as the uploaded images' thumbnails
# PDFium is not thread-safe, even across documents: every use in this process goes through this lock.
PDFIUM = threading.Lock()


def render_png(pdf: bytes, width_px: int, page: int = 0):
    """A page of a PDF as a PIL image `width_px` wide (PDFium, one call at a time)."""
    import pypdfium2 as pdfium

    with PDFIUM:
        document = pdfium.PdfDocument(pdf)
        try:
            sheet = document[page]
            return sheet.render(scale=width_px / sheet.get_width()).to_pil()
        finally:
            document.close()


def face_pdf(card: dict, game_slug: str) -> bytes:
    """One page the size of the game's card, holding its drawn face."""
    w, h = parse_size(game_card_size(game_slug))
    buffer = io.BytesIO()
    c = Canvas(buffer, pagesize=(w * MM, h * MM), invariant=1, initialFontName=register())
    draw_face(c, face_spec(card, get_game(game_slug)), w * MM, h * MM)
    c.showPage()
    c.save()
    return buffer.getvalue()


def face_path(card_id: int, key: str, size: str) -> Path:
    return Path(settings.MEDIA_ROOT) / "faces" / str(card_id) / f"{key}-{size}.webp"


def make_face(card, key: str, size: str) -> Path:
    """The cached face image of `card` (a Card) at `size`, drawn now if missing."""
    path = face_path(card.pk, key, size)
    if path.exists():
        return path
    image = render_png(face_pdf(card.to_data(), card.game_id), SIZES[size]).convert("RGB")
    write_whole(path, lambda out: image.save(out, "WEBP", quality=88, method=4))
    for old in path.parent.glob(f"*-{size}.webp"):  # earlier versions of this face
        if old.name != path.name:
            old.unlink(missing_ok=True)
    return path


def write_whole(path: Path, write) -> None:
    """Write a file whole or not at all: `write(file)` fills a temporary file beside it, which then replaces
    it, so a reader (another process serving it) never sees half a file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as out:
            write(out)
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise
