"""What goldfish adds to the deck page: its Simulate panel. The deck template loads this library, so the
deck page shows the panel without decks importing goldfish."""

from django import template

from goldfish.forms import SimulationForm, key_label
from goldfish.selectors import deck_simulation_panel

register = template.Library()


@register.inclusion_tag("goldfish/_deck_simulate.html")
def deck_simulation(deck, shared=False):
    """The form that starts a simulation of the deck, the exact opening-hand odds beside the newest
    simulated ones, and the deck's recent simulations. `shared`: the deck is shown by its share link."""
    panel = deck_simulation_panel(deck)
    if panel["odds"]:
        panel["odds"]["key_label"] = key_label(panel["odds"]["key_label"])
    return {"deck": deck, "shared": shared, "simulate_form": SimulationForm(), **panel}


@register.inclusion_tag("goldfish/_deck_matchup.html")
def deck_matchup(deck, shared=False):
    """The link to the deck's 対戦シミュレーション, for a game whose rules seat an AI opponent."""
    from rules.engine.versus import versus_games

    return {"deck": deck, "shared": shared, "versus": deck.game_id in versus_games()}
