"""The declarations a game is made of (GameDef and its parts) and the registry, slug -> GameDef. Plain
Python; no Django imports. Nothing here imports a game: the games' own package (rules.games) registers each
game it holds; `register()` adds a game declared elsewhere, e.g. a test's. The engine finds a game's rules
only through this registry."""

from __future__ import annotations

from .base import COMMON_FIELDS, COMMON_KEYS, CardType, GameDef
from .fields import CardDataError, Field, FieldError
from .registry import GAMES, UnknownGame, get_game, register, unregister

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
