from django.apps import AppConfig


class GoldfishConfig(AppConfig):
    name = "goldfish"
    verbose_name = "Goldfish"

    def ready(self):
        from . import tasks  # noqa: F401  (registers the simulation piece task with goldfish.queueing)
