"""Settings, autosave and statistics files: atomic, validated, set aside when broken."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from split.app.session import Session, load_session
from split.app.settings import SeatChoice, Settings, load_settings, save_settings
from split.app.stats import Stats, load_stats, save_stats
from split.app.storage import write_json
from split.engine.notation import state_json

ROOT = Path(__file__).resolve().parent.parent
SEATS = (SeatChoice("You", "human"), SeatChoice("Ada", "random"), SeatChoice("Bo", "random"))


BOTS = (SeatChoice("Ada", "easy"), SeatChoice("Bo", "random"), SeatChoice("Cy", "normal"))


def random_session(path, seed=4, steps=60, seats=SEATS) -> Session:
    session = Session.new(seats, seed=seed, dealer=0, path=path)
    rng = random.Random(seed)
    for _ in range(steps):
        session.apply(rng.choice(session.state.legal_actions()))
    return session


def test_settings_round_trip(tmp_path):
    path = tmp_path / "settings.json"
    s = Settings().with_(speed="fast", muted=True, language="fa", sort_order="suit")
    save_settings(s, path)
    loaded, problem = load_settings(path)
    assert problem is None and loaded == s


def test_missing_files_give_defaults_silently(tmp_path):
    assert load_settings(tmp_path / "none.json") == (Settings(), None)
    assert load_stats(tmp_path / "none.json") == (Stats(), None)
    assert load_session(tmp_path / "none.json").value is None


def test_resume_is_exact_and_the_future_is_the_same(tmp_path):
    path = tmp_path / "autosave.json"
    session = random_session(path, seats=BOTS)
    resumed = load_session(path).value
    assert resumed is not None and resumed.game_id == session.game_id
    assert state_json(resumed.state) == state_json(session.state)
    # the same game afterwards as if never interrupted: bots and shuffles are seeded
    for _ in range(300):
        if session.state.is_over:
            break
        a, b = session.bot_action(), resumed.bot_action()
        assert a == b
        session.apply(a)
        resumed.apply(b)
    assert state_json(resumed.state) == state_json(session.state)


def test_write_is_atomic_and_leaves_no_temp_files(tmp_path):
    path = tmp_path / "x.json"
    write_json(path, {"a": 1})
    write_json(path, {"a": 2})
    written = json.loads(path.read_text())
    assert written.pop("checksum").startswith("sha256:") and written == {"a": 2}
    assert [p.name for p in tmp_path.iterdir()] == ["x.json"]


def _assert_set_aside(tmp_path, path, problem):
    assert problem and problem.startswith("Your ") and "set aside" in problem
    assert not path.exists()
    kept = [
        p
        for p in tmp_path.iterdir()
        if p.name.startswith((path.name + ".broken-", path.name + ".newer-"))
    ]
    assert len(kept) == 1
    return kept[0]


@pytest.mark.parametrize(
    "content",
    [
        b"",
        b"{",
        b"\xff\xfe garbage",
        b"[]",
        b'{"format": "split-settings", "version": 0}',
        b'{"format": "split-stats", "version": 1}',
    ],
)
def test_broken_settings_are_set_aside(tmp_path, content):
    path = tmp_path / "settings.json"
    path.write_bytes(content)
    loaded, problem = load_settings(path)
    assert loaded == Settings()
    kept = _assert_set_aside(tmp_path, path, problem)
    assert kept.read_bytes() == content  # moved, not deleted


def test_one_bad_setting_costs_only_that_setting(tmp_path):
    """Issue 12: a settings file of ours with one bad field keeps every other field;
    the bad one is back to its default, the player is told which, and the file stays
    (the next save writes it whole again)."""
    path = tmp_path / "settings.json"
    good = Settings(speed="fast", volume=0.3, language="gl").to_json()
    path.write_text(json.dumps({**good, "speed": "warp", "volume": 2}))
    loaded, problem = load_settings(path)
    assert loaded == Settings(speed="normal", volume=0.7, language="gl", tutorial_seen=False)
    assert "speed" in problem and "volume" in problem and "defaults" in problem
    assert path.exists() and not list(tmp_path.glob("settings.json.broken-*"))


def mutations(obj):
    """Every single-field mutation of a JSON tree: replace a value by something wrong."""
    wrong = [None, -1, 10**9, "x", True, [], {}, 1.5]
    if isinstance(obj, dict):
        for k in obj:
            for w in wrong:
                yield {**obj, k: w}
            for m in mutations(obj[k]):
                yield {**obj, k: m}
    elif isinstance(obj, list):
        for i in range(len(obj)):
            for w in wrong:
                yield obj[:i] + [w] + obj[i + 1 :]
        if obj:
            yield obj[:-1]


def _fixture_texts(tmp):
    session = random_session(tmp / "autosave.json", steps=25)
    save_settings(Settings(), tmp / "settings.json")
    stats = Stats()
    return {
        "autosave": session.to_json(),
        "settings": Settings().to_json(),
        "stats": stats.to_json(),
    }


def _load(kind, path):
    if kind == "autosave":
        loaded = load_session(path)
        return loaded.value, loaded.problem
    if kind == "settings":
        return load_settings(path)
    return load_stats(path)


@pytest.mark.parametrize("kind", ["autosave", "settings", "stats"])
def test_field_mutations_never_crash_and_end_set_aside_or_valid(tmp_path, kind):
    good = _fixture_texts(tmp_path)[kind]
    path = tmp_path / f"{kind}.json"
    rng = random.Random(kind)
    all_mut = list(mutations(good))
    sample = rng.sample(all_mut, min(150, len(all_mut)))
    for mutated in sample:
        for p in [*tmp_path.glob(f"{kind}.json.broken-*"), *tmp_path.glob(f"{kind}.json.newer-*")]:
            p.unlink()
        path.write_text(json.dumps(mutated))
        value, problem = _load(kind, path)
        if problem is None:
            # accepted: then it must be a faithful, valid value that saves back
            assert value is not None
            assert path.exists()
        elif kind == "settings" and path.exists():  # a bad field costs only that field
            assert value is not None and "back to their defaults" in problem
        else:
            _assert_set_aside(tmp_path, path, problem)


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(data=st.binary(max_size=300), cut=st.integers(min_value=0, max_value=5000))
def test_random_bytes_and_truncations_never_crash(tmp_path, data, cut):
    good = json.dumps(Session.new(SEATS, seed=1, dealer=0).to_json()).encode()
    for kind, content in (("autosave", good[:cut]), ("settings", data), ("stats", data)):
        path = tmp_path / f"{kind}.json"
        path.write_bytes(content)
        value, problem = _load(kind, path)
        if content == good:
            assert problem is None
        else:
            assert problem is not None and value in (None, Settings(), Stats())
            assert not path.exists()
        for p in tmp_path.glob("*.broken-*"):
            p.unlink()


def test_stats_record_a_finished_game_once(tmp_path):
    session = random_session(None, steps=0)
    rng = random.Random(0)
    while not session.state.is_over:
        session.apply(rng.choice(session.state.legal_actions()))
    stats = Stats()
    assert stats.record(session) and not stats.record(session)
    assert stats.games == 1 and stats.by_strength["random"][0] == 1
    path = tmp_path / "stats.json"
    save_stats(stats, path)
    again, problem = load_stats(path)
    assert problem is None and again == stats
    assert again.recent[0]["sheets"][0]["name"] == "You"


def _env(data_dir):
    env = dict(os.environ, SPLIT_DATA_DIR=str(data_dir), PYTHONPATH=str(ROOT))
    return env


@pytest.mark.slow  # a fuzz of killed processes
def test_sigkill_at_random_moments_always_resumes(tmp_path):
    """A bots-only game killed 20 times ends exactly as the same game uninterrupted."""
    cmd = [sys.executable, "-m", "split", "autoplay", "--bots", "random,easy,random", "--seed", "9"]
    rng = random.Random(5)
    data = tmp_path / "killed"
    kills = 0
    last_count = 0
    while kills < 20:
        # 120 ms an action: at most a few actions a run, so 20 kills land inside one
        # game of about 110 actions (at 40 ms a quiet machine finished the game first)
        slow = [*cmd, "--delay-ms", "120"]
        proc = subprocess.Popen(slow, env=_env(data), stdout=subprocess.PIPE, cwd=ROOT)
        time.sleep(rng.uniform(0.25, 0.6))
        if proc.poll() is not None:
            break  # finished before the kill
        proc.kill()  # SIGKILL where there are signals; TerminateProcess on Windows
        proc.wait()
        kills += 1
        loaded = load_session(data / "autosave.json")
        assert loaded.problem is None, loaded.problem
        if loaded.value is None:  # killed before its first save (a slow start, a busy machine)
            assert last_count == 0, f"the save of {last_count} actions is gone (or the game ended)"
            continue
        count = len(loaded.value.game.actions)
        assert count >= last_count  # never loses a completed action
        last_count = count
    assert kills == 20
    finish = subprocess.run(cmd, env=_env(data), capture_output=True, text=True, cwd=ROOT)
    clean = subprocess.run(
        cmd, env=_env(tmp_path / "clean"), capture_output=True, text=True, cwd=ROOT
    )
    assert finish.returncode == 0 and clean.returncode == 0, finish.stderr + clean.stderr
    assert json.loads(finish.stdout.splitlines()[-1]) == json.loads(clean.stdout.splitlines()[-1])


def test_a_save_with_its_backup_is_never_missing_while_it_is_written(tmp_path, monkeypatch):
    """Autosaves keep the file they replace as NAME.bak; while they do, the save itself
    never disappears (a reader, or a restart after a kill at that moment, found no game:
    the old file was renamed away before the new one came)."""
    import os

    from split.app import storage

    path = tmp_path / "game.json"
    storage.write_json(path, {"n": 1}, backup=True)
    replace = os.replace

    def watched(src, dst):
        assert path.is_file(), "the save was missing while the next one was written"
        replace(src, dst)

    monkeypatch.setattr(storage.os, "replace", watched)
    storage.write_json(path, {"n": 2}, backup=True)
    assert json.loads(path.read_text())["n"] == 2
    assert json.loads((tmp_path / "game.json.bak").read_text())["n"] == 1


# ---------------------------------------------------------------------- issue 25


def _damage(path: Path) -> None:
    """Overwrite 2 bytes in the middle of ``path`` (the probe's damage)."""
    raw = bytearray(path.read_bytes())
    mid = len(raw) // 2
    raw[mid : mid + 2] = b"\x00}"
    path.write_bytes(bytes(raw))


def _finished(seed: int) -> Session:
    session = Session.new(SEATS, seed=seed, dealer=0)
    rng = random.Random(seed)
    while not session.state.is_over:
        session.game.apply(rng.choice(session.state.legal_actions()))
    return session


def test_recovered_statistics_are_put_back_and_survive_the_next_start(tmp_path):
    """Issue 25 item 1: 10 games recorded, 2 bytes damaged: the previous copy (9 games)
    is used and written back in place, so the next read still has 9 and the next games
    add to them (before: 0 at the second start, the history only in .broken-*)."""
    from split.app.stats import record_game

    path = tmp_path / "statistics.json"
    for seed in range(10):
        record_game(_finished(seed), path)
    _damage(path)
    stats, problem = load_stats(path, restore=True)
    assert stats.games == 9 and "previous copy" in problem
    again, problem = load_stats(path)
    assert again.games == 9 and problem is None
    for seed in (10, 11):
        record_game(_finished(seed), path)
    assert load_stats(path)[0].games == 11


@pytest.mark.parametrize("odd", ["directory", "fifo", "dangling link"])
def test_an_odd_file_in_a_files_place_falls_back_on_its_backup_and_says_so(tmp_path, odd):
    """Issue 25 item 1: a folder, a FIFO or a dangling link where the settings are: set
    aside, the backup used and put back, and the player told (a dangling link said
    nothing before, and the backup was never read)."""
    path = tmp_path / "settings.json"
    save_settings(Settings(speed="fast"), path)
    save_settings(Settings(speed="slow"), path)
    path.unlink()
    if odd == "directory":
        path.mkdir()
    elif odd == "fifo":
        os.mkfifo(path)
    else:
        path.symlink_to(tmp_path / "gone.json")
    settings, problem = load_settings_restored(path)
    assert settings.speed == "fast" and problem and "previous copy" in problem
    assert path.is_file() and load_settings(path) == (Settings(speed="fast"), None)
    assert len(list(tmp_path.glob("settings.json.broken-*"))) == 1


def load_settings_restored(path: Path) -> tuple[Settings, str | None]:
    from split.app.settings import read_settings

    settings, problem = read_settings(path, restore=True)
    return settings, problem()


def test_the_last_three_good_saves_are_kept_and_the_newest_good_one_is_used(tmp_path):
    """Backup generations: NAME.bak, .bak2, .bak3 are the three saves before the file;
    when the file and the newest backups are damaged, the newest good one is used."""
    from split.app.storage import backups

    path = tmp_path / "settings.json"
    for speed in ("slow", "normal", "fast", "instant", "slow"):
        save_settings(Settings(speed=speed), path)
    kept = [load_settings(b)[0].speed for b in backups(path)]
    assert kept == ["instant", "fast", "normal"]
    _damage(path)
    for b in backups(path)[:2]:
        _damage(b)
    settings, problem = load_settings(path)
    assert settings.speed == "normal" and "previous copy" in problem


def test_a_valid_json_change_not_written_by_the_game_is_set_aside(tmp_path):
    """The checksum in the header: a file edited by hand (still valid JSON, every value
    plausible) is noticed, set aside and reported; the backup is used."""
    path = tmp_path / "statistics.json"
    save_stats(Stats(games=3, wins=1, total_score=30, best=12), path)
    save_stats(Stats(games=4, wins=1, total_score=40, best=12), path)
    obj = json.loads(path.read_text())
    assert obj["checksum"].startswith("sha256:")
    obj["wins"] = 4
    path.write_text(json.dumps(obj))
    stats, problem = load_stats(path)
    assert stats.games == 3 and stats.wins == 1
    assert "changed outside the game" in problem and "set aside" in problem
    (aside,) = tmp_path.glob("statistics.json.broken-*")
    assert json.loads(aside.read_text())["wins"] == 4


@pytest.mark.parametrize("kind", ["settings", "stats", "autosave"])
def test_a_file_from_a_newer_split_is_set_aside_and_said_never_silently_defaulted(tmp_path, kind):
    """A file of a later version is not ours to read: it is kept as NAME.newer-* and the
    player is told it was made by a newer Split (before: 'damaged', or silently the
    defaults over it at the next save)."""
    texts = _fixture_texts(tmp_path)
    path = tmp_path / f"{kind}.json"
    newer = {**texts[kind], "version": 7, "what_v7_adds": [1, 2]}
    path.write_text(json.dumps(newer))
    value, problem = _load(kind, path)
    assert problem and "newer version of Split" in problem
    (aside,) = tmp_path.glob(f"{kind}.json.newer-*")
    assert json.loads(aside.read_text()) == newer


def test_a_file_without_a_checksum_from_an_earlier_split_is_still_read(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps(Settings(speed="fast").to_json()))
    assert load_settings(path) == (Settings(speed="fast"), None)


# ---------------------------------------------------------------------- probe: kills

# The child saves one file (an autosave one action on, settings, statistics with one
# more game) and SIGKILLs itself at one step of that save: before or after the Nth call
# of one of the system calls a save makes.
_KILL_CHILD = r"""
import os, random, signal, sys
from pathlib import Path
from split.app import storage
from split.app.session import load_session
from split.app.settings import Settings, load_settings, save_settings
from split.app.stats import load_stats, save_stats

kind, name, nth, when = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
data = Path(sys.argv[5])
module = storage.tempfile if name == "mkstemp" else storage.os
real = getattr(module, name)
calls = [0]

def hooked(*args, **kw):
    calls[0] += 1
    if calls[0] == nth and when == "before":
        os.kill(os.getpid(), signal.SIGKILL)
    out = real(*args, **kw)
    if calls[0] == nth and when == "after":
        os.kill(os.getpid(), signal.SIGKILL)
    return out

if kind == "autosave":
    session = load_session(data / "autosave.json").value
    session.game.apply(session.state.legal_actions()[0])
    setattr(module, name, hooked)
    session.save()
elif kind == "settings":
    settings, _ = load_settings(data / "settings.json")
    setattr(module, name, hooked)
    save_settings(settings.with_(volume=round(settings.volume - 0.1, 1)), data / "settings.json")
else:
    stats, _ = load_stats(data / "statistics.json")
    stats.games += 1
    setattr(module, name, hooked)
    save_stats(stats, data / "statistics.json")
print("not killed", calls[0])
"""

# (system call, calls in one save with three backups): mkstemp; fsync of the file and
# of the folder; replace twice to move the backups down and once for the file; link of
# the new backup (the unlink of its place finds nothing: the rotation moved it).
KILL_POINTS = [
    (name, nth, when)
    for name, count in (("mkstemp", 1), ("fsync", 2), ("replace", 3), ("link", 1))
    for nth in range(1, count + 1)
    for when in ("before", "after")
]


def _kill_fixture(data: Path, kind: str) -> int:
    """Four saves of ``kind`` (the file and three backups); its count now."""
    if kind == "autosave":
        session = Session.new(BOTS, seed=8, dealer=0, path=data / "autosave.json")
        for _i in range(3):
            session.apply(session.state.legal_actions()[0])
        return len(session.game.actions)
    if kind == "settings":
        for volume in (1.0, 0.9, 0.8, 0.7):
            save_settings(Settings(volume=volume), data / "settings.json")
        return 7
    for games in (1, 2, 3, 4):
        save_stats(Stats(games=games), data / "statistics.json")
    return 4


def _kill_count(data: Path, kind: str) -> tuple[int | None, str | None]:
    """What a restart finds (restoring as the owner of the folder does)."""
    from split.app.settings import read_settings

    if kind == "autosave":
        loaded = load_session(data / "autosave.json", restore=True)
        value = loaded.value
        return (len(value.game.actions) if value else None), loaded.problem
    if kind == "settings":
        settings, problem = read_settings(data / "settings.json", restore=True)
        return round(settings.volume * 10), problem()
    stats, problem = load_stats(data / "statistics.json", restore=True)
    return stats.games, problem


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["autosave", "settings", "stats"])
@pytest.mark.parametrize(("name", "nth", "when"), KILL_POINTS)
def test_a_kill_at_each_step_of_a_save_loses_nothing(tmp_path, kind, name, nth, when):
    """Probe (issue 25): SIGKILL before and after each system call of a save: the
    restart finds the file as it was or as it was being written, never less, never a
    notice; a backup generation may be short, none is ever wrong."""
    from split.app.storage import backups, sweep_temp_files

    before = _kill_fixture(tmp_path, kind)
    after = before + 1 if kind != "settings" else before - 1
    out = subprocess.run(
        [sys.executable, "-c", _KILL_CHILD, kind, name, str(nth), when, str(tmp_path)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=_env(tmp_path),
        timeout=120,
    )
    assert out.returncode == -9, out.stdout + out.stderr  # each point is reached
    sweep_temp_files(tmp_path)
    count, problem = _kill_count(tmp_path, kind)
    assert problem is None and count in (before, after), (count, problem)
    path = tmp_path / {"stats": "statistics.json"}.get(kind, f"{kind}.json")
    for bak in backups(path):
        if bak.exists():
            assert _kill_count_of(bak, kind) is not None
    assert not list(tmp_path.glob("*.tmp"))


def _kill_count_of(path: Path, kind: str):
    if kind == "autosave":
        return load_session(path).value
    if kind == "settings":
        return load_settings(path)[1] is None or None
    return load_stats(path)[1] is None or None


def test_failed_writes_do_not_push_the_older_backups_out(tmp_path, monkeypatch):
    """A write that fails after keeping its backup (a full disk at the rename) keeps it
    once: retried writes never fill the three generations with the same file."""
    import errno

    from split.app import storage

    path = tmp_path / "settings.json"
    for speed in ("slow", "normal", "fast", "instant"):
        save_settings(Settings(speed=speed), path)
    real = os.replace

    def full(src, dst):
        if str(dst) == str(path):
            raise OSError(errno.ENOSPC, "No space left on device")
        real(src, dst)

    monkeypatch.setattr(storage.os, "replace", full)
    for _i in range(3):
        with pytest.raises(OSError):
            save_settings(Settings(speed="slow"), path)
    kept = [load_settings(b)[0].speed for b in storage.backups(path)]
    assert kept == ["instant", "fast", "normal"]  # the file kept once, the rest older
