"""docs/ is the project's own documentation: generated parts are current, and rulings cannot drift."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
spec = importlib.util.spec_from_file_location("docs_script", ROOT / "scripts" / "docs.py")
docs = importlib.util.module_from_spec(spec)
spec.loader.exec_module(docs)


def test_generated_docs_are_current():
    stale = [str(path.relative_to(ROOT)) for path, text in docs.expected_files().items()
             if path.read_text(encoding="utf-8") != text]
    assert not stale, f"run `.venv/bin/python scripts/docs.py`: {stale}"


@pytest.mark.parametrize("game_id", list(docs.registered()))
def test_the_rules_doc_and_the_rules_help_cite_the_same_rulings(game_id):
    parts = docs.registered()[game_id]
    text = parts.rules_path.read_text(encoding="utf-8")
    spec_text = text.split(docs.GENERATED)[0]
    defined = docs.spec_rulings(spec_text)
    in_help = docs.ruling_numbers(" ".join(f"{t} {b}" for t, b in parts.engine.rules_help))
    assert defined and defined == in_help, (sorted(defined - in_help), sorted(in_help - defined))


def test_every_option_and_typed_command_is_documented():
    commands = (docs.DOCS / "commands.md").read_text(encoding="utf-8")
    for parts in docs.live().values():
        for name in parts.engine.options:
            assert f"- `{name}`" in commands
    for name in ("campaign", "teams", "target", "pace", "minutes", "thread"):
        assert f"- `{name}`" in commands
    for typed in ("/armymen set-aside", "/doodle reroll", "/dardz pick", "/armadillo respond", "/game end"):
        assert f"### `{typed}`" in commands


def test_the_readme_points_into_the_repository():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "../shared" not in readme
    for path in ("docs/architecture.md", "docs/commands.md", "docs/rules/"):
        assert path in readme and (ROOT / path).exists()
