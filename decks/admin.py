"""Regulations in the admin: a game's editors change its formats and add dated ones; decks are read-only here."""

from django.contrib import admin, messages
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from cards.admin import GameScopedAdmin
from cards.models import Card
from rules.text import name_key

from .models import Deck, Regulation, RegulationBasicCard, RegulationCardLimit, RegulationSection


class SectionInline(admin.TabularInline):
    model = RegulationSection
    extra = 0
    fields = ("order", "key", "name_ja", "name_en", "min_cards", "max_cards", "card_types", "headers")


def game_card_names(game_id: str) -> dict[str, list[str]]:
    """Every name and alias of a game's cards (rules.text.name_key) -> the names of the cards it is."""
    out: dict[str, list[str]] = {}
    for name, aliases in Card.objects.filter(game_id=game_id).values_list("name", "aliases"):
        for spelling in (name, *(aliases or ())):
            names = out.setdefault(name_key(spelling), [])
            if name not in names:
                names.append(name)
    return out


class CardLimitInline(admin.TabularInline):
    model = RegulationCardLimit
    extra = 1
    fields = ("card_name", "spellings", "copies", "cards_named")
    readonly_fields = ("cards_named",)

    def formfield_for_dbfield(self, db_field, request, **kwargs):
        field = super().formfield_for_dbfield(db_field, request, **kwargs)
        if db_field.name == "spellings":  # an empty extra row is unchanged with its default [] (no hidden initial)
            field.show_hidden_initial = False
        return field

    def get_formset(self, request, obj=None, **kwargs):
        self._names = game_card_names(obj.game_id) if obj is not None else {}  # one query for every row
        return super().get_formset(request, obj, **kwargs)

    @admin.display(description=gettext_lazy("cards it names"))
    def cards_named(self, limit):
        if limit is None or not limit.pk:
            return ""
        names = getattr(self, "_names", None)
        if names is None:
            names = self._names = game_card_names(limit.regulation.game_id)
        found = list(dict.fromkeys(n for spelling in limit.names for n in names.get(name_key(spelling), ())))
        if not found:
            return _("No card of this game is called this: the entry restricts nothing yet.")
        return "、".join(found)


class BasicCardInline(admin.TabularInline):
    model = RegulationBasicCard
    extra = 0
    fields = ("card_name", "copies")


@admin.register(Regulation)
class RegulationAdmin(GameScopedAdmin):
    list_display = ("name_ja", "name_en", "game", "code", "effective_date", "is_default", "copy_limit")
    list_filter = ("game", "is_default")
    inlines = (SectionInline, CardLimitInline, BasicCardInline)
    fields = ("game", "code", "name_ja", "name_en", "effective_date", "is_default", "copy_limit", "type_limits", "options")

    def get_readonly_fields(self, request, obj=None):
        return ("game",) if obj is not None else ()

    def save_related(self, request, form, formsets, change):
        super().save_related(request, form, formsets, change)
        # A misspelt name on the restricted list would restrict nothing: say so (cards may come later).
        regulation = form.instance
        known = game_card_names(regulation.game_id)
        unknown = sorted(
            limit.card_name
            for limit in regulation.card_limits.all()
            if not any(name_key(spelling) in known for spelling in limit.names)
        )
        unknown += sorted(
            name for name in regulation.basic_cards.values_list("card_name", flat=True) if name_key(name) not in known
        )
        if unknown:
            messages.warning(
                request, _("No card of this game is called: %(names)s") % {"names": ", ".join(unknown)}
            )

    def save_model(self, request, obj, form, change):
        if obj.is_default:  # one default per game: choosing a new one releases the old one
            Regulation.objects.filter(game_id=obj.game_id, is_default=True).exclude(pk=obj.pk).update(is_default=False)
        super().save_model(request, obj, form, change)


@admin.register(Deck)
class DeckAdmin(GameScopedAdmin):
    list_display = ("name", "game", "owner", "visibility", "regulation", "updated_at")
    list_filter = ("game", "visibility")
    search_fields = ("name", "owner__username")
    readonly_fields = ("owner", "game", "regulation", "name", "description", "visibility", "revision", "sample")
    fields = readonly_fields

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False
