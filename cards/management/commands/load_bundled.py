from django.core.management.base import BaseCommand

from cards.services import load_bundled


class Command(BaseCommand):
    help = "Load the bundled card data (seed cards and sample sets). Idempotent: a second run changes nothing."

    def handle(self, *args, **options):
        for report in load_bundled():
            self.stdout.write(f"{report.game}: {report.summary()}")
