"""The live card designer in a real browser: a kannagi editor types and sees the face redrawn, sees a field's
error in Japanese while the last good face stays, saves with Ctrl+S; a new card starts from the game page; on a
phone the face sits above the form and nothing scrolls sideways."""

import os

import pytest
from django.contrib.auth.models import Group, User

from cards.models import Card, Game, editor_group_name

SHOTS = os.environ.get("SCREENSHOT_DIR")


@pytest.fixture
def place(transactional_db, settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path
    editor = User.objects.create_user("designer", password="pw-designer-123")
    editor.groups.add(Group.objects.get(name=editor_group_name("kannagi")))
    return Card.objects.create(
        game=Game.objects.get(slug="kannagi"), name="テストの廃屋", card_type="場所札", cost=0,
        attrs={"season": ["春"], "power": 1},
    )


def log_in(page, next_url):
    page.goto(f"/accounts/login/?next={next_url}")
    page.fill("input[name=username]", "designer")
    page.fill("input[name=password]", "pw-designer-123")
    page.locator("main form button[type=submit]").click()
    page.wait_for_url(f"**{next_url}")


def shot(page, name):
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, f"designer-{name}.png"), full_page=False)


def face_changes_from(page, before: str):
    page.wait_for_function(
        "old => { const img = document.getElementById('designer-face'); return !img.hidden && img.src !== old "
        "&& img.src.startsWith('data:image/webp'); }", arg=before)
    return page.locator("#designer-face").get_attribute("src")


def test_an_editor_types_and_sees_the_face_redrawn_then_saves_with_ctrl_s(page, place):
    log_in(page, place.get_absolute_url())
    page.get_by_role("link", name="カードデザイナーで編集").click()
    page.wait_for_url(f"**/cards/{place.pk}/designer/")
    face = page.locator("#designer-face")
    saved_face = face.get_attribute("src")
    assert f"/cards/{place.pk}/face/m/" in saved_face  # the saved card's face to start with

    page.get_by_label("カード名").fill("書き換えた廃屋")
    typed_face = face_changes_from(page, saved_face)
    assert "入力中の値" in page.locator("#designer-status").inner_text()

    power = page.locator("#id_f_power")
    power.fill("-5")
    error = page.locator("#errors-f_power")
    error.wait_for(state="visible")
    assert "0" in error.inner_text() and power.get_attribute("aria-invalid") == "true"
    assert face.get_attribute("src") == typed_face  # the last good face stays
    shot(page, "error")

    power.fill("7")
    error.wait_for(state="hidden")
    face_changes_from(page, typed_face)
    shot(page, "desktop")
    power.press("Control+s")
    page.locator(".messages li", has_text="「書き換えた廃屋」を保存しました").wait_for()
    place.refresh_from_db()
    assert place.name == "書き換えた廃屋" and place.attrs["power"] == 7


def test_a_new_card_starts_from_the_game_page_and_saves_with_enter(page, place):
    log_in(page, "/games/kannagi/")
    page.get_by_role("link", name="新しいカード（カードデザイナー）").click()
    page.wait_for_url("**/games/kannagi/designer/")
    assert page.locator("#designer-face").is_hidden()
    page.get_by_label("カード名").fill("新作の小径")
    season = page.locator("#errors-f_season")  # a place card has no face without its season and power
    season.wait_for(state="visible")
    assert "必須" in season.inner_text() and page.locator("#designer-face").is_hidden()
    page.locator("#designer-problems").get_by_role("link", name="力").click()  # the fields at fault, under the face
    assert page.evaluate("document.activeElement.id") == "id_f_power"
    page.get_by_label("春").check()
    page.locator("#id_f_power").fill("3")
    face_changes_from(page, "")
    assert season.is_hidden()
    page.get_by_label("カード名").press("Enter")
    page.locator(".messages li", has_text="「新作の小径」を保存しました").wait_for()
    card = Card.objects.get(game="kannagi", name="新作の小径")
    assert page.url.endswith(f"/cards/{card.pk}/designer/")


def test_on_a_phone_the_face_is_above_the_form_and_nothing_scrolls_sideways(phone, place):
    log_in(phone, f"/cards/{place.pk}/designer/")
    face = phone.locator("#designer-face").bounding_box()
    name = phone.get_by_label("カード名").bounding_box()
    assert face["y"] + face["height"] <= name["y"]
    assert face["width"] <= 390
    overflow = phone.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0
    before = phone.locator("#designer-face").get_attribute("src")
    phone.get_by_label("カード名").fill("スマホで書き換え")
    face_changes_from(phone, before)
    assert phone.evaluate("document.documentElement.scrollWidth - window.innerWidth") <= 0
    shot(phone, "phone")


SLOW_ANSWER = """
const realFetch = window.fetch;
window.fetch = async (url, init) => {
  const response = await realFetch(url, init);
  if (init && init.body instanceof FormData && init.body.get("name") === "遅い名前") {
    await new Promise((done) => setTimeout(done, 1500));  // this answer arrives after the next one
  }
  return response;
};
"""


def test_a_late_answer_for_older_values_never_replaces_the_newer_face(page, place):
    page.add_init_script(SLOW_ANSWER)
    log_in(page, f"/cards/{place.pk}/designer/")
    name = page.get_by_label("カード名")
    saved_face = page.locator("#designer-face").get_attribute("src")
    name.fill("遅い名前")
    page.wait_for_timeout(500)  # its request is out (250 ms after typing), its answer held back
    name.fill("速い名前")
    newest = face_changes_from(page, saved_face)
    page.wait_for_timeout(2000)  # the held-back answer has come and gone
    assert page.locator("#designer-face").get_attribute("src") == newest
    assert "入力中の値" in page.locator("#designer-status").inner_text()
