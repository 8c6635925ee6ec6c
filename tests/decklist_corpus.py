"""Decklists as players post them, one per case, across the five games, written for these tests in the
notations deck-recipe posts, X/Twitter posts, wiki pages and spreadsheets use (no text copied from any
post). Each case gives the game, the regulation code, the text, the deck it must read as (section key ->
card name -> copies, over the bundled cards), and what the reader must say: the lines not read and the
warnings (line, code), and how many lines are skipped with a note.

Used by tests/test_decklist_corpus.py, on plain card data and through the site on the database.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Case:
    id: str
    game: str
    text: str
    deck: dict  # section -> {card name: copies}
    unread: tuple = ()  # (line, code) of lines not read
    warnings: tuple = ()  # (line, code)
    notes: int = 0  # lines skipped with a note
    regulation: str = "base"
    notations: tuple = field(default=())  # what the case shows, for the closing list


K = "kannagi"
V = "vision"
T = "timestorm"
OG = "original"
M = "manacard"

KANNAGI_40 = {
    "ねこやま": 4, "鉄の風": 4, "桜並木の小径": 4, "無人の踏切": 4, "花火の河川敷": 4, "肥川の大蛇": 1,
    "仮想世界の外": 2, "春霞の丘": 3, "北海道：円形校舎": 2, "手作りのお守り": 4, "悠習の古日記": 2,
    "古びた懐中電灯": 4, "本物のお化け屋敷": 2,
}  # fmt: skip

CASES = [
    # -- kannagi -------------------------------------------------------------------------------------------
    Case(
        "kannagi-recipe-post",
        K,
        """【春と無の零探し】デッキレシピ
作成者：ゆきんこ
2025/06/10

・メインデッキ(40枚)
〈場所札：26枚〉
《ねこやま》×4
《鉄の風》×4
《桜並木の小径》×4
《無人の踏切》×4
《花火の河川敷》×4
《肥川の大蛇》×1
(ひかわのおろち)
《仮想世界の外》×2
《本物のお化け屋敷》×2
(ほんもののおばけやしき)
〈季節札：5枚〉
《春霞の丘》×3
《北海道：円形校舎》×2
〈道具札：10枚〉
《手作りのお守り》×4
《悠習の古日記》×2
《古びた懐中電灯》×4
合計：41枚
""",
        {"main": KANNAGI_40},
        warnings=((6, "header_count"), (24, "total_mismatch")),  # 25 places under 〈場所札：26枚〉; 40 cards, not 41
        notes=3,
        notations=("《》×N", "・header(40枚)", "〈category：N枚〉", "reading lines", "title, author, date", "合計：N枚"),
    ),
    Case(
        "kannagi-bare-lines",
        K,
        "ねこやま　4\n鉄の風 4\n桜並木の小径４\n無人の踏切4枚\n花火の河川敷*4\n肥川の大蛇 1\n仮想世界の外（2）\n"
        "春霞の丘 (3)\n北海道:円形校舎 2\n手作りのお守り ×4\n悠習の古日記 x2\n古びた懐中電灯 X4\n本物のお化け屋敷 ｘ2\n",
        {"main": KANNAGI_40},
        notations=("name N", "name　N (ideographic space)", "nameN (glued)", "N枚", "*N", "（N）", "(N)", "×N", "xN", "XN", "ｘN"),
    ),
    Case(
        "kannagi-x-twitter",
        K,
        """巫KANNAGI 春ビート組んだ！
#巫KANNAGI #デッキレシピ

4 ねこやま
4 鉄の風
4 桜並木の小径
4 無人の踏切
4 花火の河川敷
1 肥川の大蛇
2 仮想世界の外
3 春霞の丘
2 北海道：円形校舎
4 手作りのお守り
2 悠習の古日記
4 古びた懐中電灯
2 本物のお化け屋敷
計40
""",
        {"main": KANNAGI_40},
        notes=1,
        notations=("N name", "hashtags", "計N"),
    ),
    Case(
        "kannagi-kagikakko-and-notes",
        K,
        """山札：
「ねこやま」×4 ※初動
「鉄の風」×4 ←除去されない
「桜並木の小径」 ×4
「無人の踏切」 4枚
「花火の河川敷」×4 （採用理由：2コストで殴れる）
「肥川の大蛇」×1
「仮想世界の外」（2）
「春霞の丘」×3
「北海道：円形校舎」×2
「手作りのお守り」×4
「悠習の古日記」×2
「古びた懐中電灯」×4
「本物のお化け屋敷」×2
""",
        {"main": KANNAGI_40},
        notations=("山札：", "「」", "※note", "←note", "（採用理由…）"),
    ),
    Case(
        "kannagi-bullets-and-numbers",
        K,
        """■メイン 40
・ねこやま×4
- 鉄の風 ×4
* 桜並木の小径 ×4
● 無人の踏切 ×4
■ 花火の河川敷 ×4
1. 肥川の大蛇 ×1
2. 仮想世界の外 ×2
3) 春霞の丘 ×3
① 北海道：円形校舎 ×2
② 手作りのお守り ×4
◆悠習の古日記 ×2
★古びた懐中電灯 ×4
☆本物のお化け屋敷 ×2
""",
        {"main": KANNAGI_40},
        notations=("■header N", "・ - * ● ■ ◆ ★ ☆ bullets", "1. 3) ① numbered lines"),
    ),
    Case(
        "kannagi-brackets-count-inside",
        K,
        """デッキ（40）
《ねこやま×4》
『鉄の風×4』
【桜並木の小径 4枚】
[無人の踏切 x4]
〈花火の河川敷×4〉
×1 《肥川の大蛇》
×2 《仮想世界の外》
3 《春霞の丘》
《北海道：円形校舎》2
『手作りのお守り』 x4
【悠習の古日記】×2
[古びた懐中電灯]×4
《本物のお化け屋敷》×2
""",
        {"main": KANNAGI_40},
        notations=("デッキ（40）", "count inside brackets", "『』", "【】", "[]", "〈〉", "×N 《name》", "N 《name》", "《name》N"),
    ),
    Case(
        "kannagi-readings-and-kana",
        K,
        """メインデッキ（40枚）
ﾈｺﾔﾏ ×4
鉄の風 ×4
さくらなみきのこみち ×4
ムジンノフミキリ ×4
はなびのかせんじき ×4
肥川の大蛇 ×1
仮想世界の外 ×2
はるがすみのおか ×3
北海道：円形校舎 ×2
てづくりのおまもり ×4
悠習の古日記 ×2
ふるびたかいちゅうでんとう ×4
本物のお化け屋敷 ×2
""",
        {"main": KANNAGI_40},
        notations=("half-width kana", "name by its reading in hiragana or katakana"),
    ),
    Case(
        "kannagi-spreadsheet",
        K,
        "No.\tカード名\t枚数\n1\tねこやま\t4\n2\t鉄の風\t4\n3\t桜並木の小径\t4\n4\t無人の踏切\t4\n5\t花火の河川敷\t4\n"
        "6\t肥川の大蛇\t1\n7\t仮想世界の外\t2\n8\t春霞の丘\t3\n9\t北海道：円形校舎\t2\n10\t手作りのお守り\t4\n"
        "11\t悠習の古日記\t2\n12\t古びた懐中電灯\t4\n13\t本物のお化け屋敷\t2\n",
        {"main": KANNAGI_40},
        notes=1,
        notations=("spreadsheet rows (tabs)", "column headings"),
    ),
    Case(
        "kannagi-csv",
        K,
        "ねこやま,4\n鉄の風,4\n桜並木の小径,4\n無人の踏切,4\n花火の河川敷,4\n肥川の大蛇,1\n仮想世界の外,2\n"
        "春霞の丘,3\n北海道：円形校舎,2\n4,手作りのお守り\n2,悠習の古日記\n4,古びた懐中電灯\n2,本物のお化け屋敷\n",
        {"main": KANNAGI_40},
        notations=("CSV name,N and N,name",),
    ),
    Case(
        "kannagi-typos-and-unreadable",
        K,
        """メイン：
4 ねこやま
4 鉄の風
3 人魚の活ぎ血
2 はっきょうにんぎょうのいえ
1 存在しないカード
4 花火の河川敷
""",
        # 発狂人形の家 by its reading (the bundled seed cards carry the fan list's readings)
        {"main": {"ねこやま": 4, "鉄の風": 4, "人魚の活き血": 3, "発狂人形の家": 2, "花火の河川敷": 4}},
        unread=((6, "unknown_card"),),
        warnings=((4, "closest_card"),),
        notations=(
            "a near miss read as the closest card (did you mean)",
            "a card named by its reading",
            "unreadable lines listed, the rest read",
        ),
    ),
    Case(
        "kannagi-alias-and-list-spelling",
        K,
        "1 人魚の活血\n2 北海道:円形校舎\n人魚の活き血\n",
        {"main": {"人魚の活き血": 2, "北海道：円形校舎": 2}},
        notations=("alias (人魚の活血)",),
    ),
    Case(
        "kannagi-sideboard-and-candidates",
        K,
        """【メイン】
ねこやま×4
鉄の風×4
【不採用カード】
清めの塩×2
雪明かりの町×1
【サイドデッキ】
蠢く黒い影 ×3
""",
        {"main": {"ねこやま": 4, "鉄の風": 4}},
        warnings=((4, "outside_deck"), (7, "outside_deck")),
        notations=("【不採用カード】, 【サイドデッキ】: read and left out",),
    ),
    Case(
        "kannagi-unknown-header-keeps-cards",
        K,
        """デッキ
ねこやま×4
【おすすめの追加】
鉄の風×2
【道具】
古びた懐中電灯×3
""",
        {"main": {"ねこやま": 4, "鉄の風": 2, "古びた懐中電灯": 3}},
        warnings=((3, "unknown_section"),),
        notations=("an unknown header is a warning; its cards still count",),
    ),
    Case(
        "kannagi-wiki",
        K,
        """== メインデッキ ==
* 《ねこやま》×4
* 《鉄の風》×4
* 《手作りのお守り》×4
** 汎用枠
* 《清めの塩》×3 // 後で抜くかも
""",
        {"main": {"ねこやま": 4, "鉄の風": 4, "手作りのお守り": 4, "清めの塩": 3}},
        unread=((5, "unknown_card"),),
        notations=("== wiki header ==", "* wiki bullets", "// comment"),
    ),
    Case(
        "kannagi-2025-list",
        K,
        "■メインデッキ（4枚）\n《消さなきゃ》×2\n《本物のお化け屋敷》×2\n",
        {"main": {"消さなきゃ": 2, "本物のお化け屋敷": 2}},
        regulation="2025-06-06",
        notations=("a dated regulation",),
    ),
    Case(
        "kannagi-printing-numbers",
        K,
        "4 [S-001]\n#S-005 x4\n花火の河川敷 [S-006] ×2\n12 鉄の風\n",
        {"main": {"桜並木の小径": 4, "無人の踏切": 4, "花火の河川敷": 2, "鉄の風": 12}},
        notations=("[K-012] and #12: explicit collector numbers", "a bare number is a count (12 鉄の風)"),
    ),
    # -- vision ------------------------------------------------------------------------------------------
    Case(
        "vision-recipe-post",
        V,
        """【幻想郷の見習いたち】
使用者：はくれい

メインデッキ（50枚）
◆キャラクター（30枚）
《見習い巫女》×3
《里の薬売り》×3
《竹林の野兎》×3
《夜雀の歌い手》×3
《門番見習い》×3
《人形遣いの弟子》×3
《森の化け狸》×3
《退魔の剣士》×3
《山の大天狗》×3
《古き鬼の長》×3
◆スペル（15枚）
《霊符「見習いの封印」》×3
《薬符「癒やしの丸薬」》×3
《歌符「夜雀の子守唄」》×3
《剣符「退魔一閃」》×3
《風符「天狗の追い風」》×3
◆コマンド（5枚）
《応急手当》×2
《宴会の準備》×2
《弾幕回避》×1

天候デッキ（3枚）
《快晴》
《濃霧》
《梅雨》
""",
        {
            "main": {
                "見習い巫女": 3, "里の薬売り": 3, "竹林の野兎": 3, "夜雀の歌い手": 3, "門番見習い": 3, "人形遣いの弟子": 3,
                "森の化け狸": 3, "退魔の剣士": 3, "山の大天狗": 3, "古き鬼の長": 3, "霊符「見習いの封印」": 3,
                "薬符「癒やしの丸薬」": 3, "歌符「夜雀の子守唄」": 3, "剣符「退魔一閃」": 3, "風符「天狗の追い風」": 3,
                "応急手当": 2, "宴会の準備": 2, "弾幕回避": 1,
            },
            "weather": {"快晴": 1, "濃霧": 1, "梅雨": 1},
        },  # fmt: skip
        notes=2,
        notations=("names holding 「」 inside 《》", "◆category（N枚）", "天候デッキ（N枚）", "a bracketed name alone is one copy"),
    ),
    Case(
        "vision-plain-with-weather-by-type",
        V,
        "3 見習い巫女\n3 退魔の剣士\n3 霊符「見習いの封印」\n2 応急手当\n快晴\n濃霧\n",
        {"main": {"見習い巫女": 3, "退魔の剣士": 3, "霊符「見習いの封印」": 3, "応急手当": 2}, "weather": {"快晴": 1, "濃霧": 1}},
        notations=("cards without a header go where their type belongs",),
    ),
    Case(
        "vision-english",
        V,
        """Main deck (9)
3x 見習い巫女
3x 里の薬売り
x3 竹林の野兎

Weather deck:
1 白夜
1 極夜
""",
        {"main": {"見習い巫女": 3, "里の薬売り": 3, "竹林の野兎": 3}, "weather": {"白夜": 1, "極夜": 1}},
        notations=("Main deck (N)", "Nx name", "xN name", "Weather deck:"),
    ),
    Case(
        "vision-spell-quotes-trailing",
        V,
        "霊符「見習いの封印」×3\n剣符「退魔一閃」 3枚\n風符「天狗の追い風」（3）\n",
        {"main": {"霊符「見習いの封印」": 3, "剣符「退魔一閃」": 3, "風符「天狗の追い風」": 3}},
        notations=("a name ending in 」 followed by its count",),
    ),
    Case(
        "vision-header-count-mismatch",
        V,
        "【デッキ 50枚】\n見習い巫女×3\n退魔の剣士×3\n【天候】\n快晴\n",
        {"main": {"見習い巫女": 3, "退魔の剣士": 3}, "weather": {"快晴": 1}},
        warnings=((1, "header_count"),),
        notations=("【header N枚】 checked against the cards read",),
    ),
    Case(
        "vision-weather-list-markdown",
        V,
        "## メイン\n- 3 見習い巫女\n- 3 森の化け狸\n## 天候\n- 雪\n- 雹\n- 凧\n",
        {"main": {"見習い巫女": 3, "森の化け狸": 3}, "weather": {"雪": 1, "雹": 1, "凧": 1}},
        notations=("## markdown headers", "- list items", "one-character names"),
    ),
    Case(
        "vision-full-width",
        V,
        "メイン：５０枚\n３　見習い巫女\n３×里の薬売り\n竹林の野兎　×　３\n",
        {"main": {"見習い巫女": 3, "里の薬売り": 3, "竹林の野兎": 3}},
        warnings=((1, "header_count"),),
        notations=("full-width digits and spaces",),
    ),
    Case(
        "vision-other-game-header",
        V,
        "メイン:\n3 見習い巫女\nスキル:\n3 退魔の剣士\n",
        {"main": {"見習い巫女": 3, "退魔の剣士": 3}},
        warnings=((3, "unknown_section"),),
        notations=("another game's section word: a warning",),
    ),
    # -- timestorm ---------------------------------------------------------------------------------------
    Case(
        "timestorm-entry",
        T,
        "勝利条件：\n《充電完了》×1\n",
        {"entry": {"充電完了": 1}},
        notations=("勝利条件：",),
    ),
    Case(
        "timestorm-pool13-post",
        T,
        """持ち寄り13枚（バリアント）
■持ち寄り（13枚）
・時間泥棒 ×3
・未来予知 ×3
・時間停止 ×3
・とっさの閃き ×2
・一瞬の猶予 ×2
""",
        {"entry": {"時間泥棒": 3, "未来予知": 3, "時間停止": 3, "とっさの閃き": 2, "一瞬の猶予": 2}},
        notes=1,
        regulation="pool13",
        notations=("■header（N枚）", "・name ×N"),
    ),
    Case(
        "timestorm-english-alias",
        T,
        "Entry\n1 無限の書庫\n",
        {"entry": {"無限の書庫": 1}},
        notations=("English header",),
    ),
    Case(
        "timestorm-readings",
        T,
        "じかんどろぼう x3\nミライヨチ x3\nｼﾞｶﾝﾃｲｼ x3\nとっさのひらめき x2\nいっしゅんのゆうよ x2\n",
        {"entry": {"時間泥棒": 3, "未来予知": 3, "時間停止": 3, "とっさの閃き": 2, "一瞬の猶予": 2}},
        regulation="pool13",
        notations=("readings in any kana",),
    ),
    Case(
        "timestorm-total-line",
        T,
        "時間泥棒 3枚\n未来予知 3枚\n時間停止 3枚\nとっさの閃き 2枚\n一瞬の猶予 2枚\n合計13枚\n",
        {"entry": {"時間泥棒": 3, "未来予知": 3, "時間停止": 3, "とっさの閃き": 2, "一瞬の猶予": 2}},
        regulation="pool13",
        notations=("合計N枚 that matches",),
    ),
    Case(
        "timestorm-total-mismatch",
        T,
        "時間泥棒 3枚\n未来予知 3枚\n合計10枚\n",
        {"entry": {"時間泥棒": 3, "未来予知": 3}},
        warnings=((3, "total_mismatch"),),
        regulation="pool13",
        notations=("a total that does not match: a warning",),
    ),
    Case(
        "timestorm-battery-alias",
        T,
        "Battery x2\n時限装置\n",
        {"entry": {"バッテリー": 2, "時限装置": 1}},
        regulation="pool13",
        notations=("an English alias",),
    ),
    # -- original ----------------------------------------------------------------------------------------
    Case(
        "original-recipe",
        OG,
        """デッキ名：ギルビア速攻
作者: 兵長

【デッキ】(60枚)
兵（36）
ギルビアの炎剣術士 4
ギルビアの小隊長 4
潮騒の見習い術士 4
疾風の伝令鳥 4
岩肌の番兵 4
薄明の癒し手 4
宵闇の影法師 4
霧雨の双翼竜 4
星を渡る者 4
呪術（12）
血塗れた刀 4
静寂の結界 4
泥濘の呪い 4
土地（12）
ギルビアの練兵場 4
風見の丘 4
古き水車の村 4
""",
        {
            "main": {
                "ギルビアの炎剣術士": 4, "ギルビアの小隊長": 4, "潮騒の見習い術士": 4, "疾風の伝令鳥": 4, "岩肌の番兵": 4,
                "薄明の癒し手": 4, "宵闇の影法師": 4, "霧雨の双翼竜": 4, "星を渡る者": 4, "血塗れた刀": 4, "静寂の結界": 4,
                "泥濘の呪い": 4, "ギルビアの練兵場": 4, "風見の丘": 4, "古き水車の村": 4,
            }
        },  # fmt: skip
        notes=2,
        notations=("デッキ名：", "作者:", "【デッキ】(60枚)", "card-type categories 兵（36）"),
    ),
    Case(
        "original-slash-names",
        OG,
        "2 星を渡る者/深淵\n漆黒の塔の巨龍/黄金 ×1\n星を渡る者 ×2\n",
        {"main": {"星を渡る者/深淵": 2, "漆黒の塔の巨龍/黄金": 1, "星を渡る者": 2}},
        notations=("names holding a slash",),
    ),
    Case(
        "original-nakaguro-names",
        OG,
        "オーバークラウド・ゴーレム×2\nクレイジー・ジャックの戦闘術 x2\n・ムーンライト・スネーク 2枚\n",
        {"main": {"オーバークラウド・ゴーレム": 2, "クレイジー・ジャックの戦闘術": 2, "ムーンライト・スネーク": 2}},
        notations=("names holding ・, with a ・ bullet before one",),
    ),
    Case(
        "original-english-mtg-style",
        OG,
        "Main deck\n4 ビナルクスの仙龍\n4 ビナルクスの仙馬\n4 ビナルクス仙山\n\nSideboard\n2 無限地獄\n",
        {"main": {"ビナルクスの仙龍": 4, "ビナルクスの仙馬": 4, "ビナルクス仙山": 4}},
        warnings=((6, "outside_deck"),),
        notations=("Main deck / Sideboard",),
    ),
    Case(
        "original-categories-with-counts",
        OG,
        "メインデッキ60枚\n兵：8枚\nギルビアの炎剣術士 x4\nギルビアの小隊長 x4\n呪術 4\n火炎雨 x4\n土地 4枚\n無限地獄 x3\n",
        {"main": {"ギルビアの炎剣術士": 4, "ギルビアの小隊長": 4, "火炎雨": 4, "無限地獄": 3}},
        warnings=((1, "header_count"), (7, "header_count")),
        notations=("メインデッキN枚 (glued)", "category 兵：N枚, 呪術 N, 土地 N枚"),
    ),
    Case(
        "original-typo-did-you-mean",
        OG,
        "4 ギルビアの炎剣術師\n4 ギルビアの練兵所\n",
        {"main": {"ギルビアの炎剣術士": 4, "ギルビアの練兵場": 4}},
        warnings=((1, "closest_card"), (2, "closest_card")),
        notations=("did you mean: a one-character slip",),
    ),
    Case(
        "original-date-and-link",
        OG,
        "2025年6月1日 更新\nhttps://example.org/deck/1\n4 火炎雨\n4 焔の審判\n",
        {"main": {"火炎雨": 4, "焔の審判": 4}},
        notes=2,
        notations=("a date line", "a link line"),
    ),
    Case(
        "original-trailing-paren-reading",
        OG,
        "ビナルクスの仙龍（びなるくすのせんりゅう）×2\n魔竜の焔(まりゅうのほむら) 2枚\n",
        {"main": {"ビナルクスの仙龍": 2, "魔竜の焔": 2}},
        notations=("a reading in parentheses on the card's line",),
    ),
    # -- manacard ----------------------------------------------------------------------------------------
    Case(
        "manacard-post",
        M,
        """見習い剣士の旅立ち
■メインデッキ（HP）50枚
見習い剣士×10
森の弓使い×10
槍持ちの衛兵×10
疾風の盗賊×10
薬草×10
■スキルデッキ（MP）50枚
火の玉×20
氷の壁×15
応急手当×15
■ステータス
剣術の才
""",
        {
            "main": {"見習い剣士": 10, "森の弓使い": 10, "槍持ちの衛兵": 10, "疾風の盗賊": 10, "薬草": 10},
            "skill": {"火の玉": 20, "氷の壁": 15, "応急手当": 15},
            "status": {"剣術の才": 1},
        },
        notes=1,
        notations=("■メインデッキ（HP）50枚", "■スキルデッキ（MP）50枚", "■ステータス"),
    ),
    Case(
        "manacard-no-headers",
        M,
        "20 見習い剣士\n30 放浪の竜騎士\n25 火の玉\n25 雷撃\n勇者の証\n",
        {"main": {"見習い剣士": 20, "放浪の竜騎士": 30}, "skill": {"火の玉": 25, "雷撃": 25}, "status": {"勇者の証": 1}},
        notations=("cards without headers go to the deck the card names",),
    ),
    Case(
        "manacard-mp-hp",
        M,
        "HP:\n50 見習い剣士\nMP (50):\n50 起死回生\n",
        {"main": {"見習い剣士": 50}, "skill": {"起死回生": 50}},
        notations=("HP: / MP (50):",),
    ),
    Case(
        "manacard-categories-inside-sections",
        M,
        """スキルデッキ:
魔法(30)
火の玉 x15
雷撃 x15
技能(20)
応急手当 x10
起死回生 x10
""",
        {"skill": {"火の玉": 15, "雷撃": 15, "応急手当": 10, "起死回生": 10}},
        notations=("card-type categories inside a section keep the section",),
    ),
    Case(
        "manacard-spreadsheet-columns",
        M,
        "カード名\t種類\t枚数\n見習い剣士\tユニット\t25\n鉄の長剣\t装備品\t25\n火の玉\t魔法\t50\n",
        {"main": {"見習い剣士": 25, "鉄の長剣": 25}, "skill": {"火の玉": 50}},
        notes=1,
        notations=("a spreadsheet with a type column",),
    ),
    Case(
        "manacard-bad-count-and-sentence",
        M,
        "メイン:\n0 見習い剣士\n見習い剣士 x50\nこのデッキは序盤から殴ります。\n",
        {"main": {"見習い剣士": 50}},
        unread=((2, "bad_count"),),
        notes=1,
        notations=("0 copies is not read", "a sentence is skipped"),
    ),
    Case(
        "manacard-totals-per-section",
        M,
        "メイン:\n50 見習い剣士\n計50\nスキル:\n50 火の玉\n計50\n合計100枚\n",
        {"main": {"見習い剣士": 50}, "skill": {"火の玉": 50}},
        notations=("a total per section and one for the whole deck",),
    ),
]
