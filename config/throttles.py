"""Who a request comes from, and the API's rate limits.

Behind reverse proxies (PROXY_COUNT of them, each appending to X-Forwarded-For) REMOTE_ADDR is the nearest
proxy, so the client is the address the outermost trusted proxy saw; anything further left in the header
was written by the client and is not trusted (so the proxies must be the only way in: gunicorn listens on
loopback). An IPv6 client is counted by its /64 network. The sign-in throttle and the API throttles use the
same rule.

The API's rates are read from settings.API_THROTTLE_RATES (anon, user) and settings.THROTTLE_RATES (the
scopes: check, signup, download) when a request arrives (DRF's own classes read theirs once at import), so
deployments set them by environment and tests can change them per test. Every throttle counts in the
database through config.ratelimit (one atomic statement per request), not in DRF's cache history, which
parallel requests overwrote (ApiThrottle says why it is one class).

Pages are throttled by `ThrottleMiddleware`: a view declares `throttle_scope` (as DRF views do) and the
middleware counts the methods PAGE_SCOPES names for that scope; past the rate it answers 429 with the
site's page saying when to try again (templates/429.html) and a Retry-After header. The check page shares
its count with the API's validate action (scope "check", per account or else per address); signup and the
direct downloads count per address.
"""

import ipaddress
import math

from django.conf import settings
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, ngettext
from rest_framework.throttling import BaseThrottle, SimpleRateThrottle

from . import ratelimit


def _bucket(text: str) -> str:
    """The address a client is counted under: an IPv4 address as it is (also when written as IPv6), an IPv6
    address by its /64 network (one host commonly holds a whole /64), a port dropped."""
    text = text.strip().strip('"')
    if text.startswith("[") and "]" in text:  # [v6]:port
        text = text[1 : text.index("]")]
    elif text.count(":") == 1:  # v4:port
        text = text.split(":")[0]
    try:
        ip = ipaddress.ip_address(text)
    except ValueError:
        return text[:64] or "-"
    if ip.version == 6:
        if ip.ipv4_mapped:
            return str(ip.ipv4_mapped)
        return f"{ipaddress.ip_network(f'{ip}/64', strict=False).network_address}/64"
    return str(ip)


def client_address(request) -> str:
    meta = request.META
    proxies = getattr(settings, "PROXY_COUNT", 0)
    forwarded = meta.get("HTTP_X_FORWARDED_FOR", "")
    if proxies and forwarded:
        hops = [hop.strip() for hop in forwarded.split(",") if hop.strip()]
        if hops:
            # hops[-1] was written by the nearest proxy, hops[-PROXY_COUNT] by the outermost trusted one.
            return _bucket(hops[-min(proxies, len(hops))])
    return _bucket(meta.get("REMOTE_ADDR", ""))  # "-" when there is none


def rate_of(scope: str) -> str | None:
    """The rate set for a scope (e.g. "300/minute"), or None when it is off."""
    for name in ("API_THROTTLE_RATES", "THROTTLE_RATES"):
        rates = getattr(settings, name, None) or {}
        if scope in rates:
            return rates[scope]
    return None


def parse_rate(rate: str) -> tuple[int, int]:
    """"300/minute" -> (300, 60): requests, seconds (as DRF reads a rate: the period's first letter)."""
    count, period = rate.split("/")
    return int(count), {"s": 1, "m": 60, "h": 3600, "d": 86400}[period[0]]


class ApiThrottle(BaseThrottle):
    """The API's throttle: an anonymous client counts in "anon" per address, a signed-in one (session or
    token) in "user" per account, and a view that names a `throttle_scope` (the validate action: "check")
    also in that scope, under the same key as the pages of the scope.

    One class for all of them, not DRF's one class per rate: DRF asks every throttle class and each counts
    the request, so a request one rate refuses would still use up a place in the others (and parallel
    requests let fewer than the limit through). Here the counts are taken in turn, and when one refuses,
    the places already taken are given back."""

    retry_after = None

    def limits(self, request, view) -> list[tuple[str, int, int]]:
        """(key, requests, seconds) of every rate this request counts against, the scope's first."""
        out = []
        scope = getattr(view, "throttle_scope", None)
        if scope and rate_of(scope):
            out.append((page_key(scope, request), *parse_rate(rate_of(scope))))
        user = getattr(request, "user", None)
        general, ident = ("user", user.pk) if user is not None and user.is_authenticated else ("anon", client_address(request))
        if rate_of(general):
            out.append((SimpleRateThrottle.cache_format % {"scope": general, "ident": ident}, *parse_rate(rate_of(general))))
        return out

    def allow_request(self, request, view):
        self.retry_after = None
        taken = []
        for key, limit, period in self.limits(request, view):
            hit = ratelimit.hit(key, limit, period)
            if not hit.allowed:
                for earlier in taken:
                    ratelimit.release(earlier)
                self.retry_after = hit.retry_after
                return False
            taken.append(key)
        return True

    def wait(self):
        return self.retry_after


# -- pages -----------------------------------------------------------------------------------------------

# The methods each page scope counts: a form is free to show and counted when sent; a download always.
PAGE_SCOPES = {
    "check": {"POST"},
    "signup": {"POST"},
    "download": {"GET", "HEAD"},
}
PER_ADDRESS = {"signup", "download"}  # counted per address even for a signed-in client


def page_key(scope: str, request) -> str:
    """The counter a page request of `scope` counts in: DRF's key for the scope (so the check page and the
    validate API share one count), per address for PER_ADDRESS scopes."""
    user = getattr(request, "user", None)
    if scope not in PER_ADDRESS and user is not None and user.is_authenticated:
        ident = user.pk
    else:
        ident = client_address(request)
    return SimpleRateThrottle.cache_format % {"scope": scope, "ident": ident}


def retry_text(seconds: int) -> str:
    if seconds < 120:
        return ngettext("in %(count)s second", "in %(count)s seconds", seconds) % {"count": seconds}
    minutes = math.ceil(seconds / 60)
    return ngettext("in %(count)s minute", "in %(count)s minutes", minutes) % {"count": minutes}


class ThrottleMiddleware:
    """Counts the page requests of views that declare a `throttle_scope` (see the module doc)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_view(self, request, view_func, view_args, view_kwargs):
        scope = getattr(view_func, "throttle_scope", None)
        if scope is None or request.method not in PAGE_SCOPES.get(scope, ()):
            return None
        rate = rate_of(scope)
        if rate is None:
            return None
        limit, period = parse_rate(rate)
        hit = ratelimit.hit(page_key(scope, request), limit, period)
        if hit.allowed:
            return None
        response = render(
            request, "429.html",
            {"retry": retry_text(hit.retry_after), "what": _(SCOPE_LABELS.get(scope, SCOPE_LABELS["check"]))},
            status=429,
        )  # fmt: skip
        response["Retry-After"] = str(hit.retry_after)
        return response


# What the refusal page says was asked too often (translated when shown).
SCOPE_LABELS = {
    "check": gettext_noop("decklist checks"),
    "signup": gettext_noop("account sign-ups"),
    "download": gettext_noop("downloads"),
}
