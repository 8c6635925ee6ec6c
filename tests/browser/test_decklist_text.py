"""Decklists as text in a real browser: the check page reads a pasted post and lists what it could not read
above the result; the deck page copies the list in either style to the clipboard."""

import os

from playwright.sync_api import expect

SHOTS = os.environ.get("SCREENSHOT_DIR")

POST = """【春と無の零探し】デッキレシピ
作成者：ゆきんこ
・メインデッキ(40枚)
《ねこやま》×4
「鉄の風」×4
花火の河川敷*4
肥川の大蛇 1
(ひかわのおろち)
仮想世界の外（2）
謎のカード ×1
"""


def test_the_check_page_reads_a_post_and_lists_the_line_it_could_not_read_above_the_result(page, sample_deck):
    page.goto("/decks/check/?game=kannagi")
    page.fill("textarea[name=decklist]", POST)
    page.locator("#check-form button[type=submit]").click()
    page.wait_for_selector("#validation")
    unread = page.locator("#unread-lines li")
    assert unread.count() == 1 and "10行目" in unread.first.inner_text() and "謎のカード" in unread.first.inner_text()
    assert page.locator('#result [data-section="main"] .count').first.inner_text() == "15"  # 4+4+4+1+2 read
    assert page.evaluate("location.hash") == "#result"  # the page opens at the result, below the long text box
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, "check-post.png"), full_page=True)


def test_the_deck_page_copies_the_list_or_the_post_version(browser, live_server, sample_deck):
    context = browser.new_context(base_url=live_server.url, locale="ja-JP", viewport={"width": 390, "height": 844})
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=live_server.url)
    page = context.new_page()
    page.set_default_timeout(10_000)
    try:
        page.goto(f"/decks/{sample_deck.pk}/")
        page.locator("button[data-copy=export-post]").click()
        expect(page.locator(".export-state")).to_have_text("投稿用をコピーしました。")
        assert page.evaluate("navigator.clipboard.readText()").startswith("■メイン（40枚）\n《ねこやま》×4\n")
        page.locator("button[data-copy=export-plain]").click()
        expect(page.locator(".export-state")).to_have_text("一覧形式をコピーしました。")
        assert page.evaluate("navigator.clipboard.readText()").startswith("メイン:\n4 ねこやま\n")
        if SHOTS:
            page.screenshot(path=os.path.join(SHOTS, "deck-copy.png"))
    finally:
        context.close()
