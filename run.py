#!/usr/bin/env python3
"""One entry point that sets itself up: needs only Python 3.11+.

    python3 run.py            start the bot (live with DISCORD_TOKEN, else the offline playground)
    python3 run.py test       run the whole test suite (extra arguments go to pytest)
    python3 run.py lint       ruff over the project, and mypy over bot/ and cogs/ (pyproject.toml says how)
    python3 run.py lock       update uv.lock after changing pyproject.toml's dependencies (extra arguments go to
                              `uv lock`: `--upgrade` moves every package to its newest allowed release,
                              `--upgrade-package NAME` one, `--check` only says whether the lock is current)
    python3 run.py bot ARGS   the bot's own commands: `verify FILE`, `backup PATH`, `restore PATH`, `--help`

The first run creates `.venv/` and installs into it exactly the versions `uv.lock` names, each checked against
its hash (uv does it; the project's code runs from this folder, so nothing of it is built or installed). Later
runs install again only when uv.lock or pyproject.toml changed, or when a command needs a set it has not got yet
(the tests' tools), and a set never shrinks: the bot after the tests installs nothing.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PYTHON = BIN / ("python.exe" if os.name == "nt" else "python")
UV = BIN / ("uv.exe" if os.name == "nt" else "uv")
UV_RELEASE = "uv==0.13.9"  # the installer; the lock names everything else
STAMP = VENV / ".installed.json"  # {"inputs": digest of uv.lock and pyproject.toml, "extras": [...]}


def inputs_digest() -> str:
    digest = hashlib.sha256()
    for name in ("uv.lock", "pyproject.toml"):
        digest.update((ROOT / name).read_bytes())
    return digest.hexdigest()


def installed() -> tuple[str, set[str]]:
    try:
        stamp = json.loads(STAMP.read_text(encoding="utf-8"))
        return stamp["inputs"], set(stamp["extras"])
    except (OSError, ValueError, KeyError, TypeError):
        return "", set()


def to_install(extras: set[str]) -> set[str] | None:
    """The extras to sync so that `extras` are installed, None when they already are. What was installed before
    stays (the bot after the tests uninstalls nothing), and a changed uv.lock or pyproject.toml installs again."""
    digest, have = installed()
    current = digest == inputs_digest()
    if current and extras <= have:
        return None
    return extras | have


def uv(*args: str) -> int:
    """uv, working on .venv/ (never a Python of its own) with the project's pyproject.toml and uv.lock."""
    if not UV.exists():
        subprocess.run([str(PYTHON), "-m", "pip", "install", "--quiet", "--disable-pip-version-check", UV_RELEASE],
                       check=True, cwd=ROOT)
    environment = {**os.environ, "UV_PROJECT_ENVIRONMENT": str(VENV), "UV_PYTHON": str(PYTHON),
                   "UV_PYTHON_DOWNLOADS": "never", "UV_NO_PROGRESS": "1"}
    return subprocess.call([str(UV), *args], cwd=ROOT, env=environment)


def ensure_virtual_environment() -> None:
    if sys.version_info < (3, 11):  # noqa: UP036 - a clear message for an older interpreter
        sys.exit(f"Python 3.11 or newer is needed (this is {sys.version.split()[0]}).")
    if not PYTHON.exists():
        print("Creating the virtual environment in .venv/ …", flush=True)
        venv.EnvBuilder(with_pip=True).create(VENV)


def ensure_environment(extras: set[str]) -> None:
    ensure_virtual_environment()
    wanted = to_install(extras)
    if wanted is None:
        return
    print(f"Installing the locked dependencies{' (' + ', '.join(sorted(wanted)) + ')' if wanted else ''} …",
          flush=True)
    extra_args = [arg for extra in sorted(wanted) for arg in ("--extra", extra)]
    if uv("sync", "--locked", "--no-install-project", "--quiet", *extra_args) != 0:
        sys.exit("Could not install the locked dependencies (above). If pyproject.toml changed, run "
                 "`python3 run.py lock` and commit uv.lock with it.")
    STAMP.write_text(json.dumps({"inputs": inputs_digest(), "extras": sorted(wanted)}), encoding="utf-8")


def run_bot(args: list[str]) -> int:
    """The bot replaces this process, so a signal to it (systemd's stop, a container's, Ctrl-C) reaches the bot
    itself, which stops gracefully. Windows has no exec that keeps the process: there we wait for it."""
    if args[:1] in (["verify"], ["backup"], ["restore"]):  # their files are named from where you are
        args = [args[0], *(arg if arg.startswith("-") else str(Path(arg).resolve()) for arg in args[1:])]
    command = [str(PYTHON), "-m", "bot", *args]
    if os.name == "posix":
        os.chdir(ROOT)
        os.execv(command[0], command)
    process = subprocess.Popen(command, cwd=ROOT)
    while True:
        try:
            return process.wait()
        except KeyboardInterrupt:
            continue


def main(argv: list[str]) -> int:
    commands = ("test", "lint", "bot", "lock")
    command, rest = (argv[0], argv[1:]) if argv and argv[0] in commands else ("bot", argv)
    if command == "bot":
        ensure_environment(set())
        return run_bot(rest)
    if command == "lock":
        ensure_virtual_environment()
        return uv("lock", *rest)
    ensure_environment({"dev"})
    if command == "lint":
        ruff = subprocess.call([str(PYTHON), "-m", "ruff", "check", "."], cwd=ROOT)
        mypy = subprocess.call([str(PYTHON), "-m", "mypy"], cwd=ROOT)  # what it checks: pyproject.toml
        return ruff or mypy
    # -rs: one line per reason a test was skipped (the PostgreSQL and browser tests, without those servers).
    return subprocess.call([str(PYTHON), "-m", "pytest", "-n", "auto", "-rs", *rest], cwd=ROOT)


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except KeyboardInterrupt:
        sys.exit(130)
