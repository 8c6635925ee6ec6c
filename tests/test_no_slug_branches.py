"""No slug-keyed table or branch outside the game packages.

All knowledge of a game lives in its package, rules/games/<slug>/, declared on its GameDef; the apps read the
declarations and never branch on a slug. This walks the project's Python, templates and JavaScript outside
rules/games/<slug>/ (tests, migrations, the benchmarks, bundled data and the virtualenv left out) and fails
on a quoted slug used as a dict or object key (`{"kannagi": …}`, `case "kannagi":`), compared (`== "vision"`,
`!= 'original'`, `=== "manacard"`, `{% if game == "vision" %}`), tested for membership (`in ("kannagi", …)`,
`"timestorm" in games`) or looked up (`TABLE["kannagi"]`, `.get("vision")`).

A quoted slug as a plain value is fine: an example (`"game": "kannagi"` in an OpenAPI example), a docstring,
an argument (`get_game("kannagi")`). Only whole quoted slugs count: "revision" is not "vision". Comment lines
are left out.
"""

from __future__ import annotations

import re
from pathlib import Path

from rules.declare import GAMES

ROOT = Path(__file__).resolve().parent.parent
SLUGS = tuple(GAMES)
EXTENSIONS = {".py", ".html", ".js", ".txt"}
SKIP_DIRS = {".venv", "venv", "node_modules", "__pycache__", ".git", "tests", "migrations", "bench", "media", "staticfiles"}



def _patterns(slugs) -> list[tuple[str, re.Pattern, str | None]]:
    """(kind, pattern, the one file suffix it applies to or None for every file)."""
    names = "|".join(re.escape(s) for s in slugs)
    quoted = rf"""(?P<q>["'])(?:{names})(?P=q)"""
    return [
        ("compared", re.compile(r"(?:===?|!==?)\s*" + quoted), None),
        ("compared", re.compile(quoted + r"\s*(?:===?|!==?)"), None),
        ("compared", re.compile(r"\bcase\s+" + quoted), None),
        ("membership", re.compile(r"\bin\s*[(\[{][^)\]}]*?" + quoted), None),
        ("membership", re.compile(quoted + r"\s+(?:not\s+)?in\b"), None),
        ("lookup", re.compile(r"\[\s*" + quoted + r"\s*\]"), None),
        ("lookup", re.compile(r"\.get\(\s*" + quoted), None),
        ("key", re.compile(quoted + r"\s*:(?!=)"), None),  # {"kannagi": …}, "kannagi": in a JS object
        ("key", re.compile(rf"(?:^|[{{,])[ \t]*(?:{names})[ \t]*:(?!:)", re.M), ".js"),  # an unquoted JS object key
    ]


PATTERNS = _patterns(SLUGS)
_COMMENT = re.compile(r"^\s*(?:#|//|/\*|\*|\{#)")


def find_violations(text: str, suffix: str = ".py", patterns=PATTERNS) -> list[tuple[int, str, str]]:
    """(line number, kind, line) for each slug-keyed table or branch in `text` (a file's contents)."""
    lines = text.splitlines()
    found: dict[int, tuple[int, str, str]] = {}
    for kind, pattern, only in patterns:
        if only is not None and suffix != only:
            continue
        for match in pattern.finditer(text):
            number = text.count("\n", 0, match.start()) + 1
            line = lines[number - 1] if number <= len(lines) else ""
            if _COMMENT.match(line):
                continue
            found.setdefault(number, (number, kind, line.strip()))
    return [found[n] for n in sorted(found)]


def _scanned(root: Path, slugs) -> list[Path]:
    out = []
    for path in sorted(root.rglob("*")):
        rel = path.relative_to(root)
        if path.suffix not in EXTENSIONS or not path.is_file():
            continue
        if any(part in SKIP_DIRS or part.endswith(".egg-info") for part in rel.parts[:-1]):
            continue
        if rel.parts[:2] == ("rules", "games") and len(rel.parts) > 3 and rel.parts[2] in slugs:
            continue  # the game's own package: where its knowledge belongs
        out.append(path)
    return out


def walk(root: Path = ROOT, slugs=SLUGS) -> dict[str, list[tuple[int, str, str]]]:
    """Relative path -> the violations in it, for every file the rule covers under `root`."""
    patterns = PATTERNS if slugs == SLUGS else _patterns(slugs)
    out = {}
    for path in _scanned(root, slugs):
        found = find_violations(path.read_text(encoding="utf-8"), path.suffix, patterns)
        if found:
            out[path.relative_to(root).as_posix()] = found
    return out


def test_no_slug_keyed_table_or_branch_outside_the_game_packages():
    found = walk()
    report = "\n".join(f"{path}:{n}: [{kind}] {line}" for path, lines in found.items() for n, kind, line in lines)
    assert not found, (
        "slug-keyed tables or branches outside rules/games/<slug>/ (declare it on the game instead):\n" + report
    )


def test_the_walk_covers_the_apps_and_leaves_out_the_game_packages():
    scanned = {p.relative_to(ROOT).as_posix() for p in _scanned(ROOT, SLUGS)}
    assert {"rules/stats.py", "decks/services.py", "cards/search/help.py", "static/js/deck_editor.js"} <= scanned
    assert any(p.startswith("templates/") for p in scanned)
    assert not any(p.startswith(("tests/", "bench/", ".venv/")) or "/migrations/" in p for p in scanned)
    assert not any(p.startswith(f"rules/games/{slug}/") for p in scanned for slug in SLUGS)


# -- the detector itself ----------------------------------------------------------------------------------

VIOLATIONS = [
    ('COLOURS = {"vision": "#5b3a8c"}', ".py"),
    ("    'kannagi': 30,", ".py"),
    ('if slug == "kannagi":', ".py"),
    ("if game.slug != 'vision':", ".py"),
    ('if slug in ("kannagi", "original"):', ".py"),
    ('if slug not in {"manacard"}:', ".py"),
    ('if "timestorm" in games:', ".py"),
    ('    case "original":', ".py"),
    ('life = LIFE["kannagi"]', ".py"),
    ('life = LIFE.get("manacard", 20)', ".py"),
    ('if (game === "original") {', ".js"),
    ("const size = {vision: 59, kannagi: 63};", ".js"),
    ('{% if game == "vision" %}', ".html"),
    ("{% if card.game_id != 'timestorm' %}", ".html"),
]

ALLOWED = [
    ('    value={"game": "kannagi", "name": "春の場所デッキ"},', ".py"),
    ('game = get_game("kannagi")', ".py"),
    ('"""The cards hands are drawn from (timestorm: the shared deck)."""', ".py"),
    ('REVISION = {"revision": 3, "revisions": []}', ".py"),
    ('if field == "division":', ".py"),
    ("# {\"kannagi\": 30} was the old table", ".py"),
    ("// kannagi: a place on its season", ".js"),
    ('const label = revision === "vision2";', ".js"),
    ('<a href="{% url \'game_detail\' "kannagi" %}">', ".html"),
]


def test_the_detector_finds_each_kind_of_slug_branch():
    for text, suffix in VIOLATIONS:
        assert find_violations(text, suffix), text


def test_the_detector_leaves_plain_values_alone():
    for text, suffix in ALLOWED:
        assert not find_violations(text, suffix), text


def test_a_new_violation_in_an_app_fails_the_walk_and_one_in_a_game_package_does_not(tmp_path):
    (tmp_path / "decks").mkdir()
    (tmp_path / "decks" / "services.py").write_text('POOL_GAME = "timestorm"\nif game == "timestorm":\n    pass\n')
    (tmp_path / "rules" / "games" / "timestorm").mkdir(parents=True)
    (tmp_path / "rules" / "games" / "timestorm" / "play.py").write_text('if slug == "timestorm":\n    pass\n')
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "test_x.py").write_text('assert {"timestorm": 1}\n')
    (tmp_path / "decks" / "migrations").mkdir()
    (tmp_path / "decks" / "migrations" / "0001.py").write_text('GAMES = {"timestorm": 1}\n')
    assert walk(tmp_path, SLUGS) == {"decks/services.py": [(2, "compared", 'if game == "timestorm":')]}
