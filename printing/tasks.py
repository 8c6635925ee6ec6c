"""Background print jobs: run by a worker (`manage.py db_worker`), never in the web request. Their
lifecycle (claimed once, heartbeat, done or failed, recovered when a worker dies) is jobs.services.run's."""

from django.core.files.base import ContentFile
from django.db.models import F
from django_tasks import task

from jobs.services import run

from .models import PrintJob
from .queueing import register_export_task, register_face_task, register_render_task
from .services import draw_faces, export_job_zip, export_progress, grouped_print_cards, print_cards, render_cards
from .sheets import PrintOptions

PROGRESS_EVERY = 9  # cards between progress writes (one sheet of 3×3)


def _make_pdf(job: PrintJob) -> dict:
    if job.groups:  # a deck's sections, each on sheets of its own
        items = grouped_print_cards(job.game_id, job.groups)
    else:
        items = print_cards(job.game_id, {int(k): v for k, v in job.counts.items()})
    last = [0]

    def progress(done, total):
        if done - last[0] >= PROGRESS_EVERY or done == total:
            last[0] = done
            PrintJob.objects.filter(pk=job.pk, status=PrintJob.Status.RUNNING).update(done=done, total=total)

    pdf = render_cards(job.game_id, items, PrintOptions(**job.options), title=job.title, progress=progress)
    job.file.save(f"{job.token}.pdf", ContentFile(pdf), save=False)
    return {"file": job.file.name, "done": F("total")}


def _make_zip(job: PrintJob) -> dict:
    data = export_job_zip(job, export_progress(job.pk, job.total))
    job.file.save(f"{job.token}.zip", ContentFile(data), save=False)
    return {"file": job.file.name, "done": F("total")}


@register_render_task
@task()
def render_print_job(job_id: int) -> None:
    run(PrintJob, job_id, _make_pdf)


@register_export_task
@task()
def render_export_job(job_id: int) -> None:
    """Make an export's zip (TTS, Cockatrice or print-shop images) for a deck, pool or set too big for a request."""
    run(PrintJob, job_id, _make_zip)


@register_face_task
@task(priority=-50)  # behind what a player waits for (simulations, print jobs): the worker takes those first
def draw_faces_ahead(card_ids: list[int]) -> int:
    """Draw the faces of these cards that are not cached yet (printing.services.queue_face_drawing queues it
    when cards are created, edited or imported), so nobody waits for a face drawn on first view."""
    return draw_faces(card_ids)
