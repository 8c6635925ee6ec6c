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
from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from cards.models import Game
from jobs.models import WORKER_LOST, Job, JobStatus


def _progress_label(status: str) -> str:
    """A simulation's or card report's state in the player's words (what is being made: games played)."""
    if status == JobStatus.QUEUED:
        return gettext("Waiting for a worker")
    if status == JobStatus.RUNNING:
        return gettext("Playing the games")
    if status == JobStatus.DONE:
        return gettext("Done")
    return gettext("Failed")


def new_session_id() -> str:
    """A public, unguessable id for URLs (never sequential)."""
    return secrets.token_urlsafe(12)


class SourceKind(models.TextChoices):
    DECK = "deck", _("Deck")
    POOL = "pool", _("Pool")
    DECKLIST = "decklist", _("Decklist")


class GoldfishSession(models.Model):
    id = models.CharField(_("ID"), primary_key=True, max_length=24, default=new_session_id, editable=False)
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
    owner_key = models.CharField(_("visitor key"), max_length=64, blank=True, default="", editable=False, db_index=True)
    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="goldfish_sessions", verbose_name=_("game"))
    source_kind = models.CharField(_("started from"), max_length=10, choices=SourceKind.choices)
    source_name = models.CharField(_("deck name"), max_length=200, blank=True)
    deck = models.ForeignKey("decks.Deck", on_delete=models.SET_NULL, null=True, blank=True, related_name="+", verbose_name=_("deck"))
    deck_revision = models.PositiveIntegerField(_("deck revision"), null=True, blank=True)
    pool = models.ForeignKey("decks.Pool", on_delete=models.SET_NULL, null=True, blank=True, related_name="+", verbose_name=_("pool"))
    regulation_code = models.CharField(_("regulation code"), max_length=40, blank=True)
    decklist = models.TextField(_("decklist"), blank=True)  # the pasted text, when started from one
    seed = models.PositiveBigIntegerField(_("seed"))
    # {"game", "decks", "seed", "options"}: what rules.engine.new_game needs to rebuild the game.
    setup = models.JSONField(_("setup"), default=dict)
    actions = models.JSONField(_("actions"), default=list)  # the log's actions, in order
    redo = models.JSONField(_("actions to redo"), default=list)  # undone actions that can be redone, in order
    # The engine's state after `actions` (without its setup, kept above), and the engine version it was
    # made by; rebuilt by replay when missing or made by another version.
    state = models.JSONField(_("engine state"), null=True, blank=True)
    engine_version = models.PositiveIntegerField(_("engine version"), default=0)
    faces = models.JSONField(_("card faces"), default=dict)  # card id -> URL of its drawn face
    result = models.JSONField(_("result"), null=True, blank=True)  # the engine's result, for lists
    version = models.PositiveIntegerField(_("version"), default=0, editable=False)
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    updated_at = models.DateTimeField(_("updated at"), auto_now=True)

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


class GamesProgress:
    """How far a job that plays games is, for its page and status.json: `total` games to play (its games,
    unless the job plays them more than once), `done` played so far, its state in the player's words."""

    @property
    def total(self) -> int:
        return self.games

    @property
    def percent(self) -> int:
        return int(100 * self.done / self.total) if self.total else 0

    @property
    def status_label(self) -> str:
        return _progress_label(self.status)

    # Why it failed, in the player's words: after its worker was lost three times (WORKER_LOST), or otherwise.
    LOST_MESSAGE = FAILED_MESSAGE = ""

    @property
    def failure_message(self) -> str:
        """Why it failed, in the player's words ("" unless failed)."""
        if self.status != self.Status.FAILED:
            return ""
        return str(self.LOST_MESSAGE if self.error == WORKER_LOST else self.FAILED_MESSAGE)


def new_simulation_token() -> str:
    return secrets.token_urlsafe(12)


class Simulation(GamesProgress, models.Model):
    """Thousands of autopilot games of one deck revision (game i from seed + i), run by task workers in
    pieces (SimulationChunk) and summarized when the last piece is in. One row per (deck, revision, games,
    seed, turn cap, engine version): the same request again links to the same results."""

    class Status(models.TextChoices):
        QUEUED = "queued", _("Queued")
        RUNNING = "running", _("Running")
        DONE = "done", _("Done")
        FAILED = "failed", _("Failed")

    token = models.CharField(_("token"), max_length=24, unique=True, default=new_simulation_token, editable=False)
    deck = models.ForeignKey("decks.Deck", on_delete=models.CASCADE, related_name="simulations", verbose_name=_("deck"))
    revision = models.PositiveIntegerField(_("revision"))
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="simulations", verbose_name=_("game"))
    games = models.PositiveIntegerField(_("games played"))
    seed = models.BigIntegerField(_("seed"))
    turn_cap = models.PositiveSmallIntegerField(_("turn cap"))
    engine_version = models.PositiveSmallIntegerField(_("engine version"))
    # What the workers play: the engine's decks of that revision, fixed when the simulation was asked for.
    decks = models.JSONField(_("decks"), default=list)
    status = models.CharField(_("status"), max_length=10, choices=Status.choices, default=Status.QUEUED)
    done = models.PositiveIntegerField(_("games done"), default=0)  # games played so far
    chunks = models.PositiveIntegerField(_("chunks"), default=0)
    chunks_done = models.PositiveIntegerField(_("chunks done"), default=0)
    result = models.JSONField(_("result"), null=True, blank=True)
    error = models.TextField(_("error"), blank=True)
    requested_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+", verbose_name=_("requested by"))
    requester_key = models.CharField(_("requester key"), max_length=64, blank=True)  # an anonymous requester's key digest
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    finished_at = models.DateTimeField(_("finished at"), null=True, blank=True)

    class Meta:
        verbose_name = _("simulation")
        verbose_name_plural = _("simulations")
        ordering = ["-created_at"]
        constraints = [
            models.UniqueConstraint(
                fields=["deck", "revision", "games", "seed", "turn_cap", "engine_version"], name="simulation_unique"
            )
        ]

    def __str__(self):
        return f"{self.deck_id}#{self.revision} {self.games}×{self.seed} ({self.status})"

    def get_absolute_url(self):
        return reverse("simulation", args=[self.token])

    @property
    def finished(self) -> bool:
        return self.status in (self.Status.DONE, self.Status.FAILED)

    LOST_MESSAGE = _("The simulation stopped three times while its games were being played. Try again.")
    FAILED_MESSAGE = pgettext_lazy("simulation", "The simulation failed. Try again.")


class GamesPiece(Job):
    """Games start .. start+count-1 of a job that plays games in pieces (a simulation, a card report, a matchup):
    one background job (jobs.Job's lifecycle), any worker's; its tallies when played, cleared once the whole is
    made of them. Each kind adds the key to what it is a piece of."""

    index = models.PositiveIntegerField(_("index"))
    start = models.PositiveIntegerField(_("first game"))
    count = models.PositiveIntegerField(_("games"))
    tally = models.JSONField(_("tally"), null=True, blank=True)

    class Meta:
        abstract = True


class SimulationChunk(GamesPiece):
    """Games start .. start+count-1 of a simulation: one background job (jobs.Job's lifecycle); its tallies
    when played (cleared once the simulation is summarized)."""

    simulation = models.ForeignKey(Simulation, on_delete=models.CASCADE, related_name="pieces", verbose_name=_("simulation"))

    class Meta:
        verbose_name = _("simulation chunk")
        verbose_name_plural = _("simulation chunks")
        ordering = ["index"]
        constraints = [models.UniqueConstraint(fields=["simulation", "index"], name="simulation_chunk_unique")]

    def __str__(self):
        return f"{self.simulation_id}[{self.start}:{self.start + self.count}]"


def new_report_token() -> str:
    return secrets.token_urlsafe(12)


class CardReport(GamesProgress, Job):
    """The designer report of one deck revision (rules/engine/report.py): per card, how the deck wins with
    and without it; with a swap (every copy of `swap_old` replaced by the card `swap_new`, both card keys) it
    plays the same seeds twice and keeps what changed. One row per (deck, revision, games, seed, turn cap,
    swap, engine version): the same request links to the same report.

    Its games are played by the task workers in pieces (CardReportPiece, the background jobs), as a
    simulation's are, and the report is made from the pieces' tallies when the last one is in: its status
    follows its pieces (queued, running once a piece started, done, failed when a piece failed). Its own
    Job fields other than status, error and finished_at are not used (the pieces have theirs)."""

    token = models.CharField(_("token"), max_length=24, unique=True, default=new_report_token, editable=False)
    deck = models.ForeignKey("decks.Deck", on_delete=models.CASCADE, related_name="card_reports", verbose_name=_("deck"))
    revision = models.PositiveIntegerField(_("revision"))
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="card_reports", verbose_name=_("game"))
    games = models.PositiveIntegerField(_("games played"))
    seed = models.BigIntegerField(_("seed"))
    turn_cap = models.PositiveSmallIntegerField(_("turn cap"))
    engine_version = models.PositiveSmallIntegerField(_("engine version"))
    swap_old = models.CharField(_("card swapped out"), max_length=40, blank=True, default="")
    swap_new = models.CharField(_("card swapped in"), max_length=40, blank=True, default="")
    decks = models.JSONField(_("decks"), default=list)  # the engine's decks of that revision
    new_card = models.JSONField(_("card swapped in (data)"), null=True, blank=True)
    done = models.PositiveIntegerField(_("games done"), default=0)  # a swap plays the games twice
    result = models.JSONField(_("result"), null=True, blank=True)
    requested_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+", verbose_name=_("requested by"))
    requester_key = models.CharField(_("requester key"), max_length=64, blank=True)
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        verbose_name = _("card report")
        verbose_name_plural = _("card reports")
        ordering = ["-created_at"]
        constraints = [
            models.UniqueConstraint(
                fields=["deck", "revision", "games", "seed", "turn_cap", "swap_old", "swap_new", "engine_version"],
                name="card_report_unique",
            )
        ]

    def __str__(self):
        swap = f" {self.swap_old}→{self.swap_new}" if self.swap_old else ""
        return f"{self.deck_id}#{self.revision} {self.games}×{self.seed}{swap} ({self.status})"

    def get_absolute_url(self):
        return reverse("card_report", args=[self.token])

    @property
    def total(self) -> int:
        """Games to play: twice the games for a swap."""
        return self.games * (2 if self.swap_old else 1)

    LOST_MESSAGE = _("The report stopped three times while its games were being played. Try again.")
    FAILED_MESSAGE = pgettext_lazy("card report", "The report failed. Try again.")


class CardReportPiece(GamesPiece):
    """Games start .. start+count-1 of a card report, of its deck or (`swapped`) of the swapped deck: one
    background job (jobs.Job's lifecycle); its tallies (rules.engine.report.observe_range) when played,
    cleared once the report is made."""

    report = models.ForeignKey(CardReport, on_delete=models.CASCADE, related_name="pieces", verbose_name=_("card report"))
    swapped = models.BooleanField(_("swapped deck"), default=False)

    class Meta:
        verbose_name = _("card report piece")
        verbose_name_plural = _("card report pieces")
        ordering = ["index"]
        constraints = [models.UniqueConstraint(fields=["report", "index"], name="card_report_piece_unique")]

    def __str__(self):
        return f"{self.report_id}{'*' if self.swapped else ''}[{self.start}:{self.start + self.count}]"


def new_matchup_token() -> str:
    return secrets.token_urlsafe(12)


class Matchup(GamesProgress, Job):
    """対戦シミュレーション (issue 34): one deck revision against one or more opponent decks (a gauntlet), each
    seat played by the game's AI from what it sees (rules/engine/versus.py). `result` is one matchup per
    opponent, in the order chosen.

    Its games are played by the task workers in pieces (MatchupPiece, the background jobs: issue 36), as a
    card report's are, and each opponent's matchup is made from its pieces' tallies when the last piece is in:
    its status follows its pieces (queued, running once a piece started, done, failed when a piece failed).
    Its own Job fields other than status, error and finished_at are not used (the pieces have theirs)."""

    token = models.CharField(_("token"), max_length=24, unique=True, default=new_matchup_token, editable=False)
    deck = models.ForeignKey("decks.Deck", on_delete=models.CASCADE, related_name="matchups", verbose_name=_("deck"))
    revision = models.PositiveIntegerField(_("revision"))
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="matchups", verbose_name=_("game"))
    games = models.PositiveIntegerField(_("games played"))
    seed = models.BigIntegerField(_("seed"))
    ai = models.CharField(_("AI level"), max_length=12, default="heuristic")
    engine_version = models.PositiveSmallIntegerField(_("engine version"))
    opponents = models.JSONField(_("opponents"), default=list)  # [{"deck": id, "name", "revision"}]
    decks = models.JSONField(_("decks"), default=dict)  # {"deck": engine cards, "opponents": [engine cards, …]}
    done = models.PositiveIntegerField(_("games done"), default=0)
    result = models.JSONField(_("result"), null=True, blank=True)
    requested_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+", verbose_name=_("requested by"))
    requester_key = models.CharField(_("requester key"), max_length=64, blank=True)
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        verbose_name = _("matchup")
        verbose_name_plural = _("matchups")
        ordering = ["-created_at"]

    def __str__(self):
        return f"{self.deck_id}#{self.revision} vs {len(self.opponents)} ({self.games}×{self.seed}, {self.status})"

    def get_absolute_url(self):
        return reverse("matchup", args=[self.token])

    @property
    def total(self) -> int:
        return self.games * len(self.opponents)

    LOST_MESSAGE = _("The matchup stopped three times while its games were being played. Try again.")
    FAILED_MESSAGE = pgettext_lazy("matchup", "The matchup failed. Try again.")


class MatchupPiece(GamesPiece):
    """Games start .. start+count-1 of a matchup against one of its opponents (`opponent`: its index in the
    matchup's opponents): one background job (jobs.Job's lifecycle); its tallies
    (rules.engine.versus.play_match_range) when played, cleared once the matchup is made."""

    matchup = models.ForeignKey(Matchup, on_delete=models.CASCADE, related_name="pieces", verbose_name=_("matchup"))
    opponent = models.PositiveSmallIntegerField(_("opponent"))

    class Meta:
        verbose_name = _("matchup piece")
        verbose_name_plural = _("matchup pieces")
        ordering = ["index"]
        constraints = [models.UniqueConstraint(fields=["matchup", "index"], name="matchup_piece_unique")]

    def __str__(self):
        return f"{self.matchup_id}/{self.opponent}[{self.start}:{self.start + self.count}]"
