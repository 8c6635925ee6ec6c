"""Decks as plain data, and construction-rule validation against a regulation.

No Django. The web shell loads a deck's cards once, turns them into card dicts (`Card.to_data()` plus
"id"), and calls `validate`; nothing here touches a database.

    deck  = DeckData(sections={"main": {12: 4, 15: 3, ...}})      # card id -> copies, per section
    cards = {12: {"id": 12, "name": ..., "aliases": [...], "card_type": ..., "cost": ..., "fields": {...}}, ...}
    validate(get_game("kannagi"), regulation, deck, cards) -> [Violation, ...]   # [] = legal

Violations carry a stable `code`, an English message `template` with {named} params (translated by the
web shell, like the registry's field errors), the ids of the cards responsible and the section at fault.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from .games.base import GameDef
from .games.regulation import Regulation


def _(message: str) -> str:
    """Marks a message template for translation (extracted by makemessages); the shell translates it."""
    return message


@dataclass
class DeckData:
    """A deck: for each section key of the regulation, card id -> number of copies."""

    sections: dict[str, dict] = field(default_factory=dict)

    def total(self, section: str | None = None) -> int:
        if section is not None:
            return sum(self.sections.get(section, {}).values())
        return sum(sum(s.values()) for s in self.sections.values())

    def counts(self) -> dict:
        """Card id -> copies over all sections."""
        out: dict = {}
        for entries in self.sections.values():
            for card_id, count in entries.items():
                out[card_id] = out.get(card_id, 0) + count
        return out


@dataclass(frozen=True)
class Violation:
    code: str  # stable identifier, e.g. "section_too_small", "too_many_copies"
    template: str  # English, with {named} params
    params: dict = field(default_factory=dict)
    cards: tuple = ()  # ids of the cards responsible (empty when the whole section is at fault)
    section: str | None = None

    @property
    def message(self) -> str:
        return self.template.format(**self.params)

    def as_dict(self) -> dict:
        return {
            "code": self.code,
            "message": self.message,
            "params": dict(self.params),
            "cards": list(self.cards),
            "section": self.section,
        }


def validate(game: GameDef, regulation: Regulation, deck: DeckData, cards: Mapping) -> list[Violation]:
    """Every way `deck` breaks `regulation` (section sizes, card types per section, copy limits per name
    with aliases and reprints counted together, the restricted list, own limits, and the game's own
    rules). An empty list means the deck is legal."""
    raise NotImplementedError  # filled in by the construction rules


@dataclass
class PoolResult:
    """A combined shared deck (timestorm) from several players' entries."""

    combined: dict  # card name -> copies in the shared deck
    entries: list[list[Violation]]  # each entry's own violations, in order
    violations: list[Violation]  # the pool's (e.g. fewer than 2 entries)
