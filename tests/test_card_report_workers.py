"""Issue 36: a card report's pieces are taken by every worker process. Two separate worker processes, each with
its own connection to the same PostgreSQL database, share the pieces of one report, and the report they make
together is the one process's report for the same seeds. (SQLite's test database lives in this process's
memory: no other process can reach it, so this runs on PostgreSQL, which CI always runs.)"""

import pytest
from django.db import connection

from goldfish.models import CardReport, CardReportPiece
from rules.engine.report import card_report
from tests.test_simulation_workers import worker

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="separate worker processes need a database server (CI runs PostgreSQL)"),
]


def test_two_worker_processes_both_take_pieces_of_one_card_report_and_get_the_one_process_report(user_client, deck):
    response = user_client.post(f"/decks/{deck.pk}/card-report/", {"games": 2000, "seed": 8, "turn_cap": 20})
    assert response.status_code == 302
    report = CardReport.objects.get()
    assert CardReportPiece.objects.filter(report=report).count() == 20  # pieces of 100
    procs = [worker(n) for n in range(2)]
    outputs = [p.communicate(timeout=300)[0] for p in procs]
    assert all(p.returncode == 0 for p in procs), outputs
    report.refresh_from_db()
    assert report.status == "done" and report.done == 2000
    assert report.result == card_report("kannagi", report.decks, 2000, 8, 20)
    by_worker = {}
    for worker_id in report.pieces.values_list("worker_id", flat=True):
        by_worker[worker_id] = by_worker.get(worker_id, 0) + 1
    print("report pieces by worker:", by_worker)
    assert set(by_worker) == {"w0", "w1"}, f"both worker processes take pieces of the one report: {by_worker}"
