"""Versus (issue 34): seats belong to the engine; the AI of any seat decides from what that seat sees only
(the same choices in two games that differ only in what it cannot see, for every game of the registry);
matchups of two decks give the same figures for the same seed and mirror when the decks are swapped."""

import json
import marshal
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from rules.declare import GAMES
from rules.declare.samples import bundled_samples, player_deck, sample_data
from rules.engine import IllegalAction, apply, digest, legal_actions, new_game, replay, view
from rules.engine.core import GOLDFISH, SEAT, _rules, sees
from rules.engine.versus import (
    SeatAI,
    determinize,
    match_figures,
    play_game,
    play_match,
    play_match_range,
    seats_for,
    versus_games,
)

ROOT = Path(__file__).resolve().parent.parent
PLAYED = sorted(slug for slug, d in GAMES.items() if d.play and d.autopilot)
VERSUS = versus_games()


def sample(slug, n=0):
    """A bundled sample as the site hands a saved deck to the engine (Time Storm: the basic cards with it)."""
    definition = GAMES[slug]
    samples = bundled_samples(slug)
    cards = samples[min(n, len(samples) - 1)]["cards"]
    if definition.pools:
        basic = player_deck(slug)[0][: -len(bundled_samples(slug)[0]["cards"])]
        return basic + [{k: v for k, v in c.items() if k != "section"} for c in cards]
    return cards


def versus_state(slug, seed):
    decks = [sample(slug, 0), sample(slug, 1)]
    return new_game(slug, decks, seed, seats=seats_for(slug, decks, None))


def hidden_swapped(state, seat):
    """The same game with two cards the seat cannot see, of different card data, swapped (places, zones and
    all): a game that differs from `state` only in what `seat` cannot see; None when there are no two such."""
    rules = _rules(state["game"])
    hidden = [
        (name, index, iid)
        for name in sorted(state["zones"])
        for index, iid in enumerate(state["zones"][name])
        if not sees(rules, state, name, rules.zone_visible(state, name, seat), state["cards"][iid], seat)
    ]
    for k, (name_a, index_a, a) in enumerate(hidden):
        for name_b, index_b, b in hidden[k + 1 :]:
            if state["cards"][a]["def"] != state["cards"][b]["def"]:
                other = json.loads(json.dumps(state))
                other["zones"][name_a][index_a], other["zones"][name_b][index_b] = b, a
                other["cards"][a]["zone"], other["cards"][b]["zone"] = name_b, name_a
                return other
    return None


def without_log(seen):
    return {k: v for k, v in seen.items() if k != "log"}


@pytest.mark.any_database
def test_the_goldfish_game_keeps_no_seats_and_replays_as_before():
    for slug in PLAYED:
        state = new_game(slug, player_deck(slug), 5)
        assert "seats" not in state["setup"]
        assert all(p["goldfish"] for p in state["players"][1:]) and not state["players"][0]["goldfish"]


@pytest.mark.any_database
def test_seats_are_checked_and_only_a_versus_game_seats_a_second_player():
    for slug in PLAYED:
        count = len(new_game(slug, player_deck(slug), 1)["players"])
        with pytest.raises(IllegalAction, match="seats"):
            new_game(slug, player_deck(slug), 1, seats=["robot"] * count)
        with pytest.raises(IllegalAction, match="seats"):
            new_game(slug, player_deck(slug), 1, seats=[GOLDFISH] + [SEAT] * (count - 1))
        if slug not in VERSUS:
            with pytest.raises(IllegalAction, match="goldfish"):
                new_game(slug, player_deck(slug), 1, seats=[SEAT] * count)
    assert VERSUS, "at least one game seats real players"


@pytest.mark.any_database
@pytest.mark.parametrize("slug", PLAYED)
def test_the_ai_decides_from_what_its_seat_sees(slug):
    """Two games that differ only in what the seat cannot see (the order of the decks, the other hands,
    face-down cards) give the same determinized game and the same choice, at both levels."""
    checked = 0
    seats = (0, 1) if slug in VERSUS else (0,)
    for seed in range(3):
        state = versus_state(slug, seed) if slug in VERSUS else new_game(slug, player_deck(slug), seed)
        heuristic, strong = SeatAI(slug), SeatAI(slug, "strong", samples=1, turn_cap=6)
        for _step in range(40):
            who = _rules(slug).to_act(state)
            if who is None:
                break
            if who in seats:
                other = hidden_swapped(state, who)
                if other is not None:
                    assert digest(other) != digest(state)  # they differ...
                    assert without_log(view(other, who)) == without_log(view(state, who))  # ...in what it cannot see
                    assert determinize(other, who) == determinize(state, who)
                    assert heuristic.choose(other, who) == heuristic.choose(state, who)
                    if checked < 2:
                        assert strong.choose(other, who) == strong.choose(state, who)
                    checked += 1
            action = heuristic.choose(state, who)
            if action is None:
                break
            apply(state, action)
    assert checked >= 3, f"{slug}: too few decisions with hidden cards to compare"


@pytest.mark.any_database
@pytest.mark.parametrize("slug", VERSUS)
def test_a_determinized_world_shares_nothing_with_the_game(slug):
    """What the AI plays on in its worlds never changes the game, and a world made later is not changed by what
    happened in the game since (its hidden cards are dealt as fresh copies, nested counters included)."""
    state = versus_state(slug, 2)
    before = json.dumps(state, sort_keys=True, default=str)
    world = determinize(state, 0)
    for card in world["cards"].values():
        card["counters"]["mark"] = 1
        card["def"] = "(changed)"
    assert json.dumps(state, sort_keys=True, default=str) == before
    again = determinize(state, 0)
    assert all("mark" not in c["counters"] and c["def"] != "(changed)" for c in again["cards"].values())
    for card in state["cards"].values():  # the game goes on: a card's counters change in place
        card["counters"]["power"] = 3
    third = determinize(state, 0)
    assert all(c["counters"].get("power") == 3 for c in third["cards"].values())


@pytest.mark.parametrize("slug", VERSUS)
def test_the_heuristic_only_reads_its_shared_world_and_the_game(slug):
    """The heuristic level decides on a world that shares the seen cards with the game (determinize(shared=True),
    unless the game's autopilot declares it writes the game it chooses for); it is the same world as the copied one, and deciding changes neither the world nor the game, at any decision
    of a whole game between two AIs."""
    state, ai, decisions = versus_state(slug, 5), SeatAI(slug), 0
    for _ in range(400):
        who = _rules(slug).to_act(state)
        if who is None or state["result"] is not None:
            break
        before = marshal.dumps(state, 2)
        world = determinize(state, who, shared=not ai.pilot.writes_game)
        assert world == determinize(state, who)
        seen = marshal.dumps(world, 2)
        legal_actions(world)
        ai.heuristic(world, who)
        if not ai.pilot.writes_game:
            assert marshal.dumps(world, 2) == seen, f"{slug}: deciding changed the world at action {len(state['log'])}"
        action = ai.choose(state, who)
        assert marshal.dumps(state, 2) == before, f"{slug}: deciding changed the game at action {len(state['log'])}"
        if action is None:
            break
        apply(state, action)
        decisions += 1
    assert decisions >= 20


@pytest.mark.parametrize("slug", VERSUS)
def test_a_game_between_two_ais_is_over_and_replays_from_its_seed(slug):
    decks = [sample(slug, 0), sample(slug, 1)]
    seen = []
    state = play_game(slug, decks, 3, [SeatAI(slug), SeatAI(slug)], on_action=lambda s, who, a: seen.append(who))
    assert state["result"] is not None and state["result"]["winner"] in (0, 1)
    assert {0, 1} <= set(seen)  # both seats acted
    again = replay(state["setup"], state["log"])
    assert digest(again) == digest(state)


@pytest.mark.any_database
@pytest.mark.parametrize("slug", VERSUS)
def test_a_matchup_is_the_same_for_the_same_seed_and_mirrors_when_the_decks_swap(slug):
    a, b = sample(slug, 0), sample(slug, 1)
    first = play_match(slug, a, b, games=8, seed=4)["matchup"]
    assert play_match(slug, a, b, games=8, seed=4)["matchup"] == first
    swapped = play_match(slug, b, a, games=8, seed=4)["matchup"]
    assert swapped["wins"] == first["wins"][::-1] and swapped["draws"] == first["draws"]
    assert swapped["win_rate"]["value"] == pytest.approx(1 - first["win_rate"]["value"])
    assert swapped["on_the_play"]["games"] == first["on_the_draw"]["games"]
    assert sum(first["wins"]) + first["draws"] == 8
    rate = first["win_rate"]
    assert 0 <= rate["low"] <= rate["value"] <= rate["high"] <= 1
    assert first["on_the_play"]["games"] + first["on_the_draw"]["games"] == 8


@pytest.mark.any_database
@pytest.mark.parametrize("slug", VERSUS)
def test_a_matchup_played_in_pieces_and_merged_is_the_one_process_matchup(slug):
    """The task workers play a matchup in ranges of games (issue 36): game i keeps its seed and seats whatever
    range holds it (in a mirror too, where games 2k and 2k + 1 share a seed and a range may split them), and
    the figures of the ranges' tallies, through JSON as the database keeps them, are play_match's to the byte."""
    a, b = sample(slug, 0), sample(slug, 1)
    for x, y in ((a, b), (a, a)) if a != b else ((a, a),):
        whole = play_match(slug, x, y, games=5, seed=6)
        tallies = json.loads(json.dumps([play_match_range(slug, x, y, start, count, 6) for start, count in ((0, 1), (1, 3), (4, 1))]))
        assert sum(t["games"] for t in tallies) == 5
        merged = match_figures(slug, 5, 6, ["heuristic", "heuristic"], tallies)
        assert json.dumps(merged, sort_keys=False) == json.dumps(whole, sort_keys=False)


@pytest.mark.any_database
def test_a_versus_log_hides_the_other_seats_cards():
    """An action of seat 1 naming a card seat 0 does not see is not named in seat 0's log (and the other way)."""
    slug = VERSUS[0]
    state = versus_state(slug, 2)
    ai = SeatAI(slug)
    for _ in range(200):
        who = _rules(slug).to_act(state)
        if who is None:
            break
        apply(state, ai.choose(state, who))
        for viewer in (0, 1):
            seen = view(state, viewer)
            for entry, shown in zip(state["log"][-50:], seen["log"], strict=True):
                card = entry["action"].get("card")
                if isinstance(card, str) and entry["seat"] != viewer and card not in seen["cards"]:
                    assert shown["action"]["card"] is None


def test_the_command_plays_a_matchup(tmp_path, bundled, capsys):
    slug = VERSUS[0]
    listed = sample_data(slug)["decks"]
    texts = [d["decklist"] for d in listed if d["game"] == slug and d.get("regulation") == GAMES[slug].regulations[0].code]
    paths = []
    for n, text in enumerate((texts * 2)[:2]):  # a game with one sample: its mirror
        path = tmp_path / f"{n}.txt"
        path.write_text(text, encoding="utf-8")
        paths.append(str(path))
    call_command("goldfish", slug, paths[0], "--vs", paths[1], "--games", "6", "--seed", "3", "--json")
    first = json.loads(capsys.readouterr().out)["matchup"]
    assert first["games"] == 6 and len(first["wins"]) == 2 and set(first["win_rate"]) == {"value", "low", "high"}
    call_command("goldfish", slug, paths[1], "--vs", paths[0], "--games", "6", "--seed", "3", "--json")
    assert json.loads(capsys.readouterr().out)["matchup"]["wins"] == first["wins"][::-1]
    call_command("goldfish", slug, paths[0], "--vs", paths[1], "--games", "4", verbosity=0)
    assert "A's win rate" in capsys.readouterr().out
    with pytest.raises(CommandError, match="--ai"):
        call_command("goldfish", slug, paths[0], "--vs", paths[1], "--ai", "genius")
    others = [g for g in PLAYED if g not in VERSUS]
    if others:
        with pytest.raises(CommandError, match="--vs"):
            call_command("goldfish", others[0], paths[0], "--vs", paths[1])


def test_the_worlds_shuffle_is_randoms():
    """determinize's shuffle, written out, draws and swaps as random.Random(seed).shuffle does."""
    import random

    from rules.engine.versus import _shuffle

    for seed in (0, 1, 7, 2**40 + 3, 2**63 - 1):
        for n in (0, 1, 2, 3, 5, 17, 64, 135, 200):
            mine, theirs = list(range(n)), list(range(n))
            _shuffle(mine, seed)
            random.Random(seed).shuffle(theirs)
            assert mine == theirs
