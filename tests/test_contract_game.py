"""The game contract suffices: the test game レース (tests/race/, declared only there) is played on the
engine, goldfished over HTTP, simulated and printed with no change anywhere outside its package."""

import io
import json
import re

import pytest
from django.core.management import call_command
from pypdf import PdfReader

from cards.models import Card
from cards.services import sync_games
from decks.services import sync_regulations
from printing.services import print_cards, render_cards
from printing.sheets import PrintOptions, game_card_size
from rules.declare import GAMES, get_game, register, unregister
from rules.engine import IllegalAction, apply, decision, new_game, replay
from rules.engine.simulate import simulate

from . import race

DECKLIST = "4 一歩\n4 二歩\n4 三歩\n"


def engine_deck():
    return [{"key": name, "name": name, "card_type": "歩", "fields": {"steps": steps}}
            for name, steps in (("一歩", 1), ("二歩", 2), ("三歩", 3)) for _ in range(4)]


@pytest.fixture
def registered():
    register(race.GAME)
    yield race.GAME
    unregister("race")


@pytest.fixture
def race_cards(db, registered):
    sync_games()
    sync_regulations()
    return [Card.objects.create(game_id="race", name=name, card_type="歩", attrs={"steps": steps})
            for name, steps in (("一歩", 1), ("二歩", 2), ("三歩", 3))]


def test_the_game_is_found_through_the_one_registry_and_not_otherwise(registered):
    assert get_game("race") is race.GAME and "race" in GAMES


def test_the_engine_plays_it_to_a_win_and_the_log_replays_it(registered):
    state = new_game("race", [engine_deck()], seed=3)
    pilot = get_game("race").pilot
    while state["result"] is None:
        apply(state, pilot.choose(state))
    assert state["result"]["winner"] == 0 and state["result"]["reason"] == "goal"
    again = replay(state["setup"], [entry["action"] for entry in state["log"]])
    assert again["flags"] == state["flags"] and again["zones"] == state["zones"]


def test_its_decision_offers_exactly_what_it_accepts(registered):
    state = new_game("race", [engine_deck()], seed=1, options={"hand_limit": 1})
    apply(state, {"type": "end_turn"})  # 3 + 0 cards in hand, the limit 1: two must go
    asked = decision(state)
    assert (asked["answer"], asked["field"], asked["min"], asked["max"]) == ("discard", "cards", 2, 2)
    assert asked["candidates"] == state["zones"]["p0.hand"]
    with pytest.raises(IllegalAction, match="cards: exactly 2"):
        apply(state, {"type": "discard", "cards": asked["candidates"][:1]})
    with pytest.raises(IllegalAction, match="is not one of the choices"):
        apply(state, {"type": "discard", "cards": ["c999", asked["candidates"][0]]})
    with pytest.raises(IllegalAction, match="type: first discard"):
        apply(state, {"type": "end_turn"})
    apply(state, {"type": "discard", "cards": asked["candidates"][1:]})
    assert decision(state) is None and len(state["zones"]["p0.discard"]) == 2


def test_its_options_are_checked_in_both_languages(registered):
    from rules.engine.core import IllegalOption

    with pytest.raises(IllegalOption) as caught:
        new_game("race", [engine_deck()], seed=1, options={"goal": 100})
    assert caught.value.messages("ja") == ["goal: 1〜99の整数で指定してください"]


def test_it_is_simulated_with_its_autopilot(registered):
    figures = simulate("race", [engine_deck()], games=40, seed=1, turn_cap=20)
    assert figures["won"] == 40 and figures["distribution"]
    assert figures["opening"]["key_label"] == "3-step cards"


def test_it_is_goldfished_over_http_to_a_win(client, race_cards):
    response = client.post("/api/goldfish/", json.dumps({"game": "race", "decklist": DECKLIST, "seed": 5}),
                           content_type="application/json")
    assert response.status_code == 201, response.content
    game = response.json()
    url = f"/api/goldfish/{game['id']}/"
    for _ in range(60):
        if game["view"]["result"]:
            break
        legal = game["legal_actions"]
        action = next((a for a in legal if a["type"] == "step"), None) or legal[-1]
        if game["view"]["decision"]:
            asked = game["view"]["decision"]
            action = {"type": asked["answer"], asked["field"]: asked["candidates"][: asked["min"]]}
        response = client.post(url + "actions/", json.dumps({"action": action, "version": game["version"]}),
                               content_type="application/json")
        assert response.status_code == 200, response.content
        game = client.get(url).json()
    assert game["view"]["result"]["winner"] == 0
    page = client.get(f"/goldfish/{game['id']}/", HTTP_ACCEPT_LANGUAGE="ja").content.decode()
    labels = json.loads(re.search(r'<script id="gf-labels" type="application/json">(.*?)</script>', page, re.S).group(1))
    assert labels["game"]["zones"]["field"] == "コース" and "レース" in page  # its vocabulary and name, declared


def test_the_command_line_simulates_it(race_cards, tmp_path):
    deck = tmp_path / "race.txt"
    deck.write_text(DECKLIST, encoding="utf-8")
    out = io.StringIO()
    call_command("goldfish", "race", str(deck), games=20, seed=1, json=True, option=["goal=6"], stdout=out)
    assert json.loads(out.getvalue())["won"] == 20


def test_it_is_printed_from_its_face_declaration(race_cards):
    counts = {card.pk: 1 for card in race_cards}
    pdf = render_cards("race", print_cards("race", counts), PrintOptions())
    text = "".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)
    assert "三歩" in text and "歩数 3" in text  # the type line its face declares
    assert game_card_size("race") == "63x88"
