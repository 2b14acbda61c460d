"""Fixtures shared by the screen tests."""

from __future__ import annotations

import pytest


@pytest.fixture
def app(tmp_path, monkeypatch):
    """The whole app at 1024x600 (the smallest window) with its own data directory;
    English again afterwards, whatever language the test chose."""
    from app_driver import start

    from split import i18n

    monkeypatch.setenv("SPLIT_DATA_DIR", str(tmp_path))
    app, ctx = start(seed=1, size=(1024, 600))
    try:
        yield app, ctx
    finally:
        i18n.set_language("en")
