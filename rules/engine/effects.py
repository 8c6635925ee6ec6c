"""Carrying out a card's effect steps (the "script" card field, see rules/declare/script.py): the one runner
of every game's steps.

    run(state, source, player, steps_of(state, source, "played"), then="resolved")

Steps run in order for each player they affect. A step that needs the human player's choice (a card to
move from their hand or discard, a card to change a stat of) sets state["pending"] to a "choose"
decision holding the rest of the work (the "frame"); `choose_actions` lists the choices and `choose`
carries one out and goes on. A goldfish choosing (e.g. discarding for 時間泥棒) picks with the game's RNG.
When every step is done the game's rules get `after_effects(state, then)` (timestorm: the resolved card
goes to the discard pile). The games' hooks, with their defaults on Play (engine/play.py): `draw_cards`,
`add_resource`, `counter_top`, `after_effects`, `discard_zone`, `empty_deck_move_loses`,
`damage_player(state, player, amount, source)` and `gain_life(state, player, amount, source)` (for games
whose life is not a number: original's 戦力 cards, manacard's main deck).

A game whose cards say more than the common vocabulary registers its own steps with this runner rather
than running them itself: its rules' `effect_steps` is a `Steps` (the default, `COMMON`, is the common
vocabulary alone) naming its own ops, the reader of the steps that act on cards (a `target`: which cards,
and the game's own decision to choose them, which pauses the frame like "choose" does), its condition of a
step and the players a step affects. The game answers its own decision and hands the frame back with
`resume` (original: 兵・呪術・土地's destroy, bind, uncounter, stat and damage on cards, and its "target").
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from ..declare.script import OPS
from . import rng
from .state import IllegalAction, _rules, mill, move, rules_of, zone

DEFAULT_WHO = {"damage": "opponent", "stat": "chosen"}
COMMON_OPS = frozenset(OPS)  # the common vocabulary; any other op is a game's own (Steps) or skipped

Handler = Callable[[dict, dict, dict, int], tuple[list[dict], dict | None]]


@dataclass(frozen=True)
class Steps:
    """What a game registers with the runner beyond the common vocabulary (its rules' `effect_steps`, made
    with the rules' own bound methods):

    ops         op -> handler(state, frame, step, player) -> (events, the game's decision that pauses the
                frame, or None): the game's own ops, or its own reading of a common one;
    on_cards    the handler of a step that names cards (`target`), whatever its op: the game's target reader
                (which cards; a choice pauses the frame) and its ops on cards;
    condition   (state, frame, step) -> bool: whether the step runs (False: it is passed over quietly); the
                default is the common if_zone/if_type/if_min condition, whose skip is a "step_skipped" event;
    players     (state, frame, step) -> the players the step affects (the default reads `who`);
    result_at_end  the game reads its result when the effect is done (original): no check after each step,
                a step goes on for each of its players, and after_effects comes even when a step won the game.

    A frame is the effect's unfinished work: {"source", "player", "steps" (the ones left, the current first),
    "targets" (the players the current step has left), "left", "then"}; a game's handlers may keep their own
    keys in it (original: "last", the cards the step before chose)."""

    ops: Mapping[str, Handler] = field(default_factory=dict)
    on_cards: Handler | None = None
    condition: Callable[[dict, dict, dict], bool] | None = None
    players: Callable[[dict, dict, dict], list[int]] | None = None
    result_at_end: bool = False

    def handler(self, step: dict) -> Handler | None:
        """The game's handler of this step (None: the common op)."""
        if self.on_cards is not None and step.get("target"):
            return self.on_cards
        return self.ops.get(step["op"])

    def skipped(self, state: dict, frame: dict, step: dict) -> list[dict] | None:
        """None when the step runs now, else the events of passing it over."""
        if self.condition is not None:
            return None if self.condition(state, frame, step) else []
        if _count(state, frame["player"], step):
            return None
        return [{"type": "step_skipped", "card": frame["source"], "op": step["op"]}]

    def affected(self, state: dict, frame: dict, step: dict) -> list[int]:
        if self.players is not None:
            return self.players(state, frame, step)
        who = step.get("who") or DEFAULT_WHO.get(step["op"], "you")
        return _targets(state, frame["player"], "you" if who in ("self", "chosen") else who)


COMMON = Steps()


def registered(rules) -> Steps:
    """The steps the game registers (a game with none: the common vocabulary)."""
    return rules.effect_steps or COMMON


def steps_of(state: dict, iid: str, when: str) -> list[dict]:
    """The card's steps that run at `when` (a step without "when" runs when the card is played)."""
    fields = state["defs"][state["cards"][iid]["def"]].get("fields") or {}
    return [dict(s) for s in fields.get("script") or () if (s.get("when") or "played") == when]


def _targets(state: dict, player: int, who: str) -> list[int]:
    if who == "you":  # the commonest: the player alone
        return [player]
    n = len(state["players"])
    others = [(player + k) % n for k in range(1, n) if not state["players"][(player + k) % n]["lost"]]
    if who == "opponent":
        return others[:1]
    if who == "each_opponent":
        return others
    if who == "each_player":
        return ([] if state["players"][player]["lost"] else [player]) + others
    return [player]


def zone_of(state: dict, player: int, kind: str) -> str | None:
    """A zone kind of the vocabulary as this game's zone for the player (None if the game has none)."""
    rules = rules_of(state)
    if kind == "deck":
        return rules.draw_source(state, player)
    if kind == "discard":
        kind = rules.discard_zone
    name = zone(player, kind)
    return name if name in state["zones"] else None


def _count(state: dict, player: int, step: dict) -> bool:
    kind = step.get("if_zone")
    if not kind:
        return True
    name = zone_of(state, player, kind)
    ids = state["zones"].get(name, []) if name else []
    wanted = step.get("if_type")
    if wanted:
        ids = [i for i in ids if state["defs"][state["cards"][i]["def"]].get("card_type") == wanted]
    return len(ids) >= (step.get("if_min") or 0)


def run(state: dict, source: str, player: int, steps: list[dict], then: str | None = None) -> list[dict]:
    if not steps:  # nothing to carry out (most cards): straight to what follows, as _continue would
        rules = _rules(state["game"])
        if then and (state["result"] is None or (rules.effect_steps or COMMON).result_at_end):
            return rules.after_effects(state, then, source, player)
        return []
    frame = {"source": source, "player": player, "steps": list(steps), "targets": None, "left": None, "then": then}
    return _continue(state, frame)


def _continue(state: dict, frame: dict) -> list[dict]:
    rules = _rules(state["game"])
    table = rules.effect_steps or COMMON  # (registered, inline)
    late = table.result_at_end
    events: list[dict] = []
    # the common condition and players (a table without its own) are read here, without Steps' calls, for the
    # commonest steps: no condition, and the player alone
    common = table.condition is None and table.players is None
    while frame["steps"] and state["result"] is None:
        step = frame["steps"][0]
        if frame["targets"] is None:
            if not common or step.get("if_zone"):
                skipped = table.skipped(state, frame, step)
                if skipped is not None:
                    events += skipped
                    frame["steps"].pop(0)
                    continue
            who = step.get("who") if common else None
            if common and (who in ("you", "self", "chosen") or (not who and step["op"] not in DEFAULT_WHO)):
                frame["targets"] = [frame["player"]]  # (Steps.affected's answer for these)
            else:
                frame["targets"] = table.affected(state, frame, step)
        while frame["targets"] and (late or state["result"] is None):
            more, pending = _do(state, frame, step, frame["targets"][0], rules, table)
            events += more
            if not late:
                rules.check_result(state)  # whatever happens first decides (a loss by drawing, life 0, …)
            if pending:
                pending["frame"] = frame
                state["pending"] = pending
                return events
            targets = frame["targets"]  # (_target_done, inline: the step is done for this target)
            targets.pop(0)
            frame["left"] = None
            if not targets:
                frame["steps"].pop(0)
                frame["targets"] = None
            if state["pending"]:  # a nested effect (a drawn trigger) waits for a choice: this frame after it
                state["pending"].setdefault("outer", []).append(frame)
                return events
        if frame["targets"] is not None and not frame["targets"]:  # a step with no one (left) to affect
            _target_done(frame, pop=False)
    if frame["then"] and (late or state["result"] is None):
        events += rules.after_effects(state, frame["then"], frame["source"], frame["player"])
    return events


def _target_done(frame: dict, pop: bool = True) -> None:
    """The current step is done for its current target; with no target left, the step is done."""
    if pop:
        frame["targets"].pop(0)
    frame["left"] = None
    if not frame["targets"]:
        frame["steps"].pop(0)
        frame["targets"] = None


def _choose_pending(state, frame, step, target, candidates) -> dict:
    return {
        "type": "choose",
        "player": target,
        "op": step["op"],
        "card": frame["source"],
        "candidates": candidates,
        "left": frame["left"],
    }


def _candidates(state: dict, step: dict, target: int, source: str) -> tuple[list[str], str | None]:
    if step["op"] == "stat":
        name = zone_of(state, target, "field")
        return [i for i in state["zones"].get(name, [])] if name else [], None
    src = zone_of(state, target, step.get("from") or "hand")
    dst = zone_of(state, target, step.get("to") or "discard")
    if not src or not dst:
        return [], None
    return [i for i in state["zones"][src] if i != source], dst


# The events of damage and life an effect makes: they name the card whose effect it is ("source"), which the
# log says (rules/engine/story.py).
SOURCED = frozenset({"damage", "life", "hit", "heal"})


def _do(state: dict, frame: dict, step: dict, target: int, rules=None, table=None) -> tuple[list[dict], dict | None]:
    if rules is None:  # (_continue hands the rules and their steps it looked up once for the whole effect)
        rules = rules_of(state)
    if table is None:
        table = registered(rules)
    op = step["op"]
    if table is not COMMON:  # (COMMON registers no handler; Steps' own handler inline, a subclass's called)
        if table.__class__ is Steps:
            handler = table.on_cards if table.on_cards is not None and step.get("target") else table.ops.get(op)
        else:
            handler = table.handler(step)
        if handler is not None:  # a step the game registered
            return handler(state, frame, step, target)
    amount = step.get("amount")
    if op not in COMMON_OPS:  # an op neither common nor the game's: nothing to carry out
        return [{"type": "step_skipped", "card": frame["source"], "op": op}], None
    amount = 1 if amount is None else amount
    players = state["players"]
    if op in ("damage", "life"):
        hook = rules.damage_player if op == "damage" else rules.gain_life
        done = hook(state, target, amount, frame["source"])
        if done is not None:  # a game without a life total (original: 戦力 cards; manacard: the main deck)
            for event in done:  # the card whose effect it is, for the log (events only: the state is the game's)
                if event.get("type") in SOURCED and "source" not in event:
                    event["source"] = frame["source"]
            return done, None
        if players[target]["life"] is None:
            return [{"type": "step_skipped", "card": frame["source"], "op": op}], None
        players[target]["life"] -= amount if op == "damage" else -amount
        return [{"type": op, "player": target, "amount": amount, "life": players[target]["life"], "source": frame["source"]}], None
    if op == "draw":
        return rules.draw_cards(state, target, amount), None
    if op == "mill":
        events = mill(state, target, amount)
        return events + _short(state, target, len(events) < amount), None
    if op == "resource":
        done = rules.add_resource(state, target, amount)
        if done is None:
            players[target]["resource"] = players[target].get("resource", 0) + amount
            return [{"type": "resource", "player": target, "value": players[target]["resource"]}], None
        return done, None
    if op == "counter":
        done = rules.counter_top(state)
        return (done if done is not None else [{"type": "step_skipped", "card": frame["source"], "op": op}]), None
    if op == "win":
        state["result"] = {"winner": target, "turn": state["turn"], "reason": "card"}
        return [{"type": "win", "player": target, "card": frame["source"]}], None
    if op == "stat" and (step.get("who") == "self"):
        return _stat(state, frame["source"], step), None
    # move, or stat on a chosen card: the top of a deck moves at once; otherwise the player chooses
    if frame["left"] is None:
        frame["left"] = 1 if op == "stat" else max(0, amount)
    if op == "move" and (step.get("from") or "hand") == "deck":
        source, dst = rules.draw_source(state, target), zone_of(state, target, step.get("to") or "discard")
        events = []
        while frame["left"] > 0 and state["zones"][source] and dst:
            events.append(move(state, state["zones"][source][-1], dst, face_up=_shown(dst)))
            frame["left"] -= 1
        return events + _short(state, target, frame["left"] > 0), None
    events = []
    while frame["left"] > 0:
        candidates, dst = _candidates(state, step, target, frame["source"])
        if not candidates:
            break
        if players[target]["goldfish"]:
            events += _chosen(state, step, candidates[rng.below(state, len(candidates))], dst)
            frame["left"] -= 1
        else:
            return events, _choose_pending(state, frame, step, target, candidates)
    return events, None


def _short(state: dict, player: int, short: bool) -> list[dict]:
    """An effect moved cards from a deck that ran out: a loss where the game says so (kannagi)."""
    if short and rules_of(state).empty_deck_move_loses:
        state["players"][player]["lost"] = True
        return [{"type": "draw_from_empty", "player": player}]
    return []


def needs_choice(state: dict, player: int, step: dict) -> bool:
    """Whether the step would wait for the human player's choice."""
    if step["op"] == "stat":
        return (step.get("who") or "chosen") == "chosen" and not state["players"][player]["goldfish"]
    if step["op"] != "move" or (step.get("from") or "hand") == "deck":
        return False
    return any(not state["players"][p]["goldfish"] for p in _targets(state, player, step.get("who") or "you"))


def _stat(state: dict, iid: str, step: dict) -> list[dict]:
    stat, amount = step.get("stat") or "power", step.get("amount") or 0
    card = state["cards"][iid]
    card["counters"][stat] = card["counters"].get(stat, 0) + amount
    if not card["counters"][stat]:
        del card["counters"][stat]
    state.setdefault("eot", []).append({"card": iid, "stat": stat, "amount": amount, "zone": card["zone"]})
    return [{"type": "stat", "card": iid, "stat": stat, "amount": amount}]


def _chosen(state: dict, step: dict, iid: str, dst: str | None) -> list[dict]:
    if step["op"] == "stat":
        return _stat(state, iid, step)
    return [move(state, iid, dst, face_up=_shown(dst))]


def _shown(name: str) -> bool:
    """Cards moved into a hand or a deck go face down; elsewhere (field, discard, …) face up."""
    return not name.endswith((".hand", ".deck"))


def refresh_choice(state: dict) -> None:
    """The cards to choose from, again (after a manual action moved cards)."""
    pending = state["pending"]
    frame = pending["frame"]
    pending["candidates"], _ = _candidates(state, frame["steps"][0], pending["player"], frame["source"])


def choose_actions(state: dict) -> list[dict]:
    """One action a card to choose; none left to choose (cards moved away by hand): go on without."""
    candidates = state["pending"]["candidates"]
    return [{"type": "choose", "card": c} for c in candidates] or [{"type": "choose", "card": None}]


def choose(state: dict, action: dict) -> list[dict]:
    """The human player's choice for a pending "choose"; the rest of the effect goes on, then any effect
    it interrupted (innermost first)."""
    pending = state.get("pending")
    if not pending or pending["type"] != "choose":
        raise IllegalAction("choose: there is nothing to choose")
    frame = pending["frame"]
    step = frame["steps"][0]
    candidates, dst = _candidates(state, step, pending["player"], frame["source"])
    iid = action.get("card")
    outer = pending.get("outer", [])
    if iid is None and not candidates:  # nothing left to choose: the step ends here
        frame["left"] = 0
        events = []
    elif not isinstance(iid, str) or iid not in candidates:
        raise IllegalAction(f"card: {iid!r} is not one of the cards to choose from")
    else:
        events = _chosen(state, step, iid, dst)
        frame["left"] -= 1
    state["pending"] = None
    more, again = _do(state, frame, step, pending["player"]) if frame["left"] > 0 else ([], None)
    events += more
    if again:
        again["frame"] = frame
        again["outer"] = outer
        state["pending"] = again
        return events
    _target_done(frame)
    return events + _go_on(state, [*outer, frame])


def resume(state: dict, pending: dict) -> list[dict]:
    """The game answered its own decision that paused an effect (`pending`, no longer state["pending"]) and
    carried out the step for that player: the effect goes on, then any effect it interrupted."""
    frame = pending["frame"]
    _target_done(frame)
    return _go_on(state, [*pending.get("outer", []), frame])


def _go_on(state: dict, frames: list[dict]) -> list[dict]:
    """Go on with the frames, innermost (last) first, until one waits for a choice."""
    events: list[dict] = []
    while frames and state["result"] is None:
        events += _continue(state, frames.pop())
        if state["pending"]:
            state["pending"]["outer"] = frames + state["pending"].get("outer", [])
            break
    return events


def end_of_turn(state: dict) -> list[dict]:
    """Stat changes "until end of turn" end (for cards still where they were changed)."""
    events = []
    for change in state.pop("eot", None) or ():
        card = state["cards"].get(change["card"])
        if card is None:
            continue
        counters = card["counters"]
        if card["zone"] != change["zone"]:  # it left: the change does not come back with it
            counters.pop(change["stat"], None)
            continue
        counters[change["stat"]] = counters.get(change["stat"], 0) - change["amount"]
        if not counters[change["stat"]]:
            del counters[change["stat"]]
        events.append({"type": "stat_ends", "card": change["card"], "stat": change["stat"]})
    return events
