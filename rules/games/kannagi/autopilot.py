"""巫KANNAGI's autopilot: a greedy goldfish player.

零探し (the mulligan): an opening 8 with a 0-cost place keeps everything but cards costing 5 or more (dead
for the first turns); without one, every card that does not cost 0 goes to the bottom and as many are drawn,
to dig for a 0-cost place. ■潜在能力 places are all put out (they are free).

Each turn, in this order, each part at most once as the rules allow:
1. a tool that 魂 can pay for (the most expensive first: it goes to 魂 and feeds the next costs);
2. a season (the most expensive payable one) when none is on the field, or in place of a cheaper one
   with nothing on it (a dearer season is taken to be the stronger: the old one goes to 魂);
3. a place: the strongest payable one (power, then ■速攻 while the attack is unused, then cost), onto the
   season when the season is free;
4. an apparition possessed onto the place that will attack (it goes to 魂 with the place, so even one whose
   cost cannot be met feeds 魂), the one with the highest cost that 魂 can pay, else the cheapest;
5. the attack, with the strongest place that is 起き;
6. end of turn; at the hand limit the most expensive cards go to 魂.
Asked at a declaration whether to use a tool: during the goldfish's turn, or in versus during the
opponent's turn (the last moments of the cycle in which a tool may be used), it uses the tool it would use
in the main phase; at its own declarations it
waits for the main phase (at the end phase's, for the goldfish's turn). The 神 rule: the card that is 伏せ goes to 魂, else the newer one. 防御: only
against damage that would end the game, as few 魂 cards as keep it alive (those with an effect when
exiled first, then in instance order). Effects at the same time: in the order offered. A choice an effect
asks for takes the first option offered. Hand cards are the hand and the 手札公開場.
"""

from __future__ import annotations

from ...engine import effects
from ...engine.autopilot import Autopilot as Base
from .play import P0_FIELD, P0_HAND, P0_REVEAL, P0_SOUL, PLACE


class Autopilot(Base):
    slug = "kannagi"
    plays = frozenset({"summon", "possess", "deploy", "tool"})

    _cards = _size = _kinds = None  # (see choose)
    _ranked = None  # (the game's season set, its size, its cards ranked by (cost, id), dearest first)

    def mulligan_done(self, state):
        pending = state.get("pending")
        return not (pending and pending["type"] == "zero_search")

    def choose(self, state):
        # The card data is read through the rules' facts by instance (type, cost, power, keywords, seasons worked
        # out once a game) and 魂 only as far as a payment needs: this runs tens of times a game.
        pending = state["pending"]
        # (the rules' card_kinds, kept with the game's cards dict and its size: a game's instances are only ever added
        # to, and the kinds of the same instances are the same)
        cards = state["cards"]
        if cards is self._cards and len(cards) == self._size:
            kinds = self._kinds
        else:
            kinds = self._kinds = self.rules.card_kinds(state)
            self._cards, self._size = cards, len(cards)
            ranked = self._ranked  # (kept while the game's season set is the same: see the season pick)
            if ranked is not None and (ranked[0] is not kinds[2] or ranked[1] != len(kinds[2])):
                self._ranked = None
        of = kinds[0]
        zones = state["zones"]

        if pending:
            kind = pending["type"]
            if kind == "timing":  # (the commonest)
                # (the goldfish's turn, or in versus the opponent's turn: the last moments of the cycle)
                late = pending.get("at") == "goldfish" or state["active"] != pending.get("player", 0)
                best = self._best_tool(state, of) if late else None
                return {"type": "tool", "card": best} if best else {"type": "tool", "option": "skip"}
            if kind == "zero_search":
                hand = zones[P0_HAND]  # (loops: no comprehension's frame)
                keep = False  # an opening with a 0-cost place
                for i in hand:
                    f = of[i]
                    if f.type == PLACE and f.cost == 0:
                        keep = True
                        break
                back = []
                for i in hand:
                    cost = of[i].cost
                    if (cost >= 5) if keep else (cost > 0):
                        back.append(i)
                return {"type": "zero_search", "cards": back}
            if kind == "potential":
                for i in self.rules.hand_cards(state):
                    f = of[i]
                    if f.type == PLACE and "潜在能力" in f.keywords:
                        return {"type": "summon", "card": i}
                return {"type": "potential_done"}
            if kind == "hand_limit":
                worst = sorted(self.rules.hand_cards(state), key=lambda i: (-of[i].cost, i))
                return {"type": "hand_limit", "cards": worst[: pending["n"]]}
            if kind == "god":
                old, new = pending["candidates"]
                if not (cards[old]["zone"].endswith(".field") and cards[new]["zone"].endswith(".field")):  # (moved by hand)
                    return {"type": "choose", "card": None}
                return {"type": "choose", "card": old if cards[old]["tapped"] and not cards[new]["tapped"] else new}
            if kind == "defend":
                life = state["players"][pending["player"]]["life"]
                need = max(0, pending["amount"] - life + 1)  # what keeps it at 1 or more
                soul = sorted(zones[pending["choose"]["zone"]], key=lambda i: ("exiled" not in of[i].whens, i))
                return {"type": "choose", "cards": soul[: min(need, pending["choose"]["max"])]}
            if kind == "order":
                return {"type": "choose", "card": pending["candidates"][0]}
            if kind == "choose":
                options = effects.choose_actions(state)
                return options[0] if options else None
            return None

        flags = state["flags"]
        field = zones[P0_FIELD]
        hand = zones[P0_HAND]  # (the rules' hand_cards: the hand and the 手札公開場)
        if zones[P0_REVEAL]:
            hand = hand + zones[P0_REVEAL]
        # The hand is looked at by type with set operations (the game's instances of each type): only the cards
        # of a type that may be played are looked at one by one.
        _, places, seasons, apparitions, tools = kinds
        if not flags["tool"] and not tools.isdisjoint(hand):  # (the usable tools are asked for only when the hand holds one)
            usable = self.rules.usable_tool_ids(state)
            if usable:  # (_best_tool without the call)
                best = None
                for i in usable:
                    key = (of[i].cost, i)
                    if best is None or key > best:
                        best = key
                return {"type": "tool", "card": best[1]}
        deploy = not flags["deploy"] and not seasons.isdisjoint(hand)
        summon = not flags["summon"] and not places.isdisjoint(hand)
        if deploy or summon:
            # The field is looked at only as far as the pick needs it: the first season on it (the floor), what sits on
            # it only once a dearer season can be paid for, and where a place goes only once one is picked.
            count = len(zones[P0_SOUL])
            if deploy:
                first = None  # the first season on the field
                for r in field:
                    if r in seasons:
                        first = r
                        break
                # the dearest payable season, deployed when none is on the field or in place of a cheaper one with
                # nothing on it: only seasons dearer than the one on the field are looked at (the game's seasons are
                # ranked once, dearest first: the first one in hand that 魂 pays for is the dearest payable one)
                floor = of[first].cost if first is not None else -1
                ranked = self._ranked
                if ranked is None:  # (made again when the kinds are: above)
                    ranked = self._ranked = (seasons, len(seasons), sorted(seasons, key=lambda i: (of[i].cost, i), reverse=True))
                for i in ranked[2]:
                    f = of[i]
                    if f.cost <= floor:
                        break
                    if f.cost > count or i not in hand:
                        continue
                    if f.free or self.rules.season_met(state, 0, f):
                        if first is not None:  # (in place of the one on the field only when nothing sits on it)
                            for r in field:
                                if cards[r].get("on") == first:
                                    break
                            else:
                                return {"type": "deploy", "card": i}
                            break
                        return {"type": "deploy", "card": i}
            if summon:
                fast = not flags["attack"]
                best_place = None  # (rank, card)
                for i in hand:
                    if i in places:
                        f = of[i]
                        if f.cost > count:
                            continue
                        rank = (f.power, fast and "速攻" in f.keywords, f.cost, i)
                        if best_place is not None and best_place[0] >= rank:
                            continue
                        if f.free or self.rules.season_met(state, 0, f):
                            best_place = (rank, i)
                if best_place is not None:
                    action = {"type": "summon", "card": best_place[1]}
                    for x in field:  # the first season on the field with no place on it
                        if x in seasons:
                            for r in field:
                                if r in places and cards[r].get("on") == x:
                                    break
                            else:
                                action["onto"] = x
                                break
                    return action
        if flags["attack"]:
            return {"type": "end_turn"}
        attacker, strongest = None, None
        for p in field:
            if p in places:
                card = cards[p]
                if not card["tapped"]:
                    # (the rules' power without the call for a place with no counters: its printed power)
                    power = self.rules.power(state, p) if card["counters"] else of[p].power
                    if attacker is None or (power, p) > (strongest, attacker):
                        attacker, strongest = p, power
        if attacker is None:
            return {"type": "end_turn"}
        if not flags["possess"] and not apparitions.isdisjoint(hand):
            # the dearest apparition 魂 pays for, else the cheapest (a loop: this runs before most attacks)
            count = len(zones[P0_SOUL])
            best = cheapest = None  # (cost, card)
            for i in hand:
                if i in apparitions:
                    f = of[i]
                    key = (f.cost, i)
                    if cheapest is None or key < cheapest:
                        cheapest = key
                    if f.cost <= count and (best is None or key > best) and (f.free or self.rules.season_met(state, 0, f)):
                        best = key
            return {"type": "possess", "card": (best or cheapest)[1], "target": attacker}
        return {"type": "attack", "card": attacker}

    def _best_tool(self, state, of):
        """The tool the main phase would use now: the most expensive usable one (then the latest instance)."""
        usable = self.rules.usable_tool_ids(state)
        if not usable:
            return None
        best = None  # (a loop rather than max over a generator: this runs at most declarations)
        for i in usable:
            key = (of[i].cost, i)
            if best is None or key > best:
                best = key
        return best[1]
