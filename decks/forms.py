import hashlib

from django import forms
from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth.forms import AuthenticationForm, UserCreationForm
from django.core.cache import cache
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from config.throttles import client_address

from . import selectors
from .models import Regulation, Visibility


def format_choices(game_slug: str | None = None) -> list:
    """Regulations grouped by game, as (pk, name) choices: choosing one chooses the game too."""
    groups = []
    for game, regulations in selectors.games_with_regulations():
        if game_slug and game.slug != game_slug:
            continue
        if regulations:
            groups.append((game.name, [(r.pk, _regulation_label(r)) for r in regulations]))
    return groups


def _regulation_label(r: Regulation) -> str:
    date = f" ({r.effective_date.isoformat()})" if r.effective_date else ""
    return f"{r.name}{date}"


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
    name = forms.CharField(label=_("Name"), max_length=100)
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


# Sign-in throttling: after LOGIN_FAILURES failed attempts for one username from one address (or
# LOGIN_FAILURES_PER_ADDRESS for any usernames from one address) within LOGIN_LOCKOUT_SECONDS, sign-in is
# refused, even with the right password, until the window passes. Counted in the default cache (set a
# shared cache in production so that every server process counts together).
LOGIN_FAILURES = 5
LOGIN_FAILURES_PER_ADDRESS = 20
LOGIN_LOCKOUT_SECONDS = 15 * 60


class LoginThrottle:
    """For a sign-in form (AuthenticationForm or the admin's): refuses while the address is locked out and
    counts each failure."""

    throttled_message = _("Too many failed sign-ins from your address. Try again in %(minutes)s minutes.")

    def _keys(self) -> list[tuple[str, int]]:
        address = client_address(self.request) if self.request else "-"
        username = (self.data.get("username") or "").strip().lower()[:150]
        digest = hashlib.sha256(f"{address}\0{username}".encode()).hexdigest()
        return [(f"login-fail:{digest}", LOGIN_FAILURES), (f"login-fail-ip:{address}", LOGIN_FAILURES_PER_ADDRESS)]

    def clean(self):
        keys = self._keys()
        if any((cache.get(key) or 0) >= limit for key, limit in keys):
            raise ValidationError(self.throttled_message, code="throttled", params={"minutes": LOGIN_LOCKOUT_SECONDS // 60})
        try:
            return super().clean()
        except ValidationError:
            for key, _limit in keys:
                if not cache.add(key, 1, LOGIN_LOCKOUT_SECONDS):
                    try:
                        cache.incr(key)
                    except ValueError:  # expired in between
                        cache.add(key, 1, LOGIN_LOCKOUT_SECONDS)
            raise


class ThrottledAuthenticationForm(LoginThrottle, AuthenticationForm):
    pass


class ThrottledAdminAuthenticationForm(LoginThrottle, AdminAuthenticationForm):
    pass
