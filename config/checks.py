"""System checks of our own deployment settings (`manage.py check --deploy`)."""

from django.conf import settings
from django.core.checks import Tags, Warning, register


@register(Tags.security, deploy=True)
def check_shared_cache(app_configs, **kwargs):
    backend = settings.CACHES["default"]["BACKEND"]
    if backend.endswith("LocMemCache"):
        return [
            Warning(
                "The cache is in each process's own memory, so the server processes do not share what they cache "
                "(the rate limits count in the database regardless).",
                hint="Set CACHE_URL=db://cache_table (and run `manage.py createcachetable`) or another shared cache.",
                id="config.W001",
            )
        ]
    return []
