"""Time Storm by 徹夜朗読会 (seed 001): card types and fields."""

from __future__ import annotations

from ...declare.base import CardGroup, CardType, DrawRules, GameDef
from ...declare.fields import BOOL, Field
from ...declare.regulation import Regulation, SectionRule
from ...declare.script import script_field
from .face import FACE
from .options import OPTIONS
from .shares import POOLING
from .table import TABLE
from .vocabulary import VOCABULARY

ENTRY = SectionRule("entry", "持ち寄り", "Entry", min=1, headers=("勝利条件", "エントリー", "Win condition"))
# The basic cards of the shared deck in the standard format: the bundled Battery and sample set (no card
# list of the game is public). Editors change this on the regulation.
BASIC = (
    ("バッテリー", 12),
    ("情報整理", 3),
    ("時間泥棒", 3),
    ("未来予知", 3),
    ("時の巻き戻し", 2),
    ("時間停止", 3),
    ("とっさの閃き", 3),
    ("一瞬の猶予", 3),
    ("時限装置", 2),
)

GAME = GameDef(
    package=__name__,
    slug="timestorm",
    name_ja="Time Storm（タイムストーム）",
    name_en="Time Storm",
    order=2,
    colour="#1f5f7a",
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
        # played = when the card resolves; drawn = a Trigger's "when you draw this card"
        script_field(whens=("played", "drawn"), zones=("deck", "hand", "field", "discard")),
    ),
    stat_fields=("win_condition",),
    list_fields=("win_condition",),
    regulations=(
        # Each player's entry is one kind of win-condition card; the shared deck is the basic cards plus
        # every player's chosen kind.
        Regulation(
            "基本ルール",
            "Standard",
            code="base",
            sections=(ENTRY,),
            options={"entry": "win_condition"},
            basic=BASIC,
        ),
        # バリアント: each player brings any 13 cards; all of them together are the shared deck.
        Regulation(
            "バリアント（13枚持ち寄り）",
            "Variant: 13-card pooling",
            code=POOLING,
            sections=(SectionRule("entry", "持ち寄り", "Entry", min=13, max=13, headers=ENTRY.headers),),
            options={"entry": "any"},
        ),
    ),
    draw=DrawRules(opening=6, section="shared"),
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
    options=OPTIONS,
    vocabulary=VOCABULARY,
    face=FACE,
    table=TABLE,
    play=".play:TimestormRules",
    autopilot=".autopilot:Autopilot",
    key_cards=CardGroup("win_conditions", "勝利条件カード", "win-condition cards", flags=("win_condition",)),
    card_groups=(CardGroup("batteries", "バッテリー", "batteries", types=("Battery",)),),
    search_examples=(
        ("t:アクション", "アクションカード", "Action cards"),
        ("勝利条件カード:はい", "勝利条件カード", "Win-condition cards"),
        ("-t:バッテリー 並び:コスト", "バッテリー以外をコスト順に", "Everything but batteries, by cost"),
    ),
    pools=True,
    construction=".construction:check",
    words=".construction:WORDS",
    # an entry: one kind of win-condition card, or any cards
    regulation_options={"entry": ("win_condition", "any")},
)
