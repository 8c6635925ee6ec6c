"""Decklist text import and export (rules.decklist): plain Python, hand-built cards, no database."""

import pytest

from rules.decklist import (
    AMBIGUOUS_CARD,
    ASIDE,
    AUTHOR,
    BAD_COUNT,
    CARD,
    CLOSEST_CARD,
    COMMENT,
    DATE,
    DETAILS,
    HEADER,
    HEADER_COUNT,
    LEVELS,
    LINK,
    NAMED_BY_READING,
    OUTSIDE_DECK,
    SKIPPED,
    TEMPLATES,
    TITLE,
    TOTAL_MISMATCH,
    UNKNOWN_CARD,
    UNKNOWN_PRINTING,
    UNKNOWN_SECTION,
    CardIndex,
    export,
    parse,
)
from rules.decks import DeckData
from rules.declare import get_game


def card(card_id, name, card_type, cost=None, number="", reading="", aliases=(), **fields):
    return {
        "id": card_id,
        "name": name,
        "reading": reading,
        "aliases": list(aliases),
        "card_type": card_type,
        "cost": cost,
        "number": number,
        "fields": fields,
    }


KANNAGI = [
    card(1, "人魚の活き血", "道具札", 2, "K-050", "ニンギョノイキチ", ("人魚の活血",), season=["夏"]),
    # A reprint: same name, a higher number, so not the default printing.
    card(2, "人魚の活き血", "道具札", 2, "P-003", "ニンギョノイキチ", ("人魚の活血",), season=["夏"]),
    card(3, "本物のお化け屋敷", "場所札", 0, "K-012", "ホンモノノオバケヤシキ", season=["無"], power=2),
    card(4, "肥川の大蛇", "怪異札", 3, "K-020", "ヒカワノオロチ", season=["秋"]),
    card(5, "旧校舎「音楽室」", "場所札", 1, "K-030", "キュウコウシャオンガクシツ", season=["春", "夏"], power=1),
    card(6, "ボックス・イン・ザ・ボックス", "道具札", None, "", "", season=["冬"]),
    card(7, "消さなきゃ", "道具札", 1, "K-040", "ケサナキャ", season=["冬"]),
    card(8, "暗躍者", "怪異札", 4, "K-041", "アンヤクシャ", season=["秋"]),
    # Two different cards one search form apart (カード = カド in the normal form).
    card(9, "カード", "季節札", None, "K-060", season=["春"]),
    card(10, "カド", "季節札", None, "K-061", season=["夏"]),
    card(11, "Fox Box", "場所札", 2, "K-070", season=["冬"], power=3),
    card(12, "xylophone", "場所札", 2, "K-071", season=["冬"], power=3),
]
VISION = [
    card(101, "博麗霊夢", "キャラクター", 1, "V-001", "ハクレイレイム", required_nodes=1, attack=2, defence=2),
    card(102, "夢想封印", "スペル", 2, "V-010", "ムソウフウイン", required_nodes=2),
    card(103, "宴会", "コマンド", 0, "V-020", "エンカイ", required_nodes=0),
    card(104, "快晴", "天候", None, "W-012", "カイセイ", weather_effects=[{"kind": "自動α", "text": "晴れ。"}]),
    card(105, "濃霧", "天候", None, "W-018", "ノウム", weather_effects=[{"kind": "自動α", "text": "霧。"}]),
]
TIMESTORM = [
    card(201, "時間泥棒", "Action", 1, "", "ジカンドロボウ"),
    card(202, "永遠の勝利", "Trigger", 3, "", "エイエンノショウリ", win_condition=True),
    card(203, "バッテリー", "Battery", None, "", "バッテリー"),
]
ORIGINAL = [
    card(301, "炎の剣士", "兵", 2, "F-01", "ホノオノケンシ", attributes=["火"], move_cost=1, power=3),
    card(302, "業火", "呪術", 3, "F-02", "ゴウカ", attributes=["火"]),
    card(303, "火山地帯", "土地", 2, "F-03", "カザンチタイ", attributes=["火"]),
]
MANACARD = [
    card(
        401, "見習い剣士", "ユニット", 1, "M-001", "ミナライケンシ", deck="main", distance="近", attack=2, hp=2, speed=2
    ),
    card(402, "火球", "魔法", 2, "M-002", "カキュウ", deck="skill"),
    card(403, "剣術", "技能", 1, "M-003", "ケンジュツ", deck="skill"),
    card(404, "勇者の資質", "ステータス", None, "M-004", "ユウシャノシシツ", deck="status", unique=True),
]
CARDS = {"kannagi": KANNAGI, "vision": VISION, "timestorm": TIMESTORM, "original": ORIGINAL, "manacard": MANACARD}


def read(text, slug="kannagi"):
    return parse(text, get_game(slug).regulation, CardIndex(CARDS[slug]))


def main(text, slug="kannagi"):
    result = read(text, slug)
    assert not result.errors, [e.message for e in result.errors]
    return result.deck.sections


def only_error(text, slug="kannagi"):
    result = read(text, slug)
    assert len(result.errors) == 1, [e.message for e in result.errors]
    return result.errors[0]


# -- counts and names ----------------------------------------------------------------


@pytest.mark.parametrize(
    "line",
    [
        "3 肥川の大蛇",
        "3x 肥川の大蛇",
        "3X 肥川の大蛇",
        "3 x 肥川の大蛇",
        "3×肥川の大蛇",
        "x3 肥川の大蛇",
        "肥川の大蛇 x3",
        "肥川の大蛇 ×3",
        "肥川の大蛇×3",
        "3枚 肥川の大蛇",
        "肥川の大蛇 3枚",
        "３ 肥川の大蛇",
        "３ｘ 肥川の大蛇",
        "  3   肥川の大蛇  ",
    ],
)
def test_it_reads_every_count_form(line):
    assert main(line) == {"main": {4: 3}}


def test_it_reads_4x_name():
    assert main("4x 消さなきゃ") == {"main": {7: 4}}


def test_a_bare_name_is_one_copy():
    assert main("暗躍者") == {"main": {8: 1}}


def test_names_keep_brackets_middle_dots_spaces_and_an_x_inside_words():
    sections = main("2 旧校舎「音楽室」\n1 ボックス・イン・ザ・ボックス\n3x Fox Box\nFox Box x1\n2 xylophone")
    assert sections == {"main": {5: 2, 6: 1, 11: 4, 12: 2}}


def test_names_are_found_by_reading_alias_and_explicit_number_in_any_kana_or_width():
    assert main("1 ひかわのおろち") == {"main": {4: 1}}  # reading, in hiragana
    assert main("1 ﾋｶﾜﾉｵﾛﾁ") == {"main": {4: 1}}  # half-width katakana
    assert main("1 人魚の活血") == {"main": {1: 1}}  # alias -> the default printing
    assert main("2 [k-041]") == {"main": {8: 2}}  # collector number, case-insensitive
    assert main("#K-041 x2") == {"main": {8: 2}}
    assert main("2 [P-003]") == {"main": {2: 2}}  # a number names its printing


def test_a_collector_number_without_brackets_or_hash_is_no_card():
    assert only_error("2 K-041").code == UNKNOWN_CARD


def test_the_same_card_twice_in_a_section_adds_up():
    assert main("2 暗躍者\n暗躍者 x1\n1 あんやくしゃ") == {"main": {8: 4}}


def test_comments_and_blank_lines_are_skipped():
    text = "# my deck\n\n// built today\n4 消さなきゃ  # the best card\n2 暗躍者 // two\n  \n"
    result = read(text)
    assert result.errors == []
    assert result.deck.sections == {"main": {7: 4, 8: 2}}
    assert [line.kind for line in result.lines][:3] == ["comment", "blank", COMMENT]


# -- reprints --------------------------------------------------------------------------


def test_a_name_means_its_default_printing_the_lowest_number():
    index = CardIndex(KANNAGI)
    assert index.default_id("人魚の活き血") == 1  # K-050 < P-003
    assert main("1 人魚の活き血") == {"main": {1: 1}}


def test_a_numbered_card_sorts_before_an_unnumbered_printing_and_ids_break_ties():
    index = CardIndex([card(31, "札", "道具札"), card(30, "札", "道具札"), card(32, "札", "道具札", number="Z-9")])
    assert index.printings("札") == [32, 30, 31]


def test_a_number_in_square_brackets_picks_that_printing():
    assert main("4 人魚の活き血 [P-003]") == {"main": {2: 4}}
    assert main("人魚の活き血 [p-003] x2") == {"main": {2: 2}}


def test_a_number_that_is_not_a_printing_of_the_name_is_an_error_listing_its_printings():
    error = only_error("4 人魚の活き血 [K-999]")
    assert error.code == UNKNOWN_PRINTING
    assert error.params["number"] == "K-999"
    assert error.suggestions == ["K-050", "P-003"]


# -- errors ----------------------------------------------------------------------------


def test_unknown_line_names_its_line_and_the_closest_names():
    result = read("4 消さなきゃ\n\n3 にんぎょ\n2 暗躍者")
    assert len(result.errors) == 1
    error = result.errors[0]
    assert (error.line, error.code, error.level) == (3, UNKNOWN_CARD, "error")
    assert error.params["name"] == "にんぎょ"
    assert error.suggestions[0] == "人魚の活き血"  # its reading holds what was typed
    assert "Line 3" in error.message and "にんぎょ" in error.message
    assert result.deck.sections == {"main": {7: 4, 8: 2}}  # the bad line adds nothing, the rest stands


def test_a_near_miss_is_read_as_the_one_closest_card_with_a_warning():
    result = read("4 消さなきゃ\n3 人魚の活ぎ血")
    assert result.errors == []
    assert result.deck.sections == {"main": {7: 4, 1: 3}}
    (warning,) = result.warnings
    assert (warning.line, warning.code, warning.level) == (2, CLOSEST_CARD, "warning")
    assert warning.suggestions == ["人魚の活き血"] and "人魚の活ぎ血" in warning.message


def test_a_name_as_close_to_two_cards_is_not_guessed():
    index = CardIndex([card(1, "ねこやま", "場所札"), card(2, "ねこやし", "場所札")])
    result = parse("4 ねこや", get_game("kannagi").regulation, index)
    assert [e.code for e in result.errors] == [UNKNOWN_CARD] and result.deck.sections == {}
    assert set(result.errors[0].suggestions) == {"ねこやま", "ねこやし"}


def test_suggestions_include_names_that_contain_what_was_typed():
    error = only_error("1 お化け")
    assert error.code == UNKNOWN_CARD
    assert "本物のお化け屋敷" in error.suggestions
    assert len(error.suggestions) <= 5


def test_every_error_is_collected_not_only_the_first():
    result = read("1 ないカード\n0 暗躍者\n1 もっとないカード")
    assert [(e.line, e.code) for e in result.errors] == [(1, UNKNOWN_CARD), (2, BAD_COUNT), (3, UNKNOWN_CARD)]


@pytest.mark.parametrize("line", ["0 暗躍者", "-1 暗躍者", "1000 暗躍者", "暗躍者 x0"])
def test_zero_negative_and_absurd_counts_are_bad_counts(line):
    error = only_error(line)
    assert error.code == BAD_COUNT
    assert error.line == 1


def test_a_key_shared_by_different_names_is_ambiguous_and_lists_them():
    # "かど" is the normal form of both カード and カド; neither spelling is typed exactly.
    error = only_error("1 かど")
    assert error.code == AMBIGUOUS_CARD
    assert sorted(error.suggestions) == ["カド", "カード"]


def test_the_exact_spelling_settles_two_names_with_one_normal_form():
    assert main("1 カード\n1 カド") == {"main": {9: 1, 10: 1}}


def test_messages_carry_english_templates_with_named_params_and_a_level():
    for code, template in TEMPLATES.items():
        assert "{line}" in template, code
        assert LEVELS[code] in ("error", "warning", "note"), code
    error = only_error("1 ないカード")
    assert error.message == error.template.format(**error.params)
    assert error.as_dict()["code"] == UNKNOWN_CARD and error.as_dict()["level"] == "error"


# -- sections ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "header",
    ["スキル:", "スキル：", "Skill", "skill deck (50)", "Skill deck（５０）", "スキルデッキ 50枚", "MP", "【スキル】"],
)
def test_section_headers_are_read_in_every_form(header):
    result = read(f"{header}\n2 火球", "manacard")
    assert result.errors == []
    assert result.deck.sections == {"skill": {402: 2}}
    assert result.lines[0].kind == HEADER and result.lines[0].section == "skill"


def test_cards_under_a_sideboard_are_read_and_left_out_with_a_warning():
    result = read("メイン:\n2 見習い剣士\nSideboard (15):\n3 火球\nスキル:\n1 剣術", "manacard")
    assert result.errors == []
    assert [(w.line, w.code, w.params["count"]) for w in result.warnings] == [(3, OUTSIDE_DECK, 3)]
    assert result.deck.sections == {"main": {401: 2}, "skill": {403: 1}}
    assert result.lines[3].kind == CARD and result.lines[3].section is None


def test_a_section_word_of_another_game_is_a_warning_and_its_cards_still_count():
    result = read("天候\n1 暗躍者")  # vision's weather deck, not a kannagi section
    assert result.errors == []
    assert [(w.line, w.code) for w in result.warnings] == [(1, UNKNOWN_SECTION)]
    assert result.deck.sections == {"main": {8: 1}}


def test_cards_before_any_header_go_where_the_card_says_then_by_type():
    sections = main("2 見習い剣士\n3 火球\n1 勇者の資質", "manacard")
    assert sections == {"main": {401: 2}, "skill": {402: 3}, "status": {404: 1}}
    # vision: the weather card goes to the weather deck, whose card types admit it
    assert main("3 博麗霊夢\n快晴", "vision") == {"main": {101: 3}, "weather": {104: 1}}


def test_a_header_overrides_where_a_card_would_go_by_itself():
    assert main("Main:\n2 火球", "manacard") == {"main": {402: 2}}


def test_a_header_the_game_does_not_know_is_a_warning_and_keeps_its_cards():
    result = read("メイン:\n1 消さなきゃ\nおまけ:\n1 暗躍者")
    assert result.errors == []
    assert [(w.line, w.code) for w in result.warnings] == [(3, UNKNOWN_SECTION)]
    assert result.deck.sections == {"main": {7: 1, 8: 1}}


# -- export and round trips ------------------------------------------------------------


def test_export_writes_headers_and_cards_by_cost_then_name_and_numbers_only_for_other_printings():
    deck = DeckData(sections={"main": {6: 1, 8: 2, 3: 2, 2: 1, 1: 3, 7: 4}})
    text = export(deck, CardIndex(KANNAGI), get_game("kannagi").regulation)
    assert text == (
        "メイン:\n"
        "2 本物のお化け屋敷\n"
        "4 消さなきゃ\n"
        "3 人魚の活き血\n"
        "1 人魚の活き血 [P-003]\n"
        "2 暗躍者\n"
        "1 ボックス・イン・ザ・ボックス\n"
    )


def test_export_in_english_uses_the_english_labels_and_separates_sections_with_a_blank_line():
    deck = DeckData(sections={"main": {401: 50}, "skill": {402: 50}})
    text = export(deck, CardIndex(MANACARD), get_game("manacard").regulation, lang="en")
    assert text == "Main:\n50 見習い剣士\n\nSkill:\n50 火球\n"


ROUND_TRIPS = {
    "kannagi": {"main": {1: 3, 2: 1, 3: 2, 4: 1, 5: 4, 6: 4, 7: 1, 8: 2, 9: 1, 10: 1, 11: 2, 12: 2}},
    "vision": {"main": {101: 3, 102: 3, 103: 2}, "weather": {104: 1, 105: 1}},
    "timestorm": {"entry": {202: 1, 201: 3}},
    "original": {"main": {301: 20, 302: 20, 303: 20}},
    "manacard": {"main": {401: 50}, "skill": {402: 30, 403: 20}, "status": {404: 1}},
}


@pytest.mark.parametrize("slug", sorted(ROUND_TRIPS))
@pytest.mark.parametrize("lang", ["ja", "en"])
def test_export_then_parse_gives_the_same_deck(slug, lang):
    game = get_game(slug)
    index = CardIndex(CARDS[slug])
    deck = DeckData(sections=ROUND_TRIPS[slug])
    for regulation in game.regulations:
        result = parse(export(deck, index, regulation, lang), regulation, index)
        assert result.errors == []
        assert result.deck.sections == deck.sections


def test_the_kannagi_round_trip_keeps_a_printing_that_is_not_the_default():
    index = CardIndex(KANNAGI)
    assert not index.is_default(2)
    regulation = get_game("kannagi").regulation
    assert parse(export(DeckData({"main": {2: 4}}), index, regulation), regulation, index).deck.sections == {
        "main": {2: 4}
    }


# -- readings, notes, totals and headers with counts ---------------------------------------------------


def test_a_reading_under_a_card_is_skipped_without_a_note():
    result = read("肥川の大蛇 ×1\n（ひかわのおろち）\n1 暗躍者\n(あんやくしゃ)")
    assert result.errors == result.warnings == result.notes == []
    assert result.deck.sections == {"main": {4: 1, 8: 1}}
    assert [line.kind for line in result.lines] == [CARD, SKIPPED, CARD, SKIPPED]


def test_a_reading_names_the_card_of_a_line_above_that_named_none():
    result = read("4 ヒカワ大蛇さま\n(ひかわのおろち)")
    assert result.errors == []
    assert result.deck.sections == {"main": {4: 4}}
    (warning,) = result.warnings
    assert (warning.line, warning.code, warning.params["card"], warning.params["reading_line"]) == (1, NAMED_BY_READING, "肥川の大蛇", 2)
    assert [line.kind for line in result.lines] == [CARD, SKIPPED]


def test_a_reading_overrules_a_guess_that_named_another_card():
    index = CardIndex([card(1, "ねこやま", "場所札", reading="ねこやま"), card(2, "ねこやし", "場所札", reading="ねこやし"),
                       card(3, "こやまねこ", "場所札", reading="こやまねこ")])  # fmt: skip
    result = parse("2 ねこやまや\n(こやまねこ)", get_game("kannagi").regulation, index)
    assert result.errors == [] and result.deck.sections == {"main": {3: 2}}
    assert [w.code for w in result.warnings] == [NAMED_BY_READING]


def test_other_notes_in_parentheses_are_skipped_with_a_note():
    result = read("4 暗躍者\n（序盤に引きたい）")
    assert result.deck.sections == {"main": {8: 4}}
    assert [(n.line, n.code) for n in result.notes] == [(2, ASIDE)]


def test_title_author_date_link_and_details_are_skipped_with_notes():
    text = "春の零探し\n作者：ねこ\n2025年6月6日\nhttps://example.org/x\n大会：地区大会\n@neko_kannagi\n1 暗躍者"
    result = read(text)
    assert result.errors == [] and result.deck.sections == {"main": {8: 1}}
    assert [(n.line, n.code) for n in result.notes] == [(1, TITLE), (2, AUTHOR), (3, DATE), (4, LINK), (5, DETAILS), (6, AUTHOR)]
    assert result.notes[4].params["label"] == "大会"


def test_a_line_that_names_nothing_after_the_first_card_is_not_read_not_taken_for_a_title():
    result = read("1 暗躍者\n春の零探し")
    assert [(e.line, e.code) for e in result.errors] == [(2, UNKNOWN_CARD)]


def test_totals_and_header_counts_are_checked_against_what_was_read():
    result = read("メインデッキ(5枚)\n〈道具札：3枚〉\n4 消さなきゃ\n〈場所札：2枚〉\n2 暗躍者\n合計6枚")
    assert [(w.line, w.code, w.params["written"], w.params["counted"]) for w in result.warnings] == [
        (1, HEADER_COUNT, 5, 6),
        (2, HEADER_COUNT, 3, 4),
    ]
    assert read("4 消さなきゃ\n2 暗躍者\n計6").warnings == []
    wrong = read("4 消さなきゃ\n2 暗躍者\n計7").warnings
    assert [(w.line, w.code, w.params["written"], w.params["counted"]) for w in wrong] == [(3, TOTAL_MISMATCH, 7, 6)]


def test_category_headers_keep_the_section_and_are_no_warning():
    result = read("スキル:\n魔法(2)\n2 火球\n技能 1\n1 剣術\n", "manacard")
    assert result.errors == result.warnings == []
    assert result.deck.sections == {"skill": {402: 2, 403: 1}}


def test_a_bare_number_is_a_count_never_a_collector_number():
    index = CardIndex([card(1, "ねこやま", "場所札", number="12"), card(2, "鉄の風", "場所札", number="4")])
    result = parse("12 鉄の風\n4\n#12 x2\n[4]", get_game("kannagi").regulation, index)
    assert result.deck.sections == {"main": {2: 13, 1: 2}}
    assert [(e.line, e.code) for e in result.errors] == [(2, UNKNOWN_CARD)]


def test_a_header_as_exporters_write_it_stays_a_header_when_a_card_has_the_sections_name():
    cards = [*KANNAGI, card(50, "メイン", "場所札", 0, "K-099", season=["春"], power=1)]
    text = "■メイン（2枚）\n《メイン》×1\n《肥川の大蛇》×1\n"
    result = parse(text, get_game("kannagi").regulation, CardIndex(cards))
    assert not result.errors, [e.message for e in result.errors]
    assert result.deck.sections == {"main": {50: 1, 4: 1}}
    # written bare, as a list item, the card's name is still the card
    result = parse("・メイン ×3\n", get_game("kannagi").regulation, CardIndex(cards))
    assert result.deck.sections == {"main": {50: 3}}
