"""巫KANNAGI's autopilot: every action it picks is one the rules accept, the same seed plays the same game
(in another process with another hash seed too: tests/test_simulate.py), it beats the goldfish in most
sample-deck games, and its documented habits (零探し, attacking with the strongest ready place). Also: the
simulator's game factory makes the same state as new_game for all five games, and the rules' card-facts
table follows each game's own card data."""

from pathlib import Path

import pytest

from rules.declare import GAMES, get_game
from rules.declare.samples import bundled_cards, player_deck, sample_data, sample_deck
from rules.engine import IllegalAction, apply, digest, new_game
from rules.engine.core import canonical_decks
from rules.engine.simulate import GameFactory, simulate

from .engine_helpers import assert_same_game, autopilot_game

ROOT = Path(__file__).resolve().parent.parent
PILOT = get_game("kannagi").pilot
TURN_CAP = 20


def card(key, card_type="場所札", cost=0, season=("春",), power=2, keywords=()):
    fields = {"season": list(season)}
    if card_type == "場所札":
        fields["power"] = power
    return {"key": key, "name": key, "card_type": card_type, "cost": cost, "keywords": list(keywords), "fields": fields}


FILLER = [card(f"filler{i}", cost=5, season=("冬",)) for i in range(40)]  # never payable from an empty 魂


def hand_costs(state):
    defs, cards = state["defs"], state["cards"]
    return {i: defs[cards[i]["def"]].get("cost") or 0 for i in state["zones"]["p0.hand"]}


def has_key(state, ids):
    return any(PILOT.is_key(state["defs"][state["cards"][i]["def"]]) for i in ids)


# -- the rules accept it; the same seed, the same game -------------------------------------------------------


def test_every_action_it_picks_over_200_seeded_games_is_legal():
    for seed in range(200):
        autopilot_game("kannagi", sample_deck("kannagi"), seed, cap=TURN_CAP, check=True)


def test_every_action_it_picks_with_apparitions_and_the_all_seasons_reading_is_legal():
    cards = bundled_cards("kannagi")
    text = next(d["decklist"] for d in sample_data("kannagi")["decks"]
                if d["game"] == "kannagi" and "怪異" in d["name"])
    deck = [cards[line.split(" ", 1)[1]] for line in text.splitlines()
            if line.strip() and not line.strip().endswith(":") for _ in range(int(line.split(" ", 1)[0]))]
    kinds = set()
    for seed in range(60):
        for options in ({}, {"mixed_season": "all"}):
            autopilot_game("kannagi", [deck], seed, options, TURN_CAP, check=True, each=lambda s, a: kinds.add(a["type"]))
    assert "possess" in kinds  # the apparition path was exercised


def test_the_same_seed_plays_the_same_game():
    for seed in (3, 17, 123):
        assert_same_game("kannagi", sample_deck("kannagi"), seed, cap=TURN_CAP)


# -- it wins ---------------------------------------------------------------------------------------------------


def test_it_beats_the_goldfish_in_most_sample_deck_games_within_20_turns():
    result = simulate("kannagi", sample_deck("kannagi"), 300, 1, TURN_CAP)
    # measured: 91% won (3,000 games: 91.5%), mean win turn 16.4
    assert result["won"] / result["games"] >= 0.8
    assert result["mean"] <= 18
    assert result["lost"] == 0


# -- 零探し ------------------------------------------------------------------------------------------------------


def test_without_a_zero_cost_place_it_sends_back_every_card_that_does_not_cost_0():
    seen = 0
    for deck in (sample_deck("kannagi"), thin_deck()):  # the sample deck: 1 opening in 240 has none
        for seed in range(200):
            state = new_game("kannagi", deck, seed)
            hand = state["zones"]["p0.hand"]
            if has_key(state, hand):
                continue
            seen += 1
            costs = hand_costs(state)
            action = PILOT.choose(state)
            assert action == {"type": "zero_search", "cards": [i for i in hand if costs[i] > 0]}
    assert seen >= 40


def test_with_a_zero_cost_place_it_keeps_every_card_under_5():
    deck = sample_deck("kannagi")
    for seed in range(100):
        state = new_game("kannagi", deck, seed)
        hand = state["zones"]["p0.hand"]
        if not has_key(state, hand):
            continue
        costs = hand_costs(state)
        back = PILOT.choose(state)["cards"]
        assert back == [i for i in hand if costs[i] >= 5]


def test_the_kept_hand_has_a_zero_cost_place_more_often_than_the_dealt_one():
    for decks in (sample_deck("kannagi"), thin_deck()):
        result = simulate("kannagi", decks, 500, 1, TURN_CAP)
        without_dealt, without_kept = result["opening"]["key_games"][0], result["opening"]["kept_games"][0]
        assert without_kept < without_dealt
    assert without_dealt > 100 and without_kept < without_dealt / 3  # the thin deck: 4 zero-cost places


def thin_deck():
    """The sample deck with ねこやま as its only 0-cost place (the other 0-cost places swapped for 花火の河川敷
    and 春霞の丘): about 40% of opening hands hold none."""
    cards = bundled_cards("kannagi")
    out = []
    for c in sample_deck("kannagi")[0]:
        if c["name"] != "ねこやま" and PILOT.is_key(c):
            c = cards["花火の河川敷"] if len(out) % 2 else cards["春霞の丘"]
        out.append(c)
    return [out]


# -- attacking -------------------------------------------------------------------------------------------------


def start(extra):
    state = new_game("kannagi", [list(extra) + FILLER], seed=1, options={"first": "player"})
    apply(state, {"type": "zero_search", "cards": []})
    apply(state, {"type": "potential_done"})
    return state


def to_field(state, key, tapped=False):
    iid = next(i for i, c in state["cards"].items() if c["def"] == key)
    apply(state, {"type": "manual.move", "card": iid, "to": "p0.field"})
    apply(state, {"type": "manual.tap", "card": iid, "tapped": tapped})
    return iid


def test_it_attacks_with_the_strongest_ready_place():
    state = start([card("弱", power=1), card("強", power=5), card("中", power=3), card("伏せの最強", power=9)])
    to_field(state, "弱")
    strong = to_field(state, "強")
    to_field(state, "中")
    to_field(state, "伏せの最強", tapped=True)  # 伏せ: cannot attack
    assert PILOT.choose(state) == {"type": "attack", "card": strong}
    apply(state, PILOT.choose(state))
    assert state["players"][1]["life"] == 25
    assert PILOT.choose(state) == {"type": "end_turn"}  # one attack a turn


def test_it_counts_power_changes_when_it_picks_the_attacker():
    state = start([card("強", power=5), card("弱", power=1)])
    strong, weak = to_field(state, "強"), to_field(state, "弱")
    apply(state, {"type": "manual.counter", "card": strong, "name": "damage", "delta": 3})
    apply(state, {"type": "manual.counter", "card": weak, "name": "power", "delta": 4})
    assert PILOT.choose(state) == {"type": "attack", "card": weak}  # 5 - 3 = 2 < 1 + 4 = 5


def test_it_summons_the_strongest_payable_place_before_it_attacks():
    state = start([card("弱", power=1), card("強", power=4), card("高い", power=9, cost=3)])  # 3 > 魂's 0
    ready = to_field(state, "弱")
    for key in ("強", "高い"):
        iid = next(i for i, c in state["cards"].items() if c["def"] == key)
        apply(state, {"type": "manual.move", "card": iid, "to": "p0.hand"})
    strong = next(i for i, c in state["cards"].items() if c["def"] == "強")
    assert PILOT.choose(state) == {"type": "summon", "card": strong}
    apply(state, PILOT.choose(state))
    assert PILOT.choose(state) == {"type": "attack", "card": ready}  # the new one is 伏せ


# -- the decisions of the rules: a tool at a declaration, the 神 rule, 防御, effects at the same time ---------------


def tool_card(key, cost=0):
    return card(key, "道具札", cost, ("無",))


def test_it_keeps_its_tool_for_the_main_phase_but_uses_it_in_the_goldfishs_turn():
    state = new_game("kannagi", [[tool_card("塩")] + FILLER], seed=1, options={"first": "player", "opening": 4})
    apply(state, {"type": "zero_search", "cards": []})
    apply(state, {"type": "potential_done"})
    salt = next(i for i, c in state["cards"].items() if c["def"] == "塩")
    apply(state, {"type": "manual.move", "card": salt, "to": "p0.hand"})
    apply(state, {"type": "end_turn"})
    assert state["pending"]["at"] == "end" and PILOT.choose(state) == {"type": "tool", "option": "skip"}  # one of its own
    apply(state, {"type": "tool", "option": "skip"})
    assert state["pending"]["at"] == "goldfish"
    assert PILOT.choose(state) == {"type": "tool", "card": salt}  # the last moment of the cycle
    state = new_game("kannagi", [[tool_card("塩"), tool_card("灯")] + FILLER], seed=1, options={"first": "player", "opening": 4})
    apply(state, {"type": "zero_search", "cards": []})
    apply(state, {"type": "potential_done"})
    for key in ("塩", "灯"):
        apply(state, {"type": "manual.move", "card": next(i for i, c in state["cards"].items() if c["def"] == key), "to": "p0.hand"})
    apply(state, {"type": "end_turn"})
    apply(state, {"type": "tool", "option": "skip"})  # the end phase
    apply(state, {"type": "tool", "option": "skip"})  # the goldfish's turn
    assert state["pending"]["at"] == "start" and PILOT.choose(state) == {"type": "tool", "option": "skip"}


def test_under_the_god_rule_it_keeps_the_place_that_can_attack():
    god = {**card("山神"), "fields": {"season": ["春"], "power": 2, "attributes": ["神"]}}
    fast = {**god, "key": "山神2", "keywords": ["速攻"]}  # the same name
    for old_tapped, newcomer, sent in ((False, god, "new"), (True, god, "new"), (True, fast, "old")):
        state = start([god, newcomer] if newcomer is fast else [god, {**god}])
        old, new = [i for i, c in state["cards"].items() if c["def"] in ("山神", "山神2")][:2]
        apply(state, {"type": "manual.move", "card": old, "to": "p0.field"})
        apply(state, {"type": "manual.tap", "card": old, "tapped": old_tapped})
        apply(state, {"type": "manual.move", "card": new, "to": "p0.hand"})
        apply(state, {"type": "summon", "card": new})
        assert state["pending"]["type"] == "god"
        assert PILOT.choose(state) == {"type": "choose", "card": new if sent == "new" else old}, (old_tapped, sent)


def test_it_defends_only_against_damage_that_would_end_the_game():
    hurt = {**card("痛み", "道具札", 0, ("無",)), "fields": {"season": ["無"], "script": [{"op": "damage", "amount": 3, "who": "you"}]}}
    for life, exiled in ((30, 0), (2, 2)):
        state = start([hurt])
        apply(state, {"type": "manual.life", "player": 0, "delta": life - 30})
        for key in ("filler0", "filler1", "filler2", "filler3", "filler4"):
            apply(state, {"type": "manual.move", "card": next(i for i, c in state["cards"].items() if c["def"] == key), "to": "p0.soul"})
        hurts = next(i for i, c in state["cards"].items() if c["def"] == "痛み")
        apply(state, {"type": "manual.move", "card": hurts, "to": "p0.hand"})
        apply(state, {"type": "tool", "card": hurts})
        answer = PILOT.choose(state)
        assert answer["type"] == "choose" and len(answer["cards"]) == exiled
        apply(state, answer)
        assert state["players"][0]["life"] == life - 3 + exiled and state["result"] is None


# -- what it counts --------------------------------------------------------------------------------------------


def test_the_opening_pool_is_the_whole_deck_and_holds_the_hand():
    state = new_game("kannagi", sample_deck("kannagi"), 5)
    pool = PILOT.opening_pool(state)
    assert len(pool) == 40 == len(set(pool))
    assert set(PILOT.opening_hand(state)) <= set(pool) and len(PILOT.opening_hand(state)) == 8
    assert not PILOT.mulligan_done(state)
    apply(state, PILOT.choose(state))
    assert PILOT.mulligan_done(state)


# -- the rules' card facts and the game factory ----------------------------------------------------------------


def test_the_rules_read_each_games_own_card_data_under_the_same_key():
    rules = get_game("kannagi").rules
    cheap = start([card("家", cost=0, season=("春",))])
    dear = start([card("家", cost=3, season=("秋",))])
    for _ in range(2):  # interleaved: the facts kept for one game's cards never answer for the other's
        for state, cost in ((cheap, 0), (dear, 3)):
            iid = next(i for i, c in state["cards"].items() if c["def"] == "家")
            assert rules._cost(state, iid) == cost
            assert rules.affordable(state, 0, iid) == (cost == 0)


def test_a_card_added_during_the_game_is_read_too():
    state = start([card("家", cost=0)])
    rules = get_game("kannagi").rules
    assert rules._type(state, state["zones"]["p0.hand"][0]) == "場所札"  # the facts table is made
    apply(state, {"type": "manual.token", "player": 0, "to": "p0.field", "name": "トークン"})
    token = state["zones"]["p0.field"][-1]
    assert rules._type(state, token) == state["defs"][state["cards"][token]["def"]].get("card_type", "")
    with pytest.raises(IllegalAction):
        apply(state, {"type": "attack", "card": token})  # not a place


@pytest.mark.parametrize("game", sorted(g for g in GAMES if GAMES[g].play))
def test_the_game_factory_makes_the_state_new_game_makes(game):
    decks = player_deck(game)
    options = {"mixed_season": "all"} if game == "kannagi" else None
    for opts in (None, options):
        factory = GameFactory(game, decks, opts)
        for seed in (0, 1, 99, 2**40 + 3):
            made, fresh = factory(seed), new_game(game, canonical_decks(decks), seed, opts)  # (the factory's order)
            assert digest(made) == digest(fresh)
            assert made["setup"] == fresh["setup"] and made["options"] == fresh["options"]
            assert made["defs"] == fresh["defs"]
