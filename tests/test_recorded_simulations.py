"""Recorded simulations: `manage.py goldfish GAME DECK --games 300 --seed 1 --json` for every bundled sample
deck, kept in tests/recorded/. Refactors of the engine or a game must leave every figure byte for byte
as it was; a deliberate rules change re-records them with `RECORD_SIMULATIONS=1 pytest
tests/test_recorded_simulations.py` (the diff of tests/recorded/*.json is the change's effect on the
figures)."""

import io
import json
import os
from pathlib import Path

import pytest
from django.core.management import call_command

HERE = Path(__file__).resolve().parent / "recorded"
SAMPLES = json.loads((Path(__file__).resolve().parent.parent / "decks" / "bundled" / "samples.json").read_text("utf-8"))
DECKS = [(i, d["game"]) for i, d in enumerate(SAMPLES["decks"])]


@pytest.mark.parametrize(("index", "game"), DECKS, ids=[f"{g}-{i}" for i, g in DECKS])
def test_sample_deck_simulation_matches_its_recording(bundled, tmp_path, index, game):
    deck = SAMPLES["decks"][index]
    path = tmp_path / "deck.txt"
    path.write_text(deck["decklist"], encoding="utf-8")
    out = io.StringIO()
    call_command("goldfish", game, str(path), games=300, seed=1, json=True, stdout=out)
    figures = json.loads(out.getvalue())
    assert figures["games"] == 300
    for card in figures["cards"]:  # a database id: it differs between databases and test orders
        card.pop("key")
    recorded = HERE / f"{game}-{index}.json"
    text = json.dumps(figures, ensure_ascii=False, indent=1, sort_keys=True) + "\n"
    if os.environ.get("RECORD_SIMULATIONS"):
        recorded.write_text(text, encoding="utf-8")
    assert recorded.exists(), f"no recording for {deck['name']}: run with RECORD_SIMULATIONS=1"
    assert text == recorded.read_text(encoding="utf-8"), f"{deck['name']}: the figures changed"


@pytest.mark.parametrize(("index", "game"), DECKS, ids=[f"{g}-{i}" for i, g in DECKS])
def test_the_figures_do_not_depend_on_the_order_the_decklist_is_written_in(bundled, tmp_path, index, game):
    """The same cards with the same seed give byte-identical figures with the lines reversed (and the
    sections in another order)."""
    text = SAMPLES["decks"][index]["decklist"]
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
