"""Hostile and awkward input to decks, found in review: each must give a clear 400 or the right result,
never a 500 or a stuck worker, and must not leak what is not shared."""

import time

import pytest
from django.core.exceptions import ValidationError
from django.utils import translation

from cards.models import Card
from decks import services
from decks.models import Deck, Pool, Regulation, RegulationSection, Visibility
from decks.services import sync_regulations

from .conftest import KANNAGI_DECKLIST


def card(name, game="kannagi"):
    return Card.objects.get(game=game, name=name)


def post_json(client, url, data):
    return client.post(url, data=data, content_type="application/json")


def test_a_long_line_of_spaces_is_refused_quickly_with_its_line_number(client, bundled):
    start = time.perf_counter()
    response = post_json(client, "/api/decks/validate/", {"game": "kannagi", "decklist": "4 ねこやま\na" + " " * 400 + "x"})
    assert time.perf_counter() - start < 2
    assert response.status_code == 200  # the rest is checked
    assert response.json()["unread"][0]["line"] == 2
    assert response.json()["unread"][0]["code"] == "line_too_long"
    assert response.json()["sections"][0]["count"] == 4


def test_a_line_with_many_spaces_inside_a_name_still_reads(client, bundled):
    response = post_json(client, "/api/decks/validate/", {"game": "kannagi", "decklist": "4   ねこやま" + " " * 200})
    assert response.status_code == 200
    assert response.json()["sections"][0]["count"] == 4


def test_a_count_of_thousands_of_digits_is_a_line_error_not_a_crash(client, bundled):
    response = post_json(client, "/api/decks/validate/", {"game": "kannagi", "decklist": "9" * 250 + " ねこやま"})
    assert response.status_code == 200
    assert response.json()["unread"][0]["line"] == 1


@pytest.mark.parametrize("card_id", ["9223372036854775808", "0", "-3", "abc"])
def test_an_impossible_card_id_is_a_400_naming_it(user_client, bundled, card_id):
    response = post_json(user_client, "/api/decks/", {"game": "kannagi", "name": "x", "sections": {"main": {card_id: 1}}})
    assert response.status_code == 400
    assert card_id in response.json()["detail"]
    assert not Deck.objects.exists()


def test_an_impossible_deck_id_in_a_pool_is_a_400(user_client, samples):
    response = post_json(user_client, "/api/pools/", {"name": "p", "decks": [9223372036854775808, 1]})
    assert response.status_code == 400
    assert not Pool.objects.filter(name="p").exists()


def test_a_pool_needs_two_entries(user_client, samples):
    one = Deck.objects.filter(game="timestorm", visibility=Visibility.PUBLIC).first()
    response = post_json(user_client, "/api/pools/", {"name": "p", "decks": [one.pk]})
    assert response.status_code == 400
    assert not Pool.objects.filter(name="p").exists()


@pytest.mark.parametrize(
    "game,options",
    [("manacard", {"blessing_max": "10"}), ("manacard", {"blessing_max": None}), ("timestorm", {"entry": "win"}), ("kannagi", {"x": 1})],
)
def test_a_regulation_with_options_its_rules_cannot_read_is_refused(bundled, game, options):
    regulation = Regulation.objects.get(game=game, code="base")
    regulation.options = options
    with pytest.raises(ValidationError) as error:
        regulation.full_clean()
    assert "options" in error.value.message_dict


def test_a_regulation_whose_sections_would_strand_cards_is_refused(user, deck, deck_state):
    other = Regulation.objects.create(game_id="kannagi", code="alt", name_ja="別", name_en="Alt")
    RegulationSection.objects.create(regulation=other, key="deck", name_ja="デッキ", name_en="Deck", min_cards=40)
    before = deck_state(deck)
    with pytest.raises(services.DeckInputError) as error:
        services.deck_update(deck=deck, user=user, regulation=other, visibility="public")
    assert "main" in str(error.value)
    assert deck_state(deck) == before


def test_cards_left_in_a_section_an_editor_removed_are_marked_and_can_be_taken_out(user, deck):
    regulation = deck.regulation
    regulation.sections.filter(key="main").update(key="deck")
    deck = Deck.objects.get(pk=deck.pk)
    from decks.presenters import deck_view

    view = deck_view(deck)
    stranded = [v for v in view["violations"] if v["code"] == "unknown_section"]
    assert stranded and set(stranded[0]["cards"]) == set(deck.entries.values_list("card_id", flat=True))
    entry = deck.entries.first()
    services.deck_change_count(deck=deck, user=user, card=entry.card, section="main", count=0)
    assert not deck.entries.filter(pk=entry.pk).exists()


def test_copying_a_deck_with_a_section_its_regulation_lost_keeps_the_rest(user, other_user, deck):
    Deck.objects.filter(pk=deck.pk).update(visibility=Visibility.PUBLIC)
    deck.regulation.sections.filter(key="main").update(key="deck")
    copy = services.deck_copy(deck=Deck.objects.get(pk=deck.pk), user=other_user)
    assert copy.owner == other_user and not copy.entries.exists()


def test_the_odds_form_on_the_check_page_keeps_the_checked_list(client, kannagi_base):
    first = client.post("/decks/check/", {"regulation": kannagi_base.pk, "decklist": KANNAGI_DECKLIST})
    assert first.status_code == 200
    page = first.content.decode()
    assert 'name="decklist"' in page and 'type="hidden"' in page
    again = client.post(
        "/decks/check/", {"regulation": kannagi_base.pk, "decklist": KANNAGI_DECKLIST, "group": "type:道具札", "k": "2", "turns": "3"}
    )
    assert again.status_code == 200
    assert 'value="type:道具札" selected' in again.content.decode()


def test_a_public_pool_never_shows_an_unlisted_decks_link(client, user, samples):
    mine = [
        services.deck_create(owner=user, game="timestorm", name=f"e{i}", visibility=v)
        for i, v in enumerate([Visibility.UNLISTED, Visibility.PUBLIC])
    ]
    pool = services.pool_save(user=user, name="p", deck_ids=[d.pk for d in mine], visibility=Visibility.PUBLIC)
    page = client.get(f"/pools/{pool.pk}/").content.decode()
    assert mine[0].share_token not in page
    assert client.get(f"/api/pools/{pool.pk}/").content.decode().count(mine[0].share_token) == 0


def test_a_restored_revisions_note_is_in_the_ui_language(user, deck):
    services.deck_change_count(deck=deck, user=user, card=card("清めの塩"), section="main", count=1)
    restored = services.deck_restore(deck=Deck.objects.get(pk=deck.pk), user=user, number=1)
    with translation.override("ja"):
        assert restored.note_display == "リビジョン 1 を復元"
    with translation.override("en"):
        assert restored.note_display == "restored revision 1"


def test_a_bundled_regulation_an_editor_deleted_stays_deleted(bundled):
    Regulation.objects.filter(game="kannagi", code="2025-06-06").delete()
    sync_regulations()
    assert not Regulation.objects.filter(game="kannagi", code="2025-06-06").exists()


def test_an_english_main_deck_header_reads_for_every_single_deck_game(client, bundled):
    response = post_json(client, "/api/decks/validate/", {"game": "kannagi", "decklist": "Main deck:\n4 ねこやま"})
    assert response.status_code == 200
    assert response.json()["sections"][0]["count"] == 4


def test_a_change_of_details_is_a_revision_so_a_stale_client_is_refused(user, deck):
    services.deck_update(deck=deck, user=user, visibility=Visibility.PUBLIC, expected_revision=1)
    with pytest.raises(services.DeckConflict):
        services.deck_update(deck=Deck.objects.get(pk=deck.pk), user=user, name="old tab", expected_revision=1)
    assert Deck.objects.get(pk=deck.pk).visibility == Visibility.PUBLIC


@pytest.mark.parametrize(
    "url",
    ["/decks/99999999999999999999/", "/decks/99999999999999999999/history/", "/pools/99999999999999999999/",
     "/api/decks/99999999999999999999/", "/api/pools/99999999999999999999/", "/decks/99999999999999999999/edit/"],
)
def test_an_id_too_large_for_the_database_is_not_found(user_client, db, url):
    assert user_client.get(url).status_code == 404


def test_restoring_a_revision_number_too_large_for_the_database_is_a_clear_error(user_client, deck):
    response = post_json(user_client, f"/api/decks/{deck.pk}/restore/", {"number": 99999999999999999999})
    assert response.status_code == 400
    page = user_client.post(f"/decks/{deck.pk}/history/99999999999999999999/restore/", follow=True)
    assert page.status_code == 200
    assert Deck.objects.get(pk=deck.pk).revision == 1
