"""Deck codes: the compact strings (and share links) another deck tool writes a deck as, declared by a game.

A game that players bring decks from in another tool's codes declares those formats as `deck_codes` on its
GameDef (a tuple of `DeckCodeFormat`). A format names the functions, in the game's own package, that read a
code and, where the site can write one, write it. The functions know the format; nothing else does:
rules/deckcode.py reads a pasted code in front of the decklist reader and writes a deck's codes through
these declarations alone.

- `read(text) -> DecodedDeck | None`: the text (one line as pasted) in this format, or None when it is not
  in this format at all; raises `DeckCodeError` when it is this format but cannot be a deck (a checksum
  that does not match, bytes that do not decode).
- `write(cards, title) -> str`: the code (or link) of a deck given as card number -> copies (numbers as the
  tool numbers cards, ints) and a title; raises `DeckCodeError` when the deck cannot be written.
"""

from __future__ import annotations

from dataclasses import dataclass, field


def _(message: str) -> str:
    """Marks a message template for translation (extracted by makemessages); the shell translates it."""
    return message


# Why a code cannot be read or written (English templates with {named} params; the shell translates them).
INVALID_CODE = _(
    "Line {line}: an invalid deck code (its check characters do not match; a character may be missing or mistyped)."
)
UNREADABLE_CODE = _("Line {line}: an invalid deck code (it cannot be read as a deck).")
TOO_LARGE = _("No deck code can be made: the deck has more cards than a code can hold.")
BAD_NUMBER = _("No deck code can be made: the card number {number} is not one a code can hold.")


@dataclass
class DeckCodeError(Exception):
    """A code that is not a deck (`reason`: checksum or unreadable), or a deck that cannot become a code."""

    reason: str  # "checksum", "unreadable", "too_large", "bad_number"
    template: str
    params: dict = field(default_factory=dict)

    def __str__(self) -> str:
        return self.template.format(**{"line": "?", **self.params})


@dataclass(frozen=True)
class DecodedDeck:
    """What a code holds: card number -> copies (ascending numbers), and the deck's title when it has one."""

    format: str  # the DeckCodeFormat key that read it
    cards: dict[int, int]
    title: str | None = None


@dataclass(frozen=True)
class DeckCodeFormat:
    """One format of deck code a game's players use (see the module doc)."""

    key: str  # stable, e.g. "v7"
    tool: str  # the tool that writes it, as it names itself (a proper name: the same in every language)
    version: str  # how the tool names this format, e.g. "v7"
    read: str  # "module:function", relative to the game's package
    write: str = ""  # "module:function"; empty when the site reads the format only
    link: bool = False  # the format is a link (a URL to open), not a code to paste
