from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class JobsConfig(AppConfig):
    """The lifecycle every background job shares (jobs.models.Job, jobs.services) and the project's task
    worker (`manage.py db_worker`, which replaces django_tasks_db's: this app comes first in INSTALLED_APPS)."""

    name = "jobs"
    verbose_name = _("Background jobs")
