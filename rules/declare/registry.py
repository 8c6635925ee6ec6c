"""The registry of games: slug -> GameDef, kept in the games' order. It imports no game: the games' own
package (rules.games, loaded by rules/__init__.py) registers what it holds, and a test may register its own."""

from __future__ import annotations

from .base import GameDef

GAMES: dict[str, GameDef] = {}


def register(game: GameDef) -> GameDef:
    """Add (or replace) a game in the registry, in its declared order; `unregister` takes it out again."""
    GAMES[game.slug] = game
    ordered = sorted(GAMES.values(), key=lambda g: (g.order, g.slug))
    GAMES.clear()
    GAMES.update((g.slug, g) for g in ordered)
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
