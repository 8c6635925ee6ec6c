"""異世界TCG マナカード (seed 004): card types and fields."""

from __future__ import annotations

from dataclasses import replace

from ...declare.base import CardGroup, CardType, DrawRules, GameDef
from ...declare.fields import BOOL, CHOICE, INT, LIMIT, STR, Field
from ...declare.regulation import Regulation, SectionRule
from ...declare.script import OPS, check_step, labels_for, script_field
from .face import FACE
from .options import OPTIONS
from .table import TABLE
from .vocabulary import VOCABULARY

UNIT = "ユニット"
DECKS = ("main", "skill", "status")
# The decks a card type may go in (〇デッキ構成: main = ユニット、アイテム、装備品; skill = 魔法、技能、アイテム、装備品;
# status = ステータスカード). A card's `deck` field picks one of these; the type decides what may be picked.
TYPE_DECKS = {
    UNIT: ("main",),
    "アイテム": ("main", "skill"),
    "装備品": ("main", "skill"),
    "魔法": ("skill",),
    "技能": ("skill",),
    "ステータス": ("status",),
}
DISTANCES = ("近", "中", "遠")

# The effect vocabulary (rules/declare/script.py) for this game. Besides the common steps:
# - two steps on ONE unit, the one the play (or the 逆転 activation) names as its "target":
#   unit_damage (`amount` damage to it; `who`: opponent = an opponent's unit (default), you = one of yours,
#   each_player = any unit) and unit_heal (its 体力 restored by `amount`, or to its maximum without one;
#   `who` default you);
# - attack_reduce: `amount` off the attack the play answers (氷の壁: 相手の攻撃を2軽減する; such a card is played
#   only while an attack on its player is declared);
# - timings: played (when the card resolves), attack (when the unit attacks), reversal (when the card is
#   activated by 【逆転】), equipped (an equipment's stat steps, for as long as it is on its unit) and status
#   (a status card's stat steps, for its owner's units, or with stat "cost" for the cost of the owner's
#   cards of type `of_type`); `if_distance` limits an equipped/status stat step to units of that 距離.
UNIT_OPS = ("unit_damage", "unit_heal")
ANSWER_OPS = ("attack_reduce",)
WHENS = ("played", "attack", "reversal", "equipped", "status")
SCRIPT_ZONES = ("deck", "hand", "field", "discard", "exile", "mana", "skill")
SOURCE_ZONES = tuple(z for z in SCRIPT_ZONES if z != "exile")
UNIT_WHO = ("opponent", "you", "each_player")
CONTINUOUS = ("equipped", "status")
# The names of this game's own ops and timings (rules/declare/script.py names the common ones).
OP_LABELS = {
    "unit_damage": ("ユニットにダメージ", "Damage a unit"),
    "unit_heal": ("ユニットの体力を回復", "Heal a unit"),
    "attack_reduce": ("攻撃を軽減", "Reduce the attack"),
}
WHEN_LABELS = {
    "reversal": ("【逆転】で発動したとき", "When activated by 【逆転】"),
    "equipped": ("装備しているあいだ", "While equipped"),
    "status": ("ステータスカードとして", "As a status card"),
}


def check_manacard_step(step: dict) -> list[tuple[str, str, dict]]:
    """The common checks, with this game's unit steps and continuous timings."""
    op = step.get("op")
    errors = []
    if op in ANSWER_OPS:
        errors += [(key, "{field}: only a move step takes a zone to move from or to", {}) for key in ("from", "to") if key in step]
        if step.get("amount") is not None and step["amount"] < 1:
            errors.append(("amount", "{field}: must be at least {min} for {op}", {"min": 1, "op": op}))
    elif op in UNIT_OPS:
        errors += [(key, "{field}: only a move step takes a zone to move from or to", {}) for key in ("from", "to") if key in step]
        if step.get("who") and step["who"] not in UNIT_WHO:
            errors.append(("who", "{field}: a unit step takes opponent, you or each_player, not {value!r}", {"value": step["who"]}))
        if step.get("amount") is not None and step["amount"] < (0 if op == "unit_damage" else 1):
            errors.append(("amount", "{field}: must be at least {min} for {op}", {"min": 0 if op == "unit_damage" else 1, "op": op}))
    else:
        errors += check_step(step)
    if step.get("when") in CONTINUOUS and op != "stat":
        errors.append(("when", "{field}: {value!r} only applies to a stat step", {"value": step["when"]}))
    for key in ("if_distance", "of_type"):
        if key in step and (op != "stat" or step.get("when") not in CONTINUOUS):
            errors.append((key, "{field}: only for a stat step at equipped or status", {}))
    return errors


def _script_field() -> Field:
    base = script_field(whens=WHENS, zones=SCRIPT_ZONES)
    changed = {
        "op": {
            "choices": OPS + UNIT_OPS + ANSWER_OPS,
            "choice_labels": labels_for("op", OPS + UNIT_OPS + ANSWER_OPS, OP_LABELS),
            "help_en": "damage, life, draw, mill, move, stat, resource, counter, win, unit_damage, unit_heal or attack_reduce.",
        },
        # nothing is taken out of the exile: face down, its cards cannot be looked at; face up, not referred to
        # (※裏向きで除外されたカードの内容は確認する事は出来ない。※表向きで除外されたカードは…参照する事は不可能)
        "from": {"choices": SOURCE_ZONES},
        "when": {"choice_labels": labels_for("when", WHENS, WHEN_LABELS)},
    }
    subfields = tuple(replace(f, **changed[f.key]) if f.key in changed else f for f in base.subfields)
    subfields += (
        Field("if_distance", CHOICE, "条件：距離", "If: distance", choices=DISTANCES, help_en="equipped/status stat steps: only units of this distance."),
        Field("of_type", STR, "対象の種類", "Of card type", max_length=40, help_en="status stat steps on cost: the card type whose cost changes."),
    )
    return replace(
        base,
        subfields=subfields,
        record_check=check_manacard_step,
        help_en=base.help_en + " Manacard adds unit_damage and unit_heal (on the unit the play names), attack_reduce (off "
        "the attack the play answers) and the timings reversal, equipped and status.",
        help_ja=base.help_ja + " マナカードでは「ユニットにダメージ」「ユニットの体力を回復」（プレイで選んだユニット1体）、"
        "「攻撃を軽減」（応じている攻撃から）と、タイミング「【逆転】で発動したとき」「装備しているあいだ」「ステータスカードとして」も使えます。",
    )


GAME = GameDef(
    package=__name__,
    slug="manacard",
    name_ja="異世界TCG マナカード",
    name_en="Isekai TCG Mana Card",
    order=5,
    colour="#2f6b3a",
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
        Field(
            "speed",
            INT,
            "素早さ",
            "Speed",
            min=0,
            max=99,
            types=(UNIT, "アイテム", "装備品", "魔法", "技能"),
            required_for=(UNIT,),
            help_en="A unit's speed; a skill card's speed when it prints one (an answer to an attack needs at least the "
            "attack's speed).",
            help_ja="ユニットの素早さ。スキルカードは書かれている場合のみ（攻撃に応じる行動はその素早さ以上が必要）。",
        ),
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
            help_ja="【ユニーク】：メインデッキ・スキルデッキ・ステータスカードを通して1枚まで。",
        ),
        Field("copy_limit", LIMIT, "枚数制限", "Copy limit"),
        _script_field(),
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
    options=OPTIONS,
    vocabulary=VOCABULARY,
    face=FACE,
    table=TABLE,
    play=".play:ManacardRules",
    autopilot=".autopilot:Autopilot",
    # Units the seed's opening mana (5, option "mana") pays for; hands are drawn from the main deck.
    key_cards=CardGroup(
        "opening_units", "最初のマナで出せるユニット", "units the opening mana pays for", types=(UNIT,), cost_at_most=5
    ),
    search_examples=(
        ("deck:skill", "スキルデッキの札", "Skill-deck cards"),
        ("t:ユニット 素早さ>=2 distance:近", "素早さ2以上の近距離ユニット", "Close-range units with speed 2 or more"),
        ("kw:逆転", "【逆転】を持つ札", "Cards with 【逆転】"),
        ("t:ユニット 並び:体力 順:降順", "ユニットを体力の高い順に", "Units by HP, highest first"),
    ),
    construction=".construction:check",
    words=".construction:WORDS",
    # the sum of 恩恵スキルレベル allowed (default 10)
    regulation_options={"blessing_max": (int,)},
)
