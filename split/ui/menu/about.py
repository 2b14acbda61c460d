"""The About screen: the version, the game's licence and the licences of the fonts and
sounds it ships, the data folder with a button that opens it."""

from __future__ import annotations

import pygame

from split import i18n
from split.i18n import N_, _

from .. import typeset, widgets
from ..backdrop import backdrop
from .context import AboutFacts, MenuContext
from .scene import MenuScene


class AboutScene(MenuScene):
    """Left: which licence (the game's, then one per asset licence file); right: its
    text, scrolled with the wheel or Up/Down. Below: the data folder, Open and Back.

    Licence texts are legal texts in English and are laid out as English (left to
    right, ASCII digits) in every language; versions and paths are shown as written;
    everything around them is translated and mirrored. The translations' credits come
    second, in the player's language, from each catalog's Last-Translator."""

    title = "About Split"

    def __init__(self, ctx: MenuContext) -> None:
        super().__init__(ctx)
        self.facts: AboutFacts = ctx.about()
        # (label, text, the language the text is in: None for the player's)
        self.texts: list[tuple[str, str, str | None]] = [
            ("Split — LICENSE", self.facts.licence, "en"),
            (TRANSLATIONS, "", None),
        ]
        for lic in self.facts.asset_licences:
            label = f"{lic.part}/{lic.name}" if lic.name else lic.part
            self.texts.append((label, lic.text, "en"))
        self.pick = 0
        self.scroll = 0  # first line of the licence text shown
        self.problem = ""  # why the folder could not be opened
        # the picked text as last wrapped: (what it was wrapped for, its lines); a long
        # licence took 77 ms to wrap at every redraw
        self._wrapped: tuple[tuple[object, ...], list[str]] = ((), [])

    # layout -----------------------------------------------------------------------
    def boxes(self) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
        """The list of licences, the licence text and the data-folder strip, mirrored."""
        W, H = self.size
        fs = self.fs()
        window = pygame.Rect(0, 0, W, H)
        top = int(fs * 6.4)
        bottom = H - int(fs * 7.4)
        left = pygame.Rect(fs * 2, top, max(160, W // 4), bottom - top)
        text = pygame.Rect(left.right + fs, top, W - left.right - fs * 3, bottom - top)
        folder = pygame.Rect(fs * 2, bottom + fs // 2, W - fs * 4, int(fs * 2.2))
        return widgets.mirror(left, window), widgets.mirror(text, window), folder

    def layout(self) -> None:
        W, H = self.size
        fs = self.fs()
        left, _text, folder = self.boxes()
        # every licence in the list: rows get lower as the list grows
        gap = fs // 3
        row = max(int(fs * 1.2), min(int(fs * 2.0), left.height // len(self.texts) - gap))
        self.buttons = []
        for i, (label, _body, lang) in enumerate(self.texts):
            r = pygame.Rect(left.left, left.top + i * (row + gap), left.width, row)
            if r.bottom > left.bottom:
                break
            b = widgets.Button(
                f"licence:{i}", _(label) if lang is None else i18n.verbatim(label), r
            )
            b.hot = i == self.pick
            self.buttons.append(b)
        w = max(200, W // 5)
        h = int(fs * 2.2)
        open_r = pygame.Rect(0, 0, w, h)
        back_r = pygame.Rect(0, 0, w, h)
        open_r.topright = (W // 2 - fs // 2, folder.bottom + fs // 2)
        back_r.topleft = (W // 2 + fs // 2, folder.bottom + fs // 2)
        window = pygame.Rect(0, 0, W, H)
        self.buttons.append(
            widgets.Button("open", _("Open the data folder"), widgets.mirror(open_r, window))
        )
        self.buttons.append(widgets.Button("back", _("Back"), widgets.mirror(back_r, window)))

    def body(self) -> tuple[str, str]:
        """The picked text and the language it is laid out in."""
        _label, text, lang = self.texts[self.pick]
        if lang is None:
            return credits(), i18n.current_language()
        return text, lang

    def lines(self, width: int) -> list[str]:
        """The picked text wrapped to ``width`` (blank lines kept)."""
        size = self.text_size()
        text, lang = self.body()
        key = (text, lang, size, width)
        if self._wrapped[0] != key:
            out: list[str] = []
            for para in text.splitlines():
                out.extend(typeset.wrap(para, size, width, lang=lang) if para.strip() else [""])
            self._wrapped = (key, out)
        return self._wrapped[1]

    def text_size(self) -> int:
        return max(12, int(self.fs() * 0.72))

    # drawing ----------------------------------------------------------------------
    def render(self, surface: pygame.Surface) -> None:
        backdrop(surface)
        self.draw_title(surface, _("About Split"))
        W, _H = self.size
        fs = self.fs()
        version = _("Version {version}").format(version=i18n.verbatim(self.facts.version))
        widgets.text(surface, version, (W // 2, int(fs * 3.4)), fs, widgets.DIM, anchor="midtop")
        _left, box, folder = self.boxes()
        widgets.panel(surface, box)
        inner = box.inflate(-fs, -fs)
        size = self.text_size()
        step = int(size * 1.3)
        lines = self.lines(inner.width)
        _text, lang = self.body()
        self.scroll = max(0, min(self.scroll, max(0, len(lines) - inner.height // step)))
        y = inner.top
        for line in lines[self.scroll :]:
            if y + size > inner.bottom:
                break
            if line:
                shown = typeset.render(line, size, widgets.INK, lang=lang)
                x = inner.right - shown.get_width() if i18n.is_rtl(lang) else inner.left
                surface.blit(shown, (x, y))
            y += step
        if not self.body()[0].strip():
            widgets.line(surface, _("This licence file is missing."), inner, inner.top, fs)
        widgets.panel(surface, folder)
        where = _("Your games and settings are kept in {path}").format(
            path=i18n.verbatim(str(self.facts.data_dir))
        )
        widgets.line(
            surface,
            self.problem or where,
            folder,
            folder.centery - fs // 2,
            int(fs * 0.85),
            widgets.ERROR if self.problem else widgets.INK,
            pad=fs // 2,
        )

    # input ------------------------------------------------------------------------
    def on_button(self, name: str) -> None:
        if name.startswith("licence:"):
            self.pick = int(name.split(":", 1)[1])
            self.scroll = 0
        elif name == "open":
            self.problem = self.ctx.open_folder(self.facts.data_dir) or ""
        elif name == "back":
            self.on_back()

    def on_wheel(self, dy: int) -> None:
        self.scroll = max(0, self.scroll - 3 * dy)
        self.dirty = True

    def on_key(self, event: pygame.event.Event) -> bool:
        if event.key in (pygame.K_PAGEDOWN, pygame.K_PAGEUP):
            self.on_wheel(-10 if event.key == pygame.K_PAGEDOWN else 10)
            return True
        return False


TRANSLATIONS = N_("Translations")


def translator(lang: str) -> str:
    """Who translated ``lang``, as its catalog's Last-Translator says (no address)."""
    return i18n.catalog(lang).info().get("last-translator", "").split("<", 1)[0].strip()


def credits() -> str:
    """One line per language, in the player's language: who wrote or translated it."""
    out = []
    for code, name in i18n.LANGUAGES.items():
        who = translator(code)
        if not who:
            continue
        who = i18n.verbatim(who)
        said = (
            _("{language}: written by {who}")
            if code == "en"
            else _("{language}: translated by {who}")
        )
        out.append(said.format(language=i18n.embed(name), who=who))
    return "\n".join(out)
