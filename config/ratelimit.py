"""Rate limits that hold across threads, processes and servers: one counter row per key in the database,
counted up by one atomic statement.

A key's window starts at its first request and lasts `period` seconds; within it at most `limit` requests
are let through, and the refused ones are not counted (so a client that keeps asking is let through again
as soon as the window ends). The whole decision is one statement:

    INSERT INTO config_ratecounter (key, hits, expires) VALUES (%s, 1, now + period)
    ON CONFLICT (key) DO UPDATE SET
        hits    = CASE WHEN expires <= now THEN 1 ELSE hits + 1 END,      -- a window that ended starts over
        expires = CASE WHEN expires <= now THEN excluded.expires ELSE expires END
    WHERE expires <= now OR hits < limit                                  -- else: refused, nothing written
    RETURNING hits, expires

PostgreSQL runs ON CONFLICT DO UPDATE on the row's latest version with the row locked, and SQLite runs one
writer at a time, so parallel requests never both see the same count: the limit holds exactly, on both
(SQLite 3.35 or later for RETURNING). The database is the one store every server process shares whatever
CACHE_URL is: the cache backends Django ships for it (locmem, db, file) implement incr() as a read and a
write, so counting in them is the read-modify-write race this replaces (README: "Rate limits").

Rows whose window has ended are deleted now and then (at most once a minute per process, when a key starts
a new window), so the table holds about one row per client active in the last window.
"""

from __future__ import annotations

import contextlib
import hashlib
import math
import time
from dataclasses import dataclass

from django.db import connection, transaction

from .models import RateCounter

PRUNE_EVERY = 60.0  # seconds between two prunes by one process
_next_prune = 0.0


@dataclass(frozen=True)
class Hit:
    """What one request got: let through or not, and in how many seconds the key's window ends (a refused
    request may be retried then)."""

    allowed: bool
    retry_after: int


def _table() -> str:
    return connection.ops.quote_name(RateCounter._meta.db_table)


def _key(key: str) -> str:
    return key if len(key) <= 200 else "sha256:" + hashlib.sha256(key.encode()).hexdigest()


def _upsert_sql() -> str:
    q = connection.ops.quote_name
    table, k, hits, expires = _table(), q("key"), q("hits"), q("expires")
    return (
        f"INSERT INTO {table} ({k}, {hits}, {expires}) VALUES (%s, 1, %s) "
        f"ON CONFLICT ({k}) DO UPDATE SET "
        f"{hits} = CASE WHEN {table}.{expires} <= %s THEN 1 ELSE {table}.{hits} + 1 END, "
        f"{expires} = CASE WHEN {table}.{expires} <= %s THEN excluded.{expires} ELSE {table}.{expires} END "
        f"WHERE {table}.{expires} <= %s OR {table}.{hits} < %s "
        f"RETURNING {hits}, {expires}"
    )


@contextlib.contextmanager
def _cheap_commit():
    """On PostgreSQL, outside a transaction: one whose commit does not wait for the disk (a count lost in a
    crash costs nothing; a flush per API request would). Elsewhere the statement commits as it is."""
    if connection.vendor == "postgresql" and not connection.in_atomic_block:
        with transaction.atomic():
            with connection.cursor() as cursor:
                cursor.execute("SET LOCAL synchronous_commit TO OFF")
            yield
    else:
        yield


def hit(key: str, limit: int, period: float, *, now: float | None = None) -> Hit:
    """Count one request against `key` (at most `limit` per `period` seconds); see the module doc."""
    now = time.time() if now is None else now
    key = _key(key)
    if limit <= 0:
        return Hit(False, max(1, math.ceil(period)))
    q = connection.ops.quote_name
    found = None
    with _cheap_commit(), connection.cursor() as cursor:
        cursor.execute(_upsert_sql(), [key, now + period, now, now, now, limit])
        row = cursor.fetchone()
        if row is None:  # refused: nothing was written; the window ends when the row says
            cursor.execute(f"SELECT {q('expires')} FROM {_table()} WHERE {q('key')} = %s", [key])
            found = cursor.fetchone()
    if row is None:
        ends = found[0] if found else now + 1
        return Hit(False, max(1, math.ceil(ends - now)))
    hits, ends = row
    if hits == 1:
        _maybe_prune(now)
    return Hit(True, max(0, math.ceil(ends - now)))


def release(key: str, *, now: float | None = None) -> None:
    """Give back one request counted by `hit` (a sign-in that succeeded does not count as a failure)."""
    now = time.time() if now is None else now
    q = connection.ops.quote_name
    with connection.cursor() as cursor:
        cursor.execute(
            f"UPDATE {_table()} SET {q('hits')} = {q('hits')} - 1 WHERE {q('key')} = %s AND {q('hits')} > 0 "
            f"AND {q('expires')} > %s",
            [_key(key), now],
        )


def count(key: str, *, now: float | None = None) -> int:
    """The requests counted against `key` in its current window (0 once it has ended)."""
    now = time.time() if now is None else now
    row = RateCounter.objects.filter(key=_key(key), expires__gt=now).values_list("hits", flat=True).first()
    return row or 0


def prune(*, now: float | None = None) -> int:
    """Delete the rows whose window has ended; returns how many."""
    now = time.time() if now is None else now
    deleted, _ = RateCounter.objects.filter(expires__lte=now).delete()
    return deleted


def _maybe_prune(now: float) -> None:
    global _next_prune
    if now >= _next_prune:
        _next_prune = now + PRUNE_EVERY
        prune(now=now)


def reset() -> None:
    """Forget every count (tests)."""
    global _next_prune
    RateCounter.objects.all().delete()
    _next_prune = 0.0
