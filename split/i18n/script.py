"""Scripts as text, not pixels: bidi levels, combining marks, where a word may be cut.

Pure Python (no pygame): the ui's shaping (split/ui/text.py) lays runs out with these.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable

# Characters that take no glyph of their own: bidi controls are removed after the bidi
# pass; joiners stay in the text (HarfBuzz needs ZWNJ/ZWJ) but need no coverage.
BIDI_CONTROLS = frozenset(
    "\u200e\u200f\u061c\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
)
JOINERS = frozenset("\u200c\u200d\u034f\ufe00\ufe01\ufe02\ufe03\ufe0e\ufe0f")
IGNORABLE = BIDI_CONTROLS | JOINERS | frozenset("\n\r\t\u00ad\u200b\u2060\ufeff")
TELUGU_VIRAMA = "\u0c4d"


def script_of(char: str) -> str | None:
    """The ISO 15924 script of a letter we shape specially (Telugu, Arabic, Latin), else None."""
    cp = ord(char)
    if 0x0C00 <= cp <= 0x0C7F:
        return "Telu"
    if (
        0x0600 <= cp <= 0x06FF
        or 0x0750 <= cp <= 0x077F
        or 0x08A0 <= cp <= 0x08FF
        or 0xFB50 <= cp <= 0xFDFF
        or 0xFE70 <= cp <= 0xFEFF
    ):
        return "Arab"
    if char.isalpha() and cp < 0x0250:
        return "Latn"
    return None


def is_mark(char: str) -> bool:
    """Whether ``char`` belongs to the character before it (a combining mark or a joiner)."""
    return unicodedata.category(char) in ("Mn", "Mc", "Me") or char in JOINERS


def bidi_levels(text: str, rtl: bool) -> list[int]:
    """Embedding levels of ``text`` for a paragraph of the given direction.

    A compact form of the Unicode bidi algorithm for one line without explicit
    embeddings: strong types, W1 (marks), W2/W7 (numbers after Arabic / Latin letters),
    W4/W5 (separators and terminators inside numbers, and a sign before one), N1/N2
    (neutrals) and I1/I2 (levels). Numbers always read left to right.
    """
    n = len(text)
    base = 1 if rtl else 0
    raw = [unicodedata.bidirectional(c) or "ON" for c in text]
    kind: list[str] = []  # L, R, AL, EN, AN, N
    for i, c in enumerate(text):
        b = raw[i]
        if c == "\u200e":
            k = "L"
        elif c in ("\u200f", "\u061c"):
            k = "R"
        elif b in ("L", "R", "AL", "EN", "AN"):
            k = b
        elif b == "NSM":
            k = kind[-1] if kind else ("R" if rtl else "L")
        else:
            k = "N"
        kind.append(k)
    # W2: EN after Arabic letters is AN; AL counts as R from here on.
    last_strong = "R" if rtl else "L"
    for i, k in enumerate(kind):
        if k in ("L", "R", "AL"):
            last_strong = k
        if k == "EN" and last_strong == "AL":
            kind[i] = "AN"
        if k == "AL":
            kind[i] = "R"
    # W4: a single separator between two numbers of the same kind joins them.
    for i in range(1, n - 1):
        if raw[i] in ("ES", "CS") and kind[i - 1] == kind[i + 1] and kind[i - 1] in ("EN", "AN"):
            if raw[i] == "ES" and kind[i - 1] == "AN":
                continue
            kind[i] = kind[i - 1]
    # W5: terminators (%, currency) next to a number belong to it.
    i = 0
    while i < n:
        if raw[i] != "ET" or kind[i] != "N":
            i += 1
            continue
        j = i
        while j < n and raw[j] == "ET" and kind[j] == "N":
            j += 1
        if j < n and kind[j] in ("EN", "AN"):
            kind[i:j] = [kind[j]] * (j - i)
        elif i > 0 and kind[i - 1] in ("EN", "AN"):
            kind[i:j] = [kind[i - 1]] * (j - i)
        i = j
    # Not in UBA: a sign (ES) starting a number stays with it, so "-5" never reads "5-".
    for i in range(n - 1):
        starts = i == 0 or kind[i - 1] not in ("EN", "AN")
        if raw[i] == "ES" and kind[i] == "N" and starts and kind[i + 1] in ("EN", "AN"):
            kind[i] = kind[i + 1]
    # W7: EN after a Latin letter (or at the start of an LTR paragraph) is L.
    last_strong = "R" if rtl else "L"
    for i, k in enumerate(kind):
        if k in ("L", "R"):
            last_strong = k
        elif k == "EN" and last_strong == "L":
            kind[i] = "L"

    # N1/N2: neutrals between two strongs of one direction take it, else the paragraph's.
    def strong(k: str) -> str:
        return "L" if k == "L" else "R"

    i = 0
    while i < n:
        if kind[i] != "N":
            i += 1
            continue
        j = i
        while j < n and kind[j] == "N":
            j += 1
        before = strong(kind[i - 1]) if i > 0 else ("R" if rtl else "L")
        after = strong(kind[j]) if j < n else ("R" if rtl else "L")
        resolved = before if before == after else ("R" if rtl else "L")
        for m in range(i, j):
            kind[m] = resolved
        i = j
    # I1/I2
    levels = []
    for k in kind:
        if base == 0:
            levels.append({"L": 0, "R": 1}.get(k, 2))
        else:
            levels.append(1 if k == "R" else 2)
    return levels


def break_points(word: str) -> list[int]:
    """Where a word too long for a line may be cut: not inside a cluster or a conjunct."""
    points = []
    for i in range(1, len(word)):
        if is_mark(word[i]) or word[i - 1] in (TELUGU_VIRAMA, "\u200d"):
            continue
        points.append(i)
    return points


def shorten(text: str, fits: Callable[[str], bool], ellipsis: str = "\u2026") -> str:
    """The longest start of ``text`` that ``fits`` with ``ellipsis`` after it, cut only
    between clusters (never between a consonant and its vowel sign or virama); just the
    ellipsis when no start fits.

    >>> shorten("abcdef", lambda s: len(s) <= 4)
    'abc\u2026'
    """
    cut = ""
    for point in break_points(text):
        if not fits(text[:point].rstrip() + ellipsis):
            break
        cut = text[:point].rstrip()
    return cut + ellipsis if cut else ellipsis
