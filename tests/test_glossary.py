"""Issue 16: each language's glossary (assets/locale/<lang>/GLOSSARY.md) says which word
the catalog uses for each game term; every message whose English has the term, in any
of its forms, uses that word, so a player meets one word for one thing."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

LOCALE = Path(__file__).resolve().parent.parent / "assets" / "locale"
LANGS = ("gl", "id", "te", "fa")
# English forms no suffix rule gives: the verb "go out" in every tense
IRREGULAR = {"going out": r"(?:go|goes|going|gone|went)\s+out"}
VERBS = {"upgrade", "match", "undo"}  # "turned face up" is no turn: nouns take plurals only
FIELD = re.compile(r"\{[^{}]*\}")  # a format field ({rank}) is not the word "rank"


def glossary(lang: str) -> dict[str, tuple[str, str]]:
    """term -> (the catalog's word as a regular expression, the box's word), from the
    glossary's table."""
    rows = {}
    for line in (LOCALE / lang / "GLOSSARY.md").read_text(encoding="utf-8").splitlines():
        cells = [c.strip().replace("\\|", "|") for c in re.split(r"(?<!\\)\|", line)[1:-1]]
        if len(cells) == 4 and cells[1].startswith("`"):
            rows[cells[0]] = (cells[1].strip("`"), cells[2])
    return rows


def english(term: str) -> re.Pattern[str]:
    """Every form of an English term: "upgrade" also finds upgrades, upgraded,
    upgrading; "draw pile" draw piles; "going out" go, goes, went, gone out."""
    if term in IRREGULAR:
        body = IRREGULAR[term]
    else:
        *head, last = term.split(" ")
        stem = last[:-1] if last.endswith("e") and term in VERBS else last
        tail = "(?:s|es)?"  # a noun's plural; a verb's tenses too
        if term in VERBS:
            tail = "(?:e|es|ed|ing)" if last.endswith("e") else "(?:s|es|ed|ing)?"
        body = r"\s+".join([*map(re.escape, head), re.escape(stem) + tail])
    return re.compile(rf"\b{body}\b", re.IGNORECASE)


def misses(lang: str, messages) -> list[str]:
    """The messages (msgid, msgstr) whose English has a glossary term and whose
    translation lacks the glossary's word for it."""
    wrong = []
    for term, (word, _box) in glossary(lang).items():
        pattern, said = english(term), re.compile(word, re.IGNORECASE)
        for ids, texts in messages:
            if any(pattern.search(FIELD.sub("", i)) for i in ids) and not any(
                said.search(t) for t in texts
            ):
                wrong.append(f"{term!r} in {ids[0][:60]!r}: {texts[0][:80]!r}")
    return wrong


def catalog_messages(lang: str) -> list[tuple[tuple[str, ...], tuple[str, ...]]]:
    with open(LOCALE / lang / "LC_MESSAGES" / "split.po", "rb") as f:
        catalog = read_po(f)
    out = []
    for m in catalog:
        if m.id and m.string:
            ids = m.id if isinstance(m.id, tuple) else (m.id,)
            out.append((ids, m.string if isinstance(m.string, tuple) else (m.string,)))
    return out


@pytest.mark.parametrize("lang", LANGS)
def test_the_glossary_covers_the_game_terms(lang):
    terms = glossary(lang)
    for term in (
        "match",
        "weak",
        "strong",
        "perfect",
        "upgrade",
        "negative box",
        "draw pile",
        "discard row",
        "going out",
    ):
        assert term in terms, f"{lang} glossary lacks {term!r}"
    for term, (word, box) in terms.items():
        re.compile(word)  # a pattern that compiles
        assert word and box, term


@pytest.mark.parametrize(
    "text",
    ["went out", "go out", "goes out", "going out", "gone out", "Went  out", "GOING OUT"],
)
def test_going_out_is_found_in_every_tense(text):
    assert english("going out").search(f"The player who {text} deals.")


@pytest.mark.parametrize(
    "term, text, found",
    [
        ("upgrade", "it was upgraded", True),
        ("upgrade", "Upgrading a match", True),
        ("match", "two matches", True),
        ("draw pile", "the draw piles", True),
        ("negative box", "three negative boxes", True),
        ("rank", "the {rank}s", False),  # a format field, not the word
        ("rank", "a rank's row", True),
        ("match", "a mismatch", False),
        ("going out", "a way out", False),
    ],
)
def test_the_english_forms(term, text, found):
    assert bool(english(term).search(FIELD.sub("", text))) is found


# The three messages as issue 27 found them: the box's word for going out, which the
# glossaries reject (Quit, or leaving the table)
OLD = {
    "gl": (
        "Discard your last card to go out: the round ends, and every match fills a box "
        "on your score sheet. Drag {a} onto the discard row.",
        "Descarta a túa última carta para saír: a rolda remata e cada parella enche unha "
        "casa da túa folla. Arrastra {a} á fila de descartes.",
    ),
    "id": (
        "The player who went out deals the next round. If the round ended on the draw "
        "pile, the deal passes to the player after the last dealer.",
        "Pemain yang keluar membagi kartu pada ronde berikutnya. Jika ronde berakhir "
        "karena tumpukan habis, giliran membagi pindah ke pemain setelah pembagi terakhir.",
    ),
    "te": (
        "The player who went out deals the next round. If the round ended on the draw "
        "pile, the deal passes to the player after the last dealer.",
        "బయటకు వెళ్లిన ఆటగాడు తర్వాతి రౌండ్ పంచుతారు. కుప్ప అయిపోవడంతో రౌండ్ ముగిస్తే, చివరి పంచినవారి తర్వాతి ఆటగాడు పంచుతారు.",
    ),
}


@pytest.mark.parametrize("lang", sorted(OLD))
def test_the_check_finds_the_box_word_for_going_out(lang):
    """A test of the test: the messages issue 27 found with the rejected word fail it."""
    english_text, old = OLD[lang]
    assert any("'going out'" in w for w in misses(lang, [((english_text,), (old,))]))


@pytest.mark.parametrize("lang", LANGS)
def test_every_message_uses_the_glossarys_word(lang):
    assert misses(lang, catalog_messages(lang)) == []


def test_telugu_gives_the_boxs_loanwords_at_their_first_use():
    """The Telugu box says మ్యాచ్, అప్‌గ్రేడ్, డీలర్: the rules pages give each beside
    the catalog's word the first time the term appears, so a reader of the box maps one
    to the other."""
    from split import i18n
    from split.ui.menu.rules_pages import PAGES

    try:
        i18n.set_language("te")
        texts = []
        for page in PAGES:
            texts.append(i18n._(page.title))
            texts.extend(i18n._(p) for p in page.paragraphs)
    finally:
        i18n.set_language("en")
    whole = "\n".join(texts)
    for word, loan in (("జత", "మ్యాచ్"), ("మెరుగుదల", "అప్‌గ్రేడ్"), ("పంచినవారి", "డీలర్")):
        first = whole.index(word)
        assert whole.find(f"({loan})", first) - first < 40, (word, loan)


def test_a_words_page_pictures_the_games_terms():
    """Issue 16: a "Words" page in the rules: each game term with what it is, and the
    cards that show it, so a reader of any box text can map words to things."""
    from split.ui.menu.rules_pages import PAGES

    words = PAGES[-1]
    assert words.title == "Words" and words.picture is not None
    said = " ".join(words.paragraphs)
    for term in ("Half-card", "Match", "Upgrade", "Discard row", "Draw pile", "Negative box"):
        assert f"{term}:" in said
    assert ("7H", "7H") in words.picture.groups  # a perfect match among the pictures


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("term", ["match", "draw pile", "discard row", "going out"])
def test_the_words_page_gives_the_boxs_word_beside_the_games(lang, term):
    """Issue 27: a reader of the box finds its word for each term on the Words page, on
    the line that defines the game's word."""
    from split import i18n
    from split.ui.menu.rules_pages import PAGES

    line = next(p for p in PAGES[-1].paragraphs if english(term).match(p))
    text = i18n.catalog(lang).gettext(line)
    word, box = glossary(lang)[term]
    head = re.match(r"[^:(]*(?:\([^)]*\))?", text).group()  # the word, with its note
    assert re.search(word, head, re.IGNORECASE), (lang, term, head)
    for alternative in box.split(" / "):
        assert alternative.strip() in head, (lang, term, alternative, head)
