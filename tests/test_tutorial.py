"""The first-game tutorial, played to its end through the real loop with real drags,
in English and Persian; Skip and Esc; the first start's offer."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402
import pytest  # noqa: E402
from app_driver import click_button, start  # noqa: E402
from ui_driver import SteppedClock, click, gesture, key, play_the_lesson, record_texts, settle  # noqa: E402

from split import i18n  # noqa: E402
from split.engine.notation import state_json  # noqa: E402
from split.ui import typeset  # noqa: E402
from split.ui.menu.dialog import ConfirmScene  # noqa: E402
from split.ui.menu.game import kept_game  # noqa: E402
from split.ui.menu.main import MainMenu  # noqa: E402
from split.ui.table.gestures import action_keys  # noqa: E402
from split.ui.table.render import button_key  # noqa: E402
from split.ui.tutorial import STEPS, lesson_of  # noqa: E402
from split.ui.tutorial.script import (  # noqa: E402
    ADA,
    ADA_FIRST,
    ASK_HINT,
    ASK_UNDO,
    DONE,
    EARLY,
    HINT_AT,
    UNDO_AFTER,
    YOU,
)

pytestmark = pytest.mark.usefixtures("data")  # a data folder of its own (conftest)


def open_tutorial(lang: str = "en"):
    app, ctx = start()
    ctx.change(language=lang, speed="instant")
    click_button(app, "learn")
    table = app.scene
    assert lesson_of(table) is not None
    SteppedClock(app, table)  # Ada's pauses go by in steps, not in real time
    return app, ctx, table


def test_every_step_is_a_legal_move_with_words_in_every_language():
    """The script is the round the deal allows (the engine accepts each action) and
    every step of yours has a coach line in each of the five languages."""
    from split.ui.tutorial import load_deal

    game = load_deal()
    for step in STEPS:
        assert step.parsed in game.state.legal_actions(), step
        assert game.state.current == (None if step.action == "next-round" else step.seat)
        game.apply(step.parsed)
    assert game.state.phase == "round-over" and game.state.round == 2
    for lang in i18n.LANGUAGES:
        i18n.set_language(lang)
        for step in STEPS:
            if step.seat == YOU:
                words = step.words()
                assert words and "{" not in words
                if lang != "en":
                    assert words != i18n.catalog("en").gettext(step.say), (lang, step)
        for said in (ASK_HINT, ASK_UNDO, DONE, EARLY, *(s.say for s in STEPS if s.seat == ADA)):
            if said:  # the lesson's asks for a button, its words at the rounds' ends, Ada's
                assert lang == "en" or i18n.catalog(lang).gettext(said) != said, (lang, said)


def _coach_hides_nothing(app, table, drawn: list) -> None:
    """The coach's panel lies over nothing you can touch (the step's targets, the
    boards, the buttons), and the log's newest line is drawn above it."""
    coach = lesson_of(table).coach_rect(table)
    assert app.screen.get_rect().contains(coach)
    for hit in table.hits():
        assert not coach.colliderect(hit.rect), f"the coach covers {hit.key}"
    drawn.clear()
    table.invalidate()  # the table drawn anew, its words recorded
    app.run_frames(1)
    lay = table.layout
    newest = typeset.wrap(table.log[-1], max(11, int(lay.fs * 0.78)), lay.side.width - 2 * lay.m)[
        -1
    ]
    shown = [r for words, r in drawn if words == newest and lay.side.contains(r)]
    assert shown and not shown[-1].colliderect(coach), f"the log's {newest!r} is under the coach"


def _press_the_glowing(app, table, name: str, ask: str) -> None:
    """The lesson asks for the ``name`` button: it pulses, a move is refused, and a
    click on it answers."""
    lesson = lesson_of(table)
    assert lesson.asks(table) == name and lesson.coach(table) == typeset._(ask)
    button = table.renderer.buttons[name]
    assert button.enabled and table.ui.hint_keys == {button_key(name)}, "it pulses"
    before = len(table.game.actions)
    gesture(app, table, STEPS[before].parsed)
    assert len(table.game.actions) == before, "no move until the button is pressed"
    assert lesson.coach(table).endswith(typeset._(ask))
    table.finish_animations()  # the refused card is home
    click(app, button.rect.center)
    assert lesson.asks(table) is None


def _going_out_early(app, table) -> None:
    """The second round: the coach's button deals it, Ada goes out on her first turn,
    and your hand's matches are laid down for you (R7); the sheets open again."""
    lesson = lesson_of(table)
    assert lesson.coach(table).startswith(typeset._(DONE)), "how the sheet scored"
    assert lesson.skip_button.label == typeset._("Next round")
    dealt = len(table.game.actions)
    click(app, lesson.skip_button.rect.center)
    assert table.state.round == 2 and not table.ui.show_sheets
    assert table.game.movers[dealt + 1][0] == ADA, "you went out, so you dealt (R8.3)"
    assert lesson.step(table).seat == ADA and lesson.coach(table) == typeset._(ADA_FIRST)
    settle(app, table)
    app.run_frames(5)
    s = state_json(table.state)
    assert table.state.phase == "round-over" and lesson.step(table) is None
    you = s["players"][0]
    assert [m["type"] for m in you["matches"]] == ["weak", "perfect", "strong"], "R7.2"
    assert you["hand"] == ["AS"] and you["negatives"] == 1
    assert you["score"] == 53, "the matches laid down for you score"
    assert table.ui.show_sheets and lesson.coach(table) == typeset._(EARLY)
    assert not lesson.coach_rect(table).colliderect(table.layout.sheet_area)
    assert lesson.skip_button.label == typeset._("Finish")


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_the_tutorial_is_played_to_its_end_with_the_mouse(lang, monkeypatch):
    """Issue 28 item 6: and at every step the coach covers nothing you can touch nor
    the log's newest line (it lies at the foot of the side panel, the log above it)."""
    app, ctx, table = open_tutorial(lang)
    drawn = record_texts(monkeypatch)
    lesson = lesson_of(table)
    for i, step in enumerate(STEPS):
        if step.seat != YOU or step.action == "next-round":
            continue
        settle(app, table)
        assert len(table.game.actions) == i and table.human_turn()
        if i == HINT_AT:  # asked to press Hint: it lights the step, not another move
            _press_the_glowing(app, table, "hint", ASK_HINT)
            assert table.ui.note and table.ui.note.args[0] == step.parsed, "the hint is the step"
            lit = action_keys(step.parsed, table.hand.cards, table.viewer)
            assert table.ui.hint_keys == frozenset(lit)
        assert table.ui.hint_keys, f"step {i}: its targets glow"
        coach = lesson.coach(table)
        assert coach == step.words()
        _coach_hides_nothing(app, table, drawn)
        gesture(app, table, step.parsed)
        assert len(table.game.actions) > i, f"step {i} ({step.action}) was not played"
        if i == UNDO_AFTER:  # asked to take it back, then to play it again
            settle(app, table)
            _press_the_glowing(app, table, "undo", ASK_UNDO)
            assert len(table.game.actions) == i and lesson.coach(table) == step.words()
            gesture(app, table, step.parsed)
            assert len(table.game.actions) == i + 1
    settle(app, table)
    app.run_frames(5)
    assert table.state.phase == "round-over"
    assert table.ui.show_sheets, "the score sheets open at the end"
    coach = table.policy.coach_rect(table)  # the last words cover no name and no row
    assert not coach.colliderect(table.layout.sheet_area) and app.screen.get_rect().contains(coach)
    assert state_json(table.state)["players"][0]["score"] == 40
    _going_out_early(app, table)
    click(app, lesson_of(table).skip_button.rect.center)  # Finish: on to the first game's seats
    assert type(app.scene).__name__ == "SetupScene" and app.scenes[-2] is app.scenes[0]
    assert isinstance(app.scenes[0], MainMenu)
    assert ctx.settings.tutorial_seen


def test_enter_deals_the_second_round_and_finishes_the_tutorial():
    """Every action by keyboard: at a round's end Enter presses the coach's button."""
    app, ctx, table = open_tutorial()
    play_the_lesson(app, table, upto="next-round")
    assert table.state.phase == "round-over" and table.state.round == 1
    key(app, pygame.K_RETURN)
    assert table.state.round == 2
    settle(app, table)
    app.run_frames(5)
    assert lesson_of(table).step(table) is None and table.ui.show_sheets
    key(app, pygame.K_RETURN)  # Finish
    assert type(app.scene).__name__ == "SetupScene" and ctx.settings.tutorial_seen


def test_a_move_that_is_not_the_step_is_explained_and_refused():
    app, _ctx, table = open_tutorial()
    settle(app, table)
    gesture(app, table, STEPS[0].parsed)  # draw
    settle(app, table)
    before = len(table.game.actions)
    from split.engine.actions import parse_action

    gesture(app, table, parse_action("discard JC"))  # legal, but not this lesson
    assert len(table.game.actions) == before
    assert lesson_of(table).coach(table).startswith("Not now: discard J")
    assert STEPS[1].words() in lesson_of(table).coach(table)


@pytest.mark.parametrize("how", ["skip", "esc"])
def test_skip_or_esc_leaves_the_tutorial(how):
    app, _ctx, table = open_tutorial()
    settle(app, table)
    if how == "skip":
        click(app, lesson_of(table).skip_button.rect.center)
    else:
        pygame.event.post(
            pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)
        )
        app.run_frames(2)
    assert isinstance(app.scene, MainMenu)


def test_the_first_start_offers_the_tutorial_once(data):
    from split.app.main import create_app

    app, ctx = create_app((1280, 720), sound=False, offer_tutorial=True)
    app.run_frames(2)
    assert isinstance(app.scene, ConfirmScene)
    click_button(app, "no")  # Play now: you against the default players
    assert kept_game(app.scene) is not None
    assert ctx.settings.tutorial_seen
    pygame.quit()
    pygame.init()
    app, ctx = create_app((1280, 720), sound=False, offer_tutorial=True)
    app.run_frames(2)
    assert isinstance(app.scene, MainMenu), "the second start opens the menu"


def test_the_first_start_offer_dismissed_with_esc_does_not_come_back(data):
    """Esc on the welcome offer is "not now": the next start opens the menu, where
    Learn to play still is (it came back on every start)."""
    from split.app.main import create_app

    app, ctx = create_app((1280, 720), sound=False, offer_tutorial=True)
    app.run_frames(2)
    assert isinstance(app.scene, ConfirmScene)
    pygame.event.post(
        pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)
    )
    app.run_frames(2)
    assert isinstance(app.scene, MainMenu)
    assert ctx.settings.tutorial_seen
    pygame.quit()
    pygame.init()
    app, ctx = create_app((1280, 720), sound=False, offer_tutorial=True)
    app.run_frames(2)
    assert isinstance(app.scene, MainMenu), "the offer came back after Esc"
    click_button(app, "learn")
    assert lesson_of(app.scene) is not None


def test_learn_to_play_from_the_first_start_offer(data):
    from split.app.main import create_app

    app, _ctx = create_app((1280, 720), sound=False, offer_tutorial=True)
    app.run_frames(2)
    click_button(app, "yes")
    assert lesson_of(app.scene) is not None


def test_an_older_settings_file_without_the_tutorial_field_still_loads(data):
    import json

    from split.app.settings import Settings, load_settings

    old = Settings().to_json()
    del old["tutorial_seen"]
    (data / "settings.json").write_text(json.dumps(old))
    settings, problem = load_settings()
    assert problem is None and settings.tutorial_seen


def test_the_steps_targets_pulse():
    """Each step's targets get a breathing gold ring on top of the table's glow: the
    tutorial asks for frames while it waits for you, and draws a ring round the pile
    when the step is to draw."""
    app, _ctx, table = open_tutorial()
    settle(app, table)
    app.run_frames(2)
    assert table.wake_in() is not None and table.wake_in() <= 0.05
    surface = app.screen
    drawn = lesson_of(table).pulse(table, surface)
    pile = table.find_hit("pile").rect
    assert drawn and any(r.contains(pile) for r in drawn)
