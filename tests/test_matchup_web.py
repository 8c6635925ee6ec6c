"""対戦シミュレーション (issue 34, item 4): the deck page of a game whose rules seat an AI opponent links to it; the
form picks one or several opponent decks the player may see; the matchup is played by the task worker like a
simulation and shown as a gauntlet table of win rates with 95% intervals, and per opponent each card's impact
in that matchup (この相手に対して); the figures are play_match's for the same decks and seed."""

import re

import pytest

from decks.models import Visibility
from goldfish.models import Matchup
from rules.declare import GAMES
from rules.engine.versus import play_match, versus_games


@pytest.fixture
def trio(samples, user):
    slug = max(versus_games(), key=lambda s: samples.filter(game_id=s).count())  # the one with the most samples
    decks = list(samples.filter(game_id=slug).order_by("pk"))
    assert len(decks) >= 3
    return decks


def test_the_deck_page_links_to_the_matchup_only_where_an_ai_can_play_the_other_seat(client, trio, samples):
    assert f'href="/decks/{trio[0].pk}/matchup/"' in client.get(trio[0].get_absolute_url()).content.decode()
    others = [d for d in samples if d.game_id not in versus_games() and GAMES[d.game_id].play]
    if others:
        assert "/matchup/" not in client.get(others[0].get_absolute_url()).content.decode()
        assert client.get(f"/decks/{others[0].pk}/matchup/").status_code == 404


def test_a_gauntlet_is_played_by_the_worker_and_shown_with_intervals_and_card_impact(user_client, trio, other_user):
    deck, opponents = trio[0], trio[1:3]
    form = user_client.get(f"/decks/{deck.pk}/matchup/", HTTP_ACCEPT_LANGUAGE="ja").content.decode()
    assert "対戦シミュレーション" in form and all(f'value="{o.pk}"' in form for o in opponents)
    response = user_client.post(f"/decks/{deck.pk}/matchup/", {
        "opponents": [str(o.pk) for o in opponents], "games": "6", "seed": "2", "ai": "heuristic"})
    matchup = Matchup.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/matchups/{matchup.token}/"
    assert user_client.get(f"/matchups/{matchup.token}/status.json").json()["status"] == "queued"
    from goldfish.tasks import run_matchup

    run_matchup.call(matchup.pk)  # what a task worker runs for it (the worker itself: tests/test_card_report_web.py)
    matchup.refresh_from_db()
    assert matchup.status == "done" and matchup.done == 12 and len(matchup.result) == 2
    for n, other in enumerate(matchup.decks["opponents"]):
        assert matchup.result[n] == play_match(deck.game_id, matchup.decks["deck"], other, 6, 2)["matchup"]
    page = user_client.get(f"/matchups/{matchup.token}/", HTTP_ACCEPT_LANGUAGE="ja").content.decode()
    table = re.search(r'<table class="data" id="gauntlet">(.*?)</table>', page, re.S).group(1)
    assert all(o.name in table for o in opponents) and table.count('class="rate"') == 2
    assert page.count("この相手に対して") == 2 and "Traceback" not in page and "{&quot;" not in page
    rate = matchup.result[0]["win_rate"]
    assert f"{100 * rate['value']:.1f}%" in table


def test_an_opponent_deck_one_may_not_see_is_refused(user_client, trio, other_user):
    from decks import services as deck_services

    source = trio[1]
    text = "\n".join(f"{e.count} {e.card.name}" for e in source.entries.select_related("card"))
    hidden = deck_services.deck_create(owner=other_user, game=source.game_id, regulation=source.regulation, name="秘密",
                                       sections=deck_services.decklist_sections(source.game_id, source.regulation, text))
    hidden.visibility = Visibility.PRIVATE
    hidden.save()
    response = user_client.post(f"/decks/{trio[0].pk}/matchup/", {"opponents": [str(hidden.pk)], "games": "4", "seed": "1", "ai": "heuristic"})
    assert response.status_code == 400 and not Matchup.objects.exists()


def test_the_api_starts_a_matchup_and_gives_its_win_rates_when_done(user_client, trio):
    deck, opponent = trio[0], trio[1]
    response = user_client.post("/api/matchups/", {"deck": deck.pk, "opponents": [opponent.pk], "games": 4, "seed": 3},
                                content_type="application/json")
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["status"] == "queued" and body["result"] is None and body["opponents"][0]["deck"] == opponent.pk
    from goldfish.tasks import run_matchup

    run_matchup.call(Matchup.objects.get(token=body["id"]).pk)
    done = user_client.get(f"/api/matchups/{body['id']}/").json()
    matchup = Matchup.objects.get(token=body["id"])
    assert done["status"] == "done" and done["done"] == 4
    assert done["result"] == [play_match(deck.game_id, matchup.decks["deck"], matchup.decks["opponents"][0], 4, 3)["matchup"]]
    bad = user_client.post("/api/matchups/", {"deck": deck.pk, "opponents": [], "games": 4}, content_type="application/json")
    assert bad.status_code == 400 and "opponents" in bad.json()
    over = user_client.post("/api/matchups/", {"deck": deck.pk, "opponents": [opponent.pk], "games": 10**6},
                            content_type="application/json", HTTP_ACCEPT_LANGUAGE="ja")
    assert over.status_code == 400 and "games" in over.json()


# -- in pieces over the task workers (issue 36) -------------------------------------------------------------------


def run_worker():
    from django.core.management import call_command

    call_command("db_worker", "--batch", "--no-startup-delay", "--no-reload", verbosity=0)


def ask(deck, opponents, games, seed, ai="heuristic"):
    from goldfish import services
    from goldfish.actors import Actor

    return services.start_matchup(who=Actor(user=deck.owner), deck=deck, opponents=opponents, games=games, seed=seed, ai=ai)


def test_a_matchup_is_queued_in_pieces_of_games_of_each_opponent():
    from goldfish.services import matchup_pieces

    assert matchup_pieces(2000, 1, "heuristic") == [(0, s, 25) for s in range(0, 2000, 25)]
    assert matchup_pieces(45, 2, "heuristic") == [(n, s, 3) for n in (0, 1) for s in range(0, 45, 3)]
    assert matchup_pieces(5, 1, "heuristic") == [(0, s, 1) for s in range(5)]
    assert matchup_pieces(100, 1, "strong") == [(0, s, 1) for s in range(100)]
    assert matchup_pieces(7, 3, "heuristic")[-1] == (2, 6, 1)


@pytest.mark.django_db(transaction=True)  # the worker closes and reopens connections
def test_the_workers_play_a_matchups_pieces_and_the_last_one_makes_the_one_process_figures(user_client, trio):
    from django_tasks_db.models import DBTaskResult

    from goldfish.tasks import run_matchup_piece

    deck, opponents = trio[0], trio[1:3]
    matchup = ask(deck, opponents, games=23, seed=5)
    pieces = list(matchup.pieces.all())
    assert [(p.opponent, p.start, p.count, p.status) for p in pieces] == [
        (n, s, min(2, 23 - s), "queued") for n in (0, 1) for s in range(0, 23, 2)]
    assert len({p.task_id for p in pieces}) == len(pieces) == 24  # a task each, for any worker to take
    assert DBTaskResult.objects.filter(task_path="goldfish.tasks.run_matchup_piece", status="READY").count() == 24
    # one piece played: the matchup runs, and its progress counts the games of its pieces done
    run_matchup_piece.call(pieces[3].pk)
    matchup.refresh_from_db()
    assert matchup.status == "running" and matchup.done == 2 and matchup.result is None
    status = user_client.get(f"/matchups/{matchup.token}/status.json").json()
    assert status["done"] == 2 and status["total"] == 46 and status["status"] == "running"
    run_worker()
    matchup.refresh_from_db()
    assert matchup.status == "done" and matchup.done == 46 and matchup.finished_at is not None
    for n, other in enumerate(matchup.decks["opponents"]):
        assert matchup.result[n] == play_match(deck.game_id, matchup.decks["deck"], other, 23, 5)["matchup"]
    assert all(p.status == "done" and p.tally is None for p in matchup.pieces.all())  # the matchup keeps the figures
    assert user_client.get(f"/api/matchups/{matchup.token}/").json()["result"] == matchup.result


@pytest.mark.django_db(transaction=True)
def test_a_piece_that_fails_fails_its_matchup_and_its_waiting_pieces(user_client, trio, monkeypatch):
    import goldfish.tasks

    def broken(*args, **kwargs):
        raise RuntimeError("broken rules")

    monkeypatch.setattr(goldfish.tasks, "play_match_range", broken)
    matchup = ask(trio[0], trio[1:2], games=4, seed=1)
    run_worker()
    matchup.refresh_from_db()
    assert matchup.status == "failed" and "broken rules" in matchup.error
    assert sorted(matchup.pieces.values_list("status", flat=True)) == ["failed"] * 4
    status = user_client.get(f"/matchups/{matchup.token}/status.json").json()
    assert status["status"] == "failed" and status["finished"]


@pytest.mark.django_db(transaction=True)
def test_a_matchup_piece_whose_worker_died_is_queued_again_by_the_next_worker(user_client, trio):
    from datetime import timedelta

    from django.utils import timezone
    from django_tasks_db.models import DBTaskResult

    from goldfish.models import MatchupPiece

    matchup = ask(trio[0], trio[1:2], games=4, seed=2)
    piece = matchup.pieces.first()
    # a worker took the matchup's first piece, then was killed (kill -9, the machine went down)
    old = timezone.now() - timedelta(minutes=3)
    DBTaskResult.objects.filter(pk=piece.task_id).update(status="RUNNING", started_at=old, worker_ids=["dead"])
    MatchupPiece.objects.filter(pk=piece.pk).update(status="running", heartbeat_at=old, attempts=1)
    Matchup.objects.filter(pk=matchup.pk).update(status="running")
    assert user_client.get(f"/matchups/{matchup.token}/status.json").json()["status"] == "running"
    run_worker()
    matchup.refresh_from_db()
    assert matchup.status == "done" and matchup.done == 4
    assert matchup.result == [play_match(matchup.game_id, matchup.decks["deck"], matchup.decks["opponents"][0], 4, 2)["matchup"]]
    piece.refresh_from_db()
    assert piece.attempts == 2 and not DBTaskResult.objects.filter(status="RUNNING").exists()
