"""Revisions as a player makes them: the saves of one visit to the editor within ten minutes are one
revision (its snapshot the latest, its diff against the revision before); a save after ten minutes, from a
new visit, by another person, or of another kind makes a new one. The history shows each revision
collapsed to its changes in words, the compare menus name revisions by date and changes, and the deck page
shows the deck as faces by section and card type, with the cost curve as a chart."""

import re
from datetime import timedelta
from unittest import mock

import pytest
from django.urls import reverse
from django.utils import timezone

from cards.models import Card
from decks import presenters, services
from decks.models import Deck

SESSION = "visit-one-0001"
OTHER_SESSION = "visit-two-0002"


def card(name):
    return Card.objects.get(game="kannagi", name=name)


class Clock:
    """django.utils.timezone.now held at a moment the test moves on (revisions read it as they are saved)."""

    def __init__(self):
        self.now = timezone.now()
        self._patch = mock.patch("django.utils.timezone.now", side_effect=lambda: self.now)

    def __enter__(self):
        self._patch.start()
        return self

    def __exit__(self, *exc):
        self._patch.stop()

    def advance(self, **delta):
        self.now += timedelta(**delta)


@pytest.fixture
def clock():
    with Clock() as held:
        yield held


def save(deck, user, name, delta=1, session=SESSION, **kwargs):
    fresh = Deck.objects.get(pk=deck.pk)
    return services.deck_change_count(
        deck=fresh, user=user, card=card(name), section="main", delta=delta, session=session, **kwargs
    )


def numbers(deck):
    return list(deck.revisions.order_by("number").values_list("number", flat=True))


def changes(revision):
    return {d["name"]: d["delta"] for d in revision.diff}


# -- one visit, one revision ------------------------------------------------------------------------------------


def test_many_saves_of_one_visit_within_ten_minutes_make_one_revision(deck, user, clock):
    first = deck.revisions.get()
    for minute, (name, delta) in enumerate(
        [("清めの塩", 1), ("清めの塩", 1), ("無人の踏切", -1), ("鉄の風", -1), ("鉄の風", 1), ("清めの塩", 1)]
    ):
        clock.advance(minutes=1 if minute else 0, seconds=30)
        save(deck, user, name, delta)
    deck.refresh_from_db()
    assert deck.revisions.count() == 2
    latest = deck.revisions.order_by("-number").first()
    # The diff is against the revision before the visit: +3 and −1; 鉄の風 went and came back, so no change.
    assert changes(latest) == {"清めの塩": 3, "無人の踏切": -1}
    assert latest.edits == 6 and latest.author == user and latest.session == SESSION
    assert latest.updated_at > latest.created_at
    # Every save still moves the deck's number on (a stale tab gets a conflict); the revision took the last.
    assert deck.revision == 7 and latest.number == 7 and numbers(deck) == [1, 7]
    snapshot = {(card_id, count) for card_id, count, _name in latest.snapshot["sections"]["main"]}
    assert snapshot == set(deck.entries.values_list("card_id", "count"))
    assert deck.revisions.get(number=1).snapshot == first.snapshot  # the revision before is untouched


def test_a_save_ten_minutes_after_the_revision_began_makes_a_new_one(deck, user, clock):
    save(deck, user, "清めの塩")
    clock.advance(minutes=9, seconds=59)
    save(deck, user, "清めの塩")
    assert deck.revisions.count() == 2
    clock.advance(seconds=1)  # ten minutes after the first save of the revision, though one after the last
    save(deck, user, "無人の踏切", -1)
    revisions = list(deck.revisions.order_by("number"))
    assert len(revisions) == 3
    assert changes(revisions[1]) == {"清めの塩": 2} and changes(revisions[2]) == {"無人の踏切": -1}


def test_a_save_from_a_new_visit_of_the_editor_makes_a_new_revision(deck, user, clock):
    save(deck, user, "清めの塩")
    clock.advance(minutes=1)
    save(deck, user, "清めの塩", session=OTHER_SESSION)
    revisions = list(deck.revisions.order_by("number"))
    assert len(revisions) == 3
    assert [changes(r) for r in revisions[1:]] == [{"清めの塩": 1}, {"清めの塩": 1}]


def test_saves_without_a_session_are_a_revision_each(deck, user, clock):
    for _ in range(3):
        save(deck, user, "清めの塩", session="")
    assert numbers(Deck.objects.get(pk=deck.pk)) == [1, 2, 3, 4]


def test_another_persons_save_makes_a_new_revision_even_with_the_same_session(deck, user, other_user, clock):
    save(deck, user, "清めの塩")
    Deck.objects.filter(pk=deck.pk).update(owner=other_user)  # the deck handed over (the admin can)
    save(deck, other_user, "清めの塩")
    revisions = list(deck.revisions.order_by("number"))
    assert len(revisions) == 3 and [r.author for r in revisions[1:]] == [user, other_user]


def test_only_the_owner_may_save_and_a_refused_save_extends_nothing(deck, user, other_user, clock, deck_state):
    save(deck, user, "清めの塩")
    before = deck_state(deck)
    with pytest.raises(services.PermissionDenied):
        save(deck, other_user, "清めの塩")
    assert deck_state(deck) == before


def test_a_change_of_the_details_between_two_saves_separates_their_revisions(deck, user, clock):
    save(deck, user, "清めの塩")
    services.deck_update(deck=Deck.objects.get(pk=deck.pk), user=user, name="改名")
    save(deck, user, "清めの塩")
    notes = list(deck.revisions.order_by("number").values_list("note", flat=True))
    assert notes == ["created", "saved", "details changed", "saved"]


def test_a_tab_holding_the_number_before_an_extended_save_gets_a_conflict(deck, user, clock):
    save(deck, user, "清めの塩")
    seen = Deck.objects.get(pk=deck.pk).revision
    save(deck, user, "清めの塩")  # extends the revision, and the deck's number moves on
    with pytest.raises(services.DeckConflict) as conflict:
        save(deck, user, "無人の踏切", -1, session=OTHER_SESSION, expected_revision=seen)
    assert conflict.value.current == seen + 1
    assert deck.entries.get(card=card("無人の踏切")).count == 4


def test_the_visit_is_undone_by_restoring_the_revision_before_it(deck, user, clock):
    before = sorted(deck.entries.values_list("section", "card_id", "count"))
    for name, delta in [("清めの塩", 1), ("清めの塩", 1), ("無人の踏切", -1)]:
        save(deck, user, name, delta)
    restored = services.deck_restore(deck=Deck.objects.get(pk=deck.pk), user=user, number=1)
    assert sorted(deck.entries.values_list("section", "card_id", "count")) == before
    assert changes(restored) == {"清めの塩": -2, "無人の踏切": 1}
    save(deck, user, "清めの塩")  # the restore is a revision of its own: the visit's next save is a new one
    assert deck.revisions.count() == 4


def test_sections_replaced_from_one_visit_extend_one_revision_too(deck, user, clock):
    current = {cid: n for cid, n in deck.entries.values_list("card_id", "count")}
    salt = card("清めの塩").pk
    for n in (1, 2):
        services.deck_set_sections(
            deck=Deck.objects.get(pk=deck.pk), user=user, sections={"main": {**current, salt: n}}, session=SESSION
        )
    latest = deck.revisions.order_by("-number").first()
    assert deck.revisions.count() == 2 and changes(latest) == {"清めの塩": 2}


# -- over HTTP ------------------------------------------------------------------------------------------------


def test_the_entries_api_extends_one_revision_per_editor_session(user_client, deck, clock):
    url = reverse("api-deck-entries", args=[deck.pk])
    revision = deck.revision
    for _ in range(4):
        response = user_client.post(
            url, {"card": card("清めの塩").pk, "delta": 1, "revision": revision, "session": SESSION}, content_type="application/json"
        )
        assert response.status_code == 200, response.content
        revision = response.json()["revision"]
    assert deck.revisions.count() == 2 and revision == 5
    listed = user_client.get(reverse("api-deck-revisions", args=[deck.pk])).json()
    assert [r["number"] for r in listed] == [5, 1]
    assert listed[0]["edits"] == 4 and listed[0]["summary"] == "+4 清めの塩"


def test_the_entries_api_refuses_a_session_that_is_not_a_token(user_client, deck, deck_state):
    before = deck_state(deck)
    for bad in ("short", "x" * 65, "has spaces in it", "<script>alert(1)</script>"):
        response = user_client.post(
            reverse("api-deck-entries", args=[deck.pk]),
            {"card": card("清めの塩").pk, "delta": 1, "session": bad},
            content_type="application/json",
        )
        assert response.status_code == 400 and "session" in response.json()
    assert deck_state(deck) == before


def test_the_deck_api_gives_each_entry_its_face_urls(user_client, deck):
    body = user_client.get(reverse("api-deck-detail", args=[deck.pk])).json()
    entry = body["sections"][0]["entries"][0]
    assert re.fullmatch(rf"/cards/{entry['card']}/face/m/[\w-]+\.webp", entry["face"])
    assert re.fullmatch(rf"/cards/{entry['card']}/face/s/[\w-]+\.webp", entry["face_small"])
    assert user_client.get(entry["face_small"]).status_code == 200


# -- the history page and the compare menus -------------------------------------------------------------------


@pytest.fixture
def visited_deck(deck, user, clock):
    """`deck` after one visit of the editor: +2 清めの塩, −1 無人の踏切 in one revision."""
    for name, delta in [("清めの塩", 1), ("無人の踏切", -1), ("清めの塩", 1)]:
        clock.advance(seconds=40)
        save(deck, user, name, delta)
    return Deck.objects.get(pk=deck.pk)


def test_the_history_shows_each_revision_collapsed_to_its_changes_in_words(user_client, visited_deck, kannagi_base):
    html = user_client.get(reverse("deck_history", args=[visited_deck.pk])).content.decode()
    assert f"リビジョン {visited_deck.revision} · {kannagi_base.name_ja}" in html  # the format by name, not its code
    summaries = re.findall(r'<span class="rev-summary">([^<]*)</span>', html)
    assert summaries[0] == "+2 清めの塩、−1 無人の踏切"
    assert summaries[1].startswith("+4 ") and summaries[1].endswith("ほか10件")  # the deck as created
    assert html.count("<details>") == 2 and "player" in html
    assert "3回の保存" in html  # the visit's saves, counted in the open revision
    assert re.search(r'<h3>メイン</h3>\s*<ul class="diff"><li class="plus"><span data-card-face="/cards/\d+/face/m/', html)


def test_the_compare_menus_name_revisions_by_date_and_changes_not_numbers(user_client, visited_deck):
    html = user_client.get(reverse("deck_history", args=[visited_deck.pk])).content.decode()
    menu = re.search(r'<select name="from">(.*?)</select>', html, re.S).group(1)
    labels = re.findall(r"<option [^>]*>([^<]*)</option>", menu)
    assert len(labels) == 2
    assert re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d · \+2 清めの塩、−1 無人の踏切", labels[0])
    assert re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d · 作成 · \+4 .* ほか10件", labels[1])


def test_two_revisions_are_compared_on_the_history_page(user_client, visited_deck):
    newest = visited_deck.revision
    html = user_client.get(reverse("deck_history", args=[visited_deck.pk]), {"from": 1, "to": newest}).content.decode()
    comparison = re.search(r'<section class="comparison".*?</section>', html, re.S).group(0)
    assert re.findall(r"<span[^>]*>([^<]*)</span>", comparison) == ["+2 清めの塩", "−1 無人の踏切"]
    same = user_client.get(reverse("deck_history", args=[visited_deck.pk]), {"from": newest, "to": newest})
    assert "2つのリビジョンのカードは同じです。" in same.content.decode()
    for bad in ({"from": "x", "to": newest}, {"from": 999, "to": 1}):  # not a revision: no comparison, no error
        response = user_client.get(reverse("deck_history", args=[visited_deck.pk]), bad)
        assert response.status_code == 200 and 'class="comparison"' not in response.content.decode()


def test_the_simulation_compare_menu_names_revisions_by_date_and_changes(visited_deck, user):
    from goldfish.forms import CompareForm

    sim = mock.Mock(deck=visited_deck, revision=1, game_id="kannagi")
    form = CompareForm(user=user, sim=sim)
    revisions = dict(form.fields["other"].choices)["リビジョン"]
    assert [value for value, _label in revisions] == [f"rev:{visited_deck.revision}"]
    assert re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d · \+2 清めの塩、−1 無人の踏切", revisions[0][1])


def test_a_revision_summary_names_three_changes_and_counts_the_rest(db):
    diff = [{"section": "main", "card": i, "name": f"札{i}", "delta": d} for i, d in enumerate([1, -2, 3, 1, -1])]
    assert presenters.revision_summary(diff) == "+3 札2、+1 札0、+1 札3 ほか2件"
    assert presenters.revision_summary(diff, None) == "+3 札2、+1 札0、+1 札3、−2 札1、−1 札4"
    assert presenters.revision_summary([]) == ""


# -- the deck page: faces and the curve -----------------------------------------------------------------------


def test_the_deck_page_shows_the_deck_as_faces_grouped_by_section_and_type_with_counts(client, samples):
    deck = Deck.objects.get(name="サンプル：春と無の零探し")
    html = client.get(reverse("deck_detail", args=[deck.pk])).content.decode()
    faces = re.search(r'<div class="deck-faces".*?<section class="export-box"', html, re.S).group(0)
    assert re.findall(r'<h3 class="face-group" data-type="[^"]+">(\S+) <span class="count">(\d+)</span>', faces) == [
        ("場所札", "25"), ("道具札", "10"), ("季節札", "5"),  # the order the game declares its types
    ]
    tiles = re.findall(
        r'<li class="face-tile" data-card="(\d+)" data-count="(\d+)">\s*<a href="[^"]+" data-card-face="([^"]+)" '
        r'data-card-name="([^"]+)">\s*<span class="face-frame"><img src="([^"]+)" alt="" loading="lazy"[^>]*></span>\s*'
        r'<span class="face-caption"><span class="face-count">×(\d+)</span> <span class="face-name">([^<]+)</span>',
        faces,
    )
    assert len(tiles) == deck.entries.count()
    by_name = {t[3]: t for t in tiles}
    neko = by_name["ねこやま"]
    assert neko[1] == neko[5] == "4" and neko[6] == "ねこやま"
    assert "/face/m/" in neko[2] and "/face/s/" in neko[4]
    assert sum(int(t[5]) for t in tiles) == 40
    # The text list is still there to copy.
    assert 'id="export-plain"' in html and "4 ねこやま" in html


def test_the_cost_curve_is_an_accessible_svg_bar_chart_with_its_numbers(client, samples):
    deck = Deck.objects.get(name="サンプル：春と無の零探し")
    html = client.get(reverse("deck_detail", args=[deck.pk])).content.decode()
    svg = re.search(r'<svg class="curve-chart"[^>]*>.*?</svg>', html, re.S).group(0)
    label = re.search(r'role="img" aria-label="([^"]+)"', svg).group(1)
    assert label.startswith("コスト分布: メイン — コスト0: 20枚、コスト1: 7枚、コスト2: 8枚")
    assert f"<title>{label}</title>" in svg
    assert re.findall(r'<text class="value"[^>]*>(\d+)</text>', svg) == ["20", "7", "8", "2", "2", "1"]
    ticks = re.findall(r'<text class="tick"[^>]*>(\d+)</text>', svg)
    assert ticks == [str(c) for c in range(11)]  # the costs between are drawn as empty slots
    assert len(re.findall(r'<rect class="bar"', svg)) == 6


def names_with_faces(html):
    """The card links of a page's lists that carry the preview's face: {name: face URL}."""
    return dict(
        (name, face)
        for face, name in re.findall(r'<a href="/cards/\d+/" data-card-face="([^"]+)" data-card-name="([^"]+)">', html)
    )


def test_every_card_named_on_the_check_editor_and_pool_pages_carries_its_face_for_the_preview(
    client, user_client, samples, deck, kannagi_base
):
    from tests.conftest import KANNAGI_DECKLIST

    check = client.post(reverse("deck_check"), {"regulation": kannagi_base.pk, "decklist": KANNAGI_DECKLIST})
    assert set(names_with_faces(check.content.decode())) == {line.split(" ", 1)[1] for line in KANNAGI_DECKLIST.split("\n")[1:-1]}
    editor = user_client.get(reverse("deck_edit", args=[deck.pk])).content.decode()
    assert len(names_with_faces(editor)) == deck.entries.count()
    assert all(re.fullmatch(r"/cards/\d+/face/m/[\w-]+\.webp", face) for face in names_with_faces(editor).values())
    from decks.models import Pool

    pool = Pool.objects.filter(sample=True).first()
    html = client.get(reverse("pool_detail", args=[pool.pk])).content.decode()
    combined = re.search(r'<section class="combined">.*?</section>', html, re.S).group(0)
    assert len(names_with_faces(combined)) == len(re.findall(r"<tr data-card=", combined)) > 0


def test_card_types_are_named_as_the_game_declares_them_not_by_their_code(client, samples):
    from decks.models import Pool

    pool = Pool.objects.filter(sample=True, game="timestorm").first()
    html = client.get(reverse("pool_detail", args=[pool.pk])).content.decode()
    types = set(re.findall(r'<td class="muted">([^<]+)</td>', html))
    assert types and types <= {"バッテリー", "アクション", "クイックアクション", "トリガー"}
    deck = Deck.objects.filter(sample=True, game="timestorm").first()
    html = client.get(reverse("deck_detail", args=[deck.pk])).content.decode()
    groups = re.findall(r'<h3 class="face-group" data-type="[^"]+">([^<]+) <span', html)
    assert groups and not {"Action", "QuickAction", "Battery", "Trigger"} & set(groups)
    english = client.get(reverse("deck_detail", args=[deck.pk]), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    named = set(re.findall(r'<h3 class="face-group" data-type="[^"]+">([^<]+) <span', english))
    assert named and named <= {"Battery", "Action", "Quick action", "Trigger"}
    body = client.get(reverse("api-deck-detail", args=[deck.pk])).json()
    entry = body["sections"][0]["entries"][0]
    assert entry["type_label"] == {"Action": "アクション", "QuickAction": "クイックアクション", "Trigger": "トリガー", "Battery": "バッテリー"}[entry["card_type"]]
