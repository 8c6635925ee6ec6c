"""Cross-site request forgery: every request that changes something needs the CSRF token.

- Every state-changing row of the access table (tests/test_access.py: site forms and session-authenticated
  API writes, including an anonymous visitor's goldfish game and simulation) sent by the very user who may
  make it, with CSRF checks on and no token: 403 naming CSRF, and nothing changed. The same request with the
  token goes through (the control, rolled back), so the 403 is the missing token and nothing else.
- Every <form method="post"> the site renders carries the token: the pages with forms are rendered and
  parsed, and a scan of templates/ checks that no template with a POST form was left out of the rendering.
- Signing out is POST only (Django 5's LogoutView), and the language switch form has the token (and the
  switch without it is refused)."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from django.conf import settings
from django.db import transaction
from django.middleware.csrf import _get_new_csrf_string
from django.urls import reverse

from .access_world import changed_parts, client_for, fingerprint, module_world
from .test_access import CASES, Case, send, url_of

pytestmark = pytest.mark.django_db  # each test in a savepoint over the module's world

TEMPLATES = Path(settings.BASE_DIR) / "templates"
# Answers without a token, by design: it validates a pasted decklist for anyone and stores nothing.
NO_TOKEN_NEEDED = {"api-deck-validate"}


@pytest.fixture(scope="module")
def world(django_db_setup, django_db_blocker, tmp_path_factory):
    yield from module_world(django_db_blocker, tmp_path_factory)


def _writes() -> list[Case]:
    """The rows that change state (or sign in, or out): not GET, and someone may make them."""
    return [c for c in CASES if c.method != "GET" and c.allowed]


def with_token(client):
    token = _get_new_csrf_string()
    client.cookies[settings.CSRF_COOKIE_NAME] = token
    client.defaults["HTTP_X_CSRFTOKEN"] = token
    return client


def test_the_csrf_table_covers_every_write_of_the_site():
    names = {c.name for c in _writes()}
    expected = {
        "deck_new", "deck_edit", "deck_restore", "deck_copy", "deck_delete", "deck_shared_copy", "pool_new", "pool_edit",
        "pool_delete", "deck_share_link", "pool_share_link", "signup", "account", "login", "logout", "deck_print_job", "pool_print_job", "set_print_job",
        "deck_export_job", "pool_export_job", "set_export_job", "deck_shared_export_job", "deck_shared_print_job", "deck_swap",
        "goldfish_new", "goldfish_restart", "simulation_start", "simulation_start_shared", "simulation_compare_start",
        "deck_check", "api-card-list", "api-card-detail", "api-card-image", "api-deck-list", "api-deck-detail",
        "api-deck-copy", "api-deck-entries", "api-deck-restore", "api-deck-validate", "api-pool-list", "api-pool-detail",
        "api-goldfish-list", "api-goldfish-actions", "api-goldfish-undo", "api-goldfish-redo", "api-goldfish-new",
        "api-simulations-list", "regulation_draft", "game_designer", "card_designer", "game_designer_preview",
        "card_designer_preview", "card_report_new", "card_report_new_shared", "api-card-reports-list", "api-matchups-list",
        "matchup_new", "matchup_new_shared",
    }
    assert names == expected
    assert {c.method for c in _writes()} == {"POST", "PUT", "PATCH", "DELETE"}


@pytest.mark.parametrize("case", _writes(), ids=lambda c: c.id)
def test_a_write_without_the_csrf_token_is_refused_and_changes_nothing(world, case):
    role, statuses, _writes_db = case.allowed
    before = fingerprint()
    data = case.data(world) if case.data else None
    response = send(client_for(world, role, enforce_csrf_checks=True), case.method, url_of(case, world), data, case.kind)
    if case.name in NO_TOKEN_NEEDED:
        assert response.status_code in statuses
    else:
        assert response.status_code == 403, f"{role}: {response.status_code}"
        # the API names the check (DRF: "CSRF Failed: …"), a page says what to do in the visitor's language
        expected = "CSRF" if url_of(case, world).startswith("/api/") else "フォームは送信されませんでした"
        assert expected in response.content.decode(), response.content[:200]
    changed = changed_parts(before, fingerprint())
    assert not changed, f"changed {changed}"
    with transaction.atomic():  # the control: the same request with the token goes through
        client = with_token(client_for(world, role, enforce_csrf_checks=True))
        data = case.data(world) if case.data else None
        response = send(client, case.method, url_of(case, world), data, case.kind)
        assert response.status_code in statuses, f"{role} with the token: {response.status_code} {response.content[:200]!r}"
        transaction.set_rollback(True)


def test_an_api_write_with_a_token_header_needs_no_csrf_token(world):
    """Token authentication is not a cookie, so a forged cross-site request cannot carry it: no CSRF check."""
    client = client_for(world, "other_token", enforce_csrf_checks=True)
    response = client.post("/api/decks/", data={"game": "kannagi", "name": "トークンで"}, content_type="application/json")
    assert response.status_code == 201


# -- every POST form has the token ---------------------------------------------------------------------------


class Forms(HTMLParser):
    """The forms of a page: their method, action and whether they hold the CSRF token."""

    def __init__(self):
        super().__init__()
        self.forms: list[dict] = []
        self._open: dict | None = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "form":
            self._open = {"method": (attrs.get("method") or "get").lower(), "action": attrs.get("action"), "token": False}
            self.forms.append(self._open)
        elif tag == "input" and self._open is not None and attrs.get("name") == "csrfmiddlewaretoken" and attrs.get("value"):
            self._open["token"] = True

    def handle_endtag(self, tag):
        if tag == "form":
            self._open = None


def post_forms(response) -> list[dict]:
    parser = Forms()
    parser.feed(response.content.decode())
    return [f for f in parser.forms if f["method"] == "post"]


def templates_with_post_forms() -> set[str]:
    """Templates with a <form> whose method is post, or set by a variable (it may be post)."""
    found = set()
    for path in TEMPLATES.rglob("*.html"):
        for tag in re.findall(r"<form\b[^>]*>", path.read_text(encoding="utf-8"), flags=re.IGNORECASE):
            method = re.search(r"""method\s*=\s*["']([^"']*)["']""", tag, flags=re.IGNORECASE)
            if method and (method.group(1).lower() == "post" or "{{" in method.group(1)):
                found.add(path.relative_to(TEMPLATES).as_posix())
    return found


def pages(w):
    """(role, method, url, data) of the pages that show the site's forms; a POST shows the form with a result."""
    from django.core.files.uploadedfile import SimpleUploadedFile

    csv = SimpleUploadedFile("cards.csv", "name,card_type\n新しい場所,場所札\n".encode(), content_type="text/csv")
    return [
        ("anon", "GET", reverse("home"), None),
        ("owner", "GET", reverse("home"), None),  # the sign-out form
        ("anon", "GET", reverse("login"), None),
        ("anon", "GET", reverse("signup"), None),
        ("owner", "GET", reverse("account"), None),
        ("anon", "GET", reverse("set_export_zip", args=["vision", "images"]), None),  # 48 faces: the export job's form
        ("owner", "POST", reverse("account"), {}),
        ("owner", "GET", reverse("deck_new"), None),
        ("owner", "GET", reverse("deck_edit", args=[w.priv.pk]), None),
        ("owner", "GET", reverse("deck_history", args=[w.priv.pk]), None),
        ("owner", "GET", reverse("deck_delete", args=[w.priv.pk]), None),
        ("other", "GET", reverse("deck_detail", args=[w.pub.pk]), None),  # copy and simulate
        ("other", "GET", reverse("deck_shared", args=[w.unl.share_token]), None),
        ("owner", "GET", reverse("deck_detail", args=[w.unl.pk]), None),  # the new-link form
        ("owner", "GET", reverse("pool_detail", args=[w.pool_unl.pk]), None),  # the new-link form
        ("anon", "GET", reverse("deck_check"), None),
        ("anon", "POST", reverse("deck_check"), {"regulation": w.regulation.pk, "decklist": "4 ねこやま"}),  # the odds form
        ("editor_a", "GET", reverse("regulation_draft", args=["kannagi"]), None),
        ("owner", "GET", reverse("pool_new"), None),
        ("owner", "GET", reverse("pool_edit", args=[w.pool.pk]), None),
        ("owner", "GET", reverse("deck_print", args=[w.priv.pk]), None),
        ("anon", "GET", reverse("goldfish_new"), None),
        ("owner", "GET", reverse("goldfish_play", args=[w.gs.id]), None),
        ("owner", "GET", reverse("simulation", args=[w.sim.token]), None),
        ("owner", "GET", reverse("card_report_new", args=[w.priv.pk]), None),
        ("owner", "GET", reverse("matchup_new", args=[w.ts_priv.pk]), None),
        ("owner", "GET", reverse("card_report", args=[w.report.token]), None),  # the swap form
        ("owner", "GET", reverse("card_report", args=[w.swap_report.token]), None),  # デッキに反映, another swap
        ("editor_a", "GET", reverse("admin:cards_card_import"), None),
        ("editor_a", "GET", reverse("game_designer", args=["kannagi"]), None),
        ("editor_a", "GET", reverse("card_designer", args=[w.card.pk]), None),
        ("editor_a", "POST", reverse("admin:cards_card_import"), {"game": "kannagi", "file": csv, "format": "csv", "dry_run": "on"}),
    ]


def test_every_post_form_the_site_renders_has_the_csrf_token(world):
    rendered: set[str] = set()
    forms_seen = 0
    for role, method, url, data in pages(world):
        client = with_token(client_for(world, role, enforce_csrf_checks=True))
        response = client.get(url) if method == "GET" else client.post(url, data)
        assert response.status_code in (200, 400), f"{role} {method} {url}: {response.status_code}"
        rendered |= {t.name for t in response.templates if t.name}
        for form in post_forms(response):
            forms_seen += 1
            assert form["token"], f"{url}: <form method=post action={form['action']!r}> has no CSRF token"
    missing = templates_with_post_forms() - rendered
    assert not missing, f"templates with a POST form that no page here renders: {sorted(missing)}"
    assert forms_seen >= 25


def test_the_template_scan_finds_the_forms_it_should():
    found = templates_with_post_forms()
    assert {"base.html", "decks/deck_edit.html", "decks/_stats.html", "admin/cards/card/import.html"} <= found
    assert "cards/card_list.html" not in found  # a GET search form


def test_the_form_parser_sees_a_post_form_without_a_token():
    class Page:
        content = b'<form method="POST" action="/x/"><input name="a"></form><form method="get"></form>'

    assert post_forms(Page) == [{"method": "post", "action": "/x/", "token": False}]


# -- signing out, switching the language ---------------------------------------------------------------------------


def test_signing_out_is_post_only_and_needs_the_token(world):
    client = client_for(world, "owner", enforce_csrf_checks=True)
    assert client.get(reverse("logout")).status_code == 405
    assert client.post(reverse("logout")).status_code == 403  # no token: a forged sign-out link does nothing
    assert client.get(reverse("account")).status_code == 200  # still signed in
    with_token(client)
    assert client.post(reverse("logout")).status_code == 302
    assert client.get(reverse("account")).status_code == 302  # now signed out


def test_the_language_switch_form_has_the_token_and_needs_it(world):
    client = client_for(world, "anon", enforce_csrf_checks=True)
    forms = [f for f in post_forms(client.get(reverse("home"))) if f["action"] == reverse("set_language")]
    assert len(forms) == 1 and forms[0]["token"]
    refused = client.post(reverse("set_language"), {"language": "en", "next": "/"})
    assert refused.status_code == 403 and settings.LANGUAGE_COOKIE_NAME not in refused.cookies
    with_token(client)
    switched = client.post(reverse("set_language"), {"language": "en", "next": "/"})
    assert switched.status_code == 302 and switched.cookies[settings.LANGUAGE_COOKIE_NAME].value == "en"
