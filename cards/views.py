from django.core.paginator import Paginator
from django.shortcuts import get_object_or_404, render
from django.utils.translation import get_language

from . import selectors
from .models import Card, Game
from .permissions import can_edit_game

PAGE_SIZE = 60


def home(request):
    return render(request, "cards/home.html", {"games": selectors.game_list()})


def game_detail(request, slug):
    game = get_object_or_404(Game, slug=slug)
    definition = game.definition
    lang = get_language() or "ja"
    context = {
        "game": game,
        "definition": definition,
        "summary": definition.summary(lang),
        "summary_ja": definition.summary_ja,
        "summary_en": definition.summary_en,
        "card_types": [(t.code, t.label(lang), game.cards.filter(card_type=t.code).count()) for t in definition.card_types],
        "card_count": game.cards.count(),
        "sample_count": game.cards.filter(sample=True).count(),
    }
    return render(request, "cards/game_detail.html", context)


def card_list(request, slug=None):
    game = get_object_or_404(Game, slug=slug) if slug else None
    q = selectors.query_param(request.GET.get("q"))
    card_type = selectors.query_param(request.GET.get("type"), 40) if game else ""
    cards = selectors.card_list(game=game, q=q, card_type=card_type)
    page = Paginator(cards, PAGE_SIZE).get_page(request.GET.get("page"))
    lang = get_language() or "ja"
    list_fields = [game.definition.field(k).label(lang) for k in game.definition.list_fields] if game else []
    context = {
        "game": game,
        "q": q,
        "card_type": card_type,
        "card_types": [(t.code, t.label(lang)) for t in game.definition.card_types] if game else [],
        "page": page,
        "total": page.paginator.count,
        "list_fields": list_fields,
    }
    return render(request, "cards/card_list.html", context)


def card_detail(request, pk):
    card = get_object_or_404(Card.objects.select_related("game"), pk=pk)
    context = {
        "card": card,
        "game": card.game,
        "rows": card.field_rows(),
        "reprints": selectors.card_reprints(card),
        "can_edit": can_edit_game(request.user, card.game_id),
    }
    return render(request, "cards/card_detail.html", context)
