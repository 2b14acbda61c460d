"""A kept game at the table: saved after every action, paused with Esc, counted at its end.

:class:`GameTable` is the real :class:`~split.ui.table.TableScene` with the app's
hooks: the table applies actions itself, then ``on_action`` has the app autosave;
``on_game_over`` has the app count the game and drop the autosave, then shows
:class:`ResultsScene`; ``on_exit`` goes back to the screen below the table.
"""

from __future__ import annotations

import pygame

from split.engine import Action
from split.engine import events as ev
from split.i18n.words import verbatim

from ..results import FinalScene
from ..table import TableScene
from .context import KeptGame, MenuContext
from .pause import PauseScene
from .setup import SetupScene


class GameTable(TableScene):
    """The table for a game the app keeps (``session``); Esc opens the pause menu."""

    def __init__(self, ctx: MenuContext, session: KeptGame) -> None:
        super().__init__(
            session.game,
            session.seats,
            on_action=self._saved,
            settings=ctx.live,
            sound=ctx.sound,
            on_game_over=self._game_over,
            on_exit=self._exit,
            on_undo=self._save,  # the record is shorter: save it
        )
        self.ctx = ctx
        self.session = session

    def _saved(self, action: Action, events: list[ev.Event]) -> None:
        self._save()

    def _save(self) -> None:
        """Autosave; a failed save is told on the prompt line (the game goes on)."""
        problem = self.ctx.autosave(self.session)
        if problem:
            self.note = verbatim(problem)  # worded by the app, with the system's reason

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.esc_for_app(event):
            self.stack.push(PauseScene(self.ctx, self))
            return
        super().handle_event(event)

    def _game_over(self, table: TableScene) -> None:
        self.ctx.finish_game(self.session)
        if self.app is not None:
            self.app.push(ResultsScene(self))

    def _exit(self, table: TableScene) -> None:
        if self.app is not None:
            self.app.pop_from(self)

    def save_and_quit(self) -> None:
        """From the pause menu: save, then back to the screen below the table."""
        self.ctx.autosave(self.session)
        self._exit(self)

    def play_again(self) -> None:
        """From the results: a new game at once with this game's players."""
        app = self.app
        if app is None:
            return
        seats = list(self.session.seats)
        self._exit(self)
        app.push(self.ctx.start_game(seats, None))

    def change_players(self) -> None:
        """From the results: the new-game screen with this game's players."""
        app = self.app
        if app is None:
            return
        seats = list(self.session.seats)
        self._exit(self)
        app.push(SetupScene(self.ctx, seats))


class ResultsScene(FinalScene):
    """The table's results screen: Play again starts the same players again, New
    players opens the app's new-game screen with them; Esc or Leave goes back to the
    menu."""

    def __init__(self, table: GameTable) -> None:
        super().__init__(
            table, on_play_again=table.play_again, on_change_players=table.change_players
        )

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.on_button("leave")
                return
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN):
                if self.buttons:
                    self.focus = (self.focus + 1) % len(self.buttons)
                    self.dirty = True
                return
        super().handle_event(event)
