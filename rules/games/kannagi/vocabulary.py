"""The player's words for kannagi's zones, phases, actions and decisions."""

from ...declare.vocabulary import (
    ATTACK,
    DECK,
    DEPLOY,
    DRAW_PHASE,
    END_PHASE,
    END_TURN,
    EXILE,
    FIELD,
    HAND,
    MAIN_PHASE,
    SUMMON,
    Label,
    Vocabulary,
)

ZERO_SEARCH = Label("零探し", "零探し (redraw)")

VOCABULARY = Vocabulary(
    zones={
        "deck": DECK,
        "hand": HAND,
        "field": FIELD,
        "soul": Label("魂", "魂 (soul)"),
        "exile": EXILE,
        "reveal": Label("手札公開場", "Revealed hand"),
    },
    # 魂 is seen by its owner only; the revealed hand is open to both. The field is open to both, but a
    # face-down card on it (a possessing 怪異札) is seen by its owner only (the engine's view).
    hidden=frozenset({"deck", "hand"}),  # (魂 is open to both: 表逆向き)
    phases={
        "zero_search": ZERO_SEARCH,
        "start": Label("ターン開始フェイズ", "Turn start"),
        "recovery": Label("回復フェイズ", "Recovery phase"),
        "draw": DRAW_PHASE,
        "main": MAIN_PHASE,
        "end": END_PHASE,
        "goldfish": Label("相手のターン", "The goldfish's turn"),
    },
    actions={
        "zero_search": ZERO_SEARCH,
        "potential_done": Label("潜在能力を終える", "Done with ■潜在能力"),
        "summon": SUMMON,
        "attack": ATTACK,
        "possess": Label("憑依", "Possess"),
        "deploy": DEPLOY,
        "tool[skip]": Label("道具札を使わない（今は）", "Use no tool now"),
        "tool": Label("道具札を使う", "Use a tool"),
        "end_turn": END_TURN,
        "hand_limit": Label("魂に置く（手札上限）", "Put into 魂 (hand limit)"),
    },
    # the tool window's "not now": one whole label on its button ("tool[skip]"), not 道具札を使う + an option
    options={"skip": Label("今は使わない", "not now")},
    turn_count="own",  # state["turn"] is the player's turn; the goldfish's turn comes between two of them
    events={
        "zero_search": Label(
            "零探し: %(count)s枚を山札の下に置き、同じ枚数を引いた", "零探し: %(count)s put at the bottom of the deck, as many drawn"
        ),
        "hand_limit": Label("手札上限: %(n)s枚を魂に置く", "Hand limit: %(n)s to 魂"),
        "no_draw": Label("%(player)s: 先攻の最初のターンはドローなし", "%(player)s: no draw on the first player's first turn"),
        "tool": Label("%(card)sを使った（魂に置く）", "Used %(card)s (to 魂)"),
        "apparition[effect]": Label("怪異%(card)sが表になり、効果を発動", "The apparition %(card)s turned face up; its effect"),
        "apparition": Label("怪異%(card)sが表になった（魂が足りず効果なし）", "The apparition %(card)s turned face up (魂 too small: no effect)"),
        "god_rule": Label("神のルール: %(cards)s", "神 rule: %(cards)s"),
        "season_gone": Label("季節札%(card)sがないため場に召喚", "The season %(card)s is gone: summoned onto the field"),
        "declaration_void": Label("%(at)sの宣言は行えなかった（%(card)s）", "The %(at)s declaration could not be carried out (%(card)s)"),
        "defend[cards]": Label("防御: 魂%(cards)sを除外", "Defence: %(cards)s exiled from 魂"),
        "defend": Label("防御: 魂を除外せずダメージを受ける", "Defence: no 魂 exiled; the damage is taken"),
        "step_skipped[player]": Label("%(player)s: 効果でのドローは手動で処理してください", "%(player)s: apply the draw by hand"),
    },
    quiet=frozenset({"declare"}),  # a declaration: the tool decision it opens says it
    decisions={
        "zero_search": Label(
            "零探し: 山札の下に置く札を選んで（選ばなくても可）決定してください。",
            "零探し: choose the cards to put at the bottom of your deck (or none), then confirm.",
        ),
        "potential": Label(
            "■潜在能力: 持っている場所札を召喚するか、先に進んでください。",
            "■潜在能力: summon places that have it, or go on.",
        ),
        "hand_limit": Label(
            "手札上限: 魂に置く札を選んで決定してください。",
            "Hand limit: choose the cards to put into 魂, then confirm.",
        ),
        "timing": Label(
            "宣言がありました: 道具札を使うなら選んでください（使わなければ先に進みます）。",
            "A declaration: choose a tool to use now, or go on without one.",
        ),
        "god": Label(
            "神のルール: 同名の”神”の札のどちらを魂に置くか選んでください。",
            "神 rule: choose which of the two same-name 神 cards goes to 魂.",
        ),
        "defend": Label(
            "防御: ダメージを受ける代わりに除外する魂を選んでください（1枚につき1点）。",
            "Defence: choose 魂 cards to exile instead of taking damage (1 point each).",
        ),
        "order": Label(
            "同時に発動した効果: 先に発動する札を選んでください。",
            "Effects at the same time: choose the card whose effect goes first.",
        ),
    },
)
