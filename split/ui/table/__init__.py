"""The table: a game of Split played with the mouse (or keys) against bots, or hot-seat.

    scene = TableScene(game, seats, on_action=autosave, settings=settings, sound=sound)
    app.push(scene)

* ``game`` is a :class:`split.engine.Game` (new, or resumed from a save);
* ``seats`` one ``(name, kind)`` per seat (``kind`` "human" or a bot strength:
  random, easy, normal, hard) - :class:`split.app.settings.SeatChoice` fits;
* ``on_action(action, events)`` is called after every action the engine applied
  here (human's or bot's);
* ``settings`` is a :class:`.settings.Settings`: ``speed`` (normal/fast/instant),
  ``sort_order`` (rank/suit) and the deck (``card_back``, ``card_faces``,
  ``four_colour``, ``high_contrast``: :func:`split.ui.cards.deck_style`), read at every use, so
  a changed setting applies at once, and ``change(**settings)``;
  :class:`TableSettings` is the default;
* ``on_exit(scene)`` is called when the player leaves from the results screen;
* ``policy`` (a :class:`.policy.Policy`; :class:`.policy.Plain` by default) is how this
  table differs from a plain game: the tutorial's lesson, the app's kept game (saved
  after every move and every undo, Esc pauses, its own results at the game's end), a
  network game (Esc asks before leaving; its end and its connection are its own);
* ``choose_bot(seat) -> Action`` replaces the built-in bots (which are
  ``split.bots.make_bot(kind, seed)``, seeded like :class:`split.app.session.Session`,
  and think on a worker thread from a frozen :class:`PlayerView`).

Useful state for the layers around it: ``model`` (what is drawn), ``ui`` (what it
shows beside the game: the prompt's refusal or note, the lit hint, the selection, the
open panel, hot-seat's cover; a frozen :class:`.uistate.TableUI`), ``log`` (every
action in words, narrated from ``entries`` in the current language),
``feedback`` (notices and seat flashes: what others just did to a human, see
:mod:`.toasts`), ``glow_targets()`` (the places lit for the drag or click-selection in
progress), ``can_undo()`` / ``undo()``, ``viewer`` (the seat at the bottom), ``human_turn()``,
``find_hit(kind, a, b)`` (where a thing is on screen, for tests and tutorials),
``try_action(action)`` (the same path a gesture takes), ``finish_animations()``,
``invalidate()`` (what it shows changed elsewhere, e.g. a setting: draw it again),
``esc_free()`` (Esc has nothing of the table's to close), ``esc_for_app(event)`` (an
Esc for the app: pause or leave) and ``new_game(seats, dealer)`` (a fresh table, for
Play again).

The parts: :mod:`.layout` (rectangles from window size, seat count and direction),
:mod:`.geometry` (where each thing lies now: a value), :mod:`.frame` (one picture of
the table, frozen: what is drawn and what input is read against), :mod:`.narration`
(the words), :mod:`.animator` (events to flights), :mod:`.gestures` (input to
:mod:`.intents`), :mod:`.render` (a frame drawn, and its hit list; :mod:`.boards`
the seats' boards), :mod:`.source` (the game here or on a host, behind one Protocol),
:mod:`.policy` (how a tutorial, a kept, a network or a hot-seat table differs),
:mod:`.driver` (the bots, here or on the host), :mod:`.hand` (your hand's order),
:mod:`.uistate` (what it shows beside the game), :mod:`.settings`, :mod:`.core` (the
game, the picture and the moves) and :mod:`.scene`, which adds input, drawing and
screens. A new game's deal is animated
from ``Game.opening_events``.

Every gesture becomes intents, applied in one place (``apply_intent``; a change to
``ui``, the gestures' or the table's own, is made by ``show`` alone); a move is an
:class:`~split.engine.Action` submitted to the source, and only the game changes the
game. Applying returns events; the table animates them one by one, updating
its :class:`~split.ui.model.TableModel` as each plays, so what you see is what the
events said. A refused move is sent back and the prompt says why (the engine's
:class:`~split.engine.refusals.Refusal`, worded by :func:`.narration.refusal_text`).
What the table keeps to say (``ui.error``, ``ui.note``, ``entries``, the toasts) it keeps as
:class:`~split.i18n.words.Words`, worded when drawn: a language switch rewords it all.

Drag and drop (and the click/keyboard alternatives):

======================  ===================================  =======================
action                  drag                                 click / key
======================  ===================================  =======================
draw (R4.1, R6.2)       the pile onto your hand              click the pile, D
take N (R4.1)           a lit discard card onto your hand    click it
match (R5.1)            a hand card onto one of its rank     click one, then the other
(reorder your hand)     a hand card onto a seam between two  -
upgrade (R5.2)          a hand card onto any match           click card, then match
discard (R4.4)          a hand card onto the discard row     click card, then the row
penalize (R6.1)         the red chip onto a seat             click the seat
trade (R6.3)            your match onto theirs               click yours, then theirs
pass (R6.4)             -                                    Skip button, P
next round              -                                    the summary's button
======================  ===================================  =======================

Tab / Shift-Tab move a focus ring over everything clickable and Enter clicks it;
1-9 pick a hand card; S toggles rank/suit order; H hint; T score sheets; R the
reference cards; Ctrl+Z undo; Space or a click hurries the animation.
"""

from .hits import Hit
from .scene import TableScene
from .settings import SPEEDS, TableSettings

__all__ = ["SPEEDS", "Hit", "TableScene", "TableSettings"]
