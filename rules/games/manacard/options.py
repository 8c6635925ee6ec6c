"""The start options of a manacard goldfish game.

Readings the seed leaves open (each written in the rules ledger, rules/games/manacard/ledger.json):
- `first`: who starts (①: the players decide, e.g. by janken, or the faster status).
- `reversal`: which cards a 逆転 chance may turn face up (GAMES.md: "details as in the seed").
- `skill_used`: where a used skill card goes (the seed says only where paid ones go).
- `play_reversal_cards`: whether a card whose only text is 【逆転】 may also be played.
- `unprinted_speed`: the 素早さ of an action that prints none (『防御』, a card without 素早さ) when it answers
  an attack (※攻撃に対して行動する際、その素早さ以上の行動…).
- `player_attack` / `player_distance`: the player's own 攻撃力 and 距離 (〇プレイヤーのステータス is empty in the
  seed; ④'s ※ lets an attacked player with 攻撃力 counter-attack within reach).
- `goldfish_attacks`: whether the goldfish's units (its own deck's, put on its field by hand) attack.
The others size the setup and the goldfish: `mana`, `hand`, `second_extra` (the seed's 5, 5 and +1) and
`goldfish_hp`, the goldfish's main deck before the setup takes its mana and hand (the seed's 50).
"""

from ..options import FIRST, Choice, Option, opening


def reading(key: str, ja: str, en: str, *choices: tuple[str, str, str], help_ja: str = "", help_en: str = "") -> Option:
    """A passage the seed leaves open: its readings (value, ja, en), the first the default."""
    return Option(key, choices[0][0], ja, en, choices=tuple(Choice(*c) for c in choices), help_ja=help_ja, help_en=help_en)


OPTIONS = (
    FIRST,
    Option(
        "goldfish_hp", 50, "相手のメインデッキの枚数（開始準備の前）", "The goldfish's main deck before the set-up",
        low=0, high=999,
        help_ja="開始準備でここからマナ5枚と手札5枚（後攻は6枚）を取るので、相手のHPはその残りです（50なら39か40）。",
        help_en="The set-up takes 5 mana and a hand of 5 (6 when second) from it, so the goldfish's HP is what is "
        "left (39 or 40 of 50).",
    ),
    Option("mana", 5, "開始時のマナの枚数", "Mana cards at the start", low=0, high=50),
    opening("hand", 5, 50),
    Option("second_extra", 1, "後攻の追加枚数", "Extra cards for the second player", low=0, high=50),
    reading(
        "reversal", "【逆転】を公開できる場所", "【逆転】 cards come from",
        ("both", "ヒットで除外されたカードとスキルデッキ", "hits and the skill deck"),
        ("hit", "ヒットで除外されたカード", "the cards a hit exiles"),
        ("skill", "スキルデッキ", "the skill deck"),
        ("off", "使わない", "nowhere (off)"),
    ),
    reading(
        "skill_used", "使ったスキルカードの行き先", "Used skill cards go",
        ("exile", "裏向きで除外", "exiled face down"), ("discard", "捨て札へ", "to the discard pile"),
    ),
    Option("play_reversal_cards", False, "【逆転】だけのカードもプレイできる", "【逆転】-only cards can be played"),
    reading(
        "unprinted_speed", "素早さが書かれていない行動（『防御』など）の素早さ", "The speed of an action that prints none (『防御』 …)",
        ("match", "応じる相手と同じ（いつでも応じられる）", "that of what it answers (it may always answer)"),
        ("zero", "0（素早さ0の攻撃にだけ応じられる）", "0 (it answers only speed-0 attacks)"),
        help_ja="攻撃に応じる行動はその素早さ以上でなければなりません。素早さが書かれていない『防御』やカードの扱いです。",
        help_en="An action against an attack needs at least the attack's speed; this is the speed of 『防御』 and of cards "
        "that print none.",
    ),
    Option(
        "player_attack", 0, "あなた（プレイヤー）の攻撃力", "Your own (the player's) attack", low=0, high=99,
        help_ja="0より大きいと、攻撃されたときに攻撃してきたユニットへ反撃（攻撃宣言）できます。",
        help_en="Above 0, when a unit attacks you, you may attack it back (declare an attack).",
    ),
    reading(
        "player_distance", "あなた（プレイヤー）の距離", "Your own (the player's) distance",
        ("近", "近", "close (近)"), ("中", "中", "middle (中)"), ("遠", "遠", "far (遠)"),
    ),
    Option(
        "goldfish_attacks", True, "相手の場のユニットが攻撃する", "The goldfish's units attack",
        help_ja="相手（ゴールドフィッシュ）の場にユニットがいると、行動権を得るたびに攻撃力の最も高い1体があなたに攻撃宣言します。",
        help_en="When the goldfish has units on its field, its strongest declares an attack on you each time it gets the "
        "action right.",
    ),
)
