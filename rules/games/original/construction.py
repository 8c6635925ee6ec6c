"""オリジナルカードゲーム (兵・呪術・土地) deck construction: nothing beyond the common checks.

The common checks of `rules.decks.validate` cover the seed's rule: a deck of exactly 60 cards
(`section_size`). The seed states no copy limit, so there is none unless the regulation sets
`copy_limit` (then `too_many_copies`, with a card's own `fields.copy_limit` followed).
"""

from __future__ import annotations


def check(game, regulation, deck, cards, view=None) -> list:
    """The original game's own construction rules: none besides the common checks."""
    return []
