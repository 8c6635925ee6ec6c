"""Deck codes in front of the decklist reader: a pasted code or share link read as the deck it holds, and a
deck written as the codes its game declares (rules/declare/deckcodes.py).

No Django. `parse(text, regulation, index, game)` is `rules.decklist.parse` for any text except one that is
a deck code: a text whose only non-empty line is a code or link in one of the game's declared formats. Such
a text is read as exactly the deck the code holds: each number names the card whose collector number
(Card.number) it is, one printing each, with the copies the code gives, placed in its section as an
unheaded card line would be. A number no card has is an error naming the number; a code whose checksum does
not match is an error (an invalid code), so nothing is read from it. The result carries the code's title (a
share link's) for a deck being created.

`encode(game, deck, index)` writes a deck in every format the game declares with a writer: for each, the
text or the reason it cannot be made (a card without a collector number is named).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from . import decklist
from .deckdata import DeckData
from .decklist import ERROR, NOTE, CardIndex, LineError, ParsedLine, ParseResult, placement
from .declare.base import GameDef
from .declare.deckcodes import DeckCodeError, DeckCodeFormat
from .declare.regulation import Regulation


def _(message: str) -> str:
    """Marks a message template for translation (extracted by makemessages); the shell translates it."""
    return message


# Codes of the line messages (beside rules.decklist's).
READ_CODE = "deck_code"  # note: the line was read as a code
READ_LINK = "deck_link"  # note: the line was read as a share link
INVALID_CODE = "invalid_code"  # error: a checksum that does not match, bytes that do not decode
UNKNOWN_NUMBER = "unknown_number"  # error: no card has the number
AMBIGUOUS_NUMBER = "ambiguous_number"  # error: cards of several names have it

CODE_NOTES = (READ_CODE, READ_LINK)

TEMPLATES = {
    READ_CODE: _("Line {line}: read as a {tool} deck code ({version})."),
    READ_LINK: _("Line {line}: read as a {tool} share link."),
    UNKNOWN_NUMBER: _("Line {line}: card number {number} is not in the database."),
    AMBIGUOUS_NUMBER: _("Line {line}: card number {number} belongs to several cards ({candidates})."),
}
NO_NUMBER = _("No deck code can be made: {names} has no {tool} card number.")
NO_NUMBERS = _("No deck code can be made: {names} and {more} other cards have no {tool} card number.")
NAMED = 3  # the cards a reason names; the rest are counted

_DIGITS = re.compile(r"[1-9][0-9]*")


LEVELS = {READ_CODE: NOTE, READ_LINK: NOTE, INVALID_CODE: ERROR, UNKNOWN_NUMBER: ERROR, AMBIGUOUS_NUMBER: ERROR}


@dataclass(frozen=True)
class CodeLineError(LineError):
    """A message about the code's line (its level from this module's codes)."""

    @property
    def level(self) -> str:
        return LEVELS.get(self.code, ERROR)


@dataclass
class CodeParseResult(ParseResult):
    """A decklist reading that came from a deck code: what was decoded, and the code's title."""

    title: str | None = None
    code_format: str = ""  # the DeckCodeFormat key
    numbers: dict[int, int] = field(default_factory=dict)  # the code's cards: number -> copies


def only_line(text: str) -> tuple[int, str] | None:
    """(1-based line number, the line) of the only non-empty line of `text`, or None."""
    found = None
    for lineno, line in enumerate((text or "").splitlines(), 1):
        if line.strip():
            if found is not None:
                return None
            found = (lineno, line)
    return found


def parse(text: str, regulation: Regulation, index: CardIndex, game: GameDef | None) -> ParseResult:
    """Read a decklist, or the deck code it is (see the module doc)."""
    line = only_line(text) if game is not None and game.deck_codes else None
    if line is not None:
        lineno, raw = line
        try:
            decoded = game.read_deck_code(raw)
        except DeckCodeError as exc:
            # A line that merely looks like a code ("7 Fireball" is "7Fireball" once spaces go) and reads as
            # a card line is that card line; otherwise it is an invalid code, and nothing is read from it.
            listed = decklist.parse(text, regulation, index)
            if listed.ok and listed.deck.total():
                return listed
            error = CodeLineError(lineno, INVALID_CODE, exc.template, {"line": lineno, **exc.params}, raw)
            return CodeParseResult(DeckData(), [error], [ParsedLine(lineno, raw, "error")])
        if decoded is not None:
            return _decoded(game.deck_code_format(decoded.format), decoded, lineno, raw, regulation, index)
    return decklist.parse(text, regulation, index)


def _decoded(declared: DeckCodeFormat, decoded, lineno, raw, regulation, index) -> CodeParseResult:
    errors: list[CodeLineError] = []
    sections: dict[str, dict] = {}
    for number, count in decoded.cards.items():
        params = {"line": lineno, "number": number}
        found = index.by_number(str(number))
        if found.ambiguous:
            params["candidates"] = "、".join(found.names)
            errors.append(CodeLineError(lineno, AMBIGUOUS_NUMBER, TEMPLATES[AMBIGUOUS_NUMBER], params, raw))
        elif not found.found:
            errors.append(CodeLineError(lineno, UNKNOWN_NUMBER, TEMPLATES[UNKNOWN_NUMBER], params, raw))
        else:
            card = index.card(found.card_id)
            entries = sections.setdefault(placement(card, regulation), {})
            entries[found.card_id] = entries.get(found.card_id, 0) + count
    code = READ_LINK if declared.link else READ_CODE
    note = CodeLineError(
        lineno, code, TEMPLATES[code], {"line": lineno, "tool": declared.tool, "version": declared.version}, raw
    )
    return CodeParseResult(
        DeckData(sections),
        errors,
        [ParsedLine(lineno, raw, "error" if errors else "card")],
        notes=[note],
        title=decoded.title or None,
        code_format=declared.key,
        numbers=dict(decoded.cards),
    )


# -- writing -----------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Encoded:
    """A deck in one declared format: the text, or why it cannot be made (template and params)."""

    format: DeckCodeFormat
    text: str = ""
    template: str = ""
    params: dict = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return bool(self.text)


def card_numbers(deck: DeckData, cards: Mapping) -> tuple[dict[int, int], list[str]]:
    """(number -> copies over every section, the names of the cards with no usable number)."""
    numbers: dict[int, int] = {}
    missing: list[str] = []
    for card_id, count in deck.counts().items():
        if count <= 0:
            continue
        card = cards.get(card_id) or {}
        number = str(card.get("number") or "").strip()
        if not _DIGITS.fullmatch(number):
            missing.append(str(card.get("name") or card_id))
            continue
        numbers[int(number)] = numbers.get(int(number), 0) + count
    return numbers, list(dict.fromkeys(missing))


def encode(game: GameDef, deck: DeckData, cards: Mapping, title: str = "") -> list[Encoded]:
    """The deck in each format the game writes (`cards`: id -> card dict, with its number and name)."""
    if not game.deck_code_writers:
        return []
    numbers, missing = card_numbers(deck, cards)
    out = []
    for declared in game.deck_code_writers:
        if missing:
            names = "、".join(f"「{n}」" for n in missing[:NAMED])
            params = {"names": names, "tool": declared.tool, "more": len(missing) - NAMED}
            out.append(Encoded(declared, template=NO_NUMBER if len(missing) <= NAMED else NO_NUMBERS, params=params))
            continue
        try:
            out.append(Encoded(declared, text=game.resolve(declared.write)(numbers, title)))
        except DeckCodeError as exc:
            out.append(Encoded(declared, template=exc.template, params=dict(exc.params)))
    return out
