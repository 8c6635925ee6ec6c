"""Goldfish a decklist thousands of times with the game's autopilot, from the command line:

    python manage.py goldfish kannagi mydeck.txt --games 10000 --seed 1 --workers 2
    python manage.py goldfish vision mydeck.txt --json > result.json
    python manage.py goldfish kannagi mydeck.txt --option life=20 --option first_player_draws=true

    python manage.py goldfish timestorm a.txt --vs b.txt --games 200 --seed 1 --ai strong --json

`--vs B.txt` plays the decklist against deck B (each side played by the game's AI, from what its seat sees:
rules/engine/versus.py) instead of goldfishing it, and prints the wins of each side, the draws, A's win rate
with its 95% interval, the win rate on the play and on the draw, and the mean game length (`--json`: under
"matchup"). Swapping the two decklists mirrors the figures; the same seed gives the same figures.

`--option KEY=VALUE` sets one of the game's start options (rules/games/<slug>/options.py; `--help` lists
them with their ranges); a value the option does not take is refused naming it and what it takes.

The decklist is read as the site reads a pasted one (the game's cards in this database, its default
regulation unless --regulation names one). Game i is played from seed + i, so the figures are the same for
any number of workers."""

from __future__ import annotations

import json
import sys
import time
import unicodedata

from django.core.management.base import BaseCommand, CommandError

from cards.models import Game
from decks import selectors as deck_selectors
from decks.services import DeckInputError, decklist_sections
from goldfish.selectors import sections_decks
from rules.declare import GAMES, get_game
from rules.declare.options import BOOL, INT, OptionError
from rules.engine import IllegalAction, versus
from rules.engine.simulate import DEFAULT_TURN_CAP, SimulationError, check_params, simulate

OPTION_NAMES = {"games": "--games", "seed": "--seed", "turn_cap": "--turn-cap", "workers": "--workers"}


class Command(BaseCommand):
    help = "Goldfish a decklist with the game's autopilot and print the win-turn distribution and card figures."

    def add_arguments(self, parser):
        parser.add_argument("game", help=f"the game's slug ({', '.join(GAMES)})")
        parser.add_argument("deckfile", help="a decklist text file, or - for standard input")
        parser.add_argument("--games", type=int, default=1000)
        parser.add_argument("--seed", type=int, default=1)
        parser.add_argument("--turn-cap", type=int, default=None,
                            help=f"the player's own turns when goldfishing (default {DEFAULT_TURN_CAP}); "
                                 f"every seat's turns in a matchup (default {versus.DEFAULT_TURN_CAP}: a draw after that)")
        parser.add_argument("--vs", default=None, metavar="B.txt", help="play the decklist against this decklist (a matchup)")
        parser.add_argument("--ai", default="heuristic", choices=versus.LEVELS, help="the AI level of both sides in a matchup")
        parser.add_argument("--workers", type=int, default=1, help="processes to play on (the figures do not change)")
        parser.add_argument("--regulation", default=None, help="a regulation code (default: the game's default)")
        parser.add_argument("--json", action="store_true", help="print the whole result as JSON")
        parser.add_argument(
            "--option", action="append", default=[], metavar="KEY=VALUE",
            help="a start option of the game (repeatable). " + option_help(),
        )

    def handle(self, *args, game, deckfile, games, seed, turn_cap, workers, regulation, json: bool, option, vs=None,
               ai="heuristic", **options):
        self.verbosity = options.get("verbosity", 1)
        if vs is not None:
            return self.matchup(game, deckfile, vs, games, seed, turn_cap, regulation, json, option, ai)
        turn_cap = DEFAULT_TURN_CAP if turn_cap is None else turn_cap
        try:  # the numbers first: a typo there is named before the decklist is read
            check_params(games, seed, turn_cap, workers)
        except SimulationError as exc:
            name, _sep, rest = str(exc).partition(":")
            raise CommandError(f"{OPTION_NAMES.get(name, name)}:{rest}") from None
        check_game(game)
        start_options = parse_options(game, option)
        _rules, decks = read_decks(game, deckfile, regulation)
        started = time.perf_counter()
        # a progress counter redrawn in place, only on a terminal (a log or a pipe gets the report alone)
        show_progress = self.verbosity > 0 and not json and _is_terminal(self.stderr)

        def progress(done, total):
            if show_progress:
                self.stderr.write(f"\r{done}/{total} games", ending="")

        try:
            result = simulate(game, decks, games, seed, turn_cap, options=start_options, workers=workers, progress=progress)
        except IllegalAction as exc:
            raise CommandError(f"deck: {exc}") from None
        except SimulationError as exc:
            raise CommandError(str(exc)) from None
        elapsed = time.perf_counter() - started
        if show_progress:
            self.stderr.write("\r" + " " * len(f"{games}/{games} games") + "\r", ending="")  # the counter wiped
        if json:
            self.stdout.write(_dumps(result))
            return
        self.stdout.write(report(result, game, elapsed, workers))


    def matchup(self, game, deckfile, other, games, seed, turn_cap, regulation, as_json, option, ai):
        turn_cap = versus.DEFAULT_TURN_CAP if turn_cap is None else turn_cap
        if not isinstance(turn_cap, int) or not 1 <= turn_cap <= 400:
            raise CommandError(f"--turn-cap: a whole number from 1 to 400, not {turn_cap!r}")
        try:
            versus.check_params(games, seed, ai)
        except versus.VersusError as exc:
            name, _sep, rest = str(exc).partition(":")
            raise CommandError(f"--{name.replace('_', '-')}:{rest}") from None
        check_game(game)
        if game not in versus.versus_games():
            playable = ", ".join(versus.versus_games()) or "none"
            raise CommandError(f"--vs: {game}'s rules play only against a goldfish so far (matchups: {playable})")
        start_options = parse_options(game, option)
        _rules, decks_a = read_decks(game, deckfile, regulation)
        _rules, decks_b = read_decks(game, other, regulation)
        started = time.perf_counter()
        try:
            result = versus.play_match(game, decks_a[0], decks_b[0], games, seed, ai=ai, options=start_options, turn_cap=turn_cap)
        except IllegalAction as exc:
            raise CommandError(f"deck: {exc}") from None
        elapsed = time.perf_counter() - started
        if as_json:
            self.stdout.write(_dumps(result))
            return
        self.stdout.write(matchup_report(result["matchup"], deckfile, other, elapsed))


def _rate_text(rate) -> str:
    if rate is None:
        return "–"
    return f"{100 * rate['value']:.1f}% (95% interval {100 * rate['low']:.1f}–{100 * rate['high']:.1f}%)"


def matchup_report(m: dict, name_a: str, name_b: str, elapsed: float) -> str:
    lines = [
        f"{m['game']}: {name_a} (A) vs {name_b} (B), {m['games']} games from seed {m['seed']}, AI {m['ai'][0]} / {m['ai'][1]}, "
        f"{elapsed:.2f} s",
        f"wins: A {m['wins'][0]}, B {m['wins'][1]}; draws {m['draws']} (a draw counts half; not over by turn {m['turn_cap']} is a draw)",
        f"A's win rate: {_rate_text(m['win_rate'])}",
        f"  on the play ({m['on_the_play']['games']} games): {_rate_text(m['on_the_play']['win_rate'])}",
        f"  on the draw ({m['on_the_draw']['games']} games): {_rate_text(m['on_the_draw']['win_rate'])}",
        f"mean game length: {m['mean_turns']:.2f} turns (every seat's turns)",
        "",
        f"{_column('card (A)', 24)} games  win rate played  not played  impact",
    ]
    for c in m["cards"]:
        played, rest = c["win_rate_played"], c["win_rate_not_played"]
        impact = "–" if c["impact"] is None else f"{100 * c['impact']:+.1f}"
        lines.append(
            f"{_column(c['name'], 24)} {c['games']:>5}  {_pct(played and played['value']):>15}  {_pct(rest and rest['value']):>10}  {impact:>6}"
        )
    return "\n".join(lines)


def check_game(game: str) -> None:
    if not Game.objects.filter(slug=game).exists():
        known = ", ".join(Game.objects.values_list("slug", flat=True)) or "none (run `manage.py load_bundled`)"
        raise CommandError(f"game: {game!r} is not a game here; known: {known}")


def read_decks(game: str, deckfile: str, regulation: str | None):
    """(the regulation, the engine's decks) of a decklist file (- for standard input), or a CommandError
    naming the file, the regulation or each bad line."""
    try:
        if deckfile == "-":
            text = sys.stdin.read()
        else:
            with open(deckfile, encoding="utf-8-sig") as handle:
                text = handle.read()
    except (OSError, UnicodeDecodeError) as exc:
        raise CommandError(f"deckfile: cannot read {deckfile}: {exc}") from None
    rules = deck_selectors.regulation_for(game, regulation)
    if rules is None:
        if regulation:
            known = ", ".join(deck_selectors.regulations_for(game).values_list("code", flat=True)) or "none"
            raise CommandError(f"--regulation: {regulation!r} is not a regulation of {game}; known: {known}")
        raise CommandError(f"--regulation: {game} has no regulation here (run `manage.py migrate`)")
    try:
        sections = decklist_sections(game, rules, text)
    except DeckInputError as exc:  # each message names its line
        raise CommandError("decklist:\n" + "\n".join(f"  {message}" for message in exc.messages)) from None
    decks, _faces = sections_decks(game, rules, sections)
    if not decks or not decks[0]:
        raise CommandError("decklist: there are no cards to play with")
    return rules, decks


def option_help() -> str:
    return "; ".join(
        f"{slug}: " + ", ".join(f"{o.key} ({o.accepts('en')}, default {_text(o.default)})" for o in definition.options)
        for slug, definition in GAMES.items() if definition.options
    )


def _text(value) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def parse_options(game: str, pairs: list[str]) -> dict:
    """`KEY=VALUE` pairs as the game's options, each read as its declaration's kind and checked."""
    definition = get_game(game)
    given = {}
    for pair in pairs:
        key, sep, text = pair.partition("=")
        key, text = key.strip(), text.strip()
        option = definition.option(key)
        if not sep or option is None:
            known = " ".join(o.key for o in definition.options)
            raise CommandError(f"--option: {pair!r} is not KEY=VALUE with a key of {game} ({known})")
        if option.kind == BOOL:
            value = {"true": True, "1": True, "yes": True, "false": False, "0": False, "no": False}.get(text.lower(), text)
        elif option.kind == INT:
            try:
                value = int(text)
            except ValueError:
                value = text
        else:
            value = text
        given[key] = value
    try:
        return definition.check_options(given)
    except OptionError as exc:
        raise CommandError("--option: " + "; ".join(exc.messages("en"))) from None


def _is_terminal(stream) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def _dumps(result: dict) -> str:
    return json.dumps(result, ensure_ascii=False, indent=1)


def _pct(x) -> str:
    return "–" if x is None else f"{100 * x:5.1f}%"


def _width(text: str) -> int:
    """Columns `text` takes on a terminal: a wide (Japanese) character two, a combining one none."""
    return sum(0 if unicodedata.combining(ch) else 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1 for ch in text)


def _column(text: str, width: int) -> str:
    """`text` cut and padded to exactly `width` terminal columns."""
    out, used = [], 0
    for ch in text:
        w = _width(ch)
        if used + w > width:
            break
        out.append(ch)
        used += w
    return "".join(out) + " " * (width - used)


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
    lines += ["", f"{_column('card', 24)} copies  played  plays/game  first turn  in opening (exact)"]
    for c in result["cards"]:
        first = "–" if c["first_turn"] is None else f"{c['first_turn']:.2f}"
        exact = "–" if c["opening_exact"] is None else f"{c['opening_exact']:.3f}"
        lines.append(
            f"{_column(c['name'], 24)} {c['copies']:>6}  {_pct(c['played'])}  {c['plays_per_game']:>10.2f}  {first:>10}  "
            f"{c['opening']:.3f} ({exact})"
        )
    return "\n".join(lines)
