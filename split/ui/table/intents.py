"""What a gesture asks of the table: frozen values the gestures return and the scene
applies in one place (:meth:`~split.ui.table.scene.TableScene.apply_intent`).

A gesture never changes the table itself; it says what the player meant. The table's
own changes to what it shows beside the game (a move played, the scoring, hot-seat's
cover and pass) are values of the same kind (:data:`Shown`), applied to its one
:class:`~.uistate.TableUI` value by :func:`~.uistate.after`.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Literal

import pygame

from split.engine.actions import Action
from split.i18n.words import Words

Key = tuple[str, int, int]
Selection = tuple[str, int] | None  # ("hand", index) or ("match", m)
Panel = Literal["sheets", "reference", "keys", "say", "log"]


class PanelShown:
    """Which panel is open, in words: the table's own state and each frame of it hold
    the one ``panel`` open over the table (or None), and both read it the same way."""

    panel: Panel | None

    @property
    def show_sheets(self) -> bool:
        return self.panel == "sheets"

    @property
    def show_reference(self) -> bool:
        return self.panel == "reference"

    @property
    def show_keys(self) -> bool:  # the keys panel (F1 or ?)
        return self.panel == "keys"

    @property
    def show_say(self) -> bool:  # the quick messages (M, at a network table)
        return self.panel == "say"

    @property
    def show_log(self) -> bool:  # the whole log (L)
        return self.panel == "log"


class Keep(Enum):
    """An :class:`Explain` field left as it is."""

    KEEP = 0


KEEP = Keep.KEEP


@dataclass(frozen=True)
class Play:
    """Play this action (it may be refused: then ``home`` flies back, if anything)."""

    action: Action
    home: SendBack | None = None


@dataclass(frozen=True)
class Select:
    """Pick a hand card or one of your matches (None: pick nothing)."""

    selection: Selection


@dataclass(frozen=True)
class TogglePanel:
    """Open the score sheets, the reference cards, the keys, the quick messages or the
    whole log (closing the others), or close it."""

    panel: Panel


@dataclass(frozen=True)
class ScrollLog:
    """Scroll the open log ``by`` entries back in time (forward when negative)."""

    by: int


@dataclass(frozen=True)
class Replay:
    """Play again what the others did since your last turn (on your turn)."""


@dataclass(frozen=True)
class Say:
    """Send a quick message to the others at a network table (a protocol phrase)."""

    phrase: str


@dataclass(frozen=True)
class ClosePanels:
    """Close the sheets and the reference cards; ``deselect`` also drops the selection."""

    deselect: bool = False


@dataclass(frozen=True)
class Undo:
    """Take back your last move."""


@dataclass(frozen=True)
class Hint:
    """Ask for a hint."""


@dataclass(frozen=True)
class Sort:
    """Rank order <-> suit order."""


@dataclass(frozen=True)
class Speed:
    """The next animation speed."""


@dataclass(frozen=True)
class Hurry:
    """Land every card now."""


@dataclass(frozen=True)
class ReorderHand:
    """Move your hand's card at ``index`` to place ``to`` (counted without it)."""

    index: int
    to: int


@dataclass(frozen=True)
class Refuse:
    """Say why ``action`` may not be played (the engine's refusal); ``home``: what was
    dragged flies back."""

    action: Action
    home: SendBack | None = None


@dataclass(frozen=True)
class Explain:
    """Say why a gesture did nothing (``error``) or what to do instead (``note``):
    None clears one, :data:`KEEP` leaves it."""

    error: Words | None | Keep = KEEP
    note: Words | None | Keep = KEEP


@dataclass(frozen=True)
class Lifted:
    """A drag began: the refusal and the hint on screen go."""


@dataclass(frozen=True)
class Moved:
    """A move was played or taken back: the refusal, the note, the hint and the
    selection go."""


@dataclass(frozen=True)
class Lit:
    """Light these places as the move to make (a hint, a lesson's step)."""

    keys: frozenset[Key]


@dataclass(frozen=True)
class Scoring:
    """The round's scoring fills the sheets on the table (``on``: the sheets open, the
    other panels close), or it is over (the sheets close)."""

    on: bool


@dataclass(frozen=True)
class Cover:
    """Hot-seat, bots' turns: the bottom hand shows its backs."""


@dataclass(frozen=True)
class PassTo:
    """Hot-seat: the hand is hidden until ``seat``'s player says they are there."""

    seat: int


@dataclass(frozen=True)
class Passed:
    """Hot-seat: the pass screen is up."""


@dataclass(frozen=True)
class Revealed:
    """Hot-seat: the player at the bottom is there; their hand shows."""


@dataclass(frozen=True)
class SendBack:
    """A dropped thing that was not played flies home from ``src`` to ``dst``, hidden
    there (``keys``) until it lands."""

    image: pygame.Surface
    src: tuple[int, int]
    dst: tuple[int, int]
    keys: tuple[tuple[object, ...], ...]


@dataclass(frozen=True)
class Sound:
    """Play a sound effect (a button's click)."""

    name: str


Shown = (
    Select
    | TogglePanel
    | ScrollLog
    | ClosePanels
    | Explain
    | Lifted
    | Moved
    | Lit
    | Scoring
    | Cover
    | PassTo
    | Passed
    | Revealed
)
"""A change to what the table shows beside the game (:class:`~.uistate.TableUI`)."""

Intent = (
    Play
    | Undo
    | Hint
    | Sort
    | Speed
    | Hurry
    | ReorderHand
    | Refuse
    | SendBack
    | Sound
    | Say
    | Replay
    | Shown
)
"""Everything a gesture may ask for, and the table's own changes to what it shows."""
