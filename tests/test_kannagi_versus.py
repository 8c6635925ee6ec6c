"""巫KANNAGI with two real seats (issue 34): each seat plays its own deck by the seed's rules (seed 002; each
docstring quotes the seed lines it plays through; rules/games/kannagi/ledger.json points here), and the rules
only an opponent exercises: its 道具札 in answer to your declarations, 防御 against the opponent's effects and
attacks, 清めの塩 (a tool whose target is the opponent's 場所札). The versus golden playthrough is
tests/golden/kannagi-versus-seed1.json (tests/test_engine_golden.py records and replays it)."""

import json
from pathlib import Path

from rules.declare import get_game
from rules.engine import apply, decision, legal_actions, new_game, view
from rules.engine.core import _rules, check_invariants
from rules.engine.play import offers

from .engine_helpers import fresh
from .test_engine_kannagi import FILLER, SKIP, bundled, card

HERE = Path(__file__).resolve().parent / "golden"
SEATS = ["player", "player"]


def versus(deck0, deck1, seed=1, **options):
    options.setdefault("first", "player")
    return new_game("kannagi", [list(deck0), list(deck1)], seed=seed, options=options, seats=SEATS)


def skip_tools(state):
    while state["result"] is None and state["pending"] and state["pending"]["type"] == "timing":
        apply(state, SKIP)
    return state


def past_setup(state):
    """Both 零探し kept, no ■潜在能力: the first player's first main phase."""
    for _ in range(2):
        assert state["pending"]["type"] == "zero_search"
        apply(state, {"type": "zero_search", "cards": []})
        assert state["pending"]["type"] == "potential"
        apply(state, {"type": "potential_done"})
    return skip_tools(state)


def end_turn(state):
    """End the turn (no tool at its declarations; over the hand limit, the first cards of the hand go to 魂)."""
    events = apply(state, {"type": "end_turn"})
    return events + hand_limit(state)


def hand_limit(state):
    skip_tools(state)
    if state["pending"] and state["pending"]["type"] == "hand_limit":
        events = apply(state, legal_actions(state)[0])
        skip_tools(state)
        return events
    return []


def names(state, ids):
    return [state["defs"][state["cards"][i]["def"]]["name"] for i in ids]


def deck_with(*front):
    """40 cards: `front` on top of the deck's order as given (the shuffle moves them; tests take them by hand)."""
    return list(front) + FILLER[: 40 - len(front)]


def give(state, player, key, to="hand"):
    """A fresh instance of `key` of this player's moved to one of their zones (a logged manual action)."""
    iid = fresh(state, key, owner=player)
    if state["cards"][iid]["zone"] != f"p{player}.{to}":
        apply(state, {"type": "manual.move", "card": iid, "to": f"p{player}.{to}"})
    return iid


def soul(state, player, n):
    """n filler cards of this player's to their 魂 (what pays for costs)."""
    taken = 0
    for k in range(len(FILLER)):
        if taken == n:
            break
        iid = next((i for i in state["zones"][f"p{player}.deck"] if state["cards"][i]["def"] == FILLER[k]["key"]), None)
        if iid is not None:
            apply(state, {"type": "manual.move", "card": iid, "to": f"p{player}.soul"})
            taken += 1


def test_each_seat_shuffles_its_own_deck_draws_eight_and_has_30_life():
    """①山札をシャッフルして場に置きます。 ②サイコロやジャンケンなどで先攻と後攻を決定します。 ③山札の上から8枚札を引き、初期手札と
    します。 / ・相手の30点のライフを0点にする。 With two real seats each player has its deck, its opening 8 and 30 life; the
    first player is the game's じゃんけん (random by default, kept as state["first"])."""
    state = versus(deck_with(), deck_with(), first="random")
    assert [p["goldfish"] for p in state["players"]] == [False, False]
    assert [p["life"] for p in state["players"]] == [30, 30]
    assert [len(state["zones"][f"p{p}.hand"]) for p in (0, 1)] == [8, 8]
    assert [len(state["zones"][f"p{p}.deck"]) for p in (0, 1)] == [32, 32]
    assert all(state["cards"][i]["owner"] == p for p in (0, 1) for i in state["zones"][f"p{p}.hand"])
    firsts = {versus(deck_with(), deck_with(), seed=s, first="random")["first"] for s in range(1, 12)}
    assert firsts == {0, 1}
    assert _rules("kannagi").first_seat(state) == state["first"]


def test_zero_search_goes_first_player_then_second_each_followed_by_its_potential_places():
    """『零探し』:…先攻から手札を任意の枚数公開し、好きな順番で山札の1番下に置き、1回だけその枚数分山札の上から札を引けます。 /
    『先攻の零探し終了後、潜在能力を任意の枚数使用』→『後攻の零探し終了後、潜在能力を任意の枚数使用』"""
    state = versus(deck_with(), deck_with(), first="goldfish")  # ("goldfish": the second seat starts)
    asked = []
    for _ in range(2):
        pending = state["pending"]
        asked.append((pending["type"], pending["player"]))
        back = state["zones"][f"p{pending['player']}.hand"][:2]
        apply(state, {"type": "zero_search", "cards": back})
        assert state["zones"][f"p{pending['player']}.deck"][:2] == back[::-1] or set(state["zones"][f"p{pending['player']}.deck"][:2]) == set(back)
        asked.append((state["pending"]["type"], state["pending"]["player"]))
        apply(state, {"type": "potential_done"})
    assert asked == [("zero_search", 1), ("potential", 1), ("zero_search", 0), ("potential", 0)]
    skip_tools(state)
    assert state["active"] == 1 and state["phase"] == "main"


def test_turns_alternate_and_only_the_first_players_first_turn_has_no_draw():
    """①先攻は回復フェイズから始まりますが、1ターン目のみドローフェイズを行えません。 ②後攻は回復フェイズから行い、後攻はドローフェイズを行い、
    メインフェイズを行います。 / ターンの終わりを宣言して、相手のターンに移行します。"""
    state = past_setup(versus(deck_with(), deck_with()))
    first_turn = [e for entry in state["log"] for e in entry["events"] if e["type"] in ("turn", "no_draw", "draw")]
    assert {"type": "no_draw", "player": 0} in first_turn
    hands = [len(state["zones"][f"p{p}.hand"]) for p in (0, 1)]
    events = end_turn(state)
    assert state["active"] == 1 and state["phase"] == "main"
    assert {"type": "turn", "turn": 1, "player": 1} in events
    assert len(state["zones"]["p1.hand"]) == hands[1] + 1  # the second player draws on its first turn
    end_turn(state)
    assert state["active"] == 0 and state["flags"]["turns"] == [2, 1] and state["turn"] == 2
    assert len(state["zones"]["p0.hand"]) == hands[0] + 1
    check_invariants(state)


def test_the_seat_whose_turn_it_is_acts_for_itself():
    """④「メインフェイズ」以下を好きな順番で各1回のみできます。 The listers act for the turn player: in the second seat's main phase
    its own places are summoned from its own hand to its own field, and seat 0 has no free action."""
    house = card("家", power=3)
    state = past_setup(versus(deck_with(), deck_with(house)))
    end_turn(state)
    mine = give(state, 1, "家")
    summons = [a for a in legal_actions(state) if a["type"] == "summon"]
    assert summons and all(a["card"] in state["zones"]["p1.hand"] for a in summons)
    apply(state, {"type": "summon", "card": mine})
    skip_tools(state)
    assert state["cards"][mine]["zone"] == "p1.field"
    assert _rules("kannagi").to_act(state) == 1


def test_the_opponent_is_asked_for_a_tool_at_your_attack_declaration():
    """①【場所札】攻撃フェイズを宣言したら相手に【道具札】の使用がないか確認します。 / ・使えるタイミングは各宣言時… The defending
    seat, holding a usable tool, is asked at the attacker's declaration; its tool goes to its own 魂 and its effect
    runs before the attack (古びた懐中電灯: カードを1枚引く)."""
    torch = bundled("古びた懐中電灯")
    house = card("家", power=3, keywords=("速攻",))
    state = past_setup(versus(deck_with(house), deck_with(torch)))
    place = give(state, 0, "家")
    lamp = give(state, 1, "古びた懐中電灯")
    soul(state, 1, 1)  # 魂 pays its cost 1
    apply(state, {"type": "summon", "card": place})
    skip_asked = []
    while state["pending"] and state["pending"]["type"] == "timing":  # (the summon's declaration: it may answer that too)
        skip_asked.append(state["pending"]["player"])
        apply(state, SKIP)
    assert 1 in skip_asked
    apply(state, {"type": "attack", "card": place})
    assert decision(state)["player"] == 1 and state["pending"]["at"] == "attack"
    assert decision(state)["candidates"] == [lamp]
    hand = len(state["zones"]["p1.hand"])
    events = apply(state, {"type": "tool", "card": lamp})
    assert state["cards"][lamp]["zone"] == "p1.soul" and len(state["zones"]["p1.hand"]) == hand  # used one, drew one
    assert [e for e in events if e["type"] == "attack"]  # then the attack goes on
    assert state["log"][-1]["seat"] == 1


def test_a_tool_is_used_once_from_your_turns_start_to_your_next_turns_start():
    """・自分の「ターン開始時」から自分の「ターン開始時」までの間に1度だけ使える。 Each player's cycle is its own: the second seat's
    tool used in the first seat's turn leaves it none until its own next turn starts, while the first seat still has
    its own."""
    torch = bundled("古びた懐中電灯")
    state = past_setup(versus(deck_with(torch, torch), deck_with(torch, torch)))
    rules = _rules("kannagi")
    for p in (0, 1):
        give(state, p, "古びた懐中電灯")
        give(state, p, "古びた懐中電灯")
        soul(state, p, 1)
    assert rules._tool_used(state, 0) is False and rules._tool_used(state, 1) is False
    apply(state, {"type": "end_turn"})  # the end phase's declaration: both may answer
    while state["pending"]["type"] == "timing" and state["pending"]["player"] == 0:
        apply(state, SKIP)
    assert state["pending"] == {"type": "timing", "player": 1, "at": "end", "then": []}
    apply(state, {"type": "tool", "card": state["zones"]["p1.hand"][-1]})
    assert rules._tool_used(state, 1) and not rules._tool_used(state, 0)
    hand_limit(state)  # the second seat's turn begins: its cycle starts again
    assert state["active"] == 1 and not rules._tool_used(state, 1)
    assert any(a["type"] == "tool" for a in legal_actions(state))


def test_the_defender_takes_an_opponents_effect_damage_with_soul_cards():
    """・魂を除外する事でダメージを魂で受けられます。その場合1枚の魂につき1点の計算となります。このことを「防御」と言います。 Against a
    player, the damage of the opponent's effect (蝉しぐれの校庭's 攻撃時 1 damage) and of its attack (the place's power) are each
    the defender's decision: it exiles 魂 cards, one point each."""
    yard = bundled("蝉しぐれの校庭")
    state = past_setup(versus(deck_with(yard), deck_with()))
    place = give(state, 0, "蝉しぐれの校庭")
    soul(state, 1, 3)
    apply(state, {"type": "summon", "card": place})
    skip_tools(state)
    end_turn(state)
    end_turn(state)
    apply(state, {"type": "attack", "card": place})
    skip_tools(state)
    pending = state["pending"]
    assert pending["type"] == "defend" and pending["player"] == 1 and pending["source"] == place and "attack" not in pending
    assert decision(state)["player"] == 1
    souls = list(state["zones"]["p1.soul"])
    apply(state, {"type": "choose", "cards": souls[:1]})
    assert state["cards"][souls[0]]["zone"] == "p1.exile" and state["players"][1]["life"] == 30  # the effect's 1 point
    pending = state["pending"]  # ④ then the place's power: the attack's damage
    assert pending["type"] == "defend" and pending["player"] == 1 and pending["attack"] and pending["amount"] == 1
    apply(state, {"type": "choose", "cards": []})
    assert state["players"][1]["life"] == 29
    assert state["cards"][place]["zone"] == "p0.soul"  # ⑤ the place to its owner's 魂 after the attack


def test_clean_salt_needs_an_opponents_place_and_answers_its_declaration():
    """・対象及び、何かを選んで効果を発動する札は、選ぶ対象がない場合使用できない。 清めの塩 (対象: 相手の場所札): against the goldfish it
    never has a target; against a player it is usable while the opponent has a 場所札 face up on the field, and its holder is
    asked at the opponent's attack declaration. (Its 2 damage to that place is card text the data does not script: manual.)"""
    salt = bundled("清めの塩")
    house = card("家", power=2, keywords=("速攻",))
    summer = card("夏の魂", season=("夏",))  # (a 夏 card: 清めの塩 costs 3 with 夏 in 魂)
    state = past_setup(versus(deck_with(house), deck_with(salt, summer)))
    rules = _rules("kannagi")
    mine = give(state, 1, "清めの塩")
    give(state, 1, "夏の魂", to="soul")
    soul(state, 1, 2)
    assert rules.usable_tools(rules.as_seat(state, 1)) == []  # no place of seat 0's on the field yet
    place = give(state, 0, "家")
    apply(state, {"type": "summon", "card": place})
    while state["pending"] and state["pending"]["type"] == "timing" and state["pending"]["player"] == 0:
        apply(state, SKIP)
    if state["pending"]:  # (the place is not yet on the field at its summon's declaration)
        apply(state, SKIP)
    apply(state, {"type": "attack", "card": place})
    assert state["pending"]["type"] == "timing" and state["pending"]["player"] == 1
    assert decision(state)["candidates"] == [mine]
    apply(state, {"type": "tool", "card": mine})
    assert state["cards"][mine]["zone"] == "p1.soul"


def test_as_seat_relabels_the_game_so_seat_0s_autopilot_plays_seat_1():
    """The autopilot, written for seat 0, plays the second seat through as_seat: the relabelled game has seat 1's zones
    as p0's, its turn and decisions as seat 0's, instance ids kept; relabelling twice gives the game back."""
    state = past_setup(versus(deck_with(), deck_with()))
    end_turn(state)
    rules = _rules("kannagi")
    mirrored = rules.as_seat(state, 1)
    assert mirrored["active"] == 0 and mirrored["zones"]["p0.hand"] == state["zones"]["p1.hand"]
    assert mirrored["flags"]["turns"] == state["flags"]["turns"][::-1] and mirrored["turn"] == 1
    assert all(c["owner"] == 1 - state["cards"][i]["owner"] for i, c in mirrored["cards"].items())
    back = rules.as_seat(mirrored, 1)
    assert back["zones"] == state["zones"] and back["cards"] == state["cards"] and back["flags"] == state["flags"]
    choice = get_game("kannagi").pilot.choose(mirrored)
    assert offers(legal_actions(state), choice)  # the autopilot's choice for seat 0 of the relabelled game is seat 1's legal action


def test_each_seat_sees_its_own_hand_only():
    """①非公開手札:引いた札は対戦相手に見せず手札にします。 With two real seats, each view names its own hand and not the other's."""
    state = past_setup(versus(deck_with(), deck_with()))
    for seat in (0, 1):
        seen = view(state, seat)
        own = seen["zones"][f"p{seat}.hand"]
        other = seen["zones"][f"p{1 - seat}.hand"]
        assert own == state["zones"][f"p{seat}.hand"] and all(seen["cards"][i]["def"] == state["cards"][i]["def"] for i in own)
        assert other == [None] * len(state["zones"][f"p{1 - seat}.hand"])
        assert not set(state["zones"][f"p{1 - seat}.hand"]) & set(seen["cards"])


def test_the_versus_playthrough_plays_the_opponent_only_rules():
    """The recorded versus game (tests/golden/kannagi-versus-seed1.json): ①【場所札】攻撃フェイズを宣言したら相手に【道具札】の使用が
    ないか確認します (a seat's tool used in the other seat's turn, in answer to its declaration; 清めの塩 among them, the opponent's
    place its target) / 防御 (・魂を除外する事でダメージを魂で受けられます) against the opponent's effects (蝉しぐれの校庭's 攻撃時,
    発狂人形の家's ■不屈 after a 防御) and attacks, by both seats / ③相手の効果とターンを行っているプレイヤーの効果…: every
    decision is taken by the seat the rules name."""
    golden = json.loads((HERE / "kannagi-versus-seed1.json").read_text(encoding="utf-8"))
    setup = golden["setup"]
    assert setup["seats"] == SEATS and all(len(d) == 40 for d in setup["decks"])
    state = new_game(setup["game"], setup["decks"], setup["seed"], setup["options"], setup["seats"])
    answered, effect_defends, attack_defends, stubborn, turns = [], set(), set(), False, set()
    for action in golden["actions"]:
        active, pending = state["active"], state["pending"]
        events = apply(state, action)
        seat = state["log"][-1]["seat"]
        assert seat == (pending["player"] if pending else active)
        for e in events:
            if e["type"] == "turn":
                turns.add(e["player"])
            if e["type"] == "tool" and seat != active:
                answered.append((names(state, [e["card"]])[0], pending["at"]))
            if e["type"] == "defend" and e["cards"]:
                source = state["cards"][pending["source"]]
                assert pending["player"] == e["player"] and source["owner"] != e["player"]  # the opponent's effect or attack
                (attack_defends if pending.get("attack") else effect_defends).add(e["player"])
                stubborn |= names(state, [pending["source"]]) == ["発狂人形の家"]
    assert turns == {0, 1}
    assert ("清めの塩", "possess") in answered and len(answered) >= 2
    assert effect_defends == {0, 1} and attack_defends == {0, 1} and stubborn
    assert state["result"] is not None


def test_a_player_seat_given_no_deck_plays_a_copy_of_the_first_deck():
    """自分のデッキと対戦相手のデッキ、各40枚以上: both players have a deck. Two player seats with one deck given (a mirror):
    the second seat plays a copy of it, its own instances; the goldfish game of the same deck keeps no deck for seat 1."""
    deck = deck_with(card("家", power=3))
    state = new_game("kannagi", [deck], seed=2, options={"first": "player"}, seats=SEATS)
    mine = sorted(state["cards"][i]["def"] for z in ("deck", "hand") for i in state["zones"][f"p0.{z}"])
    theirs = sorted(state["cards"][i]["def"] for z in ("deck", "hand") for i in state["zones"][f"p1.{z}"])
    assert mine == theirs and len(theirs) == 40
    assert not set(state["zones"]["p0.deck"]) & set(state["zones"]["p1.deck"])
    goldfish = new_game("kannagi", [deck], seed=2, options={"first": "player"})
    assert goldfish["zones"]["p1.deck"] == [] and goldfish["players"][1]["goldfish"]


# -- the strong AI's outlook (issue 34) ------------------------------------------------------------------------


def test_the_outlook_prefers_more_deck_left_for_the_seat_than_for_its_opponent():
    """・相手がドロー(札を引く)する際や効果によって山札から札を移動する際に山札がない (a win) / ③「ドローフェイズ」山札の上から札を1枚
    引きます。先攻1ターン目にはできません。 The outlook of an unfinished game is mostly the race to an empty deck: at equal decks in
    the first player's first main phase the second player draws next and runs out first, so the first player is ahead;
    a card more drawn by the first player turns it round. What is one seat's outlook is the other's loss."""
    rules = _rules("kannagi")
    state = past_setup(versus(deck_with(), deck_with()))
    assert state["active"] == 0 and len(state["zones"]["p0.deck"]) == len(state["zones"]["p1.deck"])
    even = rules.outlook(state, 0)
    assert even > 0.5 and abs(even + rules.outlook(state, 1) - 1) < 1e-9
    apply(state, {"type": "manual.move", "card": state["zones"]["p0.deck"][-1], "to": "p0.hand"})  # one card drawn
    behind = rules.outlook(state, 0)
    assert behind < 0.5 < rules.outlook(state, 1)
    end_turn(state)  # the second player draws its card: the race is where it was (the hand limit's card to 魂 aside)
    assert state["active"] == 1 and abs(rules.outlook(state, 0) - behind) < 0.05 and rules.outlook(state, 0) < 0.5


def test_the_outlook_prefers_more_life_and_soul_at_the_same_deck_race():
    """・魂を除外する事でダメージを魂で受けられます…このことを「防御」と言います。 / ・相手の30点のライフを0点にする。 At the same
    decks, more life or more 魂 (what 防御 exiles in place of damage) is better for the seat, worse for its opponent."""
    rules = _rules("kannagi")
    state = past_setup(versus(deck_with(), deck_with()))
    base = rules.outlook(state, 0)
    state["players"][0]["life"] += 2
    healed = rules.outlook(state, 0)
    assert healed > base and rules.outlook(state, 1) < 1 - base + 1e-12
    for iid in state["zones"]["p1.hand"][:3]:  # 3 cards of the opponent's hand to its 魂 (the decks as they were)
        apply(state, {"type": "manual.move", "card": iid, "to": "p1.soul"})
    guarded = rules.outlook(state, 0)
    assert guarded < healed
    state["players"][1]["life"] += 5
    assert rules.outlook(state, 0) < guarded


def test_the_outlook_reads_only_what_the_seat_sees():
    """①非公開手札: two games that differ only in the cards seat 0 cannot see (the opponent's hand, the order and cards
    of the decks) look the same to it, and so does the game the strong AI makes of its view (versus.determinize)."""
    from rules.engine.versus import determinize

    rules = _rules("kannagi")
    house = card("家", power=3)
    state = past_setup(versus(deck_with(house, house), deck_with(house)))
    other = json.loads(json.dumps(state))
    zones = other["zones"]
    theirs, deck = zones["p1.hand"], zones["p1.deck"]
    theirs[0], deck[0] = deck[0], theirs[0]  # a card of the opponent's hand changed for one of its deck
    for i in (theirs[0], deck[0]):
        other["cards"][i]["zone"] = "p1.hand" if i == theirs[0] else "p1.deck"
    zones["p0.deck"].reverse()
    assert other["zones"] != state["zones"]
    assert rules.outlook(other, 0) == rules.outlook(state, 0) == rules.outlook(determinize(state, 0, salt=3), 0)


def test_the_strong_level_keeps_its_torch_where_the_heuristic_draws_with_it():
    """・相手がドロー(札を引く)する際…山札がない (a loss for whoever draws): 古びた懐中電灯 (カードを1枚引く) brings the seat's own
    empty deck a card nearer. In its main phase with the torch payable, the heuristic uses it first; the strong level,
    judging each action by the outlook, plays something else."""
    from rules.engine.versus import SeatAI

    torch = bundled("古びた懐中電灯")
    state = past_setup(versus(deck_with(torch), deck_with(torch)))
    lamp = give(state, 0, "古びた懐中電灯")
    soul(state, 0, 1)  # 魂 pays its cost 1
    assert SeatAI("kannagi", "heuristic").choose(state, 0) == {"type": "tool", "card": lamp}
    choice = SeatAI("kannagi", "strong").choose(state, 0)
    assert offers(legal_actions(state), choice) and choice.get("card") != lamp
