"""The languages the game speaks, and the one the system asks for.

Pure Python; no catalogs here (split/i18n/catalog.py loads them).
"""

from __future__ import annotations

import locale
import os
import re
import sys
from collections.abc import Iterable, Mapping

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
