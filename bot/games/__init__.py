"""The rules engines, pure and Discord-free: `core.py` (the contract every engine satisfies), `rng.py` (the dice),
`text.py` (words as data), and one package per game, named by its id, which declares its engine as `GAME`. The
games are registered here, at the game layer, by looking (`registry.py`); the Discord edge adds its parts to each
id (`cogs/games`), and the service is handed the engines."""
