"""Invite to character, on a phone (390 px) and a desktop (1280 px): a visitor opens
the invite link, creates an account, is back at the invite, joins, and the campaign page
starts a character with the campaign preselected. The GM's copy button is checked on
the way."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.core.management import call_command
from django.urls import reverse
from playwright.sync_api import BrowserContext, Page, expect
from pytest_django.live_server_helper import LiveServer

from chargen.campaigns.services import campaign_create
from chargen.rulebook.services import rulebook_cache_clear
from tests.e2e.conftest import BOTH_WIDTHS

PASSWORD = "trellis-quasar-ninety-1"


@BOTH_WIDTHS
def test_invite_to_character(context: BrowserContext, live_server: LiveServer, gm: User) -> None:
    call_command("load_rules_data", verbosity=0)
    rulebook_cache_clear()
    base = live_server.url
    campaign = campaign_create(gm=gm, name="The Tigris Run")

    # The GM copies the invite link with the button (the link is still plain text).
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=base)
    gm_page: Page = context.new_page()
    gm_page.goto(f"{base}/accounts/login/")
    gm_page.get_by_label("Username").fill("alice")
    gm_page.get_by_label("Password").fill("correct-horse-battery-staple-42")
    gm_page.locator("main").get_by_role("button", name="Log in").click()
    gm_page.goto(f"{base}{campaign.get_absolute_url()}")
    gm_page.get_by_role("button", name="Copy link").click()
    expect(gm_page.get_by_text("Copied. Paste it to your players.")).to_be_visible()
    invite = gm_page.evaluate("navigator.clipboard.readText()")
    assert invite == f"{base}{campaign.invite_url}"
    context.clear_cookies()

    # A visitor opens it: the campaign and its GM, and two equal ways in.
    page = context.new_page()
    page.goto(invite)
    expect(page.get_by_role("heading", name="Join “The Tigris Run”?")).to_be_visible()
    expect(page.get_by_text("run by alice")).to_be_visible()
    create = page.locator("[data-invite-account]").get_by_role("link", name="Create an account")
    log_in = page.locator("[data-invite-account]").get_by_role("link", name="Log in")
    create_box, log_in_box = create.bounding_box(), log_in.bounding_box()
    assert create_box is not None
    assert log_in_box is not None
    assert create_box["height"] == log_in_box["height"]
    viewport = page.viewport_size
    if viewport is not None and viewport["width"] == 390:
        assert create_box["width"] == log_in_box["width"]  # stacked full width on a phone
    create.click()

    page.locator("#id_username").fill("erin")
    page.locator("#id_email").fill("erin@example.org")
    page.locator("#id_password1").fill(PASSWORD)
    page.locator("#id_password2").fill(PASSWORD)
    page.get_by_role("button", name="Sign up").click()

    # Logged in and back at the invite.
    expect(page).to_have_url(invite)
    expect(page.get_by_text("you are logged in")).to_be_visible()
    page.get_by_role("button", name="Join the campaign").click()
    expect(page.get_by_text("You have joined “The Tigris Run”.")).to_be_visible()
    page.get_by_role("link", name="Create your character for The Tigris Run").click()
    expect(page.get_by_label("Campaign")).to_have_value(str(campaign.id))
    no_overflow = page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    assert no_overflow


def test_the_desk_copies_the_invite_link(
    context: BrowserContext, live_server: LiveServer, gm: User
) -> None:
    base = live_server.url
    campaign = campaign_create(gm=gm, name="The Tigris Run")
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=base)
    page = context.new_page()
    page.goto(f"{base}/accounts/login/")
    page.get_by_label("Username").fill("alice")
    page.get_by_label("Password").fill("correct-horse-battery-staple-42")
    page.locator("main").get_by_role("button", name="Log in").click()
    page.goto(f"{base}{reverse('desk:campaign', kwargs={'campaign_id': campaign.id})}")
    page.get_by_role("button", name="Copy link").click()
    expect(page.get_by_role("status").filter(has_text="Copied.")).to_be_visible()
    assert page.evaluate("navigator.clipboard.readText()") == f"{base}{campaign.invite_url}"
    assert page.locator("#invite-link").input_value() == f"{base}{campaign.invite_url}"
