"""The network protocol (issue 15): messages round-trip exactly, each seat's copy of an
event hides what R10 hides, and anything malformed is refused with a reason."""

from __future__ import annotations

import doctest
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import split.net.protocol as protocol
import split.net.secrecy as secrecy
import split.net.wire as wire
from split.engine import Action, Game, GameConfig, PlayerView
from split.engine import events as ev
from split.engine.cards import HIDDEN
from split.net.protocol import (
    MAX_CLIENT_FRAME,
    Act,
    Again,
    Bye,
    Hello,
    Late,
    Over,
    ProtocolError,
    Refused,
    Said,
    Say,
    Seat,
    Seats,
    Update,
    encode,
    read_client,
    read_host,
)
from split.net.secrecy import for_seat


def test_doctests() -> None:
    for module in (protocol, secrecy, wire):
        assert doctest.testmod(module).failed == 0


def _random_game(players: int, seed: int):
    """A whole random game: yields (game, action, events) after each action."""
    game = Game(GameConfig(players, 0, seed))
    rng = random.Random(seed)
    yield game, None, list(game.opening_events)
    while not game.state.is_over:
        action = rng.choice(game.state.legal_actions())
        yield game, action, game.apply(action)


@pytest.mark.parametrize("players", [2, 4, 6])
def test_every_update_of_a_game_round_trips_for_every_seat(players: int) -> None:
    for game, action, events in _random_game(players, 11 + players):
        for seat in range(players):
            view = PlayerView.of(game.state, seat)
            msg = Update(0, action, tuple(for_seat(e, seat) for e in events), view)
            assert read_host(encode(msg)) == msg


def test_r10_a_seat_sees_its_own_deal_and_draws_only() -> None:
    game = Game(GameConfig(3, 0, 4))
    deal = game.opening_events[0]
    mine = for_seat(deal, 1)
    assert all((c == HIDDEN) == (s != 1) for s, c in mine.deal)
    assert sorted(c for s, c in mine.deal if s == 1) == sorted(game.state.hands[1])
    drawn = ev.CardDrawn(2, 17, True, 30)
    assert for_seat(drawn, 1).card == HIDDEN
    assert for_seat(drawn, 2).card == 17
    scored = ev.RoundScored(
        1,
        "out",
        0,
        (ev.SeatScore(0, (), 0, (0,) * 13, 0, 0), ev.SeatScore(1, (3, 9), 2, (0,) * 13, 0, -4)),
    )
    hidden = for_seat(scored, 0)
    assert hidden.seats[1].hand == (HIDDEN, HIDDEN)  # their number counts, not their faces
    assert for_seat(scored, 1).seats[1].hand == (3, 9)


def test_every_message_kind_round_trips() -> None:
    game = Game(GameConfig(2, 0, 1))
    view = PlayerView.of(game.state, 0)
    for msg in (
        Seat(1, "ab" * 16, 4),
        Seats(("Ann", "Bo"), ("human", "open"), True),
        Seats(("Ann", "Bo"), ("human", "away"), True, 60),
        Refused("illegal", "not now"),
        Said(1, "well-played"),
        Late(0),
        Again(),
        Over((10, -4), (0,)),
        Bye("host-left"),
        Update(None, None, tuple(for_seat(e, 0) for e in game.opening_events), view),
    ):
        assert read_host(encode(msg)) == msg
    for msg in (
        Hello("ABCD7", "Bo", None),
        Hello("ABCD7", "Bo", "0f" * 16),
        Act(Action.discard(5), 3),
        Act(Action.draw(), None),
        Say("good-game"),
        Bye(""),
    ):
        assert read_client(encode(msg)) == msg


HOSTILE = [
    ("", "bad-frame"),
    ("not json", "bad-frame"),
    (b'{"v":3,"t":"bye"}', "bad-frame"),  # a binary frame
    ("[1, 2]", "bad-frame"),
    ('{"v": 1, "t": "bye"}', "version"),
    ('{"v": 2, "t": "bye"}', "version"),  # the last version's window
    ('{"v": 4, "t": "bye"}', "version"),
    ('{"t": "bye"}', "version"),
    ('{"v": 3}', "bad-frame"),
    ('{"v": 3, "t": "launch"}', "unknown-type"),
    ('{"v": 3, "t": "bye", "t": "hello"}', "bad-frame"),
    ('{"v": 3.0, "t": "bye"}', "bad-frame"),
    ('{"v": NaN, "t": "bye"}', "bad-frame"),
    ('{"v": 3, "t": "action", "action": "draw", "turn": 1' + "0" * 40 + "}", "bad-frame"),
    ('{"v": 3, "t": "action", "action": "fly 7H"}', "bad-field"),
    ('{"v": 3, "t": "action", "action": "discard 7Z"}', "bad-field"),
    ('{"v": 3, "t": "action", "action": ["draw"]}', "bad-field"),
    ('{"v": 3, "t": "action", "action": "draw", "turn": -1}', "bad-field"),
    ('{"v": 3, "t": "action", "action": "draw", "turn": true}', "bad-field"),
    ('{"v": 3, "t": "action", "action": "draw", "cheat": 1}', "bad-field"),
    ('{"v": 3, "t": "hello", "code": "ABCD", "name": ""}', "bad-field"),
    ('{"v": 3, "t": "hello", "code": "ABCD", "name": "' + "x" * 21 + '"}', "bad-field"),
    ('{"v": 3, "t": "hello", "code": "ABCD", "name": "Bo\\u202e"}', "bad-field"),
    ('{"v": 3, "t": "hello", "code": "AB", "name": "Bo"}', "bad-field"),
    ('{"v": 3, "t": "hello", "code": "ABCD", "name": "Bo", "token": "xyz"}', "bad-field"),
    ('{"v": 3, "t": "say", "phrase": "you are all idiots"}', "bad-field"),  # no free text
    ('{"v": 3, "t": "say", "phrase": ["hello"]}', "bad-field"),
    ('{"v": 3, "t": "say"}', "bad-field"),
    ("[" * 2000 + "]" * 2000, "bad-frame"),
    ('{"v": 3, "t": "bye", "reason": "' + "x" * MAX_CLIENT_FRAME + '"}', "too-big"),
]


@pytest.mark.parametrize(("frame", "code"), HOSTILE)
def test_hostile_frames_are_refused_with_a_reason(frame, code) -> None:
    with pytest.raises(ProtocolError) as err:
        read_client(frame)
    assert err.value.code == code
    assert err.value.reason


def test_a_host_message_is_checked_too() -> None:
    game = Game(GameConfig(2, 0, 1))
    good = json.loads(encode(Update(None, None, (), PlayerView.of(game.state, 0))))
    bad = json.loads(json.dumps(good))
    bad["view"]["hand"].append(bad["view"]["hand"][0])  # a card more than the sizes say
    with pytest.raises(ProtocolError):
        read_host(json.dumps(bad))
    bad = json.loads(json.dumps(good))
    bad["events"] = [{"e": "CardDrawn", "seat": 9, "card": None, "bonus": False, "draw_pile": 1}]
    with pytest.raises(ProtocolError):
        read_host(json.dumps(bad))
    bad = json.loads(json.dumps(good))
    bad["events"] = [{"e": "__class__"}]
    with pytest.raises(ProtocolError):
        read_host(json.dumps(bad))
    for frame in (
        '{"v": 3, "t": "said", "seat": 1, "phrase": "free text from a host"}',
        '{"v": 3, "t": "said", "seat": 6, "phrase": "hello"}',
        '{"v": 3, "t": "late", "seat": -1}',
        '{"v": 3, "t": "again", "game": 2}',
        '{"v": 3, "t": "seats", "names": ["A"], "kinds": ["bot"], "started": true, '
        '"turn_limit": 100000}',
    ):
        with pytest.raises(ProtocolError):
            read_host(frame)


@settings(max_examples=300, deadline=None)
@given(
    st.recursive(
        st.none() | st.booleans() | st.integers() | st.text(max_size=30),
        lambda inner: (
            st.lists(inner, max_size=4)
            | st.dictionaries(
                st.sampled_from(
                    ["v", "t", "code", "name", "token", "action", "turn", "reason", "x"]
                ),
                inner,
                max_size=5,
            )
        ),
        max_leaves=20,
    )
)
def test_any_json_is_read_or_refused_never_crashes(obj) -> None:
    for frame in (json.dumps(obj), json.dumps({"v": 3, "t": "action", "action": obj})):
        try:
            read_client(frame)
            read_host(frame)
        except ProtocolError:
            pass


def test_every_quick_message_of_the_protocol_is_worded_at_the_table():
    """The table words the phrases the protocol lets through (it does not import the
    network): the two lists are the same, in the same order (the keys 1 to 7)."""
    from split.net.protocol import PHRASES
    from split.ui.table import narration

    assert tuple(narration.PHRASES) == PHRASES
