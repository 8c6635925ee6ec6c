"""Manual actions: always legal, logged as overrides, for whatever the engine does not automate.

    {"type": "manual.move", "card": "c12", "to": "p0.field", "index": 0, "face_up": true, "pos": [2, 3]}
    {"type": "manual.flip", "card": "c12"}                 {"type": "manual.tap", "card": "c12", "tapped": true}
    {"type": "manual.counter", "card": "c12", "name": "damage", "delta": 2}
    {"type": "manual.life", "player": 1, "delta": -3}       {"type": "manual.draw", "player": 0, "n": 2}
    {"type": "manual.mill", "player": 0, "n": 1}            {"type": "manual.shuffle", "zone": "p0.deck"}
    {"type": "manual.reveal", "zone": "p0.deck", "n": 3}    {"type": "manual.search", "zone": "p0.deck"}
    {"type": "manual.token", "player": 0, "to": "p0.field", "name": "トークン"}
    {"type": "manual.roll", "sides": 6}                      {"type": "manual.win", "player": 0}

Every move keeps each card in exactly one zone; tokens are new instances that may later leave play.
"""

from __future__ import annotations

from . import rng
from .state import IllegalAction, add_card, draw, mill, move, shuffle_zone

MAX_N = 100


def _card(state: dict, action: dict) -> str:
    iid = action.get("card")
    if not isinstance(iid, str) or iid not in state["cards"]:
        raise IllegalAction(f"card: no card {iid!r}")
    return iid


def _zone(state: dict, action: dict, key: str = "zone") -> str:
    name = action.get(key)
    if not isinstance(name, str) or name not in state["zones"]:
        raise IllegalAction(f"{key}: no zone {name!r}")
    return name


def _player(state: dict, action: dict) -> int:
    player = action.get("player", state["active"])
    if not isinstance(player, int) or isinstance(player, bool) or not 0 <= player < len(state["players"]):
        raise IllegalAction(f"player: no player {player!r}")
    return player


def _n(action: dict, key: str = "n", default: int = 1, low: int = 0, high: int = MAX_N) -> int:
    n = action.get(key, default)
    if not isinstance(n, int) or isinstance(n, bool) or not low <= n <= high:
        raise IllegalAction(f"{key}: a whole number from {low} to {high}, not {n!r}")
    return n


def apply_manual(state: dict, action: dict) -> list[dict]:
    kind = action["type"][len("manual.") :]
    if kind == "move":
        iid = _card(state, action)
        to = _zone(state, action, "to")
        index = action.get("index")
        if index is not None and (not isinstance(index, int) or isinstance(index, bool)):
            raise IllegalAction(f"index: a whole number, not {index!r}")
        face_up = action.get("face_up")
        if face_up is not None and not isinstance(face_up, bool):
            raise IllegalAction("face_up: true or false")
        pos = action.get("pos")  # a square of a grid board: [row, column]
        if pos is not None and not (
            isinstance(pos, list) and len(pos) == 2 and all(isinstance(x, int) and not isinstance(x, bool) and 0 <= x < 100 for x in pos)
        ):
            raise IllegalAction(f"pos: [row, column], two whole numbers from 0 to 99, not {pos!r}")
        if face_up is None and to.endswith((".deck", ".hand")):
            face_up = False  # a card put into a deck or a hand is hidden again unless told otherwise
        event = move(state, iid, to, index, face_up)
        if pos is not None:
            state["cards"][iid]["pos"] = pos
            event["pos"] = pos
        else:
            state["cards"][iid].pop("pos", None)
        return [event]
    if kind == "flip":
        iid = _card(state, action)
        card = state["cards"][iid]
        card["face_up"] = not card["face_up"]
        return [{"type": "flip", "card": iid, "face_up": card["face_up"]}]
    if kind == "tap":
        iid = _card(state, action)
        tapped = action.get("tapped", not state["cards"][iid]["tapped"])
        if not isinstance(tapped, bool):
            raise IllegalAction("tapped: true or false")
        state["cards"][iid]["tapped"] = tapped
        return [{"type": "tap", "card": iid, "tapped": tapped}]
    if kind == "counter":
        iid = _card(state, action)
        name = action.get("name", "counter")
        if not isinstance(name, str) or not 0 < len(name) <= 30:
            raise IllegalAction("name: a short text")
        delta = _n(action, "delta", 1, -999, 999)
        counters = state["cards"][iid]["counters"]
        counters[name] = counters.get(name, 0) + delta
        if counters[name] == 0:
            del counters[name]
        return [{"type": "counter", "card": iid, "name": name, "value": counters.get(name, 0)}]
    if kind == "life":
        player = _player(state, action)
        delta = _n(action, "delta", 0, -999, 999)
        current = state["players"][player]["life"] or 0
        state["players"][player]["life"] = current + delta
        return [{"type": "life", "player": player, "life": current + delta}]
    if kind in ("draw", "mill"):
        player = _player(state, action)
        n = _n(action)
        if kind == "draw":
            return draw(state, player, n)
        return mill(state, player, n)
    if kind == "shuffle":
        return [shuffle_zone(state, _zone(state, action))]
    if kind in ("reveal", "search"):
        name = _zone(state, action)
        n = _n(action, default=len(state["zones"][name]) if kind == "search" else 1, high=10_000)
        shown = state["zones"][name][-n:] if n else []
        return [{"type": kind, "zone": name, "cards": list(reversed(shown))}]
    if kind == "token":
        player = _player(state, action)
        to = _zone(state, action, "to")
        name = action.get("name", "トークン")
        if not isinstance(name, str) or not 0 < len(name) <= 60:
            raise IllegalAction("name: a short text")
        key = f"token:{name}"
        iid = add_card(state, {"key": key, "name": name, "card_type": "token"}, player, to, token=True)
        state["cards"][iid]["face_up"] = True
        return [{"type": "token", "card": iid, "to": to}]
    if kind == "win":  # card text that wins (or concedes) the game
        player = _player(state, action)
        if state["result"] is not None:
            raise IllegalAction("the game is over")
        state["result"] = {"winner": player, "turn": state["turn"], "reason": "declared"}
        for other in state["players"]:  # if anyone wins, everyone else has lost
            other["lost"] = other["id"] != player
        return [{"type": "win", "player": player}]
    if kind == "roll":
        sides = _n(action, "sides", 6, 2, 1000)
        value = rng.below(state, sides) + 1
        return [{"type": "roll", "sides": sides, "value": value}]
    raise IllegalAction(f"unknown manual action {action['type']!r}")
