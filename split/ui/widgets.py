"""Small drawing helpers shared by the screens: buttons, panels, text lines."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import pygame

from . import typeset

Colour = tuple[int, int, int] | tuple[int, int, int, int]  # RGB, or RGBA for panels

INK = (240, 240, 232)
DIM = (180, 190, 180)
GOLD = (245, 205, 80)
ERROR = (255, 140, 120)
PANEL = (10, 40, 26, 200)
BUTTON = (32, 70, 50)
BUTTON_HOT = (60, 120, 80)
BUTTON_OFF = (40, 50, 45)


@dataclass
class Button:
    """A clickable labelled rectangle. ``key`` is the shortcut shown after the label."""

    name: str
    label: str
    rect: pygame.Rect
    enabled: bool = True
    key: str = ""
    hot: bool = False

    def draw(self, surface: pygame.Surface, focused: bool = False) -> None:
        col = BUTTON_HOT if self.hot else (BUTTON if self.enabled else BUTTON_OFF)
        pygame.draw.rect(surface, col, self.rect, border_radius=6)
        pygame.draw.rect(
            surface, GOLD if focused else (120, 160, 130), self.rect, 2, border_radius=6
        )
        text = f"{self.label} ({self.key})" if self.key else self.label
        size = max(12, int(self.rect.height * 0.45))
        surf = typeset.fit(text, size, self.rect.width - 8, INK if self.enabled else DIM)
        surface.blit(surf, surf.get_rect(center=self.rect.center))


def panel(
    surface: pygame.Surface, rect: pygame.Rect, colour: Colour = PANEL, radius: int = 10
) -> None:
    """A translucent dark panel (an alpha surface, made once per size and colour)."""
    make = _panel if rect.width * rect.height <= PANEL_CACHED_AREA else _panel.__wrapped__
    surface.blit(make(rect.size, colour, radius), rect.topleft)


# A table's panels come in a few sizes per window size: the static layer, rebuilt
# whenever the table changes, no longer allocates and fills each of them anew. Panels
# as large as a window (the hot-seat cover) are made when drawn, so the cache stays
# small whatever sizes the window goes through.
PANEL_CACHED_AREA = 600_000  # pixels: the side panel at 1920x1080 is 435,240


@lru_cache(maxsize=24)  # 24 panels of at most 600,000 pixels: under 60 MB
def _panel(size: tuple[int, int], colour: Colour, radius: int) -> pygame.Surface:
    tmp = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(tmp, colour, tmp.get_rect(), border_radius=radius)
    return tmp


def text(
    surface: pygame.Surface,
    words: str,
    pos: tuple[int, int],
    size: int,
    colour: Colour = INK,
    bold: bool = False,
    width: int | None = None,
    anchor: str = "topleft",
) -> pygame.Rect:
    """Draw one line of text (fitted into ``width`` if given); returns its rectangle."""
    surf = (
        typeset.fit(words, size, width, colour, bold)
        if width
        else typeset.render(words, size, colour, bold)
    )
    r = surf.get_rect(**{anchor: pos})
    surface.blit(surf, r)
    return r


def mirror(rect: pygame.Rect, within: pygame.Rect) -> pygame.Rect:
    """``rect`` reflected left to right inside ``within`` when the language reads right
    to left; ``rect`` itself otherwise. Layouts are written left to right and mirrored
    here, so the first thing in reading order sits on the right in Persian."""
    if not typeset.is_rtl():
        return rect
    return pygame.Rect(within.left + within.right - rect.right, rect.top, rect.width, rect.height)


def mirror_x(x: float, width: float, within: pygame.Rect) -> int:
    """The left edge of a ``width``-wide thing at ``x``, mirrored like :func:`mirror`."""
    if not typeset.is_rtl():
        return int(x)
    return int(within.left + within.right - x - width)


def line(
    surface: pygame.Surface,
    words: str,
    box: pygame.Rect,
    y: int,
    size: int,
    colour: Colour = INK,
    bold: bool = False,
    pad: int = 0,
    end: bool = False,
) -> pygame.Rect:
    """One line of text across ``box`` at height ``y``, fitted between its paddings.

    It starts on the reading side of the box (the left, the right in right-to-left
    languages), or ends on the other side with ``end`` (a score opposite a name)."""
    at_right = typeset.is_rtl() != end
    x = box.right - pad if at_right else box.left + pad
    width = max(1, box.width - 2 * pad)
    anchor = "topright" if at_right else "topleft"
    return text(surface, words, (x, y), size, colour, bold, width, anchor=anchor)


def paragraph(
    surface: pygame.Surface, words: str, rect: pygame.Rect, size: int, colour: Colour = INK
) -> int:
    """Draw wrapped text inside ``rect``; returns the y below the last line."""
    y = rect.top
    rtl = typeset.is_rtl()
    for line in typeset.wrap(words, size, rect.width):
        if y + size > rect.bottom:
            break
        surf = typeset.render(line, size, colour)
        # Lines start on the reading side: the right edge in right-to-left languages.
        surface.blit(surf, (rect.right - surf.get_width() if rtl else rect.left, y))
        y += int(size * 1.3)
    return y
