from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class GoldfishConfig(AppConfig):
    name = "goldfish"
    verbose_name = _("Goldfish")

    def ready(self):
        from jobs.services import register

        from . import tasks  # noqa: F401  (registers the simulation piece task with goldfish.queueing)
        from .models import CardReportPiece, MatchupPiece, SimulationChunk
        from .queueing import matchup_piece_task, piece_task, report_piece_task
        from .services import matchup_piece_failed, piece_failed, report_piece_failed

        register(SimulationChunk, lambda job: piece_task(), on_failed=piece_failed)
        # a card report is played in pieces (its status follows them): the pieces are the jobs
        register(CardReportPiece, lambda job: report_piece_task(), on_failed=report_piece_failed)
        # ... and a matchup too (issue 36)
        register(MatchupPiece, lambda job: matchup_piece_task(), on_failed=matchup_piece_failed)
