"""The admin in Japanese: every model and field of the site's apps has a verbose name that is translated,
and the migrations say so (no model change is left without its migration)."""

import io

import pytest
from django.apps import apps
from django.core.management import call_command
from django.urls import reverse
from django.utils import translation
from django.utils.functional import Promise

APPS = ("cards", "decks", "printing", "goldfish", "backup", "config")
SAME_IN_JAPANESE = {"ID"}


def names():
    """(where, the lazy name) for every app, model and concrete field of the site's apps."""
    for label in APPS:
        config = apps.get_app_config(label)
        yield label, config.verbose_name
        for model in config.get_models():
            opts = model._meta
            yield opts.label, opts.original_attrs.get("verbose_name")
            yield f"{opts.label} (plural)", opts.original_attrs.get("verbose_name_plural")
            for field in opts.get_fields():
                if getattr(field, "concrete", False) and not field.auto_created:
                    yield f"{opts.label}.{field.name}", field.verbose_name


@pytest.mark.parametrize(("where", "name"), list(names()), ids=lambda v: v if isinstance(v, str) else "")
def test_every_model_and_field_has_a_japanese_name(where, name):
    assert isinstance(name, Promise), f"{where}: no translatable verbose name"
    with translation.override("ja"):
        japanese = str(name)
    with translation.override("en"):
        english = str(name)
    assert japanese != english or english in SAME_IN_JAPANESE, f"{where}: {english!r} has no Japanese"


def test_the_migrations_are_up_to_date(db):
    out = io.StringIO()
    call_command("makemigrations", "--check", "--dry-run", stdout=out)  # SystemExit(1) when a change is missing
    assert "No changes detected" in out.getvalue()


def test_the_admin_index_is_in_japanese(admin_client):
    html = admin_client.get(reverse("admin:index"), HTTP_ACCEPT_LANGUAGE="ja").content.decode()
    for word in ("カードゲーム工房 管理", "カード", "レギュレーション", "カードの裏面", "一人回し"):
        assert word in html
    for english in ("Django administration", ">Cards<", ">Decks<", ">Printing<", ">Goldfish<", "Card backs", "Regulations"):
        assert english not in html
