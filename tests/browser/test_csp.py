"""The content security policy in a real browser: every kind of page the site serves loads, runs its
scripts and shows its styles with no policy violation (no inline script or style anywhere), signed out and
signed in, the API docs and the admin included."""

import pytest
from django.contrib.auth.models import User

from cards.models import Card


def _watch(page):
    """Collect what Chromium reports about the policy: violations are logged to the console, and the
    page's own `securitypolicyviolation` events are counted by a listener added before any script runs."""
    problems = []
    page.on("console", lambda msg: "Content Security Policy" in msg.text and problems.append(msg.text))
    page.on("pageerror", lambda error: problems.append(f"script error: {error}"))
    page.add_init_script(
        "window.__cspViolations = [];"
        "document.addEventListener('securitypolicyviolation',"
        " e => window.__cspViolations.push(e.violatedDirective + ' ' + (e.blockedURI || 'inline')));"
    )
    return problems


def _visit(page, problems, path):
    response = page.goto(path)
    assert response.status == 200, (path, response.status)
    assert "default-src 'self'" in response.headers["content-security-policy"], path
    page.wait_for_load_state("load")
    page.wait_for_timeout(250)  # scripts that draw after load (Swagger UI, the goldfish board) have run
    seen = page.evaluate("window.__cspViolations")
    assert not problems and not seen, (path, problems, seen)


def _sign_in(page, live_server, user):
    from django.test import Client

    client = Client()
    client.force_login(user)
    cookie = client.cookies["sessionid"]
    page.context.add_cookies([{"name": "sessionid", "value": cookie.value, "url": live_server.url}])


@pytest.fixture
def watched(page):
    return page, _watch(page)


def test_public_pages_break_no_policy(watched, sample_deck):
    from goldfish import services as goldfish
    from goldfish.actors import Actor

    page, problems = watched
    card = Card.objects.filter(game="kannagi").first()
    sim = goldfish.start_simulation(who=Actor(user=sample_deck.owner), deck=sample_deck, games=40, seed=1, turn_cap=12)
    for path in (
        "/", "/games/kannagi/", "/games/kannagi/cards/?q=cost%3C%3D2", card.get_absolute_url(), "/search/help/",
        f"/decks/{sample_deck.pk}/", f"/decks/{sample_deck.pk}/stats/", f"/decks/{sample_deck.pk}/history/",
        "/decks/check/", f"/decks/{sample_deck.pk}/print/", "/accounts/login/", "/accounts/signup/",
        "/api/docs/", sim.get_absolute_url(),
    ):
        _visit(page, problems, path)


def test_signed_in_pages_and_the_admin_break_no_policy(watched, live_server, sample_deck, games):
    from decks.services import deck_copy
    from goldfish import services as goldfish
    from goldfish.actors import Actor

    page, problems = watched
    admin = User.objects.create_superuser("boss", password="pw-boss-123")
    own = deck_copy(deck=sample_deck, user=admin, name="mine")
    session = goldfish.start_from_deck(who=Actor(user=admin), deck=own, seed=5).session
    card = Card.objects.filter(game="kannagi").first()
    _sign_in(page, live_server, admin)
    for path in (
        "/decks/", "/decks/new/", f"/decks/{own.pk}/edit/", "/accounts/", session.get_absolute_url(),
        "/admin/", "/admin/cards/card/", f"/admin/cards/card/{card.pk}/change/", "/admin/decks/deck/",
    ):
        _visit(page, problems, path)
    # The goldfish page draws the board from its script: its buttons are there and no violation came up.
    assert page.goto(session.get_absolute_url()).status == 200
    page.wait_for_load_state("load")
    page.wait_for_timeout(250)
    assert page.locator("button").count() > 3
    assert not problems and not page.evaluate("window.__cspViolations")
