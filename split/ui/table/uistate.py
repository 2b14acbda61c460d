"""What the table shows beside the game: the refusal or note on the prompt line, the
lit hint, the selection, the open panel, the scoring and hot-seat's cover and pass.

It is one frozen value (:class:`TableUI`); a change to it is an intent
(:data:`~.intents.Shown`: a gesture's, or the table's own) and :func:`after` is the
value it leads to. The table keeps the newest value and replaces it in one place
(:meth:`~.core.TableCore.show`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import assert_never

from split.i18n.words import Words

from . import intents as it
from .intents import Key, Panel, PanelShown, Selection


@dataclass(frozen=True)
class TableUI(PanelShown):
    """What the table shows beside the game, as it is now."""

    error: Words | None = None  # why the last move was refused
    note: Words | None = None  # a hint or a how-to, until the next move
    hint_keys: frozenset[Key] = frozenset()  # lit as the move to make
    selected: Selection = None  # ("hand", index) or ("match", m)
    panel: Panel | None = None  # the one panel open over the table
    log_back: int = 0  # the open log, scrolled back this many entries from the newest
    scoring: bool = False  # the round's scoring fills the sheets on the table
    hand_hidden: bool = False  # hot-seat: the hand is covered until the player is there
    hand_covered: bool = False  # hot-seat, bots' turns: the bottom hand shows its backs
    passing: int | None = None  # hot-seat: the seat the screen is passed to next


def after(ui: TableUI, change: it.Shown) -> TableUI:
    """What the table shows once ``change`` is applied to ``ui``."""
    match change:
        case it.Select(selection=selection):
            return replace(ui, selected=selection)
        case it.TogglePanel(panel=panel):
            return replace(ui, panel=None if ui.panel == panel else panel, log_back=0)
        case it.ScrollLog(by=by):
            return replace(ui, log_back=max(0, ui.log_back + by))
        case it.ClosePanels(deselect=deselect):
            closed = replace(ui, panel=None)
            return replace(closed, selected=None) if deselect else closed
        case it.Explain(error=error, note=note):
            if error is not it.KEEP:
                ui = replace(ui, error=error)
            if note is not it.KEEP:
                ui = replace(ui, note=note)
            return ui
        case it.Lifted():
            return replace(ui, error=None, hint_keys=frozenset())
        case it.Moved():
            return replace(ui, error=None, note=None, hint_keys=frozenset(), selected=None)
        case it.Lit(keys=keys):
            return replace(ui, hint_keys=keys)
        case it.Scoring(on=True):
            return replace(ui, scoring=True, panel="sheets")
        case it.Scoring():
            return replace(ui, scoring=False, panel=None if ui.show_sheets else ui.panel)
        case it.Cover():
            return replace(ui, hand_covered=True)
        case it.PassTo(seat=seat):
            return replace(ui, hand_hidden=True, selected=None, passing=seat)
        case it.Passed():
            return replace(ui, passing=None)
        case it.Revealed():
            return replace(ui, hand_hidden=False, hand_covered=False)
        case _:
            assert_never(change)
