"""Setup and the turn of original: options checked, 戦力 and the opening hand, the start and end of a turn,
upkeep (phase ① part 4), the declared end, drawing, and the result."""

from __future__ import annotations

from ...engine import effects
from ...engine.core import add_card, draw, move, shuffle_zone
from .cards import BOARD, DECK, HAND, POWER, STORAGE

STAND_IN = {"key": "goldfish:戦力", "name": "戦力", "card_type": "token", "fields": {}}


class Turns:
    """Setup, the turn structure and the end of the game."""

    def setup(self, state):
        opts = state["options"]
        # (the options were checked against their declarations, options.py, before the setup)
        # ("frame" stays None: an effect waiting for a target keeps its frame in the decision, as the engine's
        # runner does for every game; the key is kept for the digests of recorded games)
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
        # 先攻後攻を決める (seed 003 line 22): the option "first"; a goldfish's first turn does nothing, a player's is played
        versus = not state["players"][1]["goldfish"]
        if opts["first"] == "goldfish" and not versus:  # the goldfish's turn first: it does nothing
            state["turn"], state["active"] = 1, 1
        self._start_turn(state, 1 if opts["first"] == "goldfish" and versus else 0)
        self.check_result(state)
        self.show_stats(state)

    def _start_turn(self, state, player=0) -> list[dict]:
        state["turn"] += 1
        state["active"] = player
        state["phase"] = "refresh"
        flags = state["flags"]
        flags.update(part=2, drew=False, stored=False, passed=0)
        events = [{"type": "turn", "turn": state["turn"], "player": player}]
        for iid in state["zones"][STORAGE[player]]:  # パート1:倉庫のカードを全て未使用状態にする
            state["cards"][iid]["tapped"] = False
        return events + self._deck_out_at_turn(state, player)

    def _deck_out_at_turn(self, state, player) -> list[dict]:
        """「支援」(山札)が尽きたら負け, read as deck_out "draw": a player whose turn starts with 支援 empty cannot take
        the card of phase ① part 2 and has lost (the goldfish only with goldfish_deck_out)."""
        opts = state["options"]
        if opts["deck_out"] != "draw" or state["zones"][DECK[player]]:
            return []
        if state["players"][player]["goldfish"] and not opts["goldfish_deck_out"]:
            return []
        state["players"][player]["lost"] = True
        return [{"type": "draw_from_empty", "player": player}]

    def _finish_turn(self, state) -> list[dict]:
        """The turn player's turn ends; the goldfish's turn (it does nothing) and the player's next turn, or
        the other player's turn when both are players."""
        events = effects.end_of_turn(state)
        other = 1 - state["active"]
        if not state["players"][other]["goldfish"]:
            state["phase"] = "end"
            self.check_result(state)
            if state["result"] is not None:
                return events
            return events + self._start_turn(state, other)
        state["phase"] = "end"
        state["turn"] += 1
        state["active"] = 1
        events.append({"type": "goldfish_turn", "turn": state["turn"]})
        events += self._deck_out_at_turn(state, 1)
        events += effects.end_of_turn(state)
        self.check_result(state)
        if state["result"] is not None:
            return events
        return events + self._start_turn(state)

    def _next_upkeep(self, state) -> list[dict]:
        """フェイズ① パート4: each curse and land pays its upkeep, or is destroyed (出来ない、しない場合はこのカードを破棄する)."""
        events = []
        queue = state["flags"].setdefault("upkeep", [])
        while queue:
            iid = queue.pop(0)
            me = state["active"]
            if state["cards"][iid]["zone"] != BOARD or state["cards"][iid]["owner"] != me:
                continue
            cost = max(0, self.stat(state, iid, "upkeep"))
            if cost == 0:
                continue
            needs, needs_any = self._upkeep_needs(state, iid)
            if self.can_pay(state, me, cost, needs, needs_any):
                state["pending"] = {"type": "upkeep", "player": me, "card": iid, "cost": cost, "needs": needs}
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

    def _end(self, state) -> list[dict]:
        """フェイズ④ パート1:ターン終了を宣言する (a 対抗 window: 自分のターン終了)."""
        state["phase"] = "end"
        state["flags"]["part"] = 1
        events = [{"type": "phase", "phase": "end"}]
        return events + self._push(state, {"kind": "turn_end", "player": state["active"]})

    def draw_cards(self, state, player, n) -> list[dict]:
        return draw(state, player, n, forced=state["options"]["deck_out"] == "draw")

    def after_manual(self, state) -> None:
        """Cards off the board keep no square, arrival or bind; a pending decision follows what moved."""
        cards = state["cards"]
        for card in cards.values():
            if card["zone"] != BOARD:
                for key in ("pos", "arrived", "bound"):
                    card.pop(key, None)
        self._follow_pending(state)
        self.show_stats(state)

    def _follow_pending(self, state) -> None:
        """A pending decision after a manual action: its candidates, or the card it was for, as they are now."""
        cards = state["cards"]
        pending = state["pending"]
        if not pending:
            return
        if pending["type"] == "target":
            frame = pending["frame"]
            pending["candidates"] = [c for c in self._candidates(state, frame, frame["steps"][0]) if c in pending["candidates"]]
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
            where = HAND[pending.get("player", 0)] if what["type"] in ("summon", "cast", "deploy") else BOARD
            if iid is not None and cards[iid]["zone"] != where:
                state["pending"] = None

    def check_result(self, state):
        if state["result"] is not None:
            return
        zones, players = state["zones"], state["players"]
        one, two = players
        # (the common case: nobody loses; the zones named as constants, POWER and DECK's strings)
        if zones["p0.power"] and zones["p1.power"] and not one["lost"] and not two["lost"]:
            options = state["options"]
            if options["deck_out"] != "empty":
                return
            keeps = not options["goldfish_deck_out"]  # (a goldfish's empty 支援 does not lose)
            if (zones["p0.deck"] or one["goldfish"] and keeps) and (zones["p1.deck"] or two["goldfish"] and keeps):
                return
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
