"""Golden playthroughs: recorded games (seed + actions) that must replay to the same digests, result and
final state. A deliberate change to the rules re-records them: `RECORD_GOLDEN=1 pytest tests/test_engine_golden.py`
(then review the diff of tests/golden/*.json: it is the change's effect on whole games).

Each file holds its decks, so edits to the bundled card data do not move them; the games are played by
a simple greedy policy (the strongest-looking legal action first), so they reach a result."""

import json
import os
from pathlib import Path

import pytest

from rules.declare.samples import bundled_cards, sample_deck, timestorm_decks
from rules.engine import apply, check_invariants, digest, legal_actions, new_game, replay, undo

HERE = Path(__file__).resolve().parent / "golden"
PREFERENCE = {
    "kannagi": ["potential_done", "hand_limit", "zero_search", "attack", "summon", "deploy", "possess", "tool", "choose", "end_turn"],
    "timestorm": ["choose", "battery", "play", "pass"],
    "original": ["pay", "pass", "target", "draw_support", "move", "summon", "deploy", "cast", "effect", "store", "draw_paid", "next_phase", "end_turn", "destroy", "cancel"],
    # (the answers to an attack on the player come before a play: only a versus game declares one on its own)
    "manacard": ["pay_mana", "pay_skill", "reversal", "reveal", "reveal_skill", "mana_to_hand", "block", "summon_block", "defend", "play", "pass", "choose", "no_reversal", "cancel", "let_resolve"],
    "vision": ["defend", "graze", "weather_choice", "discard", "upkeep", "pay", "choose", "node", "play", "attack", "end_turn", "destroy", "no_graze"],
}

# original in versus: an effect (a 対抗 answer when the right to respond is held) before passing, curses and lands
# before soldiers; both seats play one deck of answers (静寂の結界 against the other seat's 疾風の伝令鳥, 岩肌の番兵, …)
ORIGINAL_VERSUS = ["pay", "target", "effect", "pass", "draw_support", "cast", "deploy", "move", "summon", "store", "draw_paid", "next_phase", "end_turn", "destroy", "cancel"]
ORIGINAL_ANSWERS = {"クレイジー・ジャックの戦闘術": 6, "岩肌の番兵": 6, "ギルビアの炎剣術士": 6, "古き水車の村": 4, "静寂の結界": 8, "疾風の伝令鳥": 10, "薄明の癒し手": 12, "潮騒の見習い術士": 8}


def original_answers():
    cards = bundled_cards("original")
    deck = [cards[name] for name, count in ORIGINAL_ANSWERS.items() for _ in range(count)]
    return [deck, list(deck)]


def tie(action):
    """Among actions of one type: a soldier's move as far forward as it goes, manacard's attack before mana."""
    if action["type"] == "move" and "pos" in action:
        return -action["pos"][0]
    if action["type"] == "pass" and "option" in action:
        return {"attack": 0, "mana": 1}.get(action["option"], 2)
    return 0


def kannagi_deck():
    cards = bundled_cards("kannagi")
    names = sorted(cards)
    return [cards[n] for i, n in enumerate(names) for _ in range(2 if i % 2 else 1)][:40]


def kannagi_versus_decks():
    """Two 40-card decks of bundled cards for the versus playthrough: 夏 effects that deal damage (蝉しぐれの校庭,
    囁く黒髪, 発狂人形の家's 不屈) and 清めの塩 (its target: the opponent's 場所札) on both sides."""
    cards = bundled_cards("kannagi")

    def deck(spec):
        return [cards[n] for n, k in spec for _ in range(k)]

    return [
        deck([("蝉しぐれの校庭", 4), ("囁く黒髪", 4), ("発狂人形の家", 4), ("清めの塩", 4), ("無人の踏切", 4), ("鉄の風", 4), ("ねこやま", 4),
              ("花火の河川敷", 4), ("古びた懐中電灯", 4), ("雪見の渡り廊下", 4)]),
        deck([("桜並木の小径", 4), ("清めの塩", 4), ("無人の踏切", 4), ("鉄の風", 4), ("ねこやま", 4), ("春霞の丘", 3), ("手作りのお守り", 4),
              ("袖を引く手", 4), ("雪見の渡り廊下", 4), ("蝉しぐれの校庭", 4), ("紅葉の石段", 1)]),
    ]


def manacard_fast_decks():
    """The manacard sample for both seats, seat 1's 火の玉 printed with 素早さ 2 (a card of the test's own)."""
    deck = sample_deck("manacard")[0]
    fast = []
    for card in deck:
        if card.get("name") == "火の玉":
            card = dict(card, key="test:速攻の火の玉", name="速攻の火の玉", fields=dict(card.get("fields") or {}, speed=2))
        fast.append(card)
    return [deck, fast]


GAMES = {
    "kannagi-greedy-seed7": ("kannagi", lambda: [kannagi_deck()], 7, {}),
    "kannagi-all-seasons-seed21": ("kannagi", lambda: [kannagi_deck()], 21, {"mixed_season": "all"}),
    "timestorm-greedy-seed3": ("timestorm", timestorm_decks, 3, {}),
    "timestorm-three-players-seed11": ("timestorm", lambda: timestorm_decks() + [[]], 11, {"first": "goldfish", "auto_pass": "never"}),
    "original-decked-seed3": ("original", lambda: sample_deck("original"), 3, {}),
    "original-adjacent-seed7": ("original", lambda: sample_deck("original"), 7, {"movement": "adjacent", "goldfish_power": 3}),
    "manacard-greedy-seed7": ("manacard", lambda: sample_deck("manacard"), 7, {}),
    "manacard-goldfish-first-seed3": ("manacard", lambda: sample_deck("manacard"), 3, {"first": "goldfish", "goldfish_hp": 30}),
    "vision-weather-seed3": ("vision", lambda: sample_deck("vision"), 3, {}),
    "vision-decked-seed7": ("vision", lambda: sample_deck("vision"), 7, {"weather_at_start": False}),
    # issue 34: both seats real players (new_game's seats), each playing its cards by the same greedy policy
    "timestorm-versus-seed1": ("timestorm", timestorm_decks, 1, {"auto_pass": "never"}, ["player", "player"]),
    # vision's second seat a player with the sample deck: defending, and the weathers that hit both players
    "vision-versus-seed12": ("vision", lambda: sample_deck("vision") * 2, 12, {}, ["player", "player"]),
    "vision-versus-seed17": ("vision", lambda: sample_deck("vision") * 2, 17, {}, ["player", "player"]),
    "kannagi-versus-seed1": ("kannagi", kannagi_versus_decks, 1, {}, ["player", "player"]),
    "manacard-versus-seed1": ("manacard", lambda: sample_deck("manacard") * 2, 1, {}, ["player", "player"]),
    # seat 1's 火の玉 printed with 素早さ 2: it interrupts seat 0's skills (seed 004 line 42, 割り込み)
    "manacard-versus-interrupt-seed4": ("manacard", manacard_fast_decks, 4, {}, ["player", "player"]),
    # (original: each seat answers with a 対抗 effect it can pay for before passing, its own preference order)
    "original-versus-seed4": ("original", original_answers, 4, {}, ["player", "player"], ORIGINAL_VERSUS),
}


def play(game, decks, seed, options, seats=None, order=None):
    state = new_game(game, decks, seed=seed, options=options, seats=seats)
    order = order or PREFERENCE[game]
    while state["result"] is None and len(state["log"]) < 1500:
        actions = legal_actions(state)
        action = min(actions, key=lambda a: (order.index(a["type"]), tie(a), json.dumps(a, sort_keys=True)))
        apply(state, action)
    return state


def summary(state):
    return {
        "result": state["result"],
        "life": [p["life"] for p in state["players"]],
        "lost": [p["lost"] for p in state["players"]],
        "zones": {name: len(ids) for name, ids in sorted(state["zones"].items())},
    }


def record(name):
    game, decks, seed, options, *seats = GAMES[name]
    state = play(game, decks(), seed, options, *seats)
    actions = [entry["action"] for entry in state["log"]]
    checkpoints = []
    for n in sorted({len(actions) // 4, len(actions) // 2, (3 * len(actions)) // 4}):
        checkpoints.append({"after": n, "digest": digest(replay(state["setup"], actions[:n]))})
    return {"setup": state["setup"], "actions": actions, "checkpoints": checkpoints, "digest": digest(state), "final": summary(state)}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_recorded_game_replays_to_the_same_digests_and_final_state(name):
    path = HERE / f"{name}.json"
    if os.environ.get("RECORD_GOLDEN"):
        path.write_text(json.dumps(record(name), ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    golden = json.loads(path.read_text(encoding="utf-8"))
    setup, actions = golden["setup"], golden["actions"]
    for point in golden["checkpoints"]:
        assert digest(replay(setup, actions[: point["after"]])) == point["digest"], f"diverged by action {point['after']}"
    state = replay(setup, actions)
    check_invariants(state)
    assert digest(state) == golden["digest"]
    assert summary(state) == golden["final"]
    assert state["result"] is not None  # every recorded game ends
    point = golden["checkpoints"][0]
    assert digest(undo(state, len(actions) - point["after"])) == point["digest"]


def test_time_storms_other_player_plays_its_cards_with_priority_in_the_versus_playthrough():
    """Seed 001: ・クイックアクションは優先権がある場合、表記のコストを支払い、いつでもプレイすることができる。
    ・優先権はターンプレイヤーから始まり、何もしない(優先権を放棄する)と時計回りに次のプレイヤーに移っていく。
    ・プレイされたカードは、すべてのプレイヤーが優先権を連続してパスしたとき、一番最後にプレイされたカード効果が解決される。
    With a real second seat (not a goldfish that always passes), the recorded game has seat 1 playing cards:
    batteries and actions in its own turns, and a card played by the seat that is not the turn player (a quick action
    with priority passed on to it); every play resolves only after both seats passed in a row."""
    golden = json.loads((HERE / "timestorm-versus-seed1.json").read_text(encoding="utf-8"))
    setup = golden["setup"]
    assert setup["seats"] == ["player", "player"]
    state = new_game(setup["game"], setup["decks"], setup["seed"], setup["options"], setup["seats"])
    plays, answered, passes = [], False, []
    for action in golden["actions"]:
        active = state["active"]
        assert state["pending"] or state["priority"] in (0, 1)  # a seat holding priority acts, never the engine
        events = apply(state, action)
        for event in events:
            if event["type"] == "play":
                plays.append(event["player"])
                answered |= event["player"] != active
            if event["type"] == "pass":
                passes.append(event["player"])
            if event["type"] == "resolve":
                assert passes[-2:] in ([0, 1], [1, 0])  # both passed in a row before it resolved
    assert plays.count(1) >= 3 and plays.count(0) >= 3 and answered
    assert digest(state) == golden["digest"]
