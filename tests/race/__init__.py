"""レース (Race): a ten-card test game declared only here, through the game contract, to prove that a
game is one package: it is played on the engine, goldfished over HTTP, simulated and printed without any
change outside this package (tests/test_contract_game.py). Not one of the site's games: the tests
register it for their own run.

Rules: a deck of 10 or more step cards (歩, each with 歩数 1–3). Draw 3; each turn draw 1 (none on the
first turn), play one step card (your runner advances by its 歩数) and end the turn; at the end of the
turn a hand over 4 is discarded down to 4 (a decision). Reach the goal (option, default 10) to win; a
player who must draw from an empty deck loses."""

from rules.declare.base import CardType, DrawRules, GameDef
from rules.declare.face import FaceLayout, Show
from rules.declare.fields import INT, Field
from rules.declare.options import Option
from rules.declare.regulation import Regulation, SectionRule
from rules.declare.vocabulary import Label, Vocabulary

STEP = "歩"

GAME = GameDef(
    slug="race",
    name_ja="レース",
    name_en="Race",
    order=99,
    card_types=(CardType(STEP, "歩", "Step"),),
    fields=(Field("steps", INT, "歩数", "Steps", min=1, max=3, required_for=(STEP,)),),
    regulations=(
        Regulation("基本ルール", "Base rules", code="base", sections=(SectionRule("main", "メイン", "Main", min=10),), copy_limit=4),
    ),
    draw=DrawRules(opening=3),
    summary_ja="10枚のデッキで、先にゴールへ着いた方の勝ち。",
    summary_en="Ten cards; the first runner at the goal wins.",
    options=(
        Option("goal", 10, "ゴールまでの歩数", "Steps to the goal", low=1, high=99),
        Option("hand_limit", 4, "手札の上限", "Hand limit", low=0, high=10),
    ),
    vocabulary=Vocabulary(
        zones={"deck": Label("山札", "Deck"), "hand": Label("手札", "Hand"), "field": Label("コース", "Course"),
               "discard": Label("捨て札", "Discard")},
        phases={"main": Label("メイン", "Main")},
        actions={"step": Label("進む", "Step"), "end_turn": Label("ターン終了", "End turn"),
                 "discard": Label("捨てる", "Discard")},
        decisions={"discard": Label("手札上限: 捨てる札を選んでください。", "Hand limit: choose the cards to discard.")},
        reasons={"goal": Label("ゴール", "goal")},
    ),
    face=FaceLayout(accent="#225588", top_left=Show("{steps}"), type_line=(Show("{type_label}"), Show("歩数 {steps}"))),
    play=".play:RaceRules",
    autopilot=".autopilot:Autopilot",
    package=__name__,
)
