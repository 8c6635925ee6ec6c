"""The 兵・呪術・土地 game, "オリジナルカードゲーム" (seed 003): card types and fields."""

from __future__ import annotations

from ...declare.base import CardGroup, CardType, DrawRules, GameDef
from ...declare.fields import BOOL, CHOICE, CHOICES, INT, LIMIT, LIST_SPLIT, RECORDS, STR, TEXT, Field
from ...declare.regulation import Regulation, SectionRule
from .face import FACE
from .options import OPTIONS
from .script import SCRIPT
from .table import TABLE
from .vocabulary import VOCABULARY

SOLDIER, CURSE, LAND = "兵", "呪術", "土地"
ATTRIBUTES = ("火", "水", "風", "地", "光", "闇", "無")
SPECIAL_TYPES_2 = ("緋", "蒼", "天", "碧", "太陽", "深淵", "黄金", "異界", "豪腕", "俊敏", "頑健", "聡明")
EFFECT_KINDS = ("通常", "対抗", "永続", "ルール")


def parse_printed_list(text: str) -> list[str]:
    """'地・風・水' or '通常・対抗' (as printed), or the list form '地 | 風 | 水' -> ['地', '風', '水']."""
    return [part for part in LIST_SPLIT.split(text.replace("・", " ").replace("/", " ")) if part]


GAME = GameDef(
    package=__name__,
    slug="original",
    name_ja="オリジナルカードゲーム（兵・呪術・土地）",
    name_en="Original Card Game (soldiers, curses, lands)",
    order=4,
    colour="#6b5a1e",
    card_types=(
        CardType(SOLDIER, "兵", "Soldier", cost_ja="召喚コスト", cost_en="Summon cost"),
        CardType(CURSE, "呪術", "Curse", cost_ja="詠唱コスト", cost_en="Cast cost"),
        CardType(LAND, "土地", "Land", cost_ja="展開コスト", cost_en="Deploy cost"),
    ),
    fields=(
        Field(
            "attributes",
            CHOICES,
            "属性",
            "Attributes",
            choices=ATTRIBUTES,
            required_for=(SOLDIER, CURSE, LAND),
            parse_text=parse_printed_list,
            help_en="火 水 風 地 光 闇 (無 for none). Costs need a 倉庫 card of each attribute.",
            help_ja="火 水 風 地 光 闇（無属性は 無）。コストには各属性の倉庫カードが必要です。",
        ),
        Field("race", STR, "種族", "Race", types=(SOLDIER,), help_en="e.g. ドラゴン, ソルジャー.", help_ja="例：ドラゴン、ソルジャー。"),
        Field("special_type", STR, "特殊種別", "Special type", help_en="A country or place, e.g. ビナルクス.", help_ja="国や場所。例：ビナルクス。"),
        Field(
            "special_type2",
            CHOICE,
            "特殊種別2",
            "Special type 2",
            choices=SPECIAL_TYPES_2,
            types=(SOLDIER,),
            help_en="Carries a rule effect, e.g. 深淵: unaffected by the opponent's curses.",
            help_ja="ルール上の効果を持つ種別。例：深淵（相手の呪術の影響を受けない）。",
        ),
        Field("move_cost", INT, "移動コスト", "Move cost", min=0, max=99, types=(SOLDIER,), required_for=(SOLDIER,)),
        Field("power", INT, "パワー", "Power", min=0, max=999, types=(SOLDIER,), required_for=(SOLDIER,)),
        Field("upkeep", INT, "維持コスト", "Upkeep", min=0, max=99, types=(CURSE, LAND)),
        Field(
            "effects",
            RECORDS,
            "効果",
            "Effects",
            subfields=(
                Field(
                    "kind",
                    CHOICES,
                    "効果の種類",
                    "Kind",
                    choices=EFFECT_KINDS,
                    required=True,
                    parse_text=parse_printed_list,
                ),
                Field("forced", BOOL, "強制", "Forced"),
                Field("category", STR, "効果種別", "Category", help_en="e.g. スペル, 呪法, 武術.", help_ja="例：スペル、呪法、武術。"),
                Field("name", STR, "効果名", "Name"),
                Field("trigger", STR, "対抗対象", "Responds to"),
                Field("cost", STR, "発動コスト", "Cost", help_en="As printed, e.g. 光4 or 闇4(C)「…」.", help_ja="カードの表記どおり。例：光4、闇4(C)「…」。"),
                Field("text", TEXT, "効果", "Text", required=True),
            ),
            help_en="Each ■ effect: kind (通常/対抗/永続/ルール), category, name, what it responds to, cost, text.",
            help_ja="■ごとの効果：種類（通常・対抗・永続・ルール）、効果種別、効果名、対抗対象、コスト、本文。",
        ),
        Field("copy_limit", LIMIT, "枚数制限", "Copy limit"),
        SCRIPT,
    ),
    regulations=(
        Regulation(
            "基本ルール",
            "Base rules",
            code="base",
            # No copy limit is stated; the game's editors can set one on the regulation.
            sections=(SectionRule("main", "メイン", "Main", min=60, max=60, headers=("デッキ", "メインデッキ", "Deck", "Main deck")),),
        ),
    ),
    draw=DrawRules(opening=5, first_player_skips_first_draw=False),
    stat_fields=("attributes",),
    list_fields=("attributes", "move_cost", "power", "upkeep"),
    summary_ja=(
        "60枚のデッキから5枚を表向きの戦力（ライフ）に、残りを支援（山札）にします。場は自陣倉庫・自陣・戦場・"
        "敵陣・敵陣倉庫の5列×5マス。倉庫のカードを使ってコストを払い、兵を召喚・移動させ、呪術を詠唱し土地を"
        "展開します。兵が兵や土地のいるマス、敵兵のいない敵陣に入ると戦闘です。戦力か支援が尽きたら負けです。"
    ),
    summary_en=(
        "Shuffle a 60-card deck; the top 5 go face up as 戦力 (life) and the rest are the 支援 deck. The board "
        "has five rows of five squares: your 倉庫 (energy), your camp, the battlefield, the enemy camp and the "
        "enemy 倉庫. Tap 倉庫 cards to summon and move soldiers, cast curses and deploy lands. A soldier entering "
        "a square with a soldier or land, or an empty enemy camp square, fights. Lose when 戦力 or 支援 runs out."
    ),
    options=OPTIONS,
    vocabulary=VOCABULARY,
    face=FACE,
    table=TABLE,
    play=".play:OriginalRules",
    autopilot=".autopilot:Autopilot",
    key_cards=CardGroup("cheap_soldiers", "コスト3以下の兵", "soldiers of cost 3 or less", types=(SOLDIER,), cost_at_most=3),
    search_examples=(
        ("attr:火 t:兵 power>=3", "パワー3以上の火の兵", "Fire soldiers with power 3 or more"),
        ("効果.効果の種類:対抗", "対抗効果を持つ札", "Cards with a counter (対抗) effect"),
        ("t:呪術 (attr:火 OR attr:闇) upkeep<=1", "維持コスト1以下の火か闇の呪術", "Fire or dark curses with upkeep 1 or less"),
        ("race:ドラゴン 並び:パワー 順:降順", "ドラゴンをパワーの高い順に", "Dragons by power, highest first"),
    ),
    construction=".construction:check",
)


