"""Seams of the table a player met (issue 24), each driven through the real loop with
real mouse and key events: what you drag is on top of everything (the tutorial's
rings and coach too), and the keyboard's focus ring goes when the mouse is used or
the turn moves on."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402
import pytest  # noqa: E402
from app_driver import click_button, start  # noqa: E402
from ui_driver import BASE, click, key, laid_out, make_table, post, settle  # noqa: E402

from split.ui.loop import App  # noqa: E402
from split.ui.table.render import FOCUS_RING  # noqa: E402
from split.ui.tutorial import lesson_of  # noqa: E402

pytestmark = pytest.mark.usefixtures("data")  # a data folder of its own (conftest)


def _ring_pixels(surface: pygame.Surface) -> int:
    """How many pixels of the window have the focus ring's colour."""
    mask = pygame.mask.from_threshold(surface, (*FOCUS_RING, 255), (1, 1, 1, 255))
    return mask.count()


def test_the_tutorial_draws_what_you_drag_over_its_glowing_target():
    """Issue 24, item 3: the first step lights the pile with a breathing ring; a card
    dragged from the pile over that ring is drawn on top of it (it was drawn under:
    the ring's frame restored the table over the card)."""
    app, ctx = start()
    ctx.change(speed="instant")
    click_button(app, "learn")
    table = app.scene
    assert lesson_of(table) is not None
    settle(app, table)
    app.run_frames(2)
    pile = table.find_hit("pile")
    assert pile is not None and ("pile", -1, -1) in table.ui.hint_keys
    start_at = (pile.rect.centerx, pile.rect.centery)
    post(pygame.MOUSEBUTTONDOWN, pos=start_at, button=1)
    app.step()
    for dx in (-4, -8, -12):  # the card moves left over the ring's left side
        post(pygame.MOUSEMOTION, pos=(start_at[0] + dx, start_at[1]), rel=(0, 0), buttons=(1,))
        app.step()
    app.run_frames(3)  # the ring breathes on: it is drawn again each frame
    sprite = table.gestures.press.sprite
    assert sprite is not None, "the pile's card is being dragged"
    ring = pile.rect.inflate(12, 12)
    x = ring.left + 2  # on the ring's left side
    y = ring.centery
    local = (x - sprite.rect.left, y - sprite.rect.top)
    assert sprite.image.get_rect().collidepoint(local)
    want = sprite.image.get_at(local)
    assert want.a == 255, "the test's point is on the card itself"
    assert app.screen.get_at((x, y))[:3] == want[:3], "the dragged card is under the ring"
    post(pygame.MOUSEBUTTONUP, pos=(start_at[0] - 12, start_at[1]), button=1)
    app.run_frames(2)


def test_the_focus_ring_goes_when_the_mouse_is_used():
    """Issue 24, item 6: Tab puts the focus ring on something; a click elsewhere with
    the mouse takes it away (it stayed for the rest of the round)."""
    app, table, _applied = make_table(laid_out(**BASE))
    assert _ring_pixels(app.screen) == 0
    key(app, pygame.K_TAB)
    key(app, pygame.K_TAB)
    assert _ring_pixels(app.screen) > 0, "Tab shows the focus ring"
    click(app, table.layout.discard_rect.center)  # a click on the table with the mouse
    app.run_frames(2)
    assert _ring_pixels(app.screen) == 0, "the mouse took over: the ring is gone"


def test_the_focus_ring_goes_when_the_turn_moves_on():
    """Issue 24, item 6: a turn played with the keys alone (Tab, Enter, 1-9): the ring
    stays through your own turn and is gone when your turn comes round again."""
    app, table, applied = make_table(laid_out(**BASE))
    key(app, pygame.K_d)  # draw
    assert applied and applied[-1].kind == "draw"
    key(app, pygame.K_1)  # pick the first card of the hand
    for _ in range(60):  # Tab onto a card of the discard row
        key(app, pygame.K_TAB)
        focused = table.gestures.focus
        if isinstance(focused, tuple) and focused[0] == "discard":
            break
        hits = [h for h in table.hits() if h.kind not in ("hand_area", "discard_area")]
        if isinstance(focused, int) and hits[focused % len(hits)].kind == "discard":
            break  # (the old code kept an index into the list)
    assert _ring_pixels(app.screen) > 0, "the ring is on a card of the discard row"
    key(app, pygame.K_RETURN)  # discard the picked card there
    assert applied[-1].kind == "discard"
    settle(app, table)
    app.run_frames(2)
    assert table.human_turn(), "your turn again"
    assert _ring_pixels(app.screen) == 0, "the ring went when the turn moved on"


class _HostedGame:
    """A game on a host as the table knows it (split.ui.table.remote.RemoteGame): its
    state is always the newest; what came since the last look waits in ``news``."""

    def __init__(self, state):
        self.state = state
        self.waiting = False
        self.seat = 0
        self.actions: list = []
        self.opening_events: list = []
        self.news: list = []

    def send(self, action) -> None:
        self.waiting = True

    def arrivals(self) -> list:
        out, self.news = self.news, []
        return out

    def history(self) -> list:
        return []  # the log starts when the table opens

    def can_undo(self, seat: int) -> bool:
        return False

    def leave(self) -> None:
        pass


def _hosted(seed: int, moves: int):
    """A local game ``moves`` moves in, and a hosted copy of it at a table."""
    import random

    from split.engine import Game, GameConfig
    from split.ui.table import TableScene

    game = Game(GameConfig(2, 0, seed))
    rng = random.Random(seed)
    for _ in range(moves):
        game.apply(rng.choice(game.state.legal_actions()))
    hosted = _HostedGame(game.state.clone())
    table = TableScene(hosted, [("You", "human"), ("Bo", "remote")])
    return game, hosted, table, rng


@pytest.fixture
def lost(monkeypatch):
    """Every PictureLost raised (the table survives one by rebuilding its picture)."""
    from split.ui import model

    seen: list[str] = []
    real = model.TableModel.apply_event

    def apply_event(self, e):
        try:
            real(self, e)
        except model.PictureLost as err:
            seen.append(str(err))
            raise

    monkeypatch.setattr(model.TableModel, "apply_event", apply_event)
    return seen


def test_a_move_that_comes_with_a_resync_is_not_played_twice(lost):
    """Issue 24, item 7 (picture drift): back after a lost connection, the host's
    position (a resync) and the next move arrive in one look. The state already holds
    that move; the picture was rebuilt from it and then played the move again (a card
    drawn twice, with no error to say so). Now the move is told in the log only."""
    app = App((1024, 600))
    game, hosted, table, rng = _hosted(5, 6)
    app.push(table)
    table.finish_animations()
    events = game.apply(rng.choice(game.state.legal_actions()))
    hosted.state = game.state.clone()
    hosted.news = [("resync", None), ("events", list(events))]
    app.run_frames(3)
    table.finish_animations()
    assert table.model.same_as(game.state), "the picture is the game's"
    assert lost == [], "no event was played onto a picture that had it already"
    assert any(w.args[0] is events[0] for w in table.entries), "the move is in the log"


def test_moves_that_came_before_the_table_opened_are_not_played_twice(lost):
    """The same at a hosted table opened in the middle of a game: moves the host sent
    before the table first showed the (newest) state are in the picture already."""
    from split.engine.actions import Action
    from split.ui.table import TableScene

    game, hosted, _table, rng = _hosted(9, 4)
    while Action.draw() not in game.state.legal_actions():  # a move that adds a card
        game.apply(rng.choice(game.state.legal_actions()))
    events = game.apply(Action.draw())
    hosted.state = game.state.clone()
    hosted.news = [("events", list(events))]
    table = TableScene(hosted, [("You", "human"), ("Bo", "remote")])
    app = App((1024, 600))
    app.push(table)
    app.run_frames(3)
    table.finish_animations()
    assert table.model.same_as(game.state)
    assert lost == [], "no event was played onto a picture that had it already"


def _lift_last_hand_card(app, table):
    """Press on the hand's last card and drag it a little: it is in the hand."""
    from ui_driver import spot

    start_at = spot(table, "hand", len(table.hand.cards) - 1)
    post(pygame.MOUSEBUTTONDOWN, pos=start_at, button=1)
    app.step()
    for dy in (-10, -20, -30):
        post(pygame.MOUSEMOTION, pos=(start_at[0], start_at[1] + dy), rel=(0, 0), buttons=(1,))
        app.step()
    assert table.gestures.press is not None and table.gestures.press.sprite is not None


def test_keys_wait_while_a_card_is_dragged_and_escape_puts_it_back():
    """The monkey's crash (CI, seed 3): keys played a match while a hand card was being
    dragged, and the drop then read a hand place that was no longer there. Keys now
    wait while a card is in the hand; Escape sends it home, nothing played."""
    from split.engine.actions import Action

    app, table, applied = make_table(laid_out(**BASE))
    key(app, pygame.K_d)  # draw: 8 cards, 7♥ 7♦ first
    assert applied == [Action.draw()]
    before = list(table.hand.cards)
    _lift_last_hand_card(app, table)
    key(app, pygame.K_1)
    key(app, pygame.K_2)  # would match 7♥ 7♦ if the keys were read
    assert applied == [Action.draw()] and table.ui.selected is None, "no key acted mid-drag"
    key(app, pygame.K_ESCAPE)
    assert table.gestures.press is None, "Escape called the drag off"
    table.finish_animations()
    app.run_frames(2)
    assert list(table.hand.cards) == before and applied == [Action.draw()]
    r = table.layout.discard_rect
    post(pygame.MOUSEBUTTONUP, pos=(r.right - 6, r.bottom - 6), button=1)
    app.run_frames(2)
    assert applied == [Action.draw()], "the release after Escape drops nothing"


def test_a_card_dropped_after_the_table_moved_under_it_goes_back():
    """A hand card is in the air when the table moves (a move arrives, a resync):
    the drop is read against the table as it is now. The card lifted is no longer
    where it was, so it goes back and nothing is played (it raised IndexError)."""
    from split.engine.actions import Action
    from split.engine.cards import parse_card

    app, table, applied = make_table(laid_out(**BASE))
    key(app, pygame.K_d)
    _lift_last_hand_card(app, table)
    seven_h, seven_d = parse_card("7H"), parse_card("7D")
    assert table.try_action(Action.match(seven_h, seven_d)), "the table moves mid-drag"
    table.finish_animations()
    app.run_frames(1)
    hand = list(table.hand.cards)
    assert len(hand) == 6
    r = table.layout.discard_rect
    post(pygame.MOUSEBUTTONUP, pos=(r.right - 6, r.bottom - 6), button=1)
    app.run_frames(2)
    assert [a.kind for a in applied] == ["draw", "match"], "the stale drop played nothing"
    assert list(table.hand.cards) == hand


def test_f1_or_a_question_mark_shows_the_keys_and_esc_or_a_click_closes_them(monkeypatch):
    """Issue 28: the table's keys in one panel (F1 or ?), the same sentences as the
    rules' Keys page; Esc or a click beside it closes it, and it never plays a move."""
    from split.ui import widgets
    from split.ui.shortcuts import KEYS

    drawn: list[str] = []
    real = widgets.paragraph

    def paragraph(surface, words, *args, **kw):
        drawn.append(words)
        return real(surface, words, *args, **kw)

    monkeypatch.setattr(widgets, "paragraph", paragraph)
    app, table, applied = make_table(laid_out(**BASE))
    key(app, pygame.K_F1)
    assert table.ui.show_keys and not table.ui.show_sheets
    assert all(words in drawn for words in KEYS), "every sentence of the keys is shown"
    assert any("D draws" in words for words in drawn)
    key(app, pygame.K_ESCAPE)
    assert not table.ui.show_keys
    post(pygame.KEYDOWN, key=pygame.K_SLASH, mod=pygame.KMOD_SHIFT, unicode="?", scancode=0)
    app.run_frames(2)
    assert table.ui.show_keys, "? shows them too"
    key(app, pygame.K_t)
    assert table.ui.show_sheets and not table.ui.show_keys, "one panel at a time"
    key(app, pygame.K_F1)
    assert table.ui.show_keys and not table.ui.show_sheets
    click(app, table.layout.hand_rect.center)
    assert not table.ui.show_keys, "a click beside it closes it"
    assert applied == [], "no move was made"


def test_at_a_hosted_table_the_bots_play_on_the_host():
    """Who plays the bots is the source's one decision: at a game on a host, a bot's
    turn plays nothing here (no move is sent) and the table looks for the host's news
    twice a second; at a game here, the bot's move is due after its pause."""
    from split.engine import Game, GameConfig
    from split.ui.table import TableScene

    app = App((1024, 600))
    game, hosted, table, rng = _hosted(3, 0)
    while game.state.current != 1:  # Bo's turn (a bot, on the host)
        game.apply(rng.choice(game.state.legal_actions()))
    hosted.state = game.state.clone()
    table = TableScene(hosted, [("You", "human"), ("Bo", "normal")])
    app.push(table)
    table.finish_animations()
    app.run_frames(5)
    assert not hosted.waiting, "nothing was sent for the host's bot"
    assert table.wake_in() == 0.5
    here = TableScene(Game(GameConfig(2, 0, 3)), [("You", "human"), ("Bo", "normal")])
    here.finish_animations()
    while here.state.current != 1:
        assert here.try_action(rng.choice(here.state.legal_actions()))
        here.finish_animations()
    assert here.wake_in() == here.timing()[1]  # the bot thinks, then plays here
    here.close()
