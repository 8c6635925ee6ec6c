"""巫KANNAGI deck construction: nothing beyond the common checks of `rules.decks.validate`.

The common checks cover the whole of the seed's construction rule as the regulations declare it:
- the main section's size (40 or more: `section_too_small`; no upper bound);
- copies per name (4), counted over reprints (other ids, same name) and aliases together, so
  人魚の活き血 and 人魚の活血 are one name (`too_many_copies`);
- each regulation's restricted list (封印 0 → `banned`, 制限 1, 準制限 2) and the limits cards print
  themselves (7, 8, 10, unlimited: `fields.copy_limit`), which may be higher than 4.
"""

from __future__ import annotations


def check(game, regulation, deck, cards, view=None) -> list:
    """KANNAGI's own construction rules: none besides the common checks."""
    return []
