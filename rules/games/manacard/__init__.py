"""異世界TCG マナカード (seed 004): card types and fields."""

from __future__ import annotations

from ..base import CardType, DrawRules, GameDef
from ..fields import BOOL, CHOICE, INT, LIMIT, Field
from ..regulation import Regulation, SectionRule

UNIT = "ユニット"
DECKS = ("main", "skill", "status")
DISTANCES = ("近", "中", "遠")

GAME = GameDef(
    slug="manacard",
    name_ja="異世界TCG マナカード",
    name_en="Isekai TCG Mana Card",
    order=5,
    card_types=(
        CardType(UNIT, "ユニット", "Unit"),
        CardType("アイテム", "アイテム", "Item"),
        CardType("装備品", "装備品", "Equipment"),
        CardType("魔法", "魔法", "Magic"),
        CardType("技能", "技能", "Technique"),
        CardType("ステータス", "ステータス", "Status"),
    ),
    fields=(
        Field(
            "deck",
            CHOICE,
            "デッキ",
            "Deck",
            choices=DECKS,
            choice_labels={
                "main": ("メインデッキ", "Main deck"),
                "skill": ("スキルデッキ", "Skill deck"),
                "status": ("ステータス", "Status"),
            },
            required_for=(UNIT, "アイテム", "装備品", "魔法", "技能", "ステータス"),
            help_en="Which deck the card goes in: main (HP), skill (MP) or status.",
            help_ja="入れるデッキ：メイン（HP）、スキル（MP）、ステータス。",
        ),
        Field("distance", CHOICE, "距離", "Distance", choices=DISTANCES, types=(UNIT,), required_for=(UNIT,)),
        Field("attack", INT, "攻撃力", "Attack", min=0, max=99, types=(UNIT,), required_for=(UNIT,)),
        Field("hp", INT, "体力", "HP", min=0, max=99, types=(UNIT,), required_for=(UNIT,)),
        Field("speed", INT, "素早さ", "Speed", min=0, max=99, types=(UNIT,), required_for=(UNIT,)),
        Field(
            "blessing_level",
            INT,
            "恩恵スキルレベル",
            "Blessing skill level",
            min=1,
            max=10,
            help_en="For 【恩恵スキル】 cards: the levels of a deck add up to at most 10.",
            help_ja="【恩恵スキル】を持つ札のみ。デッキ全体で合計10まで。",
        ),
        Field(
            "unique",
            BOOL,
            "ユニーク",
            "Unique",
            help_en="【ユニーク】: at most one across main deck, skill deck and status cards.",
        ),
        Field("copy_limit", LIMIT, "枚数制限", "Copy limit"),
    ),
    regulations=(
        Regulation(
            "基本ルール",
            "Base rules",
            code="base",
            sections=(
                SectionRule("main", "メイン", "Main", min=50, max=50, headers=("メインデッキ", "HP", "Main deck")),
                SectionRule("skill", "スキル", "Skill", min=50, max=50, headers=("スキルデッキ", "MP", "Skill deck")),
                SectionRule("status", "ステータス", "Status", headers=("ステータスカード", "Status cards")),
            ),
            options={"blessing_max": 10},
        ),
    ),
    draw=DrawRules(opening=5, per_turn=0, first_player_skips_first_draw=False, second_player_extra=1),
    known_keywords=("恩恵スキル", "ユニーク", "逆転", "回復"),
    stat_fields=("distance",),
    list_fields=("deck", "distance", "attack", "hp", "speed"),
    summary_ja=(
        "メインデッキ（HP）50枚、スキルデッキ（MP）50枚、任意の枚数のステータスカードで遊びます。"
        "メインデッキから5枚をマナゾーンに置き、手札5枚（後攻6枚）で開始。行動権を交互に渡し合い、"
        "カードのコストはマナとスキルデッキから合計枚数で払います。攻撃がヒットするとその数だけメインデッキを"
        "裏向きで除外し、メインデッキが0枚になり【逆転】できなければ負けです。"
    ),
    summary_en=(
        "Play with a 50-card main deck (your HP), a 50-card skill deck (your MP) and any number of status "
        "cards. Put 5 main-deck cards in the mana zone and draw 5 (6 for the second player). The action right "
        "passes back and forth; costs are paid with cards from mana and from the skill deck. A hit exiles that "
        "many main-deck cards face down; when the main deck reaches 0 and you cannot use 【逆転】, you lose."
    ),
)
