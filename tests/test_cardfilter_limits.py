"""巫カードフィルター's per-card limits as a kannagi regulation (../shared/formats/kannagi-cardfilter/README.md)."""

import pytest

from rules.declare import get_game

pytestmark = pytest.mark.any_database

FILTER = "cardfilter-2026-12-02"


def regulation(code):
    return next(r for r in get_game("kannagi").regulations if r.code == code)


def test_the_cardfilter_regulation_is_named_after_its_source_with_the_day_it_was_read():
    r = regulation(FILTER)
    assert "巫カードフィルター" in r.name_ja and "2026年12月2日" in r.name_ja
    assert "巫カードフィルター" in r.name_en and "2026-12-02" in r.name_en


@pytest.mark.parametrize(
    ("name", "copies"),
    [("大災害", 1), ("最恐札の地図", 1), ("人魚の活血", 1), ("つちのこ", 2), ("いっしょにあそぼ・・・", 2), ("朽ちた神社", 4)],
)
def test_the_cardfilter_regulation_limits_each_card_as_the_tool_does(name, copies):
    assert regulation(FILTER).limit_for(name, card_type="場所札").copies == copies


def test_printed_limits_above_four_stand_in_the_cardfilter_regulation():
    r = regulation(FILTER)
    game = get_game("kannagi")
    assert r.limit_for("火の玉", own_limit=game.printed_limits["火の玉"]).copies == 10
    assert r.limit_for("複製体", own_limit=game.printed_limits["複製体"]).copies == "unlimited"
