"""The games: one package per game, each declaring a `GAME` (a rules.declare.GameDef). Importing this
package registers every game it holds with the registry (rules.declare.registry); adding a game touches only
its own package. Nothing below the games (the engine, the declarations) imports this package."""

from __future__ import annotations

import importlib
import pkgutil

from ..declare.base import GameDef
from ..declare.registry import register


def _discover() -> None:
    for info in pkgutil.iter_modules(__path__):
        if info.ispkg:
            game = getattr(importlib.import_module(f"{__name__}.{info.name}"), "GAME", None)
            if isinstance(game, GameDef):
                register(game)


_discover()
