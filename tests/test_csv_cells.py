"""CSV cells a spreadsheet would run as formulas are written as text (a leading apostrophe, OWASP), in every
CSV the site writes for people to open, and the importer reads them back: export → import → export stays
byte-identical (cards/csvcells.py)."""

from __future__ import annotations

import csv
import io

import pytest
from django.core.management import call_command

from cards import csvcells
from cards.models import Card
from cards.services import export_cards, import_cards

FORMULAS = ['=HYPERLINK("http://127.0.0.1/evil","x")', "@SUM(1+1)*cmd", "-2+3+cmd", "+1+1", "\tTAB", "\rCR"]
DANGEROUS_START = ("=", "+", "-", "@", "\t", "\r")


def cells(data: bytes) -> list[list[str]]:
    return list(csv.reader(io.StringIO(data.decode("utf-8-sig"), newline="")))


@pytest.mark.parametrize("value", [*FORMULAS, "'already quoted", "''two", "plain", "", "-", "ねこ=やま"])
def test_a_neutralised_cell_reads_back_as_the_value_and_never_starts_a_formula(value):
    written = csvcells.neutralise(value)
    assert not written.startswith(DANGEROUS_START)
    assert csvcells.restore(written) == value


@pytest.fixture
def formula_cards(kannagi):
    made = [Card.objects.create(game=kannagi, name=name, card_type="道具札", attrs={"season": ["冬"]}) for name in FORMULAS]
    made.append(Card.objects.create(game=kannagi, name="-ハイフンで始まる名前", card_type="場所札", cost=1, number="-1",
                                    rules_text="=1+1 と書かれた効果", flavor_text="+3 の力", attrs={"season": ["春"], "power": 2}))
    made.append(Card.objects.create(game=kannagi, name="'引用符で始まる名前", card_type="道具札", attrs={"season": ["夏"]}))
    return made


def test_the_card_csv_export_writes_no_cell_a_spreadsheet_would_run(formula_cards):
    data = export_cards(game="kannagi", fmt="csv")
    rows = cells(data)
    written = [cell for row in rows for cell in row]
    assert not [cell for cell in written if cell.startswith(DANGEROUS_START)]
    names = {row[rows[0].index("name")] for row in rows[1:]}
    assert "'" + FORMULAS[0] in names and "'-ハイフンで始まる名前" in names and "''引用符で始まる名前" in names
    number = rows[0].index("number")
    assert "'-1" in {row[number] for row in rows[1:]}


def test_formula_cards_survive_csv_export_import_export_byte_for_byte(formula_cards):
    before = {c.name: c.to_data() for c in formula_cards}
    first = export_cards(game="kannagi", fmt="csv")
    Card.objects.all().delete()
    report = import_cards(game="kannagi", data=first, fmt="csv")
    assert report.errors == [] and report.created == len(formula_cards)
    after = {c.name: c.to_data() for c in Card.objects.filter(game="kannagi")}
    assert after == before  # the values themselves, apostrophes and minus signs included
    assert after["-ハイフンで始まる名前"]["number"] == "-1"
    assert export_cards(game="kannagi", fmt="csv") == first


def test_the_export_cards_command_writes_the_same_neutralised_cells(formula_cards, tmp_path):
    target = tmp_path / "cards.csv"
    call_command("export_cards", "kannagi", "--format", "csv", "-o", str(target), stdout=io.StringIO())
    assert target.read_bytes() == export_cards(game="kannagi", fmt="csv")
    assert not [c for row in cells(target.read_bytes()) for c in row if c.startswith(DANGEROUS_START)]


def test_a_hand_written_csv_reads_a_leading_apostrophe_as_the_text_prefix(kannagi):
    data = "name,card_type,number,cost,season\n'=1+1,道具札,'-7,'3,冬\n".encode()
    report = import_cards(game="kannagi", data=data, fmt="csv")
    assert report.errors == []
    card = Card.objects.get(game="kannagi")
    assert (card.name, card.number, card.cost) == ("=1+1", "-7", 3)


def test_the_print_shop_copies_csv_names_a_formula_card_as_text(formula_cards):
    from printing.exports import Export, export_files
    from printing.sheets import PrintCard
    from rules.declare import get_game

    game = get_game("kannagi")
    cards = [PrintCard(f"k{c.pk}", c.to_data(), 2, None, "", c.pk) for c in formula_cards[:4]]
    files = export_files(Export(game, "formulas", cards, 63, 88, None), "images")
    rows = cells(files["copies.csv"])
    assert [c for row in rows for c in row if c.startswith(DANGEROUS_START)] == []
    assert [csvcells.restore(row[1]) for row in rows[1:]] == FORMULAS[:4]
