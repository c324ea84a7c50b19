"""Coin Race's rules (the toy game, tests/toy_games), tested as a fifth game's would be: what the tests and
benchmarks over every game need of it (measures.py) and its recorded games."""
