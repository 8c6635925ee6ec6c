"""東方VISION with two real seats (issue 34): each seat plays its own deck by the same rules (GAMES.md's base
game), the attacked player decides its defence, and the weathers that hit 「全てのプレイヤー」 (seed
000_6e219afe7f01c6ff.txt) hit the second seat as a player, not as a deckless goldfish. Goldfish games stay as
they were (tests/test_engine_golden.py, tests/test_recorded_simulations.py)."""

import json
from pathlib import Path

import pytest

from rules.engine import IllegalAction, apply, decision, digest, legal_actions, new_game, replay
from rules.engine.core import _rules
from rules.engine.versus import SeatAI
from rules.games.vision.play import _swap_zone

from .engine_helpers import fresh
from .test_engine_vision import FILLER, WEATHERS, char, weather_deck

HERE = Path(__file__).resolve().parent / "golden"
SEATS = ["player", "player"]


def versus(extra=(), extra_1=(), weathers=None, seed=1, **options):
    """Both seats players: `extra` (seat 0) and `extra_1` (seat 1) cards with the filler as each main deck, the
    weathers (names) as seat 0's weather section (the game's weather deck)."""
    deck0 = list(extra) + FILLER + (weather_deck(weathers) if weathers is not None else [])
    deck1 = list(extra_1) + FILLER
    return new_game("vision", [deck0, deck1], seed=seed, options=options, seats=SEATS)


def take(state, key, to, owner):
    iid = fresh(state, key, owner)
    if state["cards"][iid]["zone"] != to or to.endswith(".deck"):
        apply(state, {"type": "manual.move", "card": iid, "to": to})
    return iid


def end_turn(state):
    """The turn player ends its turn (filler cards go to the hand limit); the events until the next decision."""
    events = apply(state, {"type": "end_turn"})
    while state["pending"] and state["pending"]["type"] == "discard":
        me = state["pending"]["player"]
        fillers = [i for i in state["zones"][f"p{me}.hand"] if state["cards"][i]["def"].startswith("filler")]
        events += apply(state, {"type": "discard", "cards": fillers[: state["pending"]["n"]]})
    return events


def life(state):
    return [p["life"] for p in state["players"]]


def force(state, name):
    iid = next(i for i, c in state["cards"].items() if c["def"] == name)
    apply(state, {"type": "manual.move", "card": iid, "to": "weather_area"})


def test_each_seat_has_its_deck_25_life_and_7_cards_and_the_second_seat_draws_on_its_turn():
    """GAMES.md (base game): Life 25 … Each player draws 7; no mulligan. … The first player does not draw on
    turn 1. Both seats are players: each shuffles its own deck and draws 7; turn 2 is seat 1's, which draws
    1 and then acts in its own main phase (the listers, the guard and the handlers act for it)."""
    state = versus(extra=[char("甲")], extra_1=[char("乙")])
    assert [p["goldfish"] for p in state["players"]] == [False, False] and life(state) == [25, 25]
    assert [len(state["zones"][f"p{p}.hand"]) for p in (0, 1)] == [7, 7]
    assert len(state["zones"]["p1.deck"]) == 41 - 7
    rules = _rules("vision")
    assert rules.to_act(state) == 0 and rules.first_seat(state) == 0
    end_turn(state)
    assert state["active"] == 1 and state["turn"] == 2 and rules.to_act(state) == 1
    assert len(state["zones"]["p1.hand"]) == 8  # its draw step
    assert rules.first_seat(state) == 0
    seat_1_hand = set(state["zones"]["p1.hand"])
    listed = legal_actions(state)
    assert {a["card"] for a in listed if a["type"] == "node"} == seat_1_hand
    node = next(a for a in listed if a["type"] == "node")
    apply(state, node)
    assert state["cards"][node["card"]]["zone"] == "p1.nodes"
    p0_card = state["zones"]["p0.hand"][0]
    with pytest.raises(IllegalAction, match="p1.hand"):
        apply(state, {"type": "play", "card": p0_card})


def attack_into_a_defender(answer):
    """Seat 0's active 甲 (3/3) attacks seat 1, which has the active 乙 (2/5); `answer` picks the defence."""
    state = versus(extra=[char("甲", attack=3, defence=3)], extra_1=[char("乙", attack=2, defence=5), char("丙")])
    attacker = take(state, "甲", "p0.field", 0)
    blocker = take(state, "乙", "p1.field", 1)
    asleep = take(state, "丙", "p1.field", 1)
    apply(state, {"type": "manual.tap", "card": asleep, "tapped": True})
    events = apply(state, {"type": "attack", "card": attacker})
    return state, events, attacker, blocker, asleep


def test_the_attacked_player_decides_which_active_character_defends_and_defending_sleeps_it():
    """GAMES.md (base game): Attacking and defending turn the character to sleep; one attacker and one defender
    at a time; damage is simultaneous unless 先制. Against a player the defence is that player's decision
    (the goldfish's first active character blocks by the option "goldfish_defends"): only its active
    characters may defend, and the battle deals each one's attack to the other."""
    state, events, attacker, blocker, asleep = attack_into_a_defender(None)
    assert events[-1] == {"type": "defend_choice", "player": 1, "card": attacker}
    asked = decision(state)
    assert asked["type"] == "defend" and asked["player"] == 1 and asked["candidates"] == [blocker]
    assert _rules("vision").to_act(state) == 1
    assert legal_actions(state) == [{"type": "defend", "card": blocker}, {"type": "defend", "card": None}]
    with pytest.raises(IllegalAction, match="card"):
        apply(state, {"type": "defend", "card": asleep})
    events = apply(state, {"type": "defend", "card": blocker})
    assert {"type": "defend", "card": blocker, "attacker": attacker} in events
    assert state["cards"][blocker]["tapped"] and life(state) == [25, 25]
    assert state["cards"][blocker]["counters"]["damage"] == 3 and state["cards"][attacker]["counters"]["damage"] == 2
    assert state["pending"] is None and _rules("vision").to_act(state) == 0


def test_no_defence_lets_the_attack_hit_the_player():
    """GAMES.md (base game): Win: the opponent's life is 0 or less. An undefended attack deals its attack to
    the player."""
    state, _, attacker, blocker, _ = attack_into_a_defender(None)
    events = apply(state, {"type": "defend", "card": None})
    assert {"type": "no_defence", "player": 1, "card": attacker} in events
    assert life(state) == [25, 22] and not state["cards"][blocker]["tapped"]


def test_the_heuristic_defends_with_a_survivor_and_plays_either_seat_through_as_seat():
    """The autopilot, written for seat 0, plays seat 1 through as_seat (the seats swapped, instance ids kept):
    乙 (耐久力 5) survives 甲's 3, so it defends."""
    state, _, _, blocker, _ = attack_into_a_defender(None)
    turned = _rules("vision").as_seat(state, 1)
    assert turned["pending"]["player"] == 0 and turned["active"] == 1
    assert turned["zones"]["p0.field"] == state["zones"]["p1.field"] and turned["cards"][blocker]["owner"] == 0
    assert SeatAI("vision").choose(state, 1) == {"type": "defend", "card": blocker}


def test_kyokuya_the_defending_players_non_human_chooses_its_battle_modifier_too():
    """極夜 (seed line 43): (自動γ)[種族:人間を持たないキャラクター]が相手キャラクターと戦闘を行う場合、+2/0若しくは0/+2の
    戦闘修正を選択して得る事ができる。 The defender battles the attacker as well: after the attacker's player
    chooses, the defending player chooses for its non-human (乙 takes ±0/+2 and survives 甲's 3 plus 2)."""
    state = versus(extra=[char("甲", attack=3, defence=3)], extra_1=[char("乙", attack=2, defence=4)],
                   weathers=WEATHERS, weather_at_start=False)
    force(state, "極夜")
    attacker = take(state, "甲", "p0.field", 0)
    blocker = take(state, "乙", "p1.field", 1)
    apply(state, {"type": "attack", "card": attacker})
    apply(state, {"type": "defend", "card": blocker})
    assert state["pending"]["weather"] == "極夜" and state["pending"]["player"] == 0 and "card" not in state["pending"]
    apply(state, {"type": "weather_choice", "option": 1})  # 甲: +2/±0
    assert state["pending"]["player"] == 1 and state["pending"]["card"] == blocker
    assert _rules("vision").to_act(state) == 1
    events = apply(state, {"type": "weather_choice", "option": 2})  # 乙: ±0/+2
    assert {"type": "weather", "weather": "極夜", "card": blocker, "option": 2} in events
    assert state["cards"][blocker]["counters"] == {"defence": 2, "damage": 5}
    assert state["cards"][blocker]["zone"] == "p1.field"  # 耐久力 4 + 2 > 5
    assert state["cards"][attacker]["counters"]["damage"] == 2


def test_jishingumo_the_second_seat_rolls_at_the_end_of_its_own_turn():
    """地震雲 (seed line 57): (自動γ)[全てのプレイヤー]は自ターン終了時、サイコロをふる。その後、Xダメージを受ける。
    Seat 1 ends its own turn as a player: it rolls and takes the damage."""
    state = versus(weathers=WEATHERS, weather_at_start=False, weather_every=99)
    force(state, "地震雲")
    end_turn(state)
    assert state["active"] == 1
    rolls = [e for e in end_turn(state) if e["type"] == "roll"]
    assert [r["player"] for r in rolls] == [1]
    assert state["players"][1]["life"] == 25 - rolls[0]["value"]


def test_haru_ichiban_the_second_seat_chooses_at_the_start_of_its_main_phase():
    """春一番 (seed line 63): (自動γ)[全てのプレイヤー]は自ターンのメインフェイズ開始時、以下の効果を1つ選んで解決する。
    - 1:[デッキの上のカード1枚]をアクティブ状態でノードに加える。 Seat 1 chooses (the goldfish never does) and
    option 1 takes the top of its own deck."""
    state = versus(weathers=WEATHERS, weather_at_start=False, weather_every=99)
    force(state, "春一番")
    end_turn(state)
    assert state["pending"]["type"] == "weather_choice" and state["pending"]["player"] == 1
    assert _rules("vision").to_act(state) == 1
    top = state["zones"]["p1.deck"][-1]
    apply(state, {"type": "weather_choice", "option": 1})
    assert state["cards"][top]["zone"] == "p1.nodes" and not state["cards"][top]["tapped"]


def test_yuki_damage_to_the_second_seat_mills_its_deck_instead_of_losing_it_the_game():
    """雪 (seed line 163): (自動 α) [全てのプレイヤー]はダメージを受ける場合、そのダメージを直ちに無効とし、[デッキの上の
    カードX枚]を破棄する。 Seat 1 has a deck: an attack's damage mills it (the deckless goldfish would lose)."""
    state = versus(extra=[char("甲", attack=3)], weathers=WEATHERS, weather_at_start=False)
    force(state, "雪")
    attacker = take(state, "甲", "p0.field", 0)
    deck = len(state["zones"]["p1.deck"])
    events = apply(state, {"type": "attack", "card": attacker})
    assert {"type": "weather", "weather": "雪", "player": 1, "amount": 3, "milled": 3} in events
    assert len(state["zones"]["p1.deck"]) == deck - 3 and life(state) == [25, 25] and state["result"] is None


def test_hyou_wakes_the_second_seats_nodes_at_the_start_of_its_turn():
    """雹 (seed line 139): (自動 γ)ターン開始時、全てのプレイヤーは自分の[スリープ状態のノード2枚]をアクティブ状態にしても
    良い。 Seat 1's own sleeping nodes: two wake as its turn starts."""
    state = versus(weathers=WEATHERS, weather_at_start=False, weather_every=99)
    force(state, "雹")
    nodes = state["zones"]["p1.deck"][:3]
    for iid in nodes:
        apply(state, {"type": "manual.move", "card": iid, "to": "p1.nodes"})
        apply(state, {"type": "manual.tap", "card": iid, "tapped": True})
    events = end_turn(state)
    start = events.index({"type": "turn", "turn": 2, "player": 1})
    woken = [e for e in events if e.get("weather") == "雹"]
    assert [(e["player"], e["cards"]) for e in woken] == [(1, nodes[:2])]
    assert events.index(woken[0]) == start + 1  # at the start of the turn, before its active phase


def golden(name):
    return json.loads((HERE / f"{name}.json").read_text(encoding="utf-8"))


def test_the_versus_playthroughs_have_both_seats_defend_choose_and_take_the_weathers():
    """The recorded versus games (tests/golden/vision-versus-seed12.json, -seed17.json): both seats defend
    (GAMES.md: one attacker and one defender at a time), both choose for 春一番 (seed line 63:
    [全てのプレイヤー]は自ターンのメインフェイズ開始時、以下の効果を1つ選んで解決する。) and declare for 宵闇 (seed line 50:
    [全てのプレイヤー]はキャラクターに攻撃をさせる度にカードの種類を2種類宣言し), and 雪 mills both players' decks (seed
    line 163); both GRAZE when they take combat damage (GAMES.md's base game); each replays from its seed to its
    digest."""
    defended, chose, milled, grazed = set(), set(), set(), set()
    for name in ("vision-versus-seed12", "vision-versus-seed17"):
        recorded = golden(name)
        setup = recorded["setup"]
        assert setup["seats"] == SEATS
        state = new_game(setup["game"], setup["decks"], setup["seed"], setup["options"], setup["seats"])
        for action in recorded["actions"]:
            who = _rules("vision").to_act(state)
            if action["type"] == "defend" and action["card"] is not None:
                defended.add(who)
            if action["type"] == "weather_choice":
                chose.add((state["pending"]["weather"], who))
            if action["type"] == "graze":
                grazed.add(who)
            for event in apply(state, action):
                if event.get("weather") == "雪" and event.get("milled"):
                    milled.add(event["player"])
        assert digest(state) == recorded["digest"] == digest(replay(setup, recorded["actions"]))
    assert defended == {0, 1} and milled == {0, 1} and grazed == {0, 1}  # GAMES.md: GRAZE, either seat
    assert {("春一番", 0), ("春一番", 1), ("宵闇", 0), ("宵闇", 1)} <= chose


def test_the_defence_events_have_words_in_both_languages(monkeypatch):
    """The new events (defend_choice, no_defence, defend against a player) and every event of a recorded versus
    game are worded (rules/games/vision/vocabulary.py), as tests/test_story.py asks of goldfish games."""
    from rules.engine import story as story_module

    unworded = set()
    say = story_module._Teller.say

    def recording(self, kind, values, absent=frozenset()):
        out = say(self, kind, values, absent)
        if out is None:
            unworded.add(kind)
        return out

    monkeypatch.setattr(story_module._Teller, "say", recording)
    declined, _, _, _, _ = attack_into_a_defender(None)
    apply(declined, {"type": "defend", "card": None})
    blocked, _, _, blocker, _ = attack_into_a_defender(None)
    apply(blocked, {"type": "defend", "card": blocker})
    recorded = golden("vision-versus-seed12")
    states = [declined, blocked, replay(recorded["setup"], recorded["actions"])]
    said = []
    for state in states:
        for seat in (0, 1):
            for lang in ("ja", "en"):
                for told in story_module.story(state, seat, lang):
                    for line in told:
                        words = "".join(p if isinstance(p, str) else p.get("name") or p.get("text") or "" for p in line["parts"])
                        assert "None" not in words and "%(" not in words, words
                        said.append(words)
    assert not unworded, sorted(unworded)
    assert any("防御しない" in w for w in said) and any("defends against" in w for w in said)
    assert any("防御するか選ぶ" in w for w in said)


# -- GRAZE (GAMES.md's base game) --------------------------------------------------------------------------

GRAZE_LINE = ("GRAZE: a player who takes combat damage may add the attacker's GRAZE value of cards from the top of "
              "their deck to their nodes, sleeping (all or nothing; not from 貫通 damage).")


def grazer(key, graze, attack=3, defence=3, keywords=()):
    card = char(key, attack=attack, defence=defence, keywords=keywords)
    card["fields"]["graze"] = graze
    return card


def test_the_seat_that_takes_combat_damage_decides_to_graze_the_attackers_value_of_cards_to_its_nodes_sleeping():
    """GAMES.md (base game): GRAZE: a player who takes combat damage may add the attacker's GRAZE value of
    cards from the top of their deck to their nodes, sleeping (all or nothing; not from 貫通 damage). Seat 0's
    GRAZE 2 character hits seat 1, which has no defender: seat 1 decides; grazing puts the top 2 cards of its
    deck into its nodes, sleeping, all of them."""
    assert "GRAZE" in GRAZE_LINE
    state = versus(extra=[grazer("甲", 2)])
    attacker = take(state, "甲", "p0.field", 0)
    events = apply(state, {"type": "attack", "card": attacker})
    assert life(state) == [25, 22]
    assert events[-1] == {"type": "graze_choice", "player": 1, "card": attacker, "n": 2}
    asked = decision(state)
    assert asked["type"] == "graze" and asked["player"] == 1 and asked["answer"] == "graze" and asked["also"] == ["no_graze"]
    assert _rules("vision").to_act(state) == 1
    assert legal_actions(state) == [{"type": "graze"}, {"type": "no_graze"}]
    top = list(reversed(state["zones"]["p1.deck"][-2:]))
    events = apply(state, {"type": "graze"})
    assert {"type": "graze", "player": 1, "card": attacker, "n": 2} in events
    assert state["zones"]["p1.nodes"] == top and all(state["cards"][i]["tapped"] for i in top)
    assert not any(state["cards"][i]["face_up"] for i in top)
    assert state["pending"] is None and _rules("vision").to_act(state) == 0  # seat 0's main phase goes on


def test_the_first_seat_grazes_too_when_the_second_seat_attacks_it_and_may_decline():
    """GAMES.md (base game): a player who takes combat damage *may* add the attacker's GRAZE value of cards …
    Seat 1 attacks in its turn: seat 0 decides; declining adds nothing."""
    state = versus(extra_1=[grazer("乙", 1)])
    end_turn(state)
    attacker = take(state, "乙", "p1.field", 1)
    deck = list(state["zones"]["p0.deck"])
    apply(state, {"type": "attack", "card": attacker})
    assert life(state) == [22, 25] and decision(state)["player"] == 0 and _rules("vision").to_act(state) == 0
    events = apply(state, {"type": "no_graze"})
    assert {"type": "no_graze", "player": 0, "card": attacker} in events
    assert state["zones"]["p0.deck"] == deck and state["zones"]["p0.nodes"] == [] and state["pending"] is None


def test_no_graze_from_pierce_damage_nor_without_a_graze_value_nor_from_a_short_deck():
    """GAMES.md (base game): … (all or nothing; not from 貫通 damage). 貫通's excess over a defender is combat
    damage that gives no GRAZE; an attacker without a GRAZE value gives none; a deck with fewer cards than the
    value cannot give all of them, so there is nothing to decide."""
    state = versus(extra=[grazer("甲", 2, attack=6, keywords=("貫通",))], extra_1=[char("乙", attack=1, defence=2)])
    attacker = take(state, "甲", "p0.field", 0)
    blocker = take(state, "乙", "p1.field", 1)
    apply(state, {"type": "attack", "card": attacker})
    events = apply(state, {"type": "defend", "card": blocker})
    assert {"type": "pierce", "card": attacker, "amount": 4} in events and life(state) == [25, 21]
    assert state["pending"] is None and not any(e["type"] == "graze_choice" for e in events)
    plain = versus(extra=[char("甲")])
    apply(plain, {"type": "attack", "card": take(plain, "甲", "p0.field", 0)})
    assert life(plain) == [25, 23] and plain["pending"] is None
    short = versus(extra=[grazer("甲", 3)])
    for iid in short["zones"]["p1.deck"][2:]:
        apply(short, {"type": "manual.move", "card": iid, "to": "p1.discard"})
    apply(short, {"type": "attack", "card": take(short, "甲", "p0.field", 0)})
    assert life(short) == [25, 22] and short["pending"] is None


def test_the_seat_ai_answers_the_graze_decision_for_the_damaged_seat():
    """GAMES.md (base game): GRAZE … is the damaged player's decision: in versus the seat that took the damage
    is asked, and its AI answers it (the heuristic grazes while its deck keeps enough cards)."""
    state = versus(extra=[grazer("甲", 2)])
    apply(state, {"type": "attack", "card": take(state, "甲", "p0.field", 0)})
    assert SeatAI("vision", "heuristic").choose(state, 1) == {"type": "graze"}
    assert SeatAI("vision", "strong", samples=2).choose(state, 1) in ({"type": "graze"}, {"type": "no_graze"})


# -- the weather deck of two decks (seed line 7) --------------------------------------------------------------


def two_weather_sections(names_0, names_1, seed=1, **options):
    deck0 = FILLER + weather_deck(names_0)
    deck1 = FILLER + weather_deck(names_1)
    return new_game("vision", [deck0, deck1], seed=seed, options=options, seats=SEATS)


def revealed_owners(options, seeds=range(12)):
    """Whose weather section each game's first revealed weather came from, over a few seeds."""
    owners = []
    for seed in seeds:
        state = two_weather_sections(WEATHERS[:3], WEATHERS[3:6], seed=seed, **options)
        (iid,) = state["zones"]["weather_area"]
        owners.append(state["cards"][iid]["owner"])
    return owners


def test_both_seats_weather_cards_form_the_one_weather_deck_and_go_back_to_their_owners_section():
    """Seed line 7: 天候カードを用意し、それを天候デッキとする。 (one weather deck of the weather cards prepared;
    option "weather_deck", by default every player's weather cards together). Line 12: 天候エリアに出ている天候カード
    全てを天候デッキに戻す。 The first weather comes from either seat's section; a second seat alone with weather
    cards has the weather rule too; a weather card goes back to its owner's section."""
    assert set(revealed_owners({})) == {0, 1}
    only_1 = two_weather_sections([], WEATHERS[:2])
    assert only_1["flags"]["weather_on"] and len(only_1["zones"]["weather_area"]) == 1
    state = two_weather_sections(["快晴"], ["曇天"], seed=3)
    (first,) = state["zones"]["weather_area"]
    owner = state["cards"][first]["owner"]
    for _ in range(4):
        end_turn(state)
    (second,) = state["zones"]["weather_area"]
    assert state["cards"][first]["zone"] == f"p{owner}.weather" or second == first
    assert sorted(state["cards"][i]["owner"] for i in state["zones"]["p0.weather"] + state["zones"]["p1.weather"] + [second]) == [0, 1]


def test_the_option_first_keeps_the_weather_deck_to_the_first_seats_section():
    """Seed line 7 read the other way (option "weather_deck" at "first"): only the first seat's weather cards
    are the weather deck; the second seat's stay in its weather zone, and a first seat without any plays
    without the weather rule."""
    assert set(revealed_owners({"weather_deck": "first"})) == {0}
    assert not two_weather_sections([], WEATHERS[:2], weather_deck="first")["flags"]["weather_on"]


def test_as_seat_relabels_every_card_as_it_is_read_and_twice_gives_the_cards_back():
    """as_seat (rules/README.md: the same game relabelled so that `seat` is seat 0, instance ids kept) relabels
    the cards lazily (each on first read): every card reads with the other owner and the swapped zone, as an
    eager copy would, the facts of the cards are the game's own, and relabelling twice gives the game's cards."""
    state = versus(extra=[char("甲")], extra_1=[char("乙")])
    take(state, "甲", "p0.field", 0)
    rules = _rules("vision")
    turned = rules.as_seat(state, 1)
    eager = {i: dict(c, owner=1 - c["owner"], zone=_swap_zone(c["zone"])) for i, c in state["cards"].items()}
    assert dict(turned["cards"].items()) == eager and turned["cards"] == eager
    assert all(turned["cards"][i]["zone"] in turned["zones"] and i in turned["zones"][turned["cards"][i]["zone"]] for i in eager)
    assert all(rules.facts(turned)[i] is rules.facts(state)[i] for i in eager)
    assert rules.as_seat(turned, 1)["cards"] == state["cards"]
    assert rules.as_seat(turned, 1)["zones"] == state["zones"]


def test_a_graze_decision_ends_when_a_manual_move_leaves_the_deck_short_of_the_value():
    """GAMES.md (base game): GRAZE … (all or nothing): while the damaged seat decides, cards moved out of its
    deck by hand so that fewer than the GRAZE value are left end the decision (nothing to add), and the
    attacking seat's main phase goes on."""
    state = versus(extra=[grazer("甲", 2)])
    apply(state, {"type": "attack", "card": take(state, "甲", "p0.field", 0)})
    assert decision(state)["type"] == "graze"
    for iid in state["zones"]["p1.deck"][1:]:
        apply(state, {"type": "manual.move", "card": iid, "to": "p1.discard"})
    assert state["pending"] is None and state["zones"]["p1.nodes"] == [] and _rules("vision").to_act(state) == 0
