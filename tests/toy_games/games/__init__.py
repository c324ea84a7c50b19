"""The toy games' engines, each a package named by its id (as under bot/games)."""
