"""After 0009's fill (issue 36): on PostgreSQL every facet row was rewritten, so the table holds twice its rows'
space and its visibility map is lost until autovacuum passes; until then the OR page can take a worse plan.
VACUUM ANALYZE settles it at once. VACUUM cannot run inside a transaction, so this migration is not atomic. On
other databases it does nothing."""

from django.db import migrations


def vacuum_facets(apps, schema_editor):
    connection = schema_editor.connection
    if connection.vendor != "postgresql":
        return
    table = apps.get_model("cards", "CardFacet")._meta.db_table
    with connection.cursor() as cursor:
        cursor.execute(f"VACUUM ANALYZE {connection.ops.quote_name(table)}")


class Migration(migrations.Migration):
    atomic = False

    dependencies = [
        ("cards", "0009_facet_card_num"),
    ]

    operations = [
        migrations.RunPython(vacuum_facets, migrations.RunPython.noop, elidable=True),
    ]
