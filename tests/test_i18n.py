"""split.i18n: switching languages, plurals, digits, RTL, catalogs and their files
(build/po.py: the .po parser and .mo reader of the build tools)."""

from __future__ import annotations

import gettext
import importlib.util
import re
import sys
from pathlib import Path

import pytest

from split import i18n
from split.i18n import _, languages, ngettext
from split.resources import asset_path

ROOT = Path(__file__).resolve().parent.parent
LOCALE = asset_path("locale")
HAS_BABEL = importlib.util.find_spec("babel") is not None
needs_babel = pytest.mark.skipif(not HAS_BABEL, reason="Babel (build extra) not installed")


def _build_module(name: str):
    spec = importlib.util.spec_from_file_location(
        f"_split_build_{name}", ROOT / "build" / f"{name}.py"
    )
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while it loads
    spec.loader.exec_module(module)
    return module


build_po = _build_module("po")


@pytest.fixture(autouse=True)
def english_afterwards():
    """Every test starts and ends in English with the shipped catalogs."""
    i18n.set_locale_dir(None)
    i18n.set_language("en")
    yield
    i18n.set_locale_dir(None)
    i18n.set_language("en")


def _po_files() -> list[Path]:
    return sorted(LOCALE.glob("*/LC_MESSAGES/split.po"))


# --- languages and switching -------------------------------------------------


def test_the_five_languages_with_native_names():
    assert i18n.LANGUAGES == {
        "en": "English",
        "gl": "Galego",
        "te": "తెలుగు",
        "fa": "فارسی",
        "id": "Bahasa Indonesia",
    }
    for code in i18n.LANGUAGES:
        assert (LOCALE / code / "LC_MESSAGES" / "split.po").is_file()
        assert (LOCALE / code / "LC_MESSAGES" / "split.mo").is_file()


def test_switching_takes_effect_at_once():
    label = i18n.LANGUAGE_LABEL  # a module constant marked with N_, translated when drawn
    assert _(label) == "Language"
    i18n.set_language("gl")
    assert _(label) == "Idioma"
    i18n.set_language("fa")
    assert _(label) == "زبان"
    assert i18n.language_name("gl") == "گالیسیایی"
    i18n.set_language("te")
    assert _(label) == "భాష"
    i18n.set_language("id")
    assert _(label) == "Bahasa"
    i18n.set_language("en")
    assert _(label) == "Language"
    assert _("a message no catalog has") == "a message no catalog has"


def test_listeners_hear_each_real_change_once():
    heard: list[str] = []
    unsubscribe = i18n.on_language_change(heard.append)
    try:
        i18n.set_language("fa")
        i18n.set_language("fa")  # no change, no call
        i18n.set_language("gl_ES.UTF-8")
    finally:
        unsubscribe()
    i18n.set_language("te")
    assert heard == ["fa", "gl"]
    assert i18n.current_language() == "te"


def test_set_language_takes_locale_tags_and_refuses_the_unknown():
    assert i18n.set_language("fa_IR.UTF-8") == "fa"
    assert i18n.set_language("Persian_Iran.1256") == "fa"
    assert i18n.set_language("in_ID") == "id"  # the retired ISO code of Indonesian
    with pytest.raises(ValueError):
        i18n.set_language("de")
    with pytest.raises(ValueError):
        i18n.set_language("")
    assert i18n.current_language() == "id"  # a refused switch changes nothing


def test_rtl_flag():
    assert i18n.is_rtl("fa")
    assert not any(i18n.is_rtl(c) for c in ("en", "gl", "te", "id"))
    assert not i18n.is_rtl()
    i18n.set_language("fa")
    assert i18n.is_rtl()


def test_persian_digits():
    assert i18n.localize_digits(1234567890, "fa") == "۱۲۳۴۵۶۷۸۹۰"
    assert i18n.localize_digits(-15, "fa") == "\u200e\u2212۱۵"
    assert i18n.localize_digits("\u22127", "fa") == "\u200e\u2212۷"
    assert i18n.localize_digits("12.5", "fa") == "۱۲\u066b۵"
    assert i18n.localize_digits("score: -3, 4-5", "fa") == "score: \u200e\u2212۳, ۴-۵"
    assert i18n.localize_digits(-15, "en") == "-15"
    assert i18n.localize_digits("7♥ 10♠", "gl") == "7♥ 10♠"
    i18n.set_language("fa")
    assert i18n.localize_digits(20) == "۲۰"  # the current language by default
    assert i18n.localize_digits(20, "te") == "20"


def test_ltr_fences_text_with_marks():
    assert i18n.ltr("7♥") == "\u200f\u200e7♥\u200e\u200f"


def test_cards_keep_their_ranks_in_persian():
    """Ranks are universal symbols (issue 7): a card's 10 is not a Persian number."""
    assert i18n.localize_digits("10♥ 3", "fa") == i18n.ltr("10♥") + " ۳"
    assert i18n.localize_digits("Q♠+7♦", "fa") == i18n.ltr("Q♠") + "+" + i18n.ltr("7♦")
    assert i18n.localize_digits("10♥ 3", "en") == "10♥ 3"


def test_lists_use_the_language_punctuation():
    try:
        i18n.set_language("fa")
        assert i18n.join_words(["a", "b"]) == "a، b"
        assert i18n.join_clauses(["a", "b"]) == "a؛ b"
        assert "\u00b7" not in i18n.join_facts(["a", "b"])  # next to ۰ a middle dot reads 0
        i18n.set_language("gl")
        assert i18n.join_words(["a", "b"]) == "a, b"
    finally:
        i18n.set_language("en")
    assert i18n.join_clauses(["a", "b"]) == "a; b"


def test_names_are_embedded_only_in_right_to_left_text():
    try:
        i18n.set_language("fa")
        assert i18n.embed("Bo!") == i18n.ltr("Bo!")
        assert i18n.embed("علی") == "علی"  # already right to left
        assert i18n.embed("42") == "42"  # no letters: the bidi rules place it
        i18n.set_language("en")
        assert i18n.embed("Bo!") == "Bo!"
    finally:
        i18n.set_language("en")


def test_system_language_reads_the_environment(monkeypatch):
    monkeypatch.setattr(languages, "_c_locale_tags", lambda: [])
    sl = i18n.system_language
    assert sl({"LANG": "gl_ES.UTF-8"}, platform=False) == "gl"
    assert sl({"LC_ALL": "fa_IR.UTF-8", "LANG": "en_US.UTF-8"}, platform=False) == "fa"
    assert sl({"LANGUAGE": "de:te", "LANG": "en_US"}, platform=False) == "te"
    assert sl({"LC_MESSAGES": "id_ID.UTF-8"}, platform=False) == "id"
    assert sl({"LANG": "C.UTF-8"}, platform=False) == "en"
    assert sl({"LANG": "de_DE.UTF-8"}, platform=False) == "en"
    assert sl({}, platform=False) == "en"
    monkeypatch.setattr(languages, "_c_locale_tags", lambda: ["te_IN"])
    assert sl({"LANG": "C"}, platform=False) == "te"
    monkeypatch.setattr(languages, "_platform_languages", lambda: ["fa-IR"])
    monkeypatch.setattr(languages, "_c_locale_tags", lambda: [None])
    assert sl({}) == "fa"


# --- plurals ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("lang", "forms"),
    [
        ("en", [1, 0, 1, 1]),
        ("gl", [1, 0, 1, 1]),
        ("te", [1, 0, 1, 1]),
        ("fa", [0, 0, 1, 1]),
        ("id", [0, 0, 0, 0]),
    ],
)
def test_shipped_plural_rules(lang, forms):
    """Each catalog's Plural-Forms picks the right form for 0, 1, 2 and 11."""
    plural = i18n.load_catalog(lang).plural
    assert [plural(n) for n in (0, 1, 2, 11)] == forms


@pytest.mark.parametrize("po", _po_files(), ids=lambda p: p.parent.parent.name)
def test_the_game_answers_every_message_as_its_po_says(po):
    """Every entry of the .po (read by the build tools' own parser), singular, with a
    context and every plural form, is what the game shows in that language."""
    lang = po.parent.parent.name
    messages, header = build_po.read_po(po, use_babel=False)
    plural = gettext.c2py(re.search(r"plural=([^;]+);?", header).group(1))
    i18n.set_language(lang)
    for key, value in messages.items():
        if isinstance(key, str):
            context, _sep, msgid = key.rpartition("\x04")
            assert (i18n.pgettext(context, msgid) if context else _(msgid)) == value, key
    for (msgid, index), value in (k for k in messages.items() if isinstance(k[0], tuple)):
        counts = [n for n in range(200) if plural(n) == index]
        context, _sep, singular = msgid.rpartition("\x04")
        for n in counts[:5]:
            got = (
                i18n.npgettext(context, singular, singular + "s", n)
                if context
                else ngettext(singular, singular + "s", n)
            )
            assert got == value, (msgid, n)


def _write_catalog(folder: Path, lang: str, body: str, plural: str) -> Path:
    po = folder / lang / "LC_MESSAGES" / "split.po"
    po.parent.mkdir(parents=True)
    header = (
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
        f'"Plural-Forms: {plural}\\n"\n\n'
    )
    po.write_text(header + body, encoding="utf-8")
    po.with_suffix(".mo").write_bytes(_build_module("compile_catalogs").compile_one(po, False))
    return po


def test_ngettext_follows_each_language_rule(tmp_path):
    card = 'msgid "{n} card"\nmsgid_plural "{n} cards"\n'
    _write_catalog(
        tmp_path,
        "fa",
        card + 'msgstr[0] "{n} کارت"\nmsgstr[1] "{n} کارتها"\n',
        "nplurals=2; plural=(n > 1);",
    )
    _write_catalog(tmp_path, "id", card + 'msgstr[0] "{n} kartu"\n', "nplurals=1; plural=0;")
    _write_catalog(
        tmp_path,
        "gl",
        card + 'msgstr[0] "{n} carta"\nmsgstr[1] "{n} cartas"\n',
        "nplurals=2; plural=(n != 1);",
    )
    i18n.set_locale_dir(tmp_path)
    i18n.set_language("fa")
    assert [ngettext("{n} card", "{n} cards", n) for n in (0, 1, 2)] == [
        "{n} کارت",
        "{n} کارت",
        "{n} کارتها",
    ]
    i18n.set_language("id")
    assert {ngettext("{n} card", "{n} cards", n) for n in (0, 1, 2, 7)} == {"{n} kartu"}
    i18n.set_language("gl")
    assert [ngettext("{n} card", "{n} cards", n) for n in (0, 1, 2)] == [
        "{n} cartas",
        "{n} carta",
        "{n} cartas",
    ]
    i18n.set_language("en")  # no such catalog in tmp_path: English source rules
    assert [ngettext("{n} card", "{n} cards", n) for n in (0, 1, 2)] == [
        "{n} cards",
        "{n} card",
        "{n} cards",
    ]


# --- .po parsing and the fallback when there is no .mo --------------------

SAMPLE_PO = r"""# a comment
msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\n"

#. TRANSLATORS: a note
#: split/ui/x.py:1
msgid "Language"
msgstr "Idioma"

msgid ""
"Two "
"lines"
msgstr "Dúas\n"
"liñas \"entre comiñas\" \\ \t\101"

msgctxt "verb"
msgid "Draw"
msgstr "Roubar"

msgid "Draw"
msgstr "Debuxar"

#, fuzzy, python-brace-format
msgid "Fuzzy"
msgstr "Dubidoso"

msgid "Untranslated"
msgstr ""

msgid "{n} card"
msgid_plural "{n} cards"
msgstr[0] "{n} carta"
msgstr[1] "{n} cartas"

msgid "half"
msgid_plural "halves"
msgstr[0] "metade"
msgstr[1] ""

#~ msgid "Old"
#~ msgstr "Vello"
"""


def test_builtin_po_parser():
    messages, header = build_po.parse_po(SAMPLE_PO)
    assert "Plural-Forms: nplurals=2; plural=(n != 1);" in header
    assert messages == {
        "Language": "Idioma",
        "Two lines": 'Dúas\nliñas "entre comiñas" \\ \tA',
        "verb\x04Draw": "Roubar",
        "Draw": "Debuxar",
        ("{n} card", 0): "{n} carta",
        ("{n} card", 1): "{n} cartas",
    }


@pytest.mark.parametrize(
    "broken",
    [
        'msgid "a"\nmsgstr "unterminated\n',
        'msgid "a"\nmsgstr "b" junk\n',
        'msgstr "no msgid"\n',
        'msgid "a"\nmsgstr[0] "no plural id"\n',
        'msgid "a"\nmsgstr "\\q"\n',
        '"orphan continuation"\n',
        'msgid "a"\nmsgid_plural "b"\nmsgstr[1] "gap"\n',
        'msgid "a" + __import__("os").system("x")\nmsgstr "b"\n',
    ],
)
def test_builtin_po_parser_refuses_malformed_input(broken):
    with pytest.raises(ValueError):
        build_po.parse_po(broken)


@needs_babel
def test_builtin_parser_and_babel_agree_on_the_sample(tmp_path):
    po = tmp_path / "sample.po"
    # Babel leaves octal escapes (which GNU msgfmt decodes) undecoded: compare without one.
    po.write_text(SAMPLE_PO.replace("\\101", "A"), encoding="utf-8")
    assert build_po.read_po(po, use_babel=False)[0] == build_po.read_po(po, use_babel=True)[0]


@needs_babel
@pytest.mark.parametrize("po", _po_files(), ids=lambda p: p.parent.parent.name)
def test_builtin_parser_and_babel_agree_on_every_catalog(po):
    assert build_po.read_po(po, use_babel=False)[0] == build_po.read_po(po, use_babel=True)[0]


def test_missing_catalog_falls_back_to_source_text(tmp_path):
    i18n.set_locale_dir(tmp_path)  # empty: no catalogs at all
    i18n.set_language("fa")
    assert _("Language") == "Language"
    assert not isinstance(i18n.catalog(), gettext.GNUTranslations)


def test_a_damaged_catalog_is_refused_with_a_reason(tmp_path):
    folder = tmp_path / "gl" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "split.mo").write_bytes(b"\xde\x12\x04\x95" + b"\x00" * 7)  # magic, then cut short
    i18n.set_locale_dir(tmp_path)
    with pytest.raises(OSError, match="split.mo"):
        i18n.set_language("gl")
    assert i18n.current_language() == "en"


# --- the shipped files -------------------------------------------------------


@pytest.mark.parametrize("po", _po_files(), ids=lambda p: p.parent.parent.name)
def test_shipped_mo_is_compiled_from_its_po(po):
    mo = po.with_suffix(".mo")
    assert build_po.read_mo(mo)[0] == build_po.read_po(po, use_babel=False)[0], (
        f"{mo} is stale: run python build/compile_catalogs.py"
    )
    # and the standard library reads it the same way
    with open(mo, "rb") as f:
        standard = gettext.GNUTranslations(f)
    for key, value in build_po.read_mo(mo)[0].items():
        if isinstance(key, str):
            assert standard.gettext(key) == value


@pytest.mark.parametrize("po", _po_files(), ids=lambda p: p.parent.parent.name)
def test_catalog_headers_name_the_language_and_plural_rule(po):
    lang = po.parent.parent.name
    _, header = build_po.read_po(po, use_babel=False)
    assert f"Language: {lang}" in header
    expected = {
        "en": "nplurals=2; plural=(n != 1);",
        "gl": "nplurals=2; plural=(n != 1);",
        "te": "nplurals=2; plural=(n != 1);",
        "fa": "nplurals=2; plural=(n > 1);",
        "id": "nplurals=1; plural=0;",
    }[lang]
    assert f"Plural-Forms: {expected}" in header
    assert "charset=utf-8" in header.lower()


def test_every_language_but_english_translates_the_language_strings():
    names = list(i18n.LANGUAGE_NAMES.values()) + [i18n.LANGUAGE_LABEL, i18n.CHOOSE_LANGUAGE]
    for code in i18n.LANGUAGES:
        if code == "en":
            continue
        catalog = i18n.load_catalog(code)
        assert all(catalog._catalog.get(m) for m in names), code  # translated (maybe the same word)


@pytest.mark.parametrize("po", _po_files(), ids=lambda p: p.parent.parent.name)
def test_every_message_is_translated_in_every_catalog(po):
    if po.parent.parent.name == "en":
        return  # the source language needs no translation
    untranslated = [
        e.msgid
        for e in build_po.po_entries(po.read_text(encoding="utf-8"))
        if e.msgid and not e.translated
    ]
    assert untranslated == [], (po, untranslated[:5])


_FIELD = re.compile(r"\{([^{}]*)\}")


@pytest.mark.parametrize("po", _po_files(), ids=lambda p: p.parent.parent.name)
def test_translations_keep_the_format_fields(po):
    for entry in build_po.po_entries(po.read_text(encoding="utf-8")):
        if not entry.translated or not entry.msgid:
            continue
        fields = set(_FIELD.findall(entry.msgid))
        if entry.plural is not None:
            fields |= set(_FIELD.findall(entry.plural))
        for text in entry.forms or [entry.msgstr]:
            assert set(_FIELD.findall(text)) <= fields, (po, entry.msgid, text)
            if entry.plural is None:
                assert set(_FIELD.findall(text)) == fields, (po, entry.msgid, text)


@needs_babel
def test_builtin_mo_writer_matches_babel():
    """The same translations either way (the order of entries may differ: Babel sorts
    messages with a context by their id, the builtin writer by the whole key, as msgfmt)."""
    import gettext
    import io

    compile_catalogs = _build_module("compile_catalogs")
    for po in _po_files():
        ours, babel = (
            gettext.GNUTranslations(io.BytesIO(compile_catalogs.compile_one(po, use_babel=b)))
            for b in (False, True)
        )
        assert ours._catalog == babel._catalog, po
        assert ours.info() == babel.info(), po


@needs_babel
def test_template_lists_every_marked_string():
    """Fails when a _() string was added without running build/extract_messages.py."""
    extract = _build_module("extract_messages")
    from babel.messages.pofile import read_po

    with open(LOCALE / "split.pot", "rb") as f:
        pot = read_po(f)
    missing = extract._ids(extract.build_template()) - extract._ids(pot)
    assert not missing, f"run python build/extract_messages.py; not in split.pot: {missing}"
    wanted = {(m.id if isinstance(m.id, str) else m.id[0], m.context) for m in pot if m.id}
    for po in _po_files():
        have = {(e.msgid, e.context) for e in build_po.po_entries(po.read_text(encoding="utf-8"))}
        assert wanted <= have, f"{po} lacks {wanted - have}: run build/extract_messages.py"


def test_the_default_name_is_shown_in_the_players_language():
    """Files keep "You"; screens show it translated, any other name as written."""
    from split.app.settings import default_seats

    assert default_seats()[0].name == i18n.YOU == "You"
    try:
        i18n.set_language("fa")
        assert i18n.display_name("You") == "شما"
        assert i18n.display_name("Sara") == "Sara"
    finally:
        i18n.set_language("en")
    assert i18n.display_name("You") == "You"


def test_hot_seat_default_names_are_shown_in_the_players_language():
    """Issue 27: a game set up with "Player 1" and "Player 2" showed "Player ۱" on a
    Persian screen; the default names are kept in English and shown translated."""
    from split.ui.screens import SeatSetup, hot_seat_names

    try:
        i18n.set_language("fa")
        seats = [SeatSetup("You", "human"), SeatSetup("شما", "human"), SeatSetup("Ada", "easy")]
        hot_seat_names(seats)
        assert [s.name for s in seats] == ["Player 1", "Player 2", "Ada"]
        shown = i18n.localize_digits(i18n.display_name("Player 1"))
        assert shown == "بازیکن ۱"
        assert i18n.display_name("Player 12") == "بازیکن 12"
        assert i18n.display_name("Player 1x") == "Player 1x"  # a name a player typed
    finally:
        i18n.set_language("en")
    assert i18n.display_name("Player 2") == "Player 2"


def test_persian_percent_sign_is_arabic_percent():
    """Issue 13 rough edge 12: "80%" on a Persian screen reads ۸۰٪ (U+066A), not % ۸۰."""
    from split.i18n.writing import localize_digits

    assert localize_digits("80%", "fa") == "۸۰٪"
    assert localize_digits("80%", "en") == "80%"


def test_indonesian_speaks_to_the_player_as_anda():
    """Issue 16: the box speaks to the player as "Anda" throughout (48 times, never
    "kamu"): so does every Indonesian message, possessives included ("tangan Anda",
    not "tanganmu")."""
    import re

    from babel.messages.pofile import read_po

    root = Path(__file__).resolve().parent.parent
    with open(root / "assets/locale/id/LC_MESSAGES/split.po", "rb") as f:
        catalog = read_po(f)
    familiar = re.compile(r"\b(kamu|\w+mu)\b", re.IGNORECASE)
    found = []
    for m in catalog:
        if not m.id:
            continue
        for text in [m.string] if isinstance(m.string, str) else m.string:
            hits = [w for w in familiar.findall(text) if w.lower() not in ("ketemu", "temu")]
            if hits:
                found.append((m.id, hits))
    assert found == []


RULE_WORDS = {
    "R1.4": "reference cards",
    "R2.2": "first",
    "R4.2": "take along with it may be part of that play",
    "R6.1": "must",
    "R6.3": "just made",
    "R7.2": "done for them",
    "R7.3": "not when the draw pile runs out",
    "R8.3": "went out deals",
    "R9.4": "no last box",
    "R10": "Other hands and the order of the draw pile stay hidden",
}


@pytest.mark.parametrize("rule", sorted(RULE_WORDS))
def test_the_rules_pages_state_what_box_texts_leave_out(rule):
    """Issues 16 and 27: who deals first (R2.2), the perfect bonus is compulsory (R6.1),
    a weak match's trade may give away the match just made (R6.3), who deals next
    (R8.3), the reference cards (R1.4), the cards taken along may be part of the play
    that uses the taken card (R4.2), the early lay-down is automatic (R7.2) and only
    when someone goes out (R7.3), rows have no last box (R9.4), what each player may see
    (R10): each is a sentence of a rules page, translated in every language."""
    from split.ui.menu.rules_pages import PAGES, STATED

    said = STATED[rule]
    assert any(said in page.paragraphs for page in PAGES)
    for lang in i18n.LANGUAGES:
        text = i18n.catalog(lang).gettext(said)
        assert text and (lang == "en" or text != said), (lang, rule)
    assert RULE_WORDS[rule] in said


def test_who_deals_next_has_a_page_of_its_own():
    """Issue 27: R8.3 is not about going out early (R7): it opens "The next round"."""
    from split.ui.menu.rules_pages import PAGES, R8_3

    (page,) = [p for p in PAGES if R8_3 in p.paragraphs]
    assert page.title == "The next round" and page.paragraphs[0] == R8_3
    early = next(p for p in PAGES if p.title == "Going out early")
    assert R8_3 not in early.paragraphs


def test_the_keys_page_names_every_key_of_the_table():
    """Issue 27: the keyboard's shortcuts are written in the catalogs: a rules page lists
    them, and the table's buttons show their keys through the catalog."""
    from split.ui.menu.rules_pages import PAGES
    from split.ui.table.render import BUTTONS, SAY_BUTTON

    keys = next(p for p in PAGES if p.title == "Keys")
    said = " ".join(keys.paragraphs)
    for _name, _label, key in (*BUTTONS, SAY_BUTTON):
        if key:
            assert f"{key} " in said and i18n.key_name(key) == key
    for key in ("D", "Ctrl+Z", "Space", "Tab", "Enter", "Esc", "F11", "1 to 9"):
        assert key in said
    for lang in i18n.LANGUAGES:
        assert i18n.catalog(lang).pgettext("key", "P") == "P"
        for p in keys.paragraphs:
            assert lang == "en" or i18n.catalog(lang).gettext(p) != p
    # a key's name keeps its digits in Persian: F11, not F۱۱
    shown = i18n.localize_digits(i18n.catalog("fa").gettext(keys.paragraphs[1]), "fa")
    assert "F11" in shown and "F۱۱" not in shown
