"""Print each game's rules ledger: every non-empty line of its seed, and how the product handles it.

    python manage.py rules_ledger              # a table per game, then the coverage of each
    python manage.py rules_ledger kannagi      # one game
    python manage.py rules_ledger --json       # {"games": {slug: {"seed", "rows", "coverage"}}}
"""

from __future__ import annotations

import json

from django.core.management.base import BaseCommand, CommandError

from rules.declare import GAMES
from rules.declare.ledger import LedgerError

MARKS = {"automated": "auto", "option": "option", "manual": "manual", "not_rule": "-"}


class Command(BaseCommand):
    help = "Print the rules ledger of every game (or one): each seed line with automated / option / manual."

    def add_arguments(self, parser):
        parser.add_argument("game", nargs="?", help="a game's slug: " + ", ".join(GAMES))
        parser.add_argument("--json", action="store_true", help="print the ledgers as JSON")

    def handle(self, *args, game=None, json: bool = False, **options):
        if game is not None and game not in GAMES:
            raise CommandError(f"game: {game!r} is not a game; known: {', '.join(GAMES)}")
        ledgers = {}
        for slug in [game] if game else list(GAMES):
            try:
                ledger = GAMES[slug].ledger
            except LedgerError as exc:
                raise CommandError(f"{slug}: {exc}") from None
            if ledger is not None:
                ledgers[slug] = ledger
        if json:
            self.stdout.write(_dumps({"games": {slug: ledger.to_data() for slug, ledger in ledgers.items()}}))
            return
        for slug, ledger in ledgers.items():
            self.stdout.write(f"== {slug} ({ledger.seed})")
            for row in ledger.rows:
                detail = {"automated": ", ".join(row.tests), "option": f"{row.option}: {row.reason}" if row.reason else row.option, "manual": row.manual_en,
                          "not_rule": row.reason}[row.status]
                self.stdout.write(f"{row.line:>4} {MARKS[row.status]:<7} {row.quote[:40]:<40}  {detail}")
            self.stdout.write("")
        self.stdout.write("game        rule lines  automated  option  manual  covered")
        for slug, ledger in ledgers.items():
            c = ledger.coverage()
            self.stdout.write(f"{slug:<11} {c['rules']:>10} {c['automated']:>10} {c['option']:>7} {c['manual']:>7}  {100 * c['share']:6.1f}%")


def _dumps(data) -> str:
    return json.dumps(data, ensure_ascii=False, indent=1)
