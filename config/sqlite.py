"""SQLite's journal: WAL, so pages and the task worker read while a write is under way, with
synchronous=NORMAL, so a commit does not wait for the disk (in WAL mode a power cut can lose the last
commits, never the file; on a shared disk the flush was 25-30 ms of every goldfish action and deck save).

Set on each new connection rather than in the connection's init_command: switching a file to WAL needs a
lock the busy timeout does not wait for, so several processes opening a fresh file at once (the task
workers of `make run`) would fail to connect. WAL is kept in the file, so the switch happens once; a
connection that loses the race to switch reads the file in its old mode, which is correct, only slower.
"""

from django.db import OperationalError


def use_wal(sender, connection, **kwargs) -> None:
    if connection.vendor != "sqlite":
        return
    with connection.cursor() as cursor:
        cursor.execute("PRAGMA synchronous=NORMAL")
        mode = cursor.execute("PRAGMA journal_mode").fetchone()[0]
        if mode.lower() not in ("wal", "memory"):  # memory: the test database in RAM, which has no journal file
            try:
                cursor.execute("PRAGMA journal_mode=WAL")
            except OperationalError:
                pass  # another process holds the lock while switching it: it switches the file for us
