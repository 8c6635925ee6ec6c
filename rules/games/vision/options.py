"""The start options of a vision goldfish game (the 非想天則 weather rule and the readings of the passages the
seed leaves open; each is written in the rules ledger, ledger.json)."""

from ...declare.options import FIRST, Choice, Option, goldfish_life, life, opening


def reading(key: str, ja: str, en: str, *choices: tuple[str, str, str]) -> Option:
    """A passage the seed leaves open: its readings (value, ja, en), the first the default."""
    return Option(key, choices[0][0], ja, en, choices=tuple(Choice(*c) for c in choices))


OPTIONS = (
    life(25),
    goldfish_life(25),
    FIRST,
    opening("opening", 7, 50),
    Option("hand_limit", 7, "手札の上限", "Hand limit", low=0, high=99),
    Option("weather", True, "非想天則の天候ルール", "The 非想天則 weather rule", help_en="Needs a weather section in the deck.", help_ja="デッキに天候カードが必要です。"),
    # 補足1: ①ゲーム開始 (GAMES.md: one weather is revealed at game start, so turns 1–4 have weather)
    # 《はじめに》 天候カードを用意し、それを天候デッキとする。: one weather deck of the weather cards prepared; whose
    # they are in a game of two decks the seed does not say. Default: every player's weather section (all the
    # weather cards the players bring) together is the one shared weather deck; or only the first seat's.
    reading(
        "weather_deck", "天候デッキにする天候カード", "The weather cards that form the weather deck",
        ("all", "全てのプレイヤーの天候カード（合わせて1つの天候デッキ）", "Every player's weather cards (together one weather deck)"),
        ("first", "最初の席のプレイヤーの天候カードだけ", "The first seat's weather cards only"),
    ),
    Option("weather_at_start", True, "ゲーム開始時から天候を出す", "A weather from the start of the game"),
    Option("weather_every", 4, "天候が変わるターン数", "The weather changes every … turns", low=1, high=99),
    # The goldfish plays no card; characters the player puts on its field by hand defend (the first active
    # one blocks each attack), so the battles the weathers speak of (極夜, 疎雨's 貫通, 風雨's 隠密) happen.
    Option(
        "goldfish_defends",
        True,
        "一人回しの相手のキャラクターは防御する",
        "The goldfish's characters defend",
        help_ja="手動で一人回しの相手の場に置いたキャラクターのうち、最初のアクティブなものが毎回の攻撃を防御します。",
        help_en="Of the characters you put on the goldfish's field by hand, the first active one defends each attack.",
    ),
    # 白夜: 「攻撃、防御及びスリープをコストとする起動効果を使用する場合、スリープ状態にしたものとして解決する」
    reading(
        "byakuya", "白夜：スリープ状態にしたものとして解決するもの", "白夜: what resolves as if the character were put to sleep",
        ("attack", "人間の攻撃・防御（とスリープがコストの起動効果）：スリープせず、1ターンに合計2回まで",
         "A human's attacks and defences (and sleep-cost abilities): it stays active, twice a turn in all"),
        ("ability", "スリープがコストの起動効果だけ（攻撃・防御は通常どおりスリープ）", "Sleep-cost activated abilities only (attacks and defences sleep as usual)"),
    ),
    # 凧: 「ターン終了時、[この効果の直前に相手プレイヤーにダメージを与えたプレイヤー全て]は3ライフポイントを得る」
    reading(
        "tako", "凧：「この効果の直前に」ダメージを与えたプレイヤー", "凧: who dealt damage 「この効果の直前に」 (just before this effect)",
        ("turn", "このターン中に相手プレイヤーにダメージを与えたプレイヤー全て", "Every player who dealt damage to an opponent during this turn"),
        ("last", "最後に相手プレイヤーにダメージを与えたプレイヤー（前のターンでも）", "The player who last dealt damage to an opponent (in an earlier turn too)"),
    ),
    # 黄砂: 「「先制」を持つキャラクターが「先制」を持たないキャラクターと戦闘を行う場合、[戦闘中の「先制」を持つキャラクター]に
    # 2ダメージを与える」: when in the battle
    reading(
        "kousa", "黄砂：2ダメージを与えるとき", "黄砂: when the 2 damage is dealt",
        ("battle", "戦闘を行うとき（戦闘ダメージの前。2ダメージで決死になった先制のキャラクターはダメージを与えない）",
         "As the battle begins (before the combat damage: a 先制 character the 2 make 決死 deals none)"),
        ("strike", "先制の戦闘ダメージと同時（先制のキャラクターは必ずダメージを与える）",
         "With the 先制 character's own combat damage (it always deals its damage)"),
    ),
    # 春一番 2: 「[相手プレイヤー]は1ドローする。その後、[ライフ]を3回復する。」: whose life
    reading(
        "haru_heal", "春一番2：ライフを回復するプレイヤー", "春一番 2: who gains the 3 life",
        ("chooser", "選んだプレイヤー", "The player who chose"),
        ("opponent", "1ドローした相手プレイヤー", "The opponent who drew"),
    ),
)
