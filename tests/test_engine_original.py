"""The 兵・呪術・土地 game (original, seed 003) in the engine: golden playthroughs of the seed's rules (each
quotes the passage it checks), the 特殊種別2, the 対抗 chain, the bundled cards' scripts, and random legal
games with manual moves mixed in that keep the invariants."""

import copy
import itertools
import json
import random
from pathlib import Path

import pytest

from rules.declare.samples import bundled_card_data
from rules.engine import (
    IllegalAction,
    apply,
    check_invariants,
    decision,
    digest,
    effects,
    legal_actions,
    new_game,
    redo,
    replay,
    undo,
    view,
)
from rules.engine.core import rules_of

from .engine_helpers import fresh

BUNDLED = {c["name"]: c for c in bundled_card_data("original")}


def bundled(name):
    return {**BUNDLED[name], "key": name}


def soldier(key, cost=1, move=1, power=2, attrs=("火",), s2=None, race=None, special=None, effects=None, script=None):
    fields = {"attributes": list(attrs), "move_cost": move, "power": power}
    for name, value in (("special_type2", s2), ("race", race), ("special_type", special), ("effects", effects), ("script", script)):
        if value is not None:
            fields[name] = value
    return {"key": key, "name": key, "card_type": "兵", "cost": cost, "fields": fields}


def curse(key, cost=1, upkeep=0, attrs=("火",), effects=None, script=None, card_type="呪術"):
    fields = {"attributes": list(attrs), "upkeep": upkeep}
    if effects is not None:
        fields["effects"] = effects
    if script is not None:
        fields["script"] = script
    return {"key": key, "name": key, "card_type": card_type, "cost": cost, "fields": fields}


def land(key, **kw):
    return curse(key, card_type="土地", **kw)


def energy(attr):
    """A card to sit in 倉庫: what counts there is its attribute."""
    return soldier(f"E{attr}", cost=99, attrs=(attr,))


FILLER = [soldier(f"filler{i}", cost=99, move=99, power=1, attrs=("無",)) for i in range(60)]
ENERGY = [energy(a) for a in "火水風地光闇" for _ in range(10)]


def start(mine=(), theirs=None, seed=1, **options):
    decks = [list(mine) + ENERGY + FILLER]
    if theirs is not None:
        decks.append(list(theirs) + FILLER)
    return new_game("original", decks, seed=seed, options=options)


def put(state, key, to="p0.hand", pos=None, owner=0):
    """A fresh instance of `key` moved to a zone (a logged manual action); with pos, a square of the board."""
    iid = fresh(state, key, owner)
    action = {"type": "manual.move", "card": iid, "to": to}
    if not to.endswith((".hand", ".deck")):
        action["face_up"] = True
    if pos is not None:
        action["pos"] = list(pos)
    apply(state, action)
    return iid


def store(state, *attrs):
    """倉庫 cards of these attributes (unused)."""
    return [put(state, f"E{a}", "p0.storage") for a in attrs]


def to_main(state):
    """On to phase ②, paying each upkeep with its default payment."""
    apply(state, {"type": "next_phase"})
    while state["pending"] and state["pending"]["type"] == "upkeep":
        pay_first(state)
    assert state["phase"] == "main", state["pending"]


def pay_first(state):
    """Pay a pending cost with the first (default) payment."""
    pays = [a for a in legal_actions(state) if a["type"] == "pay"]
    apply(state, pays[0])
    return pays[0]


def unused(state):
    return [i for i in state["zones"]["p0.storage"] if not state["cards"][i]["tapped"]]


def power(state, iid):
    return rules_of(state).power(state, iid)


def stat(state, iid, name):
    return rules_of(state).stat(state, iid, name)


def damage_of(state, player):
    top = state["zones"][f"p{player}.power"][-1]
    return state["cards"][top]["counters"].get("damage", 0)


def types(state):
    return sorted({a["type"] for a in legal_actions(state)})


# -- setup and the turn -----------------------------------------------------------------------------------


def test_setup_puts_five_face_up_to_power_the_rest_to_support_and_draws_five():
    """<弐>準備: 60枚のデッキをシャッフルした後、上から5枚を表向きで戦力ゾーンに置き、残りを裏向きで支援ゾーンに置く。
    お互いに支援から5枚ずつ手札にして、先攻後攻を決める。"""
    state = new_game("original", [FILLER], seed=3)
    assert len(state["zones"]["p0.power"]) == 5 and all(state["cards"][i]["face_up"] for i in state["zones"]["p0.power"])
    assert len(state["zones"]["p0.hand"]) == 5 and len(state["zones"]["p0.deck"]) == 50
    assert not any(state["cards"][i]["face_up"] for i in state["zones"]["p0.deck"])
    # the goldfish: five face-up stand-ins for its 戦力, no 支援, and it never acts
    fish = state["zones"]["p1.power"]
    assert len(fish) == 5 and {state["defs"][state["cards"][i]["def"]]["name"] for i in fish} == {"戦力"}
    assert state["zones"]["p1.deck"] == [] and state["result"] is None
    assert (state["turn"], state["active"], state["phase"]) == (1, 0, "refresh")
    assert view(state, 0)["layout"] == {"grid": {"zone": "board", "rows": 5, "cols": 5, "strips": {"0": "p0.storage", "4": "p1.storage"}}}
    check_invariants(state)
    other = new_game("original", [FILLER], seed=4)
    assert other["zones"]["p0.power"] != state["zones"]["p0.power"] or other["zones"]["p0.hand"] != state["zones"]["p0.hand"]


def test_a_goldfish_deck_is_set_up_like_the_players_and_the_goldfish_can_go_first():
    state = new_game("original", [FILLER, FILLER], seed=3, options={"first": "goldfish", "goldfish_power": 3})
    assert len(state["zones"]["p1.power"]) == 5 and len(state["zones"]["p1.hand"]) == 5  # its own cards, not stand-ins
    assert (state["turn"], state["active"]) == (2, 0)  # turn 1 was the goldfish's
    state = new_game("original", [FILLER], seed=3, options={"goldfish_power": 3})
    assert len(state["zones"]["p1.power"]) == 3


@pytest.mark.parametrize(
    "options, message",
    [({"first": 2}, "first"), ({"movement": "diagonal"}, "movement"), ({"goldfish_power": 0}, "goldfish_power"), ({"deck_out": "never"}, "deck_out"), ({"own_land_battle": 1}, "own_land_battle")],
)
def test_bad_options_are_refused_by_name(options, message):
    with pytest.raises(IllegalAction, match=message):
        new_game("original", [FILLER], seed=1, options=options)


def test_phase_one_untaps_then_draws_once_then_stores_once_in_that_order():
    """*ターンの始めに倉庫のカードを未使用状態にする際、縦の状態にする。
    フェイズ① パート1:倉庫のカードを全て未使用状態にする。パート2:支援から一枚手札に加える。(任意、一度)
    パート3:手札から倉庫に一枚出す。(任意、一度)"""
    state = start()
    e = store(state, "火")[0]
    apply(state, {"type": "manual.tap", "card": e, "tapped": True})
    hand = len(state["zones"]["p0.hand"])
    apply(state, {"type": "draw_support"})
    assert len(state["zones"]["p0.hand"]) == hand + 1
    assert {"type": "draw_support"} not in legal_actions(state)
    with pytest.raises(IllegalAction, match="once"):
        apply(state, {"type": "draw_support"})
    card = state["zones"]["p0.hand"][0]
    apply(state, {"type": "store", "card": card})
    assert state["cards"][card]["zone"] == "p0.storage" and state["cards"][card]["face_up"] and not state["cards"][card]["tapped"]
    assert types(state) == ["end_turn", "next_phase"]
    with pytest.raises(IllegalAction, match="once"):
        apply(state, {"type": "store", "card": state["zones"]["p0.hand"][0]})
    apply(state, {"type": "next_phase"})
    apply(state, {"type": "end_turn"})  # the goldfish's turn passes; our next turn untaps 倉庫
    assert state["turn"] == 3 and state["phase"] == "refresh" and not state["cards"][e]["tapped"]


def test_ending_the_turn_in_phase_one_still_asks_for_the_upkeep():
    state = start([bundled("魔竜の焔")])
    flame = put(state, "魔竜の焔", "board", (1, 0))
    store(state, "火")
    apply(state, {"type": "end_turn"})
    assert state["phase"] == "upkeep" and state["pending"]["card"] == flame
    pay_first(state)
    assert (state["turn"], state["phase"]) == (3, "refresh") and state["cards"][flame]["zone"] == "board"


def test_storing_first_skips_the_draw_of_part_two():
    state = start()
    apply(state, {"type": "store", "card": state["zones"]["p0.hand"][0]})
    with pytest.raises(IllegalAction):
        apply(state, {"type": "draw_support"})


def test_phase_three_draws_for_two_storage_cards_and_stores_once():
    """フェイズ③ パート1:倉庫のカードを二枚使って支援から一枚手札に加える。(任意) パート2:手札から倉庫に一枚出す。(任意、一度)"""
    state = start()
    store(state, "火", "水", "風")
    to_main(state)
    apply(state, {"type": "next_phase"})
    assert state["phase"] == "supply"
    hand = len(state["zones"]["p0.hand"])
    apply(state, {"type": "draw_paid"})
    assert state["pending"]["type"] == "pay" and state["pending"]["cost"] == 2
    pay = pay_first(state)
    assert len(pay["tap"]) == 2 and pay["discard"] == []  # the default taps, discards nothing
    assert len(state["zones"]["p0.hand"]) == hand + 1 and len(unused(state)) == 1
    assert {"type": "draw_paid"} in legal_actions(state)  # the one unused card discarded counts as two
    apply(state, {"type": "store", "card": state["zones"]["p0.hand"][0]})
    assert types(state) == ["end_turn"]


def test_a_single_storage_card_discarded_pays_two():
    """4)コストルール: 倉庫のカードは横にする代わりに破棄することによって、二枚使用したものとしても良い。"""
    state = start()
    e = store(state, "火")[0]
    to_main(state)
    apply(state, {"type": "next_phase"})
    apply(state, {"type": "draw_paid"})
    assert [a for a in legal_actions(state) if a["type"] == "pay"] == [{"type": "pay", "tap": [], "discard": [e]}]
    apply(state, {"type": "pay", "tap": [], "discard": [e]})
    assert state["cards"][e]["zone"] == "p0.discard"


def test_upkeep_is_paid_or_the_card_destroyed_and_an_unpayable_one_goes_at_once():
    """パート4:呪術、土地カードの維持コストを支払う。…毎ターンのフェイズ①の終わりに、火か闇のカードを含む倉庫のカードを一枚使用する。
    (出来ない、しない場合はこのカードを破棄する。)"""
    state = start([bundled("魔竜の焔"), bundled("暗黒城塞都市"), bundled("火炎雨")])
    flame = put(state, "魔竜の焔", "board", (1, 0))
    castle = put(state, "暗黒城塞都市", "board", (1, 1))
    rain = put(state, "火炎雨", "board", (1, 2))
    dark = store(state, "闇")[0]
    apply(state, {"type": "next_phase"})
    assert state["phase"] == "upkeep" and state["pending"]["type"] == "upkeep" and state["pending"]["card"] == flame
    assert state["pending"]["needs_any"] == ["火", "闇"]  # 火か闇
    assert legal_actions(state) == [{"type": "pay", "tap": [dark], "discard": []}, {"type": "destroy"}]
    apply(state, {"type": "pay", "tap": [dark], "discard": []})
    # 暗黒城塞都市 (upkeep 3) and 火炎雨 (upkeep 2, 火) cannot be paid with nothing left: destroyed at once
    assert state["cards"][castle]["zone"] == "p0.discard" and state["cards"][rain]["zone"] == "p0.discard"
    assert state["cards"][flame]["zone"] == "board" and state["phase"] == "main"
    apply(state, {"type": "end_turn"})
    apply(state, {"type": "next_phase"})  # 闇 untapped again; this time we let it go
    apply(state, {"type": "destroy"})
    assert state["cards"][flame]["zone"] == "p0.discard" and state["phase"] == "main"


# -- costs ---------------------------------------------------------------------------------------------------


def test_a_summon_needs_that_many_storage_cards_including_each_attribute():
    """召喚の際に地・風・水のカードを含む倉庫のカードを三枚、移動の際に地・風・水のカードを含む倉庫のカードを三枚使用する。基本パワーは9。
    *決められた属性、枚数の倉庫のカードをコストとして支払うことを使用と呼ぶ。倉庫のカードを使用する際は、カードを横にする。倉庫のカードは横にする代わりに破
    召喚の際に地・風・水のカードを含む倉庫のカードを三枚…使用する。"""
    state = start([bundled("星を渡る者")])
    star = put(state, "星を渡る者")
    store(state, "地", "風", "火")
    to_main(state)
    assert not any(a.get("card") == star for a in legal_actions(state))  # no 水
    with pytest.raises(IllegalAction, match="costs 3"):
        apply(state, {"type": "summon", "card": star, "pos": [1, 0]})
    water = store(state, "水")[0]
    apply(state, {"type": "summon", "card": star, "pos": [1, 0]})
    assert state["pending"] == {"type": "pay", "player": 0, "cost": 3, "needs": ["地", "風", "水"], "for": {"type": "summon", "card": star, "pos": [1, 0]}}
    pays = [a for a in legal_actions(state) if a["type"] == "pay"]
    assert all(water in p["tap"] + p["discard"] for p in pays) and len(pays) <= 12
    assert legal_actions(state)[-1] == {"type": "cancel"}
    fire = next(i for i in unused(state) if state["cards"][i]["def"] == "E火")
    with pytest.raises(IllegalAction, match="include"):
        apply(state, {"type": "pay", "tap": [i for i in unused(state) if i != water], "discard": []})
    with pytest.raises(IllegalAction, match="more than the cost"):
        apply(state, {"type": "pay", "tap": unused(state), "discard": []})
    with pytest.raises(IllegalAction, match="needed"):
        apply(state, {"type": "pay", "tap": [water], "discard": []})
    # a discarded 倉庫 card counts as two: 水 discarded with 地 and 風 tapped is 4, more than 3 (水 could be tapped)
    with pytest.raises(IllegalAction, match="more than the cost"):
        apply(state, {"type": "pay", "tap": [i for i in unused(state) if i not in (water, fire)], "discard": [water]})
    apply(state, {"type": "pay", "tap": [i for i in unused(state) if i != fire], "discard": []})
    assert state["cards"][star]["zone"] == "board" and state["cards"][star]["pos"] == [1, 0]
    assert state["cards"][water]["tapped"] and state["cards"][fire]["tapped"] is False


def test_a_move_needs_that_many_storage_cards_including_each_attribute():
    """召喚の際に地・風・水のカードを含む倉庫のカードを三枚、移動の際に地・風・水のカードを含む倉庫のカードを三枚使用する。
    (the move half: 星を渡る者's move cost 3, with a 地, a 風 and a 水 card among the three)"""
    state = start([bundled("星を渡る者")])
    star = put(state, "星を渡る者", "board", (1, 0))
    store(state, "地", "風", "火", "火")
    to_main(state)
    assert not any(a["type"] == "move" and a["card"] == star for a in legal_actions(state))  # no 水
    with pytest.raises(IllegalAction, match="moving costs 3"):
        apply(state, {"type": "move", "card": star, "pos": [2, 0]})
    water = store(state, "水")[0]
    assert {"type": "move", "card": star, "pos": [2, 0]} in legal_actions(state)
    apply(state, {"type": "move", "card": star, "pos": [2, 0]})
    assert (state["pending"]["cost"], state["pending"]["needs"]) == (3, ["地", "風", "水"])
    with pytest.raises(IllegalAction, match="include"):
        apply(state, {"type": "pay", "tap": [i for i in unused(state) if i != water][:3], "discard": []})
    pay = pay_first(state)
    assert water in pay["tap"] + pay["discard"] and len(pay["tap"]) + 2 * len(pay["discard"]) == 3
    assert state["cards"][star]["pos"] == [2, 0]


def test_cancel_leaves_everything_as_it_was():
    state = start([bundled("ギルビアの炎剣術士")])
    knight = put(state, "ギルビアの炎剣術士")
    store(state, "火")
    to_main(state)
    before = digest(state)
    apply(state, {"type": "summon", "card": knight, "pos": [1, 2]})
    apply(state, {"type": "cancel"})
    assert digest(state) == before


def test_payments_are_bounded_distinct_and_the_default_keeps_rare_attributes():
    state = start([soldier("big", cost=5, attrs=("火",))])
    big = put(state, "big")
    store(state, *"火火火水水水風風風地地地光光光闇闇")
    to_main(state)
    apply(state, {"type": "summon", "card": big, "pos": [1, 0]})
    pays = [a for a in legal_actions(state) if a["type"] == "pay"]
    assert 1 < len(pays) <= 12
    kinds = [tuple(sorted(state["cards"][i]["def"] for i in p["tap"])) + tuple(sorted("x" + state["cards"][i]["def"] for i in p["discard"])) for p in pays]
    assert len(set(kinds)) == len(kinds)  # distinct up to cards of the same attributes
    first = [state["cards"][i]["def"] for i in pays[0]["tap"]]
    assert pays[0]["discard"] == [] and len(first) == 5 and "E闇" not in first  # 闇 is the rarest here: kept


def test_a_cost_of_zero_still_uses_a_card_of_each_attribute_unless_the_option_says_otherwise():
    """召喚の際に火のカードを含む倉庫のカードを五枚、移動の際に火のカードを含む倉庫のカードを一枚使用する。 The attributes are part of
    the cost (「決められた属性、枚数の倉庫のカードをコストとして支払うことを使用と呼ぶ」): a cost of 0 still uses a card of each
    (option zero_cost_attributes, on by default); off, a cost of 0 uses nothing at all."""
    state = start([soldier("free", cost=0, move=0)])
    free = put(state, "free")
    to_main(state)
    assert not [a for a in legal_actions(state) if a.get("card") == free]  # no 火 card in 倉庫: no summon
    with pytest.raises(IllegalAction, match="costs 0 with 火"):
        apply(state, {"type": "summon", "card": free, "pos": [1, 4]})
    fire, water = store(state, "火", "水")
    apply(state, {"type": "summon", "card": free, "pos": [1, 4]})
    pays = [a for a in legal_actions(state) if a["type"] == "pay"]
    assert pays == [{"type": "pay", "tap": [fire], "discard": []}]  # one 火 card, tapped; not the 水 one, no discard
    with pytest.raises(IllegalAction, match="more than the cost"):
        apply(state, {"type": "pay", "tap": [fire, water], "discard": []})
    apply(state, pays[0])
    assert state["cards"][free]["zone"] == "board" and state["cards"][fire]["tapped"]

    state = start([soldier("free", cost=0, move=0)], zero_cost_attributes=False)
    free = put(state, "free")
    to_main(state)
    apply(state, {"type": "summon", "card": free, "pos": [1, 4]})
    assert state["pending"] is None and state["cards"][free]["zone"] == "board"
    state["cards"][free]["arrived"] = 0  # (as if summoned last turn)
    apply(state, {"type": "move", "card": free, "pos": [2, 4]})
    assert state["pending"] is None and state["cards"][free]["pos"] == [2, 4]  # moved for nothing


# -- the board: summons, moves, arrival ------------------------------------------------------------------------


def test_soldiers_go_to_your_camp_and_cannot_move_or_use_effects_the_turn_they_arrive():
    """5)召喚・詠唱・展開ルール: 兵・土地は、召喚されたターンには特殊な条件下にある場合を除いて、その効果を発動する事は出来ず移動も出来ない。"""
    state = start([bundled("潮騒の見習い術士")], theirs=[soldier("enemy")])
    mage = put(state, "潮騒の見習い術士")
    put(state, "enemy", "board", (3, 0), owner=1)  # (a soldier for its 敵兵一枚に1ダメージ)
    store(state, "水", "水", "水", "水")
    to_main(state)
    summons = [a for a in legal_actions(state) if a["type"] == "summon"]
    assert [a["pos"] for a in summons] == [[1, c] for c in range(5)]  # 自陣: the second row
    with pytest.raises(IllegalAction, match="pos"):
        apply(state, {"type": "summon", "card": mage, "pos": [2, 0]})
    apply(state, {"type": "summon", "card": mage, "pos": [1, 3]})
    pay_first(state)
    assert state["cards"][mage]["arrived"] == state["turn"]
    assert not [a for a in legal_actions(state) if a.get("card") == mage]
    with pytest.raises(IllegalAction, match="turn it is summoned"):
        apply(state, {"type": "move", "card": mage, "pos": [2, 3]})
    apply(state, {"type": "end_turn"})
    to_main(state)
    assert {"type": "move", "card": mage, "pos": [2, 3]} in legal_actions(state)
    assert {"type": "effect", "card": mage, "effect": 1} in legal_actions(state)


def test_a_land_cannot_use_its_effect_the_turn_it_is_deployed_but_a_curse_can():
    state = start([bundled("古き水車の村"), bundled("宵闇の影法師"), bundled("魔竜の焔")])
    village, flame = put(state, "古き水車の村"), put(state, "魔竜の焔")
    store(state, *"水水水火闇闇闇闇闇")
    to_main(state)
    apply(state, {"type": "deploy", "card": village, "pos": [1, 0]})
    pay_first(state)
    apply(state, {"type": "cast", "card": flame, "pos": [1, 1]})
    pay_first(state)
    offered = [a for a in legal_actions(state) if a["type"] == "effect"]
    assert offered == [{"type": "effect", "card": flame, "effect": 1}]  # (its 火2 effect: the 火 card is spent)


def test_a_move_is_one_row_in_the_same_column_by_default_and_sideways_with_the_option():
    """兵の移動: 移動の際に火のカードを含む倉庫のカードを一枚使用する。"""
    state = start([bundled("ギルビアの炎剣術士")])
    knight = put(state, "ギルビアの炎剣術士", "board", (2, 2))
    store(state, "水", "水")
    to_main(state)
    assert not [a for a in legal_actions(state) if a["type"] == "move"]  # no 火
    fire = store(state, "火")[0]
    assert sorted(a["pos"] for a in legal_actions(state) if a["type"] == "move") == [[1, 2], [3, 2]]
    apply(state, {"type": "move", "card": knight, "pos": [1, 2]})
    assert legal_actions(state)[0] == {"type": "pay", "tap": [fire], "discard": []}
    pay_first(state)
    assert state["cards"][knight]["pos"] == [1, 2] and state["cards"][fire]["tapped"]
    state = start([bundled("ギルビアの炎剣術士")], movement="adjacent")
    knight = put(state, "ギルビアの炎剣術士", "board", (1, 0))
    store(state, "火")
    to_main(state)
    assert sorted(a["pos"] for a in legal_actions(state) if a["type"] == "move") == [[1, 1], [2, 0]]


def test_curses_and_lands_go_onto_any_camp_square_or_with_the_option_one_without_a_curse_or_land():
    for limit, squares in ((False, range(5)), (True, range(1, 5))):
        state = start([bundled("血塗れた刀"), curse("second", cost=0)], one_curse_or_land_a_square=limit)
        put(state, "血塗れた刀", "board", (1, 0))
        second = put(state, "second")
        store(state, "火")
        to_main(state)
        assert [a["pos"] for a in legal_actions(state) if a.get("card") == second] == [[1, c] for c in squares]


# -- battles -------------------------------------------------------------------------------------------------


def fight(state, mover, to):
    """Move a soldier (paying the default) into a square: the battle runs (nobody responds)."""
    apply(state, {"type": "move", "card": mover, "pos": list(to)})
    if state["pending"] and state["pending"]["type"] == "pay":
        pay_first(state)


def duel(attacker, defender, col=0, attr="火"):
    """A battle: our `attacker` on the 戦場 moves onto the goldfish's `defender` in its camp (column `col`)."""
    state = start([attacker], theirs=[defender])
    a = put(state, attacker["key"], "board", (2, col))
    d = put(state, defender["key"], "board", (3, col), owner=1)
    store(state, attr)
    to_main(state)
    fight(state, a, (3, col))
    return state, a, d


def test_the_higher_power_wins_and_takes_plus_0_0_minus_x_and_the_losers_owner_takes_the_difference():
    """③戦闘段階2:戦闘処理を行うステップ。戦闘段階1においてパワーの低かった兵は ④ダメージ計算:ダメージ処理を行うステップ。戦闘に負けた兵の持ち主は、戦闘段
    戦闘段階2: パワーの低かった兵は戦闘に敗北し、破棄される。パワーの高かった兵は戦闘に勝利し、以下の補正を加えられる。「+0/+0/-X」
    このXの値は、「戦闘に負けた兵の破棄された時点でのパワー-2」の値に等しい。
    ダメージ計算: 戦闘に負けた兵の持ち主は、戦闘段階1終了の時点のパワーの差の分だけダメージを受ける。"""
    state = start([soldier("seven", power=7)], theirs=[soldier("four", power=4)])
    seven = put(state, "seven", "board", (1, 2))
    four = put(state, "four", "board", (2, 2), owner=1)
    store(state, "火")
    to_main(state)
    fight(state, seven, (2, 2))
    assert state["cards"][four]["zone"] == "p1.discard"
    assert state["cards"][seven]["pos"] == [2, 2] and power(state, seven) == 7 - (4 - 2)
    assert damage_of(state, 1) == 3 and damage_of(state, 0) == 0
    assert state["phase"] == "main" and state["flags"]["battle"] is None


def test_the_lower_power_is_destroyed_and_its_owner_takes_the_damage():
    state, two, five = duel(soldier("two", power=2), soldier("five", power=5), col=1)
    assert state["cards"][two]["zone"] == "p0.discard" and state["cards"][five]["zone"] == "board"
    assert power(state, five) == 5  # X = 2 - 2 = 0
    assert damage_of(state, 0) == 3 and damage_of(state, 1) == 0


def test_a_winner_over_a_soldier_weaker_than_two_gains_power():
    """X = 負けた兵のパワー - 2: against a power-1 soldier X is -1, so "+0/+0/-X" raises the winner's power."""
    state = start([soldier("three", power=3)], theirs=[soldier("one", power=1)])
    three = put(state, "three", "board", (1, 0))
    put(state, "one", "board", (2, 0), owner=1)
    store(state, "火")
    to_main(state)
    fight(state, three, (2, 0))
    assert power(state, three) == 4 and damage_of(state, 1) == 2


def test_equal_powers_destroy_both_and_nobody_takes_damage():
    """お互いのパワーが等しい場合補正は加えられず、お互いに破棄される。"""
    state = start([soldier("mine", power=4)], theirs=[soldier("theirs", power=4)])
    mine = put(state, "mine", "board", (1, 3))
    theirs = put(state, "theirs", "board", (2, 3), owner=1)
    store(state, "火")
    to_main(state)
    fight(state, mine, (2, 3))
    assert state["cards"][mine]["zone"] == "p0.discard" and state["cards"][theirs]["zone"] == "p1.discard"
    assert damage_of(state, 0) == damage_of(state, 1) == 0


def test_an_empty_enemy_camp_square_is_a_phantom_battle_that_damages_the_enemy_and_sends_the_soldier_home():
    """●兵が敵兵のいない敵陣に移動、または特殊条件下で召喚された時。 *戦闘は以下の4つのステップに分かれる。 *土地の存在するマス、または兵のいない敵陣への移動に成功した兵は、ルール上0/0/0の兵(※)と
    ※ここで扱う0/0/0の兵とはあくまでルール上の解釈であり、この架空の兵に対して何らかの補正が加えられたり、破棄されたりする事は起こり得ない。
    土地の存在するマス、または兵のいない敵陣への移動に成功した兵は、ルール上0/0/0の兵と戦闘を開始したものとして扱い、①②④⑤の
    ステップを行う。この場合、⑤のステップ終了の時点でその兵を自陣に移動する。 The phantom in the enemy camp is the enemy's, so
    "戦闘に負けた兵の持ち主" (the loser's owner) is the enemy player: it takes the whole power as damage."""
    state = start([bundled("ビナルクスの仙龍")])
    dragon = put(state, "ビナルクスの仙龍", "board", (2, 4))
    store(state, "火")
    to_main(state)
    events = []
    apply(state, {"type": "move", "card": dragon, "pos": [3, 4]})
    events = apply(state, legal_actions(state)[0])
    kinds = [e["type"] for e in events]
    assert kinds.index("battle") < kinds.index("battle_compare") < kinds.index("damage") < kinds.index("battle_end")
    assert damage_of(state, 1) == 7 and power(state, dragon) == 7  # step ③ is skipped: no "+0/+0/-X"
    assert state["cards"][dragon]["pos"] == [1, 4]  # back in its own camp


def test_the_soldier_goes_home_to_the_nearest_free_camp_square():
    state = start([soldier("a"), soldier("b")])
    a = put(state, "a", "board", (2, 0))
    put(state, "b", "board", (1, 0))
    store(state, "火")
    to_main(state)
    fight(state, a, (3, 0))
    assert state["cards"][a]["pos"] == [1, 1]


def test_an_enemy_land_square_is_a_phantom_battle_and_the_land_is_not_damaged():
    """*土地には特殊な条件下、又は特殊能力による例外以外では基本的に攻撃できない。 ●兵が既に土地の存在するマスに移動、または召喚された時。
    兵が既に土地の存在するマスに移動…土地との戦闘が発生。 土地には…基本的に攻撃できない: the land's owner takes the damage."""
    state = start([soldier("five", power=5)], theirs=[bundled("暗黒城塞都市")])
    five = put(state, "five", "board", (2, 2))
    castle = put(state, "暗黒城塞都市", "board", (3, 2), owner=1)
    store(state, "火")
    to_main(state)
    fight(state, five, (3, 2))
    assert damage_of(state, 1) == 5 and state["cards"][castle]["counters"] == {} and state["cards"][castle]["zone"] == "board"
    assert state["cards"][five]["pos"] == [1, 2]


def test_a_soldier_entering_its_own_lands_square_fights_the_phantom_unless_the_option_says_otherwise():
    """※土地の展開されているマスに兵が存在しない場合に兵がそのマスに召喚、移動した時、土地との戦闘が発生。 Any land, the player's own
    too (GAMES.md: "Battle when a soldier enters a square holding a soldier or a land"; option own_land_battle, on by
    default): the phantom is the land's owner's, so the player takes the damage; off, only the enemy's lands fight."""
    state = start([soldier("five", power=5), bundled("風見の丘")])
    five = put(state, "five", "board", (2, 2))
    put(state, "風見の丘", "board", (1, 2))
    store(state, "火", "風")
    to_main(state)
    fight(state, five, (1, 2))
    assert damage_of(state, 0) == 5 and state["cards"][five]["pos"] == [1, 2]
    state = start([soldier("five", power=5), bundled("風見の丘")], own_land_battle=False)
    five = put(state, "five", "board", (2, 2))
    put(state, "風見の丘", "board", (1, 2))
    store(state, "火", "風")
    to_main(state)
    fight(state, five, (1, 2))
    assert state["cards"][five]["pos"] == [1, 2] and damage_of(state, 0) == 0


def test_summoning_onto_a_square_with_a_soldier_is_a_battle():
    """*戦闘が発生するタイミングは大きく三つ。
    兵が既に兵の存在するマスに移動、または召喚された時。"""
    state = start([soldier("new", cost=1, power=3), soldier("old", power=1)])
    new, old = put(state, "new"), put(state, "old", "board", (1, 0))
    store(state, "火")
    to_main(state)
    apply(state, {"type": "summon", "card": new, "pos": [1, 0]})
    pay_first(state)
    assert state["cards"][old]["zone"] == "p0.discard" and damage_of(state, 0) == 2  # the loser's owner: ourselves


# -- damage counters ------------------------------------------------------------------------------------------


def test_more_than_ten_counters_on_the_top_power_card_send_it_to_the_hand():
    """プレイヤーがダメージを受けた時、自分の戦力の一番上に受けたダメージの分だけカウンターを乗せる。カウンターの数が10個を超えた時、
    カウンターを全て取り除き、戦力の一番上のカードを手札に加える。"""
    state = start([bundled("魔竜の焔"), bundled("宵闇の影法師")])
    flame = put(state, "魔竜の焔", "board", (1, 0))
    store(state, *"闇闇闇闇闇闇闇闇")
    to_main(state)
    top = state["zones"]["p1.power"][-1]
    apply(state, {"type": "effect", "card": flame, "effect": 1})  # 闇4(C)「この呪術を墓地に送る」/敵戦力に10ダメージ
    pay_first(state)
    assert state["cards"][flame]["zone"] == "p0.discard"  # sent to 墓地 as part of the cost
    assert state["cards"][top]["counters"] == {"damage": 10} and state["cards"][top]["zone"] == "p1.power"  # 10 is not more than 10
    shadow = put(state, "宵闇の影法師", "board", (1, 1))
    apply(state, {"type": "effect", "card": shadow, "effect": 1})  # 闇2/敵戦力に2ダメージ
    pay_first(state)
    assert state["cards"][top]["zone"] == "p1.hand" and state["cards"][top]["counters"] == {}
    assert len(state["zones"]["p1.power"]) == 4 and damage_of(state, 1) == 0  # the excess is not carried over


def test_a_soldier_with_more_counters_than_its_power_is_destroyed():
    """兵がダメージを受けた時、その兵に受けたダメージの分だけカウンターを乗せる。カウンターの数が兵のパワーを超えた時、カウンターを全て取り除き、その兵を破棄する。"""
    state = start([bundled("潮騒の見習い術士")], theirs=[soldier("weak", power=1)])
    mage = put(state, "潮騒の見習い術士", "board", (1, 0))
    weak = put(state, "weak", "board", (3, 3), owner=1)
    store(state, "水", "水")
    to_main(state)
    apply(state, {"type": "effect", "card": mage, "effect": 1})  # 水1/敵兵一枚に1ダメージ
    pay_first(state)  # the one enemy soldier is the only choice: chosen at once
    assert state["cards"][weak]["counters"] == {"damage": 1} and state["cards"][weak]["zone"] == "board"
    apply(state, {"type": "effect", "card": mage, "effect": 1})
    pay_first(state)
    assert state["cards"][weak]["zone"] == "p1.discard" and state["cards"][weak]["counters"] == {}


def test_a_land_with_more_than_ten_counters_is_destroyed():
    """*土地がダメージを受けた時、その土地に受けたダメージの分だけカウンターを乗せる。カウンターの数が10個を超えた時、カウンターを全て取り除き、その土地を破棄
    土地がダメージを受けた時…カウンターの数が10個を超えた時、カウンターを全て取り除き、その土地を破棄する。"""
    state = start([bundled("火炎雨")], theirs=[bundled("暗黒城塞都市")])
    rain = put(state, "火炎雨", "board", (1, 0))
    castle = put(state, "暗黒城塞都市", "board", (3, 0), owner=1)
    apply(state, {"type": "manual.counter", "card": castle, "name": "damage", "delta": 9})
    store(state, "火", "火", "火", "火", "火")  # (two of them pay 火炎雨's upkeep)
    to_main(state)
    apply(state, {"type": "effect", "card": rain, "effect": 1})  # 火3/この呪術を破棄した後、場の土地一枚と兵を三枚まで選んで、2ダメージ
    pay_first(state)
    assert state["cards"][rain]["zone"] == "p0.discard"
    apply(state, {"type": "target", "cards": [castle]})
    assert state["cards"][castle]["zone"] == "p1.discard"  # 11 > 10


# -- 特殊種別2: rule effects the engine applies ------------------------------------------------------------


@pytest.mark.parametrize(
    "s2, own, rival_attr, rival_s2",
    [("緋", "火", "地", "碧"), ("蒼", "水", "火", "緋"), ("天", "風", "水", "蒼"), ("碧", "地", "風", "天")],
)
def test_hi_sou_ten_heki_get_plus_two_against_their_rival_and_two_more_with_their_own_attribute(s2, own, rival_attr, rival_s2):
    """○「蒼」…属性「火」、特殊種別「緋」に対して戦闘開始から戦闘終了まで補正「+0/+0/+2」。 ○「天」…属性「水」、特殊種別「蒼」に対して戦闘開始から戦闘終了まで補正「+0/+0/+2」。
    ○「碧」…属性「風」、特殊種別「天」に対して戦闘開始から戦闘終了まで補正「+0/+0/+2」。
    ○「緋」…属性「地」、特殊種別「碧」に対して戦闘開始から戦闘終了まで補正「+0/+0/+2」。自らの属性が「火」なら「+0/+0/+2」。効果は重複。
    (蒼: 火・緋 / 水; 天: 水・蒼 / 風; 碧: 風・天 / 地)"""
    def battle(mine, theirs):
        state = start([mine], theirs=[theirs])
        me = put(state, mine["key"], "board", (2, 0))
        them = put(state, theirs["key"], "board", (3, 0), owner=1)
        store(state, *"火水風地光闇")
        assert power(state, me) == 3  # no bonus outside a battle
        to_main(state)
        fight(state, me, (3, 0))
        return state, me, them

    state, me, them = battle(soldier("me", power=3, attrs=(own,), s2=s2), soldier("rival", power=6, attrs=(rival_attr,)))
    assert state["cards"][them]["zone"] == "p1.discard" and damage_of(state, 1) == 1  # 3 + 2 + 2 = 7 against 6
    assert power(state, me) == 3 - (6 - 2)  # the bonus ended with the battle
    state, me, them = battle(soldier("me", power=3, attrs=("光",), s2=s2), soldier("rival", power=6, attrs=(rival_attr,)))
    assert state["cards"][me]["zone"] == "p0.discard" and damage_of(state, 0) == 1  # 3 + 2 = 5 against 6
    state, me, them = battle(soldier("me", power=3, attrs=(own,), s2=s2), soldier("rival", power=8, attrs=(rival_attr,), s2=rival_s2))
    assert state["cards"][them]["zone"] == "p1.discard" and damage_of(state, 1) == 1  # against both: 3 + 2 + 2 + 2 = 9 against 8
    state, me, them = battle(soldier("me", power=3, attrs=(own,), s2=s2), soldier("other", power=6, attrs=("光",)))
    assert state["cards"][me]["zone"] == "p0.discard"  # no rival: no bonus at all (the own-attribute +2 needs the matchup)


def test_the_own_attribute_bonus_in_every_battle_with_the_option():
    state = start([soldier("me", power=3, attrs=("火",), s2="緋")], theirs=[soldier("other", power=4, attrs=("光",))], affinity_self_bonus="always")
    me = put(state, "me", "board", (2, 0))
    put(state, "other", "board", (3, 0), owner=1)
    store(state, "火")
    to_main(state)
    fight(state, me, (3, 0))
    assert state["cards"][me]["zone"] == "board" and damage_of(state, 1) == 1


def test_taiyou_is_plus_3_0_3_always_and_doubles_land_modifiers():
    """○「太陽」…常時補正「+3/+0/+3」。この兵への土地の効果による補正が2倍。 (暗黒城塞都市: 闇の自兵全てに「-2/-1/+2」)"""
    state = start([soldier("sun", cost=2, move=3, power=3, attrs=("闇",), s2="太陽"), soldier("plain", cost=2, move=3, power=3, attrs=("闇",)), bundled("暗黒城塞都市")])
    sun, plain = put(state, "sun"), put(state, "plain", "board", (1, 1))
    assert (stat(state, sun, "cost"), stat(state, sun, "power")) == (5, 6)
    put(state, "暗黒城塞都市", "board", (1, 4))
    apply(state, {"type": "manual.move", "card": sun, "to": "board", "pos": [1, 0], "face_up": True})
    assert [stat(state, plain, s) for s in ("cost", "move_cost", "power")] == [0, 2, 5]
    assert [stat(state, sun, s) for s in ("cost", "move_cost", "power")] == [1, 1, 10]


def test_shinen_is_not_affected_by_the_opponents_curses():
    """○「深淵」…相手の呪術の効果を受けない。"""
    state = start([bundled("泥濘の呪い"), bundled("潮騒の見習い術士")], theirs=[bundled("星を渡る者/深淵")])
    mud = put(state, "泥濘の呪い", "board", (1, 0))
    mage = put(state, "潮騒の見習い術士", "board", (1, 1))
    deep = put(state, "星を渡る者/深淵", "board", (3, 2), owner=1)
    store(state, "地", "地", "地", "水")
    to_main(state)
    # 地2/敵兵一枚に「+0/+2/-2」: no enemy soldier it can affect, so it is not offered (target_needed)
    assert not [a for a in legal_actions(state) if a.get("card") == mud]
    assert rules_of(state)._candidates(state, {"player": 0, "source": mud}, {"target": "chosen", "side": "enemy", "kind": "兵"}) == []
    assert power(state, deep) == 9 and stat(state, deep, "move_cost") == 3
    apply(state, {"type": "effect", "card": mage, "effect": 1})  # a soldier's effect does reach it
    pay_first(state)
    assert state["cards"][deep]["counters"] == {"damage": 1}


@pytest.mark.parametrize("s2", ["黄金", "異界"])
def test_ougon_and_ikai_destroy_x_of_your_camps_soldiers_of_cost_x_or_more_for_plus_2x(s2):
    """○「黄金」…以下のテキストを得る。
    ○「黄金」「異界」…以下のテキストを得る。『■通常:X/自陣の召喚コストX以上の兵をX枚選んで破棄し、この兵に以下の補正を加える。「+0/+0/+2X」』"""
    state = start([soldier("gold", power=8, s2=s2), soldier("two", cost=2), soldier("three", cost=3), soldier("one", cost=1)])
    gold = put(state, "gold", "board", (1, 0))
    two, three, one = put(state, "two", "board", (1, 1)), put(state, "three", "board", (1, 2)), put(state, "one", "board", (1, 3))
    store(state, "水", "水")
    to_main(state)
    offered = [a for a in legal_actions(state) if a["type"] == "effect" and a["card"] == gold]
    assert offered == [{"type": "effect", "card": gold, "effect": 1, "x": 1}, {"type": "effect", "card": gold, "effect": 1, "x": 2}]
    apply(state, offered[1])
    pay_first(state)  # X = 2
    # two of cost 2 or more: "two" and "three", chosen at once; "one" (cost 1) could not be chosen
    assert state["cards"][two]["zone"] == state["cards"][three]["zone"] == "p0.discard" and state["cards"][one]["zone"] == "board"
    assert power(state, gold) == 8 + 4


def test_gouwan_is_plus_four_in_battle_only():
    """○「豪腕」…戦闘開始から戦闘終了まで補正「+0/+0/+4」"""
    state = start([soldier("arm", power=3, s2="豪腕")], theirs=[soldier("six", power=6)])
    arm = put(state, "arm", "board", (2, 0))
    put(state, "six", "board", (3, 0), owner=1)
    store(state, "火")
    assert power(state, arm) == 3
    to_main(state)
    fight(state, arm, (3, 0))
    assert state["cards"][arm]["zone"] == "board" and damage_of(state, 1) == 1 and power(state, arm) == 3 - 4


def test_shunbin_moves_for_three_less_and_soumei_is_summoned_for_three_less():
    """○「俊敏」…常時補正「+0/-3/+0」 ○「聡明」…常時補正「-3/+0/+0」"""
    state = start([soldier("quick", cost=4, move=4, s2="俊敏"), soldier("wise", cost=5, move=2, s2="聡明"), soldier("slow", cost=1, move=2, s2="俊敏")])
    quick, wise, slow = put(state, "quick"), put(state, "wise"), put(state, "slow")
    assert (stat(state, quick, "cost"), stat(state, quick, "move_cost")) == (4, 1)
    assert (stat(state, wise, "cost"), stat(state, wise, "move_cost")) == (2, 2)
    apply(state, {"type": "manual.move", "card": slow, "to": "board", "pos": [1, 0]})
    fire = store(state, "火")[0]
    to_main(state)
    apply(state, {"type": "move", "card": slow, "pos": [2, 0]})  # 2 - 3: a cost of 0, its 火 card only
    assert state["pending"]["cost"] == 0 and state["pending"]["needs"] == ["火"]
    pay_first(state)
    assert state["cards"][slow]["pos"] == [2, 0] and state["cards"][fire]["tapped"]


def test_ganken_is_plus_four_while_a_soldiers_or_curses_effect_is_processed():
    """○「頑健」…兵/呪術の効果発動から処理終了まで補正「+0/+0/+4」"""
    state = start([bundled("潮騒の見習い術士"), soldier("tough", power=2, s2="頑健")], theirs=[soldier("enemy")], auto_pass="never")
    mage = put(state, "潮騒の見習い術士", "board", (1, 0))
    tough = put(state, "tough", "board", (1, 1))
    put(state, "enemy", "board", (3, 0), owner=1)
    store(state, "水")
    to_main(state)
    assert power(state, tough) == 2
    apply(state, {"type": "effect", "card": mage, "effect": 1})
    pay_first(state)
    assert state["priority"] == 0 and state["stack"][-1]["kind"] == "effect" and power(state, tough) == 6
    apply(state, {"type": "pass"})
    assert state["stack"] == [] and power(state, tough) == 2


# -- 対抗 ------------------------------------------------------------------------------------------------------

CHAIN = [
    curse("A", cost=0, effects=[{"kind": ["通常"], "cost": "0", "text": "draw"}], script=[{"op": "draw", "when": "effect1"}]),
    soldier("B", effects=[{"kind": ["対抗"], "trigger": "自呪術の効果の発動", "cost": "0", "text": "draw"}], script=[{"op": "draw", "when": "effect1"}]),
    curse("C", cost=0, effects=[{"kind": ["対抗"], "trigger": "自兵の効果の発動", "cost": "0", "text": "draw"}], script=[{"op": "draw", "when": "effect1"}]),
]


def test_the_chain_resolves_newest_first_and_the_turn_player_may_respond_first():
    """*対抗する権利を、「対抗権」と呼ぶ。お互いに効果発動に対して対抗可能な時、まず 果に対して更に対抗することは可能。対抗を繰り返した状態を、「対抗積」と呼ぶ。 *対抗積が発生した場合の処理は以下のようになる。
    ①…通常効果Aを発動。コストをこの時点で支払う。 ②…通常効果Aに対抗、対抗効果Bを発動。コストをこの時点で支払う。 ③…対抗効果Bに対抗、対抗効果Cを発動。コストをこの時点で支払う。
    それ以降は対抗をしなかった。効果処理を始める。 ①…対抗効果Cの処理。 ②…対抗効果Bの処理。 ③…対抗効果Aの処理。
    対抗権: お互いに効果発動に対して対抗可能な時、まずその時点でのターンプレイヤーに対抗権が与えられる。対抗しない場合は、非ターンプレイヤーが
    対抗権を与えられる。対抗する権利を行使した時、対抗権は相手プレイヤーに与えられる。
    ①通常効果Aを発動 ②対抗効果B ③対抗効果C…効果処理: ①C ②B ③A。 この対抗積で、対抗効果Cが通常効果Aに対抗する事は出来ない。"""
    state = start(CHAIN, auto_pass="never")
    a, b, c = put(state, "A", "board", (1, 0)), put(state, "B", "board", (1, 1)), put(state, "C", "board", (1, 2))
    to_main(state)
    apply(state, {"type": "effect", "card": a, "effect": 1})
    assert state["stack"][-1]["card"] == a and state["priority"] == 0  # the turn player, though they activated it
    assert legal_actions(state) == [{"type": "pass"}, {"type": "effect", "card": b, "effect": 1}]  # C cannot answer A
    events = apply(state, {"type": "effect", "card": b, "effect": 1})
    assert {"type": "pass", "player": 1} in events and state["priority"] == 0  # the goldfish had the right, and passed
    assert legal_actions(state) == [{"type": "pass"}, {"type": "effect", "card": c, "effect": 1}]
    apply(state, {"type": "effect", "card": c, "effect": 1})
    assert [e["card"] for e in state["stack"]] == [a, b, c]
    events = apply(state, {"type": "pass"})  # (B could answer C; we pass, the goldfish passes: processing starts)
    assert [e["card"] for e in events if e["type"] == "resolve"] == [c, b, a] and state["stack"] == []


PAID_CHAIN = [
    curse("PA", cost=0, effects=[{"kind": ["通常"], "cost": "火1", "text": "draw"}], script=[{"op": "draw", "when": "effect1"}]),
    soldier("PB", effects=[{"kind": ["対抗"], "trigger": "自呪術の効果の発動", "cost": "水1", "text": "draw"}], script=[{"op": "draw", "when": "effect1"}]),
    curse("PC", cost=0, effects=[{"kind": ["対抗"], "trigger": "自兵の効果の発動", "cost": "風1", "text": "draw"}], script=[{"op": "draw", "when": "effect1"}]),
]


def test_each_effect_on_the_chain_pays_its_cost_when_it_is_activated_not_when_it_resolves():
    """①…通常効果Aを発動。コストをこの時点で支払う。 ②…通常効果Aに対抗、対抗効果Bを発動。コストをこの時点で支払う。
    ③…対抗効果Bに対抗、対抗効果Cを発動。コストをこの時点で支払う。
    (A's 火 card is used while A waits on the chain, B's 水 card when B is activated, C's 風 card when C is; nothing is paid
    as they resolve)"""
    state = start(PAID_CHAIN, auto_pass="never")
    a, b, c = put(state, "PA", "board", (1, 0)), put(state, "PB", "board", (1, 1)), put(state, "PC", "board", (1, 2))
    fire, water, wind = store(state, "火", "水", "風")
    to_main(state)
    apply(state, {"type": "effect", "card": a, "effect": 1})
    assert state["pending"]["type"] == "pay" and state["stack"] == []  # A goes on the chain once it is paid for
    apply(state, {"type": "pay", "tap": [fire], "discard": []})
    assert state["cards"][fire]["tapped"] and [e["card"] for e in state["stack"]] == [a]
    apply(state, {"type": "effect", "card": b, "effect": 1})
    apply(state, {"type": "pay", "tap": [water], "discard": []})
    assert state["cards"][water]["tapped"] and [e["card"] for e in state["stack"]] == [a, b]
    assert not state["cards"][wind]["tapped"]
    apply(state, {"type": "effect", "card": c, "effect": 1})
    apply(state, {"type": "pay", "tap": [wind], "discard": []})
    assert state["cards"][wind]["tapped"] and [e["card"] for e in state["stack"]] == [a, b, c]
    hand = len(state["zones"]["p0.hand"])
    events = apply(state, {"type": "pass"})
    assert [e["card"] for e in events if e["type"] == "resolve"] == [c, b, a] and len(state["zones"]["p0.hand"]) == hand + 3
    assert not [e for e in events if e["type"] in ("cost", "tap")] and state["pending"] is None


def test_a_soldier_cannot_respond_to_its_own_effect():
    """兵の効果発動に、その兵自身が対抗して効果を発動する事は出来ない。"""
    both = soldier(
        "D",
        effects=[{"kind": ["通常"], "cost": "0", "text": "x"}, {"kind": ["対抗"], "trigger": "自兵の効果の発動", "cost": "0", "text": "y"}],
    )
    state = start([both, dict(both, key="D2")], auto_pass="never")
    d = put(state, "D", "board", (1, 0))
    to_main(state)
    apply(state, {"type": "effect", "card": d, "effect": 1})
    assert legal_actions(state) == [{"type": "pass"}]
    apply(state, {"type": "pass"})
    d2 = put(state, "D2", "board", (1, 1))
    apply(state, {"type": "effect", "card": d, "effect": 1})
    assert legal_actions(state) == [{"type": "pass"}, {"type": "effect", "card": d2, "effect": 2}]


def test_a_counter_step_cancels_the_effect_it_answers():
    """【静寂の結界】■《スペル:サイレンス》対抗~敵兵の効果の発動:…/その効果を無効にする。 (here: a curse of ours that answers our own soldier)"""
    hush = curse("hush", cost=0, effects=[{"kind": ["対抗"], "trigger": "自兵の効果の発動", "cost": "0", "text": "その効果を無効にする。"}], script=[{"op": "counter", "when": "effect1"}])
    state = start([bundled("疾風の伝令鳥"), hush], auto_pass="never")
    bird, quiet = put(state, "疾風の伝令鳥", "board", (1, 0)), put(state, "hush", "board", (1, 1))
    store(state, "風", "風")
    to_main(state)
    hand = len(state["zones"]["p0.hand"])
    apply(state, {"type": "effect", "card": bird, "effect": 1})
    pay_first(state)
    apply(state, {"type": "effect", "card": quiet, "effect": 1})
    events = apply(state, {"type": "pass"})
    assert {"type": "countered", "entry": "effect", "card": bird} in events
    assert state["stack"] == [] and len(state["zones"]["p0.hand"]) == hand  # the bird drew nothing


def test_smart_auto_pass_leaves_a_window_open_only_when_the_player_can_respond():
    state = start([bundled("岩肌の番兵")])
    guard = put(state, "岩肌の番兵", "board", (2, 0))
    store(state, "地", "地", "地")
    to_main(state)
    apply(state, {"type": "move", "card": guard, "pos": [3, 0]})
    pay_first(state)  # the move: nobody can answer it; the battle starts: the guard can (対抗~この兵の戦闘開始)
    assert state["priority"] == 0 and state["stack"][-1]["kind"] == "battle_start"
    assert legal_actions(state) == [{"type": "pass"}, {"type": "effect", "card": guard, "effect": 1}]
    apply(state, {"type": "effect", "card": guard, "effect": 1})
    pay_first(state)  # 地1: this soldier +0/+0/+2 until the end of the turn
    assert state["stack"] == [] and damage_of(state, 1) == 5 + 2 and state["cards"][guard]["pos"] == [1, 0]
    apply(state, {"type": "end_turn"})
    assert power(state, guard) == 5


def test_jack_answers_the_start_of_a_battle_with_the_enemy_and_the_battle_uses_the_new_power():
    """④《武術:ジャックのやり方》■対抗~自兵と敵兵の戦闘開始:0/このターンの終了時まで、自兵一枚に以下の補 特殊能力。この場合、自兵と敵兵の戦闘開始に対抗して、倉庫のカードを使わずに発動。
    ①戦闘開始:戦闘を開始するステップ。
    《武術:ジャックのやり方》■対抗~自兵と敵兵の戦闘開始:0/このターンの終了時まで、自兵一枚に以下の補正を加えて良い。「+0/+2/+2」
    ②戦闘段階1:お互いにパワーを比較するステップ。"""
    state = start([bundled("クレイジー・ジャックの戦闘術"), soldier("two", power=2)], theirs=[soldier("three", power=3)])
    jack = put(state, "クレイジー・ジャックの戦闘術", "board", (1, 0))
    two = put(state, "two", "board", (2, 1))
    three = put(state, "three", "board", (3, 1), owner=1)
    store(state, "火")
    to_main(state)
    fight(state, two, (3, 1))
    assert legal_actions(state) == [{"type": "pass"}, {"type": "effect", "card": jack, "effect": 1}]
    apply(state, {"type": "effect", "card": jack, "effect": 1})  # the one own soldier: chosen at once
    assert state["cards"][three]["zone"] == "p1.discard" and damage_of(state, 1) == 1
    assert stat(state, two, "move_cost") == 3 and power(state, two) == 4 - 1  # +2, then -X with X = 3 - 2


# -- winning and losing ------------------------------------------------------------------------------------------


def test_the_goldfish_loses_when_its_power_runs_out():
    """<壱>勝敗: 「戦力」(ライフ)が尽きたら負け。"""
    state = start([soldier("giant", power=11)], goldfish_power=1)
    giant = put(state, "giant", "board", (2, 0))
    store(state, "火")
    to_main(state)
    fight(state, giant, (3, 0))
    assert state["zones"]["p1.power"] == [] and state["result"] == {"winner": 0, "turn": 1, "reason": "power"}
    assert legal_actions(state) == []


def test_the_player_loses_when_their_power_runs_out():
    state = start([soldier("one", power=1)], theirs=[soldier("huge", power=12)])
    for iid in state["zones"]["p0.power"][:-1]:
        apply(state, {"type": "manual.move", "card": iid, "to": "p0.hand"})
    one = put(state, "one", "board", (2, 0))
    put(state, "huge", "board", (3, 0), owner=1)
    store(state, "火")
    to_main(state)
    fight(state, one, (3, 0))
    assert state["result"] == {"winner": 1, "turn": 1, "reason": "power"} and state["players"][0]["lost"]


def test_the_player_loses_the_moment_support_is_empty_by_default():
    """「支援」(山札)が尽きたら負け。 Reading (option deck_out): "empty" = when it is empty; "draw" = when one must draw from it."""
    state = new_game("original", [FILLER[:11]], seed=1)
    assert len(state["zones"]["p0.deck"]) == 1 and state["result"] is None
    apply(state, {"type": "draw_support"})
    assert state["result"] == {"winner": 1, "turn": 1, "reason": "deck"}
    state = new_game("original", [FILLER[:11] + [bundled("疾風の伝令鳥"), energy("風"), energy("風")]], seed=1, options={"deck_out": "draw"})
    bird = next(i for i, c in state["cards"].items() if c["def"] == "疾風の伝令鳥")
    apply(state, {"type": "manual.move", "card": bird, "to": "board", "pos": [1, 0], "face_up": True})
    for iid in [i for i, c in state["cards"].items() if c["def"] == "E風"]:
        apply(state, {"type": "manual.move", "card": iid, "to": "p0.storage", "face_up": True})
    while state["zones"]["p0.deck"]:
        apply(state, {"type": "manual.move", "card": state["zones"]["p0.deck"][-1], "to": "p0.hand"})
    assert state["result"] is None and {"type": "draw_support"} not in legal_actions(state)  # empty, and no loss yet
    apply(state, {"type": "next_phase"})
    apply(state, {"type": "effect", "card": bird, "effect": 1})  # 風2/支援から一枚手札に加える: must draw, cannot
    pay_first(state)
    assert state["result"] == {"winner": 1, "turn": 1, "reason": "deck"}


def test_the_goldfish_without_a_deck_does_not_lose_by_support_unless_the_option_says_so():
    assert new_game("original", [FILLER], seed=1)["result"] is None
    state = new_game("original", [FILLER], seed=1, options={"goldfish_deck_out": True})
    assert state["result"] == {"winner": 0, "turn": 1, "reason": "deck"}


# -- the fire cards (カード例~火~) and the other bundled cards, as their scripts say ------------------------------------


def test_gilbia_platoon_leader_gives_soldiers_minus_move_plus_power_with_another_own_soldier():
    """■《指揮:烈火の陣》永続/この兵と、他の自兵が場に一枚以上存在する間、場の種族「ソルジャー」全てに以下の補正を加える。
    【ギルビアの小隊長】■《指揮:烈火の陣》永続/この兵と、他の自兵が場に一枚以上存在する間、場の種族「ソルジャー」全てに「+0/-1/+1」"""
    state = start([bundled("ギルビアの小隊長"), bundled("ギルビアの炎剣術士")], theirs=[bundled("ギルビアの炎剣術士")])
    leader = put(state, "ギルビアの小隊長", "board", (1, 0))
    enemy = put(state, "ギルビアの炎剣術士", "board", (3, 0), owner=1)
    assert power(state, leader) == 3 and power(state, enemy) == 2  # alone: nothing
    knight = put(state, "ギルビアの炎剣術士", "board", (1, 1))
    assert [power(state, i) for i in (leader, knight, enemy)] == [4, 3, 3]  # 場の…全て: the enemy's too
    assert stat(state, knight, "move_cost") == 0


def test_sorrow_orb_removes_two_counters_at_the_end_of_a_battle():
    """⑤戦闘終了:戦闘を終了するステップ。
    【悲哀と憂いの光球】■《スペル:キュア》対抗~戦闘終了:火1/場の自兵一枚から、カウンターを二つまで取り除く。"""
    state = start([bundled("悲哀と憂いの光球"), soldier("hurt", power=5)])
    orb = put(state, "悲哀と憂いの光球", "board", (1, 4))
    hurt = put(state, "hurt", "board", (2, 0))
    apply(state, {"type": "manual.counter", "card": hurt, "name": "damage", "delta": 3})
    store(state, "火", "火")
    to_main(state)
    fight(state, hurt, (3, 0))
    assert state["stack"][-1]["kind"] == "battle_end" and {"type": "effect", "card": orb, "effect": 1} in legal_actions(state)
    apply(state, {"type": "effect", "card": orb, "effect": 1})
    pay_first(state)
    assert state["pending"]["type"] == "target" and state["pending"]["candidates"] == [orb, hurt]
    apply(state, {"type": "target", "cards": [hurt]})
    assert state["cards"][hurt]["counters"] == {"damage": 1} and state["cards"][hurt]["pos"] == [1, 0]


def test_moonlight_snake_damages_every_enemy_soldier_on_the_battlefield_when_it_moves():
    """【ムーンライト・スネーク】■《スペル:フレイムバーン》対抗~この兵の移動:2/戦場の敵兵全てに2ダメージ。"""
    state = start([bundled("ムーンライト・スネーク")], theirs=[soldier("a", power=1), soldier("b", power=3), soldier("c", power=1)])
    snake = put(state, "ムーンライト・スネーク", "board", (1, 0))
    a, b, c = put(state, "a", "board", (2, 1), owner=1), put(state, "b", "board", (2, 2), owner=1), put(state, "c", "board", (3, 3), owner=1)
    store(state, *"火火火火火火")
    to_main(state)
    apply(state, {"type": "move", "card": snake, "pos": [2, 0]})
    pay_first(state)
    assert legal_actions(state) == [{"type": "pass"}, {"type": "effect", "card": snake, "effect": 1}]
    apply(state, {"type": "effect", "card": snake, "effect": 1})
    pay_first(state)
    assert state["cards"][a]["zone"] == "p1.discard" and state["cards"][b]["counters"] == {"damage": 2}
    assert state["cards"][c]["counters"] == {} and state["cards"][snake]["pos"] == [2, 0]


def test_binarx_horse_makes_a_hand_soldier_ten_cheaper_until_the_end_of_the_turn():
    """■《スペル:エアウェイ・フィート》通常:火2/自分の手札の兵を一枚宣言し、手札のその兵にこのターン終了時まで以下の補正を加える。
    【ビナルクスの仙馬】■《スペル:エアウェイ・フィート》通常:火2/自分の手札の兵を一枚宣言し、手札のその兵にこのターン終了時まで「-10/+0/+0」"""
    state = start([bundled("ビナルクスの仙馬"), bundled("漆黒の塔の巨龍/黄金"), bundled("魔竜の焔")])
    horse = put(state, "ビナルクスの仙馬", "board", (1, 0))
    dragon, flame = put(state, "漆黒の塔の巨龍/黄金"), put(state, "魔竜の焔")
    store(state, "火", "火", "火")
    to_main(state)
    apply(state, {"type": "effect", "card": horse, "effect": 1})
    pay_first(state)
    assert dragon in state["pending"]["candidates"] and flame not in state["pending"]["candidates"]
    apply(state, {"type": "target", "cards": [dragon]})
    assert stat(state, dragon, "cost") == 9 - 10  # (a cost below 0 is 0, with its 火 card: zero_cost_attributes)
    assert state["cards"][dragon]["stats"] == {"cost": 0}  # what the board shows
    apply(state, {"type": "summon", "card": dragon, "pos": [1, 1]})
    assert state["pending"]["cost"] == 0 and state["pending"]["needs"] == ["火"]
    pay_first(state)
    assert state["cards"][dragon]["zone"] == "board" and state["pending"] is None
    # 手札のその兵に: the −10 was the hand soldier's; summoned, the soldier costs its printed 9 again (for every
    # 召喚コスト filter: 黄金/異界's X, ゴーレム's 召喚コスト4以下), though the turn has not ended
    assert stat(state, dragon, "cost") == 9 and "cost" not in state["cards"][dragon]["counters"]
    assert "cost" not in (state["cards"][dragon].get("stats") or {}) and state["phase"] == "main"
    apply(state, {"type": "end_turn"})
    assert stat(state, dragon, "cost") == 9  # (and the end of the turn does not give the 10 back either)


def test_black_tower_dragon_destroys_the_enemy_camp_or_three_enemy_storage_cards_when_summoned():
    """【漆黒の塔の巨龍/黄金】■《エニグマ:311A2GH》対抗~この兵の召喚:0/敵陣の敵兵を全て破棄するか、敵陣倉庫からカードを三枚まで選んで破棄する。"""
    state = start([bundled("漆黒の塔の巨龍/黄金")], theirs=[soldier("x"), soldier("y"), soldier("z"), energy("水"), energy("水")])
    dragon = put(state, "漆黒の塔の巨龍/黄金")
    x, y, z = put(state, "x", "board", (3, 0), owner=1), put(state, "y", "board", (3, 4), owner=1), put(state, "z", "board", (2, 2), owner=1)
    wet = [put(state, "E水", "p1.storage", owner=1) for _ in range(2)]
    store(state, *"火火火火火火火火火")
    to_main(state)
    apply(state, {"type": "summon", "card": dragon, "pos": [1, 2]})
    pay_first(state)
    # usable the turn it arrives: its trigger is its own summon (召喚されたターンには特殊な条件下にある場合を除いて)
    assert legal_actions(state) == [{"type": "pass"}, {"type": "effect", "card": dragon, "effect": 1, "mode": 1}, {"type": "effect", "card": dragon, "effect": 1, "mode": 2}]
    apply(state, {"type": "effect", "card": dragon, "effect": 1, "mode": 1})
    assert state["cards"][x]["zone"] == state["cards"][y]["zone"] == "p1.discard" and state["cards"][z]["zone"] == "board"
    assert all(state["cards"][w]["zone"] == "p1.storage" for w in wet)


def test_fire_rain_destroys_itself_then_deals_two_to_up_to_one_land_and_up_to_three_soldiers_of_the_players_choice():
    """【火炎雨】■《呪法:灼熱》通常:火3/この呪術を破棄した後、場の土地一枚と兵を三枚まで選んで、2ダメージ。
    「土地一枚と兵を三枚まで選んで」: what is chosen, up to one land and up to three soldiers (まで closes the list), is the
    player's choice: the player's own land, the only one there, need not be hit, and the curse is usable with no land."""
    state = start([bundled("火炎雨"), bundled("風見の丘")], theirs=[soldier("a", power=1), soldier("b", power=5)])
    rain = put(state, "火炎雨", "board", (1, 0))
    hill = put(state, "風見の丘", "board", (1, 1))
    a, b = put(state, "a", "board", (3, 0), owner=1), put(state, "b", "board", (3, 1), owner=1)
    store(state, *"火火火火火風")
    to_main(state)
    apply(state, {"type": "effect", "card": rain, "effect": 1})
    pay_first(state)
    assert state["cards"][rain]["zone"] == "p0.discard"
    assert state["pending"]["candidates"] == [hill] and (state["pending"]["min"], state["pending"]["max"]) == (0, 1)
    assert {"type": "target", "cards": []} in legal_actions(state) and {"type": "target", "cards": [hill]} in legal_actions(state)
    apply(state, {"type": "target", "cards": []})  # our own land is spared
    assert state["cards"][hill]["counters"] == {}
    assert state["pending"]["type"] == "target" and (state["pending"]["min"], state["pending"]["max"]) == (0, 2)
    assert legal_actions(state)[0] == {"type": "target", "cards": [a, b]}
    apply(state, {"type": "target", "cards": [a, b]})
    assert state["cards"][a]["zone"] == "p1.discard" and state["cards"][b]["counters"] == {"damage": 2}
    # the land chosen: it takes the 2
    state = start([bundled("火炎雨"), bundled("風見の丘")])
    rain = put(state, "火炎雨", "board", (1, 0))
    hill = put(state, "風見の丘", "board", (1, 1))
    store(state, *"火火火火火風")
    to_main(state)
    apply(state, {"type": "effect", "card": rain, "effect": 1})
    pay_first(state)
    apply(state, {"type": "target", "cards": [hill]})
    assert state["cards"][hill]["counters"] == {"damage": 2} and state["pending"] is None


def test_fire_rain_is_usable_with_no_land_on_the_board():
    """【火炎雨】■《呪法:灼熱》通常:火3/この呪術を破棄した後、場の土地一枚と兵を三枚まで選んで、2ダメージ。 No land on the board
    (with target_needed on, its default): the soldiers are still there to choose."""
    state = start([bundled("火炎雨")], theirs=[soldier("a", power=1)])
    rain = put(state, "火炎雨", "board", (1, 0))
    a = put(state, "a", "board", (3, 0), owner=1)
    store(state, *"火火火火火")
    to_main(state)
    assert {"type": "effect", "card": rain, "effect": 1} in legal_actions(state)
    apply(state, {"type": "effect", "card": rain, "effect": 1})
    pay_first(state)
    assert state["pending"]["candidates"] == [a]
    apply(state, {"type": "target", "cards": [a]})
    assert state["cards"][a]["zone"] == "p1.discard"


def test_bloody_sword_binds_a_soldier_when_cast_and_gives_it_plus_0_3_5():
    """■《剣術/呪法:鬼神乱舞/吸血の渇望》永続/一つ目の効果で選んだ兵に以下の補正を加える。
    【血塗れた刀】■強制対抗~この呪術の詠唱:0/場の兵を一枚選ぶ。 ■《剣術/呪法:鬼神乱舞/吸血の渇望》永続/一つ目の効果で選んだ兵に「+0/+3/+5」"""
    state = start([bundled("血塗れた刀"), soldier("a", power=2), soldier("b", power=2)])
    sword = put(state, "血塗れた刀")
    a, b = put(state, "a", "board", (1, 0)), put(state, "b", "board", (1, 1))
    store(state, "火", "火")
    to_main(state)
    apply(state, {"type": "cast", "card": sword, "pos": [1, 4]})
    events = apply(state, legal_actions(state)[0])
    assert {"type": "forced", "card": sword, "effect": 1} in events  # forced: no choice whether to use it
    assert state["pending"]["type"] == "target" and state["pending"]["candidates"] == [a, b]
    apply(state, {"type": "target", "cards": [b]})
    assert state["cards"][sword]["bound"] == b
    assert (power(state, b), stat(state, b, "move_cost"), power(state, a)) == (7, 4, 2)
    apply(state, {"type": "manual.move", "card": sword, "to": "p0.discard"})
    assert power(state, b) == 2 and "bound" not in state["cards"][sword]


def test_flame_judgement_destroys_itself_then_three_chosen_cards_on_the_board():
    """【焔の審判】■《エニグマ:JO345LS》通常:4/この呪術を破棄した後、敵陣、戦場、自陣からカードを三枚選んで、破棄する。"""
    state = start([bundled("焔の審判"), soldier("mine")], theirs=[soldier("x"), soldier("y")])
    judge = put(state, "焔の審判", "board", (1, 0))
    mine = put(state, "mine", "board", (1, 1))
    x, y = put(state, "x", "board", (2, 2), owner=1), put(state, "y", "board", (3, 3), owner=1)
    store(state, *"水水水水")
    to_main(state)
    apply(state, {"type": "effect", "card": judge, "effect": 1})
    pay_first(state)
    assert state["cards"][judge]["zone"] == "p0.discard"
    assert state["pending"] is None and state["zones"]["board"] == []  # three cards there: all of them, chosen at once
    assert {state["cards"][i]["zone"] for i in (mine, x, y)} == {"p0.discard", "p1.discard"}


def test_binarx_mountain_is_three_cheaper_in_hand_with_a_binarx_on_the_board_and_changes_soldiers():
    """■ルール/場に種別「ビナルクス」が存在する間、手札のこの土地に以下の補正を加える。 ■永続/場にこの土地が存在する間、種別「ビナルクス」に以下の補正を加える。
    ■永続/場にこの土地が存在する間、種別「ビナルクス」以外に以下の補正を加える。
    【ビナルクス仙山】■ルール/場に種別「ビナルクス」が存在する間、手札のこの土地に「-3/+0」 ■永続/…種別「ビナルクス」に「-2/-2/+1」
    ■永続/…種別「ビナルクス」以外に「+2/+2/-1」"""
    state = start([bundled("ビナルクス仙山"), bundled("ビナルクスの仙龍"), bundled("ギルビアの炎剣術士")])
    mountain = put(state, "ビナルクス仙山")
    dragon = put(state, "ビナルクスの仙龍")
    assert stat(state, mountain, "cost") == 6
    knight = put(state, "ギルビアの炎剣術士", "board", (1, 0))
    assert stat(state, mountain, "cost") == 6  # no ビナルクス on the board yet
    apply(state, {"type": "manual.move", "card": dragon, "to": "board", "pos": [1, 1], "face_up": True})
    assert stat(state, mountain, "cost") == 3
    apply(state, {"type": "manual.move", "card": mountain, "to": "board", "pos": [1, 4], "face_up": True})
    assert [stat(state, dragon, s) for s in ("cost", "move_cost", "power")] == [3, 1 - 2, 8]  # (a cost below 0 is 0)
    assert [stat(state, knight, s) for s in ("cost", "move_cost", "power")] == [3, 3, 1]


def test_endless_hell_destroys_soldiers_damaged_by_an_effect_unless_a_light_soldier_is_there():
    """【無限地獄】■永続/場にこの土地が存在する間、場の兵はダメージを受けた戦闘の終了時、または効果処理終了時に破棄される。
    ■永続/場に光兵が存在する間、一つ目の効果を無効にする。"""
    state = start([bundled("無限地獄"), bundled("潮騒の見習い術士"), bundled("薄明の癒し手")], theirs=[soldier("big", power=9)])
    put(state, "無限地獄", "board", (1, 4))
    mage = put(state, "潮騒の見習い術士", "board", (1, 0))
    big = put(state, "big", "board", (3, 0), owner=1)
    store(state, *"火水水水")
    to_main(state)
    healer = put(state, "薄明の癒し手", "board", (1, 1))  # a 光 soldier: the first effect is void
    apply(state, {"type": "effect", "card": mage, "effect": 1})
    pay_first(state)
    assert state["cards"][big]["zone"] == "board" and state["cards"][big]["counters"] == {"damage": 1}
    apply(state, {"type": "manual.move", "card": healer, "to": "p0.hand"})
    apply(state, {"type": "effect", "card": mage, "effect": 1})
    pay_first(state)
    assert state["cards"][big]["zone"] == "p1.discard"


SPARK = curse(
    "spark", cost=0,
    effects=[{"kind": ["対抗"], "trigger": "自兵と敵兵の戦闘開始", "cost": "0", "text": "敵兵一枚に1ダメージ。"}],
    script=[{"op": "damage", "when": "effect1", "target": "chosen", "side": "enemy", "kind": "兵", "amount": 1}],
)


def test_endless_hell_destroys_a_soldier_damaged_in_a_battle_before_the_battle_is_over():
    """【無限地獄】■永続/場にこの土地が存在する間、場の兵はダメージを受けた戦闘の終了時、または効果処理終了時に破棄される。
    (the battle half: a soldier takes damage in a battle only from an effect used in it, here a response to its 戦闘開始;
    the enemy's 9-power soldier, 1 damage on it, is destroyed and does not fight on: the battle is void and ours survives;
    without 無限地獄 the same soldier wins the battle)"""
    for hell in (True, False):
        state = start([bundled("無限地獄"), SPARK, soldier("three", power=3)], theirs=[soldier("nine", power=9)], auto_pass="never")
        if hell:
            put(state, "無限地獄", "board", (1, 4))
        spark = put(state, "spark", "board", (1, 3))
        three = put(state, "three", "board", (2, 0))
        nine = put(state, "nine", "board", (3, 0), owner=1)
        store(state, "火", "火")
        to_main(state)
        apply(state, {"type": "move", "card": three, "pos": [3, 0]})
        pay_first(state)
        while state["stack"] and state["stack"][-1]["kind"] != "battle_start":
            apply(state, {"type": "pass"})
        assert state["flags"]["battle"]["d"] == nine
        apply(state, {"type": "effect", "card": spark, "effect": 1})
        while state["stack"] or state["priority"] is not None:
            apply(state, {"type": "pass"})
        assert state["flags"]["battle"] is None
        if hell:
            assert state["cards"][nine]["zone"] == "p1.discard" and state["cards"][three]["zone"] == "board"
        else:
            assert state["cards"][nine]["counters"].get("damage") == 1 and state["cards"][three]["zone"] == "p0.discard"


def test_gilbia_training_ground_keeps_both_own_soldiers_and_powers_them_up_after_their_battle():
    """■対抗~自兵同士の戦闘終了:0/戦闘を行った兵に、以下の補正を加える。
    【ギルビアの練兵場】■対抗~自兵同士の戦闘終了:0/戦闘を行った兵に「+0/-1/+2」 ■永続/場にこの土地が存在する間、自兵同士の戦闘では兵は破棄されない。"""
    state = start([bundled("ギルビアの練兵場"), soldier("a", power=3), soldier("b", power=5)])
    put(state, "ギルビアの練兵場", "board", (1, 4))
    ground = state["zones"]["board"][-1]
    a, b = put(state, "a", "board", (2, 0)), put(state, "b", "board", (1, 0))
    store(state, *"火火火")
    to_main(state)
    fight(state, a, (1, 0))  # our own soldiers fight: b wins (5 > 3), we take 2, nobody is destroyed
    assert damage_of(state, 0) == 2
    assert legal_actions(state) == [{"type": "pass"}, {"type": "effect", "card": ground, "effect": 1}]
    apply(state, {"type": "effect", "card": ground, "effect": 1})
    assert state["cards"][a]["zone"] == state["cards"][b]["zone"] == "board"
    assert state["cards"][a]["pos"] == [2, 0] and state["cards"][b]["pos"] == [1, 0]  # the mover went back
    assert (power(state, a), stat(state, a, "move_cost")) == (5, 0) and power(state, b) == 5 - 1 + 2  # b: -X, X = 3 - 2


def soldiers_by_square(state):
    """How many soldiers stand on each square of the board."""
    rules = rules_of(state)
    squares = {}
    for iid in rules._on_board(state, card_type="兵"):
        squares[tuple(state["cards"][iid]["pos"])] = squares.get(tuple(state["cards"][iid]["pos"]), 0) + 1
    return squares


def test_gilbia_training_ground_a_soldier_summoned_onto_its_own_soldier_keeps_to_a_square_of_its_own():
    """【ギルビアの練兵場】■永続/場にこの土地が存在する間、自兵同士の戦闘では兵は破棄されない。
    ●兵が既に兵の存在するマスに移動、または召喚された時。 Both soldiers stay, one on a square: the summoned one goes to
    the nearest camp square with no soldier (as a soldier does after its phantom battle: その兵を自陣に移動する), and no
    pair is left when the 練兵場 goes (unpaid upkeep)."""
    state = start([bundled("ギルビアの練兵場"), soldier("new", power=3), soldier("old", power=5), soldier("side", power=1)])
    ground = put(state, "ギルビアの練兵場", "board", (1, 4))
    new, old, side = put(state, "new"), put(state, "old", "board", (1, 1)), put(state, "side", "board", (1, 0))
    store(state, "火", "火", "火")
    to_main(state)
    apply(state, {"type": "summon", "card": new, "pos": [1, 1]})
    pay_first(state)
    while state["priority"] == 0:  # (the 練兵場's response to the battle's end: not used here)
        apply(state, {"type": "pass"})
    assert state["flags"]["battle"] is None and state["cards"][new]["zone"] == state["cards"][old]["zone"] == "board"
    assert state["cards"][old]["pos"] == [1, 1] and state["cards"][new]["pos"] == [1, 2]  # (1, 0) holds side
    assert max(soldiers_by_square(state).values()) == 1 and state["cards"][side]["pos"] == [1, 0]
    apply(state, {"type": "end_turn"})
    apply(state, {"type": "next_phase"})
    assert state["pending"]["type"] == "upkeep" and state["pending"]["card"] == ground
    apply(state, {"type": "destroy"})
    assert state["cards"][ground]["zone"] == "p0.discard" and max(soldiers_by_square(state).values()) == 1


def test_gilbia_training_ground_a_soldier_summoned_into_a_full_camp_goes_back_to_the_hand():
    """■永続/場にこの土地が存在する間、自兵同士の戦闘では兵は破棄されない。 With all five camp squares taken the summoned
    soldier has no square of its own: it goes back to its owner's hand (the seed does not say; no square holds two)."""
    state = start([bundled("ギルビアの練兵場"), soldier("new", power=3), *[soldier(f"c{i}", power=5) for i in range(5)]])
    put(state, "ギルビアの練兵場", "board", (2, 4))  # (a land off the camp row: the test leaves the camp to soldiers)
    new = put(state, "new")
    camp = [put(state, f"c{i}", "board", (1, i)) for i in range(5)]
    store(state, "火", "火", "火")
    to_main(state)
    apply(state, {"type": "summon", "card": new, "pos": [1, 2]})
    pay_first(state)
    while state["priority"] == 0:
        apply(state, {"type": "pass"})
    assert state["cards"][new]["zone"] == "p0.hand" and "pos" not in state["cards"][new]
    assert all(state["cards"][c]["zone"] == "board" for c in camp) and max(soldiers_by_square(state).values()) == 1


def test_the_golems_destruction_costs_four_as_printed_or_one_as_its_explanation_counts():
    """■《スペル:ディストラクション》通常:光4/敵陣の召喚コスト4以下の兵を一枚選び、破棄する。
    ④…種別はスペル。この場合、フェイズ②のパート1に、光のカードを含む倉庫のカードを 一枚使用して発動。 The printed 光4 (four
    cards with a 光 one, as every cost counts its number) by default; option golem_cost "explained": one card."""
    for choice, paid in (("printed", 4), ("explained", 1)):
        state = start([bundled("オーバークラウド・ゴーレム")], theirs=[soldier("cheap", cost=4)], golem_cost=choice)
        golem = put(state, "オーバークラウド・ゴーレム", "board", (1, 0))
        cheap = put(state, "cheap", "board", (3, 0), owner=1)
        store(state, "光", "光", "光", "光")
        to_main(state)
        apply(state, {"type": "effect", "card": golem, "effect": 1})
        assert (state["pending"]["cost"], state["pending"]["needs"]) == (paid, ["光"])
        pay_first(state)
        assert len(unused(state)) == 4 - paid and state["cards"][cheap]["zone"] == "p1.discard"
    state = start([bundled("オーバークラウド・ゴーレム")], theirs=[soldier("cheap", cost=4)])
    golem = put(state, "オーバークラウド・ゴーレム", "board", (1, 0))
    put(state, "cheap", "board", (3, 0), owner=1)
    store(state, "光")
    to_main(state)
    assert not any(a["type"] == "effect" and a["card"] == golem for a in legal_actions(state))  # one 光 card: not enough as printed
    state = start([bundled("オーバークラウド・ゴーレム")], theirs=[soldier("cheap", cost=4)], golem_cost="explained")
    golem = put(state, "オーバークラウド・ゴーレム", "board", (1, 0))
    put(state, "cheap", "board", (3, 0), owner=1)
    store(state, "光")
    to_main(state)
    assert {"type": "effect", "card": golem, "effect": 1} in legal_actions(state)


def test_a_camp_square_takes_any_number_of_curses_and_lands_unless_the_option_limits_it_to_one():
    """*「自陣」:兵、呪術、土地を出す。場の二番目に手前の列。 No limit a square is stated: a curse or land may go onto a camp
    square that holds one (the default); option one_curse_or_land_a_square: not there."""
    cards = [bundled("火炎雨"), bundled("風見の丘")]
    state = start(cards)
    rain, hill = put(state, "火炎雨"), put(state, "風見の丘", "board", (1, 2))
    store(state, *"火火火火火風")
    to_main(state)
    assert {"type": "cast", "card": rain, "pos": [1, 2]} in legal_actions(state)
    apply(state, {"type": "cast", "card": rain, "pos": [1, 2]})
    pay_first(state)
    assert state["cards"][rain]["pos"] == state["cards"][hill]["pos"] == [1, 2]
    state = start(cards, one_curse_or_land_a_square=True)
    rain, hill = put(state, "火炎雨"), put(state, "風見の丘", "board", (1, 2))
    store(state, *"火火火火火風")
    to_main(state)
    casts = [a["pos"] for a in legal_actions(state) if a["type"] == "cast"]
    assert casts == [[1, 0], [1, 1], [1, 3], [1, 4]]
    with pytest.raises(IllegalAction, match="without a curse or land"):
        apply(state, {"type": "cast", "card": rain, "pos": [1, 2]})


def test_golem_destroys_a_cheap_enemy_soldier_in_the_enemy_camp():
    """【オーバークラウド・ゴーレム】■《スペル:ディストラクション》通常:光4/敵陣の召喚コスト4以下の兵を一枚選び、破棄する。"""
    state = start([bundled("オーバークラウド・ゴーレム")], theirs=[soldier("cheap", cost=4), soldier("dear", cost=5), soldier("away", cost=1)])
    golem = put(state, "オーバークラウド・ゴーレム", "board", (1, 0))
    cheap, dear, away = put(state, "cheap", "board", (3, 0), owner=1), put(state, "dear", "board", (3, 1), owner=1), put(state, "away", "board", (2, 1), owner=1)
    store(state, *"光光光光")
    to_main(state)
    apply(state, {"type": "effect", "card": golem, "effect": 1})
    pay_first(state)
    assert state["cards"][cheap]["zone"] == "p1.discard" and state["cards"][dear]["zone"] == state["cards"][away]["zone"] == "board"


def test_dragon_flame_deals_two_to_the_enemy_player_or_a_soldier():
    """⑤■《スペル:ファイアボール》通常:火2/敵戦力、または兵一枚に2ダメージ。
    【魔竜の焔】■《スペル:ファイアボール》通常:火2/敵戦力、または兵一枚に2ダメージ。"""
    state = start([bundled("魔竜の焔")], theirs=[soldier("x", power=5)])
    flame = put(state, "魔竜の焔", "board", (1, 0))
    x = put(state, "x", "board", (3, 0), owner=1)
    store(state, *"火火火火火火")
    to_main(state)
    apply(state, {"type": "effect", "card": flame, "effect": 2})
    pay_first(state)
    assert legal_actions(state) == [{"type": "target", "cards": [x]}, {"type": "target", "player": 1}]
    # 敵戦力、または兵一枚に: one of the two, never nothing (the cost is paid; the fireball lands somewhere)
    assert decision(state)["min"] == 1
    with pytest.raises(IllegalAction, match="from 1 to 1|exactly 1"):
        apply(state, {"type": "target", "cards": []})
    apply(state, {"type": "target", "player": 1})
    assert damage_of(state, 1) == 2
    apply(state, {"type": "effect", "card": flame, "effect": 2})
    pay_first(state)
    apply(state, {"type": "target", "cards": [x]})
    assert state["cards"][x]["counters"] == {"damage": 2}
    # no soldier on the board: the enemy's 戦力 is the one target, hit with no choice to make
    apply(state, {"type": "manual.move", "card": x, "to": "p1.discard", "face_up": True})
    apply(state, {"type": "effect", "card": flame, "effect": 2})
    pay_first(state)
    assert state["pending"] is None and damage_of(state, 1) == 4


def test_invisible_stream_is_cast_face_down_for_nothing_and_weakens_every_enemy_soldier():
    """③裏向きで詠唱するため、展開・維持コストを伴わない。
    【不可視の水流】■ルール/この呪術は裏向きでのみ詠唱出来る。 ③-/- (裏向きで詠唱するため、展開・維持コストを伴わない)
    ■通常・対抗~敵兵の召喚、又は移動:水8(C)この呪術を墓地に送る/敵兵全てに「+0/+7/-7」"""
    state = start([bundled("不可視の水流")], theirs=[soldier("x", power=8, move=1)])
    stream = put(state, "不可視の水流")
    x = put(state, "x", "board", (3, 0), owner=1)
    store(state, *"水水水水水水水水")
    to_main(state)
    apply(state, {"type": "cast", "card": stream, "pos": [1, 0]})
    assert state["pending"] is None and state["cards"][stream]["zone"] == "board" and not state["cards"][stream]["face_up"]
    apply(state, {"type": "end_turn"})
    to_main(state)  # no upkeep asked
    apply(state, {"type": "effect", "card": stream, "effect": 2})
    pay_first(state)
    assert state["cards"][stream]["zone"] == "p0.discard" and (power(state, x), stat(state, x, "move_cost")) == (1, 8)


# -- the seed, line by line: the board, the turn, the cards as printed -------------------------------------------


def test_the_board_is_five_rows_of_five_squares_with_power_support_and_discard_zones():
    """<参>場: 縦横五列と戦力、支援、墓地ゾーンで構成。
    *「戦力ゾーン」:戦力を置く場所。場の右の方。 *「支援ゾーン」:支援を置く場所。場の戦力の上の方。
    *「墓地ゾーン」:破棄されたカードを置く場所。場の左の方。
    *「自陣倉庫」:行動する為に必要な物を溜める。言わばエネルギーゾーン。 場の一番手前の列。枚数制限は無し。
    *「自陣」:兵、呪術、土地を出す。場の二番目に手前の列。 *「戦場」:兵を移動できる。場の真ん中の列。
    *「敵~」:相手にとっての~。"""
    state = start([soldier("mine", power=5)], theirs=[soldier("theirs", power=2)])
    rules = rules_of(state)
    grid = view(state, 0)["layout"]["grid"]
    assert (grid["rows"], grid["cols"], grid["strips"]) == (5, 5, {"0": "p0.storage", "4": "p1.storage"})  # the 倉庫 rows at each end
    for p in (0, 1):
        assert {f"p{p}.{z}" for z in ("power", "deck", "discard", "storage", "hand")} <= set(state["zones"])
    # 自陣: the second row from each side; the enemy's camp (敵陣) is the other player's camp, its 倉庫 the 敵陣倉庫
    assert rules.summon_squares(state, 0, "兵") == [[1, c] for c in range(5)] and rules.summon_squares(state, 1, "兵") == [[3, c] for c in range(5)]
    mine = put(state, "mine", "board", (1, 0))
    theirs = put(state, "theirs", "board", (3, 0), owner=1)
    assert rules._in_area(state, 0, theirs, "enemy_camp") and rules._in_area(state, 1, mine, "enemy_camp")
    # 倉庫: no limit (30 cards there, a 31st may still be stored); the energy to act with
    store(state, *("火水風地" * 5))
    card = next(i for i in state["zones"]["p0.hand"])
    apply(state, {"type": "store", "card": card})
    assert len(state["zones"]["p0.storage"]) == 21
    to_main(state)
    assert {"type": "move", "card": mine, "pos": [2, 0]} in legal_actions(state)  # 戦場: the middle row, where soldiers move
    fight(state, mine, (2, 0))
    fight(state, mine, (3, 0))
    assert state["cards"][theirs]["zone"] == "p1.discard"  # 墓地: where destroyed cards go (their owner's)


def test_a_battle_is_part_two_of_phase_two_and_the_turn_goes_back_to_part_one():
    """兵を移動する。特殊兵、呪術、土地の通常効果を発動する。(任意)
    フェイズ② パート1: 兵を移動する。… 戦闘時にパート2に強制移行。 パート2:戦闘を行う。終わればパート1に強制移行。"""
    state = start([soldier("five", power=5)], auto_pass="never")
    five = put(state, "five", "board", (2, 0))
    store(state, "火")
    to_main(state)
    apply(state, {"type": "move", "card": five, "pos": [3, 0]})
    pay_first(state)
    apply(state, {"type": "pass"})  # nobody answers the move: it is carried out and the battle starts
    assert state["phase"] == "battle" and state["stack"][-1]["kind"] == "battle_start"
    assert legal_actions(state) == [{"type": "pass"}]  # nothing of part 1 (no summon, no move) during the battle
    apply(state, {"type": "pass"})  # ②③④ and then ⑤ 戦闘終了, a window of its own
    assert state["phase"] == "battle" and state["stack"][-1]["kind"] == "battle_end"
    apply(state, {"type": "pass"})
    assert state["phase"] == "main" and state["flags"]["part"] == 1 and state["stack"] == []


def test_the_turn_ends_when_declared_and_the_goldfishs_turn_comes_between_yours():
    """フェイズ④ パート1:ターン終了を宣言する。 ~相手のターンへ~"""
    state = start()
    apply(state, {"type": "next_phase"})
    apply(state, {"type": "next_phase"})
    assert state["phase"] == "supply" and {"type": "end_turn"} in legal_actions(state)
    events = apply(state, {"type": "end_turn"})
    kinds = [e["type"] for e in events]
    assert kinds.index("chain") < kinds.index("goldfish_turn") < kinds.index("turn")  # the declared end, their turn, yours
    assert (state["turn"], state["active"], state["phase"]) == (3, 0, "refresh")


PRINTED = [  # 【name】, the type line and the numbers as the seed prints them
    ("ビナルクスの仙龍", "火/ドラゴン/ビナルクス", "5/1/7"),
    ("星を渡る者", "地・風・水/エクステンダー", "3/3/9"),
    ("星を渡る者/深淵", "地・風・水/エクステンダー/深淵", "3/3/9"),
    ("オーバークラウド・ゴーレム", "光/ゴーレム", "7/2/5"),
    ("魔竜の焔", "火・闇/呪術", "4/1"),
    ("クレイジー・ジャックの戦闘術", "無/呪術", "3/0"),
    ("不可視の水流", "水/呪術", "-/-"),
    ("暗黒城塞都市", "闇/土地", "4/3"),
    ("ギルビアの炎剣術士", "火/ソルジャー/ギルビア", "1/1/2"),
    ("ギルビアの小隊長", "火/ソルジャー/ギルビア", "3/1/3"),
    ("悲哀と憂いの光球", "火/エレメント", "3/3/0"),
    ("ムーンライト・スネーク", "火/クリムゾン・アニマル", "5/4/5"),
    ("ビナルクスの仙馬", "火/クリムゾン・アニマル/ビナルクス", "3/1/1"),
    ("漆黒の塔の巨龍/黄金", "火/ドラゴン/漆黒の塔/黄金", "9/6/8"),
    ("火炎雨", "火/呪術", "4/2"),
    ("血塗れた刀", "火/呪術", "2/0"),
    ("焔の審判", "火/呪術", "5/0"),
    ("ビナルクス仙山", "火/土地/ビナルクス", "6/2"),
    ("無限地獄", "火/土地", "7/1"),
    ("ギルビアの練兵場", "火/土地/ギルビア", "4/2"),
]


@pytest.mark.parametrize("card, types_line, numbers", PRINTED, ids=[p[0] for p in PRINTED])
def test_the_printed_cards_are_played_with_their_printed_attributes_and_numbers(card, types_line, numbers):
    """The 20 cards the seed prints, each played with its ②属性/種族、種別/特殊種別 and ③召喚コスト/移動コスト/パワー (兵) or
    ③詠唱コスト/維持コスト (呪術), ③展開コスト/維持コスト (土地): 「ビナルクスの仙龍」 ②火/ドラゴン/ビナルクス ③5/1/7;
    「星を渡る者」 ②地・風・水/エクステンダー ③3/3/9; 「星を渡る者/深淵」 ②地・風・水/エクステンダー/深淵 ③3/3/9;
    「オーバークラウド・ゴーレム」 ②光/ゴーレム ③7/2/5; 「魔竜の焔」 ②火・闇/呪術 ③4/1; 「クレイジー・ジャックの戦闘術」 ②無/呪術 ③3/0;
    「不可視の水流」 ②水/呪術 ③-/-; 「暗黒城塞都市」 ②闇/土地 ③4/3; 【ギルビアの炎剣術士】 火/ソルジャー/ギルビア 1/1/2;
    【ギルビアの小隊長】 火/ソルジャー/ギルビア 3/1/3; 【悲哀と憂いの光球】 火/エレメント 3/3/0;
    【ムーンライト・スネーク】 火/クリムゾン・アニマル 5/4/5; 【ビナルクスの仙馬】 火/クリムゾン・アニマル/ビナルクス 3/1/1;
    【漆黒の塔の巨龍/黄金】 火/ドラゴン/漆黒の塔/黄金 9/6/8; 【火炎雨】 火/呪術 4/2; 【血塗れた刀】 火/呪術 2/0;
    【焔の審判】 火/呪術 5/0; 【ビナルクス仙山】 火/土地/ビナルクス 6/2; 【無限地獄】 火/土地 7/1; 【ギルビアの練兵場】 火/土地/ギルビア 4/2.
    召喚の際に火のカードを含む倉庫のカードを五枚、移動の際に火のカードを含む倉庫のカードを一枚使用する。基本パワーは7。"""
    parts = types_line.split("/")
    attrs = [a for a in parts[0].split("・") if a != "無"]
    kind = "兵" if parts[1] not in ("呪術", "土地") else parts[1]
    values = [None if v == "-" else int(v) for v in numbers.split("/")]
    data = BUNDLED[card]
    assert data["card_type"] == kind and [a for a in data["fields"]["attributes"] if a != "無"] == attrs
    if kind == "兵":
        assert data["fields"].get("race") == parts[1]
        assert [x for x in (data["fields"].get("special_type"), data["fields"].get("special_type2")) if x] == parts[2:]
    pads = [a for a in "火水風地光闇" if a not in attrs]  # 倉庫 cards of none of its attributes

    def padded(n):
        return attrs + [pads[i % len(pads)] for i in range(max(0, n - len(attrs)))]

    verb = {"兵": "summon", "呪術": "cast", "土地": "deploy"}[kind]

    def played(storage):
        state = start([bundled(card)])
        iid = put(state, card)
        store(state, *storage)
        to_main(state)
        return state, iid, [a for a in legal_actions(state) if a["type"] == verb and a["card"] == iid]

    cost = values[0]
    if cost is None:  # 不可視の水流: 裏向きで詠唱するため、展開・維持コストを伴わない
        state, iid, offered = played([])
        apply(state, offered[0])
        assert state["pending"] is None and state["cards"][iid]["zone"] == "board"
        apply(state, {"type": "end_turn"})
        apply(state, {"type": "next_phase"})
        assert state["pending"] is None and state["phase"] == "main"
        return
    for missing in attrs:  # without a card of one of its attributes it cannot be played
        assert not played([a for a in attrs if a != missing] + [pads[0]] * cost)[2]
    state, iid, offered = played(padded(cost))
    apply(state, offered[0])
    assert (state["pending"]["cost"], sorted(state["pending"]["needs"])) == (cost, sorted(attrs))
    pay_first(state)
    assert state["cards"][iid]["zone"] == "board"
    if kind == "兵":
        move, power_ = values[1], values[2]
        assert stat(state, iid, "move_cost") == move and power(state, iid) == power_
        state["cards"][iid]["arrived"] = 0  # (as if summoned on an earlier turn)
        store(state, *padded(move))
        apply(state, {"type": "move", "card": iid, "pos": [2, state["cards"][iid]["pos"][1]]})
        assert (state["pending"]["cost"], sorted(state["pending"]["needs"])) == (move, sorted(attrs))
    else:
        upkeep = values[1]
        state["cards"][iid]["arrived"] = 0
        apply(state, {"type": "end_turn"})
        while state["pending"] or state["priority"] is not None:  # (the turn's end window)
            apply(state, legal_actions(state)[0])
        store(state, *(attrs or pads[:1]))
        apply(state, {"type": "next_phase"})
        if upkeep:
            assert state["pending"]["type"] == "upkeep" and state["pending"]["cost"] == upkeep
            assert sorted(state["pending"].get("needs_any", [])) == sorted(attrs)  # 火か闇: one of its attributes
        else:
            assert state["pending"] is None and state["cards"][iid]["zone"] == "board"


def test_a_normal_effect_only_in_your_phase_two_part_one_a_counter_effect_only_in_answer():
    """3)効果発動ルール *通常効果 自分のターンのフェイズ②のパート1にのみ、決められたコストを支払って、場で発動可能。
    *対抗効果 決められた対抗対象に対抗して決められたコストを支払う事でのみ、場で発動可能。
    ④…種別はスペル。この場合、フェイズ②のパート1に、光のカードを含む倉庫のカードを…使用して発動。"""
    state = start([bundled("宵闇の影法師"), bundled("悲哀と憂いの光球"), soldier("five", power=5)], auto_pass="never")
    shadow = put(state, "宵闇の影法師", "board", (1, 0))
    orb = put(state, "悲哀と憂いの光球", "board", (1, 1))
    five = put(state, "five", "board", (2, 2))
    store(state, "闇", "闇", "火", "火")
    assert not [a for a in legal_actions(state) if a["type"] == "effect"]  # フェイズ①: no effect
    to_main(state)
    assert [a for a in legal_actions(state) if a["type"] == "effect"] == [{"type": "effect", "card": shadow, "effect": 1}]  # not the 対抗 one
    fight(state, five, (3, 2))
    apply(state, {"type": "pass"})  # the move resolves: the battle starts
    assert state["stack"][-1]["kind"] == "battle_start" and {"type": "effect", "card": shadow, "effect": 1} not in legal_actions(state)
    apply(state, {"type": "pass"})
    assert state["stack"][-1]["kind"] == "battle_end" and {"type": "effect", "card": orb, "effect": 1} in legal_actions(state)  # 対抗~戦闘終了
    apply(state, {"type": "pass"})
    apply(state, {"type": "next_phase"})
    assert state["phase"] == "supply" and not [a for a in legal_actions(state) if a["type"] == "effect"]  # フェイズ③: none


def test_golem_may_answer_its_owners_curse_cast_or_effect_for_plus_two_until_the_end_of_the_turn():
    """【オーバークラウド・ゴーレム】⑤■《スペル:リアライジング》対抗~自呪術の詠唱、または効果の発動:0/この兵に、このターンの終了時ま
    で、以下の補正を加えて良い。「+0/+0/+2」 ⑤…種別はスペル。この場合、自分の呪術の詠唱、または効果の発動に対抗して、倉庫のカードを
    使用せずに発動。"""
    state = start([bundled("オーバークラウド・ゴーレム"), CHAIN[0], curse("spare", cost=1)], auto_pass="never")
    golem = put(state, "オーバークラウド・ゴーレム", "board", (1, 0))
    a = put(state, "A", "board", (1, 1))
    spare = put(state, "spare")
    store(state, "火")
    to_main(state)
    assert not [x for x in legal_actions(state) if x.get("card") == golem]  # (a 対抗 effect: not in the main phase)
    apply(state, {"type": "cast", "card": spare, "pos": [1, 3]})  # 自呪術の詠唱
    pay_first(state)
    assert {"type": "effect", "card": golem, "effect": 2} in legal_actions(state)
    apply(state, {"type": "effect", "card": golem, "effect": 2})
    assert state["pending"] is None  # 0: no 倉庫 card used
    while state["stack"]:
        apply(state, {"type": "pass"})
    assert power(state, golem) == 7
    apply(state, {"type": "effect", "card": a, "effect": 1})  # (自呪術の)効果の発動
    apply(state, {"type": "effect", "card": golem, "effect": 2})
    while state["stack"]:
        apply(state, {"type": "pass"})
    assert power(state, golem) == 9
    apply(state, {"type": "end_turn"})
    while state["priority"] is not None:
        apply(state, {"type": "pass"})
    assert state["turn"] == 3 and power(state, golem) == 5  # このターンの終了時まで


def test_a_soldier_effect_is_not_a_curse_effect_for_the_golem():
    """対抗~自呪術の詠唱、または効果の発動: the golem does not answer a soldier's effect (the subject 自呪術 carries to 効果の発動)."""
    state = start([bundled("オーバークラウド・ゴーレム"), bundled("宵闇の影法師")], auto_pass="never")
    golem = put(state, "オーバークラウド・ゴーレム", "board", (1, 0))
    shadow = put(state, "宵闇の影法師", "board", (1, 1))
    store(state, "闇", "闇")
    to_main(state)
    apply(state, {"type": "effect", "card": shadow, "effect": 1})
    pay_first(state)
    assert legal_actions(state) == [{"type": "pass"}]
    assert golem in state["zones"]["board"]


def test_a_counter_effect_may_name_the_effect_category_it_answers():
    """*効果種別は、特殊能力の種類を表す。これを指定して対抗する対抗効果や永続効果は少なくない。 (対抗~自分のスペルの発動: it answers
    an effect whose 効果種別 is スペル, not a 武術 one; 《剣術/呪法:…》 is both)"""
    spell = soldier("spell", effects=[{"kind": ["通常"], "category": "スペル", "cost": "0", "text": "draw"}], script=[{"op": "draw", "when": "effect1"}])
    art = soldier("art", effects=[{"kind": ["通常"], "category": "武術", "cost": "0", "text": "draw"}], script=[{"op": "draw", "when": "effect1"}])
    both = soldier("both", effects=[{"kind": ["通常"], "category": "剣術/スペル", "cost": "0", "text": "draw"}], script=[{"op": "draw", "when": "effect1"}])
    answer = curse("answer", effects=[{"kind": ["対抗"], "trigger": "自分のスペルの発動", "cost": "0", "text": "draw"}], script=[{"op": "draw", "when": "effect1"}])
    state = start([spell, art, both, answer], auto_pass="never")
    ids = {k: put(state, k, "board", (1, n)) for n, k in enumerate(("spell", "art", "both", "answer"))}
    to_main(state)
    for key, answered in (("spell", True), ("art", False), ("both", True)):
        apply(state, {"type": "effect", "card": ids[key], "effect": 1})
        assert ({"type": "effect", "card": ids["answer"], "effect": 1} in legal_actions(state)) == answered, key
        while state["stack"]:
            apply(state, {"type": "pass"})


def test_attributes_races_and_special_types_give_no_edge_by_themselves_but_cards_name_them():
    """効果の傾向は偏る。これを指定して能力を発揮する土地や兵も存在する。これそのものを *種族は、その兵の血筋を表す。種族が属性によって縛られることはほぼ無い。種族による
    特殊種別2は全部で12種類。以下が全種類で、それぞれに対応する効果。
    *属性は、その兵が持つ元素特性を表す。属性による兵同士の優劣は存在しないが、効果の傾向は偏る。これを指定して能力を発揮する土地や兵も
    存在する。 以下が全種類。 火、水、風、地、光、闇 *種族は、その兵の血筋を表す。…種族による兵同士の優劣は存在しないが、効果の傾向は偏る
    ことがある。これを指定して能力を発揮する土地や兵も存在する。 *特殊種別は、その兵の所属する国や地名を表す。第二の種族のようなもの。
    これを指定して… カードテキストに表記される場合、『種別「~」』となる。 *特殊種別2は、その兵の効果以外の特性を表す。第二の属性の
    ようなもの。これを指定して… 特殊種別2は全部で12種類。"""
    from rules.games.original import ATTRIBUTES, SPECIAL_TYPES_2

    assert ATTRIBUTES[:6] == ("火", "水", "風", "地", "光", "闇") and len(SPECIAL_TYPES_2) == 12
    # no edge: a 光 dragon and a 闇 soldier of equal power both go
    state, light, dark = duel(soldier("light", power=4, attrs=("光",), race="ドラゴン", special="ギルビア"), soldier("dark", power=4, attrs=("闇",)), attr="光")
    assert state["cards"][light]["zone"] == "p0.discard" and state["cards"][dark]["zone"] == "p1.discard"
    # cards name them: an attribute, a race, a special type and a 特殊種別2 (『種別「深淵」』), each its own soldiers
    named = [
        ({"attribute": "闇"}, soldier("a", attrs=("闇",)), soldier("a2", attrs=("火",))),
        ({"race": "ソルジャー"}, soldier("r", race="ソルジャー"), soldier("r2", race="ドラゴン")),
        ({"special": "ビナルクス"}, soldier("s", special="ビナルクス"), soldier("s2", special="ギルビア")),
        ({"special": "深淵"}, soldier("d", s2="深淵"), soldier("d2", s2="太陽")),
    ]
    for filters, hit, miss in named:
        aura = land("aura", script=[{"op": "stat", "when": "continuous", "target": "all", "kind": "兵", "stat": "move_cost", "amount": 5, **filters}])
        state = start([aura, hit, miss])
        put(state, "aura", "board", (1, 4))
        h, m = put(state, hit["key"], "board", (1, 0)), put(state, miss["key"], "board", (1, 1))
        assert (stat(state, h, "move_cost"), stat(state, m, "move_cost")) == (6, 1), filters


def test_the_special_type_2_effects_are_rules_not_printed_and_nothing_answers_them():
    """特殊種別2を持つ者は名前の最後に種別名が付き、種別名に対応した特別な効果を持つが、表記されてはいない。全てルール効果扱い。
    *原則として永続効果・ルール効果に対抗する事は出来ないが、対抗して発動した効果に対して更に対抗することは可能。
    *ルール効果 決められた条件下でのみ常に発動。"""
    state = start([soldier("sun", cost=1, power=2, s2="太陽"), bundled("暗黒城塞都市")], auto_pass="never")
    sun = put(state, "sun")
    castle = put(state, "暗黒城塞都市")
    assert stat(state, sun, "cost") == 4 and BUNDLED["ギルビアの炎剣術士"]["fields"].get("effects") is None  # 太陽's +3/+0/+3, printed nowhere
    store(state, *"火火火火闇闇闇闇")
    to_main(state)
    apply(state, {"type": "deploy", "card": castle, "pos": [1, 4]})
    pay_first(state)
    assert [e["kind"] for e in state["stack"]] == ["deploy"]  # the deploy may be answered; its 永続 is no entry
    apply(state, {"type": "pass"})
    apply(state, {"type": "summon", "card": sun, "pos": [1, 0]})
    pay_first(state)
    assert [e["kind"] for e in state["stack"]] == ["summon"]  # 太陽 is no entry either
    apply(state, {"type": "pass"})
    assert state["stack"] == [] and power(state, sun) == 5


def test_dragon_flames_first_effect_sends_it_to_the_discard_as_its_cost_and_deals_ten():
    """詠唱するのに火と闇のカードを含む倉庫のカードを四枚、枚ターンのフェイズ
    *「墓地に送る」とは、特別な表記の無い限りカードを効果の対象として、または効果を発動するためのコストとして捉え、効果処理の結果として、または効果発動と同時に墓地に送ることを言う。
    ④■《呪法:煉獄炎》通常:闇4(C)「この呪術を墓地に送る」/敵戦力に10ダメージ。 詠唱するのに火と闇のカードを含む倉庫のカードを四枚
    *「墓地に送る」とは、特別な表記の無い限りカードを効果の対象として、または効果を発動するためのコストとして捉え、…効果発動と同時に墓地に
    送ることを言う。 *倉庫のカード以外のものをコストとして扱う場合、その項目のコスト欄に(C)「~」が表記される。"""
    state = start([bundled("魔竜の焔"), bundled("魔竜の焔")], auto_pass="never")
    flame = put(state, "魔竜の焔", "board", (1, 0))
    other = put(state, "魔竜の焔")
    store(state, "闇", "闇", "闇", "闇")
    to_main(state)
    assert not [a for a in legal_actions(state) if a.get("card") == other]  # 火と闇: no 火 card, no cast
    apply(state, {"type": "effect", "card": flame, "effect": 1})
    assert state["pending"]["cost"] == 4 and state["pending"]["needs"] == ["闇"]
    pay_first(state)
    assert state["cards"][flame]["zone"] == "p0.discard" and state["stack"][-1]["kind"] == "effect"  # at the activation
    apply(state, {"type": "pass"})
    assert damage_of(state, 1) == 10


def test_a_card_sacrificed_or_removed_from_the_game_as_a_cost_goes_at_the_activation_a_destroyed_one_at_the_end():
    """*「ゲームから取り除く」とは、特別な表記の無い限り、上の記述の「墓地に送る」と同様に扱われる。上記三つの記述より派生して後ろに付け足されることもある。
    *「破棄する」とは、特別な表記の無い限りカードを効果の対象として捉え、効果処理の結果として墓地に送ることを言う。
    *「生贄に捧げる」とは、特別な表記の無い限りカードを効果を発動するためのコストとして捉え、効果発動と同時に墓地に送ることを言う。
    *「ゲームから取り除く」とは、特別な表記の無い限り、上の記述の「墓地に送る」と同様に扱われる。"""
    offering = soldier("offering", effects=[{"kind": ["通常"], "cost": "0(C)「この兵を生贄に捧げる」", "text": "draw"}], script=[{"op": "draw", "when": "effect1"}])
    removed = soldier("removed", effects=[{"kind": ["通常"], "cost": "火1(C)「このカードをゲームから取り除く」", "text": "draw"}], script=[{"op": "draw", "when": "effect1"}])
    state = start([offering, removed, bundled("焔の審判")], theirs=[soldier("x")], auto_pass="never")
    o, r = put(state, "offering", "board", (1, 0)), put(state, "removed", "board", (1, 1))
    judge = put(state, "焔の審判", "board", (1, 2))
    x = put(state, "x", "board", (3, 0), owner=1)
    store(state, "火", "火", "火", "火", "火")
    to_main(state)
    apply(state, {"type": "effect", "card": o, "effect": 1})
    assert state["cards"][o]["zone"] == "p0.discard" and state["stack"][-1]["card"] == o  # with the activation
    apply(state, {"type": "pass"})
    apply(state, {"type": "effect", "card": r, "effect": 1})
    pay_first(state)
    assert state["cards"][r]["zone"] == "p0.discard" and state["stack"][-1]["card"] == r
    apply(state, {"type": "pass"})
    apply(state, {"type": "effect", "card": judge, "effect": 1})  # 破棄: when the effect is processed
    pay_first(state)
    assert state["cards"][x]["zone"] == "board" and state["cards"][judge]["zone"] == "board"
    apply(state, {"type": "pass"})
    assert state["cards"][judge]["zone"] == "p0.discard"


def test_everything_after_one_square_mark_is_one_effect():
    """*一つの「■」以降に表記された項目全てを、一つの効果として扱う。 (火炎雨: destroy itself, a land, up to three soldiers: one
    activation, one entry of the chain, one window, carried out together)"""
    state = start([bundled("火炎雨"), bundled("風見の丘")], theirs=[soldier("x", power=5)], auto_pass="never")
    to_main(state)
    rain = put(state, "火炎雨", "board", (1, 0))
    hill = put(state, "風見の丘", "board", (1, 1))
    x = put(state, "x", "board", (3, 0), owner=1)
    store(state, "火", "火", "火")
    apply(state, {"type": "effect", "card": rain, "effect": 1})
    pay_first(state)
    assert [e["kind"] for e in state["stack"]] == ["effect"] and state["cards"][rain]["zone"] == "board"
    apply(state, {"type": "pass"})
    # (up to one land, then up to three soldiers, all in the one effect's processing)
    assert state["pending"]["type"] == "target" and state["cards"][rain]["zone"] == "p0.discard" and state["pending"]["candidates"] == [hill]
    apply(state, {"type": "target", "cards": [hill]})
    assert state["pending"]["type"] == "target" and state["pending"]["candidates"] == [x] and state["stack"] == []
    apply(state, {"type": "target", "cards": [x]})
    assert state["cards"][hill]["counters"] == {"damage": 2} and state["cards"][x]["counters"] == {"damage": 2} and state["stack"] == []


def test_effects_are_optional_unless_forced():
    """*全ての効果は、特別な表記の無い限り発動は任意。(例:「強制対抗」) (a 対抗 window may be passed; 血塗れた刀's 強制対抗 is activated by
    itself)"""
    state = start([bundled("血塗れた刀"), bundled("悲哀と憂いの光球"), soldier("five", power=5)], auto_pass="never")
    sword = put(state, "血塗れた刀")
    put(state, "悲哀と憂いの光球", "board", (1, 1))
    five = put(state, "five", "board", (1, 0))
    store(state, "火", "火", "火")
    to_main(state)
    apply(state, {"type": "cast", "card": sword, "pos": [1, 4]})
    pay_first(state)
    assert [e.get("forced", False) for e in state["stack"]] == [False, True]  # the cast, and its forced answer at once
    assert {"type": "pass"} in legal_actions(state)
    apply(state, {"type": "pass"})
    apply(state, {"type": "target", "cards": [five]})
    assert state["cards"][sword]["bound"] == five


def test_the_battle_is_decided_by_the_powers_compared_in_step_one():
    """②戦闘段階1:お互いにパワーを比較するステップ。このステップを終了した場合、戦闘段階2でいくら補正を加えても戦闘結果は変化しない。
    (the engine opens no window between the comparison and the result: an answer at 戦闘終了 changes nothing of it)"""
    late = curse("late", effects=[{"kind": ["対抗"], "trigger": "戦闘終了", "cost": "0", "text": "+10"}],
                 script=[{"op": "stat", "when": "effect1", "target": "battled", "stat": "power", "amount": 10}])
    state = start([soldier("three", power=3), late], theirs=[soldier("five", power=5)], auto_pass="never")
    three = put(state, "three", "board", (2, 0))
    put(state, "late", "board", (1, 4))
    five = put(state, "five", "board", (3, 0), owner=1)
    store(state, "火")
    to_main(state)
    fight(state, three, (3, 0))
    apply(state, {"type": "pass"})
    apply(state, {"type": "pass"})
    compared = [e for entry in state["log"] for e in entry["events"] if e["type"] == "battle_compare"]
    assert compared == [{"type": "battle_compare", "attacker": 3, "defender": 5}]
    assert state["stack"][-1]["kind"] == "battle_end" and state["cards"][three]["zone"] == "p0.discard" and damage_of(state, 0) == 2
    apply(state, legal_actions(state)[1])  # late's +10, after the battle is decided
    apply(state, {"type": "pass"})
    assert state["cards"][three]["zone"] == "p0.discard" and state["cards"][five]["zone"] == "board" and damage_of(state, 0) == 2


def test_summoning_casting_and_deploying_put_each_kind_into_play():
    """*兵・呪術・土地を場に出すことをそれぞれ、召喚・詠唱・展開と呼ぶ。 1)兵カード *召喚コストを支払って自陣に召喚する。ゲームの要。
    フェイズ② パート1:兵、呪術、土地を出す。(任意)"""
    state = start([soldier("s", cost=1), curse("c", cost=1), land("l", cost=1)])
    s, c, lnd = put(state, "s"), put(state, "c"), put(state, "l")
    store(state, "火", "火", "火")
    to_main(state)
    verbs = {(a["type"], a["card"]) for a in legal_actions(state) if a["type"] in ("summon", "cast", "deploy")}
    assert verbs == {("summon", s), ("cast", c), ("deploy", lnd)}
    for action in ({"type": "summon", "card": s, "pos": [1, 0]}, {"type": "cast", "card": c, "pos": [1, 1]}, {"type": "deploy", "card": lnd, "pos": [1, 2]}):
        apply(state, action)
        pay_first(state)
    assert all(state["cards"][i]["zone"] == "board" and state["cards"][i]["pos"][0] == 1 for i in (s, c, lnd))
    assert state["zones"]["p0.hand"] and {"type": "next_phase"} in legal_actions(state)  # optional: the rest stays


def test_a_soldiers_or_lands_continuous_effect_works_from_the_turn_after_it_arrives_unless_the_option_says_otherwise():
    """5)召喚・詠唱・展開ルール *兵・土地は、召喚されたターンには特殊な条件下にある場合を除いて、その効果を発動する事は出来ず移動も出来ない。
    *永続効果 決められた条件下でのみ常に場で発動。 ④特殊能力。この場合、この土地が場にある間は常に効果を発動する。 A 永続 effect is
    発動 on the board, so a soldier's or land's starts the turn after it arrives (option arrival_continuous, off by default); a
    curse's at once."""
    for option, at_once in ((False, False), (True, True)):
        state = start([bundled("ギルビアの小隊長"), bundled("ギルビアの炎剣術士"), bundled("風見の丘"), bundled("血塗れた刀")], arrival_continuous=option)
        captain, swordsman = put(state, "ギルビアの小隊長"), put(state, "ギルビアの炎剣術士", "board", (1, 1))
        hill, sword = put(state, "風見の丘"), put(state, "血塗れた刀")
        store(state, *"火火火火火風風風")
        to_main(state)
        apply(state, {"type": "summon", "card": captain, "pos": [1, 0]})
        pay_first(state)
        assert stat(state, swordsman, "move_cost") == (0 if at_once else 1)  # 烈火の陣: 「+0/-1/+1」 to the ソルジャー
        assert power(state, captain) == (4 if at_once else 3)
        apply(state, {"type": "cast", "card": sword, "pos": [1, 3]})  # a curse: its 永続 at once
        pay_first(state)
        apply(state, {"type": "target", "cards": [swordsman]})
        assert power(state, swordsman) == 2 + 5 + (1 if at_once else 0)
        apply(state, {"type": "end_turn"})
        assert stat(state, swordsman, "move_cost") == 1 - 1 + 3 and power(state, captain) == 4  # the next turn: in force
    state = start([bundled("風見の丘"), soldier("wind", move=2, attrs=("風",))])
    hill, wind = put(state, "風見の丘"), put(state, "wind", "board", (1, 0))
    store(state, *"風風風")
    to_main(state)
    apply(state, {"type": "deploy", "card": hill, "pos": [1, 4]})
    pay_first(state)
    assert stat(state, wind, "move_cost") == 2 and "stats" not in state["cards"][wind]  # a land: not on its arrival turn
    apply(state, {"type": "end_turn"})
    assert stat(state, wind, "move_cost") == 1 and state["cards"][wind]["stats"] == {"move_cost": 1}


def test_dark_castle_lowers_its_owners_dark_soldiers_cost_in_hand_as_well():
    """【暗黒城塞都市】④■永続/この土地が場に存在する間、闇の自兵全てに以下の補正を加える。「-2/-1/+2」 (the −2 on the summon cost
    reaches the soldiers in their owner's hand, where a summon cost is paid; not the other player's)"""
    state = start([bundled("暗黒城塞都市"), soldier("dark", cost=4, move=2, power=3, attrs=("闇",)), soldier("fire", cost=4, attrs=("火",))],
                  theirs=[soldier("theirs", cost=4, attrs=("闇",))])
    to_main(state)
    put(state, "暗黒城塞都市", "board", (1, 4))
    dark, fire = put(state, "dark"), put(state, "fire")
    theirs = put(state, "theirs", "p1.hand", owner=1)
    assert (stat(state, dark, "cost"), stat(state, fire, "cost"), stat(state, theirs, "cost")) == (2, 4, 4)
    store(state, "闇", "闇")
    apply(state, {"type": "summon", "card": dark, "pos": [1, 0]})
    assert state["pending"]["cost"] == 2
    pay_first(state)
    assert [stat(state, dark, s) for s in ("cost", "move_cost", "power")] == [2, 1, 5]


def test_the_board_shows_the_engines_stats_and_the_other_player_sees_nothing_hidden():
    """The view carries each visible card's stats now where they differ from the printed ones (auras, 特殊種別2, a hand card's
    cost); player 1 sees no card of player 0's hand or 支援 and not the face-down 不可視の水流 (■ルール/この呪術は裏向きでのみ詠唱出来る)."""
    state = start([bundled("暗黒城塞都市"), soldier("dark", cost=4, move=2, power=3, attrs=("闇",)), soldier("sun", cost=1, power=2, s2="太陽"),
                   bundled("不可視の水流")])
    to_main(state)
    put(state, "暗黒城塞都市", "board", (1, 4))
    dark, sun, stream = put(state, "dark"), put(state, "sun", "board", (1, 0)), put(state, "不可視の水流")
    apply(state, {"type": "cast", "card": stream, "pos": [1, 3]})
    mine, theirs = view(state, 0), view(state, 1)
    assert mine["cards"][dark]["stats"] == {"cost": 2}  # in the hand: its summon cost
    assert mine["cards"][sun]["stats"] == {"cost": 4, "power": 5} == theirs["cards"][sun]["stats"]  # on the board: both see it
    assert mine["cards"][stream]["zone"] == "board" and not mine["cards"][stream]["face_up"]  # its owner knows it
    assert stream not in theirs["cards"] and None in theirs["zones"]["board"] and "不可視の水流" not in theirs["defs"]
    hand, deck = state["zones"]["p0.hand"], state["zones"]["p0.deck"]
    assert theirs["zones"]["p0.hand"] == [None] * len(hand) and theirs["zones"]["p0.deck"] == [None] * len(deck)
    assert mine["zones"]["p0.deck"] == [None] * len(deck)
    assert not any(i in theirs["cards"] for i in hand + deck)
    apply(state, {"type": "manual.move", "card": dark, "to": "p0.discard", "face_up": True})
    assert "stats" not in view(state, 0)["cards"][dark]  # off the board and the hands: printed again


def test_with_deck_out_draw_the_last_card_may_be_drawn_and_the_player_loses_when_their_next_turn_starts():
    """<壱>勝敗 *「支援」(山札)が尽きたら負け。 Read with deck_out "draw": drawing from 支援 is optional (パート2:支援から一枚手札に加える。
    (任意、一度)), so the player who took the last card plays on and loses when their next turn starts with 支援 empty (it used to
    never lose: no draw is forced)."""
    state = new_game("original", [FILLER[:11]], seed=1, options={"deck_out": "draw"})
    apply(state, {"type": "draw_support"})
    assert state["zones"]["p0.deck"] == [] and state["result"] is None  # the last card: no loss yet
    assert {"type": "next_phase"} in legal_actions(state)
    apply(state, {"type": "end_turn"})
    assert state["result"] == {"winner": 1, "turn": 3, "reason": "deck"}
    state = new_game("original", [FILLER[:11]], seed=1)  # the default ("empty"): the moment it is empty
    apply(state, {"type": "draw_support"})
    assert state["result"] == {"winner": 1, "turn": 1, "reason": "deck"}
    # the goldfish with a deck of its own, when it loses by 支援 too
    state = new_game("original", [FILLER, FILLER[:10]], seed=1, options={"deck_out": "draw", "goldfish_deck_out": True})
    assert state["result"] is None
    apply(state, {"type": "end_turn"})
    assert state["result"] == {"winner": 0, "turn": 2, "reason": "deck"}


def test_a_soldier_that_cannot_go_back_to_a_full_camp_returns_to_the_square_it_came_from_unless_the_option_says_stay():
    """土地の存在するマス、または兵のいない敵陣への移動に成功した兵は…⑤のステップ終了の時点でその兵を自陣に移動する。 With all five camp
    squares taken (the seed does not say; option camp_full) it goes back to the square it moved from ("back", the default; it
    used to stay in the enemy camp) or stays on the square it fought on ("stay")."""
    for option, where in (("back", [2, 0]), ("stay", [3, 0])):
        state = start([soldier("a", power=3)] + [soldier(f"c{i}") for i in range(5)], camp_full=option)
        a = put(state, "a", "board", (2, 0))
        for i in range(5):
            put(state, f"c{i}", "board", (1, i))
        store(state, "火")
        to_main(state)
        fight(state, a, (3, 0))
        assert damage_of(state, 1) == 3 and state["cards"][a]["pos"] == where, option


def test_an_effect_with_nothing_to_act_on_is_not_offered_unless_the_option_says_so():
    """④■《スペル:ディストラクション》通常:光4/敵陣の召喚コスト4以下の兵を一枚選び、破棄する。 An effect that chooses a card needs one to
    choose, and one that acts only on cards needs one to act on (option target_needed, on by default): against a goldfish with no
    soldiers they used to be offered and paid for, and did nothing."""
    cards = [bundled("潮騒の見習い術士"), bundled("オーバークラウド・ゴーレム"), bundled("魔竜の焔"), bundled("火炎雨"), bundled("ムーンライト・スネーク")]
    for option in (True, False):
        state = start(cards, theirs=[soldier("x", cost=9)], target_needed=option, auto_pass="never")
        to_main(state)
        mage, golem = put(state, "潮騒の見習い術士", "board", (1, 0)), put(state, "オーバークラウド・ゴーレム", "board", (1, 1))
        flame, rain = put(state, "魔竜の焔", "board", (1, 2)), put(state, "火炎雨", "board", (1, 3))
        snake = put(state, "ムーンライト・スネーク", "board", (2, 4))
        store(state, *"水水光光光光火火火火火")
        effects_now = {(a["card"], a["effect"]) for a in legal_actions(state) if a["type"] == "effect"}
        # 敵戦力、または兵一枚: the enemy player; 火炎雨's 場の…兵を三枚まで: our own soldiers are there to choose
        expected = {(flame, 2), (rain, 1)} if option else {(mage, 1), (golem, 1), (flame, 2), (rain, 1)}
        assert effects_now == expected, option
        apply(state, {"type": "move", "card": snake, "pos": [3, 4]})  # 対抗~この兵の移動: 戦場の敵兵全て, none there
        pay_first(state)
        assert ({"type": "effect", "card": snake, "effect": 1} in legal_actions(state)) == (not option)
        apply(state, {"type": "pass"})
        while state["stack"]:
            apply(state, {"type": "pass"})
        x = put(state, "x", "board", (3, 1), owner=1)  # an enemy soldier the golem cannot choose (cost 9 > 4)
        offered = {a["card"] for a in legal_actions(state) if a["type"] == "effect"}
        assert mage in offered and (golem in offered) == (not option) and x in state["zones"]["board"]


def test_invisible_stream_declares_its_face_down_cast_and_answers_an_enemy_summon_or_move():
    """【不可視の水流】④■ルール/この呪術は裏向きでのみ詠唱出来る。そうする場合、相手にルール効果である事を宣言する。
    ④特殊能力。この場合、宣言するだけで特に特別な処理は行わず、通常の詠唱と同じように扱う。
    ⑤■《スペル:コーラルレイン/メイルシュトロム》通常・対抗~敵兵の召喚、又は移動:水8(C)この呪術を墓地に送る/敵兵全てに以下の補正を加える。
    「+0/+7/-7」 特殊能力。この場合、敵兵の召喚、又は移動に対抗して、水のカードを含む倉庫のカードを八枚使用して発動。"""
    state = start([bundled("不可視の水流")], theirs=[soldier("x", power=8, move=1)], auto_pass="never")
    to_main(state)
    stream = put(state, "不可視の水流")
    x = put(state, "x", "board", (3, 0), owner=1)
    events = apply(state, {"type": "cast", "card": stream, "pos": [1, 0]})
    assert {"type": "declared", "player": 0, "what": "face_down_rule", "pos": [1, 0]} in events
    assert [e["kind"] for e in state["stack"]] == ["cast"]  # like any cast: on the chain, answerable
    apply(state, {"type": "pass"})
    store(state, *"水水水水水水水水")
    rules = rules_of(state)
    for kind in ("summon", "move"):  # (the goldfish never acts: its soldier's summon or move is put on the chain here)
        rules._push(state, {"kind": kind, "card": x, "player": 1, "ctype": "兵", "from": [2, 0], "to": [3, 0], "pos": [3, 0]}, by=1)
        assert {"type": "effect", "card": stream, "effect": 2} in legal_actions(state), kind
        state["stack"].pop()
        state["priority"] = None
    rules._push(state, {"kind": "summon", "card": stream, "player": 0, "ctype": "呪術"}, by=1)  # not its own side's
    assert {"type": "effect", "card": stream, "effect": 2} not in legal_actions(state)
    state["stack"].pop()
    state["priority"] = None
    apply(state, {"type": "effect", "card": stream, "effect": 2})  # 通常 as well
    assert state["pending"]["cost"] == 8 and state["pending"]["needs"] == ["水"]
    pay_first(state)
    assert state["cards"][stream]["zone"] == "p0.discard"  # (C) with the activation
    apply(state, {"type": "pass"})
    assert (power(state, x), stat(state, x, "move_cost")) == (1, 8)


def test_a_lands_upkeep_is_a_curses_upkeep():
    """3)土地カード *特に呪術カードと違う点は無し。種別と、効果の傾向がかなり違う。 ③展開コスト/維持コスト 通常の呪術に同じ。
    *詠唱後は維持コストを払い続ける事で場に残り、発動コストを支払う事で対応した効果を発動出来る。パワーの無い兵のようなもの。"""
    state = start([land("l", cost=1, upkeep=2, attrs=("地",)), curse("c", cost=1, upkeep=2, attrs=("地",))])
    lnd, c = put(state, "l", "board", (1, 0)), put(state, "c", "board", (1, 1))
    store(state, "地", "地", "地", "火")
    apply(state, {"type": "next_phase"})
    for card in (lnd, c):  # each asks the same: 2 cards with a 地 one, or it goes
        assert state["pending"]["card"] == card and (state["pending"]["cost"], state["pending"]["needs_any"]) == (2, ["地"])
        if card == lnd:
            pay_first(state)
        else:
            apply(state, {"type": "destroy"})
    assert state["cards"][lnd]["zone"] == "board" and state["cards"][c]["zone"] == "p0.discard"
    assert rules_of(state).card_type(state, lnd) == "土地" and "power" not in (BUNDLED["暗黒城塞都市"]["fields"])


@pytest.mark.parametrize("mode, paid", [("any", [["E火"], ["E闇"]]), ("all", [["E火", "E闇"]]), ("none", [["E水"], ["E火"], ["E闇"]])])
def test_the_upkeep_of_dragon_flame_uses_a_fire_or_dark_card_as_the_option_reads_it(mode, paid):
    """枚ターンのフェイズ①の終わりに、火か闇のカードを含む倉庫のカードを一枚使用する。 (option upkeep_attributes: "any" = 火か闇, the
    default; "all" = a card of each attribute; "none" = any card)"""
    state = start([bundled("魔竜の焔")], upkeep_attributes=mode)
    put(state, "魔竜の焔", "board", (1, 0))
    store(state, "水", "火", "闇")
    apply(state, {"type": "next_phase"})
    pays = [sorted(state["cards"][i]["def"] for i in a["tap"]) for a in legal_actions(state) if a["type"] == "pay" and not a["discard"]]
    assert sorted(pays) == sorted(paid)


# -- random legal games, replay, undo -----------------------------------------------------------------------------


def sample_deck():
    """The bundled sample deck: two of each of the 30 bundled cards."""
    return [bundled(name) for name in BUNDLED for _ in range(2)]


def random_manual(pick, state):
    iid = pick.choice(sorted(state["cards"]))
    roll = pick.random()
    if roll < 0.6:
        to = pick.choice(sorted(state["zones"]))
        action = {"type": "manual.move", "card": iid, "to": to}
        if to == "board":
            action["pos"] = [pick.randint(0, 4), pick.randint(0, 4)]
            action["face_up"] = pick.random() < 0.8
        return action
    if roll < 0.8:
        return {"type": "manual.counter", "card": iid, "name": "damage", "delta": pick.randint(-2, 6)}
    return {"type": "manual.tap", "card": iid}


def test_random_legal_games_with_manual_moves_keep_every_invariant_and_undo_redo_is_exact():
    deck = sample_deck()
    results = set()
    for seed in range(1000):
        pick = random.Random(seed)
        options = {
            "auto_pass": pick.choice(["smart", "never"]),
            "movement": pick.choice(["column", "adjacent"]),
            "first": pick.choice(["player", "goldfish"]),
            "deck_out": pick.choice(["empty", "draw"]),
            "goldfish_power": pick.choice([1, 2, 5]),
        }
        state = new_game("original", [deck], seed=seed, options=options)
        total = len(state["cards"])
        while state["result"] is None and state["turn"] <= 40:
            actions = legal_actions(state)
            assert actions, (state["phase"], state["pending"], state["priority"], state["stack"])
            assert len({json.dumps(a, sort_keys=True) for a in actions}) == len(actions) <= 80
            if pick.random() < 0.04:
                apply(state, random_manual(pick, state))
            else:
                apply(state, pick.choice(actions))
            assert len(state["cards"]) == total and len(state["log"]) < 3000
            if seed % 20 == 0:
                check_invariants(state)
        check_invariants(state)
        if state["result"]:
            results.add(state["result"]["reason"])
        if seed % 10 == 0 and state["log"]:
            back = pick.randint(1, len(state["log"]))
            final = digest(state)
            assert digest(redo(undo(state, back), back)) == final
    assert "power" in results


def test_random_games_with_the_training_ground_in_force_never_leave_two_soldiers_on_a_square():
    """【ギルビアの練兵場】■永続/場にこの土地が存在する間、自兵同士の戦闘では兵は破棄されない。 Random legal games, leaning to
    summons, with a 練兵場 of the player's put back on the board each main phase it is gone (its upkeep unpaid): outside a
    battle no square holds two soldiers, while it is there or after it went."""
    deck = sample_deck()
    for seed in range(30):
        pick = random.Random(seed)
        state = new_game("original", [deck], seed=seed)
        for _ in range(1500):
            if state["result"] is not None or state["turn"] > 24:
                break
            if state["phase"] == "main" and state["active"] == 0 and not state["pending"] and not state["stack"]:
                ground = [i for i, c in state["cards"].items() if c["def"] == "ギルビアの練兵場" and c["owner"] == 0]
                if not any(state["cards"][i]["zone"] == "board" for i in ground):
                    apply(state, {"type": "manual.move", "card": ground[0], "to": "board", "pos": [1, 4], "face_up": True})
            actions = legal_actions(state)
            summons = [a for a in actions if a["type"] == "summon"]
            apply(state, pick.choice(summons) if summons and pick.random() < 0.5 else pick.choice(actions))
            if state["flags"]["battle"] is None:
                assert max(soldiers_by_square(state).values(), default=0) <= 1, (seed, state["turn"])


def test_every_legal_action_applies_in_states_along_random_games():
    import copy

    deck = sample_deck()
    for seed in range(8):
        pick = random.Random(seed)
        state = new_game("original", [deck], seed=seed, options={"auto_pass": "never", "movement": "adjacent"})
        for step in range(300):
            if state["result"] is not None:
                break
            actions = legal_actions(state)
            if step % 9 == 0:
                for action in actions:
                    trial = copy.deepcopy(state)
                    apply(trial, action)
                    check_invariants(trial)
            apply(state, pick.choice(actions) if pick.random() > 0.03 else random_manual(pick, state))


def test_a_game_replays_from_its_log_to_the_same_digest():
    deck = sample_deck()
    pick = random.Random(5)
    state = new_game("original", [deck], seed=5)
    while state["result"] is None and state["turn"] <= 30:
        apply(state, pick.choice(legal_actions(state)) if pick.random() > 0.05 else random_manual(pick, state))
    again = replay(state["setup"], [entry["action"] for entry in state["log"]])
    assert digest(again) == digest(state) and again["log"] == state["log"]
    reloaded = json.loads(json.dumps(state))  # the state is JSON and plays on identically
    for _ in range(30):
        if state["result"] is not None:
            break
        action = pick.choice(legal_actions(state))
        assert action in legal_actions(reloaded)
        apply(state, action)
        apply(reloaded, action)
        assert digest(reloaded) == digest(state)


def test_the_goldfish_is_beatable_and_its_power_cards_go_to_its_hand():
    """A goldfish's stand-in 戦力 cards leave one by one (>10 counters each): 5 of them take 55 damage."""
    state = start([soldier("titan", power=11)])
    titan = put(state, "titan", "board", (2, 0))
    store(state, *"火" * 10)
    to_main(state)
    for hit in range(5):
        fight(state, titan, (3, 0))
        assert len(state["zones"]["p1.hand"]) == hit + 1
        if state["result"]:
            break
        fight(state, titan, (2, 0))
    assert state["result"] == {"winner": 0, "turn": 1, "reason": "power"}


def test_dark_castle_answers_its_owners_turn_end_and_lowers_its_own_upkeep():
    """⑤■対抗~自分のターン終了:0/この土地が場に存在する間、この土地に以下の補正 ⑤特殊能力。この場合、自分のターン終了に対抗して、倉庫のカードを使用せずに発動する。
    【暗黒城塞都市】■永続/この土地が場に存在する間、闇の自兵全てに「-2/-1/+2」 ■対抗~自分のターン終了:0/この土地が場に存在する間、この土地に
    以下の補正を加えて良い。「+0/-1」 (フェイズ④ パート1:ターン終了を宣言する。)"""
    state = start([bundled("暗黒城塞都市"), soldier("dark", cost=4, move=2, power=3, attrs=("闇",))])
    castle = put(state, "暗黒城塞都市", "board", (1, 0))
    dark = put(state, "dark", "board", (1, 1))
    assert [stat(state, dark, s) for s in ("cost", "move_cost", "power")] == [2, 1, 5]
    store(state, "闇", "闇", "闇")
    to_main(state)
    apply(state, {"type": "end_turn"})
    assert state["phase"] == "end" and state["stack"][-1]["kind"] == "turn_end"
    assert legal_actions(state) == [{"type": "pass"}, {"type": "effect", "card": castle, "effect": 2}]
    apply(state, {"type": "effect", "card": castle, "effect": 2})
    assert state["turn"] == 3 and stat(state, castle, "upkeep") == 2
    apply(state, {"type": "next_phase"})
    assert state["pending"]["type"] == "upkeep" and state["pending"]["cost"] == 2


# -- regressions (review of the engine against the seed, and fuzzing) -----------------------------------------


def test_only_this_games_actions_are_accepted_not_its_internal_handlers():
    """The core dispatches the declared actions only: an action type naming an internal step ("carry_out": what
    was paid for) is refused like any other unknown type, and the state does not change."""
    state = start()
    before = digest(state)
    for kind in ("carry_out", "for", "free", "pending", "hand_card", "Pass", ""):
        with pytest.raises(IllegalAction, match="is not a original action"):
            apply(state, {"type": kind, "card": None})
    assert digest(state) == before and state["log"] == []


@pytest.mark.parametrize("card", [["c1"], {"a": 1}, None, 7, "c99999"])
def test_an_effect_action_naming_no_card_is_refused(card):
    """A malformed card (a list, an object, an unknown id) is an IllegalAction, not a TypeError."""
    state = start()
    to_main(state)
    with pytest.raises(IllegalAction, match="card"):
        apply(state, {"type": "effect", "card": card, "effect": 1})


COUNTER_BATTLE = curse(
    "nope", cost=0, effects=[{"kind": ["対抗"], "trigger": "戦闘開始", "cost": "0", "text": "その効果を無効にする。"}], script=[{"op": "counter", "when": "effect1"}]
)
COUNTER_END = curse(
    "nope_end", cost=0, effects=[{"kind": ["対抗"], "trigger": "自分のターン終了", "cost": "0", "text": "その効果を無効にする。"}], script=[{"op": "counter", "when": "effect1"}]
)


def test_a_counter_step_does_not_cancel_a_battle_and_the_game_goes_on():
    """「その効果を無効にする」 cancels an activation; a battle is not an effect: answered with a counter step it still
    runs (戦闘開始 … 戦闘終了, the phantom's soldier back to camp), and the player is not left without actions."""
    state = start([COUNTER_BATTLE, soldier("s", power=3)])
    nope, s = put(state, "nope", "board", (1, 4)), put(state, "s", "board", (2, 0))
    store(state, "火")
    to_main(state)
    fight(state, s, (3, 0))
    assert state["stack"][-1]["kind"] == "battle_start"
    events = apply(state, {"type": "effect", "card": nope, "effect": 1})
    assert {"type": "step_skipped", "op": "counter"} in events
    assert state["phase"] == "main" and state["stack"] == [] and damage_of(state, 1) == 3 and state["cards"][s]["pos"] == [1, 0]
    assert {"type": "end_turn"} in legal_actions(state)


def test_a_counter_step_does_not_cancel_the_turn_end():
    """フェイズ④ パート1:ターン終了を宣言する: answered with a counter step, the turn still ends (it used to stay in
    phase ④ with nothing to do)."""
    state = start([COUNTER_END])
    nope = put(state, "nope_end", "board", (1, 4))
    to_main(state)
    apply(state, {"type": "end_turn"})
    apply(state, {"type": "effect", "card": nope, "effect": 1})
    assert state["turn"] == 3 and state["phase"] == "refresh" and legal_actions(state)


def test_two_forced_answers_to_any_effect_do_not_answer_each_other_for_ever():
    """強制対抗: each forced answer is activated at once, once on the chain (two cards answering 「効果の発動」 used to
    answer each other without end: a RecursionError)."""
    loop = curse("loop", cost=0, effects=[{"kind": ["対抗"], "forced": True, "trigger": "効果の発動", "cost": "0", "text": "draw"}], script=[{"op": "draw", "when": "effect1"}])
    state = start([loop, dict(loop, key="loop2"), CHAIN[0]], auto_pass="never")
    one, two, a = put(state, "loop", "board", (1, 0)), put(state, "loop2", "board", (1, 1)), put(state, "A", "board", (1, 2))
    to_main(state)
    apply(state, {"type": "effect", "card": a, "effect": 1})
    assert [e["card"] for e in state["stack"]] == [a, one, two]
    hand = len(state["zones"]["p0.hand"])
    apply(state, {"type": "pass"})
    assert state["stack"] == [] and len(state["zones"]["p0.hand"]) == hand + 3


def test_taiyou_doubles_a_lands_effect_too_not_only_its_continuous_modifiers():
    """○「太陽」…この兵への土地の効果による補正が2倍。 【ギルビアの練兵場】■対抗~自兵同士の戦闘終了:0/戦闘を行った兵に「+0/-1/+2」
    (a land's effect: the 太陽 soldier gets -2/+4; the other +0/-1/+2)."""
    state = start([bundled("ギルビアの練兵場"), soldier("sun", power=3, move=3, s2="太陽"), soldier("big", power=9, move=3)])
    ground = put(state, "ギルビアの練兵場", "board", (1, 4))
    sun, big = put(state, "sun", "board", (2, 0)), put(state, "big", "board", (1, 0))
    store(state, *"火火火火火")  # (two pay the 練兵場's upkeep)
    to_main(state)
    fight(state, sun, (1, 0))  # 6 against 9: own soldiers, not destroyed (練兵場); big gets -X = -(6 - 2)
    assert state["stack"][-1]["kind"] == "battle_end"
    apply(state, {"type": "effect", "card": ground, "effect": 1})
    assert state["cards"][sun]["zone"] == state["cards"][big]["zone"] == "board"
    assert (stat(state, sun, "move_cost"), power(state, sun)) == (3 - 2, 6 + 4)
    assert (stat(state, big, "move_cost"), power(state, big)) == (3 - 1, 9 - 4 + 2)


# -- decisions in the engine's one shape (rules.engine.decision) -------------------------------------------------


def _at_pay():
    state = start([bundled("星を渡る者")])
    star = put(state, "星を渡る者")
    store(state, "地", "風", "水", "火")
    to_main(state)
    apply(state, {"type": "summon", "card": star, "pos": [1, 0]})
    return state


def _at_upkeep():
    state = start([bundled("魔竜の焔")])
    put(state, "魔竜の焔", "board", (1, 0))
    store(state, "火", "闇")
    apply(state, {"type": "next_phase"})
    return state


def _at_orb():  # one of two own cards
    state = start([bundled("悲哀と憂いの光球"), soldier("hurt", power=5)])
    orb, hurt = put(state, "悲哀と憂いの光球", "board", (1, 4)), put(state, "hurt", "board", (2, 0))
    apply(state, {"type": "manual.counter", "card": hurt, "name": "damage", "delta": 3})
    store(state, "火", "火")
    to_main(state)
    fight(state, hurt, (3, 0))
    apply(state, {"type": "effect", "card": orb, "effect": 1})
    pay_first(state)
    return state


def _at_fire_rain():  # up to two soldiers
    state = start([bundled("火炎雨"), bundled("風見の丘")], theirs=[soldier("a", power=1), soldier("b", power=5)])
    rain = put(state, "火炎雨", "board", (1, 0))
    put(state, "風見の丘", "board", (1, 1))
    put(state, "a", "board", (3, 0), owner=1), put(state, "b", "board", (3, 1), owner=1)
    store(state, *"火火火火火風")
    to_main(state)
    apply(state, {"type": "effect", "card": rain, "effect": 1})
    pay_first(state)
    apply(state, {"type": "target", "cards": []})  # (up to one land: none)
    return state


def _at_dragon_flame():  # a soldier, or the enemy player instead
    state = start([bundled("魔竜の焔")], theirs=[soldier("x", power=5)])
    flame = put(state, "魔竜の焔", "board", (1, 0))
    put(state, "x", "board", (3, 0), owner=1)
    store(state, *"火火火火")
    to_main(state)
    apply(state, {"type": "effect", "card": flame, "effect": 2})
    pay_first(state)
    return state


def _at_horse():  # a soldier in the hand
    state = start([bundled("ビナルクスの仙馬"), bundled("漆黒の塔の巨龍/黄金"), bundled("魔竜の焔")])
    horse = put(state, "ビナルクスの仙馬", "board", (1, 0))
    put(state, "漆黒の塔の巨龍/黄金"), put(state, "魔竜の焔")
    store(state, "火", "火")
    to_main(state)
    apply(state, {"type": "effect", "card": horse, "effect": 1})
    pay_first(state)
    return state


def _decision_states():
    """Every kind of decision: the positions above, and those random legal games with the bundled cards meet."""
    out = [f() for f in (_at_pay, _at_upkeep, _at_orb, _at_fire_rain, _at_dragon_flame, _at_horse)]
    cards = {c["name"]: bundled(c["name"]) for c in BUNDLED.values()}
    names = sorted(cards)
    for seed in range(20):
        pick = random.Random(seed)
        deck = [cards[pick.choice(names)] for _ in range(60)]
        state = new_game("original", [deck, deck], seed=seed)
        for _ in range(300):
            if state["result"] is not None or not legal_actions(state):
                break
            if state["pending"] and len([s for s in out if s["pending"] and s["pending"]["type"] == state["pending"]["type"]]) < 12:
                out.append(copy.deepcopy(state))
            apply(state, pick.choice(legal_actions(state)))
    return out


DECISION_STATES = _decision_states()


def test_the_decision_states_cover_every_decision_original_raises():
    kinds = {s["pending"]["type"] for s in DECISION_STATES}
    assert kinds == {"pay", "upkeep", "target"}
    targets = [decision(s) for s in DECISION_STATES if s["pending"]["type"] == "target"]
    assert any(d["instead"]["player"] for d in targets) and any(d["min"] < d["max"] for d in targets)


@pytest.mark.parametrize("n", range(len(DECISION_STATES)))
def test_every_answer_a_decision_allows_is_accepted(n):
    """A target: every choice of candidates within min and max, every player it names instead; a payment (no
    field: two lists under the payment's own rule) every payment listed; and the actions that also end it."""
    state = DECISION_STATES[n]
    d = decision(state)
    assert d["player"] == 0 and d["type"] == state["pending"]["type"]
    answers = [{"type": also} for also in d["also"]]
    if d["type"] == "target":
        assert (d["answer"], d["field"], d["many"]) == ("target", "cards", True)
        assert d["candidates"] == state["pending"]["candidates"] and 0 <= d["min"] <= d["max"] <= len(d["candidates"])
        for size in range(d["min"], d["max"] + 1):
            answers += [{"type": "target", "cards": list(c)} for c in itertools.islice(itertools.combinations(d["candidates"], size), 30)]
        answers += [{"type": "target", key: value} for key, values in d["instead"].items() for value in values]
        assert all(a in answers for a in legal_actions(state))  # (what the rules list is among them)
    else:
        assert (d["answer"], d["field"], d["also"]) == ("pay", None, ["cancel" if d["type"] == "pay" else "destroy"])
        answers += [a for a in legal_actions(state) if a["type"] == "pay"]
        assert len(answers) > 1
    for answer in answers:
        apply(copy.deepcopy(state), answer)  # (refused: IllegalAction)


@pytest.mark.parametrize("n", range(len(DECISION_STATES)))
def test_an_answer_outside_a_decision_is_refused_naming_its_field_and_nothing_changes(n):
    state = DECISION_STATES[n]
    d = decision(state)
    stranger = next(i for i in state["zones"]["p0.deck"] + state["zones"]["p0.discard"] + state["zones"]["p0.power"])
    if d["type"] == "target":
        wrong = [
            ("cards", {"type": "target", "cards": [stranger]}),
            ("cards", {"type": "target", "cards": d["candidates"][:1] * 2}),
            ("cards", {"type": "target", "cards": "c1"}),
            ("player", {"type": "target", "player": 0}),
            ("player", {"type": "target", "player": True}),
        ]
        if d["max"] < len(d["candidates"]):
            wrong.append(("cards", {"type": "target", "cards": d["candidates"][: d["max"] + 1]}))
        if d["min"] > 0:
            wrong.append(("cards", {"type": "target", "cards": []}))
    else:
        tapped = [i for i in state["zones"]["p0.storage"] if state["cards"][i]["tapped"]]
        wrong = [("tap", {"type": "pay", "tap": [stranger], "discard": []}), ("tap", {"type": "pay", "tap": "c1", "discard": []})]
        wrong += [("tap", {"type": "pay", "tap": tapped[:1], "discard": []})] if tapped else []
    before = digest(state)
    for field, answer in wrong:
        with pytest.raises(IllegalAction, match=f"^{field}: "):
            apply(state, answer)
        assert digest(state) == before and state["log"][-1]["action"] != answer


def test_its_effect_steps_run_in_the_engines_one_runner():
    """original registers its steps with rules/engine/effects.py (Steps): a target choice pauses the engine's
    frame in the decision (the state's flags keep no frame of their own), the answer hands it back."""
    state = _at_fire_rain()
    rules = rules_of(state)
    assert isinstance(rules.effect_steps, effects.Steps) and rules.effect_steps.result_at_end
    frame = state["pending"]["frame"]
    assert frame["source"] and frame["targets"] == [0] and frame["steps"][0]["op"] == "damage" and frame["then"] == "effect"
    assert state["flags"]["frame"] is None and rules.pending_step(state) is frame["steps"][0]
    assert "frame" not in view(state, 0)["pending"]
    apply(state, legal_actions(state)[0])
    assert state["pending"] is None and state["flags"]["processing"] is None


def test_an_op_that_is_neither_common_nor_the_games_is_skipped():
    state = start([curse("odd", cost=0, effects=[{"kind": ["通常"], "cost": "0", "text": "?"}], script=[{"op": "destroy", "when": "effect1"}, {"op": "draw", "when": "effect1"}])])
    odd = put(state, "odd", "board", (1, 0))
    to_main(state)
    hand = len(state["zones"]["p0.hand"])
    events = apply(state, {"type": "effect", "card": odd, "effect": 1})
    assert {"type": "step_skipped", "card": odd, "op": "destroy"} in events and len(state["zones"]["p0.hand"]) == hand + 1


def test_every_automated_line_of_the_rules_ledger_is_quoted_by_one_of_its_tests():
    """The rules ledger (rules/games/original/ledger.json): each line it marks automated is quoted, word for word, in the docstring
    of one of the tests it names (a golden playthrough of that line), and each option row names a declared option."""
    import ast
    import re

    from rules.declare import get_game

    tree = ast.parse(Path(__file__).read_text(encoding="utf-8"))
    docs = {f.name: re.sub(r"\s+", "", ast.get_docstring(f) or "") for f in ast.walk(tree) if isinstance(f, ast.FunctionDef)}
    ledger = get_game("original").ledger
    options = {o.key for o in get_game("original").options}
    unquoted = []
    for row in ledger.rows:
        if row.status == "automated":
            quote = re.sub(r"\s+", "", row.quote).lstrip("*●○")
            if not any(quote in docs.get(t.partition("::")[2], "") for t in row.tests if t.startswith("tests/test_engine_original.py::")):
                unquoted.append(row.line)
        elif row.status == "option":
            assert row.option in options, row
    assert not unquoted, f"automated lines no test quotes: {unquoted}"
    assert ledger.coverage()["share"] >= 0.95
