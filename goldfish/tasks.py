"""Background simulation pieces, card report pieces and matchup pieces: run by any task worker (`manage.py
db_worker`) sharing the database, so one big simulation, card report or matchup spreads over every worker, on
this machine or others.

All are job kinds of jobs.services: a piece is claimed once, beats while it plays, and is done or failed by
itself. A piece that raises fails its simulation, report or matchup (asking for it again starts it afresh); a worker
stopped in the middle (SIGTERM, Ctrl+C) puts it back in the queue; a worker killed outright stops its
heartbeat, and the sweep of any live worker queues it again (at most twice) or fails it."""

from django_tasks import task

from jobs.services import run
from rules.engine.report import observe_range, swap_decks
from rules.engine.simulate import play_range
from rules.engine.versus import play_match_range

from .models import CardReport, CardReportPiece, Matchup, MatchupPiece, Simulation, SimulationChunk
from .queueing import register_matchup_piece_task, register_piece_task, register_report_piece_task
from .services import record_chunk, record_matchup_piece, record_report_piece


def _play_piece(chunk: SimulationChunk) -> dict:
    sim = chunk.simulation
    if sim.finished:  # failed meanwhile (another piece raised): nothing to add
        return {}
    Simulation.objects.filter(pk=sim.pk, status=Simulation.Status.QUEUED).update(status=Simulation.Status.RUNNING)
    tally = play_range(sim.game_id, sim.decks, sim.seed, chunk.start, chunk.count, sim.turn_cap)
    record_chunk(chunk.pk, tally)  # marks the piece done with its tally, in the simulation's transaction
    return {}


def _play_report_piece(piece: CardReportPiece) -> dict:
    report = piece.report
    if report.finished:  # failed meanwhile (another piece raised): nothing to add
        return {}
    CardReport.objects.filter(pk=report.pk, status=CardReport.Status.QUEUED).update(status=CardReport.Status.RUNNING)
    decks = swap_decks(report.decks, report.swap_old, report.new_card) if piece.swapped else report.decks
    tally = observe_range(report.game_id, decks, report.seed, piece.start, piece.count, report.turn_cap)
    record_report_piece(piece.pk, tally)  # marks the piece done with its tally, in the report's transaction
    return {}


def _play_matchup_piece(piece: MatchupPiece) -> dict:
    matchup = piece.matchup
    if matchup.finished:  # failed meanwhile (another piece raised): nothing to add
        return {}
    Matchup.objects.filter(pk=matchup.pk, status=Matchup.Status.QUEUED).update(status=Matchup.Status.RUNNING)
    other = matchup.decks["opponents"][piece.opponent]
    tally = play_match_range(matchup.game_id, matchup.decks["deck"], other, piece.start, piece.count, matchup.seed, ai=matchup.ai)
    record_matchup_piece(piece.pk, tally)  # marks the piece done with its tally, in the matchup's transaction
    return {}


@register_piece_task
@task()
def run_simulation_chunk(chunk_id: int) -> None:
    run(SimulationChunk, chunk_id, _play_piece)


@register_report_piece_task
@task()
def run_card_report_piece(piece_id: int) -> None:
    """Play one piece of a card report (rules.engine.report.observe_range); the last piece makes the report."""
    run(CardReportPiece, piece_id, _play_report_piece)


@task()
def run_card_report(report_id: int) -> None:
    """Play the waiting pieces of one card report here, one after another (what a test or a script runs to
    have a report made in this process; the workers take the pieces' own tasks)."""
    waiting = CardReportPiece.objects.filter(report_id=report_id, status=CardReportPiece.Status.QUEUED)
    for piece_id in waiting.order_by("index").values_list("pk", flat=True):
        run(CardReportPiece, piece_id, _play_report_piece)


@register_matchup_piece_task
@task()
def run_matchup_piece(piece_id: int) -> None:
    """Play one piece of a matchup (rules.engine.versus.play_match_range); the last piece makes the matchup."""
    run(MatchupPiece, piece_id, _play_matchup_piece)


@task()
def run_matchup(matchup_id: int) -> None:
    """Play the waiting pieces of one matchup here, one after another (what a test or a script runs to have a
    matchup played in this process; the workers take the pieces' own tasks)."""
    waiting = MatchupPiece.objects.filter(matchup_id=matchup_id, status=MatchupPiece.Status.QUEUED)
    for piece_id in waiting.order_by("index").values_list("pk", flat=True):
        run(MatchupPiece, piece_id, _play_matchup_piece)
