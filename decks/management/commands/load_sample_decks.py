from django.core.management.base import BaseCommand

from decks.services import load_sample_decks


class Command(BaseCommand):
    help = "Load the public sample decks and pools each game ships (rules/games/<slug>/samples.json). Idempotent."

    def handle(self, *args, **options):
        loaded = load_sample_decks()
        self.stdout.write("\n".join(loaded) if loaded else "sample decks: nothing new")
