"""The card's game on its facet rows (issue 36), filled for the rows there are, and the index (game, key, text,
card): a search of one game walks that game's distinct values of a field (a substring of a keyword field on
PostgreSQL, cards.search.compiler) instead of every game's."""

import django.db.models.deletion
from django.db import migrations, models


def fill_games(apps, schema_editor):
    """Each facet row gets its card's game (one statement, on SQLite and PostgreSQL alike)."""
    facet = apps.get_model("cards", "CardFacet")._meta.db_table
    card = apps.get_model("cards", "Card")._meta.db_table
    with schema_editor.connection.cursor() as cursor:
        cursor.execute(
            f"UPDATE {facet} SET game_id = (SELECT c.game_id FROM {card} c WHERE c.id = {facet}.card_id) "
            f"WHERE game_id IS NULL OR game_id <> (SELECT c.game_id FROM {card} c WHERE c.id = {facet}.card_id)"
        )
        if schema_editor.connection.vendor == "postgresql":
            # the new column's foreign key is checked now, not at the commit: the ALTER TABLE that follows
            # refuses to run on a table with checks still pending
            cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")


class Migration(migrations.Migration):

    dependencies = [
        ("cards", "0007_card_type_list_order_index"),
    ]

    operations = [
        migrations.AddField(
            model_name="cardfacet",
            name="game",
            field=models.ForeignKey(db_index=False, null=True, on_delete=django.db.models.deletion.CASCADE,
                                    related_name="+", to="cards.game", verbose_name="game"),
        ),
        migrations.RunPython(fill_games, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="cardfacet",
            name="game",
            field=models.ForeignKey(db_index=False, on_delete=django.db.models.deletion.CASCADE, related_name="+",
                                    to="cards.game", verbose_name="game"),
        ),
        migrations.AddIndex(
            model_name="cardfacet",
            index=models.Index(fields=["game", "key", "text", "card"], name="cards_facet_game_key_text"),
        ),
    ]
