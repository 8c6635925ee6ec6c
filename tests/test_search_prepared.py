"""cards.search.prepared: on PostgreSQL a search's statements run as prepared statements (planned once per
connection); the answers are those of Django's own cursor, and Django still sees every statement."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from cards.search import paging, prepared
from tests.test_search import tricky  # noqa: F401  (a fixture)

SEARCHES = [
    ({"q": "猫"}),
    ({"q": "ねこ cost<=3"}),
    ({"q": "猫", "game": "kannagi"}),
    ({"q": "sort:cost order:desc"}),
    ({"q": ""}),
    ({"q": "100%"}),
    ({"q": "'"}),
    ({"q": "猫", "printings": "one"}),
]


def _answers(client, searches, pages=(1, 2)):
    out = []
    for params in searches:
        for page in pages:
            response = client.get(reverse("api-card-list"), {**params, "page": page})
            out.append((response.status_code, sorted(response.headers.items()), response.content))
    return out


def _plain(ids_position=None):
    return connection.cursor()


@pytest.mark.parametrize("cap", [None, 3])
def test_the_answers_are_those_of_djangos_cursor(tricky, client, monkeypatch, cap):  # noqa: F811
    if cap is not None:
        monkeypatch.setattr(paging, "COUNT_CAP", cap)
    first = _answers(client, SEARCHES)
    again = _answers(client, SEARCHES)  # (now from the prepared statements, on PostgreSQL)
    monkeypatch.setattr(prepared, "cursor", _plain)
    assert first == again == _answers(client, SEARCHES)


def _ids(param):
    try:
        return {int(i) for i in param.split(",")} if isinstance(param, str) and param else None
    except ValueError:
        return None


def test_django_sees_every_statement_with_its_parameters(tricky, client):  # noqa: F811
    url = reverse("api-card-list")
    client.get(url, {"q": "猫"})
    seen = []

    def wrapper(execute, sql, params, many, context):
        seen.append((sql, params))
        return execute(sql, params, many, context)

    with CaptureQueriesContext(connection) as queries, connection.execute_wrapper(wrapper):
        response = client.get(url, {"q": "猫"})
    assert response.status_code == 200
    shown = {card["id"] for card in response.json()["results"]}
    assert shown and seen and len(queries.captured_queries) >= len(seen)
    logged = [query["sql"] for query in queries.captured_queries]
    assert any(sql.startswith("SELECT COUNT(*), CASE WHEN") for sql in logged), logged
    # The debug log holds the text Django's own cursor sends (the ids too, not the server's $1).
    assert not [sql for sql in logged if sql is None or "$1" in sql], logged
    # The page read by its matches' ids: Django sees the ids themselves (not the mark the server gets).
    assert any(shown <= (_ids(param) or set()) for sql, params in seen for param in params or ()), seen


@pytest.mark.skipif(connection.vendor != "postgresql", reason="prepared statements: PostgreSQL")
def test_postgresql_prepares_the_count_and_the_page_once(tricky, client):  # noqa: F811
    url = reverse("api-card-list")
    for _ in range(3):
        assert client.get(url, {"q": "猫"}).status_code == 200
    with connection.cursor() as cursor:
        cursor.execute("SELECT statement, parameter_types::text FROM pg_prepared_statements")
        statements = cursor.fetchall()
    counts = [s for s, _types in statements if s.startswith("SELECT COUNT(*), CASE WHEN")]
    pages = [(s, types) for s, types in statements if "string_to_array($1" in s]
    assert len(counts) == 1, statements
    assert len(pages) == 1 and pages[0][1] in ("{text}", "{unknown}"), statements
    # Django's own statements are not prepared.
    assert all("django_session" not in s for s, _types in statements)
    assert connection.connection.prepare_threshold is None  # (as Django leaves it)


@pytest.mark.skipif(connection.vendor != "postgresql", reason="prepared statements: PostgreSQL")
def test_a_statement_holding_the_ids_mark_itself_is_run_unprepared(tricky, client, monkeypatch):  # noqa: F811
    monkeypatch.setattr(prepared, "_MARK", "猫")  # the page's rank compares the name with the word searched
    url = reverse("api-card-list")
    answers = [client.get(url, {"q": "猫"}).content for _ in range(3)]
    with connection.cursor() as cursor:
        cursor.execute("SELECT statement FROM pg_prepared_statements")
        statements = [row[0] for row in cursor.fetchall()]
    assert not [s for s in statements if "string_to_array($1" in s and "'猫'" in s], statements
    monkeypatch.setattr(prepared, "cursor", _plain)
    assert answers == [client.get(url, {"q": "猫"}).content] * 3


def test_sqlite_uses_djangos_cursor(db):
    if connection.vendor != "sqlite":
        pytest.skip("SQLite")
    with prepared.cursor() as cursor:
        assert type(cursor.cursor) is type(connection.cursor().cursor)


@pytest.mark.parametrize("params", SEARCHES)
def test_the_debug_log_holds_what_djangos_cursor_sends(tricky, client, monkeypatch, params):  # noqa: F811
    url = reverse("api-card-list")

    def logged():
        client.get(url, params)  # (compiled, and prepared on PostgreSQL)
        with CaptureQueriesContext(connection) as queries:
            client.get(url, params)
        return [query["sql"] for query in queries.captured_queries if "config_ratecounter" not in query["sql"]]

    mine = logged()
    monkeypatch.setattr(prepared, "cursor", _plain)
    assert mine == logged()


@pytest.mark.skipif(connection.vendor != "postgresql", reason="prepared statements: PostgreSQL")
@pytest.mark.django_db(transaction=True)
def test_a_statement_whose_columns_changed_type_under_it_runs_again():
    connection.ensure_connection()
    with connection.cursor() as cursor:
        cursor.execute("CREATE TEMP TABLE h51_prepared (x integer)")
        cursor.execute("INSERT INTO h51_prepared VALUES (1), (2)")
    try:
        for _ in range(3):
            with prepared.cursor() as cursor:
                cursor.execute("SELECT x FROM h51_prepared ORDER BY x", [])
                assert cursor.fetchall() == [(1,), (2,)]
        # Changed by someone else (psycopg does not see it): the prepared plan's result type no longer holds.
        connection.connection.pgconn.exec_(b"ALTER TABLE h51_prepared ALTER x TYPE text")
        with prepared.cursor() as cursor:
            cursor.execute("SELECT x FROM h51_prepared ORDER BY x", [])
            assert cursor.fetchall() == [("1",), ("2",)]
    finally:
        with connection.cursor() as cursor:
            cursor.execute("DROP TABLE IF EXISTS h51_prepared")
