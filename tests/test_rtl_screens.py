"""In Persian (right to left) the screens around the table are mirrored; in English not.

Each test lays a screen out in both languages and compares where things landed: the
rectangles of buttons, and of text recorded by wrapping ``widgets.text`` (which
``widgets.line`` draws through). ``leads`` says, for a language, whether ``a`` comes
before ``b`` in reading order: left of it in English, right of it in Persian.
"""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import random  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402
from app_driver import key  # noqa: E402
from test_i18n_screens import open_screen  # noqa: E402
from ui_driver import make_table, settle  # noqa: E402

from split import i18n  # noqa: E402
from split.app.session import Session  # noqa: E402
from split.app.settings import SeatChoice  # noqa: E402
from split.engine import Game, GameConfig  # noqa: E402
from split.engine.cards import RANKS  # noqa: E402
from split.i18n import _  # noqa: E402
from split.ui import sheets, widgets  # noqa: E402
from split.ui.menu.rules import RulesScene  # noqa: E402
from split.ui.menu.rules_pages import PAGES  # noqa: E402
from split.ui.menu.settings import SettingsScene  # noqa: E402
from split.ui.menu.setup import SeatsEditor  # noqa: E402
from split.ui.results import FinalScene, RoundSummaryScene  # noqa: E402

SIZE = (1024, 600)
W = SIZE[0]
LANGS = ["en", "fa"]


def leads(lang: str, a: pygame.Rect, b: pygame.Rect) -> bool:
    """``a`` is wholly before ``b`` in the reading order of ``lang``."""
    return a.right <= b.left if lang == "en" else a.left >= b.right


class Texts:
    """Records every ``widgets.text`` call as (words, rect), in drawing order."""

    def __init__(self, monkeypatch) -> None:
        self.seen: list[tuple[str, pygame.Rect]] = []
        orig = widgets.text

        def text(surface, words, *args, **kw):
            r = orig(surface, words, *args, **kw)
            self.seen.append((words.replace("\u200e", "").replace("\u200f", ""), r))  # no marks
            return r

        monkeypatch.setattr(widgets, "text", text)

    def clear(self) -> None:
        self.seen.clear()

    def rect(self, words: str) -> pygame.Rect:
        for w, r in self.seen:
            if w == words:
                return r
        raise AssertionError(f"{words!r} was not drawn; drawn: {[w for w, _r in self.seen]}")

    def after(self, words: str, count: int) -> list[pygame.Rect]:
        """The rectangles of the ``count`` texts drawn right after ``words``."""
        i = [w for w, _r in self.seen].index(words)
        return [r for _w, r in self.seen[i + 1 : i + 1 + count]]


@pytest.fixture
def lang(request):
    i18n.set_language(request.param)
    try:
        yield request.param
    finally:
        i18n.set_language("en")


def shown(app, scene):
    """Push ``scene`` on a bare app and draw it."""
    while len(app.scenes) > 1:
        app.pop()
    app.push(scene)
    app.run_frames(3)
    return scene


def buttons(scene) -> dict[str, pygame.Rect]:
    return {b.name: b.rect for b in scene.buttons}


pytestmark = pytest.mark.parametrize("lang", LANGS, indirect=True)


# ------------------------------------------------------------------ new game


def test_new_game_rows_read_from_their_label(app, lang, monkeypatch):
    app, ctx = app
    texts = Texts(monkeypatch)
    open_screen(app, ctx, "new_game")
    b = buttons(app.scene)
    seat1 = texts.rect(_("Seat {n}").format(n=1))
    assert leads(lang, seat1, b["name0"]) and leads(lang, b["name0"], b["kind0"])
    players = texts.rect(_("Players: {n}").format(n=len(app.scene.seats)))
    assert leads(lang, players, b["fewer"]) and leads(lang, b["fewer"], b["more"])
    assert leads(lang, texts.rect(_("First dealer")), b["dealer"])
    # every row's controls line up with the seat rows above them
    assert b["dealer"] == b["name0"].move(0, b["dealer"].top - b["name0"].top)
    edge = b["name0"].left if lang == "en" else b["name0"].right
    assert (b["fewer"].left if lang == "en" else b["fewer"].right) == edge


def test_new_game_arrows_follow_the_rows(app, lang):
    app, ctx = app
    open_screen(app, ctx, "new_game")
    scene = app.scene
    scene.focus = [b.name for b in scene.buttons].index("name0")  # the first name
    on = pygame.K_RIGHT if lang == "en" else pygame.K_LEFT
    key(app, on)
    assert scene.buttons[scene.focus].name == "kind0"
    key(app, pygame.K_RIGHT if on == pygame.K_LEFT else pygame.K_LEFT)
    assert scene.buttons[scene.focus].name == "name0"


def test_seats_editor_hides_the_dealer_row_only(app, lang, monkeypatch):
    app, ctx = app
    texts = Texts(monkeypatch)
    scene = shown(app, SeatsEditor(ctx))
    b = buttons(scene)
    assert "dealer" not in b
    players = texts.rect(_("Players: {n}").format(n=len(scene.seats)))
    hidden = texts.rect(_("Default players"))
    assert leads(lang, players, b["fewer"])
    assert hidden.top > max(b["fewer"].bottom, players.bottom) and hidden.bottom < b["start"].top


# ------------------------------------------------------------------ rules


def test_rules_next_is_on_the_reading_end(app, lang, monkeypatch):
    app, ctx = app
    texts = Texts(monkeypatch)
    scene = shown(app, RulesScene(ctx, 1))
    b = buttons(scene)
    assert leads(lang, b["prev"], b["back"]) and leads(lang, b["back"], b["next"])
    counter = texts.rect(
        _("Page {n} of {total}").format(
            n=i18n.localize_digits(2), total=i18n.localize_digits(len(PAGES))
        )
    )
    # the counter sits at the reading end of the title line: right in English
    assert (counter.left > W * 3 // 4) == (lang == "en")
    assert (counter.right < W // 4) == (lang == "fa")


def test_rules_arrows_turn_the_way_the_buttons_sit(app, lang):
    app, ctx = app
    scene = shown(app, RulesScene(ctx, 2))
    ahead = pygame.K_RIGHT if lang == "en" else pygame.K_LEFT
    behind = pygame.K_LEFT if ahead == pygame.K_RIGHT else pygame.K_RIGHT
    key(app, ahead)
    assert scene.page == 3
    key(app, behind)
    key(app, behind)
    assert scene.page == 1
    key(app, pygame.K_PAGEDOWN)  # the page keys do not depend on the direction
    assert scene.page == 2


# ------------------------------------------------------------------ statistics


def _fake_game(names) -> dict:
    rows = {rank: 1 for rank in RANKS[:3]}
    return {
        "id": "x",
        "won": True,
        "finished": "2025-01-01 10:00",
        "sheets": [
            {"name": n, "kind": "human" if i == 0 else "easy", "score": 10, "rows": rows}
            for i, n in enumerate(names)
        ],
    }


def test_stats_columns_start_on_the_reading_side(app, lang, monkeypatch):
    app, ctx = app
    texts = Texts(monkeypatch)
    open_screen(app, ctx, "stats")
    scene = app.scene
    against, played, won = (texts.rect(_(w)) for w in ("Against", "played", "won"))
    assert leads(lang, against, played) and leads(lang, played, won)
    summary = texts.rect(_("Games played: {n}").format(n=i18n.localize_digits(0)))
    assert leads(lang, summary, against)
    fs = scene.fs()
    if lang == "en":
        assert summary.left == fs
    else:
        assert summary.right == W - fs
    # a finished game: the list on the reading side, its sheets beyond, yours first
    scene.stats.recent = [_fake_game(["Me", "Bot"])]
    texts.clear()
    scene.dirty = True
    app.run_frames(2)
    (row,) = scene.game_rects()
    me, bot = texts.rect("Me"), texts.rect("Bot")
    assert leads(lang, row, me) and leads(lang, me, bot)
    # issue 27: the date as the language writes it, Solar Hijri in Persian
    when = {"en": "Jan 1, 2025, 10:00\u202fAM", "fa": "12 دی 1403\u060c 10:00"}[lang]
    line = [r for w, r in texts.seen if w.startswith(when)][0]
    assert row.left <= line.left and line.right <= row.right
    assert (line.left - row.left < 10) == (lang == "en")
    assert (row.right - line.right < 10) == (lang == "fa")
    # clicks find the row where it is drawn
    scene.pick = -1
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=row.center, button=1))
    app.run_frames(1)
    assert scene.pick == 0


# ------------------------------------------------------------------ settings


def test_settings_label_then_control(app, lang, monkeypatch):
    app, ctx = app
    texts = Texts(monkeypatch)
    open_screen(app, ctx, "settings")
    scene = app.scene
    b = buttons(scene)
    for name, words in [*scene.names(), ("seats", _("Default players"))]:
        label = texts.rect(words)
        assert leads(lang, label, b[name]), (name, label, b[name])
        assert abs(label.centery - b[name].centery) <= 2
    first = i18n.display_name(ctx.settings.seats[0].name)
    seats_line = [r for w, r in texts.seen if w.startswith(first)][0]
    assert seats_line.top >= b["seats"].bottom


def test_settings_arrows_follow_the_screen(app, lang):
    app, ctx = app
    scene = shown(app, SettingsScene(ctx))
    scene.focus = 0  # animation speed
    ctx.change(speed="normal")
    key(app, pygame.K_RIGHT if lang == "en" else pygame.K_LEFT)
    assert ctx.settings.speed == "fast"
    key(app, pygame.K_LEFT if lang == "en" else pygame.K_RIGHT)
    assert ctx.settings.speed == "normal"


# ------------------------------------------------------------------ main menu


def test_saved_game_line_sits_beyond_continue(app, lang, monkeypatch):
    app, ctx = app
    texts = Texts(monkeypatch)
    menu = app.scenes[0]
    seats = (SeatChoice("You", "human"), SeatChoice("Ada", "easy"))
    menu.saved = Session.new(seats, seed=3, path=None)
    menu.dirty = True
    app.run_frames(2)
    cont = buttons(menu)["continue"]
    line = [r for w, r in texts.seen if i18n.join_words([i18n.display_name("You"), "Ada"]) in w][0]
    assert leads(lang, cont, line)
    assert line.left >= 0 and line.right <= W
    assert abs(line.centery - cont.centery) <= 2


# ------------------------------------------------------------------ sheets


def test_sheet_name_total_and_boxes(lang, monkeypatch):
    texts = Texts(monkeypatch)
    surface = pygame.Surface(SIZE)
    rect = pygame.Rect(100, 10, 300, 420)
    rows = [2] + [0] * (len(RANKS) - 1)
    sheets.draw_sheet(surface, rect, "Somebody", rows, 3, [1] + [0] * (len(RANKS) - 1), 1)
    name = texts.rect("Somebody")
    total = [r for w, r in texts.seen if w == str(sheets.sheet_score(rows, 3))][0]
    assert leads(lang, name, total)
    reading = name.left - rect.left if lang == "en" else rect.right - name.right
    assert reading <= 8
    # the ace row: its rank, then its six boxes in order
    ace = texts.rect("A")
    boxes = texts.after("A", sheets.ROW_BOXES)
    assert leads(lang, ace, boxes[0])
    for a, b in zip(boxes, boxes[1:], strict=False):
        assert leads(lang, a, b)
    # the negative row: the label on the reading side, the boxes flowing the same way
    neg_words = [w for w, _r in texts.seen if w.startswith(_("Negative"))][0]
    neg = texts.rect(neg_words)
    assert (neg.left - rect.left <= 8) == (lang == "en")
    assert (rect.right - neg.right <= 8) == (lang == "fa")
    first_row = texts.after(neg_words, sheets.NEG_PER_LINE)
    for a, b in zip(first_row, first_row[1:], strict=False):
        assert leads(lang, a, b)
    assert all(rect.contains(r) for _w, r in texts.seen)


def test_reference_cards_in_reading_order(lang, monkeypatch):
    texts = Texts(monkeypatch)
    surface = pygame.Surface(SIZE)
    area = pygame.Rect(0, 0, *SIZE)
    sheets.draw_reference(surface, area)
    (t1, _b1), (t2, _b2), (t3, _b3), _last = sheets.reference_texts()
    first, second, third = texts.rect(t1), texts.rect(t2), texts.rect(t3)
    assert leads(lang, first, second)
    assert third.top > first.bottom  # 2 x 2 at this width
    # each title starts at the reading side of its card (inside its frame and band)
    if lang == "en":
        assert area.left + 6 + 12 <= first.left <= area.left + 6 + 40
    else:
        assert area.right - 6 - 40 <= first.right <= area.right - 6 - 12


@pytest.mark.parametrize("size", [SIZE, (1280, 720)])
def test_the_penalty_prompt_leaves_the_chip_its_room(lang, size, monkeypatch):
    """R6.1: after a perfect match the prompt asks for a seat and the red chip sits at the
    bar's far end; the words stop before the chip (at 1280 x 720 they ran under it)."""
    from ui_driver import laid_out

    from split.engine.actions import parse_action

    hands = [["8D", "8D", "2C", "5H", "KS"], ["3S", "4S", "6S"], ["9C", "JH"], ["QS", "AD"]]
    game = laid_out(hands, discard=["7H"], draw=["10C", "4D", "6H"])
    for text in ("draw", "match 8D 8D"):
        game.apply(parse_action(text))
    app, table, _applied = make_table(game, ("human", "random", "random", "random"), size)
    texts = Texts(monkeypatch)
    table.invalidate()
    table.renderer.build(table.frame())
    chip = next(h.rect for h in table.hits() if h.kind == "chip")
    bar = table.layout.prompt_rect
    words = [(w, r) for w, r in texts.seen if bar.colliderect(r)]
    assert " ".join(w for w, _r in words).split() == table.prompt()[0].split()
    assert all(bar.contains(r) and not r.colliderect(chip) for _w, r in words)
    last = max(words, key=lambda wr: wr[1].right if lang == "en" else -wr[1].left)[1]
    assert leads(lang, last, chip)


# ------------------------------------------------------------------ round summary, results


@pytest.fixture(scope="module")
def finished():
    """A two-player game played to its end on a real table (the scenes are rendered
    again in each language by the tests)."""
    i18n.set_language("en")
    game = Game(GameConfig(2, 0, 21))
    app, table, _applied = make_table(game, kinds=("human", "random"), size=SIZE)
    rng = random.Random(3)
    for _i in range(3000):
        if isinstance(app.scene, FinalScene):
            break
        if isinstance(app.scene, RoundSummaryScene):
            app.scene.on_button("next")
        elif table.human_turn():
            table.try_action(rng.choice(game.state.legal_actions()))
        settle(app, table)
    assert game.state.is_over
    return table


def _render(scene, monkeypatch):
    texts = Texts(monkeypatch)
    scene.resize(SIZE)
    scene.render(pygame.Surface(SIZE))
    return texts


def test_round_summary_mirrored(finished, lang, monkeypatch):
    table = finished
    texts = _render(RoundSummaryScene(table), monkeypatch)
    me, other = table.names[table.viewer], table.names[table.opponents()[0]]
    mine, theirs = texts.rect(me), texts.rect(other)
    assert leads(lang, mine, theirs)  # your own sheet first
    # what scored: under each sheet, each line starting on the reading side
    score = _("score {before} \u2192 {after}").split("{")[0].strip()
    lines = [r for w, r in texts.seen if w.startswith(score)]
    assert len(lines) == table.n
    mine_line = min(lines, key=lambda r: abs(r.centerx - mine.centerx))
    assert mine_line.top > mine.bottom
    assert (abs(mine_line.left - mine.left) <= 6) == (lang == "en")
    assert (abs(mine_line.right - mine.right) <= 6) == (lang == "fa")


def test_results_name_then_total(finished, lang, monkeypatch):
    table = finished
    scene = FinalScene(table)
    texts = _render(scene, monkeypatch)
    scores = table.state.scores()
    best = max(range(table.n), key=lambda s: scores[s])
    # the podium: the winner's name over the middle step, its total on the step
    name = texts.rect(table.names[best])
    total = [r for w, r in texts.seen if w == str(scores[best])][0]
    assert abs(name.centerx - scene.size[0] // 2) <= 2 and name.bottom <= total.top
    assert abs(total.centerx - name.centerx) <= 2
    b = buttons(scene)
    assert leads(lang, b["again"], b["change"]) and leads(lang, b["change"], b["leave"])


@pytest.mark.parametrize("size", [SIZE, (1280, 720)])
def test_every_seats_facts_are_drawn_whole_before_what_its_matches_add(lang, size, monkeypatch):
    """Issue 24 item 2: a seat's second line has its facts (who plays it, cards held,
    dealer) from the reading side and what its matches would add (R8.2, R9.1) at the
    other end. In Persian the facts' room was measured with left-to-right geometry and
    every seat with a match showed "…"."""
    from ui_driver import laid_out, make_table

    from split.ui import typeset

    hands = [["3S", "4S", "6S", "8S"], ["2C", "5H", "JD"], ["2D", "5D", "JH"]]
    matches = [[["7C", "7H"]], [["9C", "9H"]], [["KC", "KH"]]]
    game = laid_out(hands, discard=["3D"], draw=["QH", "QD"], table=matches)
    app, table, _ = make_table(game, kinds=("human", "random", "easy"), size=size)
    drawn: list[tuple[str, int, pygame.Rect]] = []
    orig = widgets.text

    def text(surface, words, pos, size, *args, **kw):
        r = orig(surface, words, pos, size, *args, **kw)
        drawn.append((words, size, r))
        return r

    monkeypatch.setattr(widgets, "text", text)
    table.invalidate()
    table.renderer.build(table.frame())
    for seat in range(3):
        panel = table.seat_rect(seat)
        held = len(table.model.hands[seat])
        fact = typeset.ngettext("{n} card", "{n} cards", held).format(n=held)
        [(words, fs, facts)] = [(w, s, r) for w, s, r in drawn if fact in w and panel.contains(r)]
        [gain] = [r for w, _s, r in drawn if w.startswith("+") and panel.contains(r)]
        assert facts.width >= typeset.render(words, fs).get_width() - 1, (seat, words, facts)
        assert leads(lang, facts, gain), (seat, facts, gain)
