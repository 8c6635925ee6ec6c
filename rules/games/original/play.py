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
steps (rules/games/original/script.py) in the engine's effect runner; an effect without steps is shown to
the player, who applies it with manual actions.

The class is assembled here from one part per concern, each in its module: cards.py (card data, the
readings of triggers and costs), board.py (squares, movement), stats.py (stats now, continuous effects),
costs.py (倉庫 and payments), battle.py (damage and battles), chain.py (the 対抗 chain; the engine's stack
loop moves it on), effects.py (this game's steps, registered with the engine's one effect runner),
turns.py (setup, the turn, the result) and actions.py (the actions offered, the decisions, each action).

Readings of the seed (options): see options.py.
"""

from __future__ import annotations

from ...engine.cards import CardCache
from ...engine.core import IllegalAction
from ...engine.play import FREE, Play
from .actions import Actions
from .battle import Battles
from .board import COLS, Board
from .cards import BIT_LIST, BOARD, CURSE, DECK, LAND, SOLDIER, CardData, mask_of, read_card
from .chain import Chain
from .costs import Costs, _plan
from .effects import Effects
from .stats import CONSTANT, Stats
from .turns import Turns

# (names the autopilot and the tests import from here)
__all__ = ["BIT_LIST", "BOARD", "CONSTANT", "CURSE", "LAND", "SOLDIER", "OriginalRules", "_plan", "mask_of"]


class OriginalRules(Actions, Turns, Chain, Effects, Battles, Board, Costs, Stats, CardData, Play):
    slug = "original"
    zones = ("deck", "hand", "power", "storage", "discard")
    shared_zones = (BOARD,)
    deck_zone = "deck"
    discard_zone = "discard"
    ACTIONS = {
        # the player's own turn (summon … end_turn, by phase), or the chain's right to respond (pass, effect)
        FREE: ("draw_support", "store", "next_phase", "end_turn", "draw_paid", "summon", "cast", "deploy", "move", "effect", "pass"),
        "pay": ("pay", "cancel"),  # a cost, from 倉庫
        "upkeep": ("pay", "destroy"),  # フェイズ① パート4: pay a curse's or land's upkeep, or it is destroyed
        "target": ("target",),  # the cards (or the enemy player) an effect's step is for
    }
    # what the autopilot may ask besides the legal actions
    reads = (
        "info",
        "card_facts",
        "card_type",
        "attrs",
        "script",
        "auras",
        "rule",
        "auras_rule",
        "stat",
        "power",
        "battle_bonus",
        "sick",
        "summon_cost",
        "summon_squares",
        "move_cost",
        "move_price",
        "purse",
        "can_pay",
        "payments",
        "payment_plans",
        "pending_step",
    )

    versus = True  # seat 1 may be a player (new_game's seats): whoever decides now acts (to_act)
    # a hidden card's place, for the versus AI's determinize: a curse cast face down shows its square, its
    # arrival, its counters and whose it is, not which card it is
    place_keys = ("owner", "pos", "arrived", "bound", "tapped", "face_up", "counters")
    # apply leaves the result checked (see apply): the simulator's step makes no check of its own
    result_checked = True

    def __init__(self):
        super().__init__()
        self.cards = CardCache(read_card)
        self.effect_steps = self._effect_steps()

    def apply(self, state, action):
        """Play.apply, with the result left checked (result_checked) and the checks that cannot refuse the
        action left out: a free action's (one of ACTIONS[FREE]) guard for a pass or a response (guard passes
        them; for the others its tests, inline, its message read for a refusal only), and a payment's or upkeep's answer (pay, cancel, destroy) checked against its decision
        (check_answer: the decision of a "pay" or "upkeep" has no field and no answers, so it refuses
        nothing). Anything else, a refusal included, goes through Play.apply and is checked after it.

        The result: the check after an action (the simulator's, the core's) changes something only when the
        action changed a 戦力 or 支援 zone or a player's loss since the last check. An entry of the chain is
        checked as it resolves (_resolve, after each entry: a turn's end and the next turn's draw, a battle's
        damage, an effect's steps), and the chain moves on inside apply (settle); outside it, the actions
        here draw (draw_support, the payment of draw_paid) or change the 倉庫, the hand, the board and the
        discard piles only (summon, cast, deploy, move, effect, sacrifice, store, upkeep, destroy, cancel,
        pass, next_phase, end_turn push or pay or move those), so only the draws are checked after them."""
        kind = action["type"]
        pending = state["pending"]
        if pending is None:
            if kind in _FREE_KINDS:
                # (guard's tests, its message read only for a refusal)
                if kind != "pass" and kind != "effect" and (state["priority"] is not None or state["stack"] or state["players"][state["active"]]["goldfish"]):
                    raise IllegalAction(self.guard(state, kind))
                events = self._handlers[kind](state, action) + self.settle(state)
                if kind == "draw_support" and state["result"] is None:
                    self.check_result(state)
                return events
        elif kind in _PAY_KINDS.get(pending["type"], ()):
            events = self._handlers[kind](state, action) + self.settle(state)
            if kind == "pay" and state["result"] is None and pending["type"] == "pay" and pending["for"]["type"] == "draw_paid":
                self.check_result(state)
            return events
        events = Play.apply(self, state, action)
        if state["result"] is None:
            self.check_result(state)
        return events

    def players(self, decks, options):
        return [
            {"name": "player", "cards": decks[0] if decks else []},
            {"name": "goldfish", "goldfish": True, "cards": decks[1] if len(decks) > 1 else []},
        ]

    # -- seats -----------------------------------------------------------------------------------------------

    def to_act(self, state):
        """A pending decision's player, else the holder of the right to respond (対抗権), else the turn player."""
        if state["result"] is not None:
            return None
        if state["pending"]:
            return state["pending"].get("player", 0)
        return state["active"] if state["priority"] is None else state["priority"]

    def first_seat(self, state):
        """先攻後攻を決める (seed 003 line 22): the option "first" names the seat."""
        return 1 if state["options"]["first"] == "goldfish" else 0

    def as_seat(self, state, seat):
        """The game with `seat` as seat 0: the players, zones, owners and every player named in the chain, the
        pending decision and the battle swapped, and the board turned round (row r becomes row 4 - r: rows
        count from seat 0's side), the option "first" told from that seat."""
        if seat == 0:
            return state
        out = dict(state)
        out["zones"] = {_zname(k): list(v) for k, v in state["zones"].items()}
        out["cards"] = {i: _card_as_other(c) for i, c in state["cards"].items()}
        out["players"] = [dict(state["players"][1 - k], id=k) for k in (0, 1)]
        out["active"], out["priority"] = _other(state["active"]), _other(state["priority"])
        out["options"] = dict(state["options"], first="player" if state["options"]["first"] == "goldfish" else "goldfish")
        out["stack"] = [_relabel(e) for e in state["stack"]]
        out["pending"] = _relabel(state["pending"]) if state["pending"] else state["pending"]
        out["flags"] = dict(state["flags"], battle=_relabel(state["flags"]["battle"]) if state["flags"].get("battle") else state["flags"].get("battle"))
        if state["result"] is not None and state["result"].get("winner") is not None:
            out["result"] = dict(state["result"], winner=1 - state["result"]["winner"])
        out["log"] = list(state["log"])
        return out

    # the strong AI: a game lasts some twenty turns of some twenty actions each, too long to roll out to its end
    # within a second; a few rollouts of two turns, judged by the 戦力 left (outlook)
    rollout_budget = (8, 2, 4)
    # the strong AI weighs a move or a play by rollouts in which the heuristic pays for it; weighing the
    # cancel of that payment too (which the rollouts of the move did not) made it choose the move and cancel
    # the payment over and over (3000 actions, a draw): it cancels only when the heuristic does
    takes_back = ("cancel",)

    def outlook(self, state, seat):
        """The seat's share of the 戦力 left (each card 10, less the damage on the top one): 「戦力」(ライフ)が尽きたら負け."""
        left = []
        for p in (seat, 1 - seat):
            power = state["zones"][f"p{p}.power"]
            damage = state["cards"][power[-1]]["counters"].get("damage", 0) if power else 0
            left.append(max(0, 10 * len(power) - damage))
        total = left[0] + left[1]
        return 0.5 if total == 0 else left[0] / total

    def action_from_seat(self, action, seat):
        """An action chosen on the game turned round for seat 1 (as_seat): its square and any player it names
        turned back."""
        return action if seat == 0 else _relabel(action)

    def zone_visible(self, state, name, player):
        """戦力, 倉庫 and 墓地 are open, and the board (where the core shows a face-down card, 不可視の水流 cast face
        down, to its owner only); a hand is its owner's; 支援 nobody's."""
        owner, _, kind = name.partition(".")
        if name == BOARD or kind in ("power", "storage", "discard"):
            return True
        return kind == "hand" and owner == f"p{player}"

    def draw_source(self, state, player):
        return DECK[player]

    def layout(self, state):
        return {"grid": {"zone": BOARD, "rows": 5, "cols": COLS, "strips": {"0": "p0.storage", "4": "p1.storage"}}}


_FREE_KINDS = frozenset(OriginalRules.ACTIONS[FREE])
_PAY_KINDS = {"pay": frozenset(OriginalRules.ACTIONS["pay"]), "upkeep": frozenset(OriginalRules.ACTIONS["upkeep"])}


def _other(p):
    return None if p is None else 1 - p


def _zname(name):
    prefix, dot, rest = name.partition(".")
    if dot and prefix in ("p0", "p1"):
        return f"p{1 - int(prefix[1])}.{rest}"
    return name


def _square(pos):
    return [4 - pos[0], pos[1]] if isinstance(pos, list) and len(pos) == 2 and all(isinstance(x, int) for x in pos) else pos


def _card_as_other(card):
    out = dict(card, owner=_other(card["owner"]), zone=_zname(card["zone"]))
    if "pos" in card:
        out["pos"] = _square(card["pos"])
    return out


_PLAYER_KEYS = ("player", "phantom")
_SQUARE_KEYS = ("pos", "from", "to")


def _relabel(value):
    """A chain entry, pending decision or battle (and what they hold) told from the other seat."""
    if isinstance(value, list):
        return [_relabel(v) for v in value]
    if not isinstance(value, dict):
        return value
    out = {}
    for key, v in value.items():
        if key in _PLAYER_KEYS and (v is None or isinstance(v, int)) and not isinstance(v, bool):
            out[key] = _other(v)
        elif key in ("owners", "players") and isinstance(v, list):
            out[key] = [_other(p) if isinstance(p, int) else p for p in v]
        elif key in _SQUARE_KEYS:
            out[key] = _square(v)
        elif key == "zone" and isinstance(v, str):
            out[key] = _zname(v)
        else:
            out[key] = _relabel(v)
    return out
