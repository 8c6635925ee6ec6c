"""Search in a real browser: kana typed any way finds a kanji card; filters, views and errors on the page."""

import os
from urllib.parse import parse_qs, urlparse

import pytest
from playwright.sync_api import expect

from cards.models import Card

SHOTS = os.environ.get("SCREENSHOT_DIR")


@pytest.fixture
def cards(transactional_db):
    from cards.services import load_bundled

    load_bundled()
    return Card.objects.all()


def search_box(page):
    return page.get_by_role("main").get_by_role("searchbox")


@pytest.mark.parametrize("typed", ["さくらなみき", "サクラナミキ", "ｻｸﾗﾅﾐｷ"])
def test_a_kana_query_finds_the_kanji_card(page, cards, typed):
    page.goto("/games/kannagi/cards/")
    box = search_box(page)
    box.fill(typed)
    box.press("Enter")
    page.wait_for_url("**q=*")
    assert page.locator(".result-count").inner_text().startswith("1")
    page.get_by_role("link", name="桜並木の小径").click()
    expect(page.get_by_role("heading", name="桜並木の小径")).to_be_visible()  # waits for the card page to load
    assert page.get_by_text("さくらなみきのこみち").is_visible()


def test_filters_and_the_query_share_one_url_and_the_table_view_keeps_it(page, cards):
    page.goto("/games/kannagi/cards/")
    search_box(page).fill("-season:無")
    page.get_by_label("種類").select_option("場所札")
    page.get_by_role("button", name="検索").click()
    page.wait_for_url("**type=*")
    query = parse_qs(urlparse(page.url).query)
    assert query["q"] == ["-season:無"] and query["type"] == ["場所札"]
    assert "cost_min" not in query and "season" not in query  # empty filters stay out of the URL
    count = page.locator(".result-count").inner_text()
    expected = Card.objects.filter(game="kannagi", card_type="場所札").exclude(attrs__season=["無"]).count()
    assert count.startswith(str(expected))
    page.get_by_role("link", name="表").click()
    page.wait_for_url("**view=table*")
    assert parse_qs(urlparse(page.url).query)["type"] == ["場所札"]
    assert page.locator("table.cards tbody tr").count() == expected
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, "search-table.png"), full_page=True)


def test_a_query_that_cannot_be_read_says_where(page, cards):
    page.goto("/games/kannagi/cards/")
    search_box(page).fill("cost<=3 (season:春")
    search_box(page).press("Enter")
    alert = page.get_by_role("alert")
    assert "9" in alert.inner_text()
    assert page.locator(".card-grid").count() == 0


def test_the_help_page_examples_run_a_search(page, cards):
    page.goto("/search/help/")
    page.locator("#kannagi").get_by_role("link").first.click()
    page.wait_for_url("**/games/kannagi/cards/?q=*")
    assert int(page.locator(".result-count").inner_text().split()[0].rstrip("枚件")) > 0
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, "search-grid.png"), full_page=True)
