"""The slash commands as the bot syncs them — every shipped language's translations in them — are
within Discord's limits (SimCord does not check them; Discord refuses the whole sync with a 400), and each
limit's check names the command and the field it found. In every language the descriptions, the options' names and
the choices are the member's; the commands' names stay English."""

from __future__ import annotations

import copy
import logging

import discord
import pytest

import bot.app.translator
from bot.__main__ import main as bot_main
from bot.app import DiceBot, commands_problem
from bot.app.command_limits import COMMAND_CHARS, combined_size, tree_problems
from bot.app.command_sync import InvalidCommandTree, checked_commands, synced_payload
from bot.i18n import OPTION, SOURCE, catalog, language_of, languages
from cogs.games import live

SUBCOMMAND, GROUP = 1, 2


async def synced(guild_id: int | None = None) -> list[dict]:
    bot = DiceBot(":memory:", games=live())  # what the shipped bot syncs (a test run registers a toy game besides)
    await bot.assemble()
    await bot.shutdown_storage()
    return await synced_payload(bot.tree, discord.Object(guild_id) if guild_id else None)


def entries(payload: list[dict]):
    """Every command, group, subcommand and option, with its path ("/game kick member")."""
    def walk(entry: dict, where: str):
        yield where, entry
        for option in entry.get("options") or ():
            yield from walk(option, f"{where} {option['name']}")
    for command in payload:
        yield from walk(command, f"/{command['name']}")


def command(payload: list[dict], path: str) -> dict:
    return next(entry for where, entry in entries(payload) if where == path)


async def test_the_synced_commands_are_within_discords_limits_in_every_language():
    payload = await synced()
    assert tree_problems(payload) == []
    assert await commands_problem() is None
    largest = max(combined_size(c) for c in payload)
    assert largest <= COMMAND_CHARS, largest


async def test_every_shipped_language_is_in_what_is_synced_and_checked():
    payload = await synced()
    shipped = set(languages()) - {SOURCE}
    assert shipped, "a language besides English ships"
    for where, entry in entries(payload):
        spoken = {language_of(locale) for locale in entry.get("description_localizations") or {}}
        assert spoken == shipped, f"{where}: translated into {spoken}, not {shipped}"


async def test_in_every_language_options_are_named_and_choices_said_in_it_and_commands_stay_english():
    payload = await synced()
    shipped = set(languages()) - {SOURCE}
    for where, entry in entries(payload):
        if entry.get("type") in (SUBCOMMAND, GROUP) or where.count(" ") == 0:
            assert not entry.get("name_localizations"), f"{where}: a command's name stays English"
            continue
        named = {language_of(locale): name for locale, name in (entry.get("name_localizations") or {}).items()}
        for language in shipped:
            assert named.get(language, entry["name"]) == catalog(language).pgettext(OPTION, entry["name"]), where
        assert set(named) | {language for language in shipped
                             if catalog(language).pgettext(OPTION, entry["name"]) == entry["name"]} == shipped, where
        for choice in entry.get("choices") or ():
            said = {language_of(locale) for locale in choice.get("name_localizations") or {}}
            for language in shipped - said:  # a choice said alike in a language: a number, a name, "normal"
                assert catalog(language).gettext(choice["name"]) == choice["name"], (where, choice["name"], language)


async def test_a_servers_commands_are_checked_the_same_way():
    bot = DiceBot(":memory:", games=live())
    await bot.assemble()
    await bot.shutdown_storage()
    checked = await checked_commands(bot.tree, guild_id=1234)
    assert checked.guild_id == 1234 and checked.payload == await synced()


def spanish(entry: dict, field: str, text: str) -> None:
    entry.setdefault(f"{field}_localizations", {})["es-ES"] = text


async def test_each_limit_names_the_command_and_the_field():
    real = await synced()

    def problems_after(change) -> list[str]:
        payload = copy.deepcopy(real)
        change(payload)
        return tree_problems(payload)

    long = "x" * 101
    cases = {
        "description": (lambda p: spanish(command(p, "/game kick"), "description", long),
                        "/game kick: the description (es-ES) has 101 characters, not 1–100"),
        "empty option description": (lambda p: command(p, "/game kick member").update(description=""),
                                     "/game kick member: the description has 0 characters"),
        "upper case": (lambda p: command(p, "/dardz pick").update(name="Pick"),
                       "/dardz Pick: the name 'Pick' is not 1–32 lowercase letters"),
        "space": (lambda p: spanish(command(p, "/dardz pick"), "name", "elige número"),
                  "/dardz pick: the name (es-ES) 'elige número' is not"),
        "33 characters": (lambda p: command(p, "/game join seed").update(name="s" * 33),
                          f"/game join {'s' * 33}: the name"),
        "the same name twice": (lambda p: spanish(command(p, "/dardz new minutes"), "name", "ritmo"),
                                "/dardz new: the option names (es-ES) ['ritmo'] repeat; each must be unique."),
        "options": (lambda p: command(p, "/dardz new")["options"].extend(
                        {"type": 5, "name": f"o{i}", "description": "d"}
                        for i in range(26 - len(command(real, "/dardz new")["options"]))),
                    "/dardz new has 26 options, more than Discord's 25"),
        "subcommands": (lambda p: command(p, "/game")["options"].extend(
                            {"type": 1, "name": f"s{i}", "description": "d"} for i in range(25)),
                        f"/game has {len(command(real, '/game')['options']) + 25} subcommands, more than Discord's 25"),
        "choices": (lambda p: command(p, "/dardz new target")["choices"].extend(
                        {"name": str(i), "value": i} for i in range(21)),
                    "/dardz new target has 26 choices, more than Discord's 25"),
        "choice name": (lambda p: spanish(command(p, "/dardz new target")["choices"][0], "name", long),
                        f"/dardz new target: the choice name (es-ES) '{long}' is not 1–100 characters"),
        "choice value": (lambda p: command(p, "/dardz play card")["choices"][0].update(value=long),
                         f"/dardz play card: the choice value '{long}' is longer than 100"),
    }
    for kind, (change, says) in cases.items():
        found = problems_after(change)
        assert any(problem.startswith(says) for problem in found), f"{kind}: {found}"


def test_the_combined_size_counts_the_longest_translation_of_each_field():
    entry = {"name": "big", "description": "d" * 10,
             "description_localizations": {"es-ES": "e" * 40, "es-419": "f" * 30},
             "options": [{"type": 3, "name": "pick", "name_localizations": {"es-ES": "elegir"}, "description": "x" * 5,
                          "choices": [{"name": "one", "name_localizations": {"es-ES": "uno-largo"}, "value": "1"}]}]}
    assert combined_size(entry) == 3 + 40 + 6 + 5 + 9 + 1


def test_a_command_over_the_combined_size_is_named_with_its_size():
    choices = [{"name": f"{i:02}" + "c" * 98, "value": i} for i in range(25)]
    options = [{"type": 4, "name": f"o{i}", "description": "d", "choices": choices} for i in range(4)]
    big = {"name": "big", "description": "b", "options": options}
    size = combined_size(big)
    assert size == 3 + 1 + 4 * (2 + 1 + sum(100 + len(str(i)) for i in range(25)))
    assert size > COMMAND_CHARS
    assert tree_problems([big]) == [f"/big has {size} characters of names, descriptions and values (the longest "
                                    f"translation of each), more than Discord's {COMMAND_CHARS}."]


async def test_a_tree_discord_would_refuse_stops_the_start_with_one_sentence():
    bot = DiceBot(":memory:")
    await bot.assemble()
    await bot.shutdown_storage()

    @discord.app_commands.command(name="peek", description="p" * 101)
    async def peek(interaction: discord.Interaction) -> None: ...

    bot.tree.add_command(peek)
    with pytest.raises(InvalidCommandTree) as refused:
        await checked_commands(bot.tree)
    assert str(refused.value) == ("Discord would refuse the slash commands: /peek: the description has 101 "
                                  f"characters, not 1–100: '{'p' * 101}'.")


def test_python_m_bot_refuses_such_a_tree_in_one_sentence_before_connecting(monkeypatch, capsys, tmp_path):
    """The fault that once reached Discord, made again: a Spanish description over 100 characters."""
    spanish_catalog = catalog("es")

    class LongerSpanish:
        def gettext(self, message: str) -> str:
            return "Abre " + "x" * 100 if message == "Open a DARDZ table here" else spanish_catalog.gettext(message)

        def pgettext(self, context: str, message: str) -> str:
            return spanish_catalog.pgettext(context, message)

    monkeypatch.setattr(bot.app.translator, "catalog",
                        lambda language: LongerSpanish() if language == "es" else catalog(language))
    for name in ("DATABASE_URL", "SHARD_COUNT", "SHARD_IDS", "DEV_GUILD_ID"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("DISCORD_TOKEN", "a-token")
    monkeypatch.setenv("DATABASE_PATH", str(tmp_path / "bot.sqlite3"))

    def connect(*args, **kwargs):
        raise AssertionError("the bot connected to Discord")

    monkeypatch.setattr(discord.Client, "run", connect)
    root = logging.getLogger()
    handlers, level = list(root.handlers), root.level
    try:
        assert bot_main([]) == 2
    finally:  # its log handler writes to this test's captured stderr, closed once the test ends
        root.handlers[:] = handlers
        root.setLevel(level)
    said = capsys.readouterr().err
    assert said == ("Cannot start: Discord would refuse the slash commands: /dardz new: the description (es-419) "
                    f"has 105 characters, not 1–100: 'Abre {'x' * 100}' (and 1 more).\n")
    claimed = tmp_path / "bot.sqlite3"  # the claim only (a lock on the file): an empty file, no database
    assert claimed.stat().st_size == 0
