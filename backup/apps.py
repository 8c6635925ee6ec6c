from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class BackupConfig(AppConfig):
    """Whole-site backups (`manage.py export_site` / `import_site`): above every other app, it may import
    them all; none of them imports it."""

    name = "backup"
    verbose_name = _("Backup")
