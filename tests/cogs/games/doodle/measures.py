"""What the tests and benchmarks that go over every game need of Doodle Dice at the edge (tests/per_game.py)."""

from tests.per_game import RestBudget

# A passing turn costs its answer alone: the computer plays in the same change.
REST_BUDGET = RestBudget(members=2, computers=1, passing_turn=1.0)
