"""Seating rounds: round 1 by rating, later rounds by the standings avoiding members who met, Swiss byes, round
robin. Properties over random rosters and results (hypothesis), and the cases the issue names."""

from __future__ import annotations

import itertools
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.gatherings import Member, Played, first_round, next_round, points_by_placing, standings
from bot.gatherings.pairing import Seating
from bot.gatherings.round_robin import round_robin_round, round_robin_rounds
from bot.gatherings.sizes import layout
from bot.gatherings.standings import met


def members(n: int, seed: int = 0) -> list[Member]:
    rng = random.Random(seed)
    return [Member(100 + i, rating=float(rng.randint(-10, 40))) for i in range(n)]


def played_round(number: int, seating: Seating, rng: random.Random, low_seats: int) -> list[Played]:
    """The round's tables ended with random placings (ties too), and its byes worth a median placing."""
    rows = [Played(number, table, points_by_placing([rng.randint(1, len(table)) for _ in table]))
            for table in seating.tables]
    rows += [Played(number, (m,), ((low_seats - 1) / 2,), bye=True) for m in seating.byes]
    return rows


def check_seating(seating: Seating, players: list[int], low: int, high: int, byes: bool) -> None:
    plan = layout(len(players), low, high, byes=byes)
    everyone = [*seating.seated, *seating.byes]
    assert sorted(everyone) == sorted(players), "every member seated (or out on a bye) exactly once"
    assert tuple(len(t) for t in seating.tables) == plan.sizes
    assert tuple(t.count(None) for t in seating.tables) == plan.computers
    assert len(seating.byes) == plan.byes


def test_nine_members_of_a_five_seat_game_round_one():
    seating = first_round(members(9), 2, 5)
    assert sorted(len(t) for t in seating.tables) == [4, 5] and not seating.byes
    ranked = [m.user_id for m in sorted(members(9), key=lambda m: -m.rating)]
    top_two = {next(i for i, t in enumerate(seating.tables) if m in t) for m in ranked[:2]}
    assert top_two == {0, 1}, "the two best seeds head different tables"


def test_a_two_seat_first_round_is_seed_one_against_seed_t_plus_one():
    roster = [Member(i, rating=float(10 - i)) for i in range(8)]
    pairs = {frozenset(t) for t in first_round(roster, 2, 2).tables}
    assert pairs == {frozenset({0, 4}), frozenset({1, 5}), frozenset({2, 6}), frozenset({3, 7})}


def test_an_odd_swiss_gives_the_lowest_seed_the_bye_and_a_night_a_computer():
    roster = [Member(i, rating=float(10 - i)) for i in range(7)]
    assert first_round(roster, 2, 2, byes=True).byes == (6,)
    night = first_round(roster, 2, 2)
    assert sum(t.count(None) for t in night.tables) == 1 and night.tables[-1][-1] is None


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 40), st.integers(2, 4), st.integers(0, 3), st.booleans(), st.integers(0, 2**32 - 1))
def test_every_round_seats_everyone_once_in_tables_as_even_as_possible(n, low, spread, byes, seed):
    high = low + spread
    if n < low:
        return
    rng = random.Random(seed)
    roster = members(n, seed)
    ids = [m.user_id for m in roster]
    seating = first_round(roster, low, high, byes=byes)
    check_seating(seating, ids, low, high, byes)
    played = played_round(1, seating, rng, high)
    for number in range(2, 5):
        order = [row.user_id for row in standings(roster, played)]
        seating = next_round(order, played, low, high, byes=byes)
        check_seating(seating, ids, low, high, byes)
        played += played_round(number, seating, rng, high)


@settings(max_examples=60, deadline=None)
@given(st.integers(4, 60).map(lambda n: n * 2 + 1), st.integers(0, 2**32 - 1))
def test_a_swiss_never_gives_a_second_bye_while_someone_has_had_none(n, seed):
    rng = random.Random(seed)
    roster = members(n, seed)
    seating = first_round(roster, 2, 2, byes=True)
    played = played_round(1, seating, rng, 2)
    for number in range(2, 6):
        order = [row.user_id for row in standings(roster, played)]
        seating = next_round(order, played, 2, 2, byes=True)
        (bye,) = seating.byes
        had = Counter(m for t in played if t.bye for m in t.members)
        assert had[bye] == 0, "a member without a bye exists (fewer rounds than members)"
        lower = order[order.index(bye) + 1:]
        assert all(had[m] for m in lower), "the lowest without a bye gets it"
        played += played_round(number, seating, rng, 2)


@settings(max_examples=80, deadline=None)
@given(st.integers(4, 40).map(lambda n: n * 2), st.integers(0, 2**32 - 1))
def test_a_two_seat_swiss_never_repeats_a_pairing_in_its_first_rounds(n, seed):
    """With at least twice as many members as rounds, a Swiss of a two-seat game pairs nobody twice."""
    rng = random.Random(seed)
    roster = members(n, seed)
    rounds = min(5, n // 2)
    seating = first_round(roster, 2, 2)
    played = played_round(1, seating, rng, 2)
    for number in range(2, rounds + 1):
        order = [row.user_id for row in standings(roster, played)]
        seating = next_round(order, played, 2, 2)
        seen = met(played)
        assert not [t for t in seating.tables if t[1] in seen.get(t[0], ())], "a repeat pairing"
        played += played_round(number, seating, rng, 2)


def fewest_repeats(players: list[int], capacity: tuple[int, ...], seen: dict[int, set[int]]) -> int:
    """By brute force: the fewest repeated pairs any grouping into tables of these sizes has."""
    best = None
    for perm in itertools.permutations(players):
        start, repeats = 0, 0
        for size in capacity:
            table = perm[start:start + size]
            repeats += sum(1 for i, a in enumerate(table) for b in table[i + 1:] if b in seen.get(a, ()))
            start += size
        best = repeats if best is None else min(best, repeats)
    return best


@settings(max_examples=20, deadline=None)
@given(st.sampled_from([(6, 2, 3), (7, 2, 4), (8, 2, 2), (8, 3, 4), (6, 2, 2)]), st.integers(0, 2**32 - 1))
def test_later_rounds_avoid_repeat_tables_where_possible(case, seed):
    """On small rosters, the next round has no more repeated pairs than the best grouping found by brute force
    (for the third round: after two rounds there is often no way without one)."""
    n, low, high = case
    rng = random.Random(seed)
    roster = members(n, seed)
    ids = [m.user_id for m in roster]
    seating = first_round(roster, low, high)
    played = played_round(1, seating, rng, high)
    for number in (2, 3):
        order = [row.user_id for row in standings(roster, played)]
        seating = next_round(order, played, low, high)
        seen = met(played)
        got = sum(1 for t in seating.tables for i, a in enumerate(t) for b in t[i + 1:] if b in seen.get(a, ()))
        assert got == fewest_repeats(ids, layout(n, low, high).members, seen)
        played += played_round(number, seating, rng, high)


def test_later_rounds_group_the_standings_from_the_top():
    roster = [Member(i) for i in range(8)]
    played = [Played(1, (0, 4), (1, 0)), Played(1, (1, 5), (1, 0)), Played(1, (2, 6), (1, 0)),
              Played(1, (3, 7), (1, 0))]
    order = [row.user_id for row in standings(roster, played)]
    assert order[:4] == [0, 1, 2, 3]
    pairs = {frozenset(t) for t in next_round(order, played, 2, 2).tables}
    assert pairs == {frozenset({0, 1}), frozenset({2, 3}), frozenset({4, 5}), frozenset({6, 7})}, \
        "winners meet winners, equal points first"


def test_who_sat_first_least_sits_first():
    roster = [Member(i) for i in range(4)]
    played = [Played(1, (0, 1), (1, 0)), Played(1, (2, 3), (0, 1))]
    order = [row.user_id for row in standings(roster, played)]
    assert set(next_round(order, played, 2, 2).tables) == {(3, 0), (1, 2)}, "who sat first in round 1 sits second"


@given(st.integers(2, 8))
def test_round_robin_meets_everyone_once_and_sits_first_about_half_the_time(n):
    seeds = list(range(n))
    rounds = round_robin_rounds(seeds)
    assert len(rounds) == (n - 1 if n % 2 == 0 else n)
    pairs = Counter(frozenset(p) for r in rounds for p in r if None not in p)
    assert set(pairs) == {frozenset(p) for p in itertools.combinations(seeds, 2)}
    assert set(pairs.values()) == {1}
    for r in rounds:
        assert sorted(m for p in r for m in p if m is not None) == seeds, "each member once a round"
    byes = Counter(m for r in rounds for p in r if None in p for m in p if m is not None)
    assert set(byes.values()) <= {1} and len(byes) == (n if n % 2 else 0)
    firsts = Counter(p[0] for r in rounds for p in r if None not in p)
    games = n - 1
    assert all(abs(firsts[m] - (games - firsts[m])) <= 2 for m in seeds)


def test_a_round_robin_round_gives_a_dropped_members_opponent_a_bye():
    seating = round_robin_round([1, 2, 3, 4], 1, dropped={4})
    assert seating.tables == ((2, 3),) and seating.byes == (1,)
