"""Every REST call counted where discord.py makes it: discord.py's real HTTP client and webhook adapter, with the
bot's trace, against a small HTTP server standing in for Discord (SimCord replaces discord.py's HTTP layer, so it
can't show this). A 429 is counted, and so is the attempt discord.py makes after it; an interaction answered late
is counted as late; the routes carry no ids or tokens."""

from __future__ import annotations

import json
import socket
from datetime import timedelta

import discord
import pytest
from aiohttp import web
from discord.http import HTTPClient, Route, handle_message_parameters
from discord.webhook.async_ import AsyncWebhookAdapter
from prometheus_client.parser import text_string_to_metric_families

from bot.app.rest_trace import rest_trace
from bot.metrics import Metrics

USER = {"id": "42", "username": "dice", "discriminator": "0", "global_name": None, "avatar": None, "bot": True}


@pytest.fixture
def free_port():
    def unused() -> int:
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            return probe.getsockname()[1]

    return unused


def as_discord(body: dict, status: int = 200, headers: dict[str, str] | None = None) -> web.Response:
    """JSON as Discord sends it (discord.py reads a body as JSON only under exactly this content type)."""
    return web.Response(body=json.dumps(body).encode(), status=status,
                        headers={"Content-Type": "application/json", **(headers or {})})


@pytest.fixture
async def discord_stand_in(free_port, monkeypatch):
    """Answers like Discord: /users/@me, a channel that rate-limits its first message, a message that is gone,
    and interaction answers."""
    sent: list[str] = []

    async def me(request: web.Request) -> web.Response:
        return as_discord(USER)

    async def post_message(request: web.Request) -> web.Response:
        sent.append(request.match_info["channel"])
        if len(sent) == 1:
            return as_discord({"message": "You are being rate limited.", "retry_after": 0.01, "global": False}, 429,
                              {"Retry-After": "0.01", "X-RateLimit-Limit": "5", "X-RateLimit-Remaining": "0",
                               "X-RateLimit-Bucket": "b", "X-RateLimit-Reset-After": "0.01",
                               "X-RateLimit-Scope": "user", "Via": "1.1 google"})  # Discord answers through Cloudflare
        return as_discord({"id": "7"})

    async def gone(request: web.Request) -> web.Response:
        return as_discord({"message": "Unknown Message", "code": 10008}, 404)

    async def answer(request: web.Request) -> web.Response:
        return web.Response(status=204)

    app = web.Application()
    app.router.add_get("/api/v10/users/@me", me)
    app.router.add_post("/api/v10/channels/{channel}/messages", post_message)
    app.router.add_delete("/api/v10/channels/{channel}/messages/{message}", gone)
    app.router.add_post("/api/v10/interactions/{id}/{token}/callback", answer)
    runner = web.AppRunner(app)
    await runner.setup()
    port = free_port()
    await web.TCPSite(runner, "127.0.0.1", port).start()
    monkeypatch.setattr(Route, "BASE", f"http://127.0.0.1:{port}/api/v10")
    yield sent
    await runner.cleanup()


def samples(metrics: Metrics) -> dict[tuple[str, tuple], float]:
    return {(s.name, tuple(sorted(s.labels.items()))): s.value
            for family in text_string_to_metric_families(metrics.exposition().decode()) for s in family.samples}


def requests(metrics: Metrics, method: str, route: str, status: str) -> float:
    return samples(metrics).get(("dicetable_discord_requests_total",
                                 (("method", method), ("route", route), ("status", status))), 0.0)


async def test_rest_calls_are_counted_by_route_and_status_429_included(discord_stand_in):
    metrics = Metrics()
    http = HTTPClient(None, http_trace=rest_trace(metrics))
    try:
        await http.static_login("token")
        with handle_message_parameters(content="hello") as params:
            await http.send_message(123456789012345678, params=params)
        with pytest.raises(discord.NotFound):
            await http.delete_message(123456789012345678, 223456789012345678)
        session = http._HTTPClient__session  # what discord.py hands interactions and their webhooks
        created = discord.utils.utcnow()
        for age in (1, 4):  # an interaction answered 1 s, then one answered 4 s, after Discord created it
            interaction_id = discord.utils.time_snowflake(created - timedelta(seconds=age))
            with handle_message_parameters(content="ok") as params:
                await AsyncWebhookAdapter().create_interaction_response(
                    interaction_id, "aW50ZXJhY3Rpb24", session=session, params=params)
    finally:
        await http.close()

    assert discord_stand_in == ["123456789012345678"] * 2  # rate-limited once, then sent
    assert requests(metrics, "GET", "/users/@me", "200") == 1
    assert requests(metrics, "POST", "/channels/{id}/messages", "429") == 1
    assert requests(metrics, "POST", "/channels/{id}/messages", "200") == 1
    assert requests(metrics, "DELETE", "/channels/{id}/messages/{id}", "404") == 1
    assert requests(metrics, "POST", "/interactions/{id}/{token}/callback", "204") == 2
    assert samples(metrics)[("dicetable_interactions_answered_late_total", ())] == 1
    routes = [labels for (name, labels) in samples(metrics) if name == "dicetable_discord_requests_total"]
    assert not [r for r in routes if "123456789012345678" in str(r) or "aW50ZXJhY3Rpb24" in str(r)]


async def test_a_request_discord_never_answers_is_counted_as_an_error(free_port, monkeypatch):
    monkeypatch.setattr(Route, "BASE", f"http://127.0.0.1:{free_port()}/api/v10")  # nothing listens
    metrics = Metrics()
    http = HTTPClient(None, http_trace=rest_trace(metrics))
    try:
        with pytest.raises(OSError):
            await http.static_login("token")
    finally:
        await http.close()
    assert requests(metrics, "GET", "/users/@me", "error") >= 1
