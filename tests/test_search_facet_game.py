"""Issue 36: the facet rows carry their card's game (written by sync_facets, filled for existing rows by cards
migration 0008), and a search of one game walks that game's values of a field alone."""

import importlib
from types import SimpleNamespace

import pytest
from django.apps import apps
from django.db import connection

from cards.models import Card, CardFacet
from cards.search.compiler import Compiler

pytestmark = pytest.mark.django_db


def test_every_facet_row_has_its_cards_game(bundled):
    rows = CardFacet.objects.values_list("game_id", "card__game_id")
    assert rows.exists() and all(mine == theirs for mine, theirs in rows)
    card = Card.objects.filter(game_id="kannagi").first()
    card.save()  # sync_facets rewrites its rows
    assert set(card.facets.values_list("game_id", flat=True)) == {"kannagi"}


def test_every_facet_row_has_its_cards_number(bundled):
    # the card's cost (cards.models.CARD_NUMBER), written by sync_facets and filled by cards migration 0009
    rows = CardFacet.objects.values_list("card_num", "card__cost")
    assert rows.exists() and all(mine == theirs for mine, theirs in rows)
    assert CardFacet.objects.filter(card_num__isnull=True).exists()  # the cards without a cost
    card = Card.objects.filter(game_id="kannagi", cost__isnull=False).first()
    card.cost += 1
    card.save()
    assert set(card.facets.values_list("card_num", flat=True)) == {card.cost}
    CardFacet.objects.update(card_num=99)  # rows as they were before the column
    importlib.import_module("cards.migrations.0009_facet_card_num").fill_numbers(
        apps, SimpleNamespace(connection=connection))
    assert all(mine == theirs for mine, theirs in CardFacet.objects.values_list("card_num", "card__cost"))


def test_the_migration_fills_each_facet_rows_game_from_its_card(bundled):
    migration = importlib.import_module("cards.migrations.0008_facet_game")
    kannagi = CardFacet.objects.filter(card__game_id="kannagi")
    count = kannagi.count()
    kannagi.update(game_id="vision")  # rows as they were before the column: not their card's game
    assert CardFacet.objects.filter(card__game_id="kannagi", game_id="vision").count() == count > 0
    migration.fill_games(apps, SimpleNamespace(connection=connection))  # (all it reads of the schema editor)
    assert all(mine == theirs for mine, theirs in CardFacet.objects.values_list("game_id", "card__game_id"))


def test_a_search_of_one_game_walks_that_games_values_of_a_field(bundled):
    def values(game):
        return sorted(set(CardFacet.objects.filter(key="keyword", **({"card__game_id": game} if game else {}))
                          .values_list("text", flat=True)))

    assert values("kannagi") != values(None)  # the keyword field is every game's
    assert Compiler("kannagi")._read_facet_values("keyword", "") == values("kannagi")
    assert Compiler(None)._read_facet_values("keyword", "") == values(None)


@pytest.mark.django_db(transaction=True)
def test_the_vacuum_migration_vacuums_the_facet_table_on_postgresql_only():
    # cards migration 0010: after 0009's fill rewrote every row, VACUUM ANALYZE (outside a transaction)
    vacuum = importlib.import_module("cards.migrations.0010_vacuum_facets").vacuum_facets
    editor = SimpleNamespace(connection=connection)
    assert importlib.import_module("cards.migrations.0010_vacuum_facets").Migration.atomic is False
    if connection.vendor != "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT count(*) FROM sqlite_master WHERE name = 'sqlite_stat1'")
            before = cursor.fetchone()[0]
        vacuum(apps, editor)  # nothing to do: no statement runs, no statistics table appears
        with connection.cursor() as cursor:
            cursor.execute("SELECT count(*) FROM sqlite_master WHERE name = 'sqlite_stat1'")
            assert cursor.fetchone()[0] == before
        return

    def count():
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_stat_clear_snapshot()")
            cursor.execute("SELECT vacuum_count, analyze_count FROM pg_stat_user_tables"
                           " WHERE relname = %s", [CardFacet._meta.db_table])
            return cursor.fetchone()

    before = count()
    vacuum(apps, editor)
    after = count()
    assert after[0] == before[0] + 1 and after[1] == before[1] + 1
