"""original's faster paths give what the plain ones gave (issue 36: no changed outcomes): the payments' plan
(costs._plan, each need covered once per preferred kind) against the plan as it was worked out before, the
one-cost and two-move shortcuts of the autopilot's _can_seq against _take itself, and a turn's damage
(_capacity_now, the 倉庫 sorted once) against the same reckoning sorting for every take."""

import random
from itertools import combinations

from rules.games.original.costs import BIT_LIST, _covers, _minimal, _plan
from rules.games.original.worth import INF, _can_seq, _capacity_now, _take


def _plan_before(cost, need, anym, limit, composition) -> list:
    """costs._plan as it was before issue 36's round 4 (a cover built again for every attempt)."""
    avail = {}
    for m, n in composition:
        for b in BIT_LIST:
            if m & b:
                avail[b] = avail.get(b, 0) + n
    keep = {m: sum(1 / avail[b] for b in BIT_LIST if m & b) for m, _ in composition}
    kinds = sorted(composition, key=lambda mn: (keep[mn[0]], mn[0]))
    wanted = [b for b in BIT_LIST if need & b] + ([anym] if anym else [])
    found: dict = {}

    def build(discards, prefer):
        n = len(kinds)
        used: dict = {}
        first = [] if prefer is None else list(prefer) if isinstance(prefer, tuple) else [prefer]
        order = first + [i for i in range(n) if i not in first]
        have = total = 0
        for bit in wanted:
            if have & bit:
                continue
            for i in order:
                mask, size = kinds[i]
                if mask & bit and used.get(i, 0) < size:
                    used[i] = used.get(i, 0) + 1
                    have |= mask
                    total += 1
                    break
            else:
                return None
        goal = max(total, cost - discards, discards)
        for i in order:
            if total >= goal:
                break
            take = min(kinds[i][1] - used.get(i, 0), goal - total)
            if take > 0:
                used[i] = used.get(i, 0) + take
                total += take
        return used if total == goal else None

    def attempt(discards, prefer):
        used = build(discards, prefer)
        if used is None:
            return
        split = []
        left = discards
        for i in sorted(used):
            d = min(used[i], left)
            left -= d
            split.append((i, used[i] - d, d))
        if left or not _minimal([(kinds[i][0], t, d) for i, t, d in split], cost, need, anym):
            return
        key = tuple(split)
        if key not in found:
            found[key] = (discards, sum(used.values()), sum(keep[kinds[i][0]] * (t + d) for i, t, d in split), len(found))

    for discards in range((cost + 1) // 2 + 1):
        for prefer in [None] + (list(range(1, min(len(kinds), 6))) if discards == 0 else []):
            attempt(discards, prefer)
    if not found:
        for size in range(1, len(wanted) + 1):
            for cover in combinations(range(len(kinds)), size):
                if _covers([kinds[i][0] for i in cover], wanted):
                    for discards in range((cost + 1) // 2 + 1):
                        attempt(discards, cover)
    return [[(kinds[i][0], t, d) for i, t, d in key] for key in sorted(found, key=found.get)[:limit]]


def test_the_payments_plan_is_the_plan_worked_out_before():
    pick = random.Random(36)
    for _ in range(4000):
        masks = pick.sample(range(64), pick.randint(1, 6))
        composition = tuple(sorted((m, pick.randint(1, 5)) for m in masks))
        cost = pick.randint(0, 8)
        need = pick.choice([0, 0, 1, 2, 4, 8, 16, 32, 3, 5, 48, pick.randrange(64)])
        anym = pick.choice([0, 0, 0, pick.randrange(64)])
        assert _plan(cost, need, anym, 12, composition) == _plan_before(cost, need, anym, 12, composition)


def test_costs_are_payable_exactly_when_take_pays_them():
    pick = random.Random(4)
    masks_seen = [0, 1, 2, 4, 8, 16, 32, 3, 5, 6, 7, 9, 12, 17, 34, 48, 63]
    for _ in range(30_000):
        masks = tuple(pick.choice(masks_seen) for _ in range(pick.randint(0, 10)))
        steps = [(pick.randint(-1, 6), pick.choice([0, 1, 2, 4, 3, 5, 6, 12, 48, 63, pick.randrange(64)])) for _ in range(pick.randint(1, 3))]
        assert _can_seq(masks, steps) == (_take(list(masks), steps) is not None)


def test_two_moves_are_payable_exactly_when_take_pays_them():
    # (a soldier's two moves: costs that need the same attribute, or none, counted without _take: worth._can_two)
    pick = random.Random(48)
    masks_seen = [0, 1, 2, 4, 8, 16, 32, 3, 5, 6, 14, 33, 63, 1, 1, 2]
    for _ in range(30_000):
        masks = tuple(pick.choice(masks_seen) for _ in range(pick.randint(0, 14)))
        need = pick.choice([0, 1, 2, 4, 8, 16, 32, 1, 1, pick.randrange(64)])
        steps = [(pick.randint(-1, 7), need), (pick.randint(-1, 7), need)]
        assert _can_seq(masks, steps) == (_take(list(masks), steps) is not None)


def _capacity_before(hitters, masks, need, limit, demand=0):
    """worth._capacity_now as it was: _take (which sorts the 倉庫 cards) for every hit weighed."""
    total = 0
    avail = list(masks)
    plans = []
    for damage, steps in hitters:
        cost = sum(c for c, _m in steps)
        if cost == 0:
            return INF
        plans.append((damage, steps, cost))
    for _ in range(60):
        best = None
        top = lowest = 0
        have = len(avail)
        for damage, steps, cost in plans:
            if cost > have:
                continue
            per = min(damage, need) / cost
            if best is not None and (per < top or per == top and cost >= lowest):
                continue
            left = _take(avail, steps, demand)
            if left is not None:
                best = (damage, left)
                top, lowest = per, cost
        if best is None:
            return total
        damage, avail = best
        total += min(damage, need)
        need -= damage
        if need <= 0:
            need = limit
    return total


def test_a_turns_damage_is_the_damage_reckoned_before():
    pick = random.Random(23)
    kinds = [1, 2, 4, 8, 16, 32, 3, 5, 6, 12, 48]
    for _ in range(3000):
        masks = [pick.choice(kinds) for _ in range(pick.randint(0, 14))]
        hitters = []
        for _h in range(pick.randint(0, 4)):
            mask = pick.choice(kinds)
            steps = [(pick.randint(0, 3), mask)] + ([(pick.randint(1, 3), mask)] if pick.random() < 0.7 else [])
            hitters.append((pick.randint(1, 9), steps))
        need, demand = pick.randint(1, 11), pick.choice([0, 1, 3, 12, 63])
        assert _capacity_now(hitters, masks, need, 11, demand) == _capacity_before(hitters, masks, need, 11, demand)
