"""Discord's limits on slash commands, checked on the payload the bot syncs (every language in it), so a tree
Discord would refuse stops the bot before it connects, with one sentence naming the command and the field,
instead of a 400 for the whole sync, which would leave every command unsynced. Each limit cites where Discord
documents it:

- APP_COMMANDS = https://discord.com/developers/docs/interactions/application-commands
- the spec: github.com/discord/discord-api-spec, specs/openapi.json, `ApplicationCommandCreateRequest` and
  the option and choice schemas it refers to.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator
from typing import Any

# APP_COMMANDS#application-command-object-application-command-naming: names match
# ^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$ and use the lowercase variant of every letter. We check the
# stricter ^[-_\p{L}\p{N}]{1,32}$ (our names are English words).
NAME_CHARS = 32
# APP_COMMANDS#application-command-object-application-command-structure: "1-100 characters" (the spec's
# description and description_localizations: maxLength 100).
DESCRIPTION_CHARS = 100
# APP_COMMANDS#application-command-object-application-command-option-structure: "max of 25" options, "up to 25"
# subcommands in a group, "max 25" choices (the spec's options and choices: maxItems 25).
OPTIONS = 25
CHOICES = 25
# APP_COMMANDS#application-command-object-application-command-option-structure: an option's "name must be unique
# within an array of application command options" — in each locale, where a missing translation is the name itself.
# APP_COMMANDS#application-command-object-application-command-option-choice-structure: a choice's name is
# "1-100 character", a string value "up to 100 characters".
CHOICE_CHARS = 100
# APP_COMMANDS#slash-commands: "a maximum of 8000 characters for combined name, description, and value
# properties for each command, its options (including subcommands and groups), and choices. When localization
# fields are present, only the longest localization for each field (including the default value) is counted".
COMMAND_CHARS = 8000
# APP_COMMANDS#registering-a-command: "100 global CHAT_INPUT commands" (and 100 per server).
COMMANDS = 100

SUBCOMMAND, GROUP = 1, 2


def tree_problems(payload: list[dict[str, Any]]) -> list[str]:
    """Every way the commands (as the bot would sync them) break a limit, one sentence each; [] when valid."""
    problems = []
    if len(payload) > COMMANDS:
        problems.append(f"{len(payload)} commands, more than Discord's {COMMANDS}.")
    for command in payload:
        problems += _entry_problems(command, f"/{command['name']}")
        size = combined_size(command)
        if size > COMMAND_CHARS:
            problems.append(f"/{command['name']} has {size} characters of names, descriptions and values (the "
                            f"longest translation of each), more than Discord's {COMMAND_CHARS}.")
    return problems


def combined_size(entry: dict[str, Any]) -> int:
    """A command's size as Discord counts it: name, description and value of it, its options and their choices,
    each field at its longest translation."""
    size = _longest(entry, "name") + _longest(entry, "description") + len(str(entry.get("value", "")))
    children = [*(entry.get("options") or ()), *(entry.get("choices") or ())]
    return size + sum(combined_size(child) for child in children)


def _longest(entry: dict[str, Any], field: str) -> int:
    texts = [entry.get(field) or "", *(entry.get(f"{field}_localizations") or {}).values()]
    return max(map(len, texts))


def _entry_problems(entry: dict[str, Any], where: str) -> Iterator[str]:
    """A command, a subcommand group, a subcommand or an option at `where` (e.g. "/game kick member")."""
    for locale, name in _variants(entry, "name"):
        if not valid_name(name):
            yield (f"{where}: the name{locale} {name!r} is not 1–{NAME_CHARS} lowercase letters, digits, "
                   f"'-' or '_'.")
    for locale, text in _variants(entry, "description"):
        if not 1 <= len(text) <= DESCRIPTION_CHARS:
            yield (f"{where}: the description{locale} has {len(text)} characters, not 1–{DESCRIPTION_CHARS}: "
                   f"{text!r}.")
    options = entry.get("options") or []
    if len(options) > OPTIONS:
        kind = "subcommands" if any(option.get("type") in (SUBCOMMAND, GROUP) for option in options) else "options"
        yield f"{where} has {len(options)} {kind}, more than Discord's {OPTIONS}."
    yield from _repeated_names(options, where)
    choices = entry.get("choices") or []
    if len(choices) > CHOICES:
        yield f"{where} has {len(choices)} choices, more than Discord's {CHOICES}."
    for choice in choices:
        for locale, name in _variants(choice, "name"):
            if not 1 <= len(name) <= CHOICE_CHARS:
                yield f"{where}: the choice name{locale} {name!r} is not 1–{CHOICE_CHARS} characters."
        if isinstance(choice.get("value"), str) and len(choice["value"]) > CHOICE_CHARS:
            yield f"{where}: the choice value {choice['value']!r} is longer than {CHOICE_CHARS} characters."
    for option in options:
        yield from _entry_problems(option, f"{where} {option['name']}")


def _repeated_names(options: list[dict[str, Any]], where: str) -> Iterator[str]:
    """Options (or subcommands) of one command whose names repeat in some locale."""
    locales = sorted({locale for option in options for locale in option.get("name_localizations") or {}})
    for locale in ("", *locales):
        names = [(option.get("name_localizations") or {}).get(locale, option["name"]) for option in options]
        repeated = sorted({name for name in names if names.count(name) > 1})
        if repeated:
            yield f"{where}: the option names{f' ({locale})' if locale else ''} {repeated} repeat; each must be unique."


def _variants(entry: dict[str, Any], field: str) -> Iterator[tuple[str, str]]:
    """The field's text, then each translation with " (locale)" to name it."""
    yield "", entry.get(field) or ""
    for locale, text in sorted((entry.get(f"{field}_localizations") or {}).items()):
        yield f" ({locale})", text


def valid_name(name: str) -> bool:
    return (1 <= len(name) <= NAME_CHARS and name == name.lower()
            and all(c in "-_" or unicodedata.category(c)[0] in "LN" for c in name))
