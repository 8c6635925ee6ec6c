"""The lifecycle of every background job, written once: queue, claim, heartbeat, finish, fail, sweep.

A job kind (a model inheriting jobs.models.Job) registers itself with `register` (printing and goldfish do
in their AppConfig.ready): its model, the task that runs one job (its only argument: the job's id) and what
to do when a job fails (e.g. fail the simulation a piece belongs to). Then:

- `enqueue(jobs)` queues their tasks, fairly: a task's priority is computed from how many jobs its owner
  has waiting already, so the worker takes one account's first job, then another's, before anybody's
  second (django-tasks orders by priority, then by time).
- the task calls `run(Model, pk, body)`: the job is claimed (queued → running, once: a duplicate task does
  nothing), `body(job)` does the work and returns the fields to store with "done"; an exception fails the
  job (running → failed), a worker being stopped (SIGTERM, Ctrl+C) puts it back in the queue, and a lost
  database leaves it to the sweep.
- while it runs, the worker's heartbeat thread (jobs.worker.Heartbeat) touches `heartbeat_at` every
  JOBS_HEARTBEAT_SECONDS on its own connection, however long one call of the job takes (one long PDF).
- `sweep()`, run by every worker every JOBS_SWEEP_SECONDS, queues again a running job whose heartbeat is
  older than JOBS_STALLED_AFTER_SECONDS (its worker was killed), at most MAX_ATTEMPTS runs in all, then fails
  it with WORKER_LOST; it queues again a job whose task row was lost, and marks failed the task rows
  (django_tasks_db) that a dead worker left RUNNING. Never a page view: the API and the pages read the same
  row.
"""

from __future__ import annotations

import logging
import threading
import uuid
from dataclasses import dataclass
from datetime import timedelta

from django.conf import settings
from django.db import InterfaceError, OperationalError, transaction
from django.db.models import F
from django.utils import timezone

from .models import WORKER_LOST, JobStatus, WorkerBeat

log = logging.getLogger(__name__)

MAX_ATTEMPTS = 3  # runs a job may start: the first and two more after its worker was lost
PRIORITY_FLOOR = -49  # the fair priorities stay above the faces drawn ahead (-50), which wait behind everything
ACTIVE = (JobStatus.QUEUED, JobStatus.RUNNING)


def heartbeat_seconds() -> float:
    return float(getattr(settings, "JOBS_HEARTBEAT_SECONDS", 5))


def stalled_after() -> timedelta:
    return timedelta(seconds=float(getattr(settings, "JOBS_STALLED_AFTER_SECONDS", 60)))


def sweep_seconds() -> float:
    return float(getattr(settings, "JOBS_SWEEP_SECONDS", 15))


# -- the kinds ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Kind:
    model: type
    task: object  # task(job) -> the django-tasks Task that runs this job (argument: its id); job may be None
    on_failed: object = None  # called with the job's id once it is failed (by its run or by the sweep)


_kinds: dict[str, Kind] = {}


def register(model, task, on_failed=None) -> None:
    """Make `model` (a subclass of jobs.models.Job) a job kind: `task(job)` is the task that runs that job
    (`task(None)`: any of the kind's tasks, to learn their backend)."""
    _kinds[model._meta.label] = Kind(model, task, on_failed)


def kinds() -> list[Kind]:
    return list(_kinds.values())


def kind_of(model) -> Kind:
    return _kinds[model._meta.label]


def owner_tag(user_id=None, visitor_key: str = "") -> str:
    """The fair queue's key for a job: the account, else the anonymous visitor's key digest, else ""."""
    if user_id is not None:
        return f"u:{user_id}"
    return f"v:{visitor_key[:64]}" if visitor_key else ""


VISITOR_SESSION_KEY = "jobs_visitor"


def request_owner_tag(request) -> str:
    """The owner tag of a request's jobs: its account, else a random key kept in the visitor's session
    (stored as its SHA-256, made on first use)."""
    import hashlib
    import secrets

    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        return owner_tag(user.pk)
    session = getattr(request, "session", None)
    if session is None:
        return ""
    token = session.get(VISITOR_SESSION_KEY) or ""
    if not token:
        token = secrets.token_urlsafe(24)
        session[VISITOR_SESSION_KEY] = token
    return owner_tag(None, hashlib.sha256(token.encode()).hexdigest())


def active_count(tag: str, model=None) -> int:
    """Queued or running jobs of one owner: of one kind, or of every kind."""
    if not tag:
        return 0
    models = [model] if model is not None else [k.model for k in kinds()]
    return sum(m.objects.filter(owner_tag=tag, status__in=ACTIVE).count() for m in models)


# -- queueing ------------------------------------------------------------------------------------------------


def uses_database_tasks(task) -> bool:
    """The task backend stores tasks in this database (django_tasks_db): a job and its task are written in
    one transaction, and the sweep can look at the task rows."""
    try:
        from django_tasks_db.backend import DatabaseBackend
    except ImportError:  # pragma: no cover - another backend is installed
        return False
    return isinstance(task.get_backend(), DatabaseBackend)


def fair_priorities(tag: str, count: int, already_counted: int) -> list[int]:
    """Priorities for `count` new tasks of one owner: 0 for an owner with nothing waiting, one lower for
    each job of theirs ahead (`already_counted`: how many of the new jobs the database already counts as
    waiting). So pieces of different accounts interleave, whoever queued first."""
    base = max(0, active_count(tag) - already_counted) if tag else 0
    return [max(PRIORITY_FLOOR, -(base + i)) for i in range(count)]


def enqueue(jobs) -> None:
    """Queue the tasks of these jobs (of one kind, one owner; stored, queued), fairly among owners. Inside
    the caller's transaction when the tasks live in this database (the jobs and their tasks are stored
    together or not at all), else once it commits."""
    jobs = list(jobs)
    if not jobs:
        return
    kind = kind_of(type(jobs[0]))
    task = kind.task(jobs[0])
    tag = jobs[0].owner_tag

    def send():
        priorities = fair_priorities(tag, len(jobs), len(jobs))
        for job, priority in zip(jobs, priorities, strict=True):
            result = task.using(priority=priority).enqueue(job.pk)
            kind.model.objects.filter(pk=job.pk).update(task_id=str(result.id))
            job.task_id = str(result.id)

    if uses_database_tasks(task):
        with transaction.atomic():
            send()
    else:
        transaction.on_commit(send)


def check_cap(model, tag: str, limit: int, message: str, error) -> None:
    """Refuse (raise error([message])) when this owner has `limit` jobs of this kind queued or running."""
    if tag and active_count(tag, model) >= limit:
        raise error([message])


# -- running ----------------------------------------------------------------------------------------------


_worker = {"id": ""}  # the id of the worker this process runs (jobs.worker sets it)
_running: dict[int, tuple[type, int]] = {}  # thread id -> the job it runs (read by the heartbeat thread)
_running_lock = threading.Lock()


def set_worker_id(worker_id: str) -> None:
    _worker["id"] = worker_id


def running_jobs() -> list[tuple[type, int]]:
    with _running_lock:
        return list(_running.values())


def claim(model, pk: int):
    """queued → running for this run (one more attempt); None when the job is not queued (done, failed,
    running elsewhere, or gone): a duplicate task then does nothing."""
    now = timezone.now()
    claimed = model.objects.filter(pk=pk, status=JobStatus.QUEUED).update(
        status=JobStatus.RUNNING, heartbeat_at=now, attempts=F("attempts") + 1, worker_id=_worker["id"][:64]
    )
    return model.objects.filter(pk=pk).first() if claimed else None


def finish(model, pk: int, **fields) -> bool:
    """running → done, storing `fields`; False if the job was no longer running (the sweep gave it away)."""
    return bool(model.objects.filter(pk=pk, status=JobStatus.RUNNING).update(
        status=JobStatus.DONE, finished_at=timezone.now(), **fields
    ))


def fail(model, pk: int, error: str) -> bool:
    """→ failed with this (operator's) error, unless already finished; then the kind's on_failed."""
    failed = bool(model.objects.filter(pk=pk, status__in=ACTIVE).update(
        status=JobStatus.FAILED, error=error[:2000], finished_at=timezone.now()
    ))
    kind = _kinds.get(model._meta.label)
    if failed and kind and kind.on_failed:
        kind.on_failed(pk)
    return failed


def release(model, pk: int) -> None:
    """A run stopped by its worker's shutdown: the job goes back to the queue, the run not counted."""
    with transaction.atomic():
        job = model.objects.filter(pk=pk, status=JobStatus.RUNNING).first()
        if job is None:
            return
        model.objects.filter(pk=pk).update(status=JobStatus.QUEUED, attempts=F("attempts") - 1, worker_id="")
        job.status = JobStatus.QUEUED
        enqueue([job])


def run(model, pk: int, body):
    """Run one job of a kind: claim it, call body(job) with the heartbeat on, then done with the fields
    body returns (a dict, or None), or failed with what it raised. Returns body's result (None when the
    job was not claimed)."""
    job = claim(model, pk)
    if job is None:
        return None
    me = threading.get_ident()
    with _running_lock:
        _running[me] = (model, pk)
    try:
        fields = body(job)
    except (KeyboardInterrupt, SystemExit):  # the worker is being stopped: the job is not at fault
        try:
            release(model, pk)
        except Exception:  # noqa: BLE001 - the sweep queues it again once its heartbeat is old
            log.exception("%s %s: could not queue it again", model._meta.label, pk)
        raise
    except (OperationalError, InterfaceError):  # the database went away: not the job's fault either
        raise  # its heartbeat stops; the sweep queues it again once the database is back
    except Exception as exc:
        fail(model, pk, repr(exc))
        raise
    finally:
        with _running_lock:
            _running.pop(me, None)
    finish(model, pk, **(fields or {}))
    return fields


def beat(worker_id: str = "") -> None:
    """One heartbeat: the running jobs of this process, and the worker's own row."""
    now = timezone.now()
    for model, pk in running_jobs():
        model.objects.filter(pk=pk, status=JobStatus.RUNNING).update(heartbeat_at=now)
    if worker_id:
        updated = WorkerBeat.objects.filter(worker_id=worker_id).update(beat_at=now)
        if not updated:
            import os
            import socket

            WorkerBeat.objects.update_or_create(
                worker_id=worker_id, defaults={"beat_at": now, "started_at": now, "pid": os.getpid(), "host": socket.gethostname()[:200]}
            )


# -- the sweep ------------------------------------------------------------------------------------------------


class WorkerLost(Exception):
    """What a task row left RUNNING by a dead worker is marked failed with."""


def _fail_task_rows(ids) -> int:
    """Mark these task rows failed if a dead worker left them RUNNING."""
    from django_tasks_db.models import DBTaskResult

    ids = [uuid.UUID(str(i)) for i in ids if i]
    if not ids:
        return 0
    return DBTaskResult.objects.filter(pk__in=ids, status="RUNNING").update(
        status="FAILED", finished_at=timezone.now(), exception_class_path=f"{__name__}.WorkerLost",
        traceback="jobs.services.WorkerLost: the worker running this task stopped (its heartbeat is old)\n",
    )


def _live_task_ids(ids) -> set[str]:
    from django_tasks_db.models import DBTaskResult

    wanted = {}
    for i in ids:
        try:
            wanted[uuid.UUID(i)] = i
        except ValueError:
            continue
    live = DBTaskResult.objects.filter(pk__in=list(wanted), status__in=["READY", "RUNNING"]).values_list("pk", flat=True)
    return {wanted[uuid.UUID(str(pk))] for pk in live}


def sweep(now=None) -> dict:
    """Recover what dead workers left behind (see the module doc); counts of what it did."""
    now = now or timezone.now()
    cutoff = now - stalled_after()
    done = {"requeued": 0, "failed": 0, "lost": 0, "tasks": 0}
    for kind in kinds():
        model = kind.model
        if not uses_database_tasks(kind.task(None)):
            continue
        stale = model.objects.filter(status=JobStatus.RUNNING, heartbeat_at__lt=cutoff) | model.objects.filter(
            status=JobStatus.RUNNING, heartbeat_at__isnull=True
        )
        for job in stale.only("pk", "attempts", "heartbeat_at", "task_id", "owner_tag", "status"):
            same = model.objects.filter(pk=job.pk, status=JobStatus.RUNNING, heartbeat_at=job.heartbeat_at)
            with transaction.atomic():
                if job.attempts < MAX_ATTEMPTS:
                    if same.update(status=JobStatus.QUEUED, worker_id=""):
                        log.warning("%s %s: its worker stopped; queued again (run %s of %s)", model._meta.label, job.pk,
                                    job.attempts + 1, MAX_ATTEMPTS)
                        _fail_task_rows([job.task_id])
                        job.status = JobStatus.QUEUED
                        enqueue([job])
                        done["requeued"] += 1
                    continue
                if same.update(status=JobStatus.FAILED, error=WORKER_LOST, finished_at=now):
                    log.warning("%s %s: its worker stopped %s times; failed", model._meta.label, job.pk, job.attempts)
                    _fail_task_rows([job.task_id])
                    if kind.on_failed:
                        kind.on_failed(job.pk)
                    done["failed"] += 1
        # Queued jobs whose task is gone or finished (deleted rows, a task marked failed above before the job
        # was claimed): queued again, so that they do not wait for ever.
        waiting = list(model.objects.filter(status=JobStatus.QUEUED).exclude(task_id="").only("pk", "task_id", "owner_tag", "status"))
        if waiting:
            live = _live_task_ids([job.task_id for job in waiting])
            for job in waiting:
                if job.task_id in live:
                    continue
                with transaction.atomic():
                    if model.objects.filter(pk=job.pk, status=JobStatus.QUEUED, task_id=job.task_id).exists():
                        enqueue([job])
                        done["lost"] += 1
    done["tasks"] = _sweep_task_rows(cutoff)
    WorkerBeat.objects.filter(beat_at__lt=now - timedelta(days=1)).delete()
    if any(done.values()):
        log.warning("sweep: %s", done)
    return done


def _sweep_task_rows(cutoff) -> int:
    """Task rows RUNNING since before the cutoff whose worker has no heartbeat since then: failed."""
    try:
        from django_tasks_db.models import DBTaskResult
    except ImportError:  # pragma: no cover
        return 0
    alive = set(WorkerBeat.objects.filter(beat_at__gte=cutoff).values_list("worker_id", flat=True))
    dead = []
    for pk, worker_ids in DBTaskResult.objects.filter(status="RUNNING", started_at__lt=cutoff).values_list("pk", "worker_ids"):
        if not worker_ids or worker_ids[-1] not in alive:
            dead.append(pk)
    return _fail_task_rows(dead) if dead else 0
