"""The hosted game as a pure, synchronous table: messages in, messages out.

:class:`HostTable` is the one true game of a table on the network and everything that
decides about it: who sits where (:class:`~split.net.seating.Seating`), what each
connection may send (a token bucket and a count of refusals), the moves, the bots'
turns and the wait for the next round. It owns no socket, no loop and no clock: each
call gets the time it needs (``now``, in seconds of any monotonic clock) and returns
what to send (:class:`Send`) and which connections to close (:class:`Close`). The
server around it (:mod:`split.net.host`) only carries those out.

A connection is a number from :meth:`HostTable.connect`. Its first message is a
``hello`` with the join code; the table gives it a seat (the seat its token names, the
seat its friend's key owns, else a free person's seat) and from then on sends it,
after every action, the events and the view of *its* seat only (R10,
:mod:`split.net.secrecy`), numbered (``seq``) so a client notices a gap and asks for a
``sync``.

A finished round goes on when every person at the table has asked for the next one,
or ``round_wait`` seconds after the host's own player did (:meth:`HostTable.tick`):
a friend who walked away from the scores does not hold the table. The host may set a
turn timer (``turn_limit`` seconds, off by default): a person whose turn runs past it
is told (``late``, to everyone) and a bot plays the rest of that turn for them.

The people around the game: a seated connection may send quick messages (``say``,
one of the protocol's phrases, no free text), passed to everyone, about one every
:data:`~split.net.protocol.SAY_EVERY` seconds at most; when the game is over the
host may start another for the same people at the same seats (:meth:`HostTable.again`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import assert_never

from split.bots import Bot, SeatedBots
from split.engine import events as ev
from split.engine.actions import NEXT_ROUND, Action
from split.engine.game import Game
from split.engine.state import GAME_OVER, ROUND_OVER, IllegalAction
from split.engine.view import PlayerView

from .protocol import (
    MAX_EVENTS,
    MAX_TURN_LIMIT,
    SAY_EVERY,
    Act,
    Again,
    Bye,
    Hello,
    HostMessage,
    Late,
    Over,
    ProtocolError,
    Refused,
    Said,
    Say,
    Seat,
    Seats,
    Sync,
    Update,
    read_client,
)
from .seating import Seating, identity_of
from .secrecy import events_for_seat

PERSON = "human"  # a seat for a person (the host's own or a friend's)
RATE = 100.0  # messages a second a connection may send on average (a person: a few) ...
BURST = 200.0  # ... and at once
MAX_STRIKES = 50  # refused messages before a connection is closed
ROUND_WAIT = 60.0  # seconds the others have to read the scores once the host's player asked


@dataclass(frozen=True)
class SeatPlan:
    """A seat of a hosted table: a person's (``kind`` "human") or a bot's strength."""

    name: str
    kind: str


@dataclass(frozen=True)
class Send:
    """Send ``msg`` on connection ``conn``."""

    conn: int
    msg: HostMessage


@dataclass(frozen=True)
class Close:
    """Close connection ``conn`` (websocket close ``code``) once what waits is sent."""

    conn: int
    code: int
    reason: str


Out = Send | Close


@dataclass
class Manners:
    """A connection's manners: a token bucket (:data:`RATE` messages a second,
    :data:`BURST` at once) and its refused messages."""

    tokens: float = BURST
    last: float | None = None
    strikes: int = 0

    def allowed(self, now: float) -> bool:
        """Whether one more message may be taken at ``now`` (and take it)."""
        if self.last is not None:
            self.tokens = min(BURST, self.tokens + max(0.0, now - self.last) * RATE)
        self.last = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


@dataclass
class _Peer:
    manners: Manners = field(default_factory=Manners)
    seat: int | None = None
    said_at: float | None = None  # when its last quick message was passed on


@dataclass(frozen=True)
class BotTurn:
    """A bot is to move at ``seat`` (``moved`` actions into the game): ask
    :meth:`choose` (off the loop: a searching bot takes time) and hand the answer to
    :meth:`HostTable.bot_played`."""

    seat: int
    moved: int
    view: PlayerView
    legal: tuple[Action, ...]
    bot: Bot

    def choose(self) -> Action:
        return self.bot.choose(self.view, self.legal)


class HostTable:
    """A hosted game (see the module's text). ``save(game)`` is called after every
    action (the host's autosave; an exception there is reported through ``notice``)."""

    def __init__(
        self,
        game: Game,
        plans: Sequence[SeatPlan],
        *,
        code: str | None = None,
        fill: str = "normal",
        save: Callable[[Game], None] | None = None,
        notice: Callable[[str], None] | None = None,
        round_wait: float = ROUND_WAIT,
        identities: Sequence[str | None] | None = None,
        turn_limit: int = 0,
    ) -> None:
        if len(plans) != game.state.players:
            raise ValueError(f"{len(plans)} seats for a game of {game.state.players}")
        self.game = game
        self.plans = list(plans)
        self.seating = Seating(
            [p.name for p in plans], [p.kind == PERSON for p in plans], identities, code
        )
        self.fill = fill
        self.save = save
        self.notice = notice
        self.round_wait = round_wait
        self.started = False  # the lobby: a resumed game, too, waits for its players
        self.refused = 0  # messages refused, for tests and the bench
        self.bots = SeatedBots()  # what each bot seat has read of the other hands
        self._peers: dict[int, _Peer] = {}
        self._conns: dict[int, int] = {}  # seat -> its person's connection
        self._away_since: dict[int, int] = {}  # seat -> actions played when its person left
        self._last_conn = 0
        self._ready: set[int] = set()  # people who asked for the next round (ROUND_OVER)
        self._host_ready_at: float | None = None  # when the host's player asked
        self.turn_limit = turn_limit  # seconds a person has for a turn (0: no timer)
        self._clock: tuple[int, int] | None = None  # the (seat, turn) on the clock ...
        self._clock_since = 0.0  # ... since then
        self._late: tuple[int, int] | None = None  # the (seat, turn) a bot finishes
        self.seats_now = self._seats()  # read by other threads (the lobby): replaced whole

    # ------------------------------------------------------------ connections

    def connect(self) -> int:
        """A new connection's number; it says hello first."""
        self._last_conn += 1
        self._peers[self._last_conn] = _Peer()
        return self._last_conn

    def seat_of(self, conn: int) -> int | None:
        peer = self._peers.get(conn)
        return None if peer is None else peer.seat

    def receive(self, conn: int, frame: str | bytes, now: float) -> list[Out]:
        """A frame from ``conn`` at ``now``: read, checked, refused or played."""
        peer = self._peers.get(conn)
        if peer is None:
            return []  # closed: nothing more it sends is taken
        if not peer.manners.allowed(now):
            return self._refuse(conn, ProtocolError("flood", "too many messages: slow down"))
        try:
            msg = read_client(frame)
        except ProtocolError as err:
            return self._refuse(conn, err, fatal=peer.seat is None)
        if peer.seat is None:
            return self._hello(conn, peer, msg)
        match msg:
            case Hello():
                return self._refuse(conn, ProtocolError("hello-twice", "you already have a seat"))
            case Bye():
                return self._drop(conn) + [Close(conn, 1000, "bye")]
            case Sync():
                return [Send(conn, self._arrival(peer.seat))]
            case Say(phrase):
                return self._say(conn, peer, peer.seat, phrase, now)
            case Act():
                return self._act(conn, peer.seat, msg, now)
            case _:
                assert_never(msg)

    def leave(self, conn: int) -> list[Out]:
        """``conn`` has ended: its seat, if it had one, goes to a bot."""
        return self._drop(conn)

    def _drop(self, conn: int) -> list[Out]:
        peer = self._peers.pop(conn, None)
        if peer is None or peer.seat is None or self._conns.get(peer.seat) != conn:
            return []
        del self._conns[peer.seat]
        self._away_since.setdefault(peer.seat, len(self.game.actions))
        self.seating.taken.discard(peer.seat)
        return self._seats_changed()

    def _refuse(self, conn: int, err: ProtocolError, fatal: bool = False) -> list[Out]:
        self.refused += 1
        peer = self._peers[conn]
        peer.manners.strikes += 1
        outs: list[Out] = [Send(conn, Refused(err.code, err.reason))]
        if fatal:
            return outs + self._drop(conn) + [Close(conn, 1008, err.code)]
        if peer.manners.strikes > MAX_STRIKES:  # it keeps sending garbage: let it go
            return outs + self._drop(conn) + [Close(conn, 1008, "too many refused messages")]
        return outs

    def _hello(self, conn: int, peer: _Peer, msg: object) -> list[Out]:
        if not isinstance(msg, Hello):
            return self._refuse(
                conn, ProtocolError("hello-first", "say hello with the join code first"), True
            )
        if not self.seating.matches_code(msg.code):
            err = ProtocolError("wrong-code", "that is not this table's join code")
            return self._refuse(conn, err, True)
        identity = None if msg.key is None else identity_of(msg.key)
        seat: int | None
        if msg.token is not None:
            seat = self.seating.seat_of_token(msg.token)
            if seat is None and identity is not None:
                seat = self.seating.owned_by(identity)  # the host restarted: new tokens
            if seat is None:
                err = ProtocolError("bad-token", "that seat's token is not known here")
                return self._refuse(conn, err, True)
        else:
            seat = self.seating.seat_for(name=msg.name, identity=identity)
            if seat is None:
                err = ProtocolError("full", "every seat at this table is taken")
                return self._refuse(conn, err, True)
        outs: list[Out] = []
        old = self._conns.get(seat)
        if old is not None:  # the same person again (a new window): the old one goes
            outs += self._drop(old) + [Send(old, Bye("replaced")), Close(old, 1000, "replaced")]
        peer.seat = seat
        self._conns[seat] = conn
        self._ready.discard(seat)
        self.seating.take(seat, msg.name, identity)
        n = self.game.state.players
        outs += [Send(conn, Seat(seat, self.seating.tokens[seat], n))]
        outs += [Send(conn, self._arrival(seat, self._away_since.pop(seat, None)))]
        return outs + self._seats_changed()

    def _arrival(self, seat: int, since: int | None = None) -> Update:
        """What a client sees on arriving (or asking for a sync): the game as it
        stands, with the first deal's events if nothing was played yet; a person back
        at their seat gets what it saw since they left (``since`` actions in), the
        newest :data:`MAX_EVENTS` of it, for their log."""
        g = self.game
        played = len(g.actions)
        if not played:
            told = tuple(events_for_seat(g.opening_events, seat))
        elif since is not None and since < played:
            told = tuple(events_for_seat(g.events_since(since), seat))[-MAX_EVENTS:]
        else:
            told = ()
        return Update(None, None, told, PlayerView.of(g.state, seat), played)

    # ------------------------------------------------------------ the host's commands

    def begin(self) -> list[Out]:
        """Start the game (from the lobby): open seats are played by bots until filled."""
        if self.started:
            return []
        self.started = True
        return self._seats_changed()

    def remove(self, seat: int) -> list[Out]:
        """The host sends a friend away from the lobby: told ``removed``, disconnected,
        the seat's token renewed (their window cannot come back on it) and the seat
        open again. Not the host's own seat, not once the game has started."""
        conn = self._conns.get(seat)
        if self.started or seat == 0 or conn is None:
            return []
        outs = self._drop(conn) + [Send(conn, Bye("removed")), Close(conn, 1000, "removed")]
        self.seating.free(seat)
        return outs + self._seats_changed()

    def set_turn_limit(self, seconds: int) -> list[Out]:
        """The host sets the turn timer (0: off), in the lobby: everyone is told."""
        if self.started or not 0 <= seconds <= MAX_TURN_LIMIT:
            return []
        self.turn_limit = seconds
        return self._seats_changed()

    def again(self, game: Game) -> list[Out]:
        """Play again: once this game is over, ``game`` (a new one for as many players)
        is played by the same people at the same seats. Everyone is told (``again``)
        and gets its deal; a person away when it starts is told it when they are back."""
        if self.game.state.phase != GAME_OVER or game.state.players != self.game.state.players:
            return []
        self.game = game
        self.bots = SeatedBots()
        self._ready.clear()
        self._host_ready_at = None
        self._clock = self._late = None
        self._away_since = {  # the people not here: told the new game when they are back
            seat: 0
            for seat, plan in enumerate(self.plans)
            if plan.kind == PERSON and seat not in self._conns
        }
        outs: list[Out] = []
        for seat, conn in self._conns.items():
            outs += [Send(conn, Again()), Send(conn, self._arrival(seat))]
        self._saved()
        return outs + self._seats_changed()

    def goodbye(self, reason: str) -> list[Out]:
        """Every connection is told ``reason`` (the host is leaving)."""
        return [Send(conn, Bye(reason)) for conn in self._peers]

    # ------------------------------------------------------------ the game

    def _act(self, conn: int, seat: int, msg: Act, now: float) -> list[Out]:
        s = self.game.state
        if not self.started:
            return self._refuse(conn, ProtocolError("not-started", "the game has not started"))
        if msg.action.kind == NEXT_ROUND and s.phase == ROUND_OVER:
            self._ready.add(seat)  # the round moves on when every person has asked
            if seat == 0 and self._host_ready_at is None:
                self._host_ready_at = now
            return self.tick(now)
        if s.current != seat:
            return self._refuse(conn, ProtocolError("not-your-turn", "it is not your turn"))
        if msg.turn is not None and msg.turn != s.turn:
            err = ProtocolError("stale", "that move was meant for another turn")
            return self._refuse(conn, err)
        try:
            return self._apply(msg.action)
        except IllegalAction:
            refusal = s.refusal(msg.action)
            return self._refuse(conn, ProtocolError(str(refusal.code), str(refusal)))

    def _apply(self, action: Action) -> list[Out]:
        g = self.game
        mover = g.state.current
        events = g.apply(action)  # IllegalAction leaves the game untouched
        self._ready.clear()
        self._host_ready_at = None
        seq = len(g.actions)
        outs: list[Out] = []
        for seat, conn in self._conns.items():
            seen = tuple(events_for_seat(events, seat))
            outs.append(Send(conn, Update(mover, action, seen, PlayerView.of(g.state, seat), seq)))
        over = next((e for e in events if isinstance(e, ev.GameOver)), None)
        if over is not None:
            scores = tuple(g.state.scores())
            outs += [Send(c, Over(scores, tuple(over.winners))) for c in self._conns.values()]
        self._saved()
        return outs

    def _saved(self) -> None:
        if self.save is not None:
            try:
                self.save(self.game)
            except Exception as err:  # noqa: BLE001 - a failed save is a notice
                if self.notice is not None:
                    self.notice(str(err))

    def _say(self, conn: int, peer: _Peer, seat: int, phrase: str, now: float) -> list[Out]:
        if peer.said_at is not None and now - peer.said_at < SAY_EVERY * 0.8:  # jitter
            return self._refuse(conn, ProtocolError("flood", "one quick message at a time"))
        peer.said_at = now
        return [Send(c, Said(seat, phrase)) for c in self._conns.values()]

    def played_by_bot(self, seat: int) -> bool:
        """Whether a bot plays ``seat`` now: a bot's seat, a person's while they are
        away, or the turn a person let the timer run out on."""
        if self._late is not None and self._late == (seat, self.game.state.turn):
            return True
        return self.plans[seat].kind != PERSON or seat not in self._conns

    def bot_turn(self) -> BotTurn | None:
        """The bot's turn to take now, if it is one's (a bot seat, or a person's seat
        while they are away); the bot is made afresh, keeping its seat's reading."""
        s = self.game.state
        if not self.started or s.phase in (GAME_OVER, ROUND_OVER):
            return None
        seat = s.current
        if seat is None or not self.played_by_bot(seat):
            return None
        moved = len(self.game.actions)
        kind = self.plans[seat].kind
        bot = self.bots.bot(self.game, self.fill if kind == PERSON else kind)
        view = PlayerView.of(s, seat)
        return BotTurn(seat, moved, view, tuple(s.legal_actions()), bot)

    def bot_played(self, turn: BotTurn, action: Action) -> list[Out]:
        """The bot's answer to ``turn``: played if the game is still where it was asked
        (else the position moved on: the answer is dropped)."""
        if len(self.game.actions) != turn.moved or not self.played_by_bot(turn.seat):
            return []
        return self._apply(action if action in turn.legal else turn.legal[0])

    def tick(self, now: float) -> list[Out]:
        """The time is ``now``: a finished round goes on if every person asked for the
        next one, or the host's player did ``round_wait`` seconds ago; a person's turn
        past the timer goes to a bot."""
        if not self.started:
            return []
        if self.game.state.phase != ROUND_OVER:
            return self._timer(now)
        everyone = all(seat in self._ready for seat in self._conns)
        asked = self._host_ready_at
        if everyone or (asked is not None and now >= asked + self.round_wait):
            return self._apply(Action.next_round())
        return []

    def _on_the_clock(self) -> tuple[int, int] | None:
        """The (seat, turn) the timer runs for: a person's turn they play themselves."""
        s = self.game.state
        if not self.turn_limit or s.phase in (ROUND_OVER, GAME_OVER):
            return None
        seat = s.current
        if seat is None or self.played_by_bot(seat):
            return None
        return (seat, s.turn)

    def _timer(self, now: float) -> list[Out]:
        on = self._on_the_clock()
        if on != self._clock:  # a new turn on the clock (or none): it starts now
            self._clock, self._clock_since = on, now
            return []
        if on is None or now < self._clock_since + self.turn_limit:
            return []
        self._late = on  # the bot plays the rest of this turn (bot_turn)
        return [Send(c, Late(on[0])) for c in self._conns.values()]

    def wake_at(self) -> float | None:
        """When :meth:`tick` has something to do without a message (None: never)."""
        if not self.started:
            return None
        if self.game.state.phase != ROUND_OVER:
            on = self._on_the_clock()
            if on is None or on != self._clock:
                return None
            return self._clock_since + self.turn_limit
        asked = self._host_ready_at
        return None if asked is None else asked + self.round_wait

    # ------------------------------------------------------------ who sits where

    def _seats(self) -> Seats:
        kinds = []
        for seat, plan in enumerate(self.plans):
            if plan.kind != PERSON:
                kinds.append("bot")
            elif seat in self._conns:
                kinds.append("human")
            else:
                kinds.append("away" if self.started else "open")
        return Seats(tuple(self.seating.names), tuple(kinds), self.started, self.turn_limit)

    def _seats_changed(self) -> list[Out]:
        self.seats_now = self._seats()
        return [Send(conn, self.seats_now) for conn in self._conns.values()]


__all__ = [
    "PERSON",
    "BotTurn",
    "Close",
    "HostTable",
    "Manners",
    "Out",
    "SeatPlan",
    "Send",
]
