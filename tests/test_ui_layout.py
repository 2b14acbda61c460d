"""Layout: six players and a long discard row at 1024x600 and 1920x1080 fit and stay readable."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402
import pytest  # noqa: E402
from ui_driver import make_table, post, record_texts  # noqa: E402

from split import i18n  # noqa: E402
from split.engine import Game  # noqa: E402
from split.engine.cards import card_str  # noqa: E402
from split.engine.notation import parse_config  # noqa: E402

pygame.init()


def crowded_game(discard_len: int, hand_len: int = 16) -> Game:
    """Six seats, a long discard row, a big hand for seat 0 and matches in front of all."""
    pool = [c for c in range(52) for _ in range(2)]
    # matches: two per seat (a perfect and a weak one), taken from the pool
    table = []
    for seat in range(6):
        c = seat * 8
        for x in (c, c, c + 4, c + 5):
            pool.remove(x)
        table.append([[card_str(c), card_str(c)], [card_str(c + 4), card_str(c + 5)]])
    hands = [[card_str(pool.pop()) for _ in range(hand_len if s == 0 else 3)] for s in range(6)]
    discard = [card_str(pool.pop()) for _ in range(discard_len)]
    obj = {
        "players": 6,
        "dealer": 5,
        "seed": 1,
        "rounds": [{"hands": hands, "discard": discard, "table": table}],
    }
    return Game(parse_config(obj))


def corner(rect: pygame.Rect, w: int, h: int) -> pygame.Rect:
    """The part of a half card that must stay visible: its rank and suit corner."""
    return pygame.Rect(rect.left, rect.top, int(w * 0.5), int(h * 0.33))


@pytest.mark.parametrize("size", [(1024, 600), (1920, 1080)])
@pytest.mark.parametrize("discard_len", [12, 40])
@pytest.mark.parametrize("scale", [100, 200])
def test_six_players_fit_and_nothing_important_overlaps(size, discard_len, lang, scale):
    """And with the table's words at twice their size (issue 28: the UI scale)."""
    game = crowded_game(discard_len)
    kinds = ("human",) + ("random",) * 5
    app, table, _ = make_table(game, kinds=kinds, size=size, scale=scale)
    assert table.human_turn()
    table.renderer.build(table.frame())
    screen = pygame.Rect((0, 0), size)
    for h in table.hits():
        assert screen.contains(h.rect), f"{h.kind} {h.a}.{h.b} leaves the window: {h.rect}"

    seats = [table.seat_rect(s) for s in table.opponents()]
    for i, a in enumerate(seats):
        for b in seats[i + 1 :]:
            assert not a.colliderect(b), "seat panels overlap"
        assert not a.colliderect(table.layout.side)
        lay = table.layout
        assert not a.colliderect(lay.discard_rect), "a seat reaches into the discard row"
        assert not a.colliderect(lay.prompt_rect), "a seat covers the prompt"
        assert not a.colliderect(lay.own_rect), "a seat covers your matches"
        assert not a.colliderect(lay.hand_rect), "a seat covers your hand"
        assert not a.colliderect(pygame.Rect(lay.pile_pos, table.art("mid").size))

    # every opponent match lies inside its panel
    for h in table.hits():
        if h.kind == "match" and h.a != table.viewer:
            assert table.seat_rect(h.a).contains(h.rect), f"match {h.a}.{h.b} out of its seat"

    # every discard card shows its rank corner (R4.3: every card visible)
    art = table.geometry().disc_art()
    discards = [h for h in table.hits() if h.kind == "discard"]
    assert len(discards) == discard_len
    for i, h in enumerate(discards):
        c = corner(h.rect, art.w, art.h)
        for later in discards[i + 1 :]:
            assert not later.rect.colliderect(c), f"discard {i} hidden by {later.a}"
        assert table.layout.discard_rect.contains(h.rect) or table.layout.discard_rect.colliderect(
            h.rect
        )
        assert not h.rect.colliderect(table.layout.prompt_rect), "discard row runs into the prompt"

    # the hand: every card's corner visible, the hand clear of the prompt and side column
    hart = table.art("hand")
    hand = [h for h in table.hits() if h.kind == "hand"]
    assert len(hand) == 16
    for i, h in enumerate(hand):
        c = corner(h.rect, hart.w, hart.h)
        for later in hand[i + 1 :]:
            assert not later.rect.colliderect(c), f"hand card {i} hidden"
        assert not h.rect.colliderect(table.layout.prompt_rect)
        assert not h.rect.colliderect(table.layout.side)
        assert not h.rect.colliderect(table.layout.own_rect), "hand covers your matches"

    # your matches, the prompt and the side column do not collide
    assert not table.layout.prompt_rect.colliderect(table.layout.side)
    assert not table.layout.own_rect.colliderect(table.layout.prompt_rect)
    buttons = [h.rect for h in table.hits() if h.kind == "button"]
    for i, a in enumerate(buttons):
        assert table.layout.side.contains(a)
        for b in buttons[i + 1 :]:
            assert not a.colliderect(b)
    assert not any(b.colliderect(table.seat_rect(table.viewer)) for b in buttons)


@pytest.mark.parametrize("size", [(1024, 600), (2560, 1440)])
def test_resize_rerenders_cards_at_the_new_size(size):
    game = crowded_game(8, 9)
    app, table, _ = make_table(game, kinds=("human",) + ("random",) * 5, size=(1280, 720))
    before = table.art("hand").h
    app.set_size(size)
    app.run_frames(2)
    assert app.size == size
    from split.ui.table.layout import lay_out

    assert table.art("hand").h == lay_out(size, 6, False).heights["hand"] != before
    assert table.find_hit("hand", 0).rect.height == table.art("hand").h


def test_window_size_is_clamped():
    game = crowded_game(8, 9)
    app, table, _ = make_table(game, kinds=("human",) + ("random",) * 5, size=(1280, 720))
    app.set_size((800, 400))
    assert app.size == (1024, 600)
    app.set_size((4000, 3000))
    assert app.size == (2560, 1440)


def test_persian_mirrors_the_table(monkeypatch):
    """Issue 7: in Persian the layout reads right to left: the side panel on the left,
    the pile at the right end of the discard row, the next player at the right, rows of
    cards and seat names starting from the right."""

    drawn = record_texts(monkeypatch)
    game = crowded_game(6, 9)
    i18n.set_language("fa")
    try:
        app, table, _ = make_table(game, kinds=("human",) + ("random",) * 5, size=(1280, 720))
        table.renderer.build(table.frame())
        assert (
            table.layout.side.left == 0 and table.layout.table_rect.left == table.layout.side.right
        )
        assert table.layout.pile_pos[0] > table.layout.discard_rect.right
        xs = [table.seat_rect(s).x for s in table.opponents()]  # the next player first
        assert xs == sorted(xs, reverse=True)
        discards = [table.find_hit("discard", i).rect.x for i in range(6)]
        assert discards == sorted(discards, reverse=True)
        hand = [table.find_hit("hand", i).rect.x for i in range(len(table.hand.cards))]
        assert hand == sorted(hand, reverse=True)
        matches = [table.find_hit("match", 1, m).rect.x for m in range(2)]
        assert matches[0] > matches[1]
        seat = table.seat_rect(1)
    finally:
        i18n.set_language("en")
    name = next(r for words, r in drawn if words == "P1")
    assert abs(name.right - (seat.right - 8)) <= 1, "the name starts at the right"
    score = next(r for w, r in drawn if r.top == name.top and r is not name and seat.contains(r))
    assert score.left < name.left, "the score sits at the left end"
    # and English keeps the left-to-right table
    app, table, _ = make_table(game, kinds=("human",) + ("random",) * 5, size=(1280, 720))
    assert (
        table.layout.side.right == 1280
        and table.layout.pile_pos[0] < table.layout.discard_rect.left
    )
    xs = [table.seat_rect(s).x for s in table.opponents()]
    assert xs == sorted(xs)


def test_switching_language_mirrors_a_table_at_once(tmp_path, monkeypatch):
    """Settings → Language takes effect without a restart, layout included."""
    from app_driver import start

    from split.app.session import Session
    from split.app.settings import SeatChoice
    from split.ui.menu.game import game_table

    monkeypatch.setenv("SPLIT_DATA_DIR", str(tmp_path))
    app, ctx = start(seed=1, size=(1280, 720))
    seats = (SeatChoice("You", "human"), SeatChoice("Ada", "easy"))
    table = app.push(game_table(ctx, Session.new(seats, seed=3, path=None)))
    app.run_frames(3)
    assert table.layout.side.right == 1280
    try:
        ctx.change(language="fa")
        app.run_frames(2)
        assert (
            table.layout.side.left == 0
            and table.layout.pile_pos[0] > table.layout.discard_rect.right
        )
        ctx.change(language="en")
        app.run_frames(2)
        assert table.layout.side.right == 1280
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("size", [(130, 145), (140, 310), (270, 330), (400, 560), (600, 200)])
@pytest.mark.parametrize("language", ["en", "fa"])
def test_a_score_sheet_stays_inside_its_rectangle(size, language):
    """Statistics show four sheets in a corner at 1024x600; the table shows six: every
    row, box and word of a sheet (R9) is drawn inside the rectangle it is given."""
    from split.ui import sheets

    rect = pygame.Rect((30, 30), size)
    surface = pygame.Surface((size[0] + 60, size[1] + 60), pygame.SRCALPHA)
    rows = [min(8, r) for r in range(13)]  # empty to longer than the six boxes shown
    i18n.set_language(language)
    try:
        sheets.draw_sheet(surface, rect, "Somebody with a long name", rows, 20, rows, 3)
    finally:
        i18n.set_language("en")
    drawn = surface.get_bounding_rect()
    assert rect.inflate(2, 2).contains(drawn), f"{drawn} leaves {rect}"


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("size", [(1024, 600), (1280, 720), (1920, 1080)])
def test_opponents_sit_around_the_table(players, size, lang):
    """Issue 13: with four or more players the next player sits at the left side of the
    table, the last one at the right side (mirrored in Persian), the others across the
    top; two or three players sit across the top. Seats never overlap each other, the
    middle of the table or your own cards, and all stay inside the table."""
    from split.ui.table.layout import lay_out

    rtl = lang == "fa"
    lay = lay_out(size, players, rtl)
    seats = lay.seats
    assert len(seats) == players - 1
    middle = [lay.discard_rect, lay.prompt_rect, lay.own_rect, lay.hand_rect]
    for i, a in enumerate(seats):
        assert lay.table_rect.contains(a)
        assert not any(a.colliderect(r) for r in middle)
        assert not any(a.colliderect(b) for b in seats[i + 1 :])
    first, last = (seats[-1], seats[0]) if rtl else (seats[0], seats[-1])
    if players >= 4:
        # the side seats: tall columns at the two ends of the table, beside the middle
        for side in (seats[0], seats[-1]):
            assert side.height > lay.discard_rect.height + lay.prompt_rect.height
            assert side.bottom > lay.discard_rect.top
        assert first.right <= lay.discard_rect.left and last.left >= lay.discard_rect.right
        next_player = seats[0]
        assert (next_player.centerx > lay.table_rect.centerx) == rtl, "the next player's side"
        across = seats[1:-1]
    else:
        across = seats
    for a in across:
        assert a.bottom <= lay.discard_rect.top
    xs = [r.centerx for r in seats]
    assert xs == sorted(xs, reverse=rtl), "seats run round the table in playing order"


def test_a_crowded_side_seat_holds_its_matches_in_lines():
    """A seat at the side is a tall column: its matches go in lines, with room between
    them, inside the panel."""
    from split.ui.table.layout import card_size, lay_out

    lay = lay_out((1280, 720), 6, False)
    seat = lay.seats[0]
    w, h = card_size(lay.heights["opp"])
    spots = [lay.match_pos(seat, 6, m) for m in range(6)]
    rects = [pygame.Rect(p, (2 * w, h)) for p in spots]
    assert all(seat.contains(r) for r in rects)
    assert len({r.top for r in rects}) >= 2, "matches go in more than one line"
    for i, a in enumerate(rects):
        for b in rects[i + 1 :]:
            assert not a.colliderect(b), "matches in a side seat overlap"


def test_the_card_under_the_pointer_rises_and_keeps_its_place(lang):
    """Issue 13: moving the mouse (no button) over a hand card lifts it; the lifted card
    still answers the pointer where it was, and moving off lets it down again."""
    game = crowded_game(6, 9)
    app, table, _ = make_table(game, kinds=("human",) + ("random",) * 5, size=(1280, 720))
    before = {h.a: h.rect.copy() for h in table.hits() if h.kind == "hand"}
    target = before[4]
    pos = (target.left + 6, target.bottom - 8)  # low on the card's visible strip
    post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    app.run_frames(2)
    after = {h.a: h.rect for h in table.hits() if h.kind == "hand"}
    assert table.gestures.hover == 4
    assert table.hand_positions()[4][1] < table.layout.hand_positions(9)[4][1], "it rose"
    assert after[4].collidepoint(pos), "the risen card still answers where it was"
    for i in before:
        if i != 4:
            assert after[i].topleft == before[i].topleft, "only that card moved"
    # a drag from the risen card picks that card
    assert table.renderer.hit_at(pos).a == 4
    post(pygame.MOUSEMOTION, pos=table.layout.discard_rect.center, rel=(0, 0), buttons=(0, 0, 0))
    app.run_frames(2)
    assert table.gestures.hover is None
    assert table.hand_positions() == table.layout.hand_positions(9)


def test_a_mouse_that_moves_many_times_a_frame_draws_the_table_once():
    """A fast mouse sends several moves between two frames. Each is read against what
    is on screen (the lift of the card it last rested on included): the table is drawn
    once, at the frame, not once per move as before (a fifth of a monkey's time went to
    pictures nobody saw), and the card under the last move is the one that rises."""
    game = crowded_game(6, 9)
    app, table, _ = make_table(game, kinds=("human",) + ("random",) * 5, size=(1280, 720))
    cards = {h.a: h.rect.copy() for h in table.hits() if h.kind == "hand"}
    built = table.renderer.builds
    for i in (0, 1, 2, 3, 4, 5, 6, 7, 3, 2, 1, 4):
        r = cards[i]
        post(pygame.MOUSEMOTION, pos=(r.left + 4, r.bottom - 8), rel=(0, 0), buttons=(0, 0, 0))
    app.run_frames(1)
    assert table.renderer.builds - built == 1, "one picture for twelve moves"
    assert table.gestures.hover == 4
    assert table.hand_positions()[4][1] < table.layout.hand_positions(9)[4][1], "it rose"
    # what changes the table is a new picture at once: a click picks the risen card
    built = table.renderer.builds
    post(pygame.MOUSEBUTTONDOWN, pos=(cards[4].left + 4, cards[4].bottom - 8), button=1)
    post(pygame.MOUSEBUTTONUP, pos=(cards[4].left + 4, cards[4].bottom - 8), button=1)
    post(pygame.MOUSEMOTION, pos=table.layout.discard_rect.center, rel=(0, 0), buttons=(0, 0, 0))
    app.run_frames(1)
    assert table.ui.selected == ("hand", 4)
    assert table.renderer.builds - built == 2, "the selection read anew, then drawn"


def test_only_a_move_of_the_pointer_keeps_the_picture():
    """:func:`only_the_pointer_moved`: where the pointer rests (hover, focus, a press)
    keeps what was drawn; a drag, a selection or any other change does not."""
    from dataclasses import replace

    from split.ui.table.frame import only_the_pointer_moved

    app, table, _ = make_table(crowded_game(6, 9), kinds=("human",) + ("random",) * 5)
    f = table.frame()
    moved = replace(
        f,
        version=f.version + 1,
        pointer=replace(f.pointer, hover=3, focus=("pile", -1, -1), pressed=True),
        geometry=replace(f.geometry, hover=3),
    )
    assert only_the_pointer_moved(f, moved)
    assert not only_the_pointer_moved(
        f, replace(moved, pointer=replace(moved.pointer, dragging=True))
    )
    assert not only_the_pointer_moved(f, replace(moved, selected=("hand", 2)))
    assert not only_the_pointer_moved(f, replace(moved, geometry=replace(f.geometry, lifted=2)))
    assert not only_the_pointer_moved(f, replace(moved, pile_count=f.pile_count - 1))


def test_the_hand_is_fanned_outwards_from_its_middle():
    """The hand is held like a fan: cards left of the middle lean left, cards right of
    it lean right (counter-clockwise is positive), the middle stands upright."""
    from split.ui.table.layout import lay_out

    lay = lay_out((1280, 720), 4, False)
    xs = [x for x, _y in lay.hand_positions(11)]
    angles = [lay.hand_angle(x) for x in xs]
    assert angles[0] > 0 > angles[-1]
    assert angles[5] == 0
    assert angles == sorted(angles, reverse=True)


@pytest.mark.parametrize("lang", ["id", "fa", "te", "gl", "en"])
@pytest.mark.parametrize("players", [2, 3])
def test_the_pile_label_keeps_clear_of_the_window_edge(lang, players, monkeypatch):
    """Issue 16: the Indonesian pile label ("Tumpukan: 86") sat flush on the window's
    edge: it keeps the table's margin from it in every language."""

    i18n.set_language(lang)
    try:
        game = Game(parse_config({"players": players, "dealer": 0, "seed": 3}))
        app, table, _ = make_table(game, kinds=("human",) + ("random",) * (players - 1))
        drawn = record_texts(monkeypatch)
        table.invalidate()
        table.renderer.build(table.frame())
        label = i18n._("Pile: {n}").format(n=table.animator.pile_count())
        r = next(r for w, r in drawn if w == label)
        m = table.layout.m
        assert r.left >= m and r.right <= table.layout.window.right - m
    finally:
        i18n.set_language("en")
