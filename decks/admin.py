"""Regulations in the admin: a game's editors change its formats and add dated ones; decks are read-only here."""

from django.contrib import admin

from cards.permissions import editable_game_slugs

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


class GameScopedAdmin(admin.ModelAdmin):
    """An editor sees and writes the records of their games only (superusers: all)."""

    game_field = "game"

    def get_queryset(self, request):
        return super().get_queryset(request).filter(**{f"{self.game_field}__in": editable_game_slugs(request.user)})

    def _may_edit(self, request, obj) -> bool:
        return obj is None or getattr(obj, f"{self.game_field}_id") in editable_game_slugs(request.user)

    def has_view_permission(self, request, obj=None):
        return super().has_view_permission(request, obj) and self._may_edit(request, obj)

    def has_change_permission(self, request, obj=None):
        return super().has_change_permission(request, obj) and self._may_edit(request, obj)

    def has_delete_permission(self, request, obj=None):
        return super().has_delete_permission(request, obj) and self._may_edit(request, obj)

    def has_add_permission(self, request):
        return super().has_add_permission(request) and bool(editable_game_slugs(request.user))

    def formfield_for_foreignkey(self, db_field, request, **kwargs):
        if db_field.name == self.game_field:
            from cards.models import Game

            kwargs["queryset"] = Game.objects.filter(slug__in=editable_game_slugs(request.user))
        return super().formfield_for_foreignkey(db_field, request, **kwargs)


@admin.register(Regulation)
class RegulationAdmin(GameScopedAdmin):
    list_display = ("name_ja", "name_en", "game", "code", "effective_date", "is_default", "copy_limit")
    list_filter = ("game", "is_default")
    inlines = (SectionInline, CardLimitInline, BasicCardInline)
    fields = ("game", "code", "name_ja", "name_en", "effective_date", "is_default", "copy_limit", "type_limits", "options")

    def get_readonly_fields(self, request, obj=None):
        return ("game",) if obj is not None else ()

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
