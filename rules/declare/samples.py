"""The games' bundled card sets and sample decks as engine decks (plain JSON files each game's package ships,
found through its GameDef: `cards_path`, `samples_path`; read without Django), for the engine's benchmarks
and recorded games."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from .base import CARDS_FILE, SAMPLES_FILE, package_file
from .registry import GAMES

SECTIONS = {"メイン": "main", "スキル": "skill", "ステータス": "status", "天候": "weather"}
TIMESTORM_BASIC = (
    ("バッテリー", 12), ("情報整理", 3), ("時間泥棒", 3), ("未来予知", 3), ("時の巻き戻し", 2), ("時間停止", 3),
    ("とっさの閃き", 3), ("一瞬の猶予", 3), ("時限装置", 2),
)


def _declaring(slug: str) -> str | None:
    """The package of a game that is not registered yet because it is being declared (its package is being
    imported and reads its own cards on the way, as Time Storm's options do): the loaded package named by
    the slug."""
    return next((name for name, module in list(sys.modules.items())
                 if name.rpartition(".")[2] == slug and getattr(module, "__path__", None)), None)


def _path(game, what: str) -> Path | None:
    """The game's declared data file (`what`: "cards" or "samples"); `game` is a GameDef or a slug. A slug the
    registry does not hold yet names the file of the default name in the package being declared."""
    if isinstance(game, str):
        declared = GAMES.get(game)
        if declared is None:
            package = _declaring(game)
            return package_file(package, CARDS_FILE if what == "cards" else SAMPLES_FILE) if package else None
        game = declared
    return game.cards_path if what == "cards" else game.samples_path


def bundled_card_data(game) -> list[dict]:
    """The game's bundled cards as its file lists them (card dicts of the card file format; [] when the game
    ships none). `game`: a slug or a GameDef."""
    path = _path(game, "cards")
    return json.loads(path.read_text(encoding="utf-8"))["cards"] if path and path.is_file() else []


def sample_data(game) -> dict:
    """The game's sample decks and pools as its file holds them: {"decks": [...], "pools": [...]} (both empty
    when the game ships none). `game`: a slug or a GameDef."""
    path = _path(game, "samples")
    data = json.loads(path.read_text(encoding="utf-8")) if path and path.is_file() else {}
    return {"decks": data.get("decks", []), "pools": data.get("pools", [])}


def bundled_cards(game: str) -> dict[str, dict]:
    """The game's bundled cards by name, each an engine card keyed by its name."""
    return {c["name"]: {**c, "key": c["name"]} for c in bundled_card_data(game)}


def bundled_samples(game: str) -> list[dict]:
    """The game's bundled sample decks in their file's order: {"name", "regulation" (its code), "decklist" (the
    text), "cards" (engine cards, each with its deck section)}."""
    cards = bundled_cards(game)
    out = []
    for deck in sample_data(game)["decks"]:
        listed, section = [], "main"
        for line in deck["decklist"].splitlines():
            line = line.strip()
            if line.endswith(":"):
                section = SECTIONS.get(line[:-1], "main")
            elif line:
                count, name = line.split(" ", 1)
                listed += [{**cards[name], "section": section}] * int(count)
        out.append({"name": deck["name"], "regulation": deck.get("regulation", ""), "decklist": deck["decklist"],
                    "cards": listed})
    return out


def sample_deck(game: str) -> list[list[dict]]:
    """The game's first bundled sample deck as the engine's decks, each card with its deck section."""
    return [bundled_samples(game)[0]["cards"]]


def timestorm_decks() -> list[list[dict]]:
    """The standard shared deck (the bundled basic cards) with one win-condition kind for each of two players."""
    cards = bundled_cards("timestorm")
    return [[cards[n] for n, k in TIMESTORM_BASIC for _ in range(k)] + [cards["充電完了"]] * 3, [cards["無限の書庫"]] * 3]


def player_deck(game: str) -> list[list[dict]]:
    """The game's first bundled sample deck as the web app hands a saved deck to the engine: for a game that
    pools its decks (Time Storm), the default regulation's basic cards and the sample entry (充電完了) as one list."""
    from . import get_game

    definition = get_game(game)
    if definition.pools:
        cards = bundled_cards(game)
        basic = [cards[name] for name, copies in definition.regulation.basic for _ in range(copies)]
        return [basic + [cards[card["name"]] for card in sample_deck(game)[0]]]
    return sample_deck(game)
