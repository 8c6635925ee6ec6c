"""The public pages, in Japanese by default and in English on request."""

import pytest
from django.urls import reverse

from cards.models import Card
from rules.declare import GAMES


def test_home_lists_the_five_games_in_japanese_by_default(client, games):
    html = client.get("/").content.decode()
    for game in GAMES.values():
        assert game.name_ja in html
    assert 'lang="ja"' in html and "カードを検索" in html


def test_the_language_switch_turns_the_site_english(client, games):
    response = client.post(reverse("set_language"), {"language": "en", "next": "/"}, follow=True)
    html = response.content.decode()
    assert 'lang="en"' in html and "Search cards" in html
    for game in GAMES.values():
        assert game.name_en in html
    assert "日本語" in html  # the switch offers the way back


def test_a_browser_asking_for_english_gets_english(client, games):
    html = client.get("/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Search cards" in html


@pytest.mark.parametrize("slug", list(GAMES))
def test_each_game_page_summarises_the_rules_in_the_pages_language_only(client, bundled, slug):
    response = client.get(reverse("game_detail", args=[slug]))
    html = response.content.decode()
    assert response.status_code == 200
    assert GAMES[slug].summary_ja[:30] in html and GAMES[slug].summary_en[:30] not in html
    assert reverse("game_cards", args=[slug]) in html
    english = client.get(reverse("game_detail", args=[slug]), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert GAMES[slug].summary_en[:30] in english and GAMES[slug].summary_ja[:30] not in english


def test_the_card_list_shows_a_games_cards_and_marks_samples(client, bundled):
    response = client.get(reverse("game_cards", args=["kannagi"]))
    html = response.content.decode()
    assert response.status_code == 200
    assert "肥川の大蛇" in html and "サンプル" in html
    assert response.context["total"] == Card.objects.filter(game="kannagi").count()
    assert "白夜" not in html


def test_the_card_list_filters_by_type_and_words(client, bundled):
    response = client.get(reverse("game_cards", args=["original"]), {"type": "土地"})
    assert {c.card_type for c in response.context["page"].object_list} == {"土地"}
    response = client.get(reverse("card_list"), {"q": "大蛇"})
    assert [c.name for c in response.context["page"].object_list] == ["肥川の大蛇"]


def copies_entry(client, game, name):
    """The "copies per deck" entry of a card's page, in English."""
    card = Card.objects.get(game=game, name=name)
    html = client.get(card.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    return html[html.index("<dt>copies per deck</dt>") :]


def test_a_card_page_shows_how_many_copies_a_deck_may_hold(client, bundled):
    """Shown by decks (its deck_extras tag): the default regulation's limit, restricted list included."""
    restricted = copies_entry(client, "kannagi", "人魚の活き血")
    assert restricted.startswith('<dt>copies per deck</dt><dd class="limit restricted"><strong>Restricted</strong> · 1 ')
    assert copies_entry(client, "kannagi", "ねこやま").startswith('<dt>copies per deck</dt><dd class="limit">4 ')


def test_a_card_page_shows_every_field(client, bundled):
    card = Card.objects.get(game="original", name="魔竜の焔")
    html = client.get(card.get_absolute_url()).content.decode()
    for text in ("詠唱コスト", "維持コスト", "煉獄炎", "ファイアボール", "闇", "火"):
        assert text in html


def test_a_weather_page_shows_its_kinds(client, bundled):
    card = Card.objects.get(game="vision", name="精霊風")
    html = client.get(card.get_absolute_url()).content.decode()
    assert "自動α" in html and "厄がついて回る程度の天気" in html


def test_a_missing_card_is_a_404_not_a_500(client, games):
    assert client.get("/cards/999999/").status_code == 404
    assert client.get("/games/nosuchgame/").status_code == 404
    assert client.get("/cards/?page=abc").status_code == 200


def test_card_text_with_html_is_shown_as_text(client, kannagi):
    card = Card.objects.create(
        game=kannagi, name="<script>alert(1)</script>", card_type="道具札", rules_text="<b>太字</b>", attrs={"season": ["春"]}
    )
    html = client.get(card.get_absolute_url()).content.decode()
    assert "<script>alert(1)</script>" not in html and "&lt;script&gt;" in html
    assert "<b>太字</b>" not in html


def test_login_and_logout(client, user, games):
    response = client.post(reverse("login"), {"username": "player", "password": "pw-player-123"}, follow=True)
    assert response.context["user"].is_authenticated
    response = client.post(reverse("logout"), follow=True)
    assert not response.context["user"].is_authenticated


def test_home_lists_the_games_in_the_registry_order(client, bundled):
    listed = [g.slug for g in client.get("/").context["games"]]
    assert listed == list(GAMES)


def test_a_nul_in_the_search_is_not_an_error(client, bundled):
    for url in ("/cards/?q=%00", "/games/kannagi/cards/?type=%00&q=a%00b"):
        assert client.get(url).status_code == 200


@pytest.mark.parametrize("slug", list(GAMES))
def test_a_game_pages_title_is_its_name_and_its_deck_links_sit_in_the_page_once(client, games, slug):
    html = client.get(reverse("game_detail", args=[slug])).content.decode()
    title = html[html.index("<title>") + len("<title>") : html.index("</title>")]
    assert "<" not in title and games[slug].name in title
    assert html.count(reverse("deck_check") + f"?game={slug}") == 1
    assert html.count(reverse("set_print", args=[slug])) == 1


def test_a_card_page_shows_the_limit_the_games_own_check_keeps(client, bundled):
    """A 【ユニーク】 manacard card: one copy (the construction check refuses a second), not "unlimited"."""
    unique = copies_entry(client, "manacard", "放浪の竜騎士")
    assert unique.startswith('<dt>copies per deck</dt><dd class="limit"><strong>the card&#x27;s own limit</strong> · 1 ')
    assert copies_entry(client, "manacard", "見習い剣士").startswith('<dt>copies per deck</dt><dd class="limit">unlimited ')
