"""Print-and-play PDFs read back: page size, card positions to 0.1 mm, bleed, marks, mirrored backs with
offsets, the embedded Japanese font, one drawing per distinct face; and the Japanese line breaking."""

import dataclasses
import io

import pytest
from pypdf import PdfReader

from printing.faces import draw_face, face_spec, kanji_numeral
from printing.sheets import (
    MM,
    PrintCard,
    PrintOptionError,
    PrintOptions,
    alignment_sheet,
    back_slot,
    game_card_size,
    layout,
    parse_size,
    render,
)
from printing.textlayout import NO_END, NO_START, fit, wrap
from rules.declare import get_game
from rules.declare.face import Block, FaceLayout, Show
from rules.declare.samples import bundled_card_data


def bundled_cards(slug):
    return bundled_card_data(slug)


def items(slug, copies=1, limit=None):
    cards = bundled_cards(slug)[:limit]
    return [PrintCard(str(i), card, copies) for i, card in enumerate(cards)]


def placements(page):
    """(x, y) in mm of every form placed on the page: the translation before each Do."""
    out = []
    ops = page.get_contents().operations
    x = y = None
    for operands, op in ops:
        if op == b"cm":
            x, y = float(operands[4]), float(operands[5])
        elif op == b"Do":
            out.append((round(x / MM, 2), round(y / MM, 2), operands[0]))
    return out


def read(pdf: bytes) -> PdfReader:
    return PdfReader(io.BytesIO(pdf))


# -- geometry ------------------------------------------------------------------------------------------


def test_a4_holds_three_by_three_standard_cards_centred():
    lay = layout(PrintOptions())
    assert (lay.cols, lay.rows) == (3, 3)
    assert lay.slots[0] == (10.5, 297 - 16.5 - 88)
    assert lay.slots[-1] == (210 - 10.5 - 63, 16.5)


@pytest.mark.parametrize("paper,size,expected", [("A4", (59, 86), (3, 3)), ("Letter", (63, 88), (3, 3)), ("A3", (63, 88), (4, 4))])
def test_the_grid_follows_paper_and_card_size(paper, size, expected):
    lay = layout(PrintOptions(card_w=size[0], card_h=size[1], paper=paper))
    assert (lay.cols, lay.rows) == expected


def test_the_pdf_page_is_exactly_the_paper_and_cards_sit_where_the_layout_says():
    options = PrintOptions()
    reader = read(render(get_game("kannagi"), items("kannagi", limit=9), options))
    box = reader.pages[0].mediabox
    assert abs(float(box.width) / MM - 210) < 0.01 and abs(float(box.height) / MM - 297) < 0.01
    placed = placements(reader.pages[0])
    assert len(placed) == 9
    for (x, y, _name), (sx, sy) in zip(placed, layout(options).slots, strict=True):
        assert abs(x - sx) < 0.1 and abs(y - sy) < 0.1


def test_each_distinct_face_is_drawn_once_however_many_copies_print():
    reader = read(render(get_game("kannagi"), items("kannagi", copies=4, limit=3), PrintOptions()))
    assert len(reader.pages) == 2  # 12 cards, 9 a page
    names = [name for page in reader.pages for *_xy, name in placements(page)]
    assert len(names) == 12 and len(set(names)) == 3
    forms = set()
    for page in reader.pages:
        forms |= {key for key, ref in page["/Resources"]["/XObject"].items() if ref.get_object()["/Subtype"] == "/Form"}
    assert len(forms) == 3


def test_the_file_grows_with_distinct_cards_not_copies():
    game = get_game("kannagi")
    one = len(render(game, items("kannagi", copies=1, limit=3), PrintOptions()))
    many = len(render(game, items("kannagi", copies=20, limit=3), PrintOptions()))
    assert many < one * 1.5


def test_bleed_extends_each_face_past_its_trim_box():
    options = PrintOptions(bleed=2)
    reader = read(render(get_game("kannagi"), items("kannagi", limit=1), options))
    page = reader.pages[0]
    form = next(ref.get_object() for ref in page["/Resources"]["/XObject"].values())
    x0, y0, x1, y1 = (float(v) / MM for v in form["/BBox"])
    assert abs(x0 + 2) < 0.01 and abs(y0 + 2) < 0.01
    assert abs(x1 - 65) < 0.01 and abs(y1 - 90) < 0.01
    lay = layout(options)
    assert lay.slots[1][0] - lay.slots[0][0] == pytest.approx(63 + 4)  # cells hold the bleed


def lines_on(page):
    """Line segments (x0, y0, x1, y1) in mm drawn on the page itself (not inside faces)."""
    out, start = [], None
    for operands, op in page.get_contents().operations:
        if op == b"m":
            start = (float(operands[0]) / MM, float(operands[1]) / MM)
        elif op == b"l" and start:
            out.append((*start, float(operands[0]) / MM, float(operands[1]) / MM))
    return out


def test_crop_marks_sit_outside_the_cards_on_every_trim_line():
    options = PrintOptions(marks="crop")
    lay = layout(options)
    page = read(render(get_game("kannagi"), items("kannagi", limit=9), options)).pages[0]
    marks = lines_on(page)
    x0, y0, x1, y1 = lay.grid
    vertical = [m for m in marks if abs(m[0] - m[2]) < 1e-6 and m[1] > y1 - 1e-6]
    assert sorted({round(m[0], 2) for m in vertical}) == [10.5, 73.5, 136.5, 199.5]
    for m in marks:
        inside_x = x0 + 0.01 < min(m[0], m[2]) and max(m[0], m[2]) < x1 - 0.01
        inside_y = y0 + 0.01 < min(m[1], m[3]) and max(m[1], m[3]) < y1 - 0.01
        assert not (inside_x and inside_y), m  # no mark crosses a card


def test_cut_lines_cross_the_whole_page():
    options = PrintOptions(marks="cut", ruler=False)
    page = read(render(get_game("kannagi"), items("kannagi", limit=9), options)).pages[0]
    full = [m for m in lines_on(page) if abs(m[1]) < 1e-6 and abs(m[3] - 297) < 1e-3]
    assert len(full) == 4


@pytest.mark.parametrize("backs", ["long", "short"])
def test_backs_follow_each_page_mirrored_for_the_flip_and_shifted_by_the_offset(backs):
    options = PrintOptions(backs=backs, offset_x=0.7, offset_y=-0.4)
    lay = layout(options)
    reader = read(render(get_game("kannagi"), items("kannagi", limit=2), options))
    assert len(reader.pages) == 2
    fronts, backs_placed = placements(reader.pages[0]), placements(reader.pages[1])
    assert len(backs_placed) == 2
    for (fx, fy, _), (bx, by, _) in zip(fronts, backs_placed, strict=True):
        if backs == "long":
            assert bx == pytest.approx(210 - fx - 63 + 0.7, abs=0.1) and by == pytest.approx(fy - 0.4, abs=0.1)
        else:
            assert bx == pytest.approx(fx + 0.7, abs=0.1) and by == pytest.approx(297 - fy - 88 - 0.4, abs=0.1)
    first = back_slot(options, lay, lay.slots[0])
    assert first == pytest.approx(backs_placed[0][:2], abs=0.1)


def test_every_back_is_the_same_drawing():
    reader = read(render(get_game("timestorm"), items("timestorm"), PrintOptions(backs="long")))
    back_names = {name for *_xy, name in placements(reader.pages[1])}
    assert len(back_names) == 1


def test_the_alignment_sheet_has_a_front_and_a_mirrored_back():
    options = PrintOptions(backs="long", offset_x=1.0)
    reader = read(alignment_sheet(options))
    assert len(reader.pages) == 2
    assert "FRONT" in reader.pages[0].extract_text() and "BACK" in reader.pages[1].extract_text()


def test_the_first_page_carries_a_100_mm_ruler():
    page = read(render(get_game("kannagi"), items("kannagi", limit=9), PrintOptions(marks="none"))).pages[0]
    ticks = [m for m in lines_on(page) if abs(m[0] - m[2]) < 1e-6 and m[1] < 16]
    xs = sorted({round(m[0], 3) for m in ticks})
    assert len(xs) == 101 and xs[-1] - xs[0] == pytest.approx(100, abs=0.01)
    assert "実寸（100%）で印刷してください" in page.extract_text() and "Print at" not in page.extract_text()


def test_the_japanese_font_is_embedded_as_a_subset_and_the_text_reads_back():
    reader = read(render(get_game("kannagi"), items("kannagi", limit=3), PrintOptions()))
    page = reader.pages[0]
    text = page.extract_text()
    assert "人魚の活き血" in text and "肥川の大蛇" in text
    fonts = [f.get_object() for f in page["/Resources"].get("/Font", {}).values()]
    for ref in page["/Resources"]["/XObject"].values():
        for font in ref.get_object()["/Resources"].get("/Font", {}).values():
            fonts.append(font.get_object())
    assert fonts
    for font in fonts:
        name = str(font["/BaseFont"])
        assert "IPAex" in name, name  # no other font, in particular no unembedded Helvetica
        descriptor = font["/DescendantFonts"][0].get_object()["/FontDescriptor"] if "/DescendantFonts" in font else font["/FontDescriptor"]
        assert "/FontFile2" in descriptor.get_object()


def test_bad_options_name_the_option():
    with pytest.raises(PrintOptionError, match="bleed"):
        PrintOptions(bleed=5)
    with pytest.raises(PrintOptionError, match="paper"):
        PrintOptions(paper="B5")
    with pytest.raises(PrintOptionError, match="card size"):
        parse_size("63by88")
    assert parse_size("59×86") == (59, 86) and parse_size("60.5x90") == (60.5, 90)


# -- faces --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("n,expected", [(0, "〇"), (3, "三"), (10, "十"), (12, "十二"), (20, "二十"), (105, "百五")])
def test_kannagi_costs_are_kanji_numerals(n, expected):
    assert kanji_numeral(n) == expected


def test_each_game_prints_its_own_corner_values():
    game = get_game("kannagi")
    place = next(c for c in bundled_cards("kannagi") if c["name"] == "肥川の大蛇")
    spec = face_spec(place, game)
    assert spec.top_left == "十" and spec.bottom_left == str(place["fields"]["power"])
    soldier = next(c for c in bundled_cards("original") if c["card_type"] == "兵")
    spec = face_spec(soldier, get_game("original"))
    assert [label for label, _ in spec.stats] == ["召喚", "移動", "パワー"]
    unit = next(c for c in bundled_cards("manacard") if c["card_type"] == "ユニット")
    spec = face_spec(unit, get_game("manacard"))
    assert [label for label, _ in spec.stats] == ["攻撃", "体力", "素早さ"] and spec.top_right.startswith("距離")
    character = next(c for c in bundled_cards("vision") if c["card_type"] == "キャラクター")
    spec = face_spec(character, get_game("vision"))
    assert spec.top_left == f"{character['fields']['required_nodes']}/{character['cost']}"
    weather = next(c for c in bundled_cards("vision") if c["card_type"] == "天候")
    assert "自動" in face_spec(weather, get_game("vision")).text
    assert face_spec(bundled_cards("timestorm")[-1], get_game("timestorm")).type_line.endswith("勝利条件")


def test_the_games_face_declaration_drives_what_the_face_prints():
    kannagi = get_game("kannagi")
    place = next(c for c in bundled_cards("kannagi") if c["name"] == "肥川の大蛇")
    power = place["fields"]["power"]
    assert face_spec(place, kannagi).top_left == "十"
    face = dataclasses.replace(
        kannagi.face,
        top_left=Show("{power}"),  # the power in the badge instead of the kanji cost
        top_right=Show("コスト {cost}", types=("場所札",)),
        bottom_left=None,
        stats=(Show("{cost}", label="{cost_label}"), Show("{copy_limit}", label="枚数", when="copy_limit")),
        type_line=(Show("{season}", sep="/"), Show("{type_label}")),
        text=(Block((Show("【{attributes}】", when="attributes"), Show("力{power}")), replaces=True),),
        accent_colours=(),
        untexted=(),  # no facts laid out for a card without rules text
    )
    spec = face_spec(place, dataclasses.replace(kannagi, face=face))
    assert spec.top_left == str(power) and spec.top_right == f"コスト {place['cost']}" and spec.bottom_left == ""
    assert spec.stats == [("コスト", str(place["cost"]))]  # 枚数 needs a copy limit the card does not have
    assert spec.type_line == f"{'/'.join(place['fields']['season'])}　場所札"
    attributes = " ".join(place["fields"]["attributes"])  # 肥川の大蛇: 神 大蛇 (the fan list's public facts)
    assert spec.text == f"【{attributes}】力{power}" and spec.accent == kannagi.face.accent
    tool = next(c for c in bundled_cards("kannagi") if c["card_type"] == "道具札")
    assert face_spec(tool, dataclasses.replace(kannagi, face=face)).top_right == ""  # only on 場所札
    # The drawing shows what the declaration put there.
    from reportlab.pdfgen.canvas import Canvas

    buffer = io.BytesIO()
    c = Canvas(buffer, pagesize=(63 * MM, 88 * MM))
    draw_face(c, spec, 63 * MM, 88 * MM)
    c.save()
    text = read(buffer.getvalue()).pages[0].extract_text()
    assert f"コスト {place['cost']}" in text and "十" not in text


def test_a_game_without_a_face_declaration_prints_a_plain_face_and_its_size_is_declared():
    original = get_game("original")
    soldier = next(c for c in bundled_cards("original") if c["card_type"] == "兵")
    spec = face_spec(soldier, dataclasses.replace(original, face=None))
    assert (spec.top_left, spec.stats, spec.type_line, spec.accent) == ("", [], "兵", "#444444")
    assert game_card_size("vision") == "59x86" == get_game("vision").face.card_size
    assert game_card_size("kannagi") == "63x88" and game_card_size("nosuchgame") == "63x88"
    with pytest.raises(ValueError, match="numerals"):
        Show("{cost}", numerals="roman")
    assert FaceLayout().corner("top_left") is None


# -- Japanese line breaking -----------------------------------------------------------------------------


def width(text, size):
    return len(text) * size


def test_no_line_starts_with_closing_punctuation_or_ends_with_an_opening_bracket():
    text = "このカードが場に出たとき、相手は手札を1枚捨てる。「それは本当か？」と彼は言った。" * 3
    for columns in range(6, 20):
        lines = wrap(text, columns * 10, 10, width)
        assert "".join(lines) == text
        for line in lines[1:]:
            assert line[0] not in NO_START, (columns, lines)
        for line in lines[:-1]:
            assert line[-1] not in NO_END, (columns, lines)


def test_latin_words_stay_whole_and_newlines_are_kept():
    lines = wrap("GRAZE 2\n相手のキャラクター", 8 * 10, 10, width)
    assert lines[0] == "GRAZE 2" and lines[1].startswith("相手")


def test_text_shrinks_to_fit_and_is_cut_with_an_ellipsis_only_when_it_cannot():
    fitted = fit("あ" * 40, 100, 40, width, 10, 5)
    assert not fitted.truncated and fitted.size < 10 and len(fitted.lines) * fitted.leading <= 40
    cut = fit("あ" * 400, 100, 40, width, 10, 5)
    assert cut.truncated and cut.lines[-1].endswith("…") and len(cut.lines) * cut.leading <= 40


# -- the command line ------------------------------------------------------------------------------------


def test_print_deck_writes_a_true_size_pdf_with_backs_from_a_decklist(bundled, tmp_path):
    from django.core.management import call_command

    deck = tmp_path / "deck.txt"
    deck.write_text("メイン:\n4 ねこやま\n3 鉄の風\n", encoding="utf-8")
    out = tmp_path / "deck.pdf"
    call_command("print_deck", str(deck), "--game", "kannagi", "-o", str(out), "--backs", "short", "--offset", "0.5,-0.5", "--crop-marks")
    reader = PdfReader(str(out))
    assert len(reader.pages) == 2  # 7 cards on one page of fronts, then its backs
    assert len(placements(reader.pages[0])) == 7 == len(placements(reader.pages[1]))
    assert "ねこやま" in reader.pages[0].extract_text()
    call_command("print_deck", str(deck), "--game", "kannagi", "-o", str(out), "--one-each", "--card-size", "59x86")
    reader = PdfReader(str(out))
    assert len(placements(reader.pages[0])) == 2
    assert float(reader.pages[0].mediabox.width) / MM == pytest.approx(210, abs=0.01)


def test_print_deck_names_a_bad_line_and_a_bad_option(bundled, tmp_path, capsys):
    from django.core.management import CommandError, call_command

    deck = tmp_path / "deck.txt"
    deck.write_text("4 存在しないカード\n", encoding="utf-8")  # (a near miss like ねこやまx reads as the closest card)
    with pytest.raises(SystemExit) as stop:
        call_command("print_deck", str(deck), "--game", "kannagi", "-o", str(tmp_path / "x.pdf"))
    assert stop.value.code == 2 and "存在しないカード" in capsys.readouterr().err
    deck.write_text("4 ねこやま\n", encoding="utf-8")
    with pytest.raises(CommandError, match="bleed"):
        call_command("print_deck", str(deck), "--game", "kannagi", "-o", str(tmp_path / "x.pdf"), "--bleed", "9")
    assert not (tmp_path / "x.pdf").exists()


@pytest.mark.parametrize("paper", ["A4", "Letter", "A3"])
@pytest.mark.parametrize("bleed", [0, 2, 3])
@pytest.mark.parametrize("marks", ["crop", "cut"])
def test_the_ruler_is_on_every_first_page_and_clear_of_the_cards(paper, bleed, marks):
    options = PrintOptions(paper=paper, bleed=bleed, marks=marks)
    lay = layout(options)
    page = read(render(get_game("kannagi"), items("kannagi", limit=3), options)).pages[0]
    ticks = [m for m in lines_on(page) if abs(m[0] - m[2]) < 1e-6 and m[1] == pytest.approx(4.0, abs=0.01)]
    assert len({round(m[0], 3) for m in ticks}) == 101
    ruler_top = max(max(m[1], m[3]) for m in ticks)
    assert ruler_top < lay.grid[1] - bleed  # below the lowest card and its bleed
    crossing = [m for m in lines_on(page) if min(m[1], m[3]) < ruler_top and abs(m[1] - m[3]) > 1e-6 and abs(m[0] - m[2]) < 1e-6 and not any(abs(m[0] - t[0]) < 1e-6 and m[1] == t[1] for t in ticks)]
    assert not crossing  # no crop mark or cut line runs into the ruler


# -- uploaded images ---------------------------------------------------------------------------------------


def test_an_uploaded_image_replaces_the_drawn_face_and_its_edges_extend_into_the_bleed(tmp_path):
    from PIL import Image

    from printing.sheets import extend_edges

    picture = Image.new("RGB", (63, 88), (200, 30, 30))
    picture.paste((30, 30, 200), (0, 0, 10, 88))  # a blue left edge
    padded = extend_edges(picture, 5, 7)
    assert padded.size == (73, 102)
    assert padded.getpixel((0, 50)) == (30, 30, 200)  # the left edge, repeated outwards
    assert padded.getpixel((72, 0)) == (200, 30, 30)  # the top-right corner takes the corner pixel
    path = tmp_path / "face.png"
    picture.save(path)
    card = {"name": "画像のカード", "card_type": "場所札", "cost": 0, "fields": {"season": ["春"], "power": 1}}
    reader = read(render(get_game("kannagi"), [PrintCard("img", card, 2, str(path))], PrintOptions(bleed=2)))
    page = reader.pages[0]
    form = next(ref.get_object() for ref in page["/Resources"]["/XObject"].values())
    images = [x.get_object() for x in form["/Resources"]["/XObject"].values() if x.get_object()["/Subtype"] == "/Image"]
    assert len(images) == 1 and "画像のカード" not in page.extract_text()  # the picture, not a drawn face


def test_an_uploaded_back_is_used_for_every_back(tmp_path):
    from PIL import Image

    back = tmp_path / "back.png"
    Image.new("RGB", (63, 88), (10, 10, 10)).save(back)
    reader = read(render(get_game("kannagi"), items("kannagi", limit=3), PrintOptions(backs="long"), back_image=str(back)))
    back_page = reader.pages[1]
    names = {name for *_xy, name in placements(back_page)}
    assert len(names) == 1
    form = back_page["/Resources"]["/XObject"][next(iter(names))].get_object()
    assert any(x.get_object()["/Subtype"] == "/Image" for x in form["/Resources"]["/XObject"].values())


def test_a_unique_card_says_so_once():
    card = next(c for c in bundled_cards("manacard") if c["name"] == "放浪の竜騎士")
    assert face_spec(card, get_game("manacard")).text.count("ユニーク") == 1
    plain = {**card, "keywords": [], "rules_text": ""}
    assert face_spec(plain, get_game("manacard")).text == "【ユニーク】"


def test_a_long_latin_run_mid_paragraph_is_split_to_the_width():
    text = "このカードの効果：" + "A" * 150 + " https://example.com/" + "x" * 80
    for line in wrap(text, 20 * 10, 10, width):
        assert len(line) * 10 <= 20 * 10


def test_options_that_are_not_numbers_are_refused():
    with pytest.raises(PrintOptionError, match="offset"):
        PrintOptions(offset_x=float("nan"))
    with pytest.raises(PrintOptionError):
        layout(PrintOptions(card_w=200, card_h=300))


def test_a_short_wide_custom_card_keeps_its_face_inside(tmp_path):
    reader = read(render(get_game("kannagi"), items("kannagi", limit=1), PrintOptions(card_w=100, card_h=60)))
    assert "人魚の活き血" in reader.pages[0].extract_text()


# -- cards with no rules text (the kannagi fan list) ------------------------------------------------------

FAN_CARD = {  # the fan list's 2822 as imported: no rules text
    "name": "火の玉", "card_type": "怪異札", "cost": 2, "rules_text": "", "keywords": ["襲撃"], "set_name": "鬼の棲む山",
    "number": "2822", "fields": {"season": ["無"], "attributes": ["妖怪", "幽霊"], "roles": ["サーチ"]},
}


def test_a_card_without_rules_text_lays_out_its_facts_and_says_the_text_is_not_entered():
    spec = face_spec(FAN_CARD, get_game("kannagi"))
    assert spec.text.splitlines() == ["■襲撃", "役割: サーチ"]
    assert spec.type_line == "怪異札　無　妖怪 幽霊"  # type, season and attributes: on the type line
    assert spec.note == "効果テキスト未登録"
    text = read(render(get_game("kannagi"), [PrintCard("1", FAN_CARD, 1)], PrintOptions())).pages[0].extract_text()
    assert "効果テキスト未登録" in text and "役割: サーチ" in text


def test_a_vanilla_card_or_a_card_with_text_has_no_such_note():
    kannagi = get_game("kannagi")
    vanilla = {**FAN_CARD, "fields": {**FAN_CARD["fields"], "roles": ["バニラ"]}}
    assert face_spec(vanilla, kannagi).note == ""
    texted = next(c for c in bundled_cards("kannagi") if c.get("rules_text"))
    assert face_spec(texted, kannagi).note == "" and "役割:" not in face_spec(texted, kannagi).text
