"""Simulations over the API: start one for a visible deck (201, or 200 with the stored one), read its
progress and figures; a private deck's simulation is 404 to others; bad settings are 400 naming the field."""

import pytest
from django.core.management import call_command
from django.test import Client

from goldfish.models import Simulation

pytestmark = pytest.mark.django_db(transaction=True)


def run_worker():
    call_command("db_worker", "--batch", "--no-startup-delay", "--no-reload", verbosity=0)


def test_it_starts_reads_and_finishes_a_simulation(user_client, deck):
    response = user_client.post("/api/simulations/", {"deck": deck.pk, "games": 200, "seed": 4}, content_type="application/json")
    assert response.status_code == 201, response.content
    body = response.json()
    assert (body["status"], body["games"], body["seed"], body["turn_cap"], body["revision"], body["result"]) == ("queued", 200, 4, 20, deck.revision, None)
    again = user_client.post("/api/simulations/", {"deck": deck.pk, "games": 200, "seed": 4}, content_type="application/json")
    assert again.status_code == 200 and again.json()["id"] == body["id"] and Simulation.objects.count() == 1
    run_worker()
    done = user_client.get(f"/api/simulations/{body['id']}/").json()
    assert done["status"] == "done" and done["done"] == 200 and done["chart"].endswith("/chart.svg")
    assert done["result"] == Simulation.objects.get().result and done["result"]["games"] == 200


def test_a_private_decks_simulation_is_hidden_from_others(user_client, deck, other_client):
    body = user_client.post("/api/simulations/", {"deck": deck.pk}, content_type="application/json").json()
    assert other_client.get(f"/api/simulations/{body['id']}/").status_code == 404
    assert Client().get(f"/api/simulations/{body['id']}/").status_code == 404
    assert other_client.post("/api/simulations/", {"deck": deck.pk}, content_type="application/json").status_code == 404
    assert Simulation.objects.count() == 1


def test_bad_settings_are_refused_naming_the_field(user_client, deck):
    for payload, field in (
        ({"deck": deck.pk, "games": 0}, "games"),
        ({"deck": deck.pk, "turn_cap": 99}, "turn_cap"),
        ({"deck": deck.pk, "seed": "x"}, "seed"),
        ({}, "non_field_errors"),
        ({"deck": deck.pk, "deck_token": "abc"}, "non_field_errors"),
    ):
        response = user_client.post("/api/simulations/", payload, content_type="application/json")
        assert response.status_code == 400 and field in response.json(), (payload, response.content)
    response = user_client.post("/api/simulations/", {"deck": deck.pk, "revision": 99}, content_type="application/json")
    assert response.status_code == 400 and "revision" in response.json()["detail"]
    assert Simulation.objects.count() == 0


def test_a_visitor_needs_the_csrf_token_to_start_one(deck):
    deck.visibility = "public"
    deck.save(update_fields=["visibility"])
    visitor = Client(enforce_csrf_checks=True)
    assert visitor.post("/api/simulations/", {"deck": deck.pk}, content_type="application/json").status_code == 403
    assert Simulation.objects.count() == 0
