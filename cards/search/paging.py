"""One page of a search without counting or sorting every match (limit-and-peek, a capped count).

A page reads one card more than it shows, to know whether a next page exists. The count stops at
COUNT_CAP + 1 matches: beyond the cap the page says "1,000+". Ranking (exact name, prefix, reading,
text) orders every match when there are at most COUNT_CAP of them; a broader search is listed in the list
order (reading) and ranked within each page, so no page needs every match sorted. Pages stay disjoint and
complete either way: the order does not depend on the page asked for.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from dataclasses import dataclass

from django.core.exceptions import EmptyResultSet
from django.db import connection
from django.db.models import JSONField, QuerySet

from . import compiler as search_compiler
from . import prepared
from .compiler import COUNT_CAP, Compiled  # noqa: F401 - COUNT_CAP is read from here too
from .index import gram_frequencies

# Compiled searches kept per process, by their query and everything their compile read (see cached_search).
PLAN_CACHE_SIZE = 512
STATEMENTS_PER_SEARCH = 64  # its count and pages, each page's statement for its offset
_plans: dict = {}
_plans_lock = threading.Lock()


class PageOutOfRange(LookupError):
    """A page past the last one."""


# No list here holds a billion rows: a page whose offset lies beyond this is out of range before any query
# is made (the databases' integers end at 2**63, and PostgreSQL refused `?page=200000000000000000` with
# "bigint out of range"). Every paginated list checks its page number here (page_in_range, requested_page).
MAX_OFFSET = 10**9


def page_in_range(number: int, size: int) -> bool:
    return number >= 1 and (number - 1) * size < MAX_OFFSET


def requested_page(raw, size: int) -> int:
    """The page number a list was asked for: 1 for none or for a value that is not a number (as Django's
    Paginator.get_page reads it), Http404 for a number no list can reach."""
    from django.http import Http404

    try:
        number = max(1, int(raw))
    except (TypeError, ValueError):
        return 1
    if not page_in_range(number, size):
        raise Http404("page out of range")
    return number


@dataclass
class SearchPage:
    object_list: list
    number: int
    size: int
    count: int  # exact, or COUNT_CAP when count_capped
    count_capped: bool  # more than COUNT_CAP cards match
    has_next_page: bool
    ranked_within_page: bool = False

    @property
    def num_pages(self) -> int | None:
        """None while the count is capped (the last page is not known)."""
        if self.count_capped:
            return None
        return max(1, -(-self.count // self.size))

    def has_next(self) -> bool:
        return self.has_next_page

    def has_previous(self) -> bool:
        return self.number > 1

    def has_other_pages(self) -> bool:
        return self.has_next() or self.has_previous()

    def next_page_number(self) -> int:
        return self.number + 1

    def previous_page_number(self) -> int:
        return self.number - 1

    def __len__(self):
        return len(self.object_list)

    def __iter__(self):
        return iter(self.object_list)


def cached_search(key: tuple, build: Callable[[], Compiled]) -> Compiled:
    """The compiled search `build` makes, reused for the same `key` (the query, its game and filters, the
    database) while every read its compile planned by (cards.search.compiler.probe: how many cards an
    index finds for a word, a field's values) answers as it did, and PostgreSQL's pair statistics
    (index.gram_frequencies) are those it was planned by: the compile depends on nothing else, so
    the reuse compiles to the same statements, which it keeps (Compiled.statements). A request then runs
    the same reads and statements without parsing, building QuerySets or compiling SQL (most of its
    Python time for a search whose statements take a fraction of a millisecond)."""
    key = (connection.alias, connection.vendor, connection.settings_dict.get("NAME"),
           search_compiler.settings_key(), *key)
    plan = _plans.get(key)
    if plan is not None:
        compiled, probes = plan
        statistics = compiled.statistics
        if (statistics is None or gram_frequencies(connection) == statistics) and all(
            search_compiler.probe(sql, params) == rows for sql, params, rows in probes
        ):
            return compiled
    recorder: list = []
    token = search_compiler._probes.set(recorder)
    try:
        compiled = build()
    finally:
        search_compiler._probes.reset(token)
    with _plans_lock:
        _plans.pop(key, None)
        while _plans and len(_plans) >= PLAN_CACHE_SIZE:
            _plans.pop(next(iter(_plans)), None)  # the oldest
        _plans[key] = (compiled, recorder)
    return compiled


@dataclass(frozen=True)
class _Statement:
    """A QuerySet's SELECT, compiled, and how its rows become what iterating its values() gives."""

    sql: str
    params: tuple
    names: list  # the values() keys, in column order
    converters: list  # (position, converters, expression): Django's per-value conversions, JSON aside
    json_positions: list  # the columns of plain JSONFields: decoded together (_decode_json)


def _statement(compiled: Compiled, role: tuple, make: Callable[[], QuerySet]) -> _Statement | None:
    """The statement of the QuerySet `make` builds for `role`, compiled once per compiled search, or None
    when the QuerySet can match nothing (Django runs no statement then)."""
    try:
        return compiled.statements[role]
    except KeyError:
        pass
    cards = make()
    query = cards.query
    compiler = query.get_compiler(cards.db)
    try:
        sql, params = compiler.as_sql()
    except EmptyResultSet:
        sql = None
    statement = None
    if sql:
        names = list(query.selected) if query.selected else [*query.extra_select, *query.values_select,
                                                              *query.annotation_select]
        plain, json_positions = [], []
        for pos, (convs, expression) in compiler.get_converters([s[0] for s in compiler.select[: compiler.col_count]]).items():
            field = getattr(expression, "output_field", None)
            if (len(convs) == 1 and getattr(convs[0], "__func__", None) is JSONField.from_db_value
                    and isinstance(field, JSONField) and field.decoder is None and type(expression).__name__ == "Col"):
                json_positions.append(pos)
            else:
                plain.append((pos, convs, expression))
        statement = _Statement(sql, tuple(params), names, plain, json_positions)
    if len(compiled.statements) >= STATEMENTS_PER_SEARCH:  # a crawler paging through one search
        compiled.statements.clear()
    compiled.statements[role] = statement
    return statement


def capped_count(compiled: Compiled, cap: int) -> int:
    """The number of matches, counted up to cap + 1 (a LIMIT inside the COUNT: the scan stops there)."""
    if compiled.count_match is not None:  # one word alone on SQLite: its FTS index counts it
        table, match = compiled.count_match
        with connection.cursor() as cursor:
            cursor.execute(f"SELECT count(*) FROM (SELECT rowid FROM {table} WHERE {table} MATCH %s LIMIT {cap + 1})",
                           [match])
            return cursor.fetchone()[0]
    return counted_ids(compiled, cap)[0]


def value_rows(compiled: Compiled, role: tuple, make: Callable[[], QuerySet], ids: str | None = None) -> list[dict]:
    """The rows of the values() QuerySet `make` builds, as iterating it gives them, its statement compiled
    once per compiled search (`role` names it there), with its JSON columns decoded by one json.loads for
    the whole page instead of one per column and row (a card has three: 150 calls for a page of 50, a
    quarter of the API's time per request, with Django's per-value converter machinery)."""
    statement = _statement(compiled, role, make)
    if statement is None:
        return []
    params = statement.params
    position = None
    if ids is not None:  # the request's own ids where the statement holds their mark
        position = next((i for i, param in enumerate(params) if param is _IDS), None)
        params = tuple(ids if param is _IDS else param for param in params)
    # (PostgreSQL: planned once per connection, the ids passed as its parameter: cards.search.prepared)
    with prepared.cursor(ids_position=position) as cursor:
        cursor.execute(statement.sql, params)
        rows = [list(row) for row in cursor.fetchall()]
    if not rows:
        return []
    for pos, convs, expression in statement.converters:
        for row in rows:
            value = row[pos]
            for converter in convs:
                value = converter(value, expression, connection)
            row[pos] = value
    if statement.json_positions:
        _decode_json(rows, statement.json_positions)
    names = statement.names
    return [dict(zip(names, row, strict=False)) for row in rows]


def _decode_json(rows: list[list], positions: list[int]) -> None:
    """JSONField.from_db_value on every value at `positions`, in place: None stays None, text is decoded
    (text that is not JSON is kept as it is, as that method does)."""
    cells, texts = [], []
    for row in rows:
        for pos in positions:
            text = row[pos]
            if isinstance(text, str):
                # An empty list or object (most cards' aliases and keywords) needs no decoding: a new one each.
                if text == "[]":
                    row[pos] = []
                elif text == "{}":
                    row[pos] = {}
                else:
                    cells.append((row, pos))
                    texts.append(text)
    if not texts:
        return
    try:
        decoded = json.loads("[" + ",".join(texts) + "]")
        if len(decoded) != len(cells):  # text holding several values ("1,2"): one by one
            raise ValueError
    except ValueError:
        decoded = []
        for text in texts:
            try:
                decoded.append(json.loads(text))
            except json.JSONDecodeError:
                decoded.append(text)
    for (row, pos), value in zip(cells, decoded, strict=True):
        row[pos] = value


def search_page(compiled: Compiled, number: int, size: int, cap: int | None = None, columns=None,
                values: bool = False) -> SearchPage:
    """Page `number` (1-based) of a compiled search. Raises PageOutOfRange for a page past the last.

    The capped count comes first, and when the matches are at most `cap` it brings their ids along: the
    page is then read from those ids alone (its cards by id, ordered), so the search's filter is applied
    once per request, not once for the count and again for the page. Past the cap the page is read as the
    list's first `size` + 1 matches in order, as before.

    `values`: the page's cards as plain dicts of `columns` (no model instances: the API builds its answer
    from them, a third of its time per request otherwise)."""
    cap = COUNT_CAP if cap is None else cap
    if not page_in_range(number, size):
        raise PageOutOfRange(number)
    offset = (number - 1) * size
    ids = None
    if compiled.count_match is None:
        count, ids = counted_ids(compiled, cap)
    else:  # (SQLite's FTS table counts the word; its ids are not read)
        count = capped_count(compiled, cap)
    within_page = compiled.rank is not None and count > cap
    ranked = not within_page
    window = slice(offset, offset + size + 1)
    if ids is not None and offset >= count:  # (no match, or a page past them)
        rows = []
    elif values:
        rank = ("rank",) if within_page else ()
        if ids is not None:
            role = ("id-rows", ranked, tuple(columns), offset, size)
            rows = value_rows(compiled, role, lambda: compiled.by_ids(_ids_condition(compiled), [_IDS], ranked)[window]
                              .values(*columns), ids=ids)
        else:
            role = ("rows", ranked, rank, tuple(columns), offset, size)
            rows = value_rows(compiled, role, lambda: _page_cards(compiled, ranked, window).values(*columns, *rank))
    else:
        if ids is not None:
            cards = compiled.by_ids(_ids_condition(compiled), [ids], ranked)[window]
        else:
            cards = _page_cards(compiled, ranked, window)
        if columns is not None:
            cards = cards.only(*columns)
        rows = list(cards)
    has_next = len(rows) > size
    rows = rows[:size]
    if not rows and number > 1:
        raise PageOutOfRange(number)
    if within_page:
        # stable: the list order within each rank
        rows.sort(key=(lambda row: row["rank"]) if values else (lambda card: card.rank))
    if not has_next:
        # The last page knows the count without counting (exact, even past the cap).
        return SearchPage(rows, number, size, offset + len(rows), False, False, within_page)
    capped = count > cap
    return SearchPage(rows, number, size, cap if capped else count, capped, True, within_page)


class _IdsMark:
    """The parameter a cached id-rows statement holds where each request's ids go (value_rows fills it)."""

    def __repr__(self):
        return "<ids>"


_IDS = _IdsMark()


def _ids_condition(compiled: Compiled) -> str:
    """A WHERE condition on the card's id being one of the comma-joined ids of its one parameter."""
    meta = compiled.filtered.model._meta
    quote = connection.ops.quote_name
    column = f"{quote(meta.db_table)}.{quote(meta.pk.column)}"
    if connection.vendor == "postgresql":
        return f"{column} = ANY(string_to_array(%s, ',')::bigint[])"
    return f"{column} IN (SELECT value FROM json_each('[' || %s || ']'))"


def counted_ids(compiled: Compiled, cap: int) -> tuple[int, str | None]:
    """The matches counted up to cap + 1 (a LIMIT inside the COUNT: the scan stops there) and, when they are
    at most `cap`, their ids comma-joined in no order ("" for none); None past the cap. One statement."""
    statement = _facet_driven(compiled, cap) if compiled.count_facet is not None else None
    if statement is None:
        cards = compiled.filtered if compiled.counted is None else compiled.counted
        statement = _statement(compiled, ("count", cap), lambda: cards.order_by().values("pk")[: cap + 1])
    if statement is None:
        return 0, ""
    joined = "string_agg(pk::text, ',')" if connection.vendor == "postgresql" else "group_concat(pk)"
    with prepared.cursor() as cursor:
        cursor.execute(f"SELECT COUNT(*), CASE WHEN COUNT(*) <= {int(cap)} THEN {joined} END FROM ({statement.sql}) "
                       "subquery", statement.params)
        count, ids = cursor.fetchone()
    return count, ((ids or "") if count <= cap else None)


def _facet_driven(compiled: Compiled, cap: int) -> _Statement | None:
    """SQLite, and PostgreSQL without a join: the count's statement driven from a facet (Compiler.count_driver):
    the facet rows F the condition selects, each card joined by its id in that order (CROSS JOIN: SQLite keeps
    it) and checked against the rest of the search, each card once (a card may hold several of the values), up to cap + 1.
    None when the rest's statement is not the plain SELECT of the cards this builds on (then the usual
    count is made)."""
    role = ("count-facet", cap)
    if role in compiled.statements:
        return compiled.statements[role]
    cards, condition, condition_params = compiled.count_facet
    rest = _statement(compiled, ("count-rest",), lambda: cards.order_by().values("pk"))
    meta = compiled.filtered.model._meta
    quote = connection.ops.quote_name
    table, pk = quote(meta.db_table), quote(meta.pk.column)
    select = f"SELECT {table}.{pk} AS {quote('pk')} FROM {table}"
    statement = None
    plain = rest is not None and (rest.sql == select or rest.sql.startswith(select + " WHERE "))
    where = rest.sql[len(select + " WHERE "):] if plain else ""
    if plain and not (where and connection.vendor == "postgresql"):  # (there: the facet rows alone, count_driver)
        facets = quote(meta.get_field("facets").related_model._meta.db_table)
        # Nothing asked of the card itself (every card of the facet rows passes): the facet rows alone, from
        # their index (a facet row's card exists: its foreign key).
        join = f" CROSS JOIN {table} ON {table}.{pk} = F.\"card_id\"" if where else ""
        sql = (f'SELECT DISTINCT F."card_id" AS {quote("pk")} FROM {facets} F{join} WHERE {condition}'
               + (f" AND ({where})" if where else "") + f" LIMIT {int(cap) + 1}")
        statement = _Statement(sql, (*condition_params, *rest.params), [], [], [])
    compiled.statements[role] = statement
    if statement is None:
        compiled.count_facet = None
    return statement


def _page_cards(compiled: Compiled, ranked: bool, window: slice) -> QuerySet:
    """The page's cards (`window` of the list, in order)."""
    cards = compiled.ranked() if ranked else compiled.unranked()
    if compiled.rank is None and connection.vendor == "postgresql":
        # A deferred join: the page's ids in order first, from an index alone where one holds the order
        # and the filter's columns (cards_card_game_type_order_c), then the page's cards by id: PostgreSQL
        # otherwise reads 5,000 whole rows from the table to sort them and keep 51 (a sort by a game field,
        # a type and cost filter). A ranked search reads its matches' texts to rank them anyway, and
        # SQLite's indexes answer the same from the rowid they carry (the second query's compiling would
        # cost more than it saves there).
        return compiled.rows(cards.values("pk")[window], ranked)
    return cards[window]
