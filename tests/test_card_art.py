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


# ---------------------------------------------------------------- issue 28: craft and every eye

COURT_NAMES = [f"{r}{s}" for r in "JQK" for s in "SHDC"]


def _shape(surf: pygame.Surface, rect: pygame.Rect) -> set[tuple[int, int]]:
    """The pixels of ``rect`` that are drawn on (not the frame's cream ground), sampled
    every 2 px: a figure's shape, whatever its colours."""
    out = set()
    for y in range(rect.top, rect.bottom, 2):
        for x in range(rect.left, rect.right, 2):
            c = surf.get_at((x, y))
            if c.a > 200 and sum(abs(c[i] - courts.CREAM[i]) for i in range(3)) > 60:
                out.add((x, y))
    return out


def test_every_court_card_is_its_own_figure():
    """Issue 28 item 5: jack, queen and king are distinct in each suit, as in a real deck:
    the twelve pictures differ pairwise in their shapes (what is drawn where), not only
    in their colours."""
    size = (160, 200)
    frame = courts.frame_rect(*size).inflate(-12, -12)
    shapes = {}
    for name in COURT_NAMES:
        card = parse_card(name)
        ink = cards.colour_of(card)
        pic = courts.court_picture(
            name[0], "\u2660\u2665\u2666\u2663"["SHDC".index(name[1])], ink, size
        )
        shapes[name] = _shape(pic, frame)
    for a in COURT_NAMES:
        for b in COURT_NAMES:
            if a < b:
                differ = len(shapes[a] ^ shapes[b]) / len(shapes[a] | shapes[b])
                assert differ > 0.06, f"{a} and {b} are drawn alike ({differ:.0%} differ)"


def test_the_classic_faces_are_a_plain_letter_without_a_figure():
    """The classic face: no portrait (no skin), the rank's letter large in the frame."""
    style = cards.DeckStyle(faces="classic")
    art = cards.CardArt(180, style)
    frame = courts.frame_rect(2 * art.w, art.h)
    for name in ("KS", "QH", "JD"):
        card = parse_card(name)
        match = art.match(card, card)
        assert _count(match, frame, courts.SKIN, 6) == 0, "no face in the classic style"
        middle = pygame.Rect(0, 0, frame.width // 3, frame.height // 2)
        middle.center = frame.center
        assert _count(match, middle, cards.colour_of(card), 30) > 20, "the big letter"
    illustrated = cards.CardArt(180).match(parse_card("KS"), parse_card("KS"))
    assert _count(illustrated, frame, courts.SKIN, 6) > 20


def test_at_least_four_backs_told_apart_by_their_pattern():
    """Issue 28 item 5: four backs at least, and each pattern its own (the backs differ
    in grey too: a pixel lighter or darker than its back's mean makes the pattern)."""
    from split.ui.backs import BACK_NAMES

    assert len(BACK_NAMES) >= 4
    patterns = {}
    for name in BACK_NAMES:
        back = cards.CardArt(160, cards.DeckStyle(back=name)).back()
        grey = [
            sum(back.get_at((x, y))[:3])
            for y in range(20, back.get_height() - 20, 2)
            for x in range(10, back.get_width() - 10, 2)
        ]
        mean = sum(grey) / len(grey)
        patterns[name] = [g > mean for g in grey]
    for a in BACK_NAMES:
        for b in BACK_NAMES:
            if a < b:
                differ = sum(x != y for x, y in zip(patterns[a], patterns[b], strict=True))
                assert differ / len(patterns[a]) > 0.15, f"{a} and {b} backs look alike"


def test_the_four_colour_deck_keeps_red_and_black_apart():
    """The four-colour deck gives each suit its ink, and keeps R1.2's two colours
    (on which R3.2's weak and strong matches rest) apart: the red suits in warm inks,
    the black ones in dark or cool inks."""
    style = cards.DeckStyle(four_colour=True)
    inks = {s: cards.colour_of(parse_card("7" + s), style) for s in "CDHS"}
    assert len(set(inks.values())) == 4
    for s in "DH":
        r, _g, b = inks[s]
        assert r > b + 100, f"{s} stays warm"
    for s in "CS":
        r, _g, b = inks[s]
        assert b >= r and r < 60, f"{s} stays dark and cool"
    art = cards.CardArt(160, style)
    seven = art.half(parse_card("7D"))
    assert _count(seven, pygame.Rect(0, 0, art.w, art.h // 3), inks["D"], 10) > 5


def _luminance(c) -> float:
    def lin(v: int) -> float:
        v = v / 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

    return 0.2126 * lin(c[0]) + 0.7152 * lin(c[1]) + 0.0722 * lin(c[2])


def _contrast(a, b) -> float:
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def test_high_contrast_cards_have_white_faces_pure_inks_and_a_strong_border():
    """High contrast: a white face, inks at 7:1 or more against it (WCAG AAA), and a
    black border at least two pixels wide."""
    style = cards.DeckStyle(high_contrast=True)
    art = cards.CardArt(180, style)
    half = art.half(parse_card("7H"))
    assert tuple(half.get_at((art.w // 2, art.h // 3 + 4)))[:3] == cards.HC_PAPER
    for name in ("7H", "7S"):
        ink = cards.colour_of(parse_card(name), style)
        assert _contrast(ink, cards.HC_PAPER) >= 7, name
    plain_ink = cards.colour_of(parse_card("7H"))
    assert _contrast(plain_ink, cards.PAPER) < _contrast(cards.HC_RED, cards.HC_PAPER)
    for x in (0, 1):
        assert tuple(half.get_at((x, art.h // 2)))[:3] == (0, 0, 0), "a 2 px black border"


def test_match_badges_are_told_apart_by_shape_alone_without_a_letter(monkeypatch):
    """Issue 28 item 4: the three badges differ by their outline (their alpha masks),
    so a grey screen or a colour-blind eye tells them apart, and none is a letter of one
    language (no text is drawn for them)."""
    from split.engine.cards import MatchType

    cards.badge.cache_clear()

    def no_text(*args, **kwargs):
        raise AssertionError("a badge must not be a letter")

    monkeypatch.setattr(cards.typeset, "symbol", no_text)
    masks = {t: pygame.mask.from_surface(cards.badge(t, 24), 128) for t in MatchType}
    for a in MatchType:
        for b in MatchType:
            if a is not b:
                both = masks[a].overlap_area(masks[b], (0, 0))
                either = masks[a].count() + masks[b].count() - both
                assert both / either < 0.8, f"{a} and {b} badges have one shape"
    assert masks[MatchType.WEAK].count() < masks[MatchType.STRONG].count()


def test_a_perfect_match_has_no_seam():
    """A perfect match is one whole card (R3.1): no torn edge and no border down its
    middle, above the picture where the paper shows."""
    art = cards.CardArt(160)
    k = parse_card("KH")
    match = art.match(k, k)
    for y in range(art.h // 3, art.h // 3 + 6):  # between the corner indices and the frame
        for x in range(art.w - 3, art.w + 3):
            assert tuple(match.get_at((x, y)))[:3] == cards.PAPER, (x, y)
    weak = art.match(k, parse_card("KS"))
    assert any(tuple(weak.get_at((art.w - 1, y)))[:3] == cards.CUT for y in range(art.h))


def test_card_art_is_cached_per_size_and_style():
    """Drawing costs once: the same height and style give the same art and the same
    surfaces; another style is another set."""
    plain = cards.art(120)
    assert cards.art(120) is plain and cards.art(120, "blue") is plain
    assert cards.art(120, cards.DeckStyle()) is plain
    four = cards.art(120, cards.DeckStyle(four_colour=True))
    assert four is not plain
    card = parse_card("QD")
    assert plain.match(card, card) is plain.match(card, card)
    assert plain.back() is plain.back()


def test_deck_style_reads_settings_and_ignores_what_it_does_not_know():
    class Settings:
        card_back = "purple"
        card_faces = "classic"
        four_colour = True
        high_contrast = False

    assert cards.deck_style(Settings()) == cards.DeckStyle("purple", "classic", True, False)
    odd = type("Odd", (), {"card_back": "plaid", "card_faces": 3, "four_colour": "yes"})()
    assert cards.deck_style(odd) == cards.DeckStyle()
    assert cards.deck_style(object()) == cards.DeckStyle()


def test_the_gallery_generator_draws_every_style(tmp_path):
    """build/make_card_gallery.py (docs/card-art.png) runs and draws the cards it names:
    the picture holds the courts, the backs and the portraits."""
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parent.parent / "build" / "make_card_gallery.py"
    spec = importlib.util.spec_from_file_location("build_make_card_gallery", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    out = tmp_path / "gallery.png"
    assert module.main(["--out", str(out), "--height", "60"]) == 0
    image = pygame.image.load(str(out))
    art = cards.art(60)
    assert image.get_width() == 6 * (2 * art.w + 6) + 6
    k = parse_card("JS")
    first = art.match(k, k)
    for x, y in ((art.w // 2, art.h // 2), (art.w, art.h // 3)):
        assert tuple(image.get_at((6 + x, 6 + y)))[:3] == tuple(first.get_at((x, y)))[:3]


def test_every_transform_gives_the_gil_back_at_once(monkeypatch):
    """pygame's transforms let go of the GIL; with a bot searching on another thread,
    taking it back waited the whole switch interval (5 ms a call, about 100 ms for a
    new hand's tilted cards). Every transform of the game goes through
    split.ui.transforms, which lowers the interval for the call only."""
    import ast
    import sys
    from pathlib import Path

    from split.ui import cards, transforms

    root = Path(cards.__file__).resolve().parent.parent
    raw = []
    for path in root.rglob("*.py"):
        if path.name == "transforms.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Attribute)
                and node.attr == "transform"
                and isinstance(node.value, ast.Name)
                and node.value.id == "pygame"
            ):
                raw.append(f"{path.relative_to(root)}:{node.lineno}")
    assert not raw, f"pygame.transform called directly: {raw}"
    seen = []
    real = pygame.transform.rotozoom

    def watched(surface, angle, scale):
        seen.append(sys.getswitchinterval())
        return real(surface, angle, scale)

    monkeypatch.setattr(pygame.transform, "rotozoom", watched)
    art = cards.CardArt(120, cards.DeckStyle("blue"))
    face, shadow = art.tilted(5, 7.5)  # a card of a fanned hand, and its shadow
    assert seen == [pytest.approx(transforms.BRIEF)] * 2
    assert sys.getswitchinterval() == pytest.approx(transforms.NORMAL) == 0.005
    assert face.get_width() > art.w  # turned
