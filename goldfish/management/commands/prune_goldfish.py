from django.core.management.base import BaseCommand

from goldfish.services import PRUNE_AFTER_DAYS, prune_sessions


class Command(BaseCommand):
    help = "Delete anonymous goldfish games untouched for a while (games of an account are kept)."

    def add_arguments(self, parser):
        parser.add_argument("--days", type=int, default=PRUNE_AFTER_DAYS, help=f"Age in days (default {PRUNE_AFTER_DAYS}).")

    def handle(self, *args, days, **options):
        deleted = prune_sessions(days=days)
        self.stdout.write(f"goldfish: {deleted} anonymous game(s) older than {days} days deleted")
