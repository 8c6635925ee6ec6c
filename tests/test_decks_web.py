"""The deck pages and services: samples, revisions, checking without an account, accounts, copies,
decklist import/export, dated regulations and the admin, ownership of decks and pools, the editor."""

import re
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.core.management import call_command
from django.urls import reverse

from cards.models import Card
from decks import services
from decks.models import Deck, DeckRevision, Pool, PoolEntry, Regulation, RegulationCardLimit, Visibility
from decks.presenters import deck_view, pool_view

from .conftest import KANNAGI_DECKLIST

# The 2025-06-06 sample: two 消さなきゃ, legal only under the dated list (base allows one).
TWO_KESANAKYA = (
    "メイン:\n4 紅葉の石段\n4 無人の踏切\n4 鉄の風\n2 本物のお化け屋敷\n2 消さなきゃ\n2 暗躍者\n4 荒ぶる山神の祠\n"
    "4 検問\n4 袖を引く手\n4 古びた懐中電灯\n2 北海道：円形校舎\n2 悠習の古日記\n2 仮想世界の外\n"
)


def card(name, game="kannagi"):
    return Card.objects.get(game=game, name=name)


def entries(deck):
    return sorted(Deck.objects.get(pk=deck.pk).entries.values_list("section", "card_id", "count"))


def fresh(deck):
    """The deck as stored now (a new instance: no cached regulation rules)."""
    return Deck.objects.get(pk=deck.pk)


def flagged_cards(html):
    """The cards marked as breaking a rule: a line of a list (editor, check) or a face of the deck page."""
    rows = re.findall(r'<tr data-card="(\d+)" class="flagged">', html)
    faces = re.findall(r'<li class="face-tile flagged" data-card="(\d+)"', html)
    return {int(i) for i in rows + faces}


def violation_codes(html):
    return re.findall(r'<li data-code="([a-z_]+)">', html)


# -- fixtures ----------------------------------------------------------------------------------------------


@pytest.fixture
def two_kesanakya_deck(user, kannagi_base):
    sections = services.decklist_sections("kannagi", kannagi_base, TWO_KESANAKYA)
    return services.deck_create(owner=user, game="kannagi", regulation=kannagi_base, name="秋の怪異", sections=sections)


@pytest.fixture
def public_deck(deck):
    Deck.objects.filter(pk=deck.pk).update(visibility=Visibility.PUBLIC)
    return fresh(deck)


@pytest.fixture
def unlisted_deck(deck):
    Deck.objects.filter(pk=deck.pk).update(visibility=Visibility.UNLISTED)
    return fresh(deck)


@pytest.fixture
def edited_deck(deck, user):
    """`deck` with a second revision: one more 無人の踏切 taken out, two 清めの塩 put in."""
    services.deck_change_count(deck=deck, user=user, card=card("無人の踏切"), section="main", count=3)
    services.deck_change_count(deck=deck, user=user, card=card("清めの塩"), section="main", count=2)
    return fresh(deck)


@pytest.fixture
def ambiguous_names(kannagi):
    """Two kannagi names with one normal form: "かど" names both and is ambiguous."""
    Card.objects.create(game=kannagi, name="カード", card_type="道具札", cost=1, attrs={"season": ["春"]})
    Card.objects.create(game=kannagi, name="カド", card_type="道具札", cost=1, attrs={"season": ["春"]})


@pytest.fixture
def timestorm_decks(user, samples):
    """Two Time Storm decks of `user` for a pool (each a legal one-card entry)."""
    regulation = Regulation.objects.get(game="timestorm", code="base")
    out = []
    for name in ("充電完了", "無限の書庫"):
        sections = services.decklist_sections("timestorm", regulation, f"勝利条件:\n1 {name}\n")
        out.append(services.deck_create(owner=user, game="timestorm", regulation=regulation, name=name, sections=sections))
    return out


@pytest.fixture
def pool(user, timestorm_decks):
    return services.pool_save(user=user, name="私のプール", deck_ids=[d.pk for d in timestorm_decks])


def pool_state(pool):
    found = Pool.objects.filter(pk=pool.pk).first()
    if found is None:
        return None
    return (found.name, found.visibility, found.regulation_id, list(found.entries.values_list("deck_id", "player")))


# -- sample decks -----------------------------------------------------------------------------------------


def test_every_sample_deck_is_public_and_legal(samples):
    assert samples.count() >= 9
    for sample in samples:
        view = deck_view(sample)
        assert sample.visibility == Visibility.PUBLIC, sample.name
        assert view["legal"], (sample.name, view["violations"])
        assert view["total"] > 0, sample.name


def test_there_is_a_legal_public_sample_deck_for_every_game_and_format(samples):
    formats = set(Regulation.objects.values_list("game_id", "code"))
    assert ("kannagi", "2025-06-06") in formats and ("timestorm", "pool13") in formats
    covered = {
        (d.game_id, d.regulation.code)
        for d in samples.filter(visibility=Visibility.PUBLIC)
        if deck_view(d)["legal"]
    }
    assert formats <= covered, formats - covered


def test_both_sample_pools_are_public_and_legal(samples):
    pools = Pool.objects.filter(sample=True)
    assert sorted(pools.values_list("regulation__code", flat=True)) == ["base", "pool13"]
    for sample in pools:
        view = pool_view(sample)
        assert sample.visibility == Visibility.PUBLIC
        assert view["legal"], (sample.name, view["violations"], [e["violations"] for e in view["entries"]])
        assert len(view["entries"]) == 2 and all(e["legal"] for e in view["entries"])
    pool13 = pools.get(regulation__code="pool13")
    assert pool_view(pool13)["combined_count"] == 26


def test_sample_decks_and_pools_are_shown_to_anyone(client, samples):
    sample = samples.get(game="kannagi", regulation__code="base")
    response = client.get(reverse("deck_detail", args=[sample.pk]))
    assert response.status_code == 200
    assert 'data-legal="true"' in response.content.decode()
    listing = client.get(reverse("deck_list"), {"game": "kannagi"}).content.decode()
    assert sample.name in listing and '<span class="badge sample">サンプル</span>' in listing
    sample_pool = Pool.objects.filter(sample=True).first()
    assert client.get(reverse("pool_detail", args=[sample_pool.pk])).status_code == 200


def test_loading_the_sample_decks_twice_changes_nothing(samples):
    def everything():
        return (
            sorted(Deck.objects.values_list("pk", "name", "visibility", "regulation_id", "revision", "updated_at")),
            sorted(Deck.objects.values_list("entries__section", "entries__card_id", "entries__count", "pk")),
            sorted(DeckRevision.objects.values_list("pk", "number")),
            sorted(Pool.objects.values_list("pk", "name", "updated_at")),
            sorted(PoolEntry.objects.values_list("pk", "deck_id", "player")),
            User.objects.count(),
        )

    before = everything()
    assert services.load_sample_decks() == []
    call_command("load_sample_decks", verbosity=0)
    assert everything() == before


# -- revisions ----------------------------------------------------------------------------------------------


def test_each_save_keeps_a_revision_with_its_diff(edited_deck):
    revisions = list(edited_deck.revisions.order_by("number"))
    assert [r.number for r in revisions] == [1, 2, 3] and edited_deck.revision == 3
    assert {d["name"]: d["delta"] for d in revisions[0].diff}["ねこやま"] == 4
    assert revisions[1].diff == [{"section": "main", "card": card("無人の踏切").pk, "name": "無人の踏切", "delta": -1}]
    assert revisions[2].diff == [{"section": "main", "card": card("清めの塩").pk, "name": "清めの塩", "delta": 2}]
    assert [r.author.username for r in revisions] == ["player"] * 3


def test_saving_the_same_deck_again_keeps_no_empty_revision(deck, user):
    same = {"main": {card_id: count for _section, card_id, count in entries(deck)}}
    assert services.deck_set_sections(deck=deck, user=user, sections=same) is None
    assert fresh(deck).revision == 1 and deck.revisions.count() == 1


def test_the_history_page_shows_each_revisions_diff(user_client, edited_deck):
    response = user_client.get(reverse("deck_history", args=[edited_deck.pk]))
    html = response.content.decode()
    assert response.status_code == 200
    assert re.search(r'<li class="minus"><span[^>]*>−1 無人の踏切</span>', html)
    assert re.search(r'<li class="plus"><span[^>]*>\+2 清めの塩</span>', html)
    assert reverse("deck_restore", args=[edited_deck.pk, 1]) in html


def test_restoring_a_revision_from_the_history_page_makes_a_new_revision_with_the_old_entries(user_client, edited_deck):
    first = sorted(
        ("main", card_id, count) for card_id, count, _name in edited_deck.revisions.get(number=1).snapshot["sections"]["main"]
    )
    assert entries(edited_deck) != first
    response = user_client.post(reverse("deck_restore", args=[edited_deck.pk, 1]))
    assert response.status_code == 302
    restored = fresh(edited_deck)
    assert entries(restored) == first
    assert restored.revision == 4 and restored.revisions.count() == 4
    latest = restored.revisions.get(number=4)
    assert {(d["name"], d["delta"]) for d in latest.diff} == {("無人の踏切", 1), ("清めの塩", -2)}
    assert list(restored.revisions.filter(number__lt=4).order_by("number").values_list("number", flat=True)) == [1, 2, 3]


def test_restoring_a_revision_brings_back_its_regulation(user, two_kesanakya_deck, kannagi_2025):
    services.deck_update(deck=two_kesanakya_deck, user=user, regulation=kannagi_2025)
    assert fresh(two_kesanakya_deck).regulation == kannagi_2025
    services.deck_restore(deck=two_kesanakya_deck, user=user, number=1)
    restored = fresh(two_kesanakya_deck)
    assert restored.regulation.code == "base" and restored.revision == 3
    assert not deck_view(restored)["legal"]


# -- checking a decklist without an account ---------------------------------------------------------------


def test_anyone_may_check_a_decklist_without_an_account(client, kannagi_base):
    response = client.post(reverse("deck_check"), {"regulation": kannagi_base.pk, "decklist": "メイン:\n4 ねこやま\n2 消さなきゃ\n"})
    html = response.content.decode()
    assert response.status_code == 200
    assert 'data-legal="false"' in html
    assert set(violation_codes(html)) == {"section_too_small", "too_many_copies"}
    assert flagged_cards(html) == {card("消さなきゃ").pk}
    assert not Deck.objects.exists()


def test_checking_a_legal_decklist_says_legal(client, kannagi_base):
    response = client.post(reverse("deck_check"), {"regulation": kannagi_base.pk, "decklist": KANNAGI_DECKLIST})
    assert response.status_code == 200
    assert 'data-legal="true"' in response.content.decode()


def test_the_same_decklist_is_illegal_under_base_and_legal_under_2025_06_06(client, kannagi_base, kannagi_2025):
    base = client.post(reverse("deck_check"), {"regulation": kannagi_base.pk, "decklist": TWO_KESANAKYA}).content.decode()
    dated = client.post(reverse("deck_check"), {"regulation": kannagi_2025.pk, "decklist": TWO_KESANAKYA}).content.decode()
    assert 'data-legal="false"' in base and violation_codes(base) == ["too_many_copies"]
    assert flagged_cards(base) == {card("消さなきゃ").pk}
    assert 'data-legal="true"' in dated and not flagged_cards(dated)


def test_checking_lists_unread_lines_with_their_numbers_and_closest_names_and_checks_the_rest(client, kannagi_base):
    response = client.post(reverse("deck_check"), {"regulation": kannagi_base.pk, "decklist": "メイン:\n4 ねこやま\n3 人魚\n"})
    html = response.content.decode()
    assert response.status_code == 200
    assert re.search(r'<li data-line="3" data-code="unknown_card">[^<]*人魚.*<q>人魚の活き血</q>', html)
    assert html.index('id="unread-lines"') < html.index('id="validation"')  # listed above the result
    assert 'data-legal="false"' in html and "section_too_small" in violation_codes(html)  # 4 cards read of 40


def test_checking_reads_a_near_miss_as_the_closest_card_and_says_so(client, kannagi_base):
    response = client.post(reverse("deck_check"), {"regulation": kannagi_base.pk, "decklist": "メイン:\n4 ねこやま\n3 人魚の活ぎ血\n"})
    html = response.content.decode()
    assert 'id="unread-lines"' not in html
    assert re.search(r'<li data-line="3" data-code="closest_card">[^<]*人魚の活ぎ血[^<]*人魚の活き血', html)
    assert card("人魚の活き血").pk in flagged_cards(html)  # three copies of a 制限 card


def test_the_check_page_offers_saving_only_with_an_account(client, user, kannagi_base):
    data = {"regulation": kannagi_base.pk, "decklist": KANNAGI_DECKLIST}
    assert reverse("deck_new") not in client.post(reverse("deck_check"), data).content.decode()
    client.force_login(user)
    assert reverse("deck_new") in client.post(reverse("deck_check"), data).content.decode()


def test_saving_a_deck_needs_an_account(client, kannagi_base):
    page = client.get(reverse("deck_new"))
    assert page.status_code == 302 and page["Location"].startswith(reverse("login"))
    response = client.post(reverse("deck_new"), {"regulation": kannagi_base.pk, "name": "匿名", "visibility": "private", "decklist": KANNAGI_DECKLIST})
    assert response.status_code == 302 and response["Location"].startswith(reverse("login"))
    assert not Deck.objects.exists()


# -- accounts ------------------------------------------------------------------------------------------


def test_signing_up_logs_you_in_to_save_decks_and_logging_out_ends_it(client, kannagi_base):
    response = client.post(
        reverse("signup"), {"username": "newcomer", "password1": "a-long-pass-4711", "password2": "a-long-pass-4711"}
    )
    assert response.status_code == 302
    newcomer = User.objects.get(username="newcomer")
    created = client.post(
        reverse("deck_new"), {"regulation": kannagi_base.pk, "name": "はじめて", "visibility": "private", "decklist": KANNAGI_DECKLIST}
    )
    assert created.status_code == 302
    saved = Deck.objects.get(owner=newcomer)
    assert created["Location"] == reverse("deck_edit", args=[saved.pk])
    assert saved.name == "はじめて" and saved.revision == 1 and len(entries(saved)) == 13
    assert client.post(reverse("logout")).status_code == 302
    assert client.get(reverse("deck_edit", args=[saved.pk])).status_code == 302
    assert client.login(username="newcomer", password="a-long-pass-4711")
    assert client.get(reverse("deck_edit", args=[saved.pk])).status_code == 200


def test_signing_up_with_mismatched_passwords_makes_no_account(client, games):
    response = client.post(reverse("signup"), {"username": "typo", "password1": "a-long-pass-4711", "password2": "a-long-pass-4712"})
    assert response.status_code == 400
    assert not User.objects.filter(username="typo").exists()


def test_logging_in_with_the_password(client, user):
    response = client.post(reverse("login"), {"username": "player", "password": "pw-player-123"})
    assert response.status_code == 302
    assert client.get(reverse("account")).status_code == 200
    assert client.post(reverse("login"), {"username": "player", "password": "wrong"}).status_code == 200


def test_the_account_page_makes_an_api_token_and_a_new_one_replaces_it(user_client, user):
    from rest_framework.authtoken.models import Token

    first = user_client.post(reverse("account"))
    key = Token.objects.get(user=user).key
    assert key in first.content.decode()
    user_client.post(reverse("account"))
    assert Token.objects.filter(user=user).count() == 1
    assert Token.objects.get(user=user).key != key


def test_the_account_page_needs_a_login(client, games):
    from rest_framework.authtoken.models import Token

    assert client.post(reverse("account")).status_code == 302
    assert not Token.objects.exists()


# -- copies --------------------------------------------------------------------------------------------


def test_a_public_deck_can_be_copied_into_your_own(other_client, other_user, public_deck):
    response = other_client.post(reverse("deck_copy", args=[public_deck.pk]))
    copy = Deck.objects.get(owner=other_user)
    assert response.status_code == 302 and response["Location"] == reverse("deck_edit", args=[copy.pk])
    assert copy.copied_from_id == public_deck.pk and copy.visibility == Visibility.PRIVATE
    assert [e[1:] for e in entries(copy)] == [e[1:] for e in entries(public_deck)]
    assert copy.revision == 1 and copy.revisions.get().author == other_user
    assert fresh(public_deck).owner_id != other_user.pk


def test_an_unlisted_deck_can_be_copied_by_its_link_only(other_client, other_user, unlisted_deck):
    assert other_client.post(reverse("deck_copy", args=[unlisted_deck.pk])).status_code == 404
    assert not Deck.objects.filter(owner=other_user).exists()
    response = other_client.post(reverse("deck_shared_copy", args=[unlisted_deck.share_token]))
    assert response.status_code == 302
    assert [e[1:] for e in entries(Deck.objects.get(owner=other_user))] == [e[1:] for e in entries(unlisted_deck)]


def test_a_private_deck_cannot_be_copied_by_another_user(other_client, other_user, deck):
    assert other_client.post(reverse("deck_copy", args=[deck.pk])).status_code == 404
    assert other_client.post(reverse("deck_shared_copy", args=[deck.share_token])).status_code == 404
    assert not Deck.objects.filter(owner=other_user).exists()


def test_copying_without_an_account_asks_to_log_in(client, public_deck):
    response = client.post(reverse("deck_copy", args=[public_deck.pk]))
    assert response.status_code == 302 and response["Location"].startswith(reverse("login"))
    assert Deck.objects.count() == 1


# -- decklist import and export -------------------------------------------------------------------------


def test_importing_a_decklist_replaces_the_deck_and_keeps_a_revision(user_client, deck):
    text = KANNAGI_DECKLIST.replace("4 古びた懐中電灯", "3 古びた懐中電灯\n1 清めの塩")
    response = user_client.post(reverse("deck_edit", args=[deck.pk]), {"action": "import", "decklist": text, "revision": 1})
    assert response.status_code == 302
    saved = fresh(deck)
    assert saved.revision == 2
    assert {(d["name"], d["delta"]) for d in saved.revisions.get(number=2).diff} == {("古びた懐中電灯", -1), ("清めの塩", 1)}


def test_a_failed_import_changes_nothing_and_names_each_bad_line(user_client, deck, deck_state, ambiguous_names):
    before = deck_state(deck)
    text = "メイン:\n4 ねこやま\n3 人魚\n1 かど\n"
    response = user_client.post(reverse("deck_edit", args=[deck.pk]), {"action": "import", "decklist": text, "revision": 1})
    html = response.content.decode()
    assert response.status_code == 400
    assert re.search(r'<li data-line="3" data-code="unknown_card">[^<]*人魚.*<q>人魚の活き血</q>', html)
    ambiguous = re.search(r'<li data-line="4" data-code="ambiguous_card">.*</li>', html).group(0)
    assert "<q>カード</q>" in ambiguous and "<q>カド</q>" in ambiguous
    assert deck_state(deck) == before


def test_a_new_deck_from_a_bad_decklist_is_not_saved(user_client, user, kannagi_base):
    response = user_client.post(
        reverse("deck_new"), {"regulation": kannagi_base.pk, "name": "壊れた", "visibility": "private", "decklist": "4 ないカード\n"}
    )
    assert response.status_code == 400
    assert 'data-line="1" data-code="unknown_card"' in response.content.decode()
    assert not Deck.objects.filter(owner=user).exists()


@pytest.mark.parametrize("style", ["plain", "post"])
@pytest.mark.parametrize("lang", ["ja", "en"])
def test_export_then_import_gives_the_same_deck(user_client, user, edited_deck, kannagi_base, lang, style):
    text = user_client.get(reverse("deck_export", args=[edited_deck.pk]), {"lang": lang, "style": style}).content.decode()
    header = {("ja", "plain"): "メイン:\n", ("en", "plain"): "Main:\n", ("ja", "post"): "■メイン（41枚）\n", ("en", "post"): "■Main (41)\n"}
    assert text.startswith(header[lang, style])
    assert ("《ねこやま》×4" if style == "post" else "4 ねこやま") in text
    response = user_client.post(
        reverse("deck_new"), {"regulation": kannagi_base.pk, "name": "往復", "visibility": "private", "decklist": text}
    )
    assert response.status_code == 302
    again = Deck.objects.get(owner=user, name="往復")
    assert [e[1:] for e in entries(again)] == [e[1:] for e in entries(edited_deck)]
    # Importing its own export into the deck changes nothing, not even the revision.
    user_client.post(reverse("deck_edit", args=[edited_deck.pk]), {"action": "import", "decklist": text, "revision": 3})
    assert fresh(edited_deck).revision == 3


def test_the_export_download_is_plain_text_named_after_the_deck(user_client, deck):
    response = user_client.get(reverse("deck_export", args=[deck.pk]), {"download": "1"})
    assert response["Content-Type"].startswith("text/plain")
    assert f'filename="deck-{deck.pk}.txt"' in response["Content-Disposition"]
    assert "4 ねこやま" in response.content.decode()


def test_the_deck_page_offers_the_list_as_text_in_both_styles_to_copy(client, samples):
    sample = Deck.objects.get(game="kannagi", name="サンプル：春と無の零探し")
    html = client.get(reverse("deck_detail", args=[sample.pk])).content.decode()
    assert 'data-copy="export-plain"' in html and 'data-copy="export-post"' in html
    assert "テキストでコピー" in html and "投稿用にコピー" in html
    plain = re.search(r'<textarea[^>]*id="export-plain"[^>]*>([^<]*)</textarea>', html).group(1)
    post = re.search(r'<textarea[^>]*id="export-post"[^>]*>([^<]*)</textarea>', html).group(1)
    assert plain.startswith("メイン:\n") and post.startswith("■メイン（40枚）\n")
    assert "《ねこやま》×4" in post and "js/deck_export.js" in html


# -- players' words, identity and restricted lists ----------------------------------------------------------


def visible_text(html: str) -> str:
    """What a reader of the page sees: the text outside tags, scripts and attributes."""
    html = re.sub(r"<(script|style)\b.*?</\1>", "", html, flags=re.S)
    return re.sub(r"<[^>]+>", " ", html)


def test_the_check_page_never_shows_a_violation_code_and_says_restricted_as_players_do(client, kannagi_base):
    text = "メイン:\n2 人魚の活き血\n3 本物のお化け屋敷\n"
    html = client.post(reverse("deck_check"), {"regulation": kannagi_base.pk, "decklist": text}).content.decode()
    seen = visible_text(html)
    assert "「人魚の活き血」は制限カードです（1枚まで・現在2枚）" in seen
    assert "「本物のお化け屋敷」は準制限カードです（2枚まで・現在3枚）" in seen
    for code in ("too_many_copies", "section_too_small", "banned"):
        assert code not in seen


def test_a_sealed_card_is_named_as_sealed(client, kannagi_base):
    RegulationCardLimit.objects.create(regulation=kannagi_base, card_name="鉄の風", copies=0)
    html = client.post(reverse("deck_check"), {"regulation": kannagi_base.pk, "decklist": "1 鉄の風"}).content.decode()
    assert "「鉄の風」は封印カードです（使用不可・現在1枚）" in visible_text(html)


def test_the_english_check_page_says_at_most_one_is_allowed(client, kannagi_base):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    html = client.post(reverse("deck_check"), {"regulation": kannagi_base.pk, "decklist": "2 人魚の活き血"}).content.decode()
    assert '"人魚の活き血" (Restricted): at most 1 is allowed; the deck has 2.' in html.replace("&quot;", '"')


FANLIST_ROWS = (
    "number,name,reading,cost,power,series,rare,season,type,role,keyword,attribute\n"
    "45,人魚の活き血,にんぎょのいきち,8,0,テスト弾,R,冬,道具札,,,人魚\n"
    "1102,ねこやま,,0,1,テスト弾,C,春,場所札,,,動物\n"
)


def test_after_importing_a_fan_list_the_restricted_card_keeps_its_limit_and_the_lists_spelling_reads(client, kannagi):
    """A database with the fan list's cards only (no bundled card carrying the alias 人魚の活血)."""
    from cards.io import load_mapping
    from cards.services import import_cards
    from decks.services import read_decklist

    import_cards(game="kannagi", data=FANLIST_ROWS.encode(), fmt="csv", mapping=load_mapping("kannagi-fanlist"))
    mermaid = Card.objects.get(game="kannagi", name="人魚の活き血")
    assert mermaid.aliases == []
    base = Regulation.objects.get(game="kannagi", code="base")
    reading = read_decklist("kannagi", base, "1 人魚の活血\n1 人魚の活き血\n")
    assert reading.unread == [] and reading.sections == {"main": {mermaid.pk: 2}}
    html = client.post(reverse("deck_check"), {"regulation": base.pk, "decklist": "1 人魚の活血\n1 人魚の活き血\n"}).content.decode()
    assert "「人魚の活き血」は制限カードです（1枚まで・現在2枚）" in visible_text(html)


def test_stored_entries_get_the_spellings_the_game_declares_and_stored_sections_its_new_words(kannagi_base):
    mermaid = kannagi_base.card_limits.get(card_name="人魚の活血")
    assert mermaid.spellings == ["人魚の活き血"]
    mermaid.spellings = []  # as stored before the field existed
    mermaid.save()
    section = kannagi_base.sections.get(key="main")
    section.headers = ["デッキ"]  # as stored before the game declared 山札
    section.save()
    services.sync_regulations()
    assert kannagi_base.card_limits.get(card_name="人魚の活血").spellings == ["人魚の活き血"]
    rules = Regulation.objects.get(pk=kannagi_base.pk).to_rules()
    assert "山札" in rules.section("main").headers
    assert services.read_decklist("kannagi", Regulation.objects.get(pk=kannagi_base.pk), "山札：\n4 ねこやま").unread == []


def test_an_editors_own_spellings_are_kept(kannagi_base):
    mermaid = kannagi_base.card_limits.get(card_name="人魚の活血")
    mermaid.spellings = ["にんぎょのいきち"]
    mermaid.save()
    services.sync_regulations()
    assert kannagi_base.card_limits.get(card_name="人魚の活血").spellings == ["にんぎょのいきち"]


def test_the_admin_shows_which_cards_an_entry_names_and_an_entry_that_names_none(editor_client, kannagi_base):
    RegulationCardLimit.objects.create(regulation=kannagi_base, card_name="存在しない札", copies=1)
    html = editor_client.get(reverse("admin:decks_regulation_change", args=[kannagi_base.pk])).content.decode()
    rows = re.findall(r'<tr class="form-row[^"]*"[^>]*>.*?</tr>', html, flags=re.S)
    row = next(r for r in rows if 'value="存在しない札"' in r)
    assert "この名前のカードはこのゲームにありません" in row
    mermaid = next(r for r in rows if 'value="人魚の活血"' in r)
    assert "人魚の活き血" in visible_text(mermaid) and "ありません" not in mermaid


# -- deck settings and regulations ------------------------------------------------------------------------


def settings_form(deck, **changes):
    data = {
        "action": "settings",
        "name": deck.name,
        "description": deck.description,
        "visibility": deck.visibility,
        "regulation": deck.regulation_id,
        "revision": deck.revision,
    }
    data.update(changes)
    return data


def test_choosing_the_2025_06_06_regulation_makes_two_kesanakya_legal(user_client, two_kesanakya_deck, kannagi_2025):
    url = reverse("deck_detail", args=[two_kesanakya_deck.pk])
    before = user_client.get(url).content.decode()
    assert 'data-legal="false"' in before and violation_codes(before) == ["too_many_copies"]
    assert flagged_cards(before) == {card("消さなきゃ").pk}
    response = user_client.post(
        reverse("deck_edit", args=[two_kesanakya_deck.pk]), settings_form(two_kesanakya_deck, regulation=kannagi_2025.pk)
    )
    assert response.status_code == 302
    changed = fresh(two_kesanakya_deck)
    assert changed.regulation == kannagi_2025 and changed.revision == 2
    assert changed.revisions.get(number=2).regulation_code == "2025-06-06"
    after = user_client.get(url).content.decode()
    assert 'data-legal="true"' in after and not flagged_cards(after)


def test_the_settings_form_saves_name_description_and_visibility(user_client, deck):
    response = user_client.post(
        reverse("deck_edit", args=[deck.pk]), settings_form(deck, name="新しい名前", description="説明", visibility="public")
    )
    assert response.status_code == 302
    saved = fresh(deck)
    assert (saved.name, saved.description, saved.visibility) == ("新しい名前", "説明", "public")


def test_a_settings_form_from_a_stale_revision_changes_nothing(user_client, user, deck, deck_state):
    services.deck_change_count(deck=deck, user=user, card=card("清めの塩"), section="main", count=1)
    before = deck_state(deck)
    response = user_client.post(reverse("deck_edit", args=[deck.pk]), settings_form(deck, name="古い画面から", revision=1))
    assert response.status_code == 409
    assert deck_state(deck) == before
    assert 'value="古い画面から"' in response.content.decode()  # what was typed is still in the form


def test_a_stale_import_changes_nothing(user_client, user, deck, deck_state):
    services.deck_change_count(deck=deck, user=user, card=card("清めの塩"), section="main", count=1)
    before = deck_state(deck)
    user_client.post(reverse("deck_edit", args=[deck.pk]), {"action": "import", "decklist": KANNAGI_DECKLIST, "revision": 1})
    assert deck_state(deck) == before


def test_a_deck_cannot_take_another_games_regulation(user_client, deck, deck_state):
    before = deck_state(deck)
    vision = Regulation.objects.get(game="vision", code="base")
    response = user_client.post(reverse("deck_edit", args=[deck.pk]), settings_form(deck, regulation=vision.pk))
    assert response.status_code == 400
    assert deck_state(deck) == before


# -- regulations in the admin -------------------------------------------------------------------------------


def admin_form_data(response):
    """The values an admin change page shows, as the POST that saves them unchanged."""
    data = {}

    def add(form):
        for bound in form:
            value = bound.value()
            if value is None or value is False:
                continue
            data[bound.html_name] = "on" if value is True else value

    add(response.context["adminform"].form)
    for inline in response.context["inline_admin_formsets"]:
        add(inline.formset.management_form)
        for form in inline.formset.forms:
            add(form)
    data["_save"] = "Save"
    return data


def card_limit_prefix(response):
    formset = next(i.formset for i in response.context["inline_admin_formsets"] if i.formset.model is RegulationCardLimit)
    return formset.forms[-1].prefix  # the empty extra form


def test_a_games_editor_lists_and_edits_only_that_games_regulations(editor_client, kannagi_base):
    listing = editor_client.get(reverse("admin:decks_regulation_changelist"))
    assert listing.status_code == 200
    assert {r.game_id for r in listing.context["cl"].result_list} == {"kannagi"}
    url = reverse("admin:decks_regulation_change", args=[kannagi_base.pk])
    page = editor_client.get(url)
    assert page.status_code == 200
    data = admin_form_data(page)
    data["name_en"] = "Base rules, edited"
    response = editor_client.post(url, data)
    assert response.status_code == 302, response.context["adminform"].form.errors if response.context else ""
    kannagi_base.refresh_from_db()
    assert kannagi_base.name_en == "Base rules, edited"


def test_a_games_editor_cannot_open_or_change_another_games_regulation(editor_client, bundled):
    vision = Regulation.objects.get(game="vision", code="base")
    before = (vision.name_ja, vision.name_en, vision.copy_limit, list(vision.card_limits.values_list("card_name", "copies")))
    for view in ("change", "delete", "history"):
        response = editor_client.get(reverse(f"admin:decks_regulation_{view}", args=[vision.pk]))
        # Django's admin answers an object outside the editor's queryset with a redirect to the index.
        assert response.status_code in (302, 403, 404), view
        if response.status_code == 302:
            assert response["Location"] == reverse("admin:index")
    editor_client.post(
        reverse("admin:decks_regulation_change", args=[vision.pk]),
        {"name_ja": "書き換え", "name_en": "Rewritten", "code": "base", "copy_limit": "1", "_save": "Save"},
    )
    editor_client.post(reverse("admin:decks_regulation_delete", args=[vision.pk]), {"post": "yes"})
    vision = Regulation.objects.get(pk=vision.pk)
    assert (vision.name_ja, vision.name_en, vision.copy_limit, list(vision.card_limits.values_list("card_name", "copies"))) == before


def test_a_games_editor_cannot_add_a_regulation_to_another_game(editor_client, bundled):
    response = editor_client.post(
        reverse("admin:decks_regulation_add"),
        {"game": "vision", "code": "sneaky", "name_ja": "こっそり", "name_en": "Sneaky", "type_limits": "{}", "options": "{}",
         "sections-TOTAL_FORMS": "0", "sections-INITIAL_FORMS": "0", "card_limits-TOTAL_FORMS": "0",
         "card_limits-INITIAL_FORMS": "0", "basic_cards-TOTAL_FORMS": "0", "basic_cards-INITIAL_FORMS": "0", "_save": "Save"},
    )
    assert response.status_code == 200  # the form again: vision is not a choice
    assert not Regulation.objects.filter(code="sneaky").exists()


def test_the_vision_editor_cannot_change_kannagi_regulations(client, vision_editor, kannagi_base):
    client.force_login(vision_editor)
    response = client.get(reverse("admin:decks_regulation_change", args=[kannagi_base.pk]))
    assert response.status_code in (302, 403, 404)
    listing = client.get(reverse("admin:decks_regulation_changelist"))
    assert {r.game_id for r in listing.context["cl"].result_list} == {"vision"}


def test_a_card_limit_added_in_the_admin_changes_the_validation_of_an_existing_deck(editor_client, user, deck, kannagi_base):
    neko = card("ねこやま")
    assert deck_view(fresh(deck))["legal"]
    url = reverse("admin:decks_regulation_change", args=[kannagi_base.pk])
    page = editor_client.get(url)
    data = admin_form_data(page)
    prefix = card_limit_prefix(page)
    data[f"{prefix}-card_name"] = "ねこやま"
    data[f"{prefix}-copies"] = "1"
    response = editor_client.post(url, data)
    assert response.status_code == 302, response.context["adminform"].form.errors if response.context else ""
    assert kannagi_base.card_limits.get(card_name="ねこやま").copies == 1
    view = deck_view(fresh(deck))
    assert not view["legal"]
    assert [(v["code"], v["cards"]) for v in view["violations"]] == [("too_many_copies", [neko.pk])]
    editor_client.force_login(user)
    html = editor_client.get(reverse("deck_detail", args=[deck.pk])).content.decode()
    assert flagged_cards(html) == {neko.pk}


# -- ownership: reading ------------------------------------------------------------------------------------

READ_PAGES = ["deck_detail", "deck_history", "deck_export"]


@pytest.mark.parametrize("page", READ_PAGES)
def test_another_user_cannot_read_a_private_deck(other_client, deck, page):
    assert other_client.get(reverse(page, args=[deck.pk])).status_code == 404


@pytest.mark.parametrize("page", READ_PAGES)
def test_an_anonymous_visitor_cannot_read_a_private_deck(client, deck, page):
    assert client.get(reverse(page, args=[deck.pk])).status_code == 404


@pytest.mark.parametrize("page", READ_PAGES)
def test_the_owner_reads_their_private_deck(user_client, deck, page):
    response = user_client.get(reverse(page, args=[deck.pk]))
    assert response.status_code == 200
    assert "ねこやま" in response.content.decode()


def test_a_private_deck_has_no_working_share_link(other_client, deck):
    assert other_client.get(reverse("deck_shared", args=[deck.share_token])).status_code == 404
    assert other_client.get(reverse("deck_shared_export", args=[deck.share_token])).status_code == 404


@pytest.mark.parametrize("page", READ_PAGES)
def test_an_unlisted_deck_is_not_reachable_by_its_id_for_others(other_client, client, unlisted_deck, page):
    assert other_client.get(reverse(page, args=[unlisted_deck.pk])).status_code == 404
    assert client.get(reverse(page, args=[unlisted_deck.pk])).status_code == 404


def test_an_unlisted_deck_is_reachable_by_its_link(client, unlisted_deck):
    page = client.get(reverse("deck_shared", args=[unlisted_deck.share_token]))
    assert page.status_code == 200 and "ねこやま" in page.content.decode()
    text = client.get(reverse("deck_shared_export", args=[unlisted_deck.share_token]))
    assert text.status_code == 200 and "4 ねこやま" in text.content.decode()
    assert unlisted_deck.get_absolute_url() == reverse("deck_shared", args=[unlisted_deck.share_token])


def test_the_owner_sees_the_share_link_of_an_unlisted_deck_and_others_do_not(user_client, other_client, unlisted_deck):
    link = reverse("deck_shared", args=[unlisted_deck.share_token])
    assert link in user_client.get(reverse("deck_detail", args=[unlisted_deck.pk])).content.decode()
    shared = other_client.get(link).content.decode()
    assert reverse("deck_edit", args=[unlisted_deck.pk]) not in shared


@pytest.mark.parametrize("page", READ_PAGES)
def test_anyone_reads_a_public_deck(client, public_deck, page):
    assert client.get(reverse(page, args=[public_deck.pk])).status_code == 200


def test_the_public_list_shows_public_decks_only(other_client, deck, user, kannagi_base):
    shown = services.deck_create(owner=user, game="kannagi", regulation=kannagi_base, name="公開デッキ", visibility="public")
    services.deck_create(owner=user, game="kannagi", regulation=kannagi_base, name="限定公開デッキ", visibility="unlisted")
    listed = list(other_client.get(reverse("deck_list")).context["page"].object_list)
    assert listed == [shown]


def test_a_public_decks_history_offers_no_restore_to_others(other_client, edited_deck):
    Deck.objects.filter(pk=edited_deck.pk).update(visibility=Visibility.PUBLIC)
    html = other_client.get(reverse("deck_history", args=[edited_deck.pk])).content.decode()
    assert "清めの塩" in html
    assert reverse("deck_restore", args=[edited_deck.pk, 1]) not in html


# -- ownership: writing ------------------------------------------------------------------------------------


def write_requests(deck):
    """Every page that changes a deck, as (method, url, data)."""
    return {
        "settings": ("post", reverse("deck_edit", args=[deck.pk]), settings_form(deck, name="乗っ取り", visibility="public")),
        "import": ("post", reverse("deck_edit", args=[deck.pk]), {"action": "import", "decklist": "40 ねこやま", "revision": deck.revision}),
        "delete": ("post", reverse("deck_delete", args=[deck.pk]), {}),
        "restore": ("post", reverse("deck_restore", args=[deck.pk, 1]), {}),
        "edit page": ("get", reverse("deck_edit", args=[deck.pk]), {}),
        "delete page": ("get", reverse("deck_delete", args=[deck.pk]), {}),
    }


WRITES = ["settings", "import", "delete", "restore", "edit page", "delete page"]


@pytest.mark.parametrize("visibility", ["private", "unlisted", "public"])
@pytest.mark.parametrize("write", WRITES)
def test_another_user_cannot_change_your_deck_by_page(other_client, edited_deck, deck_state, visibility, write):
    Deck.objects.filter(pk=edited_deck.pk).update(visibility=visibility)
    target = fresh(edited_deck)
    before = deck_state(target)
    method, url, data = write_requests(target)[write]
    response = getattr(other_client, method)(url, data)
    assert response.status_code in (403, 404)
    assert deck_state(target) == before


@pytest.mark.parametrize("write", WRITES)
def test_an_anonymous_visitor_cannot_change_a_deck_by_page(client, edited_deck, deck_state, write):
    Deck.objects.filter(pk=edited_deck.pk).update(visibility=Visibility.PUBLIC)
    target = fresh(edited_deck)
    before = deck_state(target)
    method, url, data = write_requests(target)[write]
    response = getattr(client, method)(url, data)
    assert response.status_code in (302, 403, 404)
    if response.status_code == 302:
        assert response["Location"].startswith(reverse("login"))
    assert deck_state(target) == before


def test_the_owner_deletes_their_deck_with_its_history(user_client, edited_deck):
    assert user_client.get(reverse("deck_delete", args=[edited_deck.pk])).status_code == 200
    assert user_client.post(reverse("deck_delete", args=[edited_deck.pk])).status_code == 302
    assert not Deck.objects.filter(pk=edited_deck.pk).exists()
    assert not DeckRevision.objects.filter(deck_id=edited_deck.pk).exists()


def test_services_refuse_a_write_by_another_user(other_user, edited_deck, deck_state, kannagi_2025):
    from django.core.exceptions import PermissionDenied

    before = deck_state(edited_deck)
    writes = [
        lambda: services.deck_update(deck=edited_deck, user=other_user, name="乗っ取り"),
        lambda: services.deck_update(deck=edited_deck, user=other_user, regulation=kannagi_2025),
        lambda: services.deck_set_sections(deck=edited_deck, user=other_user, sections={}),
        lambda: services.deck_change_count(deck=edited_deck, user=other_user, card=card("ねこやま"), section="main", count=1),
        lambda: services.deck_change_count(deck=edited_deck, user=other_user, card=card("ねこやま"), section="main", delta=1),
        lambda: services.deck_import_text(deck=edited_deck, user=other_user, text="40 ねこやま"),
        lambda: services.deck_restore(deck=edited_deck, user=other_user, number=1),
        lambda: services.deck_delete(deck=edited_deck, user=other_user),
        lambda: services.deck_copy(deck=edited_deck, user=other_user),
    ]
    for write in writes:
        with pytest.raises(PermissionDenied):
            write()
    assert deck_state(edited_deck) == before
    assert not Deck.objects.filter(owner=other_user).exists()


# -- pools --------------------------------------------------------------------------------------------------


def test_pools_are_for_the_games_that_declare_them(user, user_client, deck, kannagi_base, monkeypatch):
    """The decks app finds the pool game in the registry (GameDef.pools): here kannagi instead of Time Storm."""
    from dataclasses import replace

    from decks import selectors
    from rules.declare import GAMES

    assert selectors.pool_games() == ["timestorm"]
    monkeypatch.setitem(GAMES, "timestorm", replace(GAMES["timestorm"], pools=False))
    monkeypatch.setitem(GAMES, "kannagi", replace(GAMES["kannagi"], pools=True))
    assert selectors.pool_games() == ["kannagi"] and selectors.pool_game() == "kannagi"
    other = services.deck_create(owner=user, game="kannagi", regulation=kannagi_base, name="二つ目", sections={
        section: {card_id: count for s, card_id, count in entries(deck) if s == section} for section, _c, _n in entries(deck)
    })
    form = user_client.get(reverse("pool_new")).content.decode()
    assert f'value="{kannagi_base.pk}" selected' in form and "私のデッキ" in form
    assert not Regulation.objects.filter(game="timestorm", pk__in=re.findall(r'<option value="(\d+)"', form)).exists()
    created = services.pool_save(user=user, name="巫の持ち寄り", deck_ids=[deck.pk, other.pk])
    assert (created.game_id, created.regulation_id) == ("kannagi", kannagi_base.pk)




def test_the_owner_creates_a_pool_and_reads_its_shared_deck(user_client, user, timestorm_decks):
    regulation = Regulation.objects.get(game="timestorm", code="base")
    response = user_client.post(
        reverse("pool_new"),
        {"name": "二人", "visibility": "private", "regulation": regulation.pk, "decks": [d.pk for d in timestorm_decks]},
    )
    assert response.status_code == 302
    created = Pool.objects.get(owner=user)
    assert list(created.entries.values_list("deck_id", flat=True)) == [d.pk for d in timestorm_decks]
    page = user_client.get(reverse("pool_detail", args=[created.pk]))
    assert page.status_code == 200 and 'data-legal="true"' in page.content.decode()


def test_another_user_cannot_read_a_private_pool(other_client, client, pool):
    assert other_client.get(reverse("pool_detail", args=[pool.pk])).status_code == 404
    assert client.get(reverse("pool_detail", args=[pool.pk])).status_code == 404
    assert other_client.get(reverse("pool_shared", args=[pool.share_token])).status_code == 404


def test_an_unlisted_pool_is_reachable_by_its_link_only(other_client, user_client, pool):
    Pool.objects.filter(pk=pool.pk).update(visibility=Visibility.UNLISTED)
    assert other_client.get(reverse("pool_detail", args=[pool.pk])).status_code == 404
    assert other_client.get(reverse("pool_shared", args=[pool.share_token])).status_code == 200
    assert user_client.get(reverse("pool_detail", args=[pool.pk])).status_code == 200


@pytest.mark.parametrize("visibility", ["private", "public"])
def test_another_user_cannot_change_or_delete_your_pool(other_client, other_user, pool, samples, visibility):
    Pool.objects.filter(pk=pool.pk).update(visibility=visibility)
    before = pool_state(pool)
    public = list(Deck.objects.filter(sample=True, game="timestorm", regulation__code="base").values_list("pk", flat=True))
    regulation = Regulation.objects.get(game="timestorm", code="base")
    assert other_client.get(reverse("pool_edit", args=[pool.pk])).status_code == 404
    response = other_client.post(
        reverse("pool_edit", args=[pool.pk]), {"name": "乗っ取り", "visibility": "public", "regulation": regulation.pk, "decks": public}
    )
    assert response.status_code == 404
    assert other_client.post(reverse("pool_delete", args=[pool.pk])).status_code == 404
    assert pool_state(pool) == before


def test_a_pool_cannot_take_another_users_private_deck(other_client, other_user, deck, timestorm_decks):
    Deck.objects.filter(pk__in=[d.pk for d in timestorm_decks]).update(visibility=Visibility.PRIVATE)
    regulation = Regulation.objects.get(game="timestorm", code="base")
    response = other_client.post(
        reverse("pool_new"),
        {"name": "のぞき見", "visibility": "public", "regulation": regulation.pk, "decks": [d.pk for d in timestorm_decks]},
    )
    assert response.status_code == 400
    assert not Pool.objects.filter(owner=other_user).exists()


@pytest.mark.parametrize("visibility", ["private", "unlisted"])
def test_a_pool_does_not_show_an_entry_whose_deck_is_no_longer_public(other_user, other_client, client, user, timestorm_decks, visibility):
    """Another user's public deck in my pool, made private or unlisted later: neither its cards nor its link show."""
    Deck.objects.filter(pk__in=[d.pk for d in timestorm_decks]).update(visibility=Visibility.PUBLIC)
    theirs = services.pool_save(
        user=other_user, name="借りたデッキ", deck_ids=[d.pk for d in timestorm_decks], visibility=Visibility.PUBLIC
    )
    secret = timestorm_decks[1]
    services.deck_update(deck=secret, user=user, visibility=visibility)
    assert other_client.get(reverse("deck_detail", args=[secret.pk])).status_code == 404
    for reader in (other_client, client):
        response = reader.get(reverse("pool_detail", args=[theirs.pk]))
        assert response.status_code in (200, 404)
        if response.status_code == 200:
            html = response.content.decode()
            assert f'data-deck="{secret.pk}"' not in html
            assert secret.name not in html and secret.share_token not in html


# -- the editor and the deck page ------------------------------------------------------------------------


def test_the_editor_renders_for_the_owner_with_the_entries_api_and_the_validation_panel(user_client, deck):
    response = user_client.get(reverse("deck_edit", args=[deck.pk]))
    html = response.content.decode()
    assert response.status_code == 200
    assert f'data-entries-api="{reverse("api-deck-entries", args=[deck.pk])}"' in html
    assert f'data-revision="{deck.revision}"' in html
    assert re.search(r'<div id="validation-panel"><section class="validation legal"', html)
    assert f'<tr data-card="{card("ねこやま").pk}">' in html


def test_the_editor_flags_the_cards_that_break_a_rule(user_client, two_kesanakya_deck):
    html = user_client.get(reverse("deck_edit", args=[two_kesanakya_deck.pk])).content.decode()
    assert 'data-legal="false"' in html
    assert flagged_cards(html) == {card("消さなきゃ").pk}


def test_the_deck_page_flags_the_cards_that_break_a_rule(user_client, two_kesanakya_deck):
    html = user_client.get(reverse("deck_detail", args=[two_kesanakya_deck.pk])).content.decode()
    assert violation_codes(html) == ["too_many_copies"]
    assert flagged_cards(html) == {card("消さなきゃ").pk}
    assert "消さなきゃ" in re.search(r'<li data-code="too_many_copies">([^<]*)<', html).group(1)


def test_the_deck_page_shows_the_odds_of_drawing_a_zero_cost_place(user_client, deck):
    response = user_client.get(reverse("deck_detail", args=[deck.pk]))
    html = response.content.decode()
    assert '<option value="zero_cost_places" selected>コスト0の場所札</option>' in html
    odds = response.context["view"]["statistics"]["odds"]
    # ねこやま, 本物のお化け屋敷, 鉄の風, 桜並木の小径, 無人の踏切: 18 of the 40 cards cost 0.
    assert (odds["group"], odds["group_size"], odds["population"]) == ("zero_cost_places", 18, 40)
    opening = odds["rows"][0]
    assert opening["turn"] == 0 and opening["first_seen"] == 8
    assert 0.99 < opening["first"] < 1


def test_the_deck_page_odds_and_opening_hand_count_the_key_cards_the_game_declares(user_client, deck, monkeypatch):
    """One definition: the statistics' first group and the simulate panel's key cards are GameDef.key_cards."""
    from dataclasses import replace

    from django.core.cache import cache

    from rules.declare import GAMES
    from rules.declare.base import CardGroup

    declared = CardGroup("cheap_places", "コスト1以下の場所札", "places of cost 1 or less", types=("場所札",), cost_at_most=1)
    monkeypatch.setitem(GAMES, "kannagi", replace(GAMES["kannagi"], key_cards=declared))
    cache.clear()  # the opening odds are cached per deck
    response = user_client.get(reverse("deck_detail", args=[deck.pk]))
    html = response.content.decode()
    assert '<option value="cheap_places" selected>コスト1以下の場所札</option>' in html
    assert 'value="zero_cost_places"' not in html
    copies = {card_id: count for _section, card_id, count in entries(deck)}
    cards = {c.pk: c for c in Card.objects.filter(pk__in=copies)}
    picked = {pk for pk, c in cards.items() if c.card_type == "場所札" and (c.cost or 0) <= 1}
    odds = response.context["view"]["statistics"]["odds"]
    assert (odds["group"], odds["group_size"]) == ("cheap_places", sum(copies[pk] for pk in picked))
    opening = response.context["odds"]
    assert opening["key_label"] == "コスト1以下の場所札" and "コスト1以下の場所札" in html
    assert sorted(opening["key_cards"]) == sorted(cards[pk].name for pk in picked)
    assert opening["key_copies"] == odds["group_size"]
    cache.clear()


def test_the_deck_page_is_english_on_request_and_violation_messages_follow_the_language(client, user, two_kesanakya_deck):
    short = services.deck_create(owner=user, game="kannagi", name="短い", visibility="public", sections={"main": {card("ねこやま").pk: 4}})
    url = reverse("deck_detail", args=[short.pk])
    japanese = client.get(url).content.decode()
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    english = client.get(url).content.decode()
    ja_message = re.search(r'<li data-code="section_too_small">([^<]*)<', japanese).group(1)
    en_message = re.search(r'<li data-code="section_too_small">([^<]*)<', english).group(1)
    assert ja_message and en_message and ja_message != en_message
    assert "Main" in en_message and "メイン" in ja_message


# -- validate_deck command ---------------------------------------------------------------------------------

COMMAND = Path(settings.BASE_DIR) / "decks" / "management" / "commands" / "validate_deck.py"


def call_validate_deck(*args):
    """The command in this process (on the test database): (exit code, stdout, stderr)."""
    import io

    out, err = io.StringIO(), io.StringIO()
    try:
        call_command("validate_deck", *args, stdout=out, stderr=err)
        code = 0
    except SystemExit as exc:
        code = exc.code
    return code, out.getvalue(), err.getvalue()


@pytest.mark.skipif(not COMMAND.exists(), reason="decks/management/commands/validate_deck.py does not exist")
def test_validate_deck_says_legal_and_exits_0_for_a_legal_file(bundled, tmp_path):
    path = tmp_path / "legal.txt"
    path.write_text(KANNAGI_DECKLIST, encoding="utf-8")
    code, out, _err = call_validate_deck("kannagi", str(path))
    assert code == 0, out
    assert "legal" in out.splitlines()[-1] and "not legal" not in out


@pytest.mark.skipif(not COMMAND.exists(), reason="decks/management/commands/validate_deck.py does not exist")
def test_validate_deck_prints_the_violations_and_exits_1_for_an_illegal_file(bundled, tmp_path):
    path = tmp_path / "illegal.txt"
    path.write_text(TWO_KESANAKYA, encoding="utf-8")
    code, out, _err = call_validate_deck("kannagi", str(path))
    assert code == 1
    assert "too_many_copies" in out and "消さなきゃ" in out and "not legal" in out


@pytest.mark.skipif(not COMMAND.exists(), reason="decks/management/commands/validate_deck.py does not exist")
def test_validate_deck_takes_the_regulation_by_its_code(bundled, tmp_path):
    path = tmp_path / "dated.txt"
    path.write_text(TWO_KESANAKYA, encoding="utf-8")
    code, out, _err = call_validate_deck("kannagi", str(path), "--regulation", "2025-06-06")
    assert code == 0, out
    assert out.strip().splitlines()[-1].endswith("legal") and "too_many_copies" not in out


@pytest.mark.skipif(not COMMAND.exists(), reason="decks/management/commands/validate_deck.py does not exist")
def test_validate_deck_names_unreadable_lines_and_checks_the_rest(bundled, tmp_path):
    path = tmp_path / "typo.txt"
    path.write_text("メイン:\n4 ねこやま\n3 人魚\n", encoding="utf-8")
    code, out, err = call_validate_deck("kannagi", str(path))
    assert code == 2
    assert "3" in err and "人魚" in err and "人魚の活き血" in err
    assert "section_too_small" in out  # the four cards read were checked


def test_signing_up_follows_a_local_next_link_only(client, games):
    data = {"password1": "a-long-pass-4711", "password2": "a-long-pass-4711"}
    local = client.post(reverse("signup"), {"username": "first", "next": reverse("deck_check"), **data})
    assert local["Location"] == reverse("deck_check")
    client.post(reverse("logout"))
    away = client.post(reverse("signup"), {"username": "second", "next": "https://evil.example/", **data})
    assert away.status_code == 302 and away["Location"] == reverse("deck_list")


def test_the_admin_warns_about_a_restricted_name_no_card_has(editor_client, kannagi_base):
    url = reverse("admin:decks_regulation_change", args=[kannagi_base.pk])
    page = editor_client.get(url)
    data = admin_form_data(page)
    prefix = card_limit_prefix(page)
    data[f"{prefix}-card_name"] = "ねこやまx"
    data[f"{prefix}-copies"] = "1"
    response = editor_client.post(url, data, follow=True)
    shown = [str(m) for m in response.context["messages"]]
    assert any("ねこやまx" in m for m in shown)
    assert not any("人魚の活血" in m for m in shown)  # an alias on the list is a known name
