"""Construction-rule validation of decks against a regulation (the deck as data, and its reading, are in
rules.deckdata).

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
shared deck (a game that declares pools: timestorm). The deck data and violations are rules/deckdata.py's,
which the games' construction modules build on.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from .deckdata import DeckData, DeckView, Group, Violation, _
from .declare.base import GameDef
from .declare.fields import UNLIMITED
from .declare.regulation import LISTED, OWN, TYPE, Limit, Regulation


@dataclass
class PoolResult:
    """A combined shared deck (timestorm) from several players' entries."""

    combined: dict  # card id -> copies in the shared deck (basic cards first, then each entry in order)
    entries: list[list[Violation]]  # each entry's own violations, in order
    violations: list[Violation]  # the pool's (e.g. fewer than 2 entries)


def own_limit(card: Mapping):
    """The limit a card prints itself (`fields.copy_limit`): a whole number, UNLIMITED, or None."""
    fields = card.get("fields")
    if not fields:
        return None
    value = fields.get("copy_limit")
    if value is None:
        return None
    if value == UNLIMITED or (isinstance(value, int) and not isinstance(value, bool) and value >= 0):
        return value
    return None


def _rank(copies) -> float:
    """A copy limit as a number for comparisons: "unlimited" is above every count."""
    return float("inf") if copies == UNLIMITED else copies


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


def group_limit(regulation: Regulation, group: Group) -> Limit:
    """The copy limit of a group of cards counted as one (rules.deckdata.DeckView.groups). A group holding
    any spelling of a restricted-list entry (a card's name or alias, or one the entry declares; even through
    a reprint that carries no alias) has the entry's limit, the most restrictive when it spells several.
    Otherwise each card's limit comes from `regulation.unlisted_limit`: the most restrictive type limit,
    else the most permissive limit a card prints itself, else the regulation's default."""
    if regulation.card_limits:  # without a restricted list no group spells an entry
        entries = [key[1:] for key in group.names if key[:1] == "\0"]  # DeckView marks the entries it spells
        if entries:
            return regulation.listed_limit(min(entries, key=lambda e: (_rank(regulation.card_limits[e]), e)))
    if len(group.cards) == 1:  # most groups: one card, its own limit
        card = group.cards[0]
        return regulation.unlisted_limit(card.get("card_type") or "", own_limit(card))
    type_best = own_best = other = None
    for card in group.cards:
        lim = regulation.unlisted_limit(card.get("card_type") or "", own_limit(card))
        source = lim.source
        if source == TYPE:
            if type_best is None or _rank(lim.copies) < _rank(type_best.copies):
                type_best = lim
        elif source == OWN:
            if own_best is None or _rank(lim.copies) > _rank(own_best.copies):
                own_best = lim
        elif other is None:
            other = lim
    return type_best or own_best or other


def _copies_template(limit: Limit) -> str:
    """The message for too many copies (or any copy of a card that may not be used), in players' words:
    a restricted-list card by its list's name (制限, 準制限, 封印), else the plain limit."""
    named = limit.source == LISTED and limit.list_en
    if limit.copies == 0:
        if named:
            return _('"{name}" ({list_en}) may not be used; the deck has {count}.')
        return _("{name} may not be used under this regulation.")
    if named:
        if limit.copies == 1:
            return _('"{name}" ({list_en}): at most 1 is allowed; the deck has {count}.')
        return _('"{name}" ({list_en}): at most {limit} are allowed; the deck has {count}.')
    if limit.copies == 1:
        return _("{name}: {count} copies; at most 1 is allowed.")
    return _("{name}: {count} copies; at most {limit} are allowed.")


def _check_copies(regulation: Regulation, view: DeckView) -> list[Violation]:
    out: list[Violation] = []
    listed = bool(regulation.card_limits)
    unlisted_limit = regulation.unlisted_limit
    for group in view.groups:
        cards = group.cards
        if not listed and len(cards) == 1:  # group_limit's commonest case, without the calls
            limit = unlisted_limit(cards[0].get("card_type") or "", own_limit(cards[0]))
        else:
            limit = group_limit(regulation, group)
        if limit.copies == UNLIMITED or not isinstance(limit.copies, int):
            continue
        if limit.copies == 0 or group.count > limit.copies:
            extra = {"source": limit.source, "list_ja": limit.list_ja, "list_en": limit.list_en}
            out.append(
                Violation(
                    "banned" if limit.copies == 0 else "too_many_copies",
                    _copies_template(limit),
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
