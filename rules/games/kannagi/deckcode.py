"""巫カードフィルター's deck codes and share links (hanil524.github.io/kannagi-cardlist), read and written.

The formats as the tool uses them (../../../../shared/formats/kannagi-cardfilter/README.md in the project's
shared notes describes them; tests/test_deckcodes.py checks every example there):

- a share link `…/share.html#<payload>`: base64url of varint(title length), the title (UTF-8), the delta
  pairs (cards by number ascending: varint(number - previous), varint(copies)); no checksum;
- v7 (the tool's default): `7` + base64url(body + the first 5 bytes of SHA-256(0x07 + body)); body =
  varint(total), varint(distinct cards), the deck's rank (big-endian, no leading zero byte);
- v6 `5|<10 hex>|<base64url of the delta pairs>`, v5 `v5|<10 hex>|<base64url of JSON [["n", c], …]>`,
  v3/v2 `v3|<10 hex>|n:c|n:c…` in base 36, v1 the same in decimal (the hex: SHA-256 of the text after it);
  an early v1/v2 code was itself base64url-encoded.

Numbers are the tool's card numbers (the fan list's `number` column); the site stores them as Card.number.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
import re
from functools import lru_cache
from math import comb

from ...declare.deckcodes import (
    BAD_NUMBER,
    INVALID_CODE,
    TOO_LARGE,
    UNREADABLE_CODE,
    DeckCodeError,
    DeckCodeFormat,
    DecodedDeck,
)

TOOL = "巫カードフィルター"
SHARE_URL = "https://hanil524.github.io/kannagi-cardlist/share.html#"
SHARE_MARK = "share.html#"

# The v7 catalog: card numbers as ranges, expanded in this order; a card's point is its index here.
CATALOG_TEXT = (
    "1-53,101-190,201-292,1003,1005,1101-1112,1201-1220,1301-1390,1401-1430,1501-1547,1601-1720,1801-1840,"
    "1901-1926,2000-2012,2014-2065,2101-2220,2301-2388,2403-2405,2407-2408,2410-2414,2421-2422,2424-2425,"
    "2427-2428,2430-2431,2433,2435,2437-2438,2440,2442,2445,2448,2450-2451,2453,2456-2457,2460-2462,2464,"
    "2467-2468,2470,2472,2476-2477,2479,2483,2485,2490,2501-2522,2601-2622,2701-2722,2801-2822,10001,"
    "10006-10047,10051,10055,10061-10077"
)
RAW_POINT = 16_384  # a number outside the catalog is the point RAW_POINT + number
# The highest card number a code may hold here (the fan list's run to 10077): bounds the rank a v7 code may
# carry, so a crafted code cannot make the reader work on huge numbers.
MAX_NUMBER = 99_999
MAX_TOTAL, MAX_DISTINCT = 10_000, 256
CHECK_BYTES = 5
MAX_VARINT = 8

_BASE64URL = re.compile(r"[A-Za-z0-9_-]*")
_INVISIBLE = dict.fromkeys(map(ord, "\u00a0\u200b\u200c\u200d\ufeff"))
_WIDE = str.maketrans({"｜": "|", "：": ":"})
_SPACE = re.compile(r"\s+")
_HEX10 = re.compile(r"[0-9a-fA-F]{10}")


@lru_cache(maxsize=1)
def catalog() -> tuple[int, ...]:
    numbers: list[int] = []
    for part in CATALOG_TEXT.split(","):
        first, _, last = part.partition("-")
        numbers.extend(range(int(first), int(last or first) + 1))
    return tuple(numbers)


@lru_cache(maxsize=1)
def _points() -> dict[int, int]:
    return {number: point for point, number in enumerate(catalog())}


def normalise(text: str) -> str:
    """The code as the tool reads it: invisible characters and whitespace gone, full-width ｜ and ： narrowed."""
    return _SPACE.sub("", text.translate(_INVISIBLE).translate(_WIDE))


# -- building blocks -------------------------------------------------------------------------------------


def _unreadable() -> DeckCodeError:
    return DeckCodeError("unreadable", UNREADABLE_CODE)


def _bad_checksum() -> DeckCodeError:
    return DeckCodeError("checksum", INVALID_CODE)


def b64encode(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")


def b64decode(text: str) -> bytes:
    if not _BASE64URL.fullmatch(text) or len(text) % 4 == 1:
        raise _unreadable()
    try:
        return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError):
        raise _unreadable() from None


def varint(value: int) -> bytes:
    out = bytearray()
    while True:
        byte, value = value & 0x7F, value >> 7
        if value:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return bytes(out)


def read_varint(data: bytes, at: int, canonical: bool = False) -> tuple[int, int]:
    """(the value, the position after it); raises DeckCodeError on a cut-off or (canonical) padded varint."""
    value, shift, start = 0, 0, at
    while True:
        if at >= len(data) or (canonical and at - start >= MAX_VARINT):
            raise _unreadable()
        byte = data[at]
        at += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if not byte & 0x80:
            if canonical and byte == 0 and at - start > 1:
                raise _unreadable()
            return value, at


def delta_pairs(cards: dict[int, int]) -> bytes:
    out, previous = bytearray(), 0
    for number in sorted(cards):
        out += varint(number - previous) + varint(cards[number])
        previous = number
    return bytes(out)


def read_delta_pairs(data: bytes, at: int = 0) -> dict[int, int]:
    cards: dict[int, int] = {}
    number = 0
    while at < len(data):
        delta, at = read_varint(data, at)
        count, at = read_varint(data, at)
        if (delta == 0 and cards) or count < 1 or number + delta < 1:
            raise _unreadable()
        number += delta
        cards[number] = count
    return cards


def _check_hex(payload: str) -> str:
    return hashlib.sha256(payload.encode("utf-8")).hexdigest()[:10]


def _check_deck(cards: dict[int, int]) -> dict[int, int]:
    for number, count in cards.items():
        if not isinstance(number, int) or isinstance(number, bool) or not 1 <= number <= MAX_NUMBER:
            raise DeckCodeError("bad_number", BAD_NUMBER, {"number": number})
        if not isinstance(count, int) or count < 1:
            raise _unreadable()
    return dict(sorted(cards.items()))


# -- v7: rank of the deck among decks of its size ------------------------------------------------------------


def _colex(values: list[int]) -> int:
    return sum(comb(v, i + 1) for i, v in enumerate(values))


def _largest(r: int, j: int, below: int | None) -> int:
    """The largest v (below `below` when given) with C(v, j) <= r."""
    low, high = j - 1, below
    if high is None:
        high = j
        while comb(high, j) <= r:
            low, high = high, high * 2
    while high - low > 1:  # comb(low, j) <= r; comb(high, j) > r or high is out of bounds
        mid = (low + high) // 2
        if comb(mid, j) <= r:
            low = mid
        else:
            high = mid
    return low


def _unrank(r: int, m: int, below: int | None = None) -> list[int]:
    values = [0] * m
    for j in range(m, 0, -1):
        v = _largest(r, j, below)
        values[j - 1] = v
        r -= comb(v, j)
        below = v
    if r:
        raise _unreadable()
    return values


def encode_v7(cards: dict[int, int], title: str = "") -> str:
    cards = _check_deck(cards)
    total, distinct = sum(cards.values()), len(cards)
    if total > MAX_TOTAL or distinct > MAX_DISTINCT:
        raise DeckCodeError("too_large", TOO_LARGE)
    known = _points()
    pairs = sorted((known.get(n, RAW_POINT + n), c) for n, c in cards.items())
    points = [p for p, _c in pairs]
    cuts, running = [], 0
    for _p, count in pairs[:-1]:
        running += count
        cuts.append(running - 1)
    rank = _colex(points) * comb(total - 1, distinct - 1) + _colex(cuts) if distinct else 0
    body = varint(total) + varint(distinct) + (rank.to_bytes((rank.bit_length() + 7) // 8, "big") if rank else b"")
    return "7" + b64encode(body + hashlib.sha256(b"\x07" + body).digest()[:CHECK_BYTES])


def read_v7(text: str) -> DecodedDeck | None:
    code = normalise(text)
    if not code.startswith("7") or not _BASE64URL.fullmatch(code[1:]) or len(code) < 10:
        return None
    data = b64decode(code[1:])
    if b64encode(data) != code[1:] or len(data) < CHECK_BYTES + 2:
        raise _unreadable()
    body, check = data[:-CHECK_BYTES], data[-CHECK_BYTES:]
    if hashlib.sha256(b"\x07" + body).digest()[:CHECK_BYTES] != check:
        raise _bad_checksum()
    total, at = read_varint(body, 0, canonical=True)
    distinct, at = read_varint(body, at, canonical=True)
    rest = body[at:]
    if total > MAX_TOTAL or distinct > MAX_DISTINCT or distinct > total or (rest[:1] == b"\x00"):
        raise _unreadable()
    rank = int.from_bytes(rest, "big")
    if distinct == 0:
        if rank:
            raise _unreadable()
        return DecodedDeck("v7", {})
    size = comb(total - 1, distinct - 1)
    if rank // size >= comb(RAW_POINT + MAX_NUMBER + 1, distinct):  # a point beyond any card number
        raise _unreadable()
    points = _unrank(rank // size, distinct)
    cuts = _unrank(rank % size, distinct - 1, below=total - 1)
    bounds = [-1, *cuts, total - 1]
    counts = [bounds[i + 1] - bounds[i] for i in range(distinct)]
    numbers = catalog()
    cards: dict[int, int] = {}
    for point, count in zip(points, counts, strict=True):
        if point < len(numbers):
            number = numbers[point]
        elif point > RAW_POINT and point - RAW_POINT not in _points():
            number = point - RAW_POINT
        else:
            raise _unreadable()
        if count < 1:
            raise _unreadable()
        cards[number] = count
    if sum(cards.values()) != total:
        raise _unreadable()
    return DecodedDeck("v7", dict(sorted(cards.items())))


# -- v6, v5, v3/v2, v1 ----------------------------------------------------------------------------------------


def encode_v6(cards: dict[int, int], title: str = "") -> str:
    payload = b64encode(delta_pairs(_check_deck(cards)))
    return f"5|{_check_hex(payload)}|{payload}"


def _checked(code: str, prefix: str) -> str | None:
    """The payload of `prefix|<10 hex>|payload` after its checksum is checked; None when not this prefix."""
    if not code.startswith(prefix):
        return None
    head, payload = code[len(prefix) :][:11], code[len(prefix) + 11 :]
    if not (_HEX10.fullmatch(head[:10]) and head[10:] == "|"):
        raise _unreadable()
    if _check_hex(payload) != head[:10].lower():
        raise _bad_checksum()
    return payload


def read_v6(text: str) -> DecodedDeck | None:
    payload = _checked(normalise(text), "5|")
    if payload is None:
        return None
    return DecodedDeck("v6", read_delta_pairs(b64decode(payload)))


def read_v5(text: str) -> DecodedDeck | None:
    payload = _checked(normalise(text), "v5|")
    if payload is None:
        return None
    try:
        rows = json.loads(b64decode(payload).decode("utf-8"))
        cards: dict[int, int] = {}
        for number, count in rows:
            number = int(str(number), 10)
            if number < 1 or number in cards or isinstance(count, bool) or not isinstance(count, int) or count < 1:
                raise ValueError
            cards[number] = count
    except (ValueError, TypeError, UnicodeDecodeError):
        raise _unreadable() from None
    return DecodedDeck("v5", dict(sorted(cards.items())))


def _early(code: str) -> str:
    """An early code that was itself base64url-encoded (`djF8…` is `v1|…`), decoded; else the code."""
    if "|" in code or not code.startswith("dj") or not _BASE64URL.fullmatch(code):
        return code
    try:
        inner = b64decode(code).decode("utf-8")
    except (DeckCodeError, UnicodeDecodeError):
        return code
    return inner if inner[:3] in ("v1|", "v2|", "v3|") else code


def _read_pairs(text: str, key: str, prefixes: tuple[str, ...], base: int) -> DecodedDeck | None:
    code = _early(normalise(text))
    prefix = next((p for p in prefixes if code.startswith(p)), None)
    if prefix is None:
        return None
    body = _checked(code, prefix)
    cards: dict[int, int] = {}
    try:
        for pair in body.split("|") if body else ():
            number_text, sep, count_text = pair.partition(":")
            number, count = int(number_text, base), int(count_text, base)
            if not sep or number < 1 or count < 1 or number in cards:
                raise ValueError
            cards[number] = count
    except ValueError:
        raise _unreadable() from None
    return DecodedDeck(key, dict(sorted(cards.items())))


def read_v3(text: str) -> DecodedDeck | None:
    return _read_pairs(text, "v3", ("v3|", "v2|"), 36)


def read_v1(text: str) -> DecodedDeck | None:
    return _read_pairs(text, "v1", ("v1|",), 10)


# -- share links ----------------------------------------------------------------------------------------------


def share_payload(cards: dict[int, int], title: str = "") -> str:
    name = (title or "").encode("utf-8")
    return b64encode(varint(len(name)) + name + delta_pairs(_check_deck(cards)))


def encode_share(cards: dict[int, int], title: str = "") -> str:
    return SHARE_URL + share_payload(cards, title)


def read_share(text: str) -> DecodedDeck | None:
    code = normalise(text)
    at = code.find(SHARE_MARK)
    if at < 0:
        return None
    data = b64decode(code[at + len(SHARE_MARK) :])
    length, start = read_varint(data, 0)
    if start + length > len(data):
        raise _unreadable()
    try:
        title = data[start : start + length].decode("utf-8")
    except UnicodeDecodeError:
        raise _unreadable() from None
    return DecodedDeck("share", read_delta_pairs(data, start + length), title)


DECK_CODES = (
    DeckCodeFormat("v7", TOOL, "v7", read=".deckcode:read_v7", write=".deckcode:encode_v7"),
    DeckCodeFormat("share", TOOL, "share.html", read=".deckcode:read_share", write=".deckcode:encode_share", link=True),
    DeckCodeFormat("v6", TOOL, "v6", read=".deckcode:read_v6"),
    DeckCodeFormat("v5", TOOL, "v5", read=".deckcode:read_v5"),
    DeckCodeFormat("v3", TOOL, "v3", read=".deckcode:read_v3"),
    DeckCodeFormat("v1", TOOL, "v1", read=".deckcode:read_v1"),
)
