"""`manage.py db_worker`: django_tasks_db's command with the project's worker (jobs.worker.Worker), which
keeps jobs' heartbeats, sweeps what dead workers left and outlives a lost database. The jobs app comes
before django_tasks_db in INSTALLED_APPS, so this command is the one `manage.py db_worker` runs."""

import os

from django.core.management.base import CommandError
from django.utils.autoreload import DJANGO_AUTORELOAD_ENV, run_with_reloader
from django_tasks_db.management.commands.db_worker import Command as BaseCommand
from django_tasks_db.management.commands.db_worker import logger

from jobs.worker import Worker


class Command(BaseCommand):
    help = "Run the project's background task worker (django_tasks_db's, with heartbeats, recovery and reconnection)"

    def handle(self, *, verbosity, queue_name, interval, batch, backend_name, startup_delay, reload, max_tasks,
               worker_id, exclude_queues, **options):
        self.configure_logging(verbosity)
        if reload and batch:
            logger.warning("Warning: --reload and --batch cannot be specified together. Disabling autoreload.")
            reload = False
        queue_names = queue_name.split(",")
        excluded = exclude_queues.split(",") if exclude_queues else []
        if excluded and "*" not in queue_names:
            raise CommandError("--exclude-queues can only be used with --queue-name=*")
        worker = Worker(
            queue_names=queue_names, interval=interval, batch=batch, backend_name=backend_name,
            startup_delay=startup_delay, max_tasks=max_tasks, worker_id=worker_id, excluded_queue_names=excluded,
        )
        if reload:
            if os.environ.get(DJANGO_AUTORELOAD_ENV) == "true":
                worker.configure_signals()
            run_with_reloader(worker.run)
        else:
            worker.configure_signals()
            worker.run()
