"""Text on screen: fonts per language, shaping, bidi, fallback fonts, wrapping and fitting.

Every language has a *primary face* (Noto Sans for en/gl/id, Noto Sans Telugu UI for te,
Noto Sans Arabic UI for fa). A string is cut into *runs* of one face, one script and one
direction; each run is shaped by SDL_ttf's HarfBuzz (``Font.set_script`` and
``Font.set_direction``), so Telugu conjuncts and Persian joining come out right, and the
runs are laid out in visual order by a small bidi pass (numbers stay left-to-right inside
Persian text). Characters the primary face lacks (suit signs ♣♦♥♠, Latin letters in
Persian or Telugu text, U+2212) fall back to the other shipped fonts; suit signs always
use the symbol font (DejaVu Sans).

Sizes are pygame point sizes (pixels at 72 dpi). Surfaces come back with per-pixel alpha.
"""

from __future__ import annotations

import re
import struct
from collections import OrderedDict
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path

import pygame

from split import i18n
from split.i18n.script import (
    BIDI_CONTROLS,
    IGNORABLE,
    bidi_levels,
    break_points,
    is_mark,
    script_of,
    shorten,
)
from split.resources import asset_path

Color = tuple[int, ...] | pygame.Color  # RGB or RGBA: what pygame.Color() takes


@dataclass(frozen=True)
class Face:
    """A font family as shipped: its regular and bold files and its native script."""

    name: str
    regular: str
    bold: str | None
    script: str  # ISO 15924, for HarfBuzz


FACES: dict[str, Face] = {
    "latin": Face("latin", "NotoSans-Regular.ttf", "NotoSans-Bold.ttf", "Latn"),
    "telugu": Face("telugu", "NotoSansTeluguUI-Regular.ttf", "NotoSansTeluguUI-Bold.ttf", "Telu"),
    "arabic": Face("arabic", "NotoSansArabicUI-Regular.ttf", "NotoSansArabicUI-Bold.ttf", "Arab"),
    "symbols": Face("symbols", "DejaVuSans.ttf", None, "Zyyy"),
}
LANGUAGE_FACES: dict[str, str] = {"en": "latin", "gl": "latin", "id": "latin", "te": "telugu"}
LANGUAGE_FACES["fa"] = "arabic"
FALLBACK_ORDER: tuple[str, ...] = ("latin", "arabic", "telugu", "symbols")
SUIT_SYMBOLS = frozenset("\u2663\u2666\u2665\u2660\u2667\u2662\u2661\u2664")


def _font_path(file: str) -> Path:
    return asset_path(f"fonts/{file}")


# ---------------------------------------------------------------------------
# Coverage: which characters a font file has, read from its cmap table.
# (pygame's Font.metrics() reports the .notdef box's metrics, not None, for a missing
# glyph with SDL_ttf 2.24, so it cannot tell coverage.)


@cache
def font_codepoints(file: str) -> frozenset[int]:
    """The code points a shipped font file maps to a real glyph (cmap format 4 or 12)."""
    data = _font_path(file).read_bytes()
    return _cmap_codepoints(data)


def _cmap_codepoints(data: bytes) -> frozenset[int]:
    num_tables = struct.unpack_from(">H", data, 4)[0]
    tables = {}
    for i in range(num_tables):
        tag, _, offset, length = struct.unpack_from(">4sIII", data, 12 + 16 * i)
        tables[tag] = offset
    if b"cmap" not in tables:
        raise ValueError("font has no cmap table")
    base = tables[b"cmap"]
    _, count = struct.unpack_from(">HH", data, base)
    subtables: dict[tuple[int, int], int] = {}
    for i in range(count):
        platform, encoding, offset = struct.unpack_from(">HHI", data, base + 4 + 8 * i)
        subtables[(platform, encoding)] = base + offset
    for key in ((3, 10), (0, 6), (0, 4), (3, 1), (0, 3), (0, 2), (0, 1), (0, 0)):
        at = subtables.get(key)
        if at is None:
            continue
        fmt = struct.unpack_from(">H", data, at)[0]
        if fmt == 12:
            return _cmap12(data, at)
        if fmt == 4:
            return _cmap4(data, at)
    raise ValueError("font has no Unicode cmap of format 4 or 12")


def _cmap12(data: bytes, at: int) -> frozenset[int]:
    groups = struct.unpack_from(">I", data, at + 12)[0]
    points: set[int] = set()
    for g in range(groups):
        start, end, glyph = struct.unpack_from(">III", data, at + 16 + 12 * g)
        points.update(range(start + (1 if glyph == 0 else 0), end + 1))
    return frozenset(points)


def _cmap4(data: bytes, at: int) -> frozenset[int]:
    seg_x2 = struct.unpack_from(">H", data, at + 6)[0]
    segs = seg_x2 // 2
    ends = struct.unpack_from(f">{segs}H", data, at + 14)
    starts = struct.unpack_from(f">{segs}H", data, at + 16 + seg_x2)
    deltas = struct.unpack_from(f">{segs}h", data, at + 16 + 2 * seg_x2)
    range_base = at + 16 + 3 * seg_x2
    range_offsets = struct.unpack_from(f">{segs}H", data, range_base)
    points: set[int] = set()
    for i in range(segs):
        for cp in range(starts[i], ends[i] + 1):
            if cp == 0xFFFF:
                continue
            if range_offsets[i] == 0:
                glyph = (cp + deltas[i]) & 0xFFFF
            else:
                where = range_base + 2 * i + range_offsets[i] + 2 * (cp - starts[i])
                glyph = struct.unpack_from(">H", data, where)[0]
                if glyph:
                    glyph = (glyph + deltas[i]) & 0xFFFF
            if glyph:
                points.add(cp)
    return frozenset(points)


def face_covers(face: str, char: str) -> bool:
    """Whether ``face``'s regular file has a glyph for ``char``."""
    return ord(char) in font_codepoints(FACES[face].regular)


def primary_face(lang: str | None = None) -> str:
    """The face a language is written in (``latin``, ``telugu`` or ``arabic``)."""
    return LANGUAGE_FACES.get(lang or i18n.current_language(), "latin")


def face_for_char(char: str, lang: str | None = None) -> str | None:
    """The face that draws ``char`` in ``lang`` text, or None if no shipped font has it."""
    if char in SUIT_SYMBOLS:
        return "symbols"
    first = primary_face(lang)
    if face_covers(first, char):
        return first
    for face in FALLBACK_ORDER:
        if face != first and face_covers(face, char):
            return face
    return None


def missing_glyphs(text: str, lang: str | None = None) -> set[str]:
    """The characters of ``text`` that no shipped font can draw (ignorables excepted)."""
    return {c for c in set(text) if c not in IGNORABLE and face_for_char(c, lang) is None}


# ---------------------------------------------------------------------------
# Fonts


_FONT_CACHE_SIZE = 128
_fonts: OrderedDict[tuple[str, int, bool, str, bool], pygame.font.Font] = OrderedDict()
_quit_hooked = False


def clear_cache() -> None:
    """Drop every cached Font (call after a big resize that changes all sizes)."""
    _fonts.clear()
    _script_font_size.cache_clear()


def _on_quit() -> None:
    """Font objects die with pygame.quit(), and so does this hook: the next use hooks again."""
    global _quit_hooked
    clear_cache()
    _quit_hooked = False


def _ensure_font_module() -> None:
    global _quit_hooked
    if not _quit_hooked:
        pygame.register_quit(_on_quit)
        _quit_hooked = True
    if not pygame.font.get_init():
        clear_cache()
        pygame.font.init()


def _font(face: str, size: int, bold: bool, script: str, rtl: bool) -> pygame.font.Font:
    _ensure_font_module()
    size = max(1, int(size))
    key = (face, size, bold, script, rtl)
    found = _fonts.get(key)
    if found is not None:
        _fonts.move_to_end(key)
        return found
    spec = FACES[face]
    file = spec.bold if bold and spec.bold else spec.regular
    font = pygame.font.Font(str(_font_path(file)), size)
    if bold and not spec.bold:
        font.set_bold(True)  # synthetic bold (the symbol font has no bold file shipped)
    try:
        font.set_script(script)
        font.set_direction(pygame.DIRECTION_RTL if rtl else pygame.DIRECTION_LTR)
    except (pygame.error, AttributeError, ValueError):
        pass  # SDL_ttf without HarfBuzz: text still renders, unshaped
    _fonts[key] = font
    if len(_fonts) > _FONT_CACHE_SIZE:
        _fonts.popitem(last=False)
    return font


def get_font(size: int, bold: bool = False, lang: str | None = None) -> pygame.font.Font:
    """The primary font of ``lang`` (default: current language) at ``size``, set up for its
    script and direction. Cached per (lang, size, bold); do not change its settings."""
    lang = lang or i18n.current_language()
    face = primary_face(lang)
    return _font(face, size, bold, FACES[face].script, i18n.is_rtl(lang))


def symbol_font(size: int, bold: bool = False) -> pygame.font.Font:
    """The font that has the suit signs ♣♦♥♠ (DejaVu Sans)."""
    return _font("symbols", size, bold, "Zyyy", False)


def line_height(size: int, lang: str | None = None) -> int:
    """The height of one line of text at ``size`` (the tallest font a line may use)."""
    lang = lang or i18n.current_language()
    return max(
        _font(f, size, False, FACES[f].script, False).get_height()
        for f in {primary_face(lang), "latin", "symbols"}
    )


@cache
def shaping_available() -> bool:
    """Whether HarfBuzz shaping works: a Telugu conjunct must be narrower shaped as Telugu
    than laid out with the Latin script's rules."""
    if pygame.font.get_sdl_ttf_version() < (2, 20, 0):
        return False
    _ensure_font_module()
    sample = "\u0c15\u0c4d\u0c37"  # క్ష
    try:
        shaped = _font("telugu", 32, False, "Telu", False).size(sample)[0]
        plain = _font("telugu", 32, False, "Latn", False).size(sample)[0]
    except pygame.error:
        return False
    return shaped < plain


# ---------------------------------------------------------------------------
# Runs and bidi


@dataclass
class _Run:
    """A run being gathered: its characters (logical order), face, script (None while
    only neutrals) and bidi level."""

    chars: list[str]
    face: str
    script: str | None
    level: int


@dataclass(frozen=True)
class TextRun:
    """A piece of a line drawn with one face, script and direction (text in logical order)."""

    text: str
    face: str
    script: str
    rtl: bool
    level: int


def visual_runs(text: str, lang: str | None = None) -> list[TextRun]:
    """The runs of one line of ``text``, left to right on screen."""
    lang = lang or i18n.current_language()
    rtl = i18n.is_rtl(lang)
    if not text:
        return []
    levels = bidi_levels(text, rtl)
    first = primary_face(lang)
    runs: list[_Run] = []
    for char, level in zip(text, levels, strict=True):
        if char in BIDI_CONTROLS:
            continue
        current = runs[-1] if runs else None
        script = script_of(char)
        # Marks and joiners stay with their base; neutrals stay in a run whose font has them.
        sticky = is_mark(char) or (
            script is None
            and char not in SUIT_SYMBOLS
            and current is not None
            and current.face != "symbols"
            and face_covers(current.face, char)
        )
        if current is not None and current.level == level and sticky:
            current.chars.append(char)
            if current.script is None and script is not None:
                current.script = script
            continue
        face = face_for_char(char, lang) or first
        same_script = current is not None and script in (None, current.script)
        if (
            current is not None
            and current.face == face
            and current.level == level
            and (same_script or current.script is None)
        ):
            current.chars.append(char)
            current.script = current.script or script
            continue
        runs.append(_Run([char], face, script, level))
    # L2: reverse, from the highest level down to the lowest odd one.
    if not runs:
        return []
    top = max(r.level for r in runs)
    lowest_odd = min((r.level for r in runs if r.level % 2), default=top + 1)
    for level in range(top, lowest_odd - 1, -1):
        i = 0
        while i < len(runs):
            if runs[i].level >= level:
                j = i
                while j < len(runs) and runs[j].level >= level:
                    j += 1
                runs[i:j] = runs[i:j][::-1]
                i = j
            else:
                i += 1
    return [
        TextRun(
            "".join(r.chars), r.face, r.script or FACES[r.face].script, r.level % 2 == 1, r.level
        )
        for r in runs
    ]


def _run_font(run: TextRun, size: int, bold: bool) -> pygame.font.Font:
    return _font(run.face, size, bold, run.script, run.rtl)


@cache
def _script_font_size(face: str, size: int) -> tuple[int, int]:
    f = _font(face, size, False, FACES[face].script, False)
    return f.get_ascent(), f.get_height() - f.get_ascent()  # height is ascent - descent + 1


def _line_metrics(runs: list[TextRun], size: int, lang: str | None) -> tuple[int, int]:
    faces = {r.face for r in runs} | {primary_face(lang)}
    ascent = max(_script_font_size(f, size)[0] for f in faces)
    descent = max(_script_font_size(f, size)[1] for f in faces)
    return ascent, descent


def text_size(text: str, size: int, bold: bool = False, lang: str | None = None) -> tuple[int, int]:
    """The (width, height) ``render_text`` would give ``text``, without drawing it."""
    lines = text.split("\n")
    if len(lines) > 1:
        sizes = [text_size(line, size, bold, lang) for line in lines]
        return max(w for w, _ in sizes), sum(h for _, h in sizes)
    runs = visual_runs(text, lang)
    ascent, descent = _line_metrics(runs, size, lang)
    width = sum(_run_font(r, size, bold).size(r.text)[0] for r in runs)
    return width, ascent + descent


def render_text(
    text: str,
    size: int,
    color: Color,
    bold: bool = False,
    lang: str | None = None,
    antialias: bool = True,
) -> pygame.Surface:
    """``text`` shaped, in visual order, on a transparent surface.

    Newlines stack lines, each aligned to the start side (right for RTL languages);
    use ``render_paragraph`` to wrap to a width.
    """
    lang = lang or i18n.current_language()
    if "\n" in text:
        return render_paragraph(text, None, size, color, bold=bold, lang=lang, antialias=antialias)
    runs = visual_runs(text, lang)
    ascent, descent = _line_metrics(runs, size, lang)
    color = pygame.Color(color)
    pieces = [(_run_font(r, size, bold), r) for r in runs]
    rendered = [(font.render(r.text, antialias, color), font.get_ascent()) for font, r in pieces]
    width = sum(s.get_width() for s, _ in rendered)
    surface = pygame.Surface((width, ascent + descent), pygame.SRCALPHA)
    # Transparent pixels of the text's own colour: edges blend to the colour, not to black.
    surface.fill((color.r, color.g, color.b, 0))
    x = 0
    for piece, piece_ascent in rendered:
        if piece.get_flags() & pygame.SRCALPHA:
            surface.blit(piece, (x, ascent - piece_ascent), special_flags=pygame.BLEND_RGBA_MAX)
        else:
            surface.blit(piece, (x, ascent - piece_ascent))
        x += piece.get_width()
    return surface


def render_symbol(symbol: str, size: int, color: Color, bold: bool = False) -> pygame.Surface:
    """Suit signs (and card ranks beside them) in the symbol font."""
    return symbol_font(size, bold).render(symbol, True, pygame.Color(color))


# ---------------------------------------------------------------------------
# Wrapping and fitting


def _split_long_word(word: str, width: int, size: int, bold: bool, lang: str) -> list[str]:
    pieces: list[str] = []
    rest = word
    while rest and text_size(rest, size, bold, lang)[0] > width:
        cut = 0
        for point in break_points(rest):
            if text_size(rest[:point], size, bold, lang)[0] <= width:
                cut = point
            else:
                break
        if cut == 0:
            points = break_points(rest)
            cut = points[0] if points else len(rest)
        pieces.append(rest[:cut])
        rest = rest[cut:]
    if rest:
        pieces.append(rest)
    return pieces


_CARD = re.compile("^[\u200e\u200f(]*(10|[2-9AJQK])[\u2660\u2665\u2666\u2663][\u200e\u200f]*")


def _cards_together(words: list[str]) -> list[str]:
    """The words of a line with a pair of cards (``K♦ K♦.``, a match) kept as one, so
    the log never breaks a match over two lines."""
    out: list[str] = []
    for word in words:
        prev = out[-1] if out else ""
        card = _CARD.match(prev) if prev else None
        if card is not None and card.end() == len(prev) and _CARD.match(word):
            out[-1] = f"{prev} {word}"
        else:
            out.append(word)
    return out


def wrap_text(
    text: str, width: int, size: int, lang: str | None = None, bold: bool = False
) -> list[str]:
    """``text`` broken at spaces into lines no wider than ``width`` pixels.

    Lines are in logical order (as stored); ``render_text`` puts each in visual order,
    so this works the same for right-to-left text. ``\\n`` starts a new paragraph; a word
    wider than the line is cut between grapheme clusters.
    """
    lang = lang or i18n.current_language()
    lines: list[str] = []
    space = _width(" ", size, bold, lang)
    doubt = 4 + size // 2  # how far a sum of widths may be from the line's measure
    for paragraph in text.split("\n"):
        words = _cards_together(paragraph.split())
        if not words:
            lines.append("")
            continue
        line, wide = "", 0  # the line so far, and its width (measured or summed)
        for word in words:
            trial = f"{line} {word}" if line else word
            # the line's width is about the sum of its words' and spaces': only a sum
            # close to the limit is measured (a wrap measured every trial: O(words^2))
            guess = wide + space + _width(word, size, bold, lang) if line else -1
            if abs(guess - width) > doubt and guess >= 0:
                fits = guess < width
            else:
                guess = text_size(trial, size, bold, lang)[0]
                fits = guess <= width
            if fits:
                line, wide = trial, guess
                continue
            if line:
                lines.append(line)
            wide = _width(word, size, bold, lang)
            if wide <= width:
                line = word
            else:
                *full, line = _split_long_word(word, width, size, bold, lang)
                lines.extend(full)
                wide = text_size(line, size, bold, lang)[0]
        lines.append(line)
    return lines


@lru_cache(maxsize=8192)
def _width(word: str, size: int, bold: bool, lang: str) -> int:
    """The width of one word (or space) as drawn alone (cached: words recur)."""
    return text_size(word, size, bold, lang)[0]


def render_paragraph(
    text: str,
    width: int | None,
    size: int,
    color: Color,
    bold: bool = False,
    lang: str | None = None,
    align: str | None = None,
    line_spacing: float = 1.0,
    antialias: bool = True,
) -> pygame.Surface:
    """``text`` wrapped to ``width`` (None: only at newlines) on one transparent surface.

    ``align`` is ``"start"`` (default: left, or right for RTL), ``"end"``, ``"left"``,
    ``"right"`` or ``"center"``.
    """
    lang = lang or i18n.current_language()
    lines = text.split("\n") if width is None else wrap_text(text, width, size, lang, bold)
    rendered = [render_text(line, size, color, bold, lang, antialias) for line in lines]
    step = max(1, round(line_height(size, lang) * line_spacing))
    full_width = max([s.get_width() for s in rendered] + [width or 0])
    height = step * (len(rendered) - 1) + (rendered[-1].get_height() if rendered else 0)
    surface = pygame.Surface((full_width, max(height, 0)), pygame.SRCALPHA)
    side = align or "start"
    if side in ("start", "end"):
        right = i18n.is_rtl(lang) == (side == "start")
        side = "right" if right else "left"
    for i, line in enumerate(rendered):
        if side == "right":
            x = full_width - line.get_width()
        elif side == "center":
            x = (full_width - line.get_width()) // 2
        else:
            x = 0
        surface.blit(line, (x, i * step))
    return surface


def fit_size(
    text: str,
    max_width: int,
    size: int,
    bold: bool = False,
    lang: str | None = None,
    min_size: int = 8,
) -> int:
    """The largest size from ``size`` down to ``min_size`` at which ``text`` fits ``max_width``
    (``min_size`` if none does)."""
    lang = lang or i18n.current_language()
    if text_size(text, size, bold, lang)[0] <= max_width:
        return size
    low, high = min_size, size - 1
    best = min_size
    while low <= high:
        mid = (low + high) // 2
        if text_size(text, mid, bold, lang)[0] <= max_width:
            best, low = mid, mid + 1
        else:
            high = mid - 1
    return best


def fit_text(
    text: str,
    max_width: int,
    size: int,
    color: Color,
    bold: bool = False,
    lang: str | None = None,
    min_size: int = 8,
) -> pygame.Surface:
    """``text`` rendered no wider than ``max_width``: smaller first (down to ``min_size``),
    then cut at a cluster boundary with an ellipsis."""
    lang = lang or i18n.current_language()
    chosen = fit_size(text, max_width, size, bold, lang, min_size)
    if text_size(text, chosen, bold, lang)[0] <= max_width:
        return render_text(text, chosen, color, bold, lang)
    text = shorten(text, lambda s: text_size(s, chosen, bold, lang)[0] <= max_width)
    return render_text(text, chosen, color, bold, lang)
