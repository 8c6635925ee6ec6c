from django.http import FileResponse, Http404
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.views.decorators.http import require_safe

from cards.models import Card

from . import raster
from .services import face_key


@require_safe
def card_face(request, pk, size, key):
    """The drawn face of a card as a WebP image (the print drawing), cached for good under its key."""
    card = get_object_or_404(Card, pk=pk)
    if size not in raster.SIZES:
        raise Http404
    current = face_key(card)
    if key != current:
        return redirect(reverse("card_face", args=[card.pk, size, current]))
    response = FileResponse(raster.make_face(card, current, size).open("rb"), content_type="image/webp")
    response["Cache-Control"] = "public, max-age=31536000, immutable"
    return response
