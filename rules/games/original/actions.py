"""The player's actions in original: the actions offered (free, and the answers to a payment, an upkeep and
a target), the decisions in the engine's one shape, carrying out each action and what was paid for. The
engine's core dispatches (ACTIONS in play.py), refuses what no decision or free action lists and checks an
answer against its decision; after every action the chain moves on (settle)."""

from __future__ import annotations

from ...engine.core import IllegalAction, move
from .board import camp_row
from .cards import BOARD, CURSE, DECK, HAND, LAND, SOLDIER, STORAGE, parse_cost
from .stats import _UNDISPLAYED

# ④…《効果種別:効果名》効果の種類:発動コスト/効果 種別はスペル。この場合、フェイズ②のパート1に、光のカードを含む倉庫のカードを
# 一枚使用して発動。 (the example card オーバークラウド・ゴーレム, printed 光4: its explanation's count, option golem_cost)
EXPLAINED_COSTS = {("オーバークラウド・ゴーレム", 1): "光1"}


class Actions:
    """The legal actions (_legal_free, _legal_<decision>), the decisions, and a method _do_<type> for each
    action."""

    def _seat(self, state) -> int:
        """The seat whose action this is: a pending decision's, else the holder of the right to respond, else the
        turn player (always 0 against a goldfish, which never acts)."""
        pending = state["pending"]
        if pending:
            return pending.get("player", 0)
        return state["active"] if state["priority"] is None else state["priority"]

    def _legal_free(self, state):
        players = state["players"]
        if state["priority"] is not None:
            me = state["priority"]
            return [] if players[me]["goldfish"] else [{"type": "pass"}, *self._responses(state, me)]
        me = state["active"]
        if state["stack"] or players[me]["goldfish"]:
            return []
        phase, flags = state["phase"], state["flags"]
        hand = state["zones"][HAND[me]]
        out = []
        if phase == "refresh":
            if not flags["drew"] and not flags["stored"] and state["zones"][DECK[me]]:
                out.append({"type": "draw_support"})
            if not flags["stored"]:
                out += [{"type": "store", "card": i} for i in hand]
            out += [{"type": "next_phase"}, {"type": "end_turn"}]
        elif phase == "main":
            out += self._main_actions(state, hand, me)
            out += [{"type": "next_phase"}, {"type": "end_turn"}]
        elif phase == "supply":
            if not flags["stored"]:
                if state["zones"][DECK[me]] and self.can_pay(state, me, 2):
                    out.append({"type": "draw_paid"})
                out += [{"type": "store", "card": i} for i in hand]
            out.append({"type": "end_turn"})
        return out

    def _legal_pay(self, state, pending):
        return self._payments_offered(state, pending) + [{"type": "cancel"}]

    def _legal_upkeep(self, state, pending):
        return self._payments_offered(state, pending) + [{"type": "destroy"}]

    def _payments_offered(self, state, pending) -> list[dict]:
        pays = self.payments(state, pending.get("player", 0), pending["cost"], pending["needs"], pending.get("needs_any", ()))
        return [{"type": "pay", "tap": t, "discard": d} for t, d in pays]

    def decision(self, state):
        """A target: the candidates within min and max, or (damage that may hit them) the enemy player instead.
        A payment (pay, upkeep) has no field: its answer is two lists of 倉庫 cards (tapped, discarded) under a
        rule of its own (the cost with a discard counting 2, the attributes, no card more than needed), which
        no set of candidates with min/max says; the legal actions list the payments, _check_payment any other."""
        out = super().decision(state)
        if out and out["type"] == "target":
            pending = state["pending"]
            out.update(field="cards", many=True, candidates=list(pending["candidates"]), min=pending["min"], max=pending["max"])
            out["instead"] = {"player": list(pending.get("players", ()))}
        return out

    def guard(self, state, kind):
        """The free actions but a pass and a response: the player's own turn, with no chain open."""
        if state["pending"] or kind in ("pass", "effect"):
            return None
        if state["priority"] is not None or state["stack"]:
            return "the 対抗 chain is open: pass or respond"
        if state["players"][state["active"]]["goldfish"]:
            return f"not now (phase {state['phase']})"
        return None

    def settle(self, state):
        # (nobody holding the right to respond and no chain: the stack loop, _advance, would find nothing to do)
        events = self._advance(state) if state["priority"] is not None or state["stack"] else []
        if state is not _UNDISPLAYED.state:  # (show_stats' own first test: no display stats for the autopilot's game)
            self.show_stats(state)
        return events

    def _main_actions(self, state, hand, me=0) -> list[dict]:
        out = []
        auras = self._in_force(state, "auras")
        purse = self.purse(state, me)
        squares = {}
        for iid in hand:
            kind = self.card_type(state, iid)
            verb = {SOLDIER: "summon", CURSE: "cast", LAND: "deploy"}.get(kind)
            if verb is None:
                continue
            cost, needs = self.summon_cost(state, iid, auras)
            if not self.can_pay(state, me, cost, needs, purse=purse):
                continue
            if kind not in squares:
                squares[kind] = self.summon_squares(state, me, kind)
            out += [{"type": verb, "card": iid, "pos": pos} for pos in squares[kind]]
        free = None
        for iid in self._on_board(state, me):
            if self.sick(state, iid):
                continue
            data = self.info(state, iid)
            if data["type"] == SOLDIER:
                for to in self._destinations(state, iid):
                    if free is None and to[0] == 2:
                        free = self.rule(state, "free_move_to_battlefield")
                    cost, needs = self.move_price(state, iid, to, auras, free or ())
                    if self.can_pay(state, me, cost, needs, purse=purse):
                        out.append({"type": "move", "card": iid, "pos": to})
            if data["normal"]:
                out += self._normal_effects(state, iid, purse, auras)
        return out

    def _normal_effects(self, state, iid, purse, auras) -> list[dict]:
        out = []
        for k, _eff, printed in self.info(state, iid)["normal"]:
            cost, needs, _ = self._effect_cost(state, iid, k, printed)
            if cost == "X":
                for x in range(1, self._x_max(state, iid, purse, auras) + 1):
                    out.append({"type": "effect", "card": iid, "effect": k, "x": x})
            elif self.can_pay(state, self._owner(state, iid), cost, needs, purse=purse):
                out += self._with_modes(state, {"type": "effect", "card": iid, "effect": k}, iid, k)
        return out

    def _effect_cost(self, state, iid, k, printed) -> tuple:
        """The card's k-th effect's (cost, attributes, sacrifice): as printed, or (option golem_cost "explained")
        as the seed's explanation of its example card counts it (EXPLAINED_COSTS)."""
        if state["options"]["golem_cost"] == "explained":
            explained = EXPLAINED_COSTS.get((self._def(state, iid).get("name"), k))
            if explained is not None:
                return parse_cost(explained)
        return printed

    def _x_max(self, state, iid, purse, auras) -> int:
        """黄金/異界: the greatest X with X of your camp's other soldiers of summon cost X or more, payable."""
        owner = self._owner(state, iid)
        costs = sorted(
            (self.stat(state, i, "cost", auras) for i in self._on_board(state, owner, SOLDIER) if i != iid and self._in_area(state, owner, i, "own_camp")),
            reverse=True,
        )
        best = 0
        for x in range(1, len(costs) + 1):
            if costs[x - 1] >= x and 2 * purse[0] >= x:
                best = x
        return best

    def _phase(self, state, phases=("main",)):
        if state["phase"] not in phases:
            raise IllegalAction(f"not now (phase {state['phase']})")

    def _hand_card(self, state, action, card_type=None) -> str:
        iid = action.get("card")
        if iid not in state["zones"][HAND[self._seat(state)]]:
            raise IllegalAction(f"card: {iid!r} is not in your hand")
        if card_type and self.card_type(state, iid) != card_type:
            raise IllegalAction(f"card: {iid!r} is not a {card_type}")
        return iid

    def _do_draw_support(self, state, action):
        self._phase(state, ("refresh",))
        if state["flags"]["drew"] or state["flags"]["stored"]:
            raise IllegalAction("draw_support: once, before putting a card into 倉庫")
        me = self._seat(state)
        if not state["zones"][DECK[me]]:
            raise IllegalAction("draw_support: 支援 is empty")
        state["flags"]["drew"] = True
        state["flags"]["part"] = 3
        return self.draw_cards(state, me, 1)

    def _do_store(self, state, action):
        self._phase(state, ("refresh", "supply"))
        if state["flags"]["stored"]:
            raise IllegalAction("store: once in this phase")
        iid = self._hand_card(state, action)
        state["flags"]["stored"] = True
        state["flags"]["part"] = 4 if state["phase"] == "refresh" else 2
        state["cards"][iid]["tapped"] = False
        return [move(state, iid, STORAGE[self._seat(state)], face_up=True)]

    def _do_next_phase(self, state, action):
        self._phase(state, ("refresh", "main"))
        if state["phase"] == "refresh":
            state["phase"] = "upkeep"
            state["flags"]["part"] = 4
            state["flags"]["upkeep"] = [i for i in self._on_board(state, state["active"]) if self.card_type(state, i) in (CURSE, LAND)]
            return [{"type": "phase", "phase": "upkeep"}] + self._next_upkeep(state)
        state["phase"] = "supply"
        state["flags"].update(part=1, stored=False)
        return [{"type": "phase", "phase": "supply"}]

    def _do_end_turn(self, state, action):
        self._phase(state, ("refresh", "main", "supply"))
        if state["phase"] == "refresh":  # パート4 (upkeep) still happens, then the end
            state["flags"]["ending"] = True
            return self._do_next_phase(state, action)
        return self._end(state)

    def _do_draw_paid(self, state, action):
        self._phase(state, ("supply",))
        me = self._seat(state)
        if state["flags"]["stored"] or not state["zones"][DECK[me]] or not self.can_pay(state, me, 2):
            raise IllegalAction("draw_paid: before storing, with 2 to pay and a card in 支援")
        return self._request(state, me, 2, [], {"type": "draw_paid"})

    def _do_summon(self, state, action, card_type=SOLDIER):
        self._phase(state)
        iid = self._hand_card(state, action, card_type)
        me = self._seat(state)
        pos = action.get("pos")
        if not isinstance(pos, list) or pos not in self.summon_squares(state, me, card_type):
            free = card_type == SOLDIER or not state["options"]["one_curse_or_land_a_square"]
            raise IllegalAction(f"pos: one of your camp's squares {'' if free else 'without a curse or land '}(row {camp_row(me)})")
        cost, needs = self.summon_cost(state, iid)
        if not self.can_pay(state, me, cost, needs):
            raise IllegalAction(f"card: costs {cost}{' with ' + '・'.join(needs) if needs else ''} from 倉庫")
        verb = {SOLDIER: "summon", CURSE: "cast", LAND: "deploy"}[card_type]
        return self._request(state, me, cost, needs, {"type": verb, "card": iid, "pos": list(pos)})

    def _do_cast(self, state, action):
        return self._do_summon(state, action, CURSE)

    def _do_deploy(self, state, action):
        return self._do_summon(state, action, LAND)

    def _do_move(self, state, action):
        self._phase(state)
        iid = action.get("card")
        me = self._seat(state)
        cards = state["cards"]
        # (the membership in _on_board(state, me, SOLDIER), without the list: an id on the board is a str key of cards)
        if not (iid in state["zones"][BOARD] and cards[iid]["owner"] == me and self._facts_of(state)[iid]["type"] == SOLDIER):
            raise IllegalAction(f"card: {iid!r} is not your soldier on the board")
        if self.sick(state, iid):
            raise IllegalAction("card: a soldier cannot move the turn it is summoned")
        to = action.get("pos")
        pos = cards[iid].get("pos")  # (its _pos, as a list)
        if not (pos and self._reaches(state, iid, pos, to)):
            raise IllegalAction(f"pos: one of {self._destinations(state, iid)}")
        auras, free = self.auras_rule(state, "free_move_to_battlefield") if to[0] == 2 else (None, None)  # (one pass over the board for both)
        cost, needs = self.move_price(state, iid, to, auras, free)
        if not self.can_pay(state, me, cost, needs):
            raise IllegalAction(f"card: moving costs {cost} with {'・'.join(needs)}")
        what = {"type": "move", "card": iid, "from": list(pos), "pos": list(to)}
        return self._request(state, me, cost, needs, what)

    def _do_effect(self, state, action):
        iid, k = action.get("card"), action.get("effect")
        if not isinstance(iid, str) or iid not in state["cards"]:
            raise IllegalAction(f"card: no card {iid!r}")
        me = self._seat(state)
        players = state["players"]
        if state["priority"] is not None and not players[me]["goldfish"]:
            allowed = self._responses(state, me)
        elif state["priority"] is None and not state["stack"] and not players[me]["goldfish"] and state["phase"] == "main":
            allowed = self._normal_effects(state, iid, self.purse(state, me), self._in_force(state, "auras")) if self._owner(state, iid) == me and state["cards"][iid]["zone"] == BOARD and not self.sick(state, iid) else []
        else:
            raise IllegalAction("effect: not now")
        if action not in allowed:
            raise IllegalAction(f"effect: {iid!r}'s effect {k!r} cannot be used now")
        eff = self._effects(state, iid)[k - 1]
        cost, needs, sacrifice = self._effect_cost(state, iid, k, parse_cost(eff.get("cost")))
        what = {"type": "effect", "card": iid, "effect": k, "sacrifice": sacrifice}
        if cost == "X":
            cost = what["x"] = action["x"]
        if "mode" in action:
            what["mode"] = action["mode"]
        if state["priority"] is not None:  # a response: pushed by the player, the right goes to the other
            what["response"] = True
        return self._request(state, me, cost, needs, what)

    def _do_pass(self, state, action):
        me = state["priority"]
        if me is None or state["players"][me]["goldfish"]:
            raise IllegalAction("pass: you do not hold the right to respond")
        return self._pass(state, me)

    def _do_pay(self, state, action):
        pending = state["pending"]
        me = pending.get("player", 0)
        tap, discard = self._check_payment(state, me, pending, action)
        state["pending"] = None
        events = self._pay(state, me, tap, discard)
        if pending["type"] == "upkeep":
            events.append({"type": "upkeep_paid", "card": pending["card"]})
            return events + self._next_upkeep(state)
        return events + self._carry_out(state, pending["for"], me)

    def _do_cancel(self, state, action):
        state["pending"] = None
        return [{"type": "cancelled"}]

    def _do_destroy(self, state, action):
        pending, state["pending"] = state["pending"], None
        events = self.destroy(state, pending["card"], "upkeep_unpaid")
        return events + self._next_upkeep(state)

    def _carry_out(self, state, what, me=None) -> list[dict]:
        """Carry out what was paid for (by `me`: the seat acting now, when not given)."""
        if me is None:
            me = self._seat(state)
        kind = what["type"]
        iid = what.get("card")
        if kind in ("summon", "cast", "deploy"):
            if state["cards"][iid]["zone"] != HAND[me]:
                return [{"type": "fizzled", "card": iid}]
            events = [self._place(state, iid, what["pos"])]
            if kind == "cast" and self._def(state, iid).get("cost") is None:
                state["cards"][iid]["face_up"] = False  # 裏向きでのみ詠唱出来る
                # 相手にルール効果である事を宣言する: that a face-down curse is cast by its rule, and where (not which card)
                events.append({"type": "declared", "player": me, "what": "face_down_rule", "pos": list(what["pos"])})
            entry = {"kind": kind, "card": iid, "player": me, "ctype": self.card_type(state, iid), "pos": what["pos"]}
            return events + self._push(state, entry)
        if kind == "move":
            entry = {"kind": "move", "card": iid, "player": me, "ctype": SOLDIER, "from": what["from"], "to": what["pos"]}
            return self._push(state, entry)
        if kind == "effect":
            events = []
            if what.get("sacrifice") and state["cards"][iid]["zone"] == BOARD:
                events += self.destroy(state, iid, "sacrificed")  # (C)「この呪術を墓地に送る」: with the activation
            entry = {"kind": "effect", "card": iid, "player": me, "effect": what["effect"], "ctype": self.card_type(state, iid)}
            for key in ("x", "mode"):
                if key in what:
                    entry[key] = what[key]
            events.append({"type": "activate", "card": iid, "effect": what["effect"]})
            # a 通常 effect opens a chain (the turn player first); a response gives the right to the other player
            return events + self._push(state, entry, by=me if what.get("response") else None)
        if kind == "draw_paid":
            return self.draw_cards(state, me, 1)
        return []
