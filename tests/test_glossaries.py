"""Each language's glossary (docs/glossary/<language>.md) says which word it uses for each thing of the games and the
table, and the catalogs keep to it: one word per thing. A row with a **Test** pattern is checked in its catalog —
every text whose English names the thing (the first English term of the row, as a whole word; the games' titles,
fields and code left out) says it with that pattern in every plural form."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from bot.i18n import SOURCE, languages
from cogs.games import registered

ROOT = Path(__file__).resolve().parents[1]
GLOSSARIES = ROOT / "docs" / "glossary"
ROW = re.compile(r"^\|(?P<english>[^|]+)\|(?P<term>[^|]+)\|(?P<catalog>[^|]+)\|\s*`(?P<test>(?:[^`\\]|\\.)+)`\s*\|$")
LEFT_OUT = re.compile(r"`[^`]*`|\{\w*\}|\([^)]*\)$")


def rows(language: str) -> list[tuple[str, str, str]]:
    """(English word, catalog, pattern) of the glossary's checked rows."""
    found = []
    for line in (GLOSSARIES / f"{language}.md").read_text(encoding="utf-8").splitlines():
        if match := ROW.match(line.strip()):
            english = re.sub(r"\(.*?\)", "", match["english"].split("·")[0]).strip()
            found.append((english, match["catalog"].strip(), match["test"].replace("\\|", "|")))
    return found


def english_of(text: str) -> str:
    for parts in registered().values():
        text = text.replace(parts.engine.title, " ")
    return LEFT_OUT.sub(" ", text)


def test_every_language_besides_english_has_a_glossary():
    assert {p.stem for p in GLOSSARIES.glob("*.md")} >= set(languages()) - {SOURCE, "es"}
    assert all(rows(p.stem) for p in GLOSSARIES.glob("*.md")), "each glossary checks some words"


@pytest.mark.parametrize("language", sorted(p.stem for p in GLOSSARIES.glob("*.md")))
def test_the_catalogs_keep_to_the_glossary(language):
    strays = []
    for english, catalog, pattern in rows(language):
        named = re.compile(rf"\b{re.escape(english)}(s|es)?\b", re.IGNORECASE)
        said = re.compile(pattern, re.IGNORECASE)
        for message in read_po((ROOT / "locales" / language / "LC_MESSAGES" / f"{catalog}.po").open("rb")):
            if not message.id or message.context:
                continue
            ids = message.id if isinstance(message.id, tuple) else (message.id,)
            forms = message.string if isinstance(message.string, tuple) else (message.string,)
            if any(named.search(english_of(i)) for i in ids) and not all(said.search(form) for form in forms):
                strays.append(f"{english} → /{pattern}/ not in {forms[0]!r} ({ids[0]!r})")
    assert not strays, "\n".join(strays)
