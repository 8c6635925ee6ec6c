"""The log as a story, and the turn as the players count it.

    clock(state)                       # {"player": whose turn, "n": which of their turns, "yours": your turns begun}
    story(state, 0, "ja")              # the last 50 logged actions' events as lines, in the viewer's words

Turns are said one way in every game: each player's own turns counted ("あなたの3ターン目", "相手の3ターン目").
What `state["turn"]` counts is the game's (kannagi and manacard count the player's own turns, original, vision
and timestorm every player's turn); the game's vocabulary declares which (`turn_count`) and this converts.
The simulator's win turn (an autopilot's `own_turn`) is the player's turns begun: `clock(state)["yours"]`.

A line is {"kind": "turn" | "phase" | "event", "parts": [...]}, each part a text or a card: {"card": iid,
"name", "id"} (a card the viewer may see: `id` is its card's database id when it has one) or {"hidden": True,
"text"}. The words come from the game's vocabulary (`events`, with the engine's common ones): a key
"type[field,…]" is used when the event has those fields, before the plain "type" (see vocabulary.py). A card
is named only where the viewer may see it (`events_for`, the engine's rule: a card that moved between zones
the viewer cannot see, face down, stays unnamed), and what the log already says by its action (the action's
own card played from the hand, its own event) is not said again.
"""

from __future__ import annotations

import re

from ..declare import get_game
from ..declare.vocabulary import (
    AND,
    BEFORE_TURNS,
    EMPTY,
    HIDDEN_CARD,
    HIDDEN_CARDS,
    OF_PLAYER,
    OPPONENT,
    THEIR_TURN,
    TIMES,
    YOU,
    YOUR_TURN,
    Label,
)
from .state import _rules, events_for, sees

SHOWN = 50  # the log's last actions the view carries
_PLACEHOLDER = re.compile(r"%\((\w+)\)")
CARD_KEYS = ("card", "target", "attacker", "defender", "source", "by", "onto", "place")
LIST_KEYS = ("cards", "mana", "skill", "candidates")
ZONE_KEYS = ("zone", "from", "to")
# Damage with no "source" of its own (an effect's names its card: engine/effects.py) comes from the attack or
# battle said before it in the same action: these events' card (or attacker) is where it came from.
CAUSES = frozenset({"attack", "battle", "attack_hits", "apparition"})


def vocabulary_of(state: dict):
    return get_game(state["game"]).vocabulary or EMPTY


# -- the clock ---------------------------------------------------------------------------------------------


def _turn_player(event: dict) -> int:
    """Whose turn a turn-start event begins: its "player", else a goldfish's for "goldfish_turn", else yours."""
    player = event.get("player")
    if isinstance(player, int) and not isinstance(player, bool):
        return player
    return 1 if "goldfish" in event["type"] else 0


def first_player(state: dict) -> int:
    """Who took the first turn, as the game's rules keep it (`Play.first_seat`: the seat its setup or the
    seed's rule chose), never guessed from the log; you while it is not decided."""
    kept = _rules(state["game"]).first_seat(state)
    return kept if isinstance(kept, int) and not isinstance(kept, bool) else 0


def turns_of(state: dict, player: int, turn: int, first: int | None = None) -> int:
    """How many turns of `player` have begun when the engine's turn number is `turn` (with `turn_count`
    "every": turn t is the turn of the (t-1)-th player in seating order from the first; with "own": `turn`
    is the count of the player's turns, and a goldfish that went first has had one more)."""
    if turn <= 0:
        return 0
    first = first_player(state) if first is None else first
    if vocabulary_of(state).turn_count == "every":
        n = max(1, len(state["players"]))
        offset = (player - first) % n
        return 0 if turn - 1 < offset else (turn - 1 - offset) // n + 1
    if player == 0:
        return turn
    return turn + (1 if first == player else 0)


def clock(state: dict) -> dict:
    """Whose turn it is and which of theirs ({"player", "n"}), and how many of yours have begun ("yours":
    the win turn of a simulation)."""
    first = first_player(state)
    active = state["active"] if isinstance(state.get("active"), int) else 0
    return {
        "player": active,
        "n": turns_of(state, active, state["turn"], first),
        "yours": turns_of(state, 0, state["turn"], first),
    }


def who(state: dict, player: int, viewer: int, lang: str, names: dict | None = None) -> str:
    """あなた for the viewer, 相手 for the other player (相手2, 相手3 where there are several); `names`: the
    names a spectator sees instead (seat -> name: the one who plays it, not あなた)."""
    if names and names.get(player):
        return names[player]
    if player == viewer:
        return YOU.text(lang)
    others = [p for p in range(len(state["players"])) if p != viewer]
    word = OPPONENT.text(lang)
    return word if len(others) <= 1 else f"{word}{others.index(player) + 1}" if player in others else word


def turn_text(state: dict, player: int, n: int, viewer: int, lang: str, names: dict | None = None) -> str:
    if n <= 0:
        return BEFORE_TURNS.text(lang)
    if player == viewer and not (names and names.get(player)):
        return YOUR_TURN.text(lang) % {"n": n}
    return THEIR_TURN.text(lang) % {"who": who(state, player, viewer, lang, names), "n": n}


# -- the story -----------------------------------------------------------------------------------------------


def _present(value) -> bool:
    return value is not None and value is not False and value != "" and value != []


def _render(template: str, values: dict) -> list:
    """The template filled in; the values that are parts (lists: card names) are spliced in as parts."""
    tokens, mapping = [], {}
    for key, value in values.items():
        if isinstance(value, list):
            mapping[key] = f"\x00{len(tokens)}\x00"
            tokens.append(value)
        else:
            mapping[key] = value
    text = template % mapping
    out: list = []
    for i, piece in enumerate(text.split("\x00")):
        out.extend(tokens[int(piece)] if i % 2 else ([piece] if piece else []))
    merged: list = []
    for part in out:
        if isinstance(part, str) and merged and isinstance(merged[-1], str):
            merged[-1] += part
        else:
            merged.append(part)
    return merged


class _Teller:
    """Writes one game's log for one viewer in one language."""

    def __init__(self, state: dict, viewer: int, lang: str, names: dict | None = None):
        self.state, self.viewer, self.lang, self.names = state, viewer, lang, names
        self.rules = _rules(state["game"])
        self.words = vocabulary_of(state)
        self.first = first_player(state)
        game = get_game(state["game"])
        self.fields = {f.key: (f.ja if lang.startswith("ja") else f.en) for f in game.fields}
        keys = [k for k in self.words.events]
        self.templates: dict[str, list[tuple[list[str], Label]]] = {}
        for key in [k for k in keys if "[" in k] + [k for k in keys if "[" not in k]:
            kind, _, rest = key.partition("[")
            needs = [f.strip() for f in rest.rstrip("]").split(",") if f.strip()] if rest else []
            self.templates.setdefault(kind, []).append((needs, self.words.events[key]))
        self.running = None  # the viewer's turns begun (turn_count "own": a goldfish's turn is counted from it)
        self.header = None  # the last turn line (the same turn said once)

    # -- words --------------------------------------------------------------------------------------------------

    def t(self, label: Label) -> str:
        return label.text(self.lang)

    def who(self, player) -> str:
        if not isinstance(player, int) or isinstance(player, bool) or not 0 <= player < len(self.state["players"]):
            return str(player)
        return who(self.state, player, self.viewer, self.lang, self.names)

    def zone(self, name: str) -> str:
        label = self.words.zone(name, self.lang)
        prefix, dot, _ = name.partition(".")
        if dot and prefix[:1] == "p" and prefix[1:].isdigit() and (int(prefix[1:]) != self.viewer or self.names):
            return self.t(OF_PLAYER) % {"who": self.who(int(prefix[1:])), "zone": label}
        return label

    def phase(self, key) -> str:
        word = self.words.phases.get(key)
        return word.text(self.lang) if word else str(key)

    def card(self, iid, seen: set) -> list:
        cards = self.state["cards"]
        if isinstance(iid, str) and iid in cards and (iid in seen or self.sees(iid)):
            data = self.state["defs"][cards[iid]["def"]]
            return [{"card": iid, "name": str(data.get("name", "")), "id": data.get("id")}]
        return [{"hidden": True, "text": self.t(HIDDEN_CARD)}]

    def cards(self, ids, seen: set) -> list:
        named, hidden = [], 0
        for iid in ids or ():
            part = self.card(iid, seen)
            if part[0].get("hidden"):
                hidden += 1
            else:
                named.append(part)
        out: list = []
        for part in named:
            if out:
                out.append(self.t(AND))
            out.extend(part)
        if hidden:
            if out:
                out.append(self.t(AND))
            out.append({"hidden": True, "text": self.t(HIDDEN_CARDS) % {"n": hidden}})
        return out

    def sees(self, iid: str) -> bool:
        card = self.state["cards"][iid]
        where = card["zone"]
        return sees(self.rules, self.state, where, self.rules.zone_visible(self.state, where, self.viewer), card, self.viewer)

    def square(self, pos) -> str:
        rows = self.words.rows
        if isinstance(pos, (list, tuple)) and len(pos) == 2 and all(isinstance(x, int) for x in pos):
            row = rows[pos[0]].text(self.lang) if 0 <= pos[0] < len(rows) else str(pos[0] + 1)
            return f"{row} {pos[1] + 1}"
        return str(pos)

    def values(self, event: dict, seen: set, source) -> tuple[dict, set]:
        """The event's fields as the words take them, and the keys that name no card the viewer may see."""
        out: dict = {}
        absent: set = set()
        for key, value in event.items():
            if key == "type":
                continue
            if key in CARD_KEYS and (isinstance(value, str) or value is None):
                if value is None:  # a card the viewer may not see (or none): said face down, and absent for the words' keys
                    absent.add(key)
                out[key] = self.card(value, seen)
            elif key in LIST_KEYS and isinstance(value, list):
                out[key] = self.cards(value, seen) if value else None
            elif key in ZONE_KEYS and isinstance(value, str):
                out[key] = self.zone(value)
            elif key in ("pos", "from", "to") and isinstance(value, list):
                out[key] = self.square(value)
            elif key == "player":
                out[key] = self.who(value)
            elif key == "phase":
                out[key] = self.phase(value)
            elif key == "at":
                word = self.words.actions.get(value) or self.words.phases.get(value)
                out[key] = word.text(self.lang) if word else str(value)
            elif key == "stat":
                out[key] = self.fields.get(value, str(value))
            elif key == "option":
                word = self.words.options.get(str(value))
                out[key] = word.text(self.lang) if word else str(value)
            elif isinstance(value, list):
                out[key] = self.t(AND).join(str(v) for v in value) if value else None
            else:
                out[key] = value
        if isinstance(event.get("amount"), int):
            out["signed"] = f"{event['amount']:+d}"
        if "source" not in out or "source" in absent:
            absent.discard("source")
            out["source"] = source
            if source is None or source[0].get("hidden"):
                absent.add("source")
        return out, absent

    def say(self, kind: str, values: dict, absent: set = frozenset()) -> list | None:
        def has(key):
            return key not in absent and _present(values.get(key))

        for needs, label in self.templates.get(kind, ()):
            if all(not has(n[1:]) if n.startswith("!") else has(n) for n in needs):
                template = label.text(self.lang)
                if any(values.get(key) is None for key in _PLACEHOLDER.findall(template)):
                    continue  # (a value the event lacks, an empty list of cards: never "None" in a line)
                try:
                    return _render(template, values)
                except (KeyError, ValueError, TypeError):
                    continue
        return None

    # -- turns ------------------------------------------------------------------------------------------------

    def turn_line(self, event: dict) -> dict | None:
        player = _turn_player(event)
        turn = event.get("turn")
        if self.words.turn_count == "every" and isinstance(turn, int):
            n = turns_of(self.state, player, turn, self.first)
        elif player == 0:
            n = turn if isinstance(turn, int) else (self.running or 0) + 1
            self.running = n
        else:
            n = (self.running or 0) + (1 if self.first == player else 0)
        text = turn_text(self.state, player, n, self.viewer, self.lang, self.names)
        if text == self.header:
            return None
        self.header = text
        return {"kind": "turn", "parts": [text]}

    # -- one logged action -------------------------------------------------------------------------------------

    def entry(self, entry: dict) -> list[dict]:
        action = entry.get("action") or {}
        if isinstance(entry.get("turn"), int):
            self.running = entry["turn"] if self.words.turn_count == "own" else turns_of(self.state, 0, entry["turn"], self.first)
        raw = list(entry.get("events") or ())
        shown = events_for(self.state, raw, self.viewer)
        # the cards the viewer saw in this action: those its moves show, and (your own action) those it names
        seen = {e["card"] for e in shown if e.get("type") == "move" and e.get("card")}
        for e in raw:  # a card an effect revealed was shown to everyone
            if e.get("type") == "reveal":
                seen |= {c for c in [e.get("card"), *(e.get("cards") or ())] if isinstance(c, str)}
        if self.viewer == entry.get("seat", 0):  # the viewer's own action (another seat's names only what is seen)
            seen |= {c for key in ("card", "target", "onto") for c in [action.get(key)] if isinstance(c, str)}
            seen |= {c for c in action.get("cards") or () if isinstance(c, str)}
        # an event about a card now out of sight still names it if the viewer saw it in this action
        events = [e if e.get("type") == "move" or e.get("card") is not None or r.get("card") not in seen else {**e, "card": r["card"]}
                  for e, r in zip(shown, raw, strict=True)]
        own_card = action.get("card") if isinstance(action.get("card"), str) else None
        named_by_action = {c for v in action.values() if isinstance(v, list) for c in v if isinstance(c, str)}
        source = self.card(own_card, seen) if own_card and action.get("type") in CAUSES else None  # an attack's damage
        said_own_move = False
        lines: list[dict] = []
        i = 0
        while i < len(events):
            event = events[i]
            kind = event.get("type")
            i += 1
            if kind in self.words.turn_starts:
                line = self.turn_line(event)
                if line:
                    lines.append(line)
                continue
            if kind in self.words.quiet:
                continue
            if kind == action.get("type") and event.get("card") == action.get("card") and event.get("player", self.viewer) == self.viewer:
                continue  # the action itself, said by its line
            if kind in CAUSES and isinstance(event.get("card") or event.get("attacker"), str):
                source = self.card(event.get("card") or event.get("attacker"), seen)
            if kind == "phase":
                lines.append({"kind": "phase", "parts": [self.phase(event.get("phase"))]})
                continue
            if kind == "move":
                if (not said_own_move and own_card and event.get("card") == own_card
                        and (action.get("type") == "manual.move" or event.get("from", "").endswith(".hand"))):
                    said_own_move = True
                    continue
                group = [event]
                draw = self._draw_of(event)
                while i < len(events) and events[i].get("type") == "move" and (
                        (draw is not None and self._draw_of(events[i]) == draw)
                        or (draw is None and (events[i].get("from"), events[i].get("to")) == (event.get("from"), event.get("to")))):
                    if own_card and events[i].get("card") == own_card and not said_own_move:
                        break
                    group.append(events[i])
                    i += 1
                ids = [e.get("card") for e in group]
                route = f"move:{_kind(event.get('from', ''))}>{_kind(event.get('to', ''))}"
                if draw is None and route in self.words.quiet:
                    continue  # a move the line before says (manacard's hit: main-deck cards exiled face down)
                if draw is not None:  # cards drawn are named only into a hand the viewer sees (not the goldfish's, even
                    # when a card drawn then has since turned face up)
                    hand = event.get("to", "")
                    named = [c for c in ids if c] if self.rules.zone_visible(self.state, hand, self.viewer) else []
                    values = {"player": self.who(draw), "n": len(group), "cards": self.cards(named, seen) if named else None}
                    parts = self.say("draw", values)
                else:
                    values = {"cards": self.cards(ids, seen), "from": self.zone(event.get("from", "")), "to": self.zone(event.get("to", "")), "n": len(group)}
                    if len(group) == 1 and isinstance(event.get("pos"), list):
                        values["pos"] = self.square(event["pos"])
                    parts = self.say("move", values)
            elif kind == "tap":
                group = [event]
                while i < len(events) and events[i].get("type") == "tap" and events[i].get("tapped") == event.get("tapped"):
                    group.append(events[i])
                    i += 1
                ids = [e.get("card") for e in group]
                if event.get("tapped") and set(ids) <= named_by_action:
                    continue  # a payment the action names (original's 支払う 使用 …)
                parts = self.say("tap", {"cards": self.cards(ids, seen), "tapped": event.get("tapped")})
            elif kind in ("reveal", "search") and isinstance(event.get("cards"), list):
                values, absent = self.values(event, seen | set(event["cards"]), None)
                parts = self.say(kind, {**values, "n": len(event["cards"])}, absent)
            else:
                parts = self.say(kind, *self.values(event, seen, source))
            if parts:
                lines.append({"kind": "event", "parts": parts})
        # a phase in which nothing was said is left out (the goldfish's turns go by in a line), but the last one
        # of the action stays: it is where the game now is
        lines = [line for k, line in enumerate(lines)
                 if line["kind"] != "phase" or k == len(lines) - 1 or lines[k + 1]["kind"] == "event"]
        return _collapse(lines, self.t(TIMES))

    def _draw_of(self, event: dict) -> int | None:
        """The player who drew, if this move is a draw (from their draw source into their hand)."""
        to, origin = event.get("to", ""), event.get("from", "")
        prefix, dot, kind = to.partition(".")
        if not (dot and kind == "hand" and prefix[1:].isdigit()):
            return None
        player = int(prefix[1:])
        try:
            return player if origin == self.rules.draw_source(self.state, player) else None
        except (KeyError, IndexError, TypeError):
            return None


def _kind(zone: str) -> str:
    return zone.rpartition(".")[2]


def _collapse(lines: list[dict], times: str) -> list[dict]:
    """The same line several times in a row, once with its count."""
    out: list[dict] = []
    count = 0
    for line in lines:
        if out and line == out[-1]["_line"]:
            count += 1
            out[-1]["parts"] = line["parts"] + [times % {"n": count + 1}]
            continue
        count = 0
        out.append({**line, "_line": line})
    for line in out:
        line.pop("_line")
    return out


def story(state: dict, viewer: int, lang: str, shown: int = SHOWN, names: dict | None = None) -> list[list[dict]]:
    """The lines of each of the last `shown` logged actions (the ones the view carries), in order. `names`: for a
    spectator, seat -> the name of who plays it (told as that name, never あなた)."""
    teller = _Teller(state, viewer, lang or "ja", names)
    log = state.get("log", [])
    entries = log[-shown:] if shown else []
    if entries and not isinstance(entries[0].get("turn"), int):  # a log from before the turns were noted
        teller.running = None
    return [teller.entry(entry) for entry in entries]
