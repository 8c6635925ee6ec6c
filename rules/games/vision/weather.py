"""The 非想天則 weathers (seed 000): one small handler per timing a weather acts at, by card name.

A weather is in force while its card is in the shared zone "weather_area" (天候エリア). The rules class
(play.py) calls `HANDLERS[name][timing](rules, state)` for every weather in force, in the area's order
(the turn player would order simultaneous effects; the engine takes the area's order). The continuous
(自動α) weathers are read where the rule they change is applied (costs, untapping, damage, 決死, the
result): play.py names them there. Weathers that need a decision set a "weather_choice" pending decision
whose legal actions are listed in it (choice_of: the field and candidates they answer with).

WEATHER_STATUS says, for each of the 30 weathers, whether the engine applies it ("auto": every part that
can come up in a game against the goldfish; "partial": the parts named in the note are left to the
player) or shows it as a rule in force that the player applies with manual actions ("manual").
"""

from __future__ import annotations

from ...engine import rng
from ...engine.core import move

CHARACTER, SPELL, COMMAND, WEATHER = "キャラクター", "スペル", "コマンド", "天候"
HUMAN = "人間"

WEATHER_STATUS: dict[str, tuple[str, str]] = {
    "白夜": ("partial", "攻撃・防御は自動（オプション「白夜」）。スリープがコストの起動効果（カードの文章）は手動で、1ターン合計2回に数える。"),
    "極夜": ("auto", ""),
    "宵闇": ("auto", ""),
    "地震雲": ("auto", ""),
    "春一番": ("auto", ""),
    "精霊風": ("auto", ""),
    "時雨": ("auto", ""),
    "薄曇": ("auto", ""),
    "極光": ("auto", ""),
    "豪雨": ("auto", ""),
    "炎天": ("auto", ""),  # the one interference a goldfish game has: 天気雨's nullifying (play.py's _tenkiame)
    "快晴": ("auto", ""),
    "霧雨": ("auto", ""),
    "曇天": ("auto", ""),
    "蒼天": ("auto", ""),
    "雹": ("auto", ""),
    "花曇": ("auto", ""),
    "濃霧": ("auto", ""),
    "雪": ("auto", ""),
    "天気雨": ("auto", ""),
    "疎雨": ("auto", ""),
    "風雨": ("auto", ""),
    "晴嵐": ("partial", "手札を見ずにプレイする制限（タイミングが不適切なら無効にして破棄）は手動。コスト0と解除は自動。"),
    "川霧": ("auto", ""),
    "台風": ("auto", ""),
    "凧": ("auto", ""),
    "ダイヤモンドダスト": ("auto", ""),
    "黄砂": ("auto", ""),  # battle.py's _kousa
    "烈日": ("auto", ""),
    "梅雨": ("auto", ""),
}
# The weathers the engine applies (wholly, or the parts a goldfish game can meet: see WEATHER_STATUS).
AUTOMATED_WEATHERS = tuple(name for name, (status, _) in WEATHER_STATUS.items() if status != "manual")

HARU_OPTIONS = (
    {"option": 1, "label": "デッキの上のカード1枚をアクティブ状態でノードに加える"},
    {"option": 2, "label": "相手プレイヤーは1ドローする。その後、ライフを3回復する"},
    {"option": 3, "label": "自分の場のキャラクター1枚をスリープ状態にする。その後、目標の相手キャラクター1枚をスリープ状態にする"},
)
YOIYAMI_OPTIONS = (
    {"option": 1, "label": "キャラクター・スペル", "types": [CHARACTER, SPELL]},
    {"option": 2, "label": "キャラクター・コマンド", "types": [CHARACTER, COMMAND]},
    {"option": 3, "label": "スペル・コマンド", "types": [SPELL, COMMAND]},
)


def _defs(state, iid) -> dict:
    return state["defs"][state["cards"][iid]["def"]]


def characters(state, player) -> list[str]:
    """The characters on the player's field, in its order."""
    return [i for i in state["zones"][f"p{player}.field"] if _defs(state, i).get("card_type") == CHARACTER]


def is_human(state, iid) -> bool:
    """種族:人間 (白夜 and 極夜 read it)."""
    return HUMAN in ((_defs(state, iid).get("fields") or {}).get("race") or ())


def _sleep_by_effect(state, iid) -> list[dict]:
    """白夜 (自動α): [種族:人間を持つ全てのキャラクター]はカードの効果によってスリープ状態にならない。"""
    names = weathers(state)
    if "白夜" in names and is_human(state, iid):
        return [{"type": "weather_prevents", "weather": "白夜", "card": iid}]
    state["cards"][iid]["tapped"] = True
    return [{"type": "sleep", "card": iid}]


def weathers(state) -> list[str]:
    """The names of the weather cards in the weather area, in its order (kept in state["flags"]["weathers"]
    whenever the area changes: by the weather rule or by a manual action)."""
    return state["flags"]["weathers"]


def area_weathers(state) -> list[str]:
    cards, defs = state["cards"], state["defs"]
    out = []
    for i in state["zones"]["weather_area"]:
        d = defs[cards[i]["def"]]
        if d.get("card_type") == WEATHER:
            out.append(d.get("name"))
    return out


# -- triggered (自動γ) handlers ----------------------------------------------------------------------------


def hail(rules, state) -> list[dict]:
    """雹: ターン開始時、全てのプレイヤーは自分の[スリープ状態のノード2枚]をアクティブ状態にしても良い。
    (Being active is never worse, so the engine takes the "may" for every player.)"""
    events = []
    for player in range(len(state["players"])):
        woken = [i for i in state["zones"][f"p{player}.nodes"] if state["cards"][i]["tapped"]][:2]
        for iid in woken:
            state["cards"][iid]["tapped"] = False
        if woken:
            events.append({"type": "weather", "weather": "雹", "player": player, "cards": woken})
    return events


def quake(rules, state) -> list[dict]:
    """地震雲: [全てのプレイヤー]は自ターン終了時、サイコロをふる。その後、Xダメージを受ける。…無効、又は軽減されない。"""
    player = state["active"]
    value = rng.below(state, 6) + 1
    events = [{"type": "roll", "sides": 6, "value": value, "weather": "地震雲", "player": player}]
    return events + rules.damage(state, player, value, unpreventable=True)


def kite(rules, state) -> list[dict]:
    """凧: ターン終了時、[この効果の直前に相手プレイヤーにダメージを与えたプレイヤー全て]は3ライフポイントを得る。
    (The option "tako": by default the players who dealt damage to an opponent during this turn; "last": the
    player who dealt the latest damage to an opponent, in this turn or before.)"""
    flags = state["flags"]
    dealers = flags["dealt"] if state["options"]["tako"] == "turn" else [flags["last_dealer"]] if flags["last_dealer"] is not None else []
    events = []
    for player in dealers:
        events += rules.gain(state, player, 3, weather="凧")
    return events


def diamond_dust(rules, state) -> list[dict]:
    """ダイヤモンドダスト: ターン終了時、[このターンとこの前のターン中に場に出たキャラクターを除く、スリープ状態の
    キャラクター全て]に2ダメージを与える。"""
    turn = state["turn"]
    hit = []
    for player in range(len(state["players"])):
        for iid in characters(state, player):
            card = state["cards"][iid]
            if card["tapped"] and card.get("entered", turn) < turn - 1:
                card["counters"]["damage"] = card["counters"].get("damage", 0) + 2
                hit.append(iid)
    return [{"type": "weather", "weather": "ダイヤモンドダスト", "damaged": hit}] if hit else []


def kirisame_maintenance(rules, state) -> list[dict]:
    """霧雨: 全てのプレイヤーは自ターンのメンテナンスフェイズ開始時、目標の[相手プレイヤー1人]にXダメージを与える。
    Xはターンプレイヤーの場の「世界呪符」を持つカードの枚数の3倍に等しい。"""
    player = state["active"]
    count = sum(1 for i in state["zones"][f"p{player}.field"] if "世界呪符" in (_defs(state, i).get("keywords") or ()))
    return rules.damage(state, 1 - player, 3 * count, by=player)


def retsujitsu_maintenance(rules, state) -> list[dict]:
    """烈日: [全てのプレイヤー]は自ターンのメンテナンスフェイズ開始時、Xダメージを受ける。Xはあなたの場の必要ノードが6以上の
    キャラクターの枚数の3倍に等しい。"""
    player = state["active"]
    count = sum(1 for i in characters(state, player) if ((_defs(state, i).get("fields") or {}).get("required_nodes") or 0) >= 6)
    return rules.damage(state, player, 3 * count)


def kawagiri_return(rules, state) -> list[dict]:
    """川霧: メインフェイズ開始時、または天候終了時、[このカードの効果で除外されたキャラクターカード全て]をアクティブ状態で
    本来のプレイヤーの場に戻す。(豪雨 in force: a character cannot be put onto the field other than by play.)"""
    if "豪雨" in weathers(state):
        return []
    events = []
    for player in range(len(state["players"])):
        for iid in [i for i in state["zones"][f"p{player}.exile"] if state["cards"][i].get("river")]:
            card = state["cards"][iid]
            del card["river"]
            events.append(move(state, iid, f"p{card['owner']}.field", face_up=True))
            card.update(tapped=False, entered=state["turn"])
    return events


def kawagiri_exile(rules, state, iid) -> list[dict]:
    """川霧: キャラクターがプレイされて場に出た場合、[そのキャラクター]をゲームから除外する。"""
    card = state["cards"][iid]
    if not card["zone"].endswith(".field"):
        return []
    events = rules.leave_field(state, iid, f"p{card['owner']}.exile")
    card["river"] = True
    return events + [{"type": "weather", "weather": "川霧", "card": iid}]


def byakuya_end(rules, state) -> list[dict]:
    """白夜: 天候終了時、[種族:人間を持つ全てのキャラクター]をスリープ状態にする。"""
    slept = []
    for player in range(len(state["players"])):
        for iid in characters(state, player):
            if is_human(state, iid):
                state["cards"][iid]["tapped"] = True
                slept.append(iid)
    return [{"type": "weather", "weather": "白夜", "slept": slept}]


def kyokuya_end(rules, state) -> list[dict]:
    """極夜: 天候終了時、[スリープ状態である種族:人間を持たない全てのキャラクター]を決死状態にする。"""
    events = []
    for player in range(len(state["players"])):
        for iid in characters(state, player):
            if state["cards"][iid]["tapped"] and not is_human(state, iid):
                events += rules.kesshi(state, iid)
    return [{"type": "weather", "weather": "極夜"}] + events


def usugumori(rules, state, iid) -> list[dict]:
    """薄曇: [全てのプレイヤー]はカードがプレイされ、効果が解決される度に、[デッキの上のカードX枚]を破棄する。
    Xはそのカードの本来のコストに等しい。(The goldfish has no deck.)"""
    cost = _defs(state, iid).get("cost") or 0
    events = []
    for player in range(len(state["players"])):
        if cost and not state["players"][player]["goldfish"]:
            events += rules.mill(state, player, cost)
    return events


def kirisame_spell(rules, state, iid) -> list[dict]:
    """霧雨: スペルカードがプレイされ、その効果が解決された場合、ターンプレイヤーは目標の[相手プレイヤー1人]に3ダメージを与える。"""
    player = state["active"]
    return rules.damage(state, 1 - player, 3, by=player)


def donten_spell(rules, state, iid) -> list[dict]:
    """曇天: [全てのプレイヤー]は、自分の場に術者がいるスペルカードをプレイし、その効果が解決された場合、1ドロウする。"""
    player = state["cards"][iid]["owner"]
    if not rules.has_caster(state, player, iid):
        return []
    return rules.draw_cards(state, player, 1)


# -- decisions ------------------------------------------------------------------------------------------------


def haru_actions(state, player) -> list[dict]:
    """春一番's choices: 1 and 2, and 3 once for each of the player's active characters."""
    out = [{"type": "weather_choice", "option": 1}, {"type": "weather_choice", "option": 2}]
    return out + [
        {"type": "weather_choice", "option": 3, "card": i} for i in characters(state, player) if not state["cards"][i]["tapped"]
    ]


def haru_targets(state, player) -> list[dict]:
    return [{"type": "weather_choice", "card": i} for i in characters(state, 1 - player)]


def choice_of(pending) -> tuple[str, list]:
    """The field of a weather_choice and its candidates (the decision's): the options of 春一番 or 宵闇 that
    its actions list (春一番's option 3 also names a card: one action per active character), or the cards
    春一番's second stage may target."""
    if pending["stage"] == "target":
        return "card", [a["card"] for a in pending["actions"]]
    return "option", list(dict.fromkeys(a["option"] for a in pending["actions"]))


def haru_ichiban(rules, state) -> list[dict]:
    """春一番: [全てのプレイヤー]は自ターンのメインフェイズ開始時、以下の効果を1つ選んで解決する。
    (The goldfish never decides: on its turn nothing happens.)"""
    player = state["active"]
    if state["players"][player]["goldfish"]:
        return []
    state["pending"] = {
        "type": "weather_choice",
        "player": player,
        "weather": "春一番",
        "stage": "option",
        "options": [dict(o) for o in HARU_OPTIONS],
        "actions": haru_actions(state, player),
    }
    return [{"type": "weather_choice", "weather": "春一番", "player": player}]


def haru_resolve(rules, state, pending, action) -> list[dict]:
    player = pending["player"]
    if pending["stage"] == "target":
        target = action.get("card")
        return _sleep_by_effect(state, target) if target is not None else []
    option = action["option"]
    events = [{"type": "weather", "weather": "春一番", "option": option}]
    if option == 1:  # the top card of the deck to the nodes, active
        deck = state["zones"][rules.draw_source(state, player)]
        if deck:
            iid = deck[-1]
            events.append(move(state, iid, f"p{player}.nodes", face_up=False))
            state["cards"][iid]["tapped"] = False
        return events
    if option == 2:  # the opponent draws 1, then [ライフ] +3: the chooser's or that opponent's (option "haru_heal")
        healed = player if state["options"]["haru_heal"] == "chooser" else 1 - player
        return events + rules.draw_cards(state, 1 - player, 1) + rules.gain(state, healed, 3, weather="春一番")
    events += _sleep_by_effect(state, action["card"])
    targets = haru_targets(state, player)
    if targets:
        state["pending"] = {**pending, "stage": "target", "card": action["card"], "actions": targets}
    return events


def yoiyami(rules, state, attacker) -> list[dict]:
    """宵闇: [全てのプレイヤー]はキャラクターに攻撃をさせる度にカードの種類を2種類宣言し、[デッキの上のカード1枚]を公開する。"""
    player = state["cards"][attacker]["owner"]
    state["pending"] = {
        "type": "weather_choice",
        "player": player,
        "weather": "宵闇",
        "stage": "declare",
        "attacker": attacker,
        "options": [dict(o) for o in YOIYAMI_OPTIONS],
        "actions": [{"type": "weather_choice", "option": o["option"]} for o in YOIYAMI_OPTIONS],
    }
    return [{"type": "weather_choice", "weather": "宵闇", "player": player}]


def yoiyami_resolve(rules, state, pending, action) -> list[dict]:
    """公開したカードの種類が宣言したものでない場合、そのキャラクターの攻撃を取り消し、3点ダメージをそのキャラクターと
    プレイヤーに与える。その後、公開したカードをデッキの下に戻す。(An empty deck reveals nothing: the attack goes on.)"""
    player, attacker = pending["player"], pending["attacker"]
    declared = next(o["types"] for o in YOIYAMI_OPTIONS if o["option"] == action["option"])
    deck_zone = rules.draw_source(state, player)
    deck = state["zones"][deck_zone]
    if not deck:
        return [{"type": "weather", "weather": "宵闇", "revealed": None}] + rules.attack_goes_on(state, attacker)
    top = deck[-1]
    kind = _defs(state, top).get("card_type")
    events = [{"type": "reveal", "card": top, "card_type": kind, "weather": "宵闇", "declared": declared}]
    if kind in declared:
        events.append(move(state, top, deck_zone, index=0, face_up=False))
        return events + rules.attack_goes_on(state, attacker)
    events.append({"type": "attack_cancelled", "card": attacker, "weather": "宵闇"})
    card = state["cards"][attacker]
    if card["zone"].endswith(".field"):
        card["counters"]["damage"] = card["counters"].get("damage", 0) + 3
        events.append({"type": "card_damage", "card": attacker, "amount": 3})
    events += rules.damage(state, player, 3)
    # その後 (after the damage): the revealed card, still the top card while the damage is dealt (雪 mills it
    # then, and it is no longer there to go back), goes to the bottom of the deck
    if state["cards"][top]["zone"] == deck_zone:
        events.append(move(state, top, deck_zone, index=0, face_up=False))
    return events


HANDLERS: dict[str, dict] = {
    "白夜": {"weather_end": byakuya_end},
    "極夜": {"weather_end": kyokuya_end},
    "地震雲": {"turn_end": quake},
    "春一番": {"main_choice": haru_ichiban},
    "薄曇": {"resolved": usugumori},
    "霧雨": {"maintenance": kirisame_maintenance, "spell_resolved": kirisame_spell},
    "曇天": {"spell_resolved": donten_spell},
    "雹": {"turn_start": hail},
    "川霧": {"main_start": kawagiri_return, "weather_end": kawagiri_return, "entered": kawagiri_exile},
    "凧": {"turn_end": kite},
    "ダイヤモンドダスト": {"turn_end": diamond_dust},
    "烈日": {"maintenance": retsujitsu_maintenance},
}
TIMINGS = ("turn_start", "maintenance", "main_start", "main_choice", "turn_end", "weather_end", "resolved", "spell_resolved", "entered")
BY_TIMING: dict[str, dict] = {t: {n: h[t] for n, h in HANDLERS.items() if t in h} for t in TIMINGS}
