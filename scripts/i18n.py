"""Keep the catalogs in step with the code: `python scripts/i18n.py`.

Extracts every marked text (`_`, `N_`, `ngettext`, `counted`) from bot/ and cogs/ with
Babel, and every slash command option's name from the commands the bot registers (each in the gettext context
`bot.i18n.OPTION`), and updates the `.po` files of each language of `bot.i18n.LANGUAGES` under locales/ (a
language's folder is written from its line there): new ids are added (English: the id itself; other languages:
empty, for a translator), ids no longer in the code are dropped, existing translations are kept. Each game's
texts (its folders bot/games/<id>/ and cogs/games/<id>/) go to its own catalog file, `<id>.po`, so work on one
game never touches another's; a text used by more than one game, or outside the games, goes to `bot.po`; the
words drawn in pictures to `pictures.po`.
No line numbers are written, so moving code does not churn the catalogs.
`--check` changes nothing and exits 1 when a catalog is out of step, or a catalog folder has no line in
`LANGUAGES` (tests/test_catalogs.py runs it).
"""

from __future__ import annotations

import asyncio
import csv
import gettext
import inspect
import sys
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bot.i18n import LANGUAGES, LOCALES, OPTION, SOURCE  # noqa: E402

KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "counted": (1, 2)}
PICTURES = "pictures"  # the words drawn inside pictures (bot/pictures/labels.py)


def domains() -> dict[str, tuple[str, ...]]:
    """Where each catalog's texts live (a path ending in "/" is a folder): each game's, by its id, is its engine's
    folder and its edge folder (the registry's games, cogs/games); the pictures' words their own."""
    from cogs.games import live

    games = {game_id: (f"bot/games/{game_id}/", f"cogs/games/{game_id}/") for game_id in live()}
    return {**games, PICTURES: ("bot/pictures/",)}


SHARED = "bot"


@dataclass(frozen=True, order=True)
class InContext:
    """A message id looked up in a gettext context (a slash command option's name: `bot.i18n.OPTION`)."""

    context: str
    id: str


Message = str | tuple[str, str] | InContext  # a text, a singular and plural pair, or a text in a context


def domain_of(path: str, places_of: dict[str, tuple[str, ...]]) -> str:
    for domain, places in places_of.items():
        if any(path == place or (place.endswith("/") and path.startswith(place)) for place in places):
            return domain
    return SHARED


def extracted() -> dict[str, dict[Message, str]]:
    """{domain: {message: an auto comment}} for every marked text in the code and every option's name."""
    found: dict[Message, set[str]] = defaultdict(set)
    places_of = domains()
    for folder in ("bot", "cogs"):
        for filename, _lineno, message, _comments, _context in extract_from_dir(
            ROOT / folder, method_map=[("**.py", "python")], keywords=KEYWORDS, comment_tags=(),
            strip_comment_tags=True,
        ):
            message = message if isinstance(message, str) else tuple(message)
            if isinstance(message, tuple) and not all(message):
                continue
            found[message].add(domain_of(f"{folder}/{filename}", places_of))
    for domain, places in places_of.items():
        for name in data_texts(places):
            found[name].add(domain)
    for name, path in option_names():
        found[InContext(OPTION, name)].add(domain_of(path, places_of))
    by_domain: dict[str, dict] = defaultdict(dict)
    for message, where in found.items():
        by_domain[where.pop() if len(where) == 1 else SHARED][message] = ""
    return by_domain


def data_texts(places: tuple[str, ...]) -> list[str]:
    """Texts that live in data files, not code: the `name` column of a CSV in a catalog's folders (the Doodle
    Dice doodles' names)."""
    names = []
    for place in places:
        for path in sorted((ROOT / place).glob("*.csv")) if place.endswith("/") else []:
            with path.open(encoding="utf-8") as data:
                names += [row["name"] for row in csv.DictReader(data) if "name" in row]
    return names


def option_names() -> list[tuple[str, str]]:
    """(name, file) of every option of the slash commands the bot registers, the file being its command's: an option
    goes to the catalog of the commands that have it (`/dardz pick number`: dardz.po; `pace`, in every game: bot.po)."""
    from discord import app_commands

    from bot.app import DiceBot
    from cogs.games import live

    games = live()

    def place(command: app_commands.Command, name: str) -> str:
        """A game's own lobby option is its folder's (its `Opening` describes it), though `/<id> new` is made for
        every game in one place; any other option is its command's file's."""
        game = command.root_parent.name if command.root_parent else None
        if game in games and name in games[game].engine.options:
            return f"{games[game].package.replace('.', '/')}/__init__.py"
        return Path(inspect.getsourcefile(command.callback)).relative_to(ROOT).as_posix()

    async def registered() -> list[tuple[str, str]]:
        bot = DiceBot(":memory:", games=games)
        await bot.assemble()
        await bot.shutdown_storage()
        return [(parameter.name, place(command, parameter.name))
                for command in bot.tree.walk_commands() if isinstance(command, app_commands.Command)
                for parameter in command.parameters]

    return asyncio.run(registered())


def key_of(message: Message) -> tuple[str, str | None]:
    """How a catalog finds a message: its (singular) id and its context."""
    if isinstance(message, InContext):
        return message.id, message.context
    return (message if isinstance(message, str) else message[0]), None


def po_path(language: str, domain: str) -> Path:
    return LOCALES / language / "LC_MESSAGES" / f"{domain}.po"


def translations(language: str) -> dict[tuple[str, str | None], object]:
    """Every translated entry of the language, whichever of its files holds it: a text that moves from
    one catalog file to another (it became shared) keeps its translation."""
    found = {}
    for path in sorted((LOCALES / language / "LC_MESSAGES").glob("*.po")):
        for message in read_po(path.open("rb"), locale=language):
            if message.id and message.string and not message.fuzzy:
                found.setdefault((message.id if isinstance(message.id, str) else message.id[0], message.context),
                                 message)
    return found


def old_plural_rule(language: str) -> str | None:
    """The Plural-Forms expression the language's catalogs were written with (None: no catalog yet)."""
    for path in sorted((LOCALES / language / "LC_MESSAGES").glob("*.po")):
        return read_po(path.open("rb")).plural_expr
    return None


# Numbers that reach every plural form CLDR gives a language of ours (Spanish's "many": 1,000,000, 2,000,000…).
PLURAL_SAMPLES = (*range(0, 1000), *(k * 10**6 for k in range(1, 4)), 10**9)


def plural_forms(forms: tuple[str, ...], was: str | None, now: str) -> tuple[str, ...]:
    """Translated plural forms written under the plural rule `was`, rearranged for the rule `now`: each new form
    is the old form the same numbers used to get. When CLDR gives a language another form (Spanish's "many", new
    in CLDR 47), it starts as what those numbers read before, not as an empty string."""
    if was is None or was == now:
        return forms
    old_index, new_index = gettext.c2py(was), gettext.c2py(now)
    rearranged = {}
    for n in PLURAL_SAMPLES:
        rearranged.setdefault(new_index(n), forms[min(old_index(n), len(forms) - 1)])
    return tuple(rearranged.get(index, "") for index in range(max(rearranged) + 1))


def updated(language: str, domain: str, messages: dict, old: dict, was: str | None) -> Catalog:
    new = Catalog(locale=language, domain=domain, project="Dice Table", version="1", fuzzy=False,
                  copyright_holder="the Dice Table contributors",
                  header_comment=f"# Dice Table: the {domain} texts in {language}. Translate the msgstr lines;\n"
                                 "# after changing texts in the code, run `python scripts/i18n.py`.")
    for message in sorted(messages, key=lambda m: (key_of(m)[0], key_of(m)[1] or "")):
        msgid, context = key_of(message)
        plural = isinstance(message, tuple)
        before = old.get((msgid, context))
        same_kind = before is not None and isinstance(before.id, tuple) == plural
        if same_kind and before.string and not before.fuzzy:
            string = plural_forms(before.string, was, new.plural_expr) if plural else before.string
        elif language == SOURCE:
            string = message if plural else msgid
        else:
            string = ("", "") if plural else ""
        new.add(message if plural else msgid, string, context=context)
    return new


def render(catalog: Catalog) -> bytes:
    from io import BytesIO

    out = BytesIO()
    write_po(out, catalog, width=0, no_location=True, omit_header=False, sort_output=True, ignore_obsolete=True)
    # The header's creation date would change on every run, the generator's name with every Babel release: keep them
    # out of the file.
    return b"\n".join(line for line in out.getvalue().split(b"\n")
                      if not line.startswith((b'"POT-Creation-Date', b'"Generated-By')))


def main(argv: list[str]) -> int:
    check = "--check" in argv
    wanted = extracted()
    stale = []
    for language in LANGUAGES:
        old, was = translations(language), old_plural_rule(language)
        files = set(wanted) | {p.stem for p in (LOCALES / language / "LC_MESSAGES").glob("*.po")}
        for domain in sorted(files):
            path = po_path(language, domain)
            text = render(updated(language, domain, wanted.get(domain, {}), old, was))
            if path.exists() and path.read_bytes() == text:
                continue
            stale.append(str(path.relative_to(LOCALES.parent)))
            if not check:
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_bytes(text)
    unknown = sorted(p.name for p in LOCALES.iterdir() if p.is_dir() and p.name not in LANGUAGES)
    if unknown:
        print("Catalog folders without a line in bot/i18n.py LANGUAGES (add one, or remove the folder):",
              *unknown, sep="\n  ")
    if check and stale:
        print("Out of step with the code (run `python scripts/i18n.py`):", *stale, sep="\n  ")
    if check and (stale or unknown):
        return 1
    if not check:
        print("Updated:", *stale, sep="\n  ") if stale else print("The catalogs are up to date.")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
