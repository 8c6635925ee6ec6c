"""The filter controls of a card list (type, cost range, the game's main fields), as query clauses.

Each control becomes one clause of the query language, parsed by the same parser,
so a filter and the equivalent typed query always give the same cards.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rules.declare import GameDef
from rules.declare.fields import BOOL, CHOICE, CHOICES, INT, LIMIT

from .query import And, QueryError, Schema, parse

RANGE = "range"
SELECT = "select"


@dataclass
class Control:
    key: str  # the query field
    kind: str  # RANGE or SELECT
    label_ja: str
    label_en: str
    options: list = field(default_factory=list)  # [(value, ja, en)] for SELECT

    def label(self, lang: str) -> str:
        return self.label_ja if lang.startswith("ja") else self.label_en

    @property
    def params(self) -> tuple[str, ...]:
        return (f"{self.key}_min", f"{self.key}_max") if self.kind == RANGE else (self.key,)


def controls_for(game: GameDef | None) -> list[Control]:
    if game is None:
        return []
    controls = [
        Control("type", SELECT, "種類", "Card type", [(t.code, t.ja, t.en) for t in game.card_types]),
        Control("cost", RANGE, "コスト", "Cost"),
    ]
    for key in game.list_fields:
        f = game.field(key)
        if f.kind in (INT, LIMIT):
            controls.append(Control(key, RANGE, f.ja, f.en))
        elif f.kind in (CHOICE, CHOICES):
            options = [(c, *f.choice_labels.get(c, (c, c))) for c in f.choices]
            controls.append(Control(key, SELECT, f.ja, f.en, options))
        elif f.kind == BOOL:
            controls.append(Control(key, SELECT, f.ja, f.en, [("yes", "はい", "Yes"), ("no", "いいえ", "No")]))
    return controls


_QUOTES = str.maketrans("", "", '"＂“”「」')


def _quote(value: str) -> str:
    """A control's value as one phrase: quotes of every kind removed, so it cannot add syntax."""
    return '"' + value.translate(_QUOTES) + '"'


def filter_clauses(controls: list[Control], params) -> list[tuple[Control, str, str]]:
    """(control, parameter, clause) for every control the parameters set."""
    out = []
    for control in controls:
        if control.kind == RANGE:
            low, high = (params.get(p, "").strip() for p in control.params)
            if low:
                out.append((control, control.params[0], f"{control.key}>={_quote(low)}"))
            if high:
                out.append((control, control.params[1], f"{control.key}<={_quote(high)}"))
        else:
            value = params.get(control.key, "").strip()
            if value:
                out.append((control, control.key, f"{control.key}={_quote(value)}"))
    return out


class FilterError(QueryError):
    """A filter value the query language refuses; `param` names the control."""

    def __init__(self, param: str, error: QueryError):
        super().__init__(error.template, 0, error.params)
        self.param = param


def filter_nodes(controls: list[Control], params, schema: Schema) -> list:
    nodes = []
    for _control, param, clause in filter_clauses(controls, params):
        try:
            query = parse(clause, schema)
        except QueryError as exc:
            raise FilterError(param, exc) from None
        nodes.append(query.root)
    return nodes


def combine(query_root, nodes: list):
    parts = [n for n in [query_root, *nodes] if n is not None]
    if not parts:
        return None
    return parts[0] if len(parts) == 1 else And(parts)
