"""Writes for goldfish sessions: start one (from a deck, a pool or a decklist), play an action, undo,
redo, start again with the same cards, and prune old anonymous sessions.

Every write is atomic and locks the session's row; the owner check comes first, then the optimistic
version check (a stale `expected_version` raises GoldfishConflict and nothing changes). The engine's
refusals (rules.engine.IllegalAction) become GoldfishInputError naming the field, and nothing is stored.
"""

from __future__ import annotations

import json
import logging
import secrets
import time
from dataclasses import dataclass, field
from datetime import timedelta

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils import timezone
from django.utils.translation import get_language, gettext

from cards.models import Game
from decks import selectors as deck_selectors
from decks.models import Deck, Pool
from decks.services import DeckInputError, decklist_sections
from jobs.services import enqueue, owner_tag
from rules.declare import get_game
from rules.declare.options import OptionError
from rules.engine import IllegalAction, apply, new_game, redo, undo
from rules.engine.core import VERSION as ENGINE_VERSION
from rules.engine.core import canonical_decks, rules_of
from rules.engine.versus import LEVELS, SeatAI, seats_for, versus_games

from . import selectors
from .actors import Actor, owns
from .models import GoldfishSession, SourceKind

log = logging.getLogger(__name__)

MAX_SEED = 2**63 - 1
RANDOM_SEEDS = 10**9  # a seed picked for the player is short enough to read out and type
MAX_CARDS = 1000  # cards in one game, all players together
MAX_ACTIONS = 5000  # a session's log; undo and reload replay it
MAX_STEPS = 1000  # undo / redo steps in one request
MAX_ACTION_CHARS = 2000  # one action as JSON: it is stored in the log and replayed
PRUNE_AFTER_DAYS = 30
PRUNE_EVERY_SECONDS = 3600


@dataclass
class GoldfishInputError(Exception):
    """Input that cannot start or continue a game: each message names the field (or decklist line)."""

    messages: list[str] = field(default_factory=list)
    lines: list[dict] = field(default_factory=list)

    def __str__(self) -> str:
        return "; ".join(self.messages)


class GoldfishConflict(Exception):
    """The session changed since the client saw it (another tab played first)."""

    def __init__(self, current: int):
        super().__init__(current)
        self.current = current


@dataclass
class Outcome:
    """A write's result: the session row, its engine state now, and what the last action did."""

    session: GoldfishSession
    state: dict
    events: list = field(default_factory=list)


# -- checking input ---------------------------------------------------------------------------------


def clean_seed(seed) -> int:
    """A seed from 0 to 2**63-1; None or "" picks a random one."""
    if seed is None or (isinstance(seed, str) and not seed.strip()):
        return secrets.randbelow(RANDOM_SEEDS)
    if isinstance(seed, bool):
        raise GoldfishInputError([gettext("seed: a whole number from 0 to {max}").format(max=MAX_SEED)])
    try:
        value = int(seed.strip()) if isinstance(seed, str) else int(seed)
        if isinstance(seed, float) and seed != value:
            raise ValueError
    except (TypeError, ValueError, OverflowError):
        raise GoldfishInputError([gettext("seed: a whole number from 0 to {max}").format(max=MAX_SEED)]) from None
    if not 0 <= value <= MAX_SEED:
        raise GoldfishInputError([gettext("seed: a whole number from 0 to {max}").format(max=MAX_SEED)])
    return value


def clean_options(game_slug: str, options) -> dict:
    """The game's options: its declared defaults with the given ones over them, each checked against its
    declaration; a bad one is refused in the user's language, naming the option and what it takes."""
    if options is not None and not isinstance(options, dict):
        raise GoldfishInputError([gettext("options: expected an object of option → value")])
    try:
        return get_game(game_slug).check_options(options)
    except OptionError as exc:
        raise GoldfishInputError([f"options.{m}" for m in exc.messages(get_language() or "ja")]) from None


def _check_size(decks: list[list[dict]]) -> None:
    total = sum(len(d) for d in decks)
    if not decks or not decks[0]:
        raise GoldfishInputError([gettext("deck: there are no cards to play with")])
    if total > MAX_CARDS:
        raise GoldfishInputError([gettext("deck: {count} cards is more than the {max} a goldfish game takes").format(
            count=total, max=MAX_CARDS)])


# -- starting ---------------------------------------------------------------------------------------------


def _store(session: GoldfishSession, state: dict) -> None:
    """Keep the engine's state on the row (its setup is the row's own column)."""
    session.state = {k: v for k, v in state.items() if k != "setup"}
    session.actions = [entry["action"] for entry in state["log"]]
    session.redo = list(state["redo"])
    session.engine_version = ENGINE_VERSION
    session.result = state.get("result")


def _create(*, who: Actor, game: str, decks, faces, seed, options, opponent=None, watch=False, **source) -> Outcome:
    """`opponent`: (its deck, the AI level) for a game against a deck the AI plays (seat 1), or None: the
    game's goldfish. `watch`: the AI plays every seat, yours too (at the quick level), the whole game at once:
    it is then watched step by step through the replay (a link shows it to anyone)."""
    if not Game.objects.filter(slug=game).exists():
        raise GoldfishInputError([gettext("game: {value!r} is not a game here").format(value=game)])
    seed = clean_seed(seed)
    options = clean_options(game, options)
    seats = ai = None
    if opponent is not None:
        other, level = opponent
        if game not in versus_games() or other.game_id != game:
            raise GoldfishInputError([gettext("opponent: this game can be played only against a goldfish so far")])
        if level not in LEVELS:
            raise GoldfishInputError([gettext("ai: one of {known}").format(known=", ".join(LEVELS))])
        other_decks, other_faces = selectors.deck_decks(other)
        decks = [decks[0], other_decks[0]]
        faces = {**other_faces, **faces}
        seats = seats_for(game, decks, options)
        ai = {"level": level, "seats": [p for p in range(1, len(decks))], "deck": other.pk, "name": other.name[:200]}
        if watch:
            ai.update(level=LEVELS[0], seats=list(range(len(decks))), watch=True)
    elif watch:
        raise GoldfishInputError([gettext("opponent: choose a deck for the AI to play against yours to watch a game")])
    _check_size(decks)
    decks = canonical_decks(decks)  # the same cards and seed give the same game, however the list was written
    try:
        state = new_game(game, decks, seed, options, seats)
    except IllegalAction as exc:  # an option value the rules cannot start with ("opponents: …")
        raise GoldfishInputError([f"options.{exc}"]) from None
    if ai is not None:
        state["setup"] = {**state["setup"], "ai": ai}  # (the engine reads only its own keys of the setup)
        play_ai(state)
    session = GoldfishSession(
        owner_id=who.user_id,
        owner_key="" if who.user_id is not None else who.key,
        game_id=game,
        seed=seed,
        setup=state["setup"],
        faces=faces,
        **source,
    )
    if session.owner_id is None and not session.owner_key:
        raise PermissionDenied  # nobody would own it
    _store(session, state)
    session.save()
    prune_if_due()
    return Outcome(session, state)


def start_from_deck(*, who: Actor, deck: Deck, seed=None, options=None, opponent=None, watch=False) -> Outcome:
    """A game with a deck the actor may see (the caller checked it, and the opponent's deck, through
    decks.selectors); `opponent`: (a deck, the AI level) to play against instead of the goldfish; `watch`:
    the AI plays both decks (AI against AI, to watch)."""
    decks, faces = selectors.deck_decks(deck)
    return _create(
        who=who, game=deck.game_id, decks=decks, faces=faces, seed=seed, options=options, opponent=opponent, watch=watch,
        source_kind=SourceKind.DECK, source_name=deck.name[:200], deck=deck, deck_revision=deck.revision,
        regulation_code=deck.regulation.code,
    )


def start_from_pool(*, who: Actor, pool: Pool, seed=None, options=None) -> Outcome:
    """A Time Storm game with a pool's shared deck (the caller checked the pool is visible)."""
    decks, faces = selectors.pool_decks(pool)
    return _create(
        who=who, game=pool.game_id, decks=decks, faces=faces, seed=seed, options=options,
        source_kind=SourceKind.POOL, source_name=pool.name[:200], pool=pool, regulation_code=pool.regulation.code,
    )


def start_from_decklist(*, who: Actor, game: str, text: str, regulation_code: str | None = None, seed=None, options=None) -> Outcome:
    """A game with a pasted decklist, read as /decks/check/ reads it; every bad line is reported."""
    if not isinstance(game, str) or not Game.objects.filter(slug=game).exists():
        known = " ".join(Game.objects.values_list("slug", flat=True))
        raise GoldfishInputError([gettext("game: required, one of {known}").format(known=known)])
    regulation = deck_selectors.regulation_for(game, regulation_code or None)
    if regulation is None:
        raise GoldfishInputError([gettext("regulation: {value!r} is not a regulation of this game").format(value=regulation_code)])
    if not (text or "").strip():
        raise GoldfishInputError([gettext("decklist: required")])
    try:
        sections = decklist_sections(game, regulation, text)
    except DeckInputError as exc:
        raise GoldfishInputError(exc.messages, exc.lines) from None
    decks, faces = selectors.sections_decks(game, regulation, sections)
    first = next((line.strip() for line in text.splitlines() if line.strip() and not line.strip().endswith(":")), "")
    return _create(
        who=who, game=game, decks=decks, faces=faces, seed=seed, options=options,
        source_kind=SourceKind.DECKLIST, source_name=gettext("Decklist ({first}…)").format(first=first[:40]),
        regulation_code=regulation.code, decklist=text,
    )


def restart(*, session_id: str, who: Actor, seed=None, options=None) -> Outcome:
    """A new game with the same cards (the snapshot, not the deck as it is now) and a new or given seed."""
    old = selectors.get_session(session_id)
    if not owns(old, who):
        raise PermissionDenied
    setup = old.setup
    if options is None:  # the same options, less any the engine no longer has
        known = selectors.default_options(old.game_id)
        options = {k: v for k, v in (setup.get("options") or {}).items() if k in known}
    return _create(
        who=who, game=old.game_id, decks=setup["decks"], faces=old.faces, seed=seed, options=options,
        source_kind=old.source_kind, source_name=old.source_name, deck_id=old.deck_id,
        deck_revision=old.deck_revision, pool_id=old.pool_id, regulation_code=old.regulation_code, decklist=old.decklist,
    )


# -- playing --------------------------------------------------------------------------------------------


def _locked(session_id: str, who: Actor, expected_version) -> tuple[GoldfishSession, dict]:
    session = GoldfishSession.objects.select_for_update(of=("self",)).select_related("game").filter(pk=session_id).first()
    if session is None:
        raise GoldfishSession.DoesNotExist
    if not owns(session, who):
        raise PermissionDenied
    if expected_version is not None and expected_version != session.version:
        raise GoldfishConflict(session.version)
    state = selectors.session_state(session)
    if not selectors.is_current(session):
        _store(session, state)  # replayed by this engine: the log is what still applies
    return session, state


def _save(session: GoldfishSession, state: dict) -> None:
    _store(session, state)
    session.version += 1
    session.save(update_fields=["state", "actions", "redo", "engine_version", "result", "version", "updated_at"])


def _engine(call, *args):
    """Run an engine call; its refusal (or any failure on odd input) is the player's input error."""
    try:
        return call(*args)
    except IllegalAction as exc:
        raise GoldfishInputError([str(exc)]) from None
    except Exception as exc:  # noqa: BLE001 - odd input must answer 400, never 500; the trace is logged
        log.exception("goldfish: the engine failed on %r", args[1:] if len(args) > 1 else args)
        raise GoldfishInputError([gettext("action: the rules engine could not carry this out ({error})").format(
            error=type(exc).__name__)]) from None


def act(*, session_id: str, who: Actor, action, expected_version=None) -> Outcome:
    """Play one action (a rule action the engine offers, or a manual one); a refused one changes nothing."""
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise GoldfishInputError([gettext("action: an object with a type, e.g. {example}").format(example='{"type": "end_turn"}')])
    if len(json.dumps(action, ensure_ascii=False)) > MAX_ACTION_CHARS:
        raise GoldfishInputError([gettext("action: longer than {max} characters").format(max=MAX_ACTION_CHARS)])
    with transaction.atomic():
        session, state = _locked(session_id, who, expected_version)
        if len(state["log"]) >= MAX_ACTIONS:
            raise GoldfishInputError([gettext("action: this game has reached {max} actions; start a new one").format(max=MAX_ACTIONS)])
        events = _engine(apply, state, action)
        events = events + play_ai(state)  # the AI's answer, one logged action after another
        _save(session, state)
    return Outcome(session, state, events)


# -- the AI opponent ------------------------------------------------------------------------------------

AI_STEPS = 500  # AI actions in a row at most (then the game waits: a loop in an autopilot is not a hang)
WATCH_STEPS = 3000  # ... and in a game the AI plays on every seat (as many as a matchup's game may take)


def ai_seats(state: dict) -> set[int]:
    ai = state["setup"].get("ai")
    return set(ai["seats"]) if ai else set()


def play_ai(state: dict) -> list:
    """The AI seats' actions until the player must act (or the game is over); their events."""
    seats = ai_seats(state)
    if not seats:
        return []
    from rules.engine.versus import DEFAULT_TURN_CAP

    rules, ai, events = rules_of(state), SeatAI(state["game"], state["setup"]["ai"]["level"]), []
    watch = bool(state["setup"]["ai"].get("watch"))
    for _ in range(WATCH_STEPS if watch else AI_STEPS):
        who = rules.to_act(state)
        if state["result"] is not None or who not in seats or (watch and state["turn"] > DEFAULT_TURN_CAP):
            break
        action = ai.choose(state, who)
        if action is None:
            break
        events += _engine(apply, state, action)
    return events


def _own_steps(state: dict, steps: int) -> int:
    """Undo in a game against the AI: each step takes back the player's last action and the AI's answers to
    it (the log's entries back to and including the player's)."""
    seats, log, n = ai_seats(state), state["log"], 0
    for _ in range(steps):
        while n < len(log) and log[len(log) - 1 - n].get("seat") in seats:
            n += 1
        if n < len(log):
            n += 1
    return n


def _steps(steps) -> int:
    if steps is None:
        return 1
    if isinstance(steps, bool) or not isinstance(steps, int) or not 1 <= steps <= MAX_STEPS:
        raise GoldfishInputError([gettext("steps: a whole number from 1 to {max}").format(max=MAX_STEPS)])
    return steps


def take_back(*, session_id: str, who: Actor, steps=1, expected_version=None) -> Outcome:
    """Undo the last `steps` actions (a replay of the log without them); they can be redone."""
    steps = _steps(steps)
    with transaction.atomic():
        session, state = _locked(session_id, who, expected_version)
        if not state["log"]:
            raise GoldfishInputError([gettext("undo: there is nothing to undo")])
        if ai_seats(state):
            steps = _own_steps(state, steps)
        state = _engine(undo, state, steps)
        state["setup"] = session.setup  # (the replay's setup is the engine's own: the AI's seats are the row's)
        _save(session, state)
    return Outcome(session, state)


def play_again(*, session_id: str, who: Actor, steps=1, expected_version=None) -> Outcome:
    """Redo the last undone actions, in order."""
    steps = _steps(steps)
    with transaction.atomic():
        session, state = _locked(session_id, who, expected_version)
        if not state["redo"]:
            raise GoldfishInputError([gettext("redo: there is nothing to redo")])
        before = len(state["log"])
        state = _engine(redo, state, steps)
        if ai_seats(state):  # the AI's answers the undo took back with the player's action
            rules = rules_of(state)
            while state["redo"] and state["result"] is None and rules.to_act(state) in ai_seats(state):
                state = _engine(redo, state, 1)
        events = [e for entry in state["log"][before:] for e in entry.get("events", [])]
        _save(session, state)
    return Outcome(session, state, events)


# -- housekeeping ------------------------------------------------------------------------------------------

_last_prune = 0.0


def prune_sessions(days: int = PRUNE_AFTER_DAYS, now=None) -> int:
    """Delete anonymous sessions untouched for `days` days (an account's sessions are kept); the count."""
    cutoff = (now or timezone.now()) - timedelta(days=days)
    deleted, _by_model = GoldfishSession.objects.filter(owner__isnull=True, updated_at__lt=cutoff).delete()
    return deleted


def prune_if_due() -> None:
    """Prune at most once an hour per process (called when a session starts)."""
    global _last_prune
    now = time.monotonic()
    if _last_prune and now - _last_prune < PRUNE_EVERY_SECONDS:
        return
    _last_prune = now
    prune_sessions()


# -- simulations: thousands of autopilot games in the background ----------------------------------------

SIM_MAX_GAMES = 20000
SIM_MAX_SEED = 10**9
SIM_MAX_TURN_CAP = 50
SIM_ACTIVE_PER_REQUESTER = 3  # queued or running simulations one user (or visitor) may have at once
# Queued or running simulations of all visitors without an account together: a visitor who drops the
# session cookie gets a new key each time, so the per-visitor limit alone would not hold them back.
SIM_ACTIVE_VISITORS = 12
# A piece whose worker died is queued again (or failed) by the workers' sweep (jobs.services.sweep), never
# by a page: the pages and the API read the same rows.


class SimulationBusy(GoldfishInputError):
    """The requester already has as many simulations waiting as allowed."""


def _whole(name: str, value, low: int, high: int) -> int:
    given = value
    if isinstance(value, str):
        text = value.strip()
        try:
            value = int(text) if text.isascii() and text.isdigit() else value
        except ValueError:  # more digits than Python reads
            value = given
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        shown = given
        if isinstance(given, str) and len(given) > 40:
            shown = given[:40] + "…"
        elif isinstance(given, int) and abs(given) > 10**40:  # too long to show (or even to print)
            shown = "…"
        raise GoldfishInputError([gettext("{name}: a whole number from {low} to {high}, not {value!r}").format(
            name=name, low=low, high=high, value=shown)])
    return value


CHUNK_MAX_GAMES = 500  # a piece stays short (about half a second of kannagi), so the fair queue moves


LEAD_PIECES, LEAD_GAMES = 2, 10  # the first pieces (one for each of two workers) are small: first figures in ~1 s
LEAD_FROM = 500  # games: a smaller simulation's pieces of 50 are quick enough on their own (issue 36)


def simulation_pieces(games: int) -> list[tuple[int, int]]:
    """(start, count) of each piece of a simulation: LEAD_PIECES pieces of LEAD_GAMES games first (even
    original's slow autopilot plays 10 games in a quarter of a second, so the page has figures with
    intervals within about a second of starting, selectors.partial_figures), then pieces of chunk_size.
    The figures do not depend on the pieces: game i plays from seed + i whatever piece holds it."""
    size = chunk_size(games)
    start, out = 0, []
    if size > LEAD_GAMES and games >= LEAD_FROM:
        for _ in range(LEAD_PIECES):
            out.append((start, LEAD_GAMES))
            start += LEAD_GAMES
    return out + [(s, min(size, games - s)) for s in range(start, games, size)]


def chunk_size(games: int) -> int:
    """Games per background task: about twenty tasks a simulation (the progress bar's steps), 50 at least
    and CHUNK_MAX_GAMES at most (a 20,000-game run is 40 pieces: another account's job waits for one)."""
    return min(CHUNK_MAX_GAMES, max(50, -(-games // 20)))


def revision_decks(deck: Deck, number: int) -> list[list[dict]]:
    """The engine's decks of one revision of the deck: the current one from its entries, an older one from
    its snapshot with the regulation it had then. An older revision that cannot be played as it was (its
    regulation or some of its cards deleted since) is refused, naming what is missing, rather than played
    as a different deck under its number."""
    from cards.models import Card
    from decks.models import DeckRevision, Regulation

    if number == deck.revision:
        decks, _faces = selectors.deck_decks(deck)
        return decks
    revision = DeckRevision.objects.filter(deck=deck, number=number).first() if number >= 1 else None
    if revision is None:
        raise GoldfishInputError([gettext("revision: the deck has no revision {number}").format(number=number)])
    regulation = Regulation.objects.filter(game_id=deck.game_id, code=revision.regulation_code).first()
    if regulation is None:
        raise GoldfishInputError([gettext("revision: revision {number} used the regulation {code}, which no longer exists").format(
            number=number, code=revision.regulation_code)])
    entries = [
        (key, int(card_id), count, (name or [""])[0])
        for key, rows in (revision.snapshot or {}).get("sections", {}).items()
        for card_id, count, *name in rows
    ]
    existing = set(Card.objects.filter(game_id=deck.game_id, pk__in={e[1] for e in entries}).values_list("pk", flat=True))
    gone = sorted({name or str(card_id) for _key, card_id, _count, name in entries if card_id not in existing})
    if gone:
        raise GoldfishInputError([gettext("revision: cards of revision {number} were deleted since: {names}").format(
            number=number, names=", ".join(gone))])
    sections: dict[str, dict[int, int]] = {}
    for key, card_id, count, _name in entries:
        sections.setdefault(key, {})[card_id] = count
    decks, _faces = selectors.sections_decks(deck.game_id, regulation, sections)
    return decks


def _stored_simulation(key: dict):
    from .models import Simulation

    return Simulation.objects.filter(**key).defer("decks", "result").first()


def _active_simulations():
    from .models import Simulation

    return Simulation.objects.filter(status__in=[Simulation.Status.QUEUED, Simulation.Status.RUNNING])


def _check_busy(who: Actor) -> None:
    """At most SIM_ACTIVE_PER_REQUESTER simulations of one person wait at once (and SIM_ACTIVE_VISITORS of
    all visitors together). One whose worker died frees its place by itself (the sweep ends it)."""
    active = _active_simulations()
    limits = []
    if who.user_id is not None:
        limits.append((active.filter(requested_by_id=who.user_id), SIM_ACTIVE_PER_REQUESTER, gettext(
            "Wait for one of your {count} running simulations to finish first.").format(count=SIM_ACTIVE_PER_REQUESTER)))
    else:
        visitors = active.filter(requested_by__isnull=True).exclude(requester_key="")
        limits.append((visitors.filter(requester_key=who.key or "-"), SIM_ACTIVE_PER_REQUESTER, gettext(
            "Wait for one of your {count} running simulations to finish first.").format(count=SIM_ACTIVE_PER_REQUESTER)))
        limits.append((visitors, SIM_ACTIVE_VISITORS, gettext(
            "Visitors without an account have {count} simulations waiting already: sign in, or try again in a few "
            "minutes.").format(count=SIM_ACTIVE_VISITORS)))
    for queryset, limit, message in limits:
        if queryset.count() >= limit:
            raise SimulationBusy([message])


def _tag(who: Actor) -> str:
    """The fair queue's key of the actor's jobs (jobs.services.owner_tag)."""
    return owner_tag(who.user_id, "" if who.user_id is not None else who.key)


def start_simulation(*, who: Actor, deck: Deck, games, seed, turn_cap, revision=None):
    """The simulation of a deck revision with these games, seed and turn cap: the stored one when it was
    asked for before (and did not fail), else a new one queued for the workers in pieces. The caller checked
    the deck is visible to the actor."""
    from django.db import IntegrityError

    from rules.engine.simulate import GameFactory

    from .models import Simulation, SimulationChunk

    games = _whole("games", games, 1, SIM_MAX_GAMES)
    seed = _whole("seed", seed, 0, SIM_MAX_SEED)
    turn_cap = _whole("turn_cap", turn_cap, 1, SIM_MAX_TURN_CAP)
    if revision in (None, ""):
        number = deck.revision
    else:
        number = _whole("revision", revision, min(1, deck.revision), max(deck.revision, 0))
    key = {"deck": deck, "revision": number, "games": games, "seed": seed, "turn_cap": turn_cap, "engine_version": ENGINE_VERSION}
    found = _stored_simulation(key)
    if found is not None and found.status != Simulation.Status.FAILED:
        return found
    _check_busy(who)
    decks = revision_decks(deck, number)
    _check_size(decks)
    try:
        get_game(deck.game_id).pilot  # noqa: B018 - a game without an autopilot is refused here
        GameFactory(deck.game_id, decks, None)  # the deck starts a game (a refusal names what is wrong)
    except IllegalAction as exc:
        raise GoldfishInputError([f"deck: {exc}"]) from None
    pieces = simulation_pieces(games)
    for _attempt in range(2):
        try:
            # A savepoint when the caller holds a transaction: a duplicate row rolls back only this block,
            # so the lookup below still runs (on PostgreSQL a failed statement breaks the transaction).
            with transaction.atomic():
                if found is not None:  # a failed run is tried again from scratch
                    Simulation.objects.filter(pk=found.pk, status=Simulation.Status.FAILED).delete()
                sim = Simulation.objects.create(
                    **key, game_id=deck.game_id, decks=decks, chunks=len(pieces),
                    requested_by_id=who.user_id, requester_key="" if who.user_id is not None else who.key,
                )
                SimulationChunk.objects.bulk_create(
                    SimulationChunk(simulation=sim, index=i, start=start, count=count, owner_tag=_tag(who))
                    for i, (start, count) in enumerate(pieces)
                )
                # inside this transaction when the tasks live in this database: the simulation, its pieces
                # and their tasks are stored together or not at all
                enqueue(list(sim.pieces.order_by("index")))
            return sim
        except IntegrityError:  # the same simulation was asked for at the same moment: that one
            found = _stored_simulation(key)
            if found is not None and found.status != Simulation.Status.FAILED:
                return found
    raise GoldfishInputError([gettext("The simulation could not be stored; try again.")])


def record_chunk(chunk_id: int, tally: dict) -> None:
    """A piece's tallies are in: count its games, and when it is the last piece summarize the whole run.

    The simulation's row is locked first (PostgreSQL: SELECT … FOR UPDATE; SQLite: the write transaction
    starts IMMEDIATE), so pieces finishing at once on several workers add up correctly. The piece is done
    (jobs.Job) with its tally in the same transaction. A piece played again (queued again by the sweep, or
    a duplicate task) counts once; a piece that ends after the simulation was summarized (its tallies are
    cleared then) or failed changes nothing. The counts are taken from the pieces' rows, not added to, so
    they always say what is recorded."""
    from django.db.models import Count, Sum

    from rules.engine.simulate import merge, summarize

    from .models import Simulation, SimulationChunk

    with transaction.atomic():
        chunk = SimulationChunk.objects.filter(pk=chunk_id).only("id", "simulation_id").first()
        if chunk is None:
            return  # the simulation was deleted (a failed run asked for again)
        sim = (
            Simulation.objects.select_for_update()
            .only("id", "status", "done", "chunks", "chunks_done", "turn_cap", "games")
            .get(pk=chunk.simulation_id)
        )
        if sim.status in (Simulation.Status.DONE, Simulation.Status.FAILED):
            return
        recorded = SimulationChunk.objects.filter(pk=chunk_id).exclude(status=SimulationChunk.Status.DONE).update(
            tally=tally, status=SimulationChunk.Status.DONE, finished_at=timezone.now()
        )
        if not recorded:
            return  # another worker recorded this piece already
        pieces = SimulationChunk.objects.filter(simulation_id=sim.pk)
        counts = pieces.filter(status=SimulationChunk.Status.DONE).aggregate(pieces=Count("id"), games=Sum("count"))
        sim.chunks_done, sim.done = counts["pieces"], counts["games"] or 0
        sim.status = Simulation.Status.RUNNING
        fields = ["done", "chunks_done", "status"]
        if sim.chunks_done >= sim.chunks:
            tallies = list(pieces.order_by("index").values_list("tally", flat=True))
            sim.result = summarize(merge(tallies), sim.turn_cap)
            sim.status = Simulation.Status.DONE
            sim.finished_at = timezone.now()
            fields += ["result", "finished_at"]
        sim.save(update_fields=fields)
        if sim.status == Simulation.Status.DONE:
            pieces.update(tally=None)  # the summary keeps what is shown


def fail_simulation(simulation_id: int, error: str) -> None:
    """Mark a simulation failed (the first error is kept); a finished one stays as it is."""
    from .models import Simulation, SimulationChunk

    Simulation.objects.filter(pk=simulation_id).exclude(status__in=[Simulation.Status.DONE, Simulation.Status.FAILED]).update(
        status=Simulation.Status.FAILED, error=error[:2000], finished_at=timezone.now()
    )
    # its waiting pieces have nothing left to add: their tasks then find nothing to claim
    SimulationChunk.objects.filter(simulation_id=simulation_id, status=SimulationChunk.Status.QUEUED).update(
        status=SimulationChunk.Status.FAILED, error="simulation failed", finished_at=timezone.now()
    )


def piece_failed(chunk_id: int) -> None:
    """A piece failed (it raised, or its worker stopped too often: jobs.services): its simulation fails,
    keeping the piece's error."""
    from .models import SimulationChunk

    chunk = SimulationChunk.objects.filter(pk=chunk_id).only("simulation_id", "error").first()
    if chunk is not None:
        fail_simulation(chunk.simulation_id, chunk.error)


# -- card reports (the designer report) ------------------------------------------------------------------------

REPORT_MAX_GAMES = 5000  # played in pieces by every worker (twice for a swap)
REPORT_PIECE_MAX_GAMES = 250  # a piece of original (its slowest autopilot) stays within a few seconds
REPORT_ACTIVE_PER_REQUESTER = 2
REPORT_ACTIVE_VISITORS = 6


def _check_report_busy(who: Actor) -> None:
    from .models import CardReport

    active = CardReport.objects.filter(status__in=[CardReport.Status.QUEUED, CardReport.Status.RUNNING])
    mine_message = gettext("Wait for one of your {count} card reports to finish first.").format(count=REPORT_ACTIVE_PER_REQUESTER)
    if who.user_id is not None:
        limits = [(active.filter(requested_by_id=who.user_id), REPORT_ACTIVE_PER_REQUESTER, mine_message)]
    else:
        visitors = active.filter(requested_by__isnull=True).exclude(requester_key="")
        limits = [
            (visitors.filter(requester_key=who.key or "-"), REPORT_ACTIVE_PER_REQUESTER, mine_message),
            (visitors, REPORT_ACTIVE_VISITORS, gettext(
                "Visitors without an account have {count} card reports waiting already: sign in, or try again in a "
                "few minutes.").format(count=REPORT_ACTIVE_VISITORS)),
        ]
    for queryset, limit, message in limits:
        if queryset.count() >= limit:
            raise SimulationBusy([message])


def _swap_cards(deck: Deck, decks: list, swap_old, swap_new) -> tuple[str, str, dict | None]:
    """The swap asked for, checked: (the key of a card of the deck, the key of a card of its game, that
    card's engine data); ("", "", None) for no swap."""
    from cards.models import Card
    from rules.engine.report import card_key

    old = str(swap_old or "").strip()
    new = str(swap_new or "").strip()
    if not old and not new:
        return "", "", None
    if not old or not new:
        raise GoldfishInputError([gettext("swap: choose both the card to take out and the card to put in")])
    if old not in {card_key(c) for c in decks[0]}:
        raise GoldfishInputError([gettext("swap: {card} is not a card of this deck").format(card=old[:40])])
    if new.isascii() and new.isdigit() and len(new) < 12:
        card = Card.objects.filter(game_id=deck.game_id, pk=int(new)).first()
    else:  # a name typed into the swap's search field (the page without its script)
        card = Card.objects.filter(game_id=deck.game_id, name=new).order_by("pk").first()
    if card is None:
        raise GoldfishInputError([gettext("swap: {card} is not a card of this game").format(card=new[:40])])
    data = selectors.engine_card(card)
    return old, data["key"], data


def start_card_report(*, who: Actor, deck: Deck, games, seed, turn_cap=None, swap_old="", swap_new=""):
    """The card report of the deck's current revision with these games, seed and turn cap (and swap): the
    stored one when it was asked for before (and did not fail), else a new one queued for a worker. The
    caller checked the deck is visible to the actor."""
    from django.db import IntegrityError

    from rules.engine.simulate import DEFAULT_TURN_CAP, GameFactory

    from .models import CardReport, CardReportPiece

    games = _whole("games", games, 1, REPORT_MAX_GAMES)
    seed = _whole("seed", seed, 0, SIM_MAX_SEED)
    turn_cap = _whole("turn_cap", DEFAULT_TURN_CAP if turn_cap in (None, "") else turn_cap, 1, SIM_MAX_TURN_CAP)
    decks = revision_decks(deck, deck.revision)
    _check_size(decks)
    if not decks or not decks[0]:
        raise GoldfishInputError([gettext("deck: there are no cards to play with")])
    old, new, new_card = _swap_cards(deck, decks, swap_old, swap_new)
    key = {"deck": deck, "revision": deck.revision, "games": games, "seed": seed, "turn_cap": turn_cap,
           "swap_old": old, "swap_new": new, "engine_version": ENGINE_VERSION}
    found = CardReport.objects.filter(**key).defer("decks", "result").first()
    if found is not None and found.status != CardReport.Status.FAILED:
        return found
    _check_report_busy(who)
    try:
        get_game(deck.game_id).pilot  # noqa: B018 - a game without an autopilot is refused here
        GameFactory(deck.game_id, decks, None)
    except IllegalAction as exc:
        raise GoldfishInputError([f"deck: {exc}"]) from None
    for _attempt in range(2):
        try:
            with transaction.atomic():
                if found is not None:
                    CardReport.objects.filter(pk=found.pk, status=CardReport.Status.FAILED).delete()
                report = CardReport.objects.create(
                    **key, game_id=deck.game_id, decks=decks, new_card=new_card, owner_tag=_tag(who),
                    requested_by_id=who.user_id, requester_key="" if who.user_id is not None else who.key,
                )
                CardReportPiece.objects.bulk_create(
                    CardReportPiece(report=report, index=i, swapped=swapped, start=start, count=count, owner_tag=_tag(who))
                    for i, (swapped, start, count) in enumerate(report_pieces(games, bool(old)))
                )
                # the report, its pieces and their tasks are stored together or not at all
                enqueue(list(report.pieces.order_by("index")))
            return report
        except IntegrityError:
            found = CardReport.objects.filter(**key).defer("decks", "result").first()
            if found is not None and found.status != CardReport.Status.FAILED:
                return found
    raise GoldfishInputError([gettext("The card report could not be stored; try again.")])


def report_pieces(games: int, swap: bool = False) -> list[tuple[bool, int, int]]:
    """(swapped, start, count) of each piece of a card report: the games in pieces of about a twentieth
    (50 at least, REPORT_PIECE_MAX_GAMES at most), and for a swap the same pieces again of the swapped deck.
    The figures do not depend on the pieces: game i plays from seed + i whatever piece holds it, and the
    tallies are whole numbers added up (rules.engine.report.merge)."""
    size = min(REPORT_PIECE_MAX_GAMES, max(50, -(-games // 20)))
    ranges = [(s, min(size, games - s)) for s in range(0, games, size)]
    return [(swapped, s, c) for swapped in ((False, True) if swap else (False,)) for s, c in ranges]


def report_figures(report, base_tallies: list[dict], swapped_tallies: list[dict]) -> dict:
    """The report from its pieces' tallies, as rules.engine.report.card_report (or swap_report, for a swap)
    makes it in one process from the same seeds."""
    from rules.engine.report import card_key, compare, merge, summarize, swap_decks

    base = summarize(merge(base_tallies), report.decks, report.turn_cap)
    if not report.swap_old:
        return base
    swapped_decks = swap_decks(report.decks, report.swap_old, report.new_card)
    other = summarize(merge(swapped_tallies), swapped_decks, report.turn_cap, base["by_turn"])
    return {"base": base, "swapped": other, "changes": compare(base, other, report.swap_old, card_key(report.new_card))}


def _record_piece(parent_model, piece_model, link: str, piece_id: int, tally: dict, figures) -> None:
    """A piece's tallies are in (a card report's or a matchup's): count its games, and when it is the last piece
    make the whole (`figures(parent, its pieces in order)` -> its result). As record_chunk for a simulation: the
    parent's row is locked first, the piece is done with its tally in the same transaction, a piece played
    twice counts once, and the counts are taken from the pieces' rows."""
    from django.db.models import Count, Sum

    Status = parent_model.Status
    with transaction.atomic():
        piece = piece_model.objects.filter(pk=piece_id).only("id", f"{link}_id").first()
        if piece is None:
            return  # the parent was deleted (a failed one asked for again)
        parent = parent_model.objects.select_for_update().defer("result").get(pk=getattr(piece, f"{link}_id"))
        if parent.status in (Status.DONE, Status.FAILED):
            return
        recorded = piece_model.objects.filter(pk=piece_id).exclude(status=Status.DONE).update(
            tally=tally, status=Status.DONE, finished_at=timezone.now()
        )
        if not recorded:
            return  # another worker recorded this piece already
        pieces = piece_model.objects.filter(**{f"{link}_id": parent.pk})
        total = pieces.count()
        counts = pieces.filter(status=Status.DONE).aggregate(pieces=Count("id"), games=Sum("count"))
        parent.done = counts["games"] or 0
        parent.status = Status.RUNNING
        fields = ["done", "status"]
        if counts["pieces"] >= total:
            parent.result = figures(parent, pieces.order_by("index"))
            parent.status = Status.DONE
            parent.finished_at = timezone.now()
            fields += ["result", "finished_at"]
        parent.save(update_fields=fields)
        if parent.status == Status.DONE:
            pieces.update(tally=None)  # the whole keeps what is shown


def _fail_parent(parent_model, piece_model, link: str, parent_id: int, error: str, piece_error: str) -> None:
    """Mark a card report or matchup failed (the first error is kept; a finished one stays as it is) and its
    waiting pieces with it: their tasks then find nothing to claim."""
    Status = parent_model.Status
    parent_model.objects.filter(pk=parent_id, status__in=[Status.QUEUED, Status.RUNNING]).update(
        status=Status.FAILED, error=error[:2000], finished_at=timezone.now()
    )
    piece_model.objects.filter(**{f"{link}_id": parent_id}, status=Status.QUEUED).update(
        status=Status.FAILED, error=piece_error, finished_at=timezone.now()
    )


def record_report_piece(piece_id: int, tally: dict) -> None:
    """A report piece's tallies are in: count its games, and when it is the last piece make the report."""
    from .models import CardReport, CardReportPiece

    def figures(report, pieces):
        tallies = list(pieces.values_list("swapped", "tally"))
        return report_figures(report, [t for s, t in tallies if not s], [t for s, t in tallies if s])

    _record_piece(CardReport, CardReportPiece, "report", piece_id, tally, figures)


def fail_card_report(report_id: int, error: str) -> None:
    """Mark a report failed (the first error is kept; a finished one stays as it is) and its waiting pieces
    with it: their tasks then find nothing to claim."""
    from .models import CardReport, CardReportPiece

    _fail_parent(CardReport, CardReportPiece, "report", report_id, error, "card report failed")


def report_piece_failed(piece_id: int) -> None:
    """A report piece failed (it raised, or its worker stopped too often: jobs.services): its report fails,
    keeping the piece's error (WORKER_LOST: the page says the report stopped three times)."""
    from .models import CardReportPiece

    piece = CardReportPiece.objects.filter(pk=piece_id).only("report_id", "error").first()
    if piece is not None:
        fail_card_report(piece.report_id, piece.error)


# -- matchups (対戦シミュレーション) -------------------------------------------------------------------------------

MATCHUP_MAX_GAMES = 1000  # per opponent; played in pieces by every worker
MATCHUP_MAX_OPPONENTS = 8
MATCHUP_ACTIVE_PER_REQUESTER = 2
# Games a matchup piece plays at most, by AI level. Heuristic: 25, about 0.2 s of Time Storm's games and 11 s of
# original's (its slowest, about 0.45 s a game), as long as a simulation piece of original. A 2,000-game Time Storm
# matchup through two workers (bench/matchup.py --workers) took 10.9 s in pieces of 10, 9.6-10.5 s in pieces of 25.
# Strong: 1, a game takes a decision's second for each of its moves.
MATCHUP_PIECE_MAX_GAMES = {"heuristic": 25, "strong": 1}


def matchup_pieces(games: int, opponents: int, ai: str) -> list[tuple[int, int, int]]:
    """(opponent, start, count) of each piece of a matchup: each opponent's games in pieces of about a twentieth
    (MATCHUP_PIECE_MAX_GAMES of the level at most). The figures do not depend on the pieces: game i keeps its
    seed and seats whatever piece holds it (rules.engine.versus.play_match_range), and the tallies are whole
    numbers added up (match_figures)."""
    size = min(MATCHUP_PIECE_MAX_GAMES.get(ai, 1), max(1, -(-games // 20)))
    return [(n, s, min(size, games - s)) for n in range(opponents) for s in range(0, games, size)]


def start_matchup(*, who: Actor, deck: Deck, opponents: list[Deck], games, seed, ai="heuristic"):
    """A matchup of the deck's current revision against each opponent deck (the caller checked every deck is
    visible to the actor), queued for the workers in pieces."""
    from .models import Matchup, MatchupPiece

    if deck.game_id not in versus_games():
        raise GoldfishInputError([gettext("opponent: this game can be played only against a goldfish so far")])
    games = _whole("games", games, 1, MATCHUP_MAX_GAMES)
    seed = _whole("seed", seed, 0, SIM_MAX_SEED)
    if ai not in LEVELS:
        raise GoldfishInputError([gettext("ai: one of {known}").format(known=", ".join(LEVELS))])
    if not opponents or len(opponents) > MATCHUP_MAX_OPPONENTS:
        raise GoldfishInputError([gettext("opponents: choose from 1 to {max} decks").format(max=MATCHUP_MAX_OPPONENTS)])
    if any(o.game_id != deck.game_id for o in opponents):
        raise GoldfishInputError([gettext("opponents: decks of the same game only")])
    active = Matchup.objects.filter(status__in=[Matchup.Status.QUEUED, Matchup.Status.RUNNING])
    mine = active.filter(requested_by_id=who.user_id) if who.user_id is not None else active.filter(requester_key=who.key or "-")
    if mine.count() >= MATCHUP_ACTIVE_PER_REQUESTER:
        raise SimulationBusy([gettext("Wait for one of your {count} matchups to finish first.").format(count=MATCHUP_ACTIVE_PER_REQUESTER)])
    mine_decks = revision_decks(deck, deck.revision)
    theirs = [selectors.deck_decks(o)[0] for o in opponents]
    if not mine_decks or not mine_decks[0] or not all(t and t[0] for t in theirs):
        raise GoldfishInputError([gettext("deck: there are no cards to play with")])
    with transaction.atomic():
        matchup = Matchup.objects.create(
            deck=deck, revision=deck.revision, game_id=deck.game_id, games=games, seed=seed, ai=ai,
            engine_version=ENGINE_VERSION, owner_tag=_tag(who),
            opponents=[{"deck": o.pk, "name": o.name, "revision": o.revision} for o in opponents],
            decks={"deck": mine_decks[0], "opponents": [t[0] for t in theirs]},
            requested_by_id=who.user_id, requester_key="" if who.user_id is not None else who.key,
        )
        MatchupPiece.objects.bulk_create(
            MatchupPiece(matchup=matchup, index=i, opponent=n, start=start, count=count, owner_tag=_tag(who))
            for i, (n, start, count) in enumerate(matchup_pieces(games, len(opponents), ai))
        )
        # the matchup, its pieces and their tasks are stored together or not at all
        enqueue(list(matchup.pieces.order_by("index")))
    return matchup


def matchup_figures(matchup, tallies: list[tuple[int, dict]]) -> list[dict]:
    """One matchup per opponent (rules.engine.versus.play_match's figures) from the pieces' (opponent, tally), in
    the pieces' order."""
    from rules.engine.versus import DEFAULT_TURN_CAP, match_figures

    return [
        match_figures(matchup.game_id, matchup.games, matchup.seed, [matchup.ai, matchup.ai],
                      [t for o, t in tallies if o == n], DEFAULT_TURN_CAP)["matchup"]
        for n in range(len(matchup.opponents))
    ]


def record_matchup_piece(piece_id: int, tally: dict) -> None:
    """A matchup piece's tallies are in: count its games, and when it is the last piece make each opponent's
    matchup (as record_report_piece for a card report)."""
    from .models import Matchup, MatchupPiece

    _record_piece(Matchup, MatchupPiece, "matchup", piece_id, tally,
                  lambda matchup, pieces: matchup_figures(matchup, list(pieces.values_list("opponent", "tally"))))


def fail_matchup(matchup_id: int, error: str) -> None:
    """Mark a matchup failed (the first error is kept) and its waiting pieces with it."""
    from .models import Matchup, MatchupPiece

    _fail_parent(Matchup, MatchupPiece, "matchup", matchup_id, error, "matchup failed")


def matchup_piece_failed(piece_id: int) -> None:
    """A matchup piece failed (it raised, or its worker stopped too often: jobs.services): its matchup fails,
    keeping the piece's error (WORKER_LOST: the page says the matchup stopped three times)."""
    from .models import MatchupPiece

    piece = MatchupPiece.objects.filter(pk=piece_id).only("matchup_id", "error").first()
    if piece is not None:
        fail_matchup(piece.matchup_id, piece.error)
