"""Every language on every screen at 1024x600: no text runs outside its box or the window,
none is shrunk or cut to fit, no paragraph loses a line.

Text is drawn through ``widgets.text``, ``widgets.paragraph`` and ``Button.draw``; the test
wraps them to record, for each blit, the text's rectangle, the box it was meant for and
the width it needs at its size.
"""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import random  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from split import i18n  # noqa: E402
from split.app.session import Session  # noqa: E402
from split.app.settings import SeatChoice  # noqa: E402
from split.ui import typeset, widgets  # noqa: E402
from split.ui.menu.about import AboutScene  # noqa: E402
from split.ui.menu.game import game_table, kept_game  # noqa: E402
from split.ui.menu.pause import PauseScene  # noqa: E402
from split.ui.menu.rules import RulesScene  # noqa: E402
from split.ui.menu.rules_pages import PAGES  # noqa: E402
from split.ui.menu.settings import SettingsScene  # noqa: E402
from split.ui.menu.setup import SetupScene  # noqa: E402
from split.ui.menu.stats import StatsScene  # noqa: E402
from split.ui.results import FinalScene, RoundSummaryScene  # noqa: E402

SIZE = (1024, 600)
SLACK = 2  # px of anti-aliasing tolerance
SCREENS = (
    "menu",
    "new_game",
    *(f"rules_{i}" for i in range(len(PAGES))),
    "stats",
    "settings",
    "about",
    "table",
    "table6",
    "pause",
    "tutorial",
    "join",
    "lobby",
    "waiting",
)


class _Finder:
    """Two tables heard on the network (no multicast in the test)."""

    def tables(self):
        from split.net.discovery import Table

        return [
            Table("Annabelle-Marie", "192.168.100.200", 47211, 3),
            Table("Bo", "10.0.0.7", 5000, 1),
        ]

    def close(self) -> None:
        pass


class _Lobby:
    """A hosted table's lobby as the screen reads it, four seats in every state."""

    code = "EW2FWP"
    addresses = ["192.168.100.200", "10.0.0.7"]
    session = None

    def __init__(self) -> None:
        from types import SimpleNamespace

        from split.net.protocol import Seats

        seats = Seats(
            ("Annabelle-Marie", "Bo", "Cy", "Di"), ("human", "human", "open", "away"), False
        )
        self.game = SimpleNamespace(
            ready=True, started=False, gone=None, seat=0, seats=seats, pump=lambda: None
        )

    def begin(self) -> None:
        pass

    def leave(self) -> None:
        pass


class Recorder:
    """Wraps the text helpers; ``problems`` lists every text that leaves its box."""

    def __init__(self, monkeypatch) -> None:
        self.problems: list[str] = []
        self.count = 0
        orig_text, orig_par, orig_draw = widgets.text, widgets.paragraph, widgets.Button.draw
        rec = self

        def text(surface, words, pos, size, colour=widgets.INK, bold=False, width=None, **kw):
            r = orig_text(surface, words, pos, size, colour, bold, width, **kw)
            rec.check(surface, words, r, None, width)
            if width:
                rec.whole(words, size, bold, width)
            return r

        def paragraph(surface, words, rect, size, colour=widgets.INK):
            y = rect.top
            for line in typeset.wrap(words, size, rect.width):
                if y + size > rect.bottom:
                    rec.problems.append(f"{words[:50]!r} loses lines below {rect}")
                    break
                surf = typeset.render(line, size, colour)
                rec.check(surface, line, surf.get_rect(topleft=(rect.left, y)), rect, None)
                y += int(size * 1.3)
            return orig_par(surface, words, rect, size, colour)

        def draw(self, surface, focused=False):
            orig_draw(self, surface, focused)
            label = f"{self.label} ({self.key})" if self.key else self.label
            size = max(12, int(self.rect.height * 0.45))
            surf = typeset.fit(label, size, self.rect.width - 8)
            rec.check(surface, label, surf.get_rect(center=self.rect.center), self.rect, None)
            rec.whole(label, size, False, self.rect.width - 8)

        monkeypatch.setattr(widgets, "text", text)
        monkeypatch.setattr(widgets, "paragraph", paragraph)
        monkeypatch.setattr(widgets.Button, "draw", draw)

    def whole(self, words: str, size: int, bold: bool, width: int) -> None:
        """A fitted text must fit at its own size: shrunk or cut with "…", it is flagged
        (unless it holds a long player's name: names have no bound in any language)."""
        if "Annabelle-Marie" in words:
            return
        need = typeset.render(words, size, widgets.INK, bold).get_width()
        if need > width + SLACK:
            self.problems.append(f"{words!r} needs {need} px at {size} px, has {width}: shrunk")

    def check(self, surface, words, r: pygame.Rect, box, width) -> None:
        self.count += 1
        window = surface.get_rect().inflate(2 * SLACK, 2 * SLACK)
        if not window.contains(r):
            self.problems.append(f"{words!r} at {r} leaves the {surface.get_size()} surface")
        if box is not None and not box.inflate(2 * SLACK, 2 * SLACK).contains(r):
            self.problems.append(f"{words!r} at {r} runs out of its box {box}")
        if width is not None and r.width > width + SLACK:
            self.problems.append(f"{words!r} is {r.width} px wide, its box {width} px")


def open_screen(app, ctx, name: str) -> None:
    while len(app.scenes) > 1:
        app.pop()
    if name == "menu":
        pass
    elif name == "join":
        from split.ui.menu.lobby import JoinScene

        scene = JoinScene(ctx, "Annabelle-Marie")
        scene.finder = _Finder()
        scene.error = "Type the host's address, like 192.168.1.20."
        app.push(scene)
    elif name in ("lobby", "waiting"):
        from split.ui.menu.lobby import LobbyScene

        lobby = _Lobby()
        if name == "waiting":  # a guest's view: the host starts the game
            lobby.game.seat = 1
            lobby.code = None
        app.push(LobbyScene(ctx, lobby))
    elif name in ("table", "table6", "pause"):
        kinds = ("human", "easy", "random", "random", "normal", "hard")
        count = 6 if name == "table6" else 4
        names = ("You", "Ada", "Bo", "Cy", "Dee", "Eli")
        seats = tuple(SeatChoice(names[i], kinds[i]) for i in range(count))
        table = game_table(ctx, Session.new(seats, seed=3, path=None))
        app.push(table)
        app.run_frames(8)
        if name == "pause":
            app.push(kept_game(table).pause(table))
    elif name == "tutorial":
        from split.ui.tutorial import lesson_of, tutorial_table

        tutorial = app.push(tutorial_table(ctx.live, ctx.sound))
        tutorial.try_action(lesson_of(tutorial).step(tutorial).parsed)
        tutorial.finish_animations()
        app.run_frames(8)
    elif name.startswith("rules_"):
        app.push(RulesScene(ctx, int(name.split("_")[1])))
    elif name == "stats":
        scene = app.push(StatsScene(ctx))
        rows = {"A": 2, "7": 1}
        sheets = [{"name": "You", "kind": "human", "score": 95, "rows": rows, "negatives": 3}]
        sheets.append({"name": "Annabelle-Marie", "kind": "hard", "score": -12, "rows": {}})
        game = {"id": "x", "won": True, "finished": "2026-12-04 16:05", "sheets": sheets}
        scene.stats.recent = [game]
    else:
        app.push(
            {
                "new_game": lambda: SetupScene(ctx),
                "settings": lambda: SettingsScene(ctx),
                "about": lambda: AboutScene(ctx),
            }[name]()
        )
    app.run_frames(3)


@pytest.mark.parametrize("lang", list(i18n.LANGUAGES))
def test_no_text_leaves_its_box(app, lang, monkeypatch):
    app, ctx = app
    ctx.change(language=lang)  # as Settings does: every screen is laid out again
    assert i18n.current_language() == lang
    rec = Recorder(monkeypatch)
    report = []
    for name in SCREENS:
        rec.problems.clear()
        open_screen(app, ctx, name)
        report += [f"{lang}/{name}: {p}" for p in rec.problems]
    assert rec.count > 50, "the recorder saw no text: the wrappers are not in the draw path"
    assert not report, "\n".join(report)


@pytest.mark.parametrize("lang", ["gl", "te", "id"])
def test_the_seat_boards_fit_at_1280x720(tmp_path, lang, monkeypatch):
    """Issue 28: at 1280x720 a dealer's facts and its "+N" did not fit one line in
    Galician, Telugu and Indonesian and were shrunk; the board gives them a second."""
    from app_driver import start

    monkeypatch.setenv("SPLIT_DATA_DIR", str(tmp_path))
    app, ctx = start(seed=1, size=(1280, 720))
    try:
        ctx.change(language=lang)
        rec = Recorder(monkeypatch)
        report = []
        for name in ("table", "table6"):
            rec.problems.clear()
            open_screen(app, ctx, name)
            report += [f"{lang}/{name}: {p}" for p in rec.problems]
        assert rec.count > 20
        assert not report, "\n".join(report)
    finally:
        i18n.set_language("en")
        app.close()


def test_recorder_flags_a_long_label(app, monkeypatch):
    app, ctx = app
    rec = Recorder(monkeypatch)
    surface = pygame.Surface(SIZE)
    widgets.text(surface, "W" * 200, (10, 10), 20)  # no width: runs off the window
    b = widgets.Button("x", "label", pygame.Rect(1000, 10, 200, 40))  # off the right edge
    b.draw(surface)
    widgets.text(surface, "W" * 200, (10, 10), 20, width=100)  # fitted: shrunk and cut
    widgets.text(surface, "W", (10, 10), 20, width=100)  # fits whole: fine
    widgets.paragraph(surface, "W " * 200, pygame.Rect(0, 0, 100, 40), 20)  # lines lost
    assert len(rec.problems) == 4, rec.problems


def test_paragraphs_start_on_the_reading_side():
    def ink_box(lang, words):
        i18n.set_language(lang)
        surf = pygame.Surface((400, 100), pygame.SRCALPHA)
        widgets.paragraph(surf, words, pygame.Rect(0, 0, 400, 100), 20)
        return surf.get_bounding_rect()

    try:
        persian, english = ink_box("fa", "کوتاه"), ink_box("en", "short")
    finally:
        i18n.set_language("en")
    assert persian.right >= 398 and persian.left > 200
    assert english.left <= 2 and english.right < 200


def test_round_summary_and_results_fit_in_every_language(app, monkeypatch):
    """The end-of-round sheets (R8.2) and the final results (R9.4), reached by playing a
    real game to its end, drawn in every language."""
    app, ctx = app
    ctx.change(speed="instant")
    seats = tuple(
        SeatChoice(n, k) for n, k in (("You", "human"), ("Ada", "easy"), ("Bo", "random"))
    )
    table = app.push(game_table(ctx, Session.new(seats, seed=5, path=None)))
    rng = random.Random(2)
    rec = Recorder(monkeypatch)
    report: list[str] = []
    seen: set[str] = set()

    def every_language(name: str) -> None:
        for lang in i18n.LANGUAGES:
            rec.problems.clear()
            i18n.set_language(lang)
            app.scene.resize(app.size)
            app.scene.draw(app.screen)
            report.extend(f"{lang}/{name}: {p}" for p in rec.problems)
        i18n.set_language("en")
        seen.add(name)

    for _ in range(20000):
        scene = app.scene
        if isinstance(scene, FinalScene):
            every_language("results")
            break
        if isinstance(scene, RoundSummaryScene):
            if "summary" not in seen:
                every_language("summary")
            scene.on_button("next")
        elif scene is table:
            table.finish_animations()
            if table.human_turn():
                table.try_action(rng.choice(table.state.legal_actions()))
        app.run_frames(1)
    assert seen == {"summary", "results"}, f"the game did not reach its end: {seen}"
    assert rec.count > 100, "the recorder saw no text: the wrappers are not in the draw path"
    assert not report, "\n".join(report)


@pytest.mark.parametrize("before, after", [(-5, 12), (-5, -3), (7, -3), (7, 12), (3, -40)])
def test_the_persian_score_line_reads_from_before_to_after(before, after):
    """Issue 27: in Persian the round summary's "score before ← after" is read right to
    left: on screen the old score sits right of the arrow and the new one left of it
    (the arrow points at the new score). A minus sign's left-to-right mark used to pull
    the following digits into its run, so the arrow pointed at the old score."""
    from types import SimpleNamespace

    from split.ui.results import round_clauses
    from split.ui.text import visual_runs

    seat = SimpleNamespace(
        seat=0, rows_added=[0] * 13, negatives_added=0, score_before=before, score_after=after
    )
    table = SimpleNamespace(model=SimpleNamespace(rows=[[0] * 13], negatives=[0]))
    try:
        i18n.set_language("fa")
        line = round_clauses(SimpleNamespace(seats=[seat]), table)[0][-1]
        shown = "".join(r.text for r in visual_runs(i18n.localize_digits(line), "fa"))
        old, new = (
            i18n.localize_digits(f"{n:+}".lstrip("+").replace("-", "−")) for n in (before, after)
        )
    finally:
        i18n.set_language("en")
    old, new = (s.replace("\u200e", "") for s in (old, new))
    assert shown.index(new) < shown.index("←") < shown.index(old) < shown.index("امتیاز"), shown


def _switch_language(app, ctx, lang: str) -> None:
    """As a player does at the table: Esc, Settings, the Language button until it reads
    ``lang``, Back, Resume."""
    from app_driver import click_button
    from app_driver import key as press

    table = app.scene
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, PauseScene)
    click_button(app, "settings")
    for _ in i18n.LANGUAGES:
        if ctx.settings.language == lang:
            break
        click_button(app, "language")
    assert i18n.current_language() == lang
    click_button(app, "back")
    click_button(app, "resume")
    assert app.scene is table


def test_a_refusal_and_a_hint_follow_a_live_language_switch(app, monkeypatch):
    """Issue 24 item 1: in Galician a card dropped on a card of another rank is refused
    (R3.1); the player switches to Telugu and resumes. The prompt bar says the refusal
    whole in Telugu (not a Telugu prefix on a Galician body), and the hint asked for
    then replaces it."""
    from app_driver import key
    from ui_driver import drag, record_texts, settle, spot

    from split.engine.cards import card_label, rank_of

    app, ctx = app
    ctx.change(speed="instant", language="gl")
    seats = (SeatChoice("You", "human"), SeatChoice("Ada", "easy"))
    table = app.push(game_table(ctx, Session.new(seats, seed=3, path=None)))
    settle(app, table)
    if table.state.phase == "start":
        key(app, pygame.K_d)  # draw: now a card can be played
        settle(app, table)
    cards = table.hand.cards
    j = next(j for j, c in enumerate(cards) if rank_of(c) != rank_of(cards[0]))
    a, b = card_label(cards[0]), card_label(cards[j])
    drag(app, spot(table, "hand", 0), spot(table, "hand", j))
    assert table.ui.error is not None
    gl = i18n.catalog("gl")
    why = (
        "{a} and {b} are not a match: a match is two cards of the same rank (R3.1). "
        "To move a card in your hand, drop it between two cards."
    )
    said = gl.gettext("Not allowed: {reason}").format(reason=gl.gettext(why).format(a=a, b=b))
    assert table.prompt()[0] == said

    _switch_language(app, ctx, "te")
    te = i18n.catalog("te")
    said = te.gettext("Not allowed: {reason}").format(reason=te.gettext(why).format(a=a, b=b))
    drawn = record_texts(monkeypatch)
    table.invalidate()  # the table drawn again as it is now
    app.run_frames(1)
    bar = table.layout.prompt_rect
    assert " ".join(w for w, r in drawn if bar.colliderect(r)).split() == said.split()

    key(app, pygame.K_SPACE)  # the refused card lands back in the hand at once
    key(app, pygame.K_h)  # the hint replaces the refusal
    assert table.ui.error is None and table.ui.note is not None
    hint = table.prompt()[0]
    assert hint.startswith(te.gettext("Hint: {action}. {reason}").split("{")[0])
    drawn.clear()
    table.invalidate()
    app.run_frames(1)
    assert " ".join(w for w, r in drawn if bar.colliderect(r)).split() == hint.split()
