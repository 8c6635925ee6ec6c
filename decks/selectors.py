"""Reads for decks: visibility checks, plain data for the construction rules, statistics."""

from __future__ import annotations

from django.db import connection
from django.db.models import Q, QuerySet
from django.http import Http404
from django.utils.translation import get_language, gettext

from cards.faces import face_src
from cards.models import Card, Game
from rules.deckcode import encode as encode_deck_codes
from rules.decklist import CardIndex
from rules.decks import DeckData, Violation, validate
from rules.declare import GAMES, get_game
from rules.declare.fields import UNLIMITED
from rules.declare.regulation import LISTED, OWN, TYPE, Limit
from rules.restricted import DraftReading, WhatIf, limits_text, read_draft, what_if

from .models import Deck, DeckEntry, Pool, Regulation, Visibility


def _lang() -> str:
    return get_language() or "ja"


# -- cards as plain data ----------------------------------------------------------


def card_dict(card: Card) -> dict:
    data = card.to_data()
    data["id"] = card.pk
    return data


def card_dicts(cards) -> dict[int, dict]:
    return {c.pk: card_dict(c) for c in cards}


def game_cards(game_slug: str) -> dict[int, dict]:
    """Every card of a game as plain data (the decklist parser looks names up among them)."""
    return card_dicts(Card.objects.filter(game_id=game_slug).order_by("id"))


# Each process keeps the last index of each game with the stamp it was built from, and builds it again
# when the stamp differs: a deck page and a validation look names up in every card of the game, which took
# 50 ms with a real 1,151-card list (bench/load.py BENCH_LOAD_FANLIST=1); reading the stamp takes about 5.
_card_indexes: dict[tuple[str, str], tuple[tuple, CardIndex]] = {}


def cards_stamp(game_slug: str) -> tuple:
    """Every card's (id, updated_at): every write of a card sets updated_at (saves, the importer's bulk
    update, image changes), so any committed addition, change or deletion changes the stamp, whatever order
    concurrent transactions commit in (a maximum of updated_at would miss a save that commits after a later
    one)."""
    return tuple(Card.objects.filter(game_id=game_slug).order_by("id").values_list("id", "updated_at"))


def game_card_index(game_slug: str) -> CardIndex:
    """The CardIndex of a game's cards (shared within the process: read it, never change it)."""
    key = (connection.settings_dict["NAME"], game_slug)
    stamp = cards_stamp(game_slug)
    kept = _card_indexes.get(key)
    if kept is not None and kept[0] == stamp:
        return kept[1]
    index = CardIndex(game_cards(game_slug).values())
    _card_indexes[key] = (stamp, index)
    return index


# -- regulations --------------------------------------------------------------------


def regulations_for(game_slug: str) -> QuerySet[Regulation]:
    return Regulation.objects.filter(game_id=game_slug).prefetch_related("sections", "card_limits", "basic_cards")


def regulation_for(game_slug: str, code: str | None = None) -> Regulation | None:
    """The named regulation of a game, or its default one; None if there is no such code."""
    qs = regulations_for(game_slug)
    if code:
        return qs.filter(code=code).first() or qs.filter(Q(name_ja=code) | Q(name_en=code)).first()
    return qs.filter(is_default=True).first() or qs.first()


PROBED_COPIES = 12  # the most copies tried against a game's own check (10 levels of a level-1 blessing fit)


def _game_rules_limit(card: Card, regulation) -> int | None:
    """The most copies of the card the game's own construction check accepts, where it refuses more (None: it
    refuses none of up to PROBED_COPIES). Tried on a deck of the card alone, so only what the card's copies do
    counts: a violation naming the card that more copies bring and one copy does not."""
    check = card.definition.construction_check()
    if check is None or not regulation.sections:
        return None
    data = card_dict(card)
    section = regulation.sections[0].key

    def faults(copies: int) -> set:
        deck = DeckData(sections={section: {card.pk: copies}})
        return {v.code for v in check(card.definition, regulation, deck, {card.pk: data}) if card.pk in v.cards}

    alone = faults(1)
    for copies in range(2, PROBED_COPIES + 1):
        if faults(copies) - alone:
            return copies - 1
    return None


def card_limit(card: Card) -> dict | None:
    """How many copies of the card a deck may hold in the game's default regulation, and why (the card
    page shows it through the deck_extras tag card_copy_limit).

    The regulation is the stored one (editors may have changed it), else the registry's; where the game's
    own check refuses fewer copies than the regulation allows (a 【ユニーク】 card: one), that is the limit.
    """
    stored = regulation_for(card.game_id)
    regulation = stored.to_rules() if stored is not None else card.definition.regulation
    if regulation is None:
        return None
    lang = get_language() or "ja"
    limit = regulation.limit_for(card.name, card.aliases or (), card.card_type, (card.attrs or {}).get("copy_limit"))
    own = _game_rules_limit(card, regulation)
    if own is not None and (limit.copies == UNLIMITED or own < limit.copies):
        limit = Limit(own, OWN)  # what the game's own check refuses (e.g. a second copy of a unique card)
    copies = gettext("unlimited") if limit.copies == UNLIMITED else str(limit.copies)
    if limit.source == LISTED:
        status = limit.list_ja if lang.startswith("ja") else limit.list_en
    elif limit.source == OWN:
        status = gettext("the card's own limit")
    elif limit.source == TYPE:
        status = gettext("every card of its type")
    else:
        status = ""
    return {
        "regulation": regulation.name_ja if lang.startswith("ja") else regulation.name_en,
        "copies": copies,
        "status": status,
        "restricted": limit.source == LISTED,
    }


# -- decks ---------------------------------------------------------------------------


MAX_ID = 2**63 - 1  # no row has a larger key; a larger number in a URL would overflow the query


def _id(pk) -> int:
    """A primary key from a URL, or 404."""
    if not isinstance(pk, int) or isinstance(pk, bool) or not 0 < pk <= MAX_ID:
        raise Http404
    return pk


def deck_queryset() -> QuerySet[Deck]:
    return Deck.objects.select_related("owner", "game", "regulation")


def _readable(queryset, user, pk):
    """A deck or pool the user may read by its id: their own, or a public one. Unlisted only by link."""
    found = queryset.filter(pk=_id(pk)).first()
    if found is None or not (
        found.visibility == Visibility.PUBLIC or (user.is_authenticated and found.owner_id == user.pk)
    ):
        raise Http404
    return found


def _shared(queryset, token: str):
    """A deck or pool by its share link (unlisted or public; a private one never)."""
    found = queryset.filter(share_token=token).exclude(visibility=Visibility.PRIVATE).first()
    if found is None:
        raise Http404
    return found


def _owned(queryset, user, pk):
    """A deck or pool the user may change: only their own (others' are 404, never revealed)."""
    if not user.is_authenticated:
        raise Http404
    found = queryset.filter(pk=_id(pk), owner=user).first()
    if found is None:
        raise Http404
    return found


def visible_deck(user, pk: int) -> Deck:
    return _readable(deck_queryset(), user, pk)


def shared_deck(token: str) -> Deck:
    return _shared(deck_queryset(), token)


def owned_deck(user, pk: int) -> Deck:
    return _owned(deck_queryset(), user, pk)


def public_decks(game_slug: str | None = None) -> QuerySet[Deck]:
    qs = deck_queryset().filter(visibility=Visibility.PUBLIC)
    return qs.filter(game_id=game_slug) if game_slug else qs


def user_decks(user) -> QuerySet[Deck]:
    return deck_queryset().filter(owner=user)


def deck_entries(deck: Deck):
    return deck.entries.select_related("card").order_by("id")


def deck_state(deck: Deck) -> tuple[DeckData, dict[int, dict]]:
    """The deck as plain data, and its cards: the one query validation needs."""
    sections: dict[str, dict] = {key: {} for key in deck.regulation.to_rules().section_keys}
    cards: dict[int, dict] = {}
    for entry in deck_entries(deck):
        sections.setdefault(entry.section, {})[entry.card_id] = entry.count
        cards[entry.card_id] = card_dict(entry.card)
    return DeckData(sections=sections), cards


def deck_codes(deck: Deck, data=None, cards=None) -> list[dict]:
    """The deck in each deck-code format its game writes (none for most games): for each, `format`, `tool`,
    `version`, `link`, and `text`, or `reason` (in the active language) when no code can be made."""
    game = GAMES.get(deck.game_id)
    if game is None or not game.deck_code_writers:
        return []
    if data is None or cards is None:
        data, cards = deck_state(deck)
    return [
        {
            "format": e.format.key,
            "tool": e.format.tool,
            "version": e.format.version,
            "link": e.format.link,
            "text": e.text,
            "reason": "" if e.ok else gettext(e.template).format(**e.params),
        }
        for e in encode_deck_codes(game, data, cards, title=deck.name)
    ]


def validate_deck_data(game_slug: str, regulation: Regulation, deck: DeckData, cards: dict) -> list[Violation]:
    return validate(get_game(game_slug), regulation.to_rules(), deck, cards)


def violation_dicts(violations: list[Violation], regulation: Regulation) -> list[dict]:
    """Violations for the page and the API, their messages in the active language: the game's own words for a
    message where it declares them (GameDef.word), else the global translations."""
    rules = regulation.to_rules()
    lang = _lang()
    game = GAMES.get(regulation.game_id)
    out = []
    for v in violations:
        params = dict(v.params)
        for key in ("section", "deck"):  # section keys (main, skill …) shown by their labels
            if key in params:
                named = rules.section(str(params[key]))
                params[key] = named.label(lang) if named else params[key]
        section = rules.section(v.section) if v.section else None
        out.append(
            {
                "code": v.code,
                "message": ((game and game.word(v.template, lang)) or gettext(v.template)).format(**params),
                "cards": list(v.cards),
                "section": v.section,
                "section_label": section.label(lang) if section else (v.section or ""),
            }
        )
    return out


def pool_queryset() -> QuerySet[Pool]:
    return Pool.objects.select_related("owner", "game", "regulation")


def visible_pool(user, pk: int) -> Pool:
    return _readable(pool_queryset(), user, pk)


def shared_pool(token: str) -> Pool:
    return _shared(pool_queryset(), token)


def owned_pool(user, pk: int) -> Pool:
    return _owned(pool_queryset(), user, pk)


def pool_games() -> list[str]:
    """The games whose decks are pooled into one shared deck (they declare pools), in the registry's order."""
    return [slug for slug, game in GAMES.items() if game.pools]


def pool_game() -> str:
    """The game a new pool is for unless its format says otherwise: the first that declares pools."""
    return next(iter(pool_games()), "")


def decks_usable_in_pool(user, game_slug: str | None = None) -> QuerySet[Deck]:
    """Entries a user may put in a pool: their own decks and public decks of the game (of every game that
    declares pools when None)."""
    qs = deck_queryset().filter(game_id__in=pool_games() if game_slug is None else [game_slug])
    if user.is_authenticated:
        return qs.filter(Q(owner_id=user.pk) | Q(visibility=Visibility.PUBLIC))
    return qs.filter(visibility=Visibility.PUBLIC)


def games_with_regulations() -> list[tuple[Game, list[Regulation]]]:
    regs: dict[str, list[Regulation]] = {}
    for r in Regulation.objects.order_by("game__order", "-is_default", "-effective_date", "code"):
        regs.setdefault(r.game_id, []).append(r)
    return [(g, regs.get(g.slug, [])) for g in Game.objects.all()]


def card_faces(card_ids) -> dict[int, dict[str, str]]:
    """The URLs of the cards' faces (its uploaded image, else its drawn face): `face` 640 px wide (the large
    preview), `face_small` 240 px (a grid) — cards.faces.face_src, for the pages' previews and the API."""
    ids = {int(i) for i in card_ids}
    if not ids:
        return {}
    return {
        card.pk: {"face": face_src(card, "m"), "face_small": face_src(card, "s")}
        for card in Card.objects.filter(pk__in=ids).only("id", "game_id", "updated_at", "image")
    }


def snapshot_diff(before: dict, after: dict) -> list[dict]:
    """What changed from one revision's snapshot to another: `{section, card, name, delta}` per card and section
    whose copies differ (delta > 0: copies added)."""
    def flat(snapshot):
        return {
            (key, card_id): (count, name)
            for key, entries in snapshot.get("sections", {}).items()
            for card_id, count, name in entries
        }

    old, new = flat(before), flat(after)
    out = []
    for key in list(dict.fromkeys([*new, *old])):
        delta = new.get(key, (0, ""))[0] - old.get(key, (0, ""))[0]
        if delta:
            name = (new.get(key) or old.get(key))[1]
            out.append({"section": key[0], "card": key[1], "name": name, "delta": delta})
    return out


# -- a draft restricted list (the editors' what-if) ---------------------------------------------------


def regulation_limits_text(regulation: Regulation) -> str:
    """The regulation's restricted list as the draft form starts it: one "name copies" a line."""
    return limits_text(regulation.to_rules())


def read_regulation_draft(regulation: Regulation, text: str) -> DraftReading:
    """The draft restricted list typed for `regulation`, its names found as a decklist's are."""
    return read_draft(text, regulation.to_rules(), game_card_index(regulation.game_id))


def public_deck_data(regulation: Regulation) -> tuple[dict[int, Deck], dict[int, DeckData]]:
    """The public decks of a regulation and each as plain data, in two queries however many there are."""
    decks = {d.pk: d for d in public_decks(regulation.game_id).filter(regulation=regulation).order_by("name", "id")}
    keys = regulation.to_rules().section_keys
    data = {pk: DeckData(sections={key: {} for key in keys}) for pk in decks}
    rows = DeckEntry.objects.filter(deck_id__in=list(decks)).order_by("id").values_list("deck_id", "section", "card_id", "count")
    for deck_id, section, card_id, count in rows.iterator(chunk_size=5000):
        data[deck_id].sections.setdefault(section, {})[card_id] = count
    return decks, data


def regulation_what_if(regulation: Regulation, draft: DraftReading) -> tuple[WhatIf, dict[int, Deck]]:
    """Which public decks of `regulation` the draft makes illegal (and by which cards), validated with the
    construction rules (rules.decks.validate) under the regulation as stored and under the draft."""
    decks, data = public_deck_data(regulation)
    cards = game_card_index(regulation.game_id).cards
    result = what_if(get_game(regulation.game_id), regulation.to_rules(), draft.regulation, data, cards)
    return result, decks


def public_decks_of_other_regulations(regulation: Regulation) -> int:
    """How many public decks of the regulation's game follow another regulation (a draft leaves them be)."""
    return public_decks(regulation.game_id).exclude(regulation=regulation).count()
