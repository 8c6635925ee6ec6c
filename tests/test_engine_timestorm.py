"""Time Storm in the engine: golden playthroughs of the seed's rules (each docstring quotes the seed line it
plays through; rules/games/timestorm/ledger.json names them line by line), the goldfish's share of the shared
deck, what each player may see, the bundled sample set's effects, and random legal games that keep the
invariants."""

import random

import pytest

from rules.declare import get_game
from rules.declare.samples import bundled_card_data
from rules.engine import IllegalAction, apply, check_invariants, digest, legal_actions, new_game, redo, undo, view

from .engine_helpers import put

BUNDLED = {c["name"]: c for c in bundled_card_data("timestorm")}


def bundled(name, copies=1):
    return [{**BUNDLED[name], "key": name}] * copies


def card(key, card_type="Action", cost=9, script=None):
    return {"key": key, "name": key, "card_type": card_type, "cost": cost, "fields": {"script": script} if script else {}}


FILLER = [card(f"filler{i}") for i in range(30)]  # actions nobody can afford: they only fill hands and the deck


def start(extra=(), seed=1, deck=None, **options):
    """A game of the player's cards (the filler unless `deck`); the goldfish bring nothing unless told; the
    player starts unless told (the default じゃんけん has tests of its own)."""
    options.setdefault("goldfish_entry", "none")
    options.setdefault("first", "player")
    return new_game("timestorm", [list(extra) + (FILLER if deck is None else deck)], seed=seed, options=options)


def batteries(state, player=0):
    return [i for i in state["zones"][f"p{player}.field"] if state["defs"][state["cards"][i]["def"]]["card_type"] == "Battery"]


def unused(state, player=0):
    return [i for i in batteries(state, player) if not state["cards"][i]["tapped"]]


def types(state):
    return sorted({a["type"] for a in legal_actions(state)})


def events_of(state):
    """Every event of the game's log, in order."""
    return [e for entry in state["log"] for e in entry["events"]]


def sample_entries(players):
    """The standard shared deck: the basic cards with one win-condition kind per player."""
    basic = [("バッテリー", 12), ("情報整理", 3), ("時間泥棒", 3), ("未来予知", 3), ("時の巻き戻し", 2), ("時間停止", 3), ("とっさの閃き", 3), ("一瞬の猶予", 3), ("時限装置", 2)]
    kinds = ["充電完了", "無限の書庫"]
    decks = [[c for name, n in basic for c in bundled(name, n)] + bundled(kinds[0], 3)]
    decks += [bundled(kinds[p % 2], 3) for p in range(1, players)]
    return decks


def walks(players, games=40):
    """Random legal games of the sample entries where the player is asked at every priority (auto_pass
    "never"), with either reading of the battery, each state as it ended."""
    for seed in range(games):
        pick = random.Random(seed)
        options = {"auto_pass": "never", "first": pick.choice(["random", "player", "goldfish"]), "battery_stack": pick.random() < 0.5}
        state = new_game("timestorm", sample_entries(players), seed=seed, options=options)
        while state["result"] is None and len(state["log"]) < 600:
            actions = legal_actions(state)
            if not state["pending"]:  # every window the player is asked in is a main or an end phase
                assert state["phase"] in ("main", "end"), (seed, state["phase"], actions)
            apply(state, pick.choice(actions))
        yield state


# -- ◎セットアップ ------------------------------------------------------------------------------------------


def test_setup_two_unused_batteries_each_one_shared_deck_and_six_cards_each():
    """・各プレイヤーはバッテリー2枚を未使用の状態で場に出しておく。
    ・デッキから各プレイヤーの手札が6枚となるように配る。
    (Reading, the option supply_batteries: the batteries come from a supply outside the deck.)"""
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


STANDARD = [c for name, n in (("バッテリー", 12), ("情報整理", 3), ("時間泥棒", 3)) for c in bundled(name, n)]


def test_each_goldfish_brings_a_win_condition_kind_the_player_did_not_choose():
    """・各プレイヤーは好きな勝利条件カードを1種類選び、基本のカードと混ぜて全員で1つのデッキとする。
    The goldfish are players: a game from the player's one list (the basic cards and their kind) gets each
    goldfish's kind too (the option goldfish_entry, "auto": one the player did not choose, as many copies)."""
    state = new_game("timestorm", [STANDARD + bundled("充電完了", 2)], seed=3, options={"opponents": 2, "first": "player"})
    assert len(state["cards"]) == 18 + 2 + 2 + 2 + 6  # the player's 20, each goldfish's 2, the supply batteries
    for goldfish in (1, 2):
        theirs = [c for c in state["cards"].values() if c["owner"] == goldfish and c["def"] != "バッテリー"]
        assert sorted(c["def"] for c in theirs) == ["無限の書庫", "無限の書庫"]
    in_game = [i for i, c in state["cards"].items() if c["zone"] in ("shared.deck",) or c["zone"].endswith(".hand")]
    assert len(in_game) == 24 and len(state["zones"]["shared.deck"]) == 24 - 18  # one shared deck, dealt around
    # the player's kind alone: nothing of theirs is in the goldfish's share
    mine = new_game("timestorm", [STANDARD + bundled("無限の書庫")], seed=3)
    assert sorted(c["def"] for c in mine["cards"].values() if c["owner"] == 1 and c["def"] != "バッテリー") == ["充電完了"]


def test_the_goldfish_share_is_chosen_on_the_start_options():
    """・各プレイヤーは好きな勝利条件カードを1種類選び、基本のカードと混ぜて全員で1つのデッキとする。
    (goldfish_entry: a named kind, a named sample pool, or nothing.)"""
    option = get_game("timestorm").option("goldfish_entry")
    assert option.default == "auto"
    assert {"auto", "none", "kind:充電完了", "kind:無限の書庫", "pool:1", "pool:2"} <= set(option.values)
    same = new_game("timestorm", [STANDARD + bundled("充電完了")], seed=1, options={"goldfish_entry": "kind:充電完了"})
    theirs = [c for c in same["cards"].values() if c["owner"] == 1 and c["def"] != "バッテリー"]
    assert [c["def"] for c in theirs] == ["充電完了"]  # the same card as the player's (one def)
    nothing = new_game("timestorm", [STANDARD + bundled("充電完了")], seed=1, options={"goldfish_entry": "none"})
    assert {c["owner"] for c in nothing["cards"].values() if c["def"] != "バッテリー"} == {0}
    pooled = new_game("timestorm", [STANDARD + bundled("充電完了")], seed=1, options={"goldfish_entry": "pool:2"})
    assert sum(1 for c in pooled["cards"].values() if c["owner"] == 1) == 13 + 2
    with pytest.raises(IllegalAction, match="goldfish_entry"):
        new_game("timestorm", [STANDARD], seed=1, options={"goldfish_entry": "kind:時間泥棒"})


def entry(names):
    """A 13-card pooling entry as the site hands it over: every card in the entry section."""
    return [{**c, "section": "entry"} for name, n in names for c in bundled(name, n)]


SAMPLE_A = (("バッテリー", 4), ("情報整理", 2), ("時間泥棒", 2), ("未来予知", 2), ("時間停止", 2), ("充電完了", 1))


def test_in_thirteen_card_pooling_each_goldfish_brings_thirteen_cards_of_a_sample_pool():
    """・各プレイヤーは好きなカード13枚を持ち寄る。
    ・持ち寄ったすべてのカードを1つにまとめ、シャッフルしてデッキとする。…
    A goldfish game from the player's 13 used to be a 13-card deck decided on turn 2: each goldfish now brings
    a bundled sample 13 (by default one other than the player's own)."""
    state = new_game("timestorm", [entry(SAMPLE_A)], seed=5)
    theirs = sorted(c["def"] for c in state["cards"].values() if c["owner"] == 1 and c["zone"] != "p1.field")
    assert len(theirs) == 13 and "無限の書庫" in theirs and "充電完了" not in theirs  # sample B, not the player's A
    assert len(state["zones"]["shared.deck"]) == 26 - 12
    while state["result"] is None:
        apply(state, {"type": "pass"})
    assert state["result"]["reason"] == "deck" and state["result"]["turn"] >= 9  # 14 cards to draw, not 1
    other = new_game("timestorm", [entry((("バッテリー", 13),))], seed=5, options={"opponents": 2})
    shares = [sorted(c["def"] for c in other["cards"].values() if c["owner"] == g and c["zone"] != f"p{g}.field") for g in (1, 2)]
    assert len(shares[0]) == len(shares[1]) == 13 and shares[0] != shares[1]  # sample A, then sample B


def test_thirteen_card_pooling_makes_one_deck_of_every_players_thirteen():
    """・持ち寄ったすべてのカードを1つにまとめ、シャッフルしてデッキとする。この時、スリーブがそろっていなくとも問題はないが、…"""
    entries = [[card(f"e{p}-{i}") for i in range(13)] for p in range(3)]
    state = new_game("timestorm", entries, seed=4, options={"first": "player"})  # (nobody has drawn yet)
    assert len(state["players"]) == 3 and [p["goldfish"] for p in state["players"]] == [False, True, True]
    assert len(state["zones"]["shared.deck"]) == 39 - 18
    owners = {state["cards"][i]["owner"] for i in state["zones"]["p0.hand"]}
    assert owners - {0}  # the shuffle mixed the entries
    check_invariants(state)


def test_no_player_can_tell_whose_card_lies_in_the_shared_deck_or_see_a_hidden_card():
    """・持ち寄ったすべてのカードを1つにまとめ、シャッフルしてデッキとする。この時、スリーブがそろっていなくとも問題はないが、各プレイヤーの持ち寄った13枚は同一のスリーブとし、裏面からカードを識別できないようにすること。
    view(state, p) shows p their own hand, the face-up cards, and of the rest only where a card lies."""
    state = new_game("timestorm", [entry(SAMPLE_A)], seed=2, options={"auto_pass": "never"})
    for p in (0, 1):
        seen = view(state, p)
        assert seen["zones"]["shared.deck"] == [None] * len(state["zones"]["shared.deck"])
        assert seen["zones"][f"p{1 - p}.hand"] == [None] * 6 and seen["zones"][f"p{p}.hand"] == state["zones"][f"p{p}.hand"]
        hidden = set(state["zones"]["shared.deck"]) | set(state["zones"][f"p{1 - p}.hand"])
        assert not hidden & set(seen["cards"])
        assert seen["zones"][f"p{1 - p}.field"] == state["zones"][f"p{1 - p}.field"]  # the batteries lie face up
    # a card put face down on the field by hand: its holder sees it, the goldfish does not
    secret = state["zones"]["p0.hand"][0]
    apply(state, {"type": "manual.move", "card": secret, "to": "p0.field", "face_up": False})
    assert view(state, 0)["zones"]["p0.field"][-1] == secret and secret in view(state, 0)["cards"]
    assert view(state, 1)["zones"]["p0.field"][-1] is None and secret not in view(state, 1)["cards"]
    apply(state, {"type": "manual.move", "card": secret, "to": "shared.stack", "face_up": False})
    assert view(state, 0)["zones"]["shared.stack"] == [secret] and view(state, 1)["zones"]["shared.stack"] == [None]
    apply(state, {"type": "manual.flip", "card": secret})
    assert view(state, 1)["zones"]["shared.stack"] == [secret]  # face up: everybody sees it


# -- ◎ターン進行 -------------------------------------------------------------------------------------------


def test_a_turn_runs_recharge_main_draw_end_and_passes_to_the_next_player():
    """・ターンは、下記4つのフェイズで構成され、「再充電フェイズ」「メインフェイズ」「ドローフェイズ」「エンドフェイズ」の順に進行する。
    ○再充電フェイズ ・メインフェイズに移る。
    ○メインフェイズ ・効果の解決待ちのカードがない状態で、すべてのプレイヤーが優先権(後述)を放棄した場合、ドローフェイズに移る。
    ○ドローフェイズ ・エンドフェイズに移る。
    ○エンドフェイズ ・効果の解決待ちのカードがない状態で、すべてのプレイヤーが優先権(後述)を放棄した場合、次のプレイヤーのターンに移る。"""
    state = start(bundled("情報整理"), auto_pass="never")
    apply(state, {"type": "play", "card": put(state, "情報整理")})
    events = apply(state, {"type": "pass"})  # a card waits: everyone passing resolves it, the phase goes on
    assert [e["type"] for e in events][:3] == ["pass", "pass", "resolve"] and state["phase"] == "main"
    for _ in range(4):  # our main, our end, the goldfish's main, the goldfish's end
        apply(state, {"type": "pass"})
    steps = [(e["type"], e.get("phase", e.get("player"))) for e in events_of(state) if e["type"] in ("phase", "turn")]
    assert steps == [
        ("phase", "draw"), ("phase", "end"),
        ("turn", 1), ("phase", "recharge"), ("phase", "main"), ("phase", "draw"), ("phase", "end"),
        ("turn", 0), ("phase", "recharge"), ("phase", "main"),
    ]
    assert state["turn"] == 3 and state["active"] == 0 and state["phase"] == "main"


def test_nothing_happens_at_the_start_of_the_main_and_end_phases():
    """○メインフェイズ ・特になにも起きない。 ○エンドフェイズ ・特になにも起きない。
    The phase begins and priority is given: the next thing is the turn player's pass (or the player's
    decision), nothing else."""
    state = start(auto_pass="never", opponents=2)
    for _ in range(12):
        apply(state, {"type": "pass"})
    events = events_of(state)
    starts = [k for k, e in enumerate(events) if e["type"] == "phase" and e["phase"] in ("main", "end")]
    assert len(starts) >= 10
    for k in starts:
        following = events[k + 1] if k + 1 < len(events) else None
        assert following is None or following["type"] == "pass", following


def test_nobody_may_play_in_the_recharge_and_draw_phases():
    """○再充電フェイズ ・このフェイズではどのプレイヤーもカードをプレイすることができない。
    ○ドローフェイズ ・このフェイズではどのプレイヤーもカードをプレイすることができない。
    Random games where the player is asked at every priority: never in a recharge or draw phase, and no
    play or pass falls between their start and the next phase."""
    for state in walks(3, games=30):
        phase = "main"
        for entry in state["log"]:
            for e in entry["events"]:
                if e["type"] == "phase":
                    phase = e["phase"]
                elif e["type"] in ("play", "pass"):
                    assert phase in ("main", "end"), (e, phase)


def test_recharge_makes_the_turn_players_batteries_unused_again():
    """○再充電フェイズ ・ターンプレイヤーは自身のコントロールするすべてのバッテリーを未使用にする。"""
    state = start(bundled("情報整理") + bundled("バッテリー", 3))
    for _ in range(3):
        put(state, "バッテリー", "p0.field")
    apply(state, {"type": "play", "card": put(state, "情報整理")})  # resolves at once: nobody can answer it
    for battery in unused(state):
        apply(state, {"type": "manual.tap", "card": battery, "tapped": True})
    fish = batteries(state, 1)[0]
    apply(state, {"type": "manual.tap", "card": fish, "tapped": True})
    assert unused(state) == [] and state["stack"] == [] and state["phase"] == "main"
    events = apply(state, {"type": "pass"})  # our draw and end; the goldfish's turn (its recharge), back to us
    assert state["active"] == 0 and state["turn"] == 3 and len(unused(state)) == 5
    recharged = [e["card"] for e in events if e["type"] == "tap" and not e["tapped"]]
    assert recharged[0] == fish and sorted(recharged[1:]) == sorted(batteries(state))  # each in its own recharge


def test_the_turn_player_draws_one_in_the_draw_phase_and_the_goldfish_draws_from_the_shared_deck():
    """○ドローフェイズ ・フェイズの開始にターンプレイヤーはデッキからカードを1枚引く。
    (GAMES.md: the goldfish opponents DRAW from the shared deck.)"""
    state = start()
    deck, hands = len(state["zones"]["shared.deck"]), [len(state["zones"][f"p{p}.hand"]) for p in (0, 1)]
    top = state["zones"]["shared.deck"][-1]
    events = apply(state, {"type": "pass"})
    assert len(state["zones"]["shared.deck"]) == deck - 2
    assert [len(state["zones"][f"p{p}.hand"]) for p in (0, 1)] == [hands[0] + 1, hands[1] + 1]
    phase = next(k for k, e in enumerate(events) if e.get("phase") == "draw")
    assert events[phase + 1] == {"type": "move", "card": top, "from": "shared.deck", "to": "p0.hand"}  # at its start


def test_each_player_may_play_in_the_main_and_end_phases():
    """○メインフェイズ ・各プレイヤーは望むならカードをプレイできる。
    ○エンドフェイズ ・各プレイヤーは望むならカードをプレイできる。
    The player plays a quick action in their own main and end phases and in the goldfish's."""
    state = start(bundled("とっさの閃き", 4) + bundled("一瞬の猶予", 4), auto_pass="never")
    for _ in range(4):
        put(state, "とっさの閃き")
    played = []
    for _ in range(16):
        flash = next((a for a in legal_actions(state) if a["type"] == "play" and state["cards"][a["card"]]["def"] == "とっさの閃き"), None)
        if flash is not None and (state["active"], state["phase"]) not in played:
            played.append((state["active"], state["phase"]))
            apply(state, flash)
            apply(state, {"type": "pass"})  # it resolves
            apply(state, {"type": "manual.tap", "card": batteries(state)[0], "tapped": False})
        else:
            apply(state, {"type": "pass"})
    assert sorted(played) == [(0, "end"), (0, "main"), (1, "end"), (1, "main")]


# -- ◎各カードの使い方 ------------------------------------------------------------------------------------


def test_a_battery_is_played_once_a_turn_in_your_main_phase_unused():
    """・バッテリーはターンプレイヤーのメインフェイズであり、解決待ちのカードがない場合に、1ターンに1枚未使用の状態でプレイすることができる。プレイされたバッテリーは使用済み(横向き)にすることでコストの支払いに充てる。使用済みのバッテリーは自身の再充電フェイズで未使用に戻る。"""
    state = start(bundled("バッテリー", 4) + bundled("とっさの閃き") + [card("big", cost=3)], auto_pass="never")
    b1, b2, flash, big = put(state, "バッテリー"), put(state, "バッテリー"), put(state, "とっさの閃き"), put(state, "big")
    apply(state, {"type": "play", "card": flash})
    assert {"type": "battery", "card": b1} not in legal_actions(state)  # a card waits on the stack
    apply(state, {"type": "pass"})
    apply(state, {"type": "manual.tap", "card": batteries(state)[0], "tapped": False})
    apply(state, {"type": "battery", "card": b1})
    assert state["cards"][b1]["zone"] == "p0.field" and not state["cards"][b1]["tapped"]
    assert {"type": "battery", "card": b2} not in legal_actions(state)  # one a turn
    with pytest.raises(IllegalAction, match="cannot be played now"):
        apply(state, {"type": "battery", "card": b2})
    apply(state, {"type": "play", "card": big})  # the new battery pays with the others: all three used
    assert unused(state) == [] and len(batteries(state)) == 3
    apply(state, {"type": "pass"})  # big resolves (it does nothing)
    apply(state, {"type": "pass"})  # our draw; our end phase: no battery there
    assert state["phase"] == "end" and {"type": "battery", "card": b2} not in legal_actions(state)
    apply(state, {"type": "pass"})  # the goldfish's main: no battery in its turn either
    assert state["active"] == 1 and {"type": "battery", "card": b2} not in legal_actions(state)
    assert unused(state) == []  # used until our own recharge
    apply(state, {"type": "pass"})
    apply(state, {"type": "pass"})
    assert state["active"] == 0 and len(unused(state)) == 3 and {"type": "battery", "card": b2} in legal_actions(state)


def test_an_action_costs_batteries_made_used_and_only_in_your_main_phase_with_an_empty_stack():
    """・アクションは自分のターンのメインフェイズであり、解決待ちのカードがない場合に、表記のコスト分の枚数のバッテリーを使用済みにする(横向きにする)ことで、プレイすることができる。"""
    state = start(bundled("情報整理", 3) + [card("big", cost=3)], auto_pass="never")
    info, big = put(state, "情報整理"), put(state, "big")
    assert {"type": "play", "card": big} not in legal_actions(state)  # cost 3, two batteries
    apply(state, {"type": "play", "card": info})
    assert len(unused(state)) == 0 and state["cards"][info]["zone"] == "shared.stack"
    assert state["stack"] == [{"card": info, "player": 0}] and state["priority"] == 0
    other = put(state, "情報整理")
    for battery in batteries(state):
        apply(state, {"type": "manual.tap", "card": battery, "tapped": False})
    assert {"type": "play", "card": other} not in legal_actions(state)  # a card waits on the stack
    apply(state, {"type": "pass"})
    assert {"type": "play", "card": other} in legal_actions(state)
    apply(state, {"type": "pass"})  # our draw, our end phase: no action there
    assert state["phase"] == "end" and {"type": "play", "card": other} not in legal_actions(state)
    apply(state, {"type": "pass"})  # the goldfish's main phase: not ours
    assert state["active"] == 1 and state["phase"] == "main" and {"type": "play", "card": other} not in legal_actions(state)


def test_a_played_card_waits_and_every_player_gets_the_chance_to_play_before_it_resolves():
    """・カードがプレイされると、効果の解決待ちの状態となり、各プレイヤーはカードをプレイする機会(以後は優先権と記述する)を得る。
    ◎優先権について ・優先権は、「メイン、エンドの各フェイズの開始時」「カードがプレイされた後(解決前)」「カードの効果が解決された後」のそれぞれにターンプレイヤーから順に付与される。"""
    state = start(bundled("情報整理"), auto_pass="never", opponents=2)
    info = put(state, "情報整理")
    events = apply(state, {"type": "play", "card": info})
    assert state["cards"][info]["zone"] == "shared.stack" and state["priority"] == 0 and state["passed"] == []
    assert events[-1]["type"] == "move"  # it waits; priority to the turn player (us)
    events = apply(state, {"type": "pass"})
    assert [(e["type"], e.get("player")) for e in events[:4]] == [("pass", 0), ("pass", 1), ("pass", 2), ("resolve", 0)]
    assert state["priority"] == 0 and state["passed"] == []  # after the resolution, from the turn player again


def test_the_newest_card_on_the_stack_resolves_first_and_priority_returns_to_the_turn_player():
    """・プレイされたカードは、すべてのプレイヤーが優先権を連続してパスしたとき、一番最後にプレイされたカード効果が解決される。1つ解決されるごとに、再びプレイヤーは優先権を得る。"""
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


def test_a_quick_action_may_be_played_whenever_its_player_holds_priority():
    """・クイックアクションは優先権がある場合、表記のコストを支払い、いつでもプレイすることができる。
    In the goldfish's turn, over a card of the player's own on the stack, and paid with batteries."""
    state = start(bundled("とっさの閃き", 2) + bundled("情報整理"), auto_pass="never")
    info, flash, other = put(state, "情報整理"), put(state, "とっさの閃き"), put(state, "とっさの閃き")
    apply(state, {"type": "play", "card": info})
    assert {"type": "play", "card": flash} not in legal_actions(state)  # no unused battery to pay its cost
    apply(state, {"type": "manual.tap", "card": batteries(state)[0], "tapped": False})
    apply(state, {"type": "play", "card": flash})  # over our own card
    assert [e["card"] for e in state["stack"]] == [info, flash] and unused(state) == []
    apply(state, {"type": "pass"})
    apply(state, {"type": "pass"})
    apply(state, {"type": "pass"})  # our main ends
    apply(state, {"type": "pass"})  # our end phase ends: the goldfish's turn, we hold priority in its main
    assert state["active"] == 1 and state["phase"] == "main" and state["priority"] == 0
    assert {"type": "play", "card": other} not in legal_actions(state)  # our batteries stay used in its turn
    apply(state, {"type": "manual.tap", "card": batteries(state)[0], "tapped": False})
    assert {"type": "play", "card": other} in legal_actions(state)
    apply(state, {"type": "play", "card": other})
    assert state["cards"][other]["zone"] == "shared.stack"


# -- ◎優先権について -----------------------------------------------------------------------------------------


def test_a_player_may_play_only_while_holding_priority():
    """・プレイヤーは優先権がある状態の場合にカードをプレイすることができる。"""
    state = start(bundled("とっさの閃き"), auto_pass="never")
    flash = put(state, "とっさの閃き")
    assert state["priority"] == 0 and {"type": "play", "card": flash} in legal_actions(state)
    state["priority"] = 1  # the goldfish holds priority (as it does while it decides)
    assert legal_actions(state) == []
    with pytest.raises(IllegalAction, match="priority"):
        apply(state, {"type": "play", "card": flash})
    with pytest.raises(IllegalAction, match="priority"):
        apply(state, {"type": "pass"})


def test_priority_starts_with_the_turn_player_and_goes_clockwise():
    """・優先権はターンプレイヤーから始まり、何もしない(優先権を放棄する)と時計回りに次のプレイヤーに移っていく。
    ・じゃんけんで勝ったプレイヤーが先手番となり、そこから時計回りにターンが進行する。"""
    state = start(bundled("とっさの閃き"), auto_pass="never", opponents=3, first="goldfish")
    assert state["active"] == 1 and state["phase"] == "main" and state["priority"] == 0  # goldfish 1, 2, 3 passed
    events = apply(state, {"type": "pass"})  # goldfish 1's draw; its end phase: 1, 2, 3, then us
    assert [e["player"] for e in events if e["type"] == "pass"] == [0, 1, 2, 3]
    events = apply(state, {"type": "pass"})  # goldfish 2's turn
    assert [(e["type"], e["player"]) for e in events if e["type"] in ("pass", "turn")] == [("pass", 0), ("turn", 2), ("pass", 2), ("pass", 3)]
    for _ in range(4):
        events = apply(state, {"type": "pass"})
    assert state["active"] == 0 and [e["player"] for e in events if e["type"] == "turn"] == [0]  # after goldfish 3: us
    flash = put(state, "とっさの閃き")
    apply(state, {"type": "play", "card": flash})
    events = apply(state, {"type": "pass"})  # in our turn we pass first, then goldfish 1, 2, 3
    assert [e["player"] for e in events if e["type"] == "pass"][:4] == [0, 1, 2, 3]


def test_after_a_resolution_in_the_goldfish_turn_priority_starts_again_from_the_goldfish():
    """・優先権は、「メイン、エンドの各フェイズの開始時」「カードがプレイされた後(解決前)」「カードの効果が解決された後」のそれぞれにターンプレイヤーから順に付与される。"""
    state = start(bundled("とっさの閃き"), auto_pass="never", opponents=2)
    flash = put(state, "とっさの閃き")
    apply(state, {"type": "pass"})
    events = apply(state, {"type": "pass"})  # goldfish 1's main: it passes first (phase start), goldfish 2, us
    assert state["active"] == 1 and [e["player"] for e in events if e["type"] == "pass"][-2:] == [1, 2]
    events = apply(state, {"type": "play", "card": flash})  # after a play: goldfish 1, goldfish 2, us
    assert [e["player"] for e in events if e["type"] == "pass"] == [1, 2] and state["priority"] == 0
    events = apply(state, {"type": "pass"})  # resolves; after the resolution: goldfish 1, goldfish 2, us
    kinds = [(e["type"], e.get("player")) for e in events if e["type"] in ("pass", "resolve")]
    assert kinds == [("pass", 0), ("resolve", 0), ("pass", 1), ("pass", 2)] and state["priority"] == 0


def test_a_player_who_passed_may_not_play_until_priority_is_given_again():
    """・一度優先権を放棄した場合、(誰かがカードをプレイしたり、効果が解決する等して)再度優先権を得ない限りカードをプレイすることはできない。
    Random games: between a player's pass and their next play, priority was given again (a play, a
    resolution, a phase's start)."""
    for state in walks(3, games=30):
        passed = set()
        for entry in state["log"]:
            if entry["action"]["type"] in ("play", "battery"):
                assert 0 not in passed, entry["action"]
            for e in entry["events"]:
                if e["type"] == "pass":
                    passed.add(e["player"])
                elif e["type"] in ("play", "resolve", "turn") or (e["type"] == "phase" and e["phase"] in ("main", "end")):
                    passed.clear()


def test_smart_auto_pass_skips_windows_where_the_player_can_do_nothing_but_not_their_own_main_phase():
    """・プレイの円滑化のため優先権の放棄の確認は行わない方が楽であるが、紳士的なプレイを心がけること。
    (The option auto_pass: "smart" passes for the player where they can play nothing; "never" asks.)"""
    state = start()
    assert state["phase"] == "main" and state["active"] == 0 and types(state) == ["pass"]
    apply(state, {"type": "pass"})
    assert state["turn"] == 3 and state["active"] == 0 and state["phase"] == "main"
    asked = start(auto_pass="never")
    apply(asked, {"type": "pass"})
    assert asked["turn"] == 1 and asked["phase"] == "end" and asked["priority"] == 0


# -- ◎ゲームの終了条件 -----------------------------------------------------------------------------------------


def test_drawing_from_the_empty_deck_loses_and_the_game_goes_on_until_one_player_is_left():
    """・プレイヤーはデッキにカードが無い状態で、カードを引かなければならない場合、敗北する。(ゲームは続く)
    ・敗北していないプレイヤーが1人となった場合、そのプレイヤーが勝利する。"""
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
    """・敗北していないプレイヤーが1人となった場合、そのプレイヤーが勝利する。"""
    state = start(deck=FILLER[:14])  # 12 dealt, 2 left
    apply(state, {"type": "pass"})  # we take the 13th, the goldfish the 14th
    apply(state, {"type": "pass"})  # our draw: the deck is empty
    assert state["result"] == {"winner": 1, "turn": 3, "reason": "deck"}
    state = start(deck=FILLER[:13])  # 1 left: we draw it, the goldfish draws from the empty deck
    apply(state, {"type": "pass"})
    assert state["result"] == {"winner": 0, "turn": 2, "reason": "deck"} and state["players"][1]["lost"]


# -- ●Tips -----------------------------------------------------------------------------------------------------


def test_putting_a_battery_is_a_play_that_enters_the_field_at_once_or_waits_on_the_stack_by_the_option():
    """・プレイ→効果を使う、バッテリーを置く
    Putting a battery is a play (only while holding priority; priority is given again after it). By default
    it has no effect to wait for and enters the field unused at once; with battery_stack it waits on the
    stack like any played card: it can be answered, and enters the field when it resolves."""
    option = get_game("timestorm").option("battery_stack")
    assert option.default is False
    state = start(bundled("バッテリー", 2) + bundled("時間停止"), auto_pass="never")
    battery = put(state, "バッテリー")
    events = apply(state, {"type": "battery", "card": battery})
    assert state["cards"][battery]["zone"] == "p0.field" and state["stack"] == [] and state["priority"] == 0
    assert [e["type"] for e in events] == ["move"]
    waits = start(bundled("バッテリー", 2) + bundled("時間停止"), auto_pass="never", battery_stack=True)
    battery, stop = put(waits, "バッテリー"), put(waits, "時間停止")
    apply(waits, {"type": "battery", "card": battery})
    assert waits["stack"] == [{"card": battery, "player": 0}] and waits["priority"] == 0
    assert {"type": "play", "card": stop} in legal_actions(waits)  # it can be answered
    apply(waits, {"type": "pass"})
    assert waits["cards"][battery]["zone"] == "p0.field" and not waits["cards"][battery]["tapped"] and waits["stack"] == []
    other = put(waits, "バッテリー")
    assert {"type": "battery", "card": other} not in legal_actions(waits)  # still one a turn
    countered = start(bundled("バッテリー", 2) + bundled("時間停止"), auto_pass="never", battery_stack=True)
    battery, stop = put(countered, "バッテリー"), put(countered, "時間停止")
    apply(countered, {"type": "battery", "card": battery})
    apply(countered, {"type": "play", "card": stop})
    apply(countered, {"type": "pass"})
    assert countered["cards"][battery]["zone"] == "p0.discard" and len(batteries(countered)) == 2


def test_the_areas_are_the_shared_deck_each_hand_and_each_discard_pile():
    """・各エリア→デッキ、手札、墓地
    (Besides the field the batteries stand on, and the stack the played cards wait on.)"""
    state = start(bundled("情報整理"), opponents=2)
    assert set(state["zones"]) == {"shared.deck", "shared.stack"} | {f"p{p}.{z}" for p in range(3) for z in ("hand", "field", "discard")}
    info = put(state, "情報整理")
    apply(state, {"type": "play", "card": info})
    assert state["cards"][info]["zone"] == "p0.discard" and state["cards"][info]["face_up"]  # resolved: to the 墓地


def test_the_four_card_types():
    """・カードタイプ(QuickAction、Battery、Action、Trigger)
    A battery is put, an action played in your main phase, a quick action whenever you hold priority, a
    trigger never played: it acts when drawn."""
    assert get_game("timestorm").type_codes == ("Battery", "Action", "QuickAction", "Trigger")
    trap = card("trap", card_type="Trigger", cost=0, script=[{"op": "draw", "when": "drawn"}])
    state = start(bundled("バッテリー") + bundled("情報整理") + bundled("とっさの閃き") + [trap], auto_pass="never")
    battery, info, flash, held = put(state, "バッテリー"), put(state, "情報整理"), put(state, "とっさの閃き"), put(state, "trap")
    offered = {(a["type"], a.get("card")) for a in legal_actions(state)}
    assert {("battery", battery), ("play", info), ("play", flash)} <= offered
    assert not {a for a in offered if a[1] == held}  # a trigger in hand is not played


def test_you_is_the_player_who_used_the_card():
    """・あなた→カードを使用した本人
    充電完了 counts the batteries of the player who played it; a trigger drawn by the goldfish draws for it."""
    state = start(bundled("充電完了") + bundled("バッテリー", 4) + bundled("時限装置"))
    for _ in range(4):
        put(state, "バッテリー", "p1.field")  # the goldfish has six batteries, we have two
    charge = put(state, "充電完了")
    events = apply(state, {"type": "play", "card": charge})
    assert state["result"] is None and {"type": "step_skipped", "card": charge, "op": "win"} in events
    trigger = put(state, "時限装置", "shared.deck")
    apply(state, {"type": "manual.move", "card": trigger, "to": "shared.deck"})
    apply(state, {"type": "manual.move", "card": state["zones"]["shared.deck"][0], "to": "shared.deck"})  # one on top of it
    fish = len(state["zones"]["p1.hand"])
    events = apply(state, {"type": "pass"})  # we draw the top one; the goldfish draws the trigger
    assert {"type": "trigger", "card": trigger, "player": 1} in events
    assert state["cards"][trigger]["zone"] == "p1.discard" and len(state["zones"]["p1.hand"]) == fish + 1


# -- the sample set's effects (rules/declare/script.py), as the bundled cards declare them -----------------


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


@pytest.mark.parametrize("players", [2, 3])
def test_random_legal_games_keep_every_invariant_and_undo_redo_is_exact(players):
    outcomes = set()
    for seed in range(1000):
        pick = random.Random(seed)
        options = {"auto_pass": pick.choice(["smart", "never"]), "first": pick.choice(["random", "player", "goldfish"])}
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
def test_who_starts_is_random_player_or_goldfish_and_anything_else_is_refused_naming_the_option(first):
    with pytest.raises(IllegalAction, match="first"):
        start(first=first)
    assert start(first="player")["turn"] == 1 and start(first="goldfish")["turn"] == 2  # the goldfish's turn 1 has passed
    assert start(first="player")["first"] == 0 and start(first="goldfish")["first"] == 1
    assert start(first="random", seed=3)["first"] in (0, 1)


def test_by_default_the_janken_winner_among_all_the_players_starts_and_turns_go_clockwise_from_them():
    """・じゃんけんで勝ったプレイヤーが先手番となり、そこから時計回りにターンが進行する。
    (The default of the option "first": the game's random generator draws the winner among every player,
    each goldfish included, after the shuffle; the same seed draws the same winner.)"""
    assert get_game("timestorm").option("first").default == "random"
    players = 4
    winners = set()
    for seed in range(40):
        options = {"goldfish_entry": "none", "opponents": players - 1}  # "first" left at its default
        state = new_game("timestorm", [FILLER + FILLER], seed=seed, options=options)
        first = state["first"]
        winners.add(first)
        # clockwise from the winner: the goldfish seated between it and the player have had their turns (they
        # cannot play the filler), so the player's first turn is the game's turn 1 + (seats from the winner)
        assert state["turn"] == 1 + (-first) % players and state["active"] == 0 and state["priority"] == 0
        assert view(state, 0)["clock"] == {"player": 0, "n": 1, "yours": 1}
        events = apply(state, {"type": "pass"})  # (auto_pass "smart": through the end phase and every goldfish's turn)
        assert [e["player"] for e in events if e["type"] == "turn"] == [1, 2, 3, 0]  # clockwise, back to the player
        assert state["active"] == 0 and state["turn"] == 1 + (-first) % players + players
        assert view(state, 0)["clock"] == {"player": 0, "n": 2, "yours": 2}
        again = new_game("timestorm", [FILLER + FILLER], seed=seed, options=options)
        assert again["first"] == first and digest(again) == digest(new_game("timestorm", [FILLER + FILLER], seed=seed, options=options))
    assert winners == set(range(players))  # the human and every goldfish win it in some games


def test_the_format_of_the_players_cards_decides_what_the_goldfish_brings_by_default():
    """・各プレイヤーは好きな勝利条件カードを1種類選び、基本のカードと混ぜて全員で1つのデッキとする。
    ・各プレイヤーは好きなカード13枚を持ち寄る。
    "auto" reads the player's cards: all entry cards, not all of them win-condition cards, is a pooling
    entry; the basic cards with a kind, or an entry of one kind alone, is the standard."""
    from rules.games.timestorm.shares import is_pooling

    assert is_pooling(entry(SAMPLE_A))
    assert not is_pooling(STANDARD + [{**c, "section": "entry"} for c in bundled("充電完了")])  # basic cards outside it
    assert not is_pooling(entry((("充電完了", 3),)))  # a kind alone: a standard entry without basic cards
    assert not is_pooling([])
    kind_alone = new_game("timestorm", [entry((("充電完了", 3),))], seed=1)
    assert sorted(c["def"] for c in kind_alone["cards"].values() if c["owner"] == 1 and c["zone"] != "p1.field") == ["無限の書庫"] * 3
