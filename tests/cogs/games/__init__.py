"""Each game at the Discord edge, tested in its own folder, as cogs/games/<id>/ holds it."""
