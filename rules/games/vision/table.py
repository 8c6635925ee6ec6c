"""Where vision's zones sit on the goldfish table (rules/declare/table.py); the weather area is the game's own
(Play.layout)."""

from ...declare.table import Counter, Place, Table

# Nodes pay for cards (counted beside life); the weather deck is a face-down pile.
TABLE = Table(
    places={"nodes": Place("row"), "weather": Place("pile", "pile")},
    counters=(Counter("nodes"),),
    drops={"play": "field", "node": "nodes"},
)
