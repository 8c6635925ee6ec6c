"""Where a game's zones sit on the goldfish table and how they are drawn.

Each game declares one `Table` (rules/games/<slug>/table.py, `GameDef.table`); the board
(static/js/goldfish/board.js) lays every player's zones out from it and never branches on a game. Plain data,
no Django. Keys are zone kinds as the vocabulary names them ("p0.hand" -> "hand"; a shared zone by its name,
"board", or its kind, "shared.deck" -> "deck").

A `Place` says where a zone sits (`area`) and how its cards are shown (`show`):

- area "hand": the player's hand, a row along the bottom edge (the opponent's: a count);
- area "field": the cards in play, the table's middle;
- area "row": a line of cards beside the field that play needs in sight (mana, 魂, 戦力);
- area "pile": rarely looked at: a counted pile that opens as a sheet (deck, 墓地, 除外).

show "faces": the cards' faces; "pile": face down, a count (the deck); "open": a count whose sheet lists
the cards the viewer sees.

`drops` says where dragging a card from the hand plays it: an action type -> the zone kind a drop there makes
that action (the engine's listed action for that card; a grid square takes the action naming that square).

`counters` are figures shown next to a player's life, counted by the engine (rules.engine.core.figures, in each
player's view as "figures", which the board draws): the number of
cards in one of the player's zones (`Counter.zone`), or only those untapped (`untapped=True`); the
vocabulary's word for the zone labels it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType

AREAS = ("hand", "field", "row", "pile")
SHOWS = ("faces", "pile", "open")


@dataclass(frozen=True)
class Place:
    area: str
    show: str = "faces"
    upside_down: bool = False  # drawn turned (kannagi's 魂: 表逆向き)

    def __post_init__(self):
        if self.area not in AREAS or self.show not in SHOWS:
            raise ValueError(f"Place({self.area!r}, {self.show!r}): area one of {AREAS}, show one of {SHOWS}")


@dataclass(frozen=True)
class Counter:
    zone: str  # a zone kind of the player's
    untapped: bool = False  # count only the untapped cards (what can still be spent)


# Zone kinds every game places the same way unless it says otherwise.
DEFAULT_PLACES = MappingProxyType({
    "hand": Place("hand"),
    "field": Place("field"),
    "deck": Place("pile", "pile"),
    "discard": Place("pile", "open"),
    "exile": Place("pile", "open"),
})
FALLBACK = Place("row")  # a zone kind neither the game nor the defaults place: a row of faces


@dataclass(frozen=True)
class Table:
    places: dict = field(default_factory=dict)  # zone kind -> Place (over DEFAULT_PLACES)
    counters: tuple[Counter, ...] = ()
    drops: dict = field(default_factory=dict)  # action type -> zone kind a card dragged there plays it by

    def place(self, kind: str) -> Place:
        return self.places.get(kind) or DEFAULT_PLACES.get(kind) or FALLBACK

    def as_dict(self, kinds) -> dict:
        """The declaration for the board: every zone kind of `kinds` placed, and the counters."""
        return {
            "places": {k: {"area": p.area, "show": p.show, "upside_down": p.upside_down} for k in kinds for p in [self.place(k)]},
            "counters": [{"zone": c.zone, "untapped": c.untapped} for c in self.counters],
            "drops": dict(self.drops),
        }


DEFAULT = Table()
