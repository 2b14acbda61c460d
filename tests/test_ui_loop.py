"""The scene framework: stack, dispatch, idle sleeping, resize and fullscreen."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import time  # noqa: E402

import pygame  # noqa: E402

from split.ui.loop import App, Scene  # noqa: E402

pygame.init()


class Probe(Scene):
    def __init__(self, moving=False):
        self.log: list[str] = []
        self.moving = moving
        self.sizes: list[tuple[int, int]] = []

    def enter(self):
        self.log.append("enter")

    def leave(self):
        self.log.append("leave")

    def resize(self, size):
        self.sizes.append(size)

    def handle_event(self, event):
        self.log.append(pygame.event.event_name(event.type))

    def update(self, dt):
        self.log.append("update")

    def draw(self, surface):
        surface.fill((0, 80, 0))
        return []

    def animating(self):
        return self.moving


def test_push_pop_replace_and_dispatch():
    app = App((1024, 600))
    a, b, c = Probe(), Probe(), Probe()
    app.push(a)
    app.push(b)
    assert a.log == ["enter", "leave"] and b.log == ["enter"]
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(5, 5), button=1))
    app.step()
    assert "MouseButtonDown" in b.log and "MouseButtonDown" not in a.log
    app.replace(c)
    assert app.scenes == [a, c] and b.log[-1] == "leave"
    app.pop()
    assert app.scene is a and a.log[-1] == "enter"
    app.pop()
    assert not app.running


def test_run_frames_and_run_until():
    app = App((1024, 600))
    p = app.push(Probe())
    app.run_frames(5)
    assert p.log.count("update") == 5
    assert app.run_until(lambda: p.log.count("update") >= 8)


def test_idle_loop_sleeps():
    app = App((1024, 600))
    app.push(Probe())
    app.step()
    c0, w0, f0 = time.process_time(), time.perf_counter(), app.frames
    while time.perf_counter() - w0 < 1.5:
        app.step(block=True)
    cpu = (time.process_time() - c0) / (time.perf_counter() - w0)
    assert app.frames - f0 <= 3, "an idle scene is not redrawn"
    assert cpu < 0.03, f"idle CPU {cpu:.1%}"


def test_animating_scene_runs_at_display_rate():
    app = App((1024, 600))
    app.push(Probe(moving=True))
    w0, f0 = time.perf_counter(), app.frames
    while time.perf_counter() - w0 < 0.25:
        app.step(block=True)
    assert app.frames - f0 >= 8


def test_resize_and_fullscreen_toggle():
    app = App((1280, 720))
    p = app.push(Probe())
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(1500, 900), w=1500, h=900))
    app.step()
    assert p.sizes[-1] == app.size
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode=""))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_F11, mod=0, unicode=""))
    app.step()
    assert app.fullscreen
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode=""))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_F11, mod=0, unicode=""))
    app.step()
    assert not app.fullscreen


def test_a_held_f11_toggles_once_not_on_every_key_repeat():
    app = App((1280, 720))
    app.push(Probe())
    toggles = []
    real = app.toggle_fullscreen
    app.toggle_fullscreen = lambda: (toggles.append(1), real())
    for _ in range(6):  # a press, then key repeat's copies while it stays down
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode=""))
        app.step()
    assert len(toggles) == 1 and app.fullscreen
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_F11, mod=0, unicode=""))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode=""))
    app.step()
    assert len(toggles) == 2 and not app.fullscreen
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_F11, mod=0, unicode=""))
    app.step()


def test_quit_hook_can_keep_the_window_open():
    app = App((1024, 600))
    app.push(Probe())
    app.on_quit = lambda: False
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.step()
    assert app.running
    app.on_quit = None
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.step()
    assert not app.running
