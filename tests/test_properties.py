"""Property-based tests (hypothesis): arbitrary input to the search query parser, the decklist parser, the
card importer and the engine's action input raises nothing but the documented error.

- search: cards.search.query.parse / cards.selectors.parse_query raise only QueryError (with a position
  inside the text, or just past it for a too-long query); /api/cards/?q= answers 400, never 500;
- decklists: rules.decklist.parse reports bad lines as LineError entries and never raises;
  decks.services.decklist_sections raises only DeckInputError; any deck the exporter writes (either style,
  either language, made-up card names) reads back as the same deck with nothing to say, also through the
  site on the bundled cards;
- card files: cards.io.read_rows raises only CardFileError; cards.services.import_cards raises only
  CardFileError, reports bad rows as RowError entries, and a failed import leaves the database as it was;
- the engine: rules.engine.apply raises only IllegalAction, and a refused action leaves the state as it was
  (its digest and the log's length).

Every property is bounded (max_examples) so that the file runs in well under a minute.
"""

import copy
import json
import os
import random
import string
import unicodedata

import pytest
from hypothesis import HealthCheck, event, example, given, settings
from hypothesis import strategies as st

from cards.io import CardFileError, read_rows
from cards.search.filters import controls_for
from cards.search.query import MAX_LENGTH, OPERATORS, QueryError, Schema, parse
from rules.deckdata import DeckData
from rules.decklist import MAX_COUNT, STYLES, CardIndex, LineError
from rules.decklist import export as export_decklist
from rules.decklist import parse as parse_decklist
from rules.declare import GAMES, get_game
from rules.declare.samples import bundled_cards, player_deck
from rules.engine import IllegalAction, apply, check_invariants, digest, legal_actions, new_game, replay
from rules.text import name_key, normalise

SLUGS = sorted(GAMES)
# PROPERTY_SCALE=20 runs every property 20 times as long (a deeper search than CI affords).
SCALE = int(os.environ.get("PROPERTY_SCALE", "1"))
DB_SETTINGS = settings(
    max_examples=40 * SCALE,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

# -- shared strategies --------------------------------------------------------------------------------

# Text with the characters the parsers care about over-represented: Japanese, full-width forms, quotes,
# operators, line breaks and odd code points (surrogates excluded: they cannot be encoded).
SPECIAL = list("　（）＂“”「」：＜＞＝－−！\"'()[]:<>=!-#/×x枚,;\t\r\n\x00\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029ーｰ～〜")
JAPANESE = list("あいうえおかきくけこねこやまの札春夏秋冬無場所道具風鉄花火天候メインスキル")
text = st.text(
    alphabet=st.one_of(st.characters(exclude_categories=("Cs",)), st.sampled_from(SPECIAL + JAPANESE)),
    max_size=80,
)

json_scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.integers(min_value=-(10**30), max_value=10**30),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=20),
)
json_values = st.recursive(
    json_scalars,
    lambda children: st.one_of(
        st.lists(children, max_size=4), st.dictionaries(st.text(max_size=10), children, max_size=4)
    ),
    max_leaves=12,
)


# -- the search query parser ----------------------------------------------------------------------------

ALL_SCHEMA = Schema.for_games(list(GAMES.values()))
SCHEMAS = [ALL_SCHEMA] + [Schema.for_games([g]) for g in GAMES.values()]
FIELD_NAMES = sorted({name for schema in SCHEMAS for name in schema.names})
CHOICE_VALUES = sorted({v for schema in SCHEMAS for spec in schema.specs.values() for v in spec.choices})

query_values = st.one_of(
    st.sampled_from(
        CHOICE_VALUES + ["3", "０", "999999999", "1234567890", "unlimited", "yes", "無", "desc", "cost", ""]
    ),
    st.text(alphabet=st.sampled_from(string.ascii_letters + string.digits + 'ー春夏"「」-()'), max_size=6),
)
query_tokens = st.one_of(
    st.sampled_from(
        ["(", ")", "（", "）", "-", "－", "OR", "or", "AND", "|", '"', "「", "」", "“", "”", "sort:", "order:"]
    ),
    st.builds(
        lambda n, o, v: f"{n}{o}{v}",
        st.sampled_from(FIELD_NAMES),
        st.sampled_from(OPERATORS + ("：", "＜＝")),
        query_values,
    ),
    st.builds(lambda n, o, v: f"{n}{o}{v}", st.sampled_from(FIELD_NAMES), st.sampled_from(OPERATORS), text),
    st.builds(lambda v: f'"{v}"', st.text(max_size=5)),
    st.text(alphabet=st.sampled_from(JAPANESE + list("abcKG-01ー")), min_size=1, max_size=6),
)
queries = st.lists(query_tokens, max_size=12).flatmap(
    lambda tokens: st.lists(st.sampled_from([" ", "", "　", "\t"]), min_size=len(tokens), max_size=len(tokens)).map(
        lambda seps: "".join(t + s for t, s in zip(tokens, seps, strict=True))
    )
)


def _parse_or_query_error(q: str, schema: Schema):
    try:
        return parse(q, schema)
    except QueryError as exc:
        assert 1 <= exc.position <= max(len(q), MAX_LENGTH) + 1, (q, exc)
        assert exc.message  # the template's slots are all filled
        return None


@settings(max_examples=300 * SCALE, deadline=None)
@given(q=st.one_of(text, queries), schema=st.sampled_from(SCHEMAS))
@example(q='name:"', schema=ALL_SCHEMA)
@example(q="-(", schema=ALL_SCHEMA)
@example(q="(" * 30 + "a" + ")" * 30, schema=ALL_SCHEMA)
@example(q="x" * (MAX_LENGTH + 1), schema=ALL_SCHEMA)
def test_query_parser_raises_only_query_error_with_a_position(q, schema):
    _parse_or_query_error(q, schema)


FILTER_PARAMS = sorted({p for g in GAMES.values() for c in controls_for(g) for p in c.params})


@DB_SETTINGS
@given(
    q=st.one_of(text, queries),
    slug=st.sampled_from([None, *SLUGS]),
    filters=st.dictionaries(st.sampled_from(FILTER_PARAMS), st.one_of(text, query_values), max_size=3),
)
@example(q="", slug="kannagi", filters={"cost_min": '"'})
def test_card_search_runs_every_query_and_filter_it_parses(bundled, q, slug, filters):
    """A query (and list filters) the parser accepts compiles and runs on the database; one it refuses is a
    QueryError (FilterError for a filter)."""
    from cards.models import Game
    from cards.selectors import card_list, query_param

    q = query_param(q)
    game = Game.objects.get(slug=slug) if slug else None
    try:
        cards = card_list(game=game, q=q, filters=filters)
    except QueryError:
        return
    list(cards[:3])


@DB_SETTINGS
@given(q=st.one_of(text, queries))
def test_card_api_answers_a_bad_query_with_400_never_500(bundled, client, q):
    response = client.get("/api/cards/", {"q": q})
    assert response.status_code in (200, 400), (q, response.status_code)


# -- the decklist parser ------------------------------------------------------------------------------


def _game_index(slug: str) -> CardIndex:
    return CardIndex([{**card, "id": i} for i, card in enumerate(bundled_cards(slug).values(), start=1)])


INDEXES = {slug: _game_index(slug) for slug in SLUGS}
CARD_NAMES = {slug: sorted(c["name"] for c in INDEXES[slug].cards.values()) for slug in SLUGS}
SECTION_WORDS = sorted(
    {
        word
        for g in GAMES.values()
        for r in g.regulations
        for s in r.sections
        for word in (s.key, s.ja, s.en, *s.headers)
    }
)


@st.composite
def decklists(draw, slug):
    """Near-valid decklists: "N name" lines in the forms the parser reads, with real and mangled names, odd
    counts, section headers (known and foreign), comments and junk."""
    names = CARD_NAMES[slug]
    lines = []
    for _ in range(draw(st.integers(0, 12))):
        name = draw(st.one_of(st.sampled_from(names), st.sampled_from(names).map(lambda n: n[:-1] or n), text))
        count = draw(
            st.one_of(
                st.integers(-5, MAX_COUNT + 5),
                st.sampled_from(["０", "4", "99999999999999999999", "-1", "", "x", "四"]),
            )
        )
        number = draw(st.one_of(st.just(""), st.text(max_size=6).map(lambda s: f" [{s}]")))
        form = draw(
            st.sampled_from(
                [
                    "{c} {n}",
                    "{c}x {n}",
                    "{c} x {n}",
                    "{c}×{n}",
                    "x{c} {n}",
                    "{n} x{c}",
                    "{n} ×{c}",
                    "{c}枚 {n}",
                    "{n} {c}枚",
                    "{n}",
                ]
            )
        )
        line = form.format(c=count, n=name + number)
        kind = draw(st.sampled_from(["card", "card", "card", "header", "comment", "junk"]))
        if kind == "header":
            line = draw(st.sampled_from(SECTION_WORDS + ["Sideboard", "サイド"])) + draw(
                st.sampled_from(["", ":", "：", " (40)", "：50枚"])
            )
            line = draw(st.sampled_from(["{}", "【{}】"])).format(line)
        elif kind == "comment":
            line = draw(st.sampled_from(["# ", "// ", line + " # ", line + " // "])) + draw(text)
        elif kind == "junk":
            line = draw(text)
        lines.append(line)
    return draw(st.sampled_from(["\n", "\r\n", "\r"])).join(lines)


@st.composite
def decklist_inputs(draw):
    slug = draw(st.sampled_from(SLUGS))
    regulation = draw(st.sampled_from(get_game(slug).regulations))
    return slug, regulation, draw(st.one_of(text, decklists(slug), st.just("x" * 400 + "\n4 ねこやま")))


@settings(max_examples=300 * SCALE, deadline=None)
@given(data=decklist_inputs())
def test_decklist_parse_reports_bad_lines_and_never_raises(data):
    slug, regulation, source = data
    result = parse_decklist(source, regulation, INDEXES[slug])
    line_count = len(source.splitlines())
    for error in result.errors:
        assert isinstance(error, LineError)
        assert 1 <= error.line <= line_count
        assert error.message  # the template's slots are all filled
    for section, entries in result.deck.sections.items():
        assert section in regulation.section_keys
        for card_id, count in entries.items():
            assert card_id in INDEXES[slug].cards and count >= 1


@DB_SETTINGS
@given(data=decklist_inputs())
def test_decklist_sections_raises_only_deck_input_error(kannagi_base, data):
    from decks.models import Regulation
    from decks.services import DeckInputError, decklist_sections

    slug, _rules_regulation, source = data
    regulation = Regulation.objects.filter(game=slug).first()
    try:
        sections = decklist_sections(slug, regulation, source)
    except DeckInputError as exc:
        assert exc.messages and len(exc.messages) == len(exc.lines)
        return
    assert all(count >= 1 for entries in sections.values() for count in entries.values())


# Card names as games print them: kana, kanji, Latin letters and digits, with the middle dots, brackets,
# slashes, dashes and spaces names hold (no comment or note marks: #, //, ※, ← end a line's card part).
NAME_CHARS = list(
    "あいうえおかきくけこさしすせそねこやまのカキクケコネコヤマーァッャｶﾀﾅ札春夏秋冬無場所道具風鉄花火天候人魚活き血大蛇"
    "メインスキル合計枚計ABCxyzXZ0123456789０４ ・「」『』【】《》[]()（）/-!?.:：×*"
)


def _plain_name(name: str) -> bool:
    """A name written as typed: no space at either end or two in a row (as the card form stores it)."""
    return bool(normalise(name)) and name == name.strip() and name_key(name) == unicodedata.normalize("NFKC", name)


card_names = st.text(alphabet=NAME_CHARS, min_size=1, max_size=14).filter(_plain_name)


@st.composite
def exported_decks(draw):
    """A game's regulation, a set of cards with made-up names (some reprinted under other numbers), and a
    deck of them in the regulation's sections."""
    slug = draw(st.sampled_from(SLUGS))
    regulation = draw(st.sampled_from(get_game(slug).regulations))
    names = draw(st.lists(card_names, min_size=1, max_size=8, unique_by=name_key))
    cards, next_id = [], 1
    for name in names:
        for printing in range(draw(st.integers(1, 2))):
            cards.append({
                "id": next_id, "name": name, "reading": draw(st.sampled_from(["", normalise(name) + "よ"])),
                "aliases": [], "card_type": "x", "cost": draw(st.one_of(st.none(), st.integers(0, 9))),
                "number": f"N-{next_id:03}" if printing or draw(st.booleans()) else "", "fields": {},
            })  # fmt: skip
            next_id += 1
    keys = regulation.section_keys
    sections = {}
    for card in draw(st.lists(st.sampled_from(cards), min_size=1, max_size=12, unique_by=lambda c: c["id"])):
        sections.setdefault(draw(st.sampled_from(keys)), {})[card["id"]] = draw(st.integers(1, MAX_COUNT))
    return regulation, CardIndex(cards), DeckData(sections=sections)


def _numbered_or_default(index: CardIndex, deck: DeckData) -> DeckData:
    """The deck as text can name it: a printing without a number reads back as its name's default."""
    out = {}
    for key, entries in deck.sections.items():
        for card_id, count in entries.items():
            card = index.cards[card_id]
            target = card_id if card.get("number") or index.is_default(card_id) else index.default_id(card["name"])
            out.setdefault(key, {})[target] = out.get(key, {}).get(target, 0) + count
    return DeckData(sections=out)


@settings(max_examples=300 * SCALE, deadline=None)
@given(data=exported_decks(), style=st.sampled_from(STYLES), lang=st.sampled_from(["ja", "en"]))
def test_any_decklist_the_exporter_writes_reads_back_the_same(data, style, lang):
    regulation, index, deck = data
    text = export_decklist(deck, index, regulation, lang, style)
    result = parse_decklist(text, regulation, index)
    cards = [(c["id"], c["name"], c["number"]) for c in index.cards.values()]
    assert result.errors == [], (text, [e.message for e in result.errors], cards)
    assert result.warnings == [], (text, [w.message for w in result.warnings], cards)
    assert result.deck.sections == _numbered_or_default(index, deck).sections, text


@DB_SETTINGS
@given(data=st.data(), style=st.sampled_from(STYLES), lang=st.sampled_from(["ja", "en"]))
def test_a_deck_of_the_sites_cards_exported_reads_back_the_same_through_the_site(bundled, data, style, lang):
    """Through the database (the stored regulations and cards): the export a deck page offers, pasted into
    the check page, reads as the same deck with nothing to say."""
    from decks.selectors import game_card_index, regulations_for
    from decks.services import read_decklist

    slug = data.draw(st.sampled_from(SLUGS))
    regulation = data.draw(st.sampled_from(list(regulations_for(slug))))
    index = game_card_index(slug)
    keys = regulation.to_rules().section_keys
    picked = data.draw(st.lists(st.sampled_from(sorted(index.cards)), min_size=1, max_size=15, unique=True))
    sections = {}
    for card_id in picked:
        sections.setdefault(data.draw(st.sampled_from(keys)), {})[card_id] = data.draw(st.integers(1, 60))
    text = export_decklist(DeckData(sections=sections), index, regulation.to_rules(), lang, style)
    reading = read_decklist(slug, regulation, text)
    assert (reading.unread, reading.warnings) == ([], []), text
    assert reading.sections == _numbered_or_default(index, DeckData(sections=sections)).sections, text


# -- the card importer ----------------------------------------------------------------------------------

COLUMNS = {
    slug: [
        "name",
        "number",
        "card_type",
        "cost",
        "reading",
        "aliases",
        "rules_text",
        *(f.key for f in GAMES[slug].fields),
    ]
    for slug in SLUGS
}


@st.composite
def csv_files(draw, slug):
    """Near-valid CSV: a header of known (and some unknown) columns, then rows of random cells."""
    columns = draw(st.lists(st.sampled_from(COLUMNS[slug] + ["", "bogus", "fields.power"]), min_size=1, max_size=6))
    cell = st.one_of(text, st.sampled_from(["", "1", "-3", "春", "場所札", "999999999999", '"', "a,b"]))
    rows = draw(st.lists(st.lists(cell, min_size=0, max_size=len(columns) + 1), max_size=5))

    def quote(value):
        return '"' + value.replace('"', '""') + '"' if draw(st.booleans()) else value

    body = "\r\n".join(",".join(quote(v) for v in row) for row in [columns, *rows])
    encoding = draw(st.sampled_from(["utf-8", "utf-8-sig", "cp932"]))
    return body.encode(encoding, errors="replace")


@st.composite
def json_files(draw, slug):
    """Near-valid JSON: a list (or a {"cards": [...]} document) of card objects with known keys and random
    values."""
    card = st.dictionaries(st.sampled_from(COLUMNS[slug] + ["fields", "id", "bogus"]), json_values, max_size=6)
    cards = draw(st.lists(st.one_of(card, json_values), max_size=4))
    doc = draw(st.sampled_from(["list", "doc", "other"]))
    if doc == "doc":
        cards = {"format": "cardgames.cards/1", "game": draw(st.sampled_from([slug, "vision", None])), "cards": cards}
    elif doc == "other":
        cards = draw(json_values)
    return json.dumps(cards, ensure_ascii=draw(st.booleans())).encode()


@st.composite
def card_files(draw):
    slug = draw(st.sampled_from(SLUGS))
    fmt = draw(st.sampled_from(["csv", "json"]))
    data = draw(
        st.one_of(
            st.binary(max_size=200),
            text.map(lambda t: t.encode("utf-8", errors="replace")),
            csv_files(slug) if fmt == "csv" else json_files(slug),
        )
    )
    return slug, fmt, data


@settings(max_examples=300 * SCALE, deadline=None)
@given(data=card_files())
@example(data=("kannagi", "json", b"[" * 100_000))
@example(data=("kannagi", "json", b"1" * 10_000))
@example(data=("kannagi", "csv", b"\xff\xfe\x00"))
def test_card_file_reader_raises_only_card_file_error(data):
    slug, fmt, raw = data
    try:
        rows = read_rows(raw, GAMES[slug], fmt)
    except CardFileError as exc:
        assert str(exc)
        return
    for row in rows:
        assert isinstance(row.values, dict) and row.row >= 1


def _card_table():
    from cards.models import Card, CardFacet

    return (
        list(Card.objects.order_by("pk").values_list()),
        sorted(CardFacet.objects.values_list("card_id", "key", "text", "num")),
    )


@DB_SETTINGS
@given(data=card_files(), dry_run=st.booleans(), skip_invalid=st.booleans())
@example(
    data=("kannagi", "json", b'[{"name": "x", "card_type": "\xe5\xa0\xb4\xe6\x89\x80\xe6\x9c\xad", "cost": 1e400}]'),
    dry_run=False,
    skip_invalid=False,
)
@example(
    data=("kannagi", "json", b'[{"name": "x", "cost": 1000000000000000000000000000000}]'),
    dry_run=False,
    skip_invalid=True,
)
@example(
    data=("kannagi", "json", b'[{"name": "x", "fields": {"power": 1000000000000000000000000000000}}]'),
    dry_run=False,
    skip_invalid=True,
)
@example(
    data=("vision", "json", b'[{"name": "x", "fields": [], "aliases": {"a": 1}, "number": 5}]'),
    dry_run=False,
    skip_invalid=True,
)
@example(data=("kannagi", "csv", b"name,cost\r\nx\x00y,99999999999999999999\r\n"), dry_run=False, skip_invalid=True)
def test_card_import_reports_row_errors_and_a_failed_import_writes_nothing(kannagi_base, data, dry_run, skip_invalid):
    from cards.services import RowError, import_cards

    slug, fmt, raw = data
    before = _card_table()
    try:
        report = import_cards(game=slug, data=raw, fmt=fmt, dry_run=dry_run, skip_invalid=skip_invalid)
    except CardFileError:
        event("file refused")
        assert _card_table() == before
        return
    event("written" if report.written else "row errors" if report.errors else "dry run")
    assert all(isinstance(e, RowError) and str(e) for e in report.errors)
    if not report.written:
        assert _card_table() == before


# -- the engine's action input --------------------------------------------------------------------------

MANUAL = [
    "move",
    "flip",
    "tap",
    "counter",
    "life",
    "draw",
    "mill",
    "shuffle",
    "reveal",
    "search",
    "token",
    "roll",
    "win",
    "bogus",
]
MANUAL_KEYS = ["card", "to", "index", "face_up", "pos", "tapped", "name", "delta", "player", "n", "zone", "sides"]


def _states(slug: str) -> list[dict]:
    """Fresh games, and the same games some actions on: random legal ones, and the autopilot's (which also
    makes the choices legal_actions does not list), so that pending decisions are among them."""
    pilot = get_game(slug).pilot
    out = []
    for seed in (7, 8):
        state = new_game(slug, player_deck(slug), seed=seed)
        out.append(copy.deepcopy(state))
        chooser = random.Random(f"{slug}{seed}")
        for step in range(60):
            if state["result"] is not None:
                break
            actions = legal_actions(state)
            action = chooser.choice(actions) if actions and seed == 7 else pilot.choose(state)
            if action is None:
                break
            apply(state, action)
            if step % 12 == 5 or state.get("pending"):
                out.append(copy.deepcopy(state))
    return out[:12]


STATES = {slug: _states(slug) for slug in GAMES}
ACTION_TYPES = {
    slug: sorted(
        {n[len("_do_") :] for n in dir(get_game(slug).rules) if n.startswith("_do_")}
        | {a["type"] for state in STATES[slug] for a in legal_actions(state)}
        | {"choose", "pass", "end_turn", "play", "__class__", "", "manual."}
    )
    for slug in GAMES
}
ACTION_KEYS = [
    "card",
    "cards",
    "choice",
    "choices",
    "target",
    "targets",
    "player",
    "zone",
    "to",
    "n",
    "index",
    "option",
    "mode",
    "pay",
    "payment",
    "color",
    "from",
    "amount",
    "count",
    "x",
    "bogus",
]


@st.composite
def engine_actions(draw, state):
    """Arbitrary values, and near-valid actions: manual actions with real and bad fields, every action type
    of the game with real and bad fields, legal actions with a field changed, removed or added."""
    slug = state["game"]
    cards = sorted(state["cards"])
    some_cards = st.sampled_from(cards)
    field_value = st.one_of(
        json_values,
        some_cards,
        st.lists(some_cards, max_size=4),
        st.lists(st.one_of(some_cards, json_values), max_size=3),
        st.sampled_from(sorted(state["zones"]) + [0, 1, -1, 2, True, 10**20, "p9.hand", [2, 3], [], {}]),
    )
    manual = st.builds(
        lambda kind, fields: {"type": f"manual.{kind}", **fields},
        st.sampled_from(MANUAL),
        st.dictionaries(st.sampled_from(MANUAL_KEYS), field_value, max_size=5),
    )
    typed = st.builds(
        lambda kind, fields: {**fields, "type": kind},
        st.sampled_from(ACTION_TYPES[slug]),
        st.dictionaries(st.sampled_from(ACTION_KEYS), field_value, max_size=4),
    )
    choices = [json_values, manual, typed, st.dictionaries(st.text(max_size=8), json_values, max_size=4)]
    legal = legal_actions(state)
    if legal:

        def mutate(action, key, value, drop):
            action = copy.deepcopy(action)
            if drop and key in action and key != "type":
                del action[key]
            else:
                action[key] = value
            return action

        keys = sorted({k for a in legal for k in a} | set(ACTION_KEYS))
        choices.append(st.builds(mutate, st.sampled_from(legal), st.sampled_from(keys), field_value, st.booleans()))
    return draw(st.one_of(*choices))


@pytest.mark.parametrize("slug", sorted(GAMES))
@settings(max_examples=200 * SCALE, deadline=None)
@given(data=st.data())
def test_engine_refuses_bad_actions_with_illegal_action_and_leaves_the_state_unchanged(slug, data):
    state = copy.deepcopy(data.draw(st.sampled_from(STATES[slug])))
    action = data.draw(engine_actions(state))
    before, log_length = digest(state), len(state["log"])
    try:
        apply(state, copy.deepcopy(action))
    except IllegalAction as exc:
        event("refused")
        assert str(exc)
        assert digest(state) == before, action
        assert len(state["log"]) == log_length
        return
    event(f"accepted {action['type']}")
    # An accepted action leaves a sound game that replays to the same state and still answers.
    assert len(state["log"]) == log_length + 1
    json.dumps(state["log"][-1]["events"])
    check_invariants(state)
    legal_actions(state)
    assert digest(replay(state["setup"], [entry["action"] for entry in state["log"]])) == digest(state)
