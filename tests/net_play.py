"""Helpers of the network-play tests: players that join a host on the loopback address
and play their seat with a bot's choices, as a person would through the table."""

from __future__ import annotations

import time

from split.bots import make_bot
from split.engine import PlayerView
from split.engine.actions import Action
from split.engine.state import GAME_OVER, ROUND_OVER
from split.net.client import Client
from split.net.remote import RemoteGame

LOOPBACK = "127.0.0.1"


def join(port: int, code: str, name: str, token: str | None = None) -> RemoteGame:
    """A player at the table, once its seat and first view have arrived."""
    remote = RemoteGame(Client(LOOPBACK, port, code, name, token).start())
    until(lambda: remote.pump() or remote.ready or remote.gone is not None, 5)
    return remote


def until(condition, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.005)
    return False


class Player:
    """Plays one remote seat: a bot's choice on its turn, the next round when asked."""

    def __init__(self, remote: RemoteGame, strength: str = "normal") -> None:
        self.remote = remote
        self.bot = make_bot(strength, remote.seat or 0)
        self.arrived: list[tuple[str, object]] = []
        self.asked_round = -1

    def step(self) -> None:
        r = self.remote
        self.arrived.extend(r.arrivals())
        s = r.state
        if r.waiting or r.gone is not None or s is None or s.phase == GAME_OVER:
            return
        if s.phase == ROUND_OVER:
            if self.asked_round != s.round:
                self.asked_round = s.round
                r.send(Action.next_round())
            return
        if s.current == r.seat:
            legal = s.legal_actions()
            r.send(self.bot.choose(PlayerView.of(s, r.seat), legal))

    @property
    def done(self) -> bool:
        s = self.remote.state
        return s is not None and s.phase == GAME_OVER


def play(players: list[Player], stall: float = 30, each=None) -> bool:
    """Step every player until all have seen the game end; False once nothing has
    moved for ``stall`` seconds (however slow the machine, a moving game goes on)."""
    seen: object = None
    moved = time.monotonic()
    while time.monotonic() - moved < stall:
        for p in players:
            p.step()
        if each is not None:
            each()
        if all(p.done for p in players):
            return True
        now = tuple(p.remote.seq for p in players)
        if now != seen:
            seen, moved = now, time.monotonic()
        time.sleep(0.004)
    return False
