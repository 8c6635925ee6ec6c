from django.apps import AppConfig
from django.db.models.signals import post_migrate


class DecksConfig(AppConfig):
    name = "decks"
    verbose_name = "Decks"

    def ready(self):
        from .services import sync_regulations

        def after_migrate(sender, **kwargs):
            sync_regulations()

        post_migrate.connect(after_migrate, sender=self, weak=False)
