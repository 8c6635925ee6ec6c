"""The 兵・呪術・土地 game's autopilot (original): a goldfish player that races soldiers into the enemy camp.

How the game is won against the goldfish: a soldier that enters an empty enemy camp square fights a phantom
0/0/0 and the goldfish takes damage equal to the soldier's power on its top 戦力 card; a card with more than
10 counters (the counter limit) leaves, and damage beyond that is lost, so each of the 5 cards needs hits
adding up to 11 or more (55 in all at the default options). The soldier then goes back to its camp; a hit
costs its move cost twice (camp → 戦場 → enemy camp), paid with 倉庫 cards that include its attributes, and a
soldier may move as often in a turn as its owner can pay. A soldier whose move costs are 0 (ギルビアの小隊長
with another soldier on the board makes the ソルジャー race move for free; ビナルクス仙山 does the same for the
ビナルクス soldiers) hits again and again for nothing: the game is won that turn.

Two measures, from the rules' own stats (auras, 特殊種別2, a land's effect on hand cards; a hand card is
weighed by putting it on the board for a moment, and back):
- a card's worth: the 倉庫 taps it needs per 戦力 card as an attacker: the hits a card needs (ceil(11 /
  power)) times the move costs of a hit, or for a 通常 effect that damages the enemy 戦力 (魔竜の焔's 火2 for
  2, 宵闇の影法師's 闇2 for 2) the uses times its cost; 0 for a soldier that moves for free;
- the board's damage in a turn: the 倉庫 cards spent hit by hit, each time on the hit (a soldier's from its
  camp, or a damaging effect) with the most damage per tap that the cards left can pay, a card of each of
  the hitter's attributes per move; damage beyond what the top 戦力 card takes is not counted.

1. Refresh: draw from 支援 (while it keeps at least one card: an empty 支援 loses), store a card in 倉庫
   (step 4), go on. Upkeep: paid (by tapping) when the board deals more damage in a turn with the card and
   the 倉庫 cards left after paying than without it and all of them; else the card goes.
2. Main phase, one action at a time, the first that applies:
   a. a free hit: a ready soldier (not summoned this turn) that moves without paying moves forward, the
      strongest first, again and again until the goldfish is beaten;
   b. a play (summon, cast, deploy; paid by tapping only) that makes a ready soldier move for free, the
      cheapest;
   c. a play that makes any soldier move for free (it wins next turn); then a piece of a free-move pair from
      the hand (step 4), the soldier first; then the play that adds most to the board's damage in a turn,
      when 3 turns of that gain outweigh the damage its cost takes from this turn. Only soldiers, and curses
      and lands with an aura, a rule or a damaging effect, are played. A soldier goes to a camp square with
      no soldier, in a column with none on the 戦場 if it can; a curse or land to the rightmost free square;
   d. a hit: of the ready soldiers whose way is clear of soldiers and the damaging 通常 effects, the one
      with the most damage per tap now (damage counted up to what the top 戦力 card still takes, so 10 damage
      is not spent on a card with 9 counters); a soldier in camp needs both of its moves payable; against
      the goldfish's last 戦力 card a discarded 倉庫 card (worth 2) may pay too;
   e. a ready soldier in camp steps to the 戦場 with what is left (the next hit then costs one move less),
      keeping 2 unused 倉庫 cards per paid draw while the hand has fewer than 2 cards worth storing;
   f. otherwise the main phase ends.
3. Supply: while 2 or more 倉庫 cards are unused (they would be wasted) and 支援 has more than 15 cards, it
   pays 2 to draw; then it stores a card (step 4) and ends the turn.
4. Storing: each hand card gets a worth: a piece of a free-move combo (a card that makes a soldier move for
   free alone, or with a soldier of the hand that does not do it alone, e.g. ギルビアの小隊長 and any other
   soldier, ビナルクス仙山 and ビナルクスの仙龍) 100 (a second copy 20); the cards that would make the board's
   worth better: 60 for the best, 30 the next, 15 the others; the rest 0. The card of least worth is stored
   (ties: the one with the attributes the board and the kept cards need and 倉庫 has fewest of, then the
   dearer), unless it is worth 50 or more and the hand has fewer than 4 cards.
5. Payments: of the payments the rules list, the one with the fewest discards that keeps the most unused
   倉庫 cards with an attribute of its soldiers or its damaging effects (ties: the rules' default, listed
   first).
6. 対抗 windows: it passes, except a response that only raises the power of its own soldier in a battle
   against the phantom, when that makes the hit take the top 戦力 card (岩肌の番兵's 地1). Targets: the enemy
   戦力 for damage that may hit it; enemy cards (else as few as allowed, its weakest) for harmful steps; its
   strongest soldiers for helpful ones.

No mulligan in this game. Key cards for the opening hand: soldiers of summon cost 3 or less (the ones a
player can summon on turn 1 or 2, with 1 and 3 倉庫 cards, attributes permitting). "My turn N": the
player's N-th turn (the game's turn counter counts the goldfish's turns too).
"""

from __future__ import annotations

from ...engine.autopilot import Autopilot as Base
from .. import get_game
from .play import BOARD, CONSTANT, CURSE, LAND, SOLDIER, OriginalRules, mask_of

RULES = OriginalRules()
INF = float("inf")
DECK_RESERVE = 15  # 支援 cards kept back from paid draws (an empty 支援 loses)
HORIZON = 3  # turns a new attacker is counted on when it costs this turn's damage
BIT_LIST = (1, 2, 4, 8, 16, 32)
POP = [bin(m).count("1") for m in range(64)]  # attributes in a mask
HAND, DECK, POWER, STORAGE = "p0.hand", "p0.deck", "p0.power", "p0.storage"


def _bits(mask: int) -> list[int]:
    return [b for b in BIT_LIST if mask & b]


def _take(masks: list[int], steps: list[tuple[int, int]], demand: int = 0) -> list[int] | None:
    """The unused 倉庫 cards (their attribute masks) left after paying these costs one after the other by
    tapping only, or None if they cannot: each (cost, needed attributes) takes a card of each needed
    attribute (the one with the fewest attributes), then any cards up to the cost (first those with no
    attribute in `demand`, then the fewest attributes)."""
    avail = sorted(masks, key=lambda m: (bool(m & demand), POP[m], m))
    for cost, need in steps:
        if cost <= 0:
            continue
        taken = 0
        have = 0
        for bit in _bits(need):
            if have & bit:
                continue
            pick = None
            for j, m in enumerate(avail):
                if m & bit and (pick is None or POP[m] < POP[avail[pick]]):
                    pick = j
            if pick is None:
                return None
            have |= avail.pop(pick)
            taken += 1
        while taken < cost:
            if not avail:
                return None
            avail.pop(0)
            taken += 1
    return avail


def _can_seq(masks: list[int], steps: list[tuple[int, int]]) -> bool:
    return _take(masks, steps) is not None


def _capacity(hitters: list[tuple[int, list]], masks: list[int], need: int, limit: int, demand: int = 0) -> float:
    """The damage a turn's 倉庫 cards deal with these hitters ((damage, costs of one hit)), one hit after
    another, the most useful damage per tap first; damage beyond what the top 戦力 card takes is not
    counted. INF when a hit costs nothing."""
    total = 0
    avail = list(masks)
    for _ in range(60):
        best = None
        for damage, steps in hitters:
            cost = sum(c for c, _ in steps)
            if cost == 0:
                return INF
            if cost > len(avail):
                continue
            rank = (min(damage, need) / cost, -cost)
            if best is not None and rank <= best[0]:
                continue
            left = _take(avail, steps, demand)
            if left is not None:
                best = (rank, damage, left)
        if best is None:
            return total
        _rank, damage, avail = best
        total += min(damage, need)
        need -= damage
        if need <= 0:
            need = limit
    return total


_DAMAGE: dict = {}


def _damaging(data: dict) -> list[tuple]:
    """(k, amount, cost, needs, sacrifice, {"mode": m} or {}) of a card's (its rules info) 通常 effects that
    damage the enemy 戦力: a damage step on the opponent, or on a chosen card or the enemy player."""
    out = []
    for k, _eff, (cost, needs, sac) in data["normal"]:
        if cost == "X":
            continue
        modes = data["modes"].get(k) or [None]
        best = (0, None)
        for mode in modes:
            amount = 0
            for step in data["script"].get(f"effect{k}", ()):
                if step.get("op") != "damage" or step.get("mode") and step["mode"] != mode:
                    continue
                value = 1 if step.get("amount") is None else step["amount"]
                if not step.get("target") and (step.get("who") or "opponent") == "opponent" or step.get("target") == "chosen" and step.get("or_player"):
                    amount += value
            if amount > best[0]:
                best = (amount, mode)
        if best[0] > 0:
            out.append((k, best[0], cost, tuple(needs), sac, {} if best[1] is None else {"mode": best[1]}))
    return out


class Autopilot(Base):
    slug = "original"
    plays = frozenset({"summon", "cast", "deploy"})

    @property
    def key_label(self):
        return get_game(self.slug).key_cards.en  # the game's declaration (GameDef.key_cards), as every consumer reads it

    def is_key(self, card):
        return get_game(self.slug).key_cards.picks(card)

    def opening_pool(self, state):
        # one shuffle of the 60: the top 5 to 戦力, then 5 dealt to the hand, the rest is 支援
        zones = state["zones"]
        return list(zones[HAND]) + list(zones[POWER]) + list(zones[DECK])

    def own_turn(self, state):
        first = 1 if state["options"].get("first", "player") == "player" else 0
        return (state["turn"] + first) // 2

    # -- the choice ----------------------------------------------------------------------------------------

    def choose(self, state):
        if state["result"] is not None:
            return None
        pending = state["pending"]
        if pending:
            if pending.get("player") != 0:
                return None
            kind = pending["type"]
            if kind == "pay":
                return self._payment(state, pending, allow_cancel=True)
            if kind == "upkeep":
                return self._upkeep(state, pending)
            if kind == "target":
                return self._target(state, pending)
            return None
        if state["priority"] is not None:
            return self._respond(state) if state["priority"] == 0 else None
        if state["stack"] or state["active"] != 0:
            return None
        phase, flags = state["phase"], state["flags"]
        zones = state["zones"]
        if phase == "refresh":
            if not flags["drew"] and not flags["stored"] and len(zones[DECK]) >= 2:
                return {"type": "draw_support"}
            if not flags["stored"] and zones[HAND]:
                pick = self._to_store(state)
                if pick is not None:
                    return {"type": "store", "card": pick}
            return {"type": "next_phase"}
        if phase == "main":
            return self._main(state) or {"type": "next_phase"}
        if phase == "supply":
            if not flags["stored"]:
                count = RULES._purse(state, 0)[0]
                if count >= 2 and len(zones[DECK]) > DECK_RESERVE:
                    return {"type": "draw_paid"}
                if zones[HAND]:
                    pick = self._to_store(state)
                    if pick is not None:
                        return {"type": "store", "card": pick}
            return {"type": "end_turn"}
        return None

    # -- what the board is worth --------------------------------------------------------------------------

    def _ctx(self, state) -> dict:
        cards = state["cards"]
        storage = state["zones"][STORAGE]
        unused = [RULES._i(state, i)["mask"] for i in storage if not cards[i]["tapped"]]
        smask = 0
        for i in storage:
            smask |= RULES._i(state, i)["mask"]
        every = [RULES._i(state, i)["mask"] for i in storage]
        return {"unused": unused, "all": every, "smask": smask, "limit": state["options"]["counter_limit"] + 1}

    def _damage_effects(self, state, iid) -> list[tuple]:
        """(k, amount, cost, needs mask, sacrifice, action, needs) of the card's 通常 effects that damage the
        enemy 戦力 (the mode that damages most, for an effect with modes)."""
        data = RULES._i(state, iid)
        hit = _DAMAGE.get(id(data))
        if hit is None or hit[0] is not data:
            if len(_DAMAGE) > 4096:
                _DAMAGE.clear()
            hit = _DAMAGE[id(data)] = (data, _damaging(data))
        return [(k, amount, cost, mask_of(needs), sac, {"type": "effect", "card": iid, "effect": k, **mode}, list(needs)) for k, amount, cost, needs, sac, mode in hit[1]]

    def _hit(self, state, s, auras, free) -> tuple[int, int, int]:
        """A soldier's (damage of a hit on an empty enemy camp square, move cost to the 戦場, to the enemy camp)."""
        power = RULES.stat(state, s, "power", auras)
        power += RULES._battle_bonus(state, s, {"a": s, "d": None})
        m12 = RULES._move_cost(state, s, [2, 0], auras, free)
        m23 = RULES._move_cost(state, s, [3, 0], auras, free)
        return power, m12, m23

    def _worth(self, state, iid, auras, free, ctx, mask=None) -> float:
        """Taps per 戦力 card of this card as an attacker (0: free hits; INF: none)."""
        limit = ctx["limit"]
        have = ctx["smask"] if mask is None else mask
        best = INF
        data = RULES._i(state, iid)
        if data["type"] == SOLDIER:
            power, m12, m23 = self._hit(state, iid, auras, free)
            if power > 0:
                if m12 == 0 and m23 == 0:
                    return 0.0
                if data["mask"] & have == data["mask"]:
                    best = -(-limit // power) * (m12 + m23)
        for _k, amount, cost, needs, sac, _a, _n in self._damage_effects(state, iid):
            if sac or needs & have != needs:
                continue
            best = min(best, -(-limit // amount) * max(cost, 0))
        return best

    def _free_soldiers(self, state, auras, free) -> list[str]:
        """Own soldiers on the board that hit for nothing."""
        out = []
        cards = state["cards"]
        for i in state["zones"][BOARD]:
            if cards[i]["owner"] == 0 and RULES._type(state, i) == SOLDIER:
                power, m12, m23 = self._hit(state, i, auras, free)
                if power > 0 and m12 == 0 and m23 == 0:
                    out.append(i)
        return out

    def _board_worth(self, state, auras, free, ctx, mask=None) -> float:
        cards = state["cards"]
        best = INF
        for i in state["zones"][BOARD]:
            if cards[i]["owner"] == 0 and RULES._type(state, i) in (SOLDIER, CURSE, LAND):
                best = min(best, self._worth(state, i, auras, free, ctx, mask))
        return best

    def _virtual(self, state, ids, fn):
        """fn(auras, free) with the hand cards `ids` put on the board for a moment (then exactly as before)."""
        cards = state["cards"]
        board = state["zones"][BOARD]
        saved = []
        try:
            for iid in ids:
                card = cards[iid]
                saved.append((iid, card["zone"], card.get("pos", None), "pos" in card, card.get("arrived"), "arrived" in card, card["face_up"]))
                card["zone"] = BOARD
                card["pos"] = [1, 0]
                card["arrived"] = state["turn"]
                card["face_up"] = True
                board.append(iid)
            return fn(RULES._auras(state), RULES._rule(state, "free_move_to_battlefield"))
        finally:
            for iid, zone, pos, had_pos, arrived, had_arrived, face_up in reversed(saved):
                card = cards[iid]
                board.pop()
                card["zone"] = zone
                card["face_up"] = face_up
                if had_pos:
                    card["pos"] = pos
                else:
                    card.pop("pos", None)
                if had_arrived:
                    card["arrived"] = arrived
                else:
                    card.pop("arrived", None)

    def _looks(self, state, ids, ctx, mask=None) -> tuple[bool, bool, float]:
        """With `ids` put on the board: (a soldier that may move now hits for free, any soldier does, the
        board's worth); the soldiers that hit for free already do not count."""
        base = set(self._free_soldiers(state, RULES._auras(state), RULES._rule(state, "free_move_to_battlefield")))

        def look(auras, free):
            freed = [s for s in self._free_soldiers(state, auras, free) if s not in base]
            now = any(not RULES._sick(state, s) for s in freed)
            return now, bool(freed), self._board_worth(state, auras, free, ctx, mask)

        return self._virtual(state, ids, look)

    # -- the main phase ------------------------------------------------------------------------------------

    def _main(self, state):
        cards = state["cards"]
        zones = state["zones"]
        auras = RULES._auras(state)
        free = RULES._rule(state, "free_move_to_battlefield")
        mine = [i for i in zones[BOARD] if cards[i]["owner"] == 0 and RULES._type(state, i) == SOLDIER]
        ready = [s for s in mine if not RULES._sick(state, s)]
        stats = {s: self._hit(state, s, auras, free) for s in ready}

        # a. free hits
        best = None
        for s in ready:
            power, m12, m23 = stats[s]
            if power <= 0:
                continue
            row, col = cards[s]["pos"]
            if row == 2 and m23 == 0 and self._clear(state, s, 3, col):
                rank = (1, power, s)
            elif row == 1 and m12 == 0 and m23 == 0 and self._clear(state, s, 2, col):
                rank = (0, power, s)
            else:
                continue
            if best is None or rank > best[0]:
                best = (rank, {"type": "move", "card": s, "pos": [row + 1, col]})
        if best is not None:
            return best[1]

        ctx = self._ctx(state)
        # b., c. plays
        play = self._play(state, auras, free, ctx)
        if play is not None:
            return play

        # d. the best hit
        power_zone = zones["p1.power"]
        if not power_zone:
            return None
        top = cards[power_zone[-1]]["counters"].get("damage", 0)
        need = max(1, ctx["limit"] - top)
        last = len(power_zone) == 1
        unused = ctx["unused"]
        budget = 2 * len(unused) if last else len(unused)
        options = []
        for s in ready:
            power, m12, m23 = stats[s]
            if power <= 0:
                continue
            row, col = cards[s]["pos"]
            need_mask = RULES._i(state, s)["mask"]
            if row == 2 and self._clear(state, s, 3, col):
                steps = [(m23, need_mask)]
            elif row == 1 and self._clear(state, s, 2, col) and self._clear(state, s, 3, col):
                steps = [(m12, need_mask), (m23, need_mask)]
            else:
                continue
            cost = sum(c for c, _ in steps)
            if cost > budget:
                continue
            if not _can_seq(unused, steps) and not (last and RULES.can_pay(state, 0, steps[0][0], RULES._attrs(state, s))):
                continue
            action = {"type": "move", "card": s, "pos": [row + 1, col]}
            options.append((min(power, need) / max(cost, 0.5), -cost, power, s, action))
        for i in zones[BOARD]:
            if cards[i]["owner"] != 0 or RULES._sick(state, i):
                continue
            for _k, amount, cost, needs, _sac, action, names in self._damage_effects(state, i):
                if cost > budget or not RULES.can_pay(state, 0, cost, names):
                    continue
                if not last and not _can_seq(unused, [(cost, needs)]):
                    continue
                options.append((min(amount, need) / max(cost, 0.5), -cost, amount, i, action))
        if options:
            options.sort(key=lambda o: (o[0], o[1], o[2], o[3]), reverse=True)
            return options[0][4]

        # e. a step to the 戦場 with what is left (but 2 a draw while the hand has fewer than 2 cards to store)
        steps = []
        reserve = 0
        if len(zones[DECK]) > DECK_RESERVE:
            values = self._values(state, ctx)
            reserve = 2 * max(0, 2 - sum(1 for v in values.values() if v < 50))
        for s in ready:
            power, m12, m23 = stats[s]
            row, col = cards[s]["pos"]
            if power <= 0 or row != 1 or not self._clear(state, s, 2, col):
                continue
            if (m12 == 0 or len(unused) - m12 >= reserve) and _can_seq(unused, [(m12, RULES._i(state, s)["mask"])]):
                steps.append((self._worth(state, s, auras, free, ctx), -power, s, col))
        if steps:
            steps.sort()
            _w, _p, s, col = steps[0]
            return {"type": "move", "card": s, "pos": [2, col]}
        return None

    def _clear(self, state, s, row, col) -> bool:
        """No soldier (and no own land when own lands fight) on the square the soldier would enter."""
        cards = state["cards"]
        for i in state["zones"][BOARD]:
            if i == s:
                continue
            pos = cards[i].get("pos")
            if not pos or pos[0] != row or pos[1] != col:
                continue
            kind = RULES._type(state, i)
            if kind == SOLDIER:
                return False
            if kind == LAND and cards[i]["owner"] == 0 and state["options"]["own_land_battle"]:
                return False
        return True

    def _play(self, state, auras, free, ctx):
        """The card to summon, cast or deploy now (steps b and c), or None."""
        cards = state["cards"]
        hand = state["zones"][HAND]
        if not hand:
            return None
        unused = ctx["unused"]
        pieces = self._pieces(state)
        base = cap_now = demand = need = None
        found = []
        seen = set()
        for iid in hand:
            data = RULES._i(state, iid)
            kind = data["type"]
            if kind not in (SOLDIER, CURSE, LAND):
                continue
            key = cards[iid]["def"]
            if key in seen:
                continue
            seen.add(key)
            cost, needs = RULES._summon_cost(state, iid, auras)
            if not _can_seq(unused, [(cost, mask_of(needs))]):
                continue
            if kind != SOLDIER and not (data["auras"] or data["rules"] or self._damage_effects(state, iid)):
                continue
            square = self._square(state, kind)
            if square is None:
                continue
            now, later, worth = self._looks(state, [iid], ctx)
            if now:
                rank = (0, cost, iid)
            elif later:
                rank = (1, cost, iid)
            elif iid in pieces:
                rank = (2, kind != SOLDIER, cost, iid)
            else:
                if base is None:
                    base, cap_now, demand, need = self._capacities(state, auras, free, ctx)
                future = self._virtual(state, [iid], lambda a, f, d=demand: _capacity(self._hitters(state, a, f), ctx["all"], ctx["limit"], ctx["limit"], d))
                if base == INF:
                    continue  # (a soldier hits for free from next turn on: nothing to add)
                gain = future - base
                if gain <= 0:
                    continue
                left = _take(unused, [(cost, mask_of(needs))], demand)
                loss = cap_now - _capacity(self._hitters(state, auras, free, True), left, need, ctx["limit"], demand)
                if gain * HORIZON <= loss:
                    continue
                rank = (3, loss - gain * HORIZON, cost, iid)
            verb = {SOLDIER: "summon", CURSE: "cast", LAND: "deploy"}[kind]
            found.append((rank, {"type": verb, "card": iid, "pos": square}))
        if not found:
            return None
        found.sort(key=lambda f: f[0])
        return found[0][1]

    def _hitters(self, state, auras, free, now=False) -> list[tuple[int, list]]:
        """(damage, costs) of each hit the board can make: a soldier's hit from its camp (now: only the
        soldiers that may move, from where they stand) and the damaging 通常 effects."""
        cards = state["cards"]
        out = []
        for i in state["zones"][BOARD]:
            if cards[i]["owner"] != 0 or now and RULES._sick(state, i):
                continue
            data = RULES._i(state, i)
            if data["type"] == SOLDIER:
                power, m12, m23 = self._hit(state, i, auras, free)
                if power > 0:
                    if now and cards[i]["pos"][0] == 2:
                        out.append((power, [(m23, data["mask"])]))
                    else:
                        out.append((power, [(m12, data["mask"]), (m23, data["mask"])]))
            for _k, amount, cost, needs, sac, _a, _n in self._damage_effects(state, i):
                if not sac:
                    out.append((amount, [(cost, needs)]))
        return out

    def _capacities(self, state, auras, free, ctx):
        """(the damage a turn of the whole 倉庫 deals with the board, the damage left this turn, the
        attributes the hits need, what the top 戦力 card still takes)."""
        cards = state["cards"]
        hitters = self._hitters(state, auras, free)
        demand = 0
        for _d, steps in hitters:
            for _c, m in steps:
                demand |= m
        limit = ctx["limit"]
        power = state["zones"]["p1.power"]
        need = max(1, limit - cards[power[-1]]["counters"].get("damage", 0)) if power else limit
        base = _capacity(hitters, ctx["all"], limit, limit, demand)
        now = _capacity(self._hitters(state, auras, free, True), ctx["unused"], need, limit, demand)
        return base, now, demand, need

    def _square(self, state, kind):
        """Where a card goes: a soldier to a camp square with no soldier (a column with none on the 戦場
        first); a curse or land to a free square (the rightmost)."""
        squares = RULES._summon_squares(state, 0, kind)
        if kind != SOLDIER:
            return squares[-1] if squares else None
        cards = state["cards"]
        taken: dict = {}
        for i in state["zones"][BOARD]:
            pos = cards[i].get("pos")
            if pos and RULES._type(state, i) == SOLDIER:
                taken.setdefault(pos[0], set()).add(pos[1])
            elif pos and RULES._type(state, i) == LAND and cards[i]["owner"] == 0 and state["options"]["own_land_battle"]:
                taken.setdefault(pos[0], set()).add(pos[1])
        open_squares = [sq for sq in squares if sq[1] not in taken.get(1, ())]
        if not open_squares:
            return None
        open_squares.sort(key=lambda sq: (sq[1] in taken.get(2, ()), sq[1]))
        return open_squares[0]

    # -- storing -------------------------------------------------------------------------------------------

    def _values(self, state, ctx) -> dict:
        """Each hand card's worth for keeping (step 4)."""
        cards = state["cards"]
        hand = state["zones"][HAND]
        auras = RULES._auras(state)
        free = RULES._rule(state, "free_move_to_battlefield")
        current = self._board_worth(state, auras, free, ctx)
        masks = {i: RULES._i(state, i)["mask"] for i in hand}
        everything = ctx["smask"]
        for m in masks.values():
            everything |= m
        values = {i: 0 for i in hand}
        pieces = self._pieces(state)
        piece_defs = {cards[i]["def"] for i in state["zones"][BOARD] if cards[i]["owner"] == 0}
        for i in pieces:
            d = cards[i]["def"]
            values[i] = 20 if d in piece_defs else 100
            piece_defs.add(d)
        better = []
        for i in hand:
            if i in pieces or RULES._i(state, i)["type"] not in (SOLDIER, CURSE, LAND):
                continue
            data = RULES._i(state, i)
            if data["type"] != SOLDIER and not (data["auras"] or data["rules"] or self._damage_effects(state, i)):
                continue
            _now, _later, worth = self._looks(state, [i], ctx, everything)
            if worth < current:
                better.append((worth, RULES._summon_cost(state, i, auras)[0], i))
        better.sort()
        seen = set()
        rank = 0
        for _w, _c, i in better:
            d = cards[i]["def"]
            if d in seen:
                values[i] = 15
                continue
            seen.add(d)
            values[i] = 60 if rank == 0 else 30 if rank == 1 else 15
            rank += 1
        return values

    def _pieces(self, state) -> list[str]:
        """The hand cards that make a soldier hit for free (one that does not yet), alone or with one soldier
        of the hand that does not do it alone (a card with an aura and a soldier it helps, e.g.
        ギルビアの小隊長 and any other soldier)."""
        hand = state["zones"][HAND]
        cards = state["cards"]
        base = set(self._free_soldiers(state, RULES._auras(state), RULES._rule(state, "free_move_to_battlefield")))

        def freed(auras, free):
            return any(s not in base for s in self._free_soldiers(state, auras, free))

        helped = any(cards[i]["owner"] == 0 and (RULES._i(state, i)["auras"] or RULES._i(state, i)["rules"]) for i in state["zones"][BOARD])
        alone: dict = {}

        def by_itself(x):
            if x not in alone:
                data = RULES._i(state, x)
                # (only a card with an aura or a rule, a soldier with a lasting 特殊種別2, or any soldier when the
                # board has an aura, can lower a move cost)
                relevant = data["auras"] or data["rules"] or data["self_auras"] or data["s2"] in CONSTANT or helped and data["type"] == SOLDIER
                alone[x] = bool(relevant) and self._virtual(state, [x], freed)
            return alone[x]

        pieces: list[str] = []
        soldiers = [i for i in hand if RULES._type(state, i) == SOLDIER]
        for a in hand:
            data = RULES._i(state, a)
            if data["type"] not in (SOLDIER, CURSE, LAND):
                continue
            if by_itself(a):
                pieces += [a] if a not in pieces else []
                continue
            if not data["auras"]:
                continue
            for s in soldiers:
                if s != a and not by_itself(s) and self._virtual(state, [a, s], freed):
                    pieces += [x for x in (a, s) if x not in pieces]
                    break
        return pieces

    def _to_store(self, state):
        cards = state["cards"]
        hand = state["zones"][HAND]
        ctx = self._ctx(state)
        values = self._values(state, ctx)
        wanted = 0
        for i in hand:
            if values[i] >= 50:
                wanted |= RULES._i(state, i)["mask"]
        for i in state["zones"][BOARD]:
            if cards[i]["owner"] == 0:
                wanted |= RULES._i(state, i)["mask"]
        counts = {b: 0 for b in BIT_LIST}
        for i in state["zones"][STORAGE]:
            m = RULES._i(state, i)["mask"]
            for b in BIT_LIST:
                if m & b:
                    counts[b] += 1

        def need(i):
            m = RULES._i(state, i)["mask"] & wanted
            return sum(1 / (1 + counts[b]) for b in _bits(m))

        order = sorted(hand, key=lambda i: (values[i], -need(i), -(state["defs"][cards[i]["def"]].get("cost") or 0), i))
        pick = order[0]
        if values[pick] >= 50 and len(hand) < 4:
            return None
        return pick

    # -- decisions asked for -------------------------------------------------------------------------------

    def _payment(self, state, pending, allow_cancel=False):
        pays = RULES.payments(state, 0, pending["cost"], pending.get("needs", ()), pending.get("needs_any", ()))
        if not pays:
            return {"type": "cancel"} if allow_cancel else {"type": "destroy"}
        cards = state["cards"]
        wanted = 0
        for i in state["zones"][BOARD]:
            if cards[i]["owner"] == 0:
                data = RULES._i(state, i)
                if data["type"] == SOLDIER:
                    wanted |= data["mask"]
                for _k, _a, _c, needs, _s, _act, _n in self._damage_effects(state, i):
                    wanted |= needs
        unused = [i for i in state["zones"][STORAGE] if not cards[i]["tapped"]]
        best = None
        for n, (tap, discard) in enumerate(pays):
            spent = set(tap) | set(discard)
            keep = sum(1 for i in unused if i not in spent and RULES._i(state, i)["mask"] & wanted)
            rank = (len(discard), -keep, n)
            if best is None or rank < best[0]:
                best = (rank, tap, discard)
        return {"type": "pay", "tap": best[1], "discard": best[2]}

    def _upkeep(self, state, pending):
        """Pay (by tapping) when the board with the card deals more damage in a turn with the 倉庫 cards left
        after paying than the board without it with all of them."""
        pay = self._payment(state, pending)
        if pay["type"] != "pay" or pay["discard"]:
            return {"type": "destroy"}
        ctx = self._ctx(state)
        spent = set(pay["tap"])
        limit = ctx["limit"]
        before = ctx["all"]
        after = [RULES._i(state, i)["mask"] for i in state["zones"][STORAGE] if i not in spent]
        auras = RULES._auras(state)
        free = RULES._rule(state, "free_move_to_battlefield")
        kept = _capacity(self._hitters(state, auras, free), after, limit, limit)
        gone = self._without(state, pending["card"], lambda a, f: _capacity(self._hitters(state, a, f), before, limit, limit))
        return pay if kept > gone else {"type": "destroy"}

    def _without(self, state, iid, fn):
        """fn(auras, free) with the card `iid` off the board for a moment (then exactly as before)."""
        board = state["zones"][BOARD]
        card = state["cards"][iid]
        at = board.index(iid)
        zone = card["zone"]
        board.pop(at)
        card["zone"] = "p0.discard"
        try:
            return fn(RULES._auras(state), RULES._rule(state, "free_move_to_battlefield"))
        finally:
            card["zone"] = zone
            board.insert(at, iid)

    def _target(self, state, pending):
        cards = state["cards"]
        if pending.get("players") and pending["op"] == "damage":
            return {"type": "target", "player": pending["players"][0]}
        cands = list(pending["candidates"])
        low, high = pending["min"], pending["max"]
        frame = state["flags"]["frame"]
        step = frame["steps"][frame["i"]] if frame else {}
        amount = step.get("amount") or 0
        # (a lower power hurts; a higher cost, move cost or upkeep too)
        lower = amount < 0 if (step.get("stat") or "power") == "power" else amount > 0
        harmful = pending["op"] in ("damage", "destroy") or pending["op"] == "stat" and lower

        def power(i):
            return RULES.stat(state, i, "power") if RULES._type(state, i) == SOLDIER else 0

        if harmful:
            cands.sort(key=lambda i: (cards[i]["owner"] == 0, power(i), i))
            enemy = [i for i in cands if cards[i]["owner"] != 0]
            n = max(low, min(high, len(enemy)))
        else:
            cands.sort(key=lambda i: (cards[i]["owner"] != 0, -power(i), i))
            own = [i for i in cands if cards[i]["owner"] == 0]
            n = max(low, min(high, len(own)))
        return {"type": "target", "cards": cands[:n]}

    def _respond(self, state):
        """Pass, or a response that only raises the power of the soldier in its own battle when that makes the
        hit take the top 戦力 card."""
        top = state["stack"][-1] if state["stack"] else None
        battle = state["flags"].get("battle")
        if top and top["kind"] == "battle_start" and battle and battle["d"] is None and battle["phantom"] == 1:
            attacker = battle["a"]
            cards = state["cards"]
            power_zone = state["zones"]["p1.power"]
            if power_zone and cards[attacker]["zone"] == BOARD and cards[attacker]["owner"] == 0:
                counters = cards[power_zone[-1]]["counters"].get("damage", 0)
                limit = state["options"]["counter_limit"]
                power = RULES.power(state, attacker)
                if counters + power <= limit:
                    for action in RULES._responses(state, 0):
                        gain = self._power_gain(state, action, attacker)
                        if gain and counters + power + gain > limit:
                            return action
        return {"type": "pass"}

    def _power_gain(self, state, action, attacker) -> int:
        """The power a response adds to the attacker, when all it does is that (else 0)."""
        steps = RULES._script(state, action["card"], f"effect{action['effect']}")
        if not steps:
            return 0
        gain = 0
        for step in steps:
            if step.get("mode") and step["mode"] != action.get("mode"):
                continue
            if step.get("op") != "stat" or (step.get("stat") or "power") != "power" or (step.get("amount") or 0) <= 0:
                return 0
            if step.get("target") == "this" and action["card"] == attacker or step.get("target") == "battled":
                gain += step["amount"]
            else:
                return 0
        return gain

