"""Sharing links can be ended: the owner makes a new one (「新しいリンクを作る」), and a deck or pool that goes
private gets a new one, so going back to "anyone with the link" never revives the old link."""

from __future__ import annotations

import pytest
from django.urls import reverse

from decks import services
from decks.models import Deck, Pool, Visibility


@pytest.fixture
def unlisted(deck, user):
    return services.deck_update(deck=deck, user=user, visibility=Visibility.UNLISTED)


@pytest.fixture
def unlisted_pool(samples, user):
    decks = list(Deck.objects.filter(game="timestorm", visibility=Visibility.PUBLIC).values_list("pk", flat=True)[:2])
    return services.pool_save(user=user, name="共有プール", deck_ids=decks, visibility=Visibility.UNLISTED), decks


def opens(client, url) -> int:
    return client.get(url).status_code


def test_the_owner_sees_the_new_link_button_on_an_unlisted_deck(user_client, unlisted):
    page = user_client.get(reverse("deck_detail", args=[unlisted.pk])).content.decode()
    assert "新しいリンクを作る" in page and reverse("deck_share_link", args=[unlisted.pk]) in page


def test_a_new_link_ends_the_old_one(client, user_client, unlisted):
    old = reverse("deck_shared", args=[unlisted.share_token])
    assert opens(client, old) == 200
    response = user_client.post(reverse("deck_share_link", args=[unlisted.pk]))
    assert response.status_code == 302
    unlisted.refresh_from_db()
    new = reverse("deck_shared", args=[unlisted.share_token])
    assert new != old
    assert opens(client, old) == 404 and opens(client, new) == 200
    assert opens(client, reverse("deck_shared_export", args=[old.split("/")[-2]])) == 404


def test_another_user_cannot_renew_a_deck_link(other_client, client, unlisted):
    token = unlisted.share_token
    assert other_client.post(reverse("deck_share_link", args=[unlisted.pk])).status_code == 404
    assert client.post(reverse("deck_share_link", args=[unlisted.pk])).status_code == 302  # to the sign-in page
    unlisted.refresh_from_db()
    assert unlisted.share_token == token


def test_making_a_deck_private_ends_its_link_for_good(client, user, unlisted):
    old = unlisted.share_token
    services.deck_update(deck=unlisted, user=user, visibility=Visibility.PRIVATE)
    services.deck_update(deck=unlisted, user=user, visibility=Visibility.UNLISTED)
    unlisted.refresh_from_db()
    assert unlisted.share_token != old
    assert opens(client, reverse("deck_shared", args=[old])) == 404
    assert opens(client, reverse("deck_shared", args=[unlisted.share_token])) == 200


def test_the_api_going_private_and_back_also_gets_a_new_link(user_client, unlisted):
    old = unlisted.share_token
    url = reverse("api-deck-detail", args=[unlisted.pk])
    for visibility in ("private", "unlisted"):
        response = user_client.patch(url, {"visibility": visibility}, content_type="application/json")
        assert response.status_code == 200, response.content
    unlisted.refresh_from_db()
    assert unlisted.share_token != old


def test_a_public_deck_made_unlisted_keeps_its_link(user, unlisted):
    token = unlisted.share_token
    services.deck_update(deck=unlisted, user=user, visibility=Visibility.PUBLIC)
    services.deck_update(deck=unlisted, user=user, visibility=Visibility.UNLISTED)
    unlisted.refresh_from_db()
    assert unlisted.share_token == token  # it never stopped being shared


def test_a_pool_link_is_renewed_by_its_owner_and_when_it_goes_private(client, user, user_client, other_client, unlisted_pool):
    pool, decks = unlisted_pool
    first = pool.share_token
    assert other_client.post(reverse("pool_share_link", args=[pool.pk])).status_code == 404
    page = user_client.get(reverse("pool_detail", args=[pool.pk])).content.decode()
    assert "新しいリンクを作る" in page
    assert user_client.post(reverse("pool_share_link", args=[pool.pk])).status_code == 302
    second = Pool.objects.get(pk=pool.pk).share_token
    assert second != first and opens(client, reverse("pool_shared", args=[first])) == 404
    pool = Pool.objects.get(pk=pool.pk)
    services.pool_save(user=user, pool=pool, name=pool.name, deck_ids=decks, visibility=Visibility.PRIVATE)
    services.pool_save(user=user, pool=Pool.objects.get(pk=pool.pk), name=pool.name, deck_ids=decks, visibility=Visibility.UNLISTED)
    third = Pool.objects.get(pk=pool.pk).share_token
    assert third != second and opens(client, reverse("pool_shared", args=[second])) == 404
    assert opens(client, reverse("pool_shared", args=[third])) == 200
