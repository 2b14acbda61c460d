"""One picture of the table, frozen: what the renderer draws and the gestures read.

The scene makes a new :class:`Frame` whenever its version (or layout) moved, from the
game, the picture (:class:`~split.ui.model.TableModel`, copied, and typed as a read-only
:class:`~split.ui.model.Picture`), its own state (selection, panels, the hot-seat
cover…), the pointer, the settings and the words of the current language. Nothing in a
frame changes after it was made: the dataclasses are frozen and hold copies, and mypy
refuses a write into the picture.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, fields, replace

from split.engine.actions import Action
from split.i18n.words import Words

from ..model import Picture
from .geometry import Geometry
from .intents import Key, Panel, PanelShown, Selection
from .layout import TableLayout
from .narration import Tone

NO_KEYS: frozenset[Key] = frozenset()


@dataclass(frozen=True)
class Pointer:
    """The mouse and the focus ring as they are: the focused thing, the hand card under
    the pointer, and a press or drag in progress (what it hides in place and what it
    may land on)."""

    focus: Key | None = None
    hover: int | None = None
    pressed: bool = False  # a button is held (the card under it stops rising)
    dragging: bool = False
    hides: tuple[tuple[object, ...], ...] = ()
    targets: frozenset[Key] = NO_KEYS


@dataclass(frozen=True)
class Hidden:
    """What is not drawn in its place because it is still flying there (or home)."""

    hands: tuple[Counter[int], ...] = ()
    matches: Counter[tuple[int, tuple[int, ...]]] = field(default_factory=Counter)
    discard: Counter[int] = field(default_factory=Counter)
    returning: frozenset[tuple[object, ...]] = frozenset()


@dataclass(frozen=True)
class Toast:
    """A notice about what happened to ``seat`` (done by ``by``, if a seat did it),
    shown from ``start`` (clock seconds), worded when drawn (:mod:`.toasts`)."""

    words: Words
    seat: int
    start: float
    by: int | None = None


@dataclass(frozen=True)
class Frame(PanelShown):
    """Everything one drawing of the table shows."""

    version: int
    geometry: Geometry
    model: Picture  # a copy, read-only to its readers: the picture as the events left it
    names: tuple[str, ...]  # as shown (the default "You" in the current language)
    seat_names: tuple[str, ...]  # as the players wrote them: a portrait's seed
    kinds: tuple[str, ...]
    log: tuple[str, ...]
    notices: tuple[Toast, ...]  # what others did to you, until read (drawn with the table)
    log_recent: int  # the log's last lines since your last turn (0: nothing to replay)
    log_foot: int  # pixels at the side panel's foot that the policy covers (the coach)
    replaying: bool  # what happened since your last turn is being played again
    prompt: tuple[str, Tone]
    pointer: Pointer
    hidden: Hidden
    pile_count: int
    phase: str
    current: int | None  # whose turn the table shows (the picture's while it lags)
    must_use: int | None  # a card the rules say you must use now (lit)
    human_turn: bool
    legal: tuple[Action, ...]  # your legal actions (none unless it is your turn)
    can_undo: bool
    animating: bool  # events wait or cards fly: a click hurries them
    glow: frozenset[Key]  # lit as places you can use now
    hint_keys: frozenset[Key]
    selected: Selection
    panel: Panel | None  # the one panel open over the table
    log_back: int  # the open log, scrolled back this many entries from the newest
    remote: bool  # a network table: quick messages instead of undo
    clock: tuple[int, int] | None  # the host's turn timer: (seat, seconds left)
    scoring: bool
    hand_hidden: bool
    hand_covered: bool
    speed: str
    sort_order: str

    @property
    def layout(self) -> TableLayout:
        """The rectangles of the table."""
        return self.geometry.layout

    @property
    def players(self) -> int:
        """The number of seats."""
        return self.geometry.players

    @property
    def viewer(self) -> int:
        """The seat at the bottom of the table."""
        return self.geometry.viewer

    @property
    def hand(self) -> tuple[int, ...]:
        """Your hand as shown, in your order."""
        return self.geometry.hand


_BUT_THE_POINTER = tuple(
    f.name for f in fields(Frame) if f.name not in ("version", "pointer", "geometry")
)


def only_the_pointer_moved(drawn: Frame, now: Frame) -> bool:
    """Whether ``now`` shows what ``drawn`` shows but for where the pointer rests: the
    hand card it lifts, the focus ring, a button held down before a drag. The things
    on the table, and where each can be touched, are then those of ``drawn`` (the
    hovered card's place includes its lift), so input is read against what is on
    screen, with no new picture for each of a mouse's many moves between frames.
    A drag starting or ending, or anything else that changed, is a new picture."""
    a, b = drawn.pointer, now.pointer
    if (a.dragging, a.hides, a.targets) != (b.dragging, b.hides, b.targets):
        return False
    if replace(now.geometry, hover=drawn.geometry.hover) != drawn.geometry:
        return False
    return all(getattr(drawn, name) == getattr(now, name) for name in _BUT_THE_POINTER)
