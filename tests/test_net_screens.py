"""Network play through the real window loop (issue 15): host a table from the
new-game screen, a friend joins with the code, the game is played to its end with
the mouse; and the join screen joins a host by its address."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import contextlib  # noqa: E402
import random  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402
from app_driver import button, click_button, key, post, start  # noqa: E402
from net_play import Player, join, until  # noqa: E402
from ui_driver import gesture  # noqa: E402

from split.app.session import load_session  # noqa: E402
from split.app.stats import load_stats  # noqa: E402
from split.bots import BOT_NAMES, make_bot  # noqa: E402
from split.engine import Game, GameConfig, PlayerView  # noqa: E402
from split.engine.state import GAME_OVER, ROUND_OVER, Phase  # noqa: E402
from split.net.host import Host, SeatPlan  # noqa: E402
from split.net.protocol import SAY_EVERY, Said  # noqa: E402
from split.ui.menu.lobby import JoinScene, LobbyScene, NetResults, net_game  # noqa: E402
from split.ui.menu.main import MainMenu  # noqa: E402
from split.ui.menu.setup import SetupScene  # noqa: E402
from split.ui.results import RoundSummaryScene  # noqa: E402

pytestmark = pytest.mark.usefixtures("data")  # a data folder of its own (conftest)


def _type(app, text: str) -> None:
    for ch in text:
        post(pygame.TEXTINPUT, text=ch)
    app.run_frames(2)


def _play_to_the_end(app, table, friends, rng, stall: float = 30) -> int:
    """The window's player plays with the mouse, the friends with their bots; returns
    the number of gestures made. Fails when nothing moves for ``stall`` seconds: a
    game that goes on, however slowly this machine plays it, is not a failure."""
    import time

    made = 0
    seen: object = None
    moved = time.monotonic()
    while time.monotonic() - moved < stall:
        for f in friends:
            f.step()
        app.run_frames(1)
        scene = app.scene
        if isinstance(scene, NetResults):
            return made
        if isinstance(scene, RoundSummaryScene):
            click_button(app, "next")
            continue
        if scene is table and table.legal() and not table.busy():
            action = rng.choice(table.legal())
            gesture(app, table, action)
            made += 1
        else:
            time.sleep(0.001)  # as the real loop idles: the host's thread gets its turn
        now = (made, type(scene), *(f.remote.seq for f in friends))
        if now != seen:
            seen, moved = now, time.monotonic()
    raise AssertionError(f"the game stood still for {stall} s")


def _your_turn(app, table, seconds: float = 10, each=None) -> bool:
    """Run the loop (in real time: the host answers over the network) until the table
    waits for the window's player."""
    import time

    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if each is not None:
            each()
        app.run_frames(1)
        if table.legal() and not table.busy():
            return True
        time.sleep(0.002)
    return False


@pytest.mark.slow  # a whole network game through the screens
def test_host_a_table_a_friend_joins_and_the_game_is_played_to_its_end(data):
    app, ctx = start(seed=3)
    ctx.change(speed="instant")
    click_button(app, "new")
    setup = app.scene
    assert isinstance(setup, SetupScene)
    while setup.seats[1].kind != "human":  # seat 2 is for a friend
        click_button(app, "kind1")
    click_button(app, "host")
    lobby = app.scene
    assert isinstance(lobby, LobbyScene)
    net = lobby.net
    code = net.code
    assert code is not None and len(code) == 6
    assert until(lambda: app.run_frames(1) or net.game.ready, 5)
    assert button(app, "start").enabled
    # a friend on another computer joins with the code shown
    friend = Player(join(net.host.port, code, "Bo"))
    assert friend.remote.seat == 1
    seats = lambda: app.run_frames(1) or (net.game.seats and net.game.seats.kinds[1] == "human")  # noqa: E731
    assert until(seats, 5)
    assert net.game.seats.names[1] == "Bo"
    click_button(app, "start")
    assert until(lambda: app.run_frames(1) or net_game(app.scene) is not None, 5)
    table = app.scene
    assert table.names[1] == "Bo" and table.viewer == 0
    made = _play_to_the_end(app, table, [friend], random.Random(4))
    assert made > 20
    host_game = net.host.game
    assert host_game.state.phase == GAME_OVER
    assert table.state.phase == GAME_OVER
    assert friend.remote.view == PlayerView.of(host_game.state, 1)
    assert table.model.rows == host_game.state.rows  # the window shows the host's sheets
    click_button(app, "leave")
    assert isinstance(app.scene, MainMenu)
    assert not load_session().value  # a finished hosted game leaves no save behind
    # the statistics count the game for the host's player only: Bo is a friend
    stats = load_stats()[0]
    assert stats.games == 1 and stats.wins == (0 in host_game.state.winners())
    kinds = [sheet["kind"] for sheet in stats.recent[0]["sheets"]]
    assert kinds[:2] == ["human", "friend"] and set(kinds[2:]) <= set(BOT_NAMES)
    assert sum(played for played, _ in stats.by_strength.values()) == len(set(kinds[2:]))


def test_a_hosted_game_is_saved_and_continue_hosts_it_again(data):
    app, ctx = start(seed=5)
    ctx.change(speed="instant")
    click_button(app, "new")
    while app.scene.seats[1].kind != "human":
        click_button(app, "kind1")
    click_button(app, "host")
    net = app.scene.net
    assert until(lambda: app.run_frames(1) or net.game.ready, 5)
    click_button(app, "start")
    assert until(lambda: app.run_frames(1) or net_game(app.scene) is not None, 5)
    table = app.scene
    assert net_game(table) is not None, app.scene
    for _ in range(6):  # a few moves of the window's player (the friend's seat: a bot)
        assert _your_turn(app, table), "the table never waited for the player"
        gesture(app, table, table.legal()[0])
    played = len(net.host.game.actions)

    def saved_now():  # the host saves on its own thread, just after each action
        value = load_session().value
        return value if value is not None and len(value.game.actions) >= played - 1 else None

    assert until(saved_now, 5), "the host saved the game"
    saved = saved_now()
    assert saved.hosted
    key(app, pygame.K_ESCAPE)
    click_button(app, "yes")  # leave: the game ends for everyone, the save stays
    assert isinstance(app.scene, MainMenu)
    app.scene.saved = ctx.load_saved()
    click_button(app, "continue")
    lobby = app.scene
    assert isinstance(lobby, LobbyScene)
    friend = join(lobby.net.host.port, lobby.net.code, saved.seats[1].name)
    assert friend.seat == 1  # the friend's seat, by the friend's name
    click_button(app, "start")
    assert until(lambda: app.run_frames(1) or net_game(app.scene) is not None, 5)
    assert len(lobby.net.host.game.actions) >= len(saved.game.actions)
    net_game(app.scene).leave_table(app.scene)


def test_continue_gives_each_friend_their_own_seat_and_the_save_keeps_their_names(
    data, tmp_path_factory
):
    """Ben and Cleo join from their own windows (each with a key in their own data
    folder), a few moves are played, the host leaves and continues: Cleo, joining
    first, gets her own seat back, not Ben's; a stranger who types Ben's name gets
    none; Ben gets his. The save names the seats as the friends joined, not as the
    setup screen had them (issue 26)."""
    from split.app.network import join_table
    from split.net.client import Client

    app, ctx = start(seed=5)
    ctx.change(speed="instant")
    click_button(app, "new")
    for seat in (1, 2):
        while app.scene.seats[seat].kind != "human":
            click_button(app, f"kind{seat}")
    placeholders = [s.name for s in app.scene.seats]
    click_button(app, "host")
    net = app.scene.net
    assert until(lambda: app.run_frames(1) or net.game.ready, 5)
    address = f"127.0.0.1:{net.host.port}"
    folders = {n: tmp_path_factory.mktemp(n) for n in ("ben", "cleo")}
    ben = Player(join_table(address, net.code, "Ben", folder=folders["ben"]).game)
    assert until(lambda: ben.remote.pump() or ben.remote.ready, 5)
    cleo = Player(join_table(address, net.code, "Cleo", folder=folders["cleo"]).game)
    assert until(lambda: cleo.remote.pump() or cleo.remote.ready, 5)
    assert (ben.remote.seat, cleo.remote.seat) == (1, 2)
    assert "Ben" not in placeholders and "Cleo" not in placeholders
    click_button(app, "start")
    assert until(lambda: app.run_frames(1) or net_game(app.scene) is not None, 5)
    table = app.scene
    for _ in range(3):
        assert _your_turn(app, table, each=lambda: (ben.step(), cleo.step())), "no turn came"
        gesture(app, table, table.legal()[0])
    played = len(net.host.game.actions)

    def saved_now():
        value = load_session().value
        return value if value is not None and len(value.game.actions) >= played else None

    assert until(saved_now, 5), "the host saved the game"
    assert [s.name for s in saved_now().seats][1:3] == ["Ben", "Cleo"]
    for friend in (ben, cleo):
        friend.remote.leave()
    key(app, pygame.K_ESCAPE)
    click_button(app, "yes")
    app.scene.saved = ctx.load_saved()
    click_button(app, "continue")
    lobby = app.scene
    assert isinstance(lobby, LobbyScene)
    address = f"127.0.0.1:{lobby.net.host.port}"
    cleo2 = join_table(address, lobby.net.code, "Cleo", folder=folders["cleo"]).game
    assert until(lambda: cleo2.pump() or cleo2.ready, 5)
    stranger = Client("127.0.0.1", lobby.net.host.port, lobby.net.code, "Ben").start()
    assert until(lambda: stranger.closed.is_set(), 5)
    assert [m.code for m in stranger.poll()] == ["full"]  # Ben's seat is Ben's
    ben2 = join_table(address, lobby.net.code, "Ben", folder=folders["ben"]).game
    assert until(lambda: ben2.pump() or ben2.ready, 5)
    assert (cleo2.seat, ben2.seat) == (2, 1)
    assert lobby.net.host.seats_now.names[1:3] == ("Ben", "Cleo")
    for remote in (cleo2, ben2):
        remote.leave()
    lobby.net.leave()


def test_the_join_screen_joins_a_table_by_its_address(data):
    plans = [SeatPlan("Ann", "human"), SeatPlan("Bo", "human")]
    host = Host(Game(GameConfig(2, 0, 9)), plans, pause=0)
    host.start("127.0.0.1", 0)
    try:
        ann = Player(join(host.port, host.code, "Ann", host.own_token))
        app, ctx = start(seed=1)
        ctx.change(speed="instant")
        click_button(app, "new")
        click_button(app, "join")
        scene = app.scene
        assert isinstance(scene, JoinScene)
        assert not button(app, "join").enabled  # nothing typed yet
        click_button(app, "address")
        _type(app, f"127.0.0.1:{host.port}")
        click_button(app, "code")
        _type(app, host.code.lower())  # read in capitals
        click_button(app, "join")
        lobby = app.scene
        assert isinstance(lobby, LobbyScene)
        assert until(lambda: ann.step() or app.run_frames(1) or lobby.net.game.ready, 5)
        assert lobby.net.game.seat == 1
        host.begin()
        started = lambda: ann.step() or app.run_frames(1) or net_game(app.scene) is not None  # noqa: E731
        assert until(started, 5)
        table = app.scene
        assert net_game(table) is not None
        assert _your_turn(app, table, each=ann.step)
        host.stop()
        assert until(lambda: app.run_frames(1) or table.gone, 5)
        assert table.gone and "host" in table.prompt()[0].lower()
    finally:
        host.stop()


def test_a_wrong_address_is_explained_on_the_join_screen(data):
    app, ctx = start(seed=1)
    click_button(app, "new")
    click_button(app, "join")
    for field, text in (("address", "my laptop"), ("code", "ABCD"), ("name", "x")):
        click_button(app, field)
        _type(app, text)
    click_button(app, "join")
    assert isinstance(app.scene, JoinScene)
    assert "address" in app.scene.error


def test_the_join_code_and_addresses_keep_their_digits_in_persian(data, monkeypatch):
    from test_i18n_screens import _Lobby
    from ui_driver import record_texts

    from split import i18n
    from split.i18n import localize_digits

    app, ctx = start(seed=1)
    ctx.change(language="fa")
    try:
        texts = record_texts(monkeypatch)
        app.push(LobbyScene(ctx, _Lobby()))
        app.run_frames(3)
        shown = [localize_digits(words, "fa") for words, _rect in texts]
        assert any("EW2FWP" in t for t in shown)  # typed by the friends as it reads
        assert any("192.168.100.200" in t for t in shown)
        assert not any("\u06f2" in t and "EW" in t for t in shown)  # no Persian two
    finally:
        i18n.set_language("en")


def test_moves_made_before_the_table_opens_are_played_once(data):
    """The host starts and Ann plays her turn before this window's table opens: the
    table animates the deal and Ann's moves once each and ends where the host is."""
    with _bo_joins_ann() as (host, ann, app, net):
        host.begin()
        g = host.game
        assert until(lambda: ann.step() or g.state.current == 1, 10)  # Ann's whole turn
        assert len(g.actions) >= 2
        assert until(lambda: app.run_frames(1) or net_game(app.scene) is not None, 5)
        table = app.scene
        assert _your_turn(app, table)
        assert table.model.same_as(table.state)
        assert sorted(table.model.hands[1]) == sorted(PlayerView.of(g.state, 1).hand)
        net_game(table).leave_table(table)


def _kind(net, seat: int) -> str | None:
    """Who sits at ``seat`` as the lobby last heard (None before it heard the seats:
    on a busy machine the welcome can come a step before them)."""
    seats = net.game.seats
    return None if seats is None else seats.kinds[seat]


@contextlib.contextmanager
def _bo_joins_ann(game: Game | None = None, **host_options):
    """Ann hosts a two-seat game (``game``, else a new one; played by ``Player``; dealer
    Bo, so Ann plays first) and this window joins it as Bo; the lobby is open and
    ready. Yields (host, ann, app, net)."""
    plans = [SeatPlan("Ann", "human"), SeatPlan("Bo", "human")]
    game = game if game is not None else Game(GameConfig(2, 1, 12))
    host = Host(game, plans, pause=0, **host_options)
    host.start("127.0.0.1", 0)
    try:
        ann = Player(join(host.port, host.code, "Ann", host.own_token))
        app, ctx = start(seed=1)
        ctx.change(speed="instant")
        net = ctx.join_table(f"127.0.0.1:{host.port}", host.code, "Bo")
        app.push(LobbyScene(ctx, net))
        assert until(lambda: app.run_frames(1) or net.game.ready, 5)
        yield host, ann, app, net
    finally:
        host.stop()


@pytest.mark.slow  # whole network rounds through the screens
def test_the_round_that_went_on_while_you_read_the_scores_is_simply_there(data):
    """Bo reads the scores long; the host's player asked for the next round and the
    host stopped waiting (``round_wait``). Bo's "Next round" then shows the round under
    way: nothing is sent, nothing refused."""
    import time

    with _bo_joins_ann(round_wait=0.3) as (host, ann, app, _net):
        host.begin()
        assert until(lambda: app.run_frames(1) or net_game(app.scene) is not None, 5)
        table = app.scene
        rng = random.Random(2)
        deadline = time.monotonic() + 60
        while not isinstance(app.scene, RoundSummaryScene):  # the first round, by mouse
            assert time.monotonic() < deadline, "the round did not end"
            ann.step()
            app.run_frames(1)
            if app.scene is table and table.legal() and not table.busy():
                gesture(app, table, rng.choice(table.legal()))
        g = host.game
        assert until(lambda: ann.step() or g.state.round == 2, 5), "the host waited for Bo"
        app.run_frames(5)
        assert isinstance(app.scene, RoundSummaryScene), "Bo is still reading"
        refused = host.refused
        click_button(app, "next")
        assert app.scene is table
        assert until(lambda: app.run_frames(1) or table.model.same_as(table.state), 5)
        assert table.state.round == 2 and table.model.round == 2
        assert table.ui.error is None and host.refused == refused
        # played to the end, the game counts in Bo's statistics, as Bo's game
        _play_to_the_end(app, table, [ann], rng)
        stats = load_stats()[0]
        assert stats.games == 1 and stats.wins == (1 in g.state.winners())
        assert [sheet["kind"] for sheet in stats.recent[0]["sheets"]] == ["friend", "human"]
        assert stats.best == g.state.score(1) and not stats.by_strength


def test_a_new_round_clears_the_wait_for_the_others_and_says_whose_turn_it_is(data):
    """Bo asks for the next round first and is told he waits for the others; when Ann
    asks too the round is dealt, and Bo's prompt says whose turn it is, not the wait
    (issue 26: the wait stayed until Bo's own move, and "Your turn" never came)."""
    import time

    from split.ui.table.narration import prompt_line

    near = _near_the_end(GameConfig(2, 1, 12), left=6, end=ROUND_OVER)
    with _bo_joins_ann(near) as (host, ann, app, _net):
        ann.asked_round = 1  # Ann reads the first round's scores until told
        host.begin()
        assert until(lambda: app.run_frames(1) or net_game(app.scene) is not None, 5)
        table = app.scene
        bo = make_bot("normal", 1)  # the bots' line: the round ends in a few moves
        deadline = time.monotonic() + 60
        while not isinstance(app.scene, RoundSummaryScene):  # the round's end, by mouse
            assert time.monotonic() < deadline, "the round did not end"
            ann.step()
            app.run_frames(1)
            if app.scene is table and table.legal() and not table.busy():
                view = PlayerView.of(table.state, table.viewer)
                gesture(app, table, bo.choose(view, table.legal()))
        click_button(app, "next")  # Bo first: he waits for Ann
        assert app.scene is table and table.ui.note is not None
        assert "Waiting" in table.ui.note.text(table.names)
        ann.asked_round = -1  # now Ann asks too: the second round is dealt
        g = host.game
        assert until(lambda: ann.step() or g.state.round == 2, 5)

        def dealt() -> bool:  # the deal has reached Bo's table and is shown
            app.run_frames(1)
            return table.state.round == 2 and table.model.same_as(table.state)

        assert until(dealt, 10)
        assert table.ui.note is None
        line, _tone = prompt_line(
            table.state,
            table.names,
            error=table.ui.error,
            note=table.ui.note,
            busy=False,
            your_turn=table.state.current == 1,
            you=1,
        )
        assert "Waiting" not in line and line
        net_game(table).leave_table(table)


def test_a_dropped_player_shows_as_away_on_the_other_windows(data, monkeypatch):
    """Ann's window goes (her seat played by the host's bot): Bo's table says so on
    her seat, "away (a bot plays)", not "on the network" as while she was there."""
    from ui_driver import record_texts

    with _bo_joins_ann() as (host, ann, app, _net):
        host.begin()
        assert until(lambda: app.run_frames(1) or net_game(app.scene) is not None, 5)
        table = app.scene
        texts = record_texts(monkeypatch)
        table.invalidate()
        app.run_frames(2)
        assert any("on the network" in words for words, _r in texts)
        assert table.kinds[0] == "remote"
        ann.remote.leave()
        assert until(lambda: app.run_frames(1) or table.kinds[0] == "away", 5)
        texts.clear()
        table.invalidate()
        app.run_frames(2)
        shown = " ".join(words for words, _r in texts)
        assert "away (a bot plays)" in shown and "on the network" not in shown
        net_game(table).leave_table(table)


def test_the_host_removes_a_friend_from_the_lobby(data):
    """A friend's row in the host's lobby has a Remove button: pressed, the friend is
    told so on their screen and the seat waits for someone else."""
    app, ctx = start(seed=5)
    click_button(app, "new")
    setup = app.scene
    while setup.seats[1].kind != "human":
        click_button(app, "kind1")
    click_button(app, "host")
    lobby = app.scene
    net = lobby.net
    assert until(lambda: app.run_frames(1) or net.game.ready, 5)
    assert not [b for b in lobby.buttons if b.name.startswith("remove")]  # nobody yet
    friend_app, friend_ctx = start(seed=6)
    friend_net = friend_ctx.join_table(f"127.0.0.1:{net.host.port}", net.code, "Bo")
    friend_app.push(LobbyScene(friend_ctx, friend_net))
    seated = lambda: app.run_frames(1) or _kind(net, 1) == "human"  # noqa: E731
    assert until(lambda: friend_app.run_frames(1) or seated(), 5)
    app.run_frames(2)
    assert [b.name for b in lobby.buttons if b.name.startswith("remove")] == ["remove1"]
    click_button(app, "remove1")
    texts = lambda: friend_app.run_frames(1) or friend_net.game.gone is not None  # noqa: E731
    assert until(texts, 5) and friend_net.game.gone.code == "removed"
    friend_app.scene.dirty = True
    friend_app.run_frames(1)
    assert friend_app.scene._status() == "The host has sent you away from this table."
    assert until(lambda: app.run_frames(1) or _kind(net, 1) == "open", 5)
    app.run_frames(2)
    assert not [b for b in lobby.buttons if b.name.startswith("remove")]
    assert button(app, "start").enabled


def test_a_friend_turned_away_by_a_busy_host_is_told_so_not_that_it_left():
    """Issue 26 item 2: when strangers hold every place at the host's door, the friend's
    window gives the true reason (the door answers "busy"; see tests/test_net_door.py),
    not "The host has left"."""
    from split.ui.menu.lobby import gone_reason

    said = gone_reason("busy")
    assert "busy" in said and said != gone_reason("lost") == "The host has left."


def test_a_host_without_a_network_is_told_so_and_friends_see_a_name_not_you(data, monkeypatch):
    """Issue 26: with no network the lobby offered 127.0.0.1, which on a friend's
    computer points back at itself; it now says friends cannot reach this computer
    yet. And the host's default name "You" meant nobody at the friends' windows:
    the computer's user name is sent instead."""
    import getpass

    from ui_driver import record_texts

    from split.app import network

    monkeypatch.setattr(network, "local_addresses", lambda: [])
    monkeypatch.setattr(getpass, "getuser", lambda: "ada_lovelace")
    texts = record_texts(monkeypatch)
    app, ctx = start(seed=5)
    click_button(app, "new")
    setup = app.scene
    while setup.seats[1].kind != "human":
        click_button(app, "kind1")
    click_button(app, "host")
    lobby = app.scene
    net = lobby.net
    assert until(lambda: app.run_frames(1) or net.game.ready, 5)
    texts.clear()
    lobby.dirty = True
    app.run_frames(2)
    shown = " ".join(words for words, _r in texts)
    assert "127.0.0.1" not in shown
    assert "friends cannot reach it yet" in shown
    friend = Player(join(net.host.port, net.code, "Bo"))
    assert until(lambda: (friend.step() or True) and friend.remote.seats is not None, 5)
    assert friend.remote.seats.names[0] == "Ada lovelace"


@pytest.mark.parametrize(
    ("typed", "login", "sent"),
    [
        ("Mina", "ada", "Mina"),  # a name typed is sent as typed
        ("You", "ada", "Ada"),  # the default is the computer's user name
        ("Player 1", "ada", "Ada"),  # so is the host's "Player 1" of a hot-seat setup
        ("You", "root", "Player 1"),  # an administrator's account is nobody's name
        ("  ", "ada", "Ada"),
    ],
)
def test_the_name_sent_to_friends(monkeypatch, typed, login, sent):
    """Issue 26: your own name as the other windows see it."""
    import getpass

    from split.app.network import own_name
    from split.i18n import YOU

    monkeypatch.setattr(getpass, "getuser", lambda: login)
    assert own_name(YOU if typed == "You" else typed, "Player 1") == sent


def test_a_friend_is_told_how_to_play_on_when_the_host_leaves(data):
    """Issue 26 item 7: the host's window closes in the middle of a game. Bo's table
    used to say the game was over for everyone; the host's save keeps it, so Bo is told
    how to play on (the host's Continue, the code they read out)."""
    with _bo_joins_ann() as (host, ann, app, net):
        host.begin()
        assert until(lambda: app.run_frames(1) or net_game(app.scene) is not None, 5)
        table = app.scene
        assert until(lambda: ann.step() or app.run_frames(1) or table.legal(), 10)
        host.stop()
        assert until(lambda: app.run_frames(1) or table.gone, 5)
        words = table.ui.note.text(table.names)
        assert "Continue" in words and "code" in words and "over for everyone" not in words
        assert table.legal() == [], "nothing to play on a table whose host is gone"
        net_game(table).leave_table(table)


def test_a_window_back_after_a_lost_connection_tells_what_it_missed(data):
    """Issue 26 item 7: Bo's connection is cut on his turn; the host's bot plays it
    and Ann plays on. Back at the table (the window joins again by itself), Bo's log
    says "While you were away:" and tells those moves, the bot's for him included
    (his log used to leave them out: the table only showed the new position)."""
    from split.engine.events import TurnStarted
    from split.net.secrecy import events_for_seat
    from split.ui.table.narration import logged

    with _bo_joins_ann() as (host, ann, app, net):
        host.begin()
        g = host.game
        assert until(lambda: app.run_frames(1) or net_game(app.scene) is not None, 5)
        table = app.scene
        assert until(lambda: ann.step() or app.run_frames(1) or table.legal(), 10), "Bo's turn"
        left = len(g.actions)
        net.game.client.abort()  # Bo's cable is pulled on his turn
        back = lambda: ann.step() or app.run_frames(1) or "While you were away:" in _log(table)  # noqa: E731
        assert until(back, 15), "Bo's window came back and said so"
        missed = g.movers[left:]
        assert any(seat == 1 for seat, _turn in missed), "the host's bot played for Bo"
        log = _log(table)
        at = log.index("While you were away:")
        told = events_for_seat(g.events_since(left), 1)
        assert sum(isinstance(e, TurnStarted) for e in told) >= 2  # Bo's turn, then Ann's
        you = table.viewer
        lines = [logged(e, you).text(table.names) for e in told]
        assert log[at + 1 : at + 1 + len(lines)] == lines, "each missed event, in order"
        net_game(table).leave_table(table)


def _log(table) -> list[str]:
    return [w.text(table.names) for w in table.entries]


def _near_the_end(config: GameConfig, left: int, end: Phase = GAME_OVER) -> Game:
    """A game of ``config`` played by bots to ``left`` actions before its end (or the
    first round's, ``end=ROUND_OVER``)."""
    from split.bots import make_bot

    whole = Game(config)
    bots = [make_bot("normal", s) for s in range(config.players)]
    while whole.state.phase != end:
        s = whole.state
        seat = s.current if s.current is not None else 0
        whole.apply(bots[seat].choose(PlayerView.of(s, seat), s.legal_actions()))
    game = Game(config)
    for action in whole.actions[:-left]:
        game.apply(action)
    return game


def test_quick_messages_go_from_a_window_to_the_others_and_show_on_the_seats_board(data):
    """Issue 26 item 7: M (or Say…) opens the quick messages; 2 sends "Well played!" to
    everyone; a friend's "Good game!" shows in a bubble on the friend's board and in the
    log. No free text: the phrases are the protocol's."""
    from split.ui.table.toasts import BUBBLE_FILL

    with _bo_joins_ann() as (host, ann, app, net):
        host.begin()
        assert until(lambda: app.run_frames(1) or net_game(app.scene) is not None, 5)
        table = app.scene
        assert table.renderer.buttons["say"].enabled  # Undo's place at a network table
        key(app, pygame.K_m)
        assert table.frame().show_say
        key(app, pygame.K_2)
        assert not table.frame().show_say  # sent: the panel closes

        def heard() -> bool:
            ann.step()
            app.run_frames(1)
            return ("said", Said(1, "well-played")) in ann.arrived

        assert until(heard, 5), "Ann heard Bo's quick message"
        until(lambda: app.run_frames(1) and False, SAY_EVERY)  # one at a time
        # by the mouse: Say…, then a phrase
        post(pygame.MOUSEBUTTONDOWN, pos=table.renderer.buttons["say"].rect.center, button=1)
        post(pygame.MOUSEBUTTONUP, pos=table.renderer.buttons["say"].rect.center, button=1)
        app.run_frames(2)
        phrase = next(h for h in table.renderer.hits if h.kind == "phrase" and h.a == 0)
        post(pygame.MOUSEBUTTONDOWN, pos=phrase.rect.center, button=1)
        post(pygame.MOUSEBUTTONUP, pos=phrase.rect.center, button=1)
        app.run_frames(2)
        assert until(lambda: ann.step() or ("said", Said(1, "hello")) in ann.arrived, 5)
        ann.remote.say("good-game")
        assert until(lambda: app.run_frames(1) or 0 in table.feedback.bubbles, 5)
        app.run_frames(2)
        assert "Ann: \u201cGood game!\u201d" in _log(table)
        board = table.frame().geometry.seat_rect(0)
        screen = pygame.display.get_surface()
        below = pygame.Rect(board.left - 40, board.bottom, board.width + 80, board.height)
        paper = sum(
            1
            for x in range(below.left, below.right, 2)
            for y in range(below.top, below.bottom, 2)
            if screen.get_rect().collidepoint(x, y) and screen.get_at((x, y))[:3] == BUBBLE_FILL
        )
        assert paper > 100, "the bubble is drawn under Ann's board"
        net_game(table).leave_table(table)


def test_a_friend_whose_turn_ran_out_is_told_and_a_bot_plays_it(data):
    """Issue 26 item 7: the host set a turn timer; Bo's board counts his seconds down;
    he lets his turn run out: his table says so, and the host's bot plays the turn for
    him."""
    from split.ui.table.boards import facts_of

    with _bo_joins_ann(round_wait=60) as (host, ann, app, net):
        host.set_turn_limit(1)
        limit = lambda: (seats := net.game.seats) is not None and seats.turn_limit == 1  # noqa: E731
        assert until(lambda: app.run_frames(1) or limit(), 5)
        host.begin()
        assert until(lambda: app.run_frames(1) or net_game(app.scene) is not None, 5)
        table = app.scene
        assert until(lambda: ann.step() or app.run_frames(1) or table.legal(), 10), "Bo's turn"
        turn = net.game.state.turn
        clock = facts_of(table.frame(), table.viewer)[0]  # his board counts the seconds
        assert clock in ("0:01 left", "0:00 left"), clock

        def told() -> bool:
            app.run_frames(1)
            return table.ui.note is not None and "ran out" in table.ui.note.text(table.names)

        assert until(told, 5), "Bo is told his time ran out"
        assert until(lambda: app.run_frames(1) or net.game.state.turn > turn, 5), "a bot played it"
        assert any("ran out" in line for line in _log(table))
        net_game(table).leave_table(table)


def test_play_again_takes_the_host_and_friends_to_a_new_game_at_the_same_seats(data):
    """Issue 26 item 7: at the end of a hosted game the host's results offer Play again;
    it deals a new game to the same people at the same seats, and the host's table
    opens on it; the friend's window is told and goes to its new table too."""
    from split.app.session import Session
    from split.app.settings import SeatChoice

    app, ctx = start(seed=9)
    ctx.change(speed="instant")
    seats = (SeatChoice("Ann", "human"), SeatChoice("Bo", "human"))
    session = Session(seats, _near_the_end(GameConfig(2, 0, 31), left=4), hosted=True)
    net = ctx.resume_hosting(session)
    app.push(LobbyScene(ctx, net))
    assert until(lambda: app.run_frames(1) or net.game.ready, 5)
    bo = Player(join(net.host.port, net.code, "Bo"))
    assert bo.remote.seat == 1
    click_button(app, "start")
    assert until(lambda: app.run_frames(1) or net_game(app.scene) is not None, 5)
    first = app.scene
    _play_to_the_end(app, first, [bo], random.Random(2))
    results = app.scene
    assert isinstance(results, NetResults)
    assert [b.name for b in results.buttons] == ["again", "leave"]
    old = net.host.game
    click_button(app, "again")
    assert until(lambda: app.run_frames(1) or net_game(app.scene) is not None, 5)
    table = app.scene
    assert table is not first and net.host.game is not old
    assert until(lambda: app.run_frames(1) or bo.remote.pump() or bo.remote.again_offered, 5)
    bo.remote.start_again()
    assert bo.remote.seat == 1 and bo.remote.view == PlayerView.of(net.host.game.state, 1)
    assert table.state.round == 1 and table.names[1] == "Bo"

    def played() -> bool:  # whoever's turn it is, the new game is played
        bo.step()
        app.run_frames(1)
        if table.legal() and not table.busy():
            gesture(app, table, table.legal()[0])
        return len(net.host.game.actions) > 2

    assert until(played, 10)
    assert net.game.seats.kinds == ("human", "human")  # nobody left on the way
    assert load_stats()[0].games == 1  # the first game is counted once
    net_game(table).leave_table(table)


def test_a_friends_results_wait_for_the_hosts_play_again_and_follow_it(data):
    """The friend's side of Play again: the results say the host may start another
    game; when the host does, the window goes to the new table by itself."""
    with _bo_joins_ann(_near_the_end(GameConfig(2, 1, 12), left=3)) as (host, ann, app, net):
        host.begin()
        assert until(lambda: app.run_frames(1) or net_game(app.scene) is not None, 5)
        first = app.scene
        _play_to_the_end(app, first, [ann], random.Random(3))
        results = app.scene
        assert isinstance(results, NetResults)
        assert [b.name for b in results.buttons] == ["leave"]  # the host decides
        fresh = Game(GameConfig(2, 0, 77))
        host.again(fresh)
        assert until(lambda: app.run_frames(1) or net_game(app.scene) is not None, 5)
        table = app.scene
        assert table is not first and table.viewer == 1
        assert net.game.view == PlayerView.of(fresh.state, 1)
        net_game(table).leave_table(table)
