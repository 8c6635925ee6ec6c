"""How a printed proxy face of original is laid out: a soldier's summon, move and power costs or a
spell's and land's cost and upkeep in the stat bar, and the structured effects as the text."""

from ...declare.face import Block, FaceLayout, Show

SOLDIER = ("兵",)

FACE = FaceLayout(
    accent="#6b5a1e",
    card_size="63x88",
    top_left=Show("{cost}"),
    type_line=(Show("{type_label}"), Show("{attributes}", sep="・"), Show(("{race}", "{special_type}", "{special_type2}"))),
    stats=(
        Show("{cost}", label="召喚", types=SOLDIER),
        Show("{move_cost}", label="移動", types=SOLDIER),
        Show("{power}", label="パワー", types=SOLDIER),
        Show("{cost}", label="{cost_label}", not_types=SOLDIER),
        Show("{upkeep}", label="維持", not_types=SOLDIER),
    ),
    text=(
        Block(
            (
                Show("■{kind}", sep="・"),
                Show("〔{category}〕", when="category"),
                Show("「{name}」", when="name"),
                Show("コスト:{cost}", when="cost"),
                Show("\n{text}"),
            ),
            each="effects",
            replaces=True,  # the rules text repeats the effects as printed
        ),
    ),
)
