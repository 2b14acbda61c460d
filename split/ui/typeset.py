"""Text for the table: translated strings and cached text surfaces.

Every player-visible string goes through :func:`_` (``split.app.i18n`` when present).
Text is rendered by ``split.ui.text.render_text`` when that module exists (shaping,
fallback fonts for every language) and otherwise by pygame's font module with the
shipped Noto/DejaVu fonts. Surfaces are cached by (text, size, colour, bold), so a
frame that shows the same words costs nothing to typeset.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from split.resources import asset_path

try:
    from split.app.i18n import _, ngettext
except ImportError:  # the app layer may be absent

    def _(message: str) -> str:
        return message

    def ngettext(singular: str, plural: str, n: int) -> str:
        return singular if n == 1 else plural


try:
    from split.app.i18n import is_rtl
except ImportError:

    def is_rtl(lang: str | None = None) -> bool:
        return False


try:
    from split.ui import text as _shaper
except ImportError:
    _shaper = None

Color = tuple[int, int, int]

_FONT_FILES = {False: "fonts/NotoSans-Regular.ttf", True: "fonts/NotoSans-Bold.ttf"}
_SYMBOL_FONT = "fonts/DejaVuSans.ttf"


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False, symbols: bool = False) -> pygame.font.Font:
    """A pygame font of ``size`` pixels; ``symbols`` picks one with the suit signs."""
    if not pygame.font.get_init():
        pygame.font.init()
    path = asset_path(_SYMBOL_FONT if symbols else _FONT_FILES[bold])
    try:
        f = pygame.font.Font(str(path), max(6, size))
    except (OSError, FileNotFoundError):
        f = pygame.font.Font(None, max(6, int(size * 1.3)))
    if symbols and bold:
        f.set_bold(True)
    return f


def _render_fallback(text: str, size: int, color: Color, bold: bool) -> pygame.Surface:
    return font(size, bold).render(text, True, color)


@lru_cache(maxsize=4096)
def render(
    text: str, size: int, color: Color = (255, 255, 255), bold: bool = False
) -> pygame.Surface:
    """``text`` as an anti-aliased surface with a transparent background (cached)."""
    if _shaper is not None and hasattr(_shaper, "render_text"):
        try:
            surf = _shaper.render_text(text, size, color, bold=bold)
            if isinstance(surf, pygame.Surface):
                return surf
        except Exception:  # noqa: BLE001 - a shaping failure must never stop the table
            pass
    return _render_fallback(text, size, color, bold)


@lru_cache(maxsize=512)
def symbol(text: str, size: int, color: Color, bold: bool = False) -> pygame.Surface:
    """Card ranks and suit signs, in the font that has them (cached)."""
    return font(size, bold, symbols=True).render(text, True, color)


def fit(
    text: str, size: int, width: int, color: Color = (255, 255, 255), bold: bool = False
) -> pygame.Surface:
    """``text`` rendered no wider than ``width``: smaller first, then cut with an ellipsis."""
    surf = render(text, size, color, bold)
    s = size
    while surf.get_width() > width and s > max(9, size * 0.7):
        s -= 1
        surf = render(text, s, color, bold)
    if surf.get_width() <= width:
        return surf
    cut = text
    while len(cut) > 1:
        cut = cut[:-1]
        surf = render(cut + "\u2026", s, color, bold)
        if surf.get_width() <= width:
            return surf
    return surf


def wrap(text: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Break ``text`` into lines no wider than ``width`` pixels (at word boundaries)."""
    f = font(size, bold)
    lines: list[str] = []
    for para in text.split("\n"):
        line = ""
        for word in para.split(" "):
            trial = f"{line} {word}" if line else word
            if f.size(trial)[0] <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


__all__ = ["_", "ngettext", "is_rtl", "font", "render", "symbol", "fit", "wrap"]
