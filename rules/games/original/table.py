"""Where original's zones sit on the goldfish table (rules/declare/table.py); the board and the 倉庫 strips are
the game's grid (Play.layout)."""

from ...declare.table import Counter, Place, Table

# 戦力 is the life a soldier's damage takes: in sight with its damage counters, and counted beside the name.
TABLE = Table(
    places={"power": Place("row")},
    counters=(Counter("power"),),
    drops={"store": "storage", "summon": "board"},
)
