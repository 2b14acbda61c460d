"""The cards as drawn: court portraits and aces, crisp at each size, shadows, the felt."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from split.engine.cards import parse_card  # noqa: E402
from split.ui import cards, courts  # noqa: E402


@pytest.fixture(autouse=True, scope="module")
def display():
    pygame.init()
    pygame.display.set_mode((64, 64))
    yield


def _count(surf: pygame.Surface, rect: pygame.Rect, colour, tol: int = 12) -> int:
    """Pixels of ``rect`` within ``tol`` of ``colour``."""
    n = 0
    for y in range(rect.top, rect.bottom, 2):
        for x in range(rect.left, rect.right, 2):
            c = surf.get_at((x, y))
            if all(abs(c[i] - colour[i]) <= tol for i in range(3)):
                n += 1
    return n


@pytest.mark.parametrize("name", ["JS", "QH", "KC", "KD"])
def test_court_cards_show_a_portrait_on_each_half(name):
    """Issue 13: J, Q and K have drawn court figures, not a big suit sign: the picture
    area holds the frame's cream and a face's skin on both the left and right half."""
    art = cards.CardArt(180)
    frame = courts.frame_rect(2 * art.w, art.h)
    for left in (True, False):
        half = art.half(parse_card(name), left)
        box = frame.clip(pygame.Rect(0 if left else art.w, 0, art.w, art.h)).move(
            0 if left else -art.w, 0
        )
        assert _count(half, box, courts.CREAM) > 40, "no framed portrait"
        assert _count(half, box, courts.SKIN) > 10, "no face"


def test_number_cards_keep_their_big_pip_and_aces_get_a_ring():
    art = cards.CardArt(180)
    frame = courts.frame_rect(2 * art.w, art.h).clip(pygame.Rect(0, 0, art.w, art.h))
    ten = art.half(parse_card("10C"))
    assert _count(ten, frame, courts.CREAM) == 0 and _count(ten, frame, courts.SKIN) == 0
    ace = art.half(parse_card("AS"))
    assert _count(ace, frame, courts.GOLD, 30) > 10, "the ace's gold ring"


def test_a_perfect_match_puts_the_whole_portrait_together():
    """R3.1: a perfect match is two identical halves, so the two halves of the king make
    the whole picture: the match's left and right halves are the card's two halves."""
    art = cards.CardArt(150)
    k = parse_card("KH")
    match = art.match(k, k)
    whole = courts.court_picture("K", "\u2665", cards.colour_of(k), (2 * art.w, art.h))
    frame = courts.frame_rect(2 * art.w, art.h).inflate(-8, -8)
    for x in range(frame.left, frame.right, 5):
        if abs(x - art.w) <= 3:  # the seam is drawn over
            continue
        for y in range(frame.top, frame.bottom, 5):
            if y > art.h * 0.7:  # the badge naming the match type
                continue
            a, b = match.get_at((x, y)), whole.get_at((x, y))
            if b.a == 255:
                assert tuple(a)[:3] == tuple(b)[:3], (x, y)


def test_pictures_are_drawn_for_each_card_height_not_scaled_up():
    """Crisp at every window size: a new card height draws its pictures at that size
    (one picture per size), it never scales up a smaller drawing."""
    courts.court_picture.cache_clear()
    calls = []
    real = pygame.transform.smoothscale

    def record(surface, size, *args):
        calls.append((surface.get_size(), tuple(size)))
        return real(surface, size, *args)

    pygame.transform.smoothscale = record
    try:
        for h in (90, 200):
            cards.CardArt(h).half(parse_card("QS"))
    finally:
        pygame.transform.smoothscale = real
    assert courts.court_picture.cache_info().currsize == 2
    for src, dst in calls:
        assert src[0] >= dst[0] and src[1] >= dst[1], f"scaled up from {src} to {dst}"
    sizes = {dst for _src, dst in calls}
    assert (2 * cards.CardArt(90).w, 90) in sizes and (2 * cards.CardArt(200).w, 200) in sizes


def test_shadows_fall_down_right_and_longer_when_lifted():
    image = pygame.Surface((40, 100), pygame.SRCALPHA)
    image.fill((255, 255, 255, 255))
    flat = cards.shadow_offset(100)
    lifted = cards.shadow_offset(100, lifted=True)
    assert flat[0] > 0 and flat[1] > 0 and lifted[1] > flat[1]
    table = pygame.Surface((200, 200))
    table.fill((0, 120, 0))
    touched = cards.blit_with_shadow(table, image, (50, 50), 4, lifted=True)
    assert touched.contains(pygame.Rect(50, 50, 40, 100))
    below = table.get_at((70, 150 + lifted[1] // 2))
    assert below.g < 120, "the shadow darkens the felt under the card"


def test_the_felt_is_built_once_per_size_with_light_falling_off():
    cards.felt.cache_clear()
    a = cards.felt((640, 360))
    assert cards.felt((640, 360)) is a
    centre = a.get_at((320, 150))
    corner = a.get_at((4, 356))
    assert sum(centre[:3]) > sum(corner[:3]) + 40, "lighter under the lamp than at the rim"
