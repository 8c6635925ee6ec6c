"""Decklists as plain text: reading them as players write them (`parse`) and writing them (`export`).

No Django. A decklist is pasted from a deck-recipe post, X/Twitter, a wiki or a spreadsheet, or from
another tool; the reader takes it as it is:

    【春夏ビート】                      <- the title: skipped with a note
    作者：ねこ                          <- the author: skipped with a note
    ・メインデッキ(40枚)               <- a section header, with the count it claims
    〈場所札：26枚〉                    <- a category header: a comment (its count is checked too)
    《ねこやま》×4
    (ねこやま)                          <- the reading of the card above: skipped
    「鉄の風」×4 ※主力                 <- a trailing note
    1. 花火の河川敷*4
    肥川の大蛇 1
    仮想世界の外（2）
    人魚の活き血 [45]                  <- a named printing (a collector number only in [..] or #..)
    合計40枚                            <- a totals line: checked against what was read

The web shell builds one `CardIndex` per game from the game's card dicts and calls
`parse(text, regulation, index)` on every change (linear in the text; bench/decklist.py times a 100-line
list), and `export(deck, index, regulation, lang, style)` to write a deck back out.

What a line can be
------------------
- **Blank**, or a **comment**: `#` or `//` at the start (a `#` before a collector number, `#12`, is not),
  ` #` / ` //` later on the line, and notes after a name (`※…`, `←…`).
- **A card line**: a count and a name in any of the forms players use: `4 名前`, `4x 名前`, `4 x 名前`,
  `4×名前`, `4枚 名前`, `x4 名前`, `×4 名前`, `名前 x4`, `名前×4`, `名前*4`, `名前 * 4`, `名前 4枚`, `名前 4x`,
  `名前(4)`, `名前（4枚）`, `名前 4`, `名前：4`, `名前, 4`, a name alone (one copy); the name may sit in
  brackets `《》`, `「」`, `『』`, `【】`, `[]`, `〈〉`, with the count inside or outside (`《名前×4》`,
  `《名前》×4`, `×3 《名前》`, `- 《名前》3`). Full-width digits, letters and brackets, half-width kana and
  any spacing (the ideographic space too) are read alike: the line is NFKC-normalised first. A bullet or
  list mark at the start (`・`, `-`, `*`, `●`, `■`, `1.`, `①`) is dropped unless the name is spelt with it; a
  trailing note in parentheses (`（採用理由…）`, a reading) is dropped when the name without it is a card.
  When a line can be read several ways (`4 x Name` where a card is really called "x Name"), the first
  reading, in the order above, whose name is a card wins.
- A spreadsheet row (cells separated by tabs): the cell that names a card and the cell that is a count.
- **Names** are looked up in the search normal form (rules.text.normalise, so ﾈｺﾔﾏ, ネコヤマ and a card's
  reading find it) by name, then reading, then alias, then by the spellings the regulation's restricted
  list declares for its cards. A key that matches cards of different names is ambiguous. When nothing
  matches, a name close enough to one card (and to no other) is read as that card with a warning ("did you
  mean"); otherwise the line is not read and the closest names are suggested. A bare number is always a
  count: collector numbers are read only as `名前 [K-012]`, `名前 #12`, `[K-012]` or `#12`, and name one
  printing (without a number a name means its default printing).
- **A section header**: one of the regulation's section words (its key, ja and en labels and `headers`:
  each game declares them on its SectionRule) with any decoration players use: `メイン:`, `山札：`,
  `・メインデッキ(40枚)`, `デッキ（40）`, `メイン 40`, `【メインデッキ】`, `■スキル`, `〈天候デッキ：1枚〉`,
  `== Main ==`, `## メインデッキ`. A count on it is checked against the cards read under it (a mismatch is
  a warning).
- **A category header** (`場所札：26枚`, `道具札 10`, `モンスター(25)`: a card type of any game, a word such
  as モンスター or 魔法, or a label ending in 札/カード) is a comment; its count is checked like a header's.
- **A header this deck does not know** (`【おすすめ】`, `おまけ:`, another game's section word) is a
  warning; the cards under it are still read, each placed where it belongs by itself. Under a header for
  cards outside the deck (`サイドデッキ`, `Sideboard`, `不採用`, `採用候補`, `トークン`) the cards are read
  and left out, with a warning saying how many.
- **A totals line** (`合計40枚`, `計40`, `総数[60]`, `Total: 40`) is checked against the count read; a
  mismatch is a warning.
- **Skipped with a note**: the deck's title (a line before the first card that names nothing close to a
  card, or `デッキ名：…`), its author (`作者：…`, `by …`, `@…`), a date, a link, other details
  (`大会：…`, `結果：…`), a sentence, a spreadsheet's column headings. A line in parentheses under a card
  is its reading (skipped; when the line above named no card, the reading names it) or a note.

Cards before any header go to the section the card itself names in `fields["deck"]` (manacard), else the
first section whose `card_types` admits the card's type (vision: weather cards to the weather deck), else
the first section. The same card twice in a section adds up.

One unreadable line never stops the rest: the deck holds what was read; `errors` lists each line that was
not read (with its line number), `warnings` what was read but should be checked, `notes` what was skipped
on purpose. A shell that must not lose a line (saving a deck) refuses the text while `errors` is not empty.
Only a text that is hopeless as a decklist of this format stops the reader early: 50 lines in a row not
read, or 100 lines that name no card once they are as many as the lines read as cards, or 300 such lines in
all (GIVE_UP_*); the last error then says where it stopped and how many lines after it were not read.

Default printing
----------------
Several cards (ids) may share a name: reprints. The default printing of a name is the one with the lowest
`(number or "~", id)`: the lowest collector number as text, cards without a number after every numbered one
("~" sorts after ASCII letters and digits), ties broken by the lowest id. `export` writes ` [number]` only
for a card that is not its name's default printing, so export -> parse gives the same deck. (A non-default
printing without a number cannot be named in text; it reads back as the default printing.)

Messages
--------
`LineError.code` is stable; `template` is English with {named} params (translated by the web shell); the
`level` says whether the line was not read (error), read with a doubt (warning) or skipped (note).
"""

from __future__ import annotations

import bisect
import difflib
import heapq
import re
import unicodedata
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import lru_cache

from .deckdata import DeckData
from .declare.regulation import Regulation, SectionRule
from .text import normalise


def _(message: str) -> str:
    """Marks a message template for translation (extracted by makemessages); the shell translates it."""
    return message


# Levels of a line message.
ERROR, WARNING, NOTE = "error", "warning", "note"

# Codes: lines not read (errors).
UNKNOWN_CARD = "unknown_card"
AMBIGUOUS_CARD = "ambiguous_card"
UNKNOWN_PRINTING = "unknown_printing"
BAD_COUNT = "bad_count"
LINE_TOO_LONG = "line_too_long"
READING_STOPPED = "reading_stopped"
# Lines read with something to check (warnings).
UNKNOWN_SECTION = "unknown_section"
OUTSIDE_DECK = "outside_deck"
CLOSEST_CARD = "closest_card"
NAMED_BY_READING = "named_by_reading"
TOTAL_MISMATCH = "total_mismatch"
HEADER_COUNT = "header_count"
# Lines skipped on purpose (notes).
TITLE = "title"
AUTHOR = "author"
DATE = "date"
DETAILS = "details"
LINK = "link"
SENTENCE = "sentence"
COLUMNS = "columns"
ASIDE = "aside"

TEMPLATES = {
    UNKNOWN_CARD: _('Line {line}: no card is called "{name}".'),
    AMBIGUOUS_CARD: _('Line {line}: "{name}" could be any of {candidates}; write the full name.'),
    UNKNOWN_PRINTING: _('Line {line}: "{name}" has no printing numbered [{number}].'),
    BAD_COUNT: _("Line {line}: {count} is not a number of copies (1 to {max})."),
    LINE_TOO_LONG: _("Line {line}: longer than {max} characters."),
    READING_STOPPED: _(
        "Line {line}: reading stopped here: {unread} lines so far name no card of this format, so this does not "
        "look like one of its decklists; the {rest} lines after it were not read."
    ),
    UNKNOWN_SECTION: _(
        'Line {line}: "{name}" is not a section of this deck (sections: {sections}); the cards under it are '
        "counted where each card belongs."
    ),
    OUTSIDE_DECK: _('Line {line}: the cards under "{name}" are not part of the deck; {count} left out.'),
    CLOSEST_CARD: _('Line {line}: no card is called "{name}"; read as "{card}".'),
    NAMED_BY_READING: _('Line {line}: "{name}" was read as "{card}" by the reading on line {reading_line}.'),
    TOTAL_MISMATCH: _("Line {line}: the list gives a total of {written}; the cards read come to {counted}."),
    HEADER_COUNT: _('Line {line}: the header "{name}" counts {written}; the cards read under it come to {counted}.'),
    TITLE: _("Line {line}: skipped as the deck's title."),
    AUTHOR: _("Line {line}: skipped as the deck's author."),
    DATE: _("Line {line}: skipped as a date."),
    DETAILS: _("Line {line}: skipped as a detail of the deck ({label})."),
    LINK: _("Line {line}: skipped as a link."),
    SENTENCE: _("Line {line}: skipped as a sentence, not a card."),
    COLUMNS: _("Line {line}: skipped as the column headings of a table."),
    ASIDE: _("Line {line}: skipped as a note in parentheses."),
}
LEVELS = {
    **dict.fromkeys((UNKNOWN_CARD, AMBIGUOUS_CARD, UNKNOWN_PRINTING, BAD_COUNT, LINE_TOO_LONG, READING_STOPPED), ERROR),
    **dict.fromkeys((UNKNOWN_SECTION, OUTSIDE_DECK, CLOSEST_CARD, NAMED_BY_READING, TOTAL_MISMATCH, HEADER_COUNT), WARNING),
    **dict.fromkeys((TITLE, AUTHOR, DATE, DETAILS, LINK, SENTENCE, COLUMNS, ASIDE), NOTE),
}
MAX_LINE = 300  # far beyond any card name; keeps the line patterns' work small
# Hopeless input: the reader stops (READING_STOPPED, an error) at the first of these, so a text of junk
# costs a few milliseconds however long it is. A line "names no card" when it was not read, was skipped
# with a note or is a header this deck does not know; blank lines, comments and known headers do not count.
GIVE_UP_RUN = 50  # lines not read in a row (a line read as a card starts the count again)
GIVE_UP_SHARE = 100  # lines naming no card, once they are as many as the lines read as cards
GIVE_UP_TOTAL = 300  # lines naming no card in all

MAX_COUNT = 999
SUGGESTIONS = 5
GUESS_RATIO = 0.8  # a name at least this close to one card (and clearly closer than to any other) reads as it

# Line kinds (ParsedLine.kind).
BLANK, COMMENT, HEADER, CARD, ERROR_LINE, SKIPPED = "blank", "comment", "header", "card", "error", "skipped"

# Export styles.
PLAIN, POST = "plain", "post"
STYLES = (PLAIN, POST)


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
        self._joined: str | None = None  # _related's view of the keys, made on first use
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
        """Resolve what a line calls a card: by name, reading, then alias (the first tier that knows the key
        decides). A name resolves to its default printing. Collector numbers are `by_number`'s."""
        return self.lookup_key(normalise(text), text)

    def lookup_key(self, key: str, text: str) -> Lookup:
        if not key:
            return NOT_FOUND
        for mapping in (self._by_name, self._by_reading, self._by_alias):
            names = mapping.get(key)
            if names:
                return self._one_of(tuple(names), text)
        return NOT_FOUND

    def by_number(self, number: str) -> Lookup:
        """The printing with this collector number (ambiguous when cards of several names share it)."""
        ids = self._by_number.get(normalise(number))
        if not ids:
            return NOT_FOUND
        names = tuple(dict.fromkeys(self.cards[i]["name"] for i in ids))
        if len(names) == 1:
            return Lookup(min(ids, key=lambda i: default_key(self.cards[i])), names)
        return Lookup(None, names)

    def _one_of(self, names: tuple[str, ...], text: str) -> Lookup:
        if len(names) > 1:
            # Different names with one normal form (e.g. "Fire" and "fire"): the exact spelling decides.
            exact = [n for n in names if unicodedata.normalize("NFKC", n) == text.strip()]
            if len(exact) != 1:
                return Lookup(None, names)
            names = (exact[0],)
        return Lookup(self.default_id(names[0]), names)

    def _close(self, query: str, n: int, pool: int = 40, cutoff: float = 0.5) -> list[tuple[float, str]]:
        """difflib's closest keys with their ratios, best first, scored only over the `pool` keys sharing the
        most character pairs with the query (so an unknown line stays cheap however many cards the game has)."""
        shared: dict[int, int] = {}
        grams = _grams(query)
        for gram in grams:
            for position in self._grams.get(gram, ()):
                shared[position] = shared.get(position, 0) + 1
        keys, counts = self._suggest_keys, self._gram_counts
        # Dice coefficient of the pair sets.
        best = heapq.nlargest(pool, shared, key=lambda p: 2 * shared[p] / (len(grams) + counts[p]))
        matcher = difflib.SequenceMatcher(autojunk=False)
        matcher.set_seq2(query)
        scored = []
        for position in best:
            matcher.set_seq1(keys[position])
            # The quick upper bounds first, as difflib.get_close_matches does.
            if matcher.real_quick_ratio() >= cutoff and matcher.quick_ratio() >= cutoff:
                ratio = matcher.ratio()
                if ratio >= cutoff:
                    scored.append((-ratio, keys[position]))
        scored.sort()
        return [(-ratio, key) for ratio, key in scored[:n]]

    def _related(self, query: str) -> list[str]:
        """The suggestion keys that contain `query` or (two characters or more) are contained in it: one scan
        of all the keys joined in one string, and a look-up of each piece of the query, instead of a
        comparison with every key (a line naming no card stays cheap in a game of thousands of cards)."""
        if self._joined is None:
            keys = self._suggest_keys
            self._joined = "\0".join(keys) + "\0"
            self._starts, position = [], 0
            for key in keys:
                self._starts.append(position)
                position += len(key) + 1
            self._positions = {key: i for i, key in enumerate(keys) if len(key) >= 2}
            self._longest = max(map(len, keys), default=0)
        if "\0" in query:
            return [k for k in self._suggest_keys if (query in k) or (len(k) >= 2 and k in query)]
        keys, joined, starts = self._suggest_keys, self._joined, self._starts
        found: set[int] = set()
        at = joined.find(query)
        while at >= 0:
            position = bisect.bisect_right(starts, at) - 1
            found.add(position)
            at = joined.find(query, starts[position] + len(keys[position]) + 1)  # from the next key on
        for size in range(2, min(len(query), self._longest) + 1):
            for start in range(len(query) - size + 1):
                position = self._positions.get(query[start : start + size])
                if position is not None:
                    found.add(position)
        return [keys[position] for position in found]

    def closest(self, text: str, ratio: float = GUESS_RATIO) -> str | None:
        """The one card name `text` is a near miss of: its normal form at least `ratio` close to that name's
        (or reading's, or alias's), and clearly closer than to any other name; None otherwise."""
        query = normalise(text)
        if len(query.replace(" ", "")) < 3:
            return None
        scored = self._close(query, 6, cutoff=ratio - 0.1)
        if not scored or scored[0][0] < ratio:
            return None
        best_ratio, best_key = scored[0]
        best_names = self._suggest[best_key]
        if len(best_names) != 1:
            return None
        (name,) = best_names
        for other_ratio, key in scored[1:]:
            if other_ratio >= best_ratio - 0.05 and set(self._suggest[key]) != {name}:
                return None
        return name

    def suggestions(self, text: str, limit: int = SUGGESTIONS) -> list[str]:
        """Up to `limit` real card names close to `text`: names, readings and aliases that contain it (or
        that it contains), then the closest by difflib, all compared in the search normal form."""
        query = normalise(text)
        if not query:
            return []
        hits: list[str] = []
        if len(query) >= 2:
            subs = self._related(query)
            subs.sort(key=lambda k: (abs(len(k) - len(query)), k))
            hits.extend(subs[: limit * 2])
        hits.extend(key for _ratio, key in self._close(query, limit * 2))
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
    """A message about one line: not read (error), read with a doubt (warning) or skipped (note)."""

    line: int  # 1-based
    code: str
    template: str  # English, with {named} params
    params: dict = field(default_factory=dict)
    text: str = ""  # the line as written
    suggestions: list[str] = field(default_factory=list)

    @property
    def level(self) -> str:
        return LEVELS.get(self.code, ERROR)

    @property
    def message(self) -> str:
        return self.template.format(**self.params)

    def as_dict(self) -> dict:
        return {
            "line": self.line,
            "code": self.code,
            "level": self.level,
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
    kind: str  # blank, comment, header, card, error, skipped
    section: str | None = None  # the section the line opens (header) or adds to (card)
    card_id: object = None
    count: int | None = None
    name: str = ""  # the name as written on the line (NFKC form)


@dataclass
class ParseResult:
    deck: DeckData
    errors: list[LineError]  # lines not read
    lines: list[ParsedLine]
    warnings: list[LineError] = field(default_factory=list)  # lines read, with something to check
    notes: list[LineError] = field(default_factory=list)  # lines skipped on purpose

    @property
    def ok(self) -> bool:
        return not self.errors

    @property
    def messages(self) -> list[LineError]:
        """Every message in line order."""
        return sorted([*self.errors, *self.warnings, *self.notes], key=lambda m: m.line)


# -- the words of a regulation ---------------------------------------------------------------

# Header words of decklists for cards that are not part of the deck.
_OUTSIDE_WORDS = (
    "sideboard", "side", "side deck", "side board", "maybeboard", "maybe", "considering", "tokens", "token",
    "extra", "extra deck",
    "サイド", "サイドボード", "サイドデッキ", "不採用", "不採用カード", "採用候補", "候補", "候補カード", "検討中",
    "抜いたカード", "トークン", "エクストラ", "エクストラデッキ",
)  # fmt: skip
# Words of a totals line.
_TOTAL_WORDS = (
    "合計", "計", "総数", "総計", "総枚数", "合計枚数", "デッキ枚数", "枚数", "全", "total", "totals", "sum",
    "total cards",
)  # fmt: skip
# Category words besides every game's card types: what deck posts of many games group cards under.
_CATEGORY_WORDS = (
    "モンスター", "魔法", "罠", "魔法・罠", "キャラ", "キャラクター", "スペル", "ユニット", "アイテム", "装備",
    "イベント", "フィールド", "場所", "怪異", "道具", "季節", "呪文", "クリーチャー", "土地", "その他", "そのほか",
    "メイン採用", "採用", "採用カード", "主要カード", "初動", "ギミック", "出張", "汎用", "汎用カード",
    "monster", "monsters", "spell", "spells", "trap", "traps", "creature", "creatures", "land", "lands",
    "item", "items", "character", "characters", "unit", "units", "event", "events", "other", "others",
)  # fmt: skip
_CATEGORY_SUFFIXES = ("札", normalise("カード"), "cards", "card")
# "label: value" lines about the deck, by what they say.
_DETAIL_LABELS = {
    TITLE: ("デッキ名", "デッキタイトル", "タイトル", "レシピ名", "deck", "deck name", "title", "name", "名前"),
    AUTHOR: (
        "作者", "作成者", "制作者", "製作者", "構築者", "投稿者", "使用者", "プレイヤー", "プレイヤー名", "author",
        "by", "player", "builder", "pilot",
    ),
    DATE: ("日付", "作成日", "更新日", "更新", "投稿日", "使用日", "大会日", "date", "updated", "created"),
    DETAILS: (
        "大会", "大会名", "イベント名", "結果", "戦績", "成績", "順位", "環境", "レギュレーション", "フォーマット",
        "コンセプト", "デッキタイプ", "アーキタイプ", "出典", "引用", "参考", "event", "tournament", "result",
        "record", "format", "regulation", "archetype", "source", "place", "rank",
    ),
}  # fmt: skip
_TITLE_WORDS = tuple(normalise(w) for w in ("デッキ", "レシピ", "構築", "deck", "recipe", "list", "リスト"))
_COLUMN_WORDS = {
    normalise(w)
    for w in ("no", "no.", "番号", "カード名", "名前", "枚数", "数", "name", "card", "count", "qty", "quantity",
              "number", "type", "種類", "コスト", "cost", "レアリティ", "rarity")
}  # fmt: skip


class _Words:
    """What a regulation's decklists call things, in the search normal form."""

    def __init__(self, sections: tuple[SectionRule, ...], spellings: tuple[tuple[str, tuple[str, ...]], ...]):
        self.sections: dict[str, str] = {}
        for section in sections:
            for word in (section.key, section.ja, section.en, *section.headers):
                self.sections.setdefault(normalise(word), section.key)
        self.section_list = ", ".join(f"{s.ja}/{s.en}" for s in sections)
        # Normalised spelling -> every spelling of its restricted-list entry.
        self.spellings: dict[str, tuple[str, ...]] = {}
        for names in (names for _entry, names in spellings):
            for name in names:
                self.spellings.setdefault(normalise(name), names)
        other = _registry_words()
        self.foreign = other["sections"] - self.sections.keys()
        generic = {normalise(w + suffix) for w in _CATEGORY_WORDS for suffix in ("", "カード", "札")}
        self.categories = (other["categories"] | generic) - self.sections.keys()


@lru_cache(maxsize=64)
def _words(sections, spellings) -> _Words:
    return _Words(sections, spellings)


def _regulation_words(regulation: Regulation) -> _Words:
    spellings = tuple((entry, regulation.spellings_of(entry)) for entry in regulation.spellings)
    return _words(regulation.sections, spellings)


_REGISTRY_WORDS: dict | None = None


def _registry_words() -> dict:
    """Every game's section words and card types (normalised), from the registry's declarations."""
    global _REGISTRY_WORDS
    if _REGISTRY_WORDS is None:
        from .declare import GAMES  # the registry; imported late to keep this module light

        sections = {normalise(w) for w in _OUTSIDE_WORDS}
        categories = set()
        for game in GAMES.values():
            for regulation in game.regulations:
                for section in regulation.sections:
                    sections.update(normalise(w) for w in (section.key, section.ja, section.en, *section.headers))
            for card_type in game.card_types:
                for word in (card_type.code, card_type.ja, card_type.en):
                    categories.add(normalise(word))
                    if word.isascii():
                        categories.add(normalise(word + "s"))
        _REGISTRY_WORDS = {"sections": sections, "categories": categories}
    return _REGISTRY_WORDS


def _normal_set(words) -> frozenset:
    return frozenset(normalise(w) for w in words)


_OUTSIDE = _normal_set(_OUTSIDE_WORDS)
_TOTALS = _normal_set(_TOTAL_WORDS)
_DETAILS = {normalise(word): kind for kind, words in _DETAIL_LABELS.items() for word in words}


# -- reading one line ------------------------------------------------------------------

_CIRCLED = {chr(0x2460 + i): f"{i + 1}." for i in range(20)}  # ① .. ⑳ are list numbers, never counts
_PRE_CHARS = re.compile("[\u2460-\u2473\u200b-\u200d\u2060\ufeff]")
_PRE = str.maketrans({**_CIRCLED, "\u200b": None, "\u200c": None, "\u200d": None, "\u2060": None, "\ufeff": None})
_NUMBER_TOKEN = r"[A-Za-z]{0,5}-?\d[\w-]*"  # what may follow a # as a collector number
_COMMENT_START = re.compile(rf"^(?://|#(?!{_NUMBER_TOKEN}(?:\s|$)))")
_TRAILING_COMMENT = re.compile(rf"\s(?://|#(?!{_NUMBER_TOKEN}(?:\s|$))).*$")
_NOTE_MARKS = re.compile(r"\s*(?:※|←|<-|⇐|⇦|⬅).*$")
_NOTE_CHARS = re.compile("※|←|<-|⇐|⇦|⬅")
_LIST_MARK = re.compile(
    r"^(?:[・●○◎■□◆◇★☆▪▫▸►▶▷•‣>〇♦♢]|[-*+](?!\d)|\d{1,3}[.)、](?![\d)])|\(\d{1,3}\)(?=\s*\D))\s*"
)
_X = r"[x×✕✖*]"
_N = r"(-?\d+)"  # any length: a line holds at most MAX_LINE characters, so int() never sees thousands of digits
_UNIT = r"(?:枚|cards?|copies)"
# Card line readings without brackets, most likely first; each yields (count, name).
_LEAD = (
    re.compile(rf"^{_N}\s*(?:{_X}|{_UNIT})\s*(.+)$", re.IGNORECASE),  # 4x Name, 4 x Name, 4枚 名前, 4*名前
    re.compile(rf"^{_X}\s*{_N}\s*枚?\s*(\D.*)$", re.IGNORECASE),  # x4 Name, ×3 名前
    re.compile(rf"^{_N}\s+(.+)$"),  # 4 Name
    re.compile(rf"^{_N}\s*,\s*(.+)$"),  # 4, Name (a CSV row)
)
_TRAIL = (
    re.compile(rf"^(.+?)\s*{_X}\s*{_N}\s*枚?$", re.IGNORECASE),  # Name x4, 名前×4, 名前*4, 名前 * 4
    re.compile(rf"^(.+?)\s*{_N}\s*(?:{_UNIT}|[x×✕✖])$", re.IGNORECASE),  # 名前 4枚, 名前4枚, Name 4x
    re.compile(rf"^(.+?)\s*\(\s*{_X}?\s*{_N}\s*枚?\s*\)$", re.IGNORECASE),  # 名前(4), 名前（4枚）
    re.compile(rf"^(.+?)\s*[:/]\s*{_N}\s*枚?$"),  # 名前：4, 名前 / 4
    re.compile(rf"^(.+?)\s*,\s*{_N}$"),  # Name, 4 (a CSV row)
    re.compile(rf"^(.+?)\s+{_N}$"),  # 名前 4
)
_GLUED = (
    re.compile(r"^(.*\D)(\d{1,2})$"),  # 名前4 (when 名前4 is no card)
    re.compile(r"^(\d{1,2})(\D.*)$"),  # 4名前
)
_PRINTING = re.compile(rf"^(.*?)\s*(?:\[\s*([^\[\]]+?)\s*\]|#({_NUMBER_TOKEN}))$")  # Name [K-012], Name #12
_ASIDE = re.compile(r"^(.+?)\s*\([^()]*\)$")  # 名前（採用理由…）, 名前(よみ)
_BRACKETS = {"《": "》", "≪": "≫", "「": "」", "『": "』", "【": "】", "[": "]", "〈": "〉", "〔": "〕", "<": ">"}
_LOOSE_BRACKETS = "《≪"  # after these a name may be followed by any note
_BRACKET_LEAD = re.compile(rf"^(?:{_X}\s*(\d{{1,6}})|(-?\d{{1,6}})\s*(?:{_X}|枚)?)?\s*(?=[《≪「『【\[〈〔<])", re.IGNORECASE)
_AFTER_TOKEN = re.compile(
    rf"\s*(?:{_X}\s*(?P<a>\d{{1,6}})\s*枚?|(?P<b>\d{{1,6}})\s*(?:{_UNIT}|[x×✕✖])?(?!\w)"
    rf"|\(\s*{_X}?\s*(?P<c>\d{{1,6}})\s*枚?\s*\)|[:/]\s*(?P<d>\d{{1,6}})\s*枚?"
    rf"|\[\s*(?P<num>[^\[\]]+?)\s*\]|#(?P<num2>{_NUMBER_TOKEN}))",
    re.IGNORECASE,
)
_KANA = re.compile(r"[\u3041-\u309f\u30a0-\u30ff・ー\s]+")
_COUNT_ONLY = re.compile(rf"(?:{_X}\s*)?\d{{1,6}}\s*(?:枚|{_X})?", re.IGNORECASE)
# Header lines.
_DECORATION = re.compile(r"[【】〈〉《》『』「」〔〕<>≪≫■□◆◇●○★☆▼▽▲△◎♦♢▪▸►▶▷]")
_COUNTED = re.compile(rf"^(?:-?\d{{1,6}}\s*(?:\s|{_X}|枚)|{_X}\s*\d)", re.IGNORECASE)  # 4 名前, 4x 名前, x4 名前
_TIMES_COUNT = re.compile(r"[x×✕✖*]\s*\d{1,6}\s*枚?\s*$", re.IGNORECASE)
_HEADER_FRAME = re.compile(r"^(?:[■□◆◇●○★☆・\-*\s]*[【〈<≪\[〔].*[】〉>≫\]〕]|=+.*=+|#+\s.*)")  # 【…】, == … ==, ## …
_HEADER_EDGES = re.compile(r"^[\s・\-=*#~]+|[\s=~]+$")
_HEADER = re.compile(
    r"^(?P<label>.*?[^\s:(\[\d])\s*(?P<colon>:)?\s*"
    r"(?:(?:全|計|合計)?\s*(?:\(\s*(?P<c1>\d{1,4})\s*(?:枚|cards?)?\s*\)|\[\s*(?P<c2>\d{1,4})\s*\]"
    r"|(?P<c3>\d{1,4})\s*(?:枚|cards?)?))?\s*(?P<colon2>:)?$",
    re.IGNORECASE,
)
_LABEL_ASIDE = re.compile(r"\s*\(([^()]+)\)\s*")  # メインデッキ(HP)
_TOTAL = re.compile(
    r"^(?P<label>[^\d:()\[\]]*?)\s*:?\s*[(\[]?\s*(?P<count>\d{1,4})\s*(?:枚|cards?)?\s*[)\]]?$", re.IGNORECASE
)
_DETAIL = re.compile(r"^(?P<label>[^:]{1,20}?)\s*:\s*(?P<value>.*)$")
_AUTHOR_LINE = re.compile(r"^(?:by\s+\S.*|@\w+.*)$", re.IGNORECASE)
_DATE = re.compile(
    r"^(?:(?:\d{4}|令和\d{1,2}|R\d{1,2}|平成\d{1,2}|H\d{1,2})\s*[./\-年]\s*\d{1,2}\s*[./\-月]\s*\d{1,2}\s*日?"
    r"|\d{1,2}\s*[/月]\s*\d{1,2}\s*日?)"
    r"(?:\s*\(.{1,3}\))?(?:\s*\S{0,8})?$"
)
_LINK = re.compile(r"^(?:https?://|www\.)\S*$", re.IGNORECASE)
_SENTENCE = re.compile(r"[。！？!?]\s*$|。")


def _clean(raw: str) -> str:
    if _PRE_CHARS.search(raw):
        raw = raw.translate(_PRE)
    return " ".join(unicodedata.normalize("NFKC", raw).split())


def _strip_notes(body: str) -> str:
    """The line without a trailing comment (` #…`, ` //…`) or note (`※…`, `←…`)."""
    if "#" in body or "/" in body:
        body = _TRAILING_COMMENT.sub("", body)
    if _NOTE_CHARS.search(body):
        body = _NOTE_MARKS.sub("", body)
    return body.strip()


def _strip_marks(body: str) -> str:
    for _ in range(2):
        m = _LIST_MARK.match(body)
        if m is None or m.end() == 0 or m.end() == len(body):
            break
        body = body[m.end() :]
    return body


def _unmarked(body: str) -> list[str]:
    """The line without its list marks, then with only the first one dropped (`1. ■■を探しています。`:
    the name starts with ■), then as written (a name spelt with what looks like a list mark)."""
    out = [_strip_marks(body)]
    m = _LIST_MARK.match(body)
    if m is not None and 0 < m.end() < len(body) and body[m.end() :] not in out:
        out.append(body[m.end() :])
    if body not in out:
        out.append(body)
    return out


def _close_bracket(text: str, start: int) -> int:
    """The index of the bracket closing the one at `start` (same kind, nesting counted), or -1."""
    opener = text[start]
    closer = _BRACKETS[opener]
    depth = 0
    for i in range(start, len(text)):
        ch = text[i]
        if ch == opener and opener != closer:
            depth += 1
        elif ch == closer:
            depth -= 1
            if depth == 0:
                return i
    return -1


@dataclass
class _Reading:
    """One way to read a card line."""

    count: str
    name: str
    number: str | None = None  # a collector number written on the line
    by_number: bool = False  # the name is a collector number (in [..] or after #)


def _bracket_reading(body: str) -> _Reading | None:
    """`《名前》×4`, `×3 《名前》`, `4 「名前」`, `【名前 4枚】`, `《名前》 [K-012]`, `《名前》×4 主力` …"""
    lead = _BRACKET_LEAD.match(body)
    if lead is None:
        return None
    start = lead.end()
    end = _close_bracket(body, start)
    if end < 0:
        return None
    inner = body[start + 1 : end].strip()
    if not inner:
        return None
    count = lead.group(1) or lead.group(2)
    number = None
    position = end + 1
    while position < len(body):
        token = _AFTER_TOKEN.match(body, position)
        if token is None or token.end() == position:
            break
        found = token.group("a") or token.group("b") or token.group("c") or token.group("d")
        if found is not None:
            count = found  # after the name: the count (a number before it was the list's)
        else:
            number = token.group("num") or token.group("num2")
        position = token.end()
    rest = body[position:].strip()
    if rest and body[start] not in _LOOSE_BRACKETS and not (body[position].isspace() or body[position] in "(※"):
        return None  # 「起き」の儀式: the bracket is part of the name
    if count is None:
        for pattern in _TRAIL[:3]:  # 《名前×4》
            m = pattern.match(inner)
            if m:
                count, inner = m.group(2), m.group(1).strip()
                break
    return _Reading(count or "1", inner, number, by_number=body[start] == "[")


def _readings(body: str) -> Iterator[_Reading]:
    """Every way to read a card line, most likely first (see the module doc)."""
    bracketed = _bracket_reading(body)
    if bracketed is not None:
        yield bracketed
    for index, pattern in enumerate(_LEAD):
        m = pattern.match(body)
        if m:
            count, rest = m.group(1), m.group(2).strip()
            if index == 2:  # 3 名前 ×4: a list number before the count
                for trail in _TRAIL[:3]:
                    inner = trail.match(rest)
                    if inner:
                        yield _Reading(inner.group(2), inner.group(1).strip())
            yield _Reading(count, rest)
    for pattern in _TRAIL:
        m = pattern.match(body)
        if m:
            yield _Reading(m.group(2), m.group(1).strip())
    yield _Reading("1", body)
    m = _GLUED[0].match(body)
    if m:
        yield _Reading(m.group(2), m.group(1).strip())
    m = _GLUED[1].match(body)
    if m:
        yield _Reading(m.group(1), m.group(2).strip())


@dataclass
class _Found:
    lookup: Lookup
    name: str  # the name part as written
    number: str | None = None  # the collector number asked for, when it names no printing of the name


class _LineReader:
    """Reads card names against one index and regulation."""

    def __init__(self, index: CardIndex, words: _Words):
        self.index = index
        self.words = words

    def name(self, text: str) -> Lookup:
        """A name as written: by name, reading, alias, then the restricted list's other spellings."""
        key = normalise(text)
        found = self.index.lookup_key(key, text)
        if found.card_id is None and not found.names and key in self.words.spellings:
            for spelling in self.words.spellings[key]:
                found = self.index.lookup(spelling)
                if found.card_id is not None:
                    break
        return found

    def resolve(self, reading: _Reading) -> _Found | None:
        """The card a reading names, or None when it names nothing (then the next reading is tried)."""
        name, number = reading.name, reading.number
        if not name:
            return None
        if reading.by_number:  # [K-012] alone: a name in square brackets first, else a number
            found = self.name(name)
            if found.names:
                return self._with_number(_Found(found, name), number)
            found = self.index.by_number(name)
            return _Found(found, name) if found.names else None
        found = self.name(name)
        if found.names:
            return self._with_number(_Found(found, name), number)
        m = _PRINTING.match(name)
        if m:
            base, written = m.group(1).strip(), m.group(2) or m.group(3)
            if not base:  # #12 or [12] alone
                found = self.index.by_number(written)
                return _Found(found, name) if found.names else None
            found = self.name(base)
            if found.names:
                return self._with_number(_Found(found, base), written)
            inner = _unbracket(base)
            if inner:
                found = self.name(inner)
                if found.names:
                    return self._with_number(_Found(found, inner), written)
            return None
        inner = _unbracket(name)
        if inner:
            found = self.name(inner)
            if found.names:
                return self._with_number(_Found(found, inner), number)
        m = _ASIDE.match(name)  # 名前（よみ）, 名前（採用理由…）
        if m:
            base = m.group(1).strip()
            found = self.name(base)
            if found.names:
                return self._with_number(_Found(found, base), number)
        return None

    def _with_number(self, found: _Found, number: str | None) -> _Found:
        """Pick the printing a collector number names (it may settle an ambiguous name)."""
        if number is None:
            return found
        index = self.index
        wanted = normalise(number)
        matches = [
            card_id
            for card_name in found.lookup.names
            for card_id in index.printings(card_name)
            if normalise(index.cards[card_id].get("number")) == wanted
        ]
        if len({index.cards[i]["name"] for i in matches}) == 1:
            return _Found(Lookup(matches[0], (index.cards[matches[0]]["name"],)), found.name)
        return _Found(Lookup(None, found.lookup.names), found.name, number)

    def card_line(self, body: str) -> tuple[_Reading, _Found] | None:
        for reading in _readings(body):
            found = self.resolve(reading)
            if found is not None:
                return reading, found
        m = _ASIDE.match(body)  # 名前 4枚（採用理由…）
        if m and not _COUNT_ONLY.fullmatch(body[len(m.group(1)) :].strip(" ()")):
            return self.card_line(m.group(1).strip())
        return None


def _in_parentheses(text: str) -> str | None:
    """What a line wholly in parentheses holds: `(ひかわのおろち)` -> ひかわのおろち."""
    if len(text) > 2 and text[0] == "(" and text[-1] == ")":
        depth = 0
        for i, ch in enumerate(text):
            depth += (ch == "(") - (ch == ")")
            if depth == 0:
                return text[1:-1].strip() if i == len(text) - 1 else None
    return None


def _unbracket(text: str) -> str | None:
    if len(text) > 2 and text[0] in _BRACKETS and _close_bracket(text, 0) == len(text) - 1:
        return text[1:-1].strip()
    return None


@dataclass
class _Header:
    label: str  # as written, decoration removed
    key: str  # normalised
    count: int | None
    colon: bool
    decorated: bool
    others: tuple[str, ...] = ()  # メインデッキ(HP): the label without its parentheses, and what they hold

    def section(self, words: _Words) -> str | None:
        """The section this header names, if any."""
        for key in (self.key, *self.others):
            if key in words.sections:
                return words.sections[key]
        return None


def _header(body: str) -> _Header | None:
    text = _HEADER_EDGES.sub("", _DECORATION.sub(" ", body)).strip()
    if not text or _COUNTED.match(text) or _TIMES_COUNT.search(text):  # 4 名前, 《名前》×4: a card line
        return None
    m = _HEADER.match(text)
    if not m:
        return None
    label = m.group("label").strip()
    count = m.group("c1") or m.group("c2") or m.group("c3")
    decorated = bool(_HEADER_FRAME.match(body))
    others: tuple[str, ...] = ()
    inner = _LABEL_ASIDE.search(label)
    if inner:
        others = (normalise(_LABEL_ASIDE.sub("", label)), normalise(inner.group(1)))
    colon = bool(m.group("colon") or m.group("colon2"))
    return _Header(label, normalise(label), int(count) if count else None, colon, decorated, others)


def _category(header: _Header, words: _Words) -> bool:
    """A category header: a card type or category word (モンスター, 魔法カード), or, when it looks like a
    header (a count, a colon, a frame), any label ending in 札 or カード; also several of them (場所札・道具札)."""
    key = header.key
    if key in words.categories:
        return True
    shaped = header.count is not None or header.colon or header.decorated
    parts = [p.strip() for p in re.split(r"[・/&、,]| and ", key) if p.strip()]
    return shaped and all(p in words.categories or p.endswith(_CATEGORY_SUFFIXES) for p in parts)


def _total(body: str) -> int | None:
    text = _DECORATION.sub(" ", body).strip().strip("()").strip()
    m = _TOTAL.match(text)
    if m and normalise(m.group("label")) in _TOTALS:
        return int(m.group("count"))
    return None


def _detail(body: str) -> tuple[str, str] | None:
    """(note code, label) of a line about the deck: `作者：ねこ`, `by ねこ`, a date, a link."""
    if _LINK.match(body):
        return LINK, ""
    if _DATE.match(body):
        return DATE, ""
    if _AUTHOR_LINE.match(body):
        return AUTHOR, ""
    m = _DETAIL.match(_DECORATION.sub("", body).strip())
    if m:
        kind = _DETAILS.get(normalise(m.group("label")))
        if kind is not None:
            return kind, m.group("label").strip()
    return None


def _columns(cells: list[str]) -> bool:
    return len(cells) >= 2 and sum(normalise(c) in _COLUMN_WORDS for c in cells) >= 2


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


# -- reading a whole list ----------------------------------------------------------------------------


@dataclass
class _Tally:
    """A header that claimed a count: the cards read under it."""

    line: int
    raw: str
    name: str
    written: int | None
    counted: int = 0
    outside: bool = False


class _Parser:
    def __init__(self, regulation: Regulation, index: CardIndex):
        self.regulation = regulation
        self.index = index
        self.words = _regulation_words(regulation)
        self.reader = _LineReader(index, self.words)
        self.sections: dict[str, dict] = {}
        self.errors: list[LineError] = []
        self.warnings: list[LineError] = []
        self.notes: list[LineError] = []
        self.lines: list[ParsedLine] = []
        self.current: str | None = None  # the section of the last known header; None: each card's own
        self.section_tally: _Tally | None = None
        self.category_tally: _Tally | None = None
        self.cards_read = 0  # copies added to the deck
        self.since_total = 0
        self.totals: list[tuple[int, str, int, int]] = []  # (line, raw, written, counted then) to check
        self.early_totals: list[tuple[int, str, int]] = []  # totals written before any card
        self.last_card: dict | None = None  # the last card line, for a reading line under it
        self.last_unknown: dict | None = None  # the last line that named no card, for a reading under it
        self.first_card_seen = False
        self.title_seen = False
        # Hopeless input (GIVE_UP_*): lines not read in a row, lines naming no card, lines read as cards.
        self.unread_run = self.idle = self.card_lines = 0
        # A list of junk repeats itself: the near-miss and suggestion searches are kept per name.
        self._closest: dict[str, str | None] = {}
        self._suggestions: dict[str, list[str]] = {}

    # -- messages

    def message(self, level_list, lineno, raw, code, suggestions=(), /, **params):
        message = LineError(lineno, code, TEMPLATES[code], {"line": lineno, **params}, raw, list(suggestions))
        level_list.append(message)
        return message

    def error(self, lineno, raw, code, suggestions=(), /, **params):
        message = self.message(self.errors, lineno, raw, code, suggestions, **params)
        self.lines.append(ParsedLine(lineno, raw, ERROR_LINE, self.current, name=str(params.get("name", ""))))
        return message

    def note(self, lineno, raw, code, /, **params):
        self.message(self.notes, lineno, raw, code, **params)
        self.lines.append(ParsedLine(lineno, raw, SKIPPED, self.current))

    # -- tallies

    def close_tally(self, tally: _Tally | None) -> None:
        if tally is None:
            return
        if tally.outside:
            self.message(self.warnings, tally.line, tally.raw, OUTSIDE_DECK, name=tally.name, count=tally.counted)
        elif tally.written is not None and tally.written != tally.counted:
            self.message(
                self.warnings, tally.line, tally.raw, HEADER_COUNT, name=tally.name, written=tally.written, counted=tally.counted
            )

    def close_blocks(self) -> None:
        self.close_tally(self.category_tally)
        self.close_tally(self.section_tally)
        self.category_tally = self.section_tally = None

    @property
    def outside(self) -> bool:
        return self.section_tally is not None and self.section_tally.outside

    # -- the lines

    def add(self, lineno, raw, card_id, count: int, name: str) -> ParsedLine:
        self.first_card_seen = True
        for tally in (self.section_tally, self.category_tally):
            if tally is not None:
                tally.counted += count
        if self.outside:
            parsed = ParsedLine(lineno, raw, CARD, None, card_id, count, name)
        else:
            card = self.index.cards[card_id]
            section = self.current if self.current is not None else placement(card, self.regulation)
            entries = self.sections.setdefault(section, {})
            entries[card_id] = entries.get(card_id, 0) + count
            self.cards_read += count
            self.since_total += count
            parsed = ParsedLine(lineno, raw, CARD, section, card_id, count, name)
        self.lines.append(parsed)
        self.last_card = {"line": lineno, "card_id": card_id, "count": count, "parsed": len(self.lines) - 1}
        return parsed

    def unadd(self, position: int) -> None:
        """Take a card line back out of the deck (a reading line below named another card)."""
        parsed = self.lines[position]
        if parsed.section is not None:
            entries = self.sections[parsed.section]
            entries[parsed.card_id] -= parsed.count
            if entries[parsed.card_id] <= 0:
                del entries[parsed.card_id]
            self.cards_read -= parsed.count
            self.since_total -= parsed.count
        for tally in (self.section_tally, self.category_tally):
            if tally is not None:
                tally.counted -= parsed.count

    def read(self, text: str) -> ParseResult:
        rows = (text or "").splitlines()
        for lineno, raw in enumerate(rows, start=1):
            last_card, last_unknown = self.last_card, self.last_unknown
            self.last_card = self.last_unknown = None
            notes = len(self.notes)
            kind = self.line(lineno, raw, last_card, last_unknown)
            if kind in (BLANK, COMMENT):  # a blank line or a comment keeps what a reading line may refer to
                self.last_card, self.last_unknown = self.last_card or last_card, self.last_unknown or last_unknown
            if self.hopeless(kind, len(self.notes) > notes):
                rest = len(rows) - lineno
                if rest and any(row.strip() for row in rows[lineno:]):  # stops at the first line that is not blank
                    self.message(self.errors, lineno, "", READING_STOPPED, unread=self.idle, rest=rest)
                    break
        self.close_blocks()
        for lineno, raw, written, counted in self.totals:
            if written not in (counted, self.cards_read):
                self.message(self.warnings, lineno, raw, TOTAL_MISMATCH, written=written, counted=counted)
        for lineno, raw, written in self.early_totals:
            if written != self.cards_read:
                self.message(self.warnings, lineno, raw, TOTAL_MISMATCH, written=written, counted=self.cards_read)
        self.warnings.sort(key=lambda m: m.line)
        sections = {key: entries for key, entries in self.sections.items() if entries}
        return ParseResult(DeckData(sections=sections), self.errors, self.lines, self.warnings, self.notes)

    def hopeless(self, kind: str, noted: bool) -> bool:
        """Count the line just read; whether the text is hopeless as a decklist (GIVE_UP_*)."""
        if kind == CARD:
            self.card_lines += 1
            self.unread_run = 0
            return False
        if kind == ERROR_LINE:
            self.unread_run += 1
            self.idle += 1
        elif noted or (kind == HEADER and self.current is None and not self.outside):
            self.idle += 1
        else:
            return False
        return (
            self.unread_run >= GIVE_UP_RUN
            or (self.idle >= GIVE_UP_SHARE and self.idle >= self.card_lines)
            or self.idle >= GIVE_UP_TOTAL
        )

    def closest(self, name: str) -> str | None:
        if name not in self._closest:
            self._closest[name] = self.index.closest(name)
        return self._closest[name]

    def suggestions(self, name: str) -> list[str]:
        if name not in self._suggestions:
            self._suggestions[name] = self.index.suggestions(name)
        return list(self._suggestions[name])

    def line(self, lineno: int, raw: str, last_card, last_unknown) -> str:
        if len(raw) > MAX_LINE:
            self.error(lineno, raw[:MAX_LINE], LINE_TOO_LONG, max=MAX_LINE)
            return ERROR_LINE
        if "\t" in raw:
            cells = [c for c in (_clean(c) for c in raw.split("\t")) if c]
            if len(cells) >= 2:
                done = self.row(lineno, raw, cells)
                if done:
                    return done
        body = _clean(raw)
        if not body:
            self.lines.append(ParsedLine(lineno, raw, BLANK, self.current))
            return BLANK
        if _COMMENT_START.match(body):
            header = _header(body.lstrip("#/ "))
            if header is not None and header.section(self.words):  # ## メインデッキ
                return self.section(lineno, raw, header)
            self.lines.append(ParsedLine(lineno, raw, COMMENT, self.current))
            return COMMENT
        body = _strip_notes(body)
        if not body:
            self.lines.append(ParsedLine(lineno, raw, COMMENT, self.current))
            return COMMENT

        # A line in parentheses: the reading of the card above, or a note.
        aside = _in_parentheses(body)
        if aside and not _COUNT_ONLY.fullmatch(aside):
            return self.aside(lineno, raw, aside, last_card, last_unknown)

        # A header the way an exporter writes one (`■メイン（40枚）`, `【メイン】`) is a header even when a card
        # shares the section's name: such a card is written in 《》 (`《メイン》×1`), which is read as a card.
        header = _header(body)
        if header is not None and (header.decorated or body.startswith("■")) and "《" not in body:
            if header.section(self.words):
                return self.section(lineno, raw, header)
        candidates = _unmarked(body)
        marked = candidates[0]
        for candidate in candidates:
            read = self.reader.card_line(candidate)
            if read is not None:
                return self.card(lineno, raw, *read)
        if header is not None and header.section(self.words):
            return self.section(lineno, raw, header)
        return self.unread(lineno, raw, body, marked, header)

    def row(self, lineno: int, raw: str, cells: list[str]) -> str | None:
        """A spreadsheet row: one cell names a card, another is its count."""
        if _columns(cells):
            self.note(lineno, raw, COLUMNS)
            return SKIPPED
        counts = [c for c in cells if re.fullmatch(rf"(?:{_X}\s*)?\d{{1,6}}\s*(?:枚|{_X})?", c, re.IGNORECASE)]
        for cell in cells:
            if cell in counts:
                continue
            read = self.reader.card_line(_strip_marks(cell))
            if read is None:
                continue
            reading, found = read
            others = [c for c in counts if c is not cell]
            if others and reading.count == "1" and not re.search(r"\d", cell):
                reading = _Reading(re.search(r"\d{1,6}", others[-1]).group(0), reading.name, reading.number)
            return self.card(lineno, raw, reading, found)
        return None

    def section(self, lineno: int, raw: str, header: _Header) -> str:
        self.close_blocks()
        self.current = header.section(self.words)
        self.section_tally = _Tally(lineno, raw, header.label, header.count)
        self.lines.append(ParsedLine(lineno, raw, HEADER, self.current))
        return HEADER

    def card(self, lineno: int, raw: str, reading: _Reading, found: _Found, guessed: bool = False) -> str:
        lookup = found.lookup
        name = found.name
        if lookup.card_id is None and len(lookup.names) > 1:
            self.error(lineno, raw, AMBIGUOUS_CARD, lookup.names, name=name, candidates=" / ".join(lookup.names))
            return ERROR_LINE
        if lookup.card_id is None:
            card_name = lookup.names[0]
            numbers = [self.index.cards[i].get("number") for i in self.index.printings(card_name)]
            self.error(lineno, raw, UNKNOWN_PRINTING, [n for n in numbers if n], name=card_name, number=found.number)
            return ERROR_LINE
        count = int(reading.count)
        if count < 1 or count > MAX_COUNT:
            self.error(lineno, raw, BAD_COUNT, (), name=name, count=count, max=MAX_COUNT)
            return ERROR_LINE
        self.add(lineno, raw, lookup.card_id, count, name)
        return CARD

    def aside(self, lineno: int, raw: str, inner: str, last_card, last_unknown) -> str:
        """`(ひかわのおろち)` under a card: its reading (skipped), or the name of the line above when that
        line named no card; anything else in parentheses is a note."""
        if last_unknown is not None and 1 <= last_unknown["count"] <= MAX_COUNT:
            found = self.reader.name(inner)
            if found.card_id is not None:
                self.errors.remove(last_unknown["error"])
                self.add(last_unknown["line"], last_unknown["raw"], found.card_id, last_unknown["count"], last_unknown["name"])
                self.lines[last_unknown["parsed"]] = self.lines.pop()  # the card line stays where it was written
                self.message(
                    self.warnings, last_unknown["line"], last_unknown["raw"], NAMED_BY_READING,
                    name=last_unknown["name"], card=self.index.cards[found.card_id]["name"], reading_line=lineno,
                )  # fmt: skip
                self.lines.append(ParsedLine(lineno, raw, SKIPPED, self.current, found.card_id))
                self.last_card = None
                return SKIPPED
        if last_card is not None:
            card = self.index.cards[last_card["card_id"]]
            guess = last_card.get("guessed")
            found = self.reader.name(inner) if guess is not None else NOT_FOUND
            if found.card_id is not None and found.card_id != last_card["card_id"]:
                # The line above was a guess; its reading names another card: that one it is.
                self.unadd(last_card["parsed"])
                self.warnings.remove(guess["warning"])
                previous = self.lines[last_card["parsed"]]
                self.message(
                    self.warnings, previous.line, previous.text, NAMED_BY_READING,
                    name=previous.name, card=self.index.cards[found.card_id]["name"], reading_line=lineno,
                )  # fmt: skip
                self.add(previous.line, previous.text, found.card_id, previous.count, previous.name)
                self.lines[last_card["parsed"]] = self.lines.pop()
                self.lines.append(ParsedLine(lineno, raw, SKIPPED, self.current, found.card_id))
                self.last_card = None
                return SKIPPED
            key = normalise(inner)
            known = {normalise(card.get("name")), normalise(card.get("reading")), *map(normalise, card.get("aliases") or ())}
            known.discard("")
            if (
                key in known
                or (not card.get("reading") and _KANA.fullmatch(inner))  # a reading the card list lacks
                or any(difflib.SequenceMatcher(None, key, k).ratio() >= GUESS_RATIO for k in known)
            ):
                self.lines.append(ParsedLine(lineno, raw, SKIPPED, self.current, last_card["card_id"]))
                return SKIPPED
        self.note(lineno, raw, ASIDE)
        return SKIPPED

    def unread(self, lineno: int, raw: str, body: str, marked: str, header: _Header | None) -> str:
        """A line that names no card: a header, a total, a detail of the deck, a near miss or an error."""
        total = _total(body)
        if total is not None:
            if self.first_card_seen:
                counted = self.since_total
                if self.section_tally is not None and self.section_tally.counted == total:
                    counted = total
                self.totals.append((lineno, raw, total, counted))
                self.since_total = 0
            else:
                self.early_totals.append((lineno, raw, total))
            self.lines.append(ParsedLine(lineno, raw, COMMENT, self.current))
            return COMMENT
        if header is not None:
            key = header.key
            if key in _OUTSIDE:
                self.close_blocks()
                self.current = None
                self.section_tally = _Tally(lineno, raw, header.label, None, outside=True)
                self.lines.append(ParsedLine(lineno, raw, HEADER, None))
                return HEADER
            if key in self.words.foreign:
                pass  # another game's section: a header this deck does not know (below)
            elif _category(header, self.words):
                self.close_tally(self.category_tally)
                self.category_tally = _Tally(lineno, raw, header.label, header.count)
                self.lines.append(ParsedLine(lineno, raw, COMMENT, self.current))
                return COMMENT
        detail = _detail(body)
        if detail is not None:
            code, label = detail
            self.note(lineno, raw, code, label=label)
            return SKIPPED
        name, count = self.unknown_name(marked)
        guess = self.closest(name) if not (header and header.key in self.words.foreign) else None
        if guess is not None:
            card_id = self.index.default_id(guess)
            if count < 1 or count > MAX_COUNT:
                self.error(lineno, raw, BAD_COUNT, (), name=name, count=count, max=MAX_COUNT)
                return ERROR_LINE
            warning = self.message(self.warnings, lineno, raw, CLOSEST_CARD, [guess], name=name, card=guess)
            self.add(lineno, raw, card_id, count, name)
            self.last_card["guessed"] = {"warning": warning}
            return CARD
        counted = count != 1 or name != marked
        if header is not None and (
            header.colon or header.decorated or header.key in self.words.foreign or (header.count is not None and not counted)
        ):
            if not self.first_card_seen and header.decorated and header.key not in self.words.foreign and not header.colon:
                self.title_seen = True
                self.note(lineno, raw, TITLE)  # 【春夏ビート】 above the list
                return SKIPPED
            self.close_blocks()
            self.current = None
            self.message(self.warnings, lineno, raw, UNKNOWN_SECTION, name=header.label, sections=self.words.section_list)
            self.lines.append(ParsedLine(lineno, raw, HEADER, None))
            return HEADER
        if not counted and _SENTENCE.search(body):
            self.note(lineno, raw, SENTENCE)
            return SKIPPED
        if not self.first_card_seen and not counted and (
            not self.title_seen or any(w in normalise(body) for w in _TITLE_WORDS)
        ):
            self.title_seen = True  # the first such line above the list; more only when they say デッキ, レシピ …
            self.note(lineno, raw, TITLE)
            return SKIPPED
        m = _PRINTING.match(name)
        error = self.error(lineno, raw, UNKNOWN_CARD, self.suggestions(m.group(1) if m and m.group(1) else name), name=name)
        self.last_unknown = {"line": lineno, "raw": raw, "name": name, "count": count, "error": error, "parsed": len(self.lines) - 1}
        return ERROR_LINE

    def unknown_name(self, body: str) -> tuple[str, int]:
        """The most likely (name, count) of a line that names no card."""
        for reading in _readings(body):
            name = reading.name
            inner = _unbracket(name)
            name = inner or name
            if name:
                return name, int(reading.count)
        return body, 1


def parse(text: str, regulation: Regulation, index: CardIndex) -> ParseResult:
    """Read a decklist. Returns the deck (only sections that received cards), the lines not read, the
    warnings and notes, and how each line was read."""
    return _Parser(regulation, index).read(text)


# -- export --------------------------------------------------------------------------


def _entry_key(card: Mapping) -> tuple:
    cost = card.get("cost")
    return (cost is None, cost if cost is not None else 0, card["name"], default_key(card))


def _card_forms(name: str, count: int, number: str | None, style: str) -> list[str]:
    printing = f" [{number}]" if number else ""
    post = [f"{o}{name}{c}×{count}{printing}" for o, c in (("《", "》"), ("『", "』"), ("「", "」"), ("【", "】"))]
    plain = [f"{count} {name}{printing}", f"{name}{printing} ×{count}", f"{count} 《{name}》{printing}"]
    return post + plain if style == POST else plain + post


def export(deck: DeckData, index: CardIndex, regulation: Regulation, lang: str = "ja", style: str = PLAIN) -> str:
    """The deck as decklist text, in one of two styles:

    - `plain`: a header per non-empty section (its label in `lang` and a colon), then `N name` per card;
    - `post`, as deck-recipe posts write it: `■メイン（40枚）` (`■Main (40)` in English), then `《name》×N`.

    Cards are ordered by cost (no cost last) and name, with ` [number]` after a card that is not its
    name's default printing; a blank line between sections. A card line is written in the first form the
    reader reads back as that card (a name that looks like a count or a bracket gets another form). Ids
    the index does not know are written as comments."""
    if style not in STYLES:
        raise ValueError(f"unknown decklist style {style!r} (known: {', '.join(STYLES)})")
    order: list[tuple[str, SectionRule | None]] = [(s.key, s) for s in regulation.sections]
    order += [(key, None) for key in deck.sections if regulation.section(key) is None]
    reader = _LineReader(index, _regulation_words(regulation))
    japanese = lang.startswith("ja")
    blocks = []
    for key, section in order:
        entries = {i: n for i, n in deck.sections.get(key, {}).items() if n}
        if not entries:
            continue
        label = section.label(lang) if section is not None else key
        if style == POST:
            total = sum(entries.values())
            out = [f"■{label}（{total}枚）" if japanese else f"■{label} ({total})"]
        else:
            out = [f"{label}:"]
        known = [i for i in entries if i in index.cards]
        for card_id in sorted(known, key=lambda i: _entry_key(index.cards[i])):
            card = index.cards[card_id]
            default = index.is_default(card_id)
            number = card.get("number") if not default and card.get("number") else None
            named = card_id if default or number else index.default_id(card["name"])  # what the text can name
            forms = _card_forms(card["name"], entries[card_id], number, style)
            out.append(next((f for f in forms if _reads_as(reader, f, named, entries[card_id])), forms[0]))
        out += [f"# ? {entries[i]} (card id {i})" for i in entries if i not in index.cards]
        blocks.append("\n".join(out))
    return "\n\n".join(blocks) + ("\n" if blocks else "")


def _reads_as(reader: _LineReader, line: str, card_id, count: int) -> bool:
    body = _clean(line)
    if not body or _COMMENT_START.match(body) or _in_parentheses(body) or len(line) > MAX_LINE or _strip_notes(body) != body:
        return False
    read = reader.card_line(_strip_marks(body))
    if read is None:
        return False
    reading, found = read
    return found.lookup.card_id == card_id and reading.count.lstrip("0") == str(count)
