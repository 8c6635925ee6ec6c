"""Which rules run each game. Games the engine does not automate yet goldfish with GenericRules."""

from __future__ import annotations

from functools import cache

from .generic import GenericRules

LIFE = {"vision": 25, "kannagi": 30, "original": 10, "manacard": 50}


@cache
def rules_for(slug: str):
    from ..games import get_game

    get_game(slug)  # an unknown game raises UnknownGame
    if slug == "kannagi":
        from ..games.kannagi.play import KannagiRules

        return KannagiRules()
    if slug == "timestorm":
        from ..games.timestorm.play import TimestormRules

        return TimestormRules()
    return GenericRules(slug, LIFE.get(slug, 20))
