from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class GoldfishConfig(AppConfig):
    name = "goldfish"
    verbose_name = _("Goldfish")

    def ready(self):
        from jobs.services import register

        from . import tasks  # noqa: F401  (registers the simulation piece task with goldfish.queueing)
        from .models import CardReport, Matchup, SimulationChunk
        from .queueing import matchup_task, piece_task, report_task
        from .services import piece_failed

        register(SimulationChunk, lambda job: piece_task(), on_failed=piece_failed)
        register(CardReport, lambda job: report_task())
        register(Matchup, lambda job: matchup_task())
