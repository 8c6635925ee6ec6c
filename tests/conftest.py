"""Small chained fixtures shared by the suite."""

import datetime
import json as jsonlib
import os
import zlib

import pytest
from django.contrib.auth.models import Group, User

from cards.models import Card, Game, editor_group_name
from cards.services import load_bundled


@pytest.fixture
def games(db):
    """The games exist after every migrate (cards.services.sync_games)."""
    return {g.slug: g for g in Game.objects.all()}


@pytest.fixture
def kannagi(games):
    return games["kannagi"]


# -- the bundled data, loaded once a session and replayed ------------------------------------------------
#
# Hundreds of tests start from the bundled cards (and the sample decks): load_bundled and load_sample_decks
# build them through the ORM (~0.3 s of CPU a test). In a test that runs inside a transaction (the default
# django_db) the rows they write are the same each time the tables hold the same rows before: so the first such
# load of a session runs for real and its rows are kept (what it inserted, updated and deleted, table by table,
# as the database holds them), and the next loads from the same starting point write those rows again with
# plain INSERTs (the database's own triggers still fill the search tables). A load whose start differs
# (another number of rows in a table, or other user names), whose rows would collide with rows there are, or
# whose rows would point to rows that are not there (their foreign keys are checked at once), runs for real. Transactional tests always load for real: there the loads' after-commit work (the faces
# queued for drawing) runs too. BUNDLED_REPLAY=0 loads for real every time.

REPLAY = os.environ.get("BUNDLED_REPLAY", "1") != "0"
_replays: dict = {}


_table_info: dict = {}


def _replay_tables(cursor, connection):
    """_read_tables, kept while the schema stays as it is."""
    if connection.vendor == "sqlite":
        cursor.execute("PRAGMA schema_version")
    else:
        cursor.execute(
            "SELECT (SELECT count(*) FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid"
            "  WHERE c.relnamespace = current_schema()::regnamespace AND a.attnum > 0 AND NOT a.attisdropped),"
            " (SELECT coalesce(sum(oid::int8), 0) FROM pg_class WHERE relnamespace = current_schema()::regnamespace)")
    key = (connection.vendor, connection.settings_dict["NAME"], tuple(cursor.fetchone()))
    if key not in _table_info:
        _table_info[key] = _read_tables(cursor, connection)
    return _table_info[key]


def _read_tables(cursor, connection):
    """{table: (columns, pk column, datetime and JSON columns)} of the tables (on SQLite not the shadow tables of
    the full-text tables, nor the full-text table whose rows the triggers on cards_card write)."""
    tables = {}
    if connection.vendor == "sqlite":
        cursor.execute("SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
        found = cursor.fetchall()
        virtual = {name: sql for name, sql in found if (sql or "").upper().startswith("CREATE VIRTUAL TABLE")}
        for name, sql in found:
            if any(name.startswith(v + "_") for v in virtual):
                continue  # a full-text table's shadow tables: written through the table itself
            if name in virtual and "content=" in sql.replace(" ", ""):
                continue  # an external-content full-text table: its triggers on the content table write it
            cursor.execute(f'PRAGMA table_xinfo("{name}")')
            info = cursor.fetchall()  # cid, name, type, notnull, default, pk, hidden
            columns = [row[1] for row in info if row[6] == 0]
            pks = [row[1] for row in info if row[5]]
            if name in virtual:  # a full-text table of its own (the short words'): by its rowid
                columns, pks = ["rowid", *columns], ["rowid"]
            dates = {row[1] for row in info if row[6] == 0 and (row[2] or "").lower() == "datetime"}
            tables[name] = (columns, pks[0] if len(pks) == 1 else None, dates)
    else:
        cursor.execute(
            "SELECT c.table_name, c.column_name, c.data_type, c.is_generated FROM information_schema.columns c"
            " JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name"
            " WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE' ORDER BY c.table_name, c.ordinal_position")
        for table, column, kind, generated in cursor.fetchall():
            columns, _pk, dates = tables.setdefault(table, ([], None, set()))
            if generated == "NEVER":
                columns.append(column)
                if kind.startswith("timestamp"):
                    dates.add(column)
                elif kind in ("json", "jsonb"):
                    dates.add((kind, column))  # read as its text (Django's loader): written back cast (_write)
        for table in list(tables):
            constraints = connection.introspection.get_constraints(cursor, table)
            pks = [c["columns"] for c in constraints.values() if c["primary_key"]]
            columns, _pk, dates = tables[table]
            tables[table] = (columns, pks[0][0] if len(pks) == 1 and len(pks[0]) == 1 else None, dates)
    return tables


def _q(name):
    return f'"{name}"'


def _start(cursor, tables):
    """What the load starts from: each table's number of rows, and the user names (the sample decks' owner
    is found by name)."""
    names = list(tables)
    counts = {}
    for i in range(0, len(names), 100):
        part = names[i:i + 100]
        cursor.execute(" UNION ALL ".join(f"SELECT {j}, count(*) FROM {_q(t)}" for j, t in enumerate(part)))
        counts.update({part[j]: n for j, n in cursor.fetchall()})
    users = ()
    if "auth_user" in tables:
        cursor.execute("SELECT username FROM auth_user ORDER BY username")
        users = tuple(row[0] for row in cursor.fetchall())
    return tuple(sorted(counts.items())), users


def _rows(cursor, table, columns, pk):
    cursor.execute(f"SELECT {', '.join(map(_q, columns))} FROM {_q(table)}")
    rows = cursor.fetchall()
    at = columns.index(pk)
    return {row[at]: tuple(row) for row in rows}


def _all(cursor, table):
    cursor.execute(f"SELECT * FROM {_q(table)}")
    return sorted(map(repr, cursor.fetchall()))


def _moved(row, dates, by):
    """The row with its times moved by `by` (and its JSON values wrapped for psycopg)."""
    if not dates:
        return row
    row = list(row)
    for i, json in dates:
        if json:
            if row[i] is not None and not isinstance(row[i], str):  # PostgreSQL's json and jsonb, as their text
                row[i] = jsonlib.dumps(row[i])
        else:
            row[i] = _shifted(row[i], by)
    return row


def _shifted(value, by):
    if value is None:
        return value
    if isinstance(value, datetime.datetime):
        return value + by
    if isinstance(value, str):  # SQLite: Django's text form of a naive UTC datetime
        try:
            return str(datetime.datetime.fromisoformat(value) + by)
        except ValueError:
            return value
    return value


def _replayed(step: str, load) -> None:
    """load(), or the rows it wrote the first time from the same start, written again."""
    from django.db import connection

    if not (REPLAY and connection.in_atomic_block):
        load()
        return
    with connection.cursor() as cursor:
        tables = _replay_tables(cursor, connection)
        key = (connection.vendor, connection.settings_dict["NAME"], step, _start(cursor, tables))
        saved = _replays.get(key)
        if saved is not None and _collides(cursor, saved):
            saved = None
        if saved is None:
            if key in _replays:  # kept, but its rows would collide here
                load()
                return
            _replays[key] = _record(cursor, tables, load)
        else:
            from django.db import IntegrityError, transaction

            try:
                with transaction.atomic():  # a savepoint: written, and every row it points to is there
                    _write(cursor, connection, saved)
                    connection.check_constraints(table_names=[change[0] for change in saved["changes"]])
            except IntegrityError:
                load()


def _record(cursor, tables, load):
    before = {t: _rows(cursor, t, c, pk) for t, (c, pk, _d) in tables.items() if pk}
    unkeyed = {t: _all(cursor, t) for t, (_c, pk, _d) in tables.items() if not pk}
    from django.utils import timezone

    at = timezone.now()
    load()
    changes = []
    for table, (columns, pk, dates) in tables.items():
        if not pk:
            if _all(cursor, table) != unkeyed[table]:
                return None  # a table without a key changed: this load is never replayed
            continue
        after = _rows(cursor, table, columns, pk)
        old = before[table]
        inserted = [row for key, row in after.items() if key not in old]
        updated = [row for key, row in after.items() if key in old and old[key] != row]
        deleted = [key for key in old if key not in after]
        if inserted or updated or deleted:
            marked = [(columns.index(d[1]), d[0]) if isinstance(d, tuple) else (columns.index(d), None) for d in dates]
            changes.append((table, columns, pk, marked, inserted, updated, deleted))
    return {"at": at, "changes": changes}


def _collides(cursor, saved) -> bool:
    if saved is None:
        return True
    for table, _columns, pk, _dates, inserted, _updated, _deleted in saved["changes"]:
        if inserted:
            at = _columns.index(pk)
            keys = [row[at] for row in inserted]
            cursor.execute(f"SELECT count(*) FROM {_q(table)} WHERE {_q(pk)} >= %s AND {_q(pk)} <= %s", [min(keys), max(keys)])
            if cursor.fetchone()[0]:
                return True
    return False


def _write(cursor, connection, saved) -> None:
    from django.utils import timezone

    by = timezone.now() - saved["at"]  # the rows' times as if written now
    for table, columns, pk, dates, inserted, updated, deleted in saved["changes"]:
        casts = {i: f"::{json}" for i, json in dates if json}
        marks = ", ".join(f"%s{casts.get(i, '')}" for i in range(len(columns)))

        if deleted:
            cursor.executemany(f"DELETE FROM {_q(table)} WHERE {_q(pk)} = %s", [[key] for key in deleted])
        if updated:
            at = columns.index(pk)
            sets = ", ".join(f"{_q(c)} = %s{casts.get(i, '')}" for i, c in enumerate(columns))
            cursor.executemany(f"UPDATE {_q(table)} SET {sets} WHERE {_q(pk)} = %s",
                               [[*_moved(row, dates, by), row[at]] for row in updated])
        if inserted:
            cursor.executemany(f"INSERT INTO {_q(table)} ({', '.join(map(_q, columns))}) VALUES ({marks})",
                               [_moved(row, dates, by) for row in inserted])
            if connection.vendor == "postgresql":
                cursor.execute("SELECT pg_get_serial_sequence(%s, %s)", [table, pk])
                sequence = cursor.fetchone()[0]
                if sequence:  # never behind the rows written (it is not rolled back: normally it is ahead)
                    cursor.execute(f"SELECT setval(%s, GREATEST((SELECT max({_q(pk)}) FROM {_q(table)}),"
                                   f" (SELECT last_value FROM {sequence})))", [sequence])


@pytest.fixture
def bundled(games):
    """The bundled seed cards and sample sets, as `make run` loads them."""
    _replayed("bundled", load_bundled)
    return Card.objects.all()


@pytest.fixture
def place(kannagi):
    return Card.objects.create(
        game=kannagi, name="テストの廃屋", card_type="場所札", cost=0, attrs={"season": ["春"], "power": 1}
    )


@pytest.fixture
def user(db):
    return User.objects.create_user("player", password="pw-player-123")


def _editor(username, slug):
    editor = User.objects.create_user(username, password=f"pw-{username}-123", is_staff=True)
    editor.groups.add(Group.objects.get(name=editor_group_name(slug)))
    return editor


@pytest.fixture
def kannagi_editor(games):
    return _editor("kannagi-ed", "kannagi")


@pytest.fixture
def vision_editor(games):
    return _editor("vision-ed", "vision")


@pytest.fixture
def editor_client(client, kannagi_editor):
    client.force_login(kannagi_editor)
    return client


# -- decks ------------------------------------------------------------------------------------------

# A legal kannagi deck under "base": 40 cards, the restricted cards within their limits.
KANNAGI_DECKLIST = (
    "メイン:\n4 ねこやま\n2 本物のお化け屋敷\n4 鉄の風\n4 桜並木の小径\n4 無人の踏切\n4 花火の河川敷\n"
    "1 肥川の大蛇\n2 仮想世界の外\n3 春霞の丘\n2 北海道：円形校舎\n4 手作りのお守り\n2 悠習の古日記\n4 古びた懐中電灯\n"
)


@pytest.fixture
def samples(bundled):
    """The bundled cards, then the bundled sample decks and pools (public, owned by "samples")."""
    from decks.models import Deck
    from decks.services import load_sample_decks

    _replayed("samples", load_sample_decks)
    return Deck.objects.filter(sample=True)


@pytest.fixture
def other_user(db):
    return User.objects.create_user("intruder", password="pw-intruder-123")


@pytest.fixture
def user_client(client, user):
    client.force_login(user)
    return client


@pytest.fixture
def other_client(other_user):
    from django.test import Client

    other = Client()
    other.force_login(other_user)
    return other


@pytest.fixture
def kannagi_base(bundled):
    from decks.models import Regulation

    return Regulation.objects.get(game="kannagi", code="base")


@pytest.fixture
def kannagi_2025(bundled):
    from decks.models import Regulation

    return Regulation.objects.get(game="kannagi", code="2025-06-06")


@pytest.fixture
def deck(user, kannagi_base):
    """A legal, private kannagi deck of `user` (revision 1)."""
    from decks import services

    sections = services.decklist_sections("kannagi", kannagi_base, KANNAGI_DECKLIST)
    return services.deck_create(owner=user, game="kannagi", regulation=kannagi_base, name="私のデッキ", sections=sections)


@pytest.fixture
def deck_state():
    """What a deck holds in the database, to assert that a refused write changed nothing."""
    from decks.models import Deck

    def state(deck):
        fresh = Deck.objects.filter(pk=deck.pk).first()
        if fresh is None:
            return None
        return {
            "fields": (fresh.owner_id, fresh.name, fresh.description, fresh.visibility, fresh.regulation_id, fresh.revision),
            "updated_at": fresh.updated_at,
            "entries": sorted(fresh.entries.values_list("section", "card_id", "count")),
            "revisions": list(fresh.revisions.order_by("number").values_list("number", "diff")),
        }

    return state


@pytest.fixture(autouse=True, scope="session")
def _quick_password_hashes():
    """Passwords the tests set are hashed with a quick hasher (Django's own advice for tests): the default
    PBKDF2 of a million rounds costs ~0.3 s of CPU a user, and hundreds of tests make one. Signing in, the
    password checks and the hashers' rehashing work as on the site; the site's hashers come after it (a hash
    made by them still verifies), and the deployment's own settings (test_deployment.py) are not touched."""
    from django.conf import global_settings
    from django.test import override_settings

    with override_settings(PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher",
                                             *global_settings.PASSWORD_HASHERS]):
        yield


@pytest.fixture(autouse=True)
def _site_language():
    """Each test starts in the site's own language (Japanese): a request in English, or a test that activated
    it, leaves it active in the thread (LocaleMiddleware does not put it back), and a message built outside a
    request would then be English only because of the test that ran before."""
    from django.conf import settings
    from django.utils import translation

    translation.activate(settings.LANGUAGE_CODE)
    yield


@pytest.fixture(autouse=True)
def _fresh_cache():
    """Each test starts with an empty cache (sign-in throttling and cached figures do not leak between tests)."""
    from django.core.cache import cache

    cache.clear()
    yield


# -- one suite on two databases at once ------------------------------------------------------------------

# .ci/run runs the suite on SQLite and on PostgreSQL at the same time, one per core. A test that never touches
# a database (pytest-django refuses database access to a test that does not ask for it) gives the same result
# on both (as does one marked any_database), so CI runs each such test once: DATABASE_FREE_SHARE=K/N keeps the database-free tests whose id
# hashes to K modulo N (K may be a list, "0,1/3": two thirds of them), and every test that uses the database.
# Unset (make test), every test runs.
DATABASE_FIXTURES = {"db", "transactional_db", "django_db_reset_sequences", "django_db_serialized_rollback", "live_server"}


def uses_database(item) -> bool:
    """Whether the test's result can depend on the database: it asks for one and is not marked any_database
    (a page crawl that uses a database but checks only what the browser draws)."""
    if item.get_closest_marker("any_database"):
        return False
    return bool(DATABASE_FIXTURES.intersection(getattr(item, "fixturenames", ())) or item.get_closest_marker("django_db"))


def pytest_collection_modifyitems(config, items):
    share = os.environ.get("DATABASE_FREE_SHARE", "")
    if not share:
        return
    ks, n = share.split("/")
    n = int(n)
    kept = {int(k) for k in ks.split(",")}
    keep, other_half = [], []
    for item in items:
        if uses_database(item) or zlib.crc32(item.nodeid.encode()) % n in kept:
            keep.append(item)
        else:
            other_half.append(item)
    if other_half:
        config.hook.pytest_deselected(items=other_half)
        items[:] = keep
        reporter = config.pluginmanager.get_plugin("terminalreporter")
        if reporter:
            reporter.write_line(f"DATABASE_FREE_SHARE={share}: {len(other_half)} database-free tests run in the other half")
