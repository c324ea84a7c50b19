"""The toy games at the Discord edge, each a package named by its id (as under cogs/games)."""
