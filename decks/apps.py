from django.apps import AppConfig
from django.db.models.signals import post_migrate
from django.utils.translation import gettext_lazy as _


class DecksConfig(AppConfig):
    name = "decks"
    verbose_name = _("Decks")

    def ready(self):
        from .services import sync_regulations

        def after_migrate(sender, **kwargs):
            sync_regulations()

        post_migrate.connect(after_migrate, sender=self, weak=False)
