"""Card faces in a real browser: the card list shows faces that load, with their names; a card named anywhere
shows its face large on hover (mouse), on keyboard focus, and in a sheet on a tap (phone); the home page's ways
in lead where they say."""

import time

import pytest

from cards.models import Card

NAME = "ねこやま"


@pytest.fixture(autouse=True)
def media(settings, tmp_path):
    """Drawn faces are cached under MEDIA_ROOT: each test draws its own."""
    settings.MEDIA_ROOT = tmp_path
    return tmp_path


@pytest.fixture
def cards(transactional_db):
    from cards.services import load_bundled

    load_bundled()
    return Card.objects.all()


def _settled(page):
    """Yields the page; afterwards waits until no face is still being drawn (a request in flight would hold
    the test database while it is flushed). Asked for after the data, so the page closes before the flush."""
    yield page
    page.wait_for_load_state("networkidle")


@pytest.fixture
def desktop(cards, page):
    yield from _settled(page)


@pytest.fixture
def touch(cards, phone):
    yield from _settled(phone)


@pytest.fixture
def home(sample_deck, page):
    yield from _settled(page)


def until(page, script, timeout=20.0):
    """Poll a script in the page until it is true (the policy forbids wait_for_function's eval)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if page.evaluate(script):
            return
        page.wait_for_timeout(100)
    raise AssertionError(f"not true after {timeout}s: {script}")


ON_SCREEN = (
    "[...document.querySelectorAll('.face-img')]"
    ".filter(i => i.getBoundingClientRect().top < innerHeight && i.getBoundingClientRect().bottom > 0)"
)


def test_the_card_list_shows_faces_that_load_with_their_names(desktop):
    desktop.goto("/games/kannagi/cards/")
    until(desktop, f"{ON_SCREEN}.length > 0 && {ON_SCREEN}.every(i => i.complete)")
    shown = desktop.evaluate(
        f"{ON_SCREEN}.map(i => [i.naturalWidth, i.alt, i.closest('.face-link').querySelector('.face-name').textContent])"
    )
    assert len(shown) >= 6  # two rows of six on a desktop
    for width, alt, name in shown:
        assert width == 240 and alt and alt == name
    lazy = desktop.evaluate("[...document.querySelectorAll('.face-img')].map(i => i.loading)")
    assert len(lazy) == Card.objects.filter(game="kannagi").count() and set(lazy) == {"lazy"}


def test_the_grid_does_not_jump_while_faces_load(desktop):
    desktop.route("**/face/s/**", lambda route: route.abort())  # the faces never arrive
    desktop.goto("/games/kannagi/cards/")
    heights = desktop.evaluate("[...document.querySelectorAll('.face-img')].slice(0, 6).map(i => i.getBoundingClientRect().height)")
    widths = desktop.evaluate("[...document.querySelectorAll('.face-img')].slice(0, 6).map(i => i.getBoundingClientRect().width)")
    for height, width in zip(heights, widths, strict=True):
        assert abs(height / width - 88 / 63) < 0.02  # the card's box is there before its face


def preview_ready(desktop):
    until(desktop, "(() => { const p = document.querySelector('.card-preview');"
                " return p && !p.hidden && p.querySelector('img').naturalWidth > 0; })()")
    box = desktop.locator(".card-preview").bounding_box()
    size = desktop.viewport_size
    assert box["x"] >= 0 and box["y"] >= 0
    assert box["x"] + box["width"] <= size["width"] and box["y"] + box["height"] <= size["height"]
    return box


def test_hovering_a_card_shows_its_face_large_beside_the_pointer(desktop):
    card = Card.objects.get(game="kannagi", name=NAME)
    desktop.goto(f"/games/kannagi/cards/?q={NAME}")
    link = desktop.get_by_role("link", name=NAME, exact=True)
    link.hover()
    box = preview_ready(desktop)
    assert box["width"] >= 300
    assert desktop.locator(".card-preview img").get_attribute("src").startswith(f"/cards/{card.pk}/face/m/")
    desktop.mouse.move(2, 2)
    until(desktop, "document.querySelector('.card-preview').hidden")


def test_a_name_in_the_table_further_down_previews_too(desktop):
    desktop.goto("/cards/?view=table")
    name = desktop.locator("table.cards a[data-card-face]").nth(12)
    name.hover()  # scrolls it into view first: the scroll that follows must not swallow the hover
    preview_ready(desktop)
    assert desktop.locator(".card-preview img").get_attribute("src") == name.get_attribute("data-card-face")


def test_the_preview_never_leaves_the_window_at_its_right_edge(desktop):
    desktop.goto("/games/vision/cards/")
    last = desktop.locator(".face-link").nth(5)  # the last of the first row, at the right edge
    last.hover(position={"x": 150, "y": 60})
    box = preview_ready(desktop)
    assert box["x"] + box["width"] < last.bounding_box()["x"] + 150  # it opens to the left of the pointer


def test_a_card_named_by_a_script_later_previews_too(desktop):
    card = Card.objects.get(game="kannagi", name=NAME)
    desktop.goto("/search/help/")
    face = desktop.evaluate(f"fetch('/games/kannagi/cards/?q={NAME}').then(r => r.text())"
                         ".then(t => new DOMParser().parseFromString(t, 'text/html')"
                         ".querySelector('[data-card-face]').dataset.cardFace)")
    desktop.evaluate(
        "face => { const s = document.createElement('span'); s.id = 'late'; s.textContent = 'ねこやま';"
        " s.dataset.cardFace = face; document.querySelector('main').prepend(s); }",
        face,
    )
    desktop.locator("#late").hover()
    preview_ready(desktop)
    assert f"/cards/{card.pk}/" in desktop.locator(".card-preview img").get_attribute("src")


def test_keyboard_focus_shows_the_preview_and_escape_hides_it(desktop):
    desktop.goto(f"/games/kannagi/cards/?q={NAME}")
    desktop.get_by_role("searchbox").first.focus()
    for _ in range(40):
        desktop.keyboard.press("Tab")
        if desktop.evaluate("document.activeElement.matches('[data-card-face]')"):
            break
    assert desktop.evaluate("document.activeElement.dataset.cardName") == NAME
    preview_ready(desktop)
    desktop.keyboard.press("Escape")
    until(desktop, "document.querySelector('.card-preview').hidden")


def test_a_tap_on_a_phone_shows_the_sheet_and_keeps_the_way_to_the_card(touch):
    card = Card.objects.get(game="kannagi", name=NAME)
    touch.goto(f"/games/kannagi/cards/?q={NAME}")
    url = touch.url
    touch.get_by_role("link", name=NAME, exact=True).tap()
    sheet = touch.get_by_role("dialog", name=NAME)
    sheet.wait_for()
    assert touch.url == url  # the tap previewed; it did not leave the page
    until(touch, "document.querySelector('.card-sheet-face').naturalWidth > 0")
    assert touch.locator(".card-preview:visible").count() == 0  # no hover preview on a touch screen
    touch.touchscreen.tap(195, 30)  # outside the sheet
    sheet.wait_for(state="hidden")
    touch.get_by_role("link", name=NAME, exact=True).tap()
    sheet.wait_for()
    touch.get_by_role("button", name="プレビューを閉じる").tap()
    sheet.wait_for(state="hidden")
    touch.get_by_role("link", name=NAME, exact=True).tap()
    touch.keyboard.press("Escape")
    sheet.wait_for(state="hidden")
    touch.get_by_role("link", name=NAME, exact=True).tap()
    sheet.get_by_role("link", name="カードページへ").tap()
    touch.wait_for_url(f"**/cards/{card.pk}/")
    assert touch.get_by_role("heading", level=1).inner_text().startswith(NAME)


def test_a_tap_on_a_button_keeps_its_own_action(touch):
    touch.goto("/search/help/")
    touch.evaluate(
        "() => { const b = document.createElement('button'); b.id = 'act'; b.type = 'button'; b.textContent = 'x';"
        " b.dataset.cardFace = '/static/css/site.css'; b.addEventListener('click', () => b.dataset.clicked = 'yes');"
        " document.querySelector('main').prepend(b); }"
    )
    touch.locator("#act").tap()
    assert touch.locator("#act").get_attribute("data-clicked") == "yes"
    assert touch.get_by_role("dialog").count() == 0


def test_home_shows_each_games_faces_and_its_ways_in_lead_where_they_say(home, sample_deck):
    home.goto("/")
    home.locator(".home-games").scroll_into_view_if_needed()
    until(home, f"{ON_SCREEN}.length > 0 && {ON_SCREEN}.every(i => i.complete && i.naturalWidth > 0)")
    assert home.locator(".home-games .face-tile").count() == 20
    search = home.get_by_role("searchbox", name="全ゲームからカードを探す")
    search.fill(NAME)
    search.press("Enter")
    home.wait_for_url("**/cards/?q=*")
    assert home.get_by_role("link", name=NAME, exact=True).count() >= 1
    home.goto("/")
    home.locator(".start-card").get_by_role("link", name="デッキリストをチェック").click()
    home.wait_for_url("**/decks/check/")
    home.goto("/")
    start = home.locator(".start-card", has_text="サンプルデッキで一人回し")
    start.get_by_role("link", name="巫KANNAGI").click()
    home.wait_for_url(f"**/goldfish/new/?deck={sample_deck.pk}")
    assert sample_deck.name in home.content()
    home.goto("/")
    prints = home.locator(".start-card", has_text="プロキシを印刷")
    prints.get_by_role("link", name="巫KANNAGI").click()
    home.wait_for_url(f"**/decks/{sample_deck.pk}/print/")


@pytest.mark.parametrize("path", ["/", "/cards/", "/games/manacard/cards/", "/games/vision/"])
def test_the_faces_fit_a_phone(touch, path):
    touch.goto(path)
    assert touch.evaluate("document.documentElement.scrollWidth <= innerWidth")
    assert touch.evaluate("innerWidth") == 390
