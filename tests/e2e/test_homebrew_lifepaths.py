"""A GM writes a Drifting lifepath in a real browser, publishes it, a player builds a
character with it, and the GM's campaign page shows it as homebrew; withdrawn, the
character keeps it. The lifepaths page (with its preview of the set, and with a
lifepath withdrawn) and the draft editor laid out at 390 and 1280 px, light and dark."""

from __future__ import annotations

import re
from pathlib import Path

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management import call_command
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from chargen.campaigns.models import Campaign, Membership
from chargen.drifting.campaign_rules import DRIFTING, DRIFTING_RULES, DriftingHouseRules
from tests.conftest import PASSWORD


def log_in(page: Page, base: str, username: str) -> None:
    page.context.clear_cookies()
    page.goto(f"{base}/accounts/login/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_text(f"Signed in as {username}")).to_be_visible()


def laid_out(page: Page, screenshot_dir: Path, name: str) -> None:
    """At each width and colour mode: nothing scrolls sideways, every homebrew badge sits
    inside its list item, and a picture is kept to look at."""
    for width in (390, 1280):
        for mode in ("light", "dark"):
            page.set_viewport_size({"width": width, "height": 900})
            page.emulate_media(color_scheme=mode)
            page.reload()
            overflow = page.evaluate(
                "document.documentElement.scrollWidth - document.documentElement.clientWidth"
            )
            assert overflow <= 0, f"{name} scrolls sideways at {width}px ({mode})"
            for badge in page.locator("li [data-homebrew]").all():
                item = badge.locator("xpath=ancestor::li[1]").bounding_box()
                box = badge.bounding_box()
                assert item is not None
                assert box is not None
                assert item["x"] <= box["x"]
                assert box["x"] + box["width"] <= item["x"] + item["width"] + 0.5
            page.screenshot(path=str(screenshot_dir / f"{name}-{width}-{mode}.png"), full_page=True)


def test_a_gm_writes_a_lifepath_a_player_builds_with_it_and_the_gm_sees_homebrew(
    page: Page, live_server: LiveServer, transactional_db: None, screenshot_dir: Path
) -> None:
    call_command(
        "loaddata", str(settings.BASE_DIR / "fixtures" / "drifting_lifepaths.json"), verbosity=0
    )
    users = get_user_model().objects
    alice = users.create_user("alice", "alice@example.org", PASSWORD)
    bob = users.create_user("bob", "bob@example.org", PASSWORD)
    campaign = Campaign.objects.create(
        gm=alice,
        name="Lost on Storm",
        game=DRIFTING,
        house_rules={DRIFTING: DRIFTING_RULES.to_json(DriftingHouseRules(lifepath_count=2))},
    )
    Membership.objects.create(campaign=campaign, user=bob)
    base = live_server.url
    # Six engineers share two cores: a page may take long to come (never a wrong one).
    page.set_default_timeout(60_000)
    page.set_default_navigation_timeout(60_000)

    log_in(page, base, "alice")
    page.goto(f"{base}/drifting/campaign/{campaign.id}/")
    page.get_by_role("link", name="Write and publish this campaign's lifepaths").click()
    form = page.locator("#write-lifepath")
    form.get_by_label("Name").fill("Storm guide")
    form.get_by_label("Where in the Tigris system").fill("Storm")
    form.get_by_label("Born on Storm").check()
    form.get_by_label("Grants").fill("focus: Survival ×2\npsionic: Weather sense")
    page.get_by_role("button", name="Save as a draft").click()

    # The editor says what is wrong, at the field, and publishing is refused.
    expect(page.locator("#draft-form")).to_contain_text("“psionic” (for Weather sense)")
    laid_out(page, screenshot_dir, "lifepath-draft")
    draft_url = page.url
    # Before publishing, the lifepaths page shows the set the draft would make.
    page.goto(f"{base}/drifting/campaign/{campaign.id}/lifepaths/")
    preview = page.locator("#set-preview [data-preview-lifepath='Storm guide']")
    expect(preview).to_contain_text("new draft")
    expect(preview.locator("[data-preview-problems]")).to_contain_text("“psionic”")
    laid_out(page, screenshot_dir, "lifepaths-preview")
    page.goto(draft_url)
    page.get_by_role("button", name="Publish").click()
    expect(page.locator("[data-not-ready]")).to_be_visible()
    page.get_by_label("Grants").fill("focus: Survival ×2\nreputation: Weather sense")
    page.get_by_role("button", name="Save the draft").click()
    expect(page.locator("[data-ready]")).to_be_visible()
    page.get_by_role("button", name="Publish").click()
    expect(page.get_by_text("Published Storm guide, version 1.")).to_be_visible()
    laid_out(page, screenshot_dir, "lifepaths")

    log_in(page, base, "bob")
    page.goto(f"{base}/drifting/new/?campaign={campaign.id}")
    page.get_by_label("Name").fill("Ada")
    page.get_by_role("button", name="Start the character").click()
    page.get_by_role("radio", name=re.compile(r"^Born on Storm —")).check()
    page.get_by_role("button", name="Add this lifepath").click()
    page.get_by_role("radio", name=re.compile(r"^Storm guide \(homebrew v1\)")).check()
    page.get_by_role("button", name="Add this lifepath").click()
    expect(page.locator("#chosen-lifepaths [data-homebrew]")).to_have_text("homebrew v1")
    page.get_by_role("button", name="Review").click()
    page.get_by_role("button", name="Finish and open the token sheet").click()
    expect(page.locator("[data-lifepaths] [data-homebrew]")).to_have_text("homebrew v1")

    log_in(page, base, "alice")
    page.goto(f"{base}/drifting/campaign/{campaign.id}/")
    card = page.locator("#campaign-characters li", has_text="Ada")
    expect(card.locator("[data-lifepaths]")).to_contain_text("Storm guide")
    expect(card.locator("[data-homebrew]")).to_have_text("homebrew v1")

    # Hiding a lifepath others come after is refused, with the reasons beside it.
    page.goto(f"{base}/drifting/campaign/{campaign.id}/lifepaths/")
    page.get_by_role("button", name="Hide here United Systems marine").click()
    expect(page.locator("[data-offer-refused]")).to_contain_text("Marine veteran")
    laid_out(page, screenshot_dir, "lifepaths-refused")

    # Withdrawn: offered to no new character, and Ada keeps it.
    page.goto(f"{base}/drifting/campaign/{campaign.id}/lifepaths/")
    expect(page.locator("#set-preview")).to_contain_text("Storm guide")
    page.get_by_role("button", name="Withdraw Storm guide").click()
    expect(page.get_by_text("Withdrew Storm guide")).to_be_visible()
    expect(page.locator("#published-lifepaths [data-withdrawn]")).to_contain_text("withdrawn")
    expect(page.locator("#set-preview")).not_to_contain_text("Storm guide")
    laid_out(page, screenshot_dir, "lifepaths-withdrawn")
    page.goto(f"{base}/drifting/campaign/{campaign.id}/")
    expect(card.locator("[data-lifepaths]")).to_contain_text("Storm guide")
