"""Provably fair dice: game records, `verify` and the luck report (bot/fairness.py), and `python -m bot verify`."""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from pathlib import Path

import pytest

from bot.__main__ import main
from bot.games.core import decode_action, encode_action
from bot.games.registry import engines
from bot.games.rng import FairRng
from bot.service.fairness import luck_lines, luck_report, record_game, verify

from ..games.test_conformance import ComputerChooser, RandomChooser, play, variants

GAMES = engines()



ROOT = Path(__file__).resolve().parents[2]
CLIENT_SEEDS = ["alice-7", "bob-42", "carol", "dan", "eve", "fay", "gus", "hal"]


def finished(game, players, options, fair: bool, chooser=None):
    clients = CLIENT_SEEDS[:players] if fair else None
    rng = (lambda n: FairRng("s3cret", clients, n)) if fair else None
    state, moves = play(game, players, options, "s3cret", chooser or ComputerChooser("v"), rng=rng)
    names = [f"p{s}" for s in range(players)]
    return record_game(game, options, names, "s3cret", clients, [(s, a, "player") for s, a in moves])


@pytest.mark.parametrize(("game", "players", "options"), list(variants()))
@pytest.mark.parametrize("fair", [True, False], ids=["fair", "old-tables"])
def test_verify_accepts_every_finished_conformance_playout(game, players, options, fair):
    record = finished(game, players, options, fair, RandomChooser(f"{game.id}{players}"))
    assert record["result"] is not None
    verdict = verify(json.loads(json.dumps(record)), GAMES)  # as read back from table-N.json
    assert verdict.ok, verdict.line
    assert verdict.line.startswith("✓ Verified") and "\n" not in verdict.line


@pytest.fixture(params=list(GAMES))
def record(request):
    game = GAMES[request.param]
    return finished(game, game.min_players, {n: o.default for n, o in game.options.items()}, fair=True)


def test_a_tampered_die_is_refused(record):
    forged = copy.deepcopy(record)
    move = next(m for m in forged["moves"] if any(isinstance(d, int) for d in m["draws"]))
    i = next(i for i, d in enumerate(move["draws"]) if isinstance(d, int))
    move["draws"][i] = move["draws"][i] + 1 if move["draws"][i] < 2 else move["draws"][i] - 1
    verdict = verify(forged, GAMES)
    assert not verdict.ok and f"move {move['seq']}'s dice differ" in verdict.line


def test_a_wrong_seed_is_refused(record):
    forged = dict(record, seed="another")
    assert "does not match the commitment" in verify(forged, GAMES).line
    forged["commitment"] = None  # even without the commitment, the dice give it away
    assert not verify(forged, GAMES).ok


def test_a_tampered_move_is_refused(record):
    game, clients = GAMES[record["game"]], record["client_seeds"]
    state = game.setup(len(record["seats"]), record["options"], FairRng("s3cret", clients, 0))
    for n, move in enumerate(record["moves"]):  # the first move that had an alternative
        others = [a for a in game.legal_actions(state, move["seat"]) if encode_action(a) != move["action"]]
        if others:
            break
        state = game.apply(state, move["seat"], decode_action(game, move["action"]), FairRng("s3cret", clients, n + 1))
    for tamper in (
        lambda m: m[n].update(action=encode_action(others[0])),  # another legal move
        lambda m: m[-1].update(seat=(m[-1]["seat"] + 1) % len(record["seats"])),  # someone else's move
        lambda m: m[0].update(action='["Nope"]'),  # not a move at all
        lambda m: m.pop(),  # a game cut short
    ):
        forged = copy.deepcopy(record)
        tamper(forged["moves"])
        verdict = verify(forged, GAMES)
        assert not verdict.ok and verdict.line.startswith("✗"), verdict.line
    assert not verify(dict(record, result={"placings": [1] * len(record["seats"]),
                                           "scores": record["result"]["scores"]}), GAMES).ok


def test_a_client_seed_changes_the_dice():
    game = GAMES["dardz"]
    record = finished(game, 2, {"teams": False, "target": 50}, fair=True)
    forged = dict(record, client_seeds=["alice-8", "bob-42"])
    assert not verify(forged, GAMES).ok


def test_the_luck_report_for_scripted_dice_in_the_games_own_terms():
    dice = [(0, 1, 6, 6), (0, 1, 6, 6), (0, 1, 6, 5), (1, 1, 6, 1), (1, 1, 6, 6), (None, 0, 1, 1)]
    assert luck_lines(["alice", "bob", "🤖 Carl"], dice, "high") == [
        "alice: 3 dice, average 5.67 (a fair die: 3.50) — luckier than 99% of fair rolls.",
        "bob: 2 dice, average 3.50 (a fair die: 3.50) — luckier than 50% of fair rolls.",
        "🤖 Carl: no dice rolled.",
    ]
    assert luck_lines(["alice", "bob", "🤖 Carl"], dice, "low")[0] == \
        "alice: 3 dice, average 5.67 (a fair die: 3.50) — luckier than 1% of fair rolls.", "high dice, bad luck"
    assert luck_lines(["alice", "bob", "🤖 Carl"], dice, None) == [], "no face luckier: no report"


def test_the_luck_report_of_a_stored_game(record):
    lines = luck_report(record, GAMES)
    game = GAMES[record["game"]]
    if game.luckier is None:
        assert lines == [f"{game.title}: no face of a die is luckier than another, so there is no luck report."]
    else:
        assert len(lines) == len(record["seats"]) and all(line.startswith(f"p{s}: ")
                                                          for s, line in enumerate(lines))


def test_python_m_bot_verify(tmp_path, capsys, record):
    path = tmp_path / "table-1.json"
    path.write_text(json.dumps(record))
    assert main(["verify", str(path), "--luck"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("✓ Verified") and out[1:] == luck_report(record, GAMES)
    path.write_text(json.dumps(dict(record, seed="x", commitment=None)))
    assert main(["verify", str(path)]) == 1
    assert capsys.readouterr().out.startswith("✗ Not verified")
    assert main(["verify", str(tmp_path / "missing.json")]) == 2


def without(record, key):
    return {k: v for k, v in record.items() if k != key}


BAD_RECORDS = {
    "missing draws": lambda r: dict(r, moves=[without(m, "draws") for m in r["moves"]]),
    "missing final_state_sha256": lambda r: without(r, "final_state_sha256"),
    "missing result": lambda r: without(r, "result"),
    "missing setup_draws": lambda r: without(r, "setup_draws"),
    "options a list": lambda r: dict(r, options=[1, 2]),
    "options a string": lambda r: dict(r, options="teams"),
    "seed a number": lambda r: dict(r, seed=12),
    "seed null": lambda r: dict(r, seed=None),
    "a record that is a list": lambda r: [r],
    "too many seats": lambda r: dict(r, seats=r["seats"] * 20),
    "client seeds that do not match the seats": lambda r: dict(r, client_seeds=["x"]),
    "an unknown option": lambda r: dict(r, options={"house_rules": True}),
}


@pytest.mark.parametrize("forge", BAD_RECORDS.values(), ids=BAD_RECORDS.keys())
def test_python_m_bot_verify_says_in_one_line_what_is_wrong_with_a_bad_record(tmp_path, capsys, record, forge):
    path = tmp_path / "table-1.json"
    path.write_text(json.dumps(forge(copy.deepcopy(record))))
    assert main(["verify", str(path), "--luck"]) == 2
    out = capsys.readouterr().out
    assert out.count("\n") == 1 and out.startswith("✗ Not a game record this bot can read ("), out


def test_python_m_bot_verify_refuses_a_move_by_a_seat_the_game_does_not_have(tmp_path, capsys, record):
    path = tmp_path / "table-1.json"
    path.write_text(json.dumps(dict(record, moves=[dict(m, seat=99) for m in record["moves"]])))
    assert main(["verify", str(path)]) == 1
    out = capsys.readouterr().out
    assert out.count("\n") == 1 and out.startswith("✗ Not verified: a stored move is not legal"), out


@pytest.mark.parametrize("content", [b"[" * 200_000, b"\xff\xfe not text", b"{\"game\": 1e999999}", b""],
                         ids=["deeply nested", "not UTF-8", "a huge number", "empty"])
def test_python_m_bot_verify_refuses_a_file_that_is_not_json_in_one_line(tmp_path, capsys, content):
    path = tmp_path / "table-1.json"
    path.write_bytes(content)
    assert main(["verify", str(path)]) == 2
    out = capsys.readouterr().out
    assert out.count("\n") == 1 and out.startswith("✗ "), out


def test_python_m_bot_verify_reads_a_bounded_amount_of_an_endless_file(capsys):
    assert main(["verify", "/dev/zero"]) == 2
    out = capsys.readouterr().out
    assert out.count("\n") == 1 and "larger than" in out, out


def test_the_command_line_prints_no_traceback_for_a_bad_record(tmp_path, record):
    """The real command, in its own process: one line on stdout, nothing on stderr."""
    path = tmp_path / "table-1.json"
    path.write_text(json.dumps(without(record, "result")))
    done = subprocess.run([sys.executable, "-m", "bot", "verify", str(path)], capture_output=True, text=True,
                          cwd=ROOT, timeout=60)
    assert done.returncode == 2 and done.stderr == "" and done.stdout.count("\n") == 1, done


def test_the_command_line_needs_the_rules_only(tmp_path):
    """`python -m bot verify` asks the game layer's registry for the engines: a fresh process verifying a record
    imports no module of the Discord edge (cogs/) and not discord.py itself."""
    game = GAMES["armymen"]
    path = tmp_path / "table-1.json"
    path.write_text(json.dumps(finished(game, 2, {"campaign": False}, fair=True)))
    script = ("import sys\nfrom bot.__main__ import main\nassert main(['verify', sys.argv[1]]) == 0\n"
              "print(sorted(m for m in sys.modules if m.split('.')[0] in ('cogs', 'discord')))")
    done = subprocess.run([sys.executable, "-c", script, str(path)], capture_output=True, text=True, cwd=ROOT,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1] == "[]", done.stdout
