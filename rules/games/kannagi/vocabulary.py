"""The player's words for kannagi's zones, phases, actions and decisions."""

from ..vocabulary import (
    ATTACK,
    DECK,
    DEPLOY,
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
    # 魂 is seen by its owner only; the revealed hand is open to both.
    hidden=frozenset({"deck", "hand", "soul"}),
    phases={
        "zero_search": ZERO_SEARCH,
        "main": MAIN_PHASE,
        "end": END_PHASE,
    },
    actions={
        "zero_search": ZERO_SEARCH,
        "potential": Label("潜在能力で召喚", "Summon with ■潜在能力"),
        "potential_done": Label("潜在能力を終える", "Done with ■潜在能力"),
        "summon": SUMMON,
        "attack": ATTACK,
        "possess": Label("憑依", "Possess"),
        "deploy": DEPLOY,
        "tool": Label("使用", "Use"),
        "end_turn": END_TURN,
        "hand_limit": Label("魂に置く（手札上限）", "Put into 魂 (hand limit)"),
    },
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
    },
)
