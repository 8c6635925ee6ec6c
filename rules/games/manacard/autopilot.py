"""異世界TCG マナカード's autopilot: a goldfish player that plans by the action rights left to win.

"My turn N" is the player's N-th action right (行動権), `state["turn"]`: the game has no turns, the right
passes on every play and every pass, and the goldfish always hands it straight back, so the player's
rights are the game's only clock (each right is one thing done: a card played, a unit's attack, a mana
pass, …; a continued attack after a battle won by 3+ speed stays in the same right, as the rules count
it). The goldfish's main deck is 50 (goldfish_hp), of which its set-up takes 5 mana and a hand of 6, so its
HP is 39; one right lets one unit attack, so a game of the sample deck is won in about 9 to 15 rights: the
default cap of 20 is 20 of the player's action rights.

Key cards for the opening hand: units the opening mana (5 cards) can pay for by itself (cost 5 or less),
the units that can be played on the first right without touching the skill deck. No mulligan in this game.

On each right the autopilot counts, for every plan it can start now, the rights it would take to bring
the goldfish's main deck (its HP, H) to 0, and starts the quickest. Attacking at a rate R takes ceil(H / R)
rights, R being the attack of the unit it attacks with (攻撃力 with its equipment and the status cards),
or a spell's damage to the player when that is more and one can be paid (e.g. 雷撃, which it only uses so).
1. The plans: a unit (one on the field; one played from the hand; or one of the mana zone, taken into the
   hand first) with no more equipment or with one more (from the hand, or taken from the mana zone), then
   attacks until the goldfish is beaten: 1 right to take what it needs from mana (one mana_to_hand takes
   them all), 1 for each card played, + ceil(H / R). Its first step, on a tie in this order: attack with
   the unit on the field; play the unit; play the equipment on it; take the cards from mana.
2. A card that damages the player when played: 1 right + the rights for what is left (so only when no
   unit hits as hard, or when it finishes the game).
3. The mana pass, to dig the main deck for a unit stronger than any on the field, in hand or in mana: the
   streak of consecutive mana passes puts 1, 2, 3, … cards from the main deck into mana, any other action
   breaks it (so it digs with consecutive passes, then takes the unit from mana). For each attack level
   above what it can reach: the passes until a unit of that attack or more has shown more likely than not
   (worked out from the cards of the deck list still in the main deck, never from their order) + 2 (take
   it, play it) + ceil(H / level). So it digs when its units are weak or it has none, and keeps the
   streak going while it finds nothing.
4. A plain pass only when none of these can be done.

Paying a cost: mana first, as much as the mana zone allows (pay_mana: the cards worth least first, worth
= a unit's attack or an equipment's attack bonus, so the strong units stay in mana to be taken later;
paid mana goes under the main deck), then the rest from the skill deck (pay_skill: the skill cards worth
least against a goldfish first: no steps < 【回復】 (the goldfish never hits) < other steps < 【逆転】 <
damage to a unit < damage to the player). Cards that damage or heal a unit (火の玉, 薬草) are never played
against the goldfish: it has no units and never damages the player's.
At a choice: mana_to_hand takes the cards of the plan (else the last mana card); a 逆転 chance (only after a
hit on the player, which only the goldfish's units put on its field by hand make) reveals and activates only
when the main deck is already empty; an effect's choice takes the first option. An attack declared on the
player does not change the plan (every usual action is still allowed; the hit costs the player main-deck
cards, not the race), except that a plain pass becomes 『防御』; a continued attack (won by 3+ speed) goes on
attacking the player with that unit (a unit of no 攻撃力: the plan, or with continued_action "attack" a pass).
"""

from __future__ import annotations

from collections import Counter
from math import comb

from ...engine import effects
from ...engine.autopilot import Autopilot as Base
from ...engine.core import legal_actions
from .play import EQUIP

NEVER = 10**6
BIG = 10**9  # (worse than any plan's rights)


def _ceil_div(a: int, b: int) -> int:
    return -(-a // b)


def _player_damage(info) -> int:
    """What a card does to the opponent's main deck when played (its damage steps aimed at the opponent)."""
    return sum(
        (1 if s.get("amount") is None else s["amount"])
        for s in info.steps["played"][1]
        if s["op"] == "damage" and (s.get("who") or "opponent") == "opponent"
    )


def _skill_worth(info) -> int:
    """How much a skill card is worth keeping against a goldfish (the lowest is paid first)."""
    if _player_damage(info) > 0:
        return 5
    played, _attack, reversal = info.steps["played"], info.steps["attack"], info.steps["reversal"]
    if any(s["op"] == "unit_damage" for s in played[0]):
        return 4
    if info.reversal or reversal[0] or reversal[1]:
        return 3
    if played[0] or played[1]:
        return 2 if any(s["op"] != "life" for s in played[1]) else 1
    return 0


class Autopilot(Base):
    slug = "manacard"
    plays = frozenset({"play"})

    def opening_pool(self, state):
        """Setup shuffles the main deck, puts its top 5 into mana, then deals the hand from it."""
        zones = state["zones"]
        return list(zones["p0.hand"]) + list(zones["p0.mana"]) + list(zones["p0.deck"])

    def own_turn(self, state):
        return state["turn"]

    # -- what cards are worth -------------------------------------------------------------------------

    @staticmethod
    def _status_bonus(state, table, cards) -> dict:
        """The attack the player's face-up status cards add to a unit of each 距離 (None: any)."""
        bonus: dict = {}
        for s in state["zones"]["p0.status"]:
            if cards[s]["face_up"]:
                for stat, amount, distance in table[cards[s]["def"]].status:
                    if stat == "attack":
                        bonus[distance] = bonus.get(distance, 0) + amount
        return bonus

    @staticmethod
    def _potential(info, bonus) -> int:
        """A unit's attack once on the field (printed + the status cards' bonus for its 距離)."""
        return info.stats["attack"] + bonus.get(None, 0) + (bonus.get(info.distance, 0) if info.distance else 0)

    def _mana_worth(self, info, bonus) -> int:
        if info.unit:
            return 1 + self._potential(info, bonus)
        if info.type == EQUIP:
            return max([0] + [a for stat, a, _d in info.equipped if stat == "attack"])
        return 0

    def _status_facts(self, state, table, statuses: tuple) -> tuple:
        """What the player's face-up status cards (`statuses`: their instance ids, in the zone's order) make of
        the plans and payments: (their attack bonus by 距離, their cost changes, {Info: _card_facts} under them,
        {Info: worth as mana paid} under them), kept in table.status_plans by `statuses` (see _plans)."""
        bonus = self._status_bonus(state, table, state["cards"])
        mods = self.rules.cost_mods(state, 0)
        key = (tuple(bonus.items()), tuple(mods))
        shared = _CARD_FACTS.get(key)
        if shared is None:
            if len(_CARD_FACTS) >= 64:
                _CARD_FACTS.clear()
            shared = _CARD_FACTS[key] = ({}, {})
        found = table.status_plans[statuses] = (bonus, mods, shared[0], shared[1])
        return found

    # -- decisions ------------------------------------------------------------------------------------

    def _pending(self, state, pending):
        kind = pending["type"]
        cards, zones = state["cards"], state["zones"]
        table = self.rules.table(state)
        if kind == "pay_mana":
            _low, high = self.rules.pay_bounds(state, pending)  # (all the mana it may: low <= high)
            # each mana card's worth under the face-up status cards' bonus, kept with them (_status_facts)
            up = []
            for s in zones["p0.status"]:
                if cards[s]["face_up"]:
                    up.append(s)
            statuses = tuple(up)
            found = table.status_plans.get(statuses)
            if found is None:
                found = self._status_facts(state, table, statuses)
            bonus, worths = found[0], found[3]
            mana = zones["p0.mana"]
            of = table.of
            order = []  # (worth, place) of each mana card, sorted: the order they are paid in (no key function to call)
            for k in range(len(mana)):
                info = of[mana[k]]
                w = worths.get(info)
                if w is None:
                    w = worths[info] = self._mana_worth(info, bonus)
                order.append((w, k))
            order.sort()
            return {"type": "pay_mana", "cards": [mana[k] for _w, k in order[:high]]}
        if kind == "pay_skill":
            skill = zones["p0.skill"]
            order = sorted(
                (k for k in range(len(skill)) if skill[k] != pending["card"]),
                key=lambda k: (_skill_worth(table.card(cards, skill[k])), k),
            )
            return {"type": "pay_skill", "cards": [skill[k] for k in order[: pending["rest"]]]}
        if kind == "mana_to_hand":
            take = self._plan(state)[1]
            return {"type": "mana_to_hand", "cards": take or zones["p0.mana"][-1:]}
        if kind == "reveal":
            return {"type": "reveal", "n": pending["count"] if not zones["p0.deck"] else 0}
        if kind == "reveal_skill":
            if not zones["p0.deck"]:
                for iid in zones["p0.skill"]:
                    if table.card(cards, iid).reversal and not cards[iid].get("spent"):
                        return {"type": "reveal_skill", "cards": [iid]}
            return {"type": "reveal_skill", "cards": []}
        if kind == "reversal":
            if not zones["p0.deck"]:
                options = legal_actions(state)
                return options[0]
            return {"type": "no_reversal"}
        if kind == "choose":
            options = effects.choose_actions(state)
            return options[0] if options else None
        if kind == "interrupt":  # (versus) a skill 2 or more faster than the one waiting, if one is offered, first
            return legal_actions(state)[0]
        return None

    def choose(self, state):
        pending = state["pending"]
        if pending:
            return self._pending(state, pending)
        if state["priority"] != 0 or state["result"] is not None:
            return None
        flags = state["flags"]
        chain = flags["chain"]
        if chain:  # a continued attack (won by 3+ speed): the unit attacks the player again, else the plan (any
            unit = chain["card"]  # action the right allows) or, with continued_action "attack", the right passes
            if self.rules.stat(state, unit, "attack") > 0:
                return {"type": "pass", "option": "attack", "card": unit}
            if state["options"]["continued_action"] == "attack":
                return {"type": "pass"}
        action = self._plan(state)[0]
        if flags["incoming"] and action == {"type": "pass"}:
            return {"type": "defend"} if {"type": "defend"} in legal_actions(state) else action
        return action

    def _plan(self, state) -> tuple[dict, list[str]]:
        """The action for this right, and the mana cards the plan takes into the hand (for mana_to_hand)."""
        rules = self.rules
        table = rules.table(state)
        cards, zones = state["cards"], state["zones"]
        # The plans (what can be played, what it adds up to) are worked out from the player's cards, which a
        # run of attacks does not change: only the goldfish's HP does. So they are kept on the game's card table
        # with what they were worked out from (the hand, mana, skill deck, main deck, field, the face-up status
        # cards and the mana streak), given again while these are the same, and only weighed again here against
        # the HP left. The field's part of that key is what its units' attack (rules.stat) is made of: the
        # field's cards, each one's "attack" counters and the unit it is on (an equipment's), with the face-up
        # status cards; the same key, the same attacks, so they are asked for only when the plans are made.
        field_zone = zones["p0.field"]
        marks = []  # (plain loops here and below: a comprehension is a call of its own)
        for u in field_zone:
            card = cards[u]
            marks.append(card["counters"].get("attack"))
            marks.append(card.get("on"))
        statuses: tuple = ()
        if zones["p0.status"]:
            up = []
            for s in zones["p0.status"]:
                if cards[s]["face_up"]:
                    up.append(s)
            statuses = tuple(up)
        hand, mana, skill, deck = zones["p0.hand"], zones["p0.mana"], zones["p0.skill"], zones["p0.deck"]
        streak = state["flags"]["streak"]
        last = getattr(table, "plans", None)
        if last is not None and last[0] == (hand, mana, skill, deck, field_zone, marks, statuses, streak):  # (lists compared by value)
            plans = last[1]
        else:
            stat, of = rules.stat, table.of
            field = []
            for u in field_zone:
                info = of[u]
                if info.unit:
                    field.append((stat(state, u, "attack"), u, info))
            plans = self._plans(state, field, table, statuses)
            # (copies: the zones change)
            table.plans = ((hand[:], mana[:], skill[:], deck[:], field_zone[:], marks, statuses, streak), plans)
        health = len(zones["p1.deck"])
        best = None
        best_total, best_order = BIG, 9
        for fixed, dh, rate, order, plan in plans:
            h = health - dh
            total = fixed + (0 if h <= 0 else (-(-h // rate) if rate > 0 else NEVER))
            if total < best_total or (total == best_total and order < best_order):
                best_total, best_order, best = total, order, plan
        if best is None:
            return {"type": "pass"}, []
        order, u, info, e, src, esrc = best
        take = []
        if src == "mana":
            take.append(u)
        if esrc == "mana":
            take.append(e)
        if order == 4:
            action = {"type": "pass", "option": "mana_to_hand"}
        elif order == 1:
            action = {"type": "play", "card": u}
            if info.aim is not None:
                targets = rules.aimed(state, info.aim)
                if targets:
                    action["target"] = targets[0]
        elif order == 2:
            action = {"type": "play", "card": e, "target": u}
        elif order == 0:
            action = {"type": "pass", "option": "attack", "card": u}
        elif order == 3:
            action = {"type": "play", "card": u}
        else:
            action = {"type": "pass", "option": "mana"}
        return action, take

    def _plans(self, state, field, table, statuses: tuple) -> list[tuple]:
        """Every plan the player's cards allow now, in the order they are weighed: (rights it takes besides the
        attacks, HP its first step takes off, the attack rate it then wins at, tie order, (order, unit, its
        info, equipment, unit's source, equipment's source)). The rights to win from HP h at rate R are
        ceil(h / R) (NEVER at rate 0), R being the better of the plan's attack and the spells' rate; the first
        plan with the fewest rights in all, then the lowest tie order, is kept.

        The plans depend on the hand, mana, skill deck, main deck, field (and its units' attack), the face-up
        status cards and the mana streak, never on the goldfish's HP: _plan keeps the last answer with all of
        these, and gives it again while they are the same (a run of attacks). `statuses`: the player's face-up
        status cards (their instance ids, in the zone's order)."""
        cards, zones = state["cards"], state["zones"]
        mana, skill, hand, deck = zones["p0.mana"], zones["p0.skill"], zones["p0.hand"], zones["p0.deck"]
        streak = state["flags"]["streak"]
        rules = self.rules
        of = table.of
        budget = len(mana) + len(skill)
        # what the face-up status cards make of the plans: their attack bonus by 距離, their cost changes, and
        # each card's worth to a plan under them (its cost, a unit's attack, an equipment's gain, a spell's
        # damage: _card_facts, worked out once per card and status cards, not at every plan); kept on the table
        # by the status cards' instance ids (the table's status_plans: carried over to the simulation's next
        # game with the rules' answers of the same status cards, InfoCache.table)
        found = table.status_plans.get(statuses)
        if found is None:
            found = self._status_facts(state, table, statuses)
        bonus, mods, facts = found[0], found[1], found[2]

        # damage spells that can be paid (hand, and the top copy of each card of the skill deck)
        spells = []  # (damage, card)
        for group, room in ((hand, budget), (table.skill_tops(cards, skill), budget - 1)):
            for iid in group:
                info = of[iid]
                fact = facts.get(info)
                if fact is None:
                    fact = facts[info] = _card_facts(info, bonus, mods, rules.cost_of)
                if fact[3] > 0 and fact[0] <= room:
                    spells.append((fact[3], iid))
        spell_rate = 0  # (a plan attacking at attack A wins at the better of A and this)
        for damage, _iid in spells:
            if damage > spell_rate:
                spell_rate = damage

        # the units that may attack, and the cards that may be played for one: (attack or bonus, card, info)
        units: dict = {"hand": [], "mana": []}
        equips: dict = {"hand": [], "mana": []}
        flat = True  # (no equipment at hand adds attack by 距離: its gain is the same for every unit)
        for where, group in (("hand", hand), ("mana", mana)):
            seen: set = set()  # (the first copy of each card: the one the rules offer a play with a target for)
            room = budget - (where == "mana")
            for iid in group:
                info = of[iid]
                if info in seen:  # (one Info per card key)
                    continue
                seen.add(info)
                fact = facts.get(info)
                if fact is None:
                    fact = facts[info] = _card_facts(info, bonus, mods, rules.cost_of)
                cost, attack, equip = fact[0], fact[1], fact[2]
                if cost is None or cost > room:
                    continue
                if attack is not None:
                    units[where].append((attack, iid, info))
                elif equip:
                    equips[where].append((0, iid, info))
                    if equip == 2:
                        flat = False

        # plans: a unit (on the field, or played from the hand or the mana zone) with perhaps one more
        # equipment (from the hand or the mana zone): the rights to take the cards from mana (1, for all), to
        # play them (1 each), then to attack until the goldfish is beaten.
        # A unit whose every plan an earlier plan matches or beats (see the filter below: such plans are left out
        # anyway) is left out before its plans are made. With equipment gains the same for every unit (`flat`): a
        # unit of no more attack than an earlier one of its source (each of its plans: the same rights and tie
        # order as that unit's with the same equipment, no higher rate), and a mana unit of no more attack than a
        # hand unit or a field unit of attack > 0 (the hand unit's plans with the same equipment take fewer or as
        # many rights at a lower or the same tie order; the field unit's: fewer, at a lower or the same order).
        pools = (field, units["hand"], units["mana"])
        if flat:
            reduced = []
            floor = -BIG  # (the mana units' floor)
            for k in (0, 1, 2):
                best = floor if k == 2 else -BIG
                kept_units = []
                for t in pools[k]:
                    a = t[0]
                    if a > best:
                        best = a
                        kept_units.append(t)
                        if (k == 1 or a > 0) and a > floor:
                            floor = a
                reduced.append(kept_units)
            pools = reduced
        plans = []
        no_equip = [(0, None, None)]
        for src, pool in (("field", pools[0]), ("hand", pools[1]), ("mana", pools[2])):
            from_mana = src == "mana"
            for attack, u, info in pool:
                for esrc, epool in (("none", no_equip), ("hand", equips["hand"]), ("mana", equips["mana"])):
                    for _z, e, einfo in epool:
                        gain = 0
                        if einfo is not None:
                            distance = info.distance
                            for stat, a, d in einfo.equipped:
                                if stat == "attack" and (d is None or d == distance):
                                    gain += a
                            if gain <= 0:
                                continue
                        take = from_mana or esrc == "mana"  # (a mana_to_hand first: the cards of the plan in mana)
                        plays = (src != "field") + (e is not None)
                        if take:
                            order = 4
                        elif src != "field":
                            order = 1
                        elif e is not None:
                            order = 2
                        else:
                            if attack <= 0:
                                continue
                            order = 0
                        r = attack + gain
                        plans.append(((1 if take else 0) + plays, 0, r if r > spell_rate else spell_rate, order, (order, u, info, e, src, esrc)))
        # a damage spell: 1 right, then the field's strongest unit (or the spells) for the HP left
        if spells:
            strongest = spell_rate
            for a, _u, _i in field:
                if a > strongest:
                    strongest = a
            for damage, iid in spells:
                plans.append((1, damage, strongest, 3, (3, iid, None, None, None, None)))

        # dig the main deck with mana passes for a stronger unit (its composition is known, not its order)
        if deck:
            reach = 0
            for where in pools:  # (the best of each source is in its pool as reduced)
                for a, _u, _i in where:
                    if a > reach:
                        reach = a
            better = []
            for a, count in _deck_levels(table, deck, bonus).items():
                if a > reach:
                    better.append((a, count))
            if better:
                n = len(deck)
                levels = []
                for a, _count in better:
                    levels.append(a)
                levels.sort()
                for level in levels:  # dig for a unit of this attack or more
                    m = 0
                    for a, count in better:
                        if a >= level:
                            m += count
                    plans.append((_passes(n, m, streak) + 2, 0, level if level > spell_rate else spell_rate, 5, (5, None, None, None, None, None)))
        # A plan that an earlier one matches or beats on every count (no more rights besides the attacks, as much HP
        # off first, as high a rate, as low a tie order) is never the one _plan picks, at any HP: it picks the first
        # plan of the fewest rights, then the lowest tie order. Left out once here, not weighed at every right.
        kept = []
        for p in plans:
            fixed, dh, rate, order = p[0], p[1], p[2], p[3]
            for q in kept:
                if q[0] <= fixed and q[1] >= dh and q[2] >= rate and q[3] <= order:
                    break
            else:
                kept.append(p)
        return kept


_FACTS: dict = {}  # Info -> _facts of it (Info objects are read-only and shared across games)


def _facts(info) -> tuple:
    """(damage to the player when played, worth as a skill card, whether it is equipment that adds attack, whether
    that attack depends on its unit's 距離)."""
    found = _FACTS.get(info)
    if found is None:
        if len(_FACTS) >= 4096:
            _FACTS.clear()
        found = _FACTS[info] = (
            _player_damage(info),
            _skill_worth(info),
            any(stat == "attack" and a > 0 for stat, a, _d in info.equipped),
            any(stat == "attack" and d is not None for stat, _a, d in info.equipped),
        )
    return found


_CARD_FACTS: dict = {}  # (the status cards' attack bonus by 距離, their cost changes) -> ({Info: _card_facts}, {Info: mana worth})


def _card_facts(info, bonus: dict, mods, cost_of) -> tuple:
    """What _plans reads of a card under the status cards' attack bonus and cost changes: (its cost, None if it
    cannot be played; a unit's attack with the bonus, else None; for equipment, 1 if it adds attack, 2 if that
    attack depends on its unit's 距離, else 0; the damage it does to the player when played, 0 for a unit or a
    card that names a target)."""
    if not info.playable:
        return None, None, 0, 0
    cost = cost_of(info, mods) if mods else (info.cost if info.cost > 0 else 0)
    if info.unit:
        return cost, info.stats["attack"] + bonus.get(None, 0) + (bonus.get(info.distance, 0) if info.distance else 0), 0, 0
    facts = _facts(info)
    equip = (2 if facts[3] else 1) if info.type == EQUIP and facts[2] else 0
    return cost, None, equip, facts[0] if info.aim is None else 0


def _deck_levels(table, deck: list, bonus: dict) -> dict:
    """The attack (with the status cards' bonus) of each unit of the main deck -> how many have it; the last
    answer is kept on the table (the deck and the status cards change less often than the plan is made), and
    a deck that is the last one with cards put under it (paid mana) or taken off its top (mana passes) is
    counted from it: only the cards put or taken are counted."""
    key = tuple(bonus.items())
    last = getattr(table, "deck_levels", None)
    if last is not None and last[1] == key:
        old = last[0]
        if old == deck:
            return last[2]
        n, m = len(deck), len(old)
        changed, sign = None, 1
        if n > m:
            if deck[n - m:] == old:
                changed = deck[: n - m]
        elif old[:n] == deck:
            changed, sign = old[n:], -1
        if changed is not None:
            levels = dict(last[2])
            of = table.of
            any_bonus = bonus.get(None, 0)
            for iid in changed:
                info = of[iid]
                if info.unit:
                    a = info.stats["attack"] + any_bonus + (bonus.get(info.distance, 0) if info.distance else 0)
                    count = levels.get(a, 0) + sign
                    if count:
                        levels[a] = count
                    else:
                        del levels[a]
            table.deck_levels = (deck[:], key, levels)
            return levels
    levels: dict = {}
    any_bonus = bonus.get(None, 0)
    for info, count in Counter(map(table.of.__getitem__, deck)).items():  # (the copies of a card counted at once)
        if info.unit:
            a = info.stats["attack"] + any_bonus + (bonus.get(info.distance, 0) if info.distance else 0)
            levels[a] = levels.get(a, 0) + count
    table.deck_levels = (deck[:], key, levels)  # (a copy: the zone changes)
    return levels


_PASSES: dict = {}  # (cards in the deck, cards wanted, streak) -> _passes


def _passes(n: int, m: int, streak: int) -> int:
    """The consecutive mana passes, from a streak of `streak`, until one of m wanted cards among the n of the
    deck has shown more likely than not (or the deck is all shown)."""
    key = (n, m, streak)
    found = _PASSES.get(key)
    if found is None:
        shown, passes = 0, 0
        while shown < n:
            passes += 1
            shown = min(n, shown + streak + passes)
            if 2 * comb(n - m, shown) <= comb(n, shown):  # P(one shown) >= 1/2
                break
        if len(_PASSES) >= 65536:
            _PASSES.clear()
        found = _PASSES[key] = passes
    return found
