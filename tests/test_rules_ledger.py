"""The rules ledgers (rules/games/<slug>/ledger.json): every non-empty line of each game's seed has a row,
each quote is in its line, each automated row names tests that exist, each option row a declared option;
the command prints them and the rules page shows them to players."""

import ast
import io
import json
import os
from functools import cache
from pathlib import Path

import pytest
from django.core.management import call_command

from rules.declare import GAMES
from rules.declare.ledger import LedgerError, parse

ROOT = Path(__file__).resolve().parent.parent
SEEDS = ROOT.parent / "shared" / "seeds"  # the rules documents as the project was handed them, where present
LEDGERS = [slug for slug, game in GAMES.items() if game.ledger is not None]
TARGET = 0.95  # automated or an option, of the rule lines


def seed_lines(slug: str) -> list[str]:
    """The game's seed text, from its own package (GameDef.seed_path)."""
    return GAMES[slug].seed_path.read_text(encoding="utf-8").splitlines()


@cache
def defined_tests(path: str) -> frozenset[str]:
    tree = ast.parse((ROOT / path).read_text(encoding="utf-8"))
    return frozenset(node.name for node in ast.walk(tree) if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"))


@pytest.mark.parametrize("slug", LEDGERS)
def test_every_non_empty_seed_line_has_a_row_and_each_quote_is_in_its_line(slug):
    ledger = GAMES[slug].ledger
    lines = seed_lines(slug)
    wanted = {n for n, text in enumerate(lines, 1) if text.strip()}
    have = {row.line for row in ledger.rows}
    assert not wanted - have, f"{slug}: seed lines without a row: {sorted(wanted - have)[:20]}"
    assert not have - wanted, f"{slug}: rows for empty or missing lines: {sorted(have - wanted)[:20]}"
    for row in ledger.rows:
        assert row.quote in lines[row.line - 1], f"{slug} line {row.line}: {row.quote!r} is not in {lines[row.line - 1]!r}"


@pytest.mark.parametrize("slug", LEDGERS)
def test_the_packages_seed_is_the_shared_seed_its_ledger_names(slug):
    """The package's copy of the seed (rules/games/<slug>/seed.txt) is byte for byte the rules document the
    ledger names, where the shared documents are present (../shared/seeds/: CI has them)."""
    if not SEEDS.is_dir():
        if os.environ.get("CI"):
            pytest.fail(f"CI=true but the seeds are not at {SEEDS}")
        pytest.skip(f"the shared seeds are not at {SEEDS}: the package's copy is all there is")
    shared = SEEDS / GAMES[slug].ledger.seed
    assert shared.is_file(), f"{slug}: the ledger names {shared.name}, which is not among the shared seeds"
    assert GAMES[slug].seed_path.read_bytes() == shared.read_bytes(), f"{slug}: the package's seed differs from {shared}"


@pytest.mark.parametrize("slug", LEDGERS)
def test_each_automated_row_names_tests_that_exist(slug):
    for row in GAMES[slug].ledger.rows:
        for test in row.tests:
            path, _, name = test.partition("::")
            assert (ROOT / path).is_file(), f"{slug} line {row.line}: no file {path}"
            assert name.split("[")[0] in defined_tests(path), f"{slug} line {row.line}: no test {test}"


def test_a_malformed_ledger_row_is_refused_naming_the_row_and_field():
    with pytest.raises(LedgerError, match="row 1 \\(line 3\\): a manual row needs manual_ja"):
        parse({"seed": "x.txt", "rows": [{"line": 3, "quote": "ルール", "status": "manual"}]})
    with pytest.raises(LedgerError, match="option 'nope' is not an option"):
        parse({"seed": "x.txt", "rows": [{"line": 1, "quote": "a", "status": "option", "option": "nope"}]}, ("life",))
    with pytest.raises(LedgerError, match="status is one of"):
        parse({"seed": "x.txt", "rows": [{"line": 1, "quote": "a", "status": "maybe"}]})


def test_an_option_row_may_say_why_its_default_reads_the_line_as_it_does_and_no_other_row_takes_a_reason():
    ledger = parse({"seed": "x.txt", "rows": [{"line": 1, "quote": "a", "status": "option", "option": "life", "reason": "the product's inference"}]}, ("life",))
    assert ledger.rows[0].to_data() == {"line": 1, "quote": "a", "status": "option", "option": "life", "reason": "the product's inference"}
    assert "reason" not in parse({"seed": "x.txt", "rows": [{"line": 1, "quote": "a", "status": "option", "option": "life"}]}).rows[0].to_data()
    with pytest.raises(LedgerError, match="reason do not go with automated"):
        parse({"seed": "x.txt", "rows": [{"line": 1, "quote": "a", "status": "automated", "tests": ["tests/t.py::test_a"], "reason": "x"}]})


def test_coverage_counts_automated_and_options_among_the_rule_lines():
    ledger = parse({"seed": "x.txt", "rows": [
        {"line": 1, "quote": "見出し", "status": "not_rule", "reason": "a heading"},
        {"line": 2, "quote": "a", "status": "automated", "tests": ["tests/t.py::test_a"]},
        {"line": 3, "quote": "b", "status": "option", "option": "life"},
        {"line": 4, "quote": "c", "status": "manual", "manual_ja": "手で", "manual_en": "by hand"},
    ]})
    assert ledger.coverage() == {"automated": 1, "option": 1, "manual": 1, "not_rule": 1, "rules": 3, "covered": 2, "share": 2 / 3}


def test_the_command_prints_the_ledgers_as_json_with_their_coverage():
    out = io.StringIO()
    call_command("rules_ledger", json=True, stdout=out)
    games = json.loads(out.getvalue())["games"]
    assert set(games) == set(LEDGERS)
    for slug, data in games.items():
        assert data["seed"] == GAMES[slug].ledger.seed
        assert {"line", "quote", "status"} <= set(data["rows"][0]) and 0 <= data["coverage"]["share"] <= 1


def test_every_game_has_a_ledger():
    assert set(LEDGERS) == set(GAMES)


@pytest.mark.parametrize("slug", LEDGERS)
def test_at_least_95_percent_of_each_games_rule_lines_are_automated_or_options(slug):
    coverage = GAMES[slug].ledger.coverage()
    assert coverage["share"] >= TARGET, f"{slug}: {coverage}"


@pytest.mark.parametrize("slug", LEDGERS)
def test_the_rules_page_shows_each_rule_with_what_the_engine_does_in_both_languages(client, games, slug):
    ledger = GAMES[slug].ledger
    automated = next(r for r in ledger.rows if r.status == "automated")
    ja = client.get(f"/games/{slug}/rules/", HTTP_ACCEPT_LANGUAGE="ja").content.decode()
    assert automated.quote.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;").replace("'", "&#x27;") in ja
    assert "自動" in ja and f"ルール {ledger.coverage()['rules']} 行" in ja
    assert ">Manual<" not in ja and ">Automated<" not in ja and ">Option<" not in ja  # no English in the Japanese page
    manual = next((r for r in ledger.rows if r.status == "manual"), None)
    if manual is not None:
        assert manual.manual_ja.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;") in ja
    en = client.get(f"/games/{slug}/rules/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Automated" in en and f"of {ledger.coverage()['rules']} rule lines" in en
    assert f'href="/games/{slug}/rules/"' in client.get(f"/games/{slug}/").content.decode()
