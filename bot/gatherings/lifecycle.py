"""What a gathering is and the states it goes through.

    planned ──▶ checking in ──▶ playing (round 1 … N) ──▶ finished
       │             │                 │
       └─────────────┴─────────────────┴──▶ cancelled

A game night is planned for a time; then members check in (10 minutes by default) and round 1 is seated from
those who did. A tournament takes sign-ups until it starts, so it goes from planned straight to round 1: signing
up is checking in. A gathering with fewer members than the game's smallest table when it would seat round 1 is
cancelled (nothing was played, nothing is rated). After the last round it is finished; a host may cancel it at any
point before that.
"""

from __future__ import annotations

NIGHT, SWISS, ROUND_ROBIN = "night", "swiss", "round-robin"
KINDS = (NIGHT, SWISS, ROUND_ROBIN)

PLANNED, CHECKING_IN, PLAYING, FINISHED, CANCELLED = "planned", "checking_in", "playing", "finished", "cancelled"
OPEN = (PLANNED, CHECKING_IN, PLAYING)
CLOSED = (FINISHED, CANCELLED)

_FOLLOWS = {
    PLANNED: {CHECKING_IN, PLAYING, CANCELLED},
    CHECKING_IN: {PLAYING, CANCELLED},
    PLAYING: {PLAYING, FINISHED, CANCELLED},  # playing → playing: the next round
    FINISHED: set(),
    CANCELLED: set(),
}

CHECK_IN_SECONDS = 10 * 60
ROUND_TURNS = 15  # a round is expected to last this many moves' time at the gathering's pace
MIN_ROUND_SECONDS = 20 * 60


def may_follow(state: str, after: str) -> bool:
    """Whether a gathering in state `state` may go to `after`."""
    return after in _FOLLOWS[state]


def starts_with_check_in(kind: str) -> bool:
    return kind == NIGHT


def round_seconds(pace_seconds: int) -> int:
    """How long a round is expected to take at a pace (a move's time): what the calendar entry shows."""
    return max(MIN_ROUND_SECONDS, ROUND_TURNS * pace_seconds)


def expected_end(starts_at: float, rounds: int, pace_seconds: int, check_in_seconds: int = CHECK_IN_SECONDS,
                 kind: str = NIGHT) -> float:
    """When a gathering is expected to end: its check-in, then its rounds one after the other. Discord needs an
    end time for an event held outside a voice channel."""
    check_in = check_in_seconds if starts_with_check_in(kind) else 0
    return starts_at + check_in + rounds * round_seconds(pace_seconds)
