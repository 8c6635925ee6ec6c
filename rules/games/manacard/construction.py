"""異世界TCG マナカード deck construction, besides the common checks.

The common checks of `rules.decks.validate` cover the section sizes (main deck and skill deck exactly 50
each: `section_size`; status cards any number) and copies (unlimited, except a card's own
`fields.copy_limit`). This module adds the game's own rules:
- each card sits in the deck its `fields.deck` names (`wrong_deck`);
- the 【恩恵スキルレベル】 of everything used, `fields.blessing_level` × copies over all three sections,
  adds up to at most `regulation.options["blessing_max"]` (10) (`blessing_over`);
- a 【ユニーク】 card (`fields.unique`) appears at most once across the main deck, the skill deck and the
  status cards together, reprints and aliases of its name included (`unique_twice`).
"""

from __future__ import annotations

from ...deckdata import DeckView, Violation, _

BLESSING_MAX = 10


def check(game, regulation, deck, cards, view=None) -> list[Violation]:
    view = view or DeckView(regulation, deck, cards)
    out: list[Violation] = []
    total = 0
    blessed: dict = {}  # card id -> None: the blessed cards in deck order, each once
    for entry in view.entries:
        fields = entry.card.get("fields") or {}
        home = fields.get("deck")
        if home and home != entry.section:
            out.append(
                Violation(
                    "wrong_deck",
                    _("{name} belongs in the {deck} deck, not in the {section} section."),
                    {"name": entry.card.get("name", ""), "deck": home, "section": entry.section},
                    (entry.card_id,),
                    entry.section,
                )
            )
        level = fields.get("blessing_level")
        if isinstance(level, int) and not isinstance(level, bool) and level > 0:
            total += level * entry.count
            blessed.setdefault(entry.card_id)
    limit = regulation.options.get("blessing_max", BLESSING_MAX)
    if total > limit:
        out.append(
            Violation(
                "blessing_over",
                _("The blessing skill levels add up to {total}; at most {max} are allowed."),
                {"total": total, "max": limit},
                tuple(blessed),
            )
        )
    for group in view.groups:
        if group.count > 1 and any((c.get("fields") or {}).get("unique") for c in group.cards):
            out.append(
                Violation(
                    "unique_twice",
                    _("{name} is unique: {count} copies in the deck, but at most 1 is allowed."),
                    {"name": group.name, "count": group.count},
                    tuple(group.ids),
                    group.section,
                )
            )
    return out
