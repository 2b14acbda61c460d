"""A gentler first game (issue 28 item 6): the new-game screen says what each strength
is like, and the tutorial played to its end leads to a game against normal bots."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402
from app_driver import click_button, start  # noqa: E402
from ui_driver import play_the_lesson, settle  # noqa: E402

from split import i18n  # noqa: E402
from split.app.settings import SeatChoice  # noqa: E402
from split.ui import typeset  # noqa: E402
from split.ui.menu.game import kept_game  # noqa: E402
from split.ui.menu.main import MainMenu  # noqa: E402
from split.ui.menu.setup import STRENGTHS, SetupScene, first_game_seats  # noqa: E402
from split.ui.screens import KINDS  # noqa: E402
from split.ui.tutorial import lesson_of  # noqa: E402

pytestmark = pytest.mark.usefixtures("data")  # a data folder of its own (conftest)


class Painted:
    """Every line of text drawn (its words and where), through typeset.render."""

    def __init__(self, monkeypatch) -> None:
        self.seen: list[tuple[str, pygame.Rect]] = []
        real = typeset.render

        def render(text, *args, **kwargs):
            surf = real(text, *args, **kwargs)
            self.seen.append((text, surf.get_rect()))
            return surf

        monkeypatch.setattr(typeset, "render", render)

    def words(self) -> str:
        return " ".join(w for w, _r in self.seen)


def test_every_strength_has_its_words_in_every_language():
    assert set(STRENGTHS) == set(KINDS)
    for lang in i18n.LANGUAGES:
        i18n.set_language(lang)
        for kind, words in STRENGTHS.items():
            said = i18n._(words)
            assert said.strip(), (lang, kind)
            if lang != "en":
                assert said != words, f"{kind} is not translated in {lang}"


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_the_new_game_screen_says_what_each_strength_is_like(monkeypatch, lang):
    """Clicking a seat's strength changes the words beside it to that strength's."""
    app, ctx = start(size=(1280, 720))
    ctx.change(language=lang)
    click_button(app, "new")
    scene = app.scene
    assert isinstance(scene, SetupScene)
    painted = Painted(monkeypatch)
    scene.dirty = True
    app.run_frames(2)
    said = painted.words()
    assert i18n._(STRENGTHS["human"]).split()[0] in said
    assert i18n._(STRENGTHS["normal"]).split()[0] in said
    before = scene.seats[1].kind
    click_button(app, "kind1")  # normal -> hard
    after = scene.seats[1].kind
    assert after != before
    painted.seen.clear()
    scene.dirty = True
    app.run_frames(2)
    first = i18n._(STRENGTHS[after]).split()[0]
    lines = [r for w, r in painted.seen if w.split() and w.split()[0] == first]
    assert lines, "the new strength's words are drawn"


def test_the_new_game_screen_shows_each_seats_portrait_with_its_strength(monkeypatch):
    """Each seat's row starts with the portrait the table's boards use: drawn from the
    seat's name, its pips from the strength chosen (a click changes them)."""
    from split.ui import portraits

    app, _ctx = start(size=(1280, 720))
    click_button(app, "new")
    scene = app.scene
    drawn: list[tuple[str, str, pygame.Rect]] = []
    real = portraits.portrait

    def record(name, size, kind="human"):
        drawn.append((name, kind, pygame.Rect(0, 0, size, size)))
        return real(name, size, kind)

    monkeypatch.setattr(portraits, "portrait", record)
    scene.dirty = True
    app.run_frames(2)
    assert [(n, k) for n, k, _r in drawn] == [(s.name, s.kind) for s in scene.seats]
    drawn.clear()
    click_button(app, "kind1")
    scene.dirty = True
    app.run_frames(2)
    assert (scene.seats[1].name, scene.seats[1].kind) in [(n, k) for n, k, _r in drawn]
    face = real(scene.seats[1].name, drawn[1][2].height, scene.seats[1].kind)
    assert face.get_width() == next(b for b in scene.buttons if b.name == "name1").rect.height


def test_the_first_game_after_the_tutorial_has_normal_bots(data):
    """The tutorial played to its end (Finish) opens the new-game screen with the
    default players, every bot at normal strength, whatever the defaults were; Start
    seats them so."""
    app, ctx = start()
    ctx.change(
        speed="instant",
        seats=(
            SeatChoice("You", "human"),
            SeatChoice("Ada", "expert"),
            SeatChoice("Bo", "random"),
        ),
    )
    click_button(app, "learn")
    table = app.scene
    play_the_lesson(app, table)
    settle(app, table)
    app.run_frames(5)
    pos = lesson_of(table).skip_button.rect.center
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=pos, button=1))
    app.run_frames(3)
    scene = app.scene
    assert isinstance(scene, SetupScene) and isinstance(app.scenes[0], MainMenu)
    assert [(s.name, s.kind) for s in scene.seats] == [
        ("You", "human"),
        ("Ada", "normal"),
        ("Bo", "normal"),
    ]
    click_button(app, "start", frames=3)
    assert kept_game(app.scene) is not None
    assert app.scene.kinds == ["human", "normal", "normal"]


def test_first_game_seats_keep_humans_and_names():
    seats = [SeatChoice("Me", "human"), SeatChoice("Kim", "human"), SeatChoice("Bot", "easy")]
    assert [(s.name, s.kind) for s in first_game_seats(seats)] == [
        ("Me", "human"),
        ("Kim", "human"),
        ("Bot", "normal"),
    ]
