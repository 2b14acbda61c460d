"""Catalogs: the current language and its translations, through ``gettext.GNUTranslations``.

Catalogs are the compiled files ``assets/locale/<lang>/LC_MESSAGES/split.mo``; a
language whose file is missing shows the source (English) text. Mark strings with
``_()`` (translate now), ``ngettext()`` (plurals), ``pgettext()`` (with a context) or
``N_()`` (mark only, for module-level constants: translate them with ``_(CONSTANT)``
when drawing). ``_`` looks the current catalog up on every call, so a language switch
takes effect at the next draw.
"""

from __future__ import annotations

import gettext as _gettext
import os
import struct
from collections.abc import Callable
from pathlib import Path

from split.resources import asset_path

from .languages import DEFAULT_LANGUAGE, LANGUAGES, match_language

DOMAIN = "split"


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

_locale_dir: Path | None = None
_current = DEFAULT_LANGUAGE
_catalogs: dict[str, _gettext.NullTranslations] = {}
_listeners: list[Callable[[str], None]] = []


def locale_dir() -> Path:
    """The folder holding ``<lang>/LC_MESSAGES/split.mo``."""
    return _locale_dir if _locale_dir is not None else asset_path("locale")


def set_locale_dir(path: str | os.PathLike[str] | None) -> None:
    """Read catalogs from another folder (tools and tests); ``None`` restores the assets."""
    global _locale_dir
    _locale_dir = Path(path) if path is not None else None
    reload_catalogs()


def reload_catalogs() -> None:
    """Forget loaded catalogs, so the next lookup reads the files again."""
    _catalogs.clear()


def load_catalog(lang: str) -> _gettext.NullTranslations:
    """The translations of ``lang`` from its ``.mo`` (none: the source text).

    Raises OSError when the file is there but is not a readable catalog.
    """
    mo = locale_dir() / lang / "LC_MESSAGES" / f"{DOMAIN}.mo"
    if not mo.is_file():
        return _gettext.NullTranslations()
    try:
        with open(mo, "rb") as f:
            return _gettext.GNUTranslations(f)
    except (ValueError, struct.error, IndexError) as err:  # a damaged file, not a crash
        raise OSError(f"{mo}: not a readable catalog ({err})") from err


def catalog(lang: str | None = None) -> _gettext.NullTranslations:
    """The (cached) translations of ``lang``, by default the current language."""
    code = lang or _current
    found = _catalogs.get(code)
    if found is None:
        found = _catalogs[code] = load_catalog(code)
    return found


def set_language(code: str) -> str:
    """Make ``code`` (or a locale tag naming it) the current language; returns its code.

    Raises ValueError for a language not in LANGUAGES, OSError for a damaged catalog.
    Listeners are told only when the language actually changes.
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


def language_name(code: str) -> str:
    """The name of language ``code`` in the current language, e.g. ``"Persa"`` in Galician."""
    return _(LANGUAGE_NAMES[code])
