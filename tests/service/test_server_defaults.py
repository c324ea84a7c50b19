"""A server's defaults per game (`/settings defaults`): what `/<game> new` and a gathering start from where their own
choice says nothing; a table's own choice wins; every choice checked, a refusal changing nothing."""

from __future__ import annotations

import pytest

from bot.i18n import LANGUAGES, SOURCE, option_name, speaking, translated
from bot.service import PACES, errors

GUILD, CHANNEL, HOST = 7, 900, 101


async def test_a_new_table_starts_from_the_servers_defaults_and_its_own_choices_win(svc):
    defaults = svc.tables.defaults
    chosen = await defaults.change(GUILD, "dardz", pace_seconds=PACES["async"], clock="bank", away=False,
                                   options={"target": 300})
    assert (chosen.pace_seconds, chosen.clock, chosen.away, chosen.options) == (86400, "bank", False, {"target": 300})
    table = await svc.tables.lobby.open(guild_id=GUILD, channel_id=CHANNEL, game_id="dardz", host_id=HOST,
                                  host_name="Host")
    assert (table.pace_seconds, table.clock, table.away, table.options["target"]) == (86400, "bank", False, 300)
    assert table.options["teams"] is False, "an option the server left alone is the game's own"
    own = await svc.tables.lobby.open(guild_id=GUILD, channel_id=CHANNEL + 1, game_id="dardz", host_id=HOST + 1,
                                host_name="Other", options={"target": 150}, pace_seconds=PACES["live"], clock="fixed",
                                away=True)
    assert (own.pace_seconds, own.clock, own.away, own.options["target"]) == (120, "fixed", True, 150)
    other_game = await svc.tables.lobby.open(guild_id=GUILD, channel_id=CHANNEL + 2, game_id="armymen",
                                             host_id=HOST + 2, host_name="Third")
    assert (other_game.pace_seconds, other_game.clock, other_game.away) == (PACES["casual"], "fixed", True)
    elsewhere = await svc.tables.lobby.open(guild_id=GUILD + 1, channel_id=CHANNEL + 3, game_id="dardz", host_id=HOST,
                                      host_name="Host")
    assert elsewhere.options["target"] == 150, "defaults are per server"
    assert [d.game for d in await defaults.listed(GUILD)] == ["dardz"]


async def test_a_gathering_starts_from_them_too(svc):
    await svc.tables.defaults.change(GUILD, "armymen", clock="bank", options={"campaign": True})
    cup = await svc.tables.gatherings.plan(guild_id=GUILD, channel_id=CHANNEL, kind="swiss", game_id="armymen",
                                           host_id=HOST, starts_at=svc.now.timestamp() + 3600, title="Cup", rounds=3)
    assert (cup.clock, cup.options, cup.pace_seconds) == ("bank", {"campaign": True}, PACES["async"])


@pytest.mark.parametrize("choice, why", [({"pace_seconds": 5}, "1 minute to 7 days"),
                                         ({"clock": "sand"}, "fixed .* or bank"),
                                         ({"options": {"colour": "red"}}, "no option colour"),
                                         ({"options": {"campaign": "maybe"}}, "a value like False")])
async def test_each_refused_choice_changes_nothing(svc, choice, why):
    await svc.tables.defaults.change(GUILD, "armymen", pace_seconds=600)
    with pytest.raises(errors.Refusal, match=why):
        await svc.tables.defaults.change(GUILD, "armymen", **choice)
    (kept,) = await svc.tables.defaults.listed(GUILD)
    assert (kept.pace_seconds, kept.clock, kept.options) == (600, None, {})


async def test_clearing_a_games_defaults(svc):
    await svc.tables.defaults.change(GUILD, "armymen", pace_seconds=600)
    await svc.tables.defaults.clear(GUILD, "armymen")
    assert await svc.tables.defaults.listed(GUILD) == []


@pytest.mark.parametrize("language", [code for code in LANGUAGES if code != SOURCE])
async def test_a_refused_option_is_named_as_the_readers_discord_names_it(svc, language):
    with pytest.raises(errors.Refusal) as refused:
        await svc.tables.defaults.change(GUILD, "dardz", options={"target": "far"})
    with speaking(language):
        shown, typed = translated(refused.value.text), option_name("target")
    assert typed != "target" and typed in shown, shown
