"""Deck construction rules (rules.decks.validate / pool): pure Python, card dicts built by hand, no database."""

import dataclasses
import os
import subprocess
import sys
from pathlib import Path

import pytest

from rules.decks import DeckData, Violation, pool, validate
from rules.declare import get_game
from rules.declare.fields import UNLIMITED
from rules.declare.regulation import Regulation, SectionRule


def card(card_id, name, card_type, aliases=(), number="", **fields):
    return {
        "id": card_id,
        "name": name,
        "aliases": list(aliases),
        "card_type": card_type,
        "cost": 0,
        "fields": fields,
        "number": number,
    }


def index(*cards):
    return {c["id"]: c for c in cards}


def codes(violations):
    return [v.code for v in violations]


def only(violations, code):
    """The one violation with `code` (and fail if there is none or several)."""
    found = [v for v in violations if v.code == code]
    assert len(found) == 1, violations
    return found[0]


def filled(size, filler_ids, per_id, extra=None):
    """A section: `extra` (card id -> copies) topped up to `size` with `per_id` copies of each filler id."""
    section = dict(extra or {})
    left = size - sum(section.values())
    for card_id in filler_ids:
        if left <= 0:
            break
        if card_id in section:
            continue
        take = min(per_id, left)
        section[card_id] = take
        left -= take
    assert left == 0, "not enough filler cards"
    return section


# -- kannagi ----------------------------------------------------------------------------------------

MERMAID, MERMAID_REPRINT, KESANAKYA, OWN10, OWN10_REPRINT, REPRINT_1, UNLIMITED_ID = 20, 21, 22, 23, 24, 101, 25
MERMAID_LIST_SPELLING, OWN7_REPRINT = 26, 27
KANNAGI_FILLER = list(range(1, 16))


@pytest.fixture
def kannagi():
    return get_game("kannagi")


@pytest.fixture
def kannagi_cards():
    return index(
        *(card(i, f"テストの場所{i}", "場所札", number=f"S-{i:03}", season=["春"], power=1) for i in KANNAGI_FILLER),
        card(REPRINT_1, "テストの場所1", "場所札", number="P-001", season=["春"], power=1),
        card(MERMAID, "人魚の活き血", "道具札", aliases=["人魚の活血"], season=["夏"]),
        card(MERMAID_REPRINT, "人魚の活き血", "道具札", number="P-020", season=["夏"]),
        card(MERMAID_LIST_SPELLING, "人魚の活血", "道具札", number="X-026", season=["夏"]),
        card(KESANAKYA, "消さなきゃ", "怪異札", season=["秋"]),
        card(OWN10, "十枚の札", "怪異札", season=["冬"], copy_limit=10),
        card(OWN10_REPRINT, "十枚の札", "怪異札", number="P-023", season=["冬"]),
        card(OWN7_REPRINT, "十枚の札", "怪異札", number="Q-023", season=["冬"], copy_limit=7),
        card(UNLIMITED_ID, "無限の札", "怪異札", season=["冬"], copy_limit=UNLIMITED),
    )


def kannagi_deck(size=40, extra=None):
    return DeckData(sections={"main": filled(size, KANNAGI_FILLER, 4, extra)})


def test_kannagi_accepts_40_cards(kannagi, kannagi_cards):
    assert validate(kannagi, kannagi.regulation, kannagi_deck(40), kannagi_cards) == []


def test_kannagi_rejects_39_cards(kannagi, kannagi_cards):
    violations = validate(kannagi, kannagi.regulation, kannagi_deck(39), kannagi_cards)
    assert codes(violations) == ["section_too_small"]
    assert violations[0].params == {"section": "main", "count": 39, "min": 40}
    assert violations[0].cards == () and violations[0].section == "main"


def test_kannagi_accepts_41_cards(kannagi, kannagi_cards):
    assert validate(kannagi, kannagi.regulation, kannagi_deck(41), kannagi_cards) == []


def test_kannagi_reprint_shares_the_limit_4th_copy_accepted(kannagi, kannagi_cards):
    deck = DeckData(sections={"main": {1: 2, REPRINT_1: 2, **{i: 4 for i in range(2, 11)}}})
    assert deck.total() == 40
    assert validate(kannagi, kannagi.regulation, deck, kannagi_cards) == []


def test_kannagi_reprint_shares_the_limit_5th_copy_rejected(kannagi, kannagi_cards):
    deck = DeckData(sections={"main": {1: 2, REPRINT_1: 3, **{i: 4 for i in range(2, 11)}}})
    v = only(validate(kannagi, kannagi.regulation, deck, kannagi_cards), "too_many_copies")
    assert v.cards == (1, REPRINT_1)
    assert (v.params["name"], v.params["count"], v.params["limit"]) == ("テストの場所1", 5, 4)
    assert v.section == "main"


def test_kannagi_alias_is_the_restricted_name(kannagi, kannagi_cards):
    """人魚の活き血 is listed as 人魚の活血 (制限 1): two copies are illegal."""
    v = only(validate(kannagi, kannagi.regulation, kannagi_deck(40, {MERMAID: 2}), kannagi_cards), "too_many_copies")
    assert v.cards == (MERMAID,)
    assert v.params["limit"] == 1 and v.params["count"] == 2
    assert (v.params["list_ja"], v.params["list_en"]) == ("制限", "Restricted")


def test_kannagi_alias_links_a_reprint_without_the_alias(kannagi, kannagi_cards):
    deck = kannagi_deck(40, {MERMAID: 1, MERMAID_REPRINT: 1})
    v = only(validate(kannagi, kannagi.regulation, deck, kannagi_cards), "too_many_copies")
    assert v.cards == (MERMAID, MERMAID_REPRINT)
    assert v.params["limit"] == 1 and v.params["count"] == 2


def test_kannagi_alias_joins_a_card_printed_under_the_other_spelling(kannagi, kannagi_cards):
    """One copy each of 人魚の活き血 (alias 人魚の活血) and a card named 人魚の活血: two copies of one name."""
    deck = kannagi_deck(40, {MERMAID: 1, MERMAID_LIST_SPELLING: 1})
    v = only(validate(kannagi, kannagi.regulation, deck, kannagi_cards), "too_many_copies")
    assert v.cards == (MERMAID, MERMAID_LIST_SPELLING) and v.params["count"] == 2 and v.params["limit"] == 1


def test_kannagi_a_later_alias_joins_two_names_seen_apart(kannagi, kannagi_cards):
    """人魚の活血 and 人魚の活き血 (no alias) first look like two names; a later printing with the alias joins them."""
    deck = DeckData(
        sections={"main": {MERMAID_LIST_SPELLING: 1, 1: 4, MERMAID_REPRINT: 1, 2: 4, MERMAID: 1, 3: 4, 4: 4}}
    )
    deck.sections["main"] |= {i: 4 for i in range(5, 12)}
    violations = validate(kannagi, kannagi.regulation, deck, kannagi_cards)
    assert [(v.code, v.cards) for v in violations] == [
        ("too_many_copies", (MERMAID_LIST_SPELLING, MERMAID_REPRINT, MERMAID)),
    ]
    assert violations[0].params["count"] == 3 and violations[0].params["name"] == "人魚の活血"


def test_a_joined_name_counts_later_sections_too(kannagi, kannagi_cards):
    regulation = dataclasses.replace(
        kannagi.regulation,
        sections=(SectionRule("main", "メイン", "Main"), SectionRule("side", "サイド", "Side")),
    )
    main = {MERMAID_LIST_SPELLING: 1, MERMAID_REPRINT: 1, MERMAID: 1}
    deck = DeckData(sections={"main": main, "side": {MERMAID_REPRINT: 1}})
    violations = validate(kannagi, regulation, deck, kannagi_cards)
    assert [(v.code, v.cards, v.section, v.params["count"]) for v in violations] == [
        ("too_many_copies", (MERMAID_LIST_SPELLING, MERMAID_REPRINT, MERMAID), None, 4),
    ]


def test_names_joined_by_aliases_are_one_group_whatever_the_order(kannagi):
    """甲; 乙 (alias 丙); 甲 again; 甲 (alias 乙) joins them; then 丙 belongs to the joined group too."""
    cards = index(
        card(1, "甲", "場所札"),
        card(2, "乙", "場所札", aliases=["丙"]),
        card(3, "甲", "場所札", aliases=["乙"]),
        card(4, "丙", "場所札"),
        card(5, "甲", "場所札", number="P-1"),
        *(card(i, f"札{i}", "場所札") for i in range(10, 20)),
    )
    deck = DeckData(sections={"main": {1: 2, 10: 4, 2: 1, 5: 1, 3: 1, 4: 1, **{i: 4 for i in range(11, 19)}}})
    violations = validate(kannagi, kannagi.regulation, deck, cards)
    assert [(v.code, v.cards, v.params["name"], v.params["count"]) for v in violations] == [
        ("too_many_copies", (1, 2, 5, 3, 4), "甲", 6),
    ]


def test_kannagi_one_restricted_copy_is_legal(kannagi, kannagi_cards):
    assert validate(kannagi, kannagi.regulation, kannagi_deck(40, {MERMAID: 1}), kannagi_cards) == []


def test_kannagi_2025_list_allows_two_kesanakya_where_the_seed_allows_one(kannagi, kannagi_cards):
    deck = kannagi_deck(40, {KESANAKYA: 2})
    seed = validate(kannagi, kannagi.regulation_by_code("base"), deck, kannagi_cards)
    assert codes(seed) == ["too_many_copies"] and seed[0].cards == (KESANAKYA,) and seed[0].params["limit"] == 1
    assert validate(kannagi, kannagi.regulation_by_code("2025-06-06"), deck, kannagi_cards) == []
    three = validate(kannagi, kannagi.regulation_by_code("2025-06-06"), kannagi_deck(40, {KESANAKYA: 3}), kannagi_cards)
    assert codes(three) == ["too_many_copies"] and three[0].params["limit"] == 2


def test_kannagi_own_limit_10_accepted(kannagi, kannagi_cards):
    assert validate(kannagi, kannagi.regulation, kannagi_deck(40, {OWN10: 10}), kannagi_cards) == []


def test_kannagi_own_limit_10_rejects_11(kannagi, kannagi_cards):
    v = only(validate(kannagi, kannagi.regulation, kannagi_deck(40, {OWN10: 11}), kannagi_cards), "too_many_copies")
    assert v.cards == (OWN10,) and v.params["limit"] == 10 and v.params["source"] == "own"


def test_kannagi_own_limit_is_kept_by_a_reprint_without_it(kannagi, kannagi_cards):
    """Most permissive own limit of the group: the reprint's missing data does not bring it back to 4."""
    assert validate(kannagi, kannagi.regulation, kannagi_deck(40, {OWN10: 5, OWN10_REPRINT: 5}), kannagi_cards) == []
    v = only(
        validate(kannagi, kannagi.regulation, kannagi_deck(40, {OWN10: 6, OWN10_REPRINT: 5}), kannagi_cards),
        "too_many_copies",
    )
    assert v.cards == (OWN10, OWN10_REPRINT) and v.params["count"] == 11


def test_kannagi_most_permissive_own_limit_of_a_name_wins(kannagi, kannagi_cards):
    """Printings of one name that print 10 and 7: the name may have 10."""
    assert validate(kannagi, kannagi.regulation, kannagi_deck(40, {OWN10: 5, OWN7_REPRINT: 5}), kannagi_cards) == []
    deck = kannagi_deck(40, {OWN10: 5, OWN7_REPRINT: 6})
    v = only(validate(kannagi, kannagi.regulation, deck, kannagi_cards), "too_many_copies")
    assert v.cards == (OWN10, OWN7_REPRINT) and v.params["limit"] == 10


def test_kannagi_most_restrictive_listed_limit_of_a_name_wins(kannagi, kannagi_cards):
    """Both spellings on the list with different limits: the stricter one holds for the name."""
    regulation = dataclasses.replace(kannagi.regulation, card_limits={"人魚の活き血": 2, "人魚の活血": 1})
    deck = kannagi_deck(40, {MERMAID: 1, MERMAID_LIST_SPELLING: 1})
    v = only(validate(kannagi, regulation, deck, kannagi_cards), "too_many_copies")
    assert v.cards == (MERMAID, MERMAID_LIST_SPELLING) and v.params["limit"] == 1


def test_kannagi_own_unlimited_accepted(kannagi, kannagi_cards):
    assert validate(kannagi, kannagi.regulation, kannagi_deck(40, {UNLIMITED_ID: 30}), kannagi_cards) == []


def test_listed_limit_beats_an_own_limit(kannagi, kannagi_cards):
    regulation = dataclasses.replace(kannagi.regulation, card_limits={"十枚の札": 2})
    v = only(validate(kannagi, regulation, kannagi_deck(40, {OWN10: 3}), kannagi_cards), "too_many_copies")
    assert v.cards == (OWN10,) and v.params["limit"] == 2 and v.params["source"] == "listed"


def test_banned_card_under_a_custom_regulation(kannagi, kannagi_cards):
    regulation = Regulation(
        "テスト",
        "Test",
        code="test",
        sections=(SectionRule("main", "メイン", "Main", min=40),),
        copy_limit=4,
        card_limits={"テストの場所1": 0},
        list_names={0: ("封印", "Sealed")},
    )
    deck = DeckData(sections={"main": {1: 1, REPRINT_1: 1, **{i: 4 for i in range(2, 12)}}})
    v = only(validate(kannagi, regulation, deck, kannagi_cards), "banned")
    assert v.cards == (1, REPRINT_1) and v.params["name"] == "テストの場所1"
    assert "too_many_copies" not in codes(validate(kannagi, regulation, deck, kannagi_cards))
    assert validate(kannagi, kannagi.regulation, deck, kannagi_cards) == []


def test_restricted_list_matches_another_typing_of_the_name(kannagi):
    """The list is matched by the name as written, whether typed full-width or half-width."""
    regulation = dataclasses.replace(kannagi.regulation, card_limits={"ﾃｽﾄ": 1})
    cards = index(*(card(i, f"札{i}", "場所札") for i in range(1, 12)), card(50, "テスト", "場所札"))
    deck = DeckData(sections={"main": {50: 2, **{i: 4 for i in range(1, 11)}}})
    v = only(validate(kannagi, regulation, deck, cards), "too_many_copies")
    assert v.cards == (50,) and v.params["limit"] == 1


def test_copy_limits_count_by_card_identity_not_by_the_search_form(kannagi):
    """ミラー and ミラ are one word to the search (the long vowel mark is ignored) but two cards."""
    cards = index(card(1, "ミラー", "道具札"), card(2, "ミラ", "道具札"), *(card(i, f"札{i}", "場所札") for i in range(3, 12)))
    deck = DeckData(sections={"main": {1: 4, 2: 4, **{i: 4 for i in range(3, 11)}}})
    assert validate(kannagi, kannagi.regulation, deck, cards) == []
    deck.sections["main"][1] = 5
    v = only(validate(kannagi, kannagi.regulation, deck, cards), "too_many_copies")
    assert v.cards == (1,) and v.params["count"] == 5


def test_a_restricted_entry_holds_the_spellings_it_declares_without_any_card_alias(kannagi):
    """A card list that gives 人魚の活き血 no alias (the fan list): the seed's entry 人魚の活血 declares the
    printed spelling, so the card keeps its 制限."""
    cards = index(card(1, "人魚の活き血", "道具札"), *(card(i, f"札{i}", "場所札") for i in range(2, 12)))
    deck = DeckData(sections={"main": {1: 2, **{i: 4 for i in range(2, 12)}}})
    v = only(validate(kannagi, kannagi.regulation, deck, cards), "too_many_copies")
    assert v.cards == (1,) and (v.params["limit"], v.params["count"], v.params["list_ja"]) == (1, 2, "制限")
    assert v.message == '"人魚の活き血" (Restricted): at most 1 is allowed; the deck has 2.'


def test_cards_printed_under_two_spellings_of_one_entry_share_its_limit(kannagi):
    cards = index(card(1, "人魚の活き血", "道具札"), card(2, "人魚の活血", "道具札"), *(card(i, f"札{i}", "場所札") for i in range(3, 13)))
    deck = DeckData(sections={"main": {1: 1, 2: 1, **{i: 4 for i in range(3, 13)}}})
    v = only(validate(kannagi, kannagi.regulation, deck, cards), "too_many_copies")
    assert v.cards == (1, 2) and v.params["count"] == 2


def test_copy_messages_use_the_lists_words_and_agree_in_number(kannagi, kannagi_cards):
    regulation = dataclasses.replace(kannagi.regulation, card_limits={"テストの場所1": 0, "テストの場所2": 2, "テストの場所3": 1})
    deck = DeckData(sections={"main": {1: 1, 2: 3, 3: 2, **{i: 4 for i in range(4, 14)}}})
    messages = {v.cards[0]: v.message for v in validate(kannagi, regulation, deck, kannagi_cards)}
    assert messages[1] == '"テストの場所1" (Sealed) may not be used; the deck has 1.'
    assert messages[2] == '"テストの場所2" (Semi-restricted): at most 2 are allowed; the deck has 3.'
    assert messages[3] == '"テストの場所3" (Restricted): at most 1 is allowed; the deck has 2.'
    unlisted = dataclasses.replace(kannagi.regulation, copy_limit=1, card_limits={})
    violations = validate(kannagi, unlisted, kannagi_deck(40), kannagi_cards)
    assert violations and all(v.message.endswith(": 4 copies; at most 1 is allowed.") for v in violations)


# -- common input problems and order ---------------------------------------------------------------


def test_unknown_section_card_and_bad_counts_are_reported(kannagi, kannagi_cards):
    deck = DeckData(sections={"main": {999: 2, 1: 0, 2: -1, 3: "2", 4: True, 5: 1.5, 6: 4}, "side": {7: 1}})
    violations = validate(kannagi, kannagi.regulation, deck, kannagi_cards)
    assert codes(violations) == [
        "section_too_small",
        "unknown_card",
        "bad_count",
        "bad_count",
        "bad_count",
        "bad_count",
        "bad_count",
        "unknown_section",
    ]
    assert [v.cards for v in violations[1:7]] == [(999,), (1,), (2,), (3,), (4,), (5,)]
    assert violations[0].params["count"] == 6  # 2 (unknown card, valid count) + 4
    assert violations[-1].params == {"section": "side"} and violations[-1].section == "side"


def test_violations_are_in_section_then_card_order(kannagi, kannagi_cards):
    deck = DeckData(sections={"main": {3: 5, MERMAID: 2, 1: 1, KESANAKYA: 3}})
    violations = validate(kannagi, kannagi.regulation, deck, kannagi_cards)
    assert [(v.code, v.cards) for v in violations] == [
        ("section_too_small", ()),
        ("too_many_copies", (3,)),
        ("too_many_copies", (MERMAID,)),
        ("too_many_copies", (KESANAKYA,)),
    ]


def test_violation_message_and_dict(kannagi, kannagi_cards):
    v = validate(kannagi, kannagi.regulation, kannagi_deck(39), kannagi_cards)[0]
    assert v.message == "The main section has 39 cards; it needs at least 40."
    assert v.as_dict() == {
        "code": "section_too_small",
        "message": v.message,
        "params": {"section": "main", "count": 39, "min": 40},
        "cards": [],
        "section": "main",
    }


def test_every_template_formats_with_its_params(kannagi, kannagi_cards):
    deck = DeckData(sections={"main": {999: 2, 1: 0, MERMAID: 3}, "x": {}})
    for v in validate(kannagi, kannagi.regulation, deck, kannagi_cards):
        assert isinstance(v, Violation) and "{" not in v.message


def test_a_100_card_deck_of_aliased_cards_each_within_its_own_limit_is_valid(kannagi):
    """100 different cards, each with an alias and an own limit (how fast: bench/decks.py, not a timed test)."""
    cards = index(*(card(i, f"場所{i}", "場所札", aliases=[f"別名{i}"], copy_limit=4) for i in range(1, 101)))
    deck = DeckData(sections={"main": {i: 1 for i in range(1, 101)}})
    assert validate(kannagi, kannagi.regulation, deck, cards) == []
    over = DeckData(sections={"main": {**{i: 1 for i in range(1, 100)}, 100: 5}})
    v = only(validate(kannagi, kannagi.regulation, over, cards), "too_many_copies")
    assert v.cards == (100,) and (v.params["count"], v.params["limit"]) == (5, 4)


def test_rules_decks_imports_without_django():
    root = Path(__file__).resolve().parent.parent
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    code = (
        "import sys\n"
        "from rules.decks import validate, pool\n"
        "from rules.declare import get_game\n"
        "from rules.decks import DeckData\n"
        "g = get_game('manacard')\n"
        "validate(g, g.regulation, DeckData({'main': {}}), {})\n"
        "assert not [m for m in sys.modules if m == 'django' or m.startswith('django.')], 'django imported'\n"
    )
    result = subprocess.run([sys.executable, "-c", code], cwd=root, env=env, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


# -- timestorm --------------------------------------------------------------------------------------

WIN_A, WIN_B, WIN_A_REPRINT, PLAIN = 50, 51, 52, 60


@pytest.fixture
def timestorm():
    return get_game("timestorm")


@pytest.fixture
def timestorm_cards(timestorm):
    basics = [name for name, _copies in timestorm.regulation.basic]
    return index(
        *(card(i, name, "Battery" if i == 1 else "Action") for i, name in enumerate(basics, start=1)),
        card(70, "バッテリー", "Battery"),  # a later printing: the lowest id is used
        card(WIN_A, "時の覇者", "Trigger", win_condition=True),
        card(WIN_A_REPRINT, "時の覇者", "Trigger", number="P-2", win_condition=True),
        card(WIN_B, "永遠の輪", "Trigger", win_condition=True),
        card(PLAIN, "ただの行動", "Action"),
        *(card(100 + i, f"持ち寄り{i}", "Action") for i in range(20)),
    )


@pytest.fixture
def pool13(timestorm):
    return timestorm.regulation_by_code("pool13")


def entry(copies=None):
    return DeckData(sections={"entry": dict(copies or {})})


def test_timestorm_standard_entry_of_one_kind_is_legal(timestorm, timestorm_cards):
    assert validate(timestorm, timestorm.regulation, entry({WIN_A: 1}), timestorm_cards) == []
    assert validate(timestorm, timestorm.regulation, entry({WIN_A: 3}), timestorm_cards) == []


def test_timestorm_standard_entry_reprints_are_one_kind(timestorm, timestorm_cards):
    assert validate(timestorm, timestorm.regulation, entry({WIN_A: 1, WIN_A_REPRINT: 1}), timestorm_cards) == []


def test_timestorm_standard_entry_of_two_kinds_is_rejected(timestorm, timestorm_cards):
    violations = validate(timestorm, timestorm.regulation, entry({WIN_A: 1, WIN_B: 1}), timestorm_cards)
    v = only(violations, "entry_kinds")
    assert codes(violations) == ["entry_kinds"]
    assert v.params == {"count": 2} and v.cards == (WIN_A, WIN_B) and v.section == "entry"


def test_timestorm_standard_entry_with_a_non_win_card_is_rejected(timestorm, timestorm_cards):
    violations = validate(timestorm, timestorm.regulation, entry({WIN_A: 1, PLAIN: 1}), timestorm_cards)
    assert codes(violations) == ["entry_not_win_condition"]
    assert violations[0].cards == (PLAIN,) and violations[0].params == {"name": "ただの行動"}


def test_timestorm_standard_empty_entry_is_too_small_only(timestorm, timestorm_cards):
    assert codes(validate(timestorm, timestorm.regulation, entry(), timestorm_cards)) == ["section_too_small"]


def pooled(size, start=100):
    return DeckData(sections={"entry": {start + i: 1 for i in range(size)}})


def test_timestorm_pooling_13_is_legal(timestorm, timestorm_cards, pool13):
    assert validate(timestorm, pool13, pooled(13), timestorm_cards) == []
    # any cards, win conditions of several kinds included
    mixed = DeckData(sections={"entry": {WIN_A: 1, WIN_B: 1, PLAIN: 3, 1: 8}})
    assert validate(timestorm, pool13, mixed, timestorm_cards) == []


@pytest.mark.parametrize("size", [12, 14])
def test_timestorm_pooling_rejects_other_sizes(timestorm, timestorm_cards, pool13, size):
    violations = validate(timestorm, pool13, pooled(size), timestorm_cards)
    assert codes(violations) == ["section_size"]
    assert violations[0].params == {"section": "entry", "count": size, "size": 13}


def test_pool_of_one_entry_is_rejected(timestorm, timestorm_cards):
    result = pool(timestorm, timestorm.regulation, [entry({WIN_A: 1})], timestorm_cards)
    assert codes(result.violations) == ["pool_too_few"]
    assert result.violations[0].params == {"count": 1, "min": 2}
    assert result.entries == [[]]


def test_pool_standard_combines_basic_cards_and_both_kinds(timestorm, timestorm_cards):
    result = pool(timestorm, timestorm.regulation, [entry({WIN_A: 1}), entry({WIN_B: 2})], timestorm_cards)
    assert result.violations == [] and result.entries == [[], []]
    expected = {i: copies for i, (_name, copies) in enumerate(timestorm.regulation.basic, start=1)}
    expected |= {WIN_A: 1, WIN_B: 2}
    assert result.combined == expected
    assert 70 not in result.combined  # the lowest id of バッテリー
    assert list(result.combined)[-2:] == [WIN_A, WIN_B]


def test_pool_reports_each_entry_and_a_missing_basic_card(timestorm, timestorm_cards):
    cards = {k: v for k, v in timestorm_cards.items() if v["name"] != "時限装置"}
    result = pool(timestorm, timestorm.regulation, [entry({WIN_A: 1}), entry({WIN_B: 1, PLAIN: 1})], cards)
    assert codes(result.violations) == ["basic_card_missing"]
    assert result.violations[0].params == {"name": "時限装置"}
    assert [codes(e) for e in result.entries] == [[], ["entry_not_win_condition"]]


def test_pool_finds_a_basic_card_by_alias(timestorm, timestorm_cards):
    cards = dict(timestorm_cards)
    cards[9] = card(9, "時限装置・改", "Action", aliases=["時限装置"])
    result = pool(timestorm, timestorm.regulation, [entry({WIN_A: 1}), entry({WIN_B: 1})], cards)
    assert result.violations == [] and result.combined[9] == 2


def test_pool_pooling_sums_the_entries(timestorm, timestorm_cards, pool13):
    first = pooled(13)
    second = DeckData(sections={"entry": {100: 2, WIN_A: 1, **{110 + i: 1 for i in range(10)}}})
    result = pool(timestorm, pool13, [first, second], timestorm_cards)
    assert result.violations == [] and result.entries == [[], []]
    assert sum(result.combined.values()) == 26
    assert result.combined[100] == 3 and result.combined[WIN_A] == 1 and result.combined[110] == 2
    assert 1 not in result.combined  # no basic cards in the variant


# -- manacard ---------------------------------------------------------------------------------------

MAIN_IDS, SKILL_IDS = list(range(1, 11)), list(range(11, 21))
STATUS, BLESS3_SKILL, BLESS4_MAIN, BLESS5_STATUS, UNIQUE_MAIN, UNIQUE_SKILL = 30, 40, 41, 42, 43, 44


@pytest.fixture
def manacard():
    return get_game("manacard")


@pytest.fixture
def manacard_cards():
    unit = {"distance": "近", "attack": 1, "hp": 1, "speed": 1}
    return index(
        *(card(i, f"ユニット{i}", "ユニット", deck="main", **unit) for i in MAIN_IDS),
        *(card(i, f"技能{i}", "技能", deck="skill") for i in SKILL_IDS),
        card(STATUS, "ステータス", "ステータス", deck="status"),
        card(BLESS3_SKILL, "恩恵三", "技能", deck="skill", blessing_level=3),
        card(BLESS4_MAIN, "恩恵四", "アイテム", deck="main", blessing_level=4),
        card(BLESS5_STATUS, "恩恵五", "ステータス", deck="status", blessing_level=5),
        card(UNIQUE_MAIN, "唯一の剣", "装備品", deck="main", unique=True),
        card(UNIQUE_SKILL, "唯一の剣", "技能", deck="skill", number="P-44", unique=True),
    )


def mdeck(main=50, skill=50, main_extra=None, skill_extra=None, status=None):
    return DeckData(
        sections={
            "main": filled(main, MAIN_IDS, 10, main_extra),
            "skill": filled(skill, SKILL_IDS, 10, skill_extra),
            "status": dict(status or {}),
        }
    )


def test_manacard_accepts_50_and_50(manacard, manacard_cards):
    assert validate(manacard, manacard.regulation, mdeck(status={STATUS: 3}), manacard_cards) == []


def test_manacard_copies_are_unlimited(manacard, manacard_cards):
    """・メインデッキ(HP) 50枚 ※同名は一部を除き何枚でも入れる事が可能。・スキルデッキ(MP) 50枚 ※同名は一部を除き何枚でも入れる事が可能。"""
    deck = DeckData(sections={"main": {1: 50}, "skill": {11: 50}})
    assert validate(manacard, manacard.regulation, deck, manacard_cards) == []


@pytest.mark.parametrize("section", ["main", "skill"])
@pytest.mark.parametrize("size", [49, 51])
def test_manacard_each_deck_is_exactly_50(manacard, manacard_cards, section, size):
    """・メインデッキ(HP) 50枚 ・スキルデッキ(MP) 50枚"""
    violations = validate(manacard, manacard.regulation, mdeck(**{section: size}), manacard_cards)
    assert codes(violations) == ["section_size"]
    assert violations[0].section == section
    assert violations[0].params == {"section": section, "count": size, "size": 50}


def test_manacard_blessing_10_across_sections_accepted(manacard, manacard_cards):
    """※【恩恵スキル】を持つカードは【恩恵スキルレベル】の合計が10迄になる様に入れる事が出来る。"""
    deck = mdeck(main_extra={BLESS4_MAIN: 1}, skill_extra={BLESS3_SKILL: 2})
    assert validate(manacard, manacard.regulation, deck, manacard_cards) == []
    deck = mdeck(skill_extra={BLESS3_SKILL: 1}, status={BLESS5_STATUS: 1})  # 3 + 5 with a status card
    assert validate(manacard, manacard.regulation, deck, manacard_cards) == []


def test_manacard_blessing_11_across_sections_rejected(manacard, manacard_cards):
    """※【恩恵スキル】を持つカードは【恩恵スキルレベル】の合計が10迄になる様に入れる事が出来る。"""
    deck = mdeck(main_extra={BLESS4_MAIN: 2}, skill_extra={BLESS3_SKILL: 1})
    violations = validate(manacard, manacard.regulation, deck, manacard_cards)
    assert codes(violations) == ["blessing_over"]
    assert violations[0].params == {"total": 11, "max": 10}
    assert violations[0].cards == (BLESS4_MAIN, BLESS3_SKILL) and violations[0].section is None


def test_manacard_blessing_counts_status_cards(manacard, manacard_cards):
    deck = mdeck(main_extra={BLESS4_MAIN: 1}, skill_extra={BLESS3_SKILL: 1}, status={BLESS5_STATUS: 1})
    v = only(validate(manacard, manacard.regulation, deck, manacard_cards), "blessing_over")
    assert v.params["total"] == 12 and v.cards == (BLESS4_MAIN, BLESS3_SKILL, BLESS5_STATUS)


def test_manacard_blessing_max_is_a_regulation_option(manacard, manacard_cards):
    regulation = dataclasses.replace(manacard.regulation, options={"blessing_max": 12})
    deck = mdeck(main_extra={BLESS4_MAIN: 1}, skill_extra={BLESS3_SKILL: 1}, status={BLESS5_STATUS: 1})
    assert validate(manacard, regulation, deck, manacard_cards) == []


def test_manacard_unique_once_accepted(manacard, manacard_cards):
    deck = mdeck(main_extra={UNIQUE_MAIN: 1})
    assert validate(manacard, manacard.regulation, deck, manacard_cards) == []


def test_manacard_unique_in_two_sections_rejected(manacard, manacard_cards):
    """※【ユニーク】を持つカードは1種類につき、どのデッキ、使用するステータスカードに1枚まで。"""
    deck = mdeck(main_extra={UNIQUE_MAIN: 1}, skill_extra={UNIQUE_SKILL: 1})
    violations = validate(manacard, manacard.regulation, deck, manacard_cards)
    assert codes(violations) == ["unique_twice"]
    assert violations[0].cards == (UNIQUE_MAIN, UNIQUE_SKILL) and violations[0].section is None
    assert violations[0].params == {"name": "唯一の剣", "count": 2}


def test_manacard_unique_twice_in_one_section_rejected(manacard, manacard_cards):
    violations = validate(manacard, manacard.regulation, mdeck(main_extra={UNIQUE_MAIN: 2}), manacard_cards)
    assert codes(violations) == ["unique_twice"] and violations[0].section == "main"


def test_manacard_skill_card_in_main_is_wrong_deck(manacard, manacard_cards):
    """・スキルデッキ(MP) 50枚 魔法、技能、アイテム、装備品等から構成される。"""
    violations = validate(manacard, manacard.regulation, mdeck(main_extra={11: 1}), manacard_cards)
    assert codes(violations) == ["wrong_deck"]
    assert violations[0].cards == (11,) and violations[0].section == "main"
    assert violations[0].params == {"name": "技能11", "deck": "skill", "section": "main"}


def test_manacard_violations_in_deck_order(manacard, manacard_cards):
    deck = mdeck(main=49, main_extra={11: 1, BLESS4_MAIN: 3}, skill_extra={UNIQUE_SKILL: 1}, status={1: 1})
    deck.sections["main"][UNIQUE_MAIN] = 1
    violations = validate(manacard, manacard.regulation, deck, manacard_cards)
    assert [(v.code, v.section, v.cards) for v in violations] == [
        ("wrong_deck", "main", (11,)),
        ("blessing_over", None, (BLESS4_MAIN,)),
        ("unique_twice", None, (UNIQUE_MAIN, UNIQUE_SKILL)),
        ("wrong_deck", "status", (1,)),
    ]


def test_manacard_a_cards_own_limit_is_the_exception_to_unlimited_copies(manacard, manacard_cards):
    """・メインデッキ(HP) 50枚 ※同名は一部を除き何枚でも入れる事が可能。(一部: a card that prints its own limit.)"""
    cards = {**manacard_cards, 50: card(50, "二枚まで", "ユニット", deck="main", copy_limit=2, distance="近", attack=1, hp=1, speed=1)}
    assert validate(manacard, manacard.regulation, mdeck(main_extra={50: 2}), cards) == []
    violations = validate(manacard, manacard.regulation, mdeck(main_extra={50: 3}), cards)
    assert codes(violations) == ["too_many_copies"] and violations[0].cards == (50,)


def test_manacard_any_number_of_status_cards(manacard, manacard_cards):
    """・ステータスカードが任意な枚数必要。"""
    for status in ({}, {STATUS: 1}, {STATUS: 12}):
        assert validate(manacard, manacard.regulation, mdeck(status=status), manacard_cards) == []


def test_manacard_the_card_type_decides_its_deck_not_the_deck_field(manacard, manacard_cards):
    """・メインデッキ(HP) 50枚 ユニット、アイテム、装備品などから構成される。・スキルデッキ(MP) 50枚 魔法、技能、アイテム、装備品等から
    構成される。(A unit tagged "status" among the status cards still belongs in the main deck, so it cannot escape the 50.)"""
    unit = {"distance": "近", "attack": 1, "hp": 1, "speed": 1}
    cards = {
        **manacard_cards,
        60: card(60, "隠れ兵", "ユニット", deck="status", **unit),
        61: card(61, "魔法の鍵", "アイテム"),
        62: card(62, "盾", "装備品", deck="skill"),
        63: card(63, "呪文", "魔法", deck="main"),
    }
    violations = validate(manacard, manacard.regulation, mdeck(main=49, status={60: 1}), cards)
    assert [(v.code, v.section) for v in violations] == [("section_size", "main"), ("wrong_deck", "status")]
    assert violations[1].params == {"name": "隠れ兵", "deck": "main", "section": "status"}
    for section in ("main", "skill"):  # an item that names no deck goes in either
        assert validate(manacard, manacard.regulation, mdeck(**{f"{section}_extra": {61: 1}}), cards) == []
    assert codes(validate(manacard, manacard.regulation, mdeck(main_extra={62: 1}), cards)) == ["wrong_deck"]  # its field: skill
    assert validate(manacard, manacard.regulation, mdeck(skill_extra={62: 1}), cards) == []
    violations = validate(manacard, manacard.regulation, mdeck(main_extra={63: 1}), cards)  # magic tagged main: still skill
    assert codes(violations) == ["wrong_deck"] and violations[0].params["deck"] == "skill"


def test_manacard_unique_and_blessing_are_read_from_the_keyword_and_the_text(manacard, manacard_cards):
    """※【恩恵スキル】を持つカードは【恩恵スキルレベル】の合計が10迄になる様に入れる事が出来る。
    ※【ユニーク】を持つカードは1種類につき、どのデッキ、使用するステータスカードに1枚まで。"""
    cards = {
        **manacard_cards,
        70: {**card(70, "唯一の鍵", "アイテム", deck="main"), "keywords": ["ユニーク"]},
        71: {**card(71, "唯一の書", "技能", deck="skill"), "rules_text": "【ユニーク】カードを1枚引く。"},
        72: {**card(72, "加護", "ステータス", deck="status"), "rules_text": "【恩恵スキル Lv6】あなたのユニットの攻撃力を1上げる。"},
        73: {**card(73, "祝福", "ステータス", deck="status"), "keywords": ["恩恵スキル"], "rules_text": "【恩恵スキルレベル５】"},
        74: {**card(74, "謎の加護", "ステータス", deck="status"), "keywords": ["恩恵スキル"]},
    }
    assert codes(validate(manacard, manacard.regulation, mdeck(main_extra={70: 2}), cards)) == ["unique_twice"]
    assert codes(validate(manacard, manacard.regulation, mdeck(skill_extra={71: 2}), cards)) == ["unique_twice"]
    assert validate(manacard, manacard.regulation, mdeck(main_extra={70: 1}, skill_extra={71: 1}), cards) == []
    assert validate(manacard, manacard.regulation, mdeck(status={72: 1}), cards) == []
    v = only(validate(manacard, manacard.regulation, mdeck(status={72: 1, 73: 1}), cards), "blessing_over")
    assert v.params == {"total": 11, "max": 10} and v.cards == (72, 73)
    v = only(validate(manacard, manacard.regulation, mdeck(status={74: 1}), cards), "blessing_level_unknown")
    assert v.cards == (74,) and v.params == {"name": "謎の加護"}


# -- original ---------------------------------------------------------------------------------------


@pytest.fixture
def original():
    return get_game("original")


@pytest.fixture
def original_cards():
    return index(*(card(i, f"兵{i}", "兵", attributes=["火"], move_cost=1, power=1) for i in range(1, 21)))


def test_original_accepts_60(original, original_cards):
    deck = DeckData(sections={"main": filled(60, range(1, 21), 3)})
    assert validate(original, original.regulation, deck, original_cards) == []


@pytest.mark.parametrize("size", [59, 61])
def test_original_rejects_other_sizes(original, original_cards, size):
    deck = DeckData(sections={"main": filled(size, range(1, 21), 4)})
    violations = validate(original, original.regulation, deck, original_cards)
    assert codes(violations) == ["section_size"] and violations[0].params["count"] == size


def test_original_has_no_copy_limit_by_default(original, original_cards):
    assert validate(original, original.regulation, DeckData(sections={"main": {1: 60}}), original_cards) == []


def test_original_optional_copy_limit(original, original_cards):
    regulation = dataclasses.replace(original.regulation, copy_limit=3)
    assert (
        validate(original, regulation, DeckData(sections={"main": filled(60, range(1, 21), 3)}), original_cards) == []
    )
    deck = DeckData(sections={"main": filled(60, range(2, 21), 3, {1: 4})})
    violations = validate(original, regulation, deck, original_cards)
    assert codes(violations) == ["too_many_copies"] and violations[0].cards == (1,)
    assert violations[0].params["limit"] == 3 and violations[0].params["source"] == "default"


# -- vision -----------------------------------------------------------------------------------------

CHARS, SPELLS, COMMANDS, WEATHERS = range(1, 11), range(11, 16), range(16, 21), range(100, 105)
OWN1, OWN5, SPARE_CHAR = 30, 31, 32


@pytest.fixture
def vision():
    return get_game("vision")


@pytest.fixture
def vision_cards():
    return index(
        *(card(i, f"キャラ{i}", "キャラクター", required_nodes=1, attack=1, defence=1) for i in CHARS),
        *(card(i, f"スペル{i}", "スペル", required_nodes=1) for i in SPELLS),
        *(card(i, f"コマンド{i}", "コマンド", required_nodes=0) for i in COMMANDS),
        card(OWN1, "一枚だけ", "コマンド", required_nodes=0, copy_limit=1),
        card(OWN5, "五枚まで", "スペル", required_nodes=0, copy_limit=5),
        card(SPARE_CHAR, "控えのキャラ", "キャラクター", required_nodes=1, attack=1, defence=1),
        *(card(i, f"天候{i}", "天候", weather_effects=[{"kind": "自動α", "text": "…"}]) for i in WEATHERS),
    )


def vision_deck(main_extra=None, weather=None, size=50):
    return DeckData(
        sections={
            "main": filled(size, [*CHARS, *SPELLS, *COMMANDS], 3, main_extra),
            "weather": dict({i: 1 for i in WEATHERS} if weather is None else weather),
        }
    )


def test_vision_accepts_50_with_3_per_name(vision, vision_cards):
    deck = vision_deck()
    assert max(deck.sections["main"].values()) == 3
    assert validate(vision, vision.regulation, deck, vision_cards) == []


@pytest.mark.parametrize("size", [49, 51])
def test_vision_main_is_exactly_50(vision, vision_cards, size):
    violations = validate(vision, vision.regulation, vision_deck(size=size), vision_cards)
    assert codes(violations) == ["section_size"] and violations[0].section == "main"


def test_vision_rejects_a_4th_copy(vision, vision_cards):
    violations = validate(vision, vision.regulation, vision_deck(main_extra={1: 4}), vision_cards)
    assert codes(violations) == ["too_many_copies"]
    assert violations[0].cards == (1,) and violations[0].params["limit"] == 3


def test_vision_follows_own_limits(vision, vision_cards):
    assert validate(vision, vision.regulation, vision_deck(main_extra={OWN5: 5}), vision_cards) == []
    assert validate(vision, vision.regulation, vision_deck(main_extra={OWN1: 1}), vision_cards) == []
    violations = validate(vision, vision.regulation, vision_deck(main_extra={OWN1: 2}), vision_cards)
    assert codes(violations) == ["too_many_copies"]
    assert violations[0].cards == (OWN1,) and violations[0].params["limit"] == 1


def test_vision_weather_card_twice_rejected(vision, vision_cards):
    violations = validate(vision, vision.regulation, vision_deck(weather={100: 2, 101: 1}), vision_cards)
    assert codes(violations) == ["too_many_copies"]
    v = violations[0]
    assert v.cards == (100,) and v.section == "weather" and v.params["limit"] == 1 and v.params["source"] == "type"


def test_vision_character_in_weather_section_rejected(vision, vision_cards):
    violations = validate(vision, vision.regulation, vision_deck(weather={100: 1, SPARE_CHAR: 1}), vision_cards)
    assert codes(violations) == ["wrong_section"]
    assert violations[0].cards == (SPARE_CHAR,) and violations[0].section == "weather"
    assert violations[0].params == {"name": "控えのキャラ", "card_type": "キャラクター", "section": "weather"}


def test_vision_copies_count_across_sections(vision, vision_cards):
    """Three キャラ1 in main and one in the weather section: the 4th copy and the wrong section."""
    violations = validate(vision, vision.regulation, vision_deck(weather={100: 1, 1: 1}), vision_cards)
    assert [(v.code, v.cards, v.section) for v in violations] == [
        ("too_many_copies", (1,), None),
        ("wrong_section", (1,), "weather"),
    ]


def test_vision_weather_card_in_main_rejected(vision, vision_cards):
    deck = vision_deck(size=50)
    deck.sections["main"][1] -= 1
    deck.sections["main"][100] = 1
    deck.sections["weather"] = {101: 1}
    violations = validate(vision, vision.regulation, deck, vision_cards)
    assert [(v.code, v.cards, v.section) for v in violations] == [("wrong_section", (100,), "main")]


def test_vision_needs_a_weather_card(vision, vision_cards):
    violations = validate(vision, vision.regulation, vision_deck(weather={}), vision_cards)
    assert codes(violations) == ["section_too_small"] and violations[0].params == {
        "section": "weather",
        "count": 0,
        "min": 1,
    }


# -- the declared check -------------------------------------------------------------------------------------


def flag_every_card(game, regulation, deck, cards, view=None):
    """A test-only construction check: every card of the deck is at fault."""
    return [Violation("test_flag", "{name} is flagged", {"name": cards[i]["name"]}, (i,), "main") for i in sorted(deck.counts())]


def test_validate_runs_the_check_the_game_declares_and_only_that(kannagi, kannagi_cards):
    deck = kannagi_deck()
    assert kannagi.construction == ".construction:check"
    assert validate(kannagi, kannagi.regulation, deck, kannagi_cards) == []
    flagged = dataclasses.replace(kannagi, construction=f"{__name__}:flag_every_card")
    assert codes(validate(flagged, kannagi.regulation, deck, kannagi_cards)) == ["test_flag"] * len(deck.counts())
    deck.sections["main"][KESANAKYA] = 3  # breaks the common copy rule only (消さなきゃ is limited to 2)
    assert codes(validate(dataclasses.replace(kannagi, construction=""), kannagi.regulation, deck, kannagi_cards)) == [
        "too_many_copies"
    ]


def test_every_game_declares_a_construction_check_that_resolves():
    from rules.declare import GAMES

    for slug, game in GAMES.items():
        check = game.construction_check()
        assert callable(check) and check.__module__ == f"rules.games.{slug}.construction", slug


def test_regulation_options_are_the_ones_the_game_declares(monkeypatch):
    from rules.declare import GAMES

    def option_errors(slug, options):
        return GAMES[slug].regulation_option_errors(options)

    assert option_errors("manacard", {"blessing_max": 12}) == []
    assert option_errors("timestorm", {"entry": "any"}) == []
    assert option_errors("kannagi", {"entry": "any"}) == ["unknown option 'entry' (known: none)"]
    monkeypatch.setitem(GAMES, "kannagi", dataclasses.replace(GAMES["kannagi"], regulation_options={"entry": ("any",)}))
    assert option_errors("kannagi", {"entry": "any"}) == []
    assert option_errors("kannagi", {"entry": "all"}) == ["entry: expected one of any, got 'all'"]
    with pytest.raises(ValueError, match="unknown option 'entry'"):  # a declared regulation must use declared options
        dataclasses.replace(GAMES["timestorm"], regulation_options={})
