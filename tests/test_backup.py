"""Backups: export_site writes every row of the site to one file, import_site loads it into a fresh database
and the tables come back row by row; a non-empty database or a damaged file is refused and nothing changes."""

import gzip
import io
import re

import pytest
from django.apps import apps
from django.contrib.auth.models import Group, User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import models
from PIL import Image

from backup import services as backup
from cards.models import Card, editor_group_name
from cards.services import card_set_image, load_bundled
from decks import services as deck_services
from decks.models import Deck, Regulation
from goldfish import services as goldfish_services
from goldfish.actors import Actor
from goldfish.models import GoldfishSession, Simulation

pytestmark = pytest.mark.django_db(transaction=True)  # flush, and the task worker reopens connections

PROJECT_APPS = {"cards", "decks", "goldfish", "printing", "rules"}


@pytest.fixture(autouse=True)
def media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    return settings.MEDIA_ROOT


def compared_models():
    """Every model of the project's apps, plus users and groups: a model added later is compared too."""
    found = [m for m in apps.get_models() if m._meta.app_label in PROJECT_APPS]
    return [User, Group, *found]


def _related_key(obj):
    return obj.natural_key() if hasattr(obj, "natural_key") else obj.pk


def snapshot() -> dict:
    """Every row of every compared table, all fields, with many-to-many links by natural key."""
    tables = {}
    for model in compared_models():
        columns = [f.attname for f in model._meta.concrete_fields]
        m2m = [f.name for f in model._meta.many_to_many]
        rows = {}
        for obj in model._default_manager.order_by("pk").prefetch_related(*m2m):
            row = {column: getattr(obj, column) for column in columns}
            for name in m2m:
                row[name] = sorted(_related_key(o) for o in getattr(obj, name).all())
            rows[obj.pk] = row
        tables[model._meta.label_lower] = rows
    return tables


def picture() -> SimpleUploadedFile:
    buffer = io.BytesIO()
    Image.new("RGB", (48, 67), (200, 30, 60)).save(buffer, "PNG")
    return SimpleUploadedFile("card.png", buffer.getvalue(), content_type="image/png")


def build_site():
    """A small but complete site: every kind of row the backup has to carry."""
    load_bundled()
    deck_services.load_sample_decks()
    editor = User.objects.create_user("kannagi-ed", email="ed@example.org", password="pw-ed-123", is_staff=True)
    editor.groups.add(Group.objects.get(name=editor_group_name("kannagi")))
    player = User.objects.create_user("player", email="p@example.org", password="pw-player-123")
    card = Card.objects.filter(game="kannagi").order_by("pk").first()
    card_set_image(card=card, upload=picture())
    # A private deck with several revisions.
    base = Regulation.objects.get(game="kannagi", code="base")
    sample = Deck.objects.filter(game="kannagi", sample=True).order_by("pk").first()
    sections = {key: {e.card_id: e.count for e in sample.entries.filter(section=key)}
                for key in sample.entries.values_list("section", flat=True).distinct()}
    deck = deck_services.deck_create(owner=player, game="kannagi", regulation=base, name="私のデッキ", sections=sections)
    entry = deck.entries.order_by("pk").first()
    deck_services.deck_change_count(deck=deck, user=player, card=entry.card, section=entry.section, delta=-1)
    deck_services.deck_change_count(deck=deck, user=player, card=entry.card, section=entry.section, delta=1)
    deck.refresh_from_db()
    assert deck.revision == 3 and deck.visibility == "private"
    # A pool of two timestorm decks.
    ts = list(Deck.objects.filter(game="timestorm").order_by("pk")[:2])
    ts_copies = [deck_services.deck_copy(deck=d, user=player) for d in ts]
    deck_services.pool_save(user=player, name="私のプール", deck_ids=[d.pk for d in ts_copies], players=["a", "b"])
    # A goldfish game with a few actions.
    who = Actor(user=player)
    outcome = goldfish_services.start_from_deck(who=who, deck=deck, seed=7)
    for action in ({"type": "zero_search", "cards": []}, {"type": "potential_done"}, {"type": "end_turn"}):
        outcome = goldfish_services.act(session_id=outcome.session.id, who=who, action=action)
    assert GoldfishSession.objects.get().steps == 3
    # A finished simulation.
    goldfish_services.start_simulation(who=who, deck=deck, games=100, seed=1, turn_cap=20)
    call_command("db_worker", "--batch", "--no-startup-delay", "--no-reload", verbosity=0)
    assert Simulation.objects.get().status == "done"
    return {"card": card, "deck": deck, "editor": editor}


@pytest.fixture
def site(db):
    return build_site()


@pytest.fixture(scope="module")
def site_file(django_db_setup, django_db_blocker, tmp_path_factory):
    """The site of `build_site`, built once for the module's tests that only read its backup: the file
    `export_site --no-media` wrote of it (and its gzip), its snapshot and its deck; the database is flushed
    again after, as a transactional test leaves it."""
    from django.test import override_settings

    folder = tmp_path_factory.mktemp("backup-site")
    with django_db_blocker.unblock(), override_settings(MEDIA_ROOT=str(folder / "media")):
        built = build_site()
        plain, gz = folder / "site.jsonl", folder / "site.jsonl.gz"
        call_command("export_site", str(plain), "--no-media", verbosity=0)
        call_command("export_site", str(gz), "--no-media", verbosity=0)
        made = {"plain": plain, "gz": gz, "snapshot": snapshot(), "deck": built["deck"].pk}
        call_command("flush", interactive=False, verbosity=0)
    return made


def test_compared_models_are_all_in_the_backup():
    assert set(compared_models()) <= set(backup.backup_models())


@pytest.mark.parametrize("name", ["site.jsonl", "site.jsonl.gz"])
def test_a_site_goes_to_a_fresh_database_and_back_row_by_row(site, tmp_path, media, name):
    before = snapshot()
    counts = {label: len(rows) for label, rows in before.items()}
    for label in ("cards.card", "decks.deck", "decks.deckrevision", "decks.pool", "decks.poolentry",
                  "goldfish.goldfishsession", "goldfish.simulation", "goldfish.simulationchunk", "auth.user"):
        assert counts[label] > 0, label
    path = tmp_path / name
    call_command("export_site", str(path), verbosity=0)
    if name.endswith(".gz"):
        assert gzip.open(path).read(1)

    image = site["card"].image.name
    call_command("flush", interactive=False, verbosity=0)  # a fresh database: migrate's rows come back
    (media / image).unlink()
    assert not User.objects.exists() and Regulation.objects.exists()

    call_command("import_site", str(path), verbosity=0)
    after = snapshot()
    for label in before:
        assert after[label] == before[label], label
    assert (media / image).is_file()
    editor = User.objects.get(username="kannagi-ed")
    assert editor.check_password("pw-ed-123") and editor.has_perm("cards.change_card")

    # Sequences were reset: new rows get new ids.
    user = User.objects.create_user("newcomer")
    assert user.pk > max(before["auth.user"])
    deck = deck_services.deck_copy(deck=Deck.objects.get(pk=site["deck"].pk), user=User.objects.get(username="player"))
    assert deck.pk > max(before["decks.deck"])
    assert deck.revisions.get().pk > max(before["decks.deckrevision"])
    assert Group.objects.create(name="new").pk > max(before["auth.group"])


def test_importing_into_a_database_with_data_is_refused_and_changes_nothing(site_file, transactional_db):
    call_command("import_site", str(site_file["plain"]), verbosity=0)
    before = snapshot()
    assert before == site_file["snapshot"]
    with pytest.raises(CommandError, match=r"not empty: table auth_user"):
        call_command("import_site", str(site_file["plain"]), verbosity=0)
    assert snapshot() == before


def _fresh_with_marker():
    """A flushed database with one changed migrate row, to see that a refused import leaves it alone."""
    call_command("flush", interactive=False, verbosity=0)
    Regulation.objects.filter(game="kannagi", code="base").update(name_en="marker")
    return snapshot()


@pytest.mark.parametrize("damage", ["truncated", "bad-json", "bad-row", "dangling-fk", "truncated-gzip", "unknown-model"])
def test_a_damaged_file_is_refused_naming_what_is_wrong_and_changes_nothing(site_file, transactional_db, tmp_path, damage):
    good = site_file["plain"]
    lines = good.read_text(encoding="utf-8").splitlines(keepends=True)
    bad = tmp_path / "bad.jsonl"
    if damage == "truncated":
        bad.write_text("".join(lines[: len(lines) // 2]), encoding="utf-8")
        expected = "no end record: it is truncated"
    elif damage == "bad-json":
        bad.write_text("".join(lines[:-1]) + lines[-1][:20] + "\n", encoding="utf-8")
        expected = f"line {len(lines)}: not valid JSON"
    elif damage == "unknown-model":
        lines[3] = lines[3].replace('"model":"', '"model":"x', 1)
        bad.write_text("".join(lines), encoding="utf-8")
        expected = "line 4: unknown model"
    elif damage in ("bad-row", "dangling-fk"):
        number = next(i for i, line in enumerate(lines) if '"model":"decks.deckentry"' in line)
        if damage == "bad-row":
            lines[number] = re.sub(r'"count":\d+', '"count":"many"', lines[number])
            expected = rf"line {number + 1} \(decks.deckentry pk="
        else:
            lines[number] = re.sub(r'"card":\d+', '"card":99999999', lines[number])
            expected = r"decks_deckentry|line \d+ \(decks.deckentry"
        bad.write_text("".join(lines), encoding="utf-8")
    else:
        data = site_file["gz"].read_bytes()
        bad = tmp_path / "bad.jsonl.gz"
        bad.write_bytes(data[: len(data) // 2])
        expected = "damaged or truncated"
    before = _fresh_with_marker()
    with pytest.raises(CommandError, match=expected) as info:
        call_command("import_site", str(bad), verbosity=0)
    assert "Nothing was changed" in str(info.value)
    assert snapshot() == before
    # The good file still loads into that same database.
    call_command("import_site", str(good), verbosity=0)
    assert Deck.objects.filter(pk=site_file["deck"]).exists()


def test_models_with_files_are_covered():
    """Media files are carried for every FileField of a backed-up model (card images, card backs, prints)."""
    with_files = {m._meta.label_lower for m in backup.backup_models()
                  if any(isinstance(f, models.FileField) for f in m._meta.concrete_fields)}
    assert {"cards.card", "printing.cardback"} <= with_files
