"""Issue 36: a matchup's pieces are taken by every worker process. Two separate worker processes, each with its
own connection to the same PostgreSQL database, share the pieces of one matchup (a gauntlet of two opponents),
and the matchups they make together are the one process's play_match for the same decks and seed. (SQLite's
test database lives in this process's memory: no other process can reach it, so this runs on PostgreSQL,
which CI always runs.)"""

import pytest
from django.db import connection

from goldfish.models import Matchup, MatchupPiece
from rules.engine.versus import play_match
from tests.test_simulation_workers import worker

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="separate worker processes need a database server (CI runs PostgreSQL)"),
]


def test_two_worker_processes_both_take_pieces_of_one_matchup_and_get_the_one_process_figures(user_client, deck, samples):
    opponents = list(samples.filter(game_id=deck.game_id).order_by("pk")[:2])
    assert len(opponents) == 2
    response = user_client.post(f"/decks/{deck.pk}/matchup/", {
        "opponents": [str(o.pk) for o in opponents], "games": "40", "seed": "7", "ai": "heuristic"})
    assert response.status_code == 302
    matchup = Matchup.objects.get()
    assert MatchupPiece.objects.filter(matchup=matchup).count() == 40  # pieces of 2 games, 20 an opponent
    procs = [worker(n) for n in range(2)]
    outputs = [p.communicate(timeout=300)[0] for p in procs]
    assert all(p.returncode == 0 for p in procs), outputs
    matchup.refresh_from_db()
    assert matchup.status == "done" and matchup.done == 80
    for n, other in enumerate(matchup.decks["opponents"]):
        assert matchup.result[n] == play_match(deck.game_id, matchup.decks["deck"], other, 40, 7)["matchup"]
    by_worker = {}
    for worker_id in matchup.pieces.values_list("worker_id", flat=True):
        by_worker[worker_id] = by_worker.get(worker_id, 0) + 1
    print("matchup pieces by worker:", by_worker)
    assert set(by_worker) == {"w0", "w1"}, f"both worker processes take pieces of the one matchup: {by_worker}"
