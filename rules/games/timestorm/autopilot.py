"""Time Storm's autopilot: a goldfish player that races for a win-condition card or for the deck-out.

The player wins when a win-condition card resolves with its condition met (the bundled 充電完了: 5 or more
batteries on your field; 無限の書庫: 10 or more cards in your hand), or when every goldfish has had to draw
from the empty shared deck. The goldfish only draw and pass, so nothing the player plays is ever answered,
and 時間停止 (counter) and 時間泥棒 (the goldfish discards) bring no win closer: they are never played, nor
cards without an automated effect (未来予知). Any card of the shared deck may be played by anyone, so the
player uses whichever win-condition card it draws (its own kind or a goldfish's). Cards are read by their
script: a win step (`win` with its if_zone / if_type / if_min condition), a draw, a battery made unused
(`resource`), a card back from the discard pile (`move` discard → hand); anything else is not played.

The plan: the battery plan (a battery every turn) while a win card counting batteries is in hand, or none
counting hand cards is in hand and one counting batteries may still come (in the deck or a goldfish's
hand); otherwise the hand plan (keep the hand big): a battery only while the field holds fewer than 3.

In the player's main phase with an empty stack, in this order (one card at a time, looked at again after
each resolution):
1. a win-condition card whose condition will hold when it resolves (the card itself has left the hand)
   and whose cost can be paid; if 一瞬の猶予-like free cards make up the cost, those first;
2. the turn's battery as the plan says (always when it completes a win condition in hand);
3. draw cards, the most cards per battery first (情報整理 before とっさの閃き), keeping the cost of a win
   card in hand that a battery still to be drawn this turn would complete; in the hand plan first a draw
   that starts a run of draws reaching the hand win this turn with its cost kept. A free resource card
   (一瞬の猶予) only to pay for one of these draws now (not in the hand plan: it costs a hand card);
4. a card back from the discard pile (時の巻き戻し) with batteries to spare, when the pile holds a win card
   or a card drawing 2, or a quick card drawing an odd number while the deck-out falls on the player and
   digging does not pay (see below); the choice: a win card, then that odd quick draw when it is needed,
   then the card drawing most;
5. pass (the main phase ends, the turn's draw, the end phase).
With a card on the stack (its own: the goldfish never play) it passes so that the card resolves.

The deck-out: drawing from the empty deck loses, and the shared deck runs out for everybody. The forced
draws are counted in turn order from where the game stands (no more extra draws) to see who must draw
from the empty deck first. A draw is made only if the deck holds enough for it and for the player's draw
still to come this turn, and if afterwards the deck-out falls on a goldfish, or it fell on the player
anyway, or, while the deck holds 2 cards per player still in plus 2 or more, digging pays: a win card in
hand, or 2 or more win cards where the player cannot see them (the deck and the goldfish's hands together).
Outside its own main phase (its end phase, the goldfish's turns; auto_pass "never" or "smart" alike) the
player plays quick actions only: a quick win card whose condition holds; quick draws that empty the deck
exactly just before a goldfish must draw from it; and in a goldfish's end phase (the last window before
the player's recharge makes its batteries unused anyway) quick draws with the batteries left, under the deck-out
rule above. A free resource card (一瞬の猶予) pays there too, for a win, for emptying the deck, or for a
draw that turns the deck-out onto the goldfish. Otherwise it passes.

The key cards of the opening hand are the win-condition cards (of any kind: the player may play them all).
Measured with the sample decks, an opening win card is what speeds the win up (充電完了 in the opening
6: mean win turn 3.7 against 5.3 without); the number of opening batteries matters much less.
own_turn: state["turn"] counts every player's turn; the player's own turns are those that fall to it in
the seating order from the first player (a goldfish that lost only leaves at the very end, when the deck
is empty, so the count holds whenever the game can still be won).
"""

from __future__ import annotations

from itertools import compress
from operator import itemgetter

from ...engine import effects
from ...engine.autopilot import Autopilot as Base
from ...engine.core import first_player
from .play import BATTERY, DECK, QUICK, same_data

_DEF = itemgetter("def")
_ROLE = itemgetter("role")
_TYPE = itemgetter("type")
HAND_PLAN_BATTERIES = 3  # the hand plan plays a battery only while the field holds fewer batteries


def _script(card: dict) -> list[dict]:
    return [s for s in (card.get("fields") or {}).get("script") or () if (s.get("when") or "played") == "played"]


def _mine(step: dict) -> bool:
    return (step.get("who") or "you") in ("you", "self")


def _profile(card: dict) -> dict:
    """What the card does for the player: its win step, cards drawn, batteries made unused, regrowth."""
    win = draw = resource = regrow = 0
    win_step = None
    other = False
    for s in _script(card):
        op = s["op"]
        amount = 1 if s.get("amount") is None else s["amount"]
        if op == "win" and _mine(s):
            win_step = win_step or s
            win = 1
        elif op == "draw" and _mine(s) and not s.get("if_zone"):
            draw += amount
        elif op == "resource" and _mine(s) and not s.get("if_zone"):
            resource += amount
        elif op == "move" and _mine(s) and s.get("from") == "discard" and s.get("to") == "hand":
            regrow += amount
        else:
            other = True
    return {"win": win_step if win else None, "draw": draw, "resource": resource, "regrow": regrow, "other": other}


class _Profiles:
    """Instance id -> the profile of its card, for one game (`of`; an instance's card never changes). Filled
    for every card when the game's first choice comes (one pass over a few dozen cards, cheaper than a miss
    per card), and a card added later (a token by hand) when the cards dict has grown (`fill`). A plain dict:
    a dict subclass's subscript is a Python-level call, several times slower.

    It also keeps the game's win-condition cards (`wins`) and those counting batteries (`battery_wins`),
    a few instances: where they lie is read from each card's zone, instead of scanning the deck and the
    goldfish's hands (dozens of cards) at every choice. Made again when a card is added."""

    def __init__(self, pilot, cards: dict, defs: dict, last: _Profiles | None):
        self.pilot, self.cards, self.defs = pilot, cards, defs
        keys = list(map(_DEF, cards.values()))
        if last is not None and len(last.by_key) == len(defs) and same_data(defs, last.defs):
            # the very same card data as the last game's (a simulation's next game): its profiles
            by_key = self.by_key = last.by_key
            if keys == last.keys and cards.keys() == last.of.keys():
                # and the same instances holding the same cards (the games of a simulation, copied from one
                # template): its profiles by instance and its win cards, shared, only read (a card added later
                # gives this game copies of its own: fill)
                self.keys, self.of, self._shared = keys, last.of, True
                self._known, self._wins, self._battery_wins = last._known, last._wins, last._battery_wins
                self._quick = last._quick
                self.roles, self.batteries = last.roles, last.batteries
                return
        else:
            by_key = self.by_key = {key: pilot._profile_of(key, data) for key, data in defs.items()}
        self.keys = keys  # the card keys by instance when `of` was made (None once a card was added)
        self.of = dict(zip(cards, map(by_key.__getitem__, keys), strict=True))  # (loops in C)
        self._shared = False
        self._known = -1  # len(cards) when wins / battery_wins were listed
        self._wins = self._battery_wins = None
        # (len(cards) when listed, the quick cards _respond asks for, the set of the win and draw ones): quick_cards
        self._quick: tuple = (-1, (), frozenset())
        self._facts()

    def _facts(self) -> None:
        """What _main reads of every card in the hand and on the field, by instance: its role, whether it is a battery."""
        of = self.of  # (in C: one pass over the profiles each)
        self.roles = dict(zip(of, map(_ROLE, of.values()), strict=True))
        self.batteries = frozenset(compress(of, map(BATTERY.__eq__, map(_TYPE, of.values()))))

    def fill(self) -> None:
        """The profiles of the cards made since (cards are never taken out of a game)."""
        if self._shared:  # (another game's too: a copy of this game's own first)
            self.of, self._shared = dict(self.of), False
        self.keys = None
        of = self.of
        for iid, card in self.cards.items():
            if iid not in of:
                key = card["def"]
                of[iid] = self.pilot._profile_of(key, self.defs[key])
        self._facts()

    def win_cards(self) -> tuple[list[str], list[str]]:
        """(the win-condition instances, those of them counting batteries), in the order of the cards."""
        cards, of = self.cards, self.of
        if self._known != len(cards):
            self._wins = [i for i in cards if of[i]["win"] is not None]
            self._battery_wins = [i for i in self._wins if of[i]["battery_win"]]
            self._known = len(cards)
        return self._wins, self._battery_wins

    def quick_cards(self) -> tuple:
        """(len(cards), the game's quick cards _respond may play as (instance, role): a win, a draw, or a free
        resource card ("free") that pays for them, in the order of the cards, and the set of the win and draw
        ones): a few instances, asked by their zone, instead of reading the whole hand at every choice; most
        choices find none of the win and draw ones in the hand (one set operation in C)."""
        found = []
        played = set()
        of = self.of
        for i in self.cards:
            prof = of[i]
            if prof["type"] == QUICK:
                role = prof["role"]
                if role == "win" or role == "draw":
                    found.append((i, role))
                    played.add(i)
                elif role == "resource" and prof["cost"] == 0:
                    found.append((i, "free"))
        self._quick = quick = (len(self.cards), tuple(found), frozenset(played))
        return quick


class Autopilot(Base):
    slug = "timestorm"
    plays = frozenset({"battery", "play"})

    def __init__(self, rules):
        super().__init__(rules)
        self._profiles: dict[str, tuple[dict, dict]] = {}  # def key -> (the def it was read from, profile)
        self._last: _Profiles | None = None  # the instance profiles of the game played last

    def opening_pool(self, state):
        zones = state["zones"]
        out = list(zones[DECK])
        for p in state["players"]:
            out += zones[f"p{p['id']}.hand"]
        return out

    def own_turn(self, state):
        n = len(state["players"])
        # turns before the player's first one (asked after every action: the usual "player" answered at once)
        # who won the じゃんけん: setup keeps it (public, in the view too); a game saved before it did named them
        first = state.get("first")
        if first is None:
            first = first_player(state["options"])
        offset = (-first) % n if first else 0
        turn = state["turn"]
        return (turn - offset + n - 1) // n if turn > offset else 0

    # -- reading the state ------------------------------------------------------------------------------

    def _p(self, state) -> dict:
        """Instance id -> its card's profile, with its "type" and "cost", for this game (the hot paths look it
        up once per call, then read it by plain dict lookups)."""
        cards = state["cards"]
        last = self._last
        if last is not None and last.cards is cards and last.defs is state["defs"]:
            of = last.of
            if len(of) != len(cards):  # (a token made by hand)
                last.fill()
                of = last.of  # (this game's own copy, where `of` was shared)
            return of
        self._last = found = _Profiles(self, cards, state["defs"], last)
        return found.of

    def _profiles_of(self, state) -> _Profiles:
        cards, last = state["cards"], self._last
        if last is not None and last.cards is cards and last.defs is state["defs"] and len(last.of) == len(cards):
            return last  # (this game's, as it stands: _p would change nothing)
        self._p(state)
        return self._last

    def _prof(self, state, iid) -> dict:
        return self._p(state)[iid]

    def _profile_of(self, key: str, card: dict) -> dict:
        got = self._profiles.get(key)
        if got is not None and got[0] is not card and got[0] == card:
            # each game of a simulation has its own copy of the same card data: an equal copy reads the same
            # (kept with this copy, so that the next ask is quick)
            got = self._profiles[key] = (card, got[1])
        if got is None or got[0] is not card:
            prof = _profile(card)
            step = prof["win"]
            kind = card.get("card_type")
            prof.update(
                type=kind,
                cost=card.get("cost") or 0,
                # a win step that counts batteries (the battery plan)
                battery_win=step is not None and step.get("if_zone") == "field" and step.get("if_type") in (None, BATTERY),
                # what the main phase plays it as (_main's groups), in its order of asking; None: not played
                role="battery" if kind == BATTERY else "win" if step is not None else None if prof["other"]
                else "draw" if prof["draw"] else "resource" if prof["resource"] else "regrow" if prof["regrow"] else None,
            )
            got = self._profiles[key] = (card, prof)
        return got[1]

    @staticmethod
    def _def(state, iid) -> dict:
        return state["defs"][state["cards"][iid]["def"]]

    def _cost(self, state, iid) -> int:
        return self._p(state)[iid]["cost"]

    def _holds(self, state, iid, step, field_plus=0, P=None) -> bool:
        """The win step's condition as it will stand when the card (now in hand) resolves."""
        kind = step.get("if_zone")
        if not kind:
            return True
        # effects.zone_of(state, 0, kind) for this game: the shared deck, else the player's own zone of that
        # kind (a kind the game has no zone for counts no cards)
        ids = state["zones"].get(DECK if kind == "deck" else f"p0.{kind}", ())
        wanted = step.get("if_type")
        if wanted:
            if P is None:  # (the caller's profiles by instance, else this game's)
                P = self._p(state)
            n = 0
            for i in ids:
                if i != iid and P[i]["type"] == wanted:
                    n += 1
        else:
            n = len(ids) - (iid in ids)
        extra = field_plus if kind == "field" and wanted in (None, BATTERY) else 0
        return n + extra >= (step.get("if_min") or 0)

    def _deckout_win(self, state, deck: int, after_active_draw: bool) -> bool:
        """With `deck` cards left and no more extra draws, is a goldfish (all of them) the one decked?"""
        players = state["players"]
        n = len(players)
        p = state["active"]
        if after_active_draw:
            p = (p + 1) % n
        for q in players:
            if q["lost"]:
                break
        else:
            # Everyone still in (the usual case, asked several times a choice): the loop below worked out. The
            # players draw in turn from p, so the one facing the empty deck first is `deck % n` seats after p,
            # and the others go out after it in seat order until the player is reached: the goldfish are all
            # out first exactly when the player sits just before the first one out.
            return (p + deck % n - 1) % n == 0
        alive = [not q["lost"] for q in players]
        for _ in range(deck + 4 * n + 4):
            if alive[p]:
                if deck == 0:
                    if p == 0:
                        return False
                    alive[p] = False
                    if sum(alive) == 1:
                        return True
                else:
                    deck -= 1
            p = (p + 1) % n
        return False

    def _draw_ok(self, state, iid: str, own_main: bool, P=None) -> bool:
        """Drawing with the card now is safe: the deck holds enough for it (and for the player's draw still
        to come this turn), and the deck-out (counted without more extra draws) falls on the goldfish, or,
        while the deck is not short, digging pays more than keeping that order. (`P`: the caller's profiles.)"""
        if P is None:
            P = self._p(state)
        n = P[iid]["draw"]
        deck = len(state["zones"][DECK])
        after = deck - n
        if after < (1 if own_main else 0):
            return False
        later = state["phase"] != "main"
        if self._deckout_win(state, after, later) or not self._deckout_win(state, deck, later):
            return True  # the deck-out falls on a goldfish, or it fell on the player anyway
        alive = 0
        for p in state["players"]:
            if not p["lost"]:
                alive += 1
        if after < 2 * alive + 2:
            return False
        return self._digging(state)

    def _digging(self, state) -> bool:
        """Digging pays (a draw may break the deck-out's order) while a win card is in hand or 2 or more
        are somewhere the player cannot see (the deck or a goldfish's hand)."""
        wins = self._profiles_of(state).win_cards()[0]
        cards = state["cards"]
        hidden = 0
        mine = False
        for i in wins:  # (by each win card's zone: the deck, a goldfish's hand "p1.hand"…, the player's hand)
            where = cards[i]["zone"]
            if where == "p0.hand":
                mine = True
            elif where == DECK or where.endswith(".hand"):  # (every other hand is a goldfish's)
                hidden += 1
        return hidden >= 2 or mine

    # -- choosing --------------------------------------------------------------------------------------------

    def choose(self, state):
        pending = state.get("pending")
        if pending:
            if pending["type"] != "choose":
                return None
            return self._choose_card(state)
        if state["priority"] != 0:
            return None
        if state["stack"]:
            return {"type": "pass"}  # (what _respond answers over a card: its own, the goldfish never play)
        if state["active"] == 0 and state["phase"] == "main":
            return self._main(state)
        # _respond's usual answer without the call, where this game's profiles and quick cards stand as they were
        # listed: no quick win or draw card in the hand, a pass
        cards, last = state["cards"], self._last
        if last is not None and last.cards is cards and last.defs is state["defs"] and len(last.of) == len(cards):
            quick = last._quick
            if quick[0] == len(cards) and quick[2].isdisjoint(state["zones"]["p0.hand"]):
                return {"type": "pass"}
        return self._respond(state)

    def _choose_card(self, state):
        P = self._p(state)
        options = effects.choose_actions(state)
        if len(options) == 1:
            return options[0]

        fix = self._needs_fix(state)

        def rank(action):
            iid = action["card"]
            prof = P[iid]
            return (-(prof["win"] is not None), -(fix and self._fixer(state, iid)), -prof["draw"], -prof["resource"], P[iid]["cost"], iid)

        return min(options, key=rank)

    def _main(self, state):
        zones, cards = state["zones"], state["cards"]
        last = self._last  # (self._profiles_of(state) without the call where it stands as _p left it)
        if last is None or last.cards is not cards or last.defs is not state["defs"] or len(last.of) != len(cards):
            last = self._profiles_of(state)
        P, roles, bats = last.of, last.roles, last.batteries
        hand = zones["p0.hand"]
        batteries = u = 0  # the batteries on the field, the unused ones
        for i in zones["p0.field"]:
            if i in bats:
                batteries += 1
                if not cards[i]["tapped"]:
                    u += 1
        used = batteries - u
        can_battery = not state["flags"]["battery"]
        hand_batteries, wins, draws, resources, regrows = [], [], [], [], []
        groups = {"battery": hand_batteries, "win": wins, "draw": draws, "resource": resources, "regrow": regrows}
        for i in hand:
            role = roles[i]
            if role is not None:
                groups[role].append(i)
        free = 0
        for i in resources:
            prof = P[i]
            if prof["cost"] == 0:
                free += prof["resource"]

        # 1. a win now (or the free batteries that pay for it)
        if len(wins) > 1:
            wins.sort(key=lambda x: (P[x]["cost"], x))
        for i in wins:
            if self._holds(state, i, P[i]["win"], P=P):
                cost = P[i]["cost"]
                if cost <= u:
                    return {"type": "play", "card": i}
                if cost <= u + min(free, used):
                    return {"type": "play", "card": self._free_resource(state, resources)}
        if wins:
            battery_wins, hand_wins = [], []
            for i in wins:
                (battery_wins if P[i]["battery_win"] else hand_wins).append(i)
        else:
            battery_wins = hand_wins = wins

        # 2. the battery that completes a win, or the turn's battery as the plan says
        # the hand plan: no battery win in hand, and a hand win in hand or no battery win that may still come (in
        # the deck or a goldfish's hand: each battery win card asked where it lies)
        if battery_wins:
            hand_plan = False
        else:
            hand_plan = True
            if not hand_wins:
                if last._known != len(cards):
                    last.win_cards()
                for i in last._battery_wins:
                    where = cards[i]["zone"]
                    if where == DECK or (where != "p0.hand" and where.endswith(".hand")):  # a goldfish's hand
                        hand_plan = False
                        break
        if can_battery and hand_batteries:
            completes = False
            for i in battery_wins:
                if self._holds(state, i, P[i]["win"], field_plus=1, P=P):
                    completes = True
                    break
            if completes or not hand_plan or batteries < HAND_PLAN_BATTERIES:
                return {"type": "battery", "card": hand_batteries[0]}

        # 3. draws, keeping what a win this turn needs
        reserve = 0
        for i in battery_wins:
            if can_battery and self._holds(state, i, P[i]["win"], field_plus=1, P=P):
                reserve = max(reserve, P[i]["cost"])  # a drawn battery would complete it
        if hand_plan:
            reach = self._hand_reach(state, hand_wins, draws, u)
            if reach is not None:
                return {"type": "play", "card": reach}
        if len(draws) > 1:
            draws.sort(key=lambda x: (-P[x]["draw"] / max(P[x]["cost"], 1), P[x]["cost"], x))
        for i in draws:
            cost = P[i]["cost"]
            if not self._draw_ok(state, i, own_main=True, P=P):
                continue
            if cost <= u - reserve:
                return {"type": "play", "card": i}
            if free and used and cost <= u - reserve + min(free, used) and not hand_plan:
                return {"type": "play", "card": self._free_resource(state, resources)}

        # 4. a card back from the discard pile with batteries to spare
        discard = zones["p0.discard"]
        if len(regrows) > 1:
            regrows.sort(key=lambda x: (P[x]["cost"], x))
        for i in regrows:
            if P[i]["cost"] <= u - reserve and self._worth_back(state, discard, P):
                return {"type": "play", "card": i}
        return {"type": "pass"}

    def _free_resource(self, state, resources):
        P = self._p(state)
        return min((i for i in resources if P[i]["cost"] == 0), key=lambda x: (-P[x]["resource"], x))

    def _hand_short(self, state, iid) -> int:
        P = self._p(state)
        step = P[iid]["win"]
        have = len(state["zones"]["p0.hand"]) - 1
        return (step.get("if_min") or 0) - have

    def _hand_reach(self, state, hand_wins, draws, u):
        """A draw card that starts a sequence of draws ending in a hand win this turn, if there is one."""
        P = self._p(state)
        for w in sorted(hand_wins, key=lambda x: (P[x]["cost"], x)):
            short = self._hand_short(state, w)
            budget = u - P[w]["cost"]
            if short <= 0 or budget <= 0:
                continue
            gain, spent, chosen = 0, 0, []
            for i in sorted(draws, key=lambda x: (-(P[x]["draw"] - 1), P[x]["cost"], x)):
                net = P[i]["draw"] - 1
                cost = P[i]["cost"]
                if net <= 0 or spent + cost > budget:
                    continue
                spent += cost
                gain += net
                chosen.append(i)
                if gain >= short:
                    break
            drawn = sum(P[i]["draw"] for i in chosen)
            if chosen and gain >= short and len(state["zones"][DECK]) > drawn:
                return chosen[0]
        return None

    def _worth_back(self, state, discard, P=None) -> bool:
        """The discard pile holds a card worth a regrowth: a win card, one that draws 2 or more, or a quick
        card that turns the deck-out onto the goldfish when it falls on the player and digging does not pay.
        (`P`: the caller's profiles.)"""
        if P is None:
            P = self._p(state)
        fix = None
        for i in discard:
            prof = P[i]
            if prof["win"] is not None or prof["draw"] >= 2:
                return True
            # self._fixer(state, i), inline (asked of every card in the pile; its win is None here)
            if prof["type"] == QUICK and not prof["other"] and prof["draw"] % 2 == 1:
                if fix is None:
                    fix = self._needs_fix(state)
                if fix:
                    return True
        return False

    def _fixer(self, state, iid) -> bool:
        """A quick card drawing an odd number of cards: it turns the deck-out over."""
        P = self._p(state)
        prof = P[iid]
        quick = P[iid]["type"] == QUICK
        return quick and not prof["other"] and prof["win"] is None and prof["draw"] % 2 == 1

    def _needs_fix(self, state) -> bool:
        """The deck-out falls on the player as things stand, and digging for a win card does not pay."""
        deck = len(state["zones"][DECK])
        return not self._deckout_win(state, deck, state["phase"] != "main") and not self._digging(state)

    def _respond(self, state):
        """Holding priority outside the player's own main phase with an empty stack (or over a card)."""
        if state["stack"]:
            return {"type": "pass"}
        cards = state["cards"]
        last = self._last  # (self._profiles_of(state) without the call where it stands as _p left it)
        if last is None or last.cards is not cards or last.defs is not state["defs"] or len(last.of) != len(cards):
            last = self._profiles_of(state)
        P = last.of
        # the quick cards worth playing, win cards and draws (most choices hold neither: a pass at once), and
        # the free resource cards (一瞬の猶予) that may pay for them: the game's few such cards that lie in the
        # hand (an instance's zone is the zone holding it; every use below sorts them, so their order is not read)
        quick = last._quick
        if quick[0] != len(cards):
            quick = last.quick_cards()
        if quick[2].isdisjoint(state["zones"]["p0.hand"]):
            return {"type": "pass"}  # (no quick win or draw card in the hand: what the loop below would find)
        wins, draws, free = [], [], []
        for i, role in quick[1]:
            if cards[i]["zone"] == "p0.hand":
                if role == "draw":
                    draws.append(i)
                elif role == "free":
                    free.append(i)
                else:
                    wins.append(i)
        if not wins and not draws:
            return {"type": "pass"}
        batteries = unused = 0
        for i in state["zones"]["p0.field"]:
            if P[i]["type"] == BATTERY:
                batteries += 1
                if not cards[i]["tapped"]:
                    unused += 1
        if len(free) > 1:
            free.sort(key=lambda x: (-P[x]["resource"], x))
        mana = unused
        if free:
            made = 0
            for i in free:
                made += P[i]["resource"]
            mana += min(made, batteries - unused)

        def pay(iid):  # the card if the unused batteries pay for it, else a free resource card first
            return {"type": "play", "card": iid if P[iid]["cost"] <= unused else free[0]}

        if len(wins) > 1:
            wins.sort(key=lambda x: (P[x]["cost"], x))
        for i in wins:
            prof = P[i]
            if prof["cost"] <= mana and self._holds(state, i, prof["win"]):
                return pay(i)
        if not draws:
            return {"type": "pass"}
        deck = len(state["zones"][DECK])
        # quick draws that empty the deck just before a goldfish must draw: a win
        if 0 < deck and self._deckout_win(state, 0, after_active_draw=state["phase"] != "main"):
            best = self._exact(state, draws, deck, mana)
            if best is not None:
                return pay(best)
        # the goldfish's end phase: the last window before the player's recharge, spend what is unused
        if state["active"] != 0 and state["phase"] == "end":
            for i in sorted(draws, key=lambda x: (-P[x]["draw"], P[x]["cost"], x)):
                if P[i]["cost"] <= mana and self._draw_ok(state, i, own_main=False, P=P):
                    if P[i]["cost"] > unused and not self._needs_fix_after(state, i):
                        continue  # a free resource card is spent only to set the deck-out right
                    return pay(i)
        return {"type": "pass"}

    def _needs_fix_after(self, state, iid) -> bool:
        """Drawing with the card turns the deck-out from the player onto a goldfish."""
        P = self._p(state)
        deck = len(state["zones"][DECK])
        later = state["phase"] != "main"
        return not self._deckout_win(state, deck, later) and self._deckout_win(state, deck - P[iid]["draw"], later)

    def _exact(self, state, draws, target, mana):
        """The first quick draw of a set that `mana` pays for, drawing exactly `target` cards, if any."""
        P = self._p(state)
        options = sorted(draws, key=lambda x: (-P[x]["draw"], P[x]["cost"], x))
        best = None

        def search(k, left, mana, picked):
            nonlocal best
            if best is not None:
                return
            if left == 0:
                best = picked[0]
                return
            for j in range(k, len(options)):
                i = options[j]
                n, c = P[i]["draw"], P[i]["cost"]
                if n <= left and c <= mana:
                    search(j + 1, left - n, mana - c, picked + [i])

        search(0, target, mana, [])
        return best
