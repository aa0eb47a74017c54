"""The live table's socket: one per open table page or strip.

At the handshake the session's user must be the campaign's GM or a member (the socket
is refused otherwise, as the page would answer 404); the origin was checked before
(chargen/asgi.py). Once open, the client sends one message, its position (the hidden
field the page was drawn with, kept up to date by every message since), and receives
every row it missed, read from the logs, before live rows. Each live event names a row
of one subject; the consumer reads that subject's rows after its position, so a row is
sent once and none is skipped, whatever order events arrive in.

A client may send only a few short messages: anything else closes the socket.
"""

from __future__ import annotations

import contextlib
import json
import uuid
from typing import Any

from channels.db import database_sync_to_async
from channels.exceptions import ChannelFull
from channels.generic.websocket import AsyncWebsocketConsumer

from chargen.campaigns.models import Membership
from chargen.core.live import (
    Cursor,
    CursorInvalid,
    cursor_from_text,
    passages_key,
    table_group,
)
from chargen.core.live_feed import Viewer, rows_after, subject_rows_after, table_subject
from chargen.table.access import watcher_or_none
from chargen.table.fragments import (
    pin_message,
    pin_of,
    position_message,
    presence_message,
    rows_message,
    subject_message,
)
from chargen.table.passages import passages_after, with_passages
from chargen.table.shared_rows import shared_rows

# A page sends its position once a connection; a few more are allowed for a client
# that asks again, then the socket is closed.
MAX_MESSAGES = 10
MAX_MESSAGE_LENGTH = 32_000

# Close codes (4000–4999 are the application's): the browser does not reconnect on them.
REFUSED = 4403
TOO_MANY = 4408
MALFORMED = 4400

PRESENCE_HELLO = "presence.hello"
PRESENCE_HERE = "presence.here"
PRESENCE_BYE = "presence.bye"


class TableConsumer(AsyncWebsocketConsumer):
    campaign_id: uuid.UUID
    viewer: Viewer
    group: str
    cursor: Cursor | None
    present: dict[str, str]
    received: int

    async def connect(self) -> None:
        user = self.scope["user"]
        watcher = await database_sync_to_async(watcher_or_none)(
            user, self.scope["url_route"]["kwargs"]["campaign_id"]
        )
        if watcher is None:
            await self.close(code=REFUSED)
            return
        campaign, self.viewer = watcher
        self.campaign_id = campaign.pk
        self.group = table_group(campaign.pk)
        self.cursor = None  # until the client says where it is
        self.received = 0
        self.name = user.get_username()
        self.present = {self.channel_name: self.name}
        # Joined before anything is read: an event from now on is either read by the
        # first replay or arrives after it, and the position drops any repeat.
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        await self.channel_layer.group_send(
            self.group, {"type": PRESENCE_HELLO, "channel": self.channel_name, "name": self.name}
        )

    async def disconnect(self, code: int) -> None:
        if not hasattr(self, "group"):
            return  # refused at the handshake
        await self.channel_layer.group_send(
            self.group, {"type": PRESENCE_BYE, "channel": self.channel_name}
        )
        await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        self.received += 1
        if self.received > MAX_MESSAGES or text_data is None or len(text_data) > MAX_MESSAGE_LENGTH:
            await self.close(code=TOO_MANY)
            return
        try:
            message = json.loads(text_data)
            cursor = cursor_from_text(message.get("cursor") if isinstance(message, dict) else None)
        except (ValueError, CursorInvalid):
            await self.close(code=MALFORMED)
            return
        await self.send(text_data=await database_sync_to_async(self.missed)(cursor))

    def missed(self, cursor: Cursor) -> str:
        """Everything after the client's position, and the position after it."""
        replay = with_passages(
            rows_after(self.campaign_id, self.viewer, cursor), self.campaign_id, self.viewer
        )
        self.cursor = replay.cursor
        return rows_message(self.viewer, replay) + pin_message(pin_of(self.campaign_id))

    # --- events from the channel layer ---------------------------------------------------

    async def table_row(self, event: dict[str, Any]) -> None:
        if self.cursor is None:
            return  # the client's first message reads it from the log
        key, sequence = event["subject"], event["sequence"]
        seen = self.cursor.get(key, 0)
        if sequence <= seen:
            return  # already sent
        if sequence == seen + 1 and "owner_id" in event:
            # The next row: the fragment every watcher of this audience is sent.
            audience = self.viewer.audience_of(event["owner_id"])
            if audience is None:
                return  # the house rule hides this character's rows from this watcher
            message = await database_sync_to_async(self.next_rows)(audience, key, sequence)
        else:  # a row or more were missed on the way: read all after the position
            message = await database_sync_to_async(self.subject_rows)(key)
        if message:
            await self.send(text_data=message)

    def next_rows(self, audience: Viewer, key: str, sequence: int) -> str:
        assert self.cursor is not None
        fragment, newest = shared_rows(self.campaign_id, audience, key, sequence)
        if not fragment:
            return ""
        self.cursor[key] = max(self.cursor.get(key, 0), newest)
        return fragment + position_message(self.cursor)

    def subject_rows(self, key: str) -> str:
        assert self.cursor is not None
        replay = subject_rows_after(self.campaign_id, self.viewer, key, self.cursor)
        self.cursor = replay.cursor
        return rows_message(self.viewer, replay) if replay.rows else ""

    async def table_passage(self, event: dict[str, Any]) -> None:
        if self.cursor is None:
            return  # the client's first message reads it
        if event["sequence"] <= self.cursor.get(passages_key(self.campaign_id), 0):
            return  # already sent
        message = await database_sync_to_async(self.passage_rows)()
        if message:
            await self.send(text_data=message)

    def passage_rows(self) -> str:
        assert self.cursor is not None
        replay = passages_after(self.campaign_id, self.viewer, self.cursor)
        self.cursor = replay.cursor
        return rows_message(self.viewer, replay) if replay.rows else ""

    async def table_subject(self, event: dict[str, Any]) -> None:
        subject = await database_sync_to_async(table_subject)(
            event["subject"], self.campaign_id, self.viewer
        )
        if subject is not None:
            await self.send(text_data=subject_message(self.viewer, subject))

    async def table_pin(self, event: dict[str, Any]) -> None:
        await self.send(text_data=pin_message(event["text"]))

    async def table_removed(self, event: dict[str, Any]) -> None:
        if event["user_id"] == self.viewer.user_id:
            still_member = await database_sync_to_async(self.is_still_member)()
            if not still_member:
                await self.close(code=REFUSED)

    def is_still_member(self) -> bool:
        return Membership.objects.filter(
            campaign_id=self.campaign_id, user_id=self.viewer.user_id
        ).exists()

    async def presence_hello(self, event: dict[str, Any]) -> None:
        self.present[event["channel"]] = event["name"]
        if event["channel"] != self.channel_name:
            # Tell the newcomer we are here too. A newcomer whose channel is full (a
            # hundred watchers arriving at once) misses this line of the list, never
            # its rows: this watcher's socket must not end over it.
            with contextlib.suppress(ChannelFull):
                await self.channel_layer.send(
                    event["channel"],
                    {"type": PRESENCE_HERE, "channel": self.channel_name, "name": self.name},
                )
        await self.send(text_data=presence_message(self.present))

    async def presence_here(self, event: dict[str, Any]) -> None:
        self.present[event["channel"]] = event["name"]
        await self.send(text_data=presence_message(self.present))

    async def presence_bye(self, event: dict[str, Any]) -> None:
        if self.present.pop(event["channel"], None) is not None:
            await self.send(text_data=presence_message(self.present))
