"""The 兵・呪術・土地 game (seed 003; GAMES.md's `original` section) for the engine, against a goldfish.

Zones per player: deck (支援, the draw source, face down, top = end), hand, power (戦力, face up; a player's
damage counters sit on the top card, counter "damage"), storage (倉庫, the energy row; tapped = 使用済み),
discard (墓地). Shared zone "board": soldiers, curses and lands, each with `pos` = [row, col]; rows from
player 0's side: 0 = p0's 倉庫 row (cards in p0.storage, no pos), 1 = p0's 自陣, 2 = 戦場, 3 = p1's 自陣,
4 = p1's 倉庫 row. A card on the board records the turn it arrived (`arrived`: it cannot move or use
effects that turn, soldiers and lands) and a bind (`bound`, 血塗れた刀's chosen soldier).

Turn (phases in state["phase"], parts in flags["part"]): refresh = ① (1: untap 倉庫; 2: draw 1 from 支援,
optional, once; 3: hand → 倉庫, optional, once), upkeep = ① part 4 (each curse and land: pay its upkeep or it
is destroyed), main = ② part 1 (summon, cast, deploy, move, 通常 effects), battle = ② part 2, supply = ③
(1: pay 2 to draw 1, repeatable; 2: hand → 倉庫, once), end = ④ (declare the end; a 対抗 window).

Costs: a pending "pay" lists a bounded set of payments (tap / discard 倉庫 cards; a discarded card counts as
2; at least one card of each attribute needed). The 対抗 chain is state["stack"] (newest last): an action or
event (summon, cast, deploy, move, effect, battle_start, battle_end, turn_end) is pushed and a window opens
with the right to respond (state["priority"]) for the turn player first; a response passes the right to the
other player; two passes in a row resolve the whole chain, newest first. Battles follow the seed's steps;
a soldier entering an enemy land's square or an empty enemy camp square fights a phantom 0/0/0 and goes
back to its own camp. 特殊種別2 are applied by the engine. Card effects run from the card's `script`
steps (rules/games/original/script.py); an effect without steps is shown to the player, who applies it
with manual actions.

Readings of the seed (options): see default_options().
"""

from __future__ import annotations

import re
from itertools import combinations

from ...engine import effects
from ...engine.core import IllegalAction, add_card, draw, mill, move, shuffle_zone, zone
from .script import parse_while

SOLDIER, CURSE, LAND = "兵", "呪術", "土地"
BOARD = "board"
COLS = 5
LIMIT = 12  # payments offered at once
MAX_STEPS = 10_000
STAND_IN = {"key": "goldfish:戦力", "name": "戦力", "card_type": "token", "fields": {}}
# 特殊種別2: (against attribute, against 特殊種別2, own attribute) for the battle bonus +0/+0/+2 each
AFFINITY = {"緋": ("地", "碧", "火"), "蒼": ("火", "緋", "水"), "天": ("水", "蒼", "風"), "碧": ("風", "天", "地")}
CONSTANT = {"太陽": {"cost": 3, "power": 3}, "俊敏": {"move_cost": -3}, "聡明": {"cost": -3}}
GRANTED = ("黄金", "異界")
GRANTED_EFFECT = {
    "kind": ["通常"],
    "cost": "X",
    "text": "自陣の召喚コストX以上の兵をX枚選んで破棄し、この兵に以下の補正を加える。「+0/+0/+2X」",
    "granted": True,
}
BITS = {a: 1 << i for i, a in enumerate(("火", "水", "風", "地", "光", "闇"))}
BIT_LIST = tuple(BITS.values())
STORAGE = ("p0.storage", "p1.storage")
HAND, DECK, POWER, DISCARD = (("p0.hand", "p1.hand"), ("p0.deck", "p1.deck"), ("p0.power", "p1.power"), ("p0.discard", "p1.discard"))
COST_RE = re.compile(r"^\s*([火水風地光闇無]*)\s*(\d+|[XＸ])?")
EVENT_WORDS = (
    ("効果の発動", "effect"),
    ("戦闘開始", "battle_start"),
    ("戦闘終了", "battle_end"),
    ("ターン終了", "turn_end"),
    ("召喚", "summon"),
    ("詠唱", "cast"),
    ("展開", "deploy"),
    ("移動", "move"),
)
OPTIONS = {
    "first": ("player", "goldfish"),
    "auto_pass": ("smart", "never"),
    "movement": ("column", "adjacent"),
    "deck_out": ("empty", "draw"),
    "affinity_self_bonus": ("matchup", "always"),
    "upkeep_attributes": ("any", "all", "none"),
}
ACTIONS = frozenset(
    ("draw_support", "store", "next_phase", "end_turn", "draw_paid", "summon", "cast", "deploy", "move", "effect", "pass", "pay", "cancel", "destroy", "target")
)
_TRIGGERS: dict = {}
_WHILE: dict = {}
_COSTS: dict = {}


def parse_trigger(text: str | None) -> list[tuple[str, str, str | None]]:
    """'敵兵の召喚、又は移動' -> [("summon", "enemy", "兵"), ("move", "enemy", "兵")]: (event, whose, card type);
    a part without its own subject takes the one before it (自呪術の詠唱、または効果の発動)."""
    key = text or ""
    if key in _TRIGGERS:
        return _TRIGGERS[key]
    out, prev = [], ("any", None)
    for part in re.split(r"、?(?:または|又は|もしくは|或いは)", key):
        part = part.strip()
        hit = next(((part.find(word), kind) for word, kind in EVENT_WORDS if word in part), None)
        if hit is None:
            continue
        at, kind = hit
        prefix = part[:at].rstrip("の")
        if not prefix:
            who = prev
        elif prefix.startswith("この"):
            who = ("this", None)
        elif prefix == "自兵と敵兵":
            who = ("own_vs_enemy", SOLDIER)
        elif prefix == "自兵同士":
            who = ("own_vs_own", SOLDIER)
        elif prefix in ("自分", "自"):
            who = ("own", None)
        elif prefix in ("相手", "敵"):
            who = ("enemy", None)
        elif prefix[0] in "自敵":
            who = ("own" if prefix[0] == "自" else "enemy", prefix[1:] if prefix[1:] in (SOLDIER, CURSE, LAND) else None)
        else:
            who = ("any", None)
        out.append((kind, *who))
        prev = who
    _TRIGGERS[key] = out
    return out


def parse_cost(text) -> tuple:
    """'闇4(C)「この呪術を墓地に送る」' -> (4, ["闇"], True): storage cards, attributes needed, and whether the
    card itself goes to 墓地 as part of the cost; "X" for a cost the player chooses; "-" or nothing: 0."""
    key = "" if text is None else str(text)
    if key in _COSTS:
        return _COSTS[key]
    main, _, extra = key.partition("(C)")
    match = COST_RE.match(main)
    needs = [a for a in dict.fromkeys(match.group(1)) if a != "無"] if match else []
    amount = match.group(2) if match else None
    n = "X" if amount in ("X", "Ｘ") else int(amount) if amount else 0
    sacrifice = "この" in extra and ("墓地に送る" in extra or "破棄" in extra or "生贄" in extra)
    _COSTS[key] = out = (n, needs, sacrifice)
    return out


def _while(text: str) -> tuple[bool, dict]:
    out = _WHILE.get(text)
    if out is None:
        out = _WHILE[text] = parse_while(text)
    return out


_INFO: dict = {}
_NO_FIELDS: dict = {}


def info(d: dict) -> dict:
    """What the rules read from a card's data, worked out once per card definition (cached by identity)."""
    fields = d.get("fields") or _NO_FIELDS
    kind = d.get("card_type", "")
    hit = _INFO.get(id(fields))  # (the same card data in every game and deck shares its fields)
    if hit is not None and hit[0] is fields and hit[1] == kind:
        return hit[2]
    if len(_INFO) > 4096:  # (it keeps the card data it has seen alive: bounded)
        _INFO.clear()
    s2 = fields.get("special_type2")
    effs = list(fields.get("effects") or ())
    if kind == SOLDIER and s2 in GRANTED:
        effs.append(GRANTED_EFFECT)
    script = [s for s in fields.get("script") or () if isinstance(s, dict) and s.get("op")]
    by_when: dict = {}
    for step in script:
        by_when.setdefault(step.get("when") or "played", []).append(step)
    attrs = tuple(a for a in fields.get("attributes") or () if a != "無")
    out = {
        "type": kind,
        "attrs": attrs,
        "attrset": frozenset(attrs),
        "mask": mask_of(attrs),
        "s2": s2,
        "effects": effs,
        "script": by_when,
        "auras": [s for s in by_when.get("continuous", ()) if s["op"] == "stat" and s.get("target") in ("all", "bound")],
        "self_auras": [s for s in by_when.get("continuous", ()) if s["op"] == "stat" and s.get("target") == "this"],
        "rules": [s for s in script if s["op"] == "rule"],
        # 対抗 effects: (k, effect, trigger, cost, usable the turn the card arrives: 「この兵の召喚」に対抗)
        "counters": [
            (k, e, trig, parse_cost(e.get("cost")), any(w == "this" and ev in ("summon", "deploy", "cast") for ev, w, _ in trig))
            for k, e in enumerate(effs, 1)
            if "対抗" in (e.get("kind") or ()) and not e.get("forced")
            for trig in [parse_trigger(e.get("trigger"))]
        ],
        "forced": [(k, e) for k, e in enumerate(effs, 1) if e.get("forced") and "対抗" in (e.get("kind") or ()) and parse_cost(e.get("cost"))[0] == 0],
        "normal": [(k, e, parse_cost(e.get("cost"))) for k, e in enumerate(effs, 1) if "通常" in (e.get("kind") or ())],
        "modes": {k: sorted({s["mode"] for s in by_when.get(f"effect{k}", ()) if s.get("mode")}) for k in range(1, len(effs) + 1)},
    }
    _INFO[id(fields)] = (fields, kind, out)
    return out


def mask_of(attrs) -> int:
    m = 0
    for a in attrs:
        m |= BITS.get(a, 0)
    return m


_PLANS: dict = {}


def _plan(cost, need, anym, limit, composition) -> list:
    """The payments for a cost from 倉庫 cards of these kinds (attribute mask, how many): each a list of
    (mask, tapped, discarded); a pure function of its arguments, so it is cached."""
    avail = {}
    for m, n in composition:
        for b in BIT_LIST:
            if m & b:
                avail[b] = avail.get(b, 0) + n
    keep = {m: sum(1 / avail[b] for b in BIT_LIST if m & b) for m, _ in composition}
    kinds = sorted(composition, key=lambda mn: (keep[mn[0]], mn[0]))  # the cheapest (least rare) first
    wanted = [b for b in BIT_LIST if need & b] + ([anym] if anym else [])
    found: dict = {}

    def attempt(discards, prefer):
        used = _build(kinds, cost, wanted, discards, prefer)
        if used is None:
            return
        split = []
        left = discards
        for i in sorted(used):  # the discards: the cheapest of the cards used
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
    if not found:  # the needs covered greedily can leave a card that a later one made needless: try each cover
        for size in range(1, len(wanted) + 1):
            for cover in combinations(range(len(kinds)), size):
                if _covers([kinds[i][0] for i in cover], wanted):
                    for discards in range((cost + 1) // 2 + 1):
                        attempt(discards, cover)
    return [[(kinds[i][0], t, d) for i, t, d in key] for key in sorted(found, key=found.get)[:limit]]


def _build(kinds, cost, wanted, discards, prefer) -> dict | None:
    """Cards per kind (index -> how many): the needs covered first, then filled up to the cost, from
    `prefer` first (an index, or a tuple of them), then the cheapest."""
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


def _ids(value) -> bool:
    return isinstance(value, list) and all(isinstance(c, str) for c in value) and len(set(value)) == len(value)


def camp_row(player: int) -> int:
    return 1 if player == 0 else 3


def enemy_camp_row(player: int) -> int:
    return 3 if player == 0 else 1


class OriginalRules:
    slug = "original"
    zones = ("deck", "hand", "power", "storage", "discard")
    shared_zones = (BOARD,)
    deck_zone = "deck"
    discard_zone = "discard"

    def default_options(self) -> dict:
        return {
            "first": "player",  # who starts: "player" or "goldfish"
            "auto_pass": "smart",  # pass a 対抗 window for the player when they have no usable response
            "movement": "column",  # one row forward or back; "adjacent": also sideways
            "deck_out": "empty",  # 「支援」が尽きたら負け: when it is empty; "draw": when one must draw from it
            "goldfish_power": 5,  # stand-in 戦力 cards for a goldfish without a deck
            "goldfish_deck_out": False,  # a goldfish loses when its 支援 runs out
            "power": 5,  # cards put face up to 戦力 at setup
            "opening": 5,  # cards drawn at setup
            "counter_limit": 10,  # counters on 戦力 or a land beyond this: the card goes (「10個を超えた時」)
            "own_land_battle": False,  # a soldier entering its own land's square fights the phantom too
            "affinity_self_bonus": "matchup",  # 緋蒼天碧's own-attribute +2 only in the matchup battle; "always"
            "upkeep_attributes": "any",  # upkeep needs one card of any of the card's attributes (火か闇)
        }

    def players(self, decks, options):
        return [
            {"name": "player", "cards": decks[0] if decks else []},
            {"name": "goldfish", "goldfish": True, "cards": decks[1] if len(decks) > 1 else []},
        ]

    def zone_visible(self, state, name, player):
        owner, _, kind = name.partition(".")
        if name == BOARD or kind in ("power", "storage", "discard"):
            return True
        return kind == "hand" and owner == f"p{player}"

    def draw_source(self, state, player):
        return DECK[player]

    def layout(self, state):
        return {"grid": {"zone": BOARD, "rows": 5, "cols": COLS, "strips": {"0": "p0.storage", "4": "p1.storage"}}}

    # -- card data ------------------------------------------------------------------------------------------

    @staticmethod
    def _def(state, iid):
        return state["defs"][state["cards"][iid]["def"]]

    def _fields(self, state, iid) -> dict:
        return self._def(state, iid).get("fields") or {}

    _cache: tuple = (None, {})

    def _info(self, state, key) -> dict:
        """info() of a card definition by key, remembered for the game's definitions last seen."""
        defs = state["defs"]
        cache = self._cache
        if cache[0] is not defs:
            cache = self._cache = (defs, {})
        out = cache[1].get(key)
        if out is None:
            out = cache[1][key] = info(defs[key])
        return out

    def _i(self, state, iid) -> dict:
        return self._info(state, state["cards"][iid]["def"])

    def _type(self, state, iid) -> str:
        return self._i(state, iid)["type"]

    def _attrs(self, state, iid) -> list:
        return list(self._i(state, iid)["attrs"])

    def _s2(self, state, iid):
        return self._i(state, iid)["s2"]

    def _effects(self, state, iid) -> list:
        return self._i(state, iid)["effects"]

    def _script(self, state, iid, when) -> list:
        return self._i(state, iid)["script"].get(when, [])

    def _owner(self, state, iid) -> int:
        return state["cards"][iid]["owner"]

    def _pos(self, state, iid):
        card = state["cards"][iid]
        pos = card.get("pos") if card["zone"] == BOARD else None
        return tuple(pos) if pos else None

    def _on_board(self, state, player=None, card_type=None) -> list[str]:
        cards = state["cards"]
        return [
            i
            for i in state["zones"][BOARD]
            if (player is None or cards[i]["owner"] == player) and (card_type is None or self._type(state, i) == card_type)
        ]

    def _at(self, state, pos, card_type=None) -> list[str]:
        cards = state["cards"]
        pos = list(pos)
        return [i for i in state["zones"][BOARD] if cards[i].get("pos") == pos and (card_type is None or self._type(state, i) == card_type)]

    def _sick(self, state, iid) -> bool:
        """Soldiers and lands cannot move or use effects the turn they arrive (seed 5)召喚・詠唱・展開ルール)."""
        return state["cards"][iid].get("arrived") == state["turn"] and self._type(state, iid) in (SOLDIER, LAND)

    # -- stats: printed, changed by modifiers (counters), continuous effects, 特殊種別2, battle ---------------

    def _in_force(self, state, kind: str, rule: str | None = None) -> list:
        """The continuous steps of `kind` ("auras" or "rules"; a rule: only `rule`) in force now, as (source,
        step), from face-up cards on the board."""
        out = []
        cards = state["cards"]
        for src in state["zones"][BOARD]:
            card = cards[src]
            if not card["face_up"]:
                continue
            for step in self._info(state, card["def"])[kind]:
                if (rule is None or step.get("rule") == rule) and self._holds(state, src, step.get("while")):
                    out.append((src, step))
        return out

    def _auras(self, state) -> list:
        """The continuous stat steps in force now: (source, step)."""
        return self._in_force(state, "auras")

    def _rule(self, state, rule) -> list[str]:
        """The cards on the board whose continuous rule `rule` is in force."""
        return [src for src, _ in self._in_force(state, "rules", rule)]

    def _holds(self, state, src, cond) -> bool:
        if not cond:
            return True
        exists, filters = _while(cond)
        owner = self._owner(state, src)
        found = any(self._filter(state, owner, src, i, filters) for i in state["zones"][BOARD])
        return found == exists

    def _filter(self, state, player, src, iid, f, auras=None) -> bool:
        """Whether card `iid` passes the filters of a step or condition (side from `player`'s point of view)."""
        cards = state["cards"]
        side = f.get("side")
        if side == "own" and cards[iid]["owner"] != player or side == "enemy" and cards[iid]["owner"] == player:
            return False
        if f.get("other") and iid == src:
            return False
        kind = f.get("kind")
        if kind and self._type(state, iid) != kind:
            return False
        fields = self._fields(state, iid)
        if f.get("attribute") and f["attribute"] not in (fields.get("attributes") or ()):
            return False
        if f.get("race") and f["race"] != fields.get("race"):
            return False
        special = f.get("special")
        if special:
            negated = special.startswith("!")
            name = special.lstrip("!")
            if (name in (fields.get("special_type"), fields.get("special_type2"))) == negated:
                return False
        if f.get("min_cost") is not None or f.get("max_cost") is not None:
            cost = self.stat(state, iid, "cost", auras)
            if f.get("min_cost") is not None and cost < f["min_cost"] or f.get("max_cost") is not None and cost > f["max_cost"]:
                return False
        # 深淵: 相手の呪術の効果を受けない
        if src is not None and cards[iid]["owner"] != player and self._s2(state, iid) == "深淵" and self._type(state, src) == CURSE:
            return False
        return True

    def _in_area(self, state, player, iid, area) -> bool:
        card = state["cards"][iid]
        if area in ("board", None):
            return card["zone"] == BOARD
        if area == "hand":
            return card["zone"].endswith(".hand")
        if area == "any":
            return card["zone"] == BOARD or card["zone"].endswith(".hand")
        if area == "enemy_storage":
            return card["zone"] == STORAGE[1 - player]
        pos = self._pos(state, iid)
        if pos is None:
            return False
        row = {"own_camp": camp_row(player), "battlefield": 2, "enemy_camp": enemy_camp_row(player)}[area]
        return pos[0] == row

    def stat(self, state, iid, name, auras=None) -> int:
        """A card's summon (cast, deploy) cost, move cost, power or upkeep now."""
        card = state["cards"][iid]
        d = state["defs"][card["def"]]
        data = self._info(state, card["def"])
        value = (d.get("cost") or 0) if name == "cost" else (d.get("fields") or {}).get(name) or 0
        value += card["counters"].get(name, 0)
        s2 = data["s2"]
        if s2 in CONSTANT and data["type"] == SOLDIER:
            value += CONSTANT[s2].get(name, 0)
        in_hand = card["zone"].endswith(".hand")
        on_board = card["zone"] == BOARD
        if not (in_hand or on_board):
            return value
        for step in data["self_auras"]:  # its own continuous steps ("this")
            if step.get("stat") == name:
                area = step.get("area") or "board"
                if (area == "hand" and in_hand or area == "board" and on_board or area == "any") and self._holds(state, iid, step.get("while")):
                    value += step.get("amount") or 0
        if auras is None:
            auras = self._auras(state)
        for src, step in auras:
            if step.get("stat") != name:
                continue
            player = state["cards"][src]["owner"]
            if step["target"] == "bound":
                hit = on_board and state["cards"][src].get("bound") == iid and self._filter(state, player, src, iid, {})
            else:
                hit = self._in_area(state, player, iid, step.get("area")) and self._filter(state, player, src, iid, step)
            if hit:
                amount = step.get("amount") or 0
                if s2 == "太陽" and self._type(state, src) == LAND:  # この兵への土地の効果による補正が2倍
                    amount *= 2
                value += amount
        if name == "power" and on_board:
            battle = state["flags"].get("battle")
            if battle and iid in (battle["a"], battle["d"]):
                value += self._battle_bonus(state, iid, battle)
            if s2 == "頑健" and self._processing(state):  # 兵/呪術の効果発動から処理終了まで「+0/+0/+4」
                value += 4
        return value

    def _battle_bonus(self, state, iid, battle) -> int:
        """特殊種別2 from 戦闘開始 to 戦闘終了: 豪腕 +4; 緋蒼天碧 +2 against their attribute or 特殊種別2, +2 more
        with their own attribute (効果は重複)."""
        s2 = self._s2(state, iid)
        if s2 == "豪腕":
            return 4
        if s2 not in AFFINITY:
            return 0
        attr, rival, own = AFFINITY[s2]
        other = battle["d"] if iid == battle["a"] else battle["a"]
        hits = 0
        if other is not None:
            hits += attr in self._i(state, other)["attrset"]
            hits += self._s2(state, other) == rival
        bonus = 2 * hits
        if own in self._attrs(state, iid) and (hits or state["options"]["affinity_self_bonus"] == "always"):
            bonus += 2
        return bonus

    def _processing(self, state) -> bool:
        """A soldier's or curse's effect is between its activation and the end of its processing."""
        if state["flags"].get("processing") in (SOLDIER, CURSE):
            return True
        return any(e["kind"] == "effect" and e.get("ctype") in (SOLDIER, CURSE) for e in state["stack"])

    def power(self, state, iid) -> int:
        return self.stat(state, iid, "power")

    # -- setup and turns ----------------------------------------------------------------------------------

    def setup(self, state):
        opts = state["options"]
        for key, allowed in OPTIONS.items():
            if opts.get(key) not in allowed or isinstance(opts.get(key), bool):
                raise IllegalAction(f"{key}: one of {', '.join(map(str, allowed))}, not {opts.get(key)!r}")
        for key, low, high in (("goldfish_power", 1, 60), ("power", 1, 60), ("opening", 0, 60), ("counter_limit", 0, 999)):
            value = opts.get(key)
            if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
                raise IllegalAction(f"{key}: a whole number from {low} to {high}, not {value!r}")
        for key in ("goldfish_deck_out", "own_land_battle"):
            if not isinstance(opts.get(key), bool):
                raise IllegalAction(f"{key}: true or false")
        state["flags"] = {"part": 0, "drew": False, "stored": False, "battle": None, "frame": None, "passed": 0, "damaged": [], "processing": None}
        for player in (0, 1):
            deck = DECK[player]
            if state["zones"][deck]:  # 60枚のデッキをシャッフルした後、上から5枚を表向きで戦力ゾーンに置き、残りを裏向きで支援ゾーンに置く
                shuffle_zone(state, deck)
                for _ in range(min(opts["power"], len(state["zones"][deck]))):
                    move(state, state["zones"][deck][-1], POWER[player], face_up=True)
                draw(state, player, opts["opening"])  # お互いに支援から5枚ずつ手札にして
            elif state["players"][player]["goldfish"]:  # the goldfish's stand-in 戦力
                for _ in range(opts["goldfish_power"]):
                    iid = add_card(state, STAND_IN, player, POWER[player])
                    state["cards"][iid]["face_up"] = True
        if opts["first"] == "goldfish":  # the goldfish's turn first: it does nothing
            state["turn"], state["active"] = 1, 1
        self._start_turn(state)
        self.check_result(state)

    def _start_turn(self, state) -> list[dict]:
        state["turn"] += 1
        state["active"] = 0
        state["phase"] = "refresh"
        flags = state["flags"]
        flags.update(part=2, drew=False, stored=False, passed=0)
        events = [{"type": "turn", "turn": state["turn"], "player": 0}]
        for iid in state["zones"][STORAGE[0]]:  # パート1:倉庫のカードを全て未使用状態にする
            state["cards"][iid]["tapped"] = False
        return events

    def _finish_turn(self, state) -> list[dict]:
        """The turn player's turn ends; the goldfish's turn (it does nothing); the player's next turn."""
        events = effects.end_of_turn(state)
        state["phase"] = "end"
        state["turn"] += 1
        state["active"] = 1
        events.append({"type": "goldfish_turn", "turn": state["turn"]})
        events += effects.end_of_turn(state)
        self.check_result(state)
        if state["result"] is not None:
            return events
        return events + self._start_turn(state)

    # -- costs ---------------------------------------------------------------------------------------------

    def _unused(self, state, player) -> list[str]:
        cards = state["cards"]
        return [i for i in state["zones"][STORAGE[player]] if not cards[i]["tapped"]]

    def _purse(self, state, player) -> tuple[int, int]:
        """How many unused 倉庫 cards the player has, and the attributes among them (a bit mask)."""
        cards = state["cards"]
        count = have = 0
        for iid in state["zones"][STORAGE[player]]:
            card = cards[iid]
            if not card["tapped"]:
                count += 1
                have |= self._info(state, card["def"])["mask"]
        return count, have

    def can_pay(self, state, player, cost, needs=(), needs_any=(), purse=None) -> bool:
        """Whether the unused 倉庫 cards can pay `cost` (discarding all of them counts double) with a card of
        each attribute in `needs` and one of any in `needs_any`."""
        if cost <= 0:
            return True
        count, have = self._purse(state, player) if purse is None else purse
        if 2 * count < cost:
            return False
        need, anym = mask_of(needs), mask_of(needs_any)
        return have & need == need and (not anym or bool(have & anym))

    def payments(self, state, player, cost, needs=(), needs_any=(), limit=LIMIT) -> list[tuple[list, list]]:
        """Distinct valid payments (tap ids, discard ids), up to interchangeable cards (same attributes): the
        sensible one first (tap only, fewest discards and cards, keeping cards of rare attributes), then the
        tap-only ones spending each kind of card first, then one for each number of discards."""
        by_mask: dict = {}
        cards = state["cards"]
        for iid in state["zones"][STORAGE[player]]:
            card = cards[iid]
            if not card["tapped"]:
                by_mask.setdefault(self._info(state, card["def"])["mask"], []).append(iid)
        key = (cost, mask_of(needs), mask_of(needs_any), limit, tuple(sorted((m, min(len(ids), cost + 1)) for m, ids in by_mask.items())))  # (more than cost+1 of a kind: same plans)
        plan = _PLANS.get(key)
        if plan is None:
            if len(_PLANS) > 20_000:
                _PLANS.clear()
            plan = _PLANS[key] = _plan(*key)
        out = []
        for split in plan:
            tap, discard = [], []
            for m, t, d in split:
                discard += by_mask[m][:d]
                tap += by_mask[m][d : d + t]
            out.append((tap, discard))
        return out

    def _check_payment(self, state, player, pending, action) -> tuple[list, list]:
        tap, discard = action.get("tap", []), action.get("discard", [])
        if not _ids(tap) or not _ids(discard) or set(tap) & set(discard):
            raise IllegalAction("tap: lists of different 倉庫 cards (tap and discard apart)")
        unused = set(self._unused(state, player))
        if any(i not in unused for i in tap + discard):
            raise IllegalAction("tap: only your unused 倉庫 cards")
        cost, needs, needs_any = pending["cost"], pending.get("needs", []), pending.get("needs_any", [])
        masks = [self._i(state, i)["mask"] for i in tap + discard]
        parts = [(m, 1, 0) for m in masks[: len(tap)]] + [(m, 0, 1) for m in masks[len(tap) :]]
        if len(tap) + 2 * len(discard) < cost:
            raise IllegalAction(f"tap: {cost} needed (a discarded card counts as 2)")
        need, anym = mask_of(needs), mask_of(needs_any)
        have = 0
        for m in masks:
            have |= m
        if have & need != need or anym and not have & anym:
            raise IllegalAction(f"tap: the cards used must include {'・'.join(needs) or '/'.join(needs_any)}")
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
        """Pay `cost` for `what` (a pending "pay"), or do it at once when it costs nothing."""
        if cost <= 0:
            return self._do_for(state, what)
        state["pending"] = {"type": "pay", "player": player, "cost": cost, "needs": list(needs), "for": what}
        if needs_any:
            state["pending"]["needs_any"] = list(needs_any)
        return [{"type": "cost", "player": player, "cost": cost, "needs": list(needs)}]

    def _summon_cost(self, state, iid, auras=None) -> tuple[int, list]:
        d = self._def(state, iid)
        if d.get("cost") is None and self._type(state, iid) == CURSE:  # 不可視の水流: 裏向きで詠唱, no cost
            return 0, []
        return max(0, self.stat(state, iid, "cost", auras)), self._attrs(state, iid)

    def _upkeep_needs(self, state, iid) -> tuple[list, list]:
        attrs = self._attrs(state, iid)
        mode = state["options"]["upkeep_attributes"]
        if mode == "all":
            return attrs, []
        if mode == "any" and attrs:
            return [], attrs
        return [], []

    # -- the board -----------------------------------------------------------------------------------------

    def _summon_squares(self, state, player, card_type) -> list[list[int]]:
        row = camp_row(player)
        if card_type == SOLDIER:
            return [[row, col] for col in range(COLS)]
        cards = state["cards"]
        taken = {  # one curse or land a square
            cards[i]["pos"][1] for i in state["zones"][BOARD] if cards[i].get("pos") and cards[i]["pos"][0] == row and self._type(state, i) in (CURSE, LAND)
        }
        return [[row, col] for col in range(COLS) if col not in taken]

    def _destinations(self, state, iid) -> list[list[int]]:
        pos = self._pos(state, iid)
        if pos is None:
            return []
        row, col = pos
        steps = [(1, 0), (-1, 0)]
        if state["options"]["movement"] == "adjacent":
            steps += [(0, 1), (0, -1)]
        return [[row + dr, col + dc] for dr, dc in steps if 1 <= row + dr <= 3 and 0 <= col + dc < COLS]

    def _move_cost(self, state, iid, to, auras=None, free=None) -> int:
        if to[0] == 2 and iid in (self._rule(state, "free_move_to_battlefield") if free is None else free):
            return 0  # 霧雨の双翼竜: この兵は移動コストを支払わずに戦場へ移動できる
        return max(0, self.stat(state, iid, "move_cost", auras))

    def _place(self, state, iid, pos) -> dict:
        event = move(state, iid, BOARD, face_up=True)
        card = state["cards"][iid]
        card["pos"] = list(pos)
        card["arrived"] = state["turn"]
        card["tapped"] = False
        event["pos"] = list(pos)
        return event

    def destroy(self, state, iid, why="destroyed") -> list[dict]:
        """破棄: to its owner's 墓地, face up, without counters or position."""
        card = state["cards"][iid]
        for key in ("pos", "arrived", "bound"):
            card.pop(key, None)
        card["counters"] = {}
        card["tapped"] = False
        return [{"type": why, "card": iid}, move(state, iid, DISCARD[card["owner"]], face_up=True)]

    def damage_card(self, state, iid, amount) -> list[dict]:
        """A soldier or land gets `amount` damage counters (checked by _settle)."""
        if amount <= 0 or self._type(state, iid) not in (SOLDIER, LAND):
            return []
        counters = state["cards"][iid]["counters"]
        counters["damage"] = counters.get("damage", 0) + amount
        state["flags"]["damaged"].append(iid)
        return [{"type": "damage", "card": iid, "amount": amount, "counters": counters["damage"]}]

    def damage_player(self, state, player, amount, source=None) -> list[dict]:
        """プレイヤーがダメージを受けた時、自分の戦力の一番上に受けたダメージの分だけカウンターを乗せる。カウンターの数が10個を
        超えた時、カウンターを全て取り除き、戦力の一番上のカードを手札に加える。"""
        power = state["zones"][POWER[player]]
        if amount <= 0 or not power:
            return []
        top = power[-1]
        counters = state["cards"][top]["counters"]
        counters["damage"] = counters.get("damage", 0) + amount
        events = [{"type": "damage", "player": player, "amount": amount, "card": top, "counters": counters["damage"]}]
        return events + self._settle_power(state, player)

    def _settle_power(self, state, player) -> list[dict]:
        power = state["zones"][POWER[player]]
        if not power:
            return []
        top = power[-1]
        counters = state["cards"][top]["counters"]
        if counters.get("damage", 0) > state["options"]["counter_limit"]:
            del counters["damage"]
            return [{"type": "power_lost", "player": player, "card": top}, move(state, top, HAND[player], face_up=False)]
        return []

    def gain_life(self, state, player, amount, source=None) -> list[dict]:
        if amount < 0:
            return self.damage_player(state, player, -amount, source)
        power = state["zones"][POWER[player]]
        if not power:
            return []
        counters = state["cards"][power[-1]]["counters"]
        counters["damage"] = max(0, counters.get("damage", 0) - amount)
        if not counters["damage"]:
            del counters["damage"]
        return [{"type": "heal", "player": player, "amount": amount}]

    def draw_cards(self, state, player, n) -> list[dict]:
        return draw(state, player, n, forced=state["options"]["deck_out"] == "draw")

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

    def counter_top(self, state) -> list[dict]:
        """その効果を無効にする: the newest entry of the chain is cancelled, if it is an activation or a card coming
        into play or moving; the steps of a battle and the end of the turn are not effects and go on."""
        if not state["stack"] or state["stack"][-1]["kind"] in ("battle_start", "battle_end", "turn_end"):
            return [{"type": "step_skipped", "op": "counter"}]
        entry = state["stack"].pop()
        return [{"type": "countered", "entry": entry["kind"], "card": entry.get("card")}]

    def _settle(self, state) -> list[dict]:
        """The damage rules: a soldier with more counters than its power, a land with more than 10 are destroyed;
        a player's top 戦力 card with more than 10 goes to the hand."""
        events = []
        limit = state["options"]["counter_limit"]
        auras = None
        for iid in list(state["zones"][BOARD]):
            damage = state["cards"][iid]["counters"].get("damage", 0)
            if not damage:
                continue
            kind = self._type(state, iid)
            if kind == SOLDIER:
                auras = self._auras(state) if auras is None else auras
                if damage > self.stat(state, iid, "power", auras):
                    events += self.destroy(state, iid)
                    auras = None
            elif kind == LAND and damage > limit:
                events += self.destroy(state, iid)
                auras = None
        for player in (0, 1):
            events += self._settle_power(state, player)
        return events

    def _hellfire(self, state) -> list[dict]:
        """無限地獄: 場の兵はダメージを受けた戦闘の終了時、または効果処理終了時に破棄される (unless a 光兵 is there)."""
        damaged, state["flags"]["damaged"] = state["flags"]["damaged"], []
        if not damaged or not self._rule(state, "damaged_destroyed"):
            return []
        events = []
        for iid in dict.fromkeys(damaged):
            if state["cards"][iid]["zone"] == BOARD and self._type(state, iid) == SOLDIER:
                events += self.destroy(state, iid)
        return events

    # -- battles -------------------------------------------------------------------------------------------

    def _arrive(self, state, iid, came_from=None) -> list[dict]:
        """A soldier entered its square: a battle with a soldier there, or with the phantom 0/0/0 on an enemy
        land's square or an empty enemy camp square."""
        pos = self._pos(state, iid)
        if pos is None or self._type(state, iid) != SOLDIER:
            return []
        owner = self._owner(state, iid)
        here = [i for i in self._at(state, pos) if i != iid]
        others = [i for i in here if self._type(state, i) == SOLDIER]
        defender, phantom = None, None
        if others:
            defender = others[0]
        else:
            lands = [i for i in here if self._type(state, i) == LAND and (self._owner(state, i) != owner or state["options"]["own_land_battle"])]
            if lands:
                phantom = self._owner(state, lands[0])
            elif pos[0] == enemy_camp_row(owner):
                phantom = 1 - owner
            else:
                return []
        battle = {"a": iid, "d": defender, "phantom": phantom, "pos": list(pos), "from": came_from, "pa": None, "pd": None}
        state["flags"]["battle"] = battle
        state["phase"] = "battle"
        owners = [owner, self._owner(state, defender) if defender else phantom]
        event = {"type": "battle", "attacker": iid, "defender": defender, "phantom": phantom, "pos": list(pos)}
        return [event] + self._push(state, {"kind": "battle_start", "cards": [iid] + ([defender] if defender else []), "owners": owners, "player": owner})

    def _battle_steps(self, state) -> list[dict]:
        """②戦闘段階1 (powers compared, fixed), ③戦闘段階2 (the lower destroyed, the winner +0/+0/-X; equal: both
        destroyed; a phantom battle skips ③), ④ダメージ計算 (the loser's owner takes the difference), then ⑤."""
        battle = state["flags"]["battle"]
        if battle is None:
            return []
        a, d = battle["a"], battle["d"]
        events = []
        if state["cards"][a]["zone"] != BOARD or (d is not None and state["cards"][d]["zone"] != BOARD):
            events.append({"type": "battle_void"})  # a fighter left during the battle start
        else:
            pa = self.power(state, a)
            pd = self.power(state, d) if d is not None else 0
            battle["pa"], battle["pd"] = pa, pd
            events.append({"type": "battle_compare", "attacker": pa, "defender": pd})
            owner_a = self._owner(state, a)
            owner_d = self._owner(state, d) if d is not None else battle["phantom"]
            if d is not None:
                # 練兵場: 自兵同士の戦闘では兵は破棄されない
                protected = owner_a == owner_d and any(self._owner(state, s) == owner_a for s in self._rule(state, "own_battle_no_destroy"))
                if pa != pd:
                    winner, loser, lost_power = (a, d, pd) if pa > pd else (d, a, pa)
                    x = lost_power - 2  # the winner: +0/+0/-X, X = the loser's power - 2
                    counters = state["cards"][winner]["counters"]
                    counters["power"] = counters.get("power", 0) - x
                    if not counters["power"]:
                        del counters["power"]
                    events.append({"type": "stat", "card": winner, "stat": "power", "amount": -x})
                    losers = [loser]
                else:
                    losers = [a, d]  # お互いのパワーが等しい場合補正は加えられず、お互いに破棄される
                if not protected:
                    for loser in losers:
                        events += self.destroy(state, loser)
            if pa != pd:
                loser_owner = owner_d if pa > pd else owner_a
                events += self.damage_player(state, loser_owner, abs(pa - pd), a)
        events += self._settle(state)
        self.check_result(state)
        if state["result"] is not None:
            return events
        fighters = [x for x in (a, d) if x is not None and state["cards"][x]["zone"] == BOARD]
        owners = [self._owner(state, a), self._owner(state, d) if d is not None else battle["phantom"]]
        return events + self._push(state, {"kind": "battle_end", "cards": fighters, "owners": owners, "player": owners[0]})

    def _battle_end(self, state) -> list[dict]:
        """⑤戦闘終了; after a phantom battle the soldier goes back to its own camp."""
        battle = state["flags"]["battle"]
        state["flags"]["battle"] = None
        if state["phase"] == "battle":
            state["phase"] = "main"
        if battle is None:
            return []
        events = [{"type": "battle_end"}]
        a = battle["a"]
        if state["cards"][a]["zone"] == BOARD:
            if battle["phantom"] is not None:
                events += self._back_to_camp(state, a)
            elif battle["d"] is not None and state["cards"][battle["d"]]["zone"] == BOARD and battle["from"]:
                state["cards"][a]["pos"] = list(battle["from"])  # both stayed (練兵場): the mover goes back
                events.append({"type": "moved", "card": a, "pos": list(battle["from"])})
        return events + self._hellfire(state) + self._settle(state)

    def _back_to_camp(self, state, iid) -> list[dict]:
        owner = self._owner(state, iid)
        row = camp_row(owner)
        pos = self._pos(state, iid)
        col = pos[1] if pos else 0
        for c in sorted(range(COLS), key=lambda c: (abs(c - col), c)):
            if not [i for i in self._at(state, (row, c), SOLDIER) if i != iid]:
                state["cards"][iid]["pos"] = [row, c]
                return [{"type": "moved", "card": iid, "pos": [row, c], "reason": "back_to_camp"}]
        return [{"type": "no_room_in_camp", "card": iid}]

    # -- the 対抗 chain ------------------------------------------------------------------------------------

    def _push(self, state, entry, by=None) -> list[dict]:
        """An entry on the chain; the right to respond goes to the turn player (a new chain) or to the other
        player than the one who responded (「対抗する権利を行使した時、対抗権は相手プレイヤーに与えられる」)."""
        state["stack"].append(entry)
        state["flags"]["passed"] = 0
        state["priority"] = state["active"] if by is None else 1 - by
        events = [{"type": "chain", "entry": entry["kind"], "card": entry.get("card"), "player": entry.get("player")}]
        return events + self._forced(state)

    def _forced(self, state) -> list[dict]:
        """強制対抗: a card's forced response to a matching event is activated at once (its cost is 0)."""
        top = state["stack"][-1]
        for iid in state["zones"][BOARD]:
            for k, eff in self._i(state, iid)["forced"]:
                if top["kind"] == "effect" and top.get("card") == iid:
                    continue
                if any(e.get("forced") and e["card"] == iid and e["effect"] == k for e in state["stack"]):
                    continue  # (once on the chain: two forced answers to any effect would answer each other for ever)
                player = self._owner(state, iid)
                if self._trigger_ok(state, iid, player, parse_trigger(eff.get("trigger")), top):
                    entry = {"kind": "effect", "card": iid, "player": player, "effect": k, "ctype": self._type(state, iid), "forced": True}
                    return [{"type": "forced", "card": iid, "effect": k}] + self._push(state, entry, by=player)
        return []

    def _trigger_ok(self, state, iid, player, trigger, top) -> bool:
        for kind, who, ctype in trigger:
            if kind != top["kind"]:
                continue
            if kind in ("battle_start", "battle_end"):
                owners = top.get("owners", [])
                fighters = top.get("cards", [])
                if who == "this" and iid not in fighters:
                    continue
                if who == "own_vs_enemy" and not (player in owners and 1 - player in owners):
                    continue
                if who == "own_vs_own" and not (len(fighters) == 2 and owners == [player, player]):
                    continue
                if who in ("own", "enemy") and (player if who == "own" else 1 - player) not in owners:
                    continue
                return True
            if kind == "turn_end":
                if who == "own" and top["player"] != player or who == "enemy" and top["player"] == player:
                    continue
                return True
            subject = top.get("card")
            if who == "this" and subject != iid:
                continue
            if who == "own" and top.get("player") != player or who == "enemy" and top.get("player") == player:
                continue
            if ctype and top.get("ctype") != ctype:
                continue
            return True
        return False

    def _responses(self, state, player) -> list[dict]:
        """The 対抗 effects `player` may use against the newest entry of the chain."""
        if not state["stack"]:
            return []
        top = state["stack"][-1]
        out = []
        purse = None
        cards = state["cards"]
        for iid in state["zones"][BOARD]:
            if cards[iid]["owner"] != player:
                continue
            data = self._i(state, iid)
            for k, _eff, trigger, (cost, needs, _), early in data["counters"]:
                if not self._trigger_ok(state, iid, player, trigger, top):
                    continue
                if top["kind"] == "effect" and top.get("card") == iid and data["type"] == SOLDIER:
                    continue  # 兵の効果発動に、その兵自身が対抗して効果を発動する事は出来ない
                if not early and self._sick(state, iid):
                    continue
                if cost == "X":
                    continue
                if purse is None:
                    purse = self._purse(state, player)
                if self.can_pay(state, player, cost, needs, purse=purse):
                    out += self._with_modes(state, {"type": "effect", "card": iid, "effect": k}, iid, k)
        return out

    def _with_modes(self, state, action, iid, k) -> list[dict]:
        modes = self._i(state, iid)["modes"].get(k)
        return [{**action, "mode": m} for m in modes] if modes else [action]

    def _pass(self, state, player) -> list[dict]:
        events = [{"type": "pass", "player": player}]
        state["flags"]["passed"] += 1
        if state["flags"]["passed"] < 2:
            state["priority"] = 1 - player
            return events
        state["priority"] = None  # 対抗をしなかった: 効果処理を始める (newest first)
        return events + self._resolve(state)

    def _resolve(self, state) -> list[dict]:
        events = []
        while state["stack"] and state["pending"] is None and state["priority"] is None and state["result"] is None:
            entry = state["stack"].pop()
            events += self._resolve_entry(state, entry)
            if state["pending"] is None and state["flags"]["frame"] is None:
                events += self._settle(state)
            self.check_result(state)
        return events

    def _resolve_entry(self, state, entry) -> list[dict]:
        kind = entry["kind"]
        events = [{"type": "resolve", "entry": kind, "card": entry.get("card")}]
        iid = entry.get("card")
        if kind in ("summon", "cast", "deploy"):
            if state["cards"][iid]["zone"] != BOARD:
                return events + [{"type": "fizzled", "card": iid}]
            steps = self._script(state, iid, "played")
            if steps:  # (a summoned soldier's battle comes when they are done)
                return events + self._run(state, {"src": iid, "player": entry["player"], "steps": steps, "i": 0, "last": [], "ctype": None, "then": kind})
            return events + (self._arrive(state, iid) if kind == "summon" else [])
        if kind == "move":
            card = state["cards"][iid]
            if card["zone"] != BOARD or self._pos(state, iid) != tuple(entry["from"]):
                return events + [{"type": "fizzled", "card": iid}]
            card["pos"] = list(entry["to"])
            events.append({"type": "moved", "card": iid, "from": entry["from"], "pos": list(entry["to"])})
            return events + self._arrive(state, iid, came_from=entry["from"])
        if kind == "effect":
            return events + self._resolve_effect(state, entry)
        if kind == "battle_start":
            return events + self._battle_steps(state)
        if kind == "battle_end":
            return events + self._battle_end(state)
        if kind == "turn_end":
            return events + self._finish_turn(state)
        return events

    # -- effects -------------------------------------------------------------------------------------------

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
            steps = [s for s in self._script(state, iid, f"effect{k}") if not s.get("mode") or s["mode"] == entry.get("mode")]
        if not steps:  # card text the engine does not know: the player applies it with manual actions
            return [{"type": "effect_text", "card": iid, "effect": k, "text": eff.get("text", "")}]
        state["flags"]["processing"] = entry.get("ctype")
        frame = {"src": iid, "player": entry["player"], "steps": [dict(s) for s in steps], "i": 0, "last": [], "ctype": entry.get("ctype"), "then": "effect"}
        return self._run(state, frame)

    def _run(self, state, frame) -> list[dict]:
        events = []
        while frame["i"] < len(frame["steps"]) and state["result"] is None:
            step = frame["steps"][frame["i"]]
            if not self._step_condition(state, frame, step):
                frame["i"] += 1
                continue
            more, pending = self._step(state, frame, step)
            events += more
            if pending:
                state["flags"]["frame"] = frame
                state["pending"] = pending
                return events
            frame["i"] += 1
        return events + self._frame_done(state, frame)

    def _frame_done(self, state, frame) -> list[dict]:
        state["flags"]["frame"] = None
        events = []
        if frame["then"] == "effect":
            state["flags"]["processing"] = None
            events += self._hellfire(state)  # 効果処理終了時
        events += self._settle(state)
        if frame["then"] == "summon" and state["cards"][frame["src"]]["zone"] == BOARD:
            events += self._arrive(state, frame["src"])
        return events

    def _step_condition(self, state, frame, step) -> bool:
        if step.get("when") == "continuous" or step.get("op") == "rule":
            return False
        if step.get("while") and not self._holds(state, frame["src"], step["while"]):
            return False
        kind = step.get("if_zone")
        if not kind:
            return True
        player = frame["player"]
        ids = self._on_board(state, player) if kind == "board" else state["zones"].get(zone(player, kind), [])
        if step.get("if_type"):
            ids = [i for i in ids if self._type(state, i) == step["if_type"]]
        return len(ids) >= (step.get("if_min") or 0)

    def _who(self, state, player, step) -> list[int]:
        who = step.get("who") or ("opponent" if step["op"] == "damage" else "you")
        if who in ("opponent", "each_opponent"):
            return [1 - player]
        if who == "each_player":
            return [player, 1 - player]
        return [player]

    def _candidates(self, state, frame, step) -> list[str]:
        player, src = frame["player"], frame["src"]
        area = step.get("area") or "board"
        if area == "hand":
            pools = [HAND[p] for p in (player, 1 - player)]
        elif area == "enemy_storage":
            pools = [STORAGE[1 - player]]
        elif area == "any":
            pools = [HAND[player], HAND[1 - player], BOARD]
        else:
            pools = [BOARD]
        auras = self._auras(state) if step.get("min_cost") is not None or step.get("max_cost") is not None else None
        return [
            i
            for pool in pools
            for i in state["zones"][pool]
            if self._in_area(state, player, i, area) and self._filter(state, player, src, i, step, auras)
        ]

    def _step(self, state, frame, step) -> tuple[list[dict], dict | None]:
        op = step["op"]
        target = step.get("target")
        player, src = frame["player"], frame["src"]
        amount = step.get("amount")
        amount = 1 if amount is None else amount
        if op == "stat" and not target:
            target = "this" if step.get("who") == "self" else "chosen"
            step = {"side": "own", "kind": SOLDIER, **step, "target": target}
        if not target:  # a step on players
            events = []
            for p in self._who(state, player, step):
                events += self._player_step(state, frame, step, p, amount)
            return events, None
        cards = state["cards"]
        if target == "this":
            chosen = [src] if cards[src]["zone"] == BOARD or (step.get("area") in ("hand", "any") and cards[src]["zone"].endswith(".hand")) else []
        elif target == "same":
            chosen = list(frame["last"])
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
            players = [1 - player] if step.get("or_player") and op == "damage" else []
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
                    "op": op,
                    "candidates": candidates,
                    "min": 0 if players else low,
                    "max": min(count, len(candidates)),
                    "choose": {"zone": where, "min": 0 if players else low, "max": min(count, len(candidates))},
                }
                if players:
                    pending["players"] = players
                if state["players"][player]["goldfish"]:  # (the goldfish never acts; a choice for it is its first cards)
                    chosen = candidates[: pending["max"]]
                else:
                    return [], pending
        frame["last"] = [i for i in chosen if i]
        return self._card_step(state, frame, step, frame["last"], amount), None

    def _player_step(self, state, frame, step, p, amount) -> list[dict]:
        op = step["op"]
        if op == "damage":
            return self.damage_player(state, p, amount, frame["src"])
        if op == "life":
            return self.gain_life(state, p, amount, frame["src"])
        if op == "draw":
            return self.draw_cards(state, p, amount)
        if op == "mill":
            return mill(state, p, amount)
        if op == "resource":
            return self.add_resource(state, p, amount)
        if op == "counter":
            return self.counter_top(state)
        if op == "win":
            state["result"] = {"winner": p, "turn": state["turn"], "reason": "card"}
            return [{"type": "win", "player": p, "card": frame["src"]}]
        if op == "move":
            source = zone(p, step.get("from") or "hand")
            to = zone(p, step.get("to") or "discard") if (step.get("to") or "discard") != "board" else None
            if to is None or source not in state["zones"]:
                return [{"type": "step_skipped", "card": frame["src"], "op": op}]
            ids = state["zones"][source]
            picked = ids[-amount:][::-1] if step.get("from") == "deck" else [i for i in ids if i != frame["src"]][:amount]
            return [move(state, i, to, face_up=not to.endswith((".hand", ".deck"))) for i in picked]
        return [{"type": "step_skipped", "card": frame["src"], "op": op}]

    def _card_step(self, state, frame, step, chosen, amount) -> list[dict]:
        op = step["op"]
        events = []
        for iid in chosen:
            card = state["cards"][iid]
            if op == "damage":
                events += self.damage_card(state, iid, amount)
            elif op == "destroy":
                if card["zone"] == BOARD or card["zone"].endswith((".storage", ".hand")):
                    events += self.destroy(state, iid)
            elif op == "stat":
                stat = step.get("stat") or "power"
                change = amount
                if self._s2(state, iid) == "太陽" and self._type(state, frame["src"]) == LAND:
                    change *= 2  # 太陽: この兵への土地の効果による補正が2倍 (練兵場's effect as well as the lands' 永続)
                counters = card["counters"]
                counters[stat] = counters.get(stat, 0) + change
                if not counters[stat]:
                    del counters[stat]
                if (step.get("duration") or "turn") == "turn":
                    state.setdefault("eot", []).append({"card": iid, "stat": stat, "amount": change, "zone": card["zone"]})
                events.append({"type": "stat", "card": iid, "stat": stat, "amount": change})
            elif op == "uncounter":
                counters = card["counters"]
                removed = min(amount, counters.get("damage", 0))
                if removed:
                    counters["damage"] -= removed
                    if not counters["damage"]:
                        del counters["damage"]
                events.append({"type": "uncounter", "card": iid, "amount": removed})
            elif op == "bind":
                state["cards"][frame["src"]]["bound"] = iid
                events.append({"type": "bind", "card": frame["src"], "target": iid})
        return events

    def _target_actions(self, state, pending) -> list[dict]:
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
        pending = self._pending(state, "target")
        frame = state["flags"]["frame"]
        step = frame["steps"][frame["i"]]
        if "player" in action:
            if action["player"] not in pending.get("players", ()):
                raise IllegalAction("player: not a target of this effect")
            state["pending"] = None
            frame["last"] = []
            events = self.damage_player(state, action["player"], step.get("amount") or 1, frame["src"])
        else:
            cards = action.get("cards")
            if not _ids(cards) or any(c not in pending["candidates"] for c in cards):
                raise IllegalAction("cards: different cards among the candidates")
            if not pending["min"] <= len(cards) <= pending["max"]:
                raise IllegalAction(f"cards: from {pending['min']} to {pending['max']} cards")
            state["pending"] = None
            frame["last"] = list(cards)
            amount = 1 if step.get("amount") is None else step["amount"]
            if step["op"] == "stat" and not step.get("target"):
                step = {"side": "own", "kind": SOLDIER, **step, "target": "chosen"}
            events = self._card_step(state, frame, step, list(cards), amount)
        frame["i"] += 1
        state["flags"]["frame"] = None
        events += self._run(state, frame)
        if state["flags"]["frame"] is None and state["pending"] is None:
            events += self._resolve(state)
        return events + self._advance(state)

    # -- the flow ------------------------------------------------------------------------------------------

    def _advance(self, state) -> list[dict]:
        """The goldfish passes, and the player passes where auto_pass says, until the player must decide."""
        events: list[dict] = []
        for _ in range(MAX_STEPS):
            if state["result"] is not None or state["pending"] is not None:
                return events
            holder = state["priority"]
            if holder is not None:
                if state["players"][holder]["goldfish"] or (state["options"]["auto_pass"] == "smart" and not self._responses(state, holder)):
                    events += self._pass(state, holder)
                    continue
                return events
            if state["stack"]:
                events += self._resolve(state)
                continue
            return events
        raise RuntimeError("original: the game did not come back to the player")

    def _next_upkeep(self, state) -> list[dict]:
        """フェイズ① パート4: each curse and land pays its upkeep, or is destroyed (出来ない、しない場合はこのカードを破棄する)."""
        events = []
        queue = state["flags"].setdefault("upkeep", [])
        while queue:
            iid = queue.pop(0)
            if state["cards"][iid]["zone"] != BOARD or state["cards"][iid]["owner"] != 0:
                continue
            cost = max(0, self.stat(state, iid, "upkeep"))
            if cost == 0:
                continue
            needs, needs_any = self._upkeep_needs(state, iid)
            if self.can_pay(state, 0, cost, needs, needs_any):
                state["pending"] = {"type": "upkeep", "player": 0, "card": iid, "cost": cost, "needs": needs}
                if needs_any:
                    state["pending"]["needs_any"] = needs_any
                return events + [{"type": "upkeep", "card": iid, "cost": cost}]
            events += self.destroy(state, iid, "upkeep_unpaid")
        state["flags"].pop("upkeep", None)
        state["phase"] = "main"
        state["flags"]["part"] = 1
        events.append({"type": "phase", "phase": "main"})
        if state["flags"].pop("ending", False):  # end_turn from phase ①: its upkeep done, the turn ends
            return events + self._end(state)
        return events

    def _do_for(self, state, what) -> list[dict]:
        """Carry out what was paid for."""
        kind = what["type"]
        iid = what.get("card")
        if kind in ("summon", "cast", "deploy"):
            if state["cards"][iid]["zone"] != HAND[0]:
                return [{"type": "fizzled", "card": iid}]
            events = [self._place(state, iid, what["pos"])]
            if kind == "cast" and self._def(state, iid).get("cost") is None:
                state["cards"][iid]["face_up"] = False  # 裏向きでのみ詠唱出来る
            entry = {"kind": kind, "card": iid, "player": 0, "ctype": self._type(state, iid), "pos": what["pos"]}
            return events + self._push(state, entry)
        if kind == "move":
            entry = {"kind": "move", "card": iid, "player": 0, "ctype": SOLDIER, "from": what["from"], "to": what["pos"]}
            return self._push(state, entry)
        if kind == "effect":
            events = []
            if what.get("sacrifice") and state["cards"][iid]["zone"] == BOARD:
                events += self.destroy(state, iid, "sacrificed")  # (C)「この呪術を墓地に送る」: with the activation
            entry = {"kind": "effect", "card": iid, "player": 0, "effect": what["effect"], "ctype": self._type(state, iid)}
            for key in ("x", "mode"):
                if key in what:
                    entry[key] = what[key]
            events.append({"type": "activate", "card": iid, "effect": what["effect"]})
            # a 通常 effect opens a chain (the turn player first); a response gives the right to the other player
            return events + self._push(state, entry, by=0 if what.get("response") else None)
        if kind == "draw_paid":
            return self.draw_cards(state, 0, 1)
        return []

    # -- actions -------------------------------------------------------------------------------------------

    def legal_actions(self, state):
        pending = state["pending"]
        if pending:
            if pending["player"] != 0:
                return []
            kind = pending["type"]
            if kind in ("pay", "upkeep"):
                pays = [{"type": "pay", "tap": t, "discard": d} for t, d in self.payments(state, 0, pending["cost"], pending["needs"], pending.get("needs_any", ()))]
                return pays + [{"type": "cancel" if kind == "pay" else "destroy"}]
            if kind == "target":
                return self._target_actions(state, pending)
            return []
        if state["priority"] is not None:
            return [{"type": "pass"}, *self._responses(state, 0)] if state["priority"] == 0 else []
        if state["stack"] or state["active"] != 0:
            return []
        phase, flags = state["phase"], state["flags"]
        hand = state["zones"][HAND[0]]
        out = []
        if phase == "refresh":
            if not flags["drew"] and not flags["stored"] and state["zones"][DECK[0]]:
                out.append({"type": "draw_support"})
            if not flags["stored"]:
                out += [{"type": "store", "card": i} for i in hand]
            out += [{"type": "next_phase"}, {"type": "end_turn"}]
        elif phase == "main":
            out += self._main_actions(state, hand)
            out += [{"type": "next_phase"}, {"type": "end_turn"}]
        elif phase == "supply":
            if not flags["stored"]:
                if state["zones"][DECK[0]] and self.can_pay(state, 0, 2):
                    out.append({"type": "draw_paid"})
                out += [{"type": "store", "card": i} for i in hand]
            out.append({"type": "end_turn"})
        return out

    def _main_actions(self, state, hand) -> list[dict]:
        out = []
        auras = self._auras(state)
        purse = self._purse(state, 0)
        squares = {}
        for iid in hand:
            kind = self._type(state, iid)
            verb = {SOLDIER: "summon", CURSE: "cast", LAND: "deploy"}.get(kind)
            if verb is None:
                continue
            cost, needs = self._summon_cost(state, iid, auras)
            if not self.can_pay(state, 0, cost, needs, purse=purse):
                continue
            if kind not in squares:
                squares[kind] = self._summon_squares(state, 0, kind)
            out += [{"type": verb, "card": iid, "pos": pos} for pos in squares[kind]]
        free = None
        for iid in self._on_board(state, 0):
            if self._sick(state, iid):
                continue
            data = self._i(state, iid)
            if data["type"] == SOLDIER:
                for to in self._destinations(state, iid):
                    if free is None and to[0] == 2:
                        free = self._rule(state, "free_move_to_battlefield")
                    if self.can_pay(state, 0, self._move_cost(state, iid, to, auras, free or ()), data["attrs"], purse=purse):
                        out.append({"type": "move", "card": iid, "pos": to})
            if data["normal"]:
                out += self._normal_effects(state, iid, purse, auras)
        return out

    def _normal_effects(self, state, iid, purse, auras) -> list[dict]:
        out = []
        for k, _eff, (cost, needs, _) in self._i(state, iid)["normal"]:
            if cost == "X":
                for x in range(1, self._x_max(state, iid, purse, auras) + 1):
                    out.append({"type": "effect", "card": iid, "effect": k, "x": x})
            elif self.can_pay(state, 0, cost, needs, purse=purse):
                out += self._with_modes(state, {"type": "effect", "card": iid, "effect": k}, iid, k)
        return out

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

    def apply(self, state, action):
        kind = action["type"]
        if kind not in ACTIONS:  # (not any method named _do_…: _do_for carries out what was paid for)
            raise IllegalAction(f"{kind!r} is not an action of this game")
        return getattr(self, f"_do_{kind}")(state, action)

    def _pending(self, state, kind):
        pending = state["pending"]
        if not pending or pending["type"] != kind and not (kind == "pay" and pending["type"] == "upkeep"):
            raise IllegalAction(f"{kind}: there is no such decision now")
        return pending

    def _free(self, state, phases=("main",)):
        """The player's own turn, nothing pending, no chain, in one of `phases`."""
        if state["pending"]:
            raise IllegalAction(f"first: {state['pending']['type']}")
        if state["priority"] is not None or state["stack"]:
            raise IllegalAction("the 対抗 chain is open: pass or respond")
        if state["active"] != 0 or state["phase"] not in phases:
            raise IllegalAction(f"not now (phase {state['phase']})")

    def _hand_card(self, state, action, card_type=None) -> str:
        iid = action.get("card")
        if iid not in state["zones"][HAND[0]]:
            raise IllegalAction(f"card: {iid!r} is not in your hand")
        if card_type and self._type(state, iid) != card_type:
            raise IllegalAction(f"card: {iid!r} is not a {card_type}")
        return iid

    def _do_draw_support(self, state, action):
        self._free(state, ("refresh",))
        if state["flags"]["drew"] or state["flags"]["stored"]:
            raise IllegalAction("draw_support: once, before putting a card into 倉庫")
        if not state["zones"][DECK[0]]:
            raise IllegalAction("draw_support: 支援 is empty")
        state["flags"]["drew"] = True
        state["flags"]["part"] = 3
        return self.draw_cards(state, 0, 1)

    def _do_store(self, state, action):
        self._free(state, ("refresh", "supply"))
        if state["flags"]["stored"]:
            raise IllegalAction("store: once in this phase")
        iid = self._hand_card(state, action)
        state["flags"]["stored"] = True
        state["flags"]["part"] = 4 if state["phase"] == "refresh" else 2
        state["cards"][iid]["tapped"] = False
        return [move(state, iid, STORAGE[0], face_up=True)]

    def _do_next_phase(self, state, action):
        self._free(state, ("refresh", "main"))
        if state["phase"] == "refresh":
            state["phase"] = "upkeep"
            state["flags"]["part"] = 4
            state["flags"]["upkeep"] = [i for i in self._on_board(state, 0) if self._type(state, i) in (CURSE, LAND)]
            return [{"type": "phase", "phase": "upkeep"}] + self._next_upkeep(state)
        state["phase"] = "supply"
        state["flags"].update(part=1, stored=False)
        return [{"type": "phase", "phase": "supply"}]

    def _do_end_turn(self, state, action):
        self._free(state, ("refresh", "main", "supply"))
        if state["phase"] == "refresh":  # パート4 (upkeep) still happens, then the end
            state["flags"]["ending"] = True
            return self._do_next_phase(state, action) + self._advance(state)
        return self._end(state) + self._advance(state)

    def _end(self, state) -> list[dict]:
        """フェイズ④ パート1:ターン終了を宣言する (a 対抗 window: 自分のターン終了)."""
        state["phase"] = "end"
        state["flags"]["part"] = 1
        events = [{"type": "phase", "phase": "end"}]
        return events + self._push(state, {"kind": "turn_end", "player": 0})

    def _do_draw_paid(self, state, action):
        self._free(state, ("supply",))
        if state["flags"]["stored"] or not state["zones"][DECK[0]] or not self.can_pay(state, 0, 2):
            raise IllegalAction("draw_paid: before storing, with 2 to pay and a card in 支援")
        return self._request(state, 0, 2, [], {"type": "draw_paid"})

    def _do_summon(self, state, action, card_type=SOLDIER):
        self._free(state)
        iid = self._hand_card(state, action, card_type)
        pos = action.get("pos")
        if not isinstance(pos, list) or pos not in self._summon_squares(state, 0, card_type):
            raise IllegalAction(f"pos: one of your camp's squares {'' if card_type == SOLDIER else 'without a curse or land '}(row {camp_row(0)})")
        cost, needs = self._summon_cost(state, iid)
        if not self.can_pay(state, 0, cost, needs):
            raise IllegalAction(f"card: costs {cost}{' with ' + '・'.join(needs) if needs else ''} from 倉庫")
        verb = {SOLDIER: "summon", CURSE: "cast", LAND: "deploy"}[card_type]
        return self._request(state, 0, cost, needs, {"type": verb, "card": iid, "pos": list(pos)}) + self._advance(state)

    def _do_cast(self, state, action):
        return self._do_summon(state, action, CURSE)

    def _do_deploy(self, state, action):
        return self._do_summon(state, action, LAND)

    def _do_move(self, state, action):
        self._free(state)
        iid = action.get("card")
        if iid not in self._on_board(state, 0, SOLDIER):
            raise IllegalAction(f"card: {iid!r} is not your soldier on the board")
        if self._sick(state, iid):
            raise IllegalAction("card: a soldier cannot move the turn it is summoned")
        to = action.get("pos")
        if to not in self._destinations(state, iid):
            raise IllegalAction(f"pos: one of {self._destinations(state, iid)}")
        cost = self._move_cost(state, iid, to)
        needs = self._attrs(state, iid)
        if not self.can_pay(state, 0, cost, needs):
            raise IllegalAction(f"card: moving costs {cost} with {'・'.join(needs)}")
        what = {"type": "move", "card": iid, "from": list(self._pos(state, iid)), "pos": list(to)}
        return self._request(state, 0, cost, needs, what) + self._advance(state)

    def _do_effect(self, state, action):
        if state["pending"]:
            raise IllegalAction(f"first: {state['pending']['type']}")
        iid, k = action.get("card"), action.get("effect")
        if not isinstance(iid, str) or iid not in state["cards"]:
            raise IllegalAction(f"card: no card {iid!r}")
        if state["priority"] == 0:
            allowed = self._responses(state, 0)
        elif state["priority"] is None and not state["stack"] and state["active"] == 0 and state["phase"] == "main":
            allowed = self._normal_effects(state, iid, self._purse(state, 0), self._auras(state)) if self._owner(state, iid) == 0 and state["cards"][iid]["zone"] == BOARD and not self._sick(state, iid) else []
        else:
            raise IllegalAction("effect: not now")
        if action not in allowed:
            raise IllegalAction(f"effect: {iid!r}'s effect {k!r} cannot be used now")
        eff = self._effects(state, iid)[k - 1]
        cost, needs, sacrifice = parse_cost(eff.get("cost"))
        what = {"type": "effect", "card": iid, "effect": k, "sacrifice": sacrifice}
        if cost == "X":
            cost = what["x"] = action["x"]
        if "mode" in action:
            what["mode"] = action["mode"]
        if state["priority"] == 0:  # a response: pushed by the player, the right goes to the other
            what["response"] = True
        return self._request(state, 0, cost, needs, what) + self._advance(state)

    def _do_pass(self, state, action):
        if state["pending"] or state["priority"] != 0:
            raise IllegalAction("pass: you do not hold the right to respond")
        return self._pass(state, 0) + self._advance(state)

    def _do_pay(self, state, action):
        pending = self._pending(state, "pay")
        tap, discard = self._check_payment(state, 0, pending, action)
        state["pending"] = None
        events = self._pay(state, 0, tap, discard)
        if pending["type"] == "upkeep":
            events.append({"type": "upkeep_paid", "card": pending["card"]})
            return events + self._next_upkeep(state) + self._advance(state)
        return events + self._do_for(state, pending["for"]) + self._advance(state)

    def _do_cancel(self, state, action):
        self._pending(state, "pay")
        if state["pending"]["type"] != "pay":
            raise IllegalAction("cancel: an upkeep is paid or the card destroyed")
        state["pending"] = None
        return [{"type": "cancelled"}] + self._advance(state)

    def _do_destroy(self, state, action):
        pending = self._pending(state, "upkeep")
        state["pending"] = None
        events = self.destroy(state, pending["card"], "upkeep_unpaid")
        return events + self._next_upkeep(state) + self._advance(state)

    # -- after manual actions, and the result ---------------------------------------------------------------

    def after_manual(self, state) -> None:
        """Cards off the board keep no square, arrival or bind; a pending decision follows what moved."""
        cards = state["cards"]
        for card in cards.values():
            if card["zone"] != BOARD:
                for key in ("pos", "arrived", "bound"):
                    card.pop(key, None)
        pending = state["pending"]
        if not pending:
            return
        if pending["type"] == "target":
            frame = state["flags"]["frame"]
            pending["candidates"] = [c for c in self._candidates(state, frame, frame["steps"][frame["i"]]) if c in pending["candidates"]]
            high = min(pending["max"], len(pending["candidates"]))
            low = min(pending["min"], high)
            pending.update(min=low, max=high)
            pending["choose"].update(min=low, max=high)
        elif pending["type"] == "upkeep" and cards[pending["card"]]["zone"] != BOARD:
            state["pending"] = None
            self._next_upkeep(state)
        elif pending["type"] == "pay":
            what = pending["for"]
            iid = what.get("card")
            where = HAND[0] if what["type"] in ("summon", "cast", "deploy") else BOARD
            if iid is not None and cards[iid]["zone"] != where:
                state["pending"] = None

    def check_result(self, state):
        if state["result"] is not None:
            return
        zones, players = state["zones"], state["players"]
        lost = []
        for p in (0, 1):
            player = players[p]
            if not zones[POWER[p]]:  # 「戦力」(ライフ)が尽きたら負け
                player["lost"] = True
            elif not zones[DECK[p]] and state["options"]["deck_out"] == "empty" and (not player["goldfish"] or state["options"]["goldfish_deck_out"]):
                player["lost"] = True  # 「支援」(山札)が尽きたら負け
            if player["lost"]:
                lost.append(p)
        if lost:
            reason = "power" if any(not zones[POWER[p]] for p in lost) else "deck"
            winner = None if len(lost) == 2 else 1 - lost[0]
            state["result"] = {"winner": winner, "turn": state["turn"], "reason": reason}
