"""The admin's editor of a card's effect steps: one block a step with the fields the game's declaration gives
them (no JSON box), saved through the card form, refused naming the step and the field in Japanese."""

import pytest
from django.urls import reverse

from cards.models import Card
from tests.test_admin import kannagi_form


@pytest.fixture
def neko(bundled):
    return Card.objects.get(game="kannagi", name="ねこやま")


def steps(rows: list[dict], blank: int = 1, deleted: tuple[int, ...] = ()) -> dict:
    """The editor's posted inputs for these steps (and `blank` empty blocks, as the page sends them)."""
    data = {"f_script-rows": str(len(rows) + blank)}
    for index, row in enumerate(rows):
        for key, value in row.items():
            data[f"f_script-{index}-{key}"] = value
        if index in deleted:
            data[f"f_script-{index}-DELETE"] = "1"
    return data


def post(client, card, rows, **kwargs):
    url = reverse("admin:cards_card_change", args=[card.pk])
    return client.post(url, kannagi_form(card, **steps(rows, **kwargs)), HTTP_ACCEPT_LANGUAGE="ja")


def test_the_card_form_edits_steps_as_rows_of_declared_fields_not_json(editor_client, neko):
    neko.attrs["script"] = [{"op": "draw", "amount": 2}]
    neko.save()
    html = editor_client.get(reverse("admin:cards_card_change", args=[neko.pk]), HTTP_ACCEPT_LANGUAGE="ja").content.decode()
    assert 'name="f_script-0-op"' in html and 'name="f_script-0-amount"' in html
    assert '<option value="draw" selected>カードを引く</option>' in html  # a step chosen by its name
    assert '<textarea name="f_script"' not in html  # never a bare JSON box
    assert "手順1" in html and "手順2" in html  # the step there is, and a blank one to add another


def test_good_steps_are_saved_through_the_admin_form(editor_client, neko):
    response = post(editor_client, neko, [
        {"op": "draw", "amount": "2"},
        {"op": "damage", "amount": "1", "when": "attack", "who": "opponent"},
    ])
    assert response.status_code == 302
    neko.refresh_from_db()
    assert neko.attrs["script"] == [
        {"op": "draw", "amount": 2},
        {"op": "damage", "amount": 1, "who": "opponent", "when": "attack"},
    ]


def test_a_removed_step_is_gone_and_blank_blocks_add_nothing(editor_client, neko):
    response = post(editor_client, neko, [{"op": "draw", "amount": "1"}, {"op": "mill", "amount": "3"}], blank=3, deleted=(0,))
    assert response.status_code == 302
    neko.refresh_from_db()
    assert neko.attrs["script"] == [{"op": "mill", "amount": 3}]


def test_an_unknown_step_is_refused_naming_the_step_number_and_field_in_japanese(editor_client, neko):
    response = post(editor_client, neko, [{"op": "draw", "amount": "1"}, {"op": "teleport", "amount": "1"}])
    assert response.status_code == 200
    errors = " ".join(response.context["adminform"].form.errors["f_script"])
    assert "自動処理・手順2の「処理」" in errors and "teleport" in errors
    assert "カードを引く" in errors  # what it may be, by name, not "draw damage …"
    neko.refresh_from_db()
    assert "script" not in neko.attrs


def test_a_bad_field_of_a_step_is_refused_naming_the_step_and_the_field(editor_client, neko):
    response = post(editor_client, neko, [{"op": "draw", "amount": "たくさん"}])
    assert response.status_code == 200
    errors = " ".join(response.context["adminform"].form.errors["f_script"])
    assert "自動処理・手順1の「数」" in errors and "たくさん" in errors
    assert "script[1]" not in errors  # no internal path


def test_a_check_across_a_steps_fields_names_them_by_their_labels(editor_client, neko):
    response = post(editor_client, neko, [{"op": "move", "amount": "1", "from": "hand"}])
    assert response.status_code == 200
    errors = " ".join(response.context["adminform"].form.errors["f_script"])
    assert "自動処理・手順1の「移動先」" in errors
    html = response.content.decode()
    assert '<option value="hand" selected>手札</option>' in html  # the step stays as it was typed
