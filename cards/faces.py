"""Where a card's face images are: its uploaded image, else its drawn face (`/cards/<id>/face/<size>/<key>.webp`).

The drawing itself is printing's (printing/faces.py draws it, printing.views serves it); every app names a card's
face through here, so decks and the home page show faces without importing printing. FACE_DRAWING_VERSION is
the drawing's version: printing bumps it when the drawing changes, and every cached face is keyed by it.
"""

from __future__ import annotations

from functools import lru_cache

from django.urls import get_script_prefix, reverse

FACE_DRAWING_VERSION = 5  # bump when printing/faces.py draws differently: cached face images are keyed by it

# What to do when cards' faces change (created, edited, imported): printing registers the drawing of their
# faces ahead of time in the background (printing.services.queue_face_drawing), so the first look at a card
# finds its face drawn instead of waiting a second or two for it. A list of callables taking card ids.
_face_listeners: list = []


def face_key(card) -> str:
    """Changes whenever what the face shows changes (its data, its image, the drawing)."""
    stamp = card.updated_at.strftime("%Y%m%d%H%M%S%f") if card.updated_at else "0"
    return f"{card.pk}-{stamp}-{FACE_DRAWING_VERSION}"


_PK, _SIZE, _KEY = 918273645546372819, "size-0c7e", "key-0c7e"  # stand-ins no real URL holds


@lru_cache(maxsize=16)
def _face_url_template(script_prefix: str) -> str:
    """The card_face URL with stand-ins for its parts, reversed once per script prefix (the URL is not
    translated: config/urls.py has it outside i18n_patterns): a page or an answer names the faces of every
    card it lists (two each), and a reverse() costs twice the rest of face_url."""
    return reverse("card_face", args=[_PK, _SIZE, _KEY])


def face_url(card, size: str = "m") -> str:
    """The URL of the card's drawn face image (the same drawing the print-and-play PDFs use)."""
    if size not in ("s", "m"):  # the template holds only sizes that need no quoting in a URL
        return reverse("card_face", args=[card.pk, size, face_key(card)])
    template = _face_url_template(get_script_prefix())
    return template.replace(str(_PK), str(int(card.pk))).replace(_SIZE, size).replace(_KEY, face_key(card))


def face_src(card, size: str = "s") -> str:
    """What a grid or a preview shows of a card: its uploaded image, else its drawn face ("s" 240 px wide,
    "m" 640 px)."""
    return card.thumb_url(size) or face_url(card, size)


def when_faces_change(listener):
    """Register `listener(card_ids)`, called by `faces_changed` (printing registers itself in its ready())."""
    if listener not in _face_listeners:
        _face_listeners.append(listener)
    return listener


def faces_changed(card_ids) -> None:
    """The faces of these cards (ids) changed or are new: whoever draws faces may draw them now. Called by
    whatever writes cards (a Card saved, an import written)."""
    ids = sorted({int(pk) for pk in card_ids if pk is not None})
    if ids:
        for listener in list(_face_listeners):
            listener(ids)
