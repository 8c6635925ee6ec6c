"""Goldfish a decklist thousands of times with the game's autopilot, from the command line:

    python manage.py goldfish kannagi mydeck.txt --games 10000 --seed 1 --workers 2
    python manage.py goldfish vision mydeck.txt --json > result.json

The decklist is read as the site reads a pasted one (the game's cards in this database, its default
regulation unless --regulation names one). Game i is played from seed + i, so the figures are the same for
any number of workers."""

from __future__ import annotations

import json
import sys
import time

from django.core.management.base import BaseCommand, CommandError

from cards.models import Game
from decks import selectors as deck_selectors
from decks.services import DeckInputError, decklist_sections
from goldfish.selectors import sections_decks
from rules.engine import IllegalAction
from rules.engine.simulate import DEFAULT_TURN_CAP, SimulationError, simulate


class Command(BaseCommand):
    help = "Goldfish a decklist with the game's autopilot and print the win-turn distribution and card figures."

    def add_arguments(self, parser):
        parser.add_argument("game", help="the game's slug (vision, timestorm, kannagi, original, manacard)")
        parser.add_argument("deckfile", help="a decklist text file, or - for standard input")
        parser.add_argument("--games", type=int, default=1000)
        parser.add_argument("--seed", type=int, default=1)
        parser.add_argument("--turn-cap", type=int, default=DEFAULT_TURN_CAP)
        parser.add_argument("--workers", type=int, default=1, help="processes to play on (the figures do not change)")
        parser.add_argument("--regulation", default=None, help="a regulation code (default: the game's default)")
        parser.add_argument("--json", action="store_true", help="print the whole result as JSON")

    def handle(self, *args, game, deckfile, games, seed, turn_cap, workers, regulation, json: bool, **options):
        self.verbosity = options.get("verbosity", 1)
        if not Game.objects.filter(slug=game).exists():
            known = ", ".join(Game.objects.values_list("slug", flat=True)) or "none (run `manage.py load_bundled`)"
            raise CommandError(f"game: {game!r} is not a game here; known: {known}")
        try:
            text = sys.stdin.read() if deckfile == "-" else open(deckfile, encoding="utf-8-sig").read()  # noqa: SIM115
        except (OSError, UnicodeDecodeError) as exc:
            raise CommandError(f"deckfile: cannot read {deckfile}: {exc}") from None
        rules = deck_selectors.regulation_for(game, regulation)
        if rules is None:
            raise CommandError(f"regulation: {regulation!r} is not a regulation of {game}")
        try:
            sections = decklist_sections(game, rules, text)
        except DeckInputError as exc:
            raise CommandError("decklist:\n" + "\n".join(f"  line {e['line']}: {e['message']}" for e in exc.lines)) from None
        decks, _faces = sections_decks(game, rules, sections)
        if not decks or not decks[0]:
            raise CommandError("decklist: there are no cards to play with")
        started = time.perf_counter()

        def progress(done, total):
            if self.verbosity > 0 and not json:
                self.stderr.write(f"\r{done}/{total} games", ending="")

        try:
            result = simulate(game, decks, games, seed, turn_cap, workers=workers, progress=progress)
        except (SimulationError, IllegalAction) as exc:
            raise CommandError(str(exc)) from None
        elapsed = time.perf_counter() - started
        if json:
            self.stdout.write(_dumps(result))
            return
        if self.verbosity > 0:
            self.stderr.write("")
        self.stdout.write(report(result, game, elapsed, workers))


def _dumps(result: dict) -> str:
    return json.dumps(result, ensure_ascii=False, indent=1)


def _pct(x) -> str:
    return "–" if x is None else f"{100 * x:5.1f}%"


def report(result: dict, game: str, elapsed: float, workers: int) -> str:
    lines = [
        f"{game}: {result['games']} games, turn cap {result['turn_cap']}, "
        f"{elapsed:.2f} s on {workers} worker{'s' if workers != 1 else ''} ({result['games'] / max(elapsed, 1e-9):.0f} games/s)",
        "",
        "turn   won   share  cumulative",
    ]
    for row in result["distribution"]:
        lines.append(f"{row['turn']:>4} {row['count']:>5}  {_pct(row['share'])}  {_pct(row['cumulative'])}")
    mean = "–" if result["mean"] is None else f"{result['mean']:.2f}"
    median = result["median"] if result["median"] is not None else f"> {result['turn_cap']}"
    lines += [
        "",
        f"mean win turn (games won): {mean}",
        f"median win turn (all games): {median}",
        f"not won by the cap: {result['not_won']} ({_pct(result['not_won_share']).strip()}), lost: {result['lost']}",
        "",
    ]
    opening = result["opening"]
    lines.append(
        f"opening hand: {opening['hand']} cards from {opening['pool']}; key cards ({opening['key_label']}): "
        f"{opening['key_copies']} copies"
    )
    for a in opening["at_least"]:
        lines.append(
            f"  at least {a['k']}: simulated {a['simulated']:.4f}, exact {a['exact']:.4f} "
            f"(99% interval {a['low']:.4f}–{a['high']:.4f}), after the mulligan {a['kept']:.4f}"
        )
    lines += ["", f"{'card':<24} copies  played  plays/game  first turn  in opening (exact)"]
    for c in result["cards"]:
        first = "–" if c["first_turn"] is None else f"{c['first_turn']:.2f}"
        exact = "–" if c["opening_exact"] is None else f"{c['opening_exact']:.3f}"
        lines.append(
            f"{c['name'][:24]:<24} {c['copies']:>6}  {_pct(c['played'])}  {c['plays_per_game']:>10.2f}  {first:>10}  "
            f"{c['opening']:.3f} ({exact})"
        )
    return "\n".join(lines)
