"""東方VISION's autopilot (with the 非想天則 weathers): a greedy goldfish beatdown player.

The goldfish has 25 life and no cards (characters put on its field by hand would defend, but a simulation
puts none there), so every attack hits its life and the player's own characters are never attacked: the plan is a node every turn, the strongest character the nodes allow
every turn, and every character attacking every turn. Cards that only act on characters (霊符, 歌符, 剣符,
弾幕回避) or carry no automated text (風符) are worth nothing against it and become nodes first.

Each main phase, in this order (looked at again after every action):
1. a node (once a turn), unless the hand holds nothing but the card it will play: the card worth least
   (first the cards with no use against the goldfish, then life gain, then the characters with the lowest
   attack, and last the draw cards), never the character it means to play now (the best one it can play
   with the node set);
2. under 晴嵐 (nothing costs anything until a card is played) the dearest playable character first;
3. a draw card (宴会の準備) when the best playable character can still be paid for after it (it may draw a
   better one), else after the character;
4. the character: the best it can play, by the damage it adds (its attack, counted twice with 速攻 or
   快晴's haste: it attacks at once; nothing under 花曇 for an attack of 3 or less), then the cheaper;
   under 蒼天 (no limit of one a turn) again while one can be paid for;
5. spells whose resolution deals damage under 霧雨 (3 each), and spells that cost nothing and draw under
   曇天 (their 術者 on the field), as long as they can be paid for; life gain only with 8 life or less;
6. attacks, the strongest active character first, each that can attack: under 精霊風 (winning and losing
   swapped) only attacks that leave the goldfish at 1 life or more (7 or more with 地震雲 too); under
   ダイヤモンドダスト not a character of 耐久力 2 or less that it would kill at the turn's end, and under
   極夜 not a non-human that would still sleep when the weather ends (台風 aside), unless the attacks
   this turn are lethal; under 宵闇 only while the two declared card types cover half the deck or more and
   the 3 damage of a miss does not kill the player;
7. end of turn.
Decisions: an upkeep is paid when the active nodes allow (the character keeps attacking); the hand limit
discards the cards worth least (as for nodes); 春一番 takes the top card of the deck as an active node
(option 1) while the deck holds 3 cards or more, else 3 life (option 2, when "haru_heal" gives them to the
chooser); 宵闇 declares the two card types
that most of the deck's cards have; 極夜's battle modifier is +2/±0 (the first offered); a card's choice
takes the first one offered.

The key cards of the opening hand are characters that need at most 1 node (見習い巫女, 里の薬売り,
竹林の野兎): playable on the player's first turn with its first node (any card can be a node, so nodes are
no card's question). Measured with the sample deck: mean win turn 6.2 without one in the opening 7, 5.9
with one or more. own_turn: state["turn"] counts every
player's turn (turn 1 is the first player's), so the player's own turn n is turn 2n - 1 when the player
goes first and turn 2n when the goldfish does. The opening hand is the first 7 cards of the hand (going
second the player has already drawn its first turn's card when the game comes back to it); it was dealt
from the main deck (the weather deck is a zone of its own).
"""

from __future__ import annotations

from ...engine.autopilot import Autopilot as Base
from ...engine.core import first_player, legal_actions
from .play import CHARACTER, COMMAND, SPELL
from .weather import YOIYAMI_OPTIONS

HEAL_AT = 8  # life gain is played only at this life or less
USELESS, HEAL, UNIT, DRAW = 0, 1, 2, 3  # what a card is worth to the player, least first


def _fields(card: dict) -> dict:
    return card.get("fields") or {}


def _script(card: dict, when: str = "played") -> list[dict]:
    return [s for s in _fields(card).get("script") or () if (s.get("when") or "played") == when]


def _draws(card: dict) -> int:
    return sum((s.get("amount") or 1) for s in _script(card) if s["op"] == "draw" and (s.get("who") or "you") in ("you", "self"))


def _heals(card: dict) -> int:
    return sum((s.get("amount") or 0) for s in _script(card) if s["op"] == "life" and (s.get("who") or "you") in ("you", "self"))


def _burns(card: dict) -> int:
    return sum((s.get("amount") or 1) for s in _script(card) if s["op"] == "damage" and (s.get("who") or "opponent") in ("opponent", "each_opponent"))


class Autopilot(Base):
    slug = "vision"
    plays = frozenset({"play"})

    def __init__(self, rules):
        super().__init__(rules)
        # def key -> (the card data it was read from, (draws, burns, heals)): the script is read once per card
        # (each game of a simulation has an equal copy of the same data)
        self._scripts: dict[str, tuple[dict, tuple[int, int, int]]] = {}

    def _effects(self, state, iid) -> tuple[int, int, int]:
        """(cards drawn, damage to the opponent, life gained) by the card's own play steps."""
        key = state["cards"][iid]["def"]
        card = state["defs"][key]
        got = self._scripts.get(key)
        if got is None or got[0] is not card:
            # an equal copy (the next game's) reads the same: kept with this copy, so the next ask is quick
            facts = got[1] if got is not None and got[0] == card else (_draws(card), _burns(card), _heals(card))
            got = self._scripts[key] = (card, facts)
        return got[1]

    def opening_hand(self, state):
        return list(state["zones"]["p0.hand"][: state["options"]["opening"]])

    def own_turn(self, state):
        turn = state["turn"]
        # (asked after every action: the usual "player" answered without first_player's checks)
        first = 0 if state["options"].get("first") == "player" else first_player(state["options"])
        return (turn + 1) // 2 if first == 0 else turn // 2

    # -- what a card is worth -------------------------------------------------------------------------------

    @staticmethod
    def _def(state, iid) -> dict:
        return state["defs"][state["cards"][iid]["def"]]

    def _worth(self, state, iid) -> tuple:
        """Least first: the order in which cards become nodes or are discarded."""
        card = self._def(state, iid)
        kind = card.get("card_type")
        fields = _fields(card)
        if kind == CHARACTER:
            return (UNIT, fields.get("attack") or 0, -(fields.get("required_nodes") or 0), iid)
        draws, burns, heals = self._effects(state, iid)
        if draws:
            return (DRAW, draws, 0, iid)
        if burns:
            return (UNIT, burns, 0, iid)
        if heals:
            return (HEAL, heals, 0, iid)
        return (USELESS, -(fields.get("required_nodes") or 0), 0, iid)

    def _gain(self, state, iid, w, costs=None) -> int:
        """The damage a character adds: its attack, twice if it may attack this turn (速攻, 快晴, 風雨)."""
        keywords = self.rules.facts(state)[iid].keywords
        value = self.rules.attack_value(state, iid, w, attacking=True)
        if "人形" in keywords or ("花曇" in w and self.rules.attack_value(state, iid, w) <= 3):
            value = 0
        _, _, clear = self.rules.costs(state, iid, w) if costs is None else costs(iid)
        haste = "速攻" in keywords or clear or "風雨" in w
        return max(value, 0) * (2 if haste else 1)

    # -- choosing ----------------------------------------------------------------------------------------------

    def choose(self, state):
        pending = state.get("pending")
        if pending:
            return self._decide(state, pending)
        flags = state["flags"]
        if flags["step"] != "main" or state["active"] != 0:
            return None
        return self._main(state)

    def _decide(self, state, pending):
        kind = pending["type"]
        actions = legal_actions(state)
        if kind == "upkeep":
            return {"type": "pay"} if {"type": "pay"} in actions else {"type": "destroy"}
        if kind == "discard":
            hand = state["zones"][pending["choose"]["zone"]]
            return {"type": "discard", "cards": sorted(hand, key=lambda i: self._worth(state, i))[: pending["n"]]}
        if kind == "weather_choice":
            if pending["weather"] == "宵闇":
                cover = self._cover(state)
                return max(actions, key=lambda a: (cover[a["option"]], -a["option"]))
            if pending["stage"] == "option":
                deep = len(state["zones"]["p0.deck"]) >= 3
                want = 1 if deep or state["options"]["haru_heal"] != "chooser" else 2
                return next((a for a in actions if a.get("option") == want), actions[0])
            return actions[0]
        if kind == "choose":
            return actions[0] if actions else None
        return None

    def _cover(self, state) -> dict[int, int]:
        """宵闇: for each declaration, how many of the deck's cards have one of its two types."""
        counts: dict[str, int] = {}
        for iid in state["zones"]["p0.deck"]:
            kind = self._def(state, iid).get("card_type")
            counts[kind] = counts.get(kind, 0) + 1
        return {o["option"]: sum(counts.get(t, 0) for t in o["types"]) for o in YOIYAMI_OPTIONS}

    def _playable(self, state, w):
        """The hand's cards that can be played now (the rules' own test)."""
        nodes, active, caster = self.rules.play_means(state)
        return self.rules.playable(state, w, nodes, active, caster)

    def _best_character(self, state, w, playable, costs, gain):
        of = self.rules.facts(state)
        chars = [i for i in playable if of[i].kind == CHARACTER]
        if not chars:
            return None
        return max(chars, key=lambda i: (gain(i), -costs(i)[1], of[i].cost, i))

    def _main(self, state):
        flags = state["flags"]
        rules = self.rules
        w = rules.weathers(state)
        hand = state["zones"]["p0.hand"]
        of = rules.facts(state)  # instance -> its card's Facts (kind, cost, …)
        # (the state does not change during one choice: a card's costs and damage are worked out once)
        cost_memo: dict = {}
        gain_memo: dict = {}

        def costs(i):
            found = cost_memo.get(i)
            if found is None:
                found = cost_memo[i] = rules.costs(state, i, w)
            return found

        def gain(i):
            found = gain_memo.get(i)
            if found is None:
                found = gain_memo[i] = self._gain(state, i, w, costs)
            return found

        # 1. a node, never the character it is about to play
        if not flags["node"] and hand:
            keep = self._planned(state, w, costs, gain)
            spare = [i for i in hand if i != keep and of[i].kind in (CHARACTER, SPELL, COMMAND)]
            if spare:
                return {"type": "node", "card": min(spare, key=lambda i: self._worth(state, i))}

        playable = self._playable(state, w)
        best = self._best_character(state, w, playable, costs, gain)
        # 2. 晴嵐: everything is free until the first play: the dearest character first
        if "晴嵐" in w and not flags["seiran_off"] and best is not None:
            chars = [i for i in playable if of[i].kind == CHARACTER]
            pick = max(chars, key=lambda i: (of[i].cost, gain(i), i))
            return {"type": "play", "card": pick}

        # 3. a draw card while the best character stays affordable
        active = len(rules.active_nodes(state, 0))
        for i in sorted(playable, key=lambda x: (-self._effects(state, x)[0], x)):
            if of[i].kind == CHARACTER or not self._effects(state, i)[0]:
                continue
            cost = costs(i)[1]
            if best is None or active - cost >= costs(best)[1]:
                return {"type": "play", "card": i}

        # 4. the character
        if best is not None:
            return {"type": "play", "card": best}

        # 5. spells that burn under 霧雨, free drawing spells under 曇天, life gain when low
        life = state["players"][0]["life"]
        goldfish = state["players"][1]["life"]
        for i in sorted(playable, key=lambda x: (costs(x)[1], x)):
            kind = of[i].kind
            if kind == CHARACTER:
                continue
            _draw, burns, heals = self._effects(state, i)
            burn = burns + (3 if kind == SPELL and "霧雨" in w else 0)
            if burn and self._safe_damage(state, w, goldfish, burn):
                return {"type": "play", "card": i}
            if kind == SPELL and "曇天" in w and self.rules.has_caster(state, 0, i):
                return {"type": "play", "card": i}
            if heals and life <= HEAL_AT:
                return {"type": "play", "card": i}

        # 6. attacks
        attack = self._attack(state, w)
        if attack is not None:
            return {"type": "attack", "card": attack}
        return {"type": "end_turn"}

    def _planned(self, state, w, costs, gain):
        """The character it would play after setting a node (one more node, one more active node)."""
        nodes, active, caster = self.rules.play_means(state)
        best = None
        of = self.rules.facts(state)
        for keep in self.rules.playable(state, w, nodes + 1, active + 1, caster):
            if of[keep].kind != CHARACTER:
                continue
            rank = (gain(keep), -costs(keep)[1], keep)
            if best is None or rank > best[0]:
                best = (rank, keep)
        return best[1] if best else None

    def _safe_damage(self, state, w, life, amount) -> bool:
        """Damage to the goldfish that does not lose the game under 精霊風 (winning and losing swapped)."""
        if "精霊風" not in w:
            return True
        floor = 7 if "地震雲" in w else 1
        return life - amount >= floor

    def _attack(self, state, w):
        cards = state["cards"]
        ready = [i for i in self.rules.characters(state, 0) if self.rules.why_not_attack(state, i, w) is None]
        if not ready:
            return None
        value = {i: max(self.rules.attack_value(state, i, w, attacking=True), 0) for i in ready}
        goldfish = state["players"][1]["life"]
        lethal = "精霊風" not in w and sum(value.values()) >= goldfish
        if "宵闇" in w:
            deck = state["zones"]["p0.deck"]
            if deck and (2 * max(self._cover(state).values()) < len(deck) or state["players"][0]["life"] <= 3):
                return None
        turn = state["turn"]
        every = state["options"]["weather_every"]
        change = -(-turn // every) * every  # the weather changes after this turn's end
        nightfall = "極夜" in w and "台風" not in w and state["flags"]["weather_on"] and change - turn <= 1
        for i in sorted(ready, key=lambda x: (-value[x], x)):
            if value[i] <= 0 and not lethal:
                continue
            if not self._safe_damage(state, w, goldfish, value[i]):
                continue
            if not lethal:
                if "ダイヤモンドダスト" in w and "台風" not in w:
                    entered = cards[i].get("entered", turn)
                    if entered < turn - 1 and self.rules.defence_value(state, i, w) <= 2:
                        continue
                if nightfall and not self.rules.is_human(state, i):
                    continue
            return i
        return None
