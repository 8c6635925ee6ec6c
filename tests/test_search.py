"""Search: normalisation, the query language, its errors, and the same results on SQLite and PostgreSQL.

The database answers are checked against a plain-Python oracle that evaluates the parsed
query on each card's data; CI runs this file on both databases, so both must agree with it.
"""

import pytest
from django.db import connection
from django.urls import reverse

from cards.models import Card, CardFacet
from cards.search.index import has_fts
from cards.search.normalise import normalise
from cards.search.query import And, Cmp, Not, Or, QueryError, Term, parse
from cards.selectors import card_list, search_schema
from rules.declare import GAMES, get_game
from rules.declare.fields import RECORDS, TEXT, UNLIMITED


@pytest.fixture
def tricky(bundled, kannagi):
    """Cards whose names exercise the normalisation and the LIKE/FTS escaping."""
    made = [
        ("猫山神社", "ねこやまじんじゃ", "場所札", 2, {"season": ["春"], "power": 3}, "相手に2ダメージを与える。", []),
        ("キャットフード", "", "道具札", 1, {"season": ["夏"]}, "100%_回復", ["猫缶"]),
        ("ＡＢＣ倉庫", "えーびーしーそうこ", "場所札", 0, {"season": ["無"], "power": 0}, "", []),
        ("ねこやまの森", "", "場所札", 5, {"season": ["秋", "冬"], "power": 2}, "\"引用\"を含む", []),
    ]
    cards = []
    for name, reading, card_type, cost, attrs, text, aliases in made:
        cards.append(
            Card.objects.create(
                game=kannagi, name=name, reading=reading, card_type=card_type, cost=cost, attrs=attrs,
                rules_text=text, aliases=aliases, keywords=["速攻"] if cost == 1 else [],
            )
        )
    return cards


def names(cards):
    return [c.name for c in cards]


# -- normalisation ------------------------------------------------------------------


@pytest.mark.parametrize(
    "typed",
    ["ねこやま", "ネコヤマ", "ﾈｺﾔﾏ", "ねこやま ", "ネコヤマ"],
)
def test_kana_spellings_normalise_alike(typed):
    assert normalise(typed) == "ねこやま"


def test_long_vowels_small_kana_and_width_are_forgiven():
    assert normalise("キャットフード") == normalise("きやつとふど") == normalise("ｷｬｯﾄﾌｰﾄﾞ")
    assert normalise("ＡＢＣ　ｄｅｆ") == "abc def"


# -- the parser -----------------------------------------------------------------------


def kannagi_schema():
    return search_schema("kannagi")


def test_it_parses_fields_comparisons_or_negation_and_groups():
    query = parse("type:場所札 cost<=3 (season:春 OR -power>=2) sort:cost order:desc", kannagi_schema())
    assert isinstance(query.root, And)
    kinds = [type(c).__name__ for c in query.root.children]
    assert kinds == ["Cmp", "Cmp", "Or"]
    assert query.root.children[1].op == "<=" and query.root.children[1].value == 3
    alternative = query.root.children[2]
    assert isinstance(alternative.children[1], Not)
    assert (query.sort, query.descending) == ("cost", True)


def test_implicit_and_binds_tighter_than_or():
    query = parse("a b OR c", kannagi_schema())
    assert isinstance(query.root, Or)
    assert isinstance(query.root.children[0], And)
    assert isinstance(query.root.children[1], Term)


def test_short_aliases_and_japanese_labels_name_the_same_fields():
    schema = kannagi_schema()
    for text in ("t:place", "type:場所札", "種類:場所札", "タイプ:Place"):
        assert parse(text, schema).root.value == ("場所札",), text
    assert parse("c<=2", schema).root.spec.key == "cost"
    assert parse("s:うつくしい", schema).root.spec.key == "set"
    assert parse("季節:春", schema).root.spec.key == "season"
    assert parse("力>=2", schema).root.spec.key == "power"


def test_full_width_syntax_typed_with_the_ime_works():
    query = parse("ｃｏｓｔ＜＝３　（季節：春　ＯＲ　季節：夏）　－「大 蛇」", kannagi_schema())
    assert isinstance(query.root, And)
    cost, alternative, negated = query.root.children
    assert (cost.op, cost.value) == ("<=", 3)
    assert isinstance(alternative, Or)
    assert isinstance(negated, Not) and negated.child.value == "大 蛇"


def test_a_mixed_season_value_asks_for_each_season():
    assert parse("season:混化春夏", kannagi_schema()).root.value == ("春", "夏")


def test_negated_words_do_not_rank():
    query = parse("ねこ -(やま もり)", kannagi_schema())
    assert query.text_terms == ["ねこ"]


@pytest.mark.parametrize(
    ("text", "position", "fragment"),
    [
        ('"open phrase', 1, "never closed"),
        ("cost<=3 (season:春", 9, "never closed"),
        ("a )", 3, "no matching"),
        ("a OR", 3, "both sides"),
        ("OR a", 1, "both sides"),
        ("ねこ - やま", 4, "nothing follows"),
        ("cost<=abc", 1, "whole number"),
        ("nosuch:1", 1, "unknown field"),
        ("season:秋春x", 1, "not one of"),
        ("season<3", 1, "not a number"),
        ("sort:flavour", 1, "cannot sort"),
        ("order:sideways", 1, "asc or desc"),
        ("a ()", 4, "empty parentheses"),
        ("power>=", 1, "needs a value"),
        ("-sort:cost", 2, "cannot negate"),
        ("a " + "(" * 30 + "b" + ")" * 30, 23, "nested"),
        ("x" * 501, 501, "too long"),
        ("name:ー", 1, "needs a value"),
        ("ねこ type:ｰ", 4, "needs a value"),
        (":x", 1, "field name"),
        ("a <=3", 3, "field name"),
    ],
)
def test_a_query_that_cannot_be_read_names_the_position_and_the_problem(text, position, fragment):
    with pytest.raises(QueryError) as caught:
        parse(text, kannagi_schema())
    assert caught.value.position == position
    assert fragment in caught.value.message


def test_fields_of_another_game_are_unknown_within_a_game():
    with pytest.raises(QueryError, match="unknown field 'deck'"):
        parse("deck:skill", kannagi_schema())
    assert parse("deck:skill", search_schema(None)).root.value == ("skill",)


# -- the oracle -------------------------------------------------------------------------


def _texts(card):
    definition = get_game(card.game_id)
    texts = [card.rules_text]
    for f in definition.fields:
        value = (card.attrs or {}).get(f.key)
        if value and f.kind == TEXT:
            texts.append(value)
        if value and f.kind == RECORDS:
            texts.extend(v for record in value for v in record.values() if isinstance(v, str))
    return [normalise(t) for t in texts]


def _field_values(card, key):
    """The normalised values of a facet field, as the user sees them on the card."""
    common = {"set": "set_name", "number": "number", "rarity": "rarity", "keyword": "keywords"}
    if key in common:
        value = getattr(card, common[key])
        values = value if isinstance(value, list) else [value]
        return [normalise(v) for v in values if v]
    if "." in key:
        field, sub = key.split(".")
        out = []
        for record in (card.attrs or {}).get(field) or []:
            value = record.get(sub)
            out.extend(value if isinstance(value, list) else [value] if value not in (None, "") else [])
        return [normalise(str(v)) if not isinstance(v, bool) else v for v in out]
    value = (card.attrs or {}).get(key)
    if value is None:
        return []
    return value if isinstance(value, list) else [value]


def _num(value):
    return 1_000_000 if value == UNLIMITED else value


def _compare(op, left, right):
    return {
        ":": left == right, "=": left == right, "!=": left != right, "<": left < right, "<=": left <= right,
        ">": left > right, ">=": left >= right,
    }[op]


def matches(node, card) -> bool:
    if isinstance(node, Term):
        fields = [normalise(card.name), normalise(card.reading), *(normalise(a) for a in card.aliases), *_texts(card)]
        return any(node.value in f for f in fields)
    if isinstance(node, Not):
        return not matches(node.child, card)
    if isinstance(node, And):
        return all(matches(c, card) for c in node.children)
    if isinstance(node, Or):
        return any(matches(c, card) for c in node.children)
    assert isinstance(node, Cmp)
    result = _matches_cmp(node, card)
    return not result if node.op == "!=" else result


def _matches_cmp(cmp, card):
    key, value, op = cmp.spec.key, cmp.value, cmp.op
    text_fields = {
        "name": [card.name, *card.aliases], "alias": card.aliases, "reading": [card.reading],
        "flavor": [card.flavor_text],
    }
    if key in text_fields or (cmp.spec.kind == "text"):
        values = [normalise(v) for v in text_fields[key]] if key in text_fields else _texts(card)
        return any(value in v for v in values) if op == ":" else value in values
    if key == "type":
        return card.card_type in value
    if key == "game":
        return card.game_id in value
    if key == "cost":
        return card.cost is not None and _compare("=" if op == "!=" else op, card.cost, value)
    if key == "sample":
        return card.sample == value
    values = _field_values(card, key)
    if cmp.spec.kind == "num":
        return any(_compare("=" if op == "!=" else op, _num(v), value) for v in values)
    if cmp.spec.kind == "bool":
        return bool(values and values[0]) == value
    if cmp.spec.kind == "choice":
        return all(normalise(code) in [normalise(str(v)) for v in values] for code in value)
    normalised = [normalise(str(v)) for v in values]
    return any(value in v for v in normalised) if op == ":" else value in normalised


QUERIES = {
    "kannagi": [
        "ねこやま", "ネコヤマ", "ﾈｺﾔﾏ", "猫", "ねこ やま", "\"ねこやま の\"", "大蛇", "キャットフード", "きゃっとふーど",
        "100%", "%", "_", "\"引用\"", "abc", "ＡＢＣ", "type:場所札 cost<=3 season:春 power>=2", "t:place -season:無",
        "season:秋冬", "season:春 OR season:夏", "kw:速攻", "-kw:速攻 cost=1", "attr:幽霊", "cost!=0", "power>2",
        "name:ねこ", "name=猫缶", "alias:猫缶", "reading:ねこ", "text:ダメージ", "(t:場所札 OR t:怪異札) -(cost>=2)",
        "set:うつくしい", "roles:召喚時", "copy_limit>=1", "sample:yes", "sample:no power>=1",
        # the cost compared beside a facet's text is read from the facet rows as well (CardFacet.card_num)
        "kw:速攻 cost<=1", "season:春 c>=2 c<5", "kw:速攻 c!=1", "-(kw:速攻 c<=1)", "season:春 -kw:速攻 c=1",
    ],
    "original": ["attr:火 t:兵 power>=3", "effects.kind:対抗", "effects:ダメージ", "race:ドラゴン", "special_type2:深淵",
                 "upkeep<=1 -attr:火", "煉獄"],
    "vision": ["t:character nodes<=2", "race:妖怪 atk>=3", "weather_effects:ダメージ", "weather_effects.kind:自動α",
               "graze>=2", "caster:霊夢"],
    "manacard": ["deck:skill", "deck:スキルデッキ", "t:unit speed>=2 distance:近", "kw:逆転", "unique:yes",
                 "blessing_level>=1", "hp>=5 OR attack>=4"],
    "timestorm": ["t:action", "win_condition:yes", "-t:battery", "バッテリー"],
    None: ["ねこやま", "game:kannagi cost<=1", "power>=3", "t:unit OR t:character", "attack>=3", "race:妖怪",
           "kw:速攻 c<=2", "kw:速 c=0 OR kw:速攻 c>1", "(kw:速攻 OR attr:火) c<=1"],
}


@pytest.mark.parametrize(
    ("slug", "text"), [(slug, text) for slug, texts in QUERIES.items() for text in texts]
)
def test_the_database_finds_exactly_what_the_query_means(tricky, games, slug, text):
    game = games[slug] if slug else None
    found = set(card_list(game=game, q=text).values_list("pk", flat=True))
    query = parse(text, search_schema(slug))
    pool = Card.objects.filter(game=game) if game else Card.objects.all()
    expected = {card.pk for card in pool if matches(query.root, card)}
    assert found == expected, (text, connection.vendor)


def test_kana_in_any_form_finds_the_kanji_card_through_its_reading(tricky, kannagi):
    for typed in ("ねこやまじんじゃ", "ネコヤマジンジャ", "ﾈｺﾔﾏｼﾞﾝｼﾞｬ", "猫山神社"):
        assert "猫山神社" in names(card_list(game=kannagi, q=typed)), typed


def test_results_rank_exact_name_then_prefix_then_reading_then_text(tricky, kannagi):
    assert Card.objects.filter(game=kannagi, name="ねこやま").exists()  # a bundled sample
    Card.objects.create(
        game=kannagi, name="黒猫", card_type="道具札", cost=1, attrs={"season": ["春"]}, rules_text="ねこやまへ行く"
    )
    found = names(card_list(game=kannagi, q="ねこやま"))
    assert found[0] == "ねこやま"  # exact name
    assert found[1] == "ねこやまの森"  # name prefix
    assert found[2] == "猫山神社"  # reading
    assert found[-1] == "黒猫"  # rules text only


def test_sort_and_order_follow_the_query(tricky, kannagi):
    costs = list(card_list(game=kannagi, q="sort:cost order:desc").values_list("cost", flat=True))
    known = [c for c in costs if c is not None]
    assert known == sorted(known, reverse=True)
    assert costs[len(known):] == [None] * (len(costs) - len(known))  # no cost: last either way
    powers = [c.attrs.get("power") for c in card_list(game=kannagi, q="t:場所札 sort:power")]
    assert powers == sorted(powers)


def test_the_default_order_is_by_reading_on_both_databases(tricky, kannagi):
    keys = [c.sort_key for c in card_list(game=kannagi, q="")]
    assert keys == sorted(keys)


def test_every_write_path_keeps_the_index_current(tricky, kannagi):
    card = tricky[0]
    card.name = "狸山神社"
    card.reading = "たぬきやまじんじゃ"
    card.attrs = {"season": ["夏"], "power": 1}
    card.save()
    assert names(card_list(game=kannagi, q="たぬきやま")) == ["狸山神社"]
    assert not card_list(game=kannagi, q="ねこやまじんじゃ").filter(pk=card.pk).exists()
    assert names(card_list(game=kannagi, q="狸山 season:夏 power=1")) == ["狸山神社"]
    assert not card_list(game=kannagi, q="狸山 season:春").exists()
    card.delete()
    assert not CardFacet.objects.filter(card_id=card.pk).exists()
    assert not card_list(game=kannagi, q="たぬきやま").exists()


def test_sqlite_uses_the_trigram_index(db):
    if connection.vendor != "sqlite":
        pytest.skip("PostgreSQL uses pg_trgm")
    assert has_fts(connection)


def test_postgresql_has_trigram_indexes(db):
    if connection.vendor != "postgresql":
        pytest.skip("SQLite uses FTS5")
    with connection.cursor() as cursor:
        cursor.execute("SELECT indexname FROM pg_indexes WHERE tablename = 'cards_card' AND indexname LIKE '%%trgm'")
        assert len(cursor.fetchall()) == 4  # one per text column


# -- pages and API ----------------------------------------------------------------------


def test_the_api_answers_a_bad_query_with_400_naming_the_position(client, bundled):
    response = client.get("/api/cards/", {"game": "kannagi", "q": "cost<=3 (season:春"})
    assert response.status_code == 400
    body = response.json()
    assert body["position"] == 9
    assert "9" in body["detail"] and body["q"] == "cost<=3 (season:春"


def test_the_api_searches_with_the_same_language(client, tricky):
    body = client.get("/api/cards/", {"game": "kannagi", "q": "ﾈｺﾔﾏｼﾞﾝｼﾞｬ"}).json()
    assert [c["name"] for c in body["results"]] == ["猫山神社"]
    assert body["count"] == 1


def test_the_page_shows_a_bad_query_error_instead_of_an_empty_list(client, bundled):
    response = client.get(reverse("game_cards", args=["kannagi"]), {"q": "cost<=x"})
    assert response.status_code == 400
    page = response.content.decode()
    assert "cost" in page and 'role="alert"' in page
    assert "No cards match" not in page and "カードがありません" not in page


def test_filters_compose_with_the_query_and_live_in_the_url(client, tricky, kannagi):
    url = reverse("game_cards", args=["kannagi"])
    response = client.get(url, {"q": "ねこ", "type": "場所札", "cost_min": "1", "cost_max": "4", "season": "春"})
    assert response.status_code == 200
    assert names(response.context["page"].object_list) == ["猫山神社"]
    assert response.context["total"] == 1
    same = card_list(game=kannagi, q="ねこ type:場所札 cost>=1 cost<=4 season:春")
    assert names(same) == ["猫山神社"]


def test_a_bad_filter_value_is_named(client, bundled):
    response = client.get(reverse("game_cards", args=["kannagi"]), {"cost_min": "many"})
    assert response.status_code == 400
    assert response.context["error_param"] == "cost_min"


def test_the_list_pages_keep_the_whole_search_in_the_page_links(client, bundled):
    response = client.get(reverse("game_cards", args=["vision"]), {"q": "t:天候", "view": "table"})
    page = response.content.decode()
    assert response.context["total"] == 30
    assert "q=t%3A%E5%A4%A9%E5%80%99" in page and "view=table" in page and "page=2" not in page  # 30 fit on one page
    many = client.get(reverse("card_list"), {"q": "-t:天候", "view": "table"})
    assert many.context["page"].has_next()
    assert "view=table" in many.content.decode().split('rel="next"')[0].rsplit("href=", 1)[1]


def test_grid_and_table_views_show_the_cards(client, tricky):
    url = reverse("game_cards", args=["kannagi"])
    grid = client.get(url, {"q": "猫山"}).content.decode()
    assert 'class="card-grid"' in grid and "猫山神社" in grid
    table = client.get(url, {"q": "猫山", "view": "table"}).content.decode()
    assert 'class="cards"' in table and "ねこやまじんじゃ" in table


def test_the_help_page_documents_every_game_and_its_examples_work(client, bundled):
    from cards.search.help import examples_for

    page = client.get(reverse("search_help")).content.decode()
    for slug in (None, *GAMES):
        examples = examples_for(slug)
        assert examples, slug
        for text, _ja, _en in examples:
            assert text.replace('"', "&quot;").replace("<", "&lt;").replace(">", "&gt;") in page
            game = {"slug": slug} if slug else {}
            response = client.get("/api/cards/", {"game": slug or "", "q": text, **game})
            assert response.status_code == 200, text
            assert response.json()["count"] > 0, text
    for field in ("season", "attributes", "deck", "weather_effects", "win_condition"):
        assert f"<code>{field}</code>" in page


def test_the_help_page_shows_the_examples_the_game_declares(client, bundled, monkeypatch):
    from dataclasses import replace

    declared = (("t:place power>=2", "力2以上の場所札（宣言された例）", "Places with power 2 or more (a declared example)"),)
    monkeypatch.setitem(GAMES, "kannagi", replace(GAMES["kannagi"], search_examples=declared))
    page = client.get(reverse("search_help"), HTTP_ACCEPT_LANGUAGE="ja").content.decode()
    assert "t:place power&gt;=2" in page and "力2以上の場所札（宣言された例）" in page
    assert "season:無 -t:季節札" not in page  # kannagi's own examples are what it declares
    assert "race:妖怪 攻撃&gt;=3" in page  # the other games keep theirs


def test_the_card_page_shows_the_restricted_status(client, bundled):
    card = Card.objects.get(game="kannagi", name="人魚の活き血")
    page = client.get(card.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="ja").content.decode()
    assert "制限" in page
    other = Card.objects.get(game="kannagi", name="悠習の古日記")
    assert "準制限" in client.get(other.get_absolute_url()).content.decode()


def test_japanese_brackets_inside_a_phrase_are_text():
    schema = search_schema("kannagi")
    assert parse('"「夜」の学校"', schema).root.value == normalise("「夜」の学校")
    assert parse("「夜の学校」", schema).root.value == normalise("夜の学校")


def test_every_games_labels_work_on_the_all_games_list(tricky):
    assert parse("パワー>=3", search_schema(None)).root.spec.key == "power"
    assert parse("力>=3", search_schema(None)).root.spec.key == "power"


def test_a_filter_value_cannot_add_query_syntax(client, tricky, kannagi):
    url = reverse("game_cards", args=["kannagi"])
    plain = client.get(url, {"type": "場所札"}).context["total"]
    injected = client.get(url, {"type": "場所札” OR “の"})
    assert injected.status_code == 400 or injected.context["total"] <= plain


def test_an_exact_alias_ranks_with_an_exact_name(tricky, kannagi):
    found = names(card_list(game=kannagi, q="猫缶"))
    assert found[0] == "キャットフード"


def test_saving_some_fields_keeps_the_search_copies_current(tricky, kannagi):
    card = tricky[0]
    card.name = "狐塚神社"
    card.save(update_fields=["name"])
    assert names(card_list(game=kannagi, q="狐塚")) == ["狐塚神社"]
    assert names(card_list(game=kannagi, q="狐")) == ["狐塚神社"]


def test_order_desc_alone_reverses_the_reading_order(tricky, kannagi):
    keys = [c.sort_key for c in card_list(game=kannagi, q="order:desc")]
    assert keys == sorted(keys, reverse=True)


def test_the_search_examples_name_fields_in_japanese_not_by_their_internal_keys():
    from cards.search.help import examples_for

    internal = ("weather_effects", "win_condition", "effects.kind", "script.", "game:kannagi", "sort:", "order:")
    for slug in (None, *GAMES):
        for text, _ja, _en in examples_for(slug):
            assert not any(key in text for key in internal), text
