"""The languages the bot speaks, as the tests use them: a Discord locale for each, a text as a language says it, and
the check that what a reader reads is in their language only.

Every list here comes from `bot.i18n.LANGUAGES` and the catalogs, so a language added there is tested everywhere
these are used, with no test to copy.

A mix-up is a run of three words that one of our other languages' catalogs has and the reader's has not (English left
in a French message: "roll the dice"), or a whole short text or line, such as a button's label or a heading, that is
another language's and not the reader's ("My hand" on a German table). Member names, numbers and codes are in no
catalog, so they never count.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from functools import cache
from pathlib import Path
from typing import Any

import discord
from babel.messages.pofile import read_po

import bot.i18n
from bot.i18n import SOURCE, _, catalog, language_of, languages, ngettext, option_name, speaking

# One Discord locale for each language (its first in Discord's list): what a member's client sends.
LOCALES = {language: next(locale.value for locale in discord.Locale if language_of(locale) == language)
           for language in languages() if any(language_of(locale) == language for locale in discord.Locale)}
FOREIGN = [language for language in LOCALES if language != SOURCE]  # the languages besides English
NOT_YOUR_TURN = "It's not your turn: the table is waiting for {who}."


def said(language: str, message: str, /, **fields: Any) -> str:
    """`message` as the bot says it in `language`."""
    with speaking(language):
        return _(message, **fields)


def counted(language: str, singular: str, plural: str, n: int, /, **fields: Any) -> str:
    with speaking(language):
        return ngettext(singular, plural, n, **fields)


def lead(language: str, message: str, plural: str | None = None, n: int = 1) -> str:
    """What `message` says in `language` before its first field, without bold marks: "Fin de la partie : "."""
    return pieces(language, message, plural, n)[0]


def raw(language: str, message: str, plural: str | None = None, n: int = 1) -> str:
    """`message` (counted: its form for `n`) as `language`'s catalog has it, its fields unfilled."""
    return catalog(language).ngettext(message, plural, n) if plural else catalog(language).gettext(message)


def pieces(language: str, message: str, plural: str | None = None, n: int = 1) -> list[str]:
    """The words `message` (counted: its form for `n`) says in `language` between its fields, without bold marks:
    what any text made from it shows whatever the fields ("{names} wins the game with {score}!" → ["",
    " gana la partida con ", "!"])."""
    return [piece.replace("**", "") for piece in FIELD.split(raw(language, message, plural, n))]


def shows(text: str, language: str, message: str, plural: str | None = None, n: int = 1) -> bool:
    """Whether `text` has `message`, as `language` says it, whatever its fields."""
    return all(piece.strip() in text for piece in pieces(language, message, plural, n))


def option(language: str, name: str) -> str:
    """A slash command option's name as `language` says it."""
    with speaking(language):
        return option_name(name)


WORD = re.compile(r"[^\W\d_]+")
FIELD = re.compile(r"\{\w*\}")


@cache
def names() -> re.Pattern[str]:
    """The games' titles: names, the same in every language, so a run of words stops at one."""
    from cogs.games import registered

    return re.compile("|".join(re.escape(parts.engine.title) for parts in registered().values()))


def trigrams(text: str) -> Iterator[tuple[str, str, str]]:
    for piece in names().split(text):
        words = [word.casefold() for word in WORD.findall(piece)]
        yield from zip(words, words[1:], words[2:], strict=False)


@cache
def catalog_texts(language: str) -> tuple[str, ...]:
    """Every translation in the language's catalogs (each plural form; not the options' names)."""
    found = []
    for path in sorted((Path(bot.i18n.LOCALES) / language / "LC_MESSAGES").glob("*.po")):
        for message in read_po(path.open("rb")):
            if message.id and not message.context:
                found += message.string if isinstance(message.string, tuple) else [message.string]
    return tuple(text for text in found if text)


@cache
def catalog_words(language: str) -> tuple[frozenset[tuple[str, str, str]], frozenset[str]]:
    """The runs of three words the language's catalogs say (a field between words breaks a run), and their whole
    texts without fields."""
    runs = {gram for text in catalog_texts(language) for piece in FIELD.split(text) for gram in trigrams(piece)}
    wholes = {text.strip().casefold() for text in catalog_texts(language) if not FIELD.search(text)}
    return frozenset(runs), frozenset(wholes)


@cache
def foreign_words(language: str) -> tuple[dict[tuple[str, str, str], str], dict[str, str]]:
    """What another language says and `language` never does: {run of three words: that language}, {whole text: that
    language}."""
    runs, wholes = catalog_words(language)
    others = [other for other in reversed(languages()) if other != language]
    return ({gram: other for other in others for gram in catalog_words(other)[0] - runs},
            {text: other for other in others for text in catalog_words(other)[1] - wholes})


def mix_ups(text: str, language: str) -> list[str]:
    """The other languages' words in `text`, read in `language`: "roll the dice (en)"."""
    runs, wholes = foreign_words(language)
    found = {f"{' '.join(gram)} ({runs[gram]})" for gram in trigrams(text) if gram in runs}
    for line in (text, *text.splitlines()):  # a whole text, or a line of it: a label, a heading ("**Players**")
        whole = line.replace("**", "").removeprefix("-# ").strip().casefold()
        if whole in wholes and any(c.isalpha() for c in whole):
            found.add(f"{line.strip()} ({wholes[whole]})")
    return sorted(found)


# --- what a reader reads, from the REST calls the bot made ------------------------------------------------------
EPHEMERAL = 1 << 6


def message_texts(payload: Any) -> list[str]:
    """The words of a message payload: content, embeds, Text Displays, pictures' descriptions, labels, options."""
    found, stack = [], [payload]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            for key in ("content", "title", "description", "label", "placeholder", "name", "value", "text"):
                if isinstance(item.get(key), str) and not (key == "value" and "label" in item):  # a menu option's code
                    found.append(item[key])
            stack += [v for k, v in item.items() if isinstance(v, dict | list) and k != "allowed_mentions"]
        elif isinstance(item, list):
            stack += item
    return [text for text in found if text]


def readings(env: Any, server_language: Any, member_language: Any) -> Iterable[tuple[str, str, str]]:
    """(where, reader's language, text) of every message the bot sent or edited: a channel's in its server's language
    (`server_language(guild_id)`), a DM and an ephemeral answer in its member's (`member_language(user_id)`).
    The destination of each REST call is read from SimCord's records: the interaction (its member, its ephemeral
    answer), the DM channel (its recipient)."""
    backend = env.backend
    for call in env.http_requests:
        body = call.json if isinstance(call.json, dict) else None
        if not body or call.method not in ("POST", "PATCH"):
            continue
        parts = call.path.strip("/").split("/")
        payload, flags, interaction = body, int(body.get("flags") or 0), None
        if parts[0] == "interactions" and parts[-1] == "callback":
            interaction = backend.interactions.get(int(parts[1]))
            payload = body.get("data") or {}
            flags = int(payload.get("flags") or 0)
            if body.get("type") == 7 and interaction is not None:  # the message the control is on, edited
                source = _message(backend, interaction.source_message_id)
                flags = int(getattr(source, "flags", 0) or 0) if source is not None else flags
        elif parts[0] == "webhooks" and len(parts) >= 3:
            interaction = backend.interactions.get(backend.interaction_tokens.get(parts[2], -1))
            if interaction is not None and call.method == "PATCH":
                original = _message(backend, interaction.message_id)
                flags |= int(getattr(original, "flags", 0) or 0) if original is not None else 0
        elif not (parts[0] == "channels" and "messages" in parts):
            continue
        texts = message_texts(payload)
        if not texts:
            continue
        channel_id = interaction.channel_id if interaction is not None else int(parts[1])
        recipient = _dm_recipient(backend, channel_id)
        if recipient is not None:
            reader, language = f"DM of {recipient}", member_language(recipient)
        elif interaction is not None and flags & EPHEMERAL:
            reader, language = f"answer to {interaction.user_id}", member_language(interaction.user_id)
        else:
            guild_id = interaction.guild_id if interaction is not None else _guild_of(backend, channel_id)
            reader, language = f"channel {channel_id}", server_language(guild_id)
        for text in texts:
            yield f"{call.method} {call.path} ({reader})", language, text


def language_problems(env: Any, server_language: Any, member_language: Any) -> list[str]:
    """Every message read in a language it mixes another one into: where, the reader's language, what."""
    return [f"{where} [{language}]: {', '.join(found)} in {text[:160]!r}"
            for where, language, text in readings(env, server_language, member_language)
            if (found := mix_ups(text, language))]


def _message(backend: Any, message_id: int | None) -> Any:
    return next((messages[message_id] for messages in backend.messages.values() if message_id in messages), None)


def _dm_recipient(backend: Any, channel_id: int) -> int | None:
    channel = backend.channels.get(channel_id)
    return channel.recipient_ids[0] if channel is not None and channel.guild_id is None and channel.recipient_ids \
        else None


def _guild_of(backend: Any, channel_id: int) -> int | None:
    channel = backend.channels.get(channel_id)
    return channel.guild_id if channel is not None else None
