"""The deck editor in a real browser: build a legal kannagi deck from the picker, by keyboard."""

import os

import pytest
from django.contrib.auth.models import User

from decks.models import Deck

SHOTS = os.environ.get("SCREENSHOT_DIR")
# Ten names with no restriction, four copies each: 40 cards, the kannagi minimum.
NAMES = ["ねこやま", "鉄の風", "桜並木の小径", "蝉しぐれの校庭", "紅葉の石段", "雪見の渡り廊下", "無人の踏切", "花火の河川敷", "古びた懐中電灯", "手作りのお守り"]


@pytest.fixture
def player(transactional_db):
    from cards.services import load_bundled

    load_bundled()
    return User.objects.create_user("builder", password="pw-builder-123")


def log_in(page):
    page.goto("/accounts/login/?next=/decks/new/%3Fgame%3Dkannagi")
    page.fill("input[name=username]", "builder")
    page.fill("input[name=password]", "pw-builder-123")
    page.locator("main form button[type=submit]").click()
    page.wait_for_url("**/decks/new/**")


def section_count(page) -> int:
    return int(page.locator('[data-section="main"] .count').first.inner_text())


def test_a_player_builds_a_legal_kannagi_deck_from_the_picker_by_keyboard(page, player):
    log_in(page)
    page.fill("input[name=name]", "春の零探し")
    page.locator("main form button[type=submit]").click()
    page.wait_for_url("**/edit/")
    panel = page.locator("#validation")
    assert panel.get_attribute("data-legal") == "false"
    assert "section_too_small" in panel.inner_html()

    picker = page.get_by_role("searchbox", name="カードを検索").last
    for i, name in enumerate(NAMES):
        picker.fill(name)
        page.locator("#picker-results li.active .name", has_text=name).wait_for()
        for _ in range(4):
            picker.press("Enter")
        page.wait_for_function(
            "n => Number(document.querySelector('[data-section=\"main\"] .count').textContent) === n", arg=4 * (i + 1)
        )
        if i < len(NAMES) - 1:
            assert panel.get_attribute("data-legal") == "false"

    page.wait_for_function("() => document.querySelector('#validation').dataset.legal === 'true'")
    assert section_count(page) == 40
    assert "構築OK" in panel.inner_text()
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, "deck-editor-legal.png"), full_page=True)

    # A fifth copy is marked at once, and taking it away makes the deck legal again.
    picker.fill("ねこやま")
    page.locator("#picker-results li.active .name", has_text="ねこやま").wait_for()
    picker.press("Enter")
    page.wait_for_function("() => document.querySelector('#validation').dataset.legal === 'false'")
    assert page.locator("#sections .flagged").count() == 1
    picker.press("Shift+Enter")
    page.wait_for_function("() => document.querySelector('#validation').dataset.legal === 'true'")

    # The statistics follow the deck without a reload: 7 of the 10 names are 0-cost places.
    page.wait_for_function("() => document.querySelector('#stats-panel').textContent.includes('40枚中28枚')")

    # The type filter narrows the picker to one card type.
    picker.fill("")
    page.get_by_label("種類").last.select_option("季節札")
    page.wait_for_function(
        "() => { const k = [...document.querySelectorAll('#picker-results li small')].map(e => e.textContent);"
        " return k.length > 0 && k.every(t => t.startsWith('季節札')); }"
    )
    assert page.locator("#picker-results li").count() == 4  # the bundled season cards

    deck = Deck.objects.get(owner=player, name="春の零探し")
    assert sum(deck.entries.values_list("count", flat=True)) == 40
    # Every save moved the number on (created, 40 adds, +1, −1), and the visit's saves are one revision.
    assert deck.revision == 1 + 4 * len(NAMES) + 2 and deck.revisions.count() == 2
    assert {d["name"]: d["delta"] for d in deck.revisions.get(number=deck.revision).diff} == dict.fromkeys(NAMES, 4)
