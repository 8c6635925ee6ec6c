"""Simulations on the site: the Simulate button queues a background job in pieces, task workers play them,
the page shows progress then the chart, table and card figures; results are cached and linkable; two decks
or revisions are compared on the same seeds; access follows the deck's visibility."""

import pytest
from django.core.management import call_command

from goldfish.models import Simulation, SimulationChunk
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
    assert sim.chunks == SimulationChunk.objects.filter(simulation=sim).count() == 20
    page = user_client.get(f"/simulations/{sim.token}/").content.decode()
    assert 'id="sim-progress"' in page and 'value="0"' in page and "<svg" not in page
    status = user_client.get(f"/simulations/{sim.token}/status.json").json()
    assert status["status"] == "queued" and status["done"] == 0 and status["games"] == 1000
    run_worker()
    sim.refresh_from_db()
    assert sim.status == "done" and sim.done == 1000 and sim.chunks_done == 20
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
    with pytest.raises(CommandError, match="line 3"):
        call_command("goldfish", "kannagi", str(path), "--games", "10")
    with pytest.raises(CommandError, match="deckfile"):
        call_command("goldfish", "kannagi", str(tmp_path / "none.txt"), "--games", "10")
    path.write_text("メイン:\n4 ねこやま\n", encoding="utf-8")
    with pytest.raises(CommandError, match="games: a whole number from 1"):
        call_command("goldfish", "kannagi", str(path), "--games", "0")
    with pytest.raises(CommandError, match="game: 'chess'"):
        call_command("goldfish", "chess", str(path))
