"""The engine core: game state as JSON-able data, actions, events, the log, replay, undo and redo.

    state = new_game("kannagi", decks, seed=42)          # decks: one list of card dicts per player
    legal_actions(state)                                  # the rule actions the game offers now
    apply(state, {"type": "pass"})                        # -> events; the state changes in place
    result(state)                                         # None, or {"winner", "turn", "reason"}
    view(state, player)                                   # what that player may see
    digest(state)                                         # a hash of everything but the log
    undo(state, 2) / redo(state)                          # replays of the log from the setup

State: "setup" (game, decks, seed, options: enough to replay), "rng" (one integer, see rng.py), "defs"
(card data by key), "cards" (instances by id: def, owner, zone, face_up, tapped, counters, …), "zones"
(ordered lists of instance ids; zone names like "p0.hand"), "players", "turn", "phase", "active",
"stack", "pending", "result", "log" and "redo". Every random event draws from the state's generator.
Manual actions (manual.py) are always legal and logged as overrides.
"""

from __future__ import annotations

import copy
import hashlib
import json
from typing import Any

from ..declare import get_game
from ..declare.options import OptionError
from . import rng
from .effects import refresh_choice
from .manual import apply_manual
from .play import offers, plain  # noqa: F401  (offers: for the shell and the tests)
from .state import (  # noqa: F401  (the primitives, for the games and the shell as before)
    FIRST,
    IllegalAction,
    IllegalOption,
    PerVersion,
    _rules,
    add_card,
    card_def,
    draw,
    events_for,
    first_player,
    mill,
    move,
    rules_of,
    sees,
    shuffle_zone,
    version,
    zone,
)
from .story import clock

Action = dict[str, Any]
Event = dict[str, Any]
VERSION = 4  # bump when the state's shape or the rules' outcome for a logged game changes


def _canonical_key(card: dict) -> tuple[str, str, str]:
    return (str(card.get("section") or ""), str(card.get("name") or ""), str(card.get("key") or card.get("id") or ""))


def canonical_decks(decks: list[list[dict]]) -> list[list[dict]]:
    """Each deck's cards in one order that depends only on the cards (section, name, key), not on how the
    decklist was written: the shell and the simulator start games from this, so the same cards with the same
    seed give the same game whatever the order of the lines (the instances, and so every tie the rules or an
    autopilot break by instance, follow it)."""
    return [sorted(deck, key=_canonical_key) for deck in decks]


def new_game(game: str, decks: list[list[dict]], seed: int, options: dict | None = None, seats: list[str] | None = None) -> dict:
    """A fresh game: every deck's cards as instances in their owner's deck zone, then the game's setup.

    `decks` is one list per player of card dicts ("key" identifies the card's data: the same key is the
    same card; other keys are the card's data, as Card.to_data() plus "id"). `seats`: one kind per seat,
    SEAT ("player": its decisions are asked of whoever sits there, a person or an AI) or GOLDFISH (played
    by the game's goldfish rules); None is the game's own goldfish game (seat 0 a player, the others
    goldfish), which keeps no "seats" in its setup, so goldfish games stay exactly as they were. Seats
    beyond 0 can be players only in a game whose rules declare `versus` (engine/play.py)."""
    state = blank_game(game, decks, seed, options, seats)
    _rules(game).setup(state)
    return state


SEAT, GOLDFISH = "player", "goldfish"  # the kinds of seat


def check_seats(rules, seats, count: int) -> list[str]:
    """The seats as given, or IllegalAction naming what is wrong with them."""
    if not isinstance(seats, (list, tuple)) or len(seats) != count or any(s not in (SEAT, GOLDFISH) for s in seats):
        raise IllegalAction(f"seats: one of {SEAT!r} or {GOLDFISH!r} for each of the {count} seats, not {seats!r}")
    if seats[0] != SEAT:
        raise IllegalAction("seats: seat 0 is a player")
    if not rules.versus and any(s == SEAT for s in seats[1:]):
        raise IllegalAction(f"seats: {rules.slug}'s rules play seats beyond the first only as goldfish so far")
    return list(seats)


def blank_game(game: str, decks: list[list[dict]], seed: int, options: dict | None = None, seats: list[str] | None = None) -> dict:
    """A game before its rules' setup: the players, their zones and every card in its deck zone."""
    rules = _rules(game)
    try:
        options = get_game(game).check_options(options)
    except OptionError as exc:
        raise IllegalOption(exc) from None
    state: dict = {
        "version": VERSION,
        "setup": {"game": game, "decks": decks, "seed": seed, "options": options},
        "game": game,
        "options": options,
        "rng": rng.seed_state(seed),
        "defs": {},
        "cards": {},
        "zones": {},
        "players": [],
        "next_id": 1,
        "turn": 0,
        "phase": "setup",
        "active": 0,
        "priority": None,
        "stack": [],
        "pending": None,
        "result": None,
        "log": [],
        "redo": [],
    }
    players = rules.players(decks, options)
    if seats is not None:
        seats = check_seats(rules, seats, len(players))
        state["setup"]["seats"] = seats
    for player, deck in enumerate(players):
        goldfish = deck.get("goldfish", False) if seats is None else seats[player] == GOLDFISH
        name = deck["name"] if seats is None or goldfish or player == 0 else f"opponent {player}"
        state["players"].append({"id": player, "name": name, "goldfish": goldfish, "life": None, "lost": False})
        for name in rules.zones:
            state["zones"][zone(player, name)] = []
        for card in deck["cards"]:  # a shared deck (timestorm) names its zone; a deck section may have its own
            where = rules.section_zone(card["section"]) if card.get("section") else None
            add_card(state, card, player, deck.get("zone") or zone(player, where or rules.deck_zone))
    for name in rules.shared_zones:
        state["zones"].setdefault(name, [])
    return state


def legal_actions(state: dict) -> list[Action]:
    if state["result"] is not None:
        return []
    return _rules(state["game"]).legal_actions(state)


def _apply(state: dict, action: Action) -> list[Event]:
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise IllegalAction("an action is an object with a type")
    action = plain(action)  # a listed entry played as it is: its declared "choice" is not part of the action
    turn = state["turn"]  # the engine's turn number when the action was taken (the log's story counts from it)
    rules = _rules(state["game"])  # once per action (a registry lookup)
    seat = rules.to_act(state) if "seats" in state["setup"] else None  # who took it (a game with real seats)
    if action["type"].startswith("manual."):
        events = apply_manual(state, action)
        override = True
        # a pending decision may depend on what the manual action changed (e.g. a hand size)
        rules.after_manual(state)
        if state.get("pending") and state["pending"].get("type") == "choose":
            refresh_choice(state)
    else:
        if state["result"] is not None:
            raise IllegalAction("the game is over")
        events = rules.apply(state, action)
        override = False
    entry = {"action": action, "events": events, "override": override, "turn": turn}
    if seat is not None:
        entry["seat"] = seat
    state["log"].append(entry)
    if state["result"] is None:
        rules.check_result(state)
    return events


def apply(state: dict, action: Action) -> list[Event]:
    """Apply a rule action (it must be legal) or a manual one; log it; clear the redo list."""
    events = _apply(state, action)
    state["redo"] = []
    return events


def decision(state: dict) -> dict | None:
    """The pending decision in the one shape every game gives (play.Play.decision): who decides, the
    action and field that answer it, the exact candidates and min/max; None when nothing is pending."""
    if not state.get("pending"):
        return None
    return _rules(state["game"]).decision(state)


def result(state: dict) -> dict | None:
    return state["result"]


def replay(setup: dict, actions: list[Action]) -> dict:
    """The state after `actions` from `setup`: the same seed and actions always give the same state."""
    state = new_game(setup["game"], setup["decks"], setup["seed"], setup["options"], setup.get("seats"))
    for action in actions:
        _apply(state, action)
    return state


def undo(state: dict, steps: int = 1) -> dict:
    """The game `steps` actions ago (a replay of the log minus its tail); the undone actions can be redone."""
    steps = max(0, min(steps, len(state["log"])))
    actions = [entry["action"] for entry in state["log"]]
    kept, undone = actions[: len(actions) - steps], actions[len(actions) - steps :]
    new = replay(state["setup"], kept)
    new["redo"] = undone + state["redo"]  # in the order they were played
    return new


def redo(state: dict, steps: int = 1) -> dict:
    """Apply again the last undone actions (in order)."""
    redo_list = list(state["redo"])
    for _ in range(min(steps, len(redo_list))):
        _apply(state, redo_list.pop(0))
    state["redo"] = redo_list
    return state


def digest(state: dict) -> str:
    """A hash of the game as it stands (cards, zones, players, turn, phase, stack, RNG), not its log."""
    keys = ("game", "rng", "cards", "zones", "players", "turn", "phase", "active", "priority", "stack", "pending", "result")
    extra = ("flags", "passed", "eot", "next_order")  # the games' own bookkeeping, where they keep it
    body = {k: state[k] for k in keys} | {k: state[k] for k in extra if k in state}
    body = json.dumps(body, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(body.encode()).hexdigest()[:32]


def figures(state: dict, player: int) -> dict[str, int]:
    """The figures told beside a player's name, the one place they are counted (the board shows them from the
    view, with a change floated as ±N): the player's life where the game keeps one, then each counter the
    game declares (`Table.counters`: the cards in one of the player's zones, or only the untapped ones), by
    its zone kind. Public: life and the size of a zone are what everyone at the table sees."""
    out = {}
    life = state["players"][player].get("life")
    if life is not None:
        out["life"] = life
    table = get_game(state["game"]).table
    for counter in table.counters if table is not None else ():
        ids = state["zones"].get(f"p{player}.{counter.zone}")
        if ids is not None:
            cards = state["cards"]
            out[counter.zone] = sum(1 for i in ids if not cards[i]["tapped"]) if counter.untapped else len(ids)
    return out


def view(state: dict, player: int) -> dict:
    """What `player` may see: own hand; face-up cards anywhere; face-down cards in their own zones; for
    hidden cards only their place."""
    rules = _rules(state["game"])
    out = copy.deepcopy({k: v for k, v in state.items() if k not in ("setup", "log", "redo", "defs", "cards", "zones", "rng")})
    out["zones"] = {}
    out["cards"] = {}
    out["defs"] = {}
    for name, ids in state["zones"].items():
        visible = rules.zone_visible(state, name, player)
        shown = []
        for iid in ids:
            card = state["cards"][iid]
            if sees(rules, state, name, visible, card, player):
                shown.append(iid)
                out["cards"][iid] = dict(card)
                out["defs"][card["def"]] = state["defs"][card["def"]]
            else:
                shown.append(None)  # a hidden card: its place, not its identity
        out["zones"][name] = shown
    pending = out.get("pending")
    if pending and pending.get("player", 0) != player:  # another's decision: that it is pending, not its choices
        out["pending"] = {"type": pending["type"], "player": pending.get("player", 0)}
        out["decision"] = None
    else:
        if pending:  # the effect's unfinished work is the engine's business, not the player's
            out["pending"] = {k: v for k, v in pending.items() if k not in ("frame", "outer")}
        out["decision"] = decision(state)
    drawn = rules.layout(state)
    if drawn:  # how the board draws this game's zones (original's grid, vision's weather area)
        out["layout"] = drawn
    out["log"] = [
        {"action": _shown_action(e["action"], out["cards"], player, e.get("seat", 0)), "override": e["override"]}
        | ({"seat": e["seat"]} if "seat" in e else {})  # who took it, in a game with seats (the board may say 相手)
        for e in state["log"][-50:]
    ]
    for i, shown in enumerate(out["players"]):
        shown["figures"] = figures(state, i)
    out["clock"] = clock(state)  # whose turn, and which of theirs (the game's turn number converted)
    out["can_undo"] = bool(state["log"])
    out["can_redo"] = bool(state["redo"])
    return out


def _shown_action(action: dict, seen: dict, player: int, seat: int = 0) -> dict:
    """An action of the log as `player` may read it: a seat's own actions name cards (in a goldfish game
    every action is seat 0's), and a card the viewer does not see now is not named to another player (its id
    would tell which card it is)."""
    if player == seat:
        return action
    out = dict(action)
    if isinstance(out.get("card"), str) and out["card"] not in seen:
        out["card"] = None
    if isinstance(out.get("cards"), list):
        out["cards"] = [c if c in seen else None for c in out["cards"]]
    return out


def check_invariants(state: dict) -> None:
    """Card conservation: every instance in exactly one zone, and that zone is the one it records."""
    seen: dict[str, str] = {}
    for name, ids in state["zones"].items():
        for iid in ids:
            if iid in seen:
                raise AssertionError(f"{iid} is in {seen[iid]} and {name}")
            seen[iid] = name
            if state["cards"][iid]["zone"] != name:
                raise AssertionError(f"{iid} records {state['cards'][iid]['zone']} but is in {name}")
    if set(seen) != set(state["cards"]):
        raise AssertionError(f"cards in no zone: {sorted(set(state['cards']) - set(seen))}")
