"""Deck codes declared by a game (rules/declare/deckcodes.py) and read in front of the decklist reader
(rules/deckcode.py): 巫カードフィルター's v7, v6, v5, v3/v2/v1 codes and share links for kannagi, checked
against the examples the tool produced (tests/data/kannagi_cardfilter_vectors.json, copied from the format's
notes), and written back the same way."""

import base64
import hashlib
import json
import random
from pathlib import Path

import pytest

from rules.deckcode import INVALID_CODE, READ_CODE, READ_LINK, UNKNOWN_NUMBER, encode, parse
from rules.deckdata import DeckData
from rules.decklist import CardIndex
from rules.declare import GAMES
from rules.declare.deckcodes import DeckCodeError

VECTORS = json.loads((Path(__file__).parent / "data" / "kannagi_cardfilter_vectors.json").read_text(encoding="utf-8"))
CODED = [g for g in GAMES.values() if g.deck_codes]
UNCODED = [g for g in GAMES.values() if not g.deck_codes]


def cards_of(vector) -> dict[int, int]:
    return {int(n): c for n, c in vector["cards"].items()}


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def check_hex(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:10]


def base36(n: int) -> str:
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    out = ""
    while n:
        n, r = divmod(n, 36)
        out = digits[r] + out
    return out or "0"


@pytest.fixture(params=[g.slug for g in CODED])
def game(request):
    return GAMES[request.param]


@pytest.fixture
def kannagi_game():
    found = [g for g in CODED if any(f.key == "v7" for f in g.deck_codes)]
    assert found, "a game declares 巫カードフィルター's v7 codes"
    return found[0]


def card_index(numbers, names=None):
    """A card index of places numbered as given (the fan list's numbers)."""
    names = names or {}
    return CardIndex(
        [
            {"id": 100 + i, "name": names.get(n, f"札{n}"), "number": str(n), "card_type": "場所札", "fields": {}}
            for i, n in enumerate(numbers)
        ]
    )


def test_only_kannagi_declares_deck_codes_and_every_format_resolves(game):
    assert game.deck_codes and all(callable(game.resolve(f.read)) for f in game.deck_codes)
    assert [f.key for f in game.deck_code_writers] == ["v7", "share"]


def test_the_v7_catalog_is_the_tools_list_by_its_hash_and_length(kannagi_game):
    module = __import__(kannagi_game.resolve(kannagi_game.deck_codes[0].read).__module__, fromlist=["x"])
    h = 0x811C9DC5
    for byte in module.CATALOG_TEXT.encode():
        h = ((h ^ byte) * 0x01000193) & 0xFFFFFFFF
    assert h == 0x8FA93167 and len(module.catalog()) == 1090


@pytest.mark.parametrize("vector", VECTORS, ids=lambda v: v["v7"])
def test_every_vector_decodes_to_its_cards_in_each_form_the_tool_wrote(kannagi_game, vector):
    expected = cards_of(vector)
    link = "https://hanil524.github.io/kannagi-cardlist/share.html#" + vector["share_hash"]
    for text, fmt in ((vector["v7"], "v7"), (vector["v6"], "v6"), (link, "share"), ("share.html#" + vector["share_hash"], "share")):
        decoded = kannagi_game.read_deck_code(text)
        assert decoded is not None and decoded.format == fmt and decoded.cards == expected
    assert kannagi_game.read_deck_code(link).title == vector["title"]


@pytest.mark.parametrize("vector", VECTORS, ids=lambda v: v["v7"])
def test_encoding_a_vector_deck_gives_the_tools_own_strings(kannagi_game, vector):
    cards = cards_of(vector)
    v7, share = (kannagi_game.resolve(f.write) for f in kannagi_game.deck_code_writers)
    assert v7(cards, "") == vector["v7"]
    assert share(cards, vector["title"]).endswith("share.html#" + vector["share_hash"])
    v6 = kannagi_game.resolve(".deckcode:encode_v6")
    assert v6(cards) == vector["v6"]


def test_random_decks_encode_and_decode_back_to_the_same_cards(kannagi_game):
    rng = random.Random(35)
    module = __import__(kannagi_game.resolve(kannagi_game.deck_codes[0].read).__module__, fromlist=["x"])
    numbers = list(module.catalog()) + [3000, 5555, 20000]
    v7, share = (kannagi_game.resolve(f.write) for f in kannagi_game.deck_code_writers)
    for _ in range(60):
        chosen = rng.sample(numbers, rng.randint(1, 30))
        cards = {n: rng.randint(1, 10) for n in chosen}
        assert kannagi_game.read_deck_code(v7(cards, "")).cards == dict(sorted(cards.items()))
        back = kannagi_game.read_deck_code(share(cards, "題"))
        assert back.cards == dict(sorted(cards.items())) and back.title == "題"
    assert kannagi_game.read_deck_code(v7({}, "")).cards == {}


def test_v5_v3_v2_v1_and_the_early_base64_codes_decode_as_the_format_describes(kannagi_game):
    cards = {12: 3, 285: 2, 2822: 10}
    payload5 = b64(json.dumps([[str(n), c] for n, c in cards.items()]).encode())
    body36 = "|".join(f"{base36(n)}:{base36(c)}" for n, c in cards.items())
    body10 = "|".join(f"{n}:{c}" for n, c in cards.items())
    v1 = f"v1|{check_hex(body10)}|{body10}"
    v2 = f"v2|{check_hex(body36)}|{body36}"
    for text, fmt in (
        (f"v5|{check_hex(payload5)}|{payload5}", "v5"),
        (f"v3|{check_hex(body36)}|{body36}", "v3"),
        (v2, "v3"),
        (v1, "v1"),
        (b64(v1.encode()), "v1"),
        (b64(v2.encode()), "v3"),
    ):
        decoded = kannagi_game.read_deck_code(text)
        assert decoded is not None and (decoded.format, decoded.cards) == (fmt, cards), text


def test_a_code_is_normalised_first_full_width_bars_invisible_characters_and_spaces(kannagi_game):
    vector = VECTORS[0]
    messy = "\ufeff " + vector["v6"].replace("|", "｜", 1)[:6] + "\u200b " + vector["v6"][6:] + "\u00a0\n"
    assert kannagi_game.read_deck_code(messy).cards == cards_of(vector)


@pytest.mark.parametrize("field", ["v7", "v6"])
def test_a_changed_character_is_a_bad_checksum_not_another_deck(kannagi_game, field):
    code = VECTORS[0][field]
    at = len(code) - 4  # inside the base64url text, away from its last (padding) character
    broken = code[:at] + ("A" if code[at] != "A" else "B") + code[at + 1 :]
    with pytest.raises(DeckCodeError) as raised:
        kannagi_game.read_deck_code(broken)
    assert raised.value.reason == "checksum"


def test_a_decklist_line_is_not_taken_for_a_code(kannagi_game):
    for line in ("4 ねこやま", "7 鉄の風", "ねこやま", "メイン:", "70", "5 桜並木の小径"):
        assert kannagi_game.read_deck_code(line) is None, line


# -- in front of the decklist reader -----------------------------------------------------------------------


def test_a_pasted_code_alone_or_as_the_only_non_empty_line_reads_as_exactly_its_deck(kannagi_game):
    vector = VECTORS[1]
    index = card_index(vector["cards"])
    regulation = kannagi_game.regulation
    for text in (vector["v7"], f"\n\n  {vector['v7']}  \n\n", vector["v6"]):
        result = parse(text, regulation, index, kannagi_game)
        assert result.ok and [n.code for n in result.notes] == [READ_CODE]
        counts = result.deck.counts()
        assert {index.card(i)["number"]: c for i, c in counts.items()} == vector["cards"]
        assert result.deck.total() == sum(vector["cards"].values())


def test_a_share_link_carries_its_title_and_is_read_from_share_html_on(kannagi_game):
    vector = VECTORS[0]
    index = card_index(vector["cards"])
    result = parse("見て！ ignored share.html#" + vector["share_hash"], kannagi_game.regulation, index, kannagi_game)
    assert result.ok and result.title == vector["title"] and [n.code for n in result.notes] == [READ_LINK]
    assert {index.card(i)["number"]: c for i, c in result.deck.counts().items()} == vector["cards"]


def test_a_number_the_cards_lack_is_named_and_the_rest_still_read(kannagi_game):
    vector = VECTORS[0]
    present = [n for n in vector["cards"] if n != "1512"]
    result = parse(vector["v7"], kannagi_game.regulation, card_index(present), kannagi_game)
    assert [(e.code, e.params["number"], e.line) for e in result.errors] == [(UNKNOWN_NUMBER, 1512, 1)]
    assert "1512" in result.errors[0].message and result.errors[0].level == "error"
    assert result.deck.total() == sum(vector["cards"].values()) - vector["cards"]["1512"]


def test_a_bad_checksum_is_an_invalid_code_with_nothing_read(kannagi_game):
    vector = VECTORS[0]
    broken = vector["v6"][:4] + ("0" if vector["v6"][4] != "0" else "1") + vector["v6"][5:]
    result = parse("\n" + broken, kannagi_game.regulation, card_index(vector["cards"]), kannagi_game)
    assert [(e.code, e.line) for e in result.errors] == [(INVALID_CODE, 2)] and result.deck.total() == 0


def test_a_card_line_that_looks_like_a_code_stays_a_card_line(kannagi_game):
    index = CardIndex([{"id": 1, "name": "FireballDragon", "number": "", "card_type": "場所札", "fields": {}}])
    with pytest.raises(DeckCodeError):  # without its space it has a v7 code's shape, but not its checksum
        kannagi_game.read_deck_code("7 FireballDragon")
    result = parse("7 FireballDragon", kannagi_game.regulation, index, kannagi_game)
    assert result.ok and result.deck.counts() == {1: 7}


def test_a_code_among_other_lines_is_left_to_the_decklist_reader(kannagi_game):
    vector = VECTORS[0]
    index = card_index(vector["cards"])
    result = parse(f"メイン:\n{vector['v7']}", kannagi_game.regulation, index, kannagi_game)
    assert not any(n.code in (READ_CODE, READ_LINK) for n in result.notes) and result.deck.total() <= 1


@pytest.mark.parametrize("slug", [g.slug for g in UNCODED])
def test_a_game_without_deck_codes_reads_a_code_as_a_decklist(slug, kannagi_game):
    game = GAMES[slug]
    result = parse(VECTORS[0]["v7"], game.regulation, card_index([1]), game)
    assert not any(n.code in (READ_CODE, READ_LINK) for n in result.notes)


# -- writing -------------------------------------------------------------------------------------------------


def test_a_deck_encodes_to_codes_that_read_back_as_the_same_deck(kannagi_game):
    vector = VECTORS[0]
    index = card_index(vector["cards"])
    by_number = {c["number"]: i for i, c in index.cards.items()}
    deck = DeckData({"main": {by_number[n]: c for n, c in vector["cards"].items()}})
    codes = {e.format.key: e for e in encode(kannagi_game, deck, index.cards, title=vector["title"])}
    assert codes["v7"].text == vector["v7"] and codes["share"].text.endswith(vector["share_hash"])
    for e in codes.values():
        assert parse(e.text, kannagi_game.regulation, index, kannagi_game).deck.counts() == deck.counts()


def test_a_card_without_a_number_is_named_as_why_no_code_can_be_made(kannagi_game):
    index = CardIndex(
        [
            {"id": 1, "name": "ねこやま", "number": "", "card_type": "場所札", "fields": {}},
            {"id": 2, "name": "札12", "number": "12", "card_type": "場所札", "fields": {}},
        ]
    )
    codes = encode(kannagi_game, DeckData({"main": {1: 4, 2: 36}}), index.cards)
    assert codes and all(not e.ok and e.params["names"] == "「ねこやま」" and e.params["tool"] == e.format.tool for e in codes)
    assert "ねこやま" in codes[0].template.format(**codes[0].params)


def test_games_without_writers_give_no_codes():
    for game in UNCODED:
        assert encode(game, DeckData({"main": {1: 1}}), {1: {"number": "1", "name": "x"}}) == []


def test_a_crafted_v7_code_with_a_valid_checksum_but_a_rank_past_any_card_is_refused(kannagi_game):
    module = __import__(kannagi_game.resolve(kannagi_game.deck_codes[0].read).__module__, fromlist=["x"])
    body = module.varint(10_000) + module.varint(256) + b"\xff" * 60_000
    code = "7" + b64(body + hashlib.sha256(b"\x07" + body).digest()[:5])
    with pytest.raises(DeckCodeError) as raised:
        kannagi_game.read_deck_code(code)
    assert raised.value.reason == "unreadable"
    with pytest.raises(DeckCodeError):  # and a number past the highest a code holds is not written
        module.encode_v7({module.MAX_NUMBER + 1: 1})
