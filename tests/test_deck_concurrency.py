"""Concurrent saves of one deck on a database server: a burst of saves from many connections at once loses
nothing (each is a revision, numbered without gaps or repeats), and of several saves made from the same
revision exactly one lands while the others get a conflict naming the revision now. (SQLite's test
database lives in one connection's memory: threads cannot open their own connections to it, so this runs
on PostgreSQL, which CI always runs.)"""

import threading

import pytest
from django.db import connection, connections

from decks import services
from decks.models import Deck, DeckEntry

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="concurrent connections need a database server (CI runs PostgreSQL)"),
]

THREADS = 8


def burst(work):
    """Run work(i) on THREADS threads released at the same moment, each on its own connection."""
    gate = threading.Barrier(THREADS)
    outcomes = [None] * THREADS

    def run(i):
        try:
            gate.wait()
            outcomes[i] = ("ok", work(i))
        except Exception as exc:  # noqa: BLE001 - the outcome is what the test looks at
            outcomes[i] = ("error", exc)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(THREADS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    return outcomes


def test_a_burst_of_concurrent_saves_loses_no_copy_and_no_revision(user, deck):
    entry = deck.entries.select_related("card").first()
    start_count, start_revision = entry.count, deck.revision

    def add_one(i):
        fresh = Deck.objects.get(pk=deck.pk)
        return services.deck_change_count(deck=fresh, user=user, card=entry.card, section=entry.section, delta=1)

    outcomes = burst(add_one)
    assert all(kind == "ok" for kind, _ in outcomes), outcomes
    deck.refresh_from_db()
    assert DeckEntry.objects.get(pk=entry.pk).count == start_count + THREADS
    assert deck.revision == start_revision + THREADS
    numbers = list(deck.revisions.order_by("number").values_list("number", flat=True))
    assert numbers == list(range(1, deck.revision + 1))  # no gap, no repeat
    added = [r.diff for r in deck.revisions.filter(number__gt=start_revision)]
    assert all(d == [{"section": entry.section, "card": entry.card_id, "name": entry.card.name, "delta": 1}] for d in added)


def test_saves_from_one_revision_at_once_land_once_and_the_rest_get_a_conflict(user, deck):
    entry = deck.entries.select_related("card").first()
    seen = deck.revision

    def save_from_seen(i):
        fresh = Deck.objects.get(pk=deck.pk)
        return services.deck_change_count(
            deck=fresh, user=user, card=entry.card, section=entry.section, delta=1, expected_revision=seen
        )

    outcomes = burst(save_from_seen)
    landed = [o for kind, o in outcomes if kind == "ok"]
    conflicts = [o for kind, o in outcomes if kind == "error" and isinstance(o, services.DeckConflict)]
    assert len(landed) == 1 and len(conflicts) == THREADS - 1, outcomes
    assert all(c.current == seen + 1 for c in conflicts)
    deck.refresh_from_db()
    assert deck.revision == seen + 1 and DeckEntry.objects.get(pk=entry.pk).count == entry.count + 1


def test_a_burst_of_saves_from_one_editor_visit_loses_no_copy_and_makes_one_revision(user, deck):
    entry = deck.entries.select_related("card").first()
    start_count, start_revision = entry.count, deck.revision

    def add_one(i):
        fresh = Deck.objects.get(pk=deck.pk)
        return services.deck_change_count(
            deck=fresh, user=user, card=entry.card, section=entry.section, delta=1, session="one-editor-visit"
        )

    outcomes = burst(add_one)
    assert all(kind == "ok" for kind, _ in outcomes), outcomes
    deck.refresh_from_db()
    assert DeckEntry.objects.get(pk=entry.pk).count == start_count + THREADS
    assert deck.revision == start_revision + THREADS  # each save moved the number on
    latest = deck.revisions.get(number=deck.revision)
    assert list(deck.revisions.order_by("number").values_list("number", flat=True)) == [start_revision, deck.revision]
    assert latest.edits == THREADS
    assert latest.diff == [{"section": entry.section, "card": entry.card_id, "name": entry.card.name, "delta": THREADS}]
    snapshot = {(key, card_id, count) for key, rows in latest.snapshot["sections"].items() for card_id, count, _n in rows}
    assert snapshot == set(deck.entries.values_list("section", "card_id", "count"))
