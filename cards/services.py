"""Writes to the card database. Every multi-row write is atomic."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.contrib.auth.models import Group, Permission
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import DataError, IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext, gettext_noop

from rules.declare import COMMON_KEYS, GAMES, CardDataError, get_game

from . import images
from .faces import faces_changed
from .i18n import error_message
from .io import CardFileError, Mapping, RawRow, detect_format, read_rows
from .models import Card, Game, editor_group_name, sync_facets
from .permissions import can_edit_game
from .search.index import SEARCH_COLUMNS

DUPLICATE_IN_FILE = {
    "number": gettext_noop("number {value!r} is also on row {row}"),
    "name": gettext_noop("{value!r} without a number is also on row {row}"),
}
EDITOR_PERMISSIONS = ("add_card", "change_card", "delete_card", "view_card", "view_game")


def sync_games() -> None:
    """Mirror the registry into Game rows and make each game's editor group."""
    perms = list(Permission.objects.filter(content_type__app_label="cards", codename__in=EDITOR_PERMISSIONS))
    for slug, game in GAMES.items():
        Game.objects.update_or_create(
            slug=slug, defaults={"name_ja": game.name_ja, "name_en": game.name_en, "order": game.order}
        )
        group, _ = Group.objects.get_or_create(name=editor_group_name(slug))
        group.permissions.add(*perms)


# -- images ------------------------------------------------------------------------


def card_set_image(*, card: Card, upload) -> Card:
    """Give the card a new image, checked with Pillow before anything is stored.

    Raises ValidationError ({"image": [message]} for a refused file). The previous file
    and the card's thumbnails are removed once the change is committed, so a rollback
    leaves the card with its old image intact; a failed save removes the new file.
    """
    try:
        images.validate_card_image(upload)
    except ValidationError as exc:
        raise ValidationError({"image": exc.messages}) from None
    old_name = card.image.name if card.image else ""
    with transaction.atomic():
        card.image.save(images.stored_name(upload), upload, save=False)
        new_name = card.image.name
        try:
            card.save(update_fields=["image", "updated_at"])
        except BaseException:
            card.image.storage.delete(new_name)
            card.image.name = old_name
            raise
        transaction.on_commit(lambda: _discard_image_files(card.pk, card.image.storage, old_name))
    return card


def card_remove_image(*, card: Card) -> Card:
    """Take the card's image away (nothing happens when it has none)."""
    if not card.image:
        return card
    old_name = card.image.name
    storage = card.image.storage
    with transaction.atomic():
        card.image = None
        card.save(update_fields=["image", "updated_at"])
        transaction.on_commit(lambda: _discard_image_files(card.pk, storage, old_name))
    return card


def _discard_image_files(card_pk: int, storage, name: str) -> None:
    if name:
        try:
            images.remove_print_copies(storage.path(name))
        except NotImplementedError:  # a storage without local paths keeps no print copies
            pass
        storage.delete(name)
    images.remove_thumbnails(card_pk)


# -- import ------------------------------------------------------------------------


@dataclass
class RowError:
    row: int
    field: str
    message: str

    def __str__(self) -> str:
        if self.message.startswith(f"{self.field}:"):
            return f"row {self.row}, {self.message}"
        return f"row {self.row}, {self.field}: {self.message}"


@dataclass
class ImportReport:
    game: str
    rows: int = 0
    created: int = 0
    updated: int = 0
    unchanged: int = 0
    errors: list[RowError] = field(default_factory=list)
    skipped_rows: list[int] = field(default_factory=list)
    dry_run: bool = False
    written: bool = False

    def summary(self) -> str:
        if self.errors and not self.written and not (self.dry_run and self.skipped_rows):
            return f"{len(self.errors)} problem(s) in {self.rows} rows: nothing was written"
        text = f"{self.rows} rows: {self.created} created, {self.updated} updated, {self.unchanged} unchanged"
        if self.skipped_rows:
            text += f", {len(self.skipped_rows)} skipped"
        if not self.written:
            text += " (dry run: nothing was written)"
        return text


class CardIndex:
    """The game's existing cards, for matching rows by number, else by name."""

    def __init__(self, cards):
        self.by_number: dict[str, Card] = {}
        self.by_name: dict[str, list[Card]] = {}
        for card in cards:
            self.add(card)

    def add(self, card: Card) -> None:
        if card.number:
            self.by_number[card.number] = card
        self.by_name.setdefault(card.name, []).append(card)

    def match(self, number: str, name: str) -> tuple[Card | None, str | None]:
        """The card a row updates, or None to create one; or an ambiguity message."""
        if number:
            if number in self.by_number:
                return self.by_number[number], None
            unnumbered = [c for c in self.by_name.get(name, []) if not c.number]
            return (unnumbered[0] if unnumbered else None), None
        same_name = self.by_name.get(name, [])
        if len(same_name) <= 1:
            return (same_name[0] if same_name else None), None
        unnumbered = [c for c in same_name if not c.number]
        if len(unnumbered) == 1:
            return unnumbered[0], None
        numbers = ", ".join(sorted(c.number for c in same_name))
        return None, gettext("{count} cards are named {name!r} (numbers {numbers}): give the number").format(
            count=len(same_name), name=name, numbers=numbers
        )


def merge_card_data(existing: dict | None, raw: dict) -> dict:
    """A row updates only the values it provides; the rest of the card is kept."""
    if existing is None:
        return raw
    merged = {key: existing[key] for key in COMMON_KEYS}
    merged["fields"] = dict(existing["fields"])
    for key, value in raw.items():
        if key == "fields" and isinstance(value, dict):
            merged["fields"].update(value)
        else:
            merged[key] = value
    return merged


def _apply_printed_limits(definition, rows: list[RawRow]) -> None:
    """A row naming a card that prints its own copy limit (GameDef.printed_limits) and giving none gets it,
    as a bundled file or the fan list (whose mapping has no such column) would otherwise lose it."""
    printed = definition.printed_limits
    if not printed:
        return
    for row in rows:
        copies = printed.get(str(row.values.get("name", "")).strip())
        if copies is None or not row.values:
            continue
        fields = row.values.setdefault("fields", {})
        if isinstance(fields, dict) and "copy_limit" not in fields:
            fields["copy_limit"] = copies


def import_cards(
    *,
    game: str,
    data: bytes,
    fmt: str | None = None,
    filename: str = "",
    mapping: Mapping | None = None,
    dry_run: bool = False,
    skip_invalid: bool = False,
    create_only: bool = False,
) -> ImportReport:
    """Upsert cards from a CSV or JSON file: by (game, number), else by name.

    All or nothing: when any row is bad, every bad row is reported and nothing
    is written. With `skip_invalid`, the good rows are written (in one
    transaction) and the bad ones are reported as skipped. With `create_only`,
    cards that already exist are left exactly as they are.
    Raises CardFileError when the file as a whole cannot be read.
    """
    definition = get_game(game)
    game_obj = Game.objects.get(slug=game)
    fmt = fmt or detect_format(data, filename)
    rows = read_rows(data, definition, fmt, mapping)
    _apply_printed_limits(definition, rows)
    report = ImportReport(game=game, rows=len(rows), dry_run=dry_run)
    index = CardIndex(Card.objects.filter(game=game_obj).order_by("id"))
    seen_rows: dict[tuple[str, str], int] = {}
    to_create: list[Card] = []
    to_update: dict[int, Card] = {}
    bad_rows: set[int] = set()
    now = timezone.now()

    def fail(row: RawRow, field_name: str, message: str):
        report.errors.append(RowError(row.row, field_name, message))
        bad_rows.add(row.row)

    for row in rows:
        for field_name, message in row.errors:
            fail(row, field_name, message)
        if row.row in bad_rows:
            continue
        raw_number = row.values.get("number")
        number = raw_number.strip() if isinstance(raw_number, str) else ""
        raw_name = row.values.get("name")
        name = raw_name.strip() if isinstance(raw_name, str) else ""  # as the registry cleans it
        match, ambiguity = index.match(number, name) if name else (None, None)
        if create_only and (match is not None or ambiguity):
            report.unchanged += 1  # the card exists (perhaps as several reprints): keep it as it is
            continue
        if ambiguity:
            fail(row, "name", ambiguity)
            continue
        values = row.values
        if match is not None and match.number and not number:
            # Matched by name: a row without a number does not erase the card's number.
            values = {k: v for k, v in values.items() if k != "number"}
        try:
            existing = match.to_data() if match else None
            cleaned = definition.clean_card(merge_card_data(existing, values))
        except CardDataError as exc:
            for err in exc.errors:
                fail(row, err.field, error_message(err))
            continue
        # Within one file, a number (or, for unnumbered cards, a name) names one card only.
        key = ("number", cleaned["number"]) if cleaned["number"] else ("name", cleaned["name"])
        if key in seen_rows:
            fail(row, key[0], gettext(DUPLICATE_IN_FILE[key[0]]).format(value=key[1], row=seen_rows[key]))
            continue
        seen_rows[key] = row.row
        if match is None:
            card = Card(game=game_obj)
            card.apply_data(cleaned)
            to_create.append(card)  # not indexed: a later row names it again only by its number (seen_rows)
            report.created += 1
        elif cleaned == existing:
            report.unchanged += 1
        elif match.pk in to_update:
            fail(row, "name", gettext("updates the same card as an earlier row ({card})").format(card=match))
        else:
            match.apply_data(cleaned)
            match.updated_at = now
            to_update[match.pk] = match
            report.updated += 1

    if report.errors:
        if not skip_invalid:
            report.created = report.updated = report.unchanged = 0
            return report
        report.skipped_rows = sorted(bad_rows)
    if dry_run:
        return report
    try:
        with transaction.atomic():
            Card.objects.bulk_create(to_create, batch_size=500)
            if to_update:
                Card.objects.bulk_update(
                    list(to_update.values()), [*COMMON_KEYS, "attrs", *SEARCH_COLUMNS, "updated_at"], batch_size=500
                )
            sync_facets([*to_create, *to_update.values()])
            # bulk writes send no save signal: tell the face drawers themselves (they queue after the commit)
            faces_changed([c.pk for c in (*to_create, *to_update.values())])
    except (IntegrityError, DataError) as exc:  # e.g. a concurrent write took a number meanwhile
        report.errors.append(RowError(0, "database", gettext("nothing was written: {error}").format(error=exc)))
        report.skipped_rows = []
        report.created = report.updated = report.unchanged = 0
        return report
    report.written = True
    return report


def load_bundled(games: list[str] | None = None) -> list[ImportReport]:
    """Load the bundled card data each game's package ships (its GameDef's `cards_path`,
    rules/games/<slug>/cards.json); a game that ships none is passed over.

    Creates the cards that are missing and never touches existing ones, so a
    second run changes nothing and edits made since are kept.
    """
    reports = []
    with transaction.atomic():
        for slug in games or list(GAMES):
            game = GAMES.get(slug)
            path = game.cards_path if game is not None else None
            if path is None or not path.is_file():
                continue
            report = import_cards(game=slug, data=path.read_bytes(), fmt="json", create_only=True)
            if report.errors:
                raise CardFileError(f"bundled {slug} {path.name}: " + "; ".join(map(str, report.errors)))
            reports.append(report)
    return reports


def export_cards(*, game: str, fmt: str) -> bytes:
    from .io import dump_csv, dump_json

    definition = get_game(game)
    cards = [c.to_data() for c in Card.objects.filter(game_id=game)]
    if fmt == "json":
        return dump_json(definition, cards)
    if fmt == "csv":
        return dump_csv(definition, cards)
    raise CardFileError(f"unknown format {fmt!r} (use csv or json)")


# -- the card designer -----------------------------------------------------------------------------------


def card_save(*, user, card: Card) -> Card:
    """Write a card edited on the card designer (printing.designer), its values already checked by the
    admin's form. The writer must edit the card's game, and, for a card already stored, the game it is
    stored under (ownership checked here, on the write itself, whatever the page checked before).
    Raises PermissionDenied, or ValidationError from the registry's own check in Card.save()."""
    if not card.game_id or not can_edit_game(user, card.game_id):
        raise PermissionDenied
    if card.pk is not None:
        stored = Card.objects.filter(pk=card.pk).values_list("game_id", flat=True).first()
        if stored is None or not can_edit_game(user, stored) or stored != card.game_id:
            raise PermissionDenied
    with transaction.atomic():
        card.save()
    return card
