"""Draw a gallery of the card art and the seat portraits, as the game draws them.

    python build/make_card_gallery.py               # writes docs/card-art.png
    python build/make_card_gallery.py --out X.png --height 200

The cards and portraits are drawn by the program at run time (split/ui/cards.py,
courts.py, backs.py, portraits.py), so no card image ships; this picture is for the
reader. It shows the twelve courts as whole cards (perfect matches), weak and strong
matches (two different halves), the classic faces, the four-colour deck and high
contrast, the five backs, the three match badges and six portraits. Like the code
that draws it, it is under the project's MIT licence (LICENSE).
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
import pygame  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
FELT = (22, 96, 58)


def gallery(height: int) -> pygame.Surface:
    """The gallery at card height ``height``."""
    from split.engine.cards import MatchType, parse_card
    from split.ui import cards, portraits
    from split.ui.backs import BACK_NAMES

    c = parse_card
    plain = cards.art(height)
    classic = cards.art(height, cards.DeckStyle(faces="classic"))
    four = cards.art(height, cards.DeckStyle(four_colour=True))
    contrast = cards.art(height, cards.DeckStyle(high_contrast=True))
    gap = max(6, height // 20)
    mw = plain.w * 2 + gap
    rows: list[list[pygame.Surface]] = []
    courts = [f"{r}{s}" for s in "SHDC" for r in "JQK"]
    rows.append([plain.match(c(n), c(n)) for n in courts[:6]])
    rows.append([plain.match(c(n), c(n)) for n in courts[6:]])
    mixed = [("KS", "KH"), ("QD", "QH"), ("JC", "JS"), ("7H", "7S"), ("AD", "AH"), ("10C", "10C")]
    rows.append([plain.match(c(a), c(b)) for a, b in mixed])
    rows.append(
        [classic.match(c(n), c(n)) for n in ("KS", "QH", "JD")]
        + [four.match(c(a), c(b)) for a, b in (("KD", "KH"), ("9C", "9S"), ("QC", "QD"))]
    )
    rows.append(
        [contrast.match(c(a), c(b)) for a, b in (("KH", "KH"), ("8D", "8C"), ("JS", "JC"))]
        + [four.match(c(n), c(n)) for n in ("JC", "QS", "KD")]
    )
    backs = [cards.art(height, cards.DeckStyle(back=b)).back() for b in BACK_NAMES]
    size = max(48, height // 2)
    faces = [
        portraits.portrait(name, size, kind)
        for name, kind in (
            ("You", "human"),
            ("Ada", "normal"),
            ("Bo", "easy"),
            ("Cy", "hard"),
            ("Dee", "expert"),
            ("Eli", "random"),
        )
    ]
    badges = [cards.badge(t, height // 8) for t in MatchType]
    W = 6 * mw + gap
    H = len(rows) * (height + gap) + height + size + 3 * gap
    out = pygame.Surface((W, H))
    out.fill(FELT)
    y = gap
    for row in rows:
        for i, img in enumerate(row):
            out.blit(img, (gap + i * mw, y))
        y += height + gap
    for i, img in enumerate(backs):
        out.blit(img, (gap + i * (plain.w + gap), y))
    x = gap + len(backs) * (plain.w + gap) + gap
    for img in badges:
        out.blit(img, (x, y + height // 3))
        x += img.get_width() + gap
    y += height + gap
    for i, img in enumerate(faces):
        out.blit(img, (gap + i * (size + gap), y))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "card-art.png")
    parser.add_argument("--height", type=int, default=160)
    args = parser.parse_args(argv)
    pygame.init()
    pygame.display.set_mode((1, 1))
    pygame.image.save(gallery(args.height), str(args.out))
    print(args.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
