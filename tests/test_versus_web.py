"""Versus on the site (issue 34): the goldfish start form offers 相手: ゴールドフィッシュ / デッキ（AIが操作） with the
decks the player may see and the AI level, for a game whose rules seat a real opponent; the server plays the
AI's moves after the player's (logged as the other seat's actions); undo takes back the player's move and the
AI's answer, redo plays both again."""

import re

import pytest
from django.urls import reverse

from decks.models import Visibility
from goldfish import services
from goldfish.actors import Actor
from goldfish.models import GoldfishSession
from rules.declare import GAMES
from rules.engine import legal_actions
from rules.engine.versus import versus_games


def started(response) -> GoldfishSession:
    assert response.status_code == 302, response.content.decode()[:2000]
    return GoldfishSession.objects.get(pk=re.fullmatch(r"/goldfish/([\w-]+)/", response["Location"]).group(1))


@pytest.fixture
def pair(samples):
    # the versus game with the most sample decks (a game with one plays only its mirror)
    slug = max(versus_games(), key=lambda s: samples.filter(game_id=s, regulation__code=GAMES[s].regulations[0].code).count())
    code = GAMES[slug].regulations[0].code
    decks = list(samples.filter(game_id=slug, regulation__code=code).order_by("pk")[:2])
    assert len(decks) == 2
    return decks


def test_the_start_form_offers_the_goldfish_or_a_deck_the_ai_plays(user_client, pair, samples):
    page = user_client.get(reverse("goldfish_new"), {"deck": pair[0].pk}, HTTP_ACCEPT_LANGUAGE="ja").content.decode()
    select = re.search(r'<select name="opponent"[^>]*>(.*?)</select>', page, re.S).group(1)
    assert '<option value="" selected>ゴールドフィッシュ</option>' in select
    assert 'label="デッキ（AIが操作）"' in select and f'value="{pair[1].pk}"' in select
    assert re.search(r'<select name="ai_level"', page) and "AIの強さ" in page
    goldfish_only = [s for s in GAMES if GAMES[s].play and s not in versus_games()]
    for slug in goldfish_only[:1]:
        other = samples.filter(game_id=slug).first()
        assert 'name="opponent"' not in user_client.get(reverse("goldfish_new"), {"deck": other.pk}).content.decode()


def test_a_private_deck_of_someone_else_cannot_be_the_opponent(user_client, other_user, pair):
    from decks import services as deck_services

    source = pair[1]
    sections = deck_services.decklist_sections(source.game_id, source.regulation, "\n".join(
        f"{e.count} {e.card.name}" for e in source.entries.select_related("card")))
    hidden = deck_services.deck_create(owner=other_user, game=source.game_id, regulation=source.regulation, name="秘密",
                                       sections=sections)
    hidden.visibility = Visibility.PRIVATE
    hidden.save()
    response = user_client.post(reverse("goldfish_new"), {"deck": pair[0].pk, "seed": "1", "opponent": str(hidden.pk)})
    assert response.status_code == 400 and not GoldfishSession.objects.exists()  # not among the choices
    shown = user_client.get(reverse("goldfish_new"), {"deck": pair[0].pk}).content.decode()
    assert f'value="{hidden.pk}"' not in shown


def test_the_server_plays_the_ais_moves_and_undo_takes_back_yours_and_its_answer(user_client, user, pair):
    session = started(user_client.post(reverse("goldfish_new"), {
        "deck": pair[0].pk, "seed": "5", "opponent": str(pair[1].pk), "ai_level": "heuristic",
    }))
    assert session.setup["seats"][:2] == ["player", "player"] and session.setup["ai"]["seats"] == [1]
    who = Actor(user=user)
    state = services.selectors.session_state(session)
    assert state["players"][1]["goldfish"] is False
    checked_undo = False
    for _ in range(400):
        if state["result"] is not None:
            break
        assert GAMES[state["game"]].rules.to_act(state) == 0  # the AI has answered: the player is to act
        before = len(state["log"])
        action = legal_actions(state)[-1]  # (the last listed: a play where there is one, else the pass)
        outcome = services.act(session_id=session.pk, who=who, action={k: v for k, v in action.items() if k != "choice"})
        state = outcome.state
        answers = state["log"][before + 1:]
        assert state["log"][before].get("seat") == 0 and all(e.get("seat") == 1 for e in answers)
        if answers and not checked_undo and state["result"] is None:
            back = services.take_back(session_id=session.pk, who=who).state
            assert len(back["log"]) == before  # your move and the AI's answer
            again = services.play_again(session_id=session.pk, who=who).state
            assert [e["action"] for e in again["log"]] == [e["action"] for e in state["log"]]
            state, checked_undo = again, True
    assert state["result"] is not None and checked_undo
    page = user_client.get(session.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="ja").content.decode()
    assert page.count('id="gf-payload"') == 1
    assert '<span class="gf-title-kind">AI対戦</span>' in page and "<title>AI対戦 ·" in page  # not called a goldfish


def test_the_ai_plays_both_decks_for_a_game_to_watch_and_anyone_with_the_link_replays_it(user_client, pair):
    from django.test import Client

    anyone = Client()
    session = started(user_client.post(reverse("goldfish_new"), {
        "deck": pair[0].pk, "seed": "4", "opponent": str(pair[1].pk), "ai_level": "strong", "watch": "on",
    }))
    assert session.setup["ai"]["seats"] == [0, 1] and session.setup["ai"]["level"] == "heuristic"  # watching: the quick AI
    state = services.selectors.session_state(session)
    seats = {entry.get("seat") for entry in state["log"]}
    assert seats == {0, 1}  # both decks were played by the AI, and the game went as far as it goes
    from rules.engine.versus import DEFAULT_TURN_CAP

    assert state["result"] is not None or state["turn"] > DEFAULT_TURN_CAP
    assert '<span class="gf-title-kind">観戦（AI対AI）</span>' in anyone.get(session.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="ja").content.decode()
    url = reverse("api-goldfish-detail", args=[session.pk])
    start = anyone.get(url, {"step": 0}).json()
    assert start["step"] == 0 and start["steps"] == len(state["log"]) and start["can_act"] is False
    middle = anyone.get(url, {"step": len(state["log"]) // 2}).json()
    assert middle["view"]["log"] and middle["legal_actions"] == []
    refused = user_client.post(reverse("goldfish_new"), {"deck": pair[0].pk, "seed": "4", "watch": "on"}, HTTP_ACCEPT_LANGUAGE="ja")
    assert refused.status_code == 400 and "観戦するには" in refused.content.decode()
