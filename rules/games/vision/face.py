"""How a printed proxy face of vision is laid out: 必要ノード/コスト top left, a character's GRAZE top
right and attack/defence bottom right, upkeep in the stat bar; a weather card prints its effects."""

from ...declare.face import Block, FaceLayout, Show

WEATHER = ("天候",)

FACE = FaceLayout(
    accent="#5b3a8c",
    card_size="59x86",
    top_left=Show("{required_nodes}/{cost}", not_types=WEATHER),
    top_right=Show("GRAZE {graze}", when="graze", types=("キャラクター",)),
    bottom_right=Show("{attack}/{defence}", types=("キャラクター",)),
    stats=(Show("{upkeep}", label="維持", when="upkeep", not_types=WEATHER),),
    type_line=(
        Show("{type_label}"),
        Show("{race}", not_types=WEATHER),
        Show("術者:{caster}", when="caster", not_types=WEATHER),
    ),
    text=(Block((Show("【{kind}】{text}"),), each="weather_effects", types=WEATHER),),
)
