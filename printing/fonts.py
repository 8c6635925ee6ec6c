"""The Japanese font every face and sheet uses: IPAex Gothic from the matplotlib-fontja wheel.

It is found through the installed package's location (the package itself, which would import
matplotlib, is never imported), never from a system font path, so a PDF made on a machine without
Japanese fonts has the same glyphs. reportlab embeds a subset of it in each PDF.
"""

from __future__ import annotations

import importlib.util
from functools import cache
from pathlib import Path

FONT = "IPAexGothic"
PACKAGE = "matplotlib_fontja"
INSTALL_HINT = 'pip install --no-deps "matplotlib-fontja==1.1.0" (make install does it)'


class FontMissing(RuntimeError):
    pass


def font_path() -> Path:
    spec = importlib.util.find_spec(PACKAGE)
    if spec is None or not spec.submodule_search_locations:
        raise FontMissing(f"the Japanese font package {PACKAGE} is not installed: {INSTALL_HINT}")
    path = Path(next(iter(spec.submodule_search_locations))) / "fonts" / "ipaexg.ttf"
    if not path.is_file():
        raise FontMissing(f"{path} is missing: reinstall with {INSTALL_HINT}")
    return path


@cache
def register() -> str:
    """Register the font with reportlab (once per process); returns its name."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    pdfmetrics.registerFont(TTFont(FONT, str(font_path())))
    return FONT
