"""A draft restricted list, typed as text, and what it would do to existing decks (the editors' what-if).

No Django. An editor types one card a line, "カード名 枚数" (0 = banned; "無制限" or "∞" = no limit);
`read_draft` reads the lines against the game's cards (rules.decklist.CardIndex, so a name is found however
it is typed: full-width or half-width, katakana or hiragana, its reading or an alias) and against the
current list's entries (an entry may be a spelling no card prints, e.g. 人魚の活血), and returns the draft
regulation: the current one with its restricted list replaced. `what_if` validates every deck under both
with rules.decks.validate (the one construction check) and tells which decks the draft makes illegal, and
by which cards.
"""

from __future__ import annotations

import dataclasses
import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, field

from .deckdata import Violation, _
from .decklist import CardIndex
from .decks import validate
from .declare.base import GameDef
from .declare.fields import UNLIMITED
from .declare.regulation import Regulation
from .text import normalise

MAX_COPIES = 999
MAX_LINES = 2000
SUGGESTED_ERRORS = 20
UNLIMITED_WORDS = ("無制限", "∞", "unlimited", "制限なし")
COPY_CODES = ("banned", "too_many_copies")  # the violations a restricted list causes

# "name 3", "name 3枚", "name×3", "name x3", "name: 3", "name<TAB>3" (after NFKC: full-width digits and
# colons are ASCII). The name is the shortest start that leaves a count at the end.
_COUNT = "|".join(re.escape(w) for w in UNLIMITED_WORDS)
_LINE = re.compile(
    rf"^(?P<name>.+?)(?:\s*[:×*]\s*|\s+[xX]\s*|\s+)(?P<count>-?\d+|{_COUNT})\s*枚?$", re.IGNORECASE
)

# "name3枚": the count glued to the name, read only with 枚 after it (a name may end in a digit).
_GLUED = re.compile(r"^(?P<name>.+?)(?P<count>\d+)\s*枚$")


@dataclass(frozen=True)
class DraftError:
    """A line the draft could not read: 1-based line number, an English template with {named} params."""

    line: int
    template: str
    params: dict = field(default_factory=dict)
    suggestions: tuple[str, ...] = ()

    @property
    def message(self) -> str:
        return self.template.format(line=self.line, **self.params)


@dataclass
class DraftReading:
    limits: dict  # list entry -> copies (0 banned) or UNLIMITED, in the order typed
    errors: list[DraftError]
    regulation: Regulation | None  # the draft (None when a line is at fault)


def limits_text(regulation: Regulation) -> str:
    """The regulation's restricted list as the draft form shows it, one "name copies" a line, the most
    restricted first."""
    rank = {UNLIMITED: MAX_COPIES + 1}
    entries = sorted(regulation.card_limits.items(), key=lambda kv: (rank.get(kv[1], kv[1]), kv[0]))
    return "".join(f"{name} {'無制限' if copies == UNLIMITED else copies}\n" for name, copies in entries)


def _entry_index(regulation: Regulation) -> dict[str, str]:
    """Every spelling of the current list's entries in the search normal form -> the entry."""
    out: dict[str, str] = {}
    for entry in regulation.card_limits:
        for spelling in regulation.spellings_of(entry):
            out.setdefault(normalise(spelling), entry)
    return out


def read_draft(text: str, regulation: Regulation, index: CardIndex) -> DraftReading:
    """The draft restricted list typed in `text`, read against the game's cards and the current list."""
    limits: dict = {}
    where: dict[str, int] = {}  # entry -> the line that listed it
    errors: list[DraftError] = []
    entries = _entry_index(regulation)
    lines = text.splitlines()
    if len(lines) > MAX_LINES:
        errors.append(DraftError(MAX_LINES + 1, _("Line {line}: a draft holds at most {max} lines."), {"max": MAX_LINES}))
        lines = lines[:MAX_LINES]
    for number, raw in enumerate(lines, 1):
        line = " ".join(unicodedata.normalize("NFKC", raw).split())
        if not line or line.startswith(("#", "//")):
            continue
        match = _LINE.match(line) or _GLUED.match(line)
        if match is None:
            errors.append(
                DraftError(
                    number,
                    _("Line {line}: “{text}” has no number of copies; write the card's name, then how many copies a deck may hold (0 = banned), e.g. “{example} 1”."),
                    {"text": raw.strip(), "example": line},
                )
            )
            continue
        name, count = match["name"].strip(), match["count"]
        if count.casefold() in {w.casefold() for w in UNLIMITED_WORDS}:
            copies = UNLIMITED
        else:
            copies = int(count)
            if not 0 <= copies <= MAX_COPIES:
                errors.append(
                    DraftError(
                        number,
                        _("Line {line}: {count} copies of “{name}” is not a number of copies from 0 to {max}."),
                        {"count": copies, "name": name, "max": MAX_COPIES},
                    )
                )
                continue
        key = normalise(name)
        entry = entries.get(key)  # a spelling of the current list keeps its entry (and its spellings)
        if entry is None:
            found = index.lookup(name)
            if found.ambiguous:
                errors.append(
                    DraftError(
                        number,
                        _("Line {line}: “{name}” could be any of {names}; write the name as printed."),
                        {"name": name, "names": "、".join(found.names)},
                        tuple(found.names),
                    )
                )
                continue
            if not found.found:
                # suggestions for the first lines at fault only: a pasted list of unknown names stays quick
                suggestions = tuple(index.suggestions(name)) if len(errors) < SUGGESTED_ERRORS else ()
                template = (
                    _("Line {line}: there is no card named “{name}” in this game. Did you mean: {suggestions}?")
                    if suggestions
                    else _("Line {line}: there is no card named “{name}” in this game.")
                )
                errors.append(DraftError(number, template, {"name": name, "suggestions": "、".join(suggestions)}, suggestions))
                continue
            entry = index.card(found.card_id)["name"]
            # the card under a spelling the current list holds (its reading, an alias): that entry
            card = index.card(found.card_id)
            for spelling in (card["name"], *(card.get("aliases") or ())):
                if normalise(spelling) in entries:
                    entry = entries[normalise(spelling)]
                    break
        if entry in where:
            errors.append(
                DraftError(
                    number,
                    _("Line {line}: “{name}” is already listed on line {first}."),
                    {"name": name, "first": where[entry]},
                )
            )
            continue
        where[entry] = number
        limits[entry] = copies
    if errors:
        return DraftReading(limits, errors, None)
    spellings = {e: regulation.spellings[e] for e in limits if e in regulation.spellings}
    draft = dataclasses.replace(regulation, card_limits=dict(limits), spellings=spellings)
    return DraftReading(limits, errors, draft)


# -- what the draft does to decks ----------------------------------------------------------------


@dataclass(frozen=True)
class Fault:
    """One card a deck holds more copies of than the draft allows."""

    name: str  # the name counted (the list entry's card)
    card_id: object  # the first card id of the group
    count: int  # copies in the deck
    limit: int  # copies the draft allows (0 = banned)


@dataclass
class DeckOutcome:
    deck_id: object
    faults: list[Fault]  # the draft's copy faults that the current regulation does not have
    other: list[Violation]  # any other violation the draft brings (a game's own check)
    current: list[Violation]  # the deck's violations under the current regulation


@dataclass
class WhatIf:
    broken: list[DeckOutcome]  # legal now, illegal under the draft
    already: list[DeckOutcome]  # illegal now (`faults`: what the draft adds)
    fixed: list[DeckOutcome]  # illegal now, legal under the draft
    checked: int
    by_card: list[tuple[str, object, int]] = field(default_factory=list)  # (name, card id, decks broken)


def _key(v: Violation) -> tuple:
    return (v.code, v.cards, v.section, tuple(sorted((k, str(p)) for k, p in v.params.items())))


def what_if(game: GameDef, current: Regulation, draft: Regulation, decks: Mapping, cards: Mapping) -> WhatIf:
    """Every deck (id -> DeckData) validated under `current` and under `draft`; `cards` holds every card of
    the decks (card id -> card dict). The decks the draft makes illegal come with the cards at fault."""
    result = WhatIf([], [], [], 0)
    tally: dict[str, list] = {}
    for deck_id, deck in decks.items():
        result.checked += 1
        now = validate(game, current, deck, cards)
        then = validate(game, draft, deck, cards)
        known = {_key(v) for v in now}
        new = [v for v in then if _key(v) not in known]
        faults = [
            Fault(v.params.get("name", ""), v.cards[0] if v.cards else None, v.params.get("count", 0), v.params.get("limit", 0))
            for v in new
            if v.code in COPY_CODES
        ]
        other = [v for v in new if v.code not in COPY_CODES]
        outcome = DeckOutcome(deck_id, faults, other, now)
        if not now and then:
            result.broken.append(outcome)
            for fault in faults:
                tally.setdefault(fault.name, [fault.card_id, 0])[1] += 1
        elif now and not then:
            result.fixed.append(outcome)
        elif now:
            result.already.append(outcome)
    result.by_card = sorted(((n, c, k) for n, (c, k) in tally.items()), key=lambda t: (-t[2], t[0]))
    return result


__all__ = ["DraftError", "DraftReading", "Fault", "WhatIf", "limits_text", "read_draft", "what_if"]
