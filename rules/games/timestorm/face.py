"""How a printed proxy face of timestorm is laid out: the cost top left, 勝利条件 on the type line of a
win-condition card."""

from ...declare.face import FaceLayout, Show

FACE = FaceLayout(
    accent="#1f5f7a",
    card_size="63x88",
    top_left=Show("{cost}"),
    type_line=(Show("{type_label}"), Show("勝利条件", when="win_condition")),
)
