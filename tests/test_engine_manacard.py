"""異世界TCG マナカード in the engine: golden playthroughs of the seed's rules (each quotes the passage it
checks), the bundled sample set's effects, and random legal games that keep the invariants."""

import json
import random

import pytest

from rules.declare import get_game
from rules.declare.samples import bundled_card_data
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
from rules.engine.play import plain

from .engine_helpers import put

BUNDLED = {c["name"]: c for c in bundled_card_data("manacard")}


def bundled(name, copies=1):
    card = BUNDLED[name]
    return [{**card, "key": name, "section": card["fields"]["deck"]}] * copies


def unit(key, distance="近", attack=2, hp=2, speed=2, cost=1, keywords=(), script=None):
    fields = {"deck": "main", "distance": distance, "attack": attack, "hp": hp, "speed": speed}
    if script:
        fields["script"] = script
    return {"key": key, "name": key, "card_type": "ユニット", "cost": cost, "keywords": list(keywords), "fields": fields, "section": "main"}


def spell(key, cost=1, card_type="魔法", script=None, keywords=(), deck="skill"):
    fields = {"deck": deck, **({"script": script} if script else {})}
    return {"key": key, "name": key, "card_type": card_type, "cost": cost, "keywords": list(keywords), "fields": fields, "section": deck}


# the goldfish's stand-in main deck after the set-up: 50, less 5 mana and a hand of 6 (it is second)
FISH_HP = 50 - 5 - 6

# cards nobody can afford: they only fill the decks
MAIN_FILLER = [unit(f"m{i}", cost=99) for i in range(40)]
SKILL_FILLER = [spell(f"s{i}", cost=99) for i in range(50)]


def start(main=(), skill=(), status=(), seed=1, fish=None, main_filler=40, skill_filler=50, **options):
    cards = list(main) + MAIN_FILLER[:main_filler] + list(skill) + SKILL_FILLER[:skill_filler] + list(status)
    decks = [cards] if fish is None else [cards, fish]
    return new_game("manacard", decks, seed=seed, options=options)




def zone(state, name):
    return state["zones"][name]


def kinds(state):
    return sorted({(a["type"], a.get("option")) for a in legal_actions(state)}, key=str)


def pay(state, mana=(), skill=()):
    """Finish a payment: the given mana cards, then the given skill cards."""
    if state["pending"] and state["pending"]["type"] == "pay_mana":
        apply(state, {"type": "pay_mana", "cards": list(mana)})
    if state["pending"] and state["pending"]["type"] == "pay_skill":
        apply(state, {"type": "pay_skill", "cards": list(skill) or legal_actions(state)[0]["cards"]})


def empty_mana(state, player=0):
    for iid in list(zone(state, f"p{player}.mana")):
        apply(state, {"type": "manual.move", "card": iid, "to": f"p{player}.discard"})


def decline_chance(state):
    """Answer a 逆転 chance by revealing nothing and activating nothing."""
    while state["pending"] and state["pending"]["type"] in ("reveal", "reveal_skill", "reversal"):
        kind = state["pending"]["type"]
        apply(state, {"reveal": {"type": "reveal", "n": 0}, "reveal_skill": {"type": "reveal_skill", "cards": []}, "reversal": {"type": "no_reversal"}}[kind])


# -- setup ---------------------------------------------------------------------------------------------------


def test_setup_five_mana_a_hand_of_five_and_each_deck_in_its_own_zone():
    """〇開始準備 ②メインデッキからマナゾーンにマナカードとして5枚置く。③手札として5枚加える。※後攻は6枚 ※マリガンはなし。
    (The goldfish too: its main deck of 50 gives 5 mana and a hand of 6 first, so its HP is 39.)"""
    state = start(main=[unit("u")] * 10, status=bundled("勇者の証"))
    assert len(zone(state, "p0.mana")) == 5 and all(state["cards"][i]["face_up"] for i in zone(state, "p0.mana"))
    assert len(zone(state, "p0.hand")) == 5 and len(zone(state, "p0.deck")) == 50 - 10
    assert len(zone(state, "p0.skill")) == 50 and len(zone(state, "p0.status")) == 1
    assert state["cards"][zone(state, "p0.status")[0]]["face_up"]
    assert all(state["cards"][i]["def"].startswith("s") for i in zone(state, "p0.skill"))
    # the goldfish: a main deck of 50 face-down stand-ins, of which the set-up takes 5 mana and a hand of 6
    assert len(zone(state, "p1.deck")) == FISH_HP == 39 and {state["cards"][i]["def"] for i in zone(state, "p1.deck")} == {"manacard:HP"}
    assert len(zone(state, "p1.mana")) == 5 and len(zone(state, "p1.hand")) == 6
    assert [p["life"] for p in state["players"]] == [40, 39]
    assert not {"mulligan"} & {a["type"] for a in legal_actions(state)}  # ※マリガンはなし
    assert state["priority"] == state["active"] == 0 and state["turn"] == 1 and state["phase"] == "action"
    assert state["pending"] is None
    check_invariants(state)


def test_the_second_player_takes_six_and_a_goldfish_deck_is_set_up_too():
    """※後攻は6枚"""
    state = start(first="goldfish")
    assert len(zone(state, "p0.hand")) == 6 and state["priority"] == 0 and state["turn"] == 1
    assert len(zone(state, "p1.hand")) == 5 and state["players"][1]["life"] == 50 - 5 - 5  # the goldfish starts: a hand of 5
    fish = [unit(f"g{i}") for i in range(20)] + [spell(f"gs{i}") for i in range(10)]
    state = start(fish=fish)
    assert len(zone(state, "p1.mana")) == 5 and len(zone(state, "p1.hand")) == 6 and len(zone(state, "p1.deck")) == 9
    assert len(zone(state, "p1.skill")) == 10 and state["players"][1]["life"] == 9


def test_a_card_without_a_deck_section_starts_in_the_deck_its_data_names():
    cards = [{k: v for k, v in c.items() if k != "section"} for c in bundled("火の玉", 3) + bundled("勇者の証") + bundled("見習い剣士", 20)]
    state = new_game("manacard", [cards], seed=3)
    assert len(zone(state, "p0.skill")) == 3 and len(zone(state, "p0.status")) == 1
    assert len(zone(state, "p0.deck")) + len(zone(state, "p0.hand")) + len(zone(state, "p0.mana")) == 20


def test_what_each_player_sees():
    """スキルデッキからは任意のカードを選ぶことが出来… ※裏向きで除外されたカードの内容は確認する事は出来ない。"""
    state = start()
    mine, theirs = view(state, 0), view(state, 1)
    assert all(mine["zones"]["p0.skill"]) and theirs["zones"]["p0.skill"] == [None] * 50
    assert all(mine["zones"]["p0.hand"]) and all(theirs["zones"]["p0.mana"])
    assert mine["zones"]["p0.deck"] == [None] * 30
    apply(state, {"type": "manual.life", "player": 1, "delta": -3})  # a hit on the goldfish: 3 cards exiled face down
    assert view(state, 0)["zones"]["p1.exile"] == [None] * 3 and view(state, 1)["zones"]["p1.exile"] == [None] * 3


def test_the_opponent_sees_only_face_up_cards_and_nothing_of_the_hand_or_the_skill_deck():
    """スキルデッキ(MP)… (a deck: face down, its owner may look through it to choose what pays) ※裏向きで除外されたカードの内容は
    確認する事は出来ない。(What player 1 is shown of player 0: only face-up cards, wherever they are.)"""
    state = start(main=[unit("u", cost=0)], status=bundled("勇者の証"))
    u = put(state, "u")
    apply(state, {"type": "play", "card": u})
    down = zone(state, "p0.deck")[-1]
    apply(state, {"type": "manual.move", "card": down, "to": "p0.field"})  # a face-down card on the field
    mana_down = zone(state, "p0.mana")[0]
    apply(state, {"type": "manual.flip", "card": mana_down})
    theirs = view(state, 1)
    shown = {iid for name, ids in theirs["zones"].items() if name.startswith("p0.") for iid in ids if iid}
    assert shown == {iid for iid, card in state["cards"].items() if card["face_up"] and card["owner"] == 0}
    assert theirs["zones"]["p0.field"] == [u, None] and theirs["zones"]["p0.hand"] == [None] * 4
    assert theirs["zones"]["p0.skill"] == [None] * 50 and None in theirs["zones"]["p0.mana"]
    assert down not in theirs["cards"] and mana_down not in theirs["cards"] and zone(state, "p0.status")[0] in theirs["cards"]
    mine = view(state, 0)  # the owner sees into their own field, mana, hand and skill deck
    assert mine["zones"]["p0.field"] == [u, down] and all(mine["zones"]["p0.skill"]) and all(mine["zones"]["p0.hand"])
    assert all(not state["cards"][i]["face_up"] for i in zone(state, "p0.skill"))  # the skill deck is face down


def test_cards_exiled_face_up_are_not_referred_to_again():
    """※表向きで除外されたカードはゲーム中、基本的に参照する事は不可能となる。(A card's steps cannot take cards out of the exile;
    a skill card shown face up for a 逆転 chance does not go back to the skill deck, and a later chance cannot activate it.)"""
    from rules.declare import CardDataError, get_game

    with pytest.raises(CardDataError, match="from"):
        get_game("manacard").clean_fields("魔法", {"deck": "skill", "script": [{"op": "move", "from": "exile", "to": "hand"}]})
    state = start(skill=bundled("起死回生"))
    rescue = put(state, "起死回生", "p0.skill")
    apply(state, {"type": "manual.life", "player": 0, "delta": -2})
    apply(state, {"type": "reveal", "n": 2})
    apply(state, {"type": "reveal_skill", "cards": [rescue]})
    apply(state, {"type": "no_reversal"})
    assert state["cards"][rescue]["zone"] == "p0.exile" and state["cards"][rescue]["face_up"]
    assert ("pass", "return_skill") not in kinds(state)  # only face-down exiled skill cards go back
    apply(state, {"type": "manual.life", "player": 0, "delta": -1})  # the next chance
    apply(state, {"type": "reveal", "n": 1})
    assert state["pending"] is None and state["cards"][rescue]["zone"] == "p0.exile"  # no 【逆転】 on offer: 起死回生 is out


@pytest.mark.parametrize(
    "options, field",
    [({"first": 2}, "first"), ({"reversal": "sometimes"}, "reversal"), ({"goldfish_hp": -1}, "goldfish_hp"), ({"skill_used": "hand"}, "skill_used"), ({"mana": "5"}, "mana")],
)
def test_a_bad_option_is_refused_naming_it(options, field):
    with pytest.raises(IllegalAction, match=field):
        start(**options)


@pytest.mark.parametrize("options, field", [({"first": []}, "first"), ({"first": {"a": 1}}, "first"), ({"play_reversal_cards": "yes"}, "play_reversal_cards")])
def test_an_option_of_the_wrong_type_is_refused_naming_it_not_a_crash(options, field):
    with pytest.raises(IllegalAction, match=field):
        start(**options)


# -- the action right ------------------------------------------------------------------------------------------


def test_playing_a_card_passes_the_right_and_the_goldfish_passes_it_straight_back():
    """・行動権(手番プレイヤー) ・何かしらのカード、能力をプレイした場合、行動権は相手に移る。(The holder of the right is the
    active player; the goldfish, with nothing to do, passes it back.)"""
    state = start(main=[unit("free", cost=0)])
    free = put(state, "free")
    events = apply(state, {"type": "play", "card": free})
    assert state["cards"][free]["zone"] == "p0.field" and state["cards"][free]["face_up"]
    assert [e for e in events if e["type"] in ("right", "pass")] == [
        {"type": "right", "player": 1},
        {"type": "pass", "player": 1},
        {"type": "right", "player": 0, "turn": 2},
    ]
    assert state["priority"] == state["active"] == 0 and state["turn"] == 2


def test_a_plain_pass_passes_the_right_and_end_turn_is_the_same():
    """・カードや能力などを使わないで行動権を相手に渡す事で、下記の3つのどちらかを行える。(or none of them)"""
    state = start()
    assert {"type": "pass"} in legal_actions(state)
    apply(state, {"type": "pass"})
    assert state["turn"] == 2
    apply(state, {"type": "end_turn"})
    assert state["turn"] == 3 and len(zone(state, "p0.mana")) == 5 and len(zone(state, "p0.deck")) == 30


def test_consecutive_mana_passes_put_the_consecutive_count_and_anything_else_resets_it():
    """①メインデッキからマナカードとして1枚置くことが出来る。連続してマナを溜める場合、連続回数分増やす事が出来る。"""
    state = start()
    counts = []
    for _ in range(3):
        before = len(zone(state, "p0.mana"))
        apply(state, {"type": "pass", "option": "mana"})
        counts.append(len(zone(state, "p0.mana")) - before)
    assert counts == [1, 2, 3] and len(zone(state, "p0.deck")) == 30 - 6 and state["players"][0]["life"] == 24
    assert all(state["cards"][i]["face_up"] for i in zone(state, "p0.mana"))
    apply(state, {"type": "pass"})  # something else: the count starts again
    apply(state, {"type": "pass", "option": "mana"})
    assert len(zone(state, "p0.mana")) == 5 + 6 + 1
    apply(state, {"type": "pass", "option": "mana", "n": 1})  # the count may be put short
    assert len(zone(state, "p0.mana")) == 5 + 6 + 2
    with pytest.raises(IllegalAction, match="n"):
        apply(state, {"type": "pass", "option": "mana", "n": 9})


def test_the_mana_pass_is_not_offered_with_an_empty_main_deck_and_an_empty_main_deck_is_no_loss():
    """〇勝利条件 ダメージを受けてメインデッキが0枚となった時… (emptied by mana, it is no loss)"""
    state = start(main_filler=12)  # 12 cards: 5 to mana, 5 to hand, 2 left
    apply(state, {"type": "pass", "option": "mana"})
    apply(state, {"type": "pass", "option": "mana"})
    assert zone(state, "p0.deck") == [] and state["result"] is None
    assert ("pass", "mana") not in kinds(state)
    with pytest.raises(IllegalAction, match="empty"):
        apply(state, {"type": "pass", "option": "mana"})


def test_mana_cards_to_the_hand_any_number_by_a_choice_over_the_mana_zone():
    """②マナカードから任意の枚数手札に加える。"""
    state = start()
    mana = list(zone(state, "p0.mana"))
    apply(state, {"type": "pass", "option": "mana_to_hand"})
    assert state["pending"] == {"type": "mana_to_hand", "player": 0, "choose": {"zone": "p0.mana", "min": 1, "max": 5}}
    assert {"type": "cancel"} in legal_actions(state)
    with pytest.raises(IllegalAction, match="first"):
        apply(state, {"type": "pass"})
    apply(state, {"type": "mana_to_hand", "cards": mana[:2]})
    assert all(state["cards"][i]["zone"] == "p0.hand" and not state["cards"][i]["face_up"] for i in mana[:2])
    assert len(zone(state, "p0.hand")) == 7 and state["turn"] == 2 and state["pending"] is None
    apply(state, {"type": "pass", "option": "mana_to_hand", "cards": mana[2:]})  # in one action
    assert zone(state, "p0.mana") == [] and state["turn"] == 3
    assert ("pass", "mana_to_hand") not in kinds(state)


def test_cancelling_the_mana_choice_keeps_the_right():
    state = start()
    apply(state, {"type": "pass", "option": "mana_to_hand"})
    apply(state, {"type": "cancel"})
    assert state["pending"] is None and state["turn"] == 1 and len(zone(state, "p0.mana")) == 5


def test_a_face_down_exiled_skill_card_goes_back_to_the_skill_deck():
    """③裏向きで除外されている任意のスキルカードを1枚スキルデッキに戻す。"""
    state = start(main=[unit("u3", cost=3)])
    assert ("pass", "return_skill") not in kinds(state)
    empty_mana(state)
    apply(state, {"type": "play", "card": put(state, "u3")})
    paid = legal_actions(state)[0]["cards"]
    apply(state, {"type": "pay_skill", "cards": paid})
    assert all(state["cards"][i]["zone"] == "p0.exile" and not state["cards"][i]["face_up"] for i in paid)
    apply(state, {"type": "manual.life", "player": 0, "delta": -2})  # main-deck cards exiled face down too
    decline_chance(state)
    assert {"type": "pass", "option": "return_skill"} in legal_actions(state)
    main_exiled = [i for i in zone(state, "p0.exile") if i not in paid]
    with pytest.raises(IllegalAction, match="skill card"):
        apply(state, {"type": "pass", "option": "return_skill", "card": main_exiled[0]})
    apply(state, {"type": "pass", "option": "return_skill", "card": paid[0]})
    assert state["cards"][paid[0]]["zone"] == "p0.skill" and len(zone(state, "p0.skill")) == 48
    apply(state, {"type": "pass", "option": "return_skill"})  # without naming one: the latest exiled
    apply(state, {"type": "pass", "option": "return_skill"})
    assert len(zone(state, "p0.skill")) == 50 and ("pass", "return_skill") not in kinds(state)


# -- costs ---------------------------------------------------------------------------------------------------------


def test_a_cost_is_paid_with_mana_to_the_bottom_of_the_main_deck_then_chosen_skill_cards_exiled_face_down():
    """・表示されているコストをマナカード及びスキルデッキからコスト分の合計枚数をコストに支払いプレイする事が出来る。
    ※マナカードで支払われたカードはメインデッキの下に。スキルデッキからは任意のカードを選ぶことが出来、支払われたカードは裏向きで除外される。"""
    state = start(main=[unit("u4", cost=4)])
    u4 = put(state, "u4")
    mana = list(zone(state, "p0.mana"))
    apply(state, {"type": "play", "card": u4})
    assert state["pending"] == {"type": "pay_mana", "player": 0, "card": u4, "target": None, "cost": 4, "choose": {"zone": "p0.mana", "min": 0, "max": 4}}
    actions = legal_actions(state)
    assert plain(actions[0]) == {"type": "pay_mana", "cards": mana[:4]} and {"type": "cancel"} in actions
    apply(state, {"type": "pay_mana", "cards": [mana[3], mana[1]]})
    assert state["pending"]["type"] == "pay_skill" and state["pending"]["choose"] == {"zone": "p0.skill", "min": 2, "max": 2, "exclude": [u4]}
    assert state["cards"][mana[1]]["zone"] == "p0.mana"  # nothing moves before the payment is complete
    chosen = zone(state, "p0.skill")[10:12]
    apply(state, {"type": "pay_skill", "cards": chosen})
    deck = zone(state, "p0.deck")
    assert deck[:2] == [mana[1], mana[3]]  # under the deck one after another: the last given is the bottom card
    assert not state["cards"][mana[1]]["face_up"]
    assert all(state["cards"][i]["zone"] == "p0.exile" and not state["cards"][i]["face_up"] for i in chosen)
    assert state["cards"][u4]["zone"] == "p0.field" and state["turn"] == 2


def test_all_from_mana_or_all_from_the_skill_deck():
    state = start(main=[unit("u2", cost=2)] * 2)
    apply(state, {"type": "play", "card": put(state, "u2")})
    apply(state, {"type": "pay_mana", "cards": zone(state, "p0.mana")[:2]})  # the whole cost: no skill step
    assert state["pending"] is None and len(zone(state, "p0.skill")) == 50
    empty_mana(state)
    apply(state, {"type": "play", "card": put(state, "u2")})  # no mana: straight to the skill deck
    assert state["pending"]["type"] == "pay_skill" and state["pending"]["rest"] == 2


def test_a_card_that_cannot_be_paid_is_not_playable_and_wrong_payments_are_refused():
    """コストやプレイタイミングなどが可能なカードをプレイする事が出来る。(A card whose cost the mana and the skill deck cannot pay is
    not offered, and is refused.)"""
    state = start(main=[unit("big", cost=56), unit("ok", cost=55)])
    big, ok = put(state, "big"), put(state, "ok")
    plays = [a for a in legal_actions(state) if a["type"] == "play"]
    assert {"type": "play", "card": ok} in plays and {"type": "play", "card": big} not in plays  # 5 mana + 50 skill
    with pytest.raises(IllegalAction, match="costs 56"):
        apply(state, {"type": "play", "card": big})
    apply(state, {"type": "play", "card": ok})
    assert state["pending"]["choose"] == {"zone": "p0.mana", "min": 5, "max": 5}
    with pytest.raises(IllegalAction, match="cards: exactly 5"):  # the decision's bounds, checked by the core
        apply(state, {"type": "pay_mana", "cards": zone(state, "p0.mana")[:4]})
    apply(state, {"type": "pay_mana", "cards": list(zone(state, "p0.mana"))})
    with pytest.raises(IllegalAction, match="exactly 50"):
        apply(state, {"type": "pay_skill", "cards": zone(state, "p0.skill")[:49]})
    with pytest.raises(IllegalAction, match="different cards"):
        apply(state, {"type": "pay_skill", "cards": [zone(state, "p0.skill")[0]] * 50})
    apply(state, {"type": "cancel"})
    assert state["pending"] is None and len(zone(state, "p0.mana")) == 5 and state["turn"] == 1


def test_a_skill_card_is_played_from_the_skill_deck_and_cannot_pay_for_itself():
    """スキルデッキ(MP) 50枚 魔法、技能、アイテム、装備品等から構成される。(Nothing brings them to hand: they are played from it.)"""
    state = start(skill=[spell("bolt", cost=3)], skill_filler=2)
    empty_mana(state)
    bolt = put(state, "bolt", "p0.skill")
    assert {"type": "play", "card": bolt} not in legal_actions(state)  # 3 skill cards, one of them itself
    apply(state, {"type": "manual.move", "card": zone(state, "p0.deck")[-1], "to": "p0.mana"})
    assert {"type": "play", "card": bolt} in legal_actions(state)
    apply(state, {"type": "play", "card": bolt})
    apply(state, {"type": "pay_mana", "cards": list(zone(state, "p0.mana"))})
    assert bolt not in decision(state)["candidates"]  # the board never offers it
    with pytest.raises(IllegalAction, match=f"cards: '{bolt}' is not one of the choices"):
        apply(state, {"type": "pay_skill", "cards": [bolt, zone(state, "p0.skill")[0]]})
    apply(state, {"type": "pay_skill", "cards": [i for i in zone(state, "p0.skill") if i != bolt]})
    assert state["cards"][bolt]["zone"] == "p0.exile" and not state["cards"][bolt]["face_up"]  # used: exiled like a cost
    assert zone(state, "p0.skill") == []


def test_the_skill_deck_offers_one_play_of_each_card():
    state = start(skill=bundled("雷撃", 8))
    plays = [a for a in legal_actions(state) if a["type"] == "play" and state["cards"][a["card"]]["zone"] == "p0.skill"]
    assert len(plays) == 1  # (the filler cannot be paid)
    bolt = next(a["card"] for a in plays if state["cards"][a["card"]]["def"] == "雷撃")
    assert bolt == [i for i in zone(state, "p0.skill") if state["cards"][i]["def"] == "雷撃"][-1]  # the top copy


def test_a_used_skill_card_is_discarded_with_the_option():
    state = start(skill=bundled("雷撃"), skill_used="discard")
    bolt = put(state, "雷撃", "p0.skill")
    apply(state, {"type": "play", "card": bolt})
    pay(state, mana=zone(state, "p0.mana")[:3])
    assert state["cards"][bolt]["zone"] == "p0.discard" and state["cards"][bolt]["face_up"]


# -- units and attacks ---------------------------------------------------------------------------------------------


def test_a_unit_attacks_the_player_at_once_and_the_hit_exiles_that_many_main_deck_cards_face_down():
    """・ユニットの召喚には召喚酔いは基本的にはない。ユニットの攻撃指示した場合も行動権を相手に渡す。
    ・攻撃ヒット・・・攻撃宣言中、行動権を相手に渡す事で攻撃ヒット成立させることができる。相手ユニットの攻撃がプレイヤーに通った際、
    攻撃力分の数値をメインデッキから裏向きで除外する。"""
    state = start(main=[unit("knight", attack=3, cost=0)])
    knight = put(state, "knight")
    apply(state, {"type": "play", "card": knight})
    assert {"type": "pass", "option": "attack", "card": knight} in legal_actions(state)
    top = zone(state, "p1.deck")[-3:]
    events = apply(state, {"type": "pass", "option": "attack", "card": knight})
    assert {"type": "attack", "card": knight, "target": None} in events
    assert {"type": "attack_hits", "card": knight, "player": 1, "amount": 3} in events
    assert len(zone(state, "p1.deck")) == FISH_HP - 3 and state["players"][1]["life"] == FISH_HP - 3
    assert sorted(zone(state, "p1.exile")) == sorted(top) and not any(state["cards"][i]["face_up"] for i in top)
    assert state["turn"] == 3 and state["priority"] == 0
    apply(state, {"type": "pass", "option": "attack", "card": knight})  # a unit may attack on every right
    assert len(zone(state, "p1.deck")) == FISH_HP - 6


def test_the_goldfish_loses_when_hits_bring_its_main_deck_to_zero():
    """〇勝利条件 ダメージを受けてメインデッキが0枚となった時、【逆転】を発動できなければ負け。"""
    state = start(main=[unit("knight", attack=3, cost=0)], goldfish_hp=16)  # 16 - 5 mana - 6 in hand: 5
    apply(state, {"type": "play", "card": put(state, "knight")})
    knight = zone(state, "p0.field")[0]
    apply(state, {"type": "pass", "option": "attack", "card": knight})
    assert state["result"] is None and len(zone(state, "p1.deck")) == 2
    apply(state, {"type": "pass", "option": "attack", "card": knight})  # 3 on a deck of 2
    assert state["result"] == {"winner": 0, "turn": 3, "reason": "hp"} and state["players"][1]["lost"]
    assert legal_actions(state) == []


def fish_units(*units):
    return list(units) + [unit(f"gf{i}", cost=99) for i in range(20)]


def on_their_field(state, key):
    iid = next(i for i, c in state["cards"].items() if c["def"] == key)
    apply(state, {"type": "manual.move", "card": iid, "to": "p1.field", "face_up": True})
    return iid


def test_distance_decides_which_units_a_unit_may_attack():
    """距離 ・・・攻撃距離、又は自身の距離。近、中、遠がある。近から中へ、近及び中から遠へは攻撃、反撃が出来ない。"""
    state = start(main=[unit("near", "近", cost=0), unit("mid", "中", cost=0), unit("far", "遠", cost=0)], fish=fish_units(unit("gn", "近"), unit("gm", "中"), unit("gfar", "遠")))
    mine = {k: put(state, k, "p0.field") for k in ("near", "mid", "far")}
    theirs = {k: on_their_field(state, k) for k in ("gn", "gm", "gfar")}
    reach = {k: sorted(a.get("target") or "player" for a in legal_actions(state) if a.get("option") == "attack" and a["card"] == mine[k]) for k in mine}
    assert reach["near"] == sorted(["player", theirs["gn"]])
    assert reach["mid"] == sorted(["player", theirs["gn"], theirs["gm"]])
    assert reach["far"] == sorted(["player", theirs["gn"], theirs["gm"], theirs["gfar"]])
    with pytest.raises(IllegalAction, match="out of reach"):
        apply(state, {"type": "pass", "option": "attack", "card": mine["near"], "target": theirs["gm"]})


def test_a_battle_deals_damage_both_ways_and_a_unit_with_damage_of_its_hp_is_destroyed():
    """攻撃力・・・相手に与える数値 体力 ・・・HP (Damage is a "damage" counter; 体力 or more destroys the unit.)"""
    state = start(main=[unit("a", attack=2, hp=3, speed=2)], fish=fish_units(unit("b", attack=1, hp=2, speed=2)))
    a, b = put(state, "a", "p0.field"), on_their_field(state, "b")
    events = apply(state, {"type": "pass", "option": "attack", "card": a, "target": b})
    assert {"type": "battle", "card": a, "target": b, "damage": 2, "counter": 1} in events
    assert {"type": "destroyed", "card": b} in events and state["cards"][b]["zone"] == "p1.discard"
    assert state["cards"][a]["counters"] == {"damage": 1} and len(zone(state, "p1.deck")) == 9  # no hit on the player


def test_a_unit_two_faster_is_not_counter_attacked_and_three_faster_attacks_again_slowed():
    """素早さ・・・行動の速さ。
    ※ユニットとの戦闘に対し、素早さが2以上離れている場合、反撃できず一方的に攻撃される。それ以上の差が離れている場合、
    対峙した相手の素早さ分を引いてそのまま連続で行動する事が出来る。
    例:素早さ1のユニットAに、素早さ4のユニットBが攻撃すると、反撃を受けずにユニットAを攻撃し、攻撃終了が行動権を相手に渡さず、
    素早さ3のユニットBが再び攻撃に移ることが出来る。"""
    state = start(main=[unit("B", attack=1, hp=5, speed=4)], fish=fish_units(unit("A", attack=3, hp=3, speed=1)))
    b, a = put(state, "B", "p0.field"), on_their_field(state, "A")
    events = apply(state, {"type": "pass", "option": "attack", "card": b, "target": a})
    assert {"type": "battle", "card": b, "target": a, "damage": 1, "counter": None} in events
    assert {"type": "continue", "card": b, "speed": 3, "attack_only": False} in events
    assert state["turn"] == 1 and state["flags"]["chain"] == {"card": b, "speed": -1}  # the same action right goes on
    assert state["cards"][b]["counters"] == {} and state["cards"][a]["counters"] == {"damage": 1}
    events = apply(state, {"type": "pass", "option": "attack", "card": b, "target": a})  # speed 3 against 1: no counter, no more
    assert {"type": "battle", "card": b, "target": a, "damage": 1, "counter": None} in events
    assert state["turn"] == 2 and state["flags"]["chain"] is None and state["cards"][a]["counters"] == {"damage": 2}


def test_a_counter_attack_needs_the_distance_too():
    """近から中へ、近及び中から遠へは攻撃、反撃が出来ない。"""
    state = start(main=[unit("archer", "遠", attack=1, hp=2, speed=2)], fish=fish_units(unit("brute", "近", attack=5, hp=5, speed=2)))
    archer, brute = put(state, "archer", "p0.field"), on_their_field(state, "brute")
    events = apply(state, {"type": "pass", "option": "attack", "card": archer, "target": brute})
    assert {"type": "battle", "card": archer, "target": brute, "damage": 1, "counter": None} in events
    assert state["cards"][archer]["zone"] == "p0.field"


def test_damaged_units_recover_unless_the_next_action_targets_one_of_them():
    """ユニットがダメージを受けた時は、その戦闘した両ユニットどちらも対象とする行動が両プレイヤーが取らなかった場合、体力は最大値まで回復する。"""
    state = start(main=[unit("a", attack=1, hp=5)], fish=fish_units(unit("b", attack=1, hp=5)))
    a, b = put(state, "a", "p0.field"), on_their_field(state, "b")
    apply(state, {"type": "pass", "option": "attack", "card": a, "target": b})
    assert state["cards"][a]["counters"] == {"damage": 1} and state["cards"][b]["counters"] == {"damage": 1}
    apply(state, {"type": "pass", "option": "attack", "card": a, "target": b})  # it targets them again: the damage stays
    assert state["cards"][b]["counters"] == {"damage": 2} and state["cards"][a]["counters"] == {"damage": 2}
    events = apply(state, {"type": "pass", "option": "mana"})  # an action that leaves both alone
    assert {"type": "recover", "card": a} in events and {"type": "recover", "card": b} in events
    assert state["cards"][a]["counters"] == {} == state["cards"][b]["counters"]


def test_after_an_attack_three_faster_its_player_acts_on_with_any_action_the_right_allows():
    """※…それ以上の差が離れている場合、対峙した相手の素早さ分を引いてそのまま連続で行動する事が出来る。
    例:素早さ1のユニットAに、素早さ4のユニットBが攻撃すると、反撃を受けずにユニットAを攻撃し、攻撃終了が行動権を相手に渡さず、
    素早さ3のユニットBが再び攻撃に移ることが出来る。(行動: the right is not passed, and any action it allows may follow
    (play, mana, another unit's attack, B's attack again at speed 3); the option continued_action "attack" reads the
    example as the whole rule.)"""
    from rules.engine.core import rules_of

    cards = [unit("B", attack=1, hp=5, speed=4), unit("C", attack=1, hp=5, speed=1), unit("free", cost=0)]

    def chained():
        state = start(main=cards, fish=fish_units(unit("A", attack=3, hp=3, speed=1)))
        b, c, a = put(state, "B", "p0.field"), put(state, "C", "p0.field"), on_their_field(state, "A")
        free = put(state, "free")
        apply(state, {"type": "pass", "option": "attack", "card": b, "target": a})
        assert state["turn"] == 1 and state["flags"]["chain"] == {"card": b, "speed": -1}  # the right goes on
        return state, b, c, a, free

    state, b, c, a, free = chained()
    assert rules_of(state).stat(state, b, "speed") == 3  # 素早さ3のユニットB
    actions = legal_actions(state)
    for action in (
        {"type": "play", "card": free}, {"type": "pass", "option": "mana"}, {"type": "pass", "option": "mana_to_hand"},
        {"type": "pass", "option": "attack", "card": c}, {"type": "pass", "option": "attack", "card": b, "target": a},
        {"type": "pass", "option": "attack", "card": b}, {"type": "pass"},
    ):
        assert action in actions, action
    apply(state, {"type": "play", "card": free})  # a card played in the same right: then the right passes as usual
    assert state["cards"][free]["zone"] == "p0.field" and state["flags"]["chain"] is None and state["turn"] == 2
    assert rules_of(state).stat(state, b, "speed") == 4
    state, b, c, a, free = chained()
    mana = len(zone(state, "p0.mana"))
    apply(state, {"type": "pass", "option": "mana"})  # mana in the same right
    assert len(zone(state, "p0.mana")) == mana + 1 and state["turn"] == 2
    state, b, c, a, free = chained()
    events = apply(state, {"type": "pass", "option": "attack", "card": c})  # another unit attacks the player
    assert {"type": "attack_hits", "card": c, "player": 1, "amount": 1} in events and state["turn"] == 2
    state, b, c, a, free = chained()
    events = apply(state, {"type": "pass", "option": "attack", "card": b, "target": a})  # B again, at speed 3: no counter
    assert {"type": "battle", "card": b, "target": a, "damage": 1, "counter": None} in events and state["turn"] == 2


def test_with_the_example_reading_a_continued_attack_is_that_units_attack_again_and_nothing_else():
    """例:素早さ1のユニットAに、素早さ4のユニットBが攻撃すると、反撃を受けずにユニットAを攻撃し、攻撃終了が行動権を相手に渡さず、
    素早さ3のユニットBが再び攻撃に移ることが出来る。(Option continued_action "attack": the example read as the rule, B attacks
    again or the right passes.)"""
    state = start(main=[unit("B", attack=1, hp=5, speed=4), unit("free", cost=0)], fish=fish_units(unit("A", attack=3, hp=3, speed=1)),
                  continued_action="attack")
    b, a = put(state, "B", "p0.field"), on_their_field(state, "A")
    free = put(state, "free")
    events = apply(state, {"type": "pass", "option": "attack", "card": b, "target": a})
    assert {"type": "continue", "card": b, "speed": 3, "attack_only": True} in events
    assert state["turn"] == 1 and state["flags"]["chain"] == {"card": b, "speed": -1}
    from rules.engine.core import rules_of

    assert rules_of(state).stat(state, b, "speed") == 3  # 素早さ3のユニットB
    assert legal_actions(state) == [
        {"type": "pass", "option": "attack", "card": b},
        {"type": "pass", "option": "attack", "card": b, "target": a},
        {"type": "pass"},
    ]
    for action, field in (({"type": "play", "card": free}, "type"), ({"type": "pass", "option": "mana"}, "option")):
        with pytest.raises(IllegalAction, match=f"{field}: a continued attack"):
            apply(state, action)
    apply(state, {"type": "pass"})  # B does not go on: the right passes to the opponent and comes back
    assert state["turn"] == 2 and state["flags"]["chain"] is None and rules_of(state).stat(state, b, "speed") == 4


def goldfish_attack(state, key):
    """The goldfish's unit `key`, put on its field by hand; the human passes and the goldfish, holding the
    right, declares an attack with it."""
    unit_id = on_their_field(state, key)
    apply(state, {"type": "pass"})
    assert state["flags"]["incoming"]["card"] == unit_id and state["priority"] == 0
    return unit_id


def test_the_goldfish_attacks_with_its_strongest_unit_when_it_holds_the_right_and_the_option_turns_it_off():
    """④攻撃宣言。(The goldfish's units attack too: when it holds the action right with no attack declared, its unit
    with the highest 攻撃力 declares an attack on the human; option goldfish_attacks.)"""
    fish = fish_units(unit("weak", attack=1, speed=1), unit("strong", attack=3, speed=2))
    state = start(fish=fish)
    weak, strong = on_their_field(state, "weak"), on_their_field(state, "strong")
    events = apply(state, {"type": "pass"})
    assert {"type": "attack", "card": strong, "target": None, "player": 1, "speed": 2} in events
    assert state["flags"]["incoming"] == {"card": strong, "speed": 2, "reduce": 0, "block": None}
    assert state["turn"] == 2 and state["priority"] == 0 and weak
    state = start(fish=fish, goldfish_attacks=False)
    on_their_field(state, "strong")
    apply(state, {"type": "pass"})
    assert state["flags"]["incoming"] is None


def test_an_attack_on_you_may_be_answered_by_defence_besides_the_usual_actions():
    """〇戦闘 ・攻撃宣言時、相手は通常の行動権の行動の他に『防御』行動を行う事が出来るようになる。"""
    state = start(main=[unit("free", cost=0)], fish=fish_units(unit("ogre", attack=3, speed=1)))
    assert {"type": "defend"} not in legal_actions(state)  # no attack declared: nothing to defend against
    with pytest.raises(IllegalAction, match="no attack"):
        apply(state, {"type": "defend"})
    free = put(state, "free")
    goldfish_attack(state, "ogre")
    actions = legal_actions(state)
    assert {"type": "defend"} in actions
    assert {"type": "play", "card": free} in actions and {"type": "pass", "option": "mana"} in actions  # the usual ones too


def test_defence_takes_one_off_the_attack():
    """『防御』・・・ 相手の攻撃を1軽減する。"""
    state = start(fish=fish_units(unit("ogre", attack=3, speed=1)))
    ogre = goldfish_attack(state, "ogre")
    events = apply(state, {"type": "defend"})
    assert {"type": "defend", "player": 0, "card": ogre} in events
    assert {"type": "attack_hits", "card": ogre, "player": 0, "amount": 2, "reduced": 1} in events
    decline_chance(state)
    assert state["players"][0]["life"] == 30 - 2 and len(zone(state, "p0.exile")) == 2


def test_an_attack_not_defended_or_blocked_hits():
    """『防御』や防ぐ行動を取らないと攻撃がヒットする。"""
    state = start(fish=fish_units(unit("ogre", attack=3, speed=1)))
    ogre = goldfish_attack(state, "ogre")
    events = apply(state, {"type": "pass", "option": "mana"})  # a usual action, not a defence
    assert {"type": "attack_hits", "card": ogre, "player": 0, "amount": 3, "reduced": 0} in events
    decline_chance(state)
    assert len(zone(state, "p0.deck")) == 30 - 1 - 3 and state["flags"]["incoming"] is None


def test_an_answer_passes_the_right_to_the_attacker_whose_pass_lets_the_attack_hit():
    """行動を取ると相手に行動権が移る。この際の相手の行動権では、マナを1枚置く事や手札に加える、スキルカードをスキルデッキに戻すといった
    行動を行えず、行わない場合は、行動権は相手に移る。(The goldfish, the attacker here, takes none of those actions: it
    passes, the attack hits, and the right is the human's again with nothing declared.)"""
    state = start(fish=fish_units(unit("ogre", attack=3, speed=1)))
    ogre = goldfish_attack(state, "ogre")
    fish_mana = len(zone(state, "p1.mana"))
    events = apply(state, {"type": "defend"})
    assert [e for e in events if e["type"] in ("right", "pass")] == [
        {"type": "right", "player": 1},
        {"type": "pass", "player": 1},
        {"type": "right", "player": 0, "turn": 3},
    ]
    assert events.index({"type": "pass", "player": 1}) < events.index({"type": "attack_hits", "card": ogre, "player": 0, "amount": 2, "reduced": 1})
    assert len(zone(state, "p1.mana")) == fish_mana and state["flags"]["incoming"] is None
    decline_chance(state)
    assert state["priority"] == 0 and {"type": "defend"} not in legal_actions(state)


def test_a_block_needs_a_unit_at_least_as_fast_as_the_attacker_and_fights_it():
    """相手の攻撃をユニットで防ぐ際、相手の素早さ以上を持つユニットでないと防ぐことができない。
    ・相手のプレイヤーに対する攻撃をユニットで防ぐ 相手の素早さ以上のユニットでないと防ぐことが出来ない。"""
    mine = [unit("slow", attack=1, hp=5, speed=1), unit("quick", "近", attack=2, hp=5, speed=2)]
    state = start(main=mine, fish=fish_units(unit("ogre", "近", attack=3, hp=5, speed=2)))
    slow, quick = put(state, "slow", "p0.field"), put(state, "quick", "p0.field")
    ogre = goldfish_attack(state, "ogre")
    blocks = [a for a in legal_actions(state) if a["type"] == "block"]
    assert blocks == [{"type": "block", "card": quick}]
    with pytest.raises(IllegalAction, match="speed 1, less than the attacker's 2"):
        apply(state, {"type": "block", "card": slow})
    events = apply(state, {"type": "block", "card": quick})
    assert {"type": "battle", "card": ogre, "target": quick, "damage": 3, "counter": 2} in events  # a battle, no hit
    assert state["cards"][quick]["counters"] == {"damage": 3} and state["cards"][ogre]["counters"] == {"damage": 2}
    assert len(zone(state, "p0.deck")) == 30 and state["pending"] is None and state["turn"] == 3


def test_a_unit_summoned_to_block_pays_one_more_mana():
    """また、ユニットを召喚してそのまま防ぐ際、マナを1つ余分に払わなければならない。"""
    state = start(main=[unit("guard", attack=1, hp=5, speed=2, cost=2), unit("snail", speed=0, cost=0)], fish=fish_units(unit("ogre", attack=3, speed=2)))
    guard, snail = put(state, "guard"), put(state, "snail")
    ogre = goldfish_attack(state, "ogre")
    assert {"type": "summon_block", "card": guard} in legal_actions(state)
    assert {"type": "summon_block", "card": snail} not in legal_actions(state)  # too slow to block
    apply(state, {"type": "summon_block", "card": guard})
    assert state["pending"]["cost"] == 3 and state["pending"]["block"]  # its cost 2, and 1 more
    apply(state, {"type": "pay_mana", "cards": zone(state, "p0.mana")[:3]})
    assert state["cards"][guard]["zone"] == "p0.field" and len(zone(state, "p0.mana")) == 2
    assert state["cards"][guard]["counters"] == {"damage": 3} and state["cards"][ogre]["counters"] == {"damage": 1}
    assert len(zone(state, "p0.deck")) == 30 + 3  # (the mana paid went under it; no hit)


def test_a_unit_summoned_to_block_pays_its_extra_with_a_mana_card_and_is_not_offered_without_one():
    """また、ユニットを召喚してそのまま防ぐ際、マナを1つ余分に払わなければならない。(The extra is a mana card: the skill deck may pay
    the unit's own cost, not the extra; with an empty mana zone a summoned block is not offered and is refused.)"""
    cards = [unit("guard", attack=1, hp=5, speed=2, cost=2)]
    state = start(main=cards, skill=[spell(f"pad{i}", cost=99) for i in range(5)], fish=fish_units(unit("ogre", attack=3, speed=2)))
    guard = put(state, "guard")
    empty_mana(state)
    goldfish_attack(state, "ogre")
    assert len(zone(state, "p0.skill")) > 3  # the skill deck alone could pay 3 cards
    assert not any(a["type"] == "summon_block" for a in legal_actions(state))
    with pytest.raises(IllegalAction, match="pays 1 mana more, and your mana zone is empty"):
        apply(state, {"type": "summon_block", "card": guard})
    state = start(main=cards, fish=fish_units(unit("ogre", attack=3, speed=2)))
    guard = put(state, "guard")
    for iid in zone(state, "p0.mana")[1:]:  # one mana card left
        apply(state, {"type": "manual.move", "card": iid, "to": "p0.discard"})
    goldfish_attack(state, "ogre")
    assert {"type": "summon_block", "card": guard} in legal_actions(state)
    apply(state, {"type": "summon_block", "card": guard})
    assert state["pending"]["type"] == "pay_mana" and decision(state)["min"] == 1 == decision(state)["max"]
    with pytest.raises(IllegalAction):
        apply(state, {"type": "pay_mana", "cards": []})  # the extra from the skill deck: refused
    mana = zone(state, "p0.mana")[0]
    apply(state, {"type": "pay_mana", "cards": [mana]})
    assert state["pending"]["type"] == "pay_skill" and state["pending"]["rest"] == 2  # its own cost of 2 from the skill deck
    pay(state)
    assert state["cards"][guard]["zone"] == "p0.field" and state["cards"][mana]["zone"] == "p0.deck"


def test_a_near_attacker_does_not_damage_a_far_blocker_and_takes_its_counter_attack():
    """近から中へ、近及び中から遠へは攻撃、反撃が出来ない。(In the battle of a block each side deals damage only to a unit
    within its reach: a 近 or 中 attacker deals none to a 遠 blocker, which strikes it back; a 遠 attacker damages a 近
    blocker, which cannot strike back.)"""
    for attacker, blocker, damage, counter in (("近", "遠", None, 2), ("中", "遠", None, 2), ("近", "中", None, 2), ("遠", "近", 3, None), ("近", "近", 3, 2)):
        state = start(main=[unit("archer", blocker, attack=2, hp=5, speed=2)], fish=fish_units(unit("ogre", attacker, attack=3, hp=5, speed=2)))
        archer = put(state, "archer", "p0.field")
        ogre = goldfish_attack(state, "ogre")
        deck = len(zone(state, "p0.deck"))
        events = apply(state, {"type": "block", "card": archer})
        assert {"type": "battle", "card": ogre, "target": archer, "damage": damage, "counter": counter} in events, (attacker, blocker)
        assert state["cards"][archer]["counters"].get("damage") == damage and state["cards"][ogre]["counters"].get("damage") == counter
        assert len(zone(state, "p0.deck")) == deck and not any(e["type"] == "hit" for e in events)  # blocked: no hit either way
        if damage is None:  # the log says so in the player's words
            from rules.engine.story import story

            assert "届かない" in json.dumps(story(state, 0, "ja"), ensure_ascii=False)


@pytest.mark.parametrize("reading, dealt, back", [("gap", 1, None), ("faster", None, 3), ("normal", 1, 3)])
def test_a_slower_attacker_two_apart_fights_as_the_slow_attacker_reading_says(reading, dealt, back):
    """※ユニットとの戦闘に対し、素早さが2以上離れている場合、反撃できず一方的に攻撃される。(The line names no side: for an attacker 2
    or more slower, the option slow_attacker: "gap" (default, the words: 2 apart, the attacked unit cannot counter-attack),
    "faster" (the slower attacker is the one attacked one-sidedly), "normal" (the line is of a faster attacker only).)"""
    options = {} if reading == "gap" else {"slow_attacker": reading}
    assert get_game("manacard").option("slow_attacker").default == "gap"
    state = start(main=[unit("snail", attack=1, hp=5, speed=1)], fish=fish_units(unit("hare", attack=3, hp=5, speed=3)), **options)
    snail, hare = put(state, "snail", "p0.field"), on_their_field(state, "hare")
    events = apply(state, {"type": "pass", "option": "attack", "card": snail, "target": hare})
    assert {"type": "battle", "card": snail, "target": hare, "damage": dealt, "counter": back} in events
    assert state["cards"][hare]["counters"].get("damage") == dealt and state["cards"][snail]["counters"].get("damage") == back
    assert state["flags"]["chain"] is None  # (a slower attacker never acts on)
    # one apart: a plain battle whatever the reading
    state = start(main=[unit("snail", attack=1, hp=5, speed=2)], fish=fish_units(unit("hare", attack=3, hp=5, speed=3)), **options)
    snail, hare = put(state, "snail", "p0.field"), on_their_field(state, "hare")
    events = apply(state, {"type": "pass", "option": "attack", "card": snail, "target": hare})
    assert {"type": "battle", "card": snail, "target": hare, "damage": 1, "counter": 3} in events
    # the goldfish's slow attack blocked by a unit 2 faster: the same reading
    state = start(main=[unit("hare", attack=3, hp=5, speed=3)], fish=fish_units(unit("snail", attack=1, hp=5, speed=1)), **options)
    hare = put(state, "hare", "p0.field")
    snail = goldfish_attack(state, "snail")
    events = apply(state, {"type": "block", "card": hare})
    assert {"type": "battle", "card": snail, "target": hare, "damage": dealt, "counter": back} in events


def test_an_answer_to_an_attack_needs_at_least_its_speed():
    """※攻撃に対して行動する際、その素早さ以上の行動を行えるものでないとならない。(A unit's speed, a card's printed 素早さ;
    『防御』 and cards that print none: option unprinted_speed, by default fast enough.)"""
    wall2 = spell("wall2", cost=0, script=[{"op": "attack_reduce", "amount": 2}])
    wall2["fields"]["speed"] = 2
    wall3 = spell("wall3", cost=0, script=[{"op": "attack_reduce", "amount": 2}])
    wall3["fields"]["speed"] = 3
    mine = [unit("two", "遠", speed=2), unit("three", "遠", attack=1, speed=3)]
    state = start(main=mine, skill=[wall2, wall3], fish=fish_units(unit("ogre", attack=3, hp=9, speed=3)))
    two, three = put(state, "two", "p0.field"), put(state, "three", "p0.field")
    w2, w3 = put(state, "wall2", "p0.skill"), put(state, "wall3", "p0.skill")
    ogre = goldfish_attack(state, "ogre")
    actions = legal_actions(state)
    assert {"type": "play", "card": w3} in actions and {"type": "play", "card": w2} not in actions
    with pytest.raises(IllegalAction, match="slower than the attack"):
        apply(state, {"type": "play", "card": w2})
    attacks = {(a["card"], a.get("target")) for a in actions if a.get("option") == "attack" and "card" in a}
    assert (three, ogre) in attacks and (two, ogre) not in attacks  # acting on the attacker: its speed too
    with pytest.raises(IllegalAction, match="needs speed 3"):
        apply(state, {"type": "pass", "option": "attack", "card": two, "target": ogre})
    assert {"type": "defend"} in actions
    events = apply(state, {"type": "play", "card": w3})
    assert {"type": "attack_hits", "card": ogre, "player": 0, "amount": 1, "reduced": 2} in events
    decline_chance(state)
    state = start(fish=fish_units(unit("ogre", attack=3, speed=3)), unprinted_speed="zero")
    goldfish_attack(state, "ogre")
    assert {"type": "defend"} not in legal_actions(state)  # 『防御』 at speed 0 cannot answer speed 3
    state = start(fish=fish_units(unit("ogre", attack=3, speed=0)), unprinted_speed="zero")
    goldfish_attack(state, "ogre")
    assert {"type": "defend"} in legal_actions(state)


def test_hyouheki_is_played_only_against_an_attack_and_takes_two_off_it():
    """コストやプレイタイミングなどが可能なカードをプレイする事が出来る。氷の壁: 相手の攻撃を2軽減する。(Its text is read: a card
    that takes N off an attack is played only while an attack is declared on its player.)"""
    state = start(skill=bundled("氷の壁"), fish=fish_units(unit("ogre", attack=3, speed=5)))
    wall = put(state, "氷の壁", "p0.skill")
    assert not any(a.get("card") == wall for a in legal_actions(state))
    with pytest.raises(IllegalAction, match="no attack"):
        apply(state, {"type": "play", "card": wall})
    ogre = goldfish_attack(state, "ogre")
    assert {"type": "play", "card": wall} in legal_actions(state)
    apply(state, {"type": "play", "card": wall})
    events = apply(state, {"type": "pay_mana", "cards": zone(state, "p0.mana")[:2]})
    assert {"type": "attack_hits", "card": ogre, "player": 0, "amount": 1, "reduced": 2} in events
    assert state["cards"][wall]["zone"] == "p0.exile" and not state["cards"][wall]["face_up"]


def test_a_unit_both_sides_acted_on_needs_that_speed_until_it_recovers():
    """【素早さ】同じ物をお互いが対象として行動している場合、相手の素早さ以上の行動でないと行う事が出来ない。
    例:ユニットに素早さ1の攻撃行動を取るがそれから守る為に素早さ2の行動で守りに入ると、次からそのユニットが回復するまで、
    素早さ2以上でないとそのユニットを対象とする効果を発動できない。"""
    herb1 = spell("herb1", cost=0, card_type="アイテム", deck="main", script=[{"op": "unit_heal", "who": "each_player"}])
    herb1["fields"]["speed"] = 1
    herb2 = spell("herb2", cost=0, card_type="アイテム", deck="main", script=[{"op": "unit_heal", "who": "each_player"}])
    herb2["fields"]["speed"] = 2
    state = start(main=[unit("guard", attack=1, hp=5, speed=2), herb1, herb2], fish=fish_units(unit("ogre", attack=2, hp=9, speed=1)))
    guard = put(state, "guard", "p0.field")
    h1, h2 = put(state, "herb1"), put(state, "herb2")
    ogre = goldfish_attack(state, "ogre")  # a speed-1 attack
    apply(state, {"type": "block", "card": guard})  # guarded by a speed-2 action
    assert state["cards"][guard]["counters"] == {"damage": 2} and state["flags"]["locks"] == {ogre: 2, guard: 2}
    plays = [a for a in legal_actions(state) if a["type"] == "play"]
    assert {"type": "play", "card": h2, "target": guard} in plays and not any(a["card"] == h1 for a in plays)
    with pytest.raises(IllegalAction, match="target"):
        apply(state, {"type": "play", "card": h1, "target": guard})
    apply(state, {"type": "play", "card": h2, "target": guard})  # speed 2: it may
    assert state["cards"][guard]["counters"] == {} and state["flags"]["locks"] == {ogre: 2, guard: 2}
    apply(state, {"type": "pass", "option": "mana"})  # an action on neither: they recover, the lock ends
    assert state["flags"]["locks"] == {}


def test_an_attacked_player_with_attack_power_attacks_back_within_reach():
    """④攻撃宣言。※プレイヤーが攻撃されている場合、プレイヤーが攻撃力を持っている場合、反撃可能なら攻撃可能。(距離など)
    (The player's 攻撃力 and 距離 are options: the seed's 〇プレイヤーのステータス is empty.)"""
    state = start(fish=fish_units(unit("ogre", "近", attack=3, hp=5, speed=1), unit("far", "遠", attack=1, hp=5, speed=1)))
    ogre = goldfish_attack(state, "ogre")
    assert not any(a.get("option") == "attack" and "card" not in a for a in legal_actions(state))  # no 攻撃力 (default 0)
    state = start(fish=fish_units(unit("ogre", "近", attack=3, hp=5, speed=1)), player_attack=2)
    ogre = goldfish_attack(state, "ogre")
    assert {"type": "pass", "option": "attack", "target": ogre} in legal_actions(state)
    events = apply(state, {"type": "pass", "option": "attack", "target": ogre})
    assert {"type": "attack_hits", "card": None, "target": ogre, "amount": 2} in events
    assert state["cards"][ogre]["counters"] == {"damage": 2}
    state = start(fish=fish_units(unit("far", "遠", attack=1, hp=5, speed=1)), player_attack=2)
    far = goldfish_attack(state, "far")
    assert {"type": "pass", "option": "attack", "target": far} not in legal_actions(state)  # out of the player's reach (近)
    with pytest.raises(IllegalAction, match="attack back"):
        apply(state, {"type": "pass", "option": "attack", "target": far})
    state = start(fish=fish_units(unit("far", "遠", attack=1, hp=5, speed=1)), player_attack=2, player_distance="遠")
    far = goldfish_attack(state, "far")
    assert {"type": "pass", "option": "attack", "target": far} in legal_actions(state)


# -- 回復 and 逆転 --------------------------------------------------------------------------------------------------


def test_recovery_puts_face_down_exiled_main_deck_cards_back_under_the_main_deck():
    """・【回復】裏向きで除外されているメインデッキのカードを裏向きのまま回復する数値の枚数デッキの下に戻すことが出来る。"""
    state = start(skill=bundled("応急手当"))
    apply(state, {"type": "manual.life", "player": 0, "delta": -3})  # a hit of 3
    decline_chance(state)
    hit = list(zone(state, "p0.exile"))
    assert len(hit) == 3 and state["players"][0]["life"] == 27
    apply(state, {"type": "play", "card": put(state, "応急手当", "p0.skill")})
    pay(state, mana=zone(state, "p0.mana")[:1])
    assert state["players"][0]["life"] == 28 + 2  # the mana card under the deck, and two cards back
    back = zone(state, "p0.deck")[:2]
    assert set(back) <= set(hit) and not any(state["cards"][i]["face_up"] for i in back)
    first_aid = next(i for i, c in state["cards"].items() if c["def"] == "応急手当")
    assert [i for i in zone(state, "p0.exile") if i != first_aid] == [hit[0]]  # and not the skill card exiled after use


def test_a_manual_life_change_is_a_hit_or_a_recovery():
    state = start()
    apply(state, {"type": "manual.life", "player": 1, "delta": -4})
    assert len(zone(state, "p1.exile")) == 4 and state["players"][1]["life"] == FISH_HP - 4
    apply(state, {"type": "manual.life", "player": 1, "delta": 3})
    assert len(zone(state, "p1.exile")) == 1 and state["players"][1]["life"] == FISH_HP - 1


def test_reversal_saves_a_main_deck_of_one_from_two_damage_once():
    """【逆転】逆転チャンス:ダメージを受けた際、任意の枚数のカードを表向きで除外する事が出来る。…表向きにしたカードの中に【逆転】の能力が
    付いたカードがあり、条件を満たしていれば、行動権を使いどれか1枚を発動する事が出来る。
    ※【逆転】が発動した場合、メインデッキが1枚で、2以上のダメージを与えても勝利にはならない。発動した【逆転】カードを表向きのまま、
    メインデッキの上に置き、次にダメージが通っても発動できない。"""
    saver = spell("saver", card_type="アイテム", keywords=["逆転"], deck="main")
    state = start(main=[saver])
    for iid in list(zone(state, "p0.deck")):
        apply(state, {"type": "manual.move", "card": iid, "to": "p0.discard"})
    card = put(state, "saver", "p0.deck")  # the main deck: one card, a 【逆転】 card
    apply(state, {"type": "manual.life", "player": 0, "delta": -2})  # 2 damage on a main deck of 1
    assert state["pending"] == {"type": "reveal", "player": 0, "count": 1} and state["result"] is None
    assert legal_actions(state) == [{"type": "reveal", "n": 0}, {"type": "reveal", "n": 1}]
    apply(state, {"type": "reveal", "n": 1})  # turned face up
    assert state["cards"][card]["face_up"] and state["cards"][card]["zone"] == "p0.exile"
    assert state["pending"]["type"] == "reversal"  # (no 【逆転】 card in the skill deck to show)
    assert legal_actions(state) == [{"type": "reversal", "card": card}, {"type": "no_reversal"}]
    turn = state["turn"]
    apply(state, {"type": "reversal", "card": card})
    assert zone(state, "p0.deck") == [card] and state["cards"][card]["face_up"] and state["cards"][card]["spent"]
    assert state["result"] is None and state["turn"] == turn + 1  # it used an action right
    apply(state, {"type": "manual.life", "player": 0, "delta": -1})  # the next damage: it cannot be activated again
    apply(state, {"type": "reveal", "n": 1})  # face up again, but spent
    assert state["result"] == {"winner": 1, "turn": turn + 1, "reason": "hp"} and state["players"][0]["lost"]


def test_without_reversal_the_human_loses_when_damage_empties_the_main_deck():
    """ダメージを受けてメインデッキが0枚となった時、【逆転】を発動できなければ負け。(With the 逆転 reading off, at once.)"""
    state = start(main_filler=11, reversal="off")  # one card left after the setup
    apply(state, {"type": "manual.life", "player": 0, "delta": -3})
    assert state["result"] == {"winner": 1, "turn": 1, "reason": "hp"}


def test_a_declined_chance_with_an_empty_main_deck_loses_and_with_cards_left_goes_on():
    """ダメージを受けてメインデッキが0枚となった時、【逆転】を発動できなければ負け。"""
    state = start(main_filler=13)  # three left
    apply(state, {"type": "manual.life", "player": 0, "delta": -2})
    decline_chance(state)
    assert state["result"] is None and state["players"][0]["life"] == 1
    apply(state, {"type": "manual.life", "player": 0, "delta": -1})
    decline_chance(state)
    assert state["result"]["winner"] == 1


def test_kishi_kaisei_from_the_skill_deck_damages_a_unit_on_reversal_and_tops_the_main_deck():
    """起死回生: 【逆転】相手のユニット1体に3ダメージを与える。(The reading "skill": a chance may show skill-deck cards.)"""
    state = start(skill=bundled("起死回生"), main_filler=11, fish=fish_units(unit("ogre", hp=3)))
    ogre = on_their_field(state, "ogre")
    rescue = put(state, "起死回生", "p0.skill")
    assert not any(a.get("card") == rescue for a in legal_actions(state))  # a 【逆転】 card is used by 逆転, not played
    apply(state, {"type": "manual.life", "player": 0, "delta": -2})  # the last main-deck card exiled
    apply(state, {"type": "reveal", "n": 0})
    assert {"type": "reveal_skill", "cards": [rescue]} in legal_actions(state)
    apply(state, {"type": "reveal_skill", "cards": [rescue]})
    assert state["cards"][rescue]["zone"] == "p0.exile" and state["cards"][rescue]["face_up"]
    assert legal_actions(state) == [{"type": "reversal", "card": rescue, "target": ogre}, {"type": "no_reversal"}]
    events = apply(state, {"type": "reversal", "card": rescue, "target": ogre})
    assert {"type": "destroyed", "card": ogre} in events
    assert zone(state, "p0.deck") == [rescue] and state["result"] is None


@pytest.mark.parametrize("reading, steps", [("both", ["reveal", "reveal_skill"]), ("hit", ["reveal"]), ("skill", ["reveal_skill"]), ("off", [])])
def test_the_reversal_reading_decides_what_a_chance_may_show(reading, steps):
    """逆転チャンス:ダメージを受けた際、任意の枚数のカードを表向きで除外する事が出来る。行動権は必要ない。(Which cards: option
    reversal; the chance needs no action right: the right is the human's before and after it.)"""
    state = start(skill=bundled("起死回生"), reversal=reading)
    apply(state, {"type": "manual.life", "player": 0, "delta": -2})
    seen = []
    while state["pending"]:
        seen.append(state["pending"]["type"])
        apply(state, legal_actions(state)[0])
    assert seen == steps and state["players"][0]["life"] == 28 and state["result"] is None and state["turn"] == 1
    state = start()  # no 【逆転】 card in the skill deck: nothing to show from it
    apply(state, {"type": "manual.life", "player": 0, "delta": -1})
    assert state["pending"]["type"] == "reveal"
    apply(state, {"type": "reveal", "n": 0})
    assert state["pending"] is None


def test_the_hidden_cards_of_a_hit_are_not_named_to_the_player():
    """※裏向きで除外されたカードの内容は確認する事は出来ない。"""
    from rules.engine import events_for

    state = start(main=[unit("knight", attack=2, cost=0)])
    knight = put(state, "knight", "p0.field")
    events = apply(state, {"type": "pass", "option": "attack", "card": knight})
    moves = [e for e in events_for(state, events, 0) if e["type"] == "move"]
    assert [(e["from"], e["to"], e["card"]) for e in moves] == [("p1.deck", "p1.exile", None)] * 2
    apply(state, {"type": "manual.life", "player": 0, "delta": -2})  # the human's own hit: a chance
    seen = view(state, 0)
    assert seen["zones"]["p0.exile"] == [None, None] and seen["pending"] == {"type": "reveal", "player": 0, "count": 2}
    assert all(f'"{i}"' not in json.dumps(seen) for i in zone(state, "p0.exile"))


def test_a_reversal_card_may_be_played_with_the_option():
    state = start(skill=bundled("起死回生"), play_reversal_cards=True)
    rescue = put(state, "起死回生", "p0.skill")
    assert {"type": "play", "card": rescue} in legal_actions(state)


def test_a_damage_step_on_yourself_is_a_hit_with_its_chance():
    boom = spell("boom", cost=0, script=[{"op": "damage", "who": "each_player", "amount": 2}])
    state = start(skill=[boom])
    apply(state, {"type": "play", "card": put(state, "boom", "p0.skill")})
    assert len(zone(state, "p1.exile")) == 2 and state["pending"]["type"] == "reveal" and state["turn"] == 1
    decline_chance(state)
    assert state["players"][0]["life"] == 28 and state["turn"] == 2  # the right passes after the chance


# -- the sample set (script steps) -------------------------------------------------------------------------------


def test_raigeki_hits_the_goldfish_for_two():
    """雷撃: 相手のプレイヤーに2ダメージを与える。"""
    state = start(skill=bundled("雷撃"))
    apply(state, {"type": "play", "card": put(state, "雷撃", "p0.skill")})
    pay(state, mana=zone(state, "p0.mana")[:3])
    assert len(zone(state, "p1.deck")) == FISH_HP - 2 and len(zone(state, "p1.exile")) == 2


def test_a_unit_whose_steps_name_a_unit_is_played_without_one_when_there_is_none():
    """・ユニットの召喚には召喚酔いは基本的にはない。(A unit is summoned for itself: a step of its own on an opponent's unit
    names one when there is one, and does nothing when there is none; a magic card needs its target.)"""
    archer = unit("archer", cost=0, script=[{"op": "unit_damage", "amount": 1}])
    state = start(main=[archer, archer], fish=fish_units(unit("ogre", hp=3)))
    first = put(state, "archer")
    assert {"type": "play", "card": first} in legal_actions(state)
    apply(state, {"type": "play", "card": first})
    assert state["cards"][first]["zone"] == "p0.field" and state["turn"] == 2
    ogre = on_their_field(state, "ogre")
    second = put(state, "archer")
    assert [a for a in legal_actions(state) if a.get("card") == second] == [{"type": "play", "card": second, "target": ogre}]
    with pytest.raises(IllegalAction, match="target"):
        apply(state, {"type": "play", "card": second})
    apply(state, {"type": "play", "card": second, "target": ogre})
    assert state["cards"][ogre]["counters"] == {"damage": 1}


def test_hinotama_needs_a_unit_of_the_opponent_and_damages_it():
    """火の玉: 相手のユニット1体に2ダメージを与える。"""
    state = start(skill=bundled("火の玉"), fish=fish_units(unit("ogre", hp=3)))
    ball = put(state, "火の玉", "p0.skill")
    assert not any(a.get("card") == ball for a in legal_actions(state))  # no target yet
    ogre = on_their_field(state, "ogre")
    assert {"type": "play", "card": ball, "target": ogre} in legal_actions(state)
    with pytest.raises(IllegalAction, match="target"):
        apply(state, {"type": "play", "card": ball})
    apply(state, {"type": "play", "card": ball, "target": ogre})
    pay(state, mana=zone(state, "p0.mana")[:1])
    assert state["cards"][ogre]["counters"] == {"damage": 2} and state["flags"]["wounded"] == [ogre]


def test_yakusou_heals_a_damaged_unit_to_its_maximum():
    """薬草: ユニット1体の体力を最大値まで回復する。"""
    state = start(main=bundled("薬草") + [unit("a", attack=1, hp=5)], fish=fish_units(unit("b", attack=3, hp=9)))
    herb, a = put(state, "薬草"), put(state, "a", "p0.field")
    b = on_their_field(state, "b")
    assert not any(x.get("card") == herb for x in legal_actions(state))  # nothing to heal
    apply(state, {"type": "pass", "option": "attack", "card": a, "target": b})
    assert {"type": "play", "card": herb, "target": a} in legal_actions(state)
    apply(state, {"type": "play", "card": herb, "target": a})
    assert state["cards"][a]["counters"] == {} and state["cards"][herb]["zone"] == "p0.discard"  # a used main-deck item


def test_tetsu_no_chouken_raises_its_units_attack_and_leaves_with_it():
    """鉄の長剣: 装備したユニットの攻撃力を1上げる。"""
    state = start(main=bundled("鉄の長剣") + [unit("a", attack=2, hp=5)])
    sword = put(state, "鉄の長剣")
    assert not any(x.get("card") == sword for x in legal_actions(state))  # no unit to equip
    a = put(state, "a", "p0.field")
    apply(state, {"type": "play", "card": sword, "target": a})
    pay(state, mana=zone(state, "p0.mana")[:2])
    assert state["cards"][sword]["zone"] == "p0.field" and state["cards"][sword]["on"] == a
    apply(state, {"type": "pass", "option": "attack", "card": a})
    assert len(zone(state, "p1.deck")) == FISH_HP - 3
    apply(state, {"type": "manual.move", "card": a, "to": "p0.hand"})
    assert state["cards"][sword]["zone"] == "p0.discard" and "on" not in state["cards"][sword]


def test_copies_of_a_card_that_names_a_unit_offer_their_targets_once_so_the_actions_stay_few():
    """(Copies are alike: each unit a 鉄の長剣 may go on is offered once, not once for every copy in the hand; every copy
    may still be played.)"""
    state = start(main=bundled("鉄の長剣", 4) + [unit(f"u{k}", hp=5) for k in range(6)])
    swords = [put(state, "鉄の長剣") for _ in range(4)]
    units = [put(state, f"u{k}", "p0.field") for k in range(6)]
    plays = [a for a in legal_actions(state) if a["type"] == "play" and a["card"] in swords]
    assert len(plays) == 6 and {a["target"] for a in plays} == set(units) and len({a["card"] for a in plays}) == 1
    apply(state, {"type": "play", "card": swords[3], "target": units[5]})  # another copy: as legal
    pay(state, mana=zone(state, "p0.mana")[:2])
    assert state["cards"][swords[3]]["on"] == units[5]
    assert len(legal_actions(state)) <= 40


def test_status_cards_change_units_and_costs():
    """剣術の才: あなたの距離「近」のユニットの攻撃力を1上げる。勇者の証: あなたのユニットの素早さを1上げる。
    魔力の泉: あなたがプレイする魔法のコストを1少なくする。"""
    state = start(main=[unit("near", "近", attack=2), unit("far", "遠", attack=2)], skill=bundled("雷撃"), status=bundled("剣術の才") + bundled("勇者の証") + bundled("魔力の泉"))
    from rules.engine.core import rules_of

    rules = rules_of(state)
    near, far = put(state, "near", "p0.field"), put(state, "far", "p0.field")
    assert rules.stat(state, near, "attack") == 3 and rules.stat(state, far, "attack") == 2
    assert rules.stat(state, near, "speed") == 3
    bolt = put(state, "雷撃", "p0.skill")
    assert rules.cost(state, bolt) == 2
    apply(state, {"type": "play", "card": bolt})
    assert state["pending"]["cost"] == 2
    apply(state, {"type": "cancel"})
    apply(state, {"type": "manual.move", "card": zone(state, "p0.status")[0], "to": "p0.discard"})  # 剣術の才 gone
    assert rules.stat(state, near, "attack") == 2


def test_a_step_that_waits_for_a_choice_passes_the_right_after_it():
    dig = spell("dig", cost=0, script=[{"op": "move", "from": "mana", "to": "hand"}])
    state = start(skill=[dig])
    apply(state, {"type": "play", "card": put(state, "dig", "p0.skill")})
    assert state["pending"]["type"] == "choose" and state["turn"] == 1
    choice = legal_actions(state)[0]
    apply(state, choice)
    assert state["cards"][choice["card"]]["zone"] == "p0.hand" and state["turn"] == 2 and state["pending"] is None


# -- manual actions -----------------------------------------------------------------------------------------------


def test_a_payment_is_given_up_when_its_card_leaves_and_follows_the_mana_zone():
    state = start(main=[unit("u3", cost=3)])
    u3 = put(state, "u3")
    apply(state, {"type": "play", "card": u3})
    apply(state, {"type": "manual.move", "card": zone(state, "p0.mana")[0], "to": "p0.discard"})
    assert state["pending"]["choose"]["max"] == 3
    apply(state, {"type": "pay_mana", "cards": zone(state, "p0.mana")[:1]})
    apply(state, {"type": "manual.move", "card": state["pending"]["mana"][0], "to": "p0.hand"})  # a chosen mana card left
    assert state["pending"]["type"] == "pay_mana"
    apply(state, {"type": "manual.move", "card": u3, "to": "p0.discard"})
    assert state["pending"] is None and legal_actions(state)


# -- determinism and random games ----------------------------------------------------------------------------------


def sample_deck():
    """The bundled sample deck (rules/games/manacard/samples.json): main 50, skill 50, status 3."""
    main = [("見習い剣士", 8), ("森の弓使い", 8), ("槍持ちの衛兵", 8), ("疾風の盗賊", 8), ("岩肌のゴーレム", 7), ("放浪の竜騎士", 1), ("薬草", 6), ("鉄の長剣", 4)]
    skill = [("火の玉", 12), ("雷撃", 8), ("氷の壁", 10), ("応急手当", 10), ("起死回生", 10)]
    status = [("剣術の才", 1), ("魔力の泉", 1), ("勇者の証", 1)]
    return [c for name, n in main + skill + status for c in bundled(name, n)]


def test_the_same_seed_and_actions_give_the_same_game_and_a_replay_of_the_log_too():
    a, b = (new_game("manacard", [sample_deck()], seed=9) for _ in range(2))
    assert digest(a) == digest(b) != digest(new_game("manacard", [sample_deck()], seed=10))
    pick = random.Random(4)
    for _ in range(60):
        action = pick.choice(legal_actions(a))
        apply(a, action)
        apply(b, action)
    assert digest(a) == digest(b)
    assert digest(replay(a["setup"], [e["action"] for e in a["log"]])) == digest(a)
    copy = json.loads(json.dumps(a))
    assert digest(copy) == digest(a)


ZONES = ("deck", "skill", "status", "mana", "hand", "field", "discard", "exile")


def random_manual(state, pick):
    kind = pick.random()
    if kind < 0.75:
        to = f"p{pick.randrange(2)}.{pick.choice(ZONES)}"
        move = {"type": "manual.move", "card": pick.choice(sorted(state["cards"])), "to": to}
        if pick.random() < 0.3:
            move["index"] = 0
        return move
    if kind < 0.9:  # a hit or 【回復】; big hits on the human bring 逆転 chances and losses
        player = pick.randrange(2)
        return {"type": "manual.life", "player": player, "delta": pick.randint(-15 if player == 0 else -3, 2)}
    if kind < 0.95:
        return {"type": "manual.counter", "card": pick.choice(sorted(state["cards"])), "name": "damage", "delta": pick.randint(-1, 2)}
    return {"type": "manual.flip", "card": pick.choice(sorted(state["cards"]))}


def test_random_legal_games_with_manual_moves_keep_every_invariant_and_undo_redo_is_exact():
    outcomes = set()
    for seed in range(1000):
        pick = random.Random(seed)
        options = {"first": pick.choice(["player", "goldfish"]), "reversal": pick.choice(["both", "hit", "skill", "off"]), "goldfish_hp": pick.choice([20, 50])}
        fish = [unit(f"g{i}", pick.choice("近中遠"), attack=1, hp=3, speed=pick.randrange(5)) for i in range(8)] if seed % 7 == 0 else None
        deck = sample_deck() if seed % 11 else [{"key": f"k{i % 7}", "name": f"k{i % 7}", "card_type": "場所札", "cost": i % 4} for i in range(30)]
        state = new_game("manacard", [deck] + ([fish] if fish else []), seed=seed, options=options)
        total = len(state["cards"])
        if seed % 6 == 0:  # a human close to losing: 逆転 chances and losses come up
            apply(state, {"type": "manual.life", "player": 0, "delta": 2 - state["players"][0]["life"]})
        steps = 0
        while state["result"] is None and state["turn"] <= 80 and steps < 600:
            steps += 1
            if pick.random() < 0.04:  # now and then a manual action, as a player applying card text would
                apply(state, random_manual(state, pick))
            else:
                actions = legal_actions(state)
                assert actions, state["pending"]
                if seed % 50 == 0 and steps % 10 == 0:  # every legal action applies (on copies)
                    for action in actions:
                        apply(json.loads(json.dumps(state)), action)
                apply(state, pick.choice(actions))
            assert len(state["cards"]) == total
            if seed % 20 == 0:
                check_invariants(state)
                json.dumps(view(state, 0))  # what the board shows is JSON too
        check_invariants(state)
        ids = [i for z in state["zones"].values() for i in z]
        assert len(ids) == len(set(ids)) == total
        if state["result"]:
            outcomes.add(state["result"]["winner"])
        if seed % 10 == 0:
            back = pick.randint(1, len(state["log"]))
            final = digest(state)
            assert digest(redo(undo(state, back), back)) == final
    assert outcomes == {0, 1}  # the human wins by hits; manual hits sometimes sink the human


def test_random_players_usually_finish_within_sixty_turns():
    finished = 0
    for seed in range(100):
        pick = random.Random(seed)
        state = new_game("manacard", [sample_deck()], seed=seed)
        while state["result"] is None and state["turn"] <= 60:
            apply(state, pick.choice(legal_actions(state)))
        finished += state["result"] is not None
    assert finished >= 80


def test_random_legal_games_against_a_goldfish_whose_units_attack_accept_every_offered_answer():
    """Every action offered while the goldfish's units attack (『防御』, blocks, summon-and-block, answers on the attacker)
    is accepted, and the cards are conserved."""
    seen = set()
    for seed in range(120):
        pick = random.Random(seed)
        fish = [unit(f"g{i}", pick.choice("近中遠"), attack=1, hp=3, speed=pick.randrange(5)) for i in range(30)]
        options = {"player_attack": pick.choice([0, 2]), "slow_attacker": pick.choice(["gap", "faster", "normal"]),
                   "continued_action": pick.choice(["any", "attack"])}
        state = new_game("manacard", [sample_deck(), fish], seed=seed, options=options)
        total = len(state["cards"])
        for iid in zone(state, "p1.deck")[-2:]:
            apply(state, {"type": "manual.move", "card": iid, "to": "p1.field", "face_up": True})
        for _ in range(200):
            if state["result"] is not None:
                break
            action = pick.choice(legal_actions(state))
            seen.add(action["type"] if action["type"] != "pass" or "card" in action else f"pass:{action.get('option')}")
            apply(state, action)
        check_invariants(state)
        assert len(state["cards"]) == total
    assert {"defend", "block", "summon_block", "pass:attack"} <= seen
