from django import template

from cards import faces

register = template.Library()


@register.filter
def face_url(card, size="m") -> str:
    """The URL of the card's drawn face image (the same drawing the print-and-play PDFs use)."""
    return faces.face_url(card, size)


@register.filter
def face_src(card, size="s") -> str:
    """What a card grid or a preview shows of a card: its uploaded image, else its drawn face.

    `size` is "s" (240 px wide, for grids) or "m" (640 px wide, for a large preview).
    """
    return faces.face_src(card, size)
