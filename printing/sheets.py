"""Print-and-play sheets: card faces on pages that print true to size.

Geometry is in millimetres and converted to points only when drawing (1 mm = 72 / 25.4 pt); the PDF's
page size is the paper's exact size. Each distinct face is drawn once as a form XObject and placed as
often as it prints, so a PDF grows with the distinct cards, not the copies. Backs (optional) follow each
page of fronts, mirrored for long-edge or short-edge duplex and shifted by the printer's offset.
"""

from __future__ import annotations

import io
import math
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

from django.utils.translation import gettext, gettext_noop
from reportlab.lib.colors import HexColor, black
from reportlab.pdfgen.canvas import Canvas

from rules.declare import GameDef, UnknownGame, get_game

from .faces import default_card_size, draw_back, draw_face, face_spec
from .fonts import register

MM = 72 / 25.4
PAPERS = {"A4": (210.0, 297.0), "Letter": (215.9, 279.4), "A3": (297.0, 420.0)}
CARD_SIZES = {"63x88": (63.0, 88.0), "59x86": (59.0, 86.0)}
MARKS = ("crop", "cut", "none")
BACKS = ("none", "long", "short")
MIN_MARGIN = 4.0  # what most printers cannot print near the edge (3×3 cards of 63×88 with 2 mm bleed fit A4)
# The ruler's band at the bottom of the first page: the grid never reaches into it.
RULER_BAND = MIN_MARGIN + 3.0 + 0.5
RULER_LENGTH = 100.0
RULER_HEIGHT = 3.0
MARK_LENGTH = 4.0
MARK_GAP = 1.0


def game_card_size(slug: str) -> str:
    """The card size a game's face declares (rules/games/<slug>/face.py), e.g. '59x86'."""
    try:
        return default_card_size(get_game(slug))
    except UnknownGame:
        return "63x88"


class PrintOptionError(ValueError):
    """An option that cannot make a sheet. `field` names the option (a PrintForm field), `template` is the
    English message with {named} slots and `params` fill them: the web shell translates the template
    (printing/i18n.py lists them), the command line prints it as it is."""

    def __init__(self, field: str, template: str, **params):
        self.field, self.template, self.params = field, template, params
        super().__init__(template.format(**params))


def parse_size(text: str) -> tuple[float, float]:
    """'63x88', '59×86' or '60.5x90' (millimetres) -> (63.0, 88.0)."""
    text = (text or "").strip().lower().replace("×", "x").replace("mm", "")
    if text in CARD_SIZES:
        return CARD_SIZES[text]
    try:
        w, h = (float(part) for part in text.split("x"))
    except ValueError:
        raise PrintOptionError("custom_size", "card size {value}: expected width×height in millimetres, e.g. 63x88", value=text) from None
    if not (20 <= w <= 200 and 20 <= h <= 300):
        raise PrintOptionError("custom_size", "card size {value}: width 20–200 mm and height 20–300 mm", value=text)
    return w, h


@dataclass(frozen=True)
class PrintOptions:
    card_w: float = 63.0
    card_h: float = 88.0
    paper: str = "A4"
    gutter: float = 0.0
    bleed: float = 0.0
    marks: str = "crop"
    backs: str = "none"
    offset_x: float = 0.0  # where the back lands relative to the front, as the printer shifts it
    offset_y: float = 0.0
    ruler: bool = True

    def __post_init__(self):
        for name in ("card_w", "card_h", "gutter", "bleed", "offset_x", "offset_y"):
            if not math.isfinite(getattr(self, name)):
                raise PrintOptionError(name, "{name}: a number, not {value}", name=name.replace("_", " "), value=getattr(self, name))
        if self.paper not in PAPERS:
            raise PrintOptionError("paper", "paper {value}: one of {allowed}", value=self.paper, allowed=", ".join(PAPERS))
        if not 0 <= self.bleed <= 3:
            raise PrintOptionError("bleed", "bleed {value:g} mm: 0 to 3 mm", value=self.bleed)
        if not 0 <= self.gutter <= 20:
            raise PrintOptionError("gutter", "gutter {value:g} mm: 0 to 20 mm", value=self.gutter)
        if self.marks not in MARKS:
            raise PrintOptionError("marks", "marks {value}: one of {allowed}", value=self.marks, allowed=", ".join(MARKS))
        if self.backs not in BACKS:
            raise PrintOptionError("backs", "backs {value}: one of {allowed}", value=self.backs, allowed=", ".join(BACKS))
        if abs(self.offset_x) > 10 or abs(self.offset_y) > 10:
            raise PrintOptionError("offset_x" if abs(self.offset_x) > 10 else "offset_y", "offset: at most 10 mm either way")

    @property
    def page(self) -> tuple[float, float]:
        return PAPERS[self.paper]


@dataclass(frozen=True)
class Layout:
    page_w: float
    page_h: float
    cols: int
    rows: int
    slots: tuple[tuple[float, float], ...]  # lower-left corner of each card's trim box, in reading order
    grid: tuple[float, float, float, float]  # x0, y0, x1, y1 of the grid's outer trim edges

    @property
    def per_page(self) -> int:
        return self.cols * self.rows


def layout(options: PrintOptions) -> Layout:
    """The grid for these options: as many cards as fit inside the printable area, centred."""
    page_w, page_h = options.page
    cell_w = options.card_w + 2 * options.bleed
    cell_h = options.card_h + 2 * options.bleed
    usable_w, usable_h = page_w - 2 * MIN_MARGIN, page_h - 2 * RULER_BAND  # room for the ruler on page 1
    cols = int((usable_w + options.gutter + 1e-9) // (cell_w + options.gutter))
    rows = int((usable_h + options.gutter + 1e-9) // (cell_h + options.gutter))
    if cols < 1 or rows < 1:
        raise PrintOptionError("card_size", "a {w:g}×{h:g} mm card does not fit on {paper}", w=options.card_w, h=options.card_h, paper=options.paper)
    total_w = cols * cell_w + (cols - 1) * options.gutter
    total_h = rows * cell_h + (rows - 1) * options.gutter
    x0 = (page_w - total_w) / 2
    y_top = (page_h + total_h) / 2
    slots = []
    for r in range(rows):
        for col in range(cols):
            x = x0 + col * (cell_w + options.gutter) + options.bleed
            y = y_top - (r + 1) * cell_h - r * options.gutter + options.bleed
            slots.append((round(x, 4), round(y, 4)))
    grid = (x0 + options.bleed, y_top - total_h + options.bleed, x0 + total_w - options.bleed, y_top - options.bleed)
    return Layout(page_w, page_h, cols, rows, tuple(slots), grid)


def back_slot(options: PrintOptions, lay: Layout, slot: tuple[float, float]) -> tuple[float, float]:
    """Where the back of the card at `slot` goes on the back page: mirrored for the flip, plus the offset."""
    x, y = slot
    if options.backs == "long":  # turned over the long (vertical) edge: left and right swap
        x = lay.page_w - x - options.card_w
    elif options.backs == "short":  # turned over the short edge: top and bottom swap
        y = lay.page_h - y - options.card_h
    return round(x + options.offset_x, 4), round(y + options.offset_y, 4)


@dataclass
class PrintCard:
    """One distinct card to print: its face key, its data, how many copies, and an image if it has one."""

    key: str
    card: dict
    copies: int = 1
    image: str | None = None  # a file path: an uploaded image replaces the drawn face
    group: str = ""  # the deck section it is printed with (a group starts on a new sheet and is named on it)
    card_id: int | None = None  # the card's id in the database (exports link to its face)


def _copies(cards: Iterable[PrintCard]) -> Iterator[PrintCard]:
    for item in cards:
        for _ in range(max(0, item.copies)):
            yield item


def sheets_of(cards: Iterable[PrintCard], per_page: int) -> list[list[PrintCard]]:
    """The cards sheet by sheet (one entry a copy): full sheets, and each group (deck section) on sheets of
    its own, so that a section's cards are cut into their own pile."""
    sheets: list[list[PrintCard]] = []
    current: list[PrintCard] = []
    for item in _copies(cards):
        if current and (len(current) >= per_page or item.group != current[-1].group):
            sheets.append(current)
            current = []
        current.append(item)
    if current or not sheets:
        sheets.append(current)
    return sheets


def extend_edges(image, pad_x: int, pad_y: int):
    """The image with its edge pixels repeated outwards by pad_x / pad_y pixels: bleed for a picture that
    has none, so trimming a little off never shows white and the card itself is not scaled."""
    from PIL import Image

    w, h = image.size
    out = Image.new(image.mode, (w + 2 * pad_x, h + 2 * pad_y))
    out.paste(image, (pad_x, pad_y))
    if pad_x:
        out.paste(image.crop((0, 0, 1, h)).resize((pad_x, h)), (0, pad_y))
        out.paste(image.crop((w - 1, 0, w, h)).resize((pad_x, h)), (w + pad_x, pad_y))
    if pad_y:
        top = out.crop((0, pad_y, w + 2 * pad_x, pad_y + 1)).resize((w + 2 * pad_x, pad_y))
        bottom = out.crop((0, pad_y + h - 1, w + 2 * pad_x, pad_y + h)).resize((w + 2 * pad_x, pad_y))
        out.paste(top, (0, 0))
        out.paste(bottom, (0, pad_y + h))
    return out


def _draw_image(c, path: str, options: PrintOptions) -> bool:
    """An uploaded image fills the card's trim box; with bleed, its edges are extended past the trim.
    A JPEG stays a JPEG (embedded as it is without bleed, re-encoded once with it). False if the file
    cannot be read (the caller draws the face from data instead)."""
    from PIL import Image, UnidentifiedImageError
    from reportlab.lib.utils import ImageReader

    from cards.images import print_copy

    w, h = options.card_w * MM, options.card_h * MM
    b = options.bleed * MM
    try:
        # 300 dpi of the card and its bleed at most (cards.images.print_copy), never the original upload
        dots = 300 / 25.4
        path = print_copy(path, (round((options.card_w + 2 * options.bleed) * dots), round((options.card_h + 2 * options.bleed) * dots)))
        if not b:
            c.drawImage(path, 0, 0, w, h, preserveAspectRatio=False, mask="auto")
            return True
        with Image.open(path) as image:
            jpeg = image.format == "JPEG"
            image = image.convert("RGB" if jpeg or image.mode not in ("RGBA", "LA", "P") else "RGBA")
            pad_x = round(image.width * options.bleed / options.card_w)
            pad_y = round(image.height * options.bleed / options.card_h)
            padded = extend_edges(image, pad_x, pad_y)
    except (OSError, UnidentifiedImageError, ValueError):
        return False
    if jpeg:
        encoded = io.BytesIO()
        padded.save(encoded, "JPEG", quality=92)
        encoded.seek(0)
        padded = encoded
    c.drawImage(ImageReader(padded), -b, -b, w + 2 * b, h + 2 * b, preserveAspectRatio=False, mask="auto")
    return True


def _marks(c, options: PrintOptions, lay: Layout, floor: float = 0.0, ceiling: float | None = None) -> None:
    """Crop marks (outside the grid, on every trim line) or full cut lines. On the first page they stay
    between `floor` (the top of the ruler) and `ceiling` (the bottom of the reminder to print at 100%)."""
    ceiling = lay.page_h if ceiling is None else ceiling
    c.setStrokeColor(black)
    c.setLineWidth(0.25)
    x0, y0, x1, y1 = lay.grid
    xs = sorted({x for x, _ in lay.slots} | {x + options.card_w for x, _ in lay.slots})
    ys = sorted({y for _, y in lay.slots} | {y + options.card_h for _, y in lay.slots})
    if options.marks == "cut":
        for x in xs:
            c.line(x * MM, floor * MM, x * MM, ceiling * MM)
        for y in ys:
            c.line(0, y * MM, lay.page_w * MM, y * MM)
    elif options.marks == "crop":
        gap = MARK_GAP + options.bleed
        for x in xs:  # above and below the grid, in the margin
            top = min(y1 + gap + MARK_LENGTH, ceiling)
            if top > y1 + gap:
                c.line(x * MM, (y1 + gap) * MM, x * MM, top * MM)
            bottom = max(y0 - gap - MARK_LENGTH, floor)
            if bottom < y0 - gap:
                c.line(x * MM, (y0 - gap) * MM, x * MM, bottom * MM)
        for y in ys:  # left and right of the grid
            c.line((x0 - gap) * MM, y * MM, (x0 - gap - MARK_LENGTH) * MM, y * MM)
            c.line((x1 + gap) * MM, y * MM, (x1 + gap + MARK_LENGTH) * MM, y * MM)


def _ruler(c, lay: Layout, options: PrintOptions, note: str) -> float:
    """A 100 mm ruler with millimetre ticks in the bottom margin of the page, below the cards and their
    bleed; returns the height its top reaches (crop marks below the grid stop there)."""
    font = register()
    y = MIN_MARGIN
    x = (lay.page_w - RULER_LENGTH) / 2
    c.setStrokeColor(black)
    c.setLineWidth(0.3)
    c.line(x * MM, y * MM, (x + RULER_LENGTH) * MM, y * MM)
    for mm in range(0, int(RULER_LENGTH) + 1):
        tick = 2.5 if mm % 10 == 0 else (1.8 if mm % 5 == 0 else 1.0)
        c.line((x + mm) * MM, y * MM, (x + mm) * MM, (y + tick) * MM)
    c.setFillColor(black)
    c.setFont(font, 4.5)
    for mm in range(0, int(RULER_LENGTH) + 1, 10):
        c.drawString((x + mm + 0.4) * MM, (y + 1.3) * MM, str(mm))
    c.setFont(font, 6)
    c.drawString((x + RULER_LENGTH + 4) * MM, (y + 0.2) * MM, "100 mm")
    c.drawCentredString(lay.page_w / 2 * MM, (lay.page_h - MIN_MARGIN - 2.2) * MM, note)
    return y + RULER_HEIGHT


def _group_label(c, lay: Layout, options: PrintOptions, text: str) -> None:
    """The deck section a sheet holds, small in its top left corner; left out where a guide would cross it."""
    font = register()
    size = 7
    x0, y0 = MIN_MARGIN, lay.page_h - MIN_MARGIN - 2.2
    x1, y1 = x0 + c.stringWidth(text, font, size) / MM, y0 + 2.6
    if options.marks != "none":
        gx0, _gy0, _gx1, gy1 = lay.grid
        gap = MARK_GAP + options.bleed
        xs = {x for x, _ in lay.slots} | {x + options.card_w for x, _ in lay.slots}
        ys = {y for _, y in lay.slots} | {y + options.card_h for _, y in lay.slots}
        if options.marks == "cut":
            v_low, v_high, h_low, h_high = 0.0, lay.page_h, 0.0, lay.page_w
        else:
            v_low, v_high, h_low, h_high = gy1 + gap, gy1 + gap + MARK_LENGTH, gx0 - gap - MARK_LENGTH, gx0 - gap
        if any(x0 - 0.5 <= x <= x1 + 0.5 for x in xs) and v_high >= y0 - 0.5 and v_low <= y1 + 0.5:
            return
        if any(y0 - 0.5 <= y <= y1 + 0.5 for y in ys) and h_high >= x0 - 0.5 and h_low <= x1 + 0.5:
            return
    c.setFillColor(black)
    c.setFont(font, size)
    c.drawString(x0 * MM, y0 * MM, text)


NOTE_BAND = MIN_MARGIN + 3.0  # from the top edge: the reminder's line on the first page
# In the active language (a print job runs in the site's default, Japanese): one language on a sheet.
RULER_NOTE = gettext_noop("Print at 100% (actual size), not “fit to page”.")


def render(
    game: GameDef,
    cards: list[PrintCard],
    options: PrintOptions,
    title: str = "",
    progress: Callable[[int, int], None] | None = None,
    back_image: str | None = None,
) -> bytes:
    """The PDF bytes: fronts (and backs after each page of fronts when options.backs is set)."""
    register()
    lay = layout(options)
    buffer = io.BytesIO()
    c = Canvas(
        buffer, pagesize=(lay.page_w * MM, lay.page_h * MM), pageCompression=1, invariant=1, initialFontName=register()
    )
    c.setTitle(title or game.name_ja)
    c.setCreator("Card Game Workshop")
    w, h, b = options.card_w * MM, options.card_h * MM, options.bleed * MM
    defined: set[str] = set()

    def form_for(item: PrintCard) -> str:
        name = f"face-{item.key}"
        if name not in defined:
            c.beginForm(name, lowerx=-b, lowery=-b, upperx=w + b, uppery=h + b)
            if not (item.image and _draw_image(c, item.image, options)):
                draw_face(c, face_spec(item.card, game), w, h, b)
            c.endForm()
            defined.add(name)
        return name

    def back_form() -> str:
        name = "back"
        if name not in defined:
            c.beginForm(name, lowerx=-b, lowery=-b, upperx=w + b, uppery=h + b)
            if not (back_image and _draw_image(c, back_image, options)):
                draw_back(c, game, w, h, b)
            c.endForm()
            defined.add(name)
        return name

    total = sum(max(0, item.copies) for item in cards)
    done = 0
    for page, sheet in enumerate(sheets_of(cards, lay.per_page)):
        placed = []
        for slot, item in zip(lay.slots, sheet, strict=False):
            name = form_for(item)
            c.saveState()
            c.translate(slot[0] * MM, slot[1] * MM)
            c.doForm(name)
            c.restoreState()
            placed.append(slot)
            done += 1
        if page == 0 and options.ruler:
            _marks(c, options, lay, _ruler(c, lay, options, gettext(RULER_NOTE)), lay.page_h - NOTE_BAND)
        else:
            _marks(c, options, lay)
        if sheet and sheet[0].group:
            _group_label(c, lay, options, sheet[0].group)
        c.showPage()
        if options.backs != "none":
            name = back_form()
            for slot in placed:
                x, y = back_slot(options, lay, slot)
                c.saveState()
                c.translate(x * MM, y * MM)
                c.doForm(name)
                c.restoreState()
            c.showPage()
        if progress:
            progress(done, total)
    c.save()
    return buffer.getvalue()


def alignment_sheet(options: PrintOptions) -> bytes:
    """One sheet (front and back) for checking duplex alignment: each card's frame and centre cross on the
    front, the same mirrored (plus the offset) on the back; held to the light, the crosses should meet."""
    register()
    lay = layout(options)
    buffer = io.BytesIO()
    c = Canvas(buffer, pagesize=(lay.page_w * MM, lay.page_h * MM), invariant=1, initialFontName=register())
    c.setTitle("Duplex alignment test")
    font = register()
    for side in ("front", "back"):
        c.setStrokeColor(HexColor("#c62828") if side == "front" else HexColor("#1565c0"))
        c.setLineWidth(0.4)
        for slot in lay.slots:
            x, y = slot if side == "front" else back_slot(options, lay, slot)
            c.rect(x * MM, y * MM, options.card_w * MM, options.card_h * MM, stroke=1, fill=0)
            cx, cy = x + options.card_w / 2, y + options.card_h / 2
            c.line((cx - 10) * MM, cy * MM, (cx + 10) * MM, cy * MM)
            c.line(cx * MM, (cy - 10) * MM, cx * MM, (cy + 10) * MM)
            for mm in range(-10, 11):  # millimetre ticks: read how far the back is off
                tick = 1.5 if mm % 5 == 0 else 0.7
                c.line((cx + mm) * MM, (cy - tick) * MM, (cx + mm) * MM, (cy + tick) * MM)
                c.line((cx - tick) * MM, (cy + mm) * MM, (cx + tick) * MM, (cy + mm) * MM)
            c.setFont(font, 6)
            c.drawString((x + 2) * MM, (y + options.card_h - 4) * MM, "↑ 上 top")
        c.setFillColor(black)
        c.setFont(font, 9)
        label = (
            "表 FRONT: print both sides, hold to the light; the blue cross should sit on the red one"
            if side == "front"
            else f"裏 BACK ({options.backs}-edge flip, correction {options.offset_x:+g}/{options.offset_y:+g} mm): "
            "enter the gap you read as the opposite correction"
        )
        c.drawCentredString(lay.page_w / 2 * MM, (MIN_MARGIN + 1) * MM, label)
        c.showPage()
    c.save()
    return buffer.getvalue()
