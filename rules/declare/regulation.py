"""Regulations (formats): a deck's sections with their sizes, copy limits per name, the restricted list.

Plain data. Each game declares its default regulation (the seed's rules) and any other bundled ones in
its registry entry; the web shell stores them as dated records that the game's editors may change or add
to, and turns each record back into a `Regulation` before calling the construction rules.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from ..text import name_key
from .fields import UNLIMITED

# How a limit came about.
LISTED = "listed"  # on the restricted list
OWN = "own"  # the card prints its own limit
TYPE = "type"  # every card of its type has this limit (e.g. vision weather: one each)
DEFAULT = "default"  # the regulation's copy limit per name
NONE = "none"  # no limit


def check_options(spec: dict, options: dict) -> list[str]:
    """What is wrong with a regulation's `options` (English, one line each) against the option -> accepted
    values a game declares (GameDef.regulation_options: what its construction rules read); anything else is
    refused when an editor saves a regulation (a typo would otherwise switch a rule off or break validation)."""
    errors = []
    for key, value in options.items():
        if key not in spec:
            known = ", ".join(spec) or "none"
            errors.append(f"unknown option {key!r} (known: {known})")
        elif spec[key] == (int,):
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                errors.append(f"{key}: expected a whole number of 0 or more, got {value!r}")
        elif value not in spec[key]:
            errors.append(f"{key}: expected one of {', '.join(spec[key])}, got {value!r}")
    return errors


def _rank(copies) -> float:
    return float("inf") if copies == UNLIMITED else copies


@dataclass(frozen=True)
class Limit:
    copies: int | str  # a number, or UNLIMITED
    source: str
    list_ja: str = ""  # the restricted list's own word for it (制限 …)
    list_en: str = ""


@dataclass(frozen=True)
class SectionRule:
    """One part of a deck (main deck, skill deck, weather deck, a pool entry …) and its size rule."""

    key: str  # main, skill, status, weather, entry
    ja: str
    en: str
    min: int | None = None  # None: no lower bound
    max: int | None = None  # None: no upper bound; min == max: exactly
    # Card types that may go in this section; () = any type of the game.
    card_types: tuple[str, ...] = ()
    # More words a decklist may use as this section's header (besides ja/en), e.g. ("メインデッキ", "HP").
    headers: tuple[str, ...] = ()

    def label(self, lang: str) -> str:
        return self.ja if lang.startswith("ja") else self.en


@dataclass(frozen=True)
class Regulation:
    name_ja: str
    name_en: str
    code: str = "base"  # unique within the game; the web shell's key for it
    effective: str = ""  # ISO date the regulation takes effect ("" = since the seed)
    sections: tuple[SectionRule, ...] = (SectionRule("main", "メイン", "Main"),)
    copy_limit: int | None = None  # per name; None: any number
    type_limits: dict = field(default_factory=dict)  # card type -> copies
    card_limits: dict = field(default_factory=dict)  # card name -> copies (0 banned) or UNLIMITED
    # Other spellings of a listed card (card name on the list -> its other spellings), so the entry holds
    # whichever spelling a card list or a decklist uses: {"人魚の活血": ("人魚の活き血",)}.
    spellings: dict = field(default_factory=dict)
    list_names: dict = field(default_factory=dict)  # copies -> (ja, en), e.g. 1 -> (制限, Restricted)
    # Game-specific switches read by the game's construction rules, e.g. timestorm {"entry": "win_condition"}.
    options: dict = field(default_factory=dict)
    # Cards every deck of this format holds besides the player's own (timestorm: the basic cards of the
    # shared deck), as (card name, copies).
    basic: tuple[tuple[str, int], ...] = ()

    def name(self, lang: str) -> str:
        return self.name_ja if lang.startswith("ja") else self.name_en

    def section(self, key: str) -> SectionRule | None:
        return next((s for s in self.sections if s.key == key), None)

    @property
    def section_keys(self) -> tuple[str, ...]:
        return tuple(s.key for s in self.sections)

    @cached_property
    def listed_names(self) -> dict[str, str]:
        """Every spelling of every listed card (its name_key) -> the list entry's name."""
        out: dict[str, str] = {}
        for entry in self.card_limits:
            for spelling in (entry, *self.spellings.get(entry, ())):
                out.setdefault(name_key(spelling), entry)
        return out

    def entry_for(self, names) -> str | None:
        """The restricted-list entry one of `names` (a card's name and aliases) is a spelling of, the most
        restrictive when they name several; None when the card is not on the list."""
        listed = self.listed_names
        entries = {listed[k] for k in map(name_key, names) if k in listed}
        if not entries:
            return None
        return min(entries, key=lambda e: (_rank(self.card_limits[e]), e))

    def spellings_of(self, entry: str) -> tuple[str, ...]:
        """The entry's name and its other spellings."""
        return (entry, *self.spellings.get(entry, ()))

    def listed_limit(self, entry: str) -> Limit:
        copies = self.card_limits[entry]
        ja, en = self.list_names.get(copies, ("", ""))
        return Limit(copies, LISTED, ja, en)

    def limit_for(self, name: str, aliases=(), card_type: str = "", own_limit=None) -> Limit:
        entry = self.entry_for((name, *aliases)) if self.card_limits else None
        if entry is not None:
            return self.listed_limit(entry)
        return self.unlisted_limit(card_type, own_limit)

    @cached_property
    def _unlisted(self) -> dict:
        """(card type, own limit) -> its Limit: a validation asks for every card of the deck, and the
        answer depends on these two only (a Limit is frozen, so one instance serves every card)."""
        return {}

    def unlisted_limit(self, card_type: str = "", own_limit=None) -> Limit:
        """The limit of a card that is not on the restricted list."""
        memo = self._unlisted
        key = (card_type, own_limit)
        limit = memo.get(key)
        if limit is None:
            limit = memo[key] = self._unlisted_limit(card_type, own_limit)
        return limit

    def _unlisted_limit(self, card_type: str, own_limit) -> Limit:
        if card_type in self.type_limits:
            return Limit(self.type_limits[card_type], TYPE)
        if own_limit is not None:
            return Limit(own_limit, OWN)
        if self.copy_limit is None:
            return Limit(UNLIMITED, NONE)
        return Limit(self.copy_limit, DEFAULT)
