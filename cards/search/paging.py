"""One page of a search without counting or sorting every match (limit-and-peek, a capped count).

A page reads one card more than it shows, to know whether a next page exists. The count stops at
COUNT_CAP + 1 matches: beyond the cap the page says "1,000+". Ranking (exact name, prefix, reading,
text) orders every match when there are at most COUNT_CAP of them; a broader search is listed in the list
order (reading) and ranked within each page, so no page needs every match sorted. Pages stay disjoint and
complete either way: the order does not depend on the page asked for.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from itertools import chain

from django.db import connection
from django.db.models import JSONField, QuerySet
from django.db.models.sql.constants import MULTI

from .compiler import COUNT_CAP, Compiled  # noqa: F401 - COUNT_CAP is read from here too


class PageOutOfRange(LookupError):
    """A page past the last one."""


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


def capped_count(compiled: Compiled, cap: int) -> int:
    """The number of matches, counted up to cap + 1 (a LIMIT inside the COUNT: the scan stops there)."""
    if compiled.count_match is not None:  # one word alone on SQLite: its FTS index counts it
        table, match = compiled.count_match
        with connection.cursor() as cursor:
            cursor.execute(f"SELECT count(*) FROM (SELECT rowid FROM {table} WHERE {table} MATCH %s LIMIT {cap + 1})",
                           [match])
            return cursor.fetchone()[0]
    cards = compiled.filtered if compiled.counted is None else compiled.counted
    return cards.order_by().values("pk")[: cap + 1].count()


def value_rows(cards: QuerySet) -> list[dict]:
    """The rows of a values() QuerySet, as iterating it gives them, with its JSON columns decoded by one
    json.loads for the whole page instead of one per column and row (a card has three: 150 calls for a
    page of 50, a quarter of the API's time per request, with Django's per-value converter machinery)."""
    query = cards.query
    compiler = query.get_compiler(cards.db)
    names = list(query.selected) if query.selected else [*query.extra_select, *query.values_select,
                                                          *query.annotation_select]
    rows = [list(row) for row in chain.from_iterable(compiler.execute_sql(MULTI))]
    if not rows:
        return []
    converters = compiler.get_converters([s[0] for s in compiler.select[0 : compiler.col_count]])
    plain = []  # (position, converters, expression): what Django would run on each value
    json_positions = []
    for pos, (convs, expression) in converters.items():
        field = getattr(expression, "output_field", None)
        if (len(convs) == 1 and getattr(convs[0], "__func__", None) is JSONField.from_db_value
                and isinstance(field, JSONField) and field.decoder is None and type(expression).__name__ == "Col"):
            json_positions.append(pos)
        else:
            plain.append((pos, convs, expression))
    for pos, convs, expression in plain:
        for row in rows:
            value = row[pos]
            for converter in convs:
                value = converter(value, expression, compiler.connection)
            row[pos] = value
    if json_positions:
        _decode_json(rows, json_positions)
    return [dict(zip(names, row)) for row in rows]


def _decode_json(rows: list[list], positions: list[int]) -> None:
    """JSONField.from_db_value on every value at `positions`, in place: None stays None, text is decoded
    (text that is not JSON is kept as it is, as that method does)."""
    cells = [(row, pos) for row in rows for pos in positions if isinstance(row[pos], str)]
    texts = [row[pos] for row, pos in cells]
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
    for (row, pos), value in zip(cells, decoded):
        row[pos] = value


def search_page(compiled: Compiled, number: int, size: int, cap: int | None = None, columns=None,
                values: bool = False) -> SearchPage:
    """Page `number` (1-based) of a compiled search. Raises PageOutOfRange for a page past the last.

    `values`: the page's cards as plain dicts of `columns` (no model instances: the API builds its answer
    from them, a third of its time per request otherwise)."""
    cap = COUNT_CAP if cap is None else cap
    if number < 1:
        raise PageOutOfRange(number)
    offset = (number - 1) * size
    count = None
    within_page = False
    ranked = True
    if compiled.rank is not None:
        # Ranking needs every match sorted: only when they are few.
        count = capped_count(compiled, cap)
        within_page = count > cap
        ranked = not within_page
    cards = compiled.ranked() if ranked else compiled.unranked()
    window = slice(offset, offset + size + 1)
    if compiled.rank is None and connection.vendor == "postgresql":
        # A deferred join: the page's ids in order first, from an index alone where one holds the order
        # and the filter's columns (cards_card_game_type_order_c), then the page's cards by id: PostgreSQL
        # otherwise reads 5,000 whole rows from the table to sort them and keep 51 (a sort by a game field,
        # a type and cost filter). A ranked search reads its matches' texts to rank them anyway, and
        # SQLite's indexes answer the same from the rowid they carry (the second query's compiling would
        # cost more than it saves there).
        cards = compiled.rows(cards.values("pk")[window], ranked)
        window = slice(None)
    if values:
        rows = value_rows(cards.values(*columns, *(("rank",) if within_page else ()))[window])
    else:
        if columns is not None:
            cards = cards.only(*columns)
        rows = list(cards[window])
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
    if count is None:
        count = capped_count(compiled, cap)
    capped = count > cap
    return SearchPage(rows, number, size, cap if capped else count, capped, True, within_page)
