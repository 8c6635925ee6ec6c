from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class GoldfishConfig(AppConfig):
    name = "goldfish"
    verbose_name = _("Goldfish")

    def ready(self):
        from . import tasks  # noqa: F401  (registers the simulation piece task with goldfish.queueing)
