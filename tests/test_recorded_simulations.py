"""Recorded simulations: `manage.py goldfish GAME DECK --games 300 --seed 1 --json` for every bundled sample
deck (each game's own samples file, rules/games/<slug>/samples.json), kept in tests/recorded/ as
<game>-<the sample's name>.json. Refactors of the engine or a game must leave every figure byte for byte
as it was; a deliberate rules change re-records them with `RECORD_SIMULATIONS=1 pytest
tests/test_recorded_simulations.py` (the diff of tests/recorded/*.json is the change's effect on the
figures)."""

import io
import json
import os
from pathlib import Path

import pytest
from django.core.management import call_command

from rules.declare import GAMES
from rules.declare.samples import sample_data

HERE = Path(__file__).resolve().parent / "recorded"
SAMPLES = {(slug, d["name"]): d for slug in GAMES for d in sample_data(slug)["decks"]}
DECKS = list(SAMPLES)
IDS = [f"{game}-{name}" for game, name in DECKS]


def recording(game: str, name: str) -> Path:
    """The recording of a sample deck, named by its game and its name."""
    return HERE / f"{game}-{name.replace('/', '_').replace(chr(92), '_')}.json"


def test_every_recording_is_of_a_bundled_sample_deck():
    assert {path.name for path in HERE.glob("*.json")} == {recording(game, name).name for game, name in DECKS}


@pytest.mark.parametrize(("game", "name"), DECKS, ids=IDS)
def test_sample_deck_simulation_matches_its_recording(bundled, tmp_path, game, name):
    deck = SAMPLES[game, name]
    path = tmp_path / "deck.txt"
    path.write_text(deck["decklist"], encoding="utf-8")
    out = io.StringIO()
    call_command("goldfish", game, str(path), games=300, seed=1, json=True, stdout=out)
    figures = json.loads(out.getvalue())
    assert figures["games"] == 300
    for card in figures["cards"]:  # a database id: it differs between databases and test orders
        card.pop("key")
    recorded = recording(game, name)
    text = json.dumps(figures, ensure_ascii=False, indent=1, sort_keys=True) + "\n"
    if os.environ.get("RECORD_SIMULATIONS"):
        recorded.write_text(text, encoding="utf-8")
    assert recorded.exists(), f"no recording for {deck['name']}: run with RECORD_SIMULATIONS=1"
    assert text == recorded.read_text(encoding="utf-8"), f"{deck['name']}: the figures changed"


@pytest.mark.parametrize(("game", "name"), DECKS, ids=IDS)
def test_the_figures_do_not_depend_on_the_order_the_decklist_is_written_in(bundled, tmp_path, game, name):
    """The same cards with the same seed give byte-identical figures with the lines reversed (and the
    sections in another order)."""
    text = SAMPLES[game, name]["decklist"]
    blocks, block = [], []
    for line in text.splitlines():
        if line.strip().endswith(":") and block:
            blocks.append(block)
            block = []
        block.append(line)
    blocks.append(block)
    shuffled = "\n".join(line for b in reversed(blocks) for line in [b[0], *reversed(b[1:])] if line.strip()) if any(
        line.strip().endswith(":") for line in text.splitlines()) else "\n".join(reversed(text.splitlines()))
    outputs = []
    for n, written in enumerate((text, shuffled)):
        path = tmp_path / f"deck{n}.txt"
        path.write_text(written, encoding="utf-8")
        out = io.StringIO()
        call_command("goldfish", game, str(path), games=100, seed=1, json=True, stdout=out)
        outputs.append(out.getvalue())
    assert text != shuffled
    assert outputs[0] == outputs[1]
