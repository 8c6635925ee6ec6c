"""Revisions extended by later saves of the same editor visit: the visit's session, the time of the last save
merged into the revision, and how many saves it holds. Existing revisions were each one save."""

import django.utils.timezone
from django.db import migrations, models


def last_saved_is_created(apps, schema_editor):
    DeckRevision = apps.get_model("decks", "DeckRevision")
    DeckRevision.objects.update(updated_at=models.F("created_at"))


class Migration(migrations.Migration):

    dependencies = [
        ("decks", "0002_card_limit_spellings"),
    ]

    operations = [
        migrations.AddField(
            model_name="deckrevision",
            name="session",
            field=models.CharField(blank=True, default="", editable=False, max_length=64, verbose_name="editor session"),
        ),
        migrations.AddField(
            model_name="deckrevision",
            name="updated_at",
            field=models.DateTimeField(default=django.utils.timezone.now, editable=False, verbose_name="last saved"),
        ),
        migrations.AddField(
            model_name="deckrevision",
            name="edits",
            field=models.PositiveIntegerField(default=1, editable=False, verbose_name="saves"),
        ),
        migrations.RunPython(last_saved_is_created, migrations.RunPython.noop),
    ]
