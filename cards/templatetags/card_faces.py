"""What a card tile shows beside its face: the face's box (so a grid does not jump while faces load) and the
few stats a list shows, labelled, as the game declares them (its `list_fields`)."""

from django import template
from django.utils.translation import get_language

from cards.models import display_value
from rules.declare.fields import BOOL

register = template.Library()

DEFAULT_SIZE = (63.0, 88.0)  # millimetres, W x H: what a game without a face declaration prints at


def _card_size(definition) -> tuple[float, float]:
    face = getattr(definition, "face", None)
    try:
        width, height = (float(part) for part in face.card_size.lower().replace("×", "x").split("x"))
    except (AttributeError, ValueError):
        return DEFAULT_SIZE
    return (width, height) if width > 0 and height > 0 else DEFAULT_SIZE


@register.filter
def face_height(card, width=240) -> int:
    """The height of a card's face `width` pixels wide, from the card size its game declares (59x86, 63x88)."""
    w, h = _card_size(card.definition)
    return round(int(width) * h / w)


@register.filter
def tile_stats(card) -> list[str]:
    """The card's type, its cost and the game's list fields, each labelled ("攻撃力 3"); empty ones left out."""
    lang = get_language() or "ja"
    stats = [card.type_label()]
    if card.cost is not None:
        stats.append(f"{card.cost_label()} {card.cost}")
    definition = card.definition
    values = card.attrs or {}
    for key in definition.list_fields:
        f = definition.field(key)
        value = values.get(key)
        if f.kind == BOOL:
            if value:
                stats.append(f.label(lang))
            continue
        shown = display_value(f, value, lang)
        if shown:
            stats.append(f"{f.label(lang)} {shown}")
    return stats
