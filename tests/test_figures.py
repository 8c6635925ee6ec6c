"""The figures beside each player's name (life and the game's declared counters) are counted once, by the
engine, from its own state and the game's declaration (rules.engine.core.figures), and carried in every view
the board draws; every game of the registry."""

import pytest

from rules.declare import GAMES, get_game
from rules.declare.samples import player_deck
from rules.engine import apply, legal_actions, new_game, view
from rules.engine.core import figures


def played(slug, seed, steps):
    state = new_game(slug, player_deck(slug), seed)
    pilot = get_game(slug).pilot
    for _ in range(steps):
        if state["result"] is not None or not legal_actions(state):
            break
        apply(state, pilot.choose(state) or legal_actions(state)[0])
    return state


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_each_view_carries_the_players_life_and_declared_counters_as_the_engine_counts_them(slug):
    table = get_game(slug).table
    for seed in (1, 2):
        for steps in (0, 25, 60):
            state = played(slug, seed, steps)
            for i, player in enumerate(state["players"]):
                expected = {} if player["life"] is None else {"life": player["life"]}
                for counter in table.counters if table else ():
                    zone = f"p{i}.{counter.zone}"
                    if zone in state["zones"]:
                        expected[counter.zone] = len(state["zones"][zone])
                assert figures(state, i) == expected
                for seat in range(len(state["players"])):  # the same figures whoever looks: they are public
                    assert view(state, seat)["players"][i]["figures"] == expected


def test_a_counter_of_untapped_cards_counts_only_those_and_life_follows_damage():
    from dataclasses import replace

    from rules.declare.registry import register
    from rules.declare.table import Counter

    slug = next(s for s, g in GAMES.items() if g.table and g.table.counters)
    game = GAMES[slug]
    zone = game.table.counters[0].zone
    register(replace(game, table=replace(game.table, counters=(Counter(zone, untapped=True),))))
    try:
        state = played(slug, 3, 40)
        ids = state["zones"][f"p0.{zone}"]
        assert ids, f"{slug}: play put no card in p0.{zone}"
        untapped = [i for i in ids if not state["cards"][i]["tapped"]]
        assert figures(state, 0)[zone] == len(untapped) and untapped, f"{slug}: p0.{zone} has no untapped card"
        state["cards"][untapped[0]]["tapped"] = True
        assert figures(state, 0)[zone] == len(untapped) - 1
        if state["players"][0]["life"] is not None:
            state["players"][0]["life"] -= 3
            assert view(state, 0)["players"][0]["figures"]["life"] == state["players"][0]["life"]
    finally:
        register(game)
