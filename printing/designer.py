"""The live card designer: a game's editors edit a card's fields and see its face redrawn as they type.

The form is the admin's (cards.forms.card_form_for: the game's declared fields and the admin's validation,
never a second validator), without the image upload and with the game fixed. The face is the print drawing
(printing/faces.py through raster.face_pdf, the same code as the PDFs and the saved cards' face images),
drawn from the form's values before anything is saved. Saving writes the card through
cards.services.card_save, which checks ownership again on the write.

Permission comes first on every view: a visitor without an account is sent to sign in, anyone who does not
edit the game (or the card's game) gets 403 before the form is read.
"""

from __future__ import annotations

import io

from django import forms
from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError
from django.http import HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from cards.faces import face_url
from cards.forms import PREFIX, RecordsField, card_form_for
from cards.models import Card, Game
from cards.permissions import can_edit_game
from cards.selectors import records_examples
from cards.services import card_save

from . import raster
from .sheets import game_card_size, parse_size

PREVIEW_SIZE = "m"  # 640 px wide: sharp at 320 CSS px on a phone's 2x screen
NOT_DESIGNED = ("image",)  # the uploaded image stays the admin's (the designer draws the face)


def _editor_check(request, slug: str):
    """None when the user edits the game; else the answer to give (sign in, or 403)."""
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    if not can_edit_game(request.user, slug):
        raise PermissionDenied
    return None


def designer_form(game: Game, card: Card | None = None, data=None, examples: bool = False):
    """The admin's card form for `game`, bound to `data` when given, the game fixed to `game`."""
    definition = game.definition
    form_class = card_form_for(definition, get_language() or "ja")
    if data is not None:
        data = data.copy()
        data["game"] = game.slug  # the game is the page's, whatever is posted
    initial = {"game": game.slug}
    if card is None:
        initial["card_type"] = definition.card_types[0].code if definition.card_types else ""
        own_set = (
            Card.objects.filter(game=game).exclude(set_name="").order_by("-updated_at").values_list("set_name", flat=True).first()
        )
        initial["set_name"] = own_set or ""
    form = form_class(data, instance=card, initial=initial)
    for name in NOT_DESIGNED:
        form.fields.pop(name, None)
    form.fields["game"].queryset = Game.objects.filter(slug=game.slug)
    form.fields["game"].widget = forms.HiddenInput()
    if examples:
        for name, field in form.fields.items():
            if isinstance(field, RecordsField):  # the steps other cards of the game carry, as the admin shows
                field.widget.examples = records_examples(game.slug, name.removeprefix(PREFIX))
    return form


def _errors(form) -> dict[str, list[str]]:
    """The form's errors by field name ("__all__" for the card as a whole), as the admin words them."""
    return {name: [str(m) for m in errors] for name, errors in form.errors.items()}


def _face_bytes(form) -> bytes:
    """The face of the form's cleaned card as WebP (the print drawing, rasterised)."""
    game = form.game_def
    image = raster.render_png(raster.face_pdf(form.card_data, game.slug), raster.SIZES[PREVIEW_SIZE]).convert("RGB")
    out = io.BytesIO()
    image.save(out, "WEBP", quality=85, method=0)
    return out.getvalue()


def _preview(request, game: Game, card: Card | None):
    form = designer_form(game, card, request.POST)
    if not form.is_valid():
        return JsonResponse({"errors": _errors(form)}, status=400, json_dumps_params={"ensure_ascii": False})
    response = HttpResponse(_face_bytes(form), content_type="image/webp")
    response["Cache-Control"] = "private, no-store"
    return response


def _page(request, game: Game, card: Card | None):
    status = 200
    if request.method == "POST":
        form = designer_form(game, card, request.POST, examples=True)
        if form.is_valid():
            try:
                saved = card_save(user=request.user, card=form.instance)
            except ValidationError as exc:  # the registry's check on the write (the form ran the same one)
                form.add_error(None, exc)
            except IntegrityError:  # another editor took the number or the name meanwhile
                form.add_error(None, _("Another card of this game already has this number (or this name without a number)."))
            else:
                messages.success(request, _("Saved the card “%(name)s”.") % {"name": saved.name})
                return redirect("card_designer", pk=saved.pk)
        status = 400
    else:
        form = designer_form(game, card, examples=True)
    urls = {
        "preview": reverse("card_designer_preview", args=[card.pk]) if card else reverse("game_designer_preview", args=[game.slug]),
        "face": face_url(card, PREVIEW_SIZE) if card else "",
    }
    width, height = parse_size(game_card_size(game.slug))
    context = {"game": game, "card": card, "form": form, "urls": urls, "face_height": round(320 * height / width)}
    return render(request, "printing/designer.html", context, status=status)


@require_http_methods(["GET", "HEAD", "POST"])
def game_designer(request, slug):
    """A new card of the game, designed from scratch."""
    refused = _editor_check(request, slug)
    if refused:
        return refused
    return _page(request, get_object_or_404(Game, slug=slug), None)


@require_http_methods(["GET", "HEAD", "POST"])
def card_designer(request, pk):
    """An existing card, its fields and its face."""
    card = get_object_or_404(Card.objects.select_related("game"), pk=pk)
    refused = _editor_check(request, card.game_id)
    if refused:
        return refused
    return _page(request, card.game, card)


@require_POST
def game_designer_preview(request, slug):
    """The face of a new card from the posted (unsaved) values: WebP, or 400 with the fields' errors."""
    refused = _editor_check(request, slug)
    if refused:
        return refused
    return _preview(request, get_object_or_404(Game, slug=slug), None)


@require_POST
def card_designer_preview(request, pk):
    """The face of an existing card with the posted (unsaved) values: WebP, or 400 with the fields' errors."""
    card = get_object_or_404(Card.objects.select_related("game"), pk=pk)
    refused = _editor_check(request, card.game_id)
    if refused:
        return refused
    return _preview(request, card.game, card)
