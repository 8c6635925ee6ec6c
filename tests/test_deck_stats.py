"""Deck statistics (rules.stats): plain Python, hand-built cards, no database."""

import itertools
from dataclasses import replace
from fractions import Fraction
from math import comb

import pytest

from rules.decks import DeckData
from rules.declare import GAMES, get_game
from rules.declare.base import CardGroup
from rules.declare.samples import bundled_cards
from rules.stats import (
    Bucket,
    breakdown,
    cost_curve,
    draw_odds,
    group_ids,
    hypergeom_at_least,
    preset,
    presets,
    seen,
)


def card(card_id, name, card_type, cost=None, **fields):
    return {
        "id": card_id,
        "name": name,
        "reading": "",
        "aliases": [],
        "card_type": card_type,
        "cost": cost,
        "number": "",
        "fields": fields,
    }


def brute_force_at_least(population, successes, draws, k):
    """P(X >= k) by enumerating every hand of `draws` cards out of `population` (successes first)."""
    hands = list(itertools.combinations(range(population), draws))
    good = sum(1 for hand in hands if sum(1 for c in hand if c < successes) >= k)
    return Fraction(good, len(hands))


# -- hypergeometric ------------------------------------------------------------------


def test_four_copies_in_forty_eight_drawn_at_least_one():
    expected = 1 - comb(36, 8) / comb(40, 8)
    assert hypergeom_at_least(40, 4, 8, 1) == pytest.approx(expected, abs=1e-12)
    assert hypergeom_at_least(40, 4, 8, 1) == pytest.approx(0.6065, abs=5e-5)  # (the brief's 0.6396 is a slip)


@pytest.mark.parametrize(
    "population,successes,draws,k",
    [
        (10, 3, 4, 1),
        (10, 3, 4, 2),
        (10, 3, 4, 3),
        (12, 5, 6, 3),
        (9, 9, 3, 3),
        (11, 0, 5, 1),
        (8, 4, 8, 4),
        (13, 6, 1, 1),
    ],
)
def test_it_matches_brute_force_enumeration(population, successes, draws, k):
    expected = brute_force_at_least(population, successes, draws, k)
    assert hypergeom_at_least(population, successes, draws, k) == pytest.approx(float(expected), abs=1e-12)


def test_at_least_zero_is_certain_and_more_than_can_be_drawn_is_impossible():
    assert hypergeom_at_least(40, 0, 8, 0) == 1.0
    assert hypergeom_at_least(40, 4, 8, -1) == 1.0
    assert hypergeom_at_least(40, 4, 8, 5) == 0.0  # only 4 successes
    assert hypergeom_at_least(40, 10, 3, 4) == 0.0  # only 3 draws


def test_drawing_more_than_the_population_draws_all_of_it():
    assert hypergeom_at_least(10, 3, 25, 3) == 1.0
    assert hypergeom_at_least(10, 3, 25, 4) == 0.0


# -- draws by turn -------------------------------------------------------------------


def test_kannagi_sees_eight_then_one_more_a_turn_and_the_first_player_skips_the_first_draw():
    rows = draw_odds(get_game("kannagi"), {1: 4, 2: 36}, {1}, 1, 4)
    assert [r["turn"] for r in rows] == [0, 1, 2, 3, 4]
    assert [r["first_seen"] for r in rows] == [8, 8, 9, 10, 11]
    assert [r["second_seen"] for r in rows] == [8, 9, 10, 11, 12]
    assert rows[0]["first"] == pytest.approx(1 - comb(36, 8) / comb(40, 8))
    assert rows[1]["second"] == pytest.approx(1 - comb(36, 9) / comb(40, 9))


def test_manacard_hands_are_five_and_six_on_every_turn():
    rows = draw_odds(get_game("manacard"), {1: 10, 2: 40}, {1}, 2, 3)
    assert [(r["first_seen"], r["second_seen"]) for r in rows] == [(5, 6)] * 4
    assert rows[3]["second"] == pytest.approx(hypergeom_at_least(50, 10, 6, 2))


def test_a_game_whose_first_player_draws_on_turn_one_counts_that_draw():
    original = get_game("original")  # 5 cards, the first player draws on turn 1
    assert [seen(original, t) for t in range(3)] == [5, 6, 7]
    assert [seen(original, t, second=True) for t in range(3)] == [5, 6, 7]


def test_cards_seen_never_exceed_the_deck():
    rows = draw_odds(get_game("kannagi"), {1: 2, 2: 8}, {1}, 2, 5)
    assert rows[-1]["second_seen"] == 10
    assert rows[-1]["second"] == 1.0


def test_group_cards_not_in_the_deck_do_not_count():
    rows = draw_odds(get_game("kannagi"), {1: 4, 2: 36}, {1, 99}, 1, 0)
    assert rows[0]["first"] == pytest.approx(hypergeom_at_least(40, 4, 8, 1))


# -- curve and breakdown ---------------------------------------------------------------

KANNAGI = {
    1: card(1, "廃屋", "場所札", 0, season=["春"], power=1),
    2: card(2, "古い井戸", "場所札", 2, season=["春", "夏"], power=3),
    3: card(3, "人魚の活き血", "道具札", 2, season=["夏"]),
    4: card(4, "大蛇", "怪異札", 3, season=["無"]),
    5: card(5, "季節", "季節札", None, season=["冬"]),
}
KANNAGI_DECK = DeckData(sections={"main": {1: 4, 2: 3, 3: 2, 4: 1, 5: 2}})


def test_cost_curve_counts_copies_by_cost_with_no_cost_last():
    assert cost_curve(KANNAGI_DECK, KANNAGI) == {"main": [(0, 4), (2, 5), (3, 1), (None, 2)]}


def test_cost_curve_is_per_section():
    manacard = {1: card(1, "剣士", "ユニット", 1, deck="main"), 2: card(2, "火球", "魔法", 3, deck="skill")}
    deck = DeckData(sections={"main": {1: 50}, "skill": {2: 50}})
    assert cost_curve(deck, manacard) == {"main": [(1, 50)], "skill": [(3, 50)]}


def test_breakdown_counts_types_in_the_games_order_and_each_season_of_a_mixed_card():
    result = breakdown(get_game("kannagi"), KANNAGI_DECK, KANNAGI)
    assert [(b.value, b.copies) for b in result["type"]] == [("場所札", 7), ("怪異札", 1), ("道具札", 2), ("季節札", 2)]
    assert [(b.value, b.copies) for b in result["season"]] == [("春", 7), ("夏", 5), ("冬", 2), ("無", 1)]
    assert result["type"][0] == Bucket("場所札", "場所札", "Place", 7)
    assert result["type"][0].label("en") == "Place"


def test_breakdown_counts_booleans_as_yes_and_no():
    cards = {1: card(1, "勝利", "Trigger", 3, win_condition=True), 2: card(2, "泥棒", "Action", 1)}
    result = breakdown(get_game("timestorm"), DeckData(sections={"entry": {1: 1, 2: 3}}), cards)
    assert [(b.value, b.en, b.copies) for b in result["win_condition"]] == [(True, "Yes", 1), (False, "No", 3)]


def test_breakdown_leaves_out_types_a_field_does_not_apply_to_and_counts_missing_values_as_none():
    cards = {
        1: card(1, "霊夢", "キャラクター", 1, required_nodes=1, race=["人間"]),
        2: card(2, "魔理沙", "キャラクター", 1, required_nodes=1, race=["人間", "魔法使い"]),
        3: card(3, "名無し", "キャラクター", 1, required_nodes=0),
        4: card(4, "夢想封印", "スペル", 2, required_nodes=2),
    }
    deck = DeckData(sections={"main": {1: 3, 2: 2, 3: 1, 4: 3}})
    result = breakdown(get_game("vision"), deck, cards)
    assert [(b.value, b.copies) for b in result["race"]] == [("人間", 5), ("魔法使い", 2), (None, 1)]


def test_breakdown_can_look_at_one_section():
    cards = {1: card(1, "剣士", "ユニット", 1, deck="main", distance="近"), 2: card(2, "火球", "魔法", 3, deck="skill")}
    deck = DeckData(sections={"main": {1: 50}, "skill": {2: 50}})
    assert [(b.value, b.copies) for b in breakdown(get_game("manacard"), deck, cards, "skill")["type"]] == [
        ("魔法", 50)
    ]
    assert [(b.value, b.copies) for b in breakdown(get_game("manacard"), deck, cards)["distance"]] == [("近", 50)]


# -- presets ---------------------------------------------------------------------------


def test_kannagi_offers_zero_cost_places():
    zero = preset(get_game("kannagi"), "zero_cost_places")
    assert (zero.ja, zero.en) == ("コスト0の場所札", "0-cost places")
    assert group_ids(zero, KANNAGI) == {1}  # not the 2-cost place, not a 0-cost non-place
    assert group_ids(zero, list(KANNAGI.values())) == {1}


@pytest.mark.parametrize(
    "slug,code,cards,expected",
    [
        (
            "vision",
            "early_characters",
            [
                card(1, "a", "キャラクター", 1, required_nodes=1),
                card(2, "b", "キャラクター", 3, required_nodes=2),
                card(3, "c", "スペル", 0, required_nodes=0),
                card(4, "d", "キャラクター", 0, required_nodes=0),
            ],
            {1, 4},
        ),
        (
            "original",
            "cheap_soldiers",
            [card(1, "a", "兵", 2), card(2, "b", "兵", 3), card(3, "c", "呪術", 1), card(4, "d", "兵", 4), card(5, "e", "兵")],
            {1, 2, 5},  # cost 3 or less, as the simulation counts them (no cost: 0)
        ),
        (
            "manacard",
            "opening_units",
            [
                card(1, "a", "ユニット", 5, deck="main"),
                card(2, "b", "ユニット", 6, deck="main"),
                card(3, "c", "魔法", 1, deck="main"),
            ],
            {1},
        ),
        (
            "timestorm",
            "win_conditions",
            [card(1, "a", "Action", 2, win_condition=True), card(2, "b", "Battery"), card(3, "c", "Trigger", 1)],
            {1},
        ),
        (
            "timestorm",
            "batteries",
            [card(1, "a", "Battery"), card(2, "b", "Action", 1)],
            {1},
        ),
    ],
)
def test_each_game_has_a_preset_that_picks_the_right_cards(slug, code, cards, expected):
    assert group_ids(preset(get_game(slug), code), cards) == expected


def test_every_game_offers_its_own_preset_then_one_per_card_type():
    for game in GAMES.values():
        codes = [p.code for p in presets(game)]
        assert not codes[0].startswith("type:"), game.slug
        assert codes[-len(game.card_types) :] == [f"type:{t.code}" for t in game.card_types]
    places = preset(get_game("kannagi"), "type:場所札")
    assert group_ids(places, KANNAGI) == {1, 2}


def test_the_first_preset_is_the_key_cards_the_simulation_counts():
    """One definition per game: deck statistics offer first what the autopilot counts as key cards."""


    for slug, game in GAMES.items():
        first = presets(game)[0]
        assert first is game.key_cards, slug
        pilot = get_game(slug).pilot
        assert pilot.key_label == first.en, slug
        synthetic = [
            card(1, "a", t.code, cost, **{f.key: (bool(n) if f.kind == "bool" else n) for f in game.fields if f.kind in ("int", "bool")})
            for t in game.card_types
            for cost in (None, 0, 1, 2, 3, 5, 6)
            for n in (None, 0, 1, 2)
        ]
        for c in [*synthetic, *bundled_cards(slug).values()]:
            assert pilot.is_key(c) == first.picks(c), (slug, c)


def test_statistics_read_the_groups_the_game_declares():
    game = get_game("original")
    cards = {1: card(1, "a", "兵", 1), 2: card(2, "b", "兵", 3), 3: card(3, "c", "土地", 0)}
    assert group_ids(preset(game, "cheap_soldiers"), cards) == {1, 2}
    other = CardGroup("very_cheap", "コスト1以下の兵", "soldiers of cost 1 or less", types=("兵",), cost_at_most=1)
    declared = replace(game, key_cards=other, card_groups=(CardGroup("lands", "土地", "lands", types=("土地",)),))
    assert [p.code for p in presets(declared)][:2] == ["very_cheap", "lands"]
    assert preset(declared, "cheap_soldiers") is None
    assert group_ids(preset(declared, "very_cheap"), cards) == {1}
    assert group_ids(preset(declared, "lands"), cards) == {3}


def test_a_card_group_must_name_the_games_own_types_and_fields():
    game = get_game("vision")
    with pytest.raises(ValueError, match="unknown card types"):
        replace(game, key_cards=CardGroup("x", "x", "x", types=("兵",)))
    with pytest.raises(ValueError, match="unknown field"):
        replace(game, key_cards=CardGroup("x", "x", "x", at_most=(("power", 1),)))
    with pytest.raises(ValueError, match="duplicate card group"):
        replace(game, card_groups=(CardGroup(game.key_cards.code, "x", "x"),))


def test_the_page_never_rounds_a_near_certainty_up_to_certain():
    from decks.templatetags.deck_extras import percent

    assert percent(0.99996) == ">99.9%"
    assert percent(1) == "100.0%"
    assert percent(0.00004) == "<0.1%"
    assert percent(0) == "0.0%"
    assert percent(0.6064) == "60.6%"
