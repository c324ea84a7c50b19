"""The standings: points, then the sum of opponents' points, then head-to-head, then rating, then the member id."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from bot.gatherings import Member, Played, points_by_placing, standings


def table(round_: int, *seats: int | None, placings: tuple[int, ...] | None = None) -> Played:
    return Played(round_, tuple(seats), points_by_placing(placings) if placings else None)


def order(rows) -> list[int]:
    return [row.user_id for row in rows]


def test_points_first():
    members = [Member(1, rating=9.0), Member(2), Member(3), Member(4)]
    rows = standings(members, [table(1, 1, 2, placings=(2, 1)), table(1, 3, 4, placings=(1, 1))])
    assert [(r.user_id, r.points) for r in rows] == [(2, 1.0), (3, 0.5), (4, 0.5), (1, 0.0)]
    assert [r.place for r in rows] == [1, 2, 3, 4]


def test_opponents_points_break_a_tie_on_points():
    members = [Member(i) for i in (1, 2, 3, 4, 5, 6)]
    played = [table(1, 1, 2, placings=(1, 2)), table(1, 3, 4, placings=(1, 2)), table(1, 5, 6, placings=(1, 2)),
              table(2, 1, 3, placings=(1, 2)), table(2, 5, 2, placings=(1, 2)), table(2, 4, 6, placings=(1, 2))]
    rows = standings(members, played)
    by = {r.user_id: r for r in rows}
    assert (by[3].points, by[3].opponents_points) == (1, 3) and (by[4].points, by[4].opponents_points) == (1, 1)
    assert order(rows) == [1, 5, 3, 4, 2, 6], "on equal points, who met the stronger opponents goes first"


def test_head_to_head_breaks_a_tie_on_points_and_opponents_points():
    members = [Member(1, rating=5.0), *(Member(i) for i in range(2, 7))]
    played = [table(1, 1, 2, 3, placings=(2, 1, 3)), table(1, 4, 5, 6, placings=(1, 3, 2)),
              table(2, 1, 4, 5, placings=(1, 2, 3)), table(2, 2, 3, 6, placings=(2, 1, 3))]
    rows = standings(members, played)
    by = {r.user_id: r for r in rows}
    assert (by[1].points, by[1].opponents_points) == (by[2].points, by[2].opponents_points) == (3, 8)
    assert (by[2].head_to_head, by[1].head_to_head) == (1, 0)
    assert order(rows)[:2] == [2, 1], "2 placed above 1 where they met, though 1 is rated higher"


def test_rating_then_the_member_id_break_what_is_left():
    rows = standings([Member(1, rating=1.0), Member(2, rating=3.0), Member(3, rating=3.0)], [])
    assert order(rows) == [2, 3, 1]
    assert [r.place for r in rows] == [1, 2, 3]


def test_a_bye_scores_but_meets_nobody_and_a_computer_scores_nothing():
    members = [Member(1), Member(2), Member(3)]
    played = [Played(1, (1,), (0.5,), bye=True), table(1, 2, 3, placings=(1, 2)),
              table(2, 1, None, placings=(1, 2))]
    by = {r.user_id: r for r in standings(members, played)}
    assert by[1].points == 1.5 and by[1].byes == 1 and by[1].played == 1
    assert by[1].opponents_points == 0, "a computer and a bye add nothing"
    assert by[2].opponents_points == 0 and by[3].opponents_points == 1


def test_a_table_still_playing_or_ended_unrated_scores_nothing():
    by = {r.user_id: r for r in standings([Member(1), Member(2)], [table(1, 1, 2)])}
    assert by[1].points == by[2].points == 0 and by[1].played == 0


rosters = st.integers(2, 12).flatmap(lambda n: st.tuples(
    st.just(n), st.lists(st.integers(-5, 5), min_size=n, max_size=n), st.integers(0, 2**32 - 1)))


@given(rosters)
def test_the_order_is_total_deterministic_and_follows_its_keys(roster):
    n, ratings, seed = roster
    members = [Member(i, rating=float(r)) for i, r in enumerate(ratings)]
    rng = random.Random(seed)
    played = []
    for round_ in range(1, 4):
        ids = list(range(n))
        rng.shuffle(ids)
        for start in range(0, n - 1, 2):
            played.append(table(round_, ids[start], ids[start + 1], placings=(rng.randint(1, 2), rng.randint(1, 2))))
    rows = standings(members, played)
    assert [r.place for r in rows] == list(range(1, n + 1))
    assert sorted(order(rows)) == list(range(n))
    again = standings(list(reversed(members)), list(reversed(played)))
    assert order(again) == order(rows), "the same in every process, whatever order the rows came in"
    keys = [(-r.points, -r.opponents_points, -r.head_to_head, -r.rating, r.user_id) for r in rows]
    assert keys == sorted(keys)
    assert sum(r.points for r in rows) == len(played), "each two-seat table gives out one point"
