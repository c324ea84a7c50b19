"""The normal computer and the rules are unchanged: every recorded game of every registered game (in its own test
folder, `recorded_play.py`) is replayed move for move and decision for decision, byte for byte."""

from __future__ import annotations

from functools import cache

import pytest

from .recorded_play import decision_log, load, self_play_log, variants

VARIANTS = list(variants())


@cache
def recordings(game_id: str) -> dict[str, dict[str, list[str]]]:
    try:
        return load(game_id)
    except FileNotFoundError:
        pytest.fail(f"{game_id} has no recorded games: `python -m tests.games.recorded_play {game_id}` records them")


@pytest.mark.parametrize(("label", "game", "players", "options"), VARIANTS, ids=[v[0] for v in VARIANTS])
def test_recorded_games_replay_byte_for_byte(label, game, players, options):
    recorded = recordings(game.id)[label]
    for key, log in recorded.items():
        kind, k = key.split(":")
        seed = f"{label}:{k}"
        replayed = self_play_log(game, players, options, seed) if kind == "self_play" else \
            decision_log(game, players, options, seed)
        assert replayed == log, f"{key} differs from the recording"
