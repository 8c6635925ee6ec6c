"""Background print jobs: run by a worker (`manage.py db_worker`), never in the web request."""

from django.core.files.base import ContentFile
from django.utils import timezone
from django_tasks import task

from .models import PrintJob
from .queueing import register_export_task, register_face_task, register_render_task
from .services import draw_faces, export_job_zip, export_progress, grouped_print_cards, print_cards, render_cards
from .sheets import PrintOptions

PROGRESS_EVERY = 9  # cards between progress writes (one sheet of 3×3)


@register_render_task
@task()
def render_print_job(job_id: int) -> None:
    job = PrintJob.objects.get(pk=job_id)
    PrintJob.objects.filter(pk=job_id).update(status=PrintJob.Status.RUNNING)
    try:
        if job.groups:  # a deck's sections, each on sheets of its own
            items = grouped_print_cards(job.game_id, job.groups)
        else:
            items = print_cards(job.game_id, {int(k): v for k, v in job.counts.items()})
        last = [0]

        def progress(done, total):
            if done - last[0] >= PROGRESS_EVERY or done == total:
                last[0] = done
                PrintJob.objects.filter(pk=job_id).update(done=done, total=total)

        pdf = render_cards(job.game_id, items, PrintOptions(**job.options), title=job.title, progress=progress)
        job.refresh_from_db()
        job.file.save(f"{job.token}.pdf", ContentFile(pdf), save=False)
        job.status, job.finished_at, job.done = PrintJob.Status.DONE, timezone.now(), job.total
        job.save(update_fields=["file", "status", "finished_at", "done"])
    except BaseException as exc:  # also a stopped worker: the job never stays "running" for ever
        PrintJob.objects.filter(pk=job_id).update(status=PrintJob.Status.FAILED, error=repr(exc)[:2000], finished_at=timezone.now())
        raise


@register_export_task
@task()
def render_export_job(job_id: int) -> None:
    """Make an export's zip (TTS, Cockatrice or print-shop images) for a deck, pool or set too big for a request."""
    job = PrintJob.objects.get(pk=job_id)
    PrintJob.objects.filter(pk=job_id).update(status=PrintJob.Status.RUNNING)
    try:
        data = export_job_zip(job, export_progress(job_id, job.total))
        job.refresh_from_db()
        job.file.save(f"{job.token}.zip", ContentFile(data), save=False)
        job.status, job.finished_at, job.done = PrintJob.Status.DONE, timezone.now(), job.total
        job.save(update_fields=["file", "status", "finished_at", "done"])
    except BaseException as exc:  # also a stopped worker: the job never stays "running" for ever
        PrintJob.objects.filter(pk=job_id).update(status=PrintJob.Status.FAILED, error=repr(exc)[:2000], finished_at=timezone.now())
        raise


@register_face_task
@task(priority=-50)  # behind what a player waits for (simulations, print jobs): the worker takes those first
def draw_faces_ahead(card_ids: list[int]) -> int:
    """Draw the faces of these cards that are not cached yet (printing.services.queue_face_drawing queues it
    when cards are created, edited or imported), so nobody waits for a face drawn on first view."""
    return draw_faces(card_ids)
