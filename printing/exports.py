"""A deck, pool or set for the tables players use elsewhere: Tabletop Simulator, Cockatrice, print shops.

Pure: cards in (PrintCard lists, as the PDFs take them, each tagged with its deck section), files out as
{name in the zip: bytes}. The faces are the PDFs' faces: the drawn face (printing/faces.py) rasterised with
PDFium, or the card's uploaded image; print-shop bleed is the PDFs' edge extension (sheets.extend_edges).

- Tabletop Simulator (`tts_files`): a saved object (one DeckCustom per deck section, as the game's format
  declares its sections; one Card per copy), face sheets of at most 10×7 faces, and the back.
- Cockatrice (`cockatrice_files`): a custom card database (cockatrice_carddatabase version 4) with each
  card's text and game fields, its set, the pictures under pics/CUSTOM/, and the deck as a .cod file.
- Print shops (`print_shop_files`): one PNG per distinct face at 300 dpi with 1/8 inch bleed, sRGB, and
  copies.csv (file, name, copies).
"""

from __future__ import annotations

import hashlib
import io
import json
import math
import re
import unicodedata
import zipfile
from collections.abc import Callable
from contextvars import ContextVar
from dataclasses import dataclass
from xml.etree import ElementTree as ET

from reportlab.pdfgen.canvas import Canvas

from cards import csvcells
from rules.declare import GameDef

from .faces import draw_back, draw_face, face_spec
from .fonts import register
from .sheets import MM, PrintCard, extend_edges

# -- file names -------------------------------------------------------------------------------------------

UNSAFE = re.compile(r'[\x00-\x1f\x7f<>:"/\\|?*]')
RESERVED = re.compile(r"^(con|prn|aux|nul|com[0-9]|lpt[0-9])(\..*)?$", re.IGNORECASE)
MAX_NAME_BYTES = 180  # well under the 255 bytes file systems allow, with room for a suffix


def safe_filename(name: str, fallback: str = "card") -> str:
    """A file name (no extension) that every file system and zip tool takes: the name as it is (Japanese
    stays Japanese, NFC), with path separators, Windows' forbidden characters and control characters
    replaced by "_", no leading or trailing dots and spaces, no reserved device name, at most 180 bytes."""
    text = UNSAFE.sub("_", unicodedata.normalize("NFC", name or ""))
    text = re.sub(r"\s+", " ", text).strip(" .")
    while len(text.encode("utf-8")) > MAX_NAME_BYTES:
        text = text[:-1]
    text = text.rstrip(" .")
    if not text:
        text = fallback
    if RESERVED.match(text):
        text = "_" + text
    return text


def cockatrice_picture_name(name: str) -> str:
    """The file name Cockatrice looks for a custom card's picture under: it drops " // ", ":", '"' and "?"
    from the card name and turns "/" into a space (CardInfo::getCorrectedName); what remains is made safe."""
    corrected = name.replace(" // ", "").replace(":", "").replace('"', "").replace("?", "").replace("/", " ")
    return safe_filename(corrected)


def unique_names(names: list[str]) -> list[str]:
    """The names with a " (2)", " (3)" … added to a repeated one (compared case-blind, as file systems do)."""
    seen: dict[str, int] = {}
    out = []
    for name in names:
        key = name.casefold()
        if key in seen:
            n = seen[key] + 1
            while f"{name} ({n})".casefold() in seen:
                n += 1
            seen[key] = n
            name = f"{name} ({n})"
            key = name.casefold()
        seen[key] = 1
        out.append(name)
    return out


def zip_bytes(files: dict[str, bytes]) -> bytes:
    """The files as a zip (names in UTF-8, PNGs stored: they are compressed already)."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        for name, data in files.items():
            info = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_STORED if name.endswith(".png") else zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, data)
    return out.getvalue()


# -- what is exported -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Export:
    """What to export: the game, a title (the deck's name), the cards with their copies (each item's
    `group` names its deck section; consecutive items of one group are one deck), the card size in mm and
    the game's uploaded back (a file path) if it has one."""

    game: GameDef
    title: str
    items: list[PrintCard]
    card_w: float = 63.0
    card_h: float = 88.0
    back_image: str | None = None

    def groups(self) -> list[tuple[str, list[PrintCard]]]:
        """The deck sections in order, each (label, its cards); a deck of one section is one unnamed group."""
        out: list[tuple[str, list[PrintCard]]] = []
        for item in self.items:
            if item.copies <= 0:
                continue
            if out and out[-1][0] == item.group:
                out[-1][1].append(item)
            else:
                out.append((item.group, [item]))
        return out

    def distinct(self) -> list[tuple[PrintCard, int]]:
        """Each distinct face once, in order, with its copies over all sections."""
        copies: dict[str, int] = {}
        first: dict[str, PrintCard] = {}
        for item in self.items:
            if item.copies > 0:
                first.setdefault(item.key, item)
                copies[item.key] = copies.get(item.key, 0) + item.copies
        return [(first[key], copies[key]) for key in first]


# -- faces as images --------------------------------------------------------------------------------------


def _uploaded(path: str, size: tuple[int, int], export: Export | None = None):
    """The uploaded image stretched to the card's box, as the PDFs place it (None if it cannot be read).
    Read from its print copy (cards.images.print_copy: no larger than the card at 300 dpi with its bleed),
    never the original upload of up to 40 megapixels."""
    from PIL import Image, UnidentifiedImageError

    from cards.images import print_copy

    try:
        box = print_size(export.card_w, export.card_h)[1] if export is not None else size
        with Image.open(print_copy(path, (max(box[0], size[0]), max(box[1], size[1])))) as image:
            image.load()
            if image.mode in ("RGBA", "LA", "P"):
                image = image.convert("RGBA")
                flat = Image.new("RGB", image.size, "white")
                flat.paste(image, mask=image.getchannel("A"))
                image = flat
            return image.convert("RGB").resize(size, Image.LANCZOS)
    except (OSError, UnidentifiedImageError, ValueError):
        return None


# Called once for each face drawn or read while an export job runs (its progress page counts them); None
# outside a job. A context variable, so that the drawing functions need no parameter for it.
face_done: ContextVar[Callable[[], None] | None] = ContextVar("face_done", default=None)


def _tick() -> None:
    hook = face_done.get()
    if hook is not None:
        hook()


def _rasterise(pages: list[Callable], w_mm: float, h_mm: float, size: tuple[int, int]) -> list:
    """Draw each page (a callable taking the canvas and the card's width and height in points) on one PDF
    of card-sized pages and render each page to exactly `size` pixels with PDFium."""
    if not pages:
        return []
    import pypdfium2 as pdfium
    from PIL import Image

    from .raster import PDFIUM

    buffer = io.BytesIO()
    w, h = w_mm * MM, h_mm * MM
    c = Canvas(buffer, pagesize=(w, h), invariant=1, initialFontName=register())
    for page in pages:
        page(c, w, h)
        c.showPage()
    c.save()
    images = []
    with PDFIUM:
        document = pdfium.PdfDocument(buffer.getvalue())
        try:
            for index in range(len(pages)):
                sheet = document[index]
                image = sheet.render(scale=size[0] / sheet.get_width()).to_pil().convert("RGB")
                if image.size != size:
                    image = image.resize(size, Image.LANCZOS)
                images.append(image)
                _tick()
        finally:
            document.close()
    return images


def _face_page(spec) -> Callable:
    return lambda c, w, h: draw_face(c, spec, w, h)


def face_images(export: Export, items: list[PrintCard], size: tuple[int, int]) -> dict[str, object]:
    """Each distinct face among `items` as an RGB image of `size` pixels: its uploaded image, else its face
    drawn as the PDFs draw it. Keyed by face key."""
    out: dict[str, object] = {}
    drawn: list[PrintCard] = []
    for item in items:
        if item.key in out or any(d.key == item.key for d in drawn):
            continue
        image = _uploaded(item.image, size, export) if item.image else None
        if image is not None:
            out[item.key] = image
            _tick()
        else:
            drawn.append(item)
    pages = [_face_page(face_spec(item.card, export.game)) for item in drawn]
    for item, image in zip(drawn, _rasterise(pages, export.card_w, export.card_h, size), strict=True):
        out[item.key] = image
    return out


def back_image(export: Export, size: tuple[int, int]):
    """The game's back: its uploaded back, else the drawn default back (as the PDFs print it)."""
    image = _uploaded(export.back_image, size, export) if export.back_image else None
    if image is None:
        image = _rasterise([lambda c, w, h: draw_back(c, export.game, w, h)], export.card_w, export.card_h, size)[0]
    return image


def _png(image, **params) -> bytes:
    out = io.BytesIO()
    image.save(out, "PNG", compress_level=3, **params)  # level 3: as small as 6 here, twice as fast
    return out.getvalue()


# -- Tabletop Simulator -----------------------------------------------------------------------------------

TTS_COLS, TTS_ROWS = 10, 7  # the most TTS takes on one sheet
TTS_PER_SHEET = TTS_COLS * TTS_ROWS
TTS_MAX_SHEET = 4096  # pixels either way: what TTS loads everywhere
TTS_CARD_WIDTH = 400


def tts_card_size(card_w: float, card_h: float) -> tuple[int, int]:
    """A card's pixels on a TTS sheet: 400 wide, unless 7 rows of it would pass 4096 pixels."""
    width, height = TTS_CARD_WIDTH, round(TTS_CARD_WIDTH * card_h / card_w)
    if height * TTS_ROWS > TTS_MAX_SHEET:
        height = TTS_MAX_SHEET // TTS_ROWS
        width = round(height * card_w / card_h)
    if width * TTS_COLS > TTS_MAX_SHEET:
        width = TTS_MAX_SHEET // TTS_COLS
        height = round(width * card_h / card_w)
    return width, height


def sheet_grid(count: int) -> tuple[int, int]:
    """(NumWidth, NumHeight) for a sheet of `count` faces: at most 10 across and 7 down."""
    cols = max(1, min(TTS_COLS, count))
    return cols, max(1, math.ceil(count / cols))


@dataclass(frozen=True)
class TtsSheet:
    """One face sheet of a TTS deck: its faces in slot order (reading order) and its grid."""

    name: str  # the file name in the zip: sheet-1.png …
    faces: tuple[PrintCard | None, ...]  # None: a blank slot (a card deleted since a site export was made)
    cols: int
    rows: int


def tts_sheets(export: Export) -> list[tuple[str, list[PrintCard], list[TtsSheet]]]:
    """Each deck section with its cards and its sheets (a section's distinct faces, 70 to a sheet)."""
    out = []
    number = 0
    for label, items in export.groups():
        faces = list({item.key: item for item in items}.values())
        sheets = []
        for start in range(0, len(faces), TTS_PER_SHEET):
            chunk = tuple(faces[start:start + TTS_PER_SHEET])
            number += 1
            sheets.append(TtsSheet(f"sheet-{number}.png", chunk, *sheet_grid(len(chunk))))
        out.append((label, items, sheets))
    return out


def tts_sheet_png(export: Export, sheet: TtsSheet) -> bytes:
    """The sheet's PNG: NumWidth × card width by NumHeight × card height pixels, faces in reading order."""
    from PIL import Image

    cw, ch = tts_card_size(export.card_w, export.card_h)
    images = face_images(export, [item for item in sheet.faces if item is not None], (cw, ch))
    canvas = Image.new("RGB", (sheet.cols * cw, sheet.rows * ch), "white")
    for slot, item in enumerate(sheet.faces):
        if item is not None:
            canvas.paste(images[item.key], ((slot % sheet.cols) * cw, (slot // sheet.cols) * ch))
    return _png(canvas)


def tts_back_png(export: Export) -> bytes:
    return _png(back_image(export, tts_card_size(export.card_w, export.card_h)))


def _guid(*parts) -> str:
    return hashlib.sha1("/".join(map(str, parts)).encode()).hexdigest()[:6]


def _transform(x: float = 0.0, y: float = 1.0, z: float = 0.0, face_down: bool = True) -> dict:
    return {
        "posX": x, "posY": y, "posZ": z,
        "rotX": 0.0, "rotY": 180.0, "rotZ": 180.0 if face_down else 0.0,
        "scaleX": 1.0, "scaleY": 1.0, "scaleZ": 1.0,
    }


def _card_text(item: PrintCard) -> str:
    card = item.card
    return "\n".join(x for x in (card.get("card_type") or "", card.get("rules_text") or "") if x)


def tts_save(export: Export, sheet_url: Callable[[TtsSheet], str], back_url: str) -> dict:
    """The saved object: ObjectStates holds one DeckCustom per deck section (a section of one card is a
    Card: TTS has no deck of one), one Card per copy named as the card, each sheet a CustomDeck entry."""
    states = []
    deck_id = 0
    for index, (label, items, sheets) in enumerate(tts_sheets(export)):
        custom: dict[str, dict] = {}
        card_ids: dict[str, tuple[int, str]] = {}  # face key -> (CardID, its CustomDeck key)
        for sheet in sheets:
            deck_id += 1
            custom[str(deck_id)] = {
                "FaceURL": sheet_url(sheet),
                "BackURL": back_url,
                "NumWidth": sheet.cols,
                "NumHeight": sheet.rows,
                "BackIsHidden": True,
                "UniqueBack": False,
                "Type": 0,
            }
            for slot, item in enumerate(sheet.faces):
                card_ids[item.key] = (deck_id * 100 + slot, str(deck_id))
        cards = []
        for item in items:
            card_id, key = card_ids[item.key]
            for copy in range(item.copies):
                cards.append({
                    "GUID": _guid(export.title, index, item.key, copy),
                    "Name": "Card",
                    "Transform": _transform(),
                    "Nickname": item.card.get("name", ""),
                    "Description": _card_text(item),
                    "CardID": card_id,
                    "CustomDeck": {key: custom[key]},
                    "Hands": True,
                    "SidewaysCard": False,
                    "Locked": False,
                    "Grid": True,
                    "Snap": True,
                    "Tooltip": True,
                })
        name = label or export.title
        transform = _transform(x=index * 3.0)
        if len(cards) == 1:
            states.append({**cards[0], "Transform": transform})
            continue
        states.append({
            "GUID": _guid(export.title, index),
            "Name": "DeckCustom",
            "Transform": transform,
            "Nickname": name,
            "Description": export.title if label else "",
            "DeckIDs": [card["CardID"] for card in cards],
            "CustomDeck": custom,
            "ContainedObjects": cards,
            "Hands": False,
            "SidewaysCard": False,
            "Locked": False,
            "Grid": True,
            "Snap": True,
            "Tooltip": True,
        })
    return {
        "SaveName": export.title,
        "GameMode": "",
        "Gravity": 0.5,
        "PlayArea": 0.5,
        "Date": "",
        "Table": "",
        "Sky": "",
        "Note": "",
        "Rules": "",
        "XmlUI": "",
        "LuaScript": "",
        "LuaScriptState": "",
        "ObjectStates": states,
        "TabStates": {},
        "VersionNumber": "",
    }


def tts_files(export: Export, base_url: str = "", sheet_url: Callable[[TtsSheet], str] | None = None,
              back_url: str | None = None) -> dict[str, bytes]:
    """The zip's files: <title>.json (the saved object), the sheets and back.png. The JSON's URLs are the
    files' names with `base_url` before them, unless `sheet_url` / `back_url` say otherwise (the site's
    own absolute URLs)."""
    files: dict[str, bytes] = {}
    for _label, _items, sheets in tts_sheets(export):
        for sheet in sheets:
            files[sheet.name] = tts_sheet_png(export, sheet)
    files["back.png"] = tts_back_png(export)
    save = tts_save(
        export,
        sheet_url or (lambda sheet: base_url + sheet.name),
        back_url if back_url is not None else base_url + "back.png",
    )
    body = json.dumps(save, ensure_ascii=False, indent=2).encode("utf-8")
    return {f"{safe_filename(export.title, 'deck')}.json": body, **files}


# -- Cockatrice -------------------------------------------------------------------------------------------

COCKATRICE_PICTURE = (488, 680)  # Cockatrice's own card pictures' size (63×88); other sizes keep the width
XML_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_.-]*$")


def _prop_tag(key: str) -> str:
    tag = key if XML_NAME.match(key) and not key.lower().startswith("xml") else "f_" + re.sub(r"[^A-Za-z0-9_.-]", "_", key)
    return tag


def _text_value(field, value) -> str:
    if field is not None:
        return field.to_text(value)
    if isinstance(value, (list, tuple)):
        return " | ".join(str(v) for v in value)
    return "" if value is None else str(value)


def set_code(export: Export) -> str:
    return export.game.slug.upper()


def cockatrice_names(export: Export) -> dict[str, str]:
    """Each distinct face's name in Cockatrice (which knows a card by its name): the card's name, with
    " (2)" … added to a second card of the same name."""
    distinct = export.distinct()
    names = unique_names([item.card.get("name", "") or "?" for item, _n in distinct])
    return {item.key: name for (item, _n), name in zip(distinct, names, strict=True)}


def cockatrice_database(export: Export, names: dict[str, str], created: str = "") -> bytes:
    """cockatrice_carddatabase version 4: the game as the set, each card with its text and its card type,
    cost and game fields as <prop> elements."""
    game = export.game
    root = ET.Element("cockatrice_carddatabase", version="4")
    info = ET.SubElement(root, "info")
    ET.SubElement(info, "author").text = "Card Game Workshop"
    if created:
        ET.SubElement(info, "createdAt").text = created
    sets = ET.SubElement(root, "sets")
    one = ET.SubElement(sets, "set")
    ET.SubElement(one, "name").text = set_code(export)
    ET.SubElement(one, "longname").text = game.name_ja
    ET.SubElement(one, "settype").text = "Custom"
    cards = ET.SubElement(root, "cards")
    fields = {f.key: f for f in game.fields}
    for item, _copies in export.distinct():
        data = item.card
        card = ET.SubElement(cards, "card")
        ET.SubElement(card, "name").text = names[item.key]
        text = data.get("rules_text") or ""
        keywords = " ".join(f"■{k}" for k in data.get("keywords") or [] if k not in text)
        ET.SubElement(card, "text").text = "\n".join(x for x in (keywords, text) if x)
        prop = ET.SubElement(card, "prop")
        ctype = game.card_type(data.get("card_type", ""))
        type_name = ctype.ja if ctype else data.get("card_type", "")
        ET.SubElement(prop, "type").text = type_name
        ET.SubElement(prop, "maintype").text = type_name
        if data.get("cost") is not None:
            ET.SubElement(prop, "manacost").text = str(data["cost"])
            ET.SubElement(prop, "cmc").text = str(data["cost"])
        for key in ("reading", "flavor_text", "rarity"):
            if data.get(key):
                ET.SubElement(prop, key).text = str(data[key])
        if data.get("aliases"):
            ET.SubElement(prop, "aliases").text = " | ".join(data["aliases"])
        for key, value in (data.get("fields") or {}).items():
            shown = _text_value(fields.get(key), value)
            if shown:
                ET.SubElement(prop, _prop_tag(key)).text = shown
        attrs = {}
        if data.get("number"):
            attrs["num"] = str(data["number"])
        if data.get("rarity"):
            attrs["rarity"] = str(data["rarity"])
        ET.SubElement(card, "set", attrs).text = set_code(export)
        ET.SubElement(card, "tablerow").text = "1"
    ET.indent(root)
    return b'<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="utf-8")


def cockatrice_deck(export: Export, names: dict[str, str]) -> bytes:
    """The deck as a .cod: the first section in the "main" zone, the other sections (a skill, status or
    weather deck …) in "side", which the comments name; one <card number= name=> per card."""
    root = ET.Element("cockatrice_deck", version="1")
    ET.SubElement(root, "deckname").text = export.title
    groups = export.groups()
    extra = [label for label, _items in groups[1:] if label]
    ET.SubElement(root, "comments").text = " / ".join(extra)
    zones: dict[str, dict[str, int]] = {}
    for index, (_label, items) in enumerate(groups):
        zone = zones.setdefault("main" if index == 0 else "side", {})
        for item in items:
            zone[names[item.key]] = zone.get(names[item.key], 0) + item.copies
    for zone_name, counts in zones.items():
        zone = ET.SubElement(root, "zone", name=zone_name)
        for name, count in counts.items():
            ET.SubElement(zone, "card", number=str(count), name=name)
    ET.indent(root)
    return b'<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="utf-8")


def cockatrice_files(export: Export, created: str = "") -> dict[str, bytes]:
    """<game>.xml (the card database: put it in Cockatrice's customsets folder), <deck>.cod, and
    pics/CUSTOM/<name>.png for each card."""
    names = cockatrice_names(export)
    width = COCKATRICE_PICTURE[0]
    size = (width, round(width * export.card_h / export.card_w))
    items = [item for item, _n in export.distinct()]
    images = face_images(export, items, size)
    files = {
        f"{safe_filename(export.game.slug)}.xml": cockatrice_database(export, names, created),
        f"{safe_filename(export.title, 'deck')}.cod": cockatrice_deck(export, names),
    }
    for item in items:
        files[f"pics/CUSTOM/{cockatrice_picture_name(names[item.key])}.png"] = _png(images[item.key])
    return files


# -- print shops ------------------------------------------------------------------------------------------

DPI = 300
BLEED_INCH = 1 / 8


def print_size(card_w: float, card_h: float) -> tuple[tuple[int, int], tuple[int, int]]:
    """((trim width, trim height), (width, height) with the bleed) in pixels at 300 dpi:
    63×88 mm -> (744, 1039), (819, 1114)."""
    trim = (round(card_w / 25.4 * DPI), round(card_h / 25.4 * DPI))
    full = (round((card_w / 25.4 + 2 * BLEED_INCH) * DPI), round((card_h / 25.4 + 2 * BLEED_INCH) * DPI))
    return trim, full


def with_bleed(image, full: tuple[int, int]):
    """The face with its edges extended outwards (sheets.extend_edges, as the PDFs' bleed) to `full`
    pixels; an odd pixel of bleed goes to the right and bottom."""
    w, h = image.size
    pad_x, pad_y = (full[0] - w) // 2, (full[1] - h) // 2
    extended = extend_edges(image, pad_x + 1, pad_y + 1)
    return extended.crop((1, 1, 1 + full[0], 1 + full[1]))


def srgb_profile() -> bytes:
    from PIL import ImageCms

    return ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes()


def print_shop_png(image, full: tuple[int, int], icc: bytes) -> bytes:
    return _png(with_bleed(image, full), dpi=(DPI, DPI), icc_profile=icc)


def print_shop_files(export: Export) -> dict[str, bytes]:
    """One PNG per distinct face (300 dpi, 1/8 inch bleed extended from its edges, an sRGB profile),
    back.png, and copies.csv: file, name, copies."""
    trim, full = print_size(export.card_w, export.card_h)
    distinct = export.distinct()
    images = face_images(export, [item for item, _n in distinct], trim)
    icc = srgb_profile()
    files: dict[str, bytes] = {}
    rows = []
    names = unique_names([safe_filename(item.card.get("name", "")) for item, _n in distinct])
    for number, ((item, copies), name) in enumerate(zip(distinct, names, strict=True), start=1):
        file_name = f"{number:03d}-{name}.png"
        files[file_name] = print_shop_png(images[item.key], full, icc)
        rows.append((file_name, item.card.get("name", ""), copies))
    files["back.png"] = print_shop_png(back_image(export, trim), full, icc)
    table = io.StringIO()
    writer = csvcells.writer(table, lineterminator="\r\n")  # a card named =HYPERLINK(…) stays text
    writer.writerow(("file", "name", "copies"))
    writer.writerows(rows)
    files["copies.csv"] = table.getvalue().encode("utf-8-sig")
    return files


# -- one entry point --------------------------------------------------------------------------------------

FORMATS = ("tts", "cockatrice", "images")


def export_files(export: Export, fmt: str, *, base_url: str = "", sheet_url=None, back_url=None, created: str = "") -> dict[str, bytes]:
    if fmt == "tts":
        return tts_files(export, base_url=base_url, sheet_url=sheet_url, back_url=back_url)
    if fmt == "cockatrice":
        return cockatrice_files(export, created=created)
    if fmt == "images":
        return print_shop_files(export)
    raise ValueError(f"unknown export format {fmt!r}: one of {', '.join(FORMATS)}")
