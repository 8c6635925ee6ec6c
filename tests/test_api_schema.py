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


def _component(schema, ref):
    return schema["components"]["schemas"][ref["$ref"].rsplit("/", 1)[1]]


def _json(response):
    return response["content"]["application/json"]["schema"]


def test_the_deck_list_documents_decks_without_their_cards(schema, client, samples):
    page = _component(schema, _json(schema["paths"]["/api/decks/"]["get"]["responses"]["200"]))
    brief = _component(schema, page["properties"]["results"]["items"])
    answered = client.get("/api/decks/").json()["results"][0]
    assert set(brief["required"]) == set(answered)
    assert "legal" not in brief["properties"]


def test_revisions_are_documented_as_the_plain_list_the_api_answers(schema, client, deck):
    deck.visibility = "public"
    deck.save()
    documented = _json(schema["paths"]["/api/decks/{id}/revisions/"]["get"]["responses"]["200"])
    assert documented["type"] == "array"
    assert isinstance(client.get(f"/api/decks/{deck.pk}/revisions/").json(), list)


def test_every_operation_documents_the_answers_drf_gives_on_its_own(schema, settings):
    throttled = bool(settings.REST_FRAMEWORK.get("DEFAULT_THROTTLE_CLASSES"))
    for path, operations in schema["paths"].items():
        if not path.startswith("/api/") or path == "/api/schema/":
            continue
        for method, operation in operations.items():
            responses, where = operation["responses"], f"{method.upper()} {path}"
            if "{" in path:
                assert "404" in responses, where  # an id it does not know
            if {} not in operation.get("security", [{}]):
                assert "403" in responses, where  # not signed in
            if "requestBody" in operation:
                assert "400" in responses, where  # a body it cannot read
            if throttled:
                assert "429" in responses, where


def test_a_refused_body_is_documented_in_each_of_its_shapes(schema, client, user):
    client.force_login(user)
    documented = _component(schema, _json(schema["paths"]["/api/decks/"]["post"]["responses"]["400"]))
    shapes = {ref["$ref"].rsplit("/", 1)[1] for ref in documented["oneOf"]}
    assert shapes == {"DeckInputError", "FieldErrors", "MalformedRequest"}
    # One request answered in each: the view's own check, the serializer's, the parser's.
    def post(body):
        return client.post("/api/decks/", body, content_type="application/json")

    own, fields, unreadable = post({"game": "kannagi", "decklist": "4 ないカード"}), post({"name": ["x"]}), post("{")
    assert [r.status_code for r in (own, fields, unreadable)] == [400, 400, 400]
    assert set(own.json()) == {"detail", "errors", "lines"}
    assert set(fields.json()) == {"name"}
    assert set(unreadable.json()) == {"detail"}


def test_a_started_game_documents_the_links_to_play_on(schema):
    operation_ids = {op["operationId"] for ops in schema["paths"].values() for op in ops.values()}
    links = schema["paths"]["/api/goldfish/"]["post"]["responses"]["201"]["links"]
    assert links["PlayTheFirstLegalAction"]["requestBody"]["action"] == "$response.body#/legal_actions/0"
    assert {link["operationId"] for link in links.values()} <= operation_ids


def test_a_throttled_answer_is_the_documented_429(schema, client, games, settings):
    if not settings.REST_FRAMEWORK.get("DEFAULT_THROTTLE_CLASSES"):
        pytest.skip("the API is not throttled")
    from config import ratelimit

    settings.API_THROTTLE_RATES = {"anon": "1/minute", "user": "1/minute"}
    ratelimit.reset()  # reading the document counted too
    assert client.get("/api/games/").status_code == 200
    response = client.get("/api/games/")
    assert response.status_code == 429
    documented = schema["paths"]["/api/games/"]["get"]["responses"]["429"]
    assert _component(schema, _json(documented))["required"] == ["detail"]
    assert set(response.json()) == {"detail"}
    assert "Retry-After" in documented["headers"]
    assert int(response["Retry-After"]) > 0
