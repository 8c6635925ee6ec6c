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
- `continued_action`: what a unit 3 or more faster that won its battle lets its player do without passing the
  right (※…それ以上の差が離れている場合、…そのまま連続で行動する事が出来る): any action the right allows (the seed's
  行動, default), or that unit's attack again only (line 59's example read as the whole rule).
- `slow_attacker`: a battle whose attacker is 2 or more slower than the unit it fights (※ユニットとの戦闘に対し、
  素早さが2以上離れている場合、反撃できず一方的に攻撃される: the line names no side): "gap" (default, the words: 2
  apart either way, the attacked unit cannot counter-attack), "faster" (the slower unit is the one attacked
  one-sidedly: the attacker deals nothing, the faster unit strikes it), "normal" (the line is of a faster
  attacker only: damage both ways).
The others size the setup and the goldfish: `mana`, `hand`, `second_extra` (the seed's 5, 5 and +1) and
`goldfish_hp`, the goldfish's main deck before the setup takes its mana and hand (the seed's 50).
"""

from ...declare.options import FIRST, Choice, Option, opening


def reading(key: str, ja: str, en: str, *choices: tuple[str, str, str], help_ja: str = "", help_en: str = "") -> Option:
    """A passage the seed leaves open: its readings (value, ja, en), the first the default."""
    return Option(key, choices[0][0], ja, en, choices=tuple(Choice(*c) for c in choices), help_ja=help_ja, help_en=help_en)


OPTIONS = (
    FIRST,
    Option(
        "goldfish_hp", 50, "相手のメインデッキの枚数（開始準備の前）", "The goldfish's main deck before the set-up",
        low=0, high=999, goldfish_only=True,  # (an opponent deck is its own main deck)
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
    reading(
        "continued_action", "素早さ3以上の差で続けてできること", "What a unit 3 or more faster lets you do next",
        ("any", "行動権でできるどの行動も（シードの「行動」）", "any action the right allows (the seed's 行動)"),
        ("attack", "そのユニットの再攻撃だけ（例の読み）", "that unit's attack again only (the example's reading)"),
        help_ja="素早さが3以上速いユニットが戦闘すると、行動権を相手に渡さずに続けて行動できます（その戦闘の間、素早さは相手の分だけ下がります）。"
        "既定はカードのプレイ・マナ・攻撃など行動権でできるどの行動も。例（素早さ3のユニットBが再び攻撃に移る）だけに限る読みも選べます。",
        help_en="A unit 3 or more faster that fights lets you act again without passing the right (its speed lowered by the "
        "other unit's meanwhile). By default any action the right allows (play, mana, attack); or only that unit's attack "
        "again, as the seed's example shows it.",
    ),
    reading(
        "slow_attacker", "素早さが2以上遅いユニットの攻撃", "An attack by a unit 2 or more slower",
        ("gap", "攻撃された側は反撃できない（2以上離れていれば）", "the attacked unit cannot counter-attack (2 apart either way)"),
        ("faster", "速い側だけがダメージを与える（遅い攻撃側は与えられない）", "only the faster unit deals damage (the slower attacker deals none)"),
        ("normal", "通常の戦闘（両方にダメージ）", "a plain battle (damage both ways)"),
        help_ja="「素早さが2以上離れている場合、反撃できず一方的に攻撃される」は攻撃側が速い場合の例しか書かれていません。"
        "既定は文言どおり、どちらが速くても2以上離れていれば攻撃された側は反撃できません（ゴールドフィッシュの攻撃をずっと速いユニットで防いでも反撃なし）。",
        help_en="\"2 or more apart: no counter-attack, attacked one-sidedly\" is shown only for a faster attacker. By default, "
        "as its words say, 2 apart either way and the attacked unit cannot counter-attack (a much faster unit blocking the "
        "goldfish's attack does not strike back).",
    ),
    Option(
        "goldfish_attacks", True, "相手の場のユニットが攻撃する", "The goldfish's units attack",
        help_ja="相手（ゴールドフィッシュ）の場にユニットがいると、行動権を得るたびに攻撃力の最も高い1体があなたに攻撃宣言します。",
        help_en="When the goldfish has units on its field, its strongest declares an attack on you each time it gets the "
        "action right.",
        goldfish_only=True,
    ),
)
