"""Workers on other machines: two separate worker processes, each with its own connection to the same
PostgreSQL database, share the pieces of one simulation, and together they write the same figures as one
process playing every game. (SQLite's test database lives in this process's memory: no other process can
reach it, so this runs on PostgreSQL, which CI always runs.)"""

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.db import connection

from goldfish.models import Simulation, SimulationChunk
from rules.engine.simulate import simulate

ROOT = Path(__file__).resolve().parent.parent

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="separate worker processes need a database server (CI runs PostgreSQL)"),
]


def worker(n: int) -> subprocess.Popen:
    s = connection.settings_dict
    url = f"postgres://{s['USER']}:{s['PASSWORD'] or ''}@{s['HOST']}:{s['PORT']}/{s['NAME']}"
    env = {**os.environ, "DATABASE_URL": url, "PYTHONHASHSEED": str(n + 11)}
    command = [sys.executable, "manage.py", "db_worker", "--batch", "--no-startup-delay", "--no-reload", "--worker-id", f"w{n}"]
    return subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)


def test_two_worker_processes_both_take_pieces_of_one_simulation_and_get_the_one_process_figures(user_client, deck):
    response = user_client.post(f"/decks/{deck.pk}/simulate/", {"games": 2000, "seed": 8, "turn_cap": 20})
    assert response.status_code == 302
    sim = Simulation.objects.get()
    assert SimulationChunk.objects.filter(simulation=sim).count() == 22  # two small lead pieces, then 20
    procs = [worker(n) for n in range(2)]
    outputs = [p.communicate(timeout=300)[0] for p in procs]
    assert all(p.returncode == 0 for p in procs), outputs
    sim.refresh_from_db()
    assert sim.status == "done" and sim.done == 2000 and sim.chunks_done == 22
    assert sim.result == simulate("kannagi", sim.decks, 2000, 8, 20, workers=1)
    from django_tasks_db.models import DBTaskResult

    by_worker = {}
    for result in DBTaskResult.objects.filter(task_path__startswith="goldfish."):  # not the faces drawn ahead
        for worker_id in result.worker_ids:
            by_worker[worker_id] = by_worker.get(worker_id, 0) + 1
    print("pieces by worker:", by_worker)
    assert sum(by_worker.values()) == 22, by_worker
    assert set(by_worker) == {"w0", "w1"}, f"both worker processes take pieces of the one simulation: {by_worker}"
