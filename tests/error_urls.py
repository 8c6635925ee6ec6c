"""The site's URLs plus views that fail, for tests/test_error_pages.py (ROOT_URLCONF there)."""

from django.urls import path

from config.urls import handler400, handler403, handler404, handler500  # noqa: F401
from config.urls import urlpatterns as site_patterns


def boom(request):
    raise RuntimeError("secret internal detail: /srv/app/settings.py line 42")


urlpatterns = [path("boom/", boom), path("api/boom/", boom), *site_patterns]
