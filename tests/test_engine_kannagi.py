"""巫KANNAGI in the engine: golden playthroughs of the seed's rules (each docstring quotes the seed lines it
plays through; rules/games/kannagi/ledger.json points here), and random legal games that keep the
invariants."""

import random
from pathlib import Path

import pytest

from rules.deckdata import DeckData
from rules.decks import validate
from rules.declare import get_game
from rules.declare.samples import bundled_card_data
from rules.engine import IllegalAction, apply, decision, events_for, legal_actions, new_game, view
from rules.engine.core import canonical_decks, check_invariants, digest, redo, undo

from .engine_helpers import put

ROOT = Path(__file__).resolve().parent.parent
SKIP = {"type": "tool", "option": "skip"}


def card(key, card_type="場所札", cost=0, season=("春",), power=2, keywords=(), attributes=(), script=(), target=""):
    fields = {"season": list(season)}
    if card_type == "場所札":
        fields["power"] = power
    if attributes:
        fields["attributes"] = list(attributes)
    if script:
        fields["script"] = [dict(s) for s in script]
    if target:
        fields["target"] = target
    return {"key": key, "name": key, "card_type": card_type, "cost": cost, "keywords": list(keywords), "fields": fields}


def tool(key, cost=0, season=("無",), script=(), target=""):
    return card(key, "道具札", cost, season, script=script, target=target)


def season_card(key, cost=0, season=("無",), keywords=(), script=()):
    return card(key, "季節札", cost, season, keywords=keywords, script=script)


def apparition(key, cost=0, season=("無",), script=()):
    return card(key, "怪異札", cost, season, script=script)


FILLER = [card(f"filler{i}", cost=5, season=("冬",)) for i in range(40)]


def new(cards, seed=1, **options):
    """A new game of these cards; the player starts unless the options say otherwise."""
    options.setdefault("first", "player")
    return new_game("kannagi", [list(cards)], seed=seed, options=options)


def go_on(state):
    """Let each declaration pass without a tool until something else is asked or free actions are due."""
    while state["result"] is None and state["pending"] and state["pending"]["type"] == "timing":
        apply(state, SKIP)
    return state


def start(extra=(), seed=1, **options):
    """A game past 零探し (kept) and 潜在能力 (none): turn 1, main phase. `extra` cards are in the deck."""
    state = new(list(extra) + FILLER, seed, **options)
    apply(state, {"type": "zero_search", "cards": []})
    apply(state, {"type": "potential_done"})
    return go_on(state)


def play(state, action):
    """A rule action, with no tool at the declaration it makes."""
    events = apply(state, action)
    go_on(state)
    return events


def take(state, key, to="p0.hand"):
    """An instance of card `key` no earlier step took, moved into a zone (a logged manual action)."""
    return put(state, key, to)


def hand(state):
    return state["zones"]["p0.hand"]


def where(state, iid):
    return state["cards"][iid]["zone"]


def end_turn(state):
    """End the turn (no tool at its declaration; over the hand limit, filler cards go to 魂) and go on to the
    player's next main phase."""
    apply(state, {"type": "end_turn"})
    go_on(state)
    if state["pending"] and state["pending"]["type"] == "hand_limit":
        fillers = [i for i in hand(state) if state["cards"][i]["def"].startswith("filler")]
        apply(state, {"type": "hand_limit", "cards": fillers[: state["pending"]["n"]]})
    return go_on(state)


def kinds(events, *wanted):
    return [e["type"] for e in events if e["type"] in wanted]


def bundled(name):
    cards = bundled_card_data("kannagi")
    return {**next(c for c in cards if c["name"] == name), "key": name}


# -- the game: players, decks, winning -------------------------------------------------------------------------


def test_two_players_take_turns_in_turn_and_the_turn_passes_to_the_goldfish():
    """巫カードゲームはデッキを使って遊ぶ対戦ゲームです。…自分のターンと相手のターンを交互に繰り返し、先に勝利条件を満たした方が
    勝利します。 / プレイ人数:2人 / ⑤「エンドフェイズ」ターンの終わりを宣言して、相手のターンに移行します。"""
    state = start()
    assert [p["name"] for p in state["players"]] == ["player", "goldfish"] and state["active"] == 0
    events = apply(state, {"type": "end_turn"})
    assert kinds(events, "goldfish_turn", "turn") == ["goldfish_turn", "turn"]
    assert state["turn"] == 2 and state["active"] == 0 and state["phase"] == "main"


def deck_check(counts, regulation=0):
    """Construction violations of a deck of `counts` (name -> copies), the seed's regulation by default."""
    game = get_game("kannagi")
    names = sorted(counts)
    cards = {n: {"id": n, "name": name, "aliases": [], "card_type": "場所札", "cost": 0, "fields": {"season": ["春"], "power": 1}}
             for n, name in enumerate(names, 1)}
    deck = DeckData(sections={"main": {n: counts[name] for n, name in enumerate(names, 1)}})
    return sorted({v.code for v in validate(game, game.regulations[regulation], deck, cards)})


def test_a_deck_is_40_cards_or_more_with_at_most_4_of_one_card():
    """このゲームで遊ぶには、自分のデッキと対戦相手のデッキ、各40枚以上…の札が必要です。 / ・自分と相手のデッキ各40枚以上。1デッキに
    同じ札は4枚まで入れられます。"""
    ten = {f"札{i}": 4 for i in range(10)}
    assert deck_check(ten) == []
    assert deck_check({**ten, "札0": 3}) == ["section_too_small"]
    assert deck_check({**ten, "札0": 5}) == ["too_many_copies"]
    assert deck_check({**ten, **{f"札{i}": 4 for i in range(10, 20)}}) == []  # no upper bound


def test_the_seeds_restricted_lists_limit_copies():
    """封印:何らかの理由により、大会やゲームで使用できない札です。 / なし / 制限:…山札に1枚のみ入れる事ができる札です。
    「人魚の活血」「肥川の大蛇」「消さなきゃ」 / 準制限:…山札に2枚まで入れる事ができる札です。
    「悠習の古日記」「本物のお化け屋敷」「仮想世界の外」「暗躍者」"""
    base = {f"札{i}": 4 for i in range(10)}
    for name in ("人魚の活血", "肥川の大蛇", "消さなきゃ"):
        assert deck_check({**base, name: 1}) == [] and deck_check({**base, name: 2}) == ["too_many_copies"], name
    for name in ("悠習の古日記", "本物のお化け屋敷", "仮想世界の外", "暗躍者"):
        assert deck_check({**base, name: 2}) == [] and deck_check({**base, name: 3}) == ["too_many_copies"], name
    seed_rules = get_game("kannagi").regulations[0]
    assert 0 not in seed_rules.card_limits.values()  # 封印: なし
    assert seed_rules.list_names[0] == ("封印", "Sealed")


def test_life_is_30_and_the_game_is_won_the_moment_it_reaches_0():
    """・相手の30点のライフを0点にする。(0点になった瞬間): the effect stops there (its draw never happens)."""
    finisher = tool("止め", script=[{"op": "damage", "amount": 30}, {"op": "draw", "amount": 1}])
    state = start([finisher])
    assert [p["life"] for p in state["players"]] == [30, 30]
    iid = take(state, "止め")
    before = len(hand(state))
    apply(state, {"type": "tool", "card": iid})
    assert state["result"] == {"winner": 0, "turn": 1, "reason": "life"}
    assert len(hand(state)) == before - 1  # no card drawn after the moment of the win


def test_the_player_loses_at_life_0_too():
    """・相手の30点のライフを0点にする。(0点になった瞬間) — the player's own life as well."""
    state = start()
    apply(state, {"type": "manual.life", "player": 0, "delta": -30})
    assert state["result"] == {"winner": 1, "turn": 1, "reason": "life"}


def test_drawing_from_an_empty_deck_loses():
    """・相手がドロー(札を引く)する際や効果によって山札から札を移動する際に山札がない。 — the draw phase."""
    thin = new(FILLER[:9])
    apply(thin, {"type": "zero_search", "cards": []})
    apply(thin, {"type": "potential_done"})
    end_turn(thin)  # turn 2 draws the last card
    assert thin["result"] is None and not thin["zones"]["p0.deck"]
    end_turn(thin)  # 9 in hand: one to 魂; turn 3 must draw from the empty deck
    assert thin["result"] == {"winner": 1, "turn": 3, "reason": "deck"}


def test_moving_cards_from_an_empty_deck_by_an_effect_loses():
    """・相手がドロー(札を引く)する際や効果によって山札から札を移動する際に山札がない。 — a mill by an effect."""
    mill = tool("削り", script=[{"op": "mill", "amount": 2}])
    state = start([mill])
    iid = take(state, "削り")
    for other in state["zones"]["p0.deck"][1:]:
        apply(state, {"type": "manual.move", "card": other, "to": "p0.exile"})
    apply(state, {"type": "tool", "card": iid})
    assert state["result"]["winner"] == 1 and state["result"]["reason"] == "deck"


def test_drawing_from_the_empty_deck_during_an_attack_loses_before_the_damage_would_win():
    """・相手がドロー(札を引く)する際…山札がない: whatever happens first decides, before the attack's damage."""
    place = card("家", power=5, keywords=("速攻",), script=[{"op": "draw", "when": "attack"}])
    state = new([place] + FILLER[:8], goldfish_life=5)
    apply(state, {"type": "zero_search", "cards": []})
    apply(state, {"type": "potential_done"})
    iid = take(state, "家")
    for other in list(state["zones"]["p0.deck"]):
        apply(state, {"type": "manual.move", "card": other, "to": "p0.exile"})
    play(state, {"type": "summon", "card": iid})
    play(state, {"type": "attack", "card": iid})
    assert state["result"] == {"winner": 1, "turn": 1, "reason": "deck"} and state["players"][1]["life"] == 5


def test_the_four_card_types():
    """巫の札には / 【場所札】【怪異札】 / 【道具札】【季節札】の / 4種類があります。"""
    assert [t.code for t in get_game("kannagi").card_types] == ["場所札", "怪異札", "道具札", "季節札"]
    state = start([apparition("影"), tool("塩"), season_card("季")])
    for key in ("影", "塩", "季"):
        take(state, key)
    take(state, "filler0", "p0.field")
    offered = {a["type"] for a in legal_actions(state)}
    assert {"possess", "tool", "deploy"} <= offered


# -- 魂 --------------------------------------------------------------------------------------------------------


def test_soul_is_a_threshold_with_the_season_and_is_not_spent():
    """札を使うには左上に漢数字で / 書かれたコストを満たしている / 必要があります。 / ・札を使うコストを満たすにはコストに表記された
    漢数字と同じ枚数、魂が必要になります。 / ・手札から使う札の季節に表記された季節と同じ季節の札が魂に無いと、その札は使えません。 /
    ・魂はコストとして消費されず、魂の枚数以内であれば札を使えます。"""
    state = start([card("春の家", cost=2, season=("春",)), tool("春札", season=("春",)), card("秋札", cost=9, season=("秋",))])
    spring = take(state, "春の家")
    assert not any(a.get("card") == spring for a in legal_actions(state))
    autumn = take(state, "秋札", "p0.soul")
    take(state, "filler1", "p0.soul")
    assert len(state["zones"]["p0.soul"]) == 2
    assert not any(a.get("card") == spring for a in legal_actions(state))  # two in 魂, but no 春
    apply(state, {"type": "manual.move", "card": autumn, "to": "p0.hand"})
    take(state, "春札", "p0.soul")
    assert any(a.get("card") == spring for a in legal_actions(state))
    play(state, {"type": "summon", "card": spring})
    assert where(state, spring) == "p0.field" and len(state["zones"]["p0.soul"]) == 2  # not spent


def test_a_card_of_the_season_mu_needs_no_season_in_soul():
    """・無の季節の札は、どの季節の魂でも使えます。"""
    state = start([card("無の家", cost=1, season=("無",))])
    iid = take(state, "無の家")
    assert {"type": "summon", "card": iid} not in legal_actions(state)  # the cost: 1 card in 魂
    take(state, "filler3", "p0.soul")  # a 冬 card: any season
    assert {"type": "summon", "card": iid} in legal_actions(state)


def test_a_mixed_card_needs_one_of_its_seasons_or_each_by_option():
    """・手札から使う札の季節に表記された季節と同じ季節の札が魂に無いと、その札は使えません。 — a mixed (混化) card: any one of
    its seasons by default (GAMES.md), each of them with the option "mixed_season": "all"."""
    for option, offered in (("any", True), ("all", False)):
        state = start([card("花火", cost=1, season=("春", "夏")), card("春の魂")], mixed_season=option)
        iid = take(state, "花火")
        take(state, "春の魂", "p0.soul")
        assert ({"type": "summon", "card": iid} in legal_actions(state)) is offered, option


# -- 場所札 ----------------------------------------------------------------------------------------------------


def test_a_place_is_summoned_face_up_and_fuse_and_rises_at_the_next_recovery():
    """・手札から場か【季節札】の上に / 公開して横向き「伏せ」状態で召喚する。 / ・横向き「伏せ」状態の【場所札】は攻撃 / できない。
    次の自分のターンの / 「回復フェイズ」に「伏せ」られた / 札は縦に「起き」、攻撃ができる。"""
    state = start([card("家", power=3), season_card("季"), card("上の家")])
    house = take(state, "家")
    play(state, {"type": "summon", "card": house})
    assert state["cards"][house]["face_up"] and state["cards"][house]["tapped"]
    assert {"type": "attack", "card": house} not in legal_actions(state)
    end_turn(state)
    assert not state["cards"][house]["tapped"] and {"type": "attack", "card": house} in legal_actions(state)
    season = take(state, "季")
    play(state, {"type": "deploy", "card": season})
    upper = take(state, "上の家")
    assert {"type": "summon", "card": upper, "onto": season} in legal_actions(state)
    play(state, {"type": "summon", "card": upper, "onto": season})
    assert state["cards"][upper]["on"] == season and state["cards"][upper]["tapped"]


def test_a_place_whose_season_left_at_the_declaration_is_summoned_onto_the_field():
    """(召喚に際し【場所札】を乗せたい / 【季節札】が【道具札】の効果などで / 場を離れた場合、場に召喚される。)"""
    sweep = tool("払い", script=[{"op": "move", "from": "field", "to": "soul"}])
    state = start([season_card("季"), card("家"), sweep])
    season = take(state, "季")
    play(state, {"type": "deploy", "card": season})
    house, broom = take(state, "家"), take(state, "払い")
    events = apply(state, {"type": "summon", "card": house, "onto": season})
    assert state["pending"]["type"] == "timing" and state["pending"]["at"] == "summon" and kinds(events, "declare")
    apply(state, {"type": "tool", "card": broom})  # the tool answers the declaration: the season to 魂
    events = apply(state, {"type": "choose", "card": season})
    assert where(state, season) == "p0.soul" and kinds(events, "season_gone") == ["season_gone"]
    assert where(state, house) == "p0.field" and "on" not in state["cards"][house]
    assert state["flags"]["summon"]


def test_a_places_steps_without_a_timing_happen_on_attack_not_on_summon():
    """・効果の発動のタイミングは札に記載され / ていない場合、「攻撃時」に発動する。"""
    state = start([card("家", power=1, keywords=("速攻",), script=[{"op": "damage", "amount": 3}])])
    iid = take(state, "家")
    play(state, {"type": "summon", "card": iid})
    assert state["players"][1]["life"] == 30
    play(state, {"type": "attack", "card": iid})
    assert state["players"][1]["life"] == 30 - 3 - 1


def test_a_zero_cost_place_needs_no_season_in_soul():
    """・零コストの【場所札】は魂に季節が / 無くても召喚できる。"""
    state = start([card("ねこやま", cost=0, season=("夏",), power=3), card("一の家", cost=1, season=("夏",))])
    zero, one = take(state, "ねこやま"), take(state, "一の家")
    take(state, "filler0", "p0.soul")  # 1 card in 魂, not 夏
    offered = legal_actions(state)
    assert {"type": "summon", "card": zero} in offered and {"type": "summon", "card": one} not in offered


def test_haste_lets_a_place_attack_the_turn_it_arrives():
    """■速攻 (「悠習の古日記」の例: 後から■速攻を持つ【場所札C】を召喚して攻撃することも可能): it is summoned 起き."""
    state = start([card("速い家", power=4, keywords=("速攻",))])
    iid = take(state, "速い家")
    play(state, {"type": "summon", "card": iid})
    assert not state["cards"][iid]["tapped"]
    play(state, {"type": "attack", "card": iid})
    assert state["players"][1]["life"] == 26


# -- 怪異札 ----------------------------------------------------------------------------------------------------


def test_apparitions_possess_face_down_turn_up_in_order_on_attack_and_go_to_soul_with_the_place():
    """・手札から【場所札】に裏向きで / 憑依し、使える札。 / ・効果は【場所札】の攻撃時、 / 【場所札】の効果発動前に憑依した順番で /
    表向きにし発動される。 / コストを満していなくても効果は発動できないが / 憑依自体はでき、【場所札】の攻撃後は一斉に魂に置かれる。 /
    ②攻撃が始まると【場所札】に憑依していた【怪異札】の効果が憑依が古い順番で発動します。 / ③憑依している全ての【怪異札】の効果が
    発動した後は【場所札】の「攻撃時:」効果が発動します。"""
    state = start([
        card("家", power=1, script=[{"op": "life", "amount": 5, "when": "attack"}]),
        apparition("影", script=[{"op": "damage", "amount": 1}]),
        apparition("髪", cost=3, season=("夏",), script=[{"op": "damage", "amount": 7}]),
    ])
    place = take(state, "家")
    play(state, {"type": "summon", "card": place})
    shadow = take(state, "影")
    play(state, {"type": "possess", "card": shadow, "target": place})
    assert not state["cards"][shadow]["face_up"] and state["cards"][shadow]["on"] == place
    end_turn(state)
    hair = take(state, "髪")
    play(state, {"type": "possess", "card": hair, "target": place})  # cost unmet: possession still allowed
    events = play(state, {"type": "attack", "card": place})
    order = [(e["type"], e.get("card"), e.get("amount")) for e in events if e["type"] in ("apparition", "damage", "life")]
    assert order == [("apparition", shadow, None), ("damage", None, 1), ("apparition", hair, None), ("life", None, 5), ("damage", None, 1)]
    assert [e["effect"] for e in events if e["type"] == "apparition"] == [True, False]  # 髪: 3 in 魂 needed
    assert all(where(state, i) == "p0.soul" for i in (place, shadow, hair))


def test_an_apparition_turns_face_up_on_the_field_when_its_effect_happens_and_the_opponent_sees_it():
    """・効果は【場所札】の攻撃時、 / 【場所札】の効果発動前に憑依した順番で / 表向きにし発動される。 — the flip itself: while its
    effect is under way (a choice it asks for), the apparition is still on the place, face up, and the opponent's
    view names it; the one possessed later is still face down and hidden until its turn."""
    state = start([card("家", keywords=("速攻",)), apparition("影", script=[{"op": "stat", "stat": "power", "amount": 1}]),
                   apparition("髪", script=[{"op": "stat", "stat": "power", "amount": 1}])])
    place = take(state, "家")
    play(state, {"type": "summon", "card": place})
    shadow = take(state, "影")
    play(state, {"type": "possess", "card": shadow, "target": place})
    end_turn(state)
    hair = take(state, "髪")
    play(state, {"type": "possess", "card": hair, "target": place})
    assert not state["cards"][shadow]["face_up"] and shadow not in view(state, 1)["cards"]
    play(state, {"type": "attack", "card": place})
    assert state["pending"]["type"] == "choose" and state["pending"]["card"] == shadow  # 影's effect asks
    assert where(state, shadow) == "p0.field" and state["cards"][shadow]["face_up"]
    assert shadow in view(state, 1)["cards"] and view(state, 1)["zones"]["p0.field"] == [place, shadow, None]
    assert not state["cards"][hair]["face_up"]
    apply(state, {"type": "choose", "card": place})
    assert state["pending"]["card"] == hair and state["cards"][hair]["face_up"] and hair in view(state, 1)["cards"]


def test_apparitions_stay_on_the_place_after_their_effect_until_the_attack_ends():
    """②…この時効果発動後も、憑依している【怪異札】は【場所札】に憑依されたままになります。"""
    state = start([card("家", power=1, keywords=("速攻",), script=[{"op": "stat", "stat": "power", "amount": 1}]), apparition("影", script=[{"op": "life", "amount": 1}])])
    place = take(state, "家")
    play(state, {"type": "summon", "card": place})
    shadow = take(state, "影")
    play(state, {"type": "possess", "card": shadow, "target": place})
    play(state, {"type": "attack", "card": place})
    assert state["pending"]["type"] == "choose"  # the place's own effect, after the apparition's
    assert state["players"][0]["life"] == 31 and state["cards"][shadow]["on"] == place and where(state, shadow) == "p0.field"
    assert state["cards"][shadow]["face_up"]
    apply(state, {"type": "choose", "card": place})
    assert where(state, shadow) == where(state, place) == "p0.soul" and state["players"][1]["life"] == 28


def test_an_apparition_whose_place_is_lost_at_the_declaration_goes_to_the_revealed_hand():
    """・憑依宣言時に憑依先を失った【怪異札】は持ち主の / 手札公開場に置く。 / それぞれ宣言を行う。その宣言に対して効果でその宣言を
    行うことができなかった場合のみ、その宣言は無くなり他の宣言をしても良い。 / 各フェイズは宣言し行います。行ったフェイズが消費される
    タイミングはそのフェイズが完了した時に消費されます。 (③憑依編: 改めて【怪異札B】や【怪異札C】を憑依させることが出来る)"""
    sweep = tool("払い", script=[{"op": "move", "from": "field", "to": "soul"}])
    state = start([card("家A", keywords=("速攻",)), card("家B"), apparition("影"), apparition("髪"), sweep])
    a = take(state, "家A")
    play(state, {"type": "summon", "card": a})
    b = take(state, "家B", "p0.field")
    shadow, hair, broom = take(state, "影"), take(state, "髪"), take(state, "払い")
    apply(state, {"type": "possess", "card": shadow, "target": a})
    assert state["pending"] == {"type": "timing", "player": 0, "at": "possess"}
    apply(state, {"type": "tool", "card": broom})
    events = apply(state, {"type": "choose", "card": a})  # the place the apparition was declared onto leaves
    assert kinds(events, "declaration_void") == ["declaration_void"]
    assert where(state, shadow) == "p0.reveal" and state["cards"][shadow]["face_up"]
    assert not state["flags"]["possess"]  # the possession did not complete: the sub-phase is still open
    play(state, {"type": "possess", "card": hair, "target": b})
    assert state["cards"][hair]["on"] == b and state["flags"]["possess"]


def test_apparitions_go_to_soul_when_their_place_leaves_the_field():
    """・憑依している【場所札】が場を離れた時、魂になる。 — by an effect, and by hand."""
    sweep = tool("払い", script=[{"op": "move", "from": "field", "to": "exile"}])
    state = start([card("家"), card("家2"), apparition("影"), apparition("髪"), sweep], tool_timing="main")
    place = take(state, "家", "p0.field")
    shadow = take(state, "影")
    play(state, {"type": "possess", "card": shadow, "target": place})
    apply(state, {"type": "tool", "card": take(state, "払い")})
    apply(state, {"type": "choose", "card": place})
    assert where(state, place) == "p0.exile" and where(state, shadow) == "p0.soul" and "on" not in state["cards"][shadow]
    end_turn(state)
    other = take(state, "家2", "p0.field")
    hair = take(state, "髪")
    play(state, {"type": "possess", "card": hair, "target": other})
    apply(state, {"type": "manual.move", "card": other, "to": "p0.hand"})
    assert where(state, hair) == "p0.soul"


# -- 道具札 ----------------------------------------------------------------------------------------------------


def test_a_tool_is_put_into_soul_and_then_its_effect_happens():
    """・手札からそのまま使え、魂に置き効果を発動する札。 — 魂 holds the tool while its effect resolves (a draw that
    needs a card in 魂 happens with an empty 魂 before)."""
    counted = tool("数え", script=[{"op": "draw", "amount": 1, "if_zone": "soul", "if_min": 1}])
    state = start([counted])
    iid = take(state, "数え")
    assert not state["zones"]["p0.soul"]
    before = len(hand(state))
    events = apply(state, {"type": "tool", "card": iid})
    assert where(state, iid) == "p0.soul" and len(hand(state)) == before  # -1 used, +1 drawn
    moves = [e for e in events if e["type"] == "move"]
    assert moves[0]["card"] == iid and moves[0]["to"] == "p0.soul" and moves[1]["to"] == "p0.hand"


def test_one_tool_from_your_turn_start_to_your_next_turn_start_the_goldfishs_turn_included():
    """・自分の「ターン開始時」から自分の「ターン開始時」までの間に1度だけ使える。"""
    state = start([tool("塩"), tool("灯"), tool("札")], opening=4)
    salt, lamp, third = take(state, "塩"), take(state, "灯"), take(state, "札")
    apply(state, {"type": "end_turn"})  # none used on turn 1: the end phase and the goldfish's turn are still in the cycle
    assert state["pending"] == {"type": "timing", "player": 0, "at": "end"}
    apply(state, SKIP)
    assert state["pending"] == {"type": "timing", "player": 0, "at": "goldfish"} and state["active"] == 1
    apply(state, {"type": "tool", "card": salt})
    assert state["pending"]["at"] == "start" and state["turn"] == 2  # a new cycle: asked again at once
    apply(state, {"type": "tool", "card": lamp})
    assert state["pending"] is None and state["phase"] == "main"  # no more questions this cycle
    assert not any(a["type"] == "tool" for a in legal_actions(state))
    with pytest.raises(IllegalAction, match="tool"):
        apply(state, {"type": "tool", "card": third})
    apply(state, {"type": "end_turn"})
    assert state["turn"] == 3 and state["pending"]["at"] == "start"  # no question in the goldfish's turn


def test_a_tool_may_be_used_at_each_declaration():
    """・使えるタイミングは各宣言時と召喚時効果を持つ札 / が召喚するに際し宣言より優先的使う事ができる。 / ●ターン開始 /
    ●回復フェイズ / ●ドローフェイズ / ●メインフェイズ / ●【場所札】攻撃フェイズ / ●【場所札】召喚フェイズ / ●【怪異札】憑依フェイズ /
    ●【季節札】展開フェイズ / ●エンドフェイズ※ただし手札超過の処理の移行後は / 使えない。 / ①ターン開始フェイズ /
    自分のターンの開始を宣言します。 — asked at each declaration while a tool is usable and unused; in the main phase a
    tool is a free action until the end is declared. With "tool_timing": "main" only the main phase."""
    cards = [tool("塩"), card("家"), card("家2"), apparition("影"), season_card("季")]
    state = start(cards, opening=4)
    assert state["pending"] is None
    salt, house, shadow, season = (take(state, key) for key in ("塩", "家", "影", "季"))
    ready = take(state, "家2", "p0.field")
    asked = []
    apply(state, {"type": "end_turn"})
    for _ in range(5):  # the end phase, the goldfish's turn, then this turn's start, recovery and draw
        asked.append((state["pending"]["at"], state["phase"]))
        apply(state, SKIP)
    assert asked == [("end", "end"), ("goldfish", "goldfish"), ("start", "start"), ("recovery", "recovery"), ("draw", "draw")]
    assert state["phase"] == "main" and {"type": "tool", "card": salt} in legal_actions(state)
    for action in ({"type": "deploy", "card": season}, {"type": "summon", "card": house},
                   {"type": "possess", "card": shadow, "target": ready}, {"type": "attack", "card": ready}):
        apply(state, action)
        assert state["pending"] == {"type": "timing", "player": 0, "at": action["type"]}
        apply(state, SKIP)
    assert state["flags"]["deploy"] and state["flags"]["summon"] and state["flags"]["possess"] and state["flags"]["attack"]
    quiet = start(cards, tool_timing="main")
    take(quiet, "塩")
    end_turn(quiet)
    assert quiet["pending"] is None and any(a["type"] == "tool" for a in legal_actions(quiet))


def test_a_tool_at_a_summon_declaration_resolves_before_the_summon_effect():
    """・使えるタイミングは各宣言時と召喚時効果を持つ札 / が召喚するに際し宣言より優先的使う事ができる。 /
    ・召喚時効果よりも優先に効果を発動する。"""
    state = start([card("家", script=[{"op": "life", "amount": 2, "when": "summon"}]), tool("塩", script=[{"op": "damage", "amount": 1}])])
    house, salt = take(state, "家"), take(state, "塩")
    apply(state, {"type": "summon", "card": house})
    assert state["pending"]["at"] == "summon" and where(state, house) == "p0.hand"
    events = apply(state, {"type": "tool", "card": salt})
    assert [(e["type"], e["player"]) for e in events if e["type"] in ("damage", "life")] == [("damage", 1), ("life", 0)]
    assert where(state, house) == "p0.field" and state["players"][0]["life"] == 32


def test_a_tool_that_chooses_cannot_be_used_without_something_to_choose():
    """・対象及び、何かを選んで効果を発動する札は、 / 選ぶ対象がない場合使用できない。 — 清めの塩 targets an opponent's place
    (the goldfish has none); a tool that raises a place's power needs a card of yours on the field."""
    state = start([bundled("清めの塩"), tool("力", script=[{"op": "stat", "stat": "power", "amount": 2}]), card("夏の魂", season=("夏",))])
    salt, power = take(state, "清めの塩"), take(state, "力")
    for i in range(3):
        take(state, f"filler{i}", "p0.soul")
    take(state, "夏の魂", "p0.soul")
    offered = legal_actions(state)
    assert not any(a.get("card") in (salt, power) for a in offered)
    with pytest.raises(IllegalAction, match="not usable"):
        apply(state, {"type": "tool", "card": salt})
    take(state, "filler9", "p0.field")
    offered = legal_actions(state)
    assert {"type": "tool", "card": power} in offered and {"type": "tool", "card": salt} not in offered


def test_no_tool_during_an_attack_after_its_declaration():
    """・攻撃フェイズ宣言時に使わなかった場合【場所札】が / 魂になるまで使えない。 / ①【場所札】攻撃フェイズを宣言したら相手に
    【道具札】の使用がないか確認します。 — the declaration is the moment (the goldfish has no tools); during the attack
    nothing but its own choices, until the place is in 魂."""
    state = start([card("家", keywords=("速攻",), script=[{"op": "stat", "stat": "power", "amount": 1}]), tool("塩")])
    house, salt = take(state, "家"), take(state, "塩")
    play(state, {"type": "summon", "card": house})
    apply(state, {"type": "attack", "card": house})
    assert state["pending"]["at"] == "attack" and {"type": "tool", "card": salt} in legal_actions(state)
    apply(state, SKIP)
    assert state["pending"]["type"] == "choose" and {a["type"] for a in legal_actions(state)} == {"choose"}
    apply(state, {"type": "choose", "card": house})
    assert where(state, house) == "p0.soul" and {"type": "tool", "card": salt} in legal_actions(state)


def test_no_tool_once_the_hand_limit_is_being_dealt_with():
    """●エンドフェイズ※ただし手札超過の処理の移行後は / 使えない。 / この間、どちらも【道具札】使用する事はできません。 — the end
    phase's declaration is a moment for a tool (used or not); then the hand limit, with no tool."""
    for use in (True, False):
        state = start([tool("塩", script=[{"op": "damage", "amount": 1}]), tool("灯")])
        salt, lamp = take(state, "塩"), take(state, "灯")  # 10 in hand
        apply(state, {"type": "end_turn"})
        assert state["pending"] == {"type": "timing", "player": 0, "at": "end"} and state["phase"] == "end"
        assert {"type": "tool", "card": salt} in legal_actions(state)
        events = apply(state, {"type": "tool", "card": salt} if use else SKIP)
        assert state["pending"]["type"] == "hand_limit" and state["phase"] == "end"
        assert state["pending"]["n"] == (1 if use else 2) and state["players"][1]["life"] == (29 if use else 30)
        assert kinds(events, "tool", "hand_limit") == (["tool", "hand_limit"] if use else ["hand_limit"])
        assert {a["type"] for a in legal_actions(state)} == {"hand_limit"}
        with pytest.raises(IllegalAction):
            apply(state, {"type": "tool", "card": lamp})


# -- 季節札 ----------------------------------------------------------------------------------------------------


def test_a_season_stays_on_the_field_and_its_effect_goes_on():
    """・場に展開し使える札。 / 効果使用後も魂にいかず、場に残り効果を発動し続ける。 / ・【季節札】の上には【場所札】を1枚召喚できる。"""
    hill = season_card("丘", script=[{"op": "damage", "amount": 1, "when": "attack"}])
    state = start([hill, card("家", keywords=("速攻",)), card("家2", keywords=("速攻",)), card("家3")])
    season = take(state, "丘")
    play(state, {"type": "deploy", "card": season})
    assert where(state, season) == "p0.field" and state["cards"][season]["face_up"]
    first = take(state, "家")
    play(state, {"type": "summon", "card": first, "onto": season})
    take(state, "家3")
    assert not any(a.get("onto") == season for a in legal_actions(state))  # one place on a season
    play(state, {"type": "attack", "card": first})
    assert state["players"][1]["life"] == 30 - 1 - 2 and where(state, season) == "p0.field"
    end_turn(state)
    second = take(state, "家2")
    play(state, {"type": "summon", "card": second, "onto": season})
    play(state, {"type": "attack", "card": second})
    assert state["players"][1]["life"] == 27 - 1 - 2  # its effect again


def test_one_season_card_a_player_and_a_new_one_sends_the_old_and_its_place_to_soul():
    """・【季節札】が場を離れた場合、【季節札】の上に / ある全ての札は魂に置かれる。 / ・自分の場に1枚しか置けず、 /
    新たに【季節札】を展開した場合、 / 前の【季節札】は魂に置かれる。"""
    state = start([season_card("夏夜"), season_card("円形校舎"), card("上の家"), apparition("影")])
    first = take(state, "夏夜")
    play(state, {"type": "deploy", "card": first})
    house = take(state, "上の家")
    play(state, {"type": "summon", "card": house, "onto": first})
    shadow = take(state, "影")
    play(state, {"type": "possess", "card": shadow, "target": house})
    end_turn(state)
    second = take(state, "円形校舎")
    play(state, {"type": "deploy", "card": second})
    assert where(state, first) == where(state, house) == where(state, shadow) == "p0.soul"
    assert where(state, second) == "p0.field"


def test_a_season_leaving_the_field_by_hand_takes_the_place_on_it_to_soul():
    """・【季節札】が場を離れた場合、【季節札】の上に / ある全ての札は魂に置かれる。 — a manual move."""
    state = start([season_card("季"), card("上")])
    season = take(state, "季")
    play(state, {"type": "deploy", "card": season})
    place = take(state, "上")
    play(state, {"type": "summon", "card": place, "onto": season})
    apply(state, {"type": "manual.move", "card": season, "to": "p0.exile"})
    assert where(state, place) == "p0.soul" and "on" not in state["cards"][place]


# -- the attack ------------------------------------------------------------------------------------------------


def test_an_attack_deals_the_places_power_to_life_then_the_place_and_apparitions_go_to_soul_together():
    """④次に【場所札】の左下に記載の数字分相手のライフにダメージを与えます。基本、相手の【場所札】にダメージを与えることはできません。
    ※「◼︎襲撃」を除く。 / ⑤最後に攻撃を終え相手にクリアされてしまった【場所札】や憑依していた【怪異札】は同時に持ち主の魂になります。
    / ・【場所札】と【怪異札】は攻撃後、【道具札】は使われた後、魂に置かれます。 — the goldfish has no place, so a ■襲撃
    place's power goes to life too."""
    state = start([card("家", power=3), apparition("影"), card("祠", power=4, keywords=("速攻", "襲撃"))])
    place = take(state, "家")
    play(state, {"type": "summon", "card": place})
    shadow = take(state, "影")
    play(state, {"type": "possess", "card": shadow, "target": place})
    end_turn(state)
    events = play(state, {"type": "attack", "card": place})
    assert state["players"][1]["life"] == 27
    last = [e for e in events if e["type"] in ("move", "damage")]
    assert last[0]["type"] == "damage" and {e["card"] for e in last[1:]} == {place, shadow}  # both, in the same step
    assert all(e["to"] == "p0.soul" for e in last[1:]) and state["cards"][place]["face_up"]  # 魂: 表逆向き
    with pytest.raises(IllegalAction, match="attack"):
        apply(state, {"type": "attack", "card": place})
    end_turn(state)
    shrine = take(state, "祠")
    play(state, {"type": "summon", "card": shrine})
    play(state, {"type": "attack", "card": shrine})
    assert state["players"][1]["life"] == 23


def test_an_attack_made_impossible_at_its_declaration_leaves_the_attack_phase_open():
    """それぞれ宣言を行う。その宣言に対して効果でその宣言を行うことができなかった場合のみ、その宣言は無くなり他の宣言をしても良い。
    / 各フェイズは宣言し行います。行ったフェイズが消費されるタイミングはそのフェイズが完了した時に消費されます。 (①攻撃編: 他の
    【場所札B】で改めて攻撃宣言をすることが出来る)"""
    sweep = tool("払い", script=[{"op": "move", "from": "field", "to": "soul"}])
    state = start([card("家A"), card("家B", power=3), sweep])
    a, b = take(state, "家A", "p0.field"), take(state, "家B", "p0.field")
    broom = take(state, "払い")
    apply(state, {"type": "attack", "card": a})
    apply(state, {"type": "tool", "card": broom})
    events = apply(state, {"type": "choose", "card": a})
    assert kinds(events, "declaration_void", "attack") == ["declaration_void"] and not state["flags"]["attack"]
    play(state, {"type": "attack", "card": b})
    assert state["players"][1]["life"] == 27 and state["flags"]["attack"]


# -- 魂: defence -------------------------------------------------------------------------------------------------


def test_damage_to_the_player_may_be_taken_by_exiling_soul_cards():
    """・魂を除外する事でダメージを魂で受けられます。その場合1枚の魂につき1点の計算となります。このことを「防御」と言います。 /
    ④除外:除外する札を表向きで置きます。"""
    state = start([tool("痛み", script=[{"op": "damage", "amount": 3, "who": "you"}])])
    soul = [take(state, f"filler{i}", "p0.soul") for i in range(4)]
    apply(state, {"type": "tool", "card": take(state, "痛み")})
    asked = decision(state)
    assert asked["type"] == "defend" and asked["answer"] == "choose" and asked["many"] and asked["max"] == 3
    assert set(asked["candidates"]) == set(state["zones"]["p0.soul"])
    events = apply(state, {"type": "choose", "cards": soul[:2]})
    assert state["players"][0]["life"] == 29 and all(where(state, i) == "p0.exile" and state["cards"][i]["face_up"] for i in soul[:2])
    assert kinds(events, "defend", "damage") == ["defend", "damage"]


# -- setup -------------------------------------------------------------------------------------------------------


def test_setup_shuffles_draws_8_and_offers_zero_search():
    """①山札をシャッフルして場に置きます。 / ③山札の上から8枚札を引き、初期手札とします。 / 『零探し』:「零探しします」と宣言し、
    先攻から手札を任意の枚数公開し、好きな順番で山札の1番下に置き、1回だけその枚数分山札の上から札を引けます。"""
    deck = canonical_decks([FILLER])[0]
    one, two = new(deck, seed=5), new(deck, seed=6)
    assert [p["life"] for p in one["players"]] == [30, 30]
    order = [one["cards"][i]["def"] for i in one["zones"]["p0.hand"] + one["zones"]["p0.deck"]]
    assert order != [c["key"] for c in deck][::-1] and order != [two["cards"][i]["def"] for i in two["zones"]["p0.hand"] + two["zones"]["p0.deck"]]
    assert len(hand(one)) == 8 and one["pending"]["type"] == "zero_search"
    assert one["pending"]["choose"] == {"zone": "p0.hand", "min": 0, "max": 8}  # any of the 8 may go back
    back = hand(one)[:3]
    apply(one, {"type": "zero_search", "cards": back})
    assert one["zones"]["p0.deck"][:3] == back[::-1]  # at the bottom, in the order given (the last lowest)
    assert len(hand(one)) == 8 and not set(back) & set(hand(one))
    with pytest.raises(IllegalAction):
        apply(one, {"type": "zero_search", "cards": []})  # once only
    assert new(deck, seed=5, opening=5)["zones"]["p0.hand"].__len__() == 5  # the opening hand is an option


def test_who_starts_is_decided_by_the_games_random_draw_or_chosen():
    """②サイコロやジャンケンなどで先攻と後攻を決定します。 / ①先攻は回復フェイズから始まりますが、1ターン目のみドローフェイズを
    行えません。 / ②後攻は回復フェイズから行い、後攻はドローフェイズを行い、メインフェイズを行います。 / 先攻1ターン目にはできません。"""
    firsts = {new_game("kannagi", [FILLER], seed=s)["flags"]["first"] for s in range(12)}
    assert firsts == {0, 1}  # じゃんけん: both happen, by the seed
    again = new_game("kannagi", [FILLER], seed=3)
    assert again["flags"]["first"] == new_game("kannagi", [FILLER], seed=3)["flags"]["first"]
    for who, drawn, order in (("player", 8, ["turn"]), ("goldfish", 9, ["goldfish_turn", "turn"])):
        state = new(FILLER, first=who)
        apply(state, {"type": "zero_search", "cards": []})
        events = apply(state, {"type": "potential_done"})
        assert kinds(events, "goldfish_turn", "turn") == order and state["turn"] == 1
        assert len(hand(state)) == drawn, who  # the second player draws on the first turn
    drawing = new(FILLER, first_player_draws=True)
    apply(drawing, {"type": "zero_search", "cards": []})
    apply(drawing, {"type": "potential_done"})
    assert len(hand(drawing)) == 9


def test_each_players_first_turn_starts_from_the_recovery_phase():
    """①先攻は回復フェイズから始まりますが、1ターン目のみドローフェイズを行えません。 / ②後攻は回復フェイズから行い、後攻は
    ドローフェイズを行い、メインフェイズを行います。 — no ターン開始 declaration on the first turn (nor a tool then); from the
    second turn on there is one."""
    for who, asked in (("player", ["recovery", "draw"]), ("goldfish", ["goldfish", "recovery", "draw"])):
        state = new([tool("塩")] + FILLER, first=who, opening=6)
        take(state, "塩")
        apply(state, {"type": "zero_search", "cards": []})
        apply(state, {"type": "potential_done"})
        seen = []
        while state["pending"]:
            seen.append(state["pending"]["at"])
            apply(state, SKIP)
        assert seen == asked and state["turn"] == 1 and state["phase"] == "main", who
        apply(state, {"type": "end_turn"})
        assert state["pending"]["at"] == "end"
        apply(state, SKIP)
        assert state["pending"]["at"] == "goldfish"
        apply(state, SKIP)
        assert state["pending"]["at"] == "start" and state["turn"] == 2


def test_potential_places_may_be_summoned_after_zero_search_and_rise_in_the_first_recovery():
    """キーワード能力「◼︎潜在能力」を持つ【場所札】があれば召喚できます。 / 零探しの後「◼︎潜在能力」を持つ【場所札】があれば両者とも
    回復フェイズで「起き」にできます。 — no cost is named (魂 is empty then); both players, the first one first."""
    for who in ("player", "goldfish"):
        hotel = card("廃ホテル", cost=4, season=("冬",), keywords=("潜在能力",))
        state = new([hotel] * 8 + FILLER, seed=2, first=who)
        apply(state, {"type": "zero_search", "cards": []})
        offered = [a for a in legal_actions(state) if a["type"] == "summon"]
        assert offered and decision(state)["candidates"] == [a["card"] for a in offered]
        iid = offered[0]["card"]
        apply(state, offered[0])
        assert where(state, iid) == "p0.field" and state["cards"][iid]["tapped"] and state["pending"]["type"] == "potential"
        apply(state, {"type": "potential_done"})
        assert not state["cards"][iid]["tapped"] and {"type": "attack", "card": iid} in legal_actions(state)


# -- the turn ------------------------------------------------------------------------------------------------------


def test_the_recovery_phase_raises_fuse_cards_and_restores_damaged_places():
    """②「回復フェイズ」 / 横向きに「伏せ」られた札が縦に「起き」ます。 / ダメージを受けた【場所札】の力が元に戻ります。"""
    state = start([card("家", power=3)])
    house = take(state, "家", "p0.field")
    apply(state, {"type": "manual.tap", "card": house, "tapped": True})
    apply(state, {"type": "manual.counter", "card": house, "name": "damage", "delta": 2})
    assert get_game("kannagi").rules.power(state, house) == 1
    end_turn(state)
    assert not state["cards"][house]["tapped"] and state["cards"][house]["counters"] == {}


def test_the_draw_phase_draws_one_from_the_top_of_the_deck():
    """③「ドローフェイズ」 / 山札の上から札を1枚引きます。 / ③山札:自分の山札です。ここから札を引きます。"""
    state = start()
    top = state["zones"]["p0.deck"][-1]
    end_turn(state)
    assert hand(state)[-1] == top and len(hand(state)) == 9


def test_the_main_phase_sub_phases_each_once_in_any_order():
    """④「メインフェイズ」 / 以下を好きな順番で各1回のみできます。 / ・【場所札】召喚フェイズ / ・【場所札】攻撃フェイズ /
    ・【怪異札】憑依フェイズ / ・【季節札】展開フェイズ"""
    state = start([card("家1", keywords=("速攻",)), card("家2"), apparition("影1"), apparition("影2"), season_card("季1"), season_card("季2")])
    cards = {k: take(state, k) for k in ("家1", "家2", "影1", "影2", "季1", "季2")}
    play(state, {"type": "summon", "card": cards["家1"]})
    play(state, {"type": "attack", "card": cards["家1"]})  # attacking before possessing or deploying
    play(state, {"type": "deploy", "card": cards["季1"]})
    take(state, "filler0", "p0.field")
    play(state, {"type": "possess", "card": cards["影1"], "target": state["zones"]["p0.field"][-1]})
    for action in ({"type": "summon", "card": cards["家2"]}, {"type": "deploy", "card": cards["季2"]},
                   {"type": "possess", "card": cards["影2"], "target": state["zones"]["p0.field"][-1]}):
        assert action not in legal_actions(state)
        with pytest.raises(IllegalAction, match="already done"):
            apply(state, action)
    end_turn(state)
    assert {"type": "summon", "card": cards["家2"]} in legal_actions(state)


def test_a_hand_over_8_at_the_end_goes_down_to_8_into_soul():
    """⑤「エンドフェイズ」 / その時手札が9枚以上の場合、 / 手札が8枚になるように魂に置きます。"""
    state = start()
    take(state, "filler30")
    assert len(hand(state)) == 9
    apply(state, {"type": "end_turn"})
    assert state["pending"]["type"] == "hand_limit"
    with pytest.raises(IllegalAction):
        apply(state, {"type": "hand_limit", "cards": hand(state)[:2]})
    chosen = hand(state)[0]
    apply(state, {"type": "hand_limit", "cards": [chosen]})
    assert where(state, chosen) == "p0.soul" and state["turn"] == 2 and len(hand(state)) == 9  # 8 + the draw


# -- the 神 rule -------------------------------------------------------------------------------------------------


def test_two_god_cards_of_one_name_cannot_both_be_on_the_field_and_the_player_chooses_which_goes():
    """札の真ん中の「属性」欄に”神”と書かれた同じ札(同名札)は場に同時に存在する事ができずどちらか1つを選び、即刻持ち主の魂にする。"""
    god = card("山神", attributes=("神",))
    for keep_new in (False, True):
        state = start([god, {**god}])
        first = take(state, "山神", "p0.field")
        second = take(state, "山神")
        play(state, {"type": "summon", "card": second})
        asked = decision(state)
        assert asked["type"] == "god" and asked["answer"] == "choose" and asked["candidates"] == [first, second]
        goes, stays = (first, second) if keep_new else (second, first)
        apply(state, {"type": "choose", "card": goes})
        assert where(state, goes) == "p0.soul" and where(state, stays) == "p0.field" and state["pending"] is None


def test_a_god_card_chosen_for_soul_has_no_summon_effect():
    """召喚時効果を持つ札を選んだ場合、召喚時効果も発動すること はできない。"""
    god = card("大蛇", attributes=("神",), script=[{"op": "damage", "amount": 5, "when": "summon"}])
    for goes_new, life in ((True, 30), (False, 25)):
        state = start([god, {**god}])
        old = take(state, "大蛇", "p0.field")
        new_one = take(state, "大蛇")
        play(state, {"type": "summon", "card": new_one})
        apply(state, {"type": "choose", "card": new_one if goes_new else old})
        assert state["players"][1]["life"] == life


# -- the layout and what each player sees ---------------------------------------------------------------------


def test_the_opponent_sees_no_hidden_card_not_even_a_face_down_apparition():
    """①非公開手札:引いた札は対戦相手に見せず手札にします。 / ②手札公開場:手札公開場に置かれた札は表向きで置かれます。 /
    ⑤場:場に出す札を置きます。 — view(state, 1): the hand and deck as counts; on the field the places face up and the
    possessing apparition face down."""
    state = start([card("家"), apparition("影"), card("見せ札")])
    place = take(state, "家", "p0.field")
    shadow = take(state, "影")
    play(state, {"type": "possess", "card": shadow, "target": place})
    shown = take(state, "見せ札", "p0.reveal")
    assert state["cards"][shown]["face_up"]
    theirs, mine = view(state, 1), view(state, 0)
    assert theirs["zones"]["p0.field"] == [place, None] and shadow not in theirs["cards"]
    assert set(theirs["zones"]["p0.hand"]) == {None} and set(theirs["zones"]["p0.deck"]) == {None}
    assert theirs["zones"]["p0.reveal"] == [shown]
    hidden = set(state["zones"]["p0.hand"] + state["zones"]["p0.deck"]) | {shadow}
    assert not hidden & set(theirs["cards"]) and not {state["cards"][i]["def"] for i in hidden} - {"家", "見せ札"} & set(theirs["defs"])
    assert mine["zones"]["p0.field"] == [place, shadow]  # the owner sees their own
    end_turn(state)
    apply(state, {"type": "attack", "card": place})
    assert where(state, shadow) == "p0.soul"


def test_soul_cards_lie_face_up_and_upside_down_open_to_both_players():
    """⑥魂:魂にする札を表逆向きで置きます。 — 表逆向き: face up, upside down, so the opponent sees them: every way into 魂
    (after an attack, a used tool, the hand limit, a manual move) puts the card face up; view(state, 1) names them,
    the events of their moves name them to the opponent, and the layout says the 魂 zones lie upside down."""
    state = start([card("家", keywords=("速攻",)), apparition("影"), tool("塩")])
    place, shadow, salt = take(state, "家"), take(state, "影"), take(state, "塩")
    play(state, {"type": "summon", "card": place})
    play(state, {"type": "possess", "card": shadow, "target": place})
    apply(state, {"type": "attack", "card": place})
    attacked = apply(state, SKIP)  # no tool at the declaration: the attack
    used = apply(state, {"type": "tool", "card": salt})
    by_hand = take(state, "filler5", "p0.soul")
    for i in range(30, 33):
        take(state, f"filler{i}")
    apply(state, {"type": "end_turn"})
    go_on(state)
    over = state["pending"]["n"]
    limit = apply(state, {"type": "hand_limit", "cards": hand(state)[:over]})
    soul = state["zones"]["p0.soul"]
    assert {place, shadow, salt, by_hand} < set(soul) and all(state["cards"][i]["face_up"] for i in soul)
    theirs = view(state, 1)
    assert theirs["zones"]["p0.soul"] == soul and set(soul) <= set(theirs["cards"])
    assert theirs["layout"]["upside_down"] == ["p0.soul", "p1.soul"] and view(state, 0)["layout"] == theirs["layout"]
    to_soul = [e for e in events_for(state, attacked + used + limit, 1) if e["type"] == "move" and e["to"] == "p0.soul"]
    assert over and len(to_soul) == 2 + 1 + over and all(e["card"] for e in to_soul)  # named to the opponent too
    assert view(state, 1)["zones"]["p0.hand"] == [None] * len(hand(state))  # the hand stays hidden


def test_the_revealed_hand_counts_as_hand_and_its_cards_can_be_played():
    """②手札公開場:手札公開場に置かれた札は表向きで置かれます。手札として数えます。"""
    state = start([card("家"), tool("塩")])
    house, salt = take(state, "家", "p0.reveal"), take(state, "塩", "p0.reveal")
    assert state["cards"][house]["face_up"]
    offered = legal_actions(state)
    assert {"type": "summon", "card": house} in offered and {"type": "tool", "card": salt} in offered
    play(state, {"type": "summon", "card": house})
    assert where(state, house) == "p0.field"
    take(state, "filler30")
    take(state, "filler31", "p0.reveal")
    assert len(hand(state)) == 9 - 1
    apply(state, {"type": "end_turn"})
    apply(state, SKIP)  # the end phase's declaration: no tool
    assert state["pending"]["type"] == "hand_limit" and state["pending"]["n"] == 2
    assert set(decision(state)["candidates"]) == set(hand(state) + state["zones"]["p0.reveal"])


def test_exiled_cards_are_face_up():
    """④除外:除外する札を表向きで置きます。"""
    state = start()
    iid = take(state, "filler2", "p0.soul")
    apply(state, {"type": "manual.move", "card": iid, "to": "p0.exile"})
    assert state["cards"][iid]["face_up"] and view(state, 1)["zones"]["p0.exile"] == [iid]


# -- effects and damage --------------------------------------------------------------------------------------------


def stubborn(key="人形"):
    """A 魂 card with ■不屈: exiled by 防御, it deals 1 damage (「発狂人形の家」の不屈の1点ダメージ)."""
    return card(key, power=1, keywords=("不屈",), script=[{"op": "damage", "amount": 1, "when": "exiled"}])


def test_an_effect_set_off_during_another_waits_until_that_one_is_done():
    """①もし、効果が発動している途中に他の効果が発動した場合は、最初に発動した効果が全て解決された後に途中で発動された効果を
    発動する。 / ①ダメージを受けたプレイヤーの防御によって「不屈」などの効果が発動した場合、優先的に最初のダメージの発生源の処理を
    しなくてはなりません。"""
    hurt = tool("痛み", script=[{"op": "damage", "amount": 1, "who": "you"}, {"op": "damage", "amount": 30}])
    state = start([hurt, stubborn()])
    doll = take(state, "人形", "p0.soul")
    apply(state, {"type": "tool", "card": take(state, "痛み")})
    events = apply(state, {"type": "choose", "cards": [doll]})  # defended with the 不屈 card
    assert [(e["player"], e["amount"]) for e in events if e["type"] == "damage"] == [(0, 0), (1, 30)]
    assert state["result"] == {"winner": 0, "turn": 1, "reason": "life"}  # the source's damage first: 不屈 never came
    slow = start([tool("痛み", script=[{"op": "damage", "amount": 1, "who": "you"}, {"op": "life", "amount": 3}]), stubborn()])
    doll = take(slow, "人形", "p0.soul")
    apply(slow, {"type": "tool", "card": take(slow, "痛み")})
    events = apply(slow, {"type": "choose", "cards": [doll]})
    assert [(e["type"], e["player"]) for e in events if e["type"] in ("damage", "life")] == [("damage", 0), ("life", 0), ("damage", 1)]
    assert slow["players"][1]["life"] == 29


def test_effects_at_the_same_time_go_in_the_order_the_player_chooses():
    """②同時に発動した効果は、発動したプレイヤーが好きな順番で効果を発動する。 — two 不屈 cards exiled together, and a place's
    攻撃時 with its season's."""
    state = start([tool("痛み", script=[{"op": "damage", "amount": 2, "who": "you"}]), stubborn("人形A"),
                   card("人形B", script=[{"op": "life", "amount": 4, "when": "exiled"}])])
    a, b = take(state, "人形A", "p0.soul"), take(state, "人形B", "p0.soul")
    apply(state, {"type": "tool", "card": take(state, "痛み")})
    apply(state, {"type": "choose", "cards": [a, b]})
    assert decision(state)["type"] == "order" and set(decision(state)["candidates"]) == {a, b}
    events = apply(state, {"type": "choose", "card": b})
    assert [e["type"] for e in events if e["type"] in ("damage", "life")] == ["life", "damage"]
    hill = season_card("丘", script=[{"op": "life", "amount": 1, "when": "attack"}])
    field = start([hill, card("家", keywords=("速攻",), script=[{"op": "damage", "amount": 2, "when": "attack"}])])
    season = take(field, "丘")
    play(field, {"type": "deploy", "card": season})
    house = take(field, "家")
    play(field, {"type": "summon", "card": house, "onto": season})
    play(field, {"type": "attack", "card": house})
    assert decision(field)["type"] == "order" and decision(field)["candidates"] == [house, season]
    events = apply(field, {"type": "choose", "card": season})
    assert [e["type"] for e in events if e["type"] in ("damage", "life")] == ["life", "damage", "damage"]


def test_effects_set_off_during_an_attack_wait_only_for_the_current_cards_effect():
    """⑤攻撃中に発動した相手の効果は自分の"札1枚単位”の効果が発動し終わった後に発動する。 — an effect set off during an
    attack (the goldfish has none of its own: here the player's ■不屈) comes after the effect of the card that set it
    off, before the next card's."""
    state = start([card("家", keywords=("速攻",), script=[{"op": "life", "amount": 5, "when": "attack"}]),
                   apparition("自傷", script=[{"op": "damage", "amount": 1, "who": "you"}, {"op": "damage", "amount": 2}]), stubborn()])
    house = take(state, "家")
    play(state, {"type": "summon", "card": house})
    play(state, {"type": "possess", "card": take(state, "自傷"), "target": house})
    doll = take(state, "人形", "p0.soul")
    play(state, {"type": "attack", "card": house})
    events = apply(state, {"type": "choose", "cards": [doll]})
    got = [(e["type"], e["player"], e["amount"]) for e in events if e["type"] in ("damage", "life")]
    assert got == [("damage", 0, 0), ("damage", 1, 2), ("damage", 1, 1), ("life", 0, 5), ("damage", 1, 2)]


def test_the_same_keyword_twice_is_one_ability():
    """④同じキーワード能力は重複せず、一つの能力とみなします。 — a place on a season has the season's keywords too, each once
    (■速攻 from the season: summoned 起き)."""
    rules = get_game("kannagi").rules
    state = start([season_card("円形校舎", keywords=("学校の怪談", "速攻")), card("校舎の家", keywords=("学校の怪談",))])
    school = take(state, "円形校舎")
    play(state, {"type": "deploy", "card": school})
    house = take(state, "校舎の家")
    play(state, {"type": "summon", "card": house, "onto": school})
    assert rules.keywords(state, house) == ["学校の怪談", "速攻"]
    assert not state["cards"][house]["tapped"]


def test_a_place_whose_power_falls_to_0_goes_to_soul_even_by_an_effects_damage():
    """②【場所札】は、場で力が0以下になった時持ち主の魂になります。【場所札】にダメージを与える効果で【場所札】の力が下がった場合も
    同様です。"""
    state = start([card("家", power=2, keywords=("速攻",)), card("家2", power=3), tool("弱め", script=[{"op": "stat", "stat": "power", "amount": -3}])])
    house = take(state, "家")
    play(state, {"type": "summon", "card": house})
    apply(state, {"type": "manual.counter", "card": house, "name": "damage", "delta": 1})
    play(state, {"type": "attack", "card": house})
    assert state["players"][1]["life"] == 29
    end_turn(state)
    other = take(state, "家2", "p0.field")
    apply(state, {"type": "tool", "card": take(state, "弱め")})
    apply(state, {"type": "choose", "card": other})
    assert where(state, other) == "p0.soul"


# -- the whole game ------------------------------------------------------------------------------------------------


def sample_deck():
    """The bundled cards (2 or 4 of each), with cards that reach every decision: two 神 of one name, a tool that
    hurts its player (防御), one that chooses a card on the field, a season whose effect meets its place's."""
    cards = bundled_card_data("kannagi")
    out = []
    for i, c in enumerate(cards):
        out += [{**c, "key": f"k{i}"}] * (4 if i % 3 else 2)
    extra = [
        card("神の家", keywords=("速攻",), attributes=("神",), script=[{"op": "life", "amount": 1, "when": "summon"}]),
        tool("痛み", script=[{"op": "damage", "amount": 2, "who": "you"}, {"op": "damage", "amount": 1}]),
        tool("力", script=[{"op": "stat", "stat": "power", "amount": 1}]),
        season_card("丘", script=[{"op": "life", "amount": 1, "when": "attack"}]),
        card("攻める家", script=[{"op": "damage", "amount": 1, "when": "attack"}]),
    ]
    return out[:40] + [c for c in extra for _ in range(4)]


def test_random_games_answering_inside_every_decision_keep_every_invariant_and_undo_redo_is_exact():
    seen = set()
    for seed in range(400):
        pick = random.Random(seed)
        state = new_game("kannagi", [sample_deck()], seed=seed)
        total = len(state["cards"])
        steps = 0
        while state["result"] is None and steps < 300:
            asked = decision(state)
            if asked:
                seen.add(asked["type"])
            if pick.random() < 0.03:  # now and then a manual move, as a player fixing up card text would
                action = {"type": "manual.move", "card": pick.choice(sorted(state["cards"])), "to": pick.choice(sorted(state["zones"]))}
            elif asked and asked["field"] and pick.random() < 0.7:  # an answer inside the declared decision
                action = {"type": asked["answer"]}
                if asked["many"]:
                    action[asked["field"]] = pick.sample(asked["candidates"], pick.randint(asked["min"], asked["max"]))
                else:
                    action[asked["field"]] = pick.choice(asked["candidates"]) if asked["candidates"] else None
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
    assert seen >= {"zero_search", "potential", "timing", "god", "defend", "order", "choose", "hand_limit"}


def test_a_malformed_card_list_is_refused_not_crashed_on():
    state = new(FILLER)
    with pytest.raises(IllegalAction, match="cards"):
        apply(state, {"type": "zero_search", "cards": [["c1"]]})


def test_a_mill_step_puts_the_cards_in_soul_face_up_as_a_manual_mill_does():
    """⑥魂:魂にする札を表逆向きで置きます。 — 表逆向き: face up (and upside down), whether an effect or a manual mill puts them
    there; the opponent sees them."""
    state = start([tool("削り", script=[{"op": "mill", "amount": 2}])])
    apply(state, {"type": "tool", "card": take(state, "削り")})
    milled = [i for i in state["zones"]["p0.soul"] if state["cards"][i]["def"] != "削り"]
    assert len(milled) == 2 and all(state["cards"][i]["face_up"] for i in milled)
    apply(state, {"type": "manual.mill", "player": 0, "n": 1})
    by_hand = state["zones"]["p0.soul"][-1]
    assert state["cards"][by_hand]["face_up"] and set(milled + [by_hand]) <= set(view(state, 1)["cards"])


def test_a_draw_or_a_move_from_the_deck_aimed_at_the_goldfish_ends_the_game_with_the_players_win():
    """・相手がドロー(札を引く)する際や効果によって山札から札を移動する際に山札がない。 — the goldfish has no deck (GAMES.md), so
    an effect that makes it draw, mill or move cards from its deck wins the game at once, before the effect's next
    step (the same rule as the player's own empty deck)."""
    for step in ({"op": "draw", "who": "opponent"}, {"op": "mill", "amount": 1, "who": "opponent"},
                 {"op": "move", "from": "deck", "to": "hand", "who": "opponent"}):
        state = start([tool("札", script=[step, {"op": "damage", "amount": 3}])])
        events = apply(state, {"type": "tool", "card": take(state, "札")})
        assert state["result"] == {"winner": 0, "turn": 1, "reason": "deck"}, step
        assert state["players"][1]["life"] == 30 and {"type": "draw_from_empty", "player": 1} in events
        assert legal_actions(state) == []


def test_the_sample_sets_texts_run_as_engine_steps():
    """The sample set's texts as engine steps: 手作りのお守り「自分のライフを2回復する。」 古びた懐中電灯「カードを1枚引く。」"""
    state = start([bundled("手作りのお守り"), bundled("古びた懐中電灯"), card("春の魂", season=("春",)), card("魂2")])
    charm = take(state, "手作りのお守り")
    take(state, "春の魂", "p0.soul")
    take(state, "魂2", "p0.soul")
    apply(state, {"type": "tool", "card": charm})
    assert state["players"][0]["life"] == 32 and where(state, charm) == "p0.soul"
    end_turn(state)
    lamp = take(state, "古びた懐中電灯")
    before = len(hand(state))
    apply(state, {"type": "tool", "card": lamp})
    assert len(hand(state)) == before - 1 + 1


def test_a_chosen_stat_change_waits_for_the_players_choice_and_ends_with_the_turn():
    state = start([tool("札", script=[{"op": "stat", "stat": "power", "amount": 3}]), card("家", power=1, keywords=("速攻",))])
    house = take(state, "家")
    play(state, {"type": "summon", "card": house})
    apply(state, {"type": "tool", "card": take(state, "札")})
    assert state["pending"]["type"] == "choose" and legal_actions(state) == [{"type": "choose", "card": house}]
    apply(state, {"type": "choose", "card": house})
    assert state["cards"][house]["counters"] == {"power": 3} and state["pending"] is None
    end_turn(state)
    assert state["cards"][house]["counters"] == {}
