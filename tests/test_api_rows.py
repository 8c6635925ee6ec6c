"""The card list's answer built from plain rows (cards.apis.CardSerializer.from_rows, CardJSONRenderer and
cards.search.paging._decode_json): the same values and bytes as the general path."""

import pytest
from rest_framework.negotiation import DefaultContentNegotiation
from rest_framework.renderers import JSONRenderer

from cards.apis import API_COLUMNS, AnyTypeNegotiation, CardJSONRenderer, CardSerializer, CardViewSet
from cards.search.paging import _decode_json


def row(pk, **values):
    base = {"id": pk, "game": "kannagi", "name": f"札{pk}", "reading": "ふだ", "aliases": [], "card_type": "道具札",
            "cost": 1, "rules_text": "", "flavor_text": "", "set_name": "", "number": "", "rarity": "",
            "keywords": [], "sample": False, "attrs": {"season": ["春"]}, "image": ""}
    base.update(values)
    return {key: base[key] for key in API_COLUMNS}


def expected(r):
    out = {key: r[key] for key in API_COLUMNS if key not in ("attrs", "image")}
    out.update(fields=dict(r["attrs"] or {}), image=None, thumbnails=None, url=f"/cards/{r['id']}/")
    return out


def test_rows_become_the_answers_in_the_answer_order(db):
    rows = [row(1), row(2, attrs=None), row(3, attrs={})]
    want = [expected(r) for r in rows]
    got = CardSerializer().from_rows(rows)
    assert got == want and [list(g) for g in got] == [list(w) for w in want]


def test_a_page_ranked_within_itself_answers_without_its_rank(db):
    rows = [{**row(1), "rank": 2}, {**row(2), "rank": 1}]
    got = CardSerializer().from_rows(rows)
    assert [list(g) for g in got] == [list(expected(row(1)))] * 2 and "rank" not in got[0]


def test_rows_in_another_order_still_answer_in_the_answer_order(db):
    rows = [dict(reversed(list(row(1).items()))), {**row(2), "extra": 1}]
    got = CardSerializer().from_rows(rows)
    assert got == [expected(row(1)), expected(row(2))]
    assert [list(g) for g in got] == [list(expected(row(1)))] * 2


def test_empty_json_lists_and_objects_decode_to_new_values():
    rows = [["[]", "{}", '{"a": [1]}', None], ["[]", "{}", "[1,2]", "not json"], ["[]", "{}", "1,2", "[]"]]
    _decode_json(rows, [0, 1, 2, 3])
    assert rows == [[[], {}, {"a": [1]}, None], [[], {}, [1, 2], "not json"], [[], {}, "1,2", []]]
    assert rows[0][0] is not rows[1][0] and rows[0][1] is not rows[1][1]  # each cell its own value


def test_the_card_renderer_writes_the_bytes_drf_writes():
    data = {"count": 1, "results": [{"name": "夜桜\u2028の\u2029神社", "cost": 1.5, "fields": {"a": [None, True]}}],
            "next": None}
    for media_type in (None, "application/json", "application/json; indent=4", "application/json; indent=0"):
        assert CardJSONRenderer().render(data, media_type, {}) == JSONRenderer().render(data, media_type, {})
    assert CardJSONRenderer().render(None) == JSONRenderer().render(None) == b""


@pytest.mark.parametrize("accept", [None, "*/*", "application/json", "application/json; indent=2", "text/html",
                                    "*/*; q=0.5", "application/*"])
@pytest.mark.parametrize("query", ["?game=kannagi", "?game=kannagi&format=json", "?format=api", "?format=", "?q=(("])
def test_the_card_list_negotiates_as_drf_does(client, bundled, monkeypatch, accept, query):
    headers = {} if accept is None else {"HTTP_ACCEPT": accept}
    answers = []
    for negotiation in (AnyTypeNegotiation, DefaultContentNegotiation):
        monkeypatch.setattr(CardViewSet, "content_negotiation_class", negotiation)
        response = client.get("/api/cards/" + query, **headers)
        answers.append((response.status_code, response.get("Content-Type"), response.content))
    assert answers[0] == answers[1]
