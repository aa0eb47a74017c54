"""A roller sheet at a campaign's table, as pictures: the owner's choice on the sheet and
the GM's table with the sheet's roll, at phone and desk widths, light and dark; nothing
of either runs past the screen's edge."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from chargen.campaigns.models import Campaign, Membership
from chargen.drifting.campaign_rules import DRIFTING
from chargen.rollers import services
from chargen.rollers.models import UniqueRollEntry, UniqueRollKind
from chargen.rollers.services_table import sheet_show_at
from tests.conftest import PASSWORD
from tests.e2e.test_drifting import log_in

pytestmark = pytest.mark.any_database  # pictures: the SQLite run's alone


def _fits(page: Page, selector: str, width: int) -> None:
    box = page.locator(selector).bounding_box()
    assert box is not None
    assert box["x"] >= 0
    assert box["x"] + box["width"] <= width + 1, (selector, box, width)


def test_a_roller_sheet_at_the_table_in_pictures(
    page: Page, live_server: LiveServer, transactional_db: None, screenshot_dir: Path
) -> None:
    users = get_user_model().objects
    alice = users.create_user("alice", "alice@example.org", PASSWORD)
    bob = users.create_user("bob", "bob@example.org", PASSWORD)
    storm = Campaign.objects.create(gm=alice, name="Lost on Storm", game=DRIFTING)
    Membership.objects.create(campaign=storm, user=bob)
    sheet = services.unique_character_create(owner=bob, name="Brannock")
    sheet_show_at(character=sheet, campaign=storm)
    UniqueRollEntry.objects.create(
        character=sheet,
        sequence=services.next_sequence(sheet),
        kind=UniqueRollKind.ROLL,
        what="Strength 3: 3 dice",
        summary="Roll Total 11",
        faces=[1, 4, 6],
        total=11,
    )
    base = live_server.url
    shots = (
        ("bob", sheet.get_absolute_url(), "#table-form", "roller-sheet"),
        (
            "alice",
            reverse("table:page", kwargs={"campaign_id": storm.pk}),
            "#table-feed",
            "roller-table",
        ),
    )
    for username, address, part, name in shots:
        log_in(page, base, username)
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            for width in (390, 1280):
                page.set_viewport_size({"width": width, "height": 900})
                page.goto(f"{base}{address}")
                expect(page.locator(part)).to_be_visible()
                if name == "roller-table":
                    expect(page.locator(part)).to_contain_text("Strength 3: 3 dice")
                _fits(page, part, width)
                page.screenshot(
                    path=str(screenshot_dir / f"{name}-{scheme}-{width}.png"), full_page=True
                )
