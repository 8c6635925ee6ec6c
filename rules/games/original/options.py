"""The start options of an original goldfish game (readings of the seed, each with its default)."""

from ..options import AUTO_PASS, FIRST, Choice, Option, opening

OPTIONS = (
    FIRST,
    AUTO_PASS,  # pass a 対抗 window for the player when they have no usable response
    Option(
        "movement", "column", "兵の移動", "Soldiers move",
        choices=(Choice("column", "同じ列を1マス前後", "one row forward or back"), Choice("adjacent", "隣接するマスへ（横も可）", "to any adjacent square")),
    ),
    Option(  # 「支援」が尽きたら負け
        "deck_out", "empty", "支援が尽きたら負け", "支援 runs out",
        choices=(Choice("empty", "0枚になった時点で負け", "you lose when it is empty"), Choice("draw", "引けなかったときに負け", "you lose when you must draw from it")),
    ),
    Option("goldfish_power", 5, "相手の戦力の枚数", "The goldfish's 戦力 cards", low=1, high=60),  # stand-ins for a goldfish without a deck
    Option("goldfish_deck_out", False, "相手も支援が尽きたら負け", "The goldfish loses when its 支援 runs out"),
    Option("power", 5, "開始時の戦力の枚数", "戦力 cards at the start", low=1, high=60),
    opening("opening", 5, 60),
    Option("counter_limit", 10, "戦力・土地が耐えるカウンターの数", "Counters a 戦力 card or a land holds", low=0, high=999),  # 「10個を超えた時」
    Option("own_land_battle", False, "自分の土地のマスに入ると戦闘", "Entering your own land's square is a battle"),
    Option(
        "affinity_self_bonus", "matchup", "緋・蒼・天・碧の自属性＋2", "The own-attribute +2 of 緋 蒼 天 碧",
        choices=(Choice("matchup", "相性の戦闘でのみ", "only in a matchup battle"), Choice("always", "すべての戦闘で", "in every battle")),
    ),
    Option(
        "upkeep_attributes", "any", "維持コストに必要な属性", "Upkeep needs",
        choices=(
            Choice("any", "いずれかの属性のカード1枚", "a card of any of its attributes"),
            Choice("all", "各属性のカード1枚ずつ", "a card of each attribute"),
            Choice("none", "属性は問わない", "any cards"),
        ),
    ),
)
