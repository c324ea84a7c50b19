"""The normal computer and the rules are unchanged by the speed-up: every recorded game (made with the engines
before it, `recorded_play.py`) is replayed move for move and decision for decision, byte for byte."""

from __future__ import annotations

import pytest

from .recorded_play import decision_log, load, self_play_log, variants

RECORDED = load()


VARIANTS = list(variants())


@pytest.mark.parametrize(("label", "game", "players", "options"), VARIANTS, ids=[v[0] for v in VARIANTS])
def test_recorded_games_replay_byte_for_byte(label, game, players, options):
    recorded = RECORDED[label]
    for key, log in recorded.items():
        kind, k = key.split(":")
        seed = f"{label}:{k}"
        replayed = self_play_log(game, players, options, seed) if kind == "self_play" else \
            decision_log(game, players, options, seed)
        assert replayed == log, f"{key} differs from the recording"
