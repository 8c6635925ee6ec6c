"""Exports for other tables, each read back: Tabletop Simulator (saved object JSON, face sheets, back),
Cockatrice (card database valid against Cockatrice's schema, .cod deck, pictures) and print-shop images
(300 dpi with 1/8 inch bleed, sRGB, copies.csv); the export_deck command and the download links."""

from __future__ import annotations

import csv
import io
import json
import zipfile
from pathlib import Path

import pytest
from django.core import signing
from django.core.management import call_command
from PIL import Image, ImageChops, ImageCms

from cards.models import Card
from decks.models import Deck, Pool, Visibility
from printing import exports
from printing.export_views import SIGNING_SALT
from printing.exports import Export, export_files, print_size, safe_filename, tts_card_size
from printing.services import export_of, section_groups
from printing.sheets import PrintCard
from rules.declare import get_game

XSD = Path(__file__).resolve().parents[1] / ".." / "shared" / "formats" / "cockatrice" / "cards.xsd"


def _sections(deck) -> dict[str, dict[int, int]]:
    sections: dict[str, dict[int, int]] = {}
    for section, card_id, n in deck.entries.values_list("section", "card_id", "count"):
        sections.setdefault(section, {})[card_id] = sections.get(section, {}).get(card_id, 0) + n
    return sections


def deck_export(deck, card_size=None) -> Export:
    return export_of(deck.game_id, section_groups(deck.regulation, _sections(deck), "ja"), deck.name, card_size)


@pytest.fixture
def vision_deck(samples):
    return Deck.objects.get(game_id="vision", sample=True)


@pytest.fixture
def manacard_deck(samples):
    return Deck.objects.get(game_id="manacard", sample=True)


def unzip(data: bytes) -> dict[str, bytes]:
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        assert archive.testzip() is None
        return {name: archive.read(name) for name in archive.namelist()}


def png(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    assert image.format == "PNG"
    return image


# -- Tabletop Simulator ---------------------------------------------------------------------------------------


def read_tts(files: dict[str, bytes]) -> dict:
    names = [n for n in files if n.endswith(".json")]
    assert len(names) == 1
    return json.loads(files[names[0]])


def check_tts(files: dict[str, bytes], export: Export, url_to_file=lambda url: url) -> dict:
    """Every deck's cards, ids and sheets agree with each other and with the export; returns the save."""
    save = read_tts(files)
    cw, ch = tts_card_size(export.card_w, export.card_h)
    groups = export.groups()
    assert len(save["ObjectStates"]) == len(groups)
    for state, (label, items) in zip(save["ObjectStates"], groups, strict=True):
        assert state["Name"] == "DeckCustom"
        assert state["Nickname"] == (label or export.title)
        cards = state["ContainedObjects"]
        assert len(cards) == sum(i.copies for i in items)
        assert state["DeckIDs"] == [c["CardID"] for c in cards]
        expected = sorted(i.card["name"] for i in items for _ in range(i.copies))
        assert sorted(c["Nickname"] for c in cards) == expected
        for deck_id, entry in state["CustomDeck"].items():
            assert 1 <= entry["NumWidth"] <= 10 and 1 <= entry["NumHeight"] <= 7 and entry["BackIsHidden"] is True
            sheet = png(files[url_to_file(entry["FaceURL"])])
            assert sheet.size == (entry["NumWidth"] * cw, entry["NumHeight"] * ch)
            assert png(files[url_to_file(entry["BackURL"])]).size == (cw, ch)
            used = [c["CardID"] for c in cards if str(c["CardID"] // 100) == deck_id]
            assert used and all(c % 100 < entry["NumWidth"] * entry["NumHeight"] for c in used)
        for card in cards:
            key = str(card["CardID"] // 100)
            assert card["Name"] == "Card" and card["CustomDeck"] == {key: state["CustomDeck"][key]}
    return save


def test_a_tts_export_is_one_deck_per_declared_section_with_one_card_per_copy(vision_deck):
    export = deck_export(vision_deck)
    assert len(export.groups()) == 2  # vision's main deck and weather deck, as its regulation declares them
    files = export_files(export, "tts")
    save = check_tts(files, export)
    assert [s["Nickname"] for s in save["ObjectStates"]] == ["メイン", "天候"]
    assert set(files) == {f"{vision_deck.name}.json", "sheet-1.png", "sheet-2.png", "back.png"}


def test_manacards_skill_and_status_decks_are_tts_decks_of_their_own(manacard_deck):
    export = deck_export(manacard_deck)
    save = check_tts(export_files(export, "tts"), export)
    assert [s["Nickname"] for s in save["ObjectStates"]] == ["メイン", "スキル", "ステータス"]


def test_a_base_url_goes_before_the_sheet_names(manacard_deck):
    export = deck_export(manacard_deck)
    files = export_files(export, "tts", base_url="https://example.org/tts/")
    urls = {e["FaceURL"] for s in read_tts(files)["ObjectStates"] for e in s["CustomDeck"].values()}
    assert urls == {"https://example.org/tts/sheet-1.png", "https://example.org/tts/sheet-2.png", "https://example.org/tts/sheet-3.png"}
    check_tts(files, export, url_to_file=lambda url: url.rsplit("/", 1)[1])


def test_a_time_storm_deck_brings_the_basic_cards_its_format_declares_as_a_deck_of_its_own(client, samples):
    deck = Deck.objects.get(game_id="timestorm", name="サンプル：充電完了")
    basic = get_game("timestorm").regulation.basic
    save = read_tts(unzip(client.get(f"/decks/{deck.pk}/export/tts.zip").content))
    entry, shared = save["ObjectStates"]
    assert entry["Name"] == "Card" and entry["Nickname"] == "充電完了"
    assert shared["Nickname"] == "基本カード"
    assert sorted(c["Nickname"] for c in shared["ContainedObjects"]) == sorted(n for n, k in basic for _ in range(k))


def test_seventy_faces_fill_a_sheet_and_the_71st_starts_the_next(bundled):
    game = get_game("kannagi")
    card = {"name": "試作", "card_type": "場所札", "cost": 1, "fields": {"season": ["春"], "power": 1}}
    items = [PrintCard(f"k{i}", {**card, "name": f"試作{i}"}, 2 if i == 0 else 1) for i in range(71)]
    export = Export(game, "七十一", items, 59, 86)
    sheets = exports.tts_sheets(export)[0][2]
    assert [(len(s.faces), s.cols, s.rows) for s in sheets] == [(70, 10, 7), (1, 1, 1)]
    save = exports.tts_save(export, lambda s: s.name, "back.png")
    ids = save["ObjectStates"][0]["DeckIDs"]
    assert ids[:3] == [100, 100, 101] and ids[-1] == 200 and len(ids) == 72


def test_a_section_of_one_card_is_a_card_object(bundled):
    game = get_game("kannagi")
    card = {"name": "一枚", "card_type": "場所札", "cost": 1, "fields": {"season": ["春"], "power": 1}}
    save = exports.tts_save(Export(game, "t", [PrintCard("a", card, 1)]), lambda s: s.name, "back.png")
    (state,) = save["ObjectStates"]
    assert state["Name"] == "Card" and state["Nickname"] == "一枚" and state["CardID"] == 100


def test_a_tts_card_keeps_its_shape_and_the_sheet_stays_within_4096_pixels():
    assert tts_card_size(63, 88) == (400, 559)
    for w, h in ((63, 88), (59, 86), (70, 120), (120, 70)):
        cw, ch = tts_card_size(w, h)
        assert cw * 10 <= 4096 and ch * 7 <= 4096 and abs(cw / ch - w / h) < 0.01


# -- Cockatrice -----------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def schema():
    if not XSD.exists():
        pytest.skip(f"Cockatrice's schema is not at {XSD} (CI has it at ../shared/formats/cockatrice/cards.xsd)")
    from lxml import etree

    return etree.XMLSchema(etree.parse(str(XSD)))


def test_the_cockatrice_database_is_valid_against_its_schema_and_holds_text_and_fields(vision_deck, schema):
    from lxml import etree

    export = deck_export(vision_deck)
    files = export_files(export, "cockatrice", created="2026-01-01T00:00:00")
    database = etree.fromstring(files["vision.xml"])
    schema.assertValid(database)
    assert database.get("version") == "4"
    assert database.findtext("sets/set/name") == "VISION" and database.findtext("sets/set/longname") == get_game("vision").name_ja
    cards = database.findall("cards/card")
    assert len(cards) == len(export.distinct())
    by_name = {c.findtext("name"): c for c in cards}
    first = next(item for item, _n in export.distinct() if item.card.get("rules_text"))
    card = by_name[first.card["name"]]
    assert first.card["rules_text"] in card.findtext("text") and card.findtext("set") == "VISION"
    prop = card.find("prop")
    assert prop.findtext("type") and all(prop.find(key) is not None for key, v in first.card["fields"].items() if v not in (None, [], ""))
    for name in by_name:  # each card's picture, by the name Cockatrice looks it up under
        picture = png(files[f"pics/CUSTOM/{exports.cockatrice_picture_name(name)}.png"])
        assert picture.width == 488 and abs(picture.height / picture.width - 86 / 59) < 0.01


def test_the_cod_deck_lists_every_card_with_its_copies_in_zones(vision_deck, schema):
    from lxml import etree

    export = deck_export(vision_deck)
    files = export_files(export, "cockatrice")
    deck = etree.fromstring(files[f"{vision_deck.name}.cod"])
    assert deck.tag == "cockatrice_deck" and deck.findtext("deckname") == vision_deck.name
    zones = {z.get("name"): {c.get("name"): int(c.get("number")) for c in z.findall("card")} for z in deck.findall("zone")}
    groups = export.groups()
    assert set(zones) == {"main", "side"}
    assert sum(zones["main"].values()) == sum(i.copies for i in groups[0][1])
    assert sum(zones["side"].values()) == sum(i.copies for i in groups[1][1])
    names = {c.findtext("name") for c in etree.fromstring(files["vision.xml"]).findall("cards/card")}
    assert set(zones["main"]) | set(zones["side"]) <= names  # every deck card is in the database


def test_cards_of_one_name_get_names_of_their_own_in_cockatrice(bundled, schema):
    from lxml import etree

    game = get_game("kannagi")
    card = {"name": "同名/札", "card_type": "場所札", "cost": 1, "fields": {"season": ["春"], "power": 1}}
    files = export_files(Export(game, "t", [PrintCard("a", card, 2), PrintCard("b", {**card, "number": "2"}, 1)]), "cockatrice")
    database = etree.fromstring(files["kannagi.xml"])
    schema.assertValid(database)
    assert [c.findtext("name") for c in database.findall("cards/card")] == ["同名/札", "同名/札 (2)"]
    assert {"pics/CUSTOM/同名 札.png", "pics/CUSTOM/同名 札 (2).png"} <= set(files)


# -- print-shop images ----------------------------------------------------------------------------------------


def test_print_sizes_are_300_dpi_with_an_eighth_of_an_inch_of_bleed():
    assert print_size(63, 88) == ((744, 1039), (819, 1114))
    assert print_size(59, 86) == ((697, 1016), (772, 1091))
    trim, full = print_size(70, 120)
    assert full == (round((70 / 25.4 + 0.25) * 300), round((120 / 25.4 + 0.25) * 300)) == (902, 1492)
    assert (full[0] - trim[0], full[1] - trim[1]) == (75, 75)


@pytest.mark.parametrize("card_size, expected", [(None, (819, 1114)), ("59x86", (772, 1091)), ("70x120", (902, 1492))])
def test_print_shop_images_one_png_per_face_with_dpi_srgb_and_copies(manacard_deck, card_size, expected):
    export = deck_export(manacard_deck, card_size)
    files = export_files(export, "images")
    rows = list(csv.DictReader(io.StringIO(files["copies.csv"].decode("utf-8-sig"))))
    assert [r["file"] for r in rows] == sorted(n for n in files if n not in ("copies.csv", "back.png"))
    assert len(rows) == len(export.distinct())
    assert sum(int(r["copies"]) for r in rows) == sum(i.copies for i in export.items)
    assert {r["name"] for r in rows} == {i.card["name"] for i in export.items}
    for name in [r["file"] for r in rows[:3]] + ["back.png"]:
        image = png(files[name])
        assert image.size == expected and image.mode == "RGB"
        assert tuple(round(d) for d in image.info["dpi"]) == (300, 300)
        profile = ImageCms.ImageCmsProfile(io.BytesIO(image.info["icc_profile"]))
        assert "sRGB" in ImageCms.getProfileDescription(profile)


def test_the_bleed_repeats_the_faces_edge_pixels():
    face = Image.new("RGB", (10, 6), "white")
    face.putpixel((0, 0), (255, 0, 0))
    face.putpixel((9, 5), (0, 0, 255))
    out = exports.with_bleed(face, (15, 11))
    assert out.size == (15, 11)
    assert out.getpixel((0, 0)) == (255, 0, 0) and out.getpixel((2, 2)) == (255, 0, 0)  # the corner, outwards
    assert out.getpixel((14, 10)) == (0, 0, 255)
    assert out.crop((2, 2, 12, 8)).tobytes() == face.tobytes()  # the face itself, unscaled


def test_an_uploaded_image_is_the_face_exported(bundled, tmp_path):
    path = tmp_path / "art.png"
    Image.new("RGB", (63, 88), (10, 200, 30)).save(path)
    card = {"name": "絵", "card_type": "場所札", "cost": 1, "fields": {"season": ["春"], "power": 1}}
    files = export_files(Export(get_game("kannagi"), "t", [PrintCard("a", card, 3, str(path))]), "images")
    image = png(files["001-絵.png"])
    assert image.getpixel((0, 0)) == image.getpixel((400, 500)) == (10, 200, 30)


@pytest.mark.parametrize("name, expected", [
    ("夜雀の歌い手", "夜雀の歌い手"),
    ('a/b\\c:d*e?"<>|', "a_b_c_d_e_____"),
    ("../..", "_"),
    ("  . ", "card"),
    ("CON", "_CON"),
    ("ｶﾞ", "ｶﾞ"),
])
def test_file_names_are_safe_and_japanese_stays_japanese(name, expected):
    assert safe_filename(name) == expected


def test_a_long_name_is_cut_to_180_bytes():
    assert len(safe_filename("剣" * 200).encode()) <= 180


# -- the command ----------------------------------------------------------------------------------------------


def test_export_deck_writes_each_format(vision_deck, tmp_path):
    from decks.services import deck_export_text

    decklist = tmp_path / "vision.txt"
    decklist.write_text(deck_export_text(vision_deck), encoding="utf-8")
    out = io.StringIO()
    for fmt in ("tts", "cockatrice", "images"):
        target = tmp_path / f"{fmt}.zip"
        call_command("export_deck", "vision", str(decklist), "--format", fmt, "-o", str(target), "--base-url", "https://x.test/", stdout=out)
        files = unzip(target.read_bytes())
        if fmt == "tts":
            save = read_tts(files)
            assert sum(len(s["ContainedObjects"]) for s in save["ObjectStates"]) == sum(vision_deck.entries.values_list("count", flat=True))
            assert all(e["FaceURL"].startswith("https://x.test/sheet-") for s in save["ObjectStates"] for e in s["CustomDeck"].values())
        elif fmt == "cockatrice":
            assert "vision.xml" in files and "vision.cod" in files
        else:
            assert "copies.csv" in files
    assert "80 cards (48 distinct)" in out.getvalue()


def test_export_deck_names_a_bad_line_and_exits_non_zero(bundled, tmp_path, capsys):
    decklist = tmp_path / "bad.txt"
    decklist.write_text("2 応急手当\n3 ありえないカード名\n", encoding="utf-8")
    with pytest.raises(SystemExit) as stop:
        call_command("export_deck", "vision", str(decklist), "--format", "tts", "-o", str(tmp_path / "x.zip"))
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert "2" in err and "ありえないカード名" in err and "Traceback" not in err
    assert not (tmp_path / "x.zip").exists()


def test_export_deck_refuses_an_unknown_game_or_regulation(bundled, tmp_path):
    from django.core.management import CommandError

    decklist = tmp_path / "a.txt"
    decklist.write_text("2 応急手当\n", encoding="utf-8")
    with pytest.raises(CommandError, match="unknown game"):
        call_command("export_deck", "nope", str(decklist), "--format", "tts", "-o", str(tmp_path / "x.zip"))
    with pytest.raises(CommandError, match="unknown regulation"):
        call_command("export_deck", "vision", str(decklist), "--format", "tts", "-o", str(tmp_path / "x.zip"), "--regulation", "zzz")


# -- the site -------------------------------------------------------------------------------------------------


def test_the_deck_page_links_the_three_exports(client, vision_deck):
    html = client.get(f"/decks/{vision_deck.pk}/").content.decode()
    for fmt in ("tts", "cockatrice", "images"):
        assert f"/decks/{vision_deck.pk}/export/{fmt}.zip" in html


def test_the_sites_tts_export_names_its_sheets_by_absolute_urls_that_load(client, manacard_deck, settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path
    response = client.get(f"/decks/{manacard_deck.pk}/export/tts.zip")
    assert response.status_code == 200 and response["Content-Type"] == "application/zip"
    files = unzip(response.content)
    save = read_tts(files)
    entries = [e for s in save["ObjectStates"] for e in s["CustomDeck"].values()]
    assert all(e["FaceURL"].startswith("http://testserver/exports/tts/") for e in entries)
    cw, ch = tts_card_size(63, 88)  # manacard's card size
    for entry in entries:
        sheet = client.get(entry["FaceURL"].removeprefix("http://testserver"))
        assert sheet.status_code == 200 and png(sheet.content).size == (entry["NumWidth"] * cw, entry["NumHeight"] * ch)
    back = client.get(entries[0]["BackURL"].removeprefix("http://testserver"))
    assert png(back.content).size == (cw, ch)
    tampered = entries[0]["FaceURL"].removeprefix("http://testserver").replace(".png", "x.png")
    assert client.get(tampered).status_code == 404


@pytest.mark.parametrize("fmt", ["cockatrice", "images"])
def test_a_pool_and_a_set_export_their_cards(client, samples, fmt):
    pool = Pool.objects.get(name="サンプル：13枚持ち寄り（2人）")
    files = unzip(client.get(f"/pools/{pool.pk}/export/{fmt}.zip").content)
    assert files
    response = client.get(f"/games/kannagi/export/{fmt}.zip")
    assert response.status_code == 200 and unzip(response.content)


def test_a_deck_with_many_faces_gets_its_print_shop_images_from_a_worker(client, vision_deck):
    page = client.get(f"/decks/{vision_deck.pk}/export/images.zip")  # 48 distinct faces at 300 dpi
    assert page.status_code == 200 and f"/decks/{vision_deck.pk}/export/images/job/" in page.content.decode()
    assert client.get(f"/decks/{vision_deck.pk}/export/cockatrice.zip")["Content-Type"] == "application/zip"


def test_an_unlisted_deck_is_exported_through_its_sharing_link(client, manacard_deck, other_client):
    Deck.objects.filter(pk=manacard_deck.pk).update(visibility=Visibility.UNLISTED)
    manacard_deck.refresh_from_db()
    assert other_client.get(f"/decks/{manacard_deck.pk}/export/tts.zip").status_code == 404
    html = other_client.get(f"/decks/s/{manacard_deck.share_token}/").content.decode()
    link = f"/decks/s/{manacard_deck.share_token}/export/cockatrice.zip"
    assert link in html
    response = other_client.get(link)
    assert response.status_code == 200
    assert f"{manacard_deck.name}.cod" in unzip(response.content)


def test_a_private_deck_is_not_exported_for_others(client, vision_deck, other_client):
    Deck.objects.filter(pk=vision_deck.pk).update(visibility=Visibility.PRIVATE)
    assert other_client.get(f"/decks/{vision_deck.pk}/export/tts.zip").status_code == 404
    assert client.get(f"/decks/{vision_deck.pk}/export/pdf.zip").status_code == 404


def run_worker():
    call_command("db_worker", "--batch", "--no-startup-delay", "--no-reload", verbosity=0)


@pytest.mark.django_db(transaction=True)  # the worker closes and reopens connections, as in production
def test_a_big_export_runs_as_a_background_job(client, samples, settings, tmp_path, monkeypatch):
    from printing import export_views
    from printing.models import PrintJob

    settings.MEDIA_ROOT = tmp_path
    monkeypatch.setattr(export_views, "DIRECT_FACES", {"tts": 5, "cockatrice": 5, "images": 5})
    page = client.get("/games/kannagi/export/tts.zip")
    assert page.status_code == 200 and page["Content-Type"].startswith("text/html")
    response = client.post("/games/kannagi/export/tts/job/")
    job = PrintJob.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/print/jobs/{job.token}/"
    run_worker()
    status = client.get(f"/print/jobs/{job.token}/status.json").json()
    assert status["status"] == "done"
    download = client.get(status["file"])
    assert download["Content-Type"] == "application/zip"
    files = unzip(b"".join(download.streaming_content))
    save = read_tts(files)
    assert len(save["ObjectStates"][0]["ContainedObjects"]) == 32
    assert save["ObjectStates"][0]["CustomDeck"]["1"]["FaceURL"].startswith("http://testserver/exports/tts/")


def test_a_card_deleted_after_a_tts_export_leaves_its_slot_blank_and_the_others_in_place(client, manacard_deck, settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path
    save = read_tts(unzip(client.get(f"/decks/{manacard_deck.pk}/export/tts.zip").content))
    entry = next(e for s in save["ObjectStates"] for e in s["CustomDeck"].values() if e["NumWidth"] * e["NumHeight"] >= 3)
    url = entry["FaceURL"].removeprefix("http://testserver")
    before = png(client.get(url).content)
    first = next(iter(signing.loads(url.rsplit("/", 1)[1].removesuffix(".png"), salt=SIGNING_SALT)["c"]))
    manacard_deck.delete()  # a deck's cards cannot be deleted; the sheet's link outlives the deck
    Card.objects.filter(pk=first).delete()
    after = png(client.get(url).content)
    cw, ch = tts_card_size(63, 88)
    assert after.size == before.size  # the grid the saved object was exported with
    blank = after.crop((0, 0, cw, ch))
    assert blank.getextrema() == ((255, 255), (255, 255), (255, 255))  # the deleted card's slot: white
    second = (cw, 0, 2 * cw, ch)
    assert ImageChops.difference(after.crop(second), before.crop(second)).getbbox() is None  # the next face stays


def test_cached_tts_sheets_are_pruned_after_a_week_and_drawn_again(client, manacard_deck, settings, tmp_path):
    import os
    import time

    from printing.services import prune_tts_sheets

    settings.MEDIA_ROOT = tmp_path
    save = read_tts(unzip(client.get(f"/decks/{manacard_deck.pk}/export/tts.zip").content))
    url = next(iter(save["ObjectStates"][0]["CustomDeck"].values()))["FaceURL"].removeprefix("http://testserver")
    first = client.get(url).content
    cached = list((tmp_path / "exports" / "tts").glob("*.png"))
    assert len(cached) == 1
    assert prune_tts_sheets() == 0  # a fresh sheet stays
    week_ago = time.time() - 8 * 86400
    os.utime(cached[0], (week_ago, week_ago))
    assert prune_tts_sheets() == 1 and not cached[0].exists()
    assert client.get(url).content == first  # the link still loads: the sheet is drawn again


@pytest.mark.django_db(transaction=True)
def test_an_export_job_shows_its_faces_done_while_it_runs(client, samples, settings, tmp_path, monkeypatch):
    from printing import export_views, services
    from printing.models import PrintJob

    settings.MEDIA_ROOT = tmp_path
    monkeypatch.setattr(export_views, "DIRECT_FACES", {"tts": 5, "cockatrice": 5, "images": 5})
    client.post("/games/kannagi/export/cockatrice/job/")
    job = PrintJob.objects.get()
    seen = []
    real = services.export_progress

    def watched(job_id, total):
        progress = real(job_id, total)

        def step():
            progress()
            seen.append(PrintJob.objects.get(pk=job_id).done)

        return step

    monkeypatch.setattr("printing.tasks.export_progress", watched)
    run_worker()
    job.refresh_from_db()
    assert job.status == "done" and job.done == job.total
    assert len(seen) == job.total  # one step a face (Cockatrice draws each distinct card once)
    assert 0 < seen[len(seen) // 2] < job.total  # the page moved before the end
    assert seen == sorted(seen)
