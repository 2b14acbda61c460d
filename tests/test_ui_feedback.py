"""What happened to you is shown where it happened; undo; the log in every language.

Driven as a player would: the real loop, real key and mouse events, a bot moving
through the table's own driver (``choose_bot`` scripts its choices)."""

from __future__ import annotations

import os
import time

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402
import pytest  # noqa: E402
from ui_driver import BASE, SteppedClock, click, drag, key, laid_out, settle, spot  # noqa: E402

from split import i18n  # noqa: E402
from split.engine import events as ev  # noqa: E402
from split.engine.actions import Action, parse_action  # noqa: E402
from split.engine.cards import parse_card  # noqa: E402
from split.i18n.words import verbatim  # noqa: E402
from split.ui.loop import App  # noqa: E402
from split.ui.screens import SeatSetup  # noqa: E402
from split.ui.table import TableScene, TableSettings  # noqa: E402
from split.ui.table.intents import Explain  # noqa: E402
from split.ui.table.narration import Tone  # noqa: E402
from split.ui.table.policy import Plain  # noqa: E402
from split.ui.table.toasts import (  # noqa: E402
    FLASH_COLOUR,
    MAX_TOASTS,
    NOTICE_RIM,
    PATH_COLOUR,
    PATH_SECONDS,
    Route,
    Toasts,
    notices,
    path_points,
)

pygame.init()
C = parse_card


@pytest.fixture(autouse=True)
def english():
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def wait(app, condition, seconds=10.0) -> bool:
    """Run the loop in real time (cards fly at the chosen speed) until ``condition()``."""
    deadline = time.perf_counter() + seconds
    while not condition():
        if time.perf_counter() > deadline:
            return False
        app.step()
        time.sleep(0.004)
    return True


def scripted(game, plan):
    """A bot that plays the first legal action of ``plan`` (notation), else the first legal."""

    def choose(seat):
        legal = game.state.legal_actions()
        for line in plan:
            a = parse_action(line)
            if a in legal:
                return a
        return sorted(legal, key=str)[0]

    return choose


def upgrade_table(speed):
    """You (seat 0) own the weak match 7C 7H; Ada (a bot) holds 7D and will upgrade it (R5.2)."""
    game = laid_out(
        hands=[["2C", "3C", "9S", "KH"], ["7D", "4S", "5S", "8S"]],
        draw=["QH", "QD", "JC", "10C", "10D", "JH"],
        table=[[["7C", "7H"]], []],
    )
    app = App((1280, 720))
    seats = [SeatSetup("You", "human"), SeatSetup("Ada", "normal")]
    bot = scripted(game, ["draw", "upgrade 7D 0.0", "pass", "discard 8S"])
    table = TableScene(game, seats, settings=TableSettings(speed), choose_bot=bot)
    app.push(table)
    SteppedClock(app, table)  # the bot's pause and the flights by the step, not the watch
    table.finish_animations()
    settle(app, table)
    app.run_frames(1)
    return app, table, game


@pytest.mark.parametrize("speed", ["normal", "instant"])
def test_a_bot_upgrading_your_match_is_shown_at_your_seat(speed):
    app, table, game = upgrade_table(speed)
    your_match = table.find_hit("match", 0, 0).rect.copy()
    key(app, pygame.K_d)  # draw
    assert wait(app, table.human_turn)
    drag(
        app, spot(table, "hand", table.hand.cards.index(C("2C"))), table.layout.discard_rect.center
    )
    assert [str(a) for a in game.actions][:2] == ["draw", "discard 2C"]
    # the bot's turn plays through the real loop until its upgrade is shown
    assert wait(app, lambda: table.feedback.toasts)
    assert "upgrade 7D 0.0" in [str(a) for a in game.actions]
    toasts = table.feedback.toasts
    assert [t.seat for t in toasts] == [0]
    said = toasts[0].words.text(table.names_in_text())
    assert said.startswith("Ada upgraded your match with 7\u2666")
    assert table.feedback.flashing(0)
    if speed == "instant":
        assert not table.animator.flights  # at instant the flights go, the toast stays
    else:
        # the match leaves from your place at the table as the upgrade is shown
        assert isinstance(table.animator.last_event, ev.MatchUpgraded)
        assert any(your_match.collidepoint(f.src) for f in table.animator.flights)
    app.run_frames(1)
    ring = table.seat_rect(0).inflate(6, 6)
    assert tuple(app.screen.get_at((ring.left + 1, ring.centery)))[:3] == FLASH_COLOUR
    # the notice stays: ten seconds later it is still there (the flash has gone),
    # on the table with Ada's portrait; the log keeps the record too
    start = toasts[0].start
    table.feedback.clock = lambda: start + 10.0
    app.run_frames(1)
    assert [t.seat for t in table.feedback.toasts] == [0] and not table.feedback.flashes
    assert any(line.startswith("Ada upgraded your match") for line in table.log)
    _assert_notices_drawn(app, table, ["Ada"])
    # it goes at your next move
    assert wait(app, table.human_turn)
    key(app, pygame.K_d)
    assert not table.feedback.toasts


def _assert_notices_drawn(app, table, actors):
    """The notices on the screen, the newest first: their gold rims, each with the
    portrait of who did it (the screen's pixels within a rounding of the portrait's)."""
    from split.ui.portraits import portrait

    app.full_redraw = True
    app.run_frames(1)
    shown = notices(table.feedback, table.frame())
    assert [table.names[n.toast.by] for n in shown] == actors
    for n in shown:
        assert tuple(app.screen.get_at((n.box.centerx, n.box.top)))[:3] == NOTICE_RIM
        face = portrait(table.seat_names[n.toast.by], n.pic.width, table.kinds[n.toast.by])
        for dx, dy in ((0, 0), (0, n.pic.height // 4), (n.pic.width // 5, -n.pic.height // 5)):
            want = face.get_at((n.pic.width // 2 + dx, n.pic.height // 2 + dy))
            got = app.screen.get_at((n.pic.centerx + dx, n.pic.centery + dy))
            assert max(abs(a - b) for a, b in zip(want[:3], got[:3], strict=True)) <= 6


def _after_an_upgrade():
    app, table, game = upgrade_table("instant")
    key(app, pygame.K_d)  # draw
    assert wait(app, table.human_turn)
    drag(
        app, spot(table, "hand", table.hand.cards.index(C("2C"))), table.layout.discard_rect.center
    )
    assert wait(app, lambda: table.feedback.toasts)
    assert wait(app, table.human_turn)
    return app, table, game


def test_a_click_on_a_notice_dismisses_it_and_plays_nothing():
    app, table, game = _after_an_upgrade()
    played = list(game.actions)
    (shown,) = notices(table.feedback, table.frame())
    click(app, shown.box.center)
    assert not table.feedback.toasts
    assert game.actions == played and table.ui.selected is None
    # the table under it shows again
    app.run_frames(1)
    assert tuple(app.screen.get_at((shown.box.centerx, shown.box.top)))[:3] != NOTICE_RIM


def test_notices_of_two_players_show_the_newest_first_until_your_move():
    """Ada, then Bo, upgrade your matches (R5.2) while you wait: both notices stay,
    Bo's on top, each marked with its player's portrait, beside your long row of
    matches (narrowed to leave them in view) and above your hand: narrowed, two do not
    fit there, so Ada's shows when Bo's is dismissed with a click; your draw clears
    them."""
    yours = [["7C", "7H"], ["9C", "9H"], ["3D", "3H"], ["4C", "4S"], ["5H", "5D"]]
    yours += [["6S", "6H"], ["JS", "JC"], ["AC", "AD"], ["2D", "2H"]]
    game = laid_out(
        hands=[["2C", "3C", "9S", "KH"], ["7D", "4S", "5S", "8S"], ["9D", "4D", "5D", "8D"]],
        draw=["QH", "QD", "JC", "10C", "10D", "JH", "2H", "3H"],
        table=[yours, [], [["KC", "KD"]]],
    )
    app = App((1280, 720))
    seats = [SeatSetup("You", "human"), SeatSetup("Ada", "normal"), SeatSetup("Bo", "easy")]
    bot = scripted(game, ["draw", "upgrade 7D 0.0", "upgrade 9D 0.0", "pass", "discard 8S"])
    table = TableScene(game, seats, settings=TableSettings("instant"), choose_bot=bot)
    app.push(table)
    table.finish_animations()
    settle(app, table)
    key(app, pygame.K_d)
    assert wait(app, table.human_turn)
    drag(
        app, spot(table, "hand", table.hand.cards.index(C("2C"))), table.layout.discard_rect.center
    )
    assert wait(app, lambda: len(game.actions) > 2 and table.human_turn())
    assert {"upgrade 7D 0.0", "upgrade 9D 0.0"} <= {str(a) for a in game.actions}
    start = table.feedback.toasts[-1].start
    table.feedback.clock = lambda: start + 10.0
    matches = [h.rect for h in table.hits() if h.kind == "match" and h.a == 0]
    hand_top = min(h.rect.top for h in table.hits() if h.kind == "hand")
    for actors in (["Bo"], ["Ada"]):
        _assert_notices_drawn(app, table, actors)
        (box,) = [n.box for n in notices(table.feedback, table.frame())]
        assert len(matches) == 7 and box.collidelist(matches) < 0 and box.bottom <= hand_top
        if actors == ["Bo"]:
            click(app, box.center)  # dismissed: Ada's comes up
    key(app, pygame.K_d)
    assert not table.feedback.toasts


UPGRADE = ["draw", "upgrade 7D 0.0", "pass", "discard 8S"]  # R5.2
TRADE = ["draw", "match 4S 4H", "match 4H 4S", "trade 0 0.0", "discard 8S"]  # R6.3


@pytest.mark.parametrize(
    "plan,route", [(UPGRADE, Route(0, 0, 1, 0, False)), (TRADE, Route(0, 0, 1, 0, True))]
)
def test_a_match_taken_from_you_draws_its_path_between_the_seats(plan, route):
    """Ada upgrades your match (it becomes hers) or trades hers for it: a path is drawn
    from where your match lay to where it went, for a moment."""
    game = laid_out(
        hands=[["2C", "3C", "9S", "KH"], ["7D", "4S", "4H", "8S"]],
        draw=["QH", "QD", "JC", "10C", "10D", "JH"],
        table=[[["7C", "7H"]], []],
    )
    app = App((1280, 720))
    seats = [SeatSetup("You", "human"), SeatSetup("Ada", "normal")]
    table = TableScene(
        game, seats, settings=TableSettings("instant"), choose_bot=scripted(game, plan)
    )
    now = [0.0]
    table.feedback.clock = lambda: now[0]
    app.push(table)
    table.finish_animations()
    settle(app, table)
    key(app, pygame.K_d)
    assert wait(app, table.human_turn)
    drag(
        app, spot(table, "hand", table.hand.cards.index(C("2C"))), table.layout.discard_rect.center
    )
    assert wait(app, lambda: table.feedback.paths and table.human_turn())
    assert [p.route for p in table.feedback.paths] == [route]
    app.full_redraw = True
    app.run_frames(1)
    points = path_points(table.feedback.paths[0], table.frame())
    ends = [points[0], points[-1]]
    assert table.layout.own_rect.collidepoint(ends[0])  # from your matches' row
    assert table.seat_rect(1).collidepoint(ends[1])  # to Ada's board
    middle = points[len(points) // 2]
    assert tuple(app.screen.get_at(middle))[:3] == PATH_COLOUR
    # a moment later it has gone (the notice stays)
    now[0] = PATH_SECONDS + 0.01
    app.run_frames(2)
    assert not table.feedback.paths and table.feedback.toasts
    assert tuple(app.screen.get_at(middle))[:3] != PATH_COLOUR


def test_at_most_three_notices_the_newest_kept():
    fb = Toasts(clock=lambda: 0.0)
    for i in range(5):
        fb.add(verbatim(f"notice {i}"), 0, 1)
    assert [t.words.text([]) for t in fb.toasts] == ["notice 2", "notice 3", "notice 4"]
    fb.acted(1)  # another seat's move: yours stay
    assert len(fb.toasts) == MAX_TOASTS


def test_a_toast_on_the_table_follows_a_language_switch(monkeypatch):
    """Issue 24: a toast is kept as words to be: switched to Persian while it shows, it
    is drawn whole in Persian, like the rest of the table."""
    from ui_driver import record_texts

    from split.engine.cards import card_label

    app, table, game = upgrade_table("instant")
    key(app, pygame.K_d)
    assert wait(app, table.human_turn)
    drag(
        app, spot(table, "hand", table.hand.cards.index(C("2C"))), table.layout.discard_rect.center
    )
    assert wait(app, lambda: table.feedback.toasts)
    i18n.set_language("fa")
    table.resize(app.size)  # what the app does on a language change
    drawn = record_texts(monkeypatch)
    app.full_redraw = True
    app.run_frames(1)
    fa = i18n.catalog("fa")
    said = fa.gettext(
        "{name} upgraded your match with {card}: now {type}; {ret} came back to you."
    ).format(
        name=i18n.embed("Ada"),
        card=card_label(C("7D")),
        type=fa.gettext("strong"),
        ret=card_label(C("7C")),
    )
    box = table.layout.own_rect
    toast = [w for w, r in drawn if box.contains(r) and w in said]
    assert " ".join(toast).split() == said.split()


def test_no_toast_for_what_you_do_yourself():
    game = laid_out(
        hands=[["7D", "2C", "3C"], ["4S", "5S"]], draw=["QH", "QD"], table=[[], [["7C", "7H"]]]
    )
    app = App((1280, 720))
    table = TableScene(game, [SeatSetup("You", "human"), SeatSetup("Ada", "random")],
                       settings=TableSettings("instant"))  # fmt: skip
    app.push(table)
    table.finish_animations()
    assert table.try_action(Action.draw()) and table.try_action(Action.upgrade(C("7D"), 1, 0))
    table.finish_animations()
    assert not table.feedback.toasts


def test_undo_by_ctrl_z_and_the_button_back_to_the_start_of_the_turn():
    game = laid_out(**BASE)
    app = App((1280, 720))
    undone = []

    class Saving(Plain[TableScene]):  # the app saves the shorter record after an undo
        def recorded(self, table: TableScene, action: Action | None) -> None:
            if action is None:
                undone.append(len(game.actions))

    table = TableScene(
        game, [SeatSetup("You", "human"), SeatSetup("Ada", "random")],
        settings=TableSettings("instant"), policy=Saving(),
    )  # fmt: skip
    app.push(table)
    table.finish_animations()
    settle(app, table)
    app.run_frames(1)
    start = (list(game.state.hands[0]), list(game.state.discard))
    # take 7S (R4.1), then match it with 7D (R5.1): two moves, nothing hidden revealed
    drag(app, spot(table, "discard", 1), table.layout.hand_rect.center)
    i, j = table.hand.cards.index(C("7S")), table.hand.cards.index(C("7D"))
    drag(app, spot(table, "hand", i), spot(table, "hand", j))
    assert [str(a) for a in game.actions] == ["take 1", "match 7D 7S"]
    key(app, pygame.K_z, pygame.KMOD_LCTRL)
    assert [str(a) for a in game.actions] == ["take 1"] and undone == [1]
    assert table.model.same_as(game.state) and C("7D") in table.hand.cards
    click(app, table.renderer.buttons["undo"].rect.center)
    assert game.actions == [] and undone == [1, 0]
    assert (list(game.state.hands[0]), list(game.state.discard)) == start
    assert table.log[-2:] == [
        "Undo: match 7\u2666 and 7\u2660.",
        "Undo: take 7\u2660 from the discard row.",
    ]
    assert not table.renderer.buttons["undo"].enabled
    # a card drawn from the pile shows a hidden card: it stands
    key(app, pygame.K_d)
    key(app, pygame.K_z, pygame.KMOD_LCTRL)
    assert [str(a) for a in game.actions] == ["draw"]
    assert "cannot" in table.prompt()[0]


def test_the_log_follows_a_language_switch():
    game = laid_out(**BASE)
    app = App((1280, 720))
    table = TableScene(game, [SeatSetup("You", "human"), SeatSetup("Ada", "random")],
                       settings=TableSettings("instant"))  # fmt: skip
    app.push(table)
    table.finish_animations()
    assert table.try_action(Action.draw())
    table.finish_animations()
    english = list(table.log)
    assert english[-1].startswith("You drew ")
    i18n.set_language("fa")
    table.resize(app.size)  # what the app does on a language change
    persian = list(table.log)
    assert persian != english and len(persian) == len(english)
    i18n.set_language("en")
    table.resize(app.size)
    assert table.log == english  # no Persian words or marks left behind


def test_continue_rebuilds_the_log_from_the_record():
    from split.engine import Game

    game = laid_out(**BASE)
    for line in ("draw", "discard 2C"):
        game.apply(parse_action(line))
    resumed = Game.from_json(game.to_json())
    app = App((1280, 720))
    table = TableScene(resumed, [SeatSetup("You", "human"), SeatSetup("Ada", "random")],
                       settings=TableSettings("instant"))  # fmt: skip
    app.push(table)
    assert any(line.startswith("You drew ") for line in table.log)
    assert "You discarded 2\u2663." in table.log


def test_a_click_selected_card_lights_the_same_places_as_a_drag():
    game = laid_out(**BASE)
    app = App((1280, 720))
    table = TableScene(game, [SeatSetup("You", "human"), SeatSetup("Ada", "random")],
                       settings=TableSettings("instant"))  # fmt: skip
    app.push(table)
    table.finish_animations()
    settle(app, table)
    key(app, pygame.K_d)
    i = table.hand.cards.index(C("7D"))
    click(app, spot(table, "hand", i))
    assert table.ui.selected == ("hand", i)
    lit = table.renderer.glow_keys
    assert ("discard_area", -1, -1) in lit and ("match", 1, 0) in lit  # 7D upgrades 7C 7H
    j = table.hand.cards.index(C("7H"))
    assert ("hand", j, -1) in lit
    # the same places glow while dragging it
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=spot(table, "hand", i), button=1)
    )
    app.step()
    x, y = spot(table, "hand", i)
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y - 60), rel=(0, -60), buttons=(1, 0, 0))
    )
    app.step()
    assert table.gestures.press.targets == lit


def test_the_pile_glows_when_the_strong_bonus_draw_is_offered():
    game = laid_out(**BASE)
    app = App((1280, 720))
    table = TableScene(game, [SeatSetup("You", "human"), SeatSetup("Ada", "random")],
                       settings=TableSettings("instant"))  # fmt: skip
    app.push(table)
    table.finish_animations()
    assert table.try_action(Action.draw())
    assert ("pile", -1, -1) not in table.glow_targets()
    assert table.try_action(Action.match(C("7D"), C("7H")))  # R6.2: strong
    table.finish_animations()
    app.run_frames(1)
    assert ("pile", -1, -1) in table.renderer.glow_keys


def test_a_card_dropped_on_another_rank_says_why_and_between_cards_moves_it():
    game = laid_out(**BASE)
    app = App((1280, 720))
    table = TableScene(game, [SeatSetup("You", "human"), SeatSetup("Ada", "random")],
                       settings=TableSettings("instant"))  # fmt: skip
    app.push(table)
    table.finish_animations()
    settle(app, table)
    key(app, pygame.K_d)
    order = list(table.hand.cards)
    i, j = order.index(C("2C")), order.index(C("KH"))
    drag(app, spot(table, "hand", i), spot(table, "hand", j))
    assert table.hand.cards == order and len(game.actions) == 1
    assert "are not a match" in table.prompt()[0] and "2\u2663" in table.prompt()[0]
    # on the seam of two cards the card moves there
    assert wait(app, lambda: not table.animator.flights)  # it flew home
    seam = table.find_hit("hand", j).rect.left
    drag(app, spot(table, "hand", i), (seam, spot(table, "hand", j)[1]))
    assert table.hand.cards != order and sorted(table.hand.cards) == sorted(order)
    assert len(game.actions) == 1


@pytest.mark.parametrize("lang", ["gl", "te", "fa", "id"])
def test_a_refusal_is_said_in_the_players_language(lang):
    game = laid_out(**BASE)
    app = App((1280, 720))
    table = TableScene(game, [SeatSetup("You", "human"), SeatSetup("Ada", "random")],
                       settings=TableSettings("instant"))  # fmt: skip
    app.push(table)
    table.finish_animations()
    assert not table.try_action(Action.take(0))  # 3D: no play would use it (R4.2)
    english = table.prompt()[0]
    i18n.set_language(lang)
    said = table.prompt()[0]
    assert said != english and "(R4.2)" in said
    assert "3\u2666" in said and "3D" not in said
    assert "cannot be taken" not in said


def test_each_seat_shows_what_its_matches_would_score_now(monkeypatch):
    """Issue 13: a seat shows what its matches are worth now, the sheet value it would
    score if the round ended (R8.2 one box per match, R9.1 the row's value): two
    7-matches and a 9-match make 7s worth 15 and 9s worth 5, so +20; a seat with no
    match shows nothing."""
    from ui_driver import laid_out, make_table, record_texts

    game = laid_out(
        [["3S", "4S", "6S", "8S"], ["2C", "5H", "JD"]],
        discard=["3D"],
        draw=["QH", "QD"],
        table=[[], [["7C", "7H"], ["7D", "7S"], ["9C", "9H"]]],
    )
    app, table, _ = make_table(game, kinds=("human", "random"))
    assert table.model.worth_now(1) == 20 and table.model.worth_now(0) == 0
    drawn = record_texts(monkeypatch)
    table.invalidate()
    table.renderer.build(table.frame())
    seat = table.seat_rect(1)
    assert any(w == "+20" and seat.contains(r) for w, r in drawn)
    own = table.layout.own_seat
    assert not any(w.startswith("+") and own.contains(r) for w, r in drawn)


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720)])
def test_a_long_hint_fits_the_prompt_bar_whole(monkeypatch, size):
    """Issue 13 rough edge 7: a long hint wrapped below the prompt bar (and a third line
    was dropped): now it is set smaller until every word sits inside the bar."""
    from ui_driver import laid_out, make_table, record_texts

    game = laid_out([["3S", "4S", "6S", "8S"], ["2C", "5H", "JD"]], discard=["3D"], draw=["QH"])
    app, table, _ = make_table(game, kinds=("human", "random"), size=size)
    words = " ".join(["Hint: upgrade your match with 10\u2665 because it is worth more"] * 3)
    table.apply_intent(Explain(note=verbatim(words)))
    drawn = record_texts(monkeypatch)
    table.invalidate()
    table.renderer.build(table.frame())
    bar = table.layout.prompt_rect
    inside = [(w, r) for w, r in drawn if bar.colliderect(r)]
    assert " ".join(w for w, _r in inside).split() == words.split(), "every word, in order"
    assert all(bar.contains(r) for _w, r in inside)


def test_the_tutorials_last_sheet_shows_no_worth_after_the_scoring(monkeypatch):
    """Issue 24 item 5: when the tutorial's round is scored, the matches are on the
    sheets (R8.2): no seat says any more what they would add ("+80" stayed)."""
    from ui_driver import play_the_lesson, record_texts

    from split.ui.tutorial import tutorial_table

    app = App((1280, 720))
    table = tutorial_table(settings=TableSettings("instant"))
    app.push(table)
    table.finish_animations()
    play_the_lesson(app, table)
    settle(app, table)
    app.run_frames(5)
    assert table.state.phase == "round-over" and table.ui.show_sheets
    drawn = record_texts(monkeypatch)
    table.invalidate()
    table.renderer.build(table.frame())
    assert drawn and not [w for w, _r in drawn if w.startswith("+")]


def test_with_one_card_left_the_prompt_offers_only_the_discard(monkeypatch):
    """Issue 24 item 5: with one card in hand no match or upgrade can be made (R5.4:
    a play must leave you a card to discard), so the prompt no longer offers them."""
    from ui_driver import record_texts

    game = laid_out([["7H", "7D"], ["3S", "4S", "6S", "8S"]], discard=["2C"], draw=["QH", "QD"])
    app = App((1280, 720))
    table = TableScene(game, [SeatSetup("You", "human"), SeatSetup("Ada", "random")],
                       settings=TableSettings("instant"))  # fmt: skip
    app.push(table)
    table.finish_animations()
    settle(app, table)
    key(app, pygame.K_d)  # draw: 7H 7D QH
    drag(app, spot(table, "hand", 0), spot(table, "hand", 1))  # match 7H 7D: strong (R3.2)
    click(app, table.renderer.buttons["skip"].rect.center)  # no bonus card (R6.4)
    assert [str(a) for a in game.actions] == ["draw", "match 7D 7H", "pass"]
    assert table.hand.cards == [C("QH")] and table.human_turn()
    assert {a.kind for a in table.legal()} == {"discard"}
    drawn = record_texts(monkeypatch)
    table.invalidate()
    table.renderer.build(table.frame())
    bar = table.layout.prompt_rect
    said = " ".join(w for w, r in drawn if bar.colliderect(r))
    assert said == "Discard your last card (drop it on the discard row) to go out."


def test_a_hint_replaces_the_refusal_on_the_prompt_line():
    """Issue 24 item 1, its second half: asked after a refused drop, the hint is what
    the prompt line says (the refusal stayed in front of it)."""
    game = laid_out(**BASE)
    app = App((1280, 720))
    table = TableScene(game, [SeatSetup("You", "human"), SeatSetup("Ada", "random")],
                       settings=TableSettings("instant"))  # fmt: skip
    app.push(table)
    table.finish_animations()
    settle(app, table)
    key(app, pygame.K_d)
    i, j = table.hand.cards.index(C("2C")), table.hand.cards.index(C("KH"))
    drag(app, spot(table, "hand", i), spot(table, "hand", j))  # not a match (R3.1)
    assert table.prompt()[0].startswith("Not allowed: 2\u2663 and K\u2665 are not a match")
    key(app, pygame.K_SPACE)  # the card lands back in the hand
    key(app, pygame.K_h)
    said, tone = table.prompt()
    assert said.startswith("Hint: ") and tone is Tone.NOTE


@pytest.mark.parametrize("scale", [100, 200])
def test_notices_stack_above_your_hand_at_every_text_size(scale):
    """Three notices stacked down over the top of your hand's cards, their rank
    corners (by 40 px at 1280x720 and 100 %, more at a larger text size): as many as
    fit above them show, the newest always (two at 100 %, one at 200 %), and
    dismissing one brings the next older one up."""
    from ui_driver import make_table

    from split.ui.table.toasts import notices

    game = laid_out(**BASE)
    app, table, _ = make_table(game, kinds=("human", "random"), scale=scale)
    for who in ("Ada upgraded your match", "Ada took your match", "Ada gave you a box"):
        table.feedback.add(verbatim(who), 0, 1)
    shown = notices(table.feedback, table.frame())
    hand_top = min(h.rect.top for h in table.hits() if h.kind == "hand")
    assert shown and shown[0].toast is table.feedback.toasts[-1]  # the newest, on top
    assert all(n.box.bottom <= hand_top for n in shown)
    assert len(shown) == (2 if scale == 100 else 1)
    table.feedback.dismiss(shown[0].toast)
    again = notices(table.feedback, table.frame())
    assert again[0].toast is table.feedback.toasts[-1] and len(again) == len(shown)
    assert again[0].toast is not shown[0].toast and all(n.box.bottom <= hand_top for n in again)
