"""CSV cells that a spreadsheet program cannot run (OWASP, "CSV Injection").

A cell beginning with =, +, -, @, a tab or a carriage return is read as a formula by Excel, LibreOffice and
Google Sheets: a card named =HYPERLINK("http://…","x") in a downloaded CSV would become a link, or worse.
Every CSV the site writes for people to open goes through `writer` (or `neutralise`): such a cell is
written with a leading apostrophe, the spreadsheets' own "this is text" prefix, which they show as text.

So that export → import → export stays byte-identical, a cell that already begins with an apostrophe gets
one more, and the importer (`restore`) drops one leading apostrophe from every cell: in a CSV cell a leading
apostrophe is that prefix, not part of the value (as a spreadsheet reads a typed 'text). A card named
-1 or a cost of -1 is written '-1 and read back as -1."""

from __future__ import annotations

import csv

TRIGGERS = ("=", "+", "-", "@", "\t", "\r")
PREFIX = "'"


def neutralise(cell) -> str:
    text = "" if cell is None else str(cell)
    if text.startswith(TRIGGERS) or text.startswith(PREFIX):
        return PREFIX + text
    return text


def restore(cell: str) -> str:
    """A cell as the importer reads it: without the one leading apostrophe a spreadsheet would hide."""
    return cell[1:] if cell.startswith(PREFIX) else cell


class _Writer:
    def __init__(self, inner):
        self._inner = inner

    def writerow(self, row):
        return self._inner.writerow([neutralise(cell) for cell in row])

    def writerows(self, rows):
        for row in rows:
            self.writerow(row)


def writer(buffer, **kwargs) -> _Writer:
    """csv.writer whose every cell is neutralised."""
    return _Writer(csv.writer(buffer, **kwargs))
