"""The designer report in a real browser: the deck's "カードの影響" link, a report played by the task worker
while the page follows its progress, then the table sorted by impact with its chart, and a swap whose
differences are shown; on a phone the table's rows become labelled blocks."""

from django.core.management import call_command

from goldfish.models import CardReport


def run_worker():
    call_command("db_worker", "--batch", "--no-startup-delay", "--no-reload", verbosity=0)


def test_a_card_report_and_a_swap_from_the_deck_page(page, sample_deck):
    page.goto(f"/decks/{sample_deck.pk}/")
    page.get_by_role("link", name="カードの影響").click()
    page.wait_for_url("**/card-report/")
    page.locator("#id_games").select_option("200")
    page.locator("#card-report-button").click()
    page.wait_for_url("**/card-reports/**")
    assert page.locator("#report-progress").is_visible()
    run_worker()
    page.wait_for_selector("#report-table", state="attached", timeout=30_000)  # the page follows the status and shows the results
    page.locator("#tab-cards").click()  # (the summary tab first)
    report = CardReport.objects.get()
    rows = page.locator("#report-table tbody tr")
    assert rows.count() == len(report.result["cards"])
    assert report.result["cards"][0]["name"] in rows.first.inner_text()
    assert page.locator("svg.impact-chart rect.impact-bar").count() >= 1
    assert not page.locator("#report-progress-box").is_visible()
    # a swap: the first card out, another card of the game in, found by a search field (one row per name)
    page.locator("#swap-old").select_option(index=0)
    assert page.locator("select[name=swap_new]").count() == 0
    page.locator("#swap-new-q").fill("検問")
    page.locator("#swap-new-results li[data-card]").first.wait_for()
    names = page.locator("#swap-new-results li[data-card] .name").all_inner_texts()
    assert names and len(names) == len(set(names)) and names[0] == "検問"
    page.locator("#swap-new-q").press("Enter")
    assert "検問" in page.locator("#swap-new-chosen").inner_text()
    page.locator("#swap-form button[type=submit]").click()
    page.wait_for_url("**/card-reports/**")
    run_worker()
    page.wait_for_selector("#swap-table", state="attached", timeout=30_000)
    assert page.locator("#swap-table tbody tr.swapped").count() == 1
    assert "→ 検問" in page.locator("#report-swap h2").inner_text()
    # another swap from the result, and no デッキに反映 for a deck that is not the visitor's
    assert page.locator("#swap-form").is_visible() and "別の入れ替え" in page.locator("#swap-form h2").inner_text()
    assert page.locator("#swap-apply").count() == 0


def test_the_report_reads_on_a_phone(phone, sample_deck):
    from goldfish import services
    from goldfish.actors import Actor

    class Anonymous:
        is_authenticated = False
        pk = None

    report = services.start_card_report(who=Actor(user=Anonymous(), key="k" * 64), deck=sample_deck, games=100, seed=1)
    run_worker()
    phone.goto(f"/card-reports/{report.token}/")
    # the summary first: the deck's figures, the cards' table in the second tab
    assert phone.locator("#report-share").is_visible() and phone.locator("#report-median").is_visible()
    table = phone.locator("#report-table")
    assert not table.is_visible()
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= 390 + 1, width  # nothing wider than the phone
    phone.locator("#tab-cards").click()
    assert table.is_visible() and not phone.locator("#report-share").is_visible()
    assert phone.locator("#tab-cards").get_attribute("aria-selected") == "true"
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= 390 + 1, width
