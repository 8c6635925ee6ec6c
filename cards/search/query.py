"""The card search query language: a parser from text to a small tree, with errors that name the place.

    ねこ "場所 札"                 bare words and phrases: name, reading, aliases and rules text
    type:場所札 cost<=3 season:春  field comparisons (: = != < <= > >=) on any field of the game
    t:place c>=2 s:うつくしい      short English aliases for the common fields
    kw:速攻 OR (power>=3 -season:無)   OR, AND (implicit), negation with -, parentheses
    sort:cost order:desc

Plain Python: no Django. Fields come from the game registry (`Schema.for_games`).
Values are normalised here (see normalise.py), so the compiler only compares.
Errors are QueryError: an English template with {named} slots (translated by
the web shell) and the 1-based character position in the text as typed.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from typing import Any

from rules.declare import COMMON_FIELDS, GameDef
from rules.declare.fields import BOOL, CHOICE, CHOICES, INT, LIMIT, NAMES, RECORDS, STR, STRINGS, TEXT, ParseError

from .normalise import normalise


def _(message: str) -> str:
    """Marks a message template for translation (extracted by makemessages); the shell translates it."""
    return message


MAX_DEPTH = 20
MAX_LENGTH = 500
UNLIMITED_NUM = 1_000_000  # what "unlimited" counts as in comparisons of copy limits

# Kinds of searchable fields.
K_TEXT = "text"  # a normalised text column: name, alias, reading, text, flavor
K_TYPE = "type"  # the card type column
K_NUM = "num"  # a whole number (cost column, INT and LIMIT fields)
K_STR = "str"  # free text values (STR, STRINGS, NAMES fields, set, number, rarity, keywords)
K_CHOICE = "choice"  # coded values (CHOICE, CHOICES)
K_BOOL = "bool"
K_GAME = "game"
K_SORT = "sort"
K_ORDER = "order"

OPERATORS = (":", "=", "!=", "<=", ">=", "<", ">")
NUMERIC_OPS = {":", "=", "!=", "<", "<=", ">", ">="}
EQUALITY_OPS = {":", "=", "!="}

_TRUE = {"1", "true", "yes", "y", "on", "はい", "あり", "有"}
_FALSE = {"0", "false", "no", "n", "off", "いいえ", "なし", "無"}
_UNLIMITED = {"unlimited", "∞", "無制限", "無限"}
_DESC = {"desc", "descending", "降順", "d"}
_ASC = {"asc", "ascending", "昇順", "a"}


@dataclass
class QueryError(ValueError):
    template: str
    position: int  # 1-based, in the text as typed
    params: dict = field(default_factory=dict)

    @property
    def message(self) -> str:
        return self.template.format(**self.params)

    def __str__(self) -> str:
        return f"{self.position}: {self.message}"


@dataclass
class Spec:
    """A searchable field: its canonical key, what kind of comparison it takes, and where it lives."""

    key: str
    kind: str
    ja: str
    en: str
    column: str = ""  # a Card column (text, type, cost, sample); else the value lives in facets
    choices: dict = field(default_factory=dict)  # normalised spelling -> code
    parse_text: Any = None
    games: tuple = ()
    labels: dict = field(default_factory=dict)  # code -> (ja, en): how the help shows a coded value


# Common fields: the column or facet each searches, and the names a query may call it by.
COMMON_SPECS = {
    "name": (K_TEXT, "search_name", ("n", "名前", "カード名")),
    "alias": (K_TEXT, "search_aliases", ("aliases", "別名")),
    "reading": (K_TEXT, "search_reading", ("yomi", "よみ", "読み")),
    "text": (K_TEXT, "search_text", ("o", "x", "rules", "rules_text", "効果", "テキスト")),
    "flavor": (K_TEXT, "search_flavor", ("flavour", "ft", "flavor_text", "フレーバー")),
    "type": (K_TYPE, "card_type", ("t", "card_type", "種類", "タイプ")),
    "cost": (K_NUM, "cost", ("c", "コスト")),
    "set": (K_STR, "", ("s", "set_name", "series", "セット", "シリーズ")),
    "number": (K_STR, "", ("no", "num", "番号")),
    "rarity": (K_STR, "", ("r", "rare", "レアリティ", "レア")),
    "keyword": (K_STR, "", ("kw", "k", "keywords", "キーワード")),
    "sample": (K_BOOL, "sample", ("サンプル",)),
    "game": (K_GAME, "game_id", ("g", "ゲーム")),
    "sort": (K_SORT, "", ("並び", "並べ替え")),
    "order": (K_ORDER, "", ("順",)),
}
# The facet key for common fields that live in facets (the card's own column name).
COMMON_FACET_KEYS = {"set": "set_name", "number": "number", "rarity": "rarity", "keyword": "keywords"}
# Extra short names for game fields, wherever a game has them.
GAME_FIELD_ALIASES = {
    "attributes": ("attr", "attribute"),
    "attack": ("atk", "攻撃"),
    "defence": ("def", "defense"),
    "required_nodes": ("nodes", "node", "ノード"),
    "copy_limit": ("limit",),
    "power": ("pow", "pw"),
    "special_type": ("special",),
    "special_type2": ("special2",),
    "blessing_level": ("blessing", "恩恵"),
    "win_condition": ("win", "wc"),
}
_COMMON_LABELS = {f.key: (f.ja, f.en) for f in COMMON_FIELDS}
# The query-only keys (not card fields): their labels on the search help.
_QUERY_LABELS = {"game": ("ゲーム", "Game"), "sort": ("並び順", "Sort by"), "order": ("昇順・降順", "Order")}
_LABEL_OF_COMMON = {
    "name": "name",
    "alias": "aliases",
    "reading": "reading",
    "text": "rules_text",
    "flavor": "flavor_text",
    "type": "card_type",
    "cost": "cost",
    "set": "set_name",
    "number": "number",
    "rarity": "rarity",
    "keyword": "keywords",
    "sample": "sample",
}


def _field_kind(f) -> str | None:
    if f.kind in (INT, LIMIT):
        return K_NUM
    if f.kind in (STR, STRINGS, NAMES):
        return K_STR
    if f.kind in (CHOICE, CHOICES):
        return K_CHOICE
    if f.kind == BOOL:
        return K_BOOL
    if f.kind in (TEXT, RECORDS):
        return K_TEXT
    return None


class Schema:
    """The fields a query may name, for one game or for all of them."""

    def __init__(self, games: list[GameDef]):
        self.games = games
        self.specs: dict[str, Spec] = {}
        self.names: dict[str, str] = {}  # normalised name -> key
        # key -> {normalised name: the name as declared}: what the help shows (never the normalised form)
        self.spellings: dict[str, dict[str, str]] = {}
        self.sort_keys: dict[str, str] = {}
        for key, (kind, column, aliases) in COMMON_SPECS.items():
            ja, en = _COMMON_LABELS.get(_LABEL_OF_COMMON.get(key, ""), _QUERY_LABELS.get(key, (key, key)))
            spec = Spec(key, kind, ja, en, column=column)
            if key == "type":
                for g in games:
                    for t in g.card_types:
                        spec.labels.setdefault(t.code, (t.ja, t.en))
                        for spelling in (t.code, t.ja, t.en):
                            spec.choices[normalise(spelling)] = t.code
            if key == "game":
                for g in games:
                    spec.labels[g.slug] = (g.name_ja, g.name_en)
                    for spelling in (g.slug, g.name_ja, g.name_en):
                        spec.choices[normalise(spelling)] = g.slug
            self._add(spec, (key, ja, en, *aliases))
        for g in games:
            for f in g.fields:
                kind = _field_kind(f)
                if kind is None:
                    continue
                # A field of a text kind (rules records) is searched in the card's text column.
                column = "search_text" if kind == K_TEXT else ""
                spec = self.specs.get(f.key)
                if spec is None:
                    spec = Spec(f.key, kind, f.ja, f.en, column=column, parse_text=f.parse_text)
                    self._add(spec, (f.key, f.ja, f.en, *GAME_FIELD_ALIASES.get(f.key, ())))
                else:
                    self._add(spec, (f.ja, f.en))  # another game's labels for the same field
                if spec.kind != kind:
                    # The same key with different kinds in two games: compare as free text.
                    if K_NUM not in (spec.kind, kind) and K_TEXT not in (spec.kind, kind):
                        spec.kind = K_STR
                spec.games = (*spec.games, g.slug)
                for choice in f.choices:
                    spec.choices[normalise(choice)] = choice
                    spec.labels.setdefault(choice, f.choice_labels.get(choice, (choice, choice)))
                    for label in f.choice_labels.get(choice, ()):
                        spec.choices[normalise(label)] = choice
                if f.kind == LIMIT:
                    spec.choices.setdefault("unlimited", "unlimited")
                for sub in f.subfields:
                    sub_kind = _field_kind(sub)
                    if sub_kind in (K_STR, K_CHOICE, K_BOOL):
                        sub_key = f"{f.key}.{sub.key}"
                        sub_spec = self.specs.get(sub_key) or Spec(sub_key, sub_kind, f"{f.ja}.{sub.ja}", f"{f.en}.{sub.en}")
                        for choice in sub.choices:
                            sub_spec.choices[normalise(choice)] = choice
                            sub_spec.labels.setdefault(choice, sub.choice_labels.get(choice, (choice, choice)))
                            for label in sub.choice_labels.get(choice, ()):
                                sub_spec.choices.setdefault(normalise(label), choice)
                        self._add(sub_spec, (sub_key, f"{f.ja}.{sub.ja}", f"{f.en}.{sub.en}"))
        for key in ("name", "reading", "cost", "type", "number", "set", "rarity"):
            self.sort_keys[key] = key
        for spec in self.specs.values():
            if spec.kind == K_NUM:
                self.sort_keys[spec.key] = spec.key
        for name, key in list(self.names.items()):
            if key in self.sort_keys:
                self.sort_keys.setdefault(name, key)

    def _add(self, spec: Spec, names) -> None:
        self.specs[spec.key] = spec
        for name in names:
            norm = normalise(name).replace(" ", "_")
            self.names.setdefault(norm, spec.key)
            if self.names[norm] == spec.key and not any(ch.isspace() for ch in name.strip()):
                spelled = name.strip().lower() if name.isascii() else name.strip()
                self.spellings.setdefault(spec.key, {}).setdefault(norm, spelled)

    def display_names(self, key: str) -> list[str]:
        """The names a query may call a field by, spelled as declared (ＡＢＣ, カタカナ, a long-vowel mark kept);
        names with spaces are left out (a query spells them with "_", which nobody would guess)."""
        return list(self.spellings.get(key, {}).values()) or [key]

    @classmethod
    def for_games(cls, games: list[GameDef]) -> Schema:
        return cls(games)

    def resolve(self, name: str) -> Spec | None:
        key = self.names.get(normalise(name).replace(" ", "_"))
        return self.specs.get(key) if key else None

    def japanese_name(self, key: str) -> str:
        """The field's Japanese name as a query may write it (its key where another field has that name)."""
        spec = self.specs[key]
        return spec.ja if self.names.get(normalise(spec.ja).replace(" ", "_")) == key else key

    def field_names(self) -> list[str]:
        return sorted(k for k, s in self.specs.items() if s.kind not in (K_SORT, K_ORDER))


# -- syntax tree ----------------------------------------------------------------


@dataclass
class Term:
    """A bare word or "quoted phrase" (normalised): matches name, reading, aliases or rules text."""

    value: str
    pos: int


@dataclass
class Cmp:
    spec: Spec
    op: str
    value: Any  # int for K_NUM; normalised str for K_TEXT/K_STR; tuple of codes for K_CHOICE/K_TYPE/K_GAME; bool
    pos: int


@dataclass
class Not:
    child: Any


@dataclass
class And:
    children: list


@dataclass
class Or:
    children: list


@dataclass
class Query:
    root: Any = None  # None: every card
    sort: str | None = None
    descending: bool = False
    text_terms: list[str] = field(default_factory=list)  # the positive bare words, for ranking


# -- tokens -----------------------------------------------------------------------

# Full-width and Japanese forms of the syntax characters, so a query typed with the IME on works.
_SYNTAX = {"（": "(", "）": ")", "＂": '"', "“": '"', "”": '"', "「": '"', "」": '"', "：": ":", "＜": "<",
           "＞": ">", "＝": "=", "－": "-", "−": "-", "！": "!"}
# What closes a phrase: a Japanese 「 only its 」; a straight or curly double quote any double quote.
_DOUBLE = {'"', "＂", "“", "”"}
_CLOSE_QUOTE = {"「": {"」"}, '"': _DOUBLE, "＂": _DOUBLE, "“": _DOUBLE, "”": _DOUBLE}
_FIELD = re.compile(r"([^\s:<>=!()\"]+?)(<=|>=|!=|:|=|<|>)")


@dataclass
class _Tok:
    kind: str  # ( ) - OR AND WORD FIELD
    pos: int  # 0-based
    text: str = ""
    name: str = ""
    op: str = ""


def _syntax_view(text: str) -> str:
    """The text with full-width syntax characters as ASCII, one character for one (positions hold)."""
    return "".join(_SYNTAX.get(ch, ch) for ch in text)


def _read_quoted(raw: str, i: int) -> tuple[str, int]:
    """The phrase starting at raw[i] (a quote); returns (phrase, index after the closing quote)."""
    closers = _CLOSE_QUOTE.get(raw[i], _DOUBLE)
    j = i + 1
    while j < len(raw):
        if raw[j] in closers:
            return raw[i + 1 : j], j + 1
        j += 1
    raise QueryError(_("the quote at position {position} is never closed"), i + 1, {"position": i + 1})


def tokenize(raw: str) -> list[_Tok]:
    view = _syntax_view(raw)
    tokens: list[_Tok] = []
    i, n = 0, len(raw)
    while i < n:
        ch = view[i]
        if ch.isspace():
            i += 1
            continue
        if ch in "()":
            tokens.append(_Tok(ch, i))
            i += 1
            continue
        if ch == "-" and i + 1 < n and not view[i + 1].isspace():
            # A minus that starts a token negates what follows (inside a word, e.g. KG-001, it is text).
            tokens.append(_Tok("-", i))
            i += 1
            continue
        if ch == "-":
            raise QueryError(_("nothing follows the '-' at position {position}"), i + 1, {"position": i + 1})
        if ch in ":<>=" or (ch == "!" and i + 1 < n and view[i + 1] == "="):
            raise QueryError(_("the '{op}' at position {position} needs a field name before it"), i + 1,
                             {"op": ch, "position": i + 1})
        if ch == '"':
            phrase, i2 = _read_quoted(raw, i)
            tokens.append(_Tok("WORD", i, text=phrase, op='"'))
            i = i2
            continue
        # A word runs to white space, a parenthesis or a quote that opens a phrase of its own.
        j = i
        field_match = _FIELD.match(view, i)
        if field_match and not view[i].isdigit():
            name = raw[i : field_match.end(1)]
            op = view[field_match.start(2) : field_match.end(2)]
            j = field_match.end()
            if j < n and view[j] == '"':
                value, j2 = _read_quoted(raw, j)
                tokens.append(_Tok("FIELD", i, text=value, name=name, op=op))
                i = j2
                continue
            k = j
            while k < n and not view[k].isspace() and view[k] not in "()":
                k += 1
            tokens.append(_Tok("FIELD", i, text=raw[j:k], name=name, op=op))
            i = k
            continue
        while j < n and not view[j].isspace() and view[j] not in '()"':
            j += 1
        word = raw[i:j]
        upper = unicodedata.normalize("NFKC", word).upper()
        if upper in ("OR", "AND") or word in ("|",):
            tokens.append(_Tok("OR" if upper != "AND" else "AND", i, text=word))
        else:
            tokens.append(_Tok("WORD", i, text=word))
        i = j
    return tokens


# -- parser ----------------------------------------------------------------------


class _Parser:
    def __init__(self, raw: str, schema: Schema):
        self.raw = raw
        self.schema = schema
        self.tokens = tokenize(raw)
        self.i = 0
        self.query = Query()
        self.depth = 0
        self.negations = 0  # how many '-' enclose the current token

    def peek(self) -> _Tok | None:
        return self.tokens[self.i] if self.i < len(self.tokens) else None

    def parse(self) -> Query:
        if not self.tokens:
            return self.query
        root = self.or_expr()
        tok = self.peek()
        if tok is not None:  # only a stray ")" stops an or_expr early
            raise QueryError(_("the ')' at position {position} has no matching '('"), tok.pos + 1,
                             {"position": tok.pos + 1})
        self.query.root = root
        if self.query.descending and self.query.sort is None:
            self.query.sort = "name"  # order:desc alone reverses the reading order
        return self.query

    def or_expr(self):
        children = [self.and_expr()]
        while (tok := self.peek()) is not None and tok.kind == "OR":
            self.i += 1
            nxt = self.peek()
            if nxt is None or nxt.kind in ("OR", "AND", ")"):
                raise QueryError(_("'{word}' at position {position} needs a search on both sides"), tok.pos + 1,
                                 {"word": tok.text, "position": tok.pos + 1})
            children.append(self.and_expr())
        children = [c for c in children if c is not None]
        if not children:
            return None
        return children[0] if len(children) == 1 else Or(children)

    def and_expr(self):
        children = []
        first = self.peek()
        if first is not None and first.kind in ("OR", "AND"):
            raise QueryError(_("'{word}' at position {position} needs a search on both sides"), first.pos + 1,
                             {"word": first.text, "position": first.pos + 1})
        while (tok := self.peek()) is not None and tok.kind not in ("OR", ")"):
            if tok.kind == "AND":
                self.i += 1
                nxt = self.peek()
                if nxt is None or nxt.kind in ("OR", "AND", ")"):
                    raise QueryError(_("'{word}' at position {position} needs a search on both sides"),
                                     tok.pos + 1, {"word": tok.text, "position": tok.pos + 1})
                continue
            node = self.unary()
            if node is not None:
                children.append(node)
        if not children:
            tok = self.peek()
            if tok is not None and tok.kind == ")":
                raise QueryError(_("empty parentheses before position {position}"), tok.pos + 1,
                                 {"position": tok.pos + 1})
            return None
        return children[0] if len(children) == 1 else And(children)

    def unary(self):
        tok = self.peek()
        if tok.kind == "-":
            self.i += 1
            if self.peek() is None:
                raise QueryError(_("nothing follows the '-' at position {position}"), tok.pos + 1,
                                 {"position": tok.pos + 1})
            self.negations += 1
            child = self.unary()
            self.negations -= 1
            return Not(child)
        if tok.kind == "(":
            self.i += 1
            self.depth += 1
            if self.depth > MAX_DEPTH:
                raise QueryError(_("too many nested parentheses at position {position}"), tok.pos + 1,
                                 {"position": tok.pos + 1})
            inner = self.or_expr()
            close = self.peek()
            if close is None or close.kind != ")":
                raise QueryError(_("the '(' at position {position} is never closed"), tok.pos + 1,
                                 {"position": tok.pos + 1})
            self.i += 1
            self.depth -= 1
            if inner is None:
                raise QueryError(_("empty parentheses before position {position}"), close.pos + 1,
                                 {"position": close.pos + 1})
            return inner
        self.i += 1
        if tok.kind == "WORD":
            value = normalise(tok.text)
            if not value:
                raise QueryError(_("empty phrase at position {position}"), tok.pos + 1, {"position": tok.pos + 1})
            if self.negations % 2 == 0:
                self.query.text_terms.append(value)
            return Term(value, tok.pos + 1)
        if tok.kind == "FIELD":
            return self.comparison(tok)
        raise QueryError(_("unexpected '{word}' at position {position}"), tok.pos + 1,
                         {"word": tok.text or tok.kind, "position": tok.pos + 1})

    def comparison(self, tok: _Tok):
        pos = tok.pos + 1
        spec = self.schema.resolve(tok.name)
        if spec is None:
            raise QueryError(
                _("unknown field '{name}' at position {position} (known: {known})"),
                pos,
                {"name": tok.name, "position": pos, "known": " ".join(self.schema.field_names()),
                 "known_ja": " ".join(self.schema.japanese_name(key) for key in self.schema.field_names())},
            )
        raw_value = tok.text.strip()
        if not raw_value:
            raise QueryError(_("'{name}{op}' at position {position} needs a value"), pos,
                             {"name": tok.name, "op": tok.op, "position": pos})
        op = tok.op
        if spec.kind in (K_SORT, K_ORDER):
            if self.negations:
                raise QueryError(_("'-' before position {position} cannot negate a sort or order"), pos,
                                 {"position": pos})
            if op != ":" and op != "=":
                raise QueryError(_("'{name}' at position {position} takes ':' and a value"), pos,
                                 {"name": tok.name, "position": pos})
            self.set_order(spec, raw_value, pos, tok.name)
            return None
        if spec.kind not in (K_NUM,) and op not in EQUALITY_OPS:
            raise QueryError(
                _("'{name}' at position {position} is not a number: use ':', '=' or '!=' instead of '{op}'"),
                pos,
                {"name": tok.name, "position": pos, "op": op},
            )
        value = self.value(spec, raw_value, pos, tok.name)
        return Cmp(spec, op, value, pos)

    def value(self, spec: Spec, raw_value: str, pos: int, name: str):
        norm = normalise(raw_value)
        if not norm:  # e.g. only a long-vowel mark, which normalisation drops
            raise QueryError(_("'{name}{op}' at position {position} needs a value"), pos,
                             {"name": name, "op": ":", "position": pos})
        if spec.kind == K_NUM:
            if norm in _UNLIMITED and "unlimited" in spec.choices:
                return UNLIMITED_NUM
            digits = unicodedata.normalize("NFKC", raw_value).strip()
            if not re.fullmatch(r"\d{1,9}", digits):
                raise QueryError(_("'{name}' at position {position} needs a whole number, not '{value}'"), pos,
                                 {"name": name, "position": pos, "value": raw_value})
            return int(digits)
        if spec.kind == K_BOOL:
            if norm in _TRUE:
                return True
            if norm in _FALSE:
                return False
            raise QueryError(_("'{name}' at position {position} takes yes or no, not '{value}'"), pos,
                             {"name": name, "position": pos, "value": raw_value})
        if spec.kind in (K_TYPE, K_GAME):
            codes = self.match_choices(spec, norm)
            if not codes:
                raise QueryError(
                    _("'{value}' at position {position} is not one of {allowed}"),
                    pos,
                    {"value": raw_value, "position": pos, "allowed": " ".join(dict.fromkeys(spec.choices.values()))},
                )
            return tuple(codes)
        if spec.kind == K_CHOICE:
            code = spec.choices.get(norm)
            if code is not None:
                return (code,)
            if spec.parse_text is not None:  # e.g. kannagi "春夏": every one of them
                try:
                    parsed = spec.parse_text(raw_value)
                except ParseError:
                    parsed = None
                if parsed:
                    codes = [spec.choices.get(normalise(v)) for v in parsed]
                    if all(codes):
                        return tuple(codes)
            raise QueryError(
                _("'{value}' at position {position} is not one of {allowed}"),
                pos,
                {"value": raw_value, "position": pos, "allowed": " ".join(dict.fromkeys(spec.choices.values()))},
            )
        return norm  # K_TEXT, K_STR

    @staticmethod
    def match_choices(spec: Spec, norm: str) -> list[str]:
        """The codes a value names: the one it spells exactly, else every one it is the start of."""
        exact = spec.choices.get(norm)
        if exact is not None:
            return [exact]
        return list(dict.fromkeys(code for spelling, code in spec.choices.items() if spelling.startswith(norm)))

    def set_order(self, spec: Spec, raw_value: str, pos: int, name: str) -> None:
        norm = normalise(raw_value)
        if spec.kind == K_ORDER:
            if norm in _DESC:
                self.query.descending = True
            elif norm in _ASC:
                self.query.descending = False
            else:
                raise QueryError(_("'{name}' at position {position} takes asc or desc, not '{value}'"), pos,
                                 {"name": name, "position": pos, "value": raw_value})
            return
        key = self.schema.sort_keys.get(norm.replace(" ", "_"))
        if key is None:
            raise QueryError(
                _("cannot sort by '{value}' at position {position} (sort by: {allowed})"),
                pos,
                {"value": raw_value, "position": pos, "allowed": " ".join(sorted(set(self.schema.sort_keys.values())))},
            )
        self.query.sort = key


def parse(text: str, schema: Schema) -> Query:
    """Parse a query; raises QueryError naming the position and the problem."""
    if len(text) > MAX_LENGTH:
        raise QueryError(_("the query is too long: {length} characters, at most {max}"), MAX_LENGTH + 1,
                         {"length": len(text), "max": MAX_LENGTH})
    return _Parser(text, schema).parse()
