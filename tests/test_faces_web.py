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


# -- faces drawn ahead of time (issue 23): the first look at a card finds its face drawn --------------------


def _face_tasks():
    from django_tasks_db.models import DBTaskResult

    return [t.args_kwargs["args"][0] for t in DBTaskResult.objects.filter(task_path="printing.tasks.draw_faces_ahead")]


def test_a_saved_card_queues_its_faces_for_the_worker(bundled, django_capture_on_commit_callbacks):
    card = Card.objects.get(game="kannagi", name="ねこやま")
    with django_capture_on_commit_callbacks(execute=True):
        card.rules_text = "テストの効果"
        card.save()
    assert _face_tasks() == [[card.pk]]


def test_changed_cards_are_queued_in_short_tasks(bundled, django_capture_on_commit_callbacks):
    from cards.faces import faces_changed
    from printing.services import FACES_PER_TASK

    ids = list(Card.objects.order_by("pk").values_list("pk", flat=True))[: FACES_PER_TASK + 3]
    with django_capture_on_commit_callbacks(execute=True):
        faces_changed([*ids, ids[0]])  # twice the same card: queued once
    assert _face_tasks() == [ids[:FACES_PER_TASK], ids[FACES_PER_TASK:]]


def test_nothing_is_queued_when_turned_off(bundled, settings, django_capture_on_commit_callbacks):
    settings.FACES_AHEAD = False
    card = Card.objects.get(game="kannagi", name="ねこやま")
    with django_capture_on_commit_callbacks(execute=True):
        card.save()
    assert _face_tasks() == []


def test_the_task_draws_the_missing_faces_once_and_the_page_serves_them(client, bundled, media):
    from printing.tasks import draw_faces_ahead

    card = Card.objects.get(game="kannagi", name="ねこやま")
    assert draw_faces_ahead.call([card.pk]) == 2  # s and m
    assert sorted(p.name[-7:] for p in (media / "faces" / str(card.pk)).glob("*.webp")) == ["-m.webp", "-s.webp"]
    assert draw_faces_ahead.call([card.pk, 999999]) == 0  # drawn already; a deleted card is skipped
    assert client.get(face_url(card)).status_code == 200


def test_the_command_draws_a_games_faces(bundled, media):
    from django.core.management import call_command

    out = io.StringIO()
    call_command("draw_faces", "--game", "kannagi", "--queue", stdout=out)
    assert "queued the faces of" in out.getvalue()


def test_an_import_queues_the_faces_of_the_cards_it_wrote(bundled, django_capture_on_commit_callbacks):
    import json

    from cards.services import import_cards

    changed = Card.objects.get(game="kannagi", name="ねこやま")
    row = {**changed.to_data(), "rules_text": "インポートで変えた効果"}
    new = {"name": "インポートの新カード", "card_type": "場所札", "cost": 0, "fields": {"season": ["春"], "power": 1}}
    with django_capture_on_commit_callbacks(execute=True):
        report = import_cards(game="kannagi", data=json.dumps([row, new]).encode(), fmt="json")
    assert report.written and report.created == 1 and report.updated == 1
    created = Card.objects.get(game="kannagi", name="インポートの新カード")
    assert _face_tasks() == [sorted([changed.pk, created.pk])]


def test_the_worker_takes_what_a_player_waits_for_before_faces():
    from goldfish.tasks import run_simulation_chunk
    from printing.tasks import draw_faces_ahead, render_print_job

    assert draw_faces_ahead.priority < min(run_simulation_chunk.priority, render_print_job.priority)
