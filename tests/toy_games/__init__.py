"""Games that exist for the tests only, laid out as a fifth game of the bot would be: `games/<id>/` holds what
`bot/games/<id>/` would (its engine, declared as `GAME`), `cogs/<id>/` what `cogs/games/<id>/` would (its cog,
renderer, drawer, rules doc and `EDGE`), and its tests live where a real game's would (`tests/games/<id>/`,
`tests/cogs/games/<id>/`). `register()` adds both packages to the registries' search (`bot.games.registry`,
`cogs.games`): tests/conftest.py calls it, so every test that goes over the registered games plays these too, and so
may a script that records or draws what the tests compare with; the live bot never searches here."""

from bot.games import registry
from cogs import games as edges


def register() -> None:
    """Search the toy games beside the bot's own, before anything asks the registries."""
    for searched, package in ((registry.SEARCHED, f"{__name__}.games"), (edges.SEARCHED, f"{__name__}.cogs")):
        if package not in searched:
            searched.append(package)
