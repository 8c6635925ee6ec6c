"""The player's words for kannagi's zones, phases, actions and decisions."""

from ..vocabulary import (
    ATTACK,
    DECK,
    DEPLOY,
    DRAW_PHASE,
    END_PHASE,
    END_TURN,
    EXILE,
    FIELD,
    HAND,
    MAIN_PHASE,
    SUMMON,
    Label,
    Vocabulary,
)

ZERO_SEARCH = Label("零探し", "零探し (redraw)")

VOCABULARY = Vocabulary(
    zones={
        "deck": DECK,
        "hand": HAND,
        "field": FIELD,
        "soul": Label("魂", "魂 (soul)"),
        "exile": EXILE,
        "reveal": Label("手札公開場", "Revealed hand"),
    },
    # 魂 is seen by its owner only; the revealed hand is open to both. The field is open to both, but a
    # face-down card on it (a possessing 怪異札) is seen by its owner only (the engine's view).
    hidden=frozenset({"deck", "hand", "soul"}),
    phases={
        "zero_search": ZERO_SEARCH,
        "start": Label("ターン開始フェイズ", "Turn start"),
        "recovery": Label("回復フェイズ", "Recovery phase"),
        "draw": DRAW_PHASE,
        "main": MAIN_PHASE,
        "end": END_PHASE,
        "goldfish": Label("相手のターン", "The goldfish's turn"),
    },
    actions={
        "zero_search": ZERO_SEARCH,
        "potential_done": Label("潜在能力を終える", "Done with ■潜在能力"),
        "summon": SUMMON,
        "attack": ATTACK,
        "possess": Label("憑依", "Possess"),
        "deploy": DEPLOY,
        "tool": Label("道具札を使う", "Use a tool"),
        "end_turn": END_TURN,
        "hand_limit": Label("魂に置く（手札上限）", "Put into 魂 (hand limit)"),
    },
    options={"skip": Label("（今は使わない）", "(not now)")},
    decisions={
        "zero_search": Label(
            "零探し: 山札の下に置く札を選んで（選ばなくても可）決定してください。",
            "零探し: choose the cards to put at the bottom of your deck (or none), then confirm.",
        ),
        "potential": Label(
            "■潜在能力: 持っている場所札を召喚するか、先に進んでください。",
            "■潜在能力: summon places that have it, or go on.",
        ),
        "hand_limit": Label(
            "手札上限: 魂に置く札を選んで決定してください。",
            "Hand limit: choose the cards to put into 魂, then confirm.",
        ),
        "timing": Label(
            "宣言がありました: 道具札を使うなら選んでください（使わなければ先に進みます）。",
            "A declaration: choose a tool to use now, or go on without one.",
        ),
        "god": Label(
            "神のルール: 同名の”神”の札のどちらを魂に置くか選んでください。",
            "神 rule: choose which of the two same-name 神 cards goes to 魂.",
        ),
        "defend": Label(
            "防御: ダメージを受ける代わりに除外する魂を選んでください（1枚につき1点）。",
            "Defence: choose 魂 cards to exile instead of taking damage (1 point each).",
        ),
        "order": Label(
            "同時に発動した効果: 先に発動する札を選んでください。",
            "Effects at the same time: choose the card whose effect goes first.",
        ),
    },
)
