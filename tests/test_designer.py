"""The live card designer (printing/designer.py): a game's editors edit a card's fields, see its face drawn
from the unsaved values by the print drawing, get the admin's field errors in Japanese, and save the card."""

import io

import pytest
from django.contrib.auth.models import User
from django.urls import reverse
from PIL import Image

from cards.models import Card


@pytest.fixture
def media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path
    return tmp_path


@pytest.fixture
def ja(client):
    client.cookies["django_language"] = "ja"
    return client


def place_values(**changes):
    """A kannagi place card as the designer's form posts it."""
    values = {"name": "試作の廃屋", "card_type": "場所札", "cost": "1", "f_season": ["春"], "f_power": "2",
              "rules_text": "あなたの場に置く。", "set_name": "試作"}
    values.update(changes)
    return values


def preview(client, values, card=None):
    url = reverse("card_designer_preview", args=[card.pk]) if card else reverse("game_designer_preview", args=["kannagi"])
    return client.post(url, values, HTTP_ACCEPT_LANGUAGE="ja")


def face_of(response) -> Image.Image:
    assert response.status_code == 200, response.content[:300]
    assert response["Content-Type"] == "image/webp"
    image = Image.open(io.BytesIO(response.content))
    image.load()
    return image


# -- the preview -------------------------------------------------------------------------------------------


def test_the_preview_draws_the_face_from_unsaved_values_and_follows_the_name(editor_client, media):
    first = face_of(preview(editor_client, place_values()))
    assert first.width == 640 and 1.3 < first.height / first.width < 1.5  # a card's proportions, as the saved faces
    renamed = face_of(preview(editor_client, place_values(name="まったく別の名前の札")))
    assert renamed.size == first.size
    assert first.tobytes() != renamed.tobytes()  # the name is drawn: the face changed
    again = face_of(preview(editor_client, place_values()))
    assert again.tobytes() == first.tobytes()  # the same values, the same face
    assert not Card.objects.filter(name__in=["試作の廃屋", "まったく別の名前の札"]).exists()  # nothing saved


def test_the_preview_of_an_existing_card_draws_its_edited_values_without_saving(editor_client, place, media):
    before = face_of(preview(editor_client, place_values(name=place.name), card=place))
    after = face_of(preview(editor_client, place_values(name=place.name, f_power="9"), card=place))
    assert before.tobytes() != after.tobytes()
    place.refresh_from_db()
    assert place.attrs["power"] == 1 and place.rules_text == ""  # unsaved


def test_the_preview_draws_the_same_face_as_the_saved_card(editor_client, place, client, media):
    from printing.services import face_key

    values = place_values(name=place.name, cost="0", f_power="1", rules_text="", set_name="")
    drawn = face_of(preview(editor_client, values, card=place))
    saved = client.get(f"/cards/{place.pk}/face/m/{face_key(place)}.webp")
    stored = Image.open(io.BytesIO(b"".join(saved.streaming_content)))
    assert stored.size == drawn.size
    difference = sum(abs(a - b) for a, b in zip(stored.convert("L").tobytes(), drawn.convert("L").tobytes(), strict=True))
    assert difference / (drawn.width * drawn.height) < 3  # the same drawing (both WebP, so not byte-equal)


def test_invalid_values_give_the_admins_field_errors_in_japanese(editor_client, media):
    response = preview(editor_client, place_values(name="", f_power="-3", card_type="呪文"))
    assert response.status_code == 400 and response["Content-Type"].startswith("application/json")
    errors = response.json()["errors"]
    assert set(errors) >= {"name", "f_power", "card_type"}
    assert "必須" in errors["name"][0]
    assert "0" in errors["f_power"][0] and any("\u3040" <= ch <= "\u30ff" for ch in errors["f_power"][0])
    assert "呪文" in errors["card_type"][0]


def test_the_designer_validates_as_the_admin_does(editor_client, media):
    """The same values give the same messages on the designer's preview and in the admin's form."""
    values = place_values(f_power="abc", f_season=["冬至"])
    designer = preview(editor_client, values).json()["errors"]
    admin = editor_client.post(reverse("admin:cards_card_add") + "?game=kannagi", {**values, "game": "kannagi"},
                               HTTP_ACCEPT_LANGUAGE="ja")
    admin_errors = admin.context["adminform"].form.errors
    for name in ("f_power", "f_season"):
        assert designer[name] == list(admin_errors[name])


@pytest.mark.parametrize("junk", [
    {"cost": "九"}, {"cost": "1e999"}, {"f_power": "9" * 40}, {"name": "x" * 5000}, {"f_season": ["春"] * 300},
    {"f_script-rows": "9999999", "f_script-0-op": "<script>"}, {"f_script": "{not json"}, {"game": "vision"},
    {"card_type": ""}, {"f_copy_limit": "-1"}, {"name": "\x00"},
])
def test_bad_input_never_breaks_the_preview(editor_client, media, junk):
    response = preview(editor_client, place_values(**junk))
    assert response.status_code in (200, 400)
    if response.status_code == 400:
        assert response.json()["errors"]


# -- saving ------------------------------------------------------------------------------------------------


def test_an_editor_creates_a_card_from_the_designer(editor_client, media):
    response = editor_client.post(reverse("game_designer", args=["kannagi"]), place_values())
    card = Card.objects.get(game="kannagi", name="試作の廃屋")
    assert response.status_code == 302 and response["Location"] == reverse("card_designer", args=[card.pk])
    assert card.attrs == {"season": ["春"], "power": 2} and card.cost == 1 and card.set_name == "試作"
    page = editor_client.get(response["Location"], HTTP_ACCEPT_LANGUAGE="ja").content.decode()
    assert "「試作の廃屋」を保存しました" in page


def test_an_editor_updates_a_card_from_the_designer(editor_client, place, media):
    response = editor_client.post(reverse("card_designer", args=[place.pk]), place_values(name="書き換えた廃屋", f_power="5"))
    assert response.status_code == 302
    place.refresh_from_db()
    assert place.name == "書き換えた廃屋" and place.attrs["power"] == 5
    assert Card.objects.filter(game="kannagi").count() == 1  # updated, not added


def test_a_save_with_bad_values_shows_the_errors_and_writes_nothing(editor_client, place, media):
    response = editor_client.post(reverse("card_designer", args=[place.pk]), place_values(name="", f_power="-1"),
                                  HTTP_ACCEPT_LANGUAGE="ja")
    assert response.status_code == 400
    page = response.content.decode()
    assert "この項目は必須です" in page
    place.refresh_from_db()
    assert place.name == "テストの廃屋"


def test_a_taken_number_is_refused_with_the_admins_message(editor_client, place, media):
    place.number = "K-001"
    place.save()
    response = editor_client.post(reverse("game_designer", args=["kannagi"]), place_values(number="K-001"),
                                  HTTP_ACCEPT_LANGUAGE="ja")
    assert response.status_code == 400
    assert Card.objects.filter(game="kannagi").count() == 1


def test_the_game_cannot_be_changed_from_the_designer(editor_client, place, vision_editor, media):
    editor_client.force_login(User.objects.create_superuser("root", password="pw-root-123"))
    editor_client.post(reverse("card_designer", args=[place.pk]), {**place_values(name=place.name), "game": "vision"})
    place.refresh_from_db()
    assert place.game_id == "kannagi"


def test_only_the_games_editors_may_design_or_preview(client, place, user, vision_editor, kannagi_editor, media):
    urls = [
        ("get", reverse("game_designer", args=["kannagi"])),
        ("get", reverse("card_designer", args=[place.pk])),
        ("post", reverse("game_designer", args=["kannagi"])),
        ("post", reverse("card_designer", args=[place.pk])),
        ("post", reverse("game_designer_preview", args=["kannagi"])),
        ("post", reverse("card_designer_preview", args=[place.pk])),
    ]
    for method, url in urls:
        response = getattr(client, method)(url, place_values(name="侵入者") if method == "post" else None)
        assert response.status_code == 302 and "/accounts/login/" in response["Location"], url
    for intruder in (user, vision_editor):
        client.force_login(intruder)
        for method, url in urls:
            response = getattr(client, method)(url, place_values(name="侵入者") if method == "post" else None)
            assert response.status_code == 403, (intruder, url)
    assert not Card.objects.filter(name="侵入者").exists()
    place.refresh_from_db()
    assert place.name == "テストの廃屋"
    client.force_login(kannagi_editor)  # the control: the game's editor reaches every one of them
    for method, url in urls[:2]:
        assert getattr(client, method)(url).status_code == 200


def test_the_save_service_checks_ownership_itself(place, vision_editor, kannagi_editor):
    from django.core.exceptions import PermissionDenied

    from cards.services import card_save

    place.name = "勝手な書き換え"
    with pytest.raises(PermissionDenied):
        card_save(user=vision_editor, card=place)
    place.game_id = "vision"  # moving a kannagi card into a game the editor does not edit
    with pytest.raises(PermissionDenied):
        card_save(user=kannagi_editor, card=place)
    place.refresh_from_db()
    assert place.name == "テストの廃屋" and place.game_id == "kannagi"


# -- the way in --------------------------------------------------------------------------------------------


def test_editors_find_the_designer_on_the_game_and_card_pages(client, place, kannagi_editor, vision_editor):
    new_url = reverse("game_designer", args=["kannagi"])
    edit_url = reverse("card_designer", args=[place.pk])
    assert new_url not in client.get("/games/kannagi/").content.decode()
    assert edit_url not in client.get(place.get_absolute_url()).content.decode()
    client.force_login(vision_editor)
    assert new_url not in client.get("/games/kannagi/").content.decode()
    client.force_login(kannagi_editor)
    assert new_url in client.get("/games/kannagi/").content.decode()
    assert edit_url in client.get(place.get_absolute_url()).content.decode()


def test_the_designer_page_shows_the_games_declared_fields_in_japanese(editor_client, place):
    page = editor_client.get(reverse("card_designer", args=[place.pk]), HTTP_ACCEPT_LANGUAGE="ja").content.decode()
    for label in ("季節", "力", "属性", "自動処理"):
        assert label in page
    assert 'type="file"' not in page  # the image upload stays the admin's
    assert reverse("card_designer_preview", args=[place.pk]) in page


def test_a_card_with_an_uploaded_image_says_the_prints_use_the_image(editor_client, place, media):
    from cards.services import card_set_image
    from tests.access_world import png_upload

    url = reverse("card_designer", args=[place.pk])
    assert "画像がアップロードされています" not in editor_client.get(url, HTTP_ACCEPT_LANGUAGE="ja").content.decode()
    card_set_image(card=place, upload=png_upload())
    assert "画像がアップロードされています" in editor_client.get(url, HTTP_ACCEPT_LANGUAGE="ja").content.decode()
