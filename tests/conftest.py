"""Fixtures shared by the screen tests."""

from __future__ import annotations

import threading

import pytest


@pytest.fixture
def app(data):
    """The whole app at 1024x600 (the smallest window) with its own data directory;
    English again afterwards, whatever language the test chose (``data``)."""
    from app_driver import start

    return start(seed=1, size=(1024, 600))


@pytest.fixture
def data(tmp_path, monkeypatch):
    """A data folder of the test's own (settings, saves, statistics), pygame started,
    and English again afterwards. A module uses it for every test with
    ``pytestmark = pytest.mark.usefixtures("data")``."""
    import pygame

    from split import i18n

    monkeypatch.setenv("SPLIT_DATA_DIR", str(tmp_path))
    pygame.init()
    yield tmp_path
    i18n.set_language("en")


@pytest.fixture(params=["en", "fa"])
def lang(request):
    """Left to right and right to left (Persian mirrors the table); English again
    afterwards. A test module may define its own ``lang`` (other languages)."""
    from split import i18n

    i18n.set_language(request.param)
    yield request.param
    i18n.set_language("en")


@pytest.fixture(autouse=True)
def _close_apps(monkeypatch):
    """Every App a test made is closed after it, as the window closing closes it in
    play: its scenes stop their work (the expert's reviews, network connections), and
    a hint or review being weighed is waited for, so nothing a test started keeps
    running into the next one (an idle loop's CPU is measured there)."""
    from split.ui.loop import App

    made: list[App] = []
    real = App.__init__

    def init(self, *args, **kwargs):
        real(self, *args, **kwargs)
        made.append(self)

    monkeypatch.setattr(App, "__init__", init)
    yield
    for app in made:
        app.close()
    for thread in threading.enumerate():  # a hint or review under way ends in its cap
        if thread.name in ("split-hint", "split-coach"):
            thread.join(30)


@pytest.fixture(autouse=True)
def quick_judge(request, monkeypatch):
    """The expert that judges hints and reviews (H, and each move of yours) weighs 2
    worlds, not 24: the same code on a smaller budget, for every test but those marked
    ``full_judge``, which read the advice itself. The others watch the table, not the
    advice, and the reviews of each move, weighed on another thread while the test
    plays on, were an eighth of the quick suite's CPU (and a quarter of a monkey's
    time, two thirds of a long table fuzz's)."""
    if request.node.get_closest_marker("full_judge") is not None:
        return
    from split.bots import hints
    from split.ui.table import coach

    monkeypatch.setattr(hints, "JUDGE_WORLDS", 2)
    monkeypatch.setattr(coach, "JUDGE_WORLDS", 2)
