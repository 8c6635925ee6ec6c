"""The sign-in forms of the site and of the admin, throttled by the address they come from (the same
rule as the API's throttles: config.throttles.client_address)."""

import hashlib

from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth.forms import AuthenticationForm
from django.core.cache import cache
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from .throttles import client_address

# Sign-in throttling: after LOGIN_FAILURES failed attempts for one username from one address (or
# LOGIN_FAILURES_PER_ADDRESS for any usernames from one address) within LOGIN_LOCKOUT_SECONDS, sign-in is
# refused, even with the right password, until the window passes. Counted in the default cache (set a
# shared cache in production so that every server process counts together).
LOGIN_FAILURES = 5
LOGIN_FAILURES_PER_ADDRESS = 20
LOGIN_LOCKOUT_SECONDS = 15 * 60


class LoginThrottle:
    """For a sign-in form (AuthenticationForm or the admin's): refuses while the address is locked out and
    counts each failure."""

    throttled_message = _("Too many failed sign-ins from your address. Try again in %(minutes)s minutes.")

    def _keys(self) -> list[tuple[str, int]]:
        address = client_address(self.request) if self.request else "-"
        username = (self.data.get("username") or "").strip().lower()[:150]
        digest = hashlib.sha256(f"{address}\0{username}".encode()).hexdigest()
        return [(f"login-fail:{digest}", LOGIN_FAILURES), (f"login-fail-ip:{address}", LOGIN_FAILURES_PER_ADDRESS)]

    def clean(self):
        keys = self._keys()
        if any((cache.get(key) or 0) >= limit for key, limit in keys):
            raise ValidationError(self.throttled_message, code="throttled", params={"minutes": LOGIN_LOCKOUT_SECONDS // 60})
        try:
            return super().clean()
        except ValidationError:
            for key, _limit in keys:
                if not cache.add(key, 1, LOGIN_LOCKOUT_SECONDS):
                    try:
                        cache.incr(key)
                    except ValueError:  # expired in between
                        cache.add(key, 1, LOGIN_LOCKOUT_SECONDS)
            raise


class ThrottledAuthenticationForm(LoginThrottle, AuthenticationForm):
    pass


class ThrottledAdminAuthenticationForm(LoginThrottle, AdminAuthenticationForm):
    pass
