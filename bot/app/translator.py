"""Slash commands in the member's language: discord.py asks this translator for every command text
when it syncs, and sends Discord the catalogs' translations as localizations.

Descriptions, option descriptions and choices are translated; command and option names stay English
(`/dardz new`, `/game join`), so players in a mixed server can tell each other what to type and the
rules help (in any language) names commands everyone can find.
"""

from __future__ import annotations

from discord import Locale, app_commands
from discord.app_commands import TranslationContextLocation as Where

from ..i18n import SOURCE, catalog, language_of

NAMES = {Where.command_name, Where.group_name, Where.parameter_name}


class CatalogTranslator(app_commands.Translator):
    async def translate(self, string: app_commands.locale_str, locale: Locale,
                        context: app_commands.TranslationContext) -> str | None:
        language = language_of(locale)
        if context.location in NAMES or language == SOURCE:
            return None
        text = catalog(language).gettext(string.message)
        return text if text != string.message else None
