"""Every page type of the site, on a 390×844 touch phone and a 1280×800 desktop, in Japanese and English.

Each page must fit its width (no sideways scrolling: `scrollWidth <= innerWidth`), show nothing internal
(raw JSON, violation codes, engine names, None/undefined/NaN…), in Japanese show no English sentence that is
not card data or a name, and have no serious or critical axe-core violation (checked on the Japanese pages:
the English ones are the same markup). A page type is one test; its
message lists every failure of every page, viewport and language at once, so it can be fixed from the
message. SCREENSHOT_DIR=<dir> saves a full-page screenshot of each visit.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.test import Client

from cards.models import Card
from decks.models import Deck, Pool
from rules.declare import GAMES as REGISTRY

from .crawl import (
    MEASURE,
    NOT_PROSE,
    VERBATIM,
    VISIBLE_TEXT,
    allowed_latin,
    axe_source,
    axe_violations,
    english_sentences,
    internal_tokens,
    section_keys,
)

# Layout, text and axe checks of rendered pages: the same on either database, so CI crawls each page in one half
# (tests/conftest.py, DATABASE_FREE_SHARE).
pytestmark = pytest.mark.any_database

SHOTS = os.environ.get("SCREENSHOT_DIR")
GAMES = tuple(REGISTRY)  # every game of the registry, in its order
VIEWPORTS = {
    "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True},
    "desktop": {"viewport": {"width": 1280, "height": 800}},
}
LOCALES = {"ja": "ja-JP", "en": "en-US"}


@dataclass
class Visit:
    label: str
    path: str
    ready: str | None = None  # a selector (or a JS expression, "js:…") that shows the page is drawn
    act: Callable | None = None  # what a user does first (fills and sends a form)
    anonymous: bool = False
    status: int = 200


# -- the data the pages show --------------------------------------------------------------------------


def _sample(game: str) -> Deck:
    return Deck.objects.filter(game_id=game, sample=True).order_by("pk").first()


def _play_a_little(deck: Deck, who, turns: int = 2) -> str:
    """A goldfish game of the deck, played by the game's autopilot into its second turn (so the board, the
    log and the pending decisions have something in them); its id."""
    from goldfish import services
    from rules.declare import get_game

    outcome = services.start_from_deck(who=who, deck=deck, seed=7)
    session, state = outcome.session, outcome.state
    pilot = get_game(deck.game_id).pilot
    for _ in range(60):
        if state.get("result") is not None or pilot.own_turn(state) > turns:
            break
        action = pilot.choose(state)
        if action is None:
            break
        state = services.act(session_id=session.pk, who=who, action=action).state
    return session.pk


class World:
    """What the pages show: the bundled cards and sample decks; a signed-in player with a deck of their own
    (edited twice, so its history has changes); made when a page type first asks for them, a goldfish game
    of each game's sample deck played a little and two finished small simulations."""

    def __init__(self, kannagi: Deck):
        from decks import services as deck_services
        from goldfish.actors import Actor

        self.kannagi = kannagi
        self.user = get_user_model().objects.create_user("crawler", password="pw-crawler-123", is_staff=True, is_superuser=True)
        self.deck = deck_services.deck_copy(deck=kannagi, user=self.user, name="クロールの山札")
        entry = self.deck.entries.order_by("pk").first()
        deck_services.deck_change_count(deck=self.deck, user=self.user, card=entry.card, section=entry.section, delta=-1)
        other = Card.objects.filter(game="kannagi").exclude(pk__in=self.deck.entries.values("card")).first()
        deck_services.deck_change_count(deck=self.deck, user=self.user, card=other, section=entry.section, delta=1)
        self.deck.refresh_from_db()
        self.first_revision = self.deck.revisions.order_by("number").values_list("number", flat=True).first()
        self.who = Actor(user=self.user)
        client = Client()
        client.force_login(self.user)
        self.session = client.cookies["sessionid"].value

    @cached_property
    def boards(self) -> dict[str, str]:
        return {game: _play_a_little(_sample(game), self.who) for game in GAMES}

    @cached_property
    def sims(self) -> list[str]:
        from goldfish import services

        decks = Deck.objects.filter(game="timestorm", sample=True).order_by("pk")[:2]
        sims = [services.start_simulation(who=self.who, deck=d, games=20, seed=1, turn_cap=8) for d in decks]
        call_command("db_worker", "--batch", "--no-startup-delay", "--no-reload", verbosity=0)  # played here and now
        return [s.token for s in sims]

    @cached_property
    def reports(self) -> list[str]:
        """A finished card report of the player's deck, and one of a swap (its first card for another)."""
        from goldfish import services

        plain = services.start_card_report(who=self.who, deck=self.deck, games=40, seed=1, turn_cap=12)
        old = self.deck.entries.order_by("pk").first().card_id
        new = Card.objects.filter(game="kannagi").exclude(pk=old).order_by("pk").first().pk
        swap = services.start_card_report(who=self.who, deck=self.deck, games=40, seed=1, turn_cap=12, swap_old=str(old), swap_new=str(new))
        call_command("db_worker", "--batch", "--no-startup-delay", "--no-reload", verbosity=0)
        return [plain.token, swap.token]


@pytest.fixture
def world(sample_deck):
    return World(sample_deck)


def _check_the_list(page):
    text = "\n".join(["ねこやま 3", "大蛇 2", "ぬこやま 1", "これはカードではない"])
    page.locator("#id_decklist").fill(text)
    page.locator("#check-form button[type=submit]").first.click()
    page.wait_for_selector("#result")


def _card(game: str, **filters) -> str:
    return Card.objects.filter(game=game, **filters).order_by("pk").first().get_absolute_url()


def _original_with_effects() -> str:
    cards = Card.objects.filter(game="original").order_by("pk")
    return max(cards, key=lambda c: len(c.attrs.get("effects") or [])).get_absolute_url()


BOARD_READY = "js:document.querySelector('#gf-board') && document.querySelector('#gf-board').children.length > 0"

PAGE_TYPES: dict[str, Callable[[World], list[Visit]]] = {
    "home": lambda w: [Visit("home", "/")],
    "game": lambda w: [Visit(g, f"/games/{g}/") for g in ("kannagi", "original")],
    "card_list": lambda w: [
        Visit("kannagi-grid", "/games/kannagi/cards/"),
        Visit("original-table", "/games/original/cards/?view=table"),
    ],
    "search": lambda w: [
        Visit("all-games", "/cards/?q=%E3%81%AE"),  # の: results from several games
        Visit("all-games-table", "/cards/?q=%E3%81%AE&view=table"),
        Visit("error", "/cards/?q=cost%3C%3D", status=400),
    ],
    "card": lambda w: [
        *(Visit(g, _card(g)) for g in GAMES if g != "original"),
        Visit("original-effects", _original_with_effects()),  # the card with the most effect rows
    ],
    "search_help": lambda w: [Visit("help", "/search/help/")],
    "rules": lambda w: [Visit(g, f"/games/{g}/rules/") for g in GAMES],
    "deck_list": lambda w: [Visit("all", "/decks/"), Visit("game", "/decks/?game=manacard")],
    "deck": lambda w: [Visit("own", f"/decks/{w.deck.pk}/"), *(Visit(g, f"/decks/{_sample(g).pk}/") for g in ("vision", "timestorm", "manacard"))],
    "deck_form": lambda w: [Visit("new", "/decks/new/?game=kannagi")],
    "deck_editor": lambda w: [
        Visit("kannagi", f"/decks/{w.deck.pk}/edit/", ready="js:document.readyState === 'complete'"),
    ],
    "deck_history": lambda w: [
        Visit("own", f"/decks/{w.deck.pk}/history/"),
        Visit("compared", f"/decks/{w.deck.pk}/history/?from={w.first_revision}&to={w.deck.revision}"),
    ],
    "deck_check": lambda w: [
        Visit("empty", "/decks/check/?game=kannagi"),
        Visit("result", "/decks/check/?game=kannagi", act=_check_the_list),
    ],
    "print": lambda w: [Visit("deck", f"/decks/{w.kannagi.pk}/print/"), Visit("set", "/games/manacard/print/?copies=one")],
    "goldfish_start": lambda w: [Visit("new", "/goldfish/new/"), Visit("deck", f"/goldfish/new/?deck={w.kannagi.pk}")],
    "goldfish": lambda w: [Visit(g, f"/goldfish/{w.boards[g]}/", ready=BOARD_READY) for g in GAMES],
    "simulation": lambda w: [Visit("finished", f"/simulations/{w.sims[0]}/")],
    "simulation_compare": lambda w: [Visit("two-decks", f"/simulations/{w.sims[0]}/vs/{w.sims[1]}/")],
    "card_report_new": lambda w: [Visit("own", f"/decks/{w.deck.pk}/card-report/")],
    "card_report": lambda w: [Visit("finished", f"/card-reports/{w.reports[0]}/"), Visit("swap", f"/card-reports/{w.reports[1]}/")],
    "pool": lambda w: [
        *(Visit(f"pool-{p.pk}", p.get_absolute_url()) for p in Pool.objects.order_by("pk")),
        Visit("new", "/pools/new/"),
    ],
    "account": lambda w: [
        Visit("account", "/accounts/"),
        Visit("login", "/accounts/login/", anonymous=True),
        Visit("signup", "/accounts/signup/", anonymous=True),
    ],
}


# -- the crawl ---------------------------------------------------------------------------------------


def _ready(page, visit: Visit):
    if visit.ready is None:
        return
    if visit.ready.startswith("js:"):
        page.wait_for_function(visit.ready[3:])
    else:
        page.wait_for_selector(visit.ready)


def check(page, page_type: str, visit: Visit, viewport: str, lang: str, allowed: list[str]) -> list[str]:
    """Every problem of one page as shown in one viewport and language."""
    response = page.goto(visit.path)
    problems = []
    if response is None or response.status != visit.status:
        problems.append(f"HTTP {response.status if response else '—'}, not {visit.status}")
    if visit.act is not None:
        visit.act(page)
    _ready(page, visit)
    seen = page.evaluate(MEASURE)
    limit = VIEWPORTS[viewport]["viewport"]["width"]
    # On a phone the layout viewport (innerWidth) widens to a too-wide page: the width is also held to the screen's.
    if seen["scrollWidth"] > min(seen["innerWidth"], seen["clientWidth"], limit):
        problems.append(f"{seen['scrollWidth']} px wide (viewport {limit}); sticking out: " + "; ".join(seen["wide"]))
    problems += internal_tokens(page.evaluate(VISIBLE_TEXT, VERBATIM), lang, allowed)
    if lang == "ja":
        prose = page.evaluate(VISIBLE_TEXT, NOT_PROSE)
        problems += section_keys(prose, allowed) + english_sentences(prose, allowed)
        # axe-core checks roles, names, labels and contrast, which the same template gives in either language:
        # once per page and viewport, in Japanese (the English pages still get the width and text checks).
        problems += axe_violations(page)
    if SHOTS:
        name = f"{page_type}-{visit.label}-{viewport}-{lang}.png".replace("/", "_")
        page.screenshot(path=os.path.join(SHOTS, f"crawl-{name}"), full_page=True)
    return problems


@pytest.mark.parametrize("page_type", list(PAGE_TYPES))
def test_every_page_fits_a_phone_shows_nothing_internal_and_passes_axe(page_type, browser, live_server, world):
    axe_source()  # downloaded and checked once, before any page (a failure here is not a page's)
    visits = PAGE_TYPES[page_type](world)
    allowed = allowed_latin()
    failures = []
    for viewport, options in VIEWPORTS.items():
        for lang, locale in LOCALES.items():
            contexts = {}
            for visit in visits:
                if visit.anonymous not in contexts:
                    # bypass_csp: axe-core is injected as an inline script, which the site's policy refuses (test_csp.py checks it)
                    context = browser.new_context(base_url=live_server.url, locale=locale, bypass_csp=True, **options)
                    if not visit.anonymous:
                        context.add_cookies([{"name": "sessionid", "value": world.session, "url": live_server.url}])
                    contexts[visit.anonymous] = context
                page = contexts[visit.anonymous].new_page()
                page.set_default_timeout(15_000)
                try:
                    problems = check(page, page_type, visit, viewport, lang, allowed)
                except Exception as exc:  # noqa: BLE001 - a page that cannot be checked is a failure too
                    problems = [f"could not be checked: {type(exc).__name__}: {str(exc).splitlines()[0]}"]
                page.close()
                failures += [f"{page_type}/{visit.label} {visit.path} [{viewport} {lang}]: {p}" for p in problems]
            for context in contexts.values():
                context.close()
    assert not failures, f"{len(failures)} problem(s):\n" + "\n".join(failures)


# -- the text checks themselves ------------------------------------------------------------------------


def test_the_text_checks_catch_english_sentences_and_internal_tokens_but_not_card_data():
    allowed = ["Diamond Dust Storm", "Touhou VISION (Hisoutensoku weather rule)"]
    text = "\n".join([
        "デッキリストをチェック",
        "Fan-made tools for five games",  # an English sentence
        "ターン 3 of 5 turns left",  # English after Japanese on the same line
        "Diamond Dust Storm のコスト 3",  # a card's name
        "Touhou VISION (Hisoutensoku weather rule)",  # a game's name
        "→( kannagicb@gmail.com ) https://example.com/a/b/c",  # an address is not a sentence
        "SAMPLE · PDF · A4",
    ])
    found = english_sentences(text, allowed)
    assert [f.split("“")[1][:12] for f in found] == ["Fan-made too", "ターン 3 of 5 t"]
    assert internal_tokens('状態 {"type": "end_turn"} を送信', "ja")
    assert internal_tokens("メインデッキの枚数 section_size", "en")
    assert internal_tokens("アクション: Action", "ja") and not internal_tokens("Action", "en")
    assert internal_tokens("デッキ: main", "ja") and internal_tokens("値 None", "ja")
    assert not internal_tokens("カード名 ねこやま (基本ルール) 残り 3 枚", "ja")
    assert section_keys("+1 人魚の活き血 main", ["main street"]) and not section_keys("main street の domain", ["main street"])
