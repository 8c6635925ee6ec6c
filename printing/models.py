from django.db import models
from django.utils.translation import gettext_lazy as _

from cards.models import Game, validate_new_image
from jobs.models import Job, JobStatus


def back_path(instance, filename):
    return f"backs/{instance.game_id}/{filename}"


class CardBack(models.Model):
    """A game's uploaded card back, printed instead of the drawn default back (editors of the game)."""

    game = models.OneToOneField(Game, on_delete=models.CASCADE, primary_key=True, related_name="card_back", verbose_name=_("game"))
    image = models.ImageField(_("image"), upload_to=back_path, validators=[validate_new_image], max_length=200)
    updated_at = models.DateTimeField(_("updated at"), auto_now=True)

    class Meta:
        verbose_name = _("card back")
        verbose_name_plural = _("card backs")

    def __str__(self):
        return str(self.game)


def new_job_token() -> str:
    import secrets

    return secrets.token_urlsafe(16)


class PrintJob(Job):
    """A PDF (or an export's zip) made in the background (big prints): its options, progress and the
    finished file. Its lifecycle (queued → running → done | failed, heartbeat, recovery) is jobs.Job's."""

    token = models.CharField(_("token"), max_length=32, unique=True, default=new_job_token, editable=False)
    owner = models.ForeignKey("auth.User", on_delete=models.CASCADE, null=True, blank=True, related_name="print_jobs", verbose_name=_("owner"))
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="print_jobs", verbose_name=_("game"))
    title = models.CharField(_("title"), max_length=200)
    # What to print: card id -> copies (already resolved from the deck, pool or set when the job was made).
    counts = models.JSONField(_("cards"), default=dict)
    # A deck's sections in their declared order, each printed on sheets of its own: [{"label", "counts"}].
    groups = models.JSONField(_("sections"), default=list, blank=True)
    options = models.JSONField(_("options"), default=dict)  # PrintOptions fields
    done = models.PositiveIntegerField(_("cards done"), default=0)
    total = models.PositiveIntegerField(_("total cards"), default=0)
    file = models.FileField(_("file"), upload_to="prints/", blank=True, max_length=200)
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        verbose_name = _("print job")
        verbose_name_plural = _("print jobs")
        ordering = ["-created_at"]

    def __str__(self):
        return f"{self.title} ({self.status})"

    @property
    def export_format(self) -> str:
        """"tts", "cockatrice" or "images" for an export's zip (printing.exports); "" for a PDF."""
        return (self.options or {}).get("export", "")

    @property
    def percent(self) -> int:
        return int(100 * self.done / self.total) if self.total else 0

    @property
    def makes(self) -> str:
        """What the job makes, for the progress page: "PDF" or "zip"."""
        return "zip" if self.export_format else "PDF"

    @property
    def status_label(self) -> str:
        """The state in the player's words, saying what is being made (a PDF or a zip)."""
        if self.status == JobStatus.QUEUED:
            return str(_("Waiting for a worker"))
        if self.status == JobStatus.RUNNING:
            return str(_("Making the zip") if self.export_format else _("Making the PDF"))
        if self.status == JobStatus.DONE:
            return str(_("Ready"))
        return str(_("Failed"))
