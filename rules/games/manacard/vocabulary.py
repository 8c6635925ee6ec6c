"""The player's words for manacard's zones, phases, actions and decisions: the main deck is the HP, the game
is played on the action right (行動権), and a pass does one of four things (its options)."""

from ...declare.vocabulary import CANCEL, DISCARD, END_TURN, EXILE, FIELD, HAND, PASS, PLAY, Label, Vocabulary

VOCABULARY = Vocabulary(
    zones={
        "deck": Label("メインデッキ（HP）", "Main deck (HP)"),
        "skill": Label("スキルデッキ", "Skill deck"),
        "status": Label("ステータスカード", "Status cards"),
        "mana": Label("マナゾーン", "Mana zone"),
        "hand": HAND,
        "field": FIELD,
        "discard": DISCARD,
        "exile": EXILE,
    },
    # The skill deck is seen by its owner only; exiled cards are face down (hits, paid skill cards) unless
    # shown for a 逆転 chance. (A card put face down in an open zone by hand is hidden by the core's view.)
    hidden=frozenset({"deck", "skill", "hand", "exile"}),
    phases={"action": Label("行動権", "Action right")},
    # The game has no turns: the action right passes on every play and every pass. One right is counted as a
    # turn ("あなたの3ターン目": your third action right), as the simulations count it; state["turn"] is yours.
    turn_count="own",
    turn_starts=frozenset({"turn", "goldfish_turn", "right"}),
    events={
        "paid[mana,skill]": Label(
            "%(card)sの支払い: マナ%(mana)s（メインデッキの下へ）、スキルデッキ%(skill)s（裏向きで除外）",
            "Paid for %(card)s: mana %(mana)s (to the bottom of the main deck), skill deck %(skill)s (exiled face down)",
        ),
        "paid[mana]": Label("%(card)sの支払い: マナ%(mana)s（メインデッキの下へ）", "Paid for %(card)s: mana %(mana)s (to the bottom of the main deck)"),
        "paid[skill]": Label("%(card)sの支払い: スキルデッキ%(skill)s（裏向きで除外）", "Paid for %(card)s: skill deck %(skill)s (exiled face down)"),
        "attack[card,target]": Label("%(card)sで%(target)sを攻撃", "%(card)s attacks %(target)s"),
        "attack[player,card]": Label("%(player)s: %(card)sで攻撃宣言", "%(player)s: %(card)s declares an attack"),
        "attack[target]": Label("%(target)sへの攻撃宣言", "Attack declared on %(target)s"),
        "attack_hits[card,player]": Label("%(card)sの攻撃がヒット: %(player)sに%(amount)s", "%(card)s hits %(player)s for %(amount)s"),
        "attack_hits[target]": Label("攻撃が%(target)sにヒット: %(amount)s", "The attack hits %(target)s for %(amount)s"),
        "hit[source]": Label(
            "%(player)s: %(amount)sダメージ（%(source)s）→ メインデッキから%(exiled)s枚を裏向きで除外",
            "%(player)s: %(amount)s damage (%(source)s) → %(exiled)s exiled face down from the main deck",
        ),
        "hit": Label(
            "%(player)s: %(amount)sダメージ → メインデッキから%(exiled)s枚を裏向きで除外",
            "%(player)s: %(amount)s damage → %(exiled)s exiled face down from the main deck",
        ),
        "battle[!damage,counter]": Label(
            "戦闘: %(card)sは%(target)sに届かない（距離）、反撃 %(counter)s",
            "Battle: %(card)s cannot reach %(target)s (distance), %(counter)s back",
        ),
        "battle[!damage]": Label("戦闘: %(card)sは%(target)sに届かない（距離）", "Battle: %(card)s cannot reach %(target)s (distance)"),
        "battle[counter]": Label(
            "戦闘: %(card)sが%(target)sに%(damage)sダメージ（反撃 %(counter)s）",
            "Battle: %(card)s deals %(damage)s to %(target)s (%(counter)s back)",
        ),
        "battle": Label("戦闘: %(card)sが%(target)sに%(damage)sダメージ", "Battle: %(card)s deals %(damage)s to %(target)s"),
        "block": Label("%(card)sが%(attacker)sの攻撃を防いだ", "%(card)s blocks %(attacker)s"),
        "defend": Label("%(player)s: 『防御』（%(card)sの攻撃を1軽減）", "%(player)s: 『防御』 (the attack of %(card)s is 1 less)"),
        "summon_block": Label("%(card)sを召喚してそのまま防ぐ", "%(card)s summoned to block"),
        "recover": Label("%(card)sの体力が回復した", "%(card)s is back to full HP"),
        "recovery": Label(
            "%(player)s: 【回復】%(amount)s（%(returned)s枚をメインデッキの下へ）", "%(player)s: 【回復】 %(amount)s (%(returned)s back under the main deck)"
        ),
        "unit_damage": Label("%(card)s: %(amount)sダメージ（計%(damage)s）", "%(card)s: %(amount)s damage (%(damage)s in all)"),
        "unit_heal": Label("%(card)s: 回復（残りのダメージ %(damage)s）", "%(card)s: healed (%(damage)s damage left)"),
        "continue[attack_only]": Label("%(card)s: 素早さの差で続けて攻撃できる", "%(card)s may attack again (speed)"),
        "continue": Label("%(card)s: 素早さの差で行動権を渡さずに続けて行動できる", "%(card)s: you may act again without passing the right (speed)"),
        "attack_fizzles[card]": Label("%(card)sの攻撃は不発", "The attack of %(card)s fizzles"),
        "attack_fizzles": Label("攻撃は不発", "The attack fizzles"),
        "reversal_chance": Label("%(player)s: 【逆転】チャンス", "%(player)s: a 【逆転】 chance"),
        "reveal[count]": Label("%(player)s: %(count)s枚を表向きで除外（【逆転】チャンス）", "%(player)s: %(count)s exiled face up (【逆転】 chance)"),
        "reversal": Label("%(card)sの【逆転】を発動", "【逆転】 of %(card)s"),
        "no_reversal": Label("%(player)s: 【逆転】を発動しない", "%(player)s: no 【逆転】"),
        # versus: a skill's effect waits for the other player's answer (割り込み), then resolves
        "waiting": Label("%(card)sの効果は相手の応答を待つ（割り込み）", "%(card)s waits for the other player's answer (interrupt)"),
        "resolve[target]": Label("%(card)sの効果を解決（%(target)s）", "%(card)s resolves (%(target)s)"),
        "resolve": Label("%(card)sの効果を解決", "%(card)s resolves"),
    },
    # the mana put and the mana taken show by their moves; a cost asked, by its decision
    # (and the main-deck cards a hit exiles: the hit's line says how many)
    quiet=frozenset({"mana", "mana_to_hand", "pay", "move:deck>exile"}),
    actions={
        "play": PLAY,
        # the right's pass that declares an attack reads as the attack, not as a pass ("pass[attack]")
        "pass[attack]": Label("攻撃宣言", "Declare an attack"),
        "pass": PASS,
        "end_turn": END_TURN,
        "pay_mana": Label("このマナで支払う", "Pay with these mana cards"),
        "pay_skill": Label("このスキルカードで支払う", "Pay with these skill cards"),
        "cancel": CANCEL,
        "mana_to_hand": Label("手札に加える", "Take into hand"),
        "reveal": Label("公開", "Reveal"),
        "reveal_skill": Label("スキルデッキから公開", "Reveal from the skill deck"),
        "reversal": Label("【逆転】を発動", "Use 【逆転】"),
        "defend": Label("『防御』（攻撃を1軽減）", "『防御』 (the attack is 1 less)"),
        "block": Label("このユニットで防ぐ", "Block with this unit"),
        "summon_block": Label("召喚してそのまま防ぐ（マナ1つ余分）", "Summon it to block (1 more mana)"),
        "no_reversal": Label("【逆転】を発動しない", "Do not use 【逆転】"),
        "let_resolve": Label("割り込まない（相手の効果を解決）", "Do not interrupt (the other's effect resolves)"),
    },
    decisions={
        "pay_mana": Label(
            "コスト: 支払うマナを選んで決定してください（メインデッキの下に置かれます）。",
            "Cost: choose the mana cards to pay with (they go to the bottom of your main deck), then confirm.",
        ),
        "pay_skill": Label(
            "コスト: 残りを支払うスキルデッキのカードを選んで決定してください（裏向きで除外されます）。",
            "Cost: choose the skill-deck cards to pay the rest with (exiled face down), then confirm.",
        ),
        "mana_to_hand": Label(
            "手札に加えるマナを選んで決定してください。",
            "Choose the mana cards to take into your hand, then confirm.",
        ),
        "reveal": Label("【逆転】: 何枚公開しますか？", "【逆転】: how many cards to reveal?"),
        "reveal_skill": Label(
            "【逆転】: 公開するスキルデッキのカードを選んで決定してください。",
            "【逆転】: choose the skill-deck cards to reveal, then confirm.",
        ),
        "reversal": Label("【逆転】を発動できます。", "【逆転】 can be used now."),
        "interrupt": Label(
            "相手のスキルより素早さが2以上速いスキルで割り込めます。",
            "You may interrupt with a skill 2 or more faster than the other player's.",
        ),
    },
    options={  # what a pass does
        "mana": Label("マナを置く", "put mana"),
        "mana_to_hand": Label("マナを手札に加える", "take mana into hand"),
        "return_skill": Label("除外したスキルカードを戻す", "return an exiled skill card"),
        "attack": Label("攻撃宣言", "attack"),
    },
    reasons={"hp": Label("HP切れ", "out of HP")},
    words={
        "turn_note": Label(
            "マナカードにはターンがないため、あなたの行動権1回を1ターンと数えます。",
            "Manacard has no turns: each of your action rights counts as one of your turns.",
        ),
    },
)
