"""Who a request comes from, and the API's rate limits.

Behind reverse proxies (PROXY_COUNT of them, each appending to X-Forwarded-For) REMOTE_ADDR is the nearest
proxy, so the client is the address the outermost trusted proxy saw; anything further left in the header
was written by the client and is not trusted. The sign-in throttle and the API throttles use the same rule.

The API's rates are read from settings.API_THROTTLE_RATES when a request arrives (DRF's own classes read
theirs once at import), so deployments set them by environment and tests can change them per test.
"""

from django.conf import settings
from rest_framework.throttling import AnonRateThrottle, UserRateThrottle


def client_address(request) -> str:
    meta = request.META
    proxies = getattr(settings, "PROXY_COUNT", 0)
    forwarded = meta.get("HTTP_X_FORWARDED_FOR", "")
    if proxies and forwarded:
        hops = [hop.strip() for hop in forwarded.split(",") if hop.strip()]
        if hops:
            return hops[-min(proxies, len(hops))]
    return meta.get("REMOTE_ADDR", "") or "-"


class _SettingsRate:
    def get_rate(self):
        return (getattr(settings, "API_THROTTLE_RATES", None) or {}).get(self.scope)

    def get_ident(self, request):
        return client_address(request)


class AnonApiThrottle(_SettingsRate, AnonRateThrottle):
    """Anonymous clients, counted per address."""


class UserApiThrottle(_SettingsRate, UserRateThrottle):
    """Signed-in clients (session or token), counted per account; anonymous ones per address."""
