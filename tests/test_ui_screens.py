"""Motion for every event, hurrying, hot-seat, and the new-game / summary / final screens."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import random  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402
from ui_driver import BASE, click, drag, laid_out, make_table, settle, spot  # noqa: E402

from split.engine import Game, GameConfig  # noqa: E402
from split.engine import events as ev  # noqa: E402
from split.engine.actions import parse_action  # noqa: E402
from split.ui.loop import App  # noqa: E402
from split.ui.results import FinalScene, RoundSummaryScene  # noqa: E402
from split.ui.screens import NewGameScene, PassScene  # noqa: E402
from split.ui.table import TableScene  # noqa: E402

pygame.init()


class Recorder:
    def __init__(self):
        self.played: list[str] = []

    def play(self, name):
        self.played.append(name)


def test_the_deal_animates_every_card():
    game = Game(GameConfig(3, 0, 9))
    app = App((1280, 720))
    table = TableScene(game, [("You", "human"), ("A", "random"), ("B", "random")])
    app.push(table)
    app.step()
    assert len(table.animator.flights) == 3 * 9 + 1  # every dealt card and the first discard
    assert sum(table.animator.hidden[0].values()) == 9  # cards appear in the hand as they land
    click(app, (500, 300))  # a click hurries the animation
    assert not table.animator.flights and table.model.same_as(game.state)


def test_every_play_event_flies_a_card():
    game = laid_out(**BASE)
    sound = Recorder()
    app = App((1280, 720))
    table = TableScene(game, [("You", "human"), ("Bot", "random")], sound=sound)
    table.settings.speed = "normal"
    app.push(table)
    table.finish_animations()
    seen: dict[str, int] = {}
    for line in ["draw", "upgrade 7D 1.0", "pass", "match KH KH", "penalize 1"]:
        assert table.try_action(parse_action(line)), table.ui.error
        while table.animator.pending or table.animator.flights:
            for f in table.animator.flights:  # land what flies
                f.t = f.dur
            table.animator.wait = 0
            table.update(0)  # lands them, then plays the next event and starts its flights
            if table.animator.flights and table.animator.last_event is not None:
                name = type(table.animator.last_event).__name__
                seen[name] = seen.get(name, 0) + len(table.animator.flights)
    for name in ("CardDrawn", "MatchUpgraded", "CardReturned", "MatchPlayed", "NegativeFilled"):
        assert seen.get(name, 0) >= 1, f"{name} did not animate: {seen}"
    assert {"draw", "upgrade", "match", "penalty"} <= set(sound.played)
    assert table.model.same_as(game.state)


def test_trade_discard_and_take_fly():
    game = laid_out(**BASE)
    app, table, _ = make_table(game, speed="normal")
    for line in ["take 1"]:
        table.try_action(parse_action(line))
    table.update(0)
    assert table.animator.flights, "taking flies the cards to the hand"
    table.finish_animations()
    for line in ["match 7H 7S", "pass", "match 5C 5H", "trade 0 1.1"]:
        assert table.try_action(parse_action(line)), (line, table.ui.error)
        table.update(0)
        if line.startswith("trade"):
            assert len(table.animator.flights) == 2
        table.finish_animations()
    assert table.try_action(parse_action("discard 2C"))
    table.update(0)
    assert table.animator.flights
    table.finish_animations()
    assert table.model.same_as(game.state)


def test_a_refused_drop_flies_back():
    game = laid_out(**BASE)
    app, table, _ = make_table(game, speed="normal")
    start = spot(table, "hand", 0)
    r = table.layout.discard_rect
    drag(app, start, (r.right - 6, r.bottom - 6))
    assert table.ui.error and table.animator.flights, "the card is animated back to the hand"
    assert not game.actions


def test_hot_seat_hides_the_hand_between_humans():
    game = laid_out(**BASE)
    app, table, _ = make_table(game, kinds=("human", "human"))
    assert table.viewer == 0
    for line in ["draw", "discard 2C"]:
        table.try_action(parse_action(line))
        settle(app, table)
    assert isinstance(app.scene, PassScene)
    assert table.ui.hand_hidden and not table.human_turn()
    app.scene.render(app.screen)
    click(app, app.scene.button("ready").rect.center)
    assert app.scene is table and table.viewer == 1 and table.human_turn()
    assert sorted(table.hand.cards) == sorted(game.state.hands[1])


def test_new_game_screen_starts_a_table():
    app = App((1280, 720))
    started = {}

    def start(seats, dealer):
        started["seats"], started["dealer"] = seats, dealer
        return TableScene(Game(GameConfig(len(seats), dealer, 3)), seats)

    scene = app.push(NewGameScene(on_start=start))
    app.run_frames(1)
    click(app, scene.button("more").rect.center)
    click(app, scene.button("kind3").rect.center)
    click(app, scene.button("dealer").rect.center)
    click(app, scene.button("name1").rect.center)
    post = pygame.event.post
    post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode=""))
    post(pygame.event.Event(pygame.TEXTINPUT, text="Z"))
    post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode=""))
    app.run_frames(2)
    click(app, scene.button("start").rect.center)
    assert isinstance(app.scene, TableScene)
    seats = started["seats"]
    assert len(seats) == 4 and seats[3].kind == "hard" and started["dealer"] == 0
    assert seats[1].name == "AdZ"


@pytest.mark.slow  # a whole game, every round's summary clicked through
def test_round_summary_and_final_results():
    game = Game(GameConfig(2, 0, 21))
    app, table, _ = make_table(game, kinds=("human", "random"))
    rng = random.Random(3)
    summaries = 0
    for _ in range(2000):
        if isinstance(app.scene, FinalScene):
            break
        if isinstance(app.scene, RoundSummaryScene):
            summaries += 1
            app.scene.render(app.screen)
            assert table.model.last_scored is not None
            click(app, app.scene.button("next").rect.center)
        elif table.human_turn():
            table.try_action(rng.choice(game.state.legal_actions()))
        settle(app, table)
    assert isinstance(app.scene, FinalScene) and game.state.is_over
    assert summaries == 3
    assert any(isinstance(e, ev.GameOver) for e in [table.model.game_over])
    app.scene.render(app.screen)
    final = app.scene
    click(app, final.button("change").rect.center)
    assert isinstance(app.scene, NewGameScene)
    # Play again: the same seats at a new table at once
    app.scenes[-1:] = [final]
    final.app = app
    click(app, final.button("again").rect.center)
    assert isinstance(app.scene, TableScene) and app.scene is not table
    assert app.scene.seat_names == table.seat_names and app.scene.kinds == table.kinds


def test_bots_think_off_the_drawing_thread_at_a_followable_pace():
    import time

    game = Game(GameConfig(3, 0, 4))
    app = App((1024, 600))
    table = TableScene(game, [("A", "hard"), ("B", "normal"), ("C", "easy")])
    table.settings.speed = "fast"
    app.push(table)
    t0 = time.perf_counter()
    while len(game.actions) < 6 and time.perf_counter() - t0 < 20:
        app.step(block=True)
    elapsed = time.perf_counter() - t0
    assert len(game.actions) >= 6
    assert elapsed > 6 * 0.1, "bots wait a moment before each move"
    assert table.model.same_as(game.state) or table.animator.pending or table.animator.flights


def test_hot_seat_covers_the_hand_while_bots_play():
    base = dict(BASE)
    base["hands"] = [*BASE["hands"], ["AS", "2S"]]
    base["table"] = [*BASE["table"], []]
    game = laid_out(**base)
    app, table, _ = make_table(game, kinds=("human", "random", "human"))
    table.try_action(parse_action("draw"))
    settle(app, table)
    assert not any("drew Q" in line for line in table.log), "the log keeps hands secret"
    table.try_action(parse_action("discard 2C"))
    app.run_frames(3)
    assert table.ui.hand_covered or isinstance(app.scene, PassScene)
    settle(app, table)
    assert isinstance(app.scene, PassScene) and app.scene.seat == 2


def test_the_default_name_reads_in_your_language_and_edits_as_shown():
    from split import i18n

    app = App((1280, 720))
    started = {}

    def start(seats, dealer):
        started["seats"] = seats
        return TableScene(Game(GameConfig(len(seats), 0, 3)), seats)

    i18n.set_language("gl")
    try:
        scene = app.push(NewGameScene(on_start=start))
        app.run_frames(1)
        assert scene.button("name0").label == "Ti"  # the default "You", in Galician
        click(app, scene.button("name0").rect.center)
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="a"))
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0))
        app.run_frames(2)
        click(app, scene.button("start").rect.center)
        assert started["seats"][0].name == "Tia"  # what the player saw, then typed
        table = app.scene
        assert table.names[0] == "Tia"
    finally:
        i18n.set_language("en")
