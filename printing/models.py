from django.db import models
from django.utils.translation import gettext_lazy as _

from cards.models import Game, validate_new_image


def back_path(instance, filename):
    return f"backs/{instance.game_id}/{filename}"


class CardBack(models.Model):
    """A game's uploaded card back, printed instead of the drawn default back (editors of the game)."""

    game = models.OneToOneField(Game, on_delete=models.CASCADE, primary_key=True, related_name="card_back", verbose_name=_("game"))
    image = models.ImageField(_("image"), upload_to=back_path, validators=[validate_new_image], max_length=200)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name = _("card back")
        verbose_name_plural = _("card backs")

    def __str__(self):
        return str(self.game)
