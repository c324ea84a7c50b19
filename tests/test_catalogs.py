"""The catalogs are complete and in step with the code, and the language machinery picks the right words."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

import discord
import pytest
from babel.messages.pofile import read_po
from babel.numbers import format_decimal

from bot.games.core import IllegalAction
from bot.i18n import LANGUAGES, SOURCE, _, clock_time, language_of, languages, ngettext, speaking, translated
from bot.service.errors import NotYourTurn, TooManyTables

from .languages import FOREIGN

ROOT = Path(__file__).resolve().parents[1]
FIELD = re.compile(r"(?<!\{)\{(\w*)\}(?!\})")
CATALOGS = sorted((ROOT / "locales").glob("*/LC_MESSAGES/*.po"))
MARKERS = {"_", "N_", "ngettext", "counted"}


def relpath(path: Path) -> str:
    return str(path.relative_to(ROOT))


def test_every_marked_text_is_in_the_catalogs_and_nothing_else():
    check = subprocess.run([sys.executable, "scripts/i18n.py", "--check"], cwd=ROOT, capture_output=True, text=True)
    assert check.returncode == 0, check.stdout + check.stderr


def test_every_language_has_the_same_catalog_files_and_every_folder_a_language():
    assert {"en", "es", "pt_BR", "fr", "de"} <= set(languages())
    files = {language: {p.name for p in (ROOT / "locales" / language / "LC_MESSAGES").glob("*.po")}
             for language in languages()}
    assert len({frozenset(names) for names in files.values()}) == 1, files
    assert {p.name for p in (ROOT / "locales").iterdir() if p.is_dir()} == set(LANGUAGES)


ENGLISH_WORDS = re.compile(r"\b[A-Za-z]{3,}\b")
CODE = re.compile(r"`[^`]*`|\{\w*\}|\[[^\]]*\]\([^)]*\)|[A-Z]+-R\d+")


@pytest.mark.parametrize("language", FOREIGN)
def test_no_sentence_is_left_in_english(language):
    """A translation may be its English id when it is a name ("Jackpot", "Robot") or a word both languages share
    ("normal"), never a sentence: three English words or more kept as they are mean a text nobody translated."""
    left = []
    for path in (ROOT / "locales" / language / "LC_MESSAGES").glob("*.po"):
        for message in read_po(path.open("rb")):
            ids = message.id if isinstance(message.id, tuple) else (message.id,)
            forms = message.string if isinstance(message.string, tuple) else (message.string,)
            kept = message.id and not message.context and any(form in ids for form in forms)
            if kept and len(ENGLISH_WORDS.findall(CODE.sub(" ", ids[0]))) >= 3:
                left.append(ids[0])
    assert not left, left


@pytest.mark.parametrize("path", CATALOGS, ids=relpath)
def test_no_entry_is_untranslated_or_fuzzy_and_fields_match(path):
    catalog = read_po(path.open("rb"))
    problems = []
    for message in catalog:
        if not message.id:
            continue
        if message.fuzzy:
            problems.append(f"fuzzy: {message.id!r}")
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        if isinstance(message.id, tuple) and len(forms) != catalog.num_plurals:
            problems.append(f"{len(forms)} plural forms, not {catalog.num_plurals}: {message.id!r}")
        if not all(forms):
            problems.append(f"untranslated: {message.id!r}")
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        wanted = set().union(*(FIELD.findall(i) for i in ids))
        for form in forms:
            fields = set(FIELD.findall(form))
            # A plural form may leave out {n} ("un dado"); no form may invent a field or drop another.
            if fields - wanted or (wanted - {"n"}) - fields:
                problems.append(f"fields {sorted(fields)} ≠ {sorted(wanted)} in {form!r}")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("path", sorted(p for d in ("bot", "cogs") for p in (ROOT / d).rglob("*.py")), ids=relpath)
def test_marked_texts_are_literals(path):
    """An f-string or a concatenation inside `_()` cannot be looked up in a catalog: use `{fields}`. And a text marked
    inside an f-string is never extracted (the extractor does not read into f-strings): mark it outside."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) in MARKERS and node.args:
            first = node.args[0]
            assert not isinstance(first, ast.JoinedStr | ast.BinOp), f"{relpath(path)}:{node.lineno}"
        if isinstance(node, ast.JoinedStr):
            hidden = [call.lineno for call in ast.walk(node)
                      if isinstance(call, ast.Call) and getattr(call.func, "id", None) in MARKERS and call.args
                      and isinstance(call.args[0], ast.Constant)]
            assert not hidden, f"{relpath(path)}:{hidden} marks a text inside an f-string"


SOURCES = sorted(p for d in ("bot", "cogs", "scripts") for p in (ROOT / d).rglob("*.py"))  # db/: SQL, "row_to_json(s)"


@pytest.mark.parametrize("path", SOURCES, ids=relpath)
def test_no_text_counts_with_s_in_brackets(path):
    """A count's words agree with it — ngettext or `counted` in what players read, "files written: 3" in an
    operator's line and the logs — never "2 table(s)"."""
    texts = [node for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
             if isinstance(node, ast.Constant) and isinstance(node.value, str) and re.search(r"\w\(s\)", node.value)]
    assert not texts, f"{relpath(path)}:{texts[0].lineno}: {texts[0].value!r}"


def test_discord_locales_map_to_our_languages():
    assert language_of("es-ES") == language_of("es-419") == language_of(discord.Locale.spain_spanish) == "es"
    assert language_of("pt-BR") == language_of(discord.Locale.brazil_portuguese) == "pt_BR"  # a region's catalog
    assert language_of("fr") == "fr" and language_of("de") == "de"
    assert language_of("en-GB") == language_of("en-US") == "en"
    assert language_of("ja") == language_of("sv-SE") == "en"  # no catalog: English
    assert language_of(None) == "en"
    reached = {language_of(locale) for locale in discord.Locale}
    assert reached == set(LANGUAGES), "every language is some Discord locale's, and every locale finds one"


def test_a_text_follows_the_language_it_is_made_in():
    with speaking("es"):
        assert _("This table is full.") == "Esta mesa está llena."
        with speaking("en"):
            assert _("This table is full.") == "This table is full."
        assert _("This table is full.") == "Esta mesa está llena."
    with speaking("pt"):  # no catalog: English
        assert _("This table is full.") == "This table is full."


def test_plural_forms_come_from_the_catalog():
    one, three = TooManyTables([1]).text, TooManyTables([1, 2, 3]).text
    with speaking("es"):
        assert translated(one).startswith("Ya tienes 1 mesa abierta")
        assert translated(three).startswith("Ya tienes 3 mesas abiertas")
    assert str(three).startswith("You already host 3 open tables")
    with speaking("es"):
        assert ngettext("You already host {n} open table in this server ({where}). "
                        "Finish it, or end it with `/game end` in its channel, before opening another.",
                        "You already host {n} open tables in this server ({where}). "
                        "Finish one, or end it with `/game end` in its channel, before opening another.",
                        2, where="#x").startswith("Ya tienes 2 mesas")


@pytest.mark.parametrize("language", languages())
def test_every_language_has_the_plural_forms_cldr_gives_it(language):
    """The catalogs' Plural-Forms are the ones the locked Babel (its CLDR) gives each language — Spanish has three
    since CLDR 47: one, many (a million, two million…) and other — and every count reads as a plural of that
    language: never an empty form, never the English."""
    from babel import Locale
    from babel.messages.catalog import Catalog

    wanted = Catalog(locale=language).plural_forms
    for path in (ROOT / "locales" / language / "LC_MESSAGES").glob("*.po"):
        assert read_po(path.open("rb")).plural_forms == wanted, path
    player, players = "{n} player", "{n} players"
    with speaking(language):
        forms = {n: ngettext(player, players, n) for n in (0, 1, 2, 5, 21, 10**6, 2 * 10**6)}
    for n, text in forms.items():
        written = format_decimal(n, locale=language)  # a count as the reader writes it: 1,000,000; 1.000.000
        assert text and written in text and (language == SOURCE or "player" not in text), (n, text)
    one, two = (format_decimal(n, locale=language) for n in (10**6, 2 * 10**6))
    if Locale.parse(language).plural_form(10**6) == "many":
        assert forms[10**6] == forms[2 * 10**6].replace(two, one)


def test_refusals_and_rule_reasons_are_translated_with_their_fields():
    refusal = NotYourTurn.waiting_for(["Ana", "Bo", "Cy"])
    assert refusal.message == "It's not your turn: the table is waiting for Ana, Bo and Cy."
    with speaking("es"):
        assert translated(refusal.text) == "No es tu turno: la mesa espera a Ana, Bo y Cy."
        assert translated(IllegalAction("Option {name} must be one of {choices}.", name="pace",
                                        choices="1, 2").text) == "La opción pace debe ser una de: 1, 2."


@pytest.mark.parametrize("path", sorted(p for d in ("bot", "cogs") for p in (ROOT / d).rglob("*.py")), ids=relpath)
def test_modules_that_translate_never_rebind_underscore(path):
    """`for _, x in …` in a module that imported `_` would make `_("…")` call a tuple item."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    imports_it = any(isinstance(node, ast.ImportFrom) and any(a.name == "_" for a in node.names)
                     for node in ast.walk(tree))
    rebinds = [node.lineno for node in ast.walk(tree)
               if isinstance(node, ast.Name) and node.id == "_" and isinstance(node.ctx, ast.Store)]
    assert not (imports_it and rebinds), f"{relpath(path)} rebinds _ on lines {rebinds}: name it `__` or `unused`"


def test_counts_and_times_of_day_are_written_as_each_reader_writes_them():
    counts = {}
    for language in languages():
        with speaking(language):
            counts[language] = (ngettext("{n} move", "{n} moves", 12345), clock_time(23 * 60 + 5), clock_time(8 * 60))
    assert counts["en"] == ("12,345 moves", "11:05\u202fPM", "8:00\u202fAM")
    assert counts["es"][1:] == ("23:05", "8:00") and counts["es"][0].startswith("12.345 ")
    assert counts["de"] == ("12.345 Spielzüge", "23:05", "08:00")
    assert counts["fr"] == ("12\u202f345 coups", "23:05", "08:00")
    assert counts["pt_BR"] == ("12.345 jogadas", "23:05", "08:00")


def test_a_fraction_is_written_in_the_readers_notation():
    from bot.service.fairness import luck_texts

    line = luck_texts(["ana"], [(0, 1, 6, 6), (0, 1, 6, 5), (0, 1, 6, 6)], "low")[0]
    assert str(line).startswith("ana: 3 dice, average 5.67 (a fair die: 3.50)")
    with speaking("es"):
        assert translated(line).startswith("ana: 3 dados, media 5,67 (un dado justo: 3,50)")
