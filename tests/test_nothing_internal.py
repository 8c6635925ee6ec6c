"""Nothing internal on a Japanese page: names, not codes, normalised spellings or English; messages that name
the field and the value at fault in the user's language; the print page's sections, note and card list."""

import io
import re

import pytest
from django.urls import reverse
from pypdf import PdfReader

from cards.search.help import field_rows
from decks.models import Deck, Pool
from printing.forms import PrintForm, grid_note
from printing.sheets import PrintCard, layout, sheets_of


@pytest.fixture
def ja(client):
    client.cookies["django_language"] = "ja"
    return client


@pytest.fixture
def manacard_sample(samples):
    return Deck.objects.get(name="サンプル：見習い剣士の旅立ち")


# -- the search help ----------------------------------------------------------------------------------------


def test_the_search_help_spells_field_names_as_declared_never_normalised(ja, games):
    html = ja.get(reverse("search_help")).content.decode()
    for garbled in ("かど名", "こすと", "せつと", "ふれば", "たいみんぐ", "set_/_series"):
        assert garbled not in html
    for name in ("カード名", "コスト", "セット", "フレーバー", "勝利条件カード"):
        assert f"<code>{name}</code>" in html


def test_the_search_help_names_coded_values_and_query_keys_in_japanese(games):
    rows = {row["key"]: row for row in field_rows(None, "ja")}
    original = {row["key"]: row for row in field_rows("original", "ja")}
    assert rows["game"]["label"] == "ゲーム" and rows["sort"]["label"] == "並び順"
    assert "バッテリー" in rows["type"]["values"] and "Battery" not in rows["type"]["values"]
    assert "攻撃力" in rows["sort"]["values"] and "attack" not in rows["sort"]["values"]
    assert "破棄する" in original["script.op"]["values"] and "destroy" not in original["script.op"]["values"]
    assert "支援" in original["script.from"]["values"]  # original's deck, by the game's own word for it


def test_a_coded_value_may_be_searched_by_its_name(ja, samples):
    by_code = ja.get(reverse("card_list"), {"q": "script.op:draw"}).context["page"].object_list
    by_name = ja.get(reverse("card_list"), {"q": "script.op:カードを引く"}).context["page"].object_list
    assert list(by_code) and list(by_code) == list(by_name)


def test_an_unknown_field_in_a_query_lists_the_fields_by_their_japanese_names(ja, games):
    html = ja.get(reverse("card_list"), {"q": "zzz:1"}).content.decode()
    known = html[html.index("使える項目"):][:2000]
    assert "カード名" in known and "コスト" in known and "blessing_level" not in known


# -- deck pages ----------------------------------------------------------------------------------------------


def test_deck_and_pool_pages_show_card_types_by_the_games_word(ja, samples):
    pool = Pool.objects.get(name="サンプル：13枚持ち寄り（2人）")
    html = ja.get(reverse("pool_detail", args=[pool.pk])).content.decode()
    assert "クイックアクション" in html and ">QuickAction<" not in html
    deck = Deck.objects.get(name="サンプル：充電完了")
    html = ja.get(reverse("deck_detail", args=[deck.pk])).content.decode()
    assert ">アクション<" in html and ">Action<" not in html


def test_a_violation_shows_its_message_with_section_labels_never_its_code(ja, samples):
    regulation = Deck.objects.get(name="サンプル：見習い剣士の旅立ち").regulation
    html = ja.post(reverse("deck_check"), {"regulation": regulation.pk, "decklist": "メイン\n4 見習い剣士\n"}).content.decode()
    text = re.sub(r"<[^>]+>", " ", html)
    assert "section_size" not in text and "「メイン」は4枚です" in text
    assert re.search(r"\bmain\b", text) is None


def test_the_card_page_names_a_steps_values(ja, samples):
    from cards.models import Card

    card = Card.objects.get(game="original", name="オーバークラウド・ゴーレム")
    cells = re.findall(r"<td[^>]*>([^<]*)</td>", ja.get(card.get_absolute_url()).content.decode())
    assert "破棄する" in cells and "パワー" in cells and "■効果1の解決時" in cells
    assert not {"destroy", "power", "effect1", "chosen", "enemy_camp"} & set(cells)


# -- the goldfish start form -----------------------------------------------------------------------------------


def test_the_goldfish_start_form_names_the_option_and_the_value_and_its_choices_by_label(ja, samples):
    deck = Deck.objects.get(name="サンプル：充電完了")
    response = ja.post(reverse("goldfish_new") + f"?deck={deck.pk}", {"deck": deck.pk, "opt_timestorm_first": "zzz", "seed": "abc"})
    html = response.content.decode()
    assert response.status_code == 400
    assert "先攻: 「zzz」は選べません。「じゃんけん（全員からランダム）」・「あなた」・「相手（ゴールドフィッシュ1）」から選んでください。" in html
    assert "シード: 「abc」は使えません。0以上の整数を入力してください。" in html
    assert "player（" not in html and "goldfish（" not in html and "random（" not in html


# -- printing -------------------------------------------------------------------------------------------------


def test_a_custom_size_error_shows_once_in_japanese_on_the_custom_size(ja, manacard_sample):
    page = ja.get(reverse("deck_print", args=[manacard_sample.pk]), {"card_size": "custom", "custom_size": "abc"})
    html = page.content.decode()
    assert page.status_code == 400
    assert html.count("「abc」は大きさとして読めません") == 1
    assert "expected" not in html and "millimetres" not in html
    form = page.context["form"]
    assert list(form.errors) == ["custom_size"]


def test_a_card_too_big_for_the_paper_is_said_in_japanese(ja, manacard_sample):
    page = ja.get(reverse("deck_print", args=[manacard_sample.pk]), {"card_size": "custom", "custom_size": "200x290"})
    assert page.status_code == 400
    assert "200×290 mm のカードはA4の用紙に収まりません" in page.content.decode()


def test_the_pdf_refuses_a_bad_option_naming_it_by_its_label(ja, manacard_sample):
    response = ja.get(reverse("deck_print_pdf", args=[manacard_sample.pk]), {"bleed": "9"})
    assert response.status_code == 400
    text = response.content.decode()
    assert text.startswith("塗り足し（mm）") and "9 mm は範囲外です" in text and "bleed" not in text


@pytest.mark.parametrize(("size", "paper", "cols", "rows"), [("63x88", "A4", 3, 3), ("59x86", "A4", 3, 3), ("63x88", "A3", 4, 4)])
def test_the_cards_per_sheet_note_follows_the_size_on_the_server(ja, manacard_sample, size, paper, cols, rows):
    page = ja.get(reverse("deck_print", args=[manacard_sample.pk]), {"card_size": size, "paper": paper})
    assert f"{cols} × {rows} = {cols * rows} 枚" in page.content.decode()
    form = PrintForm({"card_size": size, "paper": paper}, game_slug="manacard")
    assert form.is_valid()
    assert grid_note(layout(form.options()), paper).endswith(f"{cols} × {rows} = {cols * rows} 枚。")


def test_manacard_sheets_are_grouped_by_deck_section_in_the_declared_order(ja, manacard_sample):
    page = ja.get(reverse("deck_print", args=[manacard_sample.pk]))
    groups = page.context["card_groups"]
    assert [g["label"] for g in groups] == ["メイン", "スキル", "ステータス"]  # main, skill, status as declared
    assert [g["count"] for g in groups] == [50, 50, 3]
    reader = PdfReader(io.BytesIO(ja.get(reverse("deck_print_pdf", args=[manacard_sample.pk])).content))
    assert len(reader.pages) == 6 + 6 + 1  # each section starts a sheet of its own: 50 → 6, 50 → 6, 3 → 1
    first_of_each = [reader.pages[i].extract_text() for i in (0, 6, 12)]
    assert "メイン" in first_of_each[0] and "スキル" in first_of_each[1] and "ステータス" in first_of_each[2]


def test_a_section_starts_a_new_sheet(manacard_sample):
    items = [PrintCard("a", {}, 10, group="main"), PrintCard("b", {}, 2, group="skill")]
    assert [len(s) for s in sheets_of(items, 9)] == [9, 1, 2]
    assert [len(s) for s in sheets_of([PrintCard("a", {}, 10)], 9)] == [9, 1]


def test_the_print_page_lists_each_card_with_its_face_for_the_preview(ja, manacard_sample):
    html = ja.get(reverse("deck_print", args=[manacard_sample.pk])).content.decode()
    faces = re.findall(r'<li data-card-face="([^"]+)" data-card-name="([^"]+)"', html)
    assert len(faces) == manacard_sample.entries.count()
    assert all("/face/m/" in url or "/thumb/m/" in url for url, _name in faces)
    assert ("/face/m/" in faces[0][0]) and any(name == "見習い剣士" for _url, name in faces)


# -- every page ---------------------------------------------------------------------------------------------------


def test_every_page_has_a_favicon_and_links_the_api_docs_from_the_footer(ja, games):
    html = ja.get("/").content.decode()
    assert re.search(r'<link rel="icon" href="/static/favicon\.[0-9a-f.]*svg" type="image/svg\+xml">', html) or \
        '<link rel="icon" href="/static/favicon.svg" type="image/svg+xml">' in html
    footer = html[html.index('<footer class="site-footer">'):]
    assert f'href="{reverse("api-docs")}"' in footer and "API ドキュメント" in footer
    assert ja.get(reverse("api-docs")).status_code == 200


def test_a_background_print_of_a_deck_keeps_its_sections(ja, manacard_sample, settings, tmp_path):
    from printing.models import PrintJob
    from printing.tasks import render_print_job

    settings.MEDIA_ROOT = tmp_path
    response = ja.post(reverse("deck_print_job", args=[manacard_sample.pk]), {"paper": "A4"})
    assert response.status_code == 302
    job = PrintJob.objects.get()
    assert [g["label"] for g in job.groups] == ["メイン", "スキル", "ステータス"]
    render_print_job.func(job.pk)
    job.refresh_from_db()
    assert job.status == PrintJob.Status.DONE
    assert len(PdfReader(job.file.path).pages) == 6 + 6 + 1


def test_an_effect_condition_reads_as_a_sentence_on_the_card_page(ja, db):
    """original's `while` (the engine's "exists special=ビナルクス") and a "!X" filter read as words."""
    from cards.models import Card
    from cards.services import load_bundled

    load_bundled()
    card = next(c for c in Card.objects.filter(game="original") if any(s.get("while") for s in (c.attrs or {}).get("script") or []))
    html = ja.get(card.get_absolute_url()).content.decode()
    assert "exists" not in html.split("<main", 1)[1]
    assert "がある間" in html or "がない間" in html
    if any(str(s.get("special", "")).startswith("!") for s in card.attrs["script"]):
        assert "以外" in html and "!" + "ビナルクス" not in html
