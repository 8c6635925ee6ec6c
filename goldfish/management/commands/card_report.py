"""The designer report from the command line: what each card of a decklist does to how fast the game's
autopilot wins with it (rules/engine/report.py), and what swapping one card for another changes.

    python manage.py card_report kannagi mydeck.txt --games 2000 --seed 1
    python manage.py card_report kannagi mydeck.txt --games 2000 --seed 1 --swap "古びた懐中電灯=肥川の大蛇"
    python manage.py card_report vision mydeck.txt --json > report.json

The decklist is read as the site reads a pasted one (the game's cards in this database, its default
regulation unless --regulation names one); OLD and NEW of --swap are card names read the same way. Game i is
played from seed + i, and the swapped deck plays the same seeds."""

from __future__ import annotations

import json

from django.core.management.base import BaseCommand, CommandError
from django.utils import translation

from cards.i18n import cli_language
from cards.models import Card
from decks.services import DeckInputError, decklist_sections
from goldfish.management.commands.goldfish import OPTION_NAMES, _column, check_game, parse_options, read_decks
from goldfish.selectors import engine_card
from rules.declare import GAMES
from rules.engine import IllegalAction
from rules.engine.report import ReportError, card_report, swap_report
from rules.engine.simulate import DEFAULT_TURN_CAP, SimulationError, check_params


class Command(BaseCommand):
    help = "Report per card how the deck wins with and without it (95% intervals); --swap OLD=NEW compares a swap."

    def add_arguments(self, parser):
        parser.add_argument("game", help=f"the game's slug ({', '.join(GAMES)})")
        parser.add_argument("deckfile", help="a decklist text file, or - for standard input")
        parser.add_argument("--games", type=int, default=1000)
        parser.add_argument("--seed", type=int, default=1)
        parser.add_argument("--turn-cap", type=int, default=DEFAULT_TURN_CAP)
        parser.add_argument("--by-turn", type=int, default=None, help="T of 'won by turn T' (default: the median win turn)")
        parser.add_argument("--swap", default=None, metavar="OLD=NEW", help="replace every copy of OLD by NEW and compare")
        parser.add_argument("--regulation", default=None, help="a regulation code (default: the game's default)")
        parser.add_argument("--json", action="store_true", help="print the report as JSON")
        parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE", help="a start option of the game")

    def handle(self, *args, game, deckfile, games, seed, turn_cap, by_turn, swap, regulation, json: bool, option, **options):
        with translation.override(cli_language()):  # the decklist's messages in the shell's language
            self._handle(game, deckfile, games, seed, turn_cap, by_turn, swap, regulation, json, option)

    def _handle(self, game, deckfile, games, seed, turn_cap, by_turn, swap, regulation, json: bool, option):
        try:
            check_params(games, seed, turn_cap)
        except SimulationError as exc:
            name, _sep, rest = str(exc).partition(":")
            raise CommandError(f"{OPTION_NAMES.get(name, name)}:{rest}") from None
        if by_turn is not None and not 1 <= by_turn <= 200:
            raise CommandError(f"--by-turn: a whole number from 1 to 200, not {by_turn}")
        check_game(game)
        start_options = parse_options(game, option)
        rules, decks = read_decks(game, deckfile, regulation)
        pair = _swap_pair(swap, game, rules) if swap is not None else None
        try:
            if pair is None:
                result = card_report(game, decks, games, seed, turn_cap, start_options, by_turn)
            else:
                (old_id, old_name), (_new_id, _new_name, new_card) = pair
                if not any(str(c.get("key")) == old_id for c in decks[0]):
                    raise CommandError(f"--swap: {old_name!r} is not in the deck")
                result = swap_report(game, decks, old_id, new_card, games, seed, turn_cap, start_options, by_turn)
        except (IllegalAction, ReportError, SimulationError) as exc:
            raise CommandError(f"deck: {exc}") from None
        if json:
            self.stdout.write(_dumps(result))
        elif pair is None:
            self.stdout.write(report_text(result, game))
        else:
            self.stdout.write(report_text(result["base"], game) + "\n\n" + swap_text(result["changes"]))


def _one_card(game: str, rules, name: str, which: str) -> tuple[str, str, dict]:
    """A card of the game named as a decklist line names it: (its key, its name, its engine card)."""
    name = name.strip()
    if not name:
        raise CommandError(f"--swap: {which} names no card (OLD=NEW)")
    try:
        sections = decklist_sections(game, rules, f"1 {name}")
    except DeckInputError as exc:
        detail = "; ".join(m.split(":", 1)[-1].strip() for m in exc.messages)
        raise CommandError(f"--swap: {which} {name!r} is not a card of {game} ({detail})") from None
    ids = [int(card_id) for entries in sections.values() for card_id in entries]
    found = Card.objects.filter(pk__in=ids).first()
    if found is None:
        raise CommandError(f"--swap: {which} {name!r} is not a card of {game}")
    card = engine_card(found)
    return card["key"], found.name, card


def _swap_pair(swap: str, game: str, rules):
    old, sep, new = swap.partition("=")
    if not sep:
        raise CommandError(f"--swap: {swap!r} is not OLD=NEW (two card names)")
    old_key, old_name, _card = _one_card(game, rules, old, "OLD")
    new = _one_card(game, rules, new, "NEW")
    return (old_key, old_name), new


def _dumps(result: dict) -> str:
    return json.dumps(result, ensure_ascii=False, indent=1)


def _pct(x, width: int = 6) -> str:
    return ("–" if x is None else f"{100 * x:.1f}%").rjust(width)


def _num(x, width: int = 5) -> str:
    return ("–" if x is None else f"{x:.2f}").rjust(width)


def _pp(d: dict | None) -> str:
    """A difference of shares in percentage points with its interval, * when significant."""
    if d is None:
        return "–".rjust(24)
    mark = "*" if d["significant"] else " "
    return f"{100 * d['diff']:+6.1f} [{100 * d['low']:+6.1f},{100 * d['high']:+6.1f}]{mark}"


def _turns(d: dict | None) -> str:
    if d is None:
        return "–".rjust(24)
    mark = "*" if d["significant"] else " "
    return f"{d['diff']:+6.2f} [{d['low']:+6.2f},{d['high']:+6.2f}]{mark}"


def report_text(r: dict, game: str) -> str:
    t, early = r["by_turn"], r["early_turn"]
    deck = r["deck"]
    lines = [
        f"{game}: {r['games']} games, turn cap {r['turn_cap']}; won by turn {t}: {_pct(deck['share']).strip()} "
        f"(95% {_pct(deck['interval'][0]).strip()}–{_pct(deck['interval'][1]).strip()}); "
        f"mean win turn {_num(deck['mean']).strip()}; median {r['median'] if r['median'] is not None else '–'}",
        f"impact: share won by turn {t} when the card was drawn by turn {early} minus when it was not "
        f"(percentage points, 95% interval, * significant)",
        "",
        f"{_column('card', 24)} copies {'impact'.ljust(24)} {f'won≤{t} drawn/not'.ljust(15)} mean turn drawn/not  "
        f"{f'won≤{t} opening/not'.ljust(16)} stuck  plays",
    ]
    for row in r["cards"]:
        e, o = row["early"], row["opening"]
        lines.append(
            f"{_column(row['name'], 24)} {row['copies']:>6} {_pp(row['early']['share_diff'])} "
            f"{_pct(e['with']['share'])}/{_pct(e['without']['share'])}  "
            f"{_num(e['with']['mean'])}/{_num(e['without']['mean'])}         "
            f"{_pct(o['with']['share'])}/{_pct(o['without']['share'])} {_pct(row['stuck'])} {_pct(row['play_share'])}"
        )
    return "\n".join(lines)


def swap_text(c: dict) -> str:
    deck = c["deck"]
    old = next((row for row in c["cards"] if row["swapped"]), None)
    title = f"{old['name']} → {old['new_name']}" if old else f"{c['old']} → {c['new']}"
    lines = [
        f"swap {title}: the same {c['games']} seeds; differences swapped minus original (95% interval, * significant)",
        f"  won by turn {c['by_turn']}: {_pp(deck['share'])} points   mean win turn: {_turns(deck['mean'])}",
        "",
        f"{_column('card', 30)} {'impact (points)'.ljust(25)} {'won, drawn by 3 (points)'.ljust(25)} "
        f"{'mean turn, drawn'.ljust(25)} {'stuck (points)'.ljust(25)} play share (points)",
    ]
    for row in c["cards"]:
        name = f"{row['name']} → {row['new_name']}" if row["swapped"] else row["name"]
        lines.append(
            f"{_column(name, 30)} {_pp(row['impact'])} {_pp(row['share_with'])} {_turns(row['mean_with'])} "
            f"{_pp(row['stuck'])} {_pp(row['play_share'])}"
        )
    return "\n".join(lines)

