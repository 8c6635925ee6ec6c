"""The designer report on the site, in the API and on the command line: a deck's "Card impact" link starts a
report played by the task worker; its page shows the table sorted by impact and a chart, and a swap form
whose report shows the differences; access follows the deck's visibility; bad input is named."""

import json

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from goldfish.models import CardReport
from rules.engine.report import card_report
from tests.conftest import KANNAGI_DECKLIST

pytestmark = pytest.mark.django_db(transaction=True)  # the worker closes and reopens connections


def run_worker():
    call_command("db_worker", "--batch", "--no-startup-delay", "--no-reload", verbosity=0)


def start(client, deck, games=200, seed=3, **swap):
    return client.post(f"/decks/{deck.pk}/card-report/", {"games": games, "seed": seed, "turn_cap": 20, **swap})


def ask(deck, games, seed, **swap):
    """A report of any number of games (the form offers a few), asked for as the page asks for it."""
    from goldfish import services
    from goldfish.actors import Actor

    return services.start_card_report(who=Actor(user=deck.owner), deck=deck, games=games, seed=seed, turn_cap=20, **swap)


def test_the_deck_page_links_to_the_card_impact_page(user_client, deck):
    page = user_client.get(deck.get_absolute_url()).content.decode()
    assert f'href="/decks/{deck.pk}/card-report/"' in page
    form = user_client.get(f"/decks/{deck.pk}/card-report/").content.decode()
    assert 'id="card-report-form"' in form and "カードの影響" in form


def test_a_report_is_played_by_the_worker_and_shown_sorted_by_impact(user_client, deck):
    response = start(user_client, deck)
    report = CardReport.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/card-reports/{report.token}/"
    page = user_client.get(response["Location"]).content.decode()
    assert 'id="report-progress"' in page and 'id="report-table"' not in page
    assert user_client.get(f"/card-reports/{report.token}/status.json").json()["status"] == "queued"
    run_worker()
    report.refresh_from_db()
    assert report.status == "done" and report.done == 200
    assert report.result == card_report("kannagi", report.decks, 200, 3, 20)
    status = user_client.get(f"/card-reports/{report.token}/status.json").json()
    assert status["status"] == "done" and status["percent"] == 100
    page = user_client.get(f"/card-reports/{report.token}/").content.decode()
    assert 'class="impact-chart"' in page and 'id="report-table"' in page and 'id="swap-form"' in page
    names = [row["name"] for row in report.result["cards"]]
    positions = [page.index(f">{name}</span>") for name in names]
    assert positions == sorted(positions)  # the table in the report's order (by impact)
    assert "Traceback" not in page and "{&quot;" not in page


def test_the_same_request_links_to_the_same_report(user_client, deck):
    first = start(user_client, deck)
    again = start(user_client, deck)
    assert first["Location"] == again["Location"] and CardReport.objects.count() == 1


def test_a_swap_report_shows_the_differences_and_a_self_swap_changes_nothing(user_client, deck, django_user_model):
    entry = deck.entries.select_related("card").first()
    key = str(entry.card_id)
    response = start(user_client, deck, games=200, swap_old=key, swap_new=key)
    run_worker()
    report = CardReport.objects.get(swap_old=key)
    assert report.status == "done" and report.done == 400
    changes = report.result["changes"]
    diffs = [changes["deck"]["share"]] + [row[k] for row in changes["cards"] for k in ("impact", "share_with", "stuck", "play_share")]
    assert all(d is None or (d["diff"] == 0 and not d["significant"]) for d in diffs)
    page = user_client.get(response["Location"]).content.decode()
    assert 'id="swap-table"' in page and f"{entry.card.name} → {entry.card.name}" in page
    # the result offers its owner デッキに反映 (a new revision of the revision played) and another swap, whose
    # card to put in is a search field, not a menu of every card of the game
    assert 'id="swap-apply"' in page and f'name="revision" value="{deck.revision}"' in page and "デッキに反映" in page
    assert 'id="swap-form"' in page and 'id="swap-new-q"' in page and 'name="swap_new" id="swap-new"' not in page
    from django.test import Client

    stranger = Client()
    stranger.force_login(django_user_model.objects.create_user("stranger", password="pw-stranger-123"))
    deck.visibility = "public"
    deck.save(update_fields=["visibility"])
    assert 'id="swap-apply"' not in stranger.get(response["Location"]).content.decode()


def test_a_swap_of_a_card_not_in_the_deck_or_not_of_the_game_is_refused_naming_it(user_client, deck):
    from cards.models import Card

    other_game = Card.objects.exclude(game_id="kannagi").first()  # a bundled card of another game
    key = str(deck.entries.first().card_id)
    response = start(user_client, deck, swap_old="999999", swap_new=key)
    assert response.status_code == 302 and CardReport.objects.count() == 0
    page = user_client.get(response["Location"]).content.decode()
    assert "999999" in page
    response = start(user_client, deck, swap_old=key, swap_new=str(other_game.pk))
    page = user_client.get(response["Location"]).content.decode()
    assert str(other_game.pk) in page and CardReport.objects.count() == 0
    response = start(user_client, deck, swap_old=key)
    assert CardReport.objects.count() == 0
    response = start(user_client, deck, games=123456)
    assert CardReport.objects.count() == 0 and "123456" in user_client.get(response["Location"]).content.decode()


def test_a_private_decks_report_is_for_its_owner_only(user_client, deck, django_user_model):
    from django.test import Client

    start(user_client, deck)
    report = CardReport.objects.get()
    assert user_client.get(f"/card-reports/{report.token}/").status_code == 200
    client = Client()
    for url in (f"/card-reports/{report.token}/", f"/card-reports/{report.token}/status.json", f"/api/card-reports/{report.token}/"):
        assert client.get(url).status_code == 404
    assert client.get(f"/decks/{deck.pk}/card-report/").status_code == 404
    assert client.post(f"/decks/{deck.pk}/card-report/", {"games": 200, "seed": 1, "turn_cap": 20}).status_code == 404
    other = django_user_model.objects.create_user("other", password="pw-other-123")
    client.force_login(other)
    assert client.get(f"/card-reports/{report.token}/").status_code == 404


def test_an_unlisted_deck_is_reported_by_its_share_link(client, deck):
    deck.visibility = "unlisted"
    deck.save(update_fields=["visibility"])
    response = client.post(f"/decks/s/{deck.share_token}/card-report/", {"games": 200, "seed": 1, "turn_cap": 20})
    report = CardReport.objects.get()
    assert response["Location"] == f"/card-reports/{report.token}/"
    assert client.get(f"/card-reports/{report.token}/").status_code == 200
    assert client.get(f"/decks/{deck.pk}/card-report/").status_code == 404


def test_the_api_starts_and_reads_a_report(user_client, deck):
    response = user_client.post("/api/card-reports/", {"deck": deck.pk, "games": 100, "seed": 5}, content_type="application/json")
    assert response.status_code == 201
    body = response.json()
    assert body["status"] == "queued" and body["result"] is None and body["games"] == 100
    again = user_client.post("/api/card-reports/", {"deck": deck.pk, "games": 100, "seed": 5}, content_type="application/json")
    assert again.status_code == 200 and again.json()["id"] == body["id"]
    run_worker()
    done = user_client.get(f"/api/card-reports/{body['id']}/").json()
    assert done["status"] == "done" and done["result"]["games"] == 100 and done["result"]["cards"]
    bad = user_client.post("/api/card-reports/", {"deck": deck.pk, "games": 100, "swap_old": "1", "swap_new": "x"}, content_type="application/json")
    assert bad.status_code == 400 and "入れ替え" in json.dumps(bad.json(), ensure_ascii=False)


def test_the_schema_lists_the_card_report_endpoints(client):
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/json").content.decode()
    assert "/api/card-reports/" in schema and "/api/card-reports/{id}/" in schema


# -- the command -----------------------------------------------------------------------------------------------


def test_the_command_prints_the_table_and_json(tmp_path, bundled, capsys):
    path = tmp_path / "deck.txt"
    path.write_text(KANNAGI_DECKLIST, encoding="utf-8")
    call_command("card_report", "kannagi", str(path), "--games", "80", "--seed", "2", "--json")
    result = json.loads(capsys.readouterr().out)
    assert result["games"] == 80 and len(result["cards"]) == 13 and result["by_turn"] == (result["median"] or 20)
    call_command("card_report", "kannagi", str(path), "--games", "80", "--seed", "2", "--json")
    assert json.loads(capsys.readouterr().out) == result  # the same seed, the same report
    call_command("card_report", "kannagi", str(path), "--games", "80", "--seed", "2")
    out = capsys.readouterr().out
    assert "impact" in out and "ねこやま" in out and out.index(result["cards"][0]["name"]) < out.index(result["cards"][-1]["name"])


def test_the_command_swaps_and_a_self_swap_is_all_zeros(tmp_path, bundled, capsys):
    path = tmp_path / "deck.txt"
    path.write_text(KANNAGI_DECKLIST, encoding="utf-8")
    call_command("card_report", "kannagi", str(path), "--games", "40", "--swap", "ねこやま=ねこやま", "--json")
    result = json.loads(capsys.readouterr().out)
    assert result["base"] == result["swapped"]
    assert result["changes"]["deck"]["share"]["diff"] == 0
    call_command("card_report", "kannagi", str(path), "--games", "40", "--swap", "ねこやま=肥川の大蛇")
    out = capsys.readouterr().out
    assert "swap ねこやま → 肥川の大蛇" in out


def test_the_command_names_bad_input(tmp_path, bundled, monkeypatch):
    path = tmp_path / "deck.txt"
    path.write_text("メイン:\n4 ねこやま\n3 存在しないカード\n", encoding="utf-8")
    monkeypatch.setenv("LANGUAGE", "ja")  # the shell's language
    with pytest.raises(CommandError, match="3行目"):
        call_command("card_report", "kannagi", str(path), "--games", "10")
    monkeypatch.setenv("LANGUAGE", "en")
    with pytest.raises(CommandError, match="Line 3"):
        call_command("card_report", "kannagi", str(path), "--games", "10")
    with pytest.raises(CommandError, match="deckfile"):
        call_command("card_report", "kannagi", str(tmp_path / "none.txt"), "--games", "10")
    path.write_text(KANNAGI_DECKLIST, encoding="utf-8")
    with pytest.raises(CommandError, match="--games: a whole number from 1"):
        call_command("card_report", "kannagi", str(path), "--games", "0")
    with pytest.raises(CommandError, match="game: 'chess'"):
        call_command("card_report", "chess", str(path))
    with pytest.raises(CommandError, match="--swap: .* is not OLD=NEW"):
        call_command("card_report", "kannagi", str(path), "--swap", "ねこやま")
    with pytest.raises(CommandError, match="--swap: NEW '存在しないカード'"):
        call_command("card_report", "kannagi", str(path), "--swap", "ねこやま=存在しないカード")
    from cards.models import Card

    listed = {line.split(" ", 1)[1] for line in KANNAGI_DECKLIST.splitlines()[1:]}
    absent = Card.objects.filter(game_id="kannagi").exclude(name__in=listed).first().name
    with pytest.raises(CommandError, match=f"--swap: '{absent}' is not in the deck"):
        call_command("card_report", "kannagi", str(path), "--swap", f"{absent}=ねこやま")
    with pytest.raises(CommandError, match="--by-turn"):
        call_command("card_report", "kannagi", str(path), "--by-turn", "0")


def test_a_report_whose_worker_died_is_queued_again_by_the_next_worker_not_by_its_page(user_client, deck):
    from datetime import timedelta

    from django.utils import timezone
    from django_tasks_db.models import DBTaskResult

    from goldfish.models import CardReportPiece

    start(user_client, deck, games=100)
    report = CardReport.objects.get()
    piece = report.pieces.first()
    task = DBTaskResult.objects.filter(pk=piece.task_id)
    # a worker took the report's first piece, then was killed (kill -9, the machine went down)
    old = timezone.now() - timedelta(minutes=3)
    task.update(status="RUNNING", started_at=old, worker_ids=["dead"])
    CardReportPiece.objects.filter(pk=piece.pk).update(status="running", heartbeat_at=old, attempts=1)
    CardReport.objects.filter(pk=report.pk).update(status="running")
    assert user_client.get(f"/card-reports/{report.token}/status.json").json()["status"] == "running"
    assert user_client.get(f"/api/card-reports/{report.token}/").json()["status"] == "running"
    ready = DBTaskResult.objects.filter(task_path__startswith="goldfish.", status="READY").count()
    assert ready == report.pieces.count() - 1  # a page never queues
    run_worker()
    report.refresh_from_db()
    assert report.status == "done" and report.result == card_report("kannagi", report.decks, 100, 3, 20)
    piece.refresh_from_db()
    assert piece.attempts == 2 and not DBTaskResult.objects.filter(status="RUNNING").exists()


def test_a_report_is_played_in_pieces_of_seeds_and_merged_into_the_one_process_report(user_client, deck):
    """Issue 36: a card report is spread over the workers like a simulation; its pieces' tallies add up to
    the figures of one process playing every game (game i from seed + i whatever piece holds it)."""
    from goldfish.services import report_pieces

    assert report_pieces(5000) == [(False, s, 250) for s in range(0, 5000, 250)]
    assert report_pieces(130) == [(False, 0, 50), (False, 50, 50), (False, 100, 30)]
    assert report_pieces(100, swap=True) == [(False, 0, 50), (False, 50, 50), (True, 0, 50), (True, 50, 50)]
    report = ask(deck, games=230, seed=4)
    assert [(p.swapped, p.start, p.count, p.status) for p in report.pieces.all()] == [
        (False, 0, 50, "queued"), (False, 50, 50, "queued"), (False, 100, 50, "queued"), (False, 150, 50, "queued"),
        (False, 200, 30, "queued")]
    assert len({p.task_id for p in report.pieces.all()}) == 5  # a task each, for any worker to take
    run_worker()
    report.refresh_from_db()
    assert report.status == "done" and report.done == 230
    assert report.result == card_report("kannagi", report.decks, 230, 4, 20)
    assert all(p.status == "done" and p.tally is None for p in report.pieces.all())  # the report keeps the figures


def test_a_swap_report_in_pieces_is_the_one_process_swap_report(user_client, deck):
    from cards.models import Card
    from goldfish.selectors import engine_card
    from rules.engine.report import swap_report

    entry = deck.entries.select_related("card").first()
    other = Card.objects.filter(game_id="kannagi").exclude(pk__in=deck.entries.values("card_id")).first()
    report = ask(deck, games=120, seed=6, swap_old=str(entry.card_id), swap_new=str(other.pk))
    assert [(p.swapped, p.start, p.count) for p in report.pieces.all()] == [
        (False, 0, 50), (False, 50, 50), (False, 100, 20), (True, 0, 50), (True, 50, 50), (True, 100, 20)]
    run_worker()
    report.refresh_from_db()
    assert report.status == "done" and report.done == 240
    assert report.result == swap_report("kannagi", report.decks, report.swap_old, engine_card(other), 120, 6, 20)


def test_a_piece_that_fails_fails_its_report_and_its_waiting_pieces(user_client, deck, monkeypatch):
    import goldfish.tasks

    def broken(*args, **kwargs):
        raise RuntimeError("broken rules")

    monkeypatch.setattr(goldfish.tasks, "observe_range", broken)
    start(user_client, deck, games=200)
    report = CardReport.objects.get()
    run_worker()
    report.refresh_from_db()
    assert report.status == "failed" and "broken rules" in report.error
    assert sorted(report.pieces.values_list("status", flat=True)) == ["failed"] * 4
    status = user_client.get(f"/card-reports/{report.token}/status.json").json()
    assert status["status"] == "failed"
