"""The hosted game's table without a socket (issue 24): messages in, messages out, the
time passed in. Whole games, refusals, floods, the round's wait, the update numbers
and the seats that belong to a friend's key are all checked here exactly, with no
thread, no sleep and no network."""

from __future__ import annotations

import doctest
import json

from split.bots import make_bot
from split.engine import Game, GameConfig, PlayerView
from split.engine.actions import Action
from split.engine.state import GAME_OVER, ROUND_OVER
from split.net import seating
from split.net.protocol import (
    Bye,
    Hello,
    HostMessage,
    Late,
    Refused,
    Said,
    Seat,
    Update,
    encode,
    read_host,
)
from split.net.remote import RemoteGame
from split.net.seating import new_key
from split.net.table import MAX_STRIKES, PERSON, Close, HostTable, Out, SeatPlan, Send


class Net:
    """The wires between a pure table and its clients: every frame is encoded and read
    back as on a real connection; ``now`` is the table's clock, moved by hand."""

    def __init__(self, table: HostTable) -> None:
        self.table = table
        self.now = 0.0
        self.wires: dict[int, Wire] = {}
        self.lost: list[tuple[int, int]] = []  # updates dropped on purpose: (conn, seq)

    def carry(self, outs: list[Out]) -> None:
        for out in outs:
            wire = self.wires.get(out.conn)
            if wire is None or wire.closed:
                continue
            if isinstance(out, Close):
                wire.closed = True
                self.carry(self.table.leave(out.conn))
                continue
            msg = read_host(encode(out.msg))
            lost = isinstance(msg, Update) and (out.conn, msg.seq) in self.lost
            if lost and msg.action is not None:  # type: ignore[union-attr]
                continue
            wire.inbox.append(msg)

    def connect(self, hello: Hello) -> Wire:
        wire = Wire(self, hello)
        self.wires[wire.conn] = wire
        wire.send(hello)
        return wire

    def bots(self) -> None:
        """Every bot turn due now, and the round's clock."""
        self.carry(self.table.tick(self.now))
        while (turn := self.table.bot_turn()) is not None:
            self.carry(self.table.bot_played(turn, turn.choose()))
            self.carry(self.table.tick(self.now))


class Wire:
    """A client's end: what :class:`~split.net.remote.RemoteGame` needs of a client."""

    def __init__(self, net: Net, hello: Hello) -> None:
        self.net = net
        self.hello = hello
        self.conn = net.table.connect()
        self.inbox: list[HostMessage] = []
        self.closed = False

    def send(self, msg: object) -> None:
        self.send_text(encode(msg))  # type: ignore[arg-type]

    def send_text(self, text: str | bytes) -> None:
        if not self.closed:
            self.net.carry(self.net.table.receive(self.conn, text, self.net.now))

    def poll(self) -> list[HostMessage]:
        out, self.inbox = self.inbox, []
        return out

    def close(self) -> None:
        self.closed = True
        self.net.carry(self.net.table.leave(self.conn))


def _table(players: int, people: int, seed: int, **kw) -> HostTable:
    plans = [SeatPlan(f"P{i}", PERSON if i < people else "normal") for i in range(players)]
    return HostTable(Game(GameConfig(players, seed % players, seed)), plans, **kw)


def _remote(net: Net, name: str, token: str | None = None, key: str | None = None) -> RemoteGame:
    remote = RemoteGame(net.connect(Hello(net.table.seating.code, name, token, key)))  # type: ignore[arg-type]
    remote.pump()
    return remote


def _play(net: Net, remotes: list[RemoteGame], moves: int = 100_000) -> bool:
    """Each person plays its turns with a bot's choice; bots and the clock move on
    (at most ``moves`` rounds of it); whether the game ended."""
    bots = [make_bot("normal", 7 + r.seat) for r in remotes]  # type: ignore[operator]
    for _ in range(moves):
        net.bots()
        moved = False
        for r, bot in zip(remotes, bots, strict=True):
            r.pump()
            s = r.state
            if s is None or r.waiting or s.phase == GAME_OVER:
                continue
            if s.phase == ROUND_OVER:
                if s.round not in r.asked:  # type: ignore[attr-defined]
                    r.asked.add(s.round)  # type: ignore[attr-defined]
                    r.send(Action.next_round())
                    moved = True
            elif s.current == r.seat:
                r.send(bot.choose(PlayerView.of(s, s.current), s.legal_actions()))
                moved = True
        if net.table.game.state.phase == GAME_OVER:
            return True
        if not moved:
            net.now += 1.0
    return False


def _seated(net: Net, people: int) -> list[RemoteGame]:
    remotes = [_remote(net, "P0", net.table.seating.tokens[0])]
    remotes += [_remote(net, f"P{i}") for i in range(1, people)]
    for r in remotes:
        r.asked = set()  # type: ignore[attr-defined]
    assert [r.seat for r in remotes] == list(range(people))
    return remotes


def test_doctests() -> None:
    assert doctest.testmod(seating).failed == 0


def test_a_whole_game_through_the_pure_table_every_view_true_and_numbered() -> None:
    table = _table(4, 3, seed=21)
    net = Net(table)
    remotes = _seated(net, 3)
    seqs: list[int] = []
    carry = net.carry

    def spy(outs: list[Out]) -> None:
        seqs.extend(o.msg.seq for o in outs if isinstance(o, Send) and o.conn == 1
                    and isinstance(o.msg, Update) and o.msg.action is not None)  # fmt: skip
        carry(outs)

    net.carry = spy  # type: ignore[method-assign]
    net.carry(table.begin())
    assert _play(net, remotes)
    g = table.game
    assert g.state.phase == GAME_OVER
    for r in remotes:
        r.pump()
        assert r.view == PlayerView.of(g.state, r.seat)  # type: ignore[arg-type]
        assert r.over is not None and r.over.scores == tuple(g.state.scores())
    assert seqs == list(range(1, len(g.actions) + 1))  # one update per action, in order
    assert table.refused == 0


def test_a_client_that_misses_an_update_asks_for_a_sync_and_is_in_step_again() -> None:
    table = _table(2, 2, seed=3)
    net = Net(table)
    ann, bo = _seated(net, 2)
    net.carry(table.begin())
    net.lost = [(bo.client.conn, 3)]  # type: ignore[attr-defined]  # lost on Bo's way
    sent: list[str] = []
    send_text = bo.client.send_text

    def spy(text: str | bytes) -> None:
        sent.append(json.loads(text)["t"])
        send_text(text)

    bo.client.send_text = spy  # type: ignore[method-assign]
    _play(net, [ann, bo], moves=40)
    assert len(table.game.actions) > 5
    for r in (ann, bo):
        r.pump()
    assert "sync" in sent, "Bo never noticed the gap"
    assert "resync" in [kind for kind, _what in bo.arrivals()]
    assert bo.seq == len(table.game.actions)
    assert bo.view == PlayerView.of(table.game.state, 1)
    net.lost = []
    assert _play(net, [ann, bo])
    bo.pump()
    assert bo.view == PlayerView.of(table.game.state, 1)


def test_the_table_answers_a_sync_with_the_game_as_it_stands() -> None:
    table = _table(2, 2, seed=4)
    net = Net(table)
    ann, _bo = _seated(net, 2)
    net.carry(table.begin())
    _play(net, [ann, _bo], moves=3)
    wire = ann.client
    wire.poll()  # type: ignore[attr-defined]
    wire.send_text('{"v":3,"t":"sync"}')  # type: ignore[attr-defined]
    (msg,) = wire.poll()  # type: ignore[attr-defined]
    assert isinstance(msg, Update) and msg.action is None
    assert msg.seq == len(table.game.actions)
    assert msg.view == PlayerView.of(table.game.state, 0)


def test_hostile_frames_are_refused_and_change_nothing() -> None:
    table = _table(2, 2, seed=5)
    net = Net(table)
    ann, bo = _seated(net, 2)
    net.carry(table.begin())
    before = len(table.game.actions), table.game.state
    wire = bo.client if table.game.state.current == 0 else ann.client
    frames: list[str | bytes] = [
        b"\x00\x01",
        "[" * 3000,
        '{"v":3,"t":"action","action":"draw","turn":1.5}',
        '{"v":3,"t":"action","t":"action","action":"draw"}',
        '{"v":3,"t":"action","action":"draw"}',
        '{"v":3,"t":"action","action":"draw"}',  # not its turn
        '{"v":3,"t":"hello","code":"ABCD","name":"x"}',
        '{"v":3,"t":"sync","extra":1}',
    ]
    for frame in frames:
        wire.send_text(frame)  # type: ignore[attr-defined]
    refusals = [m for m in wire.poll() if isinstance(m, Refused)]  # type: ignore[attr-defined]
    assert len(refusals) == len(frames) == table.refused
    assert [r.code for r in refusals][-3:] == ["not-your-turn", "hello-twice", "bad-field"]
    assert (len(table.game.actions), table.game.state) == before


def test_a_flood_is_refused_by_the_clock_and_then_cut_off() -> None:
    """:data:`~split.net.table.BURST` messages at once are taken, then each is refused
    until the bucket fills again at :data:`~split.net.table.RATE` a second; a
    connection refused more than :data:`MAX_STRIKES` times is closed, its seat away."""
    table = _table(2, 2, seed=6)
    net = Net(table)
    _ann, bo = _seated(net, 2)
    net.carry(table.begin())
    wire = bo.client
    wire.poll()  # type: ignore[attr-defined]
    for _ in range(199):  # the hello took one
        wire.send_text('{"v":3,"t":"sync"}')  # type: ignore[attr-defined]
    assert table.refused == 0
    wire.send_text('{"v":3,"t":"sync"}')  # type: ignore[attr-defined]
    assert table.refused == 1 and not wire.closed  # type: ignore[attr-defined]
    net.now += 0.5  # fifty more may come
    for _ in range(50):
        wire.send_text('{"v":3,"t":"sync"}')  # type: ignore[attr-defined]
    assert table.refused == 1
    for _ in range(MAX_STRIKES):
        wire.send_text('{"v":3,"t":"sync"}')  # type: ignore[attr-defined]
    assert wire.closed  # type: ignore[attr-defined]
    assert table.refused == MAX_STRIKES + 1
    assert table.seats_now.kinds[1] == "away"
    assert table.receive(wire.conn, '{"v":3,"t":"sync"}', net.now) == []  # type: ignore[attr-defined]


def test_the_round_goes_on_when_all_asked_or_a_minute_after_the_host_did() -> None:
    table = _table(2, 2, seed=3, round_wait=60.0)
    net = Net(table)
    ann, bo = _seated(net, 2)
    net.carry(table.begin())
    bo.asked = {1}  # type: ignore[attr-defined]  # Bo leaves the first scores unread
    ann.asked = {1}  # type: ignore[attr-defined]
    _play_to_scores(net, [ann, bo])
    assert table.wake_at() is None  # nobody asked: nothing to wait for
    net.now = 100.0
    ann.send(Action.next_round())
    dealt = len(table.game.actions)
    assert table.wake_at() == 160.0
    net.carry(table.tick(159.9))
    assert len(table.game.actions) == dealt
    net.carry(table.tick(160.0))
    assert len(table.game.actions) == dealt + 1 and table.game.state.round == 2
    assert table.wake_at() is None


def _play_to_scores(net: Net, remotes: list[RemoteGame]) -> None:
    for _ in range(2000):
        if net.table.game.state.phase == ROUND_OVER:
            return
        _play(net, remotes, moves=1)
    raise AssertionError("the round did not end")


def test_every_person_asking_moves_the_round_on_at_once() -> None:
    table = _table(2, 2, seed=3)
    net = Net(table)
    ann, bo = _seated(net, 2)
    net.carry(table.begin())
    ann.asked = bo.asked = {1}  # type: ignore[attr-defined]
    _play_to_scores(net, [ann, bo])
    dealt = len(table.game.actions)
    bo.send(Action.next_round())
    assert len(table.game.actions) == dealt
    ann.send(Action.next_round())
    assert len(table.game.actions) == dealt + 1


def test_a_bots_answer_to_a_position_that_moved_on_is_dropped() -> None:
    table = _table(2, 1, seed=2)
    net = Net(table)
    (ann,) = _seated(net, 1)
    net.carry(table.begin())
    turn = table.bot_turn()
    if turn is None:  # Ann first: her move, then the bot's turn
        s = ann.state
        assert s is not None
        ann.send(s.legal_actions()[0])
        turn = table.bot_turn()
    assert turn is not None and turn.seat == 1
    action = turn.choose()
    net.carry(table.bot_played(turn, action))
    moved = len(table.game.actions)
    assert table.bot_played(turn, action) == []  # asked again for the old position
    assert len(table.game.actions) == moved


def test_a_seat_comes_back_to_its_friend_only_after_a_restart() -> None:
    """Ben and Cleo join with their keys; the host restarts (a new table, the seats'
    identities and names from the old one): whoever joins first, each gets their own
    seat back, and a stranger without the key gets none of them (issue 26)."""
    ben, cleo = new_key(), new_key()
    first = _table(3, 3, seed=7)
    net = Net(first)
    host = _remote(net, "Ann", first.seating.tokens[0])
    b = _remote(net, "Ben", key=ben)
    c = _remote(net, "Cleo", key=cleo)
    assert (b.seat, c.seat) == (1, 2)
    assert first.seats_now.names == ("Ann", "Ben", "Cleo")
    old_token = c.token
    plans = [SeatPlan(n, PERSON) for n in first.seating.names]
    again = HostTable(first.game, plans, identities=first.seating.identities)
    net = Net(again)
    _remote(net, "Ann", again.seating.tokens[0])
    c2 = _remote(net, "Cleo", old_token, key=cleo)  # a window that kept its old token
    stranger = _remote(net, "Ben")  # the name alone is not the seat
    b2 = _remote(net, "Ben", key=ben)
    assert (c2.seat, b2.seat) == (2, 1)
    assert stranger.seat is None and stranger.client.closed  # type: ignore[attr-defined]
    assert [(k, w.code) for k, w in stranger.arrivals()] == [("refused", "full")]
    assert again.seats_now.names == ("Ann", "Ben", "Cleo")
    del host


def test_a_refused_hello_is_told_its_reason_and_closed() -> None:
    table = _table(2, 2, seed=4)
    net = Net(table)
    wrong = net.connect(Hello("ZZZZZZ", "Eve"))
    assert [type(m) for m in wrong.inbox] == [Refused] and wrong.closed
    assert wrong.inbox[0].code == "wrong-code"  # type: ignore[union-attr]
    bo = net.connect(Hello(table.seating.code, "Bo"))
    assert isinstance(bo.inbox[0], Seat) and bo.inbox[0].seat == 1
    full = net.connect(Hello(table.seating.code, "Cy"))
    assert full.closed and full.inbox[0].code == "full"  # type: ignore[union-attr]
    again = net.connect(Hello(table.seating.code, "Bo", bo.inbox[0].token))
    assert isinstance(again.inbox[0], Seat) and bo.closed
    assert Bye("replaced") in bo.inbox


def test_a_person_back_at_their_seat_is_told_what_it_saw_meanwhile() -> None:
    """Issue 26 item 7: Bo's window closes; the host's bot plays his seat and Ann plays
    on. Bo back in a new window (his seat's token) gets, with the position, the events
    his seat saw since he left (R10: his own cards only), for his log; Ann, who never
    left, gets none on a sync; a first arrival before any move gets the deal."""
    from split.net.secrecy import events_for_seat

    table = _table(2, 2, seed=8)
    net = Net(table)
    ann, bo = _seated(net, 2)
    assert [e.__class__.__name__ for e in bo.opening_events][:1] == ["RoundStarted"]
    net.carry(table.begin())
    _play(net, [ann, bo], moves=4)
    token, left = bo.token, len(table.game.actions)
    bo.client.close()  # type: ignore[attr-defined]
    _play(net, [ann], moves=12)
    g = table.game
    assert any(seat == 1 for seat, _turn in g.movers[left:]), "the bot played for Bo"
    back = _remote(net, "Bo", token)
    assert back.seat == 1 and back.opening_events == [], "no deal to animate"
    assert back.history() == events_for_seat(g.events_since(left), 1)
    assert back.history(), "Bo's log starts with what he missed"
    ann.client.poll()  # type: ignore[attr-defined]
    ann.client.send_text('{"v":3,"t":"sync"}')  # type: ignore[attr-defined]
    (msg,) = ann.client.poll()  # type: ignore[attr-defined]
    assert isinstance(msg, Update) and msg.events == ()


# ------------------------------------------------------------------ the people (issue 26)


def test_a_quick_message_reaches_every_seat_and_a_burst_is_refused() -> None:
    table = _table(3, 2, seed=5)
    net = Net(table)
    ann, bo = _seated(net, 2)
    net.carry(table.begin())
    for r in (ann, bo):
        r.arrivals()
    bo.say("well-played")
    ann.pump()
    said = [what for kind, what in ann.arrivals() if kind == "said"]
    assert said == [Said(1, "well-played")]  # seat 1 (Bo), a phrase, not free text
    assert [what for kind, what in bo.arrivals() if kind == "said"] == said  # his own board too
    bo.say("oops")  # at once again: the window holds it back ...
    bo.client.send_text('{"v":3,"t":"say","phrase":"oops"}')  # type: ignore[attr-defined]
    assert [k for k, _w in ann.arrivals() if k == "said"] == []  # ... and the host refuses it
    assert table.refused == 1
    net.now += 2.0
    bo._said_at = None  # the window's own clock moved on too
    bo.say("oops")
    assert [w for k, w in ann.arrivals() if k == "said"] == [Said(1, "oops")]
    bo.client.send_text('{"v":3,"t":"say","phrase":"a free text"}')  # type: ignore[attr-defined]
    assert table.refused == 2
    assert [k for k, _w in ann.arrivals() if k == "said"] == []


def test_the_turn_timer_gives_a_late_turn_to_a_bot_and_says_so() -> None:
    table = _table(2, 2, seed=7, turn_limit=30)
    net = Net(table)
    ann, bo = _seated(net, 2)
    net.carry(table.begin())
    net.bots()  # the clock starts on the first turn
    seat = table.game.state.current
    assert seat is not None and table.bot_turn() is None  # a person's turn: they play it
    assert table.wake_at() == net.now + 30
    net.now += 29.0
    net.bots()
    assert table.game.state.current == seat and not table.game.actions
    net.now += 1.0
    turn = table.game.state.turn
    net.bots()  # time is up: everyone is told, and a bot plays the rest of that turn
    assert table.game.actions, "nobody played the late turn"
    assert table.game.state.turn > turn and table.game.state.current != seat
    for r in (ann, bo):
        r.pump()
        assert ("late", Late(seat)) in r.arrivals()
    assert table.bot_turn() is None  # the next person's turn is theirs again


def test_no_turn_timer_unless_the_host_sets_one_in_the_lobby() -> None:
    table = _table(2, 2, seed=6)
    net = Net(table)
    ann, _bo = _seated(net, 2)
    assert ann.seats is not None and ann.seats.turn_limit == 0
    net.carry(table.set_turn_limit(60))
    ann.pump()
    assert ann.seats.turn_limit == 60  # the friends' lobby shows it
    net.carry(table.set_turn_limit(100_000))  # out of bounds: kept as it was
    assert table.turn_limit == 60
    net.carry(table.set_turn_limit(0))
    net.carry(table.begin())
    net.carry(table.set_turn_limit(30))  # not once the game has started
    assert table.turn_limit == 0
    net.bots()
    net.now += 10_000
    net.bots()
    assert not table.game.actions  # nobody's turn was taken from them


def test_play_again_deals_a_new_game_to_the_same_people_at_the_same_seats() -> None:
    table = _table(3, 2, seed=8)
    net = Net(table)
    ann, bo = _seated(net, 2)
    net.carry(table.begin())
    fresh = Game(GameConfig(3, 2, 99))
    assert table.again(fresh) == []  # not before the game is over
    assert _play(net, [ann, bo])
    for r in (ann, bo):
        r.pump()
        assert r.over is not None
    net.carry(table.again(fresh))
    assert table.game is fresh
    for r, seat in ((ann, 0), (bo, 1)):
        r.pump()
        assert r.again_offered and r.over is not None  # the finished game stays shown ...
        r.start_again()  # ... until the window goes to the new table
        assert r.seat == seat and r.over is None and r.seq == 0
        assert r.view == PlayerView.of(fresh.state, seat)
        assert r.opening_events  # the new deal, to be animated
        r.asked = set()  # type: ignore[attr-defined]  # the helper's memory of rounds
    assert _play(net, [ann, bo])  # and the new game plays to its end
    assert fresh.state.phase == GAME_OVER
