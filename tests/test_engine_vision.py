"""東方VISION with the 非想天則 weather rule in the engine: golden playthroughs of the base game (GAMES.md's
public facts) and of the seed's weather rule and weathers (each quotes the passage it checks), and random
legal games with manual moves mixed in that keep the invariants."""

import copy
import json
import random
from pathlib import Path

import pytest

from rules.declare.samples import bundled_card_data, sample_data
from rules.engine import (
    IllegalAction,
    apply,
    check_invariants,
    decision,
    digest,
    legal_actions,
    new_game,
    redo,
    replay,
    undo,
    view,
)
from rules.games.vision.weather import AUTOMATED_WEATHERS, WEATHER_STATUS

from .engine_helpers import fresh

ROOT = Path(__file__).resolve().parent.parent
BUNDLED = {c["name"]: c for c in bundled_card_data("vision")}
WEATHERS = [name for name, c in BUNDLED.items() if c["card_type"] == "天候"]
QUIET = ["台風", "梅雨", "快晴", "曇天", "炎天", "黄砂"]  # weathers that do nothing while nobody acts


def bundled(name, section="main"):
    return {**BUNDLED[name], "key": name, "section": section}


def weather_deck(names=WEATHERS):
    return [bundled(name, "weather") for name in names]


def char(key, req=0, cost=0, attack=2, defence=2, keywords=(), race=("妖怪",), upkeep=None, script=None):
    fields = {"required_nodes": req, "attack": attack, "defence": defence, "race": list(race)}
    if upkeep:
        fields["upkeep"] = upkeep
    if script:
        fields["script"] = script
    return {"key": key, "name": key, "card_type": "キャラクター", "cost": cost, "keywords": list(keywords), "fields": fields}


def spell(key, req=0, cost=0, caster=None, keywords=(), script=None):
    fields = {"required_nodes": req}
    if caster:
        fields["caster"] = caster
    if script:
        fields["script"] = script
    return {"key": key, "name": key, "card_type": "スペル", "cost": cost, "keywords": list(keywords), "fields": fields}


def command(key, req=0, cost=0, text="", script=None):
    fields = {"required_nodes": req}
    if script:
        fields["script"] = script
    return {"key": key, "name": key, "card_type": "コマンド", "cost": cost, "rules_text": text, "fields": fields}


FILLER = [command(f"filler{i}", req=90, cost=9) for i in range(40)]  # commands nobody can afford


def start(extra=(), seed=1, weathers=None, deck=None, **options):
    """A new game: `extra` cards and the filler as the main deck; `weathers` (names) as the weather deck."""
    cards = list(extra) + (FILLER if deck is None else deck) + (weather_deck(weathers) if weathers is not None else [])
    return new_game("vision", [cards], seed=seed, options=options)


def weather_game(*names, extra=(), **options):
    """A game with the 30 weathers as the weather deck, none revealed, then `names` put into the area."""
    options = {"weather_at_start": False, **options}
    state = start(extra, weathers=WEATHERS, **options)
    for name in names:
        force(state, name)
    return state


def force(state, name):
    """A test helper: the weather card `name` moved into the weather area (a logged manual action)."""
    iid = next(i for i, c in state["cards"].items() if c["def"] == name)
    apply(state, {"type": "manual.move", "card": iid, "to": "weather_area"})
    return iid


def take(state, key, to="p0.hand"):
    """A fresh instance of card `key`, moved into `to` unless it is there (a logged manual action; a card moved
    onto the field is active; into a deck: on top)."""
    iid = fresh(state, key)
    if state["cards"][iid]["zone"] != to or to.endswith(".deck"):  # into a deck: on top
        apply(state, {"type": "manual.move", "card": iid, "to": to})
    return iid


def give_nodes(state, n, sleeping=0):
    """n filler cards from the deck as nodes, the first `sleeping` of them asleep."""
    ids = [i for i in state["zones"]["p0.deck"] if state["cards"][i]["def"].startswith("filler")][:n]
    for k, iid in enumerate(ids):
        apply(state, {"type": "manual.move", "card": iid, "to": "p0.nodes"})
        apply(state, {"type": "manual.tap", "card": iid, "tapped": k < sleeping})
    return ids


def hand(state):
    return state["zones"]["p0.hand"]


def life(state):
    return [p["life"] for p in state["players"]]


def end_turn(state):
    """End the turn (over the hand limit, filler cards go); the events of the turns that passed."""
    events = apply(state, {"type": "end_turn"})
    while state["pending"] and state["pending"]["type"] == "discard":
        fillers = [i for i in hand(state) if state["cards"][i]["def"].startswith("filler")]
        events += apply(state, {"type": "discard", "cards": fillers[: state["pending"]["n"]]})
    return events


def can(state, kind, iid):
    return {"type": kind, "card": iid} in legal_actions(state)


def weather_events(events, name):
    return [e for e in events if e.get("weather") == name]


# -- the base game -------------------------------------------------------------------------------------------


def test_setup_7_cards_25_life_and_the_first_player_does_not_draw_on_turn_1():
    """Life 25, no upper limit. Each player draws 7; no mulligan. The first player does not draw on turn 1."""
    state = start()
    assert life(state) == [25, 25] and len(hand(state)) == 7
    assert (state["turn"], state["active"], state["phase"]) == (1, 0, "main")
    events = end_turn(state)
    assert {"type": "turn", "turn": 2, "player": 1} in events  # every player's turn counts: the goldfish's is turn 2
    assert state["turn"] == 3 and len(hand(state)) == 8
    assert state["zones"]["p1.hand"] == [] and state["zones"]["p1.deck"] == []  # the goldfish has no deck


def test_the_phases_run_active_maintenance_draw_main_discard():
    """Phases: アクティブ → メンテナンス → ドロー → メイン → ディスカード."""
    state = start()
    phases = [e["phase"] for e in end_turn(state) if e["type"] == "phase"]
    turn = ["active", "maintenance", "draw", "main", "discard"]
    assert phases == ["discard"] + turn + turn[:-1]  # the end of turn 1, the goldfish's turn 2, turn 3 up to main


def test_the_goldfish_may_go_first_and_then_the_player_draws_on_their_first_turn():
    state = start(first="goldfish")
    assert (state["turn"], state["active"]) == (2, 0) and len(hand(state)) == 8


def test_a_node_is_set_once_a_turn_face_down_and_active_and_setting_it_is_not_a_play():
    """In the main phase the turn player may set one card from hand as a node (once a turn). Setting a node
    is not a play."""
    state = start([spell("符", cost=0)])
    first, second = hand(state)[:2]
    apply(state, {"type": "node", "card": first})
    card = state["cards"][first]
    assert card["zone"] == "p0.nodes" and not card["face_up"] and not card["tapped"]
    assert view(state, 1)["zones"]["p0.nodes"] == [None] and view(state, 0)["zones"]["p0.nodes"] == [first]
    assert not any(a["type"] == "node" for a in legal_actions(state))
    with pytest.raises(IllegalAction, match="node"):
        apply(state, {"type": "node", "card": second})
    end_turn(state)
    apply(state, {"type": "node", "card": second})


def test_required_nodes_count_sleeping_nodes_and_the_cost_sleeps_active_ones():
    """A card shows 必要ノード (nodes you must have, active and sleeping both count) and コスト (nodes you turn
    to sleep to pay)."""
    state = start([char("鬼", req=3, cost=1), char("大鬼", req=3, cost=2), char("巨鬼", req=4, cost=0)])
    oni, big, huge = take(state, "鬼"), take(state, "大鬼"), take(state, "巨鬼")
    nodes = give_nodes(state, 3, sleeping=2)
    assert can(state, "play", oni)
    assert not can(state, "play", big) and not can(state, "play", huge)
    with pytest.raises(IllegalAction, match="costs 2"):
        apply(state, {"type": "play", "card": big})
    with pytest.raises(IllegalAction, match="needs 4 nodes"):
        apply(state, {"type": "play", "card": huge})
    apply(state, {"type": "play", "card": oni})
    assert all(state["cards"][i]["tapped"] for i in nodes)
    assert state["cards"][oni]["zone"] == "p0.field"


def test_one_character_a_turn_but_any_number_of_spells():
    """…play one character (once a turn)."""
    state = start([char("甲"), char("乙"), spell("丙"), spell("丁")])
    a, b, c, d = (take(state, k) for k in ("甲", "乙", "丙", "丁"))
    apply(state, {"type": "play", "card": a})
    assert not can(state, "play", b)
    with pytest.raises(IllegalAction, match="one character a turn"):
        apply(state, {"type": "play", "card": b})
    apply(state, {"type": "play", "card": c})
    apply(state, {"type": "play", "card": d})
    assert state["cards"][c]["zone"] == state["cards"][d]["zone"] == "p0.discard"
    end_turn(state)
    assert can(state, "play", b)


def test_characters_enter_sleeping_unless_haste_and_attacks_deal_their_attack_to_the_goldfish():
    """Characters enter sleeping unless 速攻. Attacking … turn the character to sleep; any number of attacks a
    turn (the goldfish never defends, so the damage goes to its life)."""
    state = start([char("遅", attack=2), char("速", attack=3, keywords=("速攻",))])
    slow, fast = take(state, "遅"), take(state, "速")
    apply(state, {"type": "play", "card": slow})
    assert state["cards"][slow]["tapped"] and not can(state, "attack", slow)
    end_turn(state)
    assert not state["cards"][slow]["tapped"]  # the active phase
    apply(state, {"type": "attack", "card": slow})
    assert state["cards"][slow]["tapped"] and life(state) == [25, 23]
    apply(state, {"type": "play", "card": fast})
    assert not state["cards"][fast]["tapped"]
    apply(state, {"type": "attack", "card": fast})
    assert life(state) == [25, 20]
    with pytest.raises(IllegalAction, match="sleeping"):
        apply(state, {"type": "attack", "card": fast})


def test_an_upkeep_is_paid_by_sleeping_nodes_or_its_card_is_destroyed():
    """Maintenance: an upkeep (維持コスト) that is not paid destroys its card."""
    state = start([char("鬼", upkeep=1)])
    oni = take(state, "鬼")
    apply(state, {"type": "play", "card": oni})
    (node,) = give_nodes(state, 1)
    end_turn(state)
    assert state["pending"] == {"type": "upkeep", "player": 0, "card": oni, "cost": 1} and state["phase"] == "maintenance"
    assert legal_actions(state) == [{"type": "pay"}, {"type": "destroy"}]
    apply(state, {"type": "pay"})
    assert state["cards"][node]["tapped"] and state["cards"][oni]["zone"] == "p0.field" and state["phase"] == "main"
    apply(state, {"type": "manual.move", "card": node, "to": "p0.discard"})
    end_turn(state)
    assert legal_actions(state) == [{"type": "destroy"}]
    with pytest.raises(IllegalAction, match="upkeep"):
        apply(state, {"type": "pay"})
    apply(state, {"type": "destroy"})
    assert state["cards"][oni]["zone"] == "p0.discard" and state["phase"] == "main"


def test_the_hand_is_cut_to_7_in_the_discard_phase():
    """Discard: down to 7 cards in hand."""
    state = start()
    take(state, "filler30")
    take(state, "filler31")
    apply(state, {"type": "end_turn"})
    assert state["phase"] == "discard"
    assert state["pending"] == {"type": "discard", "player": 0, "n": 2, "choose": {"zone": "p0.hand", "min": 2, "max": 2}}
    with pytest.raises(IllegalAction, match="exactly 2"):
        apply(state, {"type": "discard", "cards": hand(state)[:1]})
    chosen = hand(state)[:2]
    apply(state, {"type": "discard", "cards": chosen})
    assert all(state["cards"][i]["zone"] == "p0.discard" for i in chosen) and state["turn"] == 3


def test_a_manual_move_out_of_the_hand_lowers_the_discard_decision():
    state = start()
    take(state, "filler30")
    apply(state, {"type": "end_turn"})
    apply(state, {"type": "manual.move", "card": hand(state)[0], "to": "p0.deck"})
    assert state["pending"]["n"] == 0 and legal_actions(state) == [{"type": "discard", "cards": []}]


def test_the_player_who_must_draw_and_cannot_loses():
    """Win: … the opponent must draw and cannot."""
    state = start(deck=FILLER[:8])  # 7 in hand, 1 left
    end_turn(state)  # turn 3 draws the last card
    assert state["result"] is None and not state["zones"]["p0.deck"]
    end_turn(state)  # turn 5 must draw from the empty deck
    assert state["result"] == {"winner": 1, "turn": 5, "reason": "deck"}
    assert legal_actions(state) == []


def test_the_goldfish_at_life_0_loses_and_so_does_the_player():
    """Win: the opponent's life is 0 or less."""
    state = start([char("大妖", attack=30, keywords=("速攻",))])
    apply(state, {"type": "play", "card": take(state, "大妖")})
    apply(state, {"type": "attack", "card": state["zones"]["p0.field"][0]})
    assert state["result"] == {"winner": 0, "turn": 1, "reason": "life"}
    other = start()
    apply(other, {"type": "manual.life", "player": 0, "delta": -25})
    assert other["result"] == {"winner": 1, "turn": 1, "reason": "life"}


def test_bad_options_are_refused_naming_the_option():
    with pytest.raises(IllegalAction, match="first"):
        start(first=2)
    with pytest.raises(IllegalAction, match="weather_at_start"):
        start(weather_at_start="yes")


def test_the_sample_cards_steps_heal_draw_and_raise_a_defence():
    """里の薬売り「このキャラクターが場に出た時、自分のライフを2回復する。」 宴会の準備「カードを2枚引く。」
    弾幕回避「目標のキャラクター1枚はターン終了時まで「戦闘修正±0/+2」を得る。」"""
    state = start([bundled("里の薬売り"), bundled("宴会の準備"), bundled("弾幕回避")])
    give_nodes(state, 3)
    apply(state, {"type": "play", "card": take(state, "里の薬売り")})
    assert life(state) == [27, 25]
    before = len(hand(state))
    apply(state, {"type": "play", "card": take(state, "宴会の準備")})
    assert len(hand(state)) == before + 2
    end_turn(state)
    healer = state["zones"]["p0.field"][0]
    apply(state, {"type": "play", "card": take(state, "弾幕回避")})
    assert legal_actions(state) == [{"type": "choose", "card": healer}]
    apply(state, {"type": "choose", "card": healer})
    assert state["cards"][healer]["counters"] == {"defence": 2}
    end_turn(state)
    assert state["cards"][healer]["counters"] == {}


def test_the_goldfishs_characters_defend_and_the_two_deal_damage_at_once_or_first_strike_first():
    """Attacking and defending turn the character to sleep; one attacker and one defender at a time; damage is
    simultaneous unless 先制. (GAMES.md; the goldfish's characters, put there by hand, defend: the first active one
    in its field's order; with the option off, or none active, the attack hits the goldfish.)"""
    state = start([char("甲", attack=3, defence=3), char("先", attack=3, defence=3, keywords=("先制",)), char("壁", attack=3, defence=3),
                   char("盾", attack=3, defence=3), char("乙", attack=2)])
    a, first, other = take(state, "甲", "p0.field"), take(state, "先", "p0.field"), take(state, "乙", "p0.field")
    wall, shield = take(state, "壁", "p1.field"), take(state, "盾", "p1.field")
    events = apply(state, {"type": "attack", "card": a})
    assert {"type": "defend", "card": wall, "attacker": a} in events and life(state) == [25, 25]
    assert state["cards"][a]["zone"] == state["cards"][wall]["zone"] == "p0.discard"  # at once: both 決死 (to their owner's pile)
    apply(state, {"type": "attack", "card": first})  # 先制 first: the shield is 決死 before it deals its damage
    assert state["cards"][shield]["zone"] == "p0.discard" and state["cards"][first]["zone"] == "p0.field"
    assert state["cards"][first]["counters"] == {}
    apply(state, {"type": "attack", "card": other})  # nobody active left to defend
    assert life(state) == [25, 23]
    off = start([char("甲", attack=3), char("壁")], goldfish_defends=False)
    take(off, "壁", "p1.field")
    apply(off, {"type": "attack", "card": take(off, "甲", "p0.field")})
    assert life(off) == [25, 22]


def assert_player_1_sees_only_open_cards(state):
    """view(state, 1): of player 0's hand, deck, nodes and weather deck only the places (their cards are face down,
    whatever a manual move did); of player 0's field, discard pile and exile zone the face-up cards only."""
    seen = view(state, 1)
    for name, ids in state["zones"].items():
        owner, _, kind = name.partition(".")
        if owner != "p0":
            continue
        if kind in ("hand", "deck", "nodes", "weather"):
            assert seen["zones"][name] == [None] * len(ids), name
            assert not any(state["cards"][i]["face_up"] or i in seen["cards"] for i in ids), name
        else:
            assert seen["zones"][name] == [i if state["cards"][i]["face_up"] else None for i in ids], name


def test_view_shows_player_1_no_hidden_card_and_no_face_down_card():
    """What player 1 may see: player 0's hand, deck, nodes (set face down) and weather deck only as places; the
    face-up cards of the field, the discard pile, the exile zone and the weather area. A manual move or flip that
    would leave a card face up in a hidden zone is put right (a node is set face down); a weather moved into the
    weather area is revealed; a card put face down on the field is seen by its player only."""
    state = start([spell("符")], weathers=QUIET)
    first, second, third = hand(state)[:3]
    apply(state, {"type": "node", "card": first})
    apply(state, {"type": "manual.move", "card": second, "to": "p0.field", "face_up": False})
    apply(state, {"type": "manual.move", "card": third, "to": "p0.discard"})
    apply(state, {"type": "manual.move", "card": third, "to": "p0.nodes", "face_up": True})
    apply(state, {"type": "manual.flip", "card": second})
    apply(state, {"type": "manual.flip", "card": hand(state)[0]})
    apply(state, {"type": "manual.move", "card": state["zones"]["p0.weather"][0], "to": "weather_area"})
    assert not state["cards"][third]["face_up"] and state["cards"][second]["face_up"]
    assert all(not state["cards"][i]["face_up"] for i in hand(state) + state["zones"]["p0.nodes"])
    assert all(state["cards"][i]["face_up"] for i in state["zones"]["weather_area"])
    assert view(state, 1)["zones"]["p0.nodes"] == [None, None] and view(state, 0)["zones"]["p0.nodes"] == [first, third]
    apply(state, {"type": "manual.flip", "card": second})
    assert view(state, 1)["zones"]["p0.field"] == [None] and view(state, 0)["zones"]["p0.field"] == [second]
    assert_player_1_sees_only_open_cards(state)


# -- the weather rule ------------------------------------------------------------------------------------------


def test_a_weather_is_revealed_at_game_start_unless_the_option_is_off():
    """補足1: ①ゲーム開始 (GAMES.md's reading: one weather is revealed at game start; an option)."""
    state = start(weathers=WEATHERS, seed=3)
    area = state["zones"]["weather_area"]
    first = state["defs"][state["cards"][area[0]]["def"]]["name"]
    assert len(area) == (5 if first == "極光" else 1) and len(area) + len(state["zones"]["p0.weather"]) == 30
    assert view(state, 0)["layout"]["weather"] | {"in_force": None} == {
        "zone": "weather_area", "turns_left": 4, "changes_after_turn": 4, "on": True, "in_force": None,
    }
    assert all(state["cards"][i]["face_up"] for i in area) and view(state, 1)["zones"]["weather_area"] == area
    off = start(weathers=WEATHERS, weather_at_start=False)
    assert off["zones"]["weather_area"] == [] and len(off["zones"]["p0.weather"]) == 30
    none = start()
    assert none["flags"]["weather_on"] is False and view(none, 0)["layout"]["weather"]["turns_left"] is None


def test_the_weather_changes_after_the_end_of_every_4th_turn_between_the_turns():
    """ゲーム開始から4ターン目毎のターン終了時の処理後、天候エリアに出ている天候カード全てを天候デッキに戻す。(つまり、
    ターン終了時≠天候終了タイミング。ターン終了時とターン開始時の間である。) ルールは単純。4ターンつまり後攻2ターン毎に天候が
    変わり、ルールが変化する。"""
    state = start(weathers=QUIET, seed=2)
    assert view(state, 0)["layout"]["weather"]["turns_left"] == 4
    first = end_turn(state)  # turns 1 and 2
    assert not [e for e in first if e["type"] == "weather_change"]
    assert view(state, 0)["layout"]["weather"] | {"in_force": None} == {
        "zone": "weather_area", "turns_left": 2, "changes_after_turn": 4, "on": True, "in_force": None,
    }
    second = end_turn(state)  # turns 3 and 4, the change, turn 5
    kinds = [(e["type"], e.get("turn")) for e in second if e["type"] in ("turn_end", "weather_change", "turn")]
    assert kinds == [("turn_end", 3), ("turn", 4), ("turn_end", 4), ("weather_change", 4), ("turn", 5)]
    assert view(state, 0)["layout"]["weather"]["changes_after_turn"] == 8
    assert view(state, 0)["layout"]["weather"]["turns_left"] == 4
    end_turn(state)
    assert [e["turn"] for e in end_turn(state) if e["type"] == "weather_change"] == [8]


def test_every_weather_card_in_the_area_goes_back_before_one_is_revealed():
    """天候エリアに出ている天候カード全てを天候デッキに戻す。その後、天候デッキから天候カードを1枚ランダムに天候エリアに出す。
    (At random: the seeds reveal different weathers, each from the weather deck.)"""
    state = start(weathers=QUIET, weather_at_start=False)
    forced = [force(state, name) for name in QUIET[:3]]
    end_turn(state)
    events = end_turn(state)
    moves = [e for e in events if e["type"] == "move" and "weather_area" in (e["from"], e["to"])]
    assert [(e["card"], e["to"]) for e in moves[:3]] == [(i, "p0.weather") for i in forced]
    assert len(moves) == 4 and moves[3]["to"] == "weather_area"
    assert state["zones"]["weather_area"] == [moves[3]["card"]]
    revealed = set()
    for seed in range(12):
        game = start(weathers=QUIET, seed=seed)
        (shown,) = game["zones"]["weather_area"]
        revealed.add(game["cards"][shown]["def"])
    assert len(revealed) >= 4 and revealed <= set(QUIET)


def test_the_weather_cards_are_the_weather_deck_and_the_weather_area_is_not_the_field():
    """《はじめに》天候カードを用意し、それを天候デッキとする。新たな領域、天候エリアを設ける。天候エリアは場のカードとして
    扱われない。(The deck's weather section is the weather deck, apart from the main deck; the weather area is a zone
    of its own, and an effect choosing a card of the field does not see the weathers in it.)"""
    state = start([command("強化", script=[{"op": "stat", "stat": "attack", "amount": 1}]), char("甲")], weathers=QUIET, weather_at_start=False)
    assert sorted(state["cards"][i]["def"] for i in state["zones"]["p0.weather"]) == sorted(QUIET)
    assert not [i for i in state["zones"]["p0.deck"] + hand(state) if state["cards"][i]["def"] in QUIET]
    area = force(state, "台風")
    assert state["zones"]["weather_area"] == [area] and state["zones"]["p0.field"] == []
    fighter = take(state, "甲", "p0.field")
    apply(state, {"type": "play", "card": take(state, "強化")})
    assert decision(state)["candidates"] == [fighter]  # not the weather card
    without = start()
    assert without["flags"]["weather_on"] is False and without["zones"]["p0.weather"] == without["zones"]["weather_area"] == []


def test_a_weather_in_the_area_adds_its_rules_and_they_go_with_it():
    """天候カードが天候エリアに出ている場合、その天候カードに記述されているルールをルールに追加する。(快晴 in the area: a
    character needs 2 fewer nodes and costs 1 less; back in the weather deck: as printed again.)"""
    state = weather_game(extra=[char("天狗", req=3, cost=2)])
    tengu = take(state, "天狗")
    give_nodes(state, 1)
    assert not can(state, "play", tengu)
    sky = force(state, "快晴")
    assert can(state, "play", tengu)
    apply(state, {"type": "manual.move", "card": sky, "to": "p0.weather"})
    assert not can(state, "play", tengu)


def test_the_weather_changes_as_the_diagram_shows_after_every_second_turn_of_the_second_player():
    """補足1. 天候の変更タイミングは図示の通り。- ②1ターン目(先攻1ターン目) - ③2ターン目(後攻1ターン目) - ④3ターン目
    - ⑤4ターン目 - ⑥天候終了→②に戻る。(Whoever goes first: turns count both players' turns, the weather ends after
    turn 4 and turn 8, and the next turn is the first player's again.)"""
    for first in ("player", "goldfish"):
        starter = 0 if first == "player" else 1
        state = start(weathers=QUIET, first=first, seed=2)
        events = []
        while state["turn"] < 9:
            events += end_turn(state)
        seq = [(e["type"], e["turn"], e.get("player")) for e in events if e["type"] in ("turn", "weather_change")]
        assert [t for kind, t, _ in seq if kind == "weather_change"] == [4, 8]
        assert all(p == (starter if t % 2 else 1 - starter) for kind, t, p in seq if kind == "turn")
        assert seq[seq.index(("weather_change", 4, None)) + 1] == ("turn", 5, starter)


def seed_revealing(name, **options):
    """A seed whose game reveals the weather `name` at the start."""
    for seed in range(2000):
        state = start(weathers=WEATHERS, seed=seed, **options)
        if state["defs"][state["cards"][state["zones"]["weather_area"][0]]["def"]]["name"] == name:
            return seed, state
    raise AssertionError(f"no seed reveals {name}")


def test_kyokkou_reveals_four_more_weathers_and_all_are_in_force_then_all_go_back():
    """極光: (自動γ)このカードが公開された場合、追加で天候カードを4枚公開する。(GAMES.md: all of them are in force together.)"""
    _, state = seed_revealing("極光")
    area = state["zones"]["weather_area"]
    assert len(area) == 5 and len(state["zones"]["p0.weather"]) == 25
    shown = [w["name"] for w in view(state, 0)["layout"]["weather"]["in_force"]]
    assert shown[0] == "極光" and state["flags"]["weathers"] == shown
    before = list(area)
    events = []
    while state["turn"] < 5 and state["result"] is None:  # whatever the four extra weathers ask, the first choice
        events = apply(state, legal_actions(state)[0]) if state["pending"] else end_turn(state)
    if state["result"] is None:
        back = [e["card"] for e in events if e["type"] == "move" and e["from"] == "weather_area"]
        assert back == before


def test_the_layout_names_each_weather_in_force_and_what_is_automated():
    state = weather_game("地震雲", "晴嵐")
    in_force = view(state, 0)["layout"]["weather"]["in_force"]
    assert [(w["name"], w["automated"]) for w in in_force] == [("地震雲", "auto"), ("晴嵐", "partial")]
    assert in_force[1]["manual"] and not in_force[0]["manual"]


def test_the_automated_weathers_include_the_ones_the_issue_names():
    assert set(AUTOMATED_WEATHERS) >= set("地震雲 春一番 精霊風 時雨 薄曇 快晴 曇天 雹 烈日 ダイヤモンドダスト 凧 雪 台風 梅雨 霧雨".split())
    assert sorted(WEATHER_STATUS) == sorted(WEATHERS)


def test_every_automated_weather_has_a_golden_test_quoting_its_text():
    """Each weather the engine applies has a test here whose docstring names it and quotes its printed text."""
    import re
    import sys

    def squeeze(text):
        return re.sub(r"\s+", "", text).replace("：", ":")

    docs = [squeeze(f.__doc__ or "") for name, f in vars(sys.modules[__name__]).items() if name.startswith("test_") and callable(f)]
    for weather in AUTOMATED_WEATHERS:
        texts = [squeeze(part["text"]) for part in BUNDLED[weather]["fields"]["weather_effects"]]
        chunks = [text[k : k + 16] for text in texts for k in range(0, max(1, len(text) - 15), 8)]
        assert any(weather in doc and any(chunk in doc for chunk in chunks) for doc in docs), weather


# -- one golden playthrough per automated weather ---------------------------------------------------------------


def test_byakuya_humans_are_not_slept_by_effects_and_sleep_when_the_weather_ends():
    """白夜: (自動α)[種族:人間を持つ全てのキャラクター]はカードの効果によってスリープ状態にならない。
    (自動γ)天候終了時、[種族:人間を持つ全てのキャラクター]をスリープ状態にする。(The goldfish goes first: the change
    follows the player's turn 4.)"""
    state = weather_game("白夜", "春一番", extra=[char("巫女", race=("人間",)), char("妖精")], first="goldfish")
    human, fairy = take(state, "巫女", "p0.field"), take(state, "妖精", "p0.field")
    end_turn(state)  # turn 4: 春一番 at the start of the main phase
    apply(state, {"type": "weather_choice", "option": 3, "card": human})
    assert not state["cards"][human]["tapped"]
    events = end_turn(state)
    slept = weather_events(events, "白夜")
    assert slept[0]["slept"] == [human]
    reveal = next(k for k, e in enumerate(events) if e["type"] == "move" and e["to"] == "weather_area")
    assert events.index(slept[0]) < reveal
    assert fairy not in slept[0]["slept"]


def test_kyokuya_puts_sleeping_non_humans_to_kesshi_when_the_weather_ends():
    """極夜: (自動γ)天候終了時、[スリープ状態である種族:人間を持たない全てのキャラクター]を決死状態にする。"""
    state = weather_game("極夜", extra=[char("巫女", race=("人間",)), char("妖精")])
    human, fairy = take(state, "巫女", "p0.field"), take(state, "妖精", "p0.field")
    end_turn(state)
    apply(state, {"type": "attack", "card": human})
    apply(state, {"type": "attack", "card": fairy})
    events = end_turn(state)  # turn 4's end: the change
    assert state["cards"][fairy]["zone"] == "p0.discard" and state["cards"][human]["zone"] == "p0.field"
    kesshi = next(k for k, e in enumerate(events) if e["type"] == "kesshi")
    reveal = next(k for k, e in enumerate(events) if e["type"] == "move" and e["to"] == "weather_area")
    assert kesshi < reveal


def test_yoiyami_declares_two_types_and_a_miss_cancels_the_attack_with_3_damage_to_both():
    """宵闇: キャラクターに攻撃をさせる度にカードの種類を2種類宣言し、[デッキの上のカード1枚]を公開する。公開したカードの
    種類が宣言したものでない場合、そのキャラクターの攻撃を取り消し、3点ダメージをそのキャラクターとプレイヤーに与える。
    その後、公開したカードをデッキの下に戻す。"""
    state = weather_game("宵闇", extra=[char("甲", attack=3), char("乙", attack=3, defence=3), char("頂")])
    a, b = take(state, "甲", "p0.field"), take(state, "乙", "p0.field")
    top = take(state, "頂", "p0.deck")
    apply(state, {"type": "attack", "card": a})
    assert state["pending"]["weather"] == "宵闇" and len(legal_actions(state)) == 3
    apply(state, {"type": "weather_choice", "option": 1})  # キャラクター・スペル: the top card is a character
    assert life(state) == [25, 22] and state["zones"]["p0.deck"][0] == top
    apply(state, {"type": "attack", "card": b})
    apply(state, {"type": "weather_choice", "option": 1})  # the top is now a filler command
    assert life(state) == [22, 22] and state["cards"][b]["zone"] == "p0.discard"  # 3 damage, 耐久力 3: 決死


def test_yoiyami_a_miss_deals_its_damage_before_the_revealed_card_goes_to_the_bottom():
    """宵闇: …公開したカードの種類が宣言したものでない場合、そのキャラクターの攻撃を取り消し、3点ダメージをそのキャラクターと
    プレイヤーに与える。その後、公開したカードをデッキの下に戻す。(With 雪 the damage mills the deck's top cards, the
    revealed card first: it is no longer there to go back.)"""
    state = weather_game("宵闇", "雪", extra=[char("甲", attack=3, defence=5), command("頂")])
    fighter = take(state, "甲", "p0.field")
    top = take(state, "頂", "p0.deck")
    below = state["zones"]["p0.deck"][-3:-1]
    deck = len(state["zones"]["p0.deck"])
    apply(state, {"type": "attack", "card": fighter})
    apply(state, {"type": "weather_choice", "option": 1})  # キャラクター・スペル: the top card is a command
    assert life(state) == [25, 25] and len(state["zones"]["p0.deck"]) == deck - 3
    assert state["cards"][top]["zone"] == "p0.discard" and all(state["cards"][i]["zone"] == "p0.discard" for i in below)
    assert state["cards"][fighter]["counters"] == {"damage": 3}
    # without 雪 the revealed card goes under the deck after the 3 damage
    apply(state, {"type": "manual.move", "card": next(i for i in state["zones"]["weather_area"] if state["cards"][i]["def"] == "雪"), "to": "p0.weather"})
    other = state["zones"]["p0.deck"][-1]  # a filler command: a miss again
    apply(state, {"type": "manual.tap", "card": fighter, "tapped": False})
    apply(state, {"type": "attack", "card": fighter})
    events = apply(state, {"type": "weather_choice", "option": 1})
    damage = next(k for k, e in enumerate(events) if e["type"] == "damage")
    bottom = next(k for k, e in enumerate(events) if e["type"] == "move" and e["card"] == other)
    assert damage < bottom and state["zones"]["p0.deck"][0] == other and life(state) == [22, 25]


def test_jishingumo_each_player_rolls_at_the_end_of_their_turn_and_nothing_prevents_it():
    """地震雲: [全てのプレイヤー]は自ターン終了時、サイコロをふる。その後、Xダメージを受ける。…この効果はあらゆるカードの
    効果によって無効、又は軽減されない。(Not even 雪's.)"""
    state = weather_game("地震雲", "雪")
    deck = len(state["zones"]["p0.deck"])
    rolls = [e for e in end_turn(state) if e["type"] == "roll"]
    assert [r["player"] for r in rolls] == [0, 1]
    assert life(state) == [25 - rolls[0]["value"], 25 - rolls[1]["value"]]
    assert len(state["zones"]["p0.deck"]) == deck - 1  # only the draw


def test_haru_ichiban_the_player_chooses_one_of_three_at_the_start_of_each_main_phase():
    """春一番: 自ターンのメインフェイズ開始時、以下の効果を1つ選んで解決する。1:[デッキの上のカード1枚]をアクティブ状態で
    ノードに加える。2:[相手プレイヤー]は1ドローする。その後、[ライフ]を3回復する。3:[自分の場のキャラクター1枚]をスリープ
    状態にする。その後、目標の[相手キャラクター1枚]をスリープ状態にする。"""
    state = weather_game("春一番", extra=[char("甲"), char("敵")], weather_every=99)
    mine = take(state, "甲", "p0.field")
    end_turn(state)
    assert state["pending"]["type"] == "weather_choice" and state["phase"] == "main"
    assert legal_actions(state) == [
        {"type": "weather_choice", "option": 1}, {"type": "weather_choice", "option": 2}, {"type": "weather_choice", "option": 3, "card": mine},
    ]
    top = state["zones"]["p0.deck"][-1]
    apply(state, {"type": "weather_choice", "option": 1})
    assert state["cards"][top]["zone"] == "p0.nodes" and not state["cards"][top]["tapped"]
    end_turn(state)
    apply(state, {"type": "weather_choice", "option": 2})
    assert life(state) == [28, 25] and state["zones"]["p1.hand"] == []  # the goldfish has nothing to draw
    foe = take(state, "敵", "p1.field")
    end_turn(state)
    apply(state, {"type": "weather_choice", "option": 3, "card": mine})
    assert state["cards"][mine]["tapped"] and legal_actions(state) == [{"type": "weather_choice", "card": foe}]
    apply(state, {"type": "weather_choice", "card": foe})
    assert state["cards"][foe]["tapped"] and state["pending"] is None


def test_shourouka_swaps_winning_and_losing():
    """精霊風: (自動α)[勝利条件を満たしたプレイヤー]は敗北する。また、[敗北条件を満たしたプレイヤー]は勝利する。"""
    state = weather_game("精霊風")
    apply(state, {"type": "manual.life", "player": 1, "delta": -25})
    assert state["result"] == {"winner": 1, "turn": 1, "reason": "life", "weather": "精霊風"}
    thin = start(deck=FILLER[:8], weathers=WEATHERS, weather_at_start=False, weather_every=99)
    force(thin, "精霊風")
    end_turn(thin)
    end_turn(thin)
    assert thin["result"] == {"winner": 0, "turn": 5, "reason": "deck", "weather": "精霊風"}


def test_shourouka_swaps_a_win_by_a_card_too():
    """精霊風: (自動α)[勝利条件を満たしたプレイヤー]は敗北する。(A card's own win step is a win condition met as well.)"""
    state = weather_game("精霊風", extra=[command("勝利", script=[{"op": "win"}])])
    apply(state, {"type": "play", "card": take(state, "勝利")})
    assert state["result"] == {"winner": 1, "turn": 1, "reason": "card", "weather": "精霊風"}
    plain = weather_game(extra=[command("勝利", script=[{"op": "win"}])])
    apply(plain, {"type": "play", "card": take(plain, "勝利")})
    assert plain["result"] == {"winner": 0, "turn": 1, "reason": "card"}


def test_shigure_characters_do_not_become_active_in_the_active_phase():
    """時雨: (自動α)[全てのキャラクター]はアクティブフェイズの規定の効果でアクティブ状態にならない。"""
    state = weather_game("時雨", extra=[char("甲")])
    fighter = take(state, "甲", "p0.field")
    (node,) = give_nodes(state, 1, sleeping=1)
    apply(state, {"type": "attack", "card": fighter})
    end_turn(state)
    assert state["cards"][fighter]["tapped"] and not state["cards"][node]["tapped"]
    assert not can(state, "attack", fighter)


def test_usugumori_every_resolved_play_mills_its_printed_cost():
    """薄曇: [全てのプレイヤー]はカードがプレイされ、効果が解決される度に、[デッキの上のカードX枚]を破棄する。Xはそのカード
    の本来のコストに等しい。"""
    state = weather_game("薄曇", extra=[char("甲", cost=2), spell("符", cost=1)])
    fighter, charm = take(state, "甲"), take(state, "符")
    give_nodes(state, 3)
    deck = len(state["zones"]["p0.deck"])
    apply(state, {"type": "node", "card": hand(state)[0]})  # not a play
    apply(state, {"type": "play", "card": fighter})
    assert len(state["zones"]["p0.deck"]) == deck - 2
    apply(state, {"type": "play", "card": charm})
    assert len(state["zones"]["p0.deck"]) == deck - 3 and len(state["zones"]["p0.discard"]) == 4


def test_kaisei_characters_need_2_fewer_nodes_cost_1_less_and_haste_when_it_reaches_0():
    """快晴: [全てのプレイヤーがプレイするキャラクターカード]の必要ノードは-2、コストは-1される。[この効果によってコストが0
    となったキャラクターカード]は「速攻」を得る。"""
    state = weather_game("快晴", extra=[char("天狗", req=4, cost=1, attack=3), char("大天狗", req=4, cost=3)])
    tengu, big = take(state, "天狗"), take(state, "大天狗")
    nodes = give_nodes(state, 2)
    assert can(state, "play", tengu) and can(state, "play", big)
    apply(state, {"type": "play", "card": tengu})
    assert not any(state["cards"][i]["tapped"] for i in nodes) and not state["cards"][tengu]["tapped"]
    apply(state, {"type": "attack", "card": tengu})
    assert life(state) == [25, 22]


def test_kirisame_resolved_spells_deal_3_and_world_charms_deal_3_each_maintenance():
    """霧雨: スペルカードがプレイされ、その効果が解決された場合、ターンプレイヤーは目標の[相手プレイヤー1人]に3ダメージを
    与える。全てのプレイヤーは自ターンのメンテナンスフェイズ開始時、目標の[相手プレイヤー1人]にXダメージを与える。Xは
    ターンプレイヤーの場の「世界呪符」を持つカードの枚数の3倍に等しい。"""
    state = weather_game("霧雨", extra=[spell("世界", keywords=("世界呪符",))])
    world = take(state, "世界")
    apply(state, {"type": "play", "card": world})
    assert state["cards"][world]["zone"] == "p0.field" and life(state) == [25, 22]
    end_turn(state)
    assert life(state) == [25, 19]


def test_donten_spells_need_2_fewer_nodes_cost_1_less_and_draw_with_their_caster():
    """曇天: [全てのプレイヤーがプレイするスペルカード]の必要ノードは-2、コストは-1される。[全てのプレイヤー]は、自分の場に
    術者がいるスペルカードをプレイし、その効果が解決された場合、1ドロウする。"""
    state = weather_game("曇天", extra=[spell("符", req=3, cost=2), spell("巫女の符", req=9, cost=9, caster="巫女"), char("巫女")])
    charm, own = take(state, "符"), take(state, "巫女の符")
    (_, awake) = give_nodes(state, 2, sleeping=1)
    before = len(hand(state))
    apply(state, {"type": "play", "card": charm})  # 必要ノード 3 - 2 = 1 of the 2 nodes, コスト 2 - 1 = 1: the awake node
    assert state["cards"][awake]["tapped"] and state["cards"][charm]["zone"] == "p0.discard"
    assert len(hand(state)) == before - 1  # no 術者 on the field: no draw
    take(state, "巫女", "p0.field")
    before = len(hand(state))
    apply(state, {"type": "play", "card": own})  # 術者 on the field: nodes and cost ignored; one card drawn
    assert len(hand(state)) == before - 1 + 1


def test_hyou_every_player_wakes_two_sleeping_nodes_at_the_start_of_each_turn():
    """雹: (自動γ)ターン開始時、全てのプレイヤーは自分の[スリープ状態のノード2枚]をアクティブ状態にしても良い。"""
    state = weather_game("雹")
    nodes = give_nodes(state, 3, sleeping=3)
    events = end_turn(state)
    goldfish_turn = events.index({"type": "turn", "turn": 2, "player": 1})
    woken = weather_events(events, "雹")[0]
    assert events.index(woken) == goldfish_turn + 1 and woken["player"] == 0 and woken["cards"] == nodes[:2]


def test_hanagumori_weak_characters_cannot_attack_and_attackers_get_minus_2():
    """花曇: [攻撃を行っているマナチャージを持たないキャラクター]は干渉終了時まで「戦闘修正-2/±0」を得る。[全てのプレイヤー]
    は攻撃力が3以下のキャラクターに攻撃を行わせる事が出来ない。補足2. プレイヤー対象の為、キャラクターに攻撃を行わせた後に
    その攻撃力が3以下になった場合でも攻撃は続行となる。(The attack of 5 goes on at 3.)"""
    state = weather_game("花曇", extra=[char("弱", attack=3), char("強", attack=5), char("術", attack=5, keywords=("マナチャージ",))])
    weak, strong, mana = (take(state, k, "p0.field") for k in ("弱", "強", "術"))
    assert not can(state, "attack", weak)
    with pytest.raises(IllegalAction, match="花曇"):
        apply(state, {"type": "attack", "card": weak})
    apply(state, {"type": "attack", "card": strong})
    apply(state, {"type": "attack", "card": mana})
    assert life(state) == [25, 25 - 3 - 5]


def test_noumu_combat_damage_heals_its_dealer_once_a_turn():
    """濃霧: [全てのプレイヤー]は相手プレイヤーが戦闘ダメージを受けた場合、Xライフポイントを得る。…この効果は1ターンに1度
    だけ発生する。補足3. 相手プレイヤーに戦闘ダメージを与えた場合にその分のライフを回復せずに、そのターン中の次の攻撃で戦闘
    ダメージを与えてその値だけ回復する事は不可能。あくまでこのルールは強制する効果である。(The first combat damage heals, 4;
    the second, 3, does not.)"""
    state = weather_game("濃霧", extra=[char("甲", attack=4), char("乙", attack=3)])
    a, b = take(state, "甲", "p0.field"), take(state, "乙", "p0.field")
    apply(state, {"type": "attack", "card": a})
    apply(state, {"type": "attack", "card": b})
    assert life(state) == [29, 18]


def test_yuki_damage_mills_instead_and_a_player_who_cannot_mill_loses():
    """雪 (seed line 163): (自動 α) [全てのプレイヤー]はダメージを受ける場合、そのダメージを直ちに無効とし、[デッキの上の
    カードX枚]を破棄する。破棄出来ない場合、そのプレイヤーはゲームに敗北する。Xはこの効果で無効にしたダメージの値に等しい。
    (The player's damage mills its deck, and a player who cannot mill X loses.)"""
    hurt = command("自傷", script=[{"op": "damage", "who": "you", "amount": 3}])
    state = weather_game("雪", extra=[hurt, hurt])
    first = take(state, "自傷")
    deck = len(state["zones"]["p0.deck"])
    events = apply(state, {"type": "play", "card": first})
    assert life(state) == [25, 25] and len(state["zones"]["p0.deck"]) == deck - 3
    assert weather_events(events, "雪") == [{"type": "weather", "weather": "雪", "player": 0, "amount": 3, "milled": 3}]
    for iid in state["zones"]["p0.deck"][2:]:
        apply(state, {"type": "manual.move", "card": iid, "to": "p0.exile"})
    apply(state, {"type": "play", "card": take(state, "自傷")})  # 3 damage, 2 cards to mill
    assert state["result"] == {"winner": 1, "turn": 1, "reason": "yuki"} and life(state) == [25, 25]
    assert state["zones"]["p0.deck"] == []


def test_yuki_an_attack_takes_no_life_from_the_goldfish_which_cannot_mill_and_loses():
    """雪 (seed line 163): [全てのプレイヤー]はダメージを受ける場合、そのダメージを直ちに無効とし、[デッキの上のカードX枚]を
    破棄する。破棄出来ない場合、そのプレイヤーはゲームに敗北する。(All players: the goldfish too. Its attack damage is
    nullified, so its life stays at 25, and it has no deck to mill, so it loses; without 雪 the attack takes 2 life.)"""
    state = weather_game("雪", extra=[char("甲", attack=2)])
    events = apply(state, {"type": "attack", "card": take(state, "甲", "p0.field")})
    assert life(state) == [25, 25] and not [e for e in events if e["type"] == "damage"]
    assert weather_events(events, "雪") == [{"type": "weather", "weather": "雪", "player": 1, "amount": 2, "milled": 0}]
    assert state["result"] == {"winner": 0, "turn": 1, "reason": "yuki"}
    plain = weather_game(extra=[char("甲", attack=2)])
    apply(plain, {"type": "attack", "card": take(plain, "甲", "p0.field")})
    assert life(plain) == [25, 23] and plain["result"] is None


def test_tenkiame_a_negating_command_reveals_two_and_is_nullified_when_the_first_needs_no_more_nodes():
    """天気雨: 「プレイを無効」の記述を含むコマンドカードをプレイした場合、[デッキの上のカード2枚]を公開する。一番上にあった
    カードの必要ノードの値が上から2枚目にあったカードの必要ノード以下の場合、そのコマンドカードのプレイを無効とし、破棄する。
    その後、[公開したカード全て]をゲームから除外する。"""
    counter = command("封殺", text="目標のカードのプレイを無効にする。", script=[{"op": "life", "amount": 5}])
    state = weather_game("天気雨", extra=[counter, counter, char("低", req=1), char("高", req=5), char("低2", req=1), char("高2", req=5)])
    high, low = take(state, "高", "p0.deck"), take(state, "低", "p0.deck")  # low on top: 1 <= 5, nullified
    apply(state, {"type": "play", "card": take(state, "封殺")})
    assert life(state)[0] == 25 and state["cards"][low]["zone"] == state["cards"][high]["zone"] == "p0.exile"
    take(state, "低2", "p0.deck")
    take(state, "高2", "p0.deck")  # high on top: 5 > 1, the command resolves
    apply(state, {"type": "play", "card": take(state, "封殺")})
    assert life(state)[0] == 30 and len(state["zones"]["p0.exile"]) == 4


def test_enten_tenkiame_does_not_nullify_a_command_that_nullifies_plays():
    """炎天 (seed line 105): (自動 α)[全てのプレイヤー]は、「プレイを無効」という記述を含むカードのプレイに干渉することが出来
    ない。(天気雨's 「そのコマンドカードのプレイを無効とし、破棄する」 is such an interference: with 炎天 in force the command
    resolves; 天気雨's two revealed cards are still exiled.)"""
    counter = command("封殺", text="目標のカードのプレイを無効にする。", script=[{"op": "life", "amount": 5}])
    state = weather_game("天気雨", "炎天", extra=[counter, char("低", req=1), char("高", req=5)])
    high, low = take(state, "高", "p0.deck"), take(state, "低", "p0.deck")  # low on top: 1 <= 5, 天気雨 would nullify
    played = take(state, "封殺")
    events = apply(state, {"type": "play", "card": played})
    assert {"type": "play_protected", "card": played, "weather": "炎天"} in events
    assert not [e for e in events if e["type"] == "play_nullified"]
    assert life(state)[0] == 30 and state["cards"][played]["zone"] == "p0.discard"
    assert state["cards"][low]["zone"] == state["cards"][high]["zone"] == "p0.exile"


def test_kousa_a_first_striker_battling_one_without_first_strike_takes_2():
    """黄砂 (seed line 222): (自動 α) 「先制」を持つキャラクターが「先制」を持たないキャラクターと戦闘を行う場合、[戦闘中の
    「先制」を持つキャラクター]に2ダメージを与える。(As the battle begins: the 先制 attacker takes 2, then the 1 the
    defender strikes back with, 3 in all; a 先制 defender takes it too; with both or neither having 先制, or no battle,
    nothing; a 先制 character the 2 make 決死 deals no damage.)"""
    extra = [char("先", attack=3, defence=5, keywords=("先制",)), char("壁", attack=1, defence=9), char("乙", attack=1, defence=9),
             char("守", attack=1, defence=5, keywords=("先制",)), char("脆", attack=5, defence=2, keywords=("先制",)), char("壁2", attack=0, defence=9)]
    state = weather_game("黄砂", extra=extra, weather_every=99)
    first, wall = take(state, "先", "p0.field"), take(state, "壁", "p1.field")
    events = apply(state, {"type": "attack", "card": first})
    assert {"type": "weather", "weather": "黄砂", "card": first} in events
    assert state["cards"][first]["counters"] == {"damage": 3} and state["cards"][wall]["counters"] == {"damage": 3}
    end_turn(state)
    guard = take(state, "守", "p1.field")  # the goldfish's 先制 defender in front of the wall
    apply(state, {"type": "manual.move", "card": wall, "to": "p0.discard"})
    plain = take(state, "乙", "p0.field")
    apply(state, {"type": "attack", "card": plain})
    assert state["cards"][guard]["counters"] == {"damage": 3} and state["cards"][plain]["counters"] == {"damage": 1}
    apply(state, {"type": "attack", "card": first})  # nobody active defends: no battle, no 黄砂
    assert state["cards"][first]["counters"] == {} and life(state) == [25, 22]
    end_turn(state)
    apply(state, {"type": "manual.move", "card": guard, "to": "p0.discard"})
    frail = take(state, "脆", "p0.field")
    blank = take(state, "壁2", "p1.field")
    apply(state, {"type": "attack", "card": frail})  # 耐久力 2: 決死 by the 2, before it strikes
    assert state["cards"][frail]["zone"] == "p0.discard" and state["cards"][blank]["counters"] == {}
    without = weather_game(extra=extra)
    alone, other = take(without, "先", "p0.field"), take(without, "壁", "p1.field")
    apply(without, {"type": "attack", "card": alone})
    assert without["cards"][alone]["counters"] == {"damage": 1} and without["cards"][other]["counters"] == {"damage": 3}


def test_kousa_under_the_other_reading_the_2_come_with_the_first_strike():
    """黄砂 (seed line 222): (自動 α) 「先制」を持つキャラクターが「先制」を持たないキャラクターと戦闘を行う場合、[戦闘中の
    「先制」を持つキャラクター]に2ダメージを与える。(The option "kousa" at "strike": the 2 are dealt with the 先制
    character's own combat damage, so a 先制 character of 耐久力 2 still strikes before it is 決死.)"""
    state = weather_game("黄砂", extra=[char("脆", attack=5, defence=2, keywords=("先制",)), char("壁", attack=1, defence=9)], kousa="strike")
    frail, wall = take(state, "脆", "p0.field"), take(state, "壁", "p1.field")
    events = apply(state, {"type": "attack", "card": frail})
    strike = next(k for k, e in enumerate(events) if e["type"] == "card_damage" and e["card"] == wall)
    kousa = events.index({"type": "weather", "weather": "黄砂", "card": frail})
    assert strike < kousa and state["cards"][frail]["zone"] == "p0.discard" and state["cards"][wall]["counters"] == {"damage": 5}
    with pytest.raises(IllegalAction, match="kousa"):
        weather_game("黄砂", kousa="later")


def test_soame_characters_gain_plus_1_attack():
    """疎雨: (自動α)[全てのキャラクター]は「貫通」と「戦闘修正: +1 / ± 0 」を得る。"""
    state = weather_game("疎雨", extra=[char("甲", attack=2)])
    apply(state, {"type": "attack", "card": take(state, "甲", "p0.field")})
    assert life(state) == [25, 22]


def test_fuu_played_characters_gain_haste():
    """風雨: (自動α)キャラクターカードがプレイされて場に出る場合、[そのカード]はターン終了時まで「速攻」と「隠密」を得る。"""
    state = weather_game("風雨", extra=[char("甲", attack=2)])
    fighter = take(state, "甲")
    apply(state, {"type": "play", "card": fighter})
    assert not state["cards"][fighter]["tapped"]
    apply(state, {"type": "attack", "card": fighter})
    assert life(state) == [25, 23]


def test_seiran_hand_cards_cost_nothing_until_a_card_is_played_this_turn():
    """晴嵐: [手札のカード全て]の必要ノードとコストは0になる。(自動γ)カードがプレイされた場合、ターン終了時まで[上記の効果]
    を無効にする。"""
    state = weather_game("晴嵐", extra=[char("鬼", req=5, cost=3), spell("符", req=5, cost=3)])
    oni, charm = take(state, "鬼"), take(state, "符")
    assert can(state, "play", oni) and can(state, "play", charm)
    apply(state, {"type": "play", "card": oni})
    assert not can(state, "play", charm)
    end_turn(state)
    assert can(state, "play", charm)


def test_kawagiri_played_characters_are_exiled_and_come_back_active_at_a_main_phase_start():
    """川霧: キャラクターがプレイされて場に出た場合、[そのキャラクター]をゲームから除外する。メインフェイズ開始時、または天候
    終了時、[このカードの効果で除外されたキャラクターカード全て]をアクティブ状態で本来のプレイヤーの場に戻す。"""
    state = weather_game("川霧", extra=[char("甲", attack=2)])
    fighter = take(state, "甲")
    apply(state, {"type": "play", "card": fighter})
    assert state["cards"][fighter]["zone"] == "p0.exile"
    end_turn(state)  # the goldfish's main phase start returns it
    assert state["cards"][fighter]["zone"] == "p0.field" and not state["cards"][fighter]["tapped"]


def test_kawagiri_returns_the_exiled_when_the_weather_ends_before_the_new_one():
    state = weather_game("川霧", extra=[char("甲")], first="goldfish")
    end_turn(state)  # turn 4: the player's
    fighter = take(state, "甲")
    apply(state, {"type": "play", "card": fighter})
    events = end_turn(state)
    back = next(k for k, e in enumerate(events) if e["type"] == "move" and e["card"] == fighter)
    reveal = next(k for k, e in enumerate(events) if e["type"] == "move" and e["to"] == "weather_area")
    assert back < reveal and state["cards"][fighter]["zone"] == "p0.field"


def test_taifuu_characters_do_not_become_kesshi():
    """台風: (自動α)[全てのキャラクター]は決死状態にならない。"""
    state = weather_game("台風", extra=[char("甲", defence=2), char("乙", defence=2)])
    tough = take(state, "甲", "p0.field")
    apply(state, {"type": "manual.counter", "card": tough, "name": "damage", "delta": 5})
    assert state["cards"][tough]["zone"] == "p0.field"
    apply(state, {"type": "manual.move", "card": state["zones"]["weather_area"][0], "to": "p0.weather"})
    other = take(state, "乙", "p0.field")
    apply(state, {"type": "manual.counter", "card": other, "name": "damage", "delta": 2})
    assert state["cards"][other]["zone"] == "p0.discard"  # without 台風: 耐久力 reached, 決死, destroyed


def test_tako_players_who_dealt_damage_to_an_opponent_gain_3_at_the_end_of_the_turn():
    """凧: (自動γ)ターン終了時、[この効果の直前に相手プレイヤーにダメージを与えたプレイヤー全て]は3ライフポイントを得る。"""
    state = weather_game("凧", extra=[char("甲", attack=2)])
    apply(state, {"type": "attack", "card": take(state, "甲", "p0.field")})
    events = end_turn(state)
    assert life(state) == [28, 23] and len(weather_events(events, "凧")) == 1  # not again at the goldfish's end


def test_tako_under_the_other_reading_the_latest_dealer_gains_3_at_every_end_of_turn():
    """凧: (自動γ) ターン終了時、[この効果の直前に相手プレイヤーにダメージを与えたプレイヤー全て]は3ライフポイントを得る。(The
    option "tako" at "last": the player who last dealt damage to an opponent, at the goldfish's end of turn too.)"""
    state = weather_game("凧", extra=[char("甲", attack=2)], tako="last")
    end_turn(state)
    assert life(state) == [25, 25]  # nobody has dealt damage yet
    apply(state, {"type": "attack", "card": take(state, "甲", "p0.field")})
    events = end_turn(state)
    assert life(state) == [31, 23] and len(weather_events(events, "凧")) == 2


def test_diamond_dust_hurts_sleeping_characters_not_new_and_forbids_cheap_characters():
    """ダイヤモンドダスト: ターン終了時、[このターンとこの前のターン中に場に出たキャラクターを除く、スリープ状態のキャラクター
    全て]に2ダメージを与える。[全てのプレイヤー]は必要ノードが3以下のキャラクターをプレイする事が出来ない。"""
    state = start([char("甲", defence=2), char("安", req=3), char("高", req=4)], weathers=WEATHERS, weather_at_start=False)
    fighter, cheap, dear = take(state, "甲"), take(state, "安"), take(state, "高")
    apply(state, {"type": "play", "card": fighter})  # entered on turn 1, sleeping
    force(state, "ダイヤモンドダスト")
    give_nodes(state, 4)
    end_turn(state)  # the ends of turns 1 and 2: it entered this turn, then the turn before
    assert state["cards"][fighter]["zone"] == "p0.field" and state["cards"][fighter]["counters"] == {}
    assert can(state, "play", dear) and not can(state, "play", cheap)
    with pytest.raises(IllegalAction, match="ダイヤモンドダスト"):
        apply(state, {"type": "play", "card": cheap})
    apply(state, {"type": "attack", "card": fighter})
    end_turn(state)  # turn 3's end: 2 damage, 耐久力 2: 決死
    assert state["cards"][fighter]["zone"] == "p0.discard"


def test_diamond_dust_damage_is_gone_before_its_owners_next_turn():
    """ダイヤモンドダスト (seed line 214): (自動 γ) ターン終了時、[このターンとこの前のターン中に場に出たキャラクターを除く、
    スリープ状態のキャラクター全て]に2ダメージを与える。(The end-of-turn effects come before the turn's damage is
    reset: the 2 dealt at the goldfish's end of turn are not on the player's character in the player's next turn;
    they add to the damage it took that turn, and 決死 comes then.)"""
    state = weather_game("ダイヤモンドダスト", extra=[char("甲", attack=2, defence=3), char("乙", attack=2, defence=3), char("壁", attack=1, defence=9)],
                         weather_every=99)
    fighter, other = take(state, "甲", "p0.field"), take(state, "乙", "p0.field")  # on the field from turn 1, active
    end_turn(state)
    apply(state, {"type": "attack", "card": fighter})  # turn 3: asleep through the goldfish's turn 4
    events = end_turn(state)  # turn 3's end (its 2 hits the fighter), turn 4's end (2 again), turn 5
    hits = weather_events(events, "ダイヤモンドダスト")
    assert [h["damaged"] for h in hits] == [[fighter], [fighter]]
    assert state["turn"] == 5 and state["cards"][fighter]["zone"] == "p0.field"
    assert state["cards"][fighter]["counters"] == {}  # the player's turn 5: no damage left on it
    take(state, "壁", "p1.field")
    apply(state, {"type": "attack", "card": other})  # blocked: 1 damage on 乙, asleep at the end of the turn
    assert state["cards"][other]["counters"] == {"damage": 1}
    end_turn(state)  # turn 5's end: 1 + 2 = 3, its 耐久力: 決死
    assert state["cards"][other]["zone"] == "p0.discard"


def test_retsujitsu_big_characters_get_plus_x_minus_x_and_burn_their_player_each_maintenance():
    """烈日: [全ての必要ノードが6以上のキャラクター]は「それぞれ戦闘修正 +X / -X」を得る。Xはそのキャラクターの必要ノードから
    4を引いた値に等しい。[全てのプレイヤー]は自ターンのメンテナンスフェイズ開始時、Xダメージを受ける。Xはあなたの場の必要
    ノードが6以上のキャラクターの枚数の3倍に等しい。"""
    state = weather_game("烈日", extra=[char("鬼", req=6, attack=7, defence=6), char("脆", req=6, defence=2)])
    oni = take(state, "鬼", "p0.field")
    frail = take(state, "脆", "p0.field")
    assert state["cards"][frail]["zone"] == "p0.discard"  # 耐久力 2 - 2 = 0: 決死
    apply(state, {"type": "attack", "card": oni})
    assert life(state) == [25, 16]
    end_turn(state)
    assert life(state) == [22, 16]


def test_retsujitsu_burns_at_the_start_of_the_maintenance_phase_before_the_upkeeps():
    """烈日 (seed line 230): (自動 γ) [全てのプレイヤー]は自ターンのメンテナンスフェイズ開始時、Xダメージを受ける。Xはあなたの
    場の必要ノードが6以上のキャラクターの枚数の3倍に等しい。(At the start: before the upkeep is asked for, so a 6-node
    character destroyed for its upkeep still burns, 25→22, as one whose upkeep is paid does.)"""
    for answer in ("destroy", "pay"):
        state = weather_game("烈日", extra=[char("鬼", req=6, attack=7, defence=6, upkeep=1)])
        oni = take(state, "鬼", "p0.field")
        give_nodes(state, 1)
        events = end_turn(state)
        assert state["pending"] == {"type": "upkeep", "player": 0, "card": oni, "cost": 1} and life(state) == [22, 25]
        burn = next(k for k, e in enumerate(events) if e["type"] == "damage" and e["player"] == 0)
        starts = [k for k, e in enumerate(events) if e == {"type": "phase", "phase": "maintenance"}]
        assert starts[-1] < burn  # the player's turn 3: the phase begins, then the burn
        apply(state, {"type": answer})
        assert life(state) == [22, 25] and state["phase"] == "main"
        assert state["cards"][oni]["zone"] == ("p0.discard" if answer == "destroy" else "p0.field")


def test_kirisame_world_charms_deal_their_damage_at_the_start_of_the_maintenance_phase_before_the_upkeeps():
    """霧雨 (seed line 119): (自動 γ)全てのプレイヤーは自ターンのメンテナンスフェイズ開始時、目標の[相手プレイヤー1人]にX
    ダメージを与える。Xはターンプレイヤーの場の「世界呪符」を持つカードの枚数の3倍に等しい。(At the start: a 世界呪符
    destroyed for its upkeep has dealt its 3 already.)"""
    world = spell("世界", keywords=("世界呪符",))
    world["fields"]["upkeep"] = 1
    state = weather_game("霧雨", extra=[world])
    charm = take(state, "世界", "p0.field")
    end_turn(state)
    assert state["pending"] == {"type": "upkeep", "player": 0, "card": charm, "cost": 1} and life(state) == [25, 22]
    assert legal_actions(state) == [{"type": "destroy"}]
    apply(state, {"type": "destroy"})
    assert state["cards"][charm]["zone"] == "p0.discard" and life(state) == [25, 22]
    end_turn(state)
    assert life(state) == [25, 22]  # no 世界呪符 left on the field: nothing at the next maintenance


def test_tsuyu_a_kesshi_character_is_shuffled_into_its_deck_instead():
    """梅雨: (自動α)キャラクターが決死状態になった場合、直ちにその決死状態を無効とし、[そのキャラクター]をデッキに戻し
    シャッフルする。"""
    state = weather_game("梅雨", extra=[char("甲", defence=2), char("乙", attack=2, defence=2), char("壁", attack=2, defence=9)])
    fighter = take(state, "甲", "p0.field")
    apply(state, {"type": "manual.counter", "card": fighter, "name": "damage", "delta": 2})
    assert state["cards"][fighter]["zone"] == "p0.deck" and state["cards"][fighter]["counters"] == {}
    other, wall = take(state, "乙", "p0.field"), take(state, "壁", "p1.field")
    events = apply(state, {"type": "attack", "card": other})  # 2 damage from the wall: 決死, nullified
    assert state["cards"][other]["zone"] == "p0.deck" and state["cards"][wall]["zone"] == "p1.field"
    assert {"type": "shuffle", "zone": "p0.deck"} in events and not [e for e in events if e["type"] == "kesshi"]


def test_gouu_ambush_is_nullified_and_exiled_characters_cannot_come_back():
    """豪雨: [全てのプレイヤー]はプレイ以外での方法でキャラクターを場に出すことが出来ない。[手札及びプレイされているキャラクター
    カード]の「奇襲」は無効になる。(奇襲: not counted in the once-a-turn rule.)"""
    state = weather_game(extra=[char("甲"), char("伏", keywords=("奇襲",)), char("乙")])
    apply(state, {"type": "play", "card": take(state, "甲")})
    ambush = take(state, "伏")
    assert can(state, "play", ambush)
    force(state, "豪雨")
    assert not can(state, "play", ambush)
    force(state, "川霧")
    end_turn(state)
    other = take(state, "乙")
    apply(state, {"type": "play", "card": other})
    end_turn(state)
    assert state["cards"][other]["zone"] == "p0.exile"


def test_souten_hand_characters_gain_ambush_so_more_than_one_may_be_played():
    """蒼天: (自動α)全てのプレイヤーの[手札にあるキャラクターカード全て]は「奇襲」を得る。"""
    state = weather_game("蒼天", extra=[char("甲"), char("乙")])
    apply(state, {"type": "play", "card": take(state, "甲")})
    apply(state, {"type": "play", "card": take(state, "乙")})
    assert len(state["zones"]["p0.field"]) == 2


def test_byakuya_a_humans_attacks_and_defences_leave_it_active_twice_a_turn_in_all():
    """白夜: (自動γ)[種族:人間を持つキャラクター]が攻撃、防御及びスリープをコストとする起動効果を使用する場合、スリープ状態に
    したものとして解決する。但し、それらは1ターンに合計2回までしか解決できない。(The option "byakuya", by default
    "attack": a human's attack or defence resolves as if it had slept and it stays active, twice a turn in all players'
    humans; "ability": only the sleep-cost abilities of card text, which the player applies by hand.)"""
    extra = [char("巫女", attack=2, race=("人間",)), char("妖精", attack=1), char("門番", attack=0, defence=9, race=("人間",))]
    state = weather_game("白夜", extra=extra)
    miko, fairy = take(state, "巫女", "p0.field"), take(state, "妖精", "p0.field")
    for _ in range(3):
        apply(state, {"type": "attack", "card": miko})
    assert life(state) == [25, 19] and state["cards"][miko]["tapped"]  # the third attack put it to sleep
    apply(state, {"type": "attack", "card": fairy})
    assert state["cards"][fairy]["tapped"]  # not a human
    end_turn(state)
    guard = take(state, "門番", "p1.field")
    apply(state, {"type": "attack", "card": fairy})  # the goldfish's human defends: one use
    assert not state["cards"][guard]["tapped"] and life(state) == [25, 18]
    apply(state, {"type": "attack", "card": miko})  # the second use is the attack; the defence after it sleeps
    assert not state["cards"][miko]["tapped"] and state["cards"][guard]["tapped"] and life(state) == [25, 18]
    narrow = weather_game("白夜", extra=extra, byakuya="ability")
    human = take(narrow, "巫女", "p0.field")
    apply(narrow, {"type": "attack", "card": human})
    assert narrow["cards"][human]["tapped"]


def test_kyokuya_non_humans_are_not_the_targets_of_a_characters_effects():
    """極夜: (自動α)[種族:人間を持たない全てのキャラクター]はキャラクターの効果の目標にならない。(A character's step on a chosen
    card offers the humans only, a spell's every character; with no human the step ends; the choice follows the weather
    if it leaves while the player chooses.)"""
    cheer = [{"op": "stat", "stat": "attack", "amount": 1}]
    state = weather_game("極夜", extra=[char("応援", script=cheer), char("応援2", script=cheer), spell("符", script=cheer),
                                         char("巫女", race=("人間",)), char("妖精"), char("応援3", script=cheer)], weather_every=99)
    human, fairy = take(state, "巫女", "p0.field"), take(state, "妖精", "p0.field")
    leader = take(state, "応援")
    apply(state, {"type": "play", "card": leader})
    assert decision(state)["candidates"] == [human]
    with pytest.raises(IllegalAction, match="^card: "):
        apply(state, {"type": "choose", "card": fairy})
    apply(state, {"type": "choose", "card": human})
    apply(state, {"type": "play", "card": take(state, "符")})
    assert decision(state)["candidates"] == [human, fairy, leader]
    apply(state, {"type": "choose", "card": fairy})
    assert state["cards"][fairy]["counters"] == {"attack": 1}
    end_turn(state)
    apply(state, {"type": "manual.move", "card": human, "to": "p0.discard"})
    apply(state, {"type": "play", "card": take(state, "応援2")})
    assert legal_actions(state) == [{"type": "choose", "card": None}]
    apply(state, {"type": "choose", "card": None})
    assert state["pending"] is None and state["phase"] == "main"
    end_turn(state)
    apply(state, {"type": "play", "card": take(state, "応援3")})
    assert decision(state)["candidates"] == []
    apply(state, {"type": "manual.move", "card": state["zones"]["weather_area"][0], "to": "p0.weather"})
    assert fairy in decision(state)["candidates"]


def test_kyokuya_a_non_human_battling_a_character_may_gain_plus_2_0_or_0_plus_2():
    """極夜: (自動γ)[種族:人間を持たないキャラクター]が相手キャラクターと戦闘を行う場合、+2/0若しくは0/+2の戦闘修正を選択して
    得る事ができる。(The player chooses for their characters, until the end of the turn; the goldfish never chooses;
    a human gets no choice.)"""
    state = weather_game("極夜", extra=[char("鬼", attack=3, defence=3), char("門番", attack=3, defence=5),
                                         char("巫女", attack=2, defence=3, race=("人間",)), char("門番2", attack=3, defence=4)])
    oni, guard = take(state, "鬼", "p0.field"), take(state, "門番", "p1.field")
    apply(state, {"type": "attack", "card": oni})
    assert state["pending"]["weather"] == "極夜" and legal_actions(state) == [{"type": "weather_choice", "option": o} for o in (1, 2, 3)]
    apply(state, {"type": "weather_choice", "option": 2})  # ±0/+2: 3 damage each, neither is 決死
    assert state["cards"][oni]["counters"] == {"defence": 2, "damage": 3} and state["cards"][guard]["counters"] == {"damage": 3}
    end_turn(state)
    assert state["cards"][oni]["counters"] == {} and not state["cards"][guard]["tapped"]
    apply(state, {"type": "attack", "card": oni})
    apply(state, {"type": "weather_choice", "option": 1})  # +2/±0: 5 damage to the guard's 5, 3 to the oni's 3
    assert state["cards"][guard]["zone"] == state["cards"][oni]["zone"] == "p0.discard"
    take(state, "門番2", "p1.field")
    human = take(state, "巫女", "p0.field")
    apply(state, {"type": "attack", "card": human})
    assert state["pending"] is None and state["cards"][human]["zone"] == "p0.discard" and life(state) == [25, 25]


def test_haru_ichiban_option_2_heals_the_opponent_under_the_other_reading():
    """春一番: - 2:[相手プレイヤー]は1ドローする。その後、[ライフ]を3回復する。(The option "haru_heal": by default the player
    who chose gains the 3 life; "opponent": the opponent who drew does.)"""
    for reading, expected in (("chooser", [28, 25]), ("opponent", [25, 28])):
        state = weather_game("春一番", weather_every=99, haru_heal=reading)
        end_turn(state)
        apply(state, {"type": "weather_choice", "option": 2})
        assert life(state) == expected


def test_gouu_no_effect_puts_a_character_onto_the_field():
    """豪雨: (自動α)[全てのプレイヤー]はプレイ以外での方法でキャラクターを場に出すことが出来ない。(A card's move onto the field
    offers no character, and a character on top of the deck stays there; without 豪雨 it may come.)"""
    revive = command("反魂", script=[{"op": "move", "from": "discard", "to": "field"}])
    summon = command("召喚", script=[{"op": "move", "from": "deck", "to": "field"}])
    state = weather_game("豪雨", extra=[revive, revive, summon, char("亡霊"), char("亡霊2"), spell("呪", keywords=("呪符",))])
    ghost, charm = take(state, "亡霊", "p0.discard"), take(state, "呪", "p0.discard")
    apply(state, {"type": "play", "card": take(state, "反魂")})
    assert decision(state)["candidates"] == [charm]
    apply(state, {"type": "choose", "card": charm})
    assert state["cards"][charm]["zone"] == "p0.field"
    top = take(state, "亡霊2", "p0.deck")
    events = apply(state, {"type": "play", "card": take(state, "召喚")})
    assert state["zones"]["p0.deck"][-1] == top and {"type": "weather_prevents", "weather": "豪雨", "card": top} in events
    apply(state, {"type": "manual.move", "card": state["zones"]["weather_area"][0], "to": "p0.weather"})
    apply(state, {"type": "play", "card": take(state, "反魂")})
    apply(state, {"type": "choose", "card": ghost})
    assert state["cards"][ghost]["zone"] == "p0.field" and state["cards"][ghost]["entered"] == state["turn"]


def test_soame_every_character_gains_pierce_and_plus_1_attack():
    """疎雨: (自動α)[全てのキャラクター]は「貫通」と「戦闘修正: +1 / ± 0 」を得る。(貫通: a defended attacker also deals its
    attack minus the defender's 耐久力, plus the damage the defender had already taken, to the defending player.)"""
    state = weather_game("疎雨", extra=[char("甲", attack=4, defence=9), char("壁", attack=0, defence=2), char("乙", attack=4, defence=9),
                                         char("壁2", attack=0, defence=2)])
    wall = take(state, "壁", "p1.field")
    apply(state, {"type": "manual.counter", "card": wall, "name": "damage", "delta": 1})
    apply(state, {"type": "attack", "card": take(state, "甲", "p0.field")})  # 5 - 2 + 1 = 4 through
    assert life(state) == [25, 21] and state["cards"][wall]["zone"] == "p0.discard"
    apply(state, {"type": "manual.move", "card": state["zones"]["weather_area"][0], "to": "p0.weather"})
    take(state, "壁2", "p1.field")
    apply(state, {"type": "attack", "card": take(state, "乙", "p0.field")})  # without 疎雨 no 貫通
    assert life(state) == [25, 21]


def test_fuu_a_played_character_gains_haste_and_stealth_until_the_end_of_the_turn():
    """風雨: (自動α)キャラクターカードがプレイされて場に出る場合、[そのカード]はターン終了時まで「速攻」と「隠密」を得る。
    (隠密: at the start of the battle the defence of a character with no race of the attacker's is cancelled.)"""
    state = weather_game("風雨", extra=[char("天狗", attack=3), char("巫女", attack=0, defence=9, race=("人間",)), char("妖精", attack=0, defence=9)])
    tengu = take(state, "天狗")
    apply(state, {"type": "play", "card": tengu})
    shrine = take(state, "巫女", "p1.field")
    events = apply(state, {"type": "attack", "card": tengu})
    assert {"type": "defence_cancelled", "card": shrine, "keyword": "隠密"} in events and life(state) == [25, 22]
    end_turn(state)
    apply(state, {"type": "attack", "card": tengu})  # the next turn: no 隠密, the defence stands
    assert life(state) == [25, 22] and state["cards"][shrine]["counters"] == {"damage": 3}
    same = weather_game("風雨", extra=[char("天狗", attack=3), char("妖精", attack=0, defence=9)])
    fairy = take(same, "妖精", "p1.field")
    kin = take(same, "天狗")
    apply(same, {"type": "play", "card": kin})
    apply(same, {"type": "attack", "card": kin})  # a race in common: the defence stands
    assert life(same) == [25, 25] and same["cards"][fairy]["counters"] == {"damage": 3}


# -- the decisions, in the engine's one shape -------------------------------------------------------------------


def decisions_in_play():
    """Each decision vision raises, reached in play: (what it is, the state)."""
    out = []
    upkeep = start([char("鬼", upkeep=1)])
    apply(upkeep, {"type": "play", "card": take(upkeep, "鬼")})
    (node,) = give_nodes(upkeep, 1)
    end_turn(upkeep)
    out.append(("upkeep, paid", upkeep))
    unpaid = copy.deepcopy(upkeep)
    apply(unpaid, {"type": "manual.tap", "card": node, "tapped": True})
    out.append(("upkeep, destroy only", unpaid))

    discard = start()
    take(discard, "filler30")
    take(discard, "filler31")
    apply(discard, {"type": "end_turn"})
    out.append(("discard", discard))

    choose = start([bundled("弾幕回避"), char("甲")])
    give_nodes(choose, 3)
    target = take(choose, "甲", "p0.field")
    apply(choose, {"type": "play", "card": take(choose, "弾幕回避")})
    out.append(("choose", choose))
    nothing = copy.deepcopy(choose)
    apply(nothing, {"type": "manual.move", "card": target, "to": "p0.discard"})
    out.append(("choose, nothing left", nothing))

    haru = weather_game("春一番", extra=[char("甲"), char("敵")], weather_every=99)
    mine = take(haru, "甲", "p0.field")
    take(haru, "敵", "p1.field")
    end_turn(haru)
    out.append(("春一番's option", haru))
    second = copy.deepcopy(haru)
    apply(second, {"type": "weather_choice", "option": 3, "card": mine})
    out.append(("春一番's target", second))

    yoiyami = weather_game("宵闇", extra=[char("甲", attack=3)])
    apply(yoiyami, {"type": "attack", "card": take(yoiyami, "甲", "p0.field")})
    out.append(("宵闇's declaration", yoiyami))

    night = weather_game("極夜", extra=[char("鬼"), char("門番")])
    take(night, "門番", "p1.field")
    apply(night, {"type": "attack", "card": take(night, "鬼", "p0.field")})
    out.append(("極夜's battle modifier", night))

    cheer = weather_game("極夜", extra=[char("応援", script=[{"op": "stat", "stat": "attack", "amount": 1}]), char("巫女", race=("人間",))])
    take(cheer, "巫女", "p0.field")
    apply(cheer, {"type": "play", "card": take(cheer, "応援")})
    out.append(("a character's choice under 極夜", cheer))

    revive = weather_game(extra=[command("反魂", script=[{"op": "move", "from": "discard", "to": "field"}]), char("亡霊"), spell("呪")])
    take(revive, "亡霊", "p0.discard")
    charm = take(revive, "呪", "p0.discard")
    apply(revive, {"type": "play", "card": take(revive, "反魂")})
    out.append(("a move onto the field", revive))
    rain = copy.deepcopy(revive)
    force(rain, "豪雨")
    apply(rain, {"type": "manual.move", "card": charm, "to": "p0.exile"})
    out.append(("a move onto the field, 豪雨 leaving nothing", rain))
    return out


DECISIONS = decisions_in_play()
CHOICES = [(name, state) for name, state in DECISIONS if decision(state)["field"]]  # an answer that carries a choice
LISTED = [(name, state) for name, state in DECISIONS if decision(state)["answers"]]  # answers listed whole


def answers(state, asked):
    """The answers built from the decision: each candidate (a list of cards: the fewest and the most it
    takes), or, with no field, the answer and the other actions that end it; or the complete answers the
    decision lists (春一番's option 3 also names one of the chooser's characters)."""
    field, candidates = asked["field"], asked["candidates"]
    if asked["answers"] is not None:
        return asked["answers"]
    if field is None:
        return [{"type": kind} for kind in (asked["answer"], *asked["also"])]
    if asked["many"]:
        built = [{"type": asked["answer"], field: candidates[:n]} for n in sorted({asked["min"], asked["max"]})]
    elif candidates:
        built = [{"type": asked["answer"], field: c} for c in candidates]
    else:
        built = [{"type": asked["answer"], field: None}]
    legal = legal_actions(state)
    return [a if a in legal else next(b for b in legal if a.items() <= b.items()) for a in built]


@pytest.mark.parametrize(("name", "state"), DECISIONS, ids=[name for name, _ in DECISIONS])
def test_every_decision_offers_exactly_the_answers_the_game_accepts(name, state):
    asked = decision(state)
    assert asked["type"] == state["pending"]["type"] and asked["player"] == 0
    assert view(state, 0)["decision"] == asked
    legal = legal_actions(state)
    if asked["answers"] is not None:  # 春一番 with option 3: exactly the listed actions
        assert asked["answers"] == legal
    elif asked["field"] is None:  # upkeep: pay (while the active nodes pay for it) or destroy
        assert [a["type"] for a in legal] == [asked["answer"], *asked["also"]]
    elif asked["many"]:  # discard: n cards of the hand
        assert all(set(a[asked["field"]]) <= set(asked["candidates"]) for a in legal)
        assert asked["candidates"] == hand(state) and asked["min"] == asked["max"] == state["pending"]["n"]
    else:  # a card or an option: the candidates are what the legal actions name
        assert list(dict.fromkeys(a[asked["field"]] for a in legal)) == (asked["candidates"] or [None])
    for answer in answers(state, asked):
        apply(copy.deepcopy(state), answer)  # not refused


@pytest.mark.parametrize(("name", "state"), CHOICES, ids=[name for name, _ in CHOICES])
def test_an_answer_outside_the_candidates_is_refused_naming_the_field(name, state):
    asked = decision(state)
    field = asked["field"]
    stray = next(i for i in state["zones"]["p0.deck"] if i not in asked["candidates"])
    outside = [stray] if asked["many"] else 4 if field == "option" else stray
    before = digest(state)
    with pytest.raises(IllegalAction, match=f"^{field}: "):
        apply(state, {"type": asked["answer"], field: outside})
    assert digest(state) == before


@pytest.mark.parametrize(("name", "state"), LISTED, ids=[name for name, _ in LISTED])
def test_an_answer_not_among_the_listed_answers_is_refused(name, state):
    asked = decision(state)
    before = digest(state)
    for wrong in ({"type": asked["answer"], "option": 3, "card": "c9999"}, {"type": asked["answer"], "option": True}):
        with pytest.raises(IllegalAction, match="not one of the answers offered"):
            apply(state, wrong)
    assert digest(state) == before


# -- random games ----------------------------------------------------------------------------------------------


def sample_deck():
    samples = sample_data("vision")["decks"]
    text = next(d["decklist"] for d in samples if d["game"] == "vision")
    out, section = [], "main"
    for line in text.splitlines():
        line = line.strip()
        if line.endswith(":"):
            section = "weather" if line.startswith("天候") else "main"
        elif line:
            count, name = line.split(" ", 1)
            out += [bundled(name, section)] * int(count)
    return out


def random_manual(state, pick):
    cards = sorted(state["cards"])
    kind = pick.choice(["move", "move", "weather_in", "weather_out", "tap", "counter", "life", "draw"])
    if kind == "move":
        return {"type": "manual.move", "card": pick.choice(cards), "to": pick.choice(sorted(state["zones"]))}
    if kind == "weather_in":
        pool = state["zones"]["p0.weather"] or cards
        return {"type": "manual.move", "card": pick.choice(pool), "to": "weather_area"}
    if kind == "weather_out":
        pool = state["zones"]["weather_area"] or cards
        return {"type": "manual.move", "card": pick.choice(pool), "to": pick.choice(["p0.weather", "p0.discard", "p0.hand"])}
    if kind == "tap":
        return {"type": "manual.tap", "card": pick.choice(cards)}
    if kind == "counter":
        return {"type": "manual.counter", "card": pick.choice(cards), "name": "damage", "delta": pick.randint(-1, 3)}
    if kind == "life":
        return {"type": "manual.life", "player": pick.randint(0, 1), "delta": pick.randint(-3, 2)}
    return {"type": "manual.draw", "player": 0, "n": 1}


def test_random_legal_games_with_manual_moves_keep_every_invariant_and_undo_redo_is_exact():
    deck = sample_deck()
    finished = 0
    for seed in range(1000):
        pick = random.Random(seed)
        options = {"first": ("player", "goldfish")[seed % 2], "weather_at_start": seed % 3 != 0}
        state = new_game("vision", [deck], seed=seed, options=options)
        total = len(state["cards"])
        steps = 0
        while state["result"] is None and state["turn"] <= 60 and steps < 400:
            actions = legal_actions(state)
            assert actions, (seed, state["pending"], state["flags"]["step"])
            action = random_manual(state, pick) if pick.random() < 0.05 else pick.choice(actions)
            apply(state, action)
            if seed % 20 == 0:
                check_invariants(state)
                assert_player_1_sees_only_open_cards(state)
            steps += 1
        check_invariants(state)
        assert len(state["cards"]) == total and len(set(state["cards"])) == total
        assert json.loads(json.dumps(state)) == state
        finished += state["result"] is not None
        if seed % 25 == 0:
            back = pick.randint(1, len(state["log"]))
            final = digest(state)
            assert digest(redo(undo(state, back), back)) == final
    assert finished >= 900  # random play usually ends the game within 60 turns


def test_a_game_replays_from_its_log_to_the_same_state():
    deck = sample_deck()
    pick = random.Random(7)
    state = new_game("vision", [deck], seed=7)
    while state["result"] is None and len(state["log"]) < 200:
        apply(state, random_manual(state, pick) if pick.random() < 0.1 else pick.choice(legal_actions(state)))
    again = replay(state["setup"], [e["action"] for e in state["log"]])
    assert digest(again) == digest(state) and again["result"] == state["result"]
    assert [e["events"] for e in again["log"]] == [e["events"] for e in state["log"]]
