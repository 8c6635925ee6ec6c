"""The rules engine: plain Python, no Django. See core.py for the state and the API."""

from .core import (
    IllegalAction,
    apply,
    check_invariants,
    decision,
    digest,
    events_for,
    legal_actions,
    new_game,
    offers,
    redo,
    replay,
    result,
    undo,
    view,
)

__all__ = [
    "IllegalAction",
    "apply",
    "check_invariants",
    "decision",
    "digest",
    "events_for",
    "legal_actions",
    "new_game",
    "offers",
    "redo",
    "replay",
    "result",
    "undo",
    "view",
]
