"""Real headless Chromium (Debian's package) driven by Playwright through executable_path.

Where no Chromium is installed the browser tests are skipped with the reason printed;
in CI (CI=true) a missing browser fails them instead.
"""

import os
import shutil

import pytest

CHROMIUM = os.environ.get("CHROMIUM_PATH") or shutil.which("chromium") or shutil.which("chromium-browser")
IN_CI = os.environ.get("CI", "").lower() in {"1", "true", "yes"}
SKIP_REASON = "no Chromium found: install Debian's chromium (apt-get install chromium) or set CHROMIUM_PATH"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
]

# Playwright's sync API keeps an event loop in the test thread; Django's ORM calls from the
# same thread (fixtures) are safe here because nothing else runs on that loop.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


@pytest.hookimpl(tryfirst=True)  # before tests/conftest.py shares the any_database tests out between CI's halves
def pytest_collection_modifyitems(config, items):
    for item in items:
        if "tests/browser" in str(item.fspath):
            item.add_marker(pytest.mark.browser)
            # A page test checks what the browser draws and does; what a page reads and writes through each
            # database is the Django client tests' part, which run on both. So CI runs each page test once.
            item.add_marker(pytest.mark.any_database)
            if not CHROMIUM and not IN_CI:
                item.add_marker(pytest.mark.skip(reason=SKIP_REASON))


@pytest.fixture(scope="session")
def browser():
    if not CHROMIUM:
        pytest.fail(f"CI=true but {SKIP_REASON}")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


def _page(browser, live_server, locale):
    context = browser.new_context(base_url=live_server.url, locale=locale)
    page = context.new_page()
    page.set_default_timeout(10_000)
    return context, page


@pytest.fixture
def page(browser, live_server):
    context, page = _page(browser, live_server, "ja-JP")
    yield page
    context.close()


@pytest.fixture
def english(browser, live_server):
    """A second page, in English."""
    context, page = _page(browser, live_server, "en-US")
    yield page
    context.close()


@pytest.fixture
def phone(browser, live_server):
    context = browser.new_context(
        base_url=live_server.url, viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True, locale="ja-JP"
    )
    page = context.new_page()
    page.set_default_timeout(10_000)
    yield page
    context.close()


KANNAGI_SAMPLE = "サンプル：春と無の零探し"


@pytest.fixture
def sample_deck(transactional_db):
    """The bundled cards and sample decks, as `make run` loads them; the kannagi sample deck 春と無の零探し."""
    from cards.services import load_bundled
    from decks.models import Deck
    from decks.services import load_sample_decks

    load_bundled()
    load_sample_decks()
    return Deck.objects.get(name=KANNAGI_SAMPLE)
