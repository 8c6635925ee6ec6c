"""Rate limits count in the database, atomically (config/ratelimit.py): a window lets exactly its limit
through and counts no refusal, starts over when it ends, and its row is pruned later; the API throttles
hold when the cache forgets everything; the check page and the validate API share one count; signup and
the direct downloads are counted per address; a refused page is the site's Japanese page saying when to
retry, a refused API call JSON. (Parallel requests against a live server: tests/test_rate_limits_live.py.)"""

import pytest
from django.contrib.auth.models import User
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from config import ratelimit
from config.models import RateCounter

from .conftest import KANNAGI_DECKLIST


@pytest.fixture
def rates(settings):
    """Low rates for the page scopes; the API's own far above what a test asks."""
    settings.API_THROTTLE_RATES = {"anon": "1000/minute", "user": "1000/minute"}
    settings.THROTTLE_RATES = {"check": "2/minute", "signup": "2/hour", "download": "2/minute"}
    return settings


# -- the counter ---------------------------------------------------------------------------------------------


def test_a_window_lets_exactly_its_limit_through_and_does_not_count_refusals(db):
    hits = [ratelimit.hit("k", 3, 60, now=1000.0 + i) for i in range(6)]
    assert [h.allowed for h in hits] == [True, True, True, False, False, False]
    assert ratelimit.count("k", now=1005.0) == 3
    assert hits[3].retry_after == 60 - 3  # the window began with the first request, at 1000
    assert ratelimit.hit("other", 3, 60, now=1005.0).allowed  # keys count alone


def test_a_window_that_has_ended_starts_over(db):
    for i in range(3):
        ratelimit.hit("k", 3, 60, now=1000.0 + i)
    assert not ratelimit.hit("k", 3, 60, now=1059.0).allowed
    assert ratelimit.hit("k", 3, 60, now=1060.0).allowed
    assert ratelimit.count("k", now=1061.0) == 1


def test_a_released_request_gives_its_place_back(db):
    ratelimit.hit("k", 2, 60, now=1000.0)
    ratelimit.hit("k", 2, 60, now=1001.0)
    ratelimit.release("k", now=1002.0)
    assert ratelimit.hit("k", 2, 60, now=1003.0).allowed
    assert not ratelimit.hit("k", 2, 60, now=1004.0).allowed


def test_rows_of_ended_windows_are_pruned_when_a_new_window_starts(db):
    ratelimit.reset()
    for n in range(5):
        ratelimit.hit(f"old{n}", 10, 60, now=1000.0)
    ratelimit.hit("fresh", 10, 60, now=1000.0 + ratelimit.PRUNE_EVERY + 61)  # a new window, a minute later
    assert list(RateCounter.objects.values_list("key", flat=True)) == ["fresh"]


def test_a_very_long_key_is_counted_under_its_digest(db):
    key = "x" * 5000
    assert ratelimit.hit(key, 1, 60).allowed
    assert not ratelimit.hit(key, 1, 60).allowed


# -- the API ------------------------------------------------------------------------------------------------


def test_the_api_throttle_holds_when_the_cache_forgets_everything(client, settings, games):
    settings.API_THROTTLE_RATES = {"anon": "3/minute", "user": "3/minute"}
    codes = []
    for _ in range(5):
        cache.clear()  # what DRF's cache history lost between processes, or a cache that culls
        codes.append(client.get("/api/games/", REMOTE_ADDR="10.1.1.1").status_code)
    assert codes == [200, 200, 200, 429, 429]


def test_the_check_page_and_the_validate_api_share_one_count(client, rates, kannagi_base):
    page = client.post(reverse("deck_check"), {"regulation": kannagi_base.pk, "decklist": KANNAGI_DECKLIST})
    assert page.status_code == 200
    body = {"game": "kannagi", "decklist": KANNAGI_DECKLIST}
    assert client.post("/api/decks/validate/", body, content_type="application/json").status_code == 200
    refused = client.post("/api/decks/validate/", body, content_type="application/json", HTTP_ACCEPT_LANGUAGE="ja")
    assert refused.status_code == 429
    assert refused["Content-Type"].startswith("application/json") and "detail" in refused.json()
    assert int(refused["Retry-After"]) > 0
    again = client.post(reverse("deck_check"), {"regulation": kannagi_base.pk, "decklist": KANNAGI_DECKLIST})
    assert again.status_code == 429


def test_a_refused_check_is_a_japanese_page_saying_when_to_retry(client, rates, kannagi_base):
    for _ in range(2):
        client.post(reverse("deck_check"), {"regulation": kannagi_base.pk, "decklist": KANNAGI_DECKLIST})
    refused = client.post(reverse("deck_check"), {"regulation": kannagi_base.pk, "decklist": KANNAGI_DECKLIST})
    assert refused.status_code == 429
    html = refused.content.decode()
    assert "アクセスが多すぎます" in html and "デッキリストの確認" in html
    seconds = int(refused["Retry-After"])
    assert 0 < seconds <= 60 and f"{seconds} 秒後にもう一度お試しください" in html
    assert client.get(reverse("deck_check")).status_code == 200  # the form itself is not counted


def test_a_signed_in_player_checks_under_their_account_not_their_address(client, rates, user, kannagi_base):
    client.force_login(user)
    for _ in range(2):
        client.post(reverse("deck_check"), {"regulation": kannagi_base.pk, "decklist": "x"}, REMOTE_ADDR="10.2.0.1")
    assert client.post(reverse("deck_check"), {"regulation": kannagi_base.pk, "decklist": "x"},
                       REMOTE_ADDR="10.2.0.2").status_code == 429
    assert Client().post(reverse("deck_check"), {"regulation": kannagi_base.pk, "decklist": "x"},
                         REMOTE_ADDR="10.2.0.1").status_code == 200  # anonymous from that address: its own count


def test_signup_is_throttled_per_address(rates, db):
    def sign_up(name, address):
        data = {"username": name, "password1": "a-long-pass-4711", "password2": "a-long-pass-4711"}
        return Client().post(reverse("signup"), data, REMOTE_ADDR=address, HTTP_ACCEPT_LANGUAGE="en")

    assert [sign_up(f"new{n}", "10.3.0.1").status_code for n in range(2)] == [302, 302]
    refused = sign_up("new2", "10.3.0.1")
    assert refused.status_code == 429 and "account sign-ups" in refused.content.decode()
    assert not User.objects.filter(username="new2").exists()
    assert sign_up("new3", "10.3.0.2").status_code == 302
    assert Client().get(reverse("signup"), REMOTE_ADDR="10.3.0.1").status_code == 200


def test_direct_downloads_are_throttled_per_address(rates, deck):
    deck.visibility = "public"
    deck.save()
    anonymous = Client()
    txt = reverse("deck_export", args=[deck.pk])
    assert [anonymous.get(txt, REMOTE_ADDR="10.4.0.1").status_code for _ in range(2)] == [200, 200]
    for url in (reverse("deck_export_zip", args=[deck.pk, "tts"]), reverse("deck_print_pdf", args=[deck.pk]),
                reverse("deck_shared_export", args=[deck.share_token])):
        refused = anonymous.get(url, REMOTE_ADDR="10.4.0.1")
        assert refused.status_code == 429 and "ダウンロード" in refused.content.decode(), url
    assert anonymous.get(txt, REMOTE_ADDR="10.4.0.2").status_code == 200


def test_the_sign_in_lockout_counts_in_the_database_not_the_cache(user):
    client = Client()
    for _ in range(5):
        cache.clear()
        client.post("/accounts/login/", {"username": "player", "password": "wrong"}, REMOTE_ADDR="10.5.0.1")
    cache.clear()
    locked = client.post("/accounts/login/", {"username": "player", "password": "pw-player-123"},
                         REMOTE_ADDR="10.5.0.1", HTTP_ACCEPT_LANGUAGE="en")
    assert "Too many failed sign-ins" in locked.content.decode() and "_auth_user_id" not in client.session


def test_a_call_one_rate_refuses_uses_up_no_place_in_the_others(client, settings, kannagi_base):
    settings.API_THROTTLE_RATES = {"anon": "1/minute", "user": "1/minute"}
    settings.THROTTLE_RATES = {"check": "5/minute"}
    body = {"game": "kannagi", "decklist": KANNAGI_DECKLIST}
    assert client.post("/api/decks/validate/", body, content_type="application/json").status_code == 200
    assert client.post("/api/decks/validate/", body, content_type="application/json").status_code == 429  # anon
    assert ratelimit.count("throttle_check_127.0.0.1") == 1  # the refused call gave its check back
