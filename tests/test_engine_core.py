"""The engine core: determinism, JSON state, the log with undo and redo, manual actions, conservation."""

import json
import random

import pytest

from rules.engine import (
    IllegalAction,
    apply,
    check_invariants,
    digest,
    legal_actions,
    new_game,
    redo,
    replay,
    rng,
    undo,
    view,
)


def deck(n=40, kinds=10):
    return [{"key": f"k{i % kinds}", "name": f"カード{i % kinds}", "card_type": "場所札", "cost": i % 4} for i in range(n)]


@pytest.fixture(autouse=True)
def generic(monkeypatch):
    """The core under test runs the generic goldfish rules (vision's draw rules: opening hand 7, no first draw),
    as a game "generic" that declares no play of its own: every real game has rules of its own."""
    from dataclasses import replace

    from rules.declare import GAMES, get_game
    from rules.declare.options import goldfish_life

    monkeypatch.setitem(GAMES, "generic", replace(get_game("vision"), slug="generic", play="rules.engine.generic:GenericRules", options=(goldfish_life(25),)))


@pytest.fixture
def game():
    return new_game("generic", [deck()], seed=7)


def test_splitmix64_gives_its_published_first_value():
    state = {"rng": 0}
    assert rng.next_u64(state) == 0xE220A8397B1DCDAF


def test_the_same_seed_and_actions_give_the_same_game_and_another_seed_another():
    a, b, c = (new_game("generic", [deck()], seed=s) for s in (7, 7, 8))
    assert digest(a) == digest(b) != digest(c)
    for state in (a, b):
        apply(state, {"type": "end_turn"})
        apply(state, {"type": "manual.shuffle", "zone": "p0.deck"})
        apply(state, {"type": "manual.roll", "sides": 20})
    assert digest(a) == digest(b)
    assert a["log"][-1]["events"] == b["log"][-1]["events"]


def test_the_state_is_json_and_a_reloaded_state_plays_on_identically(game):
    apply(game, {"type": "end_turn"})
    copy = json.loads(json.dumps(game))
    assert digest(copy) == digest(game)
    for state in (game, copy):
        apply(state, {"type": "manual.shuffle", "zone": "p0.deck"})
        apply(state, {"type": "manual.draw", "player": 0, "n": 2})
    assert digest(copy) == digest(game)


def test_the_opening_hand_follows_the_games_draw_rules(game):
    assert len(game["zones"]["p0.hand"]) == 7  # the generic rules with vision's draw rules
    assert len(new_game("vision", [deck(50)], seed=1)["zones"]["p0.hand"]) == 7
    assert len(new_game("manacard", [deck(50)], seed=1)["zones"]["p0.hand"]) == 5
    assert len(new_game("original", [deck(60)], seed=1)["zones"]["p0.hand"]) == 5  # the ① draw is optional


def test_undo_steps_back_and_redo_forward_to_the_same_digest(game):
    digests = [digest(game)]
    for action in ({"type": "end_turn"}, {"type": "manual.roll"}, {"type": "manual.life", "player": 1, "delta": -5}):
        apply(game, action)
        digests.append(digest(game))
    back = undo(game, 2)
    assert digest(back) == digests[1] and len(back["redo"]) == 2
    forward = redo(back, 2)
    assert digest(forward) == digests[3] and forward["redo"] == []
    again = undo(forward, 1)
    apply(again, {"type": "manual.life", "player": 1, "delta": -1})  # a new action drops what was undone
    assert again["redo"] == []


def test_manual_actions_are_logged_as_overrides_and_the_rules_as_rules(game):
    apply(game, {"type": "manual.counter", "card": game["zones"]["p0.hand"][0], "name": "damage", "delta": 2})
    apply(game, {"type": "end_turn"})
    assert [e["override"] for e in game["log"]] == [True, False]
    assert legal_actions(game) == [{"type": "end_turn"}]


@pytest.mark.parametrize(
    "action,field",
    [
        ({"type": "manual.move", "card": "nope", "to": "p0.hand"}, "card"),
        ({"type": "manual.move", "card": "c1", "to": "p9.hand"}, "to"),
        ({"type": "manual.draw", "player": 5}, "player"),
        ({"type": "manual.draw", "player": 0, "n": -1}, "n"),
        ({"type": "manual.roll", "sides": 1}, "sides"),
        ({"type": "manual.move", "card": "c1", "to": "p0.field", "pos": [1]}, "pos"),
        ({"type": "manual.win", "player": 7}, "player"),
        ({"type": "manual.teleport"}, "unknown"),
        ({"type": "fly"}, "fly"),
        ({"kind": "x"}, "type"),
    ],
)
def test_a_bad_action_is_refused_with_its_field_named_and_nothing_changes(game, action, field):
    before = digest(game)
    with pytest.raises(IllegalAction, match=field):
        apply(game, action)
    assert digest(game) == before and game["log"] == []


def test_the_goldfish_loses_at_zero_life_and_then_only_manual_actions_remain(game):
    apply(game, {"type": "manual.life", "player": 1, "delta": -30})
    assert game["result"] == {"winner": 0, "turn": 1, "reason": "life"}
    assert legal_actions(game) == []
    with pytest.raises(IllegalAction):
        apply(game, {"type": "end_turn"})


def test_a_card_moves_to_a_square_of_a_grid_and_leaves_it_when_moved_without_one(game):
    iid = game["zones"]["p0.hand"][0]
    events = apply(game, {"type": "manual.move", "card": iid, "to": "p0.field", "pos": [2, 4]})
    assert game["cards"][iid]["pos"] == [2, 4] and events[0]["pos"] == [2, 4]
    apply(game, {"type": "manual.move", "card": iid, "to": "p0.discard"})
    assert "pos" not in game["cards"][iid]


def test_a_declared_win_ends_the_game_for_card_text_the_engine_does_not_know(game):
    apply(game, {"type": "manual.win", "player": 0})
    assert game["result"] == {"winner": 0, "turn": 1, "reason": "declared"} and legal_actions(game) == []
    assert game["log"][-1]["override"] is True
    with pytest.raises(IllegalAction, match="over"):
        apply(game, {"type": "manual.win", "player": 1})


def test_a_milled_card_goes_to_the_games_discard_pile():
    state = new_game("kannagi", [[{"key": f"k{i}", "name": f"k{i}", "card_type": "場所札", "cost": 0} for i in range(20)]], seed=1)
    apply(state, {"type": "manual.mill", "player": 0, "n": 2})
    assert len(state["zones"]["p0.soul"]) == 2 and "p0.discard" not in state["zones"]  # kannagi: 魂


def test_drawing_from_an_empty_deck_loses():
    state = new_game("generic", [deck(8)], seed=3)  # 7 in hand, 1 left
    apply(state, {"type": "end_turn"})
    assert state["result"] is None
    apply(state, {"type": "end_turn"})
    assert state["result"] == {"winner": 1, "turn": 3, "reason": "deck"}


def test_a_player_sees_their_hand_but_not_the_order_of_any_deck(game):
    seen = view(game, 0)
    assert all(seen["zones"]["p0.hand"])
    assert seen["zones"]["p0.deck"] == [None] * 33
    other = view(game, 1)
    assert other["zones"]["p0.hand"] == [None] * 7
    assert not set(seen["cards"]) & set(game["zones"]["p0.deck"])


ZONES = ("p0.deck", "p0.hand", "p0.field", "p0.discard", "p0.exile", "p1.field")


def random_manual(state, pick):
    cards = list(state["cards"])
    zones = [z for z in ZONES if z in state["zones"]] or list(state["zones"])
    kind = pick.choice(["move", "move", "flip", "tap", "counter", "draw", "mill", "shuffle", "token", "roll", "life", "end"])
    if kind == "move":
        return {"type": "manual.move", "card": pick.choice(cards), "to": pick.choice(zones), "index": pick.randrange(0, 5)}
    if kind in ("flip", "tap"):
        return {"type": f"manual.{kind}", "card": pick.choice(cards)}
    if kind == "counter":
        return {"type": "manual.counter", "card": pick.choice(cards), "name": "damage", "delta": pick.randint(-3, 3)}
    if kind in ("draw", "mill"):
        return {"type": f"manual.{kind}", "player": 0, "n": pick.randint(0, 3)}
    if kind == "shuffle":
        return {"type": "manual.shuffle", "zone": pick.choice(zones)}
    if kind == "token":
        return {"type": "manual.token", "player": 0, "to": pick.choice(zones), "name": "霊"}
    if kind == "roll":
        return {"type": "manual.roll", "sides": 6}
    if kind == "life":
        return {"type": "manual.life", "player": 1, "delta": pick.randint(-2, 1)}
    actions = legal_actions(state)  # a rule action of the game
    return pick.choice(actions) if actions else {"type": "manual.roll"}


GAMES = ["generic", "vision", "original", "manacard", "kannagi"]


def test_thousands_of_random_actions_keep_every_card_in_exactly_one_zone_and_undo_redo_exact():
    for game_seed in range(30):
        pick = random.Random(game_seed)
        state = new_game(pick.choice(GAMES), [deck(50)], seed=game_seed)
        total = len(state["cards"])
        for _ in range(120):
            action = random_manual(state, pick)
            if state["result"] is not None and not action["type"].startswith("manual."):
                continue
            apply(state, action)
            check_invariants(state)
            tokens = sum(1 for c in state["cards"].values() if c["token"])
            assert len(state["cards"]) == total + tokens
        steps = pick.randint(1, 20)
        final = digest(state)
        assert digest(redo(undo(state, steps), steps)) == final
        assert digest(replay(state["setup"], [e["action"] for e in state["log"]])) == final


def test_the_engine_imports_no_django():
    import subprocess
    import sys

    code = "import sys, rules.engine, rules.engine.manual; print(any(m.startswith('django') for m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, env={"PATH": ""})
    assert out.stdout.strip() == "False"



def test_a_deck_section_other_than_the_main_deck_starts_in_its_own_zone_seen_by_its_owner():
    weathers = [{"key": f"w{i}", "name": f"w{i}", "card_type": "天候", "section": "weather"} for i in range(3)]
    state = new_game("generic", [deck(20) + weathers], seed=1)
    assert len(state["zones"]["p0.weather"]) == 3 and len(state["zones"]["p0.deck"]) == 20 - 7
    assert "section" not in state["defs"]["w0"]
    assert all(view(state, 0)["zones"]["p0.weather"]) and view(state, 1)["zones"]["p0.weather"] == [None] * 3
    check_invariants(state)


def test_the_effect_runner_finds_a_games_registered_steps():
    """engine/effects.py Steps: a step naming cards goes to the game's on_cards, an op it registered to its
    handler, any other op to the common vocabulary (None)."""
    from rules.engine.effects import COMMON, Steps

    def cards(*a):
        return [], None

    def mine(*a):
        return [], None

    steps = Steps(ops={"bind": mine}, on_cards=cards)
    assert steps.handler({"op": "damage", "target": "chosen"}) is cards and steps.handler({"op": "bind"}) is mine
    assert steps.handler({"op": "damage"}) is None and COMMON.handler({"op": "damage", "target": "all"}) is None
