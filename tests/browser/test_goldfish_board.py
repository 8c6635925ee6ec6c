"""The goldfish board tells the game as a player reads it, and fits a phone: the log says the draws and the damage
with its source (the engine's events, in the game's words), the turn reads "あなたの1ターン目" in every game,
original's phases are named, the stack lists cards by name (no data), manacard's skill deck lies face down, and
on a touch screen a long press shows a card large."""

import os
import time

import pytest
from django.contrib.auth.models import AnonymousUser

from goldfish import selectors, services
from goldfish.actors import Actor
from rules.declare import GAMES as REGISTRY
from rules.declare import get_game
from rules.engine import apply, legal_actions, new_game
from rules.engine.core import canonical_decks

from .test_goldfish import click_action, greedy, start
from .test_goldfish_games import sample

SHOTS = os.environ.get("SCREENSHOT_DIR")
GAMES = tuple(REGISTRY)  # every game of the registry
PHONE_WIDTH = 390


@pytest.fixture
def samples(sample_deck):  # the bundled cards and every sample deck (tests/browser/conftest.py)
    return sample_deck


def log_text(page) -> str:
    return page.inner_text("#gf-log")


# -- the log and the turn ----------------------------------------------------------------------------------


def kannagi_line(decks, seed):
    """Greedy actions from the start until the goldfish has taken damage, the player has drawn a card and their
    second turn has begun."""
    state, line = new_game("kannagi", canonical_decks(decks), seed, {"first": "player"}), []
    drew = hit = False
    while state["result"] is None and len(line) < 60 and not (drew and hit and state["turn"] >= 2):
        action = greedy(state, legal_actions(state))
        line.append(action)
        events = apply(state, action)
        drew |= any(e.get("type") == "move" and e.get("to") == "p0.hand" and e.get("from") == "p0.deck" for e in events)
        hit |= any(e.get("type") == "damage" and e.get("player") == 1 for e in events)
    assert drew and hit
    return line, state


def test_the_log_says_the_draws_and_the_damage_with_its_source_and_the_turn_reads_yours(page, samples):
    deck = sample("kannagi")
    decks, _faces = selectors.deck_decks(deck)
    line, final = kannagi_line(decks, 3)
    start(page, deck, 3)
    assert page.inner_text("#gf-clock") == "ゲーム開始前"  # 零探し comes before the first turn
    click_action(page, line[0])  # 零探し
    click_action(page, line[1])  # ■潜在能力: done; the first turn begins
    assert page.inner_text("#gf-clock") == "あなたの1ターン目"
    assert "あなたの1ターン目" in page.locator("#gf-log .gf-log-line.turn").all_inner_texts()
    for action in line[2:]:
        click_action(page, action)

    text = log_text(page)
    attack = next(e for e in final["log"] if any(ev.get("type") == "damage" for ev in e["events"]))
    damage = next(ev for ev in attack["events"] if ev["type"] == "damage")
    source = final["defs"][final["cards"][attack["action"]["card"]]["def"]]["name"]
    assert f"相手: {damage['amount']}ダメージ（《{source}》）→ ライフ {damage['life']}" in text
    assert "あなた: 1枚引いた（《" in text
    assert "相手の1ターン目" in text and "あなたの2ターン目" in text
    # the cards the log names carry their large face for the preview
    faces = page.locator("#gf-log .gf-card-name[data-card-face]")
    assert faces.count() >= 2 and "/face/m/" in faces.first.get_attribute("data-card-face")
    assert page.locator("#gf-board .gf-card[data-iid][data-card-face*='/face/m/']").count() >= 1
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, "goldfish-log.png"), full_page=True)


def test_the_english_board_says_your_turn(english, samples):
    start(english, sample("original"), 2)
    assert english.inner_text("#gf-clock") == "Your turn 1"
    assert english.locator("#gf-info dd").first.inner_text() == "Phase ① Ready (支援, 倉庫)"


def test_original_names_its_phases(page, samples):
    start(page, sample("original"), 2)
    assert page.locator("#gf-info dd").first.inner_text() == "フェイズ① 準備（支援・倉庫）"
    click_action(page, {"type": "next_phase"})
    assert page.locator("#gf-info dd").first.inner_text() == "フェイズ② 展開・移動"
    assert "フェイズ② 展開・移動" in page.locator("#gf-log .gf-log-line.phase").all_inner_texts()


# -- the stack --------------------------------------------------------------------------------------------


def test_the_stack_lists_its_cards_by_name_with_what_they_do(page, samples):
    """A Time Storm action waiting on the stack (looked at by a visitor with the link: the board is the same)."""
    deck = sample("timestorm")
    decks, _faces = selectors.deck_decks(deck)
    pilot = get_game("timestorm").pilot
    found = None
    for seed in range(20):
        state, line = new_game("timestorm", canonical_decks(decks), seed), []
        while state["result"] is None and len(line) < 80 and not state["stack"]:
            action = pilot.choose(state)
            line.append(action)
            apply(state, action)
        if state["stack"]:
            found = (seed, line, state)
            break
    assert found, "no autopilot line leaves a card on the stack"
    seed, line, state = found
    who = Actor(user=AnonymousUser(), key="a" * 64)
    session = services.start_from_deck(who=who, deck=deck, seed=seed).session
    for action in line:
        session = services.act(session_id=session.id, who=who, action=action).session
    page.goto(session.get_absolute_url())
    items = page.locator("#gf-info .gf-stack-item")
    items.first.wait_for()
    assert items.count() == len(state["stack"])
    shown = page.inner_text("#gf-info")
    assert "{" not in shown and "}" not in shown
    top = state["stack"][-1]["card"]
    data = state["defs"][state["cards"][top]["def"]]
    assert data["name"] in items.first.inner_text()
    if data.get("rules_text"):
        assert data["rules_text"][:10] in items.first.inner_text()  # what it does
    assert items.first.locator("[data-card-face]").count() == 1


# -- on a phone (the table's fit at phone and desktop sizes: test_goldfish_table.py) ------------------------------


def long_press(page, selector, seconds=0.8):
    page.locator(selector).scroll_into_view_if_needed()
    box = page.locator(selector).bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    cdp = page.context.new_cdp_session(page)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    time.sleep(seconds)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def test_a_long_press_on_a_card_shows_it_large_even_while_cards_are_being_chosen(phone, samples):
    start(phone, sample("kannagi"), 2)  # 零探し: a tap chooses a card for the bottom of the deck
    card = '#gf-board [data-zone="p0.hand"] .gf-card >> nth=0'
    iid = phone.locator(card).get_attribute("data-iid")
    long_press(phone, card)
    zoom = phone.locator("#gf-zoom")
    zoom.wait_for(state="visible")
    assert "/face/m/" in zoom.locator("img").get_attribute("src")
    assert phone.locator(f'#gf-board [data-iid="{iid}"]').get_attribute("aria-pressed") == "false"  # not chosen by it
    close = phone.locator("#gf-zoom .gf-zoom-close")
    box = close.bounding_box()
    assert box["height"] >= 44 and box["width"] >= 44
    close.tap()
    assert zoom.is_hidden()
    # and a tap still chooses
    phone.locator(card).tap()
    assert phone.locator(f'#gf-board [data-iid="{iid}"]').get_attribute("aria-pressed") == "true"
