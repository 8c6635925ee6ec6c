"""The admin: per-game editor groups, the registry-built card form, and the import page."""

import io

import pytest
from django.urls import reverse

from cards.models import Card


@pytest.fixture
def weather(bundled):
    return Card.objects.get(game="vision", name="白夜")


@pytest.fixture
def neko(bundled):
    return Card.objects.get(game="kannagi", name="ねこやま")


def kannagi_form(card, **changes):
    data = {
        "game": "kannagi",
        "name": card.name,
        "reading": card.reading,
        "aliases": " | ".join(card.aliases),
        "card_type": card.card_type,
        "cost": "" if card.cost is None else card.cost,
        "rules_text": card.rules_text,
        "flavor_text": card.flavor_text,
        "set_name": card.set_name,
        "number": card.number,
        "rarity": card.rarity,
        "keywords": " ".join(card.keywords),
        "f_season": card.attrs.get("season", []),
        "f_power": card.attrs.get("power", ""),
        "f_attributes": " ".join(card.attrs.get("attributes", [])),
        "f_roles": "",
        "f_copy_limit": "",
        "_save": "Save",
    }
    data.update(changes)
    return data


def test_an_editor_lists_only_the_cards_of_their_game(editor_client, bundled):
    response = editor_client.get(reverse("admin:cards_card_changelist"))
    assert response.status_code == 200
    shown = {c.game_id for c in response.context["cl"].result_list}
    assert shown == {"kannagi"}


def test_an_editor_edits_a_card_of_their_game_with_its_own_fields(editor_client, neko):
    url = reverse("admin:cards_card_change", args=[neko.pk])
    page = editor_client.get(url)
    assert page.status_code == 200
    assert "f_season" in page.context["adminform"].form.fields
    response = editor_client.post(url, kannagi_form(neko, f_power="3", f_season=["春", "夏"], keywords="■速攻"))
    assert response.status_code == 302, response.context["adminform"].form.errors if response.context else ""
    neko.refresh_from_db()
    assert neko.attrs["power"] == 3 and neko.attrs["season"] == ["春", "夏"] and neko.keywords == ["速攻"]


def test_an_invalid_game_field_is_refused_naming_it_and_nothing_changes(editor_client, neko):
    url = reverse("admin:cards_card_change", args=[neko.pk])
    response = editor_client.post(url, kannagi_form(neko, f_power="", f_season=["春"]))
    assert response.status_code == 200
    errors = response.context["adminform"].form.errors
    assert "power" in str(errors["f_power"])
    neko.refresh_from_db()
    assert neko.attrs["power"] == 1


def test_an_editor_cannot_open_or_change_a_card_of_another_game(editor_client, weather):
    url = reverse("admin:cards_card_change", args=[weather.pk])
    page = editor_client.get(url)
    assert page.status_code in (302, 403, 404)
    editor_client.post(url, {"game": "vision", "name": "書き換え", "card_type": "天候", "_save": "Save"})
    weather.refresh_from_db()
    assert weather.name == "白夜"
    delete = editor_client.post(reverse("admin:cards_card_delete", args=[weather.pk]), {"post": "yes"})
    assert delete.status_code in (302, 403, 404)
    assert Card.objects.filter(pk=weather.pk).exists()


def test_an_editor_cannot_add_a_card_to_another_game(editor_client, games):
    url = reverse("admin:cards_card_add") + "?game=vision"
    response = editor_client.post(
        url,
        {"game": "vision", "name": "侵入者", "card_type": "キャラクター", "f_required_nodes": "1", "f_attack": "1", "f_defence": "1", "_save": "Save"},
    )
    assert response.status_code in (200, 302)
    assert not Card.objects.filter(name="侵入者").exists()


def test_an_editor_adds_a_card_to_their_game(editor_client, games):
    url = reverse("admin:cards_card_add") + "?game=kannagi"
    response = editor_client.post(
        url,
        {"game": "kannagi", "name": "新しい場所", "card_type": "場所札", "cost": "0", "f_season": ["秋"], "f_power": "2", "_save": "Save"},
    )
    assert response.status_code == 302
    assert Card.objects.get(name="新しい場所").attrs == {"season": ["秋"], "power": 2}


def test_the_vision_editor_cannot_touch_kannagi_but_can_touch_vision(client, vision_editor, neko, weather):
    client.force_login(vision_editor)
    assert client.get(reverse("admin:cards_card_change", args=[weather.pk])).status_code == 200
    assert client.get(reverse("admin:cards_card_change", args=[neko.pk])).status_code in (302, 403, 404)


def test_a_player_without_staff_rights_is_sent_to_the_login(client, user, neko):
    client.force_login(user)
    response = client.get(reverse("admin:cards_card_change", args=[neko.pk]))
    assert response.status_code == 302 and "login" in response["Location"]


def upload(name, text):
    f = io.BytesIO(text.encode("utf-8"))
    f.name = name
    return f


def test_staff_import_cards_in_the_admin(editor_client, kannagi):
    csv_text = "name,card_type,cost,season,power\n管理画面の場所,場所札,0,冬,1\n"
    url = reverse("admin:cards_card_import")
    response = editor_client.post(url, {"game": "kannagi", "file": upload("new.csv", csv_text), "format": "", "mapping": ""})
    assert response.status_code == 200
    assert response.context["report"].written
    assert Card.objects.get(name="管理画面の場所").attrs == {"season": ["冬"], "power": 1}


def test_an_admin_import_with_a_bad_row_lists_it_and_writes_nothing(editor_client, kannagi):
    csv_text = "name,card_type,cost,season,power\n良い場所,場所札,0,冬,1\n悪い場所,場所札,abc,冬,1\n"
    response = editor_client.post(
        reverse("admin:cards_card_import"), {"game": "kannagi", "file": upload("bad.csv", csv_text), "format": "csv", "mapping": ""}
    )
    report = response.context["report"]
    assert [(e.row, e.field) for e in report.errors] == [(3, "cost")]
    assert "import-errors" in response.content.decode()
    assert not Card.objects.filter(name="良い場所").exists()


def test_the_admin_import_refuses_a_game_the_editor_does_not_edit(editor_client, games):
    csv_text = "name,card_type,required_nodes,attack,defence\n侵入者,キャラクター,1,1,1\n"
    response = editor_client.post(
        reverse("admin:cards_card_import"), {"game": "vision", "file": upload("x.csv", csv_text), "format": "", "mapping": ""}
    )
    assert "game" in response.context["form"].errors
    assert not Card.objects.filter(name="侵入者").exists()



def test_an_admin_import_over_the_size_limit_is_refused(editor_client, kannagi, settings):
    settings.CARD_IMPORT_MAX_MB = 1
    csv_text = "name,card_type,season\n" + "大きな札,道具札,春\n" * 50_000
    response = editor_client.post(
        reverse("admin:cards_card_import"), {"game": "kannagi", "file": upload("big.csv", csv_text), "format": "", "mapping": ""}
    )
    # the limit as the setting and the README write it (20 MB there), not converted to another unit
    size = len(csv_text.encode()) / (1024 * 1024)
    assert response.context["form"].errors["file"] == [f"ファイルは {size:.1f} MB です。上限は 1 MB です。"]
    assert not Card.objects.filter(name="大きな札").exists()


def test_a_refused_form_value_is_reported_once(editor_client, neko):
    url = reverse("admin:cards_card_change", args=[neko.pk])
    response = editor_client.post(url, kannagi_form(neko, f_power="abc"))
    assert len(response.context["adminform"].form.errors["f_power"]) == 1


def test_an_editor_writes_engine_steps_for_a_card_in_the_admin(editor_client, neko):
    """The effect vocabulary (rules/declare/script.py) is a card field every game has (edited as rows of
    inputs; the records as JSON text are read too)."""
    url = reverse("admin:cards_card_change", args=[neko.pk])
    assert "f_script" in editor_client.get(url).context["adminform"].form.fields
    steps = '[{"op": "damage", "amount": 2, "when": "attack"}]'
    response = editor_client.post(url, kannagi_form(neko, f_script=steps))
    assert response.status_code == 302
    neko.refresh_from_db()
    assert neko.attrs["script"] == [{"op": "damage", "amount": 2, "when": "attack"}]


def test_an_unknown_engine_step_is_refused_naming_it_and_nothing_changes(editor_client, neko):
    url = reverse("admin:cards_card_change", args=[neko.pk])
    response = editor_client.post(url, kannagi_form(neko, f_script='[{"op": "explode", "amount": 2}]'))
    assert response.status_code == 200
    errors = str(response.context["adminform"].form.errors["f_script"])
    assert "自動処理・手順1の「処理」" in errors and "explode" in errors
    neko.refresh_from_db()
    assert "script" not in neko.attrs
