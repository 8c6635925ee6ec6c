"""Card effects of original: an effect's script steps run as a frame (a target choice pauses it), on
players or on cards."""

from __future__ import annotations

from ...engine.core import IllegalAction, mill, move, zone
from .cards import BOARD, HAND, LAND, SOLDIER, STORAGE
from .costs import _ids


class Effects:
    """Running the steps of an effect, and the targets chosen for them."""

    def _resolve_effect(self, state, entry) -> list[dict]:
        iid, k = entry["card"], entry["effect"]
        effs = self._effects(state, iid)
        eff = effs[k - 1] if 0 < k <= len(effs) else {}
        if eff.get("granted"):  # 黄金/異界
            x = entry.get("x") or 0
            steps = [
                {"op": "destroy", "target": "chosen", "side": "own", "area": "own_camp", "kind": SOLDIER, "min_cost": x, "count": x, "other": True},
                {"op": "stat", "target": "this", "stat": "power", "amount": 2 * x, "duration": "permanent"},
            ]
        else:
            steps = [s for s in self._script(state, iid, f"effect{k}") if not s.get("mode") or s["mode"] == entry.get("mode")]
        if not steps:  # card text the engine does not know: the player applies it with manual actions
            return [{"type": "effect_text", "card": iid, "effect": k, "text": eff.get("text", "")}]
        state["flags"]["processing"] = entry.get("ctype")
        frame = {"src": iid, "player": entry["player"], "steps": [dict(s) for s in steps], "i": 0, "last": [], "ctype": entry.get("ctype"), "then": "effect"}
        return self._run(state, frame)

    def _run(self, state, frame) -> list[dict]:
        events = []
        while frame["i"] < len(frame["steps"]) and state["result"] is None:
            step = frame["steps"][frame["i"]]
            if not self._step_condition(state, frame, step):
                frame["i"] += 1
                continue
            more, pending = self._step(state, frame, step)
            events += more
            if pending:
                state["flags"]["frame"] = frame
                state["pending"] = pending
                return events
            frame["i"] += 1
        return events + self._frame_done(state, frame)

    def _frame_done(self, state, frame) -> list[dict]:
        state["flags"]["frame"] = None
        events = []
        if frame["then"] == "effect":
            state["flags"]["processing"] = None
            events += self._hellfire(state)  # 効果処理終了時
        events += self._settle(state)
        if frame["then"] == "summon" and state["cards"][frame["src"]]["zone"] == BOARD:
            events += self._arrive(state, frame["src"])
        return events

    def _step_condition(self, state, frame, step) -> bool:
        if step.get("when") == "continuous" or step.get("op") == "rule":
            return False
        if step.get("while") and not self._holds(state, frame["src"], step["while"]):
            return False
        kind = step.get("if_zone")
        if not kind:
            return True
        player = frame["player"]
        ids = self._on_board(state, player) if kind == "board" else state["zones"].get(zone(player, kind), [])
        if step.get("if_type"):
            ids = [i for i in ids if self._type(state, i) == step["if_type"]]
        return len(ids) >= (step.get("if_min") or 0)

    def _who(self, state, player, step) -> list[int]:
        who = step.get("who") or ("opponent" if step["op"] == "damage" else "you")
        if who in ("opponent", "each_opponent"):
            return [1 - player]
        if who == "each_player":
            return [player, 1 - player]
        return [player]

    def _candidates(self, state, frame, step) -> list[str]:
        player, src = frame["player"], frame["src"]
        area = step.get("area") or "board"
        if area == "hand":
            pools = [HAND[p] for p in (player, 1 - player)]
        elif area == "enemy_storage":
            pools = [STORAGE[1 - player]]
        elif area == "any":
            pools = [HAND[player], HAND[1 - player], BOARD]
        else:
            pools = [BOARD]
        auras = self._auras(state) if step.get("min_cost") is not None or step.get("max_cost") is not None else None
        return [
            i
            for pool in pools
            for i in state["zones"][pool]
            if self._in_area(state, player, i, area) and self._filter(state, player, src, i, step, auras)
        ]

    def _step(self, state, frame, step) -> tuple[list[dict], dict | None]:
        op = step["op"]
        target = step.get("target")
        player, src = frame["player"], frame["src"]
        amount = step.get("amount")
        amount = 1 if amount is None else amount
        if op == "stat" and not target:
            target = "this" if step.get("who") == "self" else "chosen"
            step = {"side": "own", "kind": SOLDIER, **step, "target": target}
        if not target:  # a step on players
            events = []
            for p in self._who(state, player, step):
                events += self._player_step(state, frame, step, p, amount)
            return events, None
        cards = state["cards"]
        if target == "this":
            chosen = [src] if cards[src]["zone"] == BOARD or (step.get("area") in ("hand", "any") and cards[src]["zone"].endswith(".hand")) else []
        elif target == "same":
            chosen = list(frame["last"])
        elif target == "bound":
            bound = cards[src].get("bound")
            chosen = [bound] if bound and cards[bound]["zone"] == BOARD else []
        elif target == "battled":
            battle = state["flags"].get("battle") or {}
            chosen = [i for i in (battle.get("a"), battle.get("d")) if i and cards[i]["zone"] == BOARD]
        elif target == "all":
            chosen = self._candidates(state, frame, step)
        else:  # chosen
            candidates = self._candidates(state, frame, step)
            count = step.get("count") or 1
            low = 0 if step.get("up_to") else min(count, len(candidates))
            players = [1 - player] if step.get("or_player") and op == "damage" else []
            if not players and len(candidates) <= low:
                chosen = candidates
            elif not candidates and not players:
                chosen = []
            else:
                pools = {cards[i]["zone"] for i in candidates}
                where = pools.pop() if len(pools) == 1 else BOARD
                pending = {
                    "type": "target",
                    "player": player,
                    "card": src,
                    "op": op,
                    "candidates": candidates,
                    "min": 0 if players else low,
                    "max": min(count, len(candidates)),
                    "choose": {"zone": where, "min": 0 if players else low, "max": min(count, len(candidates))},
                }
                if players:
                    pending["players"] = players
                if state["players"][player]["goldfish"]:  # (the goldfish never acts; a choice for it is its first cards)
                    chosen = candidates[: pending["max"]]
                else:
                    return [], pending
        frame["last"] = [i for i in chosen if i]
        return self._card_step(state, frame, step, frame["last"], amount), None

    def _player_step(self, state, frame, step, p, amount) -> list[dict]:
        op = step["op"]
        if op == "damage":
            return self.damage_player(state, p, amount, frame["src"])
        if op == "life":
            return self.gain_life(state, p, amount, frame["src"])
        if op == "draw":
            return self.draw_cards(state, p, amount)
        if op == "mill":
            return mill(state, p, amount)
        if op == "resource":
            return self.add_resource(state, p, amount)
        if op == "counter":
            return self.counter_top(state)
        if op == "win":
            state["result"] = {"winner": p, "turn": state["turn"], "reason": "card"}
            return [{"type": "win", "player": p, "card": frame["src"]}]
        if op == "move":
            source = zone(p, step.get("from") or "hand")
            to = zone(p, step.get("to") or "discard") if (step.get("to") or "discard") != "board" else None
            if to is None or source not in state["zones"]:
                return [{"type": "step_skipped", "card": frame["src"], "op": op}]
            ids = state["zones"][source]
            picked = ids[-amount:][::-1] if step.get("from") == "deck" else [i for i in ids if i != frame["src"]][:amount]
            return [move(state, i, to, face_up=not to.endswith((".hand", ".deck"))) for i in picked]
        return [{"type": "step_skipped", "card": frame["src"], "op": op}]

    def _card_step(self, state, frame, step, chosen, amount) -> list[dict]:
        op = step["op"]
        events = []
        for iid in chosen:
            card = state["cards"][iid]
            if op == "damage":
                events += self.damage_card(state, iid, amount)
            elif op == "destroy":
                if card["zone"] == BOARD or card["zone"].endswith((".storage", ".hand")):
                    events += self.destroy(state, iid)
            elif op == "stat":
                stat = step.get("stat") or "power"
                change = amount
                if self._s2(state, iid) == "太陽" and self._type(state, frame["src"]) == LAND:
                    change *= 2  # 太陽: この兵への土地の効果による補正が2倍 (練兵場's effect as well as the lands' 永続)
                counters = card["counters"]
                counters[stat] = counters.get(stat, 0) + change
                if not counters[stat]:
                    del counters[stat]
                if (step.get("duration") or "turn") == "turn":
                    state.setdefault("eot", []).append({"card": iid, "stat": stat, "amount": change, "zone": card["zone"]})
                events.append({"type": "stat", "card": iid, "stat": stat, "amount": change})
            elif op == "uncounter":
                counters = card["counters"]
                removed = min(amount, counters.get("damage", 0))
                if removed:
                    counters["damage"] -= removed
                    if not counters["damage"]:
                        del counters["damage"]
                events.append({"type": "uncounter", "card": iid, "amount": removed})
            elif op == "bind":
                state["cards"][frame["src"]]["bound"] = iid
                events.append({"type": "bind", "card": frame["src"], "target": iid})
        return events

    def _target_actions(self, state, pending) -> list[dict]:
        cands = pending["candidates"]
        low, high = pending["min"], pending["max"]
        out = []
        if high > 1:
            out.append({"type": "target", "cards": cands[:high]})
        if low <= 1:
            out += [{"type": "target", "cards": [c]} for c in cands]
        if low == 0:
            out.append({"type": "target", "cards": []})
        out += [{"type": "target", "player": p} for p in pending.get("players", ())]
        return out

    def _do_target(self, state, action):
        pending = self._pending(state, "target")
        frame = state["flags"]["frame"]
        step = frame["steps"][frame["i"]]
        if "player" in action:
            if action["player"] not in pending.get("players", ()):
                raise IllegalAction("player: not a target of this effect")
            state["pending"] = None
            frame["last"] = []
            events = self.damage_player(state, action["player"], step.get("amount") or 1, frame["src"])
        else:
            cards = action.get("cards")
            if not _ids(cards) or any(c not in pending["candidates"] for c in cards):
                raise IllegalAction("cards: different cards among the candidates")
            if not pending["min"] <= len(cards) <= pending["max"]:
                raise IllegalAction(f"cards: from {pending['min']} to {pending['max']} cards")
            state["pending"] = None
            frame["last"] = list(cards)
            amount = 1 if step.get("amount") is None else step["amount"]
            if step["op"] == "stat" and not step.get("target"):
                step = {"side": "own", "kind": SOLDIER, **step, "target": "chosen"}
            events = self._card_step(state, frame, step, list(cards), amount)
        frame["i"] += 1
        state["flags"]["frame"] = None
        events += self._run(state, frame)
        if state["flags"]["frame"] is None and state["pending"] is None:
            events += self._resolve(state)
        return events + self._advance(state)
