"""The deck pages in a real browser: the editor's clicks of one visit are one revision (a new visit, a new
one), every card the editor names carries its face for the preview, and the deck page, the history and the
editor fit a 390 px phone with the deck as faces and the curve as a chart."""

import os

import pytest
from django.contrib.auth.models import User

from decks import services
from decks.models import Deck

SHOTS = os.environ.get("SCREENSHOT_DIR")


@pytest.fixture
def my_deck(sample_deck):
    """A copy of the kannagi sample deck owned by a player who can sign in."""
    player = User.objects.create_user("builder", password="pw-builder-123")
    return services.deck_copy(deck=sample_deck, user=player)


def log_in(page, next_url):
    page.goto(f"/accounts/login/?next={next_url}")
    page.fill("input[name=username]", "builder")
    page.fill("input[name=password]", "pw-builder-123")
    page.locator("main form button[type=submit]").click()
    page.wait_for_url(f"**{next_url}")


def wait_saved(page, revision):
    page.wait_for_function("n => Number(document.getElementById('editor').dataset.revision) === n", arg=revision)


def fits(page) -> bool:
    return page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")


def shot(page, name):
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, name), full_page=True)


def test_the_clicks_of_one_editor_visit_are_one_revision_and_a_new_visit_a_new_one(page, my_deck):
    url = f"/decks/{my_deck.pk}/edit/"
    log_in(page, url)
    page.click(".view-switch button[data-view=list]")  # the list view (faces are the default; remembered)
    start = my_deck.revision
    plus = page.locator('#sections tr[data-card] button.plus')
    minus = page.locator('#sections tr[data-card] button.minus')
    for i, button in enumerate([plus.nth(0), plus.nth(1), minus.nth(2), plus.nth(0)]):
        button.click()
        wait_saved(page, start + i + 1)
    deck = Deck.objects.get(pk=my_deck.pk)
    assert deck.revision == start + 4 and deck.revisions.count() == 2
    assert deck.revisions.get(number=deck.revision).edits == 4

    page.reload()  # leaving the editor and coming back: a new visit
    page.locator("#sections tr[data-card] button.plus").first.click()
    wait_saved(page, start + 5)
    assert Deck.objects.get(pk=my_deck.pk).revisions.count() == 3

    page.goto(f"/decks/{my_deck.pk}/history/")
    summaries = page.locator("ol.revisions .rev-summary").all_inner_texts()
    assert len(summaries) == 3 and summaries[0].startswith("+1 ") and "+" in summaries[1]
    options = page.locator('select[name="from"] option').all_inner_texts()
    assert len(options) == 3 and all(o[:2] == "20" and " · " in o for o in options)


def test_the_picker_and_the_deck_lines_carry_each_cards_face_for_the_preview(page, my_deck):
    url = f"/decks/{my_deck.pk}/edit/"
    log_in(page, url)
    page.click(".view-switch button[data-view=list]")  # the deck's lines (faces are the default)
    page.fill("#picker-q", "ねこ")
    item = page.locator("#picker-results li[data-card]").first
    item.wait_for()
    assert item.get_attribute("data-card-name") == "ねこやま"
    face = item.get_attribute("data-card-face")
    response = page.request.get(face)  # the drawn face, by whatever key: it answers with the current drawing
    assert response.ok and response.headers["content-type"] == "image/webp"
    item.click()
    wait_saved(page, my_deck.revision + 1)
    lines = page.locator("#sections tr[data-card] a")
    assert lines.count() == my_deck.entries.count()
    for i in range(lines.count()):
        assert "/face/m/" in lines.nth(i).get_attribute("data-card-face")
        assert lines.nth(i).get_attribute("data-card-name") == lines.nth(i).inner_text()


def test_the_deck_page_shows_faces_and_the_curve_and_fits_a_phone(phone, my_deck, sample_deck):
    phone.goto(f"/decks/{sample_deck.pk}/")
    tiles = phone.locator("#deck-faces .face-tile")
    assert tiles.count() == sample_deck.entries.count()
    first = tiles.first
    first.scroll_into_view_if_needed()
    phone.wait_for_function("() => { const i = document.querySelector('#deck-faces img'); return i.complete && i.naturalWidth > 0; }")
    assert first.locator(".face-count").inner_text().startswith("×")
    assert phone.locator("#deck-faces img").first.get_attribute("loading") == "lazy"
    columns = phone.evaluate(
        "() => new Set([...document.querySelectorAll('#deck-faces .face-section:first-child .face-tile')]"
        ".map(t => Math.round(t.getBoundingClientRect().left))).size"
    )
    assert columns == 3  # the grid wraps to the phone's width
    chart = phone.locator("svg.curve-chart").first
    assert chart.get_attribute("role") == "img" and "コスト0: " in chart.get_attribute("aria-label")
    assert chart.bounding_box()["width"] <= 390
    assert fits(phone)
    shot(phone, "deck-page-phone.png")


def test_the_editor_and_the_history_fit_a_phone(phone, my_deck):
    log_in(phone, f"/decks/{my_deck.pk}/edit/")
    phone.locator(".view-switch button[data-view=list]").tap()  # the deck's lines (faces are the default)
    phone.locator("#sections tr[data-card] button.plus").first.click()
    wait_saved(phone, my_deck.revision + 1)
    assert fits(phone)
    shot(phone, "deck-editor-phone.png")
    phone.goto(f"/decks/{my_deck.pk}/history/")
    phone.locator("#compare-form button[type=submit]").click()
    phone.locator("#comparison").wait_for()
    phone.locator("ol.revisions summary").first.click()
    assert phone.locator("ol.revisions details[open] .diff li").count() >= 1
    assert fits(phone)
    shot(phone, "deck-history-phone.png")
