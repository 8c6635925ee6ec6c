"""東方VISION's autopilot: every action it takes is one the rules accept, the same seed plays the same game
(in any process: tests/test_simulate.py), it beats the sample deck's goldfish, and it plays by its
documented heuristic (the weathers included)."""

from rules.declare import get_game
from rules.declare.samples import bundled_cards, sample_deck
from rules.engine import apply, legal_actions, new_game
from rules.engine.simulate import simulate

from . import engine_helpers
from .engine_helpers import assert_same_game, autopilot_game, name, names

PILOT = get_game("vision").pilot
CARDS = bundled_cards("vision")


def test_every_action_it_chooses_is_accepted_by_the_rules():
    for seed in range(200):
        autopilot_game("vision", sample_deck("vision"), seed, check=True)
    for seed in range(60):
        autopilot_game("vision", sample_deck("vision"), seed, {"first": "goldfish"}, check=True)
        autopilot_game("vision", sample_deck("vision"), seed, {"weather_every": 1, "goldfish_life": 60}, cap=30, check=True)


def test_the_same_seed_plays_the_same_game():
    for seed in (1, 7, 42):
        assert_same_game("vision", sample_deck("vision"), seed)


def test_it_beats_the_sample_decks_goldfish_within_the_cap():
    # measured over 2000 games: all won, mean own turn 6.0 (5.9 going second, 5.9 without the weathers)
    for options in ({}, {"first": "goldfish"}):
        r = simulate("vision", sample_deck("vision"), 300, 1, 20, options=options)
        assert r["won"] >= 0.97 * 300 and r["mean"] <= 7
        assert r["distribution"][6]["cumulative"] >= 0.8  # won by own turn 7


def test_its_turn_counts_the_players_own_turns():
    state = new_game("vision", sample_deck("vision"), 3)
    assert state["turn"] == 1 and PILOT.own_turn(state) == 1
    while state["turn"] < 3:
        apply(state, PILOT.choose(state))
    assert PILOT.own_turn(state) == 2  # turn 2 was the goldfish's
    state = new_game("vision", sample_deck("vision"), 3, {"first": "goldfish"})
    assert state["turn"] == 2 and state["active"] == 0 and PILOT.own_turn(state) == 1
    assert [PILOT.own_turn({**state, "turn": t}) for t in (3, 4, 5)] == [1, 2, 2]


def test_the_opening_pool_is_the_main_deck_and_the_hand_its_first_seven_cards():
    for options, held in (({}, 7), ({"first": "goldfish"}, 8)):
        state = new_game("vision", sample_deck("vision"), 9, options)
        pool = PILOT.opening_pool(state)
        assert len(pool) == 50 == len(set(pool))  # the main deck; the 24 weathers are a zone of their own
        assert all(state["defs"][state["cards"][i]["def"]]["card_type"] != "天候" for i in pool)
        assert len(state["zones"]["p0.hand"]) == held  # going second it has drawn for its first turn
        assert PILOT.opening_hand(state) == state["zones"]["p0.hand"][:7]


def test_key_cards_are_characters_needing_one_node_or_less():
    assert PILOT.is_key(CARDS["見習い巫女"]) and PILOT.is_key(CARDS["竹林の野兎"]) and PILOT.is_key(CARDS["里の薬売り"])
    assert not PILOT.is_key(CARDS["夜雀の歌い手"]) and not PILOT.is_key(CARDS["宴会の準備"])
    assert PILOT.plays == frozenset({"play"})


def first_seed(test):
    """The first sample-deck game with no weather at the start whose state passes `test`."""
    return engine_helpers.first_seed("vision", sample_deck("vision"), test, {"weather_at_start": False})


def test_it_sets_a_node_first_but_not_the_character_it_then_plays():
    def opening(s):
        hand = names(s, "p0.hand")
        return "竹林の野兎" in hand and "霊符「見習いの封印」" in hand

    state = first_seed(opening)
    node = PILOT.choose(state)
    assert node["type"] == "node" and name(state, node["card"]) != "竹林の野兎"
    assert name(state, node["card"]) in {"霊符「見習いの封印」", "歌符「夜雀の子守唄」", "剣符「退魔一閃」", "風符「天狗の追い風」", "弾幕回避"}
    apply(state, node)
    play = PILOT.choose(state)
    assert play["type"] == "play" and CARDS[name(state, play["card"])]["card_type"] == "キャラクター"
    assert CARDS[name(state, play["card"])]["fields"]["attack"] >= 2  # the best 1-node character: 竹林の野兎
    apply(state, play)
    assert PILOT.choose(state) == {"type": "end_turn"}  # it entered sleeping: nothing attacks yet


def test_it_attacks_with_every_character_that_can_before_it_ends_its_turn():
    def no_attack_left(state, action):
        if action["type"] == "end_turn":
            assert not [a for a in legal_actions(state) if a["type"] == "attack"], state["setup"]["seed"]

    for seed in range(30):
        state = autopilot_game("vision", sample_deck("vision"), seed, {"weather": False}, cap=None, each=no_attack_left)
        assert state["result"]["winner"] == 0


def put(state, card, to):
    iid = next(i for i in state["zones"]["p0.deck"] if name(state, i) == card)
    apply(state, {"type": "manual.move", "card": iid, "to": to})
    return iid


def weather(state, card):
    iid = next(i for i in state["zones"]["p0.weather"] if name(state, i) == card)
    apply(state, {"type": "manual.move", "card": iid, "to": "weather_area"})


def test_under_shourouka_it_never_deals_the_goldfish_its_last_life():
    state = first_seed(lambda s: True)
    weather(state, "精霊風")
    big, small = put(state, "人形遣いの弟子", "p0.field"), put(state, "竹林の野兎", "p0.field")  # attacks 3 and 2
    apply(state, {"type": "manual.life", "player": 1, "delta": -22})  # the goldfish at 3
    action = PILOT.choose(state)
    while action["type"] != "end_turn":
        assert action.get("card") != big  # 3 damage would win, and 精霊風 makes that a loss
        apply(state, action)
        action = PILOT.choose(state)
    assert state["cards"][small]["tapped"] and not state["cards"][big]["tapped"]
    assert state["players"][1]["life"] == 1 and state["result"] is None


def test_under_yuki_and_shourouka_it_deals_the_deckless_goldfish_no_damage_and_under_yuki_alone_it_attacks():
    """雪 (seed line 163): …[デッキの上のカードX枚]を破棄する。破棄出来ない場合、そのプレイヤーはゲームに敗北する。The goldfish has
    no deck, so any damage to it wins the game: a loss under 精霊風 too, so it does not attack; under 雪 alone it does."""
    state = first_seed(lambda s: True)
    weather(state, "精霊風")
    weather(state, "雪")
    put(state, "竹林の野兎", "p0.field")
    action = PILOT.choose(state)
    while action["type"] != "end_turn":
        assert action["type"] != "attack"
        apply(state, action)
        action = PILOT.choose(state)
    assert state["result"] is None
    alone = first_seed(lambda s: True)
    weather(alone, "雪")
    hare = put(alone, "竹林の野兎", "p0.field")
    action = PILOT.choose(alone)
    while action["type"] != "attack":
        apply(alone, action)
        action = PILOT.choose(alone)
    assert action == {"type": "attack", "card": hare}
    apply(alone, action)
    assert alone["result"] == {"winner": 0, "turn": alone["turn"], "reason": "yuki"}


def test_haru_ichiban_takes_a_node_and_yoiyami_declares_the_deck_s_commonest_types():
    state = first_seed(lambda s: True)
    weather(state, "春一番")
    apply(state, {"type": "end_turn"})
    while state["pending"] and state["pending"]["type"] == "discard":
        apply(state, PILOT.choose(state))
    assert state["pending"]["weather"] == "春一番" and state["active"] == 0
    nodes = len(state["zones"]["p0.nodes"])
    assert PILOT.choose(state) == {"type": "weather_choice", "option": 1}  # the top card as an active node
    apply(state, PILOT.choose(state))
    assert len(state["zones"]["p0.nodes"]) == nodes + 1
    state = first_seed(lambda s: True)
    weather(state, "宵闇")
    attacker = put(state, "竹林の野兎", "p0.field")
    apply(state, {"type": "attack", "card": attacker})
    # the deck: about 30 characters, 15 spells, 5 commands: キャラクター・スペル covers the most
    assert PILOT.choose(state) == {"type": "weather_choice", "option": 1}


def test_it_pays_an_upkeep_it_can_and_discards_the_cards_worth_least():
    state = first_seed(lambda s: True)
    tengu = put(state, "山の大天狗", "p0.field")
    put(state, "見習い巫女", "p0.nodes")
    state["pending"] = {"type": "upkeep", "player": 0, "card": tengu, "cost": 1}
    assert PILOT.choose(state) == {"type": "pay"}
    apply(state, {"type": "manual.tap", "card": state["zones"]["p0.nodes"][0], "tapped": True})
    assert PILOT.choose(state) == {"type": "destroy"}
    state = first_seed(lambda s: "弾幕回避" in names(s, "p0.deck"))
    for card in ("弾幕回避", "宴会の準備", "古き鬼の長"):
        put(state, card, "p0.hand")
    state["pending"] = {"type": "discard", "player": 0, "n": 1, "choose": {"zone": "p0.hand", "min": 1, "max": 1}}
    (gone,) = PILOT.choose(state)["cards"]
    assert CARDS[name(state, gone)]["card_type"] != "キャラクター" and name(state, gone) != "宴会の準備"
