"""Browsing in a real browser (issue 35): the typed query and the filters as one state, "did you mean", one
hit offered, one tile per name with its printings, and a fan-list card without rules text. One test on one
server: each step starts where the last one left the page."""

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
    common = {"game_id": "kannagi", "card_type": "怪異札", "cost": 2, "keywords": ["襲撃"],
              "attrs": {"season": ["無"], "attributes": ["妖怪", "幽霊"], "roles": ["サーチ"]}}
    first = Card.objects.create(name="火の玉", number="285", set_name="百鬼夜行", rarity="C", **common)
    Card.objects.create(name="火の玉", number="2822", set_name="鬼の棲む山", rarity="C 封印改訂", **common)
    return first


def shot(page, name):
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, f"{name}.png"), full_page=True)


def results(page) -> int:
    return int(page.locator(".result-count").inner_text().split()[0].rstrip("枚件+"))


def test_browsing_the_card_list_as_a_player(page, phone, cards):
    box = page.get_by_role("main").get_by_role("searchbox")
    # A typed query sets the dropdowns; changing one rewrites the query's clause.
    page.goto("/games/kannagi/cards/?q=" + "season:無 t:場所札")
    assert page.locator("select[name=type]").input_value() == "場所札" and page.locator("select[name=season]").input_value() == "無"
    page.locator("select[name=type]").select_option("怪異札")
    page.get_by_role("button", name="検索").click()
    page.wait_for_url("**type=*")
    assert parse_qs(urlparse(page.url).query) == {"q": ["season:無"], "type": ["怪異札"]}
    assert box.input_value() == "season:無" and page.locator("select[name=type]").input_value() == "怪異札"
    names = {c.name for c in Card.objects.filter(game="kannagi", card_type="怪異札") if "無" in c.attrs.get("season", [])}
    assert results(page) == len(names) > 0  # one card per name
    shot(page, "browse-one-state")

    # `s:` is the set: the page offers season:春 with what it finds.
    page.locator("select[name=type]").select_option("")
    box.fill("s:春")
    box.press("Enter")
    page.wait_for_url("**q=s*")
    offer = page.locator(".suggestions a", has_text="season:春")
    assert offer.is_visible() and "枚" in page.locator(".suggestions").inner_text()
    shot(page, "browse-did-you-mean")
    offer.click()
    page.wait_for_url("**q=season*")
    assert results(page) > 0

    # One tile per name, its set and number on it and its printings one click away.
    box.fill("火の玉")
    box.press("Enter")
    page.wait_for_url("**q=%E7%81%AB*")
    assert page.locator(".card-grid .face-tile").count() == 1
    tile = page.locator(".card-grid .face-tile").first
    assert "百鬼夜行" in tile.inner_text() and "285" in tile.inner_text() and "2版" in tile.inner_text()
    assert page.get_by_role("button", name="このカードを開く").count() + page.get_by_role("link", name="このカードを開く").count() == 1
    page.get_by_role("link", name="すべての版").click()
    page.wait_for_url("**printings=all*")
    assert page.locator(".card-grid .face-tile").count() == 2
    shot(page, "browse-printings")

    # The one hit, opened: its facts, the missing text said, its other printing listed.
    page.get_by_role("link", name="1名前1枚").click()
    page.wait_for_url(lambda url: "printings=all" not in url)
    page.get_by_role("link", name="このカードを開く").click()
    page.wait_for_url("**/cards/*/")
    expect(page.get_by_role("heading", name="火の玉", exact=True)).to_be_visible()
    assert page.get_by_text("効果テキスト未登録").is_visible()
    assert page.locator("#printings").is_visible() and "鬼の棲む山" in page.locator("ul.reprints").inner_text()
    face = page.locator("img.drawn-face")
    face.scroll_into_view_if_needed()
    page.wait_for_function("img => img.complete && img.naturalWidth > 0", arg=face.element_handle())
    shot(page, "browse-card-untexted")

    # On a phone: the filters fold under 絞り込み and say how many the query sets.
    phone.goto("/games/kannagi/cards/?q=" + "season:無 t:怪異札")
    summary = phone.locator("details.filter-more summary")
    assert "絞り込み (2)" in summary.inner_text()
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    shot(phone, "browse-phone-list")
    phone.goto(cards.get_absolute_url())
    assert phone.get_by_text("効果テキスト未登録").is_visible()
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    shot(phone, "browse-phone-card")
