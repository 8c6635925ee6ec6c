"""The game registry: slug -> GameDef. Plain Python; no Django imports.

Every package under rules/games/ that declares a `GAME` is a game: it is found here (adding a game touches
only its own package). `register()` adds a game declared elsewhere, e.g. a test's."""

from __future__ import annotations

import importlib
import pkgutil

from .base import COMMON_FIELDS, COMMON_KEYS, CardType, GameDef
from .fields import CardDataError, Field, FieldError


def _discover() -> dict[str, GameDef]:
    found = []
    for info in pkgutil.iter_modules(__path__):
        if info.ispkg:
            game = getattr(importlib.import_module(f"{__name__}.{info.name}"), "GAME", None)
            if isinstance(game, GameDef):
                found.append(game)
    return {g.slug: g for g in sorted(found, key=lambda g: (g.order, g.slug))}


GAMES: dict[str, GameDef] = _discover()


def register(game: GameDef) -> GameDef:
    """Add (or replace) a game in the registry; `unregister` takes it out again."""
    GAMES[game.slug] = game
    return game


def unregister(slug: str) -> None:
    GAMES.pop(slug, None)


class UnknownGame(KeyError):
    def __str__(self) -> str:
        return f"unknown game {self.args[0]!r} (known: {' '.join(GAMES)})"


def get_game(slug: str) -> GameDef:
    try:
        return GAMES[slug]
    except (KeyError, TypeError):
        raise UnknownGame(slug) from None


__all__ = [
    "COMMON_FIELDS",
    "COMMON_KEYS",
    "GAMES",
    "CardDataError",
    "CardType",
    "Field",
    "FieldError",
    "GameDef",
    "UnknownGame",
    "get_game",
    "register",
    "unregister",
]
