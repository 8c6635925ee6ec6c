from django import forms
from django.utils.translation import gettext_lazy as _

from .sheets import PAPERS, PrintOptionError, PrintOptions, game_card_size, layout, parse_size

SIZE_CHOICES = [("63x88", _("63 × 88 mm (standard)")), ("59x86", _("59 × 86 mm (Japanese small)")), ("custom", _("Custom"))]


class PrintForm(forms.Form):
    """Sheet options, read from the query string so that the preview, the PDF and the page share one URL."""

    card_size = forms.ChoiceField(label=_("Card size"), choices=SIZE_CHOICES, required=False)
    custom_size = forms.CharField(label=_("Custom size (W×H mm)"), required=False, max_length=20)
    paper = forms.ChoiceField(label=_("Paper"), choices=[(p, p) for p in PAPERS], initial="A4", required=False)
    bleed = forms.FloatField(label=_("Bleed (mm)"), min_value=0, max_value=3, initial=0, required=False)
    gutter = forms.FloatField(label=_("Gap between cards (mm)"), min_value=0, max_value=20, initial=0, required=False)
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
    offset_x = forms.FloatField(label=_("Back correction X (mm)"), min_value=-10, max_value=10, initial=0, required=False)
    offset_y = forms.FloatField(label=_("Back correction Y (mm)"), min_value=-10, max_value=10, initial=0, required=False)
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

    def options(self) -> PrintOptions:
        """The cleaned options (call after is_valid)."""
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
            self.add_error(None, str(exc))
            raise

    @property
    def one_each(self) -> bool:
        return self.cleaned_data.get("copies") == "one"
