"""The house rules of split/ (DESIGN.md), checked on the source with ``ast``:

(a) imports run one way: engine <- bots <- ui <- app, with i18n and resources
    below bots and ui, net beside ui (engine and bots below it, only the app above),
    and pygame only in ui and app;
(b) no circle between modules, function-level imports included;
(c) no module over 600 lines.

Every import statement counts wherever it stands (module level, in a function, under
``try`` or ``if TYPE_CHECKING``): each is a dependency someone has to keep in mind.
A submodule is not taken to import its package's ``__init__`` (Python runs it first,
but a package re-exporting its submodules is not a circle with them); a module that
imports names from its own package's ``__init__`` is an arrow back, and is caught.
"""

from __future__ import annotations

import ast
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent / "split"
MAX_LINES = 600

# Each layer and the layers it may import (itself included). The root package
# ``split`` (its __init__: the version) is a layer of its own.
LAYERS: dict[str, frozenset[str]] = {
    "split": frozenset({"split"}),  # stdlib only
    "split.engine": frozenset({"split.engine"}),
    "split.resources": frozenset({"split.resources"}),
    "split.cliargs": frozenset({"split.cliargs"}),  # argparse helpers, for every tool
    "split.i18n": frozenset({"split.i18n", "split.resources"}),
    "split.bots": frozenset({"split.bots", "split.engine", "split.i18n", "split.cliargs"}),
    # Network play: beside the app, above engine and bots; the ui never imports it.
    "split.net": frozenset(
        {"split.net", "split.engine", "split.bots", "split.i18n", "split.cliargs"}
    ),
    "split.ui": frozenset(
        {
            "split.ui",
            "split.engine",
            "split.bots",
            "split.i18n",
            "split.resources",
            "split.cliargs",
        }
    ),
    "split.app": frozenset(
        {
            "split",
            "split.app",
            "split.net",
            "split.ui",
            "split.bots",
            "split.engine",
            "split.i18n",
            "split.resources",
            "split.cliargs",
        }
    ),
    "split.__main__": frozenset({"split.__main__", "split.app"}),
}
PYGAME_LAYERS = frozenset({"split.ui", "split.app"})
STDLIB_ONLY = frozenset({"split.i18n"})  # besides what LAYERS allows of split


@dataclass(frozen=True)
class Import:
    """One imported module, as written at ``line`` of the importing module."""

    target: str
    line: int


Graph = dict[str, list[Import]]


# ----------------------------------------------------------------- reading


def module_name(path: Path, root: Path) -> str:
    """``split/engine/state.py`` -> ``split.engine.state``; a package's __init__ is the package."""
    parts = list(path.relative_to(root.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def source_files(root: Path) -> dict[str, Path]:
    """Every module under ``root`` by its dotted name."""
    return {module_name(p, root): p for p in sorted(root.rglob("*.py"))}


def _resolve(module: str, is_package: bool, node: ast.ImportFrom) -> str:
    """The absolute module a ``from ... import`` reads from (relative levels resolved)."""
    if not node.level:
        return node.module or ""
    package = module if is_package else module.rpartition(".")[0]
    for _ in range(node.level - 1):
        package = package.rpartition(".")[0]
    return f"{package}.{node.module}" if node.module else package


def imports_of(module: str, path: Path, known: set[str]) -> list[Import]:
    """Every module ``module`` imports, at any depth of its code, in source order.

    ``from X import name`` counts as importing ``X.name`` when that is a module of
    ours, else ``X``.
    """
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    is_package = path.name == "__init__.py"
    out: list[Import] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.extend(Import(alias.name, node.lineno) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = _resolve(module, is_package, node)
            for alias in node.names:
                sub = f"{base}.{alias.name}"
                out.append(Import(sub if sub in known else base, node.lineno))
    return sorted(set(out), key=lambda i: (i.line, i.target))


def read_graph(root: Path) -> Graph:
    """The import graph of the package at ``root``: module -> what it imports."""
    files = source_files(root)
    known = set(files)
    return {m: imports_of(m, p, known) for m, p in files.items()}


# ----------------------------------------------------------------- checking


def layer_of(module: str) -> str | None:
    """The layer a module of ours belongs to (its longest dotted prefix in LAYERS), or
    None. The root package is only itself, not a catch-all for new top-level modules."""
    if module in LAYERS:
        return module
    parts = module.split(".")
    for n in range(len(parts) - 1, 1, -1):
        prefix = ".".join(parts[:n])
        if prefix in LAYERS:
            return prefix
    return None


def _ours(target: str) -> bool:
    return target == "split" or target.startswith("split.")


def wrong_way(graph: Graph) -> list[str]:
    """(a): imports that run against the layers, pygame below ui, non-stdlib in i18n,
    and imports of modules of ours that do not exist (a guarded one would fail silently)."""
    problems = []
    for module, imports in sorted(graph.items()):
        layer = layer_of(module)
        if layer is None:
            problems.append(f"{module} belongs to no layer: add it to LAYERS in {__name__}")
            continue
        for imp in imports:
            top = imp.target.partition(".")[0]
            where = f"{module} imports {imp.target} (line {imp.line})"
            if _ours(imp.target) and imp.target not in graph:
                problems.append(f"{where}: there is no such module in split/")
            elif _ours(imp.target):
                to = layer_of(imp.target)
                if to not in LAYERS[layer]:
                    allowed = ", ".join(sorted(LAYERS[layer]))
                    problems.append(f"{where}: {layer} may import only {allowed}")
            elif top == "pygame" and layer not in PYGAME_LAYERS:
                problems.append(f"{where}: pygame belongs to split.ui and split.app only")
            elif layer in STDLIB_ONLY and top not in sys.stdlib_module_names:
                problems.append(f"{where}: {layer} uses only the standard library")
    return problems


def _components(edges: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            out.append(sorted(component))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return out


def _cycle(start: str, edges: dict[str, set[str]], members: set[str]) -> list[str]:
    """A shortest path start -> ... -> start inside one component (breadth first)."""
    came: dict[str, str] = {}
    frontier = [start]
    while frontier:
        nxt = []
        for v in frontier:
            for w in sorted(edges[v] & members):
                if w == start:
                    path = [v]
                    while path[-1] != start:
                        path.append(came[path[-1]])
                    return [start, *reversed(path[:-1]), start]
                if w not in came:
                    came[w] = v
                    nxt.append(w)
        frontier = nxt
    raise AssertionError(f"{start} is in no cycle")


def circles(graph: Graph) -> list[str]:
    """(b): every group of modules that import each other, round and round."""
    edges = {m: {i.target for i in imps if i.target in graph} for m, imps in graph.items()}
    lines = {(m, i.target): i.line for m, imps in graph.items() for i in reversed(imps)}
    problems = []
    for component in _components(edges):
        if len(component) < 2 and component[0] not in edges[component[0]]:
            continue
        path = _cycle(component[0], edges, set(component))
        shown = " -> ".join(
            f"{a} (line {lines[a, b]})" for a, b in zip(path, path[1:], strict=False)
        )
        message = f"circle between {', '.join(component)}: {shown} -> {path[-1]}"
        members = set(component)
        arrows = sorted((a, b) for a in component for b in edges[a] & members)
        if len(arrows) > len(path) - 1:  # more than the one circle shown: list every arrow
            message += "; all arrows among them: " + ", ".join(
                f"{a} -> {b} (line {lines[a, b]})" for a, b in arrows
            )
        problems.append(message)
    return problems


def long_modules(root: Path, limit: int = MAX_LINES) -> list[str]:
    """(c): modules over ``limit`` lines."""
    problems = []
    for module, path in source_files(root).items():
        with path.open(encoding="utf-8") as f:
            count = sum(1 for _ in f)
        if count > limit:
            problems.append(f"{module} ({path.name}) has {count} lines, over {limit}: split it")
    return problems


def _report(problems: list[str]) -> str:
    return "\n".join(["", *problems])


# ----------------------------------------------------------------- the house


def test_imports_run_one_way():
    problems = wrong_way(read_graph(ROOT))
    assert not problems, _report(problems)


def test_no_circles_between_modules():
    problems = circles(read_graph(ROOT))
    assert not problems, _report(problems)


def test_no_module_over_600_lines():
    problems = long_modules(ROOT)
    assert not problems, _report(problems)


# ----------------------------------------------------------------- the checker itself


def _graph(edges: dict[str, list[str]]) -> Graph:
    return {m: [Import(t, n) for n, t in enumerate(ts, 1)] for m, ts in edges.items()}


def test_checker_passes_a_well_shaped_graph():
    graph = _graph(
        {
            "split.engine": ["split.engine.state"],  # a package re-exporting its module
            "split.engine.state": ["dataclasses", "split.engine.cards"],
            "split.engine.cards": ["enum"],
            "split.bots.base": ["split.engine", "split.i18n"],
            "split.i18n": ["gettext", "split.resources"],
            "split.resources": ["pathlib"],
            "split.ui.table": ["pygame", "split.bots.base", "split.engine.state"],
            "split.app.main": ["pygame", "split.ui.table", "split"],
            "split.__main__": ["split.app.main"],
            "split": ["importlib.metadata"],
        }
    )
    assert wrong_way(graph) == []
    assert circles(graph) == []


def test_checker_finds_wrong_arrows_pygame_and_non_stdlib():
    graph = _graph(
        {
            "split.engine.state": ["split.ui.table", "split.resources"],
            "split.bots.hints": ["split.app.i18n"],
            "split.ui.table": ["split.app.session"],
            "split.i18n.catalog": ["babel"],
            "split.engine.cards": ["pygame.freetype"],
            "split.tools": [],
            "split.ui.cards": ["pygame"],
            "split.app.i18n": [],
            "split.app.session": ["split.app.gone"],
            "split.resources": [],
        }
    )
    problems = wrong_way(graph)
    assert problems == [
        "split.app.session imports split.app.gone (line 1): there is no such module in split/",
        "split.bots.hints imports split.app.i18n (line 1): split.bots may import only "
        "split.bots, split.cliargs, split.engine, split.i18n",
        "split.engine.cards imports pygame.freetype (line 1): "
        "pygame belongs to split.ui and split.app only",
        "split.engine.state imports split.ui.table (line 1): split.engine may import only "
        "split.engine",
        "split.engine.state imports split.resources (line 2): split.engine may import only "
        "split.engine",
        "split.i18n.catalog imports babel (line 1): split.i18n uses only the standard library",
        f"split.tools belongs to no layer: add it to LAYERS in {__name__}",
        "split.ui.table imports split.app.session (line 1): split.ui may import only "
        "split.bots, split.cliargs, split.engine, split.i18n, split.resources, split.ui",
    ]


def test_checker_finds_circles_and_names_their_modules():
    graph = _graph(
        {
            "split.a": ["split.b"],
            "split.b": ["os", "split.c"],
            "split.c": ["split.a", "split.d"],
            "split.d": [],
            "split.e": ["split.f"],
            "split.f": ["split.e"],
            "split.g": ["split.g"],
        }
    )
    assert circles(graph) == [
        "circle between split.a, split.b, split.c: split.a (line 1) -> split.b (line 2) "
        "-> split.c (line 1) -> split.a",
        "circle between split.e, split.f: split.e (line 1) -> split.f (line 1) -> split.e",
        "circle between split.g: split.g (line 1) -> split.g",
    ]


def test_reader_resolves_relative_and_function_level_imports(tmp_path):
    root = tmp_path / "split"
    (root / "engine").mkdir(parents=True)
    (root / "__init__.py").write_text("")
    (root / "engine" / "__init__.py").write_text("from .state import State\n")
    (root / "engine" / "cards.py").write_text("import enum\n")
    (root / "engine" / "state.py").write_text(
        "from . import cards\n"
        "from .cards import Card\n"
        "from .. import engine\n"
        "def late():\n"
        "    from split.engine import State\n"
        "    import pygame.freetype\n"
    )
    graph = read_graph(root)
    assert sorted(graph) == ["split", "split.engine", "split.engine.cards", "split.engine.state"]
    assert graph["split.engine"] == [Import("split.engine.state", 1)]
    assert graph["split.engine.state"] == [
        Import("split.engine.cards", 1),
        Import("split.engine.cards", 2),
        Import("split.engine", 3),
        Import("split.engine", 5),
        Import("pygame.freetype", 6),
    ]
    # Importing names from its own package's __init__ is an arrow back: a circle.
    assert circles(graph) == [
        "circle between split.engine, split.engine.state: split.engine (line 1) -> "
        "split.engine.state (line 3) -> split.engine"
    ]
    assert wrong_way(graph) == [
        "split.engine.state imports pygame.freetype (line 6): "
        "pygame belongs to split.ui and split.app only"
    ]


def test_long_module_check_counts_lines(tmp_path):
    root = tmp_path / "split"
    root.mkdir()
    (root / "short.py").write_text("x = 1\n" * 600)
    (root / "long.py").write_text("x = 1\n" * 600 + "y = 2")  # 601 lines, the last unended
    assert long_modules(root) == ["split.long (long.py) has 601 lines, over 600: split it"]
