"""Running the playground from the command line (`python -m bot` without a token): its port, the browser it
opens, Ctrl-C. The playground itself is playground.py."""

from __future__ import annotations

import asyncio
import os
import socket
import sys
import webbrowser
from pathlib import Path

from db import DatabaseInUse, StoreUnavailable, hold_sqlite_file

from .app.lifecycle import on_stop_signals
from .config import DEFAULT_PLAYGROUND_DATABASE, Settings
from .playground import DEFAULT_PORT, HOST, Playground


def browser_available() -> bool:
    """A graphical browser: a console one (lynx, w3m) would take over the terminal."""
    if sys.platform.startswith("linux") and not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        return False
    try:
        return type(webbrowser.get()) is not webbrowser.GenericBrowser
    except webbrowser.Error:
        return False


def port_is_free(port: int) -> bool:
    with socket.socket() as probe:
        return probe.connect_ex((HOST, port)) != 0


async def serve(database: Path, *, port: int | None, seed: str | None, open_browser: bool,
                metrics_port: int | None = None) -> int:
    try:
        hold_sqlite_file(database)  # before anything is written beside it
    except DatabaseInUse:
        print(f"Cannot start the playground: {database} is in use by another process, and a SQLite file serves "
              f"only one: stop that one, or give this one another file with --database PATH.")
        return 2
    except StoreUnavailable as refused:
        print(f"Cannot start the playground: {refused}")
        return 2
    if port is None:
        port = DEFAULT_PORT if port_is_free(DEFAULT_PORT) else 0
    playground = Playground(database, port=port, seed=seed)
    on_stop_signals(playground.closed.set)  # Windows: KeyboardInterrupt instead
    try:
        await playground.start()
    except OSError as error:
        await playground.stop()
        print(f"Could not listen on {HOST}:{port} ({error.strerror}); try --port with another number.")
        return 1
    except BaseException:
        await playground.stop()  # the database's thread, left open, would keep the process from ever ending
        raise
    print(f"\n🎲 Playground: the real bot in a simulated Discord server, offline, on {HOST} only.\n"
          f"   Open      {playground.url}\n"
          f"   Database  {database.resolve()} (the playground's own; --database PATH for another)\n"
          f"   Dice      {'seed ' + repr(seed) + ' for every table' if seed else 'random (--seed TEXT to fix them)'}\n"
          f"   Stop      Ctrl-C (every move is saved as it is made)", flush=True)
    if metrics_port is not None:
        print(f"   Metrics   none here: METRICS_PORT ({metrics_port}) is served by the live bot only", flush=True)
    if open_browser and browser_available():
        opened = await asyncio.to_thread(webbrowser.open, playground.url)
        print("   Opened it in your browser." if opened else "   Could not open a browser: open the address above.")
    elif open_browser:
        print("   No graphical browser found here: open the address above in one.", flush=True)
    try:
        await playground.closed.wait()
    finally:
        print("\nStopping the playground…", flush=True)
        await playground.stop()
        print(f"Stopped. Everything is in {database}.", flush=True)
    return 0


def run_playground(settings: Settings, *, port: int | None, seed: str | None, open_browser: bool,
                   database: str | Path | None = None) -> int:
    database = Path(database) if database else DEFAULT_PLAYGROUND_DATABASE
    try:
        return asyncio.run(serve(database, port=port, seed=seed, open_browser=open_browser,
                                 metrics_port=settings.port))
    except KeyboardInterrupt:  # only where signal handlers are unavailable; asyncio.run cleaned up
        return 0
