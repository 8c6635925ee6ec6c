"""The print page in a real browser, in Japanese: a bad custom size is said once, in Japanese, beside the
option; the cards-per-sheet note follows the size and paper as they change (and says what the server says)."""

import pytest

from decks.models import Deck


@pytest.fixture
def manacard_deck(sample_deck):
    return Deck.objects.get(name="サンプル：見習い剣士の旅立ち")


def note(page) -> str:
    return page.locator("#grid-note").inner_text().strip()


def test_a_bad_custom_size_is_said_once_in_japanese(page, manacard_deck):
    page.goto(f"/decks/{manacard_deck.pk}/print/")
    page.get_by_label("カードの大きさ").select_option("custom")
    page.get_by_label("カスタムの大きさ（幅×高さ mm）").fill("abc")
    assert "63x88" in note(page)  # said at once, before anything is sent
    page.get_by_role("button", name="プレビューを更新").click()
    page.wait_for_url("**custom_size=abc**")
    body = page.locator("main").inner_text()
    assert body.count("「abc」は大きさとして読めません") == 1
    assert "expected" not in body and "card size" not in body
    errors = page.locator(".errorlist")
    assert errors.count() == 1 and "読めません" in errors.inner_text()


def test_the_cards_per_sheet_note_follows_the_size_and_paper(page, manacard_deck):
    page.goto(f"/decks/{manacard_deck.pk}/print/")
    assert note(page) == "A4の用紙1枚に 3 × 3 = 9 枚。"
    page.get_by_label("用紙").select_option("A3")
    assert note(page) == "A3の用紙1枚に 4 × 4 = 16 枚。"
    page.get_by_label("カードの大きさ").select_option("custom")
    page.get_by_label("カスタムの大きさ（幅×高さ mm）").fill("100x150")
    assert note(page) == "A3の用紙1枚に 2 × 2 = 4 枚。"
    page.get_by_label("カスタムの大きさ（幅×高さ mm）").fill("300x150")
    assert note(page) == "300×150 mm のカードはA3の用紙に収まりません。"
    page.get_by_label("用紙").select_option("A4")
    page.get_by_label("カスタムの大きさ（幅×高さ mm）").fill("100x150")
    page.get_by_label("カスタムの大きさ（幅×高さ mm）").dispatch_event("change")
    page.wait_for_function("() => location.search.includes('custom_size=100x150') && location.search.includes('paper=A4')")
    live = note(page)
    page.reload()  # the server counts the same for the same options
    assert note(page) == live == "A4の用紙1枚に 2 × 1 = 2 枚。"


def test_the_print_list_names_each_section_with_card_faces(phone, manacard_deck):
    phone.goto(f"/decks/{manacard_deck.pk}/print/")
    headings = phone.locator("#print-list h3").all_inner_texts()
    assert [h.split()[0] for h in headings] == ["メイン", "スキル", "ステータス"]
    first = phone.locator("#print-list li[data-card-face]").first
    assert "/face/m/" in first.get_attribute("data-card-face") and first.get_attribute("data-card-name")
    assert phone.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
