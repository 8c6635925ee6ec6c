"""One lifecycle for every background job: queued → running → done | failed.

A job kind is a model that inherits Job (printing.PrintJob, goldfish.SimulationChunk, goldfish.CardReportPiece,
goldfish.MatchupPiece) and registers itself with jobs.services.register; jobs.services moves it through its states, the worker's
heartbeat thread touches `heartbeat_at` while it runs, and the worker's sweep queues again (at most
MAX_ATTEMPTS runs in all) or fails a job whose heartbeat stopped. This app imports nothing of the project's.
"""

from django.db import models
from django.utils.translation import gettext_lazy as _


class JobStatus(models.TextChoices):
    QUEUED = "queued", _("Queued")
    RUNNING = "running", _("Running")
    DONE = "done", _("Done")
    FAILED = "failed", _("Failed")


# The error a job is failed with when its worker stopped too often (the pages say so in the user's language).
WORKER_LOST = "worker lost"


class Job(models.Model):
    Status = JobStatus

    status = models.CharField(_("status"), max_length=10, choices=JobStatus.choices, default=JobStatus.QUEUED, db_index=True)
    # Who the job is for ("u:<user id>", "v:<visitor key digest>"; "" for nobody): the fair queue's key.
    owner_tag = models.CharField(_("queued for"), max_length=72, blank=True, default="", db_index=True)
    attempts = models.PositiveSmallIntegerField(_("runs started"), default=0)
    heartbeat_at = models.DateTimeField(_("last heartbeat"), null=True, blank=True)
    worker_id = models.CharField(_("worker"), max_length=64, blank=True, default="")
    task_id = models.CharField(_("task"), max_length=64, blank=True, default="")  # its django-tasks result
    error = models.TextField(_("error"), blank=True)  # for the operator; the pages say it in the user's words
    finished_at = models.DateTimeField(_("finished at"), null=True, blank=True)

    class Meta:
        abstract = True

    @property
    def finished(self) -> bool:
        return self.status in (JobStatus.DONE, JobStatus.FAILED)

    @property
    def worker_lost(self) -> bool:
        """Failed because its worker stopped in the middle of it, again and again (not by its own fault)."""
        return self.status == JobStatus.FAILED and self.error == WORKER_LOST


class WorkerBeat(models.Model):
    """A task worker that is alive: its heartbeat thread writes `beat_at` every few seconds. A task row
    left RUNNING by a worker whose beat stopped is marked failed by the sweep."""

    worker_id = models.CharField(_("worker"), max_length=64, primary_key=True)
    beat_at = models.DateTimeField(_("last heartbeat"))
    started_at = models.DateTimeField(_("started at"))
    pid = models.PositiveIntegerField(_("process id"), default=0)
    host = models.CharField(_("host"), max_length=200, blank=True, default="")

    class Meta:
        verbose_name = _("task worker")
        verbose_name_plural = _("task workers")

    def __str__(self):
        return f"{self.worker_id} ({self.host}:{self.pid})"
