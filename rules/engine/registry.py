"""Which rules run each game: the class in rules/games/<slug>/play.py, or GenericRules while a game has none."""

from __future__ import annotations

import importlib
from functools import cache

from .generic import GenericRules

LIFE = {"vision": 25, "kannagi": 30, "original": 10, "manacard": 50}
PLAY = {
    "kannagi": "KannagiRules",
    "timestorm": "TimestormRules",
    "original": "OriginalRules",
    "manacard": "ManacardRules",
    "vision": "VisionRules",
}


@cache
def rules_for(slug: str):
    from ..games import get_game

    get_game(slug)  # an unknown game raises UnknownGame
    if slug in PLAY:
        name = f"{__package__.rpartition('.')[0]}.games.{slug}.play"
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name != name:  # a missing module inside the game's rules is a real error
                raise
        else:
            return getattr(module, PLAY[slug])()
    return GenericRules(slug, LIFE.get(slug, 20))


@cache
def autopilot_for(slug: str):
    """The game's autopilot (rules/games/<slug>/autopilot.py, class Autopilot): the policy that plays the
    player's side of goldfish games for simulations."""
    from ..games import get_game

    get_game(slug)
    if slug not in PLAY:
        raise KeyError(f"{slug}: no autopilot")
    module = importlib.import_module(f"{__package__.rpartition('.')[0]}.games.{slug}.autopilot")
    return module.Autopilot()
