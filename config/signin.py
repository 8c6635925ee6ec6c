"""The sign-in forms of the site and of the admin, throttled by the address they come from (the same
rule as the API's throttles: config.throttles.client_address)."""

import hashlib
import math

from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth.forms import AuthenticationForm
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from . import ratelimit
from .throttles import client_address

# Sign-in throttling: after LOGIN_FAILURES failed attempts for one username from one address (or
# LOGIN_FAILURES_PER_ADDRESS for any usernames from one address) within LOGIN_LOCKOUT_SECONDS, sign-in is
# refused, even with the right password, until the window passes. Counted in the database
# (config.ratelimit): each attempt takes its place in the count before the password is checked, atomically,
# so parallel attempts can never check more passwords than the limit; a sign-in that succeeds gives its
# place back.
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
        taken = []
        for key, limit in self._keys():
            hit = ratelimit.hit(key, limit, LOGIN_LOCKOUT_SECONDS)
            if not hit.allowed:
                for earlier in taken:
                    ratelimit.release(earlier)
                minutes = max(1, math.ceil(hit.retry_after / 60))
                raise ValidationError(self.throttled_message, code="throttled", params={"minutes": minutes})
            taken.append(key)
        result = super().clean()  # a failure raises and keeps its place in the counts
        for key in taken:
            ratelimit.release(key)
        return result


class ThrottledAuthenticationForm(LoginThrottle, AuthenticationForm):
    pass


class ThrottledAdminAuthenticationForm(LoginThrottle, AdminAuthenticationForm):
    pass
