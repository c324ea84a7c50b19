"""LOG_FORMAT=json: one JSON object a line, with what each line is about (server, channel, table, move number,
member) when known; the default stays human-readable. Every move, timeout and refusal names its table and move."""

from __future__ import annotations

import io
import json
import logging
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot import logs
from bot.logs import JsonLines, Readable, about, configure

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(autouse=True)
def nothing_known_yet():
    """What a line is about starts empty, and what a test sets goes with it."""
    token = logs._about.set(None)
    yield
    logs._about.reset(token)


@pytest.fixture
def json_log():
    """The root logger writing JSON lines into a buffer, DEBUG and up; the lines read back as dicts."""
    buffer = io.StringIO()
    handler = logging.StreamHandler(buffer)
    handler.setFormatter(JsonLines())
    root = logging.getLogger()
    old_level = root.level
    root.addHandler(handler)
    root.setLevel(logging.DEBUG)
    yield lambda: [json.loads(line) for line in buffer.getvalue().splitlines()]
    root.removeHandler(handler)
    root.setLevel(old_level)


def test_a_json_line_has_time_level_logger_message_exception_and_what_it_is_about(json_log):
    about(guild=7, channel=8, member=9)
    try:
        raise ValueError("the dice rolled away")
    except ValueError:
        logging.getLogger("bot.test").error("could not %s", "roll", exc_info=True, extra={"table": 3, "move": 4})
    (line,) = json_log()
    assert line["level"] == "ERROR" and line["logger"] == "bot.test" and line["message"] == "could not roll"
    assert line["time"].endswith("+00:00") and "ValueError: the dice rolled away" in line["exception"]
    assert {k: line[k] for k in ("guild", "channel", "table", "move", "member")} == \
        {"guild": 7, "channel": 8, "table": 3, "move": 4, "member": 9}


def test_the_default_line_is_readable_and_ends_with_what_it_is_about():
    buffer, root = io.StringIO(), logging.getLogger()
    handlers, level = list(root.handlers), root.level
    configure("INFO", "text", buffer)
    try:
        assert [type(h.formatter) for h in root.handlers] == [Readable]  # the one handler
        about(table=12, move=7)
        logging.getLogger("bot.test").info("a move")
    finally:
        root.handlers[:] = handlers
        root.setLevel(level)
    (line,) = buffer.getvalue().splitlines()
    assert line.endswith("INFO bot.test: a move [table 12 move 7]")


async def test_every_move_is_logged_with_its_table_and_move_number(svc, json_log):
    table = await svc.started(500, 1, None)  # a computer at seat 1
    table = await svc.play(table, moves=3)
    moves = [line for line in json_log() if line["logger"] == "bot.service.telemetry"]
    logged = [(line["table"], line["move"]) for line in moves]
    assert logged == [(table.id, seq) for seq, *_ in svc.events(table.id)], moves
    assert {line["level"] for line in moves} == {"DEBUG"}


async def test_a_timeout_is_logged_at_info_with_its_table_and_move_number(svc, json_log):
    table = await svc.started(500, 1, 2, pace=600)
    await svc.advance(seconds=601)
    (timeout,) = [line for line in json_log() if line["message"].startswith("time ran out")]
    assert timeout["level"] == "INFO" and timeout["table"] == table.id
    assert timeout["move"] == svc.session_row(table.id)["seq"]


def test_an_unknown_log_format_stops_the_bot_with_one_sentence(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN", "LOG_LEVEL", "METRICS_PORT")}
    env.update(LOG_FORMAT="xml", PYTHONPATH=str(ROOT))
    ran = subprocess.run([sys.executable, "-m", "bot", "--no-browser"], cwd=tmp_path, env=env, capture_output=True,
                         text=True, timeout=60)
    assert ran.returncode == 2
    assert ran.stderr == "Cannot start: LOG_FORMAT must be text or json, not 'xml'.\n" and ran.stdout == ""
    assert list(tmp_path.iterdir()) == [], "nothing written"
