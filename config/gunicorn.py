"""gunicorn's settings in production: `.venv/bin/gunicorn -c config/gunicorn.py config.wsgi`.

BIND             address to listen on (default 127.0.0.1:8000: a TLS proxy in front forwards to it).
WEB_CONCURRENCY  worker processes (default 2 per core + 1; each holds its own database connection).
WEB_THREADS      threads per worker (default 1).
WEB_TIMEOUT      seconds before a stuck request's worker is restarted (default 60; big prints and
                 simulations run in `manage.py db_worker`, not in a request).
"""

import multiprocessing
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # gunicorn loads this file by path
from config.env import env_int  # noqa: E402

if not os.environ.get("SECRET_KEY"):
    # Without it the site would sign sessions with the public local-only key in settings.py.
    raise SystemExit("SECRET_KEY is not set: see README, Deploying, step 3")

bind = os.environ.get("BIND", "127.0.0.1:8000")
workers = env_int("WEB_CONCURRENCY", multiprocessing.cpu_count() * 2 + 1, minimum=1)
threads = env_int("WEB_THREADS", 1, minimum=1)
timeout = env_int("WEB_TIMEOUT", 60, minimum=1)
graceful_timeout = 30
# Workers are replaced after a while, so that a slow leak (fonts, caches) can never grow without bound.
max_requests = 2000
max_requests_jitter = 200
accesslog = "-"
errorlog = "-"
# Only the local proxy may say a request came over HTTPS (Django trusts X-Forwarded-Proto when PROXY_COUNT is set).
forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1,::1")
