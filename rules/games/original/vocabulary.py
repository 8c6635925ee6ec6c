"""The player's words for original's zones, phases, actions and decisions: its deck is 支援, its life 戦力,
and its board a grid of five rows."""

from ..vocabulary import (
    CANCEL,
    DEPLOY,
    DESTROY,
    END_PHASE,
    END_TURN,
    HAND,
    MAIN_PHASE,
    PASS,
    PAY,
    SUMMON,
    UPKEEP,
    Label,
    Vocabulary,
)

VOCABULARY = Vocabulary(
    zones={
        "deck": Label("支援", "支援 (deck)"),
        "hand": HAND,
        "power": Label("戦力", "戦力 (life)"),
        "storage": Label("倉庫", "倉庫 (storage)"),
        "discard": Label("墓地", "墓地 (discard)"),
        "board": Label("盤面", "Board"),
    },
    hidden=frozenset({"deck", "hand"}),
    phases={
        "refresh": Label("フェイズ①", "Phase ①"),
        "upkeep": Label("フェイズ①（維持コスト）", "Phase ① upkeep"),
        "main": MAIN_PHASE,
        "battle": Label("フェイズ②（戦闘）", "Phase ② battle"),
        "supply": Label("フェイズ③", "Phase ③"),
        "end": END_PHASE,
    },
    actions={
        "draw_support": Label("支援から1枚引く", "Draw 1 from 支援"),
        "store": Label("倉庫に出す", "Put into 倉庫"),
        "draw_paid": Label("倉庫を2枚使って1枚引く", "Use 2 倉庫 cards to draw 1"),
        "next_phase": Label("次のフェイズへ", "Next phase"),
        "end_turn": END_TURN,
        "summon": SUMMON,
        "cast": Label("詠唱", "Cast"),
        "deploy": DEPLOY,
        "move": Label("移動", "Move"),
        "effect": Label("効果を発動", "Use the effect"),
        "pass": PASS,
        "pay": PAY,
        "cancel": CANCEL,
        "destroy": DESTROY,
        "target": Label("対象を選ぶ", "Choose the target"),
    },
    decisions={
        "pay": Label(
            "コストの支払い方を選んでください（破棄した倉庫のカードは2枚分）。取り消しもできます。",
            "Pay the cost: choose a payment (a discarded 倉庫 card counts as 2), or cancel.",
        ),
        "upkeep": UPKEEP,
        "target": Label("効果の対象を選んでください。", "Choose the target of the effect."),
    },
    rows=(  # row 0 is the player's 倉庫, row 4 the enemy's
        Label("自陣倉庫", "Your 倉庫"),
        Label("自陣", "Your camp"),
        Label("戦場", "Battlefield"),
        Label("敵陣", "Enemy camp"),
        Label("敵陣倉庫", "Enemy 倉庫"),
    ),
    words={
        "unplaced": Label("マスの外", "Not on a square"),  # cards on the board without a square
        "effect": Label("効果", "Effect"),  # "Effect 2《name》": a card's numbered ■ effect
        "pay_tap": Label("使用", "tap"),  # a payment: the cards tapped …
        "pay_discard": Label("破棄", "discard"),  # … and the 倉庫 cards discarded
    },
    reasons={"power": Label("戦力切れ", "out of 戦力")},
)
