"""Attacks and battles of 東方VISION (GAMES.md's public facts) with the weathers that change them.

The goldfish plays no card, but characters the player puts on its field by hand defend (the start option
"goldfish_defends"): the first active one in its field's order blocks each attack. A defended attack is a
battle between the two characters:

- defending puts the defender to sleep (白夜 aside, see `_exert`);
- 隠密 (printed, or 風雨's until the end of the turn): at the start of the battle the defence is cancelled
  unless the defender has a race of the attacker's (the wiki's 隠密: 〔このキャラクターと戦闘している相手
  キャラクター〕の防御を取り消す。但し、防御を行ったキャラクターが同じ種族を1つでも持つ場合、この効果は無効);
- 極夜: a non-human battling an opponent's character may choose a battle modifier of +2/±0 or ±0/+2 (the
  player decides for their characters, the attacker's first, then the defender's; the goldfish never
  chooses); it lasts to the end of the turn, as the damage it guards against does;
- 黄砂: when exactly one of the two has 先制, it takes 2 damage as the battle begins (before the combat
  damage: if that makes it 決死, neither deals damage), or with its own first-strike damage (the option
  "kousa" at "strike");
- the two deal their attack to each other at the same time, or the one with 先制 first (the other deals
  none if that made it 決死);
- 貫通 (printed, or 疎雨's): the attacker also deals the excess, its attack minus the defender's 耐久力 plus
  the damage the defender had already taken, to the defending player, as combat damage (no GRAZE);
- an undefended attack deals its attack to the player (the goldfish has no deck to GRAZE from);
- GRAZE (GAMES.md's base game: a player who takes combat damage may add the attacker's GRAZE value of cards
  from the top of their deck to their nodes, sleeping; all or nothing; not from 貫通 damage): a player (either
  seat, not the goldfish) who took combat damage from an attack that hit it (undefended, or its defence
  cancelled by 隠密) decides (a `graze` decision: graze or no_graze) when the attacker has a GRAZE value, its
  deck holds that many cards (all or nothing) and it is still alive; damage 雪 turned into milling is not taken.
"""

from __future__ import annotations

FIRST_STRIKE, PIERCE, STEALTH = "先制", "貫通", "隠密"
KYOKUYA_OPTIONS = (
    {"option": 1, "label": "戦闘修正+2/±0を得る", "attack": 2, "defence": 0},
    {"option": 2, "label": "戦闘修正±0/+2を得る", "attack": 0, "defence": 2},
    {"option": 3, "label": "戦闘修正を得ない", "attack": 0, "defence": 0},
)


class Battles:
    """The attack and battle half of VisionRules (mixed in; `self` is the rules object)."""

    def keywords(self, state, iid) -> set[str]:
        """The character's keywords now: printed, 疎雨's 貫通 for every character, 風雨's 隠密 until the end of
        the turn it entered."""
        have = set(self._def(state, iid).get("keywords") or ())
        if "疎雨" in state["flags"]["weathers"]:
            have.add(PIERCE)
        if state["cards"][iid].get("stealth") == state["turn"]:
            have.add(STEALTH)
        return have

    def _exert(self, state, iid) -> list[dict]:
        """Attacking or defending puts the character to sleep. 白夜 (the option "byakuya" at "attack"): a
        human's attack or defence resolves as if it had been put to sleep, twice a turn in all."""
        flags = state["flags"]
        if (
            state["options"]["byakuya"] == "attack"
            and "白夜" in state["flags"]["weathers"]
            and self.is_human(state, iid)
            and flags["byakuya"] < 2
        ):
            flags["byakuya"] += 1
            return [{"type": "weather", "weather": "白夜", "card": iid, "active": True, "uses": flags["byakuya"]}]
        state["cards"][iid]["tapped"] = True
        return []

    @staticmethod
    def _side(state, iid) -> int:
        """The player whose field the card is on (a card the player put on the goldfish's field by hand is the
        goldfish's character, though it goes back to its owner's discard pile)."""
        return int(state["cards"][iid]["zone"][1])

    def _defender(self, state, attacker) -> str | None:
        """The goldfish's first active character (its field's order), when its characters defend."""
        foe = 1 - self._side(state, attacker)
        if not state["options"]["goldfish_defends"] or not state["players"][foe]["goldfish"]:
            return None
        if not state["zones"][f"p{foe}.field"]:  # (the usual goldfish: nothing on its field)
            return None
        return next((i for i in self.characters(state, foe) if not state["cards"][i]["tapped"]), None)

    def blockers(self, state, player) -> list[str]:
        """The player's characters that may defend now: the active ones on its field (defending puts one to
        sleep), in its field's order."""
        return [i for i in self.characters(state, player) if not state["cards"][i]["tapped"]]

    def _combat(self, state, iid, w) -> list[dict]:
        """The attack, after its 攻撃時 steps: defended (a battle) or not (damage to the player). A player (not the
        goldfish) with an active character decides whether one of them defends (a `defend` decision)."""
        where = state["cards"][iid]["zone"]
        if not where.endswith(".field"):  # (_on_field)
            return [{"type": "attack_ends", "card": iid}]
        foe = 1 - int(where[1])  # (_side)
        if not state["players"][foe]["goldfish"]:
            candidates = self.blockers(state, foe)
            if candidates:
                state["pending"] = {"type": "defend", "player": foe, "attacker": iid, "candidates": candidates}
                return [{"type": "defend_choice", "player": foe, "card": iid}]
            return self._hit_player(state, iid, self.attack_value(state, iid, w, attacking=True))
        # (_defender, its usual answer first: the goldfish has nothing on its field)
        defender = self._defender(state, iid) if state["zones"][f"p{foe}.field"] else None
        if defender is None:  # (_hit_player without the call: the goldfish has no GRAZE to ask)
            return self.damage(state, foe, self.attack_value(state, iid, w, attacking=True), by=1 - foe, combat=True)
        return self._defended(state, iid, defender, w)

    def defend_resolve(self, state, pending, action) -> list[dict]:
        """The defending player's answer: one of its active characters defends (a battle), or none does and
        the attack hits the player."""
        iid, defender = pending["attacker"], action.get("card")
        w = state["flags"]["weathers"]
        if not self._on_field(state, iid):
            return [{"type": "attack_ends", "card": iid}]
        if defender is None or not self._on_field(state, defender) or state["cards"][defender]["tapped"]:
            return [{"type": "no_defence", "player": pending["player"], "card": iid}] + self._hit_player(
                state, iid, self.attack_value(state, iid, w, attacking=True))
        return self._defended(state, iid, defender, w)

    def _defended(self, state, iid, defender, w) -> list[dict]:
        """The defender blocks the attack: it sleeps, then 隠密, 極夜's modifier, the battle."""
        events = [{"type": "defend", "card": defender, "attacker": iid}] + self._exert(state, defender)
        races = set((self._def(state, defender).get("fields") or {}).get("race") or ())
        if STEALTH in self.keywords(state, iid) and not races & set((self._def(state, iid).get("fields") or {}).get("race") or ()):
            events.append({"type": "defence_cancelled", "card": defender, "keyword": STEALTH})
            return events + self._hit_player(state, iid, self.attack_value(state, iid, w, attacking=True))
        if "極夜" in w:
            return events + self._kyokuya_ask(state, iid, defender, (iid, defender))
        return events + self._battle(state, iid, defender)

    def _kyokuya_ask(self, state, attacker, defender, left) -> list[dict]:
        """極夜: each non-human of the battle (the attacker, then the defender: `left` are the ones not asked yet)
        whose player is not the goldfish chooses its battle modifier; then the battle. (The pending decision
        names the card only for the defender, so a goldfish game's decisions are what they were.)"""
        for card in left:
            side = self._side(state, card)
            if self.is_human(state, card) or state["players"][side]["goldfish"]:
                continue
            pending = {
                "type": "weather_choice",
                "player": side,
                "weather": "極夜",
                "stage": "battle",
                "attacker": attacker,
                "defender": defender,
                "options": [dict(o) for o in KYOKUYA_OPTIONS],
                "actions": [{"type": "weather_choice", "option": o["option"]} for o in KYOKUYA_OPTIONS],
            }
            if card != attacker:
                pending["card"] = card
            state["pending"] = pending
            return [{"type": "weather_choice", "weather": "極夜", "player": side}]
        return self._battle(state, attacker, defender)

    def _hit_player(self, state, iid, amount, graze=True) -> list[dict]:
        """Combat damage to the attacked player; then its GRAZE decision (not for 貫通's excess: graze False)."""
        side = int(state["cards"][iid]["zone"][1])  # (_side)
        foe = 1 - side
        events = self.damage(state, foe, amount, by=side, combat=True)
        if graze and events and not state["players"][foe]["goldfish"] and events[0]["type"] == "damage":
            events += self._graze_ask(state, foe, iid)
        return events

    def _graze_ask(self, state, player, attacker) -> list[dict]:
        """GRAZE: the player who took the attacker's combat damage may add its GRAZE value of cards from the top
        of their deck to their nodes, sleeping (all or nothing: only while the deck holds that many; not the
        goldfish, which has no deck; not a player the damage has already beaten)."""
        target = state["players"][player]
        if target["goldfish"]:  # (a goldfish game: every hit, nothing to ask)
            return []
        n = self._of(state)[attacker].graze
        if n <= 0 or target["life"] <= 0 or len(state["zones"][f"p{player}.deck"]) < n:
            return []
        state["pending"] = {"type": "graze", "player": player, "card": attacker, "n": n}
        return [{"type": "graze_choice", "player": player, "card": attacker, "n": n}]

    def graze_resolve(self, state, pending, take) -> list[dict]:
        """The damaged player's answer: the top `n` cards of its deck to its nodes, sleeping (as add_resource), or none."""
        player, n = pending["player"], pending["n"]
        if not take:
            return [{"type": "no_graze", "player": player, "card": pending["card"]}]
        events = [{"type": "graze", "player": player, "card": pending["card"], "n": n}]
        return events + self.add_resource(state, player, n)

    def kyokuya_resolve(self, state, pending, action) -> list[dict]:
        """極夜: the chosen battle modifier (until the end of the turn), then the battle."""
        attacker, defender = pending["attacker"], pending["defender"]
        target = pending.get("card", attacker)
        chosen = next(o for o in KYOKUYA_OPTIONS if o["option"] == action["option"])
        events = [{"type": "weather", "weather": "極夜", "card": target, "option": chosen["option"]}]
        card = state["cards"][target]
        if card["zone"].endswith(".field"):
            for stat in ("attack", "defence"):
                if chosen[stat]:
                    card["counters"][stat] = card["counters"].get(stat, 0) + chosen[stat]
                    state.setdefault("eot", []).append({"card": target, "stat": stat, "amount": chosen[stat], "zone": card["zone"]})
        if target == attacker and self._on_field(state, attacker) and self._on_field(state, defender):
            return events + self._kyokuya_ask(state, attacker, defender, (defender,))
        return events + self._battle(state, attacker, defender)

    @staticmethod
    def _on_field(state, iid) -> bool:
        return state["cards"][iid]["zone"].endswith(".field")

    def _battle(self, state, attacker, defender) -> list[dict]:
        """Both deal their attack to the other, at once or 先制 first; 貫通's excess to the defending player."""
        if not (self._on_field(state, attacker) and self._on_field(state, defender)):
            return [{"type": "attack_ends", "card": attacker}]  # one left the battle (by hand): no damage
        events = [{"type": "battle", "attacker": attacker, "defender": defender}]
        first = {i for i in (attacker, defender) if FIRST_STRIKE in self.keywords(state, i)}
        if len(first) == 1:
            striker = next(iter(first))
            other = defender if striker == attacker else attacker
            kousa = "黄砂" in state["flags"]["weathers"]
            if kousa and state["options"]["kousa"] == "battle":
                events += self._kousa(state, striker)
                if not (self._on_field(state, striker) and self._on_field(state, other)):
                    return events + [{"type": "attack_ends", "card": attacker}]
            events += self._strikes(state, attacker, [(striker, other)])
            if kousa and state["options"]["kousa"] == "strike":
                events += self._kousa(state, striker)
            events += self._state_check(state)
            if self._on_field(state, other) and self._on_field(state, striker):
                events += self._strikes(state, attacker, [(other, striker)])
        else:
            events += self._strikes(state, attacker, [(attacker, defender), (defender, attacker)])
        return events + self._state_check(state)

    def _kousa(self, state, striker) -> list[dict]:
        """黄砂 (自動α): 「先制」を持つキャラクターが「先制」を持たないキャラクターと戦闘を行う場合、[戦闘中の「先制」を
        持つキャラクター]に2ダメージを与える。(The option "kousa": by default as the battle begins, before its combat
        damage, as 極夜's battle modifier is gained, so a 先制 character it makes 決死 deals no damage; "strike": with
        the 先制 character's own first-strike damage.)"""
        counters = state["cards"][striker]["counters"]
        counters["damage"] = counters.get("damage", 0) + 2
        events = [{"type": "weather", "weather": "黄砂", "card": striker}, {"type": "card_damage", "card": striker, "amount": 2}]
        return events + self._state_check(state)

    def _strikes(self, state, attacker, pairs) -> list[dict]:
        """Combat damage dealt at once: each (from, to) pair's attack, valued before any is dealt."""
        w = state["flags"]["weathers"]
        cards = state["cards"]
        dealt = [(hitter, target, self.attack_value(state, hitter, w, attacking=hitter == attacker)) for hitter, target in pairs]
        events = []
        for hitter, target, amount in dealt:
            if hitter == attacker and PIERCE in self.keywords(state, hitter):
                excess = amount - self.defence_value(state, target, w) + cards[target]["counters"].get("damage", 0)
                if excess > 0:
                    events.append({"type": "pierce", "card": hitter, "amount": excess})
                    events += self._hit_player(state, hitter, excess, graze=False)
            if amount > 0:
                counters = cards[target]["counters"]
                counters["damage"] = counters.get("damage", 0) + amount
                events.append({"type": "card_damage", "card": target, "amount": amount, "by": hitter})
        return events

