"""The player's words for vision's zones, phases, actions and decisions, and for its weather area."""

from ...declare.vocabulary import (
    ATTACK,
    CHOOSE,
    DECK,
    DESTROY,
    DISCARD,
    DRAW_PHASE,
    END_PHASE,
    END_TURN,
    EXILE,
    FIELD,
    HAND,
    MAIN_PHASE,
    PAY,
    PLAY,
    UPKEEP,
    Label,
    Vocabulary,
)

VOCABULARY = Vocabulary(
    zones={
        "deck": DECK,
        "hand": HAND,
        "field": FIELD,
        "nodes": Label("ノード", "Nodes"),
        "discard": DISCARD,
        "exile": EXILE,
        "weather": Label("天候デッキ", "Weather deck"),
        "weather_area": Label("天候エリア", "Weather"),  # the shared area of the weather in force
    },
    # Nodes and the weather deck are seen by their owner only.
    hidden=frozenset({"deck", "hand", "nodes", "weather"}),
    phases={
        "active": Label("アクティブフェイズ", "Active phase"),
        "maintenance": Label("メンテナンスフェイズ", "Maintenance phase"),
        "draw": DRAW_PHASE,
        "main": MAIN_PHASE,
        "discard": Label("ディスカードフェイズ", "Discard phase"),
        "end": END_PHASE,
    },
    actions={
        "node": Label("ノードに置く", "Set as a node"),
        "play": PLAY,
        "attack": ATTACK,
        "end_turn": END_TURN,
        "pay": PAY,
        "destroy": DESTROY,
        "discard": DISCARD,
        "weather_choice": CHOOSE,
        "defend": Label("防御する", "Defend"),
        "graze": Label("グレイズする", "Graze"),
        "no_graze": Label("グレイズしない", "Do not graze"),
    },
    decisions={
        "upkeep": UPKEEP,
        "discard": Label("手札上限: 捨てるカードを選んで決定してください。", "Hand limit: choose the cards to discard, then confirm."),
        "weather_choice": Label("天候の効果: 1つ選んでください。", "The weather asks you to choose one."),
        "defend": Label(
            "攻撃されました: 防御するアクティブなキャラクターを選ぶか、選ばずに決定してください（防御しない）。",
            "You are attacked: choose an active character to defend, or confirm none (no defence).",
        ),
        "graze": Label(
            "戦闘ダメージを受けました: 攻撃したキャラクターのGRAZEの値の枚数だけ、山札の上からスリープ状態でノードに加えますか（全てか、加えないか）。",
            "You took combat damage: add the attacker's GRAZE value of cards from the top of your deck to your nodes, sleeping (all of them, or none)?",
        ),
    },
    turn_count="every",  # state["turn"] counts both players' turns (the weather changes every 4th of them)
    events={
        "weather[player,amount]": Label(
            "天候《%(weather)s》: %(player)sへの%(amount)sダメージの代わりに山札から%(milled)s枚を捨て札に",
            "Weather 《%(weather)s》: instead of %(amount)s damage, %(player)s puts %(milled)s from the deck into the discard",
        ),
        "weather[name]": Label("天候%(card)sが天候エリアに出た", "The weather %(card)s is in force"),
        "weather[weather,card]": Label("天候《%(weather)s》: %(card)s", "Weather 《%(weather)s》: %(card)s"),
        "weather[weather,option]": Label("天候《%(weather)s》: 選択%(option)s", "Weather 《%(weather)s》: choice %(option)s"),
        "weather[weather]": Label("天候《%(weather)s》の効果", "Weather 《%(weather)s》 applies"),
        "weather_choice[weather,player]": Label("天候《%(weather)s》: %(player)sが選ぶ", "Weather 《%(weather)s》: %(player)s chooses"),
        "weather_change": Label("天候が入れ替わる", "The weather changes"),
        "life[amount,weather]": Label(
            "%(player)s: ライフ +%(amount)s（天候《%(weather)s》）→ %(life)s", "%(player)s: life +%(amount)s (weather 《%(weather)s》) → %(life)s"
        ),
        "step_skipped[player]": Label("%(player)s: 山札がないため引かない", "%(player)s: no deck, no draw"),
        "pay[cards]": Label("%(player)s: ノード%(cards)sで支払った", "%(player)s: paid with the nodes %(cards)s"),
        "hand_limit": Label("手札上限: %(n)s枚を捨てる", "Hand limit: discard %(n)s"),
        "reveal[card,weather]": Label(
            "天候《%(weather)s》: 山札の上の%(card)sを公開（%(card_type)s）", "Weather 《%(weather)s》: revealed %(card)s from the top (%(card_type)s)"
        ),
        "reveal[cards,weather]": Label("天候《%(weather)s》: %(cards)sを公開", "Weather 《%(weather)s》: revealed %(cards)s"),
        "attack_cancelled": Label("%(card)sの攻撃は取りやめ（天候《%(weather)s》）", "The attack of %(card)s is called off (weather 《%(weather)s》)"),
        "card_damage[by]": Label("%(card)s: %(amount)sダメージ（%(by)s）", "%(card)s: %(amount)s damage (%(by)s)"),
        "card_damage": Label("%(card)s: %(amount)sダメージ", "%(card)s: %(amount)s damage"),
        "pierce": Label("%(card)s: 貫通 %(amount)s", "%(card)s: 貫通 %(amount)s"),
        "kesshi": Label("%(card)s: 決死", "%(card)s: 決死"),
        "sleep": Label("%(card)sはスリープ状態になった", "%(card)s went to sleep"),
        "play_nullified": Label("%(card)sのプレイは無効（天候《%(weather)s》）", "Playing %(card)s has no effect (weather 《%(weather)s》)"),
        "play_protected": Label("%(card)sのプレイには干渉できない（天候《%(weather)s》）", "Nothing may interfere with playing %(card)s (weather 《%(weather)s》)"),
        "weather_prevents": Label("天候《%(weather)s》: %(card)sはできない", "Weather 《%(weather)s》 prevents %(card)s"),
        "attack": Label("%(card)sで攻撃", "%(card)s attacks"),  # (said where the action's line does not: another seat's)
        "battle": Label("%(attacker)sと%(defender)sの戦闘", "%(attacker)s battles %(defender)s"),
        "defend": Label("%(card)sが%(attacker)sの攻撃を防御", "%(card)s defends against %(attacker)s"),
        "defend_choice": Label("%(player)s: %(card)sの攻撃を防御するか選ぶ", "%(player)s: defend against %(card)s or not"),
        "no_defence": Label("%(player)s: %(card)sの攻撃を防御しない", "%(player)s: no defence against %(card)s"),
        "graze_choice": Label("%(player)s: %(card)sのGRAZE %(n)sをするか選ぶ", "%(player)s: GRAZE %(n)s from %(card)s or not"),
        "graze": Label("%(player)s: GRAZE %(n)s（%(card)s）: 山札の上から%(n)s枚をノードに", "%(player)s: GRAZE %(n)s (%(card)s): %(n)s from the deck to the nodes"),
        "no_graze": Label("%(player)s: %(card)sのGRAZEをしない", "%(player)s: no GRAZE from %(card)s"),
        "defence_cancelled": Label("%(card)sは防御できない（%(keyword)s）", "%(card)s cannot defend (%(keyword)s)"),
        "tap[tapped]": Label("スリープ: %(cards)s", "To sleep: %(cards)s"),
        "tap": Label("アクティブ: %(cards)s", "Active: %(cards)s"),
    },
    # the weather cards going back and coming out (the weather lines say it)
    quiet=frozenset({"attack_ends", "move:weather>weather_area", "move:weather_area>weather"}),
    words={  # the weather area
        "weather_left": Label("天候の入れ替えまで あと%(n)sターン（両者のターンの合計）", "%(n)s turn(s) left, both players' turns counted"),
        "no_weather": Label("天候はありません。", "No weather in force."),
        "weather_auto": Label("自動で処理", "applied by the engine"),
        "weather_partial": Label("一部は手動", "partly by hand"),
        "weather_manual": Label("手動操作で適用", "apply it with the manual tools"),
    },
    reasons={"draw": Label("両者敗北", "both lost"), "yuki": Label("天候《雪》で山札を破棄できない", "could not mill under the weather 《雪》")},
)
