"""The start options of a kannagi goldfish game (GAMES.md's readings where the seed leaves a choice)."""

from ...declare.options import Choice, Option, goldfish_life, life, opening

OPTIONS = (
    life(30),
    goldfish_life(30),
    opening("opening", 8, 40),
    # seed: ②サイコロやジャンケンなどで先攻と後攻を決定します. じゃんけん by default, drawn from the game's
    # random generator after the shuffle, so the seed decides it.
    Option(
        "first", "random", "先攻", "Who starts",
        choices=(
            Choice("random", "じゃんけん（ランダム）", "rock-paper-scissors (random)"),
            Choice("player", "あなた", "you"),
            Choice("goldfish", "相手（ゴールドフィッシュ）", "the goldfish"),
        ),
        help_ja="シードのとおり、サイコロやじゃんけんで決めます（既定: ゲームの乱数で決定）。",
        help_en="Decided by dice or rock-paper-scissors, as the seed says (default: the game's random draw).",
    ),
    Option(
        "mixed_season", "any", "混化の札に必要な魂", "A mixed (混化) card needs in 魂",
        choices=(Choice("any", "いずれか1つの季節の札", "a card of any one of its seasons"), Choice("all", "すべての季節の札", "a card of each of its seasons")),
    ),
    Option("first_player_draws", False, "先攻1ターン目にもドローする", "The first player draws on the first turn"),
    # seed: 【道具札】使えるタイミングは各宣言時…; "main" is a house setting that asks less often.
    Option(
        "tool_timing", "declarations", "道具札を使えるタイミング", "When tools may be used",
        choices=(
            Choice("declarations", "各宣言時（シードどおり）", "at each declaration (the seed)"),
            Choice("main", "自分のメインフェイズのみ（確認を減らす）", "in your own main phase only (fewer prompts)"),
        ),
        help_ja="各宣言時: ターン開始・回復・ドロー・各サブフェイズの宣言時と相手のターン中にも使うか確認します。",
        help_en="At each declaration: you are asked at the start, recovery and draw declarations, at each "
        "sub-phase's declaration and during the goldfish's turn too.",
    ),
)
