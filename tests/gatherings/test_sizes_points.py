"""The gatherings' tables and points: how many tables of how many seats, computers and byes only where the counts
force them, points by placing with ties shared."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from bot.gatherings import bye_points, computers_needed, layout, points_by_placing
from bot.gatherings.sizes import even_sizes

games = st.tuples(st.integers(2, 4), st.integers(0, 4)).map(lambda t: (t[0], t[0] + t[1]))  # (low, high)


def test_nine_members_of_a_two_to_five_seat_game_sit_five_and_four():
    assert even_sizes(9, 2, 5) == (5, 4)
    assert layout(9, 2, 5).computers == (0, 0)


def test_an_odd_count_of_a_two_seat_game_is_filled_by_one_computer_or_gives_one_bye():
    night = layout(7, 2, 2)
    assert night.sizes == (2, 2, 2, 2) and night.computers == (0, 0, 0, 1)
    swiss = layout(7, 2, 2, byes=True)
    assert swiss.sizes == (2, 2, 2) and swiss.byes == 1 and swiss.computers == (0, 0, 0)


@given(st.integers(1, 400), games)
def test_the_fewest_tables_as_even_as_possible_within_the_game(players, game):
    low, high = game
    sizes = even_sizes(players, low, high)
    if sizes is None:
        assert computers_needed(players, low, high) > 0
        return
    assert sum(sizes) == players
    assert all(low <= s <= high for s in sizes)
    assert max(sizes) - min(sizes) <= 1
    assert len(sizes) == -(-players // high), "no fewer tables could seat them"
    assert list(sizes) == sorted(sizes, reverse=True)


@given(st.integers(1, 400), games)
def test_computers_sit_only_where_the_counts_force_them_and_every_table_keeps_a_member(players, game):
    low, high = game
    plan = layout(players, low, high)
    assert sum(plan.members) == players and plan.byes == 0
    assert all(low <= s <= high for s in plan.sizes)
    assert all(m >= 1 for m in plan.members)
    extra = sum(plan.computers)
    assert (extra == 0) == (even_sizes(players, low, high) is not None)
    assert all(even_sizes(players + fewer, low, high) is None for fewer in range(extra))


@given(st.integers(1, 400), games)
def test_byes_are_the_fewest_that_leave_a_seatable_count(players, game):
    low, high = game
    plan = layout(players, low, high, byes=True)
    assert sum(plan.sizes) + plan.byes == players and not any(plan.computers)
    assert all(even_sizes(players - fewer, low, high) is None for fewer in range(plan.byes))


@given(st.lists(st.integers(1, 6), min_size=2, max_size=8))
def test_points_by_placing_share_ties_and_add_up_to_every_pair_once(placings):
    points = points_by_placing(placings)
    k = len(placings)
    assert sum(points) == k * (k - 1) / 2, "each pair of seats gives out one point"
    for i in range(k):
        for j in range(k):
            if placings[i] < placings[j]:
                assert points[i] > points[j]
            elif placings[i] == placings[j]:
                assert points[i] == points[j]


def test_points_at_a_table_and_a_bye_is_a_median_placing():
    assert points_by_placing([1, 2, 3, 4]) == (3, 2, 1, 0)
    assert points_by_placing([1, 1, 3]) == (1.5, 1.5, 0), "two tied for first share first and second"
    assert points_by_placing([2, 1]) == (0, 1)
    assert points_by_placing([1, 1]) == (0.5, 0.5)
    assert bye_points(2) == 0.5 and bye_points(4) == 1.5, "the middle of a table of the round's size"
