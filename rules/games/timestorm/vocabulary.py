"""The player's words for timestorm's zones, phases, actions and decisions."""

from ...declare.vocabulary import (
    DECK,
    DISCARD,
    DRAW_PHASE,
    END_PHASE,
    FIELD,
    HAND,
    MAIN_PHASE,
    PASS,
    PLAY,
    Label,
    Vocabulary,
)

VOCABULARY = Vocabulary(
    zones={
        "deck": DECK,  # the shared deck ("shared.deck")
        "stack": Label("スタック", "Stack"),  # the shared stack ("shared.stack")
        "hand": HAND,
        "field": FIELD,
        "discard": DISCARD,
    },
    hidden=frozenset({"deck", "hand"}),
    phases={
        "recharge": Label("再充電フェイズ", "Recharge phase"),
        "main": MAIN_PHASE,
        "draw": DRAW_PHASE,
        "end": END_PHASE,
    },
    actions={
        "play": PLAY,
        "battery": Label("バッテリーとして置く", "Put as a battery"),
        "pass": PASS,
    },
    turn_count="every",  # state["turn"] counts every player's turn
    events={},
    decisions={},
)
