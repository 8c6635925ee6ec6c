"""Time Storm in the engine: golden playthroughs of the seed's rules (each quotes the passage it checks),
the bundled sample set's effects, and random legal games that keep the invariants."""

import json
import random
from pathlib import Path

import pytest

from rules.engine import IllegalAction, apply, check_invariants, digest, legal_actions, new_game, redo, undo

from .engine_helpers import put

BUNDLED = {c["name"]: c for c in json.loads((Path(__file__).resolve().parent.parent / "cards/bundled/timestorm.json").read_text(encoding="utf-8"))["cards"]}


def bundled(name, copies=1):
    return [{**BUNDLED[name], "key": name}] * copies


def card(key, card_type="Action", cost=9, script=None):
    return {"key": key, "name": key, "card_type": card_type, "cost": cost, "fields": {"script": script} if script else {}}


FILLER = [card(f"filler{i}") for i in range(30)]  # actions nobody can afford: they only fill hands and the deck


def start(extra=(), seed=1, deck=None, **options):
    return new_game("timestorm", [list(extra) + (FILLER if deck is None else deck)], seed=seed, options=options)




def batteries(state, player=0):
    return [i for i in state["zones"][f"p{player}.field"] if state["defs"][state["cards"][i]["def"]]["card_type"] == "Battery"]


def unused(state, player=0):
    return [i for i in batteries(state, player) if not state["cards"][i]["tapped"]]


def types(state):
    return sorted({a["type"] for a in legal_actions(state)})


def test_setup_two_unused_batteries_each_one_shared_deck_and_six_cards_each():
    """セットアップ: 各プレイヤーはバッテリー2枚を未使用の状態で場に出しておく。…全員で1つのデッキとする。
    デッキから各プレイヤーの手札が6枚となるように配る。(Reading: the batteries come from a supply.)"""
    state = start(bundled("バッテリー", 12))
    assert len(state["players"]) == 2 and state["players"][1]["goldfish"]
    for p in (0, 1):
        assert len(batteries(state, p)) == 2 and len(unused(state, p)) == 2
        assert len(state["zones"][f"p{p}.hand"]) == 6
    assert len(state["zones"]["shared.deck"]) == 12 + 30 - 12  # nothing came out of the deck for the batteries
    assert "p0.deck" not in state["zones"]
    assert state["turn"] == 1 and state["active"] == 0 and state["phase"] == "main" and state["priority"] == 0
    check_invariants(state)


def test_with_the_supply_reading_off_the_starting_batteries_come_out_of_the_deck():
    state = start(bundled("バッテリー", 12), supply_batteries=False)
    assert len(batteries(state, 0)) == len(batteries(state, 1)) == 2
    assert len(state["cards"]) == 42 and len(state["zones"]["shared.deck"]) == 42 - 4 - 12


def test_a_battery_is_played_once_a_turn_in_your_main_phase_unused():
    """バッテリーはターンプレイヤーのメインフェイズであり、解決待ちのカードがない場合に、1ターンに1枚未使用の状態でプレイすることができる。"""
    state = start(bundled("バッテリー", 4))
    b1, b2 = put(state, "バッテリー"), put(state, "バッテリー")
    apply(state, {"type": "battery", "card": b1})
    assert state["cards"][b1]["zone"] == "p0.field" and not state["cards"][b1]["tapped"]
    assert {"type": "battery", "card": b2} not in legal_actions(state)
    with pytest.raises(IllegalAction, match="cannot be played now"):
        apply(state, {"type": "battery", "card": b2})


def test_an_action_costs_batteries_made_used_and_only_in_your_main_phase_with_an_empty_stack():
    """アクションは自分のターンのメインフェイズであり、解決待ちのカードがない場合に、表記のコスト分の枚数のバッテリーを使用済みにすることで、プレイすることができる。"""
    state = start(bundled("情報整理", 2) + [card("big", cost=3)], auto_pass="never")
    info, big = put(state, "情報整理"), put(state, "big")
    assert {"type": "play", "card": big} not in legal_actions(state)  # cost 3, two batteries
    apply(state, {"type": "play", "card": info})
    assert len(unused(state)) == 0 and state["cards"][info]["zone"] == "shared.stack"
    assert state["stack"] == [{"card": info, "player": 0}] and state["priority"] == 0
    other = put(state, "情報整理")
    assert {"type": "play", "card": other} not in legal_actions(state)  # stack not empty (and no batteries)


def test_recharge_makes_the_turn_players_batteries_unused_again():
    """再充電フェイズ: ターンプレイヤーは自身のコントロールするすべてのバッテリーを未使用にする。"""
    state = start(bundled("情報整理"))
    apply(state, {"type": "play", "card": put(state, "情報整理")})  # resolves at once: nobody can answer it
    assert len(unused(state)) == 0 and state["stack"] == [] and state["phase"] == "main"
    apply(state, {"type": "pass"})  # ends the main phase; draw, end (auto-passed), the goldfish's turn, back to us
    assert state["active"] == 0 and state["turn"] == 3 and len(unused(state)) == 2


def test_the_newest_card_on_the_stack_resolves_first_and_priority_returns_to_the_turn_player():
    """すべてのプレイヤーが優先権を連続してパスしたとき、一番最後にプレイされたカード効果が解決される。1つ解決されるごとに、再びプレイヤーは優先権を得る。
    クイックアクションは優先権がある場合、表記のコストを支払い、いつでもプレイすることができる。"""
    state = start(bundled("無限の書庫") + bundled("とっさの閃き"), auto_pass="never")
    library, flash = put(state, "無限の書庫"), put(state, "とっさの閃き")
    apply(state, {"type": "play", "card": library})  # cost 2: both batteries
    apply(state, {"type": "manual.tap", "card": batteries(state)[0], "tapped": False})  # (pay for the response)
    apply(state, {"type": "play", "card": flash})
    assert [e["card"] for e in state["stack"]] == [library, flash]
    hand_before = len(state["zones"]["p0.hand"])
    events = apply(state, {"type": "pass"})
    assert [e["card"] for e in events if e["type"] == "resolve"] == [flash]  # the newest, alone
    assert len(state["zones"]["p0.hand"]) == hand_before + 1 and state["cards"][flash]["zone"] == "p0.discard"
    assert state["stack"] == [{"card": library, "player": 0}] and state["priority"] == 0
    apply(state, {"type": "pass"})
    assert state["stack"] == [] and state["cards"][library]["zone"] == "p0.discard"


def test_priority_starts_with_the_turn_player_and_a_quick_action_may_answer_in_the_goldfish_turn():
    """優先権はターンプレイヤーから始まり、何もしない（優先権を放棄する）と時計回りに次のプレイヤーに移っていく。
    優先権は「メイン、エンドの各フェイズの開始時」…にターンプレイヤーから順に付与される。"""
    state = start(bundled("とっさの閃き"), auto_pass="never")
    flash = put(state, "とっさの閃き")
    apply(state, {"type": "pass"})  # our main ends; we draw; end phase: priority to us (the turn player)
    assert state["phase"] == "end" and state["priority"] == 0
    events = apply(state, {"type": "pass"})
    assert state["active"] == 1 and state["phase"] == "main" and state["priority"] == 0
    assert {"type": "pass", "player": 1} in events  # the goldfish, the turn player, passed first
    assert {"type": "play", "card": flash} in legal_actions(state)
    apply(state, {"type": "play", "card": flash})
    assert state["cards"][flash]["zone"] == "shared.stack" and state["priority"] == 0  # given back via the turn player
    apply(state, {"type": "pass"})
    assert state["cards"][flash]["zone"] == "p0.discard"


def test_smart_auto_pass_skips_windows_where_the_player_can_do_nothing_but_not_their_own_main_phase():
    state = start()
    assert state["phase"] == "main" and state["active"] == 0 and types(state) == ["pass"]
    apply(state, {"type": "pass"})
    assert state["turn"] == 3 and state["active"] == 0 and state["phase"] == "main"


def test_the_turn_player_draws_one_in_the_draw_phase_and_the_goldfish_draws_from_the_shared_deck():
    """ドローフェイズ: フェイズの開始にターンプレイヤーはデッキからカードを1枚引く。 (GAMES.md: the goldfish opponents DRAW from the shared deck.)"""
    state = start()
    deck, hands = len(state["zones"]["shared.deck"]), [len(state["zones"][f"p{p}.hand"]) for p in (0, 1)]
    apply(state, {"type": "pass"})
    assert len(state["zones"]["shared.deck"]) == deck - 2
    assert [len(state["zones"][f"p{p}.hand"]) for p in (0, 1)] == [hands[0] + 1, hands[1] + 1]


def test_drawing_from_the_empty_deck_loses_and_the_game_goes_on_until_one_player_is_left():
    """プレイヤーはデッキにカードが無い状態で、カードを引かなければならない場合、敗北する。(ゲームは続く)
    敗北していないプレイヤーが1人となった場合、そのプレイヤーが勝利する。"""
    state = start(deck=FILLER[:21], opponents=2)  # 21 cards: 18 dealt, 3 left
    assert len(state["players"]) == 3 and len(state["zones"]["shared.deck"]) == 3
    apply(state, {"type": "pass"})  # we draw the 1st; goldfish 1 the 2nd, goldfish 2 the 3rd
    assert state["active"] == 0 and state["phase"] == "main" and not state["players"][0]["lost"]
    apply(state, {"type": "pass"})  # we must draw from the empty deck
    assert state["players"][0]["lost"] and state["zones"]["shared.deck"] == []
    # the two goldfish play on: goldfish 1 must draw next and loses; goldfish 2 is the last one left
    assert state["players"][1]["lost"] and not state["players"][2]["lost"]
    assert state["result"] == {"winner": 2, "turn": state["turn"], "reason": "deck"}
    assert legal_actions(state) == []


def test_the_player_wins_when_every_goldfish_has_drawn_from_the_empty_deck():
    state = start(deck=FILLER[:14])  # 12 dealt, 2 left
    apply(state, {"type": "pass"})  # we take the 13th, the goldfish the 14th
    apply(state, {"type": "pass"})  # our draw: the deck is empty
    assert state["result"] == {"winner": 1, "turn": 3, "reason": "deck"}
    state = start(deck=FILLER[:13])  # 1 left: we draw it, the goldfish draws from the empty deck
    apply(state, {"type": "pass"})
    assert state["result"] == {"winner": 0, "turn": 2, "reason": "deck"} and state["players"][1]["lost"]


def test_thirteen_card_pooling_makes_one_deck_of_every_players_thirteen():
    """バリアント: 各プレイヤーは好きなカード13枚を持ち寄る。持ち寄ったすべてのカードを1つにまとめ、シャッフルしてデッキとする。"""
    entries = [[card(f"e{p}-{i}") for i in range(13)] for p in range(3)]
    state = new_game("timestorm", entries, seed=4)
    assert len(state["players"]) == 3 and [p["goldfish"] for p in state["players"]] == [False, True, True]
    assert len(state["zones"]["shared.deck"]) == 39 - 18
    owners = {state["cards"][i]["owner"] for i in state["zones"]["p0.hand"]}
    assert owners - {0}  # the shuffle mixed the entries
    check_invariants(state)


def test_the_same_seed_and_actions_give_the_same_game_and_undo_redo_is_exact():
    a, b = start(seed=9), start(seed=9)
    assert digest(a) == digest(b) and digest(a) != digest(start(seed=10))
    for state in (a, b):
        apply(state, {"type": "pass"})
        apply(state, {"type": "pass"})
    assert digest(a) == digest(b)
    final = digest(a)
    assert digest(redo(undo(a, 2), 2)) == final


# -- the sample set's effects (rules/games/script.py), as the bundled cards declare them -----------------


def test_jouhou_seiri_draws_two():
    """情報整理: カードを2枚引く。"""
    state = start(bundled("情報整理"))
    info = put(state, "情報整理")
    hand = len(state["zones"]["p0.hand"])
    apply(state, {"type": "play", "card": info})
    assert len(state["zones"]["p0.hand"]) == hand - 1 + 2 and state["cards"][info]["zone"] == "p0.discard"


def test_jikan_teishi_counters_the_card_below_it_on_the_stack():
    """時間停止: スタックの一番上にあるカードを打ち消す。"""
    state = start(bundled("情報整理") + bundled("時間停止") + bundled("バッテリー", 2), auto_pass="never")
    for _ in range(2):
        put(state, "バッテリー", "p0.field")
    info, stop = put(state, "情報整理"), put(state, "時間停止")
    apply(state, {"type": "play", "card": info})
    apply(state, {"type": "play", "card": stop})
    hand = len(state["zones"]["p0.hand"])
    events = apply(state, {"type": "pass"})
    assert {"type": "countered", "card": info} in events
    assert state["stack"] == [] and state["cards"][info]["zone"] == "p0.discard" and len(state["zones"]["p0.hand"]) == hand


def test_toki_no_makimodoshi_lets_the_player_choose_a_card_from_their_discard():
    """時の巻き戻し: あなたの墓地からカードを1枚選び、手札に加える。"""
    state = start(bundled("時の巻き戻し") + bundled("バッテリー", 1) + [card("lost1"), card("lost2")])
    put(state, "バッテリー", "p0.field")
    gone = [put(state, "lost1", "p0.discard"), put(state, "lost2", "p0.discard")]
    apply(state, {"type": "play", "card": put(state, "時の巻き戻し")})  # nobody can answer: it resolves
    assert state["pending"]["type"] == "choose" and legal_actions(state) == [{"type": "choose", "card": c} for c in gone]
    with pytest.raises(IllegalAction, match="card"):
        apply(state, {"type": "choose", "card": "c1"})
    apply(state, {"type": "choose", "card": gone[1]})
    assert state["cards"][gone[1]]["zone"] == "p0.hand" and state["pending"] is None
    assert state["cards"][gone[0]]["zone"] == "p0.discard"
    assert state["zones"]["p0.discard"][-1] == next(i for i, c in state["cards"].items() if c["def"] == "時の巻き戻し")


def test_jikan_dorobou_makes_the_goldfish_discard_a_card_of_its_choice():
    """時間泥棒: 他の各プレイヤーは手札を1枚選んで捨てる。"""
    state = start(bundled("時間泥棒"), opponents=2)
    thief = put(state, "時間泥棒")
    fish = [len(state["zones"][f"p{p}.hand"]) for p in (1, 2)]
    apply(state, {"type": "play", "card": thief})
    assert [len(state["zones"][f"p{p}.hand"]) for p in (1, 2)] == [fish[0] - 1, fish[1] - 1]
    assert len(state["zones"]["p1.discard"]) == len(state["zones"]["p2.discard"]) == 1


def test_isshun_no_yuuyo_makes_a_used_battery_unused():
    """一瞬の猶予: あなたの使用済みのバッテリーを1枚未使用にする。"""
    state = start(bundled("情報整理") + bundled("一瞬の猶予"), auto_pass="never")
    apply(state, {"type": "play", "card": put(state, "情報整理")})
    assert unused(state) == []
    apply(state, {"type": "play", "card": put(state, "一瞬の猶予")})  # cost 0, in response
    apply(state, {"type": "pass"})
    assert len(unused(state)) == 1


def test_jigen_souchi_is_revealed_when_drawn_goes_to_the_discard_and_draws_another():
    """時限装置: このカードを引いたとき、公開して墓地に置き、カードを1枚引く。"""
    state = start(bundled("時限装置"), auto_pass="never")
    trigger = next(i for i, c in state["cards"].items() if c["def"] == "時限装置")
    apply(state, {"type": "manual.move", "card": trigger, "to": "shared.deck"})  # on top
    hand = len(state["zones"]["p0.hand"])
    events = apply(state, {"type": "pass"})  # the draw phase draws it
    assert {"type": "trigger", "card": trigger, "player": 0} in events
    assert state["cards"][trigger]["zone"] == "p0.discard" and state["cards"][trigger]["face_up"]
    assert len(state["zones"]["p0.hand"]) == hand + 1


def test_juuden_kanryou_wins_with_five_batteries_and_does_nothing_with_four():
    """充電完了: あなたの場にバッテリーが5枚以上あるなら、あなたはゲームに勝利する。
    誰かが勝利した場合、他のプレイヤーは敗北する。"""
    state = start(bundled("充電完了", 2) + bundled("バッテリー", 3))
    put(state, "バッテリー", "p0.field")
    put(state, "バッテリー", "p0.field")  # four
    events = apply(state, {"type": "play", "card": put(state, "充電完了")})
    assert {"type": "step_skipped", "card": events[0]["card"], "op": "win"} in events and state["result"] is None
    put(state, "バッテリー", "p0.field")  # five
    apply(state, {"type": "manual.tap", "card": batteries(state)[0], "tapped": False})
    apply(state, {"type": "play", "card": put(state, "充電完了")})
    assert state["result"] == {"winner": 0, "turn": 1, "reason": "card"} and state["players"][1]["lost"]


# -- random legal games --------------------------------------------------------------------------------------


def sample_entries(players):
    """The standard shared deck: the basic cards with one win-condition kind per player."""
    basic = [("バッテリー", 12), ("情報整理", 3), ("時間泥棒", 3), ("未来予知", 3), ("時の巻き戻し", 2), ("時間停止", 3), ("とっさの閃き", 3), ("一瞬の猶予", 3), ("時限装置", 2)]
    kinds = ["充電完了", "無限の書庫"]
    decks = [[c for name, n in basic for c in bundled(name, n)] + bundled(kinds[0], 3)]
    decks += [bundled(kinds[p % 2], 3) for p in range(1, players)]
    return decks


@pytest.mark.parametrize("players", [2, 3])
def test_random_legal_games_keep_every_invariant_and_undo_redo_is_exact(players):
    outcomes = set()
    for seed in range(1000):
        pick = random.Random(seed)
        options = {"auto_pass": pick.choice(["smart", "never"]), "first": pick.choice(["player", "goldfish"])}
        state = new_game("timestorm", sample_entries(players), seed=seed, options=options)
        total = len(state["cards"])
        while state["result"] is None:
            if pick.random() < 0.03:  # now and then a manual move, as a player fixing up card text would
                apply(state, {"type": "manual.move", "card": pick.choice(sorted(state["cards"])), "to": pick.choice(sorted(state["zones"]))})
            else:
                apply(state, pick.choice(legal_actions(state)))
            assert len(state["cards"]) == total and len(state["log"]) < 2000
            if seed % 50 == 0:
                check_invariants(state)
        check_invariants(state)
        outcomes.add(state["result"]["reason"])
        if seed % 10 == 0:
            back = pick.randint(1, len(state["log"]))
            final = digest(state)
            assert digest(redo(undo(state, back), back)) == final
    assert outcomes == {"deck", "card"}


def test_when_one_step_would_deck_everyone_the_last_player_left_wins_before_drawing():
    """敗北していないプレイヤーが1人となった場合、そのプレイヤーが勝利する (at once, before their own draw)."""
    boom = card("boom", cost=0, script=[{"op": "draw", "who": "each_player"}])
    state = start([boom], deck=FILLER[:11])  # all 12 dealt: the deck is empty
    apply(state, {"type": "play", "card": put(state, "boom")})
    assert state["result"] == {"winner": 1, "turn": 1, "reason": "deck"}
    assert state["players"][0]["lost"] and not state["players"][1]["lost"]


def test_the_goldfish_draws_are_not_named_in_the_events_the_player_sees():
    from rules.engine import events_for

    state = start()
    events = events_for(state, apply(state, {"type": "pass"}), 0)
    draws = [e for e in events if e["type"] == "move" and e["from"] == "shared.deck"]
    assert [e["to"] for e in draws] == ["p0.hand", "p1.hand"]
    assert draws[0]["card"] is not None and draws[1]["card"] is None


def test_a_manual_win_makes_every_other_player_lose():
    state = start(opponents=2)
    apply(state, {"type": "manual.win", "player": 0})
    assert [p["lost"] for p in state["players"]] == [False, True, True]


def test_a_trigger_step_that_would_wait_for_the_players_choice_is_left_to_them():
    trap = card("trap", card_type="Trigger", script=[{"op": "move", "from": "hand", "to": "discard", "when": "drawn"}, {"op": "draw", "when": "drawn"}])
    state = start([trap], auto_pass="never")
    apply(state, {"type": "manual.move", "card": put(state, "trap", "shared.deck"), "to": "shared.deck"})
    hand = len(state["zones"]["p0.hand"])
    apply(state, {"type": "pass"})  # draw phase: trap, then the draw its second step makes
    assert state["pending"] is None and len(state["zones"]["p0.hand"]) == hand + 1


@pytest.mark.parametrize("first", ["nobody", ["player"], {"goldfish": 1}, 1])
def test_who_starts_is_player_or_goldfish_and_anything_else_is_refused_naming_the_option(first):
    with pytest.raises(IllegalAction, match="first"):
        start(first=first)
    assert start(first="player")["turn"] == 1 and start(first="goldfish")["turn"] == 2  # the goldfish's turn 1 has passed
