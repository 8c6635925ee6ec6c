"""Reads of the card database."""

import re

from django.db.models import Count, Q, QuerySet

from .models import Card, Game

_CONTROL = re.compile(r"[\x00-\x1f\x7f]")


def query_param(value: str | None, max_length: int = 200) -> str:
    """A search parameter as typed, without control characters (PostgreSQL refuses NUL), trimmed."""
    return _CONTROL.sub(" ", value or "").strip()[:max_length]


def game_list() -> QuerySet[Game]:
    return Game.objects.annotate(card_count=Count("cards")).order_by("order", "slug")


def card_list(*, game: Game | None = None, q: str = "", card_type: str = "") -> QuerySet[Card]:
    """A plain list; the full query language arrives with the search issue."""
    cards = Card.objects.select_related("game")
    if game is not None:
        cards = cards.filter(game=game)
    if card_type:
        cards = cards.filter(card_type=card_type)
    for word in q.split():
        cards = cards.filter(
            Q(name__icontains=word) | Q(reading__icontains=word) | Q(rules_text__icontains=word) | Q(number=word)
        )
    return cards.order_by("game__order", "name", "number", "id")


def card_reprints(card: Card) -> QuerySet[Card]:
    return Card.objects.filter(game_id=card.game_id, name=card.name).exclude(pk=card.pk).order_by("number")
