#!/usr/bin/env python3
"""One entry point that sets itself up: needs only Python 3.11+.

    python3 run.py            start the bot (live with DISCORD_TOKEN, else the offline playground)
    python3 run.py test       run the whole test suite (extra arguments go to pytest)
    python3 run.py lint       ruff over the project

The first run creates `.venv/` and installs the project's dependencies into it (the code runs from this
folder, so nothing is built or installed from it); later runs reinstall only when pyproject.toml changed.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PYTHON = BIN / ("python.exe" if os.name == "nt" else "python")


def requirements(extras: str) -> list[str]:
    """pyproject's dependencies (and an extra's): installing only these builds nothing, so an editable
    install's setuptools notice about folders named like the package never appears."""
    import tomllib  # here, not at the top: Python 3.10 and older get the clear message below first

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    wanted = list(project["dependencies"])
    for extra in filter(None, extras.split(",")):
        wanted += project["optional-dependencies"][extra]
    return list(dict.fromkeys(wanted))


def ensure_environment(extras: str) -> None:
    if sys.version_info < (3, 11):  # noqa: UP036 - a clear message for an older interpreter
        sys.exit(f"Python 3.11 or newer is needed (this is {sys.version.split()[0]}).")
    if not PYTHON.exists():
        print("Creating the virtual environment in .venv/ …", flush=True)
        venv.EnvBuilder(with_pip=True).create(VENV)
    stamp = VENV / f".installed-{extras or 'base'}"
    wanted = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    if stamp.exists() and stamp.read_text() == wanted:
        return
    print(f"Installing the dependencies{f' ({extras})' if extras else ''} …", flush=True)
    subprocess.run([str(PYTHON), "-m", "pip", "install", "--quiet", "--upgrade", "pip"], check=True, cwd=ROOT)
    subprocess.run([str(PYTHON), "-m", "pip", "install", "--quiet", *requirements(extras)], check=True, cwd=ROOT)
    stamp.write_text(wanted)


def run_until_done(args: list[str]) -> int:
    """Run the bot; Ctrl-C reaches it too, and we wait until it has shut down cleanly."""
    process = subprocess.Popen(args, cwd=ROOT)
    while True:
        try:
            return process.wait()
        except KeyboardInterrupt:
            continue


def main(argv: list[str]) -> int:
    command, rest = (argv[0], argv[1:]) if argv and argv[0] in ("test", "lint", "bot") else ("bot", argv)
    if command == "bot":
        ensure_environment("")
        return run_until_done([str(PYTHON), "-m", "bot", *rest])
    ensure_environment("dev")
    if command == "lint":
        return subprocess.call([str(PYTHON), "-m", "ruff", "check", "."], cwd=ROOT)
    return subprocess.call([str(PYTHON), "-m", "pytest", "-n", "auto", *rest], cwd=ROOT)


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except KeyboardInterrupt:
        sys.exit(130)
