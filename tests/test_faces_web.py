"""The site shows each card's drawn face: the print drawing as a cached image, new when the card changes."""

import io

import pytest
from PIL import Image

from cards.models import Card
from printing.services import face_key


@pytest.fixture
def media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path
    return tmp_path


def face_url(card, size="m"):
    return f"/cards/{card.pk}/face/{size}/{face_key(card)}.webp"


def test_a_card_without_an_image_shows_its_drawn_face(client, bundled, media):
    card = Card.objects.get(game="kannagi", name="ねこやま")
    page = client.get(f"/cards/{card.pk}/").content.decode()
    assert face_url(card) in page
    response = client.get(face_url(card))
    assert response.status_code == 200 and response["Content-Type"] == "image/webp"
    assert "immutable" in response["Cache-Control"]
    image = Image.open(io.BytesIO(b"".join(response.streaming_content)))
    assert image.width == 640 and 1.3 < image.height / image.width < 1.45  # a card's proportions
    assert len(list((media / "faces" / str(card.pk)).glob("*.webp"))) == 1  # kept for the next request


def test_an_edited_card_gets_a_new_face_and_the_old_address_moves_on(client, bundled, media):
    card = Card.objects.get(game="kannagi", name="ねこやま")
    old = face_url(card)
    assert client.get(old).status_code == 200
    card.rules_text = "テストの効果"
    card.save()
    card.refresh_from_db()
    assert face_url(card) != old
    response = client.get(old)
    assert response.status_code == 302 and response["Location"] == face_url(card)
    assert client.get(face_url(card), follow=True).status_code == 200
    assert len(list((media / "faces" / str(card.pk)).glob("*-m.webp"))) == 1  # the stale one is gone


def test_an_unknown_size_or_card_is_not_found(client, bundled, media):
    card = Card.objects.get(game="kannagi", name="ねこやま")
    assert client.get(f"/cards/{card.pk}/face/xl/{face_key(card)}.webp").status_code == 404
    assert client.get(f"/cards/999999/face/m/{face_key(card)}.webp").status_code == 404
