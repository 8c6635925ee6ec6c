from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.utils import translation

from cards.i18n import cli_language
from cards.io import FORMATS, CardFileError, import_limit_bytes, load_mapping
from cards.services import import_cards
from rules.declare import GAMES


class Command(BaseCommand):
    help = (
        "Import cards from a CSV or JSON file. Upserts by (game, number), else by name. "
        "All or nothing: any bad row is reported with its row number and field, and nothing is written."
    )

    def add_arguments(self, parser):
        parser.add_argument("game", choices=list(GAMES))
        parser.add_argument("file")
        parser.add_argument("--format", choices=FORMATS, help="default: from the file name, else the content")
        parser.add_argument("--mapping", help="column mapping: a built-in name (e.g. kannagi-fanlist) or a JSON file")
        parser.add_argument("--dry-run", action="store_true", help="check and report, write nothing")
        parser.add_argument(
            "--skip-invalid",
            action="store_true",
            help="write the good rows (in one transaction) and report the bad ones as skipped",
        )

    def handle(self, *args, **options):
        with translation.override(cli_language()):
            return self._import(**options)

    def _import(self, *, game, file, format=None, mapping=None, dry_run=False, skip_invalid=False, **options):
        path = Path(file)
        try:
            if path.stat().st_size > import_limit_bytes():
                raise CommandError(f"{file}: larger than {settings.CARD_IMPORT_MAX_MB} MB")
            data = path.read_bytes()
        except OSError as exc:
            raise CommandError(f"{file}: {exc.strerror}") from None
        try:
            report = import_cards(
                game=game,
                data=data,
                fmt=format,
                filename=path.name,
                mapping=load_mapping(mapping) if mapping else None,
                dry_run=dry_run,
                skip_invalid=skip_invalid,
            )
        except CardFileError as exc:
            raise CommandError(f"{file}: {exc}") from None
        for error in report.errors:
            self.stderr.write(f"{file}: {error}")
        self.stdout.write(report.summary())
        if report.errors and not skip_invalid:
            raise CommandError(f"{file}: {len(report.errors)} problem(s); nothing was written")
