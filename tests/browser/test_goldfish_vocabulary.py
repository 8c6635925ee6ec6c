"""The board draws the game's declared words (rules/games/<slug>/vocabulary.py) in the page's language: the
zone headings, the grid's rows and the phase, in Japanese and in English, and it marks the zones the game
hides from the opponent."""

import pytest
from django.utils import translation
from django.utils.translation import pgettext

from rules.declare import get_game

from .test_goldfish import start
from .test_goldfish_games import sample


def words_on(page):
    heading = page.inner_text('#gf-board [data-zone="p0.deck"] h3')
    rows = page.locator("#gf-board .gf-row-label").all_inner_texts()
    facts = dict(zip(page.locator("#gf-info dt").all_inner_texts(), page.locator("#gf-info dd").all_inner_texts(), strict=True))
    return heading, rows, facts


@pytest.mark.parametrize("slug", ["original", "kannagi"])
def test_the_board_shows_the_games_words_in_japanese_and_english(page, english, sample_deck, slug):
    vocabulary = get_game(slug).vocabulary
    start(page, sample(slug), 4)
    phase = page.get_attribute("#goldfish", "data-phase")
    english.goto(page.url)
    english.wait_for_selector("#gf-board [data-zone='p0.deck']")
    for shown, lang in ((page, "ja"), (english, "en")):
        words = vocabulary.labels(lang)
        heading, rows, facts = words_on(shown)
        assert heading.startswith(words["zones"]["deck"] + " "), heading
        assert facts["フェイズ" if lang == "ja" else "Phase"] == words["phases"][phase]
        # the turn in the one wording of every game: yours counted (kannagi's first turn begins after 零探し); the
        # English page watches the game, so it names the player: a visitor playing a sample deck is "the player"
        # (never the site's sample account)
        with translation.override(lang):
            player = pgettext("goldfish", "The player")
        turn = words["your_turn"] % {"n": 1} if shown is page else words["their_turn"] % {"who": player, "n": 1}
        assert shown.text_content("#gf-clock") == (turn if slug == "original" else words["before_turns"])
        if slug == "original":
            assert rows[::-1][:5] == words["rows"]  # drawn from the goldfish's side down to yours
        assert shown.get_attribute('#gf-board [data-zone="p0.hand"]', "data-hidden") == "opponent"
        assert shown.get_attribute('#gf-board [data-zone="p0.discard"], #gf-board [data-zone="p0.field"]', "data-hidden") is None
