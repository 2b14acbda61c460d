"""Compile every assets/locale/<lang>/LC_MESSAGES/split.po into split.mo (shipped, committed).

    python build/compile_catalogs.py            # compile all catalogs
    python build/compile_catalogs.py --check    # exit 1 if a .mo is missing or stale

Uses Babel's read_po/write_mo when Babel is installed, else the built-in .po parser of
build/po.py and the small GNU .mo writer below. Fuzzy and untranslated entries are
left out, as msgfmt does.
"""

from __future__ import annotations

import argparse
import io
import struct
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "assets" / "locale"
sys.path.insert(0, str(ROOT / "build"))

from po import PoEntry, po_entries, read_mo, read_po  # noqa: E402


def write_mo(entries: list[PoEntry]) -> bytes:
    """A GNU .mo file (little-endian, no hash table) of the header and translated entries."""
    table: dict[bytes, bytes] = {}
    for entry in entries:
        if entry.msgid == "" and entry.context is None:
            table[b""] = entry.msgstr.encode("utf-8")
        elif entry.translated:
            if entry.plural is not None:
                key = f"{entry.key}\0{entry.plural}"
                value = "\0".join(entry.forms)
            else:
                key, value = entry.key, entry.msgstr
            table[key.encode("utf-8")] = value.encode("utf-8")
    keys = sorted(table)
    ids = strs = b""
    offsets: list[tuple[int, int, int, int]] = []
    for k in keys:
        offsets.append((len(ids), len(k), len(strs), len(table[k])))
        ids += k + b"\0"
        strs += table[k] + b"\0"
    count = len(keys)
    key_start = 7 * 4 + 16 * count
    value_start = key_start + len(ids)
    words = [0x950412DE, 0, count, 7 * 4, 7 * 4 + count * 8, 0, 0]
    words += [n for id_off, id_len, _, _ in offsets for n in (id_len, key_start + id_off)]
    words += [n for _, _, s_off, s_len in offsets for n in (s_len, value_start + s_off)]
    return struct.pack(f"<{len(words)}I", *words) + ids + strs


def _compile_builtin(po: Path) -> bytes:
    return write_mo(po_entries(po.read_text(encoding="utf-8"), name=str(po)))


def _compile_babel(po: Path, lang: str) -> bytes:
    from babel.messages.mofile import write_mo as babel_write_mo
    from babel.messages.pofile import read_po as babel_read_po

    with open(po, "rb") as f:
        catalog = babel_read_po(f, locale=lang, abort_invalid=True)
    # Babel writes an untranslated plural entry with the English forms as its translation,
    # which would bend English to the language's plural rule; msgfmt leaves it out. So do we.
    for message in list(catalog):
        if message.id and message.pluralizable and not all(message.string):
            catalog.delete(message.id, context=message.context)
    buf = io.BytesIO()
    babel_write_mo(buf, catalog, use_fuzzy=False)
    return buf.getvalue()


def compile_one(po: Path, use_babel: bool | None = None) -> bytes:
    """The .mo bytes for one .po file."""
    lang = po.parent.parent.name
    if use_babel is None or use_babel:
        try:
            return _compile_babel(po, lang)
        except ImportError:
            if use_babel:
                raise
    return _compile_builtin(po)


def catalogs() -> list[Path]:
    return sorted(LOCALE.glob("*/LC_MESSAGES/split.po"))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="fail if a .mo is missing or stale")
    parser.add_argument("--builtin", action="store_true", help="do not use Babel")
    args = parser.parse_args(argv)
    stale = []
    for po in catalogs():
        mo = po.with_suffix(".mo")
        if args.check:
            if not mo.is_file() or read_mo(mo)[0] != read_po(po)[0]:
                stale.append(mo)
            continue
        mo.write_bytes(compile_one(po, use_babel=False if args.builtin else None))
        print(f"compiled {mo.relative_to(ROOT)} ({len(read_mo(mo)[0])} entries)")
    if stale:
        for mo in stale:
            print(f"stale: {mo.relative_to(ROOT)}", file=sys.stderr)
        print("Run: python build/compile_catalogs.py", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
