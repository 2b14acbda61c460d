"""Catalog files for the build tools and tests: a ``.po`` parser and a ``.mo`` reader.

The game itself reads only compiled ``.mo`` files, through the standard library's
``gettext.GNUTranslations`` (split/i18n/catalog.py). These readers serve
build/compile_catalogs.py (which works without Babel) and the tests that check the
shipped catalogs. Nothing is ever ``eval``-ed: string literals are decoded by hand.
"""

from __future__ import annotations

import re
import struct
from dataclasses import dataclass, field
from pathlib import Path

# Keys as in gettext.GNUTranslations: "msgid", "ctxt\x04msgid" and (msgid, index) for plurals.
Messages = dict[str | tuple[str, int], str]


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
