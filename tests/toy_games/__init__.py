"""Games that exist for the tests only, laid out as a fifth game of the bot would be: `games/<id>/` holds what
`bot/games/<id>/` would (its engine, declared as `GAME`), `cogs/<id>/` what `cogs/games/<id>/` would (its cog,
renderer, drawer, rules doc and `EDGE`), and its tests live where a real game's would (`tests/games/<id>/`,
`tests/cogs/games/<id>/`). tests/conftest.py adds both packages to the registries' search (`bot.games.registry`,
`cogs.games`), so every test that goes over the registered games plays these too; the live bot never searches here."""
