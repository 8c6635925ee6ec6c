"""Card effects of original, carried out by the engine's one effect runner (rules/engine/effects.py): this game
registers its steps on cards (a `target`: which cards, chosen with its "target" decision), its own reading of
stat and move, its condition of a step and the players a step affects (`_effect_steps`); it gets the end of
an effect (after_effects) and answers its "target" decision (the frame then goes back to the runner)."""

from __future__ import annotations

from ...engine import effects
from ...engine.core import move, zone
from .cards import BOARD, HAND, LAND, SOLDIER, STORAGE


class Effects:
    """The steps of an effect as this game reads them, and the targets chosen for them."""

    def _effect_steps(self) -> effects.Steps:
        """What this game registers with the runner (the rules' `effect_steps`)."""
        return effects.Steps(
            ops={"stat": self._cards_step, "move": self._move_step},
            on_cards=self._cards_step,
            condition=self._step_condition,
            players=self._step_players,
            result_at_end=True,  # (the result is read when the effect is done: _resolve)
        )

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
            steps = [s for s in self.script(state, iid, f"effect{k}") if not s.get("mode") or s["mode"] == entry.get("mode")]
        if not steps:  # card text the engine does not know: the player applies it with manual actions
            return [{"type": "effect_text", "card": iid, "effect": k, "text": eff.get("text", "")}]
        state["flags"]["processing"] = entry.get("ctype")
        return effects.run(state, iid, entry["player"], [dict(s) for s in steps], then="effect")

    def after_effects(self, state, then, source, player) -> list[dict]:
        """An effect's steps are done ("effect": its processing ends; "summon", "cast", "deploy": the card's
        "played" steps, after which a summoned soldier fights where it stands)."""
        events = []
        if then == "effect":
            state["flags"]["processing"] = None
            events += self._hellfire(state)  # 効果処理終了時
        events += self._settle(state)
        if then == "summon" and state["cards"][source]["zone"] == BOARD:
            events += self._arrive(state, source)
        return events

    def _aimed(self, state, iid, k, mode=None) -> bool:
        """Whether the card's k-th effect (in this mode) has something to act on now (option target_needed):
        each step that chooses cards (「一枚選び」: not 「まで」, not 「敵戦力、または」) has a card to choose, and one
        step at least acts on something (a card found, this card, the battle's soldiers, a player). An effect
        without steps (applied by hand) is not judged here, nor the granted X effect (its X needs soldiers)."""
        steps = [s for s in self.script(state, iid, f"effect{k}") if not s.get("mode") or s["mode"] == mode]
        if not steps or not state["options"]["target_needed"]:
            return True
        frame = {"player": self._owner(state, iid), "source": iid}
        gone = found = False
        for step in steps:
            target = step.get("target")
            if step["op"] == "stat" and not target:
                target = "this" if step.get("who") == "self" else "chosen"
                step = {"side": "own", "kind": SOLDIER, **step}
            if target == "this" and step["op"] == "destroy":
                gone = True  # 「この呪術を破棄した後」: it is no longer there to choose, nor is it what the effect is for
            elif target in ("chosen", "all"):
                if step.get("or_player") and step["op"] == "damage":
                    found = True  # the enemy player at least
                elif any(c != iid or not gone for c in self._candidates(state, frame, step)):
                    found = True
                elif target == "chosen" and not step.get("up_to"):
                    return False
            else:  # this card, the cards chosen before, the bound or battled soldiers, or players
                found = True
        return found

    def _step_condition(self, state, frame, step) -> bool:
        if step.get("when") == "continuous" or step.get("op") == "rule":
            return False
        if step.get("while") and not self._holds(state, frame["source"], step["while"]):
            return False
        kind = step.get("if_zone")
        if not kind:
            return True
        player = frame["player"]
        ids = self._on_board(state, player) if kind == "board" else state["zones"].get(zone(player, kind), [])
        if step.get("if_type"):
            ids = [i for i in ids if self.card_type(state, i) == step["if_type"]]
        return len(ids) >= (step.get("if_min") or 0)

    def _step_players(self, state, frame, step) -> list[int]:
        """A step on cards is done once, by the effect's player; a step on players, for each it names."""
        player = frame["player"]
        if step.get("target") or step["op"] == "stat":
            return [player]
        who = step.get("who") or ("opponent" if step["op"] == "damage" else "you")
        if who in ("opponent", "each_opponent"):
            return [1 - player]
        if who == "each_player":
            return [player, 1 - player]
        return [player]

    def _candidates(self, state, frame, step) -> list[str]:
        player, src = frame["player"], frame["source"]
        area = step.get("area") or "board"
        if area == "hand":
            pools = [HAND[p] for p in (player, 1 - player)]
        elif area == "enemy_storage":
            pools = [STORAGE[1 - player]]
        elif area == "any":
            pools = [HAND[player], HAND[1 - player], BOARD]
        else:
            pools = [BOARD]
        auras = self._in_force(state, "auras") if step.get("min_cost") is not None or step.get("max_cost") is not None else None
        return [
            i
            for pool in pools
            for i in state["zones"][pool]
            if self._in_area(state, player, i, area) and self._filter(state, player, src, i, step, auras)
        ]

    def _cards_step(self, state, frame, step, player) -> tuple[list[dict], dict | None]:
        """A step on cards: the cards its target names (a choice of the player's pauses the effect with a
        "target" decision), then its op on them. A stat step without a target changes this card ("self") or a
        chosen soldier of the player's."""
        if step["op"] == "stat" and not step.get("target"):
            step = {"side": "own", "kind": SOLDIER, **step, "target": "this" if step.get("who") == "self" else "chosen"}
        target = step["target"]
        src = frame["source"]
        cards = state["cards"]
        if target == "this":
            chosen = [src] if cards[src]["zone"] == BOARD or (step.get("area") in ("hand", "any") and cards[src]["zone"].endswith(".hand")) else []
        elif target == "same":
            chosen = list(frame.get("last", ()))
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
            players = [1 - player] if step.get("or_player") and step["op"] == "damage" else []
            if players and not candidates:  # 「敵戦力、または兵一枚に」 with no soldier: the enemy's 戦力, the one target
                frame["last"] = []
                return self.damage_player(state, players[0], 1 if step.get("amount") is None else step["amount"], src), None
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
                    "op": step["op"],
                    "candidates": candidates,
                    # 「敵戦力、または兵一枚に」: a soldier, or the enemy player instead (answered with "player"), never nothing
                    "min": min(count, len(candidates)) if players else low,
                    "max": min(count, len(candidates)),
                    "choose": {"zone": where, "min": min(count, len(candidates)) if players else low, "max": min(count, len(candidates))},
                }
                if players:
                    pending["players"] = players
                if not state["players"][player]["goldfish"]:
                    return [], pending
                chosen = candidates[: pending["max"]]  # (the goldfish never acts; a choice for it is its first cards)
        return self._on_cards(state, frame, step, chosen), None

    def _on_cards(self, state, frame, step, chosen) -> list[dict]:
        """The step's op on the chosen cards (they are "same" for the next step)."""
        frame["last"] = chosen = [i for i in chosen if i]
        op = step["op"]
        amount = 1 if step.get("amount") is None else step["amount"]
        events = []
        for iid in chosen:
            card = state["cards"][iid]
            if op == "damage":
                events += self.damage_card(state, iid, amount)
            elif op == "destroy":
                if card["zone"] == BOARD or card["zone"].endswith((".storage", ".hand")):
                    events += self.destroy(state, iid)
            elif op == "stat":
                events += self._change_stat(state, frame["source"], iid, step, amount)
            elif op == "uncounter":
                counters = card["counters"]
                removed = min(amount, counters.get("damage", 0))
                if removed:
                    counters["damage"] -= removed
                    if not counters["damage"]:
                        del counters["damage"]
                events.append({"type": "uncounter", "card": iid, "amount": removed})
            elif op == "bind":
                state["cards"][frame["source"]]["bound"] = iid
                events.append({"type": "bind", "card": frame["source"], "target": iid})
        return events

    def _change_stat(self, state, src, iid, step, amount) -> list[dict]:
        card = state["cards"][iid]
        stat = step.get("stat") or "power"
        if self._s2(state, iid) == "太陽" and self.card_type(state, src) == LAND:
            amount *= 2  # 太陽: この兵への土地の効果による補正が2倍 (練兵場's effect as well as the lands' 永続)
        counters = card["counters"]
        counters[stat] = counters.get(stat, 0) + amount
        if not counters[stat]:
            del counters[stat]
        if (step.get("duration") or "turn") == "turn":
            state.setdefault("eot", []).append({"card": iid, "stat": stat, "amount": amount, "zone": card["zone"]})
        return [{"type": "stat", "card": iid, "stat": stat, "amount": amount}]

    def _move_step(self, state, frame, step, p) -> tuple[list[dict], None]:
        """move, as this game reads it: the top cards of 支援, or the first cards of a zone (no choice); not
        onto the board."""
        source = zone(p, step.get("from") or "hand")
        to = zone(p, step.get("to") or "discard") if (step.get("to") or "discard") != "board" else None
        if to is None or source not in state["zones"]:
            return [{"type": "step_skipped", "card": frame["source"], "op": step["op"]}], None
        amount = 1 if step.get("amount") is None else step["amount"]
        ids = state["zones"][source]
        picked = ids[-amount:][::-1] if step.get("from") == "deck" else [i for i in ids if i != frame["source"]][:amount]
        return [move(state, i, to, face_up=not to.endswith((".hand", ".deck"))) for i in picked], None

    def pending_step(self, state) -> dict | None:
        """The step a pending "target" decision chooses cards for (None: no such decision)."""
        pending = state["pending"]
        if not pending or pending["type"] != "target":
            return None
        return pending["frame"]["steps"][0]

    def _legal_target(self, state, pending) -> list[dict]:
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
        """The chosen cards (or the enemy player, for damage that may hit them; the core checked the answer
        against the decision): the step is carried out and the runner goes on with the effect."""
        pending = state["pending"]
        frame = pending["frame"]
        step = frame["steps"][0]
        state["pending"] = None
        if "player" in action:
            frame["last"] = []
            events = self.damage_player(state, action["player"], step.get("amount") or 1, frame["source"])
        else:
            events = self._on_cards(state, frame, step, list(action["cards"]))
        return events + effects.resume(state, pending)
