"""Provably fair dice, the pure parts: a finished game as a JSON record, its verification, and the luck report.

A record holds what anyone needs to recompute the game: the game and its rules version, the options, the
seats, the revealed secret seed (and the commitment shown before the game), the players' client seeds, every
move, and every number the dice and shuffles gave (per move) — and the result. `verify` replays the moves
from the seed and says in one line whether every die, every shuffle and the result are exactly reproduced.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import jsonschema

from ..games.core import Game, IllegalAction, decode_action, encode_action, encode_state, resolve_options
from ..games.levels import DEFAULT_LEVEL, LEVELS, NAMES
from ..games.rng import FAIR, Recorder, commitment, table_rng
from ..games.text import N_, Name, Text, counted

FORMAT = 1
_TEXTS = {"type": "array", "items": {"type": "string"}}
_DRAWS = {"type": "array", "items": {"anyOf": [{"type": "integer"}, {"type": "array"}]}}  # a die, or a shuffle
_INTEGERS = {"type": "array", "items": {"type": "integer"}}
RECORD_SCHEMA = {  # what `record_game` writes (the `table` and `status` /game verify adds are not needed)
    "type": "object",
    "required": ["game", "rules_version", "options", "seats", "seed", "client_seeds", "setup_draws", "moves",
                 "result", "final_state_sha256"],
    "properties": {
        "game": {"type": "string"},
        "rules_version": {"type": "integer"},
        "options": {"type": "object"},
        "seats": {**_TEXTS, "minItems": 1, "maxItems": 16},
        "levels": {"type": "array", "items": {"enum": [*LEVELS, None]}},  # per seat; optional (before levels)
        "derivation": {"type": ["string", "null"]},
        "commitment": {"type": ["string", "null"]},
        "seed": {"type": "string"},
        "client_seeds": {"anyOf": [{"type": "null"}, _TEXTS]},
        "setup_draws": _DRAWS,
        "moves": {"type": "array", "items": {
            "type": "object",
            "required": ["seq", "seat", "action", "draws"],
            "properties": {"seq": {"type": "integer"}, "seat": {"type": "integer", "minimum": 0},
                           "action": {"type": "string"}, "by": {"type": "string"}, "draws": _DRAWS},
        }},
        "result": {"anyOf": [{"type": "null"}, {
            "type": "object", "required": ["placings", "scores"],
            "properties": {"placings": _INTEGERS, "scores": _INTEGERS},
        }]},
        "final_state_sha256": {"type": "string"},
    },
}
_VALIDATOR = jsonschema.Draft202012Validator(RECORD_SCHEMA)


def record_problem(record: Any) -> str | None:
    """Why `record` is not shaped like a game record (one line, in English), or None."""
    error = jsonschema.exceptions.best_match(_VALIDATOR.iter_errors(record))
    if error is None:
        return None
    message = " ".join(error.message.split())
    message = message if len(message) <= 120 else message[:119] + "…"
    return f"{error.json_path}: {message}" if error.path else message


@dataclass(frozen=True)
class Verdict:
    ok: bool
    text: Text  # translated where it is shown; `line` is its English form (the command line's)
    readable: bool = True  # False: not a game record at all (the command line exits 2)

    @property
    def line(self) -> str:
        return str(self.text)


def _refuted(message: str, /, **fields: Any) -> Verdict:
    return Verdict(False, Text(message, fields))


def _unreadable(error: str) -> Verdict:
    return Verdict(False, Text(N_("✗ Not a game record this bot can read ({error})."), {"error": error}), False)


@dataclass(frozen=True)
class Replay:
    setup_draws: list[Any]
    draws: list[list[Any]]  # per move
    dice: list[list[tuple[int, int, int]]]  # per move: (low, high, value) of every die
    outcome: Any
    final: str  # SHA-256 of the final state: binds the record to every move's effect
    computed: int = 0  # computer moves recomputed, each the move its level makes
    miscomputed: int | None = None  # the first computer move that is not (its move number)


def _replay(game: Game, players: int, options: Mapping[str, Any], seed: str, client_seeds: Sequence[str] | None,
            moves: Sequence[tuple[int, Any]], computers: Mapping[int, str] | None = None) -> Replay:
    """The game from its seed through `moves`. `computers`: move number -> the level of the computer that made
    it, recomputed before the move from the computer's own stream of the dice (bot/service/turns.py)."""
    recorder = Recorder(table_rng(seed, client_seeds, 0))
    state = game.setup(players, options, recorder)
    setup_draws, draws, dice = recorder.draws, [], []
    computed, miscomputed = 0, None
    for seq, (seat, action) in enumerate(moves, start=1):
        level = (computers or {}).get(seq)
        if level is not None and miscomputed is None:
            thinking = table_rng(seed, client_seeds, f"computer:{seq - 1}:{seat}")
            if game.computer_action(state, seat, thinking, level) == action:
                computed += 1
            else:
                miscomputed = seq
        recorder = Recorder(table_rng(seed, client_seeds, seq))
        state = game.apply(state, seat, action, recorder)
        draws.append(recorder.draws)
        dice.append(recorder.dice)
    final = hashlib.sha256(encode_state(state).encode()).hexdigest()
    return Replay(setup_draws, draws, dice, game.outcome(state), final, computed, miscomputed)


def computer_levels(record: Mapping[str, Any]) -> dict[int, str]:
    """Move number -> the level its computer played at: a computer seat's (`levels`; a record without them is
    from before levels, when every computer played normal), an absent member's autopilot at normal."""
    levels = record.get("levels") or [None] * len(record["seats"])
    found = {}
    for seq, move in enumerate(record["moves"], start=1):
        if move.get("by") == "computer":
            found[seq] = levels[move["seat"]] or DEFAULT_LEVEL
        elif move.get("by") == "autopilot":
            found[seq] = DEFAULT_LEVEL
    return found


def record_game(game: Game, options: Mapping[str, Any], seats: Sequence[str], seed: str,
                client_seeds: Sequence[str] | None, moves: Sequence[tuple[int, Any, str]],
                levels: Sequence[str | None] | None = None) -> dict[str, Any]:
    """The JSON record of a game: `moves` are (seat, action, by) in order; `levels` per seat, a computer seat's
    level (None: a member's seat)."""
    replay = _replay(game, len(seats), options, seed, client_seeds, [(s, a) for s, a, _ in moves])
    outcome = replay.outcome
    return {
        "format": FORMAT,
        "game": game.id,
        "rules_version": game.rules_version,
        "options": dict(options),
        "seats": list(seats),
        "levels": list(levels) if levels is not None else [None] * len(seats),
        "derivation": FAIR if client_seeds is not None else "seeded",
        "commitment": commitment(seed),
        "seed": seed,
        "client_seeds": list(client_seeds) if client_seeds is not None else None,
        "setup_draws": replay.setup_draws,
        "moves": [{"seq": n, "seat": seat, "action": encode_action(action), "by": by, "draws": draws}
                  for n, ((seat, action, by), draws) in enumerate(zip(moves, replay.draws, strict=True), start=1)],
        "result": None if outcome is None else {"placings": list(outcome.placings), "scores": list(outcome.scores)},
        "final_state_sha256": replay.final,
    }


def verify(record: Mapping[str, Any], games: Mapping[str, Game]) -> Verdict:
    """Whether the stored game is exactly what its seed and moves give (`games`: the engines by id), in one line.
    Any record, however malformed, gets a verdict: it may come from anyone."""
    problem = record_problem(record)
    if problem is not None:
        return _unreadable(problem)
    try:
        game = games[record["game"]]
        if game.rules_version != record["rules_version"]:
            return _refuted(N_("✗ Not verified: rules version {version} of {game} is not the one this bot plays "
                               "({current})."), version=record["rules_version"], game=game.title,
                            current=game.rules_version)
        seed, client_seeds = record["seed"], record["client_seeds"]
        if record.get("commitment") not in (None, commitment(seed)):
            return _refuted(N_("✗ Not verified: the revealed seed does not match the commitment shown before "
                               "the game."))
        if (record.get("derivation") == FAIR) != (client_seeds is not None):
            return _refuted(N_("✗ Not verified: the derivation does not match the client seeds."))
        if not game.min_players <= len(record["seats"]) <= game.max_players:
            return _unreadable(f"{game.title} is played by {game.min_players} to {game.max_players} seats")
        if client_seeds is not None and len(client_seeds) != len(record["seats"]):
            return _unreadable("one client seed per seat")
        if record.get("levels") is not None and len(record["levels"]) != len(record["seats"]):
            return _unreadable("one level per seat")
        try:
            options = resolve_options(game, record["options"])
        except IllegalAction as exc:
            return _unreadable(str(exc.text))
        moves = [(m["seat"], decode_action(game, m["action"])) for m in record["moves"]]
        computers = computer_levels(record)
        replay = _replay(game, len(record["seats"]), options, seed, client_seeds, moves, computers)
    except IllegalAction as exc:
        return _refuted(N_("✗ Not verified: a stored move is not legal when replayed ({reason})."), reason=exc.text)
    except Exception as exc:  # noqa: BLE001 - an engine fed a forged record may fail anywhere: that is the verdict
        return _unreadable(" ".join(f"{type(exc).__name__}: {exc}".split())[:160])
    if replay.setup_draws != record["setup_draws"]:
        return _refuted(N_("✗ Not verified: the set-up's dice or shuffles differ from the stored ones."))
    for move, draws in zip(record["moves"], replay.draws, strict=True):
        if draws != move["draws"]:
            return _refuted(N_("✗ Not verified: move {seq}'s dice differ from the stored ones."), seq=move["seq"])
    outcome = replay.outcome
    result = None if outcome is None else {"placings": list(outcome.placings), "scores": list(outcome.scores)}
    if result != record["result"]:
        return _refuted(N_("✗ Not verified: the stored result is not the one the moves give."))
    if replay.final != record["final_state_sha256"]:
        return _refuted(N_("✗ Not verified: the moves do not lead to the stored final position."))
    if replay.miscomputed is not None:
        level = computers[replay.miscomputed]
        return _refuted(N_("✗ Not verified: move {seq} is not the move a computer playing {level} makes there."),
                        seq=replay.miscomputed, level=Text(NAMES[level]))
    verdict = _verified(game, record, moves, replay)
    if not computers:
        return verdict
    checked = counted("{n} computer move recomputed: the one its level makes.",
                      "{n} computer moves recomputed: each the one its level makes.", replay.computed)
    return Verdict(True, Text("{verdict} {computers}", {"verdict": verdict.text, "computers": checked}))


def _verified(game: Game, record: Mapping[str, Any], moves: list, replay: Replay) -> Verdict:
    seed, client_seeds = record["seed"], record["client_seeds"]
    dice = sum(len(d) for d in replay.dice)
    if client_seeds is not None:
        seats = list(zip(record["seats"], client_seeds, strict=True))
        clients = Text(", ".join(f"{{name{i}}} {{seed{i}}}" for i in range(len(seats))),
                       {k: v for i, (name, seed) in enumerate(seats) for k, v in ((f"name{i}", Name(name)),
                                                                                  (f"seed{i}", seed))})
        return Verdict(True, Text(N_("✓ Verified: {game}, {moves} and {dice} exactly reproduced from the revealed "
                                     "seed (SHA-256 {hash}…) and the client seeds ({clients})."), {
            "game": game.title, "moves": counted("{n} move", "{n} moves", len(moves)),
            "dice": counted("{n} die", "{n} dice", dice), "hash": commitment(seed)[:12], "clients": clients}))
    return Verdict(True, Text(N_("✓ Verified: {game}, {moves} and {dice} exactly reproduced from the revealed seed "
                                 "(SHA-256 {hash}…)."), {
        "game": game.title, "moves": counted("{n} move", "{n} moves", len(moves)),
        "dice": counted("{n} die", "{n} dice", dice), "hash": commitment(seed)[:12]}))


# --- luck ---------------------------------------------------------------------------------------
def luck_lines(seats: Sequence[str], dice: Sequence[tuple[int | None, int, int, int]], luckier: str | None
               ) -> list[str]:
    """The luck report in English (the command line's)."""
    return [str(line) for line in luck_texts(seats, dice, luckier)]


def luck_texts(seats: Sequence[str], dice: Sequence[tuple[int | None, int, int, int]], luckier: str | None
               ) -> list[Text]:
    """One line per seat: how lucky its dice were, in the game's own terms — `luckier` says which faces are lucky
    ("low" or "high"); None, where no face beats another, leaves the report out. `dice` are (seat, low, high,
    value); each seat's total is compared with a fair die's, as the share of fair rolls it was luckier than."""
    if luckier is None:
        return []
    lines = []
    for seat, name in enumerate(seats):
        mine = [(a, b, v) for s, a, b, v in dice if s == seat]
        if not mine:
            lines.append(Text(N_("{name}: no dice rolled."), {"name": Name(name)}))
            continue
        total = sum(v for _, _, v in mine)
        mean = sum((a + b) / 2 for a, b, _ in mine)
        variance = sum(((b - a + 1) ** 2 - 1) / 12 for a, b, _ in mine)
        higher = 0.5 if variance == 0 else 0.5 * (1 + math.erf((total - mean) / math.sqrt(2 * variance)))
        share = higher if luckier == "high" else 1 - higher
        lines.append(counted("{name}: {n} die, average {average} (a fair die: {fair}) — luckier than {share}% of "
                             "fair rolls.",
                             "{name}: {n} dice, average {average} (a fair die: {fair}) — luckier than {share}% of "
                             "fair rolls.",
                             len(mine), name=Name(name), average=float(total / len(mine)),
                             fair=float(mean / len(mine)), share=round(100 * share)))
    return lines


def luck_report(record: Mapping[str, Any], games: Mapping[str, Game]) -> list[str]:
    """The luck report of a stored game (its dice recomputed): each move's dice count for the seat that moved."""
    game = games[record["game"]]
    moves = [(m["seat"], decode_action(game, m["action"])) for m in record["moves"]]
    replay = _replay(game, len(record["seats"]), record["options"], record["seed"], record["client_seeds"], moves)
    dice = [(seat, a, b, v) for (seat, _), rolled in zip(moves, replay.dice, strict=True) for a, b, v in rolled]
    if game.luckier is None:
        return [str(Text(N_("{game}: no face of a die is luckier than another, so there is no luck report."),
                         {"game": game.title}))]
    return luck_lines(record["seats"], dice, game.luckier)
