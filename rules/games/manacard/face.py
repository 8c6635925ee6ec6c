"""How a printed proxy face of manacard is laid out: the deck on the type line, a unit's distance top
right and attack, HP and speed in the stat bar, the construction marks before the text."""

from ...declare.face import Block, FaceLayout, Show

UNIT = ("ユニット",)

FACE = FaceLayout(
    accent="#2f6b3a",
    card_size="63x88",
    top_left=Show("{cost}"),
    top_right=Show("距離 {distance}", types=UNIT),
    stats=(
        Show("{attack}", label="攻撃", types=UNIT),
        Show("{hp}", label="体力", types=UNIT),
        Show("{speed}", label="素早さ", types=UNIT),
    ),
    type_line=(
        Show("{type_label}"),
        Show("{deck}", labels=(("main", "メイン"), ("skill", "スキル"), ("status", "ステータス"))),
    ),
    text=(
        Block(
            (
                Show("【恩恵スキル Lv{blessing_level}】", when="blessing_level"),
                Show("【ユニーク】", when="unique", unless_text="ユニーク"),  # unless its keywords or text say so
            )
        ),
    ),
)
