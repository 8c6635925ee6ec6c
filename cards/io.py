"""Card files in and out: CSV and JSON, with row numbers for every problem.

Reading gives `RawRow`s: the values a file provides for one card (only the
columns it has), with the line or index they came from. Validation and
writing are the services' job. Writing is deterministic, so that
export -> import into an empty database -> export gives identical bytes.
"""

from __future__ import annotations

import csv
import io
import json
import re
from dataclasses import dataclass, field
from pathlib import Path

from rules.declare import COMMON_FIELDS, COMMON_KEYS, GameDef

from . import csvcells

FORMAT_ID = "cardgames.cards/1"
FORMATS = ("csv", "json")
MAPPINGS_DIR = Path(__file__).resolve().parent / "mappings"


class CardFileError(ValueError):
    """The file as a whole cannot be read (encoding, syntax, header)."""


@dataclass
class RawRow:
    row: int  # CSV: the line number in the file; JSON: the card's position (1-based)
    values: dict  # common keys -> raw value, "fields" -> {game key: raw value}
    errors: list = field(default_factory=list)  # (field, message) found while reading


@dataclass(frozen=True)
class Mapping:
    """How a foreign CSV's columns map onto card fields."""

    name: str
    columns: dict  # source header -> target key (common key or game field key)
    ignore: tuple = ()
    description: str = ""


def load_mapping(name_or_path: str) -> Mapping:
    path = Path(name_or_path)
    if not path.suffix:
        path = MAPPINGS_DIR / f"{name_or_path}.json"
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        known = " ".join(sorted(p.stem for p in MAPPINGS_DIR.glob("*.json")))
        raise CardFileError(f"no column mapping {name_or_path!r} (built in: {known})") from None
    except json.JSONDecodeError as exc:
        raise CardFileError(f"mapping {path}: invalid JSON at line {exc.lineno}: {exc.msg}") from None
    return Mapping(
        name=path.stem,
        columns=dict(data.get("columns", {})),
        ignore=tuple(data.get("ignore", ())),
        description=data.get("description", ""),
    )


def builtin_mappings() -> list[Mapping]:
    return [load_mapping(p.stem) for p in sorted(MAPPINGS_DIR.glob("*.json"))]


# -- reading ---------------------------------------------------------------------


def import_limit_bytes() -> int:
    """The largest card file an import reads: settings.CARD_IMPORT_MAX_MB."""
    from django.conf import settings

    return int(settings.CARD_IMPORT_MAX_MB * 1024 * 1024)


UTF16_BOMS = (b"\xff\xfe", b"\xfe\xff")  # as Excel's "Unicode text" saves a sheet


def decode(data: bytes) -> str:
    """UTF-8 (with or without BOM), UTF-16 with its BOM, else Shift_JIS as Japanese spreadsheets save it."""
    if data.startswith(UTF16_BOMS):
        try:
            return data.decode("utf-16")  # the BOM gives the byte order and is dropped
        except UnicodeDecodeError as exc:
            raise CardFileError(f"the file starts as UTF-16 but is not UTF-16 text (byte {exc.start})") from None
    head = data[:4096]
    # UTF-16 without its BOM holds a NUL in about every other byte (ASCII) or often (kana); a stray NUL in UTF-8
    # text is a bad value that the row check names by its field instead.
    if head and head.count(b"\x00") * 8 >= len(head):
        raise CardFileError("the file looks like UTF-16 without a byte-order mark: save it as UTF-8 (or UTF-16 with a BOM)")
    for encoding in ("utf-8-sig", "cp932"):
        try:
            return data.decode(encoding)
        except UnicodeDecodeError:
            continue
    raise CardFileError("the file is neither UTF-8, UTF-16 (with a BOM) nor Shift_JIS text")


def detect_format(data: bytes, filename: str = "") -> str:
    suffix = Path(filename).suffix.lower().lstrip(".")
    if suffix in FORMATS:
        return suffix
    head = data.lstrip(b"\xef\xbb\xbf \t\r\n")[:1]
    return "json" if head in (b"{", b"[") else "csv"


def read_rows(data: bytes, game: GameDef, fmt: str, mapping: Mapping | None = None) -> list[RawRow]:
    if fmt not in FORMATS:
        raise CardFileError(f"unknown format {fmt!r} (use csv or json)")
    if fmt == "json":
        if mapping is not None:
            raise CardFileError("a column mapping applies to CSV files only")
        try:
            text = data.decode("utf-8-sig")  # JSON is UTF-8 by definition
        except UnicodeDecodeError as exc:
            raise CardFileError(f"not UTF-8 text (byte {exc.start})") from None
        return _read_json(text, game)
    return _read_csv(decode(data), game, mapping)


def _read_json(text: str, game: GameDef) -> list[RawRow]:
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as exc:
        raise CardFileError(f"invalid JSON at line {exc.lineno}, column {exc.colno}: {exc.msg}") from None
    except (ValueError, RecursionError):  # a number of thousands of digits, or absurd nesting
        raise CardFileError("invalid JSON: a value is too large or nested too deeply") from None
    if isinstance(doc, dict):
        if doc.get("game") not in (None, game.slug):
            raise CardFileError(f"this file holds cards of {doc.get('game')!r}, not {game.slug!r}")
        cards = doc.get("cards")
        unknown = set(doc) - {"format", "game", "cards"}
        if unknown:
            raise CardFileError(f"unknown top-level keys: {', '.join(sorted(unknown))}")
    else:
        cards = doc
    if not isinstance(cards, list):
        raise CardFileError('expected a list of cards (or an object with "cards": [...])')
    rows = []
    for index, card in enumerate(cards, start=1):
        if not isinstance(card, dict):
            rows.append(RawRow(index, {}, [("card", f"expected an object, got {type(card).__name__}")]))
            continue
        rows.append(RawRow(index, dict(card)))
    return rows


def _read_csv(text: str, game: GameDef, mapping: Mapping | None) -> list[RawRow]:
    reader = csv.reader(io.StringIO(text, newline=""))
    try:
        header = next(reader)
    except StopIteration:
        raise CardFileError("the file is empty") from None
    except csv.Error as exc:
        raise CardFileError(f"line 1: {exc}") from None
    header = [h.strip() for h in header]
    game_keys = {f.key for f in game.fields}
    targets: list[tuple[str, str] | None] = []  # per column: ("common"|"fields"|"blank", key), None to skip
    problems = []
    seen: dict[str, str] = {}
    for column in header:
        target = column
        if column == "":
            targets.append(("blank", ""))  # spreadsheets add these; ignored while their cells are empty
            continue
        if mapping is not None:
            if column in mapping.ignore:
                targets.append(None)
                continue
            target = mapping.columns.get(column, column)
        if target.startswith("fields."):
            target = target[len("fields.") :]
        if target in COMMON_KEYS:
            where = "common"
        elif target in game_keys:
            where = "fields"
        else:
            problems.append(column)
            targets.append(None)
            continue
        if target in seen:
            raise CardFileError(f"columns {seen[target]!r} and {column!r} both give {target!r}")
        seen[target] = column
        targets.append((where, target))
    if problems:
        known = " ".join(list(COMMON_KEYS) + [f.key for f in game.fields])
        raise CardFileError(f"line 1: unknown column(s) {', '.join(map(repr, problems))} (known: {known})")
    if "name" not in seen:
        raise CardFileError("line 1: no 'name' column")
    rows = []
    line = 1
    while True:
        try:
            cells = next(reader)
        except StopIteration:
            break
        except csv.Error as exc:
            raise CardFileError(f"line {reader.line_num}: {exc}") from None
        start, line = line + 1, reader.line_num
        if not any(c.strip() for c in cells):
            continue  # blank line
        values: dict = {"fields": {}}
        errors = []
        if len(cells) > len(header):
            errors.append(("row", f"{len(cells)} cells but the header has {len(header)} columns"))
        for position, (target, cell) in enumerate(zip(targets, cells, strict=False), start=1):
            if target is None:
                continue
            where, key = target
            if where == "blank":
                if cell.strip():
                    errors.append(("row", f"column {position} has a value but no header"))
                continue
            cell = csvcells.restore(cell)  # the leading ' the export adds before =, +, -, @ (cards/csvcells.py)
            if where == "common":
                values[key] = cell
            else:
                values["fields"][key] = cell
        rows.append(RawRow(start, values, errors))
    return rows


# -- writing -----------------------------------------------------------------------


def _natural(text: str) -> tuple:
    # ASCII digits only: "①" or "５" are text here (str.isdigit() would accept them but int() would not).
    return tuple((0, int(part), "") if part[0] in "0123456789" else (1, 0, part) for part in re.findall(r"[0-9]+|[^0-9]+", text))


def export_sort_key(card: dict) -> tuple:
    return (card["number"] == "", _natural(card["number"]), card["name"], card.get("reading", ""))


def dump_json(game: GameDef, cards: list[dict]) -> bytes:
    ordered = sorted(cards, key=export_sort_key)
    out = []
    for card in ordered:
        item = {key: card[key] for key in COMMON_KEYS}
        item["fields"] = {f.key: card["fields"][f.key] for f in game.fields if f.key in card["fields"]}
        out.append(item)
    doc = {"format": FORMAT_ID, "game": game.slug, "cards": out}
    return (json.dumps(doc, ensure_ascii=False, indent=2) + "\n").encode("utf-8")


def dump_csv(game: GameDef, cards: list[dict]) -> bytes:
    common = {f.key: f for f in COMMON_FIELDS}
    buffer = io.StringIO(newline="")
    writer = csvcells.writer(buffer, lineterminator="\r\n")  # no cell a spreadsheet would run
    writer.writerow(list(COMMON_KEYS) + [f.key for f in game.fields])
    for card in sorted(cards, key=export_sort_key):
        row = [common[key].to_text(card[key]) for key in COMMON_KEYS]
        row += [f.to_text(card["fields"].get(f.key)) for f in game.fields]
        writer.writerow(row)
    # With a BOM, so that spreadsheet programs read the Japanese text as UTF-8.
    return buffer.getvalue().encode("utf-8-sig")
