"""Games that exist for the tests only. Each package here is a game laid out as a fifth game of the bot would be —
its engine (what `bot/games/<id>/` would hold), its cog, renderer, drawer and registration (what `cogs/games/<id>/`
would hold) and its rules doc — and registers itself the same way. tests/conftest.py adds this package to the
registry's search (`cogs.games.SEARCHED`), so every test that goes over the registered games plays these too; the
live bot never searches here."""
