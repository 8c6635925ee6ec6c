"""Forms built from the registry: one form field per game-specific card field."""

import json

from django import forms
from django.conf import settings
from django.core.exceptions import NON_FIELD_ERRORS
from django.utils.html import format_html, format_html_join
from django.utils.safestring import mark_safe
from django.utils.translation import get_language, gettext
from django.utils.translation import gettext_lazy as _

from rules.declare import COMMON_KEYS, CardDataError, GameDef
from rules.declare import fields as F

from .i18n import error_message
from .io import FORMATS, builtin_mappings, import_limit_bytes
from .models import Card, Game

PREFIX = "f_"


def form_field(f: F.Field, lang: str) -> forms.Field:
    label = f.label(lang)
    help_text = (f.help_ja if lang.startswith("ja") else f.help_en) or ""  # no English help on a Japanese page
    common = {"label": label, "required": False, "help_text": help_text}
    if f.kind == F.INT:
        return forms.IntegerField(min_value=f.min, max_value=f.max, **common)
    if f.kind == F.BOOL:
        return forms.BooleanField(**common)
    if f.kind == F.CHOICE:
        return forms.ChoiceField(choices=[("", "---")] + [(c, f.choice_label(c, lang)) for c in f.choices], **common)
    if f.kind == F.CHOICES:
        return forms.MultipleChoiceField(
            choices=[(c, f.choice_label(c, lang)) for c in f.choices], widget=forms.CheckboxSelectMultiple, **common
        )
    if f.kind == F.RECORDS:
        return RecordsField(f, **common)
    if f.kind == F.TEXT:
        return forms.CharField(widget=forms.Textarea(attrs={"rows": 4}), **common)
    if f.kind in (F.STRINGS, F.NAMES):
        separated_by = _("separated by")
        sep = "|" if f.kind == F.NAMES else _("spaces or |")
        common["help_text"] = f"{help_text} ({separated_by} {sep})".strip()
    return forms.CharField(**common)


def initial_value(f: F.Field, value):
    if value is None:
        return None
    if f.kind in (F.INT, F.BOOL, F.CHOICE, F.CHOICES):
        return value
    if f.kind == F.RECORDS:
        return value  # the records themselves: RecordsWidget shows one row each
    return f.to_text(value)


# -- a list of records (a card's effect steps) as rows of inputs ---------------------------------------------


def describe_record(f: F.Field, record: dict, lang: str) -> str:
    """One record in words, by the labels its field declares: "カードを引く（数 2）"."""
    first, *rest = f.subfields
    head = first.choice_label(record[first.key], lang) if first.key in record and first.kind == F.CHOICE else ""
    parts = []
    for sub in (rest if head else f.subfields):
        if sub.key in record:
            value = record[sub.key]
            if sub.kind == F.CHOICE or (isinstance(value, str) and value in sub.choice_labels):
                shown = sub.choice_label(value, lang)
            elif isinstance(value, list):
                shown = "・".join(sub.choice_label(v, lang) if sub.kind == F.CHOICES else str(v) for v in value)
            else:
                shown = gettext("yes") if value is True else value
            parts.append(f"{sub.label(lang)} {shown}")
    sep = "、" if lang.startswith("ja") else ", "
    if head and parts:
        return f"{head}（{sep.join(parts)}）" if lang.startswith("ja") else f"{head} ({sep.join(parts)})"
    return head or sep.join(parts)


class RecordsWidget(forms.Widget):
    """A RECORDS field (a card's effect steps) as the game declares it: one block a record, one input a
    subfield (a list for a choice, by its labels; a number in its range; a checkbox for yes/no), numbered as
    the error messages number them ("手順2"), with blank blocks to add records and a box to remove one."""

    blank_rows = 3
    max_rows = 200

    class Media:
        css = {"all": ["css/admin_steps.css"]}

    def __init__(self, records_field: F.Field, attrs=None):
        super().__init__(attrs)
        self.records_field = records_field
        self.examples: list[tuple[str, list[dict]]] = []  # (card name, its records), set by the admin

    def __deepcopy__(self, memo):
        copied = super().__deepcopy__(memo)  # the declaration is shared, not copied
        copied.examples = list(self.examples)
        return copied

    # -- reading the posted rows --------------------------------------------------------------------------

    def value_from_datadict(self, data, files, name):
        count = data.get(f"{name}-rows")
        if count is None:
            return data.get(name)  # the records as JSON text (scripts, and forms made before the rows)
        try:
            count = max(0, min(int(count), self.max_rows))
        except (TypeError, ValueError):
            count = 0
        records = []
        for index in range(count):
            prefix = f"{name}-{index}-"
            if data.get(prefix + "DELETE"):
                continue
            record = {}
            for sub in self.records_field.subfields:
                if sub.kind == F.CHOICES:
                    picked = data.getlist(prefix + sub.key) if hasattr(data, "getlist") else data.get(prefix + sub.key)
                    if picked:
                        record[sub.key] = picked
                    continue
                raw = data.get(prefix + sub.key)
                if sub.kind == F.BOOL:
                    if raw:
                        record[sub.key] = True
                    continue
                raw = raw.strip() if isinstance(raw, str) else raw
                if raw not in (None, ""):
                    record[sub.key] = raw
            if record:
                records.append(record)
        return records

    def value_omitted_from_data(self, data, files, name):
        return f"{name}-rows" not in data and name not in data

    # -- drawing them ---------------------------------------------------------------------------------------

    @staticmethod
    def _records(value) -> list[dict]:
        if isinstance(value, str):
            try:
                value = json.loads(value) if value.strip() else []
            except ValueError:
                return []
        return [r for r in value if isinstance(r, dict)] if isinstance(value, list) else []

    def _input(self, name: str, index: int, sub: F.Field, value, lang: str):
        field_name = f"{name}-{index}-{sub.key}"
        field_id = f"id_{field_name}"
        label = format_html('<label for="{}">{}</label>', field_id, sub.label(lang))
        if sub.kind == F.CHOICE:
            choices = [("", "---")] + [(c, sub.choice_label(c, lang)) for c in sub.choices]
            if value not in (None, "") and value not in sub.choices:
                choices.append((value, value))  # what was sent, so that the message about it can be read
            options = format_html_join(
                "", '<option value="{}"{}>{}</option>',
                ((c, mark_safe(" selected") if str(value or "") == c else "", text) for c, text in choices),
            )
            control = format_html('<select name="{}" id="{}">{}</select>', field_name, field_id, options)
        elif sub.kind == F.CHOICES:
            picked = value if isinstance(value, (list, tuple)) else [value] if value else []
            boxes = format_html_join(
                "", '<label class="step-choice"><input type="checkbox" name="{}" value="{}"{}> {}</label>',
                ((field_name, c, mark_safe(" checked") if c in picked else "", sub.choice_label(c, lang)) for c in sub.choices),
            )
            return format_html('<div class="step-input step-choices"><span class="step-label">{}</span>{}</div>', sub.label(lang), boxes)
        elif sub.kind == F.TEXT:
            control = format_html('<textarea name="{}" id="{}" rows="2">{}</textarea>', field_name, field_id, value or "")
            return format_html('<div class="step-input step-wide">{}{}</div>', label, control)
        elif sub.kind == F.BOOL:
            checked = mark_safe(" checked") if value in (True, "on", "true", "1", 1) else ""
            control = format_html('<input type="checkbox" name="{}" id="{}" value="1"{}>', field_name, field_id, checked)
            return format_html('<div class="step-input step-check">{} {}</div>', control, label)
        elif sub.kind == F.INT:
            bounds = format_html_join(
                "", ' {}="{}"', ((k, v) for k, v in (("min", sub.min), ("max", sub.max)) if v is not None)
            )
            control = format_html(
                '<input type="number" name="{}" id="{}" value="{}"{}>', field_name, field_id,
                "" if value is None else value, bounds,
            )
        else:
            text = sub.to_text(value) if isinstance(value, (list, tuple)) else ("" if value is None else value)
            suggestions = ""
            if sub.choice_labels:  # a free value with named ones to pick from (the stat a step changes)
                suggestions = format_html(
                    '<datalist id="{}-list">{}</datalist>', field_id,
                    format_html_join("", '<option value="{}">{}</option>', ((k, sub.choice_label(k, lang)) for k in sub.choice_labels)),
                )
            control = format_html(
                '<input type="text" name="{}" id="{}" value="{}" maxlength="{}"{}>{}', field_name, field_id, text, sub.max_length,
                format_html(' list="{}-list"', field_id) if suggestions else "", suggestions,
            )
        return format_html('<div class="step-input">{}{}</div>', label, control)

    def render(self, name, value, attrs=None, renderer=None):
        lang = get_language() or "ja"
        f = self.records_field
        records = self._records(value)[: self.max_rows]
        rows = records + [{}] * self.blank_rows
        item = f.item_label(lang)
        blocks = []
        for index, record in enumerate(rows):
            number = gettext("{item} {n}").format(item=item, n=index + 1) if item else gettext("entry {n}").format(n=index + 1)
            if index < len(records):
                legend = format_html("{} <span class=\"step-summary\">{}</span>", number, describe_record(f, record, lang))
                remove = format_html(
                    '<label class="step-delete"><input type="checkbox" name="{}-{}-DELETE" value="1"> {}</label>',
                    name, index, gettext("Remove"),
                )
            else:
                legend = format_html("{} <span class=\"step-summary\">{}</span>", number, gettext("(new: fill in to add)"))
                remove = ""
            inputs = format_html_join("", "{}", ((self._input(name, index, sub, record.get(sub.key), lang),) for sub in f.subfields))
            css = "step" if index < len(records) else "step step-new"
            blocks.append(format_html('<fieldset class="{}"><legend>{}</legend><div class="step-inputs">{}</div>{}</fieldset>',
                                      css, legend, inputs, remove))
        examples = ""
        if self.examples:
            items = format_html_join(
                "", "<li><strong>{}</strong>: {}</li>",
                ((card, " → ".join(describe_record(f, r, lang) for r in steps)) for card, steps in self.examples),
            )
            examples = format_html('<details class="step-examples"><summary>{}</summary><ul>{}</ul></details>',
                                   gettext("Examples from this game's cards"), items)
        return format_html(
            '<div class="records-editor" id="id_{}"><input type="hidden" name="{}-rows" value="{}">{}{}</div>',
            name, name, len(rows), examples, mark_safe("".join(blocks)),
        )


class RecordsField(forms.Field):
    """The records as posted (checked by the game's field declaration in CardForm.clean, which names the
    record and the field at fault)."""

    def __init__(self, records_field: F.Field, **kwargs):
        self.records_field = records_field
        kwargs.setdefault("widget", RecordsWidget(records_field))
        super().__init__(**kwargs)

    def to_python(self, value):
        return value if value not in (None, "", []) else None

    def has_changed(self, initial, data):
        try:
            before = self.records_field.clean(initial) if initial else None
            after = self.records_field.clean(data) if data else None
        except F.CardDataError:
            return True
        return before != after


class CardForm(forms.ModelForm):
    """The card editor. Subclasses made by `card_form_for(game)` add the game's fields."""

    game_def: GameDef | None = None

    aliases = forms.CharField(label=_("aliases"), required=False, help_text=_("Other spellings, separated by |"))
    keywords = forms.CharField(label=_("keywords"), required=False, help_text=_("Separated by spaces"))

    class Meta:
        model = Card
        fields = [
            "game",
            "name",
            "reading",
            "aliases",
            "card_type",
            "cost",
            "rules_text",
            "flavor_text",
            "set_name",
            "number",
            "rarity",
            "keywords",
            "image",
            "sample",
        ]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        lang = get_language() or "ja"
        if self.game_def is not None:
            self.fields["card_type"] = forms.ChoiceField(
                label=_("card type"), choices=[(t.code, t.label(lang)) for t in self.game_def.card_types]
            )
        if self.instance.pk:
            self.initial["aliases"] = " | ".join(self.instance.aliases or [])
            self.initial["keywords"] = " ".join(self.instance.keywords or [])
            for f in self.game_def.fields if self.game_def else ():
                self.initial[PREFIX + f.key] = initial_value(f, (self.instance.attrs or {}).get(f.key))

    def clean(self):
        cleaned = super().clean()
        game = cleaned.get("game")
        if game is None or self.game_def is None:
            return cleaned
        if game.slug != self.game_def.slug:
            self.add_error("game", _("The game of a card cannot be changed here."))
            return cleaned
        raw = {key: cleaned.get(key) for key in COMMON_KEYS if key in self.fields}
        raw["fields"] = {f.key: cleaned.get(PREFIX + f.key) for f in self.game_def.fields}
        for f in self.game_def.fields:
            if f.kind == F.CHOICES and not raw["fields"][f.key]:
                raw["fields"][f.key] = None
        try:
            self.card_data = self.game_def.clean_card(raw)
        except CardDataError as exc:
            for err in exc.errors:
                top = err.top
                target = top if top in self.fields else PREFIX + top if PREFIX + top in self.fields else None
                if target is not None and target in self.errors:
                    continue  # the form field already says what is wrong
                self.add_error(target, error_message(err, self.game_def))
        return cleaned

    def _post_clean(self):
        data = getattr(self, "card_data", None)
        if data is None:
            return  # the registry's errors are on the form already
        # attrs is not a form field: set it before the model's own validation runs.
        self.instance.attrs = data["fields"]
        super()._post_clean()
        # construct_instance() copied the raw form values; the registry-cleaned ones win.
        self.instance.apply_data(data)

    def _update_errors(self, errors):
        # The model reports game-specific problems under "attrs", which is not a form field.
        if hasattr(errors, "error_dict") and "attrs" in errors.error_dict:
            errors.error_dict.setdefault(NON_FIELD_ERRORS, []).extend(errors.error_dict.pop("attrs"))
        super()._update_errors(errors)


def card_form_for(game_def: GameDef | None, lang: str) -> type[CardForm]:
    """A CardForm subclass with one field per game-specific card field."""
    attrs = {"game_def": game_def}
    for f in game_def.fields if game_def else ():
        attrs[PREFIX + f.key] = form_field(f, lang)
    return type(f"CardForm_{game_def.slug if game_def else 'any'}", (CardForm,), attrs)


class ImportForm(forms.Form):
    game = forms.ModelChoiceField(queryset=Game.objects.none(), label=_("game"))
    file = forms.FileField(label=_("file"), help_text=_("CSV or JSON"))
    format = forms.ChoiceField(
        label=_("format"), required=False, choices=[("", _("detect"))] + [(f, f.upper()) for f in FORMATS]
    )
    mapping = forms.ChoiceField(label=_("column mapping"), required=False)
    dry_run = forms.BooleanField(label=_("dry run (check only, write nothing)"), required=False, initial=True)
    skip_invalid = forms.BooleanField(
        label=_("import the good rows and skip the bad ones"), required=False, initial=False
    )

    def clean_file(self):
        upload = self.cleaned_data["file"]
        limit = import_limit_bytes()
        if upload.size > limit:
            raise forms.ValidationError(
                _("The file is %(size)s MB; the limit is %(limit)s MB.")
                % {"size": f"{upload.size / (1024 * 1024):.1f}", "limit": settings.CARD_IMPORT_MAX_MB}
            )
        return upload

    def __init__(self, *args, games=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["game"].queryset = games if games is not None else Game.objects.all()
        self.fields["mapping"].choices = [("", _("none (the export format)"))] + [
            (m.name, m.name) for m in builtin_mappings()
        ]
