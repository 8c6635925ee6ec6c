"""The typed query and the filter controls as one state.

A card list has two ways to say the same search: clauses typed in the box (`season:春 t:場所札`) and the
filter controls (種類, 季節, コスト …). They are one state: a control shows the value a plain clause of the
typed query gives its field, and choosing another value in a control replaces that clause (choosing すべて
removes it), so the controls never contradict the query and 種類=怪異札 over a typed `t:場所札` finds
怪異札, not nothing.

Plain Python (no Django): the query text is read by the query language's own tokenizer and parser.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .filters import RANGE, Control
from .query import Cmp, QueryError, Schema, _read_quoted, _syntax_view, parse, tokenize


@dataclass
class Clause:
    """A plain `field<op>value` clause at the top level of a query (ANDed with the rest, not negated)."""

    param: str  # the control parameter it sets: type, season, cost_min …
    value: str  # the value the control shows
    start: int  # its place in the text (0-based, end exclusive)
    end: int


@dataclass
class State:
    q: str  # the query as it now reads (a changed control rewrote its clause)
    filters: dict  # the control values the search applies besides q (param -> value)
    shown: dict = field(default_factory=dict)  # param -> the value each control shows
    from_query: set = field(default_factory=set)  # the params whose shown value is a clause of q


def _clause_end(raw: str, view: str, tok) -> int:
    j = tok.pos + len(tok.name) + len(tok.op)
    if j < len(raw) and view[j] == '"':
        return _read_quoted(raw, j)[1]
    while j < len(raw) and not view[j].isspace() and view[j] not in "()":
        j += 1
    return j


def clauses(q: str, controls: list[Control], schema: Schema) -> list[Clause]:
    """The clauses of `q` a control can show: at the top level only, when the query has no OR or
    parentheses there (anything else is the query's own business and stays in the box only)."""
    try:
        tokens = tokenize(q)
        parse(q, schema)
    except QueryError:
        return []
    if any(t.kind in ("OR", "(", ")") for t in tokens):
        return []
    view = _syntax_view(q)
    by_key = {c.key: c for c in controls}
    out = []
    for index, tok in enumerate(tokens):
        if tok.kind != "FIELD" or (index and tokens[index - 1].kind == "-"):
            continue
        spec = schema.resolve(tok.name)
        control = by_key.get(spec.key) if spec else None
        if control is None:
            continue
        end = _clause_end(q, view, tok)
        try:
            node = parse(q[tok.pos : end], schema).root
        except QueryError:
            continue
        if not isinstance(node, Cmp):
            continue
        if control.kind == RANGE:
            if node.op == ">=":
                out.append(Clause(control.params[0], str(node.value), tok.pos, end))
            elif node.op == "<=":
                out.append(Clause(control.params[1], str(node.value), tok.pos, end))
            continue
        if node.op not in (":", "=") or not isinstance(node.value, tuple) or len(node.value) != 1:
            continue
        value = node.value[0]
        if value in {v for v, _ja, _en in control.options}:
            out.append(Clause(control.key, value, tok.pos, end))
    return out


def _without(q: str, spans: list[tuple[int, int]]) -> str:
    for start, end in sorted(spans, reverse=True):
        q = q[:start] + " " + q[end:]
    return re.sub(r"\s+", " ", q).strip()


def resolve(q: str, controls: list[Control], schema: Schema, sent: dict, shown: dict | None = None,
            shown_from_query: set | frozenset = frozenset()) -> State:
    """The one state of a card list from what the page sent: `q` as typed, `sent` the controls' values
    (param -> value, "" for すべて), `shown` what each control showed when the page was drawn and
    `shown_from_query` which of those were clauses of the query (the page's hidden fields; None for a
    link, which sets its controls outright).

    A control left as it was shown changes nothing: the query says what it says (a clause deleted from the
    box clears the control). A control set to another value replaces the query's clause for its field, or
    is added as a filter when the query has none."""
    by_param: dict[str, list[Clause]] = {}
    for clause in clauses(q, controls, schema):
        by_param.setdefault(clause.param, []).append(clause)
    filters: dict = {}
    drop: list[tuple[int, int]] = []
    for control in controls:
        for param in control.params:
            value = (sent.get(param) or "").strip()
            typed = by_param.get(param, [])
            if shown is not None and param in shown and value == (shown.get(param) or "").strip():
                if value and not typed and param not in shown_from_query:
                    filters[param] = value  # a filter left as it was
                continue
            if typed and not value and (shown is None or param not in shown):
                continue  # a link that does not set this control: the query says it
            if typed:
                if len(typed) == 1 and typed[0].value == value:
                    continue  # the control says what the query says: the query holds it
                drop.extend((c.start, c.end) for c in typed)
            if value:
                filters[param] = value
    new_q = _without(q, drop) if drop else q
    state = State(new_q, filters)
    for clause in clauses(new_q, controls, schema):
        state.shown.setdefault(clause.param, clause.value)
        state.from_query.add(clause.param)
    for param, value in filters.items():
        state.shown.setdefault(param, value)
    return state
