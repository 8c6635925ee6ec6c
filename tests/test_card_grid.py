"""Card grids show faces: each tile the card's face (its uploaded image, else the drawn face), lazily loaded in a
box of the card's proportions, its name and stats under it; results of every game carry each game's name and
colour; the home page and the game pages show a few faces and the ways in; every card named carries the preview
attribute (data-card-face)."""

import io
import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from PIL import Image

from cards.models import Card
from cards.selectors import first_sample_decks, showcase
from cards.templatetags.card_faces import face_height, tile_stats
from printing.templatetags.printing_extras import face_src
from rules.declare import GAMES
from rules.declare.base import GameDef


@pytest.fixture(autouse=True)
def media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path
    return tmp_path


def tiles(html: str) -> list[str]:
    return re.findall(r'<li class="face-tile">.*?</li>', html, re.S)


def tile_of(html: str, card: Card) -> str:
    found = [t for t in tiles(html) if f'href="{card.get_absolute_url()}"' in t]
    assert len(found) == 1, card.name
    return found[0]


# -- the card list ---------------------------------------------------------------------------------------------


def test_each_tile_shows_the_drawn_face_lazily_in_a_box_of_the_cards_size_with_the_name(client, bundled):
    card = Card.objects.get(game="kannagi", name="ねこやま")
    html = client.get(reverse("game_cards", args=["kannagi"]), {"q": "ねこやま"}).content.decode()
    tile = tile_of(html, card)
    assert f'src="{face_src(card, "s")}"' in tile and "/face/s/" in tile
    assert 'loading="lazy"' in tile and 'width="240"' in tile and 'height="335"' in tile  # 63 x 88 mm
    assert 'alt="ねこやま"' in tile and '<span class="face-name" aria-hidden="true">ねこやま</span>' in tile
    assert f'data-card-face="{face_src(card, "m")}"' in tile and 'data-card-name="ねこやま"' in tile


def test_a_card_with_an_uploaded_image_shows_that_image(client, bundled):
    card = Card.objects.get(game="kannagi", name="ねこやま")
    buffer = io.BytesIO()
    Image.new("RGB", (480, 672), (20, 90, 160)).save(buffer, "PNG")
    card.image = SimpleUploadedFile("neko.png", buffer.getvalue(), content_type="image/png")
    card.save()
    tile = tile_of(client.get(reverse("game_cards", args=["kannagi"]), {"q": "ねこやま"}).content.decode(), card)
    assert f'src="{card.thumb_url("s")}"' in tile and f'data-card-face="{card.thumb_url("m")}"' in tile
    assert "/face/" not in tile


def test_the_box_follows_the_card_size_the_game_declares(bundled):
    vision = Card.objects.filter(game="vision").first()  # 59 x 86 mm
    kannagi = Card.objects.filter(game="kannagi").first()  # 63 x 88 mm
    assert face_height(vision, 240) == round(240 * 86 / 59) and face_height(kannagi, 240) == round(240 * 88 / 63)


def test_a_tile_lists_the_cards_stats_labelled_and_the_sample_mark_beside_them(client, bundled):
    card = Card.objects.get(game="vision", name="里の薬売り")
    stats = tile_stats(card)
    assert stats[:2] == ["キャラクター", "コスト 1"]
    assert {"必要ノード 1", "攻撃力 1", "耐久力 2"} <= set(stats)
    tile = tile_of(client.get(reverse("game_cards", args=["vision"]), {"q": "里の薬売り"}).content.decode(), card)
    stats_line = re.search(r'<p class="face-stats">(.*?)</p>', tile, re.S).group(1)
    assert "攻撃力 1" in stats_line and '<span class="badge sample">サンプル</span>' in stats_line
    assert "badge" not in tile.split('<p class="face-stats">')[0]  # nothing drawn over the face


def test_a_flag_stat_shows_its_name_only_when_set(bundled):
    winner = next(c for c in Card.objects.filter(game="timestorm") if c.attrs.get("win_condition"))
    other = next(c for c in Card.objects.filter(game="timestorm") if not c.attrs.get("win_condition"))
    label = GAMES["timestorm"].field("win_condition").label("ja")
    assert label in tile_stats(winner) and label not in tile_stats(other)


def test_results_of_every_game_carry_each_cards_game_and_its_colour(client, bundled):
    html = client.get(reverse("card_list"), {"q": "-t:天候"}).content.decode()
    for tile in tiles(html):
        assert tile.count('class="game-tag"') == 1
    for game in GAMES.values():
        assert f'fill="{game.colour}"' in html and game.name_ja in html
    one_game = client.get(reverse("game_cards", args=["kannagi"])).content.decode()
    assert 'class="game-tag"' not in one_game


def test_the_table_view_stays_and_its_names_preview_the_face(client, bundled):
    card = Card.objects.get(game="kannagi", name="ねこやま")
    html = client.get(reverse("card_list"), {"q": "ねこやま", "view": "table"}).content.decode()
    assert 'class="cards"' in html and f'data-card-face="{face_src(card, "m")}"' in html
    assert 'class="game-tag"' in html  # the game column names the game with its colour


def test_the_filters_fold_until_one_is_set(client, bundled):
    url = reverse("game_cards", args=["kannagi"])
    assert '<details class="filter-more">' in client.get(url).content.decode()
    opened = client.get(url, {"cost_min": "2"}).content.decode()
    assert '<details class="filter-more" open>' in opened and "絞り込み (1)" in opened


# -- the game colours --------------------------------------------------------------------------------------------


def _contrast_with_white(colour: str) -> float:
    def channel(c):
        c /= 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    luminance = 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)
    return 1.05 / (luminance + 0.05)


def test_each_game_declares_its_own_colour_dark_enough_for_white_text():
    colours = [game.colour.lower() for game in GAMES.values()]
    assert len(set(colours)) == len(GAMES) and "#555555" not in colours  # declared, one each
    for colour in colours:
        assert re.fullmatch(r"#[0-9a-f]{6}", colour) and _contrast_with_white(colour) >= 4.5, colour


def test_a_colour_that_is_not_rrggbb_is_refused():
    with pytest.raises(ValueError, match="colour"):
        GameDef(slug="x", name_ja="x", name_en="x", card_types=(), fields=(), colour='red" onload="x')


# -- the home page and the game pages ------------------------------------------------------------------------------


def test_showcase_puts_the_games_key_cards_first(bundled):
    for slug, game in GAMES.items():
        picked = showcase(Card.objects.get(pk=Card.objects.filter(game=slug).first().pk).game, 4)
        assert len(picked) == 4 and len({c.pk for c in picked}) == 4
        keyed = [game.key_cards.picks(c.to_data()) for c in picked]
        assert keyed == sorted(keyed, reverse=True), slug  # key cards, then the rest
        assert any(keyed), slug


def test_home_offers_the_search_the_first_steps_and_each_games_faces(client, samples):
    response = client.get(reverse("home"))
    html = response.content.decode()
    assert f'action="{reverse("card_list")}"' in html and 'id="home-q"' in html
    assert f'href="{reverse("deck_check")}"' in html and "デッキリストをチェック" in html
    assert "サンプルデッキで一人回し" in html and "プロキシを印刷" in html
    decks = first_sample_decks()
    assert set(decks) == set(GAMES)
    for deck in decks.values():
        assert f'href="{reverse("goldfish_new")}?deck={deck.pk}"' in html
        assert f'href="{reverse("deck_print", args=[deck.pk])}"' in html
    for game in response.context["games"]:
        assert len(game.faces) == 4
        for card in game.faces:
            assert f'data-card-face="{face_src(card, "m")}"' in html
    assert len(tiles(html)) == 4 * len(GAMES)


def test_home_without_sample_decks_still_shows_the_games(client, bundled):
    html = client.get(reverse("home")).content.decode()
    assert "デッキリストをチェック" in html and "サンプルデッキで一人回し" not in html
    assert len(tiles(html)) == 4 * len(GAMES)


def test_home_in_english(client, samples):
    html = client.get(reverse("home"), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    for words in ("Check a decklist", "Goldfish a sample deck", "Print proxies", "Where to start"):
        assert words in html


def test_a_game_page_shows_faces_and_its_sample_deck(client, samples):
    html = client.get(reverse("game_detail", args=["timestorm"])).content.decode()
    assert 0 < len(tiles(html)) <= 8
    deck = first_sample_decks()["timestorm"]
    assert deck.name in html and f'{reverse("goldfish_new")}?deck={deck.pk}' in html
    assert reverse("deck_print", args=[deck.pk]) in html


def test_a_card_page_previews_its_same_name_cards(client, bundled):
    card = Card.objects.get(game="kannagi", name="ねこやま")
    other = Card.objects.create(game=card.game, name=card.name, card_type=card.card_type, number="X-1", attrs=card.attrs)
    html = client.get(card.get_absolute_url()).content.decode()
    assert f'data-card-face="{face_src(other, "m")}"' in html


def test_every_page_loads_the_card_preview_with_its_words(client, bundled):
    html = client.get(reverse("search_help")).content.decode()
    script = re.search(r'<script type="module" src="[^"]*card_preview\.js"[^>]*>', html).group(0)
    assert 'data-open="カードページへ"' in script and 'data-close="プレビューを閉じる"' in script
