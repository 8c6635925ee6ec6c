"""Simulations on the site: the Simulate button queues a background job in pieces, task workers play them,
the page shows progress then the chart, table and card figures; results are cached and linkable; two decks
or revisions are compared on the same seeds; access follows the deck's visibility."""

import pytest
from django.core.management import call_command

from goldfish.models import Simulation, SimulationChunk
from rules.declare import GAMES
from rules.engine.simulate import simulate

pytestmark = pytest.mark.django_db(transaction=True)  # the worker closes and reopens connections


def run_worker():
    call_command("db_worker", "--batch", "--no-startup-delay", "--no-reload", verbosity=0)


@pytest.fixture
def public_deck(deck):
    deck.visibility = "public"
    deck.save(update_fields=["visibility"])
    return deck


def start(client, deck, games=200, seed=3, turn_cap=20):
    return client.post(f"/decks/{deck.pk}/simulate/", {"games": games, "seed": seed, "turn_cap": turn_cap})


def test_it_plays_a_simulation_in_pieces_on_the_worker_and_shows_the_results(user_client, deck):
    response = start(user_client, deck, games=1000)
    sim = Simulation.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/simulations/{sim.token}/"
    assert (sim.games, sim.seed, sim.turn_cap, sim.revision, sim.status) == (1000, 3, 20, deck.revision, "queued")
    assert sim.chunks == SimulationChunk.objects.filter(simulation=sim).count() == 22  # 2 small lead pieces + 20
    page = user_client.get(f"/simulations/{sim.token}/").content.decode()
    assert 'id="sim-progress"' in page and 'value="0"' in page and "<svg" not in page
    status = user_client.get(f"/simulations/{sim.token}/status.json").json()
    assert status["status"] == "queued" and status["done"] == 0 and status["games"] == 1000
    run_worker()
    sim.refresh_from_db()
    assert sim.status == "done" and sim.done == 1000 and sim.chunks_done == 22
    status = user_client.get(f"/simulations/{sim.token}/status.json").json()
    assert status["status"] == "done" and status["percent"] == 100
    page = user_client.get(f"/simulations/{sim.token}/").content.decode()
    assert 'class="win-chart"' in page and 'id="sim-table"' in page and 'id="sim-cards"' in page
    assert "ねこやま" in page  # a card's figures
    assert user_client.get(f"/simulations/{sim.token}/chart.svg")["Content-Type"].startswith("image/svg+xml")


def test_the_pieces_add_up_to_the_same_figures_as_one_process(user_client, deck):
    start(user_client, deck, games=200, seed=11)
    run_worker()
    sim = Simulation.objects.get()
    direct = simulate("kannagi", sim.decks, 200, 11, 20, workers=1)
    assert sim.result == direct


def test_the_same_request_links_to_the_same_simulation(user_client, deck):
    first = start(user_client, deck)
    again = start(user_client, deck)
    assert first["Location"] == again["Location"] and Simulation.objects.count() == 1
    other_seed = start(user_client, deck, seed=4)
    assert other_seed["Location"] != first["Location"] and Simulation.objects.count() == 2


def test_a_changed_deck_is_a_new_revision_with_its_own_simulation(user_client, deck, user):
    from decks import services

    start(user_client, deck)
    services.deck_change_count(deck=deck, user=user, card=deck.entries.first().card, section="main", delta=-1)
    deck.refresh_from_db()
    start(user_client, deck)
    assert sorted(Simulation.objects.values_list("revision", flat=True)) == [deck.revision - 1, deck.revision]


def test_bad_parameters_are_refused_naming_the_field_and_nothing_is_queued(user_client, deck):
    response = user_client.post(f"/decks/{deck.pk}/simulate/", {"games": 123456, "seed": 1, "turn_cap": 20}, follow=True)
    assert Simulation.objects.count() == 0
    assert "123456" in response.content.decode()
    response = user_client.post(f"/decks/{deck.pk}/simulate/", {"games": 1000, "seed": -1, "turn_cap": 999}, follow=True)
    assert Simulation.objects.count() == 0 and response.status_code == 200


def test_someone_else_cannot_simulate_or_see_a_private_deck(other_client, deck, user_client):
    from django.test import Client

    client = Client()  # a visitor
    assert start(other_client, deck).status_code == 404
    assert start(client, deck).status_code == 404
    start(user_client, deck)
    sim = Simulation.objects.get()
    for who in (other_client, client):
        for url in ("", "status.json", "chart.svg", "?fragment=results"):
            assert who.get(f"/simulations/{sim.token}/{url}").status_code == 404


def test_anyone_may_simulate_a_public_deck_and_only_get_posts_do_it(client, public_deck):
    assert client.get(f"/decks/{public_deck.pk}/simulate/").status_code == 405
    response = start(client, public_deck)
    assert response.status_code == 302 and Simulation.objects.count() == 1


def test_a_visitor_has_at_most_three_simulations_waiting(client, public_deck):
    for seed in range(3):
        start(client, public_deck, seed=seed)
    response = client.post(f"/decks/{public_deck.pk}/simulate/", {"games": 1000, "seed": 9, "turn_cap": 20}, follow=True)
    assert Simulation.objects.count() == 3
    assert "3" in response.content.decode()


def test_a_failed_piece_marks_the_simulation_failed_and_asking_again_retries(user_client, deck, monkeypatch):
    from goldfish import tasks

    def boom(*args, **kwargs):
        raise RuntimeError("engine broke")

    monkeypatch.setattr(tasks, "play_range", boom)
    start(user_client, deck)
    run_worker()
    sim = Simulation.objects.get()
    assert sim.status == "failed" and "engine broke" in sim.error
    assert user_client.get(f"/simulations/{sim.token}/status.json").json()["error"]
    monkeypatch.undo()
    start(user_client, deck)
    run_worker()
    assert Simulation.objects.get().status == "done"


def test_a_deck_name_with_markup_is_text_in_the_chart(user_client, deck):
    deck.name = '<script>alert("x")</script>'
    deck.save(update_fields=["name"])
    start(user_client, deck)
    run_worker()
    sim = Simulation.objects.get()
    svg = user_client.get(f"/simulations/{sim.token}/chart.svg").content.decode()
    page = user_client.get(f"/simulations/{sim.token}/").content.decode()
    assert "<script>alert" not in svg and "&lt;script&gt;" in svg
    assert "<script>alert" not in page


def test_the_deck_page_shows_the_exact_odds_and_the_simulated_share(user_client, deck):
    page = user_client.get(f"/decks/{deck.pk}/").content.decode()
    assert 'id="simulate-form"' in page and 'id="deck-odds"' in page
    start(user_client, deck, games=1000)
    run_worker()
    sim = Simulation.objects.get()
    page = user_client.get(f"/decks/{deck.pk}/").content.decode()
    anchor = sim.result["opening"]["at_least"][0]
    assert f"{anchor['exact']:.4f}" in page and f"{anchor['simulated']:.4f}" in page
    assert sim.get_absolute_url() in page


def test_two_revisions_are_compared_side_by_side_on_the_same_seeds(user_client, deck, user):
    from decks import services

    first_revision = deck.revision
    services.deck_change_count(deck=deck, user=user, card=deck.entries.first().card, section="main", delta=-1)
    deck.refresh_from_db()
    start(user_client, deck, games=200, seed=5)
    sim = Simulation.objects.get()
    page = user_client.get(f"/simulations/{sim.token}/").content.decode()
    assert f'value="rev:{first_revision}"' in page
    response = user_client.post(f"/simulations/{sim.token}/compare/", {"other": f"rev:{first_revision}"})
    other = Simulation.objects.exclude(pk=sim.pk).get()
    assert (other.revision, other.games, other.seed, other.turn_cap) == (first_revision, 200, 5, 20)
    assert response["Location"] == f"/simulations/{sim.token}/vs/{other.token}/"
    waiting = user_client.get(response["Location"]).content.decode()
    assert "<progress" in waiting and "win-chart" not in waiting
    run_worker()
    page = user_client.get(response["Location"]).content.decode()
    assert page.count('class="cumulative"') == 2 and 'id="compare-cards"' in page


def test_comparing_with_a_deck_one_may_not_see_is_refused(user_client, other_user, deck, kannagi_base):
    from decks import services
    from tests.conftest import KANNAGI_DECKLIST

    sections = services.decklist_sections("kannagi", kannagi_base, KANNAGI_DECKLIST)
    hidden = services.deck_create(owner=other_user, game="kannagi", regulation=kannagi_base, name="秘密", sections=sections)
    start(user_client, deck)
    sim = Simulation.objects.get()
    user_client.post(f"/simulations/{sim.token}/compare/", {"other": f"deck:{hidden.pk}"})
    assert Simulation.objects.count() == 1


def test_the_command_goldfishes_a_decklist_file(tmp_path, bundled, capsys):
    import json

    from tests.conftest import KANNAGI_DECKLIST

    path = tmp_path / "deck.txt"
    path.write_text(KANNAGI_DECKLIST, encoding="utf-8")
    call_command("goldfish", "kannagi", str(path), "--games", "200", "--seed", "2", "--json")
    result = json.loads(capsys.readouterr().out)
    assert result["games"] == 200 and result["opening"]["hand"] == 8 and result["opening"]["pool"] == 40
    call_command("goldfish", "kannagi", str(path), "--games", "200", "--seed", "2", "--workers", "2", "--json")
    assert json.loads(capsys.readouterr().out) == result
    call_command("goldfish", "kannagi", str(path), "--games", "200", "--seed", "2", verbosity=0)
    out = capsys.readouterr().out
    assert "mean win turn" in out and "ねこやま" in out and "exact" in out


def test_the_command_names_the_bad_line_of_a_decklist(tmp_path, bundled):
    from django.core.management.base import CommandError

    path = tmp_path / "deck.txt"
    path.write_text("メイン:\n4 ねこやま\n3 存在しないカード\n", encoding="utf-8")
    with pytest.raises(CommandError, match="3行目"):
        call_command("goldfish", "kannagi", str(path), "--games", "10")
    with pytest.raises(CommandError, match="deckfile"):
        call_command("goldfish", "kannagi", str(tmp_path / "none.txt"), "--games", "10")
    path.write_text("メイン:\n4 ねこやま\n", encoding="utf-8")
    with pytest.raises(CommandError, match="games: a whole number from 1"):
        call_command("goldfish", "kannagi", str(path), "--games", "0")
    with pytest.raises(CommandError, match="game: 'chess'"):
        call_command("goldfish", "chess", str(path))


# -- review fixes: pieces, failures and recovery ---------------------------------------------------------


def _chunks(sim):
    return list(SimulationChunk.objects.filter(simulation=sim).order_by("index"))


def _tally(sim, chunk):
    from rules.engine.simulate import play_range

    return play_range(sim.game_id, sim.decks, sim.seed, chunk.start, chunk.count, sim.turn_cap)


def test_a_piece_played_again_after_the_summary_changes_nothing(user_client, deck):
    from goldfish import services, tasks

    start(user_client, deck, games=100)
    run_worker()
    sim = Simulation.objects.get()
    before = (sim.status, sim.done, sim.chunks_done, sim.result)
    first = _chunks(sim)[0]
    assert first.tally is None  # cleared when the summary was written
    services.record_chunk(first.pk, _tally(sim, first))  # a late duplicate of the first piece
    tasks.run_simulation_chunk.call(first.pk)  # and its task queued again
    sim.refresh_from_db()
    assert (sim.status, sim.done, sim.chunks_done, sim.result) == before
    assert SimulationChunk.objects.filter(simulation=sim, tally__isnull=False).count() == 0


def test_a_piece_ending_after_another_failed_leaves_the_simulation_failed(user_client, deck):
    from goldfish import services

    start(user_client, deck, games=100)
    sim = Simulation.objects.get()
    first, second = _chunks(sim)
    tally = _tally(sim, second)
    services.fail_simulation(sim.pk, "RuntimeError('piece 1')")
    services.record_chunk(second.pk, tally)  # the other worker finishes its piece afterwards
    services.fail_simulation(sim.pk, "RuntimeError('later')")
    sim.refresh_from_db()
    assert sim.status == "failed" and sim.done == 0 and sim.chunks_done == 0
    assert sim.error == "RuntimeError('piece 1')"  # the first error is kept
    assert user_client.get(f"/simulations/{sim.token}/status.json").json()["status"] == "failed"


def _on(vendor):
    from django.db import connection

    return connection.vendor == vendor


@pytest.mark.skipif("not _on('postgresql')", reason="threads share one in-memory SQLite database (the next test)")
def test_pieces_recorded_at_once_by_two_workers_add_up(user_client, deck):
    """Two workers record the two pieces at the same moment, and a third records the first piece again:
    the row lock (SELECT … FOR UPDATE) makes them add up, and the piece counts once."""
    import threading

    from django.db import connection

    from goldfish import services

    start(user_client, deck, games=100)
    sim = Simulation.objects.get()
    pieces = [(c.pk, _tally(sim, c)) for c in _chunks(sim)]
    pieces.append(pieces[0])  # the same piece, played twice
    barrier, errors = threading.Barrier(len(pieces)), []

    def record(chunk_id, tally):
        try:
            barrier.wait()
            services.record_chunk(chunk_id, tally)
        except Exception as exc:  # noqa: BLE001 - reported below
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=record, args=piece) for piece in pieces]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    sim.refresh_from_db()
    assert (sim.status, sim.done, sim.chunks_done) == ("done", 100, 2)
    assert sim.result == simulate("kannagi", sim.decks, 100, 3, 20, workers=1)


RECORD = """
import json, os, time
from goldfish import services
time.sleep(max(0.0, float(os.environ["AT"]) - time.time()))
services.record_chunk(int(os.environ["CHUNK"]), json.loads(open(os.environ["TALLY"], encoding="utf-8").read()))
"""


@pytest.mark.skipif("not _on('sqlite')", reason="PostgreSQL: the test above")
def test_pieces_recorded_at_once_by_worker_processes_on_a_sqlite_file_add_up(user_client, deck, tmp_path):
    """As the workers of `make run` do: separate processes on one SQLite file (the write transactions start
    IMMEDIATE and wait for each other), the same moment for all three."""
    import json
    import os
    import sqlite3
    import subprocess
    import sys
    import time

    from django.conf import settings
    from django.db import connection

    start(user_client, deck, games=100)
    sim = Simulation.objects.get()
    pieces = [(c.pk, _tally(sim, c)) for c in _chunks(sim)]
    pieces.append(pieces[0])
    path = tmp_path / "db.sqlite3"
    connection.ensure_connection()
    with sqlite3.connect(path) as copy:
        connection.connection.backup(copy)  # the test database, as a file the processes share
    at = time.time() + 4
    processes = []
    for n, (chunk_id, tally) in enumerate(pieces):
        tally_file = tmp_path / f"tally{n}.json"
        tally_file.write_text(json.dumps(tally), encoding="utf-8")
        env = {**os.environ, "DATABASE_URL": f"sqlite:///{path}", "AT": str(at), "CHUNK": str(chunk_id), "TALLY": str(tally_file)}
        processes.append(subprocess.Popen(
            [sys.executable, "manage.py", "shell", "-c", RECORD], cwd=settings.BASE_DIR, env=env,
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        ))
    for process in processes:
        _out, err = process.communicate(timeout=120)
        assert process.returncode == 0, err
    with sqlite3.connect(path) as db:
        status, done, chunks_done, result = db.execute(
            "SELECT status, done, chunks_done, result FROM goldfish_simulation WHERE id = ?", [sim.pk]
        ).fetchone()
    assert (status, done, chunks_done) == ("done", 100, 2)
    assert json.loads(result) == json.loads(json.dumps(simulate("kannagi", sim.decks, 100, 3, 20, workers=1)))


def test_a_stopped_worker_queues_its_piece_again_instead_of_failing_the_simulation(user_client, deck, monkeypatch):
    from goldfish import tasks

    real, calls = tasks.play_range, []

    def stopped_once(*args, **kwargs):
        calls.append(args[3])
        if len(calls) == 1:
            raise SystemExit(1)  # what a second Ctrl+C raises in the worker
        return real(*args, **kwargs)

    monkeypatch.setattr(tasks, "play_range", stopped_once)
    start(user_client, deck, games=100)
    run_worker()
    sim = Simulation.objects.get()
    assert sim.status == "done" and sim.done == 100 and sim.error == ""
    assert calls.count(0) == 2  # the first piece, played again


def _backdate(sim, minutes=11):
    from datetime import timedelta

    from django.utils import timezone

    Simulation.objects.filter(pk=sim.pk).update(created_at=timezone.now() - timedelta(minutes=minutes))


def test_a_piece_whose_worker_died_is_queued_again_by_the_next_workers_sweep_not_by_a_page(user_client, deck, settings):
    from datetime import timedelta

    from django.utils import timezone
    from django_tasks_db.models import DBTaskResult

    settings.JOBS_STALLED_AFTER_SECONDS = 60
    start(user_client, deck, games=100)
    sim = Simulation.objects.get()
    first, second = _chunks(sim)
    tasks = DBTaskResult.objects.filter(task_path__startswith="goldfish.")
    # a worker took the first piece, then was killed (kill -9): its heartbeat stopped 2 minutes ago
    old = timezone.now() - timedelta(minutes=2)
    lost_task = first.task_id
    tasks.filter(pk=lost_task).update(status="RUNNING", started_at=old, worker_ids=["dead"])
    SimulationChunk.objects.filter(pk=first.pk).update(status="running", heartbeat_at=old, attempts=1)
    # the page and the API only read: nothing is queued again by looking
    assert user_client.get(f"/simulations/{sim.token}/status.json").json()["status"] == "queued"
    assert user_client.get(f"/api/simulations/{sim.token}/").json()["status"] == "queued"
    assert tasks.filter(status="READY").count() == 1
    run_worker()  # the next worker sweeps first: the piece is queued again, and it plays both
    sim.refresh_from_db()
    first.refresh_from_db()
    assert sim.status == "done" and sim.result == simulate("kannagi", sim.decks, 100, 3, 20, workers=1)
    assert first.status == "done" and first.attempts == 2
    lost = tasks.get(pk=lost_task)
    assert (lost.status, lost.exception_class_path) == ("FAILED", "jobs.services.WorkerLost")
    assert not tasks.filter(status="RUNNING").exists()  # no task row stays RUNNING


def test_a_piece_whose_worker_died_three_times_fails_its_simulation_with_a_message(user_client, deck, settings):
    from datetime import timedelta

    from django.utils import timezone

    start(user_client, deck, games=100)
    sim = Simulation.objects.get()
    first = _chunks(sim)[0]
    SimulationChunk.objects.filter(pk=first.pk).update(status="running", heartbeat_at=timezone.now() - timedelta(minutes=5), attempts=3)
    run_worker()
    sim.refresh_from_db()
    assert sim.status == "failed" and SimulationChunk.objects.get(pk=first.pk).status == "failed"
    status = user_client.get(f"/simulations/{sim.token}/status.json").json()
    api = user_client.get(f"/api/simulations/{sim.token}/").json()
    assert status["status"] == api["status"] == "failed"
    assert status["error"] == api["error"] and "3回" in status["error"], status


def test_pieces_waiting_for_a_worker_are_not_queued_twice_and_a_lost_task_is(user_client, deck):
    from datetime import timedelta

    from django.utils import timezone
    from django_tasks_db.models import DBTaskResult

    from jobs.services import sweep

    start(user_client, deck, games=100)
    sim = Simulation.objects.get()
    Simulation.objects.filter(pk=sim.pk).update(created_at=timezone.now() - timedelta(hours=1))  # no worker for an hour
    assert sweep() == {"requeued": 0, "failed": 0, "lost": 0, "tasks": 0}
    assert DBTaskResult.objects.filter(task_path__startswith="goldfish.").count() == 2
    # a piece whose task went missing is queued again
    first = _chunks(sim)[0]
    DBTaskResult.objects.filter(pk=first.task_id).delete()
    assert sweep()["lost"] == 1
    assert DBTaskResult.objects.filter(task_path__startswith="goldfish.", status="READY").count() == 2


def test_a_simulation_its_pieces_and_their_tasks_are_stored_together_or_not_at_all(user_client, deck, monkeypatch):
    from django_tasks_db.backend import DatabaseBackend
    from django_tasks_db.models import DBTaskResult

    real, calls = DatabaseBackend.enqueue, []

    def enqueue(self, task, args, kwargs):
        calls.append(args)
        if len(calls) == 5:
            raise RuntimeError("queue full")
        return real(self, task, args, kwargs)

    monkeypatch.setattr(DatabaseBackend, "enqueue", enqueue)
    with pytest.raises(RuntimeError):
        start(user_client, deck, games=1000)
    assert Simulation.objects.count() == SimulationChunk.objects.count() == DBTaskResult.objects.filter(task_path__startswith="goldfish.").count() == 0


# -- review fixes: start_simulation ------------------------------------------------------------------


def test_two_requests_at_once_share_one_simulation_and_the_transaction_survives(user, deck, monkeypatch):
    """The second of two simultaneous requests finds nothing, then hits the unique constraint: it gets the
    first one's simulation. Inside an outer transaction (a savepoint), the connection stays usable, which on
    PostgreSQL needs the failed INSERT to be rolled back to a savepoint."""
    from django.db import transaction
    from django_tasks_db.models import DBTaskResult

    from goldfish import services
    from goldfish.actors import Actor

    who = Actor(user=user)
    first = services.start_simulation(who=who, deck=deck, games=100, seed=1, turn_cap=20)
    calls = []

    def lookup(key):  # the first look misses, as it does for the slower of two requests
        calls.append(key)
        return None if len(calls) == 1 else Simulation.objects.filter(**key).first()

    monkeypatch.setattr(services, "_stored_simulation", lookup)
    with transaction.atomic():
        again = services.start_simulation(who=who, deck=deck, games=100, seed=1, turn_cap=20)
        assert again.pk == first.pk and len(calls) == 2  # the unique constraint answered, then the stored row
        assert Simulation.objects.count() == 1  # the transaction still answers
    assert SimulationChunk.objects.count() == 2 and DBTaskResult.objects.filter(task_path__startswith="goldfish.").count() == 2  # nothing queued twice


def test_visitors_together_have_a_limit_of_waiting_simulations(public_deck, user_client, monkeypatch):
    from django.test import Client

    from goldfish import services

    monkeypatch.setattr(services, "SIM_ACTIVE_VISITORS", 2)
    for seed in range(2):  # two visitors (or one who drops the cookie each time)
        assert start(Client(), public_deck, seed=seed).status_code == 302
    response = start(Client(), public_deck, seed=9)
    assert response.status_code == 302 and response["Location"] == f"/decks/{public_deck.pk}/"
    assert Simulation.objects.count() == 2
    page = Client().post(f"/decks/{public_deck.pk}/simulate/", {"games": 200, "seed": 9, "turn_cap": 20}, follow=True)
    assert "2" in page.content.decode() and Simulation.objects.count() == 2
    assert start(user_client, public_deck, seed=9).status_code == 302 and Simulation.objects.count() == 3


def test_revision_0_or_one_the_deck_never_had_is_refused_naming_it(user_client, deck):
    for revision in (0, 7):
        response = user_client.post(
            f"/decks/{deck.pk}/simulate/", {"games": 100, "seed": 1, "turn_cap": 20, "revision": revision}, follow=True
        )
        texts = [str(m) for m in response.context["messages"]]
        assert Simulation.objects.count() == 0 and response.status_code == 200
        assert any("revision" in t.lower() or "リビジョン" in t for t in texts), texts
    from goldfish import services
    from goldfish.actors import Actor

    for revision in (0, 2, "١", "9" * 5000):
        with pytest.raises(services.GoldfishInputError, match="revision"):
            services.start_simulation(who=Actor(user=deck.owner), deck=deck, games=100, seed=1, turn_cap=20, revision=revision)


def test_an_old_revision_is_played_with_the_regulation_it_had(user_client, deck, user, kannagi_2025, kannagi_base):
    from decks import services as deck_services
    from goldfish import selectors

    before, _faces = selectors.sections_decks("kannagi", kannagi_base, selectors.deck_selectors.deck_state(deck)[0].sections)
    deck_services.deck_update(deck=deck, user=user, regulation=kannagi_2025)
    deck.refresh_from_db()
    assert deck.revision == 2
    user_client.post(f"/decks/{deck.pk}/simulate/", {"games": 100, "seed": 1, "turn_cap": 20, "revision": 1})
    sim = Simulation.objects.get()
    assert sim.revision == 1 and sim.decks == before


def test_an_old_revision_that_cannot_be_played_as_it_was_is_refused_naming_why(user_client, deck, user, kannagi_2025):
    from cards.models import Card
    from decks import services as deck_services
    from decks.models import Regulation

    serpent = deck.entries.get(card__name="肥川の大蛇").card
    deck_services.deck_change_count(deck=deck, user=user, card=serpent, section="main", delta=-1)
    deck_services.deck_update(deck=deck, user=user, regulation=kannagi_2025)
    Card.objects.filter(pk=serpent.pk).delete()
    response = user_client.post(
        f"/decks/{deck.pk}/simulate/", {"games": 100, "seed": 1, "turn_cap": 20, "revision": 1}, follow=True
    )
    assert "肥川の大蛇" in str(list(response.context["messages"]))
    Regulation.objects.filter(game="kannagi", code="base").update(code="base-old")
    response = user_client.post(
        f"/decks/{deck.pk}/simulate/", {"games": 100, "seed": 1, "turn_cap": 20, "revision": 2}, follow=True
    )
    assert "base" in str(list(response.context["messages"]))
    assert Simulation.objects.count() == 0


# -- review fixes: forms and views ---------------------------------------------------------------------


def test_a_missing_or_bad_value_is_named_by_its_field(user_client, deck):
    response = user_client.post(f"/decks/{deck.pk}/simulate/", {}, follow=True)
    texts = [str(m) for m in response.context["messages"]]
    assert len(texts) == 3 and all(":" in t for t in texts)
    assert any(t.startswith("シード") for t in texts) and any(t.startswith("ターン上限") for t in texts)
    response = user_client.post(f"/decks/{deck.pk}/simulate/", {"games": 100, "seed": "x", "turn_cap": 99}, follow=True)
    texts = [str(m) for m in response.context["messages"]]
    assert any(t.startswith("シード") for t in texts) and any(t.startswith("ターン上限") and "50" in t for t in texts)
    assert Simulation.objects.count() == 0


def test_bad_input_on_a_shared_deck_goes_back_to_its_shared_page(client, deck):
    deck.visibility = "unlisted"
    deck.save(update_fields=["visibility"])
    response = client.post(f"/decks/s/{deck.share_token}/simulate/", {"games": 7, "seed": 1, "turn_cap": 20})
    assert response.status_code == 302 and response["Location"] == f"/decks/s/{deck.share_token}/"
    assert client.get(response["Location"]).status_code == 200
    assert start(client, deck).status_code == 404  # by its id it stays hidden


def test_every_simulation_url_answers_404_for_a_bad_token_and_405_for_the_wrong_method(user_client, deck):
    start(user_client, deck, games=100)
    sim = Simulation.objects.get()
    token = sim.token
    for bad in ("nope", "x" * 25, token[:-1], token + "a"):
        for url in (f"/simulations/{bad}/", f"/simulations/{bad}/status.json", f"/simulations/{bad}/chart.svg",
                    f"/simulations/{bad}/?fragment=results", f"/simulations/{bad}/vs/{token}/", f"/simulations/{token}/vs/{bad}/"):
            assert user_client.get(url).status_code == 404, url
        assert user_client.post(f"/simulations/{bad}/compare/", {"other": "rev:1"}).status_code == 404
    assert user_client.get(f"/decks/{deck.pk}/simulate/").status_code == 405
    assert user_client.get(f"/decks/s/{deck.share_token}/simulate/").status_code == 405
    assert user_client.get(f"/simulations/{token}/compare/").status_code == 405
    for url in (f"/simulations/{token}/", f"/simulations/{token}/status.json"):
        assert user_client.post(url).status_code == 405
        assert user_client.head(url).status_code == 200
    assert user_client.get(f"/simulations/{token}/chart.svg").status_code == 404  # not played yet
    assert user_client.get(f"/simulations/{token}/?fragment=results").status_code == 404  # nothing to swap in yet
    assert user_client.get(f"/simulations/{token}/status.json")["Cache-Control"].startswith("max-age=0")
    run_worker()
    fragment = user_client.get(f"/simulations/{token}/?fragment=results").content.decode()
    assert 'id="sim-table"' in fragment and "<html" not in fragment


def test_the_chart_is_an_svg_image_that_cannot_run_script(user_client, deck):
    import xml.etree.ElementTree as ET

    deck.name = "デッキ\x0b<b>&\x1b" + "長" * 90  # a name as long as a deck's may be (100)
    deck.save(update_fields=["name"])
    start(user_client, deck, games=100)
    run_worker()
    sim = Simulation.objects.get()
    response = user_client.get(f"/simulations/{sim.token}/chart.svg")
    assert response["Content-Type"] == "image/svg+xml; charset=utf-8"
    assert response["X-Content-Type-Options"] == "nosniff"
    assert "default-src 'none'" in response["Content-Security-Policy"] and "script" not in response["Content-Security-Policy"]
    assert response["Cache-Control"].startswith("private")
    root = ET.fromstring(response.content)  # well-formed XML, the control characters left out
    legend = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text") if t.text and t.text.startswith("デッキ")]
    assert legend and legend[0].endswith(f"… #{sim.revision}") and len(legend[0]) < 60


def test_a_simulation_beside_itself_is_its_own_page(user_client, deck):
    start(user_client, deck, games=100)
    sim = Simulation.objects.get()
    response = user_client.get(f"/simulations/{sim.token}/vs/{sim.token}/")
    assert response.status_code == 302 and response["Location"] == f"/simulations/{sim.token}/"


def test_a_comparison_with_a_failed_simulation_stops_waiting(user_client, deck, user, monkeypatch):
    from decks import services as deck_services
    from goldfish import services

    start(user_client, deck, games=100)
    old = Simulation.objects.get()
    deck_services.deck_change_count(deck=deck, user=user, card=deck.entries.first().card, section="main", delta=-1)
    response = user_client.post(f"/simulations/{old.token}/compare/", {"other": "rev:2"})
    new = Simulation.objects.exclude(pk=old.pk).get()
    waiting = user_client.get(response["Location"]).content.decode()
    assert 'http-equiv="refresh"' in waiting
    services.fail_simulation(new.pk, "RuntimeError()")
    page = user_client.get(response["Location"]).content.decode()
    assert 'http-equiv="refresh"' not in page and 'id="compare-failed"' in page and new.get_absolute_url() in page


def test_an_unlisted_decks_earlier_revisions_are_offered_to_its_owner_only(user_client, deck, user, other_client):
    """Its page opens by link, but its history does not (decks' history page): a link to one of its
    simulations does not open its earlier versions either."""
    from decks import services as deck_services

    deck_services.deck_change_count(deck=deck, user=user, card=deck.entries.first().card, section="main", delta=-1)
    deck.refresh_from_db()
    deck.visibility = "unlisted"
    deck.save(update_fields=["visibility"])
    start(user_client, deck, games=100)
    sim = Simulation.objects.get()
    mine = user_client.get(sim.get_absolute_url()).content.decode()
    assert 'value="rev:1"' in mine
    theirs = other_client.get(sim.get_absolute_url()).content.decode()  # they were given the link
    assert "私のデッキ" in theirs and 'value="rev:1"' not in theirs
    assert f'href="/decks/s/{deck.share_token}/"' in theirs  # the deck, as its link shows it
    response = other_client.post(f"/simulations/{sim.token}/compare/", {"other": "rev:1"}, follow=True)
    assert Simulation.objects.count() == 1
    assert any(str(m).startswith("比較する相手") for m in response.context["messages"])


def test_other_peoples_decks_are_named_with_their_owner_in_the_compare_form(user_client, deck, other_user, kannagi_base):
    from decks import services as deck_services
    from tests.conftest import KANNAGI_DECKLIST

    sections = deck_services.decklist_sections("kannagi", kannagi_base, KANNAGI_DECKLIST)
    theirs = deck_services.deck_create(
        owner=other_user, game="kannagi", regulation=kannagi_base, name="私のデッキ", sections=sections, visibility="public"
    )
    start(user_client, deck, games=100)
    page = user_client.get(Simulation.objects.get().get_absolute_url()).content.decode()
    assert f'value="deck:{theirs.pk}">私のデッキ（intruder）</option>' in page


def test_a_failed_simulation_offers_to_try_again(user_client, deck, monkeypatch):
    from goldfish import tasks

    monkeypatch.setattr(tasks, "play_range", lambda *a, **k: 1 / 0)
    start(user_client, deck, games=100, seed=8)
    run_worker()
    sim = Simulation.objects.get()
    page = user_client.get(sim.get_absolute_url()).content.decode()
    assert 'id="sim-retry"' in page and 'name="seed" value="8"' in page
    monkeypatch.undo()
    response = user_client.post(f"/decks/{deck.pk}/simulate/", {"games": 100, "seed": 8, "turn_cap": 20, "revision": sim.revision})
    run_worker()
    again = Simulation.objects.get()
    assert response["Location"] == again.get_absolute_url() and again.status == "done"


def test_the_pages_speak_english_when_the_visitor_chose_it(user_client, deck):
    start(user_client, deck, games=100)
    run_worker()
    sim = Simulation.objects.get()
    ja = user_client.get(sim.get_absolute_url()).content.decode()
    assert "シミュレーション" in ja
    user_client.post("/i18n/setlang/", {"language": "en", "next": "/"})  # the header's language form
    en = user_client.get(sim.get_absolute_url()).content.decode()
    assert "How fast the deck wins" in en and "Games won on each of your turns" in en and "0-cost places" in en
    assert "Done" in user_client.get(f"/simulations/{sim.token}/status.json").json()["label"]
    assert "Games won on each of your turns" in user_client.get(f"/simulations/{sim.token}/chart.svg").content.decode()
    deck_page = user_client.get(f"/decks/{deck.pk}/").content.decode()
    assert "0-cost places in the opening 8" in deck_page and "Simulate" in deck_page


# -- review fixes: the deck page's panel ------------------------------------------------------------------


def test_the_opening_odds_are_worked_out_once_per_deck_version(deck, user, monkeypatch):
    from django.core.cache import cache

    from decks import services as deck_services
    from goldfish import selectors
    from rules.engine import simulate as engine_simulate

    cache.clear()
    real, built = engine_simulate.GameFactory, []

    class Counting(real):
        def __init__(self, *args, **kwargs):
            built.append(args[0])
            super().__init__(*args, **kwargs)

    monkeypatch.setattr(engine_simulate, "GameFactory", Counting)
    first = selectors.opening_odds(deck)
    assert selectors.opening_odds(deck) == first and len(built) == 1
    deck_services.deck_change_count(deck=deck, user=user, card=deck.entries.first().card, section="main", delta=-1)
    deck.refresh_from_db()
    changed = selectors.opening_odds(deck)
    assert len(built) == 2 and changed["pool"] == first["pool"] - 1
    card = deck.entries.first().card
    card.save()  # an editor changed a card of the game
    selectors.opening_odds(deck)
    assert len(built) == 3


def test_every_games_sample_deck_page_shows_the_panel(client, samples):
    from django.core.cache import cache

    cache.clear()
    seen = set()
    for deck in samples:
        page = client.get(f"/decks/{deck.pk}/").content.decode()
        assert 'id="simulate-form"' in page, deck.name
        assert 'id="deck-odds"' in page, deck.name
        seen.add(deck.game_id)
    assert seen == set(GAMES)


def test_a_sample_deck_of_every_game_is_simulated_on_the_site(samples):
    from django.test import Client

    first = {}
    for deck in samples.order_by("pk"):
        first.setdefault(deck.game_id, deck)
    for deck in first.values():  # a visitor each (one visitor may have three waiting)
        assert Client().post(f"/decks/{deck.pk}/simulate/", {"games": 100, "seed": 1, "turn_cap": 20}).status_code == 302
    run_worker()
    client = Client()
    for sim in Simulation.objects.select_related("deck"):
        assert sim.status == "done", (sim.game_id, sim.error)
        assert 'class="win-chart"' in client.get(sim.get_absolute_url()).content.decode()
        assert client.get(f"/simulations/{sim.token}/chart.svg").status_code == 200
        assert sim.result["opening"]["key_label"] in forms_key_labels()
    assert set(Simulation.objects.values_list("game_id", flat=True)) == set(first)


def forms_key_labels():
    from rules.declare import GAMES

    return {game.key_cards.en for game in GAMES.values()}


# -- review fixes: the command -----------------------------------------------------------------------------


def test_the_commands_report_lines_up_and_its_messages_name_the_option(tmp_path, bundled, capsys):
    import unicodedata

    from django.core.management.base import CommandError

    from tests.conftest import KANNAGI_DECKLIST

    path = tmp_path / "deck.txt"
    path.write_text(KANNAGI_DECKLIST, encoding="utf-8")
    call_command("goldfish", "kannagi", str(path), "--games", "100")
    captured = capsys.readouterr()
    assert captured.err == ""  # no progress counter when not on a terminal

    def columns(text):
        return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)

    lines = captured.out.splitlines()
    table = lines[next(i for i, line in enumerate(lines) if line.startswith("card")):]
    assert len(table) > 5 and len({columns(line.split(" (")[0]) for line in table[1:]}) == 1
    assert all(columns(line[: line.index("  ") + 1]) for line in table)
    with pytest.raises(CommandError, match="^--turn-cap: a whole number"):
        call_command("goldfish", "kannagi", str(path), "--turn-cap", "0")
    with pytest.raises(CommandError, match="known: .*base"):
        call_command("goldfish", "kannagi", str(path), "--regulation", "nope")
    path.write_text("メイン:\n4 ねこやま\n3 存在しないカード\n", encoding="utf-8")
    with pytest.raises(CommandError) as refused:
        call_command("goldfish", "kannagi", str(path))
    assert str(refused.value).splitlines()[1].strip().startswith("3行目")  # once, not "line 3: 3行目"


def test_status_gives_the_figures_of_the_pieces_done_so_far_with_intervals_then_none_when_done(user_client, deck):
    from goldfish import services

    start(user_client, deck, games=1000, seed=5)
    sim = Simulation.objects.get()
    first, second, third = _chunks(sim)[:3]
    lead = services.LEAD_GAMES
    assert lead < third.count and (first.start, first.count, second.start, second.count, third.start) == (0, lead, lead, lead, 2 * lead)  # small pieces first
    url = f"/simulations/{sim.token}/status.json"
    assert user_client.get(url).json()["partial"] is None  # nothing played yet
    tallies = []
    for chunk in (first, second):
        tallies.append(_tally(sim, chunk))
        services.record_chunk(chunk.pk, tallies[-1])
        partial = user_client.get(url).json()["partial"]
        games = sum(t["games"] for t in tallies)
        won = sum(sum(t["won"].values()) for t in tallies)
        assert partial["games"] == games == lead * len(tallies) and partial["won"] == won
        assert partial["share"] == won / games
        low, high = partial["share_interval"]
        assert 0 <= low <= partial["share"] <= high <= 1 and high - low > 0
        if won >= 2:
            mean = sum(int(k) * v for t in tallies for k, v in t["won"].items()) / won
            assert partial["mean"] == pytest.approx(mean)
            assert partial["mean_interval"][0] <= mean <= partial["mean_interval"][1]
    page = user_client.get(f"/simulations/{sim.token}/").content.decode()
    assert 'id="sim-partial"' in page and "ここまでの結果" in page and "95%区間" in page
    run_worker()
    status = user_client.get(url).json()
    assert status["status"] == "done" and status["partial"] is None


def test_a_simulation_of_500_games_or_more_starts_with_the_small_lead_pieces():
    """Issue 36: a 500-game simulation's first figures appear as fast as a bigger one's (two pieces of
    LEAD_GAMES first, one for each of two workers); a smaller one is in pieces of 50 from the start."""
    from goldfish.services import LEAD_FROM, LEAD_GAMES, simulation_pieces

    assert LEAD_FROM == 500
    pieces = simulation_pieces(500)
    assert pieces[:3] == [(0, LEAD_GAMES), (LEAD_GAMES, LEAD_GAMES), (2 * LEAD_GAMES, 50)]
    assert sum(count for _start, count in pieces) == 500 and pieces[-1] == (470, 30)
    assert simulation_pieces(499)[:2] == [(0, 50), (50, 50)]
