"""Write the whole site (cards, regulations, users, decks, pools, goldfish games, simulations …) to one file."""

from django.core.management.base import BaseCommand

from backup.services import export_site


class Command(BaseCommand):
    help = (
        "Back up every row of the site (and its media files, base64) to FILE as JSON lines; "
        "gzip when FILE ends in .gz. Load it with import_site."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", help="where to write, e.g. site-2026-01-01.jsonl.gz")
        parser.add_argument(
            "--no-media", action="store_true", help="do not embed the media files (copy MEDIA_ROOT yourself)"
        )

    def handle(self, *args, file, no_media=False, **options):
        counts = export_site(file, media=not no_media, using=options.get("database") or "default",
                             warn=lambda text: self.stderr.write(self.style.WARNING(text)))
        files = counts.pop("files")
        if options["verbosity"] >= 1:
            self.stdout.write(f"Wrote {sum(counts.values())} rows of {len(counts)} models and {files} media files to {file}.")
