
from django import forms
from django.contrib.auth.forms import UserCreationForm
from django.utils.translation import gettext_lazy as _

from . import selectors
from .models import Regulation, Visibility


def format_choices(game_slug: str | None = None) -> list:
    """Regulations grouped by game, as (pk, name) choices: choosing one chooses the game too. Among several
    games each choice names its game as well (a closed list shows the choice alone: "基本ルール" of which game?)."""
    groups = []
    for game, regulations in selectors.games_with_regulations():
        if game_slug and game.slug != game_slug:
            continue
        if regulations:
            groups.append((game.name, [(r.pk, _regulation_label(r, None if game_slug else game.name)) for r in regulations]))
    return groups


def _regulation_label(r: Regulation, game_name: str | None = None) -> str:
    date = f" ({r.effective_date.isoformat()})" if r.effective_date else ""
    return f"{game_name}：{r.name}{date}" if game_name else f"{r.name}{date}"


class RegulationChoice:
    """A form whose `regulation` field holds a regulation's id, cleaned into the Regulation."""

    regulation_game: str | None = None
    regulation_games: tuple[str, ...] = ()  # or one of these games

    def clean_regulation(self):
        regulations = Regulation.objects.filter(pk=self.cleaned_data["regulation"])
        if self.regulation_game:
            regulations = regulations.filter(game_id=self.regulation_game)
        elif self.regulation_games:
            regulations = regulations.filter(game_id__in=self.regulation_games)
        regulation = regulations.first()
        if regulation is None:
            raise forms.ValidationError(_("Choose a format."))
        return regulation


class DeckForm(RegulationChoice, forms.Form):
    regulation = forms.TypedChoiceField(label=_("Game and format"), coerce=int)
    # May stay empty when the decklist is a share link with a title: the title names the deck (the view).
    name = forms.CharField(
        label=_("Name"), max_length=100, required=False,
        help_text=_("Leave it empty to name the deck after a pasted share link's title."),
    )
    description = forms.CharField(label=_("Description"), widget=forms.Textarea(attrs={"rows": 3}), required=False, max_length=5000)
    visibility = forms.ChoiceField(label=_("Visibility"), choices=Visibility.choices, initial=Visibility.PRIVATE)
    decklist = forms.CharField(
        label=_("Decklist (optional)"),
        widget=forms.Textarea(attrs={"rows": 8, "placeholder": "4 ねこやま\n4x Name\n# comment"}),
        required=False,
        max_length=100_000,
    )

    def __init__(self, *args, game_slug=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["regulation"].choices = format_choices(game_slug)

    def clean(self):
        data = super().clean()
        if not (data.get("name") or "").strip() and not (data.get("decklist") or "").strip():
            self.add_error("name", forms.Field.default_error_messages["required"])
        return data


class DeckSettingsForm(RegulationChoice, forms.Form):
    name = forms.CharField(label=_("Name"), max_length=100)
    description = forms.CharField(label=_("Description"), widget=forms.Textarea(attrs={"rows": 3}), required=False, max_length=5000)
    visibility = forms.ChoiceField(label=_("Visibility"), choices=Visibility.choices)
    regulation = forms.TypedChoiceField(label=_("Format"), coerce=int)
    revision = forms.IntegerField(widget=forms.HiddenInput, required=False)

    def __init__(self, *args, game_slug=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.regulation_game = game_slug
        self.fields["regulation"].choices = format_choices(game_slug)



class DecklistForm(forms.Form):
    decklist = forms.CharField(label=_("Decklist"), widget=forms.Textarea(attrs={"rows": 12}), max_length=100_000)
    revision = forms.IntegerField(widget=forms.HiddenInput, required=False)


class CheckForm(RegulationChoice, forms.Form):
    regulation = forms.TypedChoiceField(label=_("Game and format"), coerce=int)
    decklist = forms.CharField(
        label=_("Decklist"),
        widget=forms.Textarea(attrs={"rows": 14, "placeholder": "メイン:\n4 ねこやま\n4x Name\n# comment"}),
        max_length=100_000,
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["regulation"].choices = format_choices()



class PoolForm(RegulationChoice, forms.Form):
    """A pool of a game that declares pools: its format (which names the game) and the entries."""

    name = forms.CharField(label=_("Name"), max_length=100)
    description = forms.CharField(label=_("Description"), widget=forms.Textarea(attrs={"rows": 2}), required=False, max_length=5000)
    visibility = forms.ChoiceField(label=_("Visibility"), choices=Visibility.choices, initial=Visibility.PRIVATE)
    regulation = forms.TypedChoiceField(label=_("Format"), coerce=int)
    decks = forms.TypedMultipleChoiceField(
        label=_("Entries (two or more)"), coerce=int, widget=forms.CheckboxSelectMultiple
    )

    def __init__(self, *args, user=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.regulation_games = tuple(selectors.pool_games())
        self.fields["regulation"].choices = [group for slug in self.regulation_games for group in format_choices(slug)]
        self.fields["decks"].choices = [
            (d.pk, f"{d.name} ({d.owner.get_username()} · {d.regulation.name})")
            for d in selectors.decks_usable_in_pool(user).order_by("owner__username", "name")
        ]



class SignupForm(UserCreationForm):
    pass


class RegulationDraftForm(RegulationChoice, forms.Form):
    """A draft restricted list for one of a game's regulations: one "card name copies" a line."""

    regulation = forms.TypedChoiceField(label=_("Start from"), coerce=int)
    limits = forms.CharField(
        label=_("Restricted list (draft)"),
        widget=forms.Textarea(attrs={"rows": 14, "spellcheck": "false", "autocapitalize": "off", "placeholder": "ねこやま 1\n鉄の風 0"}),
        required=False,
        max_length=100_000,
        help_text=_("One card a line: its name, then how many copies a deck may hold (0 = banned, 無制限 = no limit). Full-width and half-width, katakana and hiragana are read alike."),
    )

    def __init__(self, *args, game_slug: str, **kwargs):
        super().__init__(*args, **kwargs)
        self.regulation_game = game_slug
        self.fields["regulation"].choices = [
            (r.pk, _regulation_label(r)) for _game, regs in selectors.games_with_regulations() if _game.slug == game_slug for r in regs
        ]
