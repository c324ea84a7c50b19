"""The offline playground: the real, unmodified bot inside SimCord's preview, served on 127.0.0.1 only.

A simulated server, "Game Night", has one text channel per game the bot plays and five members to switch between
("Viewing as" at the top of the page); Sofía's Discord speaks Spanish, so a visitor can try the bot in Spanish
beside the English members, and the front page picks the language of the server's public messages. SimCord's
preview shows one channel at a time, so a small front page on `--port` lists the channels; opening one points the
preview at it (same address, same capability) and redirects there. The world is rebuilt identically on every start
(same ids): tables kept in its database find their channels again."""

from __future__ import annotations

import asyncio
import contextlib
import html
import logging
import os
import secrets
import unicodedata
from datetime import datetime
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlsplit

from aiohttp import web

# SimCord checks discord.py's internals on import by building a client; its warnings (voice support,
# intents) don't apply offline and would only clutter the playground's console.
for _noisy in ("discord.client", "discord.state"):
    logging.getLogger(_noisy).setLevel(logging.ERROR)

import simcord  # noqa: E402
import simcord.interactions  # noqa: E402

from .app import DiceBot, utcnow  # noqa: E402
from .i18n import LANGUAGES, N_, _, bcp47, language_of, speaking  # noqa: E402
from .service.guild_settings import GuildSettings  # noqa: E402

log = logging.getLogger(__name__)

HOST = "127.0.0.1"  # nothing else, ever
DEFAULT_PORT = 8765
GUILD_ID = 1_300_000_000_000_000_000  # fixed, like every other id of the world (built in the same order)
MEMBERS = ("Sam", "Alice", "Bob", "Carol", "Sofía")  # the first is the one a visitor starts as
CLIENT_LOCALES = {"Sofía": "es-ES"}  # each member's Discord client language; the others' is English (en-US)


def welcome_text(game_id: str, title: str) -> str:
    """The first message of a game's channel: what to type (in the current language)."""
    return _("👋 Welcome to **{game}**! Type `/{command} new` (add `pace: live` for 2-minute turns) to open a "
             "table, pick a level in **🤖 Add a computer…** for computer opponents, then **Start**. To play as "
             "someone else, switch **Viewing as** at the top to Alice, Bob or Carol and press **Join**; Sofía's "
             "Discord speaks Spanish. `/{command} rules` explains the game; `/help` lists every command. Private "
             "views the bot sends by DM are on the front page (browser Back): each member has a **Direct messages** "
             "link there.", game=title, command=game_id)


class Playground:
    """Start with `await start()`, stop with `await stop()`; `url` is the front page, `preview.url` the channel."""

    def __init__(self, database_path: str | Path, *, port: int = 0, seed: str | None = None) -> None:
        self.database_path = Path(database_path)
        self.seed = seed
        fixed = (lambda: seed) if seed else None  # --seed: the same dice for the same moves
        # The simulated Discord starts empty every time: sync the commands whatever the database remembers.
        self.bot = DiceBot(self.database_path, new_seed=fixed, new_client_seed=fixed, sync_every_start=True)
        self.env = simcord.Env(self.bot)
        # The addresses are capabilities, kept beside the database: an open tab still works after a restart.
        self.token, self.capability = stable_keys(self.database_path)
        self.closed = asyncio.Event()  # set when the playground should stop (Ctrl-C, or the page's Close)
        self._port = port
        self._preview_port = port + 1 if port else 0  # a fixed front page keeps its preview's port too
        self.preview: simcord.Preview | None = None
        self._switching = False
        self._viewer_id: int | None = None  # the member last chosen in "Viewing as"
        self._runner: web.AppRunner | None = None
        self._tasks: list[asyncio.Task] = []
        self._published_after: dict[str, int] = {}  # a page -> the bot's requests made when it was last published
        self._started = False
        # The world, built before the bot connects so the READY event already carries it.
        with contextlib.suppress(AttributeError):  # cosmetic: SimCord calls every bot "TestBot"
            self.env.backend.bot_user.name = "Dice Table"
        users = {name: self.env.create_user(username(name), global_name=name) for name in MEMBERS}
        self.users = users
        guild = self.env.create_guild("Game Night", id=GUILD_ID, owner=users[MEMBERS[0]])
        self.channels = {g: guild.create_text_channel(g, topic=p.engine.title) for g, p in self.bot.games.items()}
        self.members = {name: guild.add_member(user) for name, user in users.items()}
        self._original_payload = simcord.interactions.base_payload
        simcord.interactions.base_payload = self._with_client_locales

    def _with_client_locales(self, backend: Any, *, user_id: int, guild_id: int | None, **rest: Any):
        """SimCord sends every interaction as en-US; Discord sends each member's client language and the
        server's. Say them here, so Sofía's answers, DMs and My hand come in Spanish."""
        record, payload = self._original_payload(backend, user_id=user_id, guild_id=guild_id, **rest)
        locales = {self.users[name].id: locale for name, locale in CLIENT_LOCALES.items()}
        payload["locale"] = locales.get(user_id, payload["locale"])
        if guild_id is not None:
            payload["guild_locale"] = backend.get_guild(guild_id).preferred_locale
        return record, payload

    @property
    def settings(self) -> GuildSettings:
        assert self.bot.guild_settings is not None, "the bot has started"
        return self.bot.guild_settings

    async def server_language(self) -> str:
        """The language of the server's public messages: the front page's choice (`/settings language`)."""
        return (await self.settings.of(GUILD_ID)).language or language_of(None)

    @property
    def port(self) -> int:
        return self._port

    @property
    def url(self) -> str:
        return f"http://{HOST}:{self._port}/{self.token}/"

    async def start(self) -> None:
        real_now = utcnow()  # read before SimCord takes over the clock: the time the live bot would see
        await self.env.start()
        self._started = True
        with self.env.time_context():  # driver code reads the simulated clock too
            await self._welcome(real_now)
        await self.show(next(iter(self.channels)))
        await self._serve_front_page()
        self._tasks.append(asyncio.create_task(self._publish_background_work()))

    async def _welcome(self, real_now: datetime) -> None:
        # Simulated time starts at a fixed date; move it to now, so deadlines kept in the database fall due
        # as they would have on a real server (a restart then catches up, exactly like the live bot).
        behind = (real_now - self.env.now()).total_seconds()
        if behind > 0:
            await self.env.advance_time(behind)
        assert self.bot.tables is not None, "the bot has started"
        open_here = {table.channel_id for table in await self.bot.tables.cache.open_tables()}
        with speaking(await self.server_language()):
            for game_id, handle in self.channels.items():
                text = welcome_text(game_id, self.bot.games[game_id].engine.title)
                if handle.id in open_here:
                    text += "\n" + _("🎲 A table from your last session is still open here: `/game status` shows it "
                                     "again.")
                await self.bot.get_partial_messageable(handle.id).send(text)

    async def show(self, game_id: str) -> str:
        """Point the preview at a game's channel and return its address."""
        return await self.show_channel(self.channels[game_id], list(self.members.values()))

    def find_channel(self, channel_id: int) -> tuple[Any, list[Any]] | None:
        """A game channel, a thread in one (a `thread:true` table) or a member's DMs, with who may view it."""
        for channel in self.channels.values():
            for place in (channel, *channel.threads):
                if place.id == channel_id:
                    return place, list(self.members.values())
        for user in self.users.values():
            if user.dm_channel.id == channel_id:
                return user.dm_channel, [user]
        return None

    async def show_channel(self, channel: Any, viewers: list[Any]) -> str:
        """Point the preview at a channel (same port and capability) and return its address. The member last chosen
        in "Viewing as" stays the one viewing, where they may; and the browser tabs still open on the old channel
        (the DM whose "open the table" link opened a new tab) follow to the new one, under the same viewer, instead
        of "Preview session is unavailable"."""
        if self.preview is not None and self.preview.channel.id == channel.id:
            return self.preview.url
        viewers = sorted(viewers, key=lambda viewer: viewer.id != self._viewer_id)
        self._viewer_id = viewers[0].id  # a member's DMs are viewed as that member
        self._switching = True
        try:
            open_tabs: list[Any] = []
            if self.preview is not None:
                open_tabs = [page for page in self.preview._pages.values() if page is not self.preview._python]
                await self.preview.close()
            for port in dict.fromkeys((self._preview_port, 0)):  # keep the port if it is still free
                preview = self.env.preview(channel, viewers=viewers, layout="channel", port=port)
                preview.capability = self.capability
                try:
                    shown = self.preview = await preview.__aenter__()
                    break
                except simcord.SetupError:
                    if port == 0:
                        raise
            self._preview_port = urlsplit(shown.url).port or 0
            self._remember_viewers(shown)
            self._note_publications(shown)
            for tab in open_tabs:
                self._follow(shown, tab)
            self._tasks = [task for task in self._tasks if not task.done()]
            self._tasks.append(asyncio.create_task(self._watch(shown)))
        finally:
            self._switching = False
        return shown.url

    def _remember_viewers(self, preview: simcord.Preview) -> None:
        """Note each member chosen in "Viewing as" (SimCord resolves every explicit choice of viewer here), and open
        a page that names none — a reload, a return to the channel from the front page — as that member, where
        SimCord would open it as the first one (Sam)."""
        resolve, open_page = preview._viewer, preview._open_page
        allowed = {viewer.id for viewer in preview.viewers}

        def chosen(viewer_id: Any) -> Any:
            viewer = resolve(viewer_id)
            self._viewer_id = viewer.id
            return viewer

        def opened(viewer_id: Any = None, target_id: Any = None) -> Any:
            if viewer_id is None and self._viewer_id in allowed:
                viewer_id = self._viewer_id
            return open_page(viewer_id, target_id)

        preview._viewer = chosen  # type: ignore[method-assign]  # SimCord's own resolver, wrapped
        preview._open_page = opened  # type: ignore[method-assign]  # SimCord's own page opener, wrapped

    def _note_publications(self, preview: simcord.Preview) -> None:
        """Note how many requests the bot had made when each page was last published (`_publish_background_work`)."""
        publish = preview._publish

        def published(page: Any, **how: Any) -> None:
            publish(page, **how)
            self._published_after[page.id] = len(self.env.http_requests)

        preview._publish = published  # type: ignore[method-assign]  # SimCord's own publisher, wrapped

    def _follow(self, preview: simcord.Preview, tab: Any) -> None:
        """Reopen a tab of the closed preview in the new one under its own context id (the page polls with it),
        as the same member where they may view."""
        allowed = {viewer.id for viewer in preview.viewers}
        with contextlib.suppress(simcord.SetupError):
            page = preview._open_page(tab.viewer.id if tab.viewer.id in allowed else None)
            del preview._pages[page.id]
            # The page numbers its actions and checks them against these: carry them on (a move is a navigation).
            page.id, page.revision, page.last_sequence = tab.id, tab.revision, tab.last_sequence
            page.generation = tab.generation + 1
            preview._pages[page.id] = page
            preview._publish(page, reason="navigation")

    async def _watch(self, preview: simcord.Preview) -> None:
        """The page's own "End preview session" ends the playground; our channel switches don't."""
        await preview.wait_closed()
        if not self._switching and preview is self.preview:
            print("The preview session was closed in the browser; stopping.", flush=True)
            self.closed.set()

    async def _publish_background_work(self) -> None:
        """Republish the pages when the bot made requests since one of them was last published: it acted on its own
        (a deadline, a reminder, a computer's move) or for a member outside that page (another tab).

        A browser action publishes its own result, and refreshing then would only make the page's revision stale;
        but a request made after a publication, however soon, must be shown: a page left on the snapshot before a
        table message's edit keeps its text, and asks for a picture the edit replaced, which SimCord then calls
        unavailable ("Gallery item 1 unavailable", until the next change).
        """
        while True:
            await asyncio.sleep(1)
            preview = self.preview
            if preview is None or self._switching or getattr(self.env, "_operation_task", None) is not None:
                continue
            made = len(self.env.http_requests)
            pages = {page_id for page_id, page in getattr(preview, "_pages", {}).items()
                     if page is not getattr(preview, "_python", None)}  # the browser's (SimCord's own shows nothing)
            self._published_after = {page: n for page, n in self._published_after.items() if page in pages}
            if any(self._published_after.get(page) != made for page in pages):
                with contextlib.suppress(simcord.SetupError):
                    await preview.refresh()

    # --- the front page: the channel list --------------------------------------------------------------
    async def _serve_front_page(self) -> None:
        app = web.Application(middlewares=[self._only_loopback])
        app.router.add_get(f"/{self.token}/", self._front_page)
        app.router.add_get(f"/{self.token}/at/{{channel_id:\\d+}}", self._open_any)
        app.router.add_get(f"/{self.token}/dm/{{name}}", self._open_dms)
        app.router.add_post(f"/{self.token}/language", self._choose_language)
        app.router.add_get(f"/{self.token}/{{game}}", self._open_channel)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, HOST, self._port)
        await site.start()
        self._port = self._runner.addresses[0][1]
        self.bot.links.base = f"{self.url}at/"  # "Open the table" links switch the preview to the table's channel

    @web.middleware
    async def _only_loopback(self, request: web.Request, handler):
        # A Host check defeats DNS rebinding: only pages on 127.0.0.1/localhost may talk to us.
        if request.headers.get("Host") not in (f"{HOST}:{self._port}", f"localhost:{self._port}"):
            raise web.HTTPForbidden()
        response = await handler(request)
        response.headers.update({"Cache-Control": "no-store", "Referrer-Policy": "no-referrer",
                                 "X-Frame-Options": "DENY", "Content-Security-Policy": "default-src 'none'; "
                                 "style-src 'unsafe-inline'"})
        return response

    async def _open_channel(self, request: web.Request) -> web.Response:
        game_id = request.match_info["game"]
        if game_id not in self.channels:
            raise web.HTTPNotFound()
        raise web.HTTPSeeOther(await self.show(game_id))

    async def _open_any(self, request: web.Request) -> web.Response:
        found = self.find_channel(int(request.match_info["channel_id"]))
        if found is None:
            raise web.HTTPNotFound()
        raise web.HTTPSeeOther(await self.show_channel(*found))

    async def _open_dms(self, request: web.Request) -> web.Response:
        user = self.users.get(request.match_info["name"])
        if user is None:
            raise web.HTTPNotFound()
        raise web.HTTPSeeOther(await self.show_channel(user.dm_channel, [user]))

    async def _choose_language(self, request: web.Request) -> web.Response:
        """The language picker: the server's public messages (`/settings language` does the same in Discord)."""
        chosen = (await request.post()).get("language")
        if chosen not in LANGUAGES:
            raise web.HTTPBadRequest()
        await self.settings.change(GUILD_ID, language=chosen)
        raise web.HTTPSeeOther(f"/{self.token}/")

    async def _front_page(self, request: web.Request) -> web.Response:
        language = await self.server_language()
        with speaking(language):
            page = self._front_page_html(language)
        return web.Response(text=page, content_type="text/html")

    def _front_page_html(self, language: str) -> str:
        thread, table = html.escape(_("thread")), html.escape(_("table"))
        items = "".join(
            f'<li><a href="{html.escape(game_id)}">#{html.escape(game_id)}</a> — {html.escape(parts.engine.title)}'
            + "".join(f' · {thread} <a href="at/{t.id}">{html.escape(t.name) if t.name else table}</a>'
                      for t in self.channels[game_id].threads)
            + "</li>" for game_id, parts in self.bot.games.items())
        dms = " · ".join(f'<a href="dm/{quote(name)}">{html.escape(name)}</a>' for name in self.users)
        picker = " ".join(
            f'<button name="language" value="{code}"{" disabled" if code == language else ""}>'
            f"{html.escape(name)}</button>" for code, name in LANGUAGES.items())
        texts = {key: html.escape(_(text)) for key, text in FRONT_PAGE.items()}
        lang = bcp47(language)
        return f"""<!doctype html><html lang="{lang}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>{texts["title"]}</title>
<style>body{{font:16px system-ui,sans-serif;background:#313338;color:#dbdee1;max-width:42em;margin:3em auto;
padding:0 1em;overflow-wrap:anywhere}}
a{{color:#00a8fc;font-weight:600}} li{{margin:.5em 0}} code{{background:#2b2d31;padding:0 .3em}}
button{{font:inherit;margin-right:.3em}}</style></head>
<body><h1>🎲 Game Night</h1><p>{texts["intro"]}</p><ul>{items}</ul>
<p>{texts["dms"]} {dms}.</p>
<form method="post" action="language"><p>{texts["language"]} {picker}</p></form>
<p>{texts["how"]}</p>
<p>{texts["stop"]}</p></body></html>"""

    async def stop(self) -> None:
        """Stop the bot gracefully (the moves being made commit and are shown), then close the page, the simulated
        Discord (once a click the page sent meanwhile is answered) and the database."""
        if self._started:
            await self.bot.stop()
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        self._switching = True
        if self.preview is not None:
            await self.preview.close()
        if self._runner is not None:
            await self._runner.cleanup()
        if self._started:
            self._started = False
            while getattr(self.env, "_operation_task", None) is not None:  # SimCord stops between operations
                await asyncio.sleep(0.01)
            await self.env.shutdown()
        await self.bot.shutdown_storage()
        if simcord.interactions.base_payload == self._with_client_locales:
            simcord.interactions.base_payload = self._original_payload


# The front page's sentences (HTML-escaped when shown; **Viewing as** and the like are the preview's own words).
FRONT_PAGE = {
    "title": N_("Game Night — playground"),
    "intro": N_("The real bot, in a simulated Discord server on this computer only. Pick a channel:"),
    "dms": N_("Direct messages (private views the bot sends by DM):"),
    "language": N_("Language of the server's public messages (each member's answers, DMs and My hand follow "
                   "their own Discord: Sofía's is Spanish):"),
    "how": N_("In a channel, type / in the message box for the commands. Viewing as (top of the page) switches "
              "between Sam (you, to start with), Alice, Bob, Carol and Sofía; 🤖 Add a computer… in a lobby seats "
              "a computer player at the level picked. Come back here (browser Back) to change channel: the preview "
              "shows one channel at a time."),
    "stop": N_("Stop the playground with Ctrl-C in its terminal; every move is saved as it is made."),
}


def username(name: str) -> str:  # a Discord username: lowercase ASCII ("Sofía" → "sofia")
    return unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode().lower()


def stable_keys(database_path: Path) -> tuple[str, str]:
    """The front page's token and the preview's capability for this database, made once and kept beside it."""
    path = database_path.with_name(database_path.name + ".keys")
    with contextlib.suppress(OSError, ValueError):
        token, capability = path.read_text().split()
        return token, capability
    token, capability = secrets.token_urlsafe(16), secrets.token_urlsafe(32)
    path.parent.mkdir(parents=True, exist_ok=True)
    with os.fdopen(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), "w") as keys:  # owner only
        keys.write(f"{token}\n{capability}\n")
    return token, capability
