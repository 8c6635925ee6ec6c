"""The goldfish table in a real browser: every game's sample deck played to its third turn by the game's
autopilot through the page, at once on a phone (390×844, touch) and a desktop (1280×800), both in Japanese.

At each decision both pages show at once, inside the window and without any scrolling: the decision and its
choices, the main actions (the action bar, undo), every card of the hand and the player's field; a change of
life or of a declared counter is drawn where it happens (the figure, with its ±N), inside the window.

On the desktop the first card the autopilot plays from the hand onto the table is dragged there: a drop
elsewhere first springs back with the reason and sends nothing. axe-core finds nothing serious or critical
on the board, and one game's first turn is played with the keyboard alone."""

import os
import re
from pathlib import Path

import pytest

from decks.models import Deck
from goldfish import selectors
from rules.declare import GAMES
from rules.engine import legal_actions

from .crawl import axe_violations

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
TURNS = 3  # the player's own turns
CAP = 80  # actions at most (a game that stalls fails on the turn it reached)
SEED = 3

# Everything the player needs to act, each inside the window; the page scrolls neither way.
IN_VIEW = """(touch) => {
  const W = document.documentElement.clientWidth, H = window.innerHeight;
  const problems = [];
  const inside = (what, n) => {
    const b = n.getBoundingClientRect();
    if (b.width === 0 && b.height === 0) return;  // not drawn (hidden)
    if (b.left < -1 || b.top < -1 || b.right > W + 1 || b.bottom > H + 1)
      problems.push(`${what} at ${Math.round(b.left)},${Math.round(b.top)}–${Math.round(b.right)},${Math.round(b.bottom)}`);
  };
  const each = (what, sel) => document.querySelectorAll(sel).forEach((n, k) => inside(`${what} ${k + 1}`, n));
  each("the decision", "#gf-pending:not([hidden])");
  each("a decision's button", "#gf-pending button");
  each("an action", "#gf-actionbar button");
  each("undo", "#gf-undo");
  each("a hand card", '#gf-board [data-zone="p0.hand"] .gf-card');
  each("the field", '#gf-board [data-zone="p0.field"], #gf-board .gf-grid');
  each("a life or counter", "#gf-board .gf-figure");
  if (touch) document.querySelectorAll("#gf-dock button").forEach((n) => {  // a finger's target
    const b = n.getBoundingClientRect();
    if (b.width && (b.width < 44 || b.height < 44)) problems.push(`a small button: ${n.textContent} ${Math.round(b.width)}×${Math.round(b.height)}`);
  });
  const root = document.documentElement;
  if (root.scrollWidth > W) problems.push(`scrolls sideways: ${root.scrollWidth} > ${W}`);
  if (root.scrollHeight > H + 1 || window.scrollY > 0) problems.push(`scrolls down: ${root.scrollHeight} > ${H}`);
  const changed = [...document.querySelectorAll("#gf-board .gf-figure.changed")].map((n) => {
    const b = n.getBoundingClientRect();
    return { key: n.dataset.player + ":" + n.dataset.figure, value: n.querySelector("b").textContent,
      float: (n.querySelector(".gf-float") || {}).textContent || "", inside: b.top >= 0 && b.bottom <= H && b.left >= 0 && b.right <= W };
  });
  return { problems, changed, version: Number(document.querySelector("#goldfish").dataset.version) };
}"""


@pytest.fixture
def samples(sample_deck):  # the bundled cards and every sample deck (tests/browser/conftest.py)
    return sample_deck


def sample(game: str) -> Deck:
    return Deck.objects.filter(game_id=game, name__startswith="サンプル").order_by("pk").first()


def open_table(page, deck: Deck) -> str:
    page.goto(f"/goldfish/new/?deck={deck.pk}&seed={SEED}")
    page.click("#goldfish-start-button")
    page.wait_for_url("**/goldfish/*/")
    page.wait_for_selector("#gf-board .gf-player.you")
    return re.search(r"/goldfish/([^/]+)/", page.url).group(1)


def version(page) -> int:
    return int(page.get_attribute("#goldfish", "data-version"))


def wait_past(page, before: int):
    page.wait_for_function("v => Number(document.querySelector('#goldfish').dataset.version) > v", arg=before)


def rule_item(action) -> str:
    target = action.get("target") or action.get("onto") or ""
    selector = f'#gf-menu button.rule[data-action-type="{action["type"]}"][data-target="{target}"]'
    if "pos" in action:
        selector += f'[data-pos="{action["pos"][0]},{action["pos"][1]}"]'
    if "option" in action:
        selector += f'[data-option="{action["option"]}"]'
    if "effect" in action:
        selector += f'[data-effect="{action["effect"]}"]'
    return selector


def post(page, action):
    """An action the board offers in no place a click reaches (a card in a closed pile): the page's own API,
    then the page again."""
    outcome = page.evaluate(
        """async (action) => {
          const root = document.querySelector("#goldfish");
          const csrf = (document.cookie.match(/csrftoken=([^;]+)/) || [])[1] || "";
          const now = await (await fetch(root.dataset.api, { credentials: "same-origin", headers: { "Accept": "application/json" } })).json();
          const r = await fetch(root.dataset.actionsApi, { method: "POST", credentials: "same-origin",
            headers: { "Content-Type": "application/json", "X-CSRFToken": csrf, "Accept": "application/json" },
            body: JSON.stringify({ version: now.version, action }) });
          return r.ok ? "" : r.status + " " + await r.text();
        }""",
        action,
    )
    assert not outcome, f"{page.viewport_size} {action}: {outcome}"
    page.reload()
    page.wait_for_selector("#gf-board .gf-player.you")


def click(page, action, touch: bool):
    """One action the way a player does: on its card (its menu), as chosen cards, or from the action bar."""
    before = version(page)
    tap = (lambda sel: page.locator(sel).first.tap()) if touch else (lambda sel: page.locator(sel).first.click())
    board = lambda iid: f'#gf-board [data-iid="{iid}"]'  # noqa: E731
    if "cards" in action and isinstance(action["cards"], list):
        if not all(page.locator(board(i)).count() for i in action["cards"]):
            return post(page, action)
        for iid in action["cards"]:
            tap(board(iid))
        tap("#gf-confirm")
    elif isinstance(action.get("card"), str):
        if not page.locator(board(action["card"])).count():
            return post(page, action)
        tap(board(action["card"]))
        item = page.locator(rule_item(action))
        if not item.count():
            page.keyboard.press("Escape")
            return post(page, action)
        item.first.click()
    else:
        selector = f'#gf-actionbar button[data-action-type="{action["type"]}"]'
        if "option" in action:
            selector += f'[data-option="{action["option"]}"]'
        if not page.locator(selector).count():
            return post(page, action)
        tap(selector)
    wait_past(page, before)


def drag(page, iid: str, target: str, shift=False):
    """A drag from dragstart to drop, as the browser sends it (one DataTransfer)."""
    page.evaluate(
        """([iid, target, shift]) => {
          const data = new DataTransfer();
          const card = document.querySelector(`#gf-board [data-iid="${iid}"]`);
          const to = document.querySelector(target);
          card.dispatchEvent(new DragEvent("dragstart", { bubbles: true, dataTransfer: data }));
          to.dispatchEvent(new DragEvent("dragover", { bubbles: true, cancelable: true, dataTransfer: data, shiftKey: shift }));
          to.dispatchEvent(new DragEvent("drop", { bubbles: true, cancelable: true, dataTransfer: data, shiftKey: shift }));
          card.dispatchEvent(new DragEvent("dragend", { bubbles: true, dataTransfer: data }));
        }""",
        [iid, target, shift],
    )


def drop_target(definition, state, action) -> str | None:
    """Where the table declares a drag of this hand card plays it (rules/games/<slug>/table.py), or None."""
    card = action.get("card")
    if not isinstance(card, str) or state["cards"][card]["zone"] != "p0.hand" or action.get("target") or action.get("onto"):
        return None
    if "pos" in action:
        return f'#gf-board .gf-square[data-pos="{action["pos"][0]},{action["pos"][1]}"]'
    kind = (definition.table.drops if definition.table else {}).get(action["type"])
    return f'#gf-board [data-zone="p0.{kind}"]' if kind and f"p0.{kind}" in state["zones"] else None


def drag_and_drop(page, definition, state, action, target) -> None:
    """The illegal drop first (the opponent's side): the card springs back with the reason, no request; then
    the drop the rules list for it."""
    posts = []
    page.on("request", lambda r: posts.append(r.url) if r.method == "POST" else None)
    before = version(page)
    iid = action["card"]
    elsewhere = "#gf-board .gf-player.opponent [data-zone]"
    drag(page, iid, elsewhere)
    page.wait_for_timeout(150)
    assert posts == [] and version(page) == before, "an illegal drop sent a request"
    name = state["defs"][state["cards"][iid]["def"]]["name"]
    assert name in page.inner_text("#gf-status"), "the refused drop says why"
    assert page.locator(f'#gf-board [data-zone="p0.hand"] [data-iid="{iid}"]').count() == 1  # back in the hand
    drag(page, iid, target)
    wait_past(page, before)
    assert len(posts) == 1
    entry = page.locator("#gf-log .gf-log-entry").last.inner_text()
    assert name in entry


def check(page, what: str, seen_changes: set) -> dict:
    out = page.evaluate(IN_VIEW, page.viewport_size["width"] < 900)
    assert not out["problems"], f"{what}: {out['problems']}"
    for change in out["changed"]:
        assert change["inside"] and change["float"], f"{what}: the change of {change['key']} is not shown in the window"
        seen_changes.add(change["key"])
    return out


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_sample_deck_is_played_to_turn_3_on_one_screen_at_phone_and_desktop_sizes(game, browser, live_server, samples):
    definition = GAMES[game]
    pilot = definition.pilot
    deck = sample(game)
    # bypass_csp: axe-core is injected as an inline script, which the site's policy refuses (test_csp.py)
    desktop_ctx = browser.new_context(base_url=live_server.url, viewport=DESKTOP, locale="ja-JP", bypass_csp=True)
    phone_ctx = browser.new_context(base_url=live_server.url, viewport=PHONE, is_mobile=True, has_touch=True, locale="ja-JP", bypass_csp=True)
    try:
        desktop, phone = desktop_ctx.new_page(), phone_ctx.new_page()
        for p in (desktop, phone):
            p.set_default_timeout(10_000)
        session_id = open_table(desktop, deck)
        phone_id = open_table(phone, deck)  # the same deck and seed: the same game, action for action
        assert desktop.locator("#gf-board .gf-card.faced").count() >= 1  # faces by default
        for p, size in ((desktop, "desktop"), (phone, "phone")):
            bad = axe_violations(p)
            assert not bad, f"{game} {size}: {bad}"
        changes = {"desktop": set(), "phone": set()}
        dragged = False
        steps = 0
        state = selectors.session_state(selectors.get_session(session_id))
        while state["result"] is None and pilot.own_turn(state) <= TURNS and steps < CAP:
            for p, size in ((desktop, "desktop"), (phone, "phone")):
                check(p, f"{game} {size} step {steps}", changes[size])
            action = pilot.choose(state)
            if action is None:
                break
            target = drop_target(definition, state, action) if not dragged else None
            if target and desktop.locator(target).count():
                drag_and_drop(desktop, definition, state, action, target)
                dragged = True
            else:
                click(desktop, action, touch=False)
            click(phone, action, touch=True)
            steps += 1
            state = selectors.session_state(selectors.get_session(session_id))
            assert version(phone) == version(desktop) == steps, (
                selectors.get_session(session_id).actions[-3:], selectors.get_session(phone_id).actions[-3:])
        assert pilot.own_turn(state) > TURNS or state["result"] is not None, f"{game}: stalled at step {steps}"
        listed = any(drop_target(definition, state, a) for a in legal_actions(state))
        assert dragged or not listed, f"{game}: a hand card could be dragged to the table but never was"
        for p, size in ((desktop, "desktop"), (phone, "phone")):
            check(p, f"{game} {size} at the end", changes[size])
            if os.environ.get("BOARD_SCREENSHOTS"):  # for looking at the table: BOARD_SCREENSHOTS=dir
                p.screenshot(path=str(Path(os.environ["BOARD_SCREENSHOTS"]) / f"{game}-{size}.png"))
    finally:
        desktop_ctx.close()
        phone_ctx.close()


def tab_to(page, selector: str, limit: int = 120) -> None:
    for _ in range(limit):
        if page.evaluate("s => { const a = document.activeElement; return Boolean(a && a.matches(s)); }", selector):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {selector}")


def test_the_keyboard_alone_plays_a_turn_and_the_help_lists_the_keys(page, samples):
    """The first game (of the registry's, by name) whose turns end by an action: its first turn, keys only."""
    game = next(g for g in sorted(GAMES) if "end_turn" in GAMES[g].vocabulary.actions)
    definition = GAMES[game]
    session_id = open_table(page, sample(game))
    page.keyboard.press("Shift+?")
    help_box = page.locator("#gf-help")
    help_box.wait_for(state="visible")
    assert "Space" in help_box.inner_text() and "緑の枠" in help_box.inner_text()
    page.keyboard.press("Escape")
    assert help_box.is_hidden()
    state = selectors.session_state(selectors.get_session(session_id))
    start_turn = definition.pilot.own_turn(state)
    played = 0
    while definition.pilot.own_turn(state) == start_turn and played < 40:
        action = definition.pilot.choose(state)
        before = version(page)
        if isinstance(action.get("cards"), list):
            for iid in action["cards"]:
                tab_to(page, f'#gf-board [data-iid="{iid}"]')
                page.keyboard.press("Enter")
            page.locator("body").focus()
            page.keyboard.press("Enter")  # Enter confirms the chosen cards
        elif isinstance(action.get("card"), str):
            tab_to(page, f'#gf-board [data-iid="{action["card"]}"]')
            page.keyboard.press("Enter")  # its menu, focus on the first item
            tab_to(page, rule_item(action))
            page.keyboard.press("Enter")
        elif action["type"] == "end_turn":
            page.locator("body").focus()
            page.keyboard.press("e")
        else:
            selector = f'#gf-actionbar button[data-action-type="{action["type"]}"]'
            if "option" in action:
                selector += f'[data-option="{action["option"]}"]'
            if page.locator("#gf-actionbar button.gf-action").count() == 1 or action["type"] == "pass":
                page.locator("body").focus()
                page.keyboard.press(" ")  # Space: the pass, or the one action offered
            else:
                tab_to(page, selector)
                page.keyboard.press("Enter")
        wait_past(page, before)
        played += 1
        state = selectors.session_state(selectors.get_session(session_id))
    assert definition.pilot.own_turn(state) > start_turn, "the turn did not end"
    before = version(page)
    page.keyboard.press("z")  # undo
    wait_past(page, before)
    assert len(selectors.get_session(session_id).actions) == played - 1
