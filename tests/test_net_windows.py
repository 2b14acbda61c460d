"""Network play between windows that are each their own process (issue 15): the host's
window and its friends' windows, driven through their real loops by
tests/net_window.py, play a game to its end and agree on every score."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # real windows, each its own process, play whole games

WINDOW = Path(__file__).parent / "net_window.py"
NAMES = ("Ann", "Bo", "Cy", "Di", "Ed", "Flo")


def _line(proc: subprocess.Popen, what: str) -> dict:
    for line in proc.stdout:
        if line.startswith("{") and what in line:
            return json.loads(line)
    raise AssertionError(f"no {what} from a window: {proc.stderr.read()[-2000:]}")


def play_windows(players: int, env: dict, tmp: Path, shots: Path | None = None) -> list[dict]:
    """Start a host window and its friends' windows; the final lines of each."""

    def window(i: int, *args: str) -> subprocess.Popen:
        data = tmp / f"data{i}"
        data.mkdir(exist_ok=True)
        extra = ["--shots", str(shots / NAMES[i])] if shots is not None else []
        if shots is not None:
            (shots / NAMES[i]).mkdir(parents=True, exist_ok=True)
        e = {
            **env,
            "SPLIT_DATA_DIR": str(data),
            "SDL_VIDEO_WINDOW_POS": f"{(i % 2) * 1290},{(i // 2) * 740}",
        }
        cmd = [sys.executable, str(WINDOW), *args, "--name", NAMES[i], "--seed", str(i + 1)]
        return subprocess.Popen(
            cmd + extra, env=e, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
        )

    host = window(0, "host", "--players", str(players), "--speed", env.get("SPEED", "instant"))
    procs = [host]
    try:
        table = _line(host, "port")
        address = f"127.0.0.1:{table['port']}"
        for i in range(1, players):
            procs.append(
                window(i, "join", "--address", address, "--code", table["code"], "--speed",
                       env.get("SPEED", "instant"))
            )  # fmt: skip
        ends = [_line(p, "scores") for p in procs]
        for p in procs:
            assert p.wait(60) == 0, p.stderr.read()[-2000:]
        return ends
    finally:
        for p in procs:
            if p.poll() is None:
                p.kill()


def test_two_windows_play_a_game_together(tmp_path):
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    ends = play_windows(2, env, tmp_path)
    assert sorted(e["seat"] for e in ends) == [0, 1]
    assert ends[0]["scores"] == ends[1]["scores"]


def _xvfb(screen: str) -> tuple[subprocess.Popen, str]:
    """An Xvfb on a display it picks itself (-displayfd: free whatever other servers
    run here), ready when it has written the number; (process, ":N")."""
    read, write = os.pipe()
    xvfb = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write), "-screen", "0", screen, "-nolisten", "tcp"],
        pass_fds=(write,),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    os.close(write)
    with os.fdopen(read) as f:
        number = f.readline().strip()  # empty if Xvfb ended without a display
    if not number.isdigit():
        xvfb.kill()
        xvfb.wait()
        pytest.skip("Xvfb did not start")
    return xvfb, f":{number}"


@pytest.mark.skipif(shutil.which("Xvfb") is None, reason="no Xvfb here")
def test_four_real_windows_under_xvfb_play_a_game_together(tmp_path):
    xvfb, display = _xvfb("2600x1500x24")
    try:
        env = {
            **os.environ,
            "DISPLAY": display,
            "SDL_VIDEODRIVER": "x11",
            "SDL_AUDIODRIVER": "dummy",
        }
        ends = play_windows(4, env, tmp_path)
        assert sorted(e["seat"] for e in ends) == [0, 1, 2, 3]
        assert all(e["scores"] == ends[0]["scores"] for e in ends)
        assert xvfb.poll() is None  # the windows ran on this test's own server throughout
    finally:
        xvfb.kill()
        xvfb.wait()
