"""A real window: the game runs under its own Xvfb, xdotool drags the cards.

The game runs in a subprocess (``python -m split.ui.play --state-out FILE``) that
writes its state JSON (NOTATION.md) and the table's hit rectangles whenever it
changes; the test reads where the cards are, moves the real pointer, and checks the
result through the game's own state.
"""

from __future__ import annotations

import json
import os
import select
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

pytestmark = [
    pytest.mark.slow,  # real windows
    pytest.mark.skipif(
        shutil.which("Xvfb") is None or shutil.which("xdotool") is None,
        reason="needs Xvfb and xdotool",
    ),
]


@pytest.fixture
def xserver():
    # Xvfb picks a free display itself and writes its number to the pipe (-displayfd):
    # no display number is guessed, so parallel test workers never race for one.
    read_end, write_end = os.pipe()
    proc = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write_end), "-screen", "0", "1280x720x24", "-nolisten", "tcp"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        pass_fds=(write_end,),
    )
    os.close(write_end)
    ready, _, _ = select.select([read_end], [], [], 60)  # a safety, never reached
    with os.fdopen(read_end) as told:
        # The number and a newline, written once the display is up; empty if Xvfb quit.
        number = told.readline().strip() if ready else ""
    if not number.isdigit():
        proc.kill()
        proc.wait()
        pytest.fail(f"Xvfb did not start (exit {proc.poll()})")
    n = int(number)
    yield f":{n}"
    proc.terminate()
    try:
        proc.wait(5)
    except subprocess.TimeoutExpired:
        proc.kill()


def _read(path: Path) -> dict | None:
    try:
        return json.loads(path.read_text())
    except (OSError, ValueError):
        return None


def _wait(path: Path, cond, timeout=30.0) -> dict:
    deadline = time.time() + timeout
    while time.time() < deadline:
        d = _read(path)
        if d is not None and cond(d):
            return d
        time.sleep(0.05)
    raise AssertionError(f"timed out; last state: {_read(path)}")


def _hits(d: dict) -> dict:
    return {(h[0], h[1], h[2]): h[3:] for h in d["hits"]}


@pytest.mark.parametrize("language", ["en", "fa"])  # Persian: the mirrored table
def test_real_window_drag_with_xdotool(xserver, tmp_path, language):
    out = tmp_path / "state.json"
    env = dict(os.environ)
    env.update(
        DISPLAY=xserver,
        SDL_VIDEO_WINDOW_POS="0,0",
        SDL_AUDIODRIVER="dummy",
        PYTHONPATH=str(ROOT) + os.pathsep + env.get("PYTHONPATH", ""),
    )
    env.pop("SDL_VIDEODRIVER", None)
    game = subprocess.Popen(
        [sys.executable, "-m", "split.ui.play", "--seats", "You:human,Ada:random",
         "--seed", "5", "--dealer", "1", "--size", "1024x600", "--speed", "fast",
         "--state-out", str(out), "--language", language],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )  # fmt: skip

    def xdo(*args):
        subprocess.run(["xdotool", *map(str, args)], env=env, check=True, timeout=10)

    def drag(a, b, steps=8):
        xdo("mousemove", *a)
        xdo("mousedown", 1)
        for i in range(1, steps + 1):
            xdo("mousemove", a[0] + (b[0] - a[0]) * i // steps, a[1] + (b[1] - a[1]) * i // steps)
            time.sleep(0.02)
        xdo("mouseup", 1)

    try:
        d = _wait(out, lambda d: d["idle"] and d["phase"] == "start" and d["current"] == 0)
        hits = _hits(d)
        assert len(d["players"][0]["hand"]) == 9
        x, y, w, h = hits[("pile", -1, -1)]
        # the pile starts the discard row's line: at its left, at its right in Persian
        assert (x > hits[("discard_area", -1, -1)][0]) == (language == "fa")
        hx, hy, hw, hh = hits[("hand_area", -1, -1)]
        drag((x + w // 2, y + h // 2), (hx + hw // 2, hy + hh // 2))
        d = _wait(out, lambda d: d["idle"] and d["phase"] != "start")
        assert len(d["players"][0]["hand"]) == 10  # the drag drew a card
        assert d["draw_pile"] == 104 - 2 * 9 - 1 - 1
        assert d["actions"] == ["draw"]
        # discard the first card of the hand by dragging it onto the discard row
        hits = _hits(d)
        card = d["order"][0]
        hx, hy, hw, hh = hits[("hand", 0, -1)]
        dx, dy, dw, dh = hits[("discard_area", -1, -1)]
        drag((hx + 4, hy + 30), (dx + dw - 8, dy + dh - 8))
        d = _wait(out, lambda d: len(d["actions"]) >= 2)
        from split.engine.cards import card_str

        assert d["actions"][1] == f"discard {card_str(card)}"
    finally:
        game.terminate()
        try:
            game.wait(10)
        except subprocess.TimeoutExpired:
            game.kill()
    assert game.returncode == 0, game.stdout.read().decode(errors="replace")
    final = _read(out)
    assert final is not None and final["actions"][:2] == d["actions"][:2]


def _window(env, pid_or_class: str, timeout=20.0) -> str:
    """The X id of the game's window, once it is mapped."""
    out = subprocess.run(
        ["xdotool", "search", "--sync", "--onlyvisible", "--class", pid_or_class],
        env=env, capture_output=True, text=True, timeout=timeout, check=True,
    )  # fmt: skip
    return out.stdout.split()[0]


def test_the_window_is_split_and_a_destroyed_window_quits_cleanly(xserver, tmp_path):
    """#9: the taskbar says Split (WM_CLASS), not the script's name. #13: a window
    destroyed under the game (xdotool windowclose: XDestroyWindow, no WM_DELETE_WINDOW)
    ends it with status 0, as a close does, and the autosave is left intact."""
    from split.app.session import Session, load_session
    from split.app.settings import SeatChoice

    save = tmp_path / "autosave.json"
    seats = (SeatChoice("You", "human"), SeatChoice("Ada", "easy"))
    session = Session.new(seats, seed=11, dealer=1, path=save)
    session.apply(session.game.state.legal_actions()[0])
    before = save.read_bytes()
    env = dict(os.environ)
    env.update(
        DISPLAY=xserver,
        SDL_AUDIODRIVER="dummy",
        SPLIT_DATA_DIR=str(tmp_path),
        PYTHONPATH=str(ROOT) + os.pathsep + env.get("PYTHONPATH", ""),
    )
    env.pop("SDL_VIDEODRIVER", None)
    for hint in ("SDL_VIDEO_X11_WMCLASS", "SDL_VIDEO_WAYLAND_WMCLASS"):
        env.pop(hint, None)  # the game sets its own
    game = subprocess.Popen(
        [sys.executable, "-m", "split"], env=env,
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
    )  # fmt: skip
    try:
        win = _window(env, "Split")
        props = subprocess.run(
            ["xprop", "-id", win, "WM_CLASS", "_NET_WM_NAME"],
            env=env, capture_output=True, text=True, timeout=10, check=True,
        ).stdout  # fmt: skip
        assert 'WM_CLASS(STRING) = "Split", "Split"' in props, props
        assert '"Split"' in props.split("_NET_WM_NAME")[1]
        time.sleep(0.5)  # let the menu draw a few frames
        subprocess.run(["xdotool", "windowclose", win], env=env, check=True, timeout=10)
        code = game.wait(20)
    finally:
        if game.poll() is None:
            game.kill()
            game.wait(10)
    output = game.stdout.read().decode(errors="replace")
    assert code == 0, output
    assert "X Error" not in output, output
    assert save.read_bytes() == before
    loaded = load_session(save)
    assert loaded.value is not None and loaded.value.game.actions == session.game.actions
