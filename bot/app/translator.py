"""Slash commands in the member's language: discord.py asks this translator for every command text
when it syncs, and sends Discord the catalogs' translations as localizations.

Descriptions, option names and choices are translated; command names stay English (`/dardz new`, `/game join`),
so players in a mixed server can tell each other what to type and the rules help (in any language) names commands
everyone can find. An option's name is looked up in its own gettext context (`bot.i18n.OPTION`), apart from the same
word in a sentence; Discord shows the member their language's and sends the bot the English one.
"""

from __future__ import annotations

from discord import Locale, app_commands
from discord.app_commands import TranslationContextLocation as Where

from ..i18n import OPTION, SOURCE, catalog, language_of

ENGLISH = {Where.command_name, Where.group_name}


class CatalogTranslator(app_commands.Translator):
    async def translate(self, string: app_commands.locale_str, locale: Locale,
                        context: app_commands.TranslationContext) -> str | None:
        language = language_of(locale)
        if context.location in ENGLISH or language == SOURCE:
            return None
        if context.location is Where.parameter_name:
            text = str(catalog(language).pgettext(OPTION, string.message))
        else:
            text = catalog(language).gettext(string.message)
        return text if text != string.message else None
