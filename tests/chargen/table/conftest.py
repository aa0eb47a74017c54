"""A Drifting campaign at the table: Alice the GM, Bob's and Carol's characters, and a
channel layer on the test Redis under a prefix of this run's own."""

from __future__ import annotations

import uuid
from collections.abc import Awaitable, Callable

import pytest
from asgiref.sync import async_to_sync
from django.contrib.auth.models import User
from django.test import Client
from pytest_django.fixtures import Settings

from chargen.campaigns.models import Campaign, Membership
from chargen.drifting import services
from chargen.drifting.campaign_rules import DRIFTING
from chargen.drifting.models import Character, LogEntry, LogKind
from tests.redis_available import redis_location
from tests.worker_thread import in_a_fresh_thread


@pytest.fixture
def redis_layer(settings: Settings) -> str:
    """A real Redis channel layer whose groups no other run or test meets."""
    prefix = f"chargen-test-{uuid.uuid4().hex}"
    settings.CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.core.RedisChannelLayer",
            # As settings.py has it: no client read timeout on the layer's blocking receive.
            "CONFIG": {
                "hosts": [{"address": redis_location(), "socket_timeout": None}],
                "prefix": prefix,
            },
        }
    }
    return prefix


@pytest.fixture
def table_campaign(gm: User, player: User, other_player: User) -> Campaign:
    campaign = Campaign.objects.create(gm=gm, name="Lost on Storm", game=DRIFTING)
    Membership.objects.create(campaign=campaign, user=player)
    Membership.objects.create(campaign=campaign, user=other_player)
    return campaign


def character_of(owner: User, campaign: Campaign, name: str) -> Character:
    character = services.character_start(owner=owner)
    character.name = name
    character.campaign = campaign
    character.save()
    return character


@pytest.fixture
def jim(player: User, table_campaign: Campaign) -> Character:
    return character_of(player, table_campaign, "Jim")


@pytest.fixture
def linda(other_player: User, table_campaign: Campaign) -> Character:
    return character_of(other_player, table_campaign, "Linda")


def roll(character: Character, summary: str, faces: list[int]) -> LogEntry:
    """A roll saved through the log kernel, as the sheet's roll saves one."""
    character.refresh_from_db()
    return LogEntry.objects.create(
        character=character,
        sequence=character.next_sequence,
        kind=LogKind.ROLL,
        summary=summary,
        faces=faces,
        total=sum(faces),
    )


def session_cookie(user: User) -> bytes:
    client = Client()
    client.force_login(user)
    return f"sessionid={client.cookies['sessionid'].value}".encode()


def run(test: Callable[[], Awaitable[None]]) -> None:
    """Run an async test to its end in a thread of its own.

    A browser test earlier on the same worker leaves Playwright's event loop running in
    the main thread for the rest of the session (its browser is session-wide), and
    async_to_sync refuses to start where a loop runs. A fresh thread has none, as a
    request thread of the ASGI server has none; the test's database rows are committed
    (transactional tests), so that thread's own connection sees them.
    """
    in_a_fresh_thread(async_to_sync(test))
