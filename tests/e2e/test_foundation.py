"""The foundation in a real browser: home page, sign up, log in, join by invite link."""

from __future__ import annotations

import re
from pathlib import Path

from django.contrib.auth import get_user_model
from playwright.sync_api import Page, ViewportSize, expect
from pytest_django.live_server_helper import LiveServer

from chargen.campaigns.services import campaign_create
from tests.conftest import PASSWORD

NEW_PASSWORD = "lantern-quasar-trellis-8"
PHONE: ViewportSize = {"width": 390, "height": 844}


def test_visitor_signs_up_logs_in_and_joins_a_campaign(
    page: Page,
    live_server: LiveServer,
    transactional_db: None,
    tmp_path: Path,
    screenshot_dir: Path,
) -> None:
    gm = get_user_model().objects.create_user("alice", "alice@example.org", PASSWORD)
    campaign = campaign_create(
        gm=gm, name="The Tigris Run", description="Smugglers on the edge of known space."
    )
    base = live_server.url

    page.goto(f"{base}/")
    expect(page.get_by_role("heading", level=1)).to_contain_text("Build tabletop characters")
    expect(page.get_by_text("GM approval", exact=False).first).to_be_visible()

    page.get_by_role("link", name="Sign up", exact=True).first.click()
    page.get_by_label("Username").fill("erin")
    page.get_by_label("E-mail").fill("erin@example.org")
    page.locator("#id_password1").fill(NEW_PASSWORD)
    page.locator("#id_password2").fill(NEW_PASSWORD)
    page.get_by_role("button", name="Sign up").click()

    # Signing up signs you in: no second form with the same password.
    expect(page.get_by_text("Signed in as erin")).to_be_visible()

    page.goto(f"{base}{campaign.invite_url}")
    expect(page.get_by_role("heading", level=1)).to_have_text("Join “The Tigris Run”?")
    page.get_by_role("button", name="Join the campaign").click()

    expect(page).to_have_url(re.compile(re.escape(campaign.get_absolute_url()) + "$"))
    expect(page.get_by_role("status").first).to_contain_text("You have joined “The Tigris Run”.")
    expect(page.get_by_role("heading", name="House rules")).to_be_visible()
    page.screenshot(path=str(screenshot_dir / "campaign.png"), full_page=True)

    page.get_by_role("link", name="Dashboard").click()
    campaigns = page.locator("#home-campaigns")
    expect(campaigns.get_by_role("link", name="The Tigris Run")).to_be_visible()
    expect(campaigns).to_contain_text("GM alice")
    page.screenshot(path=str(screenshot_dir / "home.png"), full_page=True)

    # The same pages on a phone: nothing wider than the screen.
    page.set_viewport_size(PHONE)
    for name, url in [("home", f"{base}/"), ("campaign", f"{base}{campaign.get_absolute_url()}")]:
        page.goto(url)
        expect(page.get_by_role("button", name="Toggle navigation")).to_be_visible()
        page_width = page.evaluate("document.documentElement.scrollWidth")
        assert page_width <= PHONE["width"], f"{name} scrolls sideways on a phone"
        page.screenshot(path=str(tmp_path / f"{name}-phone.png"), full_page=True)
