"""A server's house rules, as `/settings defaults` reads them and `/settings show` says them: the game's own options
typed as `name:value` pairs (`target:100 teams:true`; `name:default` gives one back to the game), each read as the
game's option is typed (a number, yes/no, a word), and every setting of the server in words."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.games.core import Game
from bot.i18n import LANGUAGES, N_, _, option_name
from bot.service.errors import Refusal
from bot.service.guild_settings import ServerSettings
from bot.service.server_defaults import GameDefaults
from cogs.table.format import pace_text

YES, NO = ("on", "true", "yes", "1"), ("off", "false", "no", "0")
RESET = "default"
CLOCKS = {"fixed": N_("fixed clock"), "bank": N_("time bank")}


def typed_options(game: Game, typed: str | None) -> dict[str, Any]:
    """`name:value` pairs as the game's options take them (None: back to the game's own). A name the game does not
    have, or a value of the wrong kind, is refused naming it."""
    chosen: dict[str, Any] = {}
    for pair in (typed or "").replace(",", " ").split():
        name, colon, value = pair.partition(":")
        option = game.options.get(name)
        if not colon or option is None:
            raise Refusal(N_("{game} has no option {name}: its options are {names}."), game=game.title, name=name,
                          names=", ".join(game.options) or "—")
        chosen[name] = None if value == RESET else typed_value(option.default, name, value)
    return chosen


def typed_value(default: Any, name: str, value: str) -> Any:
    if isinstance(default, bool):
        if value.casefold() in YES + NO:
            return value.casefold() in YES
    elif isinstance(default, int):
        if value.lstrip("-").isdigit():
            return int(value)
    else:
        return value
    raise Refusal(N_("Option {name} takes a value like {example}."), name=name, example=default)


def defaults_line(title: str, defaults: GameDefaults) -> str:
    """"**DARDZ**: live · 2-minute turns, time bank, target 100" — what a game starts from here."""
    parts = []
    if defaults.pace_seconds is not None:
        parts.append(pace_text(defaults.pace_seconds))
    if defaults.clock is not None:
        parts.append(_(CLOCKS.get(defaults.clock, defaults.clock)))
    if defaults.away is not None:
        parts.append(_("away days pause clocks") if defaults.away else _("away days do not pause clocks"))
    parts += [f"{option_name(name)} {shown(value)}" for name, value in sorted(defaults.options.items())]
    return f"**{title}**: " + (", ".join(parts) or _("the bot's own defaults"))


def shown(value: Any) -> str:
    if isinstance(value, bool):
        return _("on") if value else _("off")
    return str(value)


def settings_text(settings: ServerSettings, server_language: str, defaults: Sequence[GameDefaults],
                  titles: Mapping[str, str]) -> str:
    """Every setting of the server, for `/settings show`."""
    language = LANGUAGES.get(settings.language, settings.language) if settings.language else \
        _("the server's Discord language ({language})", language=LANGUAGES.get(server_language, server_language))
    lines = [_("**This server's settings**"),
             _("Language of public messages: {language}", language=language),
             _("Pictures: {pictures}", pictures=_("on") if settings.pictures else _("off")),
             _("Time zone: {zone}", zone=settings.time_zone or "UTC"),
             _("**House rules** (`/settings defaults`): a table's own choices still win")]
    lines += [defaults_line(titles.get(d.game, d.game), d) for d in defaults if d.game in titles] or \
        [_("none: every game starts from the bot's own defaults")]
    return "\n".join(lines)[:2000]
