"""Forms built from the registry: one form field per game-specific card field."""

import json

from django import forms
from django.conf import settings
from django.core.exceptions import NON_FIELD_ERRORS
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from rules.games import COMMON_KEYS, CardDataError, GameDef
from rules.games import fields as F

from .i18n import error_message
from .io import FORMATS, builtin_mappings
from .models import Card, Game

PREFIX = "f_"


def form_field(f: F.Field, lang: str) -> forms.Field:
    label = f.label(lang)
    help_text = f.help_ja if lang.startswith("ja") and f.help_ja else f.help_en
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
    if f.kind in (F.TEXT, F.RECORDS):
        if f.kind == F.RECORDS:
            keys = ", ".join(s.key for s in f.subfields)
            common["help_text"] = f"{help_text} JSON: [{{{keys}}}]".strip()
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
        return json.dumps(value, ensure_ascii=False, indent=1)
    return f.to_text(value)


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
                self.add_error(target, error_message(err))
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
        limit = settings.CARD_IMPORT_MAX_BYTES
        if upload.size > limit:
            raise forms.ValidationError(
                _("The file is %(size)s MB; the limit is %(limit)s MB.")
                % {"size": round(upload.size / 1e6, 1), "limit": round(limit / 1e6, 1)}
            )
        return upload

    def __init__(self, *args, games=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["game"].queryset = games if games is not None else Game.objects.all()
        self.fields["mapping"].choices = [("", _("none (the export format)"))] + [
            (m.name, m.name) for m in builtin_mappings()
        ]
