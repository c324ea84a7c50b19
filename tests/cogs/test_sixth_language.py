"""A sixth language is its line in `bot/i18n.py` LANGUAGES and its catalog folder, nothing else. Here Italian is
added so: its line (the test sets it), then `scripts/i18n.py` writes its folder — every domain, every entry, the plural
forms CLDR gives Italian — and a dummy translator fills it (pseudo-Italian: each vowel accented, fields, code and
markdown kept). Then the bot speaks it everywhere the five languages are spoken: Discord's "it" finds it, /settings
language offers it, the commands are described and their options named in it within Discord's limits, a server and a
member read it, and nothing they read mixes languages."""

from __future__ import annotations

import importlib.util
import re
import shutil
import sys
from pathlib import Path

import discord
import pytest
from babel.messages.pofile import read_po

import bot.app.dicebot
import bot.i18n
import bot.pictures.common
from bot.app import DiceBot
from bot.app.command_limits import tree_problems
from bot.app.command_sync import synced_payload
from bot.i18n import OPTION, _, language_of, ngettext, speaking
from cogs.games import live

from ..languages import language_problems
from .helpers import components, labels, message_by_id, table_of

ROOT = Path(__file__).resolve().parents[2]
SIXTH, NAME = "it", "Italiano"
ACCENTED = str.maketrans("aeiou", "àèìòù")
KEPT = re.compile(r"(\{\w*\}|`[^`]*`|<[^>]*>|\]\([^)]*\)|https?://\S+)")  # fields, code, mentions, links


def pseudo(text: str) -> str:
    """A dummy translation: every vowel outside fields, code, mentions and links accented, so each text is new and
    as long as its English."""
    return "".join(piece if KEPT.fullmatch(piece) else piece.translate(ACCENTED) for piece in KEPT.split(text))


def loaded_anew(name: str):
    """A module loaded again, apart from the one already imported: what it reads as it loads is read now."""
    spec = importlib.util.find_spec(name)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def i18n_script():
    spec = importlib.util.spec_from_file_location("i18n_script", ROOT / "scripts" / "i18n.py")
    script = importlib.util.module_from_spec(spec)
    sys.modules["i18n_script"] = script
    spec.loader.exec_module(script)
    return script


@pytest.fixture
def sixth(tmp_path, monkeypatch):
    """The catalogs in a copy, Italian's line added, its folder written by scripts/i18n.py and translated."""
    locales = tmp_path / "locales"
    shutil.copytree(ROOT / "locales", locales)
    monkeypatch.setitem(bot.i18n.LANGUAGES, SIXTH, NAME)  # the one line of configuration
    monkeypatch.setattr(bot.i18n, "LOCALES", locales)
    script = i18n_script()
    monkeypatch.setattr(script, "LOCALES", locales)
    monkeypatch.setattr(script, "LANGUAGES", bot.i18n.LANGUAGES)
    for cached in (bot.i18n.catalog, bot.pictures.common._computer_names):  # what was read of the five languages
        cached.cache_clear()
    # /settings language's choices are the languages its module found as it loaded: the bot the test starts is one
    # started after the line was added
    monkeypatch.setattr(bot.app.dicebot, "Settings", loaded_anew("cogs.commands.settings").Settings)
    assert script.main([]) == 0
    written = sorted((locales / SIXTH / "LC_MESSAGES").glob("*.po"))
    for path in written:
        catalog = read_po(path.open("rb"), locale=SIXTH)
        for message in catalog:
            if message.id:
                assert not any(message.string if isinstance(message.string, tuple) else [message.string])
                ids = message.id if isinstance(message.id, tuple) else (message.id,)
                forms = [pseudo(ids[min(i, len(ids) - 1)]) for i in range(catalog.num_plurals)]
                message.string = tuple(forms) if isinstance(message.id, tuple) else forms[0]
        path.write_bytes(script.render(catalog))
    yield script
    for cached in (bot.i18n.catalog, bot.pictures.common._computer_names):
        cached.cache_clear()


@pytest.fixture
def simcord_bot(sixth, make_bot) -> DiceBot:
    return make_bot()  # built after Italian's line: its /settings language offers it


def test_its_folder_is_written_whole_from_its_line(sixth):
    assert sixth.main(["--check"]) == 0, "every entry of every domain, translated, nothing extra"
    english = {p.name: len([m for m in read_po(p.open("rb")) if m.id])
               for p in (ROOT / "locales" / "en" / "LC_MESSAGES").glob("*.po")}
    italian = {p.name: read_po(p.open("rb")) for p in (bot.i18n.LOCALES / SIXTH / "LC_MESSAGES").glob("*.po")}
    assert {name: len([m for m in catalog if m.id]) for name, catalog in italian.items()} == english
    assert {catalog.num_plurals for catalog in italian.values()} == {3}  # CLDR: one, many (un milione), other


def test_discord_finds_it_and_it_speaks_with_its_own_plural_forms(sixth):
    assert language_of("it") == language_of(discord.Locale.italian) == SIXTH
    with speaking(SIXTH):
        assert _("This table is full.") == "Thìs tàblè ìs fùll."
        assert ngettext("{n} card", "{n} cards", 1) == "1 càrd"
        assert ngettext("{n} card", "{n} cards", 2) == "2 càrds"
        assert ngettext("{n} card", "{n} cards", 10**6) == "1.000.000 càrds"  # Italian's "many", written its way
        assert bot.i18n.option_name("pace") == "pàcè"


async def test_its_commands_are_described_and_their_options_named_in_it_within_discords_limits(sixth):
    bot = DiceBot(":memory:", games=live())
    await bot.assemble()
    await bot.shutdown_storage()
    payload = await synced_payload(bot.tree, None)
    assert tree_problems(payload) == []
    game = next(c for c in payload if c["name"] == "game")
    assert game["description_localizations"]["it"] == pseudo("Join, start and manage this channel's table")
    join = next(o for o in game["options"] if o["name"] == "join")
    assert join["options"][0]["name_localizations"]["it"] == "sèèd"
    settings = next(c for c in payload if c["name"] == "settings")
    language = next(o for o in settings["options"] if o["name"] == "language")["options"][0]
    assert {"name": NAME, "value": SIXTH} in [{"name": c["name"], "value": c["value"]} for c in language["choices"]]
    assert catalog_option(SIXTH, "language") == pseudo("language")


def catalog_option(language: str, name: str) -> str:
    return bot.i18n.catalog(language).pgettext(OPTION, name)


async def test_a_server_and_a_member_read_it_and_nothing_else(sixth, simcord_env, client_languages):
    env = simcord_env
    guild = env.create_guild(name="Serata di giochi", preferred_locale="it")
    channel = guild.create_text_channel("giochi")
    alice = guild.add_member(env.create_user("alice"))
    bea = guild.add_member(env.create_user("bea"))
    mods = guild.create_role("Mods", permissions=discord.Permissions(manage_guild=True))
    mod = guild.add_member(env.create_user("mod"), roles=[mods])
    client_languages[bea.id] = "it"
    assert await env.bot.edge.shared.languages.server(guild.id) == SIXTH

    refused = await bea.slash(channel, "game join")
    assert refused.response.content.startswith(pseudo("There is no open table in this channel."))
    lobby = (await alice.slash(channel, "armymen new", pace="live")).response.message
    assert labels(lobby) == [pseudo(word) for word in ("Join", "Leave", "Start")]
    await bea.click(lobby, label=pseudo("Join"))
    await alice.click(lobby, label=pseudo("Start"))
    table = table_of(env, channel)
    message = message_by_id(channel, table.message_id)
    assert pseudo("Roll the dice") in labels(message) and any(c for c in components(message))
    while table_of(env, channel) is not None:
        await env.advance_time(121)  # timeouts, then autopilot to the end
    await bea.slash(channel, "game history")
    done = await mod.slash(channel, "settings language", language=SIXTH)
    assert done.ephemeral and NAME in done.response.content
    spoken = {bea.id: SIXTH}
    assert language_problems(env, lambda guild_id: SIXTH, lambda user_id: spoken.get(user_id, "en")) == []
