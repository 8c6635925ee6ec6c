"""Goldfish sessions: one solitaire game on the rules engine, stored so that a reload resumes it and its
link replays it.

A session keeps what the engine needs to rebuild the game (`setup`: game, the deck snapshot, seed and
options), the actions played (`actions`) and undone (`redo`), and a cached copy of the engine's state so a
request does not replay the whole log. `version` counts the writes: a client sends the version it saw and
a stale one is refused (409).
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from cards.models import Game


def new_session_id() -> str:
    """A public, unguessable id for URLs (never sequential)."""
    return secrets.token_urlsafe(12)


class SourceKind(models.TextChoices):
    DECK = "deck", _("Deck")
    POOL = "pool", _("Pool")
    DECKLIST = "decklist", _("Decklist")


class GoldfishSession(models.Model):
    id = models.CharField(primary_key=True, max_length=24, default=new_session_id, editable=False)
    # A signed-in player owns their sessions by account; an anonymous one through a random key kept in
    # their Django session (only its SHA-256 is stored here).
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="goldfish_sessions",
        verbose_name=_("owner"),
    )
    owner_key = models.CharField(max_length=64, blank=True, default="", editable=False, db_index=True)
    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="goldfish_sessions", verbose_name=_("game"))
    source_kind = models.CharField(_("started from"), max_length=10, choices=SourceKind.choices)
    source_name = models.CharField(_("deck name"), max_length=200, blank=True)
    deck = models.ForeignKey("decks.Deck", on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    deck_revision = models.PositiveIntegerField(null=True, blank=True)
    pool = models.ForeignKey("decks.Pool", on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    regulation_code = models.CharField(max_length=40, blank=True)
    decklist = models.TextField(blank=True)  # the pasted text, when started from one
    seed = models.PositiveBigIntegerField(_("seed"))
    # {"game", "decks", "seed", "options"}: what rules.engine.new_game needs to rebuild the game.
    setup = models.JSONField(default=dict)
    actions = models.JSONField(default=list)  # the log's actions, in order
    redo = models.JSONField(default=list)  # undone actions that can be redone, in order
    # The engine's state after `actions` (without its setup, kept above), and the engine version it was
    # made by; rebuilt by replay when missing or made by another version.
    state = models.JSONField(null=True, blank=True)
    engine_version = models.PositiveIntegerField(default=0)
    faces = models.JSONField(default=dict)  # card id -> URL of its drawn face
    result = models.JSONField(null=True, blank=True)  # the engine's result, for lists
    version = models.PositiveIntegerField(default=0, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-updated_at"]
        verbose_name = _("goldfish game")
        verbose_name_plural = _("goldfish games")
        indexes = [
            models.Index(fields=["owner", "-updated_at"]),
            models.Index(fields=["owner_key", "-updated_at"]),
            models.Index(fields=["updated_at"]),
        ]

    def __str__(self):
        return f"{self.game_id}: {self.source_name or self.id}"

    def get_absolute_url(self):
        return reverse("goldfish_play", args=[self.id])

    @property
    def steps(self) -> int:
        return len(self.actions or [])
