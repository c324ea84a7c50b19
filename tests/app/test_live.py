"""Settings the live bot can't run with stop it before anything is written, in one sentence naming the setting,
with exit status 2: a metrics port another program listens on, a port that is no port, a token Discord refuses.
(LOG_FORMAT: test_logs.py; the backup and restore paths: test_backups.py.)"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path

from aiohttp import web
from discord.http import Route

from bot.app.live import serve
from bot.config import Settings

ROOT = Path(__file__).resolve().parents[2]


def live_bot(cwd: Path, **settings: str) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "LOG_FORMAT", "LOG_LEVEL", "METRICS_HOST")}
    env.update(PYTHONPATH=str(ROOT), DISCORD_TOKEN="not-a-real-token", DATABASE_PATH="data/dicetable.sqlite3",
               **settings)
    return subprocess.run([sys.executable, "-m", "bot"], cwd=cwd, env=env, capture_output=True, text=True, timeout=60)


def test_a_metrics_port_in_use_stops_the_bot_before_anything_is_written(tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        ran = live_bot(tmp_path, METRICS_PORT=str(port))
    assert ran.returncode == 2 and ran.stdout == ""
    assert ran.stderr == (f"Cannot start: METRICS_PORT {port} can't be used on 127.0.0.1 (address already in use): "
                          f"choose another port, or unset METRICS_PORT.\n")
    assert list(tmp_path.iterdir()) == [], "no database, no lock file"


def test_a_metrics_port_that_is_no_port_is_named(tmp_path):
    for given in ("nine-thousand", "70000", "0"):
        ran = live_bot(tmp_path, METRICS_PORT=given)
        assert (ran.returncode, ran.stdout) == (2, "")
        assert ran.stderr == f"Cannot start: METRICS_PORT must be a port number from 1 to 65535, not {given!r}.\n"
    assert list(tmp_path.iterdir()) == []


def test_metrics_are_off_unless_a_port_is_given_and_listen_on_loopback_unless_told(monkeypatch):
    for name in ("METRICS_PORT", "METRICS_HOST", "LOG_FORMAT"):
        monkeypatch.delenv(name, raising=False)
    default = Settings.from_env(env_file=None)
    assert (default.port, default.metrics_host, default.log_format, default.problem()) == \
        (None, "127.0.0.1", "text", None)
    monkeypatch.setenv("METRICS_PORT", "9464")
    monkeypatch.setenv("METRICS_HOST", "0.0.0.0")
    monkeypatch.setenv("LOG_FORMAT", "JSON")
    chosen = Settings.from_env(env_file=None)
    assert (chosen.port, chosen.metrics_host, chosen.log_format, chosen.problem()) == (9464, "0.0.0.0", "json", None)


async def test_a_token_discord_refuses_is_named_with_nothing_half_written(tmp_path, monkeypatch, capsys):
    """The live bot's run (bot/app/live.py) against a server answering /users/@me as Discord does for a wrong token
    (401): one sentence naming DISCORD_TOKEN, exit status 2, no database made."""
    async def unauthorized(request: web.Request) -> web.Response:
        return web.json_response({"message": "401: Unauthorized", "code": 0}, status=401)

    app = web.Application()
    app.router.add_get("/api/v10/users/@me", unauthorized)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = site._server.sockets[0].getsockname()[1]
    monkeypatch.setattr(Route, "BASE", f"http://127.0.0.1:{port}/api/v10")
    settings = Settings(discord_token="not-a-real-token", database_path=tmp_path / "dicetable.sqlite3",
                        dev_guild_id=None)
    try:
        status = await serve(settings)
    finally:
        await runner.cleanup()
    assert status == 2
    assert capsys.readouterr().err == ("Cannot start: DISCORD_TOKEN was refused by Discord: copy the bot's token "
                                       "again (Developer Portal, your application, Bot, Reset Token).\n")
    claimed = tmp_path / "dicetable.sqlite3"  # the claim only (a lock on the file): an empty file, no database
    assert list(tmp_path.iterdir()) == [claimed] and claimed.stat().st_size == 0



def test_discord_out_of_reach_is_one_sentence_and_voice_is_not_mentioned(tmp_path):
    """No network, or no DNS: the first connection fails, and the operator reads one sentence (exit status 2), not a
    traceback; nor discord.py's warnings about voice libraries, which a bot without voice never needs."""
    with socket.socket() as closed:  # a port nothing listens on: the connection is refused, as with no network
        closed.bind(("127.0.0.1", 0))
        port = closed.getsockname()[1]
    unreachable = (f"from discord.http import Route; Route.BASE = 'http://127.0.0.1:{port}/api/v10'\n"
                   "from bot.__main__ import main; raise SystemExit(main([]))")
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "LOG_FORMAT", "LOG_LEVEL", "METRICS_PORT")}
    env.update(PYTHONPATH=str(ROOT), DISCORD_TOKEN="not-a-real-token", DATABASE_PATH="data/dicetable.sqlite3")
    ran = subprocess.run([sys.executable, "-c", unreachable], cwd=tmp_path, env=env, capture_output=True, text=True,
                         timeout=60)
    assert ran.returncode == 2, ran.stderr
    logged, said = ran.stderr.splitlines()[:-1], ran.stderr.splitlines()[-1]
    assert said.startswith("Cannot start: Discord could not be reached (")
    assert said.endswith("check this machine's network connection and DNS, then start again."), said
    assert not [line for line in logged if "WARNING" in line or "ERROR" in line or "Traceback" in line], logged
