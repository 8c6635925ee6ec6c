"""Regulations (formats) as dated, editable records; decks with sections, entries and revisions; pools."""

from __future__ import annotations

import secrets

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from cards.models import Card, Game
from rules.declare import UnknownGame, get_game
from rules.declare.fields import UNLIMITED
from rules.declare.regulation import Regulation as RulesRegulation
from rules.declare.regulation import SectionRule

MAX_COPIES = 999


def _lang() -> str:
    return get_language() or "ja"


def new_share_token() -> str:
    return secrets.token_urlsafe(12)


class Regulation(models.Model):
    """A format of one game: its sections and their sizes, copy limits and restricted list, from a date.

    The registry's regulations (rules.declare) are created after every migrate when missing and never
    overwritten, so the game's editors may change them in the admin or add dated ones.
    """

    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="regulations", verbose_name=_("game"))
    code = models.SlugField(_("code"), max_length=40, help_text=_("Short identifier, unique within the game."))
    name_ja = models.CharField(_("name (Japanese)"), max_length=200)
    name_en = models.CharField(_("name (English)"), max_length=200)
    effective_date = models.DateField(_("effective from"), null=True, blank=True)
    is_default = models.BooleanField(_("default for new decks"), default=False)
    copy_limit = models.PositiveSmallIntegerField(
        _("copies per name"),
        null=True,
        blank=True,
        validators=[MaxValueValidator(MAX_COPIES)],
        help_text=_("Empty: any number of copies."),
    )
    type_limits = models.JSONField(_("copies per card type"), default=dict, blank=True)
    options = models.JSONField(_("options"), default=dict, blank=True)
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    updated_at = models.DateTimeField(_("updated at"), auto_now=True)

    class Meta:
        ordering = ["game", "-is_default", "-effective_date", "code"]
        verbose_name = _("regulation")
        verbose_name_plural = _("regulations")
        constraints = [
            models.UniqueConstraint(fields=["game", "code"], name="regulation_code_unique_in_game"),
            models.UniqueConstraint(
                fields=["game"], condition=Q(is_default=True), name="one_default_regulation_per_game"
            ),
        ]

    def __str__(self):
        try:  # the game's name from the registry (no query), as every list shows it
            game = get_game(self.game_id).name(_lang())
        except UnknownGame:
            game = self.game_id
        return f"{game}: {self.name}"

    @property
    def name(self) -> str:
        return self.name_ja if _lang().startswith("ja") else self.name_en

    def clean(self):
        errors = {}
        if not isinstance(self.type_limits, dict) or not all(
            isinstance(k, str) and isinstance(v, int) and 0 <= v <= MAX_COPIES for k, v in self.type_limits.items()
        ):
            errors["type_limits"] = _("Expected an object of card type → number of copies, e.g. {\"天候\": 1}.")
        elif self.game_id:
            unknown = set(self.type_limits) - set(get_game(self.game_id).type_codes)
            if unknown:
                errors["type_limits"] = _("Unknown card types: %(types)s") % {"types": " ".join(sorted(unknown))}
        if not isinstance(self.options, dict):
            errors["options"] = _("Expected an object.")
        elif self.game_id:
            problems = get_game(self.game_id).regulation_option_errors(self.options)
            if problems:
                errors["options"] = "; ".join(problems)
        if errors:
            raise ValidationError(errors)

    def to_rules(self) -> RulesRegulation:
        """The plain-data regulation the construction rules read (rules.declare.regulation)."""
        cache = getattr(self, "_rules_cache", None)
        if cache is not None:
            return cache
        definition = get_game(self.game_id)
        base = definition.regulation_by_code(self.code) or definition.regulation
        # The registry's decklist words for a section are read with the stored ones (a game declares new
        # words, e.g. 山札, and regulations stored before read them too).
        declared: dict[str, tuple[str, ...]] = {}
        for registry in definition.regulations:
            for section in registry.sections:
                declared[section.key] = (*declared.get(section.key, ()), *section.headers)
        sections = tuple(s.to_rules(declared.get(s.key, ())) for s in self.sections.all())
        limits, spellings = {}, {}
        for limit in self.card_limits.all():
            limits[limit.card_name] = UNLIMITED if limit.copies is None else limit.copies
            if limit.names[1:]:
                spellings[limit.card_name] = tuple(limit.names[1:])
        rules = RulesRegulation(
            name_ja=self.name_ja,
            name_en=self.name_en,
            code=self.code,
            effective=self.effective_date.isoformat() if self.effective_date else "",
            sections=sections or (base.sections if base else ()),
            copy_limit=self.copy_limit,
            type_limits=dict(self.type_limits or {}),
            card_limits=limits,
            spellings=spellings,
            list_names=dict(base.list_names) if base else {},
            options=dict(self.options or {}),
            basic=tuple((b.card_name, b.copies) for b in self.basic_cards.all()),
        )
        self._rules_cache = rules
        return rules


class RegistryRegulation(models.Model):
    """Marks a registry regulation as created once, so that one an editor deleted or renamed stays so."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, verbose_name=_("game"))
    code = models.CharField(_("code"), max_length=40)

    class Meta:
        verbose_name = _("regulation from the registry")
        verbose_name_plural = _("regulations from the registry")
        constraints = [models.UniqueConstraint(fields=["game", "code"], name="registry_regulation_once")]

    def __str__(self):
        return f"{self.game_id}:{self.code}"


class RegulationSection(models.Model):
    regulation = models.ForeignKey(Regulation, on_delete=models.CASCADE, related_name="sections", verbose_name=_("regulation"))
    key = models.SlugField(_("key"), max_length=20, help_text=_("main, skill, status, weather, entry …"))
    name_ja = models.CharField(_("name (Japanese)"), max_length=40)
    name_en = models.CharField(_("name (English)"), max_length=40)
    min_cards = models.PositiveSmallIntegerField(_("at least"), null=True, blank=True)
    max_cards = models.PositiveSmallIntegerField(_("at most"), null=True, blank=True)
    card_types = models.JSONField(_("card types"), default=list, blank=True, help_text=_("Empty: any type."))
    headers = models.JSONField(_("decklist headers"), default=list, blank=True)
    order = models.PositiveSmallIntegerField(_("order"), default=0)

    class Meta:
        ordering = ["order", "id"]
        verbose_name = _("section")
        verbose_name_plural = _("sections")
        constraints = [models.UniqueConstraint(fields=["regulation", "key"], name="section_key_unique")]

    def __str__(self):
        return (self.name_ja if _lang().startswith("ja") else self.name_en) or self.key

    def clean(self):
        if self.min_cards is not None and self.max_cards is not None and self.min_cards > self.max_cards:
            raise ValidationError({"max_cards": _("At most must not be below at least.")})
        for name in ("card_types", "headers"):
            value = getattr(self, name)
            if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
                raise ValidationError({name: _("Expected a list of texts.")})
        if self.regulation_id:
            unknown = set(self.card_types) - set(get_game(self.regulation.game_id).type_codes)
            if unknown:
                raise ValidationError({"card_types": _("Unknown card types: %(types)s") % {"types": " ".join(sorted(unknown))}})

    def to_rules(self, more_headers: tuple[str, ...] = ()) -> SectionRule:
        """The section as the rules read it; `more_headers` are decklist words declared for it elsewhere."""
        headers = tuple(dict.fromkeys((*(self.headers or ()), *more_headers)))
        return SectionRule(
            self.key,
            self.name_ja,
            self.name_en,
            min=self.min_cards,
            max=self.max_cards,
            card_types=tuple(self.card_types or ()),
            headers=headers,
        )


class RegulationCardLimit(models.Model):
    """A card on the restricted list (0 banned, 1, 2 …) or with a higher or unlimited limit.

    `spellings` are the card's other spellings (a list writes 人魚の活血, the card is printed 人魚の活き血):
    the entry holds whichever spelling a card list or a decklist uses."""

    regulation = models.ForeignKey(Regulation, on_delete=models.CASCADE, related_name="card_limits", verbose_name=_("regulation"))
    card_name = models.CharField(_("card name"), max_length=200)
    spellings = models.JSONField(
        _("other spellings"),
        default=list,
        blank=True,
        help_text=_("Other ways the card's name is written, e.g. [\"人魚の活き血\"]."),
    )
    copies = models.PositiveSmallIntegerField(
        _("copies"),
        null=True,
        blank=True,
        validators=[MaxValueValidator(MAX_COPIES)],
        help_text=_("0 = banned; empty = unlimited."),
    )

    class Meta:
        ordering = ["copies", "card_name"]
        verbose_name = _("card limit")
        verbose_name_plural = _("card limits")
        constraints = [models.UniqueConstraint(fields=["regulation", "card_name"], name="card_limit_unique")]

    def __str__(self):
        return f"{self.card_name}: {'∞' if self.copies is None else self.copies}"

    def clean(self):
        if not isinstance(self.spellings, list) or not all(isinstance(v, str) and v.strip() for v in self.spellings):
            raise ValidationError({"spellings": _("Expected a list of texts.")})

    @property
    def names(self) -> list[str]:
        """The entry's name and its other spellings."""
        return [self.card_name, *(s for s in self.spellings or () if s != self.card_name)]


class RegulationBasicCard(models.Model):
    """A card every deck of the format holds (timestorm: the basic cards of the shared deck)."""

    regulation = models.ForeignKey(Regulation, on_delete=models.CASCADE, related_name="basic_cards", verbose_name=_("regulation"))
    card_name = models.CharField(_("card name"), max_length=200)
    copies = models.PositiveSmallIntegerField(_("copies"), default=1, validators=[MaxValueValidator(MAX_COPIES)])

    class Meta:
        ordering = ["id"]
        verbose_name = _("basic card")
        verbose_name_plural = _("basic cards")
        constraints = [models.UniqueConstraint(fields=["regulation", "card_name"], name="basic_card_unique")]

    def __str__(self):
        return f"{self.copies} {self.card_name}"


class Visibility(models.TextChoices):
    PRIVATE = "private", _("Private")
    UNLISTED = "unlisted", _("Anyone with the link")
    PUBLIC = "public", _("Public")


class Shareable(models.Model):
    """What decks and pools share: a name, a description, a visibility with its link, and their times."""

    name = models.CharField(_("name"), max_length=100)
    description = models.TextField(_("description"), max_length=5000, blank=True)
    visibility = models.CharField(
        _("visibility"), max_length=10, choices=Visibility.choices, default=Visibility.PRIVATE
    )
    share_token = models.CharField(_("share token"), max_length=32, unique=True, default=new_share_token, editable=False)
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    updated_at = models.DateTimeField(_("updated at"), auto_now=True)

    detail_url = shared_url = ""  # URL names: by id (public, or its owner), by link (unlisted)

    class Meta:
        abstract = True

    def __str__(self):
        return self.name

    def get_absolute_url(self):
        if self.visibility == Visibility.UNLISTED:
            return reverse(self.shared_url, args=[self.share_token])
        return reverse(self.detail_url, args=[self.pk])


class Deck(Shareable):
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="decks", verbose_name=_("owner")
    )
    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="decks", verbose_name=_("game"))
    regulation = models.ForeignKey(
        Regulation, on_delete=models.PROTECT, related_name="decks", verbose_name=_("regulation")
    )
    copied_from = models.ForeignKey(
        "self", on_delete=models.SET_NULL, null=True, blank=True, related_name="copies", editable=False,
        verbose_name=_("copied from"),
    )
    # The number of the latest revision; a client sends it back to detect a concurrent change.
    revision = models.PositiveIntegerField(_("revision"), default=0, editable=False)
    sample = models.BooleanField(_("sample"), default=False)

    detail_url, shared_url = "deck_detail", "deck_shared"

    class Meta:
        ordering = ["-updated_at", "id"]
        verbose_name = _("deck")
        verbose_name_plural = _("decks")
        indexes = [
            models.Index(fields=["owner", "-updated_at"]),
            models.Index(fields=["visibility", "game", "-updated_at"]),
        ]


class DeckEntry(models.Model):
    deck = models.ForeignKey(Deck, on_delete=models.CASCADE, related_name="entries", verbose_name=_("deck"))
    section = models.CharField(_("section"), max_length=20)
    card = models.ForeignKey(Card, on_delete=models.PROTECT, related_name="deck_entries", verbose_name=_("card"))
    count = models.PositiveSmallIntegerField(_("copies"), validators=[MaxValueValidator(MAX_COPIES)])

    class Meta:
        verbose_name = _("deck entry")
        verbose_name_plural = _("deck entries")
        ordering = ["id"]
        constraints = [
            models.UniqueConstraint(fields=["deck", "section", "card"], name="deck_entry_unique"),
            models.CheckConstraint(condition=Q(count__gt=0), name="deck_entry_count_positive"),
        ]

    def __str__(self):
        return f"{self.count} {self.card.name}"


class DeckRevision(models.Model):
    """One saved state of a deck: its entries, and the +/- diff from the revision before."""

    deck = models.ForeignKey(Deck, on_delete=models.CASCADE, related_name="revisions", verbose_name=_("deck"))
    number = models.PositiveIntegerField(_("number"))
    author = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, verbose_name=_("author"))
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    note = models.CharField(_("note"), max_length=200, blank=True)  # an English template, translated when shown
    note_params = models.JSONField(_("note details"), default=dict, blank=True)
    regulation_code = models.CharField(_("regulation code"), max_length=40)
    # {"sections": {key: [[card_id, count, name], ...]}}
    snapshot = models.JSONField(_("snapshot"), default=dict)
    # [{"section", "card", "name", "delta"}], positive for added copies
    diff = models.JSONField(_("changes"), default=list)

    # Saves from one visit of the editor (its `session`) by the same person within COALESCE_WINDOW of the
    # revision's first save extend that revision instead of making one each (decks.services).
    session = models.CharField(_("editor session"), max_length=64, blank=True, default="", editable=False)
    updated_at = models.DateTimeField(_("last saved"), default=timezone.now, editable=False)
    edits = models.PositiveIntegerField(_("saves"), default=1, editable=False)

    class Meta:
        verbose_name = _("deck revision")
        verbose_name_plural = _("deck revisions")
        ordering = ["-number"]
        constraints = [models.UniqueConstraint(fields=["deck", "number"], name="deck_revision_unique")]

    def __str__(self):
        return f"{self.deck_id}#{self.number}"

    @property
    def note_display(self) -> str:
        from django.utils.translation import gettext

        if not self.note:
            return ""
        try:
            return gettext(self.note) % self.note_params if self.note_params else gettext(self.note)
        except (KeyError, TypeError, ValueError):
            return self.note

    @property
    def added(self) -> list[dict]:
        return [d for d in self.diff if d["delta"] > 0]

    @property
    def removed(self) -> list[dict]:
        return [d for d in self.diff if d["delta"] < 0]


class Pool(Shareable):
    """Time Storm: the entries of two or more players combined into one shared deck."""

    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="pools", verbose_name=_("owner"))
    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="pools", verbose_name=_("game"))
    regulation = models.ForeignKey(Regulation, on_delete=models.PROTECT, related_name="pools", verbose_name=_("regulation"))
    sample = models.BooleanField(_("sample"), default=False)

    detail_url, shared_url = "pool_detail", "pool_shared"

    class Meta:
        ordering = ["-updated_at", "id"]
        verbose_name = _("pool")
        verbose_name_plural = _("pools")


class PoolEntry(models.Model):
    pool = models.ForeignKey(Pool, on_delete=models.CASCADE, related_name="entries", verbose_name=_("pool"))
    deck = models.ForeignKey(Deck, on_delete=models.CASCADE, related_name="pool_entries", verbose_name=_("deck"))
    player = models.CharField(_("player"), max_length=60, blank=True)
    order = models.PositiveSmallIntegerField(_("order"), default=0)

    class Meta:
        verbose_name = _("pool entry")
        verbose_name_plural = _("pool entries")
        ordering = ["order", "id"]
        constraints = [models.UniqueConstraint(fields=["pool", "deck"], name="pool_entry_unique")]

    def __str__(self):
        return f"{self.player}: {self.deck_id}"
