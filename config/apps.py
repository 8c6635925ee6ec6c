from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class SiteConfig(AppConfig):
    """The project package as an app: on top of every other, it registers its own system checks (no app
    imports config)."""

    name = "config"
    verbose_name = _("Site")

    def ready(self):
        from django.db.backends.signals import connection_created

        from . import checks  # noqa: F401  (registers the deployment checks)
        from .sqlite import use_wal

        connection_created.connect(use_wal, weak=False)
