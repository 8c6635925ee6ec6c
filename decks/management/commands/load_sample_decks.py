from django.core.management.base import BaseCommand

from decks.services import load_sample_decks


class Command(BaseCommand):
    help = "Load the bundled public sample decks and pools (decks/bundled/samples.json). Idempotent."

    def handle(self, *args, **options):
        loaded = load_sample_decks()
        self.stdout.write("\n".join(loaded) if loaded else "sample decks: nothing new")
