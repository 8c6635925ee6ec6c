"""What a search that finds nothing, or cannot be read, likely meant ("did you mean season:春?").

Plain Python: candidates are query texts, each the typed query with one field name changed; the web shell
counts what each finds and offers those that find cards.
"""

from __future__ import annotations

import difflib

from .normalise import normalise
from .query import K_CHOICE, K_ORDER, K_SORT, K_TYPE, QueryError, Schema, tokenize


def _value_fields(schema: Schema, value: str, not_key: str) -> list[str]:
    """The fields with coded values (card type, season …) that have this value, besides `not_key`."""
    norm = normalise(value)
    return [key for key, spec in schema.specs.items()
            if key != not_key and spec.kind in (K_CHOICE, K_TYPE) and norm in spec.choices]


def candidates(q: str, schema: Schema) -> list[str]:
    try:
        tokens = tokenize(q)
    except QueryError:
        return []
    out = []
    for tok in tokens:
        if tok.kind != "FIELD":
            continue
        spec = schema.resolve(tok.name)
        keys = []
        if spec is None:
            near = difflib.get_close_matches(normalise(tok.name), list(schema.names), n=2, cutoff=0.6)
            keys = [schema.names[n] for n in near if schema.specs[schema.names[n]].kind not in (K_SORT, K_ORDER)]
        keys += _value_fields(schema, tok.text, spec.key if spec else "")
        for key in dict.fromkeys(keys):
            out.append(q[: tok.pos] + key + q[tok.pos + len(tok.name) :])
    return out
