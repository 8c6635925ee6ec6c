"""Card faces drawn from data, one layout per game, on a reportlab canvas.

`face_spec(card, game)` turns a card (plain data, as `Card.to_data()`) into what its face shows, as the
game's face declaration says (`game.face`, a FaceLayout from rules/games/<slug>/face.py): the corner
values, the type line, the stats, the text, the accent colour; the name, footer and sample mark are the
same for every game. Nothing here knows a game: the declaration is data and this module reads it.
`draw_face(canvas, spec, width, height, bleed)` draws it, one function per part of the face (FACE_PARTS),
with (0, 0) at the card's lower-left corner; the background runs `bleed` points past each edge so
trimming never shows white. The same drawing makes the PDF's faces and, rasterised, the site's face
images (printing/raster.py).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from reportlab.lib.colors import Color, HexColor, white
from reportlab.pdfbase.pdfmetrics import stringWidth

from rules.declare import GameDef
from rules.declare.face import Block, FaceLayout, Show

from .fonts import register
from .textlayout import fit

# When the drawing changes, bump cards.faces.FACE_DRAWING_VERSION: cached face images are keyed by it.

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
    note: str = ""  # said under the text in grey: 「効果テキスト未登録」 for a card whose text is not entered


# -- what a face shows -----------------------------------------------------------------------------------

PLAIN_FACE = FaceLayout()  # the face of a game that declares none
PLACEHOLDER = re.compile(r"\{(\w+)\}")
LABEL = Show("")  # how a stat's label template is filled: values as they are


def face_layout(game: GameDef) -> FaceLayout:
    """The game's declared face (rules/games/<slug>/face.py)."""
    return game.face or PLAIN_FACE


def default_card_size(game: GameDef) -> str:
    """The game's card size, e.g. '59x86'."""
    return face_layout(game).card_size


def _is_set(value) -> bool:
    """A value there is: not missing, not an empty text or list, not a false flag (0 is a value)."""
    return not (value is None or value is False or (isinstance(value, (str, list, tuple, dict)) and not value))


def _format(value, show: Show) -> str:
    if show.labels:
        return dict(show.labels).get(value, "") if isinstance(value, str) else ""
    if value is None:
        return ""
    if isinstance(value, (list, tuple)):
        return show.sep.join(str(v) for v in value)
    if show.numerals == "kanji" and isinstance(value, int) and not isinstance(value, bool):
        return kanji_numeral(value)
    return str(value)


def _fill(template: str, values: dict, show: Show) -> str:
    return PLACEHOLDER.sub(lambda m: _format(values.get(m[1]), show), template)


def _shows(show: Show | None, values: dict, card_type: str, said: str = "") -> bool:
    """Whether `show` prints on this card at all: its card types, the value it needs, the text."""
    return (
        show is not None
        and show.applies_to(card_type)
        and (not show.when or _is_set(values.get(show.when)))
        and not (show.unless_text and show.unless_text in said)
    )


def shown(show: Show | None, values: dict, card_type: str, said: str = "") -> str:
    """What `show` prints for a card (or a records entry) holding `values`; "" when nothing."""
    if not _shows(show, values, card_type, said):
        return ""
    return show.sep.join(x for x in (_fill(t, values, show) for t in show.templates) if x)


def _block(block: Block, values: dict, card_type: str, said: str) -> str:
    """The block's text: its pieces once, or once per entry of its records field (a paragraph each)."""
    if block.each:
        entries = [e for e in values.get(block.each) or [] if isinstance(e, dict)]
    else:
        entries = [values]
    return "\n".join("".join(shown(p, e, card_type, said) for p in block.pieces) for e in entries)


def _accent(face: FaceLayout, fields: dict) -> str:
    value = fields.get(face.accent_field) if face.accent_field else None
    if isinstance(value, (list, tuple)):
        value = value[0] if value else None
    return dict(face.accent_colours).get(value, face.accent) if isinstance(value, str) else face.accent


def _text(card: dict, face: FaceLayout, values: dict, card_type: str) -> str:
    text = card.get("rules_text") or ""
    # Keywords the text does not print itself (many cards print 【ユニーク】 or ■速攻 in their text).
    keywords = " ".join(f"■{k}" for k in card.get("keywords") or [] if k not in text)
    if keywords:
        text = f"{keywords}\n{text}" if text else keywords
    for block in face.text:
        if block.applies_to(card_type):
            before = _block(block, values, card_type, text)
            if before:
                text = before if block.replaces or not text else f"{before}\n{text}"
    if untexted(card, face):
        facts = [line for line in (shown(s, values, card_type) for s in face.untexted) if line]
        text = "\n".join(x for x in (text, *facts) if x)
    return text


def untexted(card: dict, face: FaceLayout) -> bool:
    return face.lacks_text(card)


def face_spec(card: dict, game: GameDef) -> FaceSpec:
    """What the card's face shows, read off the card through the game's face declaration."""
    face = face_layout(game)
    fields = card.get("fields") or {}
    card_type = card.get("card_type", "")
    ctype = game.card_type(card_type)
    values = {  # what templates name: the game fields, the common keys, the card type's labels
        **fields,
        **{k: v for k, v in card.items() if k != "fields"},
        "type_label": ctype.ja if ctype else card_type,
        "cost_label": ctype.cost_ja if ctype else "コスト",
    }
    type_parts = (shown(part, values, card_type) for part in face.type_line)
    return FaceSpec(
        game=game.slug,
        name=card.get("name", ""),
        type_line=face.type_sep.join(x for x in type_parts if x),
        text=_text(card, face, values, card_type),
        top_left=shown(face.top_left, values, card_type),
        top_right=shown(face.top_right, values, card_type),
        bottom_left=shown(face.bottom_left, values, card_type),
        bottom_right=shown(face.bottom_right, values, card_type),
        stats=[(_fill(s.label, values, LABEL), shown(s, values, card_type)) for s in face.stats if _shows(s, values, card_type)],
        footer=" ".join(x for x in (card.get("set_name") or "", card.get("number") or "") if x),
        sample=bool(card.get("sample")),
        accent=_accent(face, fields),
        flavor=card.get("flavor_text") or "",
        note=face.untexted_note if untexted(card, face) else "",
    )


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


INK = "#111111"
MUTED = "#5f5f5f"  # a note under the text (4.5:1 or more on white)


@dataclass(frozen=True)
class Frame:
    """Where the parts of one face go, in points, with (0, 0) at the card's lower-left corner."""

    width: float
    height: float
    bleed: float
    font: str
    u: float  # a millimetre of a 63×88 card, scaled to fit the card both ways
    inset: float  # the coloured frame's width
    band_h: float  # the name band's height
    top: float  # the top of the name band
    type_y: float  # the type line's baseline
    footer_h: float
    stats_h: float  # 0 when the face has no stat bar
    accent: Color

    @property
    def band_y(self) -> float:
        """The middle of the name band."""
        return self.top - 1 * self.u - self.band_h / 2

    @property
    def bar_y(self) -> float:
        return self.inset + self.footer_h + 0.4 * self.u


def frame(spec: FaceSpec, width: float, height: float, bleed: float) -> Frame:
    u = min(width / 63.0, height / 88.0)
    inset, band_h = 2.2 * u, 9 * u
    top = height - inset
    return Frame(
        width=width,
        height=height,
        bleed=bleed,
        font=register(),
        u=u,
        inset=inset,
        band_h=band_h,
        top=top,
        type_y=top - band_h - 6.2 * u,
        footer_h=4.5 * u,
        stats_h=7 * u if (spec.stats or spec.bottom_left or spec.bottom_right) else 0,
        accent=HexColor(spec.accent),
    )


def _badge(spec: FaceSpec, g: Frame) -> tuple[str, float, float]:
    """The top-left value as drawn: (text, size, badge width); width 0 without one."""
    u = g.u
    size = 6.2 * u if len(spec.top_left) <= 2 else 4.6 * u
    text, size = _fit_line(spec.top_left, g.font, 18 * u, size, 2.5 * u)
    badge_w = max(10 * u, stringWidth(text, g.font, size) + 3 * u) if spec.top_left else 0
    return text, size, badge_w


def _top_right_text(spec: FaceSpec, g: Frame) -> tuple[str, float]:
    return _fit_line(spec.top_right, g.font, 14 * g.u, 2.6 * g.u, 1.8 * g.u)


def draw_background(c, spec: FaceSpec, g: Frame) -> None:
    """The accent, past the edges by the bleed, and the light panel inside the frame."""
    c.setFillColor(g.accent)
    c.rect(-g.bleed, -g.bleed, g.width + 2 * g.bleed, g.height + 2 * g.bleed, stroke=0, fill=1)
    c.setFillColor(_mix(spec.accent, 0.88))
    c.roundRect(g.inset, g.inset, g.width - 2 * g.inset, g.height - 2 * g.inset, 1.6 * g.u, stroke=0, fill=1)


def draw_name_band(c, spec: FaceSpec, g: Frame) -> None:
    u = g.u
    c.setFillColor(white)
    c.roundRect(g.inset + 1 * u, g.top - g.band_h - 1 * u, g.width - 2 * g.inset - 2 * u, g.band_h, 1.2 * u, stroke=0, fill=1)


def draw_top_left(c, spec: FaceSpec, g: Frame) -> None:
    """The cost badge: a disc for one figure, a pill as wide as the text for more (vision's 2/1)."""
    if not spec.top_left:
        return
    u, cy = g.u, g.band_y
    text, size, badge_w = _badge(spec, g)
    c.setFillColor(g.accent)
    if badge_w <= 10 * u:
        c.circle(g.inset + 1 * u + badge_w / 2, cy, g.band_h * 0.62, stroke=0, fill=1)
    else:
        c.roundRect(g.inset + 0.4 * u, cy - g.band_h * 0.62, badge_w + 1.2 * u, g.band_h * 1.24, g.band_h * 0.62, stroke=0, fill=1)
    c.setFillColor(white)
    c.setFont(g.font, size)
    c.drawCentredString(g.inset + 1 * u + badge_w / 2, cy - size * 0.35, text)


def draw_top_right(c, spec: FaceSpec, g: Frame) -> None:
    if not spec.top_right:
        return
    text, size = _top_right_text(spec, g)
    c.setFillColor(g.accent)
    c.setFont(g.font, size)
    c.drawRightString(g.width - g.inset - 2 * g.u, g.band_y - size * 0.35, text)


def draw_name(c, spec: FaceSpec, g: Frame) -> None:
    """The name, between the badge and the top-right value, shrunk or cut to fit."""
    u = g.u
    badge_w = _badge(spec, g)[2]
    name_x = g.inset + 2 * u + badge_w + (1 * u if badge_w else 0)
    name_w = g.width - name_x - g.inset - 2 * u
    if spec.top_right:
        text, size = _top_right_text(spec, g)
        name_w -= stringWidth(text, g.font, size) + 1.5 * u
    name, size = _fit_line(spec.name, g.font, name_w, 4.2 * u, 2.2 * u)
    c.setFillColor(HexColor(INK))
    c.setFont(g.font, size)
    c.drawString(name_x, g.band_y - size * 0.35, name)


def draw_type_line(c, spec: FaceSpec, g: Frame) -> None:
    u = g.u
    c.setFillColor(g.accent)
    c.roundRect(g.inset + 1 * u, g.type_y - 1.2 * u, g.width - 2 * g.inset - 2 * u, 4.6 * u, 1 * u, stroke=0, fill=1)
    c.setFillColor(white)
    line, size = _fit_line(spec.type_line, g.font, g.width - 2 * g.inset - 4 * u, 2.6 * u, 1.6 * u)
    c.setFont(g.font, size)
    c.drawString(g.inset + 2 * u, g.type_y, line)


def draw_text_box(c, spec: FaceSpec, g: Frame) -> None:
    """The text, then the flavour, broken into lines and shrunk to fit the box above the stat bar."""
    u = g.u
    box_top = g.type_y - 2.4 * u
    box_bottom = g.inset + g.footer_h + g.stats_h + 0.8 * u
    box_x = g.inset + 1 * u
    box_w = g.width - 2 * g.inset - 2 * u
    c.setFillColor(white)
    c.roundRect(box_x, box_bottom, box_w, box_top - box_bottom, 1.2 * u, stroke=0, fill=1)
    pad = 1.6 * u
    body = spec.text
    if spec.flavor:
        body = f"{body}\n{spec.flavor}" if body else spec.flavor
    if spec.note:  # in grey at the foot of the box, the text above it
        note_size = 2.4 * u
        c.setFillColor(HexColor(MUTED))
        c.setFont(g.font, note_size)
        c.drawCentredString(box_x + box_w / 2, box_bottom + pad, f"（{spec.note}）")
        box_bottom += note_size + pad
    if not body:
        return
    fitted = fit(body, box_w - 2 * pad, box_top - box_bottom - 2 * pad, _measure(g.font), 3.0 * u, 1.7 * u)
    c.setFillColor(HexColor(INK))
    c.setFont(g.font, fitted.size)
    y = box_top - pad - fitted.size
    for text_line in fitted.lines:
        c.drawString(box_x + pad, y, text_line)
        y -= fitted.leading


def draw_bottom_left(c, spec: FaceSpec, g: Frame) -> None:
    """A disc at the left of the stat bar (kannagi's power)."""
    if not (g.stats_h and spec.bottom_left):
        return
    u, middle = g.u, g.bar_y + g.stats_h / 2
    c.setFillColor(g.accent)
    c.circle(g.inset + 5 * u, middle, g.stats_h * 0.48, stroke=0, fill=1)
    c.setFillColor(white)
    text, size = _fit_line(spec.bottom_left, g.font, g.stats_h * 0.85, 4.2 * u, 1.5 * u)
    c.setFont(g.font, size)
    c.drawCentredString(g.inset + 5 * u, middle - size * 0.35, text)


def draw_bottom_right(c, spec: FaceSpec, g: Frame) -> None:
    """A box at the right of the stat bar (vision's attack/defence)."""
    if not (g.stats_h and spec.bottom_right):
        return
    u = g.u
    c.setFillColor(g.accent)
    c.roundRect(g.width - g.inset - 16 * u, g.bar_y + 0.5 * u, 15 * u, g.stats_h - 1 * u, 1.2 * u, stroke=0, fill=1)
    c.setFillColor(white)
    text, size = _fit_line(spec.bottom_right, g.font, 13 * u, 3.8 * u, 1.5 * u)
    c.setFont(g.font, size)
    c.drawCentredString(g.width - g.inset - 8.5 * u, g.bar_y + g.stats_h / 2 - size * 0.35, text)


def draw_stats(c, spec: FaceSpec, g: Frame) -> None:
    """The labelled stats, evenly across the bar between the disc and the box; a missing value is a dash."""
    if not (g.stats_h and spec.stats):
        return
    u = g.u
    left = g.inset + (10 * u if spec.bottom_left else 1.5 * u)
    right = g.width - g.inset - (17 * u if spec.bottom_right else 1.5 * u)
    cell = (right - left) / len(spec.stats)
    for i, (label, value) in enumerate(spec.stats):
        cx = left + cell * (i + 0.5)
        c.setFillColor(g.accent)
        c.setFont(g.font, 1.8 * u)
        c.drawCentredString(cx, g.bar_y + g.stats_h - 2.2 * u, label)
        c.setFillColor(HexColor(INK))
        text, size = _fit_line(value or "–", g.font, cell * 0.9, 3.4 * u, 1.5 * u)
        c.setFont(g.font, size)
        c.drawCentredString(cx, g.bar_y + 1.0 * u, text)


def draw_footer(c, spec: FaceSpec, g: Frame) -> None:
    """The set and number, bottom left."""
    u = g.u
    c.setFillColor(g.accent)
    c.setFont(g.font, 1.8 * u)
    if spec.footer:
        footer, size = _fit_line(spec.footer, g.font, g.width - 2 * g.inset - 14 * u, 1.8 * u, 1.2 * u)
        c.setFont(g.font, size)
        c.drawString(g.inset + 1.5 * u, g.inset + 1.4 * u, footer)


def draw_sample_mark(c, spec: FaceSpec, g: Frame) -> None:
    """A red SAMPLE tag bottom right on a sample card."""
    if not spec.sample:
        return
    u = g.u
    c.setFillColor(HexColor("#c62828"))
    c.roundRect(g.width - g.inset - 12.5 * u, g.inset + 0.8 * u, 11.5 * u, 3.2 * u, 0.8 * u, stroke=0, fill=1)
    c.setFillColor(white)
    c.setFont(g.font, 2.0 * u)
    c.drawCentredString(g.width - g.inset - 6.75 * u, g.inset + 1.65 * u, "SAMPLE")


# The parts of a face, drawn in this order, each from the spec alone.
FACE_PARTS = (
    draw_background,
    draw_name_band,
    draw_top_left,
    draw_top_right,
    draw_name,
    draw_type_line,
    draw_text_box,
    draw_bottom_left,
    draw_bottom_right,
    draw_stats,
    draw_footer,
    draw_sample_mark,
)


def draw_face(c, spec: FaceSpec, width: float, height: float, bleed: float = 0.0) -> None:
    """Draw the face with its lower-left corner at (0, 0); sizes in points."""
    g = frame(spec, width, height, bleed)
    for part in FACE_PARTS:
        part(c, spec, g)


def draw_back(c, game: GameDef, width: float, height: float, bleed: float = 0.0) -> None:
    """The game's default back: its colour, a frame and its name, the same for every card of the game."""
    font = register()
    u = min(width / 63.0, height / 88.0)
    accent = face_layout(game).accent
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
