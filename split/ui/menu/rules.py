"""The rules, page by page, with pictures of real cards."""

from __future__ import annotations

import pygame

from split import i18n
from split.engine.cards import parse_card
from split.i18n import _

from .. import cards as cardart
from .. import typeset, widgets
from ..backdrop import backdrop
from .context import MenuContext
from .rules_pages import PAGES, Picture
from .scene import MenuScene


class RulesScene(MenuScene):
    """The rules, page by page: Left/Right (or PageUp/PageDown, or the buttons) turn.

    In right-to-left languages the page turns the other way round: Next is the left
    button and the Left arrow goes on to the next page."""

    def __init__(self, ctx: MenuContext, page: int = 0) -> None:
        super().__init__(ctx)
        self.page = page % len(PAGES)
        self.focus = 2  # Next

    def turn(self, step: int) -> None:
        """Turn ``step`` pages on (back if negative), stopping at the first and last."""
        self.page = max(0, min(len(PAGES) - 1, self.page + step))
        self.dirty = True

    def on_key(self, event: pygame.event.Event) -> bool:
        k = event.key
        forward, back = pygame.K_RIGHT, pygame.K_LEFT
        if i18n.is_rtl():  # the arrows follow the screen: Next is on the left
            forward, back = back, forward
        if k in (forward, pygame.K_PAGEDOWN):
            self.turn(1)
        elif k in (back, pygame.K_PAGEUP):
            self.turn(-1)
        elif k == pygame.K_HOME:
            self.page = 0
        elif k == pygame.K_END:
            self.page = len(PAGES) - 1
        else:
            return False
        return True

    def on_wheel(self, dy: int) -> None:
        self.turn(-1 if dy > 0 else 1)

    def layout(self) -> None:
        W, H = self.size
        fs = self.fs()
        bw, bh = max(160, W // 7), int(fs * 2.2)
        y = H - bh - fs
        prev = pygame.Rect(0, y, bw, bh)
        prev.right = W // 2 - bw // 2 - fs
        nxt = pygame.Rect(0, y, bw, bh)
        nxt.left = W // 2 + bw // 2 + fs
        back = pygame.Rect(0, y, bw, bh)
        back.centerx = W // 2
        window = pygame.Rect(0, 0, W, H)
        prev, nxt = widgets.mirror(prev, window), widgets.mirror(nxt, window)
        self.buttons = [
            widgets.Button("prev", _("Previous"), prev, self.page > 0),
            widgets.Button("back", _("Back"), back),
            widgets.Button("next", _("Next"), nxt, self.page < len(PAGES) - 1),
        ]
        if not self.buttons[self.focus % 3].enabled:
            self.focus = 1  # Back

    def render(self, surface: pygame.Surface) -> None:
        W, H = self.size
        fs = self.fs()
        backdrop(surface)
        page = PAGES[self.page]
        self.draw_title(surface, _(page.title))
        counter = _("Page {n} of {total}").format(
            n=i18n.localize_digits(self.page + 1), total=i18n.localize_digits(len(PAGES))
        )
        # at the reading end of the title line: the right, the left in right-to-left
        corner = pygame.Rect(fs, fs, W - 2 * fs, fs)
        widgets.line(surface, counter, corner, fs, int(fs * 0.8), widgets.DIM, end=True)
        bottom = self.buttons[0].rect.top - fs
        pic_h = 0
        if page.picture is not None:
            pic_h = max(60, min(H // 4, 220))
        text_rect = pygame.Rect(W // 10, int(fs * 4.5), W * 8 // 10, 0)
        text_rect.height = max(10, bottom - pic_h - fs * 2 - text_rect.top)
        y = text_rect.top
        body = max(14, int(fs * 0.9))
        for para in page.paragraphs:
            r = pygame.Rect(text_rect.left, y, text_rect.width, text_rect.bottom - y)
            y = widgets.paragraph(surface, _(para), r, body) + body // 2
        if page.picture is not None:
            top = min(y + fs, bottom - pic_h)
            self.draw_picture(surface, page.picture, top, pic_h, fs)

    def draw_picture(
        self, surface: pygame.Surface, picture: Picture, top: int, height: int, fs: int
    ) -> None:
        """The page's cards in a centred row from ``top``, their caption below."""
        W = self.size[0]
        art = cardart.art(height - fs * 2, cardart.deck_style(self.ctx.settings))
        images = []
        for group in picture.groups:
            cards = [parse_card(c) for c in group]
            if len(cards) == 2:
                images.append(art.match(cards[0], cards[1]))
            else:
                images.append(art.half(cards[0], True))
        gap = fs
        total = sum(im.get_width() for im in images) + gap * (len(images) - 1)
        x = W // 2 - total // 2
        row = pygame.Rect(x, top, total, height)
        for im in images:  # in the caption's order: from the right in right-to-left
            surface.blit(im, (widgets.mirror_x(x, im.get_width(), row), top))
            x += im.get_width() + gap
        caption = typeset.render(_(picture.caption), int(fs * 0.8), widgets.DIM)
        surface.blit(caption, caption.get_rect(midtop=(W // 2, top + art.h + fs // 3)))

    def on_button(self, name: str) -> None:
        if name == "prev":
            self.turn(-1)
        elif name == "next":
            self.turn(1)
        elif name == "back":
            self.on_back()
