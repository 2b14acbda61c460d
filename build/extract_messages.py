"""Extract translatable strings from split/ into assets/locale/split.pot and update the .po files.

    python build/extract_messages.py            # write split.pot, merge it into every split.po
    python build/extract_messages.py --check    # exit 1 if split.pot is out of date (CI)
    python build/extract_messages.py --init xx  # also start a catalog for a new language xx

Strings are found in calls to ``_``, ``gettext``, ``N_``, ``ngettext``, ``pgettext`` and
``npgettext``; a ``# TRANSLATORS:`` comment on the line before reaches the translators.
Existing translations are kept; messages gone from the code become obsolete (``#~``).
Needs Babel (the ``build`` extra). Run build/compile_catalogs.py afterwards.
"""

from __future__ import annotations

import argparse
import io
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "split"
LOCALE = ROOT / "assets" / "locale"
POT = LOCALE / "split.pot"

KEYWORDS = {
    "_": None,
    "gettext": None,
    "N_": None,
    "ngettext": (1, 2),
    "pgettext": ((1, "c"), 2),
    "npgettext": ((1, "c"), 2, 3),
}
COMMENT_TAGS = ("TRANSLATORS:",)
PROJECT = "Split Desktop"
BUGS = "https://github.com/split-desktop/split-desktop/issues"


def _version() -> str:
    sys.path.insert(0, str(ROOT))
    try:
        import split

        return getattr(split, "__version__", "0")
    finally:
        sys.path.pop(0)


def build_template():
    """The template catalog of every marked string under split/."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract_from_dir

    template = Catalog(
        project=PROJECT,
        version=_version(),
        msgid_bugs_address=BUGS,
        copyright_holder="the Split Desktop authors",
        charset="utf-8",
        fuzzy=False,
    )
    found = extract_from_dir(
        str(SOURCE),
        method_map=[("**.py", "python")],
        keywords=KEYWORDS,
        comment_tags=COMMENT_TAGS,
        strip_comment_tags=True,
    )
    for filename, lineno, message, comments, context in found:
        path = (SOURCE / filename).relative_to(ROOT).as_posix()
        template.add(
            message,
            None,
            [(path, lineno)],
            auto_comments=comments,
            context=context,
        )
    return template


def _po_bytes(catalog, **options) -> bytes:
    from babel.messages.pofile import write_po

    buf = io.BytesIO()
    write_po(buf, catalog, width=100, sort_output=False, **options)
    return buf.getvalue()


def _translated(string) -> bool:
    return all(string) if isinstance(string, (list, tuple)) else bool(string)


def _ids(catalog) -> set:
    return {(m.id if isinstance(m.id, str) else tuple(m.id), m.context) for m in catalog if m.id}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only check split.pot is current")
    parser.add_argument("--init", metavar="LANG", action="append", default=[], help="new catalog")
    args = parser.parse_args(argv)
    try:
        from babel.messages.pofile import read_po
    except ImportError:
        print("extract_messages needs Babel: pip install babel", file=sys.stderr)
        return 2

    template = build_template()
    if args.check:
        if not POT.is_file():
            print(f"{POT.relative_to(ROOT)} is missing", file=sys.stderr)
            return 1
        with open(POT, "rb") as f:
            current = read_po(f)
        if _ids(current) != _ids(template):
            added = _ids(template) - _ids(current)
            gone = _ids(current) - _ids(template)
            print(f"split.pot is out of date: {len(added)} new, {len(gone)} gone.", file=sys.stderr)
            print("Run: python build/extract_messages.py", file=sys.stderr)
            return 1
        print("split.pot is up to date")
        return 0

    from babel.messages.catalog import Catalog

    LOCALE.mkdir(parents=True, exist_ok=True)
    POT.write_bytes(_po_bytes(template, omit_header=False))
    print(f"wrote {POT.relative_to(ROOT)} ({len(template)} messages)")
    for lang in args.init:
        po = LOCALE / lang / "LC_MESSAGES" / "split.po"
        if po.exists():
            print(f"{po.relative_to(ROOT)} exists; not re-initialised")
            continue
        new = Catalog(locale=lang, project=PROJECT, version=_version(), fuzzy=False)
        new.msgid_bugs_address = BUGS
        po.parent.mkdir(parents=True, exist_ok=True)
        po.write_bytes(_po_bytes(new))
    with open(POT, "rb") as f:
        template = read_po(f)  # the written form, so locations match what is on disk
    for po in sorted(LOCALE.glob("*/LC_MESSAGES/split.po")):
        lang = po.parent.parent.name
        with open(po, "rb") as f:
            catalog = read_po(f, locale=lang)
        catalog.update(template, update_header_comment=False)
        po.write_bytes(_po_bytes(catalog, include_previous=True))
        done = sum(1 for m in catalog if m.id and _translated(m.string) and not m.fuzzy)
        print(f"updated {po.relative_to(ROOT)}: {done}/{len(catalog)} translated")
    return 0


if __name__ == "__main__":
    sys.exit(main())
