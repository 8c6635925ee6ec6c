"""Where kannagi's zones sit on the goldfish table (rules/declare/table.py)."""

from ...declare.table import Counter, Place, Table

# ⑥魂:魂にする札を表逆向きで置きます (seed line 162): face up, upside down, open to both, and its seasons decide
# what can be cast, so it stays in sight as a row; the revealed hand is open to both.
TABLE = Table(
    places={"soul": Place("row", upside_down=True), "reveal": Place("row")},
    counters=(Counter("soul"),),
    drops={"summon": "field", "deploy": "field", "tool": "soul"},
)
