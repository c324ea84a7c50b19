"""What the tests and benchmarks that go over every game need of Coin Race at the edge (tests/per_game.py)."""

from tests.per_game import RestBudget

# A passing turn costs its answer alone.
REST_BUDGET = RestBudget(members=2, passing_turn=1.0)
