"""The base layout in a real browser: games in the header, language switch, readable on a phone."""

import os

import pytest
from playwright.sync_api import expect

from cards.models import Card

SHOTS = os.environ.get("SCREENSHOT_DIR")


def no_horizontal_scroll(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")


def shot(page, name):
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, f"{name}.png"), full_page=True)


@pytest.fixture
def cards(transactional_db):
    from cards.services import load_bundled

    load_bundled()
    return Card.objects.all()


def test_the_site_is_japanese_and_switches_to_english(page, cards):
    page.goto("/")
    assert page.locator("html").get_attribute("lang") == "ja"
    assert page.get_by_role("link", name="巫KANNAGIカードゲーム").first.is_visible()
    shot(page, "home-ja")
    page.select_option("#lang-select", "en")
    page.get_by_role("button", name="切替").click()
    page.wait_for_selector("html[lang=en]")
    assert page.get_by_placeholder("Search cards").is_visible()
    assert page.get_by_role("link", name="KANNAGI Card Game").first.is_visible()
    shot(page, "home-en")


def test_a_phone_reads_every_page_without_sideways_scrolling(phone, cards):
    weather = Card.objects.get(game="vision", name="春一番")
    for path in ("/", "/games/original/", "/games/kannagi/cards/", weather.get_absolute_url()):
        phone.goto(path)
        assert no_horizontal_scroll(phone), path
    shot(phone, "phone-card")
    phone.goto("/")
    phone.get_by_role("link", name="オリジナルカードゲーム（兵・呪術・土地）").first.click()
    phone.get_by_role("link", name="カードリスト").first.click()
    phone.get_by_role("link", name="ビナルクスの仙龍").click()
    expect(phone.get_by_role("heading", name="ビナルクスの仙龍")).to_be_visible()  # waits for the card page to load
    assert phone.get_by_text("召喚コスト").is_visible()


def test_the_header_search_box_finds_a_card(page, cards):
    page.goto("/")
    box = page.get_by_role("searchbox", name="カードを検索")
    box.fill("大蛇")
    box.press("Enter")
    page.get_by_role("link", name="肥川の大蛇").click()
    expect(page.get_by_role("heading", name="肥川の大蛇")).to_be_visible()  # waits for the card page to load
