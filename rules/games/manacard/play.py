"""異世界TCG マナカード play rules for the engine (seed 004; GAMES.md's manacard section), against a goldfish.

Zones per player: deck (メインデッキ = HP, top = end of the list, face down), skill (スキルデッキ = MP, face
down; its owner may look through it: costs are paid with cards of their choosing), status (ステータスカード, face up), mana
(マナゾーン, face up), hand, field (units; equipment sits on its unit: `on`), discard (destroyed units and
used main-deck items: the seed names no place for them) and exile (除外: face down = hits and skill cards
paid as cost, which nobody may look at; face up = cards shown for a 逆転 chance, out of the game). A card
of the skill deck or a status card records it (`home`: skill or status), as its back shows it; `spent`
marks a 【逆転】 card once activated and `chance` the cards of a 逆転 chance while it lasts (on the cards, not
in the open flags: an instance id would tell which card a face-down one is). The opponent sees the face-up
cards of a player's zones (`zone_visible`: the open zones; the core hides a face-down card there); nobody
sees into a main deck or an exile.
Life: `players[i]["life"]` mirrors the size of the main deck (the HP); a manual life change is a hit
(down: that many cards of the main deck exiled face down) or 【回復】 (up).

The action right (行動権): `priority` (= `active`, the seed's 手番プレイヤー) is the player holding it. The
game has no turns; `turn` counts the action rights the human has been given (1 at the start). Playing a
card passes the right; so does passing without playing, which does ONE of: ① mana: the top of the main
deck to mana, as many cards as the count of consecutive mana passes (1, 2, 3, …; anything else resets
it); ② mana_to_hand: any number of mana cards to the hand; ③ return_skill: a face-down exiled skill card
back to the skill deck; ④ attack: a unit declares an attack (on the opponent, or a unit within its 距離).
A plain pass does none of them. The goldfish holds the right in turn: passing during an attack declaration
lets the attack hit (攻撃宣言中、行動権を相手に渡す事で攻撃ヒット成立), so an attack of the human's hits when
the goldfish passes; with nothing declared, its strongest unit on the field (its own deck's, put there by
hand) declares an attack on the human (option `goldfish_attacks`), else it passes. The goldfish never plays
cards, defends or blocks.

An attack on the human (`flags.incoming`) is answered on the human's next right: the usual actions, or
『防御』 (`defend`: 1 off the attack), a block by a unit at least as fast as the attacker (`block`: a battle
with it instead of the hit), a unit summoned from the hand to block for 1 mana card more (`summon_block`: the
extra is a mana card, マナを1つ余分に, so it is not offered with an empty mana zone), a card
that takes N off (attack_reduce, or the text 相手の攻撃をN軽減する: played only then), the player's own
counter-attack (options `player_attack`, `player_distance`). Any action passes the right to the goldfish,
which passes: the attack hits (reduced, or the battle with the blocker), then the human's right again. An
action against the attack, or on the attacking unit, needs at least its speed (a unit's 素早さ, a card's
printed one; `unprinted_speed` for 『防御』 and cards that print none); after a block or an action on the
attacker, both units stay locked at that speed (`flags.locks`: only actions at least that fast may name
them) until an action names neither (their recovery).

Costs: the shown cost as a total number of cards: first the mana cards (pay_mana; to the bottom of the
main deck, one after another in the order given, so the last given is the bottom card), then the rest
from the skill deck (pay_skill; chosen cards exiled face down). A card that cannot be paid is not
playable; `cancel` gives up paying. Skill-deck cards are played straight from the skill deck (nothing
else brings them to hand). A card that names a unit (火の玉, 薬草, 鉄の長剣) is offered once for each unit it may
name, for one copy of it in the hand (any copy may be played so); a unit whose own steps name a unit is played
without one when there is none. A used magic/technique/item from the skill deck is exiled face down like a
cost (option `skill_used`: "exile", or "discard"); a used main-deck item goes to the discard pile.

Units: 距離 (近 < 中 < 遠: a unit attacks or counter-attacks only units at its own 距離 or nearer; in a battle
each side deals damage only to a unit within its reach, so a 近 attacker blocked by a 遠 unit deals none),
攻撃力, 体力, 素早さ; no summoning sickness; a unit may attack on every action right. On a unit: damage
both ways at once, unless the attacker is 2 or more faster (no counter-attack) or 2 or more slower (option
`slow_attacker`: by default no counter-attack either, the line naming no side); 3 or more faster (それ以上
の差) and the attacker's player continues in the same action right with its speed lowered by the target's for
the rest of it (`flags.chain`, `turn` does not advance): any action the right allows (連続で行動), or with
the option `continued_action` "attack" that unit's attack again only (the seed's example), or the right
passes. Damage is a "damage" counter; 体力 or more destroys
the unit (to its owner's discard pile, with its equipment). Damaged units recover fully when the next
action targets neither of them (`flags.wounded`: the units of the last battle, or the last unit a card
damaged). A hit on a player exiles that many cards of their main deck face down.

【逆転】 (reading, option `reversal`): after a hit on the human, a 逆転 chance: they may turn face up any
number of the cards the hit exiled (`reveal`, "hit"; face down, they cannot choose which: the first n), and
exile face up any cards of their skill deck when it holds a 【逆転】 card (`reveal_skill`, "skill"); "both"
(default) offers both, "off" none. If a revealed card has 【逆転】 and was not activated before, they may
activate one (`reversal`: its reversal steps run, it is put face up on top of the main deck and cannot be
activated again; this uses an action right). A card whose only text is 【逆転】 (no unit, no equipment, no
steps when played) is used that way, not played (option `play_reversal_cards`). A player whose main deck
is 0 after damage, with no 逆転 activated, has lost (so a main deck of 1 taking 2+ is not a loss when a
逆転 is activated). A main deck emptied otherwise (mana) is no loss until damage comes.

Setup: the main and skill decks are shuffled; 5 cards of the main deck to mana, hand 5 (the second player
6; option `first`: 0 = the human starts). No mulligan. The goldfish without a deck of its own gets
`goldfish_hp` face-down stand-in cards ("HP") as its main deck, and the same setup takes its 5 mana and its
hand from them (so a goldfish of 50 has 39 HP when second, 40 when first); it loses when hits bring that
deck to 0. Status cards stay face up in `status`; their `status` script steps (stats of the
owner's units, costs) apply while they are there; other text is applied by hand.

Versus (seats=["player", "player"], issue 34; the "versus" section below): the second seat plays its own deck
by the same rules; option `first` names the seat that holds the first right (kept as state["first"]). The
rules above, written for the human, act for whichever seat decides (the game relabelled, `_flip`). An attack
hits when the attacked player passes the right back, after their answer (『防御』, a block, a card); an attack
on a unit is a battle then, and its player may answer it too (lines 50, 53-55): 『防御』 and cards that take N off
lower what the attacker deals to the unit (which is then guarded at that speed, line 62's 例), another unit at least
as fast blocks it (the battle is the blocker's); a unit summoned to block is of an attack on the player only
(lines 71-73). A hit's 逆転 chance is the hit player's: at once if they hold the right, else with
their next right. A skill card's effect (a card of the skill deck that is no unit or equipment) waits for the
other player's answer: on their right they may first interrupt with a skill of theirs 2 or more faster (seed
line 42; a skill that prints no 素早さ counts 0), whose effect resolves first, then the waiting one's, and the
right passes on; or let it resolve (`let_resolve`) and then use their right. A player with no skill that could
interrupt is not asked (解決させる being the only answer): the waiting effect resolves as their right begins.
"""

from __future__ import annotations

import marshal
import re
from operator import itemgetter

from ...engine import effects
from ...engine.cards import CardCache, CardTable, same_data
from ...engine.core import IllegalAction, draw, first_player, move, shuffle_zone
from ...engine.play import FREE, Play, mirrored
from . import ANSWER_OPS, UNIT_OPS

UNIT, EQUIP, STATUS = "ユニット", "装備品", "ステータス"
RANK = {"近": 0, "中": 1, "遠": 2}
HP_CARD = {"key": "manacard:HP", "name": "HP", "card_type": "token"}
READINGS = ("both", "hit", "skill", "off")
RIGHT_ACTIONS = ("play", "pass", "end_turn", "defend", "block", "summon_block")
FIELD = ("p0.field", "p1.field")
# a card whose text takes off an attack (氷の壁: 相手の攻撃を2軽減する), when its script says nothing of it
REDUCE_TEXT = re.compile(r"攻撃を\s*([0-9０-９]+)\s*軽減")
DIGITS = str.maketrans("０１２３４５６７８９", "0123456789")


NO_STEPS: dict = {"played": ((), ()), "attack": ((), ()), "reversal": ((), ())}


_DEF = itemgetter("def")


class Info:
    """What the rules need of a card's data, worked out once per card key of a game."""

    __slots__ = (
        "type", "unit", "distance", "rank", "stats", "cost", "aim", "aim_reversal", "playable", "cost_mods", "reversal",
        "equipped", "status", "steps", "speed", "reduce",
    )

    def __init__(self, d: dict, options: dict):
        fields = d.get("fields") or {}
        self.type = kind = d.get("card_type", "")
        self.unit = kind == UNIT
        self.distance = fields.get("distance")
        self.rank = RANK.get(self.distance, 0)
        self.stats = {"attack": fields.get("attack") or 0, "hp": fields.get("hp") or 0, "speed": fields.get("speed") or 0}
        self.cost = d.get("cost") or 0
        printed = fields.get("speed")
        self.speed = printed if _whole(printed, 0, 999) else None  # a printed 素早さ (None: the card prints none)
        self.reversal = "逆転" in (d.get("keywords") or ()) or "【逆転】" in (d.get("rules_text") or "")
        script = fields.get("script")
        by_when: dict = {}
        for step in script or ():
            by_when.setdefault(step.get("when") or "played", []).append(step)
        only_reversal = self.reversal and kind not in (UNIT, EQUIP) and not by_when.get("played")
        self.playable = kind != STATUS and (not only_reversal or bool(options.get("play_reversal_cards")))
        # an answer to an attack on its player (attack_reduce, or the text 相手の攻撃をN軽減する): the amount off it
        answers = [x for x in by_when.get("played") or () if x.get("op") in ANSWER_OPS]
        found = None if answers or kind in (UNIT, EQUIP) else REDUCE_TEXT.search(d.get("rules_text") or "")
        self.reduce = sum(1 if x.get("amount") is None else x["amount"] for x in answers) or (int(found.group(1).translate(DIGITS)) if found else 0)
        self.aim = ("you", False) if kind == EQUIP else _aim(by_when.get("played"))
        self.aim_reversal = _aim(by_when.get("reversal"))
        status = by_when.get("status") or ()
        self.cost_mods = tuple((s.get("of_type"), s.get("amount") or 0) for s in status if s.get("stat") == "cost")
        # continuous stat changes: (stat, amount, distance or None) of an equipment for its unit, and of a
        # status card for its owner's units (cost steps apart, above)
        self.equipped = tuple((s.get("stat"), s.get("amount") or 0, s.get("if_distance")) for s in by_when.get("equipped") or ())
        self.status = tuple((s.get("stat"), s.get("amount") or 0, s.get("if_distance")) for s in status if s.get("stat") != "cost" and s.get("of_type") in (None, UNIT))
        # the steps that run when played, on attack and on a 逆転 activation: (unit steps, the others)
        self.steps = NO_STEPS
        if script:
            self.steps = {
                when: (
                    tuple(x for x in by_when.get(when, ()) if x["op"] in UNIT_OPS),
                    tuple(x for x in by_when.get(when, ()) if x["op"] not in UNIT_OPS and x["op"] not in ANSWER_OPS),
                )
                for when in ("played", "attack", "reversal")
            }


class InfoCache(CardCache):
    """The tables of Info; a new table is told its game's cards (an instance's card never changes)."""

    def __init__(self, read, table_class):
        super().__init__(read, table_class)
        self.current: InfoTable | None = None  # the table asked for last (ManacardRules.table's quick answer)
        # (the cards dict of the game set up last, the _make_cards template its cards were copied from): see table
        self.fresh: tuple | None = None

    def table(self, state):
        table = super().table(state)
        last = self.current
        if not table.of and last is not None and last is not table and last.options is table.options and same_data(table.defs, last.defs):
            # a new game of the same card data and options (a simulation's next game): the last game's Info of
            # each card key, which reading them again would give (CardTable.made), at once
            table.update(last)
            # and, when both games' cards were copied from the same template (the same instance ids of the same
            # card keys), the last game's instance id -> Info as it was once filled from it, in one dict copy
            fresh, base = self.fresh, last.base
            if fresh is not None and base is not None and fresh[0] is state["cards"] and base[0] is fresh[1]:
                table.of = base[1].copy()
                table.base = base
                if len(last.of) == len(base[1]):  # (no card made in the last game: its instance ids are all the template's)
                    # what the status cards change, keyed by their instance ids: the same cards here, the same answers
                    table.stat_mods, table.mods = last.stat_mods, last.mods
                    table.status_plans = last.status_plans  # (the autopilot's, likewise)
        cards = state["cards"]
        if not table.of:
            table.fill(cards)
            fresh = self.fresh
            if fresh is not None and fresh[0] is cards and len(cards) == len(fresh[1][2]):  # (no card made since)
                table.base = (fresh[1], table.of.copy())
        else:
            table.fill(cards)
        self.current = table
        return table


class InfoTable(CardTable):
    """Card key -> Info for one game's card data (engine/cards.py), with what plays ask of it often."""

    def __init__(self, defs: dict, options: dict, read):
        super().__init__(defs, options, read)
        # instance id -> Info, `table.of[iid]`: a plain dict (a dict subclass's subscript is a Python-level
        # call, several times slower) of every instance of the game's cards, made whole by `fill`
        self.of: dict = {}
        self.tops: tuple = ((), [])  # a skill deck (as a tuple) and the top copy of each of its cards
        self.mods: dict = {}  # a player's face-up status cards -> the cost changes they make
        self.stat_mods: dict = {}  # a player's face-up status cards -> {(stat, 距離): what they add to it}
        self.status_plans: dict = {}  # the player's face-up status cards -> what the autopilot's plans read of them
        self.base: tuple | None = None  # (a _make_cards template, `of` as filled from a game copied from it)

    def fill(self, cards: dict) -> None:
        """`of` for every instance of `cards` (cards are never taken out of a game: one it does not hold yet
        makes the cards dict longer than `of`)."""
        of = self.of
        if not of:  # (a new game's: every card at once, one pass in C)
            of.update(zip(cards, map(self.__getitem__, map(_DEF, cards.values())), strict=True))
        elif len(of) != len(cards):
            for iid, card in cards.items():
                if iid not in of:
                    of[iid] = self[card["def"]]

    def skill_tops(self, cards: dict, skill: list) -> list:
        key = tuple(skill)
        if self.tops[0] != key:
            self.tops = (key, list({cards[i]["def"]: i for i in skill}.values()))
        return self.tops[1]


def _aim(steps) -> tuple | None:
    """Whose units a play (or a 逆転 activation) with these steps names as its "target", and whether only
    damaged ones (a heal needs a unit with damage to recover from); None: the card names no target."""
    for step in steps or ():
        if step["op"] in UNIT_OPS:
            who = step.get("who") or ("opponent" if step["op"] == "unit_damage" else "you")
            return who, step["op"] == "unit_heal"
    return None


def _whole(value, low, high) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high



_MADE: dict = {}  # (id of the setup's decks, goldfish_hp, first id) -> _make_cards of them


def _make_cards(decks, goldfish_hp: int, n: int, zone_names) -> tuple:
    """(decks, defs, cards, zone lists, next id) of the decks' instances (see _add_cards): a template each
    game copies, never changed itself."""
    defs: dict = {}
    cards: dict = {}
    zones: dict = {name: [] for name in zone_names}
    for p in (0, 1):
        deck = decks[p] if len(decks) > p else None
        if p == 1 and not deck:
            deck = [HP_CARD] * goldfish_hp
        made: dict = {}  # id of a card dict of the deck -> (its zone, its instance): copies are often one dict
        for card in deck or ():
            found = made.get(id(card))
            if found is None:
                key = str(card.get("key") or card.get("id") or card.get("name"))
                section = card.get("section")
                if section is None:
                    section = (card.get("fields") or {}).get("deck")
                if key not in defs:
                    defs[key] = {k: v for k, v in card.items() if k not in ("key", "section")}
                instance = {"def": key, "owner": p, "zone": f"p{p}.deck", "face_up": False, "tapped": False, "counters": {}, "token": False}
                if section == "skill" or section == "status":
                    instance.update(zone=f"p{p}.{section}", face_up=section == "status", home=section)
                found = made[id(card)] = (zones[instance["zone"]], instance)
            where, instance = found
            iid = f"c{n}"
            n += 1
            instance = cards[iid] = instance.copy()
            instance["counters"] = {}
            where.append(iid)
    return decks, defs, list(cards.items()), [(name, ids) for name, ids in zones.items() if ids], n


_INFO: dict = {}  # (id of a card's data, play_reversal_cards) -> (the data, its Info): see _info
_BY_CONTENT: dict = {}  # (the data marshalled, play_reversal_cards) -> its Info


def _info(d: dict, options: dict) -> Info:
    """The Info of a card's data; the same data object (shared by the games of one decks, _add_cards) gives
    the same Info, which is read-only."""
    flag = bool(options.get("play_reversal_cards"))
    key = (id(d), flag)
    found = _INFO.get(key)
    if found is None or found[0] is not d:
        if len(_INFO) >= 4096:
            _INFO.clear()
        # a copy of data met before (the versus AI's rollouts copy whole games): the same content, the same Info
        try:
            blob = (marshal.dumps(d, 2), flag)  # (version 2: no references, so equal data gives equal bytes)
        except ValueError:
            blob = None
        info = _BY_CONTENT.get(blob) if blob is not None else None
        if info is None:
            info = Info(d, options)
            if blob is not None:
                if len(_BY_CONTENT) >= 4096:
                    _BY_CONTENT.clear()
                _BY_CONTENT[blob] = info
        found = _INFO[key] = (d, info)
    return found[1]


def _move_top(state, source: str, to: str, n: int, face_up: bool) -> list[str]:
    """The top n cards of a pile (fewer if it runs out) to the top of zone `to`, face up or down, as n moves
    of the pile's top card would (core.move, whose events are each {"type": "move", "card", "from": source,
    "to"}) but at once: setup and every hit move several cards, and core.move finds each one by a search of
    its zone from the bottom. Returns the cards moved, the top one first."""
    pile = state["zones"][source]
    k = min(n, len(pile))
    if k <= 0:
        return []
    moved = pile[-k:]
    del pile[-k:]
    moved.reverse()
    zones = state["zones"]
    target = zones.get(to)
    if target is None:  # a zone no card was in yet
        target = zones[to] = []
    target += moved
    cards = state["cards"]
    for iid in moved:
        card = cards[iid]
        card["zone"] = to
        card["face_up"] = face_up
    return moved


STATUS_ZONE = ("p0.status", "p1.status")
FIELD_STATUS = {"p0.field": "p0.status", "p1.field": "p1.status"}  # a field zone -> its player's status zone
DECK_EXILE = (("p0.deck", "p0.exile"), ("p1.deck", "p1.exile"))  # a player's main deck and exile zones
NO_COSTS: tuple = ((), {})  # (no status card: no cost changes; shared, never changed)

class ManacardRules(Play):
    slug = "manacard"
    zones = ("deck", "skill", "status", "mana", "hand", "field", "discard", "exile")
    deck_zone = "deck"
    discard_zone = "discard"

    reads = ("table", "pay_bounds", "cost_mods", "cost_of", "stat", "aimed")
    # apply leaves the result checked (engine/play.py): it ends with check_result, which a passed right's hit or
    # answered attack made already when nothing came after it (`_checked`: the game _pass_right checked last)
    result_checked = True
    _checked = None

    def __init__(self):
        super().__init__()
        self.cards = InfoCache(_info, InfoTable)

    def table(self, state) -> InfoTable:
        table = self.cards.current  # (asked dozens of times an action: the game's table, without a call)
        if table is not None and table.defs is state["defs"]:
            if len(table.of) != len(state["cards"]):  # (a card made since: a token)
                table.fill(state["cards"])
            return table
        return self.cards.table(state)

    def info(self, state, key: str) -> Info:
        return self.table(state)[key]

    @staticmethod
    def section_zone(section: str) -> str | None:
        return section if section in ("skill", "status") else None

    def players(self, decks, options):
        """The two players; their cards are made by setup (`_add_cards`), in one pass that is much quicker than
        the engine's card by card (a new game is a fifth of a random game's time)."""
        return [{"name": "player", "cards": []}, {"name": "goldfish", "goldfish": True, "cards": []}]

    @staticmethod
    def _add_cards(state) -> tuple:
        """Every deck's cards as instances, as core.add_card makes them (the same ids in the same order, defs
        and zones): a card starts in the zone of its deck section (skill, status; otherwise the main deck), or
        without one in the deck its data names (fields.deck); skill and status cards record it (`home`: their
        back shows it) and status cards are face up. The goldfish without a deck of its own gets
        `goldfish_hp` face-down stand-ins ("HP") as its main deck.

        A simulation sets up thousands of games of the same decks: the instances are made once per decks
        object (the setup record's, which nobody changes) and each game gets its own copy (each instance holds
        scalars and an empty "counters": a dict copy with a new counters dict is three times quicker than
        marshal); the card data (defs) is read-only, so its entries are shared, which also lets the Info of a
        card be reused from game to game (`_info`). Returns the template the cards were copied from."""
        decks, n = state["setup"]["decks"], state["next_id"]
        key = (id(decks), state["options"]["goldfish_hp"], n)
        made = _MADE.get(key)
        if made is None or made[0] is not decks:
            if len(_MADE) >= 8:
                _MADE.clear()
            made = _MADE[key] = _make_cards(decks, state["options"]["goldfish_hp"], n, list(state["zones"]))
        _decks, defs, instances, zone_ids, state["next_id"] = made
        known = state["defs"]
        for k, d in defs.items():
            known.setdefault(k, d)
        cards = state["cards"]
        for iid, instance in instances:
            instance = cards[iid] = instance.copy()
            instance["counters"] = {}
        zones = state["zones"]
        for name, ids in zone_ids:
            zones[name].extend(ids)
        return made

    def zone_visible(self, state, name, player):
        """The open zones (status, mana, field, discard: their cards are face up by the rules; a card put face
        down there by hand is hidden from the other player by the core's view); the hand and the skill deck to
        their owner only (the skill deck is face down, and its owner may look through it to choose what pays:
        スキルデッキからは任意のカードを選ぶことが出来). Nobody sees into the main deck or the exile (※裏向きで除外
        されたカードの内容は確認する事は出来ない): their face-up cards (a used 【逆転】 card on top of the deck, cards
        shown for a 逆転 chance) are shown anyway."""
        owner, _, kind = name.partition(".")
        if kind in ("status", "mana", "field", "discard"):
            return True
        if kind in ("hand", "skill"):
            return owner == f"p{player}"
        return False

    def draw_source(self, state, player):
        return f"p{player}.deck"

    # -- card data ---------------------------------------------------------------------------------------

    def _units(self, state, player) -> list[str]:
        of = self.table(state).of
        units = []  # (a plain loop: a comprehension is a call of its own)
        for i in state["zones"][FIELD[player]]:
            if of[i].unit:
                units.append(i)
        return units

    def _rank(self, state, iid) -> int:
        return self.table(state).of[iid].rank

    def stat(self, state, iid, name: str, where: str | None = None) -> int:
        """A unit's 攻撃力 ("attack"), 体力 ("hp") or 素早さ ("speed") now: printed, its counters of that name,
        its equipment's and its controller's status cards' steps, and a continued attack's lowered speed
        (`where`: as if it were in that zone, e.g. a unit summoned to block, on its owner's field)."""
        cards = state["cards"]
        table = self.cards.current  # (self.table's quick answer, without the call: a stat is asked very often)
        if table is None or table.defs is not state["defs"] or len(table.of) != len(cards):
            table = self.table(state)
        card = cards[iid]
        info = table.of[iid]
        value = info.stats.get(name, 0) + card["counters"].get(name, 0)
        where = where or card["zone"]
        statuses = FIELD_STATUS.get(where)  # (a field zone's player's status zone; None off the field)
        if statuses is None:
            return value
        distance = info.distance
        for other in state["zones"][where]:  # (plain loops: a comprehension is a call of its own)
            held = cards[other]
            if held.get("on") == iid:
                for stat, a, d in table.of[other].equipped:
                    if stat == name and (d is None or d == distance):
                        value += a
        statuses = state["zones"][statuses]
        if statuses:
            up = []
            for s in statuses:
                if cards[s]["face_up"]:
                    up.append(s)
            found = table.stat_mods.get(tuple(up))
            amount = None if found is None else found.get((name, distance))
            value += self._status_stat(cards, table, statuses, name, distance) if amount is None else amount
        chain = state["flags"]["chain"]
        if chain and name == "speed" and chain["card"] == iid:
            value += chain["speed"]
        return value

    @staticmethod
    def _status_stat(cards, table, statuses, name: str, distance) -> int:
        """What the face-up status cards among `statuses` add to the stat `name` of a unit of this 距離 (worked
        out once for each set of status cards: a stat is asked for at every attack and every plan)."""
        key = tuple([s for s in statuses if cards[s]["face_up"]])  # (instance ids: unique to their owner)
        found = table.stat_mods.get(key)
        if found is None:
            found = table.stat_mods[key] = {}
        amount = found.get((name, distance))
        if amount is None:
            amount = found[name, distance] = sum(
                a for s in key for stat, a, d in table[cards[s]["def"]].status if stat == name and d in (None, distance)
            )
        return amount

    def _status_costs(self, state, player) -> tuple:
        """The cost steps of the player's face-up status cards: a list of (card type or None, change), and the
        changes added up by card type (worked out once for each set of status cards)."""
        statuses = state["zones"][STATUS_ZONE[player]]
        if not statuses:
            return NO_COSTS
        cards, table = state["cards"], self.table(state)
        up = []  # (a plain loop: a comprehension is a call of its own)
        for s in statuses:
            if cards[s]["face_up"]:
                up.append(s)
        key = tuple(up)  # (instance ids: unique to their owner)
        found = table.mods.get(key)
        if found is None:
            mods = [m for s in key for m in table[cards[s]["def"]].cost_mods]
            change: dict = {}
            for of_type, amount in mods:
                change[of_type] = change.get(of_type, 0) + amount
            found = table.mods[key] = (mods, change)
        return found

    def cost_mods(self, state, player) -> list[tuple]:
        """(card type or None, change) of the cost steps of the player's status cards."""
        return self._status_costs(state, player)[0]

    @staticmethod
    def cost_of(info: Info, mods) -> int:
        cost = info.cost
        for of_type, amount in mods:
            if of_type in (None, info.type):
                cost += amount
        return cost if cost > 0 else 0

    def cost(self, state, iid) -> int:
        return self.cost_of(self.info(state, state["cards"][iid]["def"]), self.cost_mods(state, 0))

    def aimed(self, state, aim: tuple | None, mine=None, theirs=None) -> list[str] | None:
        """The units a target may be: `aim` is whose (opponent, you, each_player) and whether only units with
        damage (for a heal); None: the card names no target."""
        if aim is None:
            return None
        who, damaged = aim
        if who == "opponent":
            units = self._units(state, 1) if theirs is None else theirs
        elif who == "you":
            units = self._units(state, 0) if mine is None else mine
        else:
            units = (self._units(state, 0) if mine is None else mine) + (self._units(state, 1) if theirs is None else theirs)
        if damaged:
            return [u for u in units if state["cards"][u]["counters"].get("damage")]
        return units

    # -- setup -------------------------------------------------------------------------------------------

    def setup(self, state):
        opts = state["options"]
        first = first_player(opts)
        self.cards.fresh = (state["cards"], self._add_cards(state))  # (InfoCache.table: `of` from the template's)
        state["flags"] = {
            "streak": 0, "owed": 0, "due": False, "chance": False, "wounded": [], "attack": None, "chain": None, "life": [0, 0],
            "incoming": None, "locks": {},
        }
        decks = state["setup"]["decks"]
        for p in (0, 1):
            if p == 0 or (len(decks) > 1 and decks[1]):  # (the goldfish's stand-ins are all alike: no shuffle)
                shuffle_zone(state, f"p{p}.deck")
                shuffle_zone(state, f"p{p}.skill")
            # (move() of the top card, and draw(), card by card: the same state; setup keeps no events)
            _move_top(state, f"p{p}.deck", f"p{p}.mana", opts["mana"], True)
            _move_top(state, f"p{p}.deck", f"p{p}.hand", opts["hand"] + (opts["second_extra"] if p != first else 0), False)
        state["turn"], state["phase"] = 1, "action"
        state["priority"] = state["active"] = 0  # (a goldfish that starts has passed its first right)
        if self.is_versus(state):  # two players: the first holds the first action right (seed line 15: ①先行後攻を決める)
            state["first"] = state["priority"] = state["active"] = first
            state["flags"]["streak_other"] = 0
        self._sync_life(state)

    # -- the action right --------------------------------------------------------------------------------

    def _commit(self, state, kind: str, targets=(), attacker: str | None = None) -> list[dict]:
        """Bookkeeping when the human's action on the right is done: the mana streak, a continued attack,
        and the recovery of the units damaged last (and the end of their speed locks) when this action
        targets none of them."""
        flags = state["flags"]
        if kind != "mana":
            flags["streak"] = 0
        chain = flags["chain"]
        if chain and chain["card"] != attacker:
            flags["chain"] = None
        events = []
        wounded = flags["wounded"]
        if wounded and not set(wounded) & set(targets):
            for iid in wounded:
                if state["cards"][iid]["counters"].pop("damage", None):
                    events.append({"type": "recover", "card": iid})
            flags["wounded"] = []
        if flags["locks"] and not set(flags["locks"]) & set(targets):
            flags["locks"] = {}
        return events

    def _pass_right(self, state) -> list[dict]:
        """The right goes to the goldfish. With attacks declared it passes it straight back, letting them hit
        (攻撃宣言中、行動権を相手に渡す事で攻撃ヒット成立): its own first (as the human answered it), then the
        human's. With none, it declares an attack with its strongest unit, if it has one (option
        goldfish_attacks), and the right comes back to the human with the attack declared."""
        flags = state["flags"]
        self._checked = None
        state["priority"] = state["active"] = 1
        events: list[dict] = [{"type": "right", "player": 1}]
        attack, flags["attack"] = flags["attack"], None
        incoming, flags["incoming"] = flags["incoming"], None
        declared = [] if attack or incoming else self._goldfish_declares(state)
        events += declared or [{"type": "pass", "player": 1}]
        keep = False
        for resolve in (incoming, attack):
            if not resolve:
                continue
            if resolve is incoming:
                events += self._incoming_hits(state, incoming)
            else:
                more, keep = self._hit(state, attack)
                events += more
            self.check_result(state)
            if state["result"] is not None:
                return events
        state["priority"] = state["active"] = 0
        if not keep:
            state["turn"] += 1
        events.append({"type": "right", "player": 0, "turn": state["turn"]})
        if incoming or attack:  # (checked after its hits, nothing changed since: see apply)
            self._checked = state
        return events

    def _settle(self, state) -> list[dict]:
        """After an action: a 逆転 chance owed, then the right passes owed, until a decision waits."""
        flags = state["flags"]
        events: list[dict] = []
        while state["result"] is None and not state["pending"]:
            if state["priority"] != 0:
                break  # (versus: the other player's right)
            if flags["due"] and not flags["chance"] and not flags.get("waiting"):
                self._checked = None
                events += self._open_chance(state)
            elif flags["owed"] > 0:
                flags["owed"] -= 1
                if "streak_other" in flags:  # versus: the right goes to the other player, who decides next
                    more, passed = self._pass_right_versus(state)
                    events += more
                    if passed:
                        break
                    continue
                events += self._pass_right(state)
            else:
                break
        return events

    # -- the goldfish's attacks, and the human's answers -------------------------------------------------

    def _goldfish_declares(self, state) -> list[dict]:
        """The goldfish's unit with the highest 攻撃力 (the first on its field among equals) declares an attack on
        the human (its cards' own text is applied by hand: the goldfish plays nothing)."""
        if not state["options"]["goldfish_attacks"] or not state["zones"]["p1.field"]:
            return []
        best, strongest = None, 0
        for unit in self._units(state, 1):
            attack = self.stat(state, unit, "attack")
            if attack > strongest and state["cards"][unit]["face_up"]:
                best, strongest = unit, attack
        if best is None:
            return []
        speed = self.stat(state, best, "speed")
        state["flags"]["incoming"] = {"card": best, "speed": speed, "reduce": 0, "block": None}
        return [{"type": "attack", "card": best, "target": None, "player": 1, "speed": speed}]

    def _incoming_hits(self, state, incoming) -> list[dict]:
        """The goldfish's declared attack hits: a battle with the unit that blocked it, or the human's main deck,
        less what 『防御』 and cards took off it."""
        unit, cards = incoming["card"], state["cards"]
        if cards[unit]["zone"] != "p1.field":
            return [{"type": "attack_fizzles", "card": unit}]
        blocker = incoming["block"]
        if incoming.get("target"):  # versus: the other player's unit attacked one of this player's units
            if blocker and cards[blocker]["zone"] == "p0.field":  # another unit took the attack (seed line 50)
                return self._battle(state, unit, blocker, incoming["reduce"])[0]
            if cards[incoming["target"]]["zone"] != "p0.field":
                return [{"type": "attack_fizzles", "card": unit}]
            return self._battle(state, unit, incoming["target"], incoming["reduce"])[0]
        if blocker and cards[blocker]["zone"] == "p0.field":
            return self._battle(state, unit, blocker)[0]
        attack = max(0, self.stat(state, unit, "attack"))
        amount = max(0, attack - incoming["reduce"])
        events = [{"type": "attack_hits", "card": unit, "player": 0, "amount": amount, "reduced": attack - amount}]
        return events + self.damage_player(state, 0, amount, unit)

    def _answer_speed(self, state, printed, against: int) -> int:
        """The speed of the human's action against something of speed `against`: its printed one, else the
        option unprinted_speed's ("match": that of what it answers; "zero": 0)."""
        if printed is not None:
            return printed
        return against if state["options"]["unprinted_speed"] == "match" else 0

    def _need(self, state, target) -> int:
        """The speed an action on this unit needs: the speed of the attack it is making on the human (※攻撃に対して
        行動する際、その素早さ以上の行動を行えるものでないとならない) and its lock while it recovers from a battle
        both sides acted in (例: …次からそのユニットが回復するまで、素早さ2以上でないとそのユニットを対象とする効果を
        発動できない)."""
        flags = state["flags"]
        need = flags["locks"].get(target, 0)
        incoming = flags["incoming"]
        if incoming and incoming["card"] == target:
            need = max(need, incoming["speed"])
        return need

    def _lock(self, state, units, speed) -> None:
        locks = state["flags"]["locks"]
        for unit in units:
            locks[unit] = max(locks.get(unit, 0), speed)

    def _incoming(self, state, player_only: bool = False) -> dict:
        """The attack declared on the holder or on one of their units (versus; `player_only`: on the holder)."""
        incoming = state["flags"]["incoming"]
        if not incoming or (player_only and incoming.get("target")):
            raise IllegalAction("type: no attack is declared on you" + (" (an attack on a unit is not blocked by a summon)" if incoming else ""))
        return incoming

    @staticmethod
    def _guarded_units(incoming) -> tuple:
        """The units an answer to the attack acts for: the attacker, and the unit it attacks (versus) if any."""
        target = incoming.get("target")
        return (incoming["card"], target) if target else (incoming["card"],)

    def _do_defend(self, state, action):
        """『防御』: the attack is 1 less."""
        incoming = self._incoming(state)
        if self._answer_speed(state, None, incoming["speed"]) < incoming["speed"]:
            raise IllegalAction(f"type: 『防御』 is slower than the attack (speed {incoming['speed']})")
        events = self._commit(state, "defend", self._guarded_units(incoming))
        incoming["reduce"] += 1
        if incoming.get("target"):  # 例: …素早さ2の行動で守りに入ると、次からそのユニットが回復するまで、素早さ2以上でないと…
            self._lock(state, (incoming["target"],), self._answer_speed(state, None, incoming["speed"]))
        state["flags"]["owed"] += 1
        return events + [{"type": "defend", "player": 0, "card": incoming["card"]}]

    def _do_block(self, state, action):
        """A unit of the human's at least as fast as the attacker takes the attack (a battle with it)."""
        incoming = self._incoming(state)
        unit = action.get("card")
        if unit not in self._units(state, 0):
            raise IllegalAction(f"card: {unit!r} is not one of your units on the field")
        if unit == incoming.get("target"):
            raise IllegalAction(f"card: {unit!r} is the unit attacked (another unit may take the attack)")
        speed = self.stat(state, unit, "speed")
        if speed < incoming["speed"]:
            raise IllegalAction(f"card: speed {speed}, less than the attacker's {incoming['speed']}")
        events = self._commit(state, "block", (*self._guarded_units(incoming), unit))
        incoming["block"] = unit
        self._lock(state, (incoming["card"], unit), speed)
        state["flags"]["owed"] += 1
        return events + [{"type": "block", "card": unit, "attacker": incoming["card"]}]

    def _do_summon_block(self, state, action):
        """A unit summoned from the hand to block at once: its cost and 1 mana more, a mana card (マナを1つ余分に: the
        skill deck pays no part of the extra), its steps that name a unit get none."""
        incoming = self._incoming(state, player_only=True)
        iid = action.get("card")
        if not isinstance(iid, str) or state["cards"].get(iid, {}).get("zone") != "p0.hand":
            raise IllegalAction(f"card: {iid!r} is not a card in your hand")
        info = self.info(state, state["cards"][iid]["def"])
        if not info.unit:
            raise IllegalAction(f"card: {iid!r} is not a unit")
        speed = self.stat(state, iid, "speed", "p0.field")
        if speed < incoming["speed"]:
            raise IllegalAction(f"card: speed {speed}, less than the attacker's {incoming['speed']}")
        if not state["zones"]["p0.mana"]:
            raise IllegalAction("card: a unit summoned to block pays 1 mana more, and your mana zone is empty")
        return self._start_payment(state, iid, info, None, 1)

    # -- legal actions -----------------------------------------------------------------------------------

    def _exiled_skill(self, state, player) -> list[str]:
        cards = state["cards"]
        return [i for i in state["zones"][f"p{player}.exile"] if not cards[i]["face_up"] and cards[i].get("home") == "skill"]

    def _legal_free(self, state):
        if state["priority"] != 0:
            return []
        zones, cards, flags = state["zones"], state["cards"], state["flags"]
        table = self.table(state)
        mine = [i for i in zones["p0.field"] if table[cards[i]["def"]].unit]
        theirs = [i for i in zones["p1.field"] if table[cards[i]["def"]].unit]
        chain = flags["chain"]
        if chain and self._attack_only(state):  # 例: …素早さ3のユニットBが再び攻撃に移ることが出来る (or the right passes)
            return self._attacks(state, table, [chain["card"]], theirs) + [{"type": "pass"}]
        out = self._plays(state, table, mine, theirs)
        incoming = flags["incoming"]
        if incoming:
            out += self._answers(state, table, mine, incoming)
        if zones["p0.deck"]:
            out.append({"type": "pass", "option": "mana"})
        if zones["p0.mana"]:
            out.append({"type": "pass", "option": "mana_to_hand"})
        if any(not cards[i]["face_up"] and cards[i].get("home") == "skill" for i in zones["p0.exile"]):
            out.append({"type": "pass", "option": "return_skill"})
        out += self._attacks(state, table, mine, theirs)
        if incoming and not incoming.get("target") and self._can_counter(state, incoming):
            out.append({"type": "pass", "option": "attack", "target": incoming["card"]})
        out.append({"type": "pass"})
        return out

    @staticmethod
    def _attack_only(state) -> bool:
        """Whether a continued attack (3 or more faster) lets that unit attack again and nothing else (option
        continued_action "attack", the seed's example read as the rule); by default any action the right allows
        (※…そのまま連続で行動する事が出来る)."""
        return state["options"]["continued_action"] == "attack"

    def _attacks(self, state, table, units, theirs) -> list[dict]:
        """④ attacks: on the opponent, or on a unit within reach (近 < 中 < 遠) the attacker is fast enough for."""
        cards = state["cards"]
        out = []
        for unit in units:
            out.append({"type": "pass", "option": "attack", "card": unit})
            if theirs:
                rank = table[cards[unit]["def"]].rank
                for t in theirs:
                    if table[cards[t]["def"]].rank <= rank and (not self._need(state, t) or self.stat(state, unit, "speed") >= self._need(state, t)):
                        out.append({"type": "pass", "option": "attack", "card": unit, "target": t})
        return out

    def _answers(self, state, table, mine, incoming) -> list[dict]:
        """What else the human may do against a declared attack: 『防御』, a unit at least as fast blocks it, or one
        summoned from the hand blocks it for 1 mana more (a mana card: none is offered with an empty mana zone)."""
        speed, attacked = incoming["speed"], incoming.get("target")
        out = [{"type": "defend"}] if self._answer_speed(state, None, speed) >= speed else []
        out += [{"type": "block", "card": u} for u in mine if u != attacked and self.stat(state, u, "speed") >= speed]
        cards, zones = state["cards"], state["zones"]
        # また、ユニットを召喚してそのまま防ぐ際、マナを1つ余分に払わなければならない (of an attack on the player: lines 71-73)
        if attacked or not zones["p0.mana"]:
            return out
        budget = len(zones["p0.mana"]) + len(zones["p0.skill"]) - 1
        mods = self.cost_mods(state, 0)
        seen = set()
        for iid in zones["p0.hand"]:
            key = cards[iid]["def"]
            info = table[key]
            if info.unit and key not in seen and self.cost_of(info, mods) <= budget and self.stat(state, iid, "speed", "p0.field") >= speed:
                seen.add(key)
                out.append({"type": "summon_block", "card": iid})
        return out

    def _can_counter(self, state, incoming) -> bool:
        """④の※: an attacked player with 攻撃力 (option player_attack) may attack the attacker back, within the
        player's 距離 (option player_distance) and fast enough."""
        opts = state["options"]
        return (
            opts["player_attack"] > 0
            and not incoming.get("target")
            and state["cards"][incoming["card"]]["zone"] == "p1.field"
            and self._rank(state, incoming["card"]) <= RANK[opts["player_distance"]]
            and self._answer_speed(state, None, incoming["speed"]) >= incoming["speed"]
        )

    def _plays(self, state, table, mine, theirs) -> list[dict]:
        """A play for each card of the hand, and for one of each card of the skill deck, that can be paid; a card
        that names a unit: a play for each unit it may name, for one copy of it in the hand (copies are alike: a
        hand of copies times the units on the field would make too many actions). A card that answers an attack
        (attack_reduce) only while one is declared on the human and when it is fast enough; a unit is named
        only by a card fast enough for it (_need)."""
        zones, cards, flags = state["zones"], state["cards"], state["flags"]
        skill = zones["p0.skill"]
        budget = len(zones["p0.mana"]) + len(skill)
        change = self._status_costs(state, 0)[1]  # the status cards' cost changes by card type (None: every card)
        every = change.get(None, 0)
        incoming = flags["incoming"]
        checked = flags["locks"] or incoming  # (no lock and no attack: no speed to check)
        aimed: dict = {}  # aim -> its targets, for this call
        out: list[dict] = []
        append = out.append
        of = table.of
        for group in (zones["p0.hand"], table.skill_tops(cards, skill)):  # the top copy of each card of the skill deck
            named: set = set()  # the cards (Info) given their plays with a target already
            for iid in group:
                info = of[iid]
                if not info.playable or (info.cost + every + change.get(info.type, 0) if change else info.cost) > budget:
                    continue
                if info.reduce and not (incoming and self._answer_speed(state, info.speed, incoming["speed"]) >= incoming["speed"]):
                    continue
                aim = info.aim
                if aim is None:
                    append({"type": "play", "card": iid})
                    continue
                targets = aimed.get(aim)
                if targets is None:
                    targets = aimed[aim] = self.aimed(state, aim, mine, theirs)
                if targets and checked:
                    targets = [t for t in targets if self._answer_speed(state, info.speed, self._need(state, t)) >= self._need(state, t)]
                if targets:
                    if info not in named:
                        named.add(info)
                        out += [{"type": "play", "card": iid, "target": t} for t in targets]
                elif info.unit:  # a unit is played for itself: its steps on a unit wait for one to name
                    append({"type": "play", "card": iid})
            budget -= 1  # a card played from the skill deck cannot pay for itself
        return out

    def pay_bounds(self, state, pending) -> tuple[int, int]:
        """The least and most mana cards the payment may take (a unit summoned to block: at least its extra one)."""
        skill = state["zones"]["p0.skill"]
        spare = len(skill) - (pending["card"] in skill)
        low = max(1 if pending.get("block") else 0, pending["cost"] - spare)
        return low, min(pending["cost"], len(state["zones"]["p0.mana"]))

    def _legal_pay_mana(self, state, pending):
        low, high = pending["choose"]["min"], pending["choose"]["max"]
        mana = state["zones"]["p0.mana"]
        out = [{"type": "pay_mana", "cards": mana[:high]}]  # the default: as much as the mana zone can, oldest first
        if high < len(mana):
            out.append({"type": "pay_mana", "cards": mana[len(mana) - high :]})
        if low < high:
            out.append({"type": "pay_mana", "cards": mana[:low]})
            if low + 1 < high:
                out.append({"type": "pay_mana", "cards": mana[: (low + high) // 2]})
        return out + [{"type": "cancel"}]

    def _legal_pay_skill(self, state, pending):
        rest = pending["rest"]
        chosen = []
        for iid in reversed(state["zones"]["p0.skill"]):
            if len(chosen) == rest:
                break
            if iid != pending["card"]:
                chosen.append(iid)
        if len(chosen) < rest:
            return [{"type": "cancel"}]
        out = [{"type": "pay_skill", "cards": chosen}]  # the default: from the top; or from the bottom, or the middle
        skill = state["zones"]["p0.skill"]
        for start in (0, max(0, (len(skill) - rest) // 2)):
            other = [i for i in skill[start : start + rest + 1] if i != pending["card"]][:rest]
            if len(other) == rest and all(set(other) != set(o["cards"]) for o in out):
                out.append({"type": "pay_skill", "cards": other})
        return out + [{"type": "cancel"}]

    def _legal_mana_to_hand(self, state, pending):
        mana = state["zones"]["p0.mana"]
        out = [{"type": "mana_to_hand", "cards": list(mana)}]
        if len(mana) > 1:
            out.append({"type": "mana_to_hand", "cards": mana[-1:]})
        return out + [{"type": "cancel"}]

    def _legal_reveal(self, state, pending):
        return [{"type": "reveal", "n": k} for k in range(pending["count"] + 1)]

    def _legal_reveal_skill(self, state, pending):
        out = [{"type": "reveal_skill", "cards": []}]
        seen = set()
        for iid in state["zones"]["p0.skill"]:
            key = state["cards"][iid]["def"]
            if key not in seen and self.info(state, key).reversal:
                seen.add(key)
                out.append({"type": "reveal_skill", "cards": [iid]})
        return out

    def _legal_reversal(self, state, pending):
        out = []
        for iid in self._reversal_candidates(state):
            targets = self.aimed(state, self.info(state, state["cards"][iid]["def"]).aim_reversal)
            if targets:
                out += [{"type": "reversal", "card": iid, "target": t} for t in targets]
            else:
                out.append({"type": "reversal", "card": iid})
        return out + [{"type": "no_reversal"}]

    def _legal_choose(self, state, pending):
        return effects.choose_actions(state)

    # -- actions -----------------------------------------------------------------------------------------

    ACTIONS = {
        FREE: RIGHT_ACTIONS,
        "pay_mana": ("pay_mana", "cancel"),
        "pay_skill": ("pay_skill", "cancel"),
        "mana_to_hand": ("mana_to_hand", "cancel"),
        "reveal": ("reveal",),
        "reveal_skill": ("reveal_skill",),
        "reversal": ("reversal", "no_reversal"),
        "choose": ("choose",),
        "interrupt": ("let_resolve", "play"),
    }

    def guard(self, state, kind):
        if state["pending"]:
            return None
        if state["priority"] != 0:
            return "priority: you do not hold the action right"
        if state["flags"]["chain"] and kind not in ("pass", "end_turn") and self._attack_only(state):
            return "type: a continued attack: its unit attacks again, or the right passes"
        return None

    settle = _settle  # the hook after every rule action (the method itself: one call less per action)

    def _decision(self, state):
        out = super().decision(state)
        if not out:
            return out
        pending = state["pending"]
        if out["type"] == "reveal":  # how many of the cards the hit exiled to show
            out.update(field="n", candidates=list(range(pending["count"] + 1)), min=1, max=1)
        elif out["type"] == "reversal":  # a revealed 【逆転】 card to activate (or no_reversal)
            out.update(field="card", candidates=self._reversal_candidates(state), min=1, max=1)
        return out

    # plays and payment

    def _targets(self, state, info) -> list[str] | None:
        """The units a play of this card may name: `aimed`, less those it is too slow for (_need); None: it names
        none (a unit with nothing to name is played without a target: its steps on a unit do nothing)."""
        targets = self.aimed(state, info.aim)
        if targets:
            targets = [t for t in targets if self._answer_speed(state, info.speed, self._need(state, t)) >= self._need(state, t)]
        if info.unit and not targets:
            return None
        return targets

    def _do_play(self, state, action):
        iid = action.get("card")
        if state["pending"] and state["pending"]["type"] == "interrupt":
            if {k: v for k, v in action.items()} not in self._interrupts(state):
                raise IllegalAction(f"card: {iid!r} is not a skill at least 2 faster than the one waiting")
            state["pending"] = None
            state["flags"]["interrupting"] = True
        if not isinstance(iid, str) or state["cards"].get(iid, {}).get("zone") not in ("p0.hand", "p0.skill"):
            raise IllegalAction(f"card: {iid!r} is not a card in your hand or skill deck")
        info = self.info(state, state["cards"][iid]["def"])
        if not info.playable:
            raise IllegalAction(f"card: {iid!r} is not played (a status card, or a 【逆転】 card used by 逆転)")
        if info.reduce:  # (コストやプレイタイミングなどが可能なカードをプレイする事が出来る)
            incoming = self._incoming(state)
            if self._answer_speed(state, info.speed, incoming["speed"]) < incoming["speed"]:
                raise IllegalAction(f"card: {iid!r} is slower than the attack (speed {incoming['speed']})")
        targets = self._targets(state, info)
        if targets is None and "target" in action:
            raise IllegalAction("target: this card names no target")
        if targets is not None and action.get("target") not in targets:
            raise IllegalAction(f"target: {action.get('target')!r} is not a unit this card may name (one of {targets})")
        return self._start_payment(state, iid, info, action.get("target"), 0)

    def _start_payment(self, state, iid, info, target, extra: int) -> list[dict]:
        """The cost (and `extra`: a unit summoned to block pays 1 more) asked of mana first, then the skill deck."""
        skill = state["zones"]["p0.skill"]
        budget = len(state["zones"]["p0.mana"]) + len(skill) - (iid in skill)
        cost = self.cost_of(info, self.cost_mods(state, 0)) + extra
        if cost > budget:
            raise IllegalAction(f"card: {iid!r} costs {cost}, more than your mana and skill deck can pay ({budget})")
        pending = {"type": "pay_mana", "player": 0, "card": iid, "target": target, "cost": cost}
        if extra:
            pending["block"] = True
        if cost == 0:
            return self._paid(state, pending, [], [])
        low, high = self.pay_bounds(state, pending)
        if low > high:  # (a unit summoned to block, with no mana card for its extra: refused before this)
            raise IllegalAction(f"card: {iid!r} needs {low} mana cards, and your mana zone has {high}")
        if high == 0:  # no mana: all of it from the skill deck
            return self._ask_skill(state, pending, [])
        pending["choose"] = {"zone": "p0.mana", "min": low, "max": high}
        state["pending"] = pending
        return [{"type": "pay", "card": iid, "cost": cost}]

    def _ask_skill(self, state, pending, mana) -> list[dict]:
        rest = pending["cost"] - len(mana)
        state["pending"] = {
            "type": "pay_skill",
            "player": 0,
            "card": pending["card"],
            "target": pending["target"],
            "cost": pending["cost"],
            "mana": list(mana),
            "rest": rest,
            # the card being played (from the skill deck) cannot pay for itself
            "choose": {"zone": "p0.skill", "min": rest, "max": rest, "exclude": [pending["card"]]},
            **({"block": True} if pending.get("block") else {}),
        }
        return [{"type": "pay", "card": pending["card"], "cost": pending["cost"], "mana": list(mana)}]

    # (each answer's cards were checked by the core against the decision: its zone, min and max)

    def _do_pay_mana(self, state, action):
        pending, cards = state["pending"], action["cards"]
        if len(cards) == pending["cost"]:
            return self._paid(state, pending, cards, [])
        return self._ask_skill(state, pending, cards)

    def _do_pay_skill(self, state, action):
        pending = state["pending"]
        return self._paid(state, pending, pending["mana"], action["cards"])

    def _do_cancel(self, state, action):
        pending, state["pending"] = state["pending"], None
        if state["flags"].pop("interrupting", False):  # (an interrupt given up: the decision again)
            state["pending"] = {"type": "interrupt", "player": 0}
        return [{"type": "cancel", "decision": pending["type"]}]

    def _paid(self, state, pending, mana, skill) -> list[dict]:
        """The cost is paid: the play resolves. Against a declared attack, a card that answers it takes its amount
        off, a unit summoned to block blocks it, and a play naming the attacker locks it at the play's speed."""
        state["pending"] = None
        iid, target = pending["card"], pending["target"]
        events = [{"type": "paid", "card": iid, "mana": list(mana), "skill": list(skill)}]
        for m in mana:  # under the main deck one after another: the last given is the bottom card
            events.append(move(state, m, "p0.deck", index=0, face_up=False))
        for s in skill:
            events.append(move(state, s, "p0.exile", face_up=False))
        info = self.info(state, state["cards"][iid]["def"])
        incoming = state["flags"]["incoming"]
        answering = incoming is not None and (info.reduce or pending.get("block") or target == incoming["card"])
        events += self._commit(state, "play", (target, *self._guarded_units(incoming)) if answering else (target,))
        if answering:
            speed = self.stat(state, iid, "speed", "p0.field") if info.unit else self._answer_speed(state, info.speed, incoming["speed"])
            incoming["reduce"] += info.reduce
            if info.reduce and incoming.get("target"):  # the attacked unit guarded at the card's speed (line 62's 例)
                self._lock(state, (incoming["target"],), speed)
            if pending.get("block"):
                incoming["block"] = iid
                self._lock(state, (incoming["card"], iid), speed)
            elif target == incoming["card"]:
                self._lock(state, (target,), speed)
        return events + self._resolve(state, iid, target)

    def _resolve(self, state, iid, target) -> list[dict]:
        card = state["cards"][iid]
        kind = self.info(state, card["def"]).type
        events = [{"type": "play", "card": iid, "player": 0, **({"target": target} if target else {})}]
        if kind in (UNIT, EQUIP):
            events.append(move(state, iid, "p0.field", face_up=True))
            if kind == EQUIP:
                card["on"] = target
        else:
            card["face_up"] = True
            flags = state["flags"]
            if "streak_other" in flags and card.get("home") == "skill" and not flags.pop("interrupting", False):
                # versus: a skill's effect waits for the other player's answer (seed line 42: 割り込み)
                flags["waiting"] = {"card": iid, "target": target, "speed": self._skill_speed(state, iid)}
                flags["owed"] += 1  # (playing a card passes the right: 何かしらのカード、能力をプレイした場合、行動権は相手に移る)
                return events
            if flags.get("waiting"):  # an interrupt: it resolves first, then the effect it interrupted
                return events + self._run(state, iid, "played", target) + self._other_frame(state, self._resolve_waiting)
        return events + self._run(state, iid, "played", target)

    def _run(self, state, iid, when, target) -> list[dict]:
        """The card's steps at `when`: its unit steps on the target first, then the others (effects.run), then
        after_effects."""
        unit_steps, others = self.table(state).of[iid].steps[when]
        events = self._unit_steps(state, unit_steps, target) if unit_steps else []
        if not others:
            return events + (self.after_effects(state, when, iid, 0) if state["result"] is None else [])
        return events + effects.run(state, iid, 0, [dict(x) for x in others], then=when)

    def _unit_steps(self, state, steps, target) -> list[dict]:
        """unit_damage / unit_heal on the unit the action named (if it is still on a field)."""
        events: list[dict] = []
        for step in steps:
            if not target or not state["cards"][target]["zone"].endswith(".field"):
                continue
            if step["op"] == "unit_damage":
                events += self._damage_unit(state, target, step.get("amount") if step.get("amount") is not None else 1)
            else:
                counters = state["cards"][target]["counters"]
                amount = step.get("amount")
                left = 0 if amount is None else max(0, counters.get("damage", 0) - amount)
                if counters.get("damage"):
                    if left:
                        counters["damage"] = left
                    else:
                        del counters["damage"]
                    events.append({"type": "unit_heal", "card": target, "damage": left})
        return events

    def after_effects(self, state, then, source, player) -> list[dict]:
        flags = state["flags"]
        events: list[dict] = []
        if then == "played":
            events += self._put_away(state, source)
            if not flags.pop("resolving", False):  # (a waiting effect resolves in the other player's right)
                flags["owed"] += 1
        elif then == "attack":
            flags["owed"] += 1
        elif then == "reversal":
            card = state["cards"][source]
            card["spent"] = True
            events.append(move(state, source, f"p{player}.deck", face_up=True))
            if not flags.pop("passing", False):  # (versus: a chance while passing the right uses that pass)
                flags["owed"] += 1
            events += self._chance_done(state, True)
        return events

    def _put_away(self, state, iid) -> list[dict]:
        """A used card that does not stay in play: skill cards exiled face down (or discarded), others discarded."""
        card = state["cards"][iid]
        if card["zone"] not in ("p0.hand", "p0.skill"):
            return []  # a unit or an equipment in play, or a card moved away by hand meanwhile
        if card.get("home") == "skill" and state["options"]["skill_used"] == "exile":
            return [move(state, iid, "p0.exile", face_up=False)]
        return [move(state, iid, "p0.discard", face_up=True)]

    # passing

    def _do_end_turn(self, state, action):
        """(The generic rules' end_turn: here a plain pass of the action right.)"""
        return self._do_pass(state, {"type": "pass"})

    def _do_pass(self, state, action):
        option = action.get("option")
        flags = state["flags"]
        zones = state["zones"]
        if option is None:
            events = self._commit(state, "pass")
            flags["owed"] += 1
            return events + [{"type": "pass", "player": 0}]
        if flags["chain"] and option != "attack" and self._attack_only(state):
            raise IllegalAction("option: a continued attack: its unit attacks again, or the right passes")
        if option == "attack":  # (the usual option first)
            return self._declare(state, action)
        if option == "mana":
            deck = zones["p0.deck"]
            if not deck:
                raise IllegalAction("option: the main deck is empty")
            count = flags["streak"] + 1
            n = action.get("n", count)
            if not _whole(n, 1, count):
                raise IllegalAction(f"n: a whole number from 1 to {count} (the count of consecutive mana passes)")
            events = self._commit(state, "mana")
            flags["streak"] = count
            events.append({"type": "mana", "player": 0, "count": count})
            for _ in range(min(n, len(deck))):
                events.append(move(state, deck[-1], "p0.mana", face_up=True))
            flags["owed"] += 1
            return events
        if option == "mana_to_hand":
            if not zones["p0.mana"]:
                raise IllegalAction("option: the mana zone is empty")
            if "cards" not in action:
                state["pending"] = {"type": "mana_to_hand", "player": 0, "choose": {"zone": "p0.mana", "min": 1, "max": len(zones["p0.mana"])}}
                return []
            # the cards named with the pass itself: what the pending choice would accept (checked before anything changes)
            cards, mana = action["cards"], zones["p0.mana"]
            if not isinstance(cards, list) or not cards or not all(isinstance(c, str) and c in mana for c in cards) or len(set(cards)) != len(cards):
                raise IllegalAction("cards: a list of different cards of your mana zone (at least one)")
            return self._do_mana_to_hand(state, action)
        if option == "return_skill":
            exiled = self._exiled_skill(state, 0)
            if not exiled:
                raise IllegalAction("option: no skill card is exiled face down")
            iid = action.get("card", exiled[-1])
            if iid not in exiled:
                raise IllegalAction(f"card: {iid!r} is not a skill card exiled face down")
            events = self._commit(state, "return_skill")
            events.append(move(state, iid, "p0.skill", face_up=False))
            flags["owed"] += 1
            return events
        raise IllegalAction(f"option: {option!r} is not one of mana, mana_to_hand, return_skill, attack")

    def _do_mana_to_hand(self, state, action):
        cards = action["cards"]
        state["pending"] = None
        events = self._commit(state, "mana_to_hand")
        events += [move(state, c, "p0.hand", face_up=False) for c in cards]
        state["flags"]["owed"] += 1
        return events

    # attacks

    def _declare(self, state, action):
        unit, target = action.get("card"), action.get("target")
        chain = state["flags"]["chain"]
        if chain and unit != chain["card"] and self._attack_only(state):
            raise IllegalAction(f"card: a continued attack: only {chain['card']!r} attacks again (or pass)")
        if unit is None and "card" not in action:
            return self._counter(state, target)
        if unit not in state["zones"]["p0.field"] or not self.table(state).of[unit].unit:  # (_units(state, 0))
            raise IllegalAction(f"card: {unit!r} is not one of your units on the field")
        if target is not None:
            if target not in self._units(state, 1):
                raise IllegalAction(f"target: {target!r} is not a unit of the opponent's")
            if self._rank(state, target) > self._rank(state, unit):
                raise IllegalAction("target: out of reach (近 cannot attack 中 or 遠, 中 cannot attack 遠)")
            need, speed = self._need(state, target), self.stat(state, unit, "speed")
            if speed < need:
                raise IllegalAction(f"target: needs speed {need} (the attacker has {speed})")
        incoming = state["flags"]["incoming"]
        events = self._commit(state, "attack", (target,), attacker=unit)
        if incoming and target == incoming["card"]:  # both sides now act on that unit
            self._lock(state, (target,), self.stat(state, unit, "speed"))
        state["flags"]["attack"] = {"card": unit, "target": target}
        events.append({"type": "attack", "card": unit, "target": target})
        return events + self._run(state, unit, "attack", target)

    def _counter(self, state, target):
        """④の※: the attacked player attacks the unit attacking them with their own 攻撃力 (player_attack)."""
        incoming = self._incoming(state)
        if target != incoming["card"] or not self._can_counter(state, incoming):
            raise IllegalAction("target: you may only attack back the unit attacking you, with 攻撃力 and within your 距離")
        events = self._commit(state, "attack", (target,))
        state["flags"]["attack"] = {"card": None, "target": target}
        state["flags"]["owed"] += 1
        return events + [{"type": "attack", "card": None, "target": target, "player": 0}]

    def _hit(self, state, attack) -> tuple[list[dict], bool]:
        """The declared attack hits: the opponent's main deck, or a battle with the target unit (the player's
        own counter-attack: its 攻撃力 on the unit)."""
        unit, target = attack["card"], attack["target"]
        if unit is None:
            if state["cards"][target]["zone"] != "p1.field":
                return [{"type": "attack_fizzles", "card": None}], False
            amount = state["options"]["player_attack"]
            return [{"type": "attack_hits", "card": None, "target": target, "amount": amount}] + self._damage_unit(state, target, amount), False
        zone_of = state["cards"][unit]["zone"]
        if zone_of != "p0.field":
            return [{"type": "attack_fizzles", "card": unit}], False
        if target is None:
            state["flags"]["chain"] = None
            amount = self.stat(state, unit, "attack")
            if amount < 0:
                amount = 0
            events = [{"type": "attack_hits", "card": unit, "player": 1, "amount": amount}]
            if amount > 0:  # (damage_player does nothing for 0)
                events += self.damage_player(state, 1, amount, unit)
            return events, False
        if state["cards"][target]["zone"] != "p1.field":
            return [{"type": "attack_fizzles", "card": unit}], False
        return self._battle(state, unit, target)
    def _battle(self, state, unit, target, reduce: int = 0) -> tuple[list[dict], bool]:
        """`unit` attacks `target` (a unit it declared on, or the human's blocker of the goldfish's attack): each deals
        its 攻撃力 to the other at once, if within its reach (近から中へ、近及び中から遠へは攻撃、反撃が出来ない); 2 or more
        apart in speed, no counter-attack (※…素早さが2以上離れている場合、反撃できず一方的に攻撃される; for a slower
        attacker, the option slow_attacker); 3 or more faster, the attacker's player acts on (flags.chain). `reduce`:
        what the attacked player's answers took off the attack (『防御』・・・ 相手の攻撃を1軽減する, versus)."""
        flags = state["flags"]
        target_speed = self.stat(state, target, "speed")
        diff = self.stat(state, unit, "speed") - target_speed
        rank, other = self._rank(state, unit), self._rank(state, target)
        strikes, counter = other <= rank, rank <= other
        if diff >= 2:
            counter = False
        elif diff <= -2:
            reading = state["options"]["slow_attacker"]
            if reading == "gap":
                counter = False
            elif reading == "faster":
                strikes = False
        dealt = max(0, self.stat(state, unit, "attack") - reduce) if strikes else None
        back = max(0, self.stat(state, target, "attack")) if counter else None
        events = [{"type": "battle", "card": unit, "target": target, "damage": dealt, "counter": back, **({"reduced": reduce} if reduce else {})}]
        events += self._damage_unit(state, target, dealt or 0)
        events += self._damage_unit(state, unit, back or 0)
        keep = diff > 2 and (state["cards"][unit]["zone"] == "p0.field" or ("streak_other" in flags and state["cards"][unit]["zone"] == "p1.field"))
        chain = flags["chain"]
        if keep:
            lowered = (chain["speed"] if chain and chain["card"] == unit else 0) - target_speed
            flags["chain"] = {"card": unit, "speed": lowered}
            events.append({"type": "continue", "card": unit, "speed": self.stat(state, unit, "speed"), "attack_only": self._attack_only(state)})
        else:
            flags["chain"] = None
        return events, keep

    def _damage_unit(self, state, iid, amount) -> list[dict]:
        if amount <= 0:
            return []
        counters = state["cards"][iid]["counters"]
        counters["damage"] = counters.get("damage", 0) + amount
        events = [{"type": "unit_damage", "card": iid, "amount": amount, "damage": counters["damage"]}]
        if counters["damage"] >= self.stat(state, iid, "hp"):
            return events + self._destroy(state, iid)
        if iid not in state["flags"]["wounded"]:
            state["flags"]["wounded"].append(iid)
        return events

    def _destroy(self, state, iid) -> list[dict]:
        cards = state["cards"]
        flags = state["flags"]
        events = [{"type": "destroyed", "card": iid}]
        for other in list(state["zones"][cards[iid]["zone"]]):
            if cards[other].get("on") == iid:
                cards[other].pop("on", None)
                events.append(move(state, other, f"p{self._owner(cards[other])}.discard", face_up=True))
        card = cards[iid]
        card["counters"] = {}
        card.pop("on", None)
        events.append(move(state, iid, f"p{self._owner(card)}.discard", face_up=True))
        if iid in flags["wounded"]:
            flags["wounded"].remove(iid)
        if flags["chain"] and flags["chain"]["card"] == iid:
            flags["chain"] = None
        return events

    # -- hits, 回復 and 逆転 ------------------------------------------------------------------------------

    def damage_player(self, state, player, amount, source) -> list[dict]:
        """A hit: that many cards of the player's main deck exiled face down. The goldfish (or anyone with
        the 逆転 reading off) loses at once when it leaves the deck empty; the human first has a 逆転 chance."""
        if amount <= 0:
            return []
        source, exile = DECK_EXILE[player]
        zones = state["zones"]
        deck = zones[source]
        # the top `amount` cards (fewer if it runs out) exiled face down, top first: _move_top's moves, each card's
        # and its move event (core.move's) in one loop
        k = amount if amount < len(deck) else len(deck)
        events: list[dict] = [{"type": "hit", "player": player, "amount": amount, "exiled": k}]
        if k:
            hit = deck[-k:]
            del deck[-k:]
            hit.reverse()
            target = zones.get(exile)
            if target is None:  # (a zone no card was in yet)
                target = zones[exile] = []
            target += hit
            cards = state["cards"]
            for iid in hit:  # (a plain loop: a comprehension is a call of its own)
                card = cards[iid]
                card["zone"] = exile
                card["face_up"] = False
                events.append({"type": "move", "card": iid, "from": source, "to": exile})
        else:
            hit = []
        flags = state["flags"]
        if "streak_other" in flags and state["options"]["reversal"] != "off":
            # versus: the chance is the hit player's, now if they hold the right, else with their next right
            holder = player == state["priority"]
            mark = "hit" if holder and player == 0 and not flags["chance"] else "next"
            flags["due" if holder else "due_other"] = True
            for iid in hit:
                state["cards"][iid]["chance"] = mark
        elif player == 0 and not state["players"][0]["goldfish"] and state["options"]["reversal"] != "off":
            state["flags"]["due"] = True  # the loss, if any, waits for the 逆転 chance
            mark = "next" if state["flags"]["chance"] else "hit"  # (a hit during a chance has a chance of its own)
            for iid in hit:  # (marked on the cards: their ids in the open flags would tell which cards they are)
                state["cards"][iid]["chance"] = mark
        elif not deck:
            state["players"][player]["lost"] = True
        return events

    def gain_life(self, state, player, amount, source) -> list[dict]:
        """【回復】: that many of the player's main-deck cards exiled face down go back, face down, under the
        main deck (the latest exiled first). A negative amount is a hit."""
        if amount < 0:
            return self.damage_player(state, player, -amount, source)
        cards = state["cards"]
        back = [i for i in state["zones"][f"p{player}.exile"] if not cards[i]["face_up"] and cards[i].get("home") is None][::-1][:amount]
        events: list[dict] = [{"type": "recovery", "player": player, "amount": amount, "returned": len(back)}]
        return events + [move(state, iid, f"p{player}.deck", index=0, face_up=False) for iid in back]

    def _open_chance(self, state) -> list[dict]:
        flags = state["flags"]
        flags["due"], flags["chance"] = False, True
        if "streak_other" in flags:  # versus: the player's own exiled cards (the other's marks wait for their chance)
            cards = state["cards"]
            for iid in state["zones"]["p0.exile"]:
                if cards[iid].get("chance") == "next":
                    cards[iid]["chance"] = "hit"
        else:
            for card in state["cards"].values():
                if card.get("chance") == "next":
                    card["chance"] = "hit"
        return [{"type": "reversal_chance", "player": 0}] + self._chance_step(state, "reveal")

    def _marked(self, state, mark: str, face_up: bool) -> list[str]:
        """The human's exiled cards of this 逆転 chance: "hit" (exiled by its hits) or "shown" (turned face up)."""
        cards = state["cards"]
        return [i for i in state["zones"]["p0.exile"] if cards[i].get("chance") == mark and cards[i]["face_up"] == face_up]

    def _chance_step(self, state, stage) -> list[dict]:
        reading = state["options"]["reversal"]
        if stage == "reveal":
            hidden = self._marked(state, "hit", False)
            if reading in ("hit", "both") and hidden:
                state["pending"] = {"type": "reveal", "player": 0, "count": len(hidden)}
                return []
            stage = "reveal_skill"
        if stage == "reveal_skill":  # (only when the skill deck, which its owner sees, holds a 【逆転】 card)
            skill = state["zones"]["p0.skill"]
            cards, table = state["cards"], self.table(state)
            if reading in ("skill", "both") and any(table[cards[i]["def"]].reversal and not cards[i].get("spent") for i in skill):
                state["pending"] = {"type": "reveal_skill", "player": 0, "choose": {"zone": "p0.skill", "min": 0, "max": len(skill)}}
                return []
        if self._reversal_candidates(state):
            state["pending"] = {"type": "reversal", "player": 0}
            return []
        return self._chance_done(state, False)

    def _reversal_candidates(self, state) -> list[str]:
        if not state["flags"]["chance"]:
            return []
        cards, table = state["cards"], self.table(state)
        return [i for i in self._marked(state, "shown", True) if not cards[i].get("spent") and table[cards[i]["def"]].reversal]

    def _chance_done(self, state, activated: bool) -> list[dict]:
        state["flags"]["chance"] = False
        if "streak_other" in state["flags"]:  # versus: the player's own exiled cards and the 逆転 card on their deck
            cards = state["cards"]
            for iid in state["zones"]["p0.exile"] + state["zones"]["p0.deck"][-1:]:
                if cards[iid].get("chance") in ("hit", "shown"):
                    del cards[iid]["chance"]
        else:
            for card in state["cards"].values():
                if card.get("chance") in ("hit", "shown"):
                    del card["chance"]
        if not activated and not state["zones"]["p0.deck"]:
            state["players"][0]["lost"] = True
            return [{"type": "no_reversal", "player": 0, "lost": True}]
        return []

    def _do_reveal(self, state, action):
        n = action["n"]
        cards = state["cards"]
        state["pending"] = None
        events = []
        for iid in self._marked(state, "hit", False)[:n]:
            cards[iid]["face_up"] = True
            cards[iid]["chance"] = "shown"
            events.append({"type": "flip", "card": iid, "face_up": True})
        return events + self._chance_step(state, "reveal_skill")

    def _do_reveal_skill(self, state, action):
        cards = action["cards"]
        state["pending"] = None
        events = [move(state, c, "p0.exile", face_up=True) for c in cards]
        for c in cards:
            state["cards"][c]["chance"] = "shown"
        return events + self._chance_step(state, "reversal")

    def _do_reversal(self, state, action):
        iid = action["card"]
        targets = self.aimed(state, self.info(state, state["cards"][iid]["def"]).aim_reversal)
        target = action.get("target")
        if targets and target not in targets:
            raise IllegalAction(f"target: one of {targets}")
        if not targets and target is not None:
            raise IllegalAction("target: this activation names no target")
        state["pending"] = None
        events = [{"type": "reversal", "card": iid, "player": 0}]
        events += self._commit(state, "reversal", (target,))
        return events + self._run(state, iid, "reversal", target)

    def _do_no_reversal(self, state, action):
        state["pending"] = None
        return self._chance_done(state, False)

    def _do_choose(self, state, action):
        return effects.choose(state, action)

    # -- the engine's hooks ------------------------------------------------------------------------------

    def draw_cards(self, state, player, n) -> list[dict]:
        """A draw an effect makes, from the top of the main deck; an empty deck is no loss (only damage is)."""
        return draw(state, player, n)

    @staticmethod
    def _sync_life(state) -> None:
        life, players, zones = state["flags"]["life"], state["players"], state["zones"]
        life[0] = players[0]["life"] = len(zones["p0.deck"])
        life[1] = players[1]["life"] = len(zones["p1.deck"])

    def _after_manual(self, state) -> None:
        """After a manual action: a life change is a hit or 【回復】; equipment whose unit left goes to the
        discard pile; the bookkeeping and a pending decision follow the cards that moved."""
        flags = state.get("flags")
        if not flags:
            return
        for p, player in enumerate(state["players"]):
            delta = (player["life"] or 0) - flags["life"][p]
            if delta:
                (self.gain_life if delta > 0 else self.damage_player)(state, p, abs(delta), None)
        cards = state["cards"]
        for iid, card in cards.items():
            host = card.get("on")
            if host is None:
                continue
            if not card["zone"].endswith(".field"):
                del card["on"]
            elif cards[host]["zone"] != card["zone"]:
                del card["on"]
                move(state, iid, f"p{self._owner(card)}.discard", face_up=True)
        flags["wounded"] = [w for w in flags["wounded"] if cards[w]["zone"].endswith(".field")]
        flags["locks"] = {u: v for u, v in flags["locks"].items() if cards[u]["zone"].endswith(".field")}
        if flags["chain"] and cards[flags["chain"]["card"]]["zone"] != "p0.field":
            flags["chain"] = None
        incoming = flags["incoming"]
        if incoming and incoming["block"] and cards[incoming["block"]]["zone"] != "p0.field":
            incoming["block"] = None  # the blocker left: the attack goes on to the player
        self._refresh_pending(state)
        if state["result"] is None:
            self._settle(state)
        self._sync_life(state)

    def _refresh_pending(self, state) -> None:
        pending = state["pending"]
        if not pending:
            return
        kind = pending["type"]
        zones = state["zones"]
        if kind in ("pay_mana", "pay_skill"):
            card, target = pending["card"], pending["target"]
            where = state["cards"][card]["zone"]
            info = self.info(state, state["cards"][card]["def"])
            targets = self._targets(state, info)
            if info.unit and target is None:
                targets = None  # (a unit played with nothing to name: it still needs nothing)
            if where not in ("p0.hand", "p0.skill") or (targets is not None and target not in targets):
                state["pending"] = None  # the card (or its target) is gone: the play is given up
                return
            low, high = self.pay_bounds(state, pending)
            if low > high:
                state["pending"] = None
                return
            if kind == "pay_skill" and all(m in zones["p0.mana"] for m in pending["mana"]) and len(zones["p0.skill"]) - (card in zones["p0.skill"]) >= pending["rest"]:
                return
            if high == 0:
                self._ask_skill(state, pending, [])
            else:
                state["pending"] = {
                    "type": "pay_mana",
                    "player": 0,
                    "card": card,
                    "target": target,
                    "cost": pending["cost"],
                    "choose": {"zone": "p0.mana", "min": low, "max": high},
                    **({"block": True} if pending.get("block") else {}),
                }
        elif kind == "mana_to_hand":
            if zones["p0.mana"]:
                pending["choose"]["max"] = len(zones["p0.mana"])
            else:
                state["pending"] = None
        elif kind == "reveal":
            pending["count"] = len(self._marked(state, "hit", False))
        elif kind == "reveal_skill":
            pending["choose"]["max"] = len(zones["p0.skill"])

    # -- versus: two players (issue 34) -------------------------------------------------------------------
    #
    # With seats=["player", "player"] the second seat plays its own deck by the same rules. The state keeps
    # every zone and card under its real seat; the open flags (incoming, attack, streak, due, chain) are the
    # right-holder's, as the goldfish game has them for the human ("streak_other" / "due_other": the other
    # player's; their presence marks a versus game). Every rule above is written for seat 0: a decision of
    # seat 1 is listed, guarded and handled on the game relabelled (`_flip`, in place, and back), so each
    # seat plays, pays, answers attacks and takes its 逆転 chances as the human does. Passing the right
    # (_pass_right_versus): the attack declared on the passer hits (攻撃宣言中、行動権を相手に渡す事で攻撃ヒット成立),
    # the passer's own declared attack becomes the one declared on the other player, who answers it on
    # their right (『防御』, a block, …: the goldfish never did), and the right is theirs.

    versus = True

    @staticmethod
    def is_versus(state) -> bool:
        seats = state["setup"].get("seats")
        return bool(seats) and len(seats) > 1 and seats[1] == "player"

    @staticmethod
    def _zone_flip(name: str) -> str:
        head = name[:3]
        if head == "p0.":
            return "p1." + name[3:]
        if head == "p1.":
            return "p0." + name[3:]
        return name

    def _zone_map(self) -> dict:
        zmap = self.__dict__.get("_zmap")
        if zmap is None:
            zmap = self._zmap = {f"p{p}.{z}": f"p{1 - p}.{z}" for p in (0, 1) for z in self.zones}
        return zmap

    def _flip(self, state, cards: bool = True, owners: bool = True) -> None:
        """Seat 0 and seat 1 swap labels (zones, owners, players, the right, the pending decision, the result;
        `cards`: the cards' owners and zones too, unless the caller relabelled them already; `owners` False: their
        zones only, for _as_holder, whose calls read an owner through _owner)."""
        zf = self._zone_flip
        zmap = self._zone_map()
        state["zones"] = {zmap.get(k, k): v for k, v in state["zones"].items()}
        if cards:
            get = zmap.get
            if owners:
                for card in state["cards"].values():
                    card["owner"] = 1 - card["owner"]
                    zone_name = card["zone"]
                    card["zone"] = get(zone_name, zone_name)
            else:
                for card in state["cards"].values():
                    zone_name = card["zone"]
                    card["zone"] = get(zone_name, zone_name)
        players = state["players"] = state["players"][::-1]
        for k, player in enumerate(players):
            player["id"] = k
        state["active"] = 1 - state["active"]
        if state["priority"] is not None:
            state["priority"] = 1 - state["priority"]
        if isinstance(state.get("first"), int):
            state["first"] = 1 - state["first"]
        flags = state.get("flags")
        if flags and "life" in flags:
            flags["life"] = flags["life"][::-1]
        pending = state["pending"]
        if pending:
            pending["player"] = 1 - pending.get("player", 0)
            block = pending.get("choose")
            if isinstance(block, dict) and "zone" in block:
                pending["choose"] = dict(block, zone=zf(block["zone"]))
        result = state["result"]
        if result and isinstance(result.get("winner"), int):
            result["winner"] = 1 - result["winner"]

    def _flip_event(self, event):
        if not isinstance(event, dict):
            return event
        out = dict(event)
        for key in ("player", "winner"):
            if isinstance(out.get(key), int) and not isinstance(out.get(key), bool):
                out[key] = 1 - out[key]
        for key in ("from", "to", "zone"):
            if isinstance(out.get(key), str):
                out[key] = self._zone_flip(out[key])
        return out

    def _seat_now(self, state) -> int:
        pending = state["pending"]
        return pending.get("player", 0) if pending else state["priority"]

    def _as_holder(self, state, seat, call, *args):
        """call(state, *args) on the game relabelled so that `seat` is seat 0 (the state is flipped back after).
        The cards' owners are left as they are (a flip of every card's owner, twice, for the two places that read
        one, when a unit goes to its owner's discard pile): the rules read a card's owner through _owner."""
        if not seat or self._inside:
            return call(state, *args)
        self._inside = True
        self._flip(state, owners=False)
        try:
            return call(state, *args)
        finally:
            self._flip(state, owners=False)
            self._inside = False

    _inside = False  # (True while _as_holder's call runs on the game relabelled for seat 1)

    def _owner(self, card: dict) -> int:
        """A card's owner as the rules see the game now: relabelled with the rest inside _as_holder's call."""
        return 1 - card["owner"] if self._inside else card["owner"]

    def legal_actions(self, state):
        if self._inside or "streak_other" not in state["flags"]:
            return super().legal_actions(state)
        return self._as_holder(state, self._seat_now(state), super().legal_actions)

    def decision(self, state):
        if self._inside or not state.get("flags") or "streak_other" not in state["flags"]:
            return self._decision(state)
        seat = self._seat_now(state)
        out = self._as_holder(state, seat, self._decision)
        if out and seat:
            out["player"] = seat
        return out

    def apply(self, state, action):
        flags = state["flags"]
        if self._inside:
            return super().apply(state, action)
        if "streak_other" not in flags:
            # the result left checked (result_checked): check_result at the end, unless the last thing the action
            # did was a passed right's hit or answered attack, checked at once (_pass_right, `_checked`)
            self._checked = None
            events = super().apply(state, action)
            if state["result"] is None and self._checked is not state:
                self.check_result(state)
            return events
        seat, holder = self._seat_now(state), state["priority"]
        events = self._as_holder(state, seat, super().apply, action)
        if seat:
            events = [self._flip_event(e) for e in events]
        events += self._after_versus(state, holder)
        for event in events:
            if event.get("type") == "right" and event.get("player") == state["priority"]:
                event["turn"] = state["turn"]
        if state["result"] is None:  # (result_checked)
            self.check_result(state)
        return events

    def _after_versus(self, state, holder) -> list[dict]:
        """After a seat's action: a right that went to the other player counts (`turn`: the rights of seat 0,
        as in the goldfish game), and their 逆転 chance owed for a hit their opponent's card made opens."""
        events: list[dict] = []
        now = state["priority"]
        if state["result"] is not None:
            return events
        flags = state["flags"]
        if now != holder:
            if now == 0:
                state["turn"] += 1
            if flags.get("waiting") and not state["pending"]:  # seed line 42: the other player may interrupt
                more = self._as_holder(state, now, self._ask_interrupt)
                events += [self._flip_event(e) for e in more] if now else more
                if state["pending"] or state["result"] is not None:
                    return events
        if flags["due"] and not state["pending"] and not flags.get("waiting"):
            more = self._as_holder(state, now, self._settle)
            events += [self._flip_event(e) for e in more] if now else more
        return events

    def after_manual(self, state) -> None:
        if self._inside or not state.get("flags") or "streak_other" not in state["flags"]:
            return self._after_manual(state)
        holder = state["priority"]
        self._as_holder(state, self._seat_now(state), self._after_manual)
        self._after_versus(state, holder)

    def to_act(self, state):
        if state["result"] is not None:
            return None
        return self._seat_now(state)

    def as_seat(self, state, seat):
        """The game with `seat` as seat 0 (the other as seat 1): what the autopilot, written for seat 0, plays."""
        if seat == 0:
            return state
        out = dict(state)
        out["cards"] = mirrored(state["cards"], self._zone_map())  # (relabelled twice: the cards as they were)
        out["players"] = [dict(p) for p in state["players"]]
        out["flags"] = dict(state["flags"])
        if state["pending"]:
            out["pending"] = dict(state["pending"])
        if state["result"]:
            out["result"] = dict(state["result"])
        self._flip(out, cards=False)
        return out

    # the strong AI's budget (rollouts, horizon, candidates): half the engine's rollouts, its horizon of 16 rights,
    # every candidate (bench: strong 12-0 against the heuristic over 12 mirror games, the slowest decision 0.32 s CPU;
    # (16, 8, 8) was 7-5, too weak)
    rollout_budget = (24, 16, None)

    def outlook(self, state, seat) -> float:
        """A rollout stopped before the end: the seat's share of the HP left. A hit exiles main-deck cards (ダメージを
        受けてメインデッキが0枚となった時 … 負け), the only way they leave the game (mana, hand, field and costs move them
        about and paid mana goes back under the deck), so the HP left is the player's main-deck cards not exiled."""
        cards, zones = state["cards"], state["zones"]
        left = []
        for p in (seat, 1 - seat):
            kept = len(zones[f"p{p}.deck"]) + len(zones[f"p{p}.mana"]) + len(zones[f"p{p}.hand"])
            for name in (f"p{p}.field", f"p{p}.discard"):
                kept += sum(1 for i in zones[name] if cards[i].get("home") is None)
            left.append(kept)
        total = left[0] + left[1]
        return 0.5 if total == 0 else left[0] / total

    def _skill_speed(self, state, iid) -> int:
        """A skill's 素早さ for an interrupt: its printed one (a skill that prints none: 0)."""
        speed = self.info(state, state["cards"][iid]["def"]).speed
        return speed or 0

    def _interrupts(self, state) -> list[dict]:
        """The plays that interrupt the skill waiting (seed line 42: プレイヤー同士の行動したスキルの素早さが2以上離れていた
        場合、相手の効果を解決する前より先に効果を解決する事が出来る。(割り込み)): the holder's skills, from the skill deck
        or the hand, at least 2 faster than it."""
        waiting = state["flags"].get("waiting")
        if not waiting:
            return []
        table, cards = self.table(state), state["cards"]
        mine, theirs = self._units(state, 0), self._units(state, 1)
        out = []
        for play in self._plays(state, table, mine, theirs):
            card = cards[play["card"]]
            info = table[card["def"]]
            if card.get("home") == "skill" and not info.unit and info.type != EQUIP and self._skill_speed(state, play["card"]) >= waiting["speed"] + 2:
                out.append(play)
        return out

    def _legal_interrupt(self, state, pending):
        return self._interrupts(state) + [{"type": "let_resolve"}]

    def _do_let_resolve(self, state, action):
        """No interrupt: the waiting skill resolves (its player's), then the right is the holder's as before."""
        state["pending"] = None
        return self._other_frame(state, self._resolve_waiting)

    def _ask_interrupt(self, state) -> list[dict]:
        """(In the holder's frame.) The interrupt decision, when the holder has a skill that could interrupt the one
        waiting; else 解決させる is the only answer, so it is not asked: the waiting skill resolves at once, as
        let_resolve would (its handler, then the holder's settle)."""
        waiting = state["flags"]["waiting"]
        if self._interrupts(state):
            state["pending"] = {"type": "interrupt", "player": 0, "card": waiting["card"]}
            return [{"type": "waiting", "card": waiting["card"], "player": 1}]
        return self._do_let_resolve(state, {"type": "let_resolve"}) + self._settle(state)

    def _other_frame(self, state, call) -> list[dict]:
        self._flip(state)
        try:
            events = call(state)
        finally:
            self._flip(state)
        return [self._flip_event(e) for e in events]

    def _resolve_waiting(self, state) -> list[dict]:
        """(In its player's frame: seat 0 is who played it, the right is the other's.)"""
        flags = state["flags"]
        waiting = flags.pop("waiting", None)
        if not waiting:
            return []
        iid = waiting["card"]
        if state["cards"][iid]["zone"] not in ("p0.skill", "p0.hand"):
            return [{"type": "attack_fizzles", "card": iid}]
        flags["resolving"] = True
        events = [{"type": "resolve", "card": iid, "player": 0, **({"target": waiting["target"]} if waiting["target"] else {})}]
        return events + self._run(state, iid, "played", waiting["target"])

    def _pass_right_versus(self, state) -> tuple[list[dict], bool]:
        """The right-holder passes the right (versus): the attack declared on them hits (their answers taken
        off); its hit's 逆転 chance, if any, comes first; then their own declared attack is declared on the other
        player, who holds the right. Returns the events and whether the right went over (or the game ended)."""
        flags = state["flags"]
        events: list[dict] = []
        incoming, flags["incoming"] = flags["incoming"], None
        if incoming:
            events += self._incoming_hits(state, incoming)
            self.check_result(state)
            if state["result"] is not None:
                return events, True
            if flags["due"]:  # the chance before the right goes; the pass is still owed
                flags["owed"] += 1
                flags["passing"] = True
                return events, False
        attack, flags["attack"] = flags["attack"], None
        declared = None
        if attack and attack["card"] is None:  # the player's own counter-attack hits at once
            more, _keep = self._hit(state, attack)
            events += more
            self.check_result(state)
            if state["result"] is not None:
                return events, True
        elif attack:
            unit = attack["card"]
            if state["cards"][unit]["zone"] == "p0.field":
                declared = {"card": unit, "speed": self.stat(state, unit, "speed"), "reduce": 0, "block": None}
                if attack["target"]:
                    declared["target"] = attack["target"]
            else:
                events.append({"type": "attack_fizzles", "card": unit})
        chain = flags["chain"]
        if chain and state["cards"][chain["card"]]["zone"] != "p1.field":
            flags["chain"] = None  # (a continued attack is the next holder's, or none)
        flags["incoming"] = declared
        flags["streak"], flags["streak_other"] = flags["streak_other"], flags["streak"]
        flags["due"] = flags.pop("due_other", False)
        flags.pop("passing", None)
        flags["owed"] = 0
        state["priority"] = state["active"] = 1
        events.append({"type": "right", "player": 1})
        return events, True

    def check_result(self, state):
        if state.get("flags"):  # (_sync_life, without the call: this runs twice an action)
            life, players, zones = state["flags"]["life"], state["players"], state["zones"]
            life[0] = players[0]["life"] = len(zones["p0.deck"])
            life[1] = players[1]["life"] = len(zones["p1.deck"])
        if state["result"] is not None:
            return
        if state["players"][1]["lost"]:
            state["result"] = {"winner": 0, "turn": state["turn"], "reason": "hp"}
        elif state["players"][0]["lost"]:
            state["result"] = {"winner": 1, "turn": state["turn"], "reason": "hp"}
