"""Browsing (issue 35): the query and the filters as one state, "did you mean", one card per name with its
printings, the fan list's marks and the site's words, on the pages and the API."""

from urllib.parse import parse_qs, urlparse

import pytest
from django.urls import reverse

from cards.models import Card
from cards.search.filters import controls_for
from cards.search.state import resolve
from cards.selectors import search_schema
from rules.declare import GAMES, get_game

LIST = "/games/kannagi/cards/"


@pytest.fixture
def reprinted(kannagi):
    """One name in two printings (as the fan list has 火の玉 285 and 2822), and two plain cards."""
    common = {"game": kannagi, "card_type": "怪異札", "cost": 2, "attrs": {"season": ["無"]}}
    first = Card.objects.create(name="火の玉", number="285", set_name="百鬼夜行", rarity="C", **common)
    second = Card.objects.create(name="火の玉", number="2822", set_name="鬼の棲む山", rarity="C", **common)
    Card.objects.create(game=kannagi, name="春の社", card_type="場所札", cost=0, number="1",
                        attrs={"season": ["春"], "power": 1})
    Card.objects.create(game=kannagi, name="夏の社", card_type="場所札", cost=1, number="2", set_name="夏",
                        attrs={"season": ["夏"], "power": 1})
    return first, second


def state(q, sent=None, shown=None, from_query=frozenset()):
    game = get_game("kannagi")
    return resolve(q, controls_for(game), search_schema("kannagi"), sent or {}, shown, set(from_query))


# -- one state ---------------------------------------------------------------------------------------------


@pytest.mark.any_database
def test_the_controls_show_what_the_typed_query_says():
    s = state("season:春 t:場所札 cost>=2")
    assert s.shown == {"season": "春", "type": "場所札", "cost_min": "2"}
    assert s.q == "season:春 t:場所札 cost>=2" and s.filters == {}


@pytest.mark.any_database
def test_choosing_another_value_replaces_the_typed_clause():
    shown = {"type": "場所札", "season": "春"}
    s = state("season:春 t:場所札", {"type": "怪異札", "season": "春"}, shown, {"type", "season"})
    assert s.q == "season:春" and s.filters == {"type": "怪異札"}
    assert s.shown["type"] == "怪異札" and s.shown["season"] == "春"


@pytest.mark.any_database
def test_choosing_any_removes_the_typed_clause_and_an_untouched_control_follows_the_box():
    cleared = state("season:春 t:場所札", {"type": "", "season": "春"}, {"type": "場所札", "season": "春"},
                    {"type", "season"})
    assert cleared.q == "season:春" and "type" not in cleared.shown
    # The clause deleted from the box, the control left as it showed it: the box wins.
    edited = state("season:夏", {"type": "場所札", "season": "春"}, {"type": "場所札", "season": "春"},
                   {"type", "season"})
    assert edited.q == "season:夏" and edited.filters == {} and edited.shown == {"season": "夏"}


@pytest.mark.any_database
def test_clauses_under_or_or_negated_stay_in_the_box_only():
    assert state("season:春 OR t:場所札").shown == {}
    assert state("-season:無").shown == {}


def test_the_page_form_changes_the_typed_clause_and_lands_on_one_canonical_url(client, reprinted):
    response = client.get(LIST, {"q": "t:場所札 season:春", "type": "怪異札", "season": "春", "shown": "season,type",
                                 "shown_type": "場所札", "shown_season": "春"})
    assert response.status_code == 302
    target = parse_qs(urlparse(response["Location"]).query)
    assert target == {"q": ["season:春"], "type": ["怪異札"]}
    page = client.get(response["Location"])
    html = page.content.decode()
    assert page.context["total"] == 0  # no 怪異札 of 春 here: and the box no longer says 場所札
    assert '<option value="怪異札" selected>' in html and '<option value="春" selected>' in html


def test_a_typed_query_sets_the_dropdowns_on_the_page(client, reprinted):
    html = client.get(LIST, {"q": "season:春 t:場所札"}).content.decode()
    assert '<option value="場所札" selected>' in html and '<option value="春" selected>' in html
    assert '<details class="filter-more" open>' in html


# -- did you mean ------------------------------------------------------------------------------------------


def test_a_value_of_another_field_offers_that_search_with_its_count(client, reprinted):
    response = client.get(LIST, {"q": "s:春"})  # s: is the set
    assert response.context["total"] == 0
    assert response.context["suggestions"] == [("season:春", 1, "?q=season%3A%E6%98%A5")]
    assert "もしかして" in response.content.decode() and "season%3A%E6%98%A5" in response.content.decode()


def test_a_near_miss_of_a_field_name_offers_the_field(client, reprinted):
    response = client.get(LIST, {"q": "seasn:夏"})
    assert response.status_code == 400
    assert ("season:夏", 1) in [s[:2] for s in response.context["suggestions"]]


def test_a_search_with_one_hit_offers_that_card(client, reprinted):
    response = client.get(LIST, {"q": "春の社"})
    card = Card.objects.get(name="春の社")
    html = response.content.decode()
    assert response.context["one_hit"] == card
    assert "このカードを開く" in html and f'href="{card.get_absolute_url()}"' in html


# -- printings ---------------------------------------------------------------------------------------------


def test_the_grid_shows_one_tile_per_name_with_its_set_number_and_printings(client, reprinted):
    first, second = reprinted
    response = client.get(LIST, {"q": "火の玉"})
    cards = list(response.context["page"].object_list)
    assert [c.pk for c in cards] == [first.pk] and response.context["total"] == 1
    html = response.content.decode()
    assert "百鬼夜行" in html and "285" in html and "2版" in html and f"{first.get_absolute_url()}#printings" in html
    every = client.get(LIST, {"q": "火の玉", "printings": "all"})
    assert {c.pk for c in every.context["page"].object_list} == {first.pk, second.pk}
    # A search that names a printing finds that printing.
    by_set = client.get(LIST, {"q": "s:鬼の棲む山"})
    assert [c.pk for c in by_set.context["page"].object_list] == [second.pk]


def test_the_card_page_lists_the_other_printings_with_set_and_number(client, reprinted):
    first, second = reprinted
    html = client.get(first.get_absolute_url()).content.decode()
    assert 'id="printings"' in html and "鬼の棲む山" in html and "2822" in html and "この版: 百鬼夜行 · 285" in html


def test_the_card_api_gives_one_card_per_name_when_asked(client, reprinted):
    every = client.get("/api/cards/", {"game": "kannagi", "q": "火の玉"}).json()
    one = client.get("/api/cards/", {"game": "kannagi", "q": "火の玉", "printings": "one"}).json()
    assert every["count"] == 2 and one["count"] == 1 and one["results"][0]["number"] == "285"
    bad = client.get("/api/cards/", {"game": "kannagi", "printings": "some"})
    assert bad.status_code == 400 and "printings" in bad.json()["detail"]


# -- marks and words ---------------------------------------------------------------------------------------


def test_the_card_page_shows_the_fan_lists_restricted_revision_mark(client, kannagi):
    card = Card.objects.create(game=kannagi, name="大災害", card_type="場所札", cost=12, rarity="エキスパンション 封印改訂",
                               attrs={"season": ["春"], "power": 10})
    html = client.get(card.get_absolute_url()).content.decode()
    assert '<span class="badge mark"' in html and "制限改訂で枚数制限が変わった札" in html


def test_the_site_counts_its_games_from_the_registry(client, games):
    html = client.get("/").content.decode()
    assert f"{len(GAMES)}作品" in html and "five" not in html
    english = client.get(reverse("home"), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert f"for {len(GAMES)} Japanese indie card games" in english


def test_a_card_without_rules_text_says_so_and_offers_editors_the_designer(client, kannagi, kannagi_editor):
    card = Card.objects.create(game=kannagi, name="火の玉", card_type="怪異札", cost=2, number="285",
                               attrs={"season": ["無"], "roles": ["サーチ"]})
    designer = reverse("card_designer", args=[card.pk])
    html = client.get(card.get_absolute_url()).content.decode()
    assert "効果テキスト未登録" in html and designer not in html
    client.force_login(kannagi_editor)
    assert f'<a href="{designer}">' in client.get(card.get_absolute_url()).content.decode()


def test_sample_decks_name_their_owner_as_the_sites_samples(client, samples):
    from decks.models import Deck

    deck = Deck.objects.filter(sample=True, visibility="public").first()
    listing = client.get(reverse("deck_list")).content.decode()
    page = client.get(deck.get_absolute_url()).content.decode()
    for html in (listing, page):
        assert "サイトのサンプル" in html and ">samples<" not in html and "by samples" not in html
