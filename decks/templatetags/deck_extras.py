from django import template

register = template.Library()


@register.filter
def percent(value) -> str:
    """0.6396 -> "64.0%" (a share or a probability)."""
    try:
        return f"{float(value) * 100:.1f}%"
    except (TypeError, ValueError):
        return ""
