from django import template
from django.utils.translation import get_language

from cards.models import display_value

register = template.Library()


@register.filter
def dictget(mapping, key):
    return (mapping or {}).get(key)


@register.filter
def field_label(field):
    return field.label(get_language() or "ja")


@register.filter
def record_value(record, field):
    return display_value(field, (record or {}).get(field.key), get_language() or "ja")


@register.filter
def used_subfields(field, records):
    """The subfields of a records field that at least one of these records fills: a column no record uses
    is left out of the card page's table."""
    records = [r for r in records or [] if isinstance(r, dict)]

    def filled(value) -> bool:
        return value is not None and value is not False and value != "" and value != []

    return [sub for sub in field.subfields if any(filled(r.get(sub.key)) for r in records)]
