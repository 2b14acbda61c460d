"""Drive the whole app (menu, screens, table) with posted events, headless."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from split.app.main import create_app  # noqa: E402


def start(seed=None, size=(1280, 720)):
    """A fresh App on the main menu (settings and saves from SPLIT_DATA_DIR)."""
    app, ctx = create_app(size, seed=seed, sound=False)
    app.run_frames(2)
    return app, ctx


def post(kind, **kw) -> None:
    pygame.event.post(pygame.event.Event(kind, **kw))


def key(app, k, mod=0, frames=2) -> None:
    post(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)
    post(pygame.KEYUP, key=k, mod=mod, unicode="", scancode=0)
    app.run_frames(frames)


def button(app, name):
    """The laid-out button ``name`` of the top scene."""
    app.run_frames(1)
    scene = app.scene
    for b in scene.buttons:
        if b.name == name:
            return b
    raise AssertionError(f"no button {name!r} on {type(scene).__name__}")


def click_button(app, name, frames=2) -> None:
    """Move the mouse onto the button, press and release it."""
    pos = button(app, name).rect.center
    post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    app.run_frames(frames)


def new_game(app):
    """Main menu -> New game (mouse) -> Start (keyboard): the table of the kept game."""
    from split.ui.menu.game import kept_game
    from split.ui.menu.setup import SetupScene

    click_button(app, "new")
    assert isinstance(app.scene, SetupScene)
    key(app, pygame.K_TAB, pygame.KMOD_SHIFT)  # the focus wraps to Start
    assert app.scene.buttons[app.scene.focus].name == "start"
    key(app, pygame.K_RETURN)
    table = app.scene
    assert kept_game(table) is not None
    return table
