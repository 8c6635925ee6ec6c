"""Small chained fixtures shared by the suite."""

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
