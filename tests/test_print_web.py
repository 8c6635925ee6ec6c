"""Printing from the site: a Print page on every deck and pool with options, a preview and the PDF."""

import io

import pytest
from PIL import Image
from pypdf import PdfReader

from decks.models import Deck, Pool, Visibility
from printing.sheets import MM


@pytest.fixture
def kannagi_sample(samples):
    return Deck.objects.get(name="サンプル：春と無の零探し")


def pdf_of(response):
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    return PdfReader(io.BytesIO(response.content))


def test_a_deck_page_links_its_print_page_with_options_and_a_preview(client, kannagi_sample):
    assert f"/decks/{kannagi_sample.pk}/print/" in client.get(f"/decks/{kannagi_sample.pk}/").content.decode()
    page = client.get(f"/decks/{kannagi_sample.pk}/print/")
    html = page.content.decode()
    assert page.status_code == 200
    assert "100%" in html and 'name="bleed"' in html and 'name="backs"' in html
    preview = client.get(f"/decks/{kannagi_sample.pk}/print/preview.png?paper=A4")
    image = Image.open(io.BytesIO(preview.content))
    assert image.format == "PNG" and abs(image.height / image.width - 297 / 210) < 0.01


def test_the_pdf_prints_the_decks_counts_or_one_of_each(client, kannagi_sample):
    total = sum(kannagi_sample.entries.values_list("count", flat=True))
    distinct = kannagi_sample.entries.count()
    reader = pdf_of(client.get(f"/decks/{kannagi_sample.pk}/print.pdf"))
    assert len(reader.pages) == -(-total // 9)
    reader = pdf_of(client.get(f"/decks/{kannagi_sample.pk}/print.pdf?copies=one"))
    assert len(reader.pages) == -(-distinct // 9)


def test_options_from_the_form_reach_the_pdf(client, kannagi_sample):
    reader = pdf_of(client.get(f"/decks/{kannagi_sample.pk}/print.pdf?paper=Letter&card_size=59x86&backs=short&bleed=1"))
    box = reader.pages[0].mediabox
    assert float(box.width) / MM == pytest.approx(215.9, abs=0.01) and float(box.height) / MM == pytest.approx(279.4, abs=0.01)
    assert len(reader.pages) % 2 == 0  # every page of fronts has its backs


def test_a_bad_option_is_a_clear_400(client, kannagi_sample):
    page = client.get(f"/decks/{kannagi_sample.pk}/print/?bleed=9")
    assert page.status_code == 400 and 'class="errorlist' in page.content.decode()
    assert client.get(f"/decks/{kannagi_sample.pk}/print.pdf?card_size=custom&custom_size=5x5").status_code == 400


def test_a_pool_prints_its_shared_deck_with_one_back(client, samples):
    pool = Pool.objects.get(name="サンプル：13枚持ち寄り（2人）")
    reader = pdf_of(client.get(f"/pools/{pool.pk}/print.pdf?backs=long"))
    assert len(reader.pages) == 2 * -(-26 // 9)
    backs = set()
    for page in reader.pages[1::2]:
        for operands, op in page.get_contents().operations:
            if op == b"Do":
                backs.add(operands[0])
    assert len(backs) == 1


def test_nobody_prints_a_private_deck_but_its_owner(user_client, user, samples):
    from django.test import Client

    from decks import services

    anonymous = Client()
    deck = services.deck_create(owner=user, game="kannagi", name="秘密", visibility=Visibility.PRIVATE)
    for url in (f"/decks/{deck.pk}/print/", f"/decks/{deck.pk}/print.pdf", f"/decks/{deck.pk}/print/preview.png"):
        assert anonymous.get(url).status_code == 404
        assert user_client.get(url).status_code == 200


def test_the_alignment_sheet_downloads(client, kannagi_sample):
    reader = pdf_of(client.get(f"/decks/{kannagi_sample.pk}/print/alignment.pdf?backs=short&offset_x=1"))
    assert len(reader.pages) == 2


def test_a_games_editor_uploads_a_back_that_every_print_of_the_game_uses(editor_client, kannagi_sample, settings, tmp_path):
    from django.core.files.uploadedfile import SimpleUploadedFile
    from PIL import Image

    from printing.models import CardBack

    settings.MEDIA_ROOT = tmp_path
    buffer = io.BytesIO()
    Image.new("RGB", (63, 88), (5, 5, 5)).save(buffer, "PNG")
    upload = SimpleUploadedFile("back.png", buffer.getvalue(), content_type="image/png")
    response = editor_client.post("/admin/printing/cardback/add/", {"game": "kannagi", "image": upload})
    assert response.status_code == 302, response.content.decode()[:500]
    assert CardBack.objects.filter(game="kannagi").exists()
    reader = pdf_of(editor_client.get(f"/decks/{kannagi_sample.pk}/print.pdf?backs=long"))
    back_page = reader.pages[1]
    forms = [ref.get_object() for ref in back_page["/Resources"]["/XObject"].values()]
    assert any("/Image" in str(x.get_object()["/Subtype"]) for f in forms for x in f["/Resources"].get("/XObject", {}).values())
    # another game's editor cannot touch it
    other = editor_client.post("/admin/printing/cardback/add/", {"game": "vision", "image": upload})
    assert not CardBack.objects.filter(game="vision").exists() and other.status_code in (200, 403)


# -- background jobs -----------------------------------------------------------------------------------------


def run_worker():
    from django.core.management import call_command

    call_command("db_worker", "--batch", "--no-startup-delay", "--no-reload", verbosity=0)


@pytest.mark.django_db(transaction=True)  # the worker closes and reopens connections, as in production
def test_a_set_print_runs_as_a_background_job_with_progress_and_a_download(client, bundled, settings, tmp_path):
    from printing.models import PrintJob

    settings.MEDIA_ROOT = tmp_path
    page = client.get("/games/kannagi/print/?copies=one")
    assert page.status_code == 200
    response = client.post("/games/kannagi/print/job/", {"paper": "A4", "copies": "one", "backs": "long"})
    job = PrintJob.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/print/jobs/{job.token}/"
    status = client.get(f"/print/jobs/{job.token}/status.json").json()
    assert status["status"] == "queued" and status["done"] == 0 and status["total"] == 32 and status["file"] is None
    assert "<progress" in client.get(f"/print/jobs/{job.token}/").content.decode()
    run_worker()
    status = client.get(f"/print/jobs/{job.token}/status.json").json()
    assert status["status"] == "done" and status["done"] == status["total"] == 32 and status["percent"] == 100
    reader = PdfReader(io.BytesIO(b"".join(client.get(status["file"]).streaming_content)))
    assert len(reader.pages) == 2 * -(-32 // 9)  # fronts and backs


def test_a_big_print_is_steered_to_the_background(client, bundled):
    from cards.models import Card

    Card.objects.bulk_create(
        [Card(game_id="original", name=f"試作{i}", card_type="兵", cost=1, attrs={"attributes": ["火"], "move_cost": 1, "power": 1}) for i in range(650)]
    )
    page = client.get("/games/original/print/?copies=one").content.decode()
    assert 'id="job-button"' in page and 'id="pdf-link"' not in page
    assert client.get("/games/original/print.pdf?copies=one").status_code == 400


def test_a_job_page_for_an_unknown_token_is_not_found(client, db):
    assert client.get("/print/jobs/nope/").status_code == 404
    assert client.get("/print/jobs/nope/file.pdf").status_code == 404


@pytest.mark.parametrize("suffix", ["print/", "print.pdf", "print/preview.png", "print/alignment.pdf"])
def test_a_card_too_big_for_the_paper_is_a_400_naming_it(client, kannagi_sample, suffix):
    response = client.get(f"/decks/{kannagi_sample.pk}/{suffix}?card_size=custom&custom_size=200x300")
    assert response.status_code == 400


def test_a_job_for_a_card_too_big_for_the_paper_is_refused(client, kannagi_sample):
    from printing.models import PrintJob

    response = client.post(f"/decks/{kannagi_sample.pk}/print/job/", {"card_size": "custom", "custom_size": "200x300"})
    assert response.status_code == 400 and not PrintJob.objects.exists()


def test_a_card_whose_image_went_missing_prints_its_drawn_face(client, kannagi_sample, settings, tmp_path):
    from cards.models import Card

    settings.MEDIA_ROOT = tmp_path
    card = kannagi_sample.entries.first().card
    Card.objects.filter(pk=card.pk).update(image="cards/kannagi/gone.png")
    for bleed in ("0", "2"):
        reader = pdf_of(client.get(f"/decks/{kannagi_sample.pk}/print.pdf?bleed={bleed}"))
        assert any(card.name in page.extract_text() for page in reader.pages)  # drawn from its data


def test_the_background_form_posts_the_options_and_the_option_form_carries_no_csrf_token(client, bundled):
    from cards.models import Card

    Card.objects.bulk_create(
        [Card(game_id="original", name=f"試作{i}", card_type="兵", cost=1, attrs={"attributes": ["火"], "move_cost": 1, "power": 1}) for i in range(250)]
    )
    html = client.get("/games/original/print/?copies=one&paper=A3").content.decode()
    options_form = html[html.index('id="print-form"'):html.index("</form>", html.index('id="print-form"'))]
    job_form = html[html.index('id="job-form"'):html.index("</form>", html.index('id="job-form"'))]
    assert "csrfmiddlewaretoken" not in options_form
    assert "csrfmiddlewaretoken" in job_form and 'name="paper" value="A3"' in job_form
