"""The deck page's deck codes in a real browser: a kannagi deck offers 巫カードフィルター's v7 code and share
link, each copy button puts exactly that text on the clipboard and says so, with no policy violation, and
the box fits a 390 px phone."""

import json
import os
from pathlib import Path

import pytest
from django.contrib.auth.models import User

from decks import services

SHOTS = os.environ.get("SCREENSHOT_DIR")
VECTORS = json.loads((Path(__file__).parent.parent / "data" / "kannagi_cardfilter_vectors.json").read_text(encoding="utf-8"))
SPRING = VECTORS[0]


@pytest.fixture
def spring_deck(transactional_db):
    """The bundled cards with the vector's numbered cards added, and a public deck of them."""
    from cards.models import Card, Game
    from cards.services import load_bundled
    from decks.models import Regulation
    from rules.declare import GAMES

    load_bundled()
    slug = next(s for s, g in GAMES.items() if g.deck_code_writers)
    game = Game.objects.get(slug=slug)
    numbered = {
        n: Card.objects.create(game=game, name=f"番号札{n}", number=n, card_type="場所札", cost=0, attrs={"season": ["春"], "power": 1})
        for n in SPRING["cards"]
    }
    owner = User.objects.create_user("coder", password="pw-coder-123")
    return services.deck_create(
        owner=owner, game=slug, regulation=Regulation.objects.filter(game=game).first(), name=SPRING["title"],
        visibility="public", sections={"main": {numbered[n].pk: c for n, c in SPRING["cards"].items()}},
    )


def _open(browser, live_server, deck, viewport):
    context = browser.new_context(base_url=live_server.url, locale="ja-JP", viewport=viewport)
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=live_server.url)
    page = context.new_page()
    page.set_default_timeout(10_000)
    problems = []
    page.on("console", lambda msg: "Content Security Policy" in msg.text and problems.append(msg.text))
    page.on("pageerror", lambda error: problems.append(f"script error: {error}"))
    page.goto(f"/decks/{deck.pk}/")
    return context, page, problems


@pytest.mark.parametrize("size", [(390, 844), (1280, 800)], ids=["phone", "desktop"])
def test_each_copy_button_copies_its_code_and_says_so(browser, live_server, spring_deck, size):
    context, page, problems = _open(browser, live_server, spring_deck, {"width": size[0], "height": size[1]})
    box = page.locator("[data-deck-codes]")
    box.scroll_into_view_if_needed()
    share = "https://hanil524.github.io/kannagi-cardlist/share.html#" + SPRING["share_hash"]
    for field, expected, said in (("v7", SPRING["v7"], "デッキコードをコピーしました。"), ("share", share, "共有リンクをコピーしました。")):
        page.locator(f'button[data-copy-code="deck-code-{field}"]').click()
        page.wait_for_function("t => document.querySelector('.deck-code-state').textContent === t", arg=said)
        assert page.evaluate("navigator.clipboard.readText()") == expected
    assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")
    assert not problems, problems
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, f"deck-codes-{size[0]}.png"), full_page=True)
        box.screenshot(path=os.path.join(SHOTS, f"deck-codes-box-{size[0]}.png"))
    context.close()


def test_a_deck_of_unnumbered_cards_says_why_it_has_no_code(browser, live_server, sample_deck):
    context = browser.new_context(base_url=live_server.url, locale="ja-JP", viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(f"/decks/{sample_deck.pk}/")
    box = page.locator("[data-deck-codes]")
    reason = box.locator("[data-deck-code-reason]")
    assert reason.count() == 1 and "巫カードフィルターのカード番号がないため、デッキコードを作れません" in reason.inner_text()
    assert box.locator("button[data-copy-code]").count() == 0
    if SHOTS:
        box.screenshot(path=os.path.join(SHOTS, "deck-codes-reason-390.png"))
    context.close()
