"""Hostile text typed by users and editors (card text, deck, pool, user, set and regulation names) is shown
as text everywhere: on every page, in the admin, in the JSON and the decklist export, in the PDFs and the
simulation chart, and never reaches the API schema. Each page is read back with an HTML parser: no element
or attribute came from the data (no stray <script>, <img>, <svg>, on* handler or javascript: link), every
inline <script> is a JSON island that parses, and the hostile strings are in the page's text literally."""

import io
import json
from html.parser import HTMLParser
from xml.etree import ElementTree

import pytest
from django.contrib.auth.models import User
from django.db import transaction
from django.test import Client
from pypdf import PdfReader

from cards.models import Card

SCRIPT = "<script>alert(1)</script>"
IMG = "<img src=x onerror=alert(1)>"
SVG = '"><svg onload=alert(1)>'
TEXTAREA = "</textarea><script>alert(1)</script>"
MUSTACHE = "{{ x }}"
BLOCK = "{% x %}"
AMP = "a & b <b>c</b>"
JS_URL = "javascript:alert(1)"
JSON_BREAK = "</script><script>alert(1)</script>"
HOSTILE = [SCRIPT, IMG, SVG, TEXTAREA, MUSTACHE, BLOCK, AMP, JS_URL, JSON_BREAK]


def word(text: str) -> str:
    """The one-word form (keywords and list fields take no spaces): `<img/src=x/onerror=alert(1)>` is markup too."""
    return text.replace(" ", "/")


MARKUP = [t for s in HOSTILE for t in {s, word(s)} if "<" in t]  # what would turn into markup if printed unescaped

DECK_NAME = f"{SCRIPT} {IMG}"
DECK_DESCRIPTION = "\n".join(HOSTILE)
POOL_NAME = f"{SVG} pool"
USER_NAME = f"{IMG}user"
REGULATION_NAME = f"{AMP} {SCRIPT}"

# The kannagi sample deck's cards, renamed (each card's own text, set, rarity and fields hostile too).
RENAMED = {
    "ねこやま": SCRIPT,
    "本物のお化け屋敷": IMG,
    "鉄の風": SVG,
    "桜並木の小径": TEXTAREA,
    "無人の踏切": MUSTACHE,
    "花火の河川敷": BLOCK,
    "肥川の大蛇": AMP,
    "春霞の丘": JS_URL,
    "仮想世界の外": JSON_BREAK,
}
TIMESTORM_NAME = f"{SCRIPT} ts"
ORIGINAL_NAME = f"{BLOCK} {JSON_BREAK}"


def make_hostile():
    """The bundled cards and sample decks, then the hostile data: returns a dict of the objects made."""
    from cards.services import load_bundled
    from decks import services
    from decks.models import Deck, Regulation

    load_bundled()
    services.load_sample_decks()
    for i, (old, new) in enumerate(RENAMED.items()):
        card = Card.objects.get(game="kannagi", name=old)
        card.name = new
        card.reading = ""
        card.aliases = [f"{new} alias"]
        card.rules_text = f"{new}\n{HOSTILE[(i + 1) % len(HOSTILE)]}"
        card.flavor_text = new
        card.set_name = new
        card.rarity = new
        card.keywords = [word(new)]
        attrs = dict(card.attrs)
        attrs["attributes"] = [word(new)]
        card.attrs = attrs
        card.save()
    original = Card.objects.get(game="original", name="オーバークラウド・ゴーレム")
    attrs = dict(original.attrs)
    attrs["race"] = word(IMG)
    attrs["effects"] = [dict(effect, name=SCRIPT, text=AMP, trigger=SVG) for effect in attrs["effects"]]
    original.name, original.attrs = ORIGINAL_NAME, attrs
    original.save()
    ts = Card.objects.filter(game="timestorm").exclude(card_type="").order_by("pk").first()
    ts.name, ts.rules_text = TIMESTORM_NAME, AMP
    ts.save()

    regulation = Regulation.objects.get(game="kannagi", code="base")
    regulation.name_ja = regulation.name_en = REGULATION_NAME
    regulation.save()

    owner = User.objects.create_user(USER_NAME, password="pw-hostile-123")  # the ORM skips the username validator
    sample = Deck.objects.get(game="kannagi", name="サンプル：春と無の零探し")
    sections = {}
    for entry in sample.entries.all():
        sections.setdefault(entry.section, {})[entry.card_id] = entry.count
    deck = services.deck_create(
        owner=owner, game="kannagi", regulation=regulation, name=DECK_NAME, description=DECK_DESCRIPTION,
        visibility="public", sections=sections,
    )
    for old in ("ねこやま", "肥川の大蛇"):  # revisions whose diffs name hostile cards
        card = Card.objects.get(game="kannagi", name=RENAMED[old])
        services.deck_change_count(deck=deck, user=owner, card=card, section="main", delta=1)
    deck.refresh_from_db()
    unlisted = services.deck_copy(deck=deck, user=owner, name=f"{TEXTAREA} copy")
    services.deck_update(deck=unlisted, user=owner, visibility="unlisted")
    unlisted.refresh_from_db()

    ts_decks = list(Deck.objects.filter(game="timestorm", regulation__code="pool13").order_by("pk"))
    pool = services.pool_save(
        user=owner, name=POOL_NAME, deck_ids=[d.pk for d in ts_decks], regulation=ts_decks[0].regulation,
        description=DECK_DESCRIPTION, visibility="public", players=[SCRIPT, AMP],
    )
    unlisted_pool = services.pool_save(
        user=owner, name=f"{BLOCK} {IMG}", deck_ids=[d.pk for d in ts_decks], regulation=ts_decks[0].regulation,
        visibility="unlisted", players=[JSON_BREAK, TEXTAREA],
    )
    return {
        "owner": owner, "deck": deck, "unlisted": unlisted, "pool": pool, "unlisted_pool": unlisted_pool,
        "regulation": regulation,
    }


# -- reading pages back ---------------------------------------------------------------------------------


class Page(HTMLParser):
    """What the browser would build from a page: its elements, attributes, inline scripts and text."""

    def __init__(self, html: str):
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict]] = []
        self.scripts: list[tuple[dict, str]] = []
        self._script: dict | None = None
        self._chunks: list[str] = []
        self.text_parts: list[str] = []
        self.feed(html)
        self.close()

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        self.tags.append((tag, attrs))
        if tag == "script":
            self._script, self._chunks = attrs, []
        for key in ("value", "placeholder", "title", "alt", "aria-label", "content"):
            if attrs.get(key):
                self.text_parts.append(attrs[key])

    def handle_endtag(self, tag):
        if tag == "script" and self._script is not None:
            self.scripts.append((self._script, "".join(self._chunks)))
            self._script = None

    def handle_data(self, data):
        if self._script is not None:
            self._chunks.append(data)
        else:
            self.text_parts.append(data)

    @property
    def text(self) -> str:
        return "\n".join(self.text_parts)


def check_html(html: str, *, shows=(), where="") -> Page:
    """Assert the page holds no markup from the data and shows each of `shows` as text."""
    for raw in MARKUP:
        assert raw not in html, f"{where}: unescaped {raw!r}"
    page = Page(html)
    for tag, attrs in page.tags:
        handlers = [k for k in attrs if k.startswith("on")]
        assert not handlers, f"{where}: <{tag}> with {handlers}"
        for key in ("href", "src", "action", "formaction"):
            assert not (attrs.get(key) or "").strip().lower().startswith("javascript:"), f"{where}: <{tag} {key}={attrs[key]!r}>"
        assert not (tag == "img" and attrs.get("src") == "x"), f"{where}: an <img> from the data"
    for attrs, body in page.scripts:
        if attrs.get("src"):
            assert not body.strip(), f"{where}: a script with both src and a body"
            continue
        assert attrs.get("type") == "application/json", f"{where}: an inline script {attrs} {body[:80]!r}"
        json.loads(body)  # a JSON island that the data did not break out of
    text = page.text
    for literal in shows:
        assert literal in text, f"{where}: {literal!r} is not shown as text"
    return page


def get_html(client, url, *, shows=(), status=200):
    response = client.get(url)
    assert response.status_code == status, f"{url}: {response.status_code}"
    assert response["Content-Type"].startswith("text/html"), url
    return check_html(response.content.decode(), shows=shows, where=url)


def pdf_text(data: bytes) -> str:
    reader = PdfReader(io.BytesIO(data))
    meta = reader.metadata or {}
    return "\n".join([page.extract_text() for page in reader.pages] + [str(meta.get("/Title", ""))])


def content(response) -> bytes:
    return b"".join(response.streaming_content) if response.streaming else response.content


@pytest.fixture(scope="module")
def _hostile_rows(django_db_setup, django_db_blocker):
    """The hostile data, made once for the module inside a transaction that is rolled back at its end (each
    test runs in a savepoint of its own within it)."""
    with django_db_blocker.unblock(), transaction.atomic():
        made = make_hostile()
        yield {key: (type(obj), obj.pk) for key, obj in made.items()}
        transaction.set_rollback(True)


@pytest.fixture
def hostile(db, _hostile_rows):
    return {key: model.objects.get(pk=pk) for key, (model, pk) in _hostile_rows.items()}


@pytest.fixture
def owner_client(hostile):
    client = Client()
    client.force_login(hostile["owner"])
    return client


CARD_NAMES = list(RENAMED.values())


# -- pages ------------------------------------------------------------------------------------------------


def test_card_pages_and_search_show_hostile_card_text_as_text(client, hostile):
    for card in Card.objects.filter(name__in=CARD_NAMES):
        get_html(client, f"/cards/{card.pk}/", shows=[card.name, card.rules_text.split("\n")[1], card.set_name, card.rarity])
    get_html(client, "/games/kannagi/cards/", shows=CARD_NAMES)
    get_html(client, "/games/kannagi/cards/?view=table", shows=CARD_NAMES)
    get_html(client, "/games/kannagi/")
    get_html(client, "/")
    get_html(client, "/search/help/")
    original = Card.objects.get(name=ORIGINAL_NAME)
    get_html(client, f"/cards/{original.pk}/", shows=[ORIGINAL_NAME, SCRIPT, AMP, SVG, word(IMG)])  # record fields
    for query in HOSTILE:  # typed into the search box: echoed back in the box, or named in the error
        response = client.get("/cards/", {"q": query})
        check_html(response.content.decode(), where=f"/cards/?q={query}")
        check_html(client.get("/games/kannagi/cards/", {"q": query}).content.decode(), shows=[query], where=f"q={query}")
    found = get_html(client, "/games/kannagi/cards/?q=" + "alert")
    assert SCRIPT in found.text and IMG in found.text


def test_deck_pages_show_hostile_names_descriptions_and_cards_as_text(client, owner_client, hostile):
    deck, unlisted = hostile["deck"], hostile["unlisted"]
    lines = DECK_DESCRIPTION.split("\n")
    get_html(client, "/decks/", shows=[DECK_NAME, USER_NAME])
    get_html(client, "/decks/?game=kannagi", shows=[DECK_NAME])
    get_html(client, f"/decks/{deck.pk}/", shows=[DECK_NAME, USER_NAME, REGULATION_NAME, *lines, *CARD_NAMES])
    edit = get_html(owner_client, f"/decks/{deck.pk}/edit/", shows=CARD_NAMES)
    assert any(DECK_NAME == attrs.get("value") for tag, attrs in edit.tags if tag == "input"), "the name in its input"
    assert DECK_DESCRIPTION in edit.text.replace("\r\n", "\n"), "the description in its textarea"
    get_html(owner_client, f"/decks/{deck.pk}/history/", shows=[SCRIPT, AMP])  # the diffs name the cards
    get_html(client, f"/decks/{deck.pk}/stats/")
    get_html(client, f"/decks/s/{unlisted.share_token}/", shows=[unlisted.name, *CARD_NAMES])
    get_html(owner_client, "/accounts/", shows=[USER_NAME])
    get_html(owner_client, "/decks/new/?game=kannagi", shows=[REGULATION_NAME])
    get_html(client, "/decks/check/?game=kannagi")
    # a pasted decklist: its unknown lines are echoed and the close card names suggested
    decklist = "\n".join(["4 " + name for name in CARD_NAMES] + ["2 " + name + "zz" for name in HOSTILE])
    response = client.post("/decks/check/", {"regulation": hostile["regulation"].pk, "decklist": decklist})
    page = check_html(response.content.decode(), where="deck check")
    for name in HOSTILE:  # each bad line is named, and the textarea holds the text as pasted
        assert name + "zz" in page.text, name


def test_the_decklist_export_is_plain_text_with_the_names_as_typed(client, hostile):
    deck = hostile["deck"]
    for url in (f"/decks/{deck.pk}/export.txt", f"/decks/s/{hostile['unlisted'].share_token}/export.txt"):
        response = client.get(url)
        assert response.status_code == 200 and response["Content-Type"].startswith("text/plain")
        assert response["X-Content-Type-Options"] == "nosniff"
        text = response.content.decode()
        for name in CARD_NAMES:
            assert name in text, name


def test_pool_pages_show_hostile_pool_player_and_card_names_as_text(client, owner_client, hostile):
    pool = hostile["pool"]
    get_html(client, f"/pools/{pool.pk}/", shows=[POOL_NAME, SCRIPT, AMP, TIMESTORM_NAME, *DECK_DESCRIPTION.split("\n")])
    edit = get_html(owner_client, f"/pools/{pool.pk}/edit/")
    assert any(POOL_NAME == attrs.get("value") for tag, attrs in edit.tags if tag == "input")
    get_html(client, "/decks/?game=timestorm")
    shared = hostile["unlisted_pool"]
    get_html(client, f"/pools/s/{shared.share_token}/", shows=[shared.name, JSON_BREAK, TEXTAREA, TIMESTORM_NAME])
    pdf = client.get(f"/pools/{pool.pk}/print.pdf?copies=one")
    assert pdf.status_code == 200 and TIMESTORM_NAME in pdf_text(content(pdf)).replace("\n", "")


def test_the_goldfish_pages_and_json_carry_hostile_names_as_data(client, owner_client, hostile):
    from goldfish.models import GoldfishSession

    deck = hostile["deck"]
    get_html(owner_client, f"/goldfish/new/?deck={deck.pk}", shows=[DECK_NAME])
    response = owner_client.post(f"/goldfish/new/?deck={deck.pk}", {"deck": deck.pk, "seed": "5"})
    assert response.status_code == 302, response.content.decode()[:500]
    session = GoldfishSession.objects.get(deck=deck)
    page = get_html(owner_client, response["Location"], shows=[DECK_NAME])
    payload = json.loads(next(body for attrs, body in page.scripts if attrs.get("id") == "gf-payload"))
    assert payload["source"]["name"] == DECK_NAME
    shown = {d["name"] for d in payload["view"]["defs"].values()}
    assert shown & set(CARD_NAMES), f"the opening hand shows some renamed cards: {shown}"
    assert shown <= set(Card.objects.filter(game="kannagi").values_list("name", flat=True)), "names as stored"
    api = owner_client.get(f"/api/goldfish/{session.pk}/")
    assert api.status_code == 200 and api["Content-Type"].startswith("application/json")
    assert api.json()["source"]["name"] == DECK_NAME
    assert {d["name"] for d in api.json()["view"]["defs"].values()} == shown
    # a token named by the player and a few actions: the log names them, read-only watchers see it
    version = api.json()["version"]
    token = owner_client.post(
        f"/api/goldfish/{session.pk}/actions/",
        {"action": {"type": "manual.token", "player": 0, "to": "p0.field", "name": IMG}, "version": version},
        content_type="application/json",
    )
    assert token.status_code == 200, token.content.decode()[:500]
    assert IMG in json.dumps(token.json(), ensure_ascii=False)
    watcher = get_html(client, f"/goldfish/{session.pk}/")
    watched = json.loads(next(body for attrs, body in watcher.scripts if attrs.get("id") == "gf-payload"))
    assert IMG in json.dumps(watched, ensure_ascii=False)
    get_html(owner_client, "/goldfish/new/", shows=[DECK_NAME])  # the recent games list
    get_html(client, f"/goldfish/{session.pk}/?step=1")
    get_html(client, f"/pools/{hostile['pool'].pk}/")
    pool_game = client.post("/goldfish/new/?pool=" + str(hostile["pool"].pk), {"pool": hostile["pool"].pk, "seed": "2"})
    assert pool_game.status_code == 302, pool_game.content.decode()[:500]
    get_html(client, pool_game["Location"], shows=[POOL_NAME])


def _done_simulation(deck, seed=3):
    from goldfish import services
    from goldfish.actors import Actor
    from goldfish.models import Simulation
    from rules.engine.simulate import simulate

    sim = services.start_simulation(who=Actor(user=deck.owner), deck=deck, games=20, seed=seed, turn_cap=12)
    sim.result = simulate("kannagi", sim.decks, sim.games, sim.seed, sim.turn_cap, workers=1)
    sim.status, sim.done = Simulation.Status.DONE, sim.games
    sim.save()
    return sim


def test_simulation_pages_and_chart_show_hostile_names_as_text(client, hostile):
    from decks import services

    deck = hostile["deck"]
    sim = _done_simulation(deck)
    page = get_html(client, f"/simulations/{sim.token}/", shows=[DECK_NAME, SCRIPT, IMG, AMP])
    assert any(tag == "svg" for tag, _ in page.tags), "the chart is drawn"
    get_html(client, f"/simulations/{sim.token}/?fragment=results", shows=[SCRIPT, AMP])
    svg = client.get(f"/simulations/{sim.token}/chart.svg")
    assert svg["Content-Type"].startswith("image/svg+xml")
    body = svg.content.decode()
    for raw in MARKUP:
        assert raw not in body
    tree = ElementTree.fromstring(body)  # well-formed: the escaping did not break the XML
    texts = "".join(tree.itertext())
    assert DECK_NAME[:20] in texts
    assert not [el for el in tree.iter() if any(k.startswith("on") for k in el.attrib)]
    status = client.get(f"/simulations/{sim.token}/status.json")
    assert status["Content-Type"].startswith("application/json")
    # a second revision, compared side by side
    services.deck_change_count(deck=deck, user=deck.owner, card=Card.objects.get(name=AMP), section="main", delta=-1)
    deck.refresh_from_db()
    other = _done_simulation(deck)
    get_html(client, f"/simulations/{sim.token}/vs/{other.token}/", shows=[SCRIPT, AMP])
    api = client.get(f"/api/simulations/{sim.token}/")
    assert api.status_code == 200 and SCRIPT in json.dumps(api.json(), ensure_ascii=False)


def test_print_pages_and_pdfs_print_hostile_names_literally(client, owner_client, hostile, settings, tmp_path):
    from printing.models import PrintJob
    from printing.tasks import render_print_job

    settings.MEDIA_ROOT = tmp_path
    deck = hostile["deck"]
    get_html(client, f"/decks/{deck.pk}/print/", shows=[DECK_NAME])
    get_html(client, f"/pools/{hostile['pool'].pk}/print/", shows=[POOL_NAME])
    get_html(client, "/games/kannagi/print/?copies=one")
    for value in HOSTILE:  # typed into the options (the page echoes them into the form and the links)
        query = {"paper": value, "card_size": value, "bleed": value, "offset": value, "copies": value, value: value}
        check_html(client.get(f"/decks/{deck.pk}/print/", query).content.decode(), where=f"print options {value}")
        bad = client.get(f"/decks/{deck.pk}/print.pdf", query)
        assert bad.status_code == 400 and not bad["Content-Type"].startswith("text/html"), value
    pdf = client.get(f"/decks/{deck.pk}/print.pdf?copies=one")
    assert pdf.status_code == 200 and pdf["Content-Type"] == "application/pdf"
    text = pdf_text(content(pdf))
    for literal in ("a & b", "<b>c</b>", "{{ x }}", "{% x %}", "<script>", "javascript:alert(1)"):
        assert literal in text, f"{literal!r} printed literally"
    assert DECK_NAME in text  # the PDF's title
    assert client.get(f"/decks/{deck.pk}/print/preview.png?copies=one").status_code == 200
    response = owner_client.post(f"/decks/{deck.pk}/print/job/", {"paper": "A4", "copies": "deck", "backs": "long"})
    job = PrintJob.objects.get()
    assert response.status_code == 302
    assert job.title == DECK_NAME
    get_html(owner_client, f"/print/jobs/{job.token}/", shows=[DECK_NAME])
    render_print_job.func(job.pk)
    job.refresh_from_db()
    assert job.status == "done", job.error
    status = owner_client.get(f"/print/jobs/{job.token}/status.json").json()
    text = pdf_text(content(owner_client.get(status["file"])))
    assert "<b>c</b>" in text and "a & b" in text and "{% x %}" in text
    get_html(owner_client, f"/print/jobs/{job.token}/")


def test_card_faces_draw_hostile_text_without_markup(client, hostile):
    from printing.services import print_cards, render_cards
    from printing.sheets import PrintOptions

    cards = list(Card.objects.filter(name__in=CARD_NAMES))
    items = print_cards("kannagi", {c.pk: 1 for c in cards})
    text = pdf_text(render_cards("kannagi", items, PrintOptions(), title=AMP))
    for name in CARD_NAMES:
        assert name in text.replace("\n", ""), f"{name!r} on its face"
    page = get_html(client, f"/cards/{cards[0].pk}/")
    faces = [attrs["src"] for tag, attrs in page.tags if tag == "img" and "/face/" in (attrs.get("src") or "")]
    for src in faces[:1]:
        response = client.get(src)
        assert response.status_code == 200 and response["Content-Type"] == "image/webp"


def test_the_api_answers_hostile_text_as_json_data(client, owner_client, hostile):
    deck = hostile["deck"]
    cards = client.get("/api/cards/", {"game": "kannagi", "q": "alert"})
    assert cards.status_code == 200 and cards["Content-Type"].startswith("application/json")
    names = {c["name"] for c in cards.json()["results"]}
    assert {SCRIPT, IMG, SVG, TEXTAREA, JS_URL, JSON_BREAK} <= names
    for query in HOSTILE:
        response = client.get("/api/cards/", {"game": "kannagi", "q": query})
        assert response.status_code in (200, 400) and response["Content-Type"].startswith("application/json"), query
    detail = owner_client.get(f"/api/decks/{deck.pk}/").json()
    assert detail["name"] == DECK_NAME and detail["description"] == DECK_DESCRIPTION
    export = owner_client.get(f"/api/decks/{deck.pk}/export/")
    assert export.status_code == 200 and not export["Content-Type"].startswith("text/html")
    assert all(name in export.content.decode() for name in CARD_NAMES)
    pool = client.get(f"/api/pools/{hostile['pool'].pk}/").json()
    assert pool["name"] == POOL_NAME


def test_the_api_schema_and_docs_hold_no_user_data(client, hostile):
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/json")
    assert schema.status_code == 200
    text = schema.content.decode()
    for needle in ("alert(1)", "onerror", "{{ x }}", "{% x %}", "<b>c</b>", DECK_NAME, POOL_NAME):
        assert needle not in text, needle
    docs = client.get("/api/docs/")
    assert docs.status_code == 200
    check_html(docs.content.decode(), where="/api/docs/")
    assert "alert(1)" not in docs.content.decode()


ADMIN_PAGES = [
    "/admin/",
    "/admin/cards/card/",
    "/admin/cards/game/",
    "/admin/decks/deck/",
    "/admin/decks/regulation/",
    "/admin/auth/user/",
    "/admin/goldfish/goldfishsession/",
    "/admin/printing/cardback/",
]


def test_admin_change_lists_and_forms_show_hostile_text_as_text(client, hostile):
    from goldfish.models import GoldfishSession

    admin = User.objects.create_superuser("root", password="pw-root-123")
    client.force_login(admin)
    deck = hostile["deck"]
    client.post(f"/goldfish/new/?deck={deck.pk}", {"deck": deck.pk, "seed": "1"})
    for url in ADMIN_PAGES:
        get_html(client, url)
    session = GoldfishSession.objects.get(deck=deck)
    get_html(client, f"/admin/goldfish/goldfishsession/{session.pk}/change/", shows=[DECK_NAME])
    get_html(client, "/admin/cards/card/?q=alert", shows=[SCRIPT, IMG])
    get_html(client, "/admin/decks/deck/", shows=[DECK_NAME])
    get_html(client, f"/admin/decks/deck/{deck.pk}/change/", shows=[DECK_NAME])
    card = Card.objects.get(name=AMP)
    get_html(client, f"/admin/cards/card/{card.pk}/change/", shows=[AMP])
    get_html(client, f"/admin/decks/regulation/{hostile['regulation'].pk}/change/", shows=[REGULATION_NAME])
    get_html(client, f"/admin/auth/user/{hostile['owner'].pk}/change/", shows=[USER_NAME])
    response = client.post(f"/admin/cards/card/{card.pk}/delete/", {})  # the confirmation page names it
    check_html(response.content.decode(), shows=[AMP], where="delete")


def test_an_admin_import_names_hostile_fields_and_values_as_text(client, hostile):
    import csv

    admin = User.objects.create_superuser("root", password="pw-root-123")
    client.force_login(admin)
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["name", "card_type", "cost", "season", "power", SCRIPT])  # an unknown column
    writer.writerow([IMG + " new", "場所札", SVG, JSON_BREAK, AMP, TEXTAREA])  # every value wrong
    writer.writerow([BLOCK + " new", SCRIPT, "0", "冬", "1", ""])
    upload = io.BytesIO(out.getvalue().encode())
    upload.name = f"{IMG}.csv"
    response = client.post("/admin/cards/card/import/", {"game": "kannagi", "file": upload, "format": "csv", "mapping": "", "dry_run": "on"})
    assert response.status_code == 200
    page = check_html(response.content.decode(), where="admin import")
    assert SCRIPT in page.text, "the refused column or type is named"
    assert not Card.objects.filter(name=IMG + " new").exists()


BROWSABLE = ["/api/decks/{deck}/", "/api/decks/", "/api/pools/{pool}/", "/api/games/kannagi/"]


@pytest.mark.parametrize("path", BROWSABLE)
def test_the_browsable_api_shows_hostile_data_as_text(owner_client, hostile, path):
    url = path.format(deck=hostile["deck"].pk, pool=hostile["pool"].pk)
    response = owner_client.get(url, HTTP_ACCEPT="text/html")
    assert response.status_code in (200, 406), url
    if response["Content-Type"].startswith("text/html"):
        check_html(response.content.decode(), where=url)


def test_a_browser_asking_the_card_api_for_html_gets_the_json_as_text(owner_client, hostile):
    card = Card.objects.get(name=SCRIPT)
    for url in ("/api/cards/?game=kannagi&q=alert", f"/api/cards/{card.pk}/"):
        response = owner_client.get(url, HTTP_ACCEPT="text/html,*/*;q=0.8")
        assert response.status_code == 200, url
        if response["Content-Type"].startswith("text/html"):
            check_html(response.content.decode(), shows=[SCRIPT], where=url)
        else:
            assert SCRIPT in json.dumps(response.json(), ensure_ascii=False)
