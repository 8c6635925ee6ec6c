import sys
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.utils import timezone, translation

from cards.i18n import cli_language
from cards.models import Game
from decks import selectors, services
from printing.exports import FORMATS, export_files, zip_bytes
from printing.services import export_of, section_groups, with_basic_cards
from printing.sheets import CARD_SIZES, PrintOptionError


class Command(BaseCommand):
    help = (
        "Export a decklist for Tabletop Simulator (saved object JSON, face sheets, back), Cockatrice (card "
        "database, .cod deck, pictures) or a print shop (one 300 dpi PNG per card with 1/8 inch bleed, "
        "copies.csv), as a zip. Lines that cannot be read are listed and nothing is written (exit 2)."
    )

    def add_arguments(self, parser):
        parser.add_argument("game", help="Game slug.")
        parser.add_argument("file", help="Decklist text file (UTF-8), or - for standard input.")
        parser.add_argument("--format", required=True, choices=FORMATS, dest="fmt")
        parser.add_argument("-o", "--output", required=True, help="The zip to write.")
        parser.add_argument("--regulation", help="Regulation code or name (sections for the decklist); default: the game's.")
        parser.add_argument("--base-url", default="", help="TTS: put this before the sheets' file names in the JSON (where you host them).")
        parser.add_argument("--card-size", help=f"{' | '.join(CARD_SIZES)} | WxH in mm (default: the game's)")

    def handle(self, *args, **options):
        with translation.override(cli_language()):  # messages and section names in the shell's language
            self._handle(**options)

    def _handle(self, *, game, file, fmt, output, regulation=None, base_url="", card_size=None, **options):
        if not Game.objects.filter(slug=game).exists():
            raise CommandError(f"unknown game {game!r} (known: {' '.join(Game.objects.values_list('slug', flat=True))})")
        chosen = selectors.regulation_for(game, regulation)
        if chosen is None:
            codes = " ".join(selectors.regulations_for(game).values_list("code", flat=True))
            raise CommandError(f"unknown regulation {regulation!r} for {game} (known: {codes})")
        try:
            text = sys.stdin.read() if file == "-" else Path(file).read_text(encoding="utf-8-sig")
        except (OSError, UnicodeDecodeError) as exc:
            raise CommandError(f"{file}: {exc}") from None
        try:
            sections = services.decklist_sections(game, chosen, text)
        except services.DeckInputError as exc:
            for line in exc.lines or [{"message": m} for m in exc.messages]:
                hint = f" (did you mean: {', '.join(line['suggestions'])})" if line.get("suggestions") else ""
                self.stderr.write(f"{file}: {line['message']}{hint}")
            raise SystemExit(2) from None
        if not any(sections.values()):
            raise CommandError(f"{file}: no cards in the decklist")
        title = Path(file).stem if file != "-" else "deck"
        try:
            groups = with_basic_cards(game, chosen, section_groups(chosen, sections, cli_language()))
            export = export_of(game, groups, title, card_size)
        except PrintOptionError as exc:
            raise CommandError(str(exc)) from None
        files = export_files(export, fmt, base_url=base_url, created=timezone.now().isoformat(timespec="seconds"))
        data = zip_bytes(files)
        try:
            Path(output).write_bytes(data)
        except OSError as exc:
            raise CommandError(f"{output}: {exc}") from None
        copies = sum(i.copies for i in export.items)
        self.stdout.write(
            f"{output}: {fmt}, {len(files)} files, {copies} cards ({len(export.distinct())} distinct), {len(data) / 1024:.0f} KB"
        )
