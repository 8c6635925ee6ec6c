"""Deck validation speed (the pure construction rules) and the editor's add-a-card round trip over HTTP.

1. For each game, a 100-card deck built from the bundled cards (read from rules/games/<slug>/cards.json, no
   database) is validated with rules.decks.validate many times; prints the median and p95.
2. Starts gunicorn on 127.0.0.1 against a fresh SQLite database (or BENCH_DATABASE_URL, emptied first)
   with the bundled cards and sample decks, then times POST /api/decks/<id>/entries/ (+1 / −1 in turn,
   token auth): each request stores the change and a revision, validates the deck and answers with the
   deck, its violations and statistics, as the editor page receives it.

Targets: validation of 100 cards <= 0.2 ms per game (issue 23). The figure judged is the CPU time of one
validation in the best of 20 batches of 100 (as timeit takes the minimum: on a shared 2-core machine the
other batches measure the neighbours, in wall-clock time and, through shared caches and clocks, in CPU time
too); the median batch and the wall-clock median and p95 of single validations are printed beside it.
Round trip p95 <= 100 ms, with gunicorn on persistent database connections as the README deploys it. BENCH_REPEAT sets
the round trips (default 300).
"""

import json
import os
import signal
import statistics
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from bench._common import free_port, percentile, setup, sqlite_dir, start_server, target  # noqa: E402

REPEAT = int(os.environ.get("BENCH_REPEAT", "300"))
VALIDATIONS = 2000


def bundled_cards(slug):
    from rules.declare.samples import bundled_card_data

    return {i + 1: {**card, "id": i + 1} for i, card in enumerate(bundled_card_data(slug))}


def hundred_card_deck(slug, cards, regulation):
    """100 copies over the regulation's sections, each card in a section that takes it."""
    from rules.decks import DeckData

    sections = {s.key: {} for s in regulation.sections}

    def section_of(card):
        own = card.get("fields", {}).get("deck")
        if own in sections:
            return own
        for s in regulation.sections:
            if not s.card_types or card["card_type"] in s.card_types:
                return s.key
        return regulation.sections[0].key

    total = 0
    while total < 100:
        for card_id, card in cards.items():
            if total >= 100:
                break
            key = section_of(card)
            sections[key][card_id] = sections[key].get(card_id, 0) + 1
            total += 1
    return DeckData(sections=sections)


def bench_validation():
    from rules.decks import validate
    from rules.declare import GAMES

    print(f"  validation of a 100-card deck, {VALIDATIONS} runs (pure function, no database): CPU time per "
          "validation (best batch of 100), wall-clock median and p95:")
    worst, worst_slug = 0.0, ""
    for slug, game in GAMES.items():
        cards = bundled_cards(slug)
        regulation = game.regulations[-1] if slug == "timestorm" else game.regulation  # 13-card pooling: any cards
        deck = hundred_card_deck(slug, cards, regulation)
        violations = validate(game, regulation, deck, cards)
        samples, batches = [], []
        for _ in range(VALIDATIONS // 100):
            cpu = time.process_time()
            for _ in range(100):
                start = time.perf_counter()
                validate(game, regulation, deck, cards)
                samples.append((time.perf_counter() - start) * 1000)
            batches.append((time.process_time() - cpu) * 10)  # ms per validation
        figure = min(batches)
        if figure > worst:
            worst, worst_slug = figure, slug
        print(f"    {slug:10} {deck.total():4d} cards, {len(violations):2d} violations: CPU {figure * 1000:4.0f} µs "
              f"(median batch {statistics.median(batches) * 1000:4.0f} µs), "
              f"wall median {statistics.median(samples) * 1000:4.0f} µs, p95 {percentile(samples, 0.95) * 1000:5.0f} µs")
    print(f"  target: validation of 100 cards <= 0.2 ms: {'met' if worst <= 0.2 else 'NOT met'} "
          f"(slowest {worst_slug} {worst * 1000:.0f} µs CPU)")
    target("decks.validation_100_cards", worst, 0.2, "ms", note=f"slowest: {worst_slug}")


def bench_round_trip(tmp):
    db_url = os.environ.get("BENCH_DATABASE_URL") or f"sqlite:///{sqlite_dir(tmp)}/decks.sqlite3"
    setup(db_url)
    from django.contrib.auth.models import User
    from django.db import connection
    from rest_framework.authtoken.models import Token

    from cards.services import load_bundled
    from decks.models import Deck
    from decks.services import deck_copy, load_sample_decks

    load_bundled()
    load_sample_decks()
    user = User.objects.create_user("bench", password="pw-bench-123")
    token = Token.objects.create(user=user).key
    deck = deck_copy(deck=Deck.objects.get(name="サンプル：春と無の零探し"), user=user)
    card_id = deck.entries.order_by("id").first().card_id
    port = free_port()
    # as the README's deployment runs: persistent database connections (DB_CONN_MAX_AGE=0 measures one per request)
    server = start_server(db_url, port, tmp, env={"DB_CONN_MAX_AGE": os.environ.get("DB_CONN_MAX_AGE", "60")})
    url = f"http://127.0.0.1:{port}/api/decks/{deck.pk}/entries/"
    samples = []
    try:
        for i in range(REPEAT + 5):
            body = json.dumps({"card": card_id, "section": "main", "delta": 1 if i % 2 == 0 else -1}).encode()
            request = urllib.request.Request(
                url, data=body, method="POST",
                headers={"Content-Type": "application/json", "Authorization": f"Token {token}", "Accept-Language": "ja"},
            )
            start = time.perf_counter()
            with urllib.request.urlopen(request) as response:
                answer = json.loads(response.read())
            if i >= 5:
                samples.append((time.perf_counter() - start) * 1000)
        assert answer["revision"] == REPEAT + 6, answer["revision"]
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=10)
    p95 = percentile(samples, 0.95)
    print(f"  editor round trip on {connection.vendor} (POST entries → stored, revision kept, validated, "
          f"deck + statistics answered), {REPEAT} requests: p50 {statistics.median(samples):.1f} ms, "
          f"p95 {p95:.1f} ms, max {max(samples):.1f} ms")
    print(f"  target: round trip p95 <= 100 ms: {'met' if p95 <= 100 else 'NOT met'}")


def main():
    print(f"deck benchmark, {os.cpu_count()} CPUs")
    bench_validation()
    with tempfile.TemporaryDirectory() as tmp:
        bench_round_trip(tmp)


if __name__ == "__main__":
    main()
