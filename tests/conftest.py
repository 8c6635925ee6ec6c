"""Small chained fixtures shared by the suite."""

import os
import zlib

import pytest
from django.contrib.auth.models import Group, User

from cards.models import Card, Game, editor_group_name
from cards.services import load_bundled


@pytest.fixture
def games(db):
    """The games exist after every migrate (cards.services.sync_games)."""
    return {g.slug: g for g in Game.objects.all()}


@pytest.fixture
def kannagi(games):
    return games["kannagi"]


@pytest.fixture
def bundled(games):
    """The bundled seed cards and sample sets, as `make run` loads them."""
    load_bundled()
    return Card.objects.all()


@pytest.fixture
def place(kannagi):
    return Card.objects.create(
        game=kannagi, name="テストの廃屋", card_type="場所札", cost=0, attrs={"season": ["春"], "power": 1}
    )


@pytest.fixture
def user(db):
    return User.objects.create_user("player", password="pw-player-123")


def _editor(username, slug):
    editor = User.objects.create_user(username, password=f"pw-{username}-123", is_staff=True)
    editor.groups.add(Group.objects.get(name=editor_group_name(slug)))
    return editor


@pytest.fixture
def kannagi_editor(games):
    return _editor("kannagi-ed", "kannagi")


@pytest.fixture
def vision_editor(games):
    return _editor("vision-ed", "vision")


@pytest.fixture
def editor_client(client, kannagi_editor):
    client.force_login(kannagi_editor)
    return client


# -- decks ------------------------------------------------------------------------------------------

# A legal kannagi deck under "base": 40 cards, the restricted cards within their limits.
KANNAGI_DECKLIST = (
    "メイン:\n4 ねこやま\n2 本物のお化け屋敷\n4 鉄の風\n4 桜並木の小径\n4 無人の踏切\n4 花火の河川敷\n"
    "1 肥川の大蛇\n2 仮想世界の外\n3 春霞の丘\n2 北海道：円形校舎\n4 手作りのお守り\n2 悠習の古日記\n4 古びた懐中電灯\n"
)


@pytest.fixture
def samples(bundled):
    """The bundled cards, then the bundled sample decks and pools (public, owned by "samples")."""
    from decks.models import Deck
    from decks.services import load_sample_decks

    load_sample_decks()
    return Deck.objects.filter(sample=True)


@pytest.fixture
def other_user(db):
    return User.objects.create_user("intruder", password="pw-intruder-123")


@pytest.fixture
def user_client(client, user):
    client.force_login(user)
    return client


@pytest.fixture
def other_client(other_user):
    from django.test import Client

    other = Client()
    other.force_login(other_user)
    return other


@pytest.fixture
def kannagi_base(bundled):
    from decks.models import Regulation

    return Regulation.objects.get(game="kannagi", code="base")


@pytest.fixture
def kannagi_2025(bundled):
    from decks.models import Regulation

    return Regulation.objects.get(game="kannagi", code="2025-06-06")


@pytest.fixture
def deck(user, kannagi_base):
    """A legal, private kannagi deck of `user` (revision 1)."""
    from decks import services

    sections = services.decklist_sections("kannagi", kannagi_base, KANNAGI_DECKLIST)
    return services.deck_create(owner=user, game="kannagi", regulation=kannagi_base, name="私のデッキ", sections=sections)


@pytest.fixture
def deck_state():
    """What a deck holds in the database, to assert that a refused write changed nothing."""
    from decks.models import Deck

    def state(deck):
        fresh = Deck.objects.filter(pk=deck.pk).first()
        if fresh is None:
            return None
        return {
            "fields": (fresh.owner_id, fresh.name, fresh.description, fresh.visibility, fresh.regulation_id, fresh.revision),
            "updated_at": fresh.updated_at,
            "entries": sorted(fresh.entries.values_list("section", "card_id", "count")),
            "revisions": list(fresh.revisions.order_by("number").values_list("number", "diff")),
        }

    return state


@pytest.fixture(autouse=True)
def _fresh_cache():
    """Each test starts with an empty cache (sign-in throttling and cached figures do not leak between tests)."""
    from django.core.cache import cache

    cache.clear()
    yield


# -- one suite on two databases at once ------------------------------------------------------------------

# .ci/run runs the suite on SQLite and on PostgreSQL at the same time, one per core. A test that never touches
# a database (pytest-django refuses database access to a test that does not ask for it) gives the same result
# on both (as does one marked any_database), so CI runs each such test once: DATABASE_FREE_SHARE=K/N keeps the database-free tests whose id
# hashes to K modulo N (K may be a list, "0,1/3": two thirds of them), and every test that uses the database.
# Unset (make test), every test runs.
DATABASE_FIXTURES = {"db", "transactional_db", "django_db_reset_sequences", "django_db_serialized_rollback", "live_server"}


def uses_database(item) -> bool:
    """Whether the test's result can depend on the database: it asks for one and is not marked any_database
    (a page crawl that uses a database but checks only what the browser draws)."""
    if item.get_closest_marker("any_database"):
        return False
    return bool(DATABASE_FIXTURES.intersection(getattr(item, "fixturenames", ())) or item.get_closest_marker("django_db"))


def pytest_collection_modifyitems(config, items):
    share = os.environ.get("DATABASE_FREE_SHARE", "")
    if not share:
        return
    ks, n = share.split("/")
    n = int(n)
    kept = {int(k) for k in ks.split(",")}
    keep, other_half = [], []
    for item in items:
        if uses_database(item) or zlib.crc32(item.nodeid.encode()) % n in kept:
            keep.append(item)
        else:
            other_half.append(item)
    if other_half:
        config.hook.pytest_deselected(items=other_half)
        items[:] = keep
        reporter = config.pluginmanager.get_plugin("terminalreporter")
        if reporter:
            reporter.write_line(f"DATABASE_FREE_SHARE={share}: {len(other_half)} database-free tests run in the other half")
