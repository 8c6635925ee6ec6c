"""The effect vocabulary of the 兵・呪術・土地 game: the common `script` steps plus what its cards need.

The common steps (rules/declare/script.py) act on players: damage (to 戦力), life, draw, mill, move, stat,
resource, counter, win. This game's cards also act on cards on the board, so a step may name a `target`
(which cards) with filters, and four more ops exist:

    {"op": "damage", "when": "effect1", "target": "chosen", "side": "enemy", "kind": "兵", "amount": 1}
        潮騒の見習い術士: 敵兵一枚に1ダメージ。
    {"op": "destroy", "when": "effect1", "target": "all", "side": "enemy", "area": "enemy_camp", "kind": "兵"}
    {"op": "stat", "when": "continuous", "target": "all", "side": "own", "kind": "兵", "attribute": "闇",
     "stat": "power", "amount": 2}                                   暗黒城塞都市: 闇の自兵全てに「-2/-1/+2」
    {"op": "uncounter", "target": "chosen", "side": "own", "kind": "兵", "amount": 2}   カウンターを二つまで取り除く
    {"op": "bind", "target": "chosen", "kind": "兵"}                 血塗れた刀: 場の兵を一枚選ぶ (for `bound`)
    {"op": "rule", "when": "continuous", "rule": "damaged_destroyed", "while": "!exists kind=兵 attribute=光"}

When: "effect1".."effect4" = the card's k-th ■ effect resolves; "played" = it arrives (summon, cast, deploy);
"continuous" = while it is on the board (a "this" target in area "hand": while it is in the hand).
Targets: this, chosen (`count` cards, `up_to` for "まで"; `or_player` also offers the enemy player), all,
same (the cards the step before chose), bound (the card a bind step chose), battled (the soldiers of the
battle now). Filters: side (own / enemy / any, from the card's controller), area (own_camp, battlefield,
enemy_camp, board, hand, any = hand and board, enemy_storage), kind (兵 呪術 土地), attribute, race, special
(特殊種別 or 特殊種別2; a leading "!" means "other than"), min_cost, max_cost. `duration`: a stat step lasts
until the end of the turn ("turn", the default) or for good ("permanent"). `mode`: the steps of one of
several alternatives (…するか、…する): the player picks the mode when activating. `while`: a condition,
"exists <filters>" or "!exists <filters>" (filters as key=value: side kind attribute race special other=1).
"""

from __future__ import annotations

from dataclasses import replace

from ...declare.fields import BOOL, CHOICE, INT, STR, Field
from ...declare.script import OPS, check_step, labels_for, script_field

GAME_OPS = ("destroy", "uncounter", "bind", "rule")
WHENS = ("played", "effect1", "effect2", "effect3", "effect4", "continuous")
ZONES = ("deck", "hand", "power", "storage", "discard", "board")
TARGETS = ("this", "chosen", "all", "same", "bound", "battled")
SIDES = ("own", "enemy", "any")
AREAS = ("own_camp", "battlefield", "enemy_camp", "board", "hand", "any", "enemy_storage")
KINDS = ("兵", "呪術", "土地")
RULES = ("own_battle_no_destroy", "damaged_destroyed", "free_move_to_battlefield")
DURATIONS = ("turn", "permanent")
STATS = ("cost", "move_cost", "power", "upkeep")
FILTER_KEYS = ("side", "kind", "attribute", "race", "special", "other")
# The names of this game's ops, timings and filters (rules/declare/script.py names the common ones).
LABELS = {
    "op": {
        "destroy": ("破棄する", "Destroy"),
        "uncounter": ("カウンターを取り除く", "Remove counters"),
        "bind": ("カードを選んでおく", "Bind a card"),
        "rule": ("ルールを変える", "Change a rule"),
    },
    "when": {
        "played": ("場に出たとき", "When it arrives"),
        "effect1": ("■効果1の解決時", "Effect 1 resolves"),
        "effect2": ("■効果2の解決時", "Effect 2 resolves"),
        "effect3": ("■効果3の解決時", "Effect 3 resolves"),
        "effect4": ("■効果4の解決時", "Effect 4 resolves"),
        "continuous": ("永続（場にあるあいだ）", "Continuous"),
    },
    "target": {
        "this": ("このカード", "This card"),
        "chosen": ("選んだカード", "Chosen cards"),
        "all": ("該当するすべて", "All that match"),
        "same": ("直前に選んだカード", "The cards chosen before"),
        "bound": ("選んでおいたカード", "The bound card"),
        "battled": ("戦闘中の兵", "The soldiers in the battle"),
    },
    "side": {"own": ("自分", "Own"), "enemy": ("敵", "Enemy"), "any": ("どちらでも", "Either")},
    "area": {
        "own_camp": ("自陣", "Own camp"),
        "battlefield": ("戦場", "Battlefield"),
        "enemy_camp": ("敵陣", "Enemy camp"),
        "board": ("盤面", "Board"),
        "hand": ("手札", "Hand"),
        "any": ("手札と盤面", "Hand and board"),
        "enemy_storage": ("敵の倉庫", "Enemy storage"),
    },
    "rule": {
        "own_battle_no_destroy": ("自分の戦闘では破棄されない", "Not destroyed in its own battles"),
        "damaged_destroyed": ("ダメージを受けた兵は破棄される", "Damaged soldiers are destroyed"),
        "free_move_to_battlefield": ("戦場への移動コストが0", "Moving to the battlefield is free"),
    },
    "duration": {"turn": ("ターン終了まで", "Until end of turn"), "permanent": ("永続", "Permanent")},
}


def _labels(kind: str, values) -> dict:
    return {v: LABELS[kind][v] for v in values if v in LABELS[kind]}
BOARD_OPS = ("destroy", "uncounter", "bind")


_WHILE_WORDS = {  # a condition's filters as players read them: (ja, en)
    "kind": ("種類", "type"),
    "attribute": ("属性", "attribute"),
    "race": ("種族", "race"),
    "special": ("特殊種別", "special type"),
}


def show_special(text, lang: str) -> str:
    """A special-type filter in words: '!ビナルクス' -> ビナルクス以外 ("other than ビナルクス")."""
    text = str(text)
    if not text.startswith("!"):
        return text
    return f"{text[1:]}以外" if lang.startswith("ja") else f"other than {text[1:]}"


def show_while(text, lang: str) -> str:
    """A condition in words: '!exists kind=兵 attribute=光' -> 盤面に「種類：兵・属性：光」のカードがない間
    ("while there is no card (type 兵, attribute 光) on the board"). Text that does not parse is shown as written."""
    try:
        exists, filters = parse_while(str(text))
    except ValueError:
        return str(text)
    ja = lang.startswith("ja")
    parts = []
    for key, value in filters.items():
        if key in _WHILE_WORDS:
            negated = value.startswith("!")
            word = _WHILE_WORDS[key][0 if ja else 1]
            value = value.lstrip("!")
            parts.append(f"{word}：{value}以外" if ja and negated else f"{word}：{value}" if ja else f"{word} {'not ' if negated else ''}{value}")
    side = {"own": ("自分の", " of yours"), "enemy": ("敵の", " of the enemy's")}.get(filters.get("side"), ("", ""))
    other = filters.get("other")
    if ja:
        what = f"{side[0]}{'ほかの' if other else ''}カード" + (f"（{'・'.join(parts)}）" if parts else "")
        return f"盤面に{what}が{'ある' if exists else 'ない'}間"
    article = ("another " if other else "a ") if exists else ("other " if other else "")
    what = f"{article}card{side[1]}" + (f" ({', '.join(parts)})" if parts else "")
    return f"while there is {'' if exists else 'no '}{what} on the board"


def parse_while(text: str) -> tuple[bool, dict]:
    """'!exists kind=兵 attribute=光' -> (False, {"kind": "兵", "attribute": "光"}); raises ValueError."""
    words = text.split()
    if not words or words[0] not in ("exists", "!exists"):
        raise ValueError("a condition starts with exists or !exists")
    filters = {}
    for word in words[1:]:
        key, eq, value = word.partition("=")
        if not eq or key not in FILTER_KEYS or not value:
            raise ValueError(f"{word!r} is not key=value with a key among {' '.join(FILTER_KEYS)}")
        filters[key] = value
    return words[0] == "exists", filters


def check_game_step(step: dict) -> list[tuple[str, str, dict]]:
    """The common checks (no `who` self/chosen except for stat), and this game's."""
    errors = [e for e in check_step(step) if not (e[0] == "who" and step.get("target"))]
    op = step.get("op")
    if op in BOARD_OPS and not step.get("target"):
        errors.append(("target", "{field}: a {op} step needs a target", {"op": op}))
    if op == "rule" and not step.get("rule"):
        errors.append(("rule", "{field}: required", {}))
    if op == "stat" and step.get("stat") and step["stat"] not in STATS:
        errors.append(("stat", "{field}: {value!r} is not one of {allowed}", {"value": step["stat"], "allowed": " ".join(STATS)}))
    if step.get("while"):
        try:
            parse_while(step["while"])
        except ValueError:
            errors.append(("while", "{field}: write exists or !exists, then key=value filters with keys among {keys}",
                           {"keys": " ".join(FILTER_KEYS)}))
    return errors


def _game_subfield(sub: Field) -> Field:
    if sub.key == "op":
        ops = OPS + GAME_OPS
        return replace(sub, choices=ops, choice_labels=labels_for("op", ops, LABELS["op"]), help_en=", ".join(ops) + ".")
    if sub.key == "when":
        return replace(sub, choice_labels=labels_for("when", sub.choices, LABELS["when"]))
    return sub


_BASE = script_field(whens=WHENS, zones=ZONES)
SCRIPT = replace(
    _BASE,
    subfields=tuple(_game_subfield(s) for s in _BASE.subfields)
    + (
        Field("target", CHOICE, "対象カード", "Target cards", choices=TARGETS, choice_labels=_labels("target", TARGETS), help_en="this, chosen, all, same, bound or battled."),
        Field("side", CHOICE, "陣営", "Side", choices=SIDES, choice_labels=_labels("side", SIDES), help_en="own, enemy or any (default)."),
        Field("area", CHOICE, "範囲", "Area", choices=AREAS, choice_labels=_labels("area", AREAS), help_en="own_camp, battlefield, enemy_camp, board (default), hand, any, enemy_storage."),
        Field("kind", CHOICE, "種類", "Card kind", choices=KINDS),
        Field("attribute", STR, "属性", "Attribute", max_length=10),
        Field("race", STR, "種族", "Race", max_length=40),
        Field("special", STR, "種別", "Special type", max_length=40, help_en="特殊種別 or 特殊種別2; !X = other than X.", show=show_special),
        Field("min_cost", INT, "召喚コスト以上", "Cost at least", min=0, max=99),
        Field("max_cost", INT, "召喚コスト以下", "Cost at most", min=0, max=99),
        Field("count", INT, "枚数", "How many", min=1, max=20, help_en="Cards to choose (default 1)."),
        Field("up_to", BOOL, "まで", "Up to"),
        Field("or_player", BOOL, "または敵戦力", "Or the enemy player"),
        Field("duration", CHOICE, "期間", "Duration", choices=DURATIONS, choice_labels=_labels("duration", DURATIONS), help_en="turn (default) or permanent."),
        Field("mode", INT, "選択肢", "Mode", min=1, max=9),
        Field("while", STR, "条件", "While", max_length=100, help_en="exists / !exists with key=value filters.", show=show_while),
        Field("rule", CHOICE, "ルール", "Rule", choices=RULES, choice_labels=_labels("rule", RULES)),
    ),
    record_check=check_game_step,
    help_en=(
        "What the engine does for this card, as steps: the common ops on players, and ops on cards on the board "
        "with a target and filters; when: effect1..effect4 (the k-th ■ effect), played, continuous."
    ),
)
