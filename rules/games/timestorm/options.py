"""The start options of a Time Storm goldfish game (each reading the seed leaves open, with its default, is
written in the rules ledger, rules/games/timestorm/ledger.json)."""

from ...declare.options import AUTO_PASS, Choice, Option, opening
from .shares import AUTO, choices

OPTIONS = (
    Option("opponents", 1, "相手（ゴールドフィッシュ）の人数", "Goldfish opponents", low=1, high=5),
    Option(
        "goldfish_entry", AUTO, "相手（ゴールドフィッシュ）が持ち寄るカード", "What each goldfish brings to the shared deck",
        choices=choices(),
        help_ja=(
            "相手もプレイヤーなので、共有デッキに自分の分を持ち寄ります。基本ルールでは勝利条件カード1種類（あなたの勝利条件カードと"
            "同じ枚数）、13枚持ち寄りでは13枚です。「形式に合わせる」では、あなたのカードがすべて持ち寄りのカード（基本のカードなし）"
            "なら13枚持ち寄り、そうでなければ基本ルールとして選びます。"
        ),
        help_en=(
            "The goldfish are players too: each brings its share to the shared deck, one kind of win-condition card in the "
            "standard rules (as many copies as your kind) or 13 cards in the pooling variant. \"As the format asks\" reads "
            "your cards as a 13-card pooling entry when all of them are entry cards (no basic cards), else as the standard deck."
        ),
    ),
    # seed line 30: じゃんけんで勝ったプレイヤーが先手番となり… By default the game's random generator draws the
    # winner among every player (the human and each goldfish), after the shuffle: the seed decides it.
    Option(
        "first", "random", "先攻", "Who starts",
        choices=(
            Choice("random", "じゃんけん（全員からランダム）", "rock-paper-scissors (random among all players)"),
            Choice("player", "あなた", "you"),
            Choice("goldfish", "相手（ゴールドフィッシュ1）", "the goldfish (goldfish 1)"),
        ),
        help_ja="シードのとおり、じゃんけんに勝ったプレイヤーが先手番です（既定: ゲームの乱数で全員の中から決定、相手が複数なら誰でも）。"
        "そこから時計回り（あなた、相手1、相手2…の順）に進みます。",
        help_en="The player who wins rock-paper-scissors starts, as the seed says (default: the game's random draw among all "
        "players, any goldfish included); turns then go clockwise (you, goldfish 1, goldfish 2, …).",
    ),
    opening("hand", 6, 20),
    Option("supply_batteries", True, "最初の2枚のバッテリーはデッキの外から出す", "The two starting batteries come from outside the deck"),
    Option(
        "battery_stack", False, "バッテリーもスタックに積まれ、解決してから場に出る", "A battery also waits on the stack and enters the field when it resolves",
        help_ja="オフ（既定）：バッテリーを置くこともプレイですが、解決を待つ効果がないので、すぐ未使用で場に出ます（その後の優先権はターンプレイヤーから）。",
        help_en="Off (the default): putting a battery is a play too, but it has no effect to wait for, so it enters the field unused at once (priority then starts again from the turn player).",
    ),
    AUTO_PASS,
)
