"""Where a card's face images are: its uploaded image, else its drawn face (`/cards/<id>/face/<size>/<key>.webp`).

The drawing itself is printing's (printing/faces.py draws it, printing.views serves it); every app names a card's
face through here, so decks and the home page show faces without importing printing. FACE_DRAWING_VERSION is
the drawing's version: printing bumps it when the drawing changes, and every cached face is keyed by it.
"""

from __future__ import annotations

from django.urls import reverse

FACE_DRAWING_VERSION = 4  # bump when printing/faces.py draws differently: cached face images are keyed by it


def face_key(card) -> str:
    """Changes whenever what the face shows changes (its data, its image, the drawing)."""
    stamp = card.updated_at.strftime("%Y%m%d%H%M%S%f") if card.updated_at else "0"
    return f"{card.pk}-{stamp}-{FACE_DRAWING_VERSION}"


def face_url(card, size: str = "m") -> str:
    """The URL of the card's drawn face image (the same drawing the print-and-play PDFs use)."""
    return reverse("card_face", args=[card.pk, size, face_key(card)])


def face_src(card, size: str = "s") -> str:
    """What a grid or a preview shows of a card: its uploaded image, else its drawn face ("s" 240 px wide,
    "m" 640 px)."""
    return card.thumb_url(size) or face_url(card, size)
