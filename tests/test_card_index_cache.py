"""The per-process index of a game's cards (decks.selectors.game_card_index) is reused while the game's
cards stay the same, and never answers from stale cards: an edit, an image change, an import, a new card
and a deletion are each seen by the next lookup."""

import json

from cards.models import Card
from cards.services import import_cards
from decks.selectors import game_card_index


def test_the_index_is_reused_while_nothing_changes(place):
    first = game_card_index("kannagi")
    assert game_card_index("kannagi") is first
    assert first.lookup("テストの廃屋").card_id == place.pk


def test_an_edited_card_is_looked_up_by_its_new_name(place):
    game_card_index("kannagi")
    place.name = "改名した廃屋"
    place.save()
    index = game_card_index("kannagi")
    assert index.lookup("改名した廃屋").card_id == place.pk
    assert not index.lookup("テストの廃屋").found


def test_a_new_card_and_a_deleted_card_are_seen(place, kannagi):
    game_card_index("kannagi")
    other = Card.objects.create(game=kannagi, name="新しい鳥居", card_type="場所札", cost=1, attrs={"season": ["夏"], "power": 2})
    assert game_card_index("kannagi").lookup("新しい鳥居").card_id == other.pk
    place.delete()
    index = game_card_index("kannagi")
    assert not index.lookup("テストの廃屋").found and index.lookup("新しい鳥居").found


def test_an_import_that_renames_by_number_is_seen(kannagi):
    rows = [{"number": "T-1", "name": "古い名前", "card_type": "場所札", "cost": 0, "fields": {"season": ["春"], "power": 1}}]
    assert import_cards(game="kannagi", data=json.dumps(rows).encode(), fmt="json").written
    assert game_card_index("kannagi").lookup("古い名前").found
    rows[0]["name"] = "新しい名前"
    assert import_cards(game="kannagi", data=json.dumps(rows).encode(), fmt="json").written
    index = game_card_index("kannagi")
    assert index.lookup("新しい名前").found and not index.lookup("古い名前").found


def test_each_game_keeps_its_own_index(place, games):
    assert game_card_index("kannagi").lookup("テストの廃屋").found
    assert not game_card_index("vision").lookup("テストの廃屋").found
