"""Which moves make a table's last update (`bot.service.table.last_update`): what the table message shows."""

from __future__ import annotations

from bot.games.core import Event
from bot.service.table import LiveTable, Move, last_update


def moves(*bys: str) -> list[Move]:
    return [Move(n, 0, None, by, (Event("m", {"n": n}),)) for n, by in enumerate(bys, start=1)]


def test_a_players_move_and_the_computer_moves_after_it():
    assert last_update(moves("player", "computer", "player", "computer", "autopilot")) == 2
    assert last_update(moves("computer", "player")) == 1


def test_one_deadline_is_one_update_however_many_timeouts_it_played():
    assert last_update(moves("player", "timeout", "timeout", "computer")) == 1


def test_the_moves_that_open_the_game_carry_the_set_up_events():
    live = LiveTable(row=None, game=None, seats=[])  # type: ignore[arg-type]
    live.opening = (Event("dealt"),)
    live.log = moves("computer", "computer")
    assert [e.kind for e in live.news()] == ["dealt", "m", "m"]
    live.log = moves("computer", "player", "computer")
    assert [e.data["n"] for e in live.news()] == [2, 3]
    live.log = []
    assert [e.kind for e in live.news()] == ["dealt"]
