"""Coin Race at the Discord edge (the toy game, tests/toy_games), tested as a fifth game's would be: its plays in
SimCord, its reference pictures, and what the tests over every game need of it (measures.py)."""
