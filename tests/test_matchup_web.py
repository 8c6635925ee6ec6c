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
