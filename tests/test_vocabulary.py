"""Each game's declared vocabulary (rules/games/<slug>/vocabulary.py): it names, in Japanese and English, every
zone the engine makes for the game, every phase it passes through, every action type its legal_actions offer
and every decision it asks for in short games from the bundled sample decks, and its hidden zones are the
ones the game's rules hide from the opponent."""

import random

import pytest

from rules.declare import GAMES, get_game
from rules.declare.samples import sample_deck, timestorm_decks
from rules.declare.vocabulary import EMPTY, Label, Vocabulary
from rules.engine import apply, legal_actions, new_game, view
from rules.engine.core import rules_of

SEEDS = range(10)
MAX_ACTIONS = 200


def decks(slug):
    return timestorm_decks() if slug == "timestorm" else sample_deck(slug)


def kind(zone: str) -> str:
    return zone.rpartition(".")[2]


def seen_in_short_games(slug):
    """What the engine shows in a few short games: half played by the game's autopilot, half by picking a
    random legal action (which wanders into decisions the autopilot avoids)."""
    seen = {"zones": set(), "phases": set(), "actions": set(), "decisions": set(), "options": set()}
    pilot = get_game(slug).pilot
    for seed in SEEDS:
        state = new_game(slug, decks(slug), seed)
        pick = random.Random(seed)
        for _ in range(MAX_ACTIONS):
            seen["zones"] |= {kind(z) for z in state["zones"]}
            seen["phases"].add(state["phase"])
            pending = state["pending"]
            if pending:
                seen["decisions"].add(pending["type"])
            actions = legal_actions(state)
            if not actions:
                break
            for action in actions:
                seen["actions"].add(action["type"])
                if "option" in action and not (pending or {}).get("options"):  # not a choice the decision spells out
                    seen["options"].add(str(action["option"]))
            action = pilot.choose(state) if seed % 2 == 0 else pick.choice(actions)
            apply(state, action)
            if state["result"] is not None:
                break
        seen["zones"] |= {kind(z) for z in view(state, 0).get("layout", {}).get("grid", {}).get("strips", {}).values()}
    return seen


@pytest.fixture(scope="module", params=sorted(GAMES))
def game(request):
    definition = GAMES[request.param]
    return definition, seen_in_short_games(request.param)


def test_every_game_declares_a_vocabulary():
    for slug, definition in GAMES.items():
        assert isinstance(definition.vocabulary, Vocabulary), slug


def test_the_vocabulary_names_every_zone_phase_action_and_decision_the_engine_shows(game):
    definition, seen = game
    vocabulary = definition.vocabulary
    assert seen["actions"] and seen["zones"]
    for part in ("zones", "phases", "actions", "decisions", "options"):
        missing = seen[part] - set(getattr(vocabulary, part))
        assert not missing, f"{definition.slug}: {part} without a label: {sorted(missing)}"


def test_the_hidden_zones_are_the_ones_the_rules_hide_from_the_opponent(game):
    definition, _seen = game
    state = new_game(definition.slug, decks(definition.slug), 1)
    rules = rules_of(state)
    hidden = {kind(z) for z in state["zones"] if not z.startswith("p1.") and not rules.zone_visible(state, z, 1)}
    assert definition.vocabulary.hidden == hidden


def test_every_word_is_given_in_japanese_and_english():
    for slug, definition in GAMES.items():
        vocabulary = definition.vocabulary
        words = [vocabulary.turn, vocabulary.on_turn, *vocabulary.rows]
        for part in ("zones", "phases", "actions", "decisions", "options", "words", "reasons"):
            words += list(getattr(vocabulary, part).values())
        for word in words:
            assert isinstance(word, Label) and word.ja.strip() and word.en.strip(), (slug, word)
        ja, en = vocabulary.labels("ja"), vocabulary.labels("en")
        assert ja.keys() == en.keys() and ja["zones"].keys() == en["zones"].keys()


def test_labels_come_in_one_language_as_plain_data():
    original = GAMES["original"].vocabulary
    ja, en = original.labels("ja"), original.labels("en-us")
    assert ja["zones"]["deck"] == "支援" and en["zones"]["deck"] == "支援 (deck)"
    assert ja["rows"][0] == "自陣倉庫" and en["rows"][-1] == "Enemy 倉庫"
    assert ja["turn"] == "ターン" and en["turn"] == "Turn"
    assert ja["hidden"] == ["deck", "hand"]
    assert ja["actions"]["choose"] == "選ぶ"  # the effect runner's choice, which every game takes
    assert original.zone("p0.deck", "ja") == "支援" and original.zone("board", "en") == "Board"
    assert original.zone("p0.nowhere", "ja") == "nowhere"
    assert EMPTY.labels("en")["zones"] == {} and EMPTY.labels("en")["phases"] == {"setup": "Setup"}


def test_a_vocabulary_is_frozen_and_checked():
    vocabulary = GAMES["kannagi"].vocabulary
    with pytest.raises(TypeError):
        vocabulary.zones["deck"] = Label("x", "x")  # type: ignore[index]
    with pytest.raises(ValueError, match="hidden zones without a label"):
        Vocabulary(zones={"hand": Label("手札", "Hand")}, phases={}, actions={}, decisions={}, hidden=frozenset({"deck"}))
    with pytest.raises(TypeError, match="must name a Label"):
        Vocabulary(zones={"hand": "手札"}, phases={}, actions={}, decisions={}, hidden=frozenset())
