"""Regulations in the admin: a game's editors change its formats and add dated ones; decks are read-only here."""

from django.contrib import admin, messages
from django.utils.translation import gettext as _

from cards.admin import GameScopedAdmin
from cards.models import Card

from .models import Deck, Regulation, RegulationBasicCard, RegulationCardLimit, RegulationSection


class SectionInline(admin.TabularInline):
    model = RegulationSection
    extra = 0
    fields = ("order", "key", "name_ja", "name_en", "min_cards", "max_cards", "card_types", "headers")


class CardLimitInline(admin.TabularInline):
    model = RegulationCardLimit
    extra = 1
    fields = ("card_name", "copies")


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
        known = set()
        for name, aliases in Card.objects.filter(game_id=regulation.game_id).values_list("name", "aliases"):
            known.add(name)
            known.update(aliases or ())
        unknown = sorted(set(regulation.card_limits.values_list("card_name", flat=True)) - known)
        unknown += sorted(set(regulation.basic_cards.values_list("card_name", flat=True)) - known)
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
