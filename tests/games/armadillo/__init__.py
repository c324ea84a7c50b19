"""Armadillo's rules, tested; what the tests and benchmarks over every game need of it (measures.py) and its
recorded games."""
