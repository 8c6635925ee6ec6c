"""Deck building past the editor's first version (issue 35): the odds calculator's targets (one card, a group
the game declares, a value of its stat fields), the deck page's seeded sample opening hand with the game's own
opening step, the shared-link page's print, a print in the deck's order, a card report's swap made real
(デッキに反映), and the editor's notices and status bar."""

import re

import pytest

from rules.declare import GAMES, get_game
from rules.sample_hand import sample_hand
from rules.stats import value_target, value_targets

SEED_ZERO_SEARCH = "手札を任意の枚数公開し、好きな順番で山札の1番下に置き、1回だけその枚数分山札の上から札を引けます。"


def _odds_line(page: str) -> tuple[int, int]:
    """(cards that count, cards in the deck) from the odds panel's sentence 「40枚中14枚が対象」."""
    m = re.search(r"(\d+)枚中(\d+)枚が対象", page)
    assert m, "no odds sentence"
    return int(m.group(2)), int(m.group(1))


# -- the odds calculator's targets -------------------------------------------------------------------------


def test_the_odds_target_a_value_one_card_or_a_declared_group(user_client, deck):
    from decks.selectors import deck_state

    data, cards = deck_state(deck)
    main = data.sections["main"]
    spring = sum(n for cid, n in main.items() if "春" in (cards[cid].get("fields") or {}).get("season", []))
    assert 0 < spring < 40
    page = user_client.get(f"/decks/{deck.pk}/?group=value:season%3D春&k=1").content.decode()
    assert _odds_line(page) == (spring, 40)
    assert '<option value="value:season=春" selected>季節：春</option>' in page

    one = next(cid for cid, n in main.items() if n == 4)
    page = user_client.get(f"/decks/{deck.pk}/?group=card:{one}").content.decode()
    assert _odds_line(page) == (4, 40)
    assert f'<option value="card:{one}" selected>{cards[one]["name"]}</option>' in page

    key = get_game("kannagi").key_cards
    page = user_client.get(f"/decks/{deck.pk}/?group={key.code}").content.decode()
    assert _odds_line(page) == (sum(n for cid, n in main.items() if key.picks(cards[cid])), 40)
    # a card not in the deck, or a value of no stat field, falls back to the first group, never a 500
    for bad in ("card:999999", "value:nothing=1", "value:season="):
        response = user_client.get(f"/decks/{deck.pk}/?group={bad}")
        assert response.status_code == 200 and _odds_line(response.content.decode())[1] == 40


@pytest.mark.any_database
def test_value_targets_come_from_each_games_stat_fields_in_choice_order():
    for slug, game in GAMES.items():
        for key in game.stat_fields:
            f = game.field(key)
            value = {"bool": True, "choice": (f.choices or ("x",))[0]}.get(f.kind, list(f.choices[:2]) or ["x", "y"])
            card = {"card_type": (f.types or [game.card_types[0].code])[0], "fields": {key: value}}
            targets = value_targets(game, [card])
            assert targets, slug
            assert all(t.picks(card) for t in targets), slug
            assert value_target(game, targets[0].code) == targets[0], slug
    kannagi = get_game("kannagi")
    targets = value_targets(kannagi, [{"card_type": "場所札", "fields": {"season": ["冬", "春"]}}])
    assert [t.code for t in targets] == ["value:season=春", "value:season=冬"]  # the field's order
    assert value_target(kannagi, "value:power=3") is None  # not a stat field


# -- the sample opening hand -------------------------------------------------------------------------------


@pytest.mark.any_database
def test_a_sample_hand_is_the_same_for_the_same_seed_and_the_games_opening_size():
    pool = {i: 4 for i in range(1, 11)}
    for slug, game in GAMES.items():
        if not game.draw:
            continue
        hand = sample_hand(game, pool, 7)
        assert len(hand.hand) == game.draw.opening, slug
        assert sample_hand(game, pool, 7) == hand and hand.library == 40 - game.draw.opening
    assert any(sample_hand(GAMES[s], pool, 8).hand != sample_hand(GAMES[s], pool, 7).hand for s in GAMES if GAMES[s].draw)


@pytest.mark.any_database
def test_zero_search_puts_the_chosen_cards_at_the_bottom_and_draws_as_many():
    # 002_04f9dc03302b7c58.txt line 104: 「手札を任意の枚数公開し、好きな順番で山札の1番下に置き、1回だけ
    # その枚数分山札の上から札を引けます。」
    kannagi = get_game("kannagi")
    assert kannagi.draw.redraw.rule == SEED_ZERO_SEARCH
    pool = {i: 1 for i in range(1, 41)}  # forty different cards: every card is one copy
    before = sample_hand(kannagi, pool, 3)
    after = sample_hand(kannagi, pool, 3, [0, 5, 5, 99])  # a repeated or missing position is ignored
    assert after.redrawn and after.put_back == [before.hand[0], before.hand[5]]
    kept = [c for i, c in enumerate(before.hand) if i not in (0, 5)]
    assert after.hand[:6] == kept and len(after.hand) == 8 and after.drawn == [6, 7]
    assert not set(after.hand[6:]) & set(before.hand)  # drawn from the top of the rest, not the cards put back
    assert after.library == before.library
    for slug, game in GAMES.items():  # a game without an opening step of its own ignores the positions
        if game.draw and game.draw.redraw is None:
            assert sample_hand(game, pool, 3, [0, 1]) == sample_hand(game, pool, 3), slug


def test_the_deck_page_draws_a_hand_by_its_seed_and_takes_zero_search(user_client, deck):
    page = user_client.get(f"/decks/{deck.pk}/").content.decode()
    assert 'id="sample-hand"' in page and 'id="hand-draw"' in page and 'class="hand-grid"' not in page
    first = user_client.get(f"/decks/{deck.pk}/?hand=12345").content.decode()
    again = user_client.get(f"/decks/{deck.pk}/hand/?hand=12345").content.decode()
    names = re.findall(r'<span class="face-name">([^<]+)', first[first.index('id="sample-hand"'):])
    assert len(names) == 8 and names == re.findall(r'<span class="face-name">([^<]+)', again)
    assert "零探し" in again and again.count('name="back"') == 8 and 'id="hand-link"' in again
    assert f"/decks/{deck.pk}/?hand=12345#sample-hand" in again
    redrawn = user_client.get(f"/decks/{deck.pk}/hand/?hand=12345&back=1&back=3").content.decode()
    assert 'id="hand-note"' in redrawn and 'name="back"' not in redrawn  # once
    assert f"/decks/{deck.pk}/?hand=12345&amp;back=1&amp;back=3#sample-hand" in redrawn
    assert redrawn.count("drawn-badge") == 2
    # nothing of a goldfish game is started, and a bad seed shows the button again
    from goldfish.models import GoldfishSession

    assert GoldfishSession.objects.count() == 0
    bad = user_client.get(f"/decks/{deck.pk}/hand/?hand=abc&back=x")
    assert bad.status_code == 200 and 'id="hand-draw"' in bad.content.decode()


def test_the_sample_hand_follows_the_decks_visibility(deck):
    from django.test import Client

    stranger = Client()
    assert stranger.get(f"/decks/{deck.pk}/hand/?hand=1").status_code == 404
    deck.visibility = "unlisted"
    deck.save(update_fields=["visibility"])
    shared = stranger.get(f"/decks/s/{deck.share_token}/hand/?hand=1").content.decode()
    assert f'href="http://testserver/decks/s/{deck.share_token}/?hand=1#sample-hand"' in shared
    assert f"/decks/{deck.pk}/" not in shared  # the link's page, not the deck's number


# -- printing from a shared link; a print in the deck's order ------------------------------------------------


def test_the_shared_link_page_prints_and_the_print_follows_the_decks_order(deck):
    from django.test import Client

    from decks.presenters import deck_card_order

    client = Client()

    deck.visibility = "unlisted"
    deck.save(update_fields=["visibility"])
    page = client.get(f"/decks/s/{deck.share_token}/").content.decode()
    assert f'id="print-link" href="/decks/s/{deck.share_token}/print/"' in page
    printing = client.get(f"/decks/s/{deck.share_token}/print/")
    assert printing.status_code == 200
    body = printing.content.decode()
    assert f'href="/decks/s/{deck.share_token}/print.pdf?' in body and f'href="/decks/s/{deck.share_token}/"' in body
    # the page's own order: card types in the game's order, cheapest first
    shown = re.findall(r'data-card="(\d+)"', page[page.index('id="deck-faces"'):page.index('id="sample-hand"')])
    assert [int(c) for c in shown] == deck_card_order(deck)["main"]
    card_list = printing.context["card_groups"][0]["entries"]
    assert [c.pk for c, _n in card_list] == deck_card_order(deck)["main"]
    from printing.services import grouped_print_cards

    groups = printing.context["card_groups"]
    assert groups and printing.context["cards"] == 40
    from printing.views import _target

    _obj, _game, _name, print_groups = _target(printing.wsgi_request, "deck_shared", deck.share_token)
    assert [item.card_id for item in grouped_print_cards("kannagi", print_groups)] == deck_card_order(deck)["main"]
    assert client.get(f"/decks/s/{deck.share_token}/print.pdf").status_code == 200
    assert client.get(f"/decks/s/{'x' * 22}/print/").status_code == 404


# -- デッキに反映: a card report's swap made real ----------------------------------------------------------


def test_applying_a_swap_replaces_every_copy_as_one_new_revision(user_client, deck):
    from cards.models import Card

    old = deck.entries.get(count=2, card__name="仮想世界の外").card_id
    new = Card.objects.get(game_id="kannagi", name="検問").pk
    revision = deck.revision
    response = user_client.post(f"/decks/{deck.pk}/swap/", {"swap_old": old, "swap_new": new, "revision": revision,
                                                          "next": "/card-reports/x/"})
    assert response.status_code == 302 and response["Location"] == f"/decks/{deck.pk}/edit/"
    deck.refresh_from_db()
    counts = dict(deck.entries.values_list("card_id", "count"))
    assert old not in counts and counts[new] == 2 and sum(counts.values()) == 40
    assert deck.revision == revision + 1
    assert {d["name"]: d["delta"] for d in deck.revisions.get(number=deck.revision).diff} == {"仮想世界の外": -2, "検問": 2}
    assert "リビジョン" in user_client.get(response["Location"]).content.decode()


def test_a_swap_is_refused_for_a_changed_deck_another_owner_or_a_card_of_no_use(user_client, other_client, deck, deck_state):
    from cards.models import Card

    old = deck.entries.first().card_id
    new = Card.objects.get(game_id="kannagi", name="検問").pk
    before = deck_state(deck)
    stale = user_client.post(f"/decks/{deck.pk}/swap/", {"swap_old": old, "swap_new": new, "revision": deck.revision - 1,
                                                       "next": "/card-reports/abc/"}, follow=True)
    assert stale.redirect_chain[0][0] == "/card-reports/abc/"
    assert deck_state(deck) == before
    assert other_client.post(f"/decks/{deck.pk}/swap/", {"swap_old": old, "swap_new": new, "revision": deck.revision}).status_code == 404
    other_game = Card.objects.exclude(game_id="kannagi").first().pk
    for post in ({"swap_old": old, "swap_new": other_game}, {"swap_old": 999999, "swap_new": new}, {"swap_old": "x", "swap_new": new}):
        response = user_client.post(f"/decks/{deck.pk}/swap/", {**post, "revision": deck.revision, "next": "https://evil.example/"}, follow=True)
        assert response.redirect_chain[0][0] == f"/decks/{deck.pk}/"  # an address elsewhere is not followed
        page = response.content.decode()
        assert 'class="error' in page and "Traceback" not in page
    assert deck_state(deck) == before


# -- the editor's notices and status bar ---------------------------------------------------------------------


def test_the_editor_shows_the_decks_count_and_legality_and_marks_reading_notices(user_client, deck):
    page = user_client.get(f"/decks/{deck.pk}/edit/").content.decode()
    assert re.search(r'id="deck-status" data-legal="true">\s*<span class="status-total" id="status-total">40 枚</span>', page)
    assert '<span class="keys-help">' in page and '<span class="touch-help">' in page
    assert 'data-preview-beside="#side-panel"' in page
    # the cards grouped by the game's card types, in its order
    types = re.findall(r'<tr class="type-row" data-type="([^"]+)"', page)
    order = [t.code for t in get_game("kannagi").card_types]
    assert types and types == sorted(types, key=order.index)
    # a list whose heading miscounts its cards: the notice is a warning the editor's script clears, not a success
    from tests.conftest import KANNAGI_DECKLIST

    wrong = KANNAGI_DECKLIST.replace("メイン:", "メイン（9枚）:", 1)
    response = user_client.post(f"/decks/{deck.pk}/edit/", {"action": "import", "decklist": wrong, "revision": deck.revision}, follow=True)
    body = response.content.decode()
    assert re.search(r'<li class="deck-reading warning">1行目: 見出し「メイン」は9枚', body), body[body.find('class="messages"'):][:400]


def test_opening_the_sample_hands_address_itself_shows_the_deck_page_with_that_hand(user_client, deck):
    response = user_client.get(f"/decks/{deck.pk}/hand/?hand=12345", HTTP_SEC_FETCH_MODE="navigate")
    assert response.status_code == 302 and response["Location"] == f"/decks/{deck.pk}/?hand=12345#sample-hand"
    page = user_client.get(f"/decks/{deck.pk}/?hand=12345").content.decode()
    fragment = user_client.get(f"/decks/{deck.pk}/hand/?hand=12345").content.decode()  # the script's fetch
    assert 'id="sample-hand"' in page and "<html" not in fragment
    deck.visibility = "unlisted"
    deck.save(update_fields=["visibility"])
    shared = user_client.get(f"/decks/s/{deck.share_token}/hand/", HTTP_SEC_FETCH_MODE="navigate")
    assert shared["Location"] == f"/decks/s/{deck.share_token}/#sample-hand"
