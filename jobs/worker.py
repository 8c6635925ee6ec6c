"""The project's task worker: django_tasks_db's Worker, plus

- a heartbeat thread (its own database connection) that touches the running job's `heartbeat_at` and the
  worker's own WorkerBeat row every JOBS_HEARTBEAT_SECONDS, whatever the job is doing;
- the sweep (jobs.services.sweep) when it starts and every JOBS_SWEEP_SECONDS, which recovers what dead
  workers left behind;
- a lost database connection retried with backoff (0.5 s doubling to JOBS_RETRY_MAX_SECONDS, 10 s by
  default) instead of an OperationalError ending the process: once the database is back the worker goes
  on taking jobs.
"""

from __future__ import annotations

import logging
import random
import threading
import time

from django.conf import settings
from django.db import InterfaceError, OperationalError, close_old_connections, connection, connections
from django_tasks_db.management.commands.db_worker import Worker as BaseWorker
from django_tasks_db.models import DBTaskResult
from django_tasks_db.utils import exclusive_transaction, is_locked_database_exception

from . import services

logger = logging.getLogger("django_tasks_db")
LOST = (OperationalError, InterfaceError)


class Heartbeat(threading.Thread):
    """Beats for this process's running jobs and for the worker, on the thread's own connection."""

    def __init__(self, worker_id: str, every: float):
        super().__init__(name="jobs-heartbeat", daemon=True)
        self.worker_id, self.every = worker_id, every
        self.stopped = threading.Event()

    def run(self) -> None:
        try:
            while not self.stopped.is_set():
                try:
                    services.beat(self.worker_id)
                except Exception as exc:  # noqa: BLE001 - the database may be away: beat again later
                    logger.warning("heartbeat: %s", exc)
                    connection.close()  # this thread's connection: a new one next time
                self.stopped.wait(self.every)
        finally:
            connections.close_all()  # this thread's connections (a test database can then be dropped)

    def stop(self) -> None:
        self.stopped.set()
        self.join(timeout=self.every + 5)


def heartbeat_possible() -> bool:
    """A second connection sees what this process's connection wrote: not for an in-memory SQLite database
    (the test suite's, private to this connection) nor inside a transaction that is still open (a test
    running the worker in its own transaction)."""
    if connection.vendor == "sqlite" and connection.is_in_memory_db():
        return False
    return not connection.in_atomic_block


class Worker(BaseWorker):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.heartbeat: Heartbeat | None = None
        self.next_sweep = 0.0
        self.orphan = None  # the task row this worker ran when the database went away
        self.retry_max = float(getattr(settings, "JOBS_RETRY_MAX_SECONDS", 10))

    def run(self) -> None:
        services.set_worker_id(self.worker_id)
        logger.info("Starting worker worker_id=%s queues=%s", self.worker_id, ",".join(self.queue_names))
        if self.startup_delay and self.interval:
            time.sleep(random.random())  # noqa: S311 - no thundering herd
        if heartbeat_possible():
            self.heartbeat = Heartbeat(self.worker_id, services.heartbeat_seconds())
            self.heartbeat.start()
        delay = 0.0
        try:
            while self.running:
                try:
                    if self.round():
                        return
                    delay = 0.0
                except LOST as exc:
                    if is_locked_database_exception(exc):
                        time.sleep(self.interval)
                        continue
                    delay = min(self.retry_max, delay * 2 or 0.5)
                    logger.warning("The database is unavailable (%s); trying again in %.1f s", str(exc).strip()[:200], delay)
                    self.close_connections()
                    if self.running:
                        time.sleep(delay * (0.75 + random.random() / 2))  # noqa: S311
        finally:
            if self.heartbeat is not None:
                self.heartbeat.stop()

    @staticmethod
    def close_connections() -> None:
        for conn in connections.all(initialized_only=True):
            try:
                conn.close()
            except Exception:  # noqa: BLE001, S110 - a broken connection may refuse even to close
                pass

    def sweep_if_due(self) -> None:
        if time.monotonic() < self.next_sweep:
            return
        try:
            services.sweep()
        except LOST:
            raise
        except Exception:  # a bug in a recovery must not stop the worker
            logger.exception("sweep failed")
        self.next_sweep = time.monotonic() + services.sweep_seconds()

    def round(self) -> bool:
        """One look at the queue (the base Worker's loop body): True when the worker should stop."""
        close_old_connections()
        if self.orphan is not None:  # the database is back: the task it lost is not left RUNNING
            services._fail_task_rows([self.orphan])
            self.orphan = None
        self.sweep_if_due()
        tasks = DBTaskResult.objects.ready().filter(backend_name=self.backend_name)
        if not self.process_all_queues:
            tasks = tasks.filter(queue_name__in=self.queue_names)
        if self.excluded_queue_names:
            tasks = tasks.exclude(queue_name__in=self.excluded_queue_names)
        retrieved = True
        with exclusive_transaction(tasks.db):
            try:
                task_result = tasks.get_locked()
                if task_result is not None:
                    task_result.claim(self.worker_id)
            except OperationalError as exc:
                if not is_locked_database_exception(exc):
                    raise
                task_result, retrieved = None, False
        if task_result is not None:
            self.orphan = task_result.pk
            self.run_task(task_result)
            self.orphan = None
        if self.batch and retrieved and task_result is None:
            logger.info("No more tasks to run for worker_id=%s - exiting gracefully.", self.worker_id)
            return True
        if self.max_tasks is not None and self._run_tasks >= self.max_tasks:
            logger.info("Run maximum tasks (%d) on worker=%s - exiting gracefully.", self._run_tasks, self.worker_id)
            return True
        close_old_connections()
        if self.running and not task_result:
            time.sleep(self.interval)
        return False
