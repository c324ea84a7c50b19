"""Every word a person reads, in their language: gettext catalogs under `locales/`, chosen per reader.

English source texts are their own message ids (gettext's convention), with `{name}` fields filled in
after translation. Who reads a text decides its language — a member's own client language for their
answers, DMs and My hand; the server's for public table messages — so the language is chosen where a
message is built, `with speaking(language):`, and `_()` reads it from a context variable (the pattern
of Django's `translation.override`). Engines and the service stay free of languages: they mark their
ids with `N_()` and carry fields in a `Text` (bot/games/text.py), which the edge translates.

The `.po` files are compiled in memory with Babel the first time a language is used; a language
without a catalog falls back to English. Each game keeps its texts in its own catalog file
(`locales/<language>/LC_MESSAGES/<domain>.po`, see `scripts/i18n.py`); a language's files are merged.

A language is its line in `LANGUAGES` and its catalog folder, nothing else: `python scripts/i18n.py` writes the
folder's catalogs from the line, a translator fills them, and Discord's locales reach it by their code
(`language_of`: "pt-BR" is `pt_BR`, "es-419" is `es`). Numbers, counts and clock times are written as the reader
writes them (Babel's CLDR data for the language).
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from contextvars import ContextVar
from datetime import time
from functools import cache, lru_cache
from io import BytesIO
from pathlib import Path
from typing import Any

from babel.dates import format_time
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import format_decimal
from babel.support import NullTranslations, Translations

from .games.text import N_, Name, OptionName, Text, counted
from .names import escaped

__all__ = ["N_", "Text", "_", "clock_time", "counted", "language_of", "languages", "ngettext", "option_name",
           "speaking", "translated"]

LOCALES = Path(__file__).resolve().parent.parent / "locales"
SOURCE = "en"
# The languages the bot speaks, one line each: the catalog folder under locales/ (a Babel locale: "de", "pt_BR"),
# and the language's name in itself, as /settings language offers it. Discord's locale codes find their language
# by `language_of`; a sixth language is a line here and the folder `python scripts/i18n.py` then writes.
LANGUAGES = {
    "en": "English",
    "es": "Español",
    "pt_BR": "Português do Brasil",
    "fr": "Français",
    "de": "Deutsch",
}
# A slash command option's name is a catalog entry of its own, told apart from the same word in a sentence ("card"
# the option, "card" a word) by this gettext context: Discord wants it lower-case, without spaces, 1-32 characters.
OPTION = "slash command option name: 1-32 lower-case letters, digits, - or _, no spaces"

_language: ContextVar[str] = ContextVar("language", default=SOURCE)


def languages() -> tuple[str, ...]:
    """The languages the bot speaks, English first."""
    return tuple(LANGUAGES)


def language_of(locale: object) -> str:
    """A Discord locale ("pt-BR", "es-419", `discord.Locale.german`, None…) as one of our languages: its own
    catalog ("pt-BR" → pt_BR), else its language's ("es-419" → es), else English."""
    code = str(getattr(locale, "value", locale) or "")
    for candidate in (code.replace("-", "_"), code.split("-")[0].lower()):
        if candidate in LANGUAGES:
            return candidate
    return SOURCE


def bcp47(language: str) -> str:
    """A language as the web and Discord write it ("pt_BR" → "pt-BR")."""
    return language.replace("_", "-")


@cache
def catalog(language: str) -> NullTranslations:
    """All of a language's `.po` files, compiled and merged (fuzzy entries are left out, as gettext does)."""
    merged: Translations | None = None
    for po in sorted((LOCALES / language / "LC_MESSAGES").glob("*.po")):
        with po.open("rb") as source:
            compiled = BytesIO()
            write_mo(compiled, read_po(source, locale=language))
        compiled.seek(0)
        translations = Translations(compiled, domain=po.stem)
        merged = translations if merged is None else merged.merge(translations)
    return merged or NullTranslations()


@contextlib.contextmanager
def speaking(language: str) -> Iterator[None]:
    """Texts made inside this block are in `language` (an unknown one falls back to English)."""
    token = _language.set(language if language in LANGUAGES else SOURCE)
    try:
        yield
    finally:
        _language.reset(token)


def current_language() -> str:
    return _language.get()


def _(message: str, /, **fields: Any) -> str:
    """`message` in the current language, its `{fields}` filled in (a field that is a `Text` is translated)."""
    text = catalog(_language.get()).gettext(message)
    return text.format(**_spoken(fields)) if fields else text


def ngettext(singular: str, plural: str, n: int, /, **fields: Any) -> str:
    """The form for `n` in the current language's plural rules; `{n}` is one of the fields, written as the reader
    writes a count ("1,000", "1.000", "1 000")."""
    language = _language.get()
    return catalog(language).ngettext(singular, plural, n).format(n=count(n, language), **_spoken(fields))


@lru_cache(maxsize=4096)
def count(n: int, language: str) -> str:
    """A count as `language` writes it; cached, for Babel takes about as long as the rest of a text (a count is most
    often small, and the same few come again)."""
    return format_decimal(n, locale=language)


def option_name(name: str) -> str:
    """A slash command option's name as the reader's Discord shows it (what they type: `/dardz new` `target:`)."""
    return str(catalog(_language.get()).pgettext(OPTION, name))


def clock_time(minutes: int) -> str:
    """A time of day, `minutes` after midnight, as the reader writes it ("11:00 PM", "23:00")."""
    return format_time(time(minutes // 60 % 24, minutes % 60), "short", locale=_language.get())


def _spoken(fields: dict[str, Any]) -> dict[str, Any]:
    """Fields as the reader writes them: a `Text` translated, a member's `Name` escaped, an option's name as their
    Discord shows it, a fraction with the language's decimal sign."""
    return {name: translated(value) if isinstance(value, Text) else escaped(value) if isinstance(value, Name)
            else option_name(value) if isinstance(value, OptionName)
            else format_decimal(value, "0.00", locale=_language.get()) if isinstance(value, float)
            else value for name, value in fields.items()}


def translated(text: Text | str) -> str:
    """A `Text` (or a marked message id) in the current language; fields that are `Text` are translated too."""
    if isinstance(text, str):
        return _(text)
    if text.plural is not None and text.n is not None:
        return ngettext(text.message, text.plural, text.n, **text.fields)
    return _(text.message, **text.fields)


def use_language(language: str) -> None:
    """Speak `language` for the rest of the current task: discord.py handles each interaction in a task
    of its own, so its entry point sets the member's language once and every reply follows it."""
    _language.set(language if language in LANGUAGES else SOURCE)
