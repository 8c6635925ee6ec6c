"""Versus in a real browser (issue 34): for every game whose rules seat an AI opponent, start from a sample
deck's page with 相手: デッキ（AIが操作）, play the whole game with clicks only (the player passes or plays what
the action bar offers, and answers a decision over cards with its first candidates and 決定) and see the AI's moves come back as the other seat's logged actions, to the result."""

import os

import pytest

from goldfish.models import GoldfishSession
from rules.declare import GAMES
from rules.engine.versus import versus_games

SHOTS = os.environ.get("SCREENSHOT_DIR")


@pytest.fixture
def samples(sample_deck):  # the bundled cards and every sample deck (tests/browser/conftest.py)
    from decks.models import Deck

    return Deck.objects.filter(sample=True)


def version(page) -> int:
    return int(page.get_attribute("#goldfish", "data-version"))


@pytest.mark.parametrize("slug", versus_games())
def test_a_whole_game_against_the_ai_is_played_with_clicks(page, samples, slug):
    code = GAMES[slug].regulations[0].code
    listed = list(samples.filter(game_id=slug, regulation__code=code).order_by("pk")[:2])
    mine, theirs = (listed * 2)[:2]  # a game with one sample deck: its mirror
    page.goto(mine.get_absolute_url())
    page.click("#goldfish-link")
    page.wait_for_url("**/goldfish/new/**")
    page.goto(page.url + "&seed=3")
    assert page.locator("select[name=opponent] option").first.inner_text() == "ゴールドフィッシュ"
    page.select_option("select[name=opponent]", str(theirs.pk))
    page.select_option("select[name=ai_level]", "heuristic")
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, f"versus-start-{slug}.png"), full_page=True)
    page.click("#goldfish-start-button")
    page.wait_for_url("**/goldfish/*/")
    clicks = 0
    for _ in range(300):
        if page.locator("#gf-result").is_visible():
            break
        buttons = page.locator("#gf-actionbar button[data-action-type]")
        confirm = page.locator("#gf-confirm")
        page.locator("#gf-actionbar button[data-action-type], #gf-confirm").first.wait_for()
        before = version(page)
        if buttons.count():
            buttons.last.click()  # (the last offered: a play where one is offered beside the pass)
        else:  # a decision over cards (vision's hand limit, a defence): the first candidates, then 決定
            for _ in range(20):
                if confirm.is_enabled():
                    break
                page.locator(".gf-card.selectable:not(.selected)").first.click()
            confirm.click()
        page.wait_for_function("v => Number(document.querySelector('#goldfish').dataset.version) > v", arg=before)
        clicks += 1
    page.locator("#gf-result").wait_for()
    session = GoldfishSession.objects.get()
    seats = [entry.get("seat") for entry in session.state["log"]]
    assert seats.count(0) == clicks and seats.count(1) > 0  # every AI move is a logged action of seat 1
    assert session.result is not None
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, f"versus-over-{slug}.png"), full_page=True)


GOLDFISH_OPTIONS = [slug for slug in versus_games() if any(o.goldfish_only for o in GAMES[slug].options)]


@pytest.mark.parametrize("slug", GOLDFISH_OPTIONS)
def test_a_goldfishs_own_options_hide_once_a_deck_is_the_opponent(page, samples, slug):
    deck = samples.filter(game_id=slug).order_by("pk").first()
    page.goto(deck.get_absolute_url())
    page.click("#goldfish-link")
    page.wait_for_url("**/goldfish/new/**")
    own = [o.key for o in GAMES[slug].options if o.goldfish_only]
    others = [o.key for o in GAMES[slug].options if not o.goldfish_only]
    fields = {key: page.locator(f"[data-option={key}]") for key in own + others}
    assert all(fields[key].is_visible() for key in own + others)  # against the goldfish: all of them
    page.select_option("select[name=opponent]", str(deck.pk))
    assert not any(fields[key].is_visible() for key in own)
    assert all(fields[key].is_visible() for key in others)
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, f"versus-options-{slug}.png"), full_page=True)
    page.select_option("select[name=opponent]", "")
    assert all(fields[key].is_visible() for key in own)
