"""What the original autopilot reckons with (autopilot.py says how it plays): the 倉庫 cards a run of costs
leaves, the damage a turn's 倉庫 cards deal with the board's hits, a card's worth as an attacker and the
board's, the hand cards worth keeping, and cards put on or taken off the board for a moment to see what
they would change. It reads the rules through their declared read helpers (self.rules)."""

from __future__ import annotations

import threading

from .play import BOARD, CONSTANT, CURSE, LAND, SOLDIER, mask_of

INF = float("inf")
BIT_LIST = (1, 2, 4, 8, 16, 32)
POP = [bin(m).count("1") for m in range(64)]  # attributes in a mask
HAND, STORAGE = "p0.hand", "p0.storage"


_ORDER: dict = {}  # demand -> the sort key of each attribute mask (_take)


_BITS = [tuple(b for b in BIT_LIST if m & b) for m in range(64)]  # attribute mask -> its bits


def _bits(mask: int) -> tuple[int, ...]:
    return _BITS[mask]


def _take(masks: list[int], steps: list[tuple[int, int]], demand: int = 0) -> list[int] | None:
    """The unused 倉庫 cards (their attribute masks) left after paying these costs one after the other by
    tapping only, or None if they cannot: each (cost, needed attributes) takes a card of each needed
    attribute (the one with the fewest attributes), then any cards up to the cost (first those with no
    attribute in `demand`, then the fewest attributes)."""
    return _take_sorted(sorted(masks, key=_order(demand)), steps)


def _order(demand: int):
    """The sort key of _take's attribute masks for this demand (a mask's sort key is the mask's own: masks
    that sort the same are equal, so any order of the same masks sorts into one list)."""
    keys = _ORDER.get(demand)
    if keys is None:
        keys = _ORDER[demand] = [(bool(m & demand), POP[m], m) for m in range(64)]
    return keys.__getitem__


def _take_sorted(avail: list[int], steps: list[tuple[int, int]]) -> list[int] | None:
    """_take of masks already in _take's order (`avail`, which it uses up): what is left stays in that order."""
    for cost, need in steps:
        if cost <= 0:
            continue
        have = 0
        for bit in _BITS[need]:
            if have & bit:
                continue
            if bit in avail:  # (the first of the fewest attributes: a card with this one alone, if any)
                pick = avail.index(bit)
            else:
                pick = -1
                low = 7
                for j, m in enumerate(avail):
                    if m & bit:
                        p = POP[m]
                        if p < low:  # (the first of the fewest attributes)
                            pick, low = j, p
                if pick < 0:
                    return None
            have |= avail.pop(pick)
            cost -= 1
        if cost > 0:
            if len(avail) < cost:
                return None
            del avail[:cost]
    return avail


def _taps(cost: int, needs) -> int:
    """A cost as the autopilot reckons it: a cost of 0 that names attributes uses their cards (one at least)."""
    return cost if cost > 0 or not needs else 1


_CAN_SEQ: dict = {}  # (_can_seq's arguments) -> its answer: a decision asks for the same 倉庫 and costs again and again


def _can_seq(masks: list[int], steps: list[tuple[int, int]]) -> bool:
    """Whether _take can pay these costs one after the other. One cost: when the cards have every needed
    attribute and are as many as the cost (a card taken for an attribute never takes away the last card of
    another needed one that it does not cover itself, and the cards taken by attribute are part of the cost)."""
    if len(steps) == 1:
        cost, need = steps[0]
        if cost <= 0:
            return True
        if len(masks) < cost:
            return False
        have = 0
        for m in masks:
            have |= m
        return have & need == need
    if len(steps) == 2:
        (c1, need), (c2, need2) = steps
        if need == need2 and POP[need] <= 1:
            return _can_two(masks, c1, need, c2)
    key = (tuple(masks), tuple(steps))
    out = _CAN_SEQ.get(key)
    if out is None:
        if len(_CAN_SEQ) > 100_000:
            _CAN_SEQ.clear()
        out = _CAN_SEQ[key] = _take(masks, steps) is not None
    return out


def _can_two(masks, c1: int, need: int, c2: int) -> bool:
    """_can_seq of two costs that need the same attribute, one or none (a soldier's two moves), worked out
    without _take: the first cost takes the first card with the attribute in _take's order, then the first
    c1 - 1 of the others, so it takes max(1, those with the attribute among the first c1) of them."""
    n = len(masks)
    if c1 <= 0:
        if c2 <= 0:
            return True
        if n < c2:
            return False
        if not need:
            return True
        for m in masks:
            if m & need:
                return True
        return False
    if n < c1 or c2 > 0 and n - c1 < c2:
        return False
    if not need:
        return True
    count = 0
    for m in masks:
        if m & need:
            count += 1
    if not count:
        return False
    if c2 <= 0 or count > c1:
        return True  # (at most c1 of them go with the first cost)
    taken = 0
    for m in sorted(masks, key=_order(0))[:c1]:
        if m & need:
            taken += 1
    return count - (taken or 1) >= 1


_CAPACITY: dict = {}  # (_capacity's arguments) -> its answer: the same few boards and 倉庫 come up again and again


def _capacity(hitters: list[tuple[int, list]], masks: list[int], need: int, limit: int, demand: int = 0) -> float:
    """The damage a turn's 倉庫 cards deal with these hitters ((damage, costs of one hit)), one hit after
    another, the most useful damage per tap first; damage beyond what the top 戦力 card takes is not
    counted. INF when a hit costs nothing. (The order of `masks` does not matter: _take sorts them.)"""
    key = (tuple([(damage, tuple(steps)) for damage, steps in hitters]), tuple(sorted(masks)), need, limit, demand)
    out = _CAPACITY.get(key)
    if out is None:
        if len(_CAPACITY) > 100_000:
            _CAPACITY.clear()
        out = _CAPACITY[key] = _capacity_now(hitters, masks, need, limit, demand)
    return out


_RUNS: dict = {}  # (_capacity's arguments) -> (its answer, its rounds): _capacity_run


def _capacity_run(hitters: list[tuple[int, list]], masks: list[int], need: int, limit: int, demand: int = 0) -> tuple:
    """(_capacity, the rounds of its run: (the cards left, the damage the top 戦力 card still takes, the rank
    of the hit taken: damage per tap and taps, or None, None when none could be paid) each), for _unchanged."""
    key = (tuple([(damage, tuple(steps)) for damage, steps in hitters]), tuple(sorted(masks)), need, limit, demand)
    out = _RUNS.get(key)
    if out is None:
        if len(_RUNS) > 20_000:
            _RUNS.clear()
        rounds: list = []
        out = _RUNS[key] = (_capacity_now(hitters, masks, need, limit, demand, rounds), rounds)
    return out


def _unchanged(rounds: list, more: list[tuple[int, list]]) -> bool:
    """Whether _capacity with the hits `more` listed after those of a run (_capacity_run's rounds; not INF)
    takes none of them, so that its run and its answer are that run's: in each round, none of them is paid
    with a better rank than the hit taken (ranks as _capacity_now: damage per tap, then the fewer taps; one
    listed later wins no tie), nor paid at all in the round where none was."""
    plans = []
    for damage, steps in more:
        cost = 0
        for c, _m in steps:
            cost += c
        if cost == 0:
            return False  # (_capacity is INF then)
        plans.append((damage, steps, cost))
    for avail, need, top, lowest in rounds:
        have = len(avail)
        for damage, steps, cost in plans:
            if cost > have:
                continue
            if top is not None:
                per = min(damage, need) / cost
                if per < top or per == top and cost >= lowest:
                    continue
            if _take_sorted(avail[:], steps) is not None:
                return False
    return True


def _capacity_now(hitters: list[tuple[int, list]], masks: list[int], need: int, limit: int, demand: int = 0,
                  rounds: list | None = None) -> float:
    """(`rounds`: a list, when given, gets the rounds of the run: _capacity_run)"""
    total = 0
    avail = sorted(masks, key=_order(demand))  # (in _take's order once: what each take leaves stays so)
    plans = []
    for damage, steps in hitters:
        cost = 0
        for c, _m in steps:
            cost += c
        if cost == 0:
            return INF
        plans.append((damage, steps, cost, tuple(steps)))
    for _ in range(60):
        best = None
        top = lowest = 0  # (the best's rank: damage per tap, then the fewest taps)
        have = len(avail)
        taken: dict = {}  # (the hitters with the same costs leave the same cards: each costs taken once a round)
        for damage, steps, cost, same in plans:
            if cost > have:
                continue
            per = min(damage, need) / cost
            if best is not None and (per < top or per == top and cost >= lowest):
                continue
            left = taken.get(same, taken)
            if left is taken:
                left = taken[same] = _take_sorted(avail[:], steps)
            if left is not None:
                best = (damage, left)
                top, lowest = per, cost
        if best is None:
            if rounds is not None:
                rounds.append((avail, need, None, None))
            return total
        if rounds is not None:
            rounds.append((avail, need, top, lowest))
        damage, avail = best
        total += min(damage, need)
        need -= damage
        if need <= 0:
            need = limit
    return total


_DAMAGE: dict = {}
FREE = "free_move_to_battlefield"


class _Decision:
    """What one decision (Autopilot.choose) works out more than once: a decision reads the same state (with
    cards put on or taken off the board for a moment) many times over, e.g. each soldier's hit for every hand
    card weighed. Values are kept per board configuration `cfg` (() = the state as it is; ("v", ids, now) =
    with `ids` put on the board by _virtual; ("w", iid) = without `iid`, _without). They are kept with the
    board (_board_key: the next decision on the same board, e.g. after a payment, finds them; what they read
    besides the board, the hand's cards and the attributes in 倉庫, is in their own keys), or for this
    decision alone while a chain, an effect or a battle is under way. Soldiers' hits are kept for the whole
    simulation (`sigs`, `hits`: _Store), by what they read."""

    __slots__ = ("cfg", "af", "sig", "sigs", "moved", "data", "hits", "mine", "rowless", "_game", "busy", "selfish", "of")

    def __init__(self, game: _Game, shared: bool = True, busy: bool = False, of=None):
        self._game = game
        self.of = game.of if of is None else of  # the card facts (rules.card_facts) of the decision's state
        self.busy = busy  # a chain, an effect or a battle is under way (a hit reads more: 頑健, a battle's bonus)
        self.selfish: dict = game.selfish  # card -> whether it has a continuous step of its own (_Store)
        self.rowless: bool = game.rowless[1]  # (_rowless: a hit does not read where its soldier stands)
        self.cfg: tuple = ()
        self.af: tuple | None = None  # (auras, free) of cfg once asked for
        self.sig: int = -1  # what of af a soldier's hit depends on (Worth._hit): the steps in force, `free`, numbered
        self.sigs: dict = game.sigs  # (the steps in force, `free`) -> its number (sig), for the simulation
        self.moved: dict = {}  # the cards cfg puts on ("v") or takes off ("w") the board
        self.hits: dict = game.hits
        self.mine: dict = {}  # what this decision alone keeps: what reads where the board's cards stand (_rowless)
        # (the board's values, _board_key: found by the steps that read them, _board_values, before they change
        # the board for a moment; a decision that reads none of them need not work the key out)
        self.data: dict | None = None if shared else {}


class _Game:
    """What the autopilot keeps for one game from one decision to the next (a new state object: a new game;
    the object is held, so its id cannot be another's), and what it shares with the other games of its
    simulation (_Store): each soldier's hit (Worth._hit) by what it reads, and a decision's values
    (_Decision.data) by what they read (_board_key)."""

    __slots__ = ("state", "of", "store", "sigs", "hits", "boards", "rowless", "selfish", "storage")

    def __init__(self, state, of):
        self.state = state
        self.of = of  # (the game's card facts)
        self.storage: dict = {}  # the 倉庫's cards -> (their masks, their union): Worth._ctx
        self.rowless: tuple = (-1, False)  # (the game's number of cards, _rowless for them)
        self.use(_Store())  # (_decision finds the game's own)

    def use(self, store: _Store) -> None:
        self.store = store
        self.selfish: dict = store.selfish
        self.sigs: dict = store.sigs
        self.hits: dict = store.hits
        self.boards: dict = store.boards  # _board_key -> the _Decision.data of the decisions made on that board


KEEP_HITS = 50_000  # soldiers' hits a store keeps at most (it starts anew with a game when it holds more)


class _Store:
    """What the games of one simulation share: each soldier's hit, the numbers of the steps in force (sig),
    whether a card has a continuous step of its own, and the decisions' values by their board (_Game).
    What these read of a game is in their keys but for what every game of one deck and options has alike:
    which card (and whose) each instance id is, the card data and the options (simulate.GameFactory gives
    every game of a simulation the same ids for the same cards, and the same card-data dicts and options).
    Those are the store's own (_store finds a game's store by them); it holds them, and the steps whose ids
    its keys hold, so that no other object can get one of those ids while it is kept."""

    __slots__ = ("options", "ids", "data", "held", "sigs", "hits", "boards", "selfish", "rowless", "nofree")

    def __init__(self, options=None, ids: tuple = (), data: list | None = None):
        self.options, self.ids, self.data = options, ids, data or []
        self.held: list = []  # (the steps in force of each sig)
        self.selfish: dict = {}
        self.sigs: dict = {}  # (the steps in force by id, `free`) -> its number (sig)
        self.hits: dict = {}
        self.boards: dict = {}
        self.rowless: bool | None = None  # (_rowless of its cards, once asked for)
        self.nofree: bool | None = None  # (_no_free of its cards, once asked for)


def _store(state) -> _Store:
    """The store for the game of `state`: this thread's last one when its game had the same instance ids for
    the same cards (whose), equal card data and equal options, and it is not too full; else a new one. (A
    game's own card data, the goldfish's stand-in 戦力 made at the setup, is an equal dict, not the same.)"""
    cards, defs, options = state["cards"], state["defs"], state["options"]
    ids = []
    data = []
    for iid, c in cards.items():
        key = c["def"]
        ids.append((iid, key, c["owner"]))
        data.append(defs[key])
    ids = tuple(ids)
    store = _LOCAL.store
    if store is not None and len(store.hits) <= KEEP_HITS and store.ids == ids and (store.options is options or store.options == options):
        for mine, theirs in zip(data, store.data, strict=True):  # (as many: the ids are the same)
            if mine is not theirs and mine != theirs:
                break
        else:
            return store
    store = _LOCAL.store = _Store(options, ids, data)
    return store


def _rowless(of, cards) -> bool:
    """No card of the game has a continuous stat step on others that reaches a row only (own camp,
    battlefield, enemy camp: stats._in_area, the one read of where a card stands in a stat): then no stat,
    rule in force or hit reads the squares of the board's cards, and neither do the values a decision
    keeps with its board (_Decision.data) but the hits the soldiers may make from where they stand
    (_hitters with now, kept for the decision alone)."""
    table = of.table  # (by the cards' defs, each once: an instance's facts are its def's, InstanceFacts)
    for key in {c["def"] for c in cards.values()}:
        for step in table[key]["auras"]:
            if step.get("area") not in (None, "board", "hand", "any"):
                return False
    return True


def _no_free(of, cards, options) -> bool:
    """No card of the game (whoever has it) can ever hit for free (_never_free): then _none_free holds of every
    board and hand cards of the game."""
    table = of.table  # (by the cards' defs, each once: an instance's facts are its def's, InstanceFacts)
    for key in {c["def"] for c in cards.values()}:
        if not _never_free(table[key], options):
            return False
    return True


KEEP_BOARDS = 512  # boards whose decision values a simulation keeps (a store: _Store)


def _board_key(state, of, squares: bool = True) -> tuple | None:
    """What a decision's values (_Decision.data: auras, hits, free soldiers, hitters, the board's worth, the
    hand cards put on the board) read of the state besides what their own keys hold (the hand's cards, the
    attributes in 倉庫): the board's cards (which, whose, where, face up, arrived this turn, bound,
    counters), and the hand cards' counters (a hand card is put on the board for a moment; a step may reach
    the hand). None while a chain, an effect or a battle is under way (頑健 and a battle's bonus read more):
    a decision then keeps its values for itself. Without `squares` (_rowless), where the cards stand is
    left out.

    Whether a card arrived this turn is read by two things alone: whether its continuous steps and rules are
    in force yet (stats: auras_rule, _in_force) and rules.sick. So it is in the key only for a card with a
    continuous step or rule; the one value kept with the board that asks rules.sick (_frees) has the board's
    cards that arrived this turn in its own key."""
    flags = state["flags"]
    if state["stack"] or flags.get("processing") or flags.get("battle"):
        return None
    cards = state["cards"]
    zones = state["zones"]
    turn = state["turn"]
    board = []
    for i in zones[BOARD]:
        c = cards[i]
        counters = c["counters"]
        data = of[i]
        arrived = c.get("arrived") == turn if data["auras"] or data["rules"] else None
        if squares:
            pos = c.get("pos")
            board.append((i, c["def"], c["owner"], pos[0] if pos else None, pos[1] if pos else None, c["face_up"],
                          arrived, c.get("bound"), tuple(counters.items()) if counters else ()))
        else:
            board.append((i, c["def"], c["owner"], c["face_up"], arrived, c.get("bound"),
                          tuple(counters.items()) if counters else ()))
    hand = []
    for i in zones[HAND]:
        counters = cards[i]["counters"]
        if counters:
            hand.append((i, tuple(counters.items())))
    return (tuple(board), tuple(hand))


class _Local(threading.local):
    d: _Decision | None = None  # the decision being made in this thread (none: nothing is kept)
    game: _Game | None = None  # the game this thread's autopilot plays
    store: _Store | None = None  # what the games of its simulation share


def _decision(state, of, shared: bool = True) -> _Decision:
    """A new decision on `state` (`of`: its card facts), with what is kept for its game (and, if `shared`,
    its board's values: _board_key, found by _board_values)."""
    game = _LOCAL.game
    if game is None or game.state is not state:
        game = _LOCAL.game = _Game(state, of)
    cards = state["cards"]
    if game.rowless[0] != len(cards):  # (a token made during the game is a card more)
        store = _store(state)  # (its ids name every card: a card more, another store)
        if store.rowless is None:  # (_rowless and _no_free read the cards' data and the options alone: the store's)
            store.rowless = _rowless(of, cards)
            store.nofree = _no_free(of, cards, state["options"])
        game.rowless = (len(cards), store.rowless)
        game.use(store)
    flags = state["flags"]
    return _Decision(game, shared, bool(state["stack"] or flags.get("processing") or flags.get("battle")), of)


def _board_values() -> None:
    """The decision's board values (_Decision.data), found on the board as it is: the steps of a decision
    that read them (the main phase, storing, an upkeep) ask for them first."""
    d = _LOCAL.d
    if d is not None and d.data is None:
        game = d._game
        key = _board_key(game.state, game.of, not d.rowless)
        data = {}
        if key is not None:
            data = game.boards.get(key)
            if data is None:
                if len(game.boards) >= KEEP_BOARDS:
                    game.boards.clear()
                data = game.boards[key] = {}
        d.data = data


_LOCAL = _Local()


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


def _damages(data: dict) -> list[tuple]:
    """(k, amount, cost, needs mask, sacrifice, {"mode": m} or {}, needs) of a card's (its rules info) 通常
    effects that damage the enemy 戦力, worked out once per card (see _damaging)."""
    hit = _DAMAGE.get(id(data))
    if hit is None or hit[0] is not data:
        if len(_DAMAGE) > 4096:
            _DAMAGE.clear()
        out = [(k, amount, cost, mask_of(needs), sac, mode, needs) for k, amount, cost, needs, sac, mode in _damaging(data)]
        hit = _DAMAGE[id(data)] = (data, out)
    return hit[1]


_REACH: dict = {}


def _reach(data: dict) -> int:
    """The attributes of a mask that a card's worth (Worth._worth) reads, worked out once per card (its rules
    info): its own (a soldier's) and those its damaging effects need. _worth reads `have` only as
    `mask & have` and `needs & have`, so a board's worth, and a hand card's with it, is the same for any two
    masks that agree on the reach of the board's own cards and that card."""
    hit = _REACH.get(id(data))
    if hit is None or hit[0] is not data:
        if len(_REACH) > 4096:
            _REACH.clear()
        out = data["mask"]
        for _k, _a, _c, needs, _s, _m, _n in _damages(data):
            out |= needs
        hit = _REACH[id(data)] = (data, out)
    return hit[1]


_REACHED = ("reach",)  # (the key of the board's own cards' reach, _reach, in the board's values: Worth._values)


def _board_reach(state, of, kept: dict) -> int:
    """The union of _reach of the own cards on the board, kept with the board's values (it reads which cards
    the board holds and whose: _board_key)."""
    out = kept.get(_REACHED)
    if out is None:
        cards = state["cards"]
        out = 0
        for i in state["zones"][BOARD]:
            if cards[i]["owner"] == 0:
                out |= _reach(of[i])
        kept[_REACHED] = out
    return out


_PLAIN: dict = {}


def _plain(data: dict) -> tuple[bool, bool]:
    """(the card has no continuous step of any kind: put on the board it changes no stat or rule of another
    card, nor its own; one of its continuous steps holds "while" something is on the board), worked out once
    per card (its rules info)."""
    hit = _PLAIN.get(id(data))
    if hit is None or hit[0] is not data:
        if len(_PLAIN) > 4096:
            _PLAIN.clear()
        steps = (*data["auras"], *data["rules"], *data["self_auras"])
        hit = _PLAIN[id(data)] = (data, (not steps, any(step.get("while") for step in steps)))
    return hit[1]


def _never_free(data: dict, options: dict) -> bool:
    """The card (its rules info) never hits for free (_hit: m12 = m23 = 0): it is not a soldier, or it is a
    soldier with an attribute while a summon or move brought to 0 still uses its attributes' cards (option
    zero_cost_attributes, the default: rules.move_price names them, costs._price), so its move to the enemy
    camp, which no rule makes free (free_move_to_battlefield reaches the 戦場 alone), uses a card at least
    (_taps). A card's type and attributes are its own (read_card) whatever is in force."""
    return data["type"] != SOLDIER or bool(data["attrs"]) and bool(options["zero_cost_attributes"])


def _none_free(state, of, ids=()) -> bool:
    """No own soldier on the board, nor any of the cards `ids` (put there), can ever hit for free (_never_free):
    then no board, as it is or with any of its own hand cards put on it, has a soldier that does."""
    zero = state["options"]["zero_cost_attributes"]
    cards = state["cards"]
    for i in state["zones"][BOARD]:  # (_never_free, inline: a soldier with no attribute, or any without zero)
        if cards[i]["owner"] == 0:
            data = of[i]
            if data["type"] == SOLDIER and not (data["attrs"] and zero):
                return False
    for i in ids:
        data = of[i]
        if data["type"] == SOLDIER and not (data["attrs"] and zero):
            return False
    return True


class Worth:
    """The autopilot's measures of cards and of the board."""

    # -- a card's worth and the board's --------------------------------------------------------------------------

    def _ctx(self, state, unused: bool = True) -> dict:
        """The 倉庫 as a decision reads it: the masks of its cards ("all", in 倉庫 order), of its unused ones
        ("unused", and their union "umask", left out when not asked for: storing and an upkeep read the whole
        倉庫 only), the union of all ("smask"), and the counters a 戦力 card takes ("limit")."""
        cards = state["cards"]
        storage = state["zones"][STORAGE]
        game = _LOCAL.game
        if game is None or game.state is not state:
            of = self.rules.card_facts(state)
            every, masks = [], []
            smask = umask = 0
            for i in storage:
                m = of[i]["mask"]
                every.append(m)
                smask |= m
                if not cards[i]["tapped"]:
                    masks.append(m)
                    umask |= m
            # (tuples: the keys of what is kept for them, _can_seq, _capacity, take them as they are)
            return {"unused": tuple(masks), "umask": umask, "all": tuple(every), "smask": smask, "limit": state["options"]["counter_limit"] + 1}
        # (the 倉庫's masks and their union by its cards, kept for the game: a card's mask is its own; what is
        # tapped is read each time, from the cards' own dicts, which a game keeps for its card ids)
        key = tuple(storage)
        kept = game.storage.get(key)
        if kept is None:
            of = game.of
            every = []
            pairs = []
            smask = 0
            for i in storage:
                m = of[i]["mask"]
                every.append(m)
                pairs.append((cards[i], m))
                smask |= m
            if len(game.storage) > 256:
                game.storage.clear()
            kept = game.storage[key] = (tuple(every), smask, pairs)
        every, smask, pairs = kept
        if not unused:
            return {"all": every, "smask": smask, "limit": state["options"]["counter_limit"] + 1}
        masks = tuple([m for c, m in pairs if not c["tapped"]])
        if len(masks) == len(every):
            umask = smask  # (none tapped)
        else:
            umask = 0
            for m in masks:
                umask |= m
        return {"unused": masks, "umask": umask, "all": every, "smask": smask, "limit": state["options"]["counter_limit"] + 1}

    def _damage_effects(self, state, iid) -> list[tuple]:
        """(k, amount, cost, needs mask, sacrifice, action, needs) of the card's 通常 effects that damage the
        enemy 戦力 (the mode that damages most, for an effect with modes)."""
        of = self.rules.card_facts(state)
        return [
            (k, amount, cost, mask, sac, {"type": "effect", "card": iid, "effect": k, **mode}, list(needs))
            for k, amount, cost, mask, sac, mode, needs in _damages(of[iid])
        ]

    # -- what a decision keeps (_Decision) -----------------------------------------------------------------

    def _auras_free(self, state) -> tuple:
        """(the continuous stat steps in force, the soldiers that move to the 戦場 for free) on the board now."""
        d = _LOCAL.d
        if d is None:
            return self.rules.auras_rule(state, FREE)
        if d.af is None and not d.cfg:
            d.af, d.sig = d.data.get(("af", ())) or (None, -1)
        if d.af is None:
            auras, free = self.rules.auras_rule(state, FREE)
            cards = state["cards"]  # (a "bound" step reaches the soldier its source is bound to)
            sig = (tuple([(src, id(step), cards[src].get("bound")) for src, step in auras]), tuple(free))
            n = d.sigs.get(sig)
            if n is None:
                n = d.sigs[sig] = len(d.sigs)
                d._game.store.held.append(auras)  # (the steps whose ids sig holds: kept alive with it)
            d.af, d.sig = d.data[("af", d.cfg)] = (auras, free), n
        return d.af

    @staticmethod
    def _kept(auras, free) -> _Decision | None:
        """The decision being made, when `auras` and `free` are those of its board now (so what is worked out
        from them can be kept for that board); else None."""
        d = _LOCAL.d
        if d is not None and d.af is not None and auras is d.af[0] and free is d.af[1]:
            return d
        return None

    def _configured(self, state, cfg, fn):
        """fn(auras, free) on the board changed as `cfg` says (the caller has changed it)."""
        d = _LOCAL.d
        if d is None:
            return fn(self.rules.auras(state), self.rules.rule(state, FREE))
        outer = d.cfg, d.af, d.sig, d.moved
        d.cfg = (*d.cfg, *cfg)
        d.moved = {**d.moved, **dict.fromkeys(cfg[1] if cfg[0] == "v" else cfg[1:], cfg[0])}
        d.af, d.sig = d.data.get(("af", d.cfg)) or (None, -1)
        try:
            return fn(*self._auras_free(state))
        finally:
            d.cfg, d.af, d.sig, d.moved = outer

    def _hit(self, state, s, auras, free) -> tuple[int, int, int]:
        """A soldier's (damage of a hit on an empty enemy camp square, 倉庫 cards to the 戦場, to the enemy camp):
        a move of cost 0 that still uses a card of each attribute counts 1 (its cards are taken by attribute)."""
        d = _LOCAL.d  # (_kept, inline: this is the autopilot's most frequent call)
        if d is None or d.af is None or auras is not d.af[0] or free is not d.af[1]:
            return self._hit_now(state, s, auras, free)
        # A hit reads the soldier's own card and the steps in force (and `free`), not the rest of the board,
        # so boards with the same steps in force share it (a card with a step of its own that holds "while"
        # something is on the board reads the board: kept per board). The soldier itself is where cfg puts it.
        # (d.sig: the steps in force and `free` as a small number, so the key is cheap to hash.)
        selfish = d.selfish.get(s)
        if selfish is None:
            selfish = d.selfish[s] = bool(self.rules.card_facts(state)[s]["self_auras"])
        if selfish:
            key = ("hit", d.cfg, s)
        else:
            if d.busy:  # (頑健, a battle's bonus)
                key = (d.sig, s, d.moved.get(s))
            else:
                # Kept for the simulation (_Store): besides the steps in force and `free` (d.sig, numbered, the
                # sources' binds included), a hit reads the soldier's own card, its counters and where it
                # is (zone, square: a step may reach a row or a hand only).
                card = state["cards"][s]
                counters = card["counters"]
                if d.rowless:  # (no step reaches a row only: where it stands is not read)
                    key = (d.sig, s, card["zone"], tuple(counters.items()) if counters else ())
                else:
                    pos = card.get("pos")
                    key = (d.sig, s, card["zone"], pos[0] if pos else None, pos[1] if pos else None, tuple(counters.items()) if counters else ())
                hit = d.hits.get(key)
                if hit is None:
                    hit = d.hits[key] = self._hit_now(state, s, auras, free)
                return hit
        hit = d.data.get(key)
        if hit is None:
            hit = d.data[key] = self._hit_now(state, s, auras, free)
        return hit

    def _hit_now(self, state, s, auras, free) -> tuple[int, int, int]:
        power = self.rules.stat(state, s, "power", auras)
        power += self.rules.battle_bonus(state, s, {"a": s, "d": None})
        m23 = _taps(*self.rules.move_price(state, s, [3, 0], auras, free))
        free = self.rules.rule(state, FREE) if free is None else free
        m12 = 0 if s in free else m23  # (a move costs the same anywhere but onto the 戦場 for free)
        return power, m12, m23

    def _worth(self, state, iid, auras, free, ctx, mask=None, of=None, hit=None) -> float:
        """Taps per 戦力 card of this card as an attacker (0: free hits; INF: none). (`of`: the card facts, when
        the caller has them; `hit`: a soldier's _hit, when known)"""
        if of is None:
            of = self.rules.card_facts(state)
        limit = ctx["limit"]
        have = ctx["smask"] if mask is None else mask
        best = INF
        data = of[iid]
        if data["type"] == SOLDIER:
            power, m12, m23 = self._hit(state, iid, auras, free) if hit is None else hit
            if power > 0:
                if m12 == 0 and m23 == 0:
                    return 0.0
                if data["mask"] & have == data["mask"]:
                    best = -(-limit // power) * (m12 + m23)
        for _k, amount, cost, needs, sac, _m, _n in _damages(data):
            if sac or needs & have != needs:
                continue
            best = min(best, -(-limit // amount) * max(cost, 0))
        return best

    def _free_soldiers(self, state, auras, free) -> list[str]:
        """Own soldiers on the board that hit for nothing."""
        d = self._kept(auras, free)
        if d is not None:
            key = ("free", d.cfg)
            out = d.data.get(key)
            if out is None:
                out = d.data[key] = self._free_soldiers_now(state, auras, free)
            return out
        return self._free_soldiers_now(state, auras, free)

    def _free_soldiers_now(self, state, auras, free) -> list[str]:
        out = []
        cards = state["cards"]
        of = self.rules.card_facts(state)
        options = state["options"]
        for i in state["zones"][BOARD]:
            if cards[i]["owner"] == 0 and not _never_free(of[i], options):  # (a soldier that may hit for free)
                power, m12, m23 = self._hit(state, i, auras, free)
                if power > 0 and m12 == 0 and m23 == 0:
                    out.append(i)
        return out

    def _board_worth(self, state, auras, free, ctx, mask=None) -> float:
        d = self._kept(auras, free)
        if d is not None:  # (ctx is the same throughout a decision)
            mask = ctx["smask"] if mask is None else mask
            # (on the board as it is, by the attributes its own cards' worths read: _reach)
            key = ("board", d.cfg, mask if d.cfg else mask & _board_reach(state, d.of, d.data))
            out = d.data.get(key)
            if out is None:
                out = d.data[key] = self._board_worth_now(state, auras, free, ctx, mask)
            return out
        return self._board_worth_now(state, auras, free, ctx, mask)

    def _board_worth_now(self, state, auras, free, ctx, mask=None) -> float:
        cards = state["cards"]
        best = INF
        of = self.rules.card_facts(state)
        for i in state["zones"][BOARD]:
            if cards[i]["owner"] == 0 and of[i]["type"] in (SOLDIER, CURSE, LAND):
                best = min(best, self._worth(state, i, auras, free, ctx, mask, of))
        return best

    def _unconditional(self, state) -> bool:
        """No card on the board has a continuous step that holds "while" something is on the board: a plain
        card (_plain) put there changes nothing in force, nor another card's stats (_alone)."""
        d = _LOCAL.d
        key = ("unconditional", d.cfg) if d is not None else None
        out = d.data.get(key) if d is not None else None
        if out is None:
            of = self.rules.card_facts(state)
            out = not any(_plain(of[i])[1] for i in state["zones"][BOARD])
            if d is not None:
                d.data[key] = out
        return out

    def _alone(self, state, iid) -> bool:
        """The hand card `iid` may be weighed on the board by itself: put there (_virtual), it would leave the
        steps in force, the rules in force and every other card's hit as they are (it has no continuous step,
        and no step on the board depends on what is there, or none that its arrival changes: _in_force_with),
        so that the board with it is the board now plus its own hit (_placed)."""
        d = _LOCAL.d
        if d is None or not _plain(d.of[iid])[0]:
            return False
        if self._unconditional(state):
            return True
        key = ("alone", d.cfg, iid)  # (it reads the board, which cfg and the board's key hold, and the card)
        out = d.data.get(key)
        if out is None:
            out = d.data[key] = self._in_force_with(state, iid)
        return out

    def _in_force_with(self, state, iid) -> bool:
        """Whether the steps in force and `free` (rules.auras_rule) are the same with the card `iid` put on the
        board as _virtual puts it, and no card of the board has a step of its own that holds "while" something
        is there (its own stats read the board): then what the card's arrival could change (a "while" step of
        another card) does not change. (A card with no continuous step adds none itself: _alone.)"""
        of = self.rules.card_facts(state)
        board = state["zones"][BOARD]
        for i in board:
            for step in of[i]["self_auras"]:
                if step.get("while"):
                    return False

        def read():
            board.append(iid)
            try:
                return self.rules.auras_rule(state, FREE)
            finally:
                board.pop()

        auras, free = self._placed(state, iid, read)
        now, free_now = self._auras_free(state)
        return auras == now and free == free_now

    def _placed(self, state, iid, fn):
        """fn() with the card `iid` where _virtual puts it (from the next turn on) but not in the board's list:
        what it reads of its own card is what _virtual's board shows, and the board's cards are read as they
        are now (for a card that is _alone, the same)."""
        card = state["cards"][iid]
        saved = (card["zone"], card.get("pos", None), "pos" in card, card.get("arrived"), "arrived" in card, card["face_up"])
        card["zone"] = BOARD
        card["pos"] = [1, 0]
        card["arrived"] = -1
        card["face_up"] = True
        try:
            return fn()
        finally:
            zone, pos, had_pos, arrived, had_arrived, face_up = saved
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

    def _placed_hit(self, state, iid, auras, free) -> tuple[int, int, int]:
        """_hit of the card `iid` where _placed puts it: the hit kept for the simulation is looked up by the key
        _hit would make there (zone BOARD, square [1, 0]) without putting it there; else through _placed."""
        d = _LOCAL.d
        if d is not None and not d.busy and d.af is not None and auras is d.af[0] and free is d.af[1] and d.selfish.get(iid) is False:
            counters = state["cards"][iid]["counters"]
            if d.rowless:
                key = (d.sig, iid, BOARD, tuple(counters.items()) if counters else ())
            else:
                key = (d.sig, iid, BOARD, 1, 0, tuple(counters.items()) if counters else ())
            hit = d.hits.get(key)
            if hit is not None:
                return hit
        return self._placed(state, iid, lambda: self._hit(state, iid, auras, free))

    def _freed_alone(self, state, iid, auras, free) -> bool:
        """Whether the card, put on the board by itself (_alone), is a soldier that hits for nothing there."""
        if _never_free(self.rules.card_facts(state)[iid], state["options"]):
            return False
        power, m12, m23 = self._placed_hit(state, iid, auras, free)
        return power > 0 and m12 == 0 and m23 == 0

    def _virtual(self, state, ids, fn, now=False):
        """fn(auras, free) with the hand cards `ids` put on the board for a moment (then exactly as before): as
        they will be from the next turn on, or (now) as they are this turn, just arrived."""
        cards = state["cards"]
        board = state["zones"][BOARD]
        saved = []
        try:
            for iid in ids:
                card = cards[iid]
                saved.append((iid, card["zone"], card.get("pos", None), "pos" in card, card.get("arrived"), "arrived" in card, card["face_up"]))
                card["zone"] = BOARD
                card["pos"] = [1, 0]
                card["arrived"] = state["turn"] if now else -1
                card["face_up"] = True
                board.append(iid)
            return self._configured(state, ("v", tuple(ids), now), fn)
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

    def _looks(self, state, ids, ctx, mask=None, worth=True) -> tuple[bool, bool, float]:
        """With `ids` put on the board: (a soldier that may move now hits for free this turn, any soldier does
        from the next turn on, the board's worth then; None without `worth`); the soldiers that hit for free
        already do not count. (Soldiers' and lands' 永続 effects start the turn after they arrive unless
        arrival_continuous.) The two and the worth are kept apart: a play asks for the first two, storing
        for the worth (with the attributes of 倉庫 and the hand)."""
        now, later = self._frees(state, ids)
        return now, later, self._worth_with(state, ids, ctx, mask) if worth else None

    def _frees(self, state, ids) -> tuple[bool, bool]:
        d = _LOCAL.d
        if d is not None and not d.cfg:  # (kept with the board's values: _board_key, and what rules.sick reads)
            turn = state["turn"]
            cards = state["cards"]
            arrived = []
            for i in state["zones"][BOARD]:
                if cards[i].get("arrived") == turn:
                    arrived.append(i)
            key = ("frees", tuple(ids), tuple(arrived))
            out = d.data.get(key)
            if out is None:
                out = d.data[key] = self._frees_now(state, ids)
            return out
        return self._frees_now(state, ids)

    def _frees_now(self, state, ids) -> tuple[bool, bool]:
        d = _LOCAL.d  # (_no_free: no card of the game can, kept for its store)
        if d is not None and d._game.store.nofree or _none_free(state, self.rules.card_facts(state), ids):
            return False, False  # (no soldier there can hit for free, with them or without)
        if len(ids) == 1 and self._alone(state, ids[0]):
            # (the board with it is the board now and its own hit: it hits for free from the next turn on or
            # not; it arrives this turn, so it does not move now)
            return False, self._freed_alone(state, ids[0], *self._auras_free(state))
        base = set(self._free_soldiers(state, *self._auras_free(state)))

        def freed(auras, free):
            return [s for s in self._free_soldiers(state, auras, free) if s not in base]

        def ready(soldiers):  # (the cards put there arrive this turn: they do not move)
            return [s for s in soldiers if s not in ids and not self.rules.sick(state, s)]

        later = self._virtual(state, ids, freed)
        now = bool(ready(later)) and (state["options"]["arrival_continuous"] or bool(ready(self._virtual(state, ids, freed, now=True))))
        return now, bool(later)

    def _worth_with(self, state, ids, ctx, mask=None) -> float:
        d = _LOCAL.d
        if d is not None and not d.cfg:  # (kept with the board's values: _board_key)
            # (by the attributes of the mask that the worth reads: _reach)
            reach = _board_reach(state, d.of, d.data)
            for i in ids:
                reach |= _reach(d.of[i])
            key = ("worth", tuple(ids), (ctx["smask"] if mask is None else mask) & reach)
            out = d.data.get(key)
            if out is None:
                out = d.data[key] = self._worth_with_now(state, ids, ctx, mask)
            return out
        return self._worth_with_now(state, ids, ctx, mask)

    def _worth_with_now(self, state, ids, ctx, mask=None) -> float:
        if len(ids) == 1 and self._alone(state, ids[0]):
            # (the board's worth is the better of the board's now and the card's own)
            iid = ids[0]
            auras, free = self._auras_free(state)
            value = self._board_worth(state, auras, free, ctx, mask)
            of = _LOCAL.d.of  # (_alone: within a decision)
            kind = of[iid]["type"]
            if kind == SOLDIER:
                value = min(value, self._worth(state, iid, auras, free, ctx, mask, of, self._placed_hit(state, iid, auras, free)))
            elif kind in (CURSE, LAND):  # (a curse's or land's worth reads its damaging effects alone: not placed)
                value = min(value, self._worth(state, iid, auras, free, ctx, mask, of))
            return value
        return self._virtual(state, ids, lambda auras, free: self._board_worth(state, auras, free, ctx, mask))

    def _hitters(self, state, auras, free, now=False) -> list[tuple[int, list]]:
        """(damage, costs) of each hit the board can make: a soldier's hit from its camp (now: only the
        soldiers that may move, from where they stand) and the damaging 通常 effects."""
        d = self._kept(auras, free)
        if d is not None:
            key = ("hitters", d.cfg, now)
            kept = d.mine if now else d.data  # (from where they stand: for this decision alone)
            out = kept.get(key)
            if out is None:
                out = kept[key] = self._hitters_now(state, auras, free, now)
            return out
        return self._hitters_now(state, auras, free, now)

    def _hitters_now(self, state, auras, free, now=False) -> list[tuple[int, list]]:
        cards = state["cards"]
        out = []
        of = self.rules.card_facts(state)
        for i in state["zones"][BOARD]:
            if cards[i]["owner"] != 0 or now and self.rules.sick(state, i):
                continue
            data = of[i]
            if data["type"] == SOLDIER:
                power, m12, m23 = self._hit(state, i, auras, free)
                if power > 0:
                    if now and cards[i]["pos"][0] == 2:
                        out.append((power, [(m23, data["mask"])]))
                    else:
                        out.append((power, [(m12, data["mask"]), (m23, data["mask"])]))
            for _k, amount, cost, needs, sac, _m, _n in _damages(data):
                if not sac:
                    out.append((amount, [(cost, needs)]))
        return out

    def _hitters_with(self, state, iid) -> list[tuple[int, list]]:
        """_hitters(virtual board) with the hand card `iid` put on the board (from the next turn on)."""
        if not self._alone(state, iid):
            return self._virtual(state, [iid], lambda a, f: self._hitters(state, a, f))
        auras, free = self._auras_free(state)
        return self._hitters(state, auras, free) + self._own_hits(state, iid, auras, free)

    def _own_hits(self, state, iid, auras, free) -> list[tuple[int, list]]:
        """The hits of the hand card `iid` on the board with it, when it is _alone there (_hitters' entries)."""
        out = []
        data = self.rules.card_facts(state)[iid]
        if data["type"] == SOLDIER:
            power, m12, m23 = self._placed_hit(state, iid, auras, free)
            if power > 0:
                out.append((power, [(m12, data["mask"]), (m23, data["mask"])]))
        for _k, amount, cost, needs, sac, _m, _n in _damages(data):
            if not sac:
                out.append((amount, [(cost, needs)]))
        return out

    def _summon_cost(self, state, iid, auras) -> tuple[int, list]:
        """rules.summon_cost of a hand card, kept with the board's values (it reads the board, the steps in
        force and the card, whose counters the board's key holds)."""
        d = self._kept_board(auras)
        if d is not None and state["cards"][iid]["zone"] == HAND:
            key = ("cost", iid)
            out = d.data.get(key)
            if out is None:
                out = d.data[key] = self.rules.summon_cost(state, iid, auras)
            return out
        return self.rules.summon_cost(state, iid, auras)

    @staticmethod
    def _kept_board(auras) -> _Decision | None:
        """The decision being made, when `auras` are the steps in force on its board as it is (no cfg)."""
        d = _LOCAL.d
        if d is not None and not d.cfg and d.af is not None and auras is d.af[0]:
            return d
        return None

    def _future(self, state, iid, auras, ctx, demand, base=None) -> float:
        """The damage a turn of the whole 倉庫 deals with the board and the hand card `iid` put on it (_play).
        (`base`: the damage without it and its run, _capacity_run, with the same `demand`, when known)"""
        d = self._kept_board(auras)
        if d is not None:
            key = ("future", iid, ctx["all"], demand)
            out = d.data.get(key)
            if out is None:
                out = d.data[key] = self._future_now(state, iid, ctx, demand, base)
            return out
        return self._future_now(state, iid, ctx, demand, base)

    def _future_now(self, state, iid, ctx, demand, base) -> float:
        if base is not None and self._alone(state, iid):
            # (the board with it is the board now and its own hits, listed after the board's: _hitters_with; when
            # _capacity would take none of them in any round of the board's run, its run and damage are the board's)
            auras, free = self._auras_free(state)
            more = self._own_hits(state, iid, auras, free)
            if _unchanged(base[1], more):
                return base[0]
            hitters = self._hitters(state, auras, free) + more
        else:
            hitters = self._hitters_with(state, iid)
        return _capacity(hitters, ctx["all"], ctx["limit"], ctx["limit"], demand)

    def _capacities(self, state, auras, free, ctx):
        """(the damage a turn of the whole 倉庫 deals with the board, the attributes the hits need, what the top
        戦力 card still takes, (that damage, its run): _capacity_run); the damage left this turn is _capacity_left."""
        cards = state["cards"]
        limit = ctx["limit"]
        d = self._kept(auras, free)
        kept = d.data.get(("base", d.cfg, ctx["all"])) if d is not None else None
        if kept is None:
            hitters = self._hitters(state, auras, free)
            demand = 0
            for _d, steps in hitters:
                for _c, m in steps:
                    demand |= m
            kept = (_capacity_run(hitters, ctx["all"], limit, limit, demand), demand)
            if d is not None:
                d.data[("base", d.cfg, ctx["all"])] = kept
        run, demand = kept
        power = state["zones"]["p1.power"]
        need = max(1, limit - cards[power[-1]]["counters"].get("damage", 0)) if power else limit
        return run[0], demand, need, run

    def _capacity_left(self, state, auras, free, masks, need, ctx, demand) -> float:
        """The damage the unused 倉庫 cards `masks` deal this turn with the soldiers that may move now."""
        return _capacity(self._hitters(state, auras, free, True), masks, need, ctx["limit"], demand)

    def _without(self, state, iid, fn):
        """fn(auras, free) with the card `iid` off the board for a moment (then exactly as before)."""
        board = state["zones"][BOARD]
        card = state["cards"][iid]
        at = board.index(iid)
        zone = card["zone"]
        board.pop(at)
        card["zone"] = "p0.discard"
        try:
            return self._configured(state, ("w", iid), fn)
        finally:
            card["zone"] = zone
            board.insert(at, iid)

    # -- storing -------------------------------------------------------------------------------------------

    def _values(self, state, ctx) -> dict:
        """Each hand card's worth for keeping (step 4)."""
        d = _LOCAL.d
        if d is not None and not d.cfg:  # (kept with the board's values: _board_key)
            key = ("values", tuple(state["zones"][HAND]), ctx["smask"])
            out = d.data.get(key)
            if out is None:
                out = d.data[key] = self._values_now(state, ctx)
            return out
        return self._values_now(state, ctx)

    def _values_now(self, state, ctx) -> dict:
        dec = _LOCAL.d
        of = self.rules.card_facts(state) if dec is None else dec.of
        cards = state["cards"]
        hand = state["zones"][HAND]
        auras, free = self._auras_free(state)
        current = self._board_worth(state, auras, free, ctx)
        everything = ctx["smask"]
        values = {}
        for i in hand:  # (plain loops: the same masks, the same keys in hand order)
            everything |= of[i]["mask"]
            values[i] = 0
        pieces = self._pieces(state)
        if pieces:
            piece_defs = set()
            for i in state["zones"][BOARD]:
                if cards[i]["owner"] == 0:
                    piece_defs.add(cards[i]["def"])
            for i in pieces:
                d = cards[i]["def"]
                values[i] = 20 if d in piece_defs else 100
                piece_defs.add(d)
        kept = dec.data if dec is not None and not dec.cfg else None  # (_worth_with's, inline)
        if kept is not None:  # (the key's mask: the attributes the worth reads, _reach)
            reach = _board_reach(state, of, kept)
        better = []
        for i in hand:
            data = of[i]
            kind = data["type"]
            if kind not in (SOLDIER, CURSE, LAND) or i in pieces:
                continue
            if kind != SOLDIER and not (data["auras"] or data["rules"] or _damages(data)):
                continue
            # (the board's worth with it: _looks)
            if kept is None:
                worth = self._worth_with(state, [i], ctx, everything)
            else:
                key = ("worth", (i,), everything & (reach | _reach(data)))
                worth = kept.get(key)
                if worth is None:
                    worth = kept[key] = self._worth_with_now(state, [i], ctx, everything)
            if worth < current:
                better.append((worth, self._summon_cost(state, i, auras)[0], i))
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
        d = _LOCAL.d
        if d is not None and not d.cfg:  # (kept with the board's values: _board_key)
            key = ("pieces", tuple(state["zones"][HAND]))
            out = d.data.get(key)
            if out is None:
                out = d.data[key] = self._pieces_now(state, d.data)
            return out
        return self._pieces_now(state)

    def _pieces_now(self, state, kept: dict | None = None) -> list[str]:
        """(`kept`: the board's values, _board_key, where what a hand card or a pair of them frees is kept: it
        reads the board and those cards, not the rest of the hand, so a hand with a card more, after a draw,
        weighs that card alone)"""
        hand = state["zones"][HAND]
        cards = state["cards"]
        d = _LOCAL.d
        of = self.rules.card_facts(state) if d is None else d.of
        if d is not None and d._game.store.nofree or _none_free(state, of, hand):
            return []  # (no soldier of the board or the hand can hit for free: no card frees one, alone or paired)
        base = set(self._free_soldiers(state, *self._auras_free(state)))

        def freed(auras, free):
            return any(s not in base for s in self._free_soldiers(state, auras, free))

        helped = any(cards[i]["owner"] == 0 and (of[i]["auras"] or of[i]["rules"]) for i in state["zones"][BOARD])
        alone: dict = {} if kept is None else kept.setdefault(("itself",), {})
        pairs: dict = {} if kept is None else kept.setdefault(("pairs",), {})

        def pair(a, s):
            # (a: a card with an aura, alone it frees none; s: a soldier of the hand that alone frees none)
            out = pairs.get((a, s))
            if out is None:
                if _LOCAL.d is not None and _plain(of[s])[0] and not _plain(of[a])[1] and self._unconditional(state):
                    # s has no continuous step and no card of the board with `a` has one that holds "while"
                    # something is there: the steps in force with both are those with `a` alone, which free
                    # no soldier, so the pair frees one if s hits for free there (as _alone, on that board)
                    out = self._virtual(state, [a], lambda auras, free: self._freed_alone(state, s, auras, free))
                else:
                    out = self._virtual(state, [a, s], freed)
                pairs[(a, s)] = out
            return out

        def by_itself(x):
            if x not in alone:
                data = of[x]
                # (only a card with an aura or a rule, a soldier with a lasting 特殊種別2, or any soldier when the
                # board has an aura, can lower a move cost)
                relevant = data["auras"] or data["rules"] or data["self_auras"] or data["s2"] in CONSTANT or helped and data["type"] == SOLDIER
                if not relevant:
                    alone[x] = False
                elif self._alone(state, x):
                    alone[x] = self._freed_alone(state, x, *self._auras_free(state))
                else:
                    alone[x] = self._virtual(state, [x], freed)
            return alone[x]

        pieces: list[str] = []
        soldiers = [i for i in hand if of[i]["type"] == SOLDIER]
        for a in hand:
            data = of[a]
            if data["type"] not in (SOLDIER, CURSE, LAND):
                continue
            if by_itself(a):
                pieces += [a] if a not in pieces else []
                continue
            if not data["auras"]:
                continue
            for s in soldiers:
                if s != a and not by_itself(s) and pair(a, s):
                    pieces += [x for x in (a, s) if x not in pieces]
                    break
        return pieces
