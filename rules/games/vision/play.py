"""東方VISION with the 非想天則 weather rule (seed 000; GAMES.md's vision section), against a goldfish.

Zones per player: deck (top = end of the list), hand, field (characters and cards in play; sleeping =
`tapped`), nodes (ノード: set face down, seen by their owner; sleeping = `tapped`), discard (捨て札),
exile (除外: 川霧 and 天気雨 put cards there) and weather (the weather deck: the deck's "weather" section).
Shared: weather_area (天候エリア, which is not the field). The game's weather deck is the players' weather
sections together (option "weather_deck"; the goldfish has none, so a goldfish game's is the player's); a game
whose decks have none plays without the weather rule.

Turns: every player's turn counts (turn 1 = the first player's first turn, turn 2 = the other's, …). A
turn is ターン開始 → アクティブ → メンテナンス (the phase-start effects, then the upkeeps) → ドロー (not the
first player on turn 1) → メイン → ディスカード (hand limit 7) → ターン終了 (the end-of-turn effects, then damage
on characters reset and "until end of turn" effects end), then after every 4th turn's end the weather changes. The flow
runs by itself (state["flags"]["step"]) until a decision (state["pending"]) or the human's main phase.

Versus (new_game's seats ["player", "player"], a deck for each seat): both seats are players by the same
rules (each its own deck shuffled, 25 life, 7 cards, its draw step, its main phase: the listers, the main-phase test
and the handlers act for the turn player, `to_act` is the pending decision's player or the turn player); an
attack on a player with an active character asks it to defend (a `defend` decision: one of its active
characters, or none); 極夜's modifier is chosen for each non-human of a battle by its player; the weathers
that hit 「全てのプレイヤー」 hit the second seat as a player (雪 mills its deck, 春一番 and 宵闇 are its choices).
The game's weather deck is one deck of both seats' weather sections (seed: 天候カードを用意し、それを天候デッキとする:
one weather deck of the weather cards prepared; option "weather_deck": "all", or "first" for the first seat's
section only): each weather card in them is as likely to be revealed, and goes back to its owner's section.
Two copies of one weather in the area (極光 revealing the other seat's copy) each add their text: a triggered
weather acts once per copy. `as_seat` swaps the two seats for the
autopilot; `first_seat` is the turn player of an odd turn. GRAZE (base game; battle.py): the seat that took
an attack's combat damage (not 貫通's) decides whether the attacker's GRAZE value of cards from the top of its
deck go to its nodes, sleeping (a `graze` decision: graze, all of them, or no_graze).

The goldfish (player 1) has no deck, no hand and no nodes: it takes its turns doing nothing (no draw
step: it never draws, so it never decks out) and never chooses (春一番 does nothing for it). Characters
the player puts on its field by hand defend (option "goldfish_defends"; battle.py): the first active one
blocks each attack; with none, every attack hits its life. Effects that act on "all players" act on it
too (地震雲 at its end of turn; 雪: it has no deck to mill, so any damage to it under 雪 loses it the game).

Base rules the engine applies: 必要ノード counts every node, コスト sleeps active nodes (any are
interchangeable: the first ones); a node comes from hand face down and active (only characters, spells and
commands: the main deck's cards); one character a turn (奇襲 ones excepted), 速攻 enters active; a spell
whose 術者 is on your field ignores its node, cost and upkeep; spells with 呪符/世界呪符/幻想生物 and commands
with 装備 stay on the field, others go to the discard pile; one 世界呪符 a turn; 人形 never attacks; a
character whose damage reaches its 耐久力 is 決死 and destroyed; battles with 先制, 貫通 and 隠密 (battle.py;
no GRAZE: the goldfish has no deck and never attacks). Card text goes through the `script` steps (played =
on play, a character's when it enters; attack = when it attacks); the rest is applied with manual actions.
Cards in the hidden zones (deck, hand, nodes, weather deck) are face down whatever a manual move left them
as, and the weathers in the weather area face up, so no view shows another player what is not theirs to see
(the engine's view hides a face-down card in an open zone from the other players).

Readings (documented, some options): a weather is revealed at game start ("weather_at_start"); 白夜's
sleep-cost substitution covers a human's attacks and defences ("byakuya"); 春一番's option 2 heals the
chooser ("haru_heal") and option 3 sleeps one of the chooser's active characters; 雹's "may" is taken
(an active node is never worse); 凧 rewards the players who dealt damage to an opponent during the turn
("tako"); ダイヤモンドダスト reads 必要ノード as the card would be played (after 快晴 or 晴嵐); 宵闇 with an
empty deck reveals nothing and the attack goes on; simultaneous effects resolve in the weather area's
order; 天候終了時 effects happen while the ending weathers are still in force (台風 keeps 極夜's sleeping
characters), before the cards go back; 黄砂's 2 damage comes as the battle begins, before its combat damage ("kousa");
炎天 stops 天気雨 nullifying a 「プレイを無効」 command (its two revealed cards are still exiled). Both players
losing at once is a draw (winner None).
"""

from __future__ import annotations

from ...engine import effects, rng
from ...engine.cards import CardCache, InstanceFacts, same_data
from ...engine.core import IllegalAction, draw, first_player, mill, move, shuffle_zone, zone
from ...engine.play import FREE, Mirrored, Play, mirrored
from . import weather as W
from .battle import Battles
from .weather import AUTOMATED_WEATHERS, WEATHER_STATUS

__all__ = ["AUTOMATED_WEATHERS", "WEATHER_STATUS", "VisionRules"]

CHARACTER, SPELL, COMMAND, WEATHER = "キャラクター", "スペル", "コマンド", "天候"
PLAYABLE = (CHARACTER, SPELL, COMMAND)
AREA = "weather_area"
PERMANENT_SPELL = ("呪符", "世界呪符", "幻想生物")  # spells that stay on the field after they resolve
PERMANENT_COMMAND = ("装備", "装備/場")
STEPS = ("start", "active", "maintenance", "upkeep", "draw", "main_start", "main", "discard", "end", "change")
PER_TURN = {"node": False, "character": False, "world": False, "fog": False, "seiran_off": False, "byakuya": 0}
HIDDEN = ("deck", "hand", "nodes", "weather")  # the zone kinds whose cards are face down
FIELDS = ("p0.field", "p1.field")
NODES = ("p0.nodes", "p1.nodes")
HANDS = ("p0.hand", "p1.hand")
# The steps of the turn that change no life and draw nothing: nobody can have lost by them, so _run does not
# look for a result again after them.
NO_LOSS = frozenset({"upkeep", "main", "discard"})  # ("active" runs "maintenance" too: _step_active)


# the weathers that act at each timing (_trigger's handlers): where none of those in force does, it is not asked
_ACTING = {timing: frozenset(handlers) for timing, handlers in W.BY_TIMING.items()}



def _weathered_attack(value: int, f, w) -> int:
    """A character's attack `value` under the weathers `w` in force: 疎雨 +1; 烈日 +(req - 4) for a card whose req
    is 6 or more (花曇's −2 for an attacker is left to the callers, which apply it differently)."""
    if "疎雨" in w:
        value += 1
    if "烈日" in w and f.req >= 6:
        value += f.req - 4
    return value


# the weathers _weathered_attack reads: with neither in force it changes nothing, and it is not called
_ATTACK_WEATHERS = frozenset({"疎雨", "烈日"})

# A play leaves the result checked by itself (result_checked) unless one of these weathers is in force: those that
# act after a card of that kind is played (_after: damage, a draw, a mill, a character off the field) and 烈日, under
# which a character that enters with no damage may already be 決死 (_state_check). Everything else a play does is
# checked where it happens (effects._continue checks after every step) or cannot change the result (paying nodes,
# the card moving to the field with no counters or to the discard pile, 天気雨's reveal and exile).
_PLAY_CHECKED_UNLESS = {
    CHARACTER: frozenset(W.BY_TIMING["resolved"]) | frozenset(W.BY_TIMING["entered"]) | {"烈日"},
    SPELL: frozenset(W.BY_TIMING["resolved"]) | frozenset(W.BY_TIMING["spell_resolved"]) | {"烈日"},
    COMMAND: frozenset(W.BY_TIMING["resolved"]) | {"烈日"},
}


class Facts:
    """What the hot read helpers (costs, why_not_play, attack and defence values) ask of a card's data, read
    once per card of a game."""

    __slots__ = ("kind", "keywords", "req", "cost", "caster", "attack", "defence", "upkeep", "scripted", "ambush", "world", "name", "graze")

    def __init__(self, d: dict, options: dict):
        fields = d.get("fields") or {}
        self.kind = d.get("card_type")
        self.name = d.get("name")
        self.keywords = d.get("keywords") or ()
        self.req = fields.get("required_nodes") or 0
        self.cost = d.get("cost") or 0
        self.caster = fields.get("caster")
        self.attack = fields.get("attack") or 0
        self.defence = fields.get("defence") or 0
        self.upkeep = fields.get("upkeep") or 0
        self.graze = fields.get("graze") or 0
        self.ambush = "奇襲" in self.keywords  # printed (_ambush)
        self.world = "世界呪符" in self.keywords
        # the timings its script has steps for (effects.steps_of: a step without "when" runs when played)
        self.scripted = frozenset((s.get("when") or "played") for s in fields.get("script") or ())


def _swap_zone(name: str) -> str:
    """p0.x <-> p1.x; a shared zone as it is."""
    if name[:3] in ("p0.", "p1."):
        return ("p1." if name[1] == "0" else "p0.") + name[3:]
    return name


def _swapped(value, key=None):
    """A copy of a pending decision (or an effect frame, or the end-of-turn changes) with the two seats
    swapped: players (keys "player", "owner", "by" and the players among an effect's "targets") and zone
    names."""
    if isinstance(value, dict):
        return {k: _swapped(v, k) for k, v in value.items()}
    if isinstance(value, list):
        return [_swapped(v, key) for v in value]
    if isinstance(value, str):
        return _swap_zone(value)
    if isinstance(value, int) and not isinstance(value, bool) and key in ("player", "owner", "by", "targets") and value in (0, 1):
        return 1 - value
    return value


class OntoField(effects.Steps):
    """The effect steps vision reads itself: a move onto the field (豪雨 keeps characters off it)."""

    def handler(self, step):
        return self.ops["move"] if step["op"] == "move" and step.get("to") == "field" else None


class VisionRules(Battles, Play):
    """The rules class the registry runs for "vision"."""

    slug = "vision"
    zones = ("deck", "hand", "field", "nodes", "discard", "exile", "weather")
    shared_zones = (AREA,)
    ACTIONS = {
        FREE: ("node", "play", "attack", "end_turn"),  # the human player's main phase
        "upkeep": ("pay", "destroy"),  # a 維持コスト in the maintenance phase
        "discard": ("discard",),  # down to the hand limit in the discard phase
        "weather_choice": ("weather_choice",),  # 春一番's option and target, 宵闇's declaration
        "choose": ("choose",),  # a card an effect asks for
        "defend": ("defend",),  # versus: the attacked player's defender, or none (card None)
        "graze": ("graze", "no_graze"),  # versus: the player who took combat damage GRAZEs (all) or not (nothing)
    }
    # apply leaves the result checked (engine/play.py): check_result carries out the state check (決死, _state_check)
    # and decides a player's loss; every handler calls it where either may have something to do (see each one:
    # node never, play under the weathers of _PLAY_CHECKED_UNLESS, attack always, end_turn under 烈日, the
    # answers to decisions always), so the simulator's call after every action is not made.
    result_checked = True
    reads = (
        "weathers", "costs", "play_means", "why_not_play", "why_not_attack", "attack_value", "defence_value",
        "has_caster", "active_nodes", "characters", "is_human", "playable", "facts", "attackers", "offers",
    )

    def __init__(self):
        super().__init__()
        self._steps = {step: getattr(self, f"_step_{step}") for step in STEPS}
        self.effect_steps = OntoField(ops={"move": self._move_onto_field})
        self._resolvers = {"春一番": W.haru_resolve, "宵闇": W.yoiyami_resolve, "極夜": type(self).kyokuya_resolve}
        self._facts = CardCache(Facts)
        self._last: tuple = (None, None, None, None)  # (the cards and defs dicts of the game read last, its facts by instance, its CardTable)
        self._prev: tuple = (None, None, None, None)  # (the one read before it)

    def facts(self, state) -> dict:
        """Instance id -> Facts (kind, keywords, req, cost, caster, attack, defence) of its card: read-only."""
        last = self._last  # (_of's usual answer, without the call)
        return last[2] if last[0] is state["cards"] and last[1] is state["defs"] else self._of(state)

    def _of(self, state) -> dict:
        """Instance id -> Facts for this game (the hot paths look it up once per call): an InstanceFacts, each
        instance's made on first use (a token a manual action makes too). Measured with callgrind: a game reads
        some 16 of its 80 instances, and a plain dict of all of them (a C-level map/zip a game) cost more than
        the 16 first reads and the dict subclass's slower subscript (3.686 -> 3.671 M instructions a game)."""
        cards = state["cards"]
        last = self._last
        if last[0] is not cards or last[1] is not state["defs"]:
            prev = self._prev  # (a game and its relabelling by as_seat, read in turns: the same facts)
            if prev[0] is cards and prev[1] is state["defs"]:
                self._last, self._prev = prev, last
                last = prev
            else:
                old = last[3]
                if old is not None and old.options is state["options"] and same_data(state["defs"], old.defs):
                    # the last game's table: the very same card data (a simulation's next game; a card this game
                    # adds later, a token, makes after_manual drop it)
                    table = old
                else:
                    table = self._facts.table(state)
                of = InstanceFacts(table, cards)
                self._last, self._prev = (cards, state["defs"], of, table), last
                return of
        return last[2]

    def players(self, decks, options):
        """The player's deck; the second seat's where one is given (versus: a player with its own deck, life,
        opening hand and weather section), else the goldfish with none."""
        mine = {"name": "player", "cards": decks[0] if decks else []}
        if len(decks) > 1 and decks[1]:
            return [mine, {"name": "opponent", "cards": decks[1]}]
        return [mine, {"name": "goldfish", "goldfish": True, "cards": []}]

    # -- seats (versus) ---------------------------------------------------------------------------------------

    versus = True  # the second seat may be a player with its own deck: the turn player (or the decider) acts

    def first_seat(self, state):
        """The seat that took turn 1: every player's turn counts and the seats alternate, so the turn player of
        an odd turn (the setup keeps no "first", so goldfish games stay as they were)."""
        if state["turn"] < 1:
            return None
        return state["active"] if state["turn"] % 2 else 1 - state["active"]

    def as_seat(self, state, seat):
        """The game with `seat` as seat 0 (two seats: they swap): zones, owners, the players, whose turn it is,
        who went first, the pending decision's (and an unfinished effect's) players and zones, 凧's dealers,
        the result's winner. Instance ids are kept; the cards are relabelled as they are read (Mirrored), and
        their facts are the game's own. (A view for the autopilot to read, not to play on.)"""
        if seat == 0:
            return state
        out = dict(state)
        zmap = {k: _swap_zone(k) for k in state["zones"]}
        out["zones"] = {zmap[k]: list(v) for k, v in state["zones"].items()}
        cards = state["cards"]
        out["cards"] = mirrored(cards, zmap)  # (relabelled twice: the cards as they were)
        if isinstance(out["cards"], Mirrored):  # (a new relabelling: its facts are the ones just worked out)
            if self._last[0] is cards and self._last[1] is state["defs"]:  # the same instances: the same facts
                self._last, self._prev = (out["cards"], state["defs"], self._last[2], self._last[3]), self._last
        out["players"] = [dict(state["players"][1 - k], id=k) for k in range(2)]
        out["active"] = 1 - state["active"]
        if isinstance(state.get("first"), int):
            out["first"] = 1 - state["first"]
        flags = dict(state["flags"])
        flags["dealt"] = [1 - p for p in flags.get("dealt") or ()]
        if flags.get("last_dealer") is not None:
            flags["last_dealer"] = 1 - flags["last_dealer"]
        out["flags"] = flags
        if state["pending"]:
            out["pending"] = _swapped(state["pending"])
        if "eot" in state:
            out["eot"] = _swapped(state["eot"])
        if state["result"] is not None and state["result"].get("winner") is not None:
            out["result"] = dict(state["result"], winner=1 - state["result"]["winner"])
        out["log"] = list(state["log"])
        return out

    @staticmethod
    def section_zone(section: str) -> str | None:
        return "weather" if section == "weather" else None

    def zone_visible(self, state, name, player):
        if name == AREA:
            return True
        owner, _, kind = name.partition(".")
        if kind in ("field", "discard", "exile"):
            return True
        return kind in ("hand", "nodes", "weather") and owner == f"p{player}"

    # -- card data -------------------------------------------------------------------------------------------

    @staticmethod
    def _def(state, iid) -> dict:
        return state["defs"][state["cards"][iid]["def"]]

    weathers = staticmethod(W.weathers)  # the weathers in force, in the area's order
    characters = staticmethod(W.characters)
    is_human = staticmethod(W.is_human)  # 種族:人間 (白夜, 極夜)

    def has_caster(self, state, player, iid) -> bool:
        """The spell's 術者 is a character on the player's field."""
        of = self._of(state)
        caster = of[iid].caster
        if not caster:
            return False
        for i in state["zones"][FIELDS[player]]:  # (a loop, not a generator: asked on many plays)
            f = of[i]
            if f.name == caster and f.kind == CHARACTER:
                return True
        return False

    @staticmethod
    def _ambush(d, w) -> bool:
        """奇襲 (printed, or 蒼天's for hand characters), unless 豪雨 nullifies it: not counted in the
        once-a-turn character rule."""
        if "豪雨" in w:
            return False
        return "奇襲" in (d.get("keywords") or ()) or "蒼天" in w

    def costs(self, state, iid, w=None, caster=None) -> tuple[int, int, bool]:
        """(必要ノード, コスト, 速攻 by 快晴) of a card in hand as it would be played now."""
        last = self._last  # (_of's usual answer, without the call: asked on most choices)
        f = (last[2] if last[0] is state["cards"] and last[1] is state["defs"] else self._of(state))[iid]
        if w is None:
            w = state["flags"]["weathers"]
        kind = f.kind
        if kind == SPELL and (self.has_caster(state, state["active"], iid) if caster is None else f.caster in caster):
            return 0, 0, False  # 術者 on the field: the node and cost conditions are ignored
        req, cost = f.req, f.cost
        if not w:
            return req, cost, False
        if "晴嵐" in w and not state["flags"]["seiran_off"]:
            return 0, 0, False
        if (kind == CHARACTER and "快晴" in w) or (kind == SPELL and "曇天" in w):
            req = max(0, req - 2)
            if cost > 0:
                cost -= 1
                return req, cost, kind == CHARACTER and cost == 0  # 快晴: コストが0となったキャラクターカードは「速攻」
        return req, cost, False

    def play_means(self, state, player=0) -> tuple[int, int, set[str]]:
        """What the player plays cards with now: (nodes, active nodes, the names of the characters on the
        field: the 術者 a spell may have there)."""
        last = self._last  # (_of's usual answer, without the call: asked on most choices)
        zones, cards = state["zones"], state["cards"]
        of = last[2] if last[0] is state["cards"] and last[1] is state["defs"] else self._of(state)
        nodes = zones[NODES[player]]
        active = 0  # (plain loops: asked on every choice of the autopilot)
        for i in nodes:
            if not cards[i]["tapped"]:
                active += 1
        names = set()
        for i in zones[FIELDS[player]]:
            f = of[i]
            if f.kind == CHARACTER:
                names.add(f.name)
        return len(nodes), active, names

    def why_not_play(self, state, iid, w, nodes, active, caster) -> str | None:
        """Why the card in hand cannot be played now with that many nodes and active nodes and those 術者 on
        the field (caster None: read the field), or None."""
        req, cost, _ = self.costs(state, iid, w, caster)
        return self._why_not(state, self._of(state)[iid], w, nodes, active, req, cost)

    @staticmethod
    def _why_not(state, f, w, nodes, active, req, cost) -> str | None:
        """why_not_play of a card (its Facts) whose 必要ノード and コスト now (costs) are req and cost."""
        kind = f.kind
        if kind not in PLAYABLE:
            return "only characters, spells and commands are played"
        flags = state["flags"]
        # (not 奇襲: _ambush on the card's facts)
        if kind == CHARACTER and flags["character"] and ("豪雨" in w or not ("奇襲" in f.keywords or "蒼天" in w)):
            return "one character a turn"
        if kind == SPELL and flags["world"] and "世界呪符" in f.keywords:
            return "one 世界呪符 a turn"
        if kind == CHARACTER and "ダイヤモンドダスト" in w and req <= 3:
            return "ダイヤモンドダスト: no character with 必要ノード 3 or less"
        if nodes < req:
            return f"needs {req} nodes (you have {nodes})"
        if active < cost:
            return f"costs {cost} active nodes (you have {active})"
        return None

    def playable(self, state, w, nodes, active, caster) -> list[str]:
        """The cards of the human's hand that why_not_play allows (None) with these means, in hand order."""
        return [offer[0] for offer in self.offers(state, w, nodes, active, caster)]

    def offers(self, state, w, nodes, active, caster) -> list[tuple]:
        """playable's cards with what the autopilot weighs them by, in one pass (it asks on every choice):
        (instance, Facts, コスト and 快晴's 速攻 as costs() gives them, and its attack_value as it stands and
        attacking (0, 0 for a card that is not a character)). The same test and costs as why_not_play."""
        last = self._last  # (_of's usual answer, without the call: asked on most choices)
        of = last[2] if last[0] is state["cards"] and last[1] is state["defs"] else self._of(state)
        flags, cards = state["flags"], state["cards"]
        one_done, world_done = flags["character"], flags["world"]
        if w:  # (the weathers' questions asked once, not per card)
            free = "晴嵐" in w and not flags["seiran_off"]
            clear_sky, cloudy, dust = "快晴" in w, "曇天" in w, "ダイヤモンドダスト" in w
            rain, blue = "豪雨" in w, "蒼天" in w  # (豪雨 nullifies 奇襲, 蒼天 gives it to every character)
            bonus = not _ATTACK_WEATHERS.isdisjoint(w)
        else:
            free = clear_sky = cloudy = dust = rain = blue = bonus = False
        out = []
        for iid in state["zones"][HANDS[state["active"]]]:
            f = of[iid]
            kind = f.kind
            if kind == CHARACTER:
                if one_done and (rain or not (f.ambush or blue)):
                    continue  # one character a turn (not 奇襲)
                clear = False
                if free:
                    req = cost = 0
                else:
                    req, cost = f.req, f.cost
                    if clear_sky:
                        req = max(0, req - 2)
                        if cost > 0:
                            cost -= 1
                            clear = cost == 0
                if (dust and req <= 3) or nodes < req or active < cost:
                    continue
                counters = cards[iid]["counters"]  # (attack_value's as it stands and attacking, inline)
                value = f.attack + counters.get("attack", 0) if counters else f.attack
                if w:
                    if bonus:
                        value = _weathered_attack(value, f, w)
                    if "花曇" in w and "マナチャージ" not in f.keywords:
                        out.append((iid, f, cost, clear, value, value - 2))
                        continue
                out.append((iid, f, cost, clear, value, value))
            elif kind == SPELL:
                if world_done and f.world:
                    continue  # one 世界呪符 a turn
                if free or f.caster in caster:  # (costs: 術者 on the field)
                    req = cost = 0
                else:
                    req, cost = f.req, f.cost
                    if cloudy:
                        req = max(0, req - 2)
                        if cost > 0:
                            cost -= 1
                if nodes >= req and active >= cost:
                    out.append((iid, f, cost, False, 0, 0))
            elif kind == COMMAND:
                req, cost = (0, 0) if free else (f.req, f.cost)
                if nodes >= req and active >= cost:
                    out.append((iid, f, cost, False, 0, 0))
        return out

    def attack_value(self, state, iid, w, attacking=False) -> int:
        last = self._last  # (_of's usual answer, without the call: asked on most choices)
        f = (last[2] if last[0] is state["cards"] and last[1] is state["defs"] else self._of(state))[iid]
        value = f.attack + state["cards"][iid]["counters"].get("attack", 0)
        if w:
            if not _ATTACK_WEATHERS.isdisjoint(w):
                value = _weathered_attack(value, f, w)
            if attacking and "花曇" in w and "マナチャージ" not in f.keywords:
                value -= 2
        return value

    def defence_value(self, state, iid, w) -> int:
        last = self._last  # (_of's usual answer, without the call: asked on most choices)
        f = (last[2] if last[0] is state["cards"] and last[1] is state["defs"] else self._of(state))[iid]
        value = f.defence + state["cards"][iid]["counters"].get("defence", 0)
        req = f.req
        if "烈日" in w and req >= 6:
            value -= req - 4
        return value

    def why_not_attack(self, state, iid, w) -> str | None:
        """Why the card on the field cannot attack now, or None."""
        last = self._last  # (_of's usual answer, without the call: asked on most choices)
        f = (last[2] if last[0] is state["cards"] and last[1] is state["defs"] else self._of(state))[iid]
        if f.kind != CHARACTER:
            return "only characters attack"
        if state["cards"][iid]["tapped"]:
            return "a sleeping character cannot attack"
        if "人形" in f.keywords:
            return "人形 cannot attack"
        if "花曇" in w and self.attack_value(state, iid, w) <= 3:
            return "花曇: no attack with an attack of 3 or less"
        return None

    def attackers(self, state, player, w) -> list[tuple[str, int]]:
        """The characters on the player's field that why_not_attack allows (in its order), each with its
        attack as an attacker (attack_value attacking): one pass (the autopilot asks on most choices)."""
        last = self._last  # (_of's usual answer, without the call: asked on most choices)
        of = last[2] if last[0] is state["cards"] and last[1] is state["defs"] else self._of(state)
        cards = state["cards"]
        dim = bool(w) and "花曇" in w
        bonus = bool(w) and not _ATTACK_WEATHERS.isdisjoint(w)
        out = []
        for iid in state["zones"][f"p{player}.field"]:
            f = of[iid]
            card = cards[iid]
            if f.kind != CHARACTER or card["tapped"] or "人形" in f.keywords:
                continue
            counters = card["counters"]  # (attack_value's, inline: asked for every character on most choices)
            value = f.attack + counters.get("attack", 0) if counters else f.attack
            if w:
                if bonus:
                    value = _weathered_attack(value, f, w)
                if dim:
                    if value <= 3:
                        continue
                    if "マナチャージ" not in f.keywords:
                        out.append((iid, value - 2))
                        continue
            out.append((iid, value))
        return out

    # -- life, damage, cards leaving -----------------------------------------------------------------------

    def damage(self, state, player, amount, by=None, combat=False, unpreventable=False) -> list[dict]:
        """Damage to a player. 雪 turns it into milling (not 地震雲's, which nothing prevents): 「[全てのプレイヤー]は
        ダメージを受ける場合、そのダメージを直ちに無効とし、[デッキの上のカードX枚]を破棄する。破棄出来ない場合、そのプレイヤーは
        ゲームに敗北する。」 for every player, the goldfish too (it has no deck: any damage to it under 雪 loses it the
        game). A player who deals damage to an opponent is remembered for 凧 (this turn's dealers, and the latest);
        combat damage heals its dealer once a turn under 濃霧."""
        if amount <= 0:
            return []
        target = state["players"][player]
        w = state["flags"]["weathers"]
        if "雪" in w and not unpreventable:
            events = mill(state, player, amount)
            events.append({"type": "weather", "weather": "雪", "player": player, "amount": amount, "milled": len(events)})
            if len(events) - 1 < amount:  # 破棄出来ない場合、そのプレイヤーはゲームに敗北する
                target["lost"] = True
                state["flags"]["loss"] = "yuki"
            return events
        target["life"] -= amount
        events = [{"type": "damage", "player": player, "amount": amount, "life": target["life"]}]
        flags = state["flags"]
        if by is not None and by != player:
            if by not in flags["dealt"]:
                flags["dealt"].append(by)
            flags["last_dealer"] = by
            if combat and "濃霧" in w and not flags["fog"]:
                flags["fog"] = True
                events += self.gain(state, by, amount, weather="濃霧")
        return events

    def gain(self, state, player, amount, weather=None) -> list[dict]:
        life = state["players"][player]
        life["life"] += amount
        event = {"type": "life", "player": player, "amount": amount, "life": life["life"]}
        if weather:
            event["weather"] = weather
        return [event]

    def mill(self, state, player, n) -> list[dict]:
        return mill(state, player, n)

    def leave_field(self, state, iid, to, face_up=True, index=None) -> list[dict]:
        card = state["cards"][iid]
        card["tapped"] = False
        card["counters"] = {}
        card.pop("entered", None)
        card.pop("stealth", None)
        return [move(state, iid, to, index=index, face_up=face_up)]

    def kesshi(self, state, iid) -> list[dict]:
        """決死状態: the character is destroyed (to the discard pile), unless 台風 (決死状態にならない) or 梅雨
        (the 決死 is nullified and the character is shuffled into its owner's deck)."""
        w = state["flags"]["weathers"]
        if "台風" in w:
            return [{"type": "weather_prevents", "weather": "台風", "card": iid}]
        owner = state["cards"][iid]["owner"]
        if "梅雨" in w:
            deck = f"p{owner}.deck"
            events = self.leave_field(state, iid, deck, face_up=False)
            return events + [shuffle_zone(state, deck), {"type": "weather", "weather": "梅雨", "card": iid}]
        return [{"type": "kesshi", "card": iid}] + self.leave_field(state, iid, f"p{owner}.discard")

    def _state_check(self, state) -> list[dict]:
        """A character whose damage reaches its defence (耐久力) becomes 決死."""
        w = state["flags"]["weathers"]
        scorching = "烈日" in w
        cards, zones = state["cards"], state["zones"]
        if not scorching:  # (the usual answer, asked after every action: no character has counters)
            for iid in zones["p0.field"]:
                if cards[iid]["counters"]:
                    break
            else:
                for iid in zones["p1.field"]:
                    if cards[iid]["counters"]:
                        break
                else:
                    return []
        events = []
        for field in FIELDS:
            for iid in zones[field]:
                if not cards[iid]["counters"] and not scorching:
                    continue
                d = self._def(state, iid)
                fields = d.get("fields") or {}
                if d.get("card_type") != CHARACTER or "defence" not in fields:
                    continue
                harm = cards[iid]["counters"].get("damage", 0)
                defence = self.defence_value(state, iid, w)
                if defence <= harm and (harm > 0 or defence < (fields["defence"] or 0)):
                    events.append(iid)
        return [e for iid in events for e in self.kesshi(state, iid)] if events else events

    # -- hooks of the effect runner -------------------------------------------------------------------------

    def damage_player(self, state, player, amount, source) -> list[dict]:
        by = state["cards"][source]["owner"] if source in state["cards"] else None
        return self.damage(state, player, amount, by=by)

    def gain_life(self, state, player, amount, source) -> list[dict]:
        return self.gain(state, player, amount)

    def draw_cards(self, state, player, n) -> list[dict]:
        """A draw an effect makes; the goldfish has no deck, so it draws nothing (and does not lose)."""
        if state["players"][player]["goldfish"]:
            return [{"type": "step_skipped", "op": "draw", "player": player}]
        return draw(state, player, n, forced=True)

    def add_resource(self, state, player, amount) -> list[dict]:
        """VISION's resource: the top cards of the deck to the nodes, sleeping (as GRAZE adds them)."""
        deck = state["zones"][f"p{player}.deck"]
        events = []
        for _ in range(min(amount, len(deck))):
            iid = deck[-1]
            events.append(move(state, iid, f"p{player}.nodes", face_up=False))
            state["cards"][iid]["tapped"] = True
        return events

    def after_effects(self, state, then, source, player) -> list[dict]:
        cards = state["cards"]
        for iid in state["zones"][f"p{player}.nodes"]:  # an effect's move to the nodes puts cards face down
            cards[iid]["face_up"] = False
        return self._after(state, then, source)

    def _after(self, state, then, source) -> list[dict]:
        """after_effects once the nodes are face down: the combat of an attack, the weathers that act when a card
        has resolved or entered."""
        w = state["flags"]["weathers"]
        if then == "attack":
            return self._combat(state, source, w)
        events = []
        if w:
            resolved = W.BY_TIMING["resolved"]
            also = W.BY_TIMING["spell_resolved"] if then == SPELL else W.BY_TIMING["entered"] if then == CHARACTER else None
            for name in w:
                handler = resolved.get(name)
                if handler:
                    events += self._from_weather(state, name, handler(self, state, source))
                if also is not None:
                    handler = also.get(name)
                    if handler:
                        events += self._from_weather(state, name, handler(self, state, source))
        return events

    # -- setup and the turn's flow ------------------------------------------------------------------------

    def setup(self, state):
        opts = state["options"]
        first = first_player(opts)  # (the options were checked against options.py before the setup)
        # each player (not the goldfish): life 25, the deck shuffled, 7 cards drawn
        for p, player in enumerate(state["players"]):
            player["life"] = opts["goldfish_life"] if player["goldfish"] else opts["life"]
            if not player["goldfish"]:
                shuffle_zone(state, zone(p, "deck"))
                draw(state, p, opts["opening"])
        weather_on = opts["weather"] and any(state["zones"][name] for name in self.weather_decks(state))
        state["flags"] = {**PER_TURN, "step": "start", "dealt": [], "last_dealer": None, "upkeep": None, "weather_on": weather_on, "loss": None, "weathers": []}
        state["turn"], state["active"] = 1, first
        if weather_on and opts["weather_at_start"]:
            self._reveal(state)
        self._run(state)

    def _run(self, state) -> list[dict]:
        """Carry the turn on until a decision, the human player's main phase, or the end of the game."""
        events: list[dict] = []
        flags, players = state["flags"], state["players"]
        steps = self._steps
        first, second = players
        looked = False  # a _decide found nobody lost since the last change of life or loss
        while state["result"] is None and state["pending"] is None:
            step = flags["step"]
            if step == "main" and not players[state["active"]]["goldfish"]:
                break
            events += steps[step](state)
            if not (looked and step in NO_LOSS):
                # (_decide's question asked here: nobody has lost is the usual answer)
                if first["lost"] or first["life"] <= 0 or second["lost"] or second["life"] <= 0:
                    self._decide(state)
                looked = True
        return events

    def _trigger(self, state, timing) -> list[dict]:
        names = state["flags"]["weathers"]
        if not names:
            return []
        events = []
        table = W.BY_TIMING[timing]
        for name in names:
            handler = table.get(name)
            if handler:
                events += self._from_weather(state, name, handler(self, state))
        return events

    def _from_weather(self, state, name, events) -> list[dict]:
        """A weather's damage and life changes name the weather card as their source (for the log)."""
        card = None
        defs, cards = state["defs"], state["cards"]
        for i in state["zones"][AREA]:  # (a loop, not a generator: asked for every weather that acts)
            if defs[cards[i]["def"]].get("name") == name:
                card = i
                break
        if card is not None:
            for event in events:
                if event.get("type") in ("damage", "life") and "source" not in event:
                    event["source"] = card
        return events

    def _step_start(self, state):
        flags = state["flags"]
        flags.update(PER_TURN)
        flags["dealt"] = []
        state["phase"] = "active"
        flags["step"] = "active"
        events = [{"type": "turn", "turn": state["turn"], "player": state["active"]}]
        w = flags["weathers"]
        if w and not _ACTING["turn_start"].isdisjoint(w):
            events += self._trigger(state, "turn_start")
        first, second = state["players"]
        if (state["result"] is None and state["pending"] is None
                and not (first["lost"] or first["life"] <= 0 or second["lost"] or second["life"] <= 0)):
            # nobody has lost, nothing waits: _run would go straight on to the active phase
            return events + self._step_active(state)
        return events

    def _step_active(self, state):
        """アクティブフェイズ: the turn player's cards become active (時雨: not the characters)."""
        player = state["active"]
        cards, zones = state["cards"], state["zones"]
        for iid in zones[NODES[player]]:
            cards[iid]["tapped"] = False
        if "時雨" in state["flags"]["weathers"]:
            of = self._of(state)
            for iid in zones[FIELDS[player]]:
                if of[iid].kind != CHARACTER:
                    cards[iid]["tapped"] = False
        else:
            for iid in zones[FIELDS[player]]:
                cards[iid]["tapped"] = False
        state["flags"]["step"] = "maintenance"
        # the maintenance phase follows at once (this step neither decides, nor ends the game, nor changes a
        # life: _run would go straight on to it; it asks for the result after both)
        return [{"type": "phase", "phase": "active"}] + self._step_maintenance(state)

    def upkeep_cost(self, state, iid) -> int:
        f = self._of(state)[iid]
        cost = f.upkeep
        if cost and f.kind == SPELL and self.has_caster(state, state["cards"][iid]["owner"], iid):
            return 0  # 術者 on the field: the upkeep is ignored
        return cost

    def active_nodes(self, state, player) -> list[str]:
        cards = state["cards"]
        out = []
        for i in state["zones"][NODES[player]]:  # (a loop: a comprehension is a call of its own)
            if not cards[i]["tapped"]:
                out.append(i)
        return out

    def _pay(self, state, player, cost) -> list[dict]:
        """Any active nodes are interchangeable: the first ones turn to sleep."""
        if cost <= 0:
            return []
        paid = self.active_nodes(state, player)[:cost]
        for iid in paid:
            state["cards"][iid]["tapped"] = True
        return [{"type": "pay", "player": player, "cards": paid}]

    def _step_maintenance(self, state):
        """メンテナンスフェイズ開始時: the phase begins with the effects of its start (霧雨 and 烈日: 「自ターンの
        メンテナンスフェイズ開始時」), before any upkeep is asked for; then the upkeeps."""
        state["phase"] = "maintenance"
        flags = state["flags"]
        flags["step"] = "upkeep"
        w = flags["weathers"]
        if w and not _ACTING["maintenance"].isdisjoint(w):
            return [{"type": "phase", "phase": "maintenance"}] + self._trigger(state, "maintenance")
        if flags["upkeep"] is None and not state["zones"][FIELDS[state["active"]]]:
            # nothing acted, and no card on the field to keep: the upkeep step would only end (the goldfish's
            # every turn, the player's first ones); it is in NO_LOSS, so nothing is looked at after it either
            flags["step"] = "draw"
            first, second = state["players"]
            if (state["result"] is None and state["pending"] is None
                    and not (first["lost"] or first["life"] <= 0 or second["lost"] or second["life"] <= 0)):
                # nobody has lost, nothing waits: _run would go straight on to the draw step
                events = self._step_draw(state)
                events.insert(0, {"type": "phase", "phase": "maintenance"})
                return events
        return [{"type": "phase", "phase": "maintenance"}]

    def _step_upkeep(self, state):
        """メンテナンスフェイズ: each upkeep (維持コスト) is paid by sleeping nodes, or its card is destroyed."""
        flags = state["flags"]
        player = state["active"]
        field = FIELDS[player]
        events = []
        if flags["upkeep"] is None:  # the upkeeps begin
            last = self._last  # (most cards have no upkeep: their facts say so at once; _of's usual answer inline)
            of = last[2] if last[0] is state["cards"] and last[1] is state["defs"] else self._of(state)
            queue = []
            for i in state["zones"][field]:
                if of[i].upkeep and self.upkeep_cost(state, i) > 0:
                    queue.append(i)
            flags["upkeep"] = queue
        queue = flags["upkeep"]
        while queue:
            iid = queue[0]
            cost = self.upkeep_cost(state, iid) if state["cards"][iid]["zone"] == field else 0
            if cost <= 0:
                queue.pop(0)
                continue
            if state["players"][player]["goldfish"]:  # it never decides: it pays when it can
                queue.pop(0)
                if len(self.active_nodes(state, player)) >= cost:
                    events += self._pay(state, player, cost)
                else:
                    events += self._destroy(state, iid)
                continue
            state["pending"] = {"type": "upkeep", "player": player, "card": iid, "cost": cost}
            return events
        flags["upkeep"] = None
        flags["step"] = "draw"
        return events

    def _destroy(self, state, iid) -> list[dict]:
        owner = state["cards"][iid]["owner"]
        return [{"type": "destroy", "card": iid}] + self.leave_field(state, iid, f"p{owner}.discard")

    def _step_draw(self, state):
        """ドローフェイズ: the turn player draws 1; not the first player on turn 1; the goldfish has no deck
        and no draw step."""
        state["phase"] = "draw"
        state["flags"]["step"] = "main_start"
        player = state["active"]
        events = [{"type": "phase", "phase": "draw"}]
        if not (state["players"][player]["goldfish"] or state["turn"] == 1):
            events += draw(state, player, 1, forced=True)
        first, second = state["players"]
        if (state["result"] is None and state["pending"] is None
                and not (first["lost"] or first["life"] <= 0 or second["lost"] or second["life"] <= 0)):
            # nobody has lost, nothing waits: _run would go straight on to the main phase's start
            return events + self._step_main_start(state)
        return events

    def _step_main_start(self, state):
        state["phase"] = "main"
        flags = state["flags"]
        flags["step"] = "main"
        events = [{"type": "phase", "phase": "main"}]
        w = flags["weathers"]
        if w:
            acted = False
            if not _ACTING["main_start"].isdisjoint(w):
                events += self._trigger(state, "main_start")
                acted = True
            if state["result"] is None and not _ACTING["main_choice"].isdisjoint(w):
                events += self._trigger(state, "main_choice")
                acted = True
            if acted:
                return events
        if state["players"][state["active"]]["goldfish"]:
            # nothing acted: the goldfish's main phase (_step_main: it does nothing; in NO_LOSS) is over at once
            flags["step"] = "discard"
        return events

    def _step_main(self, state):  # the goldfish's main phase: it does nothing
        state["flags"]["step"] = "discard"
        return []

    def _step_discard(self, state):
        """ディスカードフェイズ: down to the hand limit (7)."""
        state["phase"] = "discard"
        state["flags"]["step"] = "end"
        player = state["active"]
        hand = state["zones"][HANDS[player]]
        n = len(hand) - state["options"]["hand_limit"]
        events = [{"type": "phase", "phase": "discard"}]
        if n <= 0:
            first, second = state["players"]
            if not (first["lost"] or first["life"] <= 0 or second["lost"] or second["life"] <= 0):
                # nothing to discard, nobody has lost (_run runs a step only while no result and nothing waits):
                # _run would go straight on to the end of the turn; it does not look for a result after this
                # step (NO_LOSS), so it is looked for here, where _run would after the end of the turn's steps
                events += self._step_end(state)
                if first["lost"] or first["life"] <= 0 or second["lost"] or second["life"] <= 0:
                    self._decide(state)
            return events
        if state["players"][player]["goldfish"]:  # it never decides: the oldest cards go
            return events + [move(state, iid, f"p{player}.discard", face_up=True) for iid in hand[:n]]
        state["pending"] = {"type": "discard", "player": player, "n": n, "choose": {"zone": f"p{player}.hand", "min": n, "max": n}}
        return events + [{"type": "hand_limit", "n": n}]

    def _step_end(self, state):
        """ターン終了時: the end-of-turn effects (地震雲, 凧, ダイヤモンドダスト) and the 決死 they cause, then damage
        on every character is reset and "until end of turn" effects end: damage dealt at the end of a turn
        (ダイヤモンドダスト's 2) is gone by the next turn, as all of the turn's damage is."""
        state["phase"] = "end"
        events = [{"type": "turn_end", "turn": state["turn"]}]
        flags = state["flags"]
        w = flags["weathers"]
        if w and not _ACTING["turn_end"].isdisjoint(w):
            events += self._trigger(state, "turn_end")
        cards, zones = state["cards"], state["zones"]
        # (_state_check asked only when it may find something: a character with counters, or 烈日; two loops,
        # no list of both fields)
        counted = False
        for iid in zones["p0.field"]:
            if cards[iid]["counters"]:
                counted = True
                break
        else:
            for iid in zones["p1.field"]:
                if cards[iid]["counters"]:
                    counted = True
                    break
        if counted or "烈日" in flags["weathers"]:
            events += self._state_check(state)
        marked = False  # a character still has counters after its damage is gone
        if counted:  # (no character had counters: the state check gave none, there is no damage to reset)
            for field in FIELDS:
                for iid in zones[field]:
                    counters = cards[iid]["counters"]
                    if counters:
                        counters.pop("damage", None)
                        if counters:
                            marked = True
        if "eot" in state:  # (effects.end_of_turn has nothing to end without it)
            events += effects.end_of_turn(state)
            marked = True
        if marked or "烈日" in flags["weathers"]:
            events += self._state_check(state)
        flags["step"] = "change"
        if flags["weather_on"] and state["turn"] % state["options"]["weather_every"] == 0:
            return events  # the weather changes: _step_change
        first, second = state["players"]
        if (state["result"] is None and state["pending"] is None
                and not (first["lost"] or first["life"] <= 0 or second["lost"] or second["life"] <= 0)):
            # nobody has lost, nothing waits, the weather stays: _run would go on to _step_change, which only
            # hands the turn on (done here), and to the next turn's start
            state["turn"] += 1
            state["active"] = 1 - state["active"]
            flags["step"] = "start"
            return events + self._step_start(state)
        return events

    def _step_change(self, state):
        """After the end-of-turn processing of every 4th turn the weather changes; then the next turn."""
        events = []
        if state["flags"]["weather_on"] and state["turn"] % state["options"]["weather_every"] == 0:
            events = self._change_weather(state)
        if state["result"] is None:
            state["turn"] += 1
            state["active"] = 1 - state["active"]
            state["flags"]["step"] = "start"
        return events

    def _change_weather(self, state) -> list[dict]:
        """天候終了時 effects, every weather card in the area back to the weather deck, one revealed at random."""
        events = [{"type": "weather_change", "turn": state["turn"]}] + self._trigger(state, "weather_end")
        events += self._state_check(state)
        cards, defs = state["cards"], state["defs"]
        for iid in list(state["zones"][AREA]):
            if defs[cards[iid]["def"]].get("card_type") == WEATHER:
                events.append(move(state, iid, f"p{cards[iid]['owner']}.weather", face_up=False))
        state["flags"]["weathers"] = []
        events += self._reveal(state)
        return events + self._state_check(state)  # a new 烈日 may leave a character no 耐久力

    @staticmethod
    def weather_decks(state) -> tuple[str, ...]:
        """The zones whose cards together are the one weather deck (option "weather_deck"): every player's weather
        section ("all"; the goldfish brings none), or the first seat's only ("first")."""
        if state["options"].get("weather_deck", "all") == "first":
            return ("p0.weather",)
        if len(state["players"]) == 2:  # (every game's: no generator)
            return ("p0.weather", "p1.weather")
        return tuple(f"p{p}.weather" for p in range(len(state["players"])))

    def _reveal(self, state, n=1) -> list[dict]:
        """One weather card (n) from the weather deck at random into the area (each card of the deck as likely,
        whose section it is in); 極光 reveals 4 more. A weather card goes back to its owner's section."""
        zones = state["zones"]
        names = self.weather_decks(state)
        events = []
        for _ in range(n):
            deck = [iid for name in names for iid in zones[name]] if len(names) > 1 and zones[names[1]] else zones[names[0]]
            if not deck:
                break
            iid = deck[rng.below(state, len(deck))]
            name = self._def(state, iid).get("name")
            events += [move(state, iid, AREA, face_up=True), {"type": "weather", "card": iid, "name": name}]
            state["flags"]["weathers"] = W.area_weathers(state)
            if name == "極光":  # このカードが公開された場合、追加で天候カードを4枚公開する。
                events += self._reveal(state, 4)
        return events

    # -- actions ------------------------------------------------------------------------------------------------

    def _legal_free(self, state):
        flags = state["flags"]
        me = state["active"]
        if flags["step"] != "main" or state["players"][me]["goldfish"]:
            return []
        zones, cards, defs = state["zones"], state["cards"], state["defs"]
        hand = zones[HANDS[me]]
        out = []
        if not flags["node"]:
            out += [{"type": "node", "card": i} for i in hand if defs[cards[i]["def"]].get("card_type") in PLAYABLE]
        w = state["flags"]["weathers"]
        nodes, active, caster = self.play_means(state, me)
        out += [{"type": "play", "card": i} for i in hand if self.why_not_play(state, i, w, nodes, active, caster) is None]
        out += [{"type": "attack", "card": i} for i in zones[FIELDS[me]] if self.why_not_attack(state, i, w) is None]
        out.append({"type": "end_turn"})
        return out

    def _payable(self, state, pending) -> bool:
        return len(self.active_nodes(state, pending["player"])) >= pending["cost"]

    def _legal_upkeep(self, state, pending):
        return ([{"type": "pay"}] if self._payable(state, pending) else []) + [{"type": "destroy"}]

    def _legal_discard(self, state, pending):
        return [{"type": "discard", "cards": state["zones"][pending["choose"]["zone"]][: pending["n"]]}]

    def _legal_weather_choice(self, state, pending):
        return [dict(a) for a in pending["actions"]]

    def _legal_defend(self, state, pending):
        return [{"type": "defend", "card": c} for c in pending["candidates"]] + [{"type": "defend", "card": None}]

    def _do_defend(self, state, action):
        pending = state["pending"]
        state["pending"] = None
        events = self.defend_resolve(state, pending, action)
        self.check_result(state)
        return self._checked(state, events + self._run(state))

    def _legal_graze(self, state, pending):
        return [{"type": "graze"}, {"type": "no_graze"}]

    def _do_graze(self, state, action):
        pending = state["pending"]
        if len(state["zones"][f"p{pending['player']}.deck"]) < pending["n"]:
            raise IllegalAction(f"graze: the deck has fewer than {pending['n']} cards")
        return self._graze_done(state, pending, True)

    def _do_no_graze(self, state, action):
        return self._graze_done(state, state["pending"], False)

    def _graze_done(self, state, pending, take):
        state["pending"] = None
        events = self.graze_resolve(state, pending, take)
        self.check_result(state)
        return self._checked(state, events + self._run(state))

    def _legal_choose(self, state, pending):
        return [{"type": "choose", "card": c} for c in self._choosable(state, pending)] or [{"type": "choose", "card": None}]

    def _choosable(self, state, pending) -> list[str]:
        """The cards an effect's choice may take (read again whenever asked, as manual actions may change
        them): 極夜 (自動α) [種族:人間を持たない全てのキャラクター]はキャラクターの効果の目標にならない (a character's
        stat step on a chosen card); 豪雨 (自動α) プレイ以外での方法でキャラクターを場に出すことが出来ない (a move
        onto the field)."""
        candidates = pending["candidates"]
        w = state["flags"]["weathers"]
        if pending["op"] == "stat" and "極夜" in w and self._def(state, pending["card"]).get("card_type") == CHARACTER:
            return [i for i in candidates if self._def(state, i).get("card_type") != CHARACTER or self.is_human(state, i)]
        if pending["op"] == "move" and pending["frame"]["steps"][0].get("to") == "field":
            return [i for i in candidates if self._may_enter(state, i)]
        return list(candidates)

    def _may_enter(self, state, iid) -> bool:
        """Whether an effect may put the card onto the field (豪雨: no character)."""
        return self._def(state, iid).get("card_type") != CHARACTER or "豪雨" not in state["flags"]["weathers"]

    def _move_onto_field(self, state, frame, step, player) -> tuple[list[dict], dict | None]:
        """A card's move step onto the field (the effect runner's move, read by vision): the top of the deck
        at once, otherwise the player chooses (the goldfish at random); under 豪雨 no character goes there (the
        top of the deck stays)."""
        if frame["left"] is None:
            frame["left"] = max(0, 1 if step.get("amount") is None else step["amount"])
        source = step.get("from") or "hand"
        pile = state["zones"].get(effects.zone_of(state, player, source) or "", [])
        events = []
        while frame["left"] > 0:
            candidates = pile[-1:] if source == "deck" else [i for i in pile if i != frame["source"]]
            allowed = [i for i in candidates if self._may_enter(state, i)]
            if len(allowed) < len(candidates) and source == "deck":
                events.append({"type": "weather_prevents", "weather": "豪雨", "card": candidates[0]})
            if not allowed:
                break
            if source != "deck" and not state["players"][player]["goldfish"]:
                pending = {"type": "choose", "player": player, "op": "move", "card": frame["source"], "candidates": allowed, "left": frame["left"]}
                return events, pending
            iid = allowed[rng.below(state, len(allowed))] if source != "deck" else allowed[0]
            events.append(move(state, iid, zone(player, "field"), face_up=True))
            state["cards"][iid]["entered"] = state["turn"]
            frame["left"] -= 1
        return events, None

    def decision(self, state):
        """The default reads discard (its "choose" block: n cards of the hand) and choose (the cards 極夜 and
        豪雨 leave to it, `_choosable`); an upkeep is answered by pay (while the active nodes pay it) or
        destroy, with no field; a weather_choice by its option (春一番's, 宵闇's, 極夜's battle modifier), or at
        春一番's second stage its target; where 春一番's option 3 is offered (it also names one of the chooser's
        active characters) the answers are the listed actions themselves."""
        out = super().decision(state)
        if not out:
            return out
        pending = state["pending"]
        if out["type"] == "choose":  # 極夜 and 豪雨 may leave out some of the effect's cards
            candidates = self._choosable(state, pending)
            out.update(candidates=candidates, min=1 if candidates else 0)
        elif out["type"] == "upkeep" and not self._payable(state, pending):
            out.update(answer="destroy", also=[])
        elif out["type"] == "weather_choice" and any(len(a) > 2 for a in pending["actions"]):
            out.update(answers=[dict(a) for a in pending["actions"]], min=1, max=1)  # 春一番: option 3 names a card too
        elif out["type"] == "weather_choice":
            field, candidates = W.choice_of(pending)
            out.update(field=field, candidates=candidates, min=1, max=1)
        elif out["type"] == "defend":  # one active character, or none (card None: the attack hits the player)
            out.update(field="card", candidates=list(pending["candidates"]), min=0, max=1)
        return out

    # The free actions (node, play, attack, end_turn: offered only with no decision pending) are refused outside
    # the turn player's main phase by their handlers, first thing (the guard's refusal, without a call a step).
    MAIN_ONLY = "{}: only in your main phase"

    @staticmethod
    def _card_in(state, action, name) -> str:
        iid = action.get("card")
        if not isinstance(iid, str) or iid not in state["cards"] or state["cards"][iid]["zone"] != name:
            raise IllegalAction(f"card: {iid!r} is not in {name}")
        return iid

    def _do_node(self, state, action):
        """Set one card from hand as a node, face down and active, once a turn (not a play)."""
        flags = state["flags"]
        if flags["step"] != "main" or state["players"][state["active"]]["goldfish"]:
            raise IllegalAction(self.MAIN_ONLY.format("node"))
        if flags["node"]:
            raise IllegalAction("node: one node a turn")
        me = state["active"]
        iid = action.get("card")  # (_card_in's test, its usual answer without the call)
        held = state["cards"].get(iid) if isinstance(iid, str) else None
        if held is None or held["zone"] != HANDS[me]:
            self._card_in(state, action, HANDS[me])  # (refuses it)
        last = self._last  # (_of's usual answer, without the call)
        of = last[2] if last[0] is state["cards"] and last[1] is state["defs"] else self._of(state)
        if of[iid].kind not in PLAYABLE:
            raise IllegalAction("card: only a character, spell or command card becomes a node")
        state["flags"]["node"] = True
        state["cards"][iid]["tapped"] = False
        # (result_checked: a card from hand to the nodes changes no life, no loss, nothing on the field and no
        # weather: check_result would find what it found after the last action, nothing)
        return [move(state, iid, NODES[me], face_up=False)]

    def _do_play(self, state, action):
        me = state["active"]
        if state["flags"]["step"] != "main" or state["players"][me]["goldfish"]:
            raise IllegalAction(self.MAIN_ONLY.format("play"))
        iid = action.get("card")  # (_card_in's test, its usual answer without the call)
        held = state["cards"].get(iid) if isinstance(iid, str) else None
        if held is None or held["zone"] != HANDS[me]:
            self._card_in(state, action, HANDS[me])  # (refuses it)
        w = state["flags"]["weathers"]
        nodes = state["zones"][NODES[me]]
        cards = state["cards"]
        ready = []  # the active nodes (_pay's: the first ones pay)
        for i in nodes:
            if not cards[i]["tapped"]:
                ready.append(i)
        last = self._last  # (_of's usual answer, without the call)
        f = (last[2] if last[0] is cards and last[1] is state["defs"] else self._of(state))[iid]
        req, cost, clear_haste = self.costs(state, iid, w)  # (why_not_play's, worked out once)
        why = self._why_not(state, f, w, len(nodes), len(ready), req, cost)
        if why:
            raise IllegalAction(f"card: {why}")
        kind, keywords = f.kind, f.keywords
        flags = state["flags"]
        if "晴嵐" in w:  # カードがプレイされた場合、ターン終了時まで上記の効果を無効にする。
            flags["seiran_off"] = True
        events = [{"type": "play", "card": iid}]
        if cost > 0:  # (_pay)
            paid = ready[:cost]
            for i in paid:
                cards[i]["tapped"] = True
            events.append({"type": "pay", "player": me, "cards": paid})
        field, discard = FIELDS[me], f"p{me}.discard"
        card = cards[iid]
        if kind == CHARACTER:
            if "豪雨" in w or not (f.ambush or "蒼天" in w):  # (not _ambush)
                flags["character"] = True
            haste = "速攻" in keywords or clear_haste or "風雨" in w
            events.append(move(state, iid, field, face_up=True))
            card.update(tapped=not haste, counters={}, entered=state["turn"])
            if "風雨" in w:  # [そのカード]はターン終了時まで「速攻」と「隠密」を得る
                card["stealth"] = state["turn"]
            if "played" in f.scripted:
                events += self._card_steps(state, iid, "played", CHARACTER, f)
            elif w and (state["result"] is None or self.effect_steps.result_at_end):  # (_card_steps with no step to run)
                events += self._after(state, CHARACTER, iid)
            if w and state["result"] is None and not _PLAY_CHECKED_UNLESS[CHARACTER].isdisjoint(w):
                self.check_result(state)  # (result_checked)
            return events
        if kind == SPELL:
            if "世界呪符" in keywords:
                flags["world"] = True
            stays = "呪符" in keywords or "世界呪符" in keywords or "幻想生物" in keywords  # PERMANENT_SPELL
            events.append(move(state, iid, field if stays else discard, face_up=True))
            card.update(tapped="幻想生物" in keywords, counters={})
            if stays:
                card["entered"] = state["turn"]
            if "played" in f.scripted:
                events += self._card_steps(state, iid, "played", SPELL, f)
            elif w and (state["result"] is None or self.effect_steps.result_at_end):  # (_card_steps with no step to run)
                events += self._after(state, SPELL, iid)
            if w and state["result"] is None and not _PLAY_CHECKED_UNLESS[SPELL].isdisjoint(w):
                self.check_result(state)  # (result_checked)
            return events
        if "天気雨" in w and "プレイを無効" in (self._def(state, iid).get("rules_text") or ""):
            events += self._tenkiame(state, iid)
            if card["zone"] == discard:
                return events
        stays = "装備" in keywords or "装備/場" in keywords  # PERMANENT_COMMAND
        events.append(move(state, iid, field if stays else discard, face_up=True))
        card.update(tapped=False, counters={})
        if stays:
            card["entered"] = state["turn"]
        if "played" in f.scripted:
            events += self._card_steps(state, iid, "played", COMMAND, f)
        elif w and (state["result"] is None or self.effect_steps.result_at_end):  # (_card_steps with no step to run)
            events += self._after(state, COMMAND, iid)
        if w and state["result"] is None and not _PLAY_CHECKED_UNLESS[COMMAND].isdisjoint(w):
            self.check_result(state)  # (result_checked)
        return events

    def _tenkiame(self, state, iid) -> list[dict]:
        """天気雨: 「プレイを無効」の記述を含むコマンドカードをプレイした場合、[デッキの上のカード2枚]を公開する。一番上に
        あったカードの必要ノードの値が上から2枚目にあったカードの必要ノード以下の場合、そのコマンドカードのプレイを無効とし、
        破棄する。その後、[公開したカード全て]をゲームから除外する。"""
        me = state["active"]  # (the player who played the command: its deck)
        deck = state["zones"][f"p{me}.deck"]
        shown = list(reversed(deck[-2:]))
        nodes = [(self._def(state, i).get("fields") or {}).get("required_nodes") or 0 for i in shown]
        events = [{"type": "reveal", "cards": shown, "weather": "天気雨"}]
        if len(shown) == 2 and nodes[0] <= nodes[1]:
            if "炎天" in state["flags"]["weathers"]:
                # 炎天 (自動α): [全てのプレイヤー]は、「プレイを無効」という記述を含むカードのプレイに干渉することが出来ない。
                # (Nullifying the play is the interference; the two cards are still revealed and exiled.)
                events.append({"type": "play_protected", "card": iid, "weather": "炎天"})
            else:
                events.append({"type": "play_nullified", "card": iid, "weather": "天気雨"})
                events.append(move(state, iid, f"p{me}.discard", face_up=True))
        for shown_iid in shown:
            events.append(move(state, shown_iid, f"p{me}.exile", face_up=True))
        return events

    def _do_attack(self, state, action):
        """An active character attacks; it sleeps (白夜 aside). The goldfish's first active character defends
        (battle.py); with none the damage goes to its life."""
        if state["flags"]["step"] != "main" or state["players"][state["active"]]["goldfish"]:
            raise IllegalAction(self.MAIN_ONLY.format("attack"))
        iid = action.get("card")  # (_card_in's test, its usual answer without the call)
        held = state["cards"].get(iid) if isinstance(iid, str) else None
        if held is None or held["zone"] != FIELDS[state["active"]]:
            self._card_in(state, action, FIELDS[state["active"]])  # (refuses it)
        w = state["flags"]["weathers"]
        last = self._last  # (_of's usual answer, without the call)
        f = (last[2] if last[0] is state["cards"] and last[1] is state["defs"] else self._of(state))[iid]
        card = state["cards"][iid]
        # (why_not_attack's None, its usual answer, seen at once: 花曇 is the one weather it reads)
        if f.kind != CHARACTER or card["tapped"] or "人形" in f.keywords or "花曇" in w:
            why = self.why_not_attack(state, iid, w)
            if why:
                raise IllegalAction(f"card: {why}")
        events = [{"type": "attack", "card": iid}]
        if "白夜" in w:
            events += self._exert(state, iid)
        else:  # (_exert without 白夜: it sleeps)
            card["tapped"] = True
        if "宵闇" in w:
            # (result_checked: the attacker sleeps and 宵闇 asks its declaration; nothing else has changed)
            return events + W.yoiyami(self, state, iid)
        if "attack" not in f.scripted and state["result"] is None:  # (_card_steps' usual answer, without the call)
            players = state["players"]
            foe = 1 - state["active"]
            if players[foe]["goldfish"] and not state["zones"][FIELDS[foe]]:
                # (result_checked: with nothing on the goldfish's field the combat changes its life, or its loss
                # under 雪, and nothing on either field: only _decide's question is left, not the state check)
                events += self._combat(state, iid, w)
                first, second = players
                if first["lost"] or first["life"] <= 0 or second["lost"] or second["life"] <= 0:
                    self._decide(state)
                return events
            events += self._combat(state, iid, w)
        else:
            events += self._card_steps(state, iid, "attack", "attack", f)  # (attack_goes_on)
        if state["result"] is None:
            self.check_result(state)  # (result_checked: the combat's damage, to a player or to characters)
        return events

    def attack_goes_on(self, state, iid) -> list[dict]:
        """The attacker's 攻撃時 steps, then the combat damage (after_effects "attack")."""
        return self._card_steps(state, iid, "attack", "attack")

    def _card_steps(self, state, iid, when, then, f=None) -> list[dict]:
        """effects.run of the player's card's steps at `when`, then after_effects `then`. Most cards have none:
        then straight to what after_effects does as effects.run would (unless the game is over), without reading the
        script again. (f: the card's Facts, where the caller has them.)"""
        if f is None:
            last = self._last  # (_of's usual answer, without the call)
            f = (last[2] if last[0] is state["cards"] and last[1] is state["defs"] else self._of(state))[iid]
        if when in f.scripted:
            return effects.run(state, iid, state["active"], effects.steps_of(state, iid, when), then=then)
        if state["result"] is None or self.effect_steps.result_at_end:
            # (_after: with no step run no card has moved to the nodes, which are face down outside an effect)
            if then == "attack":
                return self._combat(state, iid, state["flags"]["weathers"])  # (_after's combat)
            return self._after(state, then, iid)
        return []

    def _do_end_turn(self, state, action):
        if state["flags"]["step"] != "main" or state["players"][state["active"]]["goldfish"]:
            raise IllegalAction(self.MAIN_ONLY.format("end_turn"))
        state["flags"]["step"] = "discard"
        events = self._run(state)
        # (result_checked: the turn's flow decides a loss after every step that may cause one (_run and the steps
        # it chains), and state-checks wherever characters take damage or lose counters (_step_end, the weather
        # change, battles); the one thing left is a character 川霧 returns to the field at the main phase's start,
        # with no counters, which only 烈日 can make 決死)
        if "烈日" in state["flags"]["weathers"] and state["result"] is None:
            self.check_result(state)
        return events

    def _do_pay(self, state, action):
        pending = state["pending"]
        if not self._payable(state, pending):
            raise IllegalAction(f"pay: the upkeep is {pending['cost']} active nodes")
        events = self._pay(state, pending["player"], pending["cost"])
        return self._checked(state, events + self._upkeep_done(state))

    def _do_destroy(self, state, action):
        iid = state["pending"]["card"]
        events = self._destroy(state, iid) if state["cards"][iid]["zone"].endswith(".field") else []
        return self._checked(state, events + self._upkeep_done(state))

    def _upkeep_done(self, state):
        queue = state["flags"]["upkeep"]
        if queue:
            queue.pop(0)
        state["pending"] = None
        return self._run(state)

    def _do_discard(self, state, action):
        pending = state["pending"]
        cards = action["cards"]  # (exactly n different cards of the hand: the core checked the decision)
        events = [move(state, iid, f"p{pending['player']}.discard", face_up=True) for iid in cards]
        state["pending"] = None
        return self._checked(state, events + self._run(state))

    def _do_weather_choice(self, state, action):
        pending = state["pending"]
        if action not in pending["actions"]:  # (the core checked the option or target; 春一番's option 3 names a card too)
            raise IllegalAction(f"weather_choice: not one of the choices of {pending['weather']}")
        state["pending"] = None
        events = self._resolvers[pending["weather"]](self, state, pending, action)
        self.check_result(state)
        return self._checked(state, events + self._run(state))

    def _do_choose(self, state, action):
        pending = state["pending"]
        if action.get("card") is None and pending["candidates"] and not self._choosable(state, pending):
            state["pending"] = None  # none of the cards may be chosen (極夜, 豪雨): the step ends
            events = [{"type": "step_skipped", "card": pending["card"], "op": pending["op"]}] + effects.resume(state, pending)
            return self._checked(state, events)
        events = effects.choose(state, action)
        chosen = state["cards"].get(action.get("card") or "")
        if chosen is not None and chosen["zone"].endswith(".field"):
            chosen.setdefault("entered", state["turn"])  # put onto the field by the effect
        return self._checked(state, events)

    def _checked(self, state, events) -> list[dict]:
        """The events of an answer to a decision, the result checked after it (result_checked: the answers are few
        a game, and each may go on with the turn's flow, an effect or a battle)."""
        if state["result"] is None:
            self.check_result(state)
        return events

    # -- manual actions, the result, the board ----------------------------------------------------------------

    def after_manual(self, state) -> None:
        """A card put on the field by hand entered now; cards off the field forget it and 風雨's 隠密 (and 川霧's
        mark off the exile zone); the cards of the hidden zones are face down (a node is set face down, a card
        moved into a hand or a deck is hidden again) and a weather card in the weather area face up (it is
        revealed there); a pending decision follows what moved (a decision with nothing left to decide is over
        and the turn goes on)."""
        table = self._last[3]
        if table is not None and table.defs is not state["defs"] and table.defs.keys() != state["defs"].keys():
            # a card the game's data now holds (a token) and the facts' table, borrowed from another game with
            # the same data (_of), does not: the game's own table from now on
            self._last = self._prev = (None, None, None, None)
        turn = state["turn"]
        state["flags"]["weathers"] = W.area_weathers(state)
        for card in state["cards"].values():
            where = card["zone"]
            if where.rpartition(".")[2] in HIDDEN:
                card["face_up"] = False
            elif where == AREA and state["defs"][card["def"]].get("card_type") == WEATHER:
                card["face_up"] = True
            if where.endswith(".field"):
                card.setdefault("entered", turn)
            else:
                card.pop("entered", None)
                card.pop("stealth", None)
            if card.get("river") and not where.endswith(".exile"):
                del card["river"]
        pending = state["pending"]
        if not pending or state["result"] is not None:
            return
        kind = pending["type"]
        if kind == "upkeep":
            if state["cards"][pending["card"]]["zone"] != f"p{pending['player']}.field":
                self._upkeep_done(state)
        elif kind == "defend":
            pending["candidates"] = self.blockers(state, pending["player"])
        elif kind == "graze" and len(state["zones"][f"p{pending['player']}.deck"]) < pending["n"]:
            state["pending"] = None  # all or nothing: the deck no longer holds them
            self._run(state)
        elif kind == "discard":
            n = max(0, len(state["zones"][pending["choose"]["zone"]]) - state["options"]["hand_limit"])
            pending["n"] = n
            pending["choose"].update(min=n, max=n)
        elif kind == "weather_choice" and pending["weather"] == "春一番":
            player = pending["player"]
            if pending["stage"] == "option":
                pending["actions"] = W.haru_actions(state, player)
            else:
                pending["actions"] = W.haru_targets(state, player)
                if not pending["actions"]:  # no character left to target
                    state["pending"] = None
                    self._run(state)

    def check_result(self, state) -> None:
        result = state["result"]
        if result is None:
            if "烈日" in state["flags"]["weathers"]:
                self._state_check(state)
            else:  # (_state_check's usual answer without the call: no character has counters)
                cards, zones = state["cards"], state["zones"]
                for iid in zones["p0.field"]:  # (two loops: no list of both fields made on every action)
                    if cards[iid]["counters"]:
                        self._state_check(state)
                        break
                else:
                    for iid in zones["p1.field"]:
                        if cards[iid]["counters"]:
                            self._state_check(state)
                            break
            first, second = state["players"]  # (_decide's question, asked here: nobody has lost is the usual answer)
            if first["lost"] or first["life"] <= 0 or second["lost"] or second["life"] <= 0:
                self._decide(state)
        elif result.get("reason") == "card" and "weather" not in result and "精霊風" in state["flags"]["weathers"]:
            # a card's win step (the effect runner decides it and asks at once): 精霊風 swaps it as well
            if result["winner"] in (0, 1):
                result.update(winner=1 - result["winner"], weather="精霊風")

    def _decide(self, state) -> None:
        """The result when a player has lost (life 0 or less, or a loss by the rules); 精霊風 swaps it."""
        if state["result"] is not None:
            return
        players = state["players"]
        first, second = players  # (asked after every step: nobody has lost is the usual answer)
        if not (first["lost"] or first["life"] <= 0 or second["lost"] or second["life"] <= 0):
            return
        out = [p["lost"] or p["life"] <= 0 for p in players]
        if all(out):
            state["result"] = {"winner": None, "turn": state["turn"], "reason": "draw"}
            return
        loser = out.index(True)
        reason = "life" if players[loser]["life"] <= 0 else (state["flags"].get("loss") or "deck")
        state["result"] = {"winner": 1 - loser, "turn": state["turn"], "reason": reason}
        if "精霊風" in state["flags"]["weathers"]:  # 勝利条件を満たしたプレイヤーは敗北する。敗北条件を満たしたプレイヤーは勝利する。
            state["result"].update(winner=loser, weather="精霊風")

    def layout(self, state) -> dict:
        """The weather area and when the weather changes next: after the end of turn t (turns_left counts
        the current turn)."""
        flags = state.get("flags") or {}
        turn = state["turn"]
        every = state["options"]["weather_every"]
        on = bool(flags.get("weather_on"))
        changes = -(-max(turn, 1) // every) * every if on else None
        in_force = []
        for iid in state["zones"][AREA]:
            d = self._def(state, iid)
            if d.get("card_type") == WEATHER:
                status, note = W.WEATHER_STATUS.get(d.get("name"), ("manual", ""))
                in_force.append({"card": iid, "name": d.get("name"), "automated": status, "manual": note})
        return {
            "weather": {
                "zone": AREA,
                "turns_left": changes - turn + 1 if on else None,
                "changes_after_turn": changes,
                "on": on,
                "in_force": in_force,
            }
        }
