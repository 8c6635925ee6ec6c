"""東方VISION (非想天則 weather rule) deck construction: nothing beyond the common checks.

The common checks of `rules.decks.validate` cover it as the regulation declares it:
- the main deck: exactly 50 cards (`section_size`) of characters, spells and commands only
  (`wrong_section`), at most 3 of a name (`too_many_copies`) unless the card prints its own limit
  (`fields.copy_limit`), which is followed;
- the weather deck: weather cards only (`wrong_section`), one of each (the regulation's type limit,
  `too_many_copies`), at least one (`section_too_small`).
"""

from __future__ import annotations


def check(game, regulation, deck, cards, view=None) -> list:
    """VISION's own construction rules: none besides the common checks."""
    return []
