"""The editors' draft restricted list: which public decks a draft makes illegal, and by which cards."""

import time

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

from decks import selectors, services
from decks.models import Deck, DeckEntry, Visibility
from decks.presenters import draft_errors, what_if_view
from rules.decklist import CardIndex
from rules.declare.fields import UNLIMITED
from rules.restricted import limits_text, read_draft

from .conftest import KANNAGI_DECKLIST

pytestmark = pytest.mark.django_db

# KANNAGI_DECKLIST with 2 ねこやま (the other 2 slots as 円形校舎): legal, and within a limit of 2 ねこやま.
TWO_NEKOYAMA = KANNAGI_DECKLIST.replace("4 ねこやま", "2 ねこやま").replace("2 北海道：円形校舎", "4 北海道：円形校舎")
# Already illegal: 4 肥川の大蛇 (restricted to 1).
ILLEGAL = KANNAGI_DECKLIST.replace("1 肥川の大蛇", "4 肥川の大蛇").replace("4 鉄の風", "1 鉄の風")


def _deck(owner, regulation, name, decklist, visibility=Visibility.PUBLIC):
    sections = services.decklist_sections("kannagi", regulation, decklist)
    return services.deck_create(
        owner=owner, game="kannagi", regulation=regulation, name=name, sections=sections, visibility=visibility
    )


@pytest.fixture
def decks(user, kannagi_base, kannagi_2025):
    return {
        "four": _deck(user, kannagi_base, "四枚ねこやま", KANNAGI_DECKLIST),
        "two": _deck(user, kannagi_base, "二枚ねこやま", TWO_NEKOYAMA),
        "private": _deck(user, kannagi_base, "非公開の四枚", KANNAGI_DECKLIST, Visibility.PRIVATE),
        "unlisted": _deck(user, kannagi_base, "限定公開の四枚", KANNAGI_DECKLIST, Visibility.UNLISTED),
        "illegal": _deck(user, kannagi_base, "大蛇四枚", ILLEGAL),
        "other_format": _deck(user, kannagi_2025, "改訂後の四枚", KANNAGI_DECKLIST),
    }


def _draft(regulation, extra):
    return selectors.read_regulation_draft(regulation, selectors.regulation_limits_text(regulation) + extra)


def test_the_draft_starts_from_the_regulations_own_list(kannagi_base):
    text = selectors.regulation_limits_text(kannagi_base)
    reading = selectors.read_regulation_draft(kannagi_base, text)
    assert reading.errors == []
    assert reading.limits == kannagi_base.to_rules().card_limits
    assert text.splitlines()[0].endswith(" 1")  # the most restricted first


def test_a_draft_lists_exactly_the_public_decks_it_makes_illegal_with_the_cards_at_fault(decks, kannagi_base):
    view = what_if_view(kannagi_base, _draft(kannagi_base, "ねこやま 2\n"))
    assert [row["deck"] for row in view["broken"]] == [decks["four"]]
    (fault,) = view["broken"][0]["faults"]
    assert (fault["name"], fault["count"], fault["limit"], fault["banned"]) == ("ねこやま", 4, 2, False)
    assert view["by_card"] == [{"name": "ねこやま", "url": fault["url"], "decks": 1}]
    # the deck already illegal is shown apart, with what the draft adds to it
    assert [row["deck"] for row in view["already"]] == [decks["illegal"]]
    assert [f["name"] for f in view["already"][0]["faults"]] == ["ねこやま"]
    assert view["checked"] == 3  # the public decks of this regulation only
    assert view["elsewhere"] == 1  # the public deck of the 2025 list, counted apart


def test_private_and_unlisted_decks_are_never_checked(decks, kannagi_base):
    view = what_if_view(kannagi_base, _draft(kannagi_base, "ねこやま 0\n"))
    listed = {row["deck"].pk for key in ("broken", "already", "fixed") for row in view[key]}
    assert decks["private"].pk not in listed and decks["unlisted"].pk not in listed
    assert {decks["four"].pk, decks["two"].pk} <= listed  # the control: the public ones are found
    assert all(f["banned"] for row in view["broken"] for f in row["faults"])


def test_the_same_list_breaks_nothing_and_lifting_a_limit_makes_a_deck_legal(decks, kannagi_base):
    same = what_if_view(kannagi_base, _draft(kannagi_base, ""))
    assert same["broken"] == [] and same["fixed"] == []
    assert [row["deck"] for row in same["already"]] == [decks["illegal"]]
    lifted = selectors.regulation_limits_text(kannagi_base).replace("肥川の大蛇 1", "肥川の大蛇 4")
    view = what_if_view(kannagi_base, selectors.read_regulation_draft(kannagi_base, lifted))
    assert [row["deck"] for row in view["fixed"]] == [decks["illegal"]]


def test_names_are_read_however_they_are_typed(kannagi_base):
    reading = selectors.read_regulation_draft(
        kannagi_base, "ネコヤマ　２\n人魚の活き血 0\n鉄の風×3枚\n古びた懐中電灯: 無制限\n# 準制限\n桜並木の小径2枚\n"
    )
    assert reading.errors == []
    # katakana and a full-width space and digit; the list's entry for another spelling; × and 枚; no limit;
    # a comment; the count glued to the name before 枚
    assert reading.limits == {"ねこやま": 2, "人魚の活血": 0, "鉄の風": 3, "古びた懐中電灯": UNLIMITED, "桜並木の小径": 2}
    assert reading.regulation.spellings["人魚の活血"]  # the entry keeps its other spellings


@pytest.mark.parametrize(
    ("text", "line", "words"),
    [
        ("ねこやま 1\nねこやまんが 1\n", 2, ["2行目", "ねこやまんが"]),
        ("ねこやま 1\n\n鉄の風 1000\n", 3, ["3行目", "1000"]),
        ("鉄の風\n", 1, ["1行目", "鉄の風"]),
        ("ねこやま 1\nネコヤマ 2\n", 2, ["2行目", "1行目"]),
        ("ねこやま -1\n", 1, ["1行目"]),
    ],
)
def test_a_bad_line_gets_a_japanese_message_naming_it(kannagi_base, text, line, words):
    reading = selectors.read_regulation_draft(kannagi_base, text)
    assert reading.regulation is None
    (error,) = draft_errors(reading)
    assert error["line"] == line
    for word in words:
        assert word in error["message"]
    assert "Line" not in error["message"]


def test_an_unknown_card_gets_suggestions(kannagi_base):
    (error,) = draft_errors(selectors.read_regulation_draft(kannagi_base, "ねこやまの 1\n"))
    assert "ねこやま" in error["message"].split("ねこやまの", 1)[1]


def test_the_rules_reader_alone():
    cards = CardIndex([{"id": 1, "name": "Max", "aliases": []}, {"id": 2, "name": "Fire", "aliases": ["炎"]}])
    from rules.declare.regulation import Regulation

    regulation = Regulation("r", "r", card_limits={"Fire": 1})
    reading = read_draft("Max 2\nFire x 0\n", regulation, cards)
    assert reading.limits == {"Max": 2, "Fire": 0}
    assert limits_text(reading.regulation) == "Fire 0\nMax 2\n"
    assert read_draft("炎 3\n", regulation, cards).limits == {"Fire": 3}  # an alias names the entry


# -- the page ---------------------------------------------------------------------------------------


def test_the_page_shows_the_broken_decks_linked_with_their_cards(editor_client, decks, kannagi_base):
    url = reverse("regulation_draft", args=["kannagi"])
    page = editor_client.get(url)
    assert page.status_code == 200
    assert "人魚の活血 1" in page.content.decode()  # the regulation's list to start from
    text = selectors.regulation_limits_text(kannagi_base) + "ねこやま 2\n"
    response = editor_client.post(url, {"regulation": kannagi_base.pk, "limits": text})
    body = response.content.decode()
    assert response.status_code == 200
    assert decks["four"].get_absolute_url() in body
    assert decks["two"].get_absolute_url() not in body
    assert decks["private"].name not in body
    assert 'data-card="ねこやま"' in body


def test_the_page_starts_from_the_regulation_chosen(editor_client, kannagi_base, kannagi_2025):
    url = reverse("regulation_draft", args=["kannagi"])
    assert "消さなきゃ 1" in editor_client.get(url).content.decode()  # the default regulation
    page = editor_client.get(url, {"regulation": kannagi_2025.code})
    assert "消さなきゃ 2" in page.content.decode()
    assert page.context["form"].initial["regulation"] == kannagi_2025.pk
    assert f"?regulation={kannagi_2025.code}" in editor_client.get(url).content.decode()


def test_a_bad_line_is_shown_on_the_page_and_nothing_is_checked(editor_client, decks, kannagi_base):
    response = editor_client.post(
        reverse("regulation_draft", args=["kannagi"]), {"regulation": kannagi_base.pk, "limits": "ねこやま 1\nしらないカード 1\n"}
    )
    body = response.content.decode()
    assert response.status_code == 200 and "2行目" in body
    assert decks["four"].get_absolute_url() not in body


def test_other_games_editors_and_players_are_refused(client, vision_editor, user, kannagi_editor, decks, kannagi_base):
    url = reverse("regulation_draft", args=["kannagi"])
    assert client.get(url).status_code == 302  # to the sign-in page
    for refused in (vision_editor, user):
        client.force_login(refused)
        assert client.get(url).status_code == 403
        response = client.post(url, {"regulation": kannagi_base.pk, "limits": "ねこやま 0\n"})
        assert response.status_code == 403 and decks["four"].name not in response.content.decode()
    client.force_login(User.objects.create_superuser("root", password="pw-root-123"))
    assert client.get(url).status_code == 200


def test_a_regulation_of_another_game_is_refused(editor_client, bundled):
    from decks.models import Regulation

    vision = Regulation.objects.filter(game="vision").first()
    response = editor_client.post(reverse("regulation_draft", args=["kannagi"]), {"regulation": vision.pk, "limits": ""})
    assert response.status_code == 200 and "result" not in response.context


def test_a_long_list_of_bad_lines_shows_the_first_and_counts_the_rest(editor_client, kannagi_base):
    text = "".join(f"しらないカード{i} 1\n" for i in range(60))
    response = editor_client.post(reverse("regulation_draft", args=["kannagi"]), {"regulation": kannagi_base.pk, "limits": text})
    body = response.content.decode()
    assert body.count('data-line="') == 50
    assert "ほか10行" in body


def test_the_game_page_links_the_draft_for_its_editors_only(client, kannagi_editor, vision_editor, bundled):
    url = reverse("game_detail", args=["kannagi"])
    draft = reverse("regulation_draft", args=["kannagi"])
    client.force_login(vision_editor)
    assert draft not in client.get(url).content.decode()
    client.force_login(kannagi_editor)
    assert draft in client.get(url).content.decode()


# -- hundreds of decks ------------------------------------------------------------------------------


def _many_public_decks(owner, regulation, n):
    """`n` public decks (each a copy of one of two legal lists) made in bulk."""
    sections = [
        services.decklist_sections("kannagi", regulation, KANNAGI_DECKLIST),
        services.decklist_sections("kannagi", regulation, TWO_NEKOYAMA),
    ]
    made = Deck.objects.bulk_create(
        [Deck(owner=owner, game_id="kannagi", regulation=regulation, name=f"公開デッキ{i}", visibility=Visibility.PUBLIC) for i in range(n)]
    )
    DeckEntry.objects.bulk_create(
        [
            DeckEntry(deck=deck, section=key, card_id=card_id, count=count)
            for i, deck in enumerate(made)
            for key, cards in sections[i % 2].items()
            for card_id, count in cards.items()
        ]
    )
    return made


def test_hundreds_of_public_decks_are_checked_in_a_few_queries(user, kannagi_base, django_assert_max_num_queries):
    made = _many_public_decks(user, kannagi_base, 300)
    reading = _draft(kannagi_base, "ねこやま 2\n")
    selectors.game_card_index("kannagi")  # the card index is shared by the process
    started = time.perf_counter()
    with django_assert_max_num_queries(8):
        result, _decks = selectors.regulation_what_if(kannagi_base, reading)
    elapsed = time.perf_counter() - started
    assert result.checked == 300
    assert {o.deck_id for o in result.broken} == {d.pk for d in made[::2]}  # the four-ねこやま half
    print(f"what-if over 300 public decks: {elapsed * 1000:.0f} ms")
