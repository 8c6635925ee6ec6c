"""Reads of the card database."""

import re
from functools import lru_cache

from django.db.models import Count, Exists, OuterRef, QuerySet

from rules.declare import GAMES, get_game

from .models import Card, Game
from .search import suggest
from .search.compiler import Compiled, compile_search
from .search.filters import combine, controls_for, filter_nodes
from .search.paging import SearchPage, cached_search, search_page
from .search.query import And, Cmp, Not, Or, Query, QueryError, Schema, parse

_CONTROL = re.compile(r"[\x00-\x1f\x7f]")


def query_param(value: str | None, max_length: int = 2000) -> str:
    """A search parameter as typed, without control characters (PostgreSQL refuses NUL), trimmed."""
    return _CONTROL.sub(" ", value or "").strip()[:max_length]


def game_list() -> QuerySet[Game]:
    return Game.objects.annotate(card_count=Count("cards")).order_by("order", "slug")


@lru_cache(maxsize=16)
def search_schema(slug: str | None) -> Schema:
    """The fields a query may name: one game's, or every game's on the all-games list."""
    return Schema.for_games([get_game(slug)] if slug else list(GAMES.values()))


def parse_query(q: str, game: Game | None = None) -> Query:
    """Raises cards.search.query.QueryError naming the position and the problem."""
    return parse(q, search_schema(game.slug if game else None))


# The fields that tell one printing of a name from another: a search naming one lists every printing it finds.
PRINTING_FIELDS = frozenset({"set", "number", "rarity"})
ONE, ALL = "one", "all"  # one card per name (its first printing), or every printing
PRINTINGS = (ONE, ALL)


def names_a_printing(node) -> bool:
    """Whether a query compares a field of the printing (set, number, rarity) anywhere in it."""
    if isinstance(node, Cmp):
        return node.spec.key in PRINTING_FIELDS
    if isinstance(node, Not):
        return names_a_printing(node.child)
    if isinstance(node, (And, Or)):
        return any(names_a_printing(c) for c in node.children)
    return False


def first_printings(cards: QuerySet) -> QuerySet:
    """Of the cards, those no card of the same game and name was stored before: one card per name (reprints
    share a name and its copy limit). The (game, name) index answers the test for each card."""
    earlier = Card.objects.filter(game_id=OuterRef("game_id"), name=OuterRef("name"), id__lt=OuterRef("id"))
    return cards.exclude(Exists(earlier))


def card_search(*, game: Game | None = None, q: str = "", filters=None, related: bool = True,
                printings: str = ALL) -> Compiled:
    """A search compiled but not run: see card_list and card_page. `related` joins each card's game.
    `printings` ONE: one card per name (its first printing), unless the query names a set, number or
    rarity (then it asks for printings)."""
    query = parse_query(q, game)
    if filters:
        definition = game.definition if game else None
        nodes = filter_nodes(controls_for(definition), filters, search_schema(game.slug if game else None))
        query.root = combine(query.root, nodes)
    cards = Card.objects.select_related("game") if related else Card.objects.all()
    if game is not None:
        cards = cards.filter(game=game)
    one = printings == ONE and not names_a_printing(query.root)
    if one:
        cards = first_printings(cards)
    compiled = compile_search(query, cards, game.slug if game else None)
    if one:
        compiled.count_match = None  # the word's index would count every printing
    return compiled


def printing_counts(cards) -> dict[tuple[str, str], int]:
    """(game, name) -> how many printings the database holds, for the cards of a page."""
    names = {(c["game_id"], c["name"]) if isinstance(c, dict) else (c.game_id, c.name) for c in cards}
    if not names:
        return {}
    rows = (Card.objects.filter(game_id__in={g for g, _ in names}, name__in={n for _, n in names})
            .values("game_id", "name").annotate(n=Count("id")))
    return {(r["game_id"], r["name"]): r["n"] for r in rows if (r["game_id"], r["name"]) in names}


def card_list(*, game: Game | None = None, q: str = "", filters=None) -> QuerySet[Card]:
    """The cards a search finds, ranked (exact name, prefix, reading, text) or in the order it asks for.

    `q` is the query language (cards.search.query); `filters` the list page's controls
    (a mapping of parameter -> value). Raises QueryError (or FilterError) for bad input.
    """
    return card_search(game=game, q=q, filters=filters).ranked()


# What a list shows of a card: its search copies (long texts) stay in the database.
LIST_COLUMNS = tuple(
    f.name for f in Card._meta.concrete_fields if not f.name.startswith("search_") and f.name != "sort_key"
)


def card_page(*, game: Game | None = None, q: str = "", filters=None, number: int = 1, size: int = 60,
              columns: tuple[str, ...] | None = None, values: bool = False, printings: str = ALL) -> SearchPage:
    """One page of a search, with its count up to cards.search.paging.COUNT_CAP ("1,000+" beyond), without
    counting or sorting every match (see cards.search.paging). Raises QueryError / FilterError for bad
    input, PageOutOfRange past the last page. `columns`: the card columns to read (without the game's
    row); by default every one a list shows, with the card's game. `values`: the cards as dicts of
    `columns` instead of Card instances."""
    related = columns is None
    slug = game.slug if game else None
    # The same search compiles to the same statements while the reads it plans by answer the same: kept
    # per process (cards.search.paging.cached_search). The filters as the controls read them (the last
    # value of a parameter).
    frozen = None if filters is None else tuple(sorted((k, filters.get(k)) for k in filters))
    compiled = cached_search((slug, q, frozen, related, printings),
                             lambda: card_search(game=game, q=q, filters=filters, related=related, printings=printings))
    if related:
        columns = LIST_COLUMNS + tuple("game__" + f.name for f in Game._meta.concrete_fields)
    return search_page(compiled, number, size, columns=columns, values=values)


def card_reprints(card: Card) -> QuerySet[Card]:
    return Card.objects.filter(game_id=card.game_id, name=card.name).exclude(pk=card.pk).order_by("number")


SHOWCASE_SCAN = 200  # cards of a game read to pick its showcase from


def showcase(game: Game, limit: int) -> list[Card]:
    """A few cards to show a game by: its key cards first (the group its declaration names), then its first
    cards in list order."""
    cards = list(Card.objects.filter(game=game).select_related("game").order_by("sort_key", "number", "id")[:SHOWCASE_SCAN])
    group = game.definition.key_cards
    picked = [c for c in cards if group is not None and group.picks(c.to_data())][:limit]
    chosen = {c.pk for c in picked}
    picked += [c for c in cards if c.pk not in chosen][: limit - len(picked)]
    return picked


def first_sample_decks() -> dict:
    """Each game's first bundled sample deck (public), by game slug: what the home page offers to goldfish
    and to print."""
    # The decks app builds on cards: this read goes through the relation it declares on Game (Game.decks),
    # so cards imports nothing above it. ("public": decks.models.Visibility.PUBLIC)
    decks = Game.decks.rel.related_model.objects.filter(sample=True, visibility="public").order_by("pk")
    first = {}
    for deck in decks:
        first.setdefault(deck.game_id, deck)
    return first
def records_examples(game_slug: str, key: str, limit: int = 4) -> list[tuple[str, list[dict]]]:
    """Cards of the game whose list field `key` (their effect steps) is filled: (name, records), for the
    admin's editor to show as examples."""
    out = []
    for name, attrs in Card.objects.filter(game_id=game_slug, attrs__has_key=key).order_by("sort_key", "id").values_list("name", "attrs")[:limit]:
        records = (attrs or {}).get(key)
        if isinstance(records, list) and records:
            out.append((name, records))
    return out


SUGGESTIONS = 3  # "did you mean" searches offered at most


def query_suggestions(game: Game | None, q: str, filters=None, printings: str = ALL) -> list[tuple[str, int]]:
    """For a search that found nothing or could not be read: the searches it likely meant, each with how many
    cards it finds (those that find some, most first): a field's value that is a value of another field
    (`s:春`, s being the set: season:春), or a field name that is a near miss of one (`seasn:春`)."""
    schema = search_schema(game.slug if game else None)
    out: dict[str, int] = {}
    for candidate in suggest.candidates(q, schema):
        if candidate in out or len(out) >= SUGGESTIONS * 2:
            continue
        try:
            count = card_page(game=game, q=candidate, filters=filters, number=1, size=1, printings=printings).count
        except QueryError:
            continue
        if count:
            out[candidate] = count
    return sorted(out.items(), key=lambda item: -item[1])[:SUGGESTIONS]
