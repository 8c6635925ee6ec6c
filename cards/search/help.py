"""What the search help page shows: every field a query can name, and worked examples per game."""

from __future__ import annotations

from rules.declare import GAMES

from .query import K_BOOL, K_CHOICE, K_GAME, K_NUM, K_ORDER, K_SORT, K_STR, K_TEXT, K_TYPE, Schema

# (query, what it finds in Japanese, in English). Every example finds bundled cards (tested). These span
# the games; each game's own are declared on it (GameDef.search_examples).
EXAMPLES_ALL = [
    ("ねこやま", "読み・名前・効果に「ねこやま」を含む札（ネコヤマ、ﾈｺﾔﾏ でも同じ）", "Cards whose name, reading or text holds ねこやま (also typed ネコヤマ or ﾈｺﾔﾏ)"),
    ('"ダメージを与える"', "語句をそのまま含む札", "Cards with the exact phrase"),
    ("ゲーム:巫 cost<=1", "巫KANNAGIのコスト1以下の札", "KANNAGI cards costing 1 or less"),
    ("t:ユニット OR t:キャラクター 並び:コスト 順:降順", "ユニットかキャラクターを、コストの高い順に", "Units or characters, most expensive first"),
]

_OPS = {
    K_TEXT: ": =",
    K_TYPE: ":",
    K_NUM: ": = != < <= > >=",
    K_STR: ": = !=",
    K_CHOICE: ": !=",
    K_BOOL: ": (yes / no)",
    K_GAME: ":",
    K_SORT: ":",
    K_ORDER: ": (asc / desc)",
}

# The same in Japanese: the words a query may write for yes/no and the order (query.py reads both).
_OPS_JA = {**_OPS, K_BOOL: ": （はい／いいえ）", K_ORDER: ": （昇順／降順）"}


def examples_for(slug: str | None) -> list[tuple[str, str, str]]:
    """The examples for one game (its declared search_examples; none for an unknown slug), or for all games."""
    if slug is None:
        return list(EXAMPLES_ALL)
    game = GAMES.get(slug)
    return list(game.search_examples) if game else []


def field_rows(slug: str | None, lang: str) -> list[dict]:
    """One row per field: its label, every name a query may use, the operators and allowed values."""
    from ..selectors import search_schema

    schema: Schema = search_schema(slug)
    ja = lang.startswith("ja")
    rows = []
    common_keys = ("name", "alias", "reading", "text", "flavor", "type", "cost", "set", "number", "rarity", "keyword",
                   "sample", "game", "sort", "order")
    for key, spec in schema.specs.items():
        if slug is None and key not in common_keys:
            continue
        if slug is not None and key in common_keys:
            continue
        rows.append({
            "key": key,
            "label": spec.ja if ja else spec.en,
            # In Japanese the Japanese names first: the key (an English word, script.if_zone) last.
            "names": sorted(schema.display_names(key), key=lambda n: n.isascii()) if ja else schema.display_names(key),
            "ops": (_OPS_JA if ja else _OPS).get(spec.kind, ":"),
            "values": _values(schema, spec, ja),
        })
    return rows


def _values(schema: Schema, spec, ja: bool) -> list[str]:
    """The values a field takes, as a query may write them in the page's language: a coded choice by its
    label (the query reads labels too), a game by its slug, a sort by the label of the field it sorts on."""
    if spec.kind == K_GAME:
        return list(spec.labels)
    if spec.kind in (K_CHOICE, K_TYPE):
        codes = dict.fromkeys(spec.choices.values())
        return list(dict.fromkeys(spec.labels.get(code, (code, code))[0 if ja else 1] for code in codes))
    if spec.kind == K_SORT:
        keys = sorted(set(schema.sort_keys.values()), key=lambda k: list(schema.specs).index(k) if k in schema.specs else 0)
        return list(dict.fromkeys((schema.specs[k].ja if ja else schema.specs[k].en) if k in schema.specs else k for k in keys))
    return []
