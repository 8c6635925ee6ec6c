"""The start options of a Time Storm goldfish game."""

from ..options import AUTO_PASS, FIRST, Option, opening

OPTIONS = (
    Option("opponents", 1, "相手（ゴールドフィッシュ）の人数", "Goldfish opponents", low=1, high=5),
    FIRST,
    opening("hand", 6, 20),
    Option("supply_batteries", True, "最初の2枚のバッテリーはデッキの外から出す", "The two starting batteries come from outside the deck"),
    AUTO_PASS,
)
