"""Translation of the registry's validation messages.

rules/ has no Django, so its errors carry English templates; every template is
listed here inside gettext so that makemessages extracts it and the UI shows it
in the user's language. tests/test_i18n.py checks that none is missing.
"""

import os
import re

from django.utils.translation import get_language, gettext, gettext_noop

from rules.declare import COMMON_FIELDS, FieldError

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
    # the effect vocabulary's checks across a step (rules/declare/script.py)
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
    # original's own steps (rules/games/original/script.py)
    gettext_noop("{field}: a {op} step needs a target"),
    gettext_noop("{field}: write exists or !exists, then key=value filters with keys among {keys}"),
)

# "script[2].amount": a field, the record's number (from 1) and the record's field.
_PATH = re.compile(r"^(?P<top>[^\[.]+)(?:\[(?P<index>\d+)\])?(?:\.(?P<sub>[^\[.]+))?$")
_COMMON = {f.key: f for f in COMMON_FIELDS}


def _resolve(path: str, game):
    """(the human name of the field at `path`, the Field it names or None)."""
    match = _PATH.match(path or "")
    top = None
    if match:
        if game is not None and match["top"] in {f.key for f in game.fields}:
            top = game.field(match["top"])
        else:
            top = _COMMON.get(match["top"])
    if top is None:
        return path, None
    lang = get_language() or "ja"
    if not match["index"]:
        return top.label(lang), top
    item = top.item_label(lang)
    where = gettext("{item} {n}").format(item=item, n=match["index"]) if item else gettext("entry {n}").format(n=match["index"])
    sub = top.subfield(match["sub"]) if match["sub"] else None
    if match["sub"] is None:
        return gettext("{field}, {where}").format(field=top.label(lang), where=where), top
    return (
        gettext("{field}, {where}, “{sub}”").format(field=top.label(lang), where=where, sub=sub.label(lang) if sub else match["sub"]),
        sub,
    )


def error_message(err: FieldError, game=None) -> str:
    """The error in the active language. With the card's game (a GameDef), the field is named as the editor
    shows it ("自動処理・手順2の「数」", not "script[2].amount") and coded values by their labels."""
    if game is None:
        return gettext(err.template).format(field=err.field, **err.params)
    name, field = _resolve(err.field, game)
    params = dict(err.params)
    lang = get_language() or "ja"
    if field is not None:
        sep = "・" if lang.startswith("ja") else ", "
        if field.choice_labels and isinstance(params.get("value"), str) and params["value"] in field.choice_labels:
            params["value"] = field.choice_label(params["value"], lang)
        if field.choice_labels and "allowed" in params:
            params["allowed"] = sep.join(field.choice_label(c, lang) for c in field.choices)
    parent = _parent(err.field, game)
    if parent is not None:
        if "known" in params:
            params["known"] = ("・" if lang.startswith("ja") else ", ").join(s.label(lang) for s in parent.subfields)
        op = parent.subfield("op")
        if op is not None and isinstance(params.get("op"), str):
            params["op"] = op.choice_label(params["op"], lang)
    return gettext(err.template).format(field=name, **params)


def _parent(path: str, game):
    """The RECORDS field a record's field belongs to ("script" for "script[2].amount")."""
    match = _PATH.match(path or "")
    if not match or not match["index"] or game is None or match["top"] not in {f.key for f in game.fields}:
        return None
    return game.field(match["top"])


def cli_language() -> str:
    """The language for command-line output: the shell's locale (LANGUAGE, LC_ALL, LC_MESSAGES, LANG)."""
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(name, "")
        if value:
            return "ja" if value.lower().startswith("ja") else "en"
    return "en"


def query_error_message(err) -> str:
    """A search query error (cards.search.query.QueryError) in the active language."""
    params = dict(err.params)
    if "known_ja" in params and (get_language() or "ja").startswith("ja"):
        params["known"] = params["known_ja"]  # the fields by their Japanese names, as a query may write them
    return gettext(err.template).format(**params)
