"""The offline playground: it starts on a free port of 127.0.0.1, serves its pages, and stops cleanly."""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import socket
import sqlite3
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlsplit

import aiohttp
import pytest

from bot.games.registry import engines
from bot.playground import HOST, MEMBERS, Playground

from .cogs.helpers import labels, text_of, texts

GAMES = engines()


ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
async def playground(tmp_path):
    playground = Playground(tmp_path / "playground.sqlite3", port=0, seed="test")
    await playground.start()
    yield playground
    await playground.stop()


async def get(url: str, **kwargs):
    async with aiohttp.ClientSession() as http, http.get(url, allow_redirects=False, **kwargs) as response:
        return response.status, response.headers, await response.text()


def listening(port: int) -> bool:
    with socket.socket() as probe:
        return probe.connect_ex((HOST, port)) == 0


async def test_front_page_and_preview_page_are_served_on_loopback(playground):
    assert urlsplit(playground.url).hostname == "127.0.0.1" and playground.port > 0
    status, _, page = await get(playground.url)
    assert status == 200
    for game_id in GAMES:
        assert f'href="{game_id}"' in page
    status, headers, _ = await get(playground.url + "armymen")
    assert status == 303
    preview = urlsplit(headers["Location"])
    assert preview.hostname == "127.0.0.1" and preview.fragment == playground.capability
    status, headers, page = await get(f"http://{preview.netloc}/")
    assert status == 200 and headers["Content-Type"].startswith("text/html") and "Viewing as" in page


async def test_the_front_page_fits_a_phone_and_the_playground_logs_no_invite(tmp_path, caplog):
    """A phone draws a page without a viewport meta tag 980 px wide at 0.4; and the playground's application is
    SimCord's, whose id no Discord invite can use (the live bot logs its own: tests/cogs/test_permissions.py)."""
    with caplog.at_level(logging.INFO):
        playground = Playground(tmp_path / "playground.sqlite3", port=0, seed="test")
        await playground.start()
        try:
            _, _, page = await get(playground.url)
        finally:
            await playground.stop()
    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in page
    assert not [r.getMessage() for r in caplog.records if "invite" in r.getMessage()]


async def test_the_front_page_refuses_foreign_hosts_and_unknown_paths(playground):
    assert (await get(playground.url, headers={"Host": f"evil.example:{playground.port}"}))[0] == 403
    assert (await get(f"http://{HOST}:{playground.port}/"))[0] == 404  # no capability, no page
    assert (await get(playground.url + "chess"))[0] == 404


async def test_the_world_has_a_channel_per_game_four_members_and_a_welcome(playground):
    assert list(playground.channels) == list(GAMES)
    assert [member.user.global_name for member in playground.members.values()] == list(MEMBERS)
    assert [viewer.id for viewer in playground.preview.viewers] == [m.id for m in playground.members.values()]
    for game_id, channel in playground.channels.items():
        (welcome,) = channel.history()
        assert welcome.author.bot
        assert playground.bot.tree.get_command(game_id), f"/{game_id} is a command"
        assert f"/{game_id} new" in welcome.content and "Add a computer" in welcome.content


async def test_switching_channels_keeps_the_address(playground):
    first = playground.preview.url
    assert await playground.show("dardz") == first
    assert playground.preview.channel.id == playground.channels["dardz"].id
    status, _, _ = await get(f"http://{urlsplit(first).netloc}/")
    assert status == 200


async def test_one_person_plays_alone_with_a_computer_player(playground):
    you, channel = playground.members["Sam"], playground.channels["armymen"]
    lobby = (await you.slash(channel, "armymen new")).response.message
    await you.select(lobby, ["normal"])  # the lobby's "🤖 Add a computer…" menu
    await you.click(lobby, label="Start")
    (table,) = await playground.bot.tables.cache.open_tables()
    assert table.status == "active" and table.seats[1].is_computer
    assert table.seats[0].name == "Sam", "a real name: 'You rolls' and 'You's turn' read wrong"


async def test_a_page_is_published_again_once_the_bot_changed_what_it_shows(playground):
    """SimCord's preview serves a page's picture only while its message still has it: a page left on a snapshot
    older than the table message's last edit shows the old table, its picture "Gallery item 1 unavailable". A page
    published (a browser's own action, "Viewing as" changed) just before the bot edits the table — a deadline, a
    computer, a member in another tab — is published again within a second or two, its picture the new one."""
    sam, alice, channel = playground.members["Sam"], playground.members["Alice"], playground.channels["armymen"]
    lobby = (await sam.slash(channel, "armymen new")).response.message
    await alice.click(lobby, label="Join")
    await sam.click(lobby, label="Start")
    api = f"http://{urlsplit(await playground.show('armymen')).netloc}/api"
    capability = {"X-Simcord-Capability": playground.capability}
    async with aiohttp.ClientSession(headers=capability) as http:
        def pictures(snapshot) -> list[str]:
            return [a for a, asset in snapshot["assets"].items() if asset.get("filename") == "table.png"]

        async def status_of(context: str, asset: str) -> int:
            async with http.get(f"{api}/assets/{asset}", headers={"X-Simcord-Context": context}) as response:
                return response.status

        async with http.post(f"{api}/pages", json={}) as opened:  # a page opened: published now
            snapshot = await opened.json()
        context, revision, (shown,) = snapshot["context"]["id"], snapshot["publishedRevision"], pictures(snapshot)
        assert await status_of(context, shown) == 200
        (table,) = await playground.bot.tables.cache.open_tables()
        mover = sam if table.seats[min(table.to_act)].user_id == sam.id else alice
        await mover.slash(channel, "armymen roll")  # at once: the bot edits the table, its picture replaced
        assert await status_of(context, shown) != 200, "SimCord's: the page's picture is the edit's old one"
        for _ in range(50):
            await asyncio.sleep(0.1)
            async with http.get(f"{api}/state", headers={"X-Simcord-Context": context}) as state:
                snapshot = await state.json()
            if snapshot["publishedRevision"] > revision and pictures(snapshot):
                break
        (now,) = pictures(snapshot)
        assert now != shown and await status_of(context, now) == 200, "published again, with the new picture"


async def test_thread_tables_dms_and_table_links_are_reachable(playground):
    sam, channel = playground.members["Sam"], playground.channels["armadillo"]
    await sam.slash(channel, "armadillo new", thread=True)
    (thread,) = channel.threads
    (table,) = await playground.bot.tables.cache.open_tables()
    assert table.channel_id == thread.id
    status, _, page = await get(playground.url)
    assert f'href="at/{thread.id}"' in page and 'href="dm/Sam"' in page and "Direct messages" in page
    status, headers, _ = await get(f"{playground.url}at/{thread.id}")
    assert status == 303 and playground.preview.channel.id == thread.id
    status, headers, _ = await get(f"{playground.url}dm/Sam")
    assert status == 303 and playground.preview.channel.id == playground.users["Sam"].dm_channel.id
    assert (await get(f"{playground.url}at/12345"))[0] == 404
    links = playground.bot.links
    assert links.jump(table) == f"{playground.url}at/{thread.id}", "table links open the table's channel here"


async def post(url: str, data: dict, **kwargs):
    async with aiohttp.ClientSession() as http, http.post(url, data=data, allow_redirects=False, **kwargs) as response:
        return response.status, response.headers, await response.text()


async def test_sofia_speaks_spanish_beside_the_english_members(playground):
    sofia, sam, channel = playground.members["Sofía"], playground.members["Sam"], playground.channels["armadillo"]
    assert sofia.user.name == "sofia" and sofia.user.global_name == "Sofía"
    spanish = await sofia.slash(channel, "help")
    assert spanish.ephemeral
    assert "Juega a juegos de dados y cartas aquí mismo." in spanish.response.embeds[0].description
    lobby = (await sam.slash(channel, "armadillo new")).response.message
    assert "Join" in labels(lobby), "the server speaks English"
    await sofia.click(lobby, label="Join")
    again = await sofia.slash(channel, "game join")
    assert again.ephemeral and again.response.content == "Ya tienes sitio en esta mesa."
    refused = await sofia.slash(channel, "game start")
    assert refused.response.content == "Solo el anfitrión puede empezar la partida."
    await sam.slash(channel, "game addbot")
    started = await sam.slash(channel, "game start")
    assert started.ephemeral and started.response.content.startswith("✅ Done.")
    (dm,) = playground.users["Sofía"].dm_channel.history()  # her private view, from Sam's click
    assert texts(dm)[0].startswith("Tu vista privada de la mesa en")
    status, _, page = await get(playground.url)
    assert 'href="dm/Sof%C3%ADa"' in page
    status, headers, _ = await get(f"{playground.url}dm/Sof%C3%ADa")
    assert status == 303 and playground.preview.channel.id == playground.users["Sofía"].dm_channel.id


async def test_the_language_picker_sets_the_servers_public_language(playground):
    status, _, page = await get(playground.url)
    assert '<html lang="en">' in page and "Pick a channel" in page
    assert '<button name="language" value="es">Español</button>' in page
    assert (await post(playground.url + "language", {"language": "xx"}))[0] == 400
    status, headers, _ = await post(playground.url + "language", {"language": "es"})
    assert status == 303 and headers["Location"] == urlsplit(playground.url).path
    status, _, page = await get(playground.url)
    assert '<html lang="es">' in page and "Elige un canal" in page and "Mensajes directos" in page
    sam, channel = playground.members["Sam"], playground.channels["dardz"]
    lobby = (await sam.slash(channel, "dardz new")).response.message
    assert "Unirme" in labels(lobby), "public messages: Spanish"
    answer = await sam.slash(channel, "game join")  # Sam's own Discord speaks English
    assert answer.ephemeral and answer.response.content == "You are already seated at this table."


async def test_stop_closes_everything_and_a_restart_finds_the_table_again(tmp_path):
    database = tmp_path / "playground.sqlite3"
    first = Playground(database, port=0)
    await first.start()
    you, channel = first.members["Sam"], first.channels["armymen"]
    await you.slash(channel, "armymen new")
    ports = (first.port, urlsplit(first.preview.url).port)
    await first.stop()
    assert not any(listening(port) for port in ports)
    assert first.bot.store is None  # the database is closed
    with sqlite3.connect(database) as db:
        assert db.execute("select count(*) from sessions where status = 'lobby'").fetchone() == (1,)

    again = Playground(database, port=0)
    await again.start()
    try:
        assert again.channels["armymen"].id == channel.id  # the same world, so the table finds its channel
        (welcome,) = again.channels["armymen"].history()
        assert "/game status" in welcome.content
        (table,) = await again.bot.tables.cache.open_tables()
        assert table.channel_id == channel.id
        shown = await again.members["Sam"].slash(again.channels["armymen"], "game status")
        assert not shown.ephemeral and "Lobby" in text_of(shown.response.message)
        assert (again.token, again.capability) == (first.token, first.capability), "an open tab keeps working"
    finally:
        await again.stop()


async def test_python_m_bot_without_a_token_runs_the_playground_until_ctrl_c(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "DATABASE_PATH")}
    env.update(DISCORD_TOKEN="", PYTHONPATH=str(ROOT), PYTHONUNBUFFERED="1")
    database = tmp_path / "mine.sqlite3"
    args = ["--port", "0", "--database", str(database)] + ([] if sys.platform == "linux" else ["--no-browser"])
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", *args, cwd=tmp_path, env=env,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.DEVNULL)
    try:
        lines = []
        while not any("Stop" in line for line in lines):
            line = await asyncio.wait_for(process.stdout.readline(), timeout=60)
            assert line, f"the playground exited early: {lines}"
            lines.append(line.decode())
        lines.append((await asyncio.wait_for(process.stdout.readline(), timeout=10)).decode())
        text = "".join(lines)
        url = next(word for word in text.split() if word.startswith("http://127.0.0.1:"))
        assert str(database) in text and "Ctrl-C" in text
        if sys.platform == "linux":
            assert "No graphical browser" in text
        assert (await get(url))[0] == 200
        process.send_signal(signal.SIGINT)
        rest = (await asyncio.wait_for(process.stdout.read(), timeout=30)).decode()
        assert await process.wait() == 0
        assert "Stopped" in rest
    finally:
        if process.returncode is None:
            process.kill()
            await process.wait()
    assert database.exists()


def test_a_playground_whose_start_fails_says_why_and_ends(tmp_path):
    """A start that fails once the database is open (here its welcome) closes it again: aiosqlite's thread, left
    running, would keep the process from ever ending, and whatever waits for it (a service manager, a test) with it."""
    failing = ("import sys; sys.path.insert(0, sys.argv[1])\n"
               "from bot.playground import Playground\n"
               "async def welcome(self, now): raise RuntimeError('the welcome failed')\n"
               "Playground._welcome = welcome\n"
               "from bot.__main__ import main; raise SystemExit(main(['--port', '0', '--no-browser', '--database', "
               "sys.argv[2]]))")
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "DATABASE_PATH")}
    env.update(DISCORD_TOKEN="")
    ended = subprocess.run([sys.executable, "-c", failing, str(ROOT), str(tmp_path / "p.sqlite3")], cwd=tmp_path,
                           env=env, capture_output=True, text=True, timeout=120)
    assert ended.returncode != 0 and "RuntimeError: the welcome failed" in ended.stderr
