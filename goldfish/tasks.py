"""Background simulation pieces: run by any task worker (`manage.py db_worker`) sharing the database, so
one big simulation spreads over every worker, on this machine or others.

A piece that raises fails its simulation (asking for it again starts it afresh). A worker stopped in the
middle of a piece (a second Ctrl+C, SIGTERM twice) queues the piece again for another worker instead; a
worker killed outright cannot, and its piece is queued again when the simulation's page sees that nothing
has played it for a while (services.recover_simulation)."""

import logging

from django_tasks import task

from rules.engine.report import card_report, swap_report
from rules.engine.simulate import play_range

from .models import CardReport, Simulation, SimulationChunk
from .queueing import register_piece_task, register_report_task
from .services import (
    card_report_progress,
    fail_card_report,
    fail_simulation,
    finish_card_report,
    record_chunk,
    requeue_pieces,
)

log = logging.getLogger(__name__)


@register_piece_task
@task()
def run_simulation_chunk(chunk_id: int) -> None:
    chunk = SimulationChunk.objects.select_related("simulation").filter(pk=chunk_id).first()
    if chunk is None or chunk.tally is not None:
        return
    sim = chunk.simulation
    if sim.status in (Simulation.Status.FAILED, Simulation.Status.DONE):
        return
    Simulation.objects.filter(pk=sim.pk, status=Simulation.Status.QUEUED).update(status=Simulation.Status.RUNNING)
    try:
        tally = play_range(sim.game_id, sim.decks, sim.seed, chunk.start, chunk.count, sim.turn_cap)
        record_chunk(chunk.pk, tally)
    except (KeyboardInterrupt, SystemExit):  # the worker is being stopped: the piece is not at fault
        try:
            requeue_pieces([chunk.pk])
        except Exception:  # noqa: BLE001 - the page's recovery queues it again later
            log.exception("simulation %s: could not queue piece %s again", sim.pk, chunk.pk)
        raise
    except Exception as exc:
        fail_simulation(sim.pk, repr(exc))
        raise


@register_report_task
@task()
def run_card_report(report_id: int) -> None:
    """Play one card report (rules/engine/report.py) and store it; a swap plays the same seeds twice."""
    report = CardReport.objects.filter(pk=report_id).first()
    if report is None or report.finished:
        return
    card_report_progress(report.pk, 0)

    def progress(done, _total):
        card_report_progress(report.pk, done)

    try:
        if report.swap_old:
            result = swap_report(report.game_id, report.decks, report.swap_old, report.new_card, report.games, report.seed,
                                 report.turn_cap, progress=progress)
        else:
            result = card_report(report.game_id, report.decks, report.games, report.seed, report.turn_cap, progress=progress)
        finish_card_report(report.pk, result)
    except Exception as exc:
        fail_card_report(report.pk, repr(exc))
        raise
