"""What the tests and benchmarks that go over every game need of Armadillo at the edge (tests/per_game.py)."""

from tests.per_game import RestBudget

# A passing turn costs the answer, and the DMs whose view changed as the hands change.
REST_BUDGET = RestBudget(members=3, passing_turn=4.0)
