"""The rules engines, pure and Discord-free: `core.py` (the contract every engine satisfies), `rng.py` (the dice),
`text.py` (words as data), and one package per game, named by its id. The games the bot plays are registered
once, at the edge (`cogs/games`); the service is handed their engines."""
