from django.apps import AppConfig
from django.db.models.signals import post_migrate, post_save
from django.utils.translation import gettext_lazy as _


class PrintingConfig(AppConfig):
    name = "printing"
    verbose_name = _("Printing")

    def ready(self):
        from jobs.services import register

        from . import tasks  # noqa: F401  (registers the print job task with printing.queueing)
        from .models import PrintJob
        from .queueing import export_task, render_task

        # One job kind, two tasks: an export's zip, or a PDF.
        register(PrintJob, lambda job: export_task() if job is not None and job.export_format else render_task())

        def after_migrate(sender, **kwargs):
            from django.contrib.auth.models import Group, Permission

            from cards.models import editor_group_name
            from rules.declare import GAMES

            perms = list(Permission.objects.filter(content_type__app_label="printing", codename__endswith="_cardback"))
            for slug in GAMES:
                group, _created = Group.objects.get_or_create(name=editor_group_name(slug))
                group.permissions.add(*perms)

        post_migrate.connect(after_migrate, sender=self, weak=False)

        # Faces drawn ahead of time: whatever tells cards.faces that cards changed (an import) queues their
        # drawing, and so does every Card saved one by one (an edit changes its face key, a new card has none).
        from cards.faces import faces_changed, when_faces_change
        from cards.models import Card

        from .services import queue_face_drawing

        when_faces_change(queue_face_drawing)

        def card_saved(sender, instance, raw=False, **kwargs):
            if not raw:  # not while loading fixtures
                faces_changed([instance.pk])

        post_save.connect(card_saved, sender=Card, weak=False, dispatch_uid="printing.faces_ahead")

        # Uploaded images: their print copy (cards.images.print_copy, at 300 dpi of the game's card with its
        # bleed) is made once the upload is committed, so that no print or export decodes the original.
        from django.db import transaction

        from .models import CardBack

        def image_saved(sender, instance, raw=False, **kwargs):
            if raw or not instance.image:
                return
            transaction.on_commit(lambda: make_print_copy(instance.game_id, instance.image.path))

        post_save.connect(image_saved, sender=Card, weak=False, dispatch_uid="printing.print_copy")
        post_save.connect(image_saved, sender=CardBack, weak=False, dispatch_uid="printing.back_print_copy")


def make_print_copy(game_slug: str, path: str) -> None:
    from PIL import UnidentifiedImageError

    from cards.images import print_copy
    from rules.declare import get_game

    from .exports import print_size
    from .faces import default_card_size
    from .sheets import parse_size

    try:
        print_copy(path, print_size(*parse_size(default_card_size(get_game(game_slug))))[1])
    except (OSError, UnidentifiedImageError, ValueError, LookupError):
        pass  # an unreadable image is printed as the drawn face; the print says so itself
