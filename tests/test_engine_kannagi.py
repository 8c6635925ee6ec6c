"""巫KANNAGI in the engine: golden playthroughs of the seed's rules (each quotes the passage it checks),
and random legal games that keep the invariants."""

import random

import pytest

from rules.engine import IllegalAction, apply, check_invariants, digest, legal_actions, new_game, redo, undo


def card(key, card_type="場所札", cost=0, season=("春",), power=2, keywords=(), attributes=()):
    fields = {"season": list(season)}
    if card_type == "場所札":
        fields["power"] = power
    if attributes:
        fields["attributes"] = list(attributes)
    return {"key": key, "name": key, "card_type": card_type, "cost": cost, "keywords": list(keywords), "fields": fields}


FILLER = [card(f"filler{i}", cost=5, season=("冬",)) for i in range(40)]


def start(extra=(), seed=1):
    """A game past 零探し (kept) and 潜在能力 (none): turn 1, main phase. `extra` cards are put in hand."""
    cards = list(extra) + FILLER
    state = new_game("kannagi", [cards], seed=seed)
    apply(state, {"type": "zero_search", "cards": []})
    apply(state, {"type": "potential_done"})
    return state


def take(state, key):
    """Move the instance of card `key` into the hand (a logged manual action)."""
    iid = next(i for i, c in state["cards"].items() if c["def"] == key)
    apply(state, {"type": "manual.move", "card": iid, "to": "p0.hand"})
    return iid


def to_soul(state, key):
    iid = next(i for i, c in state["cards"].items() if c["def"] == key)
    apply(state, {"type": "manual.move", "card": iid, "to": "p0.soul"})
    return iid


def hand(state):
    return state["zones"]["p0.hand"]


def end_turn(state):
    """End the turn; over the hand limit, filler cards go to 魂."""
    apply(state, {"type": "end_turn"})
    if state["pending"] and state["pending"]["type"] == "hand_limit":
        fillers = [i for i in hand(state) if state["cards"][i]["def"].startswith("filler")]
        apply(state, {"type": "hand_limit", "cards": fillers[: state["pending"]["n"]]})


def test_setup_life_30_and_an_opening_hand_of_8_then_zero_search():
    """【ゲームの準備】ライフ30、手札8枚。零探し: 手札を任意の枚数、好きな順番で山札の1番下に置き、その枚数分引く。"""
    state = new_game("kannagi", [FILLER], seed=5)
    assert [p["life"] for p in state["players"]] == [30, 30]
    assert len(hand(state)) == 8 and state["pending"]["type"] == "zero_search"
    assert state["pending"]["choose"] == {"zone": "p0.hand", "min": 0, "max": 8}  # any of the 8 may go back
    back = hand(state)[:3]
    apply(state, {"type": "zero_search", "cards": back})
    assert state["zones"]["p0.deck"][:3] == back[::-1]  # at the bottom, the last given lowest
    assert len(hand(state)) == 8 and not set(back) & set(hand(state))
    with pytest.raises(IllegalAction):
        apply(state, {"type": "zero_search", "cards": []})  # once only


def test_potential_places_may_be_summoned_after_zero_search_and_rise_in_the_first_recovery():
    """零探しの後「■潜在能力」を持つ【場所札】があれば召喚できます…回復フェイズで「起き」にできます。"""
    state = new_game("kannagi", [[card("潜む家", keywords=("潜在能力",))] + FILLER], seed=2)
    iid = next(i for i, c in state["cards"].items() if c["def"] == "潜む家")
    apply(state, {"type": "manual.move", "card": iid, "to": "p0.hand"})
    apply(state, {"type": "zero_search", "cards": []})
    assert {"type": "potential", "card": iid} in legal_actions(state)
    apply(state, {"type": "potential", "card": iid})
    assert state["cards"][iid]["zone"] == "p0.field" and state["cards"][iid]["tapped"]
    apply(state, {"type": "potential_done"})
    assert not state["cards"][iid]["tapped"]  # turn 1's recovery raised it
    assert {"type": "attack", "card": iid} in legal_actions(state)


def test_the_first_player_does_not_draw_on_the_first_turn_but_draws_on_the_next():
    """②ドロー: 先攻1ターン目は引かない。"""
    state = start()
    assert state["turn"] == 1 and len(hand(state)) == 8
    apply(state, {"type": "end_turn"})
    assert state["turn"] == 2 and len(hand(state)) == 9


def test_a_zero_cost_place_needs_no_season_and_enters_fuse_so_it_cannot_attack_at_once():
    """零コストの【場所札】は魂に季節が無くても召喚できる。横向き「伏せ」状態の【場所札】は攻撃できない。"""
    state = start([card("ねこやま", cost=0, power=3)])
    iid = take(state, "ねこやま")
    apply(state, {"type": "summon", "card": iid})
    assert state["cards"][iid]["tapped"]
    assert {"type": "attack", "card": iid} not in legal_actions(state)
    with pytest.raises(IllegalAction, match="summon"):
        apply(state, {"type": "summon", "card": take(state, "filler0")})  # the summon sub-phase is spent


def test_an_attack_deals_the_places_power_and_sends_it_to_soul_the_next_turn():
    """④【場所札】の左下に記載の数字分相手のライフにダメージ。⑤攻撃を終えた【場所札】は魂になります。"""
    state = start([card("ねこやま", cost=0, power=3)])
    iid = take(state, "ねこやま")
    apply(state, {"type": "summon", "card": iid})
    end_turn(state)
    assert not state["cards"][iid]["tapped"]  # 回復フェイズ: 起き
    apply(state, {"type": "attack", "card": iid})
    assert state["players"][1]["life"] == 27
    assert state["cards"][iid]["zone"] == "p0.soul"
    with pytest.raises(IllegalAction, match="attack"):
        apply(state, {"type": "attack", "card": iid})


def test_soul_is_a_threshold_with_the_season_and_is_not_spent():
    """コスト表記と同じ枚数の魂が必要。同じ季節の札が魂に無いと使えない。魂はコストとして消費されない。"""
    state = start([card("春の家", cost=2, season=("春",)), card("春札", card_type="道具札", cost=0), card("秋札", cost=9, season=("秋",))])
    spring = take(state, "春の家")
    assert not any(a.get("card") == spring for a in legal_actions(state))
    to_soul(state, "秋札")
    to_soul(state, "filler1")
    assert len(state["zones"]["p0.soul"]) == 2
    assert not any(a.get("card") == spring for a in legal_actions(state))  # two in 魂, but no 春
    apply(state, {"type": "manual.move", "card": state["zones"]["p0.soul"][0], "to": "p0.hand"})
    to_soul(state, "春札")
    assert any(a.get("card") == spring for a in legal_actions(state))
    apply(state, {"type": "summon", "card": spring})
    assert len(state["zones"]["p0.soul"]) == 2  # not spent


def test_a_card_of_the_season_mu_needs_no_season_in_soul():
    """無の季節の札は、どの季節の魂でも使えます。"""
    state = start([card("無の家", cost=1, season=("無",))])
    iid = take(state, "無の家")
    to_soul(state, "filler3")  # a 冬 card: any season
    assert {"type": "summon", "card": iid} in legal_actions(state)


def test_apparitions_possess_face_down_turn_up_in_order_on_attack_and_go_to_soul_with_the_place():
    """【怪異札】裏向きで憑依。攻撃時、憑依した順番で表向きにし発動。攻撃後は一斉に魂に置かれる。"""
    state = start([card("家", cost=0, power=1), card("影", card_type="怪異札", cost=0, season=("無",)), card("髪", card_type="怪異札", cost=3, season=("夏",))])
    place = take(state, "家")
    apply(state, {"type": "summon", "card": place})
    shadow = take(state, "影")
    apply(state, {"type": "possess", "card": shadow, "target": place})
    assert not state["cards"][shadow]["face_up"] and state["cards"][shadow]["on"] == place
    end_turn(state)
    hair = take(state, "髪")
    apply(state, {"type": "possess", "card": hair, "target": place})  # cost unmet: possession still allowed
    events = apply(state, {"type": "attack", "card": place})
    shown = [e for e in events if e["type"] == "apparition"]
    assert [e["card"] for e in shown] == [shadow, hair] and [e["effect"] for e in shown] == [True, False]
    assert all(state["cards"][i]["zone"] == "p0.soul" for i in (place, shadow, hair))


def test_one_season_card_a_player_and_a_new_one_sends_the_old_and_its_place_to_soul():
    """自分の場に1枚しか置けず、新たに【季節札】を展開した場合、前の【季節札】は魂に置かれる。上にある札も魂。"""
    state = start([card("夏夜", card_type="季節札", cost=0, season=("無",)), card("円形校舎", card_type="季節札", cost=0, season=("無",)), card("上の家", cost=0)])
    first = take(state, "夏夜")
    apply(state, {"type": "deploy", "card": first})
    house = take(state, "上の家")
    apply(state, {"type": "summon", "card": house, "onto": first})
    end_turn(state)
    second = take(state, "円形校舎")
    apply(state, {"type": "deploy", "card": second})
    assert state["cards"][first]["zone"] == state["cards"][house]["zone"] == "p0.soul"
    assert state["cards"][second]["zone"] == "p0.field"


def test_a_tool_is_used_once_a_turn_and_goes_to_soul():
    """【道具札】手札からそのまま使え、魂に置き効果を発動する。自分のターン開始時から次のターン開始時までに1度だけ。"""
    state = start([card("塩", card_type="道具札", cost=0, season=("無",)), card("灯", card_type="道具札", cost=0, season=("無",))])
    salt, lamp = take(state, "塩"), take(state, "灯")
    apply(state, {"type": "tool", "card": salt})
    assert state["cards"][salt]["zone"] == "p0.soul"
    with pytest.raises(IllegalAction, match="tool"):
        apply(state, {"type": "tool", "card": lamp})
    end_turn(state)
    apply(state, {"type": "tool", "card": lamp})


def test_haste_lets_a_place_attack_the_turn_it_arrives():
    """■速攻: 伏せずに召喚される。"""
    state = start([card("速い家", cost=0, power=4, keywords=("速攻",))])
    iid = take(state, "速い家")
    apply(state, {"type": "summon", "card": iid})
    apply(state, {"type": "attack", "card": iid})
    assert state["players"][1]["life"] == 26


def test_a_hand_over_8_at_the_end_goes_down_to_8_into_soul():
    """④エンド: 手札が8枚になるように魂に置きます。"""
    state = start()
    take(state, "filler30")
    assert len(hand(state)) == 9
    apply(state, {"type": "end_turn"})
    assert state["pending"]["type"] == "hand_limit"
    with pytest.raises(IllegalAction):
        apply(state, {"type": "hand_limit", "cards": hand(state)[:2]})
    chosen = hand(state)[0]
    apply(state, {"type": "hand_limit", "cards": [chosen]})
    assert state["cards"][chosen]["zone"] == "p0.soul" and state["turn"] == 2 and len(hand(state)) == 9  # 8 + the draw


def test_two_god_cards_of_one_name_cannot_both_be_on_the_field():
    """”神”と書かれた同じ札(同名札)は場に同時に存在する事ができず…即刻持ち主の魂にする。"""
    god = card("山神", cost=0, attributes=("神",))
    state = start([god, {**god}])
    first, second = [i for i, c in state["cards"].items() if c["def"] == "山神"][:2]
    apply(state, {"type": "manual.move", "card": first, "to": "p0.field", "face_up": True})
    apply(state, {"type": "manual.move", "card": second, "to": "p0.hand"})
    apply(state, {"type": "summon", "card": second})
    assert state["cards"][second]["zone"] == "p0.soul" and state["cards"][first]["zone"] == "p0.field"


def test_the_player_wins_when_the_goldfish_life_reaches_0_and_loses_drawing_from_an_empty_deck():
    """勝利: 相手のライフが0。山札から引けなくなった時は負け。"""
    state = start([card("大蛇", cost=0, power=30, keywords=("速攻",))])
    iid = take(state, "大蛇")
    apply(state, {"type": "summon", "card": iid})
    apply(state, {"type": "attack", "card": iid})
    assert state["result"] == {"winner": 0, "turn": 1, "reason": "life"}
    thin = new_game("kannagi", [FILLER[:9]], seed=1)
    apply(thin, {"type": "zero_search", "cards": []})
    apply(thin, {"type": "potential_done"})
    end_turn(thin)  # turn 2 draws the last card
    assert thin["result"] is None and not thin["zones"]["p0.deck"]
    end_turn(thin)  # 9 in hand: one to 魂; turn 3 must draw from the empty deck
    assert thin["result"] == {"winner": 1, "turn": 3, "reason": "deck"}


def bundled(name):
    import json
    from pathlib import Path

    cards = json.loads((Path(__file__).resolve().parent.parent / "cards/bundled/kannagi.json").read_text(encoding="utf-8"))["cards"]
    return {**next(c for c in cards if c["name"] == name), "key": name}


def test_attack_effects_of_the_apparitions_then_the_place_and_its_season_run_before_the_damage():
    """怪異: 攻撃時、憑依した順番で表向きにし発動 (before the place's own 攻撃時, GAMES.md); then the damage.
    The sample set's texts as engine steps: 囁く黒髪「攻撃時、相手に1ダメージを与える。」 (cost met in 魂),
    蝉しぐれの校庭「攻撃時、相手に1ダメージを与える。」 春霞の丘「この札の上にある場所札の力を1上げる。」"""
    state = start([bundled("春霞の丘"), bundled("蝉しぐれの校庭"), bundled("囁く黒髪"), card("夏の魂", season=("夏",)), card("春の魂")])
    hill = take(state, "春霞の丘")
    to_soul(state, "夏の魂")
    to_soul(state, "春の魂")
    apply(state, {"type": "deploy", "card": hill})
    yard = take(state, "蝉しぐれの校庭")
    apply(state, {"type": "summon", "card": yard, "onto": hill})
    hair = take(state, "囁く黒髪")
    apply(state, {"type": "possess", "card": hair, "target": yard})
    end_turn(state)
    events = apply(state, {"type": "attack", "card": yard})
    kinds = [(e["type"], e.get("amount"), e.get("card")) for e in events if e["type"] in ("stat", "damage", "apparition")]
    assert kinds == [("apparition", None, hair), ("damage", 1, None), ("damage", 1, None), ("stat", 1, yard), ("damage", 2, None)]
    assert state["players"][1]["life"] == 30 - 4
    assert state["cards"][yard]["zone"] == state["cards"][hair]["zone"] == "p0.soul"
    assert state["cards"][yard]["counters"] == {}


def test_a_places_steps_without_a_timing_happen_on_attack_not_on_summon():
    """【場所札】タイミングが書かれていない効果は攻撃時に発動する (GAMES.md's reading of the seed)."""
    place = card("家", cost=0, power=1, keywords=("速攻",))
    place["fields"]["script"] = [{"op": "damage", "amount": 3}]
    state = start([place])
    iid = take(state, "家")
    apply(state, {"type": "summon", "card": iid})
    assert state["players"][1]["life"] == 30
    apply(state, {"type": "attack", "card": iid})
    assert state["players"][1]["life"] == 30 - 3 - 1


def test_a_tool_with_engine_steps_applies_them_and_goes_to_soul():
    """手作りのお守り「自分のライフを2回復する。」 古びた懐中電灯「カードを1枚引く。」"""
    state = start([bundled("手作りのお守り"), bundled("古びた懐中電灯"), card("春の魂", season=("春",)), card("魂2")])
    charm = take(state, "手作りのお守り")
    to_soul(state, "春の魂")
    to_soul(state, "魂2")
    apply(state, {"type": "tool", "card": charm})
    assert state["players"][0]["life"] == 32 and state["cards"][charm]["zone"] == "p0.soul"
    end_turn(state)
    lamp = take(state, "古びた懐中電灯")
    before = len(hand(state))
    apply(state, {"type": "tool", "card": lamp})
    assert len(hand(state)) == before - 1 + 1


def test_a_chosen_stat_change_waits_for_the_players_choice_and_ends_with_the_turn():
    buff = card("札", card_type="道具札", cost=0, season=("無",))
    buff["fields"]["script"] = [{"op": "stat", "stat": "power", "amount": 3}]
    state = start([buff, card("家", cost=0, power=1, keywords=("速攻",))])
    house = take(state, "家")
    apply(state, {"type": "summon", "card": house})
    apply(state, {"type": "tool", "card": take(state, "札")})
    assert state["pending"]["type"] == "choose" and legal_actions(state) == [{"type": "choose", "card": house}]
    apply(state, {"type": "choose", "card": house})
    assert state["cards"][house]["counters"] == {"power": 3} and state["pending"] is None
    end_turn(state)
    assert state["cards"][house]["counters"] == {}


def sample_deck():
    import json
    from pathlib import Path

    cards = json.loads((Path(__file__).resolve().parent.parent / "cards/bundled/kannagi.json").read_text(encoding="utf-8"))["cards"]
    out = []
    for i, c in enumerate(cards):
        out += [{**c, "key": f"k{i}"}] * (4 if i % 3 else 2)
    return out[:48]


def test_random_legal_games_keep_every_invariant_and_undo_redo_is_exact():
    for seed in range(1500):
        pick = random.Random(seed)
        state = new_game("kannagi", [sample_deck()], seed=seed)
        total = len(state["cards"])
        steps = 0
        while state["result"] is None and steps < 300:
            if pick.random() < 0.03:  # now and then a manual move, as a player fixing up card text would
                action = {"type": "manual.move", "card": pick.choice(sorted(state["cards"])), "to": pick.choice(sorted(state["zones"]))}
            else:
                action = pick.choice(legal_actions(state))
            apply(state, action)
            if seed % 25 == 0:
                check_invariants(state)
            assert len(state["cards"]) == total
            steps += 1
        check_invariants(state)
        if seed % 5 == 0:
            back = pick.randint(1, len(state["log"]))
            final = digest(state)
            assert digest(redo(undo(state, back), back)) == final


def test_the_player_loses_at_life_0_too():
    """勝利条件: 相手のライフが0点になった瞬間 (the player's own life as well)."""
    state = start()
    apply(state, {"type": "manual.life", "player": 0, "delta": -30})
    assert state["result"] == {"winner": 1, "turn": 1, "reason": "life"}


def test_drawing_from_the_empty_deck_during_an_attack_loses_before_the_damage_would_win():
    """The condition that happens first decides: ドローする際…山札がない loses before the damage lands."""
    place = card("家", cost=0, power=5, keywords=("速攻",))
    place["fields"]["script"] = [{"op": "draw", "when": "attack"}]
    state = new_game("kannagi", [[place] + FILLER[:8]], seed=1, options={"goldfish_life": 5})
    apply(state, {"type": "zero_search", "cards": []})
    apply(state, {"type": "potential_done"})
    iid = take(state, "家")
    for other in list(state["zones"]["p0.deck"]):
        apply(state, {"type": "manual.move", "card": other, "to": "p0.exile"})
    apply(state, {"type": "summon", "card": iid})
    apply(state, {"type": "attack", "card": iid})
    assert state["result"] == {"winner": 1, "turn": 1, "reason": "deck"} and state["players"][1]["life"] == 5


def test_moving_cards_from_an_empty_deck_by_an_effect_loses():
    """効果によって山札から札を移動する際に山札がない: a loss, as drawing is."""
    mill = card("削り", card_type="道具札", cost=0, season=("無",))
    mill["fields"]["script"] = [{"op": "mill", "amount": 2}]
    state = start([mill])
    tool = take(state, "削り")
    for other in state["zones"]["p0.deck"][1:]:
        apply(state, {"type": "manual.move", "card": other, "to": "p0.exile"})
    apply(state, {"type": "tool", "card": tool})
    assert state["result"]["winner"] == 1 and state["result"]["reason"] == "deck"


def test_a_draw_aimed_at_the_goldfish_does_nothing_and_later_damage_still_lands():
    odd = card("札", card_type="道具札", cost=0, season=("無",))
    odd["fields"]["script"] = [{"op": "draw", "who": "opponent"}, {"op": "damage", "amount": 3}]
    state = start([odd])
    apply(state, {"type": "tool", "card": take(state, "札")})
    assert not state["players"][1]["lost"] and state["players"][1]["life"] == 27 and state["result"] is None


def test_a_season_leaving_the_field_by_hand_takes_the_place_on_it_to_soul():
    """季節札が場を離れた場合…上にある全ての札は魂に置かれます。"""
    state = start([card("季", card_type="季節札", cost=0, season=("無",)), card("上", cost=0)])
    season = take(state, "季")
    apply(state, {"type": "deploy", "card": season})
    place = take(state, "上")
    apply(state, {"type": "summon", "card": place, "onto": season})
    apply(state, {"type": "manual.move", "card": season, "to": "p0.exile"})
    assert state["cards"][place]["zone"] == "p0.soul" and "on" not in state["cards"][place]


def test_potential_places_need_no_cost_at_zero_search():
    """「◼︎潜在能力」を持つ【場所札】があれば召喚できます (no cost named; 魂 is empty then)."""
    hotel = card("廃ホテル", cost=4, season=("冬",), keywords=("潜在能力",))
    state = new_game("kannagi", [[hotel] * 8 + FILLER], seed=2)
    apply(state, {"type": "zero_search", "cards": []})
    offered = [a for a in legal_actions(state) if a["type"] == "potential"]
    assert offered
    apply(state, offered[0])
    assert state["cards"][offered[0]["card"]]["zone"] == "p0.field"


def test_a_malformed_card_list_is_refused_not_crashed_on():
    state = new_game("kannagi", [FILLER], seed=1)
    with pytest.raises(IllegalAction, match="cards"):
        apply(state, {"type": "zero_search", "cards": [["c1"]]})


def test_the_hand_limit_counts_the_revealed_hand():
    """②手札公開場: 手札公開場に置かれた札は表向きで置かれます。手札として数えます。"""
    state = start()
    iid = take(state, "filler30")
    apply(state, {"type": "manual.move", "card": iid, "to": "p0.reveal"})
    assert len(hand(state)) == 8
    apply(state, {"type": "end_turn"})
    assert state["pending"]["type"] == "hand_limit" and state["pending"]["n"] == 1


def test_damage_lowers_a_places_power_and_at_0_it_goes_to_soul():
    """ダメージルール②: 力が0以下になった【場所札】は魂に置かれます。"""
    state = start([card("家", cost=0, power=2, keywords=("速攻",)), card("家2", cost=0, power=3)])
    house = take(state, "家")
    apply(state, {"type": "summon", "card": house})
    apply(state, {"type": "manual.counter", "card": house, "name": "damage", "delta": 1})
    apply(state, {"type": "attack", "card": house})
    assert state["players"][1]["life"] == 29
    end_turn(state)
    other = take(state, "家2")
    apply(state, {"type": "summon", "card": other})
    apply(state, {"type": "manual.counter", "card": other, "name": "damage", "delta": 3})
    assert state["cards"][other]["zone"] == "p0.soul"


def test_a_mill_step_puts_the_cards_in_soul_face_down_as_a_manual_mill_does():
    mill = card("削り", card_type="道具札", cost=0, season=("無",))
    mill["fields"]["script"] = [{"op": "mill", "amount": 2}]
    state = start([mill])
    apply(state, {"type": "tool", "card": take(state, "削り")})
    milled = [i for i in state["zones"]["p0.soul"] if state["cards"][i]["def"] != "削り"]
    assert len(milled) == 2 and not any(state["cards"][i]["face_up"] for i in milled)
