from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.utils import translation

from cards.i18n import cli_language
from cards.models import Game
from decks import selectors, services
from decks.presenters import validation_payload
from rules.declare import GAMES


class Command(BaseCommand):
    help = (
        "Check a decklist file against a game's construction rules. Prints each violation and exits 1 when "
        "the deck is not legal; lines that cannot be read are listed and the deck is checked without them, "
        "exiting 2 (also when the file cannot be read)."
    )

    def add_arguments(self, parser):
        parser.add_argument("game", help="Game slug: " + " ".join(GAMES))
        parser.add_argument("file", help="Decklist text file (UTF-8), or - for standard input.")
        parser.add_argument("--regulation", help="Regulation code or name (default: the game's default).")

    def handle(self, *args, game, file, regulation=None, **options):
        translation.activate(cli_language())
        if not Game.objects.filter(slug=game).exists():
            raise CommandError(f"unknown game {game!r} (known: {' '.join(Game.objects.values_list('slug', flat=True))})")
        chosen = selectors.regulation_for(game, regulation)
        if chosen is None:
            codes = " ".join(selectors.regulations_for(game).values_list("code", flat=True))
            raise CommandError(f"unknown regulation {regulation!r} for {game} (known: {codes})")
        try:
            if file == "-":
                import sys

                text = sys.stdin.read()
            else:
                text = Path(file).read_text(encoding="utf-8-sig")
        except (OSError, UnicodeDecodeError) as exc:
            raise CommandError(f"{file}: {exc}") from None
        reading = services.read_decklist(game, chosen, text)
        for line in (*reading.unread, *reading.warnings):
            hint = f" (did you mean: {', '.join(line['suggestions'])})" if line.get("suggestions") else ""
            self.stderr.write(f"{file}: {line['message']}{hint}")
        result = validation_payload(game, chosen, reading.sections, params={})
        counts = ", ".join(f"{s['label']} {s['count']}" for s in result["sections"])
        self.stdout.write(f"{chosen.name} · {counts}")
        if reading.unread:
            self.stdout.write(f"{len(reading.unread)} line(s) not read; checked without them")
        if result["legal"]:
            self.stdout.write(self.style.SUCCESS("legal"))
            if reading.unread:
                raise SystemExit(2)
            return
        names = {e["card"]: e["name"] for s in result["sections"] for e in s["entries"]}
        for v in result["violations"]:
            cards = ", ".join(dict.fromkeys(names.get(c, str(c)) for c in v["cards"]))
            self.stdout.write(f"✘ [{v['code']}] {v['message']}" + (f" — {cards}" if cards else ""))
        self.stdout.write(self.style.ERROR(f"not legal: {len(result['violations'])} violation(s)"))
        raise SystemExit(2 if reading.unread else 1)
