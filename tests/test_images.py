"""Card images: upload over the API (editors only, checked with Pillow), thumbnails, and the admin form."""

import io
import os
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from PIL import Image

from cards import images
from cards.models import Card
from tests.test_admin import kannagi_form


@pytest.fixture(autouse=True)
def media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path
    return tmp_path


def picture(width=480, height=672, fmt="PNG", name=None) -> SimpleUploadedFile:
    buffer = io.BytesIO()
    Image.new("RGB", (width, height), (200, 30, 60)).save(buffer, fmt)
    ext = {"PNG": "png", "JPEG": "jpg", "GIF": "gif", "WEBP": "webp"}[fmt]
    return SimpleUploadedFile(name or f"card.{ext}", buffer.getvalue(), content_type=f"image/{ext}")


def stored_files(root: Path) -> list[Path]:
    return sorted(p for p in root.rglob("*") if p.is_file())


def image_url(card) -> str:
    return f"/api/cards/{card.pk}/image/"


def upload(client, card, file):
    return client.post(image_url(card), {"image": file})


def webp_width(response) -> int:
    assert response.status_code == 200
    assert response["Content-Type"] == "image/webp"
    with Image.open(io.BytesIO(b"".join(response.streaming_content))) as image:
        assert image.format == "WEBP"
        return image.width


# -- upload ----------------------------------------------------------------------------


@pytest.mark.parametrize("fmt", ["PNG", "JPEG"])
def test_an_editor_uploads_an_image_and_the_card_page_shows_its_thumbnail(editor_client, place, media, fmt):
    response = upload(editor_client, place, picture(fmt=fmt))
    assert response.status_code == 200, response.content
    body = response.json()
    place.refresh_from_db()
    assert place.image.name.startswith("cards/kannagi/card")
    assert (media / place.image.name).is_file()
    assert body["id"] == place.pk and body["fields"] == {"season": ["春"], "power": 1}
    assert body["image"] == f"http://testserver{place.image.url}"
    assert body["thumbnails"] == {
        "s": f"http://testserver{place.thumb_url('s')}",
        "m": f"http://testserver{place.thumb_url('m')}",
    }
    page = editor_client.get(place.get_absolute_url())
    assert place.thumb_url("m") in page.content.decode()
    assert editor_client.get(f"/api/cards/{place.pk}/").json()["thumbnails"] == body["thumbnails"]


def test_a_card_without_an_image_has_no_thumbnails(client, place):
    body = client.get(f"/api/cards/{place.pk}/").json()
    assert body["image"] is None and body["thumbnails"] is None


def test_the_stored_name_follows_the_format_not_the_name_sent(editor_client, place):
    response = upload(editor_client, place, picture(fmt="GIF", name="card.html"))
    assert response.status_code == 200, response.content
    place.refresh_from_db()
    assert place.image.name.endswith(".gif")


@pytest.mark.parametrize(("width", "height", "s", "m"), [(1000, 1400, 240, 640), (400, 560, 240, 400), (200, 280, 200, 200)])
def test_thumbnails_are_webp_of_the_size_asked_made_once(editor_client, place, media, width, height, s, m):
    assert upload(editor_client, place, picture(width, height)).status_code == 200
    place.refresh_from_db()
    for size, expected in (("s", s), ("m", m)):
        url = place.thumb_url(size)
        assert webp_width(editor_client.get(url)) == expected
        path = images.thumb_path(place, size)
        os.utime(path, ns=(1_000_000_000_000_000_000, 1_000_000_000_000_000_000))  # so that a rewrite would show
        again = editor_client.get(url)
        assert webp_width(again) == expected
        assert path.stat().st_mtime_ns == 1_000_000_000_000_000_000
        assert "immutable" in again["Cache-Control"]


def test_a_stale_thumbnail_token_redirects_to_the_current_one(editor_client, place):
    assert upload(editor_client, place, picture()).status_code == 200
    place.refresh_from_db()
    response = editor_client.get(reverse("card_thumb", args=[place.pk, "s", "0123456789ab"]))
    assert response.status_code == 302
    assert response["Location"] == place.thumb_url("s")


def test_a_new_image_replaces_the_old_file_and_its_thumbnails(
    editor_client, place, media, django_capture_on_commit_callbacks
):
    assert upload(editor_client, place, picture()).status_code == 200
    place.refresh_from_db()
    old_file, old_thumb = media / place.image.name, place.thumb_url("s")
    editor_client.get(old_thumb)
    assert images.thumb_path(place, "s").is_file()
    with django_capture_on_commit_callbacks(execute=True):
        assert upload(editor_client, place, picture(300, 420, "JPEG")).status_code == 200
    place.refresh_from_db()
    assert not old_file.exists()
    assert stored_files(media) == [media / place.image.name]  # the old thumbnails went too
    assert place.thumb_url("s") != old_thumb
    assert editor_client.get(old_thumb)["Location"] == place.thumb_url("s")


def test_an_editor_removes_the_image(editor_client, place, media, django_capture_on_commit_callbacks):
    assert upload(editor_client, place, picture()).status_code == 200
    place.refresh_from_db()
    editor_client.get(place.thumb_url("m"))
    with django_capture_on_commit_callbacks(execute=True):
        response = editor_client.delete(image_url(place))
    assert response.status_code == 200
    assert response.json()["image"] is None and response.json()["thumbnails"] is None
    place.refresh_from_db()
    assert not place.image
    assert stored_files(media) == []
    assert editor_client.delete(image_url(place)).status_code == 200  # nothing to remove: still fine


# -- refused files ------------------------------------------------------------------------


def _text():
    return SimpleUploadedFile("card.png", "これは画像ではありません\n".encode(), content_type="image/png")


def _truncated_png():
    data = picture(600, 800).read()
    return SimpleUploadedFile("card.png", data[: len(data) // 2], content_type="image/png")


def _svg():
    svg = b'<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><script>alert(1)</script></svg>'
    return SimpleUploadedFile("card.svg", svg, content_type="image/svg+xml")


def _png(width, height, rows=None):
    """A real 1-bit grayscale PNG of the declared size, all black, written chunk by chunk (never decoded
    here). With `rows`, only that many rows of data follow (a header that promises more than the file has)."""
    import struct
    import zlib

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    line = b"\0" * (1 + (width + 7) // 8)  # filter byte + packed pixels
    packer = zlib.compressobj(9)
    body = b"".join(packer.compress(line) for _ in range(height if rows is None else rows)) + packer.flush()
    header = struct.pack(">IIBBBBB", width, height, 1, 0, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", body) + chunk(b"IEND", b"")


def _decompression_bomb():
    """30,000 × 30,000 pixels (900 megapixels, 112 MB decoded) in a file of about a hundred kilobytes."""
    data = _png(30_000, 30_000)
    assert len(data) < 300_000
    return SimpleUploadedFile("card.png", data, content_type="image/png")


def _huge_dimensions():
    """A header that claims 2,000,000 × 2,000,000 pixels, with one row of data."""
    return SimpleUploadedFile("card.png", _png(2_000_000, 2_000_000, rows=1), content_type="image/png")


def _too_many_pixels(monkeypatch):
    monkeypatch.setattr(images, "MAX_PIXELS", 1000)
    return picture(40, 40)


def _too_many_bytes(monkeypatch):
    monkeypatch.setattr(images, "MAX_BYTES", 20)
    return picture(40, 40)


@pytest.mark.parametrize(
    ("make", "says"),
    [
        (lambda mp: _text(), "not a readable image"),
        (lambda mp: _truncated_png(), "not a readable image"),
        (lambda mp: _svg(), "not a readable image"),
        (lambda mp: _decompression_bomb(), "pixels"),
        (lambda mp: _huge_dimensions(), "image"),
        (_too_many_pixels, "pixels"),
        (_too_many_bytes, "bytes"),
    ],
    ids=["text", "truncated-png", "svg-with-script", "decompression-bomb", "huge-dimensions", "over-pixel-limit", "over-size-limit"],
)
def test_a_bad_file_is_refused_with_a_message_and_nothing_is_stored(
    editor_client, place, media, monkeypatch, make, says
):
    before = Card.objects.get(pk=place.pk)
    response = editor_client.post(image_url(place), {"image": make(monkeypatch)}, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 400
    body = response.json()
    assert list(body) == ["image"] and len(body["image"]) == 1
    assert says in body["image"][0]
    after = Card.objects.get(pk=place.pk)
    assert not after.image and after.updated_at == before.updated_at
    assert stored_files(media) == []


def test_a_bad_file_leaves_the_current_image_in_place(editor_client, place, media):
    assert upload(editor_client, place, picture()).status_code == 200
    place.refresh_from_db()
    kept = place.image.name
    assert upload(editor_client, place, _text()).status_code == 400
    place.refresh_from_db()
    assert place.image.name == kept
    assert stored_files(media) == [media / kept]


def test_a_post_without_the_image_field_is_refused(editor_client, place, media):
    response = editor_client.post(image_url(place), {"picture": picture()})
    assert response.status_code == 400
    assert list(response.json()) == ["image"]
    assert stored_files(media) == []


# -- who may --------------------------------------------------------------------------------


def test_an_editor_of_another_game_is_refused_and_nothing_changes(client, place, vision_editor, media):
    client.force_login(vision_editor)
    assert upload(client, place, picture()).status_code == 403
    place.refresh_from_db()
    assert not place.image
    assert stored_files(media) == []


def test_an_editor_of_another_game_cannot_remove_the_image(editor_client, client, place, vision_editor, media):
    assert upload(editor_client, place, picture()).status_code == 200
    place.refresh_from_db()
    kept = place.image.name
    client.force_login(vision_editor)
    assert client.delete(image_url(place)).status_code == 403
    place.refresh_from_db()
    assert place.image.name == kept and (media / kept).is_file()


def test_anonymous_uploads_are_refused(client, place, media):
    assert upload(client, place, picture()).status_code in (401, 403)
    assert client.delete(image_url(place)).status_code in (401, 403)
    place.refresh_from_db()
    assert not place.image
    assert stored_files(media) == []


# -- the admin --------------------------------------------------------------------------------


def test_the_admin_refuses_a_file_that_is_not_an_image(editor_client, place, media):
    url = reverse("admin:cards_card_change", args=[place.pk])
    response = editor_client.post(url, kannagi_form(place, image=_text()))
    assert response.status_code == 200
    assert "image" in response.context["adminform"].form.errors
    place.refresh_from_db()
    assert not place.image
    assert stored_files(media) == []


def test_the_admin_stores_a_real_image(editor_client, place, media):
    url = reverse("admin:cards_card_change", args=[place.pk])
    response = editor_client.post(url, kannagi_form(place, image=picture()))
    assert response.status_code == 302, response.context["adminform"].form.errors if response.context else ""
    place.refresh_from_db()
    assert (media / place.image.name).is_file()
