"""The per-process index of a game's cards (decks.selectors.game_card_index) is reused while the game's
cards stay the same, and never answers from stale cards: an edit, an image change, an import, a new card
and a deletion are each seen by the next lookup."""

import json
import threading
import time

import pytest
from django.db import connection, transaction

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


@pytest.mark.skipif(connection.vendor != "postgresql", reason="concurrent transactions need a database server (CI runs PostgreSQL)")
def test_a_save_that_commits_after_a_later_one_is_still_seen(transactional_db, games):
    """updated_at is taken when a card is saved, not when its transaction commits: a slow edit (an import,
    say) committing after a quicker, later one must still change what the index answers."""
    kannagi = games["kannagi"]
    slow = Card.objects.create(game=kannagi, name="遅い札", card_type="場所札", cost=0, attrs={"season": ["春"], "power": 1})
    quick = Card.objects.create(game=kannagi, name="速い札", card_type="場所札", cost=0, attrs={"season": ["春"], "power": 1})
    saved, release = threading.Event(), threading.Event()

    def slow_editor():
        try:
            with transaction.atomic():
                card = Card.objects.get(pk=slow.pk)
                card.name = "遅い札・改"
                card.save()
                saved.set()
                release.wait(10)
        finally:
            connection.close()

    editor = threading.Thread(target=slow_editor)
    editor.start()
    assert saved.wait(10)
    time.sleep(0.01)
    quick.name = "速い札・改"
    quick.save()  # a later updated_at, committed first
    assert game_card_index("kannagi").lookup("遅い札").found  # the slow edit is not committed yet
    release.set()
    editor.join()
    index = game_card_index("kannagi")
    assert index.lookup("遅い札・改").found and not index.lookup("遅い札").found
