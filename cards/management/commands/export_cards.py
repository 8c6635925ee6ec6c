from django.core.management.base import BaseCommand, CommandError

from cards.io import FORMATS
from cards.services import export_cards
from rules.declare import GAMES


class Command(BaseCommand):
    help = "Export a game's cards as JSON or CSV (the import format; export -> import -> export is identical)."

    def add_arguments(self, parser):
        parser.add_argument("game", choices=list(GAMES))
        parser.add_argument("--format", choices=FORMATS, default="json")
        parser.add_argument("-o", "--output", help="file to write (default: standard output)")

    def handle(self, *args, game, format, output=None, **options):
        data = export_cards(game=game, fmt=format)
        if output in (None, "-"):
            self.stdout.write(data.decode("utf-8"), ending="")
            return
        try:
            with open(output, "wb") as fh:
                fh.write(data)
        except OSError as exc:
            raise CommandError(f"{output}: {exc.strerror}") from None
        self.stdout.write(f"wrote {output}")
