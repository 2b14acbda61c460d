"""One window, a stack of scenes, and a short main loop.

The loop only dispatches events, updates and draws. A :class:`Scene` says whether it
is moving (:meth:`Scene.animating`) and when it next wants to wake up
(:meth:`Scene.wake_in`); when nothing moves the loop sleeps until an event
arrives, so an idle table costs next to no CPU (well under 1% of a core).

    app = App((1280, 720))
    app.push(TableScene(game, seats))
    app.run()                      # until the last scene is popped or the window closes

Tests drive the very same loop without waiting::

    app.run_frames(10)             # ten iterations, posted events included
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1))
    app.step()

Scenes get ``handle_event(event)`` for every event, ``update(dt)`` once a frame
(seconds since the last frame) and ``draw(surface) -> list[Rect] | None``: the
rectangles they changed, or ``None`` for "the whole window". ``resize(size)`` is
called when the window changes size (and before the first draw).
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from typing import TypeVar

import pygame

from . import xwindow

MIN_SIZE = (1024, 600)
MAX_SIZE = (2560, 1440)
FPS = 60
IDLE_WAIT_MS = 1000  # longest sleep when idle; a scene's wake_in can shorten it
IDLE_SLICE = 0.012  # seconds between looks at the event queue while idle


class Scene:
    """A screen of the game. Override what you need; every method has a no-op default.

    ``app`` is set when the scene is pushed. A scene that covers only part of the
    window sets ``opaque = False`` so the scene below is drawn first.
    """

    app: App | None = None
    opaque: bool = True

    def enter(self) -> None:
        """Called when the scene becomes the top of the stack (pushed or uncovered)."""

    def leave(self) -> None:
        """Called when the scene stops being the top (popped or covered)."""

    def close(self) -> None:
        """Called once when the scene leaves the stack for good (popped, replaced, or
        the app closing): stop any work it started."""

    def resize(self, size: tuple[int, int]) -> None:
        """The window is now ``size``; rebuild layouts and size-dependent art."""

    def handle_event(self, event: pygame.event.Event) -> None:
        """One pygame event (mouse, keys, text); QUIT, resize and F11 are handled by the App."""

    def update(self, dt: float) -> None:
        """Advance animations and timers by ``dt`` seconds."""

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """Draw into ``surface``; return the changed rectangles, or None for all of it."""
        return None

    def animating(self) -> bool:
        """Whether the scene needs frames at the display rate right now."""
        return False

    def wake_in(self) -> float | None:
        """Seconds until the scene wants an update although nothing happened (a bot's turn)."""
        return None

    @property
    def stack(self) -> App:
        """The app whose stack shows this scene; RuntimeError before it is pushed (a
        scene's buttons and keys act on the stack only once it is there)."""
        if self.app is None:
            raise RuntimeError(f"{type(self).__name__} is not on an app's stack")
        return self.app

    def invalidate(self) -> None:
        """Ask for a full redraw at the next frame."""
        if self.app is not None:
            self.app.full_redraw = True


SceneT = TypeVar("SceneT", bound=Scene)


class App:
    """The window and the scene stack."""

    def __init__(
        self,
        size: tuple[int, int] = (1280, 720),
        title: str = "Split",
        fullscreen: bool = False,
        icon: pygame.Surface | None = None,
    ) -> None:
        xwindow.guard()  # before SDL's video starts (see there): a window destroyed
        if not pygame.get_init():  # under us then quits like a close
            pygame.init()
        self.title = title
        pygame.display.set_caption(title)
        if icon is not None:
            pygame.display.set_icon(icon)
        self.windowed_size = _clamp_size(size)
        self.fullscreen = False
        self.screen = self._set_mode(self.windowed_size, fullscreen)
        xwindow.guard()  # (if pygame was started before: later than best, still of use)
        self._held: set[int] = set()  # keys down now: a repeat of F11 toggles nothing
        self.scenes: list[Scene] = []
        self.running = True
        self.full_redraw = True
        self.clock = pygame.time.Clock()
        self.frames = 0
        self.last_frame_ms = 0.0
        self.now: Callable[[], float] = time.perf_counter
        """The clock a step's time since the last is read from (tests step it by hand)."""
        self._last = self.now()
        self.on_quit: Callable[[], bool] | None = None
        """Called on window close; return False to keep running (e.g. a 'save?' dialog)."""
        pygame.key.set_repeat(400, 40)

    # ------------------------------------------------------------------ window

    def _set_mode(self, size: tuple[int, int], fullscreen: bool) -> pygame.Surface:
        self.fullscreen = fullscreen
        if fullscreen and os.environ.get("SDL_VIDEODRIVER") != "dummy":
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        return pygame.display.set_mode(size, pygame.RESIZABLE)

    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    def set_size(self, size: tuple[int, int]) -> None:
        """Resize the window (clamped to 1024x600 .. 2560x1440) and tell every scene."""
        self.windowed_size = _clamp_size(size)
        self.screen = self._set_mode(self.windowed_size, False)
        self._resized()

    def toggle_fullscreen(self) -> None:
        """F11: between a resizable window and fullscreen."""
        self.screen = self._set_mode(self.windowed_size, not self.fullscreen)
        self._resized()

    def _resized(self) -> None:
        self.full_redraw = True
        for scene in self.scenes:
            scene.resize(self.size)

    # ------------------------------------------------------------------ scenes

    @property
    def scene(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def repaint(self) -> None:
        """Draw the whole window again at the next frame (a scene's overlay changed)."""
        self.full_redraw = True

    def push(self, scene: SceneT) -> SceneT:
        """Put ``scene`` on top; it gets ``resize`` then ``enter``. Returns it."""
        if self.scenes:
            self.scenes[-1].leave()
        scene.app = self
        self.scenes.append(scene)
        scene.resize(self.size)
        scene.enter()
        self.full_redraw = True
        return scene

    def pop(self, scene: Scene | None = None) -> Scene | None:
        """Remove the top scene (or ``scene`` wherever it is); the loop ends with the last."""
        if not self.scenes:
            return None
        if scene is None:
            scene = self.scenes[-1]
        if scene not in self.scenes:
            return None
        top = scene is self.scenes[-1]
        if top:
            scene.leave()
        self.scenes.remove(scene)
        scene.close()
        if top and self.scenes:
            self.scenes[-1].enter()
        if not self.scenes:
            self.running = False
        self.full_redraw = True
        return scene

    def pop_from(self, scene: Scene) -> None:
        """Remove ``scene`` and every scene above it, ``scene`` first: only the last
        pop is of the top, so no scene between is entered on the way."""
        if scene in self.scenes:
            for gone in self.scenes[self.scenes.index(scene) :]:
                self.pop(gone)

    def replace(self, scene: SceneT) -> SceneT:
        """Swap the top scene for ``scene``; returns it."""
        if self.scenes:
            old = self.scenes.pop()
            old.leave()
            old.close()
        return self.push(scene)

    # ------------------------------------------------------------------ loop

    def _dispatch(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            if self.on_quit is None or self.on_quit():
                self.running = False
            return
        if event.type == pygame.VIDEORESIZE and not self.fullscreen:
            want = _clamp_size(event.size)
            shown = pygame.display.get_surface() if want == tuple(event.size) else None
            # the window's own surface at the size it took; a new one if it is out of bounds
            self.screen = shown if shown is not None else self._set_mode(want, False)
            self.windowed_size = want
            self._resized()
            return
        if event.type == pygame.WINDOWEXPOSED:
            self.full_redraw = True
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            # Key repeat posts KEYDOWN again while F11 is held: toggling on each one
            # recreated the window several times a second. Only a new press toggles.
            if pygame.K_F11 not in self._held:
                self._held.add(pygame.K_F11)
                self.toggle_fullscreen()
            return
        if event.type == pygame.KEYUP and event.key == pygame.K_F11:
            self._held.discard(pygame.K_F11)
            return
        if event.type == pygame.WINDOWFOCUSLOST:
            self._held.clear()  # its key-up may go to another window
        if self.scene is not None:
            self.scene.handle_event(event)

    def _idle_timeout(self) -> int:
        scene = self.scene
        if scene is None:
            return IDLE_WAIT_MS
        if scene.animating():
            return 0
        wake = scene.wake_in()
        if wake is None:
            return IDLE_WAIT_MS
        return max(0, min(IDLE_WAIT_MS, int(wake * 1000)))

    def _sleep_until_event(self, seconds: float) -> None:
        """Sleep until an event arrives or ``seconds`` pass.

        ``pygame.event.wait`` would do, but SDL polls inside it every millisecond
        (~3.5% of a core); short sleeps between peeks cost a tenth of that and add at
        most IDLE_SLICE of latency to the first event.
        """
        deadline = time.perf_counter() + seconds
        while not pygame.event.peek():
            left = deadline - time.perf_counter()
            if left <= 0:
                return
            time.sleep(min(IDLE_SLICE, left))

    def step(self, block: bool = False) -> None:
        """One loop iteration: events, update, draw. ``block`` sleeps while idle."""
        if block:
            timeout = self._idle_timeout()
            if timeout > 0:
                self._sleep_until_event(timeout / 1000)
        for event in pygame.event.get():
            self._dispatch(event)
            if not self.running:
                return
        if xwindow.window_lost():
            self.running = False  # nothing left to draw on or to ask: quit as on close
            return
        now = self.now()
        dt = max(0.0, min(0.1, now - self._last))  # a clock set by hand may go back
        self._last = now
        scene = self.scene
        if scene is None:
            self.running = False
            return
        scene.update(dt)
        self.draw()
        if block and (scene.animating() or self._idle_timeout() == 0):
            self.clock.tick(FPS)

    def draw(self) -> None:
        """Draw the visible scenes; push only the changed rectangles to the screen."""
        if not self.scenes:
            return
        t0 = time.perf_counter()
        first = len(self.scenes) - 1
        while first > 0 and not self.scenes[first].opaque:
            first -= 1
        rects: list[pygame.Rect] | None = []
        full = self.full_redraw or first != len(self.scenes) - 1
        for scene in self.scenes[first:]:
            got = scene.draw(self.screen)
            if got is None:
                full = True
            elif rects is not None:
                rects.extend(got)
        self.full_redraw = False
        if full:
            pygame.display.flip()
        elif rects:
            pygame.display.update(rects)
        self.frames += 1
        self.last_frame_ms = (time.perf_counter() - t0) * 1000

    def run_frames(self, count: int) -> None:
        """Run ``count`` iterations without sleeping (for tests and benches)."""
        for _ in range(count):
            if not self.running:
                return
            self.step(block=False)

    def run_until(self, condition: Callable[[], bool], max_frames: int = 10_000) -> bool:
        """Step until ``condition()`` holds; False if it never did within ``max_frames``."""
        for _ in range(max_frames):
            if condition():
                return True
            if not self.running:
                return condition()
            self.step(block=False)
        return condition()

    def run(self) -> None:
        """The main loop, until the window closes or the last scene is popped."""
        self.running = True
        try:
            while self.running and self.scenes:
                self.step(block=True)
        finally:
            self.close()

    def close(self) -> None:
        """Close every scene, top first (their work stops); the window stays."""
        while self.scenes:
            scene = self.scenes.pop()
            scene.close()


def _clamp_size(size: tuple[int, int]) -> tuple[int, int]:
    w, h = int(size[0]), int(size[1])
    return (
        max(MIN_SIZE[0], min(MAX_SIZE[0], w)),
        max(MIN_SIZE[1], min(MAX_SIZE[1], h)),
    )
