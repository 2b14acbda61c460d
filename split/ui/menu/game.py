"""A kept game at the table: saved after every action, paused with Esc, counted at its end.

:func:`game_table` is the real :class:`~split.ui.table.TableScene` with :class:`Kept` as
its policy: the table applies actions itself, then the policy has the app autosave
(after an undo too); at the game's end it has the app count the game and drop the
autosave, then shows :class:`ResultsScene`; Esc opens the pause menu; ``on_exit`` goes
back to the screen below the table.
"""

from __future__ import annotations

import pygame

from split.engine import Action
from split.i18n.words import verbatim

from ..results import FinalScene
from ..table import TableScene
from ..table.intents import Explain
from ..table.policy import Plain
from .context import KeptGame, MenuContext
from .pause import PauseScene
from .setup import SetupScene


def game_table(ctx: MenuContext, session: KeptGame) -> TableScene:
    """The table for a game the app keeps (``session``)."""
    kept = Kept(ctx, session)
    return TableScene(
        session.game,
        session.seats,
        settings=ctx.live,
        sound=ctx.sound,
        on_exit=kept.leave,
        policy=kept,
    )


def kept_game(scene: object) -> Kept | None:
    """The kept game ``scene`` is the table of, if it is one."""
    if isinstance(scene, TableScene) and isinstance(scene.policy, Kept):
        return scene.policy
    return None


class Kept(Plain[TableScene]):
    """The policy of a game the app keeps (``session``): saved after every move and
    every undo; Esc opens the pause menu; its end is counted and shows the results."""

    def __init__(self, ctx: MenuContext, session: KeptGame) -> None:
        self.ctx = ctx
        self.session = session

    def recorded(self, table: TableScene, action: Action | None) -> None:
        """Autosave (a move, or a shorter record after an undo); a failed save is told
        on the prompt line (the game goes on)."""
        problem = self.ctx.autosave(self.session)
        if problem:  # worded by the app, with the system's reason
            table.apply_intent(Explain(note=verbatim(problem)))

    def handle(self, table: TableScene, event: pygame.event.Event) -> bool:
        if not table.esc_for_app(event):
            return False
        table.stack.push(self.pause(table))
        return True

    def pause(self, table: TableScene) -> PauseScene:
        """The pause menu over ``table``."""
        return PauseScene(self.ctx, table, lambda: self.save_and_quit(table))

    def game_over(self, table: TableScene) -> bool:
        self.ctx.finish_game(self.session)
        if table.app is not None:
            table.app.push(ResultsScene(table, self))
        return True

    def leave(self, table: TableScene) -> None:
        """Back to the screen below the table."""
        if table.app is not None:
            table.app.pop_from(table)

    def save_and_quit(self, table: TableScene) -> None:
        """From the pause menu: save, then back to the screen below the table."""
        self.ctx.autosave(self.session)
        self.leave(table)

    def play_again(self, table: TableScene) -> None:
        """From the results: a new game at once with this game's players."""
        app = table.app
        if app is None:
            return
        seats = list(self.session.seats)
        self.leave(table)
        app.push(self.ctx.start_game(seats, None))

    def change_players(self, table: TableScene) -> None:
        """From the results: the new-game screen with this game's players."""
        app = table.app
        if app is None:
            return
        seats = list(self.session.seats)
        self.leave(table)
        app.push(SetupScene(self.ctx, seats))


class ResultsScene(FinalScene):
    """The table's results screen: Play again starts the same players again, New
    players opens the app's new-game screen with them; Esc or Leave goes back to the
    menu."""

    def __init__(self, table: TableScene, kept: Kept) -> None:
        super().__init__(
            table,
            on_play_again=lambda: kept.play_again(table),
            on_change_players=lambda: kept.change_players(table),
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
