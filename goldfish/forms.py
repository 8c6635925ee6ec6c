"""The start form: a deck, pool or pasted decklist, a seed, and the game's options (from their declarations:
a checkbox for true/false, a number in its range for a whole number, a list for a choice)."""

from __future__ import annotations

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import get_language, gettext
from django.utils.translation import gettext_lazy as _

from decks.forms import RegulationChoice, format_choices
from rules.declare import GAMES, get_game
from rules.declare.options import BOOL, INT

from .services import MAX_SEED


def option_field_name(game: str, key: str) -> str:
    return f"opt_{game}_{key}"


class ExplainedIntegerField(forms.IntegerField):
    """A whole number whose every error names the field, the value typed and the range it takes."""

    def clean(self, value):
        try:
            return super().clean(value)
        except ValidationError:
            if self.max_value is None or self.max_value >= 10**12:  # a seed: no one needs the upper end spelled out
                message = gettext("{label}: “{value}” cannot be used; enter a whole number of {low} or more.")
            else:
                message = gettext("{label}: “{value}” cannot be used; enter a whole number from {low} to {high}.")
            raise ValidationError(
                message.format(label=self.label, value=str(value).strip(), low=self.min_value, high=self.max_value),
                code="invalid",
            ) from None


class ExplainedChoiceField(forms.ChoiceField):
    """A choice whose error names the field, the value sent and the choices by their labels."""

    def clean(self, value):
        try:
            return super().clean(value)
        except ValidationError:
            names = "・".join(f"「{label}」" for _value, label in self.choices)
            raise ValidationError(
                gettext("{label}: “{value}” is not one of the choices; choose {choices}.").format(
                    label=self.label, value=str(value).strip(), choices=names),
                code="invalid_choice",
            ) from None


def option_fields(game: str) -> dict[str, forms.Field]:
    """A form field per option the game declares (rules/games/<slug>/options.py), labelled in the page's
    language, with the declared range or choices; a value outside them is refused naming the option, the
    value and what it takes, in the page's language."""
    lang = get_language() or "ja"
    out = {}
    for option in get_game(game).options:
        label, help_text = option.label(lang), option.help(lang)
        if option.kind == BOOL:
            field = forms.BooleanField(label=label, help_text=help_text, required=False, initial=option.default)
        elif option.kind == INT:
            field = ExplainedIntegerField(
                label=label, help_text=help_text, min_value=option.low, max_value=option.high, initial=option.default,
                required=False,
            )
        else:
            choices = [(c.value, c.label(lang)) for c in option.choices]
            field = ExplainedChoiceField(label=label, help_text=help_text, choices=choices, initial=option.default, required=False)
        field.widget.attrs["data-option"] = option.key
        if option.goldfish_only:  # (static/js/goldfish/start.js hides it when the opponent is a deck)
            field.widget.attrs["data-goldfish-only"] = "true"
        out[option_field_name(game, option.key)] = field
    return out


class StartForm(RegulationChoice, forms.Form):
    """With `game` set (a deck or pool chosen), only that game's options; otherwise a decklist with a
    format, and every game's options (the page shows those of the chosen format's game)."""

    regulation = forms.TypedChoiceField(label=_("Game and format"), coerce=int, required=False)
    decklist = forms.CharField(
        label=_("Decklist"),
        widget=forms.Textarea(attrs={"rows": 10, "placeholder": _("Main:\n4 ねこやま\n《ねこやま》×2\n# a note")}),
        required=False,
        max_length=100_000,
    )
    seed = ExplainedIntegerField(
        label=_("Seed"),
        required=False,
        min_value=0,
        max_value=MAX_SEED,
        help_text=_("Empty: a random one. The same seed and the same plays give the same game."),
    )

    def __init__(self, *args, game: str | None = None, opponents=None, **kwargs):
        """`opponents`: the decks an AI may play against this one (a game with real seats; None: the
        goldfish only)."""
        super().__init__(*args, **kwargs)
        self.game = game
        if opponents is not None:
            self.fields["opponent"] = forms.ChoiceField(
                label=_("Opponent"), required=False,
                choices=[("", _("The goldfish")), (_("Deck (played by the AI)"), [(str(d.pk), d.name) for d in opponents])],
            )
            self.fields["ai_level"] = forms.ChoiceField(
                label=_("AI level"), required=False, initial="heuristic",
                choices=[("heuristic", _("Standard (quick)")), ("strong", _("Strong (plays games out before each choice)"))],
            )
            self.fields["watch"] = forms.BooleanField(
                label=_("Watch the AI play both decks"), required=False,
                help_text=_("Your deck is played by the AI too (at the standard level); the whole game is played at once and you watch it step by step."),
            )
        if game:
            del self.fields["regulation"], self.fields["decklist"]
        else:
            self.fields["regulation"].choices = format_choices()
            self.fields["regulation"].required = True
            self.fields["decklist"].required = True
        self.option_groups = []
        for slug in [game] if game else list(GAMES):
            fields = option_fields(slug)
            self.fields.update(fields)
            self.option_groups.append((GAMES[slug], list(fields)))

    def bound_option_groups(self):
        return [(definition, [self[name] for name in names]) for definition, names in self.option_groups]

    def options_for(self, game: str) -> dict:
        prefix = f"opt_{game}_"
        return {name[len(prefix):]: value for name, value in self.cleaned_data.items() if name.startswith(prefix) and value not in (None, "")}


# -- simulations -------------------------------------------------------------------------------------------

def key_label(text: str) -> str:
    """The English name of a game's key cards as a simulation reports it (GameDef.key_cards.en, the
    autopilot's key_label) in the page's language: the game's own declaration, or the text as it is."""
    lang = get_language() or "ja"
    for game in GAMES.values():
        if game.key_cards is not None and game.key_cards.en == text:
            return game.key_cards.label(lang)
    return text


MAX_COMPARE_REVISIONS = 50  # the newest revisions offered for a comparison
MAX_COMPARE_DECKS = 50  # of the user's own, and of the public ones


class SimulationForm(forms.Form):
    games = forms.TypedChoiceField(
        label=_("Games"), coerce=int, initial=2000,
        choices=[(n, f"{n:,}") for n in (100, 200, 500, 1000, 2000, 5000, 10000, 20000)],
    )
    seed = forms.IntegerField(label=_("Seed"), min_value=0, max_value=10**9, initial=1)
    turn_cap = forms.IntegerField(label=_("Turn cap"), min_value=1, max_value=50, initial=20)
    revision = forms.IntegerField(label=_("Revision"), required=False, min_value=1, widget=forms.HiddenInput)


def error_messages(form: forms.Form) -> list[str]:
    """Every error of a bound form, each naming its field ("Seed: Ensure this value is …")."""
    out = []
    for name, errors in form.errors.items():
        field = form.fields.get(name)
        label = str(field.label or name) if field is not None else ""
        out += [f"{label}: {error}" if label else str(error) for error in errors]
    return out


class CompareForm(forms.Form):
    """The other side of a comparison: another revision of this deck, or another deck of the same game
    (the user's own, or a public one), played on the same games, seed and turn cap.

    Revisions are offered to those who may read the deck's history (its owner, anyone for a public deck):
    an unlisted deck shows its cards by link, not its earlier versions."""

    other = forms.ChoiceField(label=_("Compare with"))

    def __init__(self, *args, user, sim, **kwargs):
        super().__init__(*args, **kwargs)
        from decks import selectors as deck_selectors
        from decks.models import Visibility
        from decks.presenters import revision_choices

        self.user, self.sim = user, sim
        deck = sim.deck
        is_owner = user.is_authenticated and deck.owner_id == user.pk
        revisions = []
        if is_owner or deck.visibility == Visibility.PUBLIC:  # named by date and changes (decks.presenters)
            newest = revision_choices(deck, limit=MAX_COMPARE_REVISIONS, exclude=sim.revision)
            revisions = [(f"rev:{n}", label) for n, label in newest]
        own = deck_selectors.user_decks(user).filter(game_id=sim.game_id) if user.is_authenticated else deck_selectors.deck_queryset().none()
        public = deck_selectors.public_decks(sim.game_id)
        seen, others = {deck.pk}, []
        for other in [*own[:MAX_COMPARE_DECKS], *public[:MAX_COMPARE_DECKS]]:
            if other.pk not in seen:
                seen.add(other.pk)
                mine = user.is_authenticated and other.owner_id == user.pk
                label = other.name if mine else _("{name} (by {owner})").format(name=other.name, owner=other.owner.get_username())
                others.append((f"deck:{other.pk}", label))
        choices = []
        if revisions:
            choices.append((_("Revisions"), revisions))
        if others:
            choices.append((_("Decks"), others))
        self.fields["other"].choices = choices

    def chosen(self):
        """(deck, revision or None) chosen; the deck was checked visible to the user."""
        from decks import selectors as deck_selectors

        kind, _sep, value = self.cleaned_data["other"].partition(":")
        if kind == "rev":
            return self.sim.deck, int(value)
        return deck_selectors.visible_deck(self.user, int(value)), None


class CardReportForm(forms.Form):
    """A designer report: how many games, from which seed, and optionally a swap (every copy of a card of the
    deck replaced by another card of the game); the swap's cards are checked by the service."""

    games = forms.TypedChoiceField(
        label=_("Games"), coerce=int, initial=1000, choices=[(n, f"{n:,}") for n in (100, 200, 500, 1000, 2000, 5000)],
    )
    seed = forms.IntegerField(label=_("Seed"), min_value=0, max_value=10**9, initial=1)
    turn_cap = forms.IntegerField(label=_("Turn cap"), min_value=1, max_value=50, initial=20)
    swap_old = forms.CharField(label=_("Take out"), required=False, max_length=40)
    swap_new = forms.CharField(label=_("Put in"), required=False, max_length=40)


class MatchupForm(forms.Form):
    """対戦シミュレーション: the opponent decks (one, or several for a gauntlet), games, seed and the AI level."""

    opponents = forms.MultipleChoiceField(label=_("Opponent decks"), widget=forms.CheckboxSelectMultiple)
    games = forms.IntegerField(label=_("Games per opponent"), min_value=1, max_value=1000, initial=100)
    seed = forms.IntegerField(label=_("Seed"), min_value=0, max_value=10**9, initial=1)
    ai = forms.ChoiceField(
        label=_("AI level"), initial="heuristic",
        choices=[("heuristic", _("Standard (quick)")), ("strong", _("Strong (plays games out before each choice)"))],
    )

    def __init__(self, *args, opponents=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["opponents"].choices = [(str(d.pk), d.name) for d in opponents]
