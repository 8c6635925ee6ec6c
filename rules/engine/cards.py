"""The one card-data cache: what a game's rules read of a card's data (its state["defs"] entry), worked
out once per card and kept for the game being played.

    class Facts: ...                                  # the game's reading of one card's data
    self.cards = CardCache(lambda data, options: Facts(data))
    self.cards.table(state)[key]                      # Facts of a card key, made on first use
    self.cards.table(state).card(state["cards"], iid) # of an instance (an instance's card never changes)

A table belongs to one defs dict (one game; a simulation plays thousands, each with its own copy): the
cache keeps the last table and a few others by the identity of their defs dict, which the table holds so
that the identity cannot be reused by a new dict. Facts are also kept by the card-data dict they were read
from (CardTable.made), so games that share their card data (a simulation's) read each card once.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import is_


def same_data(defs: dict, other: dict) -> bool:
    """Whether two games hold the very same card-data dicts under the same keys (a simulation's games do:
    simulate.GameFactory), so that what was read of one's cards holds for the other's, without reading each
    card again for every game."""
    return defs.keys() == other.keys() and all(map(is_, map(defs.__getitem__, other), other.values()))


class CardTable(dict):
    """Card key -> the game's facts of that card, each made when first asked for."""

    # The cache's facts by card-data dict, across its tables (CardCache sets it): the simulator's games of
    # one deck share their card-data dicts and options (simulate.GameFactory), so each card's facts are
    # worked out once per simulation, not once per game. Facts are read, never changed, so sharing them
    # gives the same game. None: this table's own facts only.
    made: dict | None = None

    def __init__(self, defs: dict, options: dict, read: Callable[[dict, dict], object]):
        super().__init__()
        self.defs, self.options, self.read = defs, options, read
        self.of: dict = {}  # instance id -> its card's facts

    def __missing__(self, key):
        data, made = self.defs[key], self.made
        if made is None:
            facts = self[key] = self.read(data, self.options)
            return facts
        # keyed by identity; the entry holds the data and options so that neither id can be reused
        found = made.get(id(data))
        if found is not None and found[0] is data and found[1] is self.options:
            facts = found[2]
        else:
            facts = self.read(data, self.options)
            made[id(data)] = (data, self.options, facts)
        self[key] = facts
        return facts

    def card(self, cards: dict, iid: str):
        try:  # the rules ask this hundreds of thousands of times a simulation: a subscript, not .get()
            return self.of[iid]
        except KeyError:
            found = self.of[iid] = self[cards[iid]["def"]]
            return found


class InstanceFacts(dict):
    """One game's instance id -> its card's facts from `table`, each made on first use (an instance's card
    never changes; a card added later is found too). It holds the game's `cards` dict, whose identity says
    whose it is. A subscript without CardTable.card's method call, but not a plain dict's: a dict subclass's
    [] goes through a Python-level __getitem__ slot, several times slower than a dict's (the hot paths of
    kannagi, timestorm, vision and manacard keep a plain dict of every instance instead)."""

    def __init__(self, table: CardTable, cards: dict):
        super().__init__()
        self.table, self.cards = table, cards

    def __missing__(self, iid):
        facts = self[iid] = self.table[self.cards[iid]["def"]]
        return facts


class CardCache:
    """The tables of the games a rules object plays (`table_class` for a game's own table with more)."""

    KEEP = 16
    KEEP_FACTS = 1024  # card-data dicts kept alive at most (a web process starts a new set with every game)

    def __init__(self, read: Callable[[dict, dict], object], table_class: type[CardTable] = CardTable):
        self.read, self.table_class = read, table_class
        self._last: CardTable | None = None
        self._tables: dict[int, CardTable] = {}
        self._made: dict[int, tuple] = {}  # id(card data) -> (data, options, facts): CardTable.made

    def table(self, state: dict) -> CardTable:
        defs = state["defs"]
        last = self._last
        if last is not None and last.defs is defs:
            return last
        table = self._tables.get(id(defs))
        if table is None or table.defs is not defs:
            if len(self._tables) > self.KEEP:
                self._tables.clear()
            if len(self._made) > self.KEEP_FACTS:  # a long-lived process (the web app) sees many decks
                self._made.clear()
            table = self._tables[id(defs)] = self.table_class(defs, state["options"], self.read)
            table.made = self._made
        self._last = table
        return table
