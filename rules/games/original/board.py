"""The board of original: squares and camps, the cards on it, summoning squares, movement, and a card
arriving on or leaving it."""

from __future__ import annotations

from ...engine.core import move
from .cards import BOARD, CURSE, DISCARD, LAND, SOLDIER

COLS = 5


def camp_row(player: int) -> int:
    return 1 if player == 0 else 3


def enemy_camp_row(player: int) -> int:
    return 3 if player == 0 else 1


class Board:
    """Where cards are on the board and how they come, move and go."""

    def _pos(self, state, iid):
        card = state["cards"][iid]
        pos = card.get("pos") if card["zone"] == BOARD else None
        return tuple(pos) if pos else None

    def _on_board(self, state, player=None, card_type=None) -> list[str]:
        cards = state["cards"]
        of = self._facts_of(state)
        return [
            i
            for i in state["zones"][BOARD]
            if (player is None or cards[i]["owner"] == player) and (card_type is None or of[i]["type"] == card_type)
        ]

    def _at(self, state, pos, card_type=None) -> list[str]:
        cards = state["cards"]
        pos = list(pos)
        return [i for i in state["zones"][BOARD] if cards[i].get("pos") == pos and (card_type is None or self.card_type(state, i) == card_type)]

    def sick(self, state, iid) -> bool:
        """Soldiers and lands cannot move or use effects the turn they arrive (seed 5)召喚・詠唱・展開ルール)."""
        return state["cards"][iid].get("arrived") == state["turn"] and self.card_type(state, iid) in (SOLDIER, LAND)

    def summon_squares(self, state, player, card_type) -> list[list[int]]:
        row = camp_row(player)
        if card_type == SOLDIER or not state["options"]["one_curse_or_land_a_square"]:
            return [[row, col] for col in range(COLS)]
        cards = state["cards"]
        taken = {  # one curse or land a square (option one_curse_or_land_a_square)
            cards[i]["pos"][1] for i in state["zones"][BOARD] if cards[i].get("pos") and cards[i]["pos"][0] == row and self.card_type(state, i) in (CURSE, LAND)
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

    def _reaches(self, state, iid, pos, to) -> bool:
        """Whether `to` is one of _destinations(state, iid) for the card at `pos` (its _pos, not None): for a
        square of two ints the test without the list, for anything else the list's own membership."""
        if to.__class__ is list and len(to) == 2:
            row, col = to
            if row.__class__ is int and col.__class__ is int:  # (not a bool, a float: == would take them)
                if not (1 <= row <= 3 and 0 <= col < COLS):
                    return False
                dr, dc = row - pos[0], col - pos[1]
                if dc == 0:
                    return dr == 1 or dr == -1
                return dr == 0 and (dc == 1 or dc == -1) and state["options"]["movement"] == "adjacent"
        return to in self._destinations(state, iid)

    def _free_move(self, state, iid, to, free=None) -> bool:
        """霧雨の双翼竜: この兵は移動コストを支払わずに戦場へ移動できる."""
        return to[0] == 2 and iid in (self.rule(state, "free_move_to_battlefield") if free is None else free)

    def move_cost(self, state, iid, to, auras=None, free=None) -> int:
        if self._free_move(state, iid, to, free):
            return 0
        return max(0, self.stat(state, iid, "move_cost", auras))

    def move_price(self, state, iid, to, auras=None, free=None) -> tuple[int, list]:
        """(cost, attributes needed) of moving the soldier to `to` now: its move cost with a card of each of its
        attributes (「移動の際に火のカードを含む倉庫のカードを一枚使用する」; see _price), nothing for a free move."""
        if self._free_move(state, iid, to, free):
            return 0, []
        return self._price(state, self.stat(state, iid, "move_cost", auras), self.attrs(state, iid))

    def _place(self, state, iid, pos) -> dict:
        self._end_changes_where_it_was(state, iid)
        event = move(state, iid, BOARD, face_up=True)
        card = state["cards"][iid]
        card["pos"] = list(pos)
        card["arrived"] = state["turn"]
        card["tapped"] = False
        event["pos"] = list(pos)
        return event

    def _end_changes_where_it_was(self, state, iid) -> None:
        """A change "until the end of the turn" made to a card where it is (ビナルクスの仙馬: 手札のその兵に…補正を加える)
        ends when it leaves: a soldier summoned from the hand is no longer 手札のその兵."""
        card = state["cards"][iid]
        changes = state.get("eot") or []
        for change in [c for c in changes if c["card"] == iid and c["zone"] == card["zone"]]:
            changes.remove(change)
            counters = card["counters"]
            counters[change["stat"]] = counters.get(change["stat"], 0) - change["amount"]
            if not counters[change["stat"]]:
                del counters[change["stat"]]

    def destroy(self, state, iid, why="destroyed") -> list[dict]:
        """破棄: to its owner's 墓地, face up, without counters or position."""
        card = state["cards"][iid]
        for key in ("pos", "arrived", "bound"):
            card.pop(key, None)
        card["counters"] = {}
        card["tapped"] = False
        return [{"type": why, "card": iid}, move(state, iid, DISCARD[card["owner"]], face_up=True)]
