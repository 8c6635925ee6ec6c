"""The goldfish pages: the start form (from a deck, a pool or a pasted decklist), the board page in Japanese
and English, its read-only form for others, "new game" with the same deck, and the links to them."""

import json
import re

import pytest
from django.test import Client
from django.urls import reverse

from decks.models import Deck, Pool, Visibility
from goldfish.models import GoldfishSession

from .conftest import KANNAGI_DECKLIST


def started(response) -> GoldfishSession:
    assert response.status_code == 302, response.content.decode()[:2000]
    session_id = re.fullmatch(r"/goldfish/([\w-]+)/", response["Location"]).group(1)
    return GoldfishSession.objects.get(pk=session_id)


def payload(html: str) -> dict:
    return json.loads(re.search(r'<script id="gf-payload" type="application/json">(.*?)</script>', html, re.S).group(1))


@pytest.fixture
def session(user_client, deck):
    return started(user_client.post(reverse("goldfish_new") + f"?deck={deck.pk}", {"deck": deck.pk, "seed": "11"}))


def test_the_deck_page_links_to_the_goldfish_start_with_the_deck(user_client, deck):
    html = user_client.get(reverse("deck_detail", args=[deck.pk])).content.decode()
    assert f'href="{reverse("goldfish_new")}?deck={deck.pk}"' in html
    form = user_client.get(reverse("goldfish_new"), {"deck": deck.pk, "seed": "5"}).content.decode()
    assert deck.name in form and 'value="5"' in form and f'name="deck" value="{deck.pk}"' in form
    assert 'data-option="goldfish_life"' in form and 'data-option="power"' not in form


def test_a_shared_deck_page_starts_by_its_token(client, deck):
    Deck.objects.filter(pk=deck.pk).update(visibility=Visibility.UNLISTED)
    deck.refresh_from_db()
    html = client.get(reverse("deck_shared", args=[deck.share_token])).content.decode()
    assert f"?deck_token={deck.share_token}" in html
    session = started(client.post(reverse("goldfish_new"), {"deck_token": deck.share_token}))
    assert session.deck == deck and session.owner is None and session.owner_key


def test_a_private_deck_of_someone_else_cannot_be_started(other_client, deck):
    assert other_client.get(reverse("goldfish_new"), {"deck": deck.pk}).status_code == 404
    assert other_client.post(reverse("goldfish_new"), {"deck": deck.pk}).status_code == 404
    assert not GoldfishSession.objects.exists()


def test_the_form_starts_a_game_with_the_seed_and_options_typed(user_client, deck, user):
    response = user_client.post(
        reverse("goldfish_new"),
        {"deck": deck.pk, "seed": "123", "opt_kannagi_goldfish_life": "12", "opt_kannagi_first_player_draws": "on", "opt_kannagi_mixed_season": "all"},
    )
    session = started(response)
    assert session.owner == user and session.seed == 123
    options = session.setup["options"]
    assert options["goldfish_life"] == 12 and options["first_player_draws"] is True and options["mixed_season"] == "all"
    assert options["opening"] == 8  # left as it was


def test_a_pool_page_links_to_a_goldfish_game_with_the_shared_deck(client, samples):
    pool = Pool.objects.get(name="サンプル：基本ルールの共有デッキ（2人）")
    html = client.get(reverse("pool_detail", args=[pool.pk])).content.decode()
    assert f"{reverse('goldfish_new')}?pool={pool.pk}" in html
    session = started(client.post(reverse("goldfish_new"), {"pool": pool.pk, "seed": ""}))
    assert session.pool == pool and session.game_id == "timestorm" and len(session.setup["decks"]) == 2


def test_a_pasted_decklist_starts_a_game_without_an_account(client, kannagi_base):
    response = client.post(reverse("goldfish_new"), {"regulation": kannagi_base.pk, "decklist": KANNAGI_DECKLIST, "seed": ""})
    session = started(response)
    assert session.source_kind == "decklist" and session.game_id == "kannagi" and 0 <= session.seed < 10**9
    # the same browser owns it: the board offers the actions
    html = client.get(session.get_absolute_url()).content.decode()
    assert payload(html)["can_act"] is True and 'data-can-act="true"' in html


def test_a_decklist_with_bad_lines_is_shown_again_with_each_line_named(client, kannagi_base):
    response = client.post(reverse("goldfish_new"), {"regulation": kannagi_base.pk, "decklist": "4 ねこやま\n2 ないカード\n"})
    assert response.status_code == 400
    html = response.content.decode()
    assert 'data-line="2"' in html and "ないカード" in html
    assert not GoldfishSession.objects.exists()


def test_a_bad_seed_is_refused_on_the_form(user_client, deck):
    response = user_client.post(reverse("goldfish_new"), {"deck": deck.pk, "seed": "-4"})
    assert response.status_code == 400 and not GoldfishSession.objects.exists()


@pytest.mark.parametrize(
    "language, words",
    [
        ("ja", ["一人回し", "新しいゲーム", "シード", "山札", "手札", "ターン終了", "元に戻す"]),
        ("en", ["Goldfish", "New game (same deck)", "Seed", "Deck", "Hand", "End turn", "Undo"]),
    ],
)
def test_the_board_page_renders_in_japanese_and_english(user_client, session, language, words):
    response = user_client.get(session.get_absolute_url(), HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    html = response.content.decode()
    labels = json.loads(re.search(r'<script id="gf-labels" type="application/json">(.*?)</script>', html, re.S).group(1))
    text = html + json.dumps(labels, ensure_ascii=False)
    for word in words:
        assert word in text, word
    assert f'lang="{language}"' in html and str(session.seed) in html
    data = payload(html)
    assert data["id"] == session.id and data["version"] == 0 and data["legal_actions"]


@pytest.mark.parametrize("language, word", [("ja", "一人回し"), ("en", "Goldfish")])
def test_the_start_page_renders_in_japanese_and_english(client, kannagi_base, language, word):
    html = client.get(reverse("goldfish_new"), HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert word in html and 'name="decklist"' in html and 'data-game="timestorm"' in html


def test_the_board_page_has_no_inline_script(user_client, session):
    html = user_client.get(session.get_absolute_url()).content.decode()
    for attributes, body in re.findall(r"<script\b([^>]*)>(.*?)</script>", html, flags=re.S):
        assert 'type="application/json"' in attributes or (body.strip() == "" and "src=" in attributes), attributes


def test_others_see_the_board_read_only(other_client, session):
    html = other_client.get(session.get_absolute_url()).content.decode()
    data = payload(html)
    assert data["can_act"] is False and data["legal_actions"] == []
    assert 'data-can-act="false"' in html and 'id="gf-readonly"' in html
    assert reverse("goldfish_restart", args=[session.id]) not in html


def test_new_game_starts_again_with_the_same_cards_and_a_new_or_typed_seed(user_client, session):
    new = started(user_client.post(reverse("goldfish_restart", args=[session.id]), {"seed": "99"}))
    assert new.pk != session.pk and new.seed == 99 and new.setup["decks"] == session.setup["decks"]
    random_seeded = started(user_client.post(reverse("goldfish_restart", args=[session.id]), {"seed": ""}))
    assert random_seeded.pk not in (session.pk, new.pk)


def test_new_game_is_for_the_owner_only(other_client, session):
    assert other_client.post(reverse("goldfish_restart", args=[session.id]), {"seed": "1"}).status_code == 403
    assert Client().post(reverse("goldfish_restart", args=[session.id])).status_code == 403
    assert GoldfishSession.objects.count() == 1


def test_an_unknown_game_page_is_404(client, db):
    assert client.get("/goldfish/doesnotexist/").status_code == 404


def test_your_recent_games_are_listed_on_the_start_page(user_client, session):
    html = user_client.get(reverse("goldfish_new")).content.decode()
    assert session.get_absolute_url() in html


def test_staff_can_look_into_a_game_in_the_admin_but_not_change_it(client, session, db):
    from django.contrib.auth.models import User

    client.force_login(User.objects.create_superuser("root", password="pw-root-123"))
    assert session.id in client.get("/admin/goldfish/goldfishsession/").content.decode()
    page = client.get(f"/admin/goldfish/goldfishsession/{session.id}/change/")
    assert page.status_code == 200 and str(session.seed) in page.content.decode()
    assert 'name="_save"' not in page.content.decode()


def labels_of(html: str) -> dict:
    return json.loads(re.search(r'<script id="gf-labels" type="application/json">(.*?)</script>', html, re.S).group(1))


@pytest.mark.parametrize("slug", ["kannagi", "original", "manacard", "vision"])
def test_the_board_words_are_the_games_declared_vocabulary_in_the_pages_language(user_client, samples, slug):
    from rules.declare import get_game

    deck = samples.filter(game_id=slug).order_by("pk").first()
    session = started(user_client.post(reverse("goldfish_new"), {"deck": deck.pk, "seed": "3"}))
    vocabulary = get_game(slug).vocabulary
    for language in ("ja", "en"):
        html = user_client.get(session.get_absolute_url(), HTTP_ACCEPT_LANGUAGE=language).content.decode()
        labels = labels_of(html)
        assert labels["game"] == vocabulary.labels(language)
        zones = payload(html)["view"]["zones"]
        for zone in zones:  # every zone on the board has the game's word for it
            assert zone.rpartition(".")[2] in labels["game"]["zones"], zone
        # the chrome holds no game's words: no zone, phase or decision table beside the game's
        assert not {"zones", "phases", "pending", "rows", "game_zones", "options"} & labels.keys()
    if slug == "original":  # a word only this game uses, in each language
        ja = labels_of(user_client.get(session.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="ja").content.decode())
        en = labels_of(user_client.get(session.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="en").content.decode())
        assert (ja["game"]["zones"]["deck"], en["game"]["zones"]["deck"]) == ("支援", "支援 (deck)")
        assert ja["game"]["rows"][2] == "戦場" and en["game"]["rows"][2] == "Battlefield"


def test_no_game_is_named_in_the_goldfish_code():
    """The goldfish app, its templates and its script know no game: a game's words and layout come from its
    declaration. (A slug may appear as an example value, never as a table key or a branch.)"""
    from pathlib import Path

    from django.conf import settings

    from rules.declare import GAMES

    root = Path(settings.BASE_DIR)
    slugs = "|".join(GAMES)
    keyed = re.compile(
        rf"""["']({slugs})["']\s*[:\]]|[=!]==?\s*["']({slugs})["']|["']({slugs})["']\s*[=!]==?|\b(in|case)\s*[(\[]?\s*["']({slugs})["']"""
    )
    files = [*root.glob("goldfish/**/*.py"), *root.glob("templates/goldfish/*.html"), *root.glob("static/js/goldfish/*.js")]
    assert any(f.suffix == ".js" for f in files)
    found = [f"{f.relative_to(root)}: {m.group(0)}" for f in files if "migrations" not in f.parts
             for m in keyed.finditer(f.read_text(encoding="utf-8"))]
    assert found == []


def test_each_goldfish_of_a_game_from_one_shared_deck_game_list_brings_its_share(user_client, samples):
    """Time Storm's goldfish are players and bring their share to the shared deck (the game's start option
    goldfish_entry, on the form like every option): from a standard deck a win-condition kind the player did
    not choose, from a 13-card pooling deck a sample 13; or nothing when told."""
    standard = samples.get(game_id="timestorm", name="サンプル：充電完了")
    form = user_client.get(reverse("goldfish_new"), {"deck": standard.pk}).content.decode()
    assert 'data-option="goldfish_entry"' in form and 'value="kind:無限の書庫"' in form and 'value="pool:1"' in form

    def brought(session, player):
        state = session.state
        return sorted(state["defs"][c["def"]]["name"] for c in state["cards"].values() if c["owner"] == player and c["zone"] != f"p{player}.field")

    session = started(user_client.post(reverse("goldfish_new"), {"deck": standard.pk, "seed": "4"}))
    assert brought(session, 1) == ["無限の書庫"] and "充電完了" in brought(session, 0)
    pooled = samples.get(game_id="timestorm", name="サンプル：13枚持ち寄り A")
    supply = {"opt_timestorm_supply_batteries": "on"}  # (as the form's checked box posts it)
    session = started(user_client.post(reverse("goldfish_new"), {"deck": pooled.pk, "seed": "4", **supply}))
    assert len(brought(session, 0)) == len(brought(session, 1)) == 13 and "無限の書庫" in brought(session, 1)
    alone = started(user_client.post(reverse("goldfish_new"), {"deck": standard.pk, "seed": "4", "opt_timestorm_goldfish_entry": "none"}))
    assert brought(alone, 1) == [] and alone.setup["options"]["goldfish_entry"] == "none"


def test_the_time_storm_start_form_offers_the_janken_among_all_players_by_default_and_starts_with_it(user_client, samples):
    """・じゃんけんで勝ったプレイヤーが先手番となり、そこから時計回りにターンが進行する。(seed 001, line 30: the form is built
    from the option's declaration, so the default じゃんけん among all the players is the selected choice; a game
    started with it and several goldfish may begin with any of them, and the board counts the player's turns
    from their first one.)"""
    standard = samples.get(game_id="timestorm", name="サンプル：充電完了")
    form = user_client.get(reverse("goldfish_new"), {"deck": standard.pk}, HTTP_ACCEPT_LANGUAGE="ja").content.decode()
    select = re.search(r'<select name="opt_timestorm_first"[^>]*>(.*?)</select>', form, re.S).group(1)
    assert re.findall(r'<option value="(\w+)"', select) == ["random", "player", "goldfish"]
    assert re.search(r'<option value="random" selected>じゃんけん（全員からランダム）</option>', select)
    winners = set()
    for seed in range(12):
        session = started(user_client.post(reverse("goldfish_new"), {
            "deck": standard.pk, "seed": str(seed), "opt_timestorm_opponents": "3", "opt_timestorm_first": "random",
            "opt_timestorm_goldfish_entry": "none",
        }))
        assert session.setup["options"]["first"] == "random"
        winners.add(session.state["first"])
        view = payload(user_client.get(session.get_absolute_url()).content.decode())["view"]
        assert view["first"] == session.state["first"]  # public: who won the じゃんけん
        if view["clock"]["player"] == 0:  # the player's own turn (the goldfish before it passed through theirs)
            assert view["clock"]["yours"] == view["clock"]["n"] == 1
    assert winners - {0, 1}  # goldfish 2 or 3 began some of them: not only you or goldfish 1
    default = started(user_client.post(reverse("goldfish_new"), {"deck": standard.pk, "seed": "4"}))
    assert default.setup["options"]["first"] == "random"
