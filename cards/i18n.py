"""Translation of the registry's validation messages.

rules/ has no Django, so its errors carry English templates; every template is
listed here inside gettext so that makemessages extracts it and the UI shows it
in the user's language. tests/test_i18n.py checks that none is missing.
"""

import os

from django.utils.translation import gettext, gettext_noop

from rules.games import FieldError

TEMPLATES = (
    gettext_noop("{field}: contains a control character"),
    gettext_noop("{field}: does not apply to {card_type} (only to {types})"),
    gettext_noop("{field}: expected a list of entries, got {value!r}"),
    gettext_noop("{field}: expected a list, got {value!r}"),
    gettext_noop("{field}: expected a number of copies or “unlimited”, got {value!r}"),
    gettext_noop("{field}: expected a whole number, got {value!r}"),
    gettext_noop("{field}: expected an object"),
    gettext_noop("{field}: expected an object of game fields"),
    gettext_noop("{field}: expected an object, got {value!r}"),
    gettext_noop("{field}: expected text items, got {value!r}"),
    gettext_noop("{field}: expected text, got {value!r}"),
    gettext_noop("{field}: expected yes or no, got {value!r}"),
    gettext_noop("{field}: item {value!r} is not a short single word"),
    gettext_noop("{field}: item {value!r} may not contain “|”"),
    gettext_noop("{field}: longer than {max_length} characters"),
    gettext_noop("{field}: must be a single line"),
    gettext_noop("{field}: not valid JSON ({reason})"),
    gettext_noop("{field}: required"),
    gettext_noop("{field}: required for {card_type}"),
    gettext_noop("{field}: unknown field (known: {known})"),
    gettext_noop("{field}: unknown field for {game}"),
    gettext_noop("{field}: unknown field for {game} (known: {known})"),
    gettext_noop("{field}: {reason}"),
    gettext_noop("{field}: {value!r} is listed twice"),
    gettext_noop("{field}: {value!r} is not one of {allowed}"),
    gettext_noop("{field}: {value} is above the maximum {max}"),
    gettext_noop("{field}: {value} is below the minimum {min}"),
    # the effect vocabulary's checks across a step (rules/games/script.py)
    gettext_noop("{field}: a move step needs the zone to move from"),
    gettext_noop("{field}: a move step needs the zone to move to"),
    gettext_noop("{field}: the same zone as from"),
    gettext_noop("{field}: only a move step takes a zone to move from or to"),
    gettext_noop("{field}: required with if_type or if_min"),
    gettext_noop("{field}: {value!r} only applies to a stat step"),
    gettext_noop("{field}: must be at least {min} for {op}"),
    # manacard's own steps (rules/games/manacard/__init__.py)
    gettext_noop("{field}: a unit step takes opponent, you or each_player, not {value!r}"),
    gettext_noop("{field}: only for a stat step at equipped or status"),
)


def error_message(err: FieldError) -> str:
    """The error in the active language."""
    return gettext(err.template).format(field=err.field, **err.params)


def cli_language() -> str:
    """The language for command-line output: the shell's locale (LANGUAGE, LC_ALL, LC_MESSAGES, LANG)."""
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(name, "")
        if value:
            return "ja" if value.lower().startswith("ja") else "en"
    return "en"


def query_error_message(err) -> str:
    """A search query error (cards.search.query.QueryError) in the active language."""
    return gettext(err.template).format(**err.params)
