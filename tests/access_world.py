"""One small site built once per test module for the access and CSRF tables (tests/test_access.py,
tests/test_csrf.py): an owner's private, unlisted and public decks, a pool, goldfish games, simulations and
print jobs, the editors of two games, a staff user without a group, and a fingerprint of everything a
request could change, to show that a refused request changed nothing.

The world is made inside a transaction that is rolled back when the module ends; each test then runs in
its own savepoint (pytest-django), so what one test does never reaches the next."""

from __future__ import annotations

import io
from types import SimpleNamespace

from django.contrib.auth.models import AnonymousUser, Group, User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import transaction
from django.test import Client, override_settings

PASSWORD = "pw-access-123"  # noqa: S105 - a test account's password


def png_bytes() -> bytes:
    from PIL import Image

    out = io.BytesIO()
    Image.new("RGB", (240, 336), (200, 40, 40)).save(out, "PNG")
    return out.getvalue()


def png_upload(name="card.png") -> SimpleUploadedFile:
    return SimpleUploadedFile(name, png_bytes(), content_type="image/png")


def _user(username, *, staff=False, group=None, superuser=False):
    user = User.objects.create_user(username, password=PASSWORD, is_staff=staff or superuser, is_superuser=superuser)
    if group:
        user.groups.add(Group.objects.get(name=group))
    return user


def _run_card_report(report):
    """Play a (small) card report here, as a worker would."""
    from goldfish.tasks import run_card_report

    run_card_report.call(report.pk)
    report.refresh_from_db()
    assert report.result, report.error


def _run_simulation(sim):
    """Play a (small) simulation's pieces here, as a worker would."""
    from goldfish.models import SimulationChunk
    from goldfish.tasks import run_simulation_chunk

    for chunk_id in SimulationChunk.objects.filter(simulation=sim).values_list("pk", flat=True):
        run_simulation_chunk.call(chunk_id)
    sim.refresh_from_db()
    assert sim.result, sim.error


def build_world(media_root) -> SimpleNamespace:
    from django.core.files.base import ContentFile
    from rest_framework.authtoken.models import Token

    from cards.models import Card, editor_group_name
    from cards.services import card_set_image, load_bundled
    from decks import services as deck_services
    from decks.models import Deck, Regulation, Visibility
    from decks.services import load_sample_decks
    from goldfish import selectors as gf_selectors
    from goldfish import services as gf_services
    from goldfish.actors import SESSION_KEY, Actor, _digest
    from printing.models import PrintJob
    from rules.engine import legal_actions

    from .conftest import KANNAGI_DECKLIST

    load_bundled()
    load_sample_decks()
    w = SimpleNamespace(media_root=media_root)
    w.owner = _user("owner")
    w.other = _user("intruder")
    w.editor_a = _user("kannagi-ed", staff=True, group=editor_group_name("kannagi"))  # edits kannagi only
    w.editor_b = _user("vision-ed", staff=True, group=editor_group_name("vision"))  # edits vision only
    w.staff = _user("staff-only", staff=True)  # staff, no group
    w.superuser = _user("root", superuser=True)
    w.other_token = Token.objects.create(user=w.other).key

    w.card = Card.objects.get(game="kannagi", name="ねこやま")  # kannagi: editor_a's game
    w.card = card_set_image(card=w.card, upload=png_upload())
    w.vision_card = Card.objects.get(game="vision", name="白夜")  # vision: editor_b's game
    w.regulation = Regulation.objects.get(game="kannagi", code="base")
    w.vision_regulation = Regulation.objects.filter(game="vision").first()

    sections = deck_services.decklist_sections("kannagi", w.regulation, KANNAGI_DECKLIST)

    def deck(name, visibility):
        return deck_services.deck_create(
            owner=w.owner, game="kannagi", regulation=w.regulation, name=name, sections=sections, visibility=visibility
        )

    w.priv = deck("非公開のデッキ", Visibility.PRIVATE)
    deck_services.deck_update(deck=w.priv, user=w.owner, name="非公開のデッキ（改）")  # revision 2: 1 can be restored
    w.priv.refresh_from_db()
    w.unl = deck("リンク限定のデッキ", Visibility.UNLISTED)
    w.pub = deck("公開デッキ", Visibility.PUBLIC)

    ts_decks = list(Deck.objects.filter(game="timestorm", visibility=Visibility.PUBLIC).values_list("pk", flat=True)[:2])
    w.pool = deck_services.pool_save(user=w.owner, name="非公開プール", deck_ids=ts_decks, visibility=Visibility.PRIVATE)
    w.pool_unl = deck_services.pool_save(user=w.owner, name="リンク限定プール", deck_ids=ts_decks, visibility=Visibility.UNLISTED)
    w.ts_decks = ts_decks
    w.ts_priv = deck_services.deck_copy(deck=Deck.objects.get(pk=ts_decks[0]), user=w.owner)  # private: not for others' pools
    w.ts_unl = deck_services.deck_update(deck=deck_services.deck_copy(deck=Deck.objects.get(pk=ts_decks[1]), user=w.owner),
                                         user=w.owner, visibility=Visibility.UNLISTED)
    w.ts_pub = Deck.objects.get(pk=ts_decks[1])

    # cards in no deck, which the API can delete (a card in a deck is protected)
    free = Card.objects.filter(deck_entries__isnull=True)
    w.free_card = free.filter(game="kannagi").exclude(pk=w.card.pk).order_by("pk").first()
    w.free_vision_card = Card(game_id="vision")
    w.free_vision_card.apply_data({**w.vision_card.to_data(), "name": "削除してよい天候", "number": ""})
    w.free_vision_card.save()

    # goldfish: the owner's game from the private deck (two actions played, the second undone), and a game of
    # an anonymous visitor known by the key in their session
    owner = Actor(user=w.owner)
    w.gs = gf_services.start_from_deck(who=owner, deck=w.priv, seed=7).session
    for _ in range(2):
        state = gf_selectors.session_state(w.gs)
        gf_services.act(session_id=w.gs.id, who=owner, action=legal_actions(state)[0])
        w.gs.refresh_from_db()
    gf_services.take_back(session_id=w.gs.id, who=owner, steps=1)
    w.gs.refresh_from_db()
    w.gs_action = legal_actions(gf_selectors.session_state(w.gs))[0]
    w.anon_key = "anonymous-visitor-key-0123456789"
    w.anon_session_key = SESSION_KEY
    w.gs_anon = gf_services.start_from_deck(who=Actor(user=AnonymousUser(), key=_digest(w.anon_key)), deck=w.pub, seed=3).session

    # simulations: of the private deck (done, so that its chart exists) and of the public deck
    w.sim = gf_services.start_simulation(who=owner, deck=w.priv, games=20, seed=1, turn_cap=8)
    _run_simulation(w.sim)
    w.sim_pub = gf_services.start_simulation(who=owner, deck=w.pub, games=20, seed=1, turn_cap=8)
    _run_simulation(w.sim_pub)
    # a card report (the designer report) of the private deck, done
    w.report = gf_services.start_card_report(who=owner, deck=w.priv, games=20, seed=1, turn_cap=8)
    _run_card_report(w.report)
    # and a swap's report (its result offers デッキに反映 to the owner)
    w.swap_report = gf_services.start_card_report(who=owner, deck=w.priv, games=20, seed=1, turn_cap=8,
                                                  swap_old=str(w.card.pk), swap_new=str(w.free_card.pk))
    _run_card_report(w.swap_report)

    # a matchup (対戦シミュレーション) of the private Time Storm deck against a public one, queued
    w.matchup = gf_services.start_matchup(who=owner, deck=w.ts_priv, opponents=[w.ts_pub], games=2, seed=1)

    # print jobs: the owner's (finished, with its PDF) and one made without an account
    w.job = PrintJob.objects.create(owner=w.owner, game_id="kannagi", title=w.priv.name, counts={}, options={}, total=1)
    w.job.file.save("owner.pdf", ContentFile(b"%PDF-1.4\n% the owner's print\n"), save=False)
    w.job.status, w.job.done = PrintJob.Status.DONE, 1
    w.job.save()
    w.job_anon = PrintJob.objects.create(owner=None, game_id="kannagi", title="set", counts={}, options={}, total=1)
    return w


def module_world(django_db_blocker, tmp_path_factory):
    """The body of a module-scoped `world` fixture (each test module declares its own)."""
    from django.db import connection

    media = tmp_path_factory.mktemp("access-media")
    fast = override_settings(MEDIA_ROOT=str(media), PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"])
    with django_db_blocker.unblock(), fast, transaction.atomic():
        # The test database exists only when the module's tests are marked django_db: never build on the real one.
        name = str(connection.settings_dict["NAME"])
        assert "memory" in name or "test" in name, f"not a test database: {name} (mark the module django_db)"
        yield build_world(media)
        transaction.set_rollback(True)


# -- clients ------------------------------------------------------------------------------------------------


def client_for(world, role: str, **kwargs) -> Client:
    """A test client acting as one of the world's roles.

    anon: no account · owner: owns every deck, pool, game, simulation and print job · other: signed in, owns
    none of them (also: a visitor who has the unlisted links) · editor_a: kannagi editor (staff) · editor_b:
    vision editor (staff) · staff: staff without a group · anon_owner: the anonymous visitor whose goldfish
    game gs_anon is · other_token: `other` through an API token instead of a session."""
    from django.conf import settings

    client = Client(**kwargs)
    if role in ("anon", "other_token"):
        if role == "other_token":
            client.defaults["HTTP_AUTHORIZATION"] = f"Token {world.other_token}"
        return client
    if role == "anon_owner":
        session = client.session
        session[world.anon_session_key] = world.anon_key
        session.save()
        client.cookies[settings.SESSION_COOKIE_NAME] = session.session_key
        return client
    client.force_login(getattr(world, role))
    return client


# -- what a request could change --------------------------------------------------------------------------


def fingerprint() -> dict:
    """Every row a page or the API writes, with the columns that change when it is written."""
    from rest_framework.authtoken.models import Token

    from cards.models import Card
    from decks.models import Deck, DeckEntry, DeckRevision, Pool, PoolEntry, Regulation
    from goldfish.models import CardReport, GoldfishSession, Matchup, Simulation, SimulationChunk
    from printing.models import CardBack, PrintJob

    def rows(qs, *fields):
        return sorted(qs.values_list(*fields))

    return {
        "cards": rows(Card.objects, "pk", "game_id", "name", "updated_at", "image"),
        "decks": rows(Deck.objects, "pk", "owner_id", "name", "description", "visibility", "share_token", "regulation_id", "revision", "updated_at"),
        "entries": rows(DeckEntry.objects, "deck_id", "section", "card_id", "count"),
        "revisions": rows(DeckRevision.objects, "deck_id", "number"),
        "pools": rows(Pool.objects, "pk", "owner_id", "name", "visibility", "share_token", "updated_at"),
        "pool_entries": rows(PoolEntry.objects, "pool_id", "deck_id", "order"),
        "goldfish": rows(GoldfishSession.objects, "id", "owner_id", "version", "seed", "updated_at"),
        "simulations": rows(Simulation.objects, "pk", "token", "status"),
        "chunks": SimulationChunk.objects.count(),
        "card_reports": rows(CardReport.objects, "pk", "token", "status"),
        "matchups": rows(Matchup.objects, "pk", "token", "status"),
        "print_jobs": rows(PrintJob.objects, "pk", "status"),
        "tokens": rows(Token.objects, "key", "user_id"),
        "users": rows(User.objects, "pk", "username", "is_staff", "is_superuser"),
        "regulations": rows(Regulation.objects, "pk", "game_id", "code", "name_ja", "is_default", "copy_limit"),
        "card_backs": rows(CardBack.objects, "game_id", "image"),
    }


def changed_parts(before: dict, after: dict) -> list[str]:
    return [key for key in before if before[key] != after[key]]
