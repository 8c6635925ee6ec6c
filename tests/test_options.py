"""Start options are declared per game (rules/games/<slug>/options.py): the engine checks them, and the
goldfish start form, the API and the command line are built from the same declarations, refusing a value
out of range in the user's language with the option and what it accepts."""

import io
import json

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse

from goldfish.forms import option_fields
from goldfish.models import GoldfishSession
from rules.declare import GAMES, get_game
from rules.declare.options import BOOL, CHOICE, INT
from rules.declare.samples import player_deck
from rules.engine import IllegalAction, new_game
from rules.engine.core import IllegalOption

SLUGS = sorted(GAMES)


@pytest.mark.parametrize("slug", SLUGS)
def test_every_game_declares_its_options_with_labels_in_both_languages(slug):
    options = get_game(slug).options
    assert options, f"{slug} declares no options"
    for option in options:
        assert option.ja and option.en and option.ja != option.en
        assert option.valid(option.default)
        if option.kind == INT:
            assert option.low <= option.default <= option.high
        if option.kind == CHOICE:
            assert all(c.ja and c.en for c in option.choices)


@pytest.mark.parametrize("slug", SLUGS)
def test_the_engine_starts_with_the_declared_defaults(slug):
    state = new_game(slug, player_deck(slug), seed=1)
    assert state["options"] == get_game(slug).default_options()
    assert list(state["options"]) == [o.key for o in get_game(slug).options]


@pytest.mark.parametrize("slug", SLUGS)
def test_the_engine_refuses_a_value_outside_each_declaration_naming_the_option(slug):
    for option in get_game(slug).options:
        bad = {INT: (option.high or 0) + 1, BOOL: "yes", CHOICE: "nonsense"}[option.kind]
        with pytest.raises(IllegalAction) as caught:
            new_game(slug, player_deck(slug), seed=1, options={option.key: bad})
        assert isinstance(caught.value, IllegalOption)
        assert str(caught.value).startswith(f"{option.key}: ")
        assert option.accepts("ja") in caught.value.messages("ja")[0]


def test_an_unknown_option_is_refused_listing_the_known_ones():
    with pytest.raises(IllegalOption, match="not an option of this game.*mixed_season"):
        new_game("kannagi", player_deck("kannagi"), seed=1, options={"lifes": 3})


def test_the_japanese_message_names_the_range():
    with pytest.raises(IllegalOption) as caught:
        new_game("kannagi", player_deck("kannagi"), seed=1, options={"life": 0})
    assert caught.value.messages("ja") == ["life: 1〜999の整数で指定してください"]
    assert caught.value.messages("en") == ["life: a whole number from 1 to 999, not 0"]


def test_the_start_form_offers_each_games_declared_range_and_choices(client, db):
    fields = option_fields("kannagi")
    life = fields["opt_kannagi_opening"]
    assert (life.min_value, life.max_value) == (0, 40)  # kannagi's, not one range for every game
    assert (option_fields("timestorm")["opt_timestorm_opponents"].min_value, option_fields("timestorm")["opt_timestorm_opponents"].max_value) == (1, 5)
    assert [v for v, _label in fields["opt_kannagi_mixed_season"].choices] == ["any", "all"]


@pytest.mark.parametrize(
    ("language", "words"),
    [("ja", ["あなたのライフ: 「0」は使えません。1〜999の整数を入力してください。"]),
     ("en", ["Your life: “0” cannot be used; enter a whole number from 1 to 999."])],
)
def test_the_start_form_refuses_an_out_of_range_option_in_the_users_language(user_client, deck, language, words):
    user_client.cookies["django_language"] = language
    response = user_client.post(reverse("goldfish_new") + f"?deck={deck.pk}", {"deck": deck.pk, "opt_kannagi_life": "0"})
    assert response.status_code == 400
    html = response.content.decode()
    for word in words:
        assert word in html
    assert not GoldfishSession.objects.exists()


def test_the_api_refuses_an_out_of_range_option_in_japanese(user_client, deck):
    response = user_client.post(
        "/api/goldfish/", json.dumps({"deck": deck.pk, "options": {"life": 1000}}), content_type="application/json",
        HTTP_ACCEPT_LANGUAGE="ja",
    )
    assert response.status_code == 400
    assert "options.life: 1〜999の整数で指定してください" in json.dumps(response.json(), ensure_ascii=False)
    assert not GoldfishSession.objects.exists()


def test_the_api_describes_each_games_options(client, games):
    body = client.get("/api/games/kannagi/").json()
    life = next(o for o in body["options"] if o["key"] == "life")
    assert life == {"key": "life", "type": "int", "default": 30, "ja": "あなたのライフ", "en": "Your life",
                    "help_ja": "", "help_en": "", "min": 1, "max": 999}


def test_the_command_line_takes_options_and_refuses_a_bad_one(bundled, tmp_path):
    deck = tmp_path / "deck.txt"
    deck.write_text("10 ねこやま\n10 鉄の風\n10 桜並木の小径\n10 無人の踏切\n", encoding="utf-8")
    out = io.StringIO()
    call_command("goldfish", "kannagi", str(deck), games=5, seed=1, json=True, option=["goldfish_life=1"], stdout=out)
    quick = json.loads(out.getvalue())
    call_command("goldfish", "kannagi", str(deck), games=5, seed=1, json=True, stdout=(out := io.StringIO()))
    usual = json.loads(out.getvalue())
    assert quick["won"] == 5 and quick["won"] > usual["won"]  # one point of life falls on the first attack
    with pytest.raises(CommandError, match="life: a whole number from 1 to 999, not 0"):
        call_command("goldfish", "kannagi", str(deck), games=5, option=["life=0"])
    with pytest.raises(CommandError, match="--option: 'colour=red' is not KEY=VALUE"):
        call_command("goldfish", "kannagi", str(deck), games=5, option=["colour=red"])
