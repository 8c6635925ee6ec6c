"""What the search help page shows: every field a query can name, and worked examples per game."""

from __future__ import annotations

from .query import K_BOOL, K_CHOICE, K_GAME, K_NUM, K_ORDER, K_SORT, K_STR, K_TEXT, K_TYPE, Schema

# (query, what it finds in Japanese, in English). Every example finds bundled cards (tested).
EXAMPLES = {
    None: [
        ("ねこやま", "読み・名前・効果に「ねこやま」を含む札（ネコヤマ、ﾈｺﾔﾏ でも同じ）", "Cards whose name, reading or text holds ねこやま (also typed ネコヤマ or ﾈｺﾔﾏ)"),
        ('"ダメージを与える"', "語句をそのまま含む札", "Cards with the exact phrase"),
        ("game:kannagi cost<=1", "巫KANNAGIのコスト1以下の札", "KANNAGI cards costing 1 or less"),
        ("t:unit OR t:character sort:cost order:desc", "ユニットかキャラクターを、コストの高い順に", "Units or characters, most expensive first"),
    ],
    "vision": [
        ("t:character nodes<=2", "必要ノード2以下のキャラクター", "Characters needing 2 nodes or fewer"),
        ("race:妖怪 atk>=3", "攻撃力3以上の妖怪", "妖怪 with attack 3 or more"),
        ("t:天候 weather_effects:ダメージ", "効果にダメージのある天候", "Weathers whose effect mentions damage"),
        ("t:character sort:attack order:desc", "キャラクターを攻撃力の高い順に", "Characters by attack, highest first"),
    ],
    "timestorm": [
        ("t:action", "アクションカード", "Action cards"),
        ("win_condition:yes", "勝利条件カード", "Win-condition cards"),
        ("-t:battery sort:cost", "バッテリー以外をコスト順に", "Everything but batteries, by cost"),
    ],
    "kannagi": [
        ("type:場所札 cost<=3 season:春 power>=1", "コスト3以下、春、力1以上の場所札", "Spring places costing 3 or less with power 1 or more"),
        ("season:無 -t:季節札", "無の札（季節札を除く）", "無 cards other than season cards"),
        ("attr:幽霊 OR attr:神", "属性が幽霊か神の札", "Cards with the attribute 幽霊 or 神"),
        ("t:place sort:power order:desc", "場所札を力の高い順に", "Places by power, highest first"),
    ],
    "original": [
        ("attr:火 t:兵 power>=3", "パワー3以上の火の兵", "Fire soldiers with power 3 or more"),
        ("effects.kind:対抗", "対抗効果を持つ札", "Cards with a counter (対抗) effect"),
        ("t:呪術 (attr:火 OR attr:闇) upkeep<=1", "維持コスト1以下の火か闇の呪術", "Fire or dark curses with upkeep 1 or less"),
        ("race:ドラゴン sort:power order:desc", "ドラゴンをパワーの高い順に", "Dragons by power, highest first"),
    ],
    "manacard": [
        ("deck:skill", "スキルデッキの札", "Skill-deck cards"),
        ("t:unit speed>=2 distance:近", "素早さ2以上の近距離ユニット", "Close-range units with speed 2 or more"),
        ("kw:逆転", "【逆転】を持つ札", "Cards with 【逆転】"),
        ("t:unit sort:hp order:desc", "ユニットを体力の高い順に", "Units by HP, highest first"),
    ],
}

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


def examples_for(slug: str | None) -> list[tuple[str, str, str]]:
    return EXAMPLES.get(slug, [])


def field_rows(slug: str | None, lang: str) -> list[dict]:
    """One row per field: its label, every name a query may use, the operators and allowed values."""
    from ..selectors import search_schema

    schema: Schema = search_schema(slug)
    names: dict[str, list[str]] = {}
    for name, key in schema.names.items():
        names.setdefault(key, []).append(name)
    rows = []
    common_keys = ("name", "alias", "reading", "text", "flavor", "type", "cost", "set", "number", "rarity", "keyword",
                   "sample", "game", "sort", "order")
    for key, spec in schema.specs.items():
        if slug is None and key not in common_keys:
            continue
        if slug is not None and key in common_keys:
            continue
        values = list(dict.fromkeys(spec.choices.values())) if spec.kind in (K_CHOICE, K_TYPE, K_GAME) else []
        if spec.kind == K_SORT:
            values = sorted(set(schema.sort_keys.values()))
        rows.append({
            "key": key,
            "label": spec.ja if lang.startswith("ja") else spec.en,
            "names": names.get(key, [key]),
            "ops": _OPS.get(spec.kind, ":"),
            "values": values,
        })
    return rows
