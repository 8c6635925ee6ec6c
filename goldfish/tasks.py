"""Background simulation pieces: run by any task worker (`manage.py db_worker`) sharing the database, so
one big simulation spreads over every worker, on this machine or others."""

from django_tasks import task

from rules.engine.simulate import play_range

from .models import Simulation, SimulationChunk
from .services import fail_simulation, record_chunk


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
    except BaseException as exc:  # also a stopped worker: the simulation never stays "running" for ever
        fail_simulation(sim.pk, repr(exc))
        raise
