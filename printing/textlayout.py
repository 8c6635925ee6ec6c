"""Japanese line breaking and shrink-to-fit for text in a box.

Breaks may fall between any two CJK characters and at spaces; a run of Latin letters or digits stays
together unless it is wider than the line. Kinsoku (禁則処理): no line starts with closing brackets,
punctuation, small kana or the long-vowel mark, and no line ends with an opening bracket; a character
that would start a line illegally is pulled back onto the line before (ぶら下げ, hanging), within reason.
Fitting shrinks the size step by step down to a minimum; what still does not fit is cut with "…", so
nothing ever overflows the box.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from dataclasses import dataclass

# May not start a line (行頭禁則).
NO_START = set("、。，．,.・：；:;！？!?）)］]｝}〕〉》」』】〙〗〟’”ー‐゠–〜～ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶ々〻ゝゞヽヾ…‥")
# May not end a line (行末禁則).
NO_END = set("（(［[｛{〔〈《「『【〘〖〝‘“")

Measure = Callable[[str, float], float]  # (text, size) -> width


def _is_word_char(ch: str) -> bool:
    """Latin letters and digits (and a few joiners) that should not be split."""
    if ch.isascii():
        return ch.isalnum() or ch in "+-/%'"
    return unicodedata.east_asian_width(ch) in ("Na", "H") and ch.isalnum()


def _tokens(text: str) -> list[str]:
    """Unbreakable pieces: a Latin word, a space, or a single other character."""
    out: list[str] = []
    word = ""
    for ch in text:
        if _is_word_char(ch):
            word += ch
            continue
        if word:
            out.append(word)
            word = ""
        out.append(ch)
    if word:
        out.append(word)
    return out


def wrap(text: str, width: float, size: float, measure: Measure) -> list[str]:
    """Lines of `text` no wider than `width` at `size` (a token wider than the line is split by character)."""
    lines: list[str] = []
    for paragraph in text.replace("\r\n", "\n").split("\n"):
        tokens = _tokens(paragraph)
        line = ""
        for token in tokens:
            if measure(line + token, size) <= width or not line:
                if measure(token, size) > width and not line:
                    # a single token wider than a line: split it by character
                    for ch in token:
                        if line and measure(line + ch, size) > width:
                            lines.append(line)
                            line = ""
                        line += ch
                    continue
                line += token
                continue
            # token does not fit: break before it, minding kinsoku
            if token[0] in NO_START and measure(line + token, size) <= width * 1.08:
                line += token  # hang it on this line (ぶら下げ)
                continue
            if token[0] in NO_START and len(line) > 1:
                # push characters down with it (追い出し) until the new line starts legally
                carry = line[-1]
                line = line[:-1]
                while len(line) > 1 and (carry[0] in NO_START or line[-1] in NO_END):
                    carry = line[-1] + carry
                    line = line[:-1]
                lines.append(line.rstrip(" "))
                line = carry + token
                continue
            while len(line) > 1 and line[-1] in NO_END:
                token = line[-1] + token
                line = line[:-1]
            lines.append(line.rstrip(" "))
            line = ""
            for ch in token.lstrip(" "):  # a token wider than a whole line is split by character
                if line and measure(line + ch, size) > width:
                    lines.append(line)
                    line = ""
                line += ch
        lines.append(line.rstrip(" "))
    return lines


@dataclass(frozen=True)
class Fitted:
    lines: list[str]
    size: float
    leading: float
    truncated: bool


def fit(text: str, width: float, height: float, measure: Measure, size: float, min_size: float, leading: float = 1.3) -> Fitted:
    """The largest size from `size` down to `min_size` (in steps of 0.25) at which `text` fits the box;
    at the minimum, the lines that fit with the last one ending in "…"."""
    current = size
    while True:
        lines = wrap(text, width, current, measure)
        if len(lines) * current * leading <= height + 1e-6:
            return Fitted(lines, current, current * leading, False)
        if current - 0.25 < min_size - 1e-9:
            break
        current = round(current - 0.25, 2)
    room = max(1, int((height + 1e-6) // (current * leading)))
    lines = lines[:room]
    last = lines[-1] if lines else ""
    while last and measure(last + "…", current) > width:
        last = last[:-1]
    lines[-1] = last + "…"
    return Fitted(lines, current, current * leading, True)
