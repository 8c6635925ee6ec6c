"""Background simulation pieces: run by any task worker (`manage.py db_worker`) sharing the database, so
one big simulation spreads over every worker, on this machine or others.

A piece that raises fails its simulation (asking for it again starts it afresh). A worker stopped in the
middle of a piece (a second Ctrl+C, SIGTERM twice) queues the piece again for another worker instead; a
worker killed outright cannot, and its piece is queued again when the simulation's page sees that nothing
has played it for a while (services.recover_simulation)."""

import logging

from django_tasks import task

from rules.engine.simulate import play_range

from .models import Simulation, SimulationChunk
from .queueing import register_piece_task
from .services import fail_simulation, record_chunk, requeue_pieces

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
