"""Card faces drawn from data, one layout per game, on a reportlab canvas.

`face_spec(card, game)` turns a card (plain data, as `Card.to_data()`) into what its face shows: the
corner values each game prints (kannagi's cost as a kanji numeral top left and power bottom left,
original's summon/move/power or cast/upkeep, vision's 必要ノード/コスト, manacard's distance, attack, HP
and speed, timestorm's type and cost), the type line, the text, the footer and the sample mark.
`draw_face(canvas, spec, width, height, bleed)` draws it with (0, 0) at the card's lower-left corner; the
background runs `bleed` points past each edge so trimming never shows white. The same drawing makes the
PDF's faces and, rasterised, the site's face images (printing/raster.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from reportlab.lib.colors import Color, HexColor, white
from reportlab.pdfbase.pdfmetrics import stringWidth

from rules.games import GameDef

from .fonts import register
from .textlayout import fit

LAYOUT_VERSION = 4  # bump when the drawing changes: cached face images are keyed by it

KANJI_DIGITS = "〇一二三四五六七八九"


def kanji_numeral(n: int) -> str:
    """0 -> 〇, 7 -> 七, 10 -> 十, 12 -> 十二, 20 -> 二十, 105 -> 百五."""
    if n < 0:
        return "-" + kanji_numeral(-n)
    if n < 10:
        return KANJI_DIGITS[n]
    out = ""
    for value, mark in ((1000, "千"), (100, "百"), (10, "十")):
        count, n = divmod(n, value)
        if count:
            out += ("" if count == 1 else KANJI_DIGITS[count]) + mark
    return out + (KANJI_DIGITS[n] if n else "")


# Accent colours per game (frame and bands); text stays black on light panels.
GAME_COLOURS = {
    "vision": "#5b3a8c",
    "timestorm": "#1f5f7a",
    "kannagi": "#8c2f2f",
    "original": "#6b5a1e",
    "manacard": "#2f6b3a",
}
SEASON_COLOURS = {"春": "#d4738f", "夏": "#2f8f5b", "秋": "#c0662a", "冬": "#3b6fb5", "無": "#777777"}


@dataclass
class FaceSpec:
    game: str
    name: str
    type_line: str
    text: str
    top_left: str = ""  # big value in the top-left corner (cost)
    top_right: str = ""  # e.g. manacard distance, vision GRAZE
    bottom_left: str = ""  # e.g. kannagi power
    bottom_right: str = ""  # e.g. attack / defence
    stats: list[tuple[str, str]] = field(default_factory=list)  # (label, value) pairs in the stat bar
    footer: str = ""
    sample: bool = False
    accent: str = "#444444"
    flavor: str = ""


def _val(value) -> str:
    return "" if value is None else str(value)


def face_spec(card: dict, game: GameDef) -> FaceSpec:
    f = card.get("fields") or {}
    card_type = card.get("card_type", "")
    ctype = game.card_type(card_type)
    type_label = ctype.ja if ctype else card_type
    cost = card.get("cost")
    text = card.get("rules_text") or ""
    # Keywords the text does not print itself (many cards print 【ユニーク】 or ■速攻 in their text).
    keywords = " ".join(f"■{k}" for k in card.get("keywords") or [] if k not in text)
    footer = " ".join(x for x in (card.get("set_name") or "", card.get("number") or "") if x)
    spec = FaceSpec(
        game=game.slug,
        name=card.get("name", ""),
        type_line=type_label,
        text=text,
        footer=footer,
        sample=bool(card.get("sample")),
        accent=GAME_COLOURS.get(game.slug, "#444444"),
        flavor=card.get("flavor_text") or "",
    )
    if keywords:
        spec.text = f"{keywords}\n{text}" if text else keywords
    slug = game.slug
    if slug == "kannagi":
        seasons = f.get("season") or []
        spec.top_left = kanji_numeral(cost) if cost is not None else ""
        spec.type_line = f"{type_label}　{'・'.join(seasons)}" + (f"　{' '.join(f.get('attributes') or [])}" if f.get("attributes") else "")
        if card_type == "場所札" and f.get("power") is not None:
            spec.bottom_left = str(f["power"])
        if seasons:
            spec.accent = SEASON_COLOURS.get(seasons[0], spec.accent)
    elif slug == "original":
        spec.top_left = _val(cost)
        attrs = "・".join(f.get("attributes") or [])
        extra = " ".join(x for x in (f.get("race") or "", f.get("special_type") or "", f.get("special_type2") or "") if x)
        spec.type_line = "　".join(x for x in (type_label, attrs, extra) if x)
        if card_type == "兵":
            spec.stats = [("召喚", _val(cost)), ("移動", _val(f.get("move_cost"))), ("パワー", _val(f.get("power")))]
        else:
            spec.stats = [(ctype.cost_ja if ctype else "コスト", _val(cost)), ("維持", _val(f.get("upkeep")))]
        effects = []
        for e in f.get("effects") or []:
            head = "・".join(e.get("kind") or [])
            bits = [f"■{head}" if head else "■"]
            for key in ("category", "name"):
                if e.get(key):
                    bits.append(f"〔{e[key]}〕" if key == "category" else f"「{e[key]}」")
            if e.get("cost"):
                bits.append(f"コスト:{e['cost']}")
            effects.append("".join(bits) + "\n" + (e.get("text") or ""))
        if effects:  # the structured effects are the card's text; rules_text repeats them as printed
            spec.text = "\n".join(effects)
    elif slug == "vision":
        if card_type == "天候":
            spec.type_line = "天候"
            lines = [f"【{e.get('kind', '')}】{e.get('text', '')}" for e in f.get("weather_effects") or []]
            spec.text = "\n".join(lines) + (f"\n{spec.text}" if spec.text else "")
        else:
            spec.top_left = f"{_val(f.get('required_nodes'))}/{_val(cost)}"
            race = " ".join(f.get("race") or [])
            spec.type_line = "　".join(x for x in (type_label, race, f"術者:{f['caster']}" if f.get("caster") else "") if x)
            if card_type == "キャラクター":
                spec.bottom_right = f"{_val(f.get('attack'))}/{_val(f.get('defence'))}"
                if f.get("graze") is not None:
                    spec.top_right = f"GRAZE {f['graze']}"
            if f.get("upkeep") is not None:
                spec.stats = [("維持", _val(f.get("upkeep")))]
    elif slug == "manacard":
        spec.top_left = _val(cost)
        deck_labels = {"main": "メイン", "skill": "スキル", "status": "ステータス"}
        spec.type_line = "　".join(x for x in (type_label, deck_labels.get(f.get("deck"), "")) if x)
        if card_type == "ユニット":
            spec.top_right = f"距離 {_val(f.get('distance'))}"
            spec.stats = [("攻撃", _val(f.get("attack"))), ("体力", _val(f.get("hp"))), ("素早さ", _val(f.get("speed")))]
        marks = []  # the construction marks, unless the card's keywords or text already print them
        said = spec.text
        if f.get("blessing_level"):
            marks.append(f"【恩恵スキル Lv{f['blessing_level']}】")
        if f.get("unique") and "ユニーク" not in said:
            marks.append("【ユニーク】")
        if marks:
            spec.text = "".join(marks) + (f"\n{spec.text}" if spec.text else "")
    elif slug == "timestorm":
        spec.top_left = _val(cost)
        spec.type_line = type_label + ("　勝利条件" if f.get("win_condition") else "")
    return spec


# -- drawing ---------------------------------------------------------------------------------------------


def _measure(font: str):
    return lambda text, size: stringWidth(text, font, size)


def _fit_line(text: str, font: str, width: float, size: float, min_size: float) -> tuple[str, float]:
    """One line shrunk to fit `width` (down to min_size), then cut with "…"."""
    while size > min_size and stringWidth(text, font, size) > width:
        size -= 0.25
    if stringWidth(text, font, size) <= width:
        return text, size
    while text and stringWidth(text + "…", font, size) > width:
        text = text[:-1]
    return text + "…", size


def _mix(colour: str, amount: float) -> Color:
    """The colour faded towards white by `amount` (0 = as is, 1 = white)."""
    c = HexColor(colour)
    return Color(c.red + (1 - c.red) * amount, c.green + (1 - c.green) * amount, c.blue + (1 - c.blue) * amount)


def draw_face(c, spec: FaceSpec, width: float, height: float, bleed: float = 0.0) -> None:
    """Draw the face with its lower-left corner at (0, 0); sizes in points."""
    font = register()
    measure = _measure(font)
    u = min(width / 63.0, height / 88.0)  # a millimetre of a 63×88 card in points, scaled to fit both ways
    accent = HexColor(spec.accent)
    # background, past the edges by the bleed
    c.setFillColor(accent)
    c.rect(-bleed, -bleed, width + 2 * bleed, height + 2 * bleed, stroke=0, fill=1)
    inset = 2.2 * u
    c.setFillColor(_mix(spec.accent, 0.88))
    c.roundRect(inset, inset, width - 2 * inset, height - 2 * inset, 1.6 * u, stroke=0, fill=1)

    # name band
    band_h = 9 * u
    top = height - inset
    cost_size = 6.2 * u if len(spec.top_left) <= 2 else 4.6 * u
    cost_text, cost_size = _fit_line(spec.top_left, font, 18 * u, cost_size, 2.5 * u)
    cost_w = max(10 * u, stringWidth(cost_text, font, cost_size) + 3 * u) if spec.top_left else 0
    c.setFillColor(white)
    c.roundRect(inset + 1 * u, top - band_h - 1 * u, width - 2 * inset - 2 * u, band_h, 1.2 * u, stroke=0, fill=1)
    if spec.top_left:
        c.setFillColor(accent)
        cy = top - 1 * u - band_h / 2
        if cost_w <= 10 * u:  # one figure: a round badge
            c.circle(inset + 1 * u + cost_w / 2, cy, band_h * 0.62, stroke=0, fill=1)
        else:  # e.g. vision's 2/1: a pill as wide as the text
            c.roundRect(inset + 0.4 * u, cy - band_h * 0.62, cost_w + 1.2 * u, band_h * 1.24, band_h * 0.62, stroke=0, fill=1)
        c.setFillColor(white)
        c.setFont(font, cost_size)
        c.drawCentredString(inset + 1 * u + cost_w / 2, cy - cost_size * 0.35, cost_text)
    name_x = inset + 2 * u + cost_w + (1 * u if cost_w else 0)
    name_w = width - name_x - inset - 2 * u
    if spec.top_right:
        tr_text, tr_size = _fit_line(spec.top_right, font, 14 * u, 2.6 * u, 1.8 * u)
        name_w -= stringWidth(tr_text, font, tr_size) + 1.5 * u
        c.setFillColor(accent)
        c.setFont(font, tr_size)
        c.drawRightString(width - inset - 2 * u, top - 1 * u - band_h / 2 - tr_size * 0.35, tr_text)
    name, size = _fit_line(spec.name, font, name_w, 4.2 * u, 2.2 * u)
    c.setFillColor(HexColor("#111111"))
    c.setFont(font, size)
    c.drawString(name_x, top - 1 * u - band_h / 2 - size * 0.35, name)

    # type line
    type_y = top - band_h - 6.2 * u
    c.setFillColor(accent)
    c.roundRect(inset + 1 * u, type_y - 1.2 * u, width - 2 * inset - 2 * u, 4.6 * u, 1 * u, stroke=0, fill=1)
    c.setFillColor(white)
    line, size = _fit_line(spec.type_line, font, width - 2 * inset - 4 * u, 2.6 * u, 1.6 * u)
    c.setFont(font, size)
    c.drawString(inset + 2 * u, type_y, line)

    # text box
    footer_h = 4.5 * u
    stats_h = 7 * u if (spec.stats or spec.bottom_left or spec.bottom_right) else 0
    box_top = type_y - 2.4 * u
    box_bottom = inset + footer_h + stats_h + 0.8 * u
    box_x = inset + 1 * u
    box_w = width - 2 * inset - 2 * u
    c.setFillColor(white)
    c.roundRect(box_x, box_bottom, box_w, box_top - box_bottom, 1.2 * u, stroke=0, fill=1)
    pad = 1.6 * u
    body = spec.text
    if spec.flavor:
        body = f"{body}\n{spec.flavor}" if body else spec.flavor
    if body:
        fitted = fit(body, box_w - 2 * pad, box_top - box_bottom - 2 * pad, measure, 3.0 * u, 1.7 * u)
        c.setFillColor(HexColor("#111111"))
        c.setFont(font, fitted.size)
        y = box_top - pad - fitted.size
        for text_line in fitted.lines:
            c.drawString(box_x + pad, y, text_line)
            y -= fitted.leading

    # stats bar
    if stats_h:
        bar_y = inset + footer_h + 0.4 * u
        if spec.bottom_left:
            c.setFillColor(accent)
            c.circle(inset + 5 * u, bar_y + stats_h / 2, stats_h * 0.48, stroke=0, fill=1)
            c.setFillColor(white)
            power, size = _fit_line(spec.bottom_left, font, stats_h * 0.85, 4.2 * u, 1.5 * u)
            c.setFont(font, size)
            c.drawCentredString(inset + 5 * u, bar_y + stats_h / 2 - size * 0.35, power)
        if spec.bottom_right:
            c.setFillColor(accent)
            c.roundRect(width - inset - 16 * u, bar_y + 0.5 * u, 15 * u, stats_h - 1 * u, 1.2 * u, stroke=0, fill=1)
            c.setFillColor(white)
            value, size = _fit_line(spec.bottom_right, font, 13 * u, 3.8 * u, 1.5 * u)
            c.setFont(font, size)
            c.drawCentredString(width - inset - 8.5 * u, bar_y + stats_h / 2 - size * 0.35, value)
        if spec.stats:
            left = inset + (10 * u if spec.bottom_left else 1.5 * u)
            right = width - inset - (17 * u if spec.bottom_right else 1.5 * u)
            cell = (right - left) / len(spec.stats)
            for i, (label, value) in enumerate(spec.stats):
                cx = left + cell * (i + 0.5)
                c.setFillColor(accent)
                c.setFont(font, 1.8 * u)
                c.drawCentredString(cx, bar_y + stats_h - 2.2 * u, label)
                c.setFillColor(HexColor("#111111"))
                shown, size = _fit_line(value or "–", font, cell * 0.9, 3.4 * u, 1.5 * u)
                c.setFont(font, size)
                c.drawCentredString(cx, bar_y + 1.0 * u, shown)

    # footer
    c.setFillColor(accent)
    c.setFont(font, 1.8 * u)
    if spec.footer:
        footer, fsize = _fit_line(spec.footer, font, width - 2 * inset - 14 * u, 1.8 * u, 1.2 * u)
        c.setFont(font, fsize)
        c.drawString(inset + 1.5 * u, inset + 1.4 * u, footer)
    if spec.sample:
        c.setFillColor(HexColor("#c62828"))
        c.roundRect(width - inset - 12.5 * u, inset + 0.8 * u, 11.5 * u, 3.2 * u, 0.8 * u, stroke=0, fill=1)
        c.setFillColor(white)
        c.setFont(font, 2.0 * u)
        c.drawCentredString(width - inset - 6.75 * u, inset + 1.65 * u, "SAMPLE")


def draw_back(c, game: GameDef, width: float, height: float, bleed: float = 0.0) -> None:
    """The game's default back: its colour, a frame and its name, the same for every card of the game."""
    font = register()
    u = min(width / 63.0, height / 88.0)
    accent = GAME_COLOURS.get(game.slug, "#444444")
    c.setFillColor(HexColor(accent))
    c.rect(-bleed, -bleed, width + 2 * bleed, height + 2 * bleed, stroke=0, fill=1)
    c.setStrokeColor(_mix(accent, 0.6))
    c.setLineWidth(0.8 * u)
    c.roundRect(3.5 * u, 3.5 * u, width - 7 * u, height - 7 * u, 2.5 * u, stroke=1, fill=0)
    c.setLineWidth(0.3 * u)
    c.roundRect(5.5 * u, 5.5 * u, width - 11 * u, height - 11 * u, 2 * u, stroke=1, fill=0)
    c.setFillColor(white)
    name, size = _fit_line(game.name_ja, font, width - 16 * u, 5 * u, 2.5 * u)
    c.setFont(font, size)
    c.drawCentredString(width / 2, height / 2 - size * 0.35, name)
