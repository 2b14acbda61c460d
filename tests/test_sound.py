"""The sound manager: plays every shipped effect, and goes quiet without audio."""

from __future__ import annotations

import os
import subprocess
import sys
import time
import wave

import pytest

os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from split.resources import asset_path  # noqa: E402
from split.ui import sound as sound_module  # noqa: E402
from split.ui.sound import EFFECTS, Sound  # noqa: E402


@pytest.fixture
def sound():
    """A manager on the dummy audio driver, shut down afterwards."""
    if pygame.mixer.get_init():
        pygame.mixer.quit()
    manager = Sound(volume=0.5)
    yield manager
    manager.close()
    if pygame.mixer.get_init():
        pygame.mixer.quit()


@pytest.mark.parametrize("name", EFFECTS)
def test_every_effect_is_a_short_16bit_mono_wav(name):
    with wave.open(str(asset_path(f"sounds/{name}.wav"))) as w:
        assert (w.getnchannels(), w.getsampwidth(), w.getframerate()) == (1, 2, 44_100)
        assert 0.05 <= w.getnframes() / w.getframerate() <= 0.6


def test_sounds_are_small():
    total = sum(asset_path(f"sounds/{name}.wav").stat().st_size for name in EFFECTS)
    assert total < 1_000_000
    assert asset_path("sounds/LICENSE.txt").is_file()


def test_mixer_starts_lazily_and_loads_every_effect(sound):
    assert not pygame.mixer.get_init()  # constructing touches nothing
    assert sound.preload(), sound.disabled_reason
    assert sound.disabled_reason is None
    assert sound.load_errors == {}
    assert set(sound.loaded()) == set(EFFECTS)
    assert pygame.mixer.get_num_channels() >= 16


def test_play_returns_at_once(sound):
    sound.preload()
    start = time.perf_counter()
    for _ in range(3):
        for name in EFFECTS:
            sound.play(name)
    assert time.perf_counter() - start < 0.5


def test_play_starts_the_mixer_on_first_use(sound):
    sound.play("click")
    assert pygame.mixer.get_init()
    assert sound.available


def test_volume_is_clamped_and_applied(sound):
    sound.preload()
    sound.set_volume(0.25)
    assert sound.volume == 0.25
    effect = sound._effects["deal"]
    assert effect.get_volume() == pytest.approx(0.25, abs=0.01)
    sound.set_volume(7)
    assert sound.volume == 1.0
    sound.set_volume(-1)
    assert sound.volume == 0.0


def test_muted_play_is_silent_and_does_not_start_the_mixer(sound):
    sound.set_muted(True)
    assert sound.muted
    sound.play("match")
    assert not pygame.mixer.get_init()
    sound.set_muted(False)
    sound.play("match")
    assert pygame.mixer.get_init()


def test_unknown_effect_is_an_error_even_when_muted(sound):
    sound.set_muted(True)
    with pytest.raises(ValueError):
        sound.play("applause")


def test_missing_file_is_recorded_and_the_rest_still_play(sound):
    manager = Sound(names=(*EFFECTS, "no_such_effect"))
    try:
        assert manager.preload()
        assert "no_such_effect" in manager.load_errors
        assert "deal" in manager.loaded()
        manager.play("no_such_effect")  # silently nothing
        manager.play("deal")
    finally:
        manager.close()


def test_failed_mixer_makes_a_silent_no_op(monkeypatch):
    if pygame.mixer.get_init():
        pygame.mixer.quit()

    def no_device(*args, **kwargs):
        raise pygame.error("No available audio device")

    monkeypatch.setattr(sound_module.pygame.mixer, "init", no_device)
    manager = Sound()
    assert not manager.available
    assert "No available audio device" in manager.disabled_reason
    for name in EFFECTS:
        manager.play(name)  # no exception, no effect
    manager.set_volume(0.3)
    manager.set_muted(True)
    manager.set_muted(False)
    assert manager.loaded() == ()
    manager.close()


def test_missing_sdl_mixer_makes_a_silent_no_op(monkeypatch):
    if pygame.mixer.get_init():
        pygame.mixer.quit()

    def not_built(*args, **kwargs):
        raise NotImplementedError("mixer module not available")

    monkeypatch.setattr(sound_module.pygame.mixer, "get_init", not_built)
    manager = Sound()
    manager.play("deal")
    assert not manager.available
    assert manager.disabled_reason.startswith("NotImplementedError")


def test_effects_reach_the_audio_device(tmp_path):
    """On SDL's 'disk' driver the mixer's output lands in a file: it must not be silence."""
    out = tmp_path / "audio.raw"
    script = (
        "import time\n"
        "from split.ui.sound import Sound\n"
        "s = Sound(volume=1.0)\n"
        "assert s.preload(), s.disabled_reason\n"
        "s.play('match')\n"
        "time.sleep(0.4)\n"
        "s.close()\n"
    )
    env = {**os.environ, "SDL_AUDIODRIVER": "disk", "SDL_DISKAUDIOFILE": str(out)}
    env["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    subprocess.run([sys.executable, "-c", script], env=env, check=True, timeout=30)
    data = out.read_bytes()
    assert len(data) > 4096
    assert any(data), "the mixer wrote only silence"
