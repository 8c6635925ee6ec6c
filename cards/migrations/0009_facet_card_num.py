"""The card's number (its cost, cards.models.CARD_NUMBER) on its facet rows (issue 36), filled for the rows
there are, and the indexes (key, text, card_num, card) and (game, key, text, card_num, card): "kw:速攻 c<=2"
counts and lists the keyword's cards of cost <= 2 from one index range (cards.search.compiler)."""

from django.db import migrations, models


def fill_numbers(apps, schema_editor):
    """Each facet row gets its card's number (one statement, on SQLite and PostgreSQL alike)."""
    from cards.models import CARD_NUMBER

    facet = apps.get_model("cards", "CardFacet")._meta.db_table
    card_model = apps.get_model("cards", "Card")
    card, column = card_model._meta.db_table, card_model._meta.get_field(CARD_NUMBER).column
    with schema_editor.connection.cursor() as cursor:
        cursor.execute(f"UPDATE {facet} SET card_num = (SELECT c.{column} FROM {card} c WHERE c.id = {facet}.card_id)")


class Migration(migrations.Migration):

    dependencies = [
        ("cards", "0008_facet_game"),
    ]

    operations = [
        migrations.AddField(
            model_name="cardfacet",
            name="card_num",
            field=models.BigIntegerField(null=True, verbose_name="card's number"),
        ),
        migrations.RunPython(fill_numbers, migrations.RunPython.noop),
        migrations.RemoveIndex(
            model_name="cardfacet",
            name="cards_facet_game_key_text",
        ),
        migrations.AddIndex(
            model_name="cardfacet",
            index=models.Index(fields=["key", "text", "card_num", "card"], name="cards_facet_key_text_num"),
        ),
        migrations.AddIndex(
            model_name="cardfacet",
            index=models.Index(fields=["game", "key", "text", "card_num", "card"], name="cards_facet_game_text_num"),
        ),
    ]
