"""巫KANNAGIカードゲーム (seed 002): card types and card fields."""

from __future__ import annotations

import re

from ...declare.base import CardGroup, CardType, DrawRules, GameDef, OpeningRedraw
from ...declare.fields import CHOICE, CHOICES, INT, LIMIT, STRINGS, UNLIMITED, Field, ParseError
from ...declare.regulation import Regulation, SectionRule
from ...declare.script import script_field
from .deckcode import DECK_CODES
from .face import FACE
from .options import OPTIONS
from .table import TABLE
from .vocabulary import VOCABULARY

MAIN = SectionRule("main", "メイン", "Main", min=40, headers=("デッキ", "メインデッキ", "山札", "Deck", "Main deck"))
LIST_NAMES = {0: ("封印", "Sealed"), 1: ("制限", "Restricted"), 2: ("準制限", "Semi-restricted")}
# The seed's list writes 人魚の活血; the card is printed 人魚の活き血. The entry holds both spellings, so it
# restricts the card whichever spelling a card list gives it.
SPELLINGS = {"人魚の活血": ("人魚の活き血",)}

# Cards whose text sets their own copy limit above the 4 of one name (巫カードフィルター applies the same, see
# ../shared/formats/kannagi-cardfilter/README.md): 「山口：7つの家」 7, 「火の玉」 10, 「複製体」 any number.
PRINTED_LIMITS = {"山口：7つの家": 7, "火の玉": 10, "複製体": UNLIMITED}
# 巫カードフィルター's deck builder (hanil524.github.io/kannagi-cardlist, read 2026-12-02) applies these
# per-card limits with its 制限開放 toggle off (the same README): 1 copy and 2 copies.
CARDFILTER_LIMITS = {
    **dict.fromkeys(
        ("人魚の活き血", "肥川の大蛇", "消さなきゃ", "暗躍者", "仮想世界の外", "最恐札の地図", "あなただけがいない場所", "大災害"), 1
    ),
    **dict.fromkeys(
        (
            "悠習の古日記",
            "本物のお化け屋敷",
            "つちのこ",
            "新府城",
            "札絵れあ",
            "血の視線",
            "死神の蝋燭",
            "失われた海域",
            "赤津川",
            "いっしょにあそぼ・・・",
        ),
        2,
    ),
}
SEASONS = ("春", "夏", "秋", "冬", "無")
WHENS = ("played", "attack", "summon", "exiled")
# What a card's effect may choose (the "target" field): whose, and which kind of card on the field.
TARGET_LABELS = {
    "相手の場所札": ("相手の場所札", "An opponent's place"),
    "自分の場所札": ("自分の場所札", "One of your places"),
    "場所札": ("場所札", "Any place"),
    "相手の季節札": ("相手の季節札", "An opponent's season"),
    "自分の季節札": ("自分の季節札", "Your season"),
    "季節札": ("季節札", "Any season"),
}
TARGETS = tuple(TARGET_LABELS)
_MIXED_MARK = re.compile(r"^混化\s*")


def parse_season(text: str) -> list[str]:
    """Read a season as players write it.

    "春" -> ["春"]; "混化 春夏", "春夏", "春 夏", "春/夏" -> ["春", "夏"] (a dual,
    混化, season). Raises ParseError naming what is not a season.
    """
    body = _MIXED_MARK.sub("", text.strip())
    seasons = [ch for ch in body if not ch.isspace() and ch not in "/／・,、|"]
    unknown = [ch for ch in seasons if ch not in SEASONS]
    if unknown:
        raise ParseError("{field}: {value!r} is not one of {allowed}", value="".join(unknown), allowed=" ".join(SEASONS))
    return list(dict.fromkeys(seasons))


GAME = GameDef(
    package=__name__,
    slug="kannagi",
    name_ja="巫KANNAGIカードゲーム",
    name_en="KANNAGI Card Game",
    order=3,
    colour="#9c2f52",
    card_types=(
        CardType("場所札", "場所札", "Place"),
        CardType("怪異札", "怪異札", "Apparition"),
        CardType("道具札", "道具札", "Tool"),
        CardType("季節札", "季節札", "Season"),
    ),
    fields=(
        Field(
            "season",
            CHOICES,
            "季節",
            "Season",
            choices=SEASONS,
            required_for=("場所札", "怪異札", "道具札", "季節札"),
            parse_text=parse_season,
            help_en="One season, or two or more for a mixed (混化) card. 無 cards need no season in 魂.",
            help_ja="季節。混化の札は複数。無の札はどの季節の魂でも使えます。",
        ),
        Field(
            "power",
            INT,
            "力",
            "Power",
            min=0,
            max=999,
            required_for=("場所札",),
            help_en="The bottom-left number of a place: the damage it deals when it attacks.",
            help_ja="場所札の左下の数字。攻撃時に与えるダメージ。",
        ),
        Field(
            "attributes",
            STRINGS,
            "属性",
            "Attributes",
            help_en="The attribute words printed in the middle of the card, e.g. 神.",
            help_ja="札の真ん中の属性欄（例: 神）。",
        ),
        Field(
            "roles",
            STRINGS,
            "役割",
            "Roles",
            help_en="Players' tags for what a card does (召喚時, 直接ダメ …).",
            help_ja="札の働きを表すタグ（召喚時、直接ダメ など）。",
        ),
        Field(
            "copy_limit",
            LIMIT,
            "枚数制限",
            "Copy limit",
            help_en="Only for cards that print their own limit: a number of copies, or “unlimited”.",
            help_ja="札自身が枚数を定める場合のみ。枚数または unlimited。",
        ),
        Field(
            "target",
            CHOICE,
            "対象",
            "Target",
            choices=TARGETS,
            choice_labels=TARGET_LABELS,
            help_en="What the card's effect chooses, if anything. A 道具札 with a target cannot be used while there is none (seed).",
            help_ja="効果が選ぶ対象。対象のある道具札は、選ぶ対象がない場合使用できません（シード文書）。",
        ),
        # attack = 攻撃時 (a place's or apparition's steps without a timing also happen on attack), summon =
        # 召喚時 (a place summoned, a season deployed), exiled = when the card is exiled from 魂 by 防御 (不屈)
        script_field(whens=WHENS, zones=("deck", "hand", "field", "soul", "exile")),
    ),
    regulations=(
        Regulation(
            "基本ルール（シード文書の制限リスト）",
            "Base rules (the seed's restricted list)",
            code="base",
            sections=(MAIN,),
            copy_limit=4,
            card_limits={
                "人魚の活血": 1,
                "肥川の大蛇": 1,
                "消さなきゃ": 1,
                "悠習の古日記": 2,
                "本物のお化け屋敷": 2,
                "仮想世界の外": 2,
                "暗躍者": 2,
            },
            list_names=LIST_NAMES,
            spellings=SPELLINGS,
        ),
        # The official post of 2025-06-06 (GAMES.md) made 悠習の古日記, 本物のお化け屋敷 and 消さなきゃ
        # 準制限; the rest of the seed's list is carried over.
        Regulation(
            "2025年6月6日 制限改訂",
            "Restricted list of 2025-06-06",
            code="2025-06-06",
            effective="2025-06-06",
            sections=(MAIN,),
            copy_limit=4,
            card_limits={
                "人魚の活血": 1,
                "肥川の大蛇": 1,
                "消さなきゃ": 2,
                "悠習の古日記": 2,
                "本物のお化け屋敷": 2,
                "仮想世界の外": 2,
                "暗躍者": 2,
            },
            list_names=LIST_NAMES,
            spellings=SPELLINGS,
        ),
        # What players' deck tool enforces today, named after it and the day it was read.
        Regulation(
            "巫カードフィルターの枚数制限（2026年12月2日閲覧）",
            "巫カードフィルター's card limits (read 2026-12-02)",
            code="cardfilter-2026-12-02",
            effective="2026-12-02",
            sections=(MAIN,),
            copy_limit=4,
            card_limits=CARDFILTER_LIMITS,
            list_names=LIST_NAMES,
            spellings={"人魚の活き血": ("人魚の活血",)},
        ),
    ),
    draw=DrawRules(
        opening=8,
        # 002_04f9dc03302b7c58.txt line 104: 零探し, once, before the first turn.
        redraw=OpeningRedraw(
            "零探し",
            "零探し (redraw)",
            "手札を任意の枚数公開し、好きな順番で山札の1番下に置き、1回だけその枚数分山札の上から札を引けます。",
        ),
    ),
    known_keywords=("速攻", "潜在能力", "襲撃", "不屈", "憤怒", "学校の怪談"),
    stat_fields=("season",),
    list_fields=("season", "power"),
    summary_ja=(
        "二人対戦。各自40枚以上のデッキ（同じ名前の札は4枚まで）、ライフ30。初手8枚から「零探し」を一度行い、"
        "回復・ドロー・メイン・エンドの順にターンを進めます。メインフェイズでは召喚・攻撃・憑依・展開を各1回ずつ。"
        "札のコストは魂（ソウル）の枚数で満たし、魂は消費されません。使う札と同じ季節の札が魂に必要です（無の札と"
        "零コストの場所札を除く）。場所札の攻撃で相手のライフを0にするか、相手の山札が尽きれば勝ちです。"
    ),
    summary_en=(
        "Two players, decks of 40 or more (at most 4 of one name), 30 life. Draw 8, take one 零探し "
        "(put any cards from hand on the bottom and redraw), then play turns of recovery, draw, main and end. "
        "In the main phase you summon, attack, possess and deploy once each. A card's cost is met by the number "
        "of cards in your 魂 (soul), which is never spent, and 魂 must hold a card of the card's season "
        "(無 cards and 0-cost places excepted). Attacking places deal their power to the opponent's life; win "
        "when it reaches 0 or when the opponent must draw from an empty deck."
    ),
    options=OPTIONS,
    vocabulary=VOCABULARY,
    face=FACE,
    table=TABLE,
    play=".play:KannagiRules",
    autopilot=".autopilot:Autopilot",
    # A 0-cost place needs no season in 魂: what 零探し digs for.
    key_cards=CardGroup("zero_cost_places", "コスト0の場所札", "0-cost places", types=("場所札",), cost_at_most=0),
    search_examples=(
        ("type:場所札 cost<=3 season:春 power>=1", "コスト3以下、春、力1以上の場所札", "Spring places costing 3 or less with power 1 or more"),
        ("season:無 -t:季節札", "無の札（季節札を除く）", "無 cards other than season cards"),
        ("attr:幽霊 OR attr:神", "属性が幽霊か神の札", "Cards with the attribute 幽霊 or 神"),
        ("t:場所札 並び:力 順:降順", "場所札を力の高い順に", "Places by power, highest first"),
    ),
    construction=".construction:check",
    # 巫カードフィルター's deck codes and share links (deckcode.py): read wherever a decklist is, written on the deck page.
    deck_codes=DECK_CODES,
    printed_limits=PRINTED_LIMITS,
    # The fan list writes 封印改訂 in the rarity of every card a restricted-list revision touched.
    rarity_marks=(("封印改訂", "制限改訂で枚数制限が変わった札", "A restricted-list revision changed its limit"),),
)
