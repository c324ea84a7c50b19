"""What the tests and benchmarks that go over every game need of DARDZ at the edge (tests/per_game.py)."""

from tests.per_game import RestBudget

# A passing turn costs the answer, and the DMs whose view changed (1.7–2.2 DM edits a pass, as the hands change).
REST_BUDGET = RestBudget(members=3, passing_turn=3.5)
