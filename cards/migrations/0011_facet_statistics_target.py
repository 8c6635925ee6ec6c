"""Issue 36: the facets' extended statistics keep 100 most common pairs, not 1,000 (planning a facet lookup
evaluated it on every item of the list: 0.5 ms a lookup, cards.search.index.PG_STATISTICS_TARGET), while the
sample ANALYZE reads stays at 300,000 rows (a target of 1,000 on the key column). ANALYZE then rebuilds the
lists at once, so no plan is made from the longer ones until autovacuum passes. On other databases it does
nothing."""

from django.db import migrations


def shorten_lists(apps, schema_editor):
    connection = schema_editor.connection
    if connection.vendor != "postgresql":
        return
    from cards.search.index import PG_SAMPLE_COLUMN, PG_SAMPLE_TARGET, PG_STATISTICS, PG_STATISTICS_TARGET

    table = connection.ops.quote_name(apps.get_model("cards", "CardFacet")._meta.db_table)
    with connection.cursor() as cursor:
        cursor.execute("SELECT stxname FROM pg_statistic_ext WHERE stxname = ANY(%s)", [list(PG_STATISTICS)])
        present = [row[0] for row in cursor.fetchall()]
        if not present:  # (made after migrate by cards.search.index.ensure_index, with these targets)
            return
        for name in present:
            cursor.execute(f"ALTER STATISTICS {name} SET STATISTICS {PG_STATISTICS_TARGET}")
        cursor.execute(f"ALTER TABLE {table} ALTER COLUMN {PG_SAMPLE_COLUMN} SET STATISTICS {PG_SAMPLE_TARGET}")
        cursor.execute(f"ANALYZE {table}")


class Migration(migrations.Migration):
    dependencies = [
        ("cards", "0010_vacuum_facets"),
    ]

    operations = [
        migrations.RunPython(shorten_lists, migrations.RunPython.noop, elidable=True),
    ]
