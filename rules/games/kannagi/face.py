"""How a printed proxy face of kannagi is laid out: the cost as a kanji numeral, a place's power bottom
left, the seasons on the type line and the first season's colour as the accent."""

from ...declare.face import FaceLayout, Show

FACE = FaceLayout(
    accent="#8c2f2f",
    card_size="63x88",
    top_left=Show("{cost}", numerals="kanji"),
    bottom_left=Show("{power}", types=("場所札",)),
    type_line=(Show("{type_label}　{season}", sep="・"), Show("{attributes}")),
    accent_field="season",
    accent_colours=(("春", "#d4738f"), ("夏", "#2f8f5b"), ("秋", "#c0662a"), ("冬", "#3b6fb5"), ("無", "#777777")),
    # The fan list gives no rules text: its cards show the facts it has (type, season and attributes are on
    # the type line, keywords open the text, the players' role tags follow) and say the text is not entered.
    untexted=(Show("役割: {roles}", sep="・", when="roles"),),
    untexted_note="効果テキスト未登録",
    vanilla=("roles", "バニラ"),
)
