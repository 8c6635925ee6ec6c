"""The header on a 390 px phone: brand, a menu button and the search box; the site's links open under the
button, each a 44 px target on one line (no word broken in the middle); the games' strip scrolls inside
itself with the current game in view. On a desktop the links are in the header as they were."""

import pytest

from cards.models import Card


@pytest.fixture
def cards(transactional_db):
    from cards.services import load_bundled

    load_bundled()
    return Card.objects.all()


def lines_of(locator) -> int:
    """How many lines the element's text takes."""
    return locator.evaluate(
        """(el) => { const range = document.createRange(); range.selectNodeContents(el);
                    return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size; }"""
    )


def test_a_phone_opens_the_site_links_from_the_menu_button(phone, cards):
    phone.goto("/")
    decks = phone.locator(".site-nav").get_by_role("link", name="デッキリストをチェック")
    assert not decks.is_visible()  # folded away: the header is brand, button and search
    header = phone.locator(".site-header").bounding_box()
    assert header["height"] < 200, header
    button = phone.get_by_role("button", name="メニュー")
    assert button.get_attribute("aria-expanded") == "false"
    button.click()
    assert button.get_attribute("aria-expanded") == "true"
    links = phone.locator(".site-nav a")
    assert links.count() == 4
    for i in range(links.count()):
        link = links.nth(i)
        assert link.is_visible()
        assert link.bounding_box()["height"] >= 44
        assert lines_of(link) == 1, link.inner_text()
    assert phone.get_by_role("button", name="切替").bounding_box()["height"] >= 44
    phone.keyboard.press("Escape")
    assert not decks.is_visible() and button.get_attribute("aria-expanded") == "false"
    button.click()
    decks.click()
    phone.wait_for_url("**/decks/check/")


def test_the_games_strip_scrolls_inside_itself_to_the_current_game(phone, cards):
    card = Card.objects.filter(game="manacard").first()
    phone.goto(card.get_absolute_url())
    current = phone.locator(".games a[aria-current=page]")
    assert current.inner_text() == "異世界TCG マナカード"
    box = current.bounding_box()
    assert 0 <= box["x"] and box["x"] + box["width"] <= 390, box  # scrolled into view, the last game
    assert box["height"] >= 44
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390


def test_a_desktop_shows_the_site_links_without_a_menu(page, cards):
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto("/")
    assert not page.get_by_role("button", name="メニュー").is_visible()
    for name in ("カード", "デッキ", "デッキリストをチェック", "一人回し"):
        link = page.locator(".site-nav").get_by_role("link", name=name, exact=True)
        assert link.is_visible() and lines_of(link) == 1
    assert page.locator(".site-header").bounding_box()["height"] < 110
