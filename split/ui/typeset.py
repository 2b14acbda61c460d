"""Text for the screens: translated strings and cached text surfaces.

Every player-visible string goes through :func:`_` (``split.i18n``). Text is
shaped by :mod:`split.ui.text` (the right font, script and direction for the
current language). Surfaces are cached by (text, size, colour, bold, language), so
a frame that shows the same words costs nothing to typeset, and a language switch
never shows stale text.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache

import pygame

from split.i18n import _, current_language, is_rtl, localize_digits, ngettext
from split.ui import text as shaping

Color = tuple[int, int, int] | tuple[int, int, int, int]  # RGB, or RGBA


@lru_cache(maxsize=4096)
def _render(text: str, size: int, color: tuple[int, ...], bold: bool, lang: str) -> pygame.Surface:
    # Numbers in a Persian screen are written in Persian digits (card faces are not text).
    return shaping.render_text(localize_digits(text, lang), size, color, bold=bold, lang=lang)


def render(
    text: str,
    size: int,
    color: Color = (255, 255, 255),
    bold: bool = False,
    lang: str | None = None,
) -> pygame.Surface:
    """``text`` as an anti-aliased surface with a transparent background (cached), set
    as ``lang`` (default: the current language) writes it."""
    return _render(text, size, tuple(color), bold, lang or current_language())


@lru_cache(maxsize=512)
def symbol(text: str, size: int, color: Color, bold: bool = False) -> pygame.Surface:
    """Card ranks and suit signs, in the font that has them (cached)."""
    return shaping.render_symbol(text, size, color, bold)


@lru_cache(maxsize=1024)
def _fit(
    text: str, size: int, width: int, color: tuple[int, ...], bold: bool, lang: str
) -> pygame.Surface:
    # Down to 70% of the size (at least 9 pt), then cut between clusters with an ellipsis.
    smallest = min(size, math.floor(max(9, size * 0.7)))
    return shaping.fit_text(localize_digits(text, lang), width, size, color, bold, lang, smallest)


def fit(
    text: str, size: int, width: int, color: Color = (255, 255, 255), bold: bool = False
) -> pygame.Surface:
    """``text`` rendered no wider than ``width``: smaller first, then cut with an ellipsis
    (never inside a cluster: a Telugu vowel sign stays with its consonant). Cached."""
    return _fit(text, size, width, tuple(color), bold, current_language())


def wrap(
    text: str, size: int, width: int, bold: bool = False, lang: str | None = None
) -> list[str]:
    """Break ``text`` into lines no wider than ``width`` pixels, in ``lang`` (default:
    the current language; cached: the log wraps the same entries on every redraw)."""
    return list(_wrap(text, size, width, bold, lang or current_language()))


def newest_lines(entries: Sequence[str], size: int, width: int, room: int) -> list[str]:
    """The newest of ``entries`` (oldest first) that fit ``room`` lines whole when each
    is wrapped to ``width`` (a log's foot), in reading order."""
    lines: list[str] = []
    for entry in reversed(entries):
        wrapped = wrap(entry, size, width)
        if len(lines) + len(wrapped) > room:
            break
        lines[:0] = wrapped
    return lines


@lru_cache(maxsize=2048)
def _wrap(text: str, size: int, width: int, bold: bool, lang: str) -> tuple[str, ...]:
    return tuple(shaping.wrap_text(text, width, size, lang, bold))


__all__ = ["_", "ngettext", "is_rtl", "render", "symbol", "fit", "wrap", "newest_lines"]
