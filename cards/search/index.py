"""What a card contributes to the search index, and the database side of that index.

Every card carries normalised copies of its searchable text (the `search_*`
columns) and one CardFacet row per field value, so that field comparisons are
indexed lookups on both databases. Text search is backed by SQLite FTS5 with
the trigram tokenizer (kept in step by triggers) or by pg_trgm GIN indexes on
PostgreSQL; both answer "contains this substring", so results are the same.

This module knows no models (cards.models builds on it): the CardFacet rows are written by
cards.models.sync_facets from `card_facets` here.
"""

from __future__ import annotations

from django.db import connection as default_connection
from django.db import transaction

from rules.declare.fields import BOOL, CHOICE, CHOICES, INT, LIMIT, NAMES, RECORDS, STR, STRINGS, TEXT, UNLIMITED

from .normalise import normalise, normalise_list
from .query import COMMON_FACET_KEYS, UNLIMITED_NUM

SEARCH_COLUMNS = ("search_name", "search_aliases", "search_reading", "search_text", "search_flavor", "sort_key")
TEXT_COLUMNS = ("search_name", "search_aliases", "search_reading", "search_text")
FTS_TABLE = "cards_card_fts"
# Trigrams cannot find a word of one or two characters (火, 神社), which Japanese searches often are.
# SHORT_TABLE indexes the same text with every character written three times: then "a" is found as
# "aaa" and "ab" as "abbb", both long enough for the trigram index, and exactly (see tripled()).
SHORT_TABLE = "cards_card_short"
FACET_TEXT_MAX = 255
# PostgreSQL: every character and every pair of adjacent characters of the TEXT_COLUMNS, as a text[] column
# kept by a trigger and indexed with GIN (see ensure_grams). pg_trgm cannot narrow a word of one or two
# characters, and Japanese words often are (火, 神社); a pair index narrows words of any length.
GRAMS_COLUMN = "search_grams"


def _record_texts(definition, attrs: dict) -> list[str]:
    texts = []
    for f in definition.fields:
        value = attrs.get(f.key)
        if value is None:
            continue
        if f.kind == TEXT:
            texts.append(value)
        elif f.kind == RECORDS:
            for record in value:
                texts.extend(str(v) for k, v in record.items() if isinstance(v, str))
    return texts


def search_columns(definition, data: dict) -> dict:
    """The normalised search columns of a card given as plain data (Card.to_data())."""
    name = normalise(data["name"])
    reading = normalise(data.get("reading"))
    text = normalise_list([data.get("rules_text") or "", *_record_texts(definition, data.get("fields") or {})])
    return {
        "search_name": name[:200],
        "search_aliases": normalise_list(data.get("aliases")),
        "search_reading": reading[:200],
        "search_text": text,
        "search_flavor": normalise(data.get("flavor_text")),
        "sort_key": (reading or name)[:200],
    }


def _facet_values(f, value):
    """(text, num) pairs for one field value."""
    if value is None:
        return []
    if f.kind == INT:
        return [(str(value), value)]
    if f.kind == LIMIT:
        return [(UNLIMITED, UNLIMITED_NUM)] if value == UNLIMITED else [(str(value), value)]
    if f.kind == BOOL:
        return [("1", 1)] if value else []
    if f.kind in (STR, CHOICE):
        return [(normalise(value), None)] if value != "" else []
    if f.kind in (STRINGS, NAMES, CHOICES):
        return [(normalise(v), None) for v in value if v != ""]
    return []


def card_facets(definition, data: dict) -> list[tuple[str, str, int | None]]:
    """(key, text, num) rows for every field value a query can compare."""
    rows: list[tuple[str, str, int | None]] = []
    for key, facet_key in COMMON_FACET_KEYS.items():
        value = data.get(facet_key)
        values = value if isinstance(value, list) else [value]
        rows.extend((key, normalise(v), None) for v in values if v)
    attrs = data.get("fields") or {}
    for f in definition.fields:
        value = attrs.get(f.key)
        if f.kind == RECORDS and value:
            for record in value:
                for sub in f.subfields:
                    if sub.kind in (STR, CHOICE, CHOICES, STRINGS, BOOL):
                        rows.extend((f"{f.key}.{sub.key}", t, n) for t, n in _facet_values(sub, record.get(sub.key)))
            continue
        rows.extend((f.key, t, n) for t, n in _facet_values(f, value))
    seen = set()
    out = []
    for key, text, num in rows:
        row = (key, text[:FACET_TEXT_MAX], num)
        if row not in seen and text:
            seen.add(row)
            out.append(row)
    return out


def tripled(text: str) -> str:
    return "".join(ch * 3 for ch in text)


def short_phrase(term: str) -> str:
    """The tripled-text phrase that finds a one- or two-character term: "a" -> "aaa", "ab" -> "abbb"."""
    return term * 3 if len(term) == 1 else term[0] + term[1] * 3


def grams(term: str) -> list[str]:
    """What a card's search_grams must hold to contain `term`: the character itself, or each of its pairs."""
    if len(term) == 1:
        return [term]
    return sorted({term[i : i + 2] for i in range(len(term) - 1)})


def sync_short_index(cards) -> None:
    """On SQLite, rewrite the short-word index rows of these saved cards (cards.models.sync_facets calls it
    with the facet rows; elsewhere there is no such index)."""
    if has_short_index():
        _write_short([(c.pk, *(getattr(c, col) for col in TEXT_COLUMNS)) for c in cards])


def _write_short(rows, connection=None) -> None:
    connection = connection or default_connection
    with connection.cursor() as cursor:
        ids = [(row[0],) for row in rows]
        cursor.executemany(f"DELETE FROM {SHORT_TABLE} WHERE rowid = %s", ids)
        cursor.executemany(
            f"INSERT INTO {SHORT_TABLE}(rowid, {', '.join(TEXT_COLUMNS)}) VALUES (%s, %s, %s, %s, %s)",
            [(row[0], *(tripled(v or "") for v in row[1:])) for row in rows],
        )


def _fill_short(connection) -> None:
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT id, {', '.join(TEXT_COLUMNS)} FROM cards_card")
        rows = cursor.fetchall()
    for start in range(0, len(rows), 2000):
        _write_short(rows[start : start + 2000], connection)


# -- the database side ----------------------------------------------------------------

_SQLITE_TRIGGERS = {
    f"{FTS_TABLE}_ai": f"""CREATE TRIGGER {FTS_TABLE}_ai AFTER INSERT ON cards_card BEGIN
  INSERT INTO {FTS_TABLE}(rowid, {", ".join(TEXT_COLUMNS)})
  VALUES (new.id, {", ".join("new." + c for c in TEXT_COLUMNS)});
END""",
    f"{FTS_TABLE}_ad": f"""CREATE TRIGGER {FTS_TABLE}_ad AFTER DELETE ON cards_card BEGIN
  INSERT INTO {FTS_TABLE}({FTS_TABLE}, rowid, {", ".join(TEXT_COLUMNS)})
  VALUES ('delete', old.id, {", ".join("old." + c for c in TEXT_COLUMNS)});
END""",
    f"{FTS_TABLE}_au": f"""CREATE TRIGGER {FTS_TABLE}_au AFTER UPDATE OF {", ".join(TEXT_COLUMNS)} ON cards_card BEGIN
  INSERT INTO {FTS_TABLE}({FTS_TABLE}, rowid, {", ".join(TEXT_COLUMNS)})
  VALUES ('delete', old.id, {", ".join("old." + c for c in TEXT_COLUMNS)});
  INSERT INTO {FTS_TABLE}(rowid, {", ".join(TEXT_COLUMNS)})
  VALUES (new.id, {", ".join("new." + c for c in TEXT_COLUMNS)});
END""",
}
_SHORT_TRIGGER = (
    f"{SHORT_TABLE}_ad",
    f"""CREATE TRIGGER {SHORT_TABLE}_ad AFTER DELETE ON cards_card BEGIN
  DELETE FROM {SHORT_TABLE} WHERE rowid = old.id;
END""",
)
PG_INDEXES = {f"cards_card_{c}_trgm": c for c in TEXT_COLUMNS}
_C_ORDER = 'sort_key COLLATE "C", number COLLATE "C", id'
PG_ORDER_INDEXES = {
    # With the cost and the type: a search of every game filtered by them ("kw:速攻 c<=2") walks the list
    # order in this index alone (an index-only scan; migration 0011 replaced the plain one).
    "cards_card_order_c": f"{_C_ORDER}) INCLUDE (cost, card_type",
    "cards_card_game_order_c": f"game_id, {_C_ORDER}",
    "cards_card_cost_order_c": f"cost DESC NULLS LAST, {_C_ORDER}",
    # One type's cards in list order, with their cost: a search by type (and cost) reads its ids, its order
    # and its cost from this index alone (an index-only scan; SQLite's indexes carry the rowid by
    # themselves, PostgreSQL's need the id as a column), e.g. a sort by a game field orders 5,000 ids
    # without reading a card's row.
    "cards_card_game_type_order_c": f"game_id, card_type, {_C_ORDER}) INCLUDE (cost",
}
# PostgreSQL estimates "key = 'keyword' AND text = '速攻'" as the product of the two columns' shares, as if
# independent (327 facet rows, where 9,983 hold it: a value belongs to one key), and then picks a plan for a
# few hundred cards. Extended statistics (a most-common-values list of the pairs, PostgreSQL 12+) give the
# planner the pair's own share; the larger target keeps every (key, value) pair of a catalogue's fields
# (choices, keywords, numbers) in the list. ANALYZE (or autovacuum) fills them.
PG_STATISTICS = {"cards_cardfacet_key_text": "key, text", "cards_cardfacet_key_num": "key, num"}
PG_STATISTICS_TARGET = 1000
_PG_GRAMS = [
    # The same pairs as grams() makes of a query, for every column at once (pairs across two columns only
    # add entries that no query needs). IMMUTABLE: the trigger and any reindex give the same array.
    """CREATE OR REPLACE FUNCTION cards_card_grams(VARIADIC texts text[]) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT g), '{}')
  FROM unnest(texts) AS t(s), LATERAL (
    SELECT substr(s, i, 1) FROM generate_series(1, char_length(s)) AS i
    UNION ALL
    SELECT substr(s, i, 2) FROM generate_series(1, char_length(s) - 1) AS i
  ) AS x(g)
$$""",
    f"""CREATE OR REPLACE FUNCTION cards_card_grams_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.{GRAMS_COLUMN} := cards_card_grams({", ".join("NEW." + c for c in TEXT_COLUMNS)});
  RETURN NEW;
END
$$""",
    f"ALTER TABLE cards_card ADD COLUMN IF NOT EXISTS {GRAMS_COLUMN} text[] NOT NULL DEFAULT '{{}}'",
    "DROP TRIGGER IF EXISTS cards_card_grams ON cards_card",
    f"""CREATE TRIGGER cards_card_grams BEFORE INSERT OR UPDATE OF {", ".join(TEXT_COLUMNS)} ON cards_card
FOR EACH ROW EXECUTE FUNCTION cards_card_grams_trigger()""",
]
_table_cache: dict = {}


def _has_table(connection, table: str) -> bool:
    if connection.vendor != "sqlite":
        return False
    key = (connection.alias, connection.settings_dict.get("NAME"), table)
    if not _table_cache.get(key):  # remembered once present; looked up again while absent
        with connection.cursor() as cursor:
            cursor.execute("SELECT name FROM sqlite_master WHERE type='table' AND name=%s", [table])
            _table_cache[key] = cursor.fetchone() is not None
    return _table_cache[key]


def has_grams(connection=None) -> bool:
    """On PostgreSQL, whether the character-pair column exists (ensure_grams made it)."""
    connection = connection or default_connection
    if connection.vendor != "postgresql":
        return False
    key = (connection.alias, connection.settings_dict.get("NAME"), GRAMS_COLUMN)
    if not _table_cache.get(key):
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT 1 FROM information_schema.columns WHERE table_name = 'cards_card' AND column_name = %s",
                [GRAMS_COLUMN],
            )
            _table_cache[key] = cursor.fetchone() is not None
    return _table_cache[key]


_GRAM_STATS_SECONDS = 300
_gram_stats: dict = {}


def gram_frequencies(connection=None) -> tuple[dict, float, float]:
    """PostgreSQL's own statistics of search_grams (ANALYZE; autovacuum keeps them): the share of cards
    holding each common pair, the share below which a pair is not listed, and the number of cards. Read
    once every few minutes per process. ({}, 0, 0) before the first ANALYZE."""
    import time

    connection = connection or default_connection
    key = (connection.alias, connection.settings_dict.get("NAME"))
    cached = _gram_stats.get(key)
    if cached is None or time.monotonic() - cached[0] > _GRAM_STATS_SECONDS:
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT s.most_common_elems::text::text[], s.most_common_elem_freqs, c.reltuples FROM pg_class c "
                "LEFT JOIN pg_stats s ON s.tablename = 'cards_card' AND s.attname = %s AND s.schemaname = "
                "current_schema() WHERE c.relname = 'cards_card' AND c.relnamespace = current_schema()::regnamespace",
                [GRAMS_COLUMN],
            )
            row = cursor.fetchone()
        elems, freqs, rows = row if row else (None, None, 0)
        if elems and freqs:
            # most_common_elem_freqs: one per element, then the minimum, the maximum and the null share.
            stats = (dict(zip(elems, freqs, strict=False)), freqs[len(elems)], max(rows, 0))
        else:
            stats = ({}, 0.0, 0.0)
        cached = _gram_stats[key] = (time.monotonic(), stats)
    return cached[1]


def ensure_grams(connection) -> None:
    """PostgreSQL: the character-pair column, its trigger, its values for the cards there are, its GIN index."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT 1 FROM pg_trigger WHERE tgname = 'cards_card_grams' AND tgrelid = 'cards_card'::regclass"
        )
        present = cursor.fetchone() is not None
        for sql in _PG_GRAMS:
            cursor.execute(sql)
        if not present:
            cursor.execute(f"UPDATE cards_card SET {GRAMS_COLUMN} = cards_card_grams({', '.join(TEXT_COLUMNS)})")
        cursor.execute(f"CREATE INDEX IF NOT EXISTS cards_card_grams_gin ON cards_card USING gin ({GRAMS_COLUMN})")
    _table_cache.clear()


def has_fts(connection=None) -> bool:
    return _has_table(connection or default_connection, FTS_TABLE)


def has_short_index(connection=None) -> bool:
    return _has_table(connection or default_connection, SHORT_TABLE)


def ensure_index(connection=None) -> None:
    """Create the text index if it is missing (after migrations, which may rebuild the card table)."""
    connection = connection or default_connection
    with connection.cursor() as cursor:
        if connection.vendor == "sqlite":
            names = [FTS_TABLE, SHORT_TABLE, _SHORT_TRIGGER[0], *_SQLITE_TRIGGERS]
            cursor.execute(
                f"SELECT name FROM sqlite_master WHERE type IN ('table', 'trigger') AND name IN ({', '.join(['%s'] * len(names))})",
                names,
            )
            present = {row[0] for row in cursor.fetchall()}
            if SHORT_TABLE not in present or _SHORT_TRIGGER[0] not in present:
                cursor.execute(f"DROP TABLE IF EXISTS {SHORT_TABLE}")
                cursor.execute(
                    f"CREATE VIRTUAL TABLE {SHORT_TABLE} USING fts5({', '.join(TEXT_COLUMNS)}, tokenize='trigram')"
                )
                cursor.execute(f"DROP TRIGGER IF EXISTS {_SHORT_TRIGGER[0]}")
                cursor.execute(_SHORT_TRIGGER[1])
                _table_cache.clear()
                _fill_short(connection)
            if FTS_TABLE in present and set(_SQLITE_TRIGGERS) <= present:
                return
            cursor.execute(f"DROP TABLE IF EXISTS {FTS_TABLE}")
            cursor.execute(
                f"CREATE VIRTUAL TABLE {FTS_TABLE} USING fts5({', '.join(TEXT_COLUMNS)}, "
                f"content='cards_card', content_rowid='id', tokenize='trigram')"
            )
            for name, sql in _SQLITE_TRIGGERS.items():
                cursor.execute(f"DROP TRIGGER IF EXISTS {name}")
                cursor.execute(sql)
            cursor.execute(f"INSERT INTO {FTS_TABLE}({FTS_TABLE}) VALUES ('rebuild')")
        elif connection.vendor == "postgresql":
            ensure_grams(connection)
            for name, columns in PG_STATISTICS.items():
                cursor.execute(f"CREATE STATISTICS IF NOT EXISTS {name} (mcv) ON {columns} FROM cards_cardfacet")
                cursor.execute(f"ALTER STATISTICS {name} SET STATISTICS {PG_STATISTICS_TARGET}")
            cursor.execute("SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm'")
            if cursor.fetchone() is None:
                try:
                    with transaction.atomic(using=connection.alias):
                        cursor.execute("CREATE EXTENSION IF NOT EXISTS pg_trgm")
                except Exception:  # no right to create it: search still works, without the index
                    return
            for name, column in PG_INDEXES.items():
                cursor.execute(f"CREATE INDEX IF NOT EXISTS {name} ON cards_card USING gin ({column} gin_trgm_ops)")
            # The list orders compare by code point (COLLATE "C", as SQLite does): index them that way.
            for name, columns in PG_ORDER_INDEXES.items():
                cursor.execute(f"CREATE INDEX IF NOT EXISTS {name} ON cards_card ({columns})")


def drop_index(connection=None) -> None:
    connection = connection or default_connection
    with connection.cursor() as cursor:
        if connection.vendor == "sqlite":
            for name in (*_SQLITE_TRIGGERS, _SHORT_TRIGGER[0]):
                cursor.execute(f"DROP TRIGGER IF EXISTS {name}")
            cursor.execute(f"DROP TABLE IF EXISTS {FTS_TABLE}")
            cursor.execute(f"DROP TABLE IF EXISTS {SHORT_TABLE}")
            _table_cache.clear()
        elif connection.vendor == "postgresql":
            for name in (*PG_INDEXES, *PG_ORDER_INDEXES):
                cursor.execute(f"DROP INDEX IF EXISTS {name}")
            for name in PG_STATISTICS:
                cursor.execute(f"DROP STATISTICS IF EXISTS {name}")
            drop_grams(connection)


def drop_grams(connection) -> None:
    if connection.vendor != "postgresql":
        return
    with connection.cursor() as cursor:
        cursor.execute("DROP TRIGGER IF EXISTS cards_card_grams ON cards_card")
        cursor.execute(f"ALTER TABLE cards_card DROP COLUMN IF EXISTS {GRAMS_COLUMN}")
        cursor.execute("DROP FUNCTION IF EXISTS cards_card_grams_trigger()")
        cursor.execute("DROP FUNCTION IF EXISTS cards_card_grams(VARIADIC text[])")
    _table_cache.clear()
