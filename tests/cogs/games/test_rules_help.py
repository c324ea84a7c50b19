"""`/<game> rules` shows every word of the rules in every game and language. A section longer than an
embed field goes on in further fields, and the fields go on in another message before one would pass Discord's
embed limits; nothing is cut (Spanish Doodle Dice "Decisiones del proyecto" is 1,055 characters)."""

from __future__ import annotations

import re

import discord
import pytest

from bot.i18n import languages, speaking
from cogs.games import registered
from cogs.games.doodle.render import RENDERER as DOODLE
from cogs.table.format import CONTINUED, EMBED_CHARS, EMBED_FIELDS, FIELD_CHARS, split_text


def words(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def sections_shown(embeds: list[discord.Embed]) -> list[tuple[str, str]]:
    """The sections as a reader puts them together: a continued field joins the one above."""
    shown: list[tuple[str, str]] = []
    for embed in embeds:
        for field in embed.fields:
            if field.name == CONTINUED:
                shown[-1] = (shown[-1][0], f"{shown[-1][1]} {field.value}")
            else:
                shown.append((field.name, field.value))
    return [(name, words(text)) for name, text in shown]


def within_limits(embeds: list[discord.Embed]) -> None:
    for embed in embeds:
        assert len(embed) <= EMBED_CHARS and len(embed.fields) <= EMBED_FIELDS
        for field in embed.fields:
            assert 1 <= len(field.value) <= FIELD_CHARS and len(field.name) <= 256


@pytest.mark.parametrize("language", languages())
@pytest.mark.parametrize("game_id", list(registered()))
def test_every_games_rules_are_shown_whole_in_every_language(game_id, language):
    renderer = registered()[game_id].renderer
    with speaking(language):
        sections = renderer.rules_sections()
        embeds = renderer.rules_embeds()
    within_limits(embeds)
    assert sections_shown(embeds) == [(title, words(text)) for title, text in sections]


def test_the_spanish_doodle_project_decisions_keep_their_last_words():
    with speaking("es"):
        (title, text), = [s for s in DOODLE.rules_sections() if s[0] == "Decisiones del proyecto"]
        shown = dict(sections_shown(DOODLE.rules_embeds()))
    assert len(text) > FIELD_CHARS and text.endswith("; los empates comparten puesto.")
    assert shown[title] == words(text)


def test_a_long_text_is_cut_at_a_line_then_a_sentence_then_a_space():
    lines = "\n".join(f"Line {i}: " + "word " * 30 for i in range(12))
    pieces = split_text(lines, 400)
    assert all(len(p) <= 400 for p in pieces) and all(p.startswith("Line ") for p in pieces)
    assert words(" ".join(pieces)) == words(lines)
    sentences = " ".join(f"Sentence {i} says enough to fill a line or so." for i in range(40))
    pieces = split_text(sentences, 300)
    assert all(p.endswith(".") and len(p) <= 300 for p in pieces) and " ".join(pieces) == sentences
    unbroken = "x" * 2500
    assert split_text(unbroken) == ["x" * 1024, "x" * 1024, "x" * 452]


async def test_rules_longer_than_one_message_go_on_in_follow_ups(world, monkeypatch):
    env, channel, alice, bob = world
    long = [(f"Part {i}", " ".join(f"Rule {i}.{j} is written out in full here." for j in range(50)))
            for i in range(4)]  # about 9,000 characters: more than one message's 6,000
    monkeypatch.setattr(DOODLE, "rules_sections", lambda: long)
    result = await alice.slash(channel, "doodle rules")
    embeds = result.response.embeds + [e for message in result.followups for e in message.embeds]
    assert result.ephemeral and result.followups and all(m.flags.ephemeral for m in result.followups)
    within_limits(embeds)
    assert sections_shown(embeds) == [(title, words(text)) for title, text in long]


async def test_a_spanish_member_reads_the_doodle_rules_to_the_end(world, client_languages):
    env, channel, alice, bob = world
    client_languages[bob.id] = "es-ES"
    result = await bob.slash(channel, "doodle rules")
    shown = dict(sections_shown(result.response.embeds))
    assert shown["Decisiones del proyecto"].endswith("; los empates comparten puesto.")


@pytest.mark.parametrize(("language", "key"), [
    ("en-US", "Figures, the same on the dice, in the picture and in the text: 🌈 arch · 📏 dash · ⚫ dot · 🙂 face · "
              "↗️ slant · 🪱 squiggle"),
    ("es-ES", "Figuras, las mismas en los dados, en la imagen y en el texto: 🌈 arco · 📏 raya · ⚫ punto · 🙂 cara · "
              "↗️ diagonal · 🪱 ondulada"),
])
async def test_the_doodle_rules_give_the_key_to_the_figures_the_picture_and_text_share(world, client_languages,
                                                                                        language, key):
    """One set of figures for Doodle Dice's dice — the text's symbols, which the picture draws too — and
    their key in /doodle rules, in the reader's language."""
    env, channel, alice, bob = world
    client_languages[alice.id] = language
    result = await alice.slash(channel, "doodle rules")
    shown = dict(sections_shown(result.response.embeds))
    assert key in shown["Symbols" if language == "en-US" else "Símbolos"]
