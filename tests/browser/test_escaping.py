"""Hostile names in a real browser: the deck editor, the goldfish board and the simulation page of a deck
whose name and cards are `<script>`, `<img onerror>` and `<svg onload>` payloads. The pages' scripts draw
them (from JSON, the API and server-rendered fragments) as text: no payload runs and each name reads
literally. The browser ignores the site's Content-Security-Policy here, so that the escaping itself is
what is tested, not the policy that would also stop an inline handler."""

import pytest
from django.test import Client

from tests.test_escaping import AMP, CARD_NAMES, DECK_NAME, IMG, SCRIPT, SVG, _done_simulation, make_hostile

# Every payload calls alert(): a dialog. An injected element would also be seen in the DOM.
INJECTED = "img[src='x'], svg[onload], [onerror], [onload], script:not([src]):not([type='application/json'])"


@pytest.fixture
def hostile(transactional_db):
    return make_hostile()


@pytest.fixture
def browse(browser, live_server, hostile):
    """A page signed in as the hostile deck's owner, recording dialogs and script errors."""
    client = Client()
    client.force_login(hostile["owner"])
    context = browser.new_context(base_url=live_server.url, locale="ja-JP", bypass_csp=True)
    context.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}])
    page = context.new_page()
    page.set_default_timeout(10_000)
    page.dialogs, page.errors = [], []
    page.on("dialog", lambda dialog: (page.dialogs.append(dialog.message), dialog.dismiss()))
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    yield page
    context.close()


def assert_clean(page, where):
    assert page.dialogs == [], f"{where}: a payload ran: {page.dialogs}"
    assert page.errors == [], f"{where}: script errors: {page.errors}"
    assert page.locator(INJECTED).count() == 0, f"{where}: an element from the data"


def test_the_deck_editor_draws_hostile_names_as_text(browse, hostile):
    deck = hostile["deck"]
    browse.goto(f"/decks/{deck.pk}/edit/")
    sections = browse.locator("#sections")
    for name in CARD_NAMES:
        assert name in sections.inner_text(), name
    assert browse.locator("input[name=name]").input_value() == DECK_NAME
    # one change: the script redraws the sections from the API's JSON and the stats panel from HTML
    browse.click(".view-switch button[data-view=list]")  # the list view (faces are the default)
    row = browse.locator("#sections tr[data-card]", has_text=AMP).first
    before = row.locator("input.count").input_value()
    with browse.expect_response(lambda r: "/stats/" in r.url):  # the stats panel is redrawn after a change
        row.locator("button.minus").click()
    browse.wait_for_function(
        "([name, n]) => [...document.querySelectorAll('#sections tr[data-card]')].some("
        "(tr) => tr.textContent.includes(name) && tr.querySelector('input.count').value === n)",
        arg=[AMP, str(int(before) - 1)],
    )
    for name in CARD_NAMES:
        assert name in browse.locator("#sections").inner_text(), name
    # the picker draws the search API's answers
    picker = browse.locator("#picker-q")
    picker.fill("alert")
    browse.locator("#picker-results li .name", has_text=SVG).wait_for()
    picked = browse.locator("#picker-results").inner_text()
    assert SCRIPT in picked and IMG in picked
    assert browse.locator("#stats-panel #stats").count() == 1
    assert_clean(browse, "deck editor")


def test_the_goldfish_board_draws_hostile_cards_and_tokens_as_text(browse, hostile):
    client = Client()
    client.force_login(hostile["owner"])
    deck = hostile["deck"]
    response = client.post(f"/goldfish/new/?deck={deck.pk}", {"deck": deck.pk, "seed": "5"})
    assert response.status_code == 302
    browse.goto(response["Location"])
    board = browse.locator("#gf-board")
    board.locator(".gf-card").first.wait_for()
    assert DECK_NAME in browse.locator("h1").inner_text()
    assert any(name in board.inner_text() for name in CARD_NAMES), "a renamed card is on the board"
    # a token named with a payload: the board, the log and the inspector show it as text
    browse.locator("#gf-tools summary").click()
    tool = browse.locator("#gf-tools-body .gf-tool", has=browse.locator("[data-tool=token]"))
    tool.locator("input.gf-text-in").fill(IMG)
    tool.locator("[data-tool=token]").click()
    browse.locator("#gf-log li", has_text=IMG).wait_for()
    assert IMG in board.inner_text()
    assert_clean(browse, "goldfish board")


def test_the_simulation_page_swaps_in_hostile_results_as_text(browse, hostile):
    from goldfish import services
    from goldfish.actors import Actor
    from goldfish.models import Simulation
    from rules.engine.simulate import simulate

    deck = hostile["deck"]
    done = _done_simulation(deck, seed=4)
    browse.goto(f"/simulations/{done.token}/")
    cards = browse.locator("#sim-cards")
    for name in (SCRIPT, IMG, AMP):
        assert name in cards.text_content(), name
    assert DECK_NAME in browse.locator("main").inner_text()
    assert_clean(browse, "simulation page")
    # a queued one: the page polls, then its script swaps the server-rendered results in
    sim = services.start_simulation(who=Actor(user=deck.owner), deck=deck, games=10, seed=8, turn_cap=10)
    browse.goto(f"/simulations/{sim.token}/")
    assert browse.locator("#sim-progress").is_visible()
    result = simulate("kannagi", sim.decks, sim.games, sim.seed, sim.turn_cap, workers=1)
    Simulation.objects.filter(pk=sim.pk).update(result=result, status=Simulation.Status.DONE, done=sim.games)
    browse.locator("#sim-results svg.win-chart").wait_for()
    swapped = browse.locator("#sim-results").text_content()  # (the cards' tab is hidden: its text is there)
    for name in (SCRIPT, IMG, AMP):
        assert name in swapped, name
    assert_clean(browse, "simulation results swapped in")
