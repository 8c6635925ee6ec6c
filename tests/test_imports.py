"""The project's own imports form no circle and run down the layers, read from the source with `ast`.

Every import counts: at module level and inside functions (a function-level import is a dependency all
the same; it only hides a circle until the function runs). Relative imports are resolved; `from pkg import
name` points at the submodule pkg.name when there is one, else at pkg. tests/, bench/ and migrations are
not read.

The layers, top down (a package may import those below it, never one above it):

    config      settings and URLs; may import anything
    backup      whole-site backups; may import every app
    goldfish    games on the engine, simulations
    printing    faces, print sheets and jobs
    decks       regulations, decks, pools
    cards       the card database
    jobs        the background jobs' lifecycle and the task worker: imports nothing of ours
    rules       games, construction rules and the engine: plain Python, nothing of Django

Inside rules, top down: rules.games (one package per game; its __init__ registers them), then the engine and
the rest of rules, then rules.declare (the declaration types and the registry). Nothing below the games
imports a game package, statically or by name (a module name in a string, as importlib takes): the engine
finds a game's rules only through the registry.
"""

from __future__ import annotations

import ast
from collections import deque
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# What each top-level package may import besides itself.
ALLOWED = {
    "config": {"backup", "goldfish", "printing", "decks", "cards", "jobs", "rules"},
    "backup": {"goldfish", "printing", "decks", "cards", "jobs", "rules"},
    # goldfish sits above printing (it names faces through cards.faces today); printing imports no goldfish.
    "goldfish": {"printing", "decks", "cards", "jobs", "rules"},
    "printing": {"decks", "cards", "jobs", "rules"},
    "decks": {"cards", "rules"},
    "cards": {"rules"},
    "jobs": set(),  # the bottom layer beside rules: the job kinds register themselves with it
    "rules": set(),
}
NO_DJANGO = {"rules"}  # packages that import nothing of Django (nor of its add-ons)
DJANGO_FAMILY = {"django", "rest_framework", "drf_spectacular", "drf_spectacular_sidecar", "whitenoise", "dj_database_url"}
NOT_READ = {"migrations", "tests", "__pycache__"}  # directories inside the packages that are not read
NOT_PACKAGES = {"tests", "bench"}  # directories at the root that hold Python but are no layer



# -- reading the imports -------------------------------------------------------------------------------


def find_modules(root: Path, packages) -> dict[str, tuple[Path, bool]]:
    """Dotted module name -> (file, is a package's __init__) for every .py file of these packages."""
    modules = {}
    for package in packages:
        for path in sorted((root / package).rglob("*.py")):
            rel = path.relative_to(root)
            if NOT_READ.intersection(rel.parts[:-1]):
                continue
            parts = list(rel.with_suffix("").parts)
            is_package = parts[-1] == "__init__"
            if is_package:
                parts.pop()
            modules[".".join(parts)] = (path, is_package)
    return modules


def _ours(name: str, modules) -> str | None:
    """The module of ours that `name` (a module, or a name inside one) is found in: its longest prefix."""
    while name:
        if name in modules:
            return name
        name = name.rpartition(".")[0]
    return None


def read_imports(root: Path, packages):
    """(edges, outside): edges are (importer, imported, line) between our modules; outside are
    (importer, top-level name, line) for everything else imported."""
    modules = find_modules(root, packages)
    edges, outside = [], []
    for name, (path, is_package) in modules.items():
        package = name if is_package else name.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
            targets = []
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    parts = package.split(".")
                    base = ".".join(parts[: len(parts) - (node.level - 1)])
                    base = f"{base}.{node.module}" if node.module else base
                else:
                    base = node.module
                # `from pkg import sub` imports the submodule pkg.sub; `from pkg import name` imports pkg.
                targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in modules else base for a in node.names]
            for target in targets:
                found = _ours(target, modules)
                if found is not None:
                    if found != name:
                        edges.append((name, found, node.lineno))
                elif target.split(".")[0] not in packages:
                    outside.append((name, target.split(".")[0], node.lineno))
    return edges, outside


def _where(source: str, line: int) -> str:
    return f"{source} (line {line})"


# -- the checks ----------------------------------------------------------------------------------------


def _within(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def find_circles(edges) -> list[tuple[list[str], list[str]]]:
    """Each group of modules that import one another (a strongly connected group), as (its modules, one
    circle through them in import order, first = last)."""
    graph: dict[str, dict[str, int]] = {}
    for source, target, line in edges:
        graph.setdefault(source, {}).setdefault(target, line)
        graph.setdefault(target, {})
    # Tarjan's strongly connected components, iteratively.
    index, low, on_stack, stack, groups = {}, {}, set(), [], []
    for start in graph:
        if start in index:
            continue
        work = [(start, iter(graph[start]))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            for child in children:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(graph[child])))
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    group = set()
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        group.add(member)
                        if member == node:
                            break
                    if len(group) > 1:
                        groups.append(group)
    circles = []
    for group in groups:
        first = min(group)
        # The shortest way from `first` back to itself inside the group.
        came_from, queue = {first: None}, deque([first])
        while queue:
            node = queue.popleft()
            if first in graph[node]:  # no module imports itself (read_imports leaves those out)
                path = [node]
                while came_from[path[-1]] is not None:
                    path.append(came_from[path[-1]])
                circles.append((sorted(group), [*reversed(path), first]))
                break
            for child in graph[node]:
                if child in group and child not in came_from:
                    came_from[child] = node
                    queue.append(child)
    return sorted(circles)


def describe_circle(members: list[str], circle: list[str], edges) -> str:
    lines = {(s, t): line for s, t, line in reversed(edges)}
    steps = [f"{a} imports {b} (line {lines[a, b]})" for a, b in zip(circle, circle[1:], strict=False)]
    return f"{len(members)} modules in a circle: {', '.join(members)}\n  for instance " + "\n    ".join(
        [" -> ".join(circle), *steps]
    )


def wrong_way(edges, outside, allowed=ALLOWED) -> list[str]:
    """The imports that run up the layers (or sideways), and Django imported where it must not be."""
    found = []
    for source, target, line in edges:
        here, there = source.split(".")[0], target.split(".")[0]
        if here != there and there not in allowed[here]:
            may = ", ".join(sorted(allowed[here])) or "none of the others"
            found.append(f"{_where(source, line)} imports {target}: {here} may import {may}")
    for source, top, line in outside:
        if source.split(".")[0] in NO_DJANGO and (top in DJANGO_FAMILY or top.startswith("django_")):
            found.append(f"{_where(source, line)} imports {top}: {source.split('.')[0]} imports nothing of Django")
    return found


# -- the project ---------------------------------------------------------------------------------------


def test_every_package_has_a_place_in_the_layers():
    packages = {
        path.parent.name for path in ROOT.glob("*/__init__.py") if path.parent.name not in NOT_PACKAGES
    }
    assert packages - set(ALLOWED) == set(), "a package missing from ALLOWED in tests/test_imports.py: place it"
    assert set(ALLOWED) <= packages


def test_no_import_circles():
    edges, _outside = read_imports(ROOT, tuple(ALLOWED))
    circles = find_circles(edges)
    assert not circles, "import circles:\n" + "\n".join(describe_circle(m, c, edges) for m, c in circles)


def test_imports_run_down_the_layers():
    edges, outside = read_imports(ROOT, tuple(ALLOWED))
    found = wrong_way(edges, outside)
    assert not found, "imports against the layers:\n" + "\n".join(found)


def test_the_project_is_read_whole():
    """Sanity: the graph sees the apps, function-level imports and relative imports."""
    edges, outside = read_imports(ROOT, tuple(ALLOWED))
    pairs = {(s, t) for s, t, _line in edges}
    assert ("goldfish.apps", "goldfish.tasks") in pairs  # `from . import tasks` inside ready()
    assert ("goldfish.tasks", "goldfish.services") in pairs
    assert ("decks.selectors", "cards.models") in pairs
    assert any(source.startswith("rules.") for source, _top, _line in outside)


GAMES_PACKAGE = "rules.games"
# rules/__init__.py loads the games (so that any import of rules fills the registry): the one module below the
# games that names them.
LOADS_THE_GAMES = {"rules"}


def below_the_games(module: str) -> bool:
    return _within(module, "rules") and not _within(module, GAMES_PACKAGE) and module not in LOADS_THE_GAMES


def imports_of_games_below_them(edges) -> list[str]:
    """Imports of a game package (or of rules.games) from the engine, the declarations or the rest of rules."""
    return [f"{_where(s, line)} imports {t}: nothing below the games imports them (find a game through the registry)"
            for s, t, line in edges if below_the_games(s) and _within(t, GAMES_PACKAGE)]


def games_named_below_them(root: Path) -> list[str]:
    """String constants below the games that name a game package as a module ("rules.games", "rules.games.x"),
    which is how importlib would load one by name."""
    found = []
    for name, (path, _is_package) in find_modules(root, ("rules",)).items():
        if not below_the_games(name):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        docstrings = {id(n.body[0].value) for n in ast.walk(tree)
                      if isinstance(n, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
                      and n.body and isinstance(n.body[0], ast.Expr) and isinstance(n.body[0].value, ast.Constant)}
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
                if node.value == GAMES_PACKAGE or node.value.startswith(GAMES_PACKAGE + "."):
                    found.append(f"{_where(name, node.lineno)} names {node.value!r}")
    return found


def test_nothing_below_the_games_imports_a_game_statically_or_by_name():
    edges, _outside = read_imports(ROOT, ("rules",))
    found = imports_of_games_below_them(edges) + games_named_below_them(ROOT)
    assert not found, "games imported from below them:\n" + "\n".join(found)


def test_the_engine_finds_every_game_through_the_registry_alone():
    """The registry holds every game package (and nothing in the declarations names one)."""
    from rules.declare import GAMES

    packages = {p.parent.name for p in (ROOT / "rules" / "games").glob("*/__init__.py")}
    assert packages and packages <= set(GAMES)
    assert all(GAMES[slug].package == f"{GAMES_PACKAGE}.{slug}" for slug in packages)


def test_the_games_check_finds_a_game_imported_or_named_from_below(tmp_path):
    _tree(tmp_path, {
        "rules/__init__.py": "from . import games\n",  # the loader: allowed
        "rules/games/__init__.py": "",
        "rules/games/g/__init__.py": "from ...engine import core\n",  # a game imports the engine: fine
        "rules/engine/__init__.py": "",
        "rules/engine/core.py": "from ..games.g import X\n",
        "rules/declare/__init__.py": "",
        "rules/declare/base.py": '"""rules.games.g is fine in a docstring."""\nimport importlib\nM = importlib.import_module("rules.games.g")\n',
    })
    edges, _outside = read_imports(tmp_path, ("rules",))
    found = imports_of_games_below_them(edges)
    assert len(found) == 1 and found[0].startswith("rules.engine.core (line 1) imports rules.games.g"), found
    named = games_named_below_them(tmp_path)
    assert named == ["rules.declare.base (line 3) names 'rules.games.g'"], named


# -- the checker itself --------------------------------------------------------------------------------


def _tree(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


def test_the_checker_finds_circles_and_wrong_way_imports(tmp_path):
    _tree(tmp_path, {
        "rules/__init__.py": "",
        "rules/a.py": "def f():\n    from . import b\n",  # function level, relative
        "rules/b.py": "from rules.c import x\n",
        "rules/c.py": "from .a import f\nimport django.db\n",
        "rules/engine/__init__.py": "from .core import step\n",
        "rules/engine/core.py": "from rules.engine import step\nfrom .. import d\n",
        "rules/d.py": "",
        "cards/__init__.py": "",
        "cards/m.py": "def g():\n    import decks.v\n",
        "cards/migrations/0001.py": "import decks.v\n",  # not read
        "decks/__init__.py": "",
        "decks/v.py": "from cards import m\nfrom django.db import models\n",
    })
    packages = ("rules", "cards", "decks")
    edges, outside = read_imports(tmp_path, packages)
    circles = find_circles(edges)
    assert (["rules.a", "rules.b", "rules.c"], ["rules.a", "rules.b", "rules.c", "rules.a"]) in circles
    assert (["cards.m", "decks.v"], ["cards.m", "decks.v", "cards.m"]) in circles
    assert (["rules.engine", "rules.engine.core"], ["rules.engine", "rules.engine.core", "rules.engine"]) in circles
    assert len(circles) == 3
    text = describe_circle(*circles[1], edges)  # sorted: cards.m's, rules.a's, rules.engine's
    assert "rules.a, rules.b, rules.c" in text and "rules.a imports rules.b (line 2)" in text, text
    allowed = {"decks": {"cards", "rules"}, "cards": {"rules"}, "rules": set()}
    found = wrong_way(edges, outside, allowed)
    assert any(f.startswith("cards.m (line 2) imports decks.v") for f in found), found
    assert any(f.startswith("rules.c (line 2) imports django") for f in found), found
    assert not any(f.startswith("decks.v") for f in found), found  # decks may import cards, and Django
    assert len(found) == 2, found
