"""The start options of a kannagi goldfish game (GAMES.md's readings where the seed leaves a choice)."""

from ..options import Choice, Option, goldfish_life, life, opening

OPTIONS = (
    life(30),
    goldfish_life(30),
    opening("opening", 8, 40),
    Option(
        "mixed_season", "any", "混化の札に必要な魂", "A mixed (混化) card needs in 魂",
        choices=(Choice("any", "いずれか1つの季節の札", "a card of any one of its seasons"), Choice("all", "すべての季節の札", "a card of each of its seasons")),
    ),
    Option("first_player_draws", False, "先攻1ターン目にもドローする", "The first player draws on the first turn"),
)
