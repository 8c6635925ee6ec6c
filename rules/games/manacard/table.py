"""Where manacard's zones sit on the goldfish table (rules/declare/table.py)."""

from ...declare.table import Counter, Place, Table

# The mana zone pays for everything and the status cards say what a player can do: both in sight. The
# skill deck is its owner's to look through (a sheet, never an action); the main deck is the HP.
TABLE = Table(
    places={"mana": Place("row"), "status": Place("row"), "skill": Place("pile", "open")},
    counters=(Counter("mana"),),
    drops={"play": "field"},
)
