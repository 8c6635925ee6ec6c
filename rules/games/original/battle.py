"""Battles and damage in original: damage counters on soldiers, lands and 戦力, the damage rules, and the
steps of a battle (with a soldier, or with the phantom 0/0/0)."""

from __future__ import annotations

from ...engine.core import move
from .board import COLS, camp_row, enemy_camp_row
from .cards import BOARD, HAND, LAND, POWER, SOLDIER

_NEAREST = {col: tuple(sorted(range(COLS), key=lambda c, col=col: (abs(c - col), c))) for col in range(COLS)}  # (nearest first)


class Battles:
    """Damage, its rules, and battles."""

    # The game whose chain entry (battle_start, battle_end) _resolve is resolving has just been settled with
    # nothing to do (_settle gave no event), and since then only entries were pushed (_push, _forced): the
    # settle _resolve does after the entry would find nothing either (pushing changes no counter, card or
    # battle; an effect entry on the chain only adds 頑健's +4 power), so it is skipped. Set by _battle_steps
    # and _battle_end, read and cleared by _resolve around one entry.
    _calm: dict | None = None

    def damage_card(self, state, iid, amount) -> list[dict]:
        """A soldier or land gets `amount` damage counters (checked by _settle)."""
        if amount <= 0 or self.card_type(state, iid) not in (SOLDIER, LAND):
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

    def _settle(self, state) -> list[dict]:
        """The damage rules: a soldier with more counters than its power, a land with more than 10 are destroyed;
        a player's top 戦力 card with more than 10 goes to the hand."""
        events = []
        limit = state["options"]["counter_limit"]
        cards, zones = state["cards"], state["zones"]
        board = zones[BOARD]
        for iid in board:  # (most often no card on the board has damage: the board is not copied)
            if cards[iid]["counters"].get("damage", 0):
                break
        else:
            board = ()
        auras = None
        for iid in list(board):
            damage = cards[iid]["counters"].get("damage", 0)
            if not damage:
                continue
            kind = self.card_type(state, iid)
            if kind == SOLDIER:
                auras = self._in_force(state, "auras") if auras is None else auras
                if damage > self.stat(state, iid, "power", auras):
                    events += self.destroy(state, iid)
                    auras = None
            elif kind == LAND and damage > limit:
                events += self.destroy(state, iid)
                auras = None
        # (_settle_power for each player, 0 then 1, where the top 戦力 card has more than the limit: POWER's zones)
        power = zones["p0.power"]
        if power and cards[power[-1]]["counters"].get("damage", 0) > limit:
            events += self._settle_power(state, 0)
        power = zones["p1.power"]
        if power and cards[power[-1]]["counters"].get("damage", 0) > limit:
            events += self._settle_power(state, 1)
        return events

    def _hellfire(self, state) -> list[dict]:
        """無限地獄: 場の兵はダメージを受けた戦闘の終了時、または効果処理終了時に破棄される (unless a 光兵 is there)."""
        damaged, state["flags"]["damaged"] = state["flags"]["damaged"], []
        if not damaged or not self.rule(state, "damaged_destroyed"):
            return []
        events = []
        for iid in dict.fromkeys(damaged):
            if state["cards"][iid]["zone"] == BOARD and self.card_type(state, iid) == SOLDIER:
                events += self.destroy(state, iid)
        return events

    def _arrive(self, state, iid, came_from=None) -> list[dict]:
        """A soldier entered its square: a battle with a soldier there, or with the phantom 0/0/0 on an enemy
        land's square or an empty enemy camp square."""
        pos = self._pos(state, iid)
        of = self._facts_of(state)
        if pos is None or of[iid]["type"] != SOLDIER:
            return []
        cards = state["cards"]
        owner = cards[iid]["owner"]
        # the other cards on its square (_at) in one pass: the first soldier fights it, else the first enemy land
        # (or any land, option own_land_battle) gives the phantom
        square = list(pos)
        defender = land = None
        for i in state["zones"][BOARD]:
            if i == iid or cards[i].get("pos") != square:
                continue
            kind = of[i]["type"]
            if kind == SOLDIER:
                defender = i
                break
            if land is None and kind == LAND and (cards[i]["owner"] != owner or state["options"]["own_land_battle"]):
                land = i
        phantom = None
        if defender is None:
            if land is not None:
                phantom = cards[land]["owner"]
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
            auras = self._in_force(state, "auras")  # (the same for both: nothing changes between the two readings)
            pa = self.stat(state, a, "power", auras)
            pd = self.stat(state, d, "power", auras) if d is not None else 0
            battle["pa"], battle["pd"] = pa, pd
            events.append({"type": "battle_compare", "attacker": pa, "defender": pd})
            owner_a = self._owner(state, a)
            owner_d = self._owner(state, d) if d is not None else battle["phantom"]
            if d is not None:
                # 練兵場: 自兵同士の戦闘では兵は破棄されない
                protected = owner_a == owner_d and any(self._owner(state, s) == owner_a for s in self.rule(state, "own_battle_no_destroy"))
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
        settled = self._settle(state)
        events += settled
        self.check_result(state)
        if state["result"] is not None:
            return events
        fighters = [x for x in (a, d) if x is not None and state["cards"][x]["zone"] == BOARD]
        owners = [self._owner(state, a), self._owner(state, d) if d is not None else battle["phantom"]]
        events += self._push(state, {"kind": "battle_end", "cards": fighters, "owners": owners, "player": owners[0]})
        if not settled:
            self._calm = state  # (see _calm)
        return events

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
                events += self._back_to_camp(state, a, battle["from"])
            elif battle["d"] is not None and state["cards"][battle["d"]]["zone"] == BOARD:
                events += self._out_of_the_way(state, a, battle["from"])  # both stayed (練兵場)
        events += self._hellfire(state)
        settled = self._settle(state)
        if not settled:
            self._calm = state  # (see _calm)
        return events + settled

    def _out_of_the_way(self, state, iid, came_from=None) -> list[dict]:
        """Both soldiers of a battle stayed (練兵場: 自兵同士の戦闘では兵は破棄されない) and one square holds one
        soldier: the mover goes back to the square it came from; a summoned soldier (or a mover whose square
        was taken) to the nearest camp square with no soldier (its own column first), as after a phantom
        battle; with every camp square taken, back to its owner's hand (the seed says none of this)."""
        if came_from and not [i for i in self._at(state, came_from, SOLDIER) if i != iid]:
            state["cards"][iid]["pos"] = list(came_from)
            return [{"type": "moved", "card": iid, "pos": list(came_from)}]
        owner = self._owner(state, iid)
        row, col = camp_row(owner), self._pos(state, iid)[1]
        for c in sorted(range(COLS), key=lambda c: (abs(c - col), c)):
            if not [i for i in self._at(state, (row, c), SOLDIER) if i != iid]:
                state["cards"][iid]["pos"] = [row, c]
                return [{"type": "moved", "card": iid, "pos": [row, c]}]
        card = state["cards"][iid]
        for key in ("pos", "arrived", "bound"):
            card.pop(key, None)
        card["counters"] = {}
        card["tapped"] = False
        return [{"type": "no_room_in_camp", "card": iid}, move(state, iid, HAND[owner], face_up=False)]

    def _back_to_camp(self, state, iid, came_from=None) -> list[dict]:
        """その兵を自陣に移動する: to the nearest camp square with no other soldier (its own column first). With
        every camp square taken (the seed does not say; option camp_full) it goes back to the square it came
        from ("back", when that square is free) or stays where it fought ("stay")."""
        owner = self._owner(state, iid)
        row = camp_row(owner)
        pos = self._pos(state, iid)
        col = pos[1] if pos else 0
        cards = state["cards"]
        of = self._facts_of(state)
        taken = set()  # (the columns of the camp row with another soldier)
        for i in state["zones"][BOARD]:
            at = cards[i].get("pos")
            if at and at[0] == row and i != iid and of[i]["type"] == SOLDIER:
                taken.add(at[1])
        for c in _NEAREST[col]:
            if c not in taken:
                cards[iid]["pos"] = [row, c]
                return [{"type": "moved", "card": iid, "pos": [row, c], "reason": "back_to_camp"}]
        back = state["options"]["camp_full"] == "back" and came_from and not [i for i in self._at(state, came_from, SOLDIER) if i != iid]
        if back:
            state["cards"][iid]["pos"] = list(came_from)
            return [{"type": "no_room_in_camp", "card": iid}, {"type": "moved", "card": iid, "pos": list(came_from), "reason": "camp_full"}]
        return [{"type": "no_room_in_camp", "card": iid}]
