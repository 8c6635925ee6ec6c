"""マナカード's autopilot: every action it takes is one the rules accept, the same seed plays the same game
(in any process: tests/test_simulate.py), it beats the sample deck's goldfish, and it plays by its
documented heuristic."""

from rules.declare import get_game
from rules.declare.samples import bundled_cards, sample_deck
from rules.engine import apply, legal_actions, new_game
from rules.engine.simulate import simulate

from .engine_helpers import assert_same_game, autopilot_game, first_seed, name, names, play_on

PILOT = get_game("manacard").pilot
CARDS = bundled_cards("manacard")


def card(name, copies, section=None):
    c = CARDS[name]
    return [{**c, "section": section or c["fields"]["deck"]}] * copies


# few units deep in the main deck, a damage spell in the skill deck: it digs, takes from mana, casts 雷撃
DIGGER = [card("薬草", 44) + card("岩肌のゴーレム", 3) + card("鉄の長剣", 3) + card("雷撃", 20) + card("氷の壁", 15) + card("起死回生", 15) + card("魔力の泉", 1)]


def test_every_action_it_chooses_is_accepted_by_the_rules():
    for seed in range(200):
        autopilot_game("manacard", sample_deck("manacard"), seed, check=True)
    for seed in range(40):
        autopilot_game("manacard", sample_deck("manacard"), seed, {"first": "goldfish", "goldfish_hp": 30}, check=True)
        autopilot_game("manacard", DIGGER, seed, cap=40, check=True)


def test_the_same_seed_plays_the_same_game():
    for seed in (1, 7, 42):
        assert_same_game("manacard", sample_deck("manacard"), seed)
    assert_same_game("manacard", DIGGER, 5, cap=40)


def test_it_beats_the_sample_decks_goldfish_within_the_cap():
    # measured: 2000 games, all won, mean 9.85 action rights against the goldfish's 39 HP (its main deck of 50
    # after its set-up; the quickest possible: a golem, then 8 hits of 5)
    r = simulate("manacard", sample_deck("manacard"), 300, 1, 20)
    assert r["won"] >= 0.97 * 300
    assert r["mean"] <= 11
    assert r["distribution"][8]["cumulative"] >= 0.4  # won by right 9 (a golem on right 1, then 5 a hit)


def test_its_turn_is_the_players_action_right():
    state = new_game("manacard", sample_deck("manacard"), 3)
    assert PILOT.own_turn(state) == 1
    apply(state, PILOT.choose(state))  # a play: the payment still belongs to this right
    assert PILOT.own_turn(state) == 1
    while state["pending"]:
        apply(state, PILOT.choose(state))
    assert PILOT.own_turn(state) == 2 and state["turn"] == 2


def test_the_opening_pool_is_the_whole_main_deck_after_the_mana_and_hand():
    for options, hand in (({}, 5), ({"first": "goldfish"}, 6)):
        state = new_game("manacard", sample_deck("manacard"), 9, options)
        pool = PILOT.opening_pool(state)
        assert len(pool) == 50 == len(set(pool))  # the main deck of 50: 5 to mana, then the hand, from one shuffle
        assert len(PILOT.opening_hand(state)) == hand and set(PILOT.opening_hand(state)) <= set(pool)
        assert set(state["zones"]["p0.mana"]) <= set(pool) and len(state["zones"]["p0.mana"]) == 5
        assert all(state["cards"][i].get("home") is None for i in pool)  # no skill or status card
        assert not set(pool) & set(state["zones"]["p0.skill"] + state["zones"]["p0.status"])


def test_key_cards_are_the_units_the_opening_mana_pays_for():
    assert PILOT.is_key(CARDS["岩肌のゴーレム"]) and PILOT.is_key(CARDS["見習い剣士"])
    assert not PILOT.is_key(CARDS["鉄の長剣"]) and not PILOT.is_key(CARDS["雷撃"])
    assert not PILOT.is_key({**CARDS["岩肌のゴーレム"], "cost": 6})
    assert PILOT.plays == frozenset({"play"})


def test_it_plays_a_golem_from_hand_first_paying_with_the_mana_worth_least():
    state = first_seed("manacard", sample_deck("manacard"), lambda s: "岩肌のゴーレム" in names(s, "p0.hand") and "見習い剣士" in names(s, "p0.mana"))
    action = PILOT.choose(state)
    assert action["type"] == "play" and name(state, action["card"]) == "岩肌のゴーレム"
    apply(state, action)
    pay = PILOT.choose(state)
    assert pay["type"] == "pay_mana" and len(pay["cards"]) == 4  # mana first: all of the cost
    left = [m for m in state["zones"]["p0.mana"] if m not in pay["cards"]]
    worth = {"薬草": 0, "鉄の長剣": 1, "疾風の盗賊": 3, "森の弓使い": 3, "槍持ちの衛兵": 3, "見習い剣士": 4, "放浪の竜騎士": 5, "岩肌のゴーレム": 6}
    assert worth[name(state, left[0])] >= max(worth[name(state, m)] for m in pay["cards"])
    apply(state, pay)
    assert state["pending"] is None and state["turn"] == 2
    action = PILOT.choose(state)  # then it attacks with it, and keeps attacking
    assert action == {"type": "pass", "option": "attack", "card": state["zones"]["p0.field"][0]}
    apply(state, action)
    assert len(state["zones"]["p1.deck"]) == 39 - 5  # its HP after the set-up, less 4 + 1 (剣術の才: 近 units)


def test_it_pays_the_rest_from_the_skill_cards_it_values_least():
    state = first_seed("manacard", sample_deck("manacard"), lambda s: "岩肌のゴーレム" in names(s, "p0.hand"))
    for iid in list(state["zones"]["p0.mana"])[1:]:
        apply(state, {"type": "manual.move", "card": iid, "to": "p0.discard"})
    apply(state, PILOT.choose(state))
    pay = PILOT.choose(state)
    assert len(pay["cards"]) == 1
    apply(state, pay)
    pay = PILOT.choose(state)
    assert pay["type"] == "pay_skill" and len(pay["cards"]) == 3
    assert {name(state, i) for i in pay["cards"]} == {"氷の壁"}  # no use against a goldfish; 雷撃 and 火の玉 are kept


def test_it_takes_a_golem_from_mana_when_the_hand_has_none():
    state = first_seed(
        "manacard",
        sample_deck("manacard"),
        lambda s: "岩肌のゴーレム" in names(s, "p0.mana") and not {"岩肌のゴーレム", "放浪の竜騎士"} & set(names(s, "p0.hand")),
    )
    assert PILOT.choose(state) == {"type": "pass", "option": "mana_to_hand"}
    apply(state, {"type": "pass", "option": "mana_to_hand"})
    take = PILOT.choose(state)
    assert take["type"] == "mana_to_hand" and [name(state, i) for i in take["cards"]] == ["岩肌のゴーレム"]
    apply(state, take)
    action = PILOT.choose(state)
    assert action["type"] == "play" and name(state, action["card"]) == "岩肌のゴーレム"


def test_with_no_unit_in_reach_it_digs_with_a_mana_streak():
    state = first_seed("manacard", DIGGER, lambda s: "岩肌のゴーレム" not in names(s, "p0.hand") + names(s, "p0.mana"))
    streak = []
    while "岩肌のゴーレム" not in names(state, "p0.mana"):
        action = PILOT.choose(state)
        assert action == {"type": "pass", "option": "mana"}
        apply(state, action)
        streak.append(state["flags"]["streak"])
    assert streak == list(range(1, len(streak) + 1))  # consecutive: 1, 2, 3, … cards a pass
    assert PILOT.choose(state) == {"type": "pass", "option": "mana_to_hand"}


def test_it_casts_a_damage_spell_from_the_skill_deck_to_finish():
    state = first_seed("manacard", DIGGER, lambda s: True)
    deck = state["zones"]["p1.deck"]
    for iid in deck[2:]:
        apply(state, {"type": "manual.move", "card": iid, "to": "p1.exile"})
    action = PILOT.choose(state)  # the goldfish at 2: 雷撃 (2 damage) wins at once
    assert action["type"] == "play" and name(state, action["card"]) == "雷撃"
    assert action in legal_actions(state)
    play_on(state)
    assert state["result"]["winner"] == 0 and PILOT.own_turn(state) == 1


def test_it_plays_on_while_the_goldfishs_units_attack_and_every_action_is_accepted():
    """The goldfish's units (put on its field by hand) attack the player on its rights: the autopilot keeps racing
    (its actions accepted by the rules), the hits land on its main deck, and it still wins."""
    for seed in range(10):
        decks = sample_deck("manacard") + [card("岩肌のゴーレム", 40, "main")]
        state = new_game("manacard", decks, seed)
        for iid in state["zones"]["p1.deck"][-2:]:
            apply(state, {"type": "manual.move", "card": iid, "to": "p1.field", "face_up": True})
        play_on(state, cap=40, check=True)
        hits = [e for entry in state["log"] for e in entry["events"] if e["type"] == "attack_hits" and e.get("player") == 0]
        assert hits and all(e["card"] in state["zones"]["p1.field"] for e in hits)
        assert state["result"] is not None and state["result"]["winner"] == 0
