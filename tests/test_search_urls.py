"""config/urls.py lists the API's routes first (an API request is resolved without trying the site's
patterns): that order must resolve every path as the site-first order did."""

import re

from django.urls import get_resolver, resolve
from django.urls.resolvers import URLResolver


def _routes(patterns, prefix=""):
    for pattern in patterns:
        route = prefix + str(pattern.pattern)
        if isinstance(pattern, URLResolver):
            yield from _routes(pattern.url_patterns, route)
        else:
            yield route, pattern


def test_no_site_route_can_match_a_path_under_api():
    """Every route outside api/ starts with its own literal segment (not a converter, not "api"), or is the
    home page's empty path: none can match a path under api/, so moving api/ first changes no resolution."""
    seen = 0
    for route, _pattern in _routes(get_resolver().url_patterns):
        if route.startswith("api/"):
            continue
        seen += 1
        if route == "":
            continue
        head = re.match(r"[^<]*", route).group(0)
        assert head and "/" in head, route  # a literal first segment
        assert not head.startswith("api/") and not "api/".startswith(head), route
    assert seen > 50


def test_the_api_routes_come_first_and_resolve_to_the_api():
    patterns = get_resolver().url_patterns
    first = [str(p.pattern) for p in patterns[:5]]
    assert first == ["api/schema/", "api/docs/", "api/", "api/", "api/"]
    assert resolve("/api/cards/").url_name == "api-card-list"
    assert resolve("/api/cards/1/").url_name == "api-card-detail"
    assert resolve("/api/games/").url_name == "api-game-list"
    assert resolve("/api/schema/").url_name == "api-schema"
    assert resolve("/api/docs/").url_name == "api-docs"
    assert resolve("/api/decks/").url_name == "api-deck-list"
    assert resolve("/api/goldfish/").url_name.startswith("api-goldfish")


def test_site_pages_resolve_as_before():
    assert resolve("/").url_name == "home"
    assert resolve("/cards/").url_name == "card_list"
    assert resolve("/cards/3/").url_name == "card_detail"
    assert resolve("/games/kannagi/cards/").url_name == "game_cards"
    assert resolve("/decks/").url_name == "deck_list"
    assert resolve("/search/help/").url_name == "search_help"
