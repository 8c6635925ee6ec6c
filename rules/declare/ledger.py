"""The rules ledger: every non-empty line of a game's seed (its rules document) accounted for.

Each game keeps `rules/games/<slug>/ledger.json`:

    {"seed": "002_04f9dc03302b7c58.txt",
     "rows": [{"line": 6, "quote": "・相手の30点のライフを0点にする。", "status": "automated",
               "tests": ["tests/test_engine_kannagi.py::test_…"]},
              {"line": 9, "quote": "…", "status": "option", "option": "mixed_season"},
              {"line": 7, "quote": "・相手が降伏する。", "status": "manual",
               "manual_ja": "…", "manual_en": "…"},
              {"line": 1, "quote": "【巫カードゲームとは】", "status": "not_rule", "reason": "a heading"}]}

- `seed` names the rules document as the project was handed it (../shared/seeds/<seed>); the game's package
  keeps a copy of it, the file the game declares as `seed_file` (rules/games/<slug>/seed.txt, GameDef.seed_path),
  and the lines are counted in that copy.
- `line` is the 1-based line number in the seed file, `quote` text copied from that line (a seed's lines
  are often one sentence wrapped over several: each line has its own row, the quote its part).
- `automated`: the engine does it; `tests` names the tests that show it (golden playthroughs quote the line).
- `option`: the seed leaves a reading open, or the product offers one; `option` is the key of the game's
  declared start option that selects it (its default is the seed's reading, or GAMES.md's); an optional
  `reason` says why the default is the reading it is, where that is the product's inference.
- `manual`: the player does it with the manual tools; `manual_ja`/`manual_en` say what and why it is not
  automated.
- `not_rule`: headings, blog text, examples; `reason` says which.

Coverage is the share of rule rows (all but not_rule) that are automated or an option. `manage.py
rules_ledger` prints it; /games/<slug>/rules/ shows the rules to players with what each means for them;
tests/test_rules_ledger.py checks every ledger against its seed and the test ids against the tests.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources

AUTOMATED, OPTION, MANUAL, NOT_RULE = "automated", "option", "manual", "not_rule"
STATUSES = (AUTOMATED, OPTION, MANUAL, NOT_RULE)


class LedgerError(ValueError):
    """A ledger row that is not of the declared shape (the message names the row and the field)."""


@dataclass(frozen=True)
class Row:
    line: int
    quote: str
    status: str
    tests: tuple[str, ...] = ()
    option: str = ""
    manual_ja: str = ""
    manual_en: str = ""
    reason: str = ""

    @property
    def rule(self) -> bool:
        return self.status != NOT_RULE

    def to_data(self) -> dict:
        out: dict = {"line": self.line, "quote": self.quote, "status": self.status}
        if self.status == AUTOMATED:
            out["tests"] = list(self.tests)
        elif self.status == OPTION:
            out["option"] = self.option
            if self.reason:
                out["reason"] = self.reason
        elif self.status == MANUAL:
            out.update(manual_ja=self.manual_ja, manual_en=self.manual_en)
        else:
            out["reason"] = self.reason
        return out


@dataclass(frozen=True)
class Ledger:
    seed: str
    rows: tuple[Row, ...]

    def coverage(self) -> dict:
        """Counts per status and the automated-or-option share of the rule rows."""
        counts = {status: sum(1 for r in self.rows if r.status == status) for status in STATUSES}
        rules = len(self.rows) - counts[NOT_RULE]
        done = counts[AUTOMATED] + counts[OPTION]
        return {**counts, "rules": rules, "covered": done, "share": done / rules if rules else 1.0}

    def to_data(self) -> dict:
        return {"seed": self.seed, "rows": [r.to_data() for r in self.rows], "coverage": self.coverage()}


_REQUIRED = {AUTOMATED: ("tests",), OPTION: ("option",), MANUAL: ("manual_ja", "manual_en"), NOT_RULE: ("reason",)}
_OPTIONAL = {OPTION: ("reason",)}  # (an option row's reason: why its default reads the line as it does)


def parse(data: dict, options: tuple[str, ...] = ()) -> Ledger:
    """A ledger from its JSON data; `options` are the game's option keys an option row may name."""
    if not isinstance(data, dict) or not isinstance(data.get("seed"), str) or not isinstance(data.get("rows"), list):
        raise LedgerError('a ledger is {"seed": file name, "rows": [...]}')
    rows = []
    for index, raw in enumerate(data["rows"], 1):
        where = f"row {index}"
        if not isinstance(raw, dict):
            raise LedgerError(f"{where}: an object")
        status = raw.get("status")
        if status not in STATUSES:
            raise LedgerError(f"{where}: status is one of {', '.join(STATUSES)}, not {status!r}")
        if not isinstance(raw.get("line"), int) or raw["line"] < 1:
            raise LedgerError(f"{where}: line is a line number from 1")
        if not isinstance(raw.get("quote"), str) or not raw["quote"].strip():
            raise LedgerError(f"{where} (line {raw['line']}): quote is text copied from the line")
        for key in _REQUIRED[status]:
            if not raw.get(key):
                raise LedgerError(f"{where} (line {raw['line']}): a {status} row needs {key}")
        unknown = set(raw) - {"line", "quote", "status", *_REQUIRED[status], *_OPTIONAL.get(status, ())}
        if unknown:
            raise LedgerError(f"{where} (line {raw['line']}): {', '.join(sorted(unknown))} do not go with {status}")
        if status == OPTION and options and raw["option"] not in options:
            raise LedgerError(f"{where} (line {raw['line']}): option {raw['option']!r} is not an option of the game")
        tests = raw.get("tests", [])
        if not isinstance(tests, list) or not all(isinstance(t, str) and "::" in t for t in tests):
            raise LedgerError(f"{where} (line {raw['line']}): tests are ids like tests/test_x.py::test_name")
        rows.append(Row(raw["line"], raw["quote"], status, tuple(tests), raw.get("option", ""),
                        raw.get("manual_ja", ""), raw.get("manual_en", ""), raw.get("reason", "")))
    return Ledger(data["seed"], tuple(sorted(rows, key=lambda r: r.line)))


@cache
def load(package: str, options: tuple[str, ...] = ()) -> Ledger | None:
    """The ledger.json of a game's package (None when it has none)."""
    try:
        text = resources.files(package).joinpath("ledger.json").read_text(encoding="utf-8")
    except (FileNotFoundError, ModuleNotFoundError):
        return None
    return parse(json.loads(text), options)
