"""Decklists as plain text: import (`parse`) and export (`export`).

No Django. This is the form players paste between tools, forums and chat:

    メイン:
    4 人魚の活き血
    3x 本物のお化け屋敷 [K-012]   # a named printing
    // a comment
    肥川の大蛇 ×1

The web shell builds one `CardIndex` per game from the game's card dicts, then calls
`parse(text, regulation, index)` on every change (it is linear in the text: a 100-line list parses in well
under a millisecond) and `export(deck, index, regulation, lang)` to write a deck back out.

Lines
-----
- Blank lines are skipped. A line whose first characters are `#` or `//` is a comment, and so is the rest
  of a line from a ` #` or ` //` (a space before it) on.
- A card line is a count and a name, in any of the forms `4 名前`, `4x Name`, `4 x Name`, `4×名前`,
  `x4 Name`, `Name x4`, `Name ×4`, `4枚 名前`, `名前 4枚`, or a name alone (one copy). Full-width digits and
  letters are read as ASCII (the line is NFKC-normalised first). When a line can be read more than one way
  (`4 x Name` where a card is really called "x Name"), the first reading, in the order above, whose name is
  a card wins; a line that names no card is reported for its most likely reading.
- The name is looked up in its search normal form (rules.text.normalise): by card name, then by reading,
  then by alias, then by collector number. A key that matches cards of different names is ambiguous.
- `Name [K-012]` names one printing by its number. Without a number a name means its default printing.
- A section header is a line holding one of the regulation's section labels (ja or en) or one of the
  section's `headers`, optionally with a colon and a count: `メイン:`, `Skill deck (50)`, `スキル：50枚`,
  `【天候】`. A line that looks like a header but names no section of the regulation (`Sideboard:`, any
  line ending in a colon that is not a card, a section word of another game) is an `unknown_section`
  error; the card lines under it are checked but left out of the deck until the next known header.
- Cards before any header go to the section the card itself names in `fields["deck"]` (manacard), else the
  first section whose `card_types` admits the card's type (vision: weather cards to the weather deck),
  else the first section. The same card twice in a section adds up.
- A line with an error adds nothing to the deck. All errors are collected, each naming its line.

Default printing
----------------
Several cards (ids) may share a name: reprints. The default printing of a name is the one with the lowest
`(number or "~", id)`: the lowest collector number as text, cards without a number after every numbered one
("~" sorts after ASCII letters and digits), ties broken by the lowest id. `export` writes ` [number]` only
for a card that is not its name's default printing, so export -> parse gives the same deck. (A non-default
printing without a number cannot be named in text; it reads back as the default printing.)

Errors
------
`LineError.code` is stable; `template` is English with {named} params (translated by the web shell):
unknown_card, ambiguous_card, unknown_printing, bad_count, unknown_section (see the templates below).
"""

from __future__ import annotations

import difflib
import heapq
import re
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from .deckdata import DeckData
from .games.regulation import Regulation, SectionRule
from .text import normalise


def _(message: str) -> str:
    """Marks a message template for translation (extracted by makemessages); the shell translates it."""
    return message


# Error codes and their English templates.
UNKNOWN_CARD = "unknown_card"
AMBIGUOUS_CARD = "ambiguous_card"
UNKNOWN_PRINTING = "unknown_printing"
BAD_COUNT = "bad_count"
UNKNOWN_SECTION = "unknown_section"
LINE_TOO_LONG = "line_too_long"

TEMPLATES = {
    UNKNOWN_CARD: _('Line {line}: no card is called "{name}".'),
    AMBIGUOUS_CARD: _('Line {line}: "{name}" could be any of {candidates}; write the full name.'),
    UNKNOWN_PRINTING: _('Line {line}: "{name}" has no printing numbered [{number}].'),
    BAD_COUNT: _("Line {line}: {count} is not a number of copies (1 to {max})."),
    UNKNOWN_SECTION: _(
        'Line {line}: "{name}" is not a section of this deck (sections: {sections}); the cards below it are left out.'
    ),
    LINE_TOO_LONG: _("Line {line}: longer than {max} characters."),
}
MAX_LINE = 300  # far beyond any card name; keeps the line patterns' work small

MAX_COUNT = 999
SUGGESTIONS = 5

# Line kinds (ParsedLine.kind).
BLANK, COMMENT, HEADER, CARD, ERROR = "blank", "comment", "header", "card", "error"


# -- the card index ------------------------------------------------------------------


def default_key(card: Mapping) -> tuple:
    """Sort key of the printings of one name; the lowest is the default printing (see the module doc)."""
    return (card.get("number") or "~", card["id"])


@dataclass(frozen=True)
class Lookup:
    """What a name on a line resolves to: one card id, several names (ambiguous), or nothing."""

    card_id: object = None
    names: tuple[str, ...] = ()  # the candidate names when ambiguous

    @property
    def found(self) -> bool:
        return self.card_id is not None

    @property
    def ambiguous(self) -> bool:
        return self.card_id is None and len(self.names) > 1


NOT_FOUND = Lookup()


def _grams(key: str) -> set[str]:
    """The character pairs of a normalised key (its one character when it has only one)."""
    key = key.replace(" ", "")
    return {key[i : i + 2] for i in range(len(key) - 1)} or {key}


def _add(mapping: dict, key: str, value) -> None:
    if key:
        mapping.setdefault(key, {})[value] = None  # an ordered set


class CardIndex:
    """All cards of one game, looked up by what a decklist line may call them.

    `cards` is an iterable of card dicts (each with an "id"), or a mapping id -> card dict.
    """

    def __init__(self, cards: Iterable[Mapping] | Mapping):
        if isinstance(cards, Mapping):
            cards = cards.values()
        self.cards: dict = {}
        self._printings: dict[str, list] = {}  # name -> ids, default printing first
        self._by_name: dict[str, dict] = {}
        self._by_reading: dict[str, dict] = {}
        self._by_alias: dict[str, dict] = {}
        self._by_number: dict[str, dict] = {}  # normalised number -> ids
        for card in cards:
            self.cards[card["id"]] = card
            name = card["name"]
            self._printings.setdefault(name, []).append(card["id"])
            _add(self._by_name, normalise(name), name)
            _add(self._by_reading, normalise(card.get("reading")), name)
            for alias in card.get("aliases") or ():
                _add(self._by_alias, normalise(alias), name)
            _add(self._by_number, normalise(card.get("number")), card["id"])
        for ids in self._printings.values():
            ids.sort(key=lambda i: default_key(self.cards[i]))
        # Suggestion keys: every normalised name, reading and alias -> the real names.
        self._suggest: dict[str, dict] = {}
        for mapping in (self._by_name, self._by_reading, self._by_alias):
            for key, names in mapping.items():
                for name in names:
                    _add(self._suggest, key, name)
        self._suggest_keys = list(self._suggest)
        # Character pair -> the suggestion keys holding it, to pick difflib's candidates without scanning
        # them all.
        self._grams: dict[str, list[int]] = {}
        self._gram_counts: list[int] = []
        for position, key in enumerate(self._suggest_keys):
            grams = _grams(key)
            self._gram_counts.append(len(grams))
            for gram in grams:
                self._grams.setdefault(gram, []).append(position)

    def __len__(self) -> int:
        return len(self.cards)

    def card(self, card_id) -> Mapping | None:
        return self.cards.get(card_id)

    def default_id(self, name: str):
        """The id of the default printing of `name` (None for an unknown name)."""
        ids = self._printings.get(name)
        return ids[0] if ids else None

    def is_default(self, card_id) -> bool:
        card = self.cards[card_id]
        return self.default_id(card["name"]) == card_id

    def printings(self, name: str) -> list:
        """The ids of every printing of `name`, the default first."""
        return list(self._printings.get(name, ()))

    def lookup(self, text: str) -> Lookup:
        """Resolve what a line calls a card: by name, reading, alias, then number (the first tier that
        knows the key decides). A name resolves to its default printing; a number to that printing."""
        key = normalise(text)
        if not key:
            return NOT_FOUND
        for mapping in (self._by_name, self._by_reading, self._by_alias):
            names = mapping.get(key)
            if names:
                return self._one_of(tuple(names), text)
        ids = self._by_number.get(key)
        if ids:
            names = tuple(dict.fromkeys(self.cards[i]["name"] for i in ids))
            if len(names) == 1:
                return Lookup(min(ids, key=lambda i: default_key(self.cards[i])), names)
            return Lookup(None, names)
        return NOT_FOUND

    def _one_of(self, names: tuple[str, ...], text: str) -> Lookup:
        if len(names) > 1:
            # Different names with one normal form (e.g. "Fire" and "fire"): the exact spelling decides.
            exact = [n for n in names if unicodedata.normalize("NFKC", n) == text.strip()]
            if len(exact) != 1:
                return Lookup(None, names)
            names = (exact[0],)
        return Lookup(self.default_id(names[0]), names)

    def _close(self, query: str, n: int, pool: int = 40, cutoff: float = 0.5) -> list[str]:
        """difflib's closest keys, scored only over the `pool` keys sharing the most character pairs with
        the query (so an unknown line stays cheap however many cards the game has)."""
        shared: dict[int, int] = {}
        grams = _grams(query)
        for gram in grams:
            for position in self._grams.get(gram, ()):
                shared[position] = shared.get(position, 0) + 1
        keys, counts = self._suggest_keys, self._gram_counts
        # Dice coefficient of the pair sets.
        best = heapq.nlargest(pool, shared, key=lambda p: 2 * shared[p] / (len(grams) + counts[p]))
        matcher = difflib.SequenceMatcher()
        matcher.set_seq2(query)
        scored = []
        for position in best:
            matcher.set_seq1(keys[position])
            ratio = matcher.ratio()
            if ratio >= cutoff:
                scored.append((-ratio, keys[position]))
        scored.sort()
        return [key for _, key in scored[:n]]

    def suggestions(self, text: str, limit: int = SUGGESTIONS) -> list[str]:
        """Up to `limit` real card names close to `text`: names, readings and aliases that contain it (or
        that it contains), then the closest by difflib, all compared in the search normal form."""
        query = normalise(text)
        if not query:
            return []
        hits: list[str] = []
        if len(query) >= 2:
            subs = [k for k in self._suggest_keys if (query in k) or (len(k) >= 2 and k in query)]
            subs.sort(key=lambda k: (abs(len(k) - len(query)), k))
            hits.extend(subs[: limit * 2])
        hits.extend(self._close(query, limit * 2))
        out: dict[str, None] = {}
        for key in hits:
            for name in self._suggest[key]:
                out[name] = None
                if len(out) >= limit:
                    return list(out)
        return list(out)


# -- parse results -------------------------------------------------------------------


@dataclass(frozen=True)
class LineError:
    line: int  # 1-based
    code: str
    template: str  # English, with {named} params
    params: dict = field(default_factory=dict)
    text: str = ""  # the line as written
    suggestions: list[str] = field(default_factory=list)

    @property
    def message(self) -> str:
        return self.template.format(**self.params)

    def as_dict(self) -> dict:
        return {
            "line": self.line,
            "code": self.code,
            "message": self.message,
            "params": dict(self.params),
            "text": self.text,
            "suggestions": list(self.suggestions),
        }


@dataclass(frozen=True)
class ParsedLine:
    """How one line was read (for highlighting the text as the user types)."""

    line: int  # 1-based
    text: str  # as written
    kind: str  # blank, comment, header, card, error
    section: str | None = None  # the section the line opens (header) or adds to (card)
    card_id: object = None
    count: int | None = None
    name: str = ""  # the name as written on the line (NFKC form)


@dataclass
class ParseResult:
    deck: DeckData
    errors: list[LineError]
    lines: list[ParsedLine]

    @property
    def ok(self) -> bool:
        return not self.errors


# -- reading lines -------------------------------------------------------------------

_COMMENT_START = re.compile(r"^(?:#|//)")
_TRAILING_COMMENT = re.compile(r"\s+(?:#|//).*$")
_NUMBER = r"([-−]?\d{1,6})"  # longer numbers are no count (and int() of thousands of digits fails)
_SPACES = re.compile(r"\s+")
_TIMES = r"[x×✕]"
# Card line readings, most likely first; each yields (count, name).
_COUNT_FORMS = (
    re.compile(rf"^{_NUMBER}\s*(?:{_TIMES}|枚)\s*(.+)$", re.IGNORECASE),  # 4x Name, 4 x Name, 4枚 名前
    re.compile(rf"^{_NUMBER}\s+(.+)$"),  # 4 Name
    re.compile(rf"^{_TIMES}\s*{_NUMBER}\s+(.+)$", re.IGNORECASE),  # x4 Name
)
_COUNT_AFTER = (
    re.compile(rf"^(.+?)\s*{_TIMES}\s*{_NUMBER}\s*枚?$", re.IGNORECASE),  # Name x4, Name ×4
    re.compile(rf"^(.+?)\s+{_NUMBER}\s*枚$"),  # 名前 4枚
)
_PRINTING = re.compile(r"^(.+?)\s*\[\s*([^\[\]]+?)\s*\]$")  # Name [K-012]
_HEADER = re.compile(
    r"^(?P<label>.+?)\s*(?P<c1>:)?\s*"
    r"(?:\(\s*\d+\s*(?:枚|cards?)?\s*\)|\d+\s*(?:枚|cards?))?\s*(?P<c2>:)?$",
    re.IGNORECASE,
)
_HEADER_MARKS = re.compile(r"^[■□●○◆◇★☆=*\-\s]+|^[【\[<《『「]\s*|\s*[】\]>》』」]$")
# Header words of decklists from other tools, never a section here.
_FOREIGN_HEADERS = (
    "sideboard",
    "side",
    "side deck",
    "サイド",
    "サイドボード",
    "サイドデッキ",
    "maybeboard",
    "extra",
    "extra deck",
    "エクストラ",
    "エクストラデッキ",
    "token",
    "tokens",
    "トークン",
)


def _header_label(text: str) -> tuple[str, bool] | None:
    """'Skill deck (50)' -> ('skill deck', False); 'メイン:' -> ('めいん', True); the label in normal form
    and whether it ended in a colon."""
    m = _HEADER.match(text)
    if not m:
        return None
    label = m.group("label")
    previous = None
    while previous != label:
        previous = label
        label = _HEADER_MARKS.sub("", label)
    return normalise(label), bool(m.group("c1") or m.group("c2"))


def _section_words(regulation: Regulation) -> dict[str, str]:
    words: dict[str, str] = {}
    for section in regulation.sections:
        for word in (section.key, section.ja, section.en, *section.headers):
            words.setdefault(normalise(word), section.key)
    return words


_OTHER_SECTION_WORDS: set[str] | None = None


def _other_section_words() -> set[str]:
    """Every section word of every game's regulations, and other tools' header words."""
    global _OTHER_SECTION_WORDS
    if _OTHER_SECTION_WORDS is None:
        from .games import GAMES  # the registry; imported late to keep this module light

        words = {normalise(w) for w in _FOREIGN_HEADERS}
        for game in GAMES.values():
            for regulation in game.regulations:
                words.update(_section_words(regulation))
        _OTHER_SECTION_WORDS = words
    return _OTHER_SECTION_WORDS


def _readings(text: str) -> tuple[list[tuple[str, str]], bool]:
    """Every way to read a card line as (count as written, name), most likely first, a bare name last;
    and whether the line starts with a count (then it is never a header)."""
    out = []
    for pattern in _COUNT_FORMS:
        m = pattern.match(text)
        if m:
            out.append((m.group(1), m.group(2).strip()))
    counted = bool(out)
    for pattern in _COUNT_AFTER:
        m = pattern.match(text)
        if m:
            out.append((m.group(2), m.group(1).strip()))
    out.append(("1", text))
    return out, counted


def _resolve(index: CardIndex, name: str) -> tuple[Lookup, str | None]:
    """Resolve a name that may end in ' [number]'. Returns the lookup and the number named (or None); a
    number that is not a printing of the name gives Lookup(None, (name,)) with the number."""
    found = index.lookup(name)
    if found.card_id is not None or found.names:
        return found, None
    m = _PRINTING.match(name)
    if not m:
        return NOT_FOUND, None
    base, number = m.group(1), m.group(2)
    found = index.lookup(base)
    if not found.names:
        return found, None
    # The number picks one printing, and settles an ambiguous name when only one of its names has it.
    wanted = normalise(number)
    matches = [
        card_id
        for card_name in found.names
        for card_id in index.printings(card_name)
        if normalise(index.cards[card_id].get("number")) == wanted
    ]
    if len({index.cards[i]["name"] for i in matches}) == 1:
        return Lookup(matches[0], (index.cards[matches[0]]["name"],)), number
    if found.card_id is None:
        return found, None
    return Lookup(None, found.names), number


def placement(card: Mapping, regulation: Regulation) -> str:
    """Where a card goes when no header precedes it (see the module doc)."""
    keys = regulation.section_keys
    own = (card.get("fields") or {}).get("deck")
    if isinstance(own, str) and own in keys:
        return own
    for section in regulation.sections:
        if not section.card_types or card.get("card_type") in section.card_types:
            return section.key
    return keys[0] if keys else "main"


def _section_list(regulation: Regulation) -> str:
    return ", ".join(f"{s.ja}/{s.en}" for s in regulation.sections)


def parse(text: str, regulation: Regulation, index: CardIndex) -> ParseResult:
    """Read a decklist. Returns the deck (only sections that received cards), every error, and how each
    line was read."""
    sections: dict[str, dict] = {}
    errors: list[LineError] = []
    lines: list[ParsedLine] = []
    words = _section_words(regulation)
    current: str | None = None  # None: before any header
    skipping = False  # under an unknown header

    def error(lineno, raw, code, suggestions=(), /, **params):
        params = {"line": lineno, **params}
        errors.append(LineError(lineno, code, TEMPLATES[code], params, raw, list(suggestions)))
        lines.append(ParsedLine(lineno, raw, ERROR, None if skipping else current, name=params.get("name", "")))

    for number, raw in enumerate((text or "").splitlines(), start=1):
        if len(raw) > MAX_LINE:
            error(number, raw[:MAX_LINE], LINE_TOO_LONG, max=MAX_LINE)
            continue
        body = _SPACES.sub(" ", unicodedata.normalize("NFKC", raw)).strip()
        if not body:
            lines.append(ParsedLine(number, raw, BLANK, current))
            continue
        if _COMMENT_START.match(body):
            lines.append(ParsedLine(number, raw, COMMENT, current))
            continue
        body = _TRAILING_COMMENT.sub("", body).strip()

        readings, counted = _readings(body)
        header = None if counted else _header_label(body)
        if header and header[0] in words:
            current, skipping = words[header[0]], False
            lines.append(ParsedLine(number, raw, HEADER, current))
            continue

        chosen = None
        for count_text, name in readings:
            found, printing = _resolve(index, name)
            if found.card_id is not None or found.names:
                chosen = (count_text, name, found, printing)
                break

        if chosen is None:
            if header and (header[1] or header[0] in _other_section_words()):
                skipping = True
                label = _HEADER.match(body).group("label")
                error(number, raw, UNKNOWN_SECTION, name=label, sections=_section_list(regulation))
                continue
            name = readings[0][1]
            m = _PRINTING.match(name)
            error(number, raw, UNKNOWN_CARD, index.suggestions(m.group(1) if m else name), name=name)
            continue

        count_text, name, found, printing = chosen
        if found.card_id is None and len(found.names) > 1:
            error(number, raw, AMBIGUOUS_CARD, found.names, name=name, candidates=" / ".join(found.names))
            continue
        if found.card_id is None:
            card_name = found.names[0]
            numbers = [index.cards[i].get("number") for i in index.printings(card_name)]
            error(
                number,
                raw,
                UNKNOWN_PRINTING,
                [n for n in numbers if n],
                name=card_name,
                number=printing,
            )
            continue
        count = int(count_text.replace("−", "-"))
        if count < 1 or count > MAX_COUNT:
            error(number, raw, BAD_COUNT, (), name=name, count=count, max=MAX_COUNT)
            continue
        card = index.cards[found.card_id]
        if skipping:
            lines.append(ParsedLine(number, raw, CARD, None, found.card_id, count, name))
            continue
        section = current if current is not None else placement(card, regulation)
        entries = sections.setdefault(section, {})
        entries[found.card_id] = entries.get(found.card_id, 0) + count
        lines.append(ParsedLine(number, raw, CARD, section, found.card_id, count, name))

    return ParseResult(DeckData(sections=sections), errors, lines)


# -- export --------------------------------------------------------------------------


def _entry_key(card: Mapping) -> tuple:
    cost = card.get("cost")
    return (cost is None, cost if cost is not None else 0, card["name"], default_key(card))


def export(deck: DeckData, index: CardIndex, regulation: Regulation, lang: str = "ja") -> str:
    """The deck as decklist text: a header per non-empty section (its label in `lang` and a colon), then
    `N name` per card ordered by cost (no cost last) and name, ` [number]` after a card that is not its
    name's default printing; a blank line between sections. Ids the index does not know are written as
    comments."""
    order: list[tuple[str, SectionRule | None]] = [(s.key, s) for s in regulation.sections]
    order += [(key, None) for key in deck.sections if regulation.section(key) is None]
    blocks = []
    for key, section in order:
        entries = {i: n for i, n in deck.sections.get(key, {}).items() if n}
        if not entries:
            continue
        label = section.label(lang) if section is not None else key
        out = [f"{label}:"]
        known = [i for i in entries if i in index.cards]
        for card_id in sorted(known, key=lambda i: _entry_key(index.cards[i])):
            card = index.cards[card_id]
            line = f"{entries[card_id]} {card['name']}"
            if not index.is_default(card_id) and card.get("number"):
                line += f" [{card['number']}]"
            out.append(line)
        out += [f"# ? {entries[i]} (card id {i})" for i in entries if i not in index.cards]
        blocks.append("\n".join(out))
    return "\n\n".join(blocks) + ("\n" if blocks else "")
