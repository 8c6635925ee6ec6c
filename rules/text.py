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

import re
import unicodedata
from functools import lru_cache

_SMALL = str.maketrans("ぁぃぅぇぉっゃゅょゎゕゖ", "あいうえおつやゆよわかけ")
_LONG_VOWEL = "ー"  # NFKC already maps the half-width ｰ to this
_SPACE = re.compile(r"\s+")


def _kata_to_hira(text: str) -> str:
    out = []
    for ch in text:
        code = ord(ch)
        if 0x30A1 <= code <= 0x30F6 or code in (0x30FD, 0x30FE):  # ァ..ヶ, ヽ ヾ
            out.append(chr(code - 0x60))
        else:
            out.append(ch)
    return "".join(out)


def normalise(text: str | None) -> str:
    if not text:
        return ""
    text = unicodedata.normalize("NFKC", text).casefold()
    text = _kata_to_hira(text).translate(_SMALL).replace(_LONG_VOWEL, "")
    return _SPACE.sub(" ", text).strip()


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
    return _SPACE.sub(" ", unicodedata.normalize("NFKC", text)).strip()
