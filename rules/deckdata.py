"""A deck as plain data, and one reading of it against a regulation: what the common construction checks
(rules.decks) and each game's own (rules/games/<slug>/construction.py) share.

No Django. Below rules.decks, which calls the games' checks: the game modules build their violations
with the types here, so they need not import rules.decks. It imports nothing of the game registry at run
time (the regulation is only a type here), so a game package may import its construction module.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, NamedTuple

from .text import name_key, normalise

if TYPE_CHECKING:
    from .declare.regulation import Regulation


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


# -- one pass over a deck ----------------------------------------------------------------------------

# Repeated validations (every edit of a deck) see the same names again: normalise each once.
norm = lru_cache(maxsize=16384)(normalise)
# A card's identity (copy limits count by it): its name as written, NFKC, never the search normal form.
ident = lru_cache(maxsize=16384)(name_key)


@lru_cache(maxsize=16384)
def _identities(name, aliases: tuple) -> tuple:
    """A card's identities (its name and aliases as rules.text.name_key spells them, empty ones left out),
    once per spelling: every validation of a deck sees the same cards again."""
    return tuple(k for k in (ident(name), *map(ident, aliases)) if k)


def _is_count(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value > 0


class Entry(NamedTuple):
    """One line of a deck that can be checked: a known card with a valid count in a known section."""

    section: str
    card_id: object
    card: Mapping
    count: int


# Entry(...) goes through NamedTuple's generated __new__ (a Python function); a validation makes one per line.
_new_entry = tuple.__new__


@dataclass
class Group:
    """The cards of a deck that count as one card: the same name (as written: ミラー and ミラ are two),
    or linked by an alias or by the spellings of one restricted-list entry."""

    name: str  # the name of the group's first card in deck order (what messages show)
    ids: list = field(default_factory=list)  # card ids in deck order, each once
    cards: list = field(default_factory=list)  # their card dicts, same order
    names: set = field(default_factory=set)  # every name and alias of the group (rules.text.name_key)
    count: int = 0  # copies over all sections
    sections: list = field(default_factory=list)  # the sections it appears in, deck order

    @property
    def section(self) -> str | None:
        """The section at fault: the group's only section, or None when it spans several."""
        return self.sections[0] if len(self.sections) == 1 else None


class DeckView:
    """A deck read once against a regulation and a card mapping: the checkable lines in order (the
    regulation's sections first, in its order, then each section's cards in deck order), section totals,
    the problems found on the way (unknown sections and cards, bad counts), and the name groups.

    The common checks and each game's checks share one view, so a validation reads the deck once.
    """

    def __init__(self, regulation: Regulation, deck: DeckData, cards: Mapping):
        self.regulation = regulation
        self.cards = cards
        self.entries: list[Entry] = []
        self.totals: dict[str, int] = {}  # section -> copies (valid counts; unknown cards included)
        self.problems: list[Violation] = []
        self._order: dict[str, int] = {}  # section key -> index (regulation order, then unknown ones)
        self._pos_map: dict | None = None  # (section, card id) -> index within the section (_pos)
        self._first: dict = {}  # card id -> (section index, index) of its first line
        self._groups: list[Group] | None = None
        # Every spelling of a restricted-list entry -> the entry (so its spellings count as one card).
        self.listed: dict = getattr(regulation, "listed_names", None) or {}

        known = regulation.section_keys
        order = [*known, *(k for k in deck.sections if k not in known)]
        for s_index, key in enumerate(order):
            self._order[key] = s_index
            lines = deck.sections.get(key) or {}
            if key not in known:
                self.problems.append(
                    Violation(
                        "unknown_section",
                        _("This regulation has no section “{section}”."),
                        {"section": key},
                        cards=tuple(lines),
                        section=key,
                    )
                )
                continue
            total = 0
            first, entries, get = self._first, self.entries, cards.get
            for index, (card_id, count) in enumerate(lines.items()):
                if card_id not in first:
                    first[card_id] = (s_index, index)
                card = get(card_id)
                # type() is int: the common case without the call (_is_count also takes int subclasses)
                if not (count > 0 if type(count) is int else _is_count(count)):
                    name = card.get("name", "") if card is not None else str(card_id)
                    self.problems.append(
                        Violation(
                            "bad_count",
                            _("{name}: the number of copies must be a whole number of 1 or more, not {count}."),
                            {"name": name, "count": count},
                            (card_id,),
                            key,
                        )
                    )
                    continue
                total += count
                if card is None:
                    self.problems.append(
                        Violation(
                            "unknown_card",
                            _("Card {card_id} is not in this game's card list."),
                            {"card_id": card_id},
                            (card_id,),
                            key,
                        )
                    )
                    continue
                entries.append(_new_entry(Entry, (key, card_id, card, count)))
            self.totals[key] = total
        self._deck = deck

    @property
    def _pos(self) -> dict:
        """(section, card id) -> index within the section: only `sort` needs it, and only when there is
        something to sort, so it is built on first use (a legal deck never pays for it)."""
        if self._pos_map is None:
            known = self.regulation.section_keys
            self._pos_map = {(key, card_id): index for key in known
                             for index, card_id in enumerate(self._deck.sections.get(key) or {})}
        return self._pos_map

    def in_section(self, key: str) -> list[Entry]:
        return [e for e in self.entries if e.section == key]

    @property
    def groups(self) -> list[Group]:
        """The deck's cards grouped by identity, in deck order: cards sharing a name or alias (as written,
        rules.text.name_key) or spelling one restricted-list entry are one group, transitively (a union of
        the linked names), so reprints (other ids, same name) and alias spellings share one copy limit,
        while names the search form merely folds together (ミラー, ミラ) do not."""
        if self._groups is None:
            self._groups = self._build_groups()
        return self._groups

    def _build_groups(self) -> list[Group]:
        of_key: dict = {}  # normalised name or alias -> its group
        of_card: dict = {}  # card id -> its group
        groups: list[Group] = []
        merged = False
        listed = self.listed
        for section, card_id, card, count in self.entries:
            group = of_card.get(card_id)
            if group is None:
                keys = _identities(card.get("name"), tuple(card.get("aliases") or ()))
                if listed:
                    keys += tuple(f"\0{listed[k]}" for k in keys if k in listed)  # the restricted-list entry it spells
                hits = {id(of_key[k]): of_key[k] for k in keys if k in of_key}
                if not hits:  # a new name (most cards): its group, complete for now
                    group = Group(card.get("name", ""), [card_id], [card], set(keys), count, [section])
                    groups.append(group)
                    for k in keys:
                        of_key[k] = group
                    of_card[card_id] = group
                    continue
                # The earliest group absorbs the others: its name (its first card's) stays the group's.
                group, *others = sorted(hits.values(), key=lambda g: self._first[g.ids[0]])
                group.names.update(keys)
                for other in others:  # the card links two names seen apart so far
                    merged = True
                    group.names |= other.names
                    group.ids += other.ids
                    group.cards += other.cards
                    group.count += other.count
                    group.sections += [s for s in other.sections if s not in group.sections]
                    other.ids = []  # dropped below
                    for linked in group.ids:
                        of_card[linked] = group
                if others:
                    keys = group.names
                for k in keys:
                    of_key[k] = group
                group.ids.append(card_id)
                group.cards.append(card)
                of_card[card_id] = group
            if section not in group.sections:
                group.sections.append(section)
            group.count += count
        if merged:
            groups = [g for g in groups if g.ids]
            first, order = self._first, self._order
            for g in groups:
                pairs = sorted(zip(g.ids, g.cards, strict=True), key=lambda pair: first[pair[0]])
                g.ids, g.cards = [p[0] for p in pairs], [p[1] for p in pairs]
                g.sections.sort(key=order.__getitem__)
            groups.sort(key=lambda g: first[g.ids[0]])
        return groups

    def sort(self, violations: list[Violation]) -> list[Violation]:
        """Section order, then card order; section-wide violations before their section's cards, those
        spanning sections at their first card, whole-deck ones without cards last. Stable otherwise."""
        if len(violations) < 2:
            return list(violations)
        last = len(self._order)
        order, pos, first = self._order, self._pos, self._first

        def key(v: Violation):
            section = v.section
            if section is not None:
                lines = [pos[(section, c)] for c in v.cards if (section, c) in pos]
                return (order.get(section, last), min(lines) if lines else -1)
            firsts = [first[c] for c in v.cards if c in first]
            return min(firsts) if firsts else (last, -1)

        return sorted(violations, key=key)
