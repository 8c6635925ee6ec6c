"""Search pages without counting or sorting every match: the capped count ("1,000+"), limit-and-peek
pages that stay disjoint and complete, ranking within the page for broad searches, the plan a broad
word takes (checked row by row) giving the same cards as the index, and the queries a search costs."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from cards.models import Card
from cards.search import compiler, paging
from cards.search.query import parse
from cards.selectors import card_list, card_page, search_schema
from tests.test_search import QUERIES, matches, tricky  # noqa: F401  (tricky is a fixture)


@pytest.fixture
def small_cap(monkeypatch):
    monkeypatch.setattr(paging, "COUNT_CAP", 5)
    return 5


@pytest.fixture
def everything_dense(monkeypatch):
    """Every word takes the broad-word plan (row by row, no index) on either database."""
    monkeypatch.setattr(compiler, "DENSE", 1)
    monkeypatch.setattr(compiler.Compiler, "dense_grams", staticmethod(lambda pairs: True))


@pytest.mark.parametrize(("slug", "text"), [(s, t) for s, texts in QUERIES.items() for t in texts if s in (None, "kannagi")])
def test_a_broad_word_checked_row_by_row_finds_what_the_index_finds(tricky, games, everything_dense, slug, text):  # noqa: F811
    game = games[slug] if slug else None
    found = set(card_list(game=game, q=text).values_list("pk", flat=True))
    query = parse(text, search_schema(slug))
    pool = Card.objects.filter(game=game) if game else Card.objects.all()
    assert found == {card.pk for card in pool if matches(query.root, card)}, (text, connection.vendor)


@pytest.mark.parametrize("text", ["ねこやま", "猫山", "猫", '"ダメージ"', "ねこ cost<=3"])
def test_a_broad_word_counted_by_its_index_counts_what_the_rows_hold(tricky, everything_dense, text):  # noqa: F811
    # One word alone on SQLite is counted from its FTS table (cards.search.paging.capped_count).
    query = parse(text, search_schema(None))
    for cap in (1, 1000):
        compiled = compiler.compile_search(query)
        alone = connection.vendor == "sqlite" and " " not in text
        assert (compiled.count_match is not None) == alone, text
        by_rows = compiled.filtered.order_by().values("pk")[: cap + 1].count()
        assert paging.capped_count(compiled, cap) == by_rows, (text, cap)


def _walk(client, url, params):
    """Every card of every page of the API, following `next`."""
    ids, answers = [], []
    response = client.get(url, params)
    while True:
        assert response.status_code == 200
        body = response.json()
        answers.append(body)
        ids.extend(c["id"] for c in body["results"])
        if not body["next"]:
            return ids, answers
        response = client.get(body["next"])


def test_the_api_caps_the_count_and_its_pages_still_reach_every_card(client, bundled, small_cap):
    ids, answers = _walk(client, "/api/cards/", {"q": "-t:天候"})
    expected = list(card_list(q="-t:天候").values_list("pk", flat=True))
    assert len(answers) >= 2
    assert ids == expected  # the same order, each card once
    assert answers[0]["count"] == small_cap and answers[0]["count_capped"] is True
    assert answers[-1]["count"] == len(expected) and answers[-1]["count_capped"] is False  # the last page knows
    assert answers[1]["previous"] and answers[0]["previous"] is None
    assert client.get("/api/cards/", {"q": "-t:天候", "page": len(answers) + 1}).status_code == 404
    assert client.get("/api/cards/", {"q": "-t:天候", "page": "x"}).status_code == 404


def test_a_narrow_search_has_its_exact_count(client, tricky):  # noqa: F811
    body = client.get("/api/cards/", {"game": "kannagi", "q": "ねこやま"}).json()
    assert body["count_capped"] is False and body["count"] == len(body["results"])


def test_a_broad_search_is_ranked_within_each_page_and_pages_stay_disjoint(tricky, kannagi, small_cap):  # noqa: F811
    pages, number = [], 1
    while True:
        page = card_page(q="の", number=number, size=3)
        pages.append(page)
        if not page.has_next():
            break
        number += 1
    assert pages[0].count_capped and pages[0].ranked_within_page
    seen = [c.pk for p in pages for c in p.object_list]
    assert sorted(seen) == sorted(card_list(q="の").values_list("pk", flat=True))
    assert len(seen) == len(set(seen))
    for page in pages:
        ranks = [c.rank for c in page.object_list]
        assert ranks == sorted(ranks)


def test_the_page_says_the_count_is_capped_and_pages_on(client, bundled, small_cap):
    url = reverse("card_list")
    for language, capped in (("ja", "5+ 件"), ("en", "5+ results")):
        client.cookies["django_language"] = language
        page = client.get(url).content.decode()
        assert capped in page, language
        assert 'rel="next"' in page and 'rel="prev"' not in page
    second = client.get(url, {"page": 2})
    assert second.status_code == 200 and 'rel="prev"' in second.content.decode()
    first_ids = {c.pk for c in client.get(url).context["page"].object_list}
    assert first_ids.isdisjoint(c.pk for c in second.context["page"].object_list)
    last = client.get(url, {"page": 9999})  # past the end: the last page, as before
    assert last.status_code == 200 and not last.context["page"].has_next()
    assert last.context["total_capped"] is False


# A search costs: the count (up to the cap) and the page; on SQLite one look at an index per word and per
# field comparison (how many cards it finds, to pick the plan; "cost" is a column); on PostgreSQL nothing more (the pair statistics are read
# once every few minutes per process, here before counting).
def _queries_per_search():
    return 3 if connection.vendor == "sqlite" else 2


@pytest.mark.parametrize("url", ["/api/cards/", "/games/kannagi/cards/"])
def test_a_search_costs_a_fixed_number_of_queries(client, bundled, url):
    params = {"q": "ねこ cost<=3"}
    if url.startswith("/api/"):
        params["game"] = "kannagi"
    assert client.get(url, params).status_code == 200  # warm: the pair statistics on PostgreSQL
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url, params)
    assert response.status_code == 200
    # The API: its rate counter's one statement (config/ratelimit.py); the page: its game's row, the header's
    # games and how many printings the names on the page have (one statement for the page).
    extra = 1 if url.startswith("/api/") else 3
    assert len(queries) == _queries_per_search() + extra, [q["sql"][:120] for q in queries]


def test_postgresql_indexes_words_of_any_length_by_character_pairs(tricky):  # noqa: F811
    if connection.vendor != "postgresql":
        pytest.skip("SQLite uses FTS5 (and its tripled-text table for short words)")
    with connection.cursor() as cursor:
        cursor.execute("SELECT indexdef FROM pg_indexes WHERE indexname = 'cards_card_grams_gin'")
        assert "gin (search_grams)" in cursor.fetchone()[0]
        cursor.execute("SELECT search_grams FROM cards_card WHERE id = %s", [tricky[0].pk])
        pairs = set(cursor.fetchone()[0])
    assert {"猫", "猫山", "神社", "ねこ"} <= pairs  # name and reading, as the trigger keeps them


@pytest.mark.parametrize("text", ["kw:速", "kw:速攻", "-kw:速 cost=1", "kw:存在しない", "kw:速 OR cost=0"])
def test_a_substring_of_a_field_is_searched_as_its_values_or_as_like_alike(tricky, monkeypatch, text):  # noqa: F811
    # cards.search.compiler.Compiler.facet_values: the field's distinct values holding the
    # substring, then equality with them; past FACET_VALUES distinct values the LIKE of before. Both find
    # the oracle's cards.
    query = parse(text, search_schema("kannagi"))
    expected = {card.pk for card in Card.objects.all() if matches(query.root, card)}
    for limit in (compiler.FACET_VALUES, 0):
        monkeypatch.setattr(compiler, "FACET_VALUES", limit)
        with CaptureQueriesContext(connection) as queries:
            found = set(card_list(q=text).values_list("pk", flat=True))
        assert found == expected, (text, limit)
        likes = [q["sql"] for q in queries if "cards_cardfacet" in q["sql"] and "LIKE" in q["sql"]]
        assert bool(likes) == (limit == 0), (text, limit)


@pytest.mark.parametrize("text", ["ねこやま", "猫", '"ダメージ"', "ねこ cost<=3", "ねこ OR -神社"])
def test_a_broad_word_counted_through_the_pair_index_counts_what_the_rows_hold(tricky, everything_dense, monkeypatch,  # noqa: F811
                                                                               text):
    # PostgreSQL: the page of a dense word walks the list order with LIKE alone; its count is narrowed by
    # the pair index when that reads less (Compiler.count_narrowed). The same cards either way.
    monkeypatch.setattr(compiler.Compiler, "count_narrowed", staticmethod(lambda pairs: True))
    query = parse(text, search_schema(None))
    compiled = compiler.compile_search(query)
    assert (compiled.counted is not None) == (connection.vendor == "postgresql"), text
    if compiled.counted is not None:
        assert "search_grams" in str(compiled.counted.query) and "search_grams" not in str(compiled.filtered.query)
    expected = {card.pk for card in Card.objects.all() if matches(query.root, card)}
    assert set(compiled.filtered.values_list("pk", flat=True)) == expected
    for cap in (1, 1000):
        assert paging.capped_count(compiled, cap) == min(len(expected), cap + 1), (text, cap)


@pytest.mark.parametrize("text", ["sort:power", "sort:power order:desc", "t:場所札 sort:power order:desc", "ねこ sort:power"])
def test_pages_sorted_by_a_game_field_hold_each_card_once_in_the_fields_order(tricky, kannagi, text):  # noqa: F811
    # A sort by a number field joins the field's facet (one per card) and pages by ids in order first.
    cards, number = [], 1
    while True:
        page = card_page(game=kannagi, q=text, number=number, size=2)
        cards.extend(page.object_list)
        if not page.has_next():
            break
        number += 1
    query = parse(text, search_schema("kannagi"))
    pool = [c for c in Card.objects.filter(game=kannagi) if matches(query.root, c)] if query.root else list(
        Card.objects.filter(game=kannagi))
    assert sorted(c.pk for c in cards) == sorted(c.pk for c in pool)
    descending = "desc" in text
    with_power = [c.attrs.get("power") for c in cards if c.attrs.get("power") is not None]
    assert with_power == sorted(with_power, reverse=descending)
    assert all(c.attrs.get("power") is None for c in cards[len(with_power):])  # no value: last either way
    assert [c.pk for c in cards] == list(card_list(game=kannagi, q=text).values_list("pk", flat=True))


# -- a compiled search reused (cards.search.paging.cached_search) ---------------------------------------------


def _fox(kannagi, number):
    return Card.objects.create(game=kannagi, name=f"狐火堂{number}", reading="", card_type="場所札", cost=number,
                               attrs={"season": ["春"], "power": 1}, rules_text="", aliases=[], keywords=[])


def test_a_reused_search_is_planned_again_when_a_read_it_planned_by_answers_otherwise(kannagi, monkeypatch):
    # The word's plan depends on how many cards its index finds (DENSE): a new card that makes it dense
    # makes the next request compile the search again, and both plans find every card.
    monkeypatch.setattr(compiler, "DENSE", 2)
    _fox(kannagi, 1)
    with CaptureQueriesContext(connection) as first:
        assert [row["name"] for row in card_page(q="狐火堂", values=True, columns=("name",)).object_list] == ["狐火堂1"]
    _fox(kannagi, 2)
    _fox(kannagi, 3)
    with CaptureQueriesContext(connection) as second:
        page = card_page(q="狐火堂", values=True, columns=("name",))
    assert sorted(row["name"] for row in page.object_list) == ["狐火堂1", "狐火堂2", "狐火堂3"]
    if connection.vendor == "sqlite":  # (PostgreSQL plans a word by its pair statistics, not by a count)
        assert not any("instr" in q["sql"] for q in first) and any("instr" in q["sql"] for q in second)


def test_a_search_asked_again_runs_the_same_statements_without_compiling_it(bundled, monkeypatch):
    from cards import selectors

    args = {"q": "sort:cost order:desc", "values": True, "columns": ("id", "name", "attrs"), "size": 5}
    with CaptureQueriesContext(connection) as first:
        rows = card_page(**args).object_list
    monkeypatch.setattr(selectors, "card_search", lambda **kwargs: pytest.fail("compiled again"))
    with CaptureQueriesContext(connection) as second:
        assert card_page(**args).object_list == rows
    assert [q["sql"] for q in second] == [q["sql"] for q in first]
    # A page's rows as Django's values() reads them.
    expected = Card.objects.filter(pk__in=[row["id"] for row in rows]).in_bulk()
    assert rows == [{"id": row["id"], "name": expected[row["id"]].name, "attrs": expected[row["id"]].attrs}
                    for row in rows]


def test_json_columns_decoded_together_decode_as_one_by_one():
    rows = [["[1, 2]", None, 3], ["not json", '{"a": "\\u732b"}', 4], ["1, 2", "[]", 5]]
    paging._decode_json(rows, [0, 1])
    assert rows == [[[1, 2], None, 3], ["not json", {"a": "猫"}, 4], ["1, 2", [], 5]]
    rows = [["1, 2"], ["[]"]]  # joined, "[1, 2,[]]" is JSON: three values for two columns
    paging._decode_json(rows, [0])
    assert rows == [["1, 2"], [[]]]


def _walk_pages(size, **search):
    pages, number = [], 1
    while True:
        page = card_page(number=number, size=size, **search)
        pages.append(page)
        if not page.has_next():
            return pages
        number += 1


@pytest.mark.parametrize(("slug", "text"), [(s, t) for s, texts in QUERIES.items() for t in texts if s in (None, "kannagi")]
                         + [(None, "sort:cost order:desc"), ("kannagi", "t:place sort:power order:desc")])
@pytest.mark.parametrize("values", [False, True])
def test_a_search_within_the_cap_pages_from_its_counted_ids_in_the_lists_order(tricky, games, slug, text, values):  # noqa: F811
    # At most COUNT_CAP matches: the count brings their ids and every page is read from them by id. The pages
    # together are the list, in its order (ranked over every match), each card once, with the exact count.
    game = games[slug] if slug else None
    expected = list(card_list(game=game, q=text).values_list("pk", flat=True))
    assert len(expected) <= paging.COUNT_CAP
    search = {"game": game, "q": text}
    if values:
        search.update(values=True, columns=("id", "name"))
    pages = _walk_pages(2, **search)
    seen = [row["id"] if values else row.pk for page in pages for row in page.object_list]
    assert seen == expected, (text, connection.vendor)
    assert all(not page.count_capped and page.count == len(expected) for page in pages[:-1])
    assert pages[-1].count == len(expected)


def test_a_page_within_the_cap_applies_the_searchs_filter_once(tricky):  # noqa: F811
    text = "type:場所札 cost<=3 season:春 power>=2"
    card_page(q=text, size=1, values=True, columns=("id",))  # compiled (its probes), kept
    with CaptureQueriesContext(connection) as queries:
        page = card_page(q=text, size=1, values=True, columns=("id",))
    assert page.has_next() and not page.count_capped
    # (on SQLite the compile's probes of the facet index are asked again too: they read no card)
    searched = [q["sql"] for q in queries if "season" in q["sql"] and '"cards_card"' in q["sql"]]
    # the count (which brings the ids) holds the filter; the page is read by id alone
    assert len(searched) == 1 and "COUNT(*)" in searched[0], [q["sql"][:160] for q in queries]
    by_id = [q["sql"] for q in queries if "json_each" in q["sql"] or "string_to_array" in q["sql"]]
    assert len(by_id) == 1


def test_a_search_past_the_cap_pages_in_the_lists_order(client, bundled, small_cap):
    pages = _walk_pages(3, q="-t:天候")
    assert pages[0].count_capped and pages[0].count == small_cap
    seen = [row.pk for page in pages for row in page.object_list]
    assert seen == list(card_list(q="-t:天候").values_list("pk", flat=True))
    assert pages[-1].count == len(seen) and not pages[-1].count_capped


_DRIVEN = [(s, t) for s, texts in QUERIES.items() for t in texts] + [
    (None, "kw:速攻 c<=2"), ("original", "(attr:火 OR attr:闇) -t:土地 power>=3"), (None, "attr:火 OR attr:闇"),
    ("kannagi", "season:春 -kw:速攻 sample:no"), (None, "kw:速 OR cost=0"), ("kannagi", "kw:速 cost<=1 ねこ"),
    (None, "kw:速攻 c>=1"), ("kannagi", "kw:速攻 c<=2 c>=1"), ("kannagi", "season:春 c=2 power>=1"),
]


@pytest.mark.parametrize(("slug", "text"), _DRIVEN)
@pytest.mark.parametrize("printings", ["all", "one"])
def test_a_count_driven_from_a_facet_counts_what_the_rows_hold(tricky, games, monkeypatch, slug, text, printings):  # noqa: F811
    # SQLite: a search that is a dense facet's text (and conditions checked on each card) is counted by
    # walking the facet's index (Compiler.count_driver); every facet is dense here. The same cards either way.
    # PostgreSQL: the same when the facet rows alone answer (no join).
    from cards.selectors import card_search

    monkeypatch.setattr(compiler, "DENSE", 1)
    game = games[slug] if slug else None
    compiled = card_search(game=game, q=text, printings=printings)
    expected = set(card_list(game=game, q=text).values_list("pk", flat=True)) if printings == "all" else set(
        compiled.filtered.values_list("pk", flat=True))
    if printings == "all":
        query = parse(text, search_schema(slug))
        pool = Card.objects.filter(game=game) if game else Card.objects.all()
        assert expected == {card.pk for card in pool if matches(query.root, card)}, text
    for cap in (1, 1000):
        count, ids = paging.counted_ids(compiled, cap)
        assert count == min(len(expected), cap + 1), (text, cap)
        if count <= cap:
            assert {int(i) for i in ids.split(",") if i} == expected, (text, cap)
    driven = compiled.statements.get(("count-facet", 1)) is not None
    if connection.vendor != "sqlite":
        # PostgreSQL: only a count of the facet rows alone (every game, nothing but the cost asked of the card)
        if text in ("kw:速攻", "kw:速攻 c<=2", "kw:速攻 c>=1", "race:妖怪"):
            assert driven == (game is None and printings == "all"), text
        if driven:
            assert game is None and printings == "all", text
            sql = compiled.statements[("count-facet", 1)].sql
            assert "JOIN" not in sql and ('F."card_num"' in sql) == (" c" in text), text
    elif text in ("kw:速攻", "kw:速攻 c<=2", "kw:速攻 c>=1", "kw:速攻 c<=2 c>=1"):
        assert driven, text
        # the cost is the facet rows' own: the count walks them alone, without reading a card, when nothing
        # else is asked of it
        sql = compiled.statements[("count-facet", 1)].sql
        assert ('F."card_num"' in sql) == ("c" in text), text
        if game is None and printings == "all" and text.count("c") == 1:
            assert "JOIN" not in sql, text
    elif text in ("(attr:火 OR attr:闇) -t:土地 power>=3", "season:春 OR season:夏", "kw:速 cost<=1 ねこ", "ねこやま", "name=猫缶", "type:場所札 cost<=3 season:春 power>=2", "attr:火 t:兵 power>=3"):
        assert not driven, text


@pytest.mark.parametrize(("slug", "text", "choices"), [
    ("original", "(attr:火 OR attr:闇) -t:土地 power>=3", True), ("original", "(attr:火 OR attr:闇 OR attr:火) c<=9", True),
    ("kannagi", "season:春 OR season:夏", True), ("kannagi", "season:春 OR season:夏 OR cost=0", True),
    ("kannagi", "-(season:春 OR season:夏) cost<=3", True), ("original", "attr:火 OR kw:速攻", False),
    (None, "attr:火 OR attr:闇", False),  # (every game: a field's text, not one game's choices)
])
def test_choices_checked_card_by_card_in_a_page_find_what_the_lists_find(tricky, games, monkeypatch, slug, text,  # noqa: F811
                                                                         choices):
    # PostgreSQL: OR'd choices of one field are checked per card in a page read with the filter (past the cap),
    # by a scalar subquery (Compiler.choice_probe); the count keeps its lists. Every facet is dense here and the
    # cap is 1, so every page is read with the filter. The pages are the oracle's cards in the list order.
    monkeypatch.setattr(compiler, "DENSE", 1)
    monkeypatch.setattr(paging, "COUNT_CAP", 1)
    game = games[slug] if slug else None
    query = parse(text, search_schema(slug))
    pool = Card.objects.filter(game=game) if game else Card.objects.all()
    expected = sorted((card for card in pool if matches(query.root, card)), key=lambda c: (c.sort_key, c.number, c.pk))
    assert len(expected) > 1, text
    from cards.selectors import card_search

    compiled = card_search(game=game, q=text)
    probed = "IS NOT NULL" in str(compiled.filtered.query)
    assert probed == (connection.vendor == "postgresql" and choices), text
    if probed:
        assert compiled.counted is not None and "IS NOT NULL" not in str(compiled.counted.query), text
    for values in (False, True):
        search = {"game": game, "q": text}
        if values:
            search.update(values=True, columns=("id", "name"))
        pages = _walk_pages(2, **search)
        seen = [row["id"] if values else row.pk for page in pages for row in page.object_list]
        assert seen == [card.pk for card in expected], (text, values, connection.vendor)
        assert pages[0].count_capped or len(expected) <= 2
