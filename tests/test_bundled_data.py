"""Every card the seed documents define is in the database after `make run` (load_bundled)."""

from collections import Counter

import pytest

from cards.models import Card
from rules.declare import GAMES

VISION_WEATHERS = (
    "白夜 極夜 宵闇 地震雲 春一番 精霊風 時雨 薄曇 極光 豪雨 炎天 快晴 霧雨 曇天 蒼天 雹 花曇 濃霧 雪 天気雨 "
    "疎雨 風雨 晴嵐 川霧 台風 凧 ダイヤモンドダスト 黄砂 烈日 梅雨"
).split()
ORIGINAL_CARDS = (
    "ビナルクスの仙龍 星を渡る者 星を渡る者/深淵 オーバークラウド・ゴーレム 魔竜の焔 クレイジー・ジャックの戦闘術 "
    "不可視の水流 暗黒城塞都市 ギルビアの炎剣術士 ギルビアの小隊長 悲哀と憂いの光球 ムーンライト・スネーク "
    "ビナルクスの仙馬 漆黒の塔の巨龍/黄金 火炎雨 血塗れた刀 焔の審判 ビナルクス仙山 無限地獄 ギルビアの練兵場"
).split()
# (name, type, cost, seasons, power) as the public facts give them.
KANNAGI_CARDS = [
    ("人魚の活き血", "道具札", 8, ["冬"], None),
    ("肥川の大蛇", "場所札", 10, ["春"], 8),
    ("消さなきゃ", "場所札", 3, ["秋"], 2),
    ("悠習の古日記", "道具札", 3, ["春"], None),
    ("本物のお化け屋敷", "場所札", 0, ["無"], 2),
    ("仮想世界の外", "場所札", 7, ["無"], 4),
    ("暗躍者", "場所札", 6, ["秋"], 1),
    ("ねこやま", "場所札", 0, ["春"], 1),
    ("夏夜の天使様", "季節札", 4, ["夏"], None),
    ("北海道：円形校舎", "季節札", 0, ["無"], None),
    ("蠢く黒い影", "怪異札", 2, ["夏"], None),
    ("発狂人形の家", "場所札", 1, ["夏"], 1),
    ("鉄の風", "場所札", 0, ["無"], 1),
    ("道具のれもんちゃん", "道具札", 6, ["冬"], None),
    ("血液達磨", "道具札", 1, ["冬"], None),
    ("検問", "怪異札", 5, ["秋"], None),
]


@pytest.fixture
def seed_cards(bundled):
    return bundled.filter(sample=False)


def test_every_vision_weather_is_loaded_with_its_text_and_kinds(seed_cards):
    weathers = {c.name: c for c in seed_cards.filter(game="vision", card_type="天候")}
    assert sorted(weathers) == sorted(VISION_WEATHERS)
    for card in weathers.values():
        effects = card.attrs["weather_effects"]
        assert effects and all(e["kind"] in ("自動α", "自動γ") for e in effects)
        # Each structured effect is a passage of the printed text.
        assert all(e["text"].split("\n")[0] in card.rules_text for e in effects), card.name
    hakuya = weathers["白夜"]
    assert [e["kind"] for e in hakuya.attrs["weather_effects"]] == ["自動α", "自動γ", "自動γ"]
    assert hakuya.flavor_text == "人間が活発に活動する程度の天気"
    assert len(weathers["極光"].attrs["weather_effects"]) == 1


def test_every_original_seed_card_is_loaded_as_printed(seed_cards):
    cards = {c.name: c for c in seed_cards.filter(game="original")}
    assert sorted(cards) == sorted(ORIGINAL_CARDS)
    dragon = cards["ビナルクスの仙龍"]
    assert (dragon.card_type, dragon.cost, dragon.attrs["move_cost"], dragon.attrs["power"]) == ("兵", 5, 1, 7)
    assert dragon.attrs["attributes"] == ["火"] and dragon.attrs["special_type"] == "ビナルクス"
    assert cards["星を渡る者"].attrs["attributes"] == ["地", "風", "水"]
    assert cards["星を渡る者/深淵"].attrs["special_type2"] == "深淵"
    flame = cards["魔竜の焔"]
    assert (flame.card_type, flame.cost, flame.attrs["upkeep"]) == ("呪術", 4, 1)
    assert [e["kind"] for e in flame.attrs["effects"]] == [["通常"], ["通常"]]
    assert flame.attrs["effects"][0]["cost"].startswith("闇4(C)")
    assert cards["不可視の水流"].cost is None
    assert cards["血塗れた刀"].attrs["effects"][0]["forced"] is True
    assert cards["暗黒城塞都市"].card_type == "土地"


def test_every_kannagi_card_the_seed_names_has_its_public_facts(seed_cards):
    cards = {c.name: c for c in seed_cards.filter(game="kannagi")}
    assert len(cards) == len(KANNAGI_CARDS)
    for name, card_type, cost, seasons, power in KANNAGI_CARDS:
        card = cards[name]
        assert (card.card_type, card.cost, card.attrs["season"], card.attrs.get("power")) == (
            card_type,
            cost,
            seasons,
            power,
        ), name
    assert cards["人魚の活き血"].aliases == ["人魚の活血"]
    assert cards["発狂人形の家"].keywords == ["不屈"]
    # the fan list's public facts, so the keyword rules work on a fresh install
    assert cards["本物のお化け屋敷"].keywords == ["速攻", "襲撃"]
    assert cards["仮想世界の外"].keywords == cards["暗躍者"].keywords == ["潜在能力"]
    assert cards["北海道：円形校舎"].keywords == ["学校の怪談"]
    assert "神" in cards["肥川の大蛇"].attrs["attributes"]
    assert all(card.reading for name, card in cards.items() if name != "ねこやま") and cards["ねこやま"].reading == "ねこやま"
    assert cards["肥川の大蛇"].reading == "ひのかわのおろち" and cards["検問"].attrs["attributes"] == ["視線"]


def test_timestorm_ships_the_battery(seed_cards):
    battery = seed_cards.get(game="timestorm", card_type="Battery")
    assert battery.name == "バッテリー" and "Battery" in battery.aliases


def test_sample_sets_are_flagged_and_large_enough_for_a_deck(bundled):
    samples = bundled.filter(sample=True)
    per_game = Counter(samples.values_list("game", flat=True))
    assert set(per_game) == set(GAMES)
    assert all(c.set_name == "サンプル" for c in samples)
    # kannagi: 40 cards at 4 per name; vision: 50 at 3 per name (playable types).
    assert samples.filter(game="kannagi").count() * 4 >= 40
    assert samples.filter(game="vision").exclude(card_type="天候").count() * 3 >= 50
    # kannagi needs 0-cost places of every season to start a game.
    zero_places = samples.filter(game="kannagi", card_type="場所札", cost=0)
    assert {s for c in zero_places for s in c.attrs["season"]} >= {"春", "夏", "秋", "冬"}
    # manacard needs cards for the main deck, the skill deck and status cards.
    decks = {c.attrs["deck"] for c in samples.filter(game="manacard")}
    assert decks == {"main", "skill", "status"}
    assert samples.filter(game="timestorm", attrs__win_condition=True).count() >= 2


def test_numbers_and_unnumbered_names_are_unique_per_game(bundled):
    numbered = Counter((c.game_id, c.number) for c in bundled if c.number)
    unnumbered = Counter((c.game_id, c.name) for c in bundled if not c.number)
    assert max(numbered.values()) == 1 and max(unnumbered.values()) == 1


def test_loading_twice_changes_nothing(bundled):
    from cards.services import load_bundled

    before = {c.pk: (c.to_data(), c.updated_at) for c in Card.objects.all()}
    reports = load_bundled()
    assert all(r.created == 0 and r.updated == 0 for r in reports)
    assert {c.pk: (c.to_data(), c.updated_at) for c in Card.objects.all()} == before
