"""Goldfishing in a real browser, with clicks only: the bundled kannagi sample deck from its opening hand to
the goldfish's defeat, and undo / redo putting the board back and forth.

The winning line is worked out first with the engine itself (a plain greedy player over a range of seeds,
keeping the shortest win), then played on the page click by click: a card's action from its menu, a
decision over cards by toggling them and confirming, the others from the action bar."""

import os

from goldfish import selectors
from rules.engine import apply, legal_actions, new_game
from rules.engine.core import canonical_decks

SHOTS = os.environ.get("SCREENSHOT_DIR")
SEEDS = range(60)
FIRST = {"first": "player"}  # the web game's start option below: the player goes first



# -- a greedy player, to find a seed and a line that wins ----------------------------------------------


def _def(state, iid):
    return state["defs"][state["cards"][iid]["def"]]


def _power(state, iid):
    return (_def(state, iid).get("fields") or {}).get("power") or 0


def greedy(state, actions):
    """Attack with the strongest place, deploy, use tools (they feed 魂), summon the strongest place."""
    pending = state.get("pending") or {}
    if pending.get("type") == "zero_search":
        return {"type": "zero_search", "cards": []}
    if pending.get("type") == "hand_limit":
        hand = sorted(state["zones"]["p0.hand"], key=lambda i: _power(state, i))
        return {"type": "hand_limit", "cards": hand[: pending["n"]]}
    if pending:  # any other decision: the first answer the rules offer
        return actions[0]
    by_type = {}
    for action in actions:
        if "onto" not in action and "target" not in action:
            by_type.setdefault(action["type"], []).append(action)
    for kind in ("potential_done", "attack", "deploy", "tool", "summon"):
        if kind in by_type:
            return max(by_type[kind], key=lambda a: _power(state, a["card"]) if "card" in a else 0)
    return {"type": "end_turn"}


def winning_line(decks, cap=200):
    """(seed, actions) of the shortest greedy win over SEEDS."""
    best = None
    for seed in SEEDS:
        state, line = new_game("kannagi", canonical_decks(decks), seed, FIRST), []
        while state["result"] is None and len(line) < cap:
            action = greedy(state, legal_actions(state))
            line.append(action)
            apply(state, action)
        if state["result"] and state["result"]["winner"] == 0 and (best is None or len(line) < len(best[1])):
            best = (seed, line)
    assert best is not None, "the greedy player never beat the goldfish"
    return best


# -- clicking ------------------------------------------------------------------------------------------


def version(page) -> int:
    return int(page.get_attribute("#goldfish", "data-version"))


def wait_past(page, before: int):
    page.wait_for_function("v => Number(document.querySelector('#goldfish').dataset.version) > v", arg=before)


def click_action(page, action):
    """Play one action the way a player does: on its card, as chosen cards, or from the action bar."""
    before = version(page)
    if "cards" in action:
        for iid in action["cards"]:
            page.click(f'#gf-board [data-iid="{iid}"]')
        page.click("#gf-confirm")
    elif "card" in action:
        page.click(f'#gf-board [data-iid="{action["card"]}"]')
        target = action.get("target") or action.get("onto") or ""
        selector = f'#gf-menu button.rule[data-action-type="{action["type"]}"][data-target="{target}"]'
        if "pos" in action:  # original: the square it names
            selector += f'[data-pos="{action["pos"][0]},{action["pos"][1]}"]'
        if "option" in action:  # manacard: the way to pass
            selector += f'[data-option="{action["option"]}"]'
        page.click(selector)
    else:
        selector = f'#gf-actionbar button[data-action-type="{action["type"]}"]'
        if "option" in action:
            selector += f'[data-option="{action["option"]}"]'
        page.locator(selector).first.click()  # several payments: the first is the engine's default
    wait_past(page, before)


def start(page, deck, seed):
    page.goto(deck.get_absolute_url())
    page.click("#goldfish-link")
    page.wait_for_url("**/goldfish/new/**")
    # the seed travels in the link, as a shared one would: no typing
    page.goto(page.url + f"&seed={seed}&opt_kannagi_first=player")
    page.click("#goldfish-start-button")
    page.wait_for_url("**/goldfish/*/")
    page.wait_for_selector("#gf-board [data-zone='p0.hand'] .gf-card")


def test_a_kannagi_sample_deck_is_goldfished_to_the_goldfish_defeat_with_clicks_only(page, sample_deck):
    decks, _faces = selectors.deck_decks(sample_deck)
    seed, line = winning_line(decks)
    start(page, sample_deck, seed)
    assert page.text_content("#gf-seed") == str(seed)  # (in the game menu)
    hand = page.locator("#gf-board [data-zone='p0.hand'] .gf-card")
    assert hand.count() == 8

    for action in line:
        click_action(page, action)

    banner = page.locator("#gf-result")
    banner.wait_for()
    assert banner.get_attribute("data-winner") == "0"
    assert "勝利" in banner.inner_text()
    life = page.locator(".gf-player.goldfish .gf-life").get_attribute("data-life")
    assert int(life) <= 0
    assert version(page) == len(line)
    assert page.locator("#gf-actionbar button").count() == 0  # the game is over
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, "goldfish-won.png"), full_page=True)


def zone_of(page, iid) -> str:
    return page.locator(f'#gf-board [data-iid="{iid}"]').first.evaluate("n => n.closest('[data-zone]').dataset.zone")


def test_undo_puts_the_board_back_and_redo_forward(page, sample_deck):
    start(page, sample_deck, 3)
    click_action(page, {"type": "zero_search", "cards": []})
    click_action(page, {"type": "potential_done"})
    place = page.locator("#gf-board [data-zone='p0.hand'] .gf-card.has-actions").first
    iid = place.get_attribute("data-iid")
    click_action(page, {"type": "summon", "card": iid})
    assert zone_of(page, iid) == "p0.field"
    assert page.locator("#gf-log li").count() == 3

    before = version(page)
    page.click("#gf-undo")
    wait_past(page, before)
    assert zone_of(page, iid) == "p0.hand"
    assert page.locator("#gf-log li").count() == 2
    assert page.is_enabled("#gf-redo")

    before = version(page)
    page.click("#gf-redo")
    wait_past(page, before)
    assert zone_of(page, iid) == "p0.field"
    assert not page.is_enabled("#gf-redo")

    # a reload resumes the same board
    page.reload()
    page.wait_for_selector(f'#gf-board [data-zone="p0.field"] [data-iid="{iid}"]')
    assert page.locator("#gf-log li").count() == 3


def test_manual_tools_draw_from_the_deck_and_move_a_card(page, sample_deck):
    start(page, sample_deck, 5)
    click_action(page, {"type": "zero_search", "cards": []})
    click_action(page, {"type": "potential_done"})
    hand = page.locator("#gf-board [data-zone='p0.hand'] .gf-card")
    assert hand.count() == 8
    before = version(page)
    page.click("#gf-board [data-pile='p0.deck']")
    page.click("#gf-menu button[data-manual='draw']")
    wait_past(page, before)
    assert hand.count() == 9
    assert "手動" in page.locator("#gf-log li").last.inner_text()

    iid = hand.first.get_attribute("data-iid")
    before = version(page)
    hand.first.click()
    page.select_option("#gf-menu select", "p0.exile")
    page.click("#gf-menu button[data-manual='move']")
    wait_past(page, before)
    assert page.inner_text('#gf-board [data-zone="p0.exile"] .gf-count') == "1"  # a counted pile
    page.click('#gf-board [data-pile="p0.exile"]')
    assert page.locator(f'#gf-menu .gf-sheet-cards [data-iid="{iid}"]').count() == 1
