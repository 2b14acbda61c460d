"""The seats' boards (issue 28 item 2): each panel shows its seat's portrait, drawn from
the name the player wrote (the same face in every language), on the reading side of the
panel: on the left in English, mirrored to the right in Persian."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402
from app_driver import start  # noqa: E402

from split import i18n  # noqa: E402
from split.app.session import Session  # noqa: E402
from split.app.settings import SeatChoice  # noqa: E402
from split.ui.menu.game import game_table  # noqa: E402
from split.ui.portraits import portrait  # noqa: E402

NAMES = ("You", "Ada", "Bo", "Cy")
KINDS = ("human", "easy", "hard", "random")


pytestmark = pytest.mark.usefixtures("data")  # a data folder of its own (conftest)


def _shows(screen: pygame.Surface, image: pygame.Surface, at: pygame.Rect) -> bool:
    """Whether ``image`` is on ``screen`` at ``at``: each of its (nearly) opaque pixels
    within a few levels (smoothscale leaves the inside at an alpha of 254 or so)."""
    seen = 0
    for y in range(image.get_height()):
        for x in range(image.get_width()):
            c = image.get_at((x, y))
            if c.a < 245:
                continue
            seen += 1
            got = screen.get_at((at.x + x, at.y + y))
            if max(abs(got[i] - c[i]) for i in range(3)) > 6:
                return False
    assert seen > image.get_width() * image.get_height() // 2
    return True


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_each_seat_shows_its_portrait_on_the_reading_side(lang):
    app, ctx = start()
    try:
        ctx.change(language=lang, speed="instant")
        seats = tuple(SeatChoice(n, k) for n, k in zip(NAMES, KINDS, strict=True))
        table = game_table(ctx, Session.new(seats, seed=4, path=None))
        app.push(table)
        table.finish_animations()
        app.full_redraw = True
        app.run_frames(3)
        geo = table.frame().geometry
        lay = table.layout
        assert table.names[0] != "You" or lang == "en"  # shown in the language...
        for seat in range(len(NAMES)):
            panel = geo.seat_rect(seat)
            pic = lay.portrait_rect(panel, own=seat == table.viewer)
            assert panel.contains(pic)
            # ...but the face comes from the name as written, in every language
            image = portrait(NAMES[seat], pic.width, KINDS[seat])
            assert _shows(app.screen, image, pic), f"seat {seat}'s portrait at {pic}"
            if seat == table.viewer:  # your board, beside your hand: its portrait at its head
                assert pic.centerx == panel.centerx and pic.top < panel.centery
                assert (panel.centerx > lay.hand_rect.centerx) == (lang == "fa")
            else:
                assert (pic.centerx > panel.centerx) == (lang == "fa"), "on the reading side"
            other = portrait(NAMES[(seat + 1) % len(NAMES)], pic.width, KINDS[seat])
            assert not _shows(app.screen, other, pic), "another seat's face is not it"
    finally:
        ctx.change(language="en")
        app.close()


def test_the_facts_wrap_in_a_narrow_panel_and_keep_their_size():
    """Item 4 (with the screens' overflow test): a dealer's facts that do not fit one
    line beside the "+N" go on two, at full size, a fact never cut."""
    from split.ui import typeset
    from split.ui.table.boards import wrap_facts

    pygame.init()
    i18n.set_language("gl")
    try:
        facts = [i18n._("random"), "9 cartas", i18n._("dealer")]
        size = 11
        whole = typeset.render(i18n.join_facts(facts), size, (0, 0, 0)).get_width()
        lines = wrap_facts(facts, whole - 30, 200, size, 2)
        assert len(lines) == 2 and i18n.join_facts(facts).startswith(lines[0])
        assert wrap_facts(facts, whole + 1, 200, size, 2) == [i18n.join_facts(facts)]
        assert len(wrap_facts(facts, 10, 10, size, 2)) == 2, "never more lines than allowed"
    finally:
        i18n.set_language("en")


def test_a_bots_board_says_it_is_thinking_on_its_turn(monkeypatch):
    """Issue 28 (the boards): the seat whose turn it is has the gold light, and a bot's
    board says "thinking…" in place of its strength until its move is made; a friend
    on the network, or away, keeps their words; a new round shows nobody thinking."""
    from dataclasses import replace

    from ui_driver import BASE, laid_out, make_table, record_texts

    from split.engine.state import ROUND_OVER
    from split.ui.table.boards import facts_of

    pygame.init()
    app, table, _applied = make_table(laid_out(**BASE))
    frame = table.frame()
    assert frame.current == 0 and facts_of(frame, 1)[0] == "random", "your turn"
    theirs = replace(frame, current=1, human_turn=False, legal=())
    assert facts_of(theirs, 1)[0] == "thinking…"
    drawn = record_texts(monkeypatch)
    table.renderer.draw(theirs, app.screen, True, lambda surface: [], [])
    panel = theirs.geometry.seat_rect(1)
    assert any("thinking…" in w and panel.contains(r) for w, r in drawn), "on its board"
    for kind, words in (("bot", "thinking…"), ("remote", "on the network")):
        assert facts_of(replace(theirs, kinds=("human", kind)), 1)[0] == words
    assert facts_of(replace(theirs, kinds=("human", "away")), 1)[0] == "away (a bot plays)"
    assert facts_of(replace(theirs, phase=ROUND_OVER), 1)[0] == "random"


def test_the_backdrop_is_made_once_and_its_light_follows_the_turn():
    """The boards' and the side panel's translucent backgrounds lie on one backdrop (the
    static layer's rebuilds were bench render's p99): made once for a layout; when the
    turn moves, the boards whose light changed are drawn again, and the backdrop is
    then exactly what a new one for that turn would be (no panel blended twice, no
    light left where it was)."""
    from dataclasses import replace

    from ui_driver import BASE, laid_out, make_table

    from split.ui.table.render import Renderer

    def pixels(surface: pygame.Surface) -> bytes:
        return pygame.image.tobytes(surface, "RGB")

    pygame.init()
    _app, table, _applied = make_table(laid_out(**BASE))
    yours = table.frame()
    theirs = replace(yours, current=1, human_turn=False, legal=())
    renderer = table.renderer
    backdrop = renderer.backdrop(yours)
    board = theirs.geometry.seat_rect(1).center
    dark = backdrop.get_at(board)
    assert renderer.backdrop(replace(yours, version=yours.version + 1)) is backdrop
    assert renderer.backdrop(theirs) is backdrop  # drawn again in place, not made anew
    assert backdrop.get_at(board)[0] > dark[0] + 20  # gold over the felt, not green
    assert pixels(backdrop) == pixels(Renderer().backdrop(theirs))
    renderer.backdrop(yours)
    assert backdrop.get_at(board) == dark, "the light moves on"
    assert pixels(backdrop) == pixels(Renderer().backdrop(yours))


def test_a_panel_is_made_once_per_size_and_a_window_sized_one_is_not_kept():
    """widgets.panel keeps the panels it made (the table's boards, its side panel) and
    blends the same pixels from the kept one; a panel as large as a window (the
    hot-seat cover) is made when drawn, so resizing the window fills no cache."""
    from split.ui import widgets

    pygame.init()
    widgets._panel.cache_clear()
    first, again = pygame.Surface((300, 200)), pygame.Surface((300, 200))
    for target in (first, again):
        target.fill((20, 90, 50))
        widgets.panel(target, pygame.Rect(10, 10, 120, 80), (0, 30, 18, 150), 10)
    info = widgets._panel.cache_info()
    assert (info.misses, info.hits, info.currsize) == (1, 1, 1)
    assert pygame.image.tobytes(first, "RGB") == pygame.image.tobytes(again, "RGB")
    assert first.get_at((60, 50)) != pygame.Color(20, 90, 50)  # the panel is there
    window = pygame.Surface((1920, 1080))
    widgets.panel(window, window.get_rect(), (0, 20, 10, 235), 0)
    assert widgets._panel.cache_info().currsize == 1
