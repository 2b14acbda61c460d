"""Every example in split/'s docstrings runs: each module whose source has a ``>>>``
line is imported and its doctests must pass (and be found: an example doctest cannot
see, as in a comment, is a failure too)."""

from __future__ import annotations

import doctest
import importlib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PROMPT = ">>> "


def modules_with_examples() -> list[str]:
    """The dotted names of split/'s modules with a ``>>>`` line, sorted."""
    found = []
    for path in sorted((ROOT / "split").rglob("*.py")):
        if any(line.lstrip().startswith(PROMPT) for line in path.read_text("utf-8").splitlines()):
            parts = path.relative_to(ROOT).with_suffix("").parts
            found.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return found


MODULES = modules_with_examples()


def test_the_examples_are_found_across_the_layers():
    # engine, bots, i18n, net and the table's layout each document with examples
    assert len(MODULES) >= 16
    for package in ("split.engine.", "split.bots.", "split.i18n", "split.net.", "split.ui."):
        assert any(m.startswith(package) for m in MODULES), package


@pytest.mark.parametrize("name", MODULES)
def test_doctests_pass(name: str) -> None:
    from split import i18n

    module = importlib.import_module(name)
    try:
        result = doctest.testmod(module, report=True)
    finally:
        i18n.set_language("en")  # an example may switch the language
    assert result.attempted > 0, f"{name}: no example found by doctest"
    assert result.failed == 0, f"{name}: {result.failed} of {result.attempted} examples failed"
