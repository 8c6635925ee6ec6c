"""Helpers the engine's game tests share: taking a fresh instance of a card and putting it somewhere."""

from rules.engine import apply

TAKEN: dict = {}


def fresh(state, key, owner=None):
    """An instance of card `key` (of `owner`, if given) that no earlier step of the test has taken."""
    taken = TAKEN.setdefault(id(state), (state, set()))[1]  # (holding the state keeps its id unique)
    iid = next(i for i, c in state["cards"].items() if c["def"] == key and (owner is None or c["owner"] == owner) and i not in taken)
    taken.add(iid)
    return iid


def put(state, key, to="p0.hand"):
    """A fresh instance of card `key`, moved into a zone unless it is there (a logged manual action)."""
    iid = fresh(state, key)
    if state["cards"][iid]["zone"] != to:
        apply(state, {"type": "manual.move", "card": iid, "to": to})
    return iid
