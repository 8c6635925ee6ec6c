"""The background jobs' lifecycle (jobs/services.py) in one process, on both databases: fair priorities, caps,
what the progress pages say, a polite stop. The faults themselves (SIGKILL, PostgreSQL stopped, a flood
against real worker processes) are tests/test_faults.py."""

import pytest
from django.test import Client

from goldfish.models import Simulation, SimulationChunk
from jobs import services as jobs
from printing.models import PrintJob


@pytest.fixture
def public_deck(deck):
    deck.visibility = "public"
    deck.save(update_fields=["visibility"])
    return deck


def _order():
    """Whose job the worker takes first, second …: django-tasks' order (priority, then time)."""
    from django_tasks_db.models import DBTaskResult

    owners = dict(SimulationChunk.objects.values_list("task_id", "owner_tag"))
    ready = DBTaskResult.objects.ready().filter(task_path__startswith="goldfish.").order_by("-priority", "run_after", "enqueued_at")
    return [owners[str(pk)] for pk in ready.values_list("pk", flat=True)]


def test_another_accounts_first_piece_goes_before_the_first_accounts_second(user_client, other_client, other_user, user, public_deck):
    for seed in (1, 2):
        assert user_client.post(f"/decks/{public_deck.pk}/simulate/", {"games": 100, "seed": seed, "turn_cap": 20}).status_code == 302
    assert other_client.post(f"/decks/{public_deck.pk}/simulate/", {"games": 100, "seed": 3, "turn_cap": 20}).status_code == 302
    a, b = f"u:{user.pk}", f"u:{other_user.pk}"
    # the first account queued four pieces before the other asked: they interleave all the same
    assert _order() == [a, b, a, b, a, a]


def test_an_anonymous_visitors_pieces_are_queued_fairly_too(user_client, public_deck, user):
    visitor = Client()
    for seed in (1, 2):
        assert user_client.post(f"/decks/{public_deck.pk}/simulate/", {"games": 100, "seed": seed, "turn_cap": 20}).status_code == 302
    assert visitor.post(f"/decks/{public_deck.pk}/simulate/", {"games": 100, "seed": 3, "turn_cap": 20}).status_code == 302
    order = _order()
    assert order[0] == f"u:{user.pk}" and order[1].startswith("v:") and order.count(order[1]) == 2


def test_print_and_export_jobs_are_capped_per_account_with_a_japanese_message(user_client, deck):
    from printing.services import JOBS_ACTIVE_PER_REQUESTER

    for _n in range(JOBS_ACTIVE_PER_REQUESTER - 1):
        assert user_client.post(f"/decks/{deck.pk}/print/job/", {"paper": "A4", "backs": "long"}).status_code == 302
    assert user_client.post(f"/decks/{deck.pk}/export/images/job/").status_code == 302  # exports count with prints
    refused = user_client.post(f"/decks/{deck.pk}/print/job/", {"paper": "A4", "backs": "long"})
    page = refused.content.decode()
    assert refused.status_code == 429 and "順番待ちの印刷・書き出しがすでに3件あります" in page and f"/decks/{deck.pk}/print/" in page
    assert user_client.post(f"/decks/{deck.pk}/export/tts/job/").status_code == 429
    assert PrintJob.objects.count() == JOBS_ACTIVE_PER_REQUESTER
    PrintJob.objects.filter(pk=PrintJob.objects.first().pk).update(status="done")  # one finished: room for one more
    assert user_client.post(f"/decks/{deck.pk}/print/job/", {"paper": "A4", "backs": "long"}).status_code == 302


def test_anonymous_visitors_are_capped_each_and_all_together(samples, monkeypatch):
    from printing import services

    visitor = Client()
    for _n in range(services.JOBS_ACTIVE_PER_REQUESTER):
        assert visitor.post("/games/kannagi/export/tts/job/").status_code == 302
    refused = visitor.post("/games/kannagi/export/tts/job/")
    assert refused.status_code == 429 and "順番待ちの印刷・書き出しがすでに3件あります" in refused.content.decode()
    monkeypatch.setattr(services, "JOBS_ACTIVE_VISITORS", services.JOBS_ACTIVE_PER_REQUESTER + 1)
    assert Client().post("/games/kannagi/export/tts/job/").status_code == 302  # another visitor: the last place
    refused = Client().post("/games/kannagi/export/tts/job/")
    assert refused.status_code == 429 and "アカウントのない方の印刷・書き出し" in refused.content.decode()


def test_the_progress_page_says_whether_it_makes_a_pdf_or_a_zip(user_client, deck):
    assert user_client.post(f"/decks/{deck.pk}/export/images/job/").status_code == 302
    assert user_client.post(f"/decks/{deck.pk}/print/job/", {"paper": "A4", "backs": "long"}).status_code == 302
    export, pdf = PrintJob.objects.order_by("pk")
    PrintJob.objects.update(status="running")
    export_page = user_client.get(f"/print/jobs/{export.token}/").content.decode()
    assert "zipを作成中" in export_page and "PDFを作成中" not in export_page
    assert user_client.get(f"/print/jobs/{export.token}/status.json").json()["label"] == "zipを作成中"
    assert "PDFを作成中" in user_client.get(f"/print/jobs/{pdf.token}/").content.decode()
    PrintJob.objects.update(status="queued")
    assert user_client.get(f"/print/jobs/{pdf.token}/status.json").json()["label"] == "順番待ち"


def test_a_worker_stopped_politely_puts_its_job_back_without_counting_the_run(user_client, deck):
    from django_tasks_db.models import DBTaskResult

    assert user_client.post(f"/decks/{deck.pk}/simulate/", {"games": 100, "seed": 1, "turn_cap": 20}).status_code == 302
    piece = SimulationChunk.objects.order_by("index").first()

    def stopped(_job):
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        jobs.run(SimulationChunk, piece.pk, stopped)
    piece.refresh_from_db()
    assert (piece.status, piece.attempts) == ("queued", 0)
    assert DBTaskResult.objects.filter(pk=piece.task_id, status="READY").exists()  # a new task, waiting


def test_a_job_that_raises_fails_and_fails_its_simulation(user_client, deck):
    assert user_client.post(f"/decks/{deck.pk}/simulate/", {"games": 100, "seed": 1, "turn_cap": 20}).status_code == 302
    first, second = SimulationChunk.objects.order_by("index")

    def broken(_job):
        raise ValueError("bad piece")

    with pytest.raises(ValueError):
        jobs.run(SimulationChunk, first.pk, broken)
    sim = Simulation.objects.get()
    assert sim.status == "failed" and "bad piece" in sim.error
    assert SimulationChunk.objects.get(pk=second.pk).status == "failed"  # the other piece has nothing to add
    assert jobs.run(SimulationChunk, second.pk, broken) is None  # its task finds nothing to claim
    assert "もう一度お試しください" in user_client.get(f"/api/simulations/{sim.token}/").json()["error"]


def test_a_duplicate_task_claims_nothing(user_client, deck):
    assert user_client.post(f"/decks/{deck.pk}/card-report/", {"games": 100, "seed": 1, "turn_cap": 20}).status_code == 302
    from goldfish.models import CardReport

    report = CardReport.objects.get()
    calls = []
    assert jobs.run(CardReport, report.pk, lambda job: calls.append(job.pk) or {"done": 1}) == {"done": 1}
    assert jobs.run(CardReport, report.pk, lambda job: calls.append(job.pk)) is None
    report.refresh_from_db()
    assert calls == [report.pk] and (report.status, report.attempts, report.done) == ("done", 1, 1)
