from django.apps import AppConfig
from django.db.models.signals import post_migrate


class CardsConfig(AppConfig):
    name = "cards"
    verbose_name = "Cards"

    def ready(self):
        from .services import sync_games

        post_migrate.connect(lambda sender, **kwargs: sync_games(), sender=self, weak=False)
