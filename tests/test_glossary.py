"""Issue 16: each language's glossary (assets/locale/<lang>/GLOSSARY.md) says which word
the catalog uses for each game term; every message whose English has the term uses
that word, so a player meets one word for one thing."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

LOCALE = Path(__file__).resolve().parent.parent / "assets" / "locale"
LANGS = ("gl", "id", "te", "fa")


def glossary(lang: str) -> dict[str, str]:
    """term -> the catalog's word (a regular expression), from the glossary's table."""
    rows = {}
    for line in (LOCALE / lang / "GLOSSARY.md").read_text(encoding="utf-8").splitlines():
        cells = [c.strip().replace("\\|", "|") for c in re.split(r"(?<!\\)\|", line)[1:-1]]
        if len(cells) == 4 and cells[1].startswith("`"):
            rows[cells[0]] = cells[1].strip("`")
    return rows


@pytest.mark.parametrize("lang", LANGS)
def test_the_glossary_covers_the_game_terms(lang):
    terms = glossary(lang)
    for term in ("match", "weak", "strong", "perfect", "upgrade", "negative box", "draw pile"):
        assert term in terms, f"{lang} glossary lacks {term!r}"
    for term, word in terms.items():
        re.compile(word)  # a pattern that compiles
        assert word, term


@pytest.mark.parametrize("lang", LANGS)
def test_every_message_uses_the_glossarys_word(lang):
    with open(LOCALE / lang / "LC_MESSAGES" / "split.po", "rb") as f:
        catalog = read_po(f)
    wrong = []
    for term, word in glossary(lang).items():
        english = re.compile(rf"\b{re.escape(term)}(e?s|d)?\b", re.IGNORECASE)
        said = re.compile(word, re.IGNORECASE)
        for m in catalog:
            if not m.id or not m.string:
                continue
            ids = m.id if isinstance(m.id, tuple) else (m.id,)
            if not any(english.search(i) for i in ids):
                continue
            texts = m.string if isinstance(m.string, tuple) else (m.string,)
            if not any(said.search(t) for t in texts):
                wrong.append(f"{term!r} in {ids[0][:60]!r}: {texts[0][:80]!r}")
    assert wrong == []


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
