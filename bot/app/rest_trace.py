"""Every REST call the bot makes to Discord, counted at the one place they all pass: the aiohttp session of
discord.py's HTTP client, through its documented `http_trace` option (an `aiohttp.TraceConfig`). Calls through the
client, interaction answers and follow-ups (the webhook adapter uses the same session), and each attempt discord.py
makes again after a 429 are all seen, each with Discord's status.

A route is its path with the ids and tokens taken out (`POST /interactions/{id}/{token}/callback`), so labels stay
bounded; an interaction's answer also says how long after Discord created the interaction it went out.
"""

from __future__ import annotations

import re
from typing import Any

import aiohttp
import discord
from yarl import URL

from ..metrics import Unmeasured

WORD = re.compile(r"@?[a-z][a-z0-9_-]{0,31}")
TOKEN_AFTER = ("webhooks", "interactions")  # /webhooks/{id}/{token}, /interactions/{id}/{token}
FREE_TEXT_AFTER = ("reactions",)  # /reactions/{emoji}


def route_of(url: URL) -> str:
    """The route of a Discord URL, without ids, tokens or emoji: bounded text for a label."""
    parts = [p for p in url.path.split("/") if p]
    if parts[:1] != ["api"]:  # the gateway's websocket, or a file from Discord's CDN
        return "gateway" if (url.host or "").endswith("discord.gg") else "other"
    parts = parts[2:] if len(parts) > 1 and re.fullmatch(r"v\d+", parts[1]) else parts[1:]
    shown: list[str] = []
    for part in parts:
        if part.isdigit():
            shown.append("{id}")
        elif len(shown) >= 2 and shown[-1] == "{id}" and shown[-2] in TOKEN_AFTER:
            shown.append("{token}")
        elif shown and shown[-1] in FREE_TEXT_AFTER:
            shown.append("{emoji}")
        else:
            shown.append(part if WORD.fullmatch(part) else "{?}")
    return "/" + "/".join(shown)


def interaction_answered(url: URL) -> int | None:
    """The interaction id of an answer (`POST /interactions/{id}/{token}/callback`), else None."""
    parts = [p for p in url.path.split("/") if p]
    if len(parts) >= 4 and parts[-1] == "callback" and parts[-4] == "interactions" and parts[-3].isdigit():
        return int(parts[-3])
    return None


def rest_trace(metrics: Unmeasured) -> aiohttp.TraceConfig:
    """The trace to give discord.py (`Client(http_trace=…)`): each request's route and status to `metrics`."""

    async def ended(session: Any, context: Any, params: aiohttp.TraceRequestEndParams) -> None:
        metrics.requested(params.method, route_of(params.url), str(params.response.status))
        answered = interaction_answered(params.url) if params.method == "POST" else None
        if answered is not None and params.response.status < 300:
            age = discord.utils.utcnow() - discord.utils.snowflake_time(answered)
            metrics.answered(age.total_seconds())

    async def failed(session: Any, context: Any, params: aiohttp.TraceRequestExceptionParams) -> None:
        metrics.requested(params.method, route_of(params.url), "error")

    trace = aiohttp.TraceConfig()
    trace.on_request_end.append(ended)
    trace.on_request_exception.append(failed)
    return trace
