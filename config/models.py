"""The site's own table: the counters of its rate limits (config/ratelimit.py)."""

from django.db import models
from django.utils.translation import gettext_lazy as _


class RateCounter(models.Model):
    """How many requests one rate-limit key has had in its current window, and when the window ends.

    Written only by config.ratelimit, in one atomic statement per request; a row whose window has ended is
    started afresh by the key's next request, and pruned."""

    key = models.CharField(_("key"), max_length=200, primary_key=True)
    hits = models.PositiveIntegerField(_("requests counted"))
    expires = models.FloatField(_("window ends (Unix time)"), db_index=True)

    class Meta:
        verbose_name = _("rate counter")
        verbose_name_plural = _("rate counters")

    def __str__(self):
        return f"{self.key}: {self.hits}"
