from django import template
from django.urls import reverse

from printing.services import face_key

register = template.Library()


@register.filter
def face_url(card, size="m") -> str:
    """The URL of the card's drawn face image (the same drawing the print-and-play PDFs use)."""
    return reverse("card_face", args=[card.pk, size, face_key(card)])
