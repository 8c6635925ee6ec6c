"""The goldfish log's story (rules/engine/story.py): each logged action's events in the player's words, from the
game's declared vocabulary, and turns said one way in every game (each player's own turns counted: "あなたの3ターン
目", "相手の3ターン目") whatever the engine counts in state["turn"]."""

import random

import pytest

from rules.declare import GAMES, get_game
from rules.declare.samples import player_deck, sample_deck, timestorm_decks
from rules.declare.vocabulary import Label, Vocabulary
from rules.engine import apply, legal_actions, new_game, view
from rules.engine import story as story_module
from rules.engine.story import clock, story, turns_of
from rules.engine.versus import seats_for, versus_games

SEEDS = range(8)


def decks(slug):
    return timestorm_decks() if slug == "timestorm" else sample_deck(slug)


def text(line) -> str:
    return "".join(p if isinstance(p, str) else (f"《{p['name']}》" if "name" in p else p["text"]) for p in line["parts"])


def lines_of(state, lang="ja", kind=None):
    return [text(line) for told in story(state, 0, lang) for line in told if kind is None or line["kind"] == kind]


def name(state, iid):
    return state["defs"][state["cards"][iid]["def"]]["name"]


def play(state, n, pick=None):
    pilot = get_game(state["game"]).pilot
    for _ in range(n):
        actions = legal_actions(state)
        if state["result"] is not None or not actions:
            break
        action = pick.choice(actions) if pick else pilot.choose(state)
        apply(state, action or actions[0])
    return state


# -- every event the engine logs has words ----------------------------------------------------------------------


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_every_event_of_short_games_is_worded_or_declared_quiet(slug, monkeypatch):
    """Half the games by the autopilot, half by random legal actions; each event's line is found (or the event is
    one the game declares quiet, a turn's start, or the action's own), and no line shows a key or a None."""
    unworded = set()
    say = story_module._Teller.say

    def recording(self, kind, values, absent=frozenset()):
        out = say(self, kind, values, absent)
        if out is None:
            unworded.add((kind, tuple(sorted(k for k in values if k not in absent))))
        return out

    monkeypatch.setattr(story_module._Teller, "say", recording)
    for seed in SEEDS:
        state = play(new_game(slug, decks(slug), seed), 120, random.Random(seed) if seed % 2 else None)
        for lang in ("ja", "en"):
            for line in lines_of(state, lang):
                assert "None" not in line and "%(" not in line and "{" not in line, line
    assert not unworded, f"{slug}: events without words: {sorted(unworded)}"


@pytest.mark.parametrize("slug", versus_games())
def test_a_versus_games_lines_show_no_none_or_key_to_either_seat(slug):
    """Two real seats (the rules that only an opponent sets off: kannagi's 防御 with no 魂 chosen said 「魂Noneを除外」),
    random legal actions for whoever is to act; each seat's story in both languages."""
    deck = player_deck(slug)[0]
    for seed in range(6):
        pick = random.Random(seed)
        state = new_game(slug, [deck, deck], seed, seats=seats_for(slug, [deck, deck], None))
        for _ in range(160):
            actions = legal_actions(state)
            if state["result"] is not None or not actions:
                break
            apply(state, pick.choice(actions))
        for viewer in (0, 1):
            for lang in ("ja", "en"):
                for told in story(state, viewer, lang):
                    for line in told:
                        shown = text(line)
                        assert "None" not in shown and "%(" not in shown and "{" not in shown, (slug, seed, viewer, shown)


def test_a_line_whose_value_is_missing_is_not_said_with_none():
    teller = story_module._Teller.__new__(story_module._Teller)
    teller.lang = "ja"
    teller.templates = {"exile": [([], Label("%(cards)sを除外", "%(cards)s exiled")), ([], Label("除外なし", "nothing exiled"))]}
    assert teller.say("exile", {"cards": None}) == ["除外なし"]
    assert teller.say("exile", {"cards": [{"name": "鉄の風"}]}) == [{"name": "鉄の風"}, "を除外"]


def test_a_game_without_words_for_an_event_leaves_it_out():
    words = Vocabulary(zones={}, phases={}, actions={}, decisions={}, hidden=frozenset())
    assert "damage[player,life,source]" in words.events  # the engine's common words are every game's
    assert "no_such_event" not in words.events


# -- the turns ---------------------------------------------------------------------------------------------------


def test_the_turn_is_said_as_each_players_own_turns_whatever_the_engine_counts():
    # original counts both players' turns: with the player first, turn 3 is your 2nd and turn 4 the goldfish's 2nd
    state = new_game("original", decks("original"), 1, {"first": "player"})
    assert (turns_of(state, 0, 3), turns_of(state, 1, 4), turns_of(state, 1, 1)) == (2, 2, 0)
    state = new_game("original", decks("original"), 1, {"first": "goldfish"})
    assert (turns_of(state, 1, 1), turns_of(state, 0, 2), turns_of(state, 0, 3), turns_of(state, 1, 3)) == (1, 1, 1, 2)
    assert clock(state) == {"player": 0, "n": 1, "yours": 1}  # the goldfish's turn 1 passed: your first
    # kannagi counts the player's own turns: the goldfish's comes between two of them
    state = new_game("kannagi", decks("kannagi"), 1, {"first": "goldfish"})
    assert (turns_of(state, 0, 2), turns_of(state, 1, 2)) == (2, 3)


def test_the_log_heads_each_turn_with_whose_it_is_and_which_of_theirs():
    state = play(new_game("kannagi", decks("kannagi"), 3, {"first": "player"}), 14)
    turns = lines_of(state, kind="turn")
    assert turns[:4] == ["あなたの1ターン目", "相手の1ターン目", "あなたの2ターン目", "相手の2ターン目"]
    assert lines_of(state, "en", kind="turn")[:2] == ["Your turn 1", "Opponent's turn 1"]
    assert view(state, 0)["clock"] == clock(state) and clock(state)["player"] == 0

    # original counts both players' turns: the goldfish's first turn is "相手の1ターン目", then your second
    state = play(new_game("original", decks("original"), 3, {"first": "player"}), 30)
    assert lines_of(state, kind="turn")[:3] == ["相手の1ターン目", "あなたの2ターン目", "相手の2ターン目"]
    assert clock(state)["yours"] == (state["turn"] + 1) // 2


def test_manacard_counts_each_action_right_as_a_turn_as_its_simulations_do():
    state = play(new_game("manacard", decks("manacard"), 3), 6)
    pilot = get_game("manacard").pilot
    assert clock(state)["yours"] == pilot.own_turn(state)
    turns = lines_of(state, kind="turn")
    assert turns[0] == "相手の1ターン目" and turns[1] == "あなたの2ターン目"


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_your_turns_begun_is_the_simulators_win_turn(slug):
    pilot = get_game(slug).pilot
    for seed in range(3):
        state = new_game(slug, decks(slug), seed)
        for _ in range(80):
            assert clock(state)["yours"] == pilot.own_turn(state), (slug, seed, state["turn"])
            action = pilot.choose(state)
            if state["result"] is not None or action is None:
                break
            apply(state, action)


# -- what the lines say --------------------------------------------------------------------------------------------


def test_a_draw_names_your_card_and_damage_names_its_source():
    state = play(new_game("kannagi", decks("kannagi"), 3, {"first": "player"}), 14)
    drawn = [line for line in lines_of(state) if line.startswith("あなた: 1枚引いた（《")]
    assert drawn
    attacks = [e for e in state["log"] if e["action"]["type"] == "attack"]
    assert attacks
    attacker = name(state, attacks[0]["action"]["card"])
    damage = next(e for e in attacks[0]["events"] if e["type"] == "damage")
    assert f"相手: {damage['amount']}ダメージ（《{attacker}》）→ ライフ {damage['life']}" in lines_of(state)


def test_the_goldfishs_draws_are_not_named_even_when_the_card_is_seen_later():
    state = play(new_game("timestorm", decks("timestorm"), 3), 12)
    entry = next(e for e in state["log"] for ev in e["events"] if ev.get("type") == "move" and ev["to"] == "p1.hand")
    drawn = next(ev["card"] for ev in entry["events"] if ev.get("type") == "move" and ev["to"] == "p1.hand")
    apply(state, {"type": "manual.move", "card": drawn, "to": "p1.discard", "face_up": True})
    assert "相手: 1枚引いた" in lines_of(state)
    assert not any(line.startswith("相手: 1枚引いた（") for line in lines_of(state))
    assert story(state, 0, "ja")[-1] == []  # the manual move is said by its action's line, not again


def test_what_was_paid_is_said():
    # timestorm taps batteries by itself to pay for a card: the log says which
    state = play(new_game("timestorm", decks("timestorm"), 3), 14)
    paid = [told for entry, told in zip(state["log"][-50:], story(state, 0, "ja"), strict=True)
            if entry["action"]["type"] == "play" and any(e["type"] == "tap" and e["tapped"] for e in entry["events"])]
    assert paid and all(any(text(line).startswith("使用済みにした: 《バッテリー》") for line in told) for told in paid)
    # original's payment names its cards in the action (支払う 使用 …): not said twice
    state = play(new_game("original", decks("original"), 3, {"first": "player"}), 40)
    pays = [told for entry, told in zip(state["log"][-50:], story(state, 0, "ja"), strict=True) if entry["action"]["type"] == "pay"]
    assert pays and not any(text(line).startswith("使用: ") for told in pays for line in told)
    # manacard: the mana and skill cards paid, and the damage of a hit with its source
    state = play(new_game("manacard", decks("manacard"), 3), 6)
    assert any(line.startswith("《岩肌のゴーレム》の支払い: マナ《") for line in lines_of(state))
    assert any(line.startswith("相手: 5ダメージ（《岩肌のゴーレム》）→ メインデッキから5枚を裏向きで除外") for line in lines_of(state))


def test_original_phases_are_named_by_what_they_do():
    state = play(new_game("original", decks("original"), 3, {"first": "player"}), 12)
    phases = set(lines_of(state, kind="phase"))
    assert phases & {"フェイズ② 展開・移動", "フェイズ③ 補充", "フェイズ④ ターン終了"}
    assert all(not p.endswith(("①", "②", "③", "④")) for p in get_game("original").vocabulary.labels("ja")["phases"].values())


def test_a_game_may_word_its_own_events_and_leave_some_out():
    words = Vocabulary(zones={}, phases={}, actions={}, decisions={}, hidden=frozenset(), events={"damage[player]": Label("%(player)s痛い", "ouch")},
                       quiet=frozenset({"shuffle"}))
    assert list(words.events)[0] == "damage[player]" and "damage" in words.events
    assert "shuffle" in words.quiet and "turn_end" in words.quiet
    with pytest.raises(ValueError, match="turn_count"):
        Vocabulary(zones={}, phases={}, actions={}, decisions={}, hidden=frozenset(), turn_count="rounds")


def test_a_weathers_damage_names_the_weather_as_its_source():
    """霧雨: スペルカードがプレイされ、その効果が解決された場合、ターンプレイヤーは目標の[相手プレイヤー1人]に3ダメージを
    与える。 The log says which weather dealt it."""
    from tests.test_engine_vision import spell, take, weather_game

    state = weather_game("霧雨", extra=[spell("世界", keywords=("世界呪符",))])
    apply(state, {"type": "play", "card": take(state, "世界")})
    last = [text(line) for line in story(state, 0, "ja")[-1]]
    assert any("《霧雨》" in line and "3" in line for line in last), last


def test_the_log_says_enten_keeps_tenkiame_from_nullifying_a_play_and_why_a_yuki_loss_happened():
    """炎天 (seed 000 line 105): [全てのプレイヤー]は、「プレイを無効」という記述を含むカードのプレイに干渉することが出来ない。
    雪 (line 163): 破棄出来ない場合、そのプレイヤーはゲームに敗北する。 The log names 炎天 on the play 天気雨 would have
    nullified, in the player's words."""
    from tests.test_engine_vision import char, command, take, weather_game

    counter = command("封殺", text="目標のカードのプレイを無効にする。")
    state = weather_game("天気雨", "炎天", extra=[counter, char("低", req=1), char("高", req=5)])
    take(state, "高", "p0.deck")
    take(state, "低", "p0.deck")
    apply(state, {"type": "play", "card": take(state, "封殺")})
    for lang, word in (("ja", "干渉できない"), ("en", "Nothing may interfere")):
        last = [text(line) for line in story(state, 0, lang)[-1]]
        assert any("《封殺》" in line and word in line and "《炎天》" in line for line in last), last
    snow = weather_game("雪", extra=[char("甲", attack=2)])
    apply(snow, {"type": "attack", "card": take(snow, "甲", "p0.field")})
    words = get_game("vision").vocabulary
    assert words.labels("ja")["reasons"][snow["result"]["reason"]] == "天候《雪》で山札を破棄できない"
    assert "雪" in words.labels("en")["reasons"][snow["result"]["reason"]]


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_the_first_turns_player_is_read_from_the_rules_not_inferred_from_the_log(slug):
    """Who took the first turn is the rules' own record (`first_seat`), the one the clock and the story count
    turns from, never guessed from the log: with the start option "first" (where the game has it) it is the
    seat the option names, from the setup on; a game that draws the first player at random keeps a seat."""
    game = get_game(slug)
    choices = next((o.choices for o in game.options if o.key == "first"), None)
    values = [c.value if hasattr(c, "value") else c for c in (choices or ())]
    for seed in SEEDS:
        asked = ("goldfish" if seed % 2 else "player") if {"player", "goldfish"} <= set(values) else None
        state = new_game(slug, decks(slug), seed, {"first": asked} if asked else {})
        for _ in range(2):  # after the setup, and after some play
            kept = game.rules.first_seat(state)
            assert kept in range(len(state["players"])), (seed, kept)
            if asked:
                assert kept == ("player", "goldfish").index(asked), (seed, asked, kept)
            assert story_module.first_player(state) == kept
            state = play(state, 30)
