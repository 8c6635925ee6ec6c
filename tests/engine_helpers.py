"""Helpers the engine's game tests share: taking a fresh instance of a card and putting it somewhere, the
names of cards, the first seed that deals a wanted game, and playing a game with a game's autopilot through
the engine's own apply."""

from rules.declare import get_game
from rules.engine import apply, check_invariants, digest, legal_actions, new_game, offers
from rules.engine.simulate import MAX_ACTIONS

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


def name(state, iid):
    """The name of card instance `iid`."""
    return state["defs"][state["cards"][iid]["def"]]["name"]


def names(state, zone):
    """The names of the cards in a zone, in its order."""
    return [name(state, i) for i in state["zones"][zone]]


def first_seed(game, decks, test, options=None):
    """The new game of the first seed (under 500) whose state passes `test`."""
    for seed in range(500):
        state = new_game(game, decks, seed, options)
        if test(state):
            return state
    raise AssertionError("no such seed")


def play_on(state, cap=None, check=False, each=None):
    """Play `state` on with its game's autopilot through rules.engine.apply (each action logged) until the game
    has a result or, with `cap`, the player's own turn passes it; the state. With `check`, every action it
    chooses is first checked to be one legal_actions offers (an entry, or an answer of an entry's declared
    "choice" of cards) and the cards are checked to be conserved at the end. `each(state,
    action)` is called with each action before it is applied (a test's own checks). An autopilot that loops
    fails the test after simulate's MAX_ACTIONS actions."""
    pilot = get_game(state["game"]).pilot
    seed = state["setup"]["seed"]
    for _ in range(MAX_ACTIONS):
        if state["result"] is not None or (cap is not None and pilot.own_turn(state) > cap):
            break
        action = pilot.choose(state)
        assert action is not None, f"seed {seed}: nothing to do in {state.get('phase')} of turn {state['turn']}"
        if check:  # a choice of cards too: one of a listed entry's declared "choice" (play.with_choice)
            assert offers(legal_actions(state), action), f"seed {seed}: {action} is not listed"
        if each is not None:
            each(state, action)
        apply(state, action)  # raises IllegalAction if the rules refuse it
    else:
        if state["result"] is None and (cap is None or pilot.own_turn(state) <= cap):
            raise AssertionError(f"seed {seed}: {MAX_ACTIONS} actions and no end")
    if check:
        check_invariants(state)
    return state


def autopilot_game(game, decks, seed, options=None, cap=20, check=False, each=None):
    """A new game of `game` played with its autopilot up to the player's own turn `cap` (see play_on)."""
    return play_on(new_game(game, decks, seed, options), cap, check, each)


def assert_same_game(game, decks, seed, options=None, cap=20):
    """The same seed plays the same game: the same final state, through the same actions."""
    a, b = (autopilot_game(game, decks, seed, options, cap) for _ in range(2))
    assert digest(a) == digest(b), (game, seed)
    assert [e["action"] for e in a["log"]] == [e["action"] for e in b["log"]], (game, seed)
