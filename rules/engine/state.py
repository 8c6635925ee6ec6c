"""The engine's state primitives: the errors, the rules of a game (from the one registry), zones, cards
and their moves, drawing, milling and shuffling. Everything else in the engine, and the games' rules, build
on these; this module builds on nothing of the engine but its random numbers.
"""

from __future__ import annotations

from typing import Any

from ..declare import GAMES, get_game
from ..declare.options import OptionError
from . import rng

Event = dict[str, Any]


class IllegalAction(ValueError):
    """An action the rules do not allow now; the message says why."""


class IllegalOption(IllegalAction):
    """Start options the game does not take; `messages(lang)` names each option and what it accepts."""

    def __init__(self, error: OptionError):
        self.error = error
        super().__init__(str(error))

    def messages(self, lang: str) -> list[str]:
        return self.error.messages(lang)


_RULES: dict = {}


def _rules(slug: str):
    """The rules object of the game `slug` (its declared `play`), kept while the registry holds the same
    declaration."""
    game = GAMES.get(slug)
    entry = _RULES.get(slug)
    if entry is None or entry[0] is not game:
        game = get_game(slug)  # an unknown game raises UnknownGame
        entry = _RULES[slug] = (game, game.rules)
    return entry[1]


def rules_of(state: dict):
    """The rules object that runs this game."""
    return _rules(state["game"])


def version(state: dict) -> int:
    """The state's version, the key games and autopilots may cache what they work out of the board on: the
    number of actions applied to this state object (its log's length). Not state["version"], which is the
    shape of the state (core.VERSION).

    Every action the core applies (a rule action or a manual one, in the browser, a replay, a redo or a
    simulation, whose entries are the actions alone: read the log's length there, not its entries) appends
    one log entry after the rules have changed the state, and nothing else changes a
    state between two actions (undo and a saved game give a new state object). So wherever an action is
    chosen (legal_actions, an autopilot's choose, the board) the same state object with the same version
    is the same board. It does not change while an action is under way (the rules' own handlers must not
    keep what they read then), and another state object may have the same number: key on the object too
    (PerVersion does both)."""
    return len(state["log"])


class PerVersion:
    """What was worked out for one version of one state: `values(state)` is a dict that lasts while the same
    state object keeps the same version (see version()), and is a new empty one as soon as either changes.

        _seen = PerVersion()          # module level: one per kind of cache
        def stat(state, iid):
            known = _seen.values(state)
            ...

    It holds the state it was last asked about (a strong reference: a dead state's id could be reused by a
    new dict, so identity alone would not do), and so at most one state's values at a time."""

    __slots__ = ("_state", "_at", "_values")

    def __init__(self):
        self._state: dict | None = None
        self._at = -1
        self._values: dict = {}

    def values(self, state: dict) -> dict:
        at = len(state["log"])
        if self._state is not state or self._at != at:
            self._state, self._at, self._values = state, at, {}
        return self._values

    def clear(self) -> None:
        self._state, self._at, self._values = None, -1, {}


FIRST = ("player", "goldfish")


def first_player(options: dict) -> int:
    """The option "first" that the goldfish games share (who starts: "player" or "goldfish") as a player
    index; any other value is refused naming the option."""
    value = options.get("first")
    if value not in FIRST:  # a tuple: an unhashable value is refused too, not a TypeError
        raise IllegalAction(f"first: player or goldfish, not {value!r}")
    return FIRST.index(value)


# zone kind -> the names of that zone for players 0, 1, …: one string object per zone, made once, so that the
# rules' lookups of a zone (every draw, every move an effect makes) neither format its name again nor hash
# a new string; the state's own zone keys are these objects too (blank_game names its zones with zone())
_NAMES: dict[str, list[str]] = {}


def zone(player: int, name: str) -> str:
    names = _NAMES.get(name)
    if names is not None and player.__class__ is int and 0 <= player < len(names):
        return names[player]
    return _new_zone(player, name)


def _new_zone(player: int, name: str) -> str:
    if player.__class__ is not int or not 0 <= player < 8 or name.__class__ is not str:
        return f"p{player}.{name}"
    if len(_NAMES) > 256:  # (bounded: zone kinds are the games' few, but any string may be asked)
        _NAMES.clear()
    names = _NAMES.setdefault(name, [])
    while len(names) <= player:
        names.append(f"p{len(names)}.{name}")
    return names[player]


_HANDS = [zone(p, "hand") for p in range(8)]  # (the hands' names, as zone() gives them: draw's target)


def add_card(state: dict, card: dict, owner: int, to_zone: str, token: bool = False) -> str:
    key = str(card.get("key") or card.get("id") or card.get("name"))
    defs = state["defs"]
    if key not in defs:  # (the card data of a key already there is not read again)
        defs[key] = {k: v for k, v in card.items() if k not in ("key", "section")}
    iid = f"c{state['next_id']}"
    state["next_id"] += 1
    state["cards"][iid] = {
        "def": key,
        "owner": owner,
        "zone": to_zone,
        "face_up": False,
        "tapped": False,
        "counters": {},
        "token": token,
    }
    state["zones"].setdefault(to_zone, []).append(iid)
    return iid


def card_def(state: dict, iid: str) -> dict:
    return state["defs"][state["cards"][iid]["def"]]


def move(state: dict, iid: str, to_zone: str, index: int | None = None, face_up: bool | None = None) -> Event:
    """Move an instance to a zone (at `index`, default the end = top for decks) and return the event."""
    card = state["cards"][iid]
    source = card["zone"]
    zones = state["zones"]
    pile = zones[source]
    # An instance is in exactly one place of one zone (check_invariants): the commonest move takes the top
    # (the end) of a pile (a draw, a mill, the top of a deck), which pop() does without remove()'s scan.
    if pile and pile[-1] == iid:
        pile.pop()
    else:
        pile.remove(iid)
    target = zones.get(to_zone)
    if target is None:  # a zone no card was in yet
        target = zones[to_zone] = []
    if index is None or index >= len(target):
        target.append(iid)
    else:
        target.insert(max(0, index), iid)
    card["zone"] = to_zone
    if face_up is not None:
        card["face_up"] = face_up
    return {"type": "move", "card": iid, "from": source, "to": to_zone}


def draw(state: dict, player: int, n: int, forced: bool = False) -> list[Event]:
    """Draw n cards from the top (end) of the player's draw source into their hand, face down. An empty
    deck stops the drawing and is noted; when the rules force the draw (`forced`), the player has lost."""
    rules = _rules(state["game"])
    decks = rules._decks  # (the names Play.draw_source gives, where the game keeps it: no call per draw)
    if decks is not None and player.__class__ is int and 0 <= player < 8:
        source, hand = decks[player], _HANDS[player]
    else:
        source, hand = rules.draw_source(state, player), None
    events: list[Event] = []
    if n <= 0:
        return events
    if hand is None:
        hand = zone(player, "hand")
    zones, cards = state["zones"], state["cards"]
    pile = zones[source]
    target = None
    for _ in range(n):  # move(state, top, hand, face_up=False), inline: every turn draws
        if not pile:
            if forced:
                state["players"][player]["lost"] = True
            events.append({"type": "draw_from_empty", "player": player})
            break
        if target is None:
            target = zones.get(hand)
            if target is None:  # a zone no card was in yet
                target = zones[hand] = []
        iid = pile.pop()
        target.append(iid)
        card = cards[iid]
        card["zone"] = hand
        card["face_up"] = False
        events.append({"type": "move", "card": iid, "from": source, "to": hand})
    return events


def mill(state: dict, player: int, n: int) -> list[Event]:
    """The top n cards of the player's draw source to their discard pile (the game's: kannagi's is 魂), face up
    (kannagi's 魂 too: 表逆向き, face up and upside down); fewer if the source runs out."""
    rules = _rules(state["game"])
    source = rules.draw_source(state, player)
    to = zone(player, rules.discard_zone)
    return [move(state, state["zones"][source][-1], to, face_up=True) for _ in range(min(n, len(state["zones"][source])))]


def shuffle_zone(state: dict, name: str) -> Event:
    rng.shuffle(state, state["zones"][name])
    return {"type": "shuffle", "zone": name}


def _holder(name: str) -> int | None:
    """The player whose zone this is ("p1.hand" -> 1); None for a zone of no player (a shared deck, a board)."""
    prefix, dot, _ = name.partition(".")
    return int(prefix[1:]) if dot and prefix[:1] == "p" and prefix[1:].isdigit() else None


def sees(rules, state: dict, name: str, zone_open: bool, card: dict, player: int) -> bool:
    """Whether `player` sees which card this is: a face-up card, anywhere; a face-down one only in a zone the
    player may look into that is theirs (their hand, their 魂), or in a shared zone when it is theirs (a curse
    cast face down on original's board is hidden from the opponent, as a possessed apparition on a kannagi
    field is: face down means hidden from the other players)."""
    if card["face_up"]:
        return True
    if not zone_open:
        return False
    holder = _holder(name)
    return (card["owner"] if holder is None else holder) == player


def events_for(state: dict, events: list[dict], player: int) -> list[dict]:
    """The events as `player` may see them: a card that moved between zones they cannot see, face down,
    is not named (instance ids follow the deck list, so an id would tell which card the goldfish drew)."""
    rules = _rules(state["game"])
    out = []
    for event in events:
        if event.get("type") == "move" and event.get("card"):
            card = state["cards"].get(event["card"])
            hidden = card is not None and not any(
                sees(rules, state, name, rules.zone_visible(state, name, player), card, player)
                for name in (event["from"], event["to"])
            )
            if hidden:
                event = {**event, "card": None}
        elif isinstance(event.get("card"), str) and event["card"] in state["cards"]:  # any other event about a card
            card = state["cards"][event["card"]]
            if not sees(rules, state, card["zone"], rules.zone_visible(state, card["zone"], player), card, player):
                event = {**event, "card": None}
        out.append(event)
    return out
