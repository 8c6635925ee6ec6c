"""東方VISION with the 非想天則 weather rule (seed 000): card types and fields."""

from __future__ import annotations

from ...declare.base import CardGroup, CardType, DrawRules, GameDef
from ...declare.fields import CHOICE, INT, LIMIT, RECORDS, STR, STRINGS, TEXT, Field
from ...declare.regulation import Regulation, SectionRule
from ...declare.script import script_field
from .face import FACE
from .options import OPTIONS
from .table import TABLE
from .vocabulary import VOCABULARY

CHARACTER, SPELL, COMMAND, WEATHER = "キャラクター", "スペル", "コマンド", "天候"
PLAYABLE = (CHARACTER, SPELL, COMMAND)
WEATHER_KINDS = ("自動α", "自動γ")

GAME = GameDef(
    package=__name__,
    slug="vision",
    name_ja="東方VISION（非想天則ルール）",
    name_en="Touhou VISION (Hisoutensoku weather rule)",
    order=1,
    colour="#5b3a8c",
    card_types=(
        CardType(CHARACTER, "キャラクター", "Character"),
        CardType(SPELL, "スペル", "Spell"),
        CardType(COMMAND, "コマンド", "Command"),
        CardType(WEATHER, "天候", "Weather"),
    ),
    fields=(
        Field(
            "required_nodes",
            INT,
            "必要ノード",
            "Required nodes",
            min=0,
            max=99,
            types=PLAYABLE,
            required_for=PLAYABLE,
            help_en="Nodes you must have (active and sleeping both count) to play the card.",
            help_ja="プレイに必要なノードの数（アクティブ・スリープとも数える）。",
        ),
        Field("attack", INT, "攻撃力", "Attack", min=0, max=99, types=(CHARACTER,), required_for=(CHARACTER,)),
        Field("defence", INT, "耐久力", "Defence", min=0, max=99, types=(CHARACTER,), required_for=(CHARACTER,)),
        Field(
            "graze",
            INT,
            "GRAZE",
            "GRAZE",
            min=0,
            max=99,
            types=(CHARACTER,),
            help_en="Cards the damaged player may add from their deck to their nodes.",
            help_ja="戦闘ダメージを受けたプレイヤーがデッキからノードに置ける枚数。",
        ),
        Field("race", STRINGS, "種族", "Race", types=(CHARACTER,), help_en="e.g. 人間, 妖怪.", help_ja="例：人間、妖怪。"),
        Field("upkeep", INT, "維持コスト", "Upkeep", min=0, max=99, types=PLAYABLE),
        Field("caster", STR, "術者", "Caster", types=(SPELL,), help_en="The character who casts this spell.", help_ja="このスペルを使うキャラクター。"),
        Field(
            "weather_effects",
            RECORDS,
            "天候効果",
            "Weather effects",
            types=(WEATHER,),
            required_for=(WEATHER,),
            subfields=(
                Field("kind", CHOICE, "種別", "Kind", choices=WEATHER_KINDS, required=True),
                Field("text", TEXT, "効果", "Text", required=True),
            ),
            help_en="Each rule the weather adds: 自動α (continuous) or 自動γ (triggered), with its text.",
            help_ja="天候が加えるルール。自動α（常在）または自動γ（誘発）と本文。",
        ),
        Field("copy_limit", LIMIT, "枚数制限", "Copy limit", types=PLAYABLE),
        # played = when the card is played (a character: when it enters the field so); attack = when it attacks
        script_field(whens=("played", "attack"), zones=("deck", "hand", "field", "nodes", "discard", "exile")),
    ),
    regulations=(
        Regulation(
            "基本ルール＋非想天則天候ルール",
            "Base rules with the Hisoutensoku weather rule",
            code="base",
            sections=(
                SectionRule(
                    "main", "メイン", "Main", min=50, max=50, card_types=PLAYABLE, headers=("デッキ", "メインデッキ", "Deck", "Main deck")
                ),
                # The weather cards in use; a new deck starts with all of them, one each.
                SectionRule("weather", "天候", "Weather", min=1, card_types=(WEATHER,), headers=("天候デッキ", "Weather deck")),
            ),
            copy_limit=3,
            type_limits={WEATHER: 1},
        ),
    ),
    draw=DrawRules(opening=7),
    known_keywords=("速攻", "先制", "貫通", "奇襲", "隠密", "マナチャージ", "世界呪符"),
    stat_fields=("race",),
    list_fields=("required_nodes", "attack", "defence"),
    summary_ja=(
        "東方VISIONの基本ルール（デッキ50枚・同名3枚まで、ライフ25、初手7枚、アクティブ→メンテナンス→ドロー→"
        "メイン→ディスカードのフェイズ、1ターンに1枚のノード設置、必要ノードとコスト、GRAZE）に、"
        "非想天則の天候ルールを加えます。天候デッキと天候エリアを用意し、4ターン目ごとのターン終了後に"
        "天候を入れ替えます。天候エリアにある天候カードの文章がルールに加わります。"
    ),
    summary_en=(
        "The Touhou VISION base game (50-card decks, at most 3 of a name, 25 life, 7-card hands; active, "
        "maintenance, draw, main and discard phases; one node a turn; required nodes and cost; GRAZE) with the "
        "Hisoutensoku weather rule: a weather deck and a weather area, the weather changing after the end of "
        "every fourth turn, and the text of each weather in the area added to the rules."
    ),
    options=OPTIONS,
    vocabulary=VOCABULARY,
    face=FACE,
    table=TABLE,
    play=".play:VisionRules",
    autopilot=".autopilot:Autopilot",
    key_cards=CardGroup(
        "early_characters",
        "必要ノード1以下のキャラクター",
        "characters needing 1 node or less",
        types=(CHARACTER,),
        at_most=(("required_nodes", 1),),
    ),
    search_examples=(
        ("t:キャラクター ノード<=2", "必要ノード2以下のキャラクター", "Characters needing 2 nodes or fewer"),
        ("race:妖怪 攻撃>=3", "攻撃力3以上の妖怪", "妖怪 with attack 3 or more"),
        ("t:天候 天候効果:ダメージ", "効果にダメージのある天候", "Weathers whose effect mentions damage"),
        ("t:キャラクター 並び:攻撃 順:降順", "キャラクターを攻撃力の高い順に", "Characters by attack, highest first"),
    ),
    construction=".construction:check",
)
