"""The player's words for vision's zones, phases, actions and decisions, and for its weather area."""

from ..vocabulary import (
    ATTACK,
    CHOOSE,
    DECK,
    DESTROY,
    DISCARD,
    DRAW_PHASE,
    END_PHASE,
    END_TURN,
    EXILE,
    FIELD,
    HAND,
    MAIN_PHASE,
    PAY,
    PLAY,
    UPKEEP,
    Label,
    Vocabulary,
)

VOCABULARY = Vocabulary(
    zones={
        "deck": DECK,
        "hand": HAND,
        "field": FIELD,
        "nodes": Label("ノード", "Nodes"),
        "discard": DISCARD,
        "exile": EXILE,
        "weather": Label("天候デッキ", "Weather deck"),
        "weather_area": Label("天候エリア", "Weather"),  # the shared area of the weather in force
    },
    # Nodes and the weather deck are seen by their owner only.
    hidden=frozenset({"deck", "hand", "nodes", "weather"}),
    phases={
        "active": Label("アクティブフェイズ", "Active phase"),
        "maintenance": Label("メンテナンスフェイズ", "Maintenance phase"),
        "draw": DRAW_PHASE,
        "main": MAIN_PHASE,
        "discard": Label("ディスカードフェイズ", "Discard phase"),
        "end": END_PHASE,
    },
    actions={
        "node": Label("ノードに置く", "Set as a node"),
        "play": PLAY,
        "attack": ATTACK,
        "end_turn": END_TURN,
        "pay": PAY,
        "destroy": DESTROY,
        "discard": DISCARD,
        "weather_choice": CHOOSE,
    },
    decisions={
        "upkeep": UPKEEP,
        "discard": Label("手札上限: 捨てるカードを選んで決定してください。", "Hand limit: choose the cards to discard, then confirm."),
        "weather_choice": Label("天候の効果: 1つ選んでください。", "The weather asks you to choose one."),
    },
    words={  # the weather area
        "weather_left": Label("あと%(n)sターン", "%(n)s turn(s) left"),
        "no_weather": Label("天候はありません。", "No weather in force."),
        "weather_auto": Label("自動で処理", "applied by the engine"),
        "weather_partial": Label("一部は手動", "partly by hand"),
        "weather_manual": Label("手動操作で適用", "apply it with the manual tools"),
    },
    reasons={"draw": Label("両者敗北", "both lost")},
)
