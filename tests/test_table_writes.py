"""No part of the table writes another's state (issue 24): each module of
split/ui/table and split/ui/tutorial is parsed with ``ast`` and every assignment whose
target is an attribute of anything but ``self`` is listed (plain, augmented, annotated,
``setattr``, ``del``), and so is an in-place change of another object's attribute
(``other.x.append(...)``, ``other.x[i] = ...``, ``other.x[:] = ...``).

The parts talk through values: gestures return intents, the source returns arrivals,
the scene applies them in one place.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent / "split" / "ui"
PACKAGES = ("table", "tutorial")
MUTATORS = frozenset(
    {
        "append",
        "extend",
        "insert",
        "pop",
        "remove",
        "clear",
        "sort",
        "reverse",
        "update",
        "add",
        "discard",
        "setdefault",
        "popitem",
        "appendleft",
        "extendleft",
        "popleft",
    }
)


def _foreign_attribute(node: ast.expr) -> ast.Attribute | None:
    """The attribute written through ``node`` when it belongs to something other than
    ``self`` (``t.x``, ``t.x[i]``, ``self.t.x``, ``f().x``), else None."""
    while isinstance(node, ast.Subscript):
        node = node.value
    if not isinstance(node, ast.Attribute):
        return None
    if isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"):
        return None
    return node


def _targets(node: ast.AST) -> list[ast.expr]:
    if isinstance(node, ast.Assign):
        out: list[ast.expr] = []
        for t in node.targets:
            out.extend(t.elts if isinstance(t, ast.Tuple | ast.List) else [t])
        return out
    if isinstance(node, ast.AugAssign | ast.AnnAssign):
        return [node.target]
    if isinstance(node, ast.Delete):
        return list(node.targets)
    return []


def foreign_writes(source: str, name: str) -> list[str]:
    """Each write in ``source`` into another object's state, as ``name:line: text``."""
    tree = ast.parse(source)
    found: list[str] = []

    def note(node: ast.AST) -> None:
        found.append(f"{name}:{getattr(node, 'lineno', 0)}: {ast.unparse(node)[:80]}")

    for node in ast.walk(tree):
        for target in _targets(node):
            if _foreign_attribute(target) is not None:
                note(node)
        if isinstance(node, ast.Call):
            f = node.func
            if isinstance(f, ast.Name) and f.id in ("setattr", "delattr") and node.args:
                owner = node.args[0]
                if not (isinstance(owner, ast.Name) and owner.id == "self"):
                    note(node)
            elif (
                isinstance(f, ast.Attribute)
                and f.attr in MUTATORS
                and _foreign_attribute(f.value) is not None
            ):
                note(node)
    return found


def test_the_scan_finds_each_kind_of_write() -> None:
    """The scan itself: every form it looks for is caught, and a write to ``self``'s
    own state (or to a local) is not."""
    code = """
def f(t, self):
    t.a = 1
    t.b += 1
    t.c: int = 2
    t.d[0] = 3
    t.e[:] = []
    t.f.append(1)
    self.g.h = 1
    setattr(t, "x", 1)
    x, t.y = 1, 2
    self.ok = 1
    self.ok2.append(1)
    self.ok3[0] = 1
    local = []
    local.append(1)
    local[0] = 2
"""
    lines = [w.split(": ", 1)[1] for w in foreign_writes(code, "x")]
    assert lines == [
        "t.a = 1",
        "t.b += 1",
        "t.c: int = 2",
        "t.d[0] = 3",
        "t.e[:] = []",
        "self.g.h = 1",
        "x, t.y = (1, 2)",
        "t.f.append(1)",
        "setattr(t, 'x', 1)",
    ]


def test_no_part_of_the_table_writes_another_s_state() -> None:
    found: list[str] = []
    for package in PACKAGES:
        for path in sorted((ROOT / package).glob("*.py")):
            found += foreign_writes(path.read_text(encoding="utf-8"), f"{package}/{path.name}")
    print(f"{len(found)} writes into another object's state")
    assert found == [], "\n".join(found)
