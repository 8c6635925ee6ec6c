"""Decks as plain data, and construction-rule validation against a regulation.

No Django. The web shell loads a deck's cards once, turns them into card dicts (`Card.to_data()` plus
"id"), and calls `validate`; nothing here touches a database.

    deck  = DeckData(sections={"main": {12: 4, 15: 3, ...}})      # card id -> copies, per section
    cards = {12: {"id": 12, "name": ..., "aliases": [...], "card_type": ..., "cost": ..., "fields": {...}}, ...}
    validate(get_game("kannagi"), regulation, deck, cards) -> [Violation, ...]   # [] = legal

Violations carry a stable `code`, an English message `template` with {named} params (translated by the
web shell, like the registry's field errors), the ids of the cards responsible and the section at fault
(None when the fault spans sections, e.g. copies of one name in two sections). Params named `section` or
`deck` hold section keys (main, skill, …) for the shell to show as the regulation's labels.

The common checks live here; each game's own rules are the check it declares (GameDef.construction:
`rules/games/<slug>/construction.py`), called by `validate`. `pool` combines several entries into one
shared deck (a game that declares pools: timestorm).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import NamedTuple

from .games.base import GameDef
from .games.fields import UNLIMITED
from .games.regulation import LISTED, OWN, TYPE, Limit, Regulation
from .text import normalise


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


@dataclass
class PoolResult:
    """A combined shared deck (timestorm) from several players' entries."""

    combined: dict  # card id -> copies in the shared deck (basic cards first, then each entry in order)
    entries: list[list[Violation]]  # each entry's own violations, in order
    violations: list[Violation]  # the pool's (e.g. fewer than 2 entries)


# -- one pass over a deck ----------------------------------------------------------------------------

# Repeated validations (every edit of a deck) see the same names again: normalise each once.
_norm = lru_cache(maxsize=16384)(normalise)


def _is_count(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value > 0


def _rank(copies) -> float:
    """A copy limit as a number for comparisons: "unlimited" is above every count."""
    return float("inf") if copies == UNLIMITED else copies


def own_limit(card: Mapping):
    """The limit a card prints itself (`fields.copy_limit`): a whole number, UNLIMITED, or None."""
    value = (card.get("fields") or {}).get("copy_limit")
    if value == UNLIMITED or (isinstance(value, int) and not isinstance(value, bool) and value >= 0):
        return value
    return None


class Entry(NamedTuple):
    """One line of a deck that can be checked: a known card with a valid count in a known section."""

    section: str
    card_id: object
    card: Mapping
    count: int


@dataclass
class Group:
    """The cards of a deck that count as one name: same normalised name, or linked by an alias."""

    name: str  # the name of the group's first card in deck order (what messages show)
    ids: list = field(default_factory=list)  # card ids in deck order, each once
    cards: list = field(default_factory=list)  # their card dicts, same order
    names: set = field(default_factory=set)  # every normalised name and alias of the group
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
        self._pos: dict = {}  # (section, card id) -> index within the section
        self._first: dict = {}  # card id -> (section index, index) of its first line
        self._groups: list[Group] | None = None

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
            for index, (card_id, count) in enumerate(lines.items()):
                self._pos[(key, card_id)] = index
                self._first.setdefault(card_id, (s_index, index))
                card = cards.get(card_id)
                if not _is_count(count):
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
                self.entries.append(Entry(key, card_id, card, count))
            self.totals[key] = total

    def in_section(self, key: str) -> list[Entry]:
        return [e for e in self.entries if e.section == key]

    @property
    def groups(self) -> list[Group]:
        """The deck's cards grouped by name, in deck order: cards sharing a normalised name or alias are
        one group, transitively (a union of the linked names), so reprints (other ids, same name) and
        alias spellings share one copy limit."""
        if self._groups is None:
            self._groups = self._build_groups()
        return self._groups

    def _build_groups(self) -> list[Group]:
        of_key: dict = {}  # normalised name or alias -> its group
        of_card: dict = {}  # card id -> its group
        groups: list[Group] = []
        merged = False
        for entry in self.entries:
            group = of_card.get(entry.card_id)
            if group is None:
                card = entry.card
                keys = [k for k in (_norm(card.get("name")), *map(_norm, card.get("aliases") or ())) if k]
                hits = {id(of_key[k]): of_key[k] for k in keys if k in of_key}
                if not hits:
                    group = Group(name=card.get("name", ""), names=set(keys))
                    groups.append(group)
                else:
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
                        for card_id in group.ids:
                            of_card[card_id] = group
                    if others:
                        keys = group.names
                for k in keys:
                    of_key[k] = group
                group.ids.append(entry.card_id)
                group.cards.append(card)
                of_card[entry.card_id] = group
            if entry.section not in group.sections:
                group.sections.append(entry.section)
            group.count += entry.count
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
        last = len(self._order)

        def key(v: Violation):
            if v.section is not None:
                s_index = self._order.get(v.section, last)
                lines = [self._pos[(v.section, c)] for c in v.cards if (v.section, c) in self._pos]
                return (s_index, min(lines) if lines else -1)
            firsts = [self._first[c] for c in v.cards if c in self._first]
            return min(firsts) if firsts else (last, -1)

        return sorted(violations, key=key)


# -- the common checks ------------------------------------------------------------------------------


def _check_sections(regulation: Regulation, view: DeckView) -> list[Violation]:
    out: list[Violation] = []
    allowed = {rule.key: frozenset(rule.card_types) for rule in regulation.sections if rule.card_types}
    for entry in view.entries:
        types = allowed.get(entry.section)
        if types is not None and entry.card.get("card_type") not in types:
            out.append(
                Violation(
                    "wrong_section",
                    _("{name} ({card_type}) cannot go in the {section} section."),
                    {
                        "name": entry.card.get("name", ""),
                        "card_type": entry.card.get("card_type", ""),
                        "section": entry.section,
                    },
                    (entry.card_id,),
                    entry.section,
                )
            )
    for rule in regulation.sections:
        count = view.totals.get(rule.key, 0)
        if rule.min is not None and rule.min == rule.max:
            if count != rule.min:
                out.append(
                    Violation(
                        "section_size",
                        _("The {section} section has {count} cards; it must have exactly {size}."),
                        {"section": rule.key, "count": count, "size": rule.min},
                        section=rule.key,
                    )
                )
        elif rule.min is not None and count < rule.min:
            out.append(
                Violation(
                    "section_too_small",
                    _("The {section} section has {count} cards; it needs at least {min}."),
                    {"section": rule.key, "count": count, "min": rule.min},
                    section=rule.key,
                )
            )
        elif rule.max is not None and count > rule.max:
            out.append(
                Violation(
                    "section_too_large",
                    _("The {section} section has {count} cards; it may have at most {max}."),
                    {"section": rule.key, "count": count, "max": rule.max},
                    section=rule.key,
                )
            )
    return out


def group_limit(regulation: Regulation, group: Group, listed: Mapping | None = None) -> Limit:
    """The copy limit of a name group. Each card's limit comes from `regulation.limit_for`; when they
    differ, the most restrictive listed one wins, else the most restrictive type limit, else the most
    permissive limit a card prints itself, else the regulation's default. `listed` maps normalised
    restricted-list names to the list's own spelling, so a list entry also matches another spelling."""
    listed_best = type_best = own_best = other = None
    for card in group.cards:
        lim = regulation.limit_for(
            card.get("name", ""), card.get("aliases") or (), card.get("card_type") or "", own_limit(card)
        )
        source = lim.source
        if source == LISTED:
            if listed_best is None or _rank(lim.copies) < _rank(listed_best.copies):
                listed_best = lim
        elif source == TYPE:
            if type_best is None or _rank(lim.copies) < _rank(type_best.copies):
                type_best = lim
        elif source == OWN:
            if own_best is None or _rank(lim.copies) > _rank(own_best.copies):
                own_best = lim
        elif other is None:
            other = lim
    if listed_best is None and listed:
        for name in group.names & listed.keys():
            copies = regulation.card_limits[listed[name]]
            if listed_best is None or _rank(copies) < _rank(listed_best.copies):
                ja, en = regulation.list_names.get(copies, ("", ""))
                listed_best = Limit(copies, LISTED, ja, en)
    return listed_best or type_best or own_best or other


def _check_copies(regulation: Regulation, view: DeckView) -> list[Violation]:
    out: list[Violation] = []
    listed = {_norm(name): name for name in regulation.card_limits}
    for group in view.groups:
        limit = group_limit(regulation, group, listed)
        if limit.copies == UNLIMITED or not isinstance(limit.copies, int):
            continue
        extra = {"source": limit.source, "list_ja": limit.list_ja, "list_en": limit.list_en}
        if limit.copies == 0:
            out.append(
                Violation(
                    "banned",
                    _("{name} may not be used under this regulation."),
                    {"name": group.name, "count": group.count, "limit": 0, **extra},
                    tuple(group.ids),
                    group.section,
                )
            )
        elif group.count > limit.copies:
            out.append(
                Violation(
                    "too_many_copies",
                    _("{name}: {count} copies; at most {limit} are allowed."),
                    {"name": group.name, "count": group.count, "limit": limit.copies, **extra},
                    tuple(group.ids),
                    group.section,
                )
            )
    return out


def _validate(game: GameDef, regulation: Regulation, deck: DeckData, cards: Mapping, view: DeckView):
    found = [*view.problems, *_check_sections(regulation, view), *_check_copies(regulation, view)]
    check = game.construction_check()  # resolved on use: the game's module builds on this one
    if check is not None:
        found.extend(check(game, regulation, deck, cards, view=view))
    return view.sort(found)


def validate(game: GameDef, regulation: Regulation, deck: DeckData, cards: Mapping) -> list[Violation]:
    """Every way `deck` breaks `regulation` (section sizes, card types per section, copy limits per name
    with aliases and reprints counted together, the restricted list, own limits, and the game's own
    rules). An empty list means the deck is legal.

    `cards` maps card id -> card dict and must hold every card of the deck (more is fine). Lines with a
    bad count, unknown cards and unknown sections are reported and left out of the other checks (an
    unknown card's copies still count towards its section's size)."""
    return _validate(game, regulation, deck, cards, DeckView(regulation, deck, cards))


# -- shared decks (timestorm) ----------------------------------------------------------------------

POOL_MIN = 2


def _card_index(cards: Mapping) -> dict:
    """Name -> the lowest card id printed with that name; failing that, the lowest id with it as an alias."""
    by_name: dict = {}
    by_alias: dict = {}
    for card_id, card in cards.items():
        name = card.get("name")
        if name and (name not in by_name or card_id < by_name[name]):
            by_name[name] = card_id
        for alias in card.get("aliases") or ():
            if alias and (alias not in by_alias or card_id < by_alias[alias]):
                by_alias[alias] = card_id
    return {**by_alias, **by_name}


def pool(game: GameDef, regulation: Regulation, entries: list[DeckData], cards: Mapping) -> PoolResult:
    """Several players' entries combined into one shared deck.

    Each entry is validated on its own (`PoolResult.entries`). The shared deck is the regulation's
    `basic` cards (standard timestorm: the basic cards; none in 13-card pooling) followed by every
    entry's cards, as card id -> copies; `cards` must hold the basic cards too. Lines an entry's own
    validation rejects (bad counts, unknown cards or sections) stay out of the shared deck."""
    violations: list[Violation] = []
    if len(entries) < POOL_MIN:
        violations.append(
            Violation(
                "pool_too_few",
                _("A shared deck needs at least {min} entries; there are {count}."),
                {"count": len(entries), "min": POOL_MIN},
            )
        )
    combined: dict = {}
    if regulation.basic:
        index = _card_index(cards)
        for name, copies in regulation.basic:
            card_id = index.get(name)
            if card_id is None:
                violations.append(
                    Violation(
                        "basic_card_missing",
                        _("The basic card {name} is not in this game's card list."),
                        {"name": name},
                    )
                )
                continue
            combined[card_id] = combined.get(card_id, 0) + copies
    results: list[list[Violation]] = []
    for deck in entries:
        view = DeckView(regulation, deck, cards)
        results.append(_validate(game, regulation, deck, cards, view))
        for entry in view.entries:
            combined[entry.card_id] = combined.get(entry.card_id, 0) + entry.count
    return PoolResult(combined=combined, entries=results, violations=violations)
