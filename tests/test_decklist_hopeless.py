"""The decklist reader stops early on a text that is no decklist (rules.decklist GIVE_UP_*), says where and
why in the user's language, and the check page lists at most 50 lines not read with a count of the rest.
Real lists are not affected (tests/test_decklist_corpus.py reads every list of the corpus as before)."""


import pytest
from django.urls import reverse
from django.utils import translation

from decks import services
from rules.decklist import (
    GIVE_UP_RUN,
    GIVE_UP_SHARE,
    GIVE_UP_TOTAL,
    READING_STOPPED,
    UNKNOWN_CARD,
    CardIndex,
    parse,
)
from rules.declare import get_game
from rules.declare.samples import bundled_card_data


@pytest.fixture(scope="module")
def kannagi_cards():
    cards = bundled_card_data("kannagi")
    return CardIndex([{**card, "id": i} for i, card in enumerate(cards, start=1)])


@pytest.fixture(scope="module")
def regulation():
    return get_game("kannagi").regulation


def junk(n: int) -> str:
    """A line that names no card (no digits: `junk12` would be a header counting 12)."""
    letters = ""
    while True:
        n, r = divmod(n, 26)
        letters += chr(ord("a") + r)
        if not n:
            return f"zq{letters}"


def card_line(index, n=0):
    names = sorted({card["name"] for card in index.cards.values()})
    return f"1 {names[n % len(names)]}"


def test_a_junk_list_stops_after_fifty_lines_not_read_in_a_row_and_says_so(kannagi_cards, regulation):
    result = parse("x\n" * 49_999, regulation, kannagi_cards)
    *unread, stopped = result.errors
    assert [e.code for e in unread] == [UNKNOWN_CARD] * GIVE_UP_RUN
    assert stopped.code == READING_STOPPED and stopped.level == "error"
    # The first line is skipped as the deck's title (a note); the next fifty are not read.
    assert [n.line for n in result.notes] == [1] and unread[-1].line == GIVE_UP_RUN + 1
    assert stopped.line == GIVE_UP_RUN + 1 and stopped.params["rest"] == 49_999 - GIVE_UP_RUN - 1
    assert f"Line {GIVE_UP_RUN + 1}: reading stopped here" in stopped.message
    assert not result.ok


def test_a_card_line_starts_the_count_of_lines_not_read_in_a_row_again(kannagi_cards, regulation):
    block = ["x"] * (GIVE_UP_RUN - 1) + [card_line(kannagi_cards)]
    result = parse("\n".join(block * 2), regulation, kannagi_cards)
    assert [e.code for e in result.errors] == [UNKNOWN_CARD] * (2 * (GIVE_UP_RUN - 1) - 1)  # line 1: the title
    assert result.deck.total() == 2


def test_lines_naming_no_card_stop_the_reader_once_they_are_as_many_as_the_cards(kannagi_cards, regulation):
    lines = []
    for n in range(400):
        lines += [junk(n), card_line(kannagi_cards, n)]
    result = parse("\n".join(lines), regulation, kannagi_cards)
    stopped = result.errors[-1]
    assert stopped.code == READING_STOPPED and stopped.params["unread"] == GIVE_UP_SHARE
    assert stopped.line == 2 * GIVE_UP_SHARE - 1  # the hundredth junk line: as many junk lines as cards
    assert result.deck.total() == GIVE_UP_SHARE - 1


def test_however_many_cards_surround_them_there_is_a_last_line_naming_no_card(kannagi_cards, regulation):
    lines = []
    for n in range(GIVE_UP_TOTAL + 50):
        lines += [junk(n), card_line(kannagi_cards, n), card_line(kannagi_cards, n + 1)]
    result = parse("\n".join(lines), regulation, kannagi_cards)
    stopped = result.errors[-1]
    assert stopped.code == READING_STOPPED and stopped.params["unread"] == GIVE_UP_TOTAL
    assert len(result.errors) == GIVE_UP_TOTAL  # the first junk line is the title (a note), then the stop


def test_skipped_sentences_count_as_naming_no_card(kannagi_cards, regulation):
    result = parse("このデッキは強いです。\n" * 1000, regulation, kannagi_cards)
    assert len(result.notes) == GIVE_UP_SHARE
    assert [e.code for e in result.errors] == [READING_STOPPED]


def test_junk_at_the_very_end_reads_to_the_end_without_a_stop(kannagi_cards, regulation):
    result = parse("\n".join([card_line(kannagi_cards)] + ["x"] * GIVE_UP_RUN), regulation, kannagi_cards)
    assert READING_STOPPED not in [e.code for e in result.errors]  # nothing is left unread after it


def test_the_stop_is_said_in_the_players_language(bundled, kannagi_base):
    with translation.override("ja"):
        reading = services.read_decklist("kannagi", kannagi_base, "x\n" * 200)
    line = GIVE_UP_RUN + 1  # after the title
    assert reading.stopped["message"].startswith(f"{line} 行目：ここで読み取りをやめました")
    assert f"このあとの {200 - line} 行は読み取っていません" in reading.stopped["message"]


def test_the_check_page_lists_fifty_lines_not_read_and_counts_the_rest(client, bundled, kannagi_base):
    decklist = "\n".join(f"{junk(n)}\n1 ねこやま" for n in range(300))
    response = client.post(reverse("deck_check"), {"regulation": kannagi_base.pk, "decklist": decklist},
                           HTTP_ACCEPT_LANGUAGE="ja")
    html = response.content.decode()
    assert response.status_code == 200
    assert html.count('data-code="unknown_card"') == services.SHOWN_UNREAD
    not_read = GIVE_UP_SHARE - 1  # the first junk line was skipped as the title
    assert f"{not_read}行を読み取れませんでした" in html
    assert f"ほか {not_read - services.SHOWN_UNREAD} 行" in html
    assert 'id="reading-stopped"' in html and "ここで読み取りをやめました" in html


def test_a_junk_list_makes_a_small_check_page(client, bundled, kannagi_base):
    decklist = "x\n" * 49_999
    response = client.post(reverse("deck_check"), {"regulation": kannagi_base.pk, "decklist": decklist})
    assert response.status_code == 200
    # The list itself comes back twice (the form and the odds form); the messages add little (6 MB before).
    assert len(response.content) < 2 * len(decklist) + 100_000


def test_the_validate_api_lists_the_stop_among_the_lines_not_read(client, bundled):
    response = client.post("/api/decks/validate/", {"game": "kannagi", "decklist": "x\n" * 49_999},
                           content_type="application/json")
    unread = response.json()["unread"]
    assert len(unread) == GIVE_UP_RUN + 1 and unread[-1]["code"] == READING_STOPPED
