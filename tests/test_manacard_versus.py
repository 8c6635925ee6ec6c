"""異世界TCG マナカード with two real players (issue 34): seats=["player", "player"] gives the second seat its own deck
and the seed's rules, the rules a goldfish never exercised (answering attacks, the opponent's skills, the
interrupt of seed 004 line 42) and the relabelling that lets the autopilot play either seat."""

import json
from pathlib import Path

from rules.declare import get_game
from rules.engine import apply, legal_actions, new_game, replay
from rules.engine.core import _rules

from .test_engine_manacard import MAIN_FILLER, SKILL_FILLER, decline_chance, spell, unit

GOLDEN = Path(__file__).resolve().parent / "golden"
SEATS = ["player", "player"]
RULES = _rules("manacard")


def deck(main=(), skill=()):
    return list(main) + MAIN_FILLER[:40] + list(skill) + SKILL_FILLER[:50]


def versus(first=(), second=(), seed=1, **options):
    """A versus game of two decks: `first` and `second` are (main, skill) cards before the fillers."""
    decks = [deck(*first) if first else deck(), deck(*second) if second else deck()]
    return new_game("manacard", decks, seed=seed, options=options, seats=SEATS)


def onto(state, key, to):
    """The instance of card `key` (owned by the zone's seat) moved there by a manual action."""
    owner = int(to[1])
    iid = next(i for i, c in state["cards"].items() if c["def"] == key and c["owner"] == owner)
    if state["cards"][iid]["zone"] != to:
        apply(state, {"type": "manual.move", "card": iid, "to": to})
    return iid


def test_each_seat_sets_up_its_own_deck_and_the_first_holds_the_first_right():
    """Seed 004 lines 15-18: ①先行後攻を決める。②メインデッキからマナゾーンにマナカードとして5枚置く。③手札として5枚加える。
    ※後攻は6枚. Both seats are players with their own main and skill decks (not the goldfish's stand-ins)."""
    state = versus()
    assert state["setup"]["seats"] == SEATS and not state["players"][1]["goldfish"]
    for p in (0, 1):
        assert len(state["zones"][f"p{p}.mana"]) == 5
        assert len(state["zones"][f"p{p}.skill"]) == 50
    assert [len(state["zones"][f"p{p}.hand"]) for p in (0, 1)] == [5, 6]
    assert state["priority"] == 0 and RULES.to_act(state) == 0 and RULES.first_seat(state) == 0
    second = new_game("manacard", [deck(), deck()], 1, {"first": "goldfish"}, SEATS)
    assert [len(second["zones"][f"p{p}.hand"]) for p in (0, 1)] == [6, 5]
    assert second["priority"] == 1 and RULES.to_act(second) == 1 and RULES.first_seat(second) == 1
    # the goldfish game keeps none of this
    fish = new_game("manacard", [deck()], 1)
    assert "streak_other" not in fish["flags"] and "first" not in fish


def test_the_seat_holding_the_right_acts_with_its_own_cards_and_passing_hands_the_right_over():
    """Seed 004 line 27: ・何かしらのカード、能力をプレイした場合、行動権は相手に移る。 The listers and handlers act for the
    seat that holds the right: seat 1's plays are its own cards, its mana pass its own main deck."""
    state = versus(second=([unit("hero", cost=0)], ()))
    apply(state, {"type": "pass"})  # seat 0 passes the right
    assert RULES.to_act(state) == 1
    hero = onto(state, "hero", "p1.hand")
    plays = [a for a in legal_actions(state) if a["type"] == "play"]
    assert plays and all(state["cards"][a["card"]]["owner"] == 1 for a in plays)
    assert {"type": "play", "card": hero} in plays
    events = apply(state, {"type": "play", "card": hero})
    assert state["cards"][hero]["zone"] == "p1.field"
    assert any(e["type"] == "right" and e["player"] == 0 for e in events) and RULES.to_act(state) == 0
    apply(state, {"type": "pass"})
    mana = len(state["zones"]["p1.mana"])
    apply(state, {"type": "pass", "option": "mana"})  # seat 1's mana pass: its own main deck to its own mana
    assert len(state["zones"]["p1.mana"]) == mana + 1 and len(state["zones"]["p0.mana"]) == 5


def test_an_attack_is_answered_by_the_other_player_and_hits_when_they_pass_the_right_back():
    """Seed 004 lines 53-55: ・攻撃宣言時、相手は通常の行動権の行動の他に『防御』行動を行う事が出来るようになる。『防御』・・・
    相手の攻撃を1軽減する。『防御』や防ぐ行動を取らないと攻撃がヒットする。 Seat 0's unit attacks seat 1, a player: seat 1
    is offered 『防御』 and the hit (less 1) lands when its answer passes the right."""
    state = versus(first=([unit("axe", attack=3, speed=1)], ()))
    axe = onto(state, "axe", "p0.field")
    apply(state, {"type": "pass", "option": "attack", "card": axe})
    assert RULES.to_act(state) == 1
    assert {"type": "defend"} in legal_actions(state)
    life = len(state["zones"]["p1.deck"])
    events = apply(state, {"type": "defend"})
    hits = [e for e in events if e["type"] == "attack_hits"]
    assert hits == [{"type": "attack_hits", "card": axe, "player": 1, "amount": 2, "reduced": 1}]
    assert len(state["zones"]["p1.deck"]) == life - 2
    # the hit's 逆転 chance (seed 004 line 21) is seat 1's, before the right goes over
    assert state["pending"]["type"] == "reveal" and RULES.to_act(state) == 1
    decline_chance(state)
    assert RULES.to_act(state) == 0 and not state["flags"]["incoming"]


def test_a_block_of_the_other_player_fights_the_attacker():
    """Seed 004 line 50: 相手の攻撃をユニットで防ぐ際、相手の素早さ以上を持つユニットでないと防ぐことができない。"""
    state = versus(first=([unit("axe", attack=3, hp=3, speed=2)], ()), second=([unit("wall", attack=1, hp=5, speed=2), unit("slow", speed=1)], ()))
    axe = onto(state, "axe", "p0.field")
    wall, slow = onto(state, "wall", "p1.field"), onto(state, "slow", "p1.field")
    apply(state, {"type": "pass", "option": "attack", "card": axe})
    blocks = [a for a in legal_actions(state) if a["type"] == "block"]
    assert blocks == [{"type": "block", "card": wall}]  # (slow is slower than the attacker)
    life = len(state["zones"]["p1.deck"])
    events = apply(state, {"type": "block", "card": wall})
    assert any(e["type"] == "battle" and e["card"] == axe and e["target"] == wall for e in events)
    assert state["cards"][wall]["counters"]["damage"] == 3 and len(state["zones"]["p1.deck"]) == life
    assert slow in state["zones"]["p1.field"]


def test_the_opponents_skill_resolves_unasked_when_you_hold_no_skill_that_could_interrupt_it():
    """The other player's skill cards (スキルデッキからは任意のカードを選ぶことが出来, seed 004 line 38) now play: seat 1's
    火の玉-like skill names seat 0's unit. Seed 004 line 42: プレイヤー同士の行動したスキルの素早さが2以上離れていた場合、相手の
    効果を解決する前より先に効果を解決する事が出来る。(割り込み) Seat 0 holds only a skill as slow, so 解決させる is its only
    answer: no interrupt decision is asked, the skill resolves at once and seat 0 holds its right as usual."""
    bolt = spell("bolt", cost=0, script=[{"op": "unit_damage", "amount": 2}])
    slow_bolt = spell("slow_bolt", cost=0, script=[{"op": "unit_damage", "amount": 2}])
    state = versus(first=([unit("knight", hp=3)], [slow_bolt]), second=([], [bolt]))
    knight = onto(state, "knight", "p0.field")
    apply(state, {"type": "pass"})
    bolt_id = next(i for i in state["zones"]["p1.skill"] if state["cards"][i]["def"] == "bolt")
    events = apply(state, {"type": "play", "card": bolt_id, "target": knight})
    assert not any(e["type"] == "waiting" for e in events)
    kinds = [e["type"] for e in events]
    assert kinds.index("right") < kinds.index("resolve") < kinds.index("unit_damage")
    assert state["pending"] is None and RULES.to_act(state) == 0
    assert state["cards"][knight]["counters"]["damage"] == 2
    offered = legal_actions(state)
    assert {"type": "let_resolve"} not in offered and {"type": "pass"} in offered


def test_the_interrupt_is_asked_only_of_a_player_with_a_skill_two_faster():
    """Seed 004 line 42 (割り込み): the decision is asked when the other player holds a skill that could interrupt
    (素早さ 2 against a skill that prints none, 0), and then offers that skill and 解決させる."""
    bolt = spell("bolt", cost=0, script=[{"op": "unit_damage", "amount": 2}])
    fast = dict(spell("fast_bolt", cost=0, script=[{"op": "unit_damage", "amount": 1}]))
    fast["fields"] = dict(fast["fields"], speed=2)
    state = versus(first=([unit("knight", hp=3)], [fast]), second=([unit("squire", hp=3)], [bolt]))
    knight, squire = onto(state, "knight", "p0.field"), onto(state, "squire", "p1.field")
    apply(state, {"type": "pass"})
    bolt_id = next(i for i in state["zones"]["p1.skill"] if state["cards"][i]["def"] == "bolt")
    events = apply(state, {"type": "play", "card": bolt_id, "target": knight})
    assert any(e["type"] == "waiting" and e["card"] == bolt_id and e["player"] == 1 for e in events)
    assert state["pending"]["type"] == "interrupt" and RULES.to_act(state) == 0
    fast_id = next(i for i in state["zones"]["p0.skill"] if state["cards"][i]["def"] == "fast_bolt")
    offered = [{k: v for k, v in a.items() if k != "choice"} for a in legal_actions(state)]
    assert {"type": "play", "card": fast_id, "target": squire} in offered and {"type": "let_resolve"} in offered
    events = apply(state, {"type": "let_resolve"})
    assert [e["type"] for e in events][:2] == ["resolve", "unit_damage"]
    assert state["cards"][knight]["counters"]["damage"] == 2 and RULES.to_act(state) == 0


def test_an_attack_on_a_unit_may_be_defended_by_its_player():
    """Seed 004 lines 53-55: ・攻撃宣言時、相手は通常の行動権の行動の他に『防御』行動を行う事が出来るようになる。『防御』・・・
    相手の攻撃を1軽減する。『防御』や防ぐ行動を取らないと攻撃がヒットする。 and line 62's 例: ユニットに素早さ1の攻撃行動を取るが
    それから守る為に素早さ2の行動で守りに入ると、次からそのユニットが回復するまで、素早さ2以上でないとそのユニットを対象とする効果を
    発動できない. Seat 0's unit attacks seat 1's unit: seat 1 may 『防御』 it (the battle deals 1 less to its unit) and the
    unit is then guarded at that speed until it recovers."""
    state = versus(first=([unit("axe", attack=3, hp=5, speed=2)], ()), second=([unit("squire", attack=1, hp=5, speed=1)], ()))
    axe, squire = onto(state, "axe", "p0.field"), onto(state, "squire", "p1.field")
    apply(state, {"type": "pass", "option": "attack", "card": axe, "target": squire})
    assert RULES.to_act(state) == 1 and state["flags"]["incoming"]["target"] == squire
    offered = legal_actions(state)
    assert {"type": "defend"} in offered
    assert not any(a["type"] in ("summon_block", "block") for a in offered)  # (no other unit; the attacked one does not block)
    life = len(state["zones"]["p1.deck"])
    events = apply(state, {"type": "defend"})
    battles = [e for e in events if e["type"] == "battle"]
    assert battles == [{"type": "battle", "card": axe, "target": squire, "damage": 2, "counter": 1, "reduced": 1}]
    assert state["cards"][squire]["counters"]["damage"] == 2 and state["cards"][axe]["counters"]["damage"] == 1
    assert len(state["zones"]["p1.deck"]) == life  # a battle, no hit on the player
    assert state["flags"]["locks"].get(squire) == 2


def test_an_attack_on_a_unit_may_be_blocked_by_another_unit_at_least_as_fast():
    """Seed 004 line 50: 相手の攻撃をユニットで防ぐ際、相手の素早さ以上を持つユニットでないと防ぐことができない。 and line 55:
    『防御』や防ぐ行動を取らないと攻撃がヒットする。 Seat 0's unit attacks seat 1's squire: seat 1's wall (as fast as the
    attacker) may take the attack instead, its slow unit may not; without an answer the attack hits the squire."""
    cards = ([unit("squire", attack=1, hp=5, speed=1), unit("wall", attack=1, hp=5, speed=2), unit("slow", hp=5, speed=1)], ())
    state = versus(first=([unit("axe", attack=3, hp=5, speed=2)], ()), second=cards)
    axe = onto(state, "axe", "p0.field")
    squire, wall, slow = (onto(state, k, "p1.field") for k in ("squire", "wall", "slow"))
    apply(state, {"type": "pass", "option": "attack", "card": axe, "target": squire})
    blocks = [a for a in legal_actions(state) if a["type"] == "block"]
    assert blocks == [{"type": "block", "card": wall}]
    events = apply(state, {"type": "block", "card": wall})
    assert [(e["card"], e["target"], e["damage"]) for e in events if e["type"] == "battle"] == [(axe, wall, 3)]
    assert state["cards"][wall]["counters"]["damage"] == 3 and not state["cards"][squire]["counters"].get("damage")
    # no answer: the attack hits the unit it was declared on when its player passes the right back
    state = versus(first=([unit("axe", attack=3, hp=5, speed=2)], ()), second=cards)
    axe = onto(state, "axe", "p0.field")
    squire = onto(state, "squire", "p1.field")
    apply(state, {"type": "pass", "option": "attack", "card": axe, "target": squire})
    events = apply(state, {"type": "pass"})
    assert [(e["card"], e["target"], e["damage"]) for e in events if e["type"] == "battle"] == [(axe, squire, 3)]


def test_a_skill_two_faster_interrupts_and_resolves_before_the_other_players_effect():
    """Seed 004 line 42: プレイヤー同士の行動したスキルの素早さが2以上離れていた場合、相手の効果を解決する前より先に効果を解決する
    事が出来る。(割り込み) Seat 1 plays a heal (素早さ 0, none printed) on its damaged unit; seat 0's skill of 素早さ 2 interrupts:
    its damage resolves first and destroys the unit, so the heal finds nothing; then the right is seat 1's again."""
    heal = spell("heal", cost=0, script=[{"op": "unit_heal", "who": "you"}])
    fast = dict(spell("fast_bolt", cost=0, script=[{"op": "unit_damage", "amount": 2}]))
    fast["fields"] = dict(fast["fields"], speed=2)
    one_faster = dict(spell("quick_bolt", cost=0, script=[{"op": "unit_damage", "amount": 2}]))
    one_faster["fields"] = dict(one_faster["fields"], speed=1)
    state = versus(first=([], [fast, one_faster]), second=([unit("squire", hp=3)], [heal]))
    squire = onto(state, "squire", "p1.field")
    state["cards"][squire]["counters"]["damage"] = 1
    apply(state, {"type": "pass"})
    heal_id = next(i for i in state["zones"]["p1.skill"] if state["cards"][i]["def"] == "heal")
    apply(state, {"type": "play", "card": heal_id, "target": squire})
    offered = legal_actions(state)
    fast_id = next(i for i in state["zones"]["p0.skill"] if state["cards"][i]["def"] == "fast_bolt")
    assert {"type": "play", "card": fast_id, "target": squire} in offered
    assert not any(a.get("card") and state["cards"][a["card"]]["def"] == "quick_bolt" for a in offered)  # 1 faster: no
    events = apply(state, {"type": "play", "card": fast_id, "target": squire})
    kinds = [(e["type"], e.get("card")) for e in events if e["type"] in ("play", "unit_damage", "destroyed", "resolve", "unit_heal")]
    assert kinds[:3] == [("play", fast_id), ("unit_damage", squire), ("destroyed", squire)]
    assert ("resolve", heal_id) in kinds and ("unit_heal", squire) not in kinds
    assert state["cards"][heal_id]["zone"] == "p1.exile"  # the used skill card, exiled face down as usual
    assert RULES.to_act(state) == 1  # the interrupt was seat 0's play: the right passes


def test_as_seat_relabels_the_game_for_the_autopilot_and_back():
    """as_seat(state, 1) is the game seen with seat 1 as seat 0: its zones, owners, the right and the pending
    decision; relabelling twice gives the game back; the autopilot's choice on it is a legal action here."""
    state = versus(second=([unit("hero", cost=0)], ()))
    apply(state, {"type": "pass"})
    seen = RULES.as_seat(state, 1)
    assert seen["zones"]["p0.hand"] == state["zones"]["p1.hand"] and seen["priority"] == 0
    assert all(seen["cards"][i]["owner"] == 0 for i in state["zones"]["p1.deck"])
    back = RULES.as_seat(seen, 1)
    assert back["zones"] == state["zones"] and back["cards"] == state["cards"] and back["players"] == state["players"]
    choice = get_game("manacard").pilot.choose(seen)
    assert choice in [{k: v for k, v in a.items() if k != "choice"} for a in legal_actions(state)]


def test_the_versus_playthroughs_have_both_seats_answer_attacks_and_seat_1_interrupt():
    """The golden playthroughs (tests/golden/manacard-versus-*.json): both seats play, 『防御』 attacks on them
    (seed 004 line 53) and take 逆転 chances; in the interrupt one, seat 1's 素早さ 2 火の玉 interrupts seat 0's skills
    (seed 004 line 42), which resolve after it."""
    plain = json.loads((GOLDEN / "manacard-versus-seed1.json").read_text(encoding="utf-8"))
    state = replay(plain["setup"], plain["actions"])
    seats = {(e["action"]["type"], e.get("seat")) for e in state["log"]}
    assert {("play", 0), ("play", 1), ("defend", 1), ("reversal", 0), ("reversal", 1)} <= seats
    fast = json.loads((GOLDEN / "manacard-versus-interrupt-seed4.json").read_text(encoding="utf-8"))
    state = replay(fast["setup"], fast["actions"])
    interrupts = 0
    for entry in state["log"]:
        if entry.get("seat") != 1:
            continue
        kinds = [(e["type"], e.get("player")) for e in entry["events"]]
        if ("resolve", 0) in kinds and ("play", 1) in kinds:  # seat 0's waiting skill resolved after seat 1's play
            assert kinds.index(("play", 1)) < kinds.index(("resolve", 0))
            interrupts += 1
    assert interrupts >= 1
    assert state["result"] is not None


def test_an_unfinished_rollout_looks_like_the_seats_share_of_the_hp_left():
    """The strong AI's view of a game it stopped rolling out: seed 004 line 21 (ダメージを受けてメインデッキが0枚となった時
    …負け) makes the main deck the HP and a hit exiles it (line 63: 攻撃力分の数値をメインデッキから裏向きで除外する), so the
    seat's share of the main-deck cards not exiled; a mana pass moves HP about without losing any."""
    state = versus()
    assert RULES.outlook(state, 0) == RULES.outlook(state, 1) == 0.5  # (two main decks of 40: hand, mana and deck)
    RULES.damage_player(state, 1, 20, None)
    assert RULES.outlook(state, 0) == 40 / 60 and RULES.outlook(state, 1) == 20 / 60
    apply(state, {"type": "pass", "option": "mana"})
    assert RULES.outlook(state, 0) == 40 / 60
