"""Card import and export: the services and the management commands."""

import io
import json

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from cards.io import CardFileError
from cards.models import Card, Game
from cards.services import export_cards, import_cards, load_bundled
from rules.declare import COMMON_KEYS, GAMES, get_game

FANLIST_HEADER = "number,name,reading,cost,power,series,rare,season,type,role,keyword,attribute"


def write(tmp_path, name, text, encoding="utf-8"):
    path = tmp_path / name
    path.write_bytes(text.encode(encoding))
    return path


def run(command, *args):
    """Run a management command that must succeed; returns (stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    try:
        call_command(command, *args, stdout=out, stderr=err)
    except CommandError as exc:
        pytest.fail(f"{command} failed: {exc}\n{err.getvalue()}")
    return out.getvalue(), err.getvalue()


def run_failing(command, *args):
    """Run a management command that must fail; returns (CommandError message, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    with pytest.raises(CommandError) as info:
        call_command(command, *args, stdout=out, stderr=err)
    return str(info.value), out.getvalue(), err.getvalue()


def export(slug, fmt, path):
    run("export_cards", slug, "--format", fmt, "-o", str(path))
    return path.read_bytes()


def snapshot(game):
    """Everything stored about a game's cards, to show that nothing was written."""
    return sorted((c.pk, repr(c.to_data()), c.updated_at) for c in Card.objects.filter(game=game))


# -- round trip ------------------------------------------------------------------------


@pytest.mark.parametrize("fmt", ["json", "csv"])
@pytest.mark.parametrize("slug", sorted(GAMES))
def test_export_then_import_into_an_empty_database_then_export_gives_identical_bytes(bundled, tmp_path, slug, fmt):
    count = Card.objects.filter(game=slug).count()
    assert count > 0
    first = export(slug, fmt, tmp_path / f"first.{fmt}")

    Card.objects.all().delete()
    assert Game.objects.filter(slug=slug).exists()
    run("import_cards", slug, str(tmp_path / f"first.{fmt}"))

    assert Card.objects.filter(game=slug).count() == count
    assert export(slug, fmt, tmp_path / f"second.{fmt}") == first


def test_the_json_export_holds_every_card_of_the_game_and_only_those(bundled, tmp_path):
    doc = json.loads(export("kannagi", "json", tmp_path / "k.json"))
    assert doc["game"] == "kannagi"
    names = sorted(card["name"] for card in doc["cards"])
    assert names == sorted(Card.objects.filter(game="kannagi").values_list("name", flat=True))


def test_the_csv_export_starts_with_a_bom_and_the_common_then_game_columns(bundled, tmp_path):
    data = export("manacard", "csv", tmp_path / "m.csv")
    assert data.startswith(b"\xef\xbb\xbf")
    header = data[3:].split(b"\r\n", 1)[0].decode()
    assert header.split(",") == [*COMMON_KEYS, *(f.key for f in GAMES["manacard"].fields)]


# -- bad rows ------------------------------------------------------------------------------

BAD_ROWS_CSV = (
    "number,name,card_type,cost,season,power,rules_text\n"
    ",テストの廃屋,場所札,3,春,2,\n"  # line 2: good, would update the existing place
    'K-1,良い札,怪異札,1,夏,,"二行の\n効果"\n'  # lines 3-4: good
    "\n"  # line 5: blank
    "K-2,悪い札,妖怪札,1,夏,,\n"  # line 6: unknown card type
    "K-3,高い札,怪異札,abc,夏,,\n"  # line 7: cost is not a number
    "K-4,,怪異札,1,夏,,\n"  # line 8: no name
    "K-1,重複,怪異札,1,夏,,\n"  # line 9: K-1 again
)
BAD_ROWS = {(6, "card_type"), (7, "cost"), (8, "name"), (9, "number")}


def test_every_bad_row_is_reported_with_its_line_and_field(place):
    report = import_cards(game="kannagi", data=BAD_ROWS_CSV.encode(), filename="bad.csv")
    assert {(e.row, e.field) for e in report.errors} == BAD_ROWS
    assert not report.written


def test_the_import_command_reports_every_bad_row_and_writes_nothing(place, tmp_path):
    before = snapshot(place.game)
    path = write(tmp_path, "bad.csv", BAD_ROWS_CSV)

    message, out, err = run_failing("import_cards", "kannagi", str(path))

    assert "4 problem(s)" in message
    for line, field in BAD_ROWS:
        assert f"row {line}, {field}" in err
    assert snapshot(place.game) == before
    place.refresh_from_db()
    assert place.cost == 0 and place.attrs["power"] == 1


def test_a_row_with_more_cells_than_the_header_is_reported(kannagi):
    data = "name,card_type,season\n狐火,怪異札,夏,余分\n".encode()
    report = import_cards(game="kannagi", data=data, filename="x.csv")
    assert [(e.row, e.field) for e in report.errors] == [(2, "row")]


def test_a_json_row_is_reported_by_its_position(kannagi):
    cards = [{"name": "狐火", "card_type": "怪異札", "fields": {"season": ["夏"]}}, {"name": "鬼火", "card_type": "?"}]
    report = import_cards(game="kannagi", data=json.dumps(cards).encode(), fmt="json")
    assert [(e.row, e.field) for e in report.errors] == [(2, "card_type")]
    assert not Card.objects.filter(game=kannagi).exists()


# -- dry run, upsert, partial updates ------------------------------------------------------

NEW_CARDS_CSV = "number,name,card_type,cost,season,power\nK-10,狐火,怪異札,1,夏,\nK-11,鬼火,怪異札,2,秋,\n"


def test_a_dry_run_writes_nothing_but_reports_the_counts(place, tmp_path):
    before = snapshot(place.game)
    path = write(tmp_path, "new.csv", NEW_CARDS_CSV + ",テストの廃屋,場所札,3,春,1\n")

    out, err = run("import_cards", "kannagi", str(path), "--dry-run")

    assert "3 rows: 2 created, 1 updated, 0 unchanged" in out
    assert "dry run" in out
    assert err == ""
    assert snapshot(place.game) == before


def test_a_dry_run_with_bad_rows_fails_and_writes_nothing(place, tmp_path):
    before = snapshot(place.game)
    path = write(tmp_path, "bad.csv", BAD_ROWS_CSV)
    run_failing("import_cards", "kannagi", str(path), "--dry-run")
    assert snapshot(place.game) == before


def test_an_import_creates_cards_and_reports_them(kannagi, tmp_path):
    out, _ = run("import_cards", "kannagi", str(write(tmp_path, "new.csv", NEW_CARDS_CSV)))
    assert "2 rows: 2 created, 0 updated, 0 unchanged" in out
    fox = Card.objects.get(game=kannagi, number="K-10")
    assert (fox.name, fox.card_type, fox.cost, fox.attrs) == ("狐火", "怪異札", 1, {"season": ["夏"]})


def test_a_numbered_row_updates_the_card_with_that_number_in_place(kannagi, tmp_path):
    card = Card.objects.create(game=kannagi, name="旧名", number="K-100", card_type="怪異札", attrs={"season": ["春"]})
    path = write(tmp_path, "rename.csv", "number,name,card_type,season\nK-100,新名,怪異札,冬\n")

    out, _ = run("import_cards", "kannagi", str(path))

    assert "1 updated" in out
    assert Card.objects.filter(game=kannagi).count() == 1
    card.refresh_from_db()
    assert (card.name, card.attrs["season"]) == ("新名", ["冬"])


def test_an_unnumbered_row_updates_the_card_with_that_name_in_place(place, tmp_path):
    path = write(tmp_path, "place.csv", "name,card_type,cost,season,power\nテストの廃屋,場所札,5,春,1\n")

    out, _ = run("import_cards", "kannagi", str(path))

    assert "0 created, 1 updated" in out
    assert list(Card.objects.values_list("pk", flat=True)) == [place.pk]
    place.refresh_from_db()
    assert place.cost == 5


def test_a_numbered_row_gives_its_number_to_the_unnumbered_card_of_that_name(place, tmp_path):
    path = write(tmp_path, "place.csv", "number,name\nK-7,テストの廃屋\n")
    run("import_cards", "kannagi", str(path))
    place.refresh_from_db()
    assert place.number == "K-7"
    assert Card.objects.count() == 1


def test_a_row_without_a_number_keeps_the_number_of_the_card_it_matches_by_name(kannagi, tmp_path):
    card = Card.objects.create(game=kannagi, name="狐火", number="K-1", card_type="怪異札", attrs={"season": ["夏"]})
    run("import_cards", "kannagi", str(write(tmp_path, "x.csv", "number,name,cost\n,狐火,4\n")))
    card.refresh_from_db()
    assert (card.number, card.cost) == ("K-1", 4)


def test_a_second_identical_import_reports_every_row_unchanged(place, tmp_path):
    path = write(tmp_path, "new.csv", NEW_CARDS_CSV + ",テストの廃屋,場所札,3,春,1\n")
    run("import_cards", "kannagi", str(path))
    after_first = snapshot(place.game)

    out, _ = run("import_cards", "kannagi", str(path))

    assert "3 rows: 0 created, 0 updated, 3 unchanged" in out
    assert snapshot(place.game) == after_first


def test_a_second_import_of_an_unnumbered_name_with_a_full_width_space_reports_it_unchanged(kannagi):
    # Japanese names often hold an ideographic space (U+3000); the name is stored as given.
    data = "name,card_type,season\n口裂け\u3000女,怪異札,夏\n".encode()
    import_cards(game="kannagi", data=data, filename="x.csv")
    assert Card.objects.get(game=kannagi).name == "口裂け\u3000女"

    report = import_cards(game="kannagi", data=data, filename="x.csv")

    assert report.errors == []
    assert (report.created, report.updated, report.unchanged) == (0, 0, 1)


def test_a_second_identical_json_import_reports_every_card_unchanged(bundled):
    data = get_game("vision").cards_path.read_bytes()
    report = import_cards(game="vision", data=data, fmt="json")
    assert report.rows == Card.objects.filter(game="vision").count()
    assert (report.created, report.updated, report.unchanged) == (0, 0, report.rows)


def test_a_row_only_updates_the_columns_the_file_has(place, tmp_path):
    place.rules_text = "元の効果。"
    place.attrs = {**place.attrs, "roles": ["召喚時"]}
    place.save()
    path = write(tmp_path, "cost.csv", "name,cost\nテストの廃屋,4\n")

    run("import_cards", "kannagi", str(path))

    place.refresh_from_db()
    assert place.cost == 4
    assert place.rules_text == "元の効果。"
    assert place.attrs == {"season": ["春"], "power": 1, "roles": ["召喚時"]}


def test_an_empty_cell_clears_the_value_of_its_column(place, tmp_path):
    place.rules_text = "元の効果。"
    place.save()
    run("import_cards", "kannagi", str(write(tmp_path, "x.csv", "name,rules_text\nテストの廃屋,\n")))
    place.refresh_from_db()
    assert place.rules_text == ""


def test_a_json_card_only_updates_the_keys_it_has(place):
    place.rules_text = "元の効果。"
    place.save()
    data = json.dumps({"game": "kannagi", "cards": [{"name": "テストの廃屋", "fields": {"power": 3}}]})
    import_cards(game="kannagi", data=data.encode(), fmt="json")
    place.refresh_from_db()
    assert (place.rules_text, place.attrs) == ("元の効果。", {"season": ["春"], "power": 3})


# -- files that cannot be read -------------------------------------------------------------


def test_an_unknown_column_is_refused_naming_it(place, tmp_path):
    before = snapshot(place.game)
    path = write(tmp_path, "x.csv", "name,card_type,colour\nテストの廃屋,場所札,赤\n")
    message, _, _ = run_failing("import_cards", "kannagi", str(path))
    assert "'colour'" in message
    assert snapshot(place.game) == before


def test_a_csv_without_a_name_column_is_refused(kannagi, tmp_path):
    message, _, _ = run_failing("import_cards", "kannagi", str(write(tmp_path, "x.csv", "number,cost\nK-1,1\n")))
    assert "name" in message


def test_a_json_file_for_another_game_is_refused(kannagi, tmp_path):
    doc = {"format": "cardgames.cards/1", "game": "vision", "cards": [{"name": "博麗霊夢", "card_type": "怪異札"}]}
    path = write(tmp_path, "vision.json", json.dumps(doc, ensure_ascii=False))
    message, _, _ = run_failing("import_cards", "kannagi", str(path))
    assert "'vision'" in message
    assert not Card.objects.exists()


def test_an_export_of_another_game_is_refused(bundled, tmp_path):
    before = snapshot("kannagi")
    export("vision", "json", tmp_path / "vision.json")
    message, _, _ = run_failing("import_cards", "kannagi", str(tmp_path / "vision.json"))
    assert "'vision'" in message
    assert snapshot("kannagi") == before


def test_a_missing_file_is_a_command_error(kannagi, tmp_path):
    message, _, _ = run_failing("import_cards", "kannagi", str(tmp_path / "nowhere.csv"))
    assert "nowhere.csv" in message


def test_a_shift_jis_csv_is_imported(kannagi, tmp_path):
    text = "name,reading,card_type,cost,season,rules_text\n狐の嫁入り,きつねのよめいり,怪異札,２,混化 春夏,雨が降る。\n"
    path = write(tmp_path, "sjis.csv", text, encoding="cp932")
    with pytest.raises(UnicodeDecodeError):
        path.read_bytes().decode("utf-8")

    run("import_cards", "kannagi", str(path))

    card = Card.objects.get(game=kannagi)
    assert (card.name, card.reading, card.cost, card.rules_text) == ("狐の嫁入り", "きつねのよめいり", 2, "雨が降る。")
    assert card.attrs == {"season": ["春", "夏"]}


def test_a_utf8_csv_with_a_bom_is_imported(kannagi, tmp_path):
    path = write(tmp_path, "bom.csv", "\ufeffname,card_type,season\n狐火,怪異札,夏\n")
    run("import_cards", "kannagi", str(path))
    assert Card.objects.get(game=kannagi).name == "狐火"


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-be"])
def test_a_utf16_csv_with_a_bom_is_imported_as_written(kannagi, tmp_path, encoding):
    """Excel's "Unicode text" saves UTF-16 with a byte-order mark (little-endian); either order reads."""
    text = "name,reading,card_type,season,rules_text\n狐の嫁入り,きつねのよめいり,怪異札,夏,雨が降る。\n"
    data = (b"\xfe\xff" if encoding == "utf-16-be" else b"") + text.encode(encoding)
    path = tmp_path / "utf16.csv"
    path.write_bytes(data)
    run("import_cards", "kannagi", str(path))
    card = Card.objects.get(game=kannagi)
    assert (card.name, card.reading, card.rules_text) == ("狐の嫁入り", "きつねのよめいり", "雨が降る。")


def test_a_utf16_csv_without_its_bom_is_refused_naming_the_encoding(kannagi, tmp_path):
    path = tmp_path / "utf16.csv"
    path.write_bytes("name,card_type,season\n狐火,怪異札,夏\n".encode("utf-16-le"))
    message, _out, _err = run_failing("import_cards", "kannagi", str(path))
    assert "UTF-16" in message and "狐" not in message
    assert not Card.objects.filter(game=kannagi).exists()


# -- the fan-made KANNAGI list ---------------------------------------------------------------

FANLIST_CSV = (
    FANLIST_HEADER + "\n"
    "KN-001,朽ちた神社,くちたじんじゃ,0,3,第1弾,R,混化 春夏,場所札,召喚時 直接ダメ,■速攻 不屈,神 妖\n"
    "KN-002,口裂け女,くちさけおんな,2,,第1弾,C,夏,怪異札,,襲撃,妖\n"
    "KN-003,型なしの札,かたなしのふだ,1,,第1弾,C,秋,,,,\n"  # line 4: no type
    "KN-004,座敷童,ざしきわらし,1,,第2弾,U,無,怪異札,,,\n"
)


def test_the_fanlist_mapping_reports_a_row_without_a_type_and_writes_nothing(kannagi, tmp_path):
    path = write(tmp_path, "fanlist.csv", FANLIST_CSV)

    message, _, err = run_failing("import_cards", "kannagi", str(path), "--mapping", "kannagi-fanlist")

    assert "1 problem(s)" in message
    assert "row 4, card_type" in err
    assert "row 2" not in err and "row 3" not in err and "row 5" not in err
    assert not Card.objects.exists()


def test_the_fanlist_mapping_with_skip_invalid_writes_the_good_rows(kannagi, tmp_path):
    path = write(tmp_path, "fanlist.csv", FANLIST_CSV)

    out, err = run("import_cards", "kannagi", str(path), "--mapping", "kannagi-fanlist", "--skip-invalid")

    assert "4 rows: 3 created, 0 updated, 0 unchanged, 1 skipped" in out
    assert "row 4, card_type" in err
    assert sorted(Card.objects.values_list("number", flat=True)) == ["KN-001", "KN-002", "KN-004"]


def test_the_fanlist_mapping_reads_every_column(kannagi, tmp_path):
    path = write(tmp_path, "fanlist.csv", FANLIST_CSV)
    run("import_cards", "kannagi", str(path), "--mapping", "kannagi-fanlist", "--skip-invalid")

    shrine = Card.objects.get(game=kannagi, number="KN-001")
    assert (shrine.name, shrine.reading, shrine.card_type) == ("朽ちた神社", "くちたじんじゃ", "場所札")
    assert (shrine.cost, shrine.set_name, shrine.rarity) == (0, "第1弾", "R")
    assert shrine.keywords == ["速攻", "不屈"]
    assert shrine.attrs == {"season": ["春", "夏"], "power": 3, "attributes": ["神", "妖"], "roles": ["召喚時", "直接ダメ"]}
    assert Card.objects.get(game=kannagi, number="KN-004").attrs == {"season": ["無"]}


def test_reprints_with_the_same_name_and_different_numbers_become_two_cards(kannagi, tmp_path):
    text = (
        FANLIST_HEADER + "\n"
        "KN-010,狐火,きつねび,1,,第1弾,C,夏,怪異札,,,\n"
        "KN-110,狐火,きつねび,1,,第2弾,R,夏,怪異札,,,\n"
    )
    path = write(tmp_path, "reprints.csv", text)

    run("import_cards", "kannagi", str(path), "--mapping", "kannagi-fanlist")
    assert sorted(Card.objects.filter(name="狐火").values_list("number", "set_name")) == [
        ("KN-010", "第1弾"),
        ("KN-110", "第2弾"),
    ]

    out, _ = run("import_cards", "kannagi", str(path), "--mapping", "kannagi-fanlist")
    assert "2 rows: 0 created, 0 updated, 2 unchanged" in out
    assert Card.objects.filter(name="狐火").count() == 2


def test_an_unnumbered_row_naming_two_reprints_is_refused_as_ambiguous(kannagi, tmp_path):
    for number in ("KN-010", "KN-110"):
        Card.objects.create(game=kannagi, name="狐火", number=number, card_type="怪異札", attrs={"season": ["夏"]})
    report = import_cards(game="kannagi", data="name,cost\n狐火,3\n".encode(), filename="x.csv")
    assert [(e.row, e.field) for e in report.errors] == [(2, "name")]
    assert set(Card.objects.values_list("cost", flat=True)) == {None}


def test_an_unknown_mapping_is_a_command_error(kannagi, tmp_path):
    path = write(tmp_path, "fanlist.csv", FANLIST_CSV)
    message, _, _ = run_failing("import_cards", "kannagi", str(path), "--mapping", "no-such-list")
    assert "no-such-list" in message
    assert "kannagi-fanlist" in message


# -- bundled data --------------------------------------------------------------------------


def test_loading_the_bundled_data_twice_creates_and_updates_nothing_the_second_time(bundled):
    count = Card.objects.count()
    assert count > 0
    before = sorted((c.pk, repr(c.to_data()), c.updated_at) for c in Card.objects.all())

    out, _ = run("load_bundled")

    for slug in GAMES:
        line = next(line for line in out.splitlines() if line.startswith(f"{slug}: "))
        assert " 0 created, 0 updated, " in line
    assert sorted((c.pk, repr(c.to_data()), c.updated_at) for c in Card.objects.all()) == before


def test_the_first_load_creates_every_bundled_card(games):
    reports = load_bundled()
    assert {r.game for r in reports} == set(GAMES)
    for report in reports:
        assert report.created == report.rows == Card.objects.filter(game=report.game).count()


@pytest.mark.parametrize(
    "slug, name", [("kannagi", "人魚の活き血"), ("manacard", "見習い剣士")], ids=["unnumbered", "numbered"]
)
def test_loading_the_bundled_data_again_keeps_an_edit(bundled, slug, name):
    card = Card.objects.get(game=slug, name=name)
    card.cost = 9
    card.rules_text = "編集した効果。"
    card.save()
    count = Card.objects.count()

    load_bundled()

    card.refresh_from_db()
    assert (card.cost, card.rules_text) == (9, "編集した効果。")
    assert Card.objects.count() == count


def test_loading_the_bundled_data_again_restores_a_deleted_card(bundled):
    count = Card.objects.count()
    Card.objects.get(game="kannagi", name="人魚の活き血").delete()
    load_bundled(["kannagi"])
    assert Card.objects.count() == count


def test_the_bundled_mermaid_blood_card_carries_its_alias(bundled):
    card = Card.objects.get(game="kannagi", name="人魚の活き血")
    assert card.aliases == ["人魚の活血"]


def test_an_unnumbered_and_a_numbered_row_of_one_name_are_two_cards(kannagi):
    # As the database allows: a reprint with a number beside a card without one.
    data = "number,name,card_type,season\n,同名の札,道具札,春\nN-9,同名の札,道具札,春\n".encode()
    report = import_cards(game="kannagi", data=data, filename="x.csv")
    assert report.errors == [] and report.created == 2
    assert sorted(Card.objects.filter(name="同名の札").values_list("number", flat=True)) == ["", "N-9"]


def test_export_to_standard_output_is_the_same_as_to_a_file(bundled, tmp_path):
    out = io.StringIO()
    call_command("export_cards", "timestorm", "--format", "json", stdout=out)
    path = tmp_path / "t.json"
    call_command("export_cards", "timestorm", "--format", "json", "-o", str(path), stdout=io.StringIO())
    assert out.getvalue().encode("utf-8") == path.read_bytes()


def test_command_line_messages_follow_the_shell_locale(kannagi, tmp_path, monkeypatch):
    path = write(tmp_path, "bad.csv", "name,card_type,season\n狐火,怪異札,梅\n")
    for lang, expected in (("C.UTF-8", "is not one of"), ("ja_JP.UTF-8", "は使えません")):
        for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
            monkeypatch.delenv(name, raising=False)
        monkeypatch.setenv("LANG", lang)
        err = io.StringIO()
        with pytest.raises(CommandError):
            call_command("import_cards", "kannagi", str(path), stdout=io.StringIO(), stderr=err)
        assert expected in err.getvalue()


ODD_CARDS = [
    dict(name="同名", number="1", card_type="道具札", attrs={"season": ["春"]}),
    dict(name="同名", number="", card_type="道具札", attrs={"season": ["夏"]}),
    dict(name="丸数字", number="①", card_type="道具札", attrs={"season": ["秋"]}),
    dict(name="全角数字", number="１０", card_type="道具札", attrs={"season": ["冬"]}),
    dict(
        name='引用"と,カンマ',
        number="A-2",
        card_type="場所札",
        cost=3,
        aliases=["別名, その一", "別名 二"],
        rules_text='一行目\n二行目, "引用" | 縦線',
        flavor_text="",
        keywords=[],
        attrs={"season": ["春", "夏"], "power": 0, "copy_limit": "unlimited"},
    ),
]


@pytest.mark.parametrize("fmt", ["json", "csv"])
def test_unusual_cards_survive_export_import_export(kannagi, fmt):
    for values in ODD_CARDS:
        Card.objects.create(game=kannagi, **values)
    first = export_cards(game="kannagi", fmt=fmt)
    Card.objects.all().delete()
    report = import_cards(game="kannagi", data=first, fmt=fmt)
    assert report.errors == [] and report.created == len(ODD_CARDS)
    assert export_cards(game="kannagi", fmt=fmt) == first


def test_a_number_of_thousands_of_digits_is_a_row_error_not_a_crash(kannagi):
    data = f"name,card_type,cost,season\n巨大,道具札,{'9' * 5000},春\n".encode()
    report = import_cards(game="kannagi", data=data, fmt="csv")
    assert [(e.row, e.field) for e in report.errors] == [(2, "cost")]


@pytest.mark.parametrize(
    "data, fragment",
    [
        (("[" * 50_000 + "]" * 50_000).encode(), "too large or nested too deeply"),
        (b'{"cards": [{"name": "x", "cost": ' + b"9" * 5000 + b"}]}", "too large or nested too deeply"),
        ('{"cards": []}'.encode("cp932") + b"\xff", "not UTF-8"),
    ],
)
def test_a_json_file_that_cannot_be_read_is_refused_clearly(kannagi, data, fragment):
    with pytest.raises(CardFileError) as exc:
        import_cards(game="kannagi", data=data, fmt="json")
    assert fragment in str(exc.value)


def test_records_given_as_absurdly_nested_text_are_a_field_error(games):
    data = ("name,card_type,attributes,upkeep,effects\n深い,呪術,火,1," + "[" * 5000 + "]" * 5000 + "\n").encode()
    report = import_cards(game="original", data=data, fmt="csv")
    assert [(e.row, e.field) for e in report.errors] == [(2, "effects")]


def test_a_blank_header_column_is_ignored_while_it_is_empty(kannagi):
    ok = "name,card_type,season,\n空列,道具札,春,\n".encode()
    assert import_cards(game="kannagi", data=ok, fmt="csv").created == 1
    bad = "name,card_type,season,\n値あり,道具札,春,何か\n".encode()
    report = import_cards(game="kannagi", data=bad, fmt="csv")
    assert [(e.row, e.field) for e in report.errors] == [(2, "row")]


def test_a_nul_character_is_refused_naming_the_field(kannagi):
    data = "name,card_type,season,rules_text\nヌル,道具札,春,a\x00b\n".encode()
    report = import_cards(game="kannagi", data=data, fmt="csv")
    assert [(e.row, e.field) for e in report.errors] == [(2, "rules_text")]


def test_a_json_row_with_fields_null_is_refused_and_keeps_the_card(place):
    data = json.dumps({"cards": [{"name": place.name, "fields": None}]}).encode()
    report = import_cards(game="kannagi", data=data, fmt="json")
    assert [e.field for e in report.errors] == ["fields"]
    place.refresh_from_db()
    assert place.attrs == {"season": ["春"], "power": 1}


def test_the_fanlist_gives_cards_that_print_a_limit_above_four_their_own_limit(kannagi, tmp_path):
    # 巫カードフィルター's README: printed limits above 4 — 山口：7つの家 7, 火の玉 10, 複製体 any number.
    text = (
        FANLIST_HEADER + "\n"
        "1512,山口：7つの家,やまぐち：ななつのいえ,0,2,SSS47,エキスパンション,夏,場所札,攻撃時,合唱,SSS 廃屋\n"
        "285,火の玉,ひのたま,2,0,百鬼夜行,C,無,怪異札,サーチ,,妖怪 幽霊\n"
        "1817,複製体,くろーん,0,1,都市伝説,C,秋,場所札,バフ 常時,,都市伝説 罪 不吉\n"
        "1,隠された櫛の家,かくされたくしのいえ,0,1,うつくしいせかい,C,夏,場所札,バニラ,,廃屋 人形\n"
    )
    run("import_cards", "kannagi", str(write(tmp_path, "fan.csv", text)), "--mapping", "kannagi-fanlist")

    limits = {c.name: c.attrs.get("copy_limit") for c in Card.objects.filter(game=kannagi)}
    assert limits == {"山口：7つの家": 7, "火の玉": 10, "複製体": "unlimited", "隠された櫛の家": None}


def test_a_limit_the_file_gives_wins_over_the_printed_one(kannagi, tmp_path):
    text = "name,card_type,season,copy_limit\n火の玉,怪異札,無,3\n"
    run("import_cards", "kannagi", str(write(tmp_path, "own.csv", text)))
    assert Card.objects.get(game=kannagi, name="火の玉").attrs["copy_limit"] == 3
