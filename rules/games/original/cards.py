"""Card data for original: the kinds and zones, the readings of a card's printed trigger and cost, and what
the rules read from a card definition (read_card), worked out once per card and game."""

from __future__ import annotations

import re

from ...engine.cards import CardCache, CardTable, InstanceFacts
from .script import parse_while

SOLDIER, CURSE, LAND = "兵", "呪術", "土地"
BOARD = "board"
GRANTED = ("黄金", "異界")
GRANTED_EFFECT = {
    "kind": ["通常"],
    "cost": "X",
    "text": "自陣の召喚コストX以上の兵をX枚選んで破棄し、この兵に以下の補正を加える。「+0/+0/+2X」",
    "granted": True,
}
# 特殊種別2 that change a soldier's stats for good (太陽 +3 cost +3 power, 俊敏 -3 move cost, 聡明 -3 cost)
CONSTANT = {"太陽": {"cost": 3, "power": 3}, "俊敏": {"move_cost": -3}, "聡明": {"cost": -3}}
STAT_NAMES = ("cost", "move_cost", "power", "upkeep")
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
_TRIGGERS: dict = {}
_WHILE: dict = {}
_COSTS: dict = {}


def parse_trigger(text: str | None) -> list[tuple[str, str, str | None, str | None]]:
    """'敵兵の召喚、又は移動' -> [("summon", "enemy", "兵", None), ("move", "enemy", "兵", None)]: (event, whose, card
    type, 効果種別); a part without its own subject takes the one before it (自呪術の詠唱、または効果の発動); an
    effect named by its 効果種別 (効果種別は…これを指定して対抗する対抗効果…): '敵のスペルの発動' ->
    [("effect", "enemy", None, "スペル")]."""
    key = text or ""
    if key in _TRIGGERS:
        return _TRIGGERS[key]
    out, prev = [], ("any", None)
    for part in re.split(r"、?(?:または|又は|もしくは|或いは)", key):
        part = part.strip()
        hit = next(((part.find(word), kind) for word, kind in EVENT_WORDS if word in part), None)
        if hit is None:
            category = re.fullmatch(r"(自分の|相手の|自|敵)?(?:の)?(.+?)の発動", part)
            if category:
                who = {None: "any", "自分の": "own", "自": "own", "相手の": "enemy", "敵": "enemy"}[category.group(1)]
                out.append(("effect", who, None, category.group(2)))
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
        out.append((kind, *who, None))
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
    # (「生贄に捧げる」「墓地に送る」「ゲームから取り除く」: this card goes to 墓地 with the activation)
    sacrifice = "この" in extra and any(word in extra for word in ("墓地に送る", "破棄", "生贄", "取り除く"))
    _COSTS[key] = out = (n, needs, sacrifice)
    return out


def _while(text: str) -> tuple[bool, dict]:
    out = _WHILE.get(text)
    if out is None:
        out = _WHILE[text] = parse_while(text)
    return out


def read_card(d: dict, options: dict | None = None) -> dict:
    """What the rules read from a card's data, worked out once per card and game (engine/cards.py)."""
    fields = d.get("fields") or {}
    kind = d.get("card_type", "")
    s2 = fields.get("special_type2")
    effs = list(fields.get("effects") or ())
    if kind == SOLDIER and s2 in GRANTED:
        effs.append(GRANTED_EFFECT)
    script = [s for s in fields.get("script") or () if isinstance(s, dict) and s.get("op")]
    by_when: dict = {}
    for step in script:
        by_when.setdefault(step.get("when") or "played", []).append(step)
    attrs = tuple(a for a in fields.get("attributes") or () if a != "無")
    constant = CONSTANT.get(s2, {}) if kind == SOLDIER else {}
    return {
        "type": kind,
        # the printed stats with a lasting 特殊種別2's change (stats.py adds counters and continuous effects)
        "base": {name: ((d.get("cost") or 0) if name == "cost" else fields.get(name) or 0) + constant.get(name, 0) for name in STAT_NAMES},
        # what the filters of steps and conditions read (stats.py _filter)
        "printed_attrs": fields.get("attributes") or (),
        "race": fields.get("race"),
        "specials": (fields.get("special_type"), fields.get("special_type2")),
        "attrs": attrs,
        "attrset": frozenset(attrs),
        "mask": mask_of(attrs),
        "s2": s2,
        "effects": effs,
        "script": by_when,
        "auras": [_aura(s) for s in by_when.get("continuous", ()) if s["op"] == "stat" and s.get("target") in ("all", "bound")],
        "self_auras": [s for s in by_when.get("continuous", ()) if s["op"] == "stat" and s.get("target") == "this"],
        "rules": [s for s in script if s["op"] == "rule"],
        # 対抗 effects: (k, effect, trigger, cost, usable the turn the card arrives: 「この兵の召喚」に対抗)
        "counters": [
            (k, e, trig, parse_cost(e.get("cost")), any(w == "this" and ev in ("summon", "deploy", "cast") for ev, w, *_ in trig))
            for k, e in enumerate(effs, 1)
            if "対抗" in (e.get("kind") or ()) and not e.get("forced")
            for trig in [parse_trigger(e.get("trigger"))]
        ],
        "forced": [(k, e) for k, e in enumerate(effs, 1) if e.get("forced") and "対抗" in (e.get("kind") or ()) and parse_cost(e.get("cost"))[0] == 0],
        "normal": [(k, e, parse_cost(e.get("cost"))) for k, e in enumerate(effs, 1) if "通常" in (e.get("kind") or ())],
        "modes": {k: sorted({s["mode"] for s in by_when.get(f"effect{k}", ()) if s.get("mode")}) for k in range(1, len(effs) + 1)},
    }


def _aura(step: dict) -> dict:
    """A continuous stat step as the rules read it: one on soldiers' summon cost with no area reaches their
    hand too (a summon cost is paid from the hand: 暗黒城塞都市's 「-2/-1/+2」 on 闇の自兵全て lowers what
    they cost to summon)."""
    if step.get("stat") == "cost" and not step.get("area") and step.get("target") == "all" and step.get("kind") == SOLDIER:
        return {**step, "area": "any"}
    return step


def mask_of(attrs) -> int:
    m = 0
    for a in attrs:
        m |= BITS.get(a, 0)
    return m


class _FactsOf(InstanceFacts):
    """The engine's instance -> facts dict, also holding the game's defs dict (the engine's InstanceFacts
    holds its cards dict, whose identity says whose it is: _facts_of), so that neither can be reused."""

    def __init__(self, cards: dict, defs: dict, table: CardTable):
        super().__init__(table, cards)
        self.defs = defs


class _NoFacts:
    """No game's facts yet (_last_facts before the first game: no state's cards and defs are None)."""

    cards = defs = None


class CardData:
    """A card's definition and what the rules read from it (read_card, kept in the engine's card cache
    `self.cards`, a CardCache(read_card))."""

    cards: CardCache
    _last_facts: _FactsOf | _NoFacts = _NoFacts()  # the last game's (a rules object plays one game at a time, mostly)

    @staticmethod
    def _def(state, iid):
        return state["defs"][state["cards"][iid]["def"]]

    def _fields(self, state, iid) -> dict:
        return self._def(state, iid).get("fields") or {}

    def facts(self, state) -> CardTable:
        """read_card() of the game's cards by key, each made on first use."""
        return self.cards.table(state)

    def info(self, state, iid) -> dict:
        """read_card() of a card instance."""
        return self._facts_of(state)[iid]

    def _facts_of(self, state) -> dict:
        """Card instance id -> read_card() of its card, for the game of `state` (an instance's card never
        changes): the hot paths look a card's facts up with one dict read. The game is told by its cards dict
        alone: a cards dict is one game's (a new game, a view, a copy or the versus AI's determinized game
        makes its own, with its own defs dict), whose defs dict only grows (add_card never replaces a card's
        data), so the defs dict of a state with the same cards dict is the one the facts were read from."""
        last = self._last_facts
        if last.cards is state["cards"]:
            return last
        last = self._last_facts = _FactsOf(state["cards"], state["defs"], self.cards.table(state))
        return last

    card_facts = _facts_of  # (the read the autopilot is given: instance id -> read_card() of its card)

    def card_type(self, state, iid) -> str:
        return self._facts_of(state)[iid]["type"]

    def attrs(self, state, iid) -> list:
        return list(self._facts_of(state)[iid]["attrs"])

    def _s2(self, state, iid):
        return self.info(state, iid)["s2"]

    def _effects(self, state, iid) -> list:
        return self.info(state, iid)["effects"]

    def script(self, state, iid, when) -> list:
        """The card's script steps that run at `when` (effect1…effect4, played, continuous)."""
        return self.info(state, iid)["script"].get(when, [])

    def _owner(self, state, iid) -> int:
        return state["cards"][iid]["owner"]
