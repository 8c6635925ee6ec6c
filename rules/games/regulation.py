"""A game's default regulation (format): copy limits per name and the restricted list.

Plain data; the decks issue turns it into dated, editable records. Here it answers
"how many copies of this card may a deck hold, and why" for the card pages.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .fields import UNLIMITED

# How a limit came about.
LISTED = "listed"  # on the restricted list
OWN = "own"  # the card prints its own limit
TYPE = "type"  # every card of its type has this limit (e.g. vision weather: one each)
DEFAULT = "default"  # the regulation's copy limit per name
NONE = "none"  # no limit


@dataclass(frozen=True)
class Limit:
    copies: int | str  # a number, or UNLIMITED
    source: str
    list_ja: str = ""  # the restricted list's own word for it (制限 …)
    list_en: str = ""


@dataclass(frozen=True)
class Regulation:
    name_ja: str
    name_en: str
    copy_limit: int | None = None  # per name; None: any number
    type_limits: dict = field(default_factory=dict)  # card type -> copies
    card_limits: dict = field(default_factory=dict)  # card name -> copies (0 banned)
    list_names: dict = field(default_factory=dict)  # copies -> (ja, en), e.g. 1 -> (制限, Restricted)

    def limit_for(self, name: str, aliases=(), card_type: str = "", own_limit=None) -> Limit:
        for candidate in (name, *aliases):
            if candidate in self.card_limits:
                copies = self.card_limits[candidate]
                ja, en = self.list_names.get(copies, ("", ""))
                return Limit(copies, LISTED, ja, en)
        if card_type in self.type_limits:
            return Limit(self.type_limits[card_type], TYPE)
        if own_limit is not None:
            return Limit(own_limit, OWN)
        if self.copy_limit is None:
            return Limit(UNLIMITED, NONE)
        return Limit(self.copy_limit, DEFAULT)
