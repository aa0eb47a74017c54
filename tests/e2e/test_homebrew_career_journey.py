"""A homebrew career from the GM's desk to the GM's approval card, in a real browser: the
GM copies Citizen as Spacer and publishes it, a player of the campaign builds a character
with it in the wizard (its button says "homebrew"), submits it, and the GM's approval
card shows the career as homebrew."""

from __future__ import annotations

import re
from pathlib import Path
from types import SimpleNamespace

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from playwright.sync_api import Browser, Page, expect
from pytest_django.live_server_helper import LiveServer

import rules.dice
from chargen.campaigns.models import Membership
from chargen.campaigns.services import campaign_create
from chargen.infinity_drive.models import Character, CharacterStatus
from chargen.rulebook.models import HomebrewCareerVersion
from chargen.rulebook.services import rulebook_cache_clear
from tests.conftest import PASSWORD
from tests.e2e.test_wizard_clicks import (
    Player,
    _characteristics,
    _next_form,
    _seeded_randbelow,
    _sequence,
    _skills,
)


def _log_in(page: Page, base: str, username: str) -> None:
    page.goto(f"{base}/accounts/login/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    expect(page).not_to_have_url(re.compile(r"/accounts/login/"))


@pytest.mark.django_db(transaction=True)
def test_a_player_builds_with_a_published_career_and_the_gm_sees_it_as_homebrew(
    browser: Browser,
    live_server: LiveServer,
    monkeypatch: pytest.MonkeyPatch,
    screenshot_dir: Path,
) -> None:
    monkeypatch.setattr(rules.dice, "secrets", SimpleNamespace(randbelow=_seeded_randbelow()))
    call_command("load_rules_data", verbosity=0)
    rulebook_cache_clear()
    base = live_server.url
    users = get_user_model().objects
    gm = users.create_user("alice", "alice@example.org", PASSWORD)
    player = users.create_user("bob", "bob@example.org", PASSWORD)
    campaign = campaign_create(gm=gm, name="The Rim", approval_required=True)
    Membership.objects.create(campaign=campaign, user=player)

    # The GM copies Citizen, renames it Spacer and publishes it.
    gm_context = browser.new_context(viewport={"width": 1280, "height": 900})
    gm_page = gm_context.new_page()
    _log_in(gm_page, base, "alice")
    gm_page.goto(f"{base}/desk/{campaign.id}/careers/")
    gm_page.get_by_role("button", name="Copy Citizen").click()
    expect(gm_page.get_by_role("heading", level=1)).to_contain_text("Citizen (copy)")
    gm_page.locator("#id_name").fill("Spacer")
    gm_page.get_by_role("button", name="Save the draft").click()
    expect(gm_page.locator("[data-odds]")).to_contain_text("Spacer Planetside Action Table")
    gm_page.get_by_role("button", name="Publish").click()
    expect(gm_page.locator(".alert-success").or_(gm_page.get_by_role("alert"))).to_contain_text(
        "Published Spacer as version 1"
    )
    assert HomebrewCareerVersion.objects.get().number == 1

    # The player builds a character in the campaign with it.
    context = browser.new_context(viewport={"width": 1280, "height": 900}, reduced_motion="reduce")
    page = context.new_page()
    _log_in(page, base, "bob")
    page.goto(f"{base}/campaigns/{campaign.id}/")
    page.locator("[data-start-character]").click()
    page.get_by_label("Name").fill("Odo Varrick")
    page.get_by_role("button", name="Start").click()
    player_steps = Player(page)
    method_sequence = _sequence(page)
    page.get_by_role("button", name=re.compile("^Dice")).click()
    _next_form(page, method_sequence)
    _characteristics(player_steps, screenshot_dir)
    page.locator("#wizard").get_by_role("link", name="Continue").click()
    page.get_by_role("button", name="Choose race").click()
    page.locator("#wizard").get_by_role("link", name="Continue to career").click()

    spacer = page.locator("#wizard button[name=career][value=Spacer]")
    expect(spacer.locator("[data-homebrew]")).to_have_text("homebrew")
    expect(
        page.locator("#wizard button[name=career][value=Citizen] [data-homebrew]")
    ).to_have_count(0)
    # The badge sits inside its button, on one line with the name, at both widths.
    for width in (390, 1280):
        page.set_viewport_size({"width": width, "height": 900})
        button, badge = spacer.bounding_box(), spacer.locator("[data-homebrew]").bounding_box()
        assert button
        assert badge
        assert button["x"] <= badge["x"]
        assert badge["x"] + badge["width"] <= button["x"] + button["width"]
        assert button["y"] <= badge["y"]
        assert badge["y"] + badge["height"] <= button["y"] + button["height"]
        spacer.scroll_into_view_if_needed()
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            page.screenshot(path=str(screenshot_dir / f"homebrew-career-{width}-{scheme}.png"))
    page.emulate_media(color_scheme="light")
    page.set_viewport_size({"width": 1280, "height": 900})
    spacer.click()
    page.get_by_role("button", name="Roll 1d6").click()
    expect(page.locator("#wizard [data-homebrew]").first).to_be_visible()
    page.get_by_role("button", name="Roll 2d6 for your first skill").click()
    expect(page).to_have_url(re.compile(r"/skills/$"))
    _skills(player_steps, screenshot_dir)

    standard = page.get_by_label("Standard", exact=False)
    if not standard.is_checked():
        standard.check()
    page.get_by_role("button", name="Choose and lock this option").click()
    page.get_by_role("link", name="Continue to history").click()
    page.get_by_label("Age").fill("31")
    page.get_by_label("Appearance").fill("Grey overalls, a welder's squint.")
    page.get_by_role("button", name="Save and review").click()
    page.get_by_role("button", name="Submit to the GM").click()
    expect(page.get_by_text("Submitted to the GM").first).to_be_visible()
    character = Character.objects.get(name="Odo Varrick")
    assert character.status == CharacterStatus.SUBMITTED

    # The GM's approval card names the career and marks it homebrew, with the version read.
    gm_page.goto(f"{base}/desk/")
    gm_page.get_by_role("link", name="1 character waiting").click()
    card = gm_page.locator("article", has_text="Odo Varrick")
    expect(card.locator("[data-career]")).to_contain_text("Spacer")
    expect(card.locator("[data-career] [data-homebrew]")).to_have_text("homebrew v1")
    gm_page.screenshot(path=str(screenshot_dir / "homebrew-career-approval-card.png"))
    context.close()
    gm_context.close()
