"""Card writes are validated against the registry, whatever the path."""

import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction

from cards.models import Card


def test_save_refuses_an_unknown_game_field_naming_it(kannagi):
    card = Card(game=kannagi, name="謎の札", card_type="場所札", attrs={"season": ["春"], "power": 1, "colour": "red"})
    with pytest.raises(ValidationError) as exc:
        card.save()
    assert "colour" in str(exc.value.message_dict["attrs"])
    assert not Card.objects.filter(name="謎の札").exists()


def test_save_refuses_a_value_of_the_wrong_type_naming_the_field(kannagi):
    card = Card(game=kannagi, name="謎の札", card_type="場所札", attrs={"season": ["春"], "power": "強い"})
    with pytest.raises(ValidationError) as exc:
        card.save()
    assert "power" in " ".join(exc.value.message_dict["attrs"])


def test_save_refuses_a_card_type_of_another_game(kannagi):
    with pytest.raises(ValidationError) as exc:
        Card(game=kannagi, name="謎の札", card_type="兵", attrs={"season": ["春"]}).save()
    assert "card_type" in exc.value.message_dict


def test_save_canonicalises_text_input(kannagi):
    card = Card(game=kannagi, name="混化の札", card_type="場所札", cost=2, keywords=["■速攻"], attrs={"season": "混化 春夏", "power": "３"})
    card.save()
    card.refresh_from_db()
    assert card.attrs == {"season": ["春", "夏"], "power": 3}
    assert card.keywords == ["速攻"]


def test_full_clean_messages_follow_the_language(kannagi, settings):
    from django.utils import translation

    card = Card(game=kannagi, name="謎の札", card_type="場所札", attrs={"season": ["春"]})
    with translation.override("ja"), pytest.raises(ValidationError) as exc:
        card.full_clean()
    assert "power: 場所札 では必須です" in exc.value.message_dict["attrs"]
    with translation.override("en"), pytest.raises(ValidationError) as exc:
        card.full_clean()
    assert "power: required for 場所札" in exc.value.message_dict["attrs"]


def test_a_number_is_unique_within_a_game_but_not_across_games(kannagi, games):
    Card.objects.create(game=kannagi, name="A", card_type="道具札", number="001", attrs={"season": ["春"]})
    Card.objects.create(game=games["timestorm"], name="A", card_type="Action", number="001")
    with pytest.raises(IntegrityError), transaction.atomic():
        Card.objects.create(game=kannagi, name="B", card_type="道具札", number="001", attrs={"season": ["春"]})


def test_reprints_share_a_name_when_numbered(kannagi):
    for number in ("1003", "2620"):
        Card.objects.create(game=kannagi, name="夏の札", card_type="季節札", number=number, attrs={"season": ["夏"]})
    assert Card.objects.filter(name="夏の札").count() == 2
    with pytest.raises(IntegrityError), transaction.atomic():
        for _ in range(2):
            Card.objects.create(game=kannagi, name="番号なし", card_type="季節札", attrs={"season": ["夏"]})
