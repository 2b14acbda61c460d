"""Languages: gettext catalogs, the current language, RTL and localised digits.

Pure Python (no pygame). Catalogs live at ``assets/locale/<lang>/LC_MESSAGES/split.mo``
(compiled, shipped) beside ``split.po`` (the source). When the ``.mo`` is missing the
``.po`` is read directly, with Babel if it is installed, else with a small parser here.
Nothing is ever ``eval``-ed: plural expressions are parsed by a tiny C-expression parser.

Mark strings with ``_()`` (translate now), ``ngettext()`` (plurals), ``pgettext()``
(with a context) or ``N_()`` (mark only, for module-level constants: translate them
with ``_(CONSTANT)`` when drawing). ``_`` looks the current catalog up on every call,
so a language switch takes effect at the next draw.

>>> set_language("fa")
'fa'
>>> is_rtl(), localize_digits(-12)
(True, '\u200e\u2212۱۲')
>>> _("Language")
'زبان'
>>> set_language("en")
'en'
>>> _("Language")
'Language'
"""

from __future__ import annotations

import gettext as _gettext
import locale
import os
import re
import struct
import sys
import unicodedata
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from split.resources import asset_path

DOMAIN = "split"
DEFAULT_LANGUAGE = "en"

# Native names, shown as they are in every language (a reader must find their own).
LANGUAGES: dict[str, str] = {
    "en": "English",
    "gl": "Galego",
    "te": "తెలుగు",
    "fa": "فارسی",
    "id": "Bahasa Indonesia",
}
RTL_LANGUAGES = frozenset({"fa"})


def N_(message: str) -> str:
    """Mark a string for extraction without translating it (translate it later with ``_``)."""
    return message


# The names of the languages in the current language, e.g. "Persian" or "Persa".
LANGUAGE_NAMES: dict[str, str] = {
    "en": N_("English"),
    "gl": N_("Galician"),
    "te": N_("Telugu"),
    "fa": N_("Persian"),
    "id": N_("Indonesian"),
}
# TRANSLATORS: the label of the language setting.
LANGUAGE_LABEL = N_("Language")
# TRANSLATORS: the title of the language chooser.
CHOOSE_LANGUAGE = N_("Choose a language")

_ALIASES = {
    # ISO 639-2/3 and retired codes
    "eng": "en",
    "glg": "gl",
    "tel": "te",
    "per": "fa",
    "fas": "fa",
    "pes": "fa",
    "prs": "fa",
    "in": "id",
    "ind": "id",
    # Windows locale names ("Persian_Iran.1256") and English names
    "english": "en",
    "galician": "gl",
    "telugu": "te",
    "persian": "fa",
    "farsi": "fa",
    "indonesian": "id",
}

_PERSIAN_DIGITS = str.maketrans("0123456789", "۰۱۲۳۴۵۶۷۸۹")
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


# ---------------------------------------------------------------------------
# Plural expressions: a C subset parsed by hand, never eval-ed.

_TOKEN_RE = re.compile(r"\s*(?:(\d+)|(n)|(\|\||&&|==|!=|<=|>=|[-+*/%<>!?:()]))")
_BINARY = [  # lowest precedence first
    ("||",),
    ("&&",),
    ("==", "!="),
    ("<", ">", "<=", ">="),
    ("+", "-"),
    ("*", "/", "%"),
]


def _apply(op: str, a: int, b: int) -> int:
    if op == "||":
        return int(bool(a) or bool(b))
    if op == "&&":
        return int(bool(a) and bool(b))
    if op in ("/", "%"):
        if b == 0:
            return 0
        return a // b if op == "/" else a % b
    return int(
        {
            "==": a == b,
            "!=": a != b,
            "<": a < b,
            ">": a > b,
            "<=": a <= b,
            ">=": a >= b,
            "+": a + b,
            "-": a - b,
            "*": a * b,
        }[op]
    )


def parse_plural(expression: str) -> Callable[[int], int]:
    """Compile a gettext ``plural=`` C expression into a function of ``n``.

    >>> parse_plural("n%10==1 && n%100!=11 ? 0 : n != 0 ? 1 : 2")(21)
    0
    """
    tokens: list[str] = []
    pos = 0
    text = expression.strip().rstrip(";")
    while pos < len(text):
        m = _TOKEN_RE.match(text, pos)
        if not m or m.end() == pos:
            raise ValueError(f"bad plural expression: {expression!r}")
        tokens.append(m.group(m.lastindex or 0))
        pos = m.end()
        if text[pos:].strip() == "":
            break
    tokens.append("")  # end marker
    at = 0

    def peek() -> str:
        return tokens[at]

    def take() -> str:
        nonlocal at
        at += 1
        return tokens[at - 1]

    def ternary() -> Callable[[int], int]:
        cond = binary(0)
        if peek() != "?":
            return cond
        take()
        yes = ternary()
        if take() != ":":
            raise ValueError(f"bad plural expression: {expression!r}")
        no = ternary()
        return lambda n: yes(n) if cond(n) else no(n)

    def binary(level: int) -> Callable[[int], int]:
        if level == len(_BINARY):
            return unary()
        left = binary(level + 1)
        while peek() in _BINARY[level]:
            op = take()
            right = binary(level + 1)
            left = (lambda a, b, o: lambda n: _apply(o, a(n), b(n)))(left, right, op)
        return left

    def unary() -> Callable[[int], int]:
        tok = take()
        if tok == "!":
            inner = unary()
            return lambda n: int(not inner(n))
        if tok == "-":
            inner = unary()
            return lambda n: -inner(n)
        if tok == "(":
            inner = ternary()
            if take() != ")":
                raise ValueError(f"bad plural expression: {expression!r}")
            return inner
        if tok == "n":
            return lambda n: n
        if tok.isdigit():
            value = int(tok)
            return lambda n: value
        raise ValueError(f"bad plural expression: {expression!r}")

    result = ternary()
    if peek() != "":
        raise ValueError(f"bad plural expression: {expression!r}")
    return result


def parse_plural_forms(header_value: str | None) -> tuple[int, Callable[[int], int]]:
    """``nplurals`` and the plural function from a ``Plural-Forms`` header value."""
    default = (2, lambda n: int(n != 1))  # the Germanic rule, as gettext assumes
    if not header_value:
        return default
    m_n = re.search(r"nplurals\s*=\s*(\d+)", header_value)
    m_p = re.search(r"plural\s*=\s*(.+?)\s*;?\s*$", header_value)
    if not m_n or not m_p:
        return default
    return int(m_n.group(1)), parse_plural(m_p.group(1))


# ---------------------------------------------------------------------------
# Catalogs

# Keys as in gettext.GNUTranslations: "msgid", "ctxt\x04msgid" and (msgid, index) for plurals.
Messages = dict[str | tuple[str, int], str]


class Catalog(_gettext.NullTranslations):
    """One language's translations; untranslated messages fall back to the source text."""

    def __init__(
        self,
        messages: Messages | None = None,
        plural_forms: str | None = None,
        language: str = DEFAULT_LANGUAGE,
        source: Path | None = None,
    ) -> None:
        super().__init__()
        self.messages: Messages = dict(messages or {})
        self.nplurals, self.plural = parse_plural_forms(plural_forms)
        self.language = language
        self.source = source

    def _plural_index(self, n: int) -> int:
        try:
            index = self.plural(int(n))
        except (TypeError, ValueError, OverflowError):
            index = 0
        return min(max(index, 0), max(self.nplurals - 1, 0))

    def gettext(self, message: str) -> str:
        return self.messages.get(message) or message

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        found = self.messages.get((msgid1, self._plural_index(n)))
        if found:
            return found
        return msgid1 if n == 1 else msgid2

    def pgettext(self, context: str, message: str) -> str:
        return self.messages.get(f"{context}\x04{message}") or message

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        found = self.messages.get((f"{context}\x04{msgid1}", self._plural_index(n)))
        if found:
            return found
        return msgid1 if n == 1 else msgid2


def _header_field(header: str, name: str) -> str | None:
    for line in header.splitlines():
        key, _, value = line.partition(":")
        if key.strip().lower() == name.lower():
            return value.strip()
    return None


def read_mo(path: Path) -> tuple[Messages, str]:
    """The messages and the header of a compiled ``.mo`` file (GNU format, either byte order)."""
    data = Path(path).read_bytes()
    if len(data) < 20:
        raise ValueError(f"{path}: too short for a .mo file")
    magic = struct.unpack("<I", data[:4])[0]
    if magic == 0x950412DE:
        order = "<"
    elif magic == 0xDE120495:
        order = ">"
    else:
        raise ValueError(f"{path}: not a .mo file")
    version, count, originals, translations = struct.unpack(order + "4I", data[4:20])
    if version >> 16 not in (0, 1):
        raise ValueError(f"{path}: unknown .mo version {version}")
    raw: list[tuple[bytes, bytes]] = []
    for i in range(count):
        olen, ooff = struct.unpack_from(order + "2I", data, originals + 8 * i)
        tlen, toff = struct.unpack_from(order + "2I", data, translations + 8 * i)
        if ooff + olen > len(data) or toff + tlen > len(data):
            raise ValueError(f"{path}: truncated .mo file")
        raw.append((data[ooff : ooff + olen], data[toff : toff + tlen]))
    header = ""
    charset = "utf-8"
    for msgid, msgstr in raw:
        if msgid == b"":
            header = msgstr.decode("utf-8", "replace")
            content_type = _header_field(header, "Content-Type") or ""
            m = re.search(r"charset=([\w-]+)", content_type)
            if m and m.group(1).upper() != "CHARSET":
                charset = m.group(1)
    messages: Messages = {}
    for msgid, msgstr in raw:
        if msgid == b"":
            continue
        # Untranslated entries (Babel writes empty plural forms) are left out, as in .po reading.
        if b"\x00" in msgid:
            singular = msgid.split(b"\x00")[0].decode(charset)
            forms = msgstr.split(b"\x00")
            if all(forms):
                for index, form in enumerate(forms):
                    messages[(singular, index)] = form.decode(charset)
        elif msgstr:
            messages[msgid.decode(charset)] = msgstr.decode(charset)
    return messages, header


_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", '"': '"', "\\": "\\", "a": "\a", "b": "\b"}
_ESCAPES.update({"f": "\f", "v": "\v", "?": "?", "'": "'"})


def _unquote(token: str, where: str) -> str:
    """A C string literal's value, decoded by hand (never eval)."""
    if len(token) < 2 or token[0] != '"' or token[-1] != '"':
        raise ValueError(f"{where}: expected a quoted string, got {token!r}")
    body = token[1:-1]
    out: list[str] = []
    i = 0
    while i < len(body):
        ch = body[i]
        if ch == '"':
            raise ValueError(f"{where}: unescaped quote in {token!r}")
        if ch != "\\":
            out.append(ch)
            i += 1
            continue
        if i + 1 >= len(body):
            raise ValueError(f"{where}: dangling backslash in {token!r}")
        nxt = body[i + 1]
        if nxt in _ESCAPES:
            out.append(_ESCAPES[nxt])
            i += 2
        elif nxt in "01234567":
            m = re.match(r"[0-7]{1,3}", body[i + 1 :])
            assert m is not None
            out.append(chr(int(m.group(0), 8)))
            i += 1 + len(m.group(0))
        elif nxt == "x":
            m = re.match(r"[0-9a-fA-F]+", body[i + 2 :])
            if not m:
                raise ValueError(f"{where}: bad \\x escape in {token!r}")
            out.append(chr(int(m.group(0), 16)))
            i += 2 + len(m.group(0))
        else:
            raise ValueError(f"{where}: unknown escape \\{nxt} in {token!r}")
    return "".join(out)


@dataclass
class PoEntry:
    """One entry of a ``.po`` file, as written (escapes decoded)."""

    msgid: str
    msgstr: str = ""
    context: str | None = None
    plural: str | None = None  # msgid_plural
    forms: list[str] = field(default_factory=list)  # msgstr[0], msgstr[1], ...
    fuzzy: bool = False

    @property
    def key(self) -> str:
        return self.msgid if self.context is None else f"{self.context}\x04{self.msgid}"

    @property
    def translated(self) -> bool:
        if self.fuzzy:
            return False
        if self.plural is not None:
            return bool(self.forms) and all(self.forms)
        return bool(self.msgstr)


def po_entries(text: str, name: str = "<po>") -> list[PoEntry]:
    """Every entry of ``.po`` source text, the header (``msgid ""``) included; obsolete
    (``#~``) entries are left out. ValueError, naming the line, if the text is malformed."""
    entries: list[PoEntry] = []
    fields: dict[str, str] = {}
    forms: dict[int, str] = {}
    fuzzy = False
    last: tuple[str, int | None] | None = None  # the field a continuation line extends

    def complete() -> bool:
        return "msgstr" in fields or bool(forms)

    def finish(where: str) -> None:
        nonlocal fields, forms, fuzzy, last
        if fields or forms:
            if "msgid" not in fields or not complete():
                raise ValueError(f"{where}: incomplete entry")
            if sorted(forms) != list(range(len(forms))):
                raise ValueError(f"{where}: msgstr[n] forms are not 0..n-1")
            entries.append(
                PoEntry(
                    msgid=fields["msgid"],
                    msgstr=fields.get("msgstr", ""),
                    context=fields.get("msgctxt"),
                    plural=fields.get("msgid_plural"),
                    forms=[forms[i] for i in sorted(forms)],
                    fuzzy=fuzzy,
                )
            )
        fields, forms, fuzzy, last = {}, {}, False, None

    where = f"{name}:0"
    for lineno, raw_line in enumerate(text.splitlines(), 1):
        where = f"{name}:{lineno}"
        line = raw_line.strip()
        if not line:
            continue
        if line.startswith("#"):
            if complete():
                finish(where)  # comments open the next entry
            last = None
            if line.startswith("#,") and "fuzzy" in [f.strip() for f in line[2:].split(",")]:
                fuzzy = True
            continue
        if line.startswith('"'):
            if last is None:
                raise ValueError(f"{where}: continuation line outside an entry")
            name_, index = last
            if index is None:
                fields[name_] += _unquote(line, where)
            else:
                forms[index] += _unquote(line, where)
            continue
        keyword, _, rest = line.partition(" ")
        rest = rest.strip()
        plural_form = re.fullmatch(r"msgstr\[(\d+)\]", keyword)
        if keyword in ("msgctxt", "msgid") and complete():
            finish(where)
        if keyword in ("msgctxt", "msgid", "msgid_plural", "msgstr"):
            if keyword in fields:
                raise ValueError(f"{where}: duplicate {keyword}")
            if keyword in ("msgid_plural", "msgstr") and "msgid" not in fields:
                raise ValueError(f"{where}: {keyword} before msgid")
            fields[keyword] = _unquote(rest, where)
            last = (keyword, None)
        elif plural_form:
            if "msgid_plural" not in fields:
                raise ValueError(f"{where}: msgstr[n] without msgid_plural")
            index = int(plural_form.group(1))
            forms[index] = _unquote(rest, where)
            last = ("msgstr[]", index)
        else:
            raise ValueError(f"{where}: unexpected line {raw_line!r}")
    finish(where)
    return entries


def parse_po(text: str, name: str = "<po>") -> tuple[Messages, str]:
    """The messages and the header of ``.po`` source text.

    Fuzzy, obsolete (``#~``) and untranslated entries are left out, as ``msgfmt`` does.
    """
    messages: Messages = {}
    header = ""
    for entry in po_entries(text, name):
        if entry.msgid == "" and entry.context is None:
            header = entry.msgstr
        elif entry.translated:
            if entry.plural is not None:
                for index, form in enumerate(entry.forms):
                    messages[(entry.key, index)] = form
            else:
                messages[entry.key] = entry.msgstr
    return messages, header


def _read_po_babel(path: Path) -> tuple[Messages, str]:
    from babel.messages.pofile import read_po

    with open(path, "rb") as f:
        catalog = read_po(f, abort_invalid=True)
    messages: Messages = {}
    for message in catalog:
        if not message.id or message.fuzzy:
            continue
        ctxt = message.context
        if isinstance(message.id, (list, tuple)):
            key = message.id[0] if ctxt is None else f"{ctxt}\x04{message.id[0]}"
            forms = list(message.string)
            if forms and all(forms):
                for index, form in enumerate(forms):
                    messages[(key, index)] = form
        elif message.string:
            key = message.id if ctxt is None else f"{ctxt}\x04{message.id}"
            messages[key] = message.string
    plural = catalog.mime_headers and dict(catalog.mime_headers).get("Plural-Forms")
    header = f"Plural-Forms: {plural}\n" if plural else ""
    return messages, header


def read_po(path: Path, use_babel: bool | None = None) -> tuple[Messages, str]:
    """The messages and header of a ``.po`` file, parsed with Babel if present, else built in."""
    path = Path(path)
    if use_babel is None or use_babel:
        try:
            return _read_po_babel(path)
        except ImportError:
            if use_babel:
                raise
    return parse_po(path.read_text(encoding="utf-8"), name=str(path))


# ---------------------------------------------------------------------------
# State: the current language, the loaded catalogs, the listeners

_locale_dir: Path | None = None
_current = DEFAULT_LANGUAGE
_catalogs: dict[str, Catalog] = {}
_listeners: list[Callable[[str], None]] = []


def locale_dir() -> Path:
    """The folder holding ``<lang>/LC_MESSAGES/split.{po,mo}``."""
    return _locale_dir if _locale_dir is not None else asset_path("locale")


def set_locale_dir(path: str | os.PathLike[str] | None) -> None:
    """Read catalogs from another folder (tools and tests); ``None`` restores the assets."""
    global _locale_dir
    _locale_dir = Path(path) if path is not None else None
    reload_catalogs()


def reload_catalogs() -> None:
    """Forget loaded catalogs, so the next lookup reads the files again."""
    _catalogs.clear()


def load_catalog(lang: str) -> Catalog:
    """The catalog of ``lang``: the ``.mo`` if present, else the ``.po``, else an empty one."""
    folder = locale_dir() / lang / "LC_MESSAGES"
    mo, po = folder / f"{DOMAIN}.mo", folder / f"{DOMAIN}.po"
    if mo.is_file():
        messages, header = read_mo(mo)
        source: Path | None = mo
    elif po.is_file():
        messages, header = read_po(po)
        source = po
    else:
        messages, header, source = {}, "", None
    return Catalog(messages, _header_field(header, "Plural-Forms"), lang, source)


def catalog(lang: str | None = None) -> Catalog:
    """The (cached) catalog of ``lang``, by default the current language."""
    code = lang or _current
    found = _catalogs.get(code)
    if found is None:
        found = _catalogs[code] = load_catalog(code)
    return found


def match_language(tag: str | None) -> str | None:
    """The supported language a locale tag names (``fa_IR.UTF-8``, ``gl-ES``, ``Persian_Iran``).

    >>> match_language("fa_IR.UTF-8"), match_language("de_DE"), match_language("in_ID")
    ('fa', None, 'id')
    """
    if not tag:
        return None
    base = tag.strip().split(".")[0].split("@")[0].lower()
    primary = re.split(r"[-_ ]", base)[0]
    if primary in ("", "c", "posix"):
        return None
    code = _ALIASES.get(primary, primary)
    return code if code in LANGUAGES else None


def set_language(code: str) -> str:
    """Make ``code`` (or a locale tag naming it) the current language; returns its code.

    Raises ValueError for a language without a catalog in LANGUAGES. Listeners are told
    only when the language actually changes.
    """
    global _current
    lang = match_language(code)
    if lang is None:
        raise ValueError(f"unsupported language {code!r}; choose one of {', '.join(LANGUAGES)}")
    catalog(lang)  # load now, so a broken catalog fails here and not mid-draw
    changed = lang != _current
    _current = lang
    if changed:
        for callback in list(_listeners):
            callback(lang)
    return lang


def current_language() -> str:
    """The code of the current language."""
    return _current


def on_language_change(callback: Callable[[str], None]) -> Callable[[], None]:
    """Call ``callback(code)`` after every language switch; returns a function that unsubscribes."""
    _listeners.append(callback)

    def unsubscribe() -> None:
        if callback in _listeners:
            _listeners.remove(callback)

    return unsubscribe


def _(message: str) -> str:
    """``message`` in the current language (looked up at every call)."""
    return catalog().gettext(message)


gettext = _


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or a plural form for count ``n``, in the current language."""
    return catalog().ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language, disambiguated by ``context``."""
    return catalog().pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    """``ngettext`` with a context."""
    return catalog().npgettext(context, singular, plural, n)


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


def language_name(code: str) -> str:
    """The name of language ``code`` in the current language, e.g. ``"Persa"`` in Galician."""
    return _(LANGUAGE_NAMES[code])


def is_rtl(lang: str | None = None) -> bool:
    """Whether ``lang`` (default: the current language) is written right to left."""
    return (lang or _current) in RTL_LANGUAGES


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
    >>> localize_digits("10♥ 3", "fa")
    '\u200f\u200e10♥\u200e\u200f ۳'
    """
    text = value if isinstance(value, str) else str(value)
    if (lang or _current) != "fa":
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


def display_name(name: str) -> str:
    """A player's name as shown: the default name :data:`YOU` in the current language
    ("شما" in Persian), any other name as the player wrote it."""
    return _("You") if name == YOU else name


def symbols(text: str) -> str:
    """Card ranks and suit signs (``7``, ``10``, ``Q♠``) as they are in every language:
    in right-to-left text fenced with :func:`ltr`, so :func:`localize_digits` leaves
    them alone and they read left to right."""
    return ltr(text) if is_rtl() else text


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


# ---------------------------------------------------------------------------
# The system's language


def _platform_languages() -> list[str]:
    """Language tags from the desktop settings where the environment has none."""
    tags: list[str] = []
    if sys.platform == "win32":
        try:
            import ctypes

            lcid = ctypes.windll.kernel32.GetUserDefaultUILanguage()  # type: ignore[attr-defined]
            name = locale.windows_locale.get(lcid)
            if name:
                tags.append(name)
        except (AttributeError, OSError):
            pass
    elif sys.platform == "darwin":
        import subprocess

        try:
            out = subprocess.run(
                ["defaults", "read", "-g", "AppleLanguages"],
                capture_output=True,
                text=True,
                timeout=2,
                check=False,
            ).stdout
            tags.extend(re.findall(r'"?([A-Za-z]{2,3}(?:[-_][A-Za-z0-9]+)*)"?', out))
        except (OSError, subprocess.SubprocessError):
            pass
    return tags


def _c_locale_tags() -> list[str | None]:
    """What Python's locale module reports (only set once someone called setlocale)."""
    tags: list[str | None] = []
    categories = [getattr(locale, "LC_MESSAGES", None), locale.LC_CTYPE]
    for category in categories:
        if category is None:
            continue
        try:
            tags.append(locale.getlocale(category)[0])
        except (ValueError, TypeError):
            continue
    return tags


def _candidates(environ: Mapping[str, str]) -> Iterable[str | None]:
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(name)
        if value:
            yield from value.split(":")  # LANGUAGE may be a priority list, "fa:en"
    yield from _c_locale_tags()


def system_language(environ: Mapping[str, str] | None = None, platform: bool = True) -> str:
    """The supported language the system asks for (LANGUAGE, LC_ALL, LC_MESSAGES, LANG,
    the C locale, then the desktop settings), or ``en`` when it asks for none of ours."""
    env = os.environ if environ is None else environ
    for tag in _candidates(env):
        code = match_language(tag)
        if code:
            return code
    if platform:
        for tag in _platform_languages():
            code = match_language(tag)
            if code:
                return code
    return DEFAULT_LANGUAGE
