"""Printing in a real browser: the preview follows the options, and a big print is made in the background
with a progress bar that advances to a download link."""

import pytest

from cards.models import Card
from printing.models import PrintJob


@pytest.fixture
def big_set(transactional_db, settings, tmp_path):
    from cards.services import load_bundled

    settings.MEDIA_ROOT = tmp_path
    load_bundled()
    Card.objects.bulk_create(
        [Card(game_id="original", name=f"試作{i:03d}", card_type="兵", cost=1, attrs={"attributes": ["火"], "move_cost": 1, "power": 1}) for i in range(300)]
    )


def test_a_big_set_prints_in_the_background_with_a_progress_bar(page, big_set):
    page.goto("/games/original/print/?copies=one")
    preview = page.locator("#preview")
    first = preview.get_attribute("src")
    page.get_by_label("用紙").select_option("A3")
    page.wait_for_function("src => document.querySelector('#preview').getAttribute('src') !== src", arg=first)
    assert "paper=A3" in preview.get_attribute("src") and "csrfmiddlewaretoken" not in page.url
    page.locator("#job-button").click()
    page.wait_for_url("**/print/jobs/**")
    assert page.locator("#job-progress").is_visible()
    job = PrintJob.objects.get()
    assert job.options["paper"] == "A3" and job.total == Card.objects.filter(game="original").count()

    from django.core.management import call_command

    assert page.locator("#job").get_attribute("data-status") == "queued"
    call_command("db_worker", "--batch", "--no-startup-delay", "--no-reload", verbosity=0)  # the worker's turn
    page.wait_for_function("() => document.querySelector('#job').dataset.status === 'done'", timeout=30_000)
    value = page.locator("#job-progress").evaluate("el => [el.value, el.max]")
    assert value[0] == value[1] == job.total
    assert page.locator("#job-file").is_visible()
