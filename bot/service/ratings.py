"""Multiplayer skill ratings (OpenSkill's Plackett-Luce model), pure: the service stores the numbers."""

from __future__ import annotations

from collections.abc import Mapping

from openskill.models import PlackettLuce

_MODEL = PlackettLuce()
DEFAULT_MU = _MODEL.mu
DEFAULT_SIGMA = _MODEL.sigma


def conservative(mu: float, sigma: float) -> float:
    """The leaderboard's ordering value: a rating we are ~99% sure the player exceeds."""
    return mu - 3 * sigma


RATING_BASE = 1000
RATING_SCALE = 40  # one OpenSkill point is 40 shown points: a first win moves a rating by about 100
PROVISIONAL_GAMES = 5


def shown_rating(mu: float, sigma: float) -> int:
    """The number players see: 1000 for a newcomer, up with wins, down with losses, never below 0."""
    return max(0, round(RATING_BASE + RATING_SCALE * conservative(mu, sigma)))


def is_provisional(games: int) -> bool:
    """Too few rated games for the rating to mean much yet."""
    return games < PROVISIONAL_GAMES


def rate(
    before: Mapping[int, tuple[float, float]], placings: Mapping[int, int]
) -> dict[int, tuple[float, float]]:
    """New (mu, sigma) per member after one game; `placings` 1 = won, equal numbers tie."""
    members = sorted(placings)
    teams = [[_MODEL.rating(*before.get(m, (DEFAULT_MU, DEFAULT_SIGMA)))] for m in members]
    rated = _MODEL.rate(teams, ranks=[placings[m] for m in members])
    return {m: (team[0].mu, team[0].sigma) for m, team in zip(members, rated, strict=True)}
