"""What the table shows beside the game is one frozen value (issue 24): a change is an
intent, :func:`split.ui.table.uistate.after` is the value it leads to, and the table
replaces its value in one place (``TableCore.show``)."""

from __future__ import annotations

import ast
import dataclasses
from pathlib import Path

import pytest

from split.i18n.words import verbatim
from split.ui.table import intents as it
from split.ui.table.uistate import TableUI, after

TABLE = Path(__file__).resolve().parent.parent / "split" / "ui" / "table"
FIELDS = {f.name for f in dataclasses.fields(TableUI)}


def test_the_value_is_frozen_and_a_change_makes_a_new_one():
    ui = TableUI()
    with pytest.raises(dataclasses.FrozenInstanceError):
        ui.selected = ("hand", 0)  # type: ignore[misc]
    picked = after(ui, it.Select(("hand", 0)))
    assert picked.selected == ("hand", 0) and ui.selected is None


def test_one_panel_at_a_time_and_the_scoring_opens_the_sheets_alone():
    ui = after(TableUI(), it.TogglePanel("keys"))
    assert ui.show_keys and not ui.show_sheets
    ui = after(ui, it.TogglePanel("sheets"))
    assert ui.show_sheets and not ui.show_keys
    ui = after(after(ui, it.TogglePanel("reference")), it.Scoring(True))
    assert ui.scoring and ui.show_sheets and not ui.show_reference
    ui = after(ui, it.Scoring(False))
    assert not ui.scoring and not ui.show_sheets


def test_a_move_clears_what_was_said_lit_and_picked():
    ui = TableUI(
        error=verbatim("no"), note=verbatim("hint"), hint_keys=frozenset({("pile", -1, -1)})
    )
    ui = after(after(ui, it.Select(("match", 1))), it.Moved())
    assert ui == TableUI()


def test_hot_seat_passes_hides_the_hand_and_drops_the_selection():
    ui = after(after(TableUI(), it.Select(("hand", 2))), it.PassTo(1))
    assert ui.hand_hidden and ui.passing == 1 and ui.selected is None
    ui = after(after(after(ui, it.Passed()), it.Cover()), it.Revealed())
    assert ui.passing is None and not ui.hand_hidden and not ui.hand_covered


def test_the_table_replaces_its_value_in_one_place():
    """``self.ui = ...`` appears once in split/ui/table (in ``show``), and no module
    there assigns a field of the value (they are read through ``self.ui``)."""
    assigned: list[str] = []
    fields: list[str] = []
    for path in sorted(TABLE.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Assign | ast.AugAssign | ast.AnnAssign):
                continue
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for t in targets:
                for e in t.elts if isinstance(t, ast.Tuple) else [t]:
                    if not isinstance(e, ast.Attribute):
                        continue
                    if e.attr == "ui":
                        assigned.append(f"{path.name}:{node.lineno}")
                    elif e.attr in FIELDS:
                        fields.append(f"{path.name}:{node.lineno}: {e.attr}")
    assert len(assigned) == 2, assigned  # its first value, and show()
    assert fields == []
