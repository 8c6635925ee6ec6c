from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext, gettext_noop, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from .sheets import (
    CARD_SIZES,
    MIN_MARGIN,
    PAPERS,
    RULER_BAND,
    Layout,
    PrintOptionError,
    PrintOptions,
    game_card_size,
    layout,
    parse_size,
)

SIZE_CHOICES = [("63x88", _("63 × 88 mm (standard)")), ("59x86", _("59 × 86 mm (Japanese small)")), ("custom", _("Custom"))]
PAPER_LABELS = {"A4": "A4", "A3": "A3", "Letter": pgettext_lazy("paper size", "Letter")}

# The sheet renderer's messages (printing/sheets.py, plain Python): listed here so that makemessages finds
# them; the page shows them in the user's language beside the option they are about.
OPTION_ERRORS = (
    gettext_noop("card size {value}: expected width×height in millimetres, e.g. 63x88"),
    gettext_noop("card size {value}: width 20–200 mm and height 20–300 mm"),
    gettext_noop("{name}: a number, not {value}"),
    gettext_noop("paper {value}: one of {allowed}"),
    gettext_noop("bleed {value:g} mm: 0 to 3 mm"),
    gettext_noop("gutter {value:g} mm: 0 to 20 mm"),
    gettext_noop("marks {value}: one of {allowed}"),
    gettext_noop("backs {value}: one of {allowed}"),
    gettext_noop("offset: at most 10 mm either way"),
    gettext_noop("a {w:g}×{h:g} mm card does not fit on {paper}"),
)


def option_error_message(exc: PrintOptionError) -> str:
    """A PrintOptionError in the active language, naming the value at fault."""
    params = dict(exc.params)
    if "paper" in params:
        params["paper"] = str(PAPER_LABELS.get(params["paper"], params["paper"]))
    return gettext(exc.template).format(**params)


class MillimetreField(forms.FloatField):
    """A length in millimetres whose errors say the value that was typed and the range it must be in."""

    def __init__(self, *, min_value, max_value, **kwargs):
        super().__init__(min_value=min_value, max_value=max_value, required=False, **kwargs)
        self.low, self.high = min_value, max_value

    def clean(self, value):
        try:
            return super().clean(value)
        except ValidationError as exc:
            code = next((e.code for e in exc.error_list), None)
            if code == "invalid":
                message = gettext("“{value}” is not a number of millimetres.")
            else:
                message = gettext("{value} mm is outside {low} to {high} mm.")
            raise ValidationError(
                message.format(value=str(value).strip(), low=f"{self.low:g}", high=f"{self.high:g}"), code=code
            ) from None


class PrintForm(forms.Form):
    """Sheet options, read from the query string so that the preview, the PDF and the page share one URL."""

    card_size = forms.ChoiceField(label=_("Card size"), choices=SIZE_CHOICES, required=False)
    custom_size = forms.CharField(label=_("Custom size (W×H mm)"), required=False, max_length=20)
    paper = forms.ChoiceField(label=_("Paper"), choices=list(PAPER_LABELS.items()), initial="A4", required=False)
    bleed = MillimetreField(label=_("Bleed (mm)"), min_value=0, max_value=3, initial=0)
    gutter = MillimetreField(label=_("Gap between cards (mm)"), min_value=0, max_value=20, initial=0)
    marks = forms.ChoiceField(
        label=_("Cutting guides"),
        choices=[("crop", _("Crop marks outside the cards")), ("cut", _("Full cut lines")), ("none", _("None"))],
        initial="crop",
        required=False,
    )
    backs = forms.ChoiceField(
        label=_("Backs"),
        choices=[("none", _("No backs")), ("long", _("Duplex, flip on the long edge")), ("short", _("Duplex, flip on the short edge"))],
        initial="none",
        required=False,
    )
    offset_x = MillimetreField(label=_("Back correction X (mm)"), min_value=-10, max_value=10, initial=0)
    offset_y = MillimetreField(label=_("Back correction Y (mm)"), min_value=-10, max_value=10, initial=0)
    copies = forms.ChoiceField(
        label=_("Copies"),
        choices=[("deck", _("As in the deck")), ("one", _("One of each card"))],
        initial="deck",
        required=False,
    )

    def __init__(self, data=None, *, game_slug: str, **kwargs):
        super().__init__(data, **kwargs)
        self.game_slug = game_slug
        self.fields["card_size"].initial = game_card_size(game_slug)
        self.fields["custom_size"].widget.attrs.update(placeholder="63x88", inputmode="decimal")

    def clean(self):
        cleaned = super().clean()
        if cleaned.get("card_size") == "custom" and not (cleaned.get("custom_size") or "").strip():
            self.add_error("custom_size", _("Write the custom size as width×height in millimetres, e.g. 63x88."))
        return cleaned

    def options(self) -> PrintOptions:
        """The cleaned options (call after is_valid); a PrintOptionError is put on the option it is about."""
        d = self.cleaned_data
        size = d.get("card_size") or game_card_size(self.game_slug)
        try:
            w, h = parse_size(d.get("custom_size") if size == "custom" else size)
            options = PrintOptions(
                card_w=w,
                card_h=h,
                paper=d.get("paper") or "A4",
                bleed=d.get("bleed") or 0.0,
                gutter=d.get("gutter") or 0.0,
                marks=d.get("marks") or "crop",
                backs=d.get("backs") or "none",
                offset_x=d.get("offset_x") or 0.0,
                offset_y=d.get("offset_y") or 0.0,
            )
            layout(options)  # a card too big for the paper is an error here, not in the renderer
            return options
        except PrintOptionError as exc:
            field = exc.field if exc.field in self.fields else None
            if field == "card_size" and size == "custom":
                field = "custom_size"
            self.add_error(field, option_error_message(exc))
            raise

    @property
    def one_each(self) -> bool:
        return self.cleaned_data.get("copies") == "one"


def error_lines(form: forms.Form) -> list[str]:
    """Every error of the form, each naming its option by its label ("塗り足し（mm）: …")."""
    out = []
    for name, errors in form.errors.items():
        field = form.fields.get(name)
        label = str(field.label) if field is not None else ""
        out += [f"{label}: {error}" if label else str(error) for error in errors]
    return out or [gettext("Check the print options.")]


# -- the cards-per-sheet note, on the server and (from the same numbers) in the page's script --------------


def grid_note(lay: Layout, paper: str) -> str:
    return gettext("{cols} × {rows} = {count} cards a sheet of {paper}.").format(
        cols=lay.cols, rows=lay.rows, count=lay.per_page, paper=PAPER_LABELS.get(paper, paper))


def note_messages() -> dict:
    """The note's wordings for print_options.js, in the page's language."""
    return {
        "note": gettext("{cols} × {rows} = {count} cards a sheet of {paper}."),
        "misfit": gettext("A {w}×{h} mm card does not fit on {paper}."),
        "unreadable": gettext("Write the custom size as width×height in millimetres, e.g. 63x88."),
        "papers": {key: str(label) for key, label in PAPER_LABELS.items()},
    }


def geometry() -> dict:
    """What print_options.js needs to count the cards a sheet holds as sheets.layout does."""
    return {"papers": PAPERS, "sizes": CARD_SIZES, "margin": MIN_MARGIN, "ruler_band": RULER_BAND}
