"""Deck building in a real browser (issue 35): on a phone the editor's status bar shows the count, the
legality and the last change after a tap on ＋ in the results, with no keyboard hints; the deck is grouped by
card type as faces with the list one tap away; on a desktop the hover preview never covers the lists, a
reading notice goes once the deck becomes legal, and the deck page draws a seeded sample hand and takes
零探し."""

import os

import pytest
from django.contrib.auth.models import User

SHOTS = os.environ.get("SCREENSHOT_DIR")
PASSWORD = "pw-builder-123"


@pytest.fixture
def own_deck(sample_deck):
    from decks import services

    user = User.objects.create_user("builder", password=PASSWORD)
    return services.deck_copy(deck=sample_deck, user=user)


def log_in(page, next_url):
    page.goto(f"/accounts/login/?next={next_url}")
    page.fill("input[name=username]", "builder")
    page.fill("input[name=password]", PASSWORD)
    page.locator("main form button[type=submit]").click()
    page.wait_for_url(f"**{next_url}")


def inside(box, height):
    return box and box["y"] >= 0 and box["y"] + box["height"] <= height + 1


def test_the_phone_editor_keeps_count_legality_and_the_last_change_in_sight(phone, own_deck):
    log_in(phone, f"/decks/{own_deck.pk}/edit/")
    assert not phone.locator(".keys-help").is_visible() and phone.locator(".touch-help").is_visible()
    phone.locator(".edit-tile").first.wait_for()  # faces by default, grouped by card type
    groups = phone.locator("#sections .edit-group h4").all_inner_texts()
    assert groups and groups[0].startswith("場所札")
    total = phone.locator("#status-total").inner_text()
    phone.locator("#picker-q").fill("春霞の丘")
    phone.locator("#picker-results li[data-card] .add").first.tap()
    phone.wait_for_function("() => document.getElementById('last-change').textContent.includes('春霞の丘')")
    assert phone.locator("#status-total").inner_text() != total
    assert inside(phone.locator("#deck-status").bounding_box(), 844)  # in sight with the results on screen
    assert phone.locator("#card-sheet-title").count() == 0 or not phone.locator("#card-sheet-title").is_visible()
    if SHOTS:
        phone.screenshot(path=os.path.join(SHOTS, "deck-editor-phone.png"))
    # the list one tap away, remembered on this device
    phone.get_by_role("button", name="リスト").tap()
    phone.locator("#sections tr[data-card]").first.wait_for()
    phone.reload()
    phone.locator("#sections tr[data-card]").first.wait_for()
    assert phone.get_by_role("button", name="リスト").get_attribute("aria-pressed") == "true"
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= 391, width


def test_the_desktop_editor_and_the_sample_hand(page, own_deck):
    from decks import services

    page.set_viewport_size({"width": 1280, "height": 800})
    # a list one card short, under a heading that miscounts it: not legal, with a reading notice
    text = services.deck_export_text(own_deck, "ja").replace("4 ねこやま\n", "3 ねこやま\n")
    lines = text.split("\n")
    first = next(i for i, line in enumerate(lines) if line.strip())
    if lines[first].rstrip().endswith((":", "：")):
        lines[first] = "メイン（9枚）:"
    else:
        lines.insert(0, "メイン（9枚）:")
    log_in(page, f"/decks/{own_deck.pk}/edit/")
    page.locator("details.import summary").click()
    page.locator("textarea[name=decklist]").fill("\n".join(lines))
    page.get_by_role("button", name="このリストでデッキを置き換える").click()
    page.wait_for_url(f"**/decks/{own_deck.pk}/edit/")
    notice = page.locator(".messages li.deck-reading")
    assert notice.count() >= 1 and "9枚" in notice.first.inner_text()
    page.locator(".edit-tile").first.wait_for()
    assert page.locator("#deck-status").get_attribute("data-legal") == "false"
    # the hover preview stands beside the lists, never over them
    page.locator("#sections .edit-tile a").first.hover()
    page.wait_for_selector(".card-preview:not([hidden])")
    preview, deck_list = page.locator(".card-preview").bounding_box(), page.locator("#sections").bounding_box()
    assert preview["x"] >= deck_list["x"] + deck_list["width"] or preview["x"] + preview["width"] <= deck_list["x"]
    page.mouse.move(5, 5)
    page.locator("#sections .edit-tile", has_text="ねこやま").locator("button.plus").click()
    page.wait_for_function("() => document.getElementById('deck-status').dataset.legal === 'true'")
    assert page.locator(".messages li.deck-reading").count() == 0  # the notice went with the problem
    assert "ねこやま" in page.locator("#last-change").inner_text()
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, "deck-editor-desktop.png"))

    # the deck page's sample hand: drawn, 零探し on two cards, shared by its link
    page.goto(f"/decks/{own_deck.pk}/")
    page.locator("#hand-draw").click()
    page.locator("#sample-hand .hand-card").first.wait_for()
    assert page.locator("#sample-hand .hand-card").count() == 8
    assert "hand=" in page.url
    page.locator("#sample-hand input[name=back]").nth(0).check()
    page.locator("#sample-hand input[name=back]").nth(1).check()
    page.locator("#hand-redraw").click()
    page.locator("#hand-note").wait_for()
    assert page.locator("#sample-hand .hand-card.drawn").count() == 2 and "back=0&back=1" in page.url
    names = page.locator("#sample-hand .face-name").all_inner_texts()
    page.goto(page.locator("#hand-link").get_attribute("href"))
    assert page.locator("#sample-hand .face-name").all_inner_texts() == names
    page.locator("#hand-again").click()
    page.wait_for_function("n => !location.search.includes('back=')", arg=None)
    assert page.locator("#sample-hand input[name=back]").count() == 8
    if SHOTS:
        page.locator("#sample-hand").screenshot(path=os.path.join(SHOTS, "sample-hand-desktop.png"))
