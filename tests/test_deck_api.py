"""The deck and pool API: token auth, validation without an account, create and change with revisions
(409 on a stale one), the editor's entry round trip, revisions and restore, copies, ownership, languages."""

import pytest
from django.conf import settings
from rest_framework.authtoken.models import Token

from cards.models import Card
from decks import services
from decks.models import Deck, Pool, Regulation, Visibility

from .conftest import KANNAGI_DECKLIST

TWO_KESANAKYA = (
    "メイン:\n4 紅葉の石段\n4 無人の踏切\n4 鉄の風\n2 本物のお化け屋敷\n2 消さなきゃ\n2 暗躍者\n4 荒ぶる山神の祠\n"
    "4 検問\n4 袖を引く手\n4 古びた懐中電灯\n2 北海道：円形校舎\n2 悠習の古日記\n2 仮想世界の外\n"
)


def card(name, game="kannagi"):
    return Card.objects.get(game=game, name=name)


def send(client, method, url, data=None, **headers):
    if data is None:
        return getattr(client, method)(url, **headers)
    return getattr(client, method)(url, data=data, content_type="application/json", **headers)


def entries(deck):
    return sorted(Deck.objects.get(pk=deck.pk).entries.values_list("section", "card_id", "count"))


def counts(payload, section="main"):
    """{card name: copies} of one section of a deck payload."""
    found = next(s for s in payload["sections"] if s["key"] == section)
    return {e["name"]: e["count"] for e in found["entries"]}


def deck_url(deck, action=""):
    return f"/api/decks/{deck.pk}/" + (f"{action}/" if action else "")


# -- fixtures ----------------------------------------------------------------------------------------------


@pytest.fixture
def token(user):
    return Token.objects.create(user=user)


@pytest.fixture
def token_client(client, token):
    """A script's client: no session, only the Authorization header."""
    client.defaults["HTTP_AUTHORIZATION"] = f"Token {token.key}"
    return client


@pytest.fixture
def public_deck(deck):
    Deck.objects.filter(pk=deck.pk).update(visibility=Visibility.PUBLIC)
    return Deck.objects.get(pk=deck.pk)


@pytest.fixture
def unlisted_deck(deck):
    Deck.objects.filter(pk=deck.pk).update(visibility=Visibility.UNLISTED)
    return Deck.objects.get(pk=deck.pk)


@pytest.fixture
def edited_deck(deck, user):
    """`deck` at revision 2: one 無人の踏切 fewer."""
    services.deck_change_count(deck=deck, user=user, card=card("無人の踏切"), section="main", count=3)
    return Deck.objects.get(pk=deck.pk)


@pytest.fixture
def pool(user, samples):
    regulation = Regulation.objects.get(game="timestorm", code="base")
    decks = []
    for name in ("充電完了", "無限の書庫"):
        sections = services.decklist_sections("timestorm", regulation, f"勝利条件:\n1 {name}\n")
        decks.append(services.deck_create(owner=user, game="timestorm", regulation=regulation, name=name, sections=sections))
    return services.pool_save(user=user, name="私のプール", deck_ids=[d.pk for d in decks])


def pool_state(pool):
    found = Pool.objects.filter(pk=pool.pk).first()
    if found is None:
        return None
    return (found.name, found.visibility, found.regulation_id, list(found.entries.values_list("deck_id", "player")))


# -- token auth -----------------------------------------------------------------------------------------


def test_a_token_made_on_the_account_page_lets_a_script_create_a_deck(client, user, kannagi_base):
    client.force_login(user)
    client.post("/accounts/")
    key = Token.objects.get(user=user).key
    client.logout()
    response = send(
        client, "post", "/api/decks/", {"game": "kannagi", "name": "スクリプト", "decklist": KANNAGI_DECKLIST},
        HTTP_AUTHORIZATION=f"Token {key}",
    )
    assert response.status_code == 201, response.content
    assert Deck.objects.get(name="スクリプト").owner == user


def test_a_wrong_or_replaced_token_is_refused(client, user, token, kannagi_base):
    # 403 rather than 401: session authentication comes first, and it names no WWW-Authenticate scheme.
    bad = send(client, "post", "/api/decks/", {"game": "kannagi", "name": "偽物"}, HTTP_AUTHORIZATION="Token not-a-real-key", HTTP_ACCEPT_LANGUAGE="en")
    assert bad.status_code in (401, 403)
    assert bad.json()["detail"] == "Invalid token."
    client.force_login(user)
    client.post("/accounts/")  # a new token replaces the old one
    client.logout()
    old = send(client, "post", "/api/decks/", {"game": "kannagi", "name": "古い鍵"}, HTTP_AUTHORIZATION=f"Token {token.key}")
    assert old.status_code in (401, 403)
    assert not Deck.objects.exists()


def test_a_token_reads_its_owners_private_deck(token_client, deck):
    response = token_client.get(deck_url(deck))
    assert response.status_code == 200
    assert response.json()["share_url"].endswith(f"/decks/s/{deck.share_token}/")


# -- validation without an account -------------------------------------------------------------------------


def test_anyone_may_validate_a_decklist(client, kannagi_base):
    response = send(client, "post", "/api/decks/validate/", {"game": "kannagi", "regulation": "base", "decklist": "メイン:\n4 ねこやま\n2 消さなきゃ\n"})
    assert response.status_code == 200
    body = response.json()
    assert body["legal"] is False and body["game"] == "kannagi" and body["regulation"]["code"] == "base"
    by_code = {v["code"]: v for v in body["violations"]}
    assert set(by_code) == {"section_too_small", "too_many_copies"}
    assert by_code["too_many_copies"]["cards"] == [card("消さなきゃ").pk]
    assert all(v["message"] for v in body["violations"])
    assert body["statistics"]["odds"]["group"] == "zero_cost_places"
    assert not Deck.objects.exists()


def test_validating_a_legal_decklist_is_legal(client, kannagi_base):
    body = send(client, "post", "/api/decks/validate/", {"game": "kannagi", "decklist": KANNAGI_DECKLIST}).json()
    assert body["legal"] is True and body["violations"] == []
    assert sum(s["count"] for s in body["sections"]) == 40


def test_validating_sections_of_card_ids(client, kannagi_base):
    neko = card("ねこやま")
    body = send(client, "post", "/api/decks/validate/", {"game": "kannagi", "sections": {"main": {str(neko.pk): 5}}}).json()
    assert {(v["code"], tuple(v["cards"])) for v in body["violations"]} == {("section_too_small", ()), ("too_many_copies", (neko.pk,))}


def test_the_same_decklist_is_illegal_under_base_and_legal_under_2025_06_06(client, kannagi_base):
    base = send(client, "post", "/api/decks/validate/", {"game": "kannagi", "regulation": "base", "decklist": TWO_KESANAKYA}).json()
    dated = send(client, "post", "/api/decks/validate/", {"game": "kannagi", "regulation": "2025-06-06", "decklist": TWO_KESANAKYA}).json()
    assert [(v["code"], v["cards"]) for v in base["violations"]] == [("too_many_copies", [card("消さなきゃ").pk])]
    assert dated["legal"] is True and dated["regulation"]["code"] == "2025-06-06"


def test_validation_names_unknown_and_ambiguous_lines_with_the_closest_names(client, kannagi):
    Card.objects.create(game=kannagi, name="カード", card_type="道具札", cost=1, attrs={"season": ["春"]})
    Card.objects.create(game=kannagi, name="カド", card_type="道具札", cost=1, attrs={"season": ["春"]})
    from cards.services import load_bundled

    load_bundled(["kannagi"])
    response = send(client, "post", "/api/decks/validate/", {"game": "kannagi", "decklist": "メイン:\n4 ねこやま\n3 人魚\n1 かど\n"})
    assert response.status_code == 200  # checked with the line that was read
    body = response.json()
    lines = {e["line"]: e for e in body["unread"]}
    assert set(lines) == {3, 4}
    assert lines[3]["code"] == "unknown_card" and lines[3]["suggestions"][0] == "人魚の活き血"
    assert lines[4]["code"] == "ambiguous_card" and sorted(lines[4]["suggestions"]) == ["カド", "カード"]
    assert {e["level"] for e in body["unread"]} == {"error"}
    assert [(s["key"], s["count"]) for s in body["sections"]] == [("main", 4)]


def test_validation_reads_a_near_miss_as_the_closest_card_with_a_warning(client, kannagi_base):
    body = send(client, "post", "/api/decks/validate/", {"game": "kannagi", "decklist": "3 人魚の活ぎ血\n"}).json()
    assert body["unread"] == []
    (warning,) = body["warnings"]
    assert (warning["line"], warning["code"], warning["level"]) == (1, "closest_card", "warning")
    assert warning["suggestions"] == ["人魚の活き血"]
    assert [e["name"] for e in body["sections"][0]["entries"]] == ["人魚の活き血"]


def test_validation_refuses_an_unknown_game_or_regulation(client, kannagi_base):
    assert send(client, "post", "/api/decks/validate/", {"game": "nosuch", "decklist": "1 ねこやま"}).status_code == 400
    response = send(client, "post", "/api/decks/validate/", {"game": "kannagi", "regulation": "1999", "decklist": "1 ねこやま"})
    assert response.status_code == 400 and "1999" in response.json()["detail"]


# -- create -----------------------------------------------------------------------------------------------


def test_creating_a_deck_from_a_decklist(token_client, user, kannagi_base):
    response = send(token_client, "post", "/api/decks/", {"game": "kannagi", "name": "APIデッキ", "decklist": KANNAGI_DECKLIST, "visibility": "unlisted"})
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["legal"] is True and body["violations"] == [] and body["revision"] == 1
    assert body["regulation"]["code"] == "base" and body["visibility"] == "unlisted" and body["owner"] == "player"
    assert counts(body)["ねこやま"] == 4
    assert Deck.objects.get(pk=body["id"]).revisions.get().diff


def test_creating_a_deck_from_sections_under_a_chosen_regulation(token_client, kannagi_2025):
    kesu = card("消さなきゃ")
    response = send(token_client, "post", "/api/decks/", {"game": "kannagi", "regulation": "2025-06-06", "name": "二枚", "sections": {"main": {str(kesu.pk): 2}}})
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["regulation"]["code"] == "2025-06-06"
    assert [v["code"] for v in body["violations"]] == ["section_too_small"]
    assert entries(Deck.objects.get(pk=body["id"])) == [("main", kesu.pk, 2)]


@pytest.mark.parametrize(
    "data",
    [
        {"game": "kannagi", "name": "壊れた", "decklist": "4 ないカード\n"},
        {"game": "kannagi", "name": "壊れた", "sections": {"side": {"1": 1}}},
        {"game": "kannagi", "name": "壊れた", "sections": {"main": {"99999": 1}}},
        {"game": "kannagi", "name": "", "decklist": KANNAGI_DECKLIST},
        {"game": "nosuch", "name": "壊れた"},
        {"game": "kannagi", "name": "壊れた", "regulation": "1999"},
        {"game": "kannagi", "name": "壊れた", "decklist": "1 ねこやま", "sections": {}},
    ],
)
def test_a_bad_create_is_refused_and_saves_nothing(token_client, kannagi_base, data):
    response = send(token_client, "post", "/api/decks/", data)
    assert response.status_code == 400
    assert not Deck.objects.exists()


def test_an_anonymous_create_is_refused(client, kannagi_base):
    response = send(client, "post", "/api/decks/", {"game": "kannagi", "name": "匿名", "decklist": KANNAGI_DECKLIST})
    assert response.status_code in (401, 403)
    assert not Deck.objects.exists()


# -- change, with the revision ------------------------------------------------------------------------------


def test_patch_with_the_current_revision_saves(token_client, deck):
    response = send(token_client, "patch", deck_url(deck), {"name": "改名", "revision": 1})
    assert response.status_code == 200
    assert response.json()["name"] == "改名"
    assert Deck.objects.get(pk=deck.pk).name == "改名"


def test_patch_with_a_stale_revision_is_a_conflict_and_changes_nothing(token_client, edited_deck, deck_state):
    before = deck_state(edited_deck)
    for data in (
        {"name": "古い画面", "revision": 1},
        {"decklist": KANNAGI_DECKLIST, "revision": 1},
        {"sections": {"main": {}}, "revision": 1},
        {"regulation": "2025-06-06", "revision": 1},
        {"name": "古い画面", "sections": {"main": {}}, "revision": 1},
    ):
        response = send(token_client, "patch", deck_url(edited_deck), data)
        assert response.status_code == 409, data
        assert response.json()["revision"] == 2
        assert deck_state(edited_deck) == before, data


def test_patch_replaces_the_cards_and_keeps_a_revision_with_the_diff(token_client, deck):
    text = KANNAGI_DECKLIST.replace("4 古びた懐中電灯", "3 古びた懐中電灯\n1 清めの塩")
    response = send(token_client, "patch", deck_url(deck), {"decklist": text, "revision": 1})
    assert response.status_code == 200
    assert response.json()["revision"] == 2 and counts(response.json())["清めの塩"] == 1
    revisions = send(token_client, "get", deck_url(deck, "revisions")).json()
    assert {(d["name"], d["delta"]) for d in revisions[0]["diff"]} == {("古びた懐中電灯", -1), ("清めの塩", 1)}


def test_patch_with_a_bad_decklist_changes_nothing(token_client, deck, deck_state):
    before = deck_state(deck)
    response = send(token_client, "patch", deck_url(deck), {"decklist": "メイン:\n4 ねこやま\n3 人魚\n", "revision": 1})
    assert response.status_code == 400
    assert response.json()["lines"][0]["line"] == 3
    assert deck_state(deck) == before


def test_a_patch_that_fails_on_its_cards_changes_none_of_its_details(token_client, deck, deck_state):
    """One request, one change: a bad decklist must not leave the new name (or visibility) saved."""
    before = deck_state(deck)
    response = send(
        token_client, "patch", deck_url(deck), {"name": "半分だけ", "visibility": "public", "decklist": "3 人魚\n"}
    )
    assert response.status_code == 400
    assert deck_state(deck) == before


def test_put_changes_the_deck_like_patch(token_client, deck):
    response = send(token_client, "put", deck_url(deck), {"name": "置き換え", "description": "説明", "revision": 1})
    assert response.status_code == 200
    assert Deck.objects.get(pk=deck.pk).description == "説明"


def test_patching_the_regulation_changes_legality_and_keeps_a_revision(token_client, user, kannagi_base):
    sections = services.decklist_sections("kannagi", kannagi_base, TWO_KESANAKYA)
    autumn = services.deck_create(owner=user, game="kannagi", regulation=kannagi_base, name="秋", sections=sections)
    assert send(token_client, "get", deck_url(autumn)).json()["legal"] is False
    response = send(token_client, "patch", deck_url(autumn), {"regulation": "2025-06-06", "revision": 1})
    assert response.status_code == 200
    body = response.json()
    assert body["legal"] is True and body["regulation"]["code"] == "2025-06-06" and body["revision"] == 2
    assert send(token_client, "get", deck_url(autumn, "revisions")).json()[0]["regulation"] == "2025-06-06"


def test_a_decks_game_cannot_change(token_client, deck, deck_state):
    before = deck_state(deck)
    assert send(token_client, "patch", deck_url(deck), {"game": "vision"}).status_code == 400
    assert send(token_client, "patch", deck_url(deck), {"regulation": "pool13"}).status_code == 400
    assert deck_state(deck) == before


# -- the editor's entry round trip ---------------------------------------------------------------------------


def test_adding_a_card_returns_the_deck_with_its_violations(token_client, deck):
    kesu = card("消さなきゃ")
    response = send(token_client, "post", deck_url(deck, "entries"), {"card": kesu.pk, "delta": 2})
    assert response.status_code == 200
    body = response.json()
    assert body["legal"] is False and body["revision"] == 2
    assert counts(body)["消さなきゃ"] == 2
    violation = body["violations"][0]
    assert set(violation) >= {"code", "message", "cards"}
    assert (violation["code"], violation["cards"]) == ("too_many_copies", [kesu.pk])
    assert "消さなきゃ" in violation["message"]
    flagged = {e["name"] for s in body["sections"] for e in s["entries"] if e["flagged"]}
    assert flagged == {"消さなきゃ"}


def test_entries_take_a_count_a_negative_delta_and_a_section(token_client, deck):
    neko = card("ねこやま")
    body = send(token_client, "post", deck_url(deck, "entries"), {"card": neko.pk, "count": 1, "section": "main"}).json()
    assert counts(body)["ねこやま"] == 1 and body["revision"] == 2
    body = send(token_client, "post", deck_url(deck, "entries"), {"card": neko.pk, "delta": -5}).json()
    assert "ねこやま" not in counts(body) and body["revision"] == 3
    assert [v["code"] for v in body["violations"]] == ["section_too_small"]
    assert ("main", neko.pk) not in {(s, c) for s, c, _n in entries(deck)}


def test_a_bad_entry_change_is_refused_and_changes_nothing(token_client, deck, deck_state):
    before = deck_state(deck)
    neko, white_night = card("ねこやま"), None
    from cards.services import load_bundled

    load_bundled(["vision"])
    white_night = card("白夜", game="vision")
    for data in (
        {"card": neko.pk, "delta": 1, "count": 2},
        {"card": neko.pk},
        {"card": neko.pk, "count": 1, "section": "weather"},
        {"card": white_night.pk, "delta": 1},
        {"card": 999999, "delta": 1},
        {"card": neko.pk, "count": 1000},
    ):
        response = send(token_client, "post", deck_url(deck, "entries"), data)
        assert response.status_code == 400, data
    assert deck_state(deck) == before


def test_an_entry_change_from_a_stale_revision_is_a_conflict_and_changes_nothing(token_client, edited_deck, deck_state):
    before = deck_state(edited_deck)
    response = send(token_client, "post", deck_url(edited_deck, "entries"), {"card": card("ねこやま").pk, "delta": -1, "revision": 1})
    assert response.status_code == 409
    assert deck_state(edited_deck) == before


# -- revisions and restore -------------------------------------------------------------------------------------


def test_revisions_are_listed_newest_first_with_their_diffs(token_client, edited_deck):
    response = send(token_client, "get", deck_url(edited_deck, "revisions"))
    assert response.status_code == 200
    body = response.json()
    assert [r["number"] for r in body] == [2, 1]
    crossing = card("無人の踏切")
    assert body[0]["diff"] == [{"section": "main", "card": crossing.pk, "name": "無人の踏切", "delta": -1}]
    assert body[0]["author"] == "player" and body[0]["regulation"] == "base"
    assert sum(d["delta"] for d in body[1]["diff"]) == 40


def test_restore_makes_a_new_revision_with_the_old_entries(token_client, edited_deck):
    first = edited_deck.revisions.get(number=1).snapshot["sections"]["main"]
    response = send(token_client, "post", deck_url(edited_deck, "restore"), {"number": 1})
    assert response.status_code == 200
    body = response.json()
    assert body["revision"] == 3
    assert counts(body) == {name: count for _id, count, name in first}
    assert sorted(entries(edited_deck)) == sorted(("main", cid, n) for cid, n, _name in first)
    revisions = send(token_client, "get", deck_url(edited_deck, "revisions")).json()
    assert [r["number"] for r in revisions] == [3, 2, 1]
    assert revisions[0]["diff"] == [{"section": "main", "card": card("無人の踏切").pk, "name": "無人の踏切", "delta": 1}]


def test_restoring_a_revision_that_does_not_exist_changes_nothing(token_client, edited_deck, deck_state):
    before = deck_state(edited_deck)
    assert send(token_client, "post", deck_url(edited_deck, "restore"), {"number": 9}).status_code == 400
    assert send(token_client, "post", deck_url(edited_deck, "restore"), {"number": 0}).status_code == 400
    assert deck_state(edited_deck) == before


# -- export and copies ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_export_then_import_gives_the_same_deck(token_client, edited_deck, lang):
    exported = send(token_client, "get", deck_url(edited_deck, "export") + f"?lang={lang}")
    assert exported.status_code == 200 and exported["Content-Type"].startswith("text/plain")
    response = send(token_client, "post", "/api/decks/", {"game": "kannagi", "name": "往復", "decklist": exported.content.decode()})
    assert response.status_code == 201
    again = Deck.objects.get(pk=response.json()["id"])
    assert [e[1:] for e in entries(again)] == [e[1:] for e in entries(edited_deck)]


def test_a_public_deck_can_be_copied_into_your_own(other_client, other_user, public_deck):
    response = send(other_client, "post", deck_url(public_deck, "copy"))
    assert response.status_code == 201
    body = response.json()
    assert body["owner"] == other_user.username and body["visibility"] == "private" and body["id"] != public_deck.pk
    copy = Deck.objects.get(pk=body["id"])
    assert copy.copied_from_id == public_deck.pk
    assert [e[1:] for e in entries(copy)] == [e[1:] for e in entries(public_deck)]


@pytest.mark.parametrize("visibility", ["private", "unlisted"])
def test_a_private_or_unlisted_deck_cannot_be_copied_by_its_id(other_client, other_user, deck, visibility):
    Deck.objects.filter(pk=deck.pk).update(visibility=visibility)
    assert send(other_client, "post", deck_url(deck, "copy")).status_code == 404
    assert not Deck.objects.filter(owner=other_user).exists()


def test_copying_needs_an_account(client, public_deck):
    assert send(client, "post", deck_url(public_deck, "copy")).status_code in (401, 403)
    assert Deck.objects.count() == 1


# -- ownership ---------------------------------------------------------------------------------------------

READS = ["", "export", "revisions"]


@pytest.mark.parametrize("visibility", ["private", "unlisted"])
@pytest.mark.parametrize("action", READS)
def test_another_user_cannot_read_a_private_or_unlisted_deck_by_its_id(other_client, client, deck, visibility, action):
    Deck.objects.filter(pk=deck.pk).update(visibility=visibility)
    assert send(other_client, "get", deck_url(deck, action)).status_code == 404
    assert send(client, "get", deck_url(deck, action)).status_code == 404


@pytest.mark.parametrize("action", READS)
def test_anyone_reads_a_public_deck(client, public_deck, action):
    response = send(client, "get", deck_url(public_deck, action))
    assert response.status_code == 200
    if action == "":
        assert response.json()["share_url"] is None  # the unlisted link is the owner's to give


def test_the_deck_list_shows_others_only_public_decks(other_client, client, user_client, user, kannagi_base, deck):
    from django.test import Client

    public = services.deck_create(owner=user, game="kannagi", regulation=kannagi_base, name="公開", visibility="public")
    services.deck_create(owner=user, game="kannagi", regulation=kannagi_base, name="限定", visibility="unlisted")
    for reader in (other_client, Client()):
        assert [d["id"] for d in send(reader, "get", "/api/decks/").json()["results"]] == [public.pk]
    mine = send(user_client, "get", "/api/decks/?mine=1").json()["results"]
    assert {d["name"] for d in mine} == {"公開", "限定", "私のデッキ"}


def write_requests(deck):
    """Every API request that changes a deck: (method, url, body)."""
    neko = card("ねこやま")
    return {
        "patch": ("patch", deck_url(deck), {"name": "乗っ取り", "visibility": "public"}),
        "patch cards": ("patch", deck_url(deck), {"decklist": "40 ねこやま"}),
        "put": ("put", deck_url(deck), {"name": "乗っ取り", "sections": {"main": {}}}),
        "delete": ("delete", deck_url(deck), None),
        "entries": ("post", deck_url(deck, "entries"), {"card": neko.pk, "delta": -1}),
        "restore": ("post", deck_url(deck, "restore"), {"number": 1}),
    }


WRITES = ["patch", "patch cards", "put", "delete", "entries", "restore"]


@pytest.mark.parametrize("visibility,expected", [("private", 404), ("unlisted", 404), ("public", 403)])
@pytest.mark.parametrize("write", WRITES)
def test_another_user_cannot_change_your_deck_by_api(other_client, edited_deck, deck_state, visibility, expected, write):
    Deck.objects.filter(pk=edited_deck.pk).update(visibility=visibility)
    before = deck_state(edited_deck)
    method, url, body = write_requests(edited_deck)[write]
    response = send(other_client, method, url, body)
    assert response.status_code == expected
    assert deck_state(edited_deck) == before


@pytest.mark.parametrize("write", WRITES)
def test_another_users_token_cannot_change_your_deck(client, other_user, edited_deck, deck_state, write):
    key = Token.objects.create(user=other_user).key
    before = deck_state(edited_deck)
    method, url, body = write_requests(edited_deck)[write]
    response = send(client, method, url, body, HTTP_AUTHORIZATION=f"Token {key}")
    assert response.status_code in (403, 404)
    assert deck_state(edited_deck) == before


@pytest.mark.parametrize("visibility", ["private", "public"])
@pytest.mark.parametrize("write", WRITES)
def test_anonymous_writes_are_refused(client, edited_deck, deck_state, visibility, write):
    Deck.objects.filter(pk=edited_deck.pk).update(visibility=visibility)
    before = deck_state(edited_deck)
    method, url, body = write_requests(edited_deck)[write]
    response = send(client, method, url, body)
    assert response.status_code in (401, 403, 404)
    assert deck_state(edited_deck) == before


def test_the_owner_deletes_their_deck(token_client, deck):
    assert send(token_client, "delete", deck_url(deck)).status_code == 204
    assert not Deck.objects.filter(pk=deck.pk).exists()
    assert send(token_client, "get", deck_url(deck)).status_code == 404


# -- pools -----------------------------------------------------------------------------------------------------


def test_a_pool_shows_each_entry_and_the_combined_shared_deck(token_client, pool):
    response = send(token_client, "get", f"/api/pools/{pool.pk}/")
    assert response.status_code == 200
    body = response.json()
    assert body["legal"] is True and len(body["entries"]) == 2 and all(e["legal"] for e in body["entries"])
    names = {e["name"] for e in body["combined"]}
    assert {"充電完了", "無限の書庫"} <= names and body["combined_count"] > 2


def test_the_sample_pools_are_public_and_legal(client, samples):
    body = send(client, "get", "/api/pools/").json()
    samples_listed = [p for p in body["results"] if p["owner"] == "samples"]
    assert len(samples_listed) == 2
    assert all(p["legal"] and p["visibility"] == "public" for p in samples_listed)


@pytest.mark.parametrize("visibility", ["private", "unlisted"])
def test_another_user_cannot_read_a_private_or_unlisted_pool_by_its_id(other_client, client, pool, visibility):
    Pool.objects.filter(pk=pool.pk).update(visibility=visibility)
    assert send(other_client, "get", f"/api/pools/{pool.pk}/").status_code == 404
    assert send(client, "get", f"/api/pools/{pool.pk}/").status_code == 404
    assert pool.pk not in [p["id"] for p in send(other_client, "get", "/api/pools/").json()["results"]]


@pytest.mark.parametrize("visibility,expected", [("private", 404), ("public", 403)])
def test_another_user_cannot_change_or_delete_your_pool(other_client, pool, samples, visibility, expected):
    Pool.objects.filter(pk=pool.pk).update(visibility=visibility)
    before = pool_state(pool)
    public = list(Deck.objects.filter(sample=True, game="timestorm", regulation__code="base").values_list("pk", flat=True))
    assert send(other_client, "put", f"/api/pools/{pool.pk}/", {"name": "乗っ取り", "decks": public}).status_code == expected
    assert send(other_client, "delete", f"/api/pools/{pool.pk}/").status_code == expected
    assert pool_state(pool) == before


def test_anonymous_pool_writes_are_refused(client, pool, samples):
    Pool.objects.filter(pk=pool.pk).update(visibility=Visibility.PUBLIC)
    before = pool_state(pool)
    public = list(Deck.objects.filter(sample=True, game="timestorm", regulation__code="base").values_list("pk", flat=True))
    assert send(client, "post", "/api/pools/", {"name": "匿名", "decks": public}).status_code in (401, 403)
    assert send(client, "put", f"/api/pools/{pool.pk}/", {"name": "匿名", "decks": public}).status_code in (401, 403)
    assert send(client, "delete", f"/api/pools/{pool.pk}/").status_code in (401, 403)
    assert pool_state(pool) == before
    assert Pool.objects.filter(name="匿名").count() == 0


def test_a_pool_cannot_take_another_users_private_deck(other_client, other_user, pool):
    theirs = list(pool.entries.values_list("deck_id", flat=True))
    response = send(other_client, "post", "/api/pools/", {"name": "のぞき見", "visibility": "public", "decks": theirs})
    assert response.status_code == 400
    assert not Pool.objects.filter(owner=other_user).exists()


@pytest.mark.parametrize("visibility", ["private", "unlisted"])
def test_a_pool_does_not_reveal_an_entry_whose_deck_is_no_longer_public(other_client, client, other_user, user, pool, visibility):
    """Another user's public deck in my pool, made private or unlisted later: not readable through the pool."""
    decks = list(Deck.objects.filter(pk__in=pool.entries.values_list("deck_id", flat=True)))
    Deck.objects.filter(pk__in=[d.pk for d in decks]).update(visibility=Visibility.PUBLIC)
    response = send(other_client, "post", "/api/pools/", {"name": "借りたデッキ", "visibility": "public", "decks": [d.pk for d in decks]})
    assert response.status_code == 201, response.content
    theirs = response.json()["id"]
    secret = decks[1]
    services.deck_update(deck=secret, user=user, visibility=visibility)
    assert send(other_client, "get", deck_url(secret)).status_code == 404
    for reader in (other_client, client):
        response = send(reader, "get", f"/api/pools/{theirs}/")
        assert response.status_code in (200, 404)
        if response.status_code == 200:
            body = response.json()
            assert secret.pk not in [e["deck"] for e in body["entries"]]
            assert secret.share_token not in response.content.decode()
            assert secret.name not in [e["name"] for e in body["combined"]]


# -- languages ------------------------------------------------------------------------------------------------

SHORT = {"game": "kannagi", "decklist": "メイン:\n4 ねこやま\n2 消さなきゃ\n"}


def test_violation_messages_follow_accept_language(client, kannagi_base):
    japanese = send(client, "post", "/api/decks/validate/", SHORT, HTTP_ACCEPT_LANGUAGE="ja").json()["violations"]
    english = send(client, "post", "/api/decks/validate/", SHORT, HTTP_ACCEPT_LANGUAGE="en").json()["violations"]
    assert [v["code"] for v in japanese] == [v["code"] for v in english] == ["section_too_small", "too_many_copies"]
    for ja, en in zip(japanese, english, strict=True):
        assert ja["message"] and en["message"] and ja["message"] != en["message"], ja["code"]
        assert ja["cards"] == en["cards"]
    assert english[0]["message"] == "The Main section has 6 cards; it needs at least 40."
    assert "メイン" in japanese[0]["message"] and "40枚" in japanese[0]["message"]
    assert english[1]["message"] == '"消さなきゃ" (Restricted): at most 1 is allowed; the deck has 2.'
    assert japanese[1]["message"] == "「消さなきゃ」は制限カードです（1枚まで・現在2枚）"
    assert (japanese[0]["section_label"], english[0]["section_label"]) == ("メイン", "Main")


def test_violation_messages_follow_the_language_cookie(client, kannagi_base):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    english = send(client, "post", "/api/decks/validate/", SHORT, HTTP_ACCEPT_LANGUAGE="ja").json()["violations"]
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "ja"
    japanese = send(client, "post", "/api/decks/validate/", SHORT, HTTP_ACCEPT_LANGUAGE="en").json()["violations"]
    assert [v["code"] for v in english] == [v["code"] for v in japanese]
    assert english[1]["message"] == '"消さなきゃ" (Restricted): at most 1 is allowed; the deck has 2.'
    assert japanese[1]["message"] != english[1]["message"]


def test_line_errors_and_deck_violations_are_in_the_requests_language(token_client, deck):
    kesu = card("消さなきゃ")
    messages = {}
    for lang in ("ja", "en"):
        body = send(token_client, "post", deck_url(deck, "entries"), {"card": kesu.pk, "count": 2}, HTTP_ACCEPT_LANGUAGE=lang).json()
        assert [v["code"] for v in body["violations"]] == ["too_many_copies"]
        bad = send(token_client, "post", "/api/decks/validate/", {"game": "kannagi", "decklist": "1 ないカード"}, HTTP_ACCEPT_LANGUAGE=lang)
        line = bad.json()["unread"][0]
        assert line["code"] == "unknown_card" and "ないカード" in line["message"]
        messages[lang] = (body["violations"][0]["message"], line["message"])
    assert messages["en"] == ('"消さなきゃ" (Restricted): at most 1 is allowed; the deck has 2.', 'Line 1: no card is called "ないカード".')
    assert messages["ja"][0] != messages["en"][0] and messages["ja"][1] != messages["en"][1]


def test_a_nul_in_the_deck_list_filter_is_not_an_error(client, samples):
    """PostgreSQL refuses NUL in text: the game filter reached the query as typed (a 500 there)."""
    response = client.get("/api/decks/", {"game": "kan\x00nagi"})
    assert response.status_code == 200
    assert response.json()["count"] == 0
    assert client.get("/api/decks/", {"game": "kannagi"}).json()["count"] > 0
