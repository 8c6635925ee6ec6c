"""The decklist reader on a corpus of lists as players post them (tests/decklist_corpus.py): every list
reads as the deck it shows, with exactly the unread lines, warnings and notes expected; on plain card data
and through the site (services.read_decklist on the bundled cards in the database)."""

from collections import Counter

import pytest

from rules.decklist import CardIndex, parse
from rules.declare import GAMES, get_game
from rules.declare.samples import bundled_card_data

from .decklist_corpus import CASES


def bundled_index(slug: str) -> CardIndex:
    cards = bundled_card_data(slug)
    return CardIndex([{**card, "id": i} for i, card in enumerate(cards, start=1)])


INDEXES = {slug: bundled_index(slug) for slug in {case.game for case in CASES}}


def named(sections: dict, index_cards) -> dict:
    """{section: {card id: copies}} -> {section: {card name: copies}}, adding up printings of one name."""
    out = {}
    for key, entries in sections.items():
        names = Counter()
        for card_id, count in entries.items():
            names[index_cards[card_id]["name"]] += count
        out[key] = dict(names)
    return out


def test_the_corpus_has_forty_lists_or_more_across_the_five_games():
    assert len(CASES) >= 40
    assert len({case.id for case in CASES}) == len(CASES)
    per_game = Counter(case.game for case in CASES)
    assert set(per_game) == set(GAMES)
    assert min(per_game.values()) >= 6


@pytest.mark.parametrize("case", CASES, ids=[case.id for case in CASES])
def test_every_corpus_list_reads_as_the_deck_it_shows(case):
    regulation = get_game(case.game).regulation_by_code(case.regulation)
    index = INDEXES[case.game]
    result = parse(case.text, regulation, index)
    assert [(e.line, e.code) for e in result.errors] == list(case.unread), [e.message for e in result.errors]
    assert [(w.line, w.code) for w in result.warnings] == list(case.warnings), [w.message for w in result.warnings]
    assert len(result.notes) == case.notes, [n.message for n in result.notes]
    assert named(result.deck.sections, index.cards) == case.deck


def test_the_corpus_reads_the_same_through_the_site(bundled):
    """On the database the tests run on (SQLite, and PostgreSQL in CI): the stored regulations and cards."""
    from cards.models import Card
    from decks.selectors import regulation_for
    from decks.services import read_decklist

    names = dict(Card.objects.values_list("pk", "name"))
    failures = []
    for case in CASES:
        reading = read_decklist(case.game, regulation_for(case.game, case.regulation), case.text)
        deck = {}
        for key, entries in reading.sections.items():
            counts = Counter()
            for card_id, count in entries.items():
                counts[names[card_id]] += count
            deck[key] = dict(counts)
        got = (deck, [(e["line"], e["code"]) for e in reading.unread], [(w["line"], w["code"]) for w in reading.warnings], len(reading.notes))
        want = (case.deck, list(case.unread), list(case.warnings), case.notes)
        if got != want:
            failures.append((case.id, got, want))
    assert failures == []
