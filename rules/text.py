"""One normal form for indexed text and for queries, so Japanese is found however it is typed.

- NFKC: full-width Latin and digits become ASCII, half-width katakana become full-width
  (ﾈｺﾔﾏ -> ネコヤマ, ｶﾞ -> ガ).
- Case folding for Latin text.
- Katakana become hiragana (ネコヤマ -> ねこやま), so a kana query finds a kana name or reading.
- Small kana become their full-size forms (ぁ -> あ, っ -> つ) and the long-vowel mark is dropped,
  so きゃっと, キヤツト and キャット are one spelling, and カード = カド.
- Runs of white space become one space.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

_SMALL = dict(zip("ぁぃぅぇぉっゃゅょゎゕゖ", "あいうえおつやゆよわかけ", strict=True))
_LONG_VOWEL = "ー"  # NFKC already maps the half-width ｰ to this


def _kana_table() -> dict[int, str | None]:
    """One translation table for the kana steps: katakana to hiragana (ァ..ヶ, ヽ ヾ), small kana to full
    size, the long-vowel mark dropped. (One str.translate is many times faster than a loop per character.)"""
    table: dict[int, str | None] = {}
    for code in (*range(0x30A1, 0x30F7), 0x30FD, 0x30FE):
        hiragana = chr(code - 0x60)
        table[code] = _SMALL.get(hiragana, hiragana)
    for small, full in _SMALL.items():
        table[ord(small)] = full
    table[ord(_LONG_VOWEL)] = None
    return table


_KANA = _kana_table()


def normalise(text: str | None) -> str:
    if not text:
        return ""
    text = unicodedata.normalize("NFKC", text).casefold().translate(_KANA)
    return " ".join(text.split())  # runs of white space as one space (str.split's white space is re's \s)


def normalise_list(values) -> str:
    """Several values in one column, one per line (so a phrase never spans two of them)."""
    return "\n".join(v for v in (normalise(str(x)) for x in values or ()) if v)


@lru_cache(maxsize=16384)
def name_key(text: str | None) -> str:
    """A card's identity as written: NFKC (so full-width and half-width typing of one spelling agree) with
    runs of white space as one space. Unlike `normalise`, kana, case and the long-vowel mark count, so ミラー
    and ミラ are two names: copy limits count by this key (and by declared aliases), never by the search form."""
    if not text:
        return ""
    return " ".join(unicodedata.normalize("NFKC", text).split())
