"""The table edge, built once for a bot over the service it is handed: each part handed the parts it uses, none
calling back up, nothing looked up on the bot.

    Controller ──▶ Publisher ──▶ TableMessage, ClosingRetries, PrivateViews, Notices, HostWarnings ──▶ Shared
    TimerNotices (the service's listener) ──▶ Publisher, Reminding (reminders and digests), …
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import discord

from bot.metrics import UNMEASURED, Unmeasured
from bot.pictures import Drawer
from bot.service import Tables
from bot.service.guild_settings import GuildSettings
from bot.service.member_languages import MemberLanguages

from .channel import Channel
from .closing import ClosingRetries
from .controller import Controller
from .dms import PrivateViews
from .format import Links
from .host_warnings import HostWarnings
from .language import Languages
from .notices import Notices
from .permissions import ChannelAccess
from .pictures import TablePictures
from .publisher import Publisher
from .reminders import Reminding
from .render import Renderer
from .shared import Shared
from .table_message import TableMessage
from .timer_notices import TimerNotices


@dataclass(frozen=True)
class Edge:
    shared: Shared
    table_message: TableMessage
    closing: ClosingRetries
    private_views: PrivateViews
    publisher: Publisher
    controller: Controller
    timer_notices: TimerNotices
    reminding: Reminding

    @classmethod
    def build(cls, client: discord.Client, tables: Tables, settings: GuildSettings, members: MemberLanguages,
              renderers: Mapping[str, Renderer], drawers: Mapping[str, Drawer], *, links: Links | None = None,
              metrics: Unmeasured = UNMEASURED) -> Edge:
        """The edge of `client` over the service (`tables`, the servers' `settings`, the `members`' languages),
        showing each game with its renderer and drawer."""
        access = ChannelAccess(client)
        shared = Shared(client, tables, renderers, access, Channel(client, access),
                        TablePictures(settings, drawers, metrics), Languages(client, settings, members),
                        links or Links())
        table_message = TableMessage(shared)
        notices, host_warnings = Notices(shared), HostWarnings(shared)
        closing = ClosingRetries(shared, table_message, notices)
        private_views = PrivateViews(shared)
        publisher = Publisher(shared, table_message, closing, private_views, notices, host_warnings)
        reminding = Reminding(shared, notices, host_warnings)
        controller = Controller(shared, settings, publisher, table_message, closing, private_views, metrics)
        return cls(shared=shared, table_message=table_message, closing=closing, private_views=private_views,
                   publisher=publisher, controller=controller,
                   timer_notices=TimerNotices(shared, publisher, closing, notices, reminding), reminding=reminding)
