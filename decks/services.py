"""Writes for regulations, decks, revisions and pools. Every write is atomic and checks ownership."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import timedelta

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group, Permission
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils import timezone
from django.utils.translation import get_language, gettext, gettext_noop

from cards.models import Card, Game, editor_group_name
from rules.deckcode import CODE_NOTES
from rules.deckcode import parse as parse_decklist
from rules.decklist import READING_STOPPED, placement
from rules.decklist import export as export_decklist
from rules.declare import GAMES
from rules.declare.samples import sample_data

from . import selectors
from .models import (
    MAX_COPIES,
    Deck,
    DeckEntry,
    DeckRevision,
    Pool,
    PoolEntry,
    RegistryRegulation,
    Regulation,
    RegulationBasicCard,
    RegulationCardLimit,
    RegulationSection,
    Visibility,
    new_share_token,
)

SAMPLE_OWNER = "samples"
MAX_ID = 2**63 - 1  # the largest primary key a database column holds; larger numbers name no row


@dataclass
class DeckInputError(Exception):
    """Input that cannot become a deck: each message names the line, card or value at fault."""

    messages: list[str] = field(default_factory=list)
    lines: list[dict] = field(default_factory=list)  # decklist line errors: line, code, message, suggestions

    def __str__(self) -> str:
        return "; ".join(self.messages)


class DeckConflict(Exception):
    """The deck changed since the client loaded it (another tab or editor saved first)."""

    def __init__(self, current: int):
        super().__init__(current)
        self.current = current


def _check_owner(deck, user) -> None:
    if not (user and user.is_authenticated and deck.owner_id == user.pk):
        raise PermissionDenied


# -- regulations --------------------------------------------------------------------


REGULATION_PERMISSIONS = tuple(
    f"{action}_{model}"
    for model in ("regulation", "regulationsection", "regulationcardlimit", "regulationbasiccard")
    for action in ("add", "change", "delete", "view")
)


def sync_regulations() -> None:
    """Create the registry's regulations that are missing; existing ones (maybe edited) are kept.

    Each game's editor group may edit that game's regulations (the admin scopes them to the game).
    """
    perms = list(Permission.objects.filter(content_type__app_label="decks", codename__in=REGULATION_PERMISSIONS))
    for slug, definition in GAMES.items():
        group, _created = Group.objects.get_or_create(name=editor_group_name(slug))
        group.permissions.add(*perms)
        done = set(RegistryRegulation.objects.filter(game_id=slug).values_list("code", flat=True))
        existing = set(Regulation.objects.filter(game_id=slug).values_list("code", flat=True))
        has_default = Regulation.objects.filter(game_id=slug, is_default=True).exists()
        _fill_spellings(slug, definition)
        for index, rules in enumerate(definition.regulations):
            if rules.code in done:  # created once; an editor may have changed, renamed or deleted it since
                continue
            with transaction.atomic():
                RegistryRegulation.objects.create(game_id=slug, code=rules.code)
                if rules.code in existing:
                    continue
                regulation = Regulation.objects.create(
                    game_id=slug,
                    code=rules.code,
                    name_ja=rules.name_ja,
                    name_en=rules.name_en,
                    effective_date=rules.effective or None,
                    is_default=index == 0 and not has_default,
                    copy_limit=rules.copy_limit,
                    type_limits=dict(rules.type_limits),
                    options=dict(rules.options),
                )
                RegulationSection.objects.bulk_create(
                    RegulationSection(
                        regulation=regulation,
                        key=s.key,
                        name_ja=s.ja,
                        name_en=s.en,
                        min_cards=s.min,
                        max_cards=s.max,
                        card_types=list(s.card_types),
                        headers=list(s.headers),
                        order=i,
                    )
                    for i, s in enumerate(rules.sections)
                )
                RegulationCardLimit.objects.bulk_create(
                    RegulationCardLimit(
                        regulation=regulation,
                        card_name=name,
                        copies=None if not isinstance(n, int) else n,
                        spellings=list(rules.spellings.get(name, ())),
                    )
                    for name, n in rules.card_limits.items()
                )
                RegulationBasicCard.objects.bulk_create(
                    RegulationBasicCard(regulation=regulation, card_name=name, copies=n) for name, n in rules.basic
                )


def _fill_spellings(slug: str, definition) -> None:
    """Give stored restricted-list entries without spellings the spellings the game declares for that card
    (an entry stored before the game declared them, or before this field existed). Only empty ones: an
    editor's own list of spellings is left as it is."""
    declared: dict[str, list[str]] = {}
    for rules in definition.regulations:
        for entry in rules.card_limits:
            names = list(rules.spellings_of(entry))
            if len(names) > 1:
                for name in names:
                    declared[name] = names
    if not declared:
        return
    for limit in RegulationCardLimit.objects.filter(regulation__game_id=slug, card_name__in=list(declared)):
        if not limit.spellings:
            limit.spellings = [n for n in declared[limit.card_name] if n != limit.card_name]
            limit.save(update_fields=["spellings"])


# -- decks ----------------------------------------------------------------------------


def check_sections(deck_game: str, regulation: Regulation, sections: dict) -> dict[str, dict[int, int]]:
    """Sections from outside ({key: {card id: count}}) checked for shape and that their cards exist in the
    game; raises DeckInputError naming what is wrong."""
    keys = regulation.to_rules().section_keys
    errors = []
    clean: dict[str, dict[int, int]] = {}
    wanted: set[int] = set()
    if not isinstance(sections, dict):
        raise DeckInputError([gettext("sections: expected an object of section → cards")])
    for key, entries in sections.items():
        if key not in keys:
            errors.append(gettext("section {section!r} is not part of this regulation (sections: {keys})").format(
                section=key, keys=" ".join(keys)))
            continue
        if not isinstance(entries, dict):
            errors.append(gettext("section {section!r}: expected card → count").format(section=key))
            continue
        clean[key] = {}
        for raw_id, raw_count in entries.items():
            try:
                card_id, count = int(raw_id), int(raw_count)
                if not 0 < card_id <= MAX_ID:
                    raise ValueError
            except (TypeError, ValueError):
                errors.append(gettext("section {section!r}: {card!r} → {count!r} is not a card id and a count").format(
                    section=key, card=raw_id, count=raw_count))
                continue
            if not 0 <= count <= MAX_COPIES or isinstance(raw_count, bool):
                errors.append(gettext("card {card}: count {count} is not between 0 and {max}").format(
                    card=card_id, count=raw_count, max=MAX_COPIES))
                continue
            if count:
                clean[key][card_id] = clean[key].get(card_id, 0) + count
                wanted.add(card_id)
    found = set(Card.objects.filter(pk__in=wanted, game_id=deck_game).values_list("pk", flat=True))
    for missing in sorted(wanted - found):
        errors.append(gettext("card {card}: no such card in this game").format(card=missing))
    if errors:
        raise DeckInputError(errors)
    return clean


def section_for(regulation: Regulation, card: Card) -> str:
    """Where a card goes when no section is named (the decklist parser's rule)."""
    return placement(selectors.card_dict(card), regulation.to_rules())


def _snapshot(deck: Deck) -> dict:
    sections: dict[str, list] = {}
    for entry in selectors.deck_entries(deck):
        sections.setdefault(entry.section, []).append([entry.card_id, entry.count, entry.card.name])
    return {"sections": sections}


_diff = selectors.snapshot_diff


COALESCE_WINDOW = timedelta(minutes=10)  # saves of one editor visit this soon after a revision began extend it


def _extendable(deck: Deck, user, session: str, note: str) -> DeckRevision | None:
    """The deck's latest revision when a save by `user` from the editor visit `session` extends it instead of
    making a new one: the same person, the same visit, the same kind of save, begun under COALESCE_WINDOW ago.
    Called under the deck's lock, so concurrent saves extend or create one at a time."""
    if not (session and user and user.is_authenticated):
        return None
    last = deck.revisions.filter(number=deck.revision).first()
    if (
        last is None
        or last.session != session
        or last.author_id != user.pk
        or last.note != note[:200]
        or timezone.now() - last.created_at >= COALESCE_WINDOW
    ):
        return None
    return last


def _record_revision(
    deck: Deck,
    user,
    note: str,
    before: dict | None,
    note_params: dict | None = None,
    after: dict | None = None,
    session: str = "",
) -> DeckRevision:
    """Keep the deck's new state as a revision: a new one, or the latest one extended (see `_extendable`).

    Either way the deck's revision number goes up (a client holding the old number gets a conflict, and
    what a simulation of a number played stays what that number means): an extended revision takes the new
    number, so numbers of a deck edited in the editor may skip. Its diff is against the revision before it."""
    after = after if after is not None else _snapshot(deck)
    extended = _extendable(deck, user, session, note)
    deck.revision += 1
    deck.save(update_fields=["revision", "updated_at"])
    if extended is not None:
        previous = (
            deck.revisions.filter(number__lt=extended.number).order_by("-number").values_list("snapshot", flat=True).first()
        )
        extended.number = deck.revision
        extended.snapshot = after
        extended.diff = _diff(previous or {}, after)
        extended.regulation_code = deck.regulation.code
        extended.updated_at = timezone.now()
        extended.edits += 1
        extended.save(update_fields=["number", "snapshot", "diff", "regulation_code", "updated_at", "edits"])
        return extended
    now = timezone.now()
    return DeckRevision.objects.create(
        deck=deck,
        number=deck.revision,
        author=user if user and user.is_authenticated else None,
        note=note[:200],
        note_params=note_params or {},
        regulation_code=deck.regulation.code,
        snapshot=after,
        diff=_diff(before or {}, after),
        session=session if user and user.is_authenticated else "",
        updated_at=now,
    )


def _lock(deck: Deck, expected_revision: int | None) -> Deck:
    current = Deck.objects.select_for_update().only("id", "revision").get(pk=deck.pk)
    if expected_revision is not None and int(expected_revision) != current.revision:
        raise DeckConflict(current.revision)
    deck.revision = current.revision
    return deck


def _replace_entries(deck: Deck, sections: dict[str, dict[int, int]]) -> None:
    deck.entries.all().delete()
    DeckEntry.objects.bulk_create(
        DeckEntry(deck=deck, section=key, card_id=card_id, count=count)
        for key, entries in sections.items()
        for card_id, count in entries.items()
        if count > 0
    )


def _check_regulation(game: Game | str, regulation: Regulation | None) -> Regulation:
    slug = game if isinstance(game, str) else game.slug
    if regulation is None:
        regulation = selectors.regulation_for(slug)
    if regulation is None or regulation.game_id != slug:
        raise DeckInputError([gettext("regulation: not a regulation of this game")])
    return regulation


def deck_create(
    *,
    owner,
    game: Game | str,
    name: str,
    regulation: Regulation | None = None,
    description: str = "",
    visibility: str = Visibility.PRIVATE,
    sections: dict | None = None,
    note: str = "",
    sample: bool = False,
) -> Deck:
    if not (owner and owner.is_authenticated):
        raise PermissionDenied
    slug = game if isinstance(game, str) else game.slug
    regulation = _check_regulation(slug, regulation)
    name = (name or "").strip()
    if not name:
        raise DeckInputError([gettext("name: required")])
    if sections is None:
        sections = default_sections(slug, regulation)
    clean = check_sections(slug, regulation, sections)
    with transaction.atomic():
        deck = Deck.objects.create(
            owner=owner,
            game_id=slug,
            regulation=regulation,
            name=name[:100],
            description=description or "",
            visibility=visibility,
            sample=sample,
        )
        _replace_entries(deck, clean)
        _record_revision(deck, owner, note or gettext_noop("created"), None)
    return deck


def default_sections(game_slug: str, regulation: Regulation) -> dict:
    """What a new deck starts with: vision's weather deck holds every weather card once, else nothing."""
    sections: dict[str, dict] = {}
    for section in regulation.to_rules().sections:
        if section.key == "weather" and section.card_types:
            cards = Card.objects.filter(game_id=game_slug, card_type__in=section.card_types).order_by("sort_key", "id")
            seen, chosen = set(), {}
            for card in cards:  # one printing per name
                if card.name not in seen:
                    seen.add(card.name)
                    chosen[card.pk] = 1
            sections[section.key] = chosen
    return sections


def deck_update(
    *,
    deck: Deck,
    user,
    name: str | None = None,
    description: str | None = None,
    visibility: str | None = None,
    regulation: Regulation | None = None,
    expected_revision: int | None = None,
) -> Deck:
    """Change the deck's details. Every change is kept as a revision, so a stale form or client (an older
    `expected_revision`) is refused instead of undoing someone's change. Only the changed columns are
    written."""
    _check_owner(deck, user)
    if regulation is not None:
        _check_regulation(deck.game_id, regulation)
    if name is not None and not name.strip():
        raise DeckInputError([gettext("name: required")])
    if visibility is not None and visibility not in Visibility.values:
        raise DeckInputError([gettext("visibility: {value!r} is not one of {allowed}").format(
            value=visibility, allowed=" ".join(Visibility.values))])
    with transaction.atomic():
        _lock(deck, expected_revision)
        current = Deck.objects.get(pk=deck.pk)  # the stored row, not what the caller loaded earlier
        changes = {}
        if name is not None and name.strip()[:100] != current.name:
            changes["name"] = name.strip()[:100]
        if description is not None and description != current.description:
            changes["description"] = description
        if visibility is not None and visibility != current.visibility:
            changes["visibility"] = visibility
        if regulation is not None and regulation.pk != current.regulation_id:
            stranded = sorted(
                set(deck.entries.values_list("section", flat=True)) - set(regulation.to_rules().section_keys)
            )
            if stranded:
                raise DeckInputError([gettext(
                    "regulation: {name} has no section {sections} for the cards there; move or remove them first"
                ).format(name=regulation.name, sections=", ".join(stranded))])
            changes["regulation"] = regulation
        if changes.get("visibility") == Visibility.PRIVATE:
            changes["share_token"] = new_share_token()  # the old link must not come back with "unlisted"
        for field_name, value in changes.items():
            setattr(deck, field_name, value)
        if changes:
            deck.save(update_fields=[*changes, "updated_at"])
            before = deck.revisions.order_by("-number").values_list("snapshot", flat=True).first()
            note = gettext_noop("regulation changed") if "regulation" in changes else gettext_noop("details changed")
            _record_revision(deck, user, note, before)
    return deck


def deck_set_sections(
    *, deck: Deck, user, sections: dict, expected_revision: int | None = None, note: str = "", session: str = ""
) -> DeckRevision | None:
    """Replace every entry of the deck; keeps a revision with the diff (none when nothing changed). Saves
    from one editor visit (`session`) may extend one revision (see `_record_revision`)."""
    _check_owner(deck, user)
    clean = check_sections(deck.game_id, deck.regulation, sections)
    with transaction.atomic():
        _lock(deck, expected_revision)
        before = _snapshot(deck)
        _replace_entries(deck, clean)
        after = _snapshot(deck)
        if not _diff(before, after):
            return None
        return _record_revision(deck, user, note or gettext_noop("saved"), before, after=after, session=session)


def deck_swap_card(*, deck: Deck, user, old_card, new_card, expected_revision: int | None = None) -> DeckRevision | None:
    """A card report's swap made real: every copy of `old_card` replaced by `new_card` (a card of the deck's
    game) in each section that holds it, as one new revision. `expected_revision` is the revision the report
    played: a deck changed since is refused (DeckConflict) rather than swapped blind."""
    _check_owner(deck, user)
    old_id, new_id = _card_id(old_card), _card_id(new_card)
    if old_id is None or new_id is None:
        raise DeckInputError([gettext("Choose the card to take out and the card to put in.")])
    new = Card.objects.filter(game_id=deck.game_id, pk=new_id).only("id", "name").first()
    if new is None:
        raise DeckInputError([gettext("Card {card} is not a card of this game.").format(card=new_id)])
    sections: dict[str, dict[int, int]] = {}
    for key, card_id, count in deck.entries.values_list("section", "card_id", "count"):
        sections.setdefault(key, {})[card_id] = sections.get(key, {}).get(card_id, 0) + count
    if not any(old_id in entries for entries in sections.values()):
        raise DeckInputError([gettext("Card {card} is not in this deck (any more).").format(card=old_id)])
    for entries in sections.values():
        if old_id in entries and old_id != new_id:
            entries[new_id] = entries.get(new_id, 0) + entries.pop(old_id)
    return deck_set_sections(
        deck=deck, user=user, sections=sections, expected_revision=expected_revision, note=gettext_noop("swap applied")
    )


def _card_id(raw) -> int | None:
    raw = str(raw if raw is not None else "").strip()
    return int(raw) if raw.isascii() and raw.isdigit() and len(raw) < 12 else None


def deck_change_count(
    *,
    deck: Deck,
    user,
    card: Card,
    section: str,
    count: int | None = None,
    delta: int | None = None,
    expected_revision: int | None = None,
    session: str = "",
) -> DeckRevision | None:
    """Set how many copies of `card` the section holds (`count`, 0 removes it), or add/take away (`delta`).

    The new count is worked out under the deck's lock, so two concurrent +1s make +2. A section the
    regulation no longer has (an editor changed it) can still be emptied. Saves from one editor visit
    (`session`) may extend one revision (see `_record_revision`).
    """
    _check_owner(deck, user)
    if card.game_id != deck.game_id:
        raise DeckInputError([gettext("card {card}: no such card in this game").format(card=card.pk)])
    if (count is None) == (delta is None):
        raise ValueError("give count or delta")
    keys = deck.regulation.to_rules().section_keys
    with transaction.atomic():
        _lock(deck, expected_revision)
        entry = DeckEntry.objects.filter(deck=deck, section=section, card=card).first()
        old = entry.count if entry else 0
        new = count if count is not None else max(0, old + delta)
        if section not in keys and not (entry and new == 0):
            raise DeckInputError([gettext("section {section!r} is not part of this regulation (sections: {keys})").format(
                section=section, keys=" ".join(keys))])
        if isinstance(new, bool) or not isinstance(new, int) or not 0 <= new <= MAX_COPIES:
            raise DeckInputError([gettext("card {card}: count {count} is not between 0 and {max}").format(
                card=card.pk, count=new, max=MAX_COPIES)])
        if old == new:
            return None
        before = deck.revisions.order_by("-number").values_list("snapshot", flat=True).first() or _snapshot(deck)
        if new == 0:
            entry.delete()
        elif entry:
            entry.count = new
            entry.save(update_fields=["count"])
        else:
            DeckEntry.objects.create(deck=deck, section=section, card=card, count=new)
        return _record_revision(deck, user, gettext_noop("saved"), before, session=session)


SHOWN_UNREAD = 50  # lines not read that the check page lists; the rest are counted


@dataclass
class DecklistReading:
    """Decklist text as read: the cards read, and the lines not read, read with a doubt, and skipped, each a
    dict with line, code, level, message (in the active language), text and suggestions."""

    sections: dict[str, dict[int, int]]
    unread: list[dict] = field(default_factory=list)
    warnings: list[dict] = field(default_factory=list)
    notes: list[dict] = field(default_factory=list)
    # The deck's title when the text was a deck code that carries one (a share link's): a new deck's name.
    title: str | None = None
    # When the text was a deck code: the line message saying which format it was read as.
    code: dict | None = None

    @property
    def messages(self) -> list[str]:
        return [m["message"] for m in (*self.unread, *self.warnings)]

    # What the check page lists: at most SHOWN_UNREAD lines not read, a count of the rest, and apart from them
    # the reader's note when it stopped early on a text that is no decklist (rules.decklist GIVE_UP_*).
    @property
    def stopped(self) -> dict | None:
        return next((m for m in self.unread if m["code"] == READING_STOPPED), None)

    @property
    def unread_lines(self) -> list[dict]:
        return [m for m in self.unread if m["code"] != READING_STOPPED]

    @property
    def unread_shown(self) -> list[dict]:
        return self.unread_lines[:SHOWN_UNREAD]

    @property
    def unread_more(self) -> int:
        return max(0, len(self.unread_lines) - SHOWN_UNREAD)


def read_decklist(game_slug: str, regulation: Regulation, text: str) -> DecklistReading:
    """Read decklist text against every card of the game: what was read, and every line not read (the
    check page and the API check the deck with what was read and list those lines above the result). A text
    that is one deck code of a format the game declares is read as the deck the code holds (rules.deckcode)."""
    index = selectors.game_card_index(game_slug)
    rules = regulation.to_rules()
    result = parse_decklist(text, rules, index, GAMES.get(game_slug))
    lang = get_language() or "ja"
    sections = "、".join(s.label(lang) for s in rules.sections) if lang.startswith("ja") else ", ".join(s.en for s in rules.sections)
    return DecklistReading(
        sections={key: dict(entries) for key, entries in result.deck.sections.items()},
        unread=[decklist_error_dict(e, sections) for e in result.errors],
        warnings=[decklist_error_dict(e, sections) for e in result.warnings],
        notes=[decklist_error_dict(e, sections) for e in result.notes if e.code not in CODE_NOTES],
        title=getattr(result, "title", None),
        code=next((decklist_error_dict(e) for e in result.notes if e.code in CODE_NOTES), None),
    )


def decklist_sections(game_slug: str, regulation: Regulation, text: str) -> dict[str, dict[int, int]]:
    """Parse decklist text for a deck that will be saved or played: raises DeckInputError listing each line
    that could not be read (nothing is lost silently)."""
    return decklist_reading_strict(game_slug, regulation, text).sections


def decklist_reading_strict(game_slug: str, regulation: Regulation, text: str) -> DecklistReading:
    """`read_decklist`, raising DeckInputError when a line could not be read."""
    reading = read_decklist(game_slug, regulation, text)
    if reading.unread:
        raise DeckInputError([e["message"] for e in reading.unread], reading.unread)
    return reading


def decklist_error_dict(error, sections: str | None = None) -> dict:
    """A line message for the pages and the API, in the active language (`sections`: the regulation's
    section names in that language, for a message that lists them)."""
    params = dict(error.params)
    if sections is not None and "sections" in params:
        params["sections"] = sections
    message = gettext(error.template).format(**params)
    return {
        "line": error.line,
        "code": error.code,
        "level": error.level,
        "message": message,
        "text": error.text,
        "suggestions": list(error.suggestions),
    }


def deck_import_text(*, deck: Deck, user, text: str, expected_revision: int | None = None) -> DecklistReading:
    """Replace the deck with a pasted decklist; if any line cannot be read nothing changes. Returns the
    reading, whose warnings and notes the caller shows."""
    _check_owner(deck, user)
    reading = decklist_reading_strict(deck.game_id, deck.regulation, text)
    deck_set_sections(
        deck=deck, user=user, sections=reading.sections, expected_revision=expected_revision, note=gettext_noop("imported")
    )
    return reading


def deck_export_text(deck: Deck, lang: str = "ja", data=None, style: str = "plain") -> str:
    """The deck as decklist text (`style` plain, `4 名前`, or post, `《名前》×4` under `■メイン（40枚）`);
    `data` is its DeckData when the caller has already loaded it."""
    if data is None:
        data, _cards = selectors.deck_state(deck)
    return export_decklist(data, selectors.game_card_index(deck.game_id), deck.regulation.to_rules(), lang, style)


def deck_restore(*, deck: Deck, user, number: int) -> DeckRevision | None:
    """Make the deck what it was at revision `number` (a new revision; history is never rewritten).

    Cards deleted since, and sections the regulation no longer has, cannot come back: the new revision
    gets `left_out`, a list of their names, for the caller to show.
    """
    _check_owner(deck, user)
    revision = deck.revisions.filter(number=number).first() if 0 < number <= MAX_ID else None
    if revision is None:
        raise DeckInputError([gettext("revision {number}: no such revision").format(number=number)])
    existing = set(Card.objects.filter(game_id=deck.game_id).values_list("pk", flat=True))
    regulation = Regulation.objects.filter(game_id=deck.game_id, code=revision.regulation_code).first()
    with transaction.atomic():
        _lock(deck, None)
        before = _snapshot(deck)
        if regulation is not None and regulation.pk != deck.regulation_id:
            deck.regulation = regulation
            deck.save(update_fields=["regulation", "updated_at"])
        keys = deck.regulation.to_rules().section_keys
        sections: dict[str, dict[int, int]] = {}
        left_out: list[str] = []
        for key, entries in revision.snapshot.get("sections", {}).items():
            for card_id, count, name in entries:
                if card_id in existing and key in keys:
                    sections.setdefault(key, {})[card_id] = count
                else:
                    left_out.append(name)
        _replace_entries(deck, sections)
        restored = _record_revision(
            deck, user, gettext_noop("restored revision %(number)s"), before, note_params={"number": number}
        )
    restored.left_out = left_out
    return restored


def deck_copy(*, deck: Deck, user, name: str | None = None) -> Deck:
    """A private copy of a deck the user may read, owned by the user."""
    if not (user and user.is_authenticated):
        raise PermissionDenied
    if deck.owner_id != user.pk and deck.visibility == Visibility.PRIVATE:
        raise PermissionDenied
    data, _cards = selectors.deck_state(deck)
    keys = deck.regulation.to_rules().section_keys
    with transaction.atomic():
        copy = deck_create(
            owner=user,
            game=deck.game_id,
            regulation=deck.regulation,
            name=name or gettext("Copy of {name}").format(name=deck.name),
            description=deck.description,
            sections={k: v for k, v in data.sections.items() if k in keys},
            note=gettext_noop("copied"),
        )
        copy.copied_from = deck
        copy.save(update_fields=["copied_from"])
    return copy


def deck_delete(*, deck: Deck, user) -> None:
    _check_owner(deck, user)
    deck.delete()


def account_new_token(*, user):
    """Replace the user's API token (the old one stops working)."""
    from rest_framework.authtoken.models import Token

    if not (user and user.is_authenticated):
        raise PermissionDenied
    with transaction.atomic():
        Token.objects.filter(user=user).delete()
        return Token.objects.create(user=user)


# -- pools ------------------------------------------------------------------------------


def _pool_decks(user, game_slug: str, deck_ids) -> list[Deck]:
    try:
        ids = [int(i) for i in deck_ids]
        if not all(0 < i <= MAX_ID for i in ids):
            raise ValueError
    except (TypeError, ValueError):
        raise DeckInputError([gettext("entries: expected deck ids")]) from None
    if len(ids) < 2:
        raise DeckInputError([gettext("entries: a pool combines two or more decks")])
    usable = {d.pk: d for d in selectors.decks_usable_in_pool(user, game_slug).filter(pk__in=ids)}
    missing = [i for i in ids if i not in usable]
    if missing:
        raise DeckInputError(
            [gettext("deck {deck}: no such deck of yours or public deck of this game").format(deck=i) for i in missing]
        )
    if len(set(ids)) != len(ids):
        raise DeckInputError([gettext("entries: a deck is listed twice")])
    return [usable[i] for i in ids]


def pool_save(
    *,
    user,
    name: str,
    deck_ids,
    regulation: Regulation | None = None,
    pool: Pool | None = None,
    description: str = "",
    visibility: str = Visibility.PRIVATE,
    players: list[str] | None = None,
) -> Pool:
    """Create or change a pool: the entries (decks) of two or more players and the format."""
    if pool is not None:
        _check_owner(pool, user)
    elif not (user and user.is_authenticated):
        raise PermissionDenied
    if pool is not None:
        game = pool.game_id
    elif regulation is not None and regulation.game_id in selectors.pool_games():
        game = regulation.game_id
    else:
        game = selectors.pool_game()
    regulation = _check_regulation(game, regulation or (pool.regulation if pool else None))
    if not (name or "").strip():
        raise DeckInputError([gettext("name: required")])
    if visibility not in Visibility.values:
        raise DeckInputError([gettext("visibility: {value!r} is not one of {allowed}").format(
            value=visibility, allowed=" ".join(Visibility.values))])
    decks = _pool_decks(user, game, deck_ids)
    players = list(players or [])
    with transaction.atomic():
        if pool is None:
            pool = Pool(owner_id=user.pk, game_id=game)
        elif visibility == Visibility.PRIVATE and Pool.objects.filter(pk=pool.pk).exclude(visibility=visibility).exists():
            pool.share_token = new_share_token()  # going private ends the old link for good
        pool.name, pool.description, pool.visibility, pool.regulation = name.strip()[:100], description, visibility, regulation
        pool.save()
        pool.entries.all().delete()
        PoolEntry.objects.bulk_create(
            PoolEntry(pool=pool, deck=deck, order=i, player=(players[i] if i < len(players) else deck.owner.get_username())[:60])
            for i, deck in enumerate(decks)
        )
    return pool


def share_link_renew(*, item: Deck | Pool, user) -> Deck | Pool:
    """A new sharing link for the owner's deck or pool: the old one answers 404 from now on."""
    _check_owner(item, user)
    item.share_token = new_share_token()
    item.save(update_fields=["share_token", "updated_at"])
    return item


def pool_delete(*, pool: Pool, user) -> None:
    _check_owner(pool, user)
    pool.delete()


# -- sample decks --------------------------------------------------------------------------


def sample_owner():
    User = get_user_model()
    owner, created = User.objects.get_or_create(username=SAMPLE_OWNER, defaults={"is_active": False})
    if created:
        owner.set_unusable_password()
        owner.save(update_fields=["password"])
    return owner


def load_sample_decks() -> list[str]:
    """Load each game's sample decks and pools (its package's samples file, GameDef.samples_path:
    rules/games/<slug>/samples.json), in the registry's order: public, owned by the "samples" user. A deck or
    pool is of the game whose file holds it unless it names another.

    Idempotent: a deck or pool whose name already exists for that owner and game is left alone.
    """
    shipped = [(slug, sample_data(game)) for slug, game in GAMES.items()]
    owner = sample_owner()
    loaded = []
    with transaction.atomic():
        by_name = {}
        for slug, item in ((slug, item) for slug, data in shipped for item in data["decks"]):
            game = item.get("game") or slug
            existing = Deck.objects.filter(owner=owner, game_id=game, name=item["name"]).first()
            if existing is None:
                regulation = selectors.regulation_for(game, item.get("regulation"))
                sections = decklist_sections(game, regulation, item["decklist"])
                existing = deck_create(
                    owner=owner,
                    game=game,
                    regulation=regulation,
                    name=item["name"],
                    description=item.get("description", ""),
                    visibility=Visibility.PUBLIC,
                    sections=sections,
                    sample=True,
                )
                loaded.append(f"deck {game}: {item['name']}")
            by_name[(game, item["name"])] = existing
        for slug, item in ((slug, item) for slug, data in shipped for item in data["pools"]):
            if Pool.objects.filter(owner=owner, name=item["name"]).exists():
                continue
            game = item.get("game") or slug
            decks = [by_name[(game, n)] for n in item["entries"]]
            pool = pool_save(
                user=owner,
                name=item["name"],
                description=item.get("description", ""),
                deck_ids=[d.pk for d in decks],
                regulation=selectors.regulation_for(game, item.get("regulation")),
                visibility=Visibility.PUBLIC,
                players=item.get("players"),
            )
            Pool.objects.filter(pk=pool.pk).update(sample=True)
            loaded.append(f"pool: {item['name']}")
    return loaded
