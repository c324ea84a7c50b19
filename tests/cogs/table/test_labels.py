"""Every word on a control fits a phone. Discord cuts a button's label at 80 characters and a menu's option at
100, but a phone shows about 38 (34 beside an emoji) — a menu's placeholder, beside its arrow, about 27 (24) —
before it truncates, and a cut label can drop the very name or number a player looks for. Whole games at five
seats (Army Men Dice War: two), every seat a member with a 32-character display name, in every language the bot
speaks (a new one is checked as soon as it is added): each button label, menu placeholder, option label and
option description the bot sends — on the table, in DMs, in My hand — stays within its budget
(`cogs/table/labels.py`, where the budgets are and every move control's words are fitted)."""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

import discord
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "benchmarks"))

from rest_budget import choose, modal_offers, move_controls, offers, opener, press, wanted  # noqa: E402

from bot.i18n import language_of  # noqa: E402
from cogs.games import registered  # noqa: E402
from cogs.table.labels import fits as fits_a_phone  # noqa: E402
from tests.cogs.helpers import message_by_id, table_of  # noqa: E402
from tests.languages import LOCALES, raw  # noqa: E402

NAMES = ("Maximiliana Valentina de la Cruz", "Bartholomew Fitzgerald-Hampshire", "Anastasia Konstantinopoulou III",
         "Guadalupe Esperanza Villanueva R", "Christopher Alexander Montgomery")
# game, seats, options of `/<game> new`, a label the game must have shown, in the reader's language (so the test
# is not passing on a game that never reached its long labels): its text and plural, a name in it shortened ("…")
GAMES = [
    ("armymen", 2, {}, None),
    ("armadillo", 5, {}, None),
    ("doodle", 5, {}, ("Block {name}", None)),  # a name shortened to fit, the full one in the table text
    ("dardz", 5, {}, ("{number}", None)),  # a number to pick; who holds it: the picture and its description
    ("dardz", 4, {"teams": True}, ("{name} rolls first", None)),  # Team DARDZ: who rolls first
]
GAMES += [(game_id, min(5, parts.engine.max_players), {}, None) for game_id, parts in registered().items()
          if game_id not in {g for g, *_ in GAMES}]  # any other registered game, at its most seats up to five
FIELDS = {"{name}": ".+…", "{number}": r"\d+", "{n}": r"\d+"}


def label_pattern(language: str, shown: tuple[str, str | None] | None) -> re.Pattern[str]:
    """A label made from `shown` in `language`, whatever its fields (every plural form)."""
    if shown is None:
        return re.compile(".")
    forms = {raw(language, *shown, n) for n in (1, 2, 5)}
    patterns = []
    for form in forms:
        pattern = re.escape(form)
        for field, means in FIELDS.items():
            pattern = pattern.replace(re.escape(field), means)
        patterns.append(f"^{pattern}$")
    return re.compile("|".join(patterns))


MAX_MOVES = 3000


def shown_words(payload: Any) -> list[tuple[str, bool, bool]]:
    """Every word a phone shows on a control in a REST payload (a message, an interaction answer's data): each
    button's label, each menu's placeholder, each option's label and description — with whether an emoji stands
    beside it and whether it is a placeholder (the narrower budget)."""
    found, stack = [], [payload]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            if item.get("type") == 2 and "label" in item:
                found.append((item["label"], bool(item.get("emoji")), False))
            if item.get("type") == 3:
                found += [(item["placeholder"], False, True)] if item.get("placeholder") else []
                for option in item.get("options", []):
                    found.append((option["label"], bool(option.get("emoji")), False))
                    found += [(option["description"], False, False)] if option.get("description") else []
            stack += list(item.values())
        elif isinstance(item, list):
            stack += item
    return found


def sent(env) -> list[tuple[str, bool, bool]]:
    """Every word on every control the bot sent."""
    return [word for call in env.http_requests for word in shown_words(call.json)]


def descriptions(env) -> str:
    """The texts the bot sent (Text Displays, pictures' descriptions, embed descriptions) in messages and in
    interaction answers' `data`."""
    found, stack = [], [call.json for call in env.http_requests]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            if item.get("type") == 10:
                found.append(item.get("content") or "")
            if isinstance(item.get("description"), str):
                found.append(item["description"])
            stack += list(item.values())
        elif isinstance(item, list):
            stack += item
    return "\n".join(found)


async def control(channel, table, seat: int, member) -> tuple[Any, discord.Message, Any]:
    """What a member presses for the computer's choice: the table's controls (or the choices one of them opens),
    else their DM, else My hand."""
    message = message_by_id(channel, table.message_id)
    controls = move_controls(message)
    if controls and (len(table.to_act) == 1 or offers(controls, wanted(table, seat))):
        return member, message, choose(controls, table, seat)
    if (button := opener(message)) is not None:
        opened = await member.click(message, custom_id=button.custom_id)
        if modal_offers(opened, wanted(table, seat)):
            return member, opened, (None, wanted(table, seat))
    dm = member.user.dm_channel
    latest = next((m for m in reversed(dm.history()) if move_controls(m)), None) if dm else None
    if latest is not None and table.seats[seat].dm_message_id == latest.id:
        return member.user, latest, choose(move_controls(latest), table, seat)
    hand = (await member.click(message, custom_id=f"h:{table.id}")).response.message
    return member, hand, choose(move_controls(hand), table, seat)


async def play_a_whole_game(env, channel, members, game: str, options: dict[str, Any]) -> None:
    lobby = (await members[0].slash(channel, f"{game} new", pace="casual", **options)).response.message
    table_id = table_of(env, channel).id
    for member in members[1:]:
        await member.click(message_by_id(channel, lobby.id), custom_id=f"l:{table_id}:join")
    await members[0].click(message_by_id(channel, lobby.id), custom_id=f"l:{table_id}:start")
    for _ in range(MAX_MOVES):
        table = table_of(env, channel)
        if table is None or table.status != "active":
            return
        seat = min(s for s in table.to_act if table.seats[s].human)
        member = next(m for m in members if m.id == table.seats[seat].user_id)
        actor, message, choice = await control(channel, table, seat, member)
        await press(actor, message, choice)
    raise AssertionError(f"{game}: no end after {MAX_MOVES} moves")


@pytest.mark.parametrize("locale", LOCALES.values())
@pytest.mark.parametrize(("game", "seats", "options", "shown"), GAMES, ids=[f"{g[0]}-{g[1]}" for g in GAMES])
async def test_every_label_fits_a_phone_with_long_names(simcord_env, client_languages, game, seats, options, shown,
                                                         locale):
    env = simcord_env
    guild = env.create_guild(name="Game Night", preferred_locale=locale)
    channel = guild.create_text_channel(game)
    members = [guild.add_member(env.create_user(f"member{i}", global_name=name))
               for i, name in enumerate(NAMES[:seats])]
    for member in members:
        client_languages[member.id] = locale
    await play_a_whole_game(env, channel, members, game, options)
    labels = {label for label, _, _ in sent(env)}
    long = sorted({label for label, emoji, placeholder in sent(env)
                   if not fits_a_phone(label, emoji=emoji, placeholder=placeholder)})
    assert not long, f"{game} ({locale}): {len(long)} labels over the budget: {long}"
    assert any(label_pattern(language_of(locale), shown).search(label) for label in labels), sorted(labels)
    if game == "dardz" and not options:  # each pick's holders, named in full in the table text
        assert re.search(rf"\d+ → ({'|'.join(NAMES)})\b", descriptions(env))  # the picture's words
