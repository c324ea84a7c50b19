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
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from contextvars import ContextVar
from functools import cache
from io import BytesIO
from pathlib import Path
from typing import Any

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import format_decimal
from babel.support import NullTranslations, Translations

from .games.text import N_, Name, Text, counted
from .names import escaped

__all__ = ["N_", "Text", "_", "counted", "language_of", "languages", "ngettext", "speaking", "translated"]

LOCALES = Path(__file__).resolve().parent.parent / "locales"
SOURCE = "en"
LANGUAGE_NAMES = {"en": "English", "es": "Español"}  # each language's name in itself, for pickers

_language: ContextVar[str] = ContextVar("language", default=SOURCE)


@cache
def languages() -> tuple[str, ...]:
    """The languages with a catalog, English first."""
    found = sorted(path.name for path in LOCALES.iterdir() if (path / "LC_MESSAGES").is_dir())
    return tuple(sorted(found, key=lambda code: code != SOURCE))


def language_of(locale: object) -> str:
    """A Discord locale ("es-ES", "es-419", `discord.Locale.spain_spanish`, None…) as one of our languages."""
    code = str(getattr(locale, "value", locale) or "").split("-")[0].lower()
    return code if code in languages() else SOURCE


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
    token = _language.set(language if language in languages() else SOURCE)
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
    """The form for `n` in the current language's plural rules; `{n}` is one of the fields."""
    return catalog(_language.get()).ngettext(singular, plural, n).format(n=n, **_spoken(fields))


def _spoken(fields: dict[str, Any]) -> dict[str, Any]:
    """Fields as the reader writes them: a `Text` translated, a member's `Name` escaped, a fraction with the
    language's decimal sign."""
    return {name: translated(value) if isinstance(value, Text) else escaped(value) if isinstance(value, Name)
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
    _language.set(language if language in languages() else SOURCE)
