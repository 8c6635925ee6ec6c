"""Every validation message of the registry has a Japanese translation."""

import re
from pathlib import Path

import polib
from django.conf import settings
from django.utils import translation

from cards.i18n import TEMPLATES

RULES = Path(settings.BASE_DIR) / "rules"


def test_every_registry_message_is_listed_for_translation():
    found = set()
    for path in RULES.rglob("*.py"):
        found |= set(re.findall(r'"(\{field\}[^"]*)"', path.read_text(encoding="utf-8")))
    assert found <= set(TEMPLATES), found - set(TEMPLATES)


def test_the_japanese_catalogue_translates_every_message():
    po = polib.pofile(str(Path(settings.BASE_DIR) / "locale/ja/LC_MESSAGES/django.po"))
    untranslated = [e.msgid for e in po if not e.translated()]
    assert untranslated == []
    ids = {e.msgid for e in po}
    assert set(TEMPLATES) <= ids


def test_a_message_is_japanese_by_default_and_english_on_request():
    with translation.override("ja"):
        assert translation.gettext("Search cards") == "カードを検索"
    with translation.override("en"):
        assert translation.gettext("Search cards") == "Search cards"
