"""Time Storm by 徹夜朗読会 (seed 001): card types and fields."""

from __future__ import annotations

from ..base import CardType, GameDef
from ..fields import BOOL, Field

GAME = GameDef(
    slug="timestorm",
    name_ja="Time Storm（タイムストーム）",
    name_en="Time Storm",
    order=2,
    card_types=(
        CardType("Battery", "バッテリー", "Battery"),
        CardType("Action", "アクション", "Action"),
        CardType("QuickAction", "クイックアクション", "Quick action"),
        CardType("Trigger", "トリガー", "Trigger"),
    ),
    fields=(
        Field(
            "win_condition",
            BOOL,
            "勝利条件カード",
            "Win-condition card",
            help_en="Each player picks one kind of win-condition card for the shared deck.",
            help_ja="各プレイヤーは勝利条件カードを1種類選び、共有デッキに混ぜます。",
        ),
    ),
    list_fields=("win_condition",),
    summary_ja=(
        "全員で1つのデッキを共有するゲーム。各プレイヤーはバッテリー2枚を未使用で場に出し、勝利条件カードを"
        "1種類選んで基本のカードと混ぜ、手札6枚で始めます。ターンは再充電→メイン→ドロー→エンド。"
        "カードはスタックに積まれ、全員が優先権を続けてパスすると最後にプレイされたものから解決します。"
        "引くべきときにデッキが無いプレイヤーは敗北し、最後に残ったプレイヤーが勝ちます。"
    ),
    summary_en=(
        "All players share one deck. Each puts two unused batteries on the field, picks one kind of "
        "win-condition card to shuffle in with the basic cards, and starts with six cards. Turns run recharge, "
        "main, draw and end. Played cards wait on a stack and the newest resolves when every player passes "
        "priority in a row. A player who must draw from an empty deck loses; the last player standing wins."
    ),
)
