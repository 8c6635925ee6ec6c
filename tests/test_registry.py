"""The game registry (rules.declare, filled by rules.games): plain Python, no database."""

import pytest

from rules.declare import GAMES, CardDataError, UnknownGame, get_game
from rules.declare.base import COMMON_FIELDS
from rules.declare.fields import KINDS, UNLIMITED
from rules.declare.samples import bundled_card_data

# One valid card per game (and per type where a test needs it), with only what the type requires.
VALID = {
    ("kannagi", "場所札"): {"season": ["春"], "power": 1},
    ("kannagi", "怪異札"): {"season": ["夏"]},
    ("vision", "キャラクター"): {"required_nodes": 1, "attack": 2, "defence": 2},
    ("vision", "スペル"): {"required_nodes": 1},
    ("vision", "天候"): {"weather_effects": [{"kind": "自動α", "text": "晴れ。"}]},
    ("manacard", "ユニット"): {"deck": "main", "distance": "近", "attack": 2, "hp": 2, "speed": 2},
    ("original", "兵"): {"attributes": ["火"], "move_cost": 1, "power": 3},
    ("original", "呪術"): {"attributes": ["闇"]},
    ("timestorm", "Action"): {},
}


def card(slug, card_type, name="テスト札", **changes):
    """A valid raw card of `card_type`; `fields` in `changes` is merged into the valid fields."""
    fields = dict(VALID[(slug, card_type)])
    fields.update(changes.pop("fields", {}))
    return {"name": name, "card_type": card_type, "fields": fields, **changes}


def clean(slug, raw):
    return get_game(slug).clean_card(raw)


def refused(slug, raw) -> dict:
    """The errors of a card that must be refused, keyed by the field (path) they name."""
    with pytest.raises(CardDataError) as info:
        clean(slug, raw)
    errors = {err.field: err for err in info.value.errors}
    assert errors, "a refusal lists at least one field"
    return errors


def bundled_cards() -> list:
    params = []
    for slug in sorted(GAMES):  # each game's package's cards.json
        for index, raw in enumerate(bundled_card_data(slug), start=1):
            params.append(pytest.param(slug, raw, id=f"{slug}-{index}-{raw['name']}"))
    return params


# -- the registry --------------------------------------------------------------------


def test_every_game_package_is_registered_under_its_slug():
    """The registry is what rules/games/ holds: each package that declares a GAME, named by its slug."""
    import importlib
    import pkgutil

    import rules.games

    declared = {}
    for info in pkgutil.iter_modules(rules.games.__path__):
        game = getattr(importlib.import_module(f"rules.games.{info.name}"), "GAME", None) if info.ispkg else None
        if game is not None:
            declared[info.name] = game.slug
    assert all(package == slug for package, slug in declared.items()), declared
    assert set(GAMES) == set(declared) and len(GAMES) >= 5
    for slug, game in GAMES.items():
        assert game.slug == slug
        assert get_game(slug) is game


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_every_game_declares_what_the_apps_read(slug):
    """Key cards, search examples and the construction check: the apps read these and never branch on a slug."""
    game = GAMES[slug]
    assert game.key_cards is not None and game.key_cards.ja and game.key_cards.en
    assert game.search_examples and all(len(example) == 3 and all(example) for example in game.search_examples)
    assert game.construction
    assert game.pools == (slug == "timestorm")  # Time Storm pools its players' entries into one shared deck


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_every_game_has_japanese_and_english_names_and_card_types(slug):
    game = GAMES[slug]
    assert game.name_ja and game.name_en
    assert game.name("ja") == game.name_ja
    assert game.name("en") == game.name_en
    assert game.card_types
    codes = game.type_codes
    assert len(set(codes)) == len(codes)
    for card_type in game.card_types:
        assert card_type.code and card_type.ja and card_type.en
        assert game.card_type(card_type.code) is card_type


def test_an_unknown_game_is_refused_listing_the_known_ones():
    with pytest.raises(UnknownGame) as info:
        get_game("mahjong")
    assert "mahjong" in str(info.value)
    assert "kannagi" in str(info.value)


def test_a_card_type_of_another_game_is_refused():
    errors = refused("kannagi", {"name": "見習い剣士", "card_type": "ユニット", "fields": {}})
    assert "card_type" in errors


# -- unknown fields and wrong types ---------------------------------------------------


def test_it_rejects_an_unknown_game_field_naming_it():
    errors = refused("kannagi", card("kannagi", "場所札", fields={"colour": "赤"}))
    assert set(errors) == {"colour"}
    assert "colour" in errors["colour"].message


def test_it_rejects_an_unknown_top_level_key_naming_it():
    errors = refused("kannagi", {**card("kannagi", "場所札"), "colour": "赤"})
    assert set(errors) == {"colour"}
    assert "colour" in errors["colour"].message


def test_a_field_of_another_game_is_unknown_here():
    # move_cost belongs to the original game, not to KANNAGI.
    errors = refused("kannagi", card("kannagi", "場所札", fields={"move_cost": 1}))
    assert "move_cost" in errors


@pytest.mark.parametrize(
    "slug, card_type, fields, at_fault",
    [
        pytest.param("kannagi", "場所札", {"power": "abc"}, "power", id="int-given-text"),
        pytest.param("kannagi", "場所札", {"power": 2.5}, "power", id="int-given-a-fraction"),
        pytest.param("kannagi", "場所札", {"power": True}, "power", id="int-given-a-bool"),
        pytest.param("timestorm", "Action", {"win_condition": "maybe"}, "win_condition", id="bool-given-maybe"),
        pytest.param("manacard", "ユニット", {"deck": "side"}, "deck", id="choice-outside-choices"),
        pytest.param("manacard", "ユニット", {"distance": "超遠"}, "distance", id="choice-outside-choices-2"),
        pytest.param("original", "兵", {"attributes": ["火", "金"]}, "attributes", id="choices-item-outside"),
        pytest.param("original", "兵", {"attributes": ["火", "火"]}, "attributes", id="choices-item-twice"),
        pytest.param("kannagi", "場所札", {"roles": ["召喚時", 5]}, "roles", id="strings-item-not-text"),
        pytest.param("kannagi", "場所札", {"roles": {"召喚時": 1}}, "roles", id="strings-given-an-object"),
        pytest.param("vision", "キャラクター", {"race": ["人間", "妖 怪"]}, "race", id="strings-item-with-space"),
        pytest.param("vision", "キャラクター", {"attack": 100}, "attack", id="int-above-maximum"),
        pytest.param("vision", "キャラクター", {"attack": -1}, "attack", id="int-below-minimum"),
    ],
)
def test_a_value_of_the_wrong_type_is_refused_naming_the_field(slug, card_type, fields, at_fault):
    errors = refused(slug, card(slug, card_type, fields=fields))
    assert set(errors) == {at_fault}
    assert errors[at_fault].message.startswith(f"{at_fault}:")


@pytest.mark.parametrize(
    "changes, at_fault",
    [
        ({"cost": "abc"}, "cost"),
        ({"cost": -1}, "cost"),
        ({"name": ""}, "name"),
        ({"name": "二行の\n名前"}, "name"),
        ({"sample": "maybe"}, "sample"),
        ({"aliases": ["人魚|の活血"]}, "aliases"),
    ],
)
def test_a_bad_common_value_is_refused_naming_the_field(changes, at_fault):
    errors = refused("kannagi", card("kannagi", "場所札", **changes))
    assert set(errors) == {at_fault}


def test_every_bad_field_of_a_card_is_reported_at_once():
    raw = card("manacard", "ユニット", cost="abc", fields={"deck": "side", "speed": "速い", "colour": 1})
    assert set(refused("manacard", raw)) == {"cost", "deck", "speed", "colour"}


# -- which fields a card type needs and allows ---------------------------------------


@pytest.mark.parametrize(
    "slug, card_type, missing",
    [
        ("kannagi", "場所札", "power"),
        ("kannagi", "場所札", "season"),
        ("vision", "キャラクター", "attack"),
        ("vision", "天候", "weather_effects"),
        ("manacard", "ユニット", "speed"),
        ("original", "兵", "move_cost"),
    ],
)
def test_a_field_required_for_the_card_type_must_be_given(slug, card_type, missing):
    raw = card(slug, card_type)
    del raw["fields"][missing]
    errors = refused(slug, raw)
    assert set(errors) == {missing}
    assert errors[missing].params["card_type"] == card_type


def test_an_empty_value_counts_as_missing_for_a_required_field():
    errors = refused("kannagi", card("kannagi", "場所札", fields={"power": "  "}))
    assert set(errors) == {"power"}


@pytest.mark.parametrize(
    "slug, card_type, field",
    [("kannagi", "怪異札", "power"), ("vision", "スペル", "attack"), ("original", "呪術", "move_cost")],
)
def test_a_field_required_only_for_another_type_may_be_left_out(slug, card_type, field):
    assert field not in clean(slug, card(slug, card_type))["fields"]


@pytest.mark.parametrize(
    "slug, card_type, fields, at_fault",
    [
        ("original", "呪術", {"move_cost": 1}, "move_cost"),
        ("original", "呪術", {"race": "ドラゴン"}, "race"),
        ("vision", "キャラクター", {"caster": "霊夢"}, "caster"),
        ("vision", "天候", {"copy_limit": 3}, "copy_limit"),
    ],
)
def test_a_field_that_does_not_apply_to_the_card_type_is_refused(slug, card_type, fields, at_fault):
    errors = refused(slug, card(slug, card_type, fields=fields))
    assert set(errors) == {at_fault}
    assert errors[at_fault].params["card_type"] == card_type


# -- game-specific text forms --------------------------------------------------------


@pytest.mark.parametrize(
    "text, seasons",
    [
        ("春", ["春"]),
        ("混化 春夏", ["春", "夏"]),
        ("混化春夏", ["春", "夏"]),
        ("春夏", ["春", "夏"]),
        ("春/夏", ["春", "夏"]),
        ("春 夏 秋 冬 無", ["春", "夏", "秋", "冬", "無"]),
        ("夏 | 春", ["夏", "春"]),
    ],
)
def test_kannagi_seasons_are_read_as_players_write_them(text, seasons):
    assert clean("kannagi", card("kannagi", "怪異札", fields={"season": text}))["fields"]["season"] == seasons


def test_kannagi_a_season_that_is_not_one_is_refused_naming_it():
    errors = refused("kannagi", card("kannagi", "怪異札", fields={"season": "梅"}))
    assert set(errors) == {"season"}
    assert "梅" in errors["season"].message


def test_original_attributes_are_read_as_printed():
    cleaned = clean("original", card("original", "兵", fields={"attributes": "地・風・水"}))
    assert cleaned["fields"]["attributes"] == ["地", "風", "水"]


def test_original_an_attribute_that_is_not_one_is_refused():
    errors = refused("original", card("original", "兵", fields={"attributes": "地・金"}))
    assert set(errors) == {"attributes"}


# -- records ----------------------------------------------------------------------------


def test_original_effects_are_cleaned_record_by_record():
    effects = [{"kind": "通常・対抗", "text": "敵戦力に2ダメージ。", "forced": "はい", "cost": "火2"}]
    cleaned = clean("original", card("original", "兵", fields={"effects": effects}))
    assert cleaned["fields"]["effects"] == [
        {"kind": ["通常", "対抗"], "forced": True, "cost": "火2", "text": "敵戦力に2ダメージ。"}
    ]


def test_a_record_with_an_unknown_subfield_is_refused_with_its_path():
    effects = [{"kind": "通常", "text": "一。", "colour": "赤"}, {"kind": "永続", "text": "二。"}]
    errors = refused("original", card("original", "兵", fields={"effects": effects}))
    assert set(errors) == {"effects[1].colour"}
    assert errors["effects[1].colour"].message.startswith("effects[1].colour:")


def test_a_record_missing_a_required_subfield_is_refused_with_its_path():
    effects = [{"kind": "通常", "text": "一。"}, {"kind": "永続"}]
    errors = refused("original", card("original", "兵", fields={"effects": effects}))
    assert set(errors) == {"effects[2].text"}


def test_vision_weather_effects_are_checked_subfield_by_subfield():
    weather = [{"kind": "自動β", "text": "雨。"}, {"text": "雪。"}, {"kind": "自動γ", "text": "霧。", "colour": "白"}]
    errors = refused("vision", card("vision", "天候", fields={"weather_effects": weather}))
    assert set(errors) == {"weather_effects[1].kind", "weather_effects[2].kind", "weather_effects[3].colour"}


def test_records_given_as_json_text_are_read():
    text = '[{"kind": "自動α", "text": "晴れ。"}]'
    cleaned = clean("vision", card("vision", "天候", fields={"weather_effects": text}))
    assert cleaned["fields"]["weather_effects"] == [{"kind": "自動α", "text": "晴れ。"}]


def test_records_given_as_broken_json_are_refused():
    errors = refused("vision", card("vision", "天候", fields={"weather_effects": "[{"}))
    assert set(errors) == {"weather_effects"}


# -- limits, numbers, keywords, flags -------------------------------------------------


@pytest.mark.parametrize(
    "given, limit", [("unlimited", UNLIMITED), ("∞", UNLIMITED), ("無制限", UNLIMITED), (3, 3), ("3", 3), (0, 0)]
)
def test_a_copy_limit_is_a_number_or_unlimited(given, limit):
    cleaned = clean("kannagi", card("kannagi", "怪異札", fields={"copy_limit": given}))
    assert cleaned["fields"]["copy_limit"] == limit


@pytest.mark.parametrize("given", ["many", -1, "-1", 2.5, True])
def test_a_copy_limit_that_is_neither_is_refused(given):
    errors = refused("kannagi", card("kannagi", "怪異札", fields={"copy_limit": given}))
    assert set(errors) == {"copy_limit"}


def test_full_width_digits_are_read_as_numbers():
    cleaned = clean("kannagi", card("kannagi", "場所札", cost="１０", fields={"power": "１２"}))
    assert cleaned["cost"] == 10
    assert cleaned["fields"]["power"] == 12


@pytest.mark.parametrize(
    "given, keywords",
    [
        (["■速攻"], ["速攻"]),
        (["【逆転】"], ["逆転"]),
        (["◼︎速攻", "不屈"], ["速攻", "不屈"]),
        ("■速攻 【逆転】", ["速攻", "逆転"]),
        (["■速攻", "速攻", "【速攻】"], ["速攻"]),
        (["■"], []),
    ],
)
def test_keywords_are_stored_without_their_printed_marks(given, keywords):
    assert clean("manacard", card("manacard", "ユニット", keywords=given))["keywords"] == keywords


@pytest.mark.parametrize("no", [False, "false", "いいえ", "0", 0, "", "×"])
def test_a_false_flag_is_dropped_as_the_absence_of_the_flag(no):
    assert clean("timestorm", card("timestorm", "Action", fields={"win_condition": no}))["fields"] == {}


@pytest.mark.parametrize("yes", [True, "true", "はい", "1", 1, "○"])
def test_a_true_flag_is_kept(yes):
    fields = clean("timestorm", card("timestorm", "Action", fields={"win_condition": yes}))["fields"]
    assert fields == {"win_condition": True}


def test_missing_common_values_get_their_defaults():
    cleaned = clean("timestorm", {"name": "バッテリー", "card_type": "Battery"})
    assert cleaned == {
        "name": "バッテリー",
        "reading": "",
        "aliases": [],
        "card_type": "Battery",
        "cost": None,
        "rules_text": "",
        "flavor_text": "",
        "set_name": "",
        "number": "",
        "rarity": "",
        "keywords": [],
        "sample": False,
        "fields": {},
    }


# -- text round trip ------------------------------------------------------------------


def _field(slug, key):
    if slug is None:
        return next(f for f in COMMON_FIELDS if f.key == key)
    return get_game(slug).field(key)


ROUND_TRIPS = [
    (None, "cost", 0),
    (None, "cost", 12),
    ("kannagi", "power", 3),
    (None, "name", "人魚の活き血"),
    (None, "rules_text", "一行目。\n二行目「引用」、句読点, and commas."),
    ("timestorm", "win_condition", True),
    (None, "sample", False),
    ("manacard", "deck", "skill"),
    ("vision", "weather_effects", [{"kind": "自動γ", "text": "雨。\n二行目。"}]),
    ("kannagi", "season", ["春"]),
    ("kannagi", "season", ["夏", "春"]),
    ("original", "attributes", ["火"]),
    ("original", "attributes", ["地", "風", "水"]),
    ("kannagi", "roles", ["召喚時", "直接ダメ"]),
    ("vision", "race", ["人間"]),
    (None, "keywords", ["速攻", "不屈"]),
    (None, "aliases", ["人魚の活血", "Mermaid Blood", "A, B"]),
    ("kannagi", "copy_limit", UNLIMITED),
    ("kannagi", "copy_limit", 2),
    (
        "original",
        "effects",
        [
            {"kind": ["通常", "対抗"], "forced": True, "cost": "闇4(C)「墓地に送る」", "text": "10ダメージ。"},
            {"kind": ["永続"], "forced": False, "text": "「+0/+0/+2」"},
        ],
    ),
]


@pytest.mark.parametrize(
    "slug, key, value", [pytest.param(*case, id=f"{case[0]}-{case[1]}-{case[2]!r}") for case in ROUND_TRIPS]
)
def test_the_text_form_of_a_value_reads_back_to_the_same_value(slug, key, value):
    f = _field(slug, key)
    assert f.clean(value) == value, "the case must be a canonical value"
    text = f.to_text(value)
    assert isinstance(text, str)
    assert f.clean(text) == value


def test_the_round_trip_cases_cover_every_field_kind():
    assert {_field(slug, key).kind for slug, key, _ in ROUND_TRIPS} == set(KINDS)


def test_no_value_has_an_empty_text_form_that_reads_back_as_no_value():
    power = _field("kannagi", "power")
    assert power.to_text(None) == ""
    assert power.clean(power.to_text(None)) is None


def test_a_word_list_item_holding_a_list_separator_is_refused_naming_the_field():
    # The text form separates items with spaces, | or commas; an item holding one could not
    # come back as the same list, so it is refused instead of silently split later.
    roles = _field("kannagi", "roles")
    for item in ("召喚時、直接ダメ", "a,b", "a|b", "二 語"):
        with pytest.raises(CardDataError) as exc:
            roles.clean([item])
        assert exc.value.errors[0].field == "roles"


@pytest.mark.parametrize("slug, raw", bundled_cards())
def test_every_value_of_every_bundled_card_survives_the_text_round_trip(slug, raw):
    game = get_game(slug)
    cleaned = game.clean_card(raw)
    for f in COMMON_FIELDS:
        if f.key == "card_type" or cleaned[f.key] in (None, "", [], False):
            continue  # the card type's choices are the game's; no value has no text
        assert f.clean(f.to_text(cleaned[f.key])) == cleaned[f.key], f.key
    for key, value in cleaned["fields"].items():
        f = game.field(key)
        assert f.clean(f.to_text(value)) == value, key


# -- canonical output ------------------------------------------------------------------


@pytest.mark.parametrize("slug, raw", bundled_cards())
def test_cleaning_a_bundled_card_twice_changes_nothing(slug, raw):
    game = get_game(slug)
    once = game.clean_card(raw)
    assert game.clean_card(once) == once


def test_the_bundled_data_holds_cards_of_every_game():
    slugs = {param.values[0] for param in bundled_cards()}
    assert slugs == set(GAMES)


def test_cleaning_loose_input_twice_changes_nothing():
    raw = card(
        "original",
        "兵",
        cost="３",
        keywords="■速攻 【貫通】",
        aliases="別名 一 | 別名二",
        fields={"attributes": "地・風", "effects": '[{"kind": "通常・対抗", "text": " 本文。 "}]', "power": "７"},
    )
    once = clean("original", raw)
    assert once["cost"] == 3 and once["fields"]["power"] == 7
    assert clean("original", once) == once


@pytest.mark.parametrize(
    "game,step,field",
    [
        ("kannagi", {"op": "move", "from": "hand"}, "script[1].to"),
        ("kannagi", {"op": "move", "from": "hand", "to": "hand"}, "script[1].to"),
        ("kannagi", {"op": "draw", "from": "deck"}, "script[1].from"),
        ("kannagi", {"op": "draw", "when": "drawn"}, "script[1].when"),  # kannagi has no "when drawn"
        ("timestorm", {"op": "draw", "when": "attack"}, "script[1].when"),  # nor Time Storm attacks
        ("timestorm", {"op": "move", "from": "hand", "to": "soul"}, "script[1].to"),
        ("kannagi", {"op": "win", "if_min": 3}, "script[1].if_zone"),
        ("kannagi", {"op": "damage", "who": "self"}, "script[1].who"),
        ("kannagi", {"op": "damage", "amount": -2}, "script[1].amount"),
        ("kannagi", {"op": "draw", "amount": 0}, "script[1].amount"),
    ],
)
def test_engine_steps_that_could_not_work_are_refused_naming_the_field(game, step, field):
    raw = {"name": "x", "card_type": get_game(game).card_types[0].code, "fields": {"script": [step]}}
    if game == "kannagi":
        raw["fields"].update(season=["春"], power=1)
    with pytest.raises(CardDataError) as caught:
        get_game(game).clean_card(raw)
    assert field in {e.field for e in caught.value.errors}


def test_engine_steps_that_make_sense_are_kept():
    raw = {"name": "x", "card_type": "Action", "fields": {"script": [{"op": "move", "who": "each_opponent", "from": "hand", "to": "discard"}, {"op": "life", "amount": -2}]}}
    assert get_game("timestorm").clean_card(raw)["fields"]["script"][1] == {"op": "life", "amount": -2}
