"""Typed card-field declarations and their validation.

Plain Python, no Django: the web shell, the importer and the engine all use
these to turn loose input (form strings, CSV cells, JSON values) into clean,
canonical values, or into errors that name the field at fault.

Errors carry an English message template and its parameters, so the Django
shell can translate the template and fill it in.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

# Field kinds.
INT = "int"  # whole number, optionally bounded
STR = "str"  # one line of text
TEXT = "text"  # multi-line text
BOOL = "bool"
CHOICE = "choice"  # one of `choices`
CHOICES = "choices"  # an ordered, duplicate-free list drawn from `choices`
STRINGS = "strings"  # an open list of single words (tags, races, keywords)
NAMES = "names"  # an open list of names (may hold spaces); text form separates them with "|"
LIMIT = "limit"  # a deck copy limit: a whole number >= 0, or "unlimited"
RECORDS = "records"  # a list of objects, each validated by `subfields`

KINDS = (INT, STR, TEXT, BOOL, CHOICE, CHOICES, STRINGS, NAMES, LIMIT, RECORDS)

UNLIMITED = "unlimited"
_UNLIMITED_WORDS = {"unlimited", "∞", "無制限", "無限"}
_TRUE_WORDS = {"1", "true", "yes", "y", "on", "はい", "○", "◯"}
_FALSE_WORDS = {"0", "false", "no", "n", "off", "いいえ", "×", ""}
# Separators accepted between list items in text input (CSV cells, form fields).
LIST_SPLIT = re.compile(r"\s*[|,、，]\s*|\s+")
NAME_SPLIT = re.compile(r"\s*\|\s*")


@dataclass(frozen=True)
class FieldError:
    """One problem with one field. `template` is English, with {named} slots."""

    field: str
    template: str
    params: dict = field(default_factory=dict)

    @property
    def message(self) -> str:
        return self.template.format(field=self.field, **self.params)

    @property
    def top(self) -> str:
        """The card field the error is in: "effects[1].kind" -> "effects"."""
        return self.field.split("[", 1)[0].split(".", 1)[0]

    def __str__(self) -> str:
        return self.message


class ParseError(ValueError):
    """Raised by a Field's parse_text with a message template (see FieldError) and its parameters."""

    def __init__(self, template: str, **params):
        self.template = template
        self.params = params
        super().__init__(template.format(field="", **params))


class CardDataError(ValueError):
    """Raised with the list of FieldErrors when card data is refused."""

    def __init__(self, errors: list[FieldError]):
        self.errors = errors
        super().__init__("; ".join(e.message for e in errors))


@dataclass(frozen=True)
class Field:
    key: str
    kind: str
    ja: str
    en: str
    choices: tuple[str, ...] = ()
    # Display labels for coded choices: {"main": ("メイン", "Main")}.
    choice_labels: dict = field(default_factory=dict, compare=False, hash=False)
    min: int | None = None
    max: int | None = None
    max_length: int = 200
    # Card types this field belongs to; empty means every type of the game.
    types: tuple[str, ...] = ()
    # Card types for which the field must have a value; `required` for all.
    required_for: tuple[str, ...] = ()
    required: bool = False
    subfields: tuple[Field, ...] = ()
    # Optional game-specific reader for text input ("混化 春夏" -> ["春", "夏"]).
    parse_text: Callable[[str], Any] | None = None
    # Optional game-specific wording of a stored value for players: (value, lang) -> text (a condition written
    # in the engine's notation, "!exists kind=兵", read as a sentence).
    show: Callable[[Any, str], str] | None = field(default=None, compare=False, hash=False)
    help_en: str = ""
    help_ja: str = ""
    # For RECORDS: checks across one cleaned record's subfields -> [(subfield key, template, params)].
    record_check: Callable[[dict], list[tuple[str, str, dict]]] | None = None
    # For RECORDS: what one record is called ("手順" / "Step"), in messages and editors ("手順2").
    item_ja: str = ""
    item_en: str = ""

    def __post_init__(self):
        if self.kind not in KINDS:
            raise ValueError(f"unknown field kind {self.kind!r} for {self.key}")
        if self.kind in (CHOICE, CHOICES) and not self.choices:
            raise ValueError(f"field {self.key} needs choices")
        if self.kind == RECORDS and not self.subfields:
            raise ValueError(f"field {self.key} needs subfields")

    def label(self, lang: str) -> str:
        return self.ja if lang.startswith("ja") else self.en

    def item_label(self, lang: str) -> str:
        return self.item_ja if lang.startswith("ja") else self.item_en

    def subfield(self, key: str) -> Field | None:
        return next((s for s in self.subfields if s.key == key), None)

    def choice_label(self, value: str, lang: str) -> str:
        ja, en = self.choice_labels.get(value, (value, value))
        return ja if lang.startswith("ja") else en

    def applies_to(self, card_type: str) -> bool:
        return not self.types or card_type in self.types

    # -- cleaning -----------------------------------------------------------

    def clean(self, value: Any, path: str | None = None) -> Any:
        """Return the canonical value, None for "no value", or raise CardDataError."""
        path = path or self.key
        if value is None:
            return None
        if isinstance(value, str):
            value = value.strip()
            if value == "" and self.kind != BOOL:
                return None
            if self.parse_text is not None:
                try:
                    value = self.parse_text(value)
                except ParseError as exc:
                    raise CardDataError([FieldError(path, exc.template, exc.params)]) from None
                except ValueError as exc:
                    raise CardDataError([FieldError(path, "{field}: {reason}", {"reason": str(exc)})]) from None
        cleaner = getattr(self, f"_clean_{self.kind}")
        return cleaner(value, path)

    def _err(self, path: str, template: str, **params) -> CardDataError:
        return CardDataError([FieldError(path, template, params)])

    def _clean_int(self, value, path):
        if isinstance(value, bool):
            raise self._err(path, "{field}: expected a whole number, got {value!r}", value=value)
        if isinstance(value, float) and value.is_integer():
            value = int(value)
        if isinstance(value, str):
            text = value.translate(_FULLWIDTH_DIGITS)
            if len(text) > 18 or not re.fullmatch(r"[+-]?[0-9]+", text):
                value = value if len(value) <= 20 else value[:20] + "…"
                raise self._err(path, "{field}: expected a whole number, got {value!r}", value=value)
            value = int(text)
        if not isinstance(value, int):
            raise self._err(path, "{field}: expected a whole number, got {value!r}", value=value)
        if self.min is not None and value < self.min:
            raise self._err(path, "{field}: {value} is below the minimum {min}", value=value, min=self.min)
        if self.max is not None and value > self.max:
            raise self._err(path, "{field}: {value} is above the maximum {max}", value=value, max=self.max)
        return value

    def _clean_str(self, value, path):
        if not isinstance(value, str):
            raise self._err(path, "{field}: expected text, got {value!r}", value=value)
        if "\n" in value or "\r" in value:
            raise self._err(path, "{field}: must be a single line")
        if _CONTROL.search(value):
            raise self._err(path, "{field}: contains a control character")
        if len(value) > self.max_length:
            raise self._err(path, "{field}: longer than {max_length} characters", max_length=self.max_length)
        return value

    def _clean_text(self, value, path):
        if not isinstance(value, str):
            raise self._err(path, "{field}: expected text, got {value!r}", value=value)
        value = value.replace("\r\n", "\n").replace("\r", "\n")
        if _CONTROL.search(value.replace("\n", "").replace("\t", "")):
            raise self._err(path, "{field}: contains a control character")
        return value

    def _clean_bool(self, value, path):
        if isinstance(value, bool):
            return value
        if isinstance(value, int) and value in (0, 1):
            return bool(value)
        if isinstance(value, str):
            word = value.strip().lower()
            if word in _TRUE_WORDS:
                return True
            if word in _FALSE_WORDS:
                return False
        raise self._err(path, "{field}: expected yes or no, got {value!r}", value=value)

    def _clean_choice(self, value, path):
        if not isinstance(value, str) or value not in self.choices:
            raise self._err(
                path, "{field}: {value!r} is not one of {allowed}", value=value, allowed=" ".join(self.choices)
            )
        return value

    def _as_list(self, value, path, splitter=LIST_SPLIT):
        if isinstance(value, str):
            value = [v for v in splitter.split(value) if v]
        if not isinstance(value, (list, tuple)):
            raise self._err(path, "{field}: expected a list, got {value!r}", value=value)
        return list(value)

    def _clean_choices(self, value, path):
        items = self._as_list(value, path)
        seen: list[str] = []
        for item in items:
            if not isinstance(item, str) or item not in self.choices:
                raise self._err(
                    path, "{field}: {value!r} is not one of {allowed}", value=item, allowed=" ".join(self.choices)
                )
            if item in seen:
                raise self._err(path, "{field}: {value!r} is listed twice", value=item)
            seen.append(item)
        return seen or None

    def _clean_strings(self, value, path):
        items = self._as_list(value, path)
        out: list[str] = []
        for item in items:
            if not isinstance(item, str):
                raise self._err(path, "{field}: expected text items, got {value!r}", value=item)
            item = item.strip()
            if not item:
                continue
            if len(item) > self.max_length or LIST_SPLIT.search(item) or _CONTROL.search(item):
                raise self._err(path, "{field}: item {value!r} is not a short single word", value=item)
            if item not in out:
                out.append(item)
        return out or None

    def _clean_names(self, value, path):
        items = self._as_list(value, path, NAME_SPLIT)
        out: list[str] = []
        for item in items:
            if not isinstance(item, str):
                raise self._err(path, "{field}: expected text items, got {value!r}", value=item)
            item = " ".join(item.split())
            if not item:
                continue
            if len(item) > self.max_length or "|" in item or _CONTROL.search(item):
                raise self._err(path, "{field}: item {value!r} may not contain “|”", value=item)
            if item not in out:
                out.append(item)
        return out or None

    def _clean_limit(self, value, path):
        if isinstance(value, str) and value.strip().lower() in _UNLIMITED_WORDS:
            return UNLIMITED
        if isinstance(value, str) or isinstance(value, int):
            try:
                number = Field(self.key, INT, self.ja, self.en, min=0).clean(value, path)
            except CardDataError:
                raise self._err(
                    path, "{field}: expected a number of copies or “unlimited”, got {value!r}", value=value
                ) from None
            return number
        raise self._err(path, "{field}: expected a number of copies or “unlimited”, got {value!r}", value=value)

    def _clean_records(self, value, path):
        if isinstance(value, str):
            try:
                value = json.loads(value)
            except json.JSONDecodeError as exc:
                raise self._err(path, "{field}: not valid JSON ({reason})", reason=exc.msg) from None
            except (ValueError, RecursionError):  # absurd numbers or nesting
                raise self._err(path, "{field}: not valid JSON ({reason})", reason="too large or too deep") from None
        if not isinstance(value, list):
            raise self._err(path, "{field}: expected a list of entries, got {value!r}", value=value)
        subs = {f.key: f for f in self.subfields}
        out = []
        errors: list[FieldError] = []
        for index, record in enumerate(value, start=1):
            where = f"{path}[{index}]"
            if not isinstance(record, dict):
                errors.append(FieldError(where, "{field}: expected an object, got {value!r}", {"value": record}))
                continue
            for key in record:
                if key not in subs:
                    errors.append(
                        FieldError(
                            f"{where}.{key}", "{field}: unknown field (known: {known})", {"known": " ".join(subs)}
                        )
                    )
            clean = {}
            for sub in self.subfields:
                try:
                    v = sub.clean(record.get(sub.key), f"{where}.{sub.key}")
                except CardDataError as exc:
                    errors.extend(exc.errors)
                    continue
                if v is None and sub.required:
                    errors.append(FieldError(f"{where}.{sub.key}", "{field}: required", {}))
                if v is not None:
                    clean[sub.key] = v
            if self.record_check and not errors:
                errors.extend(FieldError(f"{where}.{key}", template, params) for key, template, params in self.record_check(clean))
            out.append(clean)
        if errors:
            raise CardDataError(errors)
        return out or None

    # -- text round trip (CSV cells, admin form fields) -----------------------

    def to_text(self, value: Any) -> str:
        """The canonical text form, which `clean` reads back to the same value."""
        if value is None:
            return ""
        if self.kind == BOOL:
            return "true" if value else "false"
        if self.kind in (CHOICES, STRINGS, NAMES):
            return " | ".join(value)
        if self.kind == RECORDS:
            return json.dumps(value, ensure_ascii=False, separators=(",", ":"))
        return str(value)


# Control characters other than tab and newline; PostgreSQL refuses NUL outright.
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")
_FULLWIDTH_DIGITS = str.maketrans("０１２３４５６７８９＋－", "0123456789+-")
