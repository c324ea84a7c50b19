"""The one rule after the service has committed a change: every Discord step — the answer, the table edit,
pings, notices, each DM, the result — is attempted on its own. A failure is logged and never reported as
"the game is unchanged" (that is said only before a commit); the other steps still go out; and a member whose
own answer could not show their change is told it was saved.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from bot.i18n import N_, _
from bot.service import Table

from .permissions import ChannelRefused

log = logging.getLogger(__name__)

CLOSING_TRIES = 3
SAVED = N_("✅ Saved — but Discord did not let me update the table. `/game status` shows it again.")


async def attempt(what: str, step: Awaitable[Any]) -> bool:
    """THE rule after the service has committed: every Discord step (the answer, the table edit, pings,
    notices, DMs, the result) is attempted on its own. A failure is logged and never reported as
    'unchanged' — the change is saved; the others still go out. True when the step succeeded."""
    try:
        await step
        return True
    except ChannelRefused:  # a permission the channel lacks: logged as a warning where Discord said so
        pass
    except discord.HTTPException:
        log.warning("after a saved change, failed %s", what, exc_info=True)
    except Exception:
        log.exception("after a saved change, failed %s", what)
    return False


async def attempt_closing(table: Table, what: str, step: Callable[[], Awaitable[Any]]) -> bool:
    """`attempt`, but a closed table's last message edit and result are tried up to CLOSING_TRIES times:
    no later update will set them right (`/game status` and a click on the old message still can)."""
    tries = CLOSING_TRIES if table.status in ("finished", "ended") else 1
    for _try in range(tries):
        if await attempt(what, step()):
            return True
    return False


async def tell_saved(interaction: discord.Interaction) -> None:
    """The member's own answer could not show their change: say it was saved all the same."""
    if interaction.response.is_done():
        await interaction.followup.send(_(SAVED), ephemeral=True)
    else:
        await interaction.response.send_message(_(SAVED), ephemeral=True)
