"""Synthesise the game's sound effects into assets/sounds/*.wav.

Pure standard library (wave, math, random with fixed seeds), so the output is the
same bytes on every machine: run it again and git sees no change.

    python build/make_sounds.py            # writes assets/sounds/
    python build/make_sounds.py --out DIR  # somewhere else

Every effect is 16-bit, 44.1 kHz, mono, between 50 and 600 ms. Card sounds are
filtered noise bursts (a card's snap is mostly air and paper); the scoring sounds
are soft bell tones with quick attacks and exponential tails. There is no music.
"""

from __future__ import annotations

import argparse
import math
import random
import struct
import wave
from collections.abc import Callable
from pathlib import Path

RATE = 44_100
ROOT = Path(__file__).resolve().parent.parent
DEFAULT_OUT = ROOT / "assets" / "sounds"

Signal = list[float]


# --- building blocks ---------------------------------------------------------------


def silence(seconds: float) -> Signal:
    """A run of zeros ``seconds`` long."""
    return [0.0] * int(seconds * RATE)


def noise(seconds: float, rng: random.Random) -> Signal:
    """White noise in [-1, 1]."""
    return [rng.uniform(-1.0, 1.0) for _ in range(int(seconds * RATE))]


def _coefficient(cutoff: float) -> float:
    return 1.0 - math.exp(-2.0 * math.pi * cutoff / RATE)


def lowpass(x: Signal, cutoff: float | Callable[[float], float]) -> Signal:
    """One-pole low-pass; ``cutoff`` in Hz, or a function of time in seconds (a sweep)."""
    out: Signal = []
    y = 0.0
    fixed = None if callable(cutoff) else _coefficient(cutoff)
    for i, v in enumerate(x):
        a = fixed if fixed is not None else _coefficient(cutoff(i / RATE))  # type: ignore[operator]
        y += a * (v - y)
        out.append(y)
    return out


def highpass(x: Signal, cutoff: float) -> Signal:
    """One-pole high-pass: what the low-pass takes away."""
    return [v - lo for v, lo in zip(x, lowpass(x, cutoff), strict=True)]


def bandpass(x: Signal, low: float, high: float) -> Signal:
    """Two cascaded one-pole stages each side: soft, paper-like noise colour."""
    return highpass(highpass(lowpass(lowpass(x, high), high), low), low)


def envelope(n: int, attack: float, decay: float) -> Signal:
    """A linear attack of ``attack`` s, then an exponential tail with time constant ``decay`` s."""
    a = max(1, int(attack * RATE))
    out: Signal = []
    for i in range(n):
        if i < a:
            out.append(i / a)
        else:
            out.append(math.exp(-(i - a) / (decay * RATE)))
    return out


def shaped(x: Signal, env: Signal) -> Signal:
    """Multiply a signal by an envelope of the same length."""
    return [v * e for v, e in zip(x, env, strict=True)]


def tone(
    freq: float,
    seconds: float,
    decay: float,
    partials: tuple[tuple[float, float], ...] = ((1.0, 1.0), (2.0, 0.25), (3.0, 0.08)),
    attack: float = 0.004,
    glide: float = 0.0,
) -> Signal:
    """A bell-ish note: a few harmonics (ratio, level) under one envelope.

    ``glide`` bends the pitch by that fraction over the note (negative falls).
    """
    n = int(seconds * RATE)
    env = envelope(n, attack, decay)
    out: Signal = []
    phase = 0.0
    for i in range(n):
        t = i / n
        f = freq * (1.0 + glide * t)
        phase += 2.0 * math.pi * f / RATE
        v = 0.0
        for ratio, level in partials:
            # Upper partials die faster, as on a struck bar.
            v += level * math.sin(phase * ratio) * (env[i] ** ratio)
        out.append(v)
    return out


def thump(freq: float, seconds: float, decay: float) -> Signal:
    """A short low sine whose pitch drops: the body of a card landing on felt."""
    return tone(freq, seconds, decay, partials=((1.0, 1.0),), attack=0.001, glide=-0.4)


def mix(length: float, *parts: tuple[float, float, Signal]) -> Signal:
    """Lay (start seconds, gain, signal) parts onto a buffer ``length`` seconds long."""
    out = silence(length)
    for start, gain, sig in parts:
        offset = int(start * RATE)
        for i, v in enumerate(sig):
            j = offset + i
            if j >= len(out):
                break
            out[j] += gain * v
    return out


def finish(x: Signal, peak: float, fade: float = 0.006) -> Signal:
    """Normalise to ``peak`` (0..1) and fade both ends so nothing clicks."""
    top = max((abs(v) for v in x), default=0.0) or 1.0
    out = [v * peak / top for v in x]
    # A 1 ms fade-in keeps attacks crisp; the fade-out is longer so tails end softly.
    m = min(int(0.001 * RATE), len(out) // 2)
    for i in range(m):
        out[i] *= i / m
    n = min(int(fade * RATE), len(out) // 2)
    for i in range(n):
        out[-1 - i] *= i / n
    return out


def snap(rng: random.Random, seconds: float = 0.05, bright: float = 1.0) -> Signal:
    """One card snap: a bright, very short noise burst."""
    burst = bandpass(noise(seconds, rng), 900.0 * bright, 5500.0 * bright)
    return shaped(burst, envelope(len(burst), 0.0008, 0.010))


# --- the effects -------------------------------------------------------------------


def make_deal() -> Signal:
    """A card flicked onto the table: a short swish, then a snap."""
    rng = random.Random(101)
    swish = bandpass(noise(0.06, rng), 1500.0, 6000.0)
    swish = shaped(swish, [math.sin(math.pi * i / len(swish)) ** 2 for i in range(len(swish))])
    return finish(
        mix(0.12, (0.0, 0.35, swish), (0.05, 1.0, snap(rng)), (0.05, 0.3, thump(170, 0.05, 0.012))),
        0.55,
    )


def make_draw() -> Signal:
    """A card slid off the pile: noise swept upward, ending in a light tick."""
    rng = random.Random(202)
    length = 0.16
    slide = lowpass(noise(length, rng), lambda t: 700.0 + 4000.0 * (t / length))
    slide = highpass(slide, 500.0)
    n = len(slide)
    slide = shaped(slide, [math.sin(math.pi * min(1.0, i / (0.85 * n))) ** 1.5 for i in range(n)])
    return finish(mix(0.18, (0.0, 1.0, slide), (0.13, 0.5, snap(rng, bright=1.2))), 0.45)


def make_discard() -> Signal:
    """A card laid on the discard row: a softer, lower slap."""
    rng = random.Random(303)
    slap = lowpass(bandpass(noise(0.10, rng), 300.0, 2600.0), 2200.0)
    slap = shaped(slap, envelope(len(slap), 0.001, 0.025))
    return finish(mix(0.13, (0.0, 1.0, slap), (0.0, 0.6, thump(140, 0.09, 0.02))), 0.5)


def make_match() -> Signal:
    """Two halves paired: two soft bell notes a fifth apart (E5, B5)."""
    return finish(
        mix(0.40, (0.0, 1.0, tone(659.25, 0.40, 0.12)), (0.07, 0.8, tone(987.77, 0.33, 0.11))),
        0.42,
    )


def make_upgrade() -> Signal:
    """A match upgraded: a rising C major arpeggio."""
    notes = (523.25, 659.25, 783.99, 1046.50)
    parts = [
        (0.065 * i, 1.0 - 0.1 * i, tone(f, 0.50 - 0.065 * i, 0.10)) for i, f in enumerate(notes)
    ]
    return finish(mix(0.50, *parts), 0.42)


def make_penalty() -> Signal:
    """A negative box filled: two mellow falling notes (G4 to E-flat 4), no harshness."""
    mellow = ((1.0, 1.0), (2.0, 0.12), (3.0, 0.05))
    return finish(
        mix(
            0.45,
            (0.0, 1.0, tone(392.00, 0.22, 0.08, mellow, attack=0.008, glide=-0.02)),
            (0.15, 1.0, tone(311.13, 0.30, 0.12, mellow, attack=0.008, glide=-0.03)),
        ),
        0.38,
    )


def make_round_end() -> Signal:
    """The round is scored: a soft arpeggiated C major chord over a low C."""
    parts = [(0.0, 0.6, tone(261.63, 0.60, 0.25, ((1.0, 1.0), (2.0, 0.15)), attack=0.01))]
    for i, f in enumerate((523.25, 659.25, 783.99)):
        parts.append((0.05 * (i + 1), 0.7, tone(f, 0.60 - 0.05 * (i + 1), 0.20)))
    return finish(mix(0.60, *parts), 0.42, fade=0.05)


def make_click() -> Signal:
    """A button press: a tiny high blip with a touch of noise."""
    rng = random.Random(404)
    blip = tone(1800.0, 0.05, 0.006, ((1.0, 1.0),), attack=0.0005)
    tick = shaped(highpass(noise(0.05, rng), 3000.0), envelope(int(0.05 * RATE), 0.0003, 0.003))
    return finish(mix(0.05, (0.0, 1.0, blip), (0.0, 0.35, tick)), 0.4, fade=0.004)


def make_shuffle() -> Signal:
    """A riffle shuffle: a rush of quick snaps that speeds up, then a final squaring tap."""
    rng = random.Random(505)
    length = 0.58
    parts: list[tuple[float, float, Signal]] = []
    t = 0.01
    gap = 0.035
    while t < 0.45:
        parts.append((t, rng.uniform(0.35, 0.7), snap(rng, 0.03, bright=rng.uniform(0.8, 1.2))))
        t += gap * rng.uniform(0.7, 1.3)
        gap = max(0.014, gap * 0.93)
    bed = bandpass(noise(0.45, rng), 800.0, 5000.0)
    n = len(bed)
    bed = shaped(bed, [0.25 * math.sin(math.pi * i / n) for i in range(n)])
    parts.append((0.0, 1.0, bed))
    parts.append((0.49, 0.9, snap(rng, 0.06, bright=0.7)))
    parts.append((0.49, 0.4, thump(150, 0.07, 0.02)))
    return finish(mix(length, *parts), 0.5)


EFFECTS: dict[str, Callable[[], Signal]] = {
    "deal": make_deal,
    "draw": make_draw,
    "discard": make_discard,
    "match": make_match,
    "upgrade": make_upgrade,
    "penalty": make_penalty,
    "round_end": make_round_end,
    "click": make_click,
    "shuffle": make_shuffle,
}


# --- output ------------------------------------------------------------------------


def to_pcm16(x: Signal) -> bytes:
    """Clamp and pack as little-endian signed 16-bit samples."""
    ints = [max(-32767, min(32767, round(v * 32767))) for v in x]
    return struct.pack(f"<{len(ints)}h", *ints)


def write_wav(path: Path, x: Signal) -> None:
    """Write one mono 16-bit 44.1 kHz WAV file."""
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(to_pcm16(x))


def main(argv: list[str] | None = None) -> int:
    """Write every effect into the output folder."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="target folder")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    total = 0
    for name, make in EFFECTS.items():
        path = args.out / f"{name}.wav"
        write_wav(path, make())
        size = path.stat().st_size
        total += size
        print(f"{path.name:14} {size / (2 * RATE) * 1000:6.0f} ms {size:8d} bytes")
    print(f"{'total':14} {'':9} {total:8d} bytes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
