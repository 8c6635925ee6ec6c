"""The player's words for manacard's zones, phases, actions and decisions: the main deck is the HP, the game
is played on the action right (行動権), and a pass does one of four things (its options)."""

from ..vocabulary import CANCEL, DISCARD, END_TURN, EXILE, FIELD, HAND, PASS, PLAY, Label, Vocabulary

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
    actions={
        "play": PLAY,
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
    },
    options={  # what a pass does
        "mana": Label("マナを置く", "put mana"),
        "mana_to_hand": Label("マナを手札に加える", "take mana into hand"),
        "return_skill": Label("除外したスキルカードを戻す", "return an exiled skill card"),
        "attack": Label("攻撃宣言", "attack"),
    },
    reasons={"hp": Label("HP切れ", "out of HP")},
)
