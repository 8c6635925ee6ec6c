from django.core.management.base import BaseCommand

from cards.models import Card
from printing.services import FACES_PER_TASK, draw_faces, queue_face_drawing


class Command(BaseCommand):
    help = ("Draw the cards' faces that are not cached yet (the images the site shows for cards without an "
            "uploaded image), now or, with --queue, in the task worker.")

    def add_arguments(self, parser):
        parser.add_argument("--game", action="append", help="only this game's cards (repeatable); default: every game")
        parser.add_argument("--queue", action="store_true", help="queue the drawing for `manage.py db_worker` instead")

    def handle(self, *args, game=None, queue=False, **options):
        cards = Card.objects.order_by("pk")
        if game:
            cards = cards.filter(game_id__in=game)
        ids = list(cards.values_list("pk", flat=True))
        if queue:
            queue_face_drawing(ids)
            self.stdout.write(f"queued the faces of {len(ids)} cards")
            return
        drawn = 0
        for start in range(0, len(ids), FACES_PER_TASK):
            drawn += draw_faces(ids[start:start + FACES_PER_TASK])
        self.stdout.write(f"drew {drawn} face images for {len(ids)} cards")
