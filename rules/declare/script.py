"""The effect vocabulary: card effects as data the engine carries out (the card field "script").

Every game declares the same field, so designers write effects in the admin as a list of steps:

    [{"op": "draw", "amount": 2}]                                   情報整理: カードを2枚引く。
    [{"op": "move", "who": "each_opponent", "from": "hand", "to": "discard"}]      時間泥棒
    [{"op": "win", "if_zone": "field", "if_type": "Battery", "if_min": 5}]        充電完了

Steps (`op`): damage (to players' life), life (gain, or lose with a negative amount), draw, mill, move
(`amount` cards from one of the player's zones to another: the top of a deck, otherwise chosen),
stat (a card's stat `stat` changed by `amount` until the end of the turn), resource (the game's
resource: a timestorm battery made unused again, a kannagi card from the deck to 魂), counter (the
card on top of the stack is cancelled), win (the player wins). `who` says whom a step affects; `when` says
when the steps run (played = when the card is played or resolves, attack = when it attacks, drawn = when
it is drawn). `if_zone`/`if_type`/`if_min` make a step conditional on the player having at least
`if_min` cards (of type `if_type`) in that zone. Card text the steps cannot express stays on the card
and is applied with manual actions.
"""

from __future__ import annotations

from .fields import CHOICE, INT, RECORDS, STR, Field

OPS = ("damage", "life", "draw", "mill", "move", "stat", "resource", "counter", "win")
WHO = ("you", "opponent", "each_opponent", "each_player", "self", "chosen")
WHEN = ("played", "attack", "drawn")
ZONES = ("deck", "hand", "field", "discard", "exile", "soul")

# What a designer reads in the admin, on the card page and on the search help: every coded value of the
# vocabulary by its name in Japanese and English (a game adds the names of its own ops and timings; its zones
# are named by its vocabulary, GameDef fills them in).
LABELS = {
    "op": {
        "damage": ("ダメージ", "Damage"),
        "life": ("ライフの増減", "Life"),
        "draw": ("カードを引く", "Draw"),
        "mill": ("山札の上から捨てる", "Mill"),
        "move": ("カードを移す", "Move cards"),
        "stat": ("能力値の増減", "Change a stat"),
        "resource": ("リソース", "Resource"),
        "counter": ("打ち消す", "Counter"),
        "win": ("勝利する", "Win"),
    },
    "who": {
        "you": ("自分", "You"),
        "opponent": ("相手", "Opponent"),
        "each_opponent": ("相手全員", "Each opponent"),
        "each_player": ("全プレイヤー", "Each player"),
        "self": ("このカード", "This card"),
        "chosen": ("選んだカード", "A chosen card"),
    },
    "when": {
        "played": ("プレイしたとき", "When played"),
        "attack": ("攻撃したとき", "When it attacks"),
        "drawn": ("引いたとき", "When drawn"),
        "summon": ("召喚したとき", "When summoned"),
        "exiled": ("除外されたとき", "When exiled"),
    },
    "zone": {
        "deck": ("山札", "Deck"),
        "hand": ("手札", "Hand"),
        "field": ("場", "Field"),
        "discard": ("捨て札", "Discard"),
        "exile": ("除外", "Exile"),
        "soul": ("魂", "Soul"),
        "nodes": ("ノード", "Nodes"),
    },
}
ZONE_KEYS = ("from", "to", "if_zone")  # the subfields whose values are zones


def labels_for(kind: str, values, extra: dict | None = None) -> dict:
    """{value: (ja, en)} for the values that have a name (the game's own names in `extra` first)."""
    table = {**LABELS[kind], **(extra or {})}
    return {v: table[v] for v in values if v in table}


# The least `amount` that makes sense per step (damage never heals; a draw of 0 does nothing).
AMOUNT_MIN = {"damage": 0, "draw": 1, "mill": 1, "move": 1, "resource": 1}


def check_step(step: dict) -> list[tuple[str, str, dict]]:
    """Checks across one step's fields (the subfields check themselves): (key, English template, params)."""
    errors = []
    op = step.get("op")
    if op == "move":
        for key, template in (("from", "{field}: a move step needs the zone to move from"), ("to", "{field}: a move step needs the zone to move to")):
            if not step.get(key):
                errors.append((key, template, {}))
        if step.get("from") and step.get("from") == step.get("to"):
            errors.append(("to", "{field}: the same zone as from", {}))
    else:
        errors += [(key, "{field}: only a move step takes a zone to move from or to", {}) for key in ("from", "to") if key in step]
    if ("if_type" in step or "if_min" in step) and not step.get("if_zone"):
        errors.append(("if_zone", "{field}: required with if_type or if_min", {}))
    if step.get("who") in ("self", "chosen") and op != "stat":
        errors.append(("who", "{field}: {value!r} only applies to a stat step", {"value": step["who"]}))
    low = AMOUNT_MIN.get(op)
    if low is not None and step.get("amount") is not None and step["amount"] < low:
        errors.append(("amount", "{field}: must be at least {min} for {op}", {"min": low, "op": op}))
    return errors


def script_field(whens: tuple[str, ...] = WHEN, zones: tuple[str, ...] = ZONES) -> Field:
    """The field for a game: its timings and zones (kannagi has 魂 and no discard pile, for instance)."""
    return Field(
        "script",
        RECORDS,
        "自動処理",
        "Engine effects",
        subfields=(
            Field(
                "op",
                CHOICE,
                "処理",
                "Step",
                choices=OPS,
                choice_labels=labels_for("op", OPS),
                required=True,
                help_en="damage, life, draw, mill, move, stat, resource, counter or win.",
                help_ja="この手順でエンジンが行うこと。",
            ),
            Field(
                "amount", INT, "数", "Amount", min=-99, max=99, help_en="How many (negative: lose life, lower a stat).",
                help_ja="いくつ（マイナス：ライフを失う、能力値を下げる）。",
            ),
            Field("who", CHOICE, "対象", "Whom", choices=WHO, choice_labels=labels_for("who", WHO), help_en="you (default), opponent, each_opponent, each_player, self, chosen."),
            Field("when", CHOICE, "タイミング", "When", choices=whens, choice_labels=labels_for("when", whens), help_en=f"{', '.join(whens)} (default: played)."),
            Field("stat", STR, "能力値", "Stat", max_length=30, help_en="For stat: the stat changed until end of turn (e.g. power).",
                  help_ja="能力値の増減で、ターン終了まで変わる能力値（例：power）。"),
            Field("from", CHOICE, "移動元", "From", choices=zones, choice_labels=labels_for("zone", zones)),
            Field("to", CHOICE, "移動先", "To", choices=zones, choice_labels=labels_for("zone", zones)),
            Field("if_zone", CHOICE, "条件：領域", "If: zone", choices=zones, choice_labels=labels_for("zone", zones)),
            Field("if_type", STR, "条件：種類", "If: card type", max_length=40),
            Field("if_min", INT, "条件：枚数以上", "If: at least", min=0, max=999),
        ),
        record_check=check_step,
        item_ja="手順",
        item_en="Step",
        help_en=(
            "What the engine does for this card in goldfish games, as steps: op (damage, life, draw, mill, move, "
            "stat, resource, counter, win), amount, whom, when, zones and a condition."
        ),
        help_ja=(
            "一人回しでエンジンが自動で行う処理。1行に1つの手順を、処理（ダメージ・カードを引く・カードを移す・能力値の増減など）、"
            "数、対象、タイミング、領域、条件で書きます。書けない効果は手動で処理します。"
        ),
    )


# The games without rules of their own in the engine yet take every timing and zone.
SCRIPT_FIELD = script_field()
