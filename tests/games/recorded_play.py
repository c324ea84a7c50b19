"""Recorded games of the normal computer, to prove that making the engines faster changed no rule and no decision.

Two recordings per game variant (every player count, every boolean option switched on):
- `self_play`: computers at every seat, the dice as the service draws them (`bot.games.selfplay`): every move,
  then the SHA-256 of the final state's JSON (every field, and the last move's events).
- `decisions`: a random walk through the game; at every state, the normal computer's choice for each seat that
  may act (a seat to act, or one with an interjection) with a seeded rng, and the timeout default; then one
  SHA-256 over the JSON of every state of the walk.

Each game's recordings are in its own test folder, tests/games/<id>/recorded.json.gz (tests/per_game.py), so a new
game records its own: `python -m tests.games.recorded_play <id>…` writes them for the games named (every registered
game, the toy games among them, without a name). The four games' were recorded with their engines as they were
before the engines were made faster (aa4578b, exported with `git archive`, this file and `bot/games/selfplay.py`
beside), so replaying them proves no rule and no decision changed since.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import random
import sys

from bot.games.core import Game, encode_action, encode_state, resolve_options
from bot.games.registry import engines
from bot.games.rng import SeededRng
from bot.games.selfplay import computers, play

from ..per_game import recorded

SELF_PLAY_SEEDS = 10
WALKS = 3
WALK_MOVES = 600


def variants(games: list[Game] | None = None):
    """Every player count of each game, with each of its yes/no options switched on in turn."""
    for game in engines().values() if games is None else games:
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


def record(recorded_game: Game) -> dict[str, dict[str, list[str]]]:
    """Every variant of the game, played and walked as the test replays them."""
    made = {}
    for label, game, players, options in variants([recorded_game]):
        entry = {f"self_play:{k}": self_play_log(game, players, options, f"{label}:{k}")
                 for k in range(SELF_PLAY_SEEDS)}
        entry.update({f"decisions:{k}": decision_log(game, players, options, f"{label}:{k}")
                      for k in range(WALKS)})
        made[label] = entry
        print(label, sum(len(v) for v in entry.values()), flush=True)
    return made


def load(game_id: str) -> dict[str, dict[str, list[str]]]:
    """The game's recordings (FileNotFoundError: it has none yet — record them, as the module says)."""
    with gzip.open(recorded(game_id), "rt", encoding="utf-8") as f:
        return json.load(f)


def write(game: Game) -> None:
    data = json.dumps(record(game), separators=(",", ":"), sort_keys=True)
    with gzip.GzipFile(recorded(game.id), "wb", mtime=0) as f:
        f.write(data.encode())


if __name__ == "__main__":
    from ..toy_games import register

    register()
    found = engines()
    for game_id in sys.argv[1:] or list(found):
        write(found[game_id])
