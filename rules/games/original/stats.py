"""A card's stats in original now: printed, changed by modifiers (counters), continuous effects, 特殊種別2
and the battle; the continuous rules in force and the filters of steps and conditions."""

from __future__ import annotations

import threading

from .board import camp_row, enemy_camp_row
from .cards import BOARD, CONSTANT, CURSE, HAND, LAND, SOLDIER, STORAGE, _while

# 特殊種別2: (against attribute, against 特殊種別2, own attribute) for the battle bonus +0/+0/+2 each
AFFINITY = {"緋": ("地", "碧", "火"), "蒼": ("火", "緋", "水"), "天": ("水", "蒼", "風"), "碧": ("風", "天", "地")}
__all__ = ["AFFINITY", "CONSTANT", "Stats"]
NO_FILTER: dict = {}
_COMPILED: dict = {}


def _compiled(f: dict) -> tuple:
    """A filter's fields (side, other, kind, attribute, race, special name, negated, min_cost, max_cost), read
    once per filter dict: steps and conditions are made once per game (read_card, _while) and filtered with
    over and over. The dict is kept with them, so its identity cannot be reused by another."""
    hit = _COMPILED.get(id(f))
    if hit is not None and hit[0] is f:
        return hit[1]
    special = f.get("special")
    negated = bool(special) and special.startswith("!")
    out = (
        f.get("side"),
        f.get("other"),
        f.get("kind"),
        f.get("attribute"),
        f.get("race"),
        special.lstrip("!") if special else None,
        negated,
        f.get("min_cost"),
        f.get("max_cost"),
    )
    if len(_COMPILED) > 4096:
        _COMPILED.clear()
    _COMPILED[id(f)] = (f, out)
    return out


_NO_FIELDS = _compiled(NO_FILTER)  # (NO_FILTER is kept for good: its fields once)


class _Undisplayed(threading.local):
    state: dict | None = None  # the game this thread's autopilot plays (its display stats are not kept)


_UNDISPLAYED = _Undisplayed()


def undisplayed(state) -> None:
    """The game `state` is played by the autopilot (a simulation: nothing shows its board), so show_stats leaves
    it: card["stats"] is for the board's view only (no rule reads it), and working it out after every action
    was an eighth of a simulated game's time. The display stats it carries from before are dropped, so that
    a state holds either the stats now or none; applying an action to a copy of it (a new object: core.apply)
    shows them all again. Only the last game a thread's autopilot chose for is left: a state object kept
    here cannot be another game's (the reference keeps its id from being reused)."""
    if _UNDISPLAYED.state is state:
        return
    _UNDISPLAYED.state = state
    cards = state["cards"]
    for iid in state["flags"].pop("shown", ()):
        cards[iid].pop("stats", None)


SHOWN = {SOLDIER: ("cost", "move_cost", "power"), CURSE: ("cost", "upkeep"), LAND: ("cost", "upkeep")}
COSTS = ("cost", "move_cost", "upkeep")


class Stats:
    """Stats, continuous effects and rules in force, and the filters they use."""

    def _in_force(self, state, kind: str, rule: str | None = None) -> list:
        """The continuous steps of `kind` ("auras" or "rules"; a rule: only `rule`) in force now, as (source,
        step), from face-up cards on the board."""
        out = []
        cards = state["cards"]
        of = self._facts_of(state)
        waits = not state["options"]["arrival_continuous"]
        turn = state["turn"]
        held: dict = {}  # (a card's steps often share one condition: it is checked once)
        for src in state["zones"][BOARD]:
            steps = of[src][kind]
            if not steps:
                continue
            card = cards[src]
            if not card["face_up"] or waits and card.get("arrived") == turn and of[src]["type"] in (SOLDIER, LAND):
                continue  # (兵・土地は、召喚されたターンには…その効果を発動する事は出来ず: 永続 from the next turn; see sick)
            for step in steps:
                if rule is not None and step.get("rule") != rule:
                    continue
                cond = step.get("while")
                if cond:
                    key = (src, cond)
                    ok = held.get(key)
                    if ok is None:
                        ok = held[key] = self._holds(state, src, cond)
                    if not ok:
                        continue
                out.append((src, step))
        return out

    def auras_rule(self, state, rule) -> tuple[list, list[str]]:
        """(auras(state), rule(state, rule)) from one pass over the board (the autopilot asks for both for
        every board it weighs): the same lists, in the same order."""
        auras: list = []
        srcs: list = []
        cards = state["cards"]
        of = self._facts_of(state)
        waits = not state["options"]["arrival_continuous"]
        turn = state["turn"]
        held: dict = {}
        for src in state["zones"][BOARD]:
            data = of[src]
            steps, rules = data["auras"], data["rules"]
            if not steps and not rules:
                continue
            card = cards[src]
            if not card["face_up"] or waits and card.get("arrived") == turn and data["type"] in (SOLDIER, LAND):
                continue  # (as _in_force)
            for out, kept in ((auras, steps), (None, rules)):
                for step in kept:
                    if out is None and step.get("rule") != rule:
                        continue
                    cond = step.get("while")
                    if cond:
                        key = (src, cond)
                        ok = held.get(key)
                        if ok is None:
                            ok = held[key] = self._holds(state, src, cond)
                        if not ok:
                            continue
                    if out is None:
                        srcs.append(src)
                    else:
                        out.append((src, step))
        return auras, srcs

    def auras(self, state) -> list:
        """The continuous stat steps in force now: (source, step)."""
        return self._in_force(state, "auras")

    def rule(self, state, rule) -> list[str]:
        """The cards on the board whose continuous rule `rule` is in force."""
        return [src for src, _ in self._in_force(state, "rules", rule)]

    def _holds(self, state, src, cond) -> bool:
        if not cond:
            return True
        exists, filters = _while(cond)
        cards = state["cards"]
        owner = cards[src]["owner"]
        fields = _compiled(filters)  # (once for the board, not once a card: _filter's reads)
        of = self._facts_of(state)
        found = False
        for i in state["zones"][BOARD]:
            if self._passes(state, of, cards, owner, src, i, fields):
                found = True
                break
        return found == exists

    def _filter(self, state, player, src, iid, f, auras=None) -> bool:
        """Whether card `iid` passes the filters of a step or condition (side from `player`'s point of view)."""
        return self._passes(state, self._facts_of(state), state["cards"], player, src, iid, _compiled(f), auras)

    def _passes(self, state, of, cards, player, src, iid, fields, auras=None) -> bool:
        """_filter with the filter's fields (_compiled), the game's facts (_facts_of) and cards given: the hot
        callers (_holds over the board, stat over the auras) read them once."""
        side, other, kind, attribute, race, special, negated, min_cost, max_cost = fields
        owner = cards[iid]["owner"]
        if side == "own" and owner != player or side == "enemy" and owner == player:
            return False
        if other and iid == src:
            return False
        data = of[iid]
        if kind and data["type"] != kind:
            return False
        if attribute and attribute not in data["printed_attrs"]:
            return False
        if race and race != data["race"]:
            return False
        if special and (special in data["specials"]) == negated:
            return False
        if min_cost is not None or max_cost is not None:
            cost = self.stat(state, iid, "cost", auras)
            if min_cost is not None and cost < min_cost or max_cost is not None and cost > max_cost:
                return False
        # 深淵: 相手の呪術の効果を受けない
        if src is not None and owner != player and data["s2"] == "深淵" and of[src]["type"] == CURSE:
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
        cards = state["cards"]
        card = cards[iid]
        of = self._facts_of(state)
        data = of[iid]
        value = data["base"].get(name)  # printed, with a lasting 特殊種別2's change (read_card)
        if value is None:
            value = (state["defs"][card["def"]].get("fields") or {}).get(name) or 0
        counters = card["counters"]
        if counters:
            value += counters.get(name, 0)
        s2 = data["s2"]
        zone = card["zone"]
        on_board = zone == BOARD
        in_hand = not on_board and zone.endswith(".hand")
        if not (in_hand or on_board):
            return value
        for step in data["self_auras"]:  # its own continuous steps ("this")
            if step.get("stat") == name:
                area = step.get("area") or "board"
                if area != "hand" and on_board and not state["options"]["arrival_continuous"] and self.sick(state, iid):
                    continue  # (on the board from the turn after it arrives, as its 永続 effects)
                if (area == "hand" and in_hand or area == "board" and on_board or area == "any") and self._holds(state, iid, step.get("while")):
                    value += step.get("amount") or 0
        if auras is None:
            auras = self._in_force(state, "auras")
        for src, step in auras:
            if step.get("stat") != name:
                continue
            player = cards[src]["owner"]
            if step["target"] == "bound":
                hit = on_board and cards[src].get("bound") == iid and self._passes(state, of, cards, player, src, iid, _NO_FIELDS)
            else:
                area = step.get("area")
                if area in ("board", None):
                    hit = on_board
                elif area == "any":
                    hit = True  # (on the board or in a hand: see above)
                else:
                    hit = self._in_area(state, player, iid, area)
                hit = hit and self._passes(state, of, cards, player, src, iid, _compiled(step))
            if hit:
                amount = step.get("amount") or 0
                if s2 == "太陽" and of[src]["type"] == LAND:  # この兵への土地の効果による補正が2倍
                    amount *= 2
                value += amount
        if name == "power" and on_board:
            battle = state["flags"].get("battle")
            if battle and iid in (battle["a"], battle["d"]):
                value += self.battle_bonus(state, iid, battle)
            if s2 == "頑健" and self._processing(state):  # 兵/呪術の効果発動から処理終了まで「+0/+0/+4」
                value += 4
        return value

    def battle_bonus(self, state, iid, battle) -> int:
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
            hits += attr in self.info(state, other)["attrset"]
            hits += self._s2(state, other) == rival
        bonus = 2 * hits
        if own in self.attrs(state, iid) and (hits or state["options"]["affinity_self_bonus"] == "always"):
            bonus += 2
        return bonus

    def _processing(self, state) -> bool:
        """A soldier's or curse's effect is between its activation and the end of its processing."""
        if state["flags"].get("processing") in (SOLDIER, CURSE):
            return True
        return any(e["kind"] == "effect" and e.get("ctype") in (SOLDIER, CURSE) for e in state["stack"])

    def power(self, state, iid) -> int:
        return self.stat(state, iid, "power")

    def show_stats(self, state) -> None:
        """Each card on the board or in a hand carries its stats now where they differ from the printed ones
        (card["stats"]: auras, 特殊種別2, the battle, changes until the end of the turn, a hand card's cost), so
        the board shows the engine's figures; the view shows a card's stats to whoever may see the card. Not
        for a game the autopilot plays (undisplayed)."""
        if state is _UNDISPLAYED.state:
            return
        cards = state["cards"]
        of = self._facts_of(state)
        auras = None
        for name in (BOARD, *HAND):
            for iid in state["zones"][name]:
                card = cards[iid]
                data = of[iid]
                shown = SHOWN.get(data["type"])
                if shown is None:
                    continue
                if auras is None:
                    auras = self._in_force(state, "auras")
                    touched = {step.get("stat") for _src, step in auras}  # the stats the steps in force change
                plain = not (card["counters"] or data["self_auras"] or data["s2"])
                if plain and not auras:
                    card.pop("stats", None)  # (nothing can change it: its printed stats)
                    continue
                d = state["defs"][card["def"]]
                fields = d.get("fields") or {}
                now = {}
                for key in shown:
                    printed = d.get("cost") if key == "cost" else fields.get(key)
                    # (a card with no counters, no step of its own and no 特殊種別2 has its printed stat where no
                    # step in force changes it: the battle changes power through 特殊種別2 only)
                    value = data["base"][key] if plain and key not in touched else self.stat(state, iid, key, auras)
                    if key in COSTS:
                        value = max(0, value)
                    if value != (printed or 0) or key in card["counters"]:
                        now[key] = value
                if now:
                    card["stats"] = now
                else:
                    card.pop("stats", None)
        for iid in state["flags"].get("shown", ()):  # cards that left the board and the hands show their printed stats
            card = cards[iid]
            if "stats" in card and card["zone"] not in (BOARD, *HAND):
                del card["stats"]
        state["flags"]["shown"] = [i for name in (BOARD, *HAND) for i in state["zones"][name] if "stats" in cards[i]]
