"""A game's package holds its data and its words: its bundled cards (cards.json), its sample decks and pools
(samples.json), its seed text (seed.txt) and the words of its construction messages, each found through its
GameDef (a declared path may point elsewhere); the site reads them there and nowhere else."""

import json
from dataclasses import replace
from pathlib import Path

import pytest
from django.utils import translation

from cards.models import Card
from cards.services import load_bundled, sync_games
from decks.models import Deck, Pool
from decks.services import load_sample_decks, sync_regulations
from rules.decks import DeckView, Violation
from rules.declare import GAMES, register, unregister
from rules.declare.samples import bundled_card_data, bundled_cards, bundled_samples, sample_data

from . import race

RULES_GAMES = Path(__file__).resolve().parent.parent / "rules" / "games"
STEPS = (("一歩", 1), ("二歩", 2), ("三歩", 3))


def test_each_game_ships_its_cards_samples_and_seed_in_its_own_package():
    for slug, game in GAMES.items():
        home = RULES_GAMES / slug
        assert (game.cards_path, game.samples_path, game.seed_path) == (home / "cards.json", home / "samples.json", home / "seed.txt")
        assert json.loads(game.cards_path.read_text(encoding="utf-8"))["game"] == slug
        decks = sample_data(slug)["decks"]
        assert decks and {d["game"] for d in decks} == {slug}, slug
        assert game.seed_path.read_text(encoding="utf-8").strip(), slug


def test_only_the_game_that_pools_ships_pools_and_their_entries_are_its_own_samples():
    for slug, game in GAMES.items():
        pools = sample_data(slug)["pools"]
        assert bool(pools) == game.pools, slug
        names = {d["name"] for d in sample_data(slug)["decks"]}
        assert all(set(p["entries"]) <= names for p in pools)


# -- a game declared elsewhere (a test's), with its data in declared paths and its own words --------------------


NEEDS_A_THREE = "No {card} in the deck: the race needs one."
WORDS = {NEEDS_A_THREE: {"ja": "{card}がデッキにありません。レースには1枚必要です。",
                         "en": "The deck has no {card}; a race needs one."}}


def check(game, regulation, deck, cards, view=None):
    """The test game's own construction rule: a deck holds a 三歩."""
    view = view or DeckView(regulation, deck, cards)
    if any(entry.card.get("name") == "三歩" for entry in view.entries):
        return []
    return [Violation("no_three", NEEDS_A_THREE, {"card": "三歩"}, section="main")]


def write_data(folder: Path) -> tuple[Path, Path, Path]:
    cards = folder / "race-cards.json"
    cards.write_text(json.dumps({"format": "cardgames.cards/1", "game": "race", "cards": [
        {"name": name, "card_type": race.STEP, "fields": {"steps": steps}} for name, steps in STEPS]},
        ensure_ascii=False), encoding="utf-8")
    samples = folder / "race-samples.json"
    samples.write_text(json.dumps({"format": "cardgames.decks/1", "decks": [
        {"regulation": "base", "name": "サンプル：はじめの一歩", "description": "一歩だけ。", "decklist": "メイン:\n10 一歩\n"}]},
        ensure_ascii=False), encoding="utf-8")
    seed = folder / "race-seed.txt"
    seed.write_text("【レースとは】\n先にゴールへ着いた方の勝ち。\n", encoding="utf-8")
    return cards, samples, seed


@pytest.fixture
def declared(tmp_path):
    cards, samples, seed = write_data(tmp_path)
    game = replace(race.GAME, cards_file=str(cards), samples_file=str(samples), seed_file=str(seed),
                   construction=f"{__name__}:check", words=WORDS)
    register(game)
    yield game
    unregister(game.slug)


def test_a_game_may_declare_where_its_data_files_are(declared, tmp_path):
    assert declared.cards_path == tmp_path / "race-cards.json" and declared.seed_path == tmp_path / "race-seed.txt"
    assert [c["name"] for c in bundled_card_data("race")] == ["一歩", "二歩", "三歩"]
    assert bundled_cards("race")["二歩"]["fields"] == {"steps": 2}
    assert [(s["name"], len(s["cards"])) for s in bundled_samples("race")] == [("サンプル：はじめの一歩", 10)]


def test_a_relative_declared_path_is_in_the_games_package():
    game = replace(race.GAME, cards_file="data/cards.json")
    assert game.cards_path == Path(race.__file__).resolve().parent / "data" / "cards.json"
    assert race.GAME.samples_path == Path(race.__file__).resolve().parent / "samples.json"  # the default name


def test_a_game_without_data_files_ships_nothing():
    assert bundled_card_data(race.GAME) == [] and sample_data(race.GAME) == {"decks": [], "pools": []}


def test_the_site_loads_a_registered_games_cards_and_samples_from_its_declared_files(db, declared):
    sync_games()
    sync_regulations()
    load_bundled()
    assert sorted(Card.objects.filter(game_id="race").values_list("name", flat=True)) == ["一歩", "三歩", "二歩"]
    loaded = load_sample_decks()
    assert "deck race: サンプル：はじめの一歩" in loaded
    deck = Deck.objects.get(game_id="race", name="サンプル：はじめの一歩")
    assert deck.sample and sum(e.count for e in deck.entries.all()) == 10
    assert Deck.objects.filter(sample=True).count() == sum(len(sample_data(slug)["decks"]) for slug in GAMES)
    assert Pool.objects.filter(sample=True).count() == sum(len(sample_data(slug)["pools"]) for slug in GAMES)
    assert load_sample_decks() == []  # a second load changes nothing


def test_a_games_own_words_show_its_message_in_japanese_and_english_without_any_po_entry(db, client, declared):
    sync_games()
    sync_regulations()
    load_bundled(["race"])
    for lang in ("ja", "en"):
        with translation.override(lang):
            assert translation.gettext(NEEDS_A_THREE) == NEEDS_A_THREE  # no catalogue knows the message
    said = {}
    for lang in ("ja", "en"):
        response = client.post("/api/decks/validate/", {"game": "race", "decklist": "メイン:\n10 一歩\n"},
                               content_type="application/json", HTTP_ACCEPT_LANGUAGE=lang)
        assert response.status_code == 200
        said[lang] = [v["message"] for v in response.json()["violations"] if v["code"] == "no_three"]
    assert said == {"ja": ["三歩がデッキにありません。レースには1枚必要です。"], "en": ["The deck has no 三歩; a race needs one."]}


def test_the_games_construction_words_are_their_own_in_both_languages_with_the_templates_params():
    for slug, game in GAMES.items():
        words = game.resolve(game.words) if isinstance(game.words, str) else (game.words or {})
        for msgid, said in words.items():
            params = set(_params(msgid))
            assert set(said) == {"ja", "en"}, (slug, msgid)
            assert set(_params(said["ja"])) == params == set(_params(said["en"])), (slug, msgid)
            assert game.word(msgid, "ja") == said["ja"] and game.word(msgid, "en-us") == said["en"]
        assert game.word("not a message of the game", "ja") is None


def _params(text: str) -> list[str]:
    import string

    return [name for _, name, _, _ in string.Formatter().parse(text) if name]


def test_manacard_and_timestorm_say_their_construction_messages_in_their_own_words():
    """The words moved out of the global catalogue: a deck page shows them from the package."""
    assert GAMES["manacard"].word("{name} is unique: {count} copies in the deck, but at most 1 is allowed.", "ja") == (
        "{name} はユニークです。デッキ全体で{count}枚ありますが、1枚までです。")
    assert GAMES["timestorm"].word("The entry holds {count} kinds of win-condition card; it must hold exactly one.", "ja") == (
        "勝利条件カードが{count}種類あります。ちょうど1種類にしてください。")
