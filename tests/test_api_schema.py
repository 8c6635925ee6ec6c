"""The OpenAPI document (/api/schema/) and its interactive docs (/api/docs/), served by the site alone."""

import re
from urllib.parse import urlsplit

import pytest
from django.core.management import call_command
from drf_spectacular.validation import validate_schema

from cards.apis import CardSerializer, GameSerializer
from cards.selectors import game_list


@pytest.fixture
def schema(client, db):
    response = client.get("/api/schema/", HTTP_ACCEPT="application/json")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/json")
    return response.json()


def test_the_schema_is_a_valid_openapi_document_of_the_card_api(schema):
    validate_schema(schema)  # raises on an invalid document
    assert schema["openapi"].startswith("3.")
    assert "/search/help/" in schema["info"]["description"]
    paths = schema["paths"]
    for path in ("/api/cards/", "/api/cards/{id}/", "/api/cards/{id}/image/", "/api/games/", "/api/games/{slug}/"):
        assert path in paths, path
    assert set(paths["/api/cards/{id}/image/"]) >= {"post", "delete"}


def test_the_card_list_documents_its_parameters_and_the_query_error(schema):
    listing = schema["paths"]["/api/cards/"]["get"]
    parameters = {p["name"]: p for p in listing["parameters"]}
    assert set(parameters) >= {"game", "q", "page"}
    assert "/search/help/" in parameters["q"]["description"]
    assert "400" in parameters["q"]["description"]
    error = listing["responses"]["400"]["content"]["application/json"]["schema"]
    error = schema["components"]["schemas"][error["$ref"].rsplit("/", 1)[1]]
    assert set(error["properties"]) == {"detail", "position", "q"}


def test_reads_are_documented_as_open_to_everyone_and_writes_as_needing_a_login(schema):
    card = schema["paths"]["/api/cards/{id}/"]
    assert {} in card["get"]["security"]
    assert {} not in card["put"]["security"]


def test_the_documented_shapes_name_the_keys_the_api_answers_with(client, bundled, rf):
    """The descriptions in cards.api_schema are written by hand: they must follow the serializers."""
    components = client.get("/api/schema/", HTTP_ACCEPT="application/json").json()["components"]["schemas"]
    request = rf.get("/api/cards/")
    card = CardSerializer(bundled.first(), context={"request": request}).data
    assert set(card) == set(components["Card"]["properties"])
    game = GameSerializer(game_list().first(), context={"request": request}).data
    assert set(game) == set(components["Game"]["properties"])
    spec_keys = set(components["FieldSpec"]["properties"])
    for field in game["fields"]:
        assert set(field) <= spec_keys


def test_the_api_answers_a_bad_query_in_the_documented_shape(client, games):
    response = client.get("/api/cards/", {"q": "cost>="})
    assert response.status_code == 400
    assert set(response.json()) == {"detail", "position", "q"}


def _foreign_urls(text: str) -> list[str]:
    return [u for u in re.findall(r"https?://[^\s\"'<>)]+", text) if urlsplit(u).hostname != "testserver"]


def test_the_docs_page_loads_only_files_the_site_serves_itself(client, db):
    response = client.get("/api/docs/")
    assert response.status_code == 200
    html = response.content.decode()
    assert _foreign_urls(html) == []
    scripts = re.findall(r"<script\b([^>]*)>(.*?)</script>", html, flags=re.S)
    assert scripts, html
    sources = []
    for attributes, body in scripts:
        assert body.strip() == "", "no inline script (a content security policy will forbid it)"
        src = re.search(r'src="([^"]+)"', attributes)
        assert src, attributes
        sources.append(src.group(1).replace("&amp;", "&"))
    links = re.findall(r'<link\b[^>]*href="([^"]+)"', html)
    assert any(s.startswith("/static/") for s in sources)
    for url in sources + links:
        assert urlsplit(url).netloc == "", url  # same site, not another host
        fetched = client.get(url)
        assert fetched.status_code == 200, url
        # Read to the end: the test client then closes the file without closing the database connection.
        body = b"".join(fetched.streaming_content) if fetched.streaming else fetched.content
        assert body, url
        if url.startswith("/api/docs/"):  # the page's own start-up script, written for this site
            assert "javascript" in fetched["Content-Type"]
            assert b'"/api/schema/"' in body
            assert _foreign_urls(body.decode()) == []


def test_the_schema_command_validates_without_warnings(tmp_path, db):
    out = tmp_path / "schema.yaml"
    call_command("spectacular", "--validate", "--fail-on-warn", "--file", str(out))
    assert "/api/cards/{id}/image/" in out.read_text(encoding="utf-8")
