from django.apps import AppConfig
from django.db.models.signals import post_migrate
from django.utils.translation import gettext_lazy as _


class CardsConfig(AppConfig):
    name = "cards"
    verbose_name = _("Cards")

    def ready(self):
        from django.db import connections

        from .search.index import ensure_index
        from .services import sync_games

        def after_migrate(sender, using="default", **kwargs):
            sync_games()
            # A migration that rebuilds the card table (SQLite) drops the triggers of the text index.
            ensure_index(connections[using])

        post_migrate.connect(after_migrate, sender=self, weak=False)
