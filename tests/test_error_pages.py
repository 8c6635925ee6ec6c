"""Errors answer in the site's own words: the error page (templates/error.html) for 400, 403, 404, 413 and
500, Japanese by default and English when asked, with nothing internal; under /api/ always JSON in the
request's language, including the errors Django raises before a view runs (a body over the limit, too
many form fields)."""

from __future__ import annotations

import json

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db

INTERNAL = ("Traceback", "RuntimeError", "secret internal detail", "settings.py", "Bad Request (400)", "Server Error (500)")


@pytest.fixture
def failing(settings):
    settings.ROOT_URLCONF = "tests.error_urls"
    settings.DEBUG = False
    return Client(raise_request_exception=False)


def text(response) -> str:
    return response.content.decode()


def test_the_500_page_is_the_sites_own_in_japanese_with_nothing_internal(failing):
    response = failing.get("/boom/")
    assert response.status_code == 500 and response["Content-Type"].startswith("text/html")
    page = text(response)
    assert "問題が発生しました" in page and 'lang="ja"' in page and "カードゲーム工房" in page
    assert not [word for word in INTERNAL if word in page]


def test_the_500_page_follows_the_visitors_language(failing):
    page = text(failing.get("/boom/", HTTP_ACCEPT_LANGUAGE="en"))
    assert "Something went wrong" in page and 'lang="en"' in page


def test_an_api_500_is_json_in_the_requests_language(failing):
    response = failing.get("/api/boom/")
    assert response.status_code == 500 and response["Content-Type"] == "application/json"
    assert json.loads(response.content)["detail"].startswith("サーバーがこのリクエストに応答できませんでした")
    english = failing.get("/api/boom/", HTTP_ACCEPT_LANGUAGE="en")
    assert json.loads(english.content)["detail"].startswith("The server could not answer")
    assert not [word for word in INTERNAL if word in text(response) + text(english)]


def test_a_missing_page_is_the_sites_404_and_an_api_404_is_json(client):
    page = client.get("/no-such-page/")
    assert page.status_code == 404 and "ページが見つかりません" in text(page)
    api = client.get("/api/no-such-thing/")
    assert api.status_code == 404 and "detail" in json.loads(api.content)


def test_an_api_body_over_the_limit_is_a_json_413(client, settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1024 * 1024
    body = json.dumps({"name": "x" * (1024 * 1024 + 10)})
    response = client.post("/api/decks/validate/", body, content_type="application/json")
    assert response.status_code == 413 and response["Content-Type"] == "application/json"
    assert json.loads(response.content)["detail"] == "送信された内容が 1 MB を超えています。"


def test_too_many_form_parts_is_json_in_the_api_and_the_error_page_elsewhere(client, settings):
    settings.DATA_UPLOAD_MAX_NUMBER_FIELDS = 5
    fields = {f"f{i}": "x" for i in range(20)}
    api = client.post("/api/decks/validate/", fields)
    assert api.status_code == 400 and json.loads(api.content)["detail"] == "送信された項目またはファイルが多すぎます。"
    page = client.post("/decks/check/", fields, HTTP_ACCEPT_LANGUAGE="en")
    assert page.status_code == 400 and "too many form fields" in text(page) and "Bad Request (400)" not in text(page)


def test_an_api_method_not_allowed_is_json_in_the_requests_language(user_client):
    response = user_client.delete("/api/games/")
    assert response.status_code == 405 and response["Content-Type"] == "application/json"
    assert "DELETE" in json.loads(response.content)["detail"]


@pytest.mark.parametrize("url", ["/decks/s/a%00b/", "/simulations/a%00b/status.json", "/print/jobs/a%00b/file.pdf",
                                 "/goldfish/a%00b/", "/card-reports/a%00b/", "/pools/s/a%00b/"])
def test_a_nul_byte_in_a_token_is_404(client, url):
    assert client.get(url).status_code == 404


@pytest.mark.parametrize("url", ["/cards/?q=a%00b", "/decks/?game=a%00b", "/api/cards/?q=%00", "/decks/?page=%00"])
def test_a_nul_byte_in_the_query_string_reads_as_a_space(client, games, url):
    assert client.get(url).status_code == 200


def test_the_search_reads_the_nul_as_a_space(client, games):
    page = client.get("/cards/?q=ね%00こ").content.decode()
    assert 'value="ね こ"' in page


@pytest.mark.parametrize("url", ["/api/cards/?page=200000000000000000", "/api/cards/?page=106672589938846188175360",
                                 "/cards/?page=200000000000000000", "/games/kannagi/cards/?page=106672589938846188175360",
                                 "/decks/?page=106672589938846188175360"])
def test_a_page_number_no_list_can_reach_is_404(client, games, url):
    assert client.get(url).status_code == 404


def test_a_form_sent_without_its_csrf_token_gets_the_sites_own_403(user):
    client = Client(enforce_csrf_checks=True)
    client.force_login(user)
    response = client.post("/decks/new/", {"name": "x"})
    assert response.status_code == 403
    page = text(response)
    assert "フォームは送信されませんでした" in page and "再読み込み" in page
    assert "CSRF verification failed" not in page and "Forbidden (403)" not in page


@pytest.mark.parametrize("path", ["/no-such-page/", "/cards/999999/", "/games/nosuchgame/"])
def test_with_debug_on_a_wrong_url_shows_the_sites_own_404_in_japanese(client, games, settings, path):
    settings.DEBUG = True  # as `make run` serves
    response = client.get(path)
    html = response.content.decode()
    assert response.status_code == 404
    assert "ページが見つかりません" in html and "このアドレスにはページがありません。" in html
    assert "DEBUG = True" not in html and "URLconf" not in html and "Page not found" not in html


def test_with_debug_on_a_missing_slash_is_still_added(client, games, settings):
    settings.DEBUG = True
    response = client.get("/search/help")
    assert response.status_code == 301 and response["Location"] == "/search/help/"
