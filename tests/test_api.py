"""The card API: reads for everyone, writes for the game's editors, registry validation on every write."""

import pytest

from cards.models import Card


@pytest.fixture
def api(client):
    return client


def post_json(client, url, data, method="post"):
    return getattr(client, method)(url, data=data, content_type="application/json")


def test_games_list_their_card_types_and_fields(api, games):
    response = api.get("/api/games/")
    assert response.status_code == 200
    kannagi = next(g for g in response.json() if g["slug"] == "kannagi")
    assert [t["code"] for t in kannagi["card_types"]] == ["場所札", "怪異札", "道具札", "季節札"]
    season = next(f for f in kannagi["fields"] if f["key"] == "season")
    assert season["choices"] == ["春", "夏", "秋", "冬", "無"]


def test_cards_are_listed_per_game(api, bundled):
    response = api.get("/api/cards/?game=timestorm")
    assert response.status_code == 200
    body = response.json()
    assert body["count"] == Card.objects.filter(game="timestorm").count()
    assert {c["game"] for c in body["results"]} == {"timestorm"}
    unknown = api.get("/api/cards/?game=nosuchgame")
    assert unknown.status_code == 400
    assert "nosuchgame" in unknown.json()["detail"]


def test_a_listed_card_reads_as_its_own_page_does(api, bundled):
    # The list builds its answers from plain values, the card's own page from the model: the same JSON,
    # image and thumbnails included.
    card = Card.objects.filter(game="kannagi").order_by("pk").first()
    Card.objects.filter(pk=card.pk).update(image="cards/kannagi/card.png")
    listed = api.get("/api/cards/?game=kannagi&page=1").json()["results"]
    assert len(listed) > 1
    for entry in listed:
        own = api.get(f"/api/cards/{entry['id']}/").json()
        assert entry == own and list(entry) == list(own)  # the keys in the same order too
    with_image = next(entry for entry in listed if entry["id"] == card.pk)
    assert with_image["image"].endswith("/cards/kannagi/card.png") and set(with_image["thumbnails"]) == {"s", "m"}


def test_a_card_reads_in_the_import_form(api, place):
    body = api.get(f"/api/cards/{place.pk}/").json()
    assert body["fields"] == {"season": ["春"], "power": 1}
    assert body["card_type"] == "場所札" and body["game"] == "kannagi"


def test_anonymous_writes_are_refused(api, kannagi):
    response = post_json(api, "/api/cards/", {"game": "kannagi", "name": "匿名", "card_type": "道具札", "fields": {"season": ["春"]}})
    assert response.status_code == 403
    assert not Card.objects.filter(name="匿名").exists()


def test_an_editor_creates_a_card_of_their_game(editor_client, kannagi):
    response = post_json(
        editor_client, "/api/cards/", {"game": "kannagi", "name": "APIの道具", "card_type": "道具札", "cost": 1, "fields": {"season": ["冬"]}}
    )
    assert response.status_code == 201, response.content
    assert Card.objects.get(name="APIの道具").attrs == {"season": ["冬"]}


def test_an_unknown_field_is_refused_naming_it(editor_client, kannagi):
    response = post_json(
        editor_client,
        "/api/cards/",
        {"game": "kannagi", "name": "謎", "card_type": "道具札", "fields": {"season": ["冬"], "colour": "red"}},
    )
    assert response.status_code == 400
    assert "colour" in response.json()
    assert not Card.objects.filter(name="謎").exists()


def test_a_wrong_type_is_refused_naming_the_field(editor_client, place):
    response = post_json(editor_client, f"/api/cards/{place.pk}/", {"fields": {"power": "many"}}, method="patch")
    assert response.status_code == 400
    assert "fields.power" in response.json()
    place.refresh_from_db()
    assert place.attrs["power"] == 1


def test_a_partial_update_keeps_the_other_values(editor_client, place):
    response = post_json(editor_client, f"/api/cards/{place.pk}/", {"fields": {"power": 4}, "rules_text": "攻撃時、1点回復。"}, method="patch")
    assert response.status_code == 200, response.content
    place.refresh_from_db()
    assert place.attrs == {"season": ["春"], "power": 4} and place.rules_text == "攻撃時、1点回復。"


def test_a_duplicate_number_is_a_clear_400(editor_client, kannagi):
    payload = {"game": "kannagi", "name": "一枚目", "card_type": "道具札", "number": "X-1", "fields": {"season": ["冬"]}}
    assert post_json(editor_client, "/api/cards/", payload).status_code == 201
    response = post_json(editor_client, "/api/cards/", {**payload, "name": "二枚目"})
    assert response.status_code == 400
    assert Card.objects.filter(number="X-1").count() == 1


def test_an_editor_cannot_write_another_games_cards(editor_client, bundled):
    weather = Card.objects.get(game="vision", name="白夜")
    assert post_json(editor_client, f"/api/cards/{weather.pk}/", {"name": "改名"}, method="patch").status_code == 403
    assert editor_client.delete(f"/api/cards/{weather.pk}/").status_code == 403
    created = post_json(
        editor_client,
        "/api/cards/",
        {"game": "vision", "name": "侵入者", "card_type": "コマンド", "fields": {"required_nodes": 1}},
    )
    assert created.status_code == 403
    weather.refresh_from_db()
    assert weather.name == "白夜" and not Card.objects.filter(name="侵入者").exists()


def test_a_card_cannot_move_to_another_game(editor_client, place):
    response = post_json(editor_client, f"/api/cards/{place.pk}/", {"game": "vision"}, method="patch")
    assert response.status_code == 400
    place.refresh_from_db()
    assert place.game_id == "kannagi"


def test_fields_null_is_refused_and_wipes_nothing(editor_client, place):
    for junk in (None, [], "", 0):
        response = post_json(editor_client, f"/api/cards/{place.pk}/", {"fields": junk}, method="patch")
        assert response.status_code == 400, junk
    place.refresh_from_db()
    assert place.attrs == {"season": ["春"], "power": 1}


@pytest.mark.parametrize(
    "payload",
    [
        {"cost": "9" * 5000},
        {"fields": {"copy_limit": "9" * 5000}},
        {"rules_text": "a\u0000b"},
        {"name": "a\u0000b"},
        {"fields": {"attributes": ["a\u0000b"]}},
        {"name": 123},
        {"cost": -1},
    ],
)
def test_odd_values_are_a_400_naming_the_field(editor_client, place, payload):
    response = post_json(editor_client, f"/api/cards/{place.pk}/", payload, method="patch")
    assert response.status_code == 400
    key = next(iter(payload))
    named = key if key != "fields" else f"fields.{next(iter(payload['fields']))}"
    assert named in response.json()


def test_a_body_nested_too_deeply_is_a_400(editor_client, place):
    body = "[" * 50_000 + "]" * 50_000
    response = editor_client.patch(f"/api/cards/{place.pk}/", data=body, content_type="application/json")
    assert response.status_code == 400


def test_a_nul_in_query_parameters_is_not_an_error(client, bundled):
    for url in ("/api/cards/?q=%00", "/api/cards/?game=%00"):
        assert client.get(url).status_code == 200


@pytest.mark.parametrize(
    "url",
    [
        "/api/cards/1.5/",  # DRF's default lookup left an id with a dot to Django's HTML 404
        "/api/decks/1.5/",
        "/api/pools/1.5/",
        "/api/games/kannagi.x/",
        "/api/goldfish/not-a-game-id-of-more-than-24-characters/",
        "/api/games/%00/",  # a NUL reached the query: a 500 on PostgreSQL
        "/api/cards/%00/",
        "/api/decks/%00/revisions/",
        "/api/goldfish/a%00b/",
        "/api/simulations/%00/",
    ],
)
def test_an_id_the_api_does_not_know_is_its_json_404(client, bundled, url):
    response = client.get(url)
    assert response.status_code == 404
    assert response["Content-Type"].startswith("application/json")
    assert "detail" in response.json()


def test_a_card_that_decks_hold_is_not_deleted_but_answered_409(editor_client, deck):
    """Deck entries protect their cards: the delete raised ProtectedError, a 500 (found by the API fuzz test)."""
    held = deck.entries.select_related("card").first().card
    response = editor_client.delete(f"/api/cards/{held.pk}/", HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 409
    assert "1 deck" in response.json()["detail"]
    assert Card.objects.filter(pk=held.pk).exists()
    assert deck.entries.filter(card=held).exists()
    free = Card.objects.filter(game="kannagi").exclude(deck_entries__isnull=False).first()
    assert editor_client.delete(f"/api/cards/{free.pk}/").status_code == 204
