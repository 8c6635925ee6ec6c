"""Load a backup written by export_site into an empty (freshly migrated) site database."""

from django.core.management.base import BaseCommand, CommandError

from backup.services import BackupError, import_site


class Command(BaseCommand):
    help = (
        "Load FILE (from export_site) into an empty, freshly migrated database: all or nothing. "
        "Refused when the database already holds users, cards, decks …"
    )

    def add_arguments(self, parser):
        parser.add_argument("file")

    def handle(self, *args, file, **options):
        try:
            counts = import_site(file)
        except BackupError as exc:
            raise CommandError(f"import_site: {exc}. Nothing was changed.") from None
        files = counts.pop("files")
        if options["verbosity"] >= 1:
            self.stdout.write(f"Loaded {sum(counts.values())} rows of {len(counts)} models and {files} media files from {file}.")
