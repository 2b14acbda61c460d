"""Languages: catalogs, the current language, and how each language writes.

Pure Python, no pygame; usable by the bots, the ui and the app (never the engine).

- :mod:`.catalog` — the current language and its translations (``gettext``'s
  ``GNUTranslations`` over the shipped ``.mo`` files): ``_``, ``ngettext``, ``N_``…
- :mod:`.languages` — the languages we speak and the one the system asks for.
- :mod:`.writing` — direction, digits, list punctuation, names and cards in sentences.
- :mod:`.script` — bidi levels, combining marks, where a word may be cut.

>>> set_language("fa")
'fa'
>>> _("Language")
'زبان'
>>> set_language("en")
'en'
"""

from .catalog import (
    CHOOSE_LANGUAGE,
    DOMAIN,
    LANGUAGE_LABEL,
    LANGUAGE_NAMES,
    N_,
    _,
    catalog,
    current_language,
    gettext,
    language_name,
    load_catalog,
    locale_dir,
    ngettext,
    npgettext,
    on_language_change,
    pgettext,
    reload_catalogs,
    set_language,
    set_locale_dir,
)
from .languages import (
    DEFAULT_LANGUAGE,
    LANGUAGES,
    RTL_LANGUAGES,
    match_language,
    system_language,
)
from .writing import (
    YOU,
    display_name,
    embed,
    is_default_name,
    is_rtl,
    join_clauses,
    join_facts,
    join_words,
    key_name,
    localize_digits,
    ltr,
    number,
    symbols,
    verbatim,
)

__all__ = [
    "CHOOSE_LANGUAGE",
    "DEFAULT_LANGUAGE",
    "DOMAIN",
    "LANGUAGES",
    "LANGUAGE_LABEL",
    "LANGUAGE_NAMES",
    "N_",
    "RTL_LANGUAGES",
    "YOU",
    "_",
    "catalog",
    "current_language",
    "display_name",
    "is_default_name",
    "embed",
    "gettext",
    "is_rtl",
    "join_clauses",
    "join_facts",
    "join_words",
    "key_name",
    "language_name",
    "load_catalog",
    "locale_dir",
    "localize_digits",
    "ltr",
    "match_language",
    "ngettext",
    "npgettext",
    "number",
    "on_language_change",
    "pgettext",
    "reload_catalogs",
    "set_language",
    "set_locale_dir",
    "symbols",
    "system_language",
    "verbatim",
]
