"""The game registry: slug -> GameDef. Plain Python; no Django imports."""

from __future__ import annotations

from .base import COMMON_FIELDS, COMMON_KEYS, CardType, GameDef
from .fields import CardDataError, Field, FieldError
from .kannagi import GAME as KANNAGI
from .manacard import GAME as MANACARD
from .original import GAME as ORIGINAL
from .timestorm import GAME as TIMESTORM
from .vision import GAME as VISION

GAMES: dict[str, GameDef] = {g.slug: g for g in sorted((VISION, TIMESTORM, KANNAGI, ORIGINAL, MANACARD), key=lambda g: g.order)}


class UnknownGame(KeyError):
    def __str__(self) -> str:
        return f"unknown game {self.args[0]!r} (known: {' '.join(GAMES)})"


def get_game(slug: str) -> GameDef:
    try:
        return GAMES[slug]
    except KeyError:
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
]
