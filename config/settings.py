"""Settings, read from environment variables with safe defaults for local use.

DEBUG         "1" to enable debug pages (off unless set; `make run` sets it).
SECRET_KEY    a fixed, public, local-only key unless set: set it anywhere but your own machine.
ALLOWED_HOSTS comma-separated; default 127.0.0.1,localhost,[::1].
DATABASE_URL  default sqlite:///<project>/db.sqlite3; e.g. postgres://user:pw@host:5432/name.
MEDIA_ROOT    where uploaded images go; default <project>/media.
"""

import os
import warnings
from pathlib import Path

import dj_database_url
from django.utils.translation import gettext_lazy as _

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool = False) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


DEBUG = env_bool("DEBUG", False)

_LOCAL_KEY = "django-insecure-local-only-key-do-not-use-in-production-1f3b9c"
SECRET_KEY = os.environ.get("SECRET_KEY") or _LOCAL_KEY
ALLOWED_HOSTS = [h.strip() for h in os.environ.get("ALLOWED_HOSTS", "127.0.0.1,localhost,[::1]").split(",") if h.strip()]

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
    "django_tasks_db",
    "rules",
    "cards",
    "decks",
    "printing",
    "goldfish",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

ROOT_URLCONF = "config.urls"
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
        conn_max_age=int(os.environ.get("DB_CONN_MAX_AGE", "0")),
    )
}
if DATABASES["default"]["ENGINE"].endswith("sqlite3"):
    # Writers take the lock when their transaction begins, so concurrent saves queue up (and a stale deck
    # revision is answered 409) instead of failing with "database is locked" halfway through.
    DATABASES["default"].setdefault("OPTIONS", {}).update({"transaction_mode": "IMMEDIATE", "timeout": 20})
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Background jobs: stored in the database, run by `manage.py db_worker` (make run starts one).
TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}

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
STATIC_ROOT = BASE_DIR / "staticfiles"
MEDIA_URL = "media/"
MEDIA_ROOT = Path(os.environ.get("MEDIA_ROOT") or BASE_DIR / "media")
WHITENOISE_USE_FINDERS = True
# STATIC_ROOT exists only after collectstatic (deployment); until then the finders serve static files.
warnings.filterwarnings("ignore", message="No directory at", module="whitenoise.base")

# Uploads: card images are small; refuse anything huge before it reaches Pillow.
DATA_UPLOAD_MAX_MEMORY_SIZE = 10 * 1024 * 1024
FILE_UPLOAD_MAX_MEMORY_SIZE = 10 * 1024 * 1024
CARD_IMPORT_MAX_BYTES = 20 * 1024 * 1024  # card files (admin import and import_cards)

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
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
}

# The OpenAPI document (/api/schema/) and its interactive docs (/api/docs/), all served by the site itself.
SPECTACULAR_SETTINGS = {
    "TITLE": "Card Game Workshop API",
    "DESCRIPTION": (
        "The card database of five Japanese indie card games. Games and their card fields are read from "
        "/api/games/; cards travel in the same plain form as the import/export files. `GET /api/cards/` "
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
