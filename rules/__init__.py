"""The rules: plain Python, nothing of Django. Layers, top down: rules.games (one package per game) ->
rules.engine -> rules.declare (the declaration types and the registry). Importing any part of `rules` loads
every game package into the registry first (rules.games registers them), so a lookup by slug finds them."""

from . import games as _games  # noqa: F401  (registers every game; see rules/games/__init__.py)
