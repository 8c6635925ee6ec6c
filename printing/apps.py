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
            from rules.games import GAMES

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
