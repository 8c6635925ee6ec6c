"""The start options of an original goldfish game (readings of the seed, each with its default: the seed's
reading, or GAMES.md's where the seed is silent; the rules ledger names the lines each one reads)."""

from ...declare.options import AUTO_PASS, FIRST, Choice, Option, opening

OPTIONS = (
    FIRST,
    AUTO_PASS,  # pass a 対抗 window for the player when they have no usable response
    Option(
        "movement", "column", "兵の移動", "Soldiers move",
        choices=(Choice("column", "同じ列を1マス前後", "one row forward or back"), Choice("adjacent", "隣接するマスへ（横も可）", "to any adjacent square")),
    ),
    Option(  # 「支援」(山札)が尽きたら負け
        "deck_out", "empty", "支援が尽きたら負け", "支援 runs out",
        choices=(
            Choice("empty", "0枚になった時点で負け", "you lose the moment it is empty"),
            Choice("draw", "0枚で自分のターンを迎えたら負け（効果で引けないときも）", "you lose when your turn starts with it empty (or an effect must draw from it)"),
        ),
        help_ja="「支援が尽きたら負け」の読み方。支援からのドローは任意なので、draw では最後の1枚を引いたあと、次の自分のターンの開始時に負けになります。",
        help_en="How to read 「支援」が尽きたら負け. Drawing from 支援 is optional, so with draw you may take the last card and lose when your next turn starts.",
    ),
    Option("goldfish_power", 5, "相手の戦力の枚数", "The goldfish's 戦力 cards", low=1, high=60),  # stand-ins for a goldfish without a deck
    Option("goldfish_deck_out", False, "相手も支援が尽きたら負け", "The goldfish loses when its 支援 runs out"),
    Option("power", 5, "開始時の戦力の枚数", "戦力 cards at the start", low=1, high=60),
    opening("opening", 5, 60),
    Option("counter_limit", 10, "戦力・土地が耐えるカウンターの数", "Counters a 戦力 card or a land holds", low=0, high=999),  # 「10個を超えた時」
    Option(  # ※土地の展開されているマスに兵が存在しない場合に兵がそのマスに召喚、移動した時、土地との戦闘が発生。(GAMES.md: any land)
        "own_land_battle", True, "自分の土地のマスに入っても戦闘", "Entering your own land's square is a battle too",
        help_ja="土地のマスに兵が入ると土地との戦闘（0/0/0の兵との戦闘）になります。オフにすると相手の土地のマスだけが戦闘です。",
        help_en="A soldier entering a land's square fights the phantom 0/0/0; off: only the enemy's lands' squares.",
    ),
    Option(
        "affinity_self_bonus", "matchup", "緋・蒼・天・碧の自属性＋2", "The own-attribute +2 of 緋 蒼 天 碧",
        choices=(Choice("matchup", "相性の戦闘でのみ", "only in a matchup battle"), Choice("always", "すべての戦闘で", "in every battle")),
    ),
    Option(
        "upkeep_attributes", "any", "維持コストに必要な属性", "Upkeep needs",
        choices=(
            Choice("any", "いずれかの属性のカード1枚", "a card of any of its attributes"),
            Choice("all", "各属性のカード1枚ずつ", "a card of each attribute"),
            Choice("none", "属性は問わない", "any cards"),
        ),
    ),
    Option(  # 召喚の際に火のカードを含む倉庫のカードを五枚、移動の際に火のカードを含む倉庫のカードを一枚使用する。
        "zero_cost_attributes", True, "コスト0の召喚・移動にも属性のカードを使う", "A summon or move brought to 0 still uses its attributes' cards",
        help_ja="補正で召喚コスト・移動コストが0になっても、その兵の属性を含む倉庫のカードを（各属性1枚）使用します。オフにすると何も使わずに召喚・移動できます。",
        help_en="A summon or move cost brought to 0 by modifiers still uses a 倉庫 card of each of the card's attributes; off: it costs nothing at all.",
    ),
    Option(  # 兵・土地は、召喚されたターンには…その効果を発動する事は出来ず / 永続効果: 決められた条件下でのみ常に場で発動。
        "arrival_continuous", False, "場に出たターンから兵・土地の永続効果が働く", "Soldiers' and lands' 永続 effects work the turn they arrive",
        help_ja="兵・土地は召喚・展開されたターンには効果を発動できないので、その永続効果は次のターンから働きます。オンにすると場に出た時から働きます（呪術はいつも詠唱した時から）。",
        help_en="Soldiers and lands cannot use their effects the turn they arrive, so their 永続 effects start the next turn; on: at once (curses always at once).",
    ),
    Option(  # ⑤のステップ終了の時点でその兵を自陣に移動する。(the seed does not say where when every camp square holds a soldier)
        "camp_full", "back", "自陣に空きがないときの帰還", "Going back to a full camp",
        choices=(
            Choice("back", "移動してきたマスに戻る", "it goes back to the square it came from"),
            Choice("stay", "戦闘したマスに残る", "it stays on the square it fought on"),
        ),
        help_ja="0/0/0の兵との戦闘のあと兵は自陣へ移動しますが、自陣の5マスすべてに兵がいるときの扱いです。",
        help_en="After a battle with the phantom 0/0/0 the soldier goes to its camp; this is where it goes when all five camp squares hold a soldier.",
    ),
    Option(  # *「自陣」:兵、呪術、土地を出す。場の二番目に手前の列。 (no limit a square is stated)
        "one_curse_or_land_a_square", False, "自陣の1マスに呪術・土地は1枚まで", "One curse or land a camp square",
        help_ja="ルールには自陣の1マスに出せる呪術・土地の枚数の制限が書かれていないので、同じマスに何枚でも出せます。オンにすると、呪術か土地のあるマスには出せません。",
        help_en="The rules state no limit to the curses and lands on a camp square, so any number may share one; on: not onto a square that holds a curse or land.",
    ),
    Option(  # ゴーレム: 《スペル:ディストラクション》通常:光4 / 光のカードを含む倉庫のカードを一枚使用して発動。
        "golem_cost", "printed", "ゴーレムの《ディストラクション》のコスト", "The golem's ディストラクション costs",
        choices=(
            Choice("printed", "印刷どおり光4（光を含む4枚）", "光4 as printed (four cards with a 光 one)"),
            Choice("explained", "説明文どおり光を含む1枚", "one card with a 光 one, as the explanation says"),
        ),
        help_ja="カード例の説明文は「光のカードを含む倉庫のカードを一枚使用して発動」と書いていますが、カードには光4と印刷されています。ほかのすべてのコストは数字が枚数です（闇4は四枚、水8は八枚）。",
        help_en="The example's explanation says one 倉庫 card including a 光 one, but the card is printed 光4; every other cost counts its number (闇4: four cards, 水8: eight).",
    ),
    Option(  # 敵陣の召喚コスト4以下の兵を一枚選び、破棄する。(an effect that chooses needs something to choose)
        "target_needed", True, "対象のない効果は発動できない", "An effect with nothing to act on cannot be used",
        help_ja="カードを選ぶ効果（「一枚選び」など）は選べるカードがないと発動できず、カードだけに働く効果は働く先が1枚もないと発動できません。",
        help_en="An effect that chooses cards cannot be used with none to choose, nor an effect that acts on cards only when there is none to act on.",
    ),
)
