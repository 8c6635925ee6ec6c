"""PostgreSQL: the character-pair column (search_grams) with its trigger and GIN index, so that words of one
or two characters and phrases are found through an index (cards.search.index.ensure_grams). SQLite has its
own index (FTS5 trigram tables): nothing to do there."""

from django.db import migrations


def add_grams(apps, schema_editor):
    from cards.search.index import ensure_grams

    if schema_editor.connection.vendor == "postgresql":
        ensure_grams(schema_editor.connection)


def remove_grams(apps, schema_editor):
    from cards.search.index import drop_grams

    drop_grams(schema_editor.connection)


class Migration(migrations.Migration):
    dependencies = [("cards", "0003_verbose_names")]

    operations = [migrations.RunPython(add_grams, remove_grams)]
