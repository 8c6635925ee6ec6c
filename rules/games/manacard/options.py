"""The start options of a manacard goldfish game."""

from ..options import FIRST, Choice, Option, opening

OPTIONS = (
    FIRST,
    Option("goldfish_hp", 50, "相手のメインデッキ（HP）の枚数", "The goldfish's main deck (HP)", low=0, high=999),
    Option("mana", 5, "開始時のマナの枚数", "Mana cards at the start", low=0, high=50),
    opening("hand", 5, 50),
    Option("second_extra", 1, "後攻の追加枚数", "Extra cards for the second player", low=0, high=50),
    Option(
        "reversal", "both", "【逆転】を公開できる場所", "【逆転】 cards come from",
        choices=(
            Choice("both", "ヒットで除外されたカードとスキルデッキ", "hits and the skill deck"),
            Choice("hit", "ヒットで除外されたカード", "the cards a hit exiles"),
            Choice("skill", "スキルデッキ", "the skill deck"),
            Choice("off", "使わない", "nowhere (off)"),
        ),
    ),
    Option(
        "skill_used", "exile", "使ったスキルカードの行き先", "Used skill cards go",
        choices=(Choice("exile", "裏向きで除外", "exiled face down"), Choice("discard", "捨て札へ", "to the discard pile")),
    ),
    Option("play_reversal_cards", False, "【逆転】だけのカードもプレイできる", "【逆転】-only cards can be played"),
)
