"""Draw the application icon with pygame and write it in every form the builds need.

    python build/make_icon.py

writes build/icon/icon-{16,32,48,64,128,256,512}.png, build/icon/split.ico (Windows,
PNG payloads), build/icon/split.icns (macOS, PNG payloads) and assets/images/icon.png
(256 px, the window icon at run time). No external art: the picture is a playing card
cut in two along a slant, its halves pulled apart, on a felt-green tile.
"""

from __future__ import annotations

import argparse
import io
import math
import os
import struct
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
ICON_DIR = ROOT / "build" / "icon"
RUNTIME_ICON = ROOT / "assets" / "images" / "icon.png"

PNG_SIZES = (16, 32, 48, 64, 128, 256, 512)
ICO_SIZES = (16, 32, 48, 64, 128, 256)  # 256 is the largest an ICO entry can state
# ICNS element types that hold PNG data, with their pixel size (ic11..ic14 are @2x).
ICNS_TYPES = (
    (b"ic07", 128),
    (b"ic08", 256),
    (b"ic09", 512),
    (b"ic10", 1024),
    (b"ic11", 32),
    (b"ic12", 64),
    (b"ic13", 256),
    (b"ic14", 512),
)

FELT_TOP = (34, 132, 84)
FELT_BOTTOM = (14, 84, 52)
CARD = (252, 249, 240)
CARD_EDGE = (182, 176, 160)
RED = (206, 32, 50)
SHADOW = (0, 0, 0, 80)


# --- drawing -----------------------------------------------------------------------


def _heart(cx: float, cy: float, size: float, steps: int = 96) -> list[tuple[float, float]]:
    """The classic parametric heart, ``size`` wide, centred on (cx, cy)."""
    pts = []
    for i in range(steps):
        t = 2 * math.pi * i / steps
        x = 16 * math.sin(t) ** 3
        y = 13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t)
        pts.append((cx + x / 32 * size, cy - (y + 2.5) / 32 * size))
    return pts


def _card(side: int, corners: bool) -> pygame.Surface:
    """A card with one big heart (and two corner hearts if ``corners``), on a square canvas."""
    surf = pygame.Surface((side, side), pygame.SRCALPHA)
    w, h = round(side * 0.50), round(side * 0.70)
    rect = pygame.Rect(0, 0, w, h)
    rect.center = (side // 2, side // 2)
    radius = round(side * 0.06)
    pygame.draw.rect(surf, CARD_EDGE, rect, border_radius=radius)
    pygame.draw.rect(surf, CARD, rect.inflate(-side * 0.024, -side * 0.024), border_radius=radius)
    pygame.draw.polygon(surf, RED, _heart(side / 2, side / 2, side * 0.30))
    if not corners:
        return surf
    corner = side * 0.085
    pygame.draw.polygon(surf, RED, _heart(rect.left + side * 0.085, rect.top + side * 0.09, corner))
    pygame.draw.polygon(
        surf, RED, _heart(rect.right - side * 0.085, rect.bottom - side * 0.09, corner)
    )
    return surf


def _half(card: pygame.Surface, normal: tuple[float, float], keep_positive: bool) -> pygame.Surface:
    """The part of ``card`` on one side of the line through its centre with this normal."""
    side = card.get_width()
    c = side / 2
    nx, ny = normal if keep_positive else (-normal[0], -normal[1])
    dx, dy = -ny, nx  # along the cut
    big = side * 2
    polygon = [
        (c + dx * big, c + dy * big),
        (c + dx * big + nx * big, c + dy * big + ny * big),
        (c - dx * big + nx * big, c - dy * big + ny * big),
        (c - dx * big, c - dy * big),
    ]
    mask = pygame.Surface((side, side), pygame.SRCALPHA)
    pygame.draw.polygon(mask, (255, 255, 255, 255), polygon)
    half = card.copy()
    half.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    return half


def _silhouette(surf: pygame.Surface, colour: tuple[int, int, int, int]) -> pygame.Surface:
    """``surf``'s shape filled with one colour (for the drop shadow)."""
    shadow = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
    shadow.fill(colour)
    alpha = surf.copy()
    alpha.fill((255, 255, 255, 255), special_flags=pygame.BLEND_RGB_MAX)
    shadow.blit(alpha, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    return shadow


def _tile(side: int) -> pygame.Surface:
    """A rounded square of felt, lighter at the top."""
    tile = pygame.Surface((side, side), pygame.SRCALPHA)
    for y in range(side):
        t = y / max(1, side - 1)
        colour = [round(a + (b - a) * t) for a, b in zip(FELT_TOP, FELT_BOTTOM, strict=True)]
        pygame.draw.line(tile, (*colour, 255), (0, y), (side - 1, y))
    mask = pygame.Surface((side, side), pygame.SRCALPHA)
    inset = round(side * 0.04)
    pygame.draw.rect(
        mask,
        (255, 255, 255, 255),
        pygame.Rect(inset, inset, side - 2 * inset, side - 2 * inset),
        border_radius=round(side * 0.2),
    )
    tile.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    return tile


def draw_icon(size: int) -> pygame.Surface:
    """The icon at ``size`` pixels, drawn large and scaled down for smooth edges."""
    side = max(1024, size * 4)
    canvas = _tile(side)
    card = _card(side, corners=size > 24)  # corner pips turn to noise at 16 px
    # The cut runs from upper right to lower left; each half moves away along the normal.
    angle = math.radians(18)
    normal = (math.cos(angle), math.sin(angle))
    # Small icons get a wider gap so the split still reads at 16 px.
    gap = side * (0.045 if size > 32 else 0.07)
    for keep, sign in ((False, -1), (True, 1)):
        half = _half(card, normal, keep)
        # A slight lift too: the right half rides up, the left half sinks.
        ox, oy = sign * normal[0] * gap, sign * normal[1] * gap - sign * side * 0.02
        shade = round(side * 0.018)
        canvas.blit(_silhouette(half, SHADOW), (round(ox) + shade, round(oy) + shade))
        canvas.blit(half, (round(ox), round(oy)))
    return pygame.transform.smoothscale(canvas, (size, size))


# --- file formats ------------------------------------------------------------------


def png_bytes(surface: pygame.Surface) -> bytes:
    """``surface`` encoded as PNG."""
    buffer = io.BytesIO()
    pygame.image.save(surface, buffer, "icon.png")
    return buffer.getvalue()


def ico_bytes(pngs: dict[int, bytes]) -> bytes:
    """A Windows ICO holding one PNG image per size (Vista and later read PNG entries)."""
    sizes = sorted(pngs)
    header = struct.pack("<HHH", 0, 1, len(sizes))
    offset = len(header) + 16 * len(sizes)
    entries, payload = b"", b""
    for size in sizes:
        data = pngs[size]
        dim = 0 if size >= 256 else size  # 0 means 256 in an ICONDIRENTRY
        entries += struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(data), offset)
        offset += len(data)
        payload += data
    return header + entries + payload


def icns_bytes(elements: list[tuple[bytes, bytes]]) -> bytes:
    """A macOS ICNS: ``icns``, total length, then (type, length, data) elements, big-endian."""
    body = b"".join(kind + struct.pack(">I", 8 + len(data)) + data for kind, data in elements)
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def main(argv: list[str] | None = None) -> int:
    """Write the PNGs, the ICO, the ICNS and the runtime icon."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ICON_DIR, help="folder for the icon files")
    parser.add_argument("--runtime", type=Path, default=RUNTIME_ICON, help="window icon path")
    args = parser.parse_args(argv)

    needed = set(PNG_SIZES) | set(ICO_SIZES) | {size for _, size in ICNS_TYPES}
    pngs = {size: png_bytes(draw_icon(size)) for size in sorted(needed)}

    args.out.mkdir(parents=True, exist_ok=True)
    for size in PNG_SIZES:
        (args.out / f"icon-{size}.png").write_bytes(pngs[size])
    (args.out / "split.ico").write_bytes(ico_bytes({s: pngs[s] for s in ICO_SIZES}))
    (args.out / "split.icns").write_bytes(icns_bytes([(k, pngs[s]) for k, s in ICNS_TYPES]))
    args.runtime.parent.mkdir(parents=True, exist_ok=True)
    args.runtime.write_bytes(pngs[256])
    for path in sorted(args.out.iterdir()):
        print(f"{path.name:16} {path.stat().st_size:8d} bytes")
    print(f"{args.runtime.name:16} {args.runtime.stat().st_size:8d} bytes -> {args.runtime}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
