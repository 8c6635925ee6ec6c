"""Settings, read from environment variables only, with safe defaults for local use.

Everything a deployment sets (README, "Deploying") is an environment variable:

DEBUG          "1" to enable debug pages (off unless set; `make run` sets it).
SECRET_KEY     a fixed, public, local-only key unless set: set it anywhere but your own machine.
ALLOWED_HOSTS  comma-separated; default 127.0.0.1,localhost,[::1].
CSRF_TRUSTED_ORIGINS  comma-separated origins (https://cards.example.org) when served under another name.
DATABASE_URL   default sqlite:///<project>/db.sqlite3; e.g. postgres://user:pw@host:5432/name.
DB_CONN_MAX_AGE  seconds a database connection is kept open (default 0: one per request).
MEDIA_ROOT     where uploaded images go; default <project>/media.
STATIC_ROOT    set it (and run collectstatic) in production: static files are then served compressed with
               content-hashed names, cached for good; unset, they are served from the source folders.
CACHE_URL      the cache (cached figures, recovery guards): locmem:// (default; one process only),
               db://<table> (shared by every process using the database; `manage.py createcachetable`),
               file:///<dir> (shared by the processes of one machine).
HTTPS          "1" when the site is served over TLS: HTTP is redirected, cookies are Secure, and HSTS is
               sent for HSTS_SECONDS (default one year; HSTS_INCLUDE_SUBDOMAINS and HSTS_PRELOAD default on).
PROXY_COUNT    how many reverse proxies stand in front (default 0); they must set X-Forwarded-Proto and append
               to X-Forwarded-For, which are then trusted for HTTPS and for the client's address.
API_THROTTLE_ANON, API_THROTTLE_USER  the API's rate limits, e.g. 300/minute (anonymous clients per address)
               and 1200/minute (signed-in clients per account); "none" turns one off.
THROTTLE_CHECK, THROTTLE_SIGNUP, THROTTLE_DOWNLOAD  decklist checks (the check page and the validate API
               together, per account or address; default 30/minute), new accounts per address (10/hour),
               direct downloads (export.txt, export zips, print.pdf) per address (20/minute).
               Every throttle counts in the database (config/ratelimit.py), whatever CACHE_URL is.
LOG_LEVEL      default WARNING.
JOBS_HEARTBEAT_SECONDS, JOBS_STALLED_AFTER_SECONDS, JOBS_SWEEP_SECONDS, JOBS_RETRY_MAX_SECONDS  the
               background jobs' heartbeat (5), stall threshold (60), sweep interval (15) and the longest wait
               between two tries of a lost database (10), in seconds (jobs/services.py, jobs/worker.py).
"""

import os
import re
import warnings
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

from config.env import env_bool, env_int, env_list

BASE_DIR = Path(__file__).resolve().parent.parent


DEBUG = env_bool("DEBUG", False)

_LOCAL_KEY = "django-insecure-local-only-key-do-not-use-in-production-1f3b9c"
SECRET_KEY = os.environ.get("SECRET_KEY") or _LOCAL_KEY


ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "127.0.0.1,localhost,[::1]")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",  # token auth for API clients (scripts, tools)
    "drf_spectacular",
    "drf_spectacular_sidecar",  # Swagger UI's files, served from our own static files (no CDN)
    "django_tasks",
    "jobs",  # before django_tasks_db: its `db_worker` command (jobs/management/commands) is the one run
    "django_tasks_db",
    "rules",
    "cards",
    "decks",
    "printing",
    "goldfish",
    "backup",
    "config",  # registers the deployment checks (config/apps.py)
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "config.errors.RefuseImpossibleRequestsMiddleware",  # NUL in a URL: 404/400 before any view
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "config.security.ContentSecurityPolicyMiddleware",
    "config.throttles.ThrottleMiddleware",  # pages that declare a throttle_scope (config/throttles.py)
    "config.errors.SiteNotFoundMiddleware",  # DEBUG (make run): the site's own 404, not Django's technical one
]

ROOT_URLCONF = "config.urls"
CSRF_FAILURE_VIEW = "config.errors.csrf_failure"  # the site's own 403 page (config/errors.py)
WSGI_APPLICATION = "config.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "cards.context_processors.games",
            ],
        },
    },
]

DATABASES = {
    "default": dj_database_url.parse(
        os.environ.get("DATABASE_URL") or f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=env_int("DB_CONN_MAX_AGE", 0),
        conn_health_checks=True,  # a kept connection the server dropped is replaced, not an error
    )
}
if DATABASES["default"]["ENGINE"].endswith("sqlite3"):
    # Writers take the lock when their transaction begins, so concurrent saves queue up (and a stale deck
    # revision is answered 409) instead of failing with "database is locked" halfway through.
    # (WAL and synchronous=NORMAL are set on each connection by config/sqlite.py.)
    DATABASES["default"].setdefault("OPTIONS", {}).update({"transaction_mode": "IMMEDIATE", "timeout": 20})
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"


# Room for what the site caches: at Django's default of 300 entries a full cache deletes a third of them.
CACHE_OPTIONS = {"MAX_ENTRIES": 100_000}


def cache_from_url(url: str) -> dict:
    backends = {
        "db://": ("django.core.cache.backends.db.DatabaseCache", "cache_table"),
        "file://": ("django.core.cache.backends.filebased.FileBasedCache", None),
        "locmem://": ("django.core.cache.backends.locmem.LocMemCache", ""),
    }
    for scheme, (backend, default_location) in backends.items():
        if url.startswith(scheme):
            location = url[len(scheme):] or default_location
            if location is None:
                break
            return {"BACKEND": backend, "LOCATION": location, "OPTIONS": dict(CACHE_OPTIONS)}
    raise ImproperlyConfigured(f"CACHE_URL={url!r} is not locmem://, db://<table> or file:///<dir>")


# A deployment with several processes sets CACHE_URL to a shared cache (`check --deploy` warns while it is
# local memory; config/checks.py). The rate limits do not count here but in the database (config/ratelimit.py).
CACHES = {"default": cache_from_url(os.environ.get("CACHE_URL") or "locmem://")}

# Background jobs: stored in the database, run by `manage.py db_worker` (make run starts one).
TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}


def _seconds(name: str, default: float) -> float:
    raw = (os.environ.get(name) or "").strip()
    try:
        value = float(raw) if raw else default
    except ValueError:
        raise ImproperlyConfigured(f"{name}={raw!r} is not a number of seconds") from None
    if not value > 0:
        raise ImproperlyConfigured(f"{name}={raw!r} must be more than 0")
    return value


# The jobs' lifecycle (jobs/services.py): a running job's heartbeat every JOBS_HEARTBEAT_SECONDS; one whose
# heartbeat is older than JOBS_STALLED_AFTER_SECONDS lost its worker and is queued again (or failed) by the
# sweep every worker runs every JOBS_SWEEP_SECONDS; a lost database is retried up to every
# JOBS_RETRY_MAX_SECONDS. Defaults: a killed worker's job is running again within 75 s of the kill.
JOBS_HEARTBEAT_SECONDS = _seconds("JOBS_HEARTBEAT_SECONDS", 5)
JOBS_STALLED_AFTER_SECONDS = _seconds("JOBS_STALLED_AFTER_SECONDS", 60)
JOBS_SWEEP_SECONDS = _seconds("JOBS_SWEEP_SECONDS", 15)
JOBS_RETRY_MAX_SECONDS = _seconds("JOBS_RETRY_MAX_SECONDS", 10)

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

# Japanese by default; English switchable (LocaleMiddleware + the header's language form).
LANGUAGE_CODE = "ja"
LANGUAGES = [("ja", _("Japanese")), ("en", _("English"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "Asia/Tokyo"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
MEDIA_URL = "media/"
MEDIA_ROOT = Path(os.environ.get("MEDIA_ROOT") or BASE_DIR / "media")
if os.environ.get("STATIC_ROOT"):
    # Production: `collectstatic` has gathered the files; WhiteNoise serves them compressed under
    # content-hashed names with a far-future cache header.
    STATIC_ROOT = Path(os.environ["STATIC_ROOT"])
    STORAGES = {
        "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
        "staticfiles": {"BACKEND": "config.static.ModuleCompressedManifestStaticFilesStorage"},
    }
else:
    # Local use and tests: served from the source folders as they are, nothing to collect.
    STATIC_ROOT = BASE_DIR / "staticfiles"
    WHITENOISE_USE_FINDERS = True
    # WhiteNoise warns about the missing STATIC_ROOT on each start (raised from Django's handler module).
    warnings.filterwarnings("ignore", message="No directory at")

# Uploads: card images are small; refuse anything huge before it reaches Pillow.
DATA_UPLOAD_MAX_MEMORY_SIZE = 10 * 1024 * 1024
FILE_UPLOAD_MAX_MEMORY_SIZE = 10 * 1024 * 1024
# Card files (admin import and import_cards), in MB of 1024 x 1024 bytes: the one number the checks, their
# messages and the README use (cards.io.import_limit_bytes).
CARD_IMPORT_MAX_MB = 20

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.SessionAuthentication",
        "rest_framework.authentication.TokenAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    "DEFAULT_PARSER_CLASSES": [
        "cards.parsers.SafeJSONParser",
        "rest_framework.parsers.FormParser",
        "rest_framework.parsers.MultiPartParser",
    ],
    "DEFAULT_PAGINATION_CLASS": "rest_framework.pagination.PageNumberPagination",
    "PAGE_SIZE": 50,
    # drf-spectacular's AutoSchema, plus the answers DRF gives on its own (400/403/404/429) and links.
    "DEFAULT_SCHEMA_CLASS": "cards.api_schema.ApiAutoSchema",
    # JSON only: the interactive documentation is Swagger UI at /api/docs/. DRF's browsable pages cannot draw
    # a form for the card serializer (its fields are the game's, not declared) and answered 500.
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    # Rates come from API_THROTTLE_RATES below, read per request (config/throttles.py); 429 past them.
    # A view's own throttle_scope (the validate action's "check") counts too, in THROTTLE_RATES.
    "DEFAULT_THROTTLE_CLASSES": ["config.throttles.ApiThrottle"],
}


def env_rate(name: str, default: str) -> str | None:
    value = os.environ.get(name, default).strip()
    if value.lower() in {"", "none", "off", "0"}:
        return None
    if not re.fullmatch(r"\d+/(s|sec|second|m|min|minute|h|hour|d|day)", value):
        raise ImproperlyConfigured(f"{name}={value!r} is not a rate such as 300/minute (or none)")
    return value


API_THROTTLE_RATES = {
    "anon": env_rate("API_THROTTLE_ANON", "300/minute"),
    "user": env_rate("API_THROTTLE_USER", "1200/minute"),
}
# Scopes of pages and API views that cost more than a page (config/throttles.py PAGE_SCOPES).
THROTTLE_RATES = {
    "check": env_rate("THROTTLE_CHECK", "30/minute"),
    "signup": env_rate("THROTTLE_SIGNUP", "10/hour"),
    "download": env_rate("THROTTLE_DOWNLOAD", "20/minute"),
}

# -- deployment ---------------------------------------------------------------------------------------------
PROXY_COUNT = env_int("PROXY_COUNT", 0)
if PROXY_COUNT:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    USE_X_FORWARDED_HOST = False  # the proxy passes Host on; ALLOWED_HOSTS checks it
HTTPS = env_bool("HTTPS", False)
SECURE_SSL_REDIRECT = HTTPS
SESSION_COOKIE_SECURE = HTTPS
CSRF_COOKIE_SECURE = HTTPS
SECURE_HSTS_SECONDS = env_int("HSTS_SECONDS", 31536000) if HTTPS else 0
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("HSTS_INCLUDE_SUBDOMAINS", True)
SECURE_HSTS_PRELOAD = env_bool("HSTS_PRELOAD", True)
# The defaults of Django's SecurityMiddleware, written out: nosniff, same-origin referrers and opener.
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
SESSION_COOKIE_HTTPONLY = True
# CSP: config/security.py (every page is scripts and styles from files of our own origin).

# The OpenAPI document (/api/schema/) and its interactive docs (/api/docs/), all served by the site itself.
SPECTACULAR_SETTINGS = {
    "TITLE": "Card Game Workshop API",
    "DESCRIPTION": (
        "The card database of the Japanese indie card games listed at /api/games/, with their card fields. "
        "Cards travel in the same plain form as the import/export files. `GET /api/cards/` "
        "takes `game` (a slug) and `q`, a search in the site's query language (words, `field:value`, "
        "`cost>=3`, `-word`, `OR`, quotes and brackets; described with examples at /search/help/). "
        "A query that cannot be read answers 400 with `detail`, `position` and `q`. "
        "Reads are public; writes need the session of an editor of the card's game."
    ),
    "VERSION": "0.1.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # Swagger UI's default would ask validator.swagger.io about the schema: nothing leaves the site.
    "SWAGGER_UI_SETTINGS": {"deepLinking": True, "validatorUrl": None},
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
}
