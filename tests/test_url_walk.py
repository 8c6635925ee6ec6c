"""Every URL pattern of the project, walked with hostile values: no request answers 5xx.

Each parameter of each route (Django's resolver, recursively: pages, API routers, the admin, media) is filled
in turn with a NUL byte, a 30-digit number, 5,000 characters, '../' and an invalid UTF-8 percent-escape, the
other parameters with values naming the world's real objects (tests/access_world.py), so that a hostile value
in the second parameter meets a real first one (and the plausible URL itself must mostly answer, or the
walk would only meet 404s). The lists (routes without parameters but the game's) and the admin's card list
are also asked, anonymously, with hostile values of the common query parameters (page, q, sort, game).
Anonymously and as a signed-in owner of everything (the admin as a superuser); GET, and POST as the owner
(the test client checks no CSRF token, so the view itself reads the values). Each request is rolled back.
The suite runs on SQLite and on PostgreSQL (which refuses NUL in text), so this walks both."""

from __future__ import annotations

import copy
import os
import re
import time
import traceback
from urllib.parse import quote

import pytest
from django.core.signals import got_request_exception
from django.db import transaction
from django.urls import URLPattern, URLResolver, get_resolver

from rules.declare import GAMES

from .access_world import client_for, module_world

pytestmark = pytest.mark.django_db

# Hostile values, as they go into the URL (already percent-encoded where they need to be).
HOSTILE = {
    "nul": "a%00b%01",  # with a control character
    "digits30": "1" * 30,
    "long": "x" * 5000,
    "dotdot": "..%2F",
    "bad-utf8": "%C3%28",
}
# Hostile values of the common query parameters: every path value for the page number, and for the texts
# the values that are not plain text (a 30-digit or '../' text is just a word to search for).
TEXT_HOSTILE = {k: HOSTILE[k] for k in ("nul", "long", "bad-utf8")}
HOSTILE_QUERY = {
    "page": {**HOSTILE, "huge": "106672589938846188175360", "bigint": "200000000000000000", "negative": "-1"},
    "q": TEXT_HOSTILE,
    "sort": TEXT_HOSTILE,
    "game": TEXT_HOSTILE,
}


@pytest.fixture(scope="module")
def world(django_db_setup, django_db_blocker, tmp_path_factory):
    yield from module_world(django_db_blocker, tmp_path_factory)


def walk(resolver=None, prefix: str = ""):
    """(route text, pattern) of every URL pattern, the routes of included resolvers joined to their prefix."""
    resolver = resolver or get_resolver()
    for pattern in resolver.url_patterns:
        route = prefix + _text(pattern.pattern)
        if isinstance(pattern, URLResolver):
            yield from walk(pattern, route)
        elif isinstance(pattern, URLPattern):
            yield route, pattern


def _text(pattern) -> str:
    """A pattern as route text: a regex pattern's named groups become <name>, its anchors and escapes go."""
    text = str(pattern)
    if not hasattr(pattern, "converters") or pattern.__class__.__name__ == "RegexPattern":
        text = text.lstrip("^").rstrip("$").replace("\\Z", "")
        text = re.sub(r"\(\?P<(\w+)>[^)]*\)", r"<\1>", text)
        text = text.replace("/?", "/").replace("\\.", ".").replace("\\", "")
    return text


PARAM = re.compile(r"<(?:(\w+):)?(\w+)>")


def plausible(w, route: str, name: str, converter: str = "") -> str:
    """A value naming a real object of the world for parameter `name` (its converter) of `route`."""
    first = next(iter(GAMES))
    if name in ("slug", "game") or converter == "slug":
        return first
    if name == "format":
        return "json"
    if name in ("size",):
        return "240"
    if name == "fmt":
        return "tts"
    if name == "number":
        return "1"
    if name in ("session_id",) or route.startswith("api/goldfish"):
        return str(w.gs.pk)
    if route.startswith(("simulations/", "api/simulations")):
        return w.sim.token
    if route.startswith(("card-reports/", "api/card-reports")):
        return w.report.token
    if route.startswith("print/jobs/"):
        return w.job.token
    if route.startswith("pools/s/"):
        return w.pool_unl.share_token
    if route.startswith("decks/s/"):
        return w.unl.share_token
    if route.startswith(("pools/", "api/pools")):
        return str(w.pool.pk)
    if route.startswith(("decks/", "api/decks")):
        return str(w.priv.pk)
    if route.startswith(("cards/", "api/cards")):
        return str(w.card.pk)
    return "1"


def urls_for(w, route: str):
    """(label, url) for each parameter of the route filled with each hostile value, the others plausible."""
    params = [m.group(2) for m in PARAM.finditer(route)]
    base = {m.group(2): plausible(w, route, m.group(2), m.group(1) or "") for m in PARAM.finditer(route)}

    def fill(values):
        return "/" + PARAM.sub(lambda m: values[m.group(2)], route)

    for name in params:
        for label, value in HOSTILE.items():
            yield f"{name}={label}", fill({**base, name: value})
    yield "plausible", fill({k: quote(v, safe="") for k, v in base.items()})


def routes():
    seen = set()
    for route, pattern in walk():
        if route not in seen:
            seen.add(route)
            yield route, pattern


@pytest.fixture
def errors():
    """The tracebacks of the exceptions views raised (the test client turns them into 500s here)."""
    caught: list[str] = []

    def keep(sender, request=None, **kwargs):
        caught.append(traceback.format_exc())

    got_request_exception.connect(keep)
    yield caught
    got_request_exception.disconnect(keep)


def _ask(client, method: str, url: str):
    """One request, rolled back (a POST that deletes the deck must not take it from the routes after it),
    and the client's cookies kept (a POST to the sign-out must not sign the walk out)."""
    cookies = copy.deepcopy(client.cookies)
    with transaction.atomic():
        if method == "GET":
            response = client.generic("GET", url)
        else:
            response = client.generic("POST", url, "", content_type="application/x-www-form-urlencoded")
        transaction.set_rollback(True)
    client.cookies = cookies
    return response


DOCUMENTS = ("api/schema/", "api/docs/")  # the OpenAPI document and its viewer read no list parameters


def _lists(route: str) -> bool:
    """A route that may read the common query parameters: a page without parameters but the game's (the
    lists, the search, the forms that take ?game=), and the admin's card list (its search and pages)."""
    params = [m.group(2) for m in PARAM.finditer(route)]
    if route.startswith(DOCUMENTS):
        return False
    return set(params) <= {"slug", "format"} and not route.startswith("admin/") or route.endswith("admin/cards/card/")


def test_the_walk_finds_every_kind_of_route():
    found = [route for route, _ in routes()]
    assert len(found) > 100
    assert any(r.startswith("admin/") for r in found) and any(r.startswith("api/") for r in found)
    assert any("<token:" in r for r in found) and any("<int:" in r for r in found)


def _cases(w, route: str):
    """(label, url) of the route's hostile requests, and its plain (plausible) URL."""
    cases = list(urls_for(w, route))
    plain = cases[-1][1]
    if _lists(route):
        cases += [(f"?{p}={label}", f"{plain}?{p}={value}") for p, values in HOSTILE_QUERY.items() for label, value in values.items()]
    return cases


def test_no_url_of_the_project_answers_5xx_to_hostile_values(world, errors, settings):
    settings.API_THROTTLE_RATES = {"anon": None, "user": None}
    clients = {role: client_for(world, role, raise_request_exception=False) for role in ("anon", "owner", "superuser")}
    failures, times = [], {}
    asked = 0
    answered = set()  # routes whose plausible URL the owner opened (2xx or 3xx)
    for route, _pattern in routes():
        roles = ("superuser",) if route.startswith("admin/") else ("anon", "owner")
        for role in roles:
            for label, url in _cases(world, route):
                if label.startswith("?") and role == "owner":
                    continue  # hostile query values: anonymously (the lists read them alike for everyone)
                # POST as the signed-in user (what a form or an API write reads), with the hostile path
                methods = ("GET", "POST") if role != "anon" and not label.startswith("?") else ("GET",)
                for method in methods:
                    del errors[:]
                    start = time.perf_counter()
                    response = _ask(clients[role], method, url)
                    times[route] = times.get(route, 0.0) + time.perf_counter() - start
                    asked += 1
                    if label == "plausible" and role == "owner" and method == "GET" and response.status_code < 400:
                        answered.add(route)
                    if response.status_code >= 500:
                        failures.append(f"{role} {method} /{route} [{label}] -> {response.status_code}\n"
                                        + (errors[-1] if errors else ""))
    if os.environ.get("WALK_TIMES"):  # where the walk's time goes, slowest routes first
        with open(os.environ["WALK_TIMES"], "w") as out:
            for route, seconds in sorted(times.items(), key=lambda item: -item[1]):
                print(f"{seconds:7.2f} {route}", file=out)
            print(asked, sum(times.values()), file=out)
    assert asked > 1000
    pages = [route for route, _ in routes() if not route.startswith(("admin/", "media/"))]
    if os.environ.get("WALK_TIMES"):
        with open(os.environ["WALK_TIMES"], "a") as out:
            print("answered", len(answered), "of", len(pages), sorted(set(pages) - answered), file=out)
    assert len(answered) > len(pages) / 2, f"only {len(answered)} of {len(pages)} plausible URLs answered"
    assert not failures, f"{len(failures)} of {asked} requests answered 5xx:\n" + "\n".join(failures[:15])
