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
from ...engine.core import legal_actions
from .costs import payment_ids
from .play import BOARD, CURSE, LAND, SOLDIER, mask_of
from .stats import undisplayed
from .worth import (
    _BITS,
    _LOCAL,
    BIT_LIST,
    INF,
    Worth,
    _board_values,
    _can_seq,
    _capacity,
    _damages,
    _decision,
    _take,
    _taps,
)

DECK_RESERVE = 15  # 支援 cards kept back from paid draws (an empty 支援 loses)
HORIZON = 3  # turns a new attacker is counted on when it costs this turn's damage
HAND, DECK, POWER, STORAGE = "p0.hand", "p0.deck", "p0.power", "p0.storage"


_WANTED: dict = {}  # the board's card ids -> (the game's card facts, the attributes its own soldiers and damaging effects need)
_READY = ("ready hits",)  # (the key of the board soldiers' hits in the board's values: _main)
_OWN = ("own",)  # (the key of _own's lists in the board's values: _main)
_PICKS: dict = {}  # (a payment plan's key, the attributes wanted) -> the payment _payment picks (_pick)


def _can_one(unused: tuple, umask: int, cost: int, need: int) -> bool:
    """_can_seq(unused, [(cost, need)]) with the union of the unused cards' masks (ctx's "umask") known."""
    return cost <= 0 or len(unused) >= cost and umask & need == need


def _own(of, cards, board) -> tuple[list, list]:
    """(the own soldiers, the own cards with a damaging 通常 effect) of the board, in its order."""
    soldiers = []
    damagers = []
    for i in board:
        if cards[i]["owner"] == 0:
            data = of[i]
            if data["type"] == SOLDIER:
                soldiers.append(i)
            if _damages(data):
                damagers.append(i)
    return soldiers, damagers


def _pick(plan: list, wanted: int) -> int:
    """The payment (its index in the rules' list, each a list of (mask, tapped, discarded)) with the fewest
    discards that keeps the most unused 倉庫 cards with a `wanted` attribute (ties: the first listed). The cards
    it keeps are those the 倉庫 has less those it uses, so it is the one that uses the fewest."""
    best = None
    for n, split in enumerate(plan):
        discards = used = 0
        for m, t, d in split:
            discards += d
            if m & wanted:
                used += t + d
        if best is not None and discards > best[0]:
            break  # (the rules list the payments by their discards, fewest first: none after this is better)
        rank = (discards, used, n)
        if best is None or rank < best:
            best = rank
    return best[2]


class Autopilot(Worth, Base):
    slug = "original"
    plays = frozenset({"summon", "cast", "deploy"})
    writes_game = True  # (choose drops the display stats of the game it chooses for: stats.undisplayed)

    def opening_pool(self, state):
        # one shuffle of the 60: the top 5 to 戦力, then 5 dealt to the hand, the rest is 支援
        zones = state["zones"]
        return list(zones[HAND]) + list(zones[POWER]) + list(zones[DECK])

    def own_turn(self, state):
        first = 1 if state["options"].get("first", "player") == "player" else 0
        return (state["turn"] + first) // 2

    # -- the choice ----------------------------------------------------------------------------------------

    def choose(self, state):
        if _LOCAL.d is not None:  # (within a decision already)
            return self._choose(state)
        undisplayed(state)  # (no display stats for a game the autopilot plays: stats.py)
        return self._choose(state)

    def _decided(self, state, fn, *args):
        """fn(state, *args) within a decision (worth.py: what it works out more than once), made for the steps
        that weigh cards (the main phase, storing, an upkeep) alone: a payment, a target, a 対抗 window and the
        phase steps that read no more than a flag keep nothing from one read to the next."""
        if _LOCAL.d is not None:  # (within a decision already)
            return fn(state, *args)
        _LOCAL.d = _decision(state, self.rules.card_facts(state))
        try:
            return fn(state, *args)
        finally:
            _LOCAL.d = None

    def _choose(self, state):
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
                return self._decided(state, self._upkeep, pending)
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
                pick = self._decided(state, self._to_store)
                if pick is not None:
                    return {"type": "store", "card": pick}
            return {"type": "next_phase"}
        if phase == "main":
            return self._decided(state, self._main) or {"type": "next_phase"}
        if phase == "supply":
            if not flags["stored"]:
                # (two unused 倉庫 cards at least: 2 * count >= 4, told as soon as two are found)
                if len(zones[DECK]) > DECK_RESERVE and self.rules.can_pay(state, 0, 4):
                    return {"type": "draw_paid"}
                if zones[HAND]:
                    pick = self._decided(state, self._to_store)
                    if pick is not None:
                        return {"type": "store", "card": pick}
            return {"type": "end_turn"}
        return None

    # -- the main phase ------------------------------------------------------------------------------------

    def _main(self, state):
        _board_values()
        d = _LOCAL.d
        of = self.rules.card_facts(state) if d is None else d.of
        cards = state["cards"]
        zones = state["zones"]
        auras, free = self._auras_free(state)
        ready = []  # (own soldiers on the board that may move, and their hits: one plain loop)
        # (a board soldier's hit reads the steps in force and `free`, its own card and where it is: all held by
        # the board's key, so the hits are kept with the board's values, _board_key, for the next decision)
        # (the own soldiers and the own cards with a damaging effect, in board order, read the board's cards and
        # whose they are: kept with the board's values too)
        d = self._kept(auras, free)
        stats = own = None
        if d is not None and not d.cfg:
            stats = d.data.get(_READY)
            if stats is None:
                stats = d.data[_READY] = {}
            own = d.data.get(_OWN)
            if own is None:
                own = d.data[_OWN] = _own(of, cards, zones[BOARD])
        if stats is None:
            stats = {}
            own = _own(of, cards, zones[BOARD])
        soldiers, damagers = own
        for s in soldiers:
            if not self.rules.sick(state, s):
                ready.append(s)
                if s not in stats:
                    stats[s] = self._hit(state, s, auras, free)
        blocked = self._blocked(state, of) if ready else set()  # (the squares a soldier may not enter)

        # a. free hits (none when no card of the game ever hits for free, worth._no_free: a move to the enemy camp
        # then always uses a card, m23 >= 1)
        best = None
        dec = _LOCAL.d
        for s in () if dec is not None and dec._game.store.nofree else ready:
            power, m12, m23 = stats[s]
            if power <= 0:
                continue
            row, col = cards[s]["pos"]
            if row == 2 and m23 == 0 and (3, col) not in blocked:
                rank = (1, power, s)
            elif row == 1 and m12 == 0 and m23 == 0 and (2, col) not in blocked:
                rank = (0, power, s)
            else:
                continue
            if best is None or rank > best[0]:
                best = (rank, {"type": "move", "card": s, "pos": [row + 1, col]})
        if best is not None:
            return best[1]

        ctx = self._ctx(state)
        # b., c. plays
        play = self._play(state, auras, free, ctx, of)
        if play is not None:
            return play

        # d. the best hit
        power_zone = zones["p1.power"]
        if not power_zone:
            return None
        top = cards[power_zone[-1]]["counters"].get("damage", 0)
        need = max(1, ctx["limit"] - top)
        last = len(power_zone) == 1
        unused, umask = ctx["unused"], ctx["umask"]
        budget = 2 * len(unused) if last else len(unused)
        options = []
        for s in ready:
            power, m12, m23 = stats[s]
            if power <= 0:
                continue
            row, col = cards[s]["pos"]
            need_mask = of[s]["mask"]
            if row == 2 and (3, col) not in blocked:
                steps = [(m23, need_mask)]
            elif row == 1 and (2, col) not in blocked and (3, col) not in blocked:
                steps = [(m12, need_mask), (m23, need_mask)]
            else:
                continue
            cost = steps[0][0] if len(steps) == 1 else steps[0][0] + steps[1][0]
            if cost > budget:
                continue
            if not _can_seq(unused, steps) and not (last and self.rules.can_pay(state, 0, steps[0][0], self.rules.attrs(state, s))):
                continue
            action = {"type": "move", "card": s, "pos": [row + 1, col]}
            options.append((min(power, need) / max(cost, 0.5), -cost, power, s, action))
        for i in damagers:
            if self.rules.sick(state, i):
                continue
            for _k, amount, cost, needs, _sac, action, names in self._damage_effects(state, i):
                if cost > budget or not self.rules.can_pay(state, 0, cost, names):
                    continue
                if not last and not _can_one(unused, umask, cost, needs):
                    continue
                options.append((min(amount, need) / max(cost, 0.5), -cost, amount, i, action))
        if options:
            options.sort(key=lambda o: (o[0], o[1], o[2], o[3]), reverse=True)
            return options[0][4]

        # e. a step to the 戦場 with what is left (but 2 a draw while the hand has fewer than 2 cards to store)
        steps = []
        reserve = None  # (the cards kept for draws: worked out when a step could leave fewer than 4)
        for s in ready:
            power, m12, m23 = stats[s]
            row, col = cards[s]["pos"]
            if power <= 0 or row != 1 or (2, col) in blocked:
                continue
            if m12 != 0 and len(unused) - m12 < 4:
                if reserve is None:
                    reserve = 0
                    if len(zones[DECK]) > DECK_RESERVE:
                        values = self._values(state, ctx)
                        reserve = 2 * max(0, 2 - sum(1 for v in values.values() if v < 50))
                if len(unused) - m12 < reserve:
                    continue
            if _can_one(unused, umask, m12, of[s]["mask"]):
                steps.append((self._worth(state, s, auras, free, ctx), -power, s, col))
        if steps:
            steps.sort()
            _w, _p, s, col = steps[0]
            return {"type": "move", "card": s, "pos": [2, col]}
        return None

    def _blocked(self, state, of=None) -> set:
        """The squares no soldier may enter (a soldier, or an own land when own lands fight, is there; a soldier
        is never on the square it would enter: a move is to another row)."""
        if of is None:
            of = self.rules.card_facts(state)
        cards = state["cards"]
        lands = state["options"]["own_land_battle"]
        out = set()
        for i in state["zones"][BOARD]:
            pos = cards[i].get("pos")
            if not pos:
                continue
            kind = of[i]["type"]
            if kind == SOLDIER or kind == LAND and lands and cards[i]["owner"] == 0:
                out.add((pos[0], pos[1]))
        return out

    def _play(self, state, auras, free, ctx, of=None):
        """The card to summon, cast or deploy now (steps b and c), or None. (`of`: the card facts, when known)"""
        if of is None:
            of = self.rules.card_facts(state)
        cards = state["cards"]
        hand = state["zones"][HAND]
        if not hand:
            return None
        unused, umask = ctx["unused"], ctx["umask"]
        pieces = None  # (worked out when first needed)
        base = cap_now = demand = need = run = None
        found = []
        # (the board's values, _board_key, when `auras` are its board's as it is: each card's cost as taps and
        # attributes, and _frees by the cards that arrived this turn, looked up here without the calls)
        d = self._kept_board(auras)
        kept = d.data if d is not None else None
        # (the hand cards that may be played, one of each card, with their costs: they read the hand and the
        # board's cards, so they are kept with the board's values by the hand)
        plays = kept.get(("plays", tuple(hand))) if kept is not None else None
        if plays is None:
            plays = []
            seen = set()
            for iid in hand:
                data = of[iid]
                kind = data["type"]
                if kind not in (SOLDIER, CURSE, LAND):
                    continue
                key = cards[iid]["def"]
                if key in seen:
                    continue
                seen.add(key)
                if kind != SOLDIER and not (data["auras"] or data["rules"] or _damages(data)):
                    continue  # (before its cost: the cheaper test)
                if kept is None:
                    cost, needs = self._summon_cost(state, iid, auras)
                    cost, needs = _taps(cost, needs), mask_of(needs)
                else:
                    taps = kept.get(("taps", iid))
                    if taps is None:
                        cost, needs = self._summon_cost(state, iid, auras)
                        taps = kept[("taps", iid)] = (_taps(cost, needs), mask_of(needs))
                    cost, needs = taps
                plays.append((iid, kind, cost, needs))
            if kept is not None:
                kept[("plays", tuple(hand))] = plays
        arrived = None
        for iid, kind, cost, needs in plays:
            if not _can_one(unused, umask, cost, needs):
                continue
            # (_looks without the board's worth: a play is not ranked by it)
            if kept is None:
                now, later = self._frees(state, [iid])
            else:
                if arrived is None:
                    turn = state["turn"]
                    arrived = []
                    for i in state["zones"][BOARD]:
                        if cards[i].get("arrived") == turn:
                            arrived.append(i)
                    arrived = tuple(arrived)
                key = ("frees", (iid,), arrived)  # (_frees' own key)
                frees = kept.get(key)
                if frees is None:
                    frees = kept[key] = self._frees_now(state, [iid])
                now, later = frees
            if now:
                rank = (0, cost, iid)
            elif later:
                rank = (1, cost, iid)
            elif iid in (pieces := self._pieces(state) if pieces is None else pieces):
                rank = (2, kind != SOLDIER, cost, iid)
            else:
                if base is None:
                    base, demand, need, run = self._capacities(state, auras, free, ctx)
                if base == INF:
                    continue  # (a soldier hits for free from next turn on: nothing to add)
                gain = self._future(state, iid, auras, ctx, demand, run) - base
                if gain <= 0:
                    continue
                if cap_now is None:  # (the damage left this turn, worked out once a play would add some)
                    cap_now = self._capacity_left(state, auras, free, unused, need, ctx, demand)
                left = _take(unused, [(cost, needs)], demand)
                loss = cap_now - self._capacity_left(state, auras, free, left, need, ctx, demand)
                if gain * HORIZON <= loss:
                    continue
                rank = (3, loss - gain * HORIZON, cost, iid)
            found.append((rank, kind, iid))
        if not found:
            return None
        # (where each kind goes, asked for the best plays alone: a card with nowhere to go is not played, and
        # the others keep their order)
        found.sort(key=lambda f: f[0])
        squares: dict = {}  # kind -> where it goes (_square)
        for _rank, kind, iid in found:
            if kind not in squares:
                squares[kind] = self._square(state, kind)
            square = squares[kind]
            if square is not None:
                verb = {SOLDIER: "summon", CURSE: "cast", LAND: "deploy"}[kind]
                return {"type": verb, "card": iid, "pos": square}
        return None

    def _square(self, state, kind):
        """Where a card goes: a soldier to a camp square with no soldier (a column with none on the 戦場
        first); a curse or land to a free square (the rightmost)."""
        of = self.rules.card_facts(state)
        squares = self.rules.summon_squares(state, 0, kind)
        if kind != SOLDIER:
            return squares[-1] if squares else None
        cards = state["cards"]
        taken: dict = {}
        for i in state["zones"][BOARD]:
            pos = cards[i].get("pos")
            if pos and of[i]["type"] == SOLDIER:
                taken.setdefault(pos[0], set()).add(pos[1])
            elif pos and of[i]["type"] == LAND and cards[i]["owner"] == 0 and state["options"]["own_land_battle"]:
                taken.setdefault(pos[0], set()).add(pos[1])
        open_squares = [sq for sq in squares if sq[1] not in taken.get(1, ())]
        if not open_squares:
            return None
        open_squares.sort(key=lambda sq: (sq[1] in taken.get(2, ()), sq[1]))
        return open_squares[0]

    # -- storing ---------------------------------------------------------------------------------------------

    def _to_store(self, state):
        _board_values()
        d = _LOCAL.d
        of = self.rules.card_facts(state) if d is None else d.of
        cards = state["cards"]
        hand = state["zones"][HAND]
        ctx = self._ctx(state, False)  # (the whole 倉庫: no unused cards read)
        values = self._values(state, ctx)
        wanted = 0
        for i in hand:
            if values[i] >= 50:
                wanted |= of[i]["mask"]
        for i in state["zones"][BOARD]:
            if cards[i]["owner"] == 0:
                wanted |= of[i]["mask"]
        # (the least worth, then the most needed attributes, then the dearest: a plain loop, the same sums; only
        # the cards of the least worth can be the pick, and only the attributes wanted are counted)
        low = None
        for i in hand:
            v = values[i]
            if low is None or v < low:
                low = v
        counts = None
        defs = state["defs"]
        best = None
        for i in hand:
            if values[i] != low:
                continue
            need = 0
            bits = _BITS[of[i]["mask"] & wanted]
            if bits:
                if counts is None:
                    counts = dict.fromkeys(BIT_LIST, 0)
                    for m in ctx["all"]:  # (the 倉庫 cards' masks, in 倉庫 order)
                        for b in _BITS[m & wanted]:
                            counts[b] += 1
                for b in bits:
                    need += 1 / (1 + counts[b])
            rank = (low, -need, -(defs[cards[i]["def"]].get("cost") or 0), i)
            if best is None or rank < best:
                best = rank
        pick = best[3]
        if values[pick] >= 50 and len(hand) < 4:
            return None
        return pick

    # -- decisions asked for -------------------------------------------------------------------------------

    def _payment(self, state, pending, allow_cancel=False):
        of = self.rules.card_facts(state)
        # (the payments the legal actions list, the rules' default first, as the attribute masks they use: the
        # choice reads no more of them, so it is kept by the plan's key and the attributes wanted)
        key, by_mask, plan = self.rules.payment_plans(state, pending.get("player", 0), pending["cost"], pending["needs"], pending.get("needs_any", ()))
        if not plan:
            return {"type": "cancel"} if allow_cancel else {"type": "destroy"}
        board = tuple(state["zones"][BOARD])
        kept = _WANTED.get(board)  # (it reads the board's cards alone: whose they are and their facts)
        if kept is not None and kept[0] is of:
            wanted = kept[1]
        else:
            cards = state["cards"]
            wanted = 0
            for i in board:
                if cards[i]["owner"] == 0:
                    data = of[i]
                    if data["type"] == SOLDIER:
                        wanted |= data["mask"]
                    for _k, _a, _c, needs, _s, _m, _n in _damages(data):
                        wanted |= needs
            if len(_WANTED) > 4096:
                _WANTED.clear()
            _WANTED[board] = (of, wanted)
        pick = _PICKS.get((key, wanted))
        if pick is None:
            if len(_PICKS) > 20_000:
                _PICKS.clear()
            pick = _PICKS[(key, wanted)] = _pick(plan, wanted)
        tap, discard = payment_ids(by_mask, plan[pick])
        return {"type": "pay", "tap": tap, "discard": discard}

    def _upkeep(self, state, pending):
        """Pay (by tapping) when the board with the card deals more damage in a turn with the 倉庫 cards left
        after paying than the board without it with all of them."""
        _board_values()
        of = self.rules.card_facts(state)
        pay = self._payment(state, pending)
        if pay["type"] != "pay" or pay["discard"]:
            return {"type": "destroy"}
        ctx = self._ctx(state, False)  # (the whole 倉庫: no unused cards read)
        spent = set(pay["tap"])
        limit = ctx["limit"]
        before = ctx["all"]
        after = [of[i]["mask"] for i in state["zones"][STORAGE] if i not in spent]
        auras, free = self._auras_free(state)
        kept = _capacity(self._hitters(state, auras, free), after, limit, limit)
        gone = self._without(state, pending["card"], lambda a, f: _capacity(self._hitters(state, a, f), before, limit, limit))
        return pay if kept > gone else {"type": "destroy"}

    def _target(self, state, pending):
        of = self.rules.card_facts(state)
        cards = state["cards"]
        if pending.get("players") and pending["op"] == "damage":
            return {"type": "target", "player": pending["players"][0]}
        cands = list(pending["candidates"])
        low, high = pending["min"], pending["max"]
        step = self.rules.pending_step(state) or {}
        amount = step.get("amount") or 0
        # (a lower power hurts; a higher cost, move cost or upkeep too)
        lower = amount < 0 if (step.get("stat") or "power") == "power" else amount > 0
        harmful = pending["op"] in ("damage", "destroy") or pending["op"] == "stat" and lower

        def power(i):
            return self.rules.stat(state, i, "power") if of[i]["type"] == SOLDIER else 0

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
                power = self.rules.power(state, attacker)
                if counters + power <= limit:
                    for action in legal_actions(state):
                        if action["type"] != "effect":
                            continue
                        gain = self._power_gain(state, action, attacker)
                        if gain and counters + power + gain > limit:
                            return action
        return {"type": "pass"}

    def _power_gain(self, state, action, attacker) -> int:
        """The power a response adds to the attacker, when all it does is that (else 0)."""
        steps = self.rules.script(state, action["card"], f"effect{action['effect']}")
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
