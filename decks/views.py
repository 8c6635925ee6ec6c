"""Deck pages: thin views that fetch with a permission check first and write through services."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from cards.models import Game
from cards.permissions import can_edit_game
from cards.search.paging import requested_page

from . import selectors, services
from .forms import CheckForm, DeckForm, DecklistForm, DeckSettingsForm, PoolForm, RegulationDraftForm, SignupForm
from .models import Visibility
from .presenters import (
    deck_view,
    draft_changes,
    draft_errors,
    history_view,
    pool_view,
    sample_hand_view,
    validation_payload,
    what_if_view,
)

PAGE_SIZE = 30
SHOWN_ERRORS = 50  # a draft's unreadable lines shown at once


def _lang() -> str:
    return get_language() or "ja"


# -- lists ---------------------------------------------------------------------------------


@require_safe
def deck_list(request):
    game = Game.objects.filter(slug=request.GET.get("game")).first()
    decks = selectors.public_decks(game.slug if game else None)
    page = Paginator(decks, PAGE_SIZE).get_page(requested_page(request.GET.get("page"), PAGE_SIZE))
    mine = selectors.user_decks(request.user)[:100] if request.user.is_authenticated else []
    return render(
        request,
        "decks/deck_list.html",
        {"page": page, "mine": mine, "game": game, "games": Game.objects.all(), "pools": selectors.pool_queryset().filter(visibility=Visibility.PUBLIC)[:20]},
    )


# -- one deck ---------------------------------------------------------------------------------


def _hand_context(request, deck, shared, data=None, cards=None) -> dict:
    page = reverse("deck_shared", args=[deck.share_token]) if shared else reverse("deck_detail", args=[deck.pk])
    hand = sample_hand_view(deck, request.GET, data, cards)
    if hand["seed"] is not None:
        query = f"hand={hand['seed']}" + "".join(f"&back={p}" for p in hand.get("back", []))
        hand["link"] = request.build_absolute_uri(f"{page}?{query}#sample-hand")
    return {
        "hand": hand,
        "hand_page": page,
        "hand_url": reverse("deck_shared_hand", args=[deck.share_token]) if shared else reverse("deck_hand", args=[deck.pk]),
    }


def _render_deck(request, deck, shared=False):
    view = deck_view(deck, request.GET)
    is_owner = request.user.is_authenticated and deck.owner_id == request.user.pk
    export_text = services.deck_export_text(deck, _lang(), data=view["data"])
    export_post = services.deck_export_text(deck, _lang(), data=view["data"], style="post")
    return render(
        request,
        "decks/deck_detail.html",
        {
            "deck": deck,
            "view": view,
            "is_owner": is_owner,
            "shared": shared,
            "export_text": export_text,
            "export_post": export_post,
            "share_url": request.build_absolute_uri(reverse("deck_shared", args=[deck.share_token])) if is_owner else "",
            "game": deck.game,
            **_hand_context(request, deck, shared, view["data"], view["cards"]),
        },
    )


@require_safe
def deck_hand(request, pk):
    """The sample opening hand alone (`?hand=<seed>&back=<position>…`), for the deck page's script."""
    deck = selectors.visible_deck(request.user, pk)
    return _hand_fragment(request, deck, False)


@require_safe
def deck_shared_hand(request, token):
    deck = selectors.shared_deck(token)
    return _hand_fragment(request, deck, True)


def _hand_fragment(request, deck, shared: bool):
    """The fragment for the page's script; a person who opens its address (a pasted link) gets the deck page
    with that hand instead of an unstyled piece of a page."""
    if request.headers.get("Sec-Fetch-Mode") == "navigate":
        page = reverse("deck_shared", args=[deck.share_token]) if shared else deck.get_absolute_url()
        query = request.GET.urlencode()
        return redirect(f"{page}?{query}#sample-hand" if query else f"{page}#sample-hand")
    return render(request, "decks/_sample_hand.html", _hand_context(request, deck, shared))


@require_safe
def deck_detail(request, pk):
    deck = selectors.visible_deck(request.user, pk)
    return _render_deck(request, deck)


@require_safe
def deck_shared(request, token):
    deck = selectors.shared_deck(token)
    return _render_deck(request, deck, shared=True)


@require_safe
def deck_export(request, pk):
    deck = selectors.visible_deck(request.user, pk)
    return _export(request, deck)


@require_safe
def deck_shared_export(request, token):
    return _export(request, selectors.shared_deck(token))


# Direct downloads and costly forms are counted per address by the site's ThrottleMiddleware (config).
deck_export.throttle_scope = deck_shared_export.throttle_scope = "download"


def _export(request, deck):
    lang = request.GET.get("lang") or _lang()
    style = "post" if request.GET.get("style") == "post" else "plain"
    text = services.deck_export_text(deck, "en" if lang.startswith("en") else "ja", style=style)
    response = HttpResponse(text, content_type="text/plain; charset=utf-8")
    if request.GET.get("download"):
        response["Content-Disposition"] = f'attachment; filename="deck-{deck.pk}.txt"'
    return response


@require_safe
def deck_stats(request, pk):
    """The statistics panel alone, for the editor to redraw after a change (and the odds form's target)."""
    deck = selectors.visible_deck(request.user, pk)
    view = deck_view(deck, request.GET)
    return render(request, "decks/_stats.html", {"stats": view["statistics"], "odds_action": reverse("deck_edit", args=[deck.pk])})


@require_safe
def deck_history(request, pk):
    """Each revision collapsed to its summary (open it for the diff by section), and two revisions compared
    (`?from=&to=`)."""
    deck = selectors.visible_deck(request.user, pk)
    is_owner = request.user.is_authenticated and deck.owner_id == request.user.pk
    return render(
        request,
        "decks/deck_history.html",
        {"deck": deck, "history": history_view(deck, request.GET), "is_owner": is_owner, "game": deck.game},
    )


@require_POST
def deck_restore(request, pk, number):
    deck = selectors.owned_deck(request.user, pk)
    try:
        restored = services.deck_restore(deck=deck, user=request.user, number=number)
        messages.success(request, _("Revision %(number)s restored.") % {"number": number})
        if restored.left_out:
            messages.warning(
                request,
                _("These cards could not come back (deleted since, or their section is gone): %(names)s")
                % {"names": ", ".join(restored.left_out)},
            )
    except services.DeckInputError as exc:
        messages.error(request, str(exc))
    return redirect("deck_edit", pk=deck.pk)


@require_POST
def deck_copy(request, pk=None, token=None):
    deck = selectors.shared_deck(token) if token else selectors.visible_deck(request.user, pk)
    if not request.user.is_authenticated:
        return redirect(f"{reverse('login')}?next={deck.get_absolute_url()}")
    copy = services.deck_copy(deck=deck, user=request.user)
    messages.success(request, _("Copied into your decks."))
    return redirect("deck_edit", pk=copy.pk)


@login_required
@require_POST
def deck_swap(request, pk):
    """「デッキに反映」 on a card report's swap: the owner's deck gets the swap as a new revision, if it is
    still the revision the report played."""
    deck = selectors.owned_deck(request.user, pk)
    back = request.POST.get("next") or ""
    if not url_has_allowed_host_and_scheme(back, {request.get_host()}, request.is_secure()):
        back = reverse("deck_detail", args=[deck.pk])
    try:
        revision = int(request.POST.get("revision") or "")
    except ValueError:
        revision = None
    try:
        services.deck_swap_card(deck=deck, user=request.user, old_card=request.POST.get("swap_old"),
                                new_card=request.POST.get("swap_new"), expected_revision=revision)
    except services.DeckInputError as exc:
        messages.error(request, str(exc))
        return redirect(back)
    except services.DeckConflict:
        messages.error(request, _("The deck was changed after this report was played; nothing was swapped. Start a new report of the deck as it is now."))
        return redirect(back)
    deck.refresh_from_db()
    messages.success(request, _("The swap is in the deck (revision %(number)s).") % {"number": deck.revision})
    return redirect("deck_edit", pk=deck.pk)


@login_required
@require_POST
def deck_share_link(request, pk):
    """A new sharing link (「新しいリンクを作る」): the owner's only; the old link stops working."""
    deck = selectors.owned_deck(request.user, pk)
    services.share_link_renew(item=deck, user=request.user)
    messages.success(request, _("A new link was made: the old one no longer opens this deck."))
    return redirect("deck_detail", pk=deck.pk)


@login_required
@require_POST
def pool_share_link(request, pk):
    pool = selectors.owned_pool(request.user, pk)
    services.share_link_renew(item=pool, user=request.user)
    messages.success(request, _("A new link was made: the old one no longer opens this pool."))
    return redirect("pool_detail", pk=pool.pk)


@login_required
@require_http_methods(["GET", "POST"])
def deck_delete(request, pk):
    deck = selectors.owned_deck(request.user, pk)
    if request.method == "POST":
        services.deck_delete(deck=deck, user=request.user)
        messages.success(request, _("Deck deleted."))
        return redirect("deck_list")
    return render(request, "decks/deck_confirm_delete.html", {"deck": deck, "game": deck.game})


@login_required
@require_http_methods(["GET", "POST"])
def deck_new(request):
    game_slug = request.GET.get("game") or None
    form = DeckForm(request.POST or None, game_slug=None, initial=_initial_format(game_slug))
    line_errors = []
    if request.method == "POST" and form.is_valid():
        d = form.cleaned_data
        regulation = d["regulation"]
        try:
            sections = None
            reading = None
            if d["decklist"].strip():
                reading = services.decklist_reading_strict(regulation.game_id, regulation, d["decklist"])
                sections = reading.sections
            name = d["name"].strip() or (reading.title if reading else "") or ""  # a share link's title names it
            if not name:
                raise services.DeckInputError([_("Enter a name (this decklist has no title to name the deck after).")])
            deck = services.deck_create(
                owner=request.user,
                game=regulation.game_id,
                regulation=regulation,
                name=name,
                description=d["description"],
                visibility=d["visibility"],
                sections=sections,
            )
        except services.DeckInputError as exc:
            line_errors = exc.lines
            if not exc.lines:
                form.add_error(None, str(exc))
        else:
            if reading is not None:
                _show_reading(request, reading)
            return redirect("deck_edit", pk=deck.pk)
    status = 400 if request.method == "POST" else 200
    return render(request, "decks/deck_form.html", {"form": form, "line_errors": line_errors}, status=status)


def _show_reading(request, reading) -> None:
    """What the reader noticed in a list that was saved: each warning as a message (notes stay quiet)."""
    for warning in reading.warnings:  # about the list as read: the editor clears them once the deck is legal
        messages.warning(request, warning["message"], extra_tags="deck-reading")


def _initial_format(game_slug):
    regulation = selectors.regulation_for(game_slug) if game_slug else None
    return {"regulation": regulation.pk} if regulation else {}


@login_required
@require_http_methods(["GET", "POST"])
def deck_edit(request, pk):
    deck = selectors.owned_deck(request.user, pk)
    settings_form = DeckSettingsForm(
        request.POST if request.POST.get("action") == "settings" else None,
        game_slug=deck.game_id,
        initial={
            "name": deck.name,
            "description": deck.description,
            "visibility": deck.visibility,
            "regulation": deck.regulation_id,
            "revision": deck.revision,
        },
    )
    import_form = DecklistForm(
        request.POST if request.POST.get("action") == "import" else None,
        initial={"revision": deck.revision},  # the list itself is filled in below, once the deck is loaded
    )
    line_errors, status = [], 200
    if request.method == "POST":
        try:
            if request.POST.get("action") == "settings" and settings_form.is_valid():
                d = settings_form.cleaned_data
                services.deck_update(
                    deck=deck,
                    user=request.user,
                    name=d["name"],
                    description=d["description"],
                    visibility=d["visibility"],
                    regulation=d["regulation"],
                    expected_revision=d.get("revision"),
                )
                messages.success(request, _("Saved."))
                return redirect("deck_edit", pk=deck.pk)
            if request.POST.get("action") == "import" and import_form.is_valid():
                reading = services.deck_import_text(
                    deck=deck,
                    user=request.user,
                    text=import_form.cleaned_data["decklist"],
                    expected_revision=import_form.cleaned_data.get("revision"),
                )
                messages.success(request, _("Decklist imported."))
                _show_reading(request, reading)
                return redirect("deck_edit", pk=deck.pk)
            status = 400
        except services.DeckInputError as exc:
            line_errors, status = exc.lines, 400
            if not exc.lines:
                messages.error(request, str(exc))
        except services.DeckConflict:
            # The form keeps what was typed; the page below shows the deck as it is now.
            messages.error(request, _("This deck was changed elsewhere. Your change was not saved; here is the current deck."))
            status = 409
            deck.refresh_from_db()
    view = deck_view(deck, request.GET)
    import_form.initial["decklist"] = services.deck_export_text(deck, _lang(), data=view["data"])
    return render(
        request,
        "decks/deck_edit.html",
        {
            "deck": deck,
            "view": view,
            "settings_form": settings_form,
            "import_form": import_form,
            "line_errors": line_errors,
            "game": deck.game,
            "share_url": request.build_absolute_uri(reverse("deck_shared", args=[deck.share_token])),
            "section_rules": deck.regulation.to_rules().sections,
            "card_types": [{"code": t.code, "label": t.label(_lang())} for t in deck.game.definition.card_types],
        },
        status=status,
    )


# -- validate without an account ------------------------------------------------------------


@require_http_methods(["GET", "POST"])
def deck_check(request):
    """Check a pasted decklist: the deck is checked with every line that could be read; the lines that
    could not be read, and what the reader noticed, are listed above the result with their line numbers."""
    form = CheckForm(request.POST or None, initial=_initial_format(request.GET.get("game")))
    result, reading, status, odds_hidden = None, None, 200, []
    if request.method == "POST":
        if form.is_valid():
            regulation = form.cleaned_data["regulation"]
            reading = services.read_decklist(regulation.game_id, regulation, form.cleaned_data["decklist"])
            result = validation_payload(regulation.game_id, regulation, reading.sections, params=request.POST)
            # The odds form posts the list again with its choices, so the result stays on the page.
            odds_hidden = [("regulation", regulation.pk), ("decklist", form.cleaned_data["decklist"])]
        else:
            status = 400
    return render(
        request,
        "decks/deck_check.html",
        {"form": form, "result": result, "reading": reading, "odds_hidden": odds_hidden},
        status=status,
    )


deck_check.throttle_scope = "check"  # counted when posted, with the validate API


# -- pools ---------------------------------------------------------------------------------------


def _render_pool(request, pool):
    is_owner = request.user.is_authenticated and pool.owner_id == request.user.pk
    share_url = request.build_absolute_uri(reverse("pool_shared", args=[pool.share_token])) if is_owner else ""
    return render(request, "decks/pool_detail.html",
                  {"pool": pool, "view": pool_view(pool), "is_owner": is_owner, "game": pool.game, "share_url": share_url})


@require_safe
def pool_detail(request, pk):
    return _render_pool(request, selectors.visible_pool(request.user, pk))


@require_safe
def pool_shared(request, token):
    return _render_pool(request, selectors.shared_pool(token))


@login_required
@require_http_methods(["GET", "POST"])
def pool_edit(request, pk=None):
    pool = selectors.owned_pool(request.user, pk) if pk else None
    initial = (
        {
            "name": pool.name,
            "description": pool.description,
            "visibility": pool.visibility,
            "regulation": pool.regulation_id,
            "decks": list(pool.entries.values_list("deck_id", flat=True)),
        }
        if pool
        else _initial_format(selectors.pool_game())
    )
    form = PoolForm(request.POST or None, user=request.user, initial=initial)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            d = form.cleaned_data
            try:
                pool = services.pool_save(
                    user=request.user,
                    pool=pool,
                    name=d["name"],
                    description=d["description"],
                    visibility=d["visibility"],
                    regulation=d["regulation"],
                    deck_ids=d["decks"],
                )
                return redirect(pool.get_absolute_url() if pool.visibility != Visibility.UNLISTED else reverse("pool_detail", args=[pool.pk]))
            except services.DeckInputError as exc:
                form.add_error(None, str(exc))
        status = 400
    return render(request, "decks/pool_form.html", {"form": form, "pool": pool}, status=status)


@login_required
@require_POST
def pool_delete(request, pk):
    pool = selectors.owned_pool(request.user, pk)
    services.pool_delete(pool=pool, user=request.user)
    messages.success(request, _("Pool deleted."))
    return redirect("deck_list")


# -- accounts --------------------------------------------------------------------------------------


@require_http_methods(["GET", "POST"])
def signup(request):
    if request.user.is_authenticated:
        return redirect("deck_list")
    form = SignupForm(request.POST or None)
    next_url = request.POST.get("next") or request.GET.get("next") or ""
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        messages.success(request, _("Welcome! Your account is ready."))
        if next_url and url_has_allowed_host_and_scheme(next_url, {request.get_host()}, request.is_secure()):
            return redirect(next_url)
        return redirect("deck_list")
    return render(request, "registration/signup.html", {"form": form, "next": next_url}, status=400 if form.errors else 200)


signup.throttle_scope = "signup"  # accounts made per address (config/throttles.py)


@login_required
@require_http_methods(["GET", "POST"])
def account(request):
    from rest_framework.authtoken.models import Token

    if request.method == "POST":
        token = services.account_new_token(user=request.user)
        messages.success(request, _("A new API token was made; the old one no longer works."))
        return render(request, "registration/account.html", {"token": token.key})
    return render(request, "registration/account.html", {"has_token": Token.objects.filter(user=request.user).exists()})


# -- a draft restricted list (the game's editors) -----------------------------------------------------


@login_required
@require_http_methods(["GET", "POST"])
def regulation_draft(request, slug):
    """A game's editors type a draft restricted list, starting from one of the game's regulations, and see
    which public decks of that regulation it makes illegal and by which cards. Nothing is saved."""
    if not can_edit_game(request.user, slug):  # permission first: anyone else learns nothing of the game
        return render(request, "decks/regulation_draft_refused.html", status=403)
    game = get_object_or_404(Game, slug=slug)
    context = {"game": game, "regulations": list(selectors.regulations_for(slug))}
    if request.method == "POST":
        form = RegulationDraftForm(request.POST, game_slug=slug)
        if form.is_valid():
            regulation = form.cleaned_data["regulation"]
            reading = selectors.read_regulation_draft(regulation, form.cleaned_data["limits"])
            context["regulation"] = regulation
            if reading.errors:
                errors = draft_errors(reading)
                context["errors"], context["errors_more"] = errors[:SHOWN_ERRORS], max(0, len(errors) - SHOWN_ERRORS)
            else:
                context["changes"] = draft_changes(regulation, reading)
                context["result"] = what_if_view(regulation, reading)
    else:
        regulation = selectors.regulation_for(slug, request.GET.get("regulation"))
        initial = {"regulation": regulation.pk, "limits": selectors.regulation_limits_text(regulation)} if regulation else {}
        form = RegulationDraftForm(initial=initial, game_slug=slug)
        context["regulation"] = regulation
    context["form"] = form
    return render(request, "decks/regulation_draft.html", context)
