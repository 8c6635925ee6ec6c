"""Reads for goldfish sessions: finding one, its engine state (cached or replayed), the cards a deck,
pool or decklist puts into a game, and a player's recent sessions."""

from __future__ import annotations

import logging
from functools import lru_cache

from django.db.models import Q, QuerySet
from django.http import Http404
from django.urls import Resolver404, resolve, reverse

from cards.faces import face_src, face_url
from cards.models import Card
from decks import selectors as deck_selectors
from decks.models import Deck, Pool, Regulation, Visibility
from rules.declare import get_game
from rules.engine import apply, new_game
from rules.engine.core import VERSION as ENGINE_VERSION

from .actors import Actor
from .models import GoldfishSession, Simulation

log = logging.getLogger(__name__)


# -- sessions -----------------------------------------------------------------------------------------


def get_session(session_id) -> GoldfishSession:
    """A session by its public id (anyone with the link may look at it), or 404."""
    if not isinstance(session_id, str) or not 0 < len(session_id) <= 24:
        raise Http404
    found = GoldfishSession.objects.select_related("game").filter(pk=session_id).first()
    if found is None:
        raise Http404
    return found


def session_owner(session_id) -> GoldfishSession:
    """Only what the ownership check reads (writes load the whole row again, locked), or 404."""
    if not isinstance(session_id, str) or not 0 < len(session_id) <= 24:
        raise Http404
    found = GoldfishSession.objects.only("id", "owner_id", "owner_key").filter(pk=session_id).first()
    if found is None:
        raise Http404
    return found


def recent_sessions(who: Actor, limit: int = 20) -> QuerySet[GoldfishSession]:
    """The actor's own sessions, newest first (without their heavy columns)."""
    condition = Q(pk__in=[])
    if who.user_id is not None:
        condition |= Q(owner_id=who.user_id)
    if who.key:
        condition |= Q(owner__isnull=True, owner_key=who.key)
    return (
        GoldfishSession.objects.filter(condition)
        .select_related("game")
        .defer("setup", "actions", "redo", "state", "faces")
        .order_by("-updated_at")[:limit]
    )


def rebuild(setup: dict, actions: list) -> tuple[dict, int]:
    """The state after replaying `actions` from `setup`, and how many of them still apply (an engine that
    changed its rules may refuse a logged action: the replay stops there)."""
    state = new_game(setup["game"], setup["decks"], setup["seed"], setup["options"], setup.get("seats"))
    for done, action in enumerate(actions):
        try:
            apply(state, action)
        except Exception:  # noqa: BLE001 - any refusal ends the replay; the caller keeps the prefix
            log.warning("goldfish replay stopped at action %s of %s", done, len(actions), exc_info=True)
            return state, done
    return state, len(actions)


def opponent_decks(user, game_slug: str, limit: int = 100) -> list[Deck]:
    """The decks of a game one may seat an AI opponent with: one's own, then the public ones (the samples
    among them), by name."""
    own = list(deck_selectors.user_decks(user).filter(game_id=game_slug).order_by("name", "pk")[:limit]) if user.is_authenticated else []
    seen = {d.pk for d in own}
    public = [d for d in deck_selectors.public_decks(game_slug).order_by("name", "pk")[:limit] if d.pk not in seen]
    return own + public


def is_current(session: GoldfishSession) -> bool:
    """The cached state was made by this engine version and can be used as it is."""
    state = session.state
    return isinstance(state, dict) and session.engine_version == ENGINE_VERSION and state.get("version") == ENGINE_VERSION


def session_state(session: GoldfishSession) -> dict:
    """The engine's state of the session: the cached copy, or a replay of the log when that is missing
    or was made by another engine version."""
    if is_current(session):
        state = dict(session.state)
        state["setup"] = session.setup
        return state
    state, applied = rebuild(session.setup, session.actions)
    state["redo"] = list(session.redo) if applied == len(session.actions) else []
    return state


def state_at(session: GoldfishSession, step: int) -> dict:
    """The game after its first `step` actions (a replay, for the replay controls)."""
    state, _applied = rebuild(session.setup, session.actions[:step])
    return state


# -- what a game is played with -------------------------------------------------------------------------


def engine_card(card: Card) -> dict:
    """A card as the engine takes it: its plain data, its id, and the key that says "same card"."""
    data = card.to_data()
    data["id"] = card.pk
    data["key"] = str(card.pk)
    return data


def _copies(counts: list[tuple], cards: dict[int, Card]) -> list[dict]:
    """Card dicts, one a copy; a card from a deck section carries its key as "section" (the engine puts a
    section that is not the main deck, like vision's weather deck, in a zone of its own)."""
    out = []
    for card_id, count, *section in counts:
        card = cards.get(card_id)
        if card is not None:
            data = engine_card(card)
            if section and section[0]:
                data["section"] = section[0]
            out += [dict(data) for _ in range(count)]
    return out


def faces_of(cards) -> dict[str, str]:
    """Card id -> the URL of its small drawn face (printing's card_face)."""
    return {str(c.pk): face_url(c, "s") for c in cards}


@lru_cache(maxsize=8192)  # every answer of a game maps the same URLs again: resolve() each once per process
def large_face(url: str) -> str | None:
    """The m-size (640 px, the card preview's) URL of a drawn face given at another size; None for a URL that
    is not a drawn face."""
    try:
        match = resolve(url)
    except Resolver404:
        return None
    if match.url_name != "card_face":
        return None
    return reverse("card_face", kwargs={**match.kwargs, "size": "m"})


def card_previews(keys) -> dict[str, str]:
    """Card key (its database id, as a simulation's figures name it) -> the URL of its large face, for the
    card preview: its uploaded image, else its drawn face (cards.faces.face_src)."""
    ids = {int(k) for k in keys if str(k).isdigit()}
    return {str(card.pk): face_src(card, "m") for card in Card.objects.filter(pk__in=ids)}


def large_faces(faces: dict[str, str]) -> dict[str, str]:
    """Card id -> the m-size URL of its drawn face, from a session's small faces (faces_of)."""
    out = {}
    for card_id, url in (faces or {}).items():
        large = large_face(url) if isinstance(url, str) else None
        if large:
            out[card_id] = large
    return out


def basic_counts(regulation: Regulation | None, game_slug: str) -> list[tuple[int, int]]:
    """The regulation's basic cards (Time Storm's shared deck), as (card id, copies): by name, else alias."""
    if regulation is None:
        return []
    basic = regulation.to_rules().basic
    if not basic:
        return []
    by_name: dict[str, int] = {}
    by_alias: dict[str, int] = {}
    for pk, name, aliases in Card.objects.filter(game_id=game_slug).order_by("pk").values_list("pk", "name", "aliases"):
        by_name.setdefault(name, pk)
        for alias in aliases or ():
            by_alias.setdefault(alias, pk)
    out = []
    for name, copies in basic:
        card_id = by_name.get(name) or by_alias.get(name)
        if card_id is not None:
            out.append((card_id, copies))
    return out


def _section_counts(regulation: Regulation, sections: dict[str, dict[int, int]]) -> list[tuple[int, int, str]]:
    """Every section's cards in the regulation's section order, as (card id, copies, section key)."""
    order = list(regulation.to_rules().section_keys)
    keys = order + [k for k in sections if k not in order]
    return [(int(cid), n, key) for key in keys for cid, n in (sections.get(key) or {}).items() if n > 0]


def _cards(ids) -> dict[int, Card]:
    return {c.pk: c for c in Card.objects.filter(pk__in=set(ids))}


def sections_decks(game_slug: str, regulation: Regulation, sections: dict) -> tuple[list[list[dict]], dict]:
    """The engine's decks for one player's sections (plus the regulation's basic cards), and the faces."""
    counts = basic_counts(regulation, game_slug) + _section_counts(regulation, sections)
    cards = _cards(c[0] for c in counts)
    return [_copies(counts, cards)], faces_of(cards.values())


def deck_decks(deck: Deck) -> tuple[list[list[dict]], dict]:
    data, _cards_data = deck_selectors.deck_state(deck)
    return sections_decks(deck.game_id, deck.regulation, data.sections)


def pool_decks(pool: Pool) -> tuple[list[list[dict]], dict]:
    """A Time Storm pool: the first entry's cards with the basic cards, then one list per other entry.
    Entries no longer shared by their owners are left out, as on the pool's page."""
    regulation = pool.regulation
    lists: list[list[tuple[int, int]]] = []
    for entry in pool.entries.select_related("deck", "deck__regulation"):
        if entry.deck.visibility != Visibility.PUBLIC and entry.deck.owner_id != pool.owner_id:
            continue
        data, _cards_data = deck_selectors.deck_state(entry.deck)
        sections = {key: data.sections.get(key, {}) for key in regulation.to_rules().section_keys}
        lists.append(_section_counts(regulation, sections))
    if lists:
        lists[0] = basic_counts(regulation, pool.game_id) + lists[0]
    cards = _cards(c[0] for counts in lists for c in counts)
    return [_copies(counts, cards) for counts in lists], faces_of(cards.values())


def default_options(game_slug: str) -> dict:
    """The game's options with their defaults (their types are the types an option takes)."""
    return get_game(game_slug).default_options()


# -- simulations ----------------------------------------------------------------------------------------


def partial_figures(sim: Simulation) -> dict | None:
    """The figures of the pieces done so far of a simulation under way (None before the first or once it is
    done): games played, the share won by the turn cap with its 95% Wilson interval, the mean win turn
    (games won) with its 95% t interval, and the median win turn (over all games so far; None: not half
    won). The page shows them while the rest plays and refines them as pieces finish."""
    from rules.engine.intervals import mean_interval, wilson
    from rules.engine.simulate import median_win_turn

    from .models import SimulationChunk

    if sim.result or not sim.chunks_done:
        return None
    done = SimulationChunk.objects.filter(simulation_id=sim.pk, status=SimulationChunk.Status.DONE, tally__isnull=False)
    games, won = 0, {}
    for tally in done.values_list("tally", flat=True):
        games += tally["games"]
        for turn, count in tally["won"].items():
            won[int(turn)] = won.get(int(turn), 0) + count
    if not games:
        return None
    wins = sum(won.values())
    total = sum(t * c for t, c in won.items())
    squares = sum(t * t * c for t, c in won.items())
    mean, mean_ci = mean_interval(wins, total, squares)
    median = median_win_turn(won, games)
    share = wilson(wins, games)
    return {
        "games": games, "won": wins, "share": wins / games, "share_interval": list(share) if share else None,
        "mean": mean, "mean_interval": list(mean_ci) if mean_ci else None, "median": median,
    }


def visible_simulation(user, token) -> Simulation:
    """A simulation whose deck the user may see: a public or unlisted deck (its link was shared, and so was
    this one), or their own private one; anything else is 404."""
    return _visible_by_deck(Simulation, user, token)


def _visible_by_deck(model, user, token):
    """The row of `model` (a simulation or a card report: a token and a deck) with this token, if the user
    may see its deck; 404 otherwise."""
    if not isinstance(token, str) or not 0 < len(token) <= 24:
        raise Http404
    row = model.objects.select_related("deck", "deck__owner", "game").defer("decks").filter(token=token).first()
    if row is None:
        raise Http404
    deck = row.deck
    if deck.visibility == Visibility.PRIVATE and not (user.is_authenticated and deck.owner_id == user.pk):
        raise Http404
    return row


def deck_simulations(deck: Deck, limit: int = 10) -> QuerySet[Simulation]:
    """The deck's latest simulations (without their decks and results)."""
    return Simulation.objects.filter(deck=deck).defer("decks", "result").order_by("-created_at")[:limit]


def latest_result(deck: Deck) -> Simulation | None:
    """The newest finished simulation of the deck's current revision."""
    return (
        Simulation.objects.filter(deck=deck, revision=deck.revision, status=Simulation.Status.DONE)
        .defer("decks")
        .order_by("-finished_at")
        .first()
    )


ODDS_CACHE_SECONDS = 7 * 24 * 3600


def _odds_cache_key(deck: Deck) -> str:
    """What the odds depend on: the deck's revision (its cards) and row, its regulation's row, the game's
    cards (an editor's change or a deleted card moves the newest change or the count) and the engine."""
    import hashlib

    from django.db.models import Count, Max

    cards = Card.objects.filter(game_id=deck.game_id).aggregate(n=Count("id"), changed=Max("updated_at"))
    regulation = deck.regulation
    parts = (
        deck.pk, deck.revision, deck.updated_at, deck.regulation_id, regulation.updated_at if regulation else "",
        cards["n"], cards["changed"], ENGINE_VERSION,
    )
    return "goldfish:odds:" + hashlib.sha256(repr(parts).encode()).hexdigest()


def opening_odds(deck: Deck) -> dict | None:
    """Exact opening-hand odds of the deck now (hypergeometric): the game's key cards (its autopilot's
    question) and each card, from the pool the opening hand is dealt from. None if the deck cannot start.
    Working them out starts a game (5-10 ms); the deck page shows them on every view, so they are cached
    until the deck, its regulation, the game's cards or the engine change."""
    from django.core.cache import cache

    key = _odds_cache_key(deck)
    cached = cache.get(key)
    if cached is None:
        cached = {"odds": _opening_odds(deck)}
        cache.set(key, cached, ODDS_CACHE_SECONDS)
    return cached["odds"]  # a fresh copy: the cache pickles what it keeps


def _opening_odds(deck: Deck) -> dict | None:
    from rules.engine import IllegalAction
    from rules.engine.simulate import GameFactory, pool_of
    from rules.engine.stats import at_least

    decks, _faces = deck_decks(deck)
    if not decks or not decks[0]:
        return None
    try:
        pilot = get_game(deck.game_id).pilot
        state = GameFactory(deck.game_id, decks, None)(0)
    except IllegalAction:  # a deck the rules cannot start with: no odds (simulating it names the reason)
        return None
    except Exception:  # noqa: BLE001 - the deck page must show even if the engine fails on this deck
        log.exception("opening odds failed for deck %s", deck.pk)
        return None
    pool = pool_of(state, pilot)
    key_copies = sum(pool["copies"][d] for d in pool["key_defs"])
    N, n = pool["N"], pool["n"]
    return {
        "pool": N,
        "hand": n,
        "key_label": pilot.key_label,
        "key_cards": [pool["names"][d] for d in pool["key_defs"]],
        "key_copies": key_copies,
        "at_least": [{"k": k, "exact": at_least(N, key_copies, n, k)} for k in range(1, min(key_copies, n, 3) + 1)],
    }


def deck_simulation_panel(deck: Deck) -> dict:
    """The deck page's Simulate part: the exact opening-hand odds now, beside the simulated share of the
    newest finished simulation of this revision, and the deck's recent simulations. The odds' key_label
    is the autopilot's English one (goldfish.forms.key_label translates it)."""
    odds = opening_odds(deck)
    latest = latest_result(deck)
    if odds and latest and latest.result:
        simulated = {a["k"]: a["simulated"] for a in latest.result["opening"]["at_least"]}
        for a in odds["at_least"]:
            a["simulated"] = simulated.get(a["k"])
    elif odds:
        for a in odds["at_least"]:
            a["simulated"] = None
    return {"odds": odds, "latest": latest, "simulations": list(deck_simulations(deck))}


# -- card reports -------------------------------------------------------------------------------------------


def visible_card_report(user, token):
    """A card report whose deck the user may see (as visible_simulation); anything else is 404."""
    from .models import CardReport

    return _visible_by_deck(CardReport, user, token)


def deck_card_reports(deck: Deck, limit: int = 10):
    """The deck's latest card reports (without their decks and results)."""
    from .models import CardReport

    return CardReport.objects.filter(deck=deck).defer("decks", "result", "new_card").order_by("-created_at")[:limit]


def visible_matchup(user, token):
    """A matchup whose deck the user may see (as visible_simulation); anything else is 404."""
    from .models import Matchup

    return _visible_by_deck(Matchup, user, token)


def deck_matchups(deck: Deck, limit: int = 10):
    """The deck's latest matchups (without their decks and results)."""
    from .models import Matchup

    return Matchup.objects.filter(deck=deck).defer("decks", "result").order_by("-created_at")[:limit]
