"""split.ui.text: fonts, glyph coverage, shaping, bidi order, wrapping and fitting."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import struct  # noqa: E402
import unicodedata  # noqa: E402
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from split import i18n  # noqa: E402
from split.engine.cards import SUIT_SYMBOLS  # noqa: E402
from split.i18n import script  # noqa: E402
from split.resources import asset_path  # noqa: E402
from split.ui import text  # noqa: E402

FONTS = asset_path("fonts")
INK = (20, 20, 20)


@pytest.fixture(autouse=True)
def fonts_ready():
    pygame.font.init()
    i18n.set_locale_dir(None)
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGBA")


def raw_font(face: str, size: int, script: str | None, rtl: bool = False) -> pygame.font.Font:
    """A font straight from pygame, outside text.py's cache, set up by hand."""
    font = pygame.font.Font(str(FONTS / text.FACES[face].regular), size)
    if script:
        font.set_script(script)
    font.set_direction(pygame.DIRECTION_RTL if rtl else pygame.DIRECTION_LTR)
    return font


def is_notdef(font: pygame.font.Font, char: str) -> bool:
    """pygame's own view of a missing glyph: it draws the same box as a private-use char."""
    return pixels(font.render(char, True, INK)) == pixels(font.render("\ue000", True, INK))


# --- the font files -----------------------------------------------------------


def test_fonts_are_shipped_with_licences_and_stay_small():
    files = {f.regular for f in text.FACES.values()} | {
        f.bold for f in text.FACES.values() if f.bold
    }
    readme = (FONTS / "README.md").read_text(encoding="utf-8")
    for name in files:
        path = FONTS / name
        assert path.is_file(), name
        assert name in readme, f"{name} not described in assets/fonts/README.md"
        data = path.read_bytes()
        tables = {
            struct.unpack_from(">4s", data, 12 + 16 * i)[0]
            for i in range(struct.unpack_from(">H", data, 4)[0])
        }
        assert b"fvar" not in tables, f"{name} is a variable font"
    assert (FONTS / "OFL.txt").read_text().count("SIL OPEN FONT LICENSE") == 1
    assert "Bitstream Vera" in (FONTS / "LICENSE-DejaVu.txt").read_text()
    total = sum(p.stat().st_size for p in FONTS.glob("*.ttf"))
    assert total < 3_000_000


def test_each_language_has_its_face():
    assert text.primary_face("en") == text.primary_face("gl") == text.primary_face("id") == "latin"
    assert text.primary_face("te") == "telugu"
    assert text.primary_face("fa") == "arabic"


def test_sdl_ttf_shapes_with_harfbuzz():
    assert pygame.font.get_sdl_ttf_version() >= (2, 20, 0)
    assert text.shaping_available()


# --- coverage ---------------------------------------------------------------


SAMPLES = "Aaé(%0۵క్షسلامپ♥−\u200c"


@pytest.mark.parametrize("face", list(text.FACES))
def test_cmap_reader_agrees_with_pygame(face):
    font = raw_font(face, 24, None)
    for char in SAMPLES.replace("\u200c", ""):
        assert text.face_covers(face, char) == (not is_notdef(font, char)), (face, char)


def test_missing_glyphs_are_reported():
    assert not text.face_covers("latin", "క")
    assert not text.face_covers("arabic", "A")
    assert text.missing_glyphs("Split 漢", "en") == {"漢"}  # no CJK shipped
    assert text.missing_glyphs("\u200e7♥\u200e", "fa") == set()


def test_suit_signs_come_from_the_symbol_font():
    for sign in SUIT_SYMBOLS:
        assert not text.face_covers("latin", sign)  # why DejaVu Sans is shipped
        assert text.face_covers("symbols", sign)
        for lang in i18n.LANGUAGES:
            assert text.face_for_char(sign, lang) == "symbols"
        assert not is_notdef(text.symbol_font(24), sign)
        assert text.render_symbol(sign, 24, INK).get_bounding_rect().width > 5
    runs = text.visual_runs("7♥ 10♠", "en")
    assert [(r.text, r.face) for r in runs] == [
        ("7", "latin"),
        ("♥", "symbols"),
        (" 10", "latin"),
        ("♠", "symbols"),
    ]


def _script_chars(lang: str, chars: set[str]) -> set[str]:
    """The characters a language's own font must have: its letters, marks and digits."""
    own = {
        "te": lambda c: 0x0C00 <= ord(c) <= 0x0C7F,
        "fa": lambda c: 0x0600 <= ord(c) <= 0x06FF or c == "\u200c",
    }.get(lang, lambda c: c.isalpha() or c.isdigit())
    return {c for c in chars if own(c)}


@pytest.mark.parametrize("lang", list(i18n.LANGUAGES))
def test_every_translated_character_has_a_glyph(lang):
    # every translation the game can show (the shipped .mo, checked against its .po in test_i18n)
    messages = i18n.load_catalog(lang)._catalog
    chars = {c for key, value in messages.items() if key for c in value}
    chars |= set(i18n.LANGUAGES[lang])
    if lang != "en":
        assert chars, f"the {lang} catalog has no translations to check"
    assert text.missing_glyphs("".join(chars), lang) == set()
    primary = text.primary_face(lang)
    font = raw_font(primary, 24, None)
    for char in _script_chars(lang, chars):
        assert text.face_covers(primary, char), (lang, char, unicodedata.name(char, "?"))
        if not script.is_mark(char):
            assert not is_notdef(font, char), (lang, char)
    # every character drawn, with whichever font text.py picks for it, is a real glyph
    for char in chars - script.IGNORABLE:
        face = text.face_for_char(char, lang)
        if not script.is_mark(char):
            assert not is_notdef(raw_font(face, 24, None), char), (lang, char)


def test_language_chooser_names_render_in_every_language():
    for ui_lang in i18n.LANGUAGES:
        for name in i18n.LANGUAGES.values():
            assert text.missing_glyphs(name, ui_lang) == set(), (ui_lang, name)
            assert text.render_text(name, 20, INK, lang=ui_lang).get_bounding_rect().width > 10


# --- shaping ---------------------------------------------------------------

KSSA = "\u0c15\u0c4d\u0c37"  # క్ష: ka + virama + ssa, one conjunct
SALAM = "سلام"


def test_telugu_conjunct_is_shaped():
    shaped = text.render_text(KSSA, 32, INK, lang="te")
    parts = sum(text.render_text(c, 32, INK, lang="te").get_width() for c in KSSA)
    latin_rules = raw_font("telugu", 32, "Latn").render(KSSA, True, INK)
    assert shaped.get_width() < parts
    assert shaped.get_width() < latin_rules.get_width()
    # the conjunct is about as wide as its first consonant alone
    ka = text.render_text("\u0c15", 32, INK, lang="te").get_width()
    assert shaped.get_width() <= ka * 1.3
    same = raw_font("telugu", 32, "Telu").render(KSSA, True, INK)
    assert shaped.get_width() == same.get_width()


def test_persian_letters_join_and_run_right_to_left():
    joined = text.render_text(SALAM, 32, INK, lang="fa")
    isolated = sum(text.render_text(c, 32, INK, lang="fa").get_width() for c in SALAM)
    assert joined.get_width() < isolated
    unshaped = raw_font("arabic", 32, "Latn").render(SALAM, True, INK)
    assert joined.get_width() < unshaped.get_width()
    rtl = raw_font("arabic", 32, "Arab", rtl=True).render(SALAM, True, INK)
    ltr = raw_font("arabic", 32, "Arab", rtl=False).render(SALAM, True, INK)
    assert pixels(rtl) != pixels(ltr)
    # text.py draws exactly what a right-to-left Arabic-script font draws
    assert pixels(joined) == pixels(_over_clear(rtl, INK))


def test_persian_in_an_english_line_is_still_right_to_left():
    runs = text.visual_runs("Language: فارسی", "en")
    assert [(r.text, r.rtl) for r in runs] == [("Language: ", False), ("فارسی", True)]


# --- bidi -------------------------------------------------------------------


def test_numbers_read_left_to_right_in_persian():
    line = "امتیاز " + i18n.localize_digits(120, "fa")
    runs = text.visual_runs(line, "fa")
    assert [(r.text, r.rtl, r.face) for r in runs] == [
        ("۱۲۰", False, "arabic"),
        ("امتیاز ", True, "arabic"),
    ]
    digits = text.render_text("۱۲۰", 28, INK, lang="fa")
    ltr = raw_font("arabic", 28, "Arab", rtl=False).render("۱۲۰", True, INK)
    rtl = raw_font("arabic", 28, "Arab", rtl=True).render("۱۲۰", True, INK)
    assert pixels(ltr) != pixels(rtl)
    assert pixels(digits) == pixels(_over_clear(ltr, INK))
    assert pixels(digits) != pixels(_over_clear(rtl, INK))


def _over_clear(surface: pygame.Surface, color) -> pygame.Surface:
    """``surface`` composited as render_text composites a run."""
    out = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    out.fill((*color, 0))
    out.blit(surface, (0, 0), special_flags=pygame.BLEND_RGBA_MAX)
    return out


def test_a_negative_number_keeps_its_minus_on_the_left():
    line = "امتیاز: " + i18n.localize_digits(-5, "fa")
    runs = text.visual_runs(line, "fa")
    assert "".join(r.text for r in runs[:2]) == "\u2212۵"
    assert all(not r.rtl for r in runs[:2])
    assert runs[-1].rtl and runs[-1].text.startswith("امتیاز")


def test_latin_words_in_persian_fall_back_and_stay_left_to_right():
    runs = text.visual_runs("بازی Split", "fa")
    assert [(r.text, r.face, r.rtl) for r in runs] == [
        ("Split", "latin", False),
        ("بازی ", "arabic", True),
    ]


def test_brackets_mirror_in_right_to_left_text():
    runs = text.visual_runs("(سلام)", "fa")
    assert all(r.rtl for r in runs)
    assert runs[0].text == ")" and runs[-1].text == "("  # drawn mirrored by HarfBuzz
    opening = raw_font("latin", 28, "Arab", rtl=True).render("(", True, INK)
    closing = raw_font("latin", 28, "Arab", rtl=False).render(")", True, INK)
    assert pixels(opening) == pixels(closing)


def test_card_fenced_with_ltr_stays_in_order():
    runs = text.visual_runs("کارت " + i18n.ltr("7♥"), "fa")
    assert [r.text for r in runs][:2] == ["7", "♥"]


def test_a_row_of_cards_reads_right_to_left_in_persian():
    """Each card reads left to right (rank, then suit), the row right to left: the first
    card named is the rightmost, and a name's own "!" stays after it."""
    line = i18n.localize_digits("کارت‌ها: K♣ 10♠", "fa")
    shown = "".join(r.text for r in text.visual_runs(line, "fa"))
    assert shown.index("10♠") < shown.index("K♣")
    shown = "".join(r.text for r in text.visual_runs(i18n.ltr("Bo!") + " برد", "fa"))
    assert "Bo!" in shown


def test_bidi_levels():
    assert script.bidi_levels("abc def", rtl=False) == [0] * 7
    assert script.bidi_levels("سلام", rtl=True) == [1] * 4
    assert script.bidi_levels("ab سل", rtl=False) == [0, 0, 0, 1, 1]
    assert script.bidi_levels("سل 12", rtl=True) == [1, 1, 1, 2, 2]
    assert script.bidi_levels("سل ab", rtl=True) == [1, 1, 1, 2, 2]


# --- rendering, wrapping, fitting -------------------------------------------


def test_fonts_are_cached_per_language_size_and_weight():
    a = text.get_font(20, lang="fa")
    assert text.get_font(20, lang="fa") is a
    assert text.get_font(20, bold=True, lang="fa") is not a
    assert text.get_font(21, lang="fa") is not a
    assert text.get_font(20, lang="te") is not a
    i18n.set_language("fa")
    assert text.get_font(20) is a


def test_render_uses_the_current_language():
    i18n.set_language("te")
    assert pixels(text.render_text(KSSA, 24, INK)) == pixels(
        text.render_text(KSSA, 24, INK, lang="te")
    )
    i18n.set_language("en")
    assert text.visual_runs(KSSA)[0].face == "telugu"  # fallback even in English


def test_mixed_runs_have_clean_edges():
    white = (255, 255, 255)
    surface = text.render_text("Split ♥ فارسی క", 24, white, lang="en")
    partial = [
        surface.get_at((x, y))
        for x in range(surface.get_width())
        for y in range(surface.get_height())
        if 0 < surface.get_at((x, y)).a < 255
    ]
    assert partial, "antialiased text has partly covered pixels"
    assert all(tuple(p)[:3] == white for p in partial)


def test_text_size_matches_render():
    for line, lang in [("Escolle un idioma 7♥", "gl"), ("زبان را انتخاب کنید", "fa"), (KSSA, "te")]:
        assert (
            text.text_size(line, 22, lang=lang)
            == text.render_text(line, 22, INK, lang=lang).get_size()
        )


@pytest.mark.parametrize(
    "lang, paragraph",
    [
        ("en", "Choose a language for the whole game; the change takes effect at once."),
        ("fa", "زبان را انتخاب کنید و بازی را شروع کنید. این یک متن طولانی است."),
        ("te", "భాషను ఎంచుకోండి మరియు ఆట ప్రారంభించండి క్షమించండి"),
    ],
)
def test_wrap_text_keeps_words_and_width(lang, paragraph):
    width = 160
    lines = text.wrap_text(paragraph, width, 20, lang)
    assert len(lines) > 1
    assert " ".join(lines).split() == paragraph.split()
    for line in lines:
        assert text.text_size(line, 20, lang=lang)[0] <= width
    surface = text.render_paragraph(paragraph, width, 20, INK, lang=lang)
    assert surface.get_height() >= len(lines) * text.text_size("x", 20, lang=lang)[1] * 0.9


@pytest.mark.parametrize("lang", ["en", "gl", "id", "fa", "te"])
def test_wrap_text_fills_each_line_as_far_as_it_goes_in_every_language(lang):
    """The wrap sums its words' widths and measures only near the edge: every line of
    every message of the catalog, at random sizes and widths, is still no wider than the
    width (a word that alone is wider is cut) and could not have taken the next line's
    first word (the line's real width decides, as when every trial was measured)."""
    import random

    from babel.messages.pofile import read_po

    locale = Path(__file__).resolve().parent.parent / "assets" / "locale"
    po = locale / ("split.pot" if lang == "en" else f"{lang}/LC_MESSAGES/split.po")
    with open(po, "rb") as f:
        catalog = read_po(f)
    texts = [m.id if lang == "en" else m.string for m in catalog if isinstance(m.id, str) and m.id]
    rng = random.Random(lang)
    for t in rng.sample([t for t in texts if len(t) > 40 and "\n" not in t], 60):
        size, width, bold = rng.randint(10, 34), rng.randint(80, 600), rng.random() < 0.2
        lines = text.wrap_text(t, width, size, lang, bold)
        assert " ".join(lines).split() == t.split() or any(
            text.text_size(w, size, bold, lang)[0] > width for w in t.split()
        )
        for line, after in zip(lines, [*lines[1:], ""], strict=True):
            if " " in line or after:
                assert text.text_size(line, size, bold, lang)[0] <= width, (line, width)
            if after:  # the next line's first word (a match's two cards are one)
                longer = f"{line} {text._cards_together(after.split())[0]}"
                assert text.text_size(longer, size, bold, lang)[0] > width, (longer, width)


def test_wrap_text_cuts_a_long_word_between_clusters():
    word = "క్షక్షక్షక్షక్షక్షక్షక్షక్షక్షక్షక్ష"
    lines = text.wrap_text(word, 60, 20, "te")
    assert len(lines) > 1 and "".join(lines) == word
    for line in lines:
        assert line.startswith("క్ష") and text.text_size(line, 20, lang="te")[0] <= 60


def test_paragraph_aligns_to_the_start_side():
    wide = 400
    fa = text.render_paragraph("زبان", wide, 20, INK, lang="fa")
    en = text.render_paragraph("Language", wide, 20, INK, lang="en")
    assert fa.get_width() == en.get_width() == wide
    assert fa.get_bounding_rect().right > wide - 5
    assert en.get_bounding_rect().left < 5


def test_fit_text_shrinks_then_cuts():
    line = "Choose a language"
    full = text.render_text(line, 30, INK, lang="en").get_width()
    fitted = text.fit_text(line, full // 2, 30, INK, lang="en")
    assert fitted.get_width() <= full // 2
    assert text.fit_size(line, full // 2, 30, lang="en") < 30
    assert text.fit_size(line, full, 30, lang="en") == 30
    tiny = text.fit_text(line * 10, 80, 30, INK, lang="en", min_size=12)
    assert tiny.get_width() <= 80
    assert tiny.get_height() == text.text_size("x", 12, lang="en")[1]


def test_empty_text_and_newlines():
    assert text.render_text("", 20, INK).get_width() == 0
    two = text.render_text("a\nb", 20, INK)
    assert two.get_height() > text.render_text("a", 20, INK).get_height()


def test_clearing_the_cache_makes_new_fonts():
    # (pygame.font.quit() would show the restart path, but it kills other modules' fonts.)
    before = text.get_font(20)
    text.clear_cache()
    assert text.get_font(20) is not before
    assert text.render_text("Split", 20, INK).get_width() > 10


def test_screens_write_numbers_in_persian_digits_in_persian():
    from split.ui import typeset

    previous = i18n.current_language()
    try:
        i18n.set_language("fa")
        persian = typeset.render("12", 20, (0, 0, 0))
        assert persian.get_size() == text.render_text("۱۲", 20, (0, 0, 0), lang="fa").get_size()
        i18n.set_language("en")
        latin = typeset.render("12", 20, (0, 0, 0))
        assert pygame.image.tobytes(latin, "RGBA") != pygame.image.tobytes(persian, "RGBA")
    finally:
        i18n.set_language(previous)


def _telugu_translations() -> list[str]:
    return [v for k, v in i18n.load_catalog("te")._catalog.items() if k and isinstance(k, str)]


def test_shortening_never_cuts_a_telugu_cluster():
    """A label cut to fit keeps every vowel sign and virama with its consonant."""
    cut_ends = set()
    for label in _telugu_translations():
        for limit in range(2, len(label)):
            cut = script.shorten(label, lambda s, limit=limit: len(s) <= limit)
            kept = cut.removesuffix("\u2026")
            if kept:
                cut_ends.add(kept[-1])
                # what follows the cut starts a cluster of its own
                assert not script.is_mark(label[len(kept)]), (label, cut)
                if kept[-1] in ("\u0c4d", "\u200d"):  # a virama or ZWJ ends a word here,
                    assert not label[len(kept)].isalpha(), (label, cut)  # not a conjunct
            assert label.startswith(kept)
    assert cut_ends  # the labels were long enough to be cut


def test_labels_the_screens_fit_are_cut_between_clusters():
    """typeset.fit (what every button and seat name uses) cuts as text.fit_text does:
    between clusters, never one code point at a time (31 of 165 shortened Telugu labels
    lost a vowel sign that way)."""
    from split.ui import typeset

    i18n.set_language("te")
    try:
        shortened = 0
        for label in _telugu_translations()[:40]:
            width = text.text_size(label, 14, lang="te")[0] // 2
            if width < 40:
                continue  # too short to cut meaningfully
            got = typeset.fit(label, 14, width)
            smallest = min(14, int(max(9, 14 * 0.7)))
            want = text.fit_text(label, width, 14, (255, 255, 255), lang="te", min_size=smallest)
            assert got.get_width() <= width
            assert pygame.image.tobytes(got, "RGBA") == pygame.image.tobytes(want, "RGBA"), label
            shortened += 1
        assert shortened > 10
    finally:
        i18n.set_language("en")


def test_persian_rules_keep_ranks_in_order_and_in_their_own_form():
    """Issue 16: on the Persian scoring page "برای 10، J، Q و K" showed "۱۰، Q، J و K":
    the bidi step made "J، Q" one left-to-right run (swapping them) and 10 became a
    Persian digit. Each rank is now its own island: on screen, read from the right, the
    ranks come 10, J, Q, K, and 10 keeps its ASCII digits."""
    from split import i18n
    from split.ui.menu.rules_pages import PAGES
    from split.ui.text import visual_runs

    scoring = next(p for p in PAGES if p.title == "Scoring")
    said = scoring.paragraphs[1]
    try:
        i18n.set_language("fa")
        text = i18n.localize_digits(i18n._(said))
        part = text[text.index("\u0628\u0631\u0627\u06cc \u200f\u200e10") :]
        part = part[: part.index("\u061b")]  # up to the Persian semicolon
        runs = [r.text.strip("\u060c ") for r in visual_runs(part, "fa")]
    finally:
        i18n.set_language("en")
    ranks = [r for r in runs if r in ("10", "J", "Q", "K")]
    assert ranks == ["K", "Q", "J", "10"], runs  # left to right on screen


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_a_match_is_never_broken_over_two_lines(lang):
    """Issue 16: log wrapping split a pair ("K♦ / K♦."): the two cards of a match stay
    on one line, in both reading directions."""
    from split import i18n
    from split.ui.text import text_size, wrap_text

    try:
        i18n.set_language(lang)
        line = i18n.localize_digits("Ada played a weak match: K\u2666 K\u2663.")
        for width in range(60, text_size(line, 14, lang=lang)[0] + 10, 7):
            lines = wrap_text(line, width, 14, lang)
            cards = [ln for ln in lines if "K\u2666" in ln]
            assert cards and "K\u2663" in cards[0], (width, lines)
    finally:
        i18n.set_language("en")


def test_fonts_are_made_afresh_after_every_pygame_quit():
    """pygame.quit() drops its quit hooks: the cache must hook itself again, or the
    second quit leaves dead Font objects for the next window (a subprocess, so the
    other tests keep their pygame)."""
    import subprocess
    import sys

    code = (
        "import pygame\n"
        "from split.ui import text\n"
        "for _ in range(3):\n"
        "    pygame.init()\n"
        "    font = text.get_font(20)\n"
        "    assert font.render('Split', True, (0, 0, 0)).get_width() > 10\n"
        "    pygame.quit()\n"
        "print('ok')\n"
    )
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120
    )
    assert done.returncode == 0 and done.stdout.strip() == "ok", done.stderr
