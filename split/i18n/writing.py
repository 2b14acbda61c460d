"""How text is written in each language: direction, digits, lists, names and cards.

Pure Python. Persian is written right to left with Persian digits; cards (``10♥``,
``Q♠``) and card ranks keep their universal symbols in every language, fenced so they
read left to right; a player's name stays one word inside any sentence.

>>> from split.i18n.catalog import set_language
>>> set_language("fa")
'fa'
>>> is_rtl(), localize_digits(-12)
(True, '\u200e\u2212۱۲')
>>> set_language("en")
'en'
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

from .catalog import _, current_language, pgettext
from .languages import RTL_LANGUAGES

_PERSIAN_DIGITS = str.maketrans("0123456789%", "۰۱۲۳۴۵۶۷۸۹٪")  # and the Persian percent sign
_LRM = "\u200e"
_RLM = "\u200f"
_MINUS = "\u2212"
# A minus sign (hyphen-minus or U+2212) starting a number, not joining two words/numbers.
_SIGN_RE = re.compile(r"(?<![\w])[-\u2212](?=\d)")
_DECIMAL_RE = re.compile(r"(?<=\d)\.(?=\d)")
# Left as they are by localize_digits: text already fenced by ltr(), and cards as
# players read them (rank then suit sign, e.g. "10♥" or "Q♠").
_KEEP_RE = re.compile(
    "\u200f\u200e.*?\u200e\u200f|(?:10|[2-9AJQK])[\u2663\u2666\u2665\u2660]", re.DOTALL
)


def join_words(items: Iterable[str]) -> str:
    """Words of a list inside a sentence ("Ada, Bo"), with the language's comma."""
    # TRANSLATORS: between the items of a list, e.g. player names; Persian uses "، ".
    return pgettext("list separator", ", ").join(items)


def join_clauses(items: Iterable[str]) -> str:
    """Parts of one line that would be sentences of their own, with the language's
    semicolon."""
    # TRANSLATORS: between two parts of one summary line; Persian uses "؛ ".
    return pgettext("clause separator", "; ").join(items)


def join_facts(items: Iterable[str]) -> str:
    """Short facts shown side by side on one line ("easy · 9 cards · dealer")."""
    # TRANSLATORS: between short facts about a seat; Persian uses "، " (its digit zero
    # is a dot, so a middle dot next to a number would read as 0).
    return pgettext("between facts", " \u00b7 ").join(items)


def is_rtl(lang: str | None = None) -> bool:
    """Whether ``lang`` (default: the current language) is written right to left."""
    return (lang or current_language()) in RTL_LANGUAGES


def localize_digits(value: object, lang: str | None = None) -> str:
    """``value`` as text with the digits of ``lang``: Persian digits for ``fa``.

    For Persian a minus sign that starts a number becomes LRM + U+2212 (as CLDR writes
    it, so it stays left of the digits in right-to-left text), and a decimal point
    between digits becomes the Arabic decimal separator U+066B. Other languages keep
    ASCII digits and the text unchanged.

    Cards (``10♥``, ``Q♠``) are not numbers: their ranks stay universal symbols, and
    each card is fenced with :func:`ltr`, so its rank and suit read left to right and a
    row of cards reads right to left inside Persian text. Text already fenced with
    :func:`ltr` (a rank from :func:`symbols`, a name) is left as it is.

    >>> localize_digits("-3 / 12.5", "fa")
    '\u200e\u2212۳ / ۱۲٫۵'
    >>> localize_digits("80%", "fa")
    '۸۰٪'
    >>> localize_digits("10♥ 3", "fa")
    '\u200f\u200e10♥\u200e\u200f ۳'
    """
    text = value if isinstance(value, str) else str(value)
    if (lang or current_language()) != "fa":
        return text
    # Cards keep their universal symbols (a "10♥" is not a number) and read left to
    # right as one word, as does text already fenced by ltr(); the rest is localized.
    out = []
    at = 0
    for m in _KEEP_RE.finditer(text):
        out.append(_localize_number_text(text[at : m.start()]))
        out.append(m.group() if m.group().startswith(_RLM) else ltr(m.group()))
        at = m.end()
    out.append(_localize_number_text(text[at:]))
    return "".join(out)


def _localize_number_text(text: str) -> str:
    text = _SIGN_RE.sub(_LRM + _MINUS, text)
    text = _DECIMAL_RE.sub("\u066b", text)
    return text.translate(_PERSIAN_DIGITS)


def ltr(text: str) -> str:
    """``text`` as a left-to-right island inside right-to-left text: LRMs inside keep
    it reading left to right as a whole (a card like ``7♥``, a name with its own
    punctuation), RLMs outside keep a row of islands (``K♣ K♠``) in right-to-left
    order. For right-to-left text only."""
    return f"{_RLM}{_LRM}{text}{_LRM}{_RLM}"


YOU = "You"  # the default name of the person at the table, as kept in files
PLAYER_N = "Player {n}"  # the default names of hot-seat humans, as kept in files
_PLAYER_N_RE = re.compile(r"Player ([1-9][0-9]?)")


def is_default_name(name: str) -> bool:
    """Whether ``name`` is one of the names the game gives a person (:data:`YOU`,
    "Player 2", as kept or as shown), not one a player wrote."""
    if name in (YOU, display_name(YOU)) or _PLAYER_N_RE.fullmatch(name):
        return True
    return any(name == display_name(PLAYER_N.format(n=n)) for n in range(1, 7))


def display_name(name: str) -> str:
    """A player's name as shown: the default names :data:`YOU` and "Player 2" in the
    current language ("شما", "بازیکن ۲" in Persian), any other name as written."""
    if name == YOU:
        return _("You")
    default = _PLAYER_N_RE.fullmatch(name)
    if default:
        return _("Player {n}").format(n=default.group(1))
    return name


def symbols(text: str) -> str:
    """Card ranks and suit signs (``7``, ``10``, ``Q♠``) as they are in every language:
    in right-to-left text fenced with :func:`ltr`, so :func:`localize_digits` leaves
    them alone and they read left to right."""
    return ltr(text) if is_rtl() else text


def number(value: object) -> str:
    """A number in the language's digits as an island of its own: in right-to-left text
    the left-to-right mark of a minus sign would otherwise pull the numbers after it
    into its run, and "−۵ ← ۱۲" would read backwards."""
    text = localize_digits(value)
    return ltr(text) if is_rtl() else text


def verbatim(text: str) -> str:
    """Text that is in no language (a version, a file path, code), as written: in
    right-to-left text fenced with :func:`ltr`, so it keeps its ASCII digits and reads
    left to right."""
    return ltr(text) if is_rtl() else text


def key_name(key: str) -> str:
    """A key of the keyboard as shown beside a button ("P"), in the player's language."""
    # TRANSLATORS: the key the table's button answers to, as printed on the key of a
    # Latin keyboard (the game reads the key's place, so keep the Latin letter unless
    # your players' keyboards print it otherwise).
    names = {
        "P": pgettext("key", "P"),
        "H": pgettext("key", "H"),
        "S": pgettext("key", "S"),
        "T": pgettext("key", "T"),
        "R": pgettext("key", "R"),
        "D": pgettext("key", "D"),
        "M": pgettext("key", "M"),
        "Y": pgettext("key", "Y"),
    }
    return names.get(key, key)


def embed(name: str) -> str:
    """A player's name as one word inside a sentence of the current language: in
    right-to-left text a name that starts with a left-to-right letter is fenced with
    :func:`ltr`, so its own punctuation stays with it (``Bo!`` never reads ``!Bo``)."""
    if not is_rtl():
        return name
    for char in name:
        kind = unicodedata.bidirectional(char)
        if kind == "L":
            return ltr(name)
        if kind in ("R", "AL"):
            return name
    return name
