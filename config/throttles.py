"""Who a request comes from, and the API's rate limits.

Behind reverse proxies (PROXY_COUNT of them, each appending to X-Forwarded-For) REMOTE_ADDR is the nearest
proxy, so the client is the address the outermost trusted proxy saw; anything further left in the header
was written by the client and is not trusted (so the proxies must be the only way in: gunicorn listens on
loopback). An IPv6 client is counted by its /64 network. The sign-in throttle and the API throttles use the
same rule.

The API's rates are read from settings.API_THROTTLE_RATES when a request arrives (DRF's own classes read
theirs once at import), so deployments set them by environment and tests can change them per test.
"""

import ipaddress

from django.conf import settings
from rest_framework.throttling import AnonRateThrottle, UserRateThrottle


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


class _SettingsRate:
    def get_rate(self):
        return (getattr(settings, "API_THROTTLE_RATES", None) or {}).get(self.scope)

    def get_ident(self, request):
        return client_address(request)


class AnonApiThrottle(_SettingsRate, AnonRateThrottle):
    """Anonymous clients, counted per address."""


class UserApiThrottle(_SettingsRate, UserRateThrottle):
    """Signed-in clients (session or token), counted per account; anonymous ones per address."""
