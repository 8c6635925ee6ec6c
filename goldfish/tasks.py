"""Background simulation pieces and card reports: run by any task worker (`manage.py db_worker`) sharing the
database, so one big simulation spreads over every worker, on this machine or others.

Both are job kinds of jobs.services: a piece or report is claimed once, beats while it plays, and is done or
failed by itself. A piece that raises fails its simulation (asking for it again starts it afresh); a worker
stopped in the middle (SIGTERM, Ctrl+C) puts it back in the queue; a worker killed outright stops its
heartbeat, and the sweep of any live worker queues it again (at most twice) or fails it."""

from django_tasks import task

from jobs.services import run
from rules.engine.report import card_report, swap_report
from rules.engine.simulate import play_range

from .models import CardReport, Matchup, Simulation, SimulationChunk
from .queueing import register_matchup_task, register_piece_task, register_report_task
from .services import card_report_progress, matchup_progress, play_matchup, record_chunk


def _play_piece(chunk: SimulationChunk) -> dict:
    sim = chunk.simulation
    if sim.finished:  # failed meanwhile (another piece raised): nothing to add
        return {}
    Simulation.objects.filter(pk=sim.pk, status=Simulation.Status.QUEUED).update(status=Simulation.Status.RUNNING)
    tally = play_range(sim.game_id, sim.decks, sim.seed, chunk.start, chunk.count, sim.turn_cap)
    record_chunk(chunk.pk, tally)  # marks the piece done with its tally, in the simulation's transaction
    return {}


def _play_report(report: CardReport) -> dict:
    def progress(done, _total):
        card_report_progress(report.pk, done)

    if report.swap_old:
        result = swap_report(report.game_id, report.decks, report.swap_old, report.new_card, report.games, report.seed,
                             report.turn_cap, progress=progress)
    else:
        result = card_report(report.game_id, report.decks, report.games, report.seed, report.turn_cap, progress=progress)
    return {"result": result, "done": report.total}


@register_piece_task
@task()
def run_simulation_chunk(chunk_id: int) -> None:
    run(SimulationChunk, chunk_id, _play_piece)


@register_report_task
@task()
def run_card_report(report_id: int) -> None:
    """Play one card report (rules/engine/report.py) and store it; a swap plays the same seeds twice."""
    run(CardReport, report_id, _play_report)


@register_matchup_task
@task()
def run_matchup(matchup_id: int) -> None:
    """Play one matchup (each opponent in turn: rules/engine/versus.py) and store it."""
    run(Matchup, matchup_id, lambda m: play_matchup(m, matchup_progress))
