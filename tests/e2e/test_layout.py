"""Long unbroken names never widen a page beyond a phone's screen.

A 200-character name with no space in it (a pasted hash, a joke, a test) used to make
a page 2756 px wide on a 390 px phone: headings, table cells, list items and badges
kept the word whole. The pages must wrap it instead.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.db import models
from django.test import Client
from playwright.sync_api import Browser, BrowserContext, Page, expect
from pytest_django.live_server_helper import LiveServer

from chargen.campaigns.models import Campaign, Membership
from chargen.drifting.campaign_rules import DRIFTING
from chargen.drifting.models import Character as DriftingCharacter
from chargen.drifting.models import CharacterToken, CreationStep, LogEntry, LogKind
from chargen.infinity_drive.campaign_rules import INFINITY_DRIVE
from chargen.infinity_drive.models import Character as IdCharacter
from tests.conftest import PASSWORD

pytestmark = pytest.mark.any_database  # how the pages are drawn: the SQLite run's alone

PHONE_WIDTH = 390
LONG = "W" * 200


def _longest(model: type[models.Model], field: str) -> str:
    """As much of the 200-character word as the field holds (some hold 80 or 120)."""
    max_length = getattr(model._meta.get_field(field), "max_length", None)
    return LONG[: max_length or len(LONG)]


@pytest.fixture
def phone(browser: Browser) -> Iterator[BrowserContext]:
    created = browser.new_context(viewport={"width": PHONE_WIDTH, "height": 844})
    created.set_default_timeout(10_000)
    yield created
    created.close()


@pytest.fixture
def player(transactional_db: None) -> User:
    users = get_user_model().objects
    username = _longest(get_user_model(), "username")
    return users.create_user(username, "long@example.org", PASSWORD)


@pytest.fixture
def campaigns(player: User) -> dict[str, Campaign]:
    gm = get_user_model().objects.create_user("G" * 150, "gm@example.org", PASSWORD)
    made = {}
    for game in (INFINITY_DRIVE, DRIFTING):
        campaign = Campaign.objects.create(
            gm=gm, name=_longest(Campaign, "name"), description=LONG, game=game
        )
        Membership.objects.create(campaign=campaign, user=player)
        made[game] = campaign
    return made


@pytest.fixture
def drifter(player: User, campaigns: dict[str, Campaign]) -> DriftingCharacter:
    character = DriftingCharacter.objects.create(
        owner=player,
        campaign=campaigns[DRIFTING],
        name=_longest(DriftingCharacter, "name"),
        concept=_longest(DriftingCharacter, "concept"),
        step=CreationStep.FINISHED,
    )
    CharacterToken.objects.create(
        character=character, name=_longest(CharacterToken, "name"), kind="focus", held=1
    )
    LogEntry.objects.create(
        character=character, sequence=0, kind=LogKind.FINISHED, summary=f"Finished {LONG}."
    )
    return character


def _log_in(context: BrowserContext, base_url: str, user: User) -> None:
    client = Client()
    client.force_login(user)
    session = client.cookies[settings.SESSION_COOKIE_NAME].value
    context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "value": session, "url": base_url}])


def _page_width(page: Page, url: str, shots: Path) -> int:
    page.goto(url)
    # The long word is on the page, wrapped (not cut off or hidden).
    expect(page.locator("main").get_by_text(re.compile("W{60}")).first).to_be_visible()
    page.screenshot(path=shots / f"long-name-{len(list(shots.iterdir()))}.png", full_page=True)
    return int(page.evaluate("document.documentElement.scrollWidth"))


def test_long_unbroken_names_fit_a_phone(
    live_server: LiveServer,
    phone: BrowserContext,
    player: User,
    campaigns: dict[str, Campaign],
    drifter: DriftingCharacter,
    tmp_path: Path,
) -> None:
    IdCharacter.objects.create(
        owner=player,
        campaign=campaigns[INFINITY_DRIVE],
        name=_longest(IdCharacter, "name"),
        concept=_longest(IdCharacter, "concept"),
    )
    base = live_server.url
    _log_in(phone, base, player)
    page = phone.new_page()
    pages = {
        "home": f"{base}/",
        "Infinity Drive campaign": f"{base}{campaigns[INFINITY_DRIVE].get_absolute_url()}",
        "Drifting campaign": f"{base}{campaigns[DRIFTING].get_absolute_url()}",
        "Drifting sheet": f"{base}{drifter.get_absolute_url()}",
    }
    # Diagnostic pictures only (not README's): always a temporary folder.
    widths = {name: _page_width(page, url, tmp_path) for name, url in pages.items()}
    assert widths == dict.fromkeys(pages, PHONE_WIDTH)
