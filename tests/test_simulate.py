"""The simulator: exact opening-hand odds, figures that add up from pieces, the same figures for any number
of workers and in another process with another hash seed, and — the correctness anchor — for every game the
simulated share of opening hands holding at least k key cards falls within the 99% interval around the exact
hypergeometric value."""

import json
import os
import subprocess
import sys
from math import comb
from pathlib import Path

import pytest

from rules.declare import GAMES as REGISTRY
from rules.declare import get_game, samples
from rules.declare.samples import player_deck
from rules.engine.simulate import SimulationError, merge, play_range, simulate, summarize
from rules.engine.stats import at_least, hypergeom_pmf, interval99

ROOT = Path(__file__).resolve().parent.parent
GAMES = sorted(g for g, d in REGISTRY.items() if d.play)


# -- exact odds -------------------------------------------------------------------------------------------


def test_the_exact_odds_match_known_values():
    # a 4-of in a 60-card deck, 7-card opening hand: 39.95% (Karsten's tables)
    assert at_least(60, 4, 7, 1) == pytest.approx(0.3995, abs=5e-5)
    # kannagi: 18 zero-cost places in 40, opening 8
    assert at_least(40, 18, 8, 1) == pytest.approx(1 - comb(22, 8) / comb(40, 8))
    assert sum(hypergeom_pmf(40, 18, 8, x) for x in range(9)) == pytest.approx(1.0)
    assert at_least(40, 18, 8, 0) == 1.0 and at_least(40, 0, 8, 1) == 0.0 and at_least(40, 3, 8, 4) == 0.0


def test_the_interval_narrows_with_more_games():
    low, high = interval99(0.5, 100)
    low2, high2 = interval99(0.5, 10_000)
    assert low < low2 < 0.5 < high2 < high
    assert interval99(0.0, 100)[0] == 0.0 and interval99(1.0, 100)[1] == 1.0


# -- figures ----------------------------------------------------------------------------------------------


def tally(won, games, lost=0):
    return {
        "games": games, "won": {str(t): n for t, n in won.items()}, "win_turn_sum": sum(t * n for t, n in won.items()),
        "lost": lost, "capped": games - lost - sum(won.values()), "actions": 0, "opening": {"0": games},
        "kept": {"0": games}, "cards": {}, "pool": {"N": 40, "n": 8, "copies": {}, "key_defs": [], "names": {}},
        "key_label": "",
    }


def test_the_summary_counts_cumulative_shares_mean_and_median():
    result = summarize(tally({3: 2, 4: 5, 6: 1}, 10), turn_cap=6)
    rows = {r["turn"]: r for r in result["distribution"]}
    assert [rows[t]["count"] for t in range(1, 7)] == [0, 0, 2, 5, 0, 1]
    assert rows[4]["cumulative"] == pytest.approx(0.7) and rows[6]["cumulative"] == pytest.approx(0.8)
    assert result["mean"] == pytest.approx((6 + 20 + 6) / 8)
    assert result["median"] == 4  # half of the 10 games were won by turn 4
    assert result["not_won"] == 2 and result["not_won_share"] == pytest.approx(0.2)


def test_the_median_is_none_when_half_the_games_are_never_won():
    result = summarize(tally({5: 4}, 10, lost=1), turn_cap=20)
    assert result["median"] is None and result["mean"] == 5 and result["lost"] == 1 and result["not_won"] == 6


def test_bad_parameters_are_refused_naming_them():
    for kwargs, name in (({"games": 0}, "games"), ({"seed": -1}, "seed"), ({"turn_cap": 0}, "turn_cap"), ({"workers": 0}, "workers")):
        params = {"games": 10, "seed": 1, "turn_cap": 20, "workers": 1} | kwargs
        with pytest.raises(SimulationError, match=name):
            simulate("kannagi", player_deck("kannagi"), params["games"], params["seed"], params["turn_cap"], workers=params["workers"])


# -- every game ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_pieces_played_apart_add_up_to_the_whole_run(game):
    decks = player_deck(game)
    whole = play_range(game, decks, 7, 0, 60, 20)
    parts = [play_range(game, decks, 7, 40, 20, 20), play_range(game, decks, 7, 0, 40, 20)]
    assert summarize(merge(parts), 20) == summarize(merge([whole]), 20)


@pytest.mark.parametrize("game", GAMES)
def test_the_same_seed_gives_identical_results_on_one_and_two_workers(game):
    decks = player_deck(game)
    one = simulate(game, decks, 240, 5, 20, workers=1)
    two = simulate(game, decks, 240, 5, 20, workers=2)
    assert one == two
    assert simulate(game, decks, 240, 6, 20) != one  # another seed is other games


@pytest.mark.parametrize("game", GAMES)
def test_opening_hands_agree_with_the_exact_hypergeometric_odds(game):
    """At least k key cards in the opening hand: the share over 3,000 dealt hands within the 99% interval of
    the exact value (the deal is the game's own setup, so this checks the shuffle and the deal)."""
    result = simulate(game, player_deck(game), 3000, 1, 1)
    opening = result["opening"]
    assert opening["pool"] > opening["hand"] > 0 and opening["key_copies"] > 0, opening
    assert opening["at_least"], opening
    for anchor in opening["at_least"]:
        assert anchor["low"] <= anchor["simulated"] <= anchor["high"], (game, anchor)
        assert anchor["exact"] == pytest.approx(at_least(opening["pool"], opening["key_copies"], opening["hand"], anchor["k"]))
    # each card's share of opening hands: at most a few outside their 99% intervals (chance alone: 1 in 100)
    outside = [
        c["name"] for c in result["cards"]
        if c["opening_exact"] is not None and not interval99(c["opening_exact"], 3000)[0] <= c["opening"] <= interval99(c["opening_exact"], 3000)[1]
    ]
    assert len(outside) <= max(1, len(result["cards"]) // 10), outside


@pytest.mark.parametrize("game", GAMES)
def test_the_autopilot_wins_some_games_and_plays_its_cards(game):
    result = simulate(game, player_deck(game), 200, 1, 30)
    assert result["won"] > 0, (game, result["not_won"], result["lost"])
    assert any(c["played"] > 0.5 for c in result["cards"]), game
    played = [c for c in result["cards"] if c["played"]]
    assert all(1 <= c["first_turn"] <= 30 for c in played)


# each game's web-app deck, and Time Storm's two-player sample decks (a win-condition kind for each player)
DECKS = [(game, f"player_deck({game!r})") for game in GAMES] + [("timestorm", "timestorm_decks()")]
ANOTHER_PROCESS = (
    "import json, sys; from rules.engine.simulate import simulate; from rules.declare.samples import *;"
    "print(json.dumps(simulate(sys.argv[1], eval(sys.argv[2]), 150, 7, 20), sort_keys=True))"
)


@pytest.mark.parametrize(("game", "decks"), DECKS, ids=[*GAMES, "timestorm-two-players"])
def test_another_process_with_another_hash_seed_gets_the_same_figures(game, decks):
    """The whole result, from the same seed in a process whose str hashes (and so set orders) differ."""
    hash_seed = "4242" if os.environ.get("PYTHONHASHSEED") != "4242" else "99"
    env = {**os.environ, "PYTHONHASHSEED": hash_seed}
    out = subprocess.run([sys.executable, "-c", ANOTHER_PROCESS, game, decks], env=env, cwd=ROOT, capture_output=True, text=True,
                         check=True).stdout
    here = simulate(game, eval(decks, vars(samples)), 150, 7, 20)
    assert json.loads(out) == json.loads(json.dumps(here, sort_keys=True))


def test_every_autopilot_names_its_key_cards_as_the_game_declares_them_and_the_shell_translates_them():
    from django.utils import translation

    from goldfish.forms import key_label

    for slug in GAMES:
        game = get_game(slug)
        assert get_game(slug).pilot.key_label == game.key_cards.en, slug
        with translation.override("ja"):
            assert key_label(game.key_cards.en) == game.key_cards.ja, slug
        with translation.override("en"):
            assert key_label(game.key_cards.en) == game.key_cards.en, slug
