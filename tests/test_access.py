"""Who may do what, for every page and every API operation of the site, as one table.

The site's conventions, read from the views and the API:
- A private deck, pool, simulation or print job is 404 to anyone but its owner, for reads and for writes
  (its existence is not revealed); an unlisted one is reached only by its link, never by its id.
- A page that needs an account sends a visitor without one to the sign-in page (302), before anything else.
- The API refuses a write without an account with 403 (session authentication answers 403, not 401), a
  write to someone else's *visible* deck or pool with 403, and anything about a hidden one with 404.
- Goldfish games are read-only for anyone with the link; only their owner (an account, or an anonymous
  visitor through the key in their session) plays, undoes, redoes or restarts: 403 for everyone else.
- Card writes (API, image upload and removal, admin, import) need an editor of the card's game: 403 for
  anyone else, including the editors of other games and staff without a group.

Each row names a URL, a method, whom it refuses and how, and who may do it (the positive control, run in
a savepoint and rolled back, which shows that the request itself is right and that the fingerprint sees
a write). A refused request must change nothing at all (tests/access_world.py: fingerprint). Public pages
are rows too: anyone may read them, and a visit changes nothing. A meta-test walks every URL pattern of the
site and every API route, and fails when one has no row (a new page without an access test is red)."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest
from django.db import transaction
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from cards.images import token as image_token
from printing.services import face_key, sheet_token

from .access_world import changed_parts, client_for, fingerprint, module_world, png_upload

pytestmark = pytest.mark.django_db  # each test in a savepoint over the module's world

LOGIN = "login"  # 302 to the sign-in page
FORM = "form"  # 302 back with the form's error (a choice the user was never offered)
METHODS = ("GET", "POST", "PUT", "PATCH", "DELETE")
# Not the site's own pages: the admin (tested below), Django's language switch (only POST does anything, and
# only to a cookie), the OpenAPI document and its UI (public, generated), uploaded card images (config/media.py).
IGNORED_URL_NAMES = {"set_language", "api-schema", "api-docs", "media"}
IGNORED_PREFIXES = ("admin/", "static/", "media/", "i18n/", "api/schema", "api/docs")


@dataclass(frozen=True)
class Case:
    """One URL and method: whom it refuses (role -> 404, 403, 400, LOGIN or FORM) and who may (role,
    statuses, whether the database then changes). `public`: anyone may, and nothing changes."""

    name: str
    method: str
    args: Callable[[Any], list] = lambda w: []
    refused: dict = field(default_factory=dict)
    allowed: tuple = ()  # (role, statuses, writes)
    data: Callable[[Any], Any] | None = None
    kind: str = "form"  # form | json | multipart | query
    label: str = ""
    public: bool = False
    check: Callable[[Any, Any], None] | None = None  # more to assert on the allowed (or public) response

    @property
    def id(self) -> str:
        return f"{self.name}-{self.method}" + (f"-{self.label}" if self.label else "")


def url_of(case: Case, w) -> str:
    return reverse(case.name, args=case.args(w))


def send(client, method: str, url: str, data=None, kind: str = "form"):
    method = method.lower()
    if method == "get":
        return client.get(url, data or {})
    if kind == "json":
        return getattr(client, method)(url, data=json.dumps(data or {}), content_type="application/json")
    if method == "post":  # a form, or multipart (a file in the data)
        return client.post(url, data or {})
    from urllib.parse import urlencode

    return getattr(client, method)(url, data=urlencode(data or {}, doseq=True), content_type="application/x-www-form-urlencoded")


def outcome(response) -> Any:
    if response.status_code == 302:
        location = response["Location"]
        if location.startswith(reverse("login")) or "/login/" in location:
            return LOGIN
        return FORM
    return response.status_code


# -- who may do what ----------------------------------------------------------------------------------------

HIDDEN = {"anon": 404, "other": 404, "staff": 404, "editor_a": 404}  # a private object: 404 to all but its owner
SIGN_IN = {"anon": LOGIN}
OWNED_PAGE = {"anon": LOGIN, "other": 404, "staff": 404, "editor_a": 404}  # login_required, then owner-only
API_HIDDEN = {"anon": 403, "other": 404, "other_token": 404, "editor_a": 404}  # API write to a private object
API_NOT_YOURS = {"other": 403, "other_token": 403}  # API write to someone else's public object
CARD_WRITE = {"anon": 403, "other": 403, "other_token": 403, "staff": 403, "editor_b": 403}  # a kannagi card
GOLDFISH_WRITE = {"anon": 403, "other": 403, "editor_a": 403, "superuser": 403}
OK = (200,)
REDIRECT = (302,)


def read(name, args, refused=None, owner="owner", label="", check=None):
    return Case(name, "GET", args, dict(refused if refused is not None else HIDDEN), (owner, OK, False), label=label, check=check)


def public(name, args=lambda w: [], method="GET", data=None, kind="form", label="", check=None, statuses=OK, writes=False):
    """Anyone may: a read that changes nothing, or (writes) something open to every visitor by design."""
    return Case(name, method, args, {}, ("anon", statuses, writes), data, kind, label, public=True, check=check)


def pk_of(attr):
    return lambda w: [getattr(w, attr).pk]


def settings_form(w):
    return {"action": "settings", "name": "書き換え", "description": "x", "visibility": "public",
            "regulation": w.regulation.pk, "revision": w.priv.revision}


def import_form(w):
    return {"action": "import", "decklist": "メイン:\n4 ねこやま\n", "revision": w.priv.revision}


def pool_form(w):
    return {"name": "書き換え", "description": "", "visibility": "public", "regulation": w.pool.regulation_id, "decks": w.ts_decks}


def print_options(w):
    return {"paper": "A4", "copies": "one"}


def sim_form(w):
    return {"games": 100, "seed": 5, "turn_cap": 10}


def card_data(w, game="kannagi"):
    if game == "vision":
        return {"game": "vision", "name": "侵入者", "card_type": "キャラクター", "fields": {"required_nodes": 1, "attack": 1, "defence": 1}}
    return {"game": "kannagi", "name": "侵入者の場所", "card_type": "場所札", "cost": 0, "fields": {"season": ["春"], "power": 1}}


def kannagi_card_put(w):
    from cards.models import Card

    data = Card.objects.get(pk=w.card.pk).to_data()
    data["name"] = "書き換え"
    return data


DESIGNER = {"anon": LOGIN, "other": 403, "staff": 403, "editor_b": 403}  # the card designer: a game's editors only


def designer_values(w, card=None):
    """The card designer's form as a browser posts it: a new kannagi card, or `card` renamed."""
    if card is None:
        return {"name": "侵入者の場所", "card_type": "場所札", "cost": 0, "f_season": ["春"], "f_power": 1}
    from cards.models import Card
    from printing.designer import designer_form

    card = Card.objects.select_related("game").get(pk=card.pk)
    form = designer_form(card.game, card)
    values = {}
    for name in form.fields:
        value = form[name].value()
        if isinstance(value, list) and value and isinstance(value[0], dict):
            value = json.dumps(value, ensure_ascii=False)  # a list field's records, as scripts post them
        if value not in (None, False, "", []):
            values[name] = value
    values["name"] = "書き換え"
    return values


def no_private_deck_listed(response, w):
    ids = {d["id"] for d in response.json()["results"]}
    assert w.priv.pk not in ids and w.unl.pk not in ids and w.pub.pk in ids


def no_private_pool_listed(response, w):
    ids = {p["id"] for p in response.json()["results"]}
    assert w.pool.pk not in ids and w.pool_unl.pk not in ids


def watcher_cannot_act(response, w):
    assert response.context["can_act"] is False
    assert reverse("goldfish_restart", args=[w.gs.id]) not in response.content.decode()


def api_watcher_cannot_act(response, w):
    body = response.json()
    assert body["can_act"] is False and body["legal_actions"] == []


def no_other_games_listed(response, w):
    assert response.json() == []


def compared(response, w):
    assert "/vs/" in response["Location"], response["Location"]


def gs(attr="gs"):
    return lambda w: [getattr(w, attr).id]


def matchup_form(w):
    return {"opponents": [str(w.ts_pub.pk)], "games": "2", "seed": "1", "ai": "heuristic"}


def sim(attr="sim"):
    return lambda w: [getattr(w, attr).token]


CASES: list[Case] = [
    # -- cards: public reads ----------------------------------------------------------------------------
    public("home"),
    public("game_detail", lambda w: ["kannagi"]),
    public("game_cards", lambda w: ["kannagi"]),
    public("game_rules", lambda w: ["kannagi"]),
    public("card_list", data=lambda w: {"q": "ねこ"}, kind="query"),
    public("card_detail", lambda w: [w.card.pk]),
    public("card_thumb", lambda w: [w.card.pk, "s", image_token(w.card)]),
    public("card_face", lambda w: [w.card.pk, "s", face_key(w.card)]),
    public("search_help"),
    # -- the card designer (printing/designer.py) ------------------------------------------------------------
    Case("game_designer", "GET", lambda w: ["kannagi"], DESIGNER, ("editor_a", OK, False)),
    Case("game_designer", "POST", lambda w: ["kannagi"], DESIGNER, ("editor_a", REDIRECT, True), designer_values),
    Case("game_designer", "GET", lambda w: ["vision"], {"editor_a": 403}, ("editor_b", OK, False), label="other-game"),
    Case("game_designer_preview", "POST", lambda w: ["kannagi"], DESIGNER, ("editor_a", OK, False), designer_values),
    Case("card_designer", "GET", pk_of("card"), DESIGNER, ("editor_a", OK, False)),
    Case("card_designer", "POST", pk_of("card"), DESIGNER, ("editor_a", REDIRECT, True), lambda w: designer_values(w, w.card)),
    Case("card_designer", "POST", pk_of("vision_card"), {"editor_a": 403}, ("editor_b", REDIRECT, True),
         lambda w: designer_values(w, w.vision_card), label="other-game"),
    Case("card_designer_preview", "POST", pk_of("card"), DESIGNER, ("editor_a", OK, False), lambda w: designer_values(w, w.card)),
    # -- decks --------------------------------------------------------------------------------------------
    public("deck_list"),
    public("deck_check"),
    # the editors' draft restricted list: sign-in first, then the game's editors only (nothing is saved)
    Case("regulation_draft", "GET", lambda w: ["kannagi"], {"anon": LOGIN, "other": 403, "staff": 403, "editor_b": 403},
         ("editor_a", OK, False)),
    Case("regulation_draft", "POST", lambda w: ["kannagi"], {"anon": LOGIN, "other": 403, "staff": 403, "editor_b": 403},
         ("editor_a", OK, False), lambda w: {"regulation": w.regulation.pk, "limits": "ねこやま 0"}),
    public("deck_check", method="POST", data=lambda w: {"regulation": w.regulation.pk, "decklist": "4 ねこやま"}, label="validates-only"),
    Case("deck_new", "GET", refused=SIGN_IN, allowed=("other", OK, False)),
    Case("deck_new", "POST", refused=SIGN_IN, allowed=("other", REDIRECT, True),
         data=lambda w: {"regulation": w.regulation.pk, "name": "新", "visibility": "private", "decklist": ""}),
    read("deck_detail", pk_of("priv")),
    read("deck_detail", pk_of("unl"), label="unlisted-by-id"),
    read("deck_stats", pk_of("priv")),
    read("deck_hand", pk_of("priv")),
    Case("deck_shared_hand", "GET", lambda w: [w.priv.share_token], {"anon": 404, "other": 404, "owner": 404}, label="private-never-by-link"),
    public("deck_shared_hand", lambda w: [w.unl.share_token], data=lambda w: {"hand": "7"}, kind="query", label="unlisted-by-link"),
    Case("deck_swap", "POST", pk_of("priv"), OWNED_PAGE, ("owner", REDIRECT, True),
         lambda w: {"swap_old": w.card.pk, "swap_new": w.free_card.pk, "revision": w.priv.revision}),
    Case("deck_swap", "POST", pk_of("pub"), {"other": 404, "editor_a": 404}, ("owner", REDIRECT, True),
         lambda w: {"swap_old": w.card.pk, "swap_new": w.free_card.pk, "revision": w.pub.revision}, label="public-not-yours"),
    read("deck_history", pk_of("priv")),
    read("deck_export", pk_of("priv")),
    Case("deck_edit", "GET", pk_of("priv"), OWNED_PAGE, ("owner", OK, False)),
    Case("deck_edit", "POST", pk_of("priv"), OWNED_PAGE, ("owner", REDIRECT, True), settings_form, label="settings"),
    Case("deck_edit", "POST", pk_of("priv"), OWNED_PAGE, ("owner", REDIRECT, True), import_form, label="import"),
    Case("deck_edit", "POST", pk_of("unl"), {"other": 404}, ("owner", REDIRECT, True),
         lambda w: {**settings_form(w), "revision": w.unl.revision}, label="shared-link-visitor"),
    Case("deck_edit", "POST", pk_of("pub"), {"other": 404, "editor_a": 404}, ("owner", REDIRECT, True),
         lambda w: {**settings_form(w), "revision": w.pub.revision}, label="public-not-yours"),
    Case("deck_restore", "POST", lambda w: [w.priv.pk, 1], {"anon": 404, "other": 404, "staff": 404}, ("owner", REDIRECT, True)),
    Case("deck_restore", "POST", lambda w: [w.pub.pk, 1], {"anon": 404, "other": 404}, ("owner", REDIRECT, True), label="public-not-yours"),
    Case("deck_copy", "POST", pk_of("priv"), {"anon": 404, "other": 404}, ("owner", REDIRECT, True)),
    Case("deck_copy", "POST", pk_of("pub"), {"anon": LOGIN}, ("other", REDIRECT, True), label="public"),
    Case("deck_share_link", "POST", pk_of("unl"), OWNED_PAGE, ("owner", REDIRECT, True)),
    Case("deck_share_link", "POST", pk_of("pub"), {"other": 404}, label="public-not-yours"),
    Case("deck_delete", "GET", pk_of("priv"), OWNED_PAGE, ("owner", OK, False)),
    Case("deck_delete", "POST", pk_of("priv"), OWNED_PAGE, ("owner", REDIRECT, True)),
    Case("deck_delete", "POST", pk_of("pub"), {"other": 404}, ("owner", REDIRECT, True), label="public-not-yours"),
    Case("deck_shared", "GET", lambda w: [w.priv.share_token], {"anon": 404, "other": 404, "owner": 404}, label="private-never-by-link"),
    public("deck_shared", lambda w: [w.unl.share_token], label="unlisted-by-link"),
    Case("deck_shared_copy", "POST", lambda w: [w.priv.share_token], {"anon": 404, "other": 404}, label="private"),
    Case("deck_shared_copy", "POST", lambda w: [w.unl.share_token], {"anon": LOGIN}, ("other", REDIRECT, True), label="unlisted"),
    Case("deck_shared_export", "GET", lambda w: [w.priv.share_token], {"anon": 404, "other": 404, "owner": 404}, label="private"),
    public("deck_shared_export", lambda w: [w.unl.share_token], label="unlisted"),
    # -- pools --------------------------------------------------------------------------------------------
    Case("pool_new", "GET", refused=SIGN_IN, allowed=("other", OK, False)),
    Case("pool_new", "POST", refused=SIGN_IN, allowed=("other", REDIRECT, True), data=pool_form),
    Case("pool_new", "POST", refused={"other": 400}, allowed=("owner", REDIRECT, True),
         data=lambda w: {**pool_form(w), "decks": [w.ts_priv.pk, w.ts_decks[1]]}, label="someone-elses-private-deck"),
    read("pool_detail", pk_of("pool")),
    read("pool_detail", pk_of("pool_unl"), label="unlisted-by-id"),
    Case("pool_edit", "GET", pk_of("pool"), OWNED_PAGE, ("owner", OK, False)),
    Case("pool_edit", "POST", pk_of("pool"), OWNED_PAGE, ("owner", REDIRECT, True), pool_form),
    Case("pool_edit", "POST", pk_of("pool_unl"), {"other": 404}, ("owner", REDIRECT, True), pool_form, label="shared-link-visitor"),
    Case("pool_delete", "POST", pk_of("pool"), OWNED_PAGE, ("owner", REDIRECT, True)),
    Case("pool_share_link", "POST", pk_of("pool_unl"), OWNED_PAGE, ("owner", REDIRECT, True)),
    Case("pool_shared", "GET", lambda w: [w.pool.share_token], {"anon": 404, "other": 404, "owner": 404}, label="private"),
    public("pool_shared", lambda w: [w.pool_unl.share_token], label="unlisted"),
    # -- accounts -----------------------------------------------------------------------------------------
    public("signup"),
    public("signup", method="POST", statuses=REDIRECT, label="open-to-visitors", writes=True,
           data=lambda w: {"username": "newcomer", "password1": "a-Long-pass-9876", "password2": "a-Long-pass-9876"}),
    Case("signup", "POST", refused={"other": FORM}, label="signed-in",
         data=lambda w: {"username": "second", "password1": "a-Long-pass-9876", "password2": "a-Long-pass-9876"}),
    Case("account", "GET", refused=SIGN_IN, allowed=("other", OK, False)),
    Case("account", "POST", refused=SIGN_IN, allowed=("other", OK, True)),
    public("login"),
    public("login", method="POST", statuses=REDIRECT, data=lambda w: {"username": "owner", "password": "pw-access-123"}),
    public("logout", method="POST", statuses=REDIRECT),
    # -- printing -----------------------------------------------------------------------------------------
    *[read(f"deck_print{s}", pk_of("priv")) for s in ("", "_pdf", "_preview", "_alignment")],
    *[read(f"deck_print{s}", pk_of("unl"), {"other": 404}, label="unlisted-by-id") for s in ("", "_pdf")],
    Case("deck_print_job", "POST", pk_of("priv"), HIDDEN, ("owner", REDIRECT, True), print_options),
    *[Case(f"deck_shared_print{s}", "GET", lambda w: [w.priv.share_token], {"anon": 404, "other": 404, "owner": 404},
           label="private-never-by-link") for s in ("", "_pdf", "_preview", "_alignment")],
    *[public(f"deck_shared_print{s}", lambda w: [w.unl.share_token], label="unlisted-by-link") for s in ("", "_pdf", "_preview", "_alignment")],
    Case("deck_shared_print_job", "POST", lambda w: [w.priv.share_token], {"anon": 404, "other": 404, "owner": 404},
         data=print_options, label="private-never-by-link"),
    public("deck_shared_print_job", lambda w: [w.unl.share_token], method="POST", data=print_options, statuses=REDIRECT, writes=True,
           label="unlisted-by-link"),
    *[read(f"pool_print{s}", pk_of("pool")) for s in ("", "_pdf", "_preview", "_alignment")],
    Case("pool_print_job", "POST", pk_of("pool"), HIDDEN, ("owner", REDIRECT, True), print_options),
    public("set_print", lambda w: ["kannagi"]),
    public("set_print_pdf", lambda w: ["kannagi"], data=lambda w: {"copies": "one"}, kind="query"),
    public("set_print_preview", lambda w: ["kannagi"]),
    public("set_print_alignment", lambda w: ["kannagi"]),
    public("set_print_job", lambda w: ["kannagi"], method="POST", data=print_options, statuses=REDIRECT, writes=True,
           label="anyone-may-print-a-set"),
    read("print_job", lambda w: [w.job.token]),
    read("print_job_status", lambda w: [w.job.token]),
    read("print_job_file", lambda w: [w.job.token]),
    public("print_job", lambda w: [w.job_anon.token], label="made-without-an-account"),
    public("print_job_status", lambda w: [w.job_anon.token], label="made-without-an-account"),
    # -- exports for other tables (TTS, Cockatrice, print shops): the print pages' checks ---------------------
    *[read("deck_export_zip", lambda w, f=f: [w.priv.pk, f], label=f) for f in ("tts", "cockatrice", "images")],
    read("deck_export_zip", lambda w: [w.unl.pk, "tts"], {"other": 404}, label="unlisted-by-id"),
    Case("deck_export_job", "POST", lambda w: [w.priv.pk, "tts"], HIDDEN, ("owner", REDIRECT, True)),
    read("pool_export_zip", lambda w: [w.pool.pk, "cockatrice"]),
    Case("pool_export_job", "POST", lambda w: [w.pool.pk, "images"], HIDDEN, ("owner", REDIRECT, True)),
    public("set_export_zip", lambda w: ["kannagi", "tts"]),
    public("set_export_job", lambda w: ["kannagi", "cockatrice"], method="POST", statuses=REDIRECT, writes=True,
           label="anyone-may-export-a-set"),
    Case("deck_shared_export_zip", "GET", lambda w: [w.priv.share_token, "tts"], {"anon": 404, "other": 404, "owner": 404},
         label="private-never-by-link"),
    public("deck_shared_export_zip", lambda w: [w.unl.share_token, "cockatrice"], label="unlisted-by-link"),
    Case("deck_shared_export_job", "POST", lambda w: [w.priv.share_token, "tts"], {"anon": 404, "other": 404, "owner": 404},
         label="private-never-by-link"),
    public("deck_shared_export_job", lambda w: [w.unl.share_token, "images"], method="POST", statuses=REDIRECT, writes=True,
           label="unlisted-by-link"),
    public("tts_image", lambda w: [sheet_token("kannagi", [w.card.pk], "63x88")], label="signed-sheet"),
    Case("tts_image", "GET", lambda w: ["forged"], {"anon": 404, "other": 404}, label="unsigned"),
    # -- goldfish -----------------------------------------------------------------------------------------
    public("goldfish_new"),
    Case("goldfish_new", "GET", refused={"anon": 404, "other": 404}, allowed=("owner", OK, False),
         data=lambda w: {"deck": w.priv.pk}, kind="query", label="private-deck"),
    Case("goldfish_new", "POST", refused={"anon": 404, "other": 404}, allowed=("owner", REDIRECT, True),
         data=lambda w: {"deck": w.priv.pk, "seed": "1"}, label="private-deck"),
    Case("goldfish_new", "POST", refused={"anon": 404, "other": 404, "owner": 404},
         data=lambda w: {"deck_token": w.priv.share_token, "seed": "1"}, label="private-deck-token"),
    Case("goldfish_new", "POST", refused={"anon": 404, "other": 404}, allowed=("owner", REDIRECT, True),
         data=lambda w: {"pool": w.pool.pk, "seed": "1"}, label="private-pool"),
    public("goldfish_new", method="POST", statuses=REDIRECT, writes=True, data=lambda w: {"deck_token": w.unl.share_token, "seed": "1"},
           label="unlisted-by-link"),
    public("goldfish_play", gs(), check=watcher_cannot_act, label="watch-only"),
    Case("goldfish_play", "GET", gs(), allowed=("owner", OK, False), label="owner",
         check=lambda r, w: r.context["can_act"] is True or pytest.fail("the owner cannot act")),
    Case("goldfish_restart", "POST", gs(), GOLDFISH_WRITE, ("owner", REDIRECT, True)),
    Case("goldfish_restart", "POST", gs("gs_anon"), {"anon": 403, "other": 403, "owner": 403}, ("anon_owner", REDIRECT, True),
         label="anonymous-owner"),
    # -- simulations ----------------------------------------------------------------------------------------
    Case("simulation_start", "POST", pk_of("priv"), {"anon": 404, "other": 404}, ("owner", REDIRECT, True), sim_form),
    Case("simulation_start_shared", "POST", lambda w: [w.priv.share_token], {"anon": 404, "other": 404, "owner": 404}, data=sim_form,
         label="private"),
    public("simulation_start_shared", lambda w: [w.unl.share_token], method="POST", data=sim_form, statuses=REDIRECT, writes=True,
           label="unlisted"),
    read("simulation", sim()),
    # -- matchups (対戦シミュレーション): the simulations' checks -------------------------------------------------
    read("matchup_new", pk_of("ts_priv"), {"anon": 404, "other": 404}),
    Case("matchup_new", "POST", pk_of("ts_priv"), {"anon": 404, "other": 404}, ("owner", REDIRECT, True), matchup_form),
    Case("matchup_new", "POST", pk_of("ts_pub"), {"anon": 400, "other": 400}, ("owner", REDIRECT, True),
         lambda w: {**matchup_form(w), "opponents": [str(w.ts_priv.pk)]}, label="someone-elses-private-opponent"),
    Case("matchup_new_shared", "GET", lambda w: [w.ts_priv.share_token], {"anon": 404, "other": 404, "owner": 404}, label="private"),
    public("matchup_new_shared", lambda w: [w.ts_unl.share_token], label="unlisted"),
    public("matchup_new_shared", lambda w: [w.ts_unl.share_token], method="POST", data=matchup_form, statuses=REDIRECT, writes=True,
           label="unlisted"),
    read("matchup", lambda w: [w.matchup.token]),
    read("matchup_status", lambda w: [w.matchup.token]),
    # -- card reports (the designer report) ------------------------------------------------------------------
    read("card_report_new", pk_of("priv")),
    Case("card_report_new", "POST", pk_of("priv"), {"anon": 404, "other": 404}, ("owner", REDIRECT, True), sim_form),
    Case("card_report_new_shared", "GET", lambda w: [w.priv.share_token], {"anon": 404, "other": 404, "owner": 404}, label="private"),
    public("card_report_new_shared", lambda w: [w.unl.share_token], label="unlisted"),
    public("card_report_new_shared", lambda w: [w.unl.share_token], method="POST", data=sim_form, statuses=REDIRECT, writes=True,
           label="unlisted"),
    read("card_report", sim("report")),
    read("card_report_status", sim("report")),
    read("simulation_status", sim()),
    read("simulation_chart", sim()),
    public("simulation", sim("sim_pub"), label="public-deck"),
    Case("simulation_compare_start", "POST", sim(), {"anon": 404, "other": 404}, ("owner", REDIRECT, True),
         lambda w: {"other": "rev:1"}),
    Case("simulation_compare_start", "POST", sim("sim_pub"), {"other": FORM, "anon": FORM}, ("owner", REDIRECT, False),
         lambda w: {"other": f"deck:{w.priv.pk}"}, label="someone-elses-private-deck", check=compared),
    read("simulation_compare", lambda w: [w.sim.token, w.sim_pub.token]),
    read("simulation_compare", lambda w: [w.sim_pub.token, w.sim.token], label="private-on-the-right"),
    # -- API: cards -----------------------------------------------------------------------------------------
    public("api-root"),
    public("api-game-list"),
    public("api-game-detail", lambda w: ["kannagi"]),
    public("api-card-list", data=lambda w: {"game": "kannagi"}, kind="query"),
    Case("api-card-list", "POST", refused=CARD_WRITE, allowed=("editor_a", (201,), True), data=card_data, kind="json"),
    Case("api-card-list", "POST", refused={"editor_a": 403}, allowed=("editor_b", (201,), True),
         data=lambda w: card_data(w, "vision"), kind="json", label="other-game"),
    public("api-card-detail", lambda w: [w.card.pk]),
    Case("api-card-detail", "PUT", pk_of("card"), CARD_WRITE, ("editor_a", OK, True), kannagi_card_put, "json"),
    Case("api-card-detail", "PATCH", pk_of("card"), CARD_WRITE, ("editor_a", OK, True), lambda w: {"name": "書き換え"}, "json"),
    # permission first: the editor of another game learns nothing from a validation message
    Case("api-card-detail", "PATCH", pk_of("card"), {"editor_b": 403}, ("editor_a", (400,), False),
         lambda w: {"game": "vision"}, "json", label="move-to-editors-game"),
    Case("api-card-detail", "DELETE", pk_of("free_card"), CARD_WRITE, ("editor_a", (204,), True)),
    Case("api-card-detail", "DELETE", pk_of("free_vision_card"), {"editor_a": 403}, ("editor_b", (204,), True), label="other-game"),
    Case("api-card-image", "POST", pk_of("card"), CARD_WRITE, ("editor_a", OK, True), lambda w: {"image": png_upload()}, "multipart"),
    Case("api-card-image", "DELETE", pk_of("card"), CARD_WRITE, ("editor_a", OK, True)),
    # -- API: decks and pools -------------------------------------------------------------------------------
    public("api-deck-list", check=no_private_deck_listed),
    Case("api-deck-list", "GET", allowed=("other", OK, False), check=no_private_deck_listed, label="signed-in"),
    Case("api-deck-list", "POST", refused={"anon": 403}, allowed=("other", (201,), True),
         data=lambda w: {"game": "kannagi", "name": "新"}, kind="json"),
    Case("api-deck-detail", "GET", pk_of("priv"), {"anon": 404, "other": 404, "other_token": 404, "editor_a": 404}, ("owner", OK, False)),
    Case("api-deck-detail", "GET", pk_of("unl"), {"anon": 404, "other": 404}, ("owner", OK, False), label="unlisted-by-id"),
    Case("api-deck-detail", "PATCH", pk_of("priv"), API_HIDDEN, ("owner", OK, True), lambda w: {"name": "書き換え"}, "json"),
    Case("api-deck-detail", "PATCH", pk_of("pub"), API_NOT_YOURS, ("owner", OK, True), lambda w: {"name": "書き換え"}, "json",
         label="public-not-yours"),
    Case("api-deck-detail", "PATCH", pk_of("unl"), {"other": 404}, ("owner", OK, True), lambda w: {"name": "書き換え"}, "json",
         label="shared-link-visitor"),
    Case("api-deck-detail", "PUT", pk_of("priv"), API_HIDDEN, ("owner", OK, True), lambda w: {"decklist": "4 ねこやま"}, "json"),
    Case("api-deck-detail", "PUT", pk_of("pub"), API_NOT_YOURS, ("owner", OK, True), lambda w: {"decklist": "4 ねこやま"}, "json",
         label="public-not-yours"),
    Case("api-deck-detail", "DELETE", pk_of("priv"), API_HIDDEN, ("owner", (204,), True)),
    Case("api-deck-detail", "DELETE", pk_of("pub"), API_NOT_YOURS, ("owner", (204,), True), label="public-not-yours"),
    Case("api-deck-copy", "POST", pk_of("priv"), API_HIDDEN, ("owner", (201,), True)),
    Case("api-deck-copy", "POST", pk_of("unl"), {"anon": 403, "other": 404}, ("owner", (201,), True), label="unlisted-by-id"),
    Case("api-deck-entries", "POST", pk_of("priv"), API_HIDDEN, ("owner", OK, True), lambda w: {"card": w.card.pk, "delta": -1}, "json"),
    Case("api-deck-entries", "POST", pk_of("pub"), API_NOT_YOURS, ("owner", OK, True), lambda w: {"card": w.card.pk, "delta": -1},
         "json", label="public-not-yours"),
    Case("api-deck-restore", "POST", pk_of("priv"), API_HIDDEN, ("owner", OK, True), lambda w: {"number": 1}, "json"),
    Case("api-deck-export", "GET", pk_of("priv"), {"anon": 404, "other": 404, "other_token": 404}, ("owner", OK, False)),
    Case("api-deck-revisions", "GET", pk_of("priv"), {"anon": 404, "other": 404, "other_token": 404}, ("owner", OK, False)),
    public("api-deck-validate", method="POST", data=lambda w: {"game": "kannagi", "decklist": "4 ねこやま"}, kind="json",
           label="no-account-needed"),
    public("api-pool-list", check=no_private_pool_listed),
    Case("api-pool-list", "POST", refused={"anon": 403}, allowed=("other", (201,), True),
         data=lambda w: {"name": "新", "decks": w.ts_decks}, kind="json"),
    Case("api-pool-list", "POST", refused={"other": 400, "other_token": 400}, allowed=("owner", (201,), True),
         data=lambda w: {"name": "新", "decks": [w.ts_priv.pk, w.ts_decks[1]]}, kind="json", label="someone-elses-private-deck"),
    Case("api-pool-detail", "GET", pk_of("pool"), {"anon": 404, "other": 404, "other_token": 404}, ("owner", OK, False)),
    Case("api-pool-detail", "PUT", pk_of("pool"), API_HIDDEN, ("owner", OK, True),
         lambda w: {"name": "書き換え", "decks": w.ts_decks}, "json"),
    Case("api-pool-detail", "PUT", pk_of("pool_unl"), {"other": 404}, ("owner", OK, True),
         lambda w: {"name": "書き換え", "decks": w.ts_decks}, "json", label="shared-link-visitor"),
    Case("api-pool-detail", "DELETE", pk_of("pool"), API_HIDDEN, ("owner", (204,), True)),
    # -- API: goldfish and simulations ---------------------------------------------------------------------
    Case("api-goldfish-list", "GET", allowed=("other", OK, False), check=no_other_games_listed, label="only-your-own"),
    Case("api-goldfish-list", "POST", refused={"anon": 400, "other": 400, "other_token": 400}, allowed=("owner", (201,), True),
         data=lambda w: {"game": "kannagi", "deck": w.priv.pk, "seed": 1}, kind="json", label="private-deck"),
    Case("api-goldfish-list", "POST", refused={"anon": 400, "other": 400}, allowed=("owner", (201,), True),
         data=lambda w: {"game": "timestorm", "pool": w.pool.pk, "seed": 1}, kind="json", label="private-pool"),
    public("api-goldfish-list", method="POST", statuses=(201,), writes=True, data=lambda w: {"deck_token": w.unl.share_token, "seed": 1}, kind="json",
           label="unlisted-by-link"),
    public("api-goldfish-detail", gs(), check=api_watcher_cannot_act, label="watch-only"),
    Case("api-goldfish-actions", "POST", gs(), {**GOLDFISH_WRITE, "other_token": 403}, ("owner", OK, True),
         lambda w: {"action": w.gs_action, "version": w.gs.version}, "json"),
    Case("api-goldfish-undo", "POST", gs(), {**GOLDFISH_WRITE, "other_token": 403}, ("owner", OK, True), lambda w: {"steps": 1}, "json"),
    Case("api-goldfish-redo", "POST", gs(), {**GOLDFISH_WRITE, "other_token": 403}, ("owner", OK, True), lambda w: {"steps": 1}, "json"),
    Case("api-goldfish-new", "POST", gs(), {**GOLDFISH_WRITE, "other_token": 403}, ("owner", (201,), True), lambda w: {"seed": 2}, "json"),
    Case("api-goldfish-actions", "POST", gs("gs_anon"), {"anon": 403, "other": 403, "owner": 403}, ("anon_owner", OK, True),
         lambda w: {"action": {"type": "manual.draw", "player": 0, "n": 1}}, "json", label="anonymous-owner"),
    Case("api-simulations-list", "POST", refused={"anon": 404, "other": 404, "other_token": 404}, allowed=("owner", (201,), True),
         data=lambda w: {"deck": w.priv.pk, "games": 100, "seed": 9}, kind="json", label="private-deck"),
    Case("api-simulations-list", "POST", refused={"anon": 404, "other": 404, "owner": 404},
         data=lambda w: {"deck_token": w.priv.share_token, "games": 100}, kind="json", label="private-deck-token"),
    public("api-simulations-list", method="POST", statuses=(201,), writes=True, kind="json",
           data=lambda w: {"deck_token": w.unl.share_token, "games": 100, "seed": 4}, label="unlisted-by-link"),
    Case("api-simulations-detail", "GET", sim(), {"anon": 404, "other": 404, "other_token": 404}, ("owner", OK, False)),
    Case("api-card-reports-list", "POST", refused={"anon": 404, "other": 404, "other_token": 404}, allowed=("owner", (201,), True),
         data=lambda w: {"deck": w.priv.pk, "games": 100, "seed": 9}, kind="json", label="private-deck"),
    public("api-card-reports-list", method="POST", statuses=(201,), writes=True, kind="json",
           data=lambda w: {"deck_token": w.unl.share_token, "games": 100, "seed": 4}, label="unlisted-by-link"),
    Case("api-card-reports-detail", "GET", sim("report"), {"anon": 404, "other": 404, "other_token": 404}, ("owner", OK, False)),
    Case("api-matchups-list", "POST", refused={"anon": 404, "other": 404, "other_token": 404}, allowed=("owner", (201,), True),
         data=lambda w: {"deck": w.ts_priv.pk, "opponents": [w.ts_pub.pk], "games": 2, "seed": 9}, kind="json", label="private-deck"),
    Case("api-matchups-list", "POST", refused={"anon": 404, "other": 404, "other_token": 404}, allowed=("owner", (201,), True),
         data=lambda w: {"deck": w.ts_pub.pk, "opponents": [w.ts_priv.pk], "games": 2, "seed": 9}, kind="json",
         label="someone-elses-private-opponent"),
    public("api-matchups-list", method="POST", statuses=(201,), writes=True, kind="json",
           data=lambda w: {"deck_token": w.ts_unl.share_token, "opponents": [w.ts_pub.pk], "games": 2, "seed": 4}, label="unlisted-by-link"),
    Case("api-matchups-detail", "GET", sim("matchup"), {"anon": 404, "other": 404, "other_token": 404}, ("owner", OK, False)),
]


@pytest.fixture(scope="module")
def world(django_db_setup, django_db_blocker, tmp_path_factory):
    yield from module_world(django_db_blocker, tmp_path_factory)


# -- the table's own checks -------------------------------------------------------------------------------------


def _run(w, case: Case, role: str):
    client = client_for(w, role)
    data = case.data(w) if case.data else None
    return send(client, case.method, url_of(case, w), data, case.kind)


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_a_user_without_the_right_is_refused_and_nothing_changes(world, case):
    w = world
    before = fingerprint()
    for role, expected in case.refused.items():
        response = _run(w, case, role)
        assert outcome(response) == expected, f"{role}: {response.status_code} {response.get('Location', '')}"
    changed = changed_parts(before, fingerprint())
    assert not changed, f"a refused request ({', '.join(case.refused)}) changed {changed}"
    if case.allowed:  # the positive control, rolled back
        role, statuses, writes = case.allowed
        with transaction.atomic():
            response = _run(w, case, role)
            assert response.status_code in statuses, f"{role}: {response.status_code} {response.content[:300]!r}"
            if case.check:
                case.check(response, w)
            changed = changed_parts(before, fingerprint())
            if writes:
                assert changed, "the allowed request wrote nothing: the refusals above prove nothing"
            else:
                assert not changed, f"a read changed {changed}"
            transaction.set_rollback(True)


def test_the_table_uses_every_role_and_covers_reads_and_writes():
    roles = {r for c in CASES for r in c.refused} | {c.allowed[0] for c in CASES if c.allowed}
    assert {"anon", "other", "other_token", "editor_a", "editor_b", "staff", "anon_owner", "owner"} <= roles
    assert {c.method for c in CASES} == set(METHODS)


# -- every URL of the site has rows ---------------------------------------------------------------------------------


def _patterns(resolver=None, prefix=""):
    resolver = resolver or get_resolver()
    for pattern in resolver.url_patterns:
        route = prefix + str(pattern.pattern)
        if isinstance(pattern, URLResolver):
            yield from _patterns(pattern, route)
        elif isinstance(pattern, URLPattern):
            yield route, pattern


def site_routes() -> dict[str, set[str] | None]:
    """URL name -> the methods of an API route (from its viewset's actions), or None for a page."""
    routes: dict[str, set[str] | None] = {}
    for route, pattern in _patterns():
        if route.startswith(IGNORED_PREFIXES) or pattern.name in IGNORED_URL_NAMES:
            continue
        assert pattern.name, f"{route} has no name: it cannot be in the access table"
        actions = getattr(pattern.callback, "actions", None)
        if actions:
            routes.setdefault(pattern.name, set()).update(m.upper() for m in actions if m != "head")  # HEAD is GET
        else:
            routes.setdefault(pattern.name, None)
    return routes


def test_every_url_of_the_site_and_every_api_operation_has_an_access_row():
    routes = site_routes()
    in_table = {c.name for c in CASES}
    assert routes.keys() - in_table == set(), "pages or API routes without an access row"
    assert in_table - routes.keys() == set(), "rows for URLs that no longer exist"
    for name, methods in routes.items():
        if methods is not None:
            covered = {c.method for c in CASES if c.name == name}
            assert covered == methods, f"{name}: the API accepts {sorted(methods)}, the table covers {sorted(covered)}"


def test_the_walk_sees_the_api_routes_and_the_pages():
    routes = site_routes()
    assert routes["api-deck-detail"] == {"GET", "PUT", "PATCH", "DELETE"}
    assert routes["api-card-image"] == {"POST", "DELETE"}
    assert routes["deck_edit"] is None and len(routes) > 80


# Pages that answer a method outside their rows on purpose (none: the sign-in form view refuses PUT too).
METHOD_EXCEPTIONS: dict[str, set[str]] = {}


@pytest.mark.parametrize("name", sorted(n for n, m in site_routes().items() if m is None))
def test_a_page_answers_405_to_the_methods_it_does_not_take(world, name):
    """The table's methods for a page are all it accepts: any other is 405 (also for its owner), so no
    method can slip past the rows above."""
    rows = [c for c in CASES if c.name == name]
    declared = {c.method for c in rows} | METHOD_EXCEPTIONS.get(name, set())
    before = fingerprint()
    client = client_for(world, "owner")  # signed in, so that sign-in and API permissions come after
    for method in sorted(set(METHODS) - declared):
        response = send(client, method, url_of(rows[0], world), {}, "form")
        assert response.status_code == 405, f"{method} {name}: {response.status_code}"
    assert not changed_parts(before, fingerprint())


# -- the admin -------------------------------------------------------------------------------------------------------


def _admin(world, role):
    return client_for(world, role)


def test_an_editor_of_another_game_cannot_open_change_or_delete_a_card_in_the_admin(world):
    before = fingerprint()
    client = _admin(world, "editor_b")
    card = world.card  # kannagi
    for url in (reverse("admin:cards_card_change", args=[card.pk]), reverse("admin:cards_card_history", args=[card.pk])):
        response = client.get(url)
        assert response.status_code in (302, 403, 404) and "ねこやま" not in response.content.decode()
    change = client.post(reverse("admin:cards_card_change", args=[card.pk]),
                         {"game": "kannagi", "name": "書き換え", "card_type": "場所札", "_save": "Save"})
    assert change.status_code in (302, 403, 404)
    delete = client.post(reverse("admin:cards_card_delete", args=[card.pk]), {"post": "yes"})
    assert delete.status_code in (302, 403, 404)
    # nor may the card's own editor move it into a game they do not edit
    moved = _admin(world, "editor_a").post(reverse("admin:cards_card_change", args=[card.pk]),
                                           {"game": "vision", "name": card.name, "card_type": card.card_type, "_save": "Save"})
    assert moved.status_code == 200 and "game" in moved.context["adminform"].form.errors
    assert not changed_parts(before, fingerprint())
    # the same requests from the card's own editor do reach it (the control)
    assert _admin(world, "editor_a").get(reverse("admin:cards_card_change", args=[card.pk])).status_code == 200


def test_an_editor_cannot_add_or_import_cards_into_another_game_in_the_admin(world):
    from django.core.files.uploadedfile import SimpleUploadedFile

    from cards.models import Card

    before = fingerprint()
    client = _admin(world, "editor_a")
    add = client.post(reverse("admin:cards_card_add") + "?game=vision",
                      {"game": "vision", "name": "侵入者", "card_type": "キャラクター", "f_required_nodes": "1", "f_attack": "1",
                       "f_defence": "1", "_save": "Save"})
    assert add.status_code in (200, 302, 403)

    csv = SimpleUploadedFile("cards.csv", "name,card_type\n侵入者,キャラクター\n".encode(), content_type="text/csv")
    imported = client.post(reverse("admin:cards_card_import"), {"game": "vision", "file": csv, "format": "csv"})
    assert imported.status_code == 200 and "game" in imported.context["form"].errors
    assert not Card.objects.filter(name="侵入者").exists()
    assert not changed_parts(before, fingerprint())


def test_staff_without_a_group_sees_no_cards_and_cannot_write_in_the_admin(world):
    before = fingerprint()
    client = _admin(world, "staff")
    assert client.get(reverse("admin:index")).status_code == 200
    for url in (
        reverse("admin:cards_card_changelist"),
        reverse("admin:cards_card_add"),
        reverse("admin:cards_card_import"),
        reverse("admin:cards_card_change", args=[world.card.pk]),
        reverse("admin:decks_regulation_changelist"),
        reverse("admin:decks_deck_changelist"),
        reverse("admin:goldfish_goldfishsession_changelist"),
        reverse("admin:printing_cardback_add"),
        reverse("admin:auth_user_changelist"),
    ):
        assert client.get(url).status_code in (302, 403), url
    assert client.post(reverse("admin:cards_card_delete", args=[world.card.pk]), {"post": "yes"}).status_code in (302, 403)
    assert not changed_parts(before, fingerprint())


def test_the_admin_sends_a_player_without_staff_rights_to_its_sign_in(world):
    response = _admin(world, "other").get(reverse("admin:cards_card_change", args=[world.card.pk]))
    assert response.status_code == 302 and "login" in response["Location"]


def test_an_editor_of_another_game_cannot_change_its_regulations_or_card_back(world):
    from decks.models import Regulation

    before = fingerprint()
    client = _admin(world, "editor_b")
    regulation = world.regulation  # kannagi
    assert client.get(reverse("admin:decks_regulation_change", args=[regulation.pk])).status_code in (302, 403, 404)
    client.post(reverse("admin:decks_regulation_change", args=[regulation.pk]), {"name_ja": "書き換え", "code": "base"})
    assert client.post(reverse("admin:decks_regulation_delete", args=[regulation.pk]), {"post": "yes"}).status_code in (302, 403, 404)
    back = client.post(reverse("admin:printing_cardback_add"), {"game": "kannagi", "image": png_upload("back.png")})
    assert back.status_code == 200 and "game" in back.context["adminform"].form.errors
    assert Regulation.objects.get(pk=regulation.pk).name_ja == regulation.name_ja
    assert not changed_parts(before, fingerprint())
    # the vision editor does reach vision's regulation (the control)
    assert client.get(reverse("admin:decks_regulation_change", args=[world.vision_regulation.pk])).status_code == 200


def test_editors_cannot_delete_players_decks_or_open_goldfish_games_in_the_admin(world):
    before = fingerprint()
    client = _admin(world, "editor_a")
    for url in (reverse("admin:decks_deck_changelist"), reverse("admin:decks_deck_change", args=[world.priv.pk])):
        assert client.get(url).status_code == 403, url  # a player's private deck is not an editor's to read
    assert client.post(reverse("admin:decks_deck_delete", args=[world.priv.pk]), {"post": "yes"}).status_code in (302, 403)
    assert client.get(reverse("admin:goldfish_goldfishsession_changelist")).status_code == 403
    assert client.get(reverse("admin:auth_user_changelist")).status_code == 403
    assert not changed_parts(before, fingerprint())


def test_deleting_a_card_that_is_in_a_deck_is_refused_with_a_message_not_a_server_error(world):
    from cards.models import Card

    response = client_for(world, "editor_a").delete(reverse("api-card-detail", args=[world.card.pk]))
    assert response.status_code == 409 and response.json()["detail"]
    assert Card.objects.filter(pk=world.card.pk).exists()
