from django.core.exceptions import ValidationError
from django.db import models, transaction
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from rules.declare import COMMON_FIELDS, COMMON_KEYS, CardDataError, GameDef, get_game
from rules.declare.fields import INT

from .i18n import error_message
from .search.index import SEARCH_COLUMNS, card_facets, search_columns, sync_short_index


def editor_group_name(slug: str) -> str:
    """The auth group whose members edit the cards of one game."""
    return f"{slug} editors"


class Game(models.Model):
    """A mirror of the registry (rules.declare), kept in sync after every migrate."""

    slug = models.SlugField(_("identifier"), primary_key=True, max_length=32)
    name_ja = models.CharField(_("name (Japanese)"), max_length=200)
    name_en = models.CharField(_("name (English)"), max_length=200)
    order = models.PositiveSmallIntegerField(_("order"), default=0)

    class Meta:
        ordering = ["order", "slug"]
        verbose_name = _("game")
        verbose_name_plural = _("games")

    def __str__(self):
        return self.name

    def get_absolute_url(self):
        return reverse("game_detail", args=[self.slug])

    @property
    def definition(self) -> GameDef:
        return get_game(self.slug)

    @property
    def name(self) -> str:
        return self.name_ja if (get_language() or "ja").startswith("ja") else self.name_en


def validate_new_image(value):
    """Check a newly uploaded image (one already stored was checked when it came)."""
    if value and not getattr(value, "_committed", True):
        from .images import validate_card_image

        validate_card_image(value.file)


def card_image_path(instance, filename):
    return f"cards/{instance.game_id}/{filename}"


class Card(models.Model):
    """A card: the common columns plus `attrs`, the game-specific fields the registry declares."""

    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="cards", verbose_name=_("game"))
    name = models.CharField(_("name"), max_length=200)
    reading = models.CharField(_("reading"), max_length=200, blank=True)
    aliases = models.JSONField(_("aliases"), default=list, blank=True)
    card_type = models.CharField(_("card type"), max_length=40)
    cost = models.PositiveIntegerField(_("cost"), null=True, blank=True)
    rules_text = models.TextField(_("rules text"), blank=True)
    flavor_text = models.TextField(_("flavour text"), blank=True)
    set_name = models.CharField(_("set / series"), max_length=200, blank=True)
    number = models.CharField(_("number"), max_length=40, blank=True)
    rarity = models.CharField(_("rarity"), max_length=40, blank=True)
    keywords = models.JSONField(_("keywords"), default=list, blank=True)
    image = models.ImageField(
        _("image"), upload_to=card_image_path, blank=True, validators=[validate_new_image], max_length=200
    )
    sample = models.BooleanField(_("sample"), default=False)
    attrs = models.JSONField(_("game fields"), default=dict, blank=True)
    # Normalised copies for search (cards.search.normalise), set from the data on every write.
    search_name = models.CharField(_("name for search"), max_length=200, blank=True, default="", editable=False)
    search_aliases = models.TextField(_("aliases for search"), blank=True, default="", editable=False)
    search_reading = models.CharField(_("reading for search"), max_length=200, blank=True, default="", editable=False)
    search_text = models.TextField(_("rules text for search"), blank=True, default="", editable=False)
    search_flavor = models.TextField(_("flavour text for search"), blank=True, default="", editable=False)
    sort_key = models.CharField(_("sort key"), max_length=200, blank=True, default="", editable=False)
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    updated_at = models.DateTimeField(_("updated at"), auto_now=True)

    class Meta:
        ordering = ["game", "name", "number", "id"]
        verbose_name = _("card")
        verbose_name_plural = _("cards")
        constraints = [
            models.UniqueConstraint(
                fields=["game", "number"], condition=~Q(number=""), name="card_number_unique_in_game"
            ),
            models.UniqueConstraint(
                fields=["game", "name"], condition=Q(number=""), name="card_unnumbered_name_unique_in_game"
            ),
        ]
        indexes = [
            models.Index(fields=["game", "name"]),
            models.Index(fields=["game", "reading"]),
            # With cost: a search by type and cost reads its cards' ids from the index alone.
            models.Index(fields=["game", "card_type", "cost"]),
            # A type's cards in list order: a sort by a game field reads their ids and sort keys from the
            # index alone, not from 5,000 card rows (SQLite: 18 -> 7 ms for a sort of a type's cards).
            models.Index(fields=["game", "card_type", "sort_key", "number"]),
            # The list orders: by reading (the default), and by cost.
            models.Index(fields=["sort_key", "number", "id"]),
            models.Index(fields=["game", "sort_key", "number", "id"]),
            models.Index(fields=["-cost", "sort_key", "number", "id"]),
            models.Index(fields=["game", "cost"]),
            models.Index(fields=["search_name"]),
        ]

    def __str__(self):
        return f"{self.name} ({self.number})" if self.number else self.name

    def save(self, *args, **kwargs):
        # Every write path goes through the registry, including code that skips full_clean().
        self.clean_game_data()
        if kwargs.get("update_fields") is not None:  # the search copies follow whatever changed
            kwargs["update_fields"] = {*kwargs["update_fields"], *SEARCH_COLUMNS}
        with transaction.atomic(using=kwargs.get("using")):
            super().save(*args, **kwargs)
            sync_facets([self])

    def get_absolute_url(self):
        return reverse("card_detail", args=[self.pk])

    def thumb_url(self, size: str) -> str:
        from .images import token

        return reverse("card_thumb", args=[self.pk, size, token(self)]) if self.image else ""

    @property
    def thumb_s(self) -> str:
        return self.thumb_url("s")

    @property
    def thumb_m(self) -> str:
        return self.thumb_url("m")

    @property
    def definition(self) -> GameDef:
        return get_game(self.game_id)

    # -- plain data (what rules/, the importer and the API speak) ---------------

    def to_data(self) -> dict:
        data = {key: getattr(self, key) for key in COMMON_KEYS}
        data["fields"] = dict(self.attrs or {})
        return data

    def apply_data(self, data: dict) -> None:
        """Set the columns from a cleaned card dict (GameDef.clean_card output)."""
        for key in COMMON_KEYS:
            setattr(self, key, data[key])
        self.attrs = data["fields"]
        for column, value in search_columns(self.definition, data).items():
            setattr(self, column, value)

    def clean_game_data(self) -> None:
        """Validate and canonicalise against the registry; ValidationError names each field."""
        try:
            cleaned = self.definition.clean_card(self.to_data())
        except CardDataError as exc:
            raise ValidationError(_errors_by_model_field(exc)) from None
        self.apply_data(cleaned)

    def clean(self):
        super().clean()
        if self.game_id:
            self.clean_game_data()

    # -- display helpers ------------------------------------------------------

    def type_label(self) -> str:
        return self.definition.type_label(self.card_type, get_language() or "ja")

    def cost_label(self) -> str:
        card_type = self.definition.card_type(self.card_type)
        return card_type.cost_label(get_language() or "ja") if card_type else str(_("cost"))

    def rarity_marks(self) -> list[tuple[str, str]]:
        """The marks the game's card lists write in the rarity that this card's rarity holds, as (word,
        meaning in the current language)."""
        ja = (get_language() or "ja").startswith("ja")
        words = self.rarity.split()
        return [(word, mja if ja else men) for word, mja, men in self.definition.rarity_marks if word in words]

    def field_rows(self):
        """[(label, display value, field)] for the game-specific values this card has."""
        lang = get_language() or "ja"
        rows = []
        for f in self.definition.fields:
            if f.key in (self.attrs or {}):
                rows.append((f.label(lang), display_value(f, self.attrs[f.key], lang), f))
        return rows

    def list_values(self):
        lang = get_language() or "ja"
        out = []
        for key in self.definition.list_fields:
            f = self.definition.field(key)
            out.append(display_value(f, (self.attrs or {}).get(key), lang))
        return out


class CardFacet(models.Model):
    """One searchable field value of a card (normalised), so that field comparisons use an index."""

    card = models.ForeignKey(Card, on_delete=models.CASCADE, related_name="facets", verbose_name=_("card"))
    # The card's game, copied here (sync_facets writes it): a search of one game walks that game's values of
    # a field alone. (The comparisons themselves do not filter on it: the card is of the game already, and
    # both planners chose worse joins with it, bench/search_facet_game.py.)
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="+", db_index=False, verbose_name=_("game"))
    key = models.CharField(_("key"), max_length=60)
    text = models.CharField(_("text"), max_length=255)
    num = models.BigIntegerField(_("number value"), null=True)
    # The card's own number column (CARD_NUMBER: the one whole-number field every game declares in common, its
    # cost), copied here (sync_facets writes it): a field's value and a comparison of that number are one range
    # of the (key, text, card_num, card) index ("kw:速攻 c<=2": the cost<=2 cards of the keyword, cards.search.
    # compiler.Compiler.carried), not a list of every card of the value checked against each card's cost.
    card_num = models.BigIntegerField(_("card's number"), null=True)

    class Meta:
        verbose_name = _("card search field")
        verbose_name_plural = _("card search fields")
        indexes = [
            # Covering (card last): a comparison reads the ids of its cards from the index alone.
            models.Index(fields=["key", "text", "card"]),
            models.Index(fields=["key", "num", "card"]),
            models.Index(fields=["card", "key", "num"]),  # a sort by a field reads its value here
            # A value's cards by the card's number (card_num), then their ids, from the index alone; in one
            # game, and a field's distinct values in one game (compiler.Compiler._read_facet_values).
            models.Index(fields=["key", "text", "card_num", "card"], name="cards_facet_key_text_num"),
            models.Index(fields=["game", "key", "text", "card_num", "card"], name="cards_facet_game_text_num"),
        ]

    def __str__(self):
        return f"{self.key}={self.text}"


# The card column a facet row carries (CardFacet.card_num): the common whole-number field of the registry.
(CARD_NUMBER,) = (f.key for f in COMMON_FIELDS if f.kind == INT)


def sync_facets(cards) -> None:
    """Rewrite the facet rows (and, on SQLite, the short-word index rows) of these saved cards."""
    cards = [c for c in cards if c.pk is not None]
    if not cards:
        return
    with transaction.atomic():
        ids = [c.pk for c in cards]
        for start in range(0, len(ids), 500):
            CardFacet.objects.filter(card_id__in=ids[start : start + 500]).delete()
        rows = [
            CardFacet(card_id=card.pk, game_id=card.game_id, key=key, text=text, num=num,
                      card_num=getattr(card, CARD_NUMBER))
            for card in cards
            for key, text, num in card_facets(card.definition, card.to_data())
        ]
        CardFacet.objects.bulk_create(rows, batch_size=1000)
        sync_short_index(cards)


def display_value(f, value, lang: str) -> str:
    from rules.declare.fields import BOOL, CHOICE, CHOICES, RECORDS, UNLIMITED

    if value is None:
        return ""
    if f.show is not None:
        return f.show(value, lang)
    if f.kind != CHOICE and f.choice_labels and isinstance(value, str) and value in f.choice_labels:
        return f.choice_label(value, lang)  # a free value with a name (the stat a step changes: power → パワー)
    if f.kind == BOOL:
        return str(_("yes")) if value else ""
    if f.kind == CHOICE:
        return f.choice_label(value, lang)
    if f.kind == CHOICES:
        return "・".join(f.choice_label(v, lang) for v in value)
    if f.kind == RECORDS:
        return ""  # shown as a table by the template
    if value == UNLIMITED:
        return str(_("unlimited"))
    if isinstance(value, list):
        return " ".join(value)
    return str(value)


def _errors_by_model_field(exc: CardDataError) -> dict:
    out: dict[str, list[str]] = {}
    for err in exc.errors:
        key = err.top
        model_field = key if key in COMMON_KEYS else "attrs"
        out.setdefault(model_field, []).append(error_message(err))
    return out
