"""A turn of each of the three games issue 7 added, played in a real browser with clicks only, from the
bundled sample decks: an original soldier moving into the enemy camp and dealing damage, a manacard hit
exiling main-deck cards, and vision's weather changing after the end of turn 4.

As for kannagi, the line is worked out first with the engine (a plain greedy player), then clicked: a
card's action from its menu (with the square or the pass option it names), a decision over cards by
toggling them and confirming, the others from the action bar."""

import os

import pytest

from decks.models import Deck
from goldfish import selectors
from rules.engine import apply, legal_actions, new_game, view
from rules.engine.core import canonical_decks

from .test_goldfish import click_action as click
from .test_goldfish import start, version, wait_past

SHOTS = os.environ.get("SCREENSHOT_DIR")


@pytest.fixture
def samples(sample_deck):  # the bundled cards and every sample deck (tests/browser/conftest.py)
    return sample_deck


def sample(game: str) -> Deck:
    return Deck.objects.filter(game_id=game, name__startswith="サンプル").order_by("pk").first()


def count(page, zone: str) -> int:
    return int(page.inner_text(f'#gf-board [data-zone="{zone}"] .gf-count'))


# -- original -------------------------------------------------------------------------------------------


def original_greedy(state, actions):
    """Draw and store every turn, summon the first soldier it can, move soldiers as far forward as it can,
    pay with the engine's default payment, pass every 対抗 window."""
    by_type = {}
    for action in actions:
        by_type.setdefault(action["type"], []).append(action)
    for kind in ("pay", "pass", "draw_support"):
        if kind in by_type:
            return by_type[kind][0]
    if "move" in by_type:
        return max(by_type["move"], key=lambda a: a["pos"][0])
    for kind in ("summon", "store", "next_phase", "end_turn"):
        if kind in by_type:
            return by_type[kind][0]
    return actions[0]


def _goldfish_damage(state):
    top = state["zones"]["p1.power"][-1]
    return state["cards"][top]["counters"].get("damage", 0)


def original_line(decks):
    """(seed, actions): the shortest greedy line to a soldier's first damage to the goldfish's 戦力 (new goldfish games
    start from the canonical order of the deck: so does the line)."""
    decks = canonical_decks(decks)
    best = None
    for seed in range(20):
        state, line = new_game("original", canonical_decks(decks), seed), []
        while state["result"] is None and len(line) < 60 and not _goldfish_damage(state):
            action = original_greedy(state, legal_actions(state))
            line.append(action)
            apply(state, action)
        if _goldfish_damage(state) and (best is None or len(line) < len(best[1])):
            best = (seed, line, state)
    assert best is not None, "the greedy player never reached the enemy camp"
    return best


def test_an_original_soldier_moves_into_the_enemy_camp_and_deals_damage(page, samples):
    deck = sample("original")
    decks, _faces = selectors.deck_decks(deck)
    seed, line, final = original_line(decks)
    start(page, deck, seed)
    assert page.locator("#gf-board .gf-grid .gf-square").count() == 15  # three rows of five squares
    assert page.locator("#gf-board .gf-grid .gf-strip").count() == 2  # the two 倉庫 rows
    assert count(page, "p1.power") == 5

    soldier = next(a["card"] for a in line if a["type"] == "summon")
    for action in line:
        click(page, action)

    # the last move entered the enemy camp (row 3); the soldier fought the phantom and went back to camp
    assert any(a["type"] == "move" and a["card"] == soldier and a["pos"][0] == 3 for a in line)
    square = page.locator(f'#gf-board .gf-square [data-iid="{soldier}"]').evaluate("n => n.closest('.gf-square').dataset.pos")
    assert square == ",".join(map(str, final["cards"][soldier]["pos"])) and square.startswith("1,")
    damage = _goldfish_damage(final)
    counter = page.locator('#gf-board [data-zone="p1.power"] .gf-counter')
    assert counter.count() == 1 and counter.inner_text() == f"damage {damage}"
    power = final["defs"][final["cards"][soldier]["def"]]["fields"]["power"]
    assert damage == power  # the loser (the phantom 0/0/0) side's owner takes the difference
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, "goldfish-original.png"), full_page=True)


def test_the_original_board_shows_the_engines_stats_where_they_differ_from_the_printed_ones(page, samples):
    """A card the rules change (ビナルクス仙山 in the hand with a ビナルクス on the board: 「-3/+0」) shows the engine's figure,
    not the printed one: the view carries each visible card's stats now, and the board draws them."""
    deck = sample("original")
    decks = canonical_decks(selectors.deck_decks(deck)[0])  # (as new goldfish games start)
    found = None
    for seed in range(40):
        state, line = new_game("original", decks, seed), []
        while state["result"] is None and len(line) < 40 and found is None:
            shown = {i: c["stats"] for i, c in view(state, 0)["cards"].items() if c.get("stats")}
            if shown:
                found = (seed, line, shown)
                break
            action = original_greedy(state, legal_actions(state))
            line.append(action)
            apply(state, action)
        if found:
            break
    assert found is not None, "no greedy line changes a card's stats"
    seed, line, shown = found
    start(page, deck, seed)
    for action in line:
        click(page, action)
    for iid, stats in shown.items():
        card = page.locator(f'#gf-board [data-iid="{iid}"]')
        if "cost" in stats:
            cost = card.locator(".gf-cost")
            assert cost.inner_text() == str(stats["cost"]) and "changed" in cost.get_attribute("class")
            assert cost.get_attribute("data-printed") != str(stats["cost"])
        for key, mark in (("power", "⚔"), ("move_cost", "↕")):
            if key in stats:
                assert f"{mark}{stats[key]}" in card.locator(".gf-stats").inner_text()


# -- manacard -------------------------------------------------------------------------------------------


def manacard_line(decks, seed=0):
    """Play the first unit in hand paying with the default, then attack with it."""
    state, line = new_game("manacard", canonical_decks(decks), seed), []
    while len(line) < 10:
        actions = legal_actions(state)
        pending = (state.get("pending") or {}).get("type")
        attack = [a for a in actions if a.get("option") == "attack"]
        units = [
            a for a in actions
            if a["type"] == "play" and "target" not in a and state["cards"][a["card"]]["zone"] == "p0.hand"
            and state["defs"][state["cards"][a["card"]]["def"]]["card_type"] == "ユニット"
        ]
        if pending in ("pay_mana", "pay_skill"):
            action = next(a for a in actions if a["type"] == pending)
        elif attack:
            action = attack[0]
        elif units:
            action = units[0]
        else:
            action = {"type": "pass", "option": "mana"}
        line.append(action)
        apply(state, action)
        if action.get("option") == "attack":
            return seed, line, state
    raise AssertionError("no attack in the first actions")


def test_a_manacard_hit_exiles_cards_from_the_goldfish_main_deck(page, samples):
    deck = sample("manacard")
    decks, _faces = selectors.deck_decks(deck)
    seed, line, final = manacard_line(decks)
    start(page, deck, seed)
    fish = 50 - 5 - 6  # the goldfish's main deck of 50, less its 5 mana and its hand of 6 (it is second)
    assert count(page, "p0.mana") == 5 and count(page, "p1.deck") == fish and count(page, "p1.exile") == 0
    assert count(page, "p0.skill") == 50
    skill = page.locator('#gf-board [data-zone="p0.skill"]')
    assert skill.locator(".gf-card").count() == 0  # a counted pile: no card of it on the table
    # its owner may look through it (they choose from it when paying): its sheet lists it, and looking is
    # neither an action nor an undo step
    before = version(page)
    skill.locator("[data-pile]").click()
    assert page.locator("#gf-menu .gf-sheet-cards .gf-card").count() == 50
    assert version(page) == before and page.locator("#gf-log .gf-log-entry").count() == 0
    page.keyboard.press("Escape")
    assert page.locator("#gf-menu").is_hidden()

    for action in line:
        click(page, action)

    hit = fish - len(final["zones"]["p1.deck"])
    assert hit > 0
    assert count(page, "p1.deck") == fish - hit
    assert count(page, "p1.exile") == hit  # exiled face down
    page.click('#gf-board [data-pile="p1.exile"]')  # exiled face down: its sheet shows none of them
    assert page.locator("#gf-menu .gf-sheet-cards").count() == 0 and page.locator("#gf-menu .gf-sheet-note").count() == 1
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, "goldfish-manacard.png"), full_page=True)


# -- vision -----------------------------------------------------------------------------------------------


def weather_names(page):
    return page.locator("#gf-board .gf-weather .gf-weather-card").evaluate_all("ns => ns.map(n => n.dataset.weather)")


def test_the_vision_weather_changes_after_the_end_of_turn_4(page, samples):
    deck = sample("vision")
    decks, _faces = selectors.deck_decks(deck)
    seed = 5
    state = new_game("vision", canonical_decks(decks), seed)
    first = [state["defs"][state["cards"][i]["def"]]["name"] for i in state["zones"]["weather_area"]]
    line = [{"type": "end_turn"}, {"type": "end_turn"}]
    for action in line:
        apply(state, action)
    line.append({"type": "discard", "cards": state["zones"]["p0.hand"][:1]})  # 8 cards at turn 3's end
    apply(state, line[-1])
    now = [state["defs"][state["cards"][i]["def"]]["name"] for i in state["zones"]["weather_area"]]
    assert state["turn"] == 5 and now != first
    start(page, deck, seed)

    left = page.locator("#gf-board .gf-weather-left")
    assert weather_names(page) == first
    assert left.get_attribute("data-turns-left") == "4" and left.get_attribute("data-changes-after") == "4"
    assert "あと4ターン" in left.inner_text()
    assert page.locator("#gf-board .gf-weather .gf-weather-rules li").count() >= 1  # its text, shown

    click(page, line[0])  # turn 1 ends; the goldfish's turn 2 passes by itself
    assert page.get_attribute("#goldfish", "data-turn") == "3"
    assert left.get_attribute("data-turns-left") == "2"
    assert weather_names(page) == first

    click(page, line[1])  # turn 3: 8 cards in hand, the discard phase asks for one
    assert page.get_attribute("#goldfish", "data-turn") == "3" and weather_names(page) == first
    click(page, line[2])

    # the goldfish's turn 4 ended, then the weather changed, before turn 5 began
    assert page.get_attribute("#goldfish", "data-turn") == "5"
    assert weather_names(page) == now
    assert left.get_attribute("data-turns-left") == "4" and left.get_attribute("data-changes-after") == "8"
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, "goldfish-vision.png"), full_page=True)


def test_a_card_dragged_onto_a_square_of_the_original_board_is_put_there(page, samples):
    deck = sample("original")
    start(page, deck, 1)
    card = page.locator('#gf-board [data-zone="p0.hand"] .gf-card').first
    iid = card.get_attribute("data-iid")
    before = version(page)
    # the drag's events as the browser sends them (one DataTransfer from dragstart to drop); no rule puts the
    # card on that square now, so the drop is refused unless Shift is held: then it is a manual move
    page.evaluate(
        """([iid, pos]) => {
          const data = new DataTransfer();
          const card = document.querySelector(`#gf-board [data-iid="${iid}"]`);
          const square = document.querySelector(`#gf-board .gf-square[data-pos="${pos}"]`);
          card.dispatchEvent(new DragEvent("dragstart", { bubbles: true, dataTransfer: data }));
          square.dispatchEvent(new DragEvent("dragover", { bubbles: true, cancelable: true, dataTransfer: data, shiftKey: true }));
          square.dispatchEvent(new DragEvent("drop", { bubbles: true, cancelable: true, dataTransfer: data, shiftKey: true }));
        }""",
        [iid, "2,2"],
    )
    wait_past(page, before)
    assert page.locator(f'#gf-board .gf-square[data-pos="2,2"] [data-iid="{iid}"]').count() == 1
    assert "手動" in page.locator("#gf-log li").last.inner_text()
