"""The 対抗 chain of original: entries pushed with a window to respond, forced responses, the responses a
player may use, passing, and resolving newest first; the engine's stack loop (engine/stack.py) passes for
the goldfish and, with auto_pass "smart", for a player with no response."""

from __future__ import annotations

import re

from ...engine import effects
from ...engine.stack import StackPlay
from .cards import BOARD, SOLDIER, parse_trigger


class Chain(StackPlay):
    """The chain (state["stack"]) and the right to respond (state["priority"]); nobody holding it, the chain
    resolves (resolves_unheld)."""

    resolves_unheld = True

    def auto_passes(self, state, player) -> bool:
        return state["options"]["auto_pass"] == "smart" and not self._responses(state, player)

    def _push(self, state, entry, by=None) -> list[dict]:
        """An entry on the chain; the right to respond goes to the turn player (a new chain) or to the other
        player than the one who responded (「対抗する権利を行使した時、対抗権は相手プレイヤーに与えられる」)."""
        state["stack"].append(entry)
        state["flags"]["passed"] = 0
        state["priority"] = state["active"] if by is None else 1 - by
        events = [{"type": "chain", "entry": entry["kind"], "card": entry.get("card"), "player": entry.get("player")}]
        forced = self._forced(state)
        if forced:
            events += forced
        return events

    def _forced(self, state) -> list[dict]:
        """強制対抗: a card's forced response to a matching event is activated at once (its cost is 0)."""
        top = state["stack"][-1]
        of = self._facts_of(state)
        for iid in state["zones"][BOARD]:
            for k, eff in of[iid]["forced"]:
                if top["kind"] == "effect" and top.get("card") == iid:
                    continue
                if any(e.get("forced") and e["card"] == iid and e["effect"] == k for e in state["stack"]):
                    continue  # (once on the chain: two forced answers to any effect would answer each other for ever)
                player = self._owner(state, iid)
                if self._trigger_ok(state, iid, player, parse_trigger(eff.get("trigger")), top):
                    entry = {"kind": "effect", "card": iid, "player": player, "effect": k, "ctype": self.card_type(state, iid), "forced": True}
                    return [{"type": "forced", "card": iid, "effect": k}] + self._push(state, entry, by=player)
        return []

    def _trigger_ok(self, state, iid, player, trigger, top) -> bool:
        for kind, who, ctype, category in trigger:
            if kind != top["kind"]:
                continue
            if category and category not in self._categories(state, top):
                continue
            if kind in ("battle_start", "battle_end"):
                owners = top.get("owners", [])
                fighters = top.get("cards", [])
                if who == "this" and iid not in fighters:
                    continue
                if who == "own_vs_enemy" and not (player in owners and 1 - player in owners):
                    continue
                if who == "own_vs_own" and not (len(fighters) == 2 and owners == [player, player]):
                    continue
                if who in ("own", "enemy") and (player if who == "own" else 1 - player) not in owners:
                    continue
                return True
            if kind == "turn_end":
                if who == "own" and top["player"] != player or who == "enemy" and top["player"] == player:
                    continue
                return True
            subject = top.get("card")
            if who == "this" and subject != iid:
                continue
            if who == "own" and top.get("player") != player or who == "enemy" and top.get("player") == player:
                continue
            if ctype and top.get("ctype") != ctype:
                continue
            return True
        return False

    def _categories(self, state, entry) -> list[str]:
        """The 効果種別 of the effect an entry activates (「《剣術/呪法:…》」: both)."""
        if entry["kind"] != "effect":
            return []
        effs = self._effects(state, entry["card"])
        k = entry.get("effect") or 0
        category = effs[k - 1].get("category") if 0 < k <= len(effs) else None
        return [c for c in re.split(r"[/・]", category or "") if c]

    def _responses(self, state, player) -> list[dict]:
        """The 対抗 effects `player` may use against the newest entry of the chain."""
        if not state["stack"]:
            return []
        top = state["stack"][-1]
        out = []
        purse = None
        cards = state["cards"]
        of = self._facts_of(state)
        for iid in state["zones"][BOARD]:
            if cards[iid]["owner"] != player:
                continue
            data = of[iid]
            for k, _eff, trigger, (cost, needs, _), early in data["counters"]:
                if not self._trigger_ok(state, iid, player, trigger, top):
                    continue
                if top["kind"] == "effect" and top.get("card") == iid and data["type"] == SOLDIER:
                    continue  # 兵の効果発動に、その兵自身が対抗して効果を発動する事は出来ない
                if not early and self.sick(state, iid):
                    continue
                if cost == "X":
                    continue
                if purse is None:
                    purse = self.purse(state, player)
                if self.can_pay(state, player, cost, needs, purse=purse):
                    out += self._with_modes(state, {"type": "effect", "card": iid, "effect": k}, iid, k)
        return out

    def _with_modes(self, state, action, iid, k) -> list[dict]:
        """The effect's action, one per mode, each only when it has something to act on (_aimed)."""
        modes = self.info(state, iid)["modes"].get(k)
        if modes:
            return [{**action, "mode": m} for m in modes if self._aimed(state, iid, k, m)]
        return [action] if self._aimed(state, iid, k) else []

    def _pass(self, state, player) -> list[dict]:
        events = [{"type": "pass", "player": player}]
        flags = state["flags"]
        players = state["players"]
        while True:
            flags["passed"] += 1
            if flags["passed"] >= 2:
                break
            other = state["priority"] = 1 - player
            if not players[other]["goldfish"]:
                return events
            # (the goldfish passes at once, as the stack loop would have it do next: a pass changes neither the
            # result nor a pending decision, which it checks first; its pass here, without a call of its own)
            player = other
            events.append({"type": "pass", "player": player})
        state["priority"] = None  # 対抗をしなかった: 効果処理を始める (newest first)
        events += self._resolve(state)
        return events

    def _resolve(self, state) -> list[dict]:
        """Resolve the chain newest first, settling and checking the result after each entry (apply leaves the
        result checked: play.py). _CHECKED: the check is left out where nothing it reads (the 戦力 and 支援
        zones, the players' losses) can have changed since the last one: a move (the card's square, a battle
        started: pushes) whose settle found nothing, a battle's start settled with nothing to do
        (_battle_steps checks after its own settle, then only pushes) and a battle's end settled with nothing
        to do (squares, the battle's flags, cards destroyed or sent back to the hand: no 戦力 or 支援 card)."""
        events = []
        stack = state["stack"]
        while stack and state["pending"] is None and state["priority"] is None and state["result"] is None:
            entry = stack.pop()
            self._calm = None
            events += self._resolve_entry(state, entry)
            if state["pending"] is None:  # (an effect waiting for a target settles when it is done)
                kind = entry["kind"]
                if self._calm is state:  # (settled already, with nothing to do: Battles._calm)
                    self._calm = None
                    if kind == "battle_start" or kind == "battle_end":
                        continue  # (_CHECKED)
                else:
                    settled = self._settle(state)
                    if settled:
                        events += settled
                    elif kind == "move":
                        continue  # (_CHECKED)
            self.check_result(state)
        return events

    def _resolve_entry(self, state, entry) -> list[dict]:
        kind = entry["kind"]
        events = [{"type": "resolve", "entry": kind, "card": entry.get("card")}]
        iid = entry.get("card")
        if kind in ("summon", "cast", "deploy"):
            if state["cards"][iid]["zone"] != BOARD:
                return events + [{"type": "fizzled", "card": iid}]
            steps = self.script(state, iid, "played")
            if steps:  # (a summoned soldier's battle comes when they are done: after_effects)
                return events + effects.run(state, iid, entry["player"], steps, then=kind)
            return events + (self._arrive(state, iid) if kind == "summon" else [])
        if kind == "move":
            card = state["cards"][iid]
            if card["zone"] != BOARD or self._pos(state, iid) != tuple(entry["from"]):
                return events + [{"type": "fizzled", "card": iid}]
            card["pos"] = list(entry["to"])
            events.append({"type": "moved", "card": iid, "from": entry["from"], "pos": list(entry["to"])})
            return events + self._arrive(state, iid, came_from=entry["from"])
        if kind == "effect":
            return events + self._resolve_effect(state, entry)
        if kind == "battle_start":
            return events + self._battle_steps(state)
        if kind == "battle_end":
            return events + self._battle_end(state)
        if kind == "turn_end":
            return events + self._finish_turn(state)
        return events

    def counter_top(self, state) -> list[dict]:
        """その効果を無効にする: the newest entry of the chain is cancelled, if it is an activation or a card coming
        into play or moving; the steps of a battle and the end of the turn are not effects and go on."""
        if not state["stack"] or state["stack"][-1]["kind"] in ("battle_start", "battle_end", "turn_end"):
            return [{"type": "step_skipped", "op": "counter"}]
        entry = state["stack"].pop()
        return [{"type": "countered", "entry": entry["kind"], "card": entry.get("card")}]
