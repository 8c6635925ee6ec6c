"""The player's words for original's zones, phases, actions and decisions: its deck is 支援, its life 戦力,
and its board a grid of five rows."""

from ...declare.vocabulary import (
    CANCEL,
    DEPLOY,
    DESTROY,
    END_TURN,
    HAND,
    PASS,
    PAY,
    SUMMON,
    UPKEEP,
    Label,
    Vocabulary,
)

VOCABULARY = Vocabulary(
    zones={
        "deck": Label("支援", "支援 (deck)"),
        "hand": HAND,
        "power": Label("戦力", "戦力 (life)"),
        "storage": Label("倉庫", "倉庫 (storage)"),
        "discard": Label("墓地", "墓地 (discard)"),
        "board": Label("盤面", "Board"),
    },
    hidden=frozenset({"deck", "hand"}),
    # The seed numbers its phases ①–④ and says what each part does (<四>ターンの流れ): named here by that.
    phases={
        "refresh": Label("フェイズ① 準備（支援・倉庫）", "Phase ① Ready (支援, 倉庫)"),
        "upkeep": Label("フェイズ① 維持コスト", "Phase ① Upkeep"),
        "main": Label("フェイズ② 展開・移動", "Phase ② Deploy and move"),
        "battle": Label("フェイズ② 戦闘", "Phase ② Battle"),
        "supply": Label("フェイズ③ 補充", "Phase ③ Supply"),
        "end": Label("フェイズ④ ターン終了", "Phase ④ End of turn"),
    },
    turn_count="every",  # state["turn"] counts both players' turns
    events={
        "damage[player,source]": Label(
            "%(player)s: %(amount)sダメージ（%(source)s）→ 戦力のカウンター %(counters)s",
            "%(player)s: %(amount)s damage (%(source)s) → counters on 戦力 %(counters)s",
        ),
        "damage[player]": Label(
            "%(player)s: %(amount)sダメージ → 戦力のカウンター %(counters)s", "%(player)s: %(amount)s damage → counters on 戦力 %(counters)s"
        ),
        "damage[source]": Label(
            "%(card)s: %(amount)sダメージ（%(source)s）→ カウンター %(counters)s",
            "%(card)s: %(amount)s damage (%(source)s) → counters %(counters)s",
        ),
        "damage": Label("%(card)s: %(amount)sダメージ → カウンター %(counters)s", "%(card)s: %(amount)s damage → counters %(counters)s"),
        "power_lost": Label(
            "%(player)s: 戦力%(card)sを手札に（カウンターが10を超えた）", "%(player)s: 戦力 %(card)s to the hand (more than 10 counters)"
        ),
        "upkeep": Label("維持コスト: %(card)s（%(cost)s）", "Upkeep: %(card)s (%(cost)s)"),
        "upkeep_paid": Label("%(card)sの維持コストを支払った", "Paid the upkeep of %(card)s"),
        "upkeep_unpaid": Label("%(card)sの維持コストを支払わず破棄", "%(card)s: upkeep not paid, destroyed"),
        "battle[defender]": Label("戦闘: %(attacker)s 対 %(defender)s（%(pos)s）", "Battle: %(attacker)s against %(defender)s (%(pos)s)"),
        "battle": Label("戦闘: %(attacker)s 対 幻影 0/0/0（%(pos)s）", "Battle: %(attacker)s against a phantom 0/0/0 (%(pos)s)"),
        "battle_compare": Label("パワー比較: %(attacker)s 対 %(defender)s", "Power: %(attacker)s against %(defender)s"),
        "battle_void": Label("戦闘は行われなかった", "No battle"),
        "moved[reason]": Label("%(card)s: 自陣に戻った（%(pos)s）", "%(card)s went back to the camp (%(pos)s)"),
        "moved": Label("%(card)s: %(pos)sへ", "%(card)s to %(pos)s"),
        "no_room_in_camp": Label("%(card)s: 自陣に空きがない", "%(card)s: no room in the camp"),
        "activate": Label("%(card)s: 効果%(effect)sを発動", "%(card)s: effect %(effect)s"),
        "forced": Label("%(card)s: 効果%(effect)sを強制対抗で発動", "%(card)s: effect %(effect)s, a forced response"),
        "effect_text": Label("%(card)s 効果%(effect)s: 「%(text)s」（手動で処理）", "%(card)s effect %(effect)s: “%(text)s” (apply it by hand)"),
        "fizzled": Label("%(card)sは不発に終わった", "%(card)s fizzled"),
        "bind": Label("%(card)s → 対象 %(target)s", "%(card)s → its target %(target)s"),
        "uncounter": Label("%(card)s: カウンターを%(amount)s個取り除いた", "%(card)s: %(amount)s counters removed"),
        "tap[tapped]": Label("使用: %(cards)s", "Tapped: %(cards)s"),
        "tap": Label("未使用に戻した: %(cards)s", "Untapped: %(cards)s"),
        "declared": Label("%(player)s: %(pos)sに裏向きで詠唱（ルール効果）", "%(player)s: cast face down on %(pos)s (a rule effect)"),
    },
    # the 対抗 chain's own steps (the goldfish passes every window; what resolves shows by its moves) and the
    # payment's figures (its decision says them)
    quiet=frozenset({"chain", "resolve", "pass", "cost", "battle_end"}),
    actions={
        "draw_support": Label("支援から1枚引く", "Draw 1 from 支援"),
        "store": Label("倉庫に出す", "Put into 倉庫"),
        "draw_paid": Label("倉庫を2枚使って1枚引く", "Use 2 倉庫 cards to draw 1"),
        "next_phase": Label("次のフェイズへ", "Next phase"),
        "end_turn": END_TURN,
        "summon": SUMMON,
        "cast": Label("詠唱", "Cast"),
        "deploy": DEPLOY,
        "move": Label("移動", "Move"),
        "effect": Label("効果を発動", "Use the effect"),
        "pass": PASS,
        "pay": PAY,
        "cancel": CANCEL,
        "destroy": DESTROY,
        "target": Label("対象を選ぶ", "Choose the target"),
    },
    decisions={
        "pay": Label(
            "コストの支払い方を選んでください（破棄した倉庫のカードは2枚分）。取り消しもできます。",
            "Pay the cost: choose a payment (a discarded 倉庫 card counts as 2), or cancel.",
        ),
        "upkeep": UPKEEP,
        "target": Label("効果の対象を選んでください。", "Choose the target of the effect."),
    },
    rows=(  # row 0 is the player's 倉庫, row 4 the enemy's
        Label("自陣倉庫", "Your 倉庫"),
        Label("自陣", "Your camp"),
        Label("戦場", "Battlefield"),
        Label("敵陣", "Enemy camp"),
        Label("敵陣倉庫", "Enemy 倉庫"),
    ),
    words={
        "unplaced": Label("マスの外", "Not on a square"),  # cards on the board without a square
        "effect": Label("効果", "Effect"),  # "Effect 2《name》": a card's numbered ■ effect
        "pay_tap": Label("使用", "tap"),  # a payment: the cards tapped …
        "pay_discard": Label("破棄", "discard"),  # … and the 倉庫 cards discarded
        # what waits on the 対抗 chain (the stack panel), beside the actions that put it there
        "battle_start": Label("戦闘開始", "Battle begins"),
        "battle_end": Label("戦闘終了", "Battle ends"),
        "turn_end": Label("ターン終了の宣言", "End of turn declared"),
    },
    reasons={"power": Label("戦力切れ", "out of 戦力")},
)
