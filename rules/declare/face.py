"""What a printed proxy face shows, declared as data by each game (rules/games/<slug>/face.py).

Every face has the same parts, drawn by printing/faces.py: a name band with a badge top left and a small
value top right, a type line, a text box, a stat bar (a disc bottom left, a box bottom right, labelled
stats between them) and a footer. A game's `FaceLayout` says which card values fill those parts, how
they read and in which colour; it holds no drawing code.

A `Show` is one printed value: a template such as "{cost}", "GRAZE {graze}" or "{required_nodes}/{cost}"
whose {names} are the card's common keys ("cost"), its game fields ("power", in card["fields"]), or
"type_label" / "cost_label" (the card type's printed name and what its cost is called). Missing values
print as nothing, lists are joined by `sep`, whole numbers become kanji numerals with numerals="kanji",
and `labels` turns a coded value into its printed word. `types` / `not_types` limit it to card types;
`when` names a value that must be set (not empty, not false) for it to print at all. With several
templates the non-empty ones are joined by `sep`.

A `Block` is text the face puts before the card's own text, or in its place (`replaces`): its pieces
written one after the other, either once for the card or once per entry of a records field (`each`,
the entries' keys filling the templates, one paragraph per entry).

A game without a declaration gets `FaceLayout()`: the name, the card type as the type line, the text.
"""

from __future__ import annotations

from dataclasses import dataclass

CORNERS = ("top_left", "top_right", "bottom_left", "bottom_right")
NUMERALS = ("arabic", "kanji")


@dataclass(frozen=True)
class Show:
    """One value the face prints, read off the card through a template (see the module docstring)."""

    text: str | tuple[str, ...]
    label: str = ""  # the caption above a stat in the stat bar (a template too)
    sep: str = " "  # between the entries of a list value, and between several templates
    when: str = ""  # a value that must be set for anything to print
    types: tuple[str, ...] = ()  # only on these card types (empty: every type)
    not_types: tuple[str, ...] = ()  # never on these card types
    numerals: str = "arabic"  # "kanji": whole numbers as kanji numerals (7 -> 七)
    labels: tuple[tuple[str, str], ...] = ()  # coded value -> printed word; a value not listed prints nothing
    unless_text: str = ""  # left out when the card's text already says this

    def __post_init__(self):
        if self.numerals not in NUMERALS:
            raise ValueError(f"numerals {self.numerals!r}: one of {', '.join(NUMERALS)}")

    @property
    def templates(self) -> tuple[str, ...]:
        return (self.text,) if isinstance(self.text, str) else self.text

    def applies_to(self, card_type: str) -> bool:
        return (not self.types or card_type in self.types) and card_type not in self.not_types


@dataclass(frozen=True)
class Block:
    """Text put on the lines before the card's own text, or in its place; nothing if it is empty."""

    pieces: tuple[Show, ...]
    each: str = ""  # a records field: the pieces are written once per entry, one paragraph each
    replaces: bool = False  # the block is the text (the card's rules text repeats it as printed)
    types: tuple[str, ...] = ()
    not_types: tuple[str, ...] = ()

    def applies_to(self, card_type: str) -> bool:
        return (not self.types or card_type in self.types) and card_type not in self.not_types


@dataclass(frozen=True)
class FaceLayout:
    """A game's printed face: what goes in each corner, the type line, the stats, the text, the colours."""

    accent: str = "#444444"  # frame and bands; text stays black on the light panels
    card_size: str = "63x88"  # the default card size in millimetres, W x H
    top_left: Show | None = None  # the badge in the name band (the cost)
    top_right: Show | None = None  # small text at the right of the name band
    bottom_left: Show | None = None  # the disc at the left of the stat bar
    bottom_right: Show | None = None  # the box at the right of the stat bar
    stats: tuple[Show, ...] = ()  # labelled values across the stat bar, those that apply, in order
    type_line: tuple[Show, ...] = (Show("{type_label}"),)  # the parts that are not empty, joined by type_sep
    type_sep: str = "　"
    text: tuple[Block, ...] = ()  # applied in order to the card's text (after its keywords)
    # The accent by a field's (first) value, e.g. kannagi's season: ((value, colour), ...).
    accent_field: str = ""
    accent_colours: tuple[tuple[str, str], ...] = ()
    # A card with no rules text (a card list that gives only its facts, as kannagi's fan list): the facts laid
    # out in the text box in its place, those that are set, one line each, then `untexted_note` (e.g.
    # 「効果テキスト未登録」), unless the card has no text by design: `vanilla` (field, value), e.g. the
    # fan list's role バニラ.
    untexted: tuple[Show, ...] = ()
    untexted_note: str = ""
    vanilla: tuple[str, str] | None = None

    def lacks_text(self, card: dict) -> bool:
        """Whether the card (its plain data: rules_text, fields) has no rules text where the game expects
        one: the face then lays out `untexted` and says `untexted_note`; a vanilla card by design does not."""
        if (card.get("rules_text") or "").strip() or not (self.untexted or self.untexted_note):
            return False
        if self.vanilla:
            key, word = self.vanilla
            value = (card.get("fields") or {}).get(key, card.get(key))
            if value == word or (isinstance(value, (list, tuple)) and word in value):
                return False
        return True

    def corner(self, at: str) -> Show | None:
        if at not in CORNERS:
            raise ValueError(f"corner {at!r}: one of {', '.join(CORNERS)}")
        return getattr(self, at)
