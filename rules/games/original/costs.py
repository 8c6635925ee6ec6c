"""Costs in original: paying from 倉庫 (tap, or discard for 2), the payments offered, checking a chosen
payment, and the costs of summoning and upkeep."""

from __future__ import annotations

from itertools import combinations

from ...engine.core import IllegalAction, move
from .cards import BIT_LIST, CURSE, DISCARD, STORAGE, mask_of

LIMIT = 12  # payments offered at once
_PLANS: dict = {}
_BITS = [tuple([b for b in BIT_LIST if m & b]) for m in range(64)]  # attribute mask -> its bits, in BIT_LIST order
_INDEXES = [tuple([j for j, b in enumerate(BIT_LIST) if m & b]) for m in range(64)]  # mask -> its bits' indexes


def _plan(cost, need, anym, limit, composition) -> list:
    """The payments for a cost from 倉庫 cards of these kinds (attribute mask, how many): each a list of
    (mask, tapped, discarded); a pure function of its arguments, so it is cached."""
    # (plain loops: a comprehension or a generator is a function call more; the cards of each attribute by its
    # index in BIT_LIST)
    avail = [0, 0, 0, 0, 0, 0]
    for m, n in composition:
        for j in _INDEXES[m]:
            avail[j] += n
    ranked = []
    for m, size in composition:
        weight = 0
        for j in _INDEXES[m]:
            weight += 1 / avail[j]
        ranked.append((weight, m, size))
    ranked.sort()  # the cheapest (least rare) first (the masks differ: the sizes are never compared)
    wanted = list(_BITS[need])
    if anym:
        wanted.append(anym)
    n = len(ranked)
    masks = []
    sizes = []
    weights = []
    for weight, m, size in ranked:
        masks.append(m)
        sizes.append(size)
        weights.append(weight)
    if cost <= 1 and not (need & (need - 1)) and not (need and anym) and (cost or need or anym):
        # A cost of 1 (or of 0 that names one attribute, or one of `anym`: a card is used all the same) with one
        # attribute or none: what the covers and attempts below find, in the order they sort it. Each payment is
        # one card tapped: the cheapest kind that has the attribute (the plain cover), then each kind 1..5 that
        # has it (a cover preferring it); a discard (worth 2) is more than the cost. The kinds are in weight
        # order, and the cheapest one comes first, so the payments sort by their index.
        target = need | anym
        out = []
        for i in range(n):
            if sizes[i] > 0 and (not target or masks[i] & target) and (not out or i < 6):
                out.append([(masks[i], 1, 0)])
        return out[:limit]
    if cost >= 2 and len(wanted) <= 2:
        out = _plan_few(cost, wanted, limit, n, masks, sizes, weights)
        if out is not None:
            return out

    found: dict = {}
    kinds = []
    for i in range(n):
        kinds.append((masks[i], sizes[i]))

    def attempt(discards, cover):
        # (the needs covered from `cover`, the same for every number of discards, then filled up to the cost:
        # what _build does)
        order, covered, total = cover
        goal = cost - discards
        if goal < discards:
            goal = discards
        if goal < total:
            goal = total
        split = _fill_and_split(covered[:], total, goal, discards, order, sizes)
        if split is None:
            return
        key = tuple(split)
        if key in found:
            return
        parts = []
        weight = 0
        for i, t, d in split:
            parts.append((masks[i], t, d))
            weight += weights[i] * (t + d)
        if not _minimal(parts, cost, need, anym):
            return
        found[key] = (discards, goal, weight, len(found))

    most = (cost + 1) // 2
    plain = _cover(kinds, wanted, None)
    if plain is not None:
        attempt(0, plain)
    for prefer in range(1, min(n, 6)):
        cover = _cover(kinds, wanted, prefer)
        if cover is not None:
            attempt(0, cover)
    if plain is not None:
        for discards in range(1, most + 1):
            attempt(discards, plain)
    if not found:  # the needs covered greedily can leave a card that a later one made needless: try each cover
        for size in range(1, len(wanted) + 1):
            for cover in combinations(range(n), size):
                if _covers([masks[i] for i in cover], wanted):
                    covered = _cover(kinds, wanted, cover)
                    if covered is not None:
                        for discards in range(most + 1):
                            attempt(discards, covered)
    return [[(masks[i], t, d) for i, t, d in key] for key in sorted(found, key=found.get)[:limit]]


def _plan_few(cost, wanted, limit, n, masks, sizes, weights) -> list | None:
    """_plan for a cost of 2 or more that wants at most two attributes (or masks), in `wanted` order: what its
    covers and attempts find, in the order they sort it; None when they find nothing (_plan's fallback decides).
    The cover takes a card of each wanted element not covered yet from the preferred kind if it has it, else
    from the first kind (index order) with it and a card left; the fill takes cards from the preferred kind,
    then in index order. Each tapped payment is worth exactly the cost (the cover uses at most 2 cards), so it
    is minimal; a payment with d discards (plain cover, filled to max(cost - d, d, cover)) is worth that plus d,
    minimal exactly when that is the cost (a discard could be tapped instead of anything more)."""
    found: dict = {}  # the cards per kind index of each tapped payment -> (its weight, when found)
    plain_used = None
    plain_total = 0
    for prefer in range(min(n, 6)):  # (0: the plain cover, whose order is the index order as with prefer 0)
        used = [0] * n
        total = have = 0
        for bit in wanted:
            if have & bit:
                continue
            if masks[prefer] & bit and used[prefer] < sizes[prefer]:
                c = prefer
            else:
                c = -1
                for i in range(n):
                    if masks[i] & bit and used[i] < sizes[i]:
                        c = i
                        break
                if c < 0:
                    return None
            used[c] += 1
            have |= masks[c]
            total += 1
        if not prefer:
            plain_used, plain_total = used[:], total
        # (the fill up to the cost: the preferred kind first, then in index order; with no discard the payment's
        # split is the kinds used, in index order, so `used` names it)
        if (_fill(used, total, cost, (prefer, *range(n)), sizes) if total < cost else total) != cost:
            continue
        key = tuple(used)
        if key in found:
            continue
        weight = 0
        i = 0
        for u in used:
            if u:
                weight += weights[i] * u
            i += 1
        found[key] = (weight, len(found))
    out = []
    for key in sorted(found, key=found.get):
        parts = []
        for i in range(n):
            u = key[i]
            if u:
                parts.append((masks[i], u, 0))
        out.append(parts)
    if plain_used is None:
        return None
    for discards in range(1, (cost + 1) // 2 + 1):  # (sorted after the tapped payments, by their discards)
        goal = cost - discards
        if goal < discards:
            goal = discards
        if goal < plain_total:
            goal = plain_total
        if goal + discards != cost:
            continue
        split = _fill_and_split(plain_used[:], plain_total, goal, discards, range(n), sizes)
        if split is None:
            continue
        parts = []
        for i, t, d in split:
            parts.append((masks[i], t, d))
        out.append(parts)
    return out[:limit] if out else None


def _fill(used, total, goal, order, sizes) -> int:
    """The cards per kind index `used` (`total` of them, filled in place) filled up to `goal` from the kinds in
    `order` (a kind may come twice: its second visit takes nothing); how many it holds then (goal, or fewer
    if the kinds run out)."""
    for i in order:
        if total >= goal:
            break
        take = sizes[i] - used[i]
        if take > goal - total:
            take = goal - total
        if take > 0:
            used[i] += take
            total += take
    return total


def _fill_and_split(used, total, goal, discards, order, sizes) -> list | None:
    """`used` filled up to `goal` (_fill), then split: (kind index, tapped, discarded) for each kind used, in
    index order, the discards the cheapest of the cards used; None if the kinds cannot fill up to the goal (or
    hold the discards)."""
    if _fill(used, total, goal, order, sizes) != goal:
        return None
    split = []
    left = discards
    for i in range(len(used)):  # (the kinds are in weight order: the cheapest first)
        u = used[i]
        if u:
            d = u if u < left else left
            left -= d
            split.append((i, u - d, d))
    return None if left else split


def _cover(kinds, wanted, prefer) -> tuple | None:
    """(the order the kinds are taken in, cards per kind index, how many) once the needs are covered: a card of
    each wanted bit (or mask) not covered yet, from `prefer` first (an index, or a tuple of them), then the
    cheapest; None if they cannot be."""
    n = len(kinds)
    if prefer is None:
        order = list(range(n))
    else:
        first = list(prefer) if isinstance(prefer, tuple) else [prefer]
        order = first[:]
        for i in range(n):
            if i not in first:
                order.append(i)
    used = [0] * n
    have = total = 0
    for bit in wanted:
        if have & bit:
            continue
        for i in order:
            mask, size = kinds[i]
            if mask & bit and used[i] < size:
                used[i] += 1
                have |= mask
                total += 1
                break
        else:
            return None
    return order, used, total


def _covers(masks, wanted) -> bool:
    """The masks cover every wanted bit (or mask) and none of them could be left out."""
    def covered(ms):
        have = 0
        for m in ms:
            have |= m
        return all(have & bit for bit in wanted)

    return covered(masks) and not any(covered(masks[:j] + masks[j + 1 :]) for j in range(len(masks)))


def _minimal(parts, cost, need, anym) -> bool:
    """The cards (mask, tapped, discarded) pay the cost and none could be left out (a discard counts 2)."""
    value = 0
    for _, t, d in parts:
        value += t + 2 * d
    if value < cost:
        return False
    if value == cost:
        return True
    if any(d for _, _, d in parts):
        return False  # more than the cost: a discarded card could have been tapped instead
    for i, (_, t, d) in enumerate(parts):
        for drop, worth in ((t, 1),):
            if drop and value - worth >= cost:
                if t + d > 1:
                    return False
                have = 0
                for j, (mj, tj, dj) in enumerate(parts):
                    if j != i and tj + dj:
                        have |= mj
                if have & need == need and (not anym or have & anym):
                    return False
    return True


def payment_ids(by_mask: dict, split: list) -> tuple[list, list]:
    """The payment (tap ids, discard ids) of a plan's split ((mask, tapped, discarded) each) from the unused 倉庫
    cards by mask: the first cards of each mask discarded, the next ones tapped."""
    tap, discard = [], []
    for m, t, d in split:
        discard += by_mask[m][:d]
        tap += by_mask[m][d : d + t]
    return tap, discard


_APART = "tap: lists of different 倉庫 cards (tap and discard apart)"


class Costs:
    """The player's 倉庫 as a purse: what it can pay and the ways to pay."""

    def _unused(self, state, player) -> list[str]:
        cards = state["cards"]
        return [i for i in state["zones"][STORAGE[player]] if not cards[i]["tapped"]]

    def purse(self, state, player, cost=None, need=0, anym=0) -> tuple[int, int]:
        """How many unused 倉庫 cards the player has, and the attributes among them (a bit mask). With `cost`:
        the scan stops as soon as the cards so far pay it with the attributes `need` (all) and `anym` (one,
        if any) (can_pay's question: the count and the attributes only grow)."""
        cards = state["cards"]
        of = self._facts_of(state)
        count = have = 0
        for iid in state["zones"][STORAGE[player]]:
            if not cards[iid]["tapped"]:
                count += 1
                have |= of[iid]["mask"]
                if cost is not None and 2 * count >= cost and have & need == need and (not anym or have & anym):
                    break
        return count, have

    def can_pay(self, state, player, cost, needs=(), needs_any=(), purse=None) -> bool:
        """Whether the unused 倉庫 cards can pay `cost` (discarding all of them counts double) with a card of
        each attribute in `needs` and one of any in `needs_any`."""
        if cost <= 0 and not needs and not needs_any:
            return True
        need = mask_of(needs) if needs else 0
        anym = mask_of(needs_any) if needs_any else 0
        count, have = self.purse(state, player, cost, need, anym) if purse is None else purse
        if 2 * count < cost:
            return False
        return have & need == need and (not anym or bool(have & anym))

    def payments(self, state, player, cost, needs=(), needs_any=(), limit=LIMIT) -> list[tuple[list, list]]:
        """Distinct valid payments (tap ids, discard ids), up to interchangeable cards (same attributes): the
        sensible one first (tap only, fewest discards and cards, keeping cards of rare attributes), then the
        tap-only ones spending each kind of card first, then one for each number of discards."""
        _key, by_mask, plan = self.payment_plans(state, player, cost, needs, needs_any, limit)
        return [payment_ids(by_mask, split) for split in plan]

    def payment_plans(self, state, player, cost, needs=(), needs_any=(), limit=LIMIT) -> tuple[tuple, dict, list]:
        """What `payments` lists, before it names the cards: (the plan's key, a pure function of the cost and of
        the attributes of the unused 倉庫 cards; the unused 倉庫 cards by attribute mask, in 倉庫 order; the
        payments in `payments`' order, each a list of (mask, tapped, discarded)). payment_ids(by_mask, split)
        is the payment (tap ids, discard ids) `payments` lists for a split."""
        by_mask: dict = {}
        cards = state["cards"]
        of = self._facts_of(state)
        for iid in state["zones"][STORAGE[player]]:
            if not cards[iid]["tapped"]:
                m = of[iid]["mask"]
                ids = by_mask.get(m)
                if ids is None:
                    by_mask[m] = [iid]
                else:
                    ids.append(iid)
        kinds = []
        for m, ids in by_mask.items():
            n = len(ids)
            kinds.append((m, n if n <= cost else cost + 1))  # (more than cost+1 of a kind: same plans)
        kinds.sort()
        key = (cost, mask_of(needs) if needs else 0, mask_of(needs_any) if needs_any else 0, limit, tuple(kinds))
        plan = _PLANS.get(key)
        if plan is None:
            if len(_PLANS) > 20_000:
                _PLANS.clear()
            plan = _PLANS[key] = _plan(*key)
        return key, by_mask, plan

    def _check_payment(self, state, player, pending, action) -> tuple[list, list]:
        """Any payment the rule accepts, listed or not: different unused 倉庫 cards, tapped or discarded, that
        pay the cost (a discarded card counts as 2) with the attributes needed and no card more than needed."""
        tap, discard = action.get("tap", []), action.get("discard", [])
        # (two lists of ids, none twice in either nor in both: the ids of both once each)
        if not isinstance(tap, list) or not isinstance(discard, list):
            raise IllegalAction(_APART)
        used = tap + discard
        for i in used:
            if not isinstance(i, str):
                raise IllegalAction(_APART)
        if len(set(used)) != len(used):
            raise IllegalAction(_APART)
        cards = state["cards"]
        storage = state["zones"][STORAGE[player]]
        for i in used:
            if i not in storage or cards[i]["tapped"]:
                raise IllegalAction("tap: only your unused 倉庫 cards")
        cost, needs, needs_any = pending["cost"], pending.get("needs", []), pending.get("needs_any", [])
        of = self._facts_of(state)
        have = 0
        for i in used:
            have |= of[i]["mask"]
        value = len(tap) + 2 * len(discard)
        if value < cost:
            raise IllegalAction(f"tap: {cost} needed (a discarded card counts as 2)")
        need = mask_of(needs) if needs else 0
        anym = mask_of(needs_any) if needs_any else 0
        if have & need != need or anym and not have & anym:
            raise IllegalAction(f"tap: the cards used must include {'・'.join(needs) or '/'.join(needs_any)}")
        if value > cost:  # (exactly the cost is minimal: _minimal's first answer)
            parts = []
            for i in tap:
                parts.append((of[i]["mask"], 1, 0))
            for i in discard:
                parts.append((of[i]["mask"], 0, 1))
            if not _minimal(parts, cost, need, anym):
                raise IllegalAction("tap: more than the cost")
        return tap, discard

    def _pay(self, state, player, tap, discard) -> list[dict]:
        events = []
        for iid in tap:
            state["cards"][iid]["tapped"] = True
            events.append({"type": "tap", "card": iid, "tapped": True})
        for iid in discard:
            events.append(move(state, iid, DISCARD[player], face_up=True))
        return events

    def _request(self, state, player, cost, needs, what, needs_any=()) -> list[dict]:
        """Pay `cost` for `what` (a pending "pay"), or do it at once when it costs nothing (no card, no
        attribute: a cost of 0 that names attributes still uses a card of each, see _price)."""
        if cost <= 0 and not needs and not needs_any:
            return self._carry_out(state, what)
        state["pending"] = {"type": "pay", "player": player, "cost": cost, "needs": list(needs), "for": what}
        if needs_any:
            state["pending"]["needs_any"] = list(needs_any)
        return [{"type": "cost", "player": player, "cost": cost, "needs": list(needs)}]

    def _price(self, state, cost, needs) -> tuple[int, list]:
        """A summon or move cost and the attributes it needs: 「火のカードを含む倉庫のカードを一枚使用する」. Brought to
        0 by modifiers it still uses a card of each attribute (option zero_cost_attributes, the default);
        without the option it needs nothing."""
        cost = max(0, cost)
        if cost == 0 and not state["options"]["zero_cost_attributes"]:
            return 0, []
        return cost, list(needs)

    def summon_cost(self, state, iid, auras=None) -> tuple[int, list]:
        """(cost, attributes needed) of summoning, casting or deploying the card now."""
        d = self._def(state, iid)
        if d.get("cost") is None and self.card_type(state, iid) == CURSE:  # 不可視の水流: 裏向きで詠唱, no cost
            return 0, []
        return self._price(state, self.stat(state, iid, "cost", auras), self.attrs(state, iid))

    def _upkeep_needs(self, state, iid) -> tuple[list, list]:
        attrs = self.attrs(state, iid)
        mode = state["options"]["upkeep_attributes"]
        if mode == "all":
            return attrs, []
        if mode == "any" and attrs:
            return [], attrs
        return [], []

    def add_resource(self, state, player, amount) -> list[dict]:
        """A used 倉庫 card becomes unused, `amount` times."""
        events = []
        for iid in state["zones"][STORAGE[player]]:
            if amount <= 0:
                break
            if state["cards"][iid]["tapped"]:
                state["cards"][iid]["tapped"] = False
                events.append({"type": "tap", "card": iid, "tapped": False})
                amount -= 1
        return events
