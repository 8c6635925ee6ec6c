"""The start options of a vision goldfish game (the 非想天則 weather rule and GAMES.md's readings)."""

from ..options import FIRST, Option, goldfish_life, life, opening

OPTIONS = (
    life(25),
    goldfish_life(25),
    FIRST,
    opening("opening", 7, 50),
    Option("hand_limit", 7, "手札の上限", "Hand limit", low=0, high=99),
    Option("weather", True, "非想天則の天候ルール", "The 非想天則 weather rule", help_en="Needs a weather section in the deck.", help_ja="デッキに天候カードが必要です。"),
    Option("weather_at_start", True, "ゲーム開始時から天候を出す", "A weather from the start of the game"),
    Option("weather_every", 4, "天候が変わるターン数", "The weather changes every … turns", low=1, high=99),
)
