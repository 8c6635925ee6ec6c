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
