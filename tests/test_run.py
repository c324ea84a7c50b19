"""`run.py`, the one entry point: the bot replaces it (a signal to it is a signal to the bot), files named on its
command line are found from where it was typed, and what it installed is never installed again."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import run

ROOT = Path(__file__).resolve().parents[1]
# run.py as a process, with this interpreter standing in for .venv/bin/python (whatever made the test's environment).
AS_RUN_PY = ("import sys; sys.path.insert(0, {root!r}); import run; run.PYTHON = sys.executable; "
             "run.run_bot(sys.argv[1:])")


def run_py(*args: str, cwd: Path, **popen) -> subprocess.Popen:
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "METRICS_PORT", "LOG_FORMAT")}
    env.update(DISCORD_TOKEN="", PYTHONPATH=str(ROOT))  # set but empty: .env can't put a token back
    return subprocess.Popen([sys.executable, "-c", AS_RUN_PY.format(root=str(ROOT)), *args], cwd=cwd, env=env,
                            text=True, **popen)


def held(database: Path) -> bool:
    """Whether a process still holds the SQLite file (asked from a process of its own, as a second bot would)."""
    probe = subprocess.run([sys.executable, "-c", "import sys; from db import hold_sqlite_file, StoreUnavailable\n"
                            "try: hold_sqlite_file(sys.argv[1])\nexcept StoreUnavailable: sys.exit(1)", str(database)],
                           cwd=ROOT, capture_output=True, text=True, timeout=30)
    return probe.returncode == 1


@pytest.mark.skipif(os.name != "posix", reason="exec replaces the process on POSIX only")
def test_sigterm_to_run_py_stops_the_bot_itself(tmp_path):
    """A process manager signals the process it started: that process is the bot, which stops gracefully (exit 0)
    and lets go of its database."""
    database = tmp_path / "playground.sqlite3"
    bot = run_py("--no-browser", "--port", "0", "--database", str(database), cwd=tmp_path,
                 stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 60
        started = ""
        while "Stop      Ctrl-C" not in started:
            assert time.monotonic() < deadline and bot.poll() is None, started + bot.stderr.read()
            started += bot.stdout.readline()
        command_line = Path(f"/proc/{bot.pid}/cmdline").read_bytes().split(b"\0")
        assert command_line[1:3] == [b"-m", b"bot"], "run.py is the bot now, not its parent"
        assert held(database)
        bot.send_signal(signal.SIGTERM)
        out, _err = bot.communicate(timeout=30)
    finally:
        if bot.poll() is None:
            bot.kill()
    assert bot.returncode == 0
    assert f"Stopped. Everything is in {database}" in out
    assert not held(database), "nothing of the bot is left holding the database"


def test_a_file_named_to_run_py_is_found_from_where_it_was_typed(tmp_path):
    (tmp_path / "table-7.json").write_text("{not json", encoding="utf-8")
    verify = run_py("verify", "table-7.json", cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    out, err = verify.communicate(timeout=60)
    assert verify.returncode == 2, err
    assert out.startswith(f"✗ Cannot read {tmp_path / 'table-7.json'}:")


def test_what_is_installed_is_never_installed_again(tmp_path, monkeypatch):
    """The tests' set holds the bot's: `python3 run.py` after `python3 run.py test` installs nothing; a changed lock
    installs again, keeping every set that was there."""
    for name in ("uv.lock", "pyproject.toml"):
        (tmp_path / name).write_text(name)
    monkeypatch.setattr(run, "ROOT", tmp_path)
    monkeypatch.setattr(run, "STAMP", tmp_path / "installed.json")
    assert run.to_install(set()) == set()  # nothing yet: the bot's dependencies
    run.STAMP.write_text(json.dumps({"inputs": run.inputs_digest(), "extras": ["dev"]}))
    assert run.to_install(set()) is None
    assert run.to_install({"dev"}) is None
    (tmp_path / "uv.lock").write_text("a newer lock")
    assert run.to_install(set()) == {"dev"}
