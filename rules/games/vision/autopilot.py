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
   swapped) only attacks that leave the goldfish at 1 life or more (7 or more with 地震雲 too; none under 雪,
   where any damage loses the deckless goldfish the game, which is lethal without 精霊風); under
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
takes the first one offered. Versus (it plays any seat through the rules' as_seat): attacked, it defends with
the active character that survives the blow (the one that kills the attacker first, then the hardest
hitter), chump-blocks with its weakest only when the blow would leave it 3 life or less, else takes it;
having taken combat damage it GRAZEs (more nodes) while its deck keeps GRAZE_KEEP cards or more after it.

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
from .play import CHARACTER, PLAYABLE, SPELL
from .weather import BY_TIMING, YOIYAMI_OPTIONS

HEAL_AT = 8  # life gain is played only at this life or less
GRAZE_KEEP = 10  # versus: GRAZE only while the deck keeps this many cards after it
USELESS, HEAL, UNIT, DRAW = 0, 1, 2, 3  # what a card is worth to the player, least first
# the weathers that act when a character played has resolved or entered (the rules' after_effects)
_AFTER_CHARACTER = frozenset(BY_TIMING["resolved"]) | frozenset(BY_TIMING["entered"])


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


def _reading(card: dict) -> tuple[tuple, int, int, int]:
    """What the autopilot reads of one card's data: (its worth without the instance id (_worth), cards drawn,
    damage to the opponent, life gained by its own play steps)."""
    fields = _fields(card)
    draws, burns, heals = _draws(card), _burns(card), _heals(card)
    if card.get("card_type") == CHARACTER:
        worth = (UNIT, fields.get("attack") or 0, -(fields.get("required_nodes") or 0))
    elif draws:
        worth = (DRAW, draws, 0)
    elif burns:
        worth = (UNIT, burns, 0)
    elif heals:
        worth = (HEAL, heals, 0)
    else:
        worth = (USELESS, -(fields.get("required_nodes") or 0), 0)
    return worth, draws, burns, heals


class _Readings(dict):
    """One game's instance id -> _reading of its card, made on first use (an instance's card never changes).
    The readings themselves are kept by card-data dict in `made` (the pilot's, across games: a simulation's
    games share their card data), so each card's script is read once per simulation."""

    def __init__(self, made: dict, state: dict):
        super().__init__()
        self.made, self.defs, self.cards = made, state["defs"], state["cards"]

    def __missing__(self, iid):
        card = self.defs[self.cards[iid]["def"]]
        got = self.made.get(id(card))
        if got is None or got[0] is not card:  # (the entry holds the dict, so its id cannot be reused)
            if len(self.made) > 4096:  # a long-lived process (the web app) sees many decks
                self.made.clear()
            got = self.made[id(card)] = (card, _reading(card))
        found = self[iid] = got[1]
        return found


class Autopilot(Base):
    slug = "vision"
    plays = frozenset({"play"})

    def __init__(self, rules):
        super().__init__(rules)
        # Caches only (what the state and the card data give, kept to not work it out again): every choice is
        # the one it would be with them empty, so a game's seed alone still decides the game.
        self._made: dict[int, tuple] = {}  # id(card data) -> (the data, _reading): _Readings.made
        self._last: _Readings | None = None  # the readings of the game asked last (by its cards dict)
        # (the cards dict of a game, what choose's main-phase steps 1-5 read at its last choice that played nothing:
        # the cheap part, then the play means)
        self._quiet: tuple = (None, None, None)
        # (the cards dict, the log's length and last action, and the attackers read, of a choice that attacked
        # from the quiet path with an attack that can change none of the play means: _attack)
        self._struck: tuple = (None, None, None, None)
        # (the cards dict, the log's length and last action, the play means after it, and the offers with them
        # or None, of a choice that set a node (a node changes nothing else they read) or played a character
        # with no play steps and no weather acting after it)
        self._noded: tuple = (None, None, None, None, None)
        # (the rules' facts of a game, the deck's cards in order, _cover's counts for them)
        self._covered: tuple = (None, None, None)

    def _readings(self, state) -> _Readings:
        last = self._last
        if last is not None and last.cards is state["cards"] and last.defs is state["defs"]:
            return last
        last = self._last = _Readings(self._made, state)
        return last

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
        return self._readings(state)[iid][0] + (iid,)

    # -- choosing ----------------------------------------------------------------------------------------------

    def _decide(self, state, pending):
        kind = pending["type"]
        if kind == "upkeep":  # (pay is a legal action while the active nodes pay the cost: rules._payable)
            payable = len(self.rules.active_nodes(state, pending["player"])) >= pending["cost"]
            return {"type": "pay"} if payable else {"type": "destroy"}
        if kind == "discard":
            hand = state["zones"][pending["choose"]["zone"]]
            return {"type": "discard", "cards": sorted(hand, key=lambda i: self._worth(state, i))[: pending["n"]]}
        if kind in ("defend", "graze"):
            return self._defend(state, pending) if kind == "defend" else self._graze(state, pending)
        actions = legal_actions(state)
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

    @staticmethod
    def _cheap(flags, hand, w, players) -> tuple:
        """_quiet's key but the play means: what choose's steps 1-5 read of the flags, the hand, the weathers
        and the lives (whether the player is low enough to heal; the goldfish's under 精霊風 only)."""
        return (flags["node"], flags["character"], flags["world"], flags["seiran_off"], hand[:], w[:],
                players[0]["life"] <= HEAL_AT, players[1]["life"] if "精霊風" in w else None)

    @staticmethod
    def _graze(state, pending):
        """More nodes, while the deck keeps enough cards to draw from (雪 mills it too)."""
        return {"type": "graze"} if len(state["zones"]["p0.deck"]) - pending["n"] >= GRAZE_KEEP else {"type": "no_graze"}

    def _defend(self, state, pending):
        """Versus, attacked: the defender that survives the attacker's blow (the one that kills it first, then
        the one that hits hardest); a chump block (the candidate that hits least) only when the blow would
        leave 3 life or less; else no defence."""
        w = self.rules.weathers(state)
        attacker = pending["attacker"]
        blow = self.rules.attack_value(state, attacker, w, attacking=True)
        toughness = self.rules.defence_value(state, attacker, w) - state["cards"][attacker]["counters"].get("damage", 0)
        ranked = []
        for iid in pending["candidates"]:
            hit = self.rules.attack_value(state, iid, w)
            left = self.rules.defence_value(state, iid, w) - state["cards"][iid]["counters"].get("damage", 0)
            ranked.append((left > blow, hit >= toughness, hit, iid))
        survivors = [r for r in ranked if r[0]]
        if survivors:
            return {"type": "defend", "card": max(survivors)[3]}
        if ranked and state["players"][0]["life"] - blow <= 3:
            return {"type": "defend", "card": min(ranked, key=lambda r: (r[2], r[3]))[3]}
        return {"type": "defend", "card": None}

    def _cover(self, state) -> dict[int, int]:
        """宵闇: for each declaration, how many of the deck's cards have one of its two types."""
        of = self.rules.facts(state)
        deck = tuple(state["zones"]["p0.deck"])
        last = self._covered  # (asked on every attack under 宵闇: the deck is the same between most of them)
        if last[0] is of and last[1] == deck:
            return dict(last[2])
        counts: dict[str, int] = {}
        for iid in deck:
            kind = of[iid].kind
            counts[kind] = counts.get(kind, 0) + 1
        cover = {o["option"]: sum(counts.get(t, 0) for t in o["types"]) for o in YOIYAMI_OPTIONS}
        self._covered = (of, deck, cover)
        return dict(cover)

    @staticmethod
    def _offer_gain(offer, w) -> int:
        """The damage a character the rules offer (rules.offers: its facts, 快晴's 速攻, attack values) adds:
        its attack, twice if it may attack this turn (速攻, 快晴, 風雨)."""
        _iid, f, _cost, clear, plain, value = offer
        keywords = f.keywords
        if "人形" in keywords or ("花曇" in w and plain <= 3):
            value = 0
        haste = "速攻" in keywords or clear or "風雨" in w
        return max(value, 0) * (2 if haste else 1)

    def choose(self, state):
        pending = state["pending"]
        if pending:
            return self._decide(state, pending)
        flags = state["flags"]
        if flags["step"] != "main" or state["active"] != 0:
            return None
        # the main phase (one method with choose: asked on most choices)
        w = flags["weathers"]  # (rules.weathers: the list the rules keep in the flags)
        hand = state["zones"]["p0.hand"]
        # Steps 1-5 read only these (and the cards' facts, which do not change; of the lives, whether the player
        # is low enough to heal, and the goldfish's under 精霊風 only) and the play means: when they are as at
        # this game's last choice that played nothing, nothing is played now either (the attacks ask again
        # after each one).
        players = state["players"]
        cards = state["cards"]
        last = self._quiet
        log = state["log"]
        same = False  # the part of _quiet's key other than the means is as it was (compared in place: the key,
        # with its copies of the hand and the weathers, is made only where it is kept)
        if last[0] is cards:
            q = last[1]
            same = (q[0] == flags["node"] and q[1] == flags["character"] and q[2] == flags["world"]
                    and q[3] == flags["seiran_off"] and q[4] == hand and q[5] == w
                    and q[6] == (players[0]["life"] <= HEAL_AT) and q[7] == (players[1]["life"] if "精霊風" in w else None))
        if same:
            struck = self._struck
            if struck[0] is cards and struck[1] == len(log) and log[-1] is struck[2]:
                # the one action since the last quiet choice is the attack it chose, which could change none of
                # the play means (_attack): they are as they were, the choice is quiet again, and the
                # attackers are those read then but the attacker if it went to sleep
                ready = struck[3]
                gone = struck[2]["card"]
                if cards[gone]["tapped"]:
                    left = []
                    for r in ready:
                        if r[0] != gone:
                            left.append(r)
                    ready = left
                return self._attack(state, w, ready)
        # (the state does not change during one choice: the means are worked out once; the rules' offers carry
        # each playable card's facts, cost and attack)
        rules = self.rules
        noded = self._noded
        if noded[0] is cards and noded[1] == len(log) and log[-1] is noded[2]:
            # the one action since the last choice is the node it set (_do_node: from hand to the nodes, active;
            # nothing else moves or acts): one node and one active node more, the offers with them known; or
            # the character it played with no effect after it (_do_play): its cost paid, its name on the field
            means, offered = noded[3], noded[4]
            if offered is not None:
                gone = noded[2]["card"]
                kept = []
                for o in offered:
                    if o[0] != gone:
                        kept.append(o)
                offered = kept
        else:
            means, offered = rules.play_means(state), None
        nodes, active, caster = means
        if same and last[2] == means:
            return self._attack(state, w)  # 6. attacks, then 7. the end of the turn
        mine = self._last  # instance -> (worth, draws, burns, heals): _readings, its usual answer asked here
        if mine is None or mine.cards is not cards or mine.defs is not state["defs"]:
            mine = self._readings(state)
        gain = self._offer_gain

        # 1. a node, never the character it would play after setting it (one more node, one more active node):
        # the best by the damage it adds, then the cheaper
        if not flags["node"] and hand:
            of = rules.facts(state)
            least = second = None  # the two cards that may be nodes worth least (their worth ends with the instance)
            for i in hand:
                if of[i].kind in PLAYABLE:
                    worth = mine[i][0] + (i,)
                    if least is None or worth < least:
                        least, second = worth, least
                    elif second is None or worth < second:
                        second = worth
            spare = least
            more = None  # (the offers with the node set, where they were asked)
            if least is not None and of[least[-1]].kind == CHARACTER:
                # the least is a character: it stays in hand if it is the one to play after the node (only then
                # are the offers with one more node asked: a card of no use or life gain is worth less than any)
                keep = rank = None
                more = rules.offers(state, w, nodes + 1, active + 1, caster)
                for offer in more:
                    if offer[1].kind != CHARACTER:
                        continue
                    mine_rank = (gain(offer, w), -offer[2], offer[0])
                    if rank is None or mine_rank > rank:
                        rank, keep = mine_rank, offer[0]
                if keep == least[-1]:
                    spare = second
            if spare is not None:
                action = {"type": "node", "card": spare[-1]}
                self._noded = (cards, len(log) + 1, action, (nodes + 1, active + 1, caster), more)
                return action

        offers = rules.offers(state, w, nodes, active, caster) if offered is None else offered
        if not offers:
            self._quiet = (cards, self._cheap(flags, hand, w, players), means)
            return self._attack(state, w)  # 6. attacks, then 7. the end of the turn
        # the best character: the damage it adds, then the cheaper
        # (one loop, not two comprehensions: the characters by their key, and the draw cards of step 3)
        chars = []
        drawing = []
        for o in offers:
            if o[1].kind == CHARACTER:
                f = o[1]  # (_offer_gain inline: asked for every playable character)
                keywords = f.keywords
                value = 0 if "人形" in keywords or ("花曇" in w and o[4] <= 3) else max(o[5], 0)
                if "速攻" in keywords or o[3] or "風雨" in w:
                    value *= 2
                chars.append(((value, -o[2], f.cost, o[0]), o))
            else:
                draws = mine[o[0]][1]
                if draws:
                    drawing.append((-draws, o[0], o[2]))
        best = max(chars)[1] if chars else None  # (the keys end with the instance: no two are equal)
        # 2. 晴嵐: everything is free until the first play: the dearest character first
        if best is not None and "晴嵐" in w and not flags["seiran_off"]:
            pick = max((o[1].cost, key[0], o[0]) for key, o in chars)
            return {"type": "play", "card": pick[-1]}

        # 3. a draw card while the best character stays affordable (active: the active nodes)
        if drawing:
            drawing.sort()
            for _draws, i, cost in drawing:
                if best is None or active - cost >= best[2]:
                    return {"type": "play", "card": i}

        # 4. the character
        if best is not None:
            action = {"type": "play", "card": best[0]}
            f = best[1]
            if "played" not in f.scripted and _AFTER_CHARACTER.isdisjoint(w):
                # (_do_play: the cost sleeps that many active nodes, the character goes onto the field; no step
                # and no weather acts after it)
                named = set(caster)
                named.add(f.name)
                self._noded = (cards, len(log) + 1, action, (nodes, active - best[2], named), None)
            return action

        # 5. spells that burn under 霧雨, free drawing spells under 曇天, life gain when low (the other cards
        # are never played here)
        spells_act = bool(w) and ("霧雨" in w or "曇天" in w)
        others = [(o[2], o[0], o[1].kind) for o in offers if mine[o[0]][2] or mine[o[0]][3] or (spells_act and o[1].kind == SPELL)]
        if others:
            others.sort()
            life = state["players"][0]["life"]
            goldfish = state["players"][1]["life"]
            for _cost, i, kind in others:
                _worth, _draw, burns, heals = mine[i]
                burn = burns + (3 if kind == SPELL and "霧雨" in w else 0)
                if burn and self._safe_damage(state, w, goldfish, burn):
                    return {"type": "play", "card": i}
                if kind == SPELL and "曇天" in w and rules.has_caster(state, 0, i):
                    return {"type": "play", "card": i}
                if heals and life <= HEAL_AT:
                    return {"type": "play", "card": i}
        self._quiet = (cards, self._cheap(flags, hand, w, players), means)
        return self._attack(state, w)  # 6. attacks, then 7. the end of the turn

    @staticmethod
    def _snow_kills(state, w, amount) -> bool:
        """雪: damage to the goldfish mills its deck instead, and it loses when it cannot (it has none)."""
        return "雪" in w and len(state["zones"]["p1.deck"]) < amount

    def _safe_damage(self, state, w, life, amount) -> bool:
        """Damage to the goldfish that does not lose the game under 精霊風 (winning and losing swapped)."""
        if "精霊風" not in w:
            return True
        if "雪" in w:  # no life lost: the damage mills instead
            return not self._snow_kills(state, w, amount)
        floor = 7 if "地震雲" in w else 1
        return life - amount >= floor

    def _attack(self, state, w, ready=None):
        """6. an attack, else 7. the end of the turn (steps 1-5 played nothing: the game's _quiet holds what
        they read). `ready`: rules.attackers as it stands ([(character, its attack as an attacker)]), where
        choose knows it."""
        if ready is None:
            ready = self.rules.attackers(state, 0, w)
        if not ready:
            return {"type": "end_turn"}
        # the strongest first: (-damage, instance)
        order = []
        total = 0
        for i, hit in ready:
            if hit > 0:
                order.append((-hit, i))
                total += hit
            else:
                order.append((0, i))
        order.sort()
        goldfish = state["players"][1]["life"]
        lethal = "精霊風" not in w and (total >= goldfish or ("雪" in w and self._snow_kills(state, w, -order[0][0])))
        if "宵闇" in w:
            deck = state["zones"]["p0.deck"]
            if deck and (2 * max(self._cover(state).values()) < len(deck) or state["players"][0]["life"] <= 3):
                return {"type": "end_turn"}
        cards = state["cards"]
        turn = state["turn"]
        nightfall = False
        if "極夜" in w and "台風" not in w and state["flags"]["weather_on"]:
            every = state["options"]["weather_every"]
            change = -(-turn // every) * every  # the weather changes after this turn's end
            nightfall = change - turn <= 1
        for minus, i in order:
            value = -minus
            if value <= 0 and not lethal:
                continue
            if "精霊風" in w and not self._safe_damage(state, w, goldfish, value):  # (safe without it)
                continue
            if not lethal:
                if "ダイヤモンドダスト" in w and "台風" not in w:
                    entered = cards[i].get("entered", turn)
                    if entered < turn - 1 and self.rules.defence_value(state, i, w) <= 2:
                        continue
                if nightfall and not self.rules.is_human(state, i):
                    continue
            action = {"type": "attack", "card": i}
            # An attack that can change none of what choose's steps 1-5 read but the lives (which choose reads
            # again) is remembered with the attackers (choose's next choice starts from them): a goldfish game
            # whose goldfish has no character on its field (no battle: the attacker and the field stay), an
            # attacker with no 攻撃時 steps (no effect), no 宵闇 (no reveal, no mill, no damage to the attacker).
            # The attacker goes to sleep (or not, 白夜) and the damage hits the goldfish (雪: mills it, 濃霧: heals
            # the player); nothing else moves and no node changes.
            if "宵闇" not in w and state["players"][1]["goldfish"] and not state["zones"]["p1.field"]:
                if "attack" not in self.rules.facts(state)[i].scripted:
                    self._struck = (cards, len(state["log"]) + 1, action, ready)
            return action
        return {"type": "end_turn"}
