"""The seats' portraits: one face per name, the same every time, round, at any size."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from split.ui import portraits  # noqa: E402
from split.ui.screens import DEFAULT_NAMES  # noqa: E402


@pytest.fixture(autouse=True, scope="module")
def display():
    pygame.init()
    pygame.display.set_mode((64, 64))
    yield


def _pixels(surf: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surf, "RGBA")


@pytest.mark.parametrize("size", [48, 64, 96])
def test_a_portrait_is_round_and_the_size_asked(size):
    image = portraits.portrait("Ada", size, "normal")
    assert image.get_size() == (size, size)
    assert image.get_at((0, 0)).a == 0 and image.get_at((size - 1, size - 1)).a == 0
    assert image.get_at((size // 2, size // 2)).a >= 250
    # a face: skin in the middle of the portrait
    skin = portraits.SKINS[portraits.traits("Ada")["skin"]]
    c = image.get_at((size // 2, int(size * 0.5)))
    assert sum(abs(c[i] - skin[i]) for i in range(3)) < 40


def test_the_same_name_gives_the_same_face_every_time():
    """Deterministic: drawn again from nothing (the cache emptied), the pixels are the
    same; the traits come from a CRC of the name, not Python's salted hash."""
    first = _pixels(portraits.portrait("Bo", 64, "easy"))
    portraits.portrait.cache_clear()
    assert _pixels(portraits.portrait("Bo", 64, "easy")) == first
    assert portraits.traits("Bo") == portraits.traits(" bo ")
    # pinned: a CRC is the same on every machine and every run
    assert portraits.traits("Bo") == {
        "ground": 3,
        "skin": 4,
        "hair": 5,
        "clothes": 2,
        "style": 0,
        "touch": 1,
    }


def test_every_default_seat_has_its_own_face():
    """The six default players (and a few more names) are told apart at a glance."""
    names = [*DEFAULT_NAMES, "Player 1", "Player 2", "Mina", "Ravi"]
    images = {_pixels(portraits.portrait(n, 64)) for n in names}
    assert len(images) == len(names)
    looks = {tuple(sorted(portraits.traits(n).items())) for n in DEFAULT_NAMES}
    assert len(looks) == len(DEFAULT_NAMES)


def test_a_bots_strength_shows_as_pips_and_a_human_has_none():
    """Easy one pip, normal two, hard three, expert four, in gold on the collar: the same
    face otherwise."""
    size = 96
    row = pygame.Rect(0, int(size * 0.86), size, int(size * 0.1))

    def gold(image: pygame.Surface) -> int:
        n = 0
        for y in range(row.top, row.bottom):
            for x in range(row.left, row.right):
                c = image.get_at((x, y))
                if c.a >= 250 and sum(abs(c[i] - portraits.GOLD[i]) for i in range(3)) < 30:
                    n += 1
        return n

    counts = [gold(portraits.portrait("Cy", size, k)) for k in portraits.STRENGTH_PIPS]
    assert counts == sorted(counts) and len(set(counts)) == 4, counts
    human = portraits.portrait("Cy", size, "human")
    clothes = portraits.CLOTHES[portraits.traits("Cy")["clothes"]]
    if clothes != portraits.GOLD:
        assert gold(human) < counts[0]


def test_portraits_are_cached_per_name_size_and_kind():
    a = portraits.portrait("Dee", 80, "hard")
    assert portraits.portrait("Dee", 80, "hard") is a
    assert portraits.portrait("Dee", 48, "hard") is not a
