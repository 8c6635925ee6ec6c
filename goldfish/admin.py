"""Goldfish games in the admin: read-only, to look into a reported game (its seed, cards and log)."""

from django.contrib import admin

from .models import GoldfishSession


@admin.register(GoldfishSession)
class GoldfishSessionAdmin(admin.ModelAdmin):
    list_display = ("id", "game", "source_kind", "source_name", "owner", "seed", "version", "updated_at")
    list_filter = ("game", "source_kind")
    search_fields = ("id", "source_name", "owner__username")
    # everything but the cached engine state (large, and rebuilt from the setup and the actions)
    fields = readonly_fields = [f.name for f in GoldfishSession._meta.fields if f.name != "state"]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False
