"""Where timestorm's zones sit on the goldfish table (rules/declare/table.py)."""

from ...declare.table import Place, Table

# The shared deck is a pile; the shared stack is what answers are made to: in sight.
TABLE = Table(
    places={"stack": Place("row")},
    drops={"play": "stack", "battery": "field"},
)
