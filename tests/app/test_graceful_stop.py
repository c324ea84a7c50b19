"""A graceful stop, in a real process: the playground (the real bot in SimCord) is sent SIGTERM while two members
play; it exits 0 within the grace period, every move it acknowledged is in the database, nothing was logged above
WARNING — and the next start resumes the table, which plays on (and stops as cleanly on SIGINT)."""

from __future__ import annotations

import json
import signal
import sqlite3
import subprocess
import sys
import time
from contextlib import closing
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PROCESS = ROOT / "tests" / "playground_process.py"


def start(mode: str, database: Path, ledger: Path) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, str(PROCESS), mode, str(database), str(ledger)], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def lines(ledger: Path) -> list[str]:
    return ledger.read_text().splitlines() if ledger.exists() else []


def wait_for(ledger: Path, enough, process: subprocess.Popen, seconds: float = 60) -> list[str]:
    deadline = time.monotonic() + seconds
    while not enough(lines(ledger)):
        assert process.poll() is None, f"the bot process ended early: {process.communicate()}"
        assert time.monotonic() < deadline, f"not enough in {seconds} s: {lines(ledger)}"
        time.sleep(0.02)
    return lines(ledger)


def stopped(process: subprocess.Popen, sig: signal.Signals) -> tuple[float, list[dict]]:
    """Send `sig`; (seconds until the process ended, its log lines). It must exit 0 and log nothing above WARNING."""
    sent = time.monotonic()
    process.send_signal(sig)
    out, err = process.communicate(timeout=30)
    took = time.monotonic() - sent
    assert process.returncode == 0, (process.returncode, err[-3000:])
    logged = [json.loads(line) for line in err.splitlines() if line.strip()]
    above_warning = [line for line in logged if line["level"] not in ("DEBUG", "INFO", "WARNING")]
    assert not above_warning, above_warning
    return took, logged


def stored(database: Path) -> dict[int, int]:
    """Each table's move number in the database, and that every move up to it is logged."""
    with closing(sqlite3.connect(f"file:{database}?mode=ro", uri=True)) as conn:
        seqs = dict(conn.execute("SELECT id, seq FROM sessions"))
        for table_id, seq in seqs.items():
            logged = [n for (n,) in conn.execute("SELECT seq FROM events WHERE session_id = ? ORDER BY seq",
                                                (table_id,))]
            assert logged == list(range(1, seq + 1)), (table_id, seq, logged)
    return seqs


def test_sigterm_mid_game_loses_no_acknowledged_move_and_the_next_start_resumes(tmp_path):
    database, ledger = tmp_path / "playground.sqlite3", tmp_path / "moves.txt"
    bot = start("play", database, ledger)
    try:
        wait_for(ledger, lambda got: len(got) > 15, bot)  # "started" and 15 moves or more
        took, _logged = stopped(bot, signal.SIGTERM)
    finally:
        bot.kill()
    acknowledged = [tuple(map(int, line.split())) for line in lines(ledger) if line != "started"]
    seqs = stored(database)
    for table_id, move in acknowledged:
        assert seqs[table_id] >= move, f"table {table_id}: move {move} was acknowledged but not stored"
    table_id, move = acknowledged[-1]
    assert seqs[table_id] == move, "a move was stored whose answer never reached its player"
    assert took < 12, f"the stop took {took:.1f} s"
    ledger.unlink()
    again = start("resume", database, ledger)
    try:
        found = wait_for(ledger, lambda got: any(line.startswith("moved") for line in got), again)
        stopped(again, signal.SIGINT)
    finally:
        again.kill()
    (listed,) = [line.split()[1:] for line in found if line.startswith("tables")]
    tables = dict(zip(*[iter(map(int, listed))] * 2, strict=True))
    assert tables[table_id] == seqs[table_id], (tables, seqs)  # resumed where it stopped
    assert f"moved {table_id} {seqs[table_id] + 1}" in found  # and it plays on
    assert stored(database)[table_id] == seqs[table_id] + 1
