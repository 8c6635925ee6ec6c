from django import template

from decks.selectors import card_limit

register = template.Library()


@register.simple_tag
def card_copy_limit(card):
    """The card page's "copies per deck": `{% card_copy_limit card as limit %}` (decks.selectors.card_limit)."""
    return card_limit(card)


@register.filter
def percent(value) -> str:
    """0.6396 -> "64.0%" (a share or a probability). Nearly certain is not certain: 0.99996 -> ">99.9%"."""
    try:
        value = float(value)
    except (TypeError, ValueError):
        return ""
    if 0.999 < value < 1:
        return ">99.9%"
    if 0 < value < 0.001:
        return "<0.1%"
    return f"{value * 100:.1f}%"
