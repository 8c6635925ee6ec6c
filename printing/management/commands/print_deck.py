from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from cards.i18n import cli_language
from cards.models import Game
from decks import selectors, services
from printing.services import grouped_print_cards, render_cards, section_groups
from printing.sheets import CARD_SIZES, PAPERS, PrintOptionError, PrintOptions, game_card_size, layout, parse_size


class Command(BaseCommand):
    help = "Print a decklist as a print-and-play PDF (faces drawn from the card data, true to size at 100%)."

    def add_arguments(self, parser):
        parser.add_argument("file", help="Decklist text file (UTF-8), or - for standard input.")
        parser.add_argument("--game", required=True)
        parser.add_argument("-o", "--output", required=True, help="The PDF to write.")
        parser.add_argument("--regulation", help="Regulation code (sections for the decklist); default: the game's.")
        parser.add_argument("--card-size", help=f"{' | '.join(CARD_SIZES)} | WxH in mm (default: the game's)")
        parser.add_argument("--paper", default="A4", choices=list(PAPERS))
        parser.add_argument("--bleed", type=float, default=0.0, help="0 to 3 mm")
        parser.add_argument("--gutter", type=float, default=0.0, help="space between cards, mm")
        parser.add_argument("--crop-marks", action="store_true", help="marks outside the cards on every cut line")
        parser.add_argument("--cut-lines", action="store_true", help="full cut lines across the page")
        parser.add_argument("--backs", choices=["long", "short"], help="add backs for duplex, flipped on this edge")
        parser.add_argument("--offset", default="0,0", help="X,Y in mm: a correction applied to the backs (read it off the alignment sheet)")
        parser.add_argument("--one-each", action="store_true", help="one copy of each card in the list")

    def handle(self, *args, file, game, output, regulation=None, card_size=None, paper="A4", bleed=0.0, gutter=0.0,
               crop_marks=False, cut_lines=False, backs=None, offset="0,0", one_each=False, **options):
        if not Game.objects.filter(slug=game).exists():
            raise CommandError(f"unknown game {game!r} (known: {' '.join(Game.objects.values_list('slug', flat=True))})")
        chosen = selectors.regulation_for(game, regulation)
        if chosen is None:
            raise CommandError(f"unknown regulation {regulation!r} for {game}")
        try:
            text = Path(file).read_text(encoding="utf-8-sig") if file != "-" else __import__("sys").stdin.read()
        except (OSError, UnicodeDecodeError) as exc:
            raise CommandError(f"{file}: {exc}") from None
        try:
            w, h = parse_size(card_size or game_card_size(game))
            ox, oy = (float(v) for v in offset.split(","))
        except PrintOptionError as exc:
            raise CommandError(str(exc)) from None
        except ValueError:
            raise CommandError(f"--offset {offset!r}: expected X,Y in millimetres, e.g. 0.5,-0.3") from None
        try:
            print_options = PrintOptions(
                card_w=w, card_h=h, paper=paper, bleed=bleed, gutter=gutter,
                marks="cut" if cut_lines else ("crop" if crop_marks else "none"),
                backs=backs or "none", offset_x=ox, offset_y=oy,
            )
            layout(print_options)
        except PrintOptionError as exc:
            raise CommandError(str(exc)) from None
        try:
            sections = services.decklist_sections(game, chosen, text)
        except services.DeckInputError as exc:
            for line in exc.lines or [{"message": m} for m in exc.messages]:
                self.stderr.write(f"{file}: {line['message']}")
            raise SystemExit(2) from None
        # each section of the deck (in its format's order) on sheets of its own, named on them
        items = grouped_print_cards(game, section_groups(chosen, sections, cli_language()), one_each=one_each)
        pdf = render_cards(game, items, print_options, title=Path(file).stem)
        Path(output).write_bytes(pdf)
        copies = sum(i.copies for i in items)
        self.stdout.write(f"{output}: {copies} cards ({len(items)} distinct), {len(pdf) / 1024:.0f} KB")
