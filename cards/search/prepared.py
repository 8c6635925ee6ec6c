"""PostgreSQL: a search's statements run as prepared statements, planned once per connection.

A compiled search (cards.search.paging.cached_search) runs the same few statements on every request: its
probes, its capped count, its page. PostgreSQL plans a statement sent as text every time it receives it,
and for these statements planning costs more than running them (the facet statistics are large): the
OR search "(attr:火 OR attr:闇) -t:土地 power>=3" took 12.7 ms of server CPU per API request, 8.1 with its
statements prepared (100,000 cards, bench/profiles/h51search.txt).
Here such a statement is sent exactly as Django sends it (its parameters bound on the client, by the
same adapters: the same text), but through psycopg's prepared statements: prepared on its second run on a
connection and executed by name afterwards (psycopg keeps them per connection, the last 100 used, and
deallocates the others). The statement has no parameters left, so its plan is the one PostgreSQL would
make for the text each time (a custom plan; PostgreSQL plans it again by itself after an ANALYZE or a
schema change of its tables). The rows are the same.

A page read by its matches' ids (a different text per request) passes the ids as its one server-side
parameter (cursor(ids_position=...)), so that its text repeats too (PostgreSQL may run it by its generic
plan after five runs: the same rows, in the page's total order). Every statement still goes through
Django's cursor wrapper (execute wrappers, the debug cursor's query log, database error wrapping).
Django leaves psycopg's prepared statements off (prepare_threshold None, for connection poolers in
transaction mode); they are turned on only around these statements' execution. SQLite: Django's cursor.
"""

from __future__ import annotations

import re

from django.db import connection

try:  # psycopg 3 (the PostgreSQL driver of the project)
    import psycopg
except ImportError:  # pragma: no cover - SQLite-only installs
    psycopg = None

# A statement is prepared on its second run on a connection (psycopg counts the runs of each text, the
# last 100 texts): a search asked once (a crawler's, a typo) is not prepared, only to be deallocated later.
THRESHOLD = 1
_MARK = "cards-search-ids-5d1c"  # the ids parameter's place while the others are bound on the client
_IDS = re.compile(r"[0-9]+(,[0-9]+)*")  # what a page's ids are (cards.search.paging.counted_ids)


if psycopg is not None:

    class _PreparedCursor(psycopg.Cursor):
        """A psycopg cursor whose execute binds the parameters on the client (as Django's ClientCursor does:
        the same text) and runs that text as a prepared statement. With `ids_position`, that parameter (a
        page's ids) is left to the server ($1), so that the statement's text is the same whatever the ids."""

        ids_position: int | None = None

        def execute(self, query, params=None, **kwargs):
            conn = self.connection
            args = None
            if params is not None:
                client = psycopg.ClientCursor(conn)
                position = self.ids_position
                if position is not None:
                    params = list(params)
                    ids, params[position] = params[position], _MARK
                    text = client.mogrify(query, params)
                    marked = "'" + _MARK + "'"
                    if text.count(marked) != 1 or not _IDS.fullmatch(ids):  # (not prepared)
                        params[position] = ids
                        return super().execute(client.mogrify(query, params), None, prepare=False)
                    logged = text.replace(marked, "'" + ids + "'")  # the text Django's cursor would send
                    query, args = text.replace("%", "%%").replace(marked, "%s"), [ids]
                else:
                    query = logged = client.mogrify(query, params)
            else:
                logged = query
            threshold = conn.prepare_threshold
            if threshold is None:
                conn.prepare_threshold = THRESHOLD
            try:
                try:
                    super().execute(query, args)
                except psycopg.errors.FeatureNotSupported as error:
                    # A prepared statement's columns changed type under it (a migration run by another
                    # process: PostgreSQL plans it again by itself for anything else). Outside a
                    # transaction, the connection's prepared statements are dropped and it runs again.
                    if ("cached plan must not change result type" not in str(error)
                            or conn.info.transaction_status != psycopg.pq.TransactionStatus.IDLE):
                        raise
                    super().execute("DEALLOCATE ALL")  # (psycopg forgets its own list of them too)
                    super().execute(query, args)
            finally:
                if threshold is None:
                    conn.prepare_threshold = None
            # What Django's debug cursor logs (last_executed_query reads the text a client-bound cursor sent;
            # psycopg keeps none for a statement run by name).
            self._query = _Logged(logged.encode() if isinstance(logged, str) else logged)
            return self

    class _Logged:
        __slots__ = ("query",)

        def __init__(self, query):
            self.query = query


def cursor(ids_position: int | None = None):
    """A cursor for a search statement that repeats (see the module's note). `ids_position`: the position
    of the parameter holding a page's comma-joined ids, passed to the server as the statement's one
    parameter."""
    if connection.vendor != "postgresql" or psycopg is None:
        return connection.cursor()
    connection.ensure_connection()
    with connection.wrap_database_errors:
        raw = _PreparedCursor(connection.connection)
        raw.ids_position = ids_position
        return connection._prepare_cursor(raw)
