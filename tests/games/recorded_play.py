"""Recorded games of the normal computer, to prove that making the engines faster changed no rule and no decision.

Two recordings per game variant (every player count, every boolean option switched on):
- `self_play`: computers at every seat, the dice as the service draws them (`bot.games.selfplay`): every move,
  then the SHA-256 of the final state's JSON (every field, and the last move's events).
- `decisions`: a random walk through the game; at every state, the normal computer's choice for each seat that
  may act (a seat to act, or one with an interjection) with a seeded rng, and the timeout default; then one
  SHA-256 over the JSON of every state of the walk.

`python -m tests.games.recorded_play` writes tests/fixtures/computer_games.json.gz; it was run on the engines
of main before issue 28 (aa4578b, exported with `git archive`, this file and `bot/games/selfplay.py` beside).
"""

from __future__ import annotations

import gzip
import hashlib
import json
import random
from pathlib import Path

from bot.games.core import encode_action, encode_state, resolve_options
from bot.games.registry import own
from bot.games.rng import SeededRng
from bot.games.selfplay import computers, play

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "computer_games.json.gz"
SELF_PLAY_SEEDS = 10
WALKS = 3
WALK_MOVES = 600


def variants():
    for game in own().values():  # the bot's own games (the toy game was never recorded)
        switches = [{}] + [{name: True} for name, o in game.options.items() if o.default is False]
        for players in range(game.min_players, game.max_players + 1):
            for options in switches:
                label = "-".join([game.id, str(players)] + sorted(options))
                yield label, game, players, resolve_options(game, options)


def self_play_log(game, players, options, seed) -> list[str]:
    log = []
    final, _ = play(game, computers(game, players), options, seed,
                    on_move=lambda state, seat, action: log.append(f"{seat}:{encode_action(action)}"))
    return [*log, "final:" + hashlib.sha256(encode_state(final).encode()).hexdigest()]


def decision_log(game, players, options, seed) -> list[str]:
    """A random walk; at each state every seat's computer choice and timeout default (None: passes)."""
    chooser = random.Random(seed)
    state = game.setup(players, options, SeededRng(seed, 0))
    log, states = [], hashlib.sha256()
    for n in range(1, WALK_MOVES):
        states.update(encode_state(state).encode())
        if game.outcome(state) is not None:
            break
        to_act = game.to_act(state)
        for seat in range(players):
            if seat in to_act or game.legal_actions(state, seat):
                action = game.computer_action(state, seat, SeededRng(f"{seed}:computer", n))
                timeout = game.timeout_action(state, seat) if seat in to_act else None
                log.append(f"{n}:{seat}:{_code(action)}:{_code(timeout)}")
        seat = chooser.choice(sorted(to_act))
        state = game.apply(state, seat, chooser.choice(list(game.legal_actions(state, seat))), SeededRng(seed, n))
    states.update(encode_state(state).encode())
    return [*log, "states:" + states.hexdigest()]


def _code(action) -> str:
    return "-" if action is None else encode_action(action)


def record() -> dict[str, dict[str, list[str]]]:
    recorded = {}
    for label, game, players, options in variants():
        entry = {f"self_play:{k}": self_play_log(game, players, options, f"{label}:{k}")
                 for k in range(SELF_PLAY_SEEDS)}
        entry.update({f"decisions:{k}": decision_log(game, players, options, f"{label}:{k}")
                      for k in range(WALKS)})
        recorded[label] = entry
        print(label, sum(len(v) for v in entry.values()), flush=True)
    return recorded


def load() -> dict[str, dict[str, list[str]]]:
    with gzip.open(FIXTURE, "rt", encoding="utf-8") as f:
        return json.load(f)


if __name__ == "__main__":
    data = json.dumps(record(), separators=(",", ":"), sort_keys=True)
    with gzip.GzipFile(FIXTURE, "wb", mtime=0) as f:
        f.write(data.encode())
