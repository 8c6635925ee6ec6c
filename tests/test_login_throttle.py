"""Sign-in is throttled: after five failed attempts for an account from one address, even the right
password is refused for fifteen minutes with a message saying so; other addresses and other accounts are
not affected; the admin's sign-in counts the same way."""

import pytest
from django.core.cache import cache
from django.test import Client

from config.signin import LOGIN_FAILURES, LOGIN_FAILURES_PER_ADDRESS


@pytest.fixture(autouse=True)
def fresh_cache():
    cache.clear()
    yield
    cache.clear()


def sign_in(client, username, password, address="10.0.0.1", url="/accounts/login/"):
    return client.post(url, {"username": username, "password": password}, REMOTE_ADDR=address, HTTP_ACCEPT_LANGUAGE="en")


def test_five_failures_lock_the_account_out_from_that_address(user):
    client = Client()
    for _ in range(LOGIN_FAILURES):
        response = sign_in(client, "player", "wrong")
        assert response.status_code == 200 and "_auth_user_id" not in client.session
    response = sign_in(client, "player", "pw-player-123")
    assert response.status_code == 200 and "_auth_user_id" not in client.session
    assert "Too many failed sign-ins" in response.content.decode()
    # another address still signs in
    assert sign_in(Client(), "player", "pw-player-123", address="10.0.0.2").status_code == 302


def test_fewer_failures_do_not_lock_anyone_out(user):
    client = Client()
    for _ in range(LOGIN_FAILURES - 1):
        sign_in(client, "player", "wrong")
    assert sign_in(client, "player", "pw-player-123").status_code == 302


def test_one_address_trying_many_accounts_is_locked_out(user):
    client = Client()
    for i in range(LOGIN_FAILURES_PER_ADDRESS):
        sign_in(client, f"guess{i}", "wrong")
    response = sign_in(client, "player", "pw-player-123")
    assert response.status_code == 200 and "Too many failed sign-ins" in response.content.decode()


def test_the_admin_sign_in_is_throttled_too(kannagi_editor):
    client = Client()
    for _ in range(LOGIN_FAILURES):
        sign_in(client, "kannagi-ed", "wrong", url="/admin/login/")
    response = sign_in(client, "kannagi-ed", "pw-kannagi-ed-123", url="/admin/login/")
    assert response.status_code == 200 and "Too many failed sign-ins" in response.content.decode()
    assert sign_in(Client(), "kannagi-ed", "pw-kannagi-ed-123", address="10.0.0.9", url="/admin/login/").status_code == 302
