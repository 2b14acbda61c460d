"""The game's sound effects: short WAVs played fire-and-forget, silent when there is no audio.

    sound = Sound(volume=0.8)
    sound.preload()        # optional: open the device now, not at the first effect
    sound.play("deal")     # returns at once; the mixer plays it on its own thread
    sound.set_muted(True)

If the mixer cannot start (no audio device, SDL_mixer missing) the manager turns into
a no-op and keeps the reason in :attr:`Sound.disabled_reason`, so the game runs on.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterable

import pygame

from split.resources import asset_path

EFFECTS: tuple[str, ...] = (
    "deal",
    "draw",
    "discard",
    "match",
    "upgrade",
    "penalty",
    "round_end",
    "click",
    "shuffle",
)
"""The effects shipped in assets/sounds/, one ``<name>.wav`` each."""

# Small buffer: effects should follow the gesture that caused them (~12 ms at 44.1 kHz).
_FREQUENCY = 44_100
_BUFFER = 512
# Dealing fires many overlapping snaps; eight channels (pygame's default) run out.
_CHANNELS = 16


def _clamp(volume: float) -> float:
    return min(1.0, max(0.0, float(volume)))


class Sound:
    """Loads the effects on first use and plays them without blocking.

    ``play`` of a name outside ``names`` raises ``ValueError`` even when silent, so
    a typo shows up in tests that run without audio.
    """

    def __init__(
        self, volume: float = 0.8, muted: bool = False, names: Iterable[str] = EFFECTS
    ) -> None:
        self.names: tuple[str, ...] = tuple(names)
        self._volume = _clamp(volume)
        self._muted = bool(muted)
        self._effects: dict[str, pygame.mixer.Sound] = {}
        self._started = False
        self._owns_mixer = False
        self.disabled_reason: str | None = None
        """Why the manager is silent (mixer failed to start), or ``None``."""
        self.load_errors: dict[str, str] = {}
        """Effects that failed to load, with the error; the others still play."""

    # --- state ----------------------------------------------------------------------

    @property
    def available(self) -> bool:
        """Whether sound can be heard at all (starts the mixer if it has not yet)."""
        self._start()
        return self.disabled_reason is None

    @property
    def volume(self) -> float:
        """The effects' volume, 0.0 to 1.0."""
        return self._volume

    @property
    def muted(self) -> bool:
        """Whether ``play`` is currently silent."""
        return self._muted

    def loaded(self) -> tuple[str, ...]:
        """The names of the effects that are ready to play."""
        return tuple(self._effects)

    # --- control --------------------------------------------------------------------

    def preload(self) -> bool:
        """Start the mixer and load every effect now; ``True`` if sound is available."""
        return self.available

    def play(self, name: str) -> None:
        """Start effect ``name`` and return at once; does nothing if muted or silent."""
        if name not in self.names:
            raise ValueError(f"unknown sound effect {name!r}")
        if self._muted:
            return
        self._start()
        effect = self._effects.get(name)
        if effect is None:
            return
        # play() gives None when every channel is busy: dropping one effect is fine.
        with contextlib.suppress(pygame.error):
            effect.play()

    def set_volume(self, volume: float) -> None:
        """Set the volume of every effect, clamped to 0.0 … 1.0."""
        self._volume = _clamp(volume)
        for effect in self._effects.values():
            effect.set_volume(self._volume)

    def set_muted(self, muted: bool) -> None:
        """Mute or unmute; muting also cuts effects that are still sounding."""
        self._muted = bool(muted)
        if self._muted and self._effects:
            for effect in self._effects.values():
                effect.stop()

    def close(self) -> None:
        """Drop the effects and shut the mixer down if this manager started it."""
        self._effects.clear()
        self.load_errors.clear()
        if self._owns_mixer:
            with contextlib.suppress(pygame.error, NotImplementedError):
                pygame.mixer.quit()
        self._owns_mixer = False
        self._started = False
        self.disabled_reason = None

    # --- start-up -------------------------------------------------------------------

    def _start(self) -> None:
        if self._started:
            return
        self._started = True
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=_FREQUENCY, size=-16, channels=2, buffer=_BUFFER)
                self._owns_mixer = True
            if pygame.mixer.get_num_channels() < _CHANNELS:
                pygame.mixer.set_num_channels(_CHANNELS)
        except (pygame.error, NotImplementedError, OSError) as exc:
            # NotImplementedError: pygame was built without SDL_mixer.
            kind = "pygame.error" if isinstance(exc, pygame.error) else type(exc).__name__
            self.disabled_reason = f"{kind}: {exc}" if str(exc) else kind
            return
        for name in self.names:
            try:
                effect = pygame.mixer.Sound(str(asset_path(f"sounds/{name}.wav")))
            except (pygame.error, FileNotFoundError, OSError) as exc:
                self.load_errors[name] = str(exc)
                continue
            effect.set_volume(self._volume)
            self._effects[name] = effect
