"""The one card-data cache: what a game's rules read of a card's data (its state["defs"] entry), worked
out once per card and kept for the game being played.

    class Facts: ...                                  # the game's reading of one card's data
    self.cards = CardCache(lambda data, options: Facts(data))
    self.cards.table(state)[key]                      # Facts of a card key, made on first use
    self.cards.table(state).card(state["cards"], iid) # of an instance (an instance's card never changes)

A table belongs to one defs dict (one game; a simulation plays thousands, each with its own copy): the
cache keeps the last table and a few others by the identity of their defs dict, which the table holds so
that the identity cannot be reused by a new dict.
"""

from __future__ import annotations

from collections.abc import Callable


class CardTable(dict):
    """Card key -> the game's facts of that card, each made when first asked for."""

    def __init__(self, defs: dict, options: dict, read: Callable[[dict, dict], object]):
        super().__init__()
        self.defs, self.options, self.read = defs, options, read
        self.of: dict = {}  # instance id -> its card's facts

    def __missing__(self, key):
        facts = self[key] = self.read(self.defs[key], self.options)
        return facts

    def card(self, cards: dict, iid: str):
        found = self.of.get(iid)
        if found is None:
            found = self.of[iid] = self[cards[iid]["def"]]
        return found


class CardCache:
    """The tables of the games a rules object plays (`table_class` for a game's own table with more)."""

    KEEP = 16

    def __init__(self, read: Callable[[dict, dict], object], table_class: type[CardTable] = CardTable):
        self.read, self.table_class = read, table_class
        self._last: CardTable | None = None
        self._tables: dict[int, CardTable] = {}

    def table(self, state: dict) -> CardTable:
        defs = state["defs"]
        last = self._last
        if last is not None and last.defs is defs:
            return last
        table = self._tables.get(id(defs))
        if table is None or table.defs is not defs:
            if len(self._tables) > self.KEEP:
                self._tables.clear()
            table = self._tables[id(defs)] = self.table_class(defs, state["options"], self.read)
        self._last = table
        return table
