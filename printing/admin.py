from django.contrib import admin

from cards.admin import GameScopedAdmin

from .models import CardBack


@admin.register(CardBack)
class CardBackAdmin(GameScopedAdmin):
    list_display = ("game", "image", "updated_at")
