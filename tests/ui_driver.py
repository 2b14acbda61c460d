"""Drive the real table loop with posted mouse and key events (headless, for the UI tests).

Import this after setting SDL_VIDEODRIVER=dummy (every test_ui_* module does so first).
"""

from __future__ import annotations

import os
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from split.engine import Game  # noqa: E402
from split.engine.actions import parse_action  # noqa: E402
from split.engine.notation import parse_config, state_json  # noqa: E402
from split.ui.loop import App  # noqa: E402
from split.ui.screens import SeatSetup  # noqa: E402
from split.ui.table import TableScene, TableSettings  # noqa: E402

# A small position both the action and the screen tests start from: seat 0 (human) moves
# first; seat 1 is a random bot.
BASE = dict(
    hands=[["7H", "7D", "KH", "KH", "5C", "5H", "2C"], ["3S", "4S", "6S", "8S"]],
    discard=["3D", "7S"],
    draw=["QH", "QD", "JC"],
    table=[[], [["7C", "7H"], ["9C", "9H"]]],
)


def laid_out(hands, discard=(), draw=(), table=None, players=None, seed=0):
    """A Game at the start of round 1 with these cards (notation strings); seat 0 moves first."""
    n = players or len(hands)
    setup = {"hands": [list(h) for h in hands], "discard": list(discard), "draw": list(draw)}
    if table is not None:
        setup["table"] = [[list(m) for m in seat] for seat in table]
    obj = {"players": n, "dealer": n - 1, "seed": seed, "rounds": [setup]}
    return Game(parse_config(obj))


def make_table(game, kinds=("human", "random"), size=(1280, 720), speed="instant", scale=100):
    """An App with a TableScene on ``game`` (its words at ``scale`` per cent); returns
    (app, table, applied) where ``applied`` collects every action the table reported
    through ``on_action``."""
    app = App(size)
    applied: list = []
    seats = [SeatSetup(f"P{i}", k) for i, k in enumerate(kinds)]
    settings = TableSettings(speed, ui_scale=scale)
    table = TableScene(game, seats, on_action=lambda a, e: applied.append(a), settings=settings)
    app.push(table)
    table.finish_animations()  # the deal
    settle(app, table)
    app.run_frames(1)  # draw once: the buttons are laid out
    return app, table, applied


def settle(app, table, max_frames=3000, seconds=30.0) -> None:
    """Run frames until the table waits for a human (or another scene is on top). A
    bot thinking on its worker thread is given the time it needs (up to ``seconds``):
    frames spent waiting for it do not count."""
    deadline = time.monotonic() + seconds
    frames = 0
    while not (table.human_turn() or app.scene is not table) and app.running:
        if frames >= max_frames or time.monotonic() > deadline:
            return
        app.step(block=False)
        if table.driver.thinking:
            time.sleep(0.002)
        else:
            frames += 1


class SteppedClock:
    """A clock that moves only as the loop steps: each step of ``app`` comes 1/``fps`` s
    after the last, for the loop's motion and for ``table``'s bots' pauses alike, so a
    test at a real speed sees the motion in as few frames as the eye would at ``fps``
    and waits for no pause in real time."""

    def __init__(self, app, table=None, fps: int = 20) -> None:
        self.t, self.dt = 0.0, 1.0 / fps
        app.now = self.step
        app.step(block=False)  # the loop's first look at this clock (no time passes)
        if table is not None:
            table.driver.now = self.read

    def step(self) -> float:
        self.t += self.dt
        return self.t

    def read(self) -> float:
        return self.t


def post(kind, **kw) -> None:
    pygame.event.post(pygame.event.Event(kind, **kw))


def click(app, pos) -> None:
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    app.run_frames(2)


def drag(app, start, end, steps=4) -> None:
    """Press at ``start``, move in ``steps`` to ``end``, release; one frame per step."""
    post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    app.step()
    for i in range(1, steps + 1):
        x = start[0] + (end[0] - start[0]) * i // steps
        y = start[1] + (end[1] - start[1]) * i // steps
        post(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0), buttons=(1, 0, 0))
        app.step()
    post(pygame.MOUSEBUTTONUP, pos=end, button=1)
    app.run_frames(2)


def key(app, k, mod=0) -> None:
    post(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)
    app.run_frames(2)


def spot(table, kind, a=-1, b=-1):
    """A point on the visible (uncovered) part of a thing on the table."""
    hit = table.find_hit(kind, a, b)
    assert hit is not None, f"no {kind} {a} {b} on the table"
    r = hit.rect
    if kind == "hand":  # the middle of the card's visible strip: a drop on the card itself
        lefts = [h.rect.left for h in table.hits() if h.kind == "hand" and h.rect.left > r.left]
        return ((r.left + min([*lefts, r.right])) // 2, r.top + r.height // 3)
    if kind in ("hand", "discard", "match"):
        return (r.left + 4, r.top + r.height // 3)
    if kind == "seat":
        return (r.left + 6, r.top + 6)
    return r.center


def play_the_lesson(app, table, upto: str | None = None) -> None:
    """Play the tutorial to its end (or to the step ``upto``) as a player who does what
    the coach says: each step with the mouse, the button it asks for when it asks for
    one, and the coach's Next round when a round is over (on a :class:`SteppedClock`:
    Ada's pauses go by in steps, not in real time)."""
    from split.ui.tutorial import lesson_of

    SteppedClock(app, table)
    lesson = lesson_of(table)
    for _ in range(4 * 40):
        settle(app, table)
        app.run_frames(2)  # the sheets open at a round's end, the coach's button drawn
        step = lesson.step(table)
        if step is None or step.action == upto:
            return
        ask = lesson.asks(table)
        if ask is not None:
            table.finish_animations()
            click(app, table.renderer.buttons[ask].rect.center)
        elif lesson.deals(table):
            click(app, lesson.skip_button.rect.center)
        else:
            gesture(app, table, step.parsed)
    raise AssertionError("the lesson did not come to its end")


def hand_index(table, card: str, skip: int = -1) -> int:
    from split.engine.cards import parse_card

    c = parse_card(card)
    return next(i for i, x in enumerate(table.hand.cards) if x == c and i != skip)


def gesture(app, table, action, rng=None) -> None:
    """Perform ``action`` for the human at the bottom by drag and drop (pass: the Skip button)."""
    k = action.kind
    if k == "draw":
        drag(app, spot(table, "pile"), table.layout.hand_rect.center)
    elif k == "take":
        drag(app, spot(table, "discard", action.position), table.layout.hand_rect.center)
    elif k == "match":
        lower, upper = action.cards
        i = table.hand.cards.index(lower)
        j = next(x for x, c in enumerate(table.hand.cards) if c == upper and x != i)
        drag(app, spot(table, "hand", i), spot(table, "hand", j))
    elif k == "upgrade":
        i = table.hand.cards.index(action.card)
        drag(app, spot(table, "hand", i), spot(table, "match", action.seat, action.target))
    elif k == "discard":
        i = table.hand.cards.index(action.card)
        r = table.layout.discard_rect
        drag(app, spot(table, "hand", i), (r.right - 6, r.bottom - 6))
    elif k == "penalize":
        drag(app, spot(table, "chip"), spot(table, "seat", action.penalized))
    elif k == "trade":
        drag(
            app,
            spot(table, "match", table.viewer, action.mine),
            spot(table, "match", action.seat, action.target),
        )
    elif k == "pass":
        click(app, table.renderer.buttons["skip"].rect.center)
    else:
        raise AssertionError(f"no gesture for {action}")


def record_texts(monkeypatch) -> list:
    """Record every line of text drawn from now on: a list of (words, rectangle)."""
    from split.ui import widgets

    drawn: list = []
    real = widgets.text

    def text(surface, words, *args, **kw):
        r = real(surface, words, *args, **kw)
        drawn.append((words, r))
        return r

    monkeypatch.setattr(widgets, "text", text)
    return drawn


def snapshot(game):
    return state_json(game.state)


__all__ = [
    "App",
    "TableScene",
    "click",
    "drag",
    "gesture",
    "hand_index",
    "key",
    "laid_out",
    "make_table",
    "parse_action",
    "record_texts",
    "settle",
    "snapshot",
    "spot",
]
