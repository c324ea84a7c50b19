"""A pytest plugin (tests/conftest.py loads it): every REST call the bot makes in SimCord, in every test, is
checked against the limits of Discord that SimCord lets through. SimCord already checks message
content, embeds, components (Components V2 included) and modals; this adds files, alt texts, embed and
component attachment references (every edit keeping its `attachments` in step with its `attachment://` names),
the ephemeral flag, autocomplete answers, the command sync and a message's nonce, and checks the Components V2
limits the bot's table messages live by on its own, each with its source. A call that
breaks one is answered as Discord would (400 Invalid Form Body, or 413 for a size) and the test fails, naming
the call and the limit. A message created again with a nonce Discord enforces, within minutes, gives back the
first one, as Discord does (SimCord ignores nonces).

Sources, cited beside each check:
- DOCS = https://discord.com/developers/docs (the pages named after it)
- SPEC = github.com/discord/discord-api-spec, specs/openapi.json (the schema named after it)
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator
from typing import Any

import discord
import pytest
import simcord.http.router
from simcord.backend.errors import BackendError

from bot.app.command_limits import CHOICE_CHARS, CHOICES, tree_problems

MiB = 1024 * 1024
# DOCS/resources/message#create-message-json/form-params: attachments are "files[n]"; SPEC MessageCreateRequest
# and IncomingWebhookRequestPartial: attachments maxItems 10.
FILES = 10
# DOCS/reference#uploading-files: "The default limit is 10 MiB" per file (more only for boosted servers and Nitro).
FILE_BYTES = 10 * MiB
# DOCS/resources/message#create-message-limitations: "The maximum request size when sending a message is 25 MiB".
REQUEST_BYTES = 25 * MiB
# DOCS/resources/message#attachment-object-attachment-structure: "description (alt text) for the file (max 1024
# characters)"; SPEC MessageAttachmentRequest.description maxLength 1024.
ALT_TEXT_CHARS = 1024
# DOCS/resources/message#message-object-message-flags: EPHEMERAL is 1 << 6, IS_COMPONENTS_V2 is 1 << 15.
EPHEMERAL, COMPONENTS_V2 = 1 << 6, 1 << 15
# DOCS/interactions/receiving-and-responding#interaction-response-object-interaction-callback-type.
MESSAGE_WITH_SOURCE, DEFERRED_MESSAGE, UPDATE_MESSAGE, AUTOCOMPLETE = 4, 5, 7, 8
# DOCS/components/reference ("Messages allow up to 40 total components"; SPEC MessageCreateRequest.components and
# ContainerComponentForMessageRequest.components maxItems 40): every component counts, nested ones included.
V2_COMPONENTS = 40
# SPEC TextDisplayComponentForMessageRequest.content: minLength 1, maxLength 4000; and all of a message's Text
# Displays together: discord.py 2.7's LayoutView.content_length ("A view is allowed to have a maximum of 4000 display
# characters across all its items").
V2_TEXT_CHARS = 4000
# DOCS/components/reference#media-gallery-media-gallery-item-structure: description "Alt text for the media, max 1024
# characters" (SPEC MediaGalleryItemRequest.description maxLength 1024); a gallery holds "1 to 10 media gallery
# items".
GALLERY_ITEMS = 10
# SPEC MessageCreateRequest.nonce: an int64, or a string of maxLength 25; DOCS/resources/message#create-message:
# with enforce_nonce, "it will be checked for uniqueness in the past few minutes. If another message was created by
# the same author with the same nonce, that message will be returned and no new message will be created" (taken
# here as two minutes: the bot must not count on more).
NONCE_CHARS, NONCE_SECONDS = 25, 120
TOO_LARGE = (413, 40005)  # DOCS/topics/opcodes-and-status-codes: 40005 "Request entity too large"
INVALID = (400, 50035)  # the same page: 50035 "Invalid form body"
EMBED_URLS = (("image", "url"), ("thumbnail", "url"), ("author", "icon_url"), ("footer", "icon_url"))


class Call:
    """One REST call as the bot sent it: the route, the JSON body, the uploaded files."""

    def __init__(self, method: str, path: str, body: Any, files: list[Any], application_id: int) -> None:
        self.method, self.path, self.body, self.files = method, path, body, files
        self.parts = path.strip("/").split("/")
        self.application_id = application_id

    def __str__(self) -> str:
        return f"{self.method} {self.path}"

    @property
    def callback_type(self) -> int | None:
        if self.method == "POST" and self.parts[0] == "interactions" and self.parts[-1] == "callback":
            return (self.body or {}).get("type")
        return None

    @property
    def message(self) -> dict[str, Any] | None:
        """The message this call creates or edits (an interaction answer's `data`), else None."""
        if self.callback_type is not None:
            return (self.body or {}).get("data") or {} if self.callback_type in (
                MESSAGE_WITH_SOURCE, DEFERRED_MESSAGE, UPDATE_MESSAGE) else None
        creates = self.method == "POST" and (self.parts[0] == "webhooks" and len(self.parts) == 3
                                             or self.parts[0] == "channels" and self.parts[-1] == "messages")
        edits = self.method == "PATCH" and "messages" in self.parts[:-1]
        return (self.body if isinstance(self.body, dict) else {}) if creates or edits else None

    @property
    def is_follow_up(self) -> bool:
        """An interaction follow-up: POST /webhooks/{application id}/{interaction token}."""
        return (self.method == "POST" and len(self.parts) == 3 and self.parts[0] == "webhooks"
                and self.parts[1] == str(self.application_id))


def size_of(file: Any) -> int:
    """Bytes left to read in a discord.File, without moving its reader."""
    here = file.fp.tell()
    end = file.fp.seek(0, io.SEEK_END)
    file.fp.seek(here)
    return end - here


Problem = tuple[tuple[int, int], str]


def file_problems(call: Call) -> Iterator[Problem]:
    message = call.message
    if message is None:
        return
    if len(call.files) > FILES or len(message.get("attachments") or ()) > FILES:  # FILES: SPEC, maxItems 10
        yield INVALID, f"{max(len(call.files), len(message.get('attachments') or ()))} files, more than {FILES}"
    sizes = [(f.filename, size_of(f)) for f in call.files]
    for name, size in sizes:
        if size > FILE_BYTES:  # DOCS/reference#uploading-files: 10 MiB per file
            yield TOO_LARGE, f"{name} is {size} bytes, over the {FILE_BYTES}-byte upload limit"
    if sum(size for _, size in sizes) > REQUEST_BYTES:  # DOCS/resources/message#create-message-limitations
        yield TOO_LARGE, f"the files add up to {sum(s for _, s in sizes)} bytes, over the 25 MiB request limit"
    alt_texts = {(f.filename, f.description) for f in call.files}  # discord.py repeats them in `attachments`
    alt_texts |= {(a.get("filename"), a.get("description")) for a in message.get("attachments") or ()}
    for _, text in sorted(alt_texts, key=str):
        if text and len(text) > ALT_TEXT_CHARS:  # DOCS/resources/message#attachment-object: max 1024
            yield INVALID, f"an attachment description of {len(text)} characters, over {ALT_TEXT_CHARS}"


def attachment_reference_problems(call: Call) -> Iterator[Problem]:
    """DOCS/reference#uploading-files: an embed shows an upload as `attachment://filename`; the file must be
    in the same request (uploaded, or kept in `attachments`), or Discord shows no image."""
    message = call.message
    if message is None:
        return
    present = {f.filename for f in call.files} | {a.get("filename") for a in message.get("attachments") or ()}
    for embed in message.get("embeds") or ():
        for part, key in EMBED_URLS:
            url = (embed.get(part) or {}).get(key) or ""
            if url.startswith("attachment://") and url.removeprefix("attachment://") not in present:
                yield INVALID, f"the embed's {part} is {url}, but no file of that name is in the request"


def shown_media(message: dict[str, Any]) -> list[str]:
    """The URLs of the media a message's components show: a Thumbnail's, a File's, each Media Gallery item's."""
    urls = []
    for component in walk(message.get("components")):
        for media in (component.get("media"), component.get("file"), *(i.get("media") for i in component.get(
                "items") or ())):
            if (media or {}).get("url"):
                urls.append(media["url"])
    return urls


def media_reference_problems(call: Call) -> Iterator[Problem]:
    """DOCS/components/reference#unfurled-media-item-structure: a component shows an upload by "attachment://<filename>",
    which DOCS/reference#uploading-files resolves among the files of the same request — uploaded, or kept in
    `attachments` (an edit's `attachments` replaces the message's: a file left out of it is gone, and a component
    still naming it shows "unavailable"). So every create and edit whose components name an upload carries that
    file, under that name, with its bytes: a discord.File whose reader an earlier send used up uploads nothing."""
    message = call.message
    if message is None:
        return
    present = {f.filename for f in call.files} | {a.get("filename") for a in message.get("attachments") or ()}
    for url in shown_media(message):
        if url.startswith("attachment://") and url.removeprefix("attachment://") not in present:
            yield INVALID, f"a component shows {url}, but no file of that name is in the request"
    for file in call.files:
        if size_of(file) == 0:
            yield INVALID, f"{file.filename} is uploaded empty (its reader was used up by an earlier send)"


def ephemeral_problems(call: Call) -> Iterator[Problem]:
    """DOCS/resources/message#message-object-message-flags: EPHEMERAL is "only visible to the user who invoked
    the Interaction"; DOCS/resources/message#create-message-json/form-params: a channel message may set only
    SUPPRESS_EMBEDS, SUPPRESS_NOTIFICATIONS, IS_VOICE_MESSAGE and IS_COMPONENTS_V2; DOCS/interactions/
    receiving-and-responding#interaction-response-object-messages and #create-followup-message: an interaction
    answer and a follow-up may be ephemeral."""
    message = call.message
    if message is None or not int(message.get("flags") or 0) & EPHEMERAL:
        return
    if call.callback_type in (MESSAGE_WITH_SOURCE, DEFERRED_MESSAGE) or call.is_follow_up:
        return
    yield INVALID, "the ephemeral flag outside an interaction answer or follow-up"


def autocomplete_problems(call: Call) -> Iterator[Problem]:
    """DOCS/interactions/receiving-and-responding#interaction-response-object-autocomplete: "max of 25 choices";
    DOCS/interactions/application-commands#application-command-object-application-command-option-choice-structure:
    a name of 1-100 characters, a string value of up to 100 (SPEC
    InteractionApplicationCommandAutocompleteCallbackStringData: choices maxItems 25)."""
    if call.callback_type != AUTOCOMPLETE:
        return
    choices = ((call.body or {}).get("data") or {}).get("choices") or []
    if len(choices) > CHOICES:
        yield INVALID, f"{len(choices)} autocomplete choices, more than {CHOICES}"
    for choice in choices:
        names = [choice.get("name") or "", *(choice.get("name_localizations") or {}).values()]
        if any(not 1 <= len(name) <= CHOICE_CHARS for name in names):
            yield INVALID, f"the autocomplete choice name {max(names, key=len)!r} is not 1–{CHOICE_CHARS} characters"
        if isinstance(choice.get("value"), str) and len(choice["value"]) > CHOICE_CHARS:
            yield INVALID, f"the autocomplete choice value {choice['value']!r} is over {CHOICE_CHARS} characters"


def command_sync_problems(call: Call) -> Iterator[Problem]:
    """The bulk sync (PUT …/commands): the limits in bot/app/command_limits.py, each cited there."""
    if call.method == "PUT" and call.parts[0] == "applications" and call.parts[-1] == "commands":
        for problem in tree_problems(call.body or []):
            yield INVALID, problem


def walk(components: Any) -> list[dict[str, Any]]:
    """Every component of a message, nested ones included (a Container's, a Section's accessory)."""
    found, stack = [], list(components or ())
    while stack:
        component = stack.pop(0)
        found.append(component)
        stack[:0] = [*(component.get("components") or ()),
                     *([component["accessory"]] if isinstance(component.get("accessory"), dict) else [])]
    return found


def components_v2_problems(call: Call) -> Iterator[Problem]:
    """A Components V2 message (the IS_COMPONENTS_V2 flag), by DOCS/components/reference and
    DOCS/resources/message:
    - "Attachments won't show by default - they must be exposed through components": an uploaded file that no
      File, Thumbnail or Media Gallery names is not shown;
    - "Messages allow up to 40 total components" (`V2_COMPONENTS`);
    - Text Displays of at most 4,000 characters, all of them together too (`V2_TEXT_CHARS`);
    - a Media Gallery of 1 to 10 items, each description (alt text) at most 1,024 characters (`ALT_TEXT_CHARS`);
    - "When the flag IS_COMPONENTS_V2 is set, the message can only contain components. Providing content,
      embeds, sticker_ids, poll, or shared_client_theme will fail" (Create Message), and an edit that sets the
      flag must reset them: "For content and poll this is null. For embeds and sticker_ids this is []" (Edit
      Message) — so neither may carry anything."""
    message = call.message
    if message is None or not int(message.get("flags") or 0) & COMPONENTS_V2:
        return
    components = walk(message.get("components"))
    shown = {url.removeprefix("attachment://") for url in shown_media(message)}
    for file in call.files:
        if file.filename not in shown:
            yield INVALID, f"{file.filename} is uploaded with Components V2 but no component shows it"
    if len(components) > V2_COMPONENTS:
        yield INVALID, f"{len(components)} components, more than {V2_COMPONENTS}"
    texts = [c.get("content") or "" for c in components if c.get("type") == 10]
    if any(not 1 <= len(text) <= V2_TEXT_CHARS for text in texts) or sum(map(len, texts)) > V2_TEXT_CHARS:
        yield INVALID, f"Text Displays of {[len(t) for t in texts]} characters: 1–{V2_TEXT_CHARS} each and in all"
    for gallery in (c for c in components if c.get("type") == 12):
        items = gallery.get("items") or []
        if not 1 <= len(items) <= GALLERY_ITEMS:
            yield INVALID, f"a Media Gallery of {len(items)} items, not 1–{GALLERY_ITEMS}"
        for item in items:
            described = len(item.get("description") or "")
            if described > ALT_TEXT_CHARS:
                yield INVALID, f"a picture's description of {described} characters, over {ALT_TEXT_CHARS}"
    if message.get("content") or message.get("embeds") or message.get("sticker_ids") or message.get("poll"):
        yield INVALID, "Components V2 with content, embeds, stickers or a poll"


def component_id_problems(call: Call) -> Iterator[Problem]:
    """The components' own ids (a move menu's, cogs/table/controls.py `menu_id`), by DOCS/components/reference
    (anatomy of a component): "32 bit integer used as an optional identifier for component ... The id must be
    unique within the message"."""
    message = call.message
    ids = [c["id"] for c in walk((message or {}).get("components")) if c.get("id") is not None]
    for component_id in ids:
        if not isinstance(component_id, int) or not 0 < component_id < 2**31:
            yield INVALID, f"the component id {component_id!r} is not a positive 32-bit integer"
    if len(set(ids)) < len(ids):
        yield INVALID, f"component ids {sorted(ids)} repeat in one message"


def nonce_problems(call: Call) -> Iterator[Problem]:
    """A message's nonce: SPEC MessageCreateRequest.nonce (see NONCE_CHARS)."""
    nonce = (call.message or {}).get("nonce") if call.method == "POST" else None
    if isinstance(nonce, str) and len(nonce) > NONCE_CHARS:
        yield INVALID, f"the nonce {nonce!r} is over {NONCE_CHARS} characters"
    elif isinstance(nonce, int) and not -(2**63) <= nonce < 2**63:
        yield INVALID, f"the nonce {nonce} is not an int64"


CHECKS: tuple[Callable[[Call], Iterator[Problem]], ...] = (
    file_problems, attachment_reference_problems, media_reference_problems, ephemeral_problems,
    autocomplete_problems, command_sync_problems, components_v2_problems, component_id_problems, nonce_problems)


class DiscordLimits:
    """Wraps SimCord's router: each call is checked before SimCord handles it."""

    def __init__(self) -> None:
        self.broken: list[str] = []  # "POST /channels/1/messages: 11 files, more than 10"
        self.checked: list[str] = []  # every call seen: "POST /interactions/…/callback"
        self.created: dict[str, tuple[float, Any]] = {}  # a message's enforced nonce -> when, and the answer

    def wrap(self, dispatch: Callable[..., Any]) -> Callable[..., Any]:
        def checked(backend: Any, method: str, path: str, *, json: Any = None, files: list[Any] | None = None,
                    **rest: Any) -> Any:
            call = Call(method, path, json, list(files or ()), backend.application_id)
            self.checked.append(str(call))
            problems = [problem for check in CHECKS for problem in check(call)]
            try:
                if problems:
                    self.broken += [f"{call}: {text}" for _, text in problems]
                    (status, code), _ = problems[0]
                    raise BackendError(status, code, "; ".join(text for _, text in problems))
                nonce = (call.message or {}).get("nonce") if call.method == "POST" and call.parts[0] == "channels" \
                    else None
                now = discord.utils.utcnow().timestamp()
                enforced = nonce is not None and (call.message or {}).get("enforce_nonce")
                if enforced and nonce in self.created and now - self.created[nonce][0] <= NONCE_SECONDS:
                    return self.created[nonce][1]  # the same message again, within minutes: the first
                answer = dispatch(backend, method, path, json=json, files=files, **rest)
            except BackendError:
                for file in call.files:  # an HTTP request sends its body whatever the answer (SimCord reads a
                    file.fp.read()     # file only once it accepts the call): a file sent again is sent empty
                raise
            if nonce is not None:
                self.created[nonce] = (now, answer)
            return answer

        return checked

    def report(self) -> str | None:
        if not self.broken:
            return None
        return "Discord would refuse what SimCord let through:\n" + "\n".join(f"- {line}" for line in self.broken)


@pytest.fixture(autouse=True)
def discord_limits(monkeypatch: pytest.MonkeyPatch) -> Iterator[DiscordLimits]:
    """Every test: the bot's REST calls in SimCord checked against the limits above."""
    limits = DiscordLimits()
    monkeypatch.setattr(simcord.http.router, "dispatch", limits.wrap(simcord.http.router.dispatch))
    yield limits
    report = limits.report()
    if report:
        pytest.fail(report, pytrace=False)
