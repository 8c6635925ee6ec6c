"""A simulation in a real browser: the Simulate button on a deck queues 2,000 games, the progress bar
advances while a task worker plays them, and the histogram appears without a reload."""

from django.core.management import call_command

from goldfish.models import Simulation


def test_a_2000_game_simulation_shows_progress_then_the_histogram(page, sample_deck):
    page.goto(f"/decks/{sample_deck.pk}/")
    odds = page.locator("#deck-odds")
    assert odds.is_visible() and "–" in odds.inner_text()  # the exact odds, nothing simulated yet
    page.locator("#id_games").select_option("2000")
    page.locator("#simulate-button").click()
    page.wait_for_url("**/simulations/**")
    sim = Simulation.objects.get()
    assert sim.games == 2000 and sim.status == "queued"
    bar = page.locator("#sim-progress")
    assert bar.is_visible() and bar.get_attribute("value") == "0"
    # record every value the bar shows while the worker plays the pieces
    page.evaluate(
        """() => {
          window.seen = [];
          const bar = document.querySelector('#sim-progress');
          new MutationObserver(() => window.seen.push(Number(bar.value))).observe(bar, {attributes: true});
        }"""
    )
    call_command("db_worker", "--batch", "--no-startup-delay", "--no-reload", verbosity=0)  # the worker's turn
    page.wait_for_selector("#sim-results svg.win-chart", timeout=30_000)
    seen = page.evaluate("window.seen")
    assert seen == sorted(seen) and seen[-1] == 2000, seen
    assert any(0 < value < 2000 for value in seen), seen  # it advanced in steps, not in one jump
    assert not page.locator("#sim-progress-box").is_visible()
    assert page.locator("#sim-results svg.win-chart rect.bar").count() >= 20
    assert page.locator("#sim-table tbody tr").count() >= 20
    assert page.locator("#sim-summary").is_visible() and not page.locator("#sim-cards").is_visible()  # summary first
    page.locator("#tab-cards").click()
    assert page.locator("#sim-cards").is_visible() and not page.locator("#sim-summary").is_visible()
    assert "ねこやま" in page.locator("#sim-cards").inner_text()
    # the link is the results: opened again, the server draws them (no script needed)
    page.goto(page.url)  # (its address keeps the open tab: #tab-cards)
    assert page.locator("#sim-cards").is_visible() and not page.locator("svg.win-chart").is_visible()
    page.locator("#tab-summary").click()
    assert page.locator("svg.win-chart").is_visible()
    page.goto(f"/decks/{sample_deck.pk}/")
    assert page.locator(f"#deck-odds a[href='/simulations/{sim.token}/']").count() >= 1


def test_on_a_phone_the_summary_and_a_chart_at_the_screen_s_width_come_first_with_no_sideways_scroll(phone, sample_deck):
    from goldfish import services
    from goldfish.actors import Actor

    class Anonymous:
        is_authenticated = False
        pk = None

    sim = services.start_simulation(who=Actor(user=Anonymous(), key="k" * 64), deck=sample_deck, games=200, seed=1, turn_cap=20)
    call_command("db_worker", "--batch", "--no-startup-delay", "--no-reload", verbosity=0)
    phone.goto(f"/simulations/{sim.token}/")
    wide, narrow = phone.locator("svg.win-chart"), phone.locator("svg.win-chart-narrow")
    assert narrow.is_visible() and not wide.is_visible()
    box = narrow.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390
    for figure in ("#sim-mean", "#sim-median", "#sim-not-won"):
        assert phone.locator(figure).is_visible()
    assert not phone.locator("#sim-cards").is_visible()
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390 + 1
    phone.locator("#tab-cards").click()
    assert phone.locator("#sim-cards").is_visible() and not narrow.is_visible()
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390 + 1
