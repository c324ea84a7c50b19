"""The claim on a SQLite file is the file's, not its name's: a bot playing on one name of the database, and a second
process started on another name of the same file — a hard link, a symlink — is refused before it reads or writes
anything (exit status 2, one sentence naming DATABASE_PATH), while a backup through that name still works and the
first bot loses nothing. Real processes: the playground with two members clicking (tests/playground_process.py,
each acknowledged move in an fsync'd ledger), and `python -m bot` as an operator starts it."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import time
from contextlib import closing
from pathlib import Path

import pytest

from db import Store, StoreUnavailable

ROOT = Path(__file__).resolve().parents[2]
PLAYING = ROOT / "tests" / "playground_process.py"
pytestmark = pytest.mark.skipif(os.name != "posix", reason="a SQLite file is claimed with flock, on POSIX only")


def ledger_lines(ledger: Path) -> list[str]:
    return ledger.read_text().splitlines() if ledger.exists() else []


def moves_acknowledged(ledger: Path, process: subprocess.Popen, at_least: int) -> list[tuple[int, int]]:
    """The moves the playing bot acknowledged, once there are `at_least` of them."""
    deadline = time.monotonic() + 90
    while len(ledger_lines(ledger)) < at_least + 1:  # "started" first
        assert process.poll() is None, f"the playing bot ended early: {process.communicate()}"
        assert time.monotonic() < deadline, ledger_lines(ledger)
        time.sleep(0.02)
    return [tuple(map(int, line.split())) for line in ledger_lines(ledger) if line != "started"]


def bot(*args: str, cwd: Path, **settings: str) -> subprocess.CompletedProcess:
    """`python -m bot ARGS` as an operator runs it, with these settings (and no other database)."""
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "DISPLAY", "WAYLAND_DISPLAY",
                                                            "METRICS_PORT", "LOG_FORMAT")}
    env.update(PYTHONPATH=str(ROOT), **settings)
    return subprocess.run([sys.executable, "-m", "bot", *args], cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=120)


def stored(path: Path) -> tuple[dict[int, int], str]:
    """Each table's move number read through `path` (every move up to it logged), and SQLite's integrity check."""
    with closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as conn:
        seqs = dict(conn.execute("SELECT id, seq FROM sessions"))
        for table_id, seq in seqs.items():
            logged = [n for (n,) in conn.execute("SELECT seq FROM events WHERE session_id = ? ORDER BY seq",
                                                (table_id,))]
            assert logged == list(range(1, seq + 1)), (table_id, seq, logged)
        (check,) = conn.execute("PRAGMA integrity_check").fetchone()
    return seqs, check


def names_in(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


def refused_for_other_names(path: Path) -> str:
    return f"DATABASE_PATH {path} is one of 2 names of the same file (hard links)"


@pytest.mark.parametrize("second_name", ["hard link", "symlink"])
def test_a_second_name_of_a_claimed_file_is_refused_and_nothing_is_lost(tmp_path, second_name):
    database, ledger = tmp_path / "dicetable.sqlite3", tmp_path / "moves.txt"
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    other = elsewhere / "also-dicetable.sqlite3"
    playing = subprocess.Popen([sys.executable, str(PLAYING), "play", str(database), str(ledger)], cwd=ROOT,
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        moves_acknowledged(ledger, playing, 10)
        saved = bot("backup", str(tmp_path / "saved.sqlite3"), cwd=tmp_path, DATABASE_PATH=str(database))
        assert saved.returncode == 0, saved
        os.link(database, other) if second_name == "hard link" else other.symlink_to(database)
        assert names_in(elsewhere) == [other.name]

        live = bot(cwd=tmp_path, DATABASE_PATH=str(other), DISCORD_TOKEN="not-used")
        assert live.returncode == 2 and live.stdout == "", live
        assert live.stderr.count("\n") == 1 and "Traceback" not in live.stderr, live.stderr
        assert live.stderr.startswith(f"Cannot start: DATABASE_PATH {other} is in use by another bot process")
        playground = bot("--port", "0", "--no-browser", "--database", str(other), cwd=tmp_path, DISCORD_TOKEN="")
        assert playground.returncode == 2 and playground.stdout.startswith(
            f"Cannot start the playground: {other} is in use by another process"), playground
        restore = bot("restore", str(tmp_path / "saved.sqlite3"), cwd=tmp_path, DATABASE_PATH=str(other))
        assert (restore.returncode, restore.stderr) == (2, f"✗ DATABASE_PATH {other} is in use by a running bot: "
                                                           "stop the bot first, then restore.\n"), restore
        backup = bot("backup", str(tmp_path / "tonight.sqlite3"), cwd=tmp_path, DATABASE_PATH=str(other))
        if second_name == "symlink":  # read through the one file's own log, never claimed
            assert backup.returncode == 0 and backup.stdout.startswith(f"✓ Backed up {other}"), backup
        else:  # read through the second name, SQLite would not see the log kept beside the first
            assert backup.returncode == 2 and backup.stderr.startswith(f"✗ {refused_for_other_names(other)}")
        assert names_in(elsewhere) == [other.name], "the refused processes wrote nothing there (no log of their own)"

        played = len(moves_acknowledged(ledger, playing, 0))
        moves_acknowledged(ledger, playing, played + 5)  # the first bot played on meanwhile
        playing.send_signal(signal.SIGTERM)
        _, err = playing.communicate(timeout=60)
        assert playing.returncode == 0, err[-3000:]
    finally:
        if playing.poll() is None:
            playing.kill()
    acknowledged = moves_acknowledged(ledger, playing, 0)
    seqs, check = stored(database)
    assert check == "ok"
    assert all(seqs[table] >= move for table, move in acknowledged), "every acknowledged move is stored"
    assert os.path.samefile(database, other)

    if second_name == "hard link":  # with no bot running, a start on either name is refused while both exist
        for name in (other, database):
            again = bot(cwd=tmp_path, DATABASE_PATH=str(name), DISCORD_TOKEN="not-used")
            assert again.returncode == 2 and again.stderr.startswith(
                f"Cannot start: {refused_for_other_names(name)}"), again
        assert stored(database) == (seqs, "ok")


async def test_one_process_refuses_a_second_name_of_the_file_it_holds(tmp_path):
    """Stores of one process (the tests, a bot restarted in one process) share its claim on the file; a hard link
    made meanwhile is refused under either name, and the store already open plays on."""
    path, link = tmp_path / "bot.sqlite3", tmp_path / "link.sqlite3"
    first = await Store.open(path)
    second = await Store.open(path)
    os.link(path, link)
    for name in (link, path):
        with pytest.raises(StoreUnavailable, match="is one of 2 names of the same file"):
            await Store.open(name)
    await first.close()
    await second.ping()  # still serving
    link.unlink()
    third = await Store.open(path)  # one name again: the claim is shared
    await second.close()
    probe = [sys.executable, "-c", "import sys; from db import hold_sqlite_file, StoreUnavailable\n"
             "try: hold_sqlite_file(sys.argv[1])\nexcept StoreUnavailable: sys.exit(1)", str(path)]
    assert subprocess.run(probe, cwd=ROOT, timeout=60).returncode == 1, "held while a store is open"
    await third.close()
    assert subprocess.run(probe, cwd=ROOT, timeout=60).returncode == 0, "given back with the last store"
