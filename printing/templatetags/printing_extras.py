from django import template
from django.urls import reverse

from printing.services import face_key

register = template.Library()


@register.filter
def face_url(card, size="m") -> str:
    """The URL of the card's drawn face image (the same drawing the print-and-play PDFs use)."""
    return reverse("card_face", args=[card.pk, size, face_key(card)])


@register.filter
def face_src(card, size="s") -> str:
    """What a card grid or a preview shows of a card: its uploaded image, else its drawn face.

    `size` is "s" (240 px wide, for grids) or "m" (640 px wide, for a large preview).
    """
    return card.thumb_url(size) or face_url(card, size)
